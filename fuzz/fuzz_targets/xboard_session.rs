#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| chimera_fuzz::xboard_session(data));
