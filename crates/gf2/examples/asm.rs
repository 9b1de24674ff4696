//! Scratch asm.
use wegman_gf2::*;
#[inline(never)]
#[unsafe(no_mangle)]
pub fn sqr163(a: F163Nist) -> F163Nist {
    a.square()
}
fn main() {
    let a = F163Nist::x();
    println!("{}", sqr163(std::hint::black_box(a)));
}
