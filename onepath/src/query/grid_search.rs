//! [`GridSearch`]: the non-generic, resumable grid search handle for lockstep and rollback
//! hosts (spec: grids.md, “Host API”).
//!
//! `try_begin` → `step(grid, n)` per tick → `copy_path`; `save_state` / `restore_state` at any
//! point. It chooses its engine exactly as [`Grid::find_path`] does, from the one selection
//! table (`selection.rs`): when the query qualifies for jump point search (eight moves, no
//! corner cutting, agent size 1, one multiplier for every area, weight 1, octile or zero
//! estimate) and [`GridOptions::specialized_engines`] is on, the specialised octile engine of
//! the requested family ([`OctileAStar`], or [`OctileJump`] over bit scans for JPS and over
//! the JPS+ tables for JPS+); otherwise the generic A*, or the generic jump point search over
//! the block map (JPS) or the JPS+ tables when asked for and the query qualifies.
//! `find_path(start, goal, o)` is exactly `try_begin` then `step(o.iteration_budget)`, so for
//! every slicing the handle returns cell for cell what `find_path` returns, with the same
//! counts and cost bits. One iteration of a jump point search is one pop of a jump point (the
//! scans are not counted).
//!
//! # Memory
//!
//! After the first search on a grid of a given size, `try_begin`, `step`, `copy_path`,
//! `state_size`, `save_state` and `restore_state` allocate nothing (tested with a counting
//! allocator), unless expansion recording or tracing grows its list. Derived structures
//! (clearance, block map, JPS+ tables, the octile map; the octile A*'s padded walls) follow the
//! grid's [`revision`](Grid::revision) and edit journal, repaired or rebuilt in place when it
//! changes. [`GridSearch::prepare`] does that building and sizing ahead of the first query.

use super::any_heuristic::AnyHeuristic;
use super::hpa_query::{HpaQuery, check_chunk_size};
use super::options::{GridAlgorithm, GridOptions, HeuristicKind};
use super::path::{GridPath, PathStatus};
use super::runner::{
    check_weight, check_weight_fits, corner_pairs, pack_path, resolve_square_heuristic,
};
use super::selection::{Engine, Selection, select};
use crate::error::QueryError;
use crate::fast::{BitFinder, Estimate, OctileAStar, OctileJump, OctileMap, TableFinder};
use crate::grid::{Cell, ClearanceMap, Grid, SquareTopology};
use crate::jps::{BlockJumper, BlockMap, JpsPlusIndex, JumpTopology, TableJumper};
use crate::search::{AStar, CANCEL_SLICE, SearchBuffers, Step};
use crate::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
use crate::topology::{DefaultStepCost, Topology};

/// Evaluates `$body` with `$t` bound to the topology of the resolved engine (a macro because
/// the topologies are different types and closures cannot be generic).
macro_rules! with_topology {
    ($grid:expr, $options:expr, $running:expr, $caches:expr, $goal:expr, |$t:ident| $body:expr) => {{
        let grid: &Grid = $grid;
        let caches: &Caches = $caches;
        let m = grid.areas().min_cost();
        let goal = grid.cell_of(($goal).min(grid.cell_count().saturating_sub(1)));
        match $running {
            GridAlgorithm::Jps => {
                let $t = &JumpTopology::new(grid, BlockJumper::new(&caches.blocks), goal, m);
                $body
            }
            GridAlgorithm::JpsPlus => {
                let $t = &JumpTopology::new(grid, TableJumper::new(&caches.tables), goal, m);
                $body
            }
            _ => {
                let o: &GridOptions = $options;
                let clearance = if o.agent_size > 1 {
                    caches.clearance.values()
                } else {
                    grid.cells()
                };
                let $t = &SquareTopology::borrowed(
                    grid,
                    o.agent_size,
                    o.connectivity,
                    o.diagonal_rule,
                    clearance,
                );
                $body
            }
        }
    }};
}

/// A resumable grid search you keep between ticks (tier 1).
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
/// let grid = Grid::from_text("......\n.####.\n......").unwrap();
/// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
/// assert_eq!(search.try_begin(&grid, Cell::new(0, 1), Cell::new(5, 1)), Step::InProgress);
/// // Five iterations per simulation tick:
/// while search.step(&grid, 5).unwrap() == Step::InProgress {}
/// let mut path = [Cell::default(); 32];
/// let n = search.copy_path(&mut path).unwrap();
/// assert_eq!(path[0], Cell::new(0, 1));
/// assert_eq!(path[n - 1], Cell::new(5, 1));
/// ```
#[derive(Clone, Debug)]
pub struct GridSearch {
    pub(super) options: GridOptions,
    /// The generic engine (A*, or A* over jump points).
    pub(super) engine: AStar<DefaultStepCost, AnyHeuristic>,
    /// The specialised engines; each keeps its buffers between searches.
    pub(super) octile: OctileAStar,
    pub(super) jps: OctileJump<BitFinder>,
    pub(super) jps_plus: OctileJump<TableFinder>,
    /// The any-angle engine (Theta*, or Lazy Theta* with re-queueing).
    pub(super) theta: ThetaSearch<EuclideanHeuristic>,
    /// HPA*: its cached hierarchies and search.
    pub(super) hpa: HpaQuery,
    /// Improved pruning for the next searches of the specialised jump engines (tier 2; see
    /// [`set_improved_pruning`](GridSearch::set_improved_pruning)).
    pub(super) improved: bool,
    /// The family the bound query runs (options resolved against the grid).
    running: GridAlgorithm,
    /// The engine that runs it.
    pub(super) active: Engine,
    pub(super) caches: Caches,
    pub(super) bound_version: u64,
    bound_revision: u64,
    pub(super) bound_width: u32,
    pub(super) bound_height: u32,
    /// The last engine selection and what it was made for (grid revision, options): a query
    /// on the same revision with the same options skips the selection table (whose area
    /// scan was a tenth of a small-map JPS+ query).
    pub(super) selected: Option<(u64, GridOptions, Selection)>,
    /// What the last `try_begin` refused while no search ran (`StartInvalid` / `GoalInvalid`),
    /// so that [`to_path`](GridSearch::to_path) reports it; cleared by a begin or restore.
    refusal: Option<Step>,
    /// Set by `try_begin` when the weight is too large for the grid: `step` reports it.
    weight_error: Option<QueryError>,
}

/// Structures derived from a grid, each with the grid revision it was built for (0 = none).
#[derive(Clone, Debug, Default)]
pub(super) struct Caches {
    /// Follows the grid through its edit journal: repaired after edits, not recomputed.
    clearance: ClearanceMap,
    /// Follows the grid's edit journal (a bit per changed cell).
    blocks: BlockMap,
    /// Follows the grid's edit journal (incremental JPS+ repair).
    pub(super) tables: JpsPlusIndex,
    /// Follows the grid's edit journal (the specialised JPS's map; JPS+ reads `tables`).
    pub(super) octile: OctileMap,
}

/// The grid and engine a handle is bound to (see [`GridSearch::binding`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Binding {
    options: GridOptions,
    running: GridAlgorithm,
    active: Engine,
    version: u64,
    revision: u64,
    width: u32,
    height: u32,
}

/// Answers "may a search start or end here" for snapshot validation without a clearance map.
pub(super) struct EndpointCheck<'g> {
    pub(super) grid: &'g Grid,
    pub(super) agent_size: u8,
}

impl Topology for EndpointCheck<'_> {
    fn node_count(&self) -> u32 {
        self.grid.cell_count()
    }
    fn is_walkable(&self, node: u32) -> bool {
        node < self.grid.cell_count() && self.grid.can_fit(self.grid.cell_of(node), self.agent_size)
    }
    fn for_each_neighbor<F: FnMut(u32, f64)>(&self, _node: u32, _visit: F) {}
}

/// The any-angle engine's estimate for `options` on `grid`: Euclidean, scaled by the unit
/// cost, or zero (scale 0) when the zero estimate was asked for.
pub(super) fn theta_heuristic(options: &GridOptions, grid: &Grid) -> EuclideanHeuristic {
    let scale = if options.heuristic == HeuristicKind::Zero {
        0.0
    } else {
        grid.areas().min_cost()
    };
    EuclideanHeuristic::new(grid.width(), scale)
}

/// The any-angle variant of a family (Lazy Theta* runs with re-queueing).
pub(super) fn theta_variant(family: GridAlgorithm) -> ThetaVariant {
    if family == GridAlgorithm::LazyThetaStar {
        ThetaVariant::LazyRequeue
    } else {
        ThetaVariant::Theta
    }
}

/// The specialised engines' estimate for `options` (octile unless zero was asked for).
fn estimate_for(options: &GridOptions) -> Estimate {
    if options.heuristic == HeuristicKind::Zero {
        Estimate::Zero
    } else {
        Estimate::Octile
    }
}

impl GridSearch {
    /// A handle for queries under `options`.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidWeight`], [`QueryError::InvalidAgentSize`] (0),
    /// [`QueryError::HeuristicNotSupported`] (hex distance).
    ///
    /// # Complexity
    ///
    /// O(1); nothing map-sized is allocated before the first `try_begin` or
    /// [`prepare`](GridSearch::prepare).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch, HeuristicKind, QueryError, Step};
    /// let mut search = GridSearch::new(GridOptions::FOUR_CONNECTED).unwrap();
    /// let grid = Grid::new(5, 5).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(4, 4));
    /// assert_eq!(search.run_cancellable(&grid, || false), Ok(Step::Found));
    /// assert_eq!(search.cost(), 8.0);
    /// // Options that cannot run are refused here, not at the first step.
    /// let hex_on_square = GridOptions::DEFAULT.with_heuristic(HeuristicKind::HexDistance);
    /// assert_eq!(GridSearch::new(hex_on_square).unwrap_err(), QueryError::HeuristicNotSupported);
    /// ```
    pub fn new(options: GridOptions) -> Result<Self, QueryError> {
        Self::check_options(&options)?;
        let heuristic = resolve_square_heuristic(&options, 1, 1.0)?;
        let mut engine = AStar::new(DefaultStepCost, heuristic).with_weight(options.weight)?;
        engine.set_record_expansions(options.record_expansions);
        Ok(Self {
            options,
            engine,
            octile: OctileAStar::new(),
            jps: OctileJump::new(),
            jps_plus: OctileJump::new(),
            theta: ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(1, 1.0))
                .with_weight(options.weight)?,
            hpa: HpaQuery::default(),
            improved: false,
            running: GridAlgorithm::AStar,
            active: Engine::Generic,
            caches: Caches::default(),
            bound_version: 0,
            bound_revision: 0,
            bound_width: 0,
            bound_height: 0,
            selected: None,
            refusal: None,
            weight_error: None,
        })
    }

    /// Gives the handle new options, keeping its buffers and derived structures (what the
    /// tier-1 queries do with a pooled handle). The next [`try_begin`](Self::try_begin)
    /// resolves the engine for them.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new); nothing changes then.
    pub(crate) fn set_options(&mut self, options: GridOptions) -> Result<(), QueryError> {
        Self::check_options(&options)?;
        self.options = options;
        self.configure_engines();
        Ok(())
    }

    /// Lends the generic engine's buffers (tier-1 queries with hooks run their own `AStar`
    /// in them); give them back with [`put_generic_buffers`](Self::put_generic_buffers).
    /// The handle is idle afterwards.
    pub(crate) fn take_generic_buffers(&mut self) -> SearchBuffers {
        self.engine.make_idle();
        self.active = Engine::Generic;
        core::mem::take(self.engine.buffers_mut())
    }

    /// Gives back what [`take_generic_buffers`](Self::take_generic_buffers) lent.
    pub(crate) fn put_generic_buffers(&mut self, buffers: SearchBuffers) {
        *self.engine.buffers_mut() = buffers;
        self.engine.make_idle();
    }

    pub(crate) fn check_options(options: &GridOptions) -> Result<(), QueryError> {
        check_weight(options)?;
        if options.agent_size == 0 {
            return Err(QueryError::InvalidAgentSize { size: 0, max: 255 });
        }
        check_chunk_size(options)?;
        resolve_square_heuristic(options, 1, 1.0).map(|_| ())
    }

    /// Gives every engine the options' weight, expansion recording and estimate (what `new`
    /// and `try_begin` set); used when a restore adopts another handle's options.
    pub(super) fn configure_engines(&mut self) {
        // Cannot fail: the options passed `check_options`.
        let _ = self.engine.set_weight(self.options.weight);
        let (estimate, record) = (estimate_for(&self.options), self.options.record_expansions);
        self.engine.set_record_expansions(record);
        self.octile.set_estimate(estimate);
        self.octile.set_record_expansions(record);
        self.jps.set_estimate(estimate);
        self.jps.set_record_expansions(record);
        self.jps_plus.set_estimate(estimate);
        self.jps_plus.set_record_expansions(record);
        let _ = self.theta.set_weight(self.options.weight);
        self.theta.set_record_expansions(record);
    }

    /// The handle with improved pruning on or off (tier 2; see
    /// [`set_improved_pruning`](GridSearch::set_improved_pruning)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch};
    /// let options = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus);
    /// let jps2_plus = GridSearch::new(options).unwrap().with_improved_pruning(true);
    /// assert!(jps2_plus.improved_pruning());
    /// ```
    #[must_use]
    pub fn with_improved_pruning(mut self, on: bool) -> Self {
        self.set_improved_pruning(on);
        self
    }

    /// Turns improved pruning (Harabor & Grastien 2014, "jps2" / "jps2+") on or off for the
    /// next searches of the specialised jump engines (tier 2: the one-line API and
    /// [`GridOptions`] have no such field and always prune plainly). It applies when the
    /// query runs JPS or JPS+ on a specialised engine ([`specialized`](Self::specialized)
    /// after `try_begin`); the generic cores ignore it. Improved pruning finds a path of the
    /// same cost with fewer jump points; the path and the counts may differ from plain
    /// pruning's.
    ///
    /// The pruning of a search is fixed when it begins: a search in progress keeps its own
    /// (a snapshot records both, so a restored handle continues it and then begins new
    /// searches with the saved setting).
    ///
    /// # Determinism
    ///
    /// Part of the handle's state: peers in lockstep must use the same setting (it is saved
    /// in [`save_state`](Self::save_state) and adopted by
    /// [`restore_state`](Self::restore_state)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, Step};
    /// let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// let options = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps);
    /// let mut plain = GridSearch::new(options).unwrap();
    /// let mut improved = GridSearch::new(options).unwrap();
    /// improved.set_improved_pruning(true);
    /// for s in [&mut plain, &mut improved] {
    ///     assert_eq!(s.try_begin(&grid, Cell::new(0, 0), Cell::new(7, 3)), onepath::Step::InProgress);
    ///     assert_eq!(s.run_cancellable(&grid, || false), Ok(Step::Found));
    /// }
    /// assert_eq!(plain.cost(), improved.cost());
    /// assert!(improved.specialized());
    /// ```
    pub fn set_improved_pruning(&mut self, on: bool) {
        self.improved = on;
    }

    /// Whether the next searches use improved pruning (see
    /// [`set_improved_pruning`](Self::set_improved_pruning)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridOptions, GridSearch};
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// assert!(!search.improved_pruning()); // plain pruning by default
    /// search.set_improved_pruning(true);
    /// assert!(search.improved_pruning());
    /// ```
    pub fn improved_pruning(&self) -> bool {
        self.improved
    }

    /// The options this handle runs with.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridOptions, GridSearch};
    /// let options = GridOptions::DEFAULT.with_agent_size(2);
    /// let search = GridSearch::new(options).unwrap();
    /// assert_eq!(search.options(), &options);
    /// ```
    pub fn options(&self) -> &GridOptions {
        &self.options
    }

    /// The algorithm family the current (or last) search runs: A*, JPS or JPS+.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Connectivity, Grid, GridAlgorithm, GridOptions, GridSearch};
    /// let grid = Grid::new(8, 8).unwrap();
    /// let jps = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps);
    /// let mut search = GridSearch::new(jps).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(7, 7));
    /// assert_eq!(search.algorithm(), GridAlgorithm::Jps);
    /// // JPS needs eight moves: with four the selection table falls back to A*.
    /// let mut four = GridSearch::new(jps.with_connectivity(Connectivity::Four)).unwrap();
    /// four.try_begin(&grid, Cell::new(0, 0), Cell::new(7, 7));
    /// assert_eq!(four.algorithm(), GridAlgorithm::AStar);
    /// ```
    pub fn algorithm(&self) -> GridAlgorithm {
        self.running
    }

    /// Whether the current (or last) search runs a specialised octile engine
    /// ([`fast`](crate::fast)) rather than the generic core (the any-angle engine is not one).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let grid = Grid::new(8, 8).unwrap();
    /// let mut fast = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// fast.try_begin(&grid, Cell::new(0, 0), Cell::new(7, 7));
    /// assert!(fast.specialized()); // eight moves, no corner cutting, size 1: the octile engine
    /// let mut generic = GridSearch::new(GridOptions::DEFAULT.with_specialized_engines(false)).unwrap();
    /// generic.try_begin(&grid, Cell::new(0, 0), Cell::new(7, 7));
    /// assert!(!generic.specialized());
    /// generic.run_cancellable(&grid, || false).unwrap();
    /// fast.run_cancellable(&grid, || false).unwrap();
    /// // The same path cost; the octile engine forms it as a + b·√2, the generic core step by
    /// // step, so the last bit may differ.
    /// assert!((fast.cost() - generic.cost()).abs() < 1e-12);
    /// ```
    pub fn specialized(&self) -> bool {
        matches!(
            self.active,
            Engine::OctileAStar | Engine::OctileJps | Engine::OctileJpsPlus
        )
    }

    /// The any-angle engine (read-only): counters such as
    /// [`los_checks`](ThetaSearch::los_checks) when the handle runs Theta* or Lazy Theta*.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch};
    /// let grid = Grid::new(6, 6).unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT.with_algorithm(GridAlgorithm::ThetaStar)).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(5, 2));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert!(search.theta().los_checks() > 0);
    /// assert_eq!(search.path_len(), 2); // one straight segment on an open map
    /// ```
    pub fn theta(&self) -> &ThetaSearch<EuclideanHeuristic> {
        &self.theta
    }

    /// Turns the desync trace on or off for the next searches, on every engine (see
    /// [`AStar::set_record_trace`]; read it with [`trace`](GridSearch::trace)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let grid = Grid::new(6, 6).unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// search.set_record_trace(true);
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(5, 5));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.trace().len() as u32, search.iterations()); // one digest per iteration
    /// ```
    pub fn set_record_trace(&mut self, on: bool) {
        self.engine.set_record_trace(on);
        self.octile.set_record_trace(on);
        self.jps.set_record_trace(on);
        self.jps_plus.set_record_trace(on);
        self.theta.set_record_trace(on);
    }

    /// The desync trace of the current search (empty unless recording): one digest per
    /// iteration, from whichever engine runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// // Two peers compare traces to find the first iteration where they diverged.
    /// let grid = Grid::new(6, 6).unwrap();
    /// let run = || {
    ///     let mut s = GridSearch::new(GridOptions::DEFAULT).unwrap();
    ///     s.set_record_trace(true);
    ///     s.try_begin(&grid, Cell::new(0, 0), Cell::new(5, 3));
    ///     s.run_cancellable(&grid, || false).unwrap();
    ///     s.trace().to_vec()
    /// };
    /// assert_eq!(onepath::search::first_divergence(&run(), &run()), None);
    /// ```
    pub fn trace(&self) -> &[u64] {
        match self.active {
            Engine::Generic => self.engine.buffers().trace(),
            Engine::OctileAStar => self.octile.trace(),
            Engine::OctileJps => self.jps.trace(),
            Engine::OctileJpsPlus => self.jps_plus.trace(),
            Engine::Theta => self.theta.buffers().trace(),
            Engine::Hpa => &[],
        }
    }

    /// The nodes expanded by the current search, in order, as row-major cells (empty unless
    /// `record_expansions`; jump points for jump point searches).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let grid = Grid::new(4, 1).unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT.with_record_expansions(true)).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(3, 0));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.expanded_nodes(), &[0, 1, 2]); // the goal's pop is not an expansion
    /// ```
    pub fn expanded_nodes(&self) -> &[u32] {
        match self.active {
            Engine::Generic => self.engine.buffers().expanded_nodes(),
            Engine::OctileAStar => self.octile.expanded_nodes(),
            Engine::OctileJps => self.jps.expanded_nodes(),
            Engine::OctileJpsPlus => self.jps_plus.expanded_nodes(),
            Engine::Theta => self.theta.buffers().expanded_nodes(),
            Engine::Hpa => &[],
        }
    }

    /// The generic engine (read-only): counters, buffers, recorded expansions and trace when
    /// it runs ([`specialized`](GridSearch::specialized) is `false`). For jump point searches
    /// its nodes are jump points. The handle's own accessors answer for every engine.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let grid = Grid::new(4, 4).unwrap();
    /// let mut search = GridSearch::new(GridOptions::FOUR_CONNECTED).unwrap(); // the generic core
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(3, 3));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.engine().iterations(), search.iterations());
    /// ```
    pub fn engine(&self) -> &AStar<DefaultStepCost, AnyHeuristic> {
        &self.engine
    }

    /// The specialised octile A* (read-only).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let grid = Grid::new(4, 4).unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap(); // runs the octile engine
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(3, 3));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.octile_astar().cost(), search.cost());
    /// ```
    pub fn octile_astar(&self) -> &OctileAStar {
        &self.octile
    }

    /// Starts a search on `grid`. Returns [`Step::InProgress`], or [`Step::StartInvalid`] /
    /// [`Step::GoalInvalid`] (outside, wall, too narrow for the agent) — a refusal leaves the
    /// running search untouched.
    ///
    /// # Complexity
    ///
    /// O(1) once the handle is sized for the grid and the structures its engine reads are
    /// current. The first begin on a grid (or one that grew) sizes the buffers, O(cells); after an
    /// edit the structures the engine reads (the JPS block map, the JPS+ tables, the octile map,
    /// clearance for agents above size 1) are repaired from the edit journal or rebuilt, up to
    /// O(cells). [`prepare`](GridSearch::prepare) does that work ahead of time.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
    /// let grid = Grid::from_text("...\n.#.\n...").unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(2, 2)), Step::InProgress);
    /// // Refusals are statuses, and leave the running search alone.
    /// assert_eq!(search.try_begin(&grid, Cell::new(1, 1), Cell::new(2, 2)), Step::StartInvalid);
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(5, 0)), Step::GoalInvalid);
    /// assert_eq!(search.state(), Step::InProgress);
    /// assert_eq!(search.run_cancellable(&grid, || false), Ok(Step::Found));
    /// assert_eq!(search.cost(), 4.0); // round the wall: no corner cutting
    /// ```
    pub fn try_begin(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Step {
        let step = self.begin(grid, start, goal);
        if matches!(step, Step::StartInvalid | Step::GoalInvalid) {
            if self.state() != Step::InProgress {
                self.refusal = Some(step);
            }
        } else {
            self.refusal = None;
        }
        step
    }

    /// [`try_begin`](Self::try_begin) without the refusal bookkeeping.
    fn begin(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Step {
        let check = EndpointCheck {
            grid,
            agent_size: self.options.agent_size,
        };
        // The start is judged completely (inside, then walkable for the agent) before the goal.
        let Some(s) = grid.index_of(start).filter(|&s| check.is_walkable(s)) else {
            return Step::StartInvalid;
        };
        let Some(g) = grid.index_of(goal).filter(|&g| check.is_walkable(g)) else {
            return Step::GoalInvalid;
        };
        self.bind(grid);
        self.check_weight_for(grid);
        let estimate = estimate_for(&self.options);
        let record = self.options.record_expansions;
        match self.active {
            Engine::OctileAStar => {
                self.octile.set_estimate(estimate);
                self.octile.set_record_expansions(record);
                return self.octile.try_begin(grid, s, g);
            }
            Engine::OctileJps => {
                self.jps.set_estimate(estimate);
                self.jps.set_record_expansions(record);
                let maps = &self.caches.octile;
                return self.jps.try_begin_pruned(grid, maps, s, g, self.improved);
            }
            Engine::OctileJpsPlus => {
                self.jps_plus.set_estimate(estimate);
                self.jps_plus.set_record_expansions(record);
                let maps = &self.caches.tables;
                return (self.jps_plus).try_begin_pruned(grid, maps, s, g, self.improved);
            }
            Engine::Theta => {
                if self.theta.variant() != theta_variant(self.running) {
                    self.theta.set_variant(theta_variant(self.running));
                }
                self.theta
                    .set_heuristic(theta_heuristic(&self.options, grid));
                self.theta.set_record_expansions(record);
                return self.theta.try_begin(grid, s, g);
            }
            Engine::Hpa => return self.hpa.try_begin(grid, &self.options, s, g),
            Engine::Generic => {}
        }
        if let Ok(h) =
            resolve_square_heuristic(&self.options, grid.width(), grid.areas().min_cost())
        {
            self.engine.set_heuristic(h);
        }
        let Self {
            options,
            engine,
            running,
            caches,
            ..
        } = self;
        with_topology!(grid, options, *running, caches, g, |t| engine
            .try_begin(t, s, g))
    }

    /// Binds the handle to `grid`: records its version and size, resolves the engine and brings
    /// the derived structures up to date (in place; no allocation once sized).
    pub(super) fn bind(&mut self, grid: &Grid) {
        self.bound_version = grid.version();
        self.bound_revision = grid.revision();
        self.bound_width = grid.width();
        self.bound_height = grid.height();
        let chosen = match self.selected {
            // Revisions are process-unique: the same revision is the same cells and areas.
            Some((revision, options, chosen))
                if revision == grid.revision() && options == self.options =>
            {
                chosen
            }
            _ => {
                let chosen = select(&self.options, grid);
                self.selected = Some((grid.revision(), self.options, chosen));
                chosen
            }
        };
        debug_assert_eq!(chosen, select(&self.options, grid));
        (self.running, self.active) = (chosen.family, chosen.engine);
        self.refresh_caches(grid);
    }

    /// Keys must stay finite: [`step`](Self::step) refuses to run a weight too large for
    /// `grid` (records the error, or clears it). Also forgets a recorded refusal.
    pub(super) fn check_weight_for(&mut self, grid: &Grid) {
        self.weight_error =
            resolve_square_heuristic(&self.options, grid.width(), grid.areas().min_cost())
                .ok()
                .and_then(|h| {
                    let corners = corner_pairs(grid.width(), grid.height());
                    check_weight_fits(self.options.weight, h, corners).err()
                });
    }

    /// Forgets what the last refused `try_begin` said (a restore replaces the handle's state).
    pub(super) fn clear_refusal(&mut self) {
        self.refusal = None;
    }

    /// What [`bind`](Self::bind) sets, to put back after a refused restore.
    pub(super) fn binding(&self) -> Binding {
        Binding {
            options: self.options,
            running: self.running,
            active: self.active,
            version: self.bound_version,
            revision: self.bound_revision,
            width: self.bound_width,
            height: self.bound_height,
        }
    }

    /// Puts back a [`binding`](Self::binding). The caches may have followed another grid
    /// meanwhile; [`step`](Self::step) brings them back ([`refresh_caches`](Self::refresh_caches)).
    pub(super) fn set_binding(&mut self, b: Binding) {
        self.options = b.options;
        self.running = b.running;
        self.active = b.active;
        self.bound_version = b.version;
        self.bound_revision = b.revision;
        self.bound_width = b.width;
        self.bound_height = b.height;
    }

    /// Brings the derived structures the bound engine reads up to date with `grid` (a
    /// revision compare when they are current; in place, no allocation once sized).
    fn refresh_caches(&mut self, grid: &Grid) {
        let c = &mut self.caches;
        if self.options.agent_size > 1 && !c.clearance.is_current(grid) {
            c.clearance.refresh(grid);
        }
        match (self.active, self.running) {
            (Engine::Generic, GridAlgorithm::Jps) => {
                let _ = c.blocks.refresh(grid);
            }
            (Engine::Generic, GridAlgorithm::JpsPlus) => {
                // Cannot fail: `select` checked the side length.
                let _ = c.tables.refresh(grid);
            }
            (Engine::OctileJps, _) => {
                let _ = c.octile.refresh(grid);
            }
            (Engine::OctileJpsPlus, _) => {
                let _ = c.tables.refresh(grid);
            }
            _ => {}
        }
    }

    pub(super) fn check_grid(&self, grid: &Grid) -> Result<(), QueryError> {
        // The revision, not the version: a restore can bring a version back with other cells.
        if grid.revision() == self.bound_revision
            && grid.width() == self.bound_width
            && grid.height() == self.bound_height
        {
            return Ok(());
        }
        self.check_same_grid(grid)?;
        Err(QueryError::GridChanged {
            expected: self.bound_version,
            found: grid.version(),
        })
    }

    /// Whether `grid` is the grid the handle is bound to, as it is now or after edits its
    /// journal still holds ([`QueryError::OtherGrid`] otherwise).
    fn check_same_grid(&self, grid: &Grid) -> Result<(), QueryError> {
        let expected = (self.bound_width, self.bound_height);
        let found = (grid.width(), grid.height());
        let known = grid.revision() == self.bound_revision
            || matches!(
                grid.edits_since(self.bound_revision),
                crate::grid::EditsSince::Edits(_)
            );
        if expected == found && known {
            Ok(())
        } else {
            Err(QueryError::OtherGrid { expected, found })
        }
    }

    /// Performs at most `budget` iterations; call again only on [`Step::InProgress`].
    ///
    /// # Errors
    ///
    /// [`QueryError::GridChanged`] when `grid` was edited since `try_begin`;
    /// [`QueryError::OtherGrid`] when it is not the grid the search began on;
    /// [`QueryError::WeightTooLarge`] when the options' weight times the grid's largest
    /// estimate is not finite (the search would order nothing: it does not run). The search
    /// is left as it was.
    ///
    /// # Complexity
    ///
    /// O(k log V) for the k ≤ `budget` pops (jump point searches add their scans); allocates
    /// nothing unless expansion recording or tracing grows its list.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch, QueryError, Step};
    /// let mut grid = Grid::new(16, 16).unwrap();
    /// let (a, b) = (Cell::new(0, 0), Cell::new(15, 9));
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// assert_eq!(search.try_begin(&grid, a, b), onepath::Step::InProgress);
    /// assert_eq!(search.step(&grid, 1), Ok(Step::InProgress));
    /// assert_eq!(search.iterations(), 1);
    /// // The grid must not change under a running search.
    /// grid.set_area(Cell::new(8, 8), 255).unwrap();
    /// assert!(matches!(search.step(&grid, 1), Err(QueryError::GridChanged { .. })));
    /// // Begin again on the edited grid: three pops per tick give what one call gives.
    /// assert_eq!(search.try_begin(&grid, a, b), onepath::Step::InProgress);
    /// while search.step(&grid, 3).unwrap() == Step::InProgress {}
    /// assert_eq!(search.to_path(&grid).unwrap(), grid.find_path(a, b, &GridOptions::DEFAULT).unwrap());
    /// ```
    pub fn step(&mut self, grid: &Grid, budget: u32) -> Result<Step, QueryError> {
        if self.state() != Step::InProgress {
            return Ok(self.state());
        }
        self.check_grid(grid)?;
        if let Some(e) = self.weight_error {
            return Err(e);
        }
        // A refused restore against another grid may have moved the caches.
        self.refresh_caches(grid);
        match self.active {
            Engine::OctileAStar => return Ok(self.octile.step(budget)),
            Engine::OctileJps => return Ok(self.jps.step(&self.caches.octile, budget)),
            Engine::OctileJpsPlus => return Ok(self.jps_plus.step(&self.caches.tables, budget)),
            Engine::Theta => return Ok(self.theta.step(grid, budget)),
            Engine::Hpa => return self.hpa.step(grid, budget),
            Engine::Generic => {}
        }
        let goal = self.engine.goal();
        let Self {
            options,
            engine,
            running,
            caches,
            ..
        } = self;
        Ok(with_topology!(grid, options, *running, caches, goal, |t| {
            engine.step(t, budget)
        }))
    }

    /// Runs to the end in slices of 256 iterations, asking `cancel` before each slice.
    ///
    /// # Errors
    ///
    /// [`QueryError::Cancelled`] when `cancel` returned `true` (the search stays resumable);
    /// [`QueryError::GridChanged`] as for [`step`](GridSearch::step).
    ///
    /// # Complexity
    ///
    /// As [`step`](GridSearch::step) over the whole search, plus one callback per 256 pops.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch, HeuristicKind, QueryError, Step};
    /// let grid = Grid::new(64, 64).unwrap();
    /// let dijkstra = GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero); // ~4096 pops
    /// let mut search = GridSearch::new(dijkstra).unwrap();
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(63, 63)), onepath::Step::InProgress);
    /// // A deadline that passes after two slices: the search stops, and stays resumable.
    /// let mut slices = 0;
    /// let stopped = search.run_cancellable(&grid, || {
    ///     slices += 1;
    ///     slices > 2
    /// });
    /// assert_eq!(stopped, Err(QueryError::Cancelled));
    /// assert_eq!((search.state(), search.iterations()), (Step::InProgress, 512));
    /// assert_eq!(search.run_cancellable(&grid, || false), Ok(Step::Found));
    /// ```
    pub fn run_cancellable(
        &mut self,
        grid: &Grid,
        mut cancel: impl FnMut() -> bool,
    ) -> Result<Step, QueryError> {
        while self.state() == Step::InProgress {
            if cancel() {
                return Err(QueryError::Cancelled);
            }
            let _ = self.step(grid, CANCEL_SLICE)?;
        }
        Ok(self.state())
    }

    /// Restores a kind-2 snapshot into the generic engine over the topology the bound query
    /// runs on `grid` (call [`bind`](Self::bind) first), so that restore checks every parent
    /// link against the moves the search would make. `goal` is the snapshot's goal.
    pub(super) fn restore_generic(
        &mut self,
        grid: &Grid,
        hash: u64,
        inner: &[u8],
        goal: u32,
    ) -> Result<(), crate::state::StateError> {
        let Self {
            options,
            engine,
            running,
            caches,
            ..
        } = self;
        with_topology!(grid, options, *running, caches, goal, |t| {
            engine.restore_state(t, hash, inner)
        })
    }

    /// The result as a [`GridPath`] (allocates; `InProgress` reads as `BudgetExhausted`).
    /// After a refused [`try_begin`](Self::try_begin) while no search was in progress, the
    /// refusal (`StartInvalid` / `GoalInvalid`), as `find_path` reports it.
    ///
    /// # Errors
    ///
    /// [`QueryError::OtherGrid`] when `grid` is not the grid the search ran on (another size,
    /// or a revision history without the search's: its cells would be read against the wrong
    /// map). The same grid edited since is fine: the result is the search's, on the cells it
    /// saw — an old answer, which [`is_current`](Self::is_current) flags (`false`) and
    /// [`current`](Self::current) refuses (ARCHITECTURE.md, “Stale reads”).
    ///
    /// # Complexity
    ///
    /// O(path length + recorded expansions); allocates the result.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch, PathStatus};
    /// let grid = Grid::new(8, 8).unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(7, 0)), onepath::Step::InProgress);
    /// assert_eq!(search.step(&grid, 2).unwrap(), onepath::Step::InProgress);
    /// assert_eq!(search.to_path(&grid).unwrap().status, PathStatus::BudgetExhausted); // not done yet
    /// assert_eq!(search.run_cancellable(&grid, || false), Ok(onepath::Step::Found));
    /// let path = search.to_path(&grid).unwrap();
    /// assert_eq!((path.status, path.cost, path.cells.len()), (PathStatus::Found, 7.0, 8));
    /// ```
    pub fn to_path(&self, grid: &Grid) -> Result<GridPath, QueryError> {
        if self.state() == Step::Idle {
            if let Some(refusal) = self.refusal {
                return Ok(self.refused_path(grid, refusal));
            }
        } else {
            self.check_same_grid(grid)?;
        }
        let w = self.bound_width.max(1);
        let space = grid.space();
        let to_cell = |n: u32| Cell::new((n % w) as i32, (n / w) as i32);
        let mut path = if self.active == Engine::Generic {
            pack_path(&self.engine, self.engine.state(), to_cell, |c| {
                space.center_unchecked(c)
            })
        } else {
            GridPath {
                status: match self.state() {
                    Step::Found => PathStatus::Found,
                    Step::InProgress => PathStatus::BudgetExhausted,
                    _ => PathStatus::NoPath,
                },
                cells: alloc::vec::Vec::new(),
                points: alloc::vec::Vec::new(),
                cost: self.cost(),
                iterations: self.iterations(),
                expansions: self.expansions(),
                expanded: self.expanded_nodes().iter().map(|&n| to_cell(n)).collect(),
                algorithm: self.running,
                specialized: self.specialized(),
            }
        };
        if self.running != GridAlgorithm::AStar || self.active != Engine::Generic {
            path.cells = alloc::vec![Cell::default(); self.path_len()];
            let _ = self.copy_path(&mut path.cells);
            path.points = path
                .cells
                .iter()
                .map(|&c| space.center_unchecked(c))
                .collect();
        }
        path.algorithm = self.running;
        Ok(path)
    }

    /// The result of a `try_begin` that refused an endpoint: no search ran; the algorithm is
    /// the one the query would have run on `grid`.
    pub(crate) fn refused_path(&self, grid: &Grid, refusal: Step) -> GridPath {
        let mut p = GridPath::refused_by(refusal);
        p.algorithm = select(&self.options, grid).family;
        p
    }

    /// Whether the search and its result belong to `grid` as it is now: a search began (or was
    /// restored) on `grid` and `grid` was not edited since. The stale flag of the reads that
    /// take no grid ([`state`](Self::state), [`cost`](Self::cost),
    /// [`copy_path`](Self::copy_path), …) and of [`to_path`](Self::to_path), which all keep
    /// the search's answer on the cells it saw. `false` while idle.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let mut grid = Grid::new(6, 1).unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(5, 0));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert!(search.is_current(&grid));
    /// grid.set_walkable(Cell::new(3, 0), false).unwrap();
    /// assert!(!search.is_current(&grid)); // cost() is still 5: the old answer
    /// assert!(search.current(&grid).is_err());
    /// ```
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.state() != Step::Idle && self.check_grid(grid).is_ok()
    }

    /// The search, for reads that must not be old: `Ok(self)` when
    /// [`is_current`](Self::is_current).
    ///
    /// # Errors
    ///
    /// [`QueryError::GridChanged`] when `grid` was edited since the search began (or no search
    /// ran: the expected version is then 0); [`QueryError::OtherGrid`] for another grid.
    pub fn current(&self, grid: &Grid) -> Result<&Self, QueryError> {
        if self.state() == Step::Idle {
            return Err(QueryError::GridChanged {
                expected: 0,
                found: grid.version(),
            });
        }
        self.check_grid(grid).map(|()| self)
    }

    /// The current state.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
    /// let grid = Grid::from_text("..#..").unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// assert_eq!(search.state(), Step::Idle);
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(4, 0));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.state(), Step::NoPath);
    /// ```
    pub fn state(&self) -> Step {
        match self.active {
            Engine::Generic => self.engine.state(),
            Engine::OctileAStar => self.octile.state(),
            Engine::OctileJps => self.jps.state(),
            Engine::OctileJpsPlus => self.jps_plus.state(),
            Engine::Theta => self.theta.state(),
            Engine::Hpa => self.hpa.search.state(),
        }
    }

    /// The path cost when found, else +∞.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let mut grid = Grid::new(3, 1).unwrap();
    /// grid.set_area(Cell::new(1, 0), 1).unwrap();
    /// grid.set_area_cost(1, 2.5).unwrap(); // entering (1, 0) costs 2.5
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(2, 0));
    /// assert_eq!(search.cost(), f64::INFINITY); // not found yet
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.cost(), 3.5);
    /// ```
    pub fn cost(&self) -> f64 {
        match self.active {
            Engine::Generic => self.engine.cost(),
            Engine::OctileAStar => self.octile.cost(),
            Engine::OctileJps => self.jps.cost(),
            Engine::OctileJpsPlus => self.jps_plus.cost(),
            Engine::Theta => self.theta.cost(),
            Engine::Hpa => self.hpa.search.cost(),
        }
    }

    /// Iterations (pops) so far.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let grid = Grid::new(10, 10).unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(9, 9));
    /// search.step(&grid, 3).unwrap();
    /// assert_eq!(search.iterations(), 3); // exactly the budget
    /// ```
    pub fn iterations(&self) -> u32 {
        match self.active {
            Engine::Generic => self.engine.iterations(),
            Engine::OctileAStar => self.octile.iterations(),
            Engine::OctileJps => self.jps.iterations(),
            Engine::OctileJpsPlus => self.jps_plus.iterations(),
            Engine::Theta => self.theta.iterations(),
            Engine::Hpa => self.hpa.search.iterations(),
        }
    }

    /// Expansions so far.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let grid = Grid::new(5, 1).unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(4, 0));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!((search.iterations(), search.expansions()), (5, 4)); // the goal's pop
    /// ```
    pub fn expansions(&self) -> u32 {
        match self.active {
            Engine::Generic => self.engine.expansions(),
            Engine::OctileAStar => self.octile.expansions(),
            Engine::OctileJps => self.jps.expansions(),
            Engine::OctileJpsPlus => self.jps_plus.expansions(),
            Engine::Theta => self.theta.expansions(),
            Engine::Hpa => self.hpa.search.expansions(),
        }
    }

    /// Walks the generic engine's found path from the goal back to the start, one node (A*) or
    /// jump point at a time.
    fn walk_back(&self, mut f: impl FnMut(u32)) {
        if self.engine.state() != Step::Found {
            return;
        }
        let mut n = Some(self.engine.goal());
        while let Some(v) = n {
            f(v);
            n = self.engine.buffers().parent_of(v);
        }
    }

    fn xy(&self, n: u32) -> (i32, i32) {
        let w = self.bound_width.max(1);
        ((n % w) as i32, (n / w) as i32)
    }

    /// Cells on the found path (0 unless found). Jump point paths count every cell between
    /// the jump points; any-angle paths (Theta*, Lazy Theta*) count their waypoints only.
    ///
    /// # Complexity
    ///
    /// O(path length).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let grid = Grid::new(5, 5).unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(4, 2));
    /// assert_eq!(search.path_len(), 0); // not found yet
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.path_len(), 5);
    /// let mut buf = vec![Cell::default(); search.path_len()];
    /// assert_eq!(search.copy_path(&mut buf), Some(5));
    /// ```
    pub fn path_len(&self) -> usize {
        match self.active {
            Engine::OctileAStar => return self.octile.path_len(),
            Engine::OctileJps => return self.jps.path_len(),
            Engine::OctileJpsPlus => return self.jps_plus.path_len(),
            Engine::Theta => return self.theta.path_len(),
            Engine::Hpa => return self.hpa.search.path().len(),
            Engine::Generic => {}
        }
        let mut len = 0usize;
        let mut prev: Option<(i32, i32)> = None;
        self.walk_back(|n| {
            let p = self.xy(n);
            len += match prev {
                None => 1,
                Some(q) => (q.0 - p.0).unsigned_abs().max((q.1 - p.1).unsigned_abs()) as usize,
            };
            prev = Some(p);
        });
        len
    }

    /// Writes the path as row-major cell indices, every cell (also for jump point searches);
    /// `None` when `out` is too short.
    ///
    /// # Complexity
    ///
    /// O(path length); allocates nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let grid = Grid::new(4, 2).unwrap();
    /// let mut search = GridSearch::new(GridOptions::FOUR_CONNECTED).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(3, 0));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// let mut out = [0u32; 8];
    /// let n = search.copy_path_indices(&mut out).unwrap();
    /// assert_eq!(&out[..n], &[0, 1, 2, 3]); // y * width + x
    /// ```
    #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
    pub fn copy_path_indices(&self, out: &mut [u32]) -> Option<usize> {
        let w = self.bound_width;
        self.fill_back(out, |c| c.y as u32 * w + c.x as u32)
    }

    /// Writes the path as cells, start first; `None` (nothing written) when `out` is shorter
    /// than [`path_len`](GridSearch::path_len). Allocates nothing.
    ///
    /// # Complexity
    ///
    /// O(path length); allocates nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch};
    /// let grid = Grid::new(10, 3).unwrap();
    /// let options = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps);
    /// let mut search = GridSearch::new(options).unwrap();
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(9, 2)), onepath::Step::InProgress);
    /// assert_eq!(search.run_cancellable(&grid, || false), Ok(onepath::Step::Found));
    /// assert_eq!(search.path_len(), 10); // every cell, also between jump points
    /// let mut short = [Cell::default(); 4];
    /// assert_eq!(search.copy_path(&mut short), None); // too short: nothing written
    /// let mut out = [Cell::default(); 64]; // a buffer kept between ticks
    /// let n = search.copy_path(&mut out).unwrap();
    /// assert_eq!((out[0], out[n - 1]), (Cell::new(0, 0), Cell::new(9, 2)));
    /// let adjacent = |p: Cell, q: Cell| (p.x - q.x).abs() <= 1 && (p.y - q.y).abs() <= 1;
    /// assert!(out[..n].windows(2).all(|w| adjacent(w[0], w[1])));
    /// ```
    #[must_use = "the path's length: how much of the buffer was written (None: nothing was)"]
    pub fn copy_path(&self, out: &mut [Cell]) -> Option<usize> {
        self.fill_back(out, |c| c)
    }

    fn fill_back<T>(&self, out: &mut [T], conv: impl Fn(Cell) -> T) -> Option<usize> {
        let w = self.bound_width.max(1);
        let cell = |n: u32| conv(Cell::new((n % w) as i32, (n / w) as i32));
        match self.active {
            Engine::OctileAStar => return self.octile.fill_path(out, cell),
            Engine::OctileJps => return self.jps.fill_path(out, cell),
            Engine::OctileJpsPlus => return self.jps_plus.fill_path(out, cell),
            Engine::Theta => {
                // Waypoints only: the segments between them are straight lines of sight.
                let len = self.theta.path_len();
                let dst = out.get_mut(..len)?;
                let mut i = len;
                let mut n = self.theta.goal();
                while i > 0 {
                    i -= 1;
                    dst[i] = cell(n);
                    n = self.theta.buffers().parent_of(n).unwrap_or(n);
                }
                return Some(len);
            }
            Engine::Hpa => {
                let p = self.hpa.search.path();
                let dst = out.get_mut(..p.len())?;
                for (d, &n) in dst.iter_mut().zip(p) {
                    *d = cell(n);
                }
                return Some(p.len());
            }
            Engine::Generic => {}
        }
        let len = self.path_len();
        let dst = out.get_mut(..len)?;
        let mut i = len;
        let mut prev: Option<(i32, i32)> = None;
        self.walk_back(|n| {
            let p = self.xy(n);
            match prev {
                None => {
                    i -= 1;
                    dst[i] = conv(Cell::new(p.0, p.1));
                }
                Some(q) => {
                    // Cells from just before q back to p along one straight or diagonal line.
                    let (dx, dy) = ((p.0 - q.0).signum(), (p.1 - q.1).signum());
                    let mut c = q;
                    while c != p {
                        c = (c.0 + dx, c.1 + dy);
                        i -= 1;
                        dst[i] = conv(Cell::new(c.0, c.1));
                    }
                }
            }
            prev = Some(p);
        });
        Some(len)
    }
}
