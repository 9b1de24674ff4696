//! Field operations generic over the limb count `N` and over where the modulus comes from
//! ([`ShapeOf`]: a runtime value, or a zero-sized type whose shape is a constant, so that the
//! reduction of a specialised field is unrolled for its modulus).
//!
//! Everything here is constant-time in the element values.

use crate::arith::{self, Shape, Wide};
use alloc::vec::Vec;

use crate::backend::Backend;

/// A source of a modulus shape.
pub(crate) trait ShapeOf: Copy {
    /// The shape.
    fn shape(self) -> Shape;
}

impl ShapeOf for &Shape {
    #[inline(always)]
    fn shape(self) -> Shape {
        *self
    }
}

/// a·b mod P.
#[inline(always)]
pub(crate) fn mul<const N: usize, S: ShapeOf>(
    a: &[u64; N],
    b: &[u64; N],
    s: S,
    backend: Backend,
) -> [u64; N] {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Clmul | Backend::Avx512 => {
            // SAFETY: a `Backend` value other than `Soft` is only used after
            // `Backend::is_available` confirmed its features, a superset of pclmulqdq and
            // sse2, the features `clmul_mul` enables (the field constructors check it;
            // `Backend::detect` only returns available backends).
            unsafe { clmul_mul(a, b, s) }
        }
        _ => soft_mul(a, b, s),
    }
}

/// a² mod P.
#[inline(always)]
pub(crate) fn sqr<const N: usize, S: ShapeOf>(a: &[u64; N], s: S, backend: Backend) -> [u64; N] {
    sqr_n(a, 1, s, backend)
}

/// a^(2^k) mod P: k squarings (k public), one backend dispatch.
#[inline(always)]
pub(crate) fn sqr_n<const N: usize, S: ShapeOf>(
    a: &[u64; N],
    k: usize,
    s: S,
    backend: Backend,
) -> [u64; N] {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Clmul | Backend::Avx512 => {
            // SAFETY: as in `mul`: pclmulqdq and sse2 were confirmed.
            unsafe { clmul_sqr_n(a, k, s) }
        }
        _ => soft_sqr_n(a, k, s),
    }
}

#[inline(never)]
fn soft_sqr_n<const N: usize, S: ShapeOf>(a: &[u64; N], k: usize, s: S) -> [u64; N] {
    let mut x = *a;
    for _ in 0..k {
        let mut w = arith::square_wide(&x);
        x = arith::reduce::<N>(&mut w, &s.shape());
    }
    x
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq,sse2")]
fn clmul_sqr_n<const N: usize, S: ShapeOf>(a: &[u64; N], k: usize, s: S) -> [u64; N] {
    let mut x = *a;
    for _ in 0..k {
        let mut w = crate::backend::clmul::square_wide(&x);
        x = arith::reduce::<N>(&mut w, &s.shape());
    }
    x
}

// Not inlined: the dispatch in `mul` then stays a load, a compare and a call.
#[inline(never)]
fn soft_mul<const N: usize, S: ShapeOf>(a: &[u64; N], b: &[u64; N], s: S) -> [u64; N] {
    let mut w = arith::mul_wide_soft(a, b);
    arith::reduce::<N>(&mut w, &s.shape())
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq,sse2")]
fn clmul_mul<const N: usize, S: ShapeOf>(a: &[u64; N], b: &[u64; N], s: S) -> [u64; N] {
    let mut w: Wide = crate::backend::clmul::mul_wide(a, b);
    arith::reduce::<N>(&mut w, &s.shape())
}

/// Products of whole slices: one backend match for the slice.
pub(crate) fn mul_slice<const N: usize, S: ShapeOf>(
    out: &mut [[u64; N]],
    a: &[[u64; N]],
    b: &[[u64; N]],
    s: S,
    backend: Backend,
) {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Clmul | Backend::Avx512 => {
            // SAFETY: as in `mul`: pclmulqdq and sse2 were confirmed.
            unsafe { clmul_mul_slice(out, a, b, s) }
        }
        _ => {
            for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
                *o = soft_mul(x, y, s);
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq,sse2")]
fn clmul_mul_slice<const N: usize, S: ShapeOf>(
    out: &mut [[u64; N]],
    a: &[[u64; N]],
    b: &[[u64; N]],
    s: S,
) {
    for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
        *o = clmul_mul(x, y, s);
    }
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

/// a^{−1} = a^{2^m − 2} by the Itoh–Tsujii addition chain (0 for a = 0): with
/// β_k = a^{2^k − 1}, β_{2k} = β_k^{2^k}·β_k and β_{2k+1} = β_{2k}²·a, following the bits of
/// m − 1; then a^{−1} = β_{m−1}². The big steps β_k^{2^k} use the precomputed linear maps in
/// `tables` (k, limb-major table of a ↦ a^{2^k}, padded rows) where present, k squarings otherwise. The same sequence for every a.
pub(crate) fn inv<const N: usize, S: ShapeOf>(
    a: &[u64; N],
    s: S,
    backend: Backend,
    tables: &[(usize, Vec<u64>, usize)],
) -> [u64; N] {
    let e = s.shape().m as usize - 1;
    let bits = usize::BITS - e.leading_zeros();
    let mut beta = *a; // β_1
    let mut k = 1usize;
    for i in (0..bits - 1).rev() {
        let t = match tables.iter().find(|(j, _, _)| *j == k) {
            Some((_, cols, rows)) => apply_cols(&beta, cols, *rows, *rows, backend),
            None => sqr_n(&beta, k, s, backend),
        };
        beta = mul(&t, &beta, s, backend);
        k *= 2;
        if (e >> i) & 1 == 1 {
            beta = mul(&sqr(&beta, s, backend), a, s, backend);
            k += 1;
        }
    }
    debug_assert_eq!(k, e);
    sqr(&beta, s, backend)
}

/// a^e for the exponent bits e (little-endian limbs), constant-time in a and e: a Montgomery
/// ladder over all 64·e.len() bits.
pub(crate) fn pow<const N: usize, S: ShapeOf>(
    a: &[u64; N],
    e: &[u64],
    s: S,
    backend: Backend,
) -> [u64; N] {
    let mut r0 = [0u64; N];
    r0[0] = 1;
    let mut r1 = *a;
    for i in (0..64 * e.len()).rev() {
        let b = (e[i / 64] >> (i % 64)) & 1;
        // (r0, r1) ← b ? (r0·r1, r1²) : (r0², r0·r1), by masked swaps around one step.
        cswap(&mut r0, &mut r1, b);
        let p = mul(&r0, &r1, s, backend);
        r0 = sqr(&r0, s, backend);
        r1 = p;
        cswap(&mut r0, &mut r1, b);
    }
    r0
}

/// Swaps x and y when `bit` is 1, with masks.
#[inline(always)]
fn cswap<const N: usize>(x: &mut [u64; N], y: &mut [u64; N], bit: u64) {
    let mask = 0u64.wrapping_sub(bit & 1);
    for i in 0..N {
        let t = (x[i] ^ y[i]) & mask;
        x[i] ^= t;
        y[i] ^= t;
    }
}

/// sqrt(a) = a_even + ζ·a_odd (a = a_even² + x·a_odd²), with ζ = sqrt(x) given as a full
/// element: one multiplication.
#[inline(always)]
pub(crate) fn sqrt_generic<const N: usize, S: ShapeOf>(
    a: &[u64; N],
    zeta: &[u64; N],
    s: S,
    backend: Backend,
) -> [u64; N] {
    let (e, o) = even_odd(a, backend);
    let mut r = mul(&o, zeta, s, backend);
    for i in 0..N {
        r[i] ^= e[i];
    }
    r
}

/// sqrt(a) for a square-root-friendly modulus (Avanzi, Theorem 1): ζ = x·U(x) is sparse with
/// degree (m + 1)/2 and a_odd has degree ≤ (m − 3)/2, so ζ·a_odd is a few shifted copies of
/// a_odd, already reduced: no multiplication, no reduction.
#[inline(always)]
pub(crate) fn sqrt_ssrf<const N: usize>(
    a: &[u64; N],
    zeta_exps: &[u32],
    backend: Backend,
) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if backend == Backend::Avx512 {
        // SAFETY: `Backend::Avx512` is only used after its features, which include bmi2
        // (the feature `avx512::sqrt_ssrf` enables), were confirmed.
        return unsafe { crate::backend::avx512::sqrt_ssrf(a, zeta_exps) };
    }
    let (mut r, o) = even_odd(a, backend);
    for &k in zeta_exps {
        arith::xor_shifted(&mut r, &o, k as usize);
    }
    r
}

/// [`sqrt_ssrf`] for a modulus fixed at compile time: ζ's `NZ` exponents are const
/// parameters, so the shifts are immediates on every backend.
#[inline(always)]
pub(crate) fn sqrt_ssrf_const<
    const N: usize,
    const NZ: usize,
    const Z0: usize,
    const Z1: usize,
    const Z2: usize,
    const Z3: usize,
>(
    a: &[u64; N],
    backend: Backend,
) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if backend == Backend::Avx512 {
        // SAFETY: `Backend::Avx512` is only used after its features, which include bmi2
        // (the feature `avx512::sqrt_ssrf_const` enables), were confirmed.
        return unsafe { crate::backend::avx512::sqrt_ssrf_const::<N, NZ, Z0, Z1, Z2, Z3>(a) };
    }
    let (mut r, o) = even_odd(a, backend);
    for &k in [Z0, Z1, Z2, Z3].iter().take(NZ) {
        arith::xor_shifted(&mut r, &o, k);
    }
    r
}

/// (even, odd) halves: a = e² + x·o², with `pext` on the `Avx512` backend.
#[inline(always)]
fn even_odd<const N: usize>(a: &[u64; N], backend: Backend) -> ([u64; N], [u64; N]) {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Avx512 => {
            // SAFETY: `Backend::Avx512` is only used after its features, which include bmi2
            // (the feature `avx512::even_odd` enables), were confirmed.
            unsafe { crate::backend::avx512::even_odd(a) }
        }
        _ => arith::even_odd(a),
    }
}

/// A linear map over F_2 given by a limb-major table: `cols[l·stride + i]` is limb l of the
/// image of x^i, for `rows` rows (a multiple of 8, padded with zero rows). Σ_i a_i·row_i with
/// masks (portable) or eight rows per masked vector XOR (`Avx512`); constant-time in a.
pub(crate) fn apply_cols<const N: usize>(
    a: &[u64; N],
    cols: &[u64],
    rows: usize,
    stride: usize,
    backend: Backend,
) -> [u64; N] {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Avx512 => {
            // SAFETY: `Backend::Avx512` is only used after avx512f (the feature
            // `avx512::apply_cols` enables) was confirmed.
            unsafe { crate::backend::avx512::apply_cols(a, cols, rows, stride) }
        }
        _ => {
            let mut out = [0u64; N];
            for (l, o) in out.iter_mut().enumerate() {
                let col = &cols[l * stride..l * stride + rows];
                for (i, &c) in col.iter().enumerate() {
                    *o ^= c & 0u64.wrapping_sub(arith::bit(a, i));
                }
            }
            out
        }
    }
}
