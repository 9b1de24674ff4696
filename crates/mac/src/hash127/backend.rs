//! Backends for hash127 (docs/architecture.md: one enum, chosen once per key, matched once per bulk
//! call): 64-bit integer limbs in a `u128` (`Int128`), the paper's exact floating-point method (`Fp53`), and
//! the same with AVX-512 vectors (`Fp53x8`), 26-bit integer limbs with AVX2 (`Avx2`) and
//! 52-bit integer limbs with AVX-512 IFMA (`Ifma`).

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(super) mod f64x8;
pub(super) mod fp53;
#[cfg(target_arch = "x86_64")]
pub(super) mod ifma;
pub(super) mod int128;

wegman_arch::backends! {
    /// A hash127 implementation strategy. Every backend gives bit-identical results.
    pub enum Backend {
        /// Z/(2^127 − 1) in a `u128` (`Int128`); per 96 words an exact 32 × 128-bit
        /// matrix-vector product in two `u128` accumulators and one reduction.
        Int128 = "int128",
        /// The paper's method: eight exact `f64` limbs of 16 bits each, a 96-row power
        /// table, one squeeze per 96 words (kept for measurement: slower than `Int128`).
        Fp53 = "fp53";
        /// `Fp53` with the eight limbs in one AVX-512 vector (`Fp53x8`): one vector
        /// multiply and add per word (kept for measurement).
        Fp53x8 = "fp53x8" ["avx512f"] (manual),
        /// The `Int128` block structure with the matrix-vector product in AVX2: four words
        /// per vector against their powers in 26-bit limbs (`vpmuludq`).
        Avx2 = "avx2" ["avx2"],
        /// The `Int128` block structure with the matrix-vector product in AVX-512 IFMA:
        /// eight words per vector against their powers in 52-bit limbs.
        Ifma = "ifma" ["avx512f", "avx512vl", "avx512ifma"],
    }
}

use self::fp53::Limbs;
use self::int128::{BLOCK_WORDS, Table};

/// A backend chosen for one key: the detected one, or one `Available::new` accepted.
pub(super) type Avail = wegman_arch::Available<Backend>;

/// The key r expanded for every backend's reads: the integer table (r, its powers and prefix
/// sums) always, and the one wide table the key's backend reads (the others stay zero).
/// Stored inline (the crate needs no allocator); keys are long-lived.
#[derive(Clone)]
#[repr(C)]
pub(super) struct Tables {
    /// Next to `int` (read together by the `Ifma` kernels).
    #[cfg(target_arch = "x86_64")]
    limbs52: ifma::Limbs52,
    pub(super) int: Table,
    /// Next to `int` on its other side (read together by the `Avx2` kernels).
    #[cfg(target_arch = "x86_64")]
    limbs26: avx2::Limbs26,
    fp: fp53::Table,
}

impl Tables {
    /// Wipes every table.
    pub(super) fn wipe(&mut self) {
        self.int.wipe();
        self.fp.wipe();
        #[cfg(target_arch = "x86_64")]
        {
            self.limbs26.wipe();
            self.limbs52.wipe();
        }
    }
}

/// The running Horner value: `int` for the integer backends (`Int128`, `Avx2`, `Ifma`), `fp` for
/// the floating-point ones (`Fp53`, `Fp53x8`); the backend's [`Kernels::INT`] says which is live.
#[derive(Clone, Copy)]
pub(super) struct Acc {
    pub(super) int: u128,
    pub(super) fp: Limbs,
}

impl Acc {
    /// The Horner value 1, which starts a message.
    pub(super) const ONE: Acc = Acc::small(1.0);
    /// The Horner value 0, which starts a piece.
    pub(super) const ZERO: Acc = Acc::small(0.0);

    const fn small(h: f64) -> Acc {
        let mut fp = [0.0; 8];
        fp[0] = h;
        Acc { int: h as u128, fp }
    }

    /// The Horner value `h` ∈ [0, 2^127], in both representations.
    pub(super) fn new(h: u128) -> Acc {
        Acc {
            int: h,
            fp: fp53::limbs_of(h),
        }
    }

    /// The Horner value in [0, 2^127], read from the representation the backend keeps live
    /// (`int` says which: [`IntAcc`]'s answer). The branch is on the public backend.
    pub(super) fn value(&self, int: bool) -> u128 {
        if int {
            self.int
        } else {
            fp53::to_int(&self.fp)
        }
    }
}

/// What each backend's token does with a key (docs/architecture.md: one generic body per job,
/// one implementation per token).
pub(super) trait Kernels: Copy {
    /// Whether the Horner value lives in `Acc::int`; the floating-point backends say `false`
    /// (theirs lives in `Acc::fp`, read as an integer by [`Acc::value`] when pieces join).
    const INT: bool = true;

    /// Fills the wide table this backend reads (`t.int` is already expanded).
    fn expand(self, t: &mut Tables);

    /// h ← Horner over `words`, any number of them.
    fn absorb(self, t: &Tables, acc: &mut Acc, words: &[i32]);

    /// Like `absorb`, on little-endian words straight from bytes.
    fn absorb_le(self, t: &Tables, acc: &mut Acc, words: &[[u8; 4]]) {
        let mut block = [0i32; BLOCK_WORDS];
        for chunk in words.chunks(BLOCK_WORDS) {
            for (w, b) in block.iter_mut().zip(chunk) {
                *w = i32::from_le_bytes(*b);
            }
            self.absorb(t, acc, &block[..chunk.len()]);
        }
        zeroize::Zeroize::zeroize(&mut block);
    }

    /// h·r + pad mod p, not yet frozen.
    fn finish(self, t: &Tables, acc: &Acc, pad: u128) -> u128 {
        int128::add(int128::mul(acc.int, t.int.r), pad)
    }
}

impl Kernels for token::Int128 {
    #[inline(always)]
    fn expand(self, _t: &mut Tables) {}

    #[inline(always)]
    fn absorb(self, t: &Tables, acc: &mut Acc, words: &[i32]) {
        acc.int = t.int.words(acc.int, words);
    }
}

/// What the floating-point backends share: Horner values in `Acc::fp`, the `fp53` table.
macro_rules! fp53_table {
    () => {
        const INT: bool = false;

        #[inline(always)]
        fn expand(self, t: &mut Tables) {
            t.fp = fp53::Table::new(t.int.r);
        }

        #[inline(always)]
        fn finish(self, t: &Tables, acc: &Acc, pad: u128) -> u128 {
            t.fp.finish(&acc.fp, pad)
        }
    };
}

impl Kernels for token::Fp53 {
    fp53_table!();

    #[inline(always)]
    fn absorb(self, t: &Tables, acc: &mut Acc, words: &[i32]) {
        for c in words.chunks(BLOCK_WORDS) {
            acc.fp = t.fp.block(&acc.fp, c);
        }
    }
}

#[cfg(target_arch = "x86_64")]
impl Kernels for token::Fp53x8 {
    fp53_table!();

    #[inline(always)]
    fn absorb(self, t: &Tables, acc: &mut Acc, words: &[i32]) {
        for c in words.chunks(BLOCK_WORDS) {
            // SAFETY: the `Fp53x8` token proves avx512f, the feature `f64x8::block` enables.
            acc.fp = unsafe { f64x8::block(&t.fp, &acc.fp, c) };
        }
    }
}

/// The integer vector backends: the `Int128` block structure with the matrix-vector product
/// in module `$m`, whose powers of r are the wide table `$field` (`$m::$Limbs`).
macro_rules! int_vector_kernels {
    ($tok:ident, $m:ident, $field:ident, $Limbs:ident) => {
        #[cfg(target_arch = "x86_64")]
        impl Kernels for token::$tok {
            #[inline(always)]
            fn expand(self, t: &mut Tables) {
                t.$field = $m::$Limbs::new(&t.int);
            }

            #[inline(always)]
            fn absorb(self, t: &Tables, acc: &mut Acc, words: &[i32]) {
                for c in words.chunks(BLOCK_WORDS) {
                    // SAFETY: the token proves its backend's declared features, which include
                    // every feature `$m`'s kernels enable (the bench test `target_features`).
                    acc.int = unsafe { $m::block(&t.int, &t.$field, acc.int, c) };
                }
            }

            #[inline(always)]
            fn absorb_le(self, t: &Tables, acc: &mut Acc, words: &[[u8; 4]]) {
                // SAFETY: as in `absorb`.
                acc.int = unsafe { $m::words_le(&t.int, &t.$field, acc.int, words) };
            }
        }
    };
}

int_vector_kernels!(Avx2, avx2, limbs26, Limbs26);
int_vector_kernels!(Ifma, ifma, limbs52, Limbs52);

wegman_arch::job! {
    /// Expands r for the backend.
    pub(super) struct Expand(pub(super) u128);
    impl<K: Kernels> Kernel for Expand {
        fn run(self, k: K) -> Tables {
            let mut t = Tables {
                int: Table::new(self.0),
                fp: fp53::Table::ZERO,
                #[cfg(target_arch = "x86_64")]
                limbs26: avx2::Limbs26::ZERO,
                #[cfg(target_arch = "x86_64")]
                limbs52: ifma::Limbs52::ZERO,
            };
            k.expand(&mut t);
            t
        }
    }

    /// Absorbs signed words (`Words`) or little-endian words from bytes (`Le`): one bulk call.
    pub(super) enum Absorb<'a> {
        Words(&'a Tables, &'a mut Acc, &'a [i32]),
        Le(&'a Tables, &'a mut Acc, &'a [[u8; 4]]),
    }
    impl<K: Kernels> Kernel for Absorb<'_> {
        fn run(self, k: K) -> () {
            match self {
                Absorb::Words(t, acc, w) => k.absorb(t, acc, w),
                Absorb::Le(t, acc, w) => k.absorb_le(t, acc, w),
            }
        }
    }

    /// Absorbs the last words, then h·r + pad mod p: one entry for the end of a message.
    pub(super) struct Finish<'a>(
        pub(super) &'a Tables,
        pub(super) &'a mut Acc,
        pub(super) &'a [i32],
        pub(super) u128,
    );
    impl<K: Kernels> Kernel for Finish<'_> {
        fn run(self, k: K) -> u128 {
            k.absorb(self.0, self.1, self.2);
            k.finish(self.0, self.1, self.3)
        }
    }

    /// Whether the backend's Horner values live in `Acc::int` (see [`Kernels::INT`]).
    pub(super) struct IntAcc;
    impl<K: Kernels> Kernel for IntAcc {
        fn run(self, _k: K) -> bool {
            K::INT
        }
    }
}
