//! Inputs and settings shared by the benches (`#[path]`-included).

use criterion::{BenchmarkId, Criterion, Throughput};
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

/// The group `name`: one 64 MiB message hashed by `f` on rayon pools of 1 and 2 threads.
pub(crate) fn threads_group<R: Send>(c: &mut Criterion, name: &str, f: impl Fn(&[u8]) -> R + Sync) {
    let mut g = c.benchmark_group(name);
    let size = 64 << 20;
    let msg = message(size);
    configure(&mut g, size);
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        g.bench_with_input(
            BenchmarkId::new(format!("wegman-{threads}-threads"), size),
            &msg,
            |b, m| b.iter(|| pool.install(|| f(m))),
        );
    }
    g.finish();
}
