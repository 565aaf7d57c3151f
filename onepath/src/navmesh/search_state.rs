//! Snapshot kind 17: a [`NavSearch`] in flight (`docs/snapshot-format.md`, "Kind 17").
//!
//! Payload, little-endian: node count u32 (`half_edge_count + 1`, 0 when idle); start x, start
//! y, goal x, goal y as i64 (fixed point, 2^-16 cell); start polygon, goal polygon u32
//! (`u32::MAX` when idle); state u8 (0 idle, 1 in progress, 2 found, 3 no path); iterations,
//! expansions u32; the reached records and the open set in pop order (the layout kind 2 uses:
//! count u32, then node u32, parent u32 or `u32::MAX` for a start offer, g f64 bits, closed u8
//! per record by increasing node; count u32, then node u32, f f64 bits per entry by smaller f,
//! larger g, smaller node); the pop order: count u32, then the closed nodes in the order they
//! were popped. The header's map hash is the mesh's
//! [`content_hash`](NavMesh::content_hash).
//!
//! Restore proves the state is one the search reaches on this mesh (DESIGN.md §5; the list of
//! rules is in `docs/snapshot-format.md`), and changes nothing unless it accepts.

use super::crossings::{MeshShape, estimate, for_each_offer, for_each_start_offer, locate_in};
use super::{NavMesh, NavPoint, NavSearch};
use crate::search::node_records::{
    NodeRecord, OPEN_ENTRY, commit_section, open_entry, section_size, write_section,
};
use crate::search::step_code::{state_code, state_of};
use crate::search::{NO_NODE, Step, pop_rank};
use crate::state::codec::{HEADER_LEN, Reader, invalid, le32, read_frame_for, write_frame};
use crate::state::relaxation::{Reopening, check_relaxed, reflected};
use crate::state::size_bound::{per, sum};
use crate::state::sorted_records::SortedRecords;
use crate::state::{KIND_NAV_SEARCH, StateError};

/// Kind 17's fixed payload: node count, four coordinates, two polygons, state, two counters.
const FIXED: usize = 4 + 4 * 8 + 4 + 4 + 1 + 4 + 4;
/// Scratch value of a record not met yet in the pop order or the open list.
const UNSEEN: u32 = u32::MAX;
/// Scratch value of a not-closed record already matched with its open entry.
const OPEN_SEEN: u32 = u32::MAX - 1;

/// The fixed fields of a kind-17 payload.
struct Head {
    nodes: u32,
    start: NavPoint,
    goal: NavPoint,
    start_poly: u32,
    goal_poly: u32,
    state: Step,
    iterations: u32,
    expansions: u32,
}

impl NavSearch {
    /// Bytes [`save_state`](Self::save_state) writes now. Allocates nothing.
    ///
    /// # Complexity
    ///
    /// O(half-edges) (one pass over the marks).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::NavSearch;
    /// assert_eq!(NavSearch::new().state_size(), 28 + 53 + 4 + 4 + 4); // header, fields, empty lists
    /// ```
    pub fn state_size(&self) -> usize {
        HEADER_LEN
            + FIXED
            + section_size(&self.buffers, self.node_count())
            + 4
            + 4 * self.popped.len()
    }

    /// An upper bound on [`state_size`](Self::state_size) for every state a search can reach
    /// on `mesh`, so a host allocates its save buffer once:
    ///
    /// `28 + 53 + 4 + 17·N + 4 + 12·N + 4 + 4·N = 93 + 33·N` with N = `half_edge_count + 1`
    /// (the header, the fixed fields, at most one reached record, one open entry and one pop
    /// per node), saturating at `usize::MAX`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavSearch, NavSettings};
    /// use onepath::GridSpace;
    /// let mesh = NavMesh::from_walkable(4, 4, &[true; 16], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let n = mesh.half_edge_count() as usize + 1;
    /// assert_eq!(NavSearch::max_state_size(&mesh), 93 + 33 * n);
    /// ```
    pub fn max_state_size(mesh: &NavMesh) -> usize {
        let n = mesh.half_edge_count() as usize + 1;
        sum([
            HEADER_LEN,
            FIXED,
            4,
            per(n, 17),
            4,
            per(n, OPEN_ENTRY),
            4,
            per(n, 4),
        ])
    }

    /// Node count of the bound search (0 while idle).
    fn node_count(&self) -> u32 {
        if self.status == Step::Idle {
            0
        } else {
            self.shape.half_edges.saturating_add(1)
        }
    }

    /// Writes the search's snapshot (kind 17) into `out`, tied to `mesh`'s
    /// [`content_hash`](NavMesh::content_hash); returns the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](Self::state_size); nothing is written then.
    ///
    /// # Complexity
    ///
    /// O(half-edges + o log o) for o open entries, plus the mesh's content hash.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// // A comb: walls at odd x above the bottom row, so the path winds down and up.
    /// let walkable: Vec<bool> = (0..27).map(|i| i % 9 % 2 == 0 || i < 9).collect();
    /// let mesh = NavMesh::from_walkable(9, 3, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, NavPoint::corner(0, 3), NavPoint::corner(9, 3));
    /// let _ = search.step(&mesh, 3);
    /// let mut bytes = vec![0u8; NavSearch::max_state_size(&mesh)];
    /// let n = search.save_state(&mesh, &mut bytes).unwrap();
    /// // A peer restores it and carries on exactly where the saved search was.
    /// let mut peer = NavSearch::new();
    /// peer.restore_state(&mesh, &bytes[..n]).unwrap();
    /// assert_eq!((peer.status(), peer.iterations()), (Step::InProgress, 3));
    /// assert_eq!((peer.run(&mesh), search.run(&mesh)), (Step::Found, Step::Found));
    /// assert_eq!(peer.waypoints(), search.waypoints());
    /// ```
    pub fn save_state(&self, mesh: &NavMesh, out: &mut [u8]) -> Result<usize, StateError> {
        let nodes = self.node_count();
        let idle = nodes == 0;
        let payload = self.state_size() - HEADER_LEN;
        write_frame(out, KIND_NAV_SEARCH, mesh.content_hash(), payload, |w| {
            w.u32(nodes);
            let (s, g) = if idle {
                (NavPoint { x: 0, y: 0 }, NavPoint { x: 0, y: 0 })
            } else {
                (self.start, self.goal)
            };
            for v in [s.x, s.y, g.x, g.y] {
                w.u64(v as u64);
            }
            w.u32(if idle { NO_NODE } else { self.start_poly });
            w.u32(if idle { NO_NODE } else { self.goal_poly });
            w.u8(state_code(self.status));
            w.u32(self.popped.len() as u32);
            w.u32(u32::try_from(self.expansions).unwrap_or(u32::MAX));
            write_section(w, &self.buffers, nodes);
            w.u32_list(&self.popped);
        })
    }

    /// Restores a kind-17 snapshot written for `mesh` (same content hash). The search then
    /// continues exactly as the saved one would have: same pops, corridor, waypoints, length
    /// bits, counters and later snapshots. On any error the search is unchanged (its next
    /// `save_state` writes the bytes it wrote before).
    ///
    /// What restore proves (DESIGN.md §5; `docs/snapshot-format.md`, "Kind 17"): the start
    /// and goal lie on the polygons recorded (located again); every record is a linked
    /// half-edge or the goal node with a finite g; a record without a parent is a start offer
    /// with exactly the start's price; every other record's parent is a closed crossing,
    /// popped before it, that offers it exactly its g (priced by the search's own function);
    /// the pop order lists every closed record once; open entries match the not-closed
    /// records one to one with `f = g + h` recomputed, strictly in pop order; every start
    /// offer and every offer of an expanded record is reflected (`Reopening::Never`: a target
    /// popped before the offerer is final, any other must have `g <=` the offer); the state
    /// is one the loop stops in, and the counters agree with the records.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] for a snapshot of another mesh; [`StateError::InvalidField`]
    /// naming the `nav_search.*` field that failed; any other [`StateError`] for malformed
    /// bytes.
    ///
    /// # Complexity
    ///
    /// O(r log r + d·c) for r records and c closed ones with polygons of at most d edges,
    /// plus the mesh's content hash and the funnel of a found state. Allocates nothing once
    /// the search is sized for the mesh.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::state::StateError;
    /// use onepath::{GridSpace, Step};
    /// let walkable: Vec<bool> = (0..27).map(|i| i % 9 % 2 == 0 || i < 9).collect(); // a comb
    /// let mesh = NavMesh::from_walkable(9, 3, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, NavPoint::corner(0, 3), NavPoint::corner(9, 3));
    /// let _ = search.step(&mesh, 2);
    /// let mut tick_2 = vec![0u8; NavSearch::max_state_size(&mesh)];
    /// let n = search.save_state(&mesh, &mut tick_2).unwrap();
    /// let _ = search.run(&mesh);
    /// let length = search.length();
    /// // Roll back to tick 2 and replay: the same answer, bit for bit.
    /// search.restore_state(&mesh, &tick_2[..n]).unwrap();
    /// assert_eq!(search.iterations(), 2);
    /// let _ = search.run(&mesh);
    /// assert_eq!(search.length(), length);
    /// // A snapshot of another mesh is refused, and the search keeps its state.
    /// let other = NavMesh::from_walkable(5, 1, &[true; 5], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// assert!(matches!(search.restore_state(&other, &tick_2[..n]), Err(StateError::MapMismatch { .. })));
    /// assert_eq!(search.status(), Step::Found);
    /// ```
    pub fn restore_state(&mut self, mesh: &NavMesh, bytes: &[u8]) -> Result<(), StateError> {
        let frame = read_frame_for(bytes, KIND_NAV_SEARCH, mesh.content_hash())?;
        let mut r = Reader::new(frame.payload);
        let head = Head {
            nodes: r.u32()?,
            start: NavPoint {
                x: r.u64()? as i64,
                y: r.u64()? as i64,
            },
            goal: NavPoint {
                x: r.u64()? as i64,
                y: r.u64()? as i64,
            },
            start_poly: r.u32()?,
            goal_poly: r.u32()?,
            state: state_of(r.u8()?).ok_or(invalid("nav_search.state"))?,
            iterations: r.u32()?,
            expansions: r.u32()?,
        };
        let records = SortedRecords::<NodeRecord>::read(&mut r, "nav_search.reached.count")?;
        let open = r.counted(OPEN_ENTRY, "nav_search.open.count")?;
        let popped = r.counted(4, "nav_search.popped.count")?;
        r.finish("nav_search.payload_length")?;
        if head.state == Step::Idle {
            let zero = NavPoint { x: 0, y: 0 };
            let empty = records.len() == 0 && open.is_empty() && popped.is_empty();
            if head.nodes != 0
                || head.start != zero
                || head.goal != zero
                || head.start_poly != NO_NODE
                || head.goal_poly != NO_NODE
                || head.iterations != 0
                || head.expansions != 0
                || !empty
            {
                return Err(invalid("nav_search.idle"));
            }
            self.reset();
            return Ok(());
        }
        let shape = MeshShape::of(mesh);
        if head.nodes != shape.half_edges.saturating_add(1) || shape.half_edges == u32::MAX {
            return Err(invalid("nav_search.node_count"));
        }
        if locate_in(mesh, head.start) != Some(head.start_poly) {
            return Err(invalid("nav_search.start"));
        }
        if locate_in(mesh, head.goal) != Some(head.goal_poly) {
            return Err(invalid("nav_search.goal"));
        }
        // Size first (keeps the running search), validate with the open set's position
        // index as scratch, put the index back, then commit.
        self.reserve(shape);
        let checked = check(
            mesh,
            &head,
            &records,
            open,
            popped,
            self.buffers.open.scratch(),
        );
        self.buffers.open.repair_positions();
        checked?;
        self.bind(mesh, head.start, head.goal, head.start_poly, head.goal_poly);
        commit_section(&mut self.buffers, &records, open);
        self.popped
            .extend((0..popped.len() / 4).map(|k| le32(popped, 4 * k)));
        self.expansions = u64::from(head.expansions);
        self.status = head.state;
        if head.state == Step::Found {
            self.finish(mesh);
        }
        Ok(())
    }
}

/// Everything restore proves, before anything changes; `scratch` (at least the record count
/// long) is overwritten.
fn check(
    mesh: &NavMesh,
    head: &Head,
    records: &SortedRecords<'_, NodeRecord>,
    open: &[u8],
    popped: &[u8],
    scratch: &mut [u32],
) -> Result<(), StateError> {
    let count = records.len();
    let goal_node = head.nodes - 1;
    if scratch.len() < count || count > head.nodes as usize {
        return Err(invalid("nav_search.reached.count"));
    }
    // Records: increasing linked half-edges (or the goal node), g finite and not negative.
    let mut closed = 0usize;
    for (i, mark) in scratch.iter_mut().enumerate().take(count) {
        let rec = records.get(i);
        if (i > 0 && rec.node <= records.get(i - 1).node)
            || rec.node > goal_node
            || (rec.node != goal_node && mesh.twin(rec.node) == NO_NODE)
        {
            return Err(invalid("nav_search.reached.node"));
        }
        if !rec.g.is_finite() || rec.g < 0.0 {
            return Err(invalid("nav_search.reached.g"));
        }
        if records.raw(i)[16] > 1 {
            return Err(invalid("nav_search.reached.closed"));
        }
        closed += usize::from(rec.closed);
        *mark = UNSEEN;
    }
    // The pop order: every closed record exactly once; the scratch keeps each one's position.
    let pops = popped.len() / 4;
    if pops != closed || head.iterations as usize != pops {
        return Err(invalid("nav_search.popped.count"));
    }
    for k in 0..pops {
        let idx = records
            .find(le32(popped, 4 * k))
            .ok_or(invalid("nav_search.popped.node"))?;
        if !records.get(idx).closed || scratch[idx] != UNSEEN {
            return Err(invalid("nav_search.popped.node"));
        }
        scratch[idx] = k as u32;
    }
    // Open entries: one per not-closed record, f recomputed, strictly in pop order.
    let open_count = open.len() / OPEN_ENTRY;
    if open_count != count - closed {
        return Err(invalid("nav_search.open.count"));
    }
    let mut prev = None;
    for k in 0..open_count {
        let (node, f) = open_entry(open, k);
        let idx = records.find(node).ok_or(invalid("nav_search.open.node"))?;
        let rec = records.get(idx);
        if rec.closed || scratch[idx] != UNSEEN {
            return Err(invalid("nav_search.open.node"));
        }
        scratch[idx] = OPEN_SEEN;
        let expected = rec.g + estimate(mesh, node, head.goal);
        // The open set stores either zero as +0.0.
        if f.to_bits() != (expected + 0.0).to_bits() {
            return Err(invalid("nav_search.open.f"));
        }
        let rank = pop_rank(node, f, rec.g);
        if prev.is_some_and(|p| p >= rank) {
            return Err(invalid("nav_search.open.order"));
        }
        prev = Some(rank);
    }
    let position = |idx: usize, scratch: &[u32]| scratch[idx];
    // Parents: a start offer at exactly its price, or a closed crossing popped earlier that
    // offers the record exactly its g.
    for i in 0..count {
        let rec = records.get(i);
        let mut offered = None;
        if rec.parent == NO_NODE {
            for_each_start_offer(
                mesh,
                head.start,
                head.start_poly,
                head.goal,
                head.goal_poly,
                |m, c| {
                    if m == rec.node {
                        offered = Some(c);
                    }
                },
            );
        } else {
            let p = records
                .find(rec.parent)
                .ok_or(invalid("nav_search.reached.parent"))?;
            let parent = records.get(p);
            let earlier = !rec.closed || position(p, scratch) < position(i, scratch);
            if !parent.closed || parent.node == goal_node || !earlier {
                return Err(invalid("nav_search.reached.parent"));
            }
            for_each_offer(
                mesh,
                parent.node,
                parent.g,
                head.goal_poly,
                head.goal,
                |m, c| {
                    if m == rec.node {
                        offered = Some(c);
                    }
                },
            );
        }
        if offered.map(f64::to_bits) != Some(rec.g.to_bits()) {
            return Err(invalid("nav_search.reached.parent"));
        }
    }
    // Finished states are ones the loop stops in; the counters agree with the records.
    let goal = records.find(goal_node).map(|i| records.get(i));
    let goal_closed = goal.is_some_and(|g| g.closed);
    let found = head.state == Step::Found;
    let state_ok = match head.state {
        Step::Found => {
            let last = pops.checked_sub(1).map(|k| le32(popped, 4 * k));
            let g = goal.map_or(0.0, |g| g.g);
            let before_open = open_count == 0 || {
                let (node, f) = open_entry(open, 0);
                let rec = records.get(records.find(node).unwrap_or(0));
                pop_rank(goal_node, g + 0.0, g) < pop_rank(node, f, rec.g)
            };
            goal_closed && last == Some(goal_node) && before_open
        }
        Step::NoPath => !goal_closed && open_count == 0,
        _ => !goal_closed && open_count > 0,
    };
    if !state_ok {
        return Err(invalid("nav_search.state"));
    }
    if head.expansions != head.iterations - u32::from(found) {
        return Err(invalid("nav_search.expansions"));
    }
    // Relaxation: the start's offers, then every expanded record's.
    let mut start_ok = true;
    for_each_start_offer(
        mesh,
        head.start,
        head.start_poly,
        head.goal,
        head.goal_poly,
        |m, c| {
            start_ok &= reflected(records, Reopening::Reopens, m, c);
        },
    );
    if !start_ok {
        return Err(invalid("nav_search.relaxed"));
    }
    let expanded = (0..count).filter(|&i| {
        let rec = records.get(i);
        rec.closed && rec.node != goal_node
    });
    check_relaxed(
        records,
        Reopening::Never,
        expanded,
        |i, offers| {
            let n = records.get(i);
            let at = position(i, scratch);
            for_each_offer(mesh, n.node, n.g, head.goal_poly, head.goal, |m, c| {
                let first = records
                    .find(m)
                    .is_some_and(|j| records.get(j).closed && position(j, scratch) < at);
                offers.offer_ordered(m, c, first);
            });
        },
        "nav_search.relaxed",
    )
}
