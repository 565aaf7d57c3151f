//! The specialised octile engines (spec: grids.md, “The specialised octile searches”,
//! “Improved pruning”): the common game case — eight moves, no corner
//! cutting, agent size 1, one cost for every cell — with exact integer pair costs, padded maps
//! and 16-byte node records.
//!
//! - [`Pair`]: exact costs `a + b·√2` and the keys computed from them ([`Estimate`]: octile or
//!   zero).
//! - [`OctileAStar`]: A* with decrease-key in a 4-ary heap; walls are permanently closed
//!   records of a padded node array that follows the grid's edit journal.
//! - [`OctileJump`]: jump point search with exact pairs, a 4-ary heap without decrease-key and a
//!   same-f LIFO stack; [`BitFinder`] scans the stop arrays of an [`OctileMap`] (JPS),
//!   [`TableFinder`] reads the JPS+ tables with goal bounding (JPS+). Improved pruning
//!   (Harabor & Grastien 2014; "jps2" / "jps2+") is a tier-2 choice: a constructor flag or
//!   [`OctileJump::try_begin_pruned`] here,
//!   [`GridSearch::set_improved_pruning`](crate::GridSearch::set_improved_pruning) on the
//!   handle; no `GridOptions` field (the one-line API) selects it.
//! - [`SUCCESSORS`] / [`LEGAL`]: the 8 × 256 successor table.
//!
//! Every engine is resumable (`try_begin`, `step(…, budget)`, one iteration = one pop), copies
//! its path into a caller slice (every cell), saves and restores its state byte for byte
//! (snapshot kinds 4 and 5, `docs/snapshot-format.md`) and allocates nothing after the first
//! search of a size.
//!
//! [`GridSearch`](crate::GridSearch) and [`Grid::find_path`](crate::Grid::find_path) choose
//! these engines when a query qualifies and
//! [`GridOptions::specialized_engines`](crate::GridOptions) is on (the default). Costs equal
//! the generic cores'; the path may be another path of the same cost (`docs/determinism.md`,
//! "Which engine breaks ties how").
//!
//! # Examples
//!
//! ```
//! use onepath::fast::{OctileJump, TableFinder};
//! use onepath::jps::JpsPlusIndex;
//! use onepath::search::Step;
//! use onepath::Grid;
//!
//! let grid = Grid::from_text("......\n.####.\n......").unwrap();
//! let tables = JpsPlusIndex::new(&grid).unwrap();
//! let mut jps_plus = OctileJump::<TableFinder>::new();
//! assert_eq!(jps_plus.try_begin(&grid, &tables, 6, 11), onepath::Step::InProgress);
//! while jps_plus.step(&tables, 1) == Step::InProgress {}
//! assert_eq!(jps_plus.cost(), 7.0);
//! assert_eq!(jps_plus.path_len(), 8);
//! ```

mod bit_finder;
mod finder;
mod jump_open;
mod jumps;
mod octile_astar;
mod octile_astar_state;
pub(crate) use octile_astar_state::kind4_bound;
mod octile_jump;
mod octile_jump_state;
pub(crate) use octile_jump_state::kind5_bound;
mod octile_map;
mod padded_records;
mod pair;
mod progress;
mod record;
mod slot_heap;
mod snapshot_head;
mod snapshot_wire;
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
