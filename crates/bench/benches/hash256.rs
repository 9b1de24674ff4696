//! Auth256 throughput against the MACs people use on long messages, side by side in one run:
//! wegman's Poly1305-AES, OpenSSL's GMAC (its fastest GHASH), RustCrypto `ghash` and
//! `polyval`, and keyed BLAKE3.
//!
//! `cargo bench -p wegman-bench --bench hash256`, then `scripts/bench_table.py GROUP` for each
//! group below. Every row keeps its key state across messages (expanded once, as a server
//! tagging many messages does): Auth256 its cached key stream, Poly1305-AES its AES schedule,
//! GHASH/POLYVAL their hash key.

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;

use common::{configure, key, message, threads_group};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ghash::universal_hash::UniversalHash;
use wegman_bench::OpensslGmac;
use wegman_mac::hash256::{Auth256Key, Backend};
use wegman_mac::poly1305::Poly1305AesKey;

const SIZES: [usize; 5] = [64, 1024, 16 << 10, 1 << 20, 64 << 20];

/// Every MAC with its key state kept across messages.
fn macs(c: &mut Criterion) {
    let mut g = c.benchmark_group("auth256");
    let k = key();
    let nonce = [7u8; 12];
    let auth = Auth256Key::new(&k);
    let backends: Vec<(Backend, Auth256Key)> = Backend::available()
        .map(|b| {
            (
                b,
                Auth256Key::with_options(&k, b, 64 << 20).expect("backend is available"),
            )
        })
        .collect();
    let p1305 = Poly1305AesKey::new(&k).unwrap();
    let mut gmac = OpensslGmac::new();
    let h: [u8; 16] = core::array::from_fn(|i| k[i]);
    let ghash0 = ghash::GHash::new(&h.into());
    let polyval0 = polyval::Polyval::new(&h.into());
    for size in SIZES {
        let msg = message(size);
        configure(&mut g, size);
        g.bench_with_input(BenchmarkId::new("wegman-auth256", size), &msg, |b, m| {
            b.iter(|| auth.mac(black_box(&nonce), m))
        });
        for (backend, key) in &backends {
            if *backend == Backend::Soft && size > 1 << 20 {
                continue; // minutes per sample; 1 MiB already shows its rate
            }
            g.bench_with_input(
                BenchmarkId::new(format!("wegman-auth256-{backend}"), size),
                &msg,
                |b, m| b.iter(|| key.mac(black_box(&nonce), m)),
            );
        }
        g.bench_with_input(
            BenchmarkId::new("wegman-poly1305-aes", size),
            &msg,
            |b, m| b.iter(|| p1305.mac(black_box(&[7; 16]), m)),
        );
        if let Some(gmac) = &mut gmac {
            g.bench_with_input(BenchmarkId::new("openssl-gmac", size), &msg, |b, m| {
                b.iter(|| gmac.mac(black_box(&h), &nonce, m))
            });
        }
        g.bench_with_input(BenchmarkId::new("rustcrypto-ghash", size), &msg, |b, m| {
            b.iter(|| {
                let mut x = ghash0.clone();
                x.update_padded(m);
                x.finalize()
            })
        });
        g.bench_with_input(
            BenchmarkId::new("rustcrypto-polyval", size),
            &msg,
            |b, m| {
                b.iter(|| {
                    let mut x = polyval0.clone();
                    x.update_padded(m);
                    x.finalize()
                })
            },
        );
        g.bench_with_input(BenchmarkId::new("blake3-keyed", size), &msg, |b, m| {
            b.iter(|| blake3::keyed_hash(black_box(&k), m))
        });
    }
    g.finish();
}

/// Auth256 without the key-stream cache: every message recomputes its r_t with AES-256
/// (the cost a first message, or a message beyond the cache limit, pays).
fn uncached(c: &mut Criterion) {
    let mut g = c.benchmark_group("auth256-uncached");
    let auth = Auth256Key::with_cache_limit(&key(), 0);
    for size in [64, 1024, 16 << 10, 1 << 20] {
        let msg = message(size);
        configure(&mut g, size);
        g.bench_with_input(BenchmarkId::new("wegman-auth256", size), &msg, |b, m| {
            b.iter(|| auth.mac(black_box(&[7; 12]), m))
        });
    }
    g.finish();
}

/// One 64 MiB message on 1 and 2 threads (`update_parallel`).
fn threads(c: &mut Criterion) {
    let auth = Auth256Key::new(&key());
    threads_group(c, "auth256-threads", |m| {
        let mut p = auth.start(black_box(&[7; 12]));
        p.update_parallel(m);
        p.finalize()
    });
}

criterion_group!(benches, macs, uncached, threads);
criterion_main!(benches);
