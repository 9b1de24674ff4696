#![no_main]
//! `cargo fuzz run parse_hex`: see [`wegman_fuzz::parse_hex`].

libfuzzer_sys::fuzz_target!(|data: &[u8]| wegman_fuzz::parse_hex(data));
