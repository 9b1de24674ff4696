//! The one error type of `wegman-mac`.

use core::fmt;

/// Why a MAC operation was refused or failed.
///
/// Every fallible call in this crate returns this type; its `Display` text is a complete,
/// user-facing sentence fragment (the CLI prints it after `wegman: `).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A key of the wrong length was supplied.
    KeyLength {
        /// The length the algorithm needs, in bytes.
        expected: usize,
        /// The length supplied, in bytes.
        actual: usize,
    },
    /// A nonce of the wrong length was supplied.
    NonceLength {
        /// The length the algorithm needs, in bytes.
        expected: usize,
        /// The length supplied, in bytes.
        actual: usize,
    },
    /// A tag of the wrong length was supplied to `verify`.
    TagLength {
        /// The length the algorithm produces, in bytes.
        expected: usize,
        /// The length supplied, in bytes.
        actual: usize,
    },
    /// The key has the right length but is not a valid key of the algorithm.
    InvalidKey {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The tag does not authenticate the message.
    TagMismatch,
    /// A parameter of the algorithm is not supported.
    InvalidParameter {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Two separately hashed pieces of a message cannot be joined.
    PieceMismatch {
        /// Why not.
        reason: &'static str,
    },
    /// A piece hashed with one Hash256 encoding was given to a MAC of another.
    EncodingMismatch {
        /// The piece's b.
        piece: usize,
        /// The MAC's b.
        mac: usize,
    },
    /// A serialised piece could not be read back.
    PieceEncoding {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A backend was forced (`with_backend`) that this CPU cannot run.
    Unavailable(wegman_arch::Unavailable),
}

impl From<wegman_arch::Unavailable> for Error {
    fn from(e: wegman_arch::Unavailable) -> Error {
        Error::Unavailable(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::KeyLength { expected, actual } => {
                write!(
                    f,
                    "wrong key length: expected {expected} bytes, got {actual}"
                )
            }
            Error::NonceLength { expected, actual } => {
                write!(
                    f,
                    "wrong nonce length: expected {expected} bytes, got {actual}"
                )
            }
            Error::TagLength { expected, actual } => {
                write!(
                    f,
                    "wrong tag length: expected {expected} bytes, got {actual}"
                )
            }
            Error::InvalidKey { reason } => write!(f, "invalid key: {reason}"),
            Error::InvalidParameter { reason } => write!(f, "invalid parameter: {reason}"),
            Error::TagMismatch => f.write_str("tag mismatch: the message is not authentic"),
            Error::PieceMismatch { reason } => write!(f, "cannot join message pieces: {reason}"),
            Error::EncodingMismatch { piece, mac } => write!(
                f,
                "cannot join message pieces: the piece was hashed with b = {piece}, this MAC uses b = {mac}"
            ),
            Error::PieceEncoding { reason } => write!(f, "malformed message piece: {reason}"),
            Error::Unavailable(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for Error {}

/// Copies `bytes` into an array of length `N`, or reports the length mismatch with `err`.
pub(crate) fn array_from<const N: usize>(
    bytes: &[u8],
    err: fn(usize, usize) -> Error,
) -> Result<[u8; N], Error> {
    bytes.try_into().map_err(|_| err(N, bytes.len()))
}

/// Builds [`Error::KeyLength`]; for [`array_from`].
pub(crate) fn key_len(expected: usize, actual: usize) -> Error {
    Error::KeyLength { expected, actual }
}

/// Builds [`Error::NonceLength`]; for [`array_from`].
pub(crate) fn nonce_len(expected: usize, actual: usize) -> Error {
    Error::NonceLength { expected, actual }
}
