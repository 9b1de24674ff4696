//! The additive FFT over F_256 against direct evaluation (Horner) at the points it names, its
//! inverse, and FFT multiplication against the schoolbook product.

use wegman_gf2::fft::{fft, ifft, mul_poly, point};
use wegman_gf2::tower::F256;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> F256 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        F256::new(self.0 as u8).unwrap()
    }
}

fn horner(f: &[F256], x: F256) -> F256 {
    f.iter().rev().fold(F256::ZERO, |acc, &c| acc * x + c)
}

#[test]
fn points_form_the_cantor_subspaces() {
    for k in 0..32 {
        assert_eq!(point(2 * k + 1), point(2 * k) + F256::ONE);
        let a = point(2 * k);
        assert_eq!(a * a + a, point(k), "α_{{2k}}² + α_{{2k}} = α_k, k = {k}");
    }
    // The 64 points are distinct.
    let mut seen = std::collections::HashSet::new();
    for j in 0..64 {
        assert!(seen.insert(point(j).to_u8()));
    }
}

#[test]
fn fft_evaluates_at_the_points_and_inverts() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    for log in 0..=6 {
        let n = 1 << log;
        for _ in 0..20 {
            let f: Vec<F256> = (0..n).map(|_| rng.next()).collect();
            let mut v = f.clone();
            fft(&mut v).unwrap();
            for (j, &y) in v.iter().enumerate() {
                assert_eq!(y, horner(&f, point(j)), "size {n}, point {j}");
            }
            ifft(&mut v).unwrap();
            assert_eq!(v, f, "size {n}: ifft(fft(f)) = f");
        }
    }
}

#[test]
fn fft_multiplication_matches_schoolbook() {
    let mut rng = Rng(99);
    for log in 0..=5 {
        let n = 1 << log;
        for _ in 0..10 {
            let a: Vec<F256> = (0..n).map(|_| rng.next()).collect();
            let b: Vec<F256> = (0..n).map(|_| rng.next()).collect();
            let mut want = vec![F256::ZERO; 2 * n];
            for i in 0..n {
                for j in 0..n {
                    want[i + j] += a[i] * b[j];
                }
            }
            let mut got = vec![F256::ZERO; 2 * n];
            mul_poly(&a, &b, &mut got).unwrap();
            assert_eq!(got, want, "n = {n}");
        }
    }
}

#[test]
fn bad_sizes_are_errors() {
    let mut v = vec![F256::ZERO; 3];
    assert!(fft(&mut v).is_err());
    assert!(ifft(&mut [F256::ZERO; 128]).is_err());
    assert!(fft(&mut []).is_err());
    let mut out = vec![F256::ZERO; 128];
    assert!(mul_poly(&[F256::ONE; 64], &[F256::ONE; 64], &mut out).is_err());
    let mut out = vec![F256::ZERO; 8];
    assert!(mul_poly(&[F256::ONE; 4], &[F256::ONE; 3], &mut out).is_err());
}
