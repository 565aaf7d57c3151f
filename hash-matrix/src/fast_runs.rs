//! The specialised octile engines of `onepath::fast`, driven directly (family `grids/fast`):
//! one wrapper over `OctileAStar`, `OctileJump<BitFinder>` and `OctileJump<TableFinder>` (each
//! jump point search with plain or improved pruning), the jump point structures they read, and
//! the runs — in slices, with an iteration budget, saved after k pops and restored into another
//! engine — that turn a query into a [`QueryRecord`].
//!
//! Every run records its expansions (`expanded=`, `expanded_fnv=`: cells for A*, jump points
//! for JPS and JPS+), so a record pins the expansion order as well as the counts.

use onepath::fast::{BitFinder, Estimate, Finder, OctileAStar, OctileJump, OctileMap, TableFinder};
use onepath::jps::JpsPlusIndex;
use onepath::search::Step;
use onepath::state::{KIND_OCTILE_ASTAR, KIND_OCTILE_JUMP, StateError};
use onepath::{Grid, PathStatus};

use crate::digest::{Digest, Fnv64};
use crate::record::{QueryRecord, StructureRecord};

/// The five engines of the family, named as its scenarios are (`grids/fast/<name>/<map>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// `OctileAStar`: the one-line octile A* (snapshot kind 4).
    AStar,
    /// `OctileJump<BitFinder>` over an `OctileMap` (kind 5, finder 0).
    Jps,
    /// `OctileJump<BitFinder>::with_improved_pruning(true)`.
    JpsImproved,
    /// `OctileJump<TableFinder>` over a `JpsPlusIndex` (kind 5, finder 1).
    JpsPlus,
    /// `OctileJump<TableFinder>::with_improved_pruning(true)`.
    JpsPlusImproved,
}

impl EngineKind {
    /// Every engine, in scenario order.
    pub const ALL: [Self; 5] = [
        Self::AStar,
        Self::Jps,
        Self::JpsImproved,
        Self::JpsPlus,
        Self::JpsPlusImproved,
    ];

    /// The scenario-name part: `astar`, `jps`, `jps-improved`, `jps+`, `jps+-improved`.
    pub fn name(self) -> &'static str {
        match self {
            Self::AStar => "astar",
            Self::Jps => "jps",
            Self::JpsImproved => "jps-improved",
            Self::JpsPlus => "jps+",
            Self::JpsPlusImproved => "jps+-improved",
        }
    }

    /// Whether the engine runs with improved pruning.
    pub fn improved(self) -> bool {
        matches!(self, Self::JpsImproved | Self::JpsPlusImproved)
    }

    /// The snapshot kind the engine writes (4 or 5).
    pub fn snapshot_kind(self) -> u16 {
        match self {
            Self::AStar => KIND_OCTILE_ASTAR,
            _ => KIND_OCTILE_JUMP,
        }
    }

    /// A new engine of this kind with `estimate`, recording its expansions.
    pub fn engine(self, estimate: Estimate) -> Engine {
        let mut e = match self {
            Self::AStar => Engine::AStar(OctileAStar::new()),
            Self::Jps | Self::JpsImproved => {
                Engine::Bits(OctileJump::with_improved_pruning(self.improved()))
            }
            Self::JpsPlus | Self::JpsPlusImproved => {
                Engine::Tables(OctileJump::with_improved_pruning(self.improved()))
            }
        };
        e.set_estimate(estimate);
        e.set_record_expansions(true);
        e
    }

    /// An engine of the same finder that differs from `self`'s engines with `estimate` in
    /// every setting a snapshot carries (estimate, pruning, recording, trace when `trace` is
    /// what the saved engine had): a snapshot restored into it must bring them all back.
    pub fn contrary(self, estimate: Estimate, trace: bool) -> Engine {
        let other = match estimate {
            Estimate::Octile => Estimate::Zero,
            Estimate::Zero => Estimate::Octile,
        };
        let mut e = match self {
            Self::AStar => Engine::AStar(OctileAStar::new()),
            Self::Jps | Self::JpsImproved => {
                Engine::Bits(OctileJump::with_improved_pruning(!self.improved()))
            }
            Self::JpsPlus | Self::JpsPlusImproved => {
                Engine::Tables(OctileJump::with_improved_pruning(!self.improved()))
            }
        };
        e.set_estimate(other);
        e.set_record_expansions(false);
        e.set_record_trace(!trace);
        e
    }

    /// An engine that must refuse this kind's snapshots: the A* for the jump point
    /// searches, the other finder's jump point search for the A* and for each finder.
    pub fn mismatched(self) -> Engine {
        match self {
            Self::AStar | Self::JpsPlus | Self::JpsPlusImproved => Engine::Bits(OctileJump::new()),
            Self::Jps | Self::JpsImproved => Engine::Tables(OctileJump::new()),
        }
    }
}

/// The structures the jump point searches read: the `OctileMap` (JPS) and the
/// `JpsPlusIndex` (JPS+). Only the one the engine reads is built (the other stays empty); the
/// A* keeps its own padded copy of the walls and reads neither.
#[derive(Clone, Debug, Default)]
pub struct Maps {
    /// Neighbour bytes, bit lines and stop arrays (JPS).
    pub octile: OctileMap,
    /// The JPS+ tables (JPS+).
    pub index: JpsPlusIndex,
}

impl Maps {
    /// A fresh build for `grid` of the structure `kind` reads.
    ///
    /// # Panics
    ///
    /// When a side is above the JPS+ limit (no scenario of the family has one).
    pub fn new(kind: EngineKind, grid: &Grid) -> Self {
        let mut m = Self::default();
        match kind {
            EngineKind::AStar => {}
            EngineKind::Jps | EngineKind::JpsImproved => m.octile = OctileMap::new(grid),
            EngineKind::JpsPlus | EngineKind::JpsPlusImproved => {
                m.index = JpsPlusIndex::new(grid).expect("sides within the JPS+ limit");
            }
        }
        m
    }

    /// The record of the `OctileMap` (see [`crate::record`]: neighbour bytes, then the four
    /// straight scans of every walkable cell with the cell itself as the goal).
    pub fn octile_record(&self) -> StructureRecord {
        let m = &self.octile;
        let (w, h) = (m.width(), m.height());
        let mut fnv = Fnv64::new();
        let mut n = 0u32;
        for y in 0..h {
            for x in 0..w {
                fnv.write(&[m.neighbor_byte(x, y)]);
                n += 1;
            }
        }
        for y in 0..h {
            for x in 0..w {
                if m.walkable(i64::from(x), i64::from(y)) {
                    for d in 0..4 {
                        fnv.write_u32(BitFinder::straight(m, x, y, d, (x, y)));
                        n += 1;
                    }
                }
            }
        }
        StructureRecord {
            key: "scans",
            bytes: m.bytes() as u64,
            values: Digest {
                len: n,
                fnv: fnv.finish(),
            },
        }
    }

    /// The record of the `JpsPlusIndex` (its raw tables, i16 little-endian).
    pub fn index_record(&self) -> StructureRecord {
        let raw = self.index.raw();
        let mut fnv = Fnv64::new();
        for v in raw {
            fnv.write(&v.to_le_bytes());
        }
        StructureRecord {
            key: "tables",
            bytes: self.index.bytes() as u64,
            values: Digest {
                len: u32::try_from(raw.len()).expect("fewer than 2^32 entries"),
                fnv: fnv.finish(),
            },
        }
    }
}

/// One specialised engine.
#[derive(Clone, Debug)]
pub enum Engine {
    /// The one-line octile A*.
    AStar(OctileAStar),
    /// JPS over stop bits.
    Bits(OctileJump<BitFinder>),
    /// JPS+ over the tables.
    Tables(OctileJump<TableFinder>),
}

/// Calls the same method on whichever engine `$e` holds.
macro_rules! each {
    ($e:expr, $x:ident => $body:expr) => {
        match $e {
            Engine::AStar($x) => $body,
            Engine::Bits($x) => $body,
            Engine::Tables($x) => $body,
        }
    };
}

impl Engine {
    /// Sets the estimate for the next searches.
    pub fn set_estimate(&mut self, estimate: Estimate) {
        each!(self, e => e.set_estimate(estimate));
    }

    /// The estimate.
    pub fn estimate(&self) -> Estimate {
        each!(self, e => e.estimate())
    }

    /// Improved pruning (`None` for the A*).
    pub fn improved_pruning(&self) -> Option<bool> {
        match self {
            Self::AStar(_) => None,
            Self::Bits(e) => Some(e.improved_pruning()),
            Self::Tables(e) => Some(e.improved_pruning()),
        }
    }

    /// Expansion recording on or off for the next searches.
    pub fn set_record_expansions(&mut self, on: bool) {
        each!(self, e => e.set_record_expansions(on));
    }

    /// The desync trace on or off for the next searches.
    pub fn set_record_trace(&mut self, on: bool) {
        each!(self, e => e.set_record_trace(on));
    }

    /// `try_begin` with the structure the engine reads.
    pub fn try_begin(&mut self, grid: &Grid, maps: &Maps, start: u32, goal: u32) -> Step {
        match self {
            Self::AStar(e) => e.try_begin(grid, start, goal),
            Self::Bits(e) => e.try_begin(grid, &maps.octile, start, goal),
            Self::Tables(e) => e.try_begin(grid, &maps.index, start, goal),
        }
    }

    /// `step` with the structure the engine reads.
    pub fn step(&mut self, maps: &Maps, budget: u32) -> Step {
        match self {
            Self::AStar(e) => e.step(budget),
            Self::Bits(e) => e.step(&maps.octile, budget),
            Self::Tables(e) => e.step(&maps.index, budget),
        }
    }

    /// The current state.
    pub fn state(&self) -> Step {
        each!(self, e => e.state())
    }

    /// `save_state` into a buffer of `state_size` bytes.
    ///
    /// # Panics
    ///
    /// When the engine writes another size than `state_size` announced.
    pub fn save(&self, grid: &Grid) -> Vec<u8> {
        let size = each!(self, e => e.state_size());
        let mut bytes = vec![0u8; size];
        let n = each!(self, e => e.save_state(grid, &mut bytes)).expect("buffer of state_size");
        assert_eq!(n, size, "save_state wrote another size than state_size");
        bytes
    }

    /// `restore_state`.
    ///
    /// # Errors
    ///
    /// As the engine's `restore_state`.
    pub fn restore(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        each!(self, e => e.restore_state(grid, bytes))
    }

    /// The record of the engine's search as it stands: status, cost bits, counts, path and
    /// expanded cells (or jump points).
    ///
    /// # Panics
    ///
    /// When the engine is idle (no search to record).
    pub fn outcome(&self) -> QueryRecord {
        let status = match self.state() {
            Step::Found => PathStatus::Found,
            Step::NoPath => PathStatus::NoPath,
            Step::InProgress => PathStatus::BudgetExhausted,
            other => panic!("no outcome in state {other:?}"),
        };
        let (cost, iterations, expansions, path) =
            each!(self, e => (e.cost(), e.iterations(), e.expansions(), e.path()));
        QueryRecord {
            status,
            cost_bits: cost.to_bits(),
            iterations,
            expansions,
            path: Digest::of_u32s(&path),
            algorithm: None,
            expanded: None,
            snapshot: None,
        }
        .with_expanded(each!(self, e => e.expanded_nodes()))
    }
}

/// The record of a query `try_begin` refused (`StartInvalid` / `GoalInvalid`): nothing ran,
/// nothing was expanded.
///
/// # Panics
///
/// When `step` is not a refusal.
pub fn refused(step: Step) -> QueryRecord {
    let status = match step {
        Step::StartInvalid => PathStatus::StartInvalid,
        Step::GoalInvalid => PathStatus::GoalInvalid,
        other => panic!("{other:?} is not a refusal"),
    };
    QueryRecord::refused(status).with_expanded(&[])
}

/// `try_begin`, then at most `total` iterations in calls of `slice` (the last call takes what
/// is left), stopping when the search does; `u32::MAX` total runs to the end.
pub fn run(
    engine: &mut Engine,
    grid: &Grid,
    maps: &Maps,
    (start, goal): (u32, u32),
    (total, slice): (u32, u32),
) -> QueryRecord {
    let begun = engine.try_begin(grid, maps, start, goal);
    if begun != Step::InProgress {
        return refused(begun);
    }
    let mut left = total;
    let mut state = begun;
    while state == Step::InProgress && left > 0 {
        let b = slice.min(left);
        state = engine.step(maps, b);
        if total != u32::MAX {
            left -= b;
        }
    }
    engine.outcome()
}

/// Checks a snapshot's header (kind 4 or 5 as the engine writes, format 1) and restores it into
/// `target`, which must then hold the saved settings and save the same bytes again; an engine
/// of another kind or finder must refuse the bytes and stay as it was.
///
/// # Panics
///
/// On any of those failures, naming `label`.
pub fn restore_checked(
    kind: EngineKind,
    target: &mut Engine,
    saved: &Engine,
    grid: &Grid,
    bytes: &[u8],
    label: &str,
) {
    assert_eq!(&bytes[..4], b"OPSN", "{label}: snapshot magic");
    let k = u16::from_le_bytes([bytes[6], bytes[7]]);
    assert_eq!(k, kind.snapshot_kind(), "{label}: snapshot kind");
    if let Err(e) = target.restore(grid, bytes) {
        panic!("{label}: restoring its own snapshot failed: {e:?}");
    }
    assert_eq!(
        (target.estimate(), target.improved_pruning()),
        (saved.estimate(), saved.improved_pruning()),
        "{label}: the snapshot did not carry the settings"
    );
    assert!(
        target.save(grid) == bytes,
        "{label}: a restored engine saves other bytes than it was restored from"
    );
    let mut other = kind.mismatched();
    let before = other.save(grid);
    assert!(
        other.restore(grid, bytes).is_err(),
        "{label}: an engine of another kind accepted the snapshot"
    );
    assert!(
        other.save(grid) == before,
        "{label}: a refused restore changed the engine"
    );
}
