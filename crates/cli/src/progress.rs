//! The progress bar of `tag` and `verify`: bytes, rate and ETA on stderr, only when stderr is a
//! terminal and the work is long, never on a pipe; `--no-progress` and `--quiet` silence it.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Work of at least this many bytes shows a bar.
const MIN_BYTES: u64 = 64 << 20;
/// Work of at least this many files shows a bar.
const MIN_FILES: usize = 1000;

/// A bar over a known total of bytes, or nothing. Shareable between the hashing threads
/// (`indicatif` counts with an atomic and redraws at most a few times a second).
pub(crate) struct Progress(Option<ProgressBar>);

impl Progress {
    /// No bar.
    pub(crate) fn none() -> Progress {
        Progress(None)
    }

    /// A bar for `files` inputs of `bytes()` bytes in all, if `wanted` (not silenced),
    /// stderr is a terminal and the work is long; `label` names a single input. `bytes` is
    /// called only when a bar may show (it may stat every input).
    pub(crate) fn new(
        wanted: bool,
        files: usize,
        label: &str,
        bytes: impl FnOnce() -> u64,
    ) -> Progress {
        if !wanted || !std::io::stderr().is_terminal() {
            return Progress::none();
        }
        let bytes = bytes();
        if bytes < MIN_BYTES && files < MIN_FILES {
            return Progress::none();
        }
        let bar = ProgressBar::with_draw_target(Some(bytes), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{bar:40}] {bytes}/{total_bytes} {binary_bytes_per_sec} eta {eta}",
            )
            .expect("static template")
            .progress_chars("=> "),
        );
        bar.set_message(if files == 1 {
            label.to_string()
        } else {
            format!("{files} files")
        });
        Progress(Some(bar))
    }

    /// Counts `n` more bytes done.
    pub(crate) fn add(&self, n: u64) {
        if let Some(b) = &self.0 {
            b.inc(n);
        }
    }

    /// Runs `f` with the bar hidden (for a line on stderr or stdout while the bar shows).
    pub(crate) fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.0 {
            Some(b) => b.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}
