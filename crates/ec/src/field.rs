//! The field interface the curve code is generic over, and its three representations of
//! F_{2^m}: the NIST polynomial basis, the square-root-friendly polynomial basis (Avanzi), and
//! the Gaussian normal basis (Brumley–Page). Every representation converts to and from the
//! SEC 2 polynomial basis (the NIST modulus), in which points are read and written, so results
//! are identical at the interface.

use core::fmt::Debug;
use core::ops::Add;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use wegman_gf2::gnb::NbPbMap;
use wegman_gf2::{BasisChange, Element, Field, FieldJob, Gnb, Modulus, NbElement};

use crate::error::Error;

/// F_{2^m} as the curve code uses it. Operations without `vartime` in their name are
/// constant-time in the element values.
pub trait CurveField: Clone + Debug + Send + Sync {
    /// An element in this representation.
    type Elem: Copy
        + Eq
        + Debug
        + Default
        + ConditionallySelectable
        + ConstantTimeEq
        + Add<Output = Self::Elem>;
    /// A short name (`nist`, `ssrf`, `nb`).
    const NAME: &'static str;
    /// The degree m.
    fn degree(&self) -> u32;
    /// 0.
    fn zero(&self) -> Self::Elem {
        Self::Elem::default()
    }
    /// 1.
    fn one(&self) -> Self::Elem;
    /// a·b.
    fn mul(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// a².
    fn sqr(&self, a: &Self::Elem) -> Self::Elem;
    /// a^{−1} (none for 0).
    fn inv(&self, a: &Self::Elem) -> CtOption<Self::Elem>;
    /// sqrt(a).
    fn sqrt(&self, a: &Self::Elem) -> Self::Elem;
    /// Tr(a).
    fn trace(&self, a: &Self::Elem) -> u8;
    /// The half-trace (odd m).
    fn half_trace(&self, a: &Self::Elem) -> Self::Elem;
    /// A root z of z² + z = c (the other is z + 1), none when Tr(c) = 1.
    fn solve(&self, c: &Self::Elem) -> Option<Self::Elem>;
    /// From the SEC 2 polynomial basis.
    fn import_sec2(&self, e: &Element) -> Self::Elem;
    /// To the SEC 2 polynomial basis.
    fn export_sec2(&self, e: &Self::Elem) -> Element;
    /// Whether a is zero.
    fn is_zero(&self, a: &Self::Elem) -> Choice {
        a.ct_eq(&self.zero())
    }
    /// Runs a whole algorithm inside one dispatch of the field's backend
    /// ([`wegman_gf2::job`]): the scalar multiplications use this.
    fn run<J: FieldJob<Self::Elem>>(&self, job: J) -> J::Output;
}

/// The NIST polynomial basis: the SEC 2 representation itself.
#[derive(Clone, Debug)]
pub struct NistPb {
    f: Field,
}

/// The square-root-friendly polynomial basis of the same degree, reached from the NIST one by
/// the basis change of `wegman-gf2`.
#[derive(Clone, Debug)]
pub struct SsrfPb {
    f: Field,
    bc: BasisChange,
}

/// The Gaussian normal basis of the degree's smallest type (FIPS 186-2's), through the FIPS
/// 186-2 isomorphism.
#[derive(Clone, Debug)]
pub struct Nb {
    g: Gnb,
    map: NbPbMap,
}

impl NistPb {
    /// The field of the NIST modulus.
    pub fn new(nist: &Modulus) -> Result<NistPb, Error> {
        Ok(NistPb {
            f: Field::new(*nist),
        })
    }
}

impl SsrfPb {
    /// The square-root-friendly field of the NIST modulus's degree.
    pub fn new(nist: &Modulus) -> Result<SsrfPb, Error> {
        let (ssrf, _) = wegman_gf2::ssrf_modulus(nist.degree())?;
        let f = Field::new(ssrf);
        let bc = BasisChange::new(&Field::new(*nist), &f)?;
        Ok(SsrfPb { f, bc })
    }
}

impl Nb {
    /// The normal basis of the NIST modulus's degree, of its smallest type.
    pub fn new(nist: &Modulus) -> Result<Nb, Error> {
        let g = Gnb::new(nist.degree())?;
        let map = NbPbMap::new(&g, &Field::new(*nist))?;
        Ok(Nb { g, map })
    }
}

/// The operations both bases' fields have under the same names: `$f` is the field member,
/// `$E` its element type.
macro_rules! delegate_ops {
    ($f:ident, $E:ty) => {
        type Elem = $E;
        fn degree(&self) -> u32 {
            self.$f.degree()
        }
        fn mul(&self, a: &$E, b: &$E) -> $E {
            self.$f.mul(a, b)
        }
        fn sqr(&self, a: &$E) -> $E {
            self.$f.sqr(a)
        }
        fn inv(&self, a: &$E) -> CtOption<$E> {
            self.$f.inv(a)
        }
        fn sqrt(&self, a: &$E) -> $E {
            self.$f.sqrt(a)
        }
        fn trace(&self, a: &$E) -> u8 {
            self.$f.trace(a)
        }
        fn solve(&self, c: &$E) -> Option<$E> {
            self.$f.solve(c).map(|(z, _)| z)
        }
        fn run<J: FieldJob<$E>>(&self, job: J) -> J::Output {
            self.$f.run(job)
        }
    };
}

/// The polynomial-basis operations that differ from the normal basis's.
macro_rules! pb_ops {
    () => {
        delegate_ops!(f, Element);
        fn one(&self) -> Element {
            Element::ONE
        }
        fn half_trace(&self, a: &Element) -> Element {
            // The degrees of the curves are odd.
            self.f.half_trace(a).unwrap_or(Element::ZERO)
        }
    };
}

impl CurveField for NistPb {
    const NAME: &'static str = "nist";
    pb_ops!();
    fn import_sec2(&self, e: &Element) -> Element {
        *e
    }
    fn export_sec2(&self, e: &Element) -> Element {
        *e
    }
}

impl CurveField for SsrfPb {
    const NAME: &'static str = "ssrf";
    pb_ops!();
    fn import_sec2(&self, e: &Element) -> Element {
        self.bc.forward(e)
    }
    fn export_sec2(&self, e: &Element) -> Element {
        self.bc.backward(e)
    }
}

impl CurveField for Nb {
    const NAME: &'static str = "nb";
    delegate_ops!(g, NbElement);
    fn one(&self) -> NbElement {
        self.g.one()
    }
    fn half_trace(&self, a: &NbElement) -> NbElement {
        self.g.half_trace(a)
    }
    fn import_sec2(&self, e: &Element) -> NbElement {
        self.map.to_nb(e)
    }
    fn export_sec2(&self, e: &NbElement) -> Element {
        self.map.to_pb(e)
    }
}
