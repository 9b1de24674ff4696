//! Binary-field arithmetic for wegman.
//!
//! This crate will hold F_{2^m} in polynomial basis for any irreducible trinomial or
//! pentanomial, the square-root-friendly modulus catalogue (Avanzi), the F_{2^8} tower and
//! packed/bitsliced F_{2^8} vectors with the additive FFT (Bernstein–Chou), and normal bases
//! (Brumley–Page); see design.md §1. What is here today is the primitive every one of them
//! builds on: carry-less multiplication in F_2\[x\].
#![no_std]

pub mod clmul;
