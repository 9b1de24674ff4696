//! Multiplication backends for F_{2^m} (design.md §1: one enum, detected once, matched once
//! per call or per slice).

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
#[cfg(target_arch = "x86_64")]
pub(crate) mod clmul;

// Exactly the features the `Clmul` kernels enable.
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(pclmul_cpuid, "pclmulqdq", "sse2");
// Exactly the features the `Avx512` kernels enable.
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(avx512_cpuid, "pclmulqdq", "sse2", "bmi2", "avx512f");

/// A backend forced by [`Backend::force`] (0: none; otherwise its index in `ALL` plus one).
static FORCED: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(0);

/// How F_2\[x\] products are computed. Every backend gives identical results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Portable and constant-time: schoolbook over a 64 × 64-bit carry-less product built
    /// from integer multiplications of bit-spread operands.
    Soft,
    /// x86 `pclmulqdq`: one instruction per 64 × 64-bit limb product, and per limb square.
    Clmul,
    /// `Clmul`, plus `pext` (BMI2) for the even/odd split of square roots and AVX-512 for
    /// the linear maps (half-trace, solve): eight rows per masked vector XOR. Needs
    /// `pclmulqdq`, `bmi2` and `avx512f` (every CPU with AVX-512 also has a fast `pext`).
    Avx512,
}

impl Backend {
    /// Every backend.
    pub const ALL: &'static [Backend] = &[Backend::Soft, Backend::Clmul, Backend::Avx512];

    /// The fastest backend this CPU can run (or the one [`Backend::force`] set).
    pub fn detect() -> Backend {
        let forced = FORCED.load(core::sync::atomic::Ordering::Relaxed) as usize;
        if let Some(&b) = forced.checked_sub(1).and_then(|i| Backend::ALL.get(i)) {
            return b;
        }
        if Backend::Avx512.is_available() {
            Backend::Avx512
        } else if Backend::Clmul.is_available() {
            Backend::Clmul
        } else {
            Backend::Soft
        }
    }

    /// Makes [`Backend::detect`] return `backend` (or, with `None`, detect again), so tests
    /// can run the specialised field types on every backend. Refuses (returns false) a
    /// backend this CPU cannot run. Every backend computes the same results, so this changes
    /// only speed, never an answer.
    #[doc(hidden)]
    pub fn force(backend: Option<Backend>) -> bool {
        let code = match backend {
            None => 0,
            Some(b) if b.is_available() => Backend::ALL
                .iter()
                .position(|&x| x == b)
                .map_or(0, |i| i as u8 + 1),
            Some(_) => return false,
        };
        FORCED.store(code, core::sync::atomic::Ordering::Relaxed);
        true
    }

    /// Whether this CPU can run `self`.
    pub fn is_available(self) -> bool {
        match self {
            Backend::Soft => true,
            #[cfg(target_arch = "x86_64")]
            Backend::Clmul => pclmul_cpuid::get(),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 => avx512_cpuid::get(),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Clmul | Backend::Avx512 => false,
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
            Backend::Avx512 => "avx512",
        }
    }
}

impl core::fmt::Display for Backend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
