//! Inputs to authenticate: files or standard input, streamed in constant memory, and the
//! walk of `tag -r` that lists the regular files under a directory.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result, io_reason};
use crate::progress::Progress;

/// Read size for one thread: large enough to amortise system calls, small enough for L2.
const CHUNK: usize = 256 << 10;
/// Read size per thread when hashing with several threads: each read is split among them.
const CHUNK_PER_THREAD: usize = 4 << 20;

/// An opened input.
pub(crate) struct Input {
    source: Source,
    path: PathBuf,
}

enum Source {
    Stdin,
    File(File, u64),
}

impl Input {
    /// Opens `path` (`-` is standard input); a directory or unreadable file is an error.
    pub(crate) fn open(path: &Path) -> Result<Input> {
        if path.as_os_str() == "-" {
            return Ok(Input {
                source: Source::Stdin,
                path: path.to_path_buf(),
            });
        }
        let label = path.display().to_string();
        if label.contains('\n') {
            return Err(Error::new(format!(
                "{label:?}: paths containing a newline are not supported"
            )));
        }
        let f = File::open(path).map_err(|e| Error::io("cannot read", path, e))?;
        let meta = f
            .metadata()
            .map_err(|e| Error::io("cannot read", path, e))?;
        if meta.is_dir() {
            return Err(Error::new(format!("cannot read {label}: Is a directory")));
        }
        Ok(Input {
            source: Source::File(f, meta.len()),
            path: path.to_path_buf(),
        })
    }

    /// How the input is named in output lines.
    pub(crate) fn label(&self) -> String {
        self.path.display().to_string()
    }

    /// The input's length when it is a file (as it was when opened).
    pub(crate) fn len(&self) -> Option<u64> {
        match self.source {
            Source::Stdin => None,
            Source::File(_, len) => Some(len),
        }
    }

    /// Reads the whole input, passing it to `sink` chunk by chunk, and counting its bytes on
    /// `progress`. With `threads` > 1 the chunks are larger (each is split among the hashing
    /// threads) and a reader thread fills the next chunk while `sink` hashes the current one
    /// (two buffers), so reading and hashing overlap; with one thread everything runs on the
    /// calling thread, through a buffer no larger than the file.
    pub(crate) fn feed(
        self,
        threads: usize,
        progress: &Progress,
        mut sink: impl FnMut(&[u8]),
    ) -> Result<()> {
        let label = self.label();
        let (mut reader, len): (Box<dyn Read + Send>, Option<u64>) = match self.source {
            Source::Stdin => (Box::new(std::io::stdin()), None),
            Source::File(f, len) => (Box::new(f), Some(len)),
        };
        let mut consume = |chunk: &[u8]| {
            sink(chunk);
            progress.add(chunk.len() as u64);
        };
        let read = if threads > 1 {
            feed_overlapped(&mut reader, CHUNK_PER_THREAD * threads, &mut consume)
        } else {
            // A small file is read through a buffer of its size (rounded up to a page, and
            // one byte more so that the first read already meets the end): no 256 KiB
            // allocation for each of many small files.
            let size = len.map_or(CHUNK, |n| {
                usize::try_from(n + 1).map_or(CHUNK, |n| n.next_multiple_of(4096).min(CHUNK))
            });
            feed_serial(&mut reader, size, &mut consume)
        };
        read.map_err(|e| Error::new(format!("cannot read {label}: {}", io_reason(&e))))
    }
}

/// What a path named on the command line stands for.
pub(crate) enum Named {
    /// Standard input (`-`).
    Stdin,
    /// A file (or anything that is not a directory: opening it says what is wrong).
    File(PathBuf, u64),
    /// A directory.
    Dir(PathBuf),
}

/// Looks at `path` without opening it (a symbolic link named on the command line is
/// followed).
pub(crate) fn classify(path: &Path) -> Result<Named> {
    if path.as_os_str() == "-" {
        return Ok(Named::Stdin);
    }
    let meta = std::fs::metadata(path).map_err(|e| Error::io("cannot read", path, e))?;
    Ok(if meta.is_dir() {
        Named::Dir(path.to_path_buf())
    } else {
        Named::File(path.to_path_buf(), meta.len())
    })
}

/// The regular files under `dir`, depth first, the entries of every directory sorted by
/// name (so two walks of the same tree list the same files in the same order), with their
/// lengths. Symbolic links are skipped unless `follow` (then followed, loops reported);
/// other non-regular files (sockets, FIFOs, devices) are skipped. Entries that cannot be
/// read go to `bad` and the walk goes on.
pub(crate) fn walk(
    dir: &Path,
    follow: bool,
    files: &mut Vec<(PathBuf, u64)>,
    bad: &mut dyn FnMut(Error),
) {
    let walker = walkdir::WalkDir::new(dir)
        .follow_links(follow)
        .sort_by_file_name();
    // The standard library panics when closing a directory fails (`closedir` returning EIO:
    // a kernel fault, which the fault-injection tests cause): caught here and reported as
    // the unreadable directory it is, without the panic message.
    let walked = crate::quiet_panic(|| {
        for entry in walker {
            match entry {
                Ok(e) if e.file_type().is_file() => match e.metadata() {
                    Ok(m) => files.push((e.into_path(), m.len())),
                    Err(err) => bad(walk_error(dir, err)),
                },
                Ok(_) => {}
                Err(err) => bad(walk_error(dir, err)),
            }
        }
    });
    if let Err(why) = walked {
        bad(Error::new(format!(
            "cannot read the directories under {}: {why}",
            dir.display()
        )));
    }
}

/// A walk error as one line: the path it concerns and the reason.
fn walk_error(dir: &Path, err: walkdir::Error) -> Error {
    let path = err.path().unwrap_or(dir).to_path_buf();
    if err.loop_ancestor().is_some() {
        return Error::new(format!("skipping {}: a symbolic link loop", path.display()));
    }
    match err.into_io_error() {
        Some(io) => Error::io("cannot read", &path, io),
        None => Error::new(format!("cannot read {}", path.display())),
    }
}

/// A page-aligned read buffer of `size` bytes.
struct Buffer {
    storage: Vec<u8>,
    size: usize,
}

impl Buffer {
    fn new(size: usize) -> Buffer {
        Buffer {
            storage: vec![0u8; size + BUF_ALIGN],
            size,
        }
    }

    fn get(&mut self) -> &mut [u8] {
        aligned(&mut self.storage, self.size)
    }
}

/// Reads and hashes in turn on the calling thread.
fn feed_serial(
    reader: &mut dyn Read,
    size: usize,
    consume: &mut dyn FnMut(&[u8]),
) -> std::io::Result<()> {
    let mut buf = Buffer::new(size);
    loop {
        let b = buf.get();
        let n = fill(reader, b)?;
        if n == 0 {
            return Ok(());
        }
        consume(&b[..n]);
    }
}

/// Reads on a scoped thread into one of two buffers while the calling thread hashes the other;
/// the buffers travel over two channels of capacity one. A read error ends the input with that
/// error (after the chunks before it were hashed, as in the serial order).
fn feed_overlapped(
    reader: &mut (dyn Read + Send),
    size: usize,
    consume: &mut dyn FnMut(&[u8]),
) -> std::io::Result<()> {
    use std::sync::mpsc::sync_channel;
    type Filled = std::io::Result<(Buffer, usize)>;
    let (full_tx, full_rx) = sync_channel::<Filled>(1);
    let (empty_tx, empty_rx) = sync_channel::<Buffer>(2);
    for _ in 0..2 {
        // Capacity two: both sends succeed while the receiver lives.
        let _ = empty_tx.send(Buffer::new(size));
    }
    std::thread::scope(|s| {
        s.spawn(move || {
            while let Ok(mut buf) = empty_rx.recv() {
                let r = fill(reader, buf.get());
                let done = !matches!(r, Ok(n) if n > 0);
                if full_tx.send(r.map(|n| (buf, n))).is_err() || done {
                    return;
                }
            }
        });
        loop {
            // The reader sends until it has sent an error or an empty read, then stops.
            let Ok(filled) = full_rx.recv() else {
                return Ok(());
            };
            let (mut buf, n) = filled?;
            if n == 0 {
                return Ok(());
            }
            consume(&buf.get()[..n]);
            // The reader may have stopped already; then the buffer is not needed.
            let _ = empty_tx.send(buf);
        }
    })
}

/// Alignment of the read buffer. The kernel's copy into user memory (`copy_to_user`, `rep
/// movsb`) runs at 1.4–1.55 GB/s into an address 8 or 16 mod 32 and at 8.8–9.4 GB/s into one
/// 0 mod 64 (measured on Zen 3, issue 12), and `vec!` gives 16-byte alignment: the buffer
/// starts on a page boundary.
const BUF_ALIGN: usize = 4096;

/// The `len` bytes of `storage` (which has `len + BUF_ALIGN` bytes) that start at its first
/// `BUF_ALIGN`-aligned address.
fn aligned(storage: &mut [u8], len: usize) -> &mut [u8] {
    let off = storage.as_ptr().align_offset(BUF_ALIGN).min(BUF_ALIGN);
    &mut storage[off..off + len]
}

/// Reads until `buf` is full or the input ends; returns the bytes read.
fn fill(reader: &mut (impl Read + ?Sized), buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match reader.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_read_buffer_is_page_aligned() {
        for size in [1usize, 4096, CHUNK] {
            let mut storage = vec![0u8; size + BUF_ALIGN];
            let buf = aligned(&mut storage, size);
            assert_eq!(buf.len(), size);
            assert_eq!(buf.as_ptr() as usize % BUF_ALIGN, 0);
        }
    }
}
