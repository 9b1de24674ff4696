//! ECDSA signatures (r, s) and their two encodings: DER `ECDSA-Sig-Value` (SEC 1 §C.8,
//! RFC 3279 §2.2.3: what OpenSSL writes) and fixed-width r‖s (each ⌈t/8⌉ big-endian bytes,
//! t the bit length of n: IEEE P1363, what PKCS#11 and JOSE use).

use alloc::vec::Vec;
use crypto_bigint::U576;
use der::asn1::UintRef;
use der::{Decode, Encode, Sequence};

use crate::error::Error;
use crate::modn::{self, ModN};

/// A signature (r, s). Decoding checks the syntax only; verification checks 1 ≤ r, s ≤ n − 1.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Signature {
    r: U576,
    s: U576,
    /// ⌈t/8⌉ of the curve it was made for or read with: the fixed-width field size.
    len: usize,
}

impl core::fmt::Debug for Signature {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Signature")
            .field("r", &hex_of(&modn::to_be_bytes(&self.r)[72 - self.len..]))
            .field("s", &hex_of(&modn::to_be_bytes(&self.s)[72 - self.len..]))
            .finish()
    }
}

fn hex_of(b: &[u8]) -> alloc::string::String {
    use core::fmt::Write;
    b.iter().fold(alloc::string::String::new(), |mut s, x| {
        let _ = write!(s, "{x:02x}");
        s
    })
}

/// `ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }`.
#[derive(Sequence)]
struct EcdsaSigValue<'a> {
    r: UintRef<'a>,
    s: UintRef<'a>,
}

impl Signature {
    pub(crate) fn from_parts(m: &ModN, r: U576, s: U576) -> Signature {
        Signature { r, s, len: m.len() }
    }

    /// r and s as integers (crate-internal).
    pub(crate) fn parts(&self) -> (&U576, &U576) {
        (&self.r, &self.s)
    }

    /// r as ⌈t/8⌉ big-endian bytes.
    pub fn r_bytes(&self) -> Vec<u8> {
        modn::to_be_bytes(&self.r)[72 - self.len..].to_vec()
    }

    /// s as ⌈t/8⌉ big-endian bytes.
    pub fn s_bytes(&self) -> Vec<u8> {
        modn::to_be_bytes(&self.s)[72 - self.len..].to_vec()
    }

    /// The fixed-width encoding r‖s, 2·⌈t/8⌉ bytes.
    pub fn to_fixed(&self) -> Vec<u8> {
        let mut out = self.r_bytes();
        out.extend(self.s_bytes());
        out
    }

    /// From the fixed-width encoding for a curve whose order has `order_bits` bits.
    pub fn from_fixed(order_bits: u32, bytes: &[u8]) -> Result<Signature, Error> {
        let len = order_bits.div_ceil(8) as usize;
        if bytes.len() != 2 * len {
            return Err(Error::SignatureLength { expected: 2 * len });
        }
        Ok(Signature {
            r: modn::from_be_bytes(&bytes[..len]),
            s: modn::from_be_bytes(&bytes[len..]),
            len,
        })
    }

    /// The DER encoding (minimal positive INTEGERs).
    pub fn to_der(&self) -> Vec<u8> {
        let (r, s) = (self.r_bytes(), self.s_bytes());
        let value = EcdsaSigValue {
            r: UintRef::new(&r).expect("at most 72 bytes"),
            s: UintRef::new(&s).expect("at most 72 bytes"),
        };
        value.to_der().expect("a short SEQUENCE encodes")
    }

    /// From DER, strictly (minimal lengths and INTEGERs, no trailing bytes), for a curve whose
    /// order has `order_bits` bits: r and s longer than ⌈t/8⌉ bytes are rejected here,
    /// values in [n, 2^t) by verification.
    pub fn from_der(order_bits: u32, bytes: &[u8]) -> Result<Signature, Error> {
        let len = order_bits.div_ceil(8) as usize;
        let v = EcdsaSigValue::from_der(bytes).map_err(|_| Error::MalformedDer)?;
        let (r, s) = (v.r.as_bytes(), v.s.as_bytes());
        if r.len() > len || s.len() > len {
            return Err(Error::ScalarOutOfRange);
        }
        Ok(Signature {
            r: modn::from_be_bytes(r),
            s: modn::from_be_bytes(s),
            len,
        })
    }
}

impl signature::SignatureEncoding for Signature {
    type Repr = Vec<u8>;
}

impl From<Signature> for Vec<u8> {
    /// The DER encoding.
    fn from(s: Signature) -> Vec<u8> {
        s.to_der()
    }
}

impl TryFrom<&[u8]> for Signature {
    type Error = signature::Error;

    /// From DER; the field size is taken from the longer of r and s (use
    /// [`Signature::from_der`] with the curve to fix it).
    fn try_from(bytes: &[u8]) -> Result<Signature, signature::Error> {
        let v = EcdsaSigValue::from_der(bytes).map_err(|_| signature::Error::new())?;
        let len = v.r.as_bytes().len().max(v.s.as_bytes().len());
        if len > 72 {
            return Err(signature::Error::new());
        }
        Ok(Signature {
            r: modn::from_be_bytes(v.r.as_bytes()),
            s: modn::from_be_bytes(v.s.as_bytes()),
            len,
        })
    }
}
