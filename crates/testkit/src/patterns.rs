//! Extreme inputs: byte patterns that stress carries and masks, and the lengths around block
//! boundaries where streaming and SIMD code change paths.

/// Named byte patterns of length `len`: all zero, all 0xff, 0xaa/0x55 alternating, a ramp,
/// and a single set top bit at the end.
pub fn byte_patterns(len: usize) -> Vec<(&'static str, Vec<u8>)> {
    let mut last = vec![0u8; len];
    if let Some(b) = last.last_mut() {
        *b = 0x80;
    }
    vec![
        ("zeros", vec![0; len]),
        ("ones", vec![0xff; len]),
        (
            "alternating",
            (0..len).map(|i| [0xaa, 0x55][i % 2]).collect(),
        ),
        ("ramp", (0..len).map(|i| i as u8).collect()),
        ("top bit last", last),
    ]
}

/// Every length in 0..=`dense`, then k·b − 1, k·b, k·b + 1 for each block size b in `blocks`
/// and k = 1.. while k·b + 1 ≤ `max`; sorted, without repeats.
pub fn boundary_lengths(dense: usize, blocks: &[usize], max: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..=dense.min(max)).collect();
    for &b in blocks {
        let mut k = b;
        while k < max {
            v.extend([k - 1, k, k + 1]);
            k += b;
        }
    }
    v.retain(|&n| n <= max);
    v.sort_unstable();
    v.dedup();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_cover_the_boundaries() {
        let v = boundary_lengths(3, &[16], 40);
        assert_eq!(v, [0, 1, 2, 3, 15, 16, 17, 31, 32, 33]);
    }
}
