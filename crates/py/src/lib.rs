//! `wegman` for Python: the native module `wegman._wegman`, built with PyO3 for the stable ABI
//! of CPython 3.11 and later (one abi3 wheel, where the buffer protocol is part of the stable
//! ABI). The Python package `wegman` (in `python/wegman/`) re-exports it with type stubs.
//!
//! Only the public APIs of the Rust crates are used:
//! - `mac`: the MACs of `wegman-mac` in the shape of `cryptography` and `blake3` (buffer
//!   protocol input, the GIL released from 2 KiB on, `max_threads`), and their mergeable
//!   pieces with an explicit, secret serialisation;
//! - `gf2`: `wegman-gf2`'s fields (any trinomial or pentanomial modulus, Gaussian normal
//!   bases) on numpy arrays of limbs;
//! - `ec`: `wegman-ec`'s ten binary curves: keys, SEC 1 encodings, ECDH, batched ladders;
//! - `cli`: the key file and durable nonce counter of `wegman tag` (`wegman-cli`), for the
//!   Dask recipe's command line.

use pyo3::prelude::*;

mod cli;
mod ec;
mod gf2;
mod input;
mod mac;

pyo3::create_exception!(
    wegman,
    InvalidTag,
    pyo3::exceptions::PyException,
    "The tag does not authenticate the message (raised by every `verify`)."
);

/// The native module.
#[pymodule]
fn _wegman(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // An unknown or unavailable WEGMAN_BACKEND is an error here as in the CLI: the import
    // fails with the reason instead of running another backend than the one asked for.
    if let Err(e) = wegman_arch::requested_tier() {
        return Err(pyo3::exceptions::PyValueError::new_err(e.to_string()));
    }
    m.add("InvalidTag", m.py().get_type::<InvalidTag>())?;
    m.add("AUTO", mac::AUTO)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    mac::register(m)?;
    gf2::register(m)?;
    ec::register(m)?;
    cli::register(m)?;
    Ok(())
}
