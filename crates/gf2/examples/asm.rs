//! Scratch asm.
use wegman_gf2::*;
#[inline(never)]
#[unsafe(no_mangle)]
pub fn mul163(a: F163Nist, b: F163Nist) -> F163Nist {
    a * b
}
fn main() {
    let a = F163Nist::x();
    println!("{}", mul163(std::hint::black_box(a), a));
}
