//! SEC 1 v2 §2.3.3–2.3.4 encodings for binary fields and the validation of public points
//! (docs/spec.md §2, §3.5). Public data: variable time.
//!
//! A coordinate is ⌈m/8⌉ bytes, big-endian, of its SEC 2 polynomial-basis integer. A point is
//! `04‖X‖Y`, or compressed `02‖X` / `03‖X` with ỹ = the rightmost bit of y·x⁻¹ (0 when
//! x = 0), or `00` for the identity. Decompression solves z² + z = x + a + b·x⁻² (z = y/x)
//! and takes the root whose rightmost bit is ỹ; x = 0 gives y = √b.

use alloc::vec;
use alloc::vec::Vec;

use wegman_gf2::{Element, FieldJob, FieldOps};

use crate::curve::Curve;
use crate::error::Error;
use crate::field::CurveField;
use crate::ld::{Consts, Ctx};
use crate::point::Point;

impl<F: CurveField> Curve<F> {
    /// Bytes per coordinate: ⌈m/8⌉.
    pub fn coordinate_len(&self) -> usize {
        (self.field().degree() as usize).div_ceil(8)
    }

    fn coordinate_bytes(&self, e: &F::Elem) -> Vec<u8> {
        let pb = self.field().export_sec2(e);
        let n = self.coordinate_len();
        (0..n)
            .rev()
            .map(|i| (pb.limbs()[i / 8] >> (8 * (i % 8))) as u8)
            .collect()
    }

    fn coordinate_from(&self, bytes: &[u8]) -> Result<F::Elem, Error> {
        let mut limbs = [0u64; 9];
        for (i, &b) in bytes.iter().rev().enumerate() {
            limbs[i / 8] |= u64::from(b) << (8 * (i % 8));
        }
        // `element` rejects any bit at or above m.
        let pb: Element = self.sec2_field().element(&limbs)?;
        Ok(self.field().import_sec2(&pb))
    }

    /// The x-coordinate as ⌈m/8⌉ big-endian bytes (the ECDH shared secret of a point).
    pub fn x_bytes(&self, x: &F::Elem) -> Vec<u8> {
        self.coordinate_bytes(x)
    }

    /// SEC 1 encoding of a point, compressed or not.
    pub fn encode_point(&self, p: &Point<F::Elem>, compressed: bool) -> Vec<u8> {
        let Point::Affine { x, y } = p else {
            return vec![0];
        };
        let mut out = Vec::with_capacity(1 + 2 * self.coordinate_len());
        if compressed {
            let f = self.field();
            let z = f.mul(y, &f.inv(x).unwrap_or(f.zero()));
            let bit = (f.export_sec2(&z).limbs()[0] & 1) as u8;
            out.push(2 | bit);
            out.extend(self.coordinate_bytes(x));
        } else {
            out.push(4);
            out.extend(self.coordinate_bytes(x));
            out.extend(self.coordinate_bytes(y));
        }
        out
    }

    /// Decodes a SEC 1 point and checks that it is on the curve (the identity `00` decodes to
    /// `Infinity`); no subgroup check (see [`Curve::decode_public_key`]).
    pub fn decode_point(&self, bytes: &[u8]) -> Result<Point<F::Elem>, Error> {
        let n = self.coordinate_len();
        let f = self.field();
        let (x, y) = match bytes {
            [0] => return Ok(Point::Infinity),
            [4, rest @ ..] if rest.len() == 2 * n => (
                self.coordinate_from(&rest[..n])?,
                self.coordinate_from(&rest[n..])?,
            ),
            [t @ (2 | 3), rest @ ..] if rest.len() == n => {
                let x = self.coordinate_from(rest)?;
                let want = u64::from(*t & 1);
                if bool::from(f.is_zero(&x)) {
                    if want != 0 {
                        return Err(Error::Encoding("compressed point with x = 0 and ỹ = 1"));
                    }
                    (x, f.sqrt(self.b()))
                } else {
                    let xinv = f.inv(&x).unwrap_or(f.zero());
                    let c = x + *self.a() + f.mul(self.b(), &f.sqr(&xinv));
                    let z = f.solve(&c).ok_or(Error::NotOnCurve)?;
                    let z = if f.export_sec2(&z).limbs()[0] & 1 == want {
                        z
                    } else {
                        z + f.one()
                    };
                    (x, f.mul(&x, &z))
                }
            }
            [] => return Err(Error::Encoding("empty point")),
            [0 | 2 | 3 | 4, ..] => return Err(Error::Encoding("wrong length for its type byte")),
            _ => return Err(Error::Encoding("unknown type byte (00, 02, 03 or 04)")),
        };
        if !self.is_on_curve_vartime(&x, &y) {
            return Err(Error::NotOnCurve);
        }
        Ok(Point::Affine { x, y })
    }

    /// Decodes and fully validates a public key (docs/spec.md §3.5): SEC 1 syntax, coordinates
    /// below 2^m, on the curve, not the identity, and in the subgroup of order n (which
    /// rejects the small-order and mixed-order points of the cofactor-h group).
    pub fn decode_public_key(&self, bytes: &[u8]) -> Result<Point<F::Elem>, Error> {
        let p = self.decode_point(bytes)?;
        self.check_public_key(&p)?;
        Ok(p)
    }

    /// The validation of [`Curve::decode_public_key`] on a decoded point: on the curve, not
    /// the identity, and in the subgroup of order n by traces ([`Curve::in_subgroup_vartime`]:
    /// a few field multiplications, not a scalar multiplication by n).
    pub fn check_public_key(&self, p: &Point<F::Elem>) -> Result<(), Error> {
        let Point::Affine { x, y } = p else {
            return Err(Error::Identity);
        };
        self.valid_point_vartime(x, y)
    }

    /// Whether a point (x, y) **on the curve** lies in the subgroup of order n (public data;
    /// docs/ec.md, "Validation by traces"). With E(F) ≅ Z/h × Z/n, h ∈ {2, 4}:
    ///
    /// - a point with x ≠ 0 is a double (in 2E) iff Tr(x) = Tr(a), because its halves have
    ///   λ² + λ = x + a, which has a root in F iff Tr(x + a) = 0; the subgroup is 2E when
    ///   h = 2;
    /// - when h = 4 the subgroup is 4E, and a point of 2E is in it iff its halves are in 2E:
    ///   with λ̂ = H(x + a) (the half-trace) a half R has x_R² = y + x·(λ̂ + 1), and
    ///   Tr(x_R) = Tr(x_R²), so no square root is needed.
    ///
    /// Cost: one trace (h = 2), or two traces, one half-trace and one multiplication (h = 4).
    pub fn in_subgroup_vartime(&self, x: &F::Elem, y: &F::Elem) -> bool {
        self.field().run(ValidateJob {
            x: *x,
            y: *y,
            on_curve_checked: true,
            cofactor4: self.cofactor() == 4,
            consts: self.consts(),
        })
    }

    /// The whole check on an affine point, in one field job (one backend dispatch): on the
    /// curve, then in the subgroup ([`Curve::in_subgroup_vartime`]).
    pub(crate) fn valid_point_vartime(&self, x: &F::Elem, y: &F::Elem) -> Result<(), Error> {
        // The SEC 2 curves have cofactor 2 or 4 (checked by the tests).
        match self.field().run(ValidateJob {
            x: *x,
            y: *y,
            on_curve_checked: false,
            cofactor4: self.cofactor() == 4,
            consts: self.consts(),
        }) {
            true => Ok(()),
            false if self.is_on_curve_vartime(x, y) => Err(Error::NotInSubgroup),
            false => Err(Error::NotOnCurve),
        }
    }
}

/// Point validation inside one field job (see [`Curve::in_subgroup_vartime`]).
struct ValidateJob<E> {
    x: E,
    y: E,
    /// Whether the caller already checked the curve equation.
    on_curve_checked: bool,
    cofactor4: bool,
    consts: Consts<E>,
}

impl<E> FieldJob<E> for ValidateJob<E> {
    type Output = bool;

    #[inline(always)]
    fn run<O: FieldOps<Outer = E>>(self, o: O) -> bool {
        let c = Ctx::new(o, &self.consts);
        let (x, y) = (o.load(&self.x), o.load(&self.y));
        if !self.on_curve_checked {
            // y² + xy = x³ + ax² + b, i.e. x²(x + a) + b + y(y + x) = 0.
            let x2 = o.sqr(&x);
            let lhs = o.mul(&x2, &(x + c.a())) + c.mul_b(&o.one()) + o.mul(&y, &(y + x));
            if !bool::from(o.is_zero(&lhs)) {
                return false;
            }
        }
        if bool::from(o.is_zero(&x)) {
            // (0, √b): the point of order 2.
            return false;
        }
        let ta = u8::from(self.consts.a_one);
        if o.trace(&x) != ta {
            return false;
        }
        if !self.cofactor4 {
            return true;
        }
        // h = 4, so a = 0 and Tr(a) = 0: λ̂ = H(x), x_R² = y + x(λ̂ + 1). (The masked
        // half-trace: as fast as the windowed one at 233 bits and twice as fast at 571.)
        let l = o.half_trace(&(x + c.a()));
        o.trace(&(y + o.mul(&x, &(l + o.one())))) == ta
    }
}
