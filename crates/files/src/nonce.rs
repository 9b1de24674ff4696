//! Nonces from a durable counter file beside the key, so that no nonce is ever used twice.
//!
//! The counter file `KEY.nonce` holds one line `wegman-nonce-counter NEXT`: NEXT is the lowest
//! nonce value never handed out. To tag n inputs, [`reserve`] takes an exclusive lock on
//! `KEY.nonce.lock`, reads NEXT, durably writes NEXT + n (temporary file, fsync, rename, fsync
//! of the directory) and only then returns the nonces NEXT..NEXT+n. Every tag is printed after
//! its nonce's reservation is on disk, so a crash can skip nonces but never repeat one, and the
//! lock keeps concurrent `wegman` processes from reserving the same range.
//!
//! A nonce is its counter value written big-endian in the algorithm's nonce length. A new
//! counter starts at a random multiple of 2^64 (the top bits random, the low 64 bits zero), so
//! that even a counter file lost together with a backup of the key is unlikely to repeat.
//! A counter file that exists but cannot be read is an error, never a reset.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use crate::error::{Error, Result, io_reason};
use crate::fsutil;

const MAGIC: &str = "wegman-nonce-counter";

/// The counter file of the key at `key_path`.
pub fn counter_path(key_path: &Path) -> PathBuf {
    let mut p = key_path.as_os_str().to_owned();
    p.push(".nonce");
    PathBuf::from(p)
}

fn lock_path(key_path: &Path) -> PathBuf {
    let mut p = counter_path(key_path).into_os_string();
    p.push(".lock");
    PathBuf::from(p)
}

/// Whether `path` exists as a regular file (`false` if absent). A symbolic link or anything
/// but a regular file is an error: a counter or lock replaced by a link (to another key's
/// counter, or to nowhere, which would read as "no counter" and restart it) could repeat a
/// nonce, so wegman never follows one.
fn regular_file(path: &Path, what: &str) -> Result<bool> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Err(Error::new(format!(
            "{}: the nonce {what} is a symbolic link; wegman does not follow links here \
             (replace it with the file itself, or pass --nonce)",
            path.display()
        ))),
        Ok(m) if !m.is_file() => Err(Error::new(format!(
            "{}: the nonce {what} is not a regular file (pass --nonce, or remove it if no \
             nonce of this key was ever used)",
            path.display()
        ))),
        Ok(_) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(Error::io(&format!("cannot read nonce {what}"), path, e)),
    }
}

/// Reads NEXT from a counter file, `None` if there is none.
fn read_counter(path: &Path) -> Result<Option<u128>> {
    if !regular_file(path, "counter")? {
        return Ok(None);
    }
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        // Removed between the two calls: another process's business, but never a reset.
        Err(e) => return Err(Error::io("cannot read nonce counter", path, e)),
    };
    parse_counter(&text, path).map(Some)
}

/// Parses a counter file's text; `path` only labels errors.
pub fn parse_counter(text: &str, path: &Path) -> Result<u128> {
    let bad = || {
        Error::new(format!(
            "{}: malformed nonce counter (expected `{MAGIC} N`); refusing to guess, since a \
             wrong guess could repeat a nonce: repair it, or pass --nonce",
            path.display()
        ))
    };
    let line = text.strip_suffix('\n').ok_or_else(bad)?;
    let n = line
        .strip_prefix(MAGIC)
        .and_then(|r| r.strip_prefix(' '))
        .ok_or_else(bad)?;
    // Digits only: `u128::from_str` would also take a leading `+`.
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    n.parse::<u128>().map_err(|_| bad())
}

/// A counter file's text for NEXT.
pub fn format_counter(next: u128) -> String {
    format!("{MAGIC} {next}\n")
}

/// A random starting point: the top 8·`nonce_len` − 64 bits random, the low 64 bits zero.
fn random_start(nonce_len: usize) -> Result<u128> {
    let r = getrandom::u64()
        .map_err(|e| Error::new(format!("cannot get random bytes for a nonce counter: {e}")))?;
    let high_bits = (8 * nonce_len).saturating_sub(64).min(64);
    Ok(if high_bits == 0 {
        0
    } else {
        u128::from(r >> (64 - high_bits)) << 64
    })
}

/// Encodes a counter value as a nonce of `len` bytes, big-endian.
fn encode(value: u128, len: usize) -> Vec<u8> {
    let be = value.to_be_bytes();
    if len >= 16 {
        let mut v = vec![0u8; len - 16];
        v.extend_from_slice(&be);
        v
    } else {
        be[16 - len..].to_vec()
    }
}

/// Durably reserves `count` fresh nonces of `nonce_len` bytes for the key at `key_path`.
pub fn reserve(key_path: &Path, nonce_len: usize, count: usize) -> Result<Vec<Vec<u8>>> {
    let counter = counter_path(key_path);
    let lock = lock_path(key_path);
    let hint = "(pass --nonce to supply one yourself)";
    regular_file(&lock, "lock")?;
    let lock_file = open_lock(&lock).map_err(|e| {
        Error::new(format!(
            "cannot lock {}: {} {hint}",
            lock.display(),
            io_reason(&e)
        ))
    })?;
    lock_file.lock().map_err(|e| {
        Error::new(format!(
            "cannot lock {}: {} {hint}",
            lock.display(),
            io_reason(&e)
        ))
    })?;

    let next = match read_counter(&counter)? {
        Some(n) => n,
        None => {
            let start = random_start(nonce_len)?;
            note!(
                "wegman: starting a new nonce counter in {}",
                counter.display()
            );
            start
        }
    };
    let limit = if nonce_len >= 16 {
        u128::MAX
    } else {
        (1u128 << (8 * nonce_len)) - 1
    };
    let end = next
        .checked_add(count as u128)
        .filter(|&e| e <= limit)
        .ok_or_else(|| {
            Error::new(format!(
                "the nonce counter {} is exhausted; make a new key",
                counter.display()
            ))
        })?;
    fsutil::replace_durable(&counter, format_counter(end).as_bytes()).map_err(|e| {
        Error::new(format!(
            "cannot reserve a nonce in {}: {} {hint}",
            counter.display(),
            io_reason(&e)
        ))
    })?;
    drop(lock_file);
    Ok((next..end).map(|v| encode(v, nonce_len)).collect())
}

fn open_lock(path: &Path) -> std::io::Result<File> {
    let mut o = OpenOptions::new();
    o.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    o.open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_is_big_endian_in_the_nonce_length() {
        assert_eq!(encode(1, 16), [vec![0u8; 15], vec![1]].concat());
        assert_eq!(encode(0x0102, 12), [vec![0u8; 10], vec![1, 2]].concat());
        assert_eq!(encode(u128::MAX, 16), vec![0xff; 16]);
    }

    #[test]
    fn random_start_leaves_low_64_bits_free() {
        for len in [12, 16] {
            let s = random_start(len).unwrap();
            assert_eq!(s as u64, 0);
            assert!(len == 16 || s < 1u128 << (8 * len));
        }
    }

    #[test]
    fn reservations_are_consecutive_and_durable() {
        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("key");
        let a = reserve(&key, 16, 3).unwrap();
        let b = reserve(&key, 16, 2).unwrap();
        let all: Vec<u128> = a
            .iter()
            .chain(&b)
            .map(|n| u128::from_be_bytes(n.as_slice().try_into().unwrap()))
            .collect();
        for w in all.windows(2) {
            assert_eq!(w[1], w[0] + 1);
        }
        let on_disk = read_counter(&counter_path(&key)).unwrap().unwrap();
        assert_eq!(on_disk, all[4] + 1);
    }

    #[test]
    fn malformed_counter_is_an_error_not_a_reset() {
        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("key");
        std::fs::write(counter_path(&key), "wegman-nonce-counter 12x\n").unwrap();
        let e = reserve(&key, 16, 1).unwrap_err().to_string();
        assert!(e.contains("malformed nonce counter"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn links_and_directories_are_errors_not_resets() {
        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("key");
        let counter = counter_path(&key);
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &counter).unwrap();
        let e = reserve(&key, 16, 1).unwrap_err().to_string();
        assert!(e.contains("symbolic link"), "{e}");
        std::fs::remove_file(&counter).unwrap();
        std::fs::create_dir(&counter).unwrap();
        let e = reserve(&key, 16, 1).unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{e}");
        std::fs::remove_dir(&counter).unwrap();
        std::fs::remove_file(lock_path(&key)).unwrap();
        std::os::unix::fs::symlink(dir.path().join("elsewhere"), lock_path(&key)).unwrap();
        let e = reserve(&key, 16, 1).unwrap_err().to_string();
        assert!(e.contains("lock is a symbolic link"), "{e}");
    }

    #[test]
    fn exhausted_counter_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("key");
        std::fs::write(
            counter_path(&key),
            format!("{MAGIC} {}\n", (1u128 << 96) - 1),
        )
        .unwrap();
        assert!(reserve(&key, 12, 1).is_err());
        std::fs::write(
            counter_path(&key),
            format!("{MAGIC} {}\n", (1u128 << 96) - 2),
        )
        .unwrap();
        assert_eq!(
            reserve(&key, 12, 1).unwrap(),
            vec![
                vec![0xff; 11]
                    .into_iter()
                    .chain([0xfe])
                    .collect::<Vec<u8>>()
            ]
        );
    }
}
