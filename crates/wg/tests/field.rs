//! F_{2^29} on the reference's words against `wegman_gf2`'s Gaussian normal basis GNB(29, 2)
//! (built from the Gauss period's definition, not from the reference's table), and the WG
//! permutation against plain exponentiation there.

use wegman_gf2::{Gnb, NbElement};
use wegman_wg::Fe29;
use wegman_wg::wg29::wg_perm;

fn gnb() -> Gnb {
    let g = Gnb::new(29).unwrap();
    assert_eq!(g.gnb_type(), 2);
    g
}

fn to_nb(g: &Gnb, a: Fe29) -> NbElement {
    g.element(&[u64::from(a.coefficients())]).unwrap()
}

fn from_nb(e: &NbElement) -> Fe29 {
    Fe29::from_coefficients(e.limbs()[0] as u32)
}

#[test]
fn operations_match_the_normal_basis_field() {
    let g = gnb();
    let mut rng = wegman_testkit::Rng::new(29);
    let mut xs: Vec<Fe29> = vec![Fe29::ZERO, Fe29::ONE, Fe29::from_word(0x8000_0000)];
    xs.extend((0..200).map(|_| Fe29::from_word(rng.next_u64() as u32)));
    assert_eq!(from_nb(&g.one()), Fe29::ONE);
    for w in xs.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (na, nb) = (to_nb(&g, a), to_nb(&g, b));
        assert_eq!(from_nb(&na), a);
        assert_eq!(a * b, from_nb(&g.mul(&na, &nb)), "{a:?}·{b:?}");
        assert_eq!(a.sqr(), from_nb(&g.sqr(&na)));
        assert_eq!(a.sqr_n(13), from_nb(&g.sqr_n(&na, 13)));
        assert_eq!(a.trace(), u32::from(g.trace(&na)));
        let inv: Option<NbElement> = g.inv(&na).into();
        assert_eq!(a.inv(), inv.map_or(Fe29::ZERO, |e| from_nb(&e)));
    }
}

/// WGperm(x) = I + I^{2^10+1} + I^{2^19+2^9+1} + I^{2^19−2^9+1} + I^{2^19+2^10−1} + 1 with
/// I = x + 1, each power by square-and-multiply with the exponent reduced mod 2^29 − 1.
#[test]
fn wg_permutation_matches_exponentiation() {
    let g = gnb();
    let order = (1u64 << 29) - 1;
    let exps = [
        (1 << 10) + 1,
        (1 << 19) + (1 << 9) + 1,
        (1 << 19) - (1 << 9) + 1,
        (1 << 19) + (1 << 10) - 1,
    ];
    let mut rng = wegman_testkit::Rng::new(0x29);
    let mut xs: Vec<Fe29> = vec![Fe29::ZERO, Fe29::ONE];
    xs.extend((0..100).map(|_| Fe29::from_word(rng.next_u64() as u32)));
    let mut seen = std::collections::HashSet::new();
    for x in xs {
        let i = to_nb(&g, x + Fe29::ONE);
        let mut want = i + g.one();
        for e in exps {
            want += g.pow(&i, &[e % order]);
        }
        let got = wg_perm(x);
        assert_eq!(got, from_nb(&want), "WGperm({x:?})");
        seen.insert(got);
    }
    // A permutation: distinct inputs, distinct outputs.
    assert_eq!(seen.len(), 102);
}
