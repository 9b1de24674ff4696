//! Authentication tags with constant-time equality.

use core::fmt;
use subtle::{Choice, ConstantTimeEq};

use crate::Error;

/// An authentication tag of `N` bytes.
///
/// `==` on tags is constant-time (it goes through [`ConstantTimeEq`]), so comparing a computed
/// tag with a received one never leaks how many leading bytes matched.
#[derive(Clone, Copy)]
pub struct Tag<const N: usize>([u8; N]);

impl<const N: usize> Tag<N> {
    /// The tag length in bytes.
    pub const LEN: usize = N;

    /// Wraps raw tag bytes.
    pub const fn from_bytes(bytes: [u8; N]) -> Self {
        Tag(bytes)
    }

    /// Parses a tag from a slice, checking its length.
    pub fn from_slice(bytes: &[u8]) -> Result<Self, Error> {
        bytes.try_into().map(Tag).map_err(|_| Error::TagLength {
            expected: N,
            actual: bytes.len(),
        })
    }

    /// The tag bytes.
    pub const fn as_bytes(&self) -> &[u8; N] {
        &self.0
    }

    /// The tag bytes, by value.
    pub const fn into_bytes(self) -> [u8; N] {
        self.0
    }

    /// Constant-time check against an expected tag of any length: `Ok` only if `expected` has
    /// `N` bytes and they all match. (The length is public; only the contents are secret.)
    pub fn verify(&self, expected: &[u8]) -> Result<(), Error> {
        let expected = Tag::<N>::from_slice(expected)?;
        // Revealed on purpose: whether the tag matched (and nothing about where it differs).
        if bool::from(wegman_arch::ct::declassify(self.ct_eq(&expected))) {
            Ok(())
        } else {
            Err(Error::TagMismatch)
        }
    }
}

impl<const N: usize> ConstantTimeEq for Tag<N> {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl<const N: usize> PartialEq for Tag<N> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl<const N: usize> Eq for Tag<N> {}

impl<const N: usize> AsRef<[u8]> for Tag<N> {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl<const N: usize> From<Tag<N>> for [u8; N] {
    fn from(tag: Tag<N>) -> [u8; N] {
        tag.0
    }
}

/// Lowercase hex, no separators (the tag is public once sent).
impl<const N: usize> fmt::LowerHex for Tag<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in &self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl<const N: usize> fmt::Display for Tag<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(self, f)
    }
}

impl<const N: usize> fmt::Debug for Tag<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tag({self:x})")
    }
}
