//! Packed vectors of 64 tower-field elements ([`PackedGf256x64`]), multiplied lane by lane
//! with x86 GFNI where the CPU has it and with the bitsliced circuits of
//! [`crate::bitslice`] everywhere else.
//!
//! GFNI multiplies in the AES field F_2\[x\]/(x^8 + x^4 + x^3 + x + 1), not in the tower; the
//! two are isomorphic ([`AesIsomorphism`]), so a product is φ⁻¹(φ(a)·φ(b)) with φ one
//! `gf2p8affineqb` each way, and a product by a constant c is the single `gf2p8affineqb` of
//! the matrix of x ↦ c·x in the tower. Both backends give identical results (tested lane by
//! lane against the scalar [`Gf256`]) and are constant-time.

use crate::Available;
use crate::backend::token;
use crate::bitslice::{ConstMul, SlicedGf256x64, affine_mul_tower};
use crate::tower::{AesIsomorphism, Gf256};

use wegman_f2::error::{Error, same_len};

/// 64 elements of the tower F_256 (docs/spec.md §2), lane i in byte i.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(64))]
pub struct PackedGf256x64(pub [u8; 64]);

impl core::fmt::Debug for PackedGf256x64 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        crate::fmt_bytes(f, "PackedGf256x64", self.0)
    }
}

impl Default for PackedGf256x64 {
    fn default() -> Self {
        PackedGf256x64([0; 64])
    }
}

impl PackedGf256x64 {
    /// Lanes from a function of the lane index.
    pub fn from_fn(f: impl FnMut(usize) -> Gf256) -> PackedGf256x64 {
        let mut f = f;
        PackedGf256x64(core::array::from_fn(|i| f(i).to_u8()))
    }

    /// Every lane equal to `c`.
    pub fn splat(c: Gf256) -> PackedGf256x64 {
        PackedGf256x64([c.to_u8(); 64])
    }

    /// Lane `i` (< 64).
    pub fn lane(&self, i: usize) -> Gf256 {
        Gf256::from_u8(self.0[i])
    }

    /// Lane-wise sum.
    pub fn add(&self, rhs: &PackedGf256x64) -> PackedGf256x64 {
        PackedGf256x64(core::array::from_fn(|i| self.0[i] ^ rhs.0[i]))
    }

    /// Lane-wise product on the detected backend.
    pub fn mul(&self, rhs: &PackedGf256x64) -> PackedGf256x64 {
        let mut out = [PackedGf256x64::default()];
        // Same lengths: cannot fail.
        let _ = mul_slice(Available::detect(), &[*self], &[*rhs], &mut out);
        out[0]
    }

    /// Every lane times the constant `c` (public) on the detected backend.
    pub fn mul_scalar(&self, c: Gf256) -> PackedGf256x64 {
        let mut out = [PackedGf256x64::default()];
        let _ = mul_scalar_slice(Available::detect(), c, &[*self], &mut out);
        out[0]
    }
}

/// The AES-field isomorphism's matrices, computed once.
#[cfg(target_arch = "x86_64")]
fn iso() -> &'static (u64, u64) {
    static ISO: once_cell::race::OnceBox<(u64, u64)> = once_cell::race::OnceBox::new();
    ISO.get_or_init(|| {
        let i = AesIsomorphism::new();
        alloc::boxed::Box::new((i.to_aes_affine(), i.from_aes_affine()))
    })
}

/// `out[i] = a[i]·b[i]` lane-wise, on `backend` (one bulk call for the whole slice). Slices
/// of different lengths are an error.
pub fn mul_slice(
    backend: Available,
    a: &[PackedGf256x64],
    b: &[PackedGf256x64],
    out: &mut [PackedGf256x64],
) -> Result<(), Error> {
    same_len(a.len(), b.len())?;
    same_len(a.len(), out.len())?;
    backend.run(Mul(a, b, out));
    Ok(())
}

/// `out[i] = c·a[i]` lane-wise for a public constant c, on `backend`.
pub fn mul_scalar_slice(
    backend: Available,
    c: Gf256,
    a: &[PackedGf256x64],
    out: &mut [PackedGf256x64],
) -> Result<(), Error> {
    same_len(a.len(), out.len())?;
    backend.run(MulConst(Constant::Scalar(c), a, out));
    Ok(())
}

/// `out[i] = c·a[i]` lane-wise with a prebuilt XOR circuit for c ([`ConstMul`], the
/// generator of §2.4) on `Soft`, or its `gf2p8affineqb` matrix on `Gfni`: the way to multiply
/// many vectors by one constant (building the circuit is the expensive, variable-time part).
pub fn mul_circuit_slice(
    backend: Available,
    k: &ConstMul,
    a: &[PackedGf256x64],
    out: &mut [PackedGf256x64],
) -> Result<(), Error> {
    same_len(a.len(), out.len())?;
    backend.run(MulConst(Constant::Circuit(k), a, out));
    Ok(())
}

/// The constant of a product by a constant: a scalar, or its prebuilt XOR circuit.
#[derive(Clone, Copy)]
enum Constant<'a> {
    Scalar(Gf256),
    Circuit(&'a ConstMul),
}

/// What each backend's token does (docs/architecture.md). The packed products have no AVX2
/// kernels of their own: `Avx2` and `Gfni256` run the portable bitsliced ones (the defaults).
trait PackedKernels: Copy {
    /// The lane-wise products through the bitsliced Karatsuba circuit (lengths checked).
    fn mul(self, a: &[PackedGf256x64], b: &[PackedGf256x64], out: &mut [PackedGf256x64]) {
        for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
            let p = SlicedGf256x64::from_bytes(&x.0).mul(&SlicedGf256x64::from_bytes(&y.0));
            *o = PackedGf256x64(p.to_bytes());
        }
    }

    /// The products by a constant: the bitsliced product by the splatted scalar, or the XOR
    /// circuit.
    fn mul_const(self, c: Constant<'_>, a: &[PackedGf256x64], out: &mut [PackedGf256x64]) {
        match c {
            Constant::Scalar(c) => {
                let cs = SlicedGf256x64::from_bytes(&[c.to_u8(); 64]);
                for (o, x) in out.iter_mut().zip(a) {
                    *o = PackedGf256x64(SlicedGf256x64::from_bytes(&x.0).mul(&cs).to_bytes());
                }
            }
            Constant::Circuit(k) => {
                for (o, x) in out.iter_mut().zip(a) {
                    *o = PackedGf256x64(k.apply(&SlicedGf256x64::from_bytes(&x.0)).to_bytes());
                }
            }
        }
    }
}

impl PackedKernels for token::Soft {}
#[cfg(target_arch = "x86_64")]
impl PackedKernels for token::Avx2 {}
#[cfg(target_arch = "x86_64")]
impl PackedKernels for token::Avx512 {}
#[cfg(target_arch = "x86_64")]
impl PackedKernels for token::Gfni256 {}

#[cfg(target_arch = "x86_64")]
impl PackedKernels for token::Gfni {
    #[inline(always)]
    fn mul(self, a: &[PackedGf256x64], b: &[PackedGf256x64], out: &mut [PackedGf256x64]) {
        let (to, from) = *iso();
        // SAFETY: the `Gfni` token proves every feature `gfni::mul` enables.
        unsafe { gfni::mul(to, from, a, b, out) }
    }

    /// One `gf2p8affineqb` per vector, whichever form the constant came in.
    #[inline(always)]
    fn mul_const(self, c: Constant<'_>, a: &[PackedGf256x64], out: &mut [PackedGf256x64]) {
        let c = match c {
            Constant::Scalar(c) => c,
            Constant::Circuit(k) => k.constant(),
        };
        // SAFETY: the `Gfni` token proves every feature `gfni::mul_const` enables.
        unsafe { gfni::mul_const(affine_mul_tower(c), a, out) };
    }
}

wegman_arch::job! {
    /// Lane-wise products.
    struct Mul<'a>(
        &'a [PackedGf256x64],
        &'a [PackedGf256x64],
        &'a mut [PackedGf256x64],
    );
    impl<K: PackedKernels> Kernel for Mul<'_> {
        fn run(self, k: K) -> () {
            k.mul(self.0, self.1, self.2);
        }
    }

    /// Lane-wise products by a constant.
    struct MulConst<'a>(Constant<'a>, &'a [PackedGf256x64], &'a mut [PackedGf256x64]);
    impl<K: PackedKernels> Kernel for MulConst<'_> {
        fn run(self, k: K) -> () {
            k.mul_const(self.0, self.1, self.2);
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod gfni {
    use core::arch::x86_64::*;

    use super::PackedGf256x64;

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn load(p: &PackedGf256x64) -> __m512i {
        // SAFETY: a PackedGf256x64 is 64 readable, 64-byte-aligned bytes.
        unsafe { _mm512_load_si512(p.0.as_ptr().cast()) }
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn store(p: &mut PackedGf256x64, v: __m512i) {
        // SAFETY: a PackedGf256x64 is 64 writable, 64-byte-aligned bytes.
        unsafe { _mm512_store_si512(p.0.as_mut_ptr().cast(), v) }
    }

    /// φ⁻¹(φ(a)·φ(b)) lane-wise.
    #[target_feature(enable = "avx512f,avx512bw,gfni")]
    pub(super) fn mul(
        to: u64,
        from: u64,
        a: &[PackedGf256x64],
        b: &[PackedGf256x64],
        out: &mut [PackedGf256x64],
    ) {
        let (to, from) = (_mm512_set1_epi64(to as i64), _mm512_set1_epi64(from as i64));
        for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
            let x = _mm512_gf2p8affine_epi64_epi8::<0>(load(x), to);
            let y = _mm512_gf2p8affine_epi64_epi8::<0>(load(y), to);
            let p = _mm512_gf2p8mul_epi8(x, y);
            store(o, _mm512_gf2p8affine_epi64_epi8::<0>(p, from));
        }
    }

    /// One `gf2p8affineqb` per vector: the matrix of x ↦ c·x in the tower.
    #[target_feature(enable = "avx512f,avx512bw,gfni")]
    pub(super) fn mul_const(m: u64, a: &[PackedGf256x64], out: &mut [PackedGf256x64]) {
        let m = _mm512_set1_epi64(m as i64);
        for (o, x) in out.iter_mut().zip(a) {
            store(o, _mm512_gf2p8affine_epi64_epi8::<0>(load(x), m));
        }
    }
}
