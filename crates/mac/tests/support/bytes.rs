//! Deterministic test inputs shared by the integration tests (`#[path]`-included).

/// A deterministic byte stream (xorshift) for inputs that need no cryptographic randomness.
pub(crate) fn bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect()
}
