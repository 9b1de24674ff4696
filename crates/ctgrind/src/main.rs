//! `wegman-ctgrind [--selftest-leak] [FILTER...]`: runs the constant-time cases of
//! [`wegman_ctgrind`]; meant to run under `valgrind --error-exitcode=1` (docs/security.md).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !wegman_arch::ct::ENABLED {
        eprintln!(
            "wegman-ctgrind: built without the `valgrind` feature: the cases run, but no \
             secret is marked (build with --features valgrind)"
        );
    } else if !wegman_arch::ct::running_on_valgrind() {
        eprintln!("wegman-ctgrind: not running under valgrind: the cases run, unchecked");
    }
    if args.iter().any(|a| a == "--selftest-leak") {
        println!(
            "wegman-ctgrind: self-test: a secret-dependent branch ({}); memcheck must report it",
            wegman_ctgrind::leaky_selftest()
        );
        return ExitCode::SUCCESS;
    }
    if let Err(e) = wegman_arch::requested_tier() {
        eprintln!("wegman-ctgrind: {e}");
        return ExitCode::from(2);
    }
    for line in wegman_ctgrind::run(&args) {
        println!("{line}");
    }
    ExitCode::SUCCESS
}
