//! onepath side by side with peer crates on the Moving AI benchmarks (Sturtevant 2012).
//!
//! Every contender answers the same queries of the same scenario files in the same process,
//! with the benchmark's movement model where it can: eight-connected, costs 1 and
//! √2 = `f64::from_bits(0x3FF6A09E667F3BCD)`, a diagonal step only when both orthogonal
//! neighbours are walkable (no corner cutting). Each result's length is checked against the
//! published optimum. See [`contenders`] for the list and each one's movement rules.

pub mod args;
pub mod clock;
pub mod contenders;
pub mod counting;
pub mod maps;
pub mod polyanya_peer;

pub use contenders::{Contender, Runner, all_contenders};
pub use maps::{BenchMap, Query, load_map};
