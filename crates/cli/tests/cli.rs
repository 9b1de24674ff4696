//! Runs the built `wegman` binary: the docs/spec.md §4 contract, every error path, and nonce
//! durability.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;

/// A scratch directory whose runs share one `WEGMAN_HOME` inside it.
type Env = common::Dir;

impl Env {
    fn home(&self) -> PathBuf {
        self.path("home")
    }

    fn cmd(&self, args: &[&str]) -> Command {
        let mut c = self.command(common::BIN, &self.home());
        c.args(args);
        c
    }

    fn run(&self, args: &[&str]) -> Output {
        let out = self.cmd(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "wegman panicked: {err}");
        assert_ne!(out.status.code(), Some(101), "wegman panicked: {err}");
        out
    }

    fn run_stdin(&self, args: &[&str], input: &[u8]) -> Output {
        use std::io::Write;
        let mut child = self
            .cmd(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
        out
    }

    fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> String {
        std::fs::write(self.path(name), contents).unwrap();
        name.to_string()
    }

    /// Writes a key file readable by its owner only, as `keygen` does.
    fn write_key(&self, name: &str, contents: impl AsRef<[u8]>) -> String {
        self.write(name, contents);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let perms = std::fs::Permissions::from_mode(0o600);
            std::fs::set_permissions(self.path(name), perms).unwrap();
        }
        name.to_string()
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Asserts a failed run with exactly one line on stderr, naming `needle`.
fn assert_error(o: &Output, needle: &str) {
    assert!(
        !o.status.success(),
        "expected failure, got success: {}",
        stdout(o)
    );
    let err = stderr(o);
    assert!(
        err.contains(needle),
        "stderr {err:?} should mention {needle:?}"
    );
    assert_eq!(
        err.lines().count(),
        1,
        "expected a one-line error, got {err:?}"
    );
    assert!(err.starts_with("wegman: "), "{err:?}");
}

/// Asserts exit status `code` and a stderr that names `needle` and holds no panic message.
fn assert_exit(o: &Output, code: i32, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(code), "{err}");
    assert!(
        err.contains(needle),
        "stderr {err:?} should mention {needle:?}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

/// Splits a tag line into (alg, nonce, tag, path).
fn fields(line: &str) -> (String, String, String, String) {
    let v: Vec<&str> = line.splitn(4, ' ').collect();
    assert_eq!(v.len(), 4, "line {line:?}");
    (v[0].into(), v[1].into(), v[2].into(), v[3].into())
}

fn nonce_of(line: &str) -> u128 {
    u128::from_str_radix(&fields(line).1, 16).unwrap()
}

#[test]
fn round_trip_keygen_tag_verify_tamper() {
    let e = Env::new();
    for alg in [
        "auth256",
        "auth256-128",
        "poly1305-aes",
        "poly1305",
        "hash127-aes",
    ] {
        let key = format!("{alg}.key");
        let o = e.run(&["keygen", "--alg", alg, "-o", &key]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = std::fs::read_to_string(e.path(&key)).unwrap();
        assert!(text.starts_with(&format!("wegman-key {alg} ")) && text.ends_with('\n'));
        assert_eq!(text.trim_end().split(' ').nth(2).unwrap().len(), 64);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(e.path(&key))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }

        let msg = e.write("msg.txt", "attack at dawn\n");
        let o = e.run(&["tag", "--key-file", &key, &msg]);
        assert!(o.status.success(), "{}", stderr(&o));
        let line = stdout(&o);
        let (a, n, t, p) = fields(line.trim_end());
        assert_eq!(a, alg);
        assert_eq!(p, "msg.txt");
        let (tag_hex, nonce_hex) = match alg {
            "auth256" => (64, 24),
            "auth256-128" => (32, 24),
            _ => (32, 32),
        };
        assert_eq!(t.len(), tag_hex);
        if alg == "poly1305" {
            assert_eq!(n, "-");
        } else {
            assert_eq!(n.len(), nonce_hex);
        }
        let check = e.write("check", &line);
        let o = e.run(&["verify", "--key-file", &key, &check]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), "msg.txt: OK\n");

        // Change one byte: FAILED, exit 1.
        e.write("msg.txt", "attack at dusk\n");
        let o = e.run(&["verify", "--key-file", &key, &check]);
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(stdout(&o), "msg.txt: FAILED\n");
    }
}

#[test]
fn published_vector_through_the_cli() {
    // Poly1305-AES paper, Appendix B, example 1: k || r, n, m = f3 f6.
    let e = Env::new();
    let key = e.write_key("key",
        "wegman-key poly1305-aes ec074c835580741701425b623235add6851fc40c3467ac0be05cc20404f3f700\n",
    );
    let msg = e.write("m", [0xf3, 0xf6]);
    let o = e.run(&[
        "tag",
        "--key-file",
        &key,
        "--nonce",
        "fb447350c4e868c52ac3275cf9d4327e",
        &msg,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "poly1305-aes fb447350c4e868c52ac3275cf9d4327e f4c633c3044fc145f84f335cb81953de m\n"
    );
    // RFC 8439 §2.5.2 through the one-time poly1305 key, read from standard input.
    let key = e.write_key(
        "otk",
        "wegman-key poly1305 85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b\n",
    );
    let o = e.run_stdin(
        &["tag", "--key-file", &key, "-"],
        b"Cryptographic Forum Research Group",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "poly1305 - a8061dc1305136c6c22b8baf0c0127a9 -\n"
    );
}

#[test]
fn default_key_is_created_on_first_use() {
    let e = Env::new();
    let msg = e.write("m", "hello");
    let o = e.run(&["tag", &msg]);
    assert_exit(&o, 0, "created a new auth256-pb key");
    assert!(stdout(&o).starts_with("auth256-pb "), "{}", stdout(&o));
    let key = e.home().join("key");
    assert!(key.exists());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&key).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    let first = stdout(&o);
    // Second use: same key, no note, and verify works with the default key.
    let o = e.run(&["tag", &msg]);
    assert!(!stderr(&o).contains("created"));
    let check = e.write("check", format!("{first}{}", stdout(&o)));
    let o = e.run(&["verify", &check]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "m: OK\nm: OK\n");
    // With --alg the default key is made for that algorithm.
    let e2 = Env::new();
    let o = e2.run(&["tag", "--alg", "poly1305", &e2.write("m", "x")]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("poly1305 - "));
}

#[test]
fn many_inputs_and_stdin() {
    let e = Env::new();
    let names: Vec<String> = (0..5)
        .map(|i| e.write(&format!("f{i}"), vec![i as u8; i * 100]))
        .collect();
    let mut args = vec!["tag"];
    args.extend(names.iter().map(String::as_str));
    let o = e.run(&args);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    for (l, n) in lines.iter().zip(&names) {
        assert_eq!(&fields(l).3, n);
    }
    // Nonces are distinct and consecutive within one run.
    for w in lines.windows(2) {
        assert_eq!(nonce_of(w[1]), nonce_of(w[0]) + 1);
    }
    // Standard input gives the same tag as the file, under an explicit nonce (the default
    // algorithm, auth256, takes 12 bytes).
    let nonce = "000102030405060708090a0b";
    let a = e.run(&["tag", "--nonce", nonce, &names[3]]);
    let b = e.run_stdin(&["tag", "--nonce", nonce, "-"], &vec![3u8; 300]);
    assert_eq!(
        fields(stdout(&a).trim_end()).2,
        fields(stdout(&b).trim_end()).2
    );
    // Verify reads check lines from standard input too.
    let o = e.run_stdin(&["verify", "-"], stdout(&a).as_bytes());
    assert!(o.status.success());
    assert_eq!(stdout(&o), "f3: OK\n");
}

#[test]
fn two_tags_in_a_row_never_share_a_nonce() {
    let e = Env::new();
    let msg = e.write("m", "same message");
    let mut seen = std::collections::HashSet::new();
    for _ in 0..5 {
        let o = e.run(&["tag", &msg, &msg]);
        assert!(o.status.success());
        for l in stdout(&o).lines() {
            assert!(seen.insert(nonce_of(l)), "nonce repeated: {l}");
        }
    }
}

/// Waits until `path` holds something other than `before`.
fn wait_for_change(path: &Path, before: &str) {
    let start = Instant::now();
    while std::fs::read_to_string(path).unwrap_or_default() == before {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "counter never advanced"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_killed_run_never_causes_nonce_reuse() {
    let e = Env::new();
    let msg = e.write("m", "message");
    let first = e.run(&["tag", &msg]);
    let n1 = nonce_of(stdout(&first).trim_end());
    let counter = e.home().join("key.nonce");
    let before = std::fs::read_to_string(&counter).unwrap();

    // A run reading standard input that never ends: it reserves its nonce, then blocks.
    let mut child = e
        .cmd(&["tag", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_change(&counter, &before);
    child.kill().unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.stdout.is_empty(), "the killed run printed no tag");

    // The next run must not reuse the nonce the killed run reserved (n1 + 1), nor n1.
    let third = e.run(&["tag", &msg]);
    let n3 = nonce_of(stdout(&third).trim_end());
    assert!(n3 > n1 + 1, "n1 = {n1:x}, n3 = {n3:x}");
}

#[test]
fn concurrent_runs_never_share_a_nonce() {
    let e = Env::new();
    let msg = e.write("m", "message");
    e.run(&["tag", &msg]); // creates the key
    let children: Vec<_> = (0..6)
        .map(|_| {
            e.cmd(&["tag", &msg, &msg, &msg])
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut seen = std::collections::HashSet::new();
    for c in children {
        let o = c.wait_with_output().unwrap();
        assert!(o.status.success());
        for l in stdout(&o).lines() {
            assert!(
                seen.insert(nonce_of(l)),
                "nonce repeated across processes: {l}"
            );
        }
    }
    assert_eq!(seen.len(), 18);
}

#[test]
fn bad_inputs_get_one_line_errors() {
    let e = Env::new();
    let msg = e.write("m", "x");
    let good = e.write_key("good",
        "wegman-key poly1305-aes ec074c835580741701425b623235add6851fc40c3467ac0be05cc20404f3f700\n",
    );

    // Missing input file (nothing is printed for it, and the exit is non-zero).
    let o = e.run(&["tag", "--key-file", &good, "missing.txt"]);
    assert_error(&o, "missing.txt");
    assert!(stdout(&o).is_empty());
    // A directory cannot be read as a file.
    std::fs::create_dir(e.path("adir")).unwrap();
    assert_error(&e.run(&["tag", "--key-file", &good, "adir"]), "adir");
    // Missing key file.
    assert_error(&e.run(&["tag", "--key-file", "nokey", &msg]), "nokey");
    // Malformed key files.
    for (name, text) in [
        ("k1", "not a key\n"),
        ("k2", "wegman-key poly1305-aes zz\n"),
        ("k3", "wegman-key poly1305-aes 00 00\n"),
        ("k4", ""),
    ] {
        let k = e.write_key(name, text);
        assert_error(
            &e.run(&["tag", "--key-file", &k, &msg]),
            "malformed key file",
        );
    }
    let k = e.write_key("k5", [0xff, 0xfe, 0x00]);
    assert_error(
        &e.run(&["tag", "--key-file", &k, &msg]),
        "malformed key file",
    );
    // Wrong key length.
    let k = e.write_key(
        "k6",
        format!("wegman-key poly1305-aes {}\n", "00".repeat(31)),
    );
    assert_error(&e.run(&["tag", "--key-file", &k, &msg]), "wrong key length");
    // Invalid poly1305-aes key: r[3] has its top bits set.
    let k = e.write_key("k7",
        "wegman-key poly1305-aes ec074c835580741701425b623235add6851fc4fc3467ac0be05cc20404f3f700\n",
    );
    assert_error(&e.run(&["tag", "--key-file", &k, &msg]), "invalid key");
    // Unknown algorithm, on the command line and in a key file.
    assert_error(
        &e.run(&["tag", "--alg", "md5", "--key-file", &good, &msg]),
        "unknown algorithm",
    );
    assert_error(
        &e.run(&["keygen", "--alg", "md5", "-o", "x"]),
        "unknown algorithm",
    );
    let k = e.write_key("k8", "wegman-key md5 00\n");
    assert_error(
        &e.run(&["tag", "--key-file", &k, &msg]),
        "unknown algorithm",
    );
    // Algorithm not matching the key.
    assert_error(
        &e.run(&["tag", "--alg", "poly1305", "--key-file", &good, &msg]),
        "poly1305-aes key",
    );
    // Malformed and wrong-length nonces.
    assert_error(
        &e.run(&["tag", "--key-file", &good, "--nonce", "xyz", &msg]),
        "malformed nonce",
    );
    assert_error(
        &e.run(&["tag", "--key-file", &good, "--nonce", "0011", &msg]),
        "wrong nonce length",
    );
    assert_error(
        &e.run(&[
            "tag",
            "--key-file",
            &good,
            "--nonce",
            &"00".repeat(16),
            &msg,
            &msg,
        ]),
        "exactly one input",
    );
    // keygen onto an existing file: refused, and the file is untouched.
    let before = std::fs::read(e.path(&good)).unwrap();
    assert_error(&e.run(&["keygen", "-o", &good]), "already exists");
    assert_eq!(std::fs::read(e.path(&good)).unwrap(), before);
    // A malformed nonce counter is an error, never a silent reset.
    let o = e.run(&["tag", "--key-file", &good, &msg]);
    assert!(o.status.success());
    e.write("good.nonce", "garbage\n");
    assert_error(
        &e.run(&["tag", "--key-file", &good, &msg]),
        "malformed nonce counter",
    );
    // verify with no key at all.
    let check = e.write(
        "c",
        "poly1305-aes 00000000000000000000000000000000 00000000000000000000000000000000 m\n",
    );
    assert_error(&e.run(&["verify", &check]), "cannot read key file");
    // A key file other users can read is used, with a warning.
    std::fs::write(e.path("shared"), std::fs::read(e.path(&good)).unwrap()).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(e.path("shared"), std::fs::Permissions::from_mode(0o644)).unwrap();
        let o = e.run(&[
            "tag",
            "--key-file",
            "shared",
            "--nonce",
            &"00".repeat(16),
            &msg,
        ]);
        assert_exit(&o, 0, "other users may read it");
    }
    // Unreadable check file.
    assert_error(
        &e.run(&["verify", "--key-file", &good, "nocheck"]),
        "nocheck",
    );
}

#[test]
fn malformed_check_lines() {
    let e = Env::new();
    let key = e.write_key("key",
        "wegman-key poly1305-aes ec074c835580741701425b623235add6851fc40c3467ac0be05cc20404f3f700\n",
    );
    e.write("m", [0xf3, 0xf6]);
    let good = "poly1305-aes fb447350c4e868c52ac3275cf9d4327e f4c633c3044fc145f84f335cb81953de m";
    let bad_lines = [
        ("garbage", "malformed check line"),
        (
            "poly1305-aes fb447350c4e868c52ac3275cf9d4327e f4c633c3",
            "malformed check line",
        ),
        (
            "poly1305-aes fb44 f4c633c3044fc145f84f335cb81953de m",
            "wrong nonce length",
        ),
        (
            "poly1305-aes zz f4c633c3044fc145f84f335cb81953de m",
            "malformed nonce",
        ),
        (
            "poly1305-aes fb447350c4e868c52ac3275cf9d4327e f4c6 m",
            "malformed check line",
        ),
        (
            "sha1 fb447350c4e868c52ac3275cf9d4327e f4c633c3044fc145f84f335cb81953de m",
            "unknown algorithm",
        ),
        (
            "poly1305 - f4c633c3044fc145f84f335cb81953de m",
            "poly1305-aes key",
        ),
        (
            "poly1305-aes fb447350c4e868c52ac3275cf9d4327e f4c633c3044fc145f84f335cb81953de gone",
            "gone",
        ),
    ];
    // As `sha256sum -c`: an improperly formatted line is skipped with a warning (exit 0, or 1
    // with --strict); a well-formed line that cannot be checked (another algorithm, a file
    // that cannot be read) is a failure.
    for (i, (line, needle)) in bad_lines.into_iter().enumerate() {
        let check = e.write("check", format!("{good}\n{line}\n"));
        let o = e.run(&["verify", "--key-file", &key, &check]);
        let malformed = i < 6;
        let code = if malformed { 0 } else { 1 };
        assert_eq!(o.status.code(), Some(code), "line {line:?}: {}", stderr(&o));
        assert!(stdout(&o).starts_with("m: OK\n"), "{}", stdout(&o));
        let err = stderr(&o);
        assert!(
            err.contains(needle) && err.contains("check:2:"),
            "{line:?} -> {err:?}"
        );
        let summary = if malformed {
            "WARNING: 1 line is improperly formatted"
        } else if needle == "gone" {
            "WARNING: 1 listed file could not be read"
        } else {
            "WARNING: 1 of 2 computed tags did NOT match"
        };
        assert!(err.contains(summary), "{line:?} -> {err:?}");
        assert_eq!(err.lines().count(), 2, "{err:?}");
        let strict = e.run(&["verify", "--strict", "--key-file", &key, &check]);
        assert_eq!(strict.status.code(), Some(1), "--strict {line:?}");
        let status = e.run(&["verify", "--status", "--key-file", &key, &check]);
        assert_eq!(status.status.code(), Some(code), "--status {line:?}");
        assert_eq!(
            (stdout(&status), stderr(&status)),
            (String::new(), String::new())
        );
    }
    // An empty check file, or one without a single check line, is an error (exit 2).
    let check = e.write("empty", "");
    assert_error(
        &e.run(&["verify", "--key-file", &key, &check]),
        "no properly formatted check lines",
    );
}

#[test]
fn paths_with_spaces_round_trip() {
    let e = Env::new();
    let name = e.write("a file with spaces.txt", "contents");
    let o = e.run(&["tag", &name]);
    assert!(o.status.success());
    assert!(stdout(&o).trim_end().ends_with(" a file with spaces.txt"));
    let check = e.write("check", stdout(&o));
    let o = e.run(&["verify", &check]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "a file with spaces.txt: OK\n");
}

#[test]
fn thread_count_does_not_change_tags() {
    let e = Env::new();
    let big: Vec<u8> = (0..(9 << 20) + 13)
        .map(|i: u32| (i.wrapping_mul(2654435761) >> 24) as u8)
        .collect();
    let f = e.write("big", &big);
    for (alg, nonce, b) in [
        ("poly1305-aes", "0f0e0d0c0b0a09080706050403020100", "1"),
        ("auth256", "0f0e0d0c0b0a090807060504", "1"),
        ("auth256", "0f0e0d0c0b0a090807060504", "8"),
        ("auth256-128", "0f0e0d0c0b0a090807060504", "256"),
    ] {
        let key = format!("{alg}.key");
        if !e.path(&key).exists() {
            let o = e.run(&["keygen", "--alg", alg, "-o", &key]);
            assert!(o.status.success(), "{}", stderr(&o));
        }
        let b_args: Vec<&str> = if alg.starts_with("auth256") {
            vec!["--b", b]
        } else {
            vec![]
        };
        let run = |j: &str, input: &str, stdin: Option<&[u8]>| {
            let mut args = vec!["tag", "--key-file", &key, "-j", j, "--nonce", nonce];
            args.extend(&b_args);
            args.push(input);
            let o = match stdin {
                Some(data) => e.run_stdin(&args, data),
                None => e.run(&args),
            };
            assert!(o.status.success(), "{}", stderr(&o));
            stdout(&o)
        };
        let tags: Vec<String> = ["1", "2", "3"].iter().map(|j| run(j, &f, None)).collect();
        assert_eq!(tags[0], tags[1], "{alg} b={b}");
        assert_eq!(tags[0], tags[2], "{alg} b={b}");
        // Standard input with several threads too.
        let o = run("2", "-", Some(&big));
        assert_eq!(fields(o.trim_end()).2, fields(tags[0].trim_end()).2);
    }
    assert_error(&e.run(&["tag", "-j", "0", &f]), "at least one thread");
}

#[test]
fn bench_quick_prints_every_row() {
    let e = Env::new();
    let o = e.run(&["bench", "--quick"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for row in [
        "wegman poly1305 (soft)",
        "wegman poly1305-aes (key)",
        "wegman hash127 (int128, key)",
        "wegman hash127-aes (key)",
        "RustCrypto poly1305",
        "BLAKE3 keyed",
        "wegman auth256 (soft, key)",
        "RustCrypto ghash (key)",
        "RustCrypto polyval (key)",
        "wegman auth256, 2 threads",
        "wegman poly1305, 1 thread",
        "wegman poly1305, 2 threads",
        "F2^163 NIST 163,7,6,3,0",
        "F2^571 SSRF 571,193,185,5,0",
    ] {
        let line = out
            .lines()
            .find(|l| l.starts_with(row))
            .unwrap_or_else(|| panic!("no row {row:?} in {out}"));
        // Every cell is a positive number.
        let cells: Vec<f64> = line[row.len()..]
            .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        assert!(
            !cells.is_empty() && cells.iter().all(|&c| c > 0.0),
            "{line}"
        );
    }
    assert!(out.contains("backends chosen: auth256 "), "{out}");
    assert!(out.contains(", poly1305 "), "{out}");
    assert!(out.contains(", hash127 "), "{out}");
}

#[test]
fn a_closed_stdout_is_an_error_not_a_panic() {
    let e = Env::new();
    let msg = e.write("m", "x");
    let o = e.run(&["tag", &msg]);
    let check = e.write("check", stdout(&o).repeat(50));
    for args in [vec!["verify", check.as_str()], vec!["tag", &msg, &msg]] {
        let mut child = e
            .cmd(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader goes away at once
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_ne!(out.status.code(), Some(101));
    }
}

#[test]
fn hash127_aes_through_the_cli_equals_the_library() {
    let e = Env::new();
    let key_hex = "000102030405060708090a0b0c0d0e0f80ffffff00000080ffffff7f01000000";
    let key = e.write_key("key", format!("wegman-key hash127-aes {key_hex}\n"));
    let msg: Vec<u8> = (0..1000u32).map(|i| (i * 7) as u8).collect();
    let f = e.write("m", &msg);
    let nonce = "f0e1d2c3b4a5968778695a4b3c2d1e0f";
    let o = e.run(&["tag", "--key-file", &key, "--nonce", nonce, &f]);
    assert!(o.status.success(), "{}", stderr(&o));
    let k = wegman_mac::hash127::Hash127AesKey::from_slice(&hex::decode(key_hex).unwrap()).unwrap();
    let n: [u8; 16] = hex::decode(nonce).unwrap().try_into().unwrap();
    let expect = format!("hash127-aes {nonce} {:x} m\n", k.mac(&n, &msg));
    assert_eq!(stdout(&o), expect);
    let check = e.write("check", stdout(&o));
    let o = e.run(&["verify", "--key-file", &key, &check]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "m: OK\n");
    // A hash127-aes key refuses poly1305-aes lines and vice versa.
    let bad = e.write("bad", expect.replacen("hash127-aes", "poly1305-aes", 1));
    let o = e.run(&["verify", "--key-file", &key, &bad]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn field_calculator_matches_the_library() {
    use wegman_gf2::{Element, Field};
    let e = Env::new();
    // The SSRF rows of the issue (Avanzi's table), in docs/spec.md §4's format.
    for (m, line) in [
        ("163", "163,57,49,29,0 82,29,25,15"),
        ("233", "233,159,0 117,80"),
        ("409", "409,87,0 205,44"),
    ] {
        let o = e.run(&["field", "ssrf", m]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), format!("{line}\n"));
    }
    // x^4 + x + 1 prints as 13 in F_{2^5} (docs/spec.md §2); (x^4+x+1)·x = x + 1 mod x^5+x^2+1.
    let o = e.run(&["field", "--modulus", "5,2,0", "mul", "13", "2"]);
    assert_eq!(stdout(&o), "03\n");
    let spec = "163,7,6,3,0";
    let f = Field::from_exponents(spec).unwrap();
    let a = f.parse("3a5f0c1e2d4b69788796a5b4c3d2e1f00112233").unwrap();
    let b = f.parse("1000000000000000000000000000000000000abc").unwrap();
    let hex = |x: &Element| f.to_hex(x);
    let inv: Option<Element> = f.inv(&a).into();
    let cases: Vec<(Vec<String>, String)> = vec![
        (vec!["mul".into(), hex(&a), hex(&b)], hex(&f.mul(&a, &b))),
        (vec!["add".into(), hex(&a), hex(&b)], hex(&(a + b))),
        (vec!["sqr".into(), hex(&a)], hex(&f.sqr(&a))),
        (vec!["sqrt".into(), hex(&a)], hex(&f.sqrt(&a))),
        (vec!["inv".into(), hex(&a)], hex(&inv.unwrap())),
        (vec!["trace".into(), hex(&a)], f.trace(&a).to_string()),
        (
            vec!["htrace".into(), hex(&a)],
            hex(&f.half_trace(&a).unwrap()),
        ),
        (
            vec!["solve".into(), hex(&a)],
            f.solve(&a).map_or("none".into(), |(z, _)| hex(&z)),
        ),
        (
            vec!["solve".into(), hex(&(f.sqr(&b) + b))],
            hex(&f.solve(&(f.sqr(&b) + b)).unwrap().0),
        ),
    ];
    let mut batch = String::new();
    let mut expect = String::new();
    for (args, want) in &cases {
        let mut argv = vec!["field", "--modulus", spec];
        argv.extend(args.iter().map(String::as_str));
        let o = e.run(&argv);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), format!("{want}\n"), "{args:?}");
        batch += &format!("{}\n", args.join(" "));
        expect += &format!("{want}\n");
    }
    // Batch mode: the same lines, plus bad ones that print `error: ...` and do not stop it.
    batch += "inv 0\nfrobnicate 1\nmul 1\nsqr 8ffffffffffffffffffffffffffffffffffffffff\nsqr 1\n";
    let o = e.run_stdin(&["field", "--modulus", spec, "--batch"], batch.as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), cases.len() + 5);
    assert_eq!(lines[..cases.len()].join("\n") + "\n", expect);
    for l in &lines[cases.len()..cases.len() + 4] {
        assert!(l.starts_with("error: "), "{l}");
    }
    assert_eq!(
        lines[cases.len() + 4],
        format!("{:0>41}", "1"),
        "ceil(163/4) = 41 digits"
    );
}

#[test]
fn field_calculator_errors() {
    let e = Env::new();
    // Arguments (split at spaces) and a phrase of the error.
    for (line, needle) in [
        ("field --modulus 4,2,0 sqr 1", "not irreducible"),
        ("field --modulus 600,1,0 sqr 1", "out of range"),
        ("field --modulus 163,7,6,0 sqr 1", "trinomial"),
        ("field --modulus 163,a,0 sqr 1", "malformed modulus"),
        ("field --modulus 5,2,0 inv 0", "zero has no inverse"),
        ("field --modulus 5,2,0 sqr 20", "out of range"),
        ("field --modulus 5,2,0 sqr xyz", "hexadecimal"),
        ("field --modulus 5,2,0 mul 1", "2 operand"),
        ("field --modulus 5,2,0 pow 1", "unknown operation"),
        ("field --modulus 8,4,3,1,0 htrace 1", "even"),
        ("field mul 1 2", "--modulus"),
        ("field ssrf 164", "even"),
        ("field ssrf 999", "out of range"),
        ("field ssrf abc", "not a degree"),
    ] {
        let args: Vec<&str> = line.split(' ').collect();
        let o = e.run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(
            err.starts_with("wegman: ") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn auth256_tags_match_the_library_for_every_b() {
    use wegman_mac::hash256::{Auth256Key, Encoding};
    let e = Env::new();
    let key_hex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    let key = e.write_key("key", format!("wegman-key auth256 {key_hex}\n"));
    let msg: Vec<u8> = (0..20_000u32).map(|i| (i * 7 + 1) as u8).collect();
    let m = e.write("m", &msg);
    let nonce = "a0a1a2a3a4a5a6a7a8a9aaab";
    let k = Auth256Key::from_slice(&hex::decode(key_hex).unwrap()).unwrap();
    let n: [u8; 12] = hex::decode(nonce).unwrap().try_into().unwrap();
    let mut lines = String::new();
    for (b, field) in [(1, "auth256"), (8, "auth256/b8"), (256, "auth256/b256")] {
        let enc = Encoding::from_b(b).unwrap();
        let mut s = k.start_with(&n, enc);
        s.update(&msg);
        let want = format!("{field} {nonce} {} m\n", s.finalize());
        let o = e.run(&[
            "tag",
            "--key-file",
            &key,
            "--nonce",
            nonce,
            "--b",
            &b.to_string(),
            &m,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), want);
        lines += &want;
    }
    let check = e.write("check", &lines);
    let o = e.run(&["verify", "--key-file", &key, &check]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "m: OK\nm: OK\nm: OK\n");
    // A check line whose b differs from the one tagged fails.
    let swapped = e.write("swapped", lines.replacen("auth256/b8", "auth256/b256", 1));
    let o = e.run(&["verify", "--key-file", &key, &swapped]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn auth256_bad_parameters_are_clear_errors() {
    let e = Env::new();
    let key = e.write_key("key", format!("wegman-key auth256 {}\n", "11".repeat(32)));
    let pkey = e.write_key(
        "pkey",
        "wegman-key poly1305-aes ec074c835580741701425b623235add6851fc40c3467ac0be05cc20404f3f700\n",
    );
    let m = e.write("m", "x");
    assert_error(
        &e.run(&["tag", "--key-file", &key, "--b", "3", &m]),
        "b = 1, 8 or 256",
    );
    assert_error(
        &e.run(&["tag", "--key-file", &pkey, "--b", "8", &m]),
        "--b applies only to auth256",
    );
    assert_error(
        &e.run(&["tag", "--key-file", &key, "--nonce", "00112233", &m]),
        "expected 12 bytes",
    );
    assert_error(
        &e.run(&["tag", "--key-file", &key, "--alg", "poly1305-aes", &m]),
        "is an auth256 key",
    );
    for line in [
        format!("auth256/b3 {} {} m\n", "00".repeat(12), "00".repeat(32)),
        format!("auth256/8 {} {} m\n", "00".repeat(12), "00".repeat(32)),
        format!("auth256/b1 {} {} m\n", "00".repeat(12), "00".repeat(32)),
        format!(
            "poly1305-aes/b8 {} {} m\n",
            "00".repeat(16),
            "00".repeat(16)
        ),
        format!("auth256 {} {} m\n", "00".repeat(12), "00".repeat(16)),
    ] {
        let check = e.write("check", &line);
        let o = e.run(&["verify", "--key-file", &key, &check]);
        assert_eq!(stdout(&o), "", "{line}");
        assert_exit(&o, 2, "malformed check line");
        assert_exit(&o, 2, "no properly formatted check lines");
    }
}

/// `WEGMAN_BACKEND` caps the tier every algorithm's detection may pick: tags do not change,
/// `wegman bench` shows the portable backends under `soft`, an unknown name or a tier this CPU
/// lacks is a one-line error (exit 2).
#[test]
fn a_forced_tier_is_honoured_or_refused() {
    let env = Env::new();
    let key = env.path("k").display().to_string();
    assert!(
        env.run(&["keygen", "--alg", "poly1305-aes", "-o", &key])
            .status
            .success()
    );
    let file = env.write("f", vec![7u8; 100_000]);
    let nonce = "000102030405060708090a0b0c0d0e0f";
    let tag = |tier: Option<&str>| {
        let mut c = env.cmd(&["tag", "--key-file", &key, "--nonce", nonce, &file]);
        match tier {
            Some(t) => c.env("WEGMAN_BACKEND", t),
            None => c.env_remove("WEGMAN_BACKEND"),
        };
        c.output().unwrap()
    };
    let plain = tag(None);
    assert!(plain.status.success());
    let avx2 = cfg!(target_arch = "x86_64") && std::arch::is_x86_feature_detected!("avx2");
    let avx512 = cfg!(target_arch = "x86_64") && std::arch::is_x86_feature_detected!("avx512f");
    for (tier, has) in [("soft", true), ("avx2", avx2), ("avx512", avx512)] {
        let out = tag(Some(tier));
        if has {
            assert!(out.status.success(), "{tier}");
            assert_eq!(out.stdout, plain.stdout, "{tier}");
        } else {
            assert_eq!(out.status.code(), Some(2), "{tier}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.starts_with("wegman: WEGMAN_BACKEND="), "{err}");
        }
    }
    let bad = tag(Some("sse9"));
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&bad.stderr),
        "wegman: WEGMAN_BACKEND must be one of soft, avx2, avx512\n"
    );
    let bench = env
        .cmd(&["bench", "--quick"])
        .env("WEGMAN_BACKEND", "soft")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&bench.stdout);
    assert!(
        text.contains("backends chosen: auth256 soft, poly1305 soft, hash127 int128"),
        "{text}"
    );
    assert!(text.contains("Binary fields, backend soft"), "{text}");
}

#[test]
fn field_gnb_calculator_matches_the_library() {
    use wegman_gf2::gnb::NbPbMap;
    use wegman_gf2::{Field, Gnb, NbElement};
    let e = Env::new();
    // FIPS 186-2 K-163 base point x (normal basis, type 4) and its SEC 2 image.
    let (nb_gx, pb_gx) = (
        "05679b353caa46825fea2d3713ba450da0c2a4541",
        "2fe13c0537bbc11acaa07d793de4e6d5e5c94eee8",
    );
    let nist = "163,7,6,3,0";
    let o = e.run(&["field", "--gnb", "163", "--modulus", nist, "topb", nb_gx]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{pb_gx}\n"));
    let o = e.run(&[
        "field",
        "--gnb",
        "163,4",
        "--modulus",
        nist,
        "frompb",
        pb_gx,
    ]);
    assert_eq!(stdout(&o), format!("{nb_gx}\n"));
    // Every operation against the library, one per invocation and all in one batch.
    let g = Gnb::new(163).unwrap();
    let f = Field::from_exponents(nist).unwrap();
    let map = NbPbMap::new(&g, &f).unwrap();
    let a = g.parse_element(nb_gx).unwrap();
    let b = g
        .parse_element("333ac13c6447f2e67613bf7009daf98c87bb50c7f")
        .unwrap();
    let hex = |x: &NbElement| g.to_hex(x);
    let c = g.sqr(&b) + b;
    let inv: Option<NbElement> = g.inv(&a).into();
    let cases: Vec<(Vec<String>, String)> = vec![
        (vec!["mul".into(), hex(&a), hex(&b)], hex(&g.mul(&a, &b))),
        (vec!["add".into(), hex(&a), hex(&b)], hex(&(a + b))),
        (vec!["sqr".into(), hex(&a)], hex(&g.sqr(&a))),
        (vec!["sqrt".into(), hex(&a)], hex(&g.sqrt(&a))),
        (vec!["inv".into(), hex(&a)], hex(&inv.unwrap())),
        (vec!["trace".into(), hex(&a)], g.trace(&a).to_string()),
        (vec!["htrace".into(), hex(&a)], hex(&g.half_trace(&a))),
        (
            vec!["solve".into(), hex(&a)],
            g.solve(&a).map_or("none".into(), |(z, _)| hex(&z)),
        ),
        (vec!["solve".into(), hex(&c)], hex(&g.solve(&c).unwrap().0)),
        (vec!["topb".into(), hex(&b)], f.to_hex(&map.to_pb(&b))),
        (vec!["mul".into(), hex(&b), hex(&b)], hex(&g.sqr(&b))),
    ];
    let mut batch = String::new();
    let mut expect = String::new();
    for (args, want) in &cases {
        let mut argv = vec!["field", "--gnb", "163", "--modulus", nist];
        argv.extend(args.iter().map(String::as_str));
        let o = e.run(&argv);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), format!("{want}\n"), "{args:?}");
        batch += &format!("{}\n", args.join(" "));
        expect += &format!("{want}\n");
    }
    // Batch: many products (more than one bit-sliced batch) between the other lines, and bad
    // lines that print `error: ...` without stopping the run.
    let mut rng = wegman_testkit::Rng::new(9);
    for _ in 0..600 {
        let x = g
            .element(&[rng.next_u64(), rng.next_u64(), rng.next_u64() >> 29])
            .unwrap();
        let y = g
            .element(&[rng.next_u64(), rng.next_u64(), rng.next_u64() >> 29])
            .unwrap();
        batch += &format!("mul {} {}\n", hex(&x), hex(&y));
        expect += &format!("{}\n", hex(&g.mul(&x, &y)));
    }
    batch += "inv 0\nfrobnicate 1\nmul 1\nsqr 8ffffffffffffffffffffffffffffffffffffffff\n";
    let o = e.run_stdin(
        &["field", "--gnb", "163", "--modulus", nist, "--batch"],
        batch.as_bytes(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let n = cases.len() + 600;
    assert_eq!(lines.len(), n + 4);
    assert_eq!(lines[..n].join("\n") + "\n", expect);
    for l in &lines[n..] {
        assert!(l.starts_with("error: "), "{l}");
    }
}

#[test]
fn field_gnb_errors() {
    let e = Env::new();
    for (args, needle) in [
        (vec!["field", "--gnb", "164", "sqr", "1"], "even"),
        (
            vec!["field", "--gnb", "163,2", "sqr", "1"],
            "no Gaussian normal basis of type 2",
        ),
        (
            vec!["field", "--gnb", "abc", "sqr", "1"],
            "malformed normal basis",
        ),
        (
            vec!["field", "--gnb", "163", "topb", "1"],
            "needs --modulus",
        ),
        (
            vec![
                "field",
                "--gnb",
                "29",
                "--modulus",
                "163,7,6,3,0",
                "topb",
                "1",
            ],
            "different degrees",
        ),
        (
            vec!["field", "--gnb", "29", "sqr", "20000000"],
            "out of range",
        ),
        (
            vec!["field", "--gnb", "29", "inv", "0"],
            "zero has no inverse",
        ),
        (vec!["field", "--gnb", "29", "sqr", "xyz"], "hexadecimal"),
        (vec!["field", "--gnb", "29", "mul", "1"], "takes 2 operand"),
    ] {
        let o = e.run(&args);
        assert_exit(&o, 2, needle);
    }
    // No GNB of type ≤ 16: find such a degree through the library and ask the CLI.
    let m = (3..=571u32)
        .step_by(2)
        .find(|&m| wegman_gf2::Gnb::new(m).is_err())
        .unwrap();
    let o = e.run(&["field", "--gnb", &m.to_string(), "sqr", "1"]);
    assert_exit(&o, 2, "no Gaussian normal basis");
}

#[test]
fn ec_batch_mul_lines_run_as_one_batch_and_equal_the_single_commands() {
    let e = Env::new();
    let g = [
        "2fe13c0537bbc11acaa07d793de4e6d5e5c94eee8",
        "289070fb05d38ff58321f2e800536d538ccdaa3d9",
    ];
    let mut rng = wegman_testkit::Rng::new(16);
    let mut lines = Vec::new();
    for i in 0..300 {
        let d = format!("{:x}{:016x}", rng.next_u64() >> 30, rng.next_u64());
        lines.push(match i % 5 {
            0 => format!("mul {d}"),
            1 => format!("mul {d} {} {}", g[0], g[1]),
            2 if i == 7 => "mul 1 1 1".to_string(),
            2 if i == 12 => format!("mul {}", "f".repeat(50)),
            3 => format!("dbl {} {}", g[0], g[1]),
            _ => format!("mul {d} {} {}", g[0], g[1]),
        });
    }
    let input = lines.join("\n") + "\n";
    let o = e.run_stdin(&["ec", "--curve", "sect163k1", "--batch"], input.as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), 300);
    assert!(got[7].starts_with("error: line 8") && got[7].contains("not on the curve"));
    assert!(got[12].starts_with("error: line 13") && got[12].contains("too long"));
    // Every line equals the same command run alone (the fixed-base method or the single
    // ladder), sampled.
    for i in [0, 1, 2, 3, 4, 5, 6, 64, 65, 255, 256, 299] {
        let words: Vec<&str> = lines[i].split(' ').collect();
        let mut args = vec!["ec", "--curve", "sect163k1"];
        args.extend(&words);
        let o = e.run(&args);
        assert!(o.status.success(), "line {i}: {}", stderr(&o));
        assert_eq!(stdout(&o).trim_end(), got[i], "line {i}");
    }
}

#[test]
fn ec_calculator_agrees_across_representations() {
    let e = Env::new();
    // K-163 G, and the CAVP key-pair vector d → Q (tests/data of wegman-ec).
    let g = [
        "2fe13c0537bbc11acaa07d793de4e6d5e5c94eee8",
        "289070fb05d38ff58321f2e800536d538ccdaa3d9",
    ];
    let mut lines = String::new();
    lines += "mul 2\nmul 0\ncheck 1 1\nfrobnicate\n";
    lines += &format!(
        "dbl {} {}\nhalve {} {}\nadd {} {} {} {}\nmul 3 {} {}\n",
        g[0], g[1], g[0], g[1], g[0], g[1], g[0], g[1], g[0], g[1]
    );
    let mut outs = Vec::new();
    for repr in ["nist", "ssrf", "nb"] {
        let o = e.run_stdin(
            &["ec", "--curve", "sect163k1", "--repr", repr, "--batch"],
            lines.as_bytes(),
        );
        assert!(o.status.success(), "{}", stderr(&o));
        outs.push(stdout(&o));
    }
    assert_eq!(outs[0], outs[1]);
    assert_eq!(outs[0], outs[2]);
    let l: Vec<&str> = outs[0].lines().collect();
    assert_eq!(l.len(), 8);
    assert_eq!(l[0], l[4], "mul 2 = dbl G");
    assert_eq!(l[0], l[6], "G + G = 2G");
    assert_eq!(l[1], "infinity");
    assert!(
        l[2].starts_with("error: line 3") && l[2].contains("not on the curve"),
        "{}",
        l[2]
    );
    assert!(l[3].starts_with("error: line 4"));
    // 2·halve(G) = G.
    let h: Vec<&str> = l[5].split(' ').collect();
    let o = e.run(&["ec", "--curve", "sect163k1", "dbl", h[0], h[1]]);
    assert_eq!(stdout(&o).trim_end(), format!("{} {}", g[0], g[1]));
    // CAVP KeyPair-186-3, K-163, first vector.
    let o = e.run(&[
        "ec",
        "--curve",
        "K-163",
        "--repr",
        "nb",
        "mul",
        "028a7447f95b43c072722ee52f2a68897518830272",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).trim_end(),
        "72dadf24b00f9a2a0ad6fbfb9d86181e939900174 4bc1d4987dde0d2f633df16d686e2a78d6d3f49f3"
    );
    for (args, needle) in [
        (
            vec!["ec", "--curve", "sect163k9", "mul", "1"],
            "unknown curve",
        ),
        (
            vec!["ec", "--curve", "sect163k1", "--repr", "xx", "mul", "1"],
            "unknown representation",
        ),
        (
            vec![
                "ec",
                "--curve",
                "sect163k1",
                "mul",
                "80000000000000000000000000000000000000000000",
            ],
            "scalar too long",
        ),
        (
            vec!["ec", "--curve", "sect163k1", "mul", "zz"],
            "not hexadecimal",
        ),
        (
            vec![
                "ec",
                "--curve",
                "sect233k1",
                "halve",
                "17232ba853a7e731af129f22ff4149563a419c26bf50a4c9d6eefad6126",
                "1db537dece819b7f70f555a67c427a8cd9bf18aeb9b56e0c11056fae6a3",
            ],
            "Tr(a) = 1",
        ),
        (
            vec!["ec", "--curve", "sect163k1", "dbl", "1"],
            "wrong number of operands",
        ),
    ] {
        let o = e.run(&args);
        assert_exit(&o, 2, needle);
    }
}

/// `wegman wg keystream`: the eSTREAM-layout vectors (docs/spec.md §3.4) through the batch
/// engine, in input order, a bad line reported in place while the run continues, and 300
/// lines (more than one 256-lane batch) against the first line's keystream repeated.
#[test]
fn wg_keystream_lines() {
    let e = Env::new();
    let input = "000102030405060708090a0b0c0d0e0f 0001020304050607\n\
                 zz 00\n\
                 00010203040506070809 0001020304050607\n\
                 0001 0203\n\
                 \n\
                 000102030405060708090a0b 00010203040506070809\n\
                 000102030405060708090a0b0c0d0e0f 00010203\n";
    let o = e.run_stdin(&["wg", "keystream", "--bytes", "32"], input.as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(
        lines[0],
        "d6c211e3dcba436b99e0d518853f27edaecccc96f773dcc0ef613bae389c9033"
    );
    assert!(
        lines[1].starts_with("error: line 2: key: not hex"),
        "{}",
        lines[1]
    );
    assert_eq!(
        lines[2],
        "6f05320931202b6b43c8c904a97e456718ad78a7fd643c6994ac41197052161e"
    );
    assert!(
        lines[3].starts_with("error: line 4: WG-29 keys are"),
        "{}",
        lines[3]
    );
    assert!(lines[4].starts_with("error: line 5: expected `KEYHEX IVHEX`"));
    assert!(
        lines[5].starts_with("error: line 6: WG-29 IVs are"),
        "{}",
        lines[5]
    );
    assert_eq!(
        lines[6],
        "28f87208f3e24eeb51a1070fe3a55f128989c254edb1838b4cc1de0c3966b657"
    );
    let many = "000102030405060708090a0b0c0d0e0f 0001020304050607\n".repeat(300);
    let o = e.run_stdin(&["wg", "keystream", "--bytes", "4"], many.as_bytes());
    assert!(o.status.success());
    assert_eq!(stdout(&o), "d6c211e3\n".repeat(300));
    let o = e.run_stdin(
        &["wg", "keystream", "--bytes", "0"],
        b"00010203040506070809 00010203\n",
    );
    assert_eq!(stdout(&o), "\n");
}
