//! Replays every committed input of every target (`corpus/TARGET/` seeds and
//! `regressions/TARGET/` crashes once found) and a few thousand pseudo-random ones, without
//! libFuzzer: `cargo test --no-default-features` here, on the stable toolchain.

use std::path::Path;

#[test]
fn every_committed_input_and_random_ones_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut rng = wegman_testkit::Rng::new(0xf022);
    for &(name, target) in wegman_fuzz::TARGETS {
        let t0 = std::time::Instant::now();
        let mut n = 0;
        for dir in ["corpus", "regressions"] {
            let Ok(entries) = std::fs::read_dir(root.join(dir).join(name)) else {
                continue;
            };
            for e in entries {
                let path = e.unwrap().path();
                target(&std::fs::read(&path).unwrap());
                n += 1;
            }
        }
        assert!(n > 0, "{name}: no seed corpus committed");
        let seeds: Vec<Vec<u8>> = std::fs::read_dir(root.join("corpus").join(name))
            .unwrap()
            .map(|e| std::fs::read(e.unwrap().path()).unwrap())
            .collect();
        // Mutated seeds: a byte flipped, truncated, or spliced.
        for i in 0..300 {
            let mut d = seeds[i % seeds.len()].clone();
            match rng.below(3) {
                0 if !d.is_empty() => {
                    let at = rng.below(d.len() as u64) as usize;
                    d[at] ^= 1 << rng.below(8);
                }
                1 => d.truncate(rng.below(d.len() as u64 + 1) as usize),
                _ => {
                    let n = rng.below(40) as usize;
                    d.extend(rng.bytes(n));
                }
            }
            target(&d);
        }
        eprintln!(
            "fuzz replay: {name}: {n} committed inputs and 300 mutations ({:.1} s)",
            t0.elapsed().as_secs_f64()
        );
    }
}
