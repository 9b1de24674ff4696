//! WG-29 in one run (Brumley–Page Table II): ns per keystream byte of the serial cipher
//! (Ning–Yin on reference words) and of the bit-sliced batch with every product (wegman-wg's
//! straight-line m = 29 one and the six general multipliers) on every
//! batch backend this CPU has (a full batch of w pairs, 64 bytes each; per byte of one pair,
//! so divide by w for the cost per key and byte), and the key/IV setup per key (serial, and
//! the batch's loading, slicing and 44 initialisation clocks divided by w).
//! `cargo bench -p wegman-bench --bench wg`, then `scripts/wg_table.py`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use wegman_gf2::gnb::{Multiplier, SlicedBackend as Backend};
use wegman_wg::{Product, Wg29, Wg29Batch};

/// Keystream bytes per pair per batch call.
const BATCH_BYTES: usize = 64;
/// Serial keystream bytes per call.
const SERIAL_BYTES: usize = 256;

fn pairs(n: usize) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut rng = wegman_testkit::Rng::new(0x3c);
    (0..n)
        .map(|_| {
            let k = (0..16).map(|_| rng.next_u64() as u8).collect();
            let v = (0..8).map(|_| rng.next_u64() as u8).collect();
            (k, v)
        })
        .collect()
}

fn wg(c: &mut Criterion) {
    let mut g = c.benchmark_group("wg");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(10);
    let p = pairs(512);
    g.throughput(Throughput::Bytes(SERIAL_BYTES as u64));
    g.bench_function("serial-keystream", |b| {
        let mut w = Wg29::new(&p[0].0, &p[0].1).unwrap();
        let mut out = vec![0u8; SERIAL_BYTES];
        b.iter(|| w.keystream(black_box(&mut out)))
    });
    g.throughput(Throughput::Elements(1));
    g.bench_function("serial-setup", |b| {
        b.iter(|| Wg29::new(black_box(&p[0].0), black_box(&p[0].1)).unwrap())
    });
    for backend in Backend::available() {
        let lanes = backend.lanes();
        let p = &p[..lanes];
        let products = Multiplier::ALL
            .into_iter()
            .map(Product::Gnb)
            .chain([Product::NingYin29]);
        for product in products {
            g.throughput(Throughput::Bytes((lanes * BATCH_BYTES) as u64));
            g.bench_function(format!("batch-keystream-{backend}-{product}"), |b| {
                let mut w = Wg29Batch::with_backend(backend, Some(product), p)
                    .unwrap()
                    .unwrap();
                let mut out = vec![0u8; lanes * BATCH_BYTES];
                b.iter(|| w.keystream(BATCH_BYTES, black_box(&mut out)).unwrap())
            });
        }
        g.throughput(Throughput::Elements(lanes as u64));
        g.bench_function(format!("batch-setup-{backend}"), |b| {
            b.iter(|| {
                Wg29Batch::with_backend(backend, None, black_box(p))
                    .unwrap()
                    .unwrap()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, wg);
criterion_main!(benches);
