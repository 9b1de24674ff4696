//! Support shared by the CLI's integration tests.

use std::path::{Path, PathBuf};

/// A scratch directory the runs of one test work in (removed when dropped).
pub(crate) struct Dir(tempfile::TempDir);

impl Dir {
    pub(crate) fn new() -> Dir {
        Dir(tempfile::tempdir().unwrap())
    }

    /// The directory itself.
    pub(crate) fn root(&self) -> &Path {
        self.0.path()
    }

    /// `name` inside it.
    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }
}
