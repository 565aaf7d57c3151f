//! Snapshot kind 3: a [`GridSearch`] handle (`docs/snapshot-format.md`).
//!
//! Payload: connectivity u8 (0 four, 1 eight), diagonal rule u8 (0 no corner cutting, 1 no
//! squeezing, 2 allow all), agent size u8, heuristic u8 (0 auto, 1 zero, 2 Manhattan,
//! 3 octile), weight f64 bits, iteration budget u32, flags u8 (bit 0 record expansions, bit 1
//! specialised engines allowed; snapshots written before the specialised engines existed have
//! bit 1 clear and ran the generic cores; bit 2 improved pruning for the next searches, the
//! tier-2 [`GridSearch::set_improved_pruning`] setting), algorithm u8 (0 A*, 1 JPS, 2 JPS+, 3
//! Theta*, 4 Lazy Theta*, 5 HPA*: the requested one; the engine that runs is resolved against
//! the grid again on restore; 5 is written only by a handle running HPA*); then the engine's own
//! snapshot as u32 length + bytes: a complete frame of the engine the options resolve to on this
//! grid — kind 2 for the generic cores, kind 4 for the octile A*, kind 5 for the octile jump
//! point searches (bit finder for JPS, table finder for JPS+), kind 6 for the any-angle
//! searches, kind 9 for HPA* (whose chunk side and smoothing are the handle's HPA* options: kind
//! 3's own fields do not repeat them). An idle engine snapshot of
//! another kind is accepted (a handle that never searched does not know the grid yet). The
//! header's map hash is the grid's content hash.

use super::grid_search::{GridSearch, theta_heuristic, theta_variant};
use super::options::{GridAlgorithm, GridOptions, HeuristicKind};
use super::runner::resolve_square_heuristic;
use super::selection::{Engine, candidates, select};
use crate::fast::{kind4_bound, kind5_bound};
use crate::grid::{Connectivity, DiagonalRule, Grid};
use crate::hpa::kind9_bound;
use crate::search::kind2_bound;
use crate::state::codec::{
    HEADER_LEN, Reader, Writer, invalid, le32, le64, read_frame, read_frame_for, write_frame_raw,
};
use crate::state::size_bound::{recorded, sum};
use crate::state::{
    KIND_ASTAR, KIND_GRID_SEARCH, KIND_OCTILE_ASTAR, KIND_OCTILE_JUMP, KIND_THETA, StateError,
};
use crate::theta::{kind6_bound, trace_cap};

const FIXED: usize = 1 + 1 + 1 + 1 + 8 + 4 + 1 + 1 + 4;

fn heuristic_code(h: HeuristicKind) -> u8 {
    match h {
        HeuristicKind::Zero => 1,
        HeuristicKind::Manhattan => 2,
        HeuristicKind::Octile => 3,
        // HexDistance is refused by `GridSearch::new`.
        HeuristicKind::Auto | HeuristicKind::HexDistance => 0,
    }
}

/// Bit 2 of the flags byte: the handle's improved-pruning setting.
const FLAG_IMPROVED: u8 = 4;

/// The options and the improved-pruning setting (flags bit 2).
fn read_options(r: &mut Reader<'_>) -> Result<(GridOptions, bool), StateError> {
    let connectivity = match r.u8()? {
        0 => Connectivity::Four,
        1 => Connectivity::Eight,
        _ => return Err(invalid("grid_search.connectivity")),
    };
    let diagonal_rule = match r.u8()? {
        0 => DiagonalRule::NoCornerCutting,
        1 => DiagonalRule::NoSqueezing,
        2 => DiagonalRule::AllowAll,
        _ => return Err(invalid("grid_search.diagonal_rule")),
    };
    let agent_size = r.u8()?;
    let heuristic = match r.u8()? {
        0 => HeuristicKind::Auto,
        1 => HeuristicKind::Zero,
        2 => HeuristicKind::Manhattan,
        3 => HeuristicKind::Octile,
        _ => return Err(invalid("grid_search.heuristic")),
    };
    let weight = r.f64()?;
    let iteration_budget = r.u32()?;
    let flags = r.u8()?;
    if flags > 7 {
        return Err(invalid("grid_search.flags"));
    }
    let algorithm = match r.u8()? {
        0 => GridAlgorithm::AStar,
        1 => GridAlgorithm::Jps,
        2 => GridAlgorithm::JpsPlus,
        3 => GridAlgorithm::ThetaStar,
        4 => GridAlgorithm::LazyThetaStar,
        5 => GridAlgorithm::Hpa,
        _ => return Err(invalid("grid_search.algorithm")),
    };
    let o = GridOptions {
        connectivity,
        diagonal_rule,
        agent_size,
        heuristic,
        weight,
        iteration_budget,
        record_expansions: flags & 1 != 0,
        algorithm,
        specialized_engines: flags & 2 != 0,
        ..GridOptions::DEFAULT
    };
    GridSearch::check_options(&o).map_err(|_| invalid("grid_search.options"))?;
    Ok((o, flags & FLAG_IMPROVED != 0))
}

/// The snapshot kind of an engine, and the payload offsets of its state byte and its flags
/// byte (bit 0: record expansions).
fn layout(engine: Engine) -> (u16, usize, usize) {
    match engine {
        Engine::Generic => (KIND_ASTAR, 20, 29),
        Engine::OctileAStar => (KIND_OCTILE_ASTAR, 17, 26),
        Engine::OctileJps | Engine::OctileJpsPlus => (KIND_OCTILE_JUMP, 19, 28),
        Engine::Theta => (KIND_THETA, 21, 42),
        // Its state byte is not read through this table (restore hands kind 9 to `HpaSearch`).
        Engine::Hpa => (crate::state::KIND_HPA_SEARCH, 0, 0),
    }
}

/// The engine whose snapshot has kind `kind` (the first of the two jump engines for kind 5;
/// only the state byte is read through it).
fn engine_of_kind(kind: u16) -> Option<Engine> {
    match kind {
        KIND_ASTAR => Some(Engine::Generic),
        KIND_OCTILE_ASTAR => Some(Engine::OctileAStar),
        KIND_OCTILE_JUMP => Some(Engine::OctileJps),
        KIND_THETA => Some(Engine::Theta),
        _ => None,
    }
}

impl GridSearch {
    fn engine_state_size(&self) -> usize {
        match self.active {
            Engine::Generic => self.engine.state_size(),
            Engine::OctileAStar => self.octile.state_size(),
            Engine::OctileJps => self.jps.state_size(),
            Engine::OctileJpsPlus => self.jps_plus.state_size(),
            Engine::Theta => self.theta.state_size(),
            Engine::Hpa => self.hpa.search.state_size(),
        }
    }

    /// Bytes [`save_state`](GridSearch::save_state) writes now. Allocates nothing. It grows as
    /// the search runs: size a buffer once with
    /// [`max_state_size`](GridSearch::max_state_size) instead.
    ///
    /// # Complexity
    ///
    /// O(reached nodes).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch};
    /// let grid = Grid::new(8, 8).unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(7, 7));
    /// search.step(&grid, 4).unwrap();
    /// let mut buf = vec![0u8; search.state_size()]; // grows with the nodes reached
    /// assert_eq!(search.save_state(&grid, &mut buf), Ok(buf.len()));
    /// ```
    pub fn state_size(&self) -> usize {
        HEADER_LEN + FIXED + self.engine_state_size()
    }

    /// An upper bound on [`state_size`](GridSearch::state_size) for every state this handle
    /// can reach on `grid` with its current options, whatever `grid`'s later edits — so a host
    /// allocates its snapshot buffer once, before the first tick (a snapshot grows with the
    /// search: a few hundred bytes at tick 0, thousands a few ticks later).
    ///
    /// The formula: `28 + 22` bytes (header; the handle's fixed fields and the nested frame's
    /// length) plus the largest bound of the engines the options can resolve to on a grid of
    /// this size (the selection table reads whether the multipliers are uniform, which an edit
    /// can change, so both answers are counted), each for `c` = `grid.cell_count()` cells:
    /// generic A* (kind 2) `74 + 29 c`
    /// ([`AStar::max_state_size`](crate::search::AStar::max_state_size)); octile A* (kind 4)
    /// `71 + 18 c` ([`OctileAStar::max_state_size`](crate::fast::OctileAStar::max_state_size));
    /// JPS and JPS+ (kind 5) `81 + 18 c + 16 (1 + 7 c)`, more with improved pruning
    /// ([`OctileJump::max_state_size`](crate::fast::OctileJump::max_state_size)); Theta* and
    /// Lazy Theta* (kind 6) `87 + 29 c`
    /// ([`ThetaSearch::max_state_size`](crate::theta::ThetaSearch::max_state_size)); HPA*
    /// (kind 9) `77 + 29 c` ([`HpaSearch::max_state_size`](crate::hpa::HpaSearch::max_state_size)).
    /// With [`GridOptions::record_expansions`] or the trace
    /// ([`set_record_trace`](GridSearch::set_record_trace)) on, each engine adds its lists'
    /// bound: one entry per cell for the engines that never reopen a node; none exists for the
    /// generic A*, which may reopen, so a handle that can run it answers `usize::MAX` — a host
    /// that sizes once keeps recording off. Saturates, never overflows.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
    /// let grid = Grid::from_text("........\n.######.\n........").unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// // Sized once, before the first tick; every later save fits.
    /// let mut snapshot = vec![0u8; search.max_state_size(&grid)];
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 1), Cell::new(7, 1)), Step::InProgress);
    /// while search.step(&grid, 1).unwrap() == Step::InProgress {
    ///     let written = search.save_state(&grid, &mut snapshot).unwrap();
    ///     assert_eq!(written, search.state_size());
    /// }
    /// ```
    pub fn max_state_size(&self, grid: &Grid) -> usize {
        let c = grid.cell_count() as usize;
        let expansions_on = self.options.record_expansions;
        let trace_on = self.engine.buffers().record_trace;
        let improved =
            self.improved || self.jps.improved_pruning() || self.jps_plus.improved_pruning();
        let theta_cap = trace_cap(theta_variant(self.options.algorithm), c);
        let nested = candidates(&self.options, grid).map(|engine| {
            // A new search empties the lists: only the running engine's current ones count.
            let (e, t) = if engine == self.active {
                (self.expanded_nodes().len(), self.trace().len())
            } else {
                (0, 0)
            };
            let lists = |cap: Option<usize>, trace_cap: Option<usize>| {
                (
                    recorded(expansions_on, e, cap),
                    recorded(trace_on, t, trace_cap),
                )
            };
            match engine {
                Engine::Generic => {
                    let (e, t) = lists(None, None);
                    kind2_bound(c, e, t)
                }
                Engine::OctileAStar => {
                    let (e, t) = lists(Some(c), Some(c));
                    kind4_bound(c, e, t)
                }
                Engine::OctileJps | Engine::OctileJpsPlus => {
                    let (e, t) = lists(Some(c), Some(c));
                    kind5_bound(grid, improved, e, t)
                }
                Engine::Theta => {
                    let (e, t) = lists(Some(c), Some(theta_cap));
                    kind6_bound(c, e, t)
                }
                Engine::Hpa => kind9_bound(c),
            }
        });
        sum([HEADER_LEN + FIXED, nested[0].max(nested[1])])
    }

    /// Writes the handle's snapshot (kind 3) into `out`, tied to `grid`'s content hash;
    /// returns the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`]; [`StateError::InvalidField`] naming `grid_search.hpa`
    /// for a handle running HPA* that has no hierarchy following `grid` as it is now (before
    /// its first query or [`prepare`](GridSearch::prepare) on `grid`, or after an edit of
    /// `grid` that no query has caught up with yet): the nested HPA* snapshot (kind 9) is tied
    /// to the hierarchy's content hash.
    ///
    /// # Complexity
    ///
    /// A pass over the cells (content hash) plus the visited nodes.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
    /// let grid = Grid::from_text("........\n.######.\n........").unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 1), Cell::new(7, 1)), onepath::Step::InProgress);
    /// assert_eq!(search.step(&grid, 3).unwrap(), onepath::Step::InProgress);
    /// // Size the buffer once with `max_state_size`: `state_size` grows as the search runs.
    /// let mut snapshot = vec![0u8; search.max_state_size(&grid)];
    /// let written = search.save_state(&grid, &mut snapshot).unwrap();
    /// let snapshot = &snapshot[..written];
    /// // A peer restores it and carries on exactly where the saved handle was.
    /// let mut peer = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// peer.restore_state(&grid, snapshot).unwrap();
    /// assert_eq!((peer.state(), peer.iterations()), (Step::InProgress, 3));
    /// while search.step(&grid, 1).unwrap() == Step::InProgress {}
    /// while peer.step(&grid, 5).unwrap() == Step::InProgress {}
    /// assert_eq!(peer.to_path(&grid).unwrap(), search.to_path(&grid).unwrap());
    /// ```
    pub fn save_state(&self, grid: &Grid, out: &mut [u8]) -> Result<usize, StateError> {
        // A handle asking for HPA* that never bound to a grid has no hierarchy yet (one bound
        // that runs A* instead, for options HPA* does not support, saves as A*).
        let unbound = self.selected.is_none() && self.options.algorithm == GridAlgorithm::Hpa;
        let hpa = if self.active == Engine::Hpa || unbound {
            Some(self.hpa.saved_hierarchy(grid, &self.options)?)
        } else {
            None
        };
        let hash = grid.content_hash();
        let inner = self.engine_state_size();
        let o = &self.options;
        write_frame_raw(out, KIND_GRID_SEARCH, hash, FIXED + inner, |body| {
            let (head, rest) = body.split_at_mut(FIXED);
            let mut w = Writer::new(head);
            w.u8(u8::from(o.connectivity == Connectivity::Eight));
            w.u8(match o.diagonal_rule {
                DiagonalRule::NoCornerCutting => 0,
                DiagonalRule::NoSqueezing => 1,
                DiagonalRule::AllowAll => 2,
            });
            w.u8(o.agent_size);
            w.u8(heuristic_code(o.heuristic));
            w.f64(o.weight);
            w.u32(o.iteration_budget);
            let improved = if self.improved { FLAG_IMPROVED } else { 0 };
            w.u8(u8::from(o.record_expansions) | u8::from(o.specialized_engines) << 1 | improved);
            w.u8(match o.algorithm {
                GridAlgorithm::Jps => 1,
                GridAlgorithm::JpsPlus => 2,
                GridAlgorithm::ThetaStar => 3,
                GridAlgorithm::LazyThetaStar => 4,
                GridAlgorithm::Hpa if hpa.is_some() => 5,
                _ => 0,
            });
            w.u32(inner as u32);
            match self.active {
                Engine::Generic => self.engine.save_state(hash, rest),
                Engine::OctileAStar => self.octile.save_state(grid, rest),
                Engine::OctileJps => self.jps.save_state(grid, rest),
                Engine::OctileJpsPlus => self.jps_plus.save_state(grid, rest),
                Engine::Theta => self.theta.save_state(hash, rest),
                Engine::Hpa => match hpa {
                    Some(h) => self.hpa.search.save_state(h, grid, rest),
                    None => Ok(0),
                },
            }
            .map(|_| ())
        })
    }

    /// Restores a snapshot written by [`save_state`](GridSearch::save_state) for `grid` (same
    /// content hash). The handle then continues exactly as the saved one would have. On any
    /// error the handle is unchanged.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] for another map's snapshot; any other [`StateError`] for
    /// malformed or inconsistent bytes (including an engine snapshot of another kind than the
    /// options resolve to on `grid`, unless it is idle).
    ///
    /// # Complexity
    ///
    /// O(r log r + e) for r reached records and e the moves of the recorded parents (restore
    /// enumerates them again to prove every parent link: what the search spent expanding them),
    /// plus binding to `grid` as `try_begin` does. Allocates nothing once the handle is sized.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::StateError;
    /// use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
    /// let grid = Grid::new(12, 12).unwrap();
    /// let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 0), Cell::new(11, 7)), onepath::Step::InProgress);
    /// assert_eq!(search.step(&grid, 4).unwrap(), onepath::Step::InProgress);
    /// let mut tick_4 = vec![0u8; search.state_size()];
    /// search.save_state(&grid, &mut tick_4).unwrap();
    /// assert_eq!(search.run_cancellable(&grid, || false), Ok(onepath::Step::Found));
    /// let finished = search.to_path(&grid).unwrap();
    /// // Roll back to tick 4 and replay: the same answer, bit for bit.
    /// search.restore_state(&grid, &tick_4).unwrap();
    /// assert_eq!(search.iterations(), 4);
    /// assert_eq!(search.run_cancellable(&grid, || false), Ok(onepath::Step::Found));
    /// assert_eq!(search.to_path(&grid).unwrap(), finished);
    /// // A snapshot of another map is refused, and the handle keeps its state.
    /// let other = Grid::new(12, 11).unwrap();
    /// let refused = search.restore_state(&other, &tick_4);
    /// assert!(matches!(refused, Err(StateError::MapMismatch { .. })));
    /// assert_eq!(search.state(), Step::Found);
    /// ```
    pub fn restore_state(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        let hash = grid.content_hash();
        let frame = read_frame_for(bytes, KIND_GRID_SEARCH, hash)?;
        let mut r = Reader::new(frame.payload);
        let (mut options, improved) = read_options(&mut r)?;
        let inner_len = r.u32()? as usize;
        let inner = r.bytes(inner_len)?;
        r.finish("grid_search.payload_length")?;
        if options.algorithm == GridAlgorithm::Hpa {
            // The HPA* options travel in the nested kind 9 (chunk side, smoothing).
            super::hpa_query::options_from_snapshot(&mut options, inner)?;
        }
        let heuristic = resolve_square_heuristic(&options, grid.width(), grid.areas().min_cost())
            .map_err(|_| invalid("grid_search.heuristic"))?;
        let chosen = select(&options, grid);
        let engine = chosen.engine;
        let (kind, _, flags_at) = layout(engine);
        let found_kind = inner
            .get(6..8)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .ok_or(StateError::Truncated {
                needed: 8,
                available: inner.len() as u64,
            })?;
        if found_kind != kind {
            // Another engine's snapshot: only an idle one (a handle that never searched).
            let other = engine_of_kind(found_kind).ok_or(invalid("grid_search.engine"))?;
            let f = read_frame(inner, found_kind)?;
            if f.map_hash != hash {
                return Err(invalid("grid_search.engine"));
            }
            if f.payload.get(layout(other).1).copied() != Some(0) {
                return Err(invalid("grid_search.engine"));
            }
            self.options = options;
            self.improved = improved;
            self.engine.set_heuristic(heuristic);
            // The engines take the snapshot's options (weight, recording, estimate) as a
            // handle created with them would, so that this handle's own snapshot restores.
            self.configure_engines();
            self.bind(grid);
            self.make_idle();
            self.clear_refusal();
            self.check_weight_for(grid);
            return Ok(());
        }
        // The engine's recording flag must be the options' (and, for the generic engine, its
        // weight at payload offset 12); checked before anything changes.
        let payload = inner.get(HEADER_LEN..).unwrap_or(&[]);
        if engine == Engine::Generic {
            let weight = payload.get(12..20).map(|b| le64(b, 0));
            if weight.is_some_and(|w| w != options.weight.to_bits()) {
                return Err(invalid("grid_search.weight"));
            }
        } else if engine == Engine::Theta {
            // The variant of the family and the options' weight.
            let variant = theta_variant(chosen.family).code();
            let weight = payload.get(13..21).map(|b| le64(b, 0));
            if payload.get(12).is_some_and(|&v| v != variant)
                || weight.is_some_and(|w| w != options.weight.to_bits())
            {
                return Err(invalid("grid_search.engine"));
            }
        } else if engine != Engine::Hpa {
            // The specialised engines: the estimate the options ask for, the finder of the
            // family. The nested pruning byte is the running search's own (either: the setting
            // may have changed since it began); kind 5 checks its hops against it.
            let zero = u8::from(options.heuristic == HeuristicKind::Zero);
            let (estimate_at, finder) = match engine {
                Engine::OctileAStar => (16, None),
                Engine::OctileJps => (18, Some(0u8)),
                _ => (18, Some(1u8)),
            };
            if payload.get(estimate_at).is_some_and(|&e| e != zero)
                || finder.is_some_and(|x| payload.get(16).is_some_and(|&b| b != x))
            {
                return Err(invalid("grid_search.engine"));
            }
        }
        let flags = payload.get(flags_at).copied();
        if engine != Engine::Hpa && flags.is_some_and(|f| (f & 1 != 0) != options.record_expansions)
        {
            return Err(invalid("grid_search.record_expansions"));
        }
        match engine {
            Engine::Generic => {
                // Restore validates every parent link against the moves of the topology the
                // query runs on, so the handle binds to `grid` first and goes back to its
                // previous binding (and heuristic) if the snapshot is refused.
                let previous = (*self.engine.heuristic(), self.binding());
                let goal = payload.get(8..12).map_or(u32::MAX, |b| le32(b, 0));
                self.options = options;
                self.bind(grid);
                self.engine.set_heuristic(heuristic);
                if let Err(e) = self.restore_generic(grid, hash, inner, goal) {
                    self.engine.set_heuristic(previous.0);
                    self.set_binding(previous.1);
                    return Err(e);
                }
            }
            Engine::OctileAStar => self.octile.restore_state(grid, inner)?,
            Engine::OctileJps => self.jps.restore_state(grid, inner)?,
            Engine::OctileJpsPlus => self.jps_plus.restore_state(grid, inner)?,
            Engine::Theta => {
                let previous = *self.theta.heuristic();
                self.theta.set_heuristic(theta_heuristic(&options, grid));
                if let Err(e) = self.theta.restore_state(grid, inner) {
                    self.theta.set_heuristic(previous);
                    return Err(e);
                }
            }
            Engine::Hpa => self.hpa.restore(grid, &options, inner)?,
        }
        self.options = options;
        self.improved = improved;
        self.bind(grid);
        self.clear_refusal();
        self.check_weight_for(grid);
        Ok(())
    }

    /// Puts the active engine in the idle state (after restoring an idle handle, or after
    /// [`prepare`](GridSearch::prepare)).
    pub(super) fn make_idle(&mut self) {
        match self.active {
            Engine::Generic => self.engine.make_idle(),
            Engine::OctileAStar => self.octile.make_idle(),
            // A fresh engine's plain pruning: the saved bytes of an idle handle do not
            // depend on what it pruned before (the handle's setting is its own flag).
            Engine::OctileJps => self.jps.make_idle_plain(),
            Engine::OctileJpsPlus => self.jps_plus.make_idle_plain(),
            Engine::Theta => self.theta.make_idle(),
            Engine::Hpa => self.hpa.search.make_idle(),
        }
    }
}
