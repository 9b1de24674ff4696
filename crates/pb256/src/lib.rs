//! F_{2^256} in a polynomial basis for carry-less multipliers, and the kernels of
//! `auth256-pb` (docs/spec.md §3.3.2).
//!
//! # The field
//! K = F_2\[x\]/(f) with f = x^256 + x^10 + x^5 + x^2 + 1 (irreducible; the test
//! `modulus_is_irreducible` checks it with Rabin's test). An element is 32 bytes: bit i (least
//! significant first) of byte j is the coefficient of x^{8j+i}; in memory it is four
//! little-endian 64-bit limbs ([`Fe256x64`]). Any field of 2^256 elements is isomorphic to the
//! tower field of Auth256, so the pseudo-dot-product bound of Bernstein–Chou (*Faster
//! binary-field multiplication and faster binary-field MACs*, SAC 2014, §4.1) holds here
//! unchanged; only the cost of a product differs. With a carry-less multiplier
//! (`pclmulqdq`, `vpclmulqdq`) a 256 × 256-bit product is 16 (schoolbook) 64 × 64-bit
//! products, and since f has no terms between x^10 and x^256 a 511-bit sum reduces with four
//! shifts and one small fold.
//!
//! # The pseudo-dot-product
//! [`DotSum`] accumulates Σ_t (m_t + r_t)(m'_t + r'_t) over pairs of 64 bytes (m_t the first
//! 32, m'_t the last 32; the key pairs r_t ‖ r'_t alike) **unreduced**: products are summed
//! as 511-bit polynomials ([`Wide512x64`]) and reduced once, by [`DotSum::finish`]. There is
//! no dependency between pairs, so the kernels keep several products in flight.
//!
//! # Backends
//! [`Backend`]: portable 64-bit carry-less products in integer arithmetic
//! ([`wegman_f2::clmul::clmul64`], Karatsuba), `pclmulqdq` on 128 bits, `vpclmulqdq` on 256 bits
//! (AVX2) and on 512 bits (AVX-512, two pairs per vector, three-input XORs by `vpternlogq`).
//! All compute the same sums (the tests compare every backend with the portable one).
//!
//! # Constant time
//! No branch or memory index depends on an element: carry-less multiplies take the same time
//! for every operand on the CPUs wegman targets, the portable product is integer
//! multiplications with holes (constant time), and the reduction is shifts and XORs. Loop
//! bounds depend only on (public) lengths. Accumulators are wiped when dropped.
#![no_std]

mod backend;
mod dot;
mod field;

pub use backend::{Available, Backend};
pub use dot::{DotSum, KeyTooShort, PAIR, Pair, mul_on};
pub use field::{Fe256x64, Wide512x64};
