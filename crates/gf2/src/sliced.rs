//! Bit-sliced arithmetic: w independent field elements at once, word i holding coefficient i
//! of all w of them (w = 64 on `u64`, 256 on AVX2, 512 on AVX-512), so that every operation
//! is a sequence of word ANDs and XORs, the same for every lane: constant-time in every lane.
//!
//! - [`Word`]: a word of lanes, and the portable and vector word types;
//! - [`SlicedBackend`]: which word type a batch runs on (one detection; every job entered by
//!   `Available::run` under the backend's token, `SlicedKernels`);
//! - [`SlicedArith`]: the field operations a bit-sliced algorithm needs, implemented by the
//!   Gaussian normal basis ([`crate::gnb::SlicedOps`]) and by the polynomial basis
//!   ([`pb::PbOps`]); [`SlicedJob`] is an algorithm on them, run by either basis
//!   ([`SlicedField`]);
//! - [`gather`] / [`scatter`]: into and out of sliced form (64 × 64 bit transposes; both,
//!   and [`Word`], from `wegman_f2::word`);
//! - [`pb`]: the bit-sliced polynomial basis with Karatsuba multiplication.

pub mod pb;

wegman_arch::backends! {
    /// How bit-sliced batches run (normal and polynomial bases): the word, and so the lanes
    /// per batch. Every backend gives identical results.
    pub enum SlicedBackend {
        /// Portable: 64 lanes in a `u64`.
        Soft = "soft";
        /// AVX2: 256 lanes in a 256-bit vector.
        Avx2 = "avx2" ["avx2"],
        /// AVX-512: 512 lanes in a 512-bit vector.
        Avx512 = "avx512" ["avx512f"],
    }
}

/// A [`SlicedBackend`] this CPU was checked to run.
pub(crate) type SlicedAvail = wegman_arch::Available<SlicedBackend>;

impl SlicedBackend {
    /// Lanes per word: elements computed together (a property of the backend, like its
    /// features; 64 times the `GROUPS` of its token's word).
    pub fn lanes(self) -> usize {
        match self {
            SlicedBackend::Soft => 64,
            #[cfg(target_arch = "x86_64")]
            SlicedBackend::Avx2 => 256,
            #[cfg(target_arch = "x86_64")]
            SlicedBackend::Avx512 => 512,
        }
    }
}

/// The word each backend's token computes on (docs/architecture.md: the token is the proof
/// that the word's instructions run here).
pub(crate) trait SlicedKernels: wegman_arch::Token {
    /// The word.
    type W: Word;
}

impl SlicedKernels for token::Soft {
    type W = u64;
}

#[cfg(target_arch = "x86_64")]
impl SlicedKernels for token::Avx2 {
    type W = W256;
}

#[cfg(target_arch = "x86_64")]
impl SlicedKernels for token::Avx512 {
    type W = W512;
}

/// An out-of-line product on words, (a, b, c, scratch): the backend's token running the
/// basis's product under its features (a job inlining every product took rustc minutes).
pub(crate) type MulWordsFn<'a, W> = &'a dyn Fn(&[W], &[W], &mut [W], &mut [W]);

/// A bit-sliced basis: the operations its jobs get on each word type.
pub trait SlicedField {
    /// The operations on `W` words.
    type Ops<'a, W: Word>: SlicedArith<W>;
}

/// An algorithm on bit-sliced elements, run by a basis ([`crate::Gnb::run_sliced`],
/// [`pb::SlicedPb::run`]) inside one backend dispatch: `run` is instantiated for the backend's
/// word type and compiled with its features (mark it `#[inline(always)]`). A job written
/// against [`SlicedArith`] alone implements it for every basis (`impl<B: SlicedField>`).
pub trait SlicedJob<B: SlicedField + ?Sized> {
    /// What the job returns.
    type Output;
    /// Runs the job on `ops`' word type.
    fn run<W: Word>(self, ops: &mut B::Ops<'_, W>) -> Self::Output;
}

pub use wegman_f2::word::{Word, gather, scatter};

wegman_f2::vector_words!();

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
        fn load(_: &[u64]) -> Tally {
            Tally
        }
        fn store(self, _: &mut [u64]) {}
    }

    /// The token of the counting word: runs jobs in portable code.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Token;

    impl wegman_arch::Token for Token {}

    impl super::SlicedKernels for Token {
        type W = Tally;
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
