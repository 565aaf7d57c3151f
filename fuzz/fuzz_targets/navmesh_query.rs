//! libFuzzer entry point for the `navmesh_query` body (`onepath_fuzz::navmesh_query`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::navmesh_query(data));
