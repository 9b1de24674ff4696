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
        }
    }
}

impl core::error::Error for Error {}
