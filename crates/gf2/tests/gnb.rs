//! Gaussian normal bases: every multiplier (scalar Ning–Yin and the six bit-sliced ones on
//! every backend) against a bit-by-bit evaluation of the Massey–Omura formula written here
//! from the definition, the conversion to polynomial bases as a ring isomorphism, the FIPS
//! 186-2 normal-basis curve data mapped onto SEC 2 (tests/data/nist-binary-curves.txt), the
//! F_{2^29} matrix against the WG reference table (tests/data/gnb29-multiplication-table.txt),
//! field identities and bad input.

use wegman_gf2::gnb::{Multiplier, NbPbMap, SlicedBackend as Backend};
use wegman_gf2::{Error, Field, Gnb, Modulus, NbElement, ssrf_modulus};
use wegman_testkit::rng::Rng as TestRng;

/// The sweep (m, T) of the issue: type 2, type 4, then 283, 409, 571.
const SWEEP: [(u32, u32); 20] = wegman_testkit::GNB_SWEEP;

fn random(g: &Gnb, rng: &mut TestRng) -> NbElement {
    let m = g.degree() as usize;
    let limbs: Vec<u64> = (0..m.div_ceil(64))
        .map(|i| {
            let w = rng.next_u64();
            if m - 64 * i < 64 {
                w & ((1u64 << (m - 64 * i)) - 1)
            } else {
                w
            }
        })
        .collect();
    g.element(&limbs).unwrap()
}

fn bit(a: &NbElement, i: usize) -> bool {
    (a.limbs()[i / 64] >> (i % 64)) & 1 == 1
}

/// The reference: F from its definition, then c_k = Σ_{i=1}^{p−2} a_{F(i+1)+k} b_{F(p−i)+k},
/// one bit at a time.
struct Reference {
    m: usize,
    p: usize,
    f: Vec<usize>,
}

impl Reference {
    fn new(m: u32, t: u32) -> Reference {
        let (m, t) = (m as usize, t as usize);
        let p = t * m + 1;
        // u: any element of multiplicative order exactly T.
        let order = |x: usize| {
            let mut y = x;
            let mut k = 1;
            while y != 1 {
                y = y * x % p;
                k += 1;
            }
            k
        };
        let u = (2..p).find(|&x| order(x) == t).unwrap_or(1);
        let mut f = vec![usize::MAX; p];
        for j in 0..t {
            let uj = (0..j).fold(1, |acc, _| acc * u % p);
            for i in 0..m {
                let two_i = (0..i).fold(1, |acc, _| acc * 2 % p);
                let x = two_i * uj % p;
                assert_eq!(f[x], usize::MAX, "F is a bijection");
                f[x] = i;
            }
        }
        Reference { m, p, f }
    }

    fn mul(&self, g: &Gnb, a: &NbElement, b: &NbElement) -> NbElement {
        let m = self.m;
        let mut c = vec![0u64; m.div_ceil(64)];
        for k in 0..m {
            let mut s = false;
            for i in 1..=self.p - 2 {
                let u = (self.f[i + 1] + k) % m;
                let v = (self.f[self.p - i] + k) % m;
                s ^= bit(a, u) & bit(b, v);
            }
            if s {
                c[k / 64] |= 1 << (k % 64);
            }
        }
        g.element(&c).unwrap()
    }
}

fn backends() -> Vec<Backend> {
    wegman_testkit::backends("gf2 gnb")
}

#[test]
fn types_and_existence() {
    for (m, t) in SWEEP {
        let g = Gnb::new(m).unwrap();
        assert_eq!(g.gnb_type(), t, "type of {m}");
    }
    // X9.62's examples and bad input.
    assert_eq!(Gnb::new(283).unwrap().gnb_type(), 6);
    assert!(matches!(
        Gnb::new(164),
        Err(Error::EvenDegree { degree: 164 })
    ));
    assert!(matches!(Gnb::new(1), Err(Error::DegreeOutOfRange { .. })));
    assert!(matches!(Gnb::new(573), Err(Error::DegreeOutOfRange { .. })));
    assert!(matches!(
        Gnb::with_type(163, Some(2)),
        Err(Error::InvalidGnbType {
            degree: 163,
            gnb_type: 2
        })
    ));
    assert!(matches!(
        Gnb::with_type(163, Some(0)),
        Err(Error::InvalidGnbType { .. })
    ));
    assert!(matches!(
        Gnb::with_type(163, Some(99)),
        Err(Error::InvalidGnbType { .. })
    ));
    // 10·163 + 1 = 1631 = 7·233 is not prime: no Gaussian normal basis of type 10.
    assert!(matches!(
        Gnb::with_type(163, Some(10)),
        Err(Error::InvalidGnbType {
            degree: 163,
            gnb_type: 10
        })
    ));
    assert!(matches!(Gnb::parse("x"), Err(Error::MalformedGnb { .. })));
    assert!(matches!(
        Gnb::parse("163,4,1"),
        Err(Error::MalformedGnb { .. })
    ));
    assert_eq!(Gnb::parse(" 163 , 4 ").unwrap().gnb_type(), 4);
    // Odd degrees with no GNB of type ≤ 16 get a clear error, never a panic.
    let mut none = 0;
    for m in (3..=571).step_by(2) {
        match Gnb::new(m) {
            Ok(g) => assert!(g.gnb_type() <= 16 && g.gnb_type() % 2 == 0),
            Err(Error::NoGaussianBasis {
                degree,
                max_type: 16,
            }) => {
                assert_eq!(degree, m);
                none += 1;
            }
            Err(e) => panic!("{m}: {e}"),
        }
    }
    println!("{none} odd degrees ≤ 571 have no GNB of type ≤ 16");
}

#[test]
fn gnb29_matrix_is_the_wg_reference_table() {
    let g = Gnb::new(29).unwrap();
    let table = include_str!("data/gnb29-multiplication-table.txt");
    let mut rows = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (x, ys) = line.split_once(':').unwrap();
        let x: usize = x.trim().parse().unwrap();
        let mut ys: Vec<u16> = ys.split_whitespace().map(|y| y.parse().unwrap()).collect();
        ys.sort_unstable();
        assert_eq!(g.matrix_row(x), &ys[..], "row {x}");
        rows += 1;
    }
    assert_eq!(rows, 29);
    assert_eq!(g.matrix_weight(), 57);
}

#[test]
fn scalar_multiplication_equals_massey_omura_bit_by_bit() {
    let mut rng = TestRng::new(1);
    for (m, t) in SWEEP {
        let g = Gnb::new(m).unwrap();
        let r = Reference::new(m, t);
        let n = if m > 300 { 3 } else { 8 };
        for _ in 0..n {
            let (a, b) = (random(&g, &mut rng), random(&g, &mut rng));
            assert_eq!(g.mul(&a, &b), r.mul(&g, &a, &b), "m = {m}");
        }
        // Identity and zero.
        let a = random(&g, &mut rng);
        assert_eq!(g.mul(&a, &g.one()), a);
        assert_eq!(g.mul(&a, &NbElement::ZERO), NbElement::ZERO);
    }
}

#[test]
fn every_multiplier_on_every_backend_equals_the_reference() {
    let mut rng = TestRng::new(2);
    let covered = backends();
    for (m, t) in SWEEP {
        let r = Reference::new(m, t);
        for &backend in &covered {
            let g = Gnb::with_type(m, Some(t))
                .unwrap()
                .with_backend(backend)
                .unwrap();
            // Two full batches and a partial one.
            let n = 2 * backend.lanes() + 37;
            let a: Vec<NbElement> = (0..n).map(|_| random(&g, &mut rng)).collect();
            let b: Vec<NbElement> = (0..n).map(|_| random(&g, &mut rng)).collect();
            let want: Vec<NbElement> = a.iter().zip(&b).map(|(x, y)| g.mul(x, y)).collect();
            // The reference on a few lanes (it is slow), the scalar product on all.
            for i in [0, 1, backend.lanes() - 1, backend.lanes(), n - 1] {
                assert_eq!(want[i], r.mul(&g, &a[i], &b[i]), "m = {m}, lane {i}");
            }
            for mult in Multiplier::ALL {
                assert_eq!(mult.name().parse::<Multiplier>(), Ok(mult));
                let mut c = vec![NbElement::ZERO; n];
                match g.mul_batch_with(mult, &a, &b, &mut c) {
                    Ok(()) => assert!(c == want, "{mult} on {backend}, m = {m}"),
                    Err(Error::NeedsTypeTwo { gnb_type }) => {
                        assert_eq!(mult, Multiplier::FanHasan);
                        assert_ne!(gnb_type, 2);
                    }
                    Err(e) => panic!("{mult}: {e}"),
                }
            }
            let mut c = vec![NbElement::ZERO; n];
            g.mul_batch(&a, &b, &mut c).unwrap();
            assert!(c == want, "best multiplier on {backend}, m = {m}");
        }
    }
}

#[test]
fn partial_batches_of_every_size() {
    let mut rng = TestRng::new(3);
    for &backend in &backends() {
        for (m, t) in [(29, 2), (67, 4), (131, 2)] {
            let g = Gnb::with_type(m, Some(t))
                .unwrap()
                .with_backend(backend)
                .unwrap();
            let lanes = backend.lanes();
            let a: Vec<NbElement> = (0..lanes + 1).map(|_| random(&g, &mut rng)).collect();
            let b: Vec<NbElement> = (0..lanes + 1).map(|_| random(&g, &mut rng)).collect();
            let want: Vec<NbElement> = a.iter().zip(&b).map(|(x, y)| g.mul(x, y)).collect();
            for n in (0..=lanes + 1).filter(|n| n % 7 == 0 || *n + 2 >= lanes || *n < 3) {
                for mult in [Multiplier::Aesmpo, Multiplier::Kwon, Multiplier::FanHasan] {
                    if mult == Multiplier::FanHasan && t != 2 {
                        continue;
                    }
                    let mut c = vec![NbElement::ZERO; n];
                    g.mul_batch_with(mult, &a[..n], &b[..n], &mut c).unwrap();
                    assert!(c[..] == want[..n], "{mult}, {n} lanes on {backend}");
                }
            }
            let mut c = vec![NbElement::ZERO; 3];
            assert!(matches!(
                g.mul_batch(&a[..2], &b[..3], &mut c),
                Err(Error::LengthMismatch { .. })
            ));
        }
    }
}

/// A polynomial-basis field of degree m: the NIST modulus if there is one, else the
/// square-root-friendly one.
fn pb_field(m: u32) -> Field {
    let nist = match m {
        163 => Some("163,7,6,3,0"),
        233 => Some("233,74,0"),
        283 => Some("283,12,7,5,0"),
        409 => Some("409,87,0"),
        571 => Some("571,10,5,2,0"),
        _ => None,
    };
    match nist {
        Some(e) => Field::from_exponents(e).unwrap(),
        None => Field::new(ssrf_modulus(m).unwrap().0),
    }
}

#[test]
fn conversion_is_a_ring_isomorphism() {
    let mut rng = TestRng::new(4);
    for (m, _) in SWEEP {
        let g = Gnb::new(m).unwrap();
        let f = pb_field(m);
        let map = NbPbMap::new(&g, &f).unwrap();
        assert_eq!(map.to_pb(&g.one()), wegman_gf2::Element::ONE, "m = {m}");
        for _ in 0..6 {
            let (a, b) = (random(&g, &mut rng), random(&g, &mut rng));
            let (pa, pb) = (map.to_pb(&a), map.to_pb(&b));
            assert_eq!(map.to_pb(&g.mul(&a, &b)), f.mul(&pa, &pb), "m = {m}");
            assert_eq!(map.to_pb(&(a + b)), pa + pb);
            assert_eq!(map.to_nb(&pa), a);
            assert_eq!(map.to_pb(&g.sqrt(&a)), f.sqrt(&pa));
            assert_eq!(g.trace(&a), f.trace(&pa));
        }
    }
}

#[test]
fn the_default_root_is_the_smallest_conjugate() {
    // Away from the NIST moduli the image of β is the smallest root of its minimal
    // polynomial as an integer.
    for m in [29u32, 37, 131, 163, 233] {
        let g = Gnb::new(m).unwrap();
        let f = Field::new(ssrf_modulus(m).unwrap().0);
        let s = NbPbMap::new(&g, &f).unwrap().image_of_beta();
        let key = |e: &wegman_gf2::Element| e.limbs().iter().rev().copied().collect::<Vec<_>>();
        let mut c = s;
        for _ in 1..m {
            c = f.sqr(&c);
            assert!(key(&s) <= key(&c), "m = {m}");
            // Every conjugate is a root too.
            assert!(NbPbMap::with_root(&g, &f, &c).is_ok());
        }
        let not_root = f.parse("2").unwrap();
        assert!(matches!(
            NbPbMap::with_root(&g, &f, &not_root),
            Err(Error::NotARoot)
        ));
    }
    let g = Gnb::new(163).unwrap();
    let f = Field::from_exponents("233,74,0").unwrap();
    assert!(matches!(
        NbPbMap::new(&g, &f),
        Err(Error::DegreeMismatch { .. })
    ));
}

#[test]
fn fips_186_2_normal_basis_curves_map_onto_sec2() {
    let text = include_str!("data/nist-binary-curves.txt");
    let mut curves = 0;
    for block in wegman_testkit::kv_blocks(text) {
        let Some(m) = block.get("m") else { continue };
        let get = |k: &str| block.get(k);
        let m: u32 = m.parse().unwrap();
        let t: u32 = get("gnb_type").unwrap().parse().unwrap();
        let g = Gnb::with_type(m, Some(t)).unwrap();
        let f = Field::from_exponents(&get("modulus").unwrap()).unwrap();
        let map = NbPbMap::new(&g, &f).unwrap();
        for (nb, pb) in [("nb_b", "pb_b"), ("nb_gx", "pb_gx"), ("nb_gy", "pb_gy")] {
            let x = g.parse_element(&get(nb).unwrap()).unwrap();
            let y = f.parse(&get(pb).unwrap()).unwrap();
            assert_eq!(map.to_pb(&x), y, "{} {nb}", get("curve").unwrap());
            assert_eq!(map.to_nb(&y), x);
            assert_eq!(g.to_hex(&x), get(nb).unwrap());
        }
        // a ∈ {0, 1}: 1 is all ones in the normal basis.
        let a = get("a").unwrap();
        let a_nb = if a == "1" { g.one() } else { NbElement::ZERO };
        assert_eq!(
            f.to_hex(&map.to_pb(&a_nb)).trim_start_matches('0'),
            a.trim_start_matches('0')
        );
        curves += 1;
    }
    assert_eq!(curves, 10);
}

#[test]
fn the_fips_map_reaches_other_moduli_of_nist_degrees() {
    // NB → SSRF PB equals NB → NIST PB followed by the NIST → SSRF basis change.
    let mut rng = TestRng::new(5);
    for m in [163u32, 233, 283, 409, 571] {
        let g = Gnb::new(m).unwrap();
        let nist = pb_field(m);
        let ssrf = Field::new(ssrf_modulus(m).unwrap().0);
        let direct = NbPbMap::new(&g, &ssrf).unwrap();
        let via = NbPbMap::new(&g, &nist).unwrap();
        let bc = wegman_gf2::BasisChange::new(&nist, &ssrf).unwrap();
        let a = random(&g, &mut rng);
        let s = direct.to_pb(&a);
        // Both are isomorphisms to the same field; they agree up to a Frobenius power.
        let mut t = bc.forward(&via.to_pb(&a));
        let mut same = false;
        for _ in 0..m {
            same |= s == t;
            t = ssrf.sqr(&t);
        }
        assert!(same, "m = {m}");
    }
}

#[test]
fn identities() {
    let mut rng = TestRng::new(6);
    for (m, _) in SWEEP {
        let g = Gnb::new(m).unwrap();
        for _ in 0..4 {
            let a = random(&g, &mut rng);
            let b = random(&g, &mut rng);
            let c = random(&g, &mut rng);
            assert_eq!(g.mul(&a, &b), g.mul(&b, &a));
            assert_eq!(g.mul(&g.mul(&a, &b), &c), g.mul(&a, &g.mul(&b, &c)));
            assert_eq!(g.mul(&a, &(b + c)), g.mul(&a, &b) + g.mul(&a, &c));
            assert_eq!(g.sqr(&a), g.mul(&a, &a));
            assert_eq!(g.sqr(&g.sqrt(&a)), a);
            assert_eq!(g.sqr_n(&a, m as usize), a);
            let tr = g.trace(&a);
            let mut s = NbElement::ZERO;
            for i in 0..m as usize {
                s += g.sqr_n(&a, i);
            }
            assert_eq!(s, if tr == 1 { g.one() } else { NbElement::ZERO });
            let h = g.half_trace(&a);
            assert_eq!(
                g.sqr(&h) + h,
                a + if tr == 1 { g.one() } else { NbElement::ZERO }
            );
            match g.solve(&a) {
                Some((z, z1)) => {
                    assert_eq!(tr, 0);
                    assert_eq!(g.sqr(&z) + z, a);
                    assert_eq!(g.sqr(&z1) + z1, a);
                    assert_eq!(z + z1, g.one());
                }
                None => assert_eq!(tr, 1),
            }
            let inv = g.inv(&a).unwrap();
            assert_eq!(g.mul(&a, &inv), g.one(), "m = {m}");
            assert_eq!(g.pow(&a, &[5]), g.mul(&g.sqr(&g.sqr(&a)), &a));
            // a^{2^m − 1} = 1 for a ≠ 0: as a^{-1}·a.
            assert_eq!(g.pow(&a, &[0]), g.one());
            let mut batch = vec![NbElement::ZERO; 2];
            g.sqr_batch(&[a, b], &mut batch).unwrap();
            assert_eq!(batch, vec![g.sqr(&a), g.sqr(&b)]);
            g.sqrt_batch(&[a, b], &mut batch).unwrap();
            assert_eq!(batch, vec![g.sqrt(&a), g.sqrt(&b)]);
            let mut tr2 = [0u8; 2];
            g.trace_batch(&[a, b], &mut tr2).unwrap();
            assert_eq!(tr2, [g.trace(&a), g.trace(&b)]);
        }
        assert!(bool::from(g.inv(&NbElement::ZERO).is_none()));
        assert_eq!(g.trace(&g.one()), 1, "m odd: Tr(1) = 1");
    }
}

#[test]
fn hex_follows_design_section_2() {
    let g = Gnb::new(163).unwrap();
    assert_eq!(g.to_hex(&g.one()), format!("7{}", "f".repeat(40)));
    // β = a_0 is the most significant of the 163 bits.
    assert_eq!(g.to_hex(&g.beta()), format!("4{}", "0".repeat(40)));
    let e = g.parse_element("1").unwrap();
    assert_eq!(e.limbs()[2] >> 34, 1, "the last digit's low bit is a_162");
    assert_eq!(
        g.parse_element("0004").unwrap(),
        g.parse_element("4").unwrap()
    );
    assert!(matches!(
        g.parse_element(&format!("8{}", "0".repeat(40))),
        Err(Error::OutOfRange { degree: 163 })
    ));
    assert!(matches!(
        g.parse_element("xyz"),
        Err(Error::MalformedHex { .. })
    ));
    assert!(matches!(
        g.parse_element(""),
        Err(Error::MalformedHex { .. })
    ));
    assert!(g.parse_element(&"0".repeat(500)).is_ok());
    assert!(matches!(
        g.parse_element(&format!("1{}", "0".repeat(200))),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        g.element(&[0, 0, 1 << 35]),
        Err(Error::OutOfRange { .. })
    ));
    let _ = Modulus::new(&[163, 7, 6, 3, 0]).unwrap();
    assert_eq!(
        "karatsuba".parse::<Multiplier>(),
        Err(Error::UnknownMultiplier)
    );
}

#[test]
fn gate_counts() {
    for (m, t) in SWEEP {
        let g = Gnb::new(m).unwrap();
        let m2 = u64::from(m) * u64::from(m);
        let ae = g.gate_count(Multiplier::Aesmpo).unwrap();
        if t == 2 {
            // The paper's bound for AESMPO on type-2 fields.
            assert!(ae.total() * 2 <= 5 * m2, "m = {m}: {ae:?}");
        }
        let mo = g.gate_count(Multiplier::MasseyOmura).unwrap();
        let pairs = u64::from(t * m - 1);
        assert_eq!(mo.and, u64::from(m) * pairs);
        assert_eq!(mo.xor, u64::from(m) * (pairs - 1));
        let mx = g.gate_count(Multiplier::Matrix).unwrap();
        assert_eq!(mx.and, m2);
        let kw = g.gate_count(Multiplier::Kwon).unwrap();
        assert!(
            kw.xor <= mx.xor,
            "m = {m}: shared inner sums never add XORs"
        );
        match g.gate_count(Multiplier::FanHasan) {
            Ok(fh) => {
                assert_eq!(t, 2);
                println!("m = {m}: fan-hasan {fh:?}, aesmpo {ae:?}");
            }
            Err(Error::NeedsTypeTwo { .. }) => assert_ne!(t, 2),
            Err(e) => panic!("{e}"),
        }
    }
}

/// A sliced job: the products of lanes kept sliced across calls, as WG-29 keeps its state. The
/// lanes are loaded and read back through `Word::from_groups` / `Word::group` (bit j of group
/// g is lane 64g + j), so this also checks the public word layout.
struct SlicedProducts<'a> {
    a: &'a [NbElement],
    b: &'a [NbElement],
}

impl wegman_gf2::gnb::SlicedJob<Gnb> for SlicedProducts<'_> {
    type Output = Vec<u64>;
    #[inline(always)]
    fn run<W: wegman_gf2::gnb::Word>(
        self,
        ops: &mut wegman_gf2::gnb::SlicedOps<'_, W>,
    ) -> Vec<u64> {
        let m = ops.degree();
        let lanes = ops.lanes();
        let bit = |e: &NbElement, i: usize| (e.limbs()[i / 64] >> (i % 64)) & 1;
        let slice = |xs: &[NbElement]| -> Vec<W> {
            (0..m)
                .map(|i| {
                    W::from_groups(|g| {
                        (0..64).fold(0u64, |acc, j| {
                            acc | xs.get(64 * g + j).map_or(0, |e| bit(e, i)) << j
                        })
                    })
                })
                .collect()
        };
        let (a, b) = (slice(self.a), slice(self.b));
        let mut c = vec![W::zero(); m];
        ops.mul(&a, &b, &mut c);
        // Square the product in place twice more through the job (c·c), to reuse the ops.
        let c2 = c.clone();
        ops.mul(&c2, &c2, &mut c);
        // Coefficient words of every lane, lane-major: out[lane·m + i].
        let mut out = vec![0u64; lanes * m];
        for (i, w) in c.iter().enumerate() {
            for l in 0..lanes {
                out[l * m + i] = (w.group(l / 64) >> (l % 64)) & 1;
            }
        }
        out
    }
}

#[test]
fn sliced_jobs_equal_the_scalar_product_on_every_backend() {
    let mut rng = TestRng::new(29);
    for (m, t) in [(29u32, 2u32), (163, 4), (233, 2)] {
        for backend in backends() {
            let g = Gnb::with_type(m, Some(t))
                .unwrap()
                .with_backend(backend)
                .unwrap();
            let lanes = backend.lanes();
            // A partial batch: the missing lanes are zero.
            let n = lanes - 5;
            let a: Vec<NbElement> = (0..n).map(|_| random(&g, &mut rng)).collect();
            let b: Vec<NbElement> = (0..n).map(|_| random(&g, &mut rng)).collect();
            for mult in Multiplier::ALL {
                let out = match g.run_sliced(mult, SlicedProducts { a: &a, b: &b }) {
                    Ok(o) => o,
                    Err(Error::NeedsTypeTwo { .. }) => {
                        assert_eq!(mult, Multiplier::FanHasan);
                        continue;
                    }
                    Err(e) => panic!("{e}"),
                };
                for l in 0..lanes {
                    let want = if l < n {
                        let p = g.mul(&a[l], &b[l]);
                        g.mul(&p, &p)
                    } else {
                        NbElement::ZERO
                    };
                    let got: Vec<u64> = (0..m as usize)
                        .map(|i| (want.limbs()[i / 64] >> (i % 64)) & 1)
                        .collect();
                    assert_eq!(
                        &out[l * m as usize..(l + 1) * m as usize],
                        &got[..],
                        "{mult} on {backend}, m = {m}, lane {l}"
                    );
                }
            }
        }
    }
}
