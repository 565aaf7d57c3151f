//! DIMACS shortest-path files (9th DIMACS Implementation Challenge, Demetrescu, Goldberg &
//! Johnson 2009) and Moving AI maps as graphs (spec: graphs.md, “Verification”).
//!
//! - [`parse_gr`]: a `.gr` graph — `c` comment lines, one problem line `p sp N M`, then `M`
//!   arc lines `a U V W` with 1-based node ids and weights `>= 0` that total at most
//!   [`MAX_WEIGHT_SUM`](onepath::graph::MAX_WEIGHT_SUM). Node ids become `0..N`; arcs keep
//!   file order.
//! - [`parse_co`]: a `.co` coordinate file — `c` comments, `p aux sp co N`, then `v ID X Y`
//!   lines (any order, each node once).
//! - [`map_graph`]: a Moving AI map as a graph: walkable cells as nodes (row-major order),
//!   the eight moves without corner cutting as edges (order N, E, S, W, NE, SE, SW, NW,
//!   orthogonal 1, diagonal `SQRT2`), positions the cell centres.
//!
//! The parsers check every bound before they allocate (the declared counts against
//! [`MAX_NODES`](onepath::graph::MAX_NODES), [`MAX_EDGES`](onepath::graph::MAX_EDGES) and the
//! input length) and name the 1-based line of every error.

mod gr;
mod map_graph;

pub use gr::{DimacsError, DimacsErrorKind, DimacsGraph, parse_co, parse_gr, read_co, read_gr};
pub use map_graph::{MapGraph, map_graph};
