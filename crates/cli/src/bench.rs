//! `wegman bench`: throughput of wegman's MACs against peers, side by side on this machine.
//!
//! Each cell is the median of several timed runs, each long enough to dwarf timer overhead;
//! cycles are TSC cycles (seconds × TSC frequency, docs/spec.md §5), the TSC frequency measured
//! against the monotonic clock.

use std::hint::black_box;
use std::time::{Duration, Instant};

use poly1305::universal_hash::KeyInit;
use wegman_mac::hash256::{Auth256Key, Encoding};
use wegman_mac::poly1305::{Backend, Poly1305, Poly1305AesKey};

use std::fmt::Write as _;

use crate::error::{Result, out};

/// How much to measure.
struct Plan {
    sizes: &'static [usize],
    runs: usize,
    min_run: Duration,
    thread_size: usize,
}

const FULL: Plan = Plan {
    sizes: &[16, 64, 256, 1024, 16 << 10, 1 << 20, 64 << 20],
    runs: 7,
    min_run: Duration::from_millis(20),
    thread_size: 64 << 20,
};

const QUICK: Plan = Plan {
    sizes: &[64, 1024, 16 << 10, 1 << 20],
    runs: 5,
    min_run: Duration::from_millis(2),
    thread_size: 8 << 20,
};

/// Median seconds per call of `f`.
fn measure(plan: &Plan, mut f: impl FnMut()) -> f64 {
    // Calibrate: double the iteration count until one run lasts `min_run`.
    let mut iters = 1u64;
    loop {
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        if t.elapsed() >= plan.min_run || iters >= 1 << 30 {
            break;
        }
        iters *= 2;
    }
    let mut times: Vec<f64> = (0..plan.runs)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..iters {
                f();
            }
            t.elapsed().as_secs_f64() / iters as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The TSC frequency in Hz, measured over 100 ms (x86-64 only).
fn tsc_hz() -> Option<f64> {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::_rdtsc;
        let t = Instant::now();
        // SAFETY: `rdtsc` exists on every x86-64 CPU and has no memory effects.
        let c0 = unsafe { _rdtsc() };
        std::thread::sleep(Duration::from_millis(100));
        // SAFETY: as above.
        let c1 = unsafe { _rdtsc() };
        Some((c1 - c0) as f64 / t.elapsed().as_secs_f64())
    }
    #[cfg(not(target_arch = "x86_64"))]
    None
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

fn size_label(n: usize) -> String {
    match n {
        n if n >= 1 << 20 && n % (1 << 20) == 0 => format!("{} MiB", n >> 20),
        n if n >= 1 << 10 && n % (1 << 10) == 0 => format!("{} KiB", n >> 10),
        n => format!("{n} B"),
    }
}

/// One table row: a name and seconds per message for each size.
struct Row {
    name: String,
    secs: Vec<f64>,
}

fn format_table(title: &str, sizes: &[usize], rows: &[Row], tsc: Option<f64>) -> String {
    let mut t = format!("\n{title}\n");
    let unit = if tsc.is_some() {
        "cycles/byte (GB/s)"
    } else {
        "GB/s"
    };
    let _ = write!(t, "{:<28}", format!("[{unit}]"));
    for &s in sizes {
        let _ = write!(t, " {:>18}", size_label(s));
    }
    t.push('\n');
    for r in rows {
        let _ = write!(t, "{:<28}", r.name);
        for (&s, &secs) in sizes.iter().zip(&r.secs) {
            let gbs = s as f64 / secs / 1e9;
            // Three decimals for slow rows, so that no cell rounds to zero.
            let gbs = if gbs < 0.1 {
                format!("{gbs:.3}")
            } else {
                format!("{gbs:.2}")
            };
            let cell = match tsc {
                Some(hz) => format!("{:.2} ({gbs})", secs * hz / s as f64),
                None => gbs,
            };
            let _ = write!(t, " {cell:>18}");
        }
        t.push('\n');
    }
    t
}

fn key() -> [u8; 32] {
    let mut k: [u8; 32] = core::array::from_fn(|i| (i as u8).wrapping_mul(37).wrapping_add(11));
    Poly1305AesKey::clamp_key_bytes(&mut k);
    k
}

/// Runs the benchmark and prints the tables.
pub(crate) fn run(quick: bool) -> Result<()> {
    let plan = if quick { &QUICK } else { &FULL };
    let tsc = tsc_hz();
    let quick_flag = if quick { " --quick" } else { "" };
    out(&format!("wegman bench{quick_flag}: {}\n", cpu_model()))?;
    if let Ok(Some(t)) = wegman_arch::requested_tier() {
        out(&format!(
            "tier forced by WEGMAN_BACKEND: {t} (detection picks nothing above it)\n"
        ))?;
    }
    out(&match tsc {
        Some(hz) => format!(
            "TSC {:.3} GHz; backends chosen: auth256 {}, poly1305 {}, hash127 {}\n",
            hz / 1e9,
            wegman_mac::hash256::Backend::detect(),
            Backend::detect(),
            wegman_mac::hash127::Backend::detect()
        ),
        None => format!(
            "backends chosen: auth256 {}, poly1305 {}, hash127 {}\n",
            wegman_mac::hash256::Backend::detect(),
            Backend::detect(),
            wegman_mac::hash127::Backend::detect()
        ),
    })?;
    let max = *plan.sizes.iter().max().unwrap_or(&0);
    let data: Vec<u8> = (0..max.max(plan.thread_size))
        .map(|i| (i as u8).wrapping_mul(101))
        .collect();
    let k = key();

    let mut rows = Vec::new();
    for backend in Backend::available() {
        let secs = plan.sizes.iter().map(|&s| {
            measure(plan, || {
                // `available()` listed it, so the constructor cannot refuse it.
                if let Ok(mut p) = Poly1305::with_backend(black_box(&k), backend) {
                    p.update(&data[..s]);
                    black_box(p.finalize());
                }
            })
        });
        rows.push(Row {
            name: format!("wegman poly1305 ({backend})"),
            secs: secs.collect(),
        });
    }
    let cached = Poly1305AesKey::new(&k).map_err(|e| crate::error::Error::new(e.to_string()))?;
    rows.push(Row {
        name: "wegman poly1305-aes (key)".into(),
        secs: plan
            .sizes
            .iter()
            .map(|&s| {
                measure(plan, || {
                    black_box(cached.mac(&[7; 16], &data[..s]));
                })
            })
            .collect(),
    });
    for backend in wegman_mac::hash127::Backend::available() {
        let Ok(hk) =
            wegman_mac::hash127::Hash127Key::with_backend([0x1234_5678, -9, 77, 5], backend)
        else {
            continue;
        };
        rows.push(Row {
            name: format!("wegman hash127 ({backend}, key)"),
            secs: plan
                .sizes
                .iter()
                .map(|&s| {
                    measure(plan, || {
                        black_box(hk.hash_bytes(&data[..s], [0; 4]));
                    })
                })
                .collect(),
        });
    }
    let h127 = wegman_mac::hash127::Hash127AesKey::new(&k);
    rows.push(Row {
        name: "wegman hash127-aes (key)".into(),
        secs: plan
            .sizes
            .iter()
            .map(|&s| {
                measure(plan, || {
                    black_box(h127.mac(&[7; 16], &data[..s]));
                })
            })
            .collect(),
    });
    rows.push(Row {
        name: "RustCrypto poly1305".into(),
        secs: plan
            .sizes
            .iter()
            .map(|&s| {
                measure(plan, || {
                    black_box(
                        poly1305::Poly1305::new(black_box(&k.into())).compute_unpadded(&data[..s]),
                    );
                })
            })
            .collect(),
    });
    rows.push(Row {
        name: "BLAKE3 keyed".into(),
        secs: plan
            .sizes
            .iter()
            .map(|&s| {
                measure(plan, || {
                    black_box(blake3::keyed_hash(black_box(&k), &data[..s]));
                })
            })
            .collect(),
    });
    out(&format_table(
        "One message per key (fresh key each time; rows marked `key`: key expanded once)",
        plan.sizes,
        &rows,
        tsc,
    ))?;

    out(&format_table(
        "Long-message MACs, key state kept across messages (Auth256: cached key stream)",
        plan.sizes,
        &long_message_rows(plan, &data, &k),
        tsc,
    ))?;

    let mut rows = Vec::new();
    let auth = Auth256Key::new(&k);
    let msg = &data[..plan.thread_size];
    for threads in [1usize, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| crate::error::Error::new(format!("cannot start threads: {e}")))?;
        let plural = if threads > 1 { "s" } else { "" };
        let poly = measure(plan, || {
            pool.install(|| {
                let mut p = Poly1305::new(black_box(&k));
                p.update_parallel(msg);
                black_box(p.finalize());
            })
        });
        let auth256 = measure(plan, || {
            pool.install(|| {
                let mut p = auth.start(&[7; 12]);
                p.update_parallel(msg);
                black_box(p.finalize());
            })
        });
        for (name, t) in [("poly1305", poly), ("auth256", auth256)] {
            rows.push(Row {
                name: format!("wegman {name}, {threads} thread{plural}"),
                secs: vec![t],
            });
        }
    }
    out(&format_table(
        "One long message on several threads (update_parallel)",
        &[plan.thread_size],
        &rows,
        tsc,
    ))?;
    fields(plan)?;
    wg(plan, tsc)?;
    ec_batch(plan, tsc)
}

/// Binary-curve scalar multiplication: the single constant-time ladder and the bit-sliced
/// batch ladder (polynomial basis, one core) on every batch backend this CPU has, per scalar
/// multiplication (BENCHMARKS.md, "Batch scalar multiplication").
fn ec_batch(plan: &Plan, tsc: Option<f64>) -> Result<()> {
    use wegman_ec::batch::{BatchLadder, SlicedBasis};
    use wegman_ec::{Curve, CurveId, NistPb, Scalar};
    use wegman_gf2::sliced::SlicedBackend as Backend;
    let show = |secs: f64| match tsc {
        Some(hz) => format!("{:>8.0} kcycles", secs * hz / 1e3),
        None => format!("{:>8.1} µs", secs * 1e6),
    };
    let err = |e: wegman_ec::Error| crate::error::Error::new(e.to_string());
    let mut t = String::from("\nScalar multiplication k·P, per multiplication (batch: one core)\n");
    for id in [CurveId::Sect163k1, CurveId::Sect233k1, CurveId::Sect283k1] {
        let c = Curve::new(id, NistPb::new).map_err(err)?;
        let k = Scalar::from_limbs(&[0x9e37_79b9_7f4a_7c15, 0xdead_beef, 1]);
        let p = c.mul_base(&k);
        let single = measure(plan, || {
            black_box(c.mul_ladder(black_box(&k), black_box(&p)));
        });
        let _ = writeln!(t, "{:<36} {}", format!("{id} single ladder"), show(single));
        for backend in Backend::available() {
            let ladder =
                BatchLadder::with_backend(id, SlicedBasis::Polynomial, backend).map_err(err)?;
            let w = ladder.lanes();
            let (ks, ps) = (vec![k; w], vec![p; w]);
            let per = measure(plan, || {
                black_box(c.mul_batch_with(&ladder, &ks, black_box(&ps)).ok());
            }) / w as f64;
            let _ = writeln!(
                t,
                "{:<36} {} ({:.2}x single)",
                format!("{id} batch {backend} ({w} lanes)"),
                show(per),
                single / per
            );
        }
    }
    out(&t)
}

/// WG-29: the serial cipher and the bit-sliced batch on every batch backend this CPU has, per
/// keystream byte of one key, and the key/IV setup per key (BENCHMARKS.md, "WG-29").
fn wg(plan: &Plan, tsc: Option<f64>) -> Result<()> {
    use wegman_gf2::gnb::SlicedBackend as Backend;
    use wegman_wg::{Wg29, Wg29Batch};
    let show = |secs: f64| match tsc {
        Some(hz) => format!("{:>10.0} cycles", secs * hz),
        None => format!("{:>10.1} ns", secs * 1e9),
    };
    let key = [7u8; 16];
    let iv = [9u8; 8];
    let mut t = String::from("\nWG-29 (per keystream byte of one key; setup per key)\n");
    let mut w = Wg29::new(&key, &iv).map_err(|e| crate::error::Error::new(e.to_string()))?;
    let mut buf = [0u8; 64];
    let serial = measure(plan, || w.keystream(black_box(&mut buf))) / 64.0;
    let setup = measure(plan, || {
        black_box(Wg29::new(black_box(&key), &iv).ok());
    });
    let _ = writeln!(
        t,
        "{:<28} {} per byte, {} setup",
        "serial (Ning–Yin)",
        show(serial),
        show(setup)
    );
    for backend in Backend::available() {
        let lanes = backend.lanes();
        let pairs = vec![(key, iv); lanes];
        let Ok(Ok(mut b)) = Wg29Batch::with_backend(backend, None, &pairs) else {
            continue;
        };
        let bytes = 16;
        let mut out = vec![0u8; lanes * bytes];
        let per = measure(plan, || {
            let _ = b.keystream(bytes, black_box(&mut out));
        }) / (lanes * bytes) as f64;
        let setup = measure(plan, || {
            let _ = black_box(Wg29Batch::with_backend(backend, None, &pairs));
        }) / lanes as f64;
        let _ = writeln!(
            t,
            "{:<28} {} per byte, {} setup ({:.1}x serial)",
            format!("batch {backend} ({lanes} keys)"),
            show(per),
            show(setup),
            serial / per
        );
    }
    out(&t)
}

/// Auth256 on every backend against the long-message peers, each with its key state kept.
fn long_message_rows(plan: &Plan, data: &[u8], k: &[u8; 32]) -> Vec<Row> {
    use ghash::universal_hash::UniversalHash;
    let sizes = |f: &mut dyn FnMut(&[u8])| -> Vec<f64> {
        plan.sizes
            .iter()
            .map(|&s| measure(plan, || f(&data[..s])))
            .collect()
    };
    let mut rows = Vec::new();
    for backend in wegman_mac::hash256::Backend::available() {
        let Ok(key) = Auth256Key::with_options(k, backend, 64 << 20) else {
            continue;
        };
        rows.push(Row {
            name: format!("wegman auth256 ({backend}, key)"),
            secs: sizes(&mut |m| {
                black_box(key.mac(&[7; 12], m));
            }),
        });
    }
    for backend in wegman_mac::hash256::Backend::available() {
        let Ok(key) = wegman_mac::hash256::Auth256TwoLevelKey::with_backend(k, backend) else {
            continue;
        };
        for enc in [Encoding::B1, Encoding::B256] {
            rows.push(Row {
                name: format!("wegman auth256-2l/b{} ({backend}, key)", enc.b()),
                secs: sizes(&mut |m| {
                    black_box(key.mac_with(&[7; 12], enc, m));
                }),
            });
        }
    }
    for backend in wegman_mac::hash256::PbBackend::available() {
        let Ok(key) = wegman_mac::hash256::Auth256PbKey::with_backend(k, backend) else {
            continue;
        };
        rows.push(Row {
            name: format!("wegman auth256-pb ({backend}, key)"),
            secs: sizes(&mut |m| {
                black_box(key.mac(&[7; 12], m));
            }),
        });
    }
    if let Ok(p) = Poly1305AesKey::new(k) {
        rows.push(Row {
            name: "wegman poly1305-aes (key)".into(),
            secs: sizes(&mut |m| {
                black_box(p.mac(&[7; 16], m));
            }),
        });
    }
    let h: [u8; 16] = core::array::from_fn(|i| k[i]);
    let g0 = ghash::GHash::new(&h.into());
    rows.push(Row {
        name: "RustCrypto ghash (key)".into(),
        secs: sizes(&mut |m| {
            let mut x = g0.clone();
            x.update_padded(m);
            black_box(x.finalize());
        }),
    });
    let p0 = polyval::Polyval::new(&h.into());
    rows.push(Row {
        name: "RustCrypto polyval (key)".into(),
        secs: sizes(&mut |m| {
            let mut x = p0.clone();
            x.update_padded(m);
            black_box(x.finalize());
        }),
    });
    rows.push(Row {
        name: "BLAKE3 keyed".into(),
        secs: sizes(&mut |m| {
            black_box(blake3::keyed_hash(k, m));
        }),
    });
    rows
}

/// One field's row: ns per operation.
fn field_row<T>(plan: &Plan, name: &str, a: T, c: T) -> String
where
    T: Copy + core::ops::Mul<Output = T> + FieldOps,
{
    let ns = |secs: f64| secs * 1e9;
    let mul = ns(measure(plan, || {
        black_box(black_box(a) * black_box(c));
    }));
    let cells = [
        mul,
        ns(measure(plan, || {
            black_box(black_box(a).sqr());
        })),
        ns(measure(plan, || {
            black_box(black_box(a).inv());
        })),
        ns(measure(plan, || {
            black_box(black_box(a).sqrt());
        })),
        ns(measure(plan, || {
            black_box(black_box(a).tr());
        })),
        ns(measure(plan, || {
            black_box(black_box(c).solve_eq());
        })),
    ];
    let mut line = format!("{name:<28}");
    for (i, v) in cells.iter().enumerate() {
        let cell = if i == 0 {
            format!("{v:.1}")
        } else {
            // Three significant digits, so a cheap operation next to a slow (portable)
            // multiplication never rounds to 0.
            let r = v / mul;
            let digits = if r >= 1.0 {
                2
            } else {
                (2.0 - r.log10().floor()) as usize
            };
            format!("{v:.1} ({r:.digits$})")
        };
        let _ = write!(line, " {cell:>16}");
    }
    line.push('\n');
    line
}

/// The operations `wegman bench` times on every field type.
trait FieldOps: Sized {
    fn sqr(self) -> Self;
    fn inv(self) -> Self;
    fn sqrt(self) -> Self;
    fn tr(self) -> u8;
    fn solve_eq(self) -> Option<(Self, Self)>;
}

macro_rules! field_ops {
    ($($t:ty),*) => {$(
        impl FieldOps for $t {
            fn sqr(self) -> Self { self.square() }
            fn inv(self) -> Self { self.invert().unwrap_or(<$t>::ZERO) }
            fn sqrt(self) -> Self { <$t>::sqrt(&self) }
            fn tr(self) -> u8 { self.trace() }
            fn solve_eq(self) -> Option<(Self, Self)> { self.solve() }
        }
    )*};
}

use wegman_gf2::{F163Nist, F163Ssrf, F233Nist, F233Ssrf, F571Nist, F571Ssrf};
field_ops!(F163Nist, F163Ssrf, F233Nist, F233Ssrf, F571Nist, F571Ssrf);

/// A non-trivial element of each field type and a trace-0 one (so that solve finds roots).
macro_rules! field_pair {
    ($t:ty) => {{
        let limbs: Vec<u64> = (0..<$t>::LIMBS as u64)
            .map(|i| (i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        let mut limbs = limbs;
        let m = <$t>::DEGREE;
        if !m.is_multiple_of(64) {
            *limbs.last_mut().unwrap_or(&mut 0) &= (1u64 << (m % 64)) - 1;
        }
        let a = <$t>::from_limbs(&limbs).unwrap_or(<$t>::ONE);
        let _ = <$t>::field(); // tables built outside the timings
        (a, a.square() + a)
    }};
}

fn fields(plan: &Plan) -> Result<()> {
    let mut t = format!(
        "\nBinary fields, backend {} (ns per operation; in parentheses: relative to mul)\n",
        wegman_gf2::Backend::detect()
    );
    let _ = write!(t, "{:<28}", "[field]");
    for h in ["mul", "sqr", "inv", "sqrt", "trace", "solve"] {
        let _ = write!(t, " {h:>16}");
    }
    t.push('\n');
    let (a, c) = field_pair!(F163Nist);
    t += &field_row(plan, "F2^163 NIST 163,7,6,3,0", a, c);
    let (a, c) = field_pair!(F163Ssrf);
    t += &field_row(plan, "F2^163 SSRF 163,57,49,29,0", a, c);
    let (a, c) = field_pair!(F233Nist);
    t += &field_row(plan, "F2^233 NIST 233,74,0", a, c);
    let (a, c) = field_pair!(F233Ssrf);
    t += &field_row(plan, "F2^233 SSRF 233,159,0", a, c);
    let (a, c) = field_pair!(F571Nist);
    t += &field_row(plan, "F2^571 NIST 571,10,5,2,0", a, c);
    let (a, c) = field_pair!(F571Ssrf);
    t += &field_row(plan, "F2^571 SSRF 571,193,185,5,0", a, c);
    out(&t)
}
