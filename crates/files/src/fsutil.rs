//! Durable, never-overwriting file writes.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// Opens `path` for writing, creating it; fails if it exists. Mode 0600 on Unix.
fn create_private(path: &Path) -> std::io::Result<File> {
    let mut o = OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    o.open(path)
}

/// A temporary name in `path`'s directory, unique to this process.
fn temp_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp.{}", std::process::id()))
}

/// fsyncs a directory so that a rename or link inside it survives a crash.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        File::open(dir)?.sync_all()?;
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Writes a private (0600) temporary file with `contents` and syncs it to disk.
fn write_temp(path: &Path, contents: &[u8]) -> std::io::Result<PathBuf> {
    let tmp = temp_name(path);
    // A stale temporary of a crashed process with our pid: it was never linked, remove it.
    let _ = fs::remove_file(&tmp);
    let mut f = create_private(&tmp)?;
    let res = f.write_all(contents).and_then(|()| f.sync_all());
    if let Err(e) = res {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    Ok(tmp)
}

/// Creates `path` with `contents` (mode 0600) atomically and durably, and never replaces an
/// existing file: the data goes to a synced temporary that is then hard-linked into place
/// (the link fails if `path` exists, with no window for a race).
pub fn create_new_durable(path: &Path, contents: &[u8]) -> Result<()> {
    if path.exists() {
        return Err(Error::new(format!(
            "{} already exists; wegman never overwrites a key (remove it yourself or choose \
             another path)",
            path.display()
        )));
    }
    let tmp = write_temp(path, contents).map_err(|e| Error::io("cannot write", path, e))?;
    let linked = fs::hard_link(&tmp, path);
    let _ = fs::remove_file(&tmp);
    match linked {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(Error::new(format!(
                "{} already exists; wegman never overwrites a key",
                path.display()
            )));
        }
        Err(e) => return Err(Error::io("cannot create", path, e)),
    }
    sync_dir(path.parent().unwrap_or(Path::new("."))).map_err(|e| Error::io("cannot sync", path, e))
}

/// Replaces `path` with `contents` atomically and durably (temporary, fsync, rename, fsync
/// of the directory): after a crash, `path` holds either the old or the new contents.
pub(crate) fn replace_durable(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let tmp = write_temp(path, contents)?;
    if let Err(e) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(path.parent().unwrap_or(Path::new(".")))
}

/// Creates a directory (and parents) readable by its owner only.
pub(crate) fn create_private_dir(dir: &Path) -> Result<()> {
    let mut b = fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        b.mode(0o700);
    }
    b.create(dir)
        .map_err(|e| Error::io("cannot create directory", dir, e))
}
