//! Portable Poly1305 arithmetic on three 44-bit limbs.
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
//! Limb bounds (checked against the big-integer model in the tests): the clamp makes
//! r0, r1 < 2^44 and r2 < 2^36, so 20·r1 < 2^48.4 and 20·r2 < 2^40.4. On entry to a block the
//! accumulator has h0, h1 < 2^44 + 2^10 and h2 < 2^42 + 2^10; adding a block keeps
//! h0, h1 < 2^45.1 and h2 < 2^43.4, so every d_i < 2^92 fits a `u128` with room to spare. The
//! carry chain returns h0, h1 < 2^44 + 2^10, h2 < 2^42.
//!
//! Everything is straight-line arithmetic: no branch or memory index depends on the key, the
//! accumulator or the message.

use zeroize::Zeroize;

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
/// computed (a backend needing fewer than N pays for fewer, also when wiping them).
#[derive(Clone, Copy)]
pub(crate) struct Powers<const N: usize> {
    p: [Fe1305x44; N],
    known: usize,
}

impl<const N: usize> Zeroize for Powers<N> {
    fn zeroize(&mut self) {
        // Entries past `known` were never written (they stay zero).
        let n = self.known.min(N);
        for x in &mut self.p[..n] {
            x.zeroize();
        }
        self.known = 0;
    }
}

impl<const N: usize> Powers<N> {
    /// r^1..r^N by N − 1 multiplications (constant-time in r).
    pub(crate) fn new(r: &Fe1305x44) -> Self {
        Self::new_upto(r, N)
    }

    /// r^1..r^n (n ≤ N) by n − 1 multiplications.
    pub(crate) fn new_upto(r: &Fe1305x44, n: usize) -> Self {
        let mut p = Powers {
            p: [Fe1305x44::default(); N],
            known: 1,
        };
        p.p[0] = *r;
        p.extend(n);
        p
    }

    /// Computes the powers up to r^n (n ≤ N) if not yet known.
    pub(crate) fn extend(&mut self, n: usize) {
        let r = self.p[0];
        while self.known < n.min(N) {
            self.p[self.known] = self.p[self.known - 1].mul(&r);
            self.known += 1;
        }
    }

    /// r^k for 1 ≤ k ≤ `known`.
    pub(crate) fn get(&self, k: usize) -> &Fe1305x44 {
        debug_assert!(k >= 1 && k <= self.known);
        &self.p[k - 1]
    }
}

/// u64 × u64 → u128.
#[inline(always)]
fn m(a: u64, b: u64) -> u128 {
    u128::from(a) * u128::from(b)
}

/// A block as limbs plus `hibit`·2^128.
#[inline(always)]
fn load(block: &[u8], hibit: u64) -> Fe1305x44 {
    let mut c = Fe1305x44::from_u128(u128::from_le_bytes(block.try_into().unwrap()));
    c.0[2] |= hibit << 40;
    c
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

/// The Poly1305 key r with its precomputed multiples and the running accumulator h.
#[derive(Clone, Zeroize)]
pub(crate) struct State {
    pub(crate) r: Fe1305x44,
    /// 20·r1 and 20·r2 (the reduction 2^132 ≡ 20 folded into the key).
    r20: [u64; 2],
    /// r^2, computed on the first pair of blocks (for `pairs`).
    r_squared: Option<Fe1305x44>,
    /// The accumulator; vector backends read and write it between bulk calls.
    pub(crate) h: Fe1305x44,
}

impl State {
    /// Starts a hash with the clamped key `r` (`r < 2^124`, clamp bits clear).
    pub(crate) fn new(r: u128) -> Self {
        let r = Fe1305x44::from_u128(r);
        State {
            r,
            r20: [r.0[1] * 20, r.0[2] * 20],
            r_squared: None,
            h: Fe1305x44::default(),
        }
    }

    /// Forgets the accumulator, keeping the key.
    pub(crate) fn reset(&mut self) {
        self.h = Fe1305x44::default();
    }

    /// Absorbs whole 16-byte blocks: h ← (h + c)·r, where c is the block read little-endian
    /// plus `hibit`·2^128 (`hibit` = 1 for full message blocks, 0 for the padded last one).
    pub(crate) fn blocks(&mut self, data: &[u8], hibit: u64) {
        debug_assert!(data.len().is_multiple_of(16));
        let (pairs, single) = data.as_chunks::<32>();
        if !pairs.is_empty() {
            self.pairs(pairs, hibit);
        }
        if !single.is_empty() {
            self.single(single, hibit);
        }
    }

    /// One block: h ← (h + c)·r.
    fn single(&mut self, block: &[u8], hibit: u64) {
        let [r0, r1, r2] = self.r.0;
        let [s1, s2] = self.r20;
        let [mut h0, mut h1, mut h2] = self.h.0;
        let c = load(block, hibit);
        h0 += c.0[0];
        h1 += c.0[1];
        h2 += c.0[2];
        let d0 = m(h0, r0) + m(h1, s2) + m(h2, s1);
        let d1 = m(h0, r1) + m(h1, r0) + m(h2, s2);
        let d2 = m(h0, r2) + m(h1, r1) + m(h2, r0);
        self.h = carry_columns(d0, d1, d2);
    }

    /// Pairs of blocks: h ← (h + c1)·r^2 + c2·r. The two products are independent, so the
    /// serial chain is one multiplication and one carry pass per two blocks.
    ///
    /// Bounds: h + c1 < 2^45.1 / 2^45.1 / 2^43.4 and c2 < 2^44 / 2^44 / 2^41; r^2 (weakly
    /// reduced) < 2^44 / 2^44.01 / 2^42, so 20·r^2 limbs < 2^48.4 and every column < 2^94.
    fn pairs(&mut self, pairs: &[[u8; 32]], hibit: u64) {
        let [r0, r1, r2] = self.r.0;
        let [s1, s2] = self.r20;
        let r = self.r;
        let [q0, q1, q2] = self.r_squared.get_or_insert_with(|| r.mul(&r)).0;
        let (t1, t2) = (q1 * 20, q2 * 20);
        let mut h = self.h;
        for pair in pairs {
            let (b1, b2) = pair.split_at(16);
            let a = load(b1, hibit);
            let b = load(b2, hibit);
            let [a0, a1, a2] = [h.0[0] + a.0[0], h.0[1] + a.0[1], h.0[2] + a.0[2]];
            let [b0, b1, b2] = b.0;
            let d0 = m(a0, q0) + m(a1, t2) + m(a2, t1) + m(b0, r0) + m(b1, s2) + m(b2, s1);
            let d1 = m(a0, q1) + m(a1, q0) + m(a2, t2) + m(b0, r1) + m(b1, r0) + m(b2, s2);
            let d2 = m(a0, q2) + m(a1, q1) + m(a2, q0) + m(b0, r2) + m(b1, r1) + m(b2, r0);
            h = carry_columns(d0, d1, d2);
        }
        self.h = h;
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
