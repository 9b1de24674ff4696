//! The `Avx2` backend's own kernel: linear maps given as limb-major tables, four rows per
//! 256-bit vector.

use core::arch::x86_64::*;

/// Σ_i bit_i(a)·row_i for a table stored limb-major: `cols[l·rows + i]` is limb l of row i,
/// `rows` rows (a multiple of 4), `stride ≥ rows`. Four rows per vector: four bits of a
/// become four all-ones or all-zero lanes by a compare (never a branch or an index), so the
/// time does not depend on a; each mask is made once per group and the N accumulators are
/// independent chains. Raw-pointer loads after one shape check (as the AVX-512 kernel's).
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn apply_cols<const N: usize>(a: &[u64; N], table: super::ColTable<'_>) -> [u64; N] {
    let groups = table.groups::<N>(4);
    let (base, stride) = (table.cols.as_ptr(), table.rows);
    let lane_bits = _mm256_set_epi64x(8, 4, 2, 1);
    let mut acc = [_mm256_setzero_si256(); N];
    for t in 0..groups {
        // Bits 4t..4t + 4 of a, one per lane, as lane masks.
        let nibble = (a[t / 16] >> (4 * (t % 16))) & 0xf;
        let sel = _mm256_and_si256(_mm256_set1_epi64x(nibble as i64), lane_bits);
        let mask = _mm256_cmpeq_epi64(sel, lane_bits);
        for (l, x) in acc.iter_mut().enumerate() {
            // SAFETY: l·stride + 4t + 4 ≤ N·stride ≤ cols.len() (checked by `ColTable::groups`),
            // so the 4 u64s are inside `cols`; `loadu` has no alignment requirement.
            let v = unsafe { _mm256_loadu_si256(base.add(l * stride + 4 * t).cast()) };
            *x = _mm256_xor_si256(*x, _mm256_and_si256(v, mask));
        }
    }
    core::array::from_fn(|l| {
        let y = acc[l];
        let z = _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256::<1>(y));
        (_mm_cvtsi128_si64(z) ^ _mm_extract_epi64::<1>(z)) as u64
    })
}
