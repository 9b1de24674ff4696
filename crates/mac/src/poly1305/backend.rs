//! Backend selection for Poly1305 (design.md §1: one enum, detected once, matched once per
//! bulk call).
//!
//! Vector backends add a variant here and an arm in `Core::blocks`; the forced-backend tests
//! pick them up through [`Backend::available`].

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(super) mod ifma;
pub(super) mod soft;

// Exactly the features `ifma::blocks` enables.
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(ifma_cpuid, "avx512f", "avx512ifma");
// Exactly the features `avx2::blocks` enables.
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(avx2_cpuid, "avx2");

/// A Poly1305 implementation strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Portable 64-bit code: three 44-bit limbs (`Fe1305x44`), `u64 × u64 → u128` products,
    /// one block at a time. Constant-time on every CPU with a constant-time 64-bit multiplier.
    Soft,
    /// AVX2: four blocks per step in 26-bit limbs (`vpmuludq`), two interleaved accumulators
    /// with r^8, one carry pass per step. Needs `avx2`.
    Avx2,
    /// AVX-512 IFMA (`vpmadd52luq/huq`): eight blocks per step in 44-bit limbs, powers
    /// r^1..r^16, two interleaved accumulators, one carry pass per step. Needs `avx512f` and
    /// `avx512ifma`.
    Avx512Ifma,
}

impl Backend {
    /// Every backend, fastest last.
    pub const ALL: &'static [Backend] = &[Backend::Soft, Backend::Avx2, Backend::Avx512Ifma];

    /// The fastest backend this CPU supports. Run once per key or hasher, never per block.
    pub fn detect() -> Backend {
        *Backend::ALL
            .iter()
            .rev()
            .find(|b| b.is_available())
            .unwrap_or(&Backend::Soft)
    }

    /// Whether this CPU can run `self`.
    pub fn is_available(self) -> bool {
        match self {
            Backend::Soft => true,
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => avx2_cpuid::get(),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512Ifma => ifma_cpuid::get(),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Avx2 | Backend::Avx512Ifma => false,
        }
    }

    /// The backends this CPU can run (always includes [`Backend::Soft`]).
    pub fn available() -> impl Iterator<Item = Backend> {
        Backend::ALL.iter().copied().filter(|b| b.is_available())
    }

    /// A short lowercase name, as printed by `wegman bench` and in BENCHMARKS.md.
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Soft => "soft",
            Backend::Avx2 => "avx2",
            Backend::Avx512Ifma => "avx512ifma",
        }
    }
}

impl core::fmt::Display for Backend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
