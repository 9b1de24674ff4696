//! The additive FFT over F_256 with the Cantor basis (Bernstein–Chou §3, after Gao–Mateer).
//!
//! Points: for 0 ≤ j < 2^m, α_j = Σ_i bit_i(j)·β_{i+1}, with β1..β6 the Cantor basis of
//! docs/spec.md §2 (β1 = 1, β_i² + β_i = β_{i−1}), so {α_j} is the F_2-span V_m of β1..β_m. The
//! size-2^m FFT maps the 2^m coefficients of f (degree < 2^m) to f(α_0), …, f(α_{2^m − 1}).
//!
//! One step: the radix conversion f(x) = f0(x² + x) + x·f1(x² + x); since α ↦ α² + α maps V_m
//! onto V_{m−1} with α_{2k}, α_{2k+1} = α_{2k} + 1 ↦ α_k, two half-size FFTs of f0, f1 give
//!
//! ```text
//! f(α_{2k}) = f0(α_k) + α_{2k}·f1(α_k),   f(α_{2k+1}) = f(α_{2k}) + f1(α_k).
//! ```
//!
//! The radix conversion is Gao–Mateer's Taylor expansion at x² + x: with D = (x² + x)^{2^k} =
//! x^{2^{k+1}} + x^{2^k}, a polynomial of 2^{k+2} coefficients f = f_a + x^{2^{k+1}}(f_b +
//! x^{2^k} f_c) is g0 + D·g1 with h = f_b + f_c, g0 = f_a + x^{2^k} h, g1 = h + x^{2^k} f_c;
//! recursing on g0 and g1 leaves f = Σ_i (c_i + d_i x)(x² + x)^i in place, c_i at 2i and d_i at
//! 2i + 1. Every step is a fixed sequence of additions and multiplications by public constants
//! (constant-time in the data). The inverse runs the steps backwards.

use crate::Error;
use crate::tower::Gf256;

/// The largest FFT size, 2^6 = 64 points (the Cantor basis has six elements).
pub const MAX_LOG_SIZE: u32 = 6;

/// α_j = Σ_i bit_i(j)·β_{i+1} (j < 64; the index is public).
pub const fn point(j: usize) -> Gf256 {
    let mut acc = 0u8;
    let mut i = 0;
    while i < 6 {
        if (j >> i) & 1 == 1 {
            acc ^= Gf256::CANTOR[i].to_u8();
        }
        i += 1;
    }
    Gf256::from_u8(acc)
}

/// The index k of the twiddle α_{2k} of the size-64 y-basis network ([`fft64_ybasis`]) at
/// stage `s` (1..=6) for the butterfly whose first position is `pos`: k = pos >> (7 − s).
/// Every implementation of the network (scalar, bitsliced, GFNI, the gate model) takes its
/// twiddles from here.
pub const fn ybasis_twiddle_index(s: u32, pos: usize) -> usize {
    pos >> (7 - s)
}

/// The twiddle α_{2k} of the size-64 y-basis network at stage `s` for the butterfly whose first
/// position is `pos`, k = [`ybasis_twiddle_index`].
pub const fn ybasis_twiddle(s: u32, pos: usize) -> Gf256 {
    point(2 * ybasis_twiddle_index(s, pos))
}

/// The size-64 additive FFT of a polynomial given in the **y-basis** (Bernstein–Chou §4.3):
/// on entry `f[j]` is the coefficient of y_j = Π_{i: bit i of j} ψ^i(x), ψ(x) = x² + x; on
/// return `f[j]` = f(α_j).
///
/// Since y_j(x) = x^{j mod 2}·y_{⌊j/2⌋}(ψ(x)), the even and odd coefficients are already the
/// f0, f1 of f = f0(ψ(x)) + x·f1(ψ(x)), so the FFT needs no radix conversion at all: it is
/// the in-place network of stages s = 1..=6, stage s pairing positions P and P + h
/// (h = 2^{6−s}, bit 6 − s of P clear) with the butterfly
///
/// ```text
/// a ← a + α_{2k}·b,   b ← a + b,   k = P >> (7 − s)
/// ```
///
/// (after stage s, position u + 2^{6−s}·j holds the size-2^s FFT, at α_j, of the
/// sub-polynomial of the coefficients ≡ u mod 2^{6−s}). Constant-time.
pub fn fft64_ybasis(f: &mut [Gf256; 64]) {
    for s in 1..=6u32 {
        let h = 1usize << (6 - s);
        for p in 0..64 {
            if p & h == 0 {
                let t = ybasis_twiddle(s, p);
                let a = f[p] + t * f[p + h];
                f[p + h] += a;
                f[p] = a;
            }
        }
    }
}

/// The inverse of [`fft64_ybasis`]: values at α_0..α_63 to y-basis coefficients.
pub fn ifft64_ybasis(f: &mut [Gf256; 64]) {
    for s in (1..=6u32).rev() {
        let h = 1usize << (6 - s);
        for p in 0..64 {
            if p & h == 0 {
                let t = ybasis_twiddle(s, p);
                let b = f[p] + f[p + h];
                f[p] += t * b;
                f[p + h] = b;
            }
        }
    }
}

/// The coefficients (x^0..x^63) of the polynomial Σ_j c_j y_j of degree < 64 given in the
/// y-basis: [`fft64_ybasis`] then [`ifft`].
pub fn ybasis_to_monomial(c: &[Gf256; 64]) -> [Gf256; 64] {
    let mut f = *c;
    fft64_ybasis(&mut f);
    ifft_inner(&mut f);
    f
}

/// The y-basis coefficients of a polynomial of degree < 64 (the inverse of
/// [`ybasis_to_monomial`]).
pub fn monomial_to_ybasis(c: &[Gf256; 64]) -> [Gf256; 64] {
    let mut f = *c;
    fft_inner(&mut f);
    ifft64_ybasis(&mut f);
    f
}

/// Radix conversion in place: f = Σ_i (f[2i] + f[2i+1]·x)(x² + x)^i afterwards. len a power of
/// two.
fn taylor(f: &mut [Gf256]) {
    let n = f.len();
    if n <= 2 {
        return;
    }
    // n = 2^{k+2}: f_a = f[..n/2], f_b = f[n/2..3n/4], f_c = f[3n/4..].
    let q = n / 4;
    for i in 0..q {
        // h = f_b + f_c (into f_b's place); g1 = h + x^q·f_c: high half = [h, f_c].
        let h = f[2 * q + i] + f[3 * q + i];
        f[2 * q + i] = h;
        // g0 = f_a + x^q·h: add h into the top quarter of f_a.
        f[q + i] += h;
    }
    let (g0, g1) = f.split_at_mut(n / 2);
    taylor(g0);
    taylor(g1);
    // f = g0 + D·g1 with D = (x²+x)^{n/4}: in the (x²+x)-power basis, g1's terms come after
    // g0's, and the pairs (c, d) are already interleaved within each half.
}

/// The inverse of [`taylor`].
fn taylor_inverse(f: &mut [Gf256]) {
    let n = f.len();
    if n <= 2 {
        return;
    }
    let q = n / 4;
    {
        let (g0, g1) = f.split_at_mut(n / 2);
        taylor_inverse(g0);
        taylor_inverse(g1);
    }
    for i in 0..q {
        let h = f[2 * q + i];
        f[q + i] += h;
        f[2 * q + i] = h + f[3 * q + i];
    }
}

/// Checks an FFT length: a power of two up to 64.
fn check_size(n: usize) -> Result<(), Error> {
    if n.is_power_of_two() && n <= 1 << MAX_LOG_SIZE {
        Ok(())
    } else {
        Err(Error::LengthMismatch {
            expected: n.next_power_of_two().min(1 << MAX_LOG_SIZE),
            actual: n,
        })
    }
}

/// The size-2^m FFT in place: `f` (len 2^m, m ≤ 6) holds the coefficients on entry and
/// f(α_0), …, f(α_{2^m−1}) on return. Other lengths are an error.
pub fn fft(f: &mut [Gf256]) -> Result<(), Error> {
    check_size(f.len()).map(|()| fft_inner(f))
}

fn fft_inner(f: &mut [Gf256]) {
    let n = f.len();
    if n == 1 {
        return;
    }
    taylor(f);
    // De-interleave: f0 = even positions, f1 = odd positions.
    let mut buf = [Gf256::ZERO; 1 << MAX_LOG_SIZE];
    let h = n / 2;
    for i in 0..h {
        buf[i] = f[2 * i];
        buf[h + i] = f[2 * i + 1];
    }
    let (f0, f1) = buf[..n].split_at_mut(h);
    fft_inner(f0);
    fft_inner(f1);
    for k in 0..h {
        let a = f0[k] + point(2 * k) * f1[k];
        f[2 * k] = a;
        f[2 * k + 1] = a + f1[k];
    }
}

/// The inverse of [`fft`]: values at α_0..α_{2^m−1} to the 2^m coefficients.
pub fn ifft(f: &mut [Gf256]) -> Result<(), Error> {
    check_size(f.len()).map(|()| ifft_inner(f))
}

fn ifft_inner(f: &mut [Gf256]) {
    let (n, h) = (f.len(), f.len() / 2);
    if h == 0 {
        return;
    }
    let mut buf = [Gf256::ZERO; 1 << MAX_LOG_SIZE];
    for k in 0..h {
        let b = f[2 * k] + f[2 * k + 1];
        buf[h + k] = b;
        buf[k] = f[2 * k] + point(2 * k) * b;
    }
    let (f0, f1) = buf[..n].split_at_mut(h);
    ifft_inner(f0);
    ifft_inner(f1);
    for i in 0..h {
        f[2 * i] = f0[i];
        f[2 * i + 1] = f1[i];
    }
    taylor_inverse(f);
}

/// The product of two polynomials over F_256 with `n` coefficients each (n a power of two,
/// n ≤ 32): forward FFTs of size 2n, pointwise products, one inverse FFT. Returns the 2n − 1
/// coefficients of the product (and a zero in position 2n − 1). Other sizes are an error.
pub fn mul_poly(a: &[Gf256], b: &[Gf256], out: &mut [Gf256]) -> Result<(), Error> {
    let n = a.len();
    check_size(2 * n)?;
    wegman_f2::error::same_len(n, b.len())?;
    wegman_f2::error::same_len(2 * n, out.len())?;
    let mut fa = [Gf256::ZERO; 1 << MAX_LOG_SIZE];
    let mut fb = [Gf256::ZERO; 1 << MAX_LOG_SIZE];
    fa[..n].copy_from_slice(a);
    fb[..n].copy_from_slice(b);
    fft_inner(&mut fa[..2 * n]);
    fft_inner(&mut fb[..2 * n]);
    for (o, (x, y)) in out.iter_mut().zip(fa.iter().zip(&fb)) {
        *o = *x * *y;
    }
    ifft_inner(out);
    Ok(())
}

/// F_{2^256} = F_256\[x\]/(x^32 + x^17 + x^2 + α8), the field of Hash256 (docs/spec.md §2): an
/// element is 32 coefficients over F_256, byte i the coefficient of x^i.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct F2to256(pub [Gf256; 32]);

impl F2to256 {
    /// Zero.
    pub const ZERO: F2to256 = F2to256([Gf256::ZERO; 32]);

    /// One.
    pub const ONE: F2to256 = {
        let mut c = [Gf256::ZERO; 32];
        c[0] = Gf256::ONE;
        F2to256(c)
    };

    /// From 32 bytes (byte i = coefficient of x^i).
    pub fn from_bytes(b: &[u8; 32]) -> F2to256 {
        F2to256(core::array::from_fn(|i| Gf256::from_u8(b[i])))
    }

    /// From 32 bytes in the y-basis (docs/spec.md §3.3): byte j is the coefficient of y_j, the
    /// monic polynomial of degree j of [`fft64_ybasis`]; Hash256 reads its blocks this way.
    pub fn from_ybasis_bytes(b: &[u8; 32]) -> F2to256 {
        let mut c = [Gf256::ZERO; 64];
        for (x, &y) in c.iter_mut().zip(b) {
            *x = Gf256::from_u8(y);
        }
        let m = ybasis_to_monomial(&c);
        F2to256(core::array::from_fn(|i| m[i]))
    }

    /// The 32 bytes.
    pub fn to_bytes(&self) -> [u8; 32] {
        core::array::from_fn(|i| self.0[i].to_u8())
    }

    /// self·rhs: one size-64 FFT multiplication of the two 32-coefficient polynomials, then
    /// the reduction by x^32 = x^17 + x^2 + α8 (top coefficient first).
    pub fn mul(&self, rhs: &F2to256) -> F2to256 {
        let mut prod = [Gf256::ZERO; 64];
        // Sizes are fixed (32 and 64), so this cannot fail.
        let _ = mul_poly(&self.0, &rhs.0, &mut prod);
        F2to256(reduce_2to256(prod))
    }
}

/// Reduces a polynomial of degree < 64 over F_256 modulo x^32 + x^17 + x^2 + α8.
pub fn reduce_2to256(mut p: [Gf256; 64]) -> [Gf256; 32] {
    for d in (32..63).rev() {
        let c = p[d];
        p[d] = Gf256::ZERO;
        // c·x^d = c·x^{d−32}·(x^17 + x^2 + α8).
        p[d - 15] += c;
        p[d - 30] += c;
        p[d - 32] += c * Gf256::ALPHA8;
    }
    core::array::from_fn(|i| p[i])
}

impl core::ops::Add for F2to256 {
    type Output = F2to256;
    fn add(self, rhs: F2to256) -> F2to256 {
        F2to256(core::array::from_fn(|i| self.0[i] + rhs.0[i]))
    }
}

impl core::ops::Mul for F2to256 {
    type Output = F2to256;
    fn mul(self, rhs: F2to256) -> F2to256 {
        F2to256::mul(&self, &rhs)
    }
}

impl core::fmt::Debug for F2to256 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        crate::fmt_bytes(f, "F2to256", self.0.iter().map(|c| c.to_u8()))
    }
}
