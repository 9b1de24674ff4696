//! AVX-512 IFMA Poly1305: eight (or sixteen) interleaved polynomial streams in 44-bit limbs.
//!
//! # Layout
//! Eight consecutive blocks go to eight 64-bit lanes; each of the three limbs of all lanes
//! lives in one `__m512i`. Loading 128 bytes as two vectors and unpacking their low and high
//! quadwords puts block `p/2 + 4·(p mod 2)` of the group into lane p; the lane powers below
//! follow that order, so no permutation is needed.
//!
//! # Algorithm
//! For q = 8n blocks c_1..c_q the hash is Σ c_t r^{q−t+1}. Lane j accumulates
//! h_j ← (h_j + c)·r^8 for the first n − 1 groups and h_j ← (h_j + c)·r^{8−b(j)} for the
//! last, where b(j) is the lane's block index in the group; the sum of the lanes is then
//! exactly Σ c_t r^{q−t+1}. The accumulator of earlier blocks enters as an addend of the first
//! block, which is multiplied by r^q.
//!
//! # One multiplication
//! `vpmadd52luq`/`vpmadd52huq` multiply the low 52 bits of two lanes and add the low or high
//! 52 bits of the 104-bit product to an accumulator. All limbs have weight 2^{44i} and
//! 2^132 ≡ 20, so with s_i = 20·r_i the column sums are those of the portable backend,
//! each split as lo + hi·2^52 = lo + (hi·2^8)·2^44:
//!
//! ```text
//! t0 = lo0 + 20·2^8·hi2,   t1 = lo1 + 2^8·hi0,   t2 = lo2 + 2^8·hi1
//! ```
//!
//! then one carry pass 44/44/44 bits with the top carry re-entering as ×20.
//!
//! Bounds: inputs h_i + c_i < 2^45.1 and r_i < 2^44, s_i < 2^48.4 (all < 2^52, as the
//! instruction requires), so each product is < 2^93.5, lo-sums < 2^53.6, hi-sums < 2^43.1,
//! t0 < 2^55.5, t1, t2 < 2^53.7. After the carry pass h0 < 2^44 + 2^14.3 and h1, h2 < 2^44,
//! so adding the next block (limbs < 2^44, 2^44, 2^41) keeps every input below 2^45.1.
//!
//! Everything is data-independent: the same instructions and addresses for every key and
//! message.

use core::arch::x86_64::*;

use super::soft::{Fe1305x44, Powers};

/// Bytes per vector step (eight blocks).
pub(crate) const STEP: usize = 128;

/// Bulk calls from this many bytes on run the kernel, [with the key powers at hand, when they
/// must first be computed]; shorter ones run the base 2^64 scalar code. Measured crossovers
/// (BENCHMARKS.md, "Poly1305 on packets"): on Zen 4, whose 512-bit operations take two
/// passes, 192–256 and 512–640 bytes; on Zen 5 (full width) 160–192 and 352–384 bytes
/// (medians of in-process cycle counts, a fresh key per message).
pub(crate) const VECTOR_MIN_SPLIT: [usize; 2] = [256, 640];

/// [`VECTOR_MIN_SPLIT`] for CPUs with full-width AVX-512 (every one not known to split).
pub(crate) const VECTOR_MIN_FULL: [usize; 2] = [192, 384];

/// The thresholds for this CPU (a public, per-process choice: see `wegman_arch::uarch`).
#[inline]
pub(crate) fn vector_min() -> [usize; 2] {
    match wegman_arch::uarch::avx512_width() {
        wegman_arch::uarch::Avx512Width::Split => VECTOR_MIN_SPLIT,
        wegman_arch::uarch::Avx512Width::Full => VECTOR_MIN_FULL,
    }
}

/// The most powers `blocks` needs.
pub(crate) const MAX_POWERS: usize = 16;

/// The powers r^1..r^n that `blocks` needs: r^1..r^16 at every length (computed by
/// [`powers`]).
pub(crate) const fn powers_for(_len: usize) -> usize {
    16
}

const MASK44: i64 = (1 << 44) - 1;

/// Eight field elements in 44-bit limbs: three limb vectors, limb i of lane j is `v.i[j]`.
#[derive(Clone, Copy)]
struct Fe1305x44x8([__m512i; 3]);

/// A multiplier: limbs and the ×20 multiples of limbs 1 and 2.
#[derive(Clone, Copy)]
struct Mul {
    r: [__m512i; 3],
    s: [__m512i; 2],
}

impl Mul {
    /// From limb vectors (lane j of `r[i]`: limb i of lane j's multiplier).
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn new(r: [__m512i; 3]) -> Mul {
        // 20·x = 16·x + 4·x.
        let times20 =
            |x: __m512i| _mm512_add_epi64(_mm512_slli_epi64::<4>(x), _mm512_slli_epi64::<2>(x));
        Mul {
            r,
            s: [times20(r[1]), times20(r[2])],
        }
    }

    /// Lane `k` of `v` in every lane.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn splat_lane(v: &Fe1305x44x8, k: i64) -> Mul {
        let idx = _mm512_set1_epi64(k);
        Mul::new(v.0.map(|l| _mm512_permutexvar_epi64(idx, l)))
    }
}

/// The low and the high 52 bits of each x_i·y_i, each summed per lane (`vpmadd52luq` and
/// `vpmadd52huq` three times each).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn dot3(x: [__m512i; 3], y: [__m512i; 3]) -> (__m512i, __m512i) {
    let (mut lo, mut hi) = (_mm512_setzero_si512(), _mm512_setzero_si512());
    for i in 0..3 {
        lo = _mm512_madd52lo_epu64(lo, x[i], y[i]);
        hi = _mm512_madd52hi_epu64(hi, x[i], y[i]);
    }
    (lo, hi)
}

/// h·m mod 2^130 − 5 in every lane (see the module docs for bounds).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn mul(h: Fe1305x44x8, m: &Mul) -> Fe1305x44x8 {
    let [r0, r1, r2] = m.r;
    let [s1, s2] = m.s;
    let (c0, c1, c2) = ([r0, s2, s1], [r1, r0, s2], [r2, r1, r0]);
    let (lo0, hi0) = dot3(h.0, c0);
    let (lo1, hi1) = dot3(h.0, c1);
    let (lo2, hi2) = dot3(h.0, c2);

    // 20·2^8·hi2 = 2^12·hi2 + 2^10·hi2.
    let t0 = _mm512_add_epi64(
        lo0,
        _mm512_add_epi64(_mm512_slli_epi64::<12>(hi2), _mm512_slli_epi64::<10>(hi2)),
    );
    let t1 = _mm512_add_epi64(lo1, _mm512_slli_epi64::<8>(hi0));
    let t2 = _mm512_add_epi64(lo2, _mm512_slli_epi64::<8>(hi1));

    let mask = _mm512_set1_epi64(MASK44);
    let t1 = _mm512_add_epi64(t1, _mm512_srli_epi64::<44>(t0));
    let t0 = _mm512_and_si512(t0, mask);
    let t2 = _mm512_add_epi64(t2, _mm512_srli_epi64::<44>(t1));
    let t1 = _mm512_and_si512(t1, mask);
    let c = _mm512_srli_epi64::<44>(t2);
    let t2 = _mm512_and_si512(t2, mask);
    // 20·c = 16·c + 4·c.
    let t0 = _mm512_add_epi64(
        t0,
        _mm512_add_epi64(_mm512_slli_epi64::<4>(c), _mm512_slli_epi64::<2>(c)),
    );
    Fe1305x44x8([t0, t1, t2])
}

/// Loads eight blocks as limbs, adding 2^128 to each (block p/2 + 4·(p mod 2) in lane p).
#[inline]
#[target_feature(enable = "avx512f")]
fn load(chunk: &[u8; STEP]) -> Fe1305x44x8 {
    let (a, b) = chunk.split_at(64);
    // SAFETY: `a` and `b` are 64 readable bytes each; `loadu` has no alignment requirement.
    let (a, b) = unsafe {
        (
            _mm512_loadu_si512(a.as_ptr().cast()),
            _mm512_loadu_si512(b.as_ptr().cast()),
        )
    };
    limbs(a, b, 0xff)
}

/// The limbs of blocks 0–3 (in `a`) and 4–7 (in `b`), adding 2^128 in the lanes of
/// `present` only.
#[inline]
#[target_feature(enable = "avx512f")]
fn limbs(a: __m512i, b: __m512i, present: __mmask8) -> Fe1305x44x8 {
    let lo = _mm512_unpacklo_epi64(a, b);
    let hi = _mm512_unpackhi_epi64(a, b);
    let mask = _mm512_set1_epi64(MASK44);
    let m0 = _mm512_and_si512(lo, mask);
    let m1 = _mm512_and_si512(
        _mm512_or_si512(_mm512_srli_epi64::<44>(lo), _mm512_slli_epi64::<20>(hi)),
        mask,
    );
    let m2 = _mm512_or_si512(
        _mm512_srli_epi64::<24>(hi),
        _mm512_maskz_set1_epi64(present, 1 << 40),
    );
    Fe1305x44x8([m0, m1, m2])
}

/// The lane that holds block `b` of a group (the inverse of b(p) = p/2 + 4·(p mod 2)).
const fn lane_of(b: usize) -> usize {
    if b < 4 { 2 * b } else { 2 * (b - 4) + 1 }
}

/// The first group of a message of 8n + k blocks (0 < k < 8): its k leading blocks placed as
/// the last k blocks of a group whose 8 − k first blocks are zero, and the lane of block
/// 8 − k. Zero blocks (no 2^128 term) add nothing to Σ c_t r^{q−t+1}, so the rest of the
/// message runs in whole groups and no block is left to the scalar code; the accumulator of
/// earlier calls belongs to the lane of the first real block, block 8 − k.
#[inline]
#[target_feature(enable = "avx512f")]
fn partial_group(head: &[u8]) -> (Fe1305x44x8, usize) {
    let k = head.len() / 16;
    debug_assert!(k > 0 && k < 8 && head.len() == 16 * k);
    let zeros = 8 - k;
    let block = |j: usize| {
        if j < zeros {
            _mm_setzero_si128()
        } else {
            let b = &head[16 * (j - zeros)..16 * (j - zeros + 1)];
            // SAFETY: `b` is 16 readable bytes; `loadu` has no alignment requirement.
            unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
        }
    };
    let four = |j: usize| {
        let lo = _mm256_set_m128i(block(j + 1), block(j));
        let hi = _mm256_set_m128i(block(j + 3), block(j + 2));
        _mm512_inserti64x4::<1>(_mm512_castsi256_si512(lo), hi)
    };
    let present = (0..8)
        .filter(|&p| p / 2 + 4 * (p % 2) >= zeros)
        .fold(0u8, |m, p| m | 1 << p);
    (limbs(four(0), four(4), present), lane_of(zeros))
}

#[inline]
#[target_feature(enable = "avx512f")]
fn add(a: Fe1305x44x8, b: Fe1305x44x8) -> Fe1305x44x8 {
    Fe1305x44x8([
        _mm512_add_epi64(a.0[0], b.0[0]),
        _mm512_add_epi64(a.0[1], b.0[1]),
        _mm512_add_epi64(a.0[2], b.0[2]),
    ])
}

/// Limbs of r^{k+1}..r^{k+8} (`k` = 0 or 8), lane j holding r^{k+1+j}.
#[inline]
#[target_feature(enable = "avx512f")]
fn eight_powers(powers: &Powers<16>, k: usize) -> Fe1305x44x8 {
    Fe1305x44x8(core::array::from_fn(|i| {
        let row = &powers.row(i)[k..k + 8];
        // SAFETY: `row` is 8 readable u64s; `loadu` has no alignment requirement.
        unsafe { _mm512_loadu_si512(row.as_ptr().cast()) }
    }))
}

/// Lane multipliers for the last group when `top` (0 or 8) more blocks follow it: lane p
/// holds block b(p) = p/2 + 4(p mod 2) of its group and needs r^(top + 8 − b(p)), one
/// permutation of r^{top+1}..r^{top+8}.
#[inline]
#[target_feature(enable = "avx512f")]
fn last_group(powers: &Powers<16>, top: usize) -> Mul {
    let v = eight_powers(powers, top);
    // Lane p takes power index 7 − b(p): [7, 3, 6, 2, 5, 1, 4, 0].
    let idx = _mm512_set_epi64(0, 4, 1, 5, 2, 6, 3, 7);
    Mul::new(v.0.map(|l| _mm512_permutexvar_epi64(idx, l)))
}

/// r^1..r^16 by three vector multiplications and one scalar one: r^2; then
/// [r, r^2, …]·r^2 gives r^3, r^4; [r..r^4, r..r^4]·r^4 gives r^5..r^8 in the upper half; and
/// [r..r^8]·r^8 gives r^9..r^16 (against fifteen scalar multiplications). The products are
/// the kernel's own (limbs below 2^44 + 2^14.3, 2^44, 2^44: valid multipliers and addends).
#[target_feature(enable = "avx512f,avx512ifma")]
pub(crate) fn powers(r: &Fe1305x44, _n: usize) -> Powers<16> {
    let r2 = r.mul(r);
    let bcast = |x: &Fe1305x44| x.0.map(|l| _mm512_set1_epi64(l as i64));
    let (vr, vr2) = (bcast(r), bcast(&r2));
    // Odd lanes r^2, even lanes r.
    let a = Fe1305x44x8(core::array::from_fn(|i| {
        _mm512_mask_blend_epi64(0b1010_1010, vr[i], vr2[i])
    }));
    let b = mul(a, &Mul::new(vr2)); // r^3, r^4, r^3, r^4, …
    let c = Fe1305x44x8(core::array::from_fn(|i| {
        _mm512_mask_blend_epi64(0b1100_1100, a.0[i], b.0[i])
    })); // r, r^2, r^3, r^4, r, r^2, r^3, r^4
    let d = mul(c, &Mul::splat_lane(&b, 1)); // r^5..r^8 twice
    let low = Fe1305x44x8(core::array::from_fn(|i| {
        _mm512_mask_blend_epi64(0b1111_0000, c.0[i], d.0[i])
    })); // r^1..r^8
    let high = mul(low, &Mul::splat_lane(&d, 3)); // r^9..r^16
    let mut limbs = [[0u64; 16]; 3];
    for (i, row) in limbs.iter_mut().enumerate() {
        // SAFETY: each half of `row` is 8 writable u64s; `storeu` has no alignment requirement.
        unsafe {
            _mm512_storeu_si512(row.as_mut_ptr().cast(), low.0[i]);
            _mm512_storeu_si512(row[8..].as_mut_ptr().cast(), high.0[i]);
        }
    }
    let p = Powers::from_limbs(limbs, 16);
    zeroize::Zeroize::zeroize(&mut limbs);
    p
}

/// The eight lanes' sum, carried into the portable representation.
#[target_feature(enable = "avx512f")]
fn horizontal(acc: Fe1305x44x8) -> Fe1305x44 {
    Fe1305x44(acc.0.map(|v| _mm512_reduce_add_epi64(v) as u64)).carry()
}

/// The limbs of `h` in lane `p`, zero elsewhere.
#[inline]
#[target_feature(enable = "avx512f")]
fn in_lane(h: &Fe1305x44, p: usize) -> Fe1305x44x8 {
    Fe1305x44x8(h.0.map(|x| _mm512_maskz_set1_epi64(1 << p, x as i64)))
}

/// Absorbs `data` (a non-zero multiple of 16 bytes of full blocks) into the accumulator `h`,
/// given the key powers r^1..r^16.
///
/// The groups (a leading partial one first, see [`partial_group`]) alternate between two
/// independent eight-lane accumulators multiplied by r^16, so the two multiplication chains
/// overlap in the pipeline. With g groups, the first chain takes groups 0, 2, 4, … and the
/// second 1, 3, …; each chain's last group is followed by 8 more blocks (the other chain's
/// last group) or none, which its last multiplier says.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(crate) fn blocks(h: &mut Fe1305x44, powers: &Powers<16>, data: &[u8]) {
    debug_assert!(data.len().is_multiple_of(16) && !data.is_empty());
    let head = data.len() % STEP;
    let (first, lane) = if head > 0 {
        partial_group(&data[..head])
    } else {
        (load(data[..STEP].try_into().expect("one group")), 0)
    };
    let (rest, _) = data[if head > 0 { head } else { STEP }..].as_chunks::<STEP>();
    let mut a = add(in_lane(h, lane), first);
    let Some((g1, rest)) = rest.split_first() else {
        *h = horizontal(mul(a, &last_group(powers, 0)));
        return;
    };
    let mut b = load(g1);
    let step = Mul::splat_lane(&eight_powers(powers, 8), 7);
    let (pairs, odd) = rest.as_chunks::<2>();
    for [ga, gb] in pairs {
        a = add(mul(a, &step), load(ga));
        b = add(mul(b, &step), load(gb));
    }
    let (ta, tb) = if let [g] = odd {
        a = add(mul(a, &step), load(g));
        (0, 8)
    } else {
        (8, 0)
    };
    a = mul(a, &last_group(powers, ta));
    b = mul(b, &last_group(powers, tb));
    *h = horizontal(add(a, b));
}
