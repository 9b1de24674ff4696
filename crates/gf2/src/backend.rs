//! Multiplication backends for F_{2^m} (docs/architecture.md, "Backends": one enum, detected once,
//! one job run per call or per slice).

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
#[cfg(target_arch = "x86_64")]
pub(crate) mod clmul;

wegman_arch::backends! {
    /// How F_2\[x\] products are computed. Every backend gives identical results.
    pub enum Backend {
        /// Portable and constant-time: schoolbook over a 64 × 64-bit carry-less product
        /// built from integer multiplications of bit-spread operands.
        Soft = "soft";
        /// x86 `pclmulqdq`: one instruction per 64 × 64-bit limb product, and per limb
        /// square.
        Clmul = "clmul" ["pclmulqdq", "sse2"],
        /// `Clmul`, plus AVX2 for the linear maps (half-trace, solve, square roots for a
        /// general modulus, the multi-squarings of inversion): four rows per masked vector
        /// XOR.
        Avx2 = "avx2" ["pclmulqdq", "sse2", "avx2"],
        /// `Clmul`, plus `pext` (BMI2) for the even/odd split of square roots and AVX-512
        /// for the linear maps (half-trace, solve): eight rows per masked vector XOR (every
        /// CPU with AVX-512 also has a fast `pext`).
        Avx512 = "avx512" ["pclmulqdq", "sse2", "bmi2", "avx512f"],
    }
}

/// A backend this CPU was checked to run (what fields store and jobs run on).
pub type Avail = wegman_arch::Available<Backend>;

/// The backend of the fixed field types ([`crate::fields`]): detected on first use and stored
/// for the life of the process (their elements are plain limbs, too small to carry it).
pub(crate) fn fixed_types() -> Avail {
    use core::sync::atomic::{AtomicU8, Ordering};
    static STORED: AtomicU8 = AtomicU8::new(u8::MAX);
    let i = STORED.load(Ordering::Relaxed);
    if let Some(b) = Backend::ALL
        .get(usize::from(i))
        .and_then(|&b| Avail::new(b).ok())
    {
        return b;
    }
    let b = Avail::detect();
    let i = Backend::ALL.iter().position(|&x| x == b.get()).unwrap_or(0);
    STORED.store(i as u8, Ordering::Relaxed);
    b
}

/// A linear map over F_2 as a limb-major table: `cols[l·rows + i]` is limb l of the image of
/// x^i, for `rows` rows (a multiple of 8, padded with zero rows). Applied by
/// [`crate::ops::Kernel::apply_cols`].
#[derive(Clone, Copy)]
pub(crate) struct ColTable<'a> {
    pub(crate) cols: &'a [u64],
    pub(crate) rows: usize,
}

impl ColTable<'_> {
    /// The groups of `per` rows a vector table kernel walks (`rows / per`), after the one
    /// shape check its raw-pointer loads rely on: every group selects `per` bits of a (so at
    /// most 64/`per` groups per limb of N) and limb l's `rows` entries start at l·rows inside
    /// `cols`. Panics on a malformed table (a bug in the caller, never data dependent).
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn groups<const N: usize>(self, per: usize) -> usize {
        let groups = self.rows / per;
        assert!(
            groups <= 64 / per * N && N * self.rows <= self.cols.len(),
            "table shape"
        );
        groups
    }
}
