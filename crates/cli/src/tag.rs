//! `wegman tag`: one check line `ALG NONCE TAG PATH` per input, inputs hashed in parallel
//! across cores, lines printed in input order (docs/spec.md §4).
//!
//! The inputs are listed first (directories walked with `-r`), so that a missing file costs
//! no nonce and is reported up front; then every nonce is reserved durably at once (one
//! synced write of the counter); then the files are hashed, each by one thread, a large one
//! by all of them, and each line printed once the lines before it are out. A crash at any
//! point may skip nonces but never reuses one, and every line printed is a finished tag.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::error::{Error, Result};
use crate::input::{self, Input, Named};
use crate::ordered::for_each_ordered;
use crate::progress::Progress;
use wegman_files::check::{format_check_line, parse_nonce};
use wegman_files::{keyfile, nonce};
use wegman_mac::alg::{Alg, AnyKey};
use wegman_mac::hash256::Encoding;

/// A file at least this long is hashed by every thread (chunks of it in parallel) even among
/// other files; shorter ones take one thread each.
const PARALLEL_FILE: u64 = 64 << 20;

/// The options of `wegman tag`.
pub(crate) struct TagOptions<'a> {
    pub(crate) alg: Option<&'a str>,
    pub(crate) key_file: Option<&'a Path>,
    pub(crate) nonce: Option<&'a str>,
    pub(crate) b: Option<u32>,
    pub(crate) recursive: bool,
    pub(crate) follow: bool,
    pub(crate) progress: bool,
    pub(crate) quiet: bool,
}

/// One input to tag: standard input, or a file and its length when listed.
enum Item {
    Stdin,
    File(PathBuf, u64),
}

impl Item {
    fn path(&self) -> &Path {
        match self {
            Item::Stdin => Path::new("-"),
            Item::File(p, _) => p,
        }
    }

    fn len(&self) -> u64 {
        match self {
            Item::Stdin => 0,
            Item::File(_, n) => *n,
        }
    }
}

pub(crate) fn tag(
    opts: &TagOptions<'_>,
    pool: &rayon::ThreadPool,
    files: &[PathBuf],
) -> Result<ExitCode> {
    let alg = opts.alg.map(Alg::parse).transpose()?;
    let kf = keyfile::load_or_create_default(opts.key_file, alg)?;
    if let Some(a) = alg.filter(|&a| a != kf.alg) {
        return Err(Error::new(format!(
            "the key in {} is {} {} key, not {a} (make one with `wegman keygen --alg {a} -o PATH`)",
            kf.path.display(),
            kf.alg.article(),
            kf.alg
        )));
    }
    let alg = kf.alg;
    let enc = encoding(alg, opts.b)?;
    let keyed = kf.key_for(enc)?;
    if files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
        return Err(Error::new("standard input (-) can be read only once"));
    }

    // List every input first: a missing file costs no nonce and is reported up front.
    let mut failed = false;
    let mut items = Vec::new();
    for f in files {
        match input::classify(f) {
            Ok(Named::Stdin) => items.push(Item::Stdin),
            Ok(Named::File(p, len)) => items.push(Item::File(p, len)),
            Ok(Named::Dir(d)) if opts.recursive => {
                let mut found = Vec::new();
                input::walk(&d, opts.follow, &mut found, &mut |e| {
                    note!("wegman: {e}");
                    failed = true;
                });
                items.extend(found.into_iter().map(|(p, n)| Item::File(p, n)));
            }
            Ok(Named::Dir(d)) => {
                note!(
                    "wegman: cannot read {}: Is a directory (tag the files under it with -r)",
                    d.display()
                );
                failed = true;
            }
            Err(e) => {
                note!("wegman: {e}");
                failed = true;
            }
        }
    }

    let explicit = match opts.nonce {
        Some(_) if items.len() > 1 => {
            return Err(Error::new(
                "--nonce takes exactly one input: a nonce must never tag two messages",
            ));
        }
        Some(n) => Some(parse_nonce(alg, n)?),
        None => None,
    };
    // Reserve every nonce durably before any tag is printed.
    let nonces: Vec<Option<Vec<u8>>> = match (alg.nonce_len(), explicit) {
        (None, _) => {
            if !opts.quiet {
                note!(
                    "wegman: note: poly1305 is a one-time authenticator: never tag a second \
                     message with this key (use poly1305-aes for many messages)"
                );
            }
            vec![None; items.len()]
        }
        (Some(_), Some(n)) => vec![Some(n); items.len()],
        (Some(_), None) if items.is_empty() => Vec::new(),
        (Some(len), None) => nonce::reserve(&kf.path, len, items.len())?
            .into_iter()
            .map(Some)
            .collect(),
    };

    let total: u64 = items.iter().map(Item::len).sum();
    let label = items
        .first()
        .map(|i| i.path().display().to_string())
        .unwrap_or_default();
    let progress = Progress::new(opts.progress && !opts.quiet, items.len(), &label, || total);
    let threads = pool.current_num_threads();
    let single = items.len() == 1;
    let jobs: Vec<(Item, Option<Vec<u8>>)> = items.into_iter().zip(nonces).collect();
    let work = |(item, nonce): &(Item, Option<Vec<u8>>)| -> Result<String> {
        let input = Input::open(item.path())?;
        let label = input.label();
        let mut mac = keyed.start(nonce.as_deref())?;
        let parallel = threads > 1 && (single || input.len().unwrap_or(0) >= PARALLEL_FILE);
        if parallel {
            input.feed(threads, &progress, |chunk| mac.update_parallel(chunk))?;
        } else {
            input.feed(1, &progress, |chunk| mac.update(chunk))?;
        }
        let t = mac.finalize();
        Ok(format_check_line(alg, enc, nonce.as_deref(), &t, &label))
    };
    let printed = for_each_ordered(pool, &jobs, work, |r| match r {
        Ok(line) => progress.suspend(|| crate::error::out(&format!("{line}\n"))),
        Err(e) => {
            progress.suspend(|| note!("wegman: {e}"));
            failed = true;
            Ok(())
        }
    });
    progress.finish();
    printed?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The encoding `--b` asks for, checked against the algorithm.
fn encoding(alg: Alg, b: Option<u32>) -> Result<Encoding> {
    match b {
        None => Ok(Encoding::B1),
        Some(_) if !alg.has_encoding() => Err(Error::new(format!(
            "--b applies only to auth256, auth256-128 and auth256-2l, not {alg}"
        ))),
        Some(n) => Encoding::from_b(n).map_err(|_| {
            Error::new(format!(
                "unsupported --b {n}: Hash256 takes b = 1, 8 or 256"
            ))
        }),
    }
}

/// Keeps `AnyKey` shareable between the hashing threads (checked at compile time).
const _: fn() = || {
    fn sync<T: Sync>() {}
    sync::<AnyKey>();
};
