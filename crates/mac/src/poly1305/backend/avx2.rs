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

/// Bytes per vector step (four blocks).
pub(crate) const STEP: usize = 64;

/// Bulk calls from this many bytes on run the kernel; shorter ones run the base 2^64 scalar
/// code. The kernel computes its own powers from r ([`KeyPowers`]), so a cached key changes
/// nothing and both entries ([with the key powers at hand, when they must first be
/// computed], as for the other backends) are the same. Measured crossover on Zen 5
/// (BENCHMARKS.md, "Poly1305 on packets"): 640 bytes (before the vector powers: 704–832
/// and 1280–1408 on Zen 5, 448–512 and 1152–1280 on Zen 4).
pub(crate) const VECTOR_MIN: [usize; 2] = [640, 640];

/// [`VECTOR_MIN`] (one value for every CPU).
#[inline]
pub(crate) fn vector_min() -> [usize; 2] {
    VECTOR_MIN
}

/// Below this many bytes the kernel runs one accumulator stepping by r^4 (its powers are one
/// vector product shallower); from here on two accumulators stepping by r^8, which hide each
/// other's latency (measured on Zen 5: equal at 512 bytes, two chains ahead from 640).
pub(crate) const TWO_CHAINS_MIN: usize = 512;

/// The most powers `blocks` takes from its caller: r itself. The kernel computes r^2..r^8 in
/// 26-bit vector form (three products, [`KeyPowers::new`]), which costs less than converting
/// cached 44-bit powers limb by limb, so a cached key has nothing to give it.
pub(crate) const MAX_POWERS: usize = 1;

/// r^1 (the kernel computes the rest).
#[target_feature(enable = "avx2")]
pub(crate) fn powers(r: &Fe1305x44, _n: usize) -> Powers<16> {
    Powers::new_upto(r, 1)
}

/// The powers r^1..r^n that `blocks` needs from its caller for `len` bytes: r.
pub(crate) const fn powers_for(_len: usize) -> usize {
    1
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
    /// A multiplier from limb vectors (lane j of `v.0[i]`: limb i of lane j's element).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn new(v: Fe1305x26x4) -> Mul {
        Mul {
            r: v.0,
            // 5·x = x + 4·x.
            s: v.0.map(|x| _mm256_add_epi64(x, _mm256_slli_epi64::<2>(x))),
        }
    }

    /// Lanes permuted by `IMM` (`vpermq`: lane j takes lane (IMM >> 2j) & 3).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn permuted<const IMM: i32>(v: &Fe1305x26x4) -> Mul {
        Mul::new(Fe1305x26x4(v.0.map(|x| _mm256_permute4x64_epi64::<IMM>(x))))
    }
}

/// The multipliers of one bulk call, computed from r in vector form: the step (r^4 or r^8
/// in every lane) and the last group's lane multipliers.
struct KeyPowers {
    step: Mul,
    /// Lane p: r^{4 − b(p)}, for the last group of the call.
    last0: Mul,
    /// Lane p: r^{8 − b(p)} (two chains only), for the other chain's last group.
    last4: Mul,
}

/// Lane p of the last group holds block b(p) = (0, 2, 1, 3)[p] and needs power index
/// 3 − b(p) of [x^1, x^2, x^3, x^4]: lanes (3, 1, 2, 0).
const LAST: i32 = 0b00_10_01_11;
/// Lane 3 in every lane.
const TOP: i32 = 0b11_11_11_11;

impl KeyPowers {
    /// r^2 = r·r; [r, r^2, r, r^2]·r^2 = [r^3, r^4, …]; so [r, r^2, r^3, r^4] by one blend;
    /// and, for two chains, [r..r^4]·r^4 = [r^5..r^8]: two or three products deep. Every
    /// product's limbs are below 2^26 + 2^10, valid multipliers (module docs).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn new(r: &Fe1305x44, two_chains: bool) -> KeyPowers {
        let v1 = Fe1305x26x4(to_26(r).map(|x| _mm256_set1_epi64x(x as i64)));
        let v2 = mul(v1, &Mul::new(v1));
        // Lanes 1 and 3 (32-bit words 2, 3, 6, 7), resp. lanes 2 and 3, from `y`.
        let odd = |x: &Fe1305x26x4, y: &Fe1305x26x4| {
            Fe1305x26x4(core::array::from_fn(|i| {
                _mm256_blend_epi32::<0b1100_1100>(x.0[i], y.0[i])
            }))
        };
        let high = |x: &Fe1305x26x4, y: &Fe1305x26x4| {
            Fe1305x26x4(core::array::from_fn(|i| {
                _mm256_blend_epi32::<0b1111_0000>(x.0[i], y.0[i])
            }))
        };
        let a = odd(&v1, &v2); // r, r^2, r, r^2
        let b = mul(a, &Mul::new(v2)); // r^3, r^4, r^3, r^4
        let p4 = high(&a, &b); // r, r^2, r^3, r^4
        let last0 = Mul::permuted::<LAST>(&p4);
        let step4 = Mul::permuted::<TOP>(&p4);
        if !two_chains {
            return KeyPowers {
                step: step4,
                last0,
                last4: last0,
            };
        }
        let p8 = mul(p4, &step4); // r^5..r^8
        KeyPowers {
            step: Mul::permuted::<TOP>(&p8),
            last0,
            last4: Mul::permuted::<LAST>(&p8),
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
/// given r (`powers.get(1)`; the kernel computes the other powers, [`KeyPowers`]).
///
/// A leading partial group first ([`partial_group`]), then whole groups: below
/// [`TWO_CHAINS_MIN`] one chain stepping by r^4; from there on the groups alternate between
/// two chains stepping by r^8 (the first takes groups 0, 2, 4, …, and each chain's last
/// multiplier accounts for the 4 or 0 blocks after its last group, as in the IFMA backend).
#[target_feature(enable = "avx2")]
pub(crate) fn blocks(h: &mut Fe1305x44, powers: &Powers<16>, data: &[u8]) {
    debug_assert!(data.len().is_multiple_of(16) && !data.is_empty());
    let two_chains = data.len() >= TWO_CHAINS_MIN;
    let k = KeyPowers::new(&powers.get(1), two_chains);
    let head = data.len() % STEP;
    let (first, lane) = if head > 0 {
        partial_group(&data[..head])
    } else {
        (load(data[..STEP].try_into().expect("one group")), 0)
    };
    let (rest, _) = data[if head > 0 { head } else { STEP }..].as_chunks::<STEP>();
    let mut a = add(in_lane(h, lane), first);
    if !two_chains {
        for g in rest {
            a = add(mul(a, &k.step), load(g));
        }
        *h = horizontal(mul(a, &k.last0));
    } else if let Some((g1, rest)) = rest.split_first() {
        let mut b = load(g1);
        let (pairs, odd) = rest.as_chunks::<2>();
        for [ga, gb] in pairs {
            a = add(mul(a, &k.step), load(ga));
            b = add(mul(b, &k.step), load(gb));
        }
        let (la, lb) = if let [g] = odd {
            a = add(mul(a, &k.step), load(g));
            (&k.last0, &k.last4)
        } else {
            (&k.last4, &k.last0)
        };
        a = mul(a, la);
        b = mul(b, lb);
        *h = horizontal(add(a, b));
    } else {
        *h = horizontal(mul(a, &k.last0));
    }
}
