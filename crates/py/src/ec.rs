//! `wegman.ec`: the ten NIST binary curves (sect163k1 … sect571r1) in the NIST polynomial
//! basis: key pairs, SEC 1 encodings with full public-key validation, ECDH (plain and
//! cofactor, one at a time or batched on the bit-sliced ladder), and batched scalar
//! multiplication on numpy arrays.
//!
//! Private keys are big-endian byte strings of ⌈bits(n)/8⌉ bytes (SEC 1's octet form), public
//! keys SEC 1 point encodings. Keys are parsed into zeroized-on-drop `SecretKey`s per call.

use std::sync::OnceLock;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use wegman_ec::{BatchLadder, Curve, CurveId, NistPb, Point, Scalar, SecretKey, SlicedBasis};
use wegman_ecdsa::{
    HashAlg, PrivateKeyFile, PublicKeyFile, Signature, SigningKey, VerifyMethod, VerifyingKey,
};
use wegman_gf2::Element;
use zeroize::Zeroize;

use crate::input::small_bytes;

/// An (n, limbs) uint64 array.
type Limbs<'py> = Bound<'py, PyArray2<u64>>;
/// An (n,) bool array.
type Flags<'py> = Bound<'py, PyArray1<bool>>;

fn verr(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// One of the ten NIST binary curves, by SEC 2 (`"sect233k1"`) or NIST (`"K-233"`) name.
#[pyclass(name = "Curve", module = "wegman.ec", frozen)]
pub(crate) struct PyCurve {
    c: Curve<NistPb>,
    ladder: OnceLock<Result<BatchLadder, String>>,
}

impl PyCurve {
    fn scalar_len(&self) -> usize {
        self.c.order_bits().div_ceil(8) as usize
    }

    fn limbs(&self) -> usize {
        self.c.sec2_field().degree().div_ceil(64) as usize
    }

    fn scalar_limbs(&self) -> usize {
        self.c.order_bits().div_ceil(64) as usize
    }

    /// A private key from its big-endian bytes, checked to be in [1, n − 1].
    fn secret(&self, key: &Bound<'_, PyAny>) -> PyResult<SecretKey> {
        let bytes = small_bytes(key)?;
        let len = self.scalar_len();
        if bytes.len() != len {
            return Err(PyValueError::new_err(format!(
                "a {} private key is {len} bytes, got {}",
                self.c.id().params().name,
                bytes.len()
            )));
        }
        let mut limbs = [0u64; 9];
        for (i, &b) in bytes.iter().rev().enumerate() {
            limbs[i / 8] |= u64::from(b) << (8 * (i % 8));
        }
        let d = Scalar::from_limbs(&limbs);
        limbs.zeroize();
        SecretKey::from_scalar(&self.c, d).map_err(verr)
    }

    fn public(&self, data: &Bound<'_, PyAny>) -> PyResult<Point<Element>> {
        self.c.decode_public_key(&small_bytes(data)?).map_err(verr)
    }

    fn ladder(&self) -> PyResult<&BatchLadder> {
        self.ladder
            .get_or_init(|| {
                BatchLadder::new(self.c.id(), SlicedBasis::Polynomial).map_err(|e| e.to_string())
            })
            .as_ref()
            .map_err(|e| PyValueError::new_err(e.clone()))
    }

    /// Reads an (n, width) C-contiguous uint64 array.
    fn rows<'a>(a: &'a PyReadonlyArray2<'_, u64>, width: usize, what: &str) -> PyResult<&'a [u64]> {
        let shape = a.shape();
        if shape[1] != width {
            return Err(PyValueError::new_err(format!(
                "{what}: expected shape (n, {width}), got {shape:?}"
            )));
        }
        a.as_slice().map_err(|_| {
            PyValueError::new_err(format!(
                "{what}: the array is not C-contiguous; pass numpy.ascontiguousarray(...)"
            ))
        })
    }
}

#[pymethods]
impl PyCurve {
    #[new]
    fn new(name: &str) -> PyResult<Self> {
        let id = CurveId::from_name(name)
            .map_err(|e| PyValueError::new_err(format!("{name:?}: {e}")))?;
        Ok(PyCurve {
            c: Curve::new(id, NistPb::new).map_err(verr)?,
            ladder: OnceLock::new(),
        })
    }

    /// The names of the ten curves.
    #[staticmethod]
    fn names() -> Vec<&'static str> {
        CurveId::ALL.iter().map(|c| c.params().name).collect()
    }

    /// The SEC 2 name.
    #[getter]
    fn name(&self) -> &'static str {
        self.c.id().params().name
    }

    /// The field degree m.
    #[getter]
    fn degree(&self) -> u32 {
        self.c.sec2_field().degree()
    }

    /// The field's modulus as exponents (`"163,7,6,3,0"`).
    #[getter]
    fn modulus(&self) -> String {
        // Display prints the exponents, highest first.
        self.c.sec2_field().modulus().to_string()
    }

    /// The order n of the base point, as an int.
    #[getter]
    fn order<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let int = py.get_type::<pyo3::types::PyInt>();
        int.call1((self.c.order().to_hex(), 16))
    }

    /// The cofactor h.
    #[getter]
    fn cofactor(&self) -> u8 {
        self.c.cofactor()
    }

    /// Bytes of a private key (⌈bits(n)/8⌉).
    #[getter]
    fn private_key_size(&self) -> usize {
        self.scalar_len()
    }

    /// Bytes of a coordinate (⌈m/8⌉), also the size of a shared secret.
    #[getter]
    fn coordinate_size(&self) -> usize {
        self.c.coordinate_len()
    }

    /// The base point G, SEC 1 encoded.
    #[pyo3(signature = (compressed = false))]
    fn generator<'py>(&self, py: Python<'py>, compressed: bool) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.c.encode_point(&self.c.g(), compressed))
    }

    /// A fresh private key in [1, n − 1] from the operating system's generator.
    fn generate_private_key<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        // Uniform in [1, n − 1] by rejection, as `SecretKey::random` (which keeps its scalar
        // to itself): draws of bits(n) bits until one is a valid key.
        let len = self.scalar_len();
        let bits = self.c.order_bits() as usize;
        loop {
            let mut b = zeroize::Zeroizing::new(vec![0u8; len]);
            getrandom::fill(&mut b).map_err(verr)?;
            if !bits.is_multiple_of(8) {
                b[0] &= (1u8 << (bits % 8)) - 1;
            }
            let obj = PyBytes::new(py, &b);
            if self.secret(obj.as_any()).is_ok() {
                return Ok(obj);
            }
        }
    }

    /// The public key d·G of a private key, SEC 1 encoded.
    #[pyo3(signature = (private_key, compressed = false))]
    fn public_key<'py>(
        &self,
        py: Python<'py>,
        private_key: &Bound<'py, PyAny>,
        compressed: bool,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let d = self.secret(private_key)?;
        Ok(PyBytes::new(
            py,
            &self.c.encode_point(&d.public_key(&self.c), compressed),
        ))
    }

    /// Validates a SEC 1 public key (on the curve, of order n, not the identity);
    /// `ValueError` saying why not.
    fn check_public_key(&self, public_key: &Bound<'_, PyAny>) -> PyResult<()> {
        self.public(public_key).map(|_| ())
    }

    /// ECDH: x(d·Q) for a private key d and a peer's SEC 1 public key Q (validated), ⌈m/8⌉
    /// bytes; `cofactor=True` computes x((h·d)·Q).
    #[pyo3(signature = (private_key, peer_public_key, *, cofactor = false))]
    fn exchange<'py>(
        &self,
        py: Python<'py>,
        private_key: &Bound<'py, PyAny>,
        peer_public_key: &Bound<'py, PyAny>,
        cofactor: bool,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let d = self.secret(private_key)?;
        let q = self.public(peer_public_key)?;
        let c = &self.c;
        let s = py.detach(|| {
            if cofactor {
                d.diffie_hellman_cofactor(c, &q)
            } else {
                d.diffie_hellman(c, &q)
            }
        });
        let mut s = s.map_err(verr)?;
        let out = PyBytes::new(py, &s);
        s.zeroize();
        Ok(out)
    }

    /// ECDH for many (private key, peer public key) pairs on the bit-sliced batch ladder,
    /// all cores; result i equals `exchange(private_keys[i], peer_public_keys[i])`.
    /// `ValueError` naming the first invalid key.
    fn exchange_batch<'py>(
        &self,
        py: Python<'py>,
        private_keys: Vec<Bound<'py, PyAny>>,
        peer_public_keys: Vec<Bound<'py, PyAny>>,
    ) -> PyResult<Vec<Bound<'py, PyBytes>>> {
        if private_keys.len() != peer_public_keys.len() {
            return Err(PyValueError::new_err(format!(
                "{} private keys and {} public keys",
                private_keys.len(),
                peer_public_keys.len()
            )));
        }
        let ds = each(&private_keys, "private key", |k| self.secret(k))?;
        let qs = each(&peer_public_keys, "public key", |k| self.public(k))?;
        let c = &self.c;
        let res = py.detach(|| {
            let pairs: Vec<(&SecretKey, &Point<Element>)> = ds.iter().zip(&qs).collect();
            wegman_ec::ecdh::diffie_hellman_batch(c, &pairs)
        });
        res.into_iter()
            .enumerate()
            .map(|(i, r)| match r {
                Ok(mut s) => {
                    let b = PyBytes::new(py, &s);
                    s.zeroize();
                    Ok(b)
                }
                Err(e) => Err(PyValueError::new_err(format!("pair {i}: {e}"))),
            })
            .collect()
    }

    /// kᵢ·Pᵢ for every row on the bit-sliced batch ladder (constant-time, all cores).
    /// `scalars`: (n, ⌈bits(n)/64⌉) uint64 limbs, little-endian; `x`, `y`: (n, ⌈m/64⌉) affine
    /// coordinates in the SEC 2 polynomial basis. Returns (x, y, infinity): the result
    /// coordinates (0 where the result is the identity) and a bool array marking those rows.
    fn mul_batch<'py>(
        &self,
        py: Python<'py>,
        scalars: PyReadonlyArray2<'py, u64>,
        x: PyReadonlyArray2<'py, u64>,
        y: PyReadonlyArray2<'py, u64>,
    ) -> PyResult<(Limbs<'py>, Limbs<'py>, Flags<'py>)> {
        let (l, sl) = (self.limbs(), self.scalar_limbs());
        let ks = Self::rows(&scalars, sl, "scalars")?;
        let xs = Self::rows(&x, l, "x")?;
        let ys = Self::rows(&y, l, "y")?;
        let n = ks.len() / sl;
        if xs.len() / l != n || ys.len() / l != n {
            return Err(PyValueError::new_err(format!(
                "scalars, x and y have {}, {} and {} rows",
                n,
                xs.len() / l,
                ys.len() / l
            )));
        }
        let f = self.c.sec2_field();
        let mut points = Vec::with_capacity(n);
        for (i, (px, py_)) in xs.chunks_exact(l).zip(ys.chunks_exact(l)).enumerate() {
            let e = |v: &[u64], c: &str| {
                f.element(v)
                    .map_err(|e| PyValueError::new_err(format!("{c}, row {i}: {e}")))
            };
            points.push(Point::Affine {
                x: e(px, "x")?,
                y: e(py_, "y")?,
            });
        }
        let ks: Vec<Scalar> = ks.chunks_exact(sl).map(Scalar::from_limbs).collect();
        let ladder = self.ladder()?;
        let r = py.detach(|| ladder.mul(&ks, &points)).map_err(verr)?;
        let ox = PyArray2::<u64>::zeros(py, [n, l], false);
        let oy = PyArray2::<u64>::zeros(py, [n, l], false);
        let mut inf = vec![false; n];
        {
            let mut wx = ox.readwrite();
            let mut wy = oy.readwrite();
            let (sx, sy) = (wx.as_slice_mut()?, wy.as_slice_mut()?);
            for (i, p) in r.iter().enumerate() {
                match p {
                    Point::Infinity => inf[i] = true,
                    Point::Affine { x, y } => {
                        sx[i * l..(i + 1) * l].copy_from_slice(&x.limbs()[..l]);
                        sy[i * l..(i + 1) * l].copy_from_slice(&y.limbs()[..l]);
                    }
                }
            }
        }
        Ok((ox, oy, PyArray1::from_vec(py, inf)))
    }

    /// Decodes a SEC 1 point (validated as a public key) to its affine coordinates as
    /// (1, ⌈m/64⌉) arrays, for `mul_batch`.
    fn decode_point<'py>(
        &self,
        py: Python<'py>,
        data: &Bound<'py, PyAny>,
    ) -> PyResult<(Limbs<'py>, Limbs<'py>)> {
        let l = self.limbs();
        match self.public(data)? {
            Point::Affine { x, y } => {
                let ax = PyArray1::from_slice(py, &x.limbs()[..l]).reshape([1, l])?;
                let ay = PyArray1::from_slice(py, &y.limbs()[..l]).reshape([1, l])?;
                Ok((ax, ay))
            }
            Point::Infinity => Err(PyValueError::new_err("the identity has no coordinates")),
        }
    }

    fn __repr__(&self) -> String {
        format!("wegman.ec.Curve({:?})", self.name())
    }

    /// ECDSA signature of `message` (or of a digest computed elsewhere, with
    /// `prehashed=True`) under a private key: DER (`encoding="der"`, as OpenSSL writes) or
    /// fixed-width r‖s (`"fixed"`). Deterministic (RFC 6979) unless `randomize=True`, which
    /// adds 32 bytes from the operating system to the nonce. Constant-time in the key.
    #[pyo3(signature = (private_key, message, *, hash = "sha256", encoding = "der", prehashed = false, randomize = false))]
    #[allow(clippy::too_many_arguments)]
    fn sign<'py>(
        &self,
        py: Python<'py>,
        private_key: &Bound<'_, PyAny>,
        message: &Bound<'_, PyAny>,
        hash: &str,
        encoding: &str,
        prehashed: bool,
        randomize: bool,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let hash = HashAlg::from_name(hash).map_err(verr)?;
        let fixed = fixed_encoding(encoding)?;
        let key =
            SigningKey::from_bytes(&self.c, &self.private_bytes(private_key)?).map_err(verr)?;
        let msg = crate::input::Bytes::get(message)?;
        let sig = msg.with(py, |m| {
            let digest = if prehashed {
                m.to_vec()
            } else {
                hash.digest(m)
            };
            if randomize {
                let mut extra = zeroize::Zeroizing::new([0u8; 32]);
                getrandom::fill(&mut extra[..]).map_err(|_| wegman_ecdsa::Error::Random)?;
                key.sign_prehash_with_extra(hash, &digest, &extra[..])
            } else {
                key.sign_prehash(hash, &digest)
            }
        });
        let sig = sig.map_err(verr)?;
        Ok(PyBytes::new(
            py,
            &if fixed { sig.to_fixed() } else { sig.to_der() },
        ))
    }

    /// Whether `signature` (DER, or fixed-width with `encoding="fixed"`) is a valid ECDSA
    /// signature of `message` (or of a digest, with `prehashed=True`) under the SEC 1 public
    /// key. `False` for a wrong signature, r or s outside [1, n − 1] included; `ValueError`
    /// for a malformed signature encoding or public key. `method`: `"double-add"`,
    /// `"halving"` (B curves and sect163k1) or `"tnaf"` (K curves); by default the fastest
    /// for the curve.
    #[pyo3(signature = (public_key, message, signature, *, hash = "sha256", encoding = "der", prehashed = false, method = None))]
    #[allow(clippy::too_many_arguments)]
    fn verify(
        &self,
        py: Python<'_>,
        public_key: &Bound<'_, PyAny>,
        message: &Bound<'_, PyAny>,
        signature: &Bound<'_, PyAny>,
        hash: &str,
        encoding: &str,
        prehashed: bool,
        method: Option<&str>,
    ) -> PyResult<bool> {
        let hash = HashAlg::from_name(hash).map_err(verr)?;
        let fixed = fixed_encoding(encoding)?;
        let vk = VerifyingKey::from_sec1(&self.c, &small_bytes(public_key)?).map_err(verr)?;
        let vk = match method {
            None => vk,
            Some(m) => vk.with_method(parse_method(m)?).map_err(verr)?,
        };
        let t = self.c.order_bits();
        let sig_bytes = small_bytes(signature)?;
        let sig = if fixed {
            Signature::from_fixed(t, &sig_bytes)
        } else {
            Signature::from_der(t, &sig_bytes)
        };
        let sig = match sig {
            Ok(s) => s,
            Err(wegman_ecdsa::Error::ScalarOutOfRange) => return Ok(false),
            Err(e) => return Err(verr(e)),
        };
        let msg = crate::input::Bytes::get(message)?;
        let result = msg.with(py, |m| {
            if prehashed {
                vk.verify_prehash(hash, m, &sig)
            } else {
                vk.verify_with(hash, m, &sig)
            }
        });
        match result {
            Ok(()) => Ok(true),
            Err(wegman_ecdsa::Error::BadSignature | wegman_ecdsa::Error::ScalarOutOfRange) => {
                Ok(false)
            }
            Err(e) => Err(verr(e)),
        }
    }

    /// A private key as a key file OpenSSL reads: `format="sec1"` (`EC PRIVATE KEY`) or
    /// `"pkcs8"` (`PRIVATE KEY`), `encoding="pem"` (str) or `"der"` (bytes).
    #[pyo3(signature = (private_key, *, format = "sec1", encoding = "pem"))]
    fn private_key_file<'py>(
        &self,
        py: Python<'py>,
        private_key: &Bound<'_, PyAny>,
        format: &str,
        encoding: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let key =
            SigningKey::from_bytes(&self.c, &self.private_bytes(private_key)?).map_err(verr)?;
        match (format, encoding) {
            ("sec1", "pem") => Ok(key.to_sec1_pem().as_str().into_pyobject(py)?.into_any()),
            ("pkcs8", "pem") => Ok(key.to_pkcs8_pem().as_str().into_pyobject(py)?.into_any()),
            ("sec1", "der") => Ok(PyBytes::new(py, &key.to_sec1_der()).into_any()),
            ("pkcs8", "der") => Ok(PyBytes::new(py, &key.to_pkcs8_der()).into_any()),
            _ => Err(PyValueError::new_err(format!(
                "format {format:?} / encoding {encoding:?}: use format \"sec1\" or \"pkcs8\" and encoding \"pem\" or \"der\""
            ))),
        }
    }

    /// A SEC 1 public key as an X.509 SubjectPublicKeyInfo (`PUBLIC KEY`), `encoding="pem"`
    /// (str) or `"der"` (bytes), as `openssl pkey -pubout` writes.
    #[pyo3(signature = (public_key, *, encoding = "pem"))]
    fn public_key_file<'py>(
        &self,
        py: Python<'py>,
        public_key: &Bound<'_, PyAny>,
        encoding: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let vk = VerifyingKey::from_sec1(&self.c, &small_bytes(public_key)?).map_err(verr)?;
        match encoding {
            "pem" => Ok(vk.to_spki_pem().into_pyobject(py)?.into_any()),
            "der" => Ok(PyBytes::new(py, &vk.to_spki_der()).into_any()),
            other => Err(PyValueError::new_err(format!(
                "encoding {other:?}: use \"pem\" or \"der\""
            ))),
        }
    }
}

impl PyCurve {
    /// A private key's bytes, checked for length (the range is checked where it is used).
    fn private_bytes(&self, key: &Bound<'_, PyAny>) -> PyResult<zeroize::Zeroizing<Vec<u8>>> {
        let bytes = small_bytes(key)?;
        let len = self.scalar_len();
        if bytes.len() != len {
            return Err(PyValueError::new_err(format!(
                "a {} private key is {len} bytes, got {}",
                self.c.id().params().name,
                bytes.len()
            )));
        }
        Ok(bytes)
    }
}

fn fixed_encoding(encoding: &str) -> PyResult<bool> {
    match encoding {
        "der" => Ok(false),
        "fixed" => Ok(true),
        other => Err(PyValueError::new_err(format!(
            "encoding {other:?}: use \"der\" or \"fixed\""
        ))),
    }
}

fn parse_method(m: &str) -> PyResult<VerifyMethod> {
    match m {
        "double-add" => Ok(VerifyMethod::DoubleAndAdd),
        "halving" => Ok(VerifyMethod::Halving),
        "tnaf" => Ok(VerifyMethod::Tnaf),
        other => Err(PyValueError::new_err(format!(
            "method {other:?}: use \"double-add\", \"halving\" or \"tnaf\""
        ))),
    }
}

/// Reads an ECDSA private-key file (SEC 1 or PKCS#8, PEM or DER, as OpenSSL writes):
/// `(curve_name, private_key_bytes)`, the key checked on its curve (and against the public key
/// the file holds).
#[pyfunction]
fn load_private_key<'py>(
    py: Python<'py>,
    data: &Bound<'_, PyAny>,
) -> PyResult<(&'static str, Bound<'py, PyBytes>)> {
    let f = PrivateKeyFile::parse(&key_file_bytes(data)?).map_err(verr)?;
    let c = Curve::new(f.curve, NistPb::new).map_err(verr)?;
    let key = f.signing_key(&c).map_err(verr)?;
    Ok((f.curve.params().name, PyBytes::new(py, &key.to_bytes())))
}

/// Reads a public-key file (SubjectPublicKeyInfo, PEM or DER): `(curve_name, sec1_point)`,
/// the point validated (on the curve, in the subgroup of order n).
#[pyfunction]
fn load_public_key<'py>(
    py: Python<'py>,
    data: &Bound<'_, PyAny>,
) -> PyResult<(&'static str, Bound<'py, PyBytes>)> {
    let f = PublicKeyFile::parse(&key_file_bytes(data)?).map_err(verr)?;
    let c = Curve::new(f.curve, NistPb::new).map_err(verr)?;
    let vk = f.verifying_key(&c).map_err(verr)?;
    Ok((f.curve.params().name, PyBytes::new(py, &vk.to_sec1(false))))
}

/// A key file's bytes: `str` (PEM text) or a bytes-like object.
fn key_file_bytes(data: &Bound<'_, PyAny>) -> PyResult<zeroize::Zeroizing<Vec<u8>>> {
    if let Ok(s) = data.extract::<&str>() {
        return Ok(zeroize::Zeroizing::new(s.as_bytes().to_vec()));
    }
    let b = crate::input::Bytes::get(data)?;
    Ok(zeroize::Zeroizing::new(b.as_slice().to_vec()))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyCurve>()?;
    m.add_function(wrap_pyfunction!(load_private_key, m)?)?;
    m.add_function(wrap_pyfunction!(load_public_key, m)?)?;
    Ok(())
}

/// `f` of every item, or a `ValueError` naming the first item that fails (`what i: ...`).
fn each<'py, T>(
    items: &[Bound<'py, PyAny>],
    what: &str,
    f: impl Fn(&Bound<'py, PyAny>) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    items
        .iter()
        .enumerate()
        .map(|(i, k)| f(k).map_err(|e| PyValueError::new_err(format!("{what} {i}: {e}"))))
        .collect()
}
