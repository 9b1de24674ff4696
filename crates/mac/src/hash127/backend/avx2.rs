//! hash127 with AVX2 (`vpmuludq`): the matrix-vector product of a block with four message
//! words per vector.
//!
//! # Layout
//! As the IFMA backend's, a lane holds one *word*: the powers r^{W−1}, …, r^0 (W = 2B = 192
//! words, a *superblock*) are stored in reverse, split into five 26-bit limbs
//! (r^j = Σ_l c_l·2^{26l}, c_4 < 2^23 since r^j < p), limb-major, one u64 per entry, so the
//! four powers that four consecutive words need are one 32-byte load per limb. A block of
//! k ≤ W words uses the last k entries (word i meets r^{k−1−i}). Whole superblocks halve the
//! per-block work of the `Int128` structure (a horizontal sum, a reduction and h·r^k), which
//! otherwise costs as much as a third of the products.
//!
//! # Arithmetic (all exact)
//! As in the `Int128` backend, a word m enters as a = m + 2^31 ∈ [0, 2^32) and the constant
//! −2^31·Σ r^{k−1−i} is added once per block. Per four words and limb l one `vpmuludq` gives
//! a·c_l < 2^58 in each lane, added to one of two accumulator sets (even and odd groups, to
//! hide the latency). A lane of a set sums at most W/8 = 24 terms: below 2^62.6, so the two
//! sets add lane-wise below 2^63.6 without 64-bit overflow; the four lanes are summed in
//! `u128` (L_l < 192·2^58 < 2^66, and L_4 < 192·2^55 < 2^63) and
//!
//! ```text
//! Σ_l L_l·2^{26l}   with   L_3·2^78 = (L_3 mod 2^49)·2^78 + ⌊L_3/2^49⌋·2^127,
//!                          L_4·2^104 = (L_4 mod 2^23)·2^104 + ⌊L_4/2^23⌋·2^127
//! ```
//!
//! is folded with 2^127 ≡ 1. The last k mod 4 words of a block take the scalar path. The
//! per-block product h·r^k and reduction are the `Int128` backend's.
//!
//! # Constant time
//! The loop bounds depend only on the (public) message length; `vpmuludq` takes the same
//! time for every operand.

use core::arch::x86_64::*;

use super::int128::{self as int, BLOCK_WORDS};

const MASK26: u64 = (1 << 26) - 1;

/// Words per superblock.
pub(crate) const SUPER_WORDS: usize = 2 * BLOCK_WORDS;

/// The powers r^{W−1}, …, r^0 in 26-bit limbs (`limb[l][i]` is limb l of r^{W−1−i}), and r^W
/// and −2^31·(r^0 + … + r^{W−1}) for whole superblocks.
/// (Cache-line aligned, so no 32-byte load of a row straddles two lines.)
#[derive(Clone)]
#[repr(C, align(64))]
pub(crate) struct Limbs26 {
    limb: [[u64; SUPER_WORDS]; 5],
    pow_w: u128,
    neg_shift_w: u128,
}

impl Limbs26 {
    /// The all-zero table (a key whose backend reads another table).
    pub(crate) const ZERO: Limbs26 = Limbs26 {
        limb: [[0; SUPER_WORDS]; 5],
        pow_w: 0,
        neg_shift_w: 0,
    };

    /// Splits the powers of an expanded key (r^B..r^{W} by B more multiplications).
    pub(crate) fn new(t: &int::Table) -> Limbs26 {
        let pow = |j: usize| {
            if j <= BLOCK_WORDS {
                t.pow(j)
            } else {
                int::mul(t.pow(BLOCK_WORDS), t.pow(j - BLOCK_WORDS))
            }
        };
        let mut limb = [[0u64; SUPER_WORDS]; 5];
        let mut s = 0u128;
        for i in 0..SUPER_WORDS {
            let v = int::freeze(pow(SUPER_WORDS - 1 - i));
            s = int::add(s, v);
            for (l, row) in limb.iter_mut().enumerate() {
                row[i] = (v >> (26 * l)) as u64 & MASK26;
            }
        }
        Limbs26 {
            limb,
            pow_w: pow(SUPER_WORDS),
            neg_shift_w: int::P - int::freeze(int::mul(s, 1 << 31)),
        }
    }

    /// Wipes the limbs.
    pub(crate) fn wipe(&mut self) {
        use zeroize::Zeroize;
        self.limb.iter_mut().for_each(|l| l.zeroize());
        self.pow_w.zeroize();
        self.neg_shift_w.zeroize();
    }
}

/// Four lanes of partial sums per limb.
#[derive(Clone, Copy)]
struct Acc([__m256i; 5]);

impl Acc {
    #[inline]
    #[target_feature(enable = "avx2")]
    fn new() -> Acc {
        Acc([_mm256_setzero_si256(); 5])
    }

    /// Adds a·c for the four words `a` (each < 2^32, zero-extended) and the table entries
    /// `idx..idx + 4`.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn add(&mut self, tab: &Limbs26, a: __m256i, idx: usize) {
        for (acc, limb) in self.0.iter_mut().zip(&tab.limb) {
            let row = &limb[idx..idx + 4];
            // SAFETY: `row` is four readable u64s (the slice is bounds-checked);
            // `loadu` has no alignment requirement.
            let c = unsafe { _mm256_loadu_si256(row.as_ptr().cast()) };
            *acc = _mm256_add_epi64(*acc, _mm256_mul_epu32(a, c));
        }
    }

    /// The sum of the four lanes of each limb, with another set's (lanes below 2^63).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn lanes(&self, other: &Acc) -> [u128; 5] {
        let mut out = [0u128; 5];
        for (o, (&x, &y)) in out.iter_mut().zip(self.0.iter().zip(&other.0)) {
            // Two lanes below 2^63 each add without overflow; the pairs go to u128.
            let v = _mm256_add_epi64(x, y);
            let hi = _mm256_extracti128_si256::<1>(v);
            let lo = _mm256_castsi256_si128(v);
            let (a, b) = (
                _mm_extract_epi64::<0>(lo) as u64,
                _mm_extract_epi64::<1>(lo) as u64,
            );
            let (c, d) = (
                _mm_extract_epi64::<0>(hi) as u64,
                _mm_extract_epi64::<1>(hi) as u64,
            );
            *o = u128::from(a) + u128::from(b) + u128::from(c) + u128::from(d);
        }
        out
    }
}

/// Loads four words as a = m + 2^31 zero-extended to 64 bits.
#[inline]
#[target_feature(enable = "avx2")]
fn load_words(w: &[u8; 16]) -> __m256i {
    // SAFETY: `w` is 16 readable bytes; `loadu` has no alignment requirement.
    let m = unsafe { _mm_loadu_si128(w.as_ptr().cast()) };
    _mm256_cvtepu32_epi64(_mm_xor_si128(m, _mm_set1_epi32(i32::MIN)))
}

/// Σ_i (m_i + 2^31)·r^{k−1−i} mod p, in [0, 2^127], for the k ≤ W words given as
/// little-endian bytes.
#[target_feature(enable = "avx2")]
fn dot_raw(t: &int::Table, tab: &Limbs26, words: &[[u8; 4]]) -> u128 {
    let k = words.len();
    debug_assert!(k <= SUPER_WORDS);
    let off = SUPER_WORDS - k;
    let (mut a0, mut a1) = (Acc::new(), Acc::new());
    let bytes = words.as_flattened();
    let (groups, _) = bytes.as_chunks::<16>();
    let (pairs, odd) = groups.as_chunks::<2>();
    for (g, [x, y]) in pairs.iter().enumerate() {
        a0.add(tab, load_words(x), off + 8 * g);
        a1.add(tab, load_words(y), off + 8 * g + 4);
    }
    if let [x] = odd {
        a0.add(tab, load_words(x), off + 8 * pairs.len());
    }
    let l = a0.lanes(&a1);
    // L_l < 2^65, L_4 < 2^62 (module docs): each shifted term below 2^127 after the splits.
    let low = int::fold(
        l[0] + (l[1] << 26)
            + (l[2] << 52)
            + ((l[3] & ((1 << 49) - 1)) << 78)
            + (l[3] >> 49)
            + (l[4] >> 23),
    );
    let vector = int::fold(low + ((l[4] & ((1 << 23) - 1)) << 104));
    // The last k mod 4 words (so below 4 < B, within the integer table), scalar.
    let done = 4 * groups.len();
    let tail = words[done..].iter().enumerate().fold(0u128, |acc, (j, w)| {
        let a = u128::from(u32::from_le_bytes(*w) ^ 0x8000_0000);
        int::add(acc, int::mul(a, t.pow(k - 1 - (done + j))))
    });
    int::add(vector, tail)
}

/// Below this many words the scalar product of the `Int128` backend is faster than setting up
/// vectors and summing them (measured on Zen 3: 17 words, a 64-byte message, are faster
/// scalar; 64 words are not).
const VECTOR_MIN_WORDS: usize = 24;

/// h ← h·r^k + Σ m_i r^{k−1−i} for the k = words.len() ≤ B words.
#[target_feature(enable = "avx2")]
pub(crate) fn block(t: &int::Table, tab: &Limbs26, h: u128, words: &[i32]) -> u128 {
    if words.len() < VECTOR_MIN_WORDS {
        // The length is public: this branch leaks nothing about key or message.
        return t.block(h, words);
    }
    let mut le = [[0u8; 4]; BLOCK_WORDS];
    for (b, w) in le.iter_mut().zip(words) {
        *b = w.to_le_bytes();
    }
    let u = dot_raw(t, tab, &le[..words.len()]);
    use zeroize::Zeroize;
    le.as_flattened_mut().zeroize();
    t.combine(h, words.len(), u)
}

/// h ← h·r^W + Σ m_i r^{W−1−i} for one whole superblock of W words (little-endian bytes).
#[target_feature(enable = "avx2")]
pub(crate) fn superblock_le(
    t: &int::Table,
    tab: &Limbs26,
    h: u128,
    words: &[[u8; 4]; SUPER_WORDS],
) -> u128 {
    let u = dot_raw(t, tab, words);
    int::add(int::add(int::mul(h, tab.pow_w), u), tab.neg_shift_w)
}

/// Any number of words (little-endian bytes): whole superblocks, then blocks of at most B.
#[target_feature(enable = "avx2")]
pub(crate) fn words_le(t: &int::Table, tab: &Limbs26, mut h: u128, words: &[[u8; 4]]) -> u128 {
    let (supers, rest) = words.as_chunks::<SUPER_WORDS>();
    for s in supers {
        h = superblock_le(t, tab, h, s);
    }
    for chunk in rest.chunks(BLOCK_WORDS) {
        h = block_le(t, tab, h, chunk);
    }
    h
}

/// [`block`] on words given as little-endian bytes (k ≤ B).
#[target_feature(enable = "avx2")]
pub(crate) fn block_le(t: &int::Table, tab: &Limbs26, h: u128, words: &[[u8; 4]]) -> u128 {
    if words.len() < VECTOR_MIN_WORDS {
        let mut w = [0i32; BLOCK_WORDS];
        for (x, b) in w.iter_mut().zip(words) {
            *x = i32::from_le_bytes(*b);
        }
        let h = t.block(h, &w[..words.len()]);
        use zeroize::Zeroize;
        w.zeroize();
        return h;
    }
    let u = dot_raw(t, tab, words);
    t.combine(h, words.len(), u)
}
