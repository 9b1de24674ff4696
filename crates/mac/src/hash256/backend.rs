//! Backends for Hash256 (design.md §1: one enum, chosen once per key, matched once per bulk
//! call): bitsliced words (`Soft`, portable) and byte-sliced AVX-512 GFNI (`Gfni`).
//!
//! Both process *batches* of 64 canonical pairs (m_t || m'_t, 64 bytes each, with the key pair
//! r_t || r'_t added first) and keep the running sum Σ_t FFT(m_t + r_t) ⊙ FFT(m'_t + r'_t) in
//! the FFT domain, spread over lanes, in an [`Acc`]; the inverse FFT and the reduction happen
//! once per message, in [`super`]. Accumulators are sums, so two of the same backend add
//! (XOR) into the accumulator of the concatenated pair sequence.

#[cfg(target_arch = "x86_64")]
pub(super) mod gfni;
pub(super) mod soft;

use std::boxed::Box;
use std::sync::OnceLock;
use std::vec::Vec;

use wegman_gf2::bitslice::{ConstMul, affine_matrix};
use wegman_gf2::fft::point;
use wegman_gf2::tower::{AesIsomorphism, F256};
use zeroize::Zeroize;

/// Bytes of a canonical pair m_t || m'_t (or of a key pair r_t || r'_t).
pub(crate) const PAIR: usize = 64;
/// A canonical pair.
pub(crate) type Pair = [u8; PAIR];
/// Pairs per batch: the lanes of one bitsliced word.
pub(crate) const BATCH: usize = 64;

// Exactly the features the `gfni` kernels enable.
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(
    gfni_cpuid,
    "avx512f",
    "avx512bw",
    "avx512vbmi",
    "gfni"
);

/// A Hash256 implementation strategy. Every backend gives bit-identical results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Portable: 64 pairs bitsliced into `u64` words; constant products by XOR circuits from
    /// the generator of §2.4, variable products by the tower's Karatsuba circuit.
    Soft,
    /// x86 AVX-512 with GFNI: 64 elements' bytes per vector, in the AES field (one
    /// `gf2p8affineqb` maps the tower there), constant products by `gf2p8affineqb`, variable
    /// ones by `gf2p8mulb`. Needs `avx512f`, `avx512bw`, `avx512vbmi` and `gfni`.
    Gfni,
}

impl Backend {
    /// Every backend.
    pub const ALL: &'static [Backend] = &[Backend::Soft, Backend::Gfni];

    /// The fastest backend this CPU can run.
    pub fn detect() -> Backend {
        if Backend::Gfni.is_available() {
            Backend::Gfni
        } else {
            Backend::Soft
        }
    }

    /// Whether this CPU can run `self`.
    pub fn is_available(self) -> bool {
        match self {
            Backend::Soft => true,
            #[cfg(target_arch = "x86_64")]
            Backend::Gfni => gfni_cpuid::get(),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Gfni => false,
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
            Backend::Gfni => "gfni",
        }
    }
}

impl core::fmt::Display for Backend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The running FFT-domain sum: 64 positions × 64 bytes (a bitsliced `SlicedF256x64` per
/// position for `Soft`, a vector of 64 AES-field bytes per position for `Gfni`).
#[derive(Clone)]
#[repr(C, align(64))]
pub(crate) struct Acc(pub(crate) [u64; 512]);

impl Acc {
    pub(crate) fn new() -> Box<Acc> {
        Box::new(Acc([0; 512]))
    }

    /// self += other (both of the same backend).
    pub(crate) fn add(&mut self, other: &Acc) {
        for (x, y) in self.0.iter_mut().zip(&other.0) {
            *x ^= y;
        }
    }
}

impl Drop for Acc {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

/// Public constants of the network: the twiddles α_{2k}, k < 32, as circuits and as
/// AES-field `gf2p8affineqb` matrices, and the isomorphism to the AES field.
pub(crate) struct Tables {
    pub(crate) circuits: Vec<ConstMul>,
    pub(crate) aes_twiddle: [u64; 32],
    /// `aes_twiddle`, each broadcast to eight u64s (a vector operand).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) aes_twiddle_x8: [[u64; 8]; 32],
    pub(crate) to_aes: u64,
    pub(crate) from_aes: AesIsomorphism,
}

/// The tables, built on first use (public data).
pub(crate) fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let iso = AesIsomorphism::new();
        let tw = |k: usize| point(2 * k);
        let aes_twiddle: [u64; 32] = core::array::from_fn(|k| {
            // a ↦ φ(φ⁻¹(a)·α_{2k}): the product by the twiddle, in the AES field.
            affine_matrix(core::array::from_fn(|i| {
                iso.to_aes(iso.from_aes(1 << i) * tw(k))
            }))
        });
        Tables {
            aes_twiddle_x8: core::array::from_fn(|k| [aes_twiddle[k]; 8]),
            circuits: (0..32).map(|k| ConstMul::new_vartime(tw(k))).collect(),
            aes_twiddle,
            to_aes: iso.to_aes_affine(),
            from_aes: iso,
        }
    })
}

/// Absorbs `msg.len()` pairs (a multiple of [`BATCH`]) with their key pairs into `acc`.
pub(crate) fn absorb(backend: Backend, acc: &mut Acc, msg: &[Pair], key: &[Pair]) {
    debug_assert_eq!(msg.len(), key.len());
    debug_assert_eq!(msg.len() % BATCH, 0);
    let t = tables();
    match backend {
        Backend::Soft => soft::absorb(t, acc, msg, key),
        #[cfg(target_arch = "x86_64")]
        Backend::Gfni => {
            assert!(gfni_cpuid::get(), "gfni backend on a CPU without it");
            // SAFETY: the line above checked (cpuid, cached) every feature `gfni::absorb`
            // enables; keys only carry `Gfni` after `is_available` said yes, so it never fails.
            unsafe { gfni::absorb(t, acc, msg, key) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Backend::Gfni => unreachable!("not available off x86_64"),
    }
}

/// The 64 FFT-domain values (tower representation) that `acc` sums to.
pub(crate) fn finish(backend: Backend, acc: &Acc) -> [F256; 64] {
    match backend {
        Backend::Soft => soft::finish(acc),
        Backend::Gfni => {
            let iso = &tables().from_aes;
            core::array::from_fn(|p| {
                // Lanes 0..32 of position p's vector; lanes 32..64 hold the same products.
                let row = &acc.0[8 * p..8 * p + 4];
                let x = row.iter().fold(0u64, |a, &w| a ^ w);
                let x = x ^ (x >> 32);
                let x = x ^ (x >> 16);
                let x = x ^ (x >> 8);
                iso.from_aes(x as u8)
            })
        }
    }
}
