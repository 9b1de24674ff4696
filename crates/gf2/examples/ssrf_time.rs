//! Scratch timing.
fn main() {
    for m in std::env::args().skip(1) {
        let m: u32 = m.parse().unwrap();
        let t = std::time::Instant::now();
        let r = wegman_gf2::ssrf_modulus(m);
        println!(
            "{m}: {:?} {:?}",
            r.map(|(a, b)| (a.to_string(), b)),
            t.elapsed()
        );
    }
}
