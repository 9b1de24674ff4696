//! Inputs and settings shared by the benches (`#[path]`-included).

use criterion::Throughput;
use wegman_mac::poly1305::Poly1305AesKey;

/// A fixed key, valid for Poly1305-AES (clamped) and usable by every other MAC.
pub(crate) fn key() -> [u8; 32] {
    let mut k: [u8; 32] = core::array::from_fn(|i| (i as u8).wrapping_mul(37).wrapping_add(11));
    Poly1305AesKey::clamp_key_bytes(&mut k);
    k
}

/// A message of `size` bytes.
pub(crate) fn message(size: usize) -> Vec<u8> {
    (0..size).map(|i| (i as u8).wrapping_mul(101)).collect()
}

/// Throughput in bytes; fewer samples for 64 MiB inputs.
pub(crate) fn configure(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    size: usize,
) {
    g.throughput(Throughput::Bytes(size as u64));
    g.sample_size(if size >= 64 << 20 { 10 } else { 50 });
}
