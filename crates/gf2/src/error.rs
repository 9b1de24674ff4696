//! Errors of the binary-field API.

use core::fmt;

/// What went wrong. Every bad input gets one of these, never a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A modulus was not written as exponents, highest first, ending in 0 (`163,7,6,3,0`).
    MalformedModulus {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The modulus is not a trinomial or a pentanomial.
    NotSparse {
        /// How many terms it has.
        terms: usize,
    },
    /// The degree is outside 2..=571.
    DegreeOutOfRange {
        /// The degree given.
        degree: u32,
    },
    /// The operation needs an odd degree (half-trace, the square-root-friendly search).
    EvenDegree {
        /// The degree given.
        degree: u32,
    },
    /// The polynomial factors over F_2, so it defines no field.
    NotIrreducible,
    /// A field element was not hexadecimal.
    MalformedHex {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A field element has a bit at or above the degree.
    OutOfRange {
        /// The field's degree m: elements are below x^m.
        degree: u32,
    },
    /// Zero has no inverse.
    ZeroInverse,
    /// Two fields of different degrees where equal ones are needed.
    DegreeMismatch {
        /// The first degree.
        left: u32,
        /// The second degree.
        right: u32,
    },
    /// No Gaussian normal basis of type at most `max_type` exists for this degree.
    NoGaussianBasis {
        /// The degree given.
        degree: u32,
        /// The largest type searched.
        max_type: u32,
    },
    /// The type given is not the type of a Gaussian normal basis of this degree.
    InvalidGnbType {
        /// The degree given.
        degree: u32,
        /// The type given.
        gnb_type: u32,
    },
    /// A `--gnb` field was not written as `M` or `M,T`.
    MalformedGnb {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The multiplier needs a type-II optimal normal basis (Fan–Hasan).
    NeedsTypeTwo {
        /// The type of the field given.
        gnb_type: u32,
    },
    /// Not the name of a normal-basis multiplier.
    UnknownMultiplier,
    /// The element given as the image of β is not a root of β's minimal polynomial.
    NotARoot,
    /// A slice argument has the wrong length.
    LengthMismatch {
        /// Expected length.
        expected: usize,
        /// Actual length.
        actual: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::MalformedModulus { reason } => write!(
                f,
                "malformed modulus: {reason} (expected exponents highest first, e.g. 163,7,6,3,0)"
            ),
            Error::NotSparse { terms } => write!(
                f,
                "the modulus has {terms} terms; a trinomial (3) or pentanomial (5) is required"
            ),
            Error::DegreeOutOfRange { degree } => {
                write!(f, "degree {degree} is out of range (2..=571)")
            }
            Error::EvenDegree { degree } => {
                write!(
                    f,
                    "degree {degree} is even; this operation needs an odd degree"
                )
            }
            Error::NotIrreducible => f.write_str("the modulus is not irreducible over F_2"),
            Error::MalformedHex { reason } => write!(f, "malformed field element: {reason}"),
            Error::OutOfRange { degree } => write!(
                f,
                "field element out of range: it has a bit at or above x^{degree}"
            ),
            Error::ZeroInverse => f.write_str("zero has no inverse"),
            Error::DegreeMismatch { left, right } => {
                write!(f, "fields of different degrees ({left} and {right})")
            }
            Error::NoGaussianBasis { degree, max_type } => write!(
                f,
                "F_2^{degree} has no Gaussian normal basis of type at most {max_type}"
            ),
            Error::InvalidGnbType { degree, gnb_type } => write!(
                f,
                "F_2^{degree} has no Gaussian normal basis of type {gnb_type} \
                 (type T needs p = T·m + 1 prime and gcd(T·m/k, m) = 1, k the order of 2 mod p)"
            ),
            Error::MalformedGnb { reason } => write!(
                f,
                "malformed normal basis: {reason} (expected M or M,T, e.g. 163 or 163,4)"
            ),
            Error::NeedsTypeTwo { gnb_type } => write!(
                f,
                "this multiplier needs a type-2 optimal normal basis; the field has type {gnb_type}"
            ),
            Error::UnknownMultiplier => f.write_str(
                "unknown multiplier (one of massey-omura, matrix, xesmpo, aesmpo, kwon, fan-hasan)",
            ),
            Error::NotARoot => f.write_str(
                "the image given for the normal-basis generator is not a root of its minimal polynomial",
            ),
            Error::LengthMismatch { expected, actual } => {
                write!(f, "slice of length {actual}, expected {expected}")
            }
        }
    }
}

impl core::error::Error for Error {}

/// `Ok` when a slice argument has the length of the output.
pub(crate) fn same_len(expected: usize, actual: usize) -> Result<(), Error> {
    if expected == actual {
        Ok(())
    } else {
        Err(Error::LengthMismatch { expected, actual })
    }
}
