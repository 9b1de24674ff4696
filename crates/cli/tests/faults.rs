//! Fault injection into the real `wegman` binary (docs/security.md, "Keys and nonces"), in the
//! manner of SQLite's I/O-error tests: `strace -f -e inject=SYSCALL:error=ERRNO:when=N` fails
//! the N-th call of each file-system call on the path of `keygen` and of the nonce
//! reservation of `tag`, one at a time, for every N a clean run reaches, and
//! `inject=SYSCALL:signal=KILL:when=N` kills the process as it enters each of those calls.
//! After every run:
//!
//! - a key file is absent or complete, valid and private (mode 0600), never torn;
//! - the nonce counter is absent or one well-formed line, never torn;
//! - no two tags printed, over every run with one key, share a nonce, and each verifies;
//! - a failure is a one-line error (`wegman: ...`) and a non-zero exit, never a panic.
//!
//! Also: a full disk (a small tmpfs, and RLIMIT_FSIZE), a read-only key directory, a counter
//! replaced by a symbolic link or a directory, and concurrent `tag` processes under faults.
//! Each part says on stderr when it cannot run here (no strace, not root for the mounts);
//! under CI (`CI=true`, which `.ci/run` sets) such a part fails instead, so that a CI machine
//! without strace or root cannot pass while proving nothing.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::BIN;

/// The calls on the path of key creation and nonce reservation, each with the error it gets.
const CALLS: [(&str, &str); 18] = [
    ("openat", "EACCES"),
    ("read", "EIO"),
    ("write", "ENOSPC"),
    ("close", "EIO"),
    ("fsync", "EIO"),
    ("fdatasync", "EIO"),
    ("rename", "EIO"),
    ("renameat", "EIO"),
    ("renameat2", "EIO"),
    ("link", "EIO"),
    ("linkat", "EIO"),
    ("unlink", "EIO"),
    ("unlinkat", "EIO"),
    ("mkdir", "EACCES"),
    ("mkdirat", "EACCES"),
    ("flock", "ENOLCK"),
    ("statx", "EIO"),
    ("newfstatat", "EIO"),
];

fn have_strace() -> bool {
    let ok = Command::new("strace")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
        && Command::new("strace")
            .args(["-f", "-qq", "-o", "/dev/null", "true"])
            .status()
            .is_ok_and(|s| s.success());
    if !ok {
        skip("strace is missing or cannot trace here (Debian: apt-get install strace)");
    }
    ok
}

/// Whether this is a CI run (`CI=true`), where every part must run.
fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Says why a part cannot run here; under CI, fails instead.
fn skip(why: &str) {
    assert!(!under_ci(), "faults: CI=true, but {why}");
    eprintln!("faults: skipped: {why}");
}

mod common;

/// A scratch directory; each run names its own `WEGMAN_HOME`.
type Scratch = common::Dir;

impl Scratch {
    /// `wegman ARGS` under strace with `inject` (none: a clean traced run logging to `log`).
    fn traced(
        &self,
        inject: Option<&str>,
        log: Option<&Path>,
        home: &Path,
        args: &[&str],
    ) -> Output {
        let mut c = self.command("strace", home);
        c.args(["-f", "-qq", "-o"])
            .arg(log.unwrap_or(Path::new("/dev/null")));
        let names: Vec<&str> = CALLS.iter().map(|(n, _)| *n).collect();
        c.arg(format!("-etrace={}", names.join(",")));
        if let Some(i) = inject {
            c.arg(format!("-einject={i}"));
        }
        c.arg(BIN).args(args);
        c.output().unwrap()
    }

    /// `wegman keygen --alg ALG -o KEY` without faults; it must succeed.
    fn keygen(&self, home: &Path, alg: &str, key: &str) {
        let out = self.plain(home, &["keygen", "--alg", alg, "-o", key]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn plain(&self, home: &Path, args: &[&str]) -> Output {
        self.command(BIN, home).args(args).output().unwrap()
    }
}

/// For each traced call, the most times one thread made it in a clean run.
fn call_counts(log: &Path) -> BTreeMap<String, usize> {
    let text = std::fs::read_to_string(log).unwrap();
    let mut per: BTreeMap<(String, String), usize> = BTreeMap::new();
    for line in text.lines() {
        let mut it = line.splitn(2, ' ');
        let (Some(pid), Some(rest)) = (it.next(), it.next()) else {
            continue;
        };
        let rest = rest.trim_start();
        let Some(name) = rest
            .split('(')
            .next()
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        else {
            continue;
        };
        *per.entry((pid.to_string(), name.to_string())).or_default() += 1;
    }
    let mut max: BTreeMap<String, usize> = BTreeMap::new();
    for ((_, name), n) in per {
        let e = max.entry(name).or_default();
        *e = (*e).max(n);
    }
    max
}

/// Every injection: each call at each count, as an error and as SIGKILL on entry.
fn injections(counts: &BTreeMap<String, usize>) -> Vec<String> {
    let mut v = Vec::new();
    for (name, errno) in CALLS {
        for n in 1..=counts.get(name).copied().unwrap_or(0) {
            v.push(format!("{name}:error={errno}:when={n}"));
            v.push(format!("{name}:signal=KILL:when={n}"));
        }
    }
    v
}

/// A failed run's stderr: one-line errors, never a panic. Killed runs may print nothing; the
/// dynamic loader's own one-line error is accepted for faults before `main`.
fn check_failure_report(out: &Output, what: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{what}: panicked: {err}");
    assert_ne!(out.status.code(), Some(101), "{what}: panicked: {err}");
    if out.status.success() || out.status.code().is_none() {
        return;
    }
    if err.is_empty() && what.contains(" write:error") {
        // The failed write was the error message itself (calls are counted per thread, so
        // the main thread's first write, stderr's, fails too).
        return;
    }
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.starts_with("wegman: ") || last.contains("error while loading shared libraries"),
        "{what}: a failure must end with a one-line `wegman: ...` error, got {err:?}"
    );
}

/// A key file is absent or complete: one line `wegman-key ALG HEX` of the right length, mode
/// 0600.
fn check_key(path: &Path, alg: &str, hex_len: usize, what: &str) -> bool {
    let Ok(text) = std::fs::read_to_string(path) else {
        assert!(!path.exists(), "{what}: unreadable key file");
        return false;
    };
    let want = format!("wegman-key {alg} ");
    assert!(
        text.starts_with(&want)
            && text.ends_with('\n')
            && text.len() == want.len() + hex_len + 1
            && text[want.len()..want.len() + hex_len]
                .bytes()
                .all(|b| b.is_ascii_hexdigit()),
        "{what}: torn key file {text:?}"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{what}: key mode {mode:o}");
    }
    true
}

/// The counter is absent or exactly `wegman-nonce-counter N\n`.
fn check_counter(key: &Path, what: &str) {
    let mut p = key.as_os_str().to_owned();
    p.push(".nonce");
    if let Ok(text) = std::fs::read_to_string(PathBuf::from(p)) {
        let n = text
            .strip_prefix("wegman-nonce-counter ")
            .and_then(|r| r.strip_suffix('\n'));
        assert!(
            n.is_some_and(|n| n.parse::<u128>().is_ok()),
            "{what}: torn counter {text:?}"
        );
    }
}

/// Collects the `ALG NONCE TAG PATH` lines of a run; panics on a nonce seen before.
fn collect_tags(out: &Output, seen: &mut HashSet<String>, lines: &mut Vec<String>, what: &str) {
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f.len(), 4, "{what}: malformed tag line {line:?}");
        assert!(
            seen.insert(f[1].to_string()),
            "{what}: nonce {} printed twice",
            f[1]
        );
        lines.push(line.to_string());
    }
}

/// Every collected tag verifies under the key.
fn verify_all(s: &Scratch, home: &Path, key: &Path, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let check = s.path("all.check");
    std::fs::write(&check, lines.join("\n") + "\n").unwrap();
    let out = s.plain(
        home,
        &[
            "verify",
            "--key-file",
            key.to_str().unwrap(),
            check.to_str().unwrap(),
        ],
    );
    assert!(
        out.status.success(),
        "a printed tag does not verify: {}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// What [`every_injection`] saw.
struct Injected {
    runs: usize,
    failed: usize,
    killed: usize,
    seen: HashSet<String>,
    lines: Vec<String>,
}

/// Runs `wegman ARGS` (a `tag` under the `alg` key at `key`) clean and traced, then once under
/// each injection its calls allow, then once more plain. Every run must report failures
/// cleanly and leave the key and counter whole; no nonce may be printed twice; a run that
/// succeeds prints `lines` lines; every line printed, over all runs, verifies at the end.
fn every_injection(
    s: &Scratch,
    home: &Path,
    key: &Path,
    alg: &str,
    args: &[&str],
    lines: usize,
) -> Injected {
    let log = s.path("tag.log");
    let mut seen = HashSet::new();
    let mut printed = Vec::new();
    let clean = s.traced(None, Some(&log), home, args);
    assert!(clean.status.success());
    collect_tags(&clean, &mut seen, &mut printed, "clean run");
    assert_eq!(printed.len(), lines);
    let runs = injections(&call_counts(&log));
    assert!(runs.len() > 20, "too few calls traced: {runs:?}");
    let (mut failed, mut killed) = (0, 0);
    for inj in &runs {
        let out = s.traced(Some(inj), None, home, args);
        let what = format!("{} with {inj}", args.join(" "));
        check_failure_report(&out, &what);
        collect_tags(&out, &mut seen, &mut printed, &what);
        check_counter(key, &what);
        assert!(check_key(key, alg, 64, &what));
        if out.status.success() {
            let n = String::from_utf8_lossy(&out.stdout).lines().count();
            assert_eq!(n, lines, "{what}");
        } else if out.status.code().is_none() {
            killed += 1;
        } else {
            failed += 1;
        }
    }
    // The counter still works, and goes on past every nonce handed out.
    let after = s.plain(home, args);
    assert!(
        after.status.success(),
        "{}",
        String::from_utf8_lossy(&after.stderr)
    );
    collect_tags(&after, &mut seen, &mut printed, "after the faults");
    verify_all(s, home, key, &printed);
    Injected {
        runs: runs.len(),
        failed,
        killed,
        seen,
        lines: printed,
    }
}

#[test]
fn keygen_survives_every_fault_and_kill() {
    if !have_strace() {
        return;
    }
    let s = Scratch::new();
    let home = s.path("home");
    let log = s.path("keygen.log");
    let clean = s.traced(
        None,
        Some(&log),
        &home,
        &["keygen", "--alg", "poly1305-aes", "-o", "k0/key"],
    );
    assert!(clean.status.success());
    let runs = injections(&call_counts(&log));
    assert!(runs.len() > 20, "too few calls traced: {runs:?}");
    let (mut failed, mut made) = (0, 0);
    for (i, inj) in runs.iter().enumerate() {
        let rel = format!("k{}/sub/key", i + 1);
        let out = s.traced(
            Some(inj),
            None,
            &home,
            &["keygen", "--alg", "poly1305-aes", "-o", &rel],
        );
        let what = format!("keygen with {inj}");
        check_failure_report(&out, &what);
        let exists = check_key(&s.path(&rel), "poly1305-aes", 64, &what);
        if out.status.success() {
            assert!(exists, "{what}: success without a key");
            made += 1;
        } else {
            failed += 1;
        }
    }
    eprintln!(
        "faults: keygen: {} injections, {failed} failed cleanly, {made} completed",
        runs.len()
    );
    assert!(failed > 0);
}

#[test]
fn nonce_reservation_survives_every_fault_and_kill() {
    if !have_strace() {
        return;
    }
    let s = Scratch::new();
    let home = s.path("home");
    let key = s.path("key");
    s.keygen(&home, "poly1305-aes", "key");
    std::fs::write(s.path("a.txt"), b"the first input\n").unwrap();
    std::fs::write(s.path("b.txt"), vec![7u8; 5000]).unwrap();
    let args = ["tag", "--key-file", "key", "-j", "1", "a.txt", "b.txt"];
    let r = every_injection(&s, &home, &key, "poly1305-aes", &args, 2);
    eprintln!(
        "faults: tag: {} injections, {} failed cleanly, {} distinct nonces printed",
        r.runs,
        r.failed,
        r.seen.len()
    );
    assert!(r.failed > 0);
}

/// `tag -r` of a tree on several threads (the nonces of all its files reserved at once, the
/// files hashed side by side, lines printed in order) under every fault and a kill at every
/// traced call: no nonce is printed twice over all runs, every printed line verifies, and a
/// run that succeeds prints one line per file.
#[test]
fn a_recursive_parallel_run_survives_every_fault_and_kill() {
    if !have_strace() {
        return;
    }
    let s = Scratch::new();
    let home = s.path("home");
    let key = s.path("key");
    s.keygen(&home, "auth256-pb", "key");
    let files = 9;
    for i in 0..files {
        let dir = s.path(&format!("tree/d{}", i % 3));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("f{i}")), vec![i as u8; 1000 * i + 7]).unwrap();
    }
    let args = ["tag", "--key-file", "key", "-r", "-j", "3", "tree"];
    let r = every_injection(&s, &home, &key, "auth256-pb", &args, files);
    eprintln!(
        "faults: tag -r: {} injections, {} failed cleanly, {} killed, {} lines verified",
        r.runs,
        r.failed,
        r.killed,
        r.lines.len()
    );
    assert!(r.failed > 0 && r.killed > 0);
}

#[test]
fn first_use_key_and_counter_survive_every_fault_and_kill() {
    if !have_strace() {
        return;
    }
    // `tag` with no key: creates the default key and a new counter, then tags. One home for
    // all runs, as a user who retries after each failure.
    let s = Scratch::new();
    let probe_home = s.path("probe");
    std::fs::write(s.path("m.txt"), b"message\n").unwrap();
    let args = ["tag", "-j", "1", "m.txt"];
    let log = s.path("first.log");
    assert!(
        s.traced(None, Some(&log), &probe_home, &args)
            .status
            .success()
    );
    let runs = injections(&call_counts(&log));
    let home = s.path("home");
    let key = home.join("key");
    let mut seen = HashSet::new();
    let mut lines = Vec::new();
    for inj in &runs {
        let out = s.traced(Some(inj), None, &home, &args);
        let what = format!("first-use tag with {inj}");
        check_failure_report(&out, &what);
        check_key(&key, "auth256-pb", 64, &what);
        check_counter(&key, &what);
        collect_tags(&out, &mut seen, &mut lines, &what);
        if !out.stdout.is_empty() {
            assert!(
                key.exists(),
                "{what}: a tag printed under a key that is not on disk"
            );
        }
    }
    verify_all(&s, &home, &key, &lines);
}

#[test]
fn concurrent_tags_under_faults_never_share_a_nonce() {
    if !have_strace() {
        return;
    }
    let s = Scratch::new();
    let home = s.path("home");
    let key = s.path("key");
    s.keygen(&home, "auth256", "key");
    std::fs::write(s.path("m.txt"), b"concurrent\n").unwrap();
    let args = [
        "tag",
        "--key-file",
        "key",
        "-j",
        "1",
        "m.txt",
        "m.txt",
        "m.txt",
    ];
    let faults = [
        "write:error=ENOSPC:when=2",
        "rename:signal=KILL:when=1",
        "fsync:error=EIO:when=1",
        "fsync:signal=KILL:when=2",
        "openat:error=EACCES:when=9",
        "flock:error=ENOLCK:when=1",
    ];
    let mut seen = HashSet::new();
    let mut lines = Vec::new();
    for round in 0..4 {
        let children: Vec<std::process::Child> = (0..8)
            .map(|i| {
                let mut c = Command::new("strace");
                c.args(["-f", "-qq", "-o", "/dev/null"]);
                if i % 2 == 0 {
                    c.arg(format!(
                        "-einject={}",
                        faults[(i / 2 + round) % faults.len()]
                    ));
                }
                c.arg(BIN)
                    .args(args)
                    .current_dir(s.root())
                    .env("WEGMAN_HOME", &home)
                    .stdin(Stdio::null())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for (i, c) in children.into_iter().enumerate() {
            let out = c.wait_with_output().unwrap();
            let what = format!("round {round} process {i}");
            check_failure_report(&out, &what);
            collect_tags(&out, &mut seen, &mut lines, &what);
            if i % 2 == 1 {
                assert!(out.status.success(), "{what}: a fault-free run failed");
            }
        }
        check_counter(&key, "concurrent");
    }
    assert!(seen.len() >= 4 * 4 * 3);
    verify_all(&s, &home, &key, &lines);
}

/// A tmpfs mounted for one test (root only), unmounted on drop.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(dir).unwrap();
        let ok = Command::new("mount")
            .args([
                "-t",
                "tmpfs",
                "-o",
                &format!("size={size},mode=0700"),
                "tmpfs",
            ])
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            skip("the tmpfs checks cannot mount a tmpfs here (not root?)");
        }
        ok.then(|| Tmpfs(dir.to_path_buf()))
    }

    fn remount_read_only(&self) -> bool {
        Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(&self.0)
            .status()
            .is_ok_and(|s| s.success())
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

fn fails_cleanly(out: &Output, what: &str) {
    assert!(!out.status.success(), "{what}: succeeded");
    check_failure_report(out, what);
    assert!(out.stdout.is_empty(), "{what}: printed a tag");
}

#[test]
fn a_full_disk_is_a_clear_error_and_loses_nothing() {
    let s = Scratch::new();
    let home = s.path("home");
    let Some(fs) = Tmpfs::mount(&s.path("small"), "64k") else {
        return;
    };
    let key = fs.0.join("key");
    s.keygen(&home, "poly1305-aes", key.to_str().unwrap());
    std::fs::write(s.path("m.txt"), b"m\n").unwrap();
    let tag = ["tag", "--key-file", key.to_str().unwrap(), "m.txt"];
    let first = s.plain(&home, &tag);
    assert!(first.status.success());
    // Fill the file system to the last byte.
    {
        use std::io::Write;
        let mut f = std::fs::File::create(fs.0.join("filler")).unwrap();
        let block = [0u8; 4096];
        while f.write_all(&block).is_ok() {}
        while f.write_all(&[0]).is_ok() {}
    }
    let out = s.plain(
        &home,
        &["keygen", "-o", fs.0.join("key2").to_str().unwrap()],
    );
    fails_cleanly(&out, "keygen on a full disk");
    assert!(!fs.0.join("key2").exists());
    let out = s.plain(&home, &tag);
    fails_cleanly(&out, "tag on a full disk");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("No space left"), "{err}");
    check_counter(&key, "full disk");
    assert!(check_key(&key, "poly1305-aes", 64, "full disk"));
    // Space again: the counter goes on where it was.
    std::fs::remove_file(fs.0.join("filler")).unwrap();
    let again = s.plain(&home, &tag);
    assert!(again.status.success());
    let nonce = |o: &Output| {
        String::from_utf8_lossy(&o.stdout)
            .split(' ')
            .nth(1)
            .unwrap()
            .to_string()
    };
    assert_ne!(nonce(&first), nonce(&again));
}

#[test]
fn a_file_size_limit_is_a_clear_error() {
    // RLIMIT_FSIZE = 0: every write to a regular file fails (EFBIG with SIGXFSZ ignored; the
    // signal, which kills, otherwise). Neither leaves a key or a counter behind.
    let s = Scratch::new();
    let home = s.path("home");
    for (trap, label) in [("trap '' XFSZ; ", "EFBIG"), ("", "SIGXFSZ")] {
        let key = s.path(&format!("key-{label}"));
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("{trap}ulimit -f 0; exec \"$0\" keygen -o \"$1\""))
            .arg(BIN)
            .arg(&key)
            .env("WEGMAN_HOME", &home)
            .output()
            .unwrap();
        assert!(!out.status.success(), "keygen under {label} succeeded");
        check_failure_report(&out, label);
        assert!(!key.exists(), "{label}: a key file was left");
    }
    let key = s.path("key");
    s.keygen(&home, "auth256", "key");
    std::fs::write(s.path("m.txt"), b"m\n").unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 0; exec \"$0\" tag --key-file \"$1\" \"$2\"")
        .arg(BIN)
        .arg(&key)
        .arg(s.path("m.txt"))
        .env("WEGMAN_HOME", &home)
        .output()
        .unwrap();
    fails_cleanly(&out, "tag under RLIMIT_FSIZE");
    check_counter(&key, "fsize");
}

#[test]
fn a_read_only_key_directory_is_a_clear_error() {
    let s = Scratch::new();
    let home = s.path("home");
    let Some(fs) = Tmpfs::mount(&s.path("ro"), "64k") else {
        return;
    };
    let key = fs.0.join("key");
    s.keygen(&home, "auth256", key.to_str().unwrap());
    std::fs::write(s.path("m.txt"), b"m\n").unwrap();
    assert!(fs.remount_read_only());
    let out = s.plain(
        &home,
        &["tag", "--key-file", key.to_str().unwrap(), "m.txt"],
    );
    fails_cleanly(&out, "tag with a read-only key directory");
    assert!(String::from_utf8_lossy(&out.stderr).contains("Read-only"));
    let out = s.plain(&home, &["keygen", "-o", fs.0.join("k2").to_str().unwrap()]);
    fails_cleanly(&out, "keygen into a read-only directory");
    // An explicit nonce needs no counter.
    let out = s.plain(
        &home,
        &[
            "tag",
            "--key-file",
            key.to_str().unwrap(),
            "--nonce",
            &"00".repeat(12),
            "m.txt",
        ],
    );
    assert!(out.status.success());
}

#[test]
fn a_counter_replaced_by_a_link_or_directory_is_refused() {
    let s = Scratch::new();
    let home = s.path("home");
    s.keygen(&home, "poly1305-aes", "key");
    std::fs::write(s.path("m.txt"), b"m\n").unwrap();
    let tag = ["tag", "--key-file", "key", "m.txt"];
    assert!(s.plain(&home, &tag).status.success());
    let counter = s.path("key.nonce");
    let saved = std::fs::read(&counter).unwrap();
    std::fs::remove_file(&counter).unwrap();
    #[cfg(unix)]
    for target in ["nowhere", "other.nonce"] {
        std::fs::write(s.path("other.nonce"), b"wegman-nonce-counter 5\n").unwrap();
        std::os::unix::fs::symlink(s.path(target), &counter).unwrap();
        let out = s.plain(&home, &tag);
        fails_cleanly(&out, &format!("counter linked to {target}"));
        assert!(String::from_utf8_lossy(&out.stderr).contains("symbolic link"));
        std::fs::remove_file(&counter).unwrap();
    }
    std::fs::create_dir(&counter).unwrap();
    let out = s.plain(&home, &tag);
    fails_cleanly(&out, "counter replaced by a directory");
    std::fs::remove_dir(&counter).unwrap();
    std::fs::write(&counter, saved).unwrap();
    assert!(s.plain(&home, &tag).status.success());
}
