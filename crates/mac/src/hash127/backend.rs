//! Backends for hash127 (docs/architecture.md: one enum, chosen once per key, matched once per bulk
//! call): 64-bit integer limbs in a `u128` (`Int128`), the paper's exact floating-point method (`Fp53`), and
//! the same with AVX-512 vectors (`Fp53x8`), 26-bit integer limbs with AVX2 (`Avx2`) and
//! 52-bit integer limbs with AVX-512 IFMA (`Ifma`).

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(super) mod f64x8;
pub(super) mod fp53;
#[cfg(target_arch = "x86_64")]
pub(super) mod ifma;
pub(super) mod int128;

wegman_arch::backends! {
    /// A hash127 implementation strategy. Every backend gives bit-identical results.
    pub enum Backend {
        /// Z/(2^127 − 1) in a `u128` (`Int128`); per 96 words an exact 32 × 128-bit
        /// matrix-vector product in two `u128` accumulators and one reduction.
        Int128 = "int128",
        /// The paper's method: eight exact `f64` limbs of 16 bits each, a 96-row power
        /// table, one squeeze per 96 words (kept for measurement: slower than `Int128`).
        Fp53 = "fp53";
        /// `Fp53` with the eight limbs in one AVX-512 vector (`Fp53x8`): one vector
        /// multiply and add per word (kept for measurement).
        Fp53x8 = "fp53x8" ["avx512f"] (manual),
        /// The `Int128` block structure with the matrix-vector product in AVX2: four words
        /// per vector against their powers in 26-bit limbs (`vpmuludq`).
        Avx2 = "avx2" ["avx2"],
        /// The `Int128` block structure with the matrix-vector product in AVX-512 IFMA:
        /// eight words per vector against their powers in 52-bit limbs.
        Ifma = "ifma" ["avx512f", "avx512vl", "avx512ifma"],
    }
}
