//! hash127 with AVX-512 IFMA (`vpmadd52luq`/`vpmadd52huq`): the matrix-vector product of a
//! block with eight message words per vector.
//!
//! # Layout
//! The transpose of the paper's: a lane holds one *word*, not one limb. The powers
//! r^{B−1}, …, r^0 (B = 96) are stored in reverse, split into three 52-bit limbs
//! (r^j = c_0 + c_1·2^52 + c_2·2^104, c_2 < 2^23 since r^j < p), limb-major, so the eight
//! powers that eight consecutive words need are one contiguous 64-byte load per limb. A block
//! of k ≤ B words uses the last k entries (word i meets r^{k−1−i}), so short blocks need no
//! other table.
//!
//! # Arithmetic (all exact)
//! As in the `Int128` backend, a word m enters as a = m + 2^31 ∈ [0, 2^32) and the constant
//! −2^31·Σ r^{k−1−i} is added once per block. Per eight words and limb j, one `madd52lo`
//! adds the low 52 bits of a·c_j (< 2^84) to `lo_j` and one `madd52hi` the high 32 bits to
//! `hi_j`. A block puts at most 12 terms in each lane (B / 8), so a lane of `lo` stays below
//! 12·2^52 and the horizontal sum of 8 lanes below 2^59: no 64-bit lane overflows. The value
//!
//! ```text
//! Σ_j (LO_j + HI_j·2^52)·2^{52j} = LO_0 + (HI_0 + LO_1)·2^52 + (HI_1 + LO_2)·2^104 + HI_2·2^156
//! ```
//!
//! is reduced with 2^127 ≡ 1: (t·2^104) ≡ (t mod 2^23)·2^104 + ⌊t / 2^23⌋ and
//! 2^156 ≡ 2^29. The per-block product h·r^k and reduction are the `Int128` backend's.
//!
//! # Constant time
//! The loop bounds and the load masks depend only on the (public) message length; the
//! multiply-add instructions take the same time for every operand.

use core::arch::x86_64::*;

use super::int128::{self as int, BLOCK_WORDS};

const MASK52: u64 = (1 << 52) - 1;

/// The powers r^{B−1}, …, r^0 in 52-bit limbs: `limb[j][i]` is limb j of r^{B−1−i}.
#[derive(Clone)]
pub(crate) struct Limbs52 {
    limb: [[u64; BLOCK_WORDS]; 3],
}

impl Limbs52 {
    /// The all-zero table (a key whose backend reads another table).
    pub(crate) const ZERO: Limbs52 = Limbs52 {
        limb: [[0; BLOCK_WORDS]; 3],
    };

    /// Splits the powers of an expanded key.
    pub(crate) fn new(t: &int::Table) -> Limbs52 {
        let limb = core::array::from_fn(|j| {
            core::array::from_fn(|i| {
                let v = int::freeze(t.pow(BLOCK_WORDS - 1 - i));
                (v >> (52 * j)) as u64 & MASK52
            })
        });
        Limbs52 { limb }
    }

    /// Wipes the limbs.
    pub(crate) fn wipe(&mut self) {
        use zeroize::Zeroize;
        self.limb.iter_mut().for_each(|l| l.zeroize());
    }
}

/// Eight lanes of low and high partial sums per limb.
struct Acc {
    lo: [__m512i; 3],
    hi: [__m512i; 3],
}

impl Acc {
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn new() -> Acc {
        let z = _mm512_setzero_si512();
        Acc {
            lo: [z; 3],
            hi: [z; 3],
        }
    }

    /// Adds a·c for the eight words `a` (each < 2^32) and the table entries from `idx`,
    /// masked to the lanes in `mask` (the table loads of other lanes are zero, so their
    /// products are too).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn add(&mut self, tab: &Limbs52, a: __m512i, idx: usize, mask: __mmask8) {
        for j in 0..3 {
            let row = &tab.limb[j][idx..];
            // SAFETY: `row` has at least as many readable u64s as `mask` selects
            // (callers pass idx + popcount-prefix(mask) ≤ B); masked-off lanes are not
            // read, and `maskz_loadu` has no alignment requirement.
            let c = unsafe { _mm512_maskz_loadu_epi64(mask, row.as_ptr().cast()) };
            self.lo[j] = _mm512_madd52lo_epu64(self.lo[j], a, c);
            self.hi[j] = _mm512_madd52hi_epu64(self.hi[j], a, c);
        }
    }
}

/// Loads the words `w[0..]` selected by `mask`, as a = m + 2^31 zero-extended to 64 bits.
///
/// # Safety
/// `w` must point to as many readable 4-byte words as `mask` selects (a prefix).
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
unsafe fn load_words(w: *const i32, mask: __mmask8) -> __m512i {
    // SAFETY: the caller guarantees the selected words are readable; masked-off lanes are
    // not accessed.
    let m = unsafe { _mm256_maskz_loadu_epi32(mask, w) };
    _mm512_cvtepu32_epi64(_mm256_xor_si256(m, _mm256_set1_epi32(i32::MIN)))
}

/// Σ_i (m_i + 2^31)·r^{k−1−i} mod p, in [0, 2^127], for the k ≤ B little-endian 32-bit
/// words at `w`.
///
/// # Safety
/// `w` must point to `k` readable 4-byte words, k ≤ B.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
unsafe fn dot_raw(tab: &Limbs52, w: *const i32, k: usize) -> u128 {
    debug_assert!(k <= BLOCK_WORDS);
    let off = BLOCK_WORDS - k;
    let (mut a0, mut a1) = (Acc::new(), Acc::new());
    let full = k / 8;
    let mut g = 0;
    // Two independent accumulator sets hide the multiply-add latency.
    while g + 2 <= full {
        // SAFETY: words 8g..8g+16 are below k.
        let (x, y) = unsafe {
            (
                load_words(w.add(8 * g), 0xff),
                load_words(w.add(8 * g + 8), 0xff),
            )
        };
        a0.add(tab, x, off + 8 * g, 0xff);
        a1.add(tab, y, off + 8 * g + 8, 0xff);
        g += 2;
    }
    if g < full {
        // SAFETY: words 8g..8g+8 are below k.
        let x = unsafe { load_words(w.add(8 * g), 0xff) };
        a0.add(tab, x, off + 8 * g, 0xff);
        g += 1;
    }
    let rest = k - 8 * g;
    if rest > 0 {
        let mask = ((1u16 << rest) - 1) as __mmask8;
        // SAFETY: the `rest` selected words 8g..k are readable.
        let x = unsafe { load_words(w.add(8 * g), mask) };
        a1.add(tab, x, off + 8 * g, mask);
    }
    let lo: [u64; 3] = core::array::from_fn(|j| {
        _mm512_reduce_add_epi64(_mm512_add_epi64(a0.lo[j], a1.lo[j])) as u64
    });
    let hi: [u64; 3] = core::array::from_fn(|j| {
        _mm512_reduce_add_epi64(_mm512_add_epi64(a0.hi[j], a1.hi[j])) as u64
    });
    // LO_j < 2^59, HI_0, HI_1 < 96·2^32, HI_2 < 96·2^3 (module docs).
    let x = u128::from(lo[0]) + (u128::from(hi[0] + lo[1]) << 52);
    let t = hi[1] + lo[2];
    let y = (u128::from(t & ((1 << 23) - 1)) << 104) + u128::from(t >> 23);
    let z = u128::from(hi[2]) << 29;
    // x < 2^113, y < 2^127 + 2^37, z < 2^39: the sum fits in 128 bits.
    int::fold(x + y + z)
}

/// Below this many words the scalar product of the `Int128` backend is faster than setting up
/// vectors and summing them horizontally (measured: BENCHMARKS.md, 16-byte messages).
const VECTOR_MIN_WORDS: usize = 12;

/// h ← h·r^k + Σ m_i r^{k−1−i} for the k = words.len() ≤ B words.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub(crate) fn block(t: &int::Table, tab: &Limbs52, h: u128, words: &[i32]) -> u128 {
    if words.len() < VECTOR_MIN_WORDS {
        // The length is public: this branch leaks nothing about key or message.
        return t.block(h, words);
    }
    // SAFETY: `words` is `words.len()` readable i32s.
    let u = unsafe { dot_raw(tab, words.as_ptr(), words.len()) };
    t.combine(h, words.len(), u)
}

/// [`block`] on words given as little-endian bytes (x86 is little-endian, so they are the
/// same 32-bit values in memory).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub(crate) fn block_le(t: &int::Table, tab: &Limbs52, h: u128, words: &[[u8; 4]]) -> u128 {
    // SAFETY: `words` is `words.len()` readable 4-byte groups; the loads are unaligned.
    let u = unsafe { dot_raw(tab, words.as_ptr().cast(), words.len()) };
    t.combine(h, words.len(), u)
}

/// Any number of little-endian words, [`block_le`] by block.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub(crate) fn words_le(t: &int::Table, tab: &Limbs52, mut h: u128, words: &[[u8; 4]]) -> u128 {
    for chunk in words.chunks(BLOCK_WORDS) {
        h = block_le(t, tab, h, chunk);
    }
    h
}
