//! std adapters for onepath (Moving AI files, cancellation, threads).
//!
//! - [`movingai`]: parsers for the Moving AI `.map` and `.scen` benchmark files and helpers to
//!   read them from disk.
//! - [`data`]: where the shared benchmark data is (never inside the repository).

pub mod data;
pub mod movingai;
