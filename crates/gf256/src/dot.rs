//! Dot products in F_{2^256} through the additive FFT: for pairs of elements given in the
//! y-basis (docs/spec.md §3.3), the running sum
//!
//! ```text
//! Σ_t (a_t + k_t)·(a'_t + k'_t)   in F_{2^256} = F_256[x]/(x^32 + x^17 + x^2 + α8),
//! ```
//!
//! kept in the FFT domain as Σ_t FFT(a_t + k_t) ⊙ FFT(a'_t + k'_t) at the 64 points of the
//! Cantor basis; one inverse FFT and one reduction at the end ([`DotSum::finish`]). This is the
//! bulk kernel of Hash256 (Bernstein–Chou §6: a_t, a'_t message elements, k_t, k'_t key
//! elements), but nothing here knows about messages or keys.
//!
//! A pair a_t ‖ a'_t is 64 bytes: 32 y-basis coordinates of a_t, then 32 of a'_t. Pairs are
//! processed in *batches* ([`DotSum::batch`]) by the [`Backend`] the [`DotSum`] was made for:
//! bitsliced `u64` words (`Soft`, 64 pairs) or 256-bit words (`Avx2`, `Avx512`, 256 pairs),
//! one kernel generic over the word (`sliced`), or byte-sliced GFNI (`Gfni`, `Gfni256`),
//! each running the y-basis network of [`crate::fft::fft64_ybasis`] with the twiddles of
//! [`crate::fft::ybasis_twiddle`]. A few pairs at the end of a sequence take a short path
//! (one element's 64 positions across the lanes). Sums add (XOR), so pieces of one sequence
//! computed apart merge with [`DotSum::add`]. Internally the running sum is, for the bitsliced
//! kernels, 64 words whose bytes keep the lane parities of each point's bits (`sliced::Folded`,
//! 512 bytes whatever the lane count), for the GFNI ones 64 positions of AES-field bytes spread
//! over lanes (`Acc`), plus 64 point values of the short path. Constant-time: every instruction's time and every address are independent of
//! the pairs.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(target_arch = "x86_64")]
mod gfni;
#[rustfmt::skip]
mod network;
mod sliced;

use alloc::boxed::Box;

use once_cell::race::OnceBox;
use zeroize::Zeroize;

use crate::backend::token;
use crate::fft::{ifft, point, reduce_2to256, ybasis_twiddle_index};
use crate::tower::{AesIsomorphism, Gf256};
use crate::{Available, Backend};

use wegman_f2::bytes::affine_matrix;

/// Bytes of a pair a_t ‖ a'_t (or k_t ‖ k'_t).
pub const PAIR: usize = 64;
/// A pair a_t ‖ a'_t: 32 y-basis bytes of each element.
pub type Pair = [u8; PAIR];
/// Bytes of a b = 256 segment pair (256 pairs), the unit of [`DotSum::absorb_b256`].
pub const B256_UNIT: usize = 16384;

/// Pairs per batch of the portable backend (the lanes of a `u64`); every backend's batch
/// ([`DotSum::batch`]) is a multiple.
pub const BATCH: usize = 64;

/// A running FFT-domain sum of the byte-sliced kernels, `N` u64s: a vector of 64 AES-field
/// bytes per position for `Gfni` (`N` = 512), the 256-bit layout of `Gfni256` (`N` = 2048).
/// Zeroized on drop.
#[derive(Clone)]
#[repr(C, align(64))]
pub(crate) struct Acc<const N: usize>(pub(crate) [u64; N]);

impl<const N: usize> Acc<N> {
    pub(crate) fn new() -> Box<Acc<N>> {
        Box::new(Acc([0; N]))
    }

    /// self += other.
    pub(crate) fn add(&mut self, other: &Acc<N>) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a ^= b);
    }
}

impl<const N: usize> Drop for Acc<N> {
    fn drop(&mut self) {
        self.0.fill(0);
        zeroize::optimization_barrier(&self.0);
    }
}

/// Public constants of the GFNI network: the twiddles α_{2k}, k < 32, as AES-field
/// `gf2p8affineqb` matrices, the per-lane factors of the in-register network, the
/// matrix of the final inverse FFT and reduction, and the isomorphism to the AES field.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct Tables {
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

impl Tables {}

/// The tables, built on first use (public data).
pub(crate) fn tables() -> &'static Tables {
    static T: OnceBox<Tables> = OnceBox::new();
    T.get_or_init(|| Box::new(build_tables()))
}

fn build_tables() -> Tables {
    {
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
                let c = iso.to_aes(tw(ybasis_twiddle_index(s as u32, p)));
                match (p & h == 0, second) {
                    (true, false) => 1,
                    (true, true) => c,
                    (false, false) => c ^ 1,
                    (false, true) => 1,
                }
            })
        };
        let cols: [[u8; 32]; 64] = core::array::from_fn(|j| {
            let mut v = [Gf256::ZERO; 64];
            v[j] = Gf256::ONE;
            let _ = ifft(&mut v);
            let r = reduce_2to256(v);
            core::array::from_fn(|i| iso.to_aes(r[i]))
        });
        Tables {
            aes_twiddle_x8: aes_twiddle.map(|m| [m; 8]),
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
    }
}

/// The FFT-domain running sum of a message: the GFNI batch accumulators (each allocated on its
/// first batch), the bitsliced kernels' folded sum, and 64 point values kept directly (the
/// short paths).
#[derive(Clone)]
pub(crate) struct Sum {
    pub(crate) acc: Option<Box<Acc<512>>>,
    pub(crate) wide: Option<Box<Acc<2048>>>,
    /// The bitsliced batch kernels' folded sum, and whether one ran (a public fact: the
    /// finish skips an unused sum).
    pub(crate) folded: sliced::Folded,
    pub(crate) folded_used: bool,
    /// Point values, in the backend's representation of F_256 (AES field for `Gfni`).
    pub(crate) direct: [u8; 64],
}

impl Sum {
    pub(crate) fn new() -> Sum {
        Sum {
            acc: None,
            wide: None,
            folded: [0; 64],
            folded_used: false,
            direct: [0; 64],
        }
    }

    /// The folded sum of the bitsliced batch kernels, marked used.
    pub(crate) fn folded(&mut self) -> &mut sliced::Folded {
        self.folded_used = true;
        &mut self.folded
    }

    pub(crate) fn acc(&mut self) -> &mut Acc<512> {
        self.acc.get_or_insert_with(Acc::new)
    }

    pub(crate) fn wide(&mut self) -> &mut Acc<2048> {
        self.wide.get_or_insert_with(Acc::new)
    }

    /// Back to zero, keeping the accumulators' memory.
    pub(crate) fn clear(&mut self) {
        for a in self.acc.iter_mut() {
            a.0.fill(0);
        }
        for a in self.wide.iter_mut() {
            a.0.fill(0);
        }
        self.folded.zeroize();
        self.direct.zeroize();
    }

    /// self += other (same backend).
    pub(crate) fn add(&mut self, other: &Sum) {
        if let Some(o) = &other.acc {
            self.acc().add(o);
        }
        if let Some(o) = &other.wide {
            self.wide().add(o);
        }
        if other.folded_used {
            let f = self.folded();
            f.iter_mut().zip(&other.folded).for_each(|(x, y)| *x ^= y);
        }
        for (x, y) in self.direct.iter_mut().zip(&other.direct) {
            *x ^= y;
        }
    }
}

impl Drop for Sum {
    fn drop(&mut self) {
        self.folded.zeroize();
        self.direct.zeroize();
    }
}

/// The running dot product Σ_t (a_t + k_t)(a'_t + k'_t) of one pair sequence, in the FFT
/// domain, for one backend. Zeroized on drop (it is as secret as the pairs).
#[derive(Clone)]
pub struct DotSum {
    backend: Available,
    sum: Sum,
    /// Finished values of sums of other backends added in (polynomial basis).
    extra: [u8; 32],
}

impl Drop for DotSum {
    fn drop(&mut self) {
        self.extra.zeroize();
    }
}

impl core::fmt::Debug for DotSum {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "DotSum {{ backend: {}, .. }}", self.backend)
    }
}

impl DotSum {
    /// The empty sum (zero), for `backend`.
    pub fn new(backend: Available) -> DotSum {
        DotSum {
            backend,
            sum: Sum::new(),
            extra: [0; 32],
        }
    }

    /// The backend.
    pub fn backend(&self) -> Backend {
        self.backend.get()
    }

    /// Pairs per whole batch of the backend: [`BATCH`] for `Soft` and `Gfni`, 256 for `Avx2`
    /// (the lanes of a 256-bit word). Absorbing whole batches at a time is fastest; any count
    /// gives the same sum.
    pub fn batch(&self) -> usize {
        self.backend.run(Batch)
    }

    /// Adds the products of the pairs `a[t]`, each with its key pair `k[t]` added first:
    /// whole batches through the batch kernel, the rest (the end of a sequence) through the
    /// short path. Slices of different lengths are an error (nothing is added).
    pub fn absorb(&mut self, a: &[Pair], k: &[Pair]) -> Result<(), crate::Error> {
        wegman_f2::error::same_len(a.len(), k.len())?;
        self.backend.run(Absorb(&mut self.sum, a, k));
        Ok(())
    }

    /// self += other: the sum of the concatenated pair sequences. `other` must come from the
    /// same backend to merge in the FFT domain; a sum of another backend is added through its
    /// finished value (the same element: the map to F_{2^256} is linear).
    pub fn add(&mut self, other: &DotSum) {
        let extra = if self.backend == other.backend {
            self.sum.add(&other.sum);
            other.extra
        } else {
            other.finish()
        };
        self.extra.iter_mut().zip(extra).for_each(|(x, y)| *x ^= y);
    }

    /// Adds the products of one b = 256 segment pair M_i ‖ M'_i ([`B256_UNIT`] bytes; docs/
    /// spec.md §3.3) with `key`, its 256 key pairs in the same layout, with no transpose: the
    /// bitsliced kernel on every backend (the byte-sliced GFNI kernels would need canonical
    /// pairs; the bitsliced one is faster on segments, docs/architecture.md).
    pub fn absorb_b256(&mut self, msg: &[u8; B256_UNIT], key: &[u8; B256_UNIT]) {
        self.backend.run(AbsorbB256(&mut self.sum, msg, key));
    }

    /// [`DotSum::finish`], leaving the sum zero (its memory kept for the next sequence: the
    /// chunks of a two-level hash reuse one sum).
    pub fn take(&mut self) -> [u8; 32] {
        let r = self.finish();
        self.sum.clear();
        self.extra.zeroize();
        r
    }

    /// The dot product as 32 bytes of F_{2^256} (docs/spec.md §2: byte i = coefficient of x^i,
    /// polynomial basis): one inverse FFT and one reduction.
    pub fn finish(&self) -> [u8; 32] {
        let mut r = self.backend.run(Finish(&self.sum));
        r.iter_mut().zip(self.extra).for_each(|(x, y)| *x ^= y);
        r
    }
}

/// What each backend's token does (docs/architecture.md: one generic body per job, one
/// implementation per token). The defaults are the portable bitsliced paths.
trait DotKernels: Copy {
    /// Pairs per whole batch.
    const BATCH: usize = BATCH;

    /// Adds the products of whole batches and the rest.
    fn absorb(self, sum: &mut Sum, a: &[Pair], k: &[Pair]) {
        self.absorb_sliced(sum, a, k);
    }

    /// The short path: pairs one by one into the point values (bitsliced words).
    fn absorb_short(self, direct: &mut [u64; 8], a: &[Pair], k: &[Pair]) {
        sliced::absorb_short(sliced::tables(), direct, a, k);
    }

    /// The inverse FFT and reduction of the point values (bitsliced words).
    fn finish_points(self, v: &[u64; 8]) -> [u8; 32] {
        sliced::finish(sliced::tables(), v)
    }

    /// The finished sum.
    fn finish(self, sum: &Sum) -> [u8; 32] {
        self.finish_sliced_with(sum, &[0; 8])
    }

    /// h·c for the fixed c of `t`: the masked rows (portable; AVX2 compiles the same loop).
    fn times(self, t: &TimesConst, h: &[u8; 32]) -> [u8; 32] {
        times_rows(&t.rows, h)
    }

    /// One b = 256 segment pair as bitsliced words, no transpose (portable: four 64-lane
    /// batches).
    fn absorb_b256(self, sum: &mut Sum, msg: &[u8; B256_UNIT], key: &[u8; B256_UNIT]) {
        sliced::absorb_b256::<u64>(sum.folded(), msg, key);
    }

    /// 64-pair batches, the last one completed with zero pairs, unless that tail is short:
    /// then pair by pair.
    #[inline(always)]
    fn absorb_sliced(self, sum: &mut Sum, a: &[Pair], k: &[Pair]) {
        let rest = a.len() % BATCH;
        let batched = if rest < sliced::SHORT_PAIRS {
            a.len() - rest
        } else {
            a.len()
        };
        if batched > 0 {
            sliced::absorb_batches::<u64>(sum.folded(), &a[..batched], &k[..batched]);
        }
        if batched < a.len() {
            let mut d = sliced::direct_words(&sum.direct);
            self.absorb_short(&mut d, &a[batched..], &k[batched..]);
            sum.direct = sliced::direct_bytes(&d);
            d.zeroize();
        }
    }

    /// The finish of the bitsliced backends: the point values are the lane sums of the
    /// folded accumulator, the short path's lanes and `more` (the values of a backend's own
    /// accumulator, bitsliced: bit p of word i = bit i of the value at point p).
    #[inline(always)]
    fn finish_sliced_with(self, sum: &Sum, more: &[u64; 8]) -> [u8; 32] {
        let mut v = sliced::direct_words(&sum.direct);
        v.iter_mut().zip(more).for_each(|(x, y)| *x ^= y);
        if sum.folded_used {
            let n = sliced::folded_points(&sum.folded);
            v.iter_mut().zip(n).for_each(|(x, a)| *x ^= a);
        }
        let r = self.finish_points(&v);
        v.zeroize();
        r
    }
}

impl DotKernels for token::Soft {}

/// The short path and the finish compiled with AVX2, for the tokens whose backends declare it
/// (`Avx2`, `Gfni256`).
#[cfg(target_arch = "x86_64")]
macro_rules! avx2_short_path {
    () => {
        #[inline(always)]
        fn absorb_short(self, direct: &mut [u64; 8], a: &[Pair], k: &[Pair]) {
            // SAFETY: the token's backend declares avx2, the one feature
            // `avx2::absorb_short` enables.
            unsafe { avx2::absorb_short(sliced::tables(), direct, a, k) }
        }

        #[inline(always)]
        fn finish_points(self, v: &[u64; 8]) -> [u8; 32] {
            // SAFETY: as for `absorb_short` (`avx2::finish`).
            unsafe { avx2::finish(sliced::tables(), v) }
        }
    };
}

/// The bitsliced backends on 256-bit words, `$m` the module of their entries (`avx2`, or
/// `avx512`: the same code with AVX-512 VL's 32 registers and three-input logic).
#[cfg(target_arch = "x86_64")]
macro_rules! bitsliced_256 {
    ($token:ident, $m:ident, $features:literal) => {
        impl DotKernels for token::$token {
            const BATCH: usize = avx2::BATCH;

            #[inline(always)]
            fn absorb(self, sum: &mut Sum, a: &[Pair], k: &[Pair]) {
                // Whole 256-pair batches; a tail of 72 pairs or more as one padded 256-pair
                // batch (cheaper than a narrow batch and 8 short pairs, measured); else as
                // `Soft`.
                let wide = if a.len() % avx2::BATCH >= BATCH + 8 {
                    a.len()
                } else {
                    a.len() / avx2::BATCH * avx2::BATCH
                };
                if wide > 0 {
                    // SAFETY: the token proves the features (see `$features`) that the
                    // entry enables.
                    unsafe { $m::absorb(sum.folded(), &a[..wide], &k[..wide]) };
                }
                self.absorb_sliced(sum, &a[wide..], &k[wide..]);
            }

            avx2_short_path!();

            #[inline(always)]
            fn absorb_b256(self, sum: &mut Sum, msg: &[u8; B256_UNIT], key: &[u8; B256_UNIT]) {
                // SAFETY: as in `absorb`.
                unsafe { $m::absorb_b256(sum.folded(), msg, key) };
            }
        }
    };
}

// The `Avx2` token proves avx2; `Avx512` proves avx512f and avx512vl (and so avx2).
#[cfg(target_arch = "x86_64")]
bitsliced_256!(Avx2, avx2, "avx2");
#[cfg(target_arch = "x86_64")]
bitsliced_256!(Avx512, avx512, "avx2,avx512f,avx512vl");

#[cfg(target_arch = "x86_64")]
impl DotKernels for token::Gfni256 {
    #[inline(always)]
    fn times(self, t: &TimesConst, h: &[u8; 32]) -> [u8; 32] {
        // SAFETY: the `Gfni256` token proves avx2 and gfni, the features `ymm::times` enables.
        unsafe { gfni::ymm::times(tables(), &t.aes_rows, h) }
    }

    #[inline(always)]
    fn absorb(self, sum: &mut Sum, a: &[Pair], k: &[Pair]) {
        // Whole groups of 16 pairs; the rest (fewer than 16) on the short path.
        let whole = a.len() / gfni::ymm::GROUP * gfni::ymm::GROUP;
        if whole > 0 {
            // SAFETY: the `Gfni256` token proves avx2 and gfni, the features `ymm::absorb`
            // enables.
            unsafe { gfni::ymm::absorb(tables(), sum.wide(), &a[..whole], &k[..whole]) };
        }
        self.absorb_sliced(sum, &a[whole..], &k[whole..]);
    }

    avx2_short_path!();

    #[inline(always)]
    fn absorb_b256(self, sum: &mut Sum, msg: &[u8; B256_UNIT], key: &[u8; B256_UNIT]) {
        // The bitsliced kernel reads b = 256 segments as they are; the byte-sliced one would
        // need them transposed to pairs (measured: 0.51 against 2.3 c/B at 1 MiB on Zen 4).
        // SAFETY: the `Gfni256` token proves avx2, the one feature `avx2::absorb_b256`
        // enables.
        unsafe { avx2::absorb_b256(sum.folded(), msg, key) };
    }

    #[inline(always)]
    fn finish(self, sum: &Sum) -> [u8; 32] {
        let mut planes = [0u64; 8];
        if let Some(acc) = &sum.wide {
            let mut vals = gfni::ymm::points(tables(), acc);
            planes = crate::bitslice::SlicedGf256x64::from_bytes(&vals).0;
            vals.zeroize();
        }
        let r = self.finish_sliced_with(sum, &planes);
        planes.zeroize();
        r
    }
}

#[cfg(target_arch = "x86_64")]
impl DotKernels for token::Gfni {
    #[inline(always)]
    fn times(self, t: &TimesConst, h: &[u8; 32]) -> [u8; 32] {
        // SAFETY: the `Gfni` token proves avx512f, avx512bw and gfni, the features
        // `gfni::times` enables.
        unsafe { gfni::times(tables(), &t.aes_rows, h) }
    }

    #[inline(always)]
    fn absorb(self, sum: &mut Sum, a: &[Pair], k: &[Pair]) {
        let t = tables();
        let whole = a.len() / BATCH * BATCH;
        let (ra, rk) = (&a[whole..], &k[whole..]);
        // SAFETY: the `Gfni` token proves avx512f, avx512bw and gfni, every feature
        // `gfni::absorb` and `gfni::absorb_rest` enable.
        unsafe {
            if whole > 0 {
                gfni::absorb(t, sum.acc(), &a[..whole], &k[..whole]);
            }
            if !ra.is_empty() {
                gfni::absorb_rest(t, sum, ra, rk);
            }
        }
    }

    #[inline(always)]
    fn absorb_b256(self, sum: &mut Sum, msg: &[u8; B256_UNIT], key: &[u8; B256_UNIT]) {
        // The bitsliced kernel on AVX-512 (see `Gfni256`).
        // SAFETY: the `Gfni` token proves avx2, avx512f and avx512vl, every feature
        // `avx512::absorb_b256` enables.
        unsafe { avx512::absorb_b256(sum.folded(), msg, key) };
    }

    #[inline(always)]
    fn finish(self, sum: &Sum) -> [u8; 32] {
        // SAFETY: as in `absorb`: the token proves every feature `gfni::finish` enables.
        unsafe { gfni::finish(tables(), sum) }
    }
}

wegman_arch::job! {
    /// Pairs per whole batch.
    struct Batch;
    impl<K: DotKernels> Kernel for Batch {
        fn run(self, _k: K) -> usize {
            K::BATCH
        }
    }

    /// Absorbs pairs into a sum.
    struct Absorb<'a>(&'a mut Sum, &'a [Pair], &'a [Pair]);
    impl<K: DotKernels> Kernel for Absorb<'_> {
        fn run(self, k: K) -> () {
            k.absorb(self.0, self.1, self.2);
        }
    }

    /// h·c for a fixed c.
    struct Times<'a>(&'a TimesConst, &'a [u8; 32]);
    impl<K: DotKernels> Kernel for Times<'_> {
        fn run(self, k: K) -> [u8; 32] {
            k.times(self.0, self.1)
        }
    }

    /// Absorbs one b = 256 segment pair.
    struct AbsorbB256<'a>(&'a mut Sum, &'a [u8; B256_UNIT], &'a [u8; B256_UNIT]);
    impl<K: DotKernels> Kernel for AbsorbB256<'_> {
        fn run(self, k: K) -> () {
            k.absorb_b256(self.0, self.1, self.2);
        }
    }

    /// Finishes a sum.
    struct Finish<'a>(&'a Sum);
    impl<K: DotKernels> Kernel for Finish<'_> {
        fn run(self, k: K) -> [u8; 32] {
            k.finish(self.0)
        }
    }
}

/// Multiplication by a fixed element c of F_{2^256} (docs/spec.md §2: 32 bytes, byte i the
/// coefficient of x^i), constant-time in the multiplicand, on a backend: the second level of
/// `auth256-2l` (Horner's rule with c = τ, one product per 16 KiB chunk). Two forms of the
/// same F_2-linear map: 256 rows c·2^j·x^k, applied by masks (portable, AVX2), and, since the
/// map is F_256-linear, 32 rows c·x^i of F_256 coefficients in the AES field, applied by 32
/// `gf2p8mulb` (GFNI). Zeroized on drop (the rows reveal c).
pub struct TimesConst {
    backend: Available,
    rows: Box<[[u64; 4]; 256]>,
    aes_rows: Box<[[u8; 32]; 32]>,
}

impl TimesConst {
    /// The tables of c, for `backend`.
    pub fn new(c: &[u8; 32], backend: Available) -> TimesConst {
        let iso = AesIsomorphism::new();
        let mut rows = Box::new([[0u64; 4]; 256]);
        let mut aes_rows = Box::new([[0u8; 32]; 32]);
        // c·x^k for k = 0..32: each a shift, the top coefficient folded back by
        // x^32 = x^17 + x^2 + α8.
        let mut v: [Gf256; 32] = core::array::from_fn(|i| Gf256::from_u8(c[i]));
        for k in 0..32 {
            aes_rows[k] = core::array::from_fn(|i| iso.to_aes(v[i]));
            for j in 0..8 {
                let g = Gf256::from_u8(1 << j);
                let b: [u8; 32] = core::array::from_fn(|i| (v[i] * g).to_u8());
                rows[8 * k + j] = le_words(&b);
            }
            let top = v[31];
            v.copy_within(0..31, 1);
            v[0] = top * Gf256::ALPHA8;
            v[2] += top;
            v[17] += top;
        }
        let mut vb = v.map(Gf256::to_u8);
        vb.zeroize();
        TimesConst {
            backend,
            rows,
            aes_rows,
        }
    }

    /// h·c.
    pub fn mul(&self, h: &[u8; 32]) -> [u8; 32] {
        self.backend.run(Times(self, h))
    }
}

impl Drop for TimesConst {
    fn drop(&mut self) {
        self.rows.as_flattened_mut().zeroize();
        self.aes_rows.as_flattened_mut().zeroize();
    }
}

impl core::fmt::Debug for TimesConst {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "TimesConst {{ backend: {}, .. }}", self.backend)
    }
}

/// 32 bytes as four little-endian u64s.
fn le_words(b: &[u8; 32]) -> [u64; 4] {
    let (w, _) = b.as_chunks::<8>();
    core::array::from_fn(|i| u64::from_le_bytes(w[i]))
}

/// Σ_i bit_i(h)·row_i by masks (no branch or index on h).
#[inline(always)]
fn times_rows(rows: &[[u64; 4]; 256], h: &[u8; 32]) -> [u8; 32] {
    let hw = le_words(h);
    let mut acc = [0u64; 4];
    // An opaque 1 keeps LLVM from turning the masked XOR into a branch on the bit.
    let one = core::hint::black_box(1u64);
    for (i, row) in rows.iter().enumerate() {
        let mask = 0u64.wrapping_sub((hw[i / 64] >> (i % 64)) & one);
        for (a, r) in acc.iter_mut().zip(row) {
            *a ^= r & mask;
        }
    }
    let mut out = [0u8; 32];
    for (o, a) in out.chunks_exact_mut(8).zip(acc) {
        o.copy_from_slice(&a.to_le_bytes());
    }
    acc.zeroize();
    out
}

/// The generator of `network.rs` (run by its test; public constants only).
#[cfg(test)]
mod generate {
    extern crate std;
    use std::format;
    use std::string::String;

    use crate::bitslice::ConstMul;
    use crate::fft::point;

    /// The source text of `network.rs`.
    pub(super) fn render() -> String {
        let mut out = String::from(
            "//! @generated by `dot::generate` (regenerate: `WEGMAN_REGENERATE=1 cargo test -p\n\
             //! wegman-gf256 network_rs_is_current`); do not edit.\n\
             //!\n\
             //! The y-basis network of `crate::fft::fft64_ybasis` on bitsliced words as\n\
             //! straight-line code: `twK` is x ↦ α_{2K}·x (the shortest greedy XOR circuit of\n\
             //! `ConstMul`), and `butterfly` runs the butterfly of twiddle index K.\n\n\
             use wegman_f2::word::Word;\n",
        );
        for k in 1..32 {
            let c = ConstMul::new_vartime(point(2 * k));
            let circuit = c.circuit().expect("a nonzero twiddle");
            let regs: std::vec::Vec<String> = (0..8).map(|i| format!("r{i}")).collect();
            out += &format!(
                "\n/// x ↦ α_{}·x: {} XORs.\n#[inline(always)]\n#[allow(unused_mut)]\n\
                 fn tw{k}<W: Word>(x: &[W; 8]) -> [W; 8] {{\n",
                2 * k,
                circuit.gates()
            );
            let start: std::vec::Vec<String> =
                circuit.start().iter().map(|s| format!("x[{s}]")).collect();
            let bind: std::vec::Vec<String> = regs.iter().map(|r| format!("mut {r}")).collect();
            out += &format!("    let [{}] = [{}];\n", bind.join(", "), start.join(", "));
            for &(d, s) in circuit.ops() {
                out += &format!("    r{d} = r{d}.xor(r{s});\n");
            }
            out += &format!("    [{}]\n}}\n", regs.join(", "));
        }
        out += "\n/// The butterfly (u, v) ↦ (u + α_{2k}·v, u + α_{2k}·v + v) in place, the twiddle's\n\
                 /// circuit inlined into each arm (so the product stays in registers: returned\n\
                 /// from `twiddle`, it went through memory).\n\
                 #[inline(always)]\n\
                 pub(super) fn butterfly<W: Word>(k: usize, u: &mut [W; 8], v: &mut [W; 8]) {\n    \
                 match k {\n";
        for k in 1..32 {
            out += &format!("        {k} => add_into(u, v, tw{k}(v)),\n");
        }
        out += "        _ => add_into(u, v, [W::zero(); 8]),\n    }\n}\n\n\
                 /// u ← u + t, v ← u + t + v.\n#[inline(always)]\n\
                 fn add_into<W: Word>(u: &mut [W; 8], v: &mut [W; 8], t: [W; 8]) {\n    \
                 for ((u, v), t) in u.iter_mut().zip(v.iter_mut()).zip(t) {\n        \
                 let a = u.xor(t);\n        *v = a.xor(*v);\n        *u = a;\n    }\n}\n";
        out
    }

    #[test]
    fn network_rs_is_current() {
        wegman_testkit::assert_generated(
            concat!(env!("CARGO_MANIFEST_DIR"), "/src/dot/network.rs"),
            &render(),
            "-p wegman-gf256 network_rs_is_current",
        );
    }
}
