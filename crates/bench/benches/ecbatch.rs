//! Brumley–Page Table I on this machine: the bit-sliced López–Dahab ladder over batches
//! (`wegman_ec::batch`), conversions and the affine result included, in the polynomial basis
//! (Karatsuba) and the Gaussian normal basis (the degree's best multiplier), for the ten NIST
//! curves and the Table I degrees without one; beside them, in the same run, wegman's single
//! constant-time ladder and OpenSSL's ECDH derive (NIST curves). One full batch per
//! iteration on one core (`batch-*`), and eight batches on two cores (`batch-pb-2core`).
//! `cargo bench -p wegman-bench --bench ecbatch`, then `scripts/ecbatch_table.py`.
//!
//! The Table I curves without a NIST curve are y² + xy = x³ + x² + b over the square-root-
//! friendly field of degree m (Avanzi's modulus, `wegman_gf2::ssrf_modulus`), with
//! b = x⁵ + x³ + x + 1 (hex 2b), multiplied by the general product as for the B curves, and
//! m-bit scalars (m ladder steps).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use wegman_ec::batch::{BatchLadder, SlicedBasis};
use wegman_ec::{Curve, CurveField, CurveId, NistPb, Point, Scalar};
use wegman_gf2::sliced::SlicedBackend as Backend;
use wegman_gf2::{Element, Field, Gnb};
use wegman_testkit::Rng;

#[path = "common/ec_peer.rs"]
mod ec_peer;

/// The Table I degrees without a NIST curve.
const TABLE_ONE: [u32; 9] = [131, 139, 173, 179, 191, 193, 199, 239, 251];

fn scalars(rng: &mut Rng, bits: u32, n: usize) -> Vec<Scalar> {
    (0..n)
        .map(|_| Scalar::from_limbs(&rng.limbs(bits)))
        .collect()
}

/// The best normal-basis multiplier of degree m on this backend, if m has a GNB.
fn nb_basis(m: u32) -> Option<SlicedBasis> {
    Gnb::new(m)
        .ok()
        .map(|g| SlicedBasis::Normal(g.best_multiplier()))
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

fn nist(c: &mut Criterion) {
    let mut rng = Rng::new(16);
    let one = pool(1);
    let two = pool(2);
    let only: Option<String> = std::env::var("WEGMAN_EC_CURVE").ok();
    for id in CurveId::ALL {
        if only.as_deref().is_some_and(|o| o != id.params().name) {
            continue;
        }
        let curve = Curve::new(id, NistPb::new).unwrap();
        let mut grp = c.benchmark_group(format!("ecbatch-{}", id.params().name));
        grp.warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(2))
            .sample_size(10);
        let w = Backend::detect().lanes();
        // Eight batches for the two-core row (rayon's start-up amortised).
        let ks = scalars(&mut rng, curve.order_bits(), 8 * w);
        let ps: Vec<Point<Element>> = ks.iter().map(|k| curve.mul_base(k)).collect();
        let pb = BatchLadder::new(id, SlicedBasis::Polynomial).unwrap();
        grp.bench_function(format!("batch-pb-x{w}"), |b| {
            one.install(|| b.iter(|| curve.mul_batch_with(&pb, &ks[..w], black_box(&ps[..w]))))
        });
        grp.bench_function(format!("batch-pb-2core-x{}", 8 * w), |b| {
            two.install(|| b.iter(|| curve.mul_batch_with(&pb, &ks, black_box(&ps))))
        });
        if let Some(nb) = nb_basis(curve.field().degree()) {
            let ladder = BatchLadder::new(id, nb).unwrap();
            grp.bench_function(format!("batch-{}-x{w}", nb.name()), |b| {
                one.install(|| {
                    b.iter(|| curve.mul_batch_with(&ladder, &ks[..w], black_box(&ps[..w])))
                })
            });
        }
        grp.bench_function("single-ladder", |b| {
            b.iter(|| curve.mul_ladder(&ks[0], black_box(&ps[0])))
        });
        ec_peer::openssl_peer(&mut grp, id);
        grp.finish();
    }
}

/// A point of y² + xy = x³ + x² + b with x from the generator.
fn point(f: &Field, b: &Element, rng: &mut Rng) -> Point<Element> {
    loop {
        let x = f.element(scalars(rng, f.degree(), 1)[0].limbs()).unwrap();
        let Some(xi) = Option::<Element>::from(f.inv(&x)) else {
            continue;
        };
        let rhs = x + Element::ONE + f.mul(b, &f.sqr(&xi));
        if let Some((z, _)) = f.solve(&rhs) {
            return Point::Affine {
                x,
                y: f.mul(&x, &z),
            };
        }
    }
}

fn table_one(c: &mut Criterion) {
    if std::env::var("WEGMAN_EC_CURVE").is_ok() {
        return;
    }
    let mut rng = Rng::new(1);
    let one = pool(1);
    for m in TABLE_ONE {
        let (modulus, _) = wegman_gf2::ssrf_modulus(m).unwrap();
        let f = Field::new(modulus);
        let b = f.element(&[0x2b]).unwrap();
        let mut grp = c.benchmark_group(format!("ecbatch-m{m}"));
        grp.warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(2))
            .sample_size(10);
        let w = Backend::detect().lanes();
        let ks = scalars(&mut rng, m, w);
        let ps: Vec<Point<Element>> = (0..w).map(|_| point(&f, &b, &mut rng)).collect();
        let bases = [Some(SlicedBasis::Polynomial), nb_basis(m)];
        for basis in bases.into_iter().flatten() {
            let ladder =
                BatchLadder::custom(modulus, true, b, m, basis, Backend::detect()).unwrap();
            grp.bench_function(format!("batch-{}-x{w}", basis.name()), |bn| {
                one.install(|| bn.iter(|| ladder.mul(&ks, black_box(&ps)).unwrap()))
            });
        }
        grp.finish();
    }
}

criterion_group!(benches, nist, table_one);
criterion_main!(benches);
