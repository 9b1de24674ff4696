//! The additive FFT over F_256 against direct evaluation (Horner) at the points it names, its
//! inverse, and FFT multiplication against the schoolbook product.

use wegman_gf256::fft::{fft, ifft, mul_poly, point};
use wegman_gf256::tower::Gf256;

struct Rng(wegman_testkit::Rng);
impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(wegman_testkit::Rng::new(seed))
    }
    fn next(&mut self) -> Gf256 {
        Gf256::from_u8(self.0.next_u8())
    }
    /// n random coefficients.
    fn poly(&mut self, n: usize) -> Vec<Gf256> {
        (0..n).map(|_| self.next()).collect()
    }
}

fn horner(f: &[Gf256], x: Gf256) -> Gf256 {
    f.iter().rev().fold(Gf256::ZERO, |acc, &c| acc * x + c)
}

#[test]
fn points_form_the_cantor_subspaces() {
    for k in 0..32 {
        assert_eq!(point(2 * k + 1), point(2 * k) + Gf256::ONE);
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
    let mut rng = Rng::new(0x5eed_1234_abcd_0001);
    for log in 0..=6 {
        let n = 1 << log;
        for _ in 0..20 {
            let f = rng.poly(n);
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
    let mut rng = Rng::new(99);
    for log in 0..=5 {
        let n = 1 << log;
        for _ in 0..10 {
            let a = rng.poly(n);
            let b = rng.poly(n);
            let mut want = vec![Gf256::ZERO; 2 * n];
            for i in 0..n {
                for j in 0..n {
                    want[i + j] += a[i] * b[j];
                }
            }
            let mut got = vec![Gf256::ZERO; 2 * n];
            mul_poly(&a, &b, &mut got).unwrap();
            assert_eq!(got, want, "n = {n}");
        }
    }
}

#[test]
fn bad_sizes_are_errors() {
    let mut v = vec![Gf256::ZERO; 3];
    assert!(fft(&mut v).is_err());
    assert!(ifft(&mut [Gf256::ZERO; 128]).is_err());
    assert!(fft(&mut []).is_err());
    let mut out = vec![Gf256::ZERO; 128];
    assert!(mul_poly(&[Gf256::ONE; 64], &[Gf256::ONE; 64], &mut out).is_err());
    let mut out = vec![Gf256::ZERO; 8];
    assert!(mul_poly(&[Gf256::ONE; 4], &[Gf256::ONE; 3], &mut out).is_err());
}

/// F_{2^256} products against schoolbook multiplication and long division by
/// x^32 + x^17 + x^2 + α8, written here; and the field is a field (x^{2^256} = x).
#[test]
fn f2to256_multiplication_matches_schoolbook() {
    use wegman_gf256::fft::F2to256;
    let mut rng = Rng::new(7);
    let reference = |a: &F2to256, b: &F2to256| -> F2to256 {
        let mut p = [Gf256::ZERO; 63];
        for i in 0..32 {
            for j in 0..32 {
                p[i + j] += a.0[i] * b.0[j];
            }
        }
        for d in (32..63).rev() {
            let c = p[d];
            if c != Gf256::ZERO {
                p[d] = Gf256::ZERO;
                p[d - 32 + 17] += c;
                p[d - 32 + 2] += c;
                p[d - 32] += c * Gf256::ALPHA8;
            }
        }
        F2to256(core::array::from_fn(|i| p[i]))
    };
    for _ in 0..50 {
        let a = F2to256(core::array::from_fn(|_| rng.next()));
        let b = F2to256(core::array::from_fn(|_| rng.next()));
        assert_eq!(a * b, reference(&a, &b));
        assert_eq!(F2to256::from_bytes(&a.to_bytes()), a);
    }
    // x^(2^256) = x: 256 squarings of x.
    let mut x = F2to256::ZERO;
    x.0[1] = Gf256::ONE;
    let mut p = x;
    for _ in 0..256 {
        p = p * p;
    }
    assert_eq!(p, x);
    assert_eq!(x * F2to256::ONE, x);
}

/// y_j from the definition (docs/spec.md §3.3), built by `wegman-testkit` apart from the library.
fn y_poly(j: usize) -> Vec<Gf256> {
    wegman_testkit::hash256::y_poly(j)
        .into_iter()
        .map(Gf256::from_u8)
        .collect()
}

#[test]
fn ybasis_is_monic_of_degree_j_and_converts_both_ways() {
    use wegman_gf256::fft::{monomial_to_ybasis, ybasis_to_monomial};
    for j in 0..64 {
        let y = y_poly(j);
        assert_eq!(y.len(), j + 1, "deg y_{j}");
        assert_eq!(y[j], Gf256::ONE, "y_{j} monic");
    }
    let mut rng = Rng::new(0xfeed);
    for _ in 0..20 {
        let c: [Gf256; 64] = core::array::from_fn(|_| rng.next());
        let mut want = [Gf256::ZERO; 64];
        for (j, &cj) in c.iter().enumerate() {
            for (k, &yk) in y_poly(j).iter().enumerate() {
                want[k] += cj * yk;
            }
        }
        assert_eq!(ybasis_to_monomial(&c), want);
        assert_eq!(monomial_to_ybasis(&want), c);
    }
}

#[test]
fn ybasis_fft_evaluates_at_the_points_and_inverts() {
    use wegman_gf256::fft::{fft64_ybasis, ifft64_ybasis};
    let mut rng = Rng::new(0x1234_5678);
    let ys: Vec<Vec<Gf256>> = (0..64).map(y_poly).collect();
    for _ in 0..10 {
        let c: [Gf256; 64] = core::array::from_fn(|_| rng.next());
        let mut v = c;
        fft64_ybasis(&mut v);
        for (i, &val) in v.iter().enumerate() {
            let x = point(i);
            let want = c
                .iter()
                .zip(&ys)
                .fold(Gf256::ZERO, |acc, (&cj, y)| acc + cj * horner(y, x));
            assert_eq!(val, want, "point {i}");
        }
        ifft64_ybasis(&mut v);
        assert_eq!(v, c);
    }
}

#[test]
fn f2to256_from_ybasis_bytes_matches_the_definition() {
    use wegman_gf256::fft::F2to256;
    let mut rng = Rng::new(77);
    for _ in 0..10 {
        let b: [u8; 32] = core::array::from_fn(|_| rng.next().to_u8());
        let mut want = [Gf256::ZERO; 32];
        for (j, &bj) in b.iter().enumerate() {
            for (k, &yk) in y_poly(j).iter().enumerate() {
                want[k] += Gf256::from_u8(bj) * yk;
            }
        }
        assert_eq!(F2to256::from_ybasis_bytes(&b).0, want);
    }
}
