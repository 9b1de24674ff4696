//! The bitsliced kernels, generic over the [`Word`] (`u64` for `Soft`, a 256-bit vector for
//! `Avx2` and for the b = 256 segments of every x86 backend), and the portable short path and
//! finish.
//!
//! # Batches (lane = pair)
//! A batch is 64·`W::GROUPS` pairs: lane 64g + t of every word is pair 64g + t. Column c of
//! the pairs (bytes 8c..8c + 8, a u64) is a 64 × 64 bit matrix per 64-bit group (row t: pair
//! t); its transpose, six swap-move stages, is word 8·(k mod 8) + i = bit i of coefficient
//! position 8c + k mod 8. So the 512 transposed words are, in order, positions 0..64 × bits
//! 0..8: side 0 (m_t, positions 0..32) then side 1 (m'_t). The network runs as loops over
//! tables of butterflies (the products by the twiddles are their XOR circuits, straight-line
//! code generated into `super::network` and picked by the public twiddle index): stages 2..=5
//! on each half e5 of the 64 positions from the same 32 inputs (stage 1 is trivial:
//! coefficients 32..64 are zero; stage 2 of the first half runs out of place), then stage 6
//! fused with the pointwise products. Each butterfly runs in place with its twiddle's
//! circuit inlined into the arm that the index picks (`super::network::butterfly`), and all
//! four half-networks go through one loop, one copy of that code. A product (eight words: bit
//! i of the value at point p, lane-wise) is folded at once into the [`Folded`] sum, whose byte
//! i of word p keeps the parity of those lanes (`Rows::fold8`): only the lane sum is ever
//! read, so 512 bytes replace a `64·GROUPS`-lane accumulator and its per-chunk reduction.
//!
//! # The short path (lane = position)
//! For a few pairs a whole batch is waste: each element's 64 positions go in the 64 lanes of
//! one [`SlicedGf256x64`]-style word set (after the trivial stage 1, lanes p and p + 32 hold
//! the same coefficient), and stage s (h = 2^{6−s}) is, lane-wise,
//!
//! ```text
//! t = x + C_s·((x >> h) & F_h),   x ← t + ((t << h) & !F_h)
//! ```
//!
//! with F_h the lanes whose bit h is clear (first positions of butterflies) and C_s the
//! twiddle of lane p on those lanes (zero elsewhere): on a first lane t = u + c·v, on a
//! second lane t = v and the shifted t brings u + c·v, giving the butterfly (u + c·v, u + c·v
//! + v). One Karatsuba product per stage; the pair's product goes to a 64-lane running sum.
//!
//! # The finish
//! The 64 point values go to the 32 reduced coefficients of F_{2^256} by one F_256-linear
//! map, computed bit by bit of each value: r = Σ_{j,q} bit_q(v_j)·(M_j·x^q) with the
//! public columns M_j·x^q as 32-byte rows, selected by masks.
//!
//! Everything is straight-line code on public indices: constant-time.

use crate::bitslice::{Rows, SlicedGf256x64, add_words, mul_words};
use crate::fft::{ifft, point, reduce_2to256, ybasis_twiddle_index};
use crate::tower::Gf256;
use wegman_f2::word::{Word, transpose64};
use zeroize::Zeroize;

use super::network::butterfly;
use super::{PAIR, Pair};

/// A butterfly of the network: positions p and q = p + h, twiddle index k.
#[derive(Clone, Copy)]
struct Butterfly {
    p: u8,
    q: u8,
    k: u8,
}

/// The butterflies of stages 2..=5 on half e5, in order.
const fn stage_butterflies(e5: usize) -> [Butterfly; 64] {
    let mut out = [Butterfly { p: 0, q: 0, k: 0 }; 64];
    let mut n = 0;
    let mut s = 2u32;
    while s <= 5 {
        let h = 1usize << (6 - s);
        let mut p = 0;
        while p < 32 {
            if p & h == 0 {
                let k = ybasis_twiddle_index(s, 32 * e5 + p);
                out[n] = Butterfly {
                    p: p as u8,
                    q: (p + h) as u8,
                    k: k as u8,
                };
                n += 1;
            }
            p += 1;
        }
        s += 1;
    }
    out
}

/// The stage-6 twiddle index of positions (p, p + 1) of half e5, p even, at index p / 2.
const fn last_twiddles(e5: usize) -> [u8; 16] {
    let mut out = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        out[i] = ybasis_twiddle_index(6, 32 * e5 + 2 * i) as u8;
        i += 1;
    }
    out
}

const STAGES: [[Butterfly; 64]; 2] = [stage_butterflies(0), stage_butterflies(1)];
const LAST: [[u8; 16]; 2] = [last_twiddles(0), last_twiddles(1)];

/// Stages 2..=5 of the network on the half e5 of one element. A loop over a table (not
/// unrolled: straight-line code for the whole network outgrows the instruction cache); the
/// twiddle's circuit is picked by index, a public value.
#[inline(always)]
fn stages<W: Word>(y: &mut [[W; 8]; 32], e5: usize, from: usize) {
    for b in core::hint::black_box(&STAGES[e5][from..]).iter() {
        // p < q by construction (q = p + h); the mask keeps the split in bounds.
        let (p, q) = (usize::from(b.p), usize::from(b.q) & 31);
        let (lo, hi) = y.split_at_mut(q);
        if let (Some(u), Some(v)) = (lo.get_mut(p), hi.first_mut()) {
            butterfly(usize::from(b.k), u, v);
        }
    }
}

/// Stage 2 of the half e5 = 0 out of place: its twiddles are all α_0 = 0, so the butterflies
/// (u, v) ↦ (u, u + v) fill `y` from `x` without a separate copy. Its 16 butterflies are the
/// first of `STAGES[0]`.
#[inline(always)]
fn stage2_e0<W: Word>(x: &[[W; 8]; 32], y: &mut [[W; 8]; 32]) {
    for p in 0..16 {
        y[p] = x[p];
        y[p + 16] = add_words(&x[p], &x[p + 16]);
    }
}

/// Butterflies of stage 2 in each `STAGES` row.
const STAGE2: usize = 16;

/// Stage 6 on the half e5 of both elements (in place), and each position's pointwise
/// product added into accumulator point 32·e5 + p.
#[inline(always)]
fn last<W: Rows>(y0: &mut [[W; 8]; 32], y1: &mut [[W; 8]; 32], e5: usize, acc: &mut Folded) {
    for (i, &k) in core::hint::black_box(&LAST[e5]).iter().enumerate() {
        let p = 2 * i;
        let k = usize::from(k);
        for y in [&mut *y0, &mut *y1] {
            let (lo, hi) = y.split_at_mut(p + 1);
            if let (Some(u), Some(v)) = (lo.last_mut(), hi.first_mut()) {
                butterfly(k, u, v);
            }
        }
        accumulate(acc, 32 * e5 + p, &mul_words(&y0[p], &y1[p]));
        accumulate(acc, 32 * e5 + p + 1, &mul_words(&y0[p + 1], &y1[p + 1]));
    }
}

/// Accumulator point p += w, folded ([`Rows::fold8`]: byte i of `acc[p]` has the parity of
/// the lane sum of bit i of the products at point p).
#[inline(always)]
fn accumulate<W: Rows>(acc: &mut Folded, p: usize, w: &[W; 8]) {
    acc[p & 63] ^= W::fold8(w);
}

/// The running sum of the batch kernels, folded: byte i of word p has the parity of the sum
/// over all lanes of bit i of the value at point p ([`folded_points`] reads it).
pub(crate) type Folded = [u64; 64];

/// The zero pair: the rows past the end of a partial batch (a zero pair under a zero key
/// adds (0 + 0)(0 + 0) = 0).
static ZERO_PAIR: Pair = [0; PAIR];

/// Half `half` (32 bytes) of pairs t, 64 + t, 128 + t, 192 + t (the first `groups`; the
/// rest repeat the last), the zero pair past the end of `p` (a public length).
#[inline(always)]
fn rows(p: &[Pair], t: usize, half: usize, groups: usize) -> [&[u8; 32]; 4] {
    core::array::from_fn(|g| {
        let (h, _) = p
            .get(64 * g.min(groups - 1) + t)
            .unwrap_or(&ZERO_PAIR)
            .as_chunks::<32>();
        &h[half]
    })
}

/// Clears words of secret data past the optimizer, one vector store per word (`fill` became
/// a `memset` call that cost a quarter of the b = 256 kernel's time on Zen 4, measured).
#[inline(always)]
fn wipe<W: Word>(x: &mut [W]) {
    for w in x.iter_mut() {
        // SAFETY: `w` is a valid, aligned, exclusive reference to a `W`.
        unsafe { core::ptr::write_volatile(w, W::zero()) };
    }
    zeroize::optimization_barrier(x);
}

/// Adds the products of batches of 64·`W::GROUPS` pairs into `acc`; a last partial batch is
/// completed with zero pairs.
#[inline(always)]
pub(super) fn absorb_batches<W: Rows>(acc: &mut Folded, msg: &[Pair], key: &[Pair]) {
    let lanes = 64 * W::GROUPS;
    let mut x = [[W::zero(); 8]; 64];
    let mut y = [[[W::zero(); 8]; 32]; 2];
    for (m, k) in msg.chunks(lanes).zip(key.chunks(lanes)) {
        let flat = x.as_flattened_mut();
        let (cols, _) = flat.as_chunks_mut::<64>();
        // Row t of the four groups goes to word t of each column (a column index, not an
        // iteration over `cols`).
        #[allow(clippy::needless_range_loop)]
        for t in 0..64 {
            for half in 0..2 {
                let mr = rows(m, t, half, W::GROUPS);
                let kr = rows(k, t, half, W::GROUPS);
                let w = W::columns(&mr[..W::GROUPS], &kr[..W::GROUPS]);
                for (j, wj) in w.into_iter().enumerate() {
                    cols[4 * half + j][t] = wj;
                }
            }
        }
        for col in cols.iter_mut() {
            transpose64(col);
        }
        network(&mut x, &mut y, acc);
    }
    wipe(x.as_flattened_mut());
    wipe(y.as_flattened_mut().as_flattened_mut());
}

/// The network of one batch from its words `x` (bit i of position p in `x[p][i]`: positions
/// 0..32 of side 0, then side 1), the pointwise products added into `acc`; `y` is scratch.
#[inline(always)]
fn network<W: Rows>(x: &mut [[W; 8]; 64], y: &mut [[[W; 8]; 32]; 2], acc: &mut Folded) {
    let (sides, _) = x.as_chunks_mut::<32>();
    let [s0, s1] = sides else {
        return;
    };
    // Half e5 = 0 into `y` (its stage 2 out of place), half e5 = 1 in place.
    let [y0, y1] = y;
    stage2_e0(s0, y0);
    stage2_e0(s1, y1);
    // One loop (one copy of the butterflies' code, which fits the op cache; four inlined
    // copies measured slower).
    let halves = [
        (&mut *y0, 0, STAGE2),
        (&mut *y1, 0, STAGE2),
        (&mut *s0, 1, 0),
        (&mut *s1, 1, 0),
    ];
    for (w, e5, from) in halves {
        stages(w, e5, from);
    }
    for e5 in 0..2 {
        let (a, b) = if e5 == 0 {
            (&mut *y0, &mut *y1)
        } else {
            (&mut *s0, &mut *s1)
        };
        last(a, b, e5, acc);
    }
}

pub(super) use super::B256_UNIT;

/// Adds the products of one b = 256 segment pair, read as bitsliced words with no transpose
/// ([Auth256] §5: with b = w the blocks already are vectors): in M_i ‖ M'_i, the 32 bytes at
/// 8192·s + 32·c are column c of side s, bit j of them bit c of pair j's element. `key`, the
/// 256 key pairs, is in the same layout (transposed once when the key is set up). Batch g
/// (64·`W::GROUPS` lanes) reads the lanes 64·GROUPS·g.. of every column.
#[inline(always)]
pub(super) fn absorb_b256<W: Rows>(acc: &mut Folded, msg: &[u8; B256_UNIT], key: &[u8; B256_UNIT]) {
    let g = W::GROUPS;
    let mut x = [[W::zero(); 8]; 64];
    let mut y = [[[W::zero(); 8]; 32]; 2];
    let mut lanes = [0u64; 8];
    for batch in 0..4 / g {
        for (p, xp) in x.iter_mut().enumerate() {
            // Position p: side p / 32, coefficient p % 32, its bits i at columns 8·(p % 32) + i.
            let base = 8192 * (p / 32) + 256 * (p % 32) + 8 * g * batch;
            for (i, w) in xp.iter_mut().enumerate() {
                let at = base + 32 * i;
                for (l, lane) in lanes[..g].iter_mut().enumerate() {
                    let o = at + 8 * l;
                    let m = u64::from_le_bytes(msg[o..o + 8].try_into().unwrap_or([0; 8]));
                    let k = u64::from_le_bytes(key[o..o + 8].try_into().unwrap_or([0; 8]));
                    *lane = m ^ k;
                }
                *w = W::load(&lanes[..g]);
            }
        }
        network(&mut x, &mut y, acc);
    }
    lanes.zeroize();
    wipe(x.as_flattened_mut());
    wipe(y.as_flattened_mut().as_flattened_mut());
}

/// The point values of a folded accumulator, bitsliced: bit p of word i = the parity of
/// byte i of `acc[p]`. Each word's bytes fold to their parities (bit 8i); eight words shifted
/// by 0..8 and ORed give byte i = bits 8q..8q + 8 of plane i.
pub(super) fn folded_points(acc: &Folded) -> [u64; 8] {
    let mut planes = [0u64; 8];
    for (q, words) in acc.chunks_exact(8).enumerate() {
        let mut t = 0u64;
        for (j, &w) in words.iter().enumerate() {
            let mut x = w ^ (w >> 4);
            x ^= x >> 2;
            x ^= x >> 1;
            t |= (x & 0x0101_0101_0101_0101) << j;
        }
        for (i, plane) in planes.iter_mut().enumerate() {
            *plane |= ((t >> (8 * i)) & 0xff) << (8 * q);
        }
    }
    planes
}

/// The tables of the short path and the finish, built on first use (public data).
pub(super) fn tables() -> &'static SlicedTables {
    static T: once_cell::race::OnceBox<SlicedTables> = once_cell::race::OnceBox::new();
    T.get_or_init(|| alloc::boxed::Box::new(SlicedTables::new()))
}

/// Public constants of the short path and the finish (tower representation).
pub(super) struct SlicedTables {
    /// C_s for stages s = 2..=6, bitsliced over the 64 lanes (positions).
    lane_c: [[u64; 8]; 5],
    /// Row 8j + q: the 32 reduced coefficients of the element whose point values are x^q at
    /// point j and 0 elsewhere, as four little-endian u64s.
    finish_rows: [[u64; 4]; 512],
}

impl SlicedTables {
    pub(super) fn new() -> SlicedTables {
        let lane_c = core::array::from_fn(|i| {
            let s = i as u32 + 2;
            let h = 1usize << (6 - s);
            let bytes: [u8; 64] = core::array::from_fn(|p| {
                if p & h == 0 {
                    point(2 * ybasis_twiddle_index(s, p)).to_u8()
                } else {
                    0
                }
            });
            SlicedGf256x64::from_bytes(&bytes).0
        });
        // Row (j, q) = x^q·M_j by linearity, M_j the finish of the unit vector at point j.
        let logexp = LogExp::new_vartime();
        let mut finish_rows = [[0u64; 4]; 512];
        for (j, rows) in finish_rows.chunks_exact_mut(8).enumerate() {
            let mut v = [Gf256::ZERO; 64];
            v[j] = Gf256::ONE;
            let _ = ifft(&mut v);
            let col = reduce_2to256(v);
            for (q, row) in rows.iter_mut().enumerate() {
                let c = Gf256::from_u8(1 << q);
                *row = core::array::from_fn(|w| {
                    u64::from_le_bytes(core::array::from_fn(|b| {
                        logexp.mul_vartime(c, col[8 * w + b]).to_u8()
                    }))
                });
            }
        }
        SlicedTables {
            lane_c,
            finish_rows,
        }
    }
}

/// Log and exp tables of F_256 for building tables fast: products of public constants only
/// (variable-time).
struct LogExp {
    log: [u8; 256],
    exp: [u8; 255],
}

impl LogExp {
    fn new_vartime() -> LogExp {
        // The smallest generator of the multiplicative group (order 255 = 3·5·17).
        let pow = |g: Gf256, e: u32| (0..e).fold(Gf256::ONE, |x, _| x * g);
        let g = (2..=255u8)
            .map(Gf256::from_u8)
            .find(|&g| [85, 51, 15].iter().all(|&e| pow(g, e) != Gf256::ONE))
            .unwrap_or(Gf256::ONE);
        let mut t = LogExp {
            log: [0; 256],
            exp: [0; 255],
        };
        let mut x = Gf256::ONE;
        for i in 0..255 {
            t.exp[i] = x.to_u8();
            t.log[usize::from(x.to_u8())] = i as u8;
            x *= g;
        }
        t
    }

    fn mul_vartime(&self, a: Gf256, b: Gf256) -> Gf256 {
        if a == Gf256::ZERO || b == Gf256::ZERO {
            return Gf256::ZERO;
        }
        let l = usize::from(self.log[usize::from(a.to_u8())])
            + usize::from(self.log[usize::from(b.to_u8())]);
        Gf256::from_u8(self.exp[l % 255])
    }
}

/// The lanes with bit h of the lane index clear.
const fn first_lanes(h: usize) -> u64 {
    match h {
        1 => 0x5555_5555_5555_5555,
        2 => 0x3333_3333_3333_3333,
        4 => 0x0f0f_0f0f_0f0f_0f0f,
        8 => 0x00ff_00ff_00ff_00ff,
        16 => 0x0000_ffff_0000_ffff,
        _ => 0x0000_0000_ffff_ffff,
    }
}

/// Two u64 groups: an SSE2 register on x86-64 (baseline), else a pair of u64s (also the
/// forced-portable build, so CI runs both).
#[cfg(all(target_arch = "x86_64", not(wegman_backend = "soft")))]
type Pair64 = crate::bitslice::W128;
#[cfg(not(all(target_arch = "x86_64", not(wegman_backend = "soft"))))]
type Pair64 = [u64; 2];

/// The FFTs of both elements of a pair m + k at the 64 points, lane = point: group 0 of each
/// word the element m_t, group 1 the element m'_t (two u64 groups, so both run side by side).
#[inline(always)]
fn pair_points(t: &SlicedTables, m: &Pair, k: &Pair) -> [Pair64; 8] {
    let mut b = [[0u8; 32]; 2];
    for (s, side) in b.iter_mut().enumerate() {
        for (i, x) in side.iter_mut().enumerate() {
            *x = m[32 * s + i] ^ k[32 * s + i];
        }
    }
    let slice = |x: &[u8; 32]| match x.as_chunks::<8>().0.first_chunk::<4>() {
        Some(c) => crate::bitslice::slice_chunks(c),
        None => [0; 8],
    };
    let (e0, e1) = (slice(&b[0]), slice(&b[1]));
    b.as_flattened_mut().fill(0);
    zeroize::optimization_barrier(&b);
    // Stage 1: coefficients 32..64 are zero, so both halves hold the 32 coefficients.
    let mut x: [Pair64; 8] = core::array::from_fn(|i| {
        let g = [e0[i] | e0[i] << 32, e1[i] | e1[i] << 32];
        Pair64::from_groups(|j| g[j])
    });
    for (i, c) in t.lane_c.iter().enumerate() {
        let h = 1u32 << (4 - i);
        let f = Pair64::splat(first_lanes(h as usize));
        let v = x.map(|w| w.shr(h).and(f));
        let c = c.map(Pair64::splat);
        let tt = add_words(&x, &mul_words(&c, &v));
        let s = Pair64::splat(!first_lanes(h as usize));
        x = tt.map(|w| w.xor(w.shl(h).and(s)));
    }
    x
}

/// Adds the products of the pairs `msg[t] + key[t]` into `direct` (lane = point), pair by
/// pair.
pub(super) fn absorb_short(t: &SlicedTables, direct: &mut [u64; 8], msg: &[Pair], key: &[Pair]) {
    absorb_short_inline(t, direct, msg, key);
}

/// [`absorb_short`], inlined into its caller.
#[inline(always)]
pub(super) fn absorb_short_inline(
    t: &SlicedTables,
    direct: &mut [u64; 8],
    msg: &[Pair],
    key: &[Pair],
) {
    for (m, k) in msg.iter().zip(key) {
        let mut x = pair_points(t, m, k).map(|w| [w.group(0), w.group(1)]);
        let a: [u64; 8] = core::array::from_fn(|i| x[i][0]);
        let b: [u64; 8] = core::array::from_fn(|i| x[i][1]);
        *direct = add_words(direct, &mul_words(&a, &b));
        wipe(x.as_flattened_mut());
    }
}

/// The 32 reduced coefficients (polynomial basis, tower bytes) of the element with point
/// values `v`, bitsliced (bit j of word q = bit q of the value at point j).
pub(super) fn finish(t: &SlicedTables, v: &[u64; 8]) -> [u8; 32] {
    finish_inline(t, v)
}

/// [`finish`], inlined into its caller (so that a caller compiled with AVX2 vectorizes it).
#[inline(always)]
pub(super) fn finish_inline(t: &SlicedTables, v: &[u64; 8]) -> [u8; 32] {
    let mut r = [0u64; 4];
    // The bit is taken with an opaque 1: knowing it is 0 or 1, LLVM turned the masked XOR into
    // a secret-dependent branch (found by the valgrind constant-time check, docs/security.md).
    let one = core::hint::black_box(1u64);
    for (j, rows) in t.finish_rows.chunks_exact(8).enumerate() {
        // The eight masks of bit j first, as one vector operation on AVX2.
        let masks: [u64; 8] = core::array::from_fn(|q| 0u64.wrapping_sub((v[q] >> j) & one));
        for (row, &mask) in rows.iter().zip(&masks) {
            for (x, y) in r.iter_mut().zip(row) {
                *x ^= y & mask;
            }
        }
    }
    let mut out = [0u8; 32];
    for (o, w) in out.chunks_exact_mut(8).zip(&r) {
        o.copy_from_slice(&w.to_le_bytes());
    }
    wipe(&mut r);
    out
}

/// Pairs below which a tail goes pair by pair instead of in a zero-padded 64-pair batch
/// (measured on Zen 3: a padded batch costs about as much as 32 short-path pairs).
pub(super) const SHORT_PAIRS: usize = 32;

/// The bytes of `PAIR`-sized sums in the short path's lane layout (eight little-endian words).
pub(super) fn direct_words(d: &[u8; PAIR]) -> [u64; 8] {
    core::array::from_fn(|i| u64::from_le_bytes(core::array::from_fn(|b| d[8 * i + b])))
}

/// The inverse of [`direct_words`].
pub(super) fn direct_bytes(w: &[u64; 8]) -> [u8; PAIR] {
    core::array::from_fn(|i| w[i / 8].to_le_bytes()[i % 8])
}
