//! Signing (FIPS 186-5 §6.4.1 with the nonce of RFC 6979 §3.2), constant-time in the private
//! key and the nonce.

use alloc::vec::Vec;
use crypto_bigint::U576;
use crypto_bigint::ctutils::{CtEq, CtLt};
use rfc6979::KGenerator;
use wegman_ec::{Curve, CurveField, Point};
use zeroize::Zeroize;

use crate::error::Error;
use crate::hash::HashAlg;
use crate::modn::{self, ModN};
use crate::sig::Signature;
use crate::verify::VerifyingKey;

/// A private key d ∈ [1, n − 1] on a curve, with the hash its [`signature::Signer`]
/// implementation uses. Never printed; wiped on drop.
pub struct SigningKey<'c, F: CurveField> {
    curve: &'c Curve<F>,
    modn: ModN,
    d: U576,
    hash: HashAlg,
    /// Q = d·G, computed on first use (signing does not need it).
    public: once_cell::race::OnceBox<Point<F::Elem>>,
}

impl<F: CurveField> core::fmt::Debug for SigningKey<'_, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SigningKey")
            .field("curve", &self.curve.id())
            .field("hash", &self.hash)
            .finish_non_exhaustive()
    }
}

impl<F: CurveField> Drop for SigningKey<'_, F> {
    fn drop(&mut self) {
        self.d.zeroize();
    }
}

impl<F: CurveField> Clone for SigningKey<'_, F> {
    fn clone(&self) -> Self {
        SigningKey {
            curve: self.curve,
            modn: self.modn.clone(),
            d: self.d,
            hash: self.hash,
            public: self.public.clone(),
        }
    }
}

impl<'c, F: CurveField> SigningKey<'c, F> {
    /// From the private scalar d as ⌈t/8⌉ big-endian bytes (t the bit length of n; the
    /// SEC 1 `privateKey` octets). Errors unless 1 ≤ d ≤ n − 1. SHA-256 by default.
    pub fn from_bytes(curve: &'c Curve<F>, bytes: &[u8]) -> Result<Self, Error> {
        let modn = ModN::new(curve);
        if bytes.len() != modn.len() {
            return Err(Error::InvalidPrivateKey);
        }
        let mut d = modn::from_be_bytes(bytes);
        // Revealed on purpose: whether d is a valid key, nothing more.
        let valid = !d.ct_eq(&U576::ZERO) & d.ct_lt(modn.n());
        if !wegman_arch::ct::declassify(valid.to_bool()) {
            d.zeroize();
            return Err(Error::InvalidPrivateKey);
        }
        Ok(SigningKey {
            curve,
            modn,
            d,
            hash: HashAlg::Sha256,
            public: once_cell::race::OnceBox::new(),
        })
    }

    /// A fresh key from the operating system's generator, uniform in [1, n − 1] by
    /// rejection.
    pub fn random(curve: &'c Curve<F>) -> Result<Self, Error> {
        let len = ModN::new(curve).len();
        let bits = curve.order_bits();
        loop {
            let mut bytes = [0u8; 72];
            getrandom::fill(&mut bytes[..len]).map_err(|_| Error::Random)?;
            // Keep t bits.
            let extra = 8 * len as u32 - bits;
            bytes[0] &= 0xff >> extra;
            let key = SigningKey::from_bytes(curve, &bytes[..len]);
            bytes.zeroize();
            if let Ok(k) = key {
                return Ok(k);
            }
        }
    }

    /// The same key, signing with `hash` through [`signature::Signer`].
    pub fn with_hash(mut self, hash: HashAlg) -> Self {
        self.hash = hash;
        self
    }

    /// The hash [`signature::Signer`] uses.
    pub fn hash(&self) -> HashAlg {
        self.hash
    }

    /// The curve.
    pub fn curve(&self) -> &'c Curve<F> {
        self.curve
    }

    /// d as ⌈t/8⌉ big-endian bytes (secret: the caller wipes them).
    pub fn to_bytes(&self) -> zeroize::Zeroizing<Vec<u8>> {
        zeroize::Zeroizing::new(self.modn.to_bytes(&self.d))
    }

    /// The public key Q = d·G (computed once, by the constant-time fixed-base method).
    pub fn verifying_key(&self) -> VerifyingKey<'c, F> {
        let q = *self.public.get_or_init(|| {
            let mut ds = modn::to_scalar(&self.d);
            let q = self.curve.mul_base(&ds);
            ds.zeroize();
            alloc::boxed::Box::new(q)
        });
        VerifyingKey::from_trusted_point(self.curve, q)
    }

    /// Signs `msg` with `hash`, deterministically (RFC 6979).
    pub fn sign_with(&self, hash: HashAlg, msg: &[u8]) -> Signature {
        self.sign_digest_inner(hash, &hash.digest(msg), &[])
    }

    /// Signs a digest computed elsewhere (`digest.len()` must be `hash`'s output length),
    /// deterministically (RFC 6979).
    pub fn sign_prehash(&self, hash: HashAlg, digest: &[u8]) -> Result<Signature, Error> {
        hash.check_digest(digest)?;
        Ok(self.sign_digest_inner(hash, digest, &[]))
    }

    /// Signs with RFC 6979's nonce plus `extra` added randomness (RFC 6979 §3.6: k stays
    /// secret if either d or `extra` is; the signature is no longer deterministic).
    pub fn sign_with_extra(
        &self,
        hash: HashAlg,
        msg: &[u8],
        extra: &[u8],
    ) -> Result<Signature, Error> {
        Ok(self.sign_digest_inner(hash, &hash.digest(msg), extra))
    }

    /// Signs a digest computed elsewhere with RFC 6979's nonce plus `extra` added randomness.
    pub fn sign_prehash_with_extra(
        &self,
        hash: HashAlg,
        digest: &[u8],
        extra: &[u8],
    ) -> Result<Signature, Error> {
        hash.check_digest(digest)?;
        Ok(self.sign_digest_inner(hash, digest, extra))
    }

    /// Signs with 32 bytes of added randomness from the operating system.
    pub fn sign_randomized(&self, hash: HashAlg, msg: &[u8]) -> Result<Signature, Error> {
        let mut extra = [0u8; 32];
        getrandom::fill(&mut extra).map_err(|_| Error::Random)?;
        let sig = self.sign_with_extra(hash, msg, &extra);
        extra.zeroize();
        sig
    }

    /// FIPS 186-5 §6.4.1: e from the digest; k from RFC 6979 (with `extra` as its
    /// additional data); R = k·G; r = x(R) mod n; s = k⁻¹(e + r·d) mod n; a new k when r or
    /// s is 0 (probability about 2/n).
    fn sign_digest_inner(&self, hash: HashAlg, digest: &[u8], extra: &[u8]) -> Signature {
        let e = self.modn.digest_to_scalar(digest);
        // RFC 6979's x: int2octets(d), ⌈t/8⌉ bytes (wiped when dropped).
        let x = self.to_bytes();
        match hash {
            HashAlg::Sha1 => self.sign_with_k::<sha1::Sha1>(&x, digest, extra, &e),
            HashAlg::Sha224 => self.sign_with_k::<sha2::Sha224>(&x, digest, extra, &e),
            HashAlg::Sha256 => self.sign_with_k::<sha2::Sha256>(&x, digest, extra, &e),
            HashAlg::Sha384 => self.sign_with_k::<sha2::Sha384>(&x, digest, extra, &e),
            HashAlg::Sha512 => self.sign_with_k::<sha2::Sha512>(&x, digest, extra, &e),
        }
    }

    fn sign_with_k<D>(&self, x: &[u8], h: &[u8], extra: &[u8], e: &U576) -> Signature
    where
        D: digest::Digest + digest::block_api::BlockSizeUser,
    {
        let m = &self.modn;
        let mut kgen = KGenerator::<D, U576>::new(x, h, extra, m.n());
        let mut kb = [0u8; 72];
        // A nonce is rejected (r = 0 or s = 0) with probability about 2/n: RFC 6979 §3.2
        // step h.3 draws the next one.
        loop {
            kgen.fill_next_k(&mut kb[..m.len()]);
            let mut k = modn::from_be_bytes(&kb[..m.len()]);
            let mut ks = modn::to_scalar(&k);
            let r_point = self.curve.mul_base(&ks);
            ks.zeroize();
            // k ∈ [1, n − 1], so R ≠ O; r is public once the signature is.
            let Point::Affine { x: rx, .. } = r_point else {
                k.zeroize();
                continue;
            };
            let r = modn::x_mod_n(self.curve, m, &rx);
            let kinv = m.mont(&k).invert();
            k.zeroize();
            // k ≠ 0 mod the prime n: the inverse exists.
            let kinv = kinv.unwrap_or(m.mont(&U576::ZERO));
            let s = (kinv * (m.mont(e) + m.mont(&r) * m.mont(&self.d))).retrieve();
            // r and s are the signature: public from here on.
            let (r, s) = (
                wegman_arch::ct::declassify(r),
                wegman_arch::ct::declassify(s),
            );
            // Revealed on purpose: r = 0 or s = 0 (a rejected nonce, probability ~2/n).
            if r == U576::ZERO || s == U576::ZERO {
                continue;
            }
            kb.zeroize();
            return Signature::from_parts(m, r, s);
        }
    }
}

impl<F: CurveField> signature::Signer<Signature> for SigningKey<'_, F> {
    fn try_sign(&self, msg: &[u8]) -> Result<Signature, signature::Error> {
        Ok(self.sign_with(self.hash, msg))
    }
}

impl<'c, F: CurveField> signature::Keypair for SigningKey<'c, F> {
    type VerifyingKey = VerifyingKey<'c, F>;

    fn verifying_key(&self) -> VerifyingKey<'c, F> {
        SigningKey::verifying_key(self)
    }
}
