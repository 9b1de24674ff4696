//! The bit-sliced word layer shared by every bit-sliced kernel of the workspace (the
//! normal-basis and polynomial-basis batches of `wegman-gf2`, the F_256 FFT of `wegman-gf256`,
//! the WG-29 batch of `wegman-wg`; docs/architecture.md, "Bit-sliced words").
//!
//! A [`Word`] holds one bit of each of `64·GROUPS` independent lanes, in 64-lane *groups*:
//! lane 64g + j is bit j of group g. Every operation is lane-wise logic or a shift inside each
//! group, so a bit-sliced algorithm is straight-line code whose time does not depend on any
//! lane's value. The portable words are `u64` (64 lanes) and `[u64; G]` (64·G lanes, left to
//! the compiler); the x86 vector words (`W128` on SSE2, `W256` on AVX2, `W512` on AVX-512 F)
//! are declared by [`vector_words!`](crate::vector_words) in the crate that runs them (see its
//! safety contract).
//!
//! [`transpose64`] is the one 64 × 64 bit transpose (six stages of swap-moves, on every group
//! at once); [`gather`] and [`scatter`] move elements into and out of sliced form with it.

/// A word of bit-sliced lanes in 64-lane groups (lane 64g + j at bit j of group g).
pub trait Word: Copy + 'static {
    /// 64-lane groups.
    const GROUPS: usize;
    /// All lanes zero.
    fn zero() -> Self;
    /// Lane-wise XOR.
    fn xor(self, o: Self) -> Self;
    /// Lane-wise AND.
    fn and(self, o: Self) -> Self;
    /// Each group shifted left by `d` < 64 (a public count).
    fn shl(self, d: u32) -> Self;
    /// Each group shifted right by `d` < 64 (a public count).
    fn shr(self, d: u32) -> Self;
    /// `v` in every group.
    fn splat(v: u64) -> Self;
    /// Group `g`.
    fn group(&self, g: usize) -> u64;
    /// Group g = f(g), built in registers (not by stores into memory that a vector load then
    /// reads back, which stalls on store forwarding).
    fn from_groups(f: impl Fn(usize) -> u64) -> Self;
    /// Groups from the first `GROUPS` u64s of `s`.
    fn load(s: &[u64]) -> Self;
    /// Groups into the first `GROUPS` u64s of `s`.
    fn store(self, s: &mut [u64]);
}

impl Word for u64 {
    const GROUPS: usize = 1;
    #[inline(always)]
    fn zero() -> u64 {
        0
    }
    #[inline(always)]
    fn xor(self, o: u64) -> u64 {
        self ^ o
    }
    #[inline(always)]
    fn and(self, o: u64) -> u64 {
        self & o
    }
    #[inline(always)]
    fn shl(self, d: u32) -> u64 {
        self << d
    }
    #[inline(always)]
    fn shr(self, d: u32) -> u64 {
        self >> d
    }
    #[inline(always)]
    fn splat(v: u64) -> u64 {
        v
    }
    #[inline(always)]
    fn group(&self, _g: usize) -> u64 {
        *self
    }
    #[inline(always)]
    fn from_groups(f: impl Fn(usize) -> u64) -> u64 {
        f(0)
    }
    #[inline(always)]
    fn load(s: &[u64]) -> u64 {
        s[0]
    }
    #[inline(always)]
    fn store(self, s: &mut [u64]) {
        s[0] = self;
    }
}

/// G groups, lane-wise in portable code (compilers may pair the operations in vectors).
impl<const G: usize> Word for [u64; G] {
    const GROUPS: usize = G;
    #[inline(always)]
    fn zero() -> [u64; G] {
        [0; G]
    }
    #[inline(always)]
    fn xor(self, o: [u64; G]) -> [u64; G] {
        core::array::from_fn(|i| self[i] ^ o[i])
    }
    #[inline(always)]
    fn and(self, o: [u64; G]) -> [u64; G] {
        core::array::from_fn(|i| self[i] & o[i])
    }
    #[inline(always)]
    fn shl(self, d: u32) -> [u64; G] {
        self.map(|x| x << d)
    }
    #[inline(always)]
    fn shr(self, d: u32) -> [u64; G] {
        self.map(|x| x >> d)
    }
    #[inline(always)]
    fn splat(v: u64) -> [u64; G] {
        [v; G]
    }
    #[inline(always)]
    fn group(&self, g: usize) -> u64 {
        self[g]
    }
    #[inline(always)]
    fn from_groups(f: impl Fn(usize) -> u64) -> [u64; G] {
        core::array::from_fn(f)
    }
    #[inline(always)]
    fn load(s: &[u64]) -> [u64; G] {
        core::array::from_fn(|i| s[i])
    }
    #[inline(always)]
    fn store(self, s: &mut [u64]) {
        s[..G].copy_from_slice(&self);
    }
}

/// r\[a\], r\[b\] ← the swap-move of distance n under mask m: bits i + n of r\[a\] (i in m)
/// trade places with bits i of r\[b\].
#[inline(always)]
fn swapmove<W: Word>(r: &mut [W; 8], a: usize, b: usize, n: u32, m: u64) {
    let t = r[a].shr(n).xor(r[b]).and(W::splat(m));
    r[b] = r[b].xor(t);
    r[a] = r[a].xor(t.shl(n));
}

/// Three swap-move stages on eight words: distances d, 2d, 4d between words 1, 2, 4 apart
/// (each exchanges one bit of the word index with one bit of the bit index).
#[inline(always)]
fn transpose8<W: Word>(r: &mut [W; 8], d: u32, m: [u64; 3]) {
    swapmove(r, 0, 1, d, m[0]);
    swapmove(r, 2, 3, d, m[0]);
    swapmove(r, 4, 5, d, m[0]);
    swapmove(r, 6, 7, d, m[0]);
    swapmove(r, 0, 2, 2 * d, m[1]);
    swapmove(r, 1, 3, 2 * d, m[1]);
    swapmove(r, 4, 6, 2 * d, m[1]);
    swapmove(r, 5, 7, 2 * d, m[1]);
    swapmove(r, 0, 4, 4 * d, m[2]);
    swapmove(r, 1, 5, 4 * d, m[2]);
    swapmove(r, 2, 6, 4 * d, m[2]);
    swapmove(r, 3, 7, 4 * d, m[2]);
}

/// Transposes the 64 × 64 bit matrix of every group at once: afterwards bit b of word w is
/// bit w of word b before. Six swap-move stages: distances 1, 2, 4 on blocks of eight
/// consecutive words, then 8, 16, 32 on words eight apart (the stages commute; eight words at
/// a time stay in registers). Constant-time.
#[inline(always)]
pub fn transpose64<W: Word>(x: &mut [W; 64]) {
    const LOW: [u64; 3] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
    ];
    const HIGH: [u64; 3] = [
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    let (rows, _) = x.as_chunks_mut::<8>();
    for r in rows.iter_mut() {
        transpose8(r, 1, LOW);
    }
    for b in 0..8 {
        let mut r: [W; 8] = core::array::from_fn(|i| x[b + 8 * i]);
        transpose8(&mut r, 8, HIGH);
        for (i, w) in r.into_iter().enumerate() {
            x[b + 8 * i] = w;
        }
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

/// Declares the x86 vector [`Word`]s in the invoking crate, private to it: `W128` (SSE2, two
/// groups), `W256` (AVX2, four) and `W512` (AVX-512 F, eight), each a newtype over its
/// register implemented by intrinsics (left to itself, the compiler vectorised `[u64; G]`
/// words only in part, and computed some of them in general-purpose registers in long
/// straight-line code). `W128` is not in the forced-portable build
/// (`--cfg wegman_backend="soft"`), whose portable code then runs `[u64; 2]`.
///
/// # Safety contract
/// The words' methods are safe functions that execute the vector instructions of their ISA.
/// `W128` needs only SSE2, which every x86-64 CPU has. The invoking crate must create and use
/// `W256` and `W512` only inside a job entered for a backend whose declared features include
/// AVX2 (`W256`) or AVX-512 F (`W512`), i.e. under the kernel token that proves them
/// (`wegman_arch::backends!`). That is why the types are declared per crate and never exported:
/// no code outside the crate can make one.
#[macro_export]
macro_rules! vector_words {
    () => {
        $crate::vector_words!(@word
            /// 128 lanes in one SSE2 register (every x86-64 CPU has SSE2: no detection, and
            /// portable code may use it, except in the forced-portable build).
            [all(target_arch = "x86_64", not(wegman_backend = "soft"))]
            W128, __m128i, 2,
            zero: _mm_setzero_si128, xor: _mm_xor_si128, and: _mm_and_si128,
            sll: _mm_sll_epi64, srl: _mm_srl_epi64, set1: _mm_set1_epi64x,
            load: _mm_loadu_si128, store: _mm_storeu_si128
        );
        $crate::vector_words!(@word
            /// 256 lanes in one AVX2 register (only under a token proving AVX2).
            [target_arch = "x86_64"]
            W256, __m256i, 4,
            zero: _mm256_setzero_si256, xor: _mm256_xor_si256, and: _mm256_and_si256,
            sll: _mm256_sll_epi64, srl: _mm256_srl_epi64, set1: _mm256_set1_epi64x,
            load: _mm256_loadu_si256, store: _mm256_storeu_si256
        );
        $crate::vector_words!(@word
            /// 512 lanes in one AVX-512 register (only under a token proving AVX-512 F).
            [target_arch = "x86_64"]
            W512, __m512i, 8,
            zero: _mm512_setzero_si512, xor: _mm512_xor_si512, and: _mm512_and_si512,
            sll: _mm512_sll_epi64, srl: _mm512_srl_epi64, set1: _mm512_set1_epi64,
            load: _mm512_loadu_si512, store: _mm512_storeu_si512
        );
    };
    (@shift $name:ident, $f:ident, $intr:ident) => {
        #[inline(always)]
        fn $f(self, d: u32) -> Self {
            // SAFETY: see the impl.
            $name(unsafe {
                let c = core::arch::x86_64::_mm_cvtsi32_si128(d as i32);
                core::arch::x86_64::$intr(self.0, c)
            })
        }
    };
    (@word $(#[$doc:meta])* [$cfg:meta] $name:ident, $reg:ident, $g:literal,
     zero: $zero:ident, xor: $xor:ident, and: $and:ident, sll: $sll:ident, srl: $srl:ident,
     set1: $set1:ident, load: $load:ident, store: $store:ident) => {
        $(#[$doc])*
        #[cfg($cfg)]
        #[derive(Clone, Copy, Debug)]
        #[repr(transparent)]
        #[allow(dead_code)]
        pub(crate) struct $name(core::arch::x86_64::$reg);

        #[cfg($cfg)]
        #[allow(dead_code)]
        impl $name {
            /// The word of a register (made by the word's own intrinsics).
            #[inline(always)]
            pub(crate) fn from_register(r: core::arch::x86_64::$reg) -> Self {
                $name(r)
            }

            /// The register.
            #[inline(always)]
            pub(crate) fn register(self) -> core::arch::x86_64::$reg {
                self.0
            }
        }

        // SAFETY (every `unsafe` block of this impl): each calls an intrinsic of the word's
        // ISA, which the CPU has by the contract of `vector_words!` (the word exists only under
        // a token proving its features); loads and stores touch the first $g u64s of a slice
        // that was indexed to that length first; transmutes are between the register and
        // [u64; $g], of equal size, every bit pattern valid for both.
        #[cfg($cfg)]
        impl $crate::word::Word for $name {
            const GROUPS: usize = $g;
            #[inline(always)]
            fn zero() -> Self {
                // SAFETY: see the impl.
                $name(unsafe { core::arch::x86_64::$zero() })
            }
            #[inline(always)]
            fn xor(self, o: Self) -> Self {
                // SAFETY: see the impl.
                $name(unsafe { core::arch::x86_64::$xor(self.0, o.0) })
            }
            #[inline(always)]
            fn and(self, o: Self) -> Self {
                // SAFETY: see the impl.
                $name(unsafe { core::arch::x86_64::$and(self.0, o.0) })
            }
            $crate::vector_words!(@shift $name, shl, $sll);
            $crate::vector_words!(@shift $name, shr, $srl);
            #[inline(always)]
            fn splat(v: u64) -> Self {
                // SAFETY: see the impl.
                $name(unsafe { core::arch::x86_64::$set1(v as i64) })
            }
            #[inline(always)]
            fn group(&self, g: usize) -> u64 {
                // SAFETY: see the impl.
                let a: [u64; $g] = unsafe { core::mem::transmute(self.0) };
                a[g]
            }
            #[inline(always)]
            fn from_groups(f: impl Fn(usize) -> u64) -> Self {
                let a: [u64; $g] = core::array::from_fn(f);
                // SAFETY: see the impl.
                $name(unsafe { core::mem::transmute::<[u64; $g], core::arch::x86_64::$reg>(a) })
            }
            #[inline(always)]
            fn load(s: &[u64]) -> Self {
                let s = &s[..$g];
                // SAFETY: see the impl (unaligned load of $g in-bounds u64s).
                $name(unsafe { core::arch::x86_64::$load(s.as_ptr().cast()) })
            }
            #[inline(always)]
            fn store(self, s: &mut [u64]) {
                let s = &mut s[..$g];
                // SAFETY: see the impl (unaligned store of $g in-bounds u64s).
                unsafe { core::arch::x86_64::$store(s.as_mut_ptr().cast(), self.0) }
            }
        }
    };
}
