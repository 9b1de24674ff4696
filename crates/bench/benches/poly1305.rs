//! Poly1305 throughput: wegman (every backend this CPU has) against RustCrypto `poly1305`,
//! OpenSSL (EVP_MAC) and libsodium, side by side in one run.
//!
//! `cargo bench -p wegman-bench --bench poly1305`, then `scripts/bench_table.py GROUP` for
//! each group below.

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;

use common::{configure, key, message, threads_group};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use poly1305::universal_hash::KeyInit;
use wegman_bench::{OpensslPoly1305, SODIUM_AVAILABLE, sodium_poly1305};
use wegman_mac::poly1305::{Backend, Poly1305, Poly1305Aes, Poly1305AesKey};

const SIZES: [usize; 7] = [16, 64, 256, 1024, 16 << 10, 1 << 20, 64 << 20];

/// One-time Poly1305 with a fresh key per message: every implementation pays its key setup.
fn fresh_key(c: &mut Criterion) {
    let mut g = c.benchmark_group("poly1305-fresh-key");
    let mut ossl = OpensslPoly1305::new();
    for size in SIZES {
        let msg = message(size);
        configure(&mut g, size);
        // What users call: runtime detection, one-shot.
        g.bench_with_input(BenchmarkId::new("wegman", size), &msg, |b, m| {
            b.iter(|| Poly1305::mac(black_box(&key()), m))
        });
        for backend in Backend::available() {
            g.bench_with_input(
                BenchmarkId::new(format!("wegman-{backend}"), size),
                &msg,
                |b, m| {
                    b.iter(|| {
                        let mut p = Poly1305::with_backend(black_box(&key()), backend)
                            .expect("backend is available");
                        p.update(m);
                        p.finalize()
                    })
                },
            );
        }
        g.bench_with_input(BenchmarkId::new("rustcrypto", size), &msg, |b, m| {
            b.iter(|| poly1305::Poly1305::new(black_box(&key().into())).compute_unpadded(m))
        });
        if let Some(ossl) = &mut ossl {
            g.bench_with_input(BenchmarkId::new("openssl", size), &msg, |b, m| {
                b.iter(|| ossl.mac(black_box(&key()), m))
            });
        }
        if SODIUM_AVAILABLE {
            g.bench_with_input(BenchmarkId::new("libsodium", size), &msg, |b, m| {
                b.iter(|| sodium_poly1305(black_box(&key()), m))
            });
        }
    }
    g.finish();
}

/// Poly1305-AES: a key object built once (cached AES schedule and powers of r) versus a new
/// key per message (the paper's key agility: AES key schedule plus, for long messages, powers).
fn aes_keys(c: &mut Criterion) {
    let mut g = c.benchmark_group("poly1305-aes");
    let k = Poly1305AesKey::new(&key()).unwrap();
    for size in [16, 64, 256, 1024, 16 << 10, 1 << 20] {
        let msg = message(size);
        configure(&mut g, size);
        g.bench_with_input(BenchmarkId::new("cached-key", size), &msg, |b, m| {
            b.iter(|| k.mac(black_box(&[7; 16]), m))
        });
        g.bench_with_input(BenchmarkId::new("fresh-key", size), &msg, |b, m| {
            b.iter(|| Poly1305Aes::mac(black_box(&key()), &[7; 16], m).unwrap())
        });
    }
    g.finish();
}

/// One 64 MiB message on 1 and 2 threads (`update_parallel`).
fn threads(c: &mut Criterion) {
    threads_group(c, "poly1305-threads", |m| {
        let mut p = Poly1305::new(black_box(&key()));
        p.update_parallel(m);
        p.finalize()
    });
}

criterion_group!(benches, fresh_key, aes_keys, threads);
criterion_main!(benches);
