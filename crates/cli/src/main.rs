//! The `wegman` command (the whole program is the `wegman_cli` library, so that its parsers
//! can be fuzzed: `fuzz/`).

fn main() -> std::process::ExitCode {
    wegman_cli::main()
}
