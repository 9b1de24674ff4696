use std::hint::black_box;
use wegman_mac::hash256::{Auth256Key, Backend};
fn main() {
    let s: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let n: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let data: Vec<u8> = (0..s).map(|i| (i as u8).wrapping_mul(101)).collect();
    let k = Auth256Key::with_options(&[7; 32], Backend::Gfni, 256 << 20);
    for _ in 0..n {
        black_box(k.mac(&[0; 12], black_box(&data)));
    }
}
