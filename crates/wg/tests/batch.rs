//! The bit-sliced batch against the serial cipher: every lane equals `Wg29` for random keys
//! and IVs of every size, on every batch backend this CPU has (the others are reported as
//! skipped), over 300 bytes fetched in pieces of 0, 1, 7 and 292 bytes, with full and partial
//! batches; every product (the default straight-line one and the six of `wegman_gf2::gnb`); the
//! vectors; errors.

use wegman_gf2::gnb::{Multiplier, SlicedBackend as Backend};
use wegman_wg::{Error, PairError, Product, Wg29, Wg29Batch};

type Pair = (Vec<u8>, Vec<u8>);

fn pairs(n: usize, seed: u64) -> Vec<Pair> {
    let mut rng = wegman_testkit::Rng::new(seed);
    let sizes = [
        (10, 4),
        (12, 8),
        (14, 4),
        (16, 8),
        (10, 8),
        (12, 4),
        (14, 8),
        (16, 4),
    ];
    (0..n)
        .map(|i| {
            let (kl, il) = sizes[i % sizes.len()];
            let k = (0..kl).map(|_| rng.next_u64() as u8).collect();
            let v = (0..il).map(|_| rng.next_u64() as u8).collect();
            (k, v)
        })
        .collect()
}

fn serial(p: &[Pair], bytes: usize) -> Vec<Vec<u8>> {
    p.iter()
        .map(|(k, v)| {
            let mut out = vec![0u8; bytes];
            Wg29::new(k, v).unwrap().keystream(&mut out);
            out
        })
        .collect()
}

#[test]
fn every_lane_equals_the_serial_cipher_on_every_backend() {
    wegman_testkit::report(Backend::coverage("wg batch"));
    for backend in Backend::available() {
        let lanes = backend.lanes();
        // One pair, a full batch, and a full batch plus a partial one.
        for n in [1, lanes, lanes + 3] {
            let p = pairs(n, n as u64);
            let want = serial(&p, 300);
            let mut b = Wg29Batch::with_backend(backend, None, &p).unwrap().unwrap();
            assert_eq!(b.len(), n);
            let mut got = vec![Vec::new(); n];
            for piece in [0, 1, 7, 292] {
                let mut out = vec![0u8; n * piece];
                b.keystream(piece, &mut out).unwrap();
                for (g, chunk) in got.iter_mut().zip(out.chunks(piece.max(1))) {
                    if piece > 0 {
                        g.extend_from_slice(chunk);
                    }
                }
            }
            for (l, (g, w)) in got.iter().zip(&want).enumerate() {
                assert_eq!(g, w, "{backend}, {n} pairs, lane {l}");
            }
        }
    }
}

#[test]
fn every_product_gives_the_same_keystream() {
    let p = pairs(70, 7);
    let want = serial(&p, 16);
    for backend in Backend::available() {
        let products = Multiplier::ALL
            .into_iter()
            .map(Product::Gnb)
            .chain([Product::NingYin29]);
        for product in products {
            let mut b = Wg29Batch::with_backend(backend, Some(product), &p)
                .unwrap()
                .unwrap();
            assert_eq!(b.product(), product);
            assert_eq!(b.keystream_vec(16), want, "{product} on {backend}");
        }
    }
    assert_eq!(Wg29Batch::new(&p).unwrap().product(), Product::NingYin29);
}

#[test]
fn the_default_batch_runs_the_estream_vector() {
    let key: Vec<u8> = (0..16).collect();
    let iv: Vec<u8> = (0..8).collect();
    let mut b = Wg29Batch::new(&[(key, iv)]).unwrap();
    assert_eq!(
        hex::encode(&b.keystream_vec(32)[0]),
        "d6c211e3dcba436b99e0d518853f27edaecccc96f773dcc0ef613bae389c9033"
    );
    let mut empty = Wg29Batch::new::<Vec<u8>, Vec<u8>>(&[]).unwrap();
    assert!(empty.is_empty());
    assert!(empty.keystream_vec(5).is_empty());
}

#[test]
fn bad_pairs_and_buffers_are_errors() {
    let mut p = pairs(5, 1);
    p[3].0 = vec![0; 11];
    assert_eq!(
        Wg29Batch::new(&p).unwrap_err(),
        PairError {
            index: 3,
            error: Error::KeySize { bytes: 11 }
        }
    );
    p[3].0 = vec![0; 16];
    p[4].1 = vec![0; 16];
    let e = Wg29Batch::new(&p).unwrap_err();
    assert_eq!(e.index, 4);
    assert_eq!(
        e.to_string(),
        "pair 4: WG-29 IVs are 4 or 8 bytes (32 or 64 bits), not 16"
    );
    p[4].1 = vec![0; 4];
    let mut b = Wg29Batch::new(&p).unwrap();
    assert_eq!(
        b.keystream(3, &mut [0u8; 14]),
        Err(Error::OutputLength {
            expected: 15,
            got: 14
        })
    );
}
