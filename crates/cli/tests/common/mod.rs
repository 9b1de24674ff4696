//! Support shared by the CLI's integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The `wegman` binary under test.
pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_wegman");

/// A scratch directory the runs of one test work in (removed when dropped). Each test file
/// adds its own ways of running the binary in it.
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

    /// `program` run in this directory with `home` as `WEGMAN_HOME`, no `XDG_CONFIG_HOME`
    /// and no standard input.
    pub(crate) fn command(&self, program: &str, home: &Path) -> Command {
        let mut c = Command::new(program);
        c.current_dir(self.root())
            .env("WEGMAN_HOME", home)
            .env_remove("XDG_CONFIG_HOME")
            .stdin(Stdio::null());
        c
    }
}
