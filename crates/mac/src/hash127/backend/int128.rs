//! hash127 on 64-bit integers: Z/(2^127 − 1) in a `u128`, products through four
//! `u64 × u64 → u128` multiplications.
//!
//! Representation: a field element is a `u128` in [0, 2^127] (2^127 ≡ 1 is allowed as a
//! second name for 1, and 2^127 − 1 = p as a second name for 0); [`freeze`] gives the unique
//! value in [0, p).
//!
//! Blocks: with the powers r^0..r^B and the prefix sums S_k = r^0 + … + r^{k−1} precomputed
//! (the paper's c_{i,j} table, §5), k ≤ B words m_0..m_{k−1} update h by
//!
//! ```text
//! h ← h·r^k + Σ_i m_i r^{k−1−i}
//!   = h·r^k + Σ_i (m_i + 2^31)·r^{k−1−i} − 2^31·S_k
//! ```
//!
//! The shifted words m_i + 2^31 lie in [0, 2^32), so the sum is a plain unsigned
//! matrix-vector product: each r^j = lo + hi·2^64 (hi < 2^63) contributes (m_i + 2^31)·lo to
//! one `u128` accumulator and (m_i + 2^31)·hi to another, and neither can overflow for
//! B ≤ 2^24 words (terms below 2^96 and 2^95). One reduction per block, as in the paper.
//!
//! Everything is straight-line arithmetic on key and message; only the (public) message length
//! decides how many words a block has.

/// p = 2^127 − 1.
pub(crate) const P: u128 = (1 << 127) - 1;

/// Words per block: the paper's 96 (its powers go to r^97; ours to r^96, since the final
/// multiplication by r happens in `finalize`).
pub(crate) const BLOCK_WORDS: usize = 96;

/// Folds x < 2^128 to [0, 2^127] keeping x mod p: x = lo + hi·2^127 ≡ lo + hi.
#[inline(always)]
pub(crate) fn fold(x: u128) -> u128 {
    (x & P) + (x >> 127)
}

/// The unique representative in [0, p) of x ∈ [0, 2^127].
#[inline(always)]
pub(crate) fn freeze(x: u128) -> u128 {
    // x ≥ p exactly when x + 1 ≥ 2^127; then x − p = x + 1 − 2^127.
    let t = x + 1;
    let ge = 0u128.wrapping_sub(t >> 127);
    (x & !ge) | ((t & P) & ge)
}

/// a + b mod p for a, b ∈ [0, 2^127].
#[inline(always)]
pub(crate) fn add(a: u128, b: u128) -> u128 {
    fold(a + b)
}

/// a·b mod p for a, b ∈ [0, 2^127]; result in [0, 2^127].
#[inline(always)]
pub(crate) fn mul(a: u128, b: u128) -> u128 {
    let (a0, a1) = (a as u64 as u128, a >> 64);
    let (b0, b1) = (b as u64 as u128, b >> 64);
    // a1, b1 ≤ 2^63, so the middle terms are below 2^127 each and their sum fits.
    let mid = a0 * b1 + a1 * b0;
    let (low, carry) = (a0 * b0).overflowing_add(mid << 64);
    let high = a1 * b1 + (mid >> 64) + u128::from(carry);
    // a·b = low + high·2^128 ≤ 2^254, so high ≤ 2^126 (with low = 0 at the top);
    // 2^128 ≡ 2 and low ≡ (low mod 2^127) + ⌊low / 2^127⌋: the sum stays below 2^128.
    fold((low & P) + (low >> 127) + 2 * high)
}

/// Σ_i (words_i + 2^31)·pow[k−1−i] as a value in [0, 2^127] (k = words.len() ≤ B).
#[inline(always)]
fn dot(words: &[i32], pow: &[u128]) -> u128 {
    let k = words.len();
    let (mut lo, mut hi) = (0u128, 0u128);
    for (i, &m) in words.iter().enumerate() {
        let a = u128::from((m as u32) ^ 0x8000_0000); // m + 2^31 ∈ [0, 2^32)
        let rp = pow[k - 1 - i];
        lo += a * (rp as u64 as u128);
        hi += a * (rp >> 64);
    }
    // value = lo + hi·2^64 with hi < 2^102: hi·2^64 = (hi mod 2^63)·2^64 + ⌊hi/2^63⌋·2^127.
    fold(lo + ((hi & ((1 << 63) - 1)) << 64) + (hi >> 63))
}

/// The expanded key: r, its powers r^0..r^B and −2^31·S_k for k = 0..=B, all mod p.
#[derive(Clone)]
pub(crate) struct Table {
    pub(crate) r: u128,
    pow: [u128; BLOCK_WORDS + 1],
    neg_shift: [u128; BLOCK_WORDS + 1],
}

impl Table {
    /// Expands r ∈ [0, p): B multiplications and additions.
    pub(crate) fn new(r: u128) -> Table {
        let mut pow = [0u128; BLOCK_WORDS + 1];
        let mut neg_shift = [0u128; BLOCK_WORDS + 1];
        pow[0] = 1;
        let mut s = 0u128; // S_k
        for k in 1..=BLOCK_WORDS {
            pow[k] = mul(pow[k - 1], r);
            s = add(s, pow[k - 1]);
            // −2^31·S_k = p − freeze(2^31·S_k).
            neg_shift[k] = P - freeze(mul(s, 1 << 31));
        }
        Table { r, pow, neg_shift }
    }

    /// h ← h·r^k + Σ m_i r^{k−1−i} for k = words.len() ≤ B.
    #[inline]
    pub(crate) fn block(&self, h: u128, words: &[i32]) -> u128 {
        let k = words.len();
        debug_assert!(k <= BLOCK_WORDS);
        let u = dot(words, &self.pow[..k]);
        self.combine(h, k, u)
    }

    /// h·r^k + u − 2^31·S_k: the end of a block of k words whose shifted dot product is u.
    #[inline(always)]
    pub(crate) fn combine(&self, h: u128, k: usize, u: u128) -> u128 {
        add(add(mul(h, self.pow[k]), u), self.neg_shift[k])
    }

    /// r^i (i ≤ B), in [0, 2^127].
    pub(crate) fn pow(&self, i: usize) -> u128 {
        self.pow[i]
    }

    /// Absorbs any number of words, B at a time.
    pub(crate) fn words(&self, mut h: u128, words: &[i32]) -> u128 {
        for chunk in words.chunks(BLOCK_WORDS) {
            h = self.block(h, chunk);
        }
        h
    }

    /// Wipes the table.
    pub(crate) fn wipe(&mut self) {
        use zeroize::Zeroize;
        self.r.zeroize();
        self.pow.zeroize();
        self.neg_shift.zeroize();
    }
}
