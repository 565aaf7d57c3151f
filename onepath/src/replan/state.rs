//! The replanner snapshot (kind 8, `docs/snapshot-format.md`): save and restore of
//! [`ReplanSearch`], with an optional section a tier-1 handle appends (its endpoints and
//! options).
//!
//! # What restore proves
//!
//! Everything is read and checked before the target changes, the path walk of a finished
//! state included (into a spare buffer, swapped in at the commit): a refused restore leaves
//! the search as it was, bit for bit. The checks: the variant, node count and endpoints fit
//! the search and the map (and the tier-1 section its handle); an idle state has no node,
//! queue, pending change, key modifier or count; `km` is finite, at least 0, and 0 for LPA*;
//! `iterations >= expansions` (both only ever grow by saturating adds); pending nodes are in
//! range, at most the node count and none with a restart, and only an in-progress state has
//! any; `g`, `rhs` are not NaN and not negative; the queue is in the canonical order, without
//! a node twice, no NaN key. Unless a restart is pending (which drops all of it), the engine's
//! invariants, computed as the engine computes them: every non-pending node's `rhs` is bit for
//! bit its full minimum over its neighbours' `g` plus the hooked move cost on this map (the
//! walkable root's 0, a wall's +∞: LPA*'s predecessors, D* Lite's successors); the queued
//! nodes are exactly the inconsistent non-pending ones (`g` and `rhs` differ beyond the
//! tolerance); every key's k2 is `min(g, rhs)` and its k1 the current key (LPA*) or between k2
//! and the current key (D* Lite, whose keys lag the start's moves: a lower bound, which a pop
//! re-queues). A finished state is one the loop stops in — the queue empty, or the focus
//! consistent and no key below the focus's — and is `Found` exactly when the focus's `g` is
//! finite and the path walks from the focus to the root within the node count at a finite
//! cost, `NoPath` otherwise (what `step` decides). These are the invariants under which
//! LPA*'s and D* Lite's loops return the optimal cost from any `g` values (the state after an
//! arbitrary map change is such a state), so an accepted snapshot continues to the answer a
//! fresh search gives, and one the engine saved continues bit for bit. Every loop is bounded
//! by the node count and the snapshot's length.

use alloc::vec::Vec;
use core::cmp::Ordering;

use super::open_set::{ReplanKey, approx_eq};
use super::path::{Walk, walk_path};
use super::search::{ReplanSearch, ReplanVariant, usable};
use crate::search::NO_NODE;
use crate::search::Step;
use crate::search::step_code::{state_code, state_of};
use crate::state::codec::{Reader, invalid, read_frame_for, write_frame};
use crate::state::size_bound::{per, sum};
use crate::state::{HEADER_LEN, KIND_REPLAN, StateError};
use crate::topology::{Heuristic, StepCost, Topology};

/// Bytes of the fixed fields: variant, node count, root, focus, km, state, iterations,
/// expansions, restart flag.
const FIXED: usize = 1 + 4 + 4 + 4 + 8 + 1 + 4 + 4 + 1;
/// Bytes of one queue entry: node, k1, k2.
const OPEN: usize = 20;
/// Restore marks: a pending node, a queued node.
const PENDING: u8 = 1;
const QUEUED: u8 = 2;
/// Bytes of the optional handle section after its presence byte.
pub(crate) const HANDLE: usize = 16 + 1 + 4;

/// The tier-1 handle's part of a snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HandleSection {
    /// Start and goal cells (x, y).
    pub(crate) start: (i32, i32),
    pub(crate) goal: (i32, i32),
    /// Bit 0 begun, bit 1 start moved, bit 2 goal moved.
    pub(crate) flags: u8,
    /// Connectivity, diagonal rule, agent size, heuristic codes of the options.
    pub(crate) options: [u8; 4],
}

fn variant_code(v: ReplanVariant) -> u8 {
    match v {
        ReplanVariant::LpaStar => 0,
        ReplanVariant::DStarLite => 1,
    }
}

/// The canonical order of queue records: k1, k2 (IEEE total order), node.
fn record_order(a: &[u8; OPEN], b: &[u8; OPEN]) -> Ordering {
    let k = |r: &[u8; OPEN], o: usize| {
        f64::from_bits(u64::from_le_bytes(r[o..o + 8].try_into().unwrap_or([0; 8])))
    };
    let node = |r: &[u8; OPEN]| u32::from_le_bytes(r[..4].try_into().unwrap_or([0; 4]));
    k(a, 4)
        .total_cmp(&k(b, 4))
        .then(k(a, 12).total_cmp(&k(b, 12)))
        .then(node(a).cmp(&node(b)))
}

/// The kind-8 bound for `nodes` nodes, with or without the tier-1 handle section (see
/// [`ReplanSearch::max_state_size`]). Saturates.
pub(crate) fn kind8_bound(nodes: usize, handle: bool) -> usize {
    sum([
        HEADER_LEN + FIXED + 4 + 4 + 1,
        per(nodes, 4 + 16 + OPEN),
        if handle { HANDLE } else { 0 },
    ])
}

impl<C: StepCost, H: Heuristic> ReplanSearch<C, H> {
    /// Bytes [`save_state`](ReplanSearch::save_state) writes.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let new_search = || ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// # let mut s = new_search();
    /// # s.try_begin(&topo, 6, 11);
    /// # s.step(&topo, 3);
    /// let mut bytes = vec![0u8; s.state_size()];
    /// assert_eq!(s.save_state(grid.content_hash(), &mut bytes), Ok(bytes.len()));
    /// ```
    pub fn state_size(&self) -> usize {
        self.state_size_with(false)
    }

    /// An upper bound on [`state_size`](ReplanSearch::state_size) for every state this
    /// search can reach on `topology` (replans, edits marked, start and goal moves), so a host
    /// can size its snapshot buffer once: `28 + 31 + 4 + 4 n + 16 n + 4 + 20 n + 1` bytes =
    /// `68 + 40 n` for `n` = `topology.node_count()` (header; fixed fields; at most `n`
    /// pending nodes — one more turns into a restart; `g` and `rhs` per node; at most one queue
    /// entry per node; the handle byte). Saturates.
    pub fn max_state_size<T: Topology>(&self, topology: &T) -> usize {
        kind8_bound(topology.node_count() as usize, false)
    }

    pub(crate) fn state_size_with(&self, handle: bool) -> usize {
        self.state_size_pending(handle, self.pending.len())
    }

    /// The size of a snapshot of this state with `pending` pending nodes (what the state will
    /// hold once the handle has read the map's journal).
    pub(crate) fn state_size_pending(&self, handle: bool, pending: usize) -> usize {
        let n = if self.root == NO_NODE {
            0
        } else {
            self.node_count as usize
        };
        HEADER_LEN
            + FIXED
            + 4
            + pending * 4
            + n * 16
            + 4
            + self.open.len() * OPEN
            + 1
            + if handle { HANDLE } else { 0 }
    }

    /// Writes the replanner's state (kind 8) into `out`, tied to the map whose content hash is
    /// `map_hash`; returns the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](ReplanSearch::state_size).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let new_search = || ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// # let mut s = new_search();
    /// # s.try_begin(&topo, 6, 11);
    /// # s.step(&topo, 3);
    /// assert!(s.save_state(grid.content_hash(), &mut [0u8; 4]).is_err());
    /// ```
    pub fn save_state(&self, map_hash: u64, out: &mut [u8]) -> Result<usize, StateError> {
        self.save_state_with(map_hash, None, out)
    }

    pub(crate) fn save_state_with(
        &self,
        map_hash: u64,
        handle: Option<HandleSection>,
        out: &mut [u8],
    ) -> Result<usize, StateError> {
        let size = self.state_size_with(handle.is_some());
        let idle = self.root == NO_NODE;
        write_frame(out, KIND_REPLAN, map_hash, size - HEADER_LEN, |w| {
            w.u8(variant_code(self.variant));
            w.u32(if idle { 0 } else { self.node_count });
            w.u32(self.root);
            w.u32(self.focus);
            w.f64(self.km);
            w.u8(state_code(self.state));
            w.u32(self.iterations);
            w.u32(self.expansions);
            w.u8(u8::from(self.restart_pending));
            w.u32_list(&self.pending);
            if !idle {
                for i in 0..self.node_count as usize {
                    w.f64(self.g[i]);
                    w.f64(self.rhs[i]);
                }
            }
            w.u32(self.open.len() as u32);
            // The queue in the canonical order, so the bytes do not depend on the heap layout.
            let records = self.open.entries().map(|(node, key)| {
                let mut e = [0u8; OPEN];
                e[..4].copy_from_slice(&node.to_le_bytes());
                e[4..12].copy_from_slice(&key.k1.to_bits().to_le_bytes());
                e[12..].copy_from_slice(&key.k2.to_bits().to_le_bytes());
                e
            });
            w.sorted(records, record_order);
            match handle {
                None => w.u8(0),
                Some(h) => {
                    w.u8(1);
                    for v in [h.start.0, h.start.1, h.goal.0, h.goal.1] {
                        w.u32(v as u32);
                    }
                    w.u8(h.flags);
                    w.bytes(&h.options);
                }
            }
        })
    }

    /// Restores a state saved by [`save_state`](ReplanSearch::save_state) for the map
    /// `topology` (whose content hash is `map_hash`), after checking that it is one this
    /// search can reach (module docs of `replan::state`).
    ///
    /// # Errors
    ///
    /// A [`StateError`] naming the first field that is wrong; the search is then unchanged.
    ///
    /// # Complexity
    ///
    /// O(nodes · neighbours + queue). Allocates nothing once the search has begun or restored
    /// on a map of the snapshot's node count (the checks and the state reuse its buffers).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::replan::{ReplanSearch, ReplanVariant};
    /// # use onepath::search::Step;
    /// # use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(6, 3).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let new_search = || ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(6, 1.0));
    /// # let mut s = new_search();
    /// # s.try_begin(&topo, 6, 11);
    /// # s.step(&topo, 3);
    /// let mut bytes = vec![0u8; s.state_size()];
    /// s.save_state(grid.content_hash(), &mut bytes).unwrap();
    /// let mut peer = new_search();
    /// peer.restore_state(&topo, grid.content_hash(), &bytes).unwrap(); // checked: a reachable state
    /// assert_eq!((peer.run(&topo), s.run(&topo)), (Step::Found, Step::Found));
    /// assert_eq!((peer.path(), peer.cost()), (s.path(), s.cost()));
    /// ```
    pub fn restore_state<T: Topology>(
        &mut self,
        topology: &T,
        map_hash: u64,
        bytes: &[u8],
    ) -> Result<(), StateError> {
        self.restore_state_with(topology, map_hash, bytes, None, &|_, _, _| true)
            .map(|_| ())
    }

    /// [`restore_state`](ReplanSearch::restore_state) with the tier-1 section: the options it
    /// must carry (`None`: no section) and a check of its endpoints against the engine's.
    /// Allocates nothing when the buffers have the snapshot's node count already (every
    /// restore after a search or restore of a map of that size).
    pub(crate) fn restore_state_with<T: Topology>(
        &mut self,
        topology: &T,
        map_hash: u64,
        bytes: &[u8],
        expect_options: Option<[u8; 4]>,
        handle_fits: &dyn Fn(&HandleSection, u32, u32) -> bool,
    ) -> Result<Option<HandleSection>, StateError> {
        let mut marks = core::mem::take(&mut self.marks);
        let mut walked = core::mem::take(&mut self.scratch);
        let r = self.restore_marked(
            topology,
            map_hash,
            bytes,
            expect_options,
            handle_fits,
            &mut marks,
            &mut walked,
        );
        self.marks = marks;
        self.scratch = walked;
        if r.is_err() && self.focus != NO_NODE {
            // The checks aimed the heuristic at the snapshot's focus; aim it back (a begun
            // search's heuristic is aimed at its focus whenever a key is computed).
            self.heuristic.set_goal(self.focus);
        }
        r
    }

    #[allow(clippy::too_many_lines, clippy::too_many_arguments)]
    fn restore_marked<T: Topology>(
        &mut self,
        topology: &T,
        map_hash: u64,
        bytes: &[u8],
        expect_options: Option<[u8; 4]>,
        handle_fits: &dyn Fn(&HandleSection, u32, u32) -> bool,
        marks: &mut Vec<u8>,
        walked: &mut Vec<u32>,
    ) -> Result<Option<HandleSection>, StateError> {
        let frame = read_frame_for(bytes, KIND_REPLAN, map_hash)?;
        let mut r = Reader::new(frame.payload);
        if r.u8()? != variant_code(self.variant) {
            return Err(invalid("replan.variant"));
        }
        let lpa = self.variant == ReplanVariant::LpaStar;
        let n = r.u32()?;
        let (root, focus) = (r.u32()?, r.u32()?);
        let km = r.f64()?;
        let state = state_of(r.u8()?).ok_or(invalid("replan.state"))?;
        let (iterations, expansions) = (r.u32()?, r.u32()?);
        let restart = match r.u8()? {
            0 => false,
            1 => true,
            _ => return Err(invalid("replan.restart")),
        };
        let pending = r.counted(4, "replan.pending")?;
        let idle = root == NO_NODE;
        let arrays = r.bytes(if idle { 0 } else { n as usize * 16 })?;
        let open = r.counted(OPEN, "replan.open")?;
        let handle = match r.u8()? {
            0 => None,
            1 => {
                let mut v = [0i32; 4];
                for x in &mut v {
                    *x = r.u32()? as i32;
                }
                let flags = r.u8()?;
                let o = r.bytes(4)?;
                if flags > 7 {
                    return Err(invalid("replan.handle.flags"));
                }
                Some(HandleSection {
                    start: (v[0], v[1]),
                    goal: (v[2], v[3]),
                    flags,
                    options: [o[0], o[1], o[2], o[3]],
                })
            }
            _ => return Err(invalid("replan.handle")),
        };
        r.finish("replan.payload_length")?;
        if handle.map(|h| h.options) != expect_options {
            return Err(invalid("replan.handle"));
        }
        if let Some(h) = &handle
            && !handle_fits(h, root, focus)
        {
            return Err(invalid("replan.handle.endpoints"));
        }
        if expansions > iterations {
            return Err(invalid("replan.expansions"));
        }
        if idle {
            if n != 0
                || focus != NO_NODE
                || state != Step::Idle
                || !pending.is_empty()
                || !open.is_empty()
                || restart
                || km != 0.0
                || iterations != 0
            {
                return Err(invalid("replan.idle"));
            }
            self.make_idle();
            return Ok(handle);
        }
        if n != topology.node_count() {
            return Err(invalid("replan.node_count"));
        }
        if root >= n || focus >= n {
            return Err(invalid("replan.endpoints"));
        }
        if !(km.is_finite() && km >= 0.0) || (lpa && km != 0.0) {
            return Err(invalid("replan.km"));
        }
        if state == Step::Idle {
            return Err(invalid("replan.state"));
        }
        let pending_count = pending.len() / 4;
        let pending_at = |i: usize| {
            u32::from_le_bytes([
                pending[4 * i],
                pending[4 * i + 1],
                pending[4 * i + 2],
                pending[4 * i + 3],
            ])
        };
        if pending_count > n as usize || (restart && pending_count > 0) {
            return Err(invalid("replan.pending"));
        }
        // Bit 0: pending; bit 1: queued.
        marks.clear();
        marks.resize(n as usize, 0);
        for i in 0..pending_count {
            let p = pending_at(i);
            if p >= n {
                return Err(invalid("replan.pending"));
            }
            marks[p as usize] |= PENDING;
        }
        if (pending_count > 0 || restart) && state != Step::InProgress {
            return Err(invalid("replan.state"));
        }
        let word = |o: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&arrays[o..o + 8]);
            f64::from_bits(u64::from_le_bytes(b))
        };
        let g = |i: usize| word(16 * i);
        let rhs = |i: usize| word(16 * i + 8);
        for i in 0..n as usize {
            for v in [g(i), rhs(i)] {
                if v.is_nan() || v < 0.0 {
                    return Err(invalid("replan.costs"));
                }
            }
        }
        // The queue: canonical order, in range, no node twice.
        let open_count = open.len() / OPEN;
        if open_count > n as usize {
            return Err(invalid("replan.open"));
        }
        let rec = |i: usize| -> [u8; OPEN] {
            let mut b = [0u8; OPEN];
            b.copy_from_slice(&open[i * OPEN..(i + 1) * OPEN]);
            b
        };
        let entry = |i: usize| -> (u32, ReplanKey) {
            let b = rec(i);
            let node = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            let k1 = f64::from_bits(u64::from_le_bytes(b[4..12].try_into().unwrap_or([0; 8])));
            let k2 = f64::from_bits(u64::from_le_bytes(b[12..20].try_into().unwrap_or([0; 8])));
            (node, ReplanKey { k1, k2 })
        };
        for i in 0..open_count {
            if i > 0 && record_order(&rec(i - 1), &rec(i)) != Ordering::Less {
                return Err(invalid("replan.open.order"));
            }
            let (node, key) = entry(i);
            if node >= n || marks[node as usize] & QUEUED != 0 || key.k1.is_nan() || key.k2.is_nan()
            {
                return Err(invalid("replan.open"));
            }
            marks[node as usize] |= QUEUED;
        }
        // The invariants the engine keeps (unless a restart is pending).
        // Aim the heuristic at the snapshot's focus (what the engine's keys were built with).
        self.heuristic.set_goal(focus);
        if !restart {
            for node in 0..n {
                let i = node as usize;
                if marks[i] & PENDING != 0 {
                    continue;
                }
                let want = if !topology.is_walkable(node) {
                    f64::INFINITY
                } else if node == root {
                    0.0
                } else {
                    let mut best = f64::INFINITY;
                    topology.for_each_neighbor(node, |v, base| {
                        let c = if lpa {
                            self.cost.cost(v, node, base)
                        } else {
                            self.cost.cost(node, v, base)
                        };
                        if usable(c) && (v as usize) < n as usize {
                            let t = g(v as usize) + c;
                            if t < best {
                                best = t;
                            }
                        }
                    });
                    best
                };
                if want.to_bits() != rhs(i).to_bits() {
                    return Err(invalid("replan.rhs"));
                }
                if approx_eq(g(i), rhs(i)) == (marks[i] & QUEUED != 0) {
                    return Err(invalid("replan.open.membership"));
                }
            }
            for (node, key) in (0..open_count).map(entry) {
                let i = node as usize;
                let m = g(i).min(rhs(i));
                let current = m + self.heuristic.estimate(node) + km;
                let ok_k2 = key.k2.to_bits() == m.to_bits();
                let ok_k1 = if lpa {
                    key.k1.to_bits() == current.to_bits()
                } else {
                    key.k1 >= key.k2 && !(ReplanKey { k1: current, k2: m }).less_than(&key)
                };
                if !ok_k2 || !ok_k1 {
                    return Err(invalid("replan.open.key"));
                }
            }
        }
        // A finished state is one the loop stops in, judged as `must_continue` and `step`
        // judge it, on the snapshot's values: the queue empty, or the focus consistent and no
        // entry's key below the focus's key (any entry rather than the heap's top: the same
        // whenever the tolerance groups the keys consistently, and never looser); then `Found`
        // exactly when the focus's g is finite and the path walks to the root, else `NoPath`.
        // The walk fills `walked`, swapped in as the path at the commit.
        let finished = state == Step::Found || state == Step::NoPath;
        let mut path_cost = f64::INFINITY;
        if finished {
            let f = focus as usize;
            let m = g(f).min(rhs(f));
            let focus_key = ReplanKey {
                k1: m + self.heuristic.estimate(focus) + km,
                k2: m,
            };
            let goes_on = open_count > 0
                && (!approx_eq(g(f), rhs(f))
                    || (0..open_count).any(|i| entry(i).1.less_than(&focus_key)));
            if goes_on {
                return Err(invalid("replan.state"));
            }
            walked.clear();
            walked.reserve(n as usize + 1);
            let found = g(f).is_finite() && {
                let w = Walk {
                    lpa,
                    focus,
                    root,
                    node_count: n,
                };
                let (ok, total) = walk_path(topology, &self.cost, w, g, rhs, marks, walked);
                path_cost = total;
                ok
            };
            if found != (state == Step::Found) {
                return Err(invalid("replan.state"));
            }
        }
        // Commit: nothing below can fail.
        self.node_count = n;
        self.root = root;
        self.focus = focus;
        self.km = km;
        self.iterations = iterations;
        self.expansions = expansions;
        self.restart_pending = restart;
        self.g.clear();
        self.rhs.clear();
        for i in 0..n as usize {
            self.g.push(g(i));
            self.rhs.push(rhs(i));
        }
        self.open.reserve_nodes(n);
        for (node, key) in (0..open_count).map(entry) {
            self.open.push(node, key);
        }
        // Sized as a search sizes them (no-ops when they have the size already).
        self.pending.clear();
        self.pending.reserve(n as usize);
        for i in 0..pending_count {
            self.pending.push(pending_at(i));
        }
        self.state = state;
        self.walk_restarted = false;
        self.path.clear();
        if state == Step::Found {
            core::mem::swap(&mut self.path, walked);
            self.path_cost = path_cost;
        } else {
            self.path_cost = f64::INFINITY;
        }
        // Both path buffers hold a path of this map (allocates only for a larger one).
        self.path
            .reserve((n as usize + 1).saturating_sub(self.path.len()));
        walked.clear();
        walked.reserve(n as usize + 1);
        Ok(handle)
    }

    /// Forgets everything (the state before `try_begin`).
    pub(crate) fn make_idle(&mut self) {
        self.root = NO_NODE;
        self.focus = NO_NODE;
        self.node_count = 0;
        self.km = 0.0;
        self.state = Step::Idle;
        self.iterations = 0;
        self.expansions = 0;
        self.walk_restarted = false;
        self.pending.clear();
        self.restart_pending = false;
        self.open.clear();
        self.g.clear();
        self.rhs.clear();
        self.path.clear();
        self.path_cost = f64::INFINITY;
    }
}
