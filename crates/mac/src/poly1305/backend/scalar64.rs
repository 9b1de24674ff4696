//! Poly1305 on base 2^64: three 64-bit limbs, the short-message path of every tier.
//!
//! # Representation
//! h = h0 + h1·2^64 + h2·2^128 with h0, h1 < 2^64 and a small h2 (at most 4 between blocks,
//! at most 6 after adding a block). The clamped key is r = r0 + r1·2^64 with r0, r1 < 2^60 and
//! r1 ≡ 0 (mod 4), so with s1 = r1 + r1/4 = 5·r1/4 (< 2^60.33):
//!
//! ```text
//! h·r = h0 r0 + (h0 r1 + h1 r0)·2^64 + (h1 r1 + h2 r0)·2^128 + h2 r1·2^192
//!     ≡ (h0 r0 + h1 s1) + (h0 r1 + h1 r0 + h2 s1)·2^64 + h2 r0·2^128     (mod 2^130 − 5)
//! ```
//!
//! since h1 r1·2^128 = h1 (r1/4)·2^130 ≡ 5 h1 (r1/4) = h1 s1, and likewise for h2 r1·2^192.
//! So a block costs four 64 × 64 → 128-bit products and two 64 × 64 → 64-bit ones (the
//! 44-bit representation of `soft` needs nine), which is what OpenSSL's and most scalar x86-64
//! Poly1305 code does.
//!
//! # Bounds
//! d0 = h0 r0 + h1 s1 < 2^124 + 2^124.33 < 2^125.2 and d1 = h0 r1 + h1 r0 + h2 s1 < 2^125.1:
//! no `u128` overflow. After d1 += d0 >> 64, h2 = h2 r0 + (d1 >> 64) < 2^63 + 2^62; the
//! reduction folds the bits of h2 above 2^130 back as 5·(h2 >> 2) (< 2^63.4 + 2^61.4, no
//! overflow) and leaves h2 ≤ 3 plus a carry: h2 ≤ 4.
//!
//! # Where it runs
//! On the `soft` backend (portable `u128` products) and, compiled with BMI2 enabled (`mulx`),
//! inside the x86-64 backends for short messages and for what is left after the vector body. The accumulator between bulk calls stays the 44-bit
//! [`Fe1305x44`] every backend shares; the conversions in and out are a few shifts.
//!
//! Everything is straight-line arithmetic: no branch or index depends on the key, the
//! accumulator or the message.

use zeroize::Zeroize;

use super::soft::Fe1305x44;

const MASK44: u64 = (1 << 44) - 1;

/// The clamped key r in base 2^64 with s1 = r1 + r1/4.
#[derive(Clone, Copy, Default, Zeroize)]
pub(crate) struct Key64 {
    r0: u64,
    r1: u64,
    s1: u64,
}

impl Key64 {
    /// From the clamped r (< 2^124, r1 a multiple of 4).
    #[inline(always)]
    pub(crate) fn new(r: u128) -> Key64 {
        let (r0, r1) = (r as u64, (r >> 64) as u64);
        Key64 {
            r0,
            r1,
            s1: r1 + (r1 >> 2),
        }
    }
}

/// h in base 2^64 from carried 44-bit limbs (h0, h1 < 2^44 + 2^12, h2 < 2^42 + 2^12).
#[inline(always)]
fn from44(h: &Fe1305x44) -> [u64; 3] {
    let [h0, h1, h2] = h.0;
    let low = u128::from(h0) + (u128::from(h1) << 44);
    let (x, carry) = low.overflowing_add(u128::from(h2 & ((1 << 40) - 1)) << 88);
    [x as u64, (x >> 64) as u64, (h2 >> 40) + u64::from(carry)]
}

/// Carried 44-bit limbs from h in base 2^64 (h2 ≤ 6).
#[inline(always)]
fn to44(h: [u64; 3]) -> Fe1305x44 {
    let [h0, h1, h2] = h;
    Fe1305x44([
        h0 & MASK44,
        ((h0 >> 44) | (h1 << 20)) & MASK44,
        (h1 >> 24) | (h2 << 40),
    ])
    .carry()
}

/// u64 × u64 → u128.
#[inline(always)]
fn m(a: u64, b: u64) -> u128 {
    u128::from(a) * u128::from(b)
}

/// h ← (h + c)·r for one block c (its 16 bytes plus `hibit`·2^128).
#[inline(always)]
fn block(h: [u64; 3], k: &Key64, c: &[u8; 16], hibit: u64) -> [u64; 3] {
    let c = u128::from_le_bytes(*c);
    let (lo, carry) = (u128::from(h[0]) | (u128::from(h[1]) << 64)).overflowing_add(c);
    let (h0, h1) = (lo as u64, (lo >> 64) as u64);
    let h2 = h[2] + hibit + u64::from(carry);

    let d0 = m(h0, k.r0) + m(h1, k.s1);
    let d1 = m(h0, k.r1) + m(h1, k.r0) + u128::from(h2 * k.s1) + (d0 >> 64);
    let h2 = h2 * k.r0 + (d1 >> 64) as u64;
    // Fold the bits at and above 2^130 back in as 5·(h2 >> 2).
    let fold = (h2 & !3) + (h2 >> 2);
    let (lo, carry) = (u128::from(d0 as u64) | (d1 << 64)).overflowing_add(u128::from(fold));
    [lo as u64, (lo >> 64) as u64, (h2 & 3) + u64::from(carry)]
}

/// Absorbs whole 16-byte blocks into `h`: h ← (h + c)·r each, c the block read little-endian
/// plus `hibit`·2^128.
#[inline(always)]
pub(crate) fn blocks(h: &mut Fe1305x44, k: &Key64, data: &[u8], hibit: u64) {
    debug_assert!(data.len().is_multiple_of(16));
    let mut x = from44(h);
    let (chunks, _) = data.as_chunks::<16>();
    for c in chunks {
        x = block(x, k, c, hibit);
    }
    *h = to44(x);
    x.zeroize();
}

/// [`blocks`] compiled with BMI2 (`mulx`: products that leave the flags alone), for the
/// x86-64 backends. (ADX is not enabled: its `adcx`/`adox` pay for two interleaved carry
/// chains, and each block here has one; LLVM emits `adc` for it either way.)
///
/// # Safety
/// The CPU must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
pub(crate) unsafe fn blocks_bmi2(h: &mut Fe1305x44, k: &Key64, data: &[u8], hibit: u64) {
    blocks(h, k, data, hibit);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_round_trip() {
        for x in [0u128, 1, (1 << 127) + 12345, u128::MAX] {
            let h = Fe1305x44::from_u128(x).carry();
            let b = from44(&h);
            assert_eq!(u128::from(b[0]) | (u128::from(b[1]) << 64), x);
            assert_eq!(b[2], 0);
            assert_eq!(to44(b).0, h.0);
        }
    }
}
