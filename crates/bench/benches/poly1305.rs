//! Poly1305 throughput: wegman (every backend this CPU has) against RustCrypto `poly1305`,
//! side by side in one run. `cargo bench -p wegman-bench --bench poly1305`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use poly1305::universal_hash::KeyInit;
use wegman_mac::poly1305::{Backend, Poly1305, Poly1305AesKey};

const SIZES: [usize; 4] = [64, 1024, 16 * 1024, 1 << 20];

fn key() -> [u8; 32] {
    core::array::from_fn(|i| (i as u8).wrapping_mul(37).wrapping_add(11))
}

fn bench_poly1305(c: &mut Criterion) {
    let mut g = c.benchmark_group("poly1305");
    let mut aes_key = key();
    Poly1305AesKey::clamp_key_bytes(&mut aes_key);
    for size in SIZES {
        let msg: Vec<u8> = (0..size).map(|i| i as u8).collect();
        g.throughput(Throughput::Bytes(size as u64));
        for backend in Backend::available() {
            g.bench_with_input(
                BenchmarkId::new(format!("wegman-{backend}"), size),
                &msg,
                |b, m| {
                    b.iter(|| {
                        let mut p = Poly1305::with_backend(black_box(&key()), backend);
                        p.update(m);
                        p.finalize()
                    })
                },
            );
        }
        g.bench_with_input(BenchmarkId::new("rustcrypto", size), &msg, |b, m| {
            b.iter(|| poly1305::Poly1305::new(black_box(&key().into())).compute_unpadded(m))
        });
        let k = Poly1305AesKey::new(&aes_key).unwrap();
        g.bench_with_input(
            BenchmarkId::new("wegman-aes-cached-key", size),
            &msg,
            |b, m| b.iter(|| k.mac(black_box(&[7; 16]), m)),
        );
    }
    g.finish();
}

criterion_group!(benches, bench_poly1305);
criterion_main!(benches);
