#![no_main]
//! `cargo fuzz run check_line`: see [`wegman_fuzz::check_line`].

libfuzzer_sys::fuzz_target!(|data: &[u8]| wegman_fuzz::check_line(data));
