//! Gaussian normal bases, the sweep of Brumley–Page's Figs. 3–4 in one run: ns per
//! multiplication for each bit-sliced multiplier on each backend (per element, transposition
//! in and out included, 1024 products per call), the scalar Ning–Yin multiplier (the paper's
//! software baseline, 256 independent products per call), and wegman's polynomial-basis
//! `mul_slice` on the portable and CLMUL backends (NIST modulus for the NIST degrees, the
//! square-root-friendly one elsewhere). Also writes the gate counts of every multiplier to
//! target/criterion/gnb-gates.json. `cargo bench -p wegman-bench --bench gnb`, then
//! `scripts/gnb_table.py`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use wegman_gf2::gnb::{Multiplier, SlicedBackend as Backend};
use wegman_gf2::{Element, Field, Gnb, NbElement, ssrf_modulus};

/// The sweep (m, T) of the issue: type 2, type 4, then 283, 409, 571.
const SWEEP: [(u32, u32); 20] = wegman_testkit::GNB_SWEEP;

fn pb_modulus(m: u32) -> wegman_gf2::Modulus {
    let nist = match m {
        163 => "163,7,6,3,0",
        233 => "233,74,0",
        283 => "283,12,7,5,0",
        409 => "409,87,0",
        571 => "571,10,5,2,0",
        _ => return ssrf_modulus(m).expect("odd degree").0,
    };
    nist.parse().expect("NIST modulus")
}

fn limbs(m: u32, rng: &mut wegman_testkit::Rng) -> Vec<u64> {
    let n = (m as usize).div_ceil(64);
    (0..n)
        .map(|i| {
            let w = rng.next_u64();
            let left = m as usize - 64 * i;
            if left < 64 { w & ((1 << left) - 1) } else { w }
        })
        .collect()
}

fn gates() {
    let mut json = String::from("{");
    for (k, &(m, t)) in SWEEP.iter().enumerate() {
        let g = Gnb::with_type(m, Some(t)).expect("field of the sweep");
        json += &format!("{}\"{m}\": {{", if k > 0 { "," } else { "" });
        let mut first = true;
        for mult in Multiplier::ALL {
            if let Ok(x) = g.gate_count(mult) {
                json += &format!(
                    "{}\"{mult}\": [{}, {}]",
                    if first { "" } else { "," },
                    x.and,
                    x.xor
                );
                first = false;
            }
        }
        json += "}";
    }
    json += "}\n";
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/criterion");
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join("gnb-gates.json"), json);
}

fn sweep(c: &mut Criterion) {
    gates();
    let mut rng = wegman_testkit::Rng::new(0x5eed_9b0b);
    const N: usize = 1024;
    for (m, t) in SWEEP {
        let mut grp = c.benchmark_group(format!("gnb-{m}"));
        grp.warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_millis(700))
            .sample_size(20);
        let g = Gnb::with_type(m, Some(t)).expect("field of the sweep");
        let la: Vec<Vec<u64>> = (0..N).map(|_| limbs(m, &mut rng)).collect();
        let lb: Vec<Vec<u64>> = (0..N).map(|_| limbs(m, &mut rng)).collect();
        let a: Vec<NbElement> = la.iter().map(|l| g.element(l).unwrap()).collect();
        let b: Vec<NbElement> = lb.iter().map(|l| g.element(l).unwrap()).collect();
        let mut out = vec![NbElement::ZERO; N];
        grp.throughput(Throughput::Elements(256));
        grp.bench_function("ning-yin", |x| {
            x.iter(|| {
                for i in 0..256 {
                    out[i] = g.mul(black_box(&a[i]), &b[i]);
                }
            })
        });
        let modulus = pb_modulus(m);
        for pbb in wegman_gf2::Backend::ALL
            .iter()
            .copied()
            .filter(|b| b.is_available())
        {
            if !matches!(pbb.name(), "soft" | "clmul") {
                continue;
            }
            let f = Field::with_backend(modulus, pbb).expect("available");
            let pa: Vec<Element> = la.iter().map(|l| f.element(l).unwrap()).collect();
            let pb: Vec<Element> = lb.iter().map(|l| f.element(l).unwrap()).collect();
            let mut po = vec![Element::ZERO; N];
            grp.throughput(Throughput::Elements(N as u64));
            grp.bench_function(format!("pb-{}", pbb.name()), |x| {
                x.iter(|| f.mul_slice(&mut po, black_box(&pa), &pb).unwrap())
            });
        }
        for &backend in Backend::ALL.iter().filter(|b| b.is_available()) {
            let g = Gnb::with_type(m, Some(t))
                .unwrap()
                .with_backend(backend)
                .unwrap();
            for mult in Multiplier::ALL {
                if g.gate_count(mult).is_err() {
                    continue;
                }
                grp.throughput(Throughput::Elements(N as u64));
                grp.bench_function(format!("{}-{mult}", backend.name()), |x| {
                    x.iter(|| g.mul_batch_with(mult, black_box(&a), &b, &mut out).unwrap())
                });
            }
        }
        grp.finish();
    }
}

criterion_group!(benches, sweep);
criterion_main!(benches);
