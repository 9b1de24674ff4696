#![no_main]
//! `cargo fuzz run field_batch`: see [`wegman_fuzz::field_batch`].

libfuzzer_sys::fuzz_target!(|data: &[u8]| wegman_fuzz::field_batch(data));
