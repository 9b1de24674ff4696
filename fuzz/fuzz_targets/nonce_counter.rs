#![no_main]
//! `cargo fuzz run nonce_counter`: see [`wegman_fuzz::nonce_counter`].

libfuzzer_sys::fuzz_target!(|data: &[u8]| wegman_fuzz::nonce_counter(data));
