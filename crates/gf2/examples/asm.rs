//! Scratch asm.
use wegman_gf2::*;
#[inline(never)]
#[unsafe(no_mangle)]
pub fn sqrt163(a: F163Ssrf) -> F163Ssrf {
    a.sqrt()
}
fn main() {
    let a = F163Ssrf::x();
    println!("{}", sqrt163(std::hint::black_box(a)));
}
