//! The isomorphism between a Gaussian normal basis and a polynomial basis of the same degree.
//!
//! A field isomorphism NB → F_2\[x\]/(P) sends β to a root s of β's minimal polynomial P_β in
//! the polynomial-basis field, and is then the F_2-linear map Σ a_i β^{2^i} ↦ Σ a_i s^{2^i}.
//! [`NbPbMap`] stores the matrix of that map (rows s^{2^i}) and of its inverse, and applies
//! either in constant time (m masked XORs).
//!
//! P_β is found in the normal basis (the linear relation among 1, β, …, β^m); a root of it in
//! the polynomial basis by Cantor–Zassenhaus ([`crate::basis`]). Of its m roots (the
//! conjugates s^{2^i}) the map uses, by default, the smallest as an integer (bit i the
//! coefficient of x^i) — except for the five NIST degrees with the NIST modulus and the FIPS
//! type, where it uses the FIPS 186-2 isomorphism: the root that maps the FIPS 186-2
//! normal-basis curve coefficients and base points onto the polynomial-basis ones (checked for
//! all ten curves in `tests/gnb.rs`). For any other modulus of a NIST degree the FIPS root is
//! carried over by [`crate::BasisChange`] first, so that every basis of that degree is reached
//! from the FIPS normal basis by the same chain of isomorphisms.

use alloc::vec;
use alloc::vec::Vec;

use wegman_f2::BitMatrix;

use super::{Gnb, NbElement};
use crate::arith::MAX_LIMBS;
use crate::basis::{BasisChange, root_of_f2_poly_vartime};
use crate::error::Error;
use crate::field::{Element, Field};
use crate::modulus::Modulus;

/// The FIPS 186-2 isomorphisms: (m, NIST modulus, type, the image of β in hex). Found once as
/// the conjugate of a root of P_β that maps the FIPS 186-2 base point of the curve of degree m
/// onto its SEC 2 one; `tests/gnb.rs` checks every coefficient and coordinate of all ten curves.
const FIPS: [(u32, &str, u32, &str); 5] = [
    (163, "163,7,6,3,0", 4, FIPS_163),
    (233, "233,74,0", 2, FIPS_233),
    (283, "283,12,7,5,0", 6, FIPS_283),
    (409, "409,87,0", 4, FIPS_409),
    (571, "571,10,5,2,0", 10, FIPS_571),
];
const FIPS_163: &str = "715169c109c612e390d347c748342bcd3b02a0bef";
const FIPS_233: &str = "1499e398ac5d79e368559b35ca49bb7305da6c0390bcf9e2300253203c9";
const FIPS_283: &str = "31e0ed791c3282dc5624a720818049d053e8c7ab8663792bc1d792eba9867fc7b317a99";
const FIPS_409: &str = "0dfa06be206aa97b7a41fffb9b0c55f8f048062fbe8381b4248adf92912ccc8e3f91a24e1cfb3950532b988971c23042e85708d";
const FIPS_571: &str = "452186bbf5840a0bcf8c9f02a54efa04e813b43c3d4149606c4d27b487bf107393c8907f79d9778beb35ee87467d3288274caebda6ce05aeb4ca5cf3c3044bd4372232f2c1a27c4";

/// The isomorphism between a [`Gnb`] and a polynomial-basis [`Field`] of the same degree.
#[derive(Clone, Debug)]
pub struct NbPbMap {
    /// Row i: s^{2^i} (the image of β^{2^i}).
    to_pb: BitMatrix,
    /// Row i: the normal-basis image of x^i.
    to_nb: BitMatrix,
}

/// The minimal polynomial of β over F_2, as bits (bit i the coefficient of Y^i; degree m).
pub fn beta_minimal_polynomial(gnb: &Gnb) -> Vec<u64> {
    let m = gnb.degree() as usize;
    let mut rows = BitMatrix::zero(m, m);
    let mut p = gnb.one();
    let beta = gnb.beta();
    for i in 0..m {
        let w = rows.row(i).len();
        rows.row_mut(i).copy_from_slice(&p.limbs()[..w]);
        p = gnb.mul(&p, &beta);
    }
    // β^m = Σ c_i β^i; β generates the field, so 1, β, …, β^{m−1} are independent.
    let c = rows
        .preimage_vartime(&p.limbs()[..m.div_ceil(64)])
        .unwrap_or_default();
    let mut bits = vec![0u64; m / 64 + 1];
    for i in 0..m {
        if (c.get(i / 64).copied().unwrap_or(0) >> (i % 64)) & 1 == 1 {
            bits[i / 64] |= 1 << (i % 64);
        }
    }
    bits[m / 64] |= 1 << (m % 64);
    bits
}

/// P(s) for P ∈ F_2\[Y\] given as bits, by Horner (public data).
fn eval_f2_poly(f: &Field, p: &[u64], s: &Element) -> Element {
    let m = crate::poly::degree(p).unwrap_or(0);
    let mut acc = Element::ZERO;
    for i in (0..=m).rev() {
        acc = f.mul(&acc, s);
        if (p[i / 64] >> (i % 64)) & 1 == 1 {
            acc += Element::ONE;
        }
    }
    acc
}

fn as_integer_less(a: &Element, b: &Element) -> bool {
    a.limbs().iter().rev().lt(b.limbs().iter().rev())
}

impl NbPbMap {
    /// The isomorphism from `gnb` to `field` with the default root (module docs). Variable
    /// time in the (public) parameters.
    pub fn new(gnb: &Gnb, field: &Field) -> Result<NbPbMap, Error> {
        check_degrees(gnb, field)?;
        let pb = beta_minimal_polynomial(gnb);
        let m = gnb.degree();
        let fips = FIPS
            .iter()
            .find(|&&(d, _, t, _)| d == m && t == gnb.gnb_type());
        let root = match fips {
            Some(&(_, exps, _, hex)) => {
                let nist = Field::new(exps.parse::<Modulus>()?);
                let s = nist.parse(hex)?;
                if field.modulus() == nist.modulus() {
                    return NbPbMap::with_root(gnb, field, &s);
                }
                let s = BasisChange::new(&nist, field)?.forward(&s);
                smallest_conjugate(field, &s)
            }
            None => smallest_conjugate(field, &root_of_f2_poly_vartime(field, &pb)),
        };
        NbPbMap::with_root(gnb, field, &root)
    }

    /// The isomorphism that sends β to `root`, which must be a root of β's minimal polynomial
    /// in `field` (else [`Error::NotARoot`]).
    pub fn with_root(gnb: &Gnb, field: &Field, root: &Element) -> Result<NbPbMap, Error> {
        check_degrees(gnb, field)?;
        let pb = beta_minimal_polynomial(gnb);
        if eval_f2_poly(field, &pb, root) != Element::ZERO {
            return Err(Error::NotARoot);
        }
        let m = gnb.degree() as usize;
        let mut to_pb = BitMatrix::zero(m, m);
        let mut s = *root;
        for i in 0..m {
            let w = to_pb.row(i).len();
            to_pb.row_mut(i).copy_from_slice(&s.limbs()[..w]);
            s = field.sqr(&s);
        }
        let to_nb = to_pb.inverse_vartime().map_err(|_| Error::NotARoot)?;
        Ok(NbPbMap { to_pb, to_nb })
    }

    /// The polynomial-basis image of a normal-basis element. Constant-time.
    pub fn to_pb(&self, a: &NbElement) -> Element {
        let mut acc = [0u64; MAX_LIMBS];
        self.to_pb.combine_rows(a.limbs(), &mut acc);
        Element::from_limbs_unchecked(acc)
    }

    /// The normal-basis image of a polynomial-basis element. Constant-time.
    pub fn to_nb(&self, a: &Element) -> NbElement {
        let mut acc = [0u64; MAX_LIMBS];
        self.to_nb.combine_rows(a.limbs(), &mut acc);
        NbElement::from_limbs_unchecked(acc)
    }

    /// The image of β.
    pub fn image_of_beta(&self) -> Element {
        let row = self.to_pb.row(0);
        let mut limbs = [0u64; MAX_LIMBS];
        limbs[..row.len()].copy_from_slice(row);
        Element::from_limbs_unchecked(limbs)
    }
}

fn check_degrees(gnb: &Gnb, field: &Field) -> Result<(), Error> {
    if gnb.degree() != field.degree() {
        return Err(Error::DegreeMismatch {
            left: gnb.degree(),
            right: field.degree(),
        });
    }
    Ok(())
}

/// The smallest of s, s², s⁴, … as an integer.
fn smallest_conjugate(f: &Field, s: &Element) -> Element {
    let mut best = *s;
    let mut c = *s;
    for _ in 1..f.degree() {
        c = f.sqr(&c);
        if as_integer_less(&c, &best) {
            best = c;
        }
    }
    best
}
