//! Limb-level arithmetic in F_2\[x\] / (P) for a trinomial or pentanomial P, generic over the
//! number of 64-bit limbs `N` so that every loop has a compile-time bound.
//!
//! A field element of F_{2^m} is `[u64; N]`, N = ⌈m/64⌉, bit i of the array (limb i / 64,
//! bit i mod 64) the coefficient of x^i, every bit at or above m zero. A double-width product
//! lives in a [`Wide`] buffer (2·[`MAX_LIMBS`] limbs, the first 2N used).
//!
//! Every function here runs the same instruction sequence for every value of its element
//! arguments: loops and shifts depend only on N and on the modulus [`Shape`] (public).

use wegman_f2::clmul::clmul64;

/// Limbs of the largest supported field, F_{2^571}.
pub(crate) const MAX_LIMBS: usize = 9;

/// A double-width polynomial (degree < 128·MAX_LIMBS).
pub(crate) type Wide = [u64; 2 * MAX_LIMBS];

/// The exponents of a trinomial or pentanomial P = x^m + Σ x^{mids} + 1 (mids descending,
/// `n_mids` of them: 1 or 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Shape {
    pub(crate) m: u32,
    pub(crate) mids: [u32; 3],
    pub(crate) n_mids: usize,
}

impl Shape {
    /// The limbs an element needs.
    pub(crate) const fn limbs(&self) -> usize {
        (self.m as usize).div_ceil(64)
    }

    /// The middle exponents.
    #[inline(always)]
    pub(crate) fn mids(&self) -> &[u32] {
        &self.mids[..self.n_mids]
    }
}

/// c ^= h·x^shift for the `hl` limbs of h (bits shifted past the buffer must be zero).
#[inline(always)]
fn xor_shl(c: &mut Wide, h: &Wide, hl: usize, shift: usize) {
    let (w, r) = (shift / 64, shift % 64);
    for i in 0..hl {
        c[i + w] ^= h[i] << r;
        if r != 0 && i + w + 1 < c.len() {
            c[i + w + 1] ^= h[i] >> (64 - r);
        }
    }
}

/// Reduces a polynomial of degree ≤ 2m − 2 modulo P, in place, and returns the N low limbs.
///
/// For a pentanomial whose middle exponents are all at most m − 128, at five limbs or more,
/// limbs are folded one at a time from the top: limb i (all of whose bits are ≥ m) times
/// x^{64i} is x^{64i−m}·(x^{mids} + … + 1), which lands at least two limbs below limb i, so
/// successive folds overlap little. A trinomial uses the levels below; other pentanomials fold
/// the part above x^m as a whole, lowering the degree by m − mids\[0\] per pass until it is
/// below m: a few passes, each independent across limbs, where limb-at-a-time folding would be
/// one long dependency chain. Measured on Zen 3 inside one dispatch (a field job): x^233 +
/// x^74 + 1 15 ns by levels against 50 ns limb by limb; x^163 + x^7 + x^6 + x^3 + 1 13 against
/// 29 ns as a whole; x^571 + x^10 + x^5 + x^2 + 1 75 ns limb by limb against 111 ns.
#[inline(always)]
pub(crate) fn reduce<const N: usize>(c: &mut Wide, s: &Shape) -> [u64; N] {
    let m = s.m as usize;
    let top = s.mids[0] as usize;
    debug_assert_eq!(N, s.limbs());
    if m - top >= 128 && s.n_mids > 1 && N >= 5 {
        let first_high = m.div_ceil(64);
        let mut i = 2 * N - 1;
        while i >= first_high {
            let t = c[i];
            c[i] = 0;
            for e in core::iter::once(0).chain(s.mids().iter().map(|&e| e as usize)) {
                let pos = 64 * i - m + e;
                let (w, r) = (pos / 64, pos % 64);
                c[w] ^= t << r;
                if r != 0 {
                    c[w + 1] ^= t >> (64 - r);
                }
            }
            i -= 1;
        }
        let (w, r) = (m / 64, m % 64);
        if r != 0 {
            let t = c[w] >> r;
            c[w] &= (1u64 << r) - 1;
            for e in core::iter::once(0).chain(s.mids().iter().map(|&e| e as usize)) {
                let (ew, er) = (e / 64, e % 64);
                c[ew] ^= t << er;
                if er != 0 {
                    c[ew + 1] ^= t >> (64 - er);
                }
            }
        }
    } else if s.n_mids == 1 {
        // Trinomial x^m + x^a + 1: with H = ⌊c / x^m⌋ (degree ≤ m − 2) and T_k = ⌊H / x^{k(m−a)}⌋,
        // x^m·H ≡ Σ_k (T_k + (x^a·T_k mod x^m)): each level's spill above x^m is the next
        // T_k, and every T_k comes straight from H, so the levels do not wait on each other.
        let a = top;
        let (w, r) = (m / 64, m % 64);
        let mut h = [0u64; MAX_LIMBS + 1];
        for (k, hk) in h.iter_mut().enumerate().take(N) {
            let lo = c[w + k] >> r;
            let hi = if r != 0 { c[w + k + 1] << (64 - r) } else { 0 };
            *hk = lo | hi;
        }
        let mut low = [0u64; N];
        low.copy_from_slice(&c[..N]);
        if r != 0 {
            low[N - 1] &= (1u64 << r) - 1;
        }
        let mut shift = 0;
        while shift + 2 <= m {
            // T = H >> shift; low ^= T ^ ((T << a) mod x^m).
            let (sw, sr) = (shift / 64, shift % 64);
            let t: [u64; N] = core::array::from_fn(|k| {
                let lo = if k + sw < N { h[k + sw] >> sr } else { 0 };
                let hi = if sr != 0 && k + sw + 1 < N {
                    h[k + sw + 1] << (64 - sr)
                } else {
                    0
                };
                lo | hi
            });
            let (aw, ar) = (a / 64, a % 64);
            for k in 0..N {
                low[k] ^= t[k];
                if k >= aw {
                    low[k] ^= t[k - aw] << ar;
                    if ar != 0 && k > aw {
                        low[k] ^= t[k - aw - 1] >> (64 - ar);
                    }
                }
            }
            if r != 0 {
                low[N - 1] &= (1u64 << r) - 1;
            }
            shift += m - a;
        }
        return low;
    } else {
        let mut d = 2 * m - 2;
        while d >= m {
            let hl = (d - m) / 64 + 1;
            let mut h: Wide = [0; 2 * MAX_LIMBS];
            let (w, r) = (m / 64, m % 64);
            for (k, hk) in h.iter_mut().enumerate().take(hl) {
                let lo = c[w + k] >> r;
                let hi = if r != 0 && w + k + 1 < c.len() {
                    c[w + k + 1] << (64 - r)
                } else {
                    0
                };
                *hk = lo | hi;
            }
            // Clear every bit at or above m.
            if r != 0 {
                c[w] &= (1u64 << r) - 1;
            } else {
                c[w] = 0;
            }
            for x in c.iter_mut().skip(w + 1) {
                *x = 0;
            }
            xor_shl(c, &h, hl, 0);
            for &e in s.mids() {
                xor_shl(c, &h, hl, e as usize);
            }
            d = d - m + top;
        }
    }
    core::array::from_fn(|i| c[i])
}

/// Spreads the 32 bits of x to the even positions of a `u64` (bit i to bit 2i).
#[inline(always)]
pub(crate) fn spread32(x: u32) -> u64 {
    let mut x = u64::from(x);
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    (x | (x << 1)) & 0x5555_5555_5555_5555
}

/// The inverse of [`spread32`] on the even bits: bit 2i of x to bit i.
#[inline(always)]
pub(crate) fn compact32(x: u64) -> u32 {
    let mut x = x & 0x5555_5555_5555_5555;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    ((x | (x >> 16)) & 0x0000_0000_FFFF_FFFF) as u32
}

/// a(x)^2 in F_2\[x\] (no reduction): bit i moves to bit 2i.
#[inline(always)]
pub(crate) fn square_wide<const N: usize>(a: &[u64; N]) -> Wide {
    let mut c: Wide = [0; 2 * MAX_LIMBS];
    for i in 0..N {
        c[2 * i] = spread32(a[i] as u32);
        c[2 * i + 1] = spread32((a[i] >> 32) as u32);
    }
    c
}

/// a(x)·b(x) in F_2\[x\] (no reduction), schoolbook over the portable [`clmul64`].
#[inline(always)]
pub(crate) fn mul_wide_soft<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Wide {
    let mut c: Wide = [0; 2 * MAX_LIMBS];
    for i in 0..N {
        for j in 0..N {
            let p = clmul64(a[i], b[j]);
            c[i + j] ^= p as u64;
            c[i + j + 1] ^= (p >> 64) as u64;
        }
    }
    c
}

/// Splits a into its even and odd parts: a = e(x)^2 + x·o(x)^2; returns (e, o), each of
/// degree < ⌈N·64/2⌉ (the low ⌈N/2⌉ limbs).
#[inline(always)]
pub(crate) fn even_odd<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut e = [0u64; N];
    let mut o = [0u64; N];
    for i in 0..N {
        let lo_e = u64::from(compact32(a[i]));
        let lo_o = u64::from(compact32(a[i] >> 1));
        e[i / 2] |= lo_e << (32 * (i % 2));
        o[i / 2] |= lo_o << (32 * (i % 2));
    }
    (e, o)
}

/// a·x^k for a of degree < 64·N − k (no bits lost): the shift-and-XOR step of the
/// square-root-friendly square root.
#[inline(always)]
pub(crate) fn xor_shifted<const N: usize>(acc: &mut [u64; N], a: &[u64; N], k: usize) {
    let (w, r) = (k / 64, k % 64);
    for i in 0..N - w {
        acc[i + w] ^= a[i] << r;
        if r != 0 && i + w + 1 < N {
            acc[i + w + 1] ^= a[i] >> (64 - r);
        }
    }
}

/// Parity of the bits of a & mask: a linear functional, constant-time.
#[inline(always)]
pub(crate) fn parity_and<const N: usize>(a: &[u64; N], mask: &[u64; N]) -> u8 {
    let mut x = 0u64;
    for i in 0..N {
        x ^= a[i] & mask[i];
    }
    (x.count_ones() & 1) as u8
}

/// Bit i of a.
#[inline(always)]
pub(crate) fn bit<const N: usize>(a: &[u64; N], i: usize) -> u64 {
    (a[i / 64] >> (i % 64)) & 1
}

/// Runs `$body` with `$N` a `const usize` equal to `$n` (1..=9).
macro_rules! by_limbs {
    ($n:expr, $N:ident => $body:expr) => {
        match $n {
            1 => {
                const $N: usize = 1;
                $body
            }
            2 => {
                const $N: usize = 2;
                $body
            }
            3 => {
                const $N: usize = 3;
                $body
            }
            4 => {
                const $N: usize = 4;
                $body
            }
            5 => {
                const $N: usize = 5;
                $body
            }
            6 => {
                const $N: usize = 6;
                $body
            }
            7 => {
                const $N: usize = 7;
                $body
            }
            8 => {
                const $N: usize = 8;
                $body
            }
            _ => {
                const $N: usize = 9;
                $body
            }
        }
    };
}

pub(crate) use by_limbs;

/// A source of a modulus shape.
pub(crate) trait ShapeOf: Copy {
    /// The shape.
    fn shape(self) -> Shape;
    /// ζ = sqrt(x)'s exponents for a square-root-friendly shape (how many), else none
    /// ([`ssrf_zeta`]); a constant for the compile-time shapes, so the square
    /// root's shifts are immediates.
    #[inline(always)]
    fn zeta(self) -> ([u32; 4], usize) {
        ssrf_zeta(&self.shape())
    }
}

impl ShapeOf for &Shape {
    #[inline(always)]
    fn shape(self) -> Shape {
        *self
    }
}

/// The exponents of ζ = sqrt(x) for a square-root-friendly shape, or 0 of them.
pub(crate) const fn ssrf_zeta(s: &Shape) -> ([u32; 4], usize) {
    if s.m.is_multiple_of(2) {
        return ([0; 4], 0);
    }
    let mut i = 0;
    while i < s.n_mids {
        if s.mids[i].is_multiple_of(2) {
            return ([0; 4], 0);
        }
        i += 1;
    }
    let mut z = [0u32; 4];
    z[0] = s.m.div_ceil(2);
    let mut i = 0;
    while i < s.n_mids {
        z[i + 1] = s.mids[i].div_ceil(2);
        i += 1;
    }
    (z, s.n_mids + 1)
}

/// The impls an element type of `MAX_LIMBS` limbs (a field `limbs: [u64; MAX_LIMBS]`) shares
/// in both bases: `ZERO`, `limbs()`, `is_zero()`, the unchecked and the fixed-size limb
/// conversions, `AsRef<[u64]>` (the limbs), constant-time selection and equality (`==` is
/// `ct_eq`), addition (XOR), and `Debug` as `$prefix` and hex.
macro_rules! limb_element {
    ($T:ident, $prefix:literal, $limbs_doc:literal) => {
        impl $T {
            /// Zero.
            pub const ZERO: $T = $T {
                limbs: [0; MAX_LIMBS],
            };

            #[doc = $limbs_doc]
            pub fn limbs(&self) -> &[u64; MAX_LIMBS] {
                &self.limbs
            }

            /// Whether this is zero, in constant time.
            pub fn is_zero(&self) -> subtle::Choice {
                subtle::ConstantTimeEq::ct_eq(self, &$T::ZERO)
            }

            /// From limbs the caller knows to be in range for its field.
            pub(crate) fn from_limbs_unchecked(limbs: [u64; MAX_LIMBS]) -> $T {
                $T { limbs }
            }

            #[inline(always)]
            fn get<const N: usize>(&self) -> [u64; N] {
                core::array::from_fn(|i| self.limbs[i])
            }

            #[inline(always)]
            fn put<const N: usize>(x: [u64; N]) -> $T {
                let mut limbs = [0; MAX_LIMBS];
                limbs[..N].copy_from_slice(&x);
                $T { limbs }
            }
        }

        impl AsRef<[u64]> for $T {
            /// The limbs.
            fn as_ref(&self) -> &[u64] {
                &self.limbs
            }
        }

        impl subtle::ConditionallySelectable for $T {
            fn conditional_select(a: &$T, b: &$T, choice: subtle::Choice) -> $T {
                $T {
                    limbs: core::array::from_fn(|i| {
                        u64::conditional_select(&a.limbs[i], &b.limbs[i], choice)
                    }),
                }
            }
        }

        impl subtle::ConstantTimeEq for $T {
            fn ct_eq(&self, other: &$T) -> subtle::Choice {
                self.limbs.ct_eq(&other.limbs)
            }
        }

        impl PartialEq for $T {
            fn eq(&self, other: &$T) -> bool {
                subtle::ConstantTimeEq::ct_eq(self, other).into()
            }
        }

        impl Eq for $T {}

        impl core::ops::Add for $T {
            type Output = $T;
            fn add(self, rhs: $T) -> $T {
                $T {
                    limbs: core::array::from_fn(|i| self.limbs[i] ^ rhs.limbs[i]),
                }
            }
        }

        impl core::ops::AddAssign for $T {
            fn add_assign(&mut self, rhs: $T) {
                *self = *self + rhs;
            }
        }

        impl core::fmt::Debug for $T {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str($prefix)?;
                let top = self.limbs.iter().rposition(|&w| w != 0).unwrap_or(0);
                write!(f, "{:x}", self.limbs[top])?;
                for w in self.limbs[..top].iter().rev() {
                    write!(f, "{w:016x}")?;
                }
                f.write_str(")")
            }
        }
    };
}

/// Big-endian hex (leading zeros optional, either case, surrounding spaces ignored) as the
/// integer's little-endian limbs; a number wider than `MAX_LIMBS` limbs is out of range for a
/// field of `degree`. Variable-time: for public input (parsers of docs/spec.md §2).
pub(crate) fn parse_hex_limbs(s: &str, degree: u32) -> Result<[u64; MAX_LIMBS], crate::Error> {
    use crate::Error;
    let s = s.trim();
    if s.is_empty() {
        return Err(Error::MalformedHex { reason: "empty" });
    }
    let mut limbs = [0u64; MAX_LIMBS];
    for (i, c) in s.bytes().rev().enumerate() {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => {
                return Err(Error::MalformedHex {
                    reason: "not a hexadecimal digit",
                });
            }
        };
        if d == 0 {
            continue;
        }
        if i >= 16 * MAX_LIMBS {
            return Err(Error::OutOfRange { degree });
        }
        limbs[i / 16] |= u64::from(d) << (4 * (i % 16));
    }
    Ok(limbs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_and_compact_are_inverse() {
        for x in [0u32, 1, 0x8000_0000, 0xdead_beef, u32::MAX] {
            assert_eq!(compact32(spread32(x)), x);
            assert_eq!(spread32(x) & 0xAAAA_AAAA_AAAA_AAAA, 0);
        }
    }
}
