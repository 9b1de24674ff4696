//! With the `ctgrind` feature, compiles the valgrind client-request shim (`csrc/ctgrind.c`)
//! against `<valgrind/memcheck.h>` (Debian package `valgrind`).

fn main() {
    println!("cargo:rerun-if-changed=csrc/ctgrind.c");
    #[cfg(feature = "ctgrind")]
    cc::Build::new()
        .file("csrc/ctgrind.c")
        .opt_level(2)
        .compile("wegman_ctgrind");
}
