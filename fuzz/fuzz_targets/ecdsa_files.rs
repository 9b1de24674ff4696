#![no_main]
//! `cargo fuzz run ecdsa_files`: see [`wegman_fuzz::ecdsa_files`].

libfuzzer_sys::fuzz_target!(|data: &[u8]| wegman_fuzz::ecdsa_files(data));
