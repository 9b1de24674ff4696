//! The XOR-circuit generator: every circuit computes its map (checked on all inputs or many),
//! and the gate counts for multiplication by constants of F_256 (Bernstein–Chou §2.3 report
//! averages of 14.83 XORs for F_256 constants, 7.43 for F_16 and 4 for F_4; ours are printed).

use wegman_f2::BitMatrix;
use wegman_f2::circuit::circuit_vartime;
use wegman_testkit::tower;

#[test]
fn circuits_compute_their_maps() {
    let mut rng = wegman_testkit::Rng::new(0x1234_5678_9abc_def1u64);
    let mut next = || rng.next_u64();
    let mut done = 0;
    while done < 40 {
        let n = 2 + (next() % 20) as usize;
        let mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let rows: Vec<u64> = (0..n).map(|_| next() & mask).collect();
        let m = BitMatrix::from_rows_u64(&rows).unwrap();
        if !m.is_invertible_vartime() {
            assert!(circuit_vartime(&m, 3).is_err());
            continue;
        }
        let c = circuit_vartime(&m, 5).unwrap();
        for _ in 0..200 {
            let v = next() & mask;
            assert_eq!(c.apply(v), m.mul_u64(v), "n = {n}");
        }
        // Bitsliced evaluation: 64 instances at once.
        let inputs: Vec<u64> = (0..n).map(|_| next()).collect();
        let outs = c.apply_sliced(&inputs);
        for lane in 0..64 {
            let v = (0..n).fold(0u64, |acc, i| acc | (((inputs[i] >> lane) & 1) << i));
            let w = (0..n).fold(0u64, |acc, i| acc | (((outs[i] >> lane) & 1) << i));
            assert_eq!(w, m.mul_u64(v));
        }
        done += 1;
    }
}

#[test]
fn constant_multiplications_in_f256() {
    let mut totals = [(0usize, 0usize); 3]; // (gates, count) for F_256, F_16, F_4 constants
    for c in 1..=255u8 {
        let m = BitMatrix::from_fn_u64(8, |x| u64::from(tower::mul(x as u8, c))).unwrap();
        let circ = circuit_vartime(&m, 200).unwrap();
        for x in 0..=255u64 {
            assert_eq!(circ.apply(x), u64::from(tower::mul(x as u8, c)));
        }
        let level = if c < 4 {
            2
        } else if c < 16 {
            1
        } else {
            0
        };
        totals[level].0 += circ.gates();
        totals[level].1 += 1;
    }
    let avg = |(g, n): (usize, usize)| g as f64 / n as f64;
    eprintln!(
        "XORs per constant multiplication in F_256: F_256 constants {:.2} (paper 14.83), F_16 {:.2} (7.43), F_4 {:.2} (4)",
        avg(totals[0]),
        avg(totals[1]),
        avg(totals[2])
    );
    // Sanity bounds: a schoolbook 8 x 8 matrix needs at most 56 XORs.
    assert!(avg(totals[0]) < 30.0);
}

#[test]
fn transpose64_is_the_bit_transpose() {
    let mut x = [0u64; 64];
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    for w in x.iter_mut() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        *w = s;
    }
    let orig = x;
    wegman_f2::word::transpose64(&mut x);
    for (r, row) in orig.iter().enumerate() {
        for (c, col) in x.iter().enumerate() {
            assert_eq!((col >> r) & 1, (row >> c) & 1, "({r}, {c})");
        }
    }
    wegman_f2::word::transpose64(&mut x);
    assert_eq!(x, orig);
}
