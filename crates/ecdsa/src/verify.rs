//! Verification (FIPS 186-5 §6.4.2) on public data: u1·G + u2·Q.

use wegman_ec::{Curve, CurveField, Point};

use crate::error::Error;
use crate::hash::HashAlg;
use crate::modn::{self, ModN};
use crate::sig::Signature;

/// How u2·Q (the variable-base part of a verification) is computed; u1·G always uses the
/// curve's fixed-base table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VerifyMethod {
    /// w-NAF double-and-add in López–Dahab coordinates.
    DoubleAndAdd,
    /// w-NAF halve-and-add (HMV Alg. 3.91; curves with Tr(a) = 1: the B curves and
    /// sect163k1), fastest with Avanzi's square-root-friendly modulus.
    Halving,
    /// Width-5 τ-adic NAF with the Frobenius map (Solinas; the K curves): squarings instead
    /// of doublings.
    Tnaf,
}

impl VerifyMethod {
    /// Every method.
    pub const ALL: [VerifyMethod; 3] = [
        VerifyMethod::DoubleAndAdd,
        VerifyMethod::Halving,
        VerifyMethod::Tnaf,
    ];

    /// Whether the method runs on `curve`.
    pub fn supports<F: CurveField>(self, curve: &Curve<F>) -> bool {
        match self {
            VerifyMethod::DoubleAndAdd => true,
            VerifyMethod::Halving => curve.can_halve(),
            VerifyMethod::Tnaf => curve.is_koblitz(),
        }
    }

    /// The default for a curve, by measurement (docs/ecdsa.md, "Verification"; Zen 5): the
    /// τNAF on the K curves (1.4–2.1× faster than double-and-add and halving); halving on
    /// sect163r2 (5–15% faster than double-and-add); double-and-add on the other B curves,
    /// where halving is 8–27% slower.
    pub fn default_for<F: CurveField>(curve: &Curve<F>) -> VerifyMethod {
        if curve.is_koblitz() {
            VerifyMethod::Tnaf
        } else if curve.can_halve() && curve.field().degree() < 200 {
            VerifyMethod::Halving
        } else {
            VerifyMethod::DoubleAndAdd
        }
    }
}

/// A validated public key Q on a curve, with the hash its [`signature::Verifier`]
/// implementation uses.
#[derive(Clone)]
pub struct VerifyingKey<'c, F: CurveField> {
    curve: &'c Curve<F>,
    modn: ModN,
    q: Point<F::Elem>,
    hash: HashAlg,
    method: VerifyMethod,
}

impl<F: CurveField> core::fmt::Debug for VerifyingKey<'_, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("VerifyingKey")
            .field("curve", &self.curve.id())
            .field("q", &self.q)
            .field("hash", &self.hash)
            .field("method", &self.method)
            .finish()
    }
}

impl<'c, F: CurveField> VerifyingKey<'c, F> {
    /// From a point, validated (on the curve, not O, in the subgroup of order n).
    pub fn from_point(curve: &'c Curve<F>, q: Point<F::Elem>) -> Result<Self, Error> {
        curve.check_public_key(&q)?;
        Ok(Self::from_trusted_point(curve, q))
    }

    /// From a SEC 1 encoding (`04‖X‖Y` or compressed), validated.
    pub fn from_sec1(curve: &'c Curve<F>, bytes: &[u8]) -> Result<Self, Error> {
        let q = curve.decode_public_key(bytes)?;
        Ok(Self::from_trusted_point(curve, q))
    }

    pub(crate) fn from_trusted_point(curve: &'c Curve<F>, q: Point<F::Elem>) -> Self {
        VerifyingKey {
            curve,
            modn: ModN::new(curve),
            q,
            hash: HashAlg::Sha256,
            method: VerifyMethod::default_for(curve),
        }
    }

    /// The same key, verifying with `hash` through [`signature::Verifier`].
    pub fn with_hash(mut self, hash: HashAlg) -> Self {
        self.hash = hash;
        self
    }

    /// The same key, computing u2·Q by `method` (an error if the curve cannot).
    pub fn with_method(mut self, method: VerifyMethod) -> Result<Self, Error> {
        if !method.supports(self.curve) {
            return Err(Error::Curve(match method {
                VerifyMethod::Tnaf => wegman_ec::Error::NotKoblitz,
                _ => wegman_ec::Error::CannotHalve,
            }));
        }
        self.method = method;
        Ok(self)
    }

    /// The point Q.
    pub fn point(&self) -> &Point<F::Elem> {
        &self.q
    }

    /// Q as SEC 1 (uncompressed `04‖X‖Y`, or compressed).
    pub fn to_sec1(&self, compressed: bool) -> alloc::vec::Vec<u8> {
        self.curve.encode_point(&self.q, compressed)
    }

    /// The curve.
    pub fn curve(&self) -> &'c Curve<F> {
        self.curve
    }

    /// Verifies a signature on `msg` hashed with `hash`.
    pub fn verify_with(&self, hash: HashAlg, msg: &[u8], sig: &Signature) -> Result<(), Error> {
        self.verify_digest_inner(&hash.digest(msg), sig)
    }

    /// Verifies a signature on a digest computed elsewhere.
    pub fn verify_prehash(
        &self,
        hash: HashAlg,
        digest: &[u8],
        sig: &Signature,
    ) -> Result<(), Error> {
        hash.check_digest(digest)?;
        self.verify_digest_inner(digest, sig)
    }

    /// FIPS 186-5 §6.4.2: 1 ≤ r, s ≤ n − 1; e from the digest; w = s⁻¹; u1 = e·w,
    /// u2 = r·w; R = u1·G + u2·Q ≠ O; accept iff x(R) mod n = r.
    fn verify_digest_inner(&self, digest: &[u8], sig: &Signature) -> Result<(), Error> {
        let m = &self.modn;
        let (r, s) = sig.parts();
        if !m.in_range_vartime(r) || !m.in_range_vartime(s) {
            return Err(Error::ScalarOutOfRange);
        }
        let e = m.digest_to_scalar(digest);
        let w = m
            .mont(s)
            .invert_vartime()
            .into_option()
            .ok_or(Error::ScalarOutOfRange)?;
        let u1 = (m.mont(&e) * w).retrieve();
        let u2 = (m.mont(r) * w).retrieve();
        let c = self.curve;
        let a = c.mul_base(&modn::to_scalar(&u1));
        let b = match self.method {
            VerifyMethod::DoubleAndAdd => c.mul_wnaf_vartime(&modn::to_scalar(&u2), &self.q),
            VerifyMethod::Halving => c.mul_halve_vartime(&modn::to_scalar(&u2), &self.q)?,
            VerifyMethod::Tnaf => c.mul_tnaf_vartime(&modn::to_scalar(&u2), &self.q)?,
        };
        let Point::Affine { x, .. } = c.add_vartime(&a, &b) else {
            return Err(Error::BadSignature);
        };
        if modn::x_mod_n(c, m, &x) == *r {
            Ok(())
        } else {
            Err(Error::BadSignature)
        }
    }
}

impl<F: CurveField> signature::Verifier<Signature> for VerifyingKey<'_, F> {
    fn verify(&self, msg: &[u8], sig: &Signature) -> Result<(), signature::Error> {
        self.verify_with(self.hash, msg, sig)
            .map_err(|_| signature::Error::new())
    }
}
