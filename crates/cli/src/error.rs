//! The CLI's error: a one-line message for stderr.

use std::fmt;

/// A user-facing error; `main` prints it as `wegman: MESSAGE` and exits non-zero.
#[derive(Debug)]
pub(crate) struct Error(String);

pub(crate) type Result<T> = std::result::Result<T, Error>;

impl Error {
    pub(crate) fn new(msg: impl Into<String>) -> Error {
        Error(msg.into())
    }

    /// An I/O error about `path`, with the OS's description.
    pub(crate) fn io(what: &str, path: &std::path::Path, e: std::io::Error) -> Error {
        Error(format!("{what} {}: {}", path.display(), io_reason(&e)))
    }
}

/// The OS's description of an I/O error without Rust's "(os error N)" suffix.
pub(crate) fn io_reason(e: &std::io::Error) -> String {
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

/// Writes `text` to standard output; a closed pipe or full disk becomes an [`Error`] instead of
/// the panic `print!` would raise.
pub(crate) fn out(text: &str) -> Result<()> {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    o.write_all(text.as_bytes())
        .and_then(|()| o.flush())
        .map_err(|e| {
            Error(format!(
                "cannot write to standard output: {}",
                io_reason(&e)
            ))
        })
}
