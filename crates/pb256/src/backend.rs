//! The backends of the `auth256-pb` kernels (docs/architecture.md: one enum, detected once,
//! matched once per bulk call).

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(target_arch = "x86_64")]
mod clmul;
mod soft;

use crate::dot::Pair;
use crate::field::Wide512x64;

wegman_arch::backends! {
    /// How carry-less products are computed. Every backend gives identical results.
    pub enum Backend {
        /// Portable: 64-bit carry-less products in integer arithmetic (constant time),
        /// Karatsuba to 256 bits.
        Soft = "soft";
        /// x86 `pclmulqdq` on 128-bit vectors: 16 products per pair, summed per limb position.
        Clmul = "clmul" ["sse2", "pclmulqdq"],
        /// x86 AVX2 with `vpclmulqdq` on 256 bits: two pairs per step, one level of
        /// Karatsuba (12 `vpclmulqdq` ymm), sums combined once per call.
        Avx2 = "avx2" ["avx2", "pclmulqdq", "vpclmulqdq"],
        /// x86 AVX-512 with `vpclmulqdq` on 512 bits: four pairs per step, one level of
        /// Karatsuba (12 `vpclmulqdq` zmm), three-input XORs (`vpternlogq`); a tail of fewer
        /// pairs takes the AVX2 step.
        Avx512 = "avx512" ["avx2", "avx512f", "pclmulqdq", "vpclmulqdq"],
    }
}

/// A backend this CPU runs (the proof is the type).
pub type Available = wegman_arch::Available<Backend>;

/// What each backend's token computes (one generic body per job, one implementation per
/// token).
pub(crate) trait Kernels: Copy {
    /// acc += Σ_t (m_t + k_t)(m'_t + k'_t), unreduced, over t < min(msg.len(), key.len()).
    fn absorb(self, acc: &mut Wide512x64, msg: &[Pair], key: &[Pair]);

    /// a·b, unreduced.
    fn mul_wide(self, a: &[u64; 4], b: &[u64; 4]) -> Wide512x64;
}

impl Kernels for token::Soft {
    #[inline(always)]
    fn absorb(self, acc: &mut Wide512x64, msg: &[Pair], key: &[Pair]) {
        soft::absorb(acc, msg, key);
    }

    #[inline(always)]
    fn mul_wide(self, a: &[u64; 4], b: &[u64; 4]) -> Wide512x64 {
        crate::field::mul_wide_soft(a, b)
    }
}

/// The x86 tokens: each calls its module's kernels, whose `#[target_feature]`s are among the
/// backend's declared features (the test `declared_features_cover_the_kernels`).
macro_rules! x86_kernels {
    ($T:ident, $m:ident) => {
        #[cfg(target_arch = "x86_64")]
        impl Kernels for token::$T {
            #[inline(always)]
            fn absorb(self, acc: &mut Wide512x64, msg: &[Pair], key: &[Pair]) {
                // SAFETY: the token proves the backend's declared features, which include
                // every feature `$m` enables.
                unsafe { $m::absorb(acc, msg, key) }
            }

            #[inline(always)]
            fn mul_wide(self, a: &[u64; 4], b: &[u64; 4]) -> Wide512x64 {
                // SAFETY: as in `absorb`; the product needs pclmulqdq and sse2 only.
                unsafe { clmul::mul_wide(a, b) }
            }
        }
    };
}

x86_kernels!(Clmul, clmul);
x86_kernels!(Avx2, avx2);
x86_kernels!(Avx512, avx512);

wegman_arch::job! {
    /// Absorbs pairs against key pairs: one bulk call.
    pub(crate) struct Absorb<'a>(
        pub(crate) &'a mut Wide512x64,
        pub(crate) &'a [Pair],
        pub(crate) &'a [Pair],
    );
    impl<K: Kernels> Kernel for Absorb<'_> {
        fn run(self, k: K) -> () {
            k.absorb(self.0, self.1, self.2)
        }
    }

    /// One unreduced product.
    pub(crate) struct MulWide<'a>(pub(crate) &'a [u64; 4], pub(crate) &'a [u64; 4]);
    impl<K: Kernels> Kernel for MulWide<'_> {
        fn run(self, k: K) -> Wide512x64 {
            k.mul_wide(self.0, self.1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The features each module's `#[target_feature]` functions enable, against the declared
    /// ones (a kernel must not use a feature its backend does not prove).
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn declared_features_cover_the_kernels() {
        let uses: [(Backend, &[&str]); 3] = [
            (Backend::Clmul, clmul::FEATURES),
            (Backend::Avx2, avx2::FEATURES),
            (Backend::Avx512, avx512::FEATURES),
        ];
        for (b, feats) in uses {
            for f in feats {
                assert!(
                    b.features().contains(f),
                    "{b} uses {f} without declaring it"
                );
            }
            // The product of every x86 token is the clmul module's (sse2 is part of x86-64).
            for f in clmul::FEATURES.iter().filter(|&&f| f != "sse2") {
                assert!(b.features().contains(f), "{b} lacks {f} for mul_wide");
            }
        }
    }
}
