//! Binary-field arithmetic for wegman.
//!
//! - [`field`]: F_{2^m} = F_2\[x\]/(P) for any irreducible trinomial or pentanomial P of degree
//!   m ≤ 571, with the modulus chosen at run time ([`Field`], [`Modulus`]): multiplication
//!   (CLMUL or portable), squaring, inversion, square roots (shift-and-XOR for
//!   square-root-friendly moduli, Avanzi), trace, half-trace, solving z² + z = c, powers.
//! - [`fields`]: the same operations on compile-time specialised types for the standard NIST
//!   and square-root-friendly moduli (`F163Nist`, `F163Ssrf`, …, `F571Ssrf`), with operators.
//! - [`tower`]: the tower F_4 ⊂ F_16 ⊂ F_256 of Bernstein–Chou (the base of Auth256) and its
//!   isomorphism to the AES field.
//! - [`packed`]: [`packed::PackedF256x64`], 64 tower elements per vector, multiplied with
//!   GFNI (through the AES-field isomorphism) or bitsliced circuits.
//! - [`fft`]: the additive FFT over F_256 with the Cantor basis (sizes 1..=64), its inverse,
//!   and FFT multiplication in F_256\[x\].
//! - [`bitslice`]: 64 F_256 elements bitsliced in eight words (tower Karatsuba and XOR-circuit
//!   constant products), and the `gf2p8affineqb` matrices of linear maps on bytes.
//! - [`gates`]: bit-operation counts of FFT multiplication (Table 1 of Bernstein–Chou).
//! - [`linmap`]: XOR circuits for linear maps over F_2 (the greedy generator of §2.4).
//! - [`clmul`]: carry-less multiplication of 64-bit words, the primitive under all of it.
//!
//! Everything whose name lacks `vartime` runs in time independent of element values.
#![no_std]

extern crate alloc;

/// Runs `$body` with `$N` a `const usize` equal to `$n` (1..=9).
macro_rules! by_limbs {
    ($n:expr, $N:ident => $body:expr) => {
        match $n {
            1 => {
                const $N: usize = 1;
                $body
            }
            2 => {
                const $N: usize = 2;
                $body
            }
            3 => {
                const $N: usize = 3;
                $body
            }
            4 => {
                const $N: usize = 4;
                $body
            }
            5 => {
                const $N: usize = 5;
                $body
            }
            6 => {
                const $N: usize = 6;
                $body
            }
            7 => {
                const $N: usize = 7;
                $body
            }
            8 => {
                const $N: usize = 8;
                $body
            }
            _ => {
                const $N: usize = 9;
                $body
            }
        }
    };
}

pub(crate) use by_limbs;

mod arith;
pub mod backend;
pub mod basis;
pub mod bitslice;
pub mod clmul;
pub mod error;
pub mod fft;
pub mod field;
pub mod fields;
pub mod gates;
pub mod linmap;
pub mod modulus;
mod ops;
pub mod packed;
mod poly;
pub mod ssrf;
pub mod tower;

pub use backend::Backend;
pub use basis::BasisChange;
pub use error::Error;
pub use field::{Element, Field};
pub use fields::{
    F127, F127Ssrf, F163Nist, F163Ssrf, F191, F233Nist, F233Ssrf, F283Nist, F283Ssrf, F409,
    F571Nist, F571Ssrf,
};
pub use modulus::Modulus;
pub use ssrf::ssrf_modulus;
