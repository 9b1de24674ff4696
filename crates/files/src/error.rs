//! The error of the file formats: a one-line message for stderr.

use std::fmt;

/// A user-facing error; `wegman` prints it as `wegman: MESSAGE` and exits non-zero.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(String);

/// A result with [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An error with this message.
    pub fn new(msg: impl Into<String>) -> Error {
        Error(msg.into())
    }

    /// An I/O error about `path`, with the OS's description.
    pub fn io(what: &str, path: &std::path::Path, e: std::io::Error) -> Error {
        Error(format!("{what} {}: {}", path.display(), io_reason(&e)))
    }
}

/// The OS's description of an I/O error without Rust's "(os error N)" suffix.
pub fn io_reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl From<wegman_mac::alg::UnknownAlgorithm> for Error {
    fn from(e: wegman_mac::alg::UnknownAlgorithm) -> Error {
        Error(e.to_string())
    }
}

impl From<wegman_mac::Error> for Error {
    fn from(e: wegman_mac::Error) -> Error {
        Error(e.to_string())
    }
}
