//! hash127-AES throughput against wegman's Poly1305-AES and RustCrypto `poly1305`, and the
//! cost of expanding a hash127 key. `cargo bench -p wegman-bench --bench hash127`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use poly1305::universal_hash::KeyInit;
use wegman_mac::hash127::{Backend, Hash127AesKey, Hash127Key};
use wegman_mac::poly1305::Poly1305AesKey;

const SIZES: [usize; 6] = [16, 64, 256, 1024, 16 << 10, 1 << 20];

fn key() -> [u8; 32] {
    let mut k: [u8; 32] = core::array::from_fn(|i| (i as u8).wrapping_mul(37).wrapping_add(11));
    Poly1305AesKey::clamp_key_bytes(&mut k);
    k
}

fn throughput(c: &mut Criterion) {
    let mut g = c.benchmark_group("hash127");
    let h127 = Hash127AesKey::new(&key());
    let p1305 = Poly1305AesKey::new(&key()).unwrap();
    for size in SIZES {
        let msg: Vec<u8> = (0..size).map(|i| (i as u8).wrapping_mul(101)).collect();
        g.throughput(Throughput::Bytes(size as u64));
        for backend in Backend::available() {
            let k = Hash127Key::with_backend([0x1234_5678, -9, 77, -0x0765_4321], backend)
                .expect("backend is available");
            let id = BenchmarkId::new(format!("wegman-hash127-{backend}"), size);
            g.bench_with_input(id, &msg, |b, m| {
                b.iter(|| k.hash_bytes(black_box(m), [0; 4]))
            });
        }
        g.bench_with_input(
            BenchmarkId::new("wegman-hash127-aes", size),
            &msg,
            |b, m| b.iter(|| h127.mac(black_box(&[7; 16]), m)),
        );
        g.bench_with_input(
            BenchmarkId::new("wegman-poly1305-aes", size),
            &msg,
            |b, m| b.iter(|| p1305.mac(black_box(&[7; 16]), m)),
        );
        g.bench_with_input(
            BenchmarkId::new("rustcrypto-poly1305", size),
            &msg,
            |b, m| b.iter(|| poly1305::Poly1305::new(black_box(&key().into())).compute_unpadded(m)),
        );
    }
    g.finish();
}

fn key_expansion(c: &mut Criterion) {
    let mut g = c.benchmark_group("key-expansion");
    g.bench_function("hash127-aes", |b| {
        b.iter(|| Hash127AesKey::new(black_box(&key())))
    });
    for backend in Backend::available() {
        g.bench_function(format!("hash127-{backend}"), |b| {
            b.iter(|| {
                Hash127Key::with_backend(black_box([1, 2, 3, 4]), backend)
                    .expect("backend is available")
            })
        });
    }
    g.bench_function("poly1305-aes", |b| {
        b.iter(|| Poly1305AesKey::new(black_box(&key())))
    });
    g.finish();
}

criterion_group!(benches, throughput, key_expansion);
criterion_main!(benches);
