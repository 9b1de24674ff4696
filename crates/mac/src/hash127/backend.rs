//! Backends for hash127 (design.md §1: one enum, chosen once per key, matched once per bulk
//! call): 64-bit integer limbs (`U64`), the paper's exact floating-point method (`Fp53`), and
//! the same with AVX-512 vectors (`Fp53x8`), and 52-bit integer limbs with AVX-512 IFMA
//! (`Ifma`).

#[cfg(target_arch = "x86_64")]
pub(super) mod f64x8;
pub(super) mod fp53;
#[cfg(target_arch = "x86_64")]
pub(super) mod ifma;
pub(super) mod u64;

// Exactly the feature `f64x8::block` enables.
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(avx512f_cpuid, "avx512f");
// Exactly the features `ifma::block` enables.
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(ifma_cpuid, "avx512f", "avx512vl", "avx512ifma");

/// A hash127 implementation strategy. Every backend gives bit-identical results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Z/(2^127 − 1) in a `u128`; per 96 words an exact 32 × 128-bit matrix-vector product
    /// in two `u128` accumulators and one reduction.
    U64,
    /// The paper's method: eight exact `f64` limbs of 16 bits each, a 96-row power table,
    /// one squeeze per 96 words.
    Fp53,
    /// `Fp53` with the eight limbs in one AVX-512 vector (`Fp53x8`): one vector multiply and
    /// add per word. Needs `avx512f`.
    Fp53x8,
    /// The `U64` block structure with the matrix-vector product in AVX-512 IFMA: eight
    /// words per vector against their powers in 52-bit limbs. Needs `avx512f`, `avx512vl`
    /// and `avx512ifma`.
    Ifma,
}

impl Backend {
    /// Every backend.
    pub const ALL: &'static [Backend] =
        &[Backend::U64, Backend::Fp53, Backend::Fp53x8, Backend::Ifma];

    /// The backend used by default: the faster one on this machine (BENCHMARKS.md).
    pub fn detect() -> Backend {
        if Backend::Ifma.is_available() {
            Backend::Ifma
        } else {
            Backend::U64
        }
    }

    /// Whether this CPU can run `self`.
    pub fn is_available(self) -> bool {
        match self {
            Backend::U64 | Backend::Fp53 => true,
            #[cfg(target_arch = "x86_64")]
            Backend::Fp53x8 => avx512f_cpuid::get(),
            #[cfg(target_arch = "x86_64")]
            Backend::Ifma => ifma_cpuid::get(),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Fp53x8 | Backend::Ifma => false,
        }
    }

    /// The backends this CPU can run.
    pub fn available() -> impl Iterator<Item = Backend> {
        Backend::ALL.iter().copied().filter(|b| b.is_available())
    }

    /// A short lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Backend::U64 => "u64",
            Backend::Fp53 => "fp53",
            Backend::Fp53x8 => "fp53x8",
            Backend::Ifma => "ifma",
        }
    }
}

impl core::fmt::Display for Backend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
