//! What both tier-1 replanners ([`GridReplanner`](super::GridReplanner),
//! [`HexReplanner`](super::HexReplanner)) share: [`ReplanCore`], the whole handle, written once
//! over [`ReplanMap`], the little each grid kind answers differently (its journal, estimate,
//! topology, content hash and option codes). Spec: grids.md, “Incremental replanning (LPA,
//! D Lite)”, “Tier 1”.

use alloc::vec::Vec;

use super::any_heuristic::AnyHeuristic;
use super::options::{GridAlgorithm, GridOptions};
use super::path::PathStatus;
use super::runner::check_weight;
use crate::error::QueryError;
use crate::grid::{Cell, ClearanceMap};
use crate::replan::state::{HandleSection, kind8_bound};
use crate::replan::{JournalOutcome, ReplanSearch, ReplanVariant};
use crate::search::Step;
use crate::state::StateError;
use crate::topology::{DefaultStepCost, Topology};

/// The engine every tier-1 replanner drives.
pub(super) type Engine = ReplanSearch<DefaultStepCost, AnyHeuristic>;

/// A grid kind a tier-1 replanner runs on.
pub(super) trait ReplanMap {
    /// The topology the engine searches.
    type Topo<'a>: Topology
    where
        Self: 'a;

    /// Columns and rows.
    fn size(&self) -> (u32, u32);
    /// The edit revision the journal has reached.
    fn revision(&self) -> u64;
    /// The node of a cell (`None` outside).
    fn index_of(&self, cell: Cell) -> Option<u32>;
    /// The cell of a node.
    fn cell_of(&self, node: u32) -> Cell;
    /// The content hash a snapshot header names.
    fn snapshot_hash(&self) -> u64;
    /// Reads the edits since revision `seen` into the engine (and moves `seen` on).
    fn follow(&self, search: &mut Engine, seen: &mut u64, options: &GridOptions) -> JournalOutcome;
    /// The nodes [`follow`](Self::follow) would leave pending in `search`, without changing
    /// anything.
    fn pending_after(&self, search: &Engine, seen: u64, options: &GridOptions) -> usize;
    /// The estimate `options` ask for on this map.
    ///
    /// # Errors
    ///
    /// [`QueryError::HeuristicNotSupported`].
    fn estimate(&self, options: &GridOptions) -> Result<AnyHeuristic, QueryError>;
    /// The topology for `options`, refreshing `clearance` (when kept) first.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidAgentSize`].
    fn topology<'a>(
        &'a self,
        options: &GridOptions,
        clearance: &'a mut Option<ClearanceMap>,
    ) -> Result<Self::Topo<'a>, QueryError>;
    /// The option codes of a snapshot's tier-1 section.
    fn option_codes(options: &GridOptions) -> [u8; 4];
}

/// The variant an options value asks for: `LpaStar`, else D* Lite (spec: “GridOptions.Algorithm
/// = LpaStar, else D* Lite”).
fn variant_of(options: &GridOptions) -> ReplanVariant {
    if options.algorithm == GridAlgorithm::LpaStar {
        ReplanVariant::LpaStar
    } else {
        ReplanVariant::DStarLite
    }
}

/// Refuses a weight other than 1 (after the usual weight check).
pub(super) fn check_replan_weight(options: &GridOptions) -> Result<(), QueryError> {
    check_weight(options)?;
    if options.weight == 1.0 {
        Ok(())
    } else {
        Err(QueryError::ReplanWeight {
            value: options.weight,
        })
    }
}

/// Whether a snapshot's tier-1 section agrees with its engine state: begun exactly when the
/// engine is, and the endpoints the engine searches for are the cells asked for unless a move
/// is still to be handed over.
fn handle_fits(
    h: &HandleSection,
    root: u32,
    focus: u32,
    variant: ReplanVariant,
    index_of: impl Fn(Cell) -> Option<u32>,
) -> bool {
    let begun = h.flags & 1 != 0;
    let (start_moved, goal_moved) = (h.flags & 2 != 0, h.flags & 4 != 0);
    let idle = root == crate::search::NO_NODE;
    if begun == idle {
        return false;
    }
    if idle {
        return !start_moved && !goal_moved;
    }
    let (start, goal) = match variant {
        ReplanVariant::LpaStar => (root, focus),
        ReplanVariant::DStarLite => (focus, root),
    };
    let at = |c: (i32, i32)| index_of(Cell::new(c.0, c.1));
    (start_moved || at(h.start) == Some(start)) && (goal_moved || at(h.goal) == Some(goal))
}

/// A tier-1 replanner: the engine, the options and grid size it was created with, the
/// clearance it keeps (square agents above size 1), the endpoints asked for, the last result.
///
/// The endpoints are kept as cells and handed to the engine lazily, at the next replan, where
/// the map is at hand: a start moved onto a wall is reported there (`StartInvalid`) and taken
/// up again once it is walkable.
#[derive(Clone, Debug)]
pub(super) struct ReplanCore {
    search: Engine,
    options: GridOptions,
    size: (u32, u32),
    clearance: Option<ClearanceMap>,
    start: Cell,
    goal: Cell,
    /// The engine has begun (both endpoints were valid once).
    begun: bool,
    /// `start` / `goal` differ from what the engine searches for.
    start_moved: bool,
    goal_moved: bool,
    /// The grid revision the engine's state matches.
    seen: u64,
    status: PathStatus,
    cells: Vec<Cell>,
    /// What the last finished replan answered for: the map revision and the endpoints
    /// (`None` before one, after `invalidate` and while a budgeted replan is unfinished).
    answered: Option<(u64, Cell, Cell)>,
}

impl ReplanCore {
    /// A replanner on `map` (options already checked), not searched yet.
    ///
    /// # Errors
    ///
    /// [`QueryError::HeuristicNotSupported`].
    pub(super) fn new<M: ReplanMap>(
        map: &M,
        options: &GridOptions,
        clearance: Option<ClearanceMap>,
        start: Cell,
        goal: Cell,
    ) -> Result<Self, QueryError> {
        let heuristic = map.estimate(options)?;
        Ok(Self {
            search: ReplanSearch::new(variant_of(options), DefaultStepCost, heuristic),
            options: *options,
            size: map.size(),
            clearance,
            start,
            goal,
            begun: false,
            start_moved: false,
            goal_moved: false,
            seen: map.revision(),
            status: PathStatus::NotStarted,
            cells: Vec::new(),
            answered: None,
        })
    }

    /// Reads `map`'s new edits into the engine (no pops); a rebuild takes the estimate again.
    fn fold_journal<M: ReplanMap>(&mut self, map: &M) -> Result<(), QueryError> {
        if map.follow(&mut self.search, &mut self.seen, &self.options) == JournalOutcome::Rebuild {
            let h = map.estimate(&self.options)?;
            self.search.set_heuristic(h);
        }
        Ok(())
    }

    fn other_grid<M: ReplanMap>(&self, map: &M) -> Result<(), QueryError> {
        if map.size() == self.size {
            Ok(())
        } else {
            Err(QueryError::OtherGrid {
                expected: self.size,
                found: map.size(),
            })
        }
    }

    /// The public `try_replan`: follows the journal, hands the endpoints over, replans.
    pub(super) fn try_replan<M: ReplanMap>(
        &mut self,
        map: &M,
        budget: u32,
    ) -> Result<PathStatus, QueryError> {
        self.other_grid(map)?;
        self.fold_journal(map)?;
        // The topology borrows the clearance while the replan changes the rest.
        let mut clearance = self.clearance.take();
        let status = map
            .topology(&self.options, &mut clearance)
            .map(|topology| self.drive(&topology, budget, map));
        self.clearance = clearance;
        let status = status?;
        self.status = status;
        self.answered = (status != PathStatus::BudgetExhausted).then_some((
            map.revision(),
            self.start,
            self.goal,
        ));
        Ok(status)
    }

    /// Hands the endpoints to the engine and replans with `budget` pops over `topology`.
    fn drive<T: Topology, M: ReplanMap>(
        &mut self,
        topology: &T,
        budget: u32,
        map: &M,
    ) -> PathStatus {
        self.cells.clear();
        // The start is judged first, as every query does.
        let Some(start) = map
            .index_of(self.start)
            .filter(|&n| topology.is_walkable(n))
        else {
            return PathStatus::StartInvalid;
        };
        let Some(goal) = map.index_of(self.goal).filter(|&n| topology.is_walkable(n)) else {
            return PathStatus::GoalInvalid;
        };
        // An idle engine once begun (no path leads here: a restore checks the section's
        // `begun` against the engine's state, and a refused one changes neither): begin again
        // from the endpoints asked for.
        if !self.begun || self.search.state() == Step::Idle {
            match self.search.try_begin(topology, start, goal) {
                Step::StartInvalid => return PathStatus::StartInvalid,
                Step::GoalInvalid => return PathStatus::GoalInvalid,
                _ => {}
            }
            self.begun = true;
            // One cell per node at most: the path buffer never grows after this.
            let n = topology.node_count() as usize + 1;
            if self.cells.capacity() < n {
                self.cells.reserve(n - self.cells.len());
            }
            self.start_moved = false;
            self.goal_moved = false;
        }
        if self.goal_moved {
            if self.search.set_goal(topology, goal) == Step::GoalInvalid {
                return PathStatus::GoalInvalid;
            }
            self.goal_moved = false;
        }
        if self.start_moved {
            if self.search.move_start(topology, start) == Step::StartInvalid {
                return PathStatus::StartInvalid;
            }
            self.start_moved = false;
        }
        let status = match self.search.step(topology, budget) {
            Step::InProgress => PathStatus::BudgetExhausted,
            Step::Found => PathStatus::Found,
            Step::StartInvalid => PathStatus::StartInvalid,
            Step::GoalInvalid => PathStatus::GoalInvalid,
            Step::NoPath | Step::Idle => PathStatus::NoPath,
        };
        if status == PathStatus::Found {
            self.cells
                .extend(self.search.path().iter().map(|&n| map.cell_of(n)));
        }
        status
    }

    /// Reads the grid's edits first, as a snapshot must match the grid as it is.
    fn current_for<M: ReplanMap>(&mut self, map: &M) -> Result<(), StateError> {
        if map.size() != self.size {
            return Err(StateError::InvalidField {
                field: "replan.grid",
            });
        }
        self.fold_journal(map)
            .map_err(|_| StateError::InvalidField {
                field: "replan.heuristic",
            })
    }

    /// The public `state_size`: what `save_state` writes after reading `map`'s new edits,
    /// predicted without reading them. For a map of another size (which `save_state`
    /// refuses), the size of the state as it is.
    pub(super) fn state_size<M: ReplanMap>(&self, map: &M) -> usize {
        if map.size() != self.size {
            return self.search.state_size_with(true);
        }
        let pending = map.pending_after(&self.search, self.seen, &self.options);
        self.search.state_size_pending(true, pending)
    }

    /// The public `max_state_size`: the kind-8 bound with the handle section for `map`'s cells.
    pub(super) fn max_state_size<M: ReplanMap>(map: &M) -> usize {
        let (w, h) = map.size();
        kind8_bound((w as usize).saturating_mul(h as usize), true)
    }

    /// The tier-1 section of a snapshot.
    fn handle_section<M: ReplanMap>(&self) -> HandleSection {
        HandleSection {
            start: (self.start.x, self.start.y),
            goal: (self.goal.x, self.goal.y),
            flags: u8::from(self.begun)
                | u8::from(self.start_moved) << 1
                | u8::from(self.goal_moved) << 2,
            options: M::option_codes(&self.options),
        }
    }

    /// The public `save_state`.
    pub(super) fn save_state<M: ReplanMap>(
        &mut self,
        map: &M,
        out: &mut [u8],
    ) -> Result<usize, StateError> {
        let predicted = self.state_size(map);
        self.current_for(map)?;
        debug_assert_eq!(self.search.state_size_with(true), predicted);
        let handle = self.handle_section::<M>();
        self.search
            .save_state_with(map.snapshot_hash(), Some(handle), out)
    }

    /// The public `restore_state`: the engine checks its part and the tier-1 section (options,
    /// flags, endpoints against its own) before it writes anything; the section is taken over
    /// only after the engine committed, and that cannot fail. A refusal puts the heuristic
    /// back, so the handle is unchanged (the clearance, a cache of the grid, may be brought up
    /// to date, as a replan would).
    pub(super) fn restore_state<M: ReplanMap>(
        &mut self,
        map: &M,
        bytes: &[u8],
    ) -> Result<(), StateError> {
        if map.size() != self.size {
            return Err(StateError::InvalidField {
                field: "replan.grid",
            });
        }
        let heuristic = map
            .estimate(&self.options)
            .map_err(|_| StateError::InvalidField {
                field: "replan.heuristic",
            })?;
        let codes = M::option_codes(&self.options);
        // The topology borrows the clearance while the restore changes the engine.
        let mut clearance = self.clearance.take();
        let result = match map.topology(&self.options, &mut clearance) {
            Ok(topology) => {
                let previous = *self.search.heuristic();
                self.search.replace_heuristic(heuristic);
                let variant = self.search.variant();
                let r = self.search.restore_state_with(
                    &topology,
                    map.snapshot_hash(),
                    bytes,
                    Some(codes),
                    &|h, root, focus| handle_fits(h, root, focus, variant, |c| map.index_of(c)),
                );
                if r.is_err() {
                    self.search.replace_heuristic(previous);
                }
                r.map(|h| (h, topology.node_count()))
            }
            Err(_) => Err(StateError::InvalidField {
                field: "replan.topology",
            }),
        };
        self.clearance = clearance;
        match result? {
            (Some(h), nodes) => {
                self.restored(h, map.revision(), nodes, |n| map.cell_of(n));
                Ok(())
            }
            // Not reached: the engine refuses a snapshot without the section it is told to
            // expect before it writes anything.
            (None, _) => Err(StateError::InvalidField {
                field: "replan.handle",
            }),
        }
    }

    /// Takes over a restored engine state and its tier-1 section, for a map of `nodes` nodes
    /// (the path buffer is sized as a replan sizes it; nothing is allocated when it is).
    fn restored(
        &mut self,
        h: HandleSection,
        revision: u64,
        nodes: u32,
        cell_of: impl Fn(u32) -> Cell,
    ) {
        let n = nodes as usize + 1;
        if self.cells.capacity() < n {
            self.cells.reserve(n - self.cells.len());
        }
        self.start = Cell::new(h.start.0, h.start.1);
        self.goal = Cell::new(h.goal.0, h.goal.1);
        self.begun = h.flags & 1 != 0;
        self.start_moved = h.flags & 2 != 0;
        self.goal_moved = h.flags & 4 != 0;
        self.seen = revision;
        self.status = match self.search.state() {
            Step::Found => PathStatus::Found,
            Step::NoPath => PathStatus::NoPath,
            _ if !self.begun => PathStatus::NotStarted,
            _ => PathStatus::BudgetExhausted,
        };
        self.answered = (matches!(self.status, PathStatus::Found | PathStatus::NoPath)
            && !self.start_moved
            && !self.goal_moved)
            .then_some((revision, self.start, self.goal));
        self.cells.clear();
        if self.status == PathStatus::Found {
            self.cells
                .extend(self.search.path().iter().map(|&n| cell_of(n)));
        }
    }

    /// The public `move_start`.
    pub(super) fn move_start(&mut self, cell: Cell) {
        if cell != self.start {
            self.start = cell;
            // Before the engine has begun, the next replan begins from the new start anyway.
            self.start_moved = self.begun;
        }
    }

    /// The public `set_goal`.
    pub(super) fn set_goal(&mut self, cell: Cell) {
        if cell != self.goal {
            self.goal = cell;
            self.goal_moved = self.begun;
        }
    }

    /// The public `invalidate`.
    pub(super) fn invalidate(&mut self) {
        self.search.request_restart();
        self.answered = None;
    }

    /// Why the last answer does not hold for `map` now, or `None` when it does (the public
    /// `is_current` / `current`).
    pub(super) fn stale_reason<M: ReplanMap>(&self, map: &M) -> Option<&'static str> {
        if map.size() != self.size {
            return Some("another grid");
        }
        let Some((revision, start, goal)) = self.answered else {
            return Some(match self.status {
                PathStatus::NotStarted => "it never replanned",
                PathStatus::BudgetExhausted => "the last replan ran out of budget",
                _ => "it was invalidated",
            });
        };
        if revision != map.revision() {
            Some("the grid was edited")
        } else if start != self.start {
            Some("the start moved")
        } else if goal != self.goal {
            Some("the goal changed")
        } else {
            None
        }
    }

    /// The public `status`.
    pub(super) fn status(&self) -> PathStatus {
        self.status
    }

    /// The public `path`.
    pub(super) fn path(&self) -> &[Cell] {
        &self.cells
    }

    /// The public `cost`.
    pub(super) fn cost(&self) -> f64 {
        if self.status == PathStatus::Found {
            self.search.cost()
        } else {
            f64::INFINITY
        }
    }

    /// The engine.
    pub(super) fn engine(&self) -> &Engine {
        &self.search
    }

    /// The public `algorithm`.
    pub(super) fn algorithm(&self) -> GridAlgorithm {
        match self.search.variant() {
            ReplanVariant::LpaStar => GridAlgorithm::LpaStar,
            ReplanVariant::DStarLite => GridAlgorithm::DStarLite,
        }
    }

    /// The start and goal asked for.
    pub(super) fn endpoints(&self) -> (Cell, Cell) {
        (self.start, self.goal)
    }
}
