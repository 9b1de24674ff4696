#![no_main]
//! `cargo fuzz run key_file`: see [`wegman_fuzz::key_file`].

libfuzzer_sys::fuzz_target!(|data: &[u8]| wegman_fuzz::key_file(data));
