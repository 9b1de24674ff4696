//! `wegman`: tag and verify files with provably secure Wegman–Carter MACs.
//!
//! The command-line contract is docs/spec.md §4; this program uses only the public APIs of the
//! library crates. It is a library with one entry point, [`main`], so that the fuzz targets
//! (`fuzz/`) can reach its parsers through [`fuzzing`]; the `wegman` binary calls [`main`].

/// A line on standard error, like `eprintln!`, but a closed or full stderr is ignored instead
/// of panicking (the fault-injection suite fails every write, stderr's too).
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

#[cfg(feature = "bench")]
mod bench;
mod ec;
mod error;
mod field;
#[doc(hidden)]
pub mod fuzzing;
mod input;
mod wg;

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::{Error, Result};
use crate::input::Input;
use wegman_files::check::{format_check_line, parse_check_line, parse_nonce};
use wegman_files::{keyfile, nonce};
use wegman_mac::alg::{Alg, AnyKey};
use wegman_mac::hash256::Encoding;

/// Tag and verify files with fast, provably secure Wegman–Carter MACs.
#[derive(Parser, Debug)]
#[command(name = "wegman", version, about = "Tag and verify files with fast, provably secure Wegman–Carter MACs.", long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Write a fresh random key file (mode 0600); never overwrites an existing file.
    Keygen {
        /// Algorithm the key is for: auth256-pb, auth256-2l, auth256, auth256-128, poly1305-aes,
        /// hash127-aes, poly1305 [default: auth256-pb].
        #[arg(long)]
        alg: Option<String>,
        /// Where to write the key [default: $WEGMAN_HOME/key].
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
    },
    /// Print one line `ALG NONCE TAG PATH` per input.
    Tag {
        /// Algorithm [default: the key file's].
        #[arg(long)]
        alg: Option<String>,
        /// Key file [default: $WEGMAN_HOME/key, created on first use].
        #[arg(long)]
        key_file: Option<PathBuf>,
        /// Use this nonce (hex) instead of the next one from the key's counter; one input only.
        #[arg(long)]
        nonce: Option<String>,
        /// Hash256 encoding parameter b of auth256, auth256-128 and auth256-2l: 1, 8 or 256 [default: 1].
        /// Check lines then name the algorithm `ALG/bN` (e.g. `auth256/b8`).
        #[arg(long = "b", value_name = "N")]
        b: Option<u32>,
        /// Threads for hashing each input [default: all CPUs]; the tags do not depend on it.
        #[arg(short = 'j', long = "threads", value_name = "THREADS")]
        threads: Option<usize>,
        /// Files to authenticate; `-` is standard input.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Throughput table: wegman's backends against peers, measured on this machine.
    #[cfg(feature = "bench")]
    Bench {
        /// Fewer sizes and shorter runs (a few seconds in all).
        #[arg(long)]
        quick: bool,
    },
    /// Binary-field calculator: `field --modulus EXPS OP A [B]`, `field --modulus EXPS --batch`
    /// (reads `OP A [B]` lines from stdin), `field --gnb M[,T] OP A [B]`, or
    /// `field ssrf DEGREE`.
    ///
    /// OP is one of mul, sqr, sqrt, inv, trace, htrace, solve, add. Elements are big-endian
    /// hex (bit i = coefficient of x^i; in a normal basis a_0 is the most significant of m
    /// bits); `trace` prints 0 or 1; `solve` prints one root z of z^2 + z = A (the other is
    /// z + 1) or `none`. With --gnb, `topb A` and `frompb A` convert to and from the
    /// polynomial basis of --modulus, and --batch multiplies bit-sliced. With --batch a bad
    /// line prints `error: ...` and the run goes on. `ssrf DEGREE` prints the
    /// square-root-friendly modulus of an odd degree and the exponents of sqrt(x).
    Field {
        /// The modulus as exponents, highest first (e.g. 163,57,49,29,0).
        #[arg(long, value_name = "EXPS")]
        modulus: Option<String>,
        /// Compute in the Gaussian normal basis of degree M (and type T; default the smallest).
        #[arg(long, value_name = "M[,T]")]
        gnb: Option<String>,
        /// Read `OP A [B]` lines from standard input, print one result per line.
        #[arg(long)]
        batch: bool,
        /// `OP A [B]`, or `ssrf DEGREE`.
        #[arg(value_name = "ARGS")]
        args: Vec<String>,
    },
    /// Binary elliptic-curve calculator on the NIST K/B curves (points as `X Y` in the SEC 2
    /// polynomial basis, or `infinity`).
    ///
    /// OP is `mul D` (D·G), `mul D X Y`, `add X1 Y1 X2 Y2`, `dbl X Y`, `halve X Y` (the half in
    /// the order-n subgroup; B curves and sect163k1), or `check X Y` (`ok`, or the reason).
    /// Input points must be valid (on the curve, in the order-n subgroup). With --batch, OP
    /// lines come from standard input and a bad line prints `error: ...`.
    Ec {
        /// The curve: sect163k1, sect163r2, sect233k1, sect233r1, sect283k1, sect283r1,
        /// sect409k1, sect409r1, sect571k1, sect571r1 (or K-163 … B-571).
        #[arg(long)]
        curve: String,
        /// The field representation to compute in: nist (polynomial basis, NIST modulus),
        /// ssrf (square-root-friendly modulus) or nb (Gaussian normal basis).
        #[arg(long, default_value = "nist")]
        repr: String,
        /// Read OP lines from standard input, print one result per line.
        #[arg(long)]
        batch: bool,
        /// `OP ARGS...`.
        #[arg(value_name = "ARGS")]
        args: Vec<String>,
    },
    /// The WG-29 stream cipher (eSTREAM reference layout), bit-sliced over many keys.
    Wg {
        #[command(subcommand)]
        op: WgOp,
    },
    /// Check `ALG NONCE TAG PATH` lines; print `PATH: OK` or `PATH: FAILED` for each.
    Verify {
        /// Key file [default: $WEGMAN_HOME/key].
        #[arg(long)]
        key_file: Option<PathBuf>,
        /// File of check lines, as printed by `wegman tag`; `-` is standard input.
        #[arg(value_name = "CHECKFILE")]
        checkfile: PathBuf,
    },
}

/// `wegman wg` operations.
#[derive(Subcommand, Debug)]
enum WgOp {
    /// Read `KEYHEX IVHEX` lines from standard input (keys of 80–128 bits, IVs of 32 or 64
    /// bits) and print N keystream bytes (hex) per line, in order; a bad line prints
    /// `error: ...` and the run continues.
    Keystream {
        /// Keystream bytes per line.
        #[arg(long)]
        bytes: usize,
    },
}

/// Runs the command line of this process (the `wegman` binary's `main`).
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // A forced tier (WEGMAN_BACKEND) must exist and run on this CPU; the library's detection
    // then never picks a higher one.
    if let Err(e) = wegman_arch::requested_tier() {
        note!("wegman: {e}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Keygen { alg, output } => keygen(alg.as_deref(), output),
        #[cfg(feature = "bench")]
        Command::Bench { quick } => bench::run(quick).map(|()| ExitCode::SUCCESS),
        Command::Tag {
            alg,
            key_file,
            nonce,
            b,
            threads,
            files,
        } => pool(threads).and_then(|(pool, threads)| {
            pool.install(|| {
                tag(
                    alg.as_deref(),
                    key_file.as_deref(),
                    nonce.as_deref(),
                    b,
                    threads,
                    &files,
                )
            })
        }),
        Command::Field {
            modulus,
            gnb,
            batch,
            args,
        } => {
            field::run(modulus.as_deref(), gnb.as_deref(), batch, &args).map(|()| ExitCode::SUCCESS)
        }
        Command::Ec {
            curve,
            repr,
            batch,
            args,
        } => ec::run(&curve, &repr, batch, &args).map(|()| ExitCode::SUCCESS),
        Command::Wg {
            op: WgOp::Keystream { bytes },
        } => wg::keystream(bytes).map(|()| ExitCode::SUCCESS),
        Command::Verify {
            key_file,
            checkfile,
        } => verify(key_file.as_deref(), &checkfile),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            note!("wegman: {e}");
            ExitCode::from(2)
        }
    }
}

/// A rayon pool of `threads` threads (default: every CPU) and its size.
fn pool(threads: Option<usize>) -> Result<(rayon::ThreadPool, usize)> {
    let threads = match threads {
        Some(0) => return Err(Error::new("-j needs at least one thread")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::new(format!("cannot start {threads} threads: {e}")))?;
    Ok((pool, threads))
}

fn parse_alg(alg: Option<&str>) -> Result<Option<Alg>> {
    Ok(alg.map(Alg::parse).transpose()?)
}

fn keygen(alg: Option<&str>, output: Option<PathBuf>) -> Result<ExitCode> {
    let alg = parse_alg(alg)?.unwrap_or(Alg::DEFAULT);
    let path = match output {
        Some(p) => p,
        None => keyfile::default_path()?,
    };
    keyfile::generate(alg, &path)?;
    note!("wegman: wrote a new {alg} key to {}", path.display());
    Ok(ExitCode::SUCCESS)
}

fn tag(
    alg: Option<&str>,
    key_file: Option<&Path>,
    nonce: Option<&str>,
    b: Option<u32>,
    threads: usize,
    files: &[PathBuf],
) -> Result<ExitCode> {
    let alg = parse_alg(alg)?;
    let kf = keyfile::load_or_create_default(key_file, alg)?;
    if let Some(a) = alg.filter(|&a| a != kf.alg) {
        return Err(Error::new(format!(
            "the key in {} is {} {} key, not {a} (make one with `wegman keygen --alg {a} -o PATH`)",
            kf.path.display(),
            kf.alg.article(),
            kf.alg
        )));
    }
    let alg = kf.alg;
    let enc = match b {
        None => Encoding::B1,
        Some(_) if !alg.has_encoding() => {
            return Err(Error::new(format!(
                "--b applies only to auth256, auth256-128 and auth256-2l, not {alg}"
            )));
        }
        Some(n) => Encoding::from_b(n).map_err(|_| {
            Error::new(format!(
                "unsupported --b {n}: Hash256 takes b = 1, 8 or 256"
            ))
        })?,
    };
    let keyed = kf.key_for(enc)?;
    let stdin_count = files.iter().filter(|f| f.as_os_str() == "-").count();
    if stdin_count > 1 {
        return Err(Error::new("standard input (-) can be read only once"));
    }
    let explicit = match nonce {
        Some(_) if files.len() > 1 => {
            return Err(Error::new(
                "--nonce takes exactly one input: a nonce must never tag two messages",
            ));
        }
        Some(n) => Some(parse_nonce(alg, n)?),
        None => None,
    };

    // Open every input first, so that a missing file costs no nonce and is reported up front.
    let mut failed = false;
    let mut inputs = Vec::new();
    for f in files {
        match Input::open(f) {
            Ok(i) => inputs.push(i),
            Err(e) => {
                note!("wegman: {e}");
                failed = true;
            }
        }
    }

    // Reserve every nonce durably before any tag is printed.
    let nonces: Vec<Option<Vec<u8>>> = match (alg.nonce_len(), explicit) {
        (None, _) => {
            note!(
                "wegman: note: poly1305 is a one-time authenticator: never tag a second message \
                 with this key (use poly1305-aes for many messages)"
            );
            vec![None; inputs.len()]
        }
        (Some(_), Some(n)) => vec![Some(n); inputs.len()],
        (Some(_), None) if inputs.is_empty() => Vec::new(),
        (Some(len), None) => nonce::reserve(&kf.path, len, inputs.len())?
            .into_iter()
            .map(Some)
            .collect(),
    };

    let stdout = std::io::stdout();
    for (input, nonce) in inputs.into_iter().zip(nonces) {
        let label = input.label();
        let mut mac = keyed.start(nonce.as_deref())?;
        let fed = if threads > 1 {
            input.feed(threads, |chunk| mac.update_parallel(chunk))
        } else {
            input.feed(1, |chunk| mac.update(chunk))
        };
        match fed {
            Ok(()) => {
                let t = mac.finalize();
                let line = format_check_line(alg, enc, nonce.as_deref(), &t, &label);
                let mut out = stdout.lock();
                writeln!(out, "{line}")
                    .and_then(|()| out.flush())
                    .map_err(|e| {
                        Error::new(format!(
                            "cannot write to standard output: {}",
                            error::io_reason(&e)
                        ))
                    })?;
            }
            Err(e) => {
                note!("wegman: {e}");
                failed = true;
            }
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn verify(key_file: Option<&Path>, checkfile: &Path) -> Result<ExitCode> {
    let kf = keyfile::load_existing(key_file)?;
    // One expanded key per encoding the lines use (Auth256's cached key stream is reused
    // across lines); the first validates the key file.
    let mut keys: Vec<AnyKey> = vec![kf.key_for(Encoding::B1)?];
    let from_stdin = checkfile.as_os_str() == "-";
    let reader: Box<dyn BufRead> = if from_stdin {
        Box::new(std::io::stdin().lock())
    } else {
        let f =
            std::fs::File::open(checkfile).map_err(|e| Error::io("cannot read", checkfile, e))?;
        Box::new(std::io::BufReader::new(f))
    };
    let name = if from_stdin {
        "-".into()
    } else {
        checkfile.display().to_string()
    };
    let mut all_ok = true;
    let mut checked = 0usize;
    for (i, line) in reader.lines().enumerate() {
        let line =
            line.map_err(|e| Error::new(format!("cannot read {name}: {}", error::io_reason(&e))))?;
        let line = line.strip_suffix('\r').unwrap_or(&line);
        if line.trim().is_empty() {
            continue;
        }
        checked += 1;
        let outcome = (|| -> Result<bool> {
            let c = parse_check_line(line)?;
            if c.alg != kf.alg {
                return Err(Error::new(format!(
                    "{}: line is for {}, but the key in {} is {} {} key",
                    c.path,
                    c.alg,
                    kf.path.display(),
                    kf.alg.article(),
                    kf.alg
                )));
            }
            if from_stdin && c.path == "-" {
                return Err(Error::new(
                    "cannot check `-`: standard input holds the check lines",
                ));
            }
            let input = Input::open(Path::new(c.path))?;
            let i = match keys.iter().position(|k| k.encoding() == c.enc) {
                Some(i) => i,
                None => {
                    keys.push(kf.key_for(c.enc)?);
                    keys.len() - 1
                }
            };
            let mut mac = keys[i].start(c.nonce.as_deref())?;
            input.feed(1, |chunk| mac.update(chunk))?;
            let ok = mac.verify(&c.tag).is_ok();
            error::out(&format!(
                "{}: {}\n",
                c.path,
                if ok { "OK" } else { "FAILED" }
            ))?;
            Ok(ok)
        })();
        match outcome {
            Ok(ok) => all_ok &= ok,
            Err(e) => {
                note!("wegman: {name}:{}: {e}", i + 1);
                if let Ok(c) = parse_check_line(line) {
                    error::out(&format!("{}: FAILED\n", c.path))?;
                }
                all_ok = false;
            }
        }
    }
    if checked == 0 {
        return Err(Error::new(format!("{name}: no check lines found")));
    }
    Ok(if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
