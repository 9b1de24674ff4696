//! hash127 with exact IEEE double arithmetic: the method of Bernstein, *Floating-point
//! arithmetic and message authentication* (2004).
//!
//! # Representation
//! An integer is held as eight doubles t_0..t_7 with t_j an integer multiple of 2^{16j}; its
//! value is Σ t_j (mod p = 2^127 − 1). Every operation below is exact: each product and sum is
//! an integer that fits the 53-bit significand at its scale, which is what the bounds in the
//! comments establish.
//!
//! # Rounding (paper, Theorem 2.4)
//! `top(x, k) = fp(fp(x + α) − α)` with α = 3·2^{k+51} is x rounded to a multiple of 2^k when
//! |x| ≤ 2^{k+51}; `x − top(x, k)` is exact and at most 2^{k−1} in magnitude.
//!
//! # Carries and squeeze (paper, §3, Theorem 3.2)
//! `carry_j` (j < 7) moves top(t_j, 16j + 16) into t_{j+1}; `carry_7` moves top(t_7, 127)
//! times 2^{−127} into t_0 (2^127 ≡ 1). squeeze = carry_0, …, carry_7, carry_0, carry_1 takes
//! limbs below 2^53·2^{16j} to |t_j| ≤ 1.01·2^15·2^{16j} (j ≠ 7; |t_7| ≤ 2^126).
//!
//! # Blocks (paper, §5)
//! The table holds r^i for i = 0..=96 in balanced 16-bit limbs (|c_{i,j}| ≤ 2^15·2^{16j}).
//! A block of k ≤ 96 words updates a squeezed h by u = h·r^k + Σ m_i r^{k−1−i}, accumulated
//! straight into eight limb sums and squeezed once:
//! - h·r^k: 64 products of at most 1.01·2^30·2^{16(a+b)}; those with a + b ≥ 8 are scaled by
//!   2^{−127} (2^{16(a+b)} ≡ 2^{16(a+b)−127}), which keeps them multiples of 2^{16(a+b−8)}; a
//!   column gets at most 8 of them, each at most doubled: below 2^34.1·2^{16j};
//! - the words: k ≤ 96 products |m_i·c| ≤ 2^31·2^15·2^{16j}, a sum below 96·2^46 < 0.76·2^53.
//!
//! So every partial sum of limb j is an integer multiple of 2^{16j} below 2^53·2^{16j}: exact.
//!
//! Floating-point addition and multiplication of normal numbers take constant time on the
//! CPUs this runs on; no value here is subnormal (all are integers), so the code is
//! constant-time in key and message. The final conversion to an integer (`freeze`) uses the
//! integer backend's arithmetic.

use super::int128::{self as int, BLOCK_WORDS, P};

/// Eight limbs, t_j a multiple of 2^{16j}.
pub(crate) type Limbs = [f64; 8];

/// 2^{16j}.
const SCALE: [f64; 8] = {
    let mut s = [1.0; 8];
    let mut j = 1;
    while j < 8 {
        s[j] = s[j - 1] * 65536.0;
        j += 1;
    }
    s
};

/// 2^{−127}.
const INV_2_127: f64 = 1.0 / (1u128 << 127) as f64;

/// α_j = 3·2^{k+51} for k = 16j + 16 (j < 7) and k = 127 (j = 7).
const ALPHA: [f64; 8] = {
    let mut a = [0.0; 8];
    let mut j = 0;
    while j < 7 {
        a[j] = 3.0 * SCALE[j] * 65536.0 * (1u64 << 51) as f64;
        j += 1;
    }
    a[7] = 3.0 * (1u128 << 127) as f64 * (1u64 << 51) as f64;
    a
};

/// x rounded to a multiple of 2^k (Theorem 2.4), with α = 3·2^{k+51}.
#[inline(always)]
fn top(x: f64, alpha: f64) -> f64 {
    (x + alpha) - alpha
}

/// squeeze: carry_0 … carry_7, carry_0, carry_1.
#[inline(always)]
pub(crate) fn squeeze(t: &mut Limbs) {
    let carry = |t: &mut Limbs, j: usize| {
        let c = top(t[j], ALPHA[j]);
        t[j] -= c;
        if j < 7 {
            t[j + 1] += c;
        } else {
            t[0] += c * INV_2_127;
        }
    };
    for j in 0..8 {
        carry(t, j);
    }
    carry(t, 0);
    carry(t, 1);
}

/// x ∈ [0, 2^127] as balanced limbs (|c_j| ≤ 2^15·2^{16j}, exact).
pub(crate) fn limbs_of(x: u128) -> Limbs {
    let x = int::freeze(x);
    let mut out = [0.0; 8];
    let mut carry = 0i64;
    for (j, o) in out.iter_mut().enumerate() {
        let d = ((x >> (16 * j)) & 0xffff) as i64 + carry;
        // Balanced digit in [−2^15, 2^15): subtract 2^16 when d ≥ 2^15 (branch-free).
        let hi = (d >= 1 << 15) as i64;
        let digit = if j < 7 { d - (hi << 16) } else { d };
        carry = if j < 7 { hi } else { 0 };
        *o = digit as f64 * SCALE[j];
    }
    out
}

/// The value of squeezed limbs as an integer in [0, 2^127].
pub(crate) fn to_int(t: &Limbs) -> u128 {
    let mut acc = 0u128;
    for (j, &x) in t.iter().enumerate() {
        let d = (x / SCALE[j]) as i64; // exact: an integer below 2^17 in magnitude
        let neg = 0u128.wrapping_sub((d < 0) as u128);
        let mag = int::fold(u128::from(d.unsigned_abs()) << (16 * j));
        // −x ≡ p − x; select without a branch on the sign.
        let term = (mag & !neg) | ((P - int::freeze(mag)) & neg);
        acc = int::add(acc, term);
    }
    acc
}

/// The expanded key for this backend: r^0..r^96 in limbs.
#[derive(Clone)]
pub(crate) struct Table {
    pow: [Limbs; BLOCK_WORDS + 1],
}

impl Table {
    /// The all-zero table (a key whose backend reads another table).
    pub(crate) const ZERO: Table = Table {
        pow: [[0.0; 8]; BLOCK_WORDS + 1],
    };

    /// From the integer table's powers.
    pub(crate) fn new(r: u128) -> Table {
        let mut pow = [[0.0; 8]; BLOCK_WORDS + 1];
        let mut x = 1u128;
        for p in pow.iter_mut() {
            *p = limbs_of(x);
            x = int::mul(x, r);
        }
        Table { pow }
    }

    /// The powers r^0..r^96 in limbs.
    pub(crate) fn powers(&self) -> &[Limbs; BLOCK_WORDS + 1] {
        &self.pow
    }

    /// h·r^k, unsqueezed (limbs below 2^34.1·2^{16j}).
    pub(crate) fn mul_power(&self, h: &Limbs, k: usize) -> Limbs {
        mul_limbs(h, &self.pow[k])
    }

    /// h ← h·r^k + Σ m_i r^{k−1−i} for k = words.len() ≤ 96 (bounds in the module docs).
    pub(crate) fn block(&self, h: &Limbs, words: &[i32]) -> Limbs {
        let k = words.len();
        debug_assert!(k <= BLOCK_WORDS);
        let mut u = mul_limbs(h, &self.pow[k]);
        for (i, &m) in words.iter().enumerate() {
            let c = &self.pow[k - 1 - i];
            let m = f64::from(m);
            for j in 0..8 {
                u[j] += m * c[j];
            }
        }
        squeeze(&mut u);
        u
    }

    /// (h·r + pad) mod p as an integer in [0, 2^127].
    pub(crate) fn finish(&self, h: &Limbs, pad: u128) -> u128 {
        let mut u = mul_limbs(h, &self.pow[1]);
        squeeze(&mut u);
        int::add(to_int(&u), pad)
    }

    /// Wipes the table.
    pub(crate) fn wipe(&mut self) {
        for p in self.pow.iter_mut() {
            for x in p.iter_mut() {
                wipe_f64(x);
            }
        }
    }
}

/// Overwrites a secret double so that the store is not optimised away.
pub(crate) fn wipe_f64(x: &mut f64) {
    use zeroize::Zeroize;
    let mut bits = x.to_bits();
    bits.zeroize();
    *x = f64::from_bits(bits);
    core::hint::black_box(&*x);
}

/// h·c with both squeezed or table limbs, wrapped mod p, unsqueezed (limbs < 2^34.1·2^{16j}).
#[inline(always)]
fn mul_limbs(h: &Limbs, c: &Limbs) -> Limbs {
    let mut u = [0.0; 8];
    for a in 0..8 {
        for b in 0..8 {
            let prod = h[a] * c[b];
            if a + b < 8 {
                u[a + b] += prod;
            } else {
                u[a + b - 8] += prod * INV_2_127;
            }
        }
    }
    u
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limbs_round_trip() {
        for x in [
            0u128,
            1,
            P - 1,
            P,
            1 << 127,
            0x8000,
            0x7fff,
            0xffff,
            12345678901234567890123456789,
        ] {
            let l = limbs_of(x);
            for (j, &v) in l.iter().enumerate() {
                assert!(v.abs() <= 32768.0 * SCALE[j], "limb {j} of {x:x}");
                assert_eq!(v % SCALE[j], 0.0);
            }
            assert_eq!(int::freeze(to_int(&l)), int::freeze(x), "{x:x}");
        }
    }

    #[test]
    fn top_rounds_to_multiples() {
        let a = ALPHA[0]; // k = 16
        assert_eq!(top(32767.0, a), 0.0);
        assert_eq!(top(32769.0, a), 65536.0);
        assert_eq!(top(-32769.0, a), -65536.0);
        assert_eq!(top(5.0 * 65536.0 + 3.0, a), 5.0 * 65536.0);
    }
}
