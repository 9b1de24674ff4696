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
mod ecdsa;
mod error;
mod field;
#[doc(hidden)]
pub mod fuzzing;
mod input;
mod ordered;
mod progress;
mod tag;
mod verify;
mod wg;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::error::{Error, Result};
use wegman_files::keyfile;
use wegman_mac::alg::Alg;

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
    /// Print one line `ALG NONCE TAG PATH` per input, in input order.
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
        /// Tag the regular files under each directory named, depth first, sorted by name at
        /// every level (two runs print the same lines in the same order).
        #[arg(short = 'r', long)]
        recursive: bool,
        /// With -r, follow symbolic links (by default they are skipped).
        #[arg(long, requires = "recursive")]
        follow: bool,
        /// Threads [default: all CPUs]: many files are hashed side by side, a large one by
        /// all threads; the tags do not depend on it.
        #[arg(short = 'j', long = "threads", value_name = "THREADS")]
        threads: Option<usize>,
        /// Never show the progress bar (shown on a terminal for long runs).
        #[arg(long)]
        no_progress: bool,
        /// No progress bar and no notes on stderr (errors are still reported).
        #[arg(short = 'q', long)]
        quiet: bool,
        /// Files to authenticate (directories with -r); `-` is standard input.
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
    ///
    /// `wegman ec keygen | pubkey | sign | verify` work on ECDSA key and signature files as
    /// OpenSSL writes them (see `wegman ec sign --help`).
    #[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Ec {
        /// ECDSA key operations.
        #[command(subcommand)]
        key_op: Option<ecdsa::EcKeyOp>,
        /// The curve: sect163k1, sect163r2, sect233k1, sect233r1, sect283k1, sect283r1,
        /// sect409k1, sect409r1, sect571k1, sect571r1 (or K-163 … B-571).
        #[arg(long, required = true)]
        curve: Option<String>,
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
    /// Check `ALG NONCE TAG PATH` lines; print `PATH: OK` or `PATH: FAILED` for each, in
    /// order, and a warning on stderr for failures (as `sha256sum -c`).
    Verify {
        /// Key file [default: $WEGMAN_HOME/key].
        #[arg(long)]
        key_file: Option<PathBuf>,
        /// Don't print OK for each file verified.
        #[arg(long)]
        quiet: bool,
        /// Don't print anything; the exit status shows success.
        #[arg(long)]
        status: bool,
        /// Don't fail or report for files that do not exist.
        #[arg(long)]
        ignore_missing: bool,
        /// Exit non-zero for improperly formatted lines.
        #[arg(long)]
        strict: bool,
        /// Threads [default: all CPUs]: the listed files are checked side by side.
        #[arg(short = 'j', long = "threads", value_name = "THREADS")]
        threads: Option<usize>,
        /// Never show the progress bar (shown on a terminal for long runs).
        #[arg(long)]
        no_progress: bool,
        /// File of check lines, as printed by `wegman tag`; `-` is standard input.
        #[arg(value_name = "CHECKFILE")]
        checkfile: PathBuf,
    },
    /// Print a shell completion script: `wegman completions bash > /etc/bash_completion.d/wegman`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page wegman(1) (roff), or with --dir write it and one page per
    /// subcommand (wegman-tag.1, ...) into a directory.
    Man {
        /// Write wegman.1 and wegman-SUBCOMMAND.1 into this directory instead.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
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
    install_panic_hook();
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
            recursive,
            follow,
            threads,
            no_progress,
            quiet,
            files,
        } => pool(threads).and_then(|pool| {
            let opts = tag::TagOptions {
                alg: alg.as_deref(),
                key_file: key_file.as_deref(),
                nonce: nonce.as_deref(),
                b,
                recursive,
                follow,
                progress: !no_progress,
                quiet,
            };
            tag::tag(&opts, &pool, &files)
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
            key_op: Some(op), ..
        } => ecdsa::run(op).map(|ok| {
            if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }),
        Command::Ec {
            key_op: None,
            curve,
            repr,
            batch,
            args,
        } => ec::run(curve.as_deref().unwrap_or_default(), &repr, batch, &args)
            .map(|()| ExitCode::SUCCESS),
        Command::Wg {
            op: WgOp::Keystream { bytes },
        } => wg::keystream(bytes).map(|()| ExitCode::SUCCESS),
        Command::Verify {
            key_file,
            quiet,
            status,
            ignore_missing,
            strict,
            threads,
            no_progress,
            checkfile,
        } => pool(threads).and_then(|pool| {
            let opts = verify::VerifyOptions {
                key_file: key_file.as_deref(),
                quiet,
                status,
                ignore_missing,
                strict,
                progress: !no_progress,
            };
            verify::verify(&opts, &pool, &checkfile)
        }),
        Command::Completions { shell } => completions(shell),
        Command::Man { dir } => man(dir.as_deref()),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            note!("wegman: {e}");
            ExitCode::from(2)
        }
    }
}

std::thread_local! {
    /// Set while [`quiet_panic`] runs its closure on this thread.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A panic (a bug, or the standard library's reaction to a kernel fault) prints one line
/// `wegman: internal error: ...` instead of Rust's message and backtrace; inside
/// [`quiet_panic`] it prints nothing (the caller reports it).
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        if QUIET.with(|q| q.get()) {
            return;
        }
        let what = panic_text(info.payload());
        let at = info
            .location()
            .map(|l| format!(" ({}:{})", l.file(), l.line()))
            .unwrap_or_default();
        note!("wegman: internal error: {what}{at}");
    }));
}

/// The message of a panic payload, on one line.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown".into());
    text.replace('\n', " ")
}

/// Runs `f`, turning a panic inside it into `Err(its message)` with nothing printed.
pub(crate) fn quiet_panic<R>(f: impl FnOnce() -> R) -> std::result::Result<R, String> {
    let before = QUIET.with(|q| q.replace(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    QUIET.with(|q| q.set(before));
    r.map_err(|p| panic_text(&*p))
}

/// A rayon pool of `threads` threads (default: every CPU).
fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    let threads = match threads {
        Some(0) => return Err(Error::new("-j needs at least one thread")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::new(format!("cannot start {threads} threads: {e}")))?;
    Ok(pool)
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

/// `wegman completions SHELL`: the completion script on standard output.
fn completions(shell: clap_complete::Shell) -> Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "wegman", &mut script);
    error::out(&String::from_utf8_lossy(&script))?;
    Ok(ExitCode::SUCCESS)
}

/// `wegman man [--dir DIR]`: wegman(1) on standard output, or every page into DIR.
fn man(dir: Option<&Path>) -> Result<ExitCode> {
    let cmd = Cli::command();
    match dir {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(cmd)
                .render(&mut page)
                .map_err(|e| Error::new(format!("cannot render the manual page: {e}")))?;
            error::out(&String::from_utf8_lossy(&page))?;
        }
        Some(d) => {
            std::fs::create_dir_all(d).map_err(|e| Error::io("cannot create", d, e))?;
            clap_mangen::generate_to(cmd, d).map_err(|e| Error::io("cannot write to", d, e))?;
            note!("wegman: wrote the manual pages to {}", d.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}
