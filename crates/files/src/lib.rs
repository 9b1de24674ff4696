//! wegman's file formats (docs/spec.md §4): the key file (`wegman-key ALG HEX`, mode 0600,
//! never overwritten), the durable nonce counter beside it (no nonce is ever handed out twice,
//! even across a crash), and the check lines `ALG NONCE TAG PATH` that `wegman tag` prints and
//! `wegman verify` reads. One implementation for every front end: the `wegman` CLI, the
//! Python package (`python -m wegman.dask tag`) and the fuzz targets. The algorithms are
//! those of the registry [`wegman_mac::alg`].
//!
//! Errors are [`Error`]: the one-line messages `wegman` prints after `wegman: `.

/// A line on standard error, like `eprintln!`, but a closed or full stderr is ignored instead
/// of panicking (the CLI's fault-injection suite fails every write, stderr's too).
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub mod check;
pub mod error;
pub mod fsutil;
#[doc(hidden)]
pub mod fuzzing;
pub mod keyfile;
pub mod nonce;
pub mod tagging;

pub use error::{Error, Result};
pub use wegman_mac::alg::Alg;
