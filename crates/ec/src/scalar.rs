//! Scalars: non-negative integers below 2^576, little-endian 64-bit limbs. Parsing is for
//! public input; the ladder reads the bits of a secret scalar with masks only.

use subtle::{Choice, ConstantTimeEq};
use zeroize::Zeroize;

use crate::error::Error;

/// Limbs of a scalar (576 bits: room for the 571-bit orders).
const LIMBS: usize = 9;

/// A scalar, little-endian limbs. `==` is constant-time.
#[derive(Clone, Copy, Default)]
pub struct Scalar {
    limbs: [u64; LIMBS],
}

impl core::fmt::Debug for Scalar {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Scalars may be secret keys: never printed.
        f.write_str("Scalar(..)")
    }
}

impl Zeroize for Scalar {
    fn zeroize(&mut self) {
        self.limbs.zeroize();
    }
}

impl ConstantTimeEq for Scalar {
    fn ct_eq(&self, other: &Scalar) -> Choice {
        self.limbs.ct_eq(&other.limbs)
    }
}

impl PartialEq for Scalar {
    fn eq(&self, other: &Scalar) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for Scalar {}

impl Scalar {
    /// Zero.
    pub const ZERO: Scalar = Scalar { limbs: [0; LIMBS] };

    /// From little-endian limbs (up to nine).
    pub fn from_limbs(l: &[u64]) -> Scalar {
        let mut limbs = [0; LIMBS];
        for (o, &x) in limbs.iter_mut().zip(l) {
            *o = x;
        }
        Scalar { limbs }
    }

    /// The limbs.
    pub fn limbs(&self) -> &[u64; LIMBS] {
        &self.limbs
    }

    /// Big-endian hex of any length up to 576 bits (leading zeros allowed); the curve checks
    /// the length against its order.
    pub(crate) fn from_hex_unchecked(s: &str) -> Result<Scalar, Error> {
        let s = s.trim();
        if s.is_empty() {
            return Err(Error::MalformedScalar);
        }
        let mut limbs = [0u64; LIMBS];
        for (i, c) in s.bytes().rev().enumerate() {
            let d = (c as char).to_digit(16).ok_or(Error::MalformedScalar)?;
            if d == 0 {
                continue;
            }
            if i >= 16 * LIMBS {
                return Err(Error::ScalarTooLong {
                    bits: 64 * LIMBS as u32,
                });
            }
            limbs[i / 16] |= u64::from(d) << (4 * (i % 16));
        }
        Ok(Scalar { limbs })
    }

    /// The bit length (variable-time: for public scalars and the curve order).
    pub fn bits(&self) -> u32 {
        self.limbs
            .iter()
            .rposition(|&w| w != 0)
            .map_or(0, |i| 64 * i as u32 + 64 - self.limbs[i].leading_zeros())
    }

    /// Whether the scalar is below 2^bits, in constant time (every limb is read and masked).
    pub fn ct_fits_bits(&self, bits: u32) -> subtle::Choice {
        let mut over = 0u64;
        for (i, &w) in self.limbs.iter().enumerate() {
            let lo = 64 * i as u32;
            // The bits of limb i at or above `bits` (all of them when the limb starts there).
            let mask = if bits <= lo {
                !0
            } else if bits - lo >= 64 {
                0
            } else {
                !0u64 << (bits - lo)
            };
            over |= w & mask;
        }
        subtle::ConstantTimeEq::ct_eq(&over, &0)
    }

    /// Bit i as 0 or 1 (a load at a public index; no branch).
    pub fn bit(&self, i: usize) -> u64 {
        (self.limbs[i / 64] >> (i % 64)) & 1
    }

    /// 2·self mod n for self < n, in constant time (a carry chain and a masked subtraction).
    pub(crate) fn double_mod(&self, n: &Scalar) -> Scalar {
        let mut d = [0u64; LIMBS];
        let mut carry = 0u64;
        for (o, &w) in d.iter_mut().zip(&self.limbs) {
            *o = (w << 1) | carry;
            carry = w >> 63;
        }
        // d − n, and whether it borrowed (then d < n, keep d; a carry out means d ≥ n).
        let mut r = [0u64; LIMBS];
        let mut borrow = 0u64;
        for i in 0..LIMBS {
            let (x, b1) = d[i].overflowing_sub(n.limbs[i]);
            let (x, b2) = x.overflowing_sub(borrow);
            r[i] = x;
            borrow = u64::from(b1 | b2);
        }
        let keep_d = 0u64.wrapping_sub(borrow & !carry);
        Scalar {
            limbs: core::array::from_fn(|i| (d[i] & keep_d) | (r[i] & !keep_d)),
        }
    }

    /// self < n, in constant time (a borrow chain).
    pub(crate) fn ct_less_than(&self, n: &Scalar) -> subtle::Choice {
        let mut borrow = 0u64;
        for i in 0..LIMBS {
            let (d, b1) = self.limbs[i].overflowing_sub(n.limbs[i]);
            let (_, b2) = d.overflowing_sub(borrow);
            borrow = u64::from(b1 | b2);
        }
        subtle::Choice::from(borrow as u8)
    }

    /// Big-endian hex, no leading zeros (`0` for zero).
    pub fn to_hex(&self) -> alloc::string::String {
        let mut s = alloc::string::String::new();
        for w in self.limbs.iter().rev() {
            s += &alloc::format!("{w:016x}");
        }
        let t = s.trim_start_matches('0');
        if t.is_empty() { "0".into() } else { t.into() }
    }
}
