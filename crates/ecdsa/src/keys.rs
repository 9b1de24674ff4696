//! Key files, as OpenSSL reads and writes them:
//!
//! - private keys as SEC 1 `ECPrivateKey` (RFC 5915; PEM `EC PRIVATE KEY`, what
//!   `openssl ecparam -name sect283k1 -genkey` writes after an `EC PARAMETERS` block, which is
//!   skipped here once its curve is checked) or PKCS#8 `PrivateKeyInfo` (RFC 5208/5958; PEM
//!   `PRIVATE KEY`, what `openssl genpkey` and `openssl pkcs8 -topk8` write), DER or PEM;
//! - public keys as X.509 `SubjectPublicKeyInfo` (RFC 5480; PEM `PUBLIC KEY`, what
//!   `openssl pkey -pubout` writes), DER or PEM.
//!
//! The curve is named by its SEC 2 OID (1.3.132.0.x, RFC 5480 §2.1.1.1 / SEC 2 §A.2); explicit
//! curve parameters are refused. Parsing needs no curve object: [`PrivateKeyFile`] and
//! [`PublicKeyFile`] say which curve a file is for, then
//! [`SigningKey::from_bytes`](crate::SigningKey::from_bytes) and
//! [`VerifyingKey::from_sec1`](crate::VerifyingKey::from_sec1) validate the key on it.

use alloc::string::String;
use alloc::vec::Vec;
use der::asn1::{BitStringRef, ObjectIdentifier, OctetStringRef};
use der::pem::LineEnding;
use der::{Decode, Encode};
use sec1::{EcParameters, EcPrivateKey};
use spki::{AlgorithmIdentifier, SubjectPublicKeyInfo};
use wegman_ec::{CurveField, CurveId};
use zeroize::Zeroizing;

use crate::error::Error;
use crate::sign::SigningKey;
use crate::verify::VerifyingKey;

/// `id-ecPublicKey` (RFC 5480 §2.1.1).
const ID_EC_PUBLIC_KEY: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.10045.2.1");

/// The SEC 2 OID of a curve (SEC 2 v2 §A.2).
pub fn curve_oid(id: CurveId) -> ObjectIdentifier {
    let arc = match id {
        CurveId::Sect163k1 => "1.3.132.0.1",
        CurveId::Sect163r2 => "1.3.132.0.15",
        CurveId::Sect233k1 => "1.3.132.0.26",
        CurveId::Sect233r1 => "1.3.132.0.27",
        CurveId::Sect283k1 => "1.3.132.0.16",
        CurveId::Sect283r1 => "1.3.132.0.17",
        CurveId::Sect409k1 => "1.3.132.0.36",
        CurveId::Sect409r1 => "1.3.132.0.37",
        CurveId::Sect571k1 => "1.3.132.0.38",
        CurveId::Sect571r1 => "1.3.132.0.39",
    };
    ObjectIdentifier::new_unwrap(arc)
}

/// The curve of a SEC 2 OID.
pub fn curve_from_oid(oid: &ObjectIdentifier) -> Result<CurveId, Error> {
    CurveId::ALL
        .into_iter()
        .find(|&c| curve_oid(c) == *oid)
        .ok_or(Error::KeyFile(
            "the key is for a curve that is not one of the ten binary curves",
        ))
}

/// A PEM block: its label and its DER contents (wiped on drop: it may be a private key).
type PemBlock = (String, Zeroizing<Vec<u8>>);

/// The PEM blocks of a text.
fn pem_blocks(text: &[u8]) -> Result<Vec<PemBlock>, Error> {
    let text = core::str::from_utf8(text).map_err(|_| Error::KeyFile("PEM text is not UTF-8"))?;
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("-----BEGIN ") {
        let block = &rest[start..];
        let label_end = block[11..]
            .find("-----")
            .ok_or(Error::KeyFile("unterminated PEM BEGIN line"))?;
        let label = &block[11..11 + label_end];
        let end_marker = alloc::format!("-----END {label}-----");
        let end = block
            .find(&end_marker)
            .ok_or(Error::KeyFile("PEM block without its END line"))?
            + end_marker.len();
        let (l, der) = der::pem::decode_vec(&block.as_bytes()[..end])
            .map_err(|_| Error::KeyFile("malformed PEM block"))?;
        out.push((String::from(l), Zeroizing::new(der)));
        rest = &block[end..];
    }
    Ok(out)
}

/// Whether a key file is PEM (it starts, after blank space, with `-----BEGIN`).
fn is_pem(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .is_some_and(|i| bytes[i..].starts_with(b"-----BEGIN"))
}

/// A private key read from a file: its curve, d (⌈t/8⌉ big-endian bytes, wiped on drop) and
/// the public key the file holds, if any (SEC 1 encoded; checked against d by
/// [`PrivateKeyFile::signing_key`]).
#[derive(Debug)]
pub struct PrivateKeyFile {
    /// The curve named in the file.
    pub curve: CurveId,
    d: Zeroizing<Vec<u8>>,
    public: Option<Vec<u8>>,
}

impl PrivateKeyFile {
    /// Parses SEC 1 or PKCS#8, DER or PEM (an `EC PARAMETERS` block before the key, as
    /// `openssl ecparam -genkey` writes, must name the same curve).
    pub fn parse(bytes: &[u8]) -> Result<PrivateKeyFile, Error> {
        if !is_pem(bytes) {
            return Self::from_der_any(bytes);
        }
        let mut params: Option<CurveId> = None;
        let mut key = None;
        for (label, der) in pem_blocks(bytes)? {
            match label.as_str() {
                "EC PARAMETERS" => {
                    let p = EcParameters::from_der(&der)
                        .map_err(|_| Error::KeyFile("malformed EC PARAMETERS block"))?;
                    params = Some(named_curve(&p)?);
                }
                "EC PRIVATE KEY" => key = Some(Self::from_sec1_der(&der, None)?),
                "PRIVATE KEY" => key = Some(Self::from_pkcs8_der(&der)?),
                "ENCRYPTED PRIVATE KEY" => {
                    return Err(Error::KeyFile(
                        "encrypted private keys are not supported (decrypt with `openssl pkey`)",
                    ));
                }
                _ => {}
            }
        }
        let key = key.ok_or(Error::KeyFile(
            "no EC PRIVATE KEY or PRIVATE KEY block in the PEM text",
        ))?;
        if params.is_some_and(|p| p != key.curve) {
            return Err(Error::KeyFile(
                "the EC PARAMETERS block names another curve than the key",
            ));
        }
        Ok(key)
    }

    fn from_der_any(der: &[u8]) -> Result<PrivateKeyFile, Error> {
        Self::from_pkcs8_der(der)
            .or_else(|_| Self::from_sec1_der(der, None))
            .map_err(|_| Error::KeyFile("neither PEM nor a DER private key (SEC 1 or PKCS#8)"))
    }

    /// SEC 1 `ECPrivateKey`; `outer` is the curve a PKCS#8 wrapper named.
    fn from_sec1_der(der: &[u8], outer: Option<CurveId>) -> Result<PrivateKeyFile, Error> {
        let k = EcPrivateKey::from_der(der)
            .map_err(|_| Error::KeyFile("malformed SEC 1 ECPrivateKey"))?;
        let inner = k.parameters.as_ref().map(named_curve).transpose()?;
        let curve = match (outer, inner) {
            (Some(a), Some(b)) if a != b => {
                return Err(Error::KeyFile(
                    "the PKCS#8 algorithm and the inner key name different curves",
                ));
            }
            (Some(a), _) | (None, Some(a)) => a,
            (None, None) => {
                return Err(Error::KeyFile("the SEC 1 key does not name its curve"));
            }
        };
        Ok(PrivateKeyFile {
            curve,
            d: Zeroizing::new(k.private_key.to_vec()),
            public: k.public_key.map(<[u8]>::to_vec),
        })
    }

    fn from_pkcs8_der(der: &[u8]) -> Result<PrivateKeyFile, Error> {
        type Info<'a> =
            pkcs8::PrivateKeyInfo<ObjectIdentifier, &'a OctetStringRef, BitStringRef<'a>>;
        let info = Info::from_der(der).map_err(|_| Error::KeyFile("malformed PKCS#8 key"))?;
        if info.algorithm.oid != ID_EC_PUBLIC_KEY {
            return Err(Error::KeyFile("the PKCS#8 key is not an EC key"));
        }
        let oid = info
            .algorithm
            .parameters
            .ok_or(Error::KeyFile("the PKCS#8 key does not name its curve"))?;
        let curve = curve_from_oid(&oid)?;
        Self::from_sec1_der(info.private_key.as_bytes(), Some(curve))
    }

    /// The signing key on `curve` (which must be this file's curve): d ∈ [1, n − 1], and the
    /// file's public key, when present, equal to d·G.
    pub fn signing_key<'c, F: CurveField>(
        &self,
        curve: &'c wegman_ec::Curve<F>,
    ) -> Result<SigningKey<'c, F>, Error> {
        if curve.id() != self.curve {
            return Err(Error::KeyFile("the key is for another curve"));
        }
        let len = curve.order_bits().div_ceil(8) as usize;
        if self.d.len() > len {
            return Err(Error::InvalidPrivateKey);
        }
        let mut d = Zeroizing::new(alloc::vec![0u8; len]);
        d[len - self.d.len()..].copy_from_slice(&self.d);
        let key = SigningKey::from_bytes(curve, &d)?;
        if let Some(p) = &self.public {
            let q = curve.decode_point(p)?;
            if q != *key.verifying_key().point() {
                return Err(Error::KeyFile(
                    "the public key in the file does not match its private key",
                ));
            }
        }
        Ok(key)
    }
}

/// A public key read from a file: its curve and its SEC 1 point encoding (validated by
/// [`PublicKeyFile::verifying_key`]).
#[derive(Clone, Debug)]
pub struct PublicKeyFile {
    /// The curve named in the file.
    pub curve: CurveId,
    /// The point, SEC 1 encoded.
    pub point: Vec<u8>,
}

impl PublicKeyFile {
    /// Parses `SubjectPublicKeyInfo`, DER or PEM (`PUBLIC KEY`).
    pub fn parse(bytes: &[u8]) -> Result<PublicKeyFile, Error> {
        if !is_pem(bytes) {
            return Self::from_der(bytes).map_err(|_| {
                Error::KeyFile("neither PEM nor a DER public key (SubjectPublicKeyInfo)")
            });
        }
        for (label, der) in pem_blocks(bytes)? {
            if label == "PUBLIC KEY" {
                return Self::from_der(&der);
            }
        }
        Err(Error::KeyFile("no PUBLIC KEY block in the PEM text"))
    }

    fn from_der(der: &[u8]) -> Result<PublicKeyFile, Error> {
        let spki = SubjectPublicKeyInfo::<ObjectIdentifier, BitStringRef<'_>>::from_der(der)
            .map_err(|_| Error::KeyFile("malformed SubjectPublicKeyInfo"))?;
        if spki.algorithm.oid != ID_EC_PUBLIC_KEY {
            return Err(Error::KeyFile("the public key is not an EC key"));
        }
        let oid = spki
            .algorithm
            .parameters
            .ok_or(Error::KeyFile("the public key does not name its curve"))?;
        let point = spki
            .subject_public_key
            .as_bytes()
            .ok_or(Error::KeyFile("the public-key BIT STRING has unused bits"))?
            .to_vec();
        Ok(PublicKeyFile {
            curve: curve_from_oid(&oid)?,
            point,
        })
    }

    /// The validated key on `curve` (which must be this file's curve).
    pub fn verifying_key<'c, F: CurveField>(
        &self,
        curve: &'c wegman_ec::Curve<F>,
    ) -> Result<VerifyingKey<'c, F>, Error> {
        if curve.id() != self.curve {
            return Err(Error::KeyFile("the key is for another curve"));
        }
        VerifyingKey::from_sec1(curve, &self.point)
    }
}

fn named_curve(p: &EcParameters) -> Result<CurveId, Error> {
    match p {
        EcParameters::NamedCurve(oid) => curve_from_oid(oid),
    }
}

impl<F: CurveField> SigningKey<'_, F> {
    /// SEC 1 `ECPrivateKey` DER, with the curve OID and the public key (as OpenSSL writes).
    pub fn to_sec1_der(&self) -> Zeroizing<Vec<u8>> {
        let d = self.to_bytes();
        let q = self.verifying_key().to_sec1(false);
        let k = EcPrivateKey {
            private_key: &d,
            parameters: Some(EcParameters::NamedCurve(curve_oid(self.curve().id()))),
            public_key: Some(&q),
        };
        Zeroizing::new(k.to_der().expect("a short SEQUENCE encodes"))
    }

    /// SEC 1 PEM (`EC PRIVATE KEY`).
    pub fn to_sec1_pem(&self) -> Zeroizing<String> {
        Zeroizing::new(
            der::pem::encode_string("EC PRIVATE KEY", LineEnding::LF, &self.to_sec1_der())
                .expect("PEM encodes"),
        )
    }

    /// PKCS#8 `PrivateKeyInfo` DER (version 1, the curve in the algorithm identifier, the
    /// SEC 1 key inside without its parameters, as OpenSSL writes).
    pub fn to_pkcs8_der(&self) -> Zeroizing<Vec<u8>> {
        let d = self.to_bytes();
        let q = self.verifying_key().to_sec1(false);
        let inner = Zeroizing::new(
            EcPrivateKey {
                private_key: &d,
                parameters: None,
                public_key: Some(&q),
            }
            .to_der()
            .expect("a short SEQUENCE encodes"),
        );
        let info =
            pkcs8::PrivateKeyInfo::<ObjectIdentifier, &OctetStringRef, BitStringRef<'_>>::new(
                AlgorithmIdentifier {
                    oid: ID_EC_PUBLIC_KEY,
                    parameters: Some(curve_oid(self.curve().id())),
                },
                OctetStringRef::new(&inner).expect("short"),
            );
        Zeroizing::new(info.to_der().expect("a short SEQUENCE encodes"))
    }

    /// PKCS#8 PEM (`PRIVATE KEY`).
    pub fn to_pkcs8_pem(&self) -> Zeroizing<String> {
        Zeroizing::new(
            der::pem::encode_string("PRIVATE KEY", LineEnding::LF, &self.to_pkcs8_der())
                .expect("PEM encodes"),
        )
    }
}

impl<F: CurveField> VerifyingKey<'_, F> {
    /// `SubjectPublicKeyInfo` DER (the uncompressed point, as OpenSSL writes).
    pub fn to_spki_der(&self) -> Vec<u8> {
        let q = self.to_sec1(false);
        let spki = SubjectPublicKeyInfo {
            algorithm: AlgorithmIdentifier {
                oid: ID_EC_PUBLIC_KEY,
                parameters: Some(curve_oid(self.curve().id())),
            },
            subject_public_key: BitStringRef::new(0, &q).expect("whole bytes"),
        };
        spki.to_der().expect("a short SEQUENCE encodes")
    }

    /// `SubjectPublicKeyInfo` PEM (`PUBLIC KEY`).
    pub fn to_spki_pem(&self) -> String {
        der::pem::encode_string("PUBLIC KEY", LineEnding::LF, &self.to_spki_der())
            .expect("PEM encodes")
    }
}
