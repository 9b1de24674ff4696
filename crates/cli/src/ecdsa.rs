//! `wegman ec keygen | pubkey | sign | verify`: ECDSA on the key and signature files OpenSSL
//! reads and writes (docs/spec.md §4, "ec keys"), so that `openssl dgst -sha256 -sign key.pem`
//! signatures verify here and ours verify in `openssl dgst -verify`.

use std::path::{Path, PathBuf};

use wegman_ec::{Curve, CurveField, CurveId, Nb, NistPb, SsrfPb};
use wegman_ecdsa::{
    HashAlg, PrivateKeyFile, PublicKeyFile, Signature, SigningKey, VerifyMethod, VerifyingKey,
};

use crate::error::{Error, Result};

/// The key operations (`wegman ec OP`).
#[derive(clap::Subcommand, Debug)]
pub(crate) enum EcKeyOp {
    /// Generate a private key file (PEM; never overwrites a file), as
    /// `openssl ecparam -name CURVE -genkey` (`--format sec1`) or `openssl genpkey`
    /// (`--format pkcs8`) write.
    Keygen {
        /// The curve (sect163k1 … sect571r1, or K-163 … B-571).
        #[arg(long)]
        curve: String,
        /// Private-key file to create (mode 0600).
        #[arg(long)]
        out: PathBuf,
        /// sec1 (`EC PRIVATE KEY`) or pkcs8 (`PRIVATE KEY`).
        #[arg(long, default_value = "sec1")]
        format: String,
        /// Also write the public key (SPKI `PUBLIC KEY` PEM) here.
        #[arg(long)]
        pubout: Option<PathBuf>,
    },
    /// Print the public key (SPKI `PUBLIC KEY` PEM) of a private-key file, as
    /// `openssl pkey -pubout`.
    Pubkey {
        /// Private-key file (SEC 1 or PKCS#8, PEM or DER).
        #[arg(long)]
        key: PathBuf,
    },
    /// Sign a file: the DER signature (binary, as `openssl dgst -sign` writes) to --out or
    /// standard output. Deterministic (RFC 6979) unless --randomize.
    Sign {
        /// Private-key file (SEC 1 or PKCS#8, PEM or DER).
        #[arg(long)]
        key: PathBuf,
        /// sha1, sha224, sha256, sha384 or sha512.
        #[arg(long, default_value = "sha256")]
        hash: String,
        /// Write the signature here instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Fixed-width r‖s instead of DER.
        #[arg(long)]
        fixed: bool,
        /// Add 32 bytes from the operating system's generator to RFC 6979's nonce.
        #[arg(long)]
        randomize: bool,
        /// Field representation: nist, ssrf or nb.
        #[arg(long, default_value = "nist")]
        repr: String,
        /// The file to sign.
        file: PathBuf,
    },
    /// Verify a signature on a file: prints `Verified OK` (exit 0) or `Verification failure`
    /// (exit 1), as `openssl dgst -verify`.
    Verify {
        /// Public-key file (SPKI, PEM or DER), or a private-key file.
        #[arg(long)]
        key: PathBuf,
        /// The signature file (DER, or fixed-width r‖s with --fixed).
        #[arg(long)]
        signature: PathBuf,
        /// sha1, sha224, sha256, sha384 or sha512.
        #[arg(long, default_value = "sha256")]
        hash: String,
        /// The signature is fixed-width r‖s.
        #[arg(long)]
        fixed: bool,
        /// How u2·Q is computed: double-add, halving (B curves and sect163k1) or tnaf (K
        /// curves) [default: per curve, docs/ecdsa.md].
        #[arg(long)]
        method: Option<String>,
        /// Field representation: nist, ssrf or nb.
        #[arg(long, default_value = "nist")]
        repr: String,
        /// The signed file.
        file: PathBuf,
    },
}

/// Evaluates `$body` (a `Result`) with `$c` bound to curve `$id` in representation `$repr`
/// (the body is compiled once per representation).
macro_rules! with_repr {
    ($id:expr, $repr:expr, |$c:ident| $body:expr) => {{
        let repr: &str = $repr;
        let err = |e: wegman_ec::Error| Error::new(format!("--repr {repr}: {e}"));
        match repr {
            "nist" => {
                let $c = &Curve::new($id, NistPb::new).map_err(err)?;
                $body
            }
            "ssrf" => {
                let $c = &Curve::new($id, SsrfPb::new).map_err(err)?;
                $body
            }
            "nb" => {
                let $c = &Curve::new($id, Nb::new).map_err(err)?;
                $body
            }
            other => Err(Error::new(format!(
                "--repr {other}: unknown representation (nist, ssrf or nb)"
            ))),
        }
    }};
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| Error::io("cannot read", path, e))
}

fn ecdsa_err(path: &Path) -> impl Fn(wegman_ecdsa::Error) -> Error + '_ {
    move |e| Error::new(format!("{}: {e}", path.display()))
}

/// Runs a key operation; `Ok(false)` is a signature that does not verify.
pub(crate) fn run(op: EcKeyOp) -> Result<bool> {
    match op {
        EcKeyOp::Keygen {
            curve,
            out,
            format,
            pubout,
        } => {
            let id = CurveId::from_name(&curve)
                .map_err(|e| Error::new(format!("--curve {curve}: {e}")))?;
            if !matches!(format.as_str(), "sec1" | "pkcs8") {
                return Err(Error::new(format!(
                    "--format {format}: unknown key format (sec1 or pkcs8)"
                )));
            }
            if let Some(p) = &pubout
                && p.exists()
            {
                return Err(Error::new(format!(
                    "{} already exists; wegman never overwrites a key",
                    p.display()
                )));
            }
            let c = Curve::new(id, NistPb::new).map_err(|e| Error::new(e.to_string()))?;
            let key = SigningKey::random(&c).map_err(|e| Error::new(e.to_string()))?;
            let pem = if format == "sec1" {
                key.to_sec1_pem()
            } else {
                key.to_pkcs8_pem()
            };
            wegman_files::fsutil::create_new_durable(&out, pem.as_bytes())?;
            if let Some(p) = pubout {
                wegman_files::fsutil::create_new_durable(
                    &p,
                    key.verifying_key().to_spki_pem().as_bytes(),
                )?;
            }
            Ok(true)
        }
        EcKeyOp::Pubkey { key } => {
            let f = PrivateKeyFile::parse(&read(&key)?).map_err(ecdsa_err(&key))?;
            let c = Curve::new(f.curve, NistPb::new).map_err(|e| Error::new(e.to_string()))?;
            let k = f.signing_key(&c).map_err(ecdsa_err(&key))?;
            crate::error::out(&k.verifying_key().to_spki_pem())?;
            Ok(true)
        }
        EcKeyOp::Sign {
            key,
            hash,
            out,
            fixed,
            randomize,
            repr,
            file,
        } => {
            let hash = parse_hash(&hash)?;
            let f = PrivateKeyFile::parse(&read(&key)?).map_err(ecdsa_err(&key))?;
            let msg = read(&file)?;
            let sig: Signature = with_repr!(f.curve, &repr, |c| {
                let k = f.signing_key(c).map_err(ecdsa_err(&key))?;
                if randomize {
                    k.sign_randomized(hash, &msg).map_err(ecdsa_err(&key))
                } else {
                    Ok(k.sign_with(hash, &msg))
                }
            })?;
            let bytes = if fixed { sig.to_fixed() } else { sig.to_der() };
            match out {
                Some(p) => std::fs::write(&p, bytes).map_err(|e| Error::io("cannot write", &p, e)),
                None => {
                    use std::io::Write;
                    let mut o = std::io::stdout().lock();
                    o.write_all(&bytes).and_then(|()| o.flush()).map_err(|e| {
                        Error::new(format!(
                            "cannot write to standard output: {}",
                            crate::error::io_reason(&e)
                        ))
                    })
                }
            }?;
            Ok(true)
        }
        EcKeyOp::Verify {
            key,
            signature,
            hash,
            fixed,
            method,
            repr,
            file,
        } => {
            let hash = parse_hash(&hash)?;
            let bytes = read(&key)?;
            // A public-key file, or a private key whose public half is used.
            let (curve, public) = match PublicKeyFile::parse(&bytes) {
                Ok(p) => (p.curve, Some(p)),
                Err(_) => {
                    let f = PrivateKeyFile::parse(&bytes).map_err(|_| {
                        Error::new(format!(
                            "{}: neither a public-key file (SPKI) nor a private-key file \
                             (SEC 1, PKCS#8)",
                            key.display()
                        ))
                    })?;
                    (f.curve, None)
                }
            };
            let sig_bytes = read(&signature)?;
            let msg = read(&file)?;
            let ok: bool = with_repr!(curve, &repr, |c| {
                let vk = match &public {
                    Some(p) => p.verifying_key(c).map_err(ecdsa_err(&key))?,
                    None => PrivateKeyFile::parse(&bytes)
                        .and_then(|f| f.signing_key(c))
                        .map_err(ecdsa_err(&key))?
                        .verifying_key(),
                };
                let vk = match method.as_deref() {
                    None => vk,
                    Some(m) => {
                        let m = match m {
                            "double-add" => VerifyMethod::DoubleAndAdd,
                            "halving" => VerifyMethod::Halving,
                            "tnaf" => VerifyMethod::Tnaf,
                            other => {
                                return Err(Error::new(format!(
                                    "--method {other}: unknown method (double-add, halving or \
                                     tnaf)"
                                )));
                            }
                        };
                        vk.with_method(m).map_err(|e| {
                            Error::new(format!("--method {}: {e} ({curve} is not)", method_name(m)))
                        })?
                    }
                };
                let t = c.order_bits();
                let sig = if fixed {
                    Signature::from_fixed(t, &sig_bytes)
                } else {
                    Signature::from_der(t, &sig_bytes)
                }
                .map_err(ecdsa_err(&signature))?;
                Ok(verify_one(&vk, hash, &msg, &sig))
            })?;
            crate::error::out(if ok {
                "Verified OK\n"
            } else {
                "Verification failure\n"
            })?;
            Ok(ok)
        }
    }
}

fn verify_one<F: CurveField>(
    vk: &VerifyingKey<'_, F>,
    hash: HashAlg,
    msg: &[u8],
    sig: &Signature,
) -> bool {
    vk.verify_with(hash, msg, sig).is_ok()
}

fn method_name(m: VerifyMethod) -> &'static str {
    match m {
        VerifyMethod::DoubleAndAdd => "double-add",
        VerifyMethod::Halving => "halving",
        VerifyMethod::Tnaf => "tnaf",
    }
}

fn parse_hash(name: &str) -> Result<HashAlg> {
    HashAlg::from_name(name).map_err(|e| Error::new(format!("--hash {name}: {e}")))
}
