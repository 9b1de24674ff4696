//! `wegman verify`: check `ALG NONCE TAG PATH` lines as `sha256sum -c` checks its lines, with
//! its options (`--quiet`, `--status`, `--ignore-missing`, `--strict`) and its closing
//! warnings on stderr; the listed files are hashed in parallel across cores, results printed
//! in line order (docs/spec.md §4).
//!
//! A line that is not a check line is counted as improperly formatted and skipped (an error
//! only with `--strict`): dropping a line from a manifest is something anyone who can edit
//! it can do anyway, so skipping one gives nothing away; every well-formed line is verified.

use std::io::BufRead;
use std::path::Path;
use std::process::ExitCode;

use crate::error::{self, Error, Result};
use crate::input::Input;
use crate::ordered::for_each_ordered;
use crate::progress::Progress;
use wegman_files::check::{CheckLine, parse_check_line};
use wegman_files::keyfile;
use wegman_mac::alg::AnyKey;
use wegman_mac::hash256::Encoding;

/// The options of `wegman verify`.
pub(crate) struct VerifyOptions<'a> {
    pub(crate) key_file: Option<&'a Path>,
    /// Print no `OK` lines.
    pub(crate) quiet: bool,
    /// Print nothing; the exit status says it all.
    pub(crate) status: bool,
    /// A listed file that does not exist is neither a failure nor a line of output.
    pub(crate) ignore_missing: bool,
    /// Improperly formatted lines make the exit status non-zero.
    pub(crate) strict: bool,
    pub(crate) progress: bool,
}

/// What became of one check line.
enum Outcome {
    /// The tag matched (true) or not (false).
    Checked(bool),
    /// The file could not be opened or read.
    Unreadable(Error),
    /// The file does not exist and `--ignore-missing` is on.
    Missing,
    /// The line cannot be checked with this key (another algorithm, `-` from stdin).
    Refused(Error),
}

pub(crate) fn verify(
    opts: &VerifyOptions<'_>,
    pool: &rayon::ThreadPool,
    checkfile: &Path,
) -> Result<ExitCode> {
    let kf = keyfile::load_existing(opts.key_file)?;
    let from_stdin = checkfile.as_os_str() == "-";
    let reader: Box<dyn BufRead> = if from_stdin {
        Box::new(std::io::stdin().lock())
    } else {
        let f =
            std::fs::File::open(checkfile).map_err(|e| Error::io("cannot read", checkfile, e))?;
        Box::new(std::io::BufReader::new(f))
    };
    let name = if from_stdin {
        "-".into()
    } else {
        checkfile.display().to_string()
    };
    let text: Vec<String> = reader
        .lines()
        .collect::<std::io::Result<_>>()
        .map_err(|e| Error::new(format!("cannot read {name}: {}", error::io_reason(&e))))?;

    // Parse every line first; one expanded key per encoding the lines use (Auth256's cached
    // key stream is shared by all the files), the first validating the key file.
    let mut keys: Vec<AnyKey> = vec![kf.key_for(Encoding::B1)?];
    let mut lines: Vec<(usize, CheckLine<'_>)> = Vec::new();
    let mut bad_lines = 0usize;
    for (i, line) in text.iter().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        match parse_check_line(line) {
            Ok(c) => {
                if !keys.iter().any(|k| k.encoding() == c.enc) {
                    keys.push(kf.key_for(c.enc)?);
                }
                lines.push((i + 1, c));
            }
            Err(e) => {
                bad_lines += 1;
                if !opts.status {
                    note!("wegman: {name}:{}: improperly formatted line: {e}", i + 1);
                }
            }
        }
    }
    if lines.is_empty() {
        return Err(Error::new(format!(
            "{name}: no properly formatted check lines found"
        )));
    }

    let progress = Progress::new(
        opts.progress && !opts.status && !opts.quiet,
        lines.len(),
        lines[0].1.path,
        || {
            lines
                .iter()
                .map(|(_, c)| std::fs::metadata(c.path).map_or(0, |m| m.len()))
                .sum()
        },
    );
    let work = |(_, c): &(usize, CheckLine<'_>)| -> Outcome {
        if c.alg != kf.alg {
            return Outcome::Refused(Error::new(format!(
                "{}: line is for {}, but the key in {} is {} {} key",
                c.path,
                c.alg,
                kf.path.display(),
                kf.alg.article(),
                kf.alg
            )));
        }
        if from_stdin && c.path == "-" {
            return Outcome::Refused(Error::new(
                "cannot check `-`: standard input holds the check lines",
            ));
        }
        let input = match Input::open(Path::new(c.path)) {
            Ok(i) => i,
            Err(_) if opts.ignore_missing && !Path::new(c.path).exists() => {
                return Outcome::Missing;
            }
            Err(e) => return Outcome::Unreadable(e),
        };
        let Some(key) = keys.iter().find(|k| k.encoding() == c.enc) else {
            // Every encoding of a parsed line has its key (made above).
            return Outcome::Refused(Error::new("no key for this encoding"));
        };
        let run = || -> Result<bool> {
            let mut mac = key.start(c.nonce.as_deref())?;
            input.feed(1, &progress, |chunk| mac.update(chunk))?;
            Ok(mac.verify(&c.tag).is_ok())
        };
        match run() {
            Ok(ok) => Outcome::Checked(ok),
            Err(e) => Outcome::Unreadable(e),
        }
    };

    let (mut checked, mut mismatched, mut unreadable) = (0usize, 0usize, 0usize);
    let mut index = 0;
    let printed = for_each_ordered(pool, &lines, work, |outcome| {
        let (lineno, path) = (lines[index].0, lines[index].1.path);
        index += 1;
        let say = |text: String| -> Result<()> {
            if opts.status {
                Ok(())
            } else {
                progress.suspend(|| error::out(&text))
            }
        };
        match outcome {
            Outcome::Checked(true) => {
                checked += 1;
                if opts.quiet {
                    Ok(())
                } else {
                    say(format!("{path}: OK\n"))
                }
            }
            Outcome::Checked(false) => {
                checked += 1;
                mismatched += 1;
                say(format!("{path}: FAILED\n"))
            }
            Outcome::Missing => Ok(()),
            Outcome::Unreadable(e) => {
                unreadable += 1;
                if !opts.status {
                    progress.suspend(|| note!("wegman: {name}:{lineno}: {e}"));
                }
                say(format!("{path}: FAILED open or read\n"))
            }
            Outcome::Refused(e) => {
                checked += 1;
                mismatched += 1;
                if !opts.status {
                    progress.suspend(|| note!("wegman: {name}:{lineno}: {e}"));
                }
                say(format!("{path}: FAILED\n"))
            }
        }
    });
    progress.finish();
    printed?;

    if !opts.status {
        if bad_lines > 0 {
            note!(
                "wegman: WARNING: {bad_lines} {} improperly formatted",
                plural(bad_lines, "line is", "lines are")
            );
        }
        if unreadable > 0 {
            note!(
                "wegman: WARNING: {unreadable} listed {} not be read",
                plural(unreadable, "file could", "files could")
            );
        }
        if mismatched > 0 {
            note!(
                "wegman: WARNING: {mismatched} of {checked} computed {} NOT match",
                plural(checked, "tag did", "tags did")
            );
        }
    }
    if checked == 0 && unreadable == 0 {
        // Every listed file was missing (--ignore-missing).
        if !opts.status {
            note!("wegman: {name}: no file was verified");
        }
        return Ok(ExitCode::FAILURE);
    }
    let ok = mismatched == 0 && unreadable == 0 && !(opts.strict && bad_lines > 0);
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}
