//! Key files: one line `wegman-key ALG HEX`, mode 0600, never overwritten, never from argv.

use std::path::{Path, PathBuf};

use zeroize::Zeroizing;

use wegman_mac::alg::{Alg, AnyKey};
use wegman_mac::hash256::Encoding;

use crate::error::{Error, Result, io_reason};
use crate::fsutil;

/// The first word of every key file.
const MAGIC: &str = "wegman-key";

/// `$WEGMAN_HOME`, else `$XDG_CONFIG_HOME/wegman`, else `~/.config/wegman`.
pub fn home_dir() -> Result<PathBuf> {
    let nonempty = |v: &str| {
        std::env::var_os(v)
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
    };
    if let Some(h) = nonempty("WEGMAN_HOME") {
        return Ok(h);
    }
    if let Some(x) = nonempty("XDG_CONFIG_HOME") {
        return Ok(x.join("wegman"));
    }
    if let Some(h) = nonempty("HOME") {
        return Ok(h.join(".config").join("wegman"));
    }
    Err(Error::new(
        "cannot find a place for the default key: set WEGMAN_HOME or HOME, or use --key-file",
    ))
}

/// The default key file, `home_dir()/key`.
pub fn default_path() -> Result<PathBuf> {
    Ok(home_dir()?.join("key"))
}

/// A loaded key: its algorithm and bytes (zeroized on drop).
#[derive(Debug)]
pub struct KeyFile {
    /// The algorithm.
    pub alg: Alg,
    /// The key bytes.
    pub key: Zeroizing<Vec<u8>>,
    /// Where it was read from (its nonce counter is `PATH.nonce`).
    pub path: PathBuf,
}

impl KeyFile {
    /// The validated key, hashing with encoding `enc`.
    pub fn key_for(&self, enc: Encoding) -> Result<AnyKey> {
        self.alg
            .key(&self.key, enc)
            .map_err(|e| Error::new(format!("{}: {} key: {e}", self.path.display(), self.alg)))
    }
}

/// A fresh uniformly random valid key for `alg` from the operating system's generator.
pub fn random_key(alg: Alg) -> Result<Zeroizing<Vec<u8>>> {
    let mut key = Zeroizing::new(vec![0u8; alg.key_len()]);
    getrandom::fill(&mut key)
        .map_err(|e| Error::new(format!("cannot get random bytes for a key: {e}")))?;
    alg.fix_random_key(&mut key);
    Ok(key)
}

/// Serialises a key.
pub fn format_key(alg: Alg, key: &[u8]) -> Zeroizing<String> {
    Zeroizing::new(format!("{MAGIC} {alg} {}\n", hex::encode(key)))
}

/// Parses a key file's text; `path` only labels errors.
pub fn parse(text: &str, path: &Path) -> Result<KeyFile> {
    let bad = |why: &str| Error::new(format!("{}: malformed key file: {why}", path.display()));
    let line = text.strip_suffix('\n').unwrap_or(text);
    let line = line.strip_suffix('\r').unwrap_or(line);
    if line.contains('\n') {
        return Err(bad("expected exactly one line `wegman-key ALG HEX`"));
    }
    let fields: Vec<&str> = line.split(' ').collect();
    if fields.len() != 3 || fields[0] != MAGIC {
        return Err(bad("expected one line `wegman-key ALG HEX`"));
    }
    let alg = Alg::parse(fields[1]).map_err(|e| Error::new(format!("{}: {e}", path.display())))?;
    let key = Zeroizing::new(
        hex::decode(fields[2]).map_err(|_| bad("the key is not an even number of hex digits"))?,
    );
    let kf = KeyFile {
        alg,
        key,
        path: path.to_path_buf(),
    };
    // Length and validity are checked here so that every command reports them the same way.
    kf.key_for(Encoding::B1)?;
    Ok(kf)
}

/// Reads and validates a key file.
pub fn load(path: &Path) -> Result<KeyFile> {
    let bytes = Zeroizing::new(
        std::fs::read(path).map_err(|e| Error::io("cannot read key file", path, e))?,
    );
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| Error::new(format!("{}: malformed key file: not text", path.display())))?;
    let kf = parse(text, path)?;
    warn_if_shared(path);
    Ok(kf)
}

/// Warns (once, on stderr) if a key file can be read by other users.
fn warn_if_shared(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Ok(m) = std::fs::metadata(path) {
            let mode = m.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                note!(
                    "wegman: warning: key file {} has mode {mode:03o}; other users may read it \
                     (chmod 600 it)",
                    path.display()
                );
            }
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// Makes a fresh key for `alg` and writes it to `path`, which must not exist.
pub fn generate(alg: Alg, path: &Path) -> Result<KeyFile> {
    if let Some(dir) = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty() && !d.is_dir())
    {
        fsutil::create_private_dir(dir)?;
    }
    let key = random_key(alg)?;
    let text = format_key(alg, &key);
    fsutil::create_new_durable(path, text.as_bytes())?;
    Ok(KeyFile {
        alg,
        key,
        path: path.to_path_buf(),
    })
}

/// Loads the key for `tag`: `--key-file` if given (it must exist), else the default key,
/// created on first use for `alg` (or the default algorithm) with a note on stderr.
pub fn load_or_create_default(key_file: Option<&Path>, alg: Option<Alg>) -> Result<KeyFile> {
    if let Some(p) = key_file {
        return load(p);
    }
    let path = default_path()?;
    match std::fs::symlink_metadata(&path) {
        Ok(_) => load(&path),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let alg = alg.unwrap_or(Alg::DEFAULT);
            let kf = generate(alg, &path)?;
            note!(
                "wegman: created a new {alg} key in {} (keep it secret)",
                path.display()
            );
            Ok(kf)
        }
        Err(e) => Err(Error::new(format!(
            "cannot read key file {}: {}",
            path.display(),
            io_reason(&e)
        ))),
    }
}

/// Loads the key for `verify`: `--key-file` or the default key, which must exist.
pub fn load_existing(key_file: Option<&Path>) -> Result<KeyFile> {
    match key_file {
        Some(p) => load(p),
        None => load(&default_path()?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_round_trip_and_errors() {
        let p = Path::new("k");
        let key = [0x11u8; 32];
        let text = format_key(Alg::Poly1305, &key);
        let kf = parse(&text, p).unwrap();
        assert_eq!(kf.alg, Alg::Poly1305);
        assert_eq!(&kf.key[..], &key);
        for bad in [
            "",
            "wegman-key poly1305",
            "wegman-key  poly1305 00",
            "wegmankey poly1305 00",
            "wegman-key poly1305 0g",
            "wegman-key poly1305 abc",
            "wegman-key nope 00",
            "wegman-key poly1305 00\nwegman-key poly1305 00\n",
        ] {
            assert!(parse(bad, p).is_err(), "{bad:?} must be rejected");
        }
        let short = format!("wegman-key poly1305 {}", "00".repeat(31));
        let e = parse(&short, p).err().unwrap().to_string();
        assert!(e.contains("wrong key length"), "{e}");
        let mut unclamped = [0u8; 32];
        unclamped[16 + 3] = 0xf0;
        let e = parse(&format_key(Alg::Poly1305Aes, &unclamped), p)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("invalid key"), "{e}");
    }
}
