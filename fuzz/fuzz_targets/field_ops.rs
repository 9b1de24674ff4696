#![no_main]
//! `cargo fuzz run field_ops`: see [`wegman_fuzz::field_ops`].

libfuzzer_sys::fuzz_target!(|data: &[u8]| wegman_fuzz::field_ops(data));
