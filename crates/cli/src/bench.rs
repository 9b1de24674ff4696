//! `wegman bench`: throughput of wegman's MACs against peers, side by side on this machine.
//!
//! Each cell is the median of several timed runs, each long enough to dwarf timer overhead;
//! cycles are TSC cycles (seconds × TSC frequency, design.md §5), the TSC frequency measured
//! against the monotonic clock.

use std::hint::black_box;
use std::time::{Duration, Instant};

use poly1305::universal_hash::KeyInit;
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
            let cell = match tsc {
                Some(hz) => format!("{:.2} ({gbs:.2})", secs * hz / s as f64),
                None => format!("{gbs:.2}"),
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
    out(&match tsc {
        Some(hz) => format!(
            "TSC {:.3} GHz; backends chosen: poly1305 {}, hash127 {}\n",
            hz / 1e9,
            Backend::detect(),
            wegman_mac::hash127::Backend::detect()
        ),
        None => format!(
            "backends chosen: poly1305 {}, hash127 {}\n",
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
                let mut p = Poly1305::with_backend(black_box(&k), backend);
                p.update(&data[..s]);
                black_box(p.finalize());
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
        let hk = wegman_mac::hash127::Hash127Key::with_backend([0x1234_5678, -9, 77, 5], backend);
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

    let mut rows = Vec::new();
    for threads in [1usize, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| crate::error::Error::new(format!("cannot start threads: {e}")))?;
        let msg = &data[..plan.thread_size];
        let t = measure(plan, || {
            pool.install(|| {
                let mut p = Poly1305::new(black_box(&k));
                p.update_parallel(msg);
                black_box(p.finalize());
            })
        });
        rows.push(Row {
            name: format!(
                "wegman poly1305, {threads} thread{}",
                if threads > 1 { "s" } else { "" }
            ),
            secs: vec![t],
        });
    }
    out(&format_table(
        "One long message on several threads (update_parallel)",
        &[plan.thread_size],
        &rows,
        tsc,
    ))?;
    Ok(())
}
