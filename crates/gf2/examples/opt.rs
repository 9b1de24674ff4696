//! Scratch timing.
use std::hint::black_box;
use wegman_gf2::*;
fn main() {
    let f = Field::new(F571Ssrf::modulus());
    let mut a = f.parse("123456789abcdef").unwrap();
    let t = std::time::Instant::now();
    for _ in 0..1_000_000 {
        a = f.sqr(black_box(&a));
    }
    println!("runtime sqr 571: {:?}/op", t.elapsed() / 1_000_000);
    let mut b = F571Ssrf::x();
    let t = std::time::Instant::now();
    for _ in 0..1_000_000 {
        b = black_box(b).square();
    }
    println!("const sqr 571: {:?}/op", t.elapsed() / 1_000_000);
    let t = std::time::Instant::now();
    for _ in 0..1_000_000 {
        b = black_box(b) * b;
    }
    println!("const mul 571: {:?}/op", t.elapsed() / 1_000_000);
    let t = std::time::Instant::now();
    for _ in 0..1_000_000 {
        a = f.mul(black_box(&a), &a);
    }
    println!("runtime mul 571: {:?}/op", t.elapsed() / 1_000_000);
    let mut c = F163Ssrf::x() + F163Ssrf::ONE;
    let t = std::time::Instant::now();
    for _ in 0..10_000_000 {
        c = black_box(c) * c;
    }
    println!("const mul 163: {:?}/op", t.elapsed() / 10_000_000);
    let mut c = F233Nist::x() + F233Nist::ONE;
    let t = std::time::Instant::now();
    for _ in 0..10_000_000 {
        c = black_box(c) * c;
    }
    println!("const mul 233: {:?}/op", t.elapsed() / 10_000_000);
    let xs: Vec<F163Nist> = (0..1024u64)
        .map(|i| F163Nist::from_limbs(&[i * 0x9e3779b97f4a7c15, i, i << 7]).unwrap())
        .collect();
    let mut acc = F163Nist::ZERO;
    let t = std::time::Instant::now();
    for _ in 0..10_000 {
        for w in xs.windows(2) {
            acc += black_box(w[0]) * black_box(w[1]);
        }
    }
    println!(
        "const mul 163 throughput: {:?}/op",
        t.elapsed() / (10_000 * 1023)
    );
    let mut out = vec![F163Nist::ZERO; 1023];
    let t = std::time::Instant::now();
    for _ in 0..10_000 {
        F163Nist::mul_slice(&mut out, &xs[..1023], &xs[1..]).unwrap();
        black_box(&out);
    }
    println!(
        "const mul_slice 163: {:?}/op",
        t.elapsed() / (10_000 * 1023)
    );
    println!("{a:?} {b:?} {c:?} {acc}");
}
#[allow(dead_code)]
fn tp() {}
