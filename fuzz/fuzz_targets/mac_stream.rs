#![no_main]
//! `cargo fuzz run mac_stream`: see [`wegman_fuzz::mac_stream`].

libfuzzer_sys::fuzz_target!(|data: &[u8]| wegman_fuzz::mac_stream(data));
