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

mod bit_finder;
mod finder;
mod jump_open;
mod octile_astar;
mod octile_astar_state;
mod octile_jump;
mod octile_jump_state;
mod octile_map;
mod padded_records;
mod pair;
mod record;
mod slot_heap;
mod successors;
mod table_finder;

pub use bit_finder::BitFinder;
pub use finder::Finder;
pub use octile_astar::OctileAStar;
pub use octile_jump::OctileJump;
pub use octile_map::OctileMap;
pub use pair::{Estimate, Pair};
pub use successors::{LEGAL, SUCCESSORS};
pub use table_finder::TableFinder;
