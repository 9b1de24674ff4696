//! Scratch timing: ns per op for a few fields, throughput over arrays.
use std::hint::black_box;
use wegman_gf2::*;
macro_rules! t {
    ($t:ty) => {{
        let xs: Vec<$t> = (0..1024u64)
            .map(|i| {
                let n = <$t>::LIMBS;
                let mut l: Vec<u64> = (0..n as u64)
                    .map(|j| {
                        (i + 1)
                            .wrapping_mul(0x9e3779b97f4a7c15)
                            .rotate_left(j as u32 * 7)
                    })
                    .collect();
                let m = <$t>::DEGREE;
                if m % 64 != 0 {
                    l[n - 1] &= (1u64 << (m % 64)) - 1;
                }
                <$t>::from_limbs(&l).unwrap()
            })
            .collect();
        let mut best = [f64::MAX; 4];
        for _ in 0..25 {
            let mut acc = <$t>::ZERO;
            let t = std::time::Instant::now();
            for _ in 0..40 {
                for w in xs.windows(2) {
                    acc += black_box(w[0]) * black_box(w[1]);
                }
            }
            best[0] = best[0].min(t.elapsed().as_secs_f64() * 1e9 / (40.0 * 1023.0));
            let t = std::time::Instant::now();
            for _ in 0..40 {
                for w in xs.iter() {
                    acc += black_box(*w).square();
                }
            }
            best[1] = best[1].min(t.elapsed().as_secs_f64() * 1e9 / (40.0 * 1024.0));
            let t = std::time::Instant::now();
            for _ in 0..40 {
                for w in xs.iter() {
                    acc += black_box(*w).sqrt();
                }
            }
            best[2] = best[2].min(t.elapsed().as_secs_f64() * 1e9 / (40.0 * 1024.0));
            let t = std::time::Instant::now();
            for _ in 0..4 {
                for w in xs.iter() {
                    if let Some((z, _)) = black_box(*w).solve() {
                        acc += z;
                    }
                }
            }
            best[3] = best[3].min(t.elapsed().as_secs_f64() * 1e9 / (4.0 * 1024.0));
            black_box(acc);
        }
        println!(
            "{:10} mul {:6.1} sqr {:6.1} sqrt {:6.1} solve {:6.1}",
            stringify!($t),
            best[0],
            best[1],
            best[2],
            best[3]
        );
    }};
}
fn main() {
    println!("backend {}", F571Ssrf::field().backend());

    t!(F163Nist);
    t!(F163Ssrf);
    t!(F233Nist);
    t!(F233Ssrf);
    t!(F283Nist);
    t!(F283Ssrf);
    t!(F571Nist);
    t!(F571Ssrf);
}
#[allow(dead_code)]
fn probe() {
    let f = F571Ssrf::field();
    let e = f.parse("123456789abcdef0123456789abcdef").unwrap();
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let mut acc = Element::ZERO;
        for _ in 0..100_000 {
            if let Some((z, _)) = f.solve(black_box(&e)) {
                acc += z;
            }
        }
        println!("runtime solve 571: {:?}", t.elapsed() / 100_000);
        let t = std::time::Instant::now();
        for _ in 0..100_000 {
            acc += f.half_trace(black_box(&e)).unwrap();
        }
        println!("runtime htrace 571: {:?}", t.elapsed() / 100_000);
        let t = std::time::Instant::now();
        for _ in 0..100_000 {
            acc += F571Ssrf::from_element(black_box(&e)).to_element();
        }
        println!("to/from element 571: {:?} {acc:?}", t.elapsed() / 100_000);
    }
}
