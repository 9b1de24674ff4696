//! The AVX-512 GFNI backend: byte-sliced, 64 lanes per vector.
//!
//! # Layout
//! A batch of 64 pairs is two groups of 32. A group starts as 32 vectors, vector t = pair t
//! (lanes 0..32: m_t, lanes 32..64: m'_t, lane = coefficient position k), with the key pair
//! added and every byte mapped to the AES field by one `gf2p8affineqb` (the tower and the AES
//! field are isomorphic, and the map commutes with sums and products). Five bit-swap stages
//! ([`prepare`]) make vector k hold coefficient k of all 32 pairs: m-elements in 128-bit
//! lanes 0 and 2, their m'-partners in lanes 1 and 3.
//!
//! The y-basis network (`crate::fft::fft64_ybasis`) then runs *across* vectors: a
//! butterfly is one `gf2p8affineqb` (the product by the twiddle, a public matrix) and two
//! XORs for 64 lanes. The first stage is trivial (coefficients 32..63 are zero), so the halves
//! e5 = 0, 1 of the 64 positions each run stages 2..6 from the same 32 vectors, depth first.
//! A position's pointwise product is `gf2p8mulb` of the vector with its 128-bit lanes swapped
//! in pairs: lanes 0 and 2 get m·m' (lanes 1 and 3 the same products again, ignored by
//! `finish`).
//!
//! Messages shorter than a group go pair by pair through [`absorb_rest`]: each element's 64
//! positions in the lanes of one vector, each stage x·D + swap(x)·E lane-wise.
//!
//! # Speed (Zen 4, measured)
//! `gf2p8affineqb`/`gf2p8mulb` and vector shifts share one pipe (1 per cycle); shuffles and
//! unpacks another (1 per cycle); XORs and blends run beside both; a 512-bit store takes two
//! cycles. A group issues about 300 operations on the first pipe and 130 on the second, and
//! about 150 stores, so the code is shaped to store little: each block of 16 pairs is
//! transposed in registers, and two positions share one accumulator row (one product and one
//! update for both).
//!
//! # Constant time
//! Every instruction runs in data-independent time; the loop bounds and the twiddles are
//! public.

use core::arch::x86_64::*;

use super::{Acc, BATCH, PAIR, Pair, Sum, Tables};
use crate::bitslice::SlicedGf256x64;

#[inline]
#[target_feature(enable = "avx512f")]
fn load(p: &[u8; 64]) -> __m512i {
    // SAFETY: `p` is 64 readable bytes; `loadu` has no alignment requirement.
    unsafe { _mm512_loadu_si512(p.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn load_u64x8(p: &[u64]) -> __m512i {
    assert_eq!(p.len(), 8);
    // SAFETY: `p` is 8 readable u64s (checked); `loadu` has no alignment requirement.
    unsafe { _mm512_loadu_si512(p.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx512f")]
fn store_u64x8(p: &mut [u64], v: __m512i) {
    assert_eq!(p.len(), 8);
    // SAFETY: `p` is 8 writable u64s (checked); `storeu` has no alignment requirement.
    unsafe { _mm512_storeu_si512(p.as_mut_ptr().cast(), v) }
}

/// Runs `$body` (a macro taking an index) for every i < 32 with bit `$bit` of i clear, as
/// straight-line code: constant indices let the 32-vector arrays live in registers.
macro_rules! low16 {
    (3, $m:ident!($($a:tt)*)) => { $m!($($a)* [0 1 2 3 4 5 6 7]) };
    (2, $m:ident!($($a:tt)*)) => { $m!($($a)* [0 1 2 3 8 9 10 11]) };
    (1, $m:ident!($($a:tt)*)) => { $m!($($a)* [0 1 4 5 8 9 12 13]) };
    (0, $m:ident!($($a:tt)*)) => { $m!($($a)* [0 2 4 6 8 10 12 14]) };
}

/// Bit-swap stages by shifts and blends (the shift runs on the GFNI pipe, leaving the
/// shuffle pipe to the other stages): vectors (i, i + step) exchange the units of `$w` bits
/// at odd positions of the first with those at even positions of the second.
macro_rules! shift_stage {
    ($x:ident, $step:literal, $sl:ident, $sr:ident, $blend:ident, $mask:expr, $w:literal,
     [$($i:literal)*]) => {$(
        let (u, v) = ($x[$i], $x[$i + $step]);
        $x[$i] = $blend($mask, u, $sl::<$w>(v));
        $x[$i + $step] = $blend($mask, $sr::<$w>(u), v);
    )*};
}

/// A bit-swap stage by a 2-source permutation or an unpack pair.
macro_rules! pair_stage {
    ($x:ident, $step:literal, $lo:expr, $hi:expr, [$($i:literal)*]) => {$(
        let (u, v) = ($x[$i], $x[$i + $step]);
        $x[$i] = $lo(u, v);
        $x[$i + $step] = $hi(u, v);
    )*};
}

/// The 2-source dword indices that swap dword bit 0 (lane bit 2) between two vectors.
const DWORD_SWAP: [[u32; 16]; 2] = {
    let mut out = [[0u32; 16]; 2];
    let mut d = 0;
    while d < 16 {
        let odd = d & 1 == 1;
        out[0][d] = if odd { 16 + (d ^ 1) } else { d } as u32;
        out[1][d] = if odd { 16 + d } else { d ^ 1 } as u32;
        d += 1;
    }
    out
};

/// Stages b = 0..4 of the transposition on a block of 16 pair vectors: lane bit b and vector
/// bit b swap places — bytes and words by shifts and blends (GFNI pipe), dwords by
/// `vpermt2d` and qwords by `unpacklo/hi_epi64` (shuffle pipe), so the two pipes share the
/// work. Afterwards vector j holds coefficients k with k mod 16 = j.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn transpose16(x: &mut [__m512i; 16]) {
    let odd8: __mmask64 = 0xaaaa_aaaa_aaaa_aaaa;
    let odd16: __mmask32 = 0xaaaa_aaaa;
    low16!(
        0,
        shift_stage!(
            x,
            1,
            _mm512_slli_epi16,
            _mm512_srli_epi16,
            _mm512_mask_blend_epi8,
            odd8,
            8,
        )
    );
    low16!(
        1,
        shift_stage!(
            x,
            2,
            _mm512_slli_epi32,
            _mm512_srli_epi32,
            _mm512_mask_blend_epi16,
            odd16,
            16,
        )
    );
    // SAFETY: each array is 64 readable bytes; `loadu` has no alignment requirement.
    let (lo, hi) = unsafe {
        (
            _mm512_loadu_si512(DWORD_SWAP[0].as_ptr().cast()),
            _mm512_loadu_si512(DWORD_SWAP[1].as_ptr().cast()),
        )
    };
    low16!(
        2,
        pair_stage!(x, 4, |u, v| _mm512_permutex2var_epi32(u, lo, v), |u, v| {
            _mm512_permutex2var_epi32(u, hi, v)
        },)
    );
    low16!(
        3,
        pair_stage!(x, 8, _mm512_unpacklo_epi64, _mm512_unpackhi_epi64,)
    );
}

/// Loads 32 pairs (lane 32·s + k of vector t: byte k of side s of pair t), adds the key
/// pairs, maps to the AES field and transposes, so that vector k holds coefficient position
/// k of all 32 pairs. Each block of 16 pairs goes through stages 0..3 in registers; stage 4
/// then exchanges 128-bit lanes between the blocks with `shuffle_i64x2` (lanes 0, 2 and 1,
/// 3), which also moves the side s to 128-bit-lane bit 0: the partner (other side) of a lane
/// is the lane 16 bytes away within its 256-bit half.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,gfni")]
fn prepare(t: &Tables, msg: &[Pair; 32], key: &[Pair; 32]) -> [__m512i; 32] {
    let to_aes = _mm512_set1_epi64(t.to_aes as i64);
    let block = |o: usize| {
        let mut v: [__m512i; 16] = core::array::from_fn(|i| {
            let sum = _mm512_xor_si512(load(&msg[o + i]), load(&key[o + i]));
            _mm512_gf2p8affine_epi64_epi8::<0>(sum, to_aes)
        });
        transpose16(&mut v);
        v
    };
    let a = block(0);
    let b = block(16);
    core::array::from_fn(|k| {
        let (u, v) = (a[k % 16], b[k % 16]);
        if k < 16 {
            _mm512_shuffle_i64x2::<0x88>(u, v)
        } else {
            _mm512_shuffle_i64x2::<0xdd>(u, v)
        }
    })
}

/// The three lane operations of the network on 512-bit vectors (64 AES-field bytes). The
/// network macros below take the module of lane operations as their first argument (`$v`),
/// so the same network runs on any vector width: a 256-bit variant (AVX2 + GFNI) supplies
/// `xor`, `mul_const` and `acc_pair` on `__m256i` for its own layout and reuses the macros.
mod v512 {
    use core::arch::x86_64::*;

    /// a + b.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(super) fn xor(a: __m512i, b: __m512i) -> __m512i {
        _mm512_xor_si512(a, b)
    }

    /// x times a public constant, given as its `gf2p8affineqb` matrix broadcast to 8 u64s.
    #[inline]
    #[target_feature(enable = "avx512f,gfni")]
    pub(super) fn mul_const(x: __m512i, m: &[u64; 8]) -> __m512i {
        // SAFETY: `m` is 8 readable u64s; `loadu` has no alignment requirement.
        let c = unsafe { _mm512_loadu_si512(m.as_ptr().cast()) };
        _mm512_gf2p8affine_epi64_epi8::<0>(x, c)
    }

    /// acc + the pointwise products of positions p (vector f) and p + 1 (vector g):
    /// `gf2p8mulb` of [m_p, m'_{p+1}, m_p, m'_{p+1}] (128-bit lanes) with
    /// [m'_p, m_{p+1}, m'_p, m_{p+1}] puts position p's products in lanes 0 and 2 and
    /// position p + 1's in lanes 1 and 3.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,gfni")]
    pub(super) fn acc_pair(acc: __m512i, f: __m512i, g: __m512i) -> __m512i {
        const ODD: __mmask64 = 0xffff_0000_ffff_0000;
        let a = _mm512_mask_blend_epi8(ODD, f, g);
        let b = _mm512_mask_blend_epi8(
            ODD,
            _mm512_shuffle_i64x2::<0xb1>(f, f),
            _mm512_shuffle_i64x2::<0xb1>(g, g),
        );
        _mm512_xor_si512(acc, _mm512_gf2p8mul_epi8(a, b))
    }
}

/// One butterfly of stage s on half e5 at position p: (p, p + h), twiddle α_{2k}.
macro_rules! bf {
    ($v:ident, $y:ident, $tw:ident, $e5:literal, $s:literal, $p:expr) => {{
        let (p, h): (usize, usize) = ($p, 1 << (6 - $s));
        let k = crate::fft::ybasis_twiddle_index($s, 32 * $e5 + p);
        let b = $y[p + h];
        let a = if k == 0 {
            $y[p]
        } else {
            $v::xor($y[p], $v::mul_const(b, &$tw[k]))
        };
        $y[p + h] = $v::xor(a, b);
        $y[p] = a;
    }};
}

/// Adds the pointwise products of positions p and p + 1 (p even) of half e5 into accumulator
/// vector (32·e5 + p)/2 ([`v512::acc_pair`]: one product and one update for two positions).
macro_rules! acc2 {
    ($v:ident, $acc:ident, $y:ident, $e5:literal, $p:expr) => {{
        let i = (32 * $e5 + $p) / 2;
        $acc[i] = $v::acc_pair($acc[i], $y[$p], $y[$p + 1]);
    }};
}

// The network of one half, depth first: after stage s the positions split into independent
// blocks of 2^{6−s}, each finished (down to its pointwise products) before the next starts,
// so that few vectors are live at once.
macro_rules! stage {
    (6, $v:ident, $y:ident, $tw:ident, $e5:literal, $acc:ident, $p:expr) => {
        bf!($v, $y, $tw, $e5, 6, $p);
        acc2!($v, $acc, $y, $e5, $p);
    };
    (5, $($rest:tt)*) => { stage!(@block 5, 6, $($rest)*) };
    (4, $($rest:tt)*) => { stage!(@block 4, 5, $($rest)*) };
    (3, $($rest:tt)*) => { stage!(@block 3, 4, $($rest)*) };
    // The block of 2h positions at p: its h butterflies of stage s, then each half.
    (@block $s:tt, $next:tt, $v:ident, $y:ident, $tw:ident, $e5:literal, $acc:ident, $p:expr) => {
        let h: usize = 1 << (6 - $s);
        for j in 0..h {
            bf!($v, $y, $tw, $e5, $s, $p + j);
        }
        stage!($next, $v, $y, $tw, $e5, $acc, $p);
        stage!($next, $v, $y, $tw, $e5, $acc, $p + h);
    };
}

/// Stage 2 of half e5 for the block of second positions `second` (0: p, 1: p + 16): from
/// x_p + c·x_{p+16} (c = α_{2·e5}) or x_p + (c + 1)·x_{p+16} (c + 1 = α_{2·e5+1}; the
/// twiddle table holds α_3 at index 32).
macro_rules! stage2_block {
    ($v:ident, $x:ident, $y:ident, $tw:ident, $e5:literal, $second:literal) => {
        for p in 0..16 {
            $y[p + 16 * $second] = match ($e5, $second) {
                (0, 0) => $x[p],
                (0, _) => $v::xor($x[p], $x[p + 16]),
                (_, s) => {
                    let c = &$tw[if s == 0 { 1 } else { 32 }];
                    $v::xor($x[p], $v::mul_const($x[p + 16], c))
                }
            };
        }
    };
}

/// Stages 2..=6 of the network on half e5 (positions 32·e5 + p, AES representation) and the
/// pointwise products.
macro_rules! network_half {
    ($v:ident, $x:ident, $y:ident, $tw:ident, $e5:literal, $acc:ident) => {
        // Stage 2 (pairs p, p + 16, twiddle α_{2·e5}) computed block by block from the
        // shared transposed inputs `x`, so that only one block of 16 is live at a time:
        // the first position of a butterfly gets x_p + c·x_{p+16}, the second
        // x_p + (c + 1)·x_{p+16} (c + 1 = α_{2·e5+1}; for e5 = 0 just x_p + x_{p+16}).
        stage2_block!($v, $x, $y, $tw, $e5, 0);
        stage!(3, $v, $y, $tw, $e5, $acc, 0);
        stage2_block!($v, $x, $y, $tw, $e5, 1);
        stage!(3, $v, $y, $tw, $e5, $acc, 16);
    };
}

// The 256-bit variant (AVX2 + GFNI) runs the same network macros.
pub(crate) mod ymm;

#[inline(never)]
#[target_feature(enable = "avx512f,avx512bw,gfni")]
fn group(t: &Tables, acc: &mut [__m512i; 32], msg: &[Pair], key: &[Pair]) {
    let (Some(msg), Some(key)) = (msg.first_chunk::<32>(), key.first_chunk::<32>()) else {
        unreachable!("callers pass whole groups of 32 pairs");
    };
    let x = prepare(t, msg, key);
    let tw = &t.aes_twiddle_x8;
    let mut y = [_mm512_setzero_si512(); 32];
    network_half!(v512, x, y, tw, 0, acc);
    network_half!(v512, x, y, tw, 1, acc);
}

/// Loads the accumulator into vectors (the first 32 rows: two positions per row).
#[inline]
#[target_feature(enable = "avx512f")]
fn load_acc(acc: &Acc<512>) -> [__m512i; 32] {
    core::array::from_fn(|i| load_u64x8(&acc.0[8 * i..8 * i + 8]))
}

/// Stores vectors into the accumulator.
#[inline]
#[target_feature(enable = "avx512f")]
fn store_acc(acc: &mut Acc<512>, v: &[__m512i; 32]) {
    for (i, x) in v.iter().enumerate() {
        store_u64x8(&mut acc.0[8 * i..8 * i + 8], *x);
    }
}

/// Bytes ahead of the group being hashed whose message lines are prefetched: four groups
/// (4, 8 and 16 measured the same on Zen 4; a prefetch that stopped at the end of the slice
/// left 64 MiB messages at 0.12 ns/B, this one 0.078, against 0.058 in cache).
const PREFETCH_AHEAD: usize = 4 * (BATCH / 2) * PAIR;

/// Absorbs whole batches.
#[target_feature(enable = "avx512f,avx512bw,gfni")]
pub(crate) fn absorb(t: &Tables, acc: &mut Acc<512>, msg: &[Pair], key: &[Pair]) {
    // The accumulator as vectors for the whole call (copied in and out once).
    let mut v = load_acc(acc);
    for (m, k) in msg.chunks_exact(BATCH / 2).zip(key.chunks_exact(BATCH / 2)) {
        // The hardware prefetcher alone left messages past the caches at a third of the
        // in-cache speed (a group computes long enough between its bursts of loads that the
        // stream falls behind): ask for the lines PREFETCH_AHEAD bytes ahead, past the end of
        // this call's slice too (a streaming caller hands over 16 KiB at a time, and the next
        // 16 KiB follow). A prefetch is a hint: it never faults and reads nothing into the
        // program, and its address depends on the message position only.
        let base = m.as_ptr().cast::<i8>().wrapping_add(PREFETCH_AHEAD);
        for j in 0..BATCH / 2 {
            _mm_prefetch::<_MM_HINT_T0>(base.wrapping_add(j * PAIR));
        }
        group(t, &mut v, m, k);
    }
    store_acc(acc, &v);
    v = [_mm512_setzero_si512(); 32];
    core::hint::black_box(&v);
}

/// Swaps the lanes p and p ⊕ h of one element's vector, h = 2^{6−S}, for S = 2..=6.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn swap_lanes<const S: usize>(x: __m512i) -> __m512i {
    match S {
        2 => _mm512_shuffle_i64x2::<0xb1>(x, x),
        3 => _mm512_shuffle_epi32::<0x4e>(x),
        4 => _mm512_shuffle_epi32::<0xb1>(x),
        5 => _mm512_rol_epi32::<16>(x),
        _ => _mm512_or_si512(_mm512_slli_epi16::<8>(x), _mm512_srli_epi16::<8>(x)),
    }
}

/// Stage S of the network with one element's 64 positions in the lanes of `x`.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,gfni")]
fn lane_stage<const S: usize>(t: &Tables, x: __m512i) -> __m512i {
    let d = load(&t.lane_d[S - 2]);
    let e = load(&t.lane_e[S - 2]);
    _mm512_xor_si512(
        _mm512_gf2p8mul_epi8(x, d),
        _mm512_gf2p8mul_epi8(swap_lanes::<S>(x), e),
    )
}

/// The whole network on one element (stages 2..=6; stage 1 is the duplication).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,gfni")]
fn lane_network(t: &Tables, x: __m512i) -> __m512i {
    let x = lane_stage::<2>(t, x);
    let x = lane_stage::<3>(t, x);
    let x = lane_stage::<4>(t, x);
    let x = lane_stage::<5>(t, x);
    lane_stage::<6>(t, x)
}

/// Fewer than a batch of pairs: whole groups of 32 as in `absorb`, then pair by pair with
/// each element's 64 positions in one vector, summed into `sum.direct`.
#[target_feature(enable = "avx512f,avx512bw,gfni")]
pub(crate) fn absorb_rest(t: &Tables, sum: &mut Sum, msg: &[Pair], key: &[Pair]) {
    const GROUP: usize = BATCH / 2;
    let whole = msg.len() / GROUP * GROUP;
    // A group costs about as much as 7 pairs on the in-register path, and a first use of the
    // accumulator (allocation, lane sums, wipe) about 17 more (measured): from 8 (or 24) left
    // on, the rest also goes through a group, completed with zero pairs under zero keys
    // (which add (0 + 0)(0 + 0) = 0).
    let left = msg.len() - whole;
    let padded = left >= 24 || (left >= 8 && (whole > 0 || sum.acc.is_some()));
    if whole > 0 || padded {
        let acc = sum.acc();
        let mut v = load_acc(acc);
        for (m, k) in msg[..whole]
            .chunks_exact(GROUP)
            .zip(key[..whole].chunks_exact(GROUP))
        {
            group(t, &mut v, m, k);
        }
        if padded {
            let (mut m, mut k) = ([[0u8; 64]; GROUP], [[0u8; 64]; GROUP]);
            let n = msg.len() - whole;
            m[..n].copy_from_slice(&msg[whole..]);
            k[..n].copy_from_slice(&key[whole..]);
            group(t, &mut v, &m, &k);
            zeroize::Zeroize::zeroize(m.as_flattened_mut());
            zeroize::Zeroize::zeroize(k.as_flattened_mut());
        }
        store_acc(acc, &v);
        v = [_mm512_setzero_si512(); 32];
        core::hint::black_box(&v);
    }
    let whole = if padded { msg.len() } else { whole };
    let to_aes = _mm512_set1_epi64(t.to_aes as i64);
    let mut d = load(&sum.direct);
    for (m, k) in msg[whole..].iter().zip(&key[whole..]) {
        let v = _mm512_gf2p8affine_epi64_epi8::<0>(_mm512_xor_si512(load(m), load(k)), to_aes);
        // Stage 1: positions p and p + 32 both hold coefficient p (coefficients 32..64 are 0).
        let a = lane_network(t, _mm512_shuffle_i64x2::<0x44>(v, v));
        let b = lane_network(t, _mm512_shuffle_i64x2::<0xee>(v, v));
        d = _mm512_xor_si512(d, _mm512_gf2p8mul_epi8(a, b));
    }
    // SAFETY: `direct` is 64 writable bytes; `storeu` has no alignment requirement.
    unsafe { _mm512_storeu_si512(sum.direct.as_mut_ptr().cast(), d) };
}

/// Hash256 from the running sum: the 64 point values (lane sums of the accumulator plus the
/// direct ones), then the inverse FFT and the reduction as one F_256-linear map, column pair
/// by column pair (`gf2p8mulb` of the broadcast values with the columns), back to the tower.
#[target_feature(enable = "avx512f,avx512bw,gfni")]
pub(crate) fn finish(t: &Tables, sum: &Sum) -> [u8; 32] {
    let mut vals = sum.direct;
    if let Some(acc) = &sum.acc {
        for (p, v) in vals.iter_mut().enumerate() {
            // Row p/2 holds position p (p even) in 128-bit lanes 0 and 2, position p + 1 in
            // lanes 1 and 3.
            let row = &acc.0[8 * (p / 2)..8 * (p / 2) + 8];
            let w = if p % 2 == 0 {
                [0, 1, 4, 5]
            } else {
                [2, 3, 6, 7]
            };
            let x = w.iter().fold(0u64, |a, &i| a ^ row[i]);
            let x = x ^ (x >> 32);
            let x = x ^ (x >> 16);
            let x = x ^ (x >> 8);
            *v ^= x as u8;
        }
    }
    if sum.folded_used {
        // The bitsliced b = 256 kernel's sum (tower field) into the AES field.
        let mut tower = SlicedGf256x64(super::sliced::folded_points(&sum.folded)).to_bytes();
        let aes =
            _mm512_gf2p8affine_epi64_epi8::<0>(load(&tower), _mm512_set1_epi64(t.to_aes as i64));
        let mut more = [0u8; 64];
        // SAFETY: `more` is 64 writable bytes; `storeu` has no alignment requirement.
        unsafe { _mm512_storeu_si512(more.as_mut_ptr().cast(), aes) };
        vals.iter_mut().zip(&more).for_each(|(v, m)| *v ^= m);
        zeroize::Zeroize::zeroize(&mut tower);
        zeroize::Zeroize::zeroize(&mut more);
    }
    let mut out = _mm512_setzero_si512();
    // Lanes 0..32 take value j, lanes 32..64 value j + 32 (public indices).
    for (j, col) in t.finish_cols.iter().enumerate() {
        let bc = _mm512_mask_blend_epi8(
            0xffff_ffff_0000_0000,
            _mm512_set1_epi8(vals[j] as i8),
            _mm512_set1_epi8(vals[j + 32] as i8),
        );
        out = _mm512_xor_si512(out, _mm512_gf2p8mul_epi8(bc, load(col)));
    }
    let out = _mm512_xor_si512(out, _mm512_shuffle_i64x2::<0x4e>(out, out));
    let out = _mm512_gf2p8affine_epi64_epi8::<0>(out, _mm512_set1_epi64(t.from_aes_affine as i64));
    let mut bytes = [0u8; 64];
    // SAFETY: `bytes` is 64 writable bytes; `storeu` has no alignment requirement.
    unsafe { _mm512_storeu_si512(bytes.as_mut_ptr().cast(), out) };
    let r = core::array::from_fn(|i| bytes[i]);
    zeroize::Zeroize::zeroize(&mut bytes);
    zeroize::Zeroize::zeroize(&mut vals);
    r
}

/// h·c for the fixed c whose rows `c·x^i` are `rows` (AES field), with AVX-512 BW + GFNI (the
/// 256-bit forms: 32 outputs).
#[target_feature(enable = "avx512f,avx512bw,gfni")]
pub(crate) fn times(t: &Tables, rows: &[[u8; 32]; 32], h: &[u8; 32]) -> [u8; 32] {
    // SAFETY: this function enables every feature `times_inline` uses (GFNI, AVX).
    unsafe { times_inline(t, rows, h) }
}

/// The body of [`times`] and of `ymm::times`: h to the AES field by one `gf2p8affineqb`, then
/// Σ_i h_i·row_i by 32 broadcasts and `gf2p8mulb`, back to the tower by one more affine map.
/// Straight-line code, constant-time in h.
///
/// # Safety
/// The caller must have AVX and GFNI enabled (it inlines into a `#[target_feature]` entry).
#[inline(always)]
pub(crate) unsafe fn times_inline(t: &Tables, rows: &[[u8; 32]; 32], h: &[u8; 32]) -> [u8; 32] {
    // SAFETY: the caller has the features; every load and store is of 32 bytes inside a
    // `[u8; 32]`, in unaligned forms.
    unsafe {
        let x = _mm256_loadu_si256(h.as_ptr().cast());
        let x = _mm256_gf2p8affine_epi64_epi8::<0>(x, _mm256_set1_epi64x(t.to_aes as i64));
        let mut hb = [0u8; 32];
        _mm256_storeu_si256(hb.as_mut_ptr().cast(), x);
        let mut acc = _mm256_setzero_si256();
        for (i, row) in rows.iter().enumerate() {
            let r = _mm256_loadu_si256(row.as_ptr().cast());
            let b = _mm256_set1_epi8(hb[i] as i8);
            acc = _mm256_xor_si256(acc, _mm256_gf2p8mul_epi8(b, r));
        }
        let back = _mm256_set1_epi64x(t.from_aes_affine as i64);
        let out = _mm256_gf2p8affine_epi64_epi8::<0>(acc, back);
        let mut r = [0u8; 32];
        _mm256_storeu_si256(r.as_mut_ptr().cast(), out);
        zeroize::Zeroize::zeroize(&mut hb);
        r
    }
}
