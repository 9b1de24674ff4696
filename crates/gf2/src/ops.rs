//! Field operations generic over the limb count `N` and over where the modulus comes from
//! ([`ShapeOf`]: a runtime value, or a zero-sized type whose shape is a constant, so that the
//! reduction of a specialised field is unrolled for its modulus).
//!
//! Each entry point takes the backend stored in its field ([`Avail`]) and runs one job on it
//! (`Available::run`: one match, the job's generic body entered under the backend's declared
//! features); the algorithm then runs on that backend's [`Kernel`] token. Everything here is
//! constant-time in the element values.

pub(crate) use crate::arith::ShapeOf;
use crate::arith::{self, Shape, Wide};
use alloc::vec::Vec;
use wegman_arch::Job;

use crate::backend::{Avail, ColTable, token};

/// The element kernels of one backend, implemented by its zero-sized token
/// ([`crate::backend::token`]): `Soft` (portable), and on x86-64 `Clmul`, `Avx2` and `Avx512`,
/// which only the generated `run` creates, after the stored backend said the CPU has their
/// features. Generic algorithms (inversion chains, ladders,
/// square roots, slices) run on a token, so a whole call is matched once and its inner loop
/// calls the kernels directly.
pub(crate) trait Kernel: Copy {
    /// a(x)·b(x) in F_2\[x\], unreduced.
    fn mul_wide<const N: usize>(self, a: &[u64; N], b: &[u64; N]) -> Wide;
    /// a(x)² in F_2\[x\], unreduced.
    fn square_wide<const N: usize>(self, a: &[u64; N]) -> Wide;
    /// a·b mod P.
    #[inline(always)]
    fn mul<const N: usize, S: ShapeOf>(self, a: &[u64; N], b: &[u64; N], s: S) -> [u64; N] {
        let mut w = self.mul_wide(a, b);
        arith::reduce::<N>(&mut w, &s.shape())
    }
    /// a^(2^k) mod P: k squarings.
    #[inline(always)]
    fn sqr_n<const N: usize, S: ShapeOf>(self, a: &[u64; N], k: usize, s: S) -> [u64; N] {
        let mut x = *a;
        for _ in 0..k {
            let mut w = self.square_wide(&x);
            x = arith::reduce::<N>(&mut w, &s.shape());
        }
        x
    }
    /// (even, odd) halves: a = e² + x·o² (as polynomials).
    #[inline(always)]
    fn even_odd<const N: usize>(self, a: &[u64; N]) -> ([u64; N], [u64; N]) {
        arith::even_odd(a)
    }
    /// Whether a ↦ a^{2^k} is cheaper as a table of `rows` rows than as k squarings on this
    /// kernel. Measured on Zen 3: a table costs about rows/4 squarings with the portable masked
    /// XORs (one row at a time), rows/24 with AVX2 (four rows per vector).
    #[inline(always)]
    fn table_pays(self, k: usize, rows: usize) -> bool {
        k >= MULTI_SQUARE_MIN.max(rows / 4)
    }
    /// The linear map of a limb-major table (see [`apply_cols`]).
    #[inline(always)]
    fn apply_cols<const N: usize>(self, a: &[u64; N], t: ColTable<'_>) -> [u64; N] {
        let mut out = [0u64; N];
        // An opaque 1 (`black_box`): knowing that the bit is 0 or 1, LLVM compiled the masked
        // XOR into a secret-dependent branch (found by the valgrind constant-time check).
        let one = core::hint::black_box(1u64);
        for (l, o) in out.iter_mut().enumerate() {
            let col = &t.cols[l * t.rows..(l + 1) * t.rows];
            for (i, &c) in col.iter().enumerate() {
                *o ^= c & 0u64.wrapping_sub(arith::bit(a, i) & one);
            }
        }
        out
    }
}

impl Kernel for token::Soft {
    #[inline(always)]
    fn mul_wide<const N: usize>(self, a: &[u64; N], b: &[u64; N]) -> Wide {
        arith::mul_wide_soft(a, b)
    }

    #[inline(always)]
    fn square_wide<const N: usize>(self, a: &[u64; N]) -> Wide {
        arith::square_wide(a)
    }

    #[inline(always)]
    fn mul<const N: usize, S: ShapeOf>(self, a: &[u64; N], b: &[u64; N], s: S) -> [u64; N] {
        soft_mul(a, b, s)
    }

    #[inline(always)]
    fn sqr_n<const N: usize, S: ShapeOf>(self, a: &[u64; N], k: usize, s: S) -> [u64; N] {
        soft_sqr_n(a, k, s)
    }
}

/// The portable product and reduction, a function of its own: algorithms that run many
/// products (field jobs) call it rather than copy it at every use.
#[inline]
fn soft_mul<const N: usize, S: ShapeOf>(a: &[u64; N], b: &[u64; N], s: S) -> [u64; N] {
    let mut w = arith::mul_wide_soft(a, b);
    arith::reduce::<N>(&mut w, &s.shape())
}

/// k portable squarings, a function of its own (see [`soft_mul`]).
#[inline]
fn soft_sqr_n<const N: usize, S: ShapeOf>(a: &[u64; N], k: usize, s: S) -> [u64; N] {
    let mut x = *a;
    for _ in 0..k {
        let mut w = arith::square_wide(&x);
        x = arith::reduce::<N>(&mut w, &s.shape());
    }
    x
}

/// The `pclmulqdq` products, shared by the `Clmul`, `Avx2` and `Avx512` tokens (every one of
/// them declares pclmulqdq and sse2, the features of `backend::clmul`).
#[cfg(target_arch = "x86_64")]
macro_rules! clmul_products {
    () => {
        #[inline(always)]
        fn mul_wide<const N: usize>(self, a: &[u64; N], b: &[u64; N]) -> Wide {
            // SAFETY: the token proves its backend's features, which include pclmulqdq and
            // sse2, the features `mul_wide` enables.
            unsafe { crate::backend::clmul::mul_wide(a, b) }
        }

        #[inline(always)]
        fn square_wide<const N: usize>(self, a: &[u64; N]) -> Wide {
            // SAFETY: as in `mul_wide`: pclmulqdq and sse2 are present.
            unsafe { crate::backend::clmul::square_wide(a) }
        }

        #[inline(always)]
        fn mul<const N: usize, S: ShapeOf>(self, a: &[u64; N], b: &[u64; N], s: S) -> [u64; N] {
            // SAFETY: as in `mul_wide`: pclmulqdq and sse2 are present.
            unsafe { crate::backend::clmul::mul_mod(a, b, s) }
        }

        #[inline(always)]
        fn sqr_n<const N: usize, S: ShapeOf>(self, a: &[u64; N], k: usize, s: S) -> [u64; N] {
            // SAFETY: as in `mul_wide`: pclmulqdq and sse2 are present.
            unsafe { crate::backend::clmul::sqr_n_mod(a, k, s) }
        }
    };
}

/// The table maps (`apply_cols`) of backend module `$m`, for a token whose backend declares
/// the features that module's kernel enables.
#[cfg(target_arch = "x86_64")]
macro_rules! table_maps {
    ($m:ident) => {
        #[inline(always)]
        fn apply_cols<const N: usize>(self, a: &[u64; N], t: ColTable<'_>) -> [u64; N] {
            // SAFETY: the token exists only inside its backend's generated entry, whose
            // checked features include those `apply_cols` enables (the bench test
            // `target_features`).
            unsafe { crate::backend::$m::apply_cols(a, t) }
        }
    };
}

/// `pclmulqdq` kernels.
#[cfg(target_arch = "x86_64")]
impl Kernel for token::Clmul {
    clmul_products!();
}

/// `Clmul` plus AVX2 table maps.
#[cfg(target_arch = "x86_64")]
impl Kernel for token::Avx2 {
    #[inline(always)]
    fn table_pays(self, k: usize, rows: usize) -> bool {
        k >= MULTI_SQUARE_MIN.max(rows / 24)
    }

    clmul_products!();

    table_maps!(avx2);
}

/// `Clmul` plus `pext` (BMI2) square-root splits and AVX-512 table maps.
#[cfg(target_arch = "x86_64")]
impl Kernel for token::Avx512 {
    /// Eight rows per masked XOR: every table in the chain pays (measured on Zen 4).
    #[inline(always)]
    fn table_pays(self, k: usize, _rows: usize) -> bool {
        k >= MULTI_SQUARE_MIN
    }

    clmul_products!();

    #[inline(always)]
    fn even_odd<const N: usize>(self, a: &[u64; N]) -> ([u64; N], [u64; N]) {
        // SAFETY: an `Avx512` token exists only inside the generated entry of
        // `Backend::Avx512`, whose checked features include bmi2 (what `even_odd` enables).
        unsafe { crate::backend::avx512::even_odd(a) }
    }

    table_maps!(avx512);
}

/// Declares a job of this module: a struct of the named fields (lifetime `'a`, limb count
/// `N`, shape `S`) whose generic body runs on any [`Kernel`] token `$k`; with `as fn name`,
/// also `name(fields…, backend)`, which runs it on `backend`.
macro_rules! element_job {
    ($(#[$doc:meta])* $Job:ident as fn $name:ident { $($f:ident: $t:ty),* } -> $Out:ty,
     |$k:ident| $body:expr) => {
        element_job!($(#[$doc])* $Job { $($f: $t),* } -> $Out, |$k| $body);

        $(#[$doc])*
        #[inline]
        pub(crate) fn $name<'a, const N: usize, S: ShapeOf>($($f: $t,)* backend: Avail) -> $Out {
            backend.run($Job { $($f,)* _p: core::marker::PhantomData })
        }
    };
    ($(#[$doc:meta])* $Job:ident { $($f:ident: $t:ty),* } -> $Out:ty, |$k:ident| $body:expr) => {
        $(#[$doc])*
        struct $Job<'a, const N: usize, S> {
            $($f: $t,)*
            _p: core::marker::PhantomData<&'a S>,
        }

        impl<const N: usize, S: ShapeOf> Job for $Job<'_, N, S> {
            type Output = $Out;
        }

        impl<K: Kernel, const N: usize, S: ShapeOf> wegman_arch::Kernel<K> for $Job<'_, N, S> {
            #[inline(always)]
            fn run(self, $k: K) -> $Out {
                let $Job { $($f,)* _p } = self;
                $body
            }
        }
    };
}

element_job!(
    /// a·b mod P.
    MulJob as fn mul { a: &'a [u64; N], b: &'a [u64; N], s: S } -> [u64; N],
    |k| k.mul(a, b, s)
);
element_job!(
    /// a^(2^n) mod P (n = 1: one squaring, inline).
    SqrJob as fn sqr_n { a: &'a [u64; N], n: usize, s: S } -> [u64; N],
    |k| if n == 1 {
        let mut w = k.square_wide(a);
        arith::reduce::<N>(&mut w, &s.shape())
    } else {
        k.sqr_n(a, n, s)
    }
);
element_job!(
    /// Products of whole slices.
    MulSliceJob as fn mul_slice { out: &'a mut [[u64; N]], a: &'a [[u64; N]], b: &'a [[u64; N]], s: S } -> (),
    |k| for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
        *o = k.mul(x, y, s);
    }
);
element_job!(
    /// The Itoh–Tsujii inversion.
    InvJob as fn inv { a: &'a [u64; N], s: S, tables: &'a [(usize, Vec<u64>, usize)] } -> [u64; N],
    |k| inv_with(k, a, s, tables)
);
element_job!(
    /// The constant-time ladder a^e.
    PowJob as fn pow { a: &'a [u64; N], e: &'a [u64], s: S } -> [u64; N],
    |k| pow_with(k, a, e, s)
);
element_job!(
    /// sqrt(a) = a_even + ζ·a_odd with a full ζ.
    SqrtJob as fn sqrt_generic { a: &'a [u64; N], zeta: &'a [u64; N], s: S } -> [u64; N],
    |k| {
        let (e, o) = k.even_odd(a);
        let mut r = k.mul(&o, zeta, s);
        for i in 0..N {
            r[i] ^= e[i];
        }
        r
    }
);
element_job!(
    /// sqrt(a) by shifts for a square-root-friendly modulus.
    SqrtSsrfJob { a: &'a [u64; N], zs: &'a [usize] } -> [u64; N],
    |k| sqrt_ssrf_with(k, a, zs)
);
element_job!(
    /// A limb-major linear map.
    ApplyColsJob { a: &'a [u64; N], t: ColTable<'a> } -> [u64; N],
    |k| k.apply_cols(a, t)
);

/// a² mod P.
#[inline]
pub(crate) fn sqr<const N: usize, S: ShapeOf>(a: &[u64; N], s: S, backend: Avail) -> [u64; N] {
    sqr_n(a, 1, s, backend)
}

/// The multi-squarings a ↦ a^{2^k} that the inversion chain of degree m uses, for every k at
/// or above [`MULTI_SQUARE_MIN`]: those are cheaper as one table (m masked rows) than as k
/// squarings.
pub(crate) fn inversion_chain_steps(m: u32) -> impl Iterator<Item = usize> {
    let e = m as usize - 1;
    let bits = usize::BITS - e.leading_zeros();
    let mut k = 1usize;
    (0..bits - 1).rev().map(move |i| {
        let step = k;
        k = 2 * k + ((e >> i) & 1);
        step
    })
}

/// The smallest k for which [`inv`] uses a multi-squaring table.
pub(crate) const MULTI_SQUARE_MIN: usize = 8;

#[inline(always)]
pub(crate) fn inv_with<K: Kernel, const N: usize, S: ShapeOf>(
    kern: K,
    a: &[u64; N],
    s: S,
    tables: &[(usize, Vec<u64>, usize)],
) -> [u64; N] {
    let e = s.shape().m as usize - 1;
    let bits = usize::BITS - e.leading_zeros();
    let mut beta = *a; // β_1
    let mut k = 1usize;
    for i in (0..bits - 1).rev() {
        let table = tables
            .iter()
            .find(|(j, _, rows)| *j == k && kern.table_pays(k, *rows));
        let t = match table {
            Some((_, cols, rows)) => kern.apply_cols(&beta, ColTable { cols, rows: *rows }),
            None => kern.sqr_n(&beta, k, s),
        };
        beta = kern.mul(&t, &beta, s);
        k *= 2;
        if (e >> i) & 1 == 1 {
            beta = kern.mul(&kern.sqr_n(&beta, 1, s), a, s);
            k += 1;
        }
    }
    debug_assert_eq!(k, e);
    kern.sqr_n(&beta, 1, s)
}

#[inline(always)]
fn pow_with<K: Kernel, const N: usize, S: ShapeOf>(
    kern: K,
    a: &[u64; N],
    e: &[u64],
    s: S,
) -> [u64; N] {
    let mut r0 = [0u64; N];
    r0[0] = 1;
    let mut r1 = *a;
    for i in (0..64 * e.len()).rev() {
        let b = (e[i / 64] >> (i % 64)) & 1;
        // (r0, r1) ← b ? (r0·r1, r1²) : (r0², r0·r1), by masked swaps around one step.
        cswap(&mut r0, &mut r1, b);
        let p = kern.mul(&r0, &r1, s);
        r0 = kern.sqr_n(&r0, 1, s);
        r1 = p;
        cswap(&mut r0, &mut r1, b);
    }
    r0
}

/// Swaps x and y when `bit` is 1, with masks.
#[inline(always)]
fn cswap<const N: usize>(x: &mut [u64; N], y: &mut [u64; N], bit: u64) {
    // An opaque 1 keeps LLVM from turning the masked swap into a branch or a select.
    let mask = 0u64.wrapping_sub(bit & core::hint::black_box(1));
    for i in 0..N {
        let t = (x[i] ^ y[i]) & mask;
        x[i] ^= t;
        y[i] ^= t;
    }
}

/// sqrt(a) for a square-root-friendly modulus (Avanzi, Theorem 1): ζ = x·U(x) is sparse with
/// degree (m + 1)/2 and a_odd has degree ≤ (m − 3)/2, so ζ·a_odd is a few shifted copies of
/// a_odd, already reduced: no multiplication, no reduction.
#[inline]
pub(crate) fn sqrt_ssrf<const N: usize>(
    a: &[u64; N],
    zeta_exps: &[u32],
    backend: Avail,
) -> [u64; N] {
    let mut zs = [0usize; 4];
    let n = zeta_exps.len().min(4);
    for (z, &e) in zs.iter_mut().zip(zeta_exps) {
        *z = e as usize;
    }
    let zs = &zs[..n];
    // Only `Avx512` has a split of its own (`pext`); the other tokens run the portable one
    // (`pext` is slow, microcoded, on some AVX2 CPUs: AMD before Zen 3).
    backend.run(SqrtSsrfJob::<N, &Shape> {
        a,
        zs,
        _p: core::marker::PhantomData,
    })
}

/// [`sqrt_ssrf`] for a modulus fixed at compile time: ζ's `NZ` exponents are const
/// parameters, so the shifts are immediates on every backend.
#[inline]
pub(crate) fn sqrt_ssrf_const<
    const N: usize,
    const NZ: usize,
    const Z0: usize,
    const Z1: usize,
    const Z2: usize,
    const Z3: usize,
>(
    a: &[u64; N],
    backend: Avail,
) -> [u64; N] {
    let zs = &[Z0, Z1, Z2, Z3][..NZ];
    // Only `Avx512` has a split of its own (`pext`); the other tokens run the portable one
    // (`pext` is slow, microcoded, on some AVX2 CPUs: AMD before Zen 3).
    backend.run(SqrtSsrfJob::<N, &Shape> {
        a,
        zs,
        _p: core::marker::PhantomData,
    })
}

/// a_even + Σ_z x^z·a_odd: the square root for ζ = Σ_z x^z (shifts and XORs).
#[inline(always)]
pub(crate) fn sqrt_ssrf_with<K: Kernel, const N: usize>(
    k: K,
    a: &[u64; N],
    zeta_exps: &[usize],
) -> [u64; N] {
    let (mut r, o) = k.even_odd(a);
    for &z in zeta_exps {
        arith::xor_shifted(&mut r, &o, z);
    }
    r
}

/// A linear map over F_2 given by a limb-major table ([`ColTable`]): Σ_i a_i·row_i with
/// masks (portable) or four or eight rows per masked vector XOR (`Avx2`, `Avx512`);
/// constant-time in a.
pub(crate) fn apply_cols<const N: usize>(
    a: &[u64; N],
    t: ColTable<'_>,
    backend: Avail,
) -> [u64; N] {
    // `Avx2` and `Avx512` have kernels of their own for tables; `Clmul` runs the portable
    // masked XORs.
    backend.run(ApplyColsJob::<N, &Shape> {
        a,
        t,
        _p: core::marker::PhantomData,
    })
}
