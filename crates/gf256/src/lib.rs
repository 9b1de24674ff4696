//! The F_{2^8} tower of Bernstein–Chou (*Faster binary-field multiplication and faster
//! binary-field MACs*, SAC 2014) and what Auth256 builds on it:
//!
//! - [`tower`]: F_4 ⊂ F_16 ⊂ F_256 ([`Gf4`](tower::Gf4), [`Gf16`](tower::Gf16),
//!   [`Gf256`](tower::Gf256): fields of order 4, 16 and 256) and the isomorphism to the AES field.
//! - [`bitslice`]: [`SlicedGf256x64`](bitslice::SlicedGf256x64), 64 elements in eight words
//!   (the tower's 110-gate Karatsuba circuit, XOR circuits for constant products).
//! - [`packed`]: [`PackedGf256x64`](packed::PackedGf256x64), 64 elements per vector, multiplied
//!   with GFNI or the bitsliced circuits.
//! - [`fft`]: the additive FFT over F_256 with the Cantor basis (sizes 1..=64), the y-basis
//!   network, F_{2^256} = F_256\[x\]/(x^32 + x^17 + x^2 + α8).
//! - [`dot`]: Σ_t (a_t + k_t)(a'_t + k'_t) in F_{2^256} through the FFT — the bulk kernel of
//!   Hash256, on every [`Backend`].
//! - [`gates`]: the bit-operation model of FFT multiplication (the paper's Table 1).
//!
//! SIMD kernels are chosen by [`Backend`] (docs/architecture.md); functions that take the backend from
//! their caller take an [`Available`] backend, which only exists once the CPU was checked.
//! Everything whose name lacks `vartime` runs in time independent of element values.
#![no_std]

extern crate alloc;

mod backend;
pub mod bitslice;
pub mod dot;
pub mod fft;
pub mod gates;
pub mod packed;
pub mod tower;

pub use backend::Backend;
pub use wegman_f2::Error;

/// A [`Backend`] this CPU was checked to run.
pub type Available = wegman_arch::Available<Backend>;

/// `Name(hex…)`, two digits per F_256 element: the `Debug` form of the types that hold many.
pub(crate) fn fmt_bytes(
    f: &mut core::fmt::Formatter<'_>,
    name: &str,
    bytes: impl IntoIterator<Item = u8>,
) -> core::fmt::Result {
    write!(f, "{name}(")?;
    for b in bytes {
        write!(f, "{b:02x}")?;
    }
    f.write_str(")")
}
