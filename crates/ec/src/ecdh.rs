//! Elliptic-curve Diffie–Hellman (SEC 1 §3.3.1, docs/spec.md §3.5): the shared secret is the
//! x-coordinate of d·Q as ⌈m/8⌉ big-endian bytes (OpenSSL's and SEC 1's default, no cofactor),
//! computed with the constant-time ladder; the cofactor variant
//! ([`SecretKey::diffie_hellman_cofactor`]) is x((h·d)·Q).

use alloc::vec::Vec;

use subtle::ConstantTimeEq;
use zeroize::Zeroize;

use crate::curve::Curve;
use crate::error::Error;
use crate::field::CurveField;
use crate::point::Point;
use crate::scalar::Scalar;

/// A secret key: a scalar in [1, n − 1]. Never printed (a [`Scalar`] prints as `..`); wiped
/// on drop.
#[derive(Debug)]
pub struct SecretKey {
    d: Scalar,
}

impl Drop for SecretKey {
    fn drop(&mut self) {
        self.d.zeroize();
    }
}

impl SecretKey {
    /// From a scalar, which must be in [1, n − 1] for the curve.
    pub fn from_scalar<F: CurveField>(curve: &Curve<F>, d: Scalar) -> Result<SecretKey, Error> {
        // Revealed on purpose: whether d is a valid key, nothing more.
        let valid = !d.ct_eq(&Scalar::ZERO) & d.ct_less_than(curve.order());
        if !bool::from(wegman_arch::ct::declassify(valid)) {
            return Err(Error::InvalidSecretKey);
        }
        Ok(SecretKey { d })
    }

    /// A fresh key from the operating system's generator: uniform in [1, n − 1] by rejection
    /// (the draws rejected reveal nothing about the one kept). Errors only if the OS generator
    /// fails.
    pub fn random<F: CurveField>(curve: &Curve<F>) -> Result<SecretKey, Error> {
        let bits = curve.order_bits() as usize;
        let words = bits.div_ceil(64);
        loop {
            let mut bytes = [0u8; 72];
            getrandom::fill(&mut bytes[..8 * words]).map_err(|_| Error::Random)?;
            let mut limbs = [0u64; 9];
            for (l, c) in limbs.iter_mut().zip(bytes.chunks_exact(8)) {
                *l = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
            }
            if !bits.is_multiple_of(64) {
                limbs[words - 1] &= (1u64 << (bits % 64)) - 1;
            }
            bytes.zeroize();
            let d = Scalar::from_limbs(&limbs);
            limbs.zeroize();
            if let Ok(k) = SecretKey::from_scalar(curve, d) {
                return Ok(k);
            }
        }
    }

    /// The public key d·G by the fixed-base table (constant-time in d).
    pub fn public_key<F: CurveField>(&self, curve: &Curve<F>) -> Point<F::Elem> {
        curve.mul_base(&self.d)
    }

    /// The shared secret with a validated public key `q` (from
    /// [`Curve::decode_public_key`]): x(d·Q), ⌈m/8⌉ bytes.
    pub fn diffie_hellman<F: CurveField>(
        &self,
        curve: &Curve<F>,
        q: &Point<F::Elem>,
    ) -> Result<Vec<u8>, Error> {
        shared_x(curve, &self.d, q)
    }

    /// The cofactor variant: x((h·d)·Q), ⌈m/8⌉ bytes. For Q of order n this is
    /// x(((h·d) mod n)·Q), so h·d is reduced by constant-time modular doublings first.
    pub fn diffie_hellman_cofactor<F: CurveField>(
        &self,
        curve: &Curve<F>,
        q: &Point<F::Elem>,
    ) -> Result<Vec<u8>, Error> {
        let mut k = self.d;
        let mut h = curve.cofactor();
        while h > 1 {
            // h is 2 or 4 (public).
            k = k.double_mod(curve.order());
            h /= 2;
        }
        let r = shared_x(curve, &k, q);
        k.zeroize();
        r
    }
}

/// x(k·Q) for a public key Q checked first, by the constant-time ladder.
fn shared_x<F: CurveField>(
    curve: &Curve<F>,
    k: &Scalar,
    q: &Point<F::Elem>,
) -> Result<Vec<u8>, Error> {
    curve.check_public_key(q)?;
    match curve.mul_ladder(k, q) {
        Point::Affine { x, .. } => Ok(curve.x_bytes(&x)),
        // k ∈ [1, n − 1] and Q of order n: never the identity.
        Point::Infinity => Err(Error::Identity),
    }
}

/// Shared secrets for many (key, peer public key) pairs at once, by the bit-sliced ladder
/// ([`crate::batch`], on all cores): result i equals
/// `pairs[i].0.diffie_hellman(curve, pairs[i].1)`. Each peer key is validated first; an
/// invalid one gets its error in its own slot and changes nothing in the others.
pub fn diffie_hellman_batch<F: CurveField>(
    curve: &Curve<F>,
    pairs: &[(&SecretKey, &Point<F::Elem>)],
) -> Vec<Result<Vec<u8>, Error>> {
    let mut out: Vec<Result<Vec<u8>, Error>> = Vec::with_capacity(pairs.len());
    let mut ks = Vec::new();
    let mut ps = Vec::new();
    let mut slots = Vec::new();
    for (i, (k, q)) in pairs.iter().enumerate() {
        match curve.check_public_key(q) {
            Ok(()) => {
                ks.push(k.d);
                ps.push(**q);
                slots.push(i);
                // Replaced below.
                out.push(Err(Error::Identity));
            }
            Err(e) => out.push(Err(e)),
        }
    }
    match curve.mul_batch(&ks, &ps) {
        Ok(r) => {
            for (&slot, p) in slots.iter().zip(r) {
                out[slot] = match p {
                    Point::Affine { x, .. } => Ok(curve.x_bytes(&x)),
                    // d ∈ [1, n − 1] and Q of order n: never the identity.
                    Point::Infinity => Err(Error::Identity),
                };
            }
        }
        // The inputs were checked above; report rather than panic if that ever changes.
        Err(e) => {
            for &slot in &slots {
                out[slot] = Err(e.clone());
            }
        }
    }
    ks.zeroize();
    out
}
