//! The specialised octile engines (`grids.md`, "The specialised octile searches (one-line A*,
//! JPS, JPS+; Grids/Fast/)"): the common game case — eight moves, no corner cutting, agent size
//! 1, one cost for every cell — with exact integer pair costs, a padded map and 16-byte node
//! records.
//!
//! - [`Pair`]: exact costs `a + b·√2` and the keys computed from them.
//! - [`OctileAStar`]: A* with decrease-key in a 4-ary heap; walls are permanently closed
//!   records of a padded node array.
//!
//! Tier 3: [`GridSearch`](crate::GridSearch) and [`Grid::find_path`](crate::Grid::find_path)
//! choose these engines when a query qualifies and
//! [`GridOptions::specialized_engines`](crate::GridOptions) is on (the default); costs equal the
//! generic cores', the path may be another path of the same cost (`docs/determinism.md`,
//! "Which engine breaks ties how").

mod jump_open;
mod octile_astar;
mod padded_records;
mod pair;
mod record;
mod slot_heap;

pub use octile_astar::OctileAStar;
pub use pair::{Estimate, Pair};
