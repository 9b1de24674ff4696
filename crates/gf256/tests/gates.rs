//! The gate-count report's pieces: the radix-conversion matrix is the y-basis conversion,
//! merging never costs more than level-by-level conversion, and the Table 1 rows add up.

use wegman_gf256::fft::monomial_to_ybasis;
use wegman_gf256::gates::{
    mul_cost, radix_additions_merged, radix_additions_unmerged, radix_matrix,
};
use wegman_gf256::tower::Gf256;

#[test]
fn radix_matrix_is_the_ybasis_conversion() {
    let mut rng = wegman_testkit::Rng::new(0x1234_5678_9abc_def1);
    for k in [4usize, 8, 16, 32] {
        let m = radix_matrix(k, true);
        for _ in 0..50 {
            let x = rng.next_u64();
            let bits = if k == 64 { x } else { x & ((1 << k) - 1) };
            // A polynomial with F_2 coefficients given by `bits`.
            let mut f = [Gf256::ZERO; 64];
            for (j, c) in f.iter_mut().enumerate().take(k) {
                *c = Gf256::from_u8(((bits >> j) & 1) as u8);
            }
            let y = monomial_to_ybasis(&f);
            let want = (0..k).fold(0u64, |a, i| a | (u64::from(y[i].to_u8()) << i));
            assert_eq!(m.mul_u64(bits), want, "k = {k}");
            assert!(y[k..].iter().all(|&c| c == Gf256::ZERO));
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
fn size_4_fft_costs_at_most_the_papers_24() {
    // Bernstein–Chou §3: the size-4 additive FFT in 24 bit operations.
    assert!(mul_cost(16, 4).forward <= 24);
}
