//! Errors of the elliptic-curve API.

use core::fmt;

/// What went wrong. Every bad input gets one of these, never a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// Not one of the ten curve names (sect163k1 … sect571r1, or K-163 … B-571).
    UnknownCurve,
    /// A field element or scalar was not valid hex, or too long.
    Field(wegman_gf2::Error),
    /// A scalar has more bits than the curve order n.
    ScalarTooLong {
        /// The bits of n.
        bits: u32,
    },
    /// A scalar was not hexadecimal.
    MalformedScalar,
    /// The point does not satisfy the curve equation.
    NotOnCurve,
    /// The point is on the curve but not in the subgroup of order n.
    NotInSubgroup,
    /// The identity where a public key is needed.
    Identity,
    /// A SEC 1 point encoding is malformed.
    Encoding(&'static str),
    /// A secret key outside [1, n − 1].
    InvalidSecretKey,
    /// Halving needs Tr(a) = 1 (the B curves and sect163k1).
    CannotHalve,
    /// The τ-adic NAF needs a Koblitz curve (b = 1: the K curves).
    NotKoblitz,
    /// The operating system's random generator failed.
    Random,
    /// The bit-sliced backend asked for is not available on this CPU.
    BackendUnavailable(wegman_arch::Unavailable),
    /// A batch got different numbers of scalars and points.
    BatchLength {
        /// Scalars given.
        scalars: usize,
        /// Points given.
        points: usize,
    },
    /// Input `index` of a batch is invalid (no lane ran).
    InBatch {
        /// The input's index.
        index: usize,
        /// What is wrong with it.
        error: alloc::boxed::Box<Error>,
    },
    /// A batch ladder built for another curve.
    WrongCurve,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownCurve => f.write_str(
                "unknown curve (one of sect163k1, sect163r2, sect233k1, sect233r1, sect283k1, \
                 sect283r1, sect409k1, sect409r1, sect571k1, sect571r1)",
            ),
            Error::Field(e) => write!(f, "{e}"),
            Error::ScalarTooLong { bits } => {
                write!(f, "scalar too long: the curve order has {bits} bits")
            }
            Error::MalformedScalar => f.write_str("malformed scalar: not hexadecimal"),
            Error::NotOnCurve => f.write_str("the point is not on the curve"),
            Error::NotInSubgroup => {
                f.write_str("the point is not in the subgroup of prime order n")
            }
            Error::Identity => f.write_str("the point at infinity is not a valid public key"),
            Error::Encoding(why) => write!(f, "malformed SEC 1 point: {why}"),
            Error::InvalidSecretKey => f.write_str("secret key out of range [1, n - 1]"),
            Error::Random => f.write_str("the operating system's random generator failed"),
            Error::BackendUnavailable(e) => write!(f, "{e}"),
            Error::BatchLength { scalars, points } => write!(
                f,
                "a batch needs one scalar per point ({scalars} scalars, {points} points)"
            ),
            Error::InBatch { index, error } => write!(f, "batch input {index}: {error}"),
            Error::WrongCurve => f.write_str("the batch ladder was built for another curve"),
            Error::CannotHalve => {
                f.write_str("halving needs a curve with Tr(a) = 1 (the B curves and sect163k1)")
            }
            Error::NotKoblitz => {
                f.write_str("the τ-adic NAF needs a Koblitz curve (the K curves, b = 1)")
            }
        }
    }
}

impl core::error::Error for Error {}

impl From<wegman_arch::Unavailable> for Error {
    fn from(e: wegman_arch::Unavailable) -> Error {
        Error::BackendUnavailable(e)
    }
}

impl From<wegman_gf2::Error> for Error {
    fn from(e: wegman_gf2::Error) -> Error {
        Error::Field(e)
    }
}
