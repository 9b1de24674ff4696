//! Links libsodium when the system has it (Debian: libsodium-dev), so the benches can compare
//! against it; without it they skip that peer.

use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(has_libsodium)");
    println!("cargo::rerun-if-env-changed=PKG_CONFIG_PATH");
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
