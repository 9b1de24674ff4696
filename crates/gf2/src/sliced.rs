//! Bit-sliced arithmetic: w independent field elements at once, word i holding coefficient i
//! of all w of them (w = 64 on `u64`, 256 on AVX2, 512 on AVX-512), so that every operation
//! is a sequence of word ANDs and XORs, the same for every lane: constant-time in every lane.
//!
//! - [`Word`]: a word of lanes, and the portable and vector word types;
//! - [`Backend`]: which word type a batch runs on (one detection, one match per batch);
//! - [`SlicedArith`]: the field operations a bit-sliced algorithm needs, implemented by the
//!   Gaussian normal basis ([`crate::gnb::SlicedOps`]) and by the polynomial basis
//!   ([`pb::PbOps`]);
//! - [`gather`] / [`scatter`]: into and out of sliced form (64 × 64 bit transposes);
//! - [`pb`]: the bit-sliced polynomial basis with Karatsuba multiplication.

pub mod pb;

wegman_arch::backends! {
    /// How bit-sliced batches run (normal and polynomial bases). Every backend gives identical results.
    pub enum Backend {
        /// Portable: 64 lanes in a `u64`.
        Soft = "soft";
        /// AVX2: 256 lanes in a 256-bit vector.
        Avx2 = "avx2" ["avx2"],
        /// AVX-512: 512 lanes in a 512-bit vector.
        Avx512 = "avx512" ["avx512f"],
    }
}

impl Backend {
    /// Lanes per word: elements computed together.
    pub fn lanes(self) -> usize {
        match self {
            Backend::Soft => 64,
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => 256,
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 => 512,
        }
    }
}

/// A word of bit-sliced lanes, in 64-lane groups (lanes 64g..64g + 63 in group g, lane
/// 64g + j at bit j). Lane-wise logic only; the bit-sliced jobs compute on it.
pub trait Word: Copy {
    /// 64-lane groups.
    const GROUPS: usize;
    /// All lanes zero.
    fn zero() -> Self;
    /// Lane-wise XOR.
    fn xor(self, o: Self) -> Self;
    /// Lane-wise AND.
    fn and(self, o: Self) -> Self;
    /// Group g.
    fn group(&self, g: usize) -> u64;
    /// Each group shifted left by d < 64 (public).
    fn shl(self, d: u32) -> Self;
    /// Each group shifted right by d < 64 (public).
    fn shr(self, d: u32) -> Self;
    /// v in every group.
    fn splat(v: u64) -> Self;
    /// Group g = f(g), built in registers (not by stores into memory that a vector load then
    /// reads back, which stalls on store forwarding).
    fn from_groups(f: impl Fn(usize) -> u64) -> Self;
}

/// Implements [`Word`] for a newtype over `[u64; G]` aligned to its size (so that no vector
/// load or store splits a cache line).
macro_rules! lanes {
    ($(#[$doc:meta])* $name:ident, $g:literal, $align:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        #[repr(C, align($align))]
        pub(crate) struct $name([u64; $g]);

        impl Word for $name {
            const GROUPS: usize = $g;
            #[inline(always)]
            fn zero() -> Self {
                $name([0; $g])
            }
            #[inline(always)]
            fn xor(self, o: Self) -> Self {
                $name(core::array::from_fn(|i| self.0[i] ^ o.0[i]))
            }
            #[inline(always)]
            fn and(self, o: Self) -> Self {
                $name(core::array::from_fn(|i| self.0[i] & o.0[i]))
            }
            #[inline(always)]
            fn group(&self, g: usize) -> u64 {
                self.0[g]
            }
            #[inline(always)]
            fn shl(self, d: u32) -> Self {
                $name(core::array::from_fn(|i| self.0[i] << d))
            }
            #[inline(always)]
            fn shr(self, d: u32) -> Self {
                $name(core::array::from_fn(|i| self.0[i] >> d))
            }
            #[inline(always)]
            fn splat(v: u64) -> Self {
                $name([v; $g])
            }
            #[inline(always)]
            fn from_groups(f: impl Fn(usize) -> u64) -> Self {
                $name(core::array::from_fn(f))
            }
        }
    };
}

lanes!(
    /// 64 lanes (portable).
    Lanes64, 1, 8
);
/// Implements [`Word`] for a newtype over an x86 vector register by its intrinsics. The
/// compiler left to itself vectorises `[u64; G]` words only in part, and in long straight-line
/// code computed some of them in general-purpose registers, 64 bits at a time.
///
/// Soundness: these types are crate-private and created only by [`Word`] methods called from
/// the jobs of the backend whose features `Backend::detect` / `is_available` confirmed (the
/// dispatch arms of the bit-sliced modules), so every intrinsic below runs on a CPU that has
/// it.
#[cfg(target_arch = "x86_64")]
macro_rules! vector_lanes {
    ($(#[$doc:meta])* $name:ident, $reg:ty, $g:literal, $feat:literal,
     zero: $zero:ident, xor: $xor:ident, and: $and:ident, sll: $sll:ident, srl: $srl:ident,
     set1: $set1:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        #[repr(transparent)]
        pub(crate) struct $name($reg);

        impl Word for $name {
            const GROUPS: usize = $g;
            #[inline(always)]
            fn zero() -> Self {
                // SAFETY: see the macro's docs (the backend's features are present).
                $name(unsafe { core::arch::x86_64::$zero() })
            }
            #[inline(always)]
            fn xor(self, o: Self) -> Self {
                // SAFETY: as for `zero`.
                $name(unsafe { core::arch::x86_64::$xor(self.0, o.0) })
            }
            #[inline(always)]
            fn and(self, o: Self) -> Self {
                // SAFETY: as for `zero`.
                $name(unsafe { core::arch::x86_64::$and(self.0, o.0) })
            }
            #[inline(always)]
            fn group(&self, g: usize) -> u64 {
                // SAFETY: a vector of $g 64-bit lanes has the size and validity of [u64; $g].
                let a: [u64; $g] = unsafe { core::mem::transmute(self.0) };
                a[g]
            }
            #[inline(always)]
            fn shl(self, d: u32) -> Self {
                // SAFETY: as for `zero`.
                $name(unsafe {
                    let c = core::arch::x86_64::_mm_cvtsi32_si128(d as i32);
                    core::arch::x86_64::$sll(self.0, c)
                })
            }
            #[inline(always)]
            fn shr(self, d: u32) -> Self {
                // SAFETY: as for `zero`.
                $name(unsafe {
                    let c = core::arch::x86_64::_mm_cvtsi32_si128(d as i32);
                    core::arch::x86_64::$srl(self.0, c)
                })
            }
            #[inline(always)]
            fn splat(v: u64) -> Self {
                // SAFETY: as for `zero`.
                $name(unsafe { core::arch::x86_64::$set1(v as i64) })
            }
            #[inline(always)]
            fn from_groups(f: impl Fn(usize) -> u64) -> Self {
                let a: [u64; $g] = core::array::from_fn(f);
                // SAFETY: [u64; $g] has the size of the vector, and every bit pattern is a
                // valid vector.
                $name(unsafe { core::mem::transmute::<[u64; $g], $reg>(a) })
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
vector_lanes!(
    /// 256 lanes: one AVX2 register.
    Lanes256, core::arch::x86_64::__m256i, 4, "avx2",
    zero: _mm256_setzero_si256, xor: _mm256_xor_si256, and: _mm256_and_si256,
    sll: _mm256_sll_epi64, srl: _mm256_srl_epi64, set1: _mm256_set1_epi64x
);
#[cfg(target_arch = "x86_64")]
vector_lanes!(
    /// 512 lanes: one AVX-512 register.
    Lanes512, core::arch::x86_64::__m512i, 8, "avx512f",
    zero: _mm512_setzero_si512, xor: _mm512_xor_si512, and: _mm512_and_si512,
    sll: _mm512_sll_epi64, srl: _mm512_srl_epi64, set1: _mm512_set1_epi64
);

/// Transposes the 64 × 64 bit matrix of every group at once (word r, bit c ↦ word c, bit r):
/// the swap-moves of [`wegman_f2::bytes::transpose64`] on whole words.
#[inline(always)]
pub(crate) fn transpose64<W: Word>(x: &mut [W; 64]) {
    const MASKS: [u64; 6] = [
        0x0000_0000_ffff_ffff,
        0x0000_ffff_0000_ffff,
        0x00ff_00ff_00ff_00ff,
        0x0f0f_0f0f_0f0f_0f0f,
        0x3333_3333_3333_3333,
        0x5555_5555_5555_5555,
    ];
    for (round, &mask) in MASKS.iter().enumerate() {
        let d = 32 >> round;
        let mask = W::splat(mask);
        // Pairs (r, r + d) of each block of 2d words, without bounds checks.
        for block in x.chunks_exact_mut(2 * d) {
            let (lo, hi) = block.split_at_mut(d);
            for (p, q) in lo.iter_mut().zip(hi) {
                let t = p.shr(d as u32).xor(*q).and(mask);
                *p = p.xor(t.shl(d as u32));
                *q = q.xor(t);
            }
        }
    }
}

/// Word operations of one bit-sliced product (each on w lanes at once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gates {
    /// ANDs.
    pub and: u64,
    /// XORs.
    pub xor: u64,
}

impl Gates {
    /// ANDs + XORs.
    pub fn total(&self) -> u64 {
        self.and + self.xor
    }
}

pub(crate) mod tally {
    use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    static ANDS: AtomicU64 = AtomicU64::new(0);
    static XORS: AtomicU64 = AtomicU64::new(0);
    static BUSY: AtomicBool = AtomicBool::new(false);

    /// A word that counts the operations done on it (no value): runs a multiplier to count its
    /// gates exactly as executed.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Tally;

    impl super::Word for Tally {
        const GROUPS: usize = 1;
        fn zero() -> Tally {
            Tally
        }
        fn xor(self, _: Tally) -> Tally {
            XORS.fetch_add(1, Ordering::Relaxed);
            Tally
        }
        fn and(self, _: Tally) -> Tally {
            ANDS.fetch_add(1, Ordering::Relaxed);
            Tally
        }
        fn group(&self, _: usize) -> u64 {
            0
        }
        fn shl(self, _: u32) -> Tally {
            Tally
        }
        fn shr(self, _: u32) -> Tally {
            Tally
        }
        fn splat(_: u64) -> Tally {
            Tally
        }
        fn from_groups(_: impl Fn(usize) -> u64) -> Tally {
            Tally
        }
    }

    /// Runs `f` with the counters to itself and returns what it counted.
    pub(crate) fn count(f: impl FnOnce()) -> super::Gates {
        while BUSY
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            core::hint::spin_loop();
        }
        ANDS.store(0, Ordering::Relaxed);
        XORS.store(0, Ordering::Relaxed);
        f();
        let g = super::Gates {
            and: ANDS.load(Ordering::Relaxed),
            xor: XORS.load(Ordering::Relaxed),
        };
        BUSY.store(false, Ordering::Release);
        g
    }
}

/// Loads up to `64·W::GROUPS` elements into `out.len()` words: word i gets coefficient i of
/// every lane (element j in lane j, its coefficient i at bit i mod 64 of limb i / 64);
/// missing lanes are zero. By 64 × 64 bit transposes of all groups at once: the same
/// operations for any values (constant-time).
#[inline(always)]
pub fn gather<W: Word, L: AsRef<[u64]>>(elems: &[L], out: &mut [W]) {
    let n = out.len();
    for l in 0..n.div_ceil(64) {
        let mut x: [W; 64] = core::array::from_fn(|r| {
            W::from_groups(|g| {
                elems
                    .get(64 * g + r)
                    .and_then(|e| e.as_ref().get(l).copied())
                    .unwrap_or(0)
            })
        });
        transpose64(&mut x);
        let rows = (n - 64 * l).min(64);
        out[64 * l..64 * l + rows].copy_from_slice(&x[..rows]);
    }
}

/// The inverse of [`gather`] for the first `lanes` lanes: calls `put(j, l, limb)` with limb
/// l of lane j (coefficients 64l..64l + 63), for every limb the words cover.
#[inline(always)]
pub fn scatter<W: Word>(words: &[W], lanes: usize, mut put: impl FnMut(usize, usize, u64)) {
    let n = words.len();
    for l in 0..n.div_ceil(64) {
        let mut x = [W::zero(); 64];
        let rows = (n - 64 * l).min(64);
        x[..rows].copy_from_slice(&words[64 * l..64 * l + rows]);
        transpose64(&mut x);
        for j in 0..lanes.min(64 * W::GROUPS) {
            put(j, l, x[j % 64].group(j / 64));
        }
    }
}

/// The field operations of a bit-sliced algorithm on elements of m words (word i holding
/// coefficient i of every lane), the same in every basis: a job written against this trait
/// runs on the normal basis ([`crate::gnb::SlicedOps`]) and on the polynomial basis
/// ([`pb::PbOps`]). Every operation is constant-time in every lane.
pub trait SlicedArith<W: Word> {
    /// m.
    fn degree(&self) -> usize;
    /// c = a·b in every lane (slices of at least m words; the first m are used).
    fn mul(&mut self, a: &[W], b: &[W], c: &mut [W]);
    /// c = a² in every lane.
    fn sqr(&mut self, a: &[W], c: &mut [W]);
    /// c = 1 in every lane.
    fn one(&self, c: &mut [W]);
}
