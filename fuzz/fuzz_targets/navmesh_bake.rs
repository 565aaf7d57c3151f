//! libFuzzer entry point for the `navmesh_bake` body (`onepath_fuzz::navmesh_bake`); see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| onepath_fuzz::navmesh_bake(data));
