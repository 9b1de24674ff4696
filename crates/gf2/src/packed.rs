//! Packed vectors of 64 tower-field elements ([`PackedF256x64`]), multiplied lane by lane
//! with x86 GFNI where the CPU has it and with the bitsliced circuits of
//! [`crate::bitslice`] everywhere else.
//!
//! GFNI multiplies in the AES field F_2\[x\]/(x^8 + x^4 + x^3 + x + 1), not in the tower; the
//! two are isomorphic ([`AesIsomorphism`]), so a product is φ⁻¹(φ(a)·φ(b)) with φ one
//! `gf2p8affineqb` each way, and a product by a constant c is the single `gf2p8affineqb` of
//! the matrix of x ↦ c·x in the tower. Both backends give identical results (tested lane by
//! lane against the scalar [`F256`]) and are constant-time.

use crate::bitslice::{ConstMul, SlicedF256x64, affine_mul_tower};
use crate::error::{Error, same_len};
use crate::tower::{AesIsomorphism, F256};

// Exactly the features the GFNI kernels enable.
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(gfni_cpuid, "avx512f", "avx512bw", "gfni");

/// How vectors of F_256 elements are processed: packed products here, and the Hash256
/// kernels of `wegman-mac`, which share this choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Portable: bitsliced `u64` words, the tower's Karatsuba circuit and XOR circuits.
    Soft,
    /// x86 AVX-512 with GFNI (`avx512f`, `avx512bw`, `gfni`): bytes in the AES field
    /// (one `gf2p8affineqb` each way), `gf2p8mulb` and `gf2p8affineqb` products.
    Gfni,
}

impl Backend {
    /// Every backend.
    pub const ALL: &'static [Backend] = &[Backend::Soft, Backend::Gfni];

    /// The fastest backend this CPU can run.
    pub fn detect() -> Backend {
        if Backend::Gfni.is_available() {
            Backend::Gfni
        } else {
            Backend::Soft
        }
    }

    /// Whether this CPU can run `self`.
    pub fn is_available(self) -> bool {
        match self {
            Backend::Soft => true,
            #[cfg(target_arch = "x86_64")]
            Backend::Gfni => gfni_cpuid::get(),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Gfni => false,
        }
    }

    /// The backends this CPU can run.
    pub fn available() -> impl Iterator<Item = Backend> {
        Backend::ALL.iter().copied().filter(|b| b.is_available())
    }

    /// A short lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Soft => "soft",
            Backend::Gfni => "gfni",
        }
    }
}

impl core::fmt::Display for Backend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// 64 elements of the tower F_256 (design.md §2), lane i in byte i.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(64))]
pub struct PackedF256x64(pub [u8; 64]);

impl core::fmt::Debug for PackedF256x64 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("PackedF256x64(")?;
        for b in &self.0 {
            write!(f, "{b:02x}")?;
        }
        f.write_str(")")
    }
}

impl Default for PackedF256x64 {
    fn default() -> Self {
        PackedF256x64([0; 64])
    }
}

impl PackedF256x64 {
    /// Lanes from a function of the lane index.
    pub fn from_fn(f: impl FnMut(usize) -> F256) -> PackedF256x64 {
        let mut f = f;
        PackedF256x64(core::array::from_fn(|i| f(i).to_u8()))
    }

    /// Every lane equal to `c`.
    pub fn splat(c: F256) -> PackedF256x64 {
        PackedF256x64([c.to_u8(); 64])
    }

    /// Lane `i` (< 64).
    pub fn lane(&self, i: usize) -> F256 {
        F256::from_u8(self.0[i])
    }

    /// Lane-wise sum.
    pub fn add(&self, rhs: &PackedF256x64) -> PackedF256x64 {
        PackedF256x64(core::array::from_fn(|i| self.0[i] ^ rhs.0[i]))
    }

    /// Lane-wise product on the detected backend.
    pub fn mul(&self, rhs: &PackedF256x64) -> PackedF256x64 {
        let mut out = [PackedF256x64::default()];
        // Same lengths: cannot fail.
        let _ = mul_slice(Backend::detect(), &[*self], &[*rhs], &mut out);
        out[0]
    }

    /// Every lane times the constant `c` (public) on the detected backend.
    pub fn mul_scalar(&self, c: F256) -> PackedF256x64 {
        let mut out = [PackedF256x64::default()];
        let _ = mul_scalar_slice(Backend::detect(), c, &[*self], &mut out);
        out[0]
    }
}

/// The AES-field isomorphism's matrices, computed once.
fn iso() -> &'static (u64, u64) {
    static ISO: once_cell::race::OnceBox<(u64, u64)> = once_cell::race::OnceBox::new();
    ISO.get_or_init(|| {
        let i = AesIsomorphism::new();
        alloc::boxed::Box::new((i.to_aes_affine(), i.from_aes_affine()))
    })
}

/// `out[i] = a[i]·b[i]` lane-wise, on `backend` (matched once for the whole slice). Slices of
/// different lengths are an error; an unavailable backend falls back to `Soft`.
pub fn mul_slice(
    backend: Backend,
    a: &[PackedF256x64],
    b: &[PackedF256x64],
    out: &mut [PackedF256x64],
) -> Result<(), Error> {
    same_len(a.len(), b.len())?;
    same_len(a.len(), out.len())?;
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Gfni if gfni_cpuid::get() => {
            let (to, from) = *iso();
            // SAFETY: the guard checked every feature `gfni::mul` enables.
            unsafe { gfni::mul(to, from, a, b, out) }
        }
        _ => {
            for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
                let p = SlicedF256x64::from_bytes(&x.0).mul(&SlicedF256x64::from_bytes(&y.0));
                *o = PackedF256x64(p.to_bytes());
            }
        }
    }
    Ok(())
}

/// `out[i] = c·a[i]` lane-wise for a public constant c, on `backend`.
pub fn mul_scalar_slice(
    backend: Backend,
    c: F256,
    a: &[PackedF256x64],
    out: &mut [PackedF256x64],
) -> Result<(), Error> {
    same_len(a.len(), out.len())?;
    if !mul_const_gfni(backend, c, a, out) {
        let cs = SlicedF256x64::from_bytes(&[c.to_u8(); 64]);
        for (o, x) in out.iter_mut().zip(a) {
            *o = PackedF256x64(SlicedF256x64::from_bytes(&x.0).mul(&cs).to_bytes());
        }
    }
    Ok(())
}

/// The product by a constant as one `gf2p8affineqb` per vector when `backend` is `Gfni` and
/// the CPU has it; false (nothing written) otherwise. Lengths are checked by the callers.
fn mul_const_gfni(
    backend: Backend,
    c: F256,
    a: &[PackedF256x64],
    out: &mut [PackedF256x64],
) -> bool {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Gfni if gfni_cpuid::get() => {
            // SAFETY: the guard checked every feature `gfni::mul_const` enables.
            unsafe { gfni::mul_const(affine_mul_tower(c), a, out) };
            true
        }
        _ => {
            let _ = (c, a, out);
            false
        }
    }
}

/// `out[i] = c·a[i]` lane-wise with a prebuilt XOR circuit for c ([`ConstMul`], the
/// generator of §2.4) on `Soft`, or its `gf2p8affineqb` matrix on `Gfni`: the way to multiply
/// many vectors by one constant (building the circuit is the expensive, variable-time part).
pub fn mul_circuit_slice(
    backend: Backend,
    k: &ConstMul,
    a: &[PackedF256x64],
    out: &mut [PackedF256x64],
) -> Result<(), Error> {
    same_len(a.len(), out.len())?;
    if !mul_const_gfni(backend, k.constant(), a, out) {
        for (o, x) in out.iter_mut().zip(a) {
            *o = PackedF256x64(k.apply(&SlicedF256x64::from_bytes(&x.0)).to_bytes());
        }
    }
    Ok(())
}

#[cfg(target_arch = "x86_64")]
mod gfni {
    use core::arch::x86_64::*;

    use super::PackedF256x64;

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn load(p: &PackedF256x64) -> __m512i {
        // SAFETY: a PackedF256x64 is 64 readable, 64-byte-aligned bytes.
        unsafe { _mm512_load_si512(p.0.as_ptr().cast()) }
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn store(p: &mut PackedF256x64, v: __m512i) {
        // SAFETY: a PackedF256x64 is 64 writable, 64-byte-aligned bytes.
        unsafe { _mm512_store_si512(p.0.as_mut_ptr().cast(), v) }
    }

    /// φ⁻¹(φ(a)·φ(b)) lane-wise.
    #[target_feature(enable = "avx512f,avx512bw,gfni")]
    pub(super) fn mul(
        to: u64,
        from: u64,
        a: &[PackedF256x64],
        b: &[PackedF256x64],
        out: &mut [PackedF256x64],
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
    pub(super) fn mul_const(m: u64, a: &[PackedF256x64], out: &mut [PackedF256x64]) {
        let m = _mm512_set1_epi64(m as i64);
        for (o, x) in out.iter_mut().zip(a) {
            store(o, _mm512_gf2p8affine_epi64_epi8::<0>(load(x), m));
        }
    }
}
