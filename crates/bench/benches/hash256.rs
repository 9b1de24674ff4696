//! Auth256 throughput against the MACs people use on long messages, side by side in one run:
//! wegman's Poly1305-AES, OpenSSL's GMAC (its fastest GHASH), RustCrypto `ghash` and
//! `polyval`, and keyed BLAKE3.
//!
//! `cargo bench -p wegman-bench --bench hash256`, then `scripts/bench_table.py GROUP` for each
//! group below. Every row keeps its key state across messages (expanded once, as a server
//! tagging many messages does): Auth256 its cached key stream, Poly1305-AES its AES schedule,
//! GHASH/POLYVAL their hash key.
//!
//! Groups: `auth256` (one key stream as long as the message), `auth256-2l` (the two-level MAC
//! of docs/spec.md §3.3.1 on every tier and b = 1, 256, up to 1 GiB beside Poly1305-AES and
//! keyed BLAKE3), `auth256-pb` (the same two levels over a polynomial basis on carry-less
//! multipliers, docs/spec.md §3.3.2, every tier, beside every peer above and hash127-AES),
//! `aes-256` (the key stream's AES, the `aes` crate with VAES where the CPU
//! has it, against OpenSSL's AES-256-CTR), `auth256-uncached`, `auth256-threads`.

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;

use common::{configure, key, message, threads_group};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ghash::universal_hash::UniversalHash;
use wegman_bench::OpensslGmac;
use wegman_mac::hash127::Hash127AesKey;
use wegman_mac::hash256::{
    Auth256Key, Auth256PbKey, Auth256TwoLevelKey, Backend, Encoding, PbBackend,
};
use wegman_mac::poly1305::Poly1305AesKey;

const SIZES: [usize; 5] = [64, 1024, 16 << 10, 1 << 20, 64 << 20];

/// The peers of the long-message groups, each with its key state kept: OpenSSL GMAC (when
/// OpenSSL is there), RustCrypto `ghash` and `polyval`, keyed BLAKE3.
struct Peers {
    key: [u8; 32],
    h: [u8; 16],
    gmac: Option<OpensslGmac>,
    ghash: ghash::GHash,
    polyval: polyval::Polyval,
}

impl Peers {
    fn new(k: &[u8; 32]) -> Peers {
        let h: [u8; 16] = core::array::from_fn(|i| k[i]);
        Peers {
            key: *k,
            h,
            gmac: OpensslGmac::new(),
            ghash: ghash::GHash::new(&h.into()),
            polyval: polyval::Polyval::new(&h.into()),
        }
    }

    /// One row per peer for messages of `size` bytes.
    fn bench(
        &mut self,
        g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
        size: usize,
        msg: &[u8],
    ) {
        let (h, k, nonce) = (self.h, self.key, [7u8; 12]);
        if let Some(gmac) = &mut self.gmac {
            g.bench_with_input(BenchmarkId::new("openssl-gmac", size), msg, |b, m| {
                b.iter(|| gmac.mac(black_box(&h), &nonce, m))
            });
        }
        let ghash0 = &self.ghash;
        g.bench_with_input(BenchmarkId::new("rustcrypto-ghash", size), msg, |b, m| {
            b.iter(|| {
                let mut x = ghash0.clone();
                x.update_padded(m);
                x.finalize()
            })
        });
        let polyval0 = &self.polyval;
        g.bench_with_input(BenchmarkId::new("rustcrypto-polyval", size), msg, |b, m| {
            b.iter(|| {
                let mut x = polyval0.clone();
                x.update_padded(m);
                x.finalize()
            })
        });
        g.bench_with_input(BenchmarkId::new("blake3-keyed", size), msg, |b, m| {
            b.iter(|| blake3::keyed_hash(black_box(&k), m))
        });
    }
}

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
    let mut peers = Peers::new(&k);
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
        peers.bench(&mut g, size, &msg);
    }
    g.finish();
}

/// `auth256-2l` on every tier the CPU has (each forced) for b = 1 and 256, beside
/// Poly1305-AES and keyed BLAKE3, from 64 B to 1 GiB (the portable tier up to 1 MiB, the other
/// forced tiers up to 64 MiB: 1 GiB takes the detected one, to show that the rate does not
/// fall with the length).
fn two_level(c: &mut Criterion) {
    let mut g = c.benchmark_group("auth256-2l");
    let k = key();
    let nonce = [7u8; 12];
    let detected = Auth256TwoLevelKey::new(&k);
    let tiers: Vec<(Backend, Auth256TwoLevelKey)> = Backend::available()
        .map(|b| {
            let key = Auth256TwoLevelKey::with_backend(&k, b).expect("backend is available");
            (b, key)
        })
        .collect();
    let p1305 = Poly1305AesKey::new(&k).unwrap();
    for size in [64, 1024, 16 << 10, 1 << 20, 64 << 20, 1 << 30] {
        let msg = message(size);
        configure(&mut g, size);
        for enc in [Encoding::B1, Encoding::B256] {
            let b = enc.b();
            g.bench_with_input(
                BenchmarkId::new(format!("wegman-auth256-2l-b{b}"), size),
                &msg,
                |bn, m| bn.iter(|| detected.mac_with(black_box(&nonce), enc, m)),
            );
            for (backend, key) in &tiers {
                let limit = if *backend == Backend::Soft {
                    1 << 20
                } else {
                    64 << 20
                };
                if size > limit {
                    continue;
                }
                g.bench_with_input(
                    BenchmarkId::new(format!("wegman-auth256-2l-b{b}-{backend}"), size),
                    &msg,
                    |bn, m| bn.iter(|| key.mac_with(black_box(&nonce), enc, m)),
                );
            }
        }
        g.bench_with_input(
            BenchmarkId::new("wegman-poly1305-aes", size),
            &msg,
            |b, m| b.iter(|| p1305.mac(black_box(&[7; 16]), m)),
        );
        g.bench_with_input(BenchmarkId::new("blake3-keyed", size), &msg, |b, m| {
            b.iter(|| blake3::keyed_hash(black_box(&k), m))
        });
    }
    g.finish();
}

/// `auth256-pb` on every tier the CPU has (each forced; the portable one up to 1 MiB), beside
/// the other MACs of wegman (Poly1305-AES, hash127-AES, `auth256`, `auth256-2l`, detected
/// backends) and the peers: OpenSSL GMAC, RustCrypto `ghash` and `polyval`, keyed BLAKE3;
/// then 1 GiB on the detected tier beside Poly1305-AES.
fn pb(c: &mut Criterion) {
    let mut g = c.benchmark_group("auth256-pb");
    let k = key();
    let nonce = [7u8; 12];
    let tiers: Vec<(PbBackend, Auth256PbKey)> = PbBackend::available()
        .map(|b| {
            (
                b,
                Auth256PbKey::with_backend(&k, b).expect("backend is available"),
            )
        })
        .collect();
    let p1305 = Poly1305AesKey::new(&k).unwrap();
    let h127 = Hash127AesKey::new(&k);
    let auth = Auth256Key::new(&k);
    let two = Auth256TwoLevelKey::new(&k);
    let mut peers = Peers::new(&k);
    for size in SIZES {
        let msg = message(size);
        configure(&mut g, size);
        for (backend, key) in &tiers {
            if *backend == PbBackend::Soft && size > 1 << 20 {
                continue;
            }
            g.bench_with_input(
                BenchmarkId::new(format!("wegman-auth256-pb-{backend}"), size),
                &msg,
                |b, m| b.iter(|| key.mac(black_box(&nonce), m)),
            );
        }
        g.bench_with_input(
            BenchmarkId::new("wegman-poly1305-aes", size),
            &msg,
            |b, m| b.iter(|| p1305.mac(black_box(&[7; 16]), m)),
        );
        g.bench_with_input(
            BenchmarkId::new("wegman-hash127-aes", size),
            &msg,
            |b, m| b.iter(|| h127.mac(black_box(&[7; 16]), m)),
        );
        g.bench_with_input(BenchmarkId::new("wegman-auth256", size), &msg, |b, m| {
            b.iter(|| auth.mac(black_box(&nonce), m))
        });
        g.bench_with_input(BenchmarkId::new("wegman-auth256-2l", size), &msg, |b, m| {
            b.iter(|| two.mac(black_box(&nonce), m))
        });
        peers.bench(&mut g, size, &msg);
    }
    // 1 GiB, to show the rate holds past the caches: the detected tier beside Poly1305-AES.
    let size = 1 << 30;
    let msg = message(size);
    configure(&mut g, size);
    let detected = Auth256PbKey::new(&k);
    g.bench_with_input(BenchmarkId::new("wegman-auth256-pb", size), &msg, |b, m| {
        b.iter(|| detected.mac(black_box(&nonce), m))
    });
    g.bench_with_input(
        BenchmarkId::new("wegman-poly1305-aes", size),
        &msg,
        |b, m| b.iter(|| p1305.mac(black_box(&[7; 16]), m)),
    );
    g.finish();
}

/// AES-256 over counter blocks, as Auth256's key stream and pads compute it: the `aes` crate
/// (`encrypt_blocks`; VAES on 256/512 bits where the CPU has it, AES-NI otherwise) against
/// OpenSSL's AES-256-CTR (`EVP` through the `openssl` crate).
fn aes256(c: &mut Criterion) {
    use aes::cipher::{BlockCipherEncrypt, KeyInit};
    let mut g = c.benchmark_group("aes-256");
    let k = key();
    let aes = aes::Aes256::new(&k.into());
    for size in [16 << 10, 1 << 20] {
        configure(&mut g, size);
        let mut blocks = vec![aes::Block::default(); size / 16];
        g.bench_function(BenchmarkId::new("rustcrypto-aes-blocks", size), |b| {
            b.iter(|| {
                for (i, blk) in blocks.iter_mut().enumerate() {
                    *blk = (i as u128).to_le_bytes().into();
                }
                aes.encrypt_blocks(&mut blocks);
                black_box(&blocks);
            })
        });
        let zeros = vec![0u8; size];
        let mut out = vec![0u8; size + 16];
        g.bench_function(BenchmarkId::new("openssl-aes-256-ctr", size), |b| {
            b.iter(|| {
                let mut c = openssl::symm::Crypter::new(
                    openssl::symm::Cipher::aes_256_ctr(),
                    openssl::symm::Mode::Encrypt,
                    &k,
                    Some(&[0u8; 16]),
                )
                .expect("OpenSSL has AES-256-CTR");
                let n = c.update(&zeros, &mut out).expect("CTR encrypts");
                black_box(n);
            })
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

criterion_group!(benches, macs, two_level, pb, aes256, uncached, threads);
criterion_main!(benches);
