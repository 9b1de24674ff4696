//! Integers modulo the group order n: crypto-bigint's 576-bit `Uint` (room for the 571-bit
//! orders) and its constant-time Montgomery form, with the conversions ECDSA needs
//! (FIPS 186-5 §6.4: the digest's leftmost t bits, x(R) as an integer mod n).

use alloc::vec::Vec;
use crypto_bigint::modular::{FixedMontyForm, FixedMontyParams};
use crypto_bigint::{NonZero, Odd, U576};
use wegman_ec::{Curve, CurveField, Scalar};

/// 64-bit limbs of a [`U576`].
const LIMBS: usize = 9;

/// The integers mod n of one curve.
#[derive(Clone, Debug)]
pub(crate) struct ModN {
    n: U576,
    nz: NonZero<U576>,
    params: FixedMontyParams<LIMBS>,
    /// t, the bit length of n.
    bits: u32,
}

/// An element of Z/n in Montgomery form.
pub(crate) type Mont = FixedMontyForm<LIMBS>;

impl ModN {
    pub(crate) fn new<F: CurveField>(curve: &Curve<F>) -> ModN {
        let n = to_uint(curve.order());
        // n is an odd prime for every curve (the tests check the parameters).
        let odd = Odd::new(n).expect("the order of a curve is odd");
        ModN {
            n,
            nz: NonZero::new(n).expect("the order of a curve is not zero"),
            params: FixedMontyParams::new_vartime(odd),
            bits: curve.order_bits(),
        }
    }

    /// n.
    pub(crate) fn n(&self) -> &U576 {
        &self.n
    }

    /// ⌈t/8⌉: the bytes of r, s, a private key, and RFC 6979's rlen/8.
    pub(crate) fn len(&self) -> usize {
        self.bits.div_ceil(8) as usize
    }

    /// x mod n (constant-time in x).
    pub(crate) fn reduce(&self, x: &U576) -> U576 {
        x.rem(&self.nz)
    }

    /// x (< n) in Montgomery form.
    pub(crate) fn mont(&self, x: &U576) -> Mont {
        Mont::new(x, &self.params)
    }

    /// Whether 1 ≤ x ≤ n − 1 (public values only: the answer is branched on).
    pub(crate) fn in_range_vartime(&self, x: &U576) -> bool {
        *x != U576::ZERO && x < &self.n
    }

    /// FIPS 186-5 §6.4.1 step 3 (and RFC 6979's bits2int): the leftmost t bits of the digest
    /// as an integer, then reduced mod n (the digest is public).
    pub(crate) fn digest_to_scalar(&self, digest: &[u8]) -> U576 {
        let e = from_be_bytes(&digest[..digest.len().min(8 * LIMBS)]);
        let blen = 8 * digest.len().min(8 * LIMBS) as u32;
        let e = if blen > self.bits {
            e.shr_vartime(blen - self.bits)
        } else {
            e
        };
        self.reduce(&e)
    }

    /// x (< 2^t) as ⌈t/8⌉ big-endian bytes.
    pub(crate) fn to_bytes(&self, x: &U576) -> Vec<u8> {
        let all = to_be_bytes(x);
        all[all.len() - self.len()..].to_vec()
    }
}

/// A wegman scalar as a `U576` (the same little-endian 64-bit limbs).
pub(crate) fn to_uint(s: &Scalar) -> U576 {
    U576::from_words(*s.limbs())
}

/// A `U576` as a wegman scalar.
pub(crate) fn to_scalar(x: &U576) -> Scalar {
    Scalar::from_limbs(x.as_words())
}

/// Big-endian bytes (at most 72) as an integer.
pub(crate) fn from_be_bytes(b: &[u8]) -> U576 {
    debug_assert!(b.len() <= 8 * LIMBS);
    let mut words = [0u64; LIMBS];
    for (i, &byte) in b.iter().rev().enumerate() {
        words[i / 8] |= u64::from(byte) << (8 * (i % 8));
    }
    U576::from_words(words)
}

/// An integer as 72 big-endian bytes.
pub(crate) fn to_be_bytes(x: &U576) -> [u8; 8 * LIMBS] {
    let mut out = [0u8; 8 * LIMBS];
    for (i, w) in x.as_words().iter().enumerate() {
        let at = 8 * (LIMBS - 1 - i);
        out[at..at + 8].copy_from_slice(&w.to_be_bytes());
    }
    out
}

/// The x-coordinate of a point, as an integer (FIPS 186-5 §6.4.1 step 6 for binary curves:
/// the field element's SEC 2 bit string read as an integer), reduced mod n.
pub(crate) fn x_mod_n<F: CurveField>(curve: &Curve<F>, modn: &ModN, x: &F::Elem) -> U576 {
    let e = curve.field().export_sec2(x);
    let mut words = [0u64; LIMBS];
    for (w, l) in words.iter_mut().zip(e.limbs()) {
        *w = *l;
    }
    modn.reduce(&U576::from_words(words))
}
