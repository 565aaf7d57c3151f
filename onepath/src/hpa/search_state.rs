//! Snapshot kind 9: the state of an [`HpaSearch`] (`docs/snapshot-format.md`).
//!
//! Payload (little-endian): the hierarchy's content hash u64, chunk side u32, threshold u32,
//! agent size u8, moves u8 (0 four, 1 eight without corner cutting, 2 eight without
//! squeezing), smoothing u8; cell count u32 (0 when idle), start u32, goal u32, state u8 (0
//! idle, 1 in progress, 2 found, 3 no path), iterations u32, expansions u32, goal-edge flag u8
//! (whether the goal's parent reached it through the edge priced by the goal's Dijkstra);
//! reached count u32, then one 17-byte record per reached abstract node in increasing cell
//! order (cell u32, parent u32 or `u32::MAX`, g f64 bits, closed u8); open count u32, then the
//! open set in pop order (cell u32, f f64 bits: smaller f, then larger g, then smaller cell).
//! The insertion costs, the refined and smoothed path are not stored: restore recomputes them
//! exactly as the search does.
//!
//! Restore accepts only states the search can reach, and checks everything before it changes
//! the search: the grid's content hash (frame), the hierarchy current for the grid and equal
//! to the snapshot's (options and content hash); endpoints walkable for the agent; records in
//! strictly increasing cell order with finite, non-negative g; the start's record (g = 0, no
//! parent); every other record's parent a closed record from which the abstract graph has an
//! edge to it (a start edge, intra-edge, the goal edge or an inter-edge, priced as the search
//! prices them) with `g(child) >= g(parent) + cost` (for the goal, the edge the flag names);
//! the not-closed records and the open entries one to one, the entries strictly in pop order
//! with `f = g + h` recomputed bit for bit; the state agreeing with the set (in progress: not
//! empty; no path: empty; found: the goal closed) and the counters with the records
//! (`state/counters.rs`); an idle state as `make_idle` leaves it. Then what the abstract search
//! did around each record (`restore_proof.rs`, issue 27): every expanded record relaxed over
//! the abstract graph's edges as `step` enumerates them, a found goal popped before every open
//! entry, the goal-edge flag set only once the goal is reached. Every loop runs over the bytes
//! once, over a parent chain bounded by the cell count, or over an expanded record's edges.
//! This suffices: every later step only pops, relaxes edges of the graph and walks parent
//! chains, each of which the checks keep in range, and no accepted state answers `NoPath`
//! where a path exists.

use super::hierarchy::{HpaHierarchy, topology};
use super::restore_proof::{check_finish, check_relaxed};
use super::search::{HpaSearch, Insertion, NONE, insertion};
use crate::grid::{Connectivity, DiagonalRule, Grid};
use crate::search::Step;
use crate::search::node_records::NodeRecord;
use crate::search::step_code::{state_code, state_of};
use crate::state::codec::{Reader, invalid, le32, le64, read_frame_for, write_frame};
use crate::state::counters::Counters;
use crate::state::size_bound::{per, sum};
use crate::state::sorted_records::{Record as _, SortedRecords};
use crate::state::{HEADER_LEN, KIND_HPA_SEARCH, StateError};
use crate::topology::{Heuristic, ManhattanHeuristic, OctileHeuristic, Topology as _};

/// The fixed fields, with the two list counts.
const FIXED: usize = 8 + 4 + 4 + 1 + 1 + 1 + 4 + 4 + 4 + 1 + 4 + 4 + 1 + 4 + 4;
const RECORD: usize = NodeRecord::SIZE;
const OPEN: usize = 4 + 8;
type Rec = NodeRecord;

fn moves_code(c: Connectivity, r: DiagonalRule) -> u8 {
    match (c, r) {
        (Connectivity::Four, _) => 0,
        (Connectivity::Eight, DiagonalRule::NoSqueezing) => 2,
        _ => 1,
    }
}

/// The open order as one comparable key (as the open set orders entries).
fn pop_key(cell: u32, f: f64, g: f64) -> (u128, u32) {
    crate::search::pop_rank(cell, f, g)
}

/// The kind-9 bound of [`HpaSearch::max_state_size`] for a grid of `cells` cells.
pub(crate) fn kind9_bound(cells: usize) -> usize {
    sum([HEADER_LEN + FIXED, per(cells, RECORD + OPEN)])
}

impl HpaSearch {
    fn node_count_for_state(&self) -> u32 {
        if self.state == Step::Idle {
            0
        } else {
            self.g.len() as u32
        }
    }

    fn reached(&self, cell: u32) -> bool {
        self.mark[cell as usize] >> 1 == self.generation
    }

    fn reached_count(&self) -> usize {
        (0..self.node_count_for_state())
            .filter(|&c| self.reached(c))
            .count()
    }

    /// Bytes [`save_state`](Self::save_state) writes. Allocates nothing.
    ///
    /// # Complexity
    ///
    /// O(cells) (one pass over the marks).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// # s.try_begin(&h, &grid, 8, 15).unwrap();
    /// # s.step(&h, &grid, 1).unwrap();
    /// let mut bytes = vec![0u8; s.state_size()];
    /// assert_eq!(s.save_state(&h, &grid, &mut bytes), Ok(bytes.len()));
    /// ```
    pub fn state_size(&self) -> usize {
        HEADER_LEN + FIXED + self.reached_count() * RECORD + self.open.len() * OPEN
    }

    /// An upper bound on [`state_size`](Self::state_size) for every state this search can
    /// reach on `grid` (any hierarchy of it), so a host can size its snapshot buffer once:
    /// `28 + 49 + 17 c + 12 c` bytes = `77 + 29 c` for `c` = `grid.cell_count()` (header; fixed
    /// fields; a reached record and at most one open entry per abstract node, and the abstract
    /// nodes are cells). No list is recorded. Saturates.
    pub fn max_state_size(&self, grid: &Grid) -> usize {
        kind9_bound(grid.cell_count() as usize)
    }

    /// Writes the search state (kind 9) into `out`, tied to `grid`'s content hash and to
    /// `hier` (its options and content hash); returns the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](Self::state_size).
    ///
    /// # Complexity
    ///
    /// A pass over the cells (content hash, marks) and the hierarchy (its hash), plus the open
    /// set sorted in place.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// # s.try_begin(&h, &grid, 8, 15).unwrap();
    /// # s.step(&h, &grid, 1).unwrap();
    /// assert!(s.save_state(&h, &grid, &mut [0u8; 4]).is_err()); // too short: nothing written
    /// ```
    pub fn save_state(
        &self,
        hier: &HpaHierarchy,
        grid: &Grid,
        out: &mut [u8],
    ) -> Result<usize, StateError> {
        let size = self.state_size();
        let n = self.node_count_for_state();
        let c = hier.config();
        write_frame(
            out,
            KIND_HPA_SEARCH,
            grid.content_hash(),
            size - HEADER_LEN,
            |w| {
                w.u64(hier.content_hash());
                w.u32(c.chunk_size);
                w.u32(c.threshold);
                w.u8(c.agent_size);
                w.u8(moves_code(c.connectivity, c.rule));
                w.u8(u8::from(self.smoothing));
                w.u32(n);
                w.u32(self.start);
                w.u32(self.goal);
                w.u8(state_code(self.state));
                w.u32(self.iterations);
                w.u32(self.expansions);
                w.u8(u8::from(self.goal_via_goal_edge));
                w.u32(self.reached_count() as u32);
                for cell in (0..n).filter(|&v| self.reached(v)) {
                    w.u32(cell);
                    w.u32(self.parent[cell as usize]);
                    w.f64(self.g[cell as usize]);
                    w.u8(u8::from(self.mark[cell as usize] & 1 == 1));
                }
                let entries = self.open.entries().map(|(cell, f, _)| {
                    let mut e = [0u8; OPEN];
                    e[..4].copy_from_slice(&cell.to_le_bytes());
                    e[4..].copy_from_slice(&f.to_bits().to_le_bytes());
                    e
                });
                let rank = |e: &[u8; OPEN]| {
                    let cell = le32(e, 0);
                    pop_key(cell, f64::from_bits(le64(e, 4)), self.g[cell as usize])
                };
                w.u32(self.open.len() as u32);
                w.sorted(entries, |x, y| rank(x).cmp(&rank(y)));
            },
        )
    }

    /// The cheapest abstract edge from `p` to `v` the search relaxes (`+inf` when none);
    /// `goal_edge` picks, for `v == goal`, the edge priced by the goal's Dijkstra instead of
    /// the others. `start_costs` / `goal_costs` / `to_goal` are the insertion costs.
    fn edge_cost(
        hier: &HpaHierarchy,
        (start, goal): (u32, u32),
        (start_costs, goal_costs, to_goal): (&[f64], &[f64], f64),
        (p, v): (u32, u32),
        goal_edge: bool,
    ) -> f64 {
        let Some(k) = hier.chunk_of(p) else {
            return f64::INFINITY;
        };
        let chunk = hier.chunk(k);
        let own = chunk.nodes.binary_search(&p).ok();
        let kg = hier.chunk_of(goal);
        if v == goal && goal_edge {
            return match own {
                Some(i) if p != start && Some(k) == kg => goal_costs[i],
                _ => f64::INFINITY,
            };
        }
        let mut best = f64::INFINITY;
        if p == start {
            if let Ok(j) = chunk.nodes.binary_search(&v) {
                best = best.min(start_costs[j]);
            }
            if v == goal {
                best = best.min(to_goal);
            }
        } else if let Some(i) = own
            && let Ok(j) = chunk.nodes.binary_search(&v)
            && i != j
        {
            best = best.min(chunk.intra[i * chunk.nodes.len() + j]);
        }
        if own.is_some() {
            let lo = chunk.inter.partition_point(|e| e.from < p);
            for e in chunk.inter[lo..].iter().take_while(|e| e.from == p) {
                if e.to == v {
                    best = best.min(e.cost);
                }
            }
        }
        best
    }

    /// Restores a state saved by [`save_state`](Self::save_state) for `grid` (same content
    /// hash) and `hier` (the same hierarchy, current for `grid`). On any error the search is
    /// unchanged; see the module documentation for what is checked.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] for another grid's snapshot, `InvalidField` naming the
    /// field for anything a search cannot reach (`hpa.hierarchy` for another hierarchy or one
    /// not refreshed), and the framing errors of every kind.
    ///
    /// # Complexity
    ///
    /// O(cells) for the content hash, O(r log r) for r reached records, plus two
    /// chunk-restricted Dijkstras (insertion) and, for a found state, the refinement.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    /// # use onepath::search::Step;
    /// # use onepath::Grid;
    /// # let grid = Grid::from_text("........\n.######.\n........\n........").unwrap();
    /// # let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    /// # let mut s = HpaSearch::new();
    /// # s.try_begin(&h, &grid, 8, 15).unwrap();
    /// # s.step(&h, &grid, 1).unwrap();
    /// let mut bytes = vec![0u8; s.state_size()];
    /// s.save_state(&h, &grid, &mut bytes).unwrap();
    /// let mut peer = HpaSearch::new();
    /// peer.restore_state(&h, &grid, &bytes).unwrap();
    /// assert_eq!((peer.run(&h, &grid), s.run(&h, &grid)), (Ok(Step::Found), Ok(Step::Found)));
    /// assert_eq!((peer.path(), peer.cost()), (s.path(), s.cost()));
    /// ```
    pub fn restore_state(
        &mut self,
        hier: &HpaHierarchy,
        grid: &Grid,
        bytes: &[u8],
    ) -> Result<(), StateError> {
        let frame = read_frame_for(bytes, KIND_HPA_SEARCH, grid.content_hash())?;
        let mut r = Reader::new(frame.payload);
        let c = hier.config();
        let hier_hash = r.u64()?;
        let (chunk, threshold, agent, moves) = (r.u32()?, r.u32()?, r.u8()?, r.u8()?);
        if !hier.is_current(grid)
            || hier_hash != hier.content_hash()
            || (chunk, threshold, agent, moves)
                != (
                    c.chunk_size,
                    c.threshold,
                    c.agent_size,
                    moves_code(c.connectivity, c.rule),
                )
        {
            return Err(invalid("hpa.hierarchy"));
        }
        let smoothing = match r.u8()? {
            0 => false,
            1 => true,
            _ => return Err(invalid("hpa.smoothing")),
        };
        let n = r.u32()?;
        let (start, goal) = (r.u32()?, r.u32()?);
        let state = state_of(r.u8()?).ok_or(invalid("hpa.state"))?;
        let (iterations, expansions) = (r.u32()?, r.u32()?);
        let goal_edge = match r.u8()? {
            0 => false,
            1 => true,
            _ => return Err(invalid("hpa.goal_edge")),
        };
        let records = SortedRecords::<Rec>::read(&mut r, "hpa.reached")?;
        let open = r.counted(OPEN, "hpa.open")?;
        r.finish("hpa.payload_length")?;
        if state == Step::Idle {
            // As `make_idle` leaves a search: no endpoints, counters, records or flag.
            let endpoints = start != NONE || goal != NONE;
            let counts = iterations != 0 || expansions != 0 || goal_edge;
            if n != 0 || records.len() != 0 || !open.is_empty() || endpoints || counts {
                return Err(invalid("hpa.idle"));
            }
            self.make_idle();
            self.smoothing = smoothing;
            return Ok(());
        }
        let cells = grid.cell_count();
        let topo = topology(grid, &c, hier.clearance());
        if n != cells || !topo.is_walkable(start) || !topo.is_walkable(goal) {
            return Err(invalid("hpa.endpoints"));
        }
        // Insertion, into the spare vectors (the search's own stay as they are until the end).
        let mut spare_start = core::mem::take(&mut self.spare_start);
        let mut spare_goal = core::mem::take(&mut self.spare_goal);
        let to_goal = insertion(
            &mut self.chunk,
            hier,
            &topo,
            (start, goal),
            &mut spare_start,
            &mut spare_goal,
        );
        let checked = Self::check_records(
            hier,
            (start, goal),
            (&spare_start, &spare_goal, to_goal),
            &records,
            goal_edge,
            cells,
        );
        let scale = grid.areas().min_cost();
        let eight = c.connectivity == Connectivity::Eight;
        let mut octile = OctileHeuristic::new(grid.width(), scale);
        let mut manhattan = ManhattanHeuristic::new(grid.width(), scale);
        octile.set_goal(goal);
        manhattan.set_goal(goal);
        let h = |cell: u32| {
            if eight {
                octile.estimate(cell)
            } else {
                manhattan.estimate(cell)
            }
        };
        let result = checked.and_then(|(closed, goal_closed, start_closed)| {
            Self::check_open(&records, open, h)?;
            let open_count = open.len() / OPEN;
            let ok_state = match state {
                Step::InProgress => open_count > 0 && !goal_closed,
                Step::NoPath => open_count == 0 && !goal_closed,
                Step::Found => goal_closed,
                _ => false,
            };
            let counters = Counters {
                iterations,
                expansions,
                found: state == Step::Found,
                reached: records.len(),
                closed,
                start_closed,
                recorded: (0, 0),
                never_reopens: false,
            };
            if !ok_state || !counters.agree() || records.len() != closed + open_count {
                return Err(invalid("hpa.state"));
            }
            // The flag names the edge that last improved the goal: none before it is reached.
            if goal_edge && records.find(goal).is_none() {
                return Err(invalid("hpa.goal_edge"));
            }
            let found_goal = if state == Step::Found { goal } else { NONE };
            check_finish(&records, open, found_goal, h)?;
            let ins = Insertion {
                ends: (start, goal),
                goal_chunk: hier.chunk_of(goal).unwrap_or(0),
                start_costs: &spare_start,
                goal_costs: &spare_goal,
                start_to_goal: to_goal,
            };
            check_relaxed(hier, &ins, &records, found_goal)
        });
        if let Err(e) = result {
            self.spare_start = spare_start;
            self.spare_goal = spare_goal;
            return Err(e);
        }
        // Everything holds: apply.
        self.spare_start = core::mem::replace(&mut self.start_costs, spare_start);
        self.spare_goal = core::mem::replace(&mut self.goal_costs, spare_goal);
        self.start_to_goal = to_goal;
        let size = cells as usize;
        if self.g.len() != size {
            self.g.clear();
            self.g.resize(size, 0.0);
            self.parent.clear();
            self.parent.resize(size, NONE);
            self.mark.clear();
            self.mark.resize(size, 0);
            self.generation = 0;
        }
        if self.open.node_capacity() < cells {
            self.open.reserve_nodes(cells);
        }
        self.open.clear();
        self.generation += 1;
        if self.generation >= (1 << 31) {
            self.generation = 1;
            self.mark.iter_mut().for_each(|m| *m = 0);
        }
        for i in 0..records.len() {
            let rec = records.get(i);
            let v = rec.node as usize;
            self.g[v] = rec.g;
            self.parent[v] = rec.parent;
            self.mark[v] = self.generation << 1 | u32::from(rec.closed);
        }
        for k in 0..open.len() / OPEN {
            let cell = le32(open, k * OPEN);
            let f = f64::from_bits(le64(open, k * OPEN + 4));
            // Cannot fail: f and g were checked finite.
            let _ = self.open.push(cell, f, self.g[cell as usize]);
        }
        self.smoothing = smoothing;
        self.start = start;
        self.goal = goal;
        self.revision = grid.revision();
        self.start_chunk = hier.chunk_of(start).unwrap_or(0);
        self.goal_chunk = hier.chunk_of(goal).unwrap_or(0);
        self.eight = eight;
        self.octile = octile;
        self.manhattan = manhattan;
        self.iterations = iterations;
        self.expansions = expansions;
        self.goal_via_goal_edge = goal_edge;
        self.state = state;
        self.path.clear();
        self.abstract_path.clear();
        self.cost = 0.0;
        if state == Step::Found {
            self.finish(hier, grid);
        }
        Ok(())
    }

    /// Checks the records; returns (closed count, goal closed, start closed).
    fn check_records(
        hier: &HpaHierarchy,
        ends: (u32, u32),
        costs: (&[f64], &[f64], f64),
        records: &SortedRecords<'_, Rec>,
        goal_edge: bool,
        cells: u32,
    ) -> Result<(usize, bool, bool), StateError> {
        let (start, goal) = ends;
        let (mut closed, mut goal_closed, mut start_closed) = (0, false, false);
        let mut last: Option<u32> = None;
        let mut saw_start = false;
        for i in 0..records.len() {
            let rec = records.get(i);
            if rec.node >= cells || last.is_some_and(|l| rec.node <= l) {
                return Err(invalid("hpa.reached.cell"));
            }
            last = Some(rec.node);
            if !(rec.g.is_finite() && rec.g >= 0.0) {
                return Err(invalid("hpa.reached.g"));
            }
            closed += usize::from(rec.closed);
            if rec.node == goal {
                goal_closed = rec.closed;
            }
            if rec.node == start {
                saw_start = true;
                start_closed = rec.closed;
                if rec.parent != NONE || rec.g.to_bits() != 0 {
                    return Err(invalid("hpa.reached.start"));
                }
                continue;
            }
            let Some(pi) = records.find(rec.parent) else {
                return Err(invalid("hpa.reached.parent"));
            };
            let p = records.get(pi);
            let via = goal_edge && rec.node == goal;
            let cost = Self::edge_cost(hier, ends, costs, (p.node, rec.node), via);
            if !p.closed || p.node == rec.node || !cost.is_finite() || rec.g < p.g + cost {
                return Err(invalid("hpa.reached.parent"));
            }
        }
        if !saw_start {
            return Err(invalid("hpa.reached.start"));
        }
        Ok((closed, goal_closed, start_closed))
    }

    /// Checks the open entries: each a not-closed record, keys recomputed, strictly in pop
    /// order (so distinct).
    fn check_open(
        records: &SortedRecords<'_, Rec>,
        open: &[u8],
        h: impl Fn(u32) -> f64,
    ) -> Result<(), StateError> {
        let mut prev: Option<(u128, u32)> = None;
        for k in 0..open.len() / OPEN {
            let cell = le32(open, k * OPEN);
            let f = f64::from_bits(le64(open, k * OPEN + 4));
            let Some(i) = records.find(cell) else {
                return Err(invalid("hpa.open.cell"));
            };
            let rec = records.get(i);
            if rec.closed || f.to_bits() != (rec.g + h(cell)).to_bits() {
                return Err(invalid("hpa.open.key"));
            }
            let key = pop_key(cell, f, rec.g);
            if prev.is_some_and(|p| key <= p) {
                return Err(invalid("hpa.open.order"));
            }
            prev = Some(key);
        }
        Ok(())
    }
}
