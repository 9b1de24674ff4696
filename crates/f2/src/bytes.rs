//! Linear maps on bytes: 8 × 8 bit matrices in the layout of x86 `gf2p8affineqb` (one `u64`
//! per matrix), their software application, and the 8 × 8 and 64 × 64 bit transposes. All
//! constant-time.

/// Transposes the 8 × 8 bit matrix in `x` (byte j, bit i ↦ byte i, bit j). Three
/// delta-swaps; constant-time.
pub const fn transpose8x8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00aa_00aa_00aa_00aa;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_cccc_0000_cccc;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_f0f0_f0f0;
    x ^ t ^ (t << 28)
}

/// The `gf2p8affineqb` matrix of the linear map on bytes that sends bit i to `cols[i]`:
/// output bit o is the parity of the input ANDed with byte 7 − o of the result.
pub const fn affine_matrix(cols: [u8; 8]) -> u64 {
    let mut a = 0u64;
    let mut o = 0;
    while o < 8 {
        let mut row = 0u8;
        let mut i = 0;
        while i < 8 {
            row |= ((cols[i] >> o) & 1) << i;
            i += 1;
        }
        a |= (row as u64) << (8 * (7 - o));
        o += 1;
    }
    a
}

/// Applies a [`affine_matrix`] to a byte in software (the reference for `gf2p8affineqb`).
pub const fn affine_apply(a: u64, x: u8) -> u8 {
    let mut out = 0u8;
    let mut o = 0;
    while o < 8 {
        let row = (a >> (8 * (7 - o))) as u8;
        out |= (((row & x).count_ones() & 1) as u8) << o;
        o += 1;
    }
    out
}
