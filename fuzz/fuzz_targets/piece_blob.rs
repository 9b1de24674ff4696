#![no_main]
//! `cargo fuzz run piece_blob`: see [`wegman_fuzz::piece_blob`].

libfuzzer_sys::fuzz_target!(|data: &[u8]| wegman_fuzz::piece_blob(data));
