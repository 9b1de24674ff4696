//! The tower F_4 ⊂ F_16 ⊂ F_256 of docs/spec.md §2, multiplied straight from its definition:
//! a level F_{q²} = F_q\[t\]/(t² + t + c) holds a + b·t as `a | b << k`, and
//! (a + bt)(a' + b't) = aa' + bb'·t² + (ab' + ba')t with t² = t + c, schoolbook (four
//! products, no Karatsuba), recursively down to F_2.

/// The level of a width: 1 (F_2), 2 (F_4), 4 (F_16), 8 (F_256).
fn mul_level(x: u8, y: u8, bits: u32) -> u8 {
    if bits == 1 {
        return x & y & 1;
    }
    let k = bits / 2;
    let mask = (1u8 << k) - 1;
    let (a, b) = (x & mask, (x >> k) & mask);
    let (c, d) = (y & mask, (y >> k) & mask);
    // The constant c of this level (docs/spec.md §2): 1 for F_4, α2 = 0b10 for F_16,
    // α2·α4 = 0x8 for F_256.
    let cst = match bits {
        2 => 1,
        4 => 0b10,
        _ => 0x8,
    };
    let ac = mul_level(a, c, k);
    let bd = mul_level(b, d, k);
    let ad = mul_level(a, d, k);
    let bc = mul_level(b, c, k);
    // bd·t² = bd·t + bd·c.
    let low = ac ^ mul_level(bd, cst, k);
    let high = ad ^ bc ^ bd;
    low | (high << k)
}

/// x·y in F_256 (from a 256 × 256 table filled once by the definition above, so that slow
/// references built on it stay fast enough to run on every length).
pub fn mul(x: u8, y: u8) -> u8 {
    static TABLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let t = TABLE.get_or_init(|| {
        (0..=255u8)
            .flat_map(|a| (0..=255u8).map(move |b| mul_level(a, b, 8)))
            .collect()
    });
    t[usize::from(x) << 8 | usize::from(y)]
}

/// x·y in F_16 (4-bit values).
pub fn mul16(x: u8, y: u8) -> u8 {
    mul_level(x & 15, y & 15, 4)
}

/// x·y in F_4 (2-bit values).
pub fn mul4(x: u8, y: u8) -> u8 {
    mul_level(x & 3, y & 3, 2)
}

/// x^(-1) in F_256 (0 for 0), by search.
pub fn inv(x: u8) -> u8 {
    (1..=255u8).find(|&y| mul(x, y) == 1).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The defining relations: α2² = α2 + 1, α4² = α4 + α2, α8² = α8 + α2·α4.
    #[test]
    fn defining_relations() {
        assert_eq!(mul(0x02, 0x02), 0x03);
        assert_eq!(mul(0x04, 0x04), 0x04 ^ 0x02);
        assert_eq!(mul(0x10, 0x10), 0x10 ^ 0x08);
        // A field: every non-zero element has an inverse.
        assert!((1..=255u8).all(|x| mul(x, inv(x)) == 1));
    }
}
