//! Poly1305 throughput: wegman (every backend this CPU has) against RustCrypto `poly1305`,
//! OpenSSL (EVP_MAC) and libsodium, side by side in one run.
//!
//! `cargo bench -p wegman-bench --bench poly1305`, then `scripts/bench_table.py GROUP` for
//! each group below. OpenSSL reads `OPENSSL_ia32cap` once per process: run the groups again
//! with `OPENSSL_ia32cap=":~0xDC230000"` (AVX-512 F/DQ/IFMA/PF/ER/CD/BW/VL masked) to hold it
//! to AVX2, which names its rows `openssl-avx2` (the comparison for wegman's `avx2` tier).

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;

use common::{configure, key, message, threads_group};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use poly1305::universal_hash::KeyInit;
use wegman_bench::{OpensslPoly1305, SODIUM_AVAILABLE, sodium_poly1305};
use wegman_mac::poly1305::{Backend, Poly1305, Poly1305Aes, Poly1305AesKey};

/// Packets (16 B–4 KiB: TLS records, QUIC and WireGuard datagrams) and long messages.
const SIZES: [usize; 10] = [
    16,
    64,
    256,
    576,
    1024,
    1500,
    4096,
    16 << 10,
    1 << 20,
    64 << 20,
];

/// The name of OpenSSL's rows: `openssl`, or `openssl-avx2` when `OPENSSL_ia32cap` masks its
/// AVX-512 paths.
fn openssl_row() -> &'static str {
    match std::env::var("OPENSSL_ia32cap") {
        Ok(v) if !v.is_empty() => "openssl-avx2",
        _ => "openssl",
    }
}

/// The peers' one-time Poly1305 rows, a fresh key per message: OpenSSL (when its `EVP_MAC`
/// loads) and libsodium (when linked).
fn peer_rows(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    ossl: &mut Option<OpensslPoly1305>,
    size: usize,
    msg: &[u8],
) {
    if let Some(ossl) = ossl {
        g.bench_with_input(BenchmarkId::new(openssl_row(), size), msg, |b, m| {
            b.iter(|| ossl.mac(black_box(&key()), m))
        });
    }
    if SODIUM_AVAILABLE {
        g.bench_with_input(BenchmarkId::new("libsodium", size), msg, |b, m| {
            b.iter(|| sodium_poly1305(black_box(&key()), m))
        });
    }
}

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
        peer_rows(&mut g, &mut ossl, size, &msg);
    }
    g.finish();
}

/// Poly1305-AES with a key object built once (cached AES schedule and powers of r), on every
/// backend, beside the one-time Poly1305 of each peer with its fresh key (what a Poly1305-AES
/// message costs against what a ChaCha20-Poly1305 packet's Poly1305 costs), and Poly1305-AES
/// with a new key per message (the paper's key agility).
fn cached_key(c: &mut Criterion) {
    let mut g = c.benchmark_group("poly1305-cached-key");
    let mut ossl = OpensslPoly1305::new();
    let mut k = key();
    Poly1305AesKey::clamp_key_bytes(&mut k);
    for size in &SIZES[..SIZES.len() - 1] {
        let (size, msg) = (*size, message(*size));
        configure(&mut g, size);
        g.bench_with_input(BenchmarkId::new("wegman-aes", size), &msg, |b, m| {
            let key = Poly1305AesKey::new(&k).unwrap();
            b.iter(|| key.mac(black_box(&[7; 16]), m))
        });
        for backend in Backend::available() {
            let key = Poly1305AesKey::with_backend(&k, backend).unwrap();
            g.bench_with_input(
                BenchmarkId::new(format!("wegman-aes-{backend}"), size),
                &msg,
                |b, m| b.iter(|| key.mac(black_box(&[7; 16]), m)),
            );
        }
        g.bench_with_input(
            BenchmarkId::new("wegman-aes-fresh-key", size),
            &msg,
            |b, m| b.iter(|| Poly1305Aes::mac(black_box(&k), &[7; 16], m).unwrap()),
        );
        g.bench_with_input(BenchmarkId::new("wegman-one-time", size), &msg, |b, m| {
            b.iter(|| Poly1305::mac(black_box(&key()), m))
        });
        peer_rows(&mut g, &mut ossl, size, &msg);
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

criterion_group!(benches, fresh_key, cached_key, threads);
criterion_main!(benches);
