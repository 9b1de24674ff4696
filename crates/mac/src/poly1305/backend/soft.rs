//! Poly1305 arithmetic on three 44-bit limbs: the accumulator every backend shares between
//! bulk calls, the key powers of the vector backends, and the joins of pieces. (The blocks of
//! the portable backend, and the short calls of the others, run in base 2^64: `scalar64`.)
//!
//! An element of Z/(2^130 − 5) is held as `h = h0 + h1·2^44 + h2·2^88` with `u64` limbs
//! (`Fe1305x44`). Multiplication by the clamped key `r = r0 + r1·2^44 + r2·2^88` uses
//! 2^132 ≡ 4·5 = 20 (mod 2^130 − 5):
//!
//! ```text
//! d0 = h0·r0 + 20·(h1·r2 + h2·r1)
//! d1 = h0·r1 + h1·r0 + 20·h2·r2
//! d2 = h0·r2 + h1·r1 + h2·r0
//! ```
//!
//! Limb bounds (checked against the big-integer model in the tests): [`Fe1305x44::mul`] takes
//! limbs below 2^45 / 2^45 / 2^44, so with 20·b1, 20·b2 < 2^49.4 every column sum is below
//! 2^95 and fits a `u128`; the carry chain returns h0, h1 < 2^44 + 2^11, h2 < 2^42.
//!
//! Everything is straight-line arithmetic: no branch or memory index depends on the key, the
//! accumulator or the message.

use zeroize::Zeroize;

use super::scalar64::Key64;

const MASK44: u64 = (1 << 44) - 1;
const MASK42: u64 = (1 << 42) - 1;

/// An element of Z/(2^130 − 5) in three unsaturated 44/44/42-bit limbs.
#[derive(Clone, Copy, Default, Zeroize)]
pub(crate) struct Fe1305x44(pub(crate) [u64; 3]);

impl Fe1305x44 {
    /// Splits a value below 2^128 into limbs.
    #[inline(always)]
    pub(crate) fn from_u128(x: u128) -> Self {
        let lo = x as u64;
        let hi = (x >> 64) as u64;
        Fe1305x44([lo & MASK44, ((lo >> 44) | (hi << 20)) & MASK44, hi >> 24])
    }
}

impl Fe1305x44 {
    /// The product a·b mod 2^130 − 5, weakly reduced.
    ///
    /// Inputs: limbs below 2^45 / 2^45 / 2^44 (any carried representation, including the
    /// vector backends' outputs), so every column sum is below 2^95. Output as
    /// [`carry_columns`].
    pub(crate) fn mul(&self, b: &Fe1305x44) -> Fe1305x44 {
        let [a0, a1, a2] = self.0;
        let [b0, b1, b2] = b.0;
        let (s1, s2) = (b1 * 20, b2 * 20);
        let d0 = m(a0, b0) + m(a1, s2) + m(a2, s1);
        let d1 = m(a0, b1) + m(a1, b0) + m(a2, s2);
        let d2 = m(a0, b2) + m(a1, b1) + m(a2, b0);
        carry_columns(d0, d1, d2)
    }

    /// Carries limbs of up to 2^62 each into the soft backend's bounds
    /// (h0 < 2^44 + 2^12, h1 < 2^44, h2 < 2^42), keeping the value mod 2^130 − 5.
    pub(crate) fn carry(self) -> Fe1305x44 {
        let [mut h0, mut h1, mut h2] = self.0;
        // The first pass folds at most 5·2^20 back into h0; the second folds at most 5.
        for _ in 0..2 {
            h1 += h0 >> 44;
            h0 &= MASK44;
            h2 += h1 >> 44;
            h1 &= MASK44;
            h0 += (h2 >> 42) * 5;
            h2 &= MASK42;
        }
        Fe1305x44([h0, h1, h2])
    }
}

impl Fe1305x44 {
    /// a + b, carried (inputs as for [`Fe1305x44::carry`]).
    pub(crate) fn add(&self, b: &Fe1305x44) -> Fe1305x44 {
        Fe1305x44([self.0[0] + b.0[0], self.0[1] + b.0[1], self.0[2] + b.0[2]]).carry()
    }

    /// self^e by square-and-multiply: variable-time in the exponent (a public block count),
    /// constant-time in `self` (the secret key).
    pub(crate) fn pow_vartime(&self, e: u64) -> Fe1305x44 {
        let mut acc = Fe1305x44([1, 0, 0]);
        for i in (0..64 - e.leading_zeros()).rev() {
            acc = acc.mul(&acc);
            if (e >> i) & 1 == 1 {
                acc = acc.mul(self);
            }
        }
        acc
    }
}

/// The powers r, r^2, …, r^N of a key, as the vector backends need them: the first `known`
/// computed (a backend needing fewer than N pays for fewer, also when wiping them). Stored
/// limb-major, `limbs[i][k]` = limb i of r^{k+1}, so that eight consecutive powers' limb is
/// one 512-bit load for the IFMA kernel.
#[derive(Clone, Copy)]
pub(crate) struct Powers<const N: usize> {
    limbs: [[u64; N]; 3],
    known: usize,
}

impl<const N: usize> Zeroize for Powers<N> {
    fn zeroize(&mut self) {
        // Entries past `known` were never written (they stay zero).
        let n = self.known.min(N);
        for row in &mut self.limbs {
            row[..n].zeroize();
        }
        self.known = 0;
    }
}

impl<const N: usize> Powers<N> {
    /// r^1..r^n (n ≤ N) by n − 1 multiplications.
    pub(crate) fn new_upto(r: &Fe1305x44, n: usize) -> Self {
        let mut p = Powers {
            limbs: [[0; N]; 3],
            known: 1,
        };
        p.set(1, r);
        p.extend(n);
        p
    }

    /// Powers written by a vector kernel: `limbs` as the struct holds them, the first
    /// `known` entries of each row set.
    pub(crate) fn from_limbs(limbs: [[u64; N]; 3], known: usize) -> Self {
        Powers { limbs, known }
    }

    /// Computes the powers up to r^n (n ≤ N) if not yet known: r^j = r^⌊j/2⌋·r^⌈j/2⌉, so
    /// r^{2^k + 1}..r^{2^{k+1}} depend only on the powers below them and their products
    /// overlap in the pipeline (four multiplications deep for r^16, against fifteen for
    /// r^j = r^{j−1}·r).
    pub(crate) fn extend(&mut self, n: usize) {
        while self.known < n.min(N) {
            let j = self.known + 1;
            let x = self.get(j / 2).mul(&self.get(j.div_ceil(2)));
            self.set(j, &x);
            self.known += 1;
        }
    }

    /// r^k for 1 ≤ k ≤ `known`.
    pub(crate) fn get(&self, k: usize) -> Fe1305x44 {
        debug_assert!(k >= 1 && k <= self.known);
        Fe1305x44(self.limbs.map(|row| row[k - 1]))
    }

    fn set(&mut self, k: usize, x: &Fe1305x44) {
        for (row, &l) in self.limbs.iter_mut().zip(&x.0) {
            row[k - 1] = l;
        }
    }

    /// Limb i of r^1..r^N (entries past `known` are zero).
    pub(crate) fn row(&self, i: usize) -> &[u64; N] {
        &self.limbs[i]
    }
}

/// u64 × u64 → u128.
#[inline(always)]
fn m(a: u64, b: u64) -> u128 {
    u128::from(a) * u128::from(b)
}

/// Carries column sums below 2^95 into limbs h0, h1 < 2^44 + 2^11, h2 < 2^42: the carry
/// out of d2 (below 2^53) re-enters as ×5, since 2^130 ≡ 5.
#[inline(always)]
fn carry_columns(d0: u128, mut d1: u128, mut d2: u128) -> Fe1305x44 {
    d1 += d0 >> 44;
    let mut h0 = d0 as u64 & MASK44;
    d2 += d1 >> 44;
    let mut h1 = d1 as u64 & MASK44;
    let h2 = d2 as u64 & MASK42;
    h0 += (d2 >> 42) as u64 * 5;
    h1 += h0 >> 44;
    h0 &= MASK44;
    Fe1305x44([h0, h1, h2])
}

/// The Poly1305 key r (in both representations) and the running accumulator h.
#[derive(Clone, Zeroize)]
pub(crate) struct State {
    /// r in 44-bit limbs: the powers and the joins of pieces multiply by it.
    pub(crate) r: Fe1305x44,
    /// r in base 2^64: the blocks multiply by it ([`scalar64`](super::scalar64)).
    pub(crate) r64: Key64,
    /// The accumulator; every backend reads and writes it between bulk calls.
    pub(crate) h: Fe1305x44,
}

impl State {
    /// Starts a hash with the clamped key `r` (`r < 2^124`, clamp bits clear).
    pub(crate) fn new(r: u128) -> Self {
        State {
            r: Fe1305x44::from_u128(r),
            r64: Key64::new(r),
            h: Fe1305x44::default(),
        }
    }

    /// Forgets the accumulator, keeping the key.
    pub(crate) fn reset(&mut self) {
        self.h = Fe1305x44::default();
    }

    /// Absorbs whole 16-byte blocks with the portable base 2^64 code: h ← (h + c)·r, where c
    /// is the block read little-endian plus `hibit`·2^128 (`hibit` = 1 for full message
    /// blocks, 0 for the padded last one).
    pub(crate) fn blocks(&mut self, data: &[u8], hibit: u64) {
        super::scalar64::blocks(&mut self.h, &self.r64, data, hibit);
    }

    /// Returns (h mod 2^130 − 5) + s mod 2^128, little-endian: the Poly1305 tag.
    pub(crate) fn finalize(&self, s: u128) -> [u8; 16] {
        // Two full carry chains, then one more pass from h0 to h2, leave h < 2^130 with
        // h0, h1 < 2^44 and h2 ≤ 2^42 (h2 = 2^42 only when h ≥ p, which the select handles).
        let [mut h0, mut h1, mut h2] = self.h.carry().0;
        h1 += h0 >> 44;
        h0 &= MASK44;
        h2 += h1 >> 44;
        h1 &= MASK44;

        // g = h + 5 − 2^130; h ≥ p exactly when g does not borrow, i.e. bit 63 of g2 is clear.
        let mut g0 = h0 + 5;
        let mut g1 = h1 + (g0 >> 44);
        g0 &= MASK44;
        let g2 = (h2 + (g1 >> 44)).wrapping_sub(1 << 42);
        g1 &= MASK44;
        let use_g = (g2 >> 63).wrapping_sub(1); // all ones if h ≥ p
        h0 = (h0 & !use_g) | (g0 & use_g);
        h1 = (h1 & !use_g) | (g1 & use_g);
        h2 = (h2 & !use_g) | (g2 & use_g & MASK42);

        let h = u128::from(h0) | (u128::from(h1) << 44) | (u128::from(h2) << 88);
        h.wrapping_add(s).to_le_bytes()
    }
}
