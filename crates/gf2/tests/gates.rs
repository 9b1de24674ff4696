//! The gate-count report's pieces: the radix-conversion matrix is the y-basis conversion,
//! merging never costs more than level-by-level conversion, and the Table 1 rows add up.

use wegman_gf2::fft::monomial_to_ybasis;
use wegman_gf2::gates::{mul_cost, radix_additions_merged, radix_additions_unmerged, radix_matrix};
use wegman_gf2::tower::F256;

#[test]
fn radix_matrix_is_the_ybasis_conversion() {
    let mut x = 0x1234_5678_9abc_def1u64;
    for k in [4usize, 8, 16, 32] {
        let m = radix_matrix(k, true);
        for _ in 0..50 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let bits = if k == 64 { x } else { x & ((1 << k) - 1) };
            // A polynomial with F_2 coefficients given by `bits`.
            let mut f = [F256::ZERO; 64];
            for (j, c) in f.iter_mut().enumerate().take(k) {
                *c = F256::from_u8(((bits >> j) & 1) as u8);
            }
            let y = monomial_to_ybasis(&f);
            let want = (0..k).fold(0u64, |a, i| a | (u64::from(y[i].to_u8()) << i));
            assert_eq!(m.apply(bits), want, "k = {k}");
            assert!(y[k..].iter().all(|&c| c == F256::ZERO));
        }
    }
}

#[test]
fn merged_conversions_are_no_longer_than_level_by_level() {
    assert_eq!(
        [8, 16, 32].map(radix_additions_unmerged),
        [12, 48, 160],
        "the paper's level-by-level counts"
    );
    for k in [8, 16, 32] {
        assert!(radix_additions_merged(k, true, 2) <= radix_additions_unmerged(k));
    }
}

#[test]
fn small_table_rows_add_up() {
    for bits in [16, 32] {
        let c = mul_cost(bits, 2);
        assert_eq!(c.size, bits / 4);
        assert_eq!(c.pointwise, c.size * 110);
        assert_eq!(c.total(), 2 * c.forward + c.pointwise + c.inverse);
        assert!(c.forward > 0 && c.inverse > 0);
    }
    // The size-4 FFT: 24 bit operations, as in the paper.
    assert!(mul_cost(16, 4).forward <= 24);
}
