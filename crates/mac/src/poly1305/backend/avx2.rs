//! AVX2 Poly1305: four interleaved polynomial streams in 26-bit limbs (`Fe1305x26x4`).
//!
//! The layout of Goll and Gueron (and of floodyberry's poly1305-donna vector code): each of
//! the five limbs of four lanes lives in one `__m256i`, and `vpmuludq` forms 32 × 32 → 64-bit
//! products. With h = Σ h_i 2^{26i}, r likewise and 2^130 ≡ 5 (so s_i = 5·r_i):
//!
//! ```text
//! d0 = h0 r0 + s4 h1 + s3 h2 + s2 h3 + s1 h4
//! d1 = h0 r1 + h1 r0 + s4 h2 + s3 h3 + s2 h4
//! d2 = h0 r2 + h1 r1 + h2 r0 + s4 h3 + s3 h4
//! d3 = h0 r3 + h1 r2 + h2 r1 + h3 r0 + s4 h4
//! d4 = h0 r4 + h1 r3 + h2 r2 + h3 r1 + h4 r0
//! ```
//!
//! Bounds: inputs h_i + c_i < 2^27.1, r_i ≤ 2^26 + 2^10, s_i < 2^28.4, so each d_i < 2^58 (no
//! 64-bit overflow). Two interleaved carry chains (0→1→2→3, 3→4→0·5→1) return limbs below
//! 2^26 + 2^10.
//!
//! Loading 64 bytes as two vectors and unpacking quadwords puts block b(p) = (0, 2, 1, 3)[p]
//! of the group into lane p; the lane powers follow that order. As in the IFMA backend, a
//! remainder of k < 4 blocks is loaded first as a partial group padded with zero blocks; then
//! the groups alternate between two independent accumulators multiplied by r^8 (one
//! accumulator multiplied by r^4 below [`TWO_CHAINS_MIN`]), and the last group of each
//! accumulator multiplies lane p by r^{top + 4 − b(p)}, with `top` the blocks after it.
//!
//! Everything is data-independent.

use core::arch::x86_64::*;

use super::soft::{Fe1305x44, Powers};
use zeroize::Zeroize;

/// Bytes per vector step (four blocks).
pub(crate) const STEP: usize = 64;

/// Bulk calls from this many bytes on run the kernel, [with the key powers at hand, when they
/// must first be computed]; shorter ones run the base 2^64 scalar code. Measured crossovers
/// on Zen 4 (BENCHMARKS.md, "Poly1305 on packets"): 448–512 and 1152–1280 bytes; on Zen 5
/// 704–832 and 1280–1408 (kept: AVX2 is Zen 5's fallback tier, not its default).
pub(crate) const VECTOR_MIN: [usize; 2] = [512, 1280];

/// [`VECTOR_MIN`] (the same on every CPU measured: Zen 4 and Zen 5).
#[inline]
pub(crate) fn vector_min() -> [usize; 2] {
    VECTOR_MIN
}

/// The key powers the kernel uses: r^1..r^8.
pub(crate) const POWERS: usize = 8;

/// Below this many bytes the kernel runs one accumulator stepping by r^4 (so needs only
/// r^1..r^4, three multiplications fewer for a cold key); from here on two accumulators
/// stepping by r^8, which hide each other's latency (measured on Zen 3).
pub(crate) const TWO_CHAINS_MIN: usize = 2048;

/// The most powers `blocks` needs.
pub(crate) const MAX_POWERS: usize = POWERS;

/// r^1..r^n (n ≤ 16) for `blocks`, by scalar products (r^8 is three deep).
#[target_feature(enable = "avx2")]
pub(crate) fn powers(r: &Fe1305x44, n: usize) -> Powers<16> {
    Powers::new_upto(r, n)
}

/// The powers r^1..r^n that `blocks` needs for `len` bytes.
pub(crate) const fn powers_for(len: usize) -> usize {
    if len < TWO_CHAINS_MIN { 4 } else { POWERS }
}

const MASK26: i64 = (1 << 26) - 1;

/// Four field elements in 26-bit limbs: five limb vectors, limb i of lane j is `v.i[j]`.
#[derive(Clone, Copy)]
struct Fe1305x26x4([__m256i; 5]);

/// A multiplier: limbs and their ×5 multiples (s0 unused).
#[derive(Clone, Copy)]
struct Mul {
    r: [__m256i; 5],
    s: [__m256i; 5],
}

/// An element as five 26-bit limbs (the top one may exceed 26 bits slightly).
fn to_26(x: &Fe1305x44) -> [u64; 5] {
    let [h0, h1, h2] = x.carry().0;
    // h < 2^130 + 2^100: rebuild the low 104 bits exactly and put the rest in limb 4.
    let low = u128::from(h0) + (u128::from(h1) << 44) + (u128::from(h2 & 0xffff) << 88);
    let m = (1u128 << 26) - 1;
    [
        (low & m) as u64,
        ((low >> 26) & m) as u64,
        ((low >> 52) & m) as u64,
        ((low >> 78) & m) as u64,
        ((low >> 104) as u64) + (h2 >> 16),
    ]
}

impl Mul {
    /// From one element (as 26-bit limbs) per lane, lanes given from 0 to 3.
    #[target_feature(enable = "avx2")]
    fn lanes(l: [&[u64; 5]; 4]) -> Mul {
        let limb = |i: usize, f: u64| {
            opaque(_mm256_set_epi64x(
                (l[3][i] * f) as i64,
                (l[2][i] * f) as i64,
                (l[1][i] * f) as i64,
                (l[0][i] * f) as i64,
            ))
        };
        Mul {
            r: [limb(0, 1), limb(1, 1), limb(2, 1), limb(3, 1), limb(4, 1)],
            s: [limb(0, 5), limb(1, 5), limb(2, 5), limb(3, 5), limb(4, 5)],
        }
    }
}

impl Mul {
    /// The same element (as 26-bit limbs) in every lane.
    #[target_feature(enable = "avx2")]
    fn splat(l: &[u64; 5]) -> Mul {
        let limb = |i: usize, f: u64| opaque(_mm256_set1_epi64x((l[i] * f) as i64));
        Mul {
            r: [limb(0, 1), limb(1, 1), limb(2, 1), limb(3, 1), limb(4, 1)],
            s: [limb(0, 5), limb(1, 5), limb(2, 5), limb(3, 5), limb(4, 5)],
        }
    }
}

/// `v` unchanged, through an empty asm statement that hides where it came from. Without it
/// LLVM, knowing the high halves of some operands are zero, rewrites several 32 × 32-bit
/// products of [`mul`] into 64 × 32-bit ones (two `vpmuludq`, two shifts and an add each;
/// measured 1.7× slower at 1 MiB on Zen 3).
#[inline]
#[target_feature(enable = "avx2")]
fn opaque(mut v: __m256i) -> __m256i {
    // SAFETY: the statement is empty: it reads and writes the register unchanged.
    unsafe { core::arch::asm!("/* {0} */", inout(ymm_reg) v, options(pure, nomem, nostack)) };
    v
}

/// h·m mod 2^130 − 5 in every lane.
#[inline]
#[target_feature(enable = "avx2")]
fn mul(h: Fe1305x26x4, m: &Mul) -> Fe1305x26x4 {
    let [h0, h1, h2, h3, h4] = h.0.map(|v| opaque(v));
    let [r0, r1, r2, r3, r4] = m.r;
    let [_, s1, s2, s3, s4] = m.s;
    let x = _mm256_mul_epu32;
    let a = _mm256_add_epi64;
    // Σ h_i·c_i, the adds paired so that the dependency chain is three deep.
    let dot = |c: [__m256i; 5]| {
        a(
            a(a(x(h0, c[0]), x(h1, c[1])), a(x(h2, c[2]), x(h3, c[3]))),
            x(h4, c[4]),
        )
    };
    let d0 = dot([r0, s4, s3, s2, s1]);
    let d1 = dot([r1, r0, s4, s3, s2]);
    let d2 = dot([r2, r1, r0, s4, s3]);
    let d3 = dot([r3, r2, r1, r0, s4]);
    let d4 = dot([r4, r3, r2, r1, r0]);

    let mask = _mm256_set1_epi64x(MASK26);
    let and = _mm256_and_si256;
    let shr = |v| _mm256_srli_epi64::<26>(v);
    // Two interleaved carry chains.
    let (d1, d0) = (a(d1, shr(d0)), and(d0, mask));
    let (d4, d3) = (a(d4, shr(d3)), and(d3, mask));
    let (d2, d1) = (a(d2, shr(d1)), and(d1, mask));
    let c4 = shr(d4);
    let d4 = and(d4, mask);
    let d0 = a(d0, a(c4, _mm256_slli_epi64::<2>(c4)));
    let (d3, d2) = (a(d3, shr(d2)), and(d2, mask));
    let (d1, d0) = (a(d1, shr(d0)), and(d0, mask));
    let (d4, d3) = (a(d4, shr(d3)), and(d3, mask));
    Fe1305x26x4([d0, d1, d2, d3, d4])
}

/// Loads four blocks as limbs, adding 2^128 to each (block (0, 2, 1, 3)[p] in lane p).
#[inline]
#[target_feature(enable = "avx2")]
fn load(chunk: &[u8; STEP]) -> Fe1305x26x4 {
    let (a, b) = chunk.split_at(32);
    // SAFETY: `a` and `b` are 32 readable bytes each; `loadu` has no alignment requirement.
    let (a, b) = unsafe {
        (
            _mm256_loadu_si256(a.as_ptr().cast()),
            _mm256_loadu_si256(b.as_ptr().cast()),
        )
    };
    limbs(a, b, _mm256_set1_epi64x(1 << 24))
}

/// The limbs of blocks 0, 1 (in `a`) and 2, 3 (in `b`), adding `top` (2^128 per present
/// block, as 2^24 in limb 4) lane by lane.
#[inline]
#[target_feature(enable = "avx2")]
fn limbs(a: __m256i, b: __m256i, top: __m256i) -> Fe1305x26x4 {
    let lo = _mm256_unpacklo_epi64(a, b);
    let hi = _mm256_unpackhi_epi64(a, b);
    let mask = _mm256_set1_epi64x(MASK26);
    let m0 = _mm256_and_si256(lo, mask);
    let m1 = _mm256_and_si256(_mm256_srli_epi64::<26>(lo), mask);
    let m2 = _mm256_and_si256(
        _mm256_or_si256(_mm256_srli_epi64::<52>(lo), _mm256_slli_epi64::<12>(hi)),
        mask,
    );
    let m3 = _mm256_and_si256(_mm256_srli_epi64::<14>(hi), mask);
    let m4 = _mm256_or_si256(_mm256_srli_epi64::<40>(hi), top);
    Fe1305x26x4([m0, m1, m2, m3, m4])
}

/// The lane that holds block `b` of a group (b(p) = (0, 2, 1, 3)[p] is its own inverse).
const fn lane_of(b: usize) -> usize {
    [0, 2, 1, 3][b]
}

/// The first group of a message of 4n + k blocks (0 < k < 4): its k leading blocks placed
/// as the last k blocks of a group whose 4 − k first blocks are zero (which add nothing to
/// the hash; see the IFMA backend's `partial_group`), and the lane of block 4 − k, which
/// takes the accumulator of earlier calls.
#[inline]
#[target_feature(enable = "avx2")]
fn partial_group(head: &[u8]) -> (Fe1305x26x4, usize) {
    let k = head.len() / 16;
    debug_assert!(k > 0 && k < 4 && head.len() == 16 * k);
    let zeros = 4 - k;
    let block = |j: usize| {
        if j < zeros {
            _mm_setzero_si128()
        } else {
            let b = &head[16 * (j - zeros)..16 * (j - zeros + 1)];
            // SAFETY: `b` is 16 readable bytes; `loadu` has no alignment requirement.
            unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
        }
    };
    let a = _mm256_set_m128i(block(1), block(0));
    let b = _mm256_set_m128i(block(3), block(2));
    let bit = [0, 2, 1, 3].map(|j| if j >= zeros { 1i64 << 24 } else { 0 });
    let g = limbs(a, b, _mm256_set_epi64x(bit[3], bit[2], bit[1], bit[0]));
    (g, lane_of(zeros))
}

#[inline]
#[target_feature(enable = "avx2")]
fn add(a: Fe1305x26x4, b: Fe1305x26x4) -> Fe1305x26x4 {
    Fe1305x26x4(core::array::from_fn(|i| _mm256_add_epi64(a.0[i], b.0[i])))
}

/// Lane multipliers for the last group when `top` more blocks follow it (`p26[k − 1]` = r^k).
#[target_feature(enable = "avx2")]
fn last_group(p26: &[[u64; 5]; POWERS], top: usize) -> Mul {
    let p = |k: usize| &p26[top + k - 1];
    Mul::lanes([p(4), p(2), p(3), p(1)])
}

/// The lanes' sum, carried into the portable representation.
#[target_feature(enable = "avx2")]
fn horizontal(acc: Fe1305x26x4) -> Fe1305x44 {
    let t = acc.0.map(|v| {
        let mut l = [0u64; 4];
        // SAFETY: `l` is 32 writable bytes; `storeu` has no alignment requirement.
        unsafe { _mm256_storeu_si256(l.as_mut_ptr().cast(), v) };
        l.iter().sum::<u64>()
    });
    // Limbs below 2^28.1: the low 104 bits fit a u128; limb 4 goes to the top 44-bit limb.
    let low = u128::from(t[0])
        + (u128::from(t[1]) << 26)
        + (u128::from(t[2]) << 52)
        + (u128::from(t[3]) << 78);
    let m44 = (1u128 << 44) - 1;
    Fe1305x44([
        (low & m44) as u64,
        ((low >> 44) & m44) as u64,
        ((low >> 88) as u64) + (t[4] << 16),
    ])
    .carry()
}

/// The limbs of `h` in lane `p`, zero elsewhere.
#[inline]
#[target_feature(enable = "avx2")]
fn in_lane(h: &Fe1305x44, p: usize) -> Fe1305x26x4 {
    let p = p as i64;
    let lane = _mm256_cmpeq_epi64(_mm256_set_epi64x(3, 2, 1, 0), _mm256_set1_epi64x(p));
    Fe1305x26x4(to_26(h).map(|x| _mm256_and_si256(_mm256_set1_epi64x(x as i64), lane)))
}

/// Absorbs `data` (a non-zero multiple of 16 bytes of full blocks) into the accumulator `h`,
/// given the key powers r^1..r^[`powers_for`]`(data.len())`.
///
/// A leading partial group first ([`partial_group`]), then whole groups: below
/// [`TWO_CHAINS_MIN`] one chain stepping by r^4; from there on the groups alternate between
/// two chains stepping by r^8 (the first takes groups 0, 2, 4, …, and each chain's last
/// multiplier accounts for the 4 or 0 blocks after its last group, as in the IFMA backend).
#[target_feature(enable = "avx2")]
pub(crate) fn blocks(h: &mut Fe1305x44, powers: &Powers<16>, data: &[u8]) {
    debug_assert!(data.len().is_multiple_of(16) && !data.is_empty());
    let n = powers_for(data.len());
    // The powers in 26-bit limbs, converted once.
    let mut p26 = [[0u64; 5]; POWERS];
    for (k, p) in p26.iter_mut().enumerate().take(n) {
        *p = to_26(&powers.get(k + 1));
    }
    let head = data.len() % STEP;
    let (first, lane) = if head > 0 {
        partial_group(&data[..head])
    } else {
        (load(data[..STEP].try_into().expect("one group")), 0)
    };
    let (rest, _) = data[if head > 0 { head } else { STEP }..].as_chunks::<STEP>();
    let mut a = add(in_lane(h, lane), first);
    if n < POWERS {
        let step = Mul::splat(&p26[3]);
        for g in rest {
            a = add(mul(a, &step), load(g));
        }
        *h = horizontal(mul(a, &last_group(&p26, 0)));
    } else if let Some((g1, rest)) = rest.split_first() {
        let mut b = load(g1);
        let step = Mul::splat(&p26[7]);
        let (pairs, odd) = rest.as_chunks::<2>();
        for [ga, gb] in pairs {
            a = add(mul(a, &step), load(ga));
            b = add(mul(b, &step), load(gb));
        }
        let (ta, tb) = if let [g] = odd {
            a = add(mul(a, &step), load(g));
            (0, 4)
        } else {
            (4, 0)
        };
        a = mul(a, &last_group(&p26, ta));
        b = mul(b, &last_group(&p26, tb));
        *h = horizontal(add(a, b));
    } else {
        *h = horizontal(mul(a, &last_group(&p26, 0)));
    }
    p26[..n].as_flattened_mut().zeroize();
}
