//! Bitsliced F_256 arithmetic on 64 lanes and the matrix helpers the byte-sliced (GFNI)
//! kernels need.
//!
//! [`SlicedGf256x64`] holds 64 elements of the tower F_256 (docs/spec.md §2) as eight `u64`
//! words, word i the bit i of every lane: a variable product is the tower's Karatsuba circuit
//! run on words (Bernstein–Chou §2.2; 64 products per call), and a product by a constant is
//! an XOR circuit from [`wegman_f2::circuit`] run on words ([`ConstMul`], §2.3–2.4). Both are
//! straight-line bit operations: constant-time in every lane's value.
//!
//! For x86 GFNI, a linear map on bytes is one `gf2p8affineqb` whose 8 × 8 bit matrix is packed
//! in a `u64` ([`affine_matrix`]); multiplication by a constant and the isomorphism to the
//! AES field (where `gf2p8mulb` multiplies) are such maps.

use crate::tower::Gf256;
use wegman_f2::BitMatrix;
use wegman_f2::bytes::{affine_matrix, transpose8x8};
use wegman_f2::circuit::{Circuit, circuit_vartime};
use wegman_f2::word::Word;

/// Bit operations of [`SlicedGf256x64::mul`], the paper's 110: F_4 products take 3 AND and
/// 4 XOR; F_16 ones 3·7 + 4 (the Karatsuba sums) + 1 (·α2) + 4 (recombination) = 30; F_256
/// ones 3·30 + 8 + 4 (·α2α4) + 8 = 110.
pub const MUL_GATES: usize = 110;

/// 64 elements of F_256, bitsliced: `self.0[i]` holds bit i of every lane (lane j in bit j).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct SlicedGf256x64(pub [u64; 8]);

impl core::fmt::Debug for SlicedGf256x64 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SlicedGf256x64(..)")
    }
}

/// Bitsliced words (`wegman_f2::word`) that load the 32-byte rows of Hash256's pairs: the
/// one operation the FFT batches need beyond the shared [`Word`].
pub(crate) trait Rows: Word {
    /// Four words from 32-byte rows `m[g] + k[g]`, one row per group: word j holds bytes
    /// 8j..8j + 8 of every row (little-endian), group g from row g.
    fn columns(m: &[&[u8; 32]], k: &[&[u8; 32]]) -> [Self; 4];

    /// Eight words folded into one u64 whose byte j has the parity of word j (the XOR of all
    /// its lanes): how a batch's products join the running sum, which is only ever read as
    /// lane sums (`dot::sliced`'s folded accumulator). Default: the groups XORed, then
    /// [`fold_u64s`].
    #[inline(always)]
    fn fold8(w: &[Self; 8]) -> u64 {
        fold_u64s(core::array::from_fn(|j| {
            (0..Self::GROUPS).fold(0, |x, g| x ^ w[j].group(g))
        }))
    }
}

/// Eight u64s into one whose byte j has the parity of `f[j]`: three levels of merges, each
/// halving the width of every item and packing two words into one (`a`'s item in the low
/// part of each slot, `b`'s in the high part). Fed in the bit-reversed order 0, 4, 2, 6, 1,
/// 5, 3, 7, the bytes come out in order.
#[inline(always)]
pub(crate) fn fold_u64s(f: [u64; 8]) -> u64 {
    #[inline(always)]
    fn merge(a: u64, b: u64, s: u32, low: u64) -> u64 {
        ((a ^ (a >> s)) & low) | ((b ^ (b << s)) & !low)
    }
    const L32: u64 = 0x0000_0000_ffff_ffff;
    const L16: u64 = 0x0000_ffff_0000_ffff;
    const L8: u64 = 0x00ff_00ff_00ff_00ff;
    let x = merge(
        merge(f[0], f[4], 32, L32),
        merge(f[2], f[6], 32, L32),
        16,
        L16,
    );
    let y = merge(
        merge(f[1], f[5], 32, L32),
        merge(f[3], f[7], 32, L32),
        16,
        L16,
    );
    merge(x, y, 8, L8)
}

/// Row g's four little-endian u64s, m + k.
#[inline(always)]
fn row_words(m: &[u8; 32], k: &[u8; 32]) -> [u64; 4] {
    let (m, _) = m.as_chunks::<8>();
    let (k, _) = k.as_chunks::<8>();
    core::array::from_fn(|j| u64::from_le_bytes(m[j]) ^ u64::from_le_bytes(k[j]))
}

impl Rows for u64 {
    #[inline(always)]
    fn columns(m: &[&[u8; 32]], k: &[&[u8; 32]]) -> [u64; 4] {
        row_words(m[0], k[0])
    }
}

impl<const G: usize> Rows for [u64; G] {
    #[inline(always)]
    fn columns(m: &[&[u8; 32]], k: &[&[u8; 32]]) -> [[u64; G]; 4] {
        let r: [[u64; 4]; G] = core::array::from_fn(|g| row_words(m[g], k[g]));
        core::array::from_fn(|j| core::array::from_fn(|g| r[g][j]))
    }
}

wegman_f2::vector_words!();

#[cfg(all(target_arch = "x86_64", not(wegman_backend = "soft")))]
impl Rows for W128 {
    #[inline(always)]
    fn columns(m: &[&[u8; 32]], k: &[&[u8; 32]]) -> [W128; 4] {
        <[u64; 2]>::columns(m, k).map(|w| W128::from_groups(|g| w[g]))
    }
}

/// (x0 + x1 t)(y0 + y1 t) in F_4 on words, t² = t + 1: 3 AND + 4 XOR.
#[inline(always)]
fn mul4<W: Word>(x: [W; 2], y: [W; 2]) -> [W; 2] {
    let lo = x[0].and(y[0]);
    let hi = x[1].and(y[1]);
    let mid = x[0].xor(x[1]).and(y[0].xor(y[1]));
    [lo.xor(hi), mid.xor(lo)]
}

/// x·α2 in F_4: (x0 + x1 t)t = x1 + (x0 + x1)t.
#[inline(always)]
fn mul4_alpha2<W: Word>(x: [W; 2]) -> [W; 2] {
    [x[1], x[0].xor(x[1])]
}

#[inline(always)]
fn add2<W: Word>(x: [W; 2], y: [W; 2]) -> [W; 2] {
    [x[0].xor(y[0]), x[1].xor(y[1])]
}

#[inline(always)]
fn add4<W: Word>(x: [W; 4], y: [W; 4]) -> [W; 4] {
    [
        x[0].xor(y[0]),
        x[1].xor(y[1]),
        x[2].xor(y[2]),
        x[3].xor(y[3]),
    ]
}

/// F_16 = F_4[α4]/(α4² + α4 + α2) on words (low half, high half).
#[inline(always)]
fn mul16<W: Word>(x: [W; 4], y: [W; 4]) -> [W; 4] {
    let (a, b) = ([x[0], x[1]], [x[2], x[3]]);
    let (c, d) = ([y[0], y[1]], [y[2], y[3]]);
    let ac = mul4(a, c);
    let bd = mul4(b, d);
    let m = mul4(add2(a, b), add2(c, d));
    let lo = add2(ac, mul4_alpha2(bd));
    let hi = add2(m, ac);
    [lo[0], lo[1], hi[0], hi[1]]
}

/// x·(α2 α4) in F_16: (a + b α4)·α2 α4 = α2² b + α2 (a + b) α4, and α2²·(b0 + b1 t) =
/// (b0 + b1) + b0 t: 4 XOR in all.
#[inline(always)]
fn mul16_alpha2alpha4<W: Word>(x: [W; 4]) -> [W; 4] {
    let (a, b) = ([x[0], x[1]], [x[2], x[3]]);
    let hi = mul4_alpha2(add2(a, b));
    [b[0].xor(b[1]), b[0], hi[0], hi[1]]
}

/// Lane-wise products in the tower F_256 of bitsliced words (word i = bit i): the Karatsuba
/// circuit of [`MUL_GATES`] bit operations.
#[inline(always)]
pub(crate) fn mul_words<W: Word>(x: &[W; 8], y: &[W; 8]) -> [W; 8] {
    let (a, b) = ([x[0], x[1], x[2], x[3]], [x[4], x[5], x[6], x[7]]);
    let (c, d) = ([y[0], y[1], y[2], y[3]], [y[4], y[5], y[6], y[7]]);
    let ac = mul16(a, c);
    let bd = mul16(b, d);
    let m = mul16(add4(a, b), add4(c, d));
    let lo = add4(ac, mul16_alpha2alpha4(bd));
    let hi = add4(m, ac);
    [lo[0], lo[1], lo[2], lo[3], hi[0], hi[1], hi[2], hi[3]]
}

/// Lane-wise sums of bitsliced words.
#[inline(always)]
pub(crate) fn add_words<W: Word>(x: &[W; 8], y: &[W; 8]) -> [W; 8] {
    core::array::from_fn(|i| x[i].xor(y[i]))
}

impl SlicedGf256x64 {
    /// All lanes zero.
    pub const ZERO: SlicedGf256x64 = SlicedGf256x64([0; 8]);

    /// Lane-wise product (the tower's Karatsuba circuit; constant-time): 110 bit operations,
    /// [`MUL_GATES`].
    #[inline]
    pub fn mul(&self, rhs: &SlicedGf256x64) -> SlicedGf256x64 {
        SlicedGf256x64(mul_words(&self.0, &rhs.0))
    }

    /// Lane-wise sum (XOR).
    #[inline]
    pub fn add(&self, rhs: &SlicedGf256x64) -> SlicedGf256x64 {
        SlicedGf256x64(core::array::from_fn(|i| self.0[i] ^ rhs.0[i]))
    }

    /// Bitslices 64 tower elements (lane j = `bytes[j]`).
    pub fn from_bytes(bytes: &[u8; 64]) -> SlicedGf256x64 {
        let (chunks, _) = bytes.as_chunks::<8>();
        match chunks.first_chunk::<8>() {
            Some(c) => SlicedGf256x64(slice_chunks(c)),
            None => SlicedGf256x64::ZERO,
        }
    }

    /// The 64 lanes as bytes (the inverse of [`SlicedGf256x64::from_bytes`]).
    pub fn to_bytes(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        for (g, chunk) in out.chunks_exact_mut(8).enumerate() {
            let t = self.0.iter().enumerate().fold(0u64, |acc, (i, &w)| {
                acc | (((w >> (8 * g)) & 0xff) << (8 * i))
            });
            chunk.copy_from_slice(&transpose8x8(t).to_le_bytes());
        }
        out
    }

    /// The sum of all 64 lanes (the parity of each bit word).
    pub fn sum_lanes(&self) -> Gf256 {
        Gf256::from_u8(self.0.iter().enumerate().fold(0u8, |acc, (i, &w)| {
            acc | (((w.count_ones() & 1) as u8) << i)
        }))
    }
}

/// Bitslices G ≤ 8 groups of eight bytes: lane 8c + k of word i is bit i of byte
/// k of group c. Each group's bit i is gathered by one multiplication: the bits at 8k + i,
/// masked to 8k, times 0x0102040810204080 put bit 8k at 56 + k, and the other partial
/// products land at distinct positions below bit 56 (no carry reaches the top byte).
#[inline(always)]
pub(crate) fn slice_chunks<const G: usize>(chunks: &[[u8; 8]; G]) -> [u64; 8] {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    core::array::from_fn(|i| {
        chunks
            .iter()
            .take(8)
            .enumerate()
            .fold(0u64, |acc, (c, chunk)| {
                let w = u64::from_le_bytes(*chunk);
                acc | ((((w >> i) & LOW).wrapping_mul(GATHER) >> 56) << (8 * c))
            })
    })
}

/// Multiplication by a fixed F_256 constant c as an XOR circuit on bitsliced words: the
/// shortest of several greedy runs of [`circuit_vartime`] on the 8 × 8 matrix of x ↦ c·x.
/// The constant is public; applying the circuit is straight-line and constant-time in x.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstMul {
    c: Gf256,
    /// `None` for c = 0 (the zero map has no circuit: the product is zero).
    circuit: Option<Circuit>,
}

impl ConstMul {
    /// Greedy runs per constant: enough to reach the counts reported in docs/auth256.md.
    pub const RUNS: usize = 64;

    /// The circuit for x ↦ c·x (variable-time in c, which is public).
    pub fn new_vartime(c: Gf256) -> ConstMul {
        let circuit = if c == Gf256::ZERO {
            None
        } else {
            let m = BitMatrix::from_fn_u64(8, |x| u64::from((Gf256::from_u8(x as u8) * c).to_u8()))
                .and_then(|m| circuit_vartime(&m, Self::RUNS));
            // Multiplication by a nonzero element is invertible, so the generator succeeds.
            m.ok()
        };
        ConstMul { c, circuit }
    }

    /// The constant.
    pub fn constant(&self) -> Gf256 {
        self.c
    }

    /// The circuit (`None` for c = 0).
    pub fn circuit(&self) -> Option<&Circuit> {
        self.circuit.as_ref()
    }

    /// XOR gates per application (0 for c = 0).
    pub fn gates(&self) -> usize {
        self.circuit.as_ref().map_or(0, Circuit::gates)
    }

    /// c·x lane-wise.
    #[inline]
    pub fn apply(&self, x: &SlicedGf256x64) -> SlicedGf256x64 {
        let Some(c) = &self.circuit else {
            return SlicedGf256x64::ZERO;
        };
        let start = c.start();
        let mut reg = [0u64; 8];
        for (r, &s) in reg.iter_mut().zip(start) {
            *r = x.0[usize::from(s) & 7];
        }
        for &(d, s) in c.ops() {
            reg[usize::from(d) & 7] ^= reg[usize::from(s) & 7];
        }
        SlicedGf256x64(reg)
    }
}

/// The `gf2p8affineqb` matrix of x ↦ c·x in the tower F_256.
pub fn affine_mul_tower(c: Gf256) -> u64 {
    affine_matrix(core::array::from_fn(|i| {
        (Gf256::from_u8(1 << i) * c).to_u8()
    }))
}

#[cfg(test)]
mod tests {
    use super::fold_u64s;

    #[test]
    fn fold_keeps_each_words_parity_in_its_byte() {
        // Every single-bit word at every input index, and a few dense words: byte j of the
        // fold has the parity of input j (from the definition: the XOR of all its bits).
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut cases: [[u64; 8]; 8 * 64 + 16] = [[0; 8]; 8 * 64 + 16];
        for j in 0..8 {
            for bit in 0..64 {
                cases[64 * j + bit][j] = 1 << bit;
            }
        }
        for c in cases[512..].iter_mut() {
            *c = core::array::from_fn(|_| next());
        }
        for f in cases {
            let r = fold_u64s(f).to_le_bytes();
            for j in 0..8 {
                assert_eq!(
                    r[j].count_ones() % 2,
                    f[j].count_ones() % 2,
                    "{f:x?} byte {j}"
                );
            }
        }
    }
}
