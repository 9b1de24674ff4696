//! The errors of ECDSA: each names what was wrong with the input.

use core::fmt;

/// Why an ECDSA operation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A curve operation or encoding failed (bad point, bad scalar, …).
    Curve(wegman_ec::Error),
    /// The signature does not verify.
    BadSignature,
    /// r or s is outside [1, n − 1].
    ScalarOutOfRange,
    /// A DER signature is malformed (not a SEQUENCE of two minimal positive INTEGERs, or
    /// trailing bytes).
    MalformedDer,
    /// A fixed-width signature has the wrong length (2·⌈t/8⌉ bytes, t the bits of n).
    SignatureLength {
        /// The length expected.
        expected: usize,
    },
    /// A private key outside [1, n − 1], or not ⌈t/8⌉ bytes.
    InvalidPrivateKey,
    /// The operating system's random generator failed.
    Random,
    /// An unknown hash name (`sha1`, `sha224`, `sha256`, `sha384`, `sha512`).
    UnknownHash,
    /// A key file is malformed or not for these curves (what is wrong, in words).
    KeyFile(&'static str),
    /// A prehashed message of the wrong length for its hash.
    DigestLength {
        /// The digest length of the hash.
        expected: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Curve(e) => write!(f, "{e}"),
            Error::BadSignature => f.write_str("the signature does not verify"),
            Error::ScalarOutOfRange => {
                f.write_str("signature value r or s is outside [1, n - 1] for the curve")
            }
            Error::MalformedDer => f.write_str(
                "malformed DER signature (expected SEQUENCE { INTEGER r, INTEGER s }, minimal and positive, with nothing after it)",
            ),
            Error::SignatureLength { expected } => {
                write!(f, "a fixed-width signature on this curve is {expected} bytes")
            }
            Error::InvalidPrivateKey => {
                f.write_str("private key outside [1, n - 1] for the curve")
            }
            Error::Random => f.write_str("the operating system's random generator failed"),
            Error::UnknownHash => {
                f.write_str("unknown hash (sha1, sha224, sha256, sha384 or sha512)")
            }
            Error::KeyFile(why) => write!(f, "key file: {why}"),
            Error::DigestLength { expected } => {
                write!(f, "the digest of this hash is {expected} bytes")
            }
        }
    }
}

impl core::error::Error for Error {}

impl From<wegman_ec::Error> for Error {
    fn from(e: wegman_ec::Error) -> Error {
        Error::Curve(e)
    }
}
