//! Links OpenSSL's libcrypto (Debian: libssl-dev) and libsodium (Debian: libsodium-dev) and compiles a small NTL harness (Debian:
//! libntl-dev) when the system has them, so the benches can compare against them; without
//! them they skip those peers.

use std::process::Command;

fn main() {
    ntl();
    openssl();
    println!("cargo::rustc-check-cfg=cfg(has_libsodium)");
    println!("cargo::rerun-if-env-changed=PKG_CONFIG_PATH");
    println!("cargo::rerun-if-env-changed=PKG_CONFIG_LIBDIR");
    let found = Command::new("pkg-config")
        .args(["--libs", "libsodium"])
        .output()
        .ok()
        .filter(|o| o.status.success());
    if let Some(out) = found {
        for flag in String::from_utf8_lossy(&out.stdout).split_whitespace() {
            if let Some(dir) = flag.strip_prefix("-L") {
                println!("cargo::rustc-link-search=native={dir}");
            }
        }
        println!("cargo::rustc-link-lib=sodium");
        println!("cargo::rustc-cfg=has_libsodium");
    }
}

/// OpenSSL 3's libcrypto (Debian: libssl-dev), linked when pkg-config finds it; the FFI is
/// declared in src/lib.rs, so no headers are needed.
fn openssl() {
    println!("cargo::rustc-check-cfg=cfg(has_openssl)");
    let found = Command::new("pkg-config")
        .args(["--atleast-version=3.0", "libcrypto"])
        .status()
        .is_ok_and(|s| s.success());
    let libs = found
        .then(|| {
            Command::new("pkg-config")
                .args(["--libs", "libcrypto"])
                .output()
                .ok()
        })
        .flatten()
        .filter(|o| o.status.success());
    match libs {
        Some(out) => {
            for flag in String::from_utf8_lossy(&out.stdout).split_whitespace() {
                if let Some(dir) = flag.strip_prefix("-L") {
                    println!("cargo::rustc-link-search=native={dir}");
                }
            }
            println!("cargo::rustc-link-lib=crypto");
            println!("cargo::rustc-cfg=has_openssl");
        }
        None => println!(
            "cargo::warning=OpenSSL 3 (libcrypto) not found by pkg-config: the OpenSSL peers are \
             left out (Debian: apt-get install pkg-config libssl-dev)"
        ),
    }
}

/// NTL's GF2E through `ntl/gf2e.cpp`, if the headers are installed.
fn ntl() {
    println!("cargo::rustc-check-cfg=cfg(has_ntl)");
    println!("cargo::rerun-if-changed=ntl/gf2e.cpp");
    let header = ["/usr/include/NTL/GF2E.h", "/usr/local/include/NTL/GF2E.h"]
        .iter()
        .any(|p| std::path::Path::new(p).exists());
    if !header {
        return;
    }
    let built = cc::Build::new()
        .cpp(true)
        .file("ntl/gf2e.cpp")
        .opt_level(2)
        .warnings(false)
        .try_compile("wegman_ntl");
    if built.is_ok() {
        println!("cargo::rustc-link-lib=ntl");
        println!("cargo::rustc-link-lib=gmp");
        println!("cargo::rustc-cfg=has_ntl");
    }
}
