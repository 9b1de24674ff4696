//! Field operations generic over the limb count `N` and over where the modulus comes from
//! ([`ShapeOf`]: a runtime value, or a zero-sized type whose shape is a constant, so that the
//! reduction of a specialised field is unrolled for its modulus).
//!
//! Everything here is constant-time in the element values.

use crate::arith::{self, Shape, Wide};
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
        Backend::Clmul => {
            // SAFETY: a `Backend::Clmul` value is only used after `Backend::is_available`
            // confirmed pclmulqdq and sse2, the features `clmul_mul` enables (the field
            // constructors check it; `Backend::detect` only returns available backends).
            unsafe { clmul_mul(a, b, s) }
        }
        _ => soft_mul(a, b, s),
    }
}

/// a² mod P.
#[inline(always)]
pub(crate) fn sqr<const N: usize, S: ShapeOf>(a: &[u64; N], s: S) -> [u64; N] {
    let mut w = arith::square_wide(a);
    arith::reduce::<N>(&mut w, &s.shape())
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
        Backend::Clmul => {
            // SAFETY: as in `mul`: the backend was checked available when it was chosen.
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

/// a^(2^k) mod P: k squarings (k public).
#[inline(always)]
pub(crate) fn sqr_n<const N: usize, S: ShapeOf>(a: &[u64; N], k: usize, s: S) -> [u64; N] {
    let mut x = *a;
    for _ in 0..k {
        x = sqr(&x, s);
    }
    x
}

/// a^{−1} = a^{2^m − 2} by the Itoh–Tsujii addition chain (0 for a = 0): with
/// β_k = a^{2^k − 1}, β_{2k} = β_k^{2^k}·β_k and β_{2k+1} = β_{2k}²·a, following the bits of
/// m − 1; then a^{−1} = β_{m−1}². About m − 1 squarings and 2·log₂ m multiplications, the same
/// sequence for every a.
pub(crate) fn inv<const N: usize, S: ShapeOf>(a: &[u64; N], s: S, backend: Backend) -> [u64; N] {
    let e = s.shape().m as usize - 1;
    let bits = usize::BITS - e.leading_zeros();
    let mut beta = *a; // β_1
    let mut k = 1usize;
    for i in (0..bits - 1).rev() {
        let t = sqr_n(&beta, k, s);
        beta = mul(&t, &beta, s, backend);
        k *= 2;
        if (e >> i) & 1 == 1 {
            beta = mul(&sqr(&beta, s), a, s, backend);
            k += 1;
        }
    }
    debug_assert_eq!(k, e);
    sqr(&beta, s)
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
        r0 = sqr(&r0, s);
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
    let (e, o) = arith::even_odd(a);
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
pub(crate) fn sqrt_ssrf<const N: usize>(a: &[u64; N], zeta_exps: &[u32]) -> [u64; N] {
    let (mut r, o) = arith::even_odd(a);
    for &k in zeta_exps {
        arith::xor_shifted(&mut r, &o, k as usize);
    }
    r
}

/// Σ_i bit_i(a)·rows\[i\] over the first `rows.len()` bits: a linear map as masked XORs.
#[inline(always)]
pub(crate) fn apply_rows<const N: usize>(a: &[u64; N], rows: &[[u64; N]]) -> [u64; N] {
    let mut acc = [0u64; N];
    for (i, row) in rows.iter().enumerate() {
        arith::xor_if(&mut acc, row, arith::bit(a, i));
    }
    acc
}
