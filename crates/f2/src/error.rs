//! Errors of the F_2 linear-algebra API.

use core::fmt;

/// What went wrong. Every bad input gets one of these, never a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A slice or matrix argument has the wrong size.
    LengthMismatch {
        /// Expected length.
        expected: usize,
        /// Actual length.
        actual: usize,
    },
    /// The matrix is singular where an invertible one is needed.
    Singular,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::LengthMismatch { expected, actual } => {
                write!(f, "expected length {expected}, got {actual}")
            }
            Error::Singular => f.write_str("the linear map is not invertible"),
        }
    }
}

impl core::error::Error for Error {}

/// `Ok` when the lengths agree.
pub fn same_len(expected: usize, actual: usize) -> Result<(), Error> {
    if expected == actual {
        Ok(())
    } else {
        Err(Error::LengthMismatch { expected, actual })
    }
}
