use std::hint::black_box;
use std::time::Instant;
use wegman_mac::hash256::{Auth256Key, Backend};
fn main() {
    let data: Vec<u8> = (0..(64usize << 20))
        .map(|i| (i as u8).wrapping_mul(101))
        .collect();
    for be in Backend::available() {
        let k = Auth256Key::with_options(&[7; 32], be, 256 << 20);
        for &s in &[16usize << 10, 64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20, 4 << 20] {
            k.mac(&[0; 12], &data[..s]);
            let iters = ((256 << 20) / s).clamp(3, 100000);
            let mut best = f64::MAX;
            for _ in 0..5 {
                let t = Instant::now();
                for _ in 0..iters {
                    black_box(k.mac(&[0; 12], black_box(&data[..s])));
                }
                best = best.min(t.elapsed().as_secs_f64() / iters as f64);
            }
            println!(
                "{be} {s:>9}: {:.3} c/B (at 2.0 GHz TSC), {:.2} GB/s",
                best * 2.0e9 / s as f64,
                s as f64 / best / 1e9
            );
        }
    }
}
