//! The file-set features of the `wegman` binary (docs/spec.md §4): `tag -r` over directory
//! trees, many files across cores in input order, `verify`'s `sha256sum -c` options, no
//! progress bar on a pipe, shell completions and the manual pages.

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::Output;

mod common;

type Env = common::Dir;

impl Env {
    fn home(&self) -> PathBuf {
        self.path("home")
    }

    fn run(&self, args: &[&str]) -> Output {
        let out = self
            .command(common::BIN, &self.home())
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "wegman panicked: {err}");
        out
    }

    fn file(&self, name: &str, contents: impl AsRef<[u8]>) {
        let p = self.path(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, contents).unwrap();
    }

    /// A key made by `keygen` and its nonce counter started (so that no run below prints
    /// the first-use notes).
    fn keygen(&self) {
        let o = self.run(&["keygen"]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        self.file("first", "");
        let o = self.run(&["tag", "first"]);
        assert!(o.status.success(), "{}", text(&o.stderr));
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

/// The PATH fields of check lines.
fn paths(out: &str) -> Vec<String> {
    out.lines()
        .map(|l| l.splitn(4, ' ').nth(3).unwrap().to_string())
        .collect()
}

/// The NONCE fields of check lines.
fn nonces(out: &str) -> Vec<String> {
    out.lines()
        .map(|l| l.split(' ').nth(1).unwrap().to_string())
        .collect()
}

/// A small tree: nested directories (names that sort differently as paths and by level),
/// an empty file and an empty directory.
fn tree(e: &Env) {
    e.file("t/b", "b");
    e.file("t/a.txt", "a");
    e.file("t/a/z", "az");
    e.file("t/a/y/x", "ayx");
    e.file("t/empty", "");
    std::fs::create_dir_all(e.path("t/nothing")).unwrap();
}

#[test]
fn recursive_tags_list_regular_files_in_a_fixed_order() {
    let e = Env::new();
    e.keygen();
    tree(&e);
    let want = ["t/a/y/x", "t/a/z", "t/a.txt", "t/b", "t/empty"];
    let first = e.run(&["tag", "-r", "t"]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert_eq!(text(&first.stderr), "");
    let out = text(&first.stdout);
    assert_eq!(paths(&out), want);
    // The same order on every run and thread count; fresh nonces each time.
    for j in ["1", "2", "5"] {
        let again = e.run(&["tag", "-r", "-j", j, "t"]);
        assert_eq!(paths(&text(&again.stdout)), want, "-j {j}");
        let n = nonces(&text(&again.stdout));
        assert!(nonces(&out).iter().all(|x| !n.contains(x)));
    }
    // Every line verifies.
    e.file("check", &out);
    let v = e.run(&["verify", "check"]);
    assert!(v.status.success(), "{}", text(&v.stderr));
    assert_eq!(
        text(&v.stdout),
        want.iter()
            .map(|p| format!("{p}: OK\n"))
            .collect::<String>()
    );
    // Files and directories mixed, in command-line order.
    let mixed = e.run(&["tag", "-r", "t/b", "t/a", "t/empty"]);
    assert_eq!(
        paths(&text(&mixed.stdout)),
        ["t/b", "t/a/y/x", "t/a/z", "t/empty"]
    );
    // Without -r a directory is an error that names -r; the files named still get tags.
    let o = e.run(&["tag", "t", "t/b"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("tag the files under it with -r"));
    assert_eq!(paths(&text(&o.stdout)), ["t/b"]);
    // --follow needs -r.
    assert_eq!(e.run(&["tag", "--follow", "t/b"]).status.code(), Some(2));
}

#[cfg(unix)]
#[test]
fn symbolic_links_are_skipped_unless_followed_and_bad_entries_are_counted() {
    use std::os::unix::fs::symlink;
    let e = Env::new();
    e.keygen();
    tree(&e);
    symlink("../b", e.path("t/a/link-to-file")).unwrap();
    symlink("../../a", e.path("t/a/y/link-to-dir")).unwrap();
    let plain = e.run(&["tag", "-r", "t"]);
    assert!(plain.status.success(), "{}", text(&plain.stderr));
    assert!(!text(&plain.stdout).contains("link"));
    // Followed: the file link is tagged, the directory link loops (reported, exit 1, the
    // walk goes on).
    let followed = e.run(&["tag", "-r", "--follow", "t"]);
    let out = text(&followed.stdout);
    assert!(
        paths(&out).contains(&"t/a/link-to-file".to_string()),
        "{out}"
    );
    assert!(paths(&out).contains(&"t/b".to_string()));
    assert_eq!(followed.status.code(), Some(1));
    assert!(
        text(&followed.stderr).contains("loop"),
        "{}",
        text(&followed.stderr)
    );
    // A dangling link, followed, is an unreadable entry: reported and counted.
    std::fs::remove_file(e.path("t/a/y/link-to-dir")).unwrap();
    symlink("nowhere", e.path("t/dangling")).unwrap();
    let o = e.run(&["tag", "-r", "--follow", "t"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("t/dangling"),
        "{}",
        text(&o.stderr)
    );
    assert!(paths(&text(&o.stdout)).contains(&"t/b".to_string()));
}

#[test]
fn many_files_are_tagged_in_input_order_with_distinct_nonces() {
    let e = Env::new();
    e.keygen();
    // Files of different sizes, so that they finish out of order on several threads.
    let mut want = Vec::new();
    for i in 0..1200 {
        let name = format!("many/{:02}/{i:04}", i % 7);
        e.file(&name, vec![i as u8; (i * 37) % 5000]);
        want.push(name);
    }
    want.sort_by(|a, b| {
        let key = |s: &str| s.split('/').map(str::to_string).collect::<Vec<_>>();
        key(a).cmp(&key(b))
    });
    let o = e.run(&["tag", "-r", "-j", "4", "many"]);
    assert!(o.status.success());
    // A pipe never shows a progress bar, even for a long run.
    assert_eq!(text(&o.stderr), "");
    let out = text(&o.stdout);
    assert_eq!(paths(&out), want);
    let n = nonces(&out);
    assert_eq!(n.iter().collect::<HashSet<_>>().len(), n.len());
    e.file("check", &out);
    let v = e.run(&["verify", "-j", "3", "--quiet", "check"]);
    assert!(v.status.success(), "{}", text(&v.stderr));
    assert_eq!(text(&v.stdout), "");
    assert_eq!(text(&v.stderr), "");
    // Verification in parallel prints results in line order.
    e.file(&want[3], "changed");
    e.file(&want[900], "changed");
    let v = e.run(&["verify", "-j", "4", "check"]);
    assert_eq!(v.status.code(), Some(1));
    let printed: Vec<String> = text(&v.stdout).lines().map(str::to_string).collect();
    assert_eq!(printed.len(), want.len());
    for (line, p) in printed.iter().zip(&want) {
        let failed = p == &want[3] || p == &want[900];
        let verdict = if failed { "FAILED" } else { "OK" };
        assert_eq!(line, &format!("{p}: {verdict}"));
    }
    assert!(
        text(&v.stderr).contains("WARNING: 2 of 1200 computed tags did NOT match"),
        "{}",
        text(&v.stderr)
    );
}

#[test]
fn verify_options_as_sha256sum_has_them() {
    let e = Env::new();
    e.keygen();
    tree(&e);
    let out = text(&e.run(&["tag", "-r", "t"]).stdout);
    e.file("check", &out);
    // --quiet: failures only.
    e.file("t/b", "changed");
    let o = e.run(&["verify", "--quiet", "check"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "t/b: FAILED\n");
    // A missing file: FAILED open or read, counted; --ignore-missing: silent.
    e.file("t/b", "b");
    std::fs::remove_file(e.path("t/a.txt")).unwrap();
    let o = e.run(&["verify", "--quiet", "check"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "t/a.txt: FAILED open or read\n");
    assert!(text(&o.stderr).contains("WARNING: 1 listed file could not be read"));
    let o = e.run(&["verify", "--ignore-missing", "check"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(!text(&o.stdout).contains("a.txt"));
    assert_eq!(text(&o.stderr), "");
    // Nothing left to verify with --ignore-missing: exit 1, said on stderr.
    let only = out.lines().find(|l| l.ends_with("t/a.txt")).unwrap();
    e.file("check1", format!("{only}\n"));
    let o = e.run(&["verify", "--ignore-missing", "check1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("no file was verified"));
    // --status: nothing printed at all, the exit status tells.
    let o = e.run(&["verify", "--status", "check"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        (text(&o.stdout), text(&o.stderr)),
        (String::new(), String::new())
    );
    let o = e.run(&["verify", "--status", "--ignore-missing", "check"]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn completions_for_every_shell_and_the_manual_pages() {
    let e = Env::new();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = e.run(&["completions", shell]);
        assert!(o.status.success(), "{shell}: {}", text(&o.stderr));
        let script = text(&o.stdout);
        for word in ["wegman", "verify", "recursive", "ignore-missing"] {
            assert!(script.contains(word), "{shell} completion lacks {word}");
        }
        if shell == "bash"
            && std::process::Command::new("bash")
                .arg("-c")
                .arg("true")
                .status()
                .is_ok()
        {
            // The script parses.
            e.file("wegman.bash", &script);
            let ok = std::process::Command::new("bash")
                .arg("-n")
                .arg(e.path("wegman.bash"))
                .status()
                .unwrap();
            assert!(ok.success(), "bash -n rejects the completion script");
        }
    }
    assert_eq!(e.run(&["completions", "tcsh"]).status.code(), Some(2));
    let page = text(&e.run(&["man"]).stdout);
    assert!(page.contains(".TH wegman 1"), "{page}");
    for word in ["keygen", "verify", "completions"] {
        assert!(page.contains(word), "wegman(1) lacks {word}");
    }
    let o = e.run(&["man", "--dir", "pages"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let tag = std::fs::read_to_string(e.path("pages/wegman-tag.1")).unwrap();
    assert!(tag.contains("recursive") && tag.contains(".TH wegman-tag 1"));
    for page in ["wegman.1", "wegman-verify.1", "wegman-keygen.1"] {
        assert!(e.path("pages").join(page).is_file(), "{page}");
    }
}
