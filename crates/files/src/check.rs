//! Check lines: `ALG NONCE TAG PATH` (docs/spec.md §4), one per tagged input. ALG is the
//! algorithm's name, or `ALG/bN` for a Hash256 encoding b ≠ 1; NONCE and TAG are lowercase
//! hex (`-` for the one-time `poly1305`, which takes no nonce); PATH is the rest of the line.

use wegman_mac::alg::Alg;
use wegman_mac::hash256::Encoding;

use crate::error::{Error, Result};

/// The algorithm field of a check line: `ALG`, or `ALG/bN` for a Hash256 encoding b ≠ 1.
pub fn alg_field(alg: Alg, enc: Encoding) -> String {
    match enc {
        Encoding::B1 => alg.to_string(),
        e => format!("{alg}/b{}", e.b()),
    }
}

/// Parses the algorithm field of a check line (see [`alg_field`]).
pub fn parse_alg_field(field: &str) -> Result<(Alg, Encoding)> {
    let (name, b) = match field.split_once('/') {
        None => return Ok((Alg::parse(field)?, Encoding::B1)),
        Some((name, b)) => (name, b),
    };
    let alg = Alg::parse(name)?;
    let enc = b
        .strip_prefix('b')
        .and_then(|n| n.parse::<u32>().ok())
        .and_then(|n| Encoding::from_b(n).ok())
        .filter(|e| *e != Encoding::B1 && alg.has_encoding())
        .ok_or_else(|| {
            Error::new(format!(
                "malformed check line: bad algorithm '{field}' (expected ALG or auth256[-128]/b8, /b256)"
            ))
        })?;
    Ok((alg, enc))
}

/// A nonce given in hex, of `alg`'s nonce length.
pub fn parse_nonce(alg: Alg, hex_nonce: &str) -> Result<Vec<u8>> {
    let Some(len) = alg.nonce_len() else {
        return Err(Error::new(format!("{alg} takes no nonce (remove --nonce)")));
    };
    let n = hex::decode(hex_nonce).map_err(|_| {
        Error::new(format!(
            "malformed nonce '{hex_nonce}': expected {} hex digits",
            2 * len
        ))
    })?;
    if n.len() != len {
        return Err(Error::new(format!(
            "wrong nonce length for {alg}: expected {len} bytes, got {}",
            n.len()
        )));
    }
    Ok(n)
}

/// A check line `ALG NONCE TAG PATH` as `wegman tag` prints it (`-` for no nonce).
pub fn format_check_line(
    alg: Alg,
    enc: Encoding,
    nonce: Option<&[u8]>,
    tag: &[u8],
    path: &str,
) -> String {
    let n = nonce.map_or_else(|| "-".to_string(), hex::encode);
    format!("{} {n} {} {path}", alg_field(alg, enc), hex::encode(tag))
}

/// One parsed check line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckLine<'a> {
    /// The algorithm.
    pub alg: Alg,
    /// The Hash256 encoding (`B1` for the other algorithms).
    pub enc: Encoding,
    /// The nonce (`None` for the one-time `poly1305`).
    pub nonce: Option<Vec<u8>>,
    /// The tag, of the algorithm's length.
    pub tag: Vec<u8>,
    /// The path, the rest of the line.
    pub path: &'a str,
}

/// Parses a check line (without its line ending).
pub fn parse_check_line(line: &str) -> Result<CheckLine<'_>> {
    let mut it = line.splitn(4, ' ');
    let (Some(alg), Some(nonce), Some(tag), Some(path)) =
        (it.next(), it.next(), it.next(), it.next())
    else {
        return Err(Error::new(
            "malformed check line: expected `ALG NONCE TAG PATH`",
        ));
    };
    if path.is_empty() {
        return Err(Error::new("malformed check line: empty PATH"));
    }
    let (alg, enc) = parse_alg_field(alg)?;
    let nonce = match (alg.nonce_len(), nonce) {
        (None, "-") => None,
        (None, _) => {
            return Err(Error::new(format!(
                "malformed check line: {alg} takes no nonce, expected `-`"
            )));
        }
        (Some(_), n) => Some(parse_nonce(alg, n)?),
    };
    let tag = hex::decode(tag)
        .ok()
        .filter(|t| t.len() == alg.tag_len())
        .ok_or_else(|| {
            Error::new(format!(
                "malformed check line: the tag must be {} hex digits",
                2 * alg.tag_len()
            ))
        })?;
    Ok(CheckLine {
        alg,
        enc,
        nonce,
        tag,
        path,
    })
}
