//! Binary-field operations for every standard field, NIST and square-root-friendly moduli side
//! by side (the shape of Avanzi's Tables 3–4), with NTL's GF2E multiplication in the same run.
//! `cargo bench -p wegman-bench --bench gf2`, then `scripts/gf2_table.py`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use wegman_bench::ntl::Gf2e;
use wegman_gf2::*;

fn operands(m: u32) -> (Vec<u64>, Vec<u64>) {
    let n = (m as usize).div_ceil(64);
    let mut rng = wegman_testkit::Rng::new(0x0123_4567_89ab_cdef);
    let mut next = || rng.next_u64();
    let mask = |v: &mut Vec<u64>| {
        if !m.is_multiple_of(64) {
            v[n - 1] &= (1u64 << (m % 64)) - 1;
        }
    };
    let mut a: Vec<u64> = (0..n).map(|_| next()).collect();
    let mut b: Vec<u64> = (0..n).map(|_| next()).collect();
    mask(&mut a);
    mask(&mut b);
    (a, b)
}

/// `bench_field!` for each `Type "label"` in turn.
macro_rules! bench_fields {
    ($c:expr; $($t:ident $label:literal),* $(,)?) => {
        $(bench_field!($c, $t, $label);)*
    };
}

macro_rules! bench_field {
    ($c:expr, $t:ty, $label:expr) => {{
        let m = <$t>::DEGREE;
        let (la, lb) = operands(m);
        let a = <$t>::from_limbs(&la).unwrap();
        let b = <$t>::from_limbs(&lb).unwrap();
        // A trace-0 element, so that solve finds roots.
        let c = b.square() + b;
        let _ = <$t>::field(); // build the tables outside the timings
        let mut g = $c.benchmark_group(format!("gf2-{m}"));
        g.bench_function(format!("{}-mul", $label), |x| {
            x.iter(|| black_box(a) * black_box(b))
        });
        g.bench_function(format!("{}-sqr", $label), |x| {
            x.iter(|| black_box(a).square())
        });
        g.bench_function(format!("{}-inv", $label), |x| {
            x.iter(|| black_box(a).invert())
        });
        g.bench_function(format!("{}-sqrt", $label), |x| {
            x.iter(|| black_box(a).sqrt())
        });
        g.bench_function(format!("{}-trace", $label), |x| {
            x.iter(|| black_box(a).trace())
        });
        g.bench_function(format!("{}-solve", $label), |x| {
            x.iter(|| black_box(c).solve())
        });
        let f = <$t>::field();
        let ce = c.to_element();
        g.bench_function(format!("{}-solve-vartime", $label), |x| {
            x.iter(|| f.solve_vartime(black_box(&ce)))
        });
        if let Some(ntl) = Gf2e::new(&<$t>::modulus().exponents(), &la, &lb) {
            ntl.select();
            ntl.mul();
            assert_eq!(
                &ntl.result()[..],
                &(a * b).limbs()[..],
                "NTL and wegman disagree"
            );
            g.bench_function(format!("{}-ntl-mul", $label), |x| x.iter(|| ntl.mul()));
            g.bench_function(format!("{}-ntl-sqr", $label), |x| x.iter(|| ntl.sqr()));
            g.bench_function(format!("{}-ntl-inv", $label), |x| x.iter(|| ntl.inv()));
        }
        g.finish();
    }};
}

fn fields(c: &mut Criterion) {
    // Bring the core to a steady clock before the first measurement (the first group was
    // otherwise measurably slower than the same code later in the run).
    let (x, y) = (F163Nist::x(), F163Nist::ONE + F163Nist::x());
    let start = std::time::Instant::now();
    let mut z = x;
    while start.elapsed() < std::time::Duration::from_secs(2) {
        z = black_box(z * y + x);
    }
    black_box(z);
    bench_fields!(c;
        F127 "std", F127Ssrf "ssrf",
        F163Nist "nist", F163Ssrf "ssrf", F191 "ssrf",
        F233Nist "nist", F233Ssrf "ssrf",
        F283Nist "nist", F283Ssrf "ssrf", F409 "ssrf",
        F571Nist "nist", F571Ssrf "ssrf",
    );
}

fn runtime_field(c: &mut Criterion) {
    // The runtime `Field` (modulus chosen at run time) next to the specialised type.
    let mut g = c.benchmark_group("gf2-runtime");
    for spec in ["163,7,6,3,0", "163,57,49,29,0", "571,193,185,5,0"] {
        let f = Field::from_exponents(spec).unwrap();
        let (la, lb) = operands(f.degree());
        let (a, b) = (f.element(&la).unwrap(), f.element(&lb).unwrap());
        g.bench_function(format!("{spec}-mul"), |x| {
            x.iter(|| f.mul(black_box(&a), black_box(&b)))
        });
        let (xs, ys) = (vec![a; 256], vec![b; 256]);
        let mut out = vec![Element::ZERO; 256];
        g.bench_function(format!("{spec}-mul_slice-256"), |x| {
            x.iter(|| f.mul_slice(&mut out, black_box(&xs), &ys))
        });
    }
    g.finish();
}

criterion_group!(benches, fields, runtime_field);
criterion_main!(benches);
