//! The F_4 ⊂ F_16 ⊂ F_256 tower against the schoolbook reference of `wegman-testkit`
//! (docs/spec.md §2), exhaustively, plus the field axioms, the Cantor basis and the
//! isomorphism to the AES field.

use wegman_gf256::tower::{AesIsomorphism, Gf4, Gf16, Gf256};

/// The tower product of `wegman-testkit`, written from the definition (schoolbook, no
/// Karatsuba) apart from the library, at a level of `bits` bits.
fn reference(bits: u32, x: u8, y: u8) -> u8 {
    match bits {
        8 => wegman_testkit::tower::mul(x, y),
        4 => wegman_testkit::tower::mul16(x, y),
        _ => wegman_testkit::tower::mul4(x, y),
    }
}

#[test]
fn products_match_the_schoolbook_definition_exhaustively() {
    for x in Gf256::all() {
        for y in Gf256::all() {
            assert_eq!(
                (x * y).to_u8(),
                reference(8, x.to_u8(), y.to_u8()),
                "{x:?} {y:?}"
            );
        }
    }
    for x in Gf16::all() {
        for y in Gf16::all() {
            assert_eq!((x * y).to_u8(), reference(4, x.to_u8(), y.to_u8()));
            // F_16 is the subfield of F_256 below 0x10.
            assert_eq!(
                Gf256::from_f16(x) * Gf256::from_f16(y),
                Gf256::from_f16(x * y)
            );
        }
    }
    for x in Gf4::all() {
        for y in Gf4::all() {
            assert_eq!((x * y).to_u8(), reference(2, x.to_u8(), y.to_u8()));
            assert_eq!(Gf16::from_f4(x) * Gf16::from_f4(y), Gf16::from_f4(x * y));
        }
    }
}

#[test]
fn defining_relations_and_cantor_basis() {
    let a2 = Gf4::new(0x02).unwrap();
    assert_eq!(a2 * a2 + a2 + Gf4::ONE, Gf4::ZERO);
    let a4 = Gf16::new(0x04).unwrap();
    assert_eq!(a4 * a4 + a4 + Gf16::new(0x02).unwrap(), Gf16::ZERO);
    let a8 = Gf256::ALPHA8;
    assert_eq!(a8 * a8 + a8 + Gf256::new(0x08).unwrap(), Gf256::ZERO);
    // α2·α4 = 0x08 (docs/spec.md §2).
    assert_eq!(Gf16::new(0x02).unwrap() * a4, Gf16::new(0x08).unwrap());
    let b = Gf256::CANTOR;
    assert_eq!(b[0], Gf256::ONE);
    for i in 1..6 {
        assert_eq!(
            b[i] * b[i] + b[i],
            b[i - 1],
            "β{}² + β{} = β{}",
            i + 1,
            i + 1,
            i
        );
    }
    assert_eq!(Gf4::new(4), None);
    assert_eq!(Gf16::new(0x10), None);
}

#[test]
fn field_axioms() {
    for x in Gf256::all() {
        // x^256 = x, and x·x^{-1} = 1 for x ≠ 0.
        let mut p = x;
        for _ in 0..8 {
            p = p.square();
        }
        assert_eq!(p, x);
        if x != Gf256::ZERO {
            assert_eq!(x * x.invert(), Gf256::ONE, "{x:?}");
        } else {
            assert_eq!(x.invert(), Gf256::ZERO);
        }
    }
    for x in Gf16::all().filter(|&x| x != Gf16::ZERO) {
        assert_eq!(x * x.invert(), Gf16::ONE);
    }
    for x in Gf4::all().filter(|&x| x != Gf4::ZERO) {
        assert_eq!(x * x.invert(), Gf4::ONE);
    }
    // The multiplicative group is cyclic of order 255: some element has order exactly 255.
    let order = |g: Gf256| {
        let mut p = g;
        let mut n = 1;
        while p != Gf256::ONE {
            p *= g;
            n += 1;
        }
        n
    };
    assert!(Gf256::all().skip(1).any(|g| order(g) == 255));
    // Distributivity on a sample.
    for (i, x) in Gf256::all().enumerate().step_by(7) {
        for y in Gf256::all().step_by(11) {
            let z = Gf256::new((i as u8).wrapping_mul(29)).unwrap();
            assert_eq!(x * (y + z), x * y + x * z);
        }
    }
}

/// AES field multiplication modulo x^8 + x^4 + x^3 + x + 1, the classic way.
fn aes_mul(mut a: u8, mut b: u8) -> u8 {
    let mut p = 0;
    while b != 0 {
        if b & 1 == 1 {
            p ^= a;
        }
        let carry = a & 0x80;
        a <<= 1;
        if carry != 0 {
            a ^= 0x1b;
        }
        b >>= 1;
    }
    p
}

#[test]
fn aes_isomorphism_is_a_ring_isomorphism() {
    let iso = AesIsomorphism::new();
    for x in Gf256::all() {
        assert_eq!(iso.from_aes(iso.to_aes(x)), x);
        for y in Gf256::all() {
            assert_eq!(
                iso.to_aes(x * y),
                aes_mul(iso.to_aes(x), iso.to_aes(y)),
                "{x:?} {y:?}"
            );
            assert_eq!(iso.to_aes(x + y), iso.to_aes(x) ^ iso.to_aes(y));
        }
    }
    assert_eq!(iso.to_aes(Gf256::ONE), 1);
}
