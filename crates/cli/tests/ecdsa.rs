//! `wegman ec keygen | pubkey | sign | verify` against the `openssl` command on all ten
//! curves and five hashes: `openssl dgst -sign` signatures verify in wegman and wegman's in
//! `openssl dgst -verify`, keys go both ways, and bad input is a one-line error.

use std::process::{Command, Output};

mod common;

type Env = common::Dir;

impl Env {
    fn wegman(&self, args: &[&str]) -> Output {
        let mut c = self.command(common::BIN, &self.path("home"));
        let out = c.args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "wegman panicked: {err}");
        out
    }

    fn openssl(&self, args: &[&str]) -> Output {
        let mut c = self.command("openssl", &self.path("home"));
        c.args(args).output().unwrap()
    }
}

/// Whether the `openssl` command is here; under CI its absence is a failure.
fn have_openssl() -> bool {
    let ok = Command::new("openssl")
        .arg("version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "the openssl command is missing (Debian package openssl)"
        );
        eprintln!("skipped: no openssl command");
    }
    ok
}

const CURVES: [&str; 10] = [
    "sect163k1",
    "sect163r2",
    "sect233k1",
    "sect233r1",
    "sect283k1",
    "sect283r1",
    "sect409k1",
    "sect409r1",
    "sect571k1",
    "sect571r1",
];
const HASHES: [&str; 5] = ["sha1", "sha224", "sha256", "sha384", "sha512"];

fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "failed: {}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn signatures_and_keys_interoperate_with_the_openssl_command() {
    if !have_openssl() {
        return;
    }
    let e = Env::new();
    std::fs::write(e.path("msg"), b"a message signed on a binary curve\n").unwrap();
    for (i, curve) in CURVES.iter().enumerate() {
        // OpenSSL's key (EC PARAMETERS + EC PRIVATE KEY), and wegman's (SEC 1 or PKCS#8).
        let ok_key = format!("o-{curve}.pem");
        let o_pub = format!("o-{curve}.pub");
        ok(&e.openssl(&["ecparam", "-name", curve, "-genkey", "-out", &ok_key]));
        ok(&e.openssl(&["pkey", "-in", &ok_key, "-pubout", "-out", &o_pub]));
        let w_key = format!("w-{curve}.pem");
        let w_pub = format!("w-{curve}.pub");
        let format = if i % 2 == 0 { "sec1" } else { "pkcs8" };
        ok(&e.wegman(&[
            "ec", "keygen", "--curve", curve, "--format", format, "--out", &w_key, "--pubout",
            &w_pub,
        ]));
        // Both tools derive the same public key from each private key.
        let ours = ok(&e.wegman(&["ec", "pubkey", "--key", &ok_key]));
        assert_eq!(
            ours,
            std::fs::read_to_string(e.path(&o_pub)).unwrap(),
            "{curve}"
        );
        let theirs = ok(&e.openssl(&["pkey", "-in", &w_key, "-pubout"]));
        assert_eq!(
            theirs,
            std::fs::read_to_string(e.path(&w_pub)).unwrap(),
            "{curve}"
        );
        for hash in HASHES {
            let dash = format!("-{hash}");
            // OpenSSL signs with its key and with ours; wegman verifies.
            for (key, public) in [(&ok_key, &o_pub), (&w_key, &w_pub)] {
                ok(&e.openssl(&["dgst", &dash, "-sign", key, "-out", "o.sig", "msg"]));
                let out = ok(&e.wegman(&[
                    "ec",
                    "verify",
                    "--key",
                    public,
                    "--hash",
                    hash,
                    "--signature",
                    "o.sig",
                    "msg",
                ]));
                assert_eq!(out, "Verified OK\n", "{curve} {hash}");
                // wegman signs; OpenSSL verifies.
                ok(&e.wegman(&[
                    "ec", "sign", "--key", key, "--hash", hash, "--out", "w.sig", "msg",
                ]));
                let out = ok(&e.openssl(&[
                    "dgst",
                    &dash,
                    "-verify",
                    public,
                    "-signature",
                    "w.sig",
                    "msg",
                ]));
                assert_eq!(out.trim(), "Verified OK", "{curve} {hash}");
            }
        }
    }
}

#[test]
fn bad_signatures_and_inputs_are_clear_errors() {
    let e = Env::new();
    std::fs::write(e.path("msg"), b"message").unwrap();
    ok(&e.wegman(&[
        "ec",
        "keygen",
        "--curve",
        "sect233r1",
        "--out",
        "k.pem",
        "--pubout",
        "k.pub",
    ]));
    ok(&e.wegman(&["ec", "sign", "--key", "k.pem", "--out", "s.der", "msg"]));
    ok(&e.wegman(&[
        "ec",
        "keygen",
        "--curve",
        "sect233k1",
        "--out",
        "kk.pem",
        "--pubout",
        "kk.pub",
    ]));
    let verify = |sig: &str, msg: &str| {
        e.wegman(&["ec", "verify", "--key", "k.pub", "--signature", sig, msg])
    };
    assert_eq!(ok(&verify("s.der", "msg")), "Verified OK\n");
    // Another message: a failure, exit 1, no error line.
    std::fs::write(e.path("msg2"), b"messagf").unwrap();
    let o = verify("s.der", "msg2");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "Verification failure\n");
    // A truncated signature, and a key that already exists: one-line errors.
    let der = std::fs::read(e.path("s.der")).unwrap();
    std::fs::write(e.path("t.der"), &der[..der.len() - 1]).unwrap();
    let o = verify("t.der", "msg");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("malformed DER signature"));
    let before = std::fs::read(e.path("k.pem")).unwrap();
    let o = e.wegman(&["ec", "keygen", "--curve", "sect233r1", "--out", "k.pem"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("never overwrites"));
    assert_eq!(std::fs::read(e.path("k.pem")).unwrap(), before);
    for (args, needle) in [
        (
            vec!["ec", "keygen", "--curve", "sect163k9", "--out", "x"],
            "sect163k9",
        ),
        (
            vec![
                "ec",
                "keygen",
                "--curve",
                "sect163k1",
                "--format",
                "x",
                "--out",
                "x",
            ],
            "--format x",
        ),
        (
            vec!["ec", "sign", "--key", "k.pem", "--hash", "md5", "msg"],
            "--hash md5",
        ),
        (vec!["ec", "sign", "--key", "msg", "msg"], "neither PEM nor"),
        (
            // sect233k1 has Tr(a) = 0: no halving.
            vec![
                "ec",
                "verify",
                "--key",
                "kk.pub",
                "--signature",
                "s.der",
                "--method",
                "halving",
                "msg",
            ],
            "Tr(a) = 1",
        ),
        (
            vec!["ec", "sign", "--key", "k.pem", "--repr", "xx", "msg"],
            "--repr xx",
        ),
    ] {
        let o = e.wegman(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
