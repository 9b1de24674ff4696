//! Backend selection for Poly1305 (docs/architecture.md, "Backends": one enum, detected once, one
//! job run per bulk call).
//!
//! Vector backends add a variant here and an implementation of `state::VectorKernels` for
//! its token; the forced-backend tests pick them up through [`Backend::available`].

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(super) mod ifma;
pub(super) mod scalar64;
pub(super) mod soft;

wegman_arch::backends! {
    /// A Poly1305 implementation strategy (each lists exactly the features its kernel
    /// enables).
    pub enum Backend {
        /// Portable 64-bit code: base 2^64 (`scalar64`: three 64-bit limbs, four
        /// `u64 × u64 → u128` products and two 64-bit ones per block), one block at a time.
        /// Constant-time on every CPU with a constant-time 64-bit multiplier.
        Soft = "soft";
        /// AVX2: four blocks per step in 26-bit limbs (`Fe1305x26x4`, `vpmuludq`), two
        /// interleaved accumulators with r^8, one carry pass per step; short messages and
        /// final partial blocks in base 2^64 with BMI2's `mulx`.
        Avx2 = "avx2" ["avx2", "bmi2"],
        /// AVX-512 IFMA (`vpmadd52luq/huq`): eight blocks per step in 44-bit limbs
        /// (`Fe1305x44x8`), powers r^1..r^16, two interleaved accumulators, one carry pass
        /// per step; short messages and final partial blocks in base 2^64 with BMI2's `mulx`.
        Avx512Ifma = "avx512ifma" ["avx512f", "avx512ifma", "bmi2"],
    }
}

/// A backend this CPU was checked to run.
pub(crate) type Avail = wegman_arch::Available<Backend>;
