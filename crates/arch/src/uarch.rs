//! Microarchitecture facts that change where a kernel pays, not what it computes: read once
//! from CPUID, used only to pick public length thresholds (never to pick an algorithm whose
//! result could differ, and never on secret data).

use core::sync::atomic::{AtomicU8, Ordering};

/// How the CPU executes 512-bit vector instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Avx512Width {
    /// Each 512-bit operation is split over two 256-bit halves (AMD Zen 4, family 19h): the
    /// same instruction count costs about twice the cycles of a full-width core.
    Split,
    /// Full-width 512-bit execution, or no AVX-512 at all (AMD Zen 5 and later, Intel cores
    /// with AVX-512); the default for every CPU not known to split.
    Full,
}

static WIDTH: AtomicU8 = AtomicU8::new(0);

/// The AVX-512 execution width of this CPU, read from CPUID once per process. Zen 4 is the
/// AMD family 19h with AVX-512 F (family 19h's Zen 3 parts have no AVX-512, so the answer
/// does not matter for them).
pub fn avx512_width() -> Avx512Width {
    match WIDTH.load(Ordering::Relaxed) {
        1 => Avx512Width::Split,
        2 => Avx512Width::Full,
        _ => {
            let w = detect();
            WIDTH.store(
                if w == Avx512Width::Split { 1 } else { 2 },
                Ordering::Relaxed,
            );
            w
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Avx512Width {
    use core::arch::x86_64::__cpuid;
    // Leaf 0: vendor "AuthenticAMD" is ebx "Auth", edx "enti", ecx "cAMD".
    let v = __cpuid(0);
    let amd = v.ebx == 0x6874_7541 && v.edx == 0x6974_6e65 && v.ecx == 0x444d_4163;
    if !amd || v.eax < 1 {
        return Avx512Width::Full;
    }
    // Leaf 1: the family is the base family plus, when that is 0xF, the extended family.
    let eax = __cpuid(1).eax;
    let base = (eax >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((eax >> 20) & 0xff)
    } else {
        base
    };
    if family == 0x19 {
        Avx512Width::Split
    } else {
        Avx512Width::Full
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> Avx512Width {
    Avx512Width::Full
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_answer_is_stable() {
        let a = avx512_width();
        assert_eq!(a, avx512_width());
        assert_eq!(a, detect());
    }
}
