//! The CLI's error: a one-line message for stderr.

pub(crate) use wegman_files::error::{Error, Result, io_reason};

/// Writes `text` to standard output; a closed pipe or full disk becomes an [`Error`] instead of
/// the panic `print!` would raise.
pub(crate) fn out(text: &str) -> Result<()> {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    o.write_all(text.as_bytes())
        .and_then(|()| o.flush())
        .map_err(|e| {
            Error::new(format!(
                "cannot write to standard output: {}",
                io_reason(&e)
            ))
        })
}
