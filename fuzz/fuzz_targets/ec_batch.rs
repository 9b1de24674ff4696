#![no_main]
//! `cargo fuzz run ec_batch`: see [`wegman_fuzz::ec_batch`].

libfuzzer_sys::fuzz_target!(|data: &[u8]| wegman_fuzz::ec_batch(data));
