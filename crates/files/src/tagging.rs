//! The key file, the durable nonce counter and the check-line format of `wegman tag` as one
//! string-error API, for other front ends that tag files with the same key and must never reuse its nonces (the
//! Python package's Dask recipe, `python -m wegman.dask tag`). Errors are the one-line
//! messages `wegman` prints.

use std::path::{Path, PathBuf};

use wegman_mac::hash256::Encoding;
use zeroize::Zeroizing;

use wegman_mac::alg::Alg;

use crate::keyfile;

/// A key loaded (or created) as `wegman tag` does.
#[derive(Debug)]
pub struct TagKey {
    /// The algorithm's name (`auth256`, `poly1305-aes`, ...).
    pub alg: String,
    /// The key bytes (zeroized on drop).
    pub key: Zeroizing<Vec<u8>>,
    /// The key file: its nonce counter is `PATH.nonce`.
    pub path: PathBuf,
}

/// Loads `key_file`, or the default key (`$WEGMAN_HOME/key` or `~/.config/wegman/key`),
/// creating the default key for `alg` (or auth256) on first use, as `wegman tag` does; an
/// `alg` other than the key's is an error.
pub fn load_key(key_file: Option<&Path>, alg: Option<&str>) -> Result<TagKey, String> {
    let alg = alg.map(Alg::parse).transpose().map_err(|e| e.to_string())?;
    let kf = keyfile::load_or_create_default(key_file, alg).map_err(|e| e.to_string())?;
    if let Some(a) = alg.filter(|&a| a != kf.alg) {
        return Err(format!(
            "the key in {} is {} {} key, not {a}",
            kf.path.display(),
            kf.alg.article(),
            kf.alg
        ));
    }
    kf.key_for(Encoding::B1).map_err(|e| e.to_string())?;
    Ok(TagKey {
        alg: kf.alg.to_string(),
        key: Zeroizing::new(kf.key.to_vec()),
        path: kf.path,
    })
}

/// Durably reserves `count` fresh nonces for the key at `key_path` (its `.nonce` counter,
/// under its lock, synced before return): the same counter `wegman tag` draws from, so no
/// nonce is ever handed out twice, whichever tool asks. The one-time `poly1305` has no nonces
/// (an error).
pub fn reserve_nonces(key_path: &Path, alg: &str, count: usize) -> Result<Vec<Vec<u8>>, String> {
    let alg = Alg::parse(alg).map_err(|e| e.to_string())?;
    let len = alg
        .nonce_len()
        .ok_or_else(|| format!("{alg} takes no nonce: it is a one-time authenticator"))?;
    if count == 0 {
        return Ok(Vec::new());
    }
    crate::nonce::reserve(key_path, len, count).map_err(|e| e.to_string())
}

/// The line `wegman tag` prints for a tag: `ALG NONCE TAG PATH` (`auth256/b8` for b = 8,
/// `-` for no nonce), which `wegman verify` checks.
pub fn check_line(
    alg: &str,
    b: u32,
    nonce: Option<&[u8]>,
    tag: &[u8],
    path: &str,
) -> Result<String, String> {
    let alg = Alg::parse(alg).map_err(|e| e.to_string())?;
    let enc = Encoding::from_b(b).map_err(|e| e.to_string())?;
    if enc != Encoding::B1 && !alg.has_encoding() {
        return Err(format!(
            "b applies only to auth256 and auth256-128, not {alg}"
        ));
    }
    if tag.len() != alg.tag_len() {
        return Err(format!(
            "a {alg} tag is {} bytes, got {}",
            alg.tag_len(),
            tag.len()
        ));
    }
    Ok(crate::check::format_check_line(alg, enc, nonce, tag, path))
}
