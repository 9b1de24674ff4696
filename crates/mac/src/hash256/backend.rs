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
use std::vec;
use std::vec::Vec;

use wegman_gf2::bitslice::{ConstMul, affine_matrix};
use wegman_gf2::fft::{ifft, point, reduce_2to256};
use wegman_gf2::tower::{AesIsomorphism, F256};
use zeroize::Zeroize;

/// Bytes of a canonical pair m_t || m'_t (or of a key pair r_t || r'_t).
pub(crate) const PAIR: usize = 64;
/// A canonical pair.
pub(crate) type Pair = [u8; PAIR];
/// Pairs per batch: the lanes of one bitsliced word.
pub(crate) const BATCH: usize = 64;

/// The backend choice is shared with `wegman_gf2::packed` (same kernels' features: `Gfni`
/// needs `avx512f`, `avx512bw` and `gfni`).
pub use wegman_gf2::packed::Backend;

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
    #[cfg(feature = "rayon")]
    pub(crate) fn add(&mut self, other: &Acc) {
        for (x, y) in self.0.iter_mut().zip(&other.0) {
            *x ^= y;
        }
    }
}

impl Drop for Acc {
    fn drop(&mut self) {
        self.0.fill(0);
        zeroize::optimization_barrier(&self.0);
    }
}

/// Public constants of the network: the twiddles α_{2k}, k < 32, as circuits and as
/// AES-field `gf2p8affineqb` matrices, the per-lane factors of the in-register network, the
/// matrix of the final inverse FFT and reduction, and the isomorphism to the AES field.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct Tables {
    /// The twiddle circuits for `Soft`, generated on its first use (milliseconds of greedy
    /// search that the vector backend never needs).
    circuits: OnceLock<Vec<ConstMul>>,
    /// The twiddle products as `gf2p8affineqb` matrices (AES field), each broadcast to eight
    /// u64s (a vector operand).
    /// (Entry 32: the product by α_3 = α_2 + 1, for the second positions of stage 2.)
    pub(crate) aes_twiddle_x8: [[u64; 8]; 33],
    /// For the in-register network (one element's 64 positions in the lanes of a vector),
    /// stages s = 2..=6: new = x·D + swap_h(x)·E lane-wise, with D = 1, E = c at the first
    /// position of a butterfly and D = c + 1, E = 1 at the second (AES field bytes).
    pub(crate) lane_d: [[u8; 64]; 5],
    pub(crate) lane_e: [[u8; 64]; 5],
    /// The F_256-linear map from the 64 point values to the 32 reduced coefficients (inverse
    /// FFT, then reduction), as column pairs: vector j holds column j in lanes 0..32 and
    /// column j + 32 in lanes 32..64 (AES field).
    pub(crate) finish_cols: [[u8; 64]; 32],
    pub(crate) to_aes: u64,
    pub(crate) from_aes_affine: u64,
}

impl Tables {
    /// The XOR circuits of the products by the twiddles α_{2k}, k < 32.
    pub(crate) fn circuits(&self) -> &[ConstMul] {
        self.circuits.get_or_init(|| {
            (0..32)
                .map(|k| ConstMul::new_vartime(point(2 * k)))
                .collect()
        })
    }
}

/// The tables, built on first use (public data).
pub(crate) fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let iso = AesIsomorphism::new();
        let tw = |k: usize| point(2 * k);
        let aes_twiddle: [u64; 33] = core::array::from_fn(|k| {
            let c = if k == 32 { point(3) } else { tw(k) };
            // a ↦ φ(φ⁻¹(a)·α_{2k}): the product by the twiddle, in the AES field.
            affine_matrix(core::array::from_fn(|i| {
                iso.to_aes(iso.from_aes(1 << i) * c)
            }))
        });
        let lane = |s: usize, second: bool| -> [u8; 64] {
            let h = 1usize << (6 - s);
            core::array::from_fn(|p| {
                let c = iso.to_aes(tw(p >> (7 - s)));
                match (p & h == 0, second) {
                    (true, false) => 1,
                    (true, true) => c,
                    (false, false) => c ^ 1,
                    (false, true) => 1,
                }
            })
        };
        let cols: [[u8; 32]; 64] = core::array::from_fn(|j| {
            let mut v = [F256::ZERO; 64];
            v[j] = F256::ONE;
            let _ = ifft(&mut v);
            let r = reduce_2to256(v);
            core::array::from_fn(|i| iso.to_aes(r[i]))
        });
        Tables {
            aes_twiddle_x8: aes_twiddle.map(|m| [m; 8]),
            circuits: OnceLock::new(),
            lane_d: core::array::from_fn(|i| lane(i + 2, false)),
            lane_e: core::array::from_fn(|i| lane(i + 2, true)),
            finish_cols: core::array::from_fn(|j| {
                core::array::from_fn(|l| {
                    if l < 32 {
                        cols[j][l]
                    } else {
                        cols[j + 32][l - 32]
                    }
                })
            }),
            to_aes: iso.to_aes_affine(),
            from_aes_affine: iso.from_aes_affine(),
        }
    })
}

/// Panics unless the CPU runs the `Gfni` kernels (checked before every `unsafe` call of
/// them; keys only carry `Gfni` after `is_available` said yes, so it never fails).
#[cfg(target_arch = "x86_64")]
fn require_gfni() {
    assert!(
        Backend::Gfni.is_available(),
        "gfni backend on a CPU without it"
    );
}

/// Absorbs `msg.len()` pairs (a multiple of [`BATCH`]) with their key pairs into `acc`.
pub(crate) fn absorb(backend: Backend, acc: &mut Acc, msg: &[Pair], key: &[Pair]) {
    debug_assert_eq!(msg.len(), key.len());
    debug_assert_eq!(msg.len() % BATCH, 0);
    let t = tables();
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Gfni => {
            require_gfni();
            // SAFETY: `require_gfni` checked (cpuid, cached) every feature `gfni::absorb`
            // enables.
            unsafe { gfni::absorb(t, acc, msg, key) }
        }
        _ => soft::absorb(t, acc, msg, key),
    }
}

/// The FFT-domain running sum of a message: the batch accumulator (allocated on the first
/// whole batch) and 64 point values kept directly (the short path of `Gfni`).
#[derive(Clone)]
pub(crate) struct Sum {
    pub(crate) acc: Option<Box<Acc>>,
    /// Point values, in the backend's representation of F_256 (AES field for `Gfni`).
    pub(crate) direct: [u8; 64],
}

impl Sum {
    pub(crate) fn new() -> Sum {
        Sum {
            acc: None,
            direct: [0; 64],
        }
    }

    pub(crate) fn acc(&mut self) -> &mut Acc {
        self.acc.get_or_insert_with(Acc::new)
    }

    /// self += other (same backend).
    #[cfg(feature = "rayon")]
    pub(crate) fn add(&mut self, other: &Sum) {
        if let Some(o) = &other.acc {
            self.acc().add(o);
        }
        for (x, y) in self.direct.iter_mut().zip(&other.direct) {
            *x ^= y;
        }
    }
}

impl Drop for Sum {
    fn drop(&mut self) {
        self.direct.zeroize();
    }
}

/// Absorbs fewer than [`BATCH`] pairs (the end of a message).
pub(crate) fn absorb_rest(backend: Backend, sum: &mut Sum, msg: &[Pair], key: &[Pair]) {
    debug_assert_eq!(msg.len(), key.len());
    debug_assert!(msg.len() < BATCH);
    let t = tables();
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Gfni => {
            require_gfni();
            // SAFETY: as in `absorb`: every feature `gfni::absorb_rest` enables is present.
            unsafe { gfni::absorb_rest(t, sum, msg, key) }
        }
        _ => {
            // Completed with zero pairs under zero keys, which add (0 + 0)(0 + 0) = 0.
            let mut m = vec![[0u8; PAIR]; BATCH];
            let mut k = vec![[0u8; PAIR]; BATCH];
            m[..msg.len()].copy_from_slice(msg);
            k[..key.len()].copy_from_slice(key);
            soft::absorb(t, sum.acc(), &m, &k);
            m.iter_mut().chain(k.iter_mut()).for_each(|p| p.zeroize());
        }
    }
}

/// Hash256 from the running sum: one inverse FFT and one reduction; the 32 bytes of the
/// result (tower, polynomial basis).
pub(crate) fn finish(backend: Backend, sum: &Sum) -> [u8; 32] {
    let t = tables();
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Gfni => {
            require_gfni();
            // SAFETY: as in `absorb`: every feature `gfni::finish` enables is present.
            unsafe { gfni::finish(t, sum) }
        }
        _ => {
            let mut v = match &sum.acc {
                Some(acc) => soft::finish(acc),
                None => [F256::ZERO; 64],
            };
            for (x, &d) in v.iter_mut().zip(&sum.direct) {
                *x += F256::from_u8(d);
            }
            let _ = ifft(&mut v);
            let r = reduce_2to256(v);
            v.iter_mut().for_each(|x| *x = F256::ZERO);
            core::array::from_fn(|i| r[i].to_u8())
        }
    }
}
