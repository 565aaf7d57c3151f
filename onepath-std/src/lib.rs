//! std adapters for onepath (Moving AI files, cancellation, threads).
//!
//! - [`movingai`]: parsers for the Moving AI `.map` and `.scen` benchmark files and helpers to
//!   read them from disk.
//! - [`cancel`]: [`cancel::CancelToken`], a thread-safe cancellation flag, and
//!   [`cancel::find_path_cancellable`].
//! - [`voxel_files`]: parsers for the Moving AI voxel `.3dmap` and `.3dscen` files.
//! - [`data`]: where the shared benchmark data is (never inside the repository).
//! - [`dimacs`]: DIMACS `.gr` / `.co` parsers and Moving AI maps as graphs.
//! - [`flow_threads`]: flow fields for several goal sets on several threads, identical to
//!   sequential ones.

pub mod cancel;
pub mod data;
pub mod dimacs;
pub mod flow_threads;
pub mod movingai;
pub mod voxel_files;
