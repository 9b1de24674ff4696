//! The `Avx512` backend's own kernels: `pext` for the even/odd split of square roots and
//! AVX-512 masked XORs for linear maps given as limb-major tables.

use core::arch::x86_64::*;

/// (even bits, odd bits) of a, each packed: a = e(x)² + x·o(x)².
#[inline]
#[target_feature(enable = "bmi2")]
pub(crate) fn even_odd<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    const EVEN: u64 = 0x5555_5555_5555_5555;
    let mut e = [0u64; N];
    let mut o = [0u64; N];
    for i in 0..N {
        let lo_e = _pext_u64(a[i], EVEN);
        let lo_o = _pext_u64(a[i], EVEN << 1);
        e[i / 2] |= lo_e << (32 * (i % 2));
        o[i / 2] |= lo_o << (32 * (i % 2));
    }
    (e, o)
}

/// Σ_i bit_i(a)·row_i for a table stored limb-major: `cols[l·rows + i]` is limb l of row i,
/// `rows` rows (a multiple of 8, padded with zero rows), `stride ≥ rows`. Eight rows per
/// vector: the eight bits of a select lanes by a mask register, never by a branch or an
/// index, so the time does not depend on a. Groups of eight rows outside, limbs inside: each
/// mask is made once and the N accumulators (registers) are independent chains. Raw-pointer
/// loads after one shape check: with per-load bounds checks the loop ran 2.2× slower.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn apply_cols<const N: usize>(a: &[u64; N], table: super::ColTable<'_>) -> [u64; N] {
    let groups = table.groups::<N>(8);
    let (base, stride) = (table.cols.as_ptr(), table.rows);
    let mut acc = [_mm512_setzero_si512(); N];
    // Group t covers rows 8t..8t + 8, selected by byte t of a.
    for (t, bits) in a
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .take(groups)
        .enumerate()
    {
        for (l, x) in acc.iter_mut().enumerate() {
            // SAFETY: l·stride + 8t + 8 ≤ N·stride ≤ cols.len() (checked by `ColTable::groups`),
            // so the 8 u64s are inside `cols`; `loadu` has no alignment requirement.
            let v = unsafe { _mm512_loadu_si512(base.add(l * stride + 8 * t).cast()) };
            *x = _mm512_mask_xor_epi64(*x, bits, *x, v);
        }
    }
    core::array::from_fn(|l| {
        let x = acc[l];
        let y = _mm256_xor_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
        let z = _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
        (_mm_cvtsi128_si64(z) ^ _mm_extract_epi64(z, 1)) as u64
    })
}
