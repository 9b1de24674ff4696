#![no_main]
//! `cargo fuzz run sec1_decode`: see [`wegman_fuzz::sec1_decode`].

libfuzzer_sys::fuzz_target!(|data: &[u8]| wegman_fuzz::sec1_decode(data));
