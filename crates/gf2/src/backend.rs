//! Multiplication backends for F_{2^m} (design.md §1: one enum, detected once, matched once
//! per call or per slice).

#[cfg(target_arch = "x86_64")]
pub(crate) mod clmul;

// Exactly the features `clmul::mul_wide` enables.
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(pclmul_cpuid, "pclmulqdq", "sse2");

/// How F_2\[x\] products are computed. Every backend gives identical results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Portable and constant-time: schoolbook over a 64 × 64-bit carry-less product built
    /// from integer multiplications of bit-spread operands.
    Soft,
    /// x86 `pclmulqdq`: one instruction per 64 × 64-bit limb product.
    Clmul,
}

impl Backend {
    /// Every backend.
    pub const ALL: &'static [Backend] = &[Backend::Soft, Backend::Clmul];

    /// The fastest backend this CPU can run.
    pub fn detect() -> Backend {
        if Backend::Clmul.is_available() {
            Backend::Clmul
        } else {
            Backend::Soft
        }
    }

    /// Whether this CPU can run `self`.
    pub fn is_available(self) -> bool {
        match self {
            Backend::Soft => true,
            #[cfg(target_arch = "x86_64")]
            Backend::Clmul => pclmul_cpuid::get(),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Clmul => false,
        }
    }

    /// The backends this CPU can run.
    pub fn available() -> impl Iterator<Item = Backend> {
        Backend::ALL.iter().copied().filter(|b| b.is_available())
    }

    /// A short lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Soft => "soft",
            Backend::Clmul => "clmul",
        }
    }
}

impl core::fmt::Display for Backend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
