//! Errors.

use core::fmt;

/// What can go wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// A key that is not 80, 96, 112 or 128 bits long.
    KeySize {
        /// The length given, in bytes.
        bytes: usize,
    },
    /// An IV that is not 32 or 64 bits long.
    IvSize {
        /// The length given, in bytes.
        bytes: usize,
    },
    /// An output buffer of the wrong length.
    OutputLength {
        /// The length needed.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// The field GNB(29, 2) could not be built (never, for a correct build).
    Field,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::KeySize { bytes } => write!(
                f,
                "WG-29 keys are 10, 12, 14 or 16 bytes (80 to 128 bits), not {bytes}"
            ),
            Error::IvSize { bytes } => {
                write!(f, "WG-29 IVs are 4 or 8 bytes (32 or 64 bits), not {bytes}")
            }
            Error::OutputLength { expected, got } => {
                write!(f, "the output buffer must hold {expected} bytes, not {got}")
            }
            Error::Field => f.write_str("GNB(29, 2) could not be built"),
        }
    }
}

impl core::error::Error for Error {}
