//! The ten NIST / SEC 2 binary curves E: y² + xy = x³ + ax² + b over F_{2^m}, and a curve in a
//! chosen field representation.
//!
//! Parameters: SEC 2 v2 (Certicom 2010) §3 / FIPS 186-4 Appendix D.1.3, in the SEC 2
//! polynomial basis (docs/spec.md §2 hex); the tests check them against
//! tests/data/nist-binary-curves.txt and the FIPS 186-2 normal-basis values.

use alloc::boxed::Box;
use alloc::string::String;

use once_cell::race::OnceBox;
use wegman_gf2::{Field, Modulus};

use crate::error::Error;
use crate::field::CurveField;
use crate::fixed::{FixedTable, TableJob};
use crate::ld::Consts;
use crate::scalar::Scalar;
use crate::tnaf::TnafConsts;

/// One of the ten curves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CurveId {
    /// sect163k1 (NIST K-163).
    Sect163k1,
    /// sect163r2 (NIST B-163).
    Sect163r2,
    /// sect233k1 (NIST K-233).
    Sect233k1,
    /// sect233r1 (NIST B-233).
    Sect233r1,
    /// sect283k1 (NIST K-283).
    Sect283k1,
    /// sect283r1 (NIST B-283).
    Sect283r1,
    /// sect409k1 (NIST K-409).
    Sect409k1,
    /// sect409r1 (NIST B-409).
    Sect409r1,
    /// sect571k1 (NIST K-571).
    Sect571k1,
    /// sect571r1 (NIST B-571).
    Sect571r1,
}

/// The public parameters of a curve (hex as docs/spec.md §2).
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// SEC 2 name.
    pub name: &'static str,
    /// NIST name.
    pub nist_name: &'static str,
    /// The NIST modulus, exponents highest first.
    pub modulus: &'static str,
    /// a ∈ {0, 1}.
    pub a: u8,
    /// b.
    pub b: &'static str,
    /// The base point's x.
    pub gx: &'static str,
    /// The base point's y.
    pub gy: &'static str,
    /// The prime order of G.
    pub n: &'static str,
    /// The cofactor.
    pub h: u8,
}

impl CurveId {
    /// All ten, K and B of each degree in turn.
    pub const ALL: [CurveId; 10] = [
        CurveId::Sect163k1,
        CurveId::Sect163r2,
        CurveId::Sect233k1,
        CurveId::Sect233r1,
        CurveId::Sect283k1,
        CurveId::Sect283r1,
        CurveId::Sect409k1,
        CurveId::Sect409r1,
        CurveId::Sect571k1,
        CurveId::Sect571r1,
    ];

    /// The curve of a SEC 2 name (`sect163k1`) or NIST name (`K-163`), any case.
    pub fn from_name(s: &str) -> Result<CurveId, Error> {
        let s = s.trim();
        CurveId::ALL
            .into_iter()
            .find(|c| {
                let p = c.params();
                p.name.eq_ignore_ascii_case(s) || p.nist_name.eq_ignore_ascii_case(s)
            })
            .ok_or(Error::UnknownCurve)
    }

    /// The parameters.
    pub fn params(self) -> &'static Params {
        &PARAMS[self as usize]
    }
}

impl core::fmt::Display for CurveId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.params().name)
    }
}

const PARAMS: [Params; 10] = [
    Params {
        name: "sect163k1",
        nist_name: "K-163",
        modulus: "163,7,6,3,0",
        a: 1,
        b: "1",
        gx: "2fe13c0537bbc11acaa07d793de4e6d5e5c94eee8",
        gy: "289070fb05d38ff58321f2e800536d538ccdaa3d9",
        n: "4000000000000000000020108a2e0cc0d99f8a5ef",
        h: 2,
    },
    Params {
        name: "sect163r2",
        nist_name: "B-163",
        modulus: "163,7,6,3,0",
        a: 1,
        b: "20a601907b8c953ca1481eb10512f78744a3205fd",
        gx: "3f0eba16286a2d57ea0991168d4994637e8343e36",
        gy: "d51fbc6c71a0094fa2cdd545b11c5c0c797324f1",
        n: "40000000000000000000292fe77e70c12a4234c33",
        h: 2,
    },
    Params {
        name: "sect233k1",
        nist_name: "K-233",
        modulus: "233,74,0",
        a: 0,
        b: "1",
        gx: "17232ba853a7e731af129f22ff4149563a419c26bf50a4c9d6eefad6126",
        gy: "1db537dece819b7f70f555a67c427a8cd9bf18aeb9b56e0c11056fae6a3",
        n: "8000000000000000000000000000069d5bb915bcd46efb1ad5f173abdf",
        h: 4,
    },
    Params {
        name: "sect233r1",
        nist_name: "B-233",
        modulus: "233,74,0",
        a: 1,
        b: "66647ede6c332c7f8c0923bb58213b333b20e9ce4281fe115f7d8f90ad",
        gx: "fac9dfcbac8313bb2139f1bb755fef65bc391f8b36f8f8eb7371fd558b",
        gy: "1006a08a41903350678e58528bebf8a0beff867a7ca36716f7e01f81052",
        n: "1000000000000000000000000000013e974e72f8a6922031d2603cfe0d7",
        h: 2,
    },
    Params {
        name: "sect283k1",
        nist_name: "K-283",
        modulus: "283,12,7,5,0",
        a: 0,
        b: "1",
        gx: "503213f78ca44883f1a3b8162f188e553cd265f23c1567a16876913b0c2ac2458492836",
        gy: "1ccda380f1c9e318d90f95d07e5426fe87e45c0e8184698e45962364e34116177dd2259",
        n: "1ffffffffffffffffffffffffffffffffffe9ae2ed07577265dff7f94451e061e163c61",
        h: 4,
    },
    Params {
        name: "sect283r1",
        nist_name: "B-283",
        modulus: "283,12,7,5,0",
        a: 1,
        b: "27b680ac8b8596da5a4af8a19a0303fca97fd7645309fa2a581485af6263e313b79a2f5",
        gx: "5f939258db7dd90e1934f8c70b0dfec2eed25b8557eac9c80e2e198f8cdbecd86b12053",
        gy: "3676854fe24141cb98fe6d4b20d02b4516ff702350eddb0826779c813f0df45be8112f4",
        n: "3ffffffffffffffffffffffffffffffffffef90399660fc938a90165b042a7cefadb307",
        h: 2,
    },
    Params {
        name: "sect409k1",
        nist_name: "K-409",
        modulus: "409,87,0",
        a: 0,
        b: "1",
        gx: "60f05f658f49c1ad3ab1890f7184210efd0987e307c84c27accfb8f9f67cc2c460189eb5aaaa62ee222eb1b35540cfe9023746",
        gy: "1e369050b7c4e42acba1dacbf04299c3460782f918ea427e6325165e9ea10e3da5f6c42e9c55215aa9ca27a5863ec48d8e0286b",
        n: "7ffffffffffffffffffffffffffffffffffffffffffffffffffe5f83b2d4ea20400ec4557d5ed3e3e7ca5b4b5c83b8e01e5fcf",
        h: 4,
    },
    Params {
        name: "sect409r1",
        nist_name: "B-409",
        modulus: "409,87,0",
        a: 1,
        b: "21a5c2c8ee9feb5c4b9a753b7b476b7fd6422ef1f3dd674761fa99d6ac27c8a9a197b272822f6cd57a55aa4f50ae317b13545f",
        gx: "15d4860d088ddb3496b0c6064756260441cde4af1771d4db01ffe5b34e59703dc255a868a1180515603aeab60794e54bb7996a7",
        gy: "61b1cfab6be5f32bbfa78324ed106a7636b9c5a7bd198d0158aa4f5488d08f38514f1fdf4b4f40d2181b3681c364ba0273c706",
        n: "10000000000000000000000000000000000000000000000000001e2aad6a612f33307be5fa47c3c9e052f838164cd37d9a21173",
        h: 2,
    },
    Params {
        name: "sect571k1",
        nist_name: "K-571",
        modulus: "571,10,5,2,0",
        a: 0,
        b: "1",
        gx: "26eb7a859923fbc82189631f8103fe4ac9ca2970012d5d46024804801841ca44370958493b205e647da304db4ceb08cbbd1ba39494776fb988b47174dca88c7e2945283a01c8972",
        gy: "349dc807f4fbf374f4aeade3bca95314dd58cec9f307a54ffc61efc006d8a2c9d4979c0ac44aea74fbebbb9f772aedcb620b01a7ba7af1b320430c8591984f601cd4c143ef1c7a3",
        n: "20000000000000000000000000000000000000000000000000000000000000000000000131850e1f19a63e4b391a8db917f4138b630d84be5d639381e91deb45cfe778f637c1001",
        h: 4,
    },
    Params {
        name: "sect571r1",
        nist_name: "B-571",
        modulus: "571,10,5,2,0",
        a: 1,
        b: "2f40e7e2221f295de297117b7f3d62f5c6a97ffcb8ceff1cd6ba8ce4a9a18ad84ffabbd8efa59332be7ad6756a66e294afd185a78ff12aa520e4de739baca0c7ffeff7f2955727a",
        gx: "303001d34b856296c16c0d40d3cd7750a93d1d2955fa80aa5f40fc8db7b2abdbde53950f4c0d293cdd711a35b67fb1499ae60038614f1394abfa3b4c850d927e1e7769c8eec2d19",
        gy: "37bf27342da639b6dccfffeb73d69d78c6c27a6009cbbca1980f8533921e8a684423e43bab08a576291af8f461bb2a8b3531d2f0485c19b16e2f1516e23dd3c1a4827af1b8ac15b",
        n: "3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe661ce18ff55987308059b186823851ec7dd9ca1161de93d5174d66e8382e9bb2fe84e47",
        h: 2,
    },
];

/// A curve computed in the field representation `F`: its coefficients and base point in `F`,
/// and the SEC 2 field for input and output.
#[derive(Clone, Debug)]
pub struct Curve<F: CurveField> {
    id: CurveId,
    field: F,
    sec2: Field,
    a: F::Elem,
    b: F::Elem,
    gx: F::Elem,
    gy: F::Elem,
    n: Scalar,
    n_bits: u32,
    /// The fixed-base table of G ([`crate::fixed`]), built on first use.
    fixed: OnceBox<FixedTable<F::Elem>>,
    /// The τNAF constants of a Koblitz curve ([`crate::tnaf`]), built on first use.
    tnaf: OnceBox<TnafConsts>,
}

impl<F: CurveField> Curve<F> {
    /// The curve `id` in the representation built by `make` from the NIST modulus.
    pub fn new(
        id: CurveId,
        make: impl FnOnce(&Modulus) -> Result<F, Error>,
    ) -> Result<Curve<F>, Error> {
        let p = id.params();
        let modulus: Modulus = p.modulus.parse()?;
        let sec2 = Field::new(modulus);
        let field = make(&modulus)?;
        let conv =
            |hex: &str| -> Result<F::Elem, Error> { Ok(field.import_sec2(&sec2.parse(hex)?)) };
        let a = if p.a == 1 { field.one() } else { field.zero() };
        let (b, gx, gy) = (conv(p.b)?, conv(p.gx)?, conv(p.gy)?);
        let n = Scalar::from_hex_unchecked(p.n)?;
        let n_bits = n.bits();
        Ok(Curve {
            id,
            field,
            sec2,
            a,
            b,
            gx,
            gy,
            n,
            n_bits,
            fixed: OnceBox::new(),
            tnaf: OnceBox::new(),
        })
    }

    /// Which curve.
    pub fn id(&self) -> CurveId {
        self.id
    }

    /// The field representation.
    pub fn field(&self) -> &F {
        &self.field
    }

    /// The SEC 2 polynomial-basis field (input and output).
    pub fn sec2_field(&self) -> &Field {
        &self.sec2
    }

    /// a.
    pub fn a(&self) -> &F::Elem {
        &self.a
    }

    /// b.
    pub fn b(&self) -> &F::Elem {
        &self.b
    }

    /// The base point G (affine, in F).
    pub fn generator(&self) -> (F::Elem, F::Elem) {
        (self.gx, self.gy)
    }

    /// The order n of G.
    pub fn order(&self) -> &Scalar {
        &self.n
    }

    /// The bit length of n: the ladder's fixed iteration count.
    pub fn order_bits(&self) -> u32 {
        self.n_bits
    }

    /// The constants the field jobs use.
    pub(crate) fn consts(&self) -> Consts<F::Elem> {
        let p = self.id.params();
        Consts {
            a_one: p.a == 1,
            b: self.b,
            b_one: p.b == "1",
            n_bits: self.n_bits,
        }
    }

    /// The fixed-base table of G, built on first use (a few thousand point additions and one
    /// inversion, public data).
    pub(crate) fn fixed_table(&self) -> &FixedTable<F::Elem> {
        self.fixed.get_or_init(|| {
            Box::new(self.field.run(TableJob {
                consts: self.consts(),
                gx: self.gx,
                gy: self.gy,
            }))
        })
    }

    /// The τNAF constants (Koblitz curves), built on first use (public data).
    pub(crate) fn tnaf_consts(&self) -> &TnafConsts {
        self.tnaf.get_or_init(|| {
            let p = self.id.params();
            let m = self.field.degree();
            let n: alloc::vec::Vec<u8> = self
                .n
                .limbs()
                .iter()
                .rev()
                .flat_map(|l| l.to_be_bytes())
                .collect();
            Box::new(TnafConsts::new(m, p.a, &n, crate::tnaf::WIDTH))
        })
    }

    /// The cofactor h.
    pub fn cofactor(&self) -> u8 {
        self.id.params().h
    }

    /// An element from SEC 2 hex.
    pub fn parse_element(&self, hex: &str) -> Result<F::Elem, Error> {
        Ok(self.field.import_sec2(&self.sec2.parse(hex)?))
    }

    /// An element as SEC 2 hex.
    pub fn element_hex(&self, e: &F::Elem) -> String {
        self.sec2.to_hex(&self.field.export_sec2(e))
    }

    /// A scalar from big-endian hex, at most as many bits as n (docs/spec.md §2).
    pub fn parse_scalar(&self, hex: &str) -> Result<Scalar, Error> {
        let k = Scalar::from_hex_unchecked(hex)?;
        if k.bits() > self.n_bits {
            return Err(Error::ScalarTooLong { bits: self.n_bits });
        }
        Ok(k)
    }

    /// Whether (x, y) satisfies y² + xy = x³ + ax² + b (public data).
    pub fn is_on_curve_vartime(&self, x: &F::Elem, y: &F::Elem) -> bool {
        let f = &self.field;
        let lhs = f.sqr(y) + f.mul(x, y);
        let x2 = f.sqr(x);
        let rhs = f.mul(&x2, x) + f.mul(&self.a, &x2) + self.b;
        lhs == rhs
    }
}
