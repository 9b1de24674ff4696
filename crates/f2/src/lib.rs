//! Linear algebra over F_2 for wegman, the layer under every binary field:
//!
//! - [`matrix`]: [`BitMatrix`], one bit-matrix type for every F_2-linear map in the workspace
//!   (basis changes, half-trace and solve tables, twiddle products, the gate model): inverse,
//!   echelon form and preimages, transpose, and a constant-time application by masks.
//! - [`circuit`]: the greedy XOR-circuit generator of Bernstein–Chou §2.4 and straight-line
//!   evaluation, one bit at a time or bitsliced.
//! - [`bytes`]: 8 × 8 bit matrices on bytes (the x86 `gf2p8affineqb` layout) and the 8 × 8
//!   bit transpose.
//! - [`clmul`]: portable constant-time carry-less multiplication of 64-bit words.
//! - [`word`]: the bit-sliced word layer ([`Word`](word::Word), the one 64 × 64 bit
//!   transpose, gather/scatter, and the x86 vector words of [`vector_words!`]).
//!
//! Everything whose name lacks `vartime` runs in time independent of the bits it is given;
//! the `vartime` functions (elimination, circuit search) are for public constants only.
#![no_std]

extern crate alloc;

pub mod bytes;
pub mod circuit;
pub mod clmul;
pub mod error;
pub mod matrix;
pub mod word;

pub use error::Error;
pub use matrix::BitMatrix;
