//! [`Subject`]: one interface over every search that saves and restores snapshots, so that one
//! set of properties (`super::exercise`) runs against each kind: the generic [`AStar`]
//! (kind 2), the [`GridSearch`] handle (kind 3, nesting 2, 4 or 5), [`OctileAStar`] (kind 4)
//! and [`OctileJump`] with either finder (kind 5).

use onepath::fast::{BitFinder, OctileAStar, OctileJump, OctileMap, TableFinder};
use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
use onepath::jps::JpsPlusIndex;
use onepath::search::AStar;
use onepath::state::{HEADER_LEN, StateError};
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, Step};

use crate::paths::step_cost_sum;

/// A resumable search that saves and restores snapshots for one grid.
pub trait Subject {
    /// A new, idle search of the same configuration.
    #[must_use]
    fn fresh(&self, grid: &Grid) -> Self;
    /// Its snapshot.
    fn save(&self, grid: &Grid) -> Vec<u8>;
    /// Restores a snapshot.
    ///
    /// # Errors
    ///
    /// The engine's [`StateError`].
    fn restore(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError>;
    /// Turns the desync trace on for the next search.
    fn record_trace(&mut self);
    /// Starts a search (endpoints must be walkable).
    fn begin(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Step;
    /// At most `budget` iterations.
    fn step(&mut self, grid: &Grid, budget: u32) -> Step;
    /// The current state.
    fn state(&self) -> Step;
    /// The reported cost.
    fn cost(&self) -> f64;
    /// The found path, start first (`None` when the copy failed).
    fn path(&self, grid: &Grid) -> Option<Vec<Cell>>;
    /// Start and goal of the current search, as row-major cell indices.
    fn endpoints(&self, grid: &Grid) -> (u32, u32);
    /// Whether found paths are legal octile paths priced as exact pairs (the specialised
    /// engines validate every hop on restore; the generic core validates structure only).
    fn exact_octile(&self) -> bool;
    /// Whether found paths are chains of eight-connected moves without corner cutting for an
    /// agent of size 1 (what [`octile_steps`](crate::paths::octile_steps) checks): the specialised engines, the generic
    /// A* subject, and the handle under such options.
    fn octile_moves(&self) -> bool {
        self.exact_octile()
    }
    /// The cost a found `path` must report bit for bit, where the subject defines one (the
    /// generic A*: the in-order sum of its topology's step costs, [`step_cost_sum`]); `Err`
    /// names a move the topology does not offer.
    fn path_cost(&self, grid: &Grid, path: &[Cell]) -> Option<Result<f64, String>> {
        let _ = (grid, path);
        None
    }
    /// Whether the path fills in the cells between the nodes the search records (jump point
    /// searches: a path may then hold more cells than the map, up to a side per jump point).
    fn jumps(&self) -> bool {
        false
    }
    /// Whether one search may serve several maps in turn (the jump subjects hold structures
    /// built for one map).
    fn changes_maps(&self) -> bool {
        true
    }
    /// The engine's own invariant check (true when it has none).
    fn check_invariants(&self) -> bool {
        true
    }
    /// Iterations and expansions (the counters a continuation must reproduce bit for bit).
    fn counters(&self) -> (u32, u32);
    /// The move rules found paths follow (agent size, connectivity, diagonal rule).
    fn moves(&self) -> (u8, Connectivity, DiagonalRule) {
        (1, Connectivity::Eight, DiagonalRule::NoCornerCutting)
    }
    /// Whether the search is optimal as restored (weight at most 1; every subject's estimate
    /// is admissible and consistent).
    fn optimal(&self) -> bool {
        true
    }
    /// Whether two optimal answers have the same cost bits (exact pair costs).
    fn exact_cost(&self) -> bool {
        self.exact_octile()
    }
}

/// Fills a vector through a `copy_path`-style call.
fn collect<T: Copy + Default>(
    len: usize,
    copy: impl FnOnce(&mut [T]) -> Option<usize>,
) -> Option<Vec<T>> {
    let mut v = vec![T::default(); len];
    let n = copy(&mut v)?;
    assert_eq!(n, len, "copy_path wrote another length than path_len");
    Some(v)
}

fn cells(grid: &Grid, nodes: &[u32]) -> Vec<Cell> {
    nodes.iter().map(|&n| grid.cell_of(n)).collect()
}

/// Start and goal fields (u32 at `at` and `at + 4` of the payload) of a frame.
fn frame_endpoints(frame: &[u8], at: usize) -> (u32, u32) {
    let u32_at = |i: usize| {
        frame
            .get(HEADER_LEN + i..HEADER_LEN + i + 4)
            .map_or(u32::MAX, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    (u32_at(at), u32_at(at + 4))
}

/// The generic A* over the eight-connected, no-corner-cutting square topology (kind 2).
#[derive(Clone, Debug)]
pub struct GenericAStar(pub AStar<DefaultStepCost, OctileHeuristic>);

impl GenericAStar {
    /// An idle search on `grid`.
    pub fn new(grid: &Grid) -> Self {
        let h = OctileHeuristic::new(grid.width(), grid.areas().min_cost());
        Self(AStar::new(DefaultStepCost, h))
    }
}

fn topology(grid: &Grid) -> SquareTopology<'_> {
    SquareTopology::new(grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting)
        .expect("agent size 1 is valid")
}

impl Subject for GenericAStar {
    fn fresh(&self, grid: &Grid) -> Self {
        Self::new(grid)
    }
    fn save(&self, grid: &Grid) -> Vec<u8> {
        let mut out = vec![0; self.0.state_size()];
        let n = self.0.save_state(grid.content_hash(), &mut out);
        assert_eq!(n, Ok(out.len()), "save_state writes state_size bytes");
        out
    }
    fn restore(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        self.0
            .restore_state(&topology(grid), grid.content_hash(), bytes)
    }
    fn record_trace(&mut self) {
        self.0.set_record_trace(true);
    }
    fn begin(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Step {
        let (s, g) = (grid.index_of(start), grid.index_of(goal));
        self.0.try_begin(
            &topology(grid),
            s.unwrap_or(u32::MAX),
            g.unwrap_or(u32::MAX),
        )
    }
    fn step(&mut self, grid: &Grid, budget: u32) -> Step {
        self.0.step(&topology(grid), budget)
    }
    fn state(&self) -> Step {
        self.0.state()
    }
    fn cost(&self) -> f64 {
        self.0.cost()
    }
    fn path(&self, grid: &Grid) -> Option<Vec<Cell>> {
        collect(self.0.path_len(), |out| self.0.copy_path(out)).map(|p| cells(grid, &p))
    }
    fn endpoints(&self, _grid: &Grid) -> (u32, u32) {
        (self.0.start(), self.0.goal())
    }
    fn exact_octile(&self) -> bool {
        false
    }
    fn octile_moves(&self) -> bool {
        true
    }
    fn path_cost(&self, grid: &Grid, path: &[Cell]) -> Option<Result<f64, String>> {
        Some(step_cost_sum(&topology(grid), grid, path))
    }
    fn counters(&self) -> (u32, u32) {
        (self.0.iterations(), self.0.expansions())
    }
    fn optimal(&self) -> bool {
        self.0.weight() <= 1.0
    }
}

/// The [`GridSearch`] handle (kind 3).
#[derive(Clone, Debug)]
pub struct Handle(pub GridSearch);

impl Handle {
    /// An idle handle with `options` (valid presets only).
    pub fn new(options: GridOptions) -> Self {
        Self(GridSearch::new(options).expect("preset options are valid"))
    }

    /// The handle with improved pruning on or off for its next searches.
    #[must_use]
    pub fn with_improved_pruning(self, on: bool) -> Self {
        Self(self.0.with_improved_pruning(on))
    }
}

impl Subject for Handle {
    fn fresh(&self, _grid: &Grid) -> Self {
        Self::new(*self.0.options()).with_improved_pruning(self.0.improved_pruning())
    }
    fn save(&self, grid: &Grid) -> Vec<u8> {
        let mut out = vec![0; self.0.state_size()];
        let n = self.0.save_state(grid, &mut out);
        assert_eq!(n, Ok(out.len()), "save_state writes state_size bytes");
        out
    }
    fn restore(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        self.0.restore_state(grid, bytes)
    }
    fn record_trace(&mut self) {
        self.0.set_record_trace(true);
    }
    fn begin(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Step {
        self.0.try_begin(grid, start, goal)
    }
    fn step(&mut self, grid: &Grid, budget: u32) -> Step {
        self.0
            .step(grid, budget)
            .expect("the grid did not change since the search began")
    }
    fn state(&self) -> Step {
        self.0.state()
    }
    fn cost(&self) -> f64 {
        self.0.cost()
    }
    fn path(&self, _grid: &Grid) -> Option<Vec<Cell>> {
        collect(self.0.path_len(), |out| self.0.copy_path(out))
    }
    fn endpoints(&self, grid: &Grid) -> (u32, u32) {
        let saved = self.save(grid);
        let nested = saved.get(crate::frame::NESTED_AT..).unwrap_or(&[]);
        // Kind 2: node count, start, goal; kinds 4 and 5: width, height, start, goal.
        let at = if crate::frame::kind(nested) == Some(2) {
            4
        } else {
            8
        };
        frame_endpoints(nested, at)
    }
    fn exact_octile(&self) -> bool {
        self.0.specialized()
    }
    fn jumps(&self) -> bool {
        // JPS and JPS+ options may run A* (a map they do not apply to): counted as jumping.
        self.0.options().algorithm != GridAlgorithm::AStar
    }
    fn octile_moves(&self) -> bool {
        // The options are the restored snapshot's.
        let o = self.0.options();
        o.connectivity == Connectivity::Eight
            && o.diagonal_rule == DiagonalRule::NoCornerCutting
            && o.agent_size == 1
    }
    fn check_invariants(&self) -> bool {
        !self.0.specialized() || self.0.octile_astar().check_invariants()
    }
    fn counters(&self) -> (u32, u32) {
        (self.0.iterations(), self.0.expansions())
    }
    fn moves(&self) -> (u8, Connectivity, DiagonalRule) {
        let o = self.0.options();
        (o.agent_size, o.connectivity, o.diagonal_rule)
    }
    fn optimal(&self) -> bool {
        let o = self.0.options();
        o.weight <= 1.0
            && matches!(
                o.algorithm,
                GridAlgorithm::AStar | GridAlgorithm::Jps | GridAlgorithm::JpsPlus
            )
    }
}

/// [`OctileAStar`] (kind 4).
#[derive(Clone, Debug, Default)]
pub struct FastAStar(pub OctileAStar);

impl Subject for FastAStar {
    fn fresh(&self, _grid: &Grid) -> Self {
        Self::default()
    }
    fn save(&self, grid: &Grid) -> Vec<u8> {
        let mut out = vec![0; self.0.state_size()];
        let n = self.0.save_state(grid, &mut out);
        assert_eq!(n, Ok(out.len()), "save_state writes state_size bytes");
        out
    }
    fn restore(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        self.0.restore_state(grid, bytes)
    }
    fn record_trace(&mut self) {
        self.0.set_record_trace(true);
    }
    fn begin(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Step {
        let (s, g) = (grid.index_of(start), grid.index_of(goal));
        self.0
            .try_begin(grid, s.unwrap_or(u32::MAX), g.unwrap_or(u32::MAX))
    }
    fn step(&mut self, _grid: &Grid, budget: u32) -> Step {
        self.0.step(budget)
    }
    fn state(&self) -> Step {
        self.0.state()
    }
    fn cost(&self) -> f64 {
        self.0.cost()
    }
    fn path(&self, grid: &Grid) -> Option<Vec<Cell>> {
        collect(self.0.path_len(), |out| self.0.copy_path(out)).map(|p| cells(grid, &p))
    }
    fn endpoints(&self, _grid: &Grid) -> (u32, u32) {
        (self.0.start(), self.0.goal())
    }
    fn exact_octile(&self) -> bool {
        true
    }
    fn check_invariants(&self) -> bool {
        self.0.check_invariants()
    }
    fn counters(&self) -> (u32, u32) {
        (self.0.iterations(), self.0.expansions())
    }
}

/// Defines a [`Subject`] over [`OctileJump`] with a finder and the map structure it reads.
macro_rules! jump_subject {
    ($(#[$doc:meta])* $name:ident, $finder:ty, $maps:ty, $build:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name {
            /// The engine.
            pub engine: OctileJump<$finder>,
            /// The structure its finder reads, built for the grid.
            pub maps: $maps,
        }

        impl $name {
            /// An idle search on `grid`.
            pub fn new(grid: &Grid) -> Self {
                Self {
                    engine: OctileJump::new(),
                    maps: $build(grid),
                }
            }
        }

        impl Subject for $name {
            fn fresh(&self, grid: &Grid) -> Self {
                Self::new(grid)
            }
            fn save(&self, grid: &Grid) -> Vec<u8> {
                let mut out = vec![0; self.engine.state_size()];
                let n = self.engine.save_state(grid, &mut out);
                assert_eq!(n, Ok(out.len()), "save_state writes state_size bytes");
                out
            }
            fn restore(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
                self.engine.restore_state(grid, bytes)
            }
            fn record_trace(&mut self) {
                self.engine.set_record_trace(true);
            }
            fn begin(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Step {
                let (s, g) = (grid.index_of(start), grid.index_of(goal));
                self.engine.try_begin(
                    grid,
                    &self.maps,
                    s.unwrap_or(u32::MAX),
                    g.unwrap_or(u32::MAX),
                )
            }
            fn step(&mut self, _grid: &Grid, budget: u32) -> Step {
                self.engine.step(&self.maps, budget)
            }
            fn state(&self) -> Step {
                self.engine.state()
            }
            fn cost(&self) -> f64 {
                self.engine.cost()
            }
            fn path(&self, grid: &Grid) -> Option<Vec<Cell>> {
                collect(self.engine.path_len(), |out| self.engine.copy_path(out))
                    .map(|p| cells(grid, &p))
            }
            fn endpoints(&self, _grid: &Grid) -> (u32, u32) {
                (self.engine.start(), self.engine.goal())
            }
            fn exact_octile(&self) -> bool {
                true
            }
            fn jumps(&self) -> bool {
                true
            }
            fn changes_maps(&self) -> bool {
                false
            }
            fn check_invariants(&self) -> bool {
                self.engine.check_invariants()
            }
            fn counters(&self) -> (u32, u32) {
                (self.engine.iterations(), self.engine.expansions())
            }
        }
    };
}

jump_subject!(
    /// [`OctileJump`] over bit scans (JPS, kind 5).
    FastJps,
    BitFinder,
    OctileMap,
    OctileMap::new
);

jump_subject!(
    /// [`OctileJump`] over the JPS+ tables (kind 5).
    FastJpsPlus,
    TableFinder,
    JpsPlusIndex,
    |g: &Grid| JpsPlusIndex::new(g).expect("the fixed maps fit the JPS+ tables")
);
