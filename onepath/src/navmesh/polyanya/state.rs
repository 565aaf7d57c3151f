//! Snapshot kind 18: a [`PolyanyaSearch`] in flight (`docs/snapshot-format.md`, "Kind 18").
//!
//! Payload, little-endian, 73 bytes whatever the search's size: start x, start y, goal x,
//! goal y as i64 (fixed point, 2^-16 cell; 0 when idle); state u8 (0 idle, 1 in progress,
//! 2 found, 3 no path); iterations, expansions, in-place expansions, nodes created as u64; the
//! state digest u64 (FNV-1a 64 of the whole in-flight state, [`digest`]; 0 when idle). The
//! header's map hash is the mesh's [`content_hash`](NavMesh::content_hash).
//!
//! Restore proves the state is one the search reaches **by replaying it**: a scratch search
//! kept in the handle begins on the recorded endpoints and makes exactly the recorded number
//! of pops; the snapshot is accepted only when the replay's state, counters and digest equal
//! the recorded ones, and the replayed search then takes the handle's place. Every record is
//! thereby legal against its parent and every closed node relaxed, by construction (DESIGN.md
//! §5): they were made by the search itself. Nothing of the handle changes before acceptance.

use alloc::boxed::Box;

use super::PolyanyaSearch;
use super::node::{Corner, Fan, NONE, Node, Root};
use crate::navmesh::{NavMesh, NavPoint};
use crate::search::Step;
use crate::search::step_code::{state_code, state_of};
use crate::state::codec::{HEADER_LEN, Reader, invalid, read_frame_for, write_frame};
use crate::state::{Fnv1a64, KIND_NAV_POLYANYA, StateError};

/// Kind 18's payload: four coordinates, the state, four counters, the digest.
const FIXED: usize = 4 * 8 + 1 + 4 * 8 + 8;

/// The scratch search a restore replays into, boxed (a search holds one, allocated on the
/// first restore). Cloning a search gives the clone an empty slot: the scratch is memory, not
/// state.
#[derive(Default)]
pub(crate) struct ReplaySlot(Option<Box<PolyanyaSearch>>);

impl Clone for ReplaySlot {
    fn clone(&self) -> Self {
        Self(None)
    }
}

impl core::fmt::Debug for ReplaySlot {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(if self.0.is_some() {
            "ReplaySlot(sized)"
        } else {
            "ReplaySlot(empty)"
        })
    }
}

/// The fields of a kind-18 payload.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Head {
    start: NavPoint,
    goal: NavPoint,
    state: Step,
    iterations: u64,
    expansions: u64,
    in_place: u64,
    nodes: u64,
    digest: u64,
}

const ORIGIN: NavPoint = NavPoint { x: 0, y: 0 };

/// The payload of an idle search: every field zero.
const IDLE: Head = Head {
    start: ORIGIN,
    goal: ORIGIN,
    state: Step::Idle,
    iterations: 0,
    expansions: 0,
    in_place: 0,
    nodes: 0,
    digest: 0,
};

// The digest reads the search's records through these helpers only, so a change of a node's,
// a root's or a corner's fields is a one-line change here.

fn feed_point(d: &mut Fnv1a64, p: NavPoint) {
    d.write_u64(p.x as u64);
    d.write_u64(p.y as u64);
}

fn fan_code(f: Fan) -> u8 {
    match f {
        Fan::Same => 0,
        Fan::Forward => 1,
        Fan::Backward => 2,
    }
}

/// A node's state. Not `f` (it matters only while the node is open, and the open list's
/// entries carry it) nor the entered polygon (the owner of `he`): a search that computes
/// either lazily or keeps it elsewhere reaches the same digest.
fn feed_node(d: &mut Fnv1a64, n: &Node) {
    d.write_u64(n.g.to_bits());
    for v in [n.root, n.he, n.parent, n.from] {
        d.write_u32(v);
    }
    d.write(&[fan_code(n.fan)]);
    feed_point(d, n.wl);
    feed_point(d, n.wr);
}

fn feed_root(d: &mut Fnv1a64, r: &Root) {
    feed_point(d, r.point);
    d.write_u64(r.g.to_bits());
    for v in [r.parent, r.corner, r.base] {
        d.write_u32(v);
    }
    d.write(&[fan_code(r.base_fan)]);
}

/// A corner's state: its best `g`, for a corner that has one (root-level pruning reads it). The
/// reflex flag is a memo of the mesh, not state: when it is computed changes no pop.
fn feed_corner(d: &mut Fnv1a64, index: u32, c: &Corner) {
    d.write_u32(index);
    d.write_u64(c.g.to_bits());
}

/// One open-list entry's own FNV-1a 64 (the entries are summed, see [`digest`]).
fn entry_hash(f: f64, g: f64, key: u32) -> u64 {
    let mut d = Fnv1a64::new();
    d.write_u64(f.to_bits());
    d.write_u64(g.to_bits());
    d.write_u32(key);
    d.finish()
}

/// The state digest of a search bound to `mesh`: FNV-1a 64 over the endpoints and the
/// polygons holding them, the state, the counters, every node by creation order, every root
/// record by index, the open list (its entry count, then the wrapping sum of each entry's own
/// FNV-1a 64: a function of the set of entries, which pops in the one order of
/// `(f, larger g, key)`, not of the heap's layout — the open list rule), each mesh corner with
/// a best `g` in this search (by increasing index), and once found the length bits, waypoints,
/// corridor and portals. Scratch buffers, memos of the mesh (reflex flags), derived fields and
/// the stamp are memory, not state: an optimisation of the search that makes the same pops
/// and nodes keeps the digest.
fn digest(s: &PolyanyaSearch, mesh: &NavMesh) -> u64 {
    let mut d = Fnv1a64::new();
    feed_point(&mut d, s.start);
    feed_point(&mut d, s.goal);
    d.write(&[state_code(s.status)]);
    for polys in [
        &s.start_polys[..s.start_poly_count.min(4)],
        &s.goal_polys[..s.goal_poly_count.min(4)],
    ] {
        d.write_u32(polys.len() as u32);
        for &p in polys {
            d.write_u32(p);
        }
    }
    for v in [s.iterations, s.expansions, s.in_place] {
        d.write_u64(v);
    }
    d.write_u64(s.nodes.len() as u64);
    for n in &s.nodes {
        feed_node(&mut d, n);
    }
    d.write_u64(s.roots.len() as u64);
    for r in &s.roots {
        feed_root(&mut d, r);
    }
    let mut open = 0u64;
    let mut sum = 0u64;
    s.open.for_each(|f, g, key| {
        open += 1;
        sum = sum.wrapping_add(entry_hash(f, g, key));
    });
    d.write_u64(open);
    d.write_u64(sum);
    let corners = (mesh.width() as usize + 1).saturating_mul(mesh.height() as usize + 1);
    for (i, c) in s.best.iter().enumerate().take(corners) {
        if c.stamp == s.stamp && c.g.is_finite() {
            feed_corner(&mut d, i as u32, c);
        }
    }
    if s.status == Step::Found {
        d.write_u64(s.length.to_bits());
        d.write_u64(s.waypoints.len() as u64);
        for &p in &s.waypoints {
            feed_point(&mut d, p);
        }
        d.write_u64(s.corridor.len() as u64);
        for &p in &s.corridor {
            d.write_u32(p);
        }
        d.write_u64(s.portals.len() as u64);
        for &[l, r] in &s.portals {
            feed_point(&mut d, l);
            feed_point(&mut d, r);
        }
    }
    d.finish()
}

impl PolyanyaSearch {
    /// The payload fields of the search's current state, bound to `mesh`.
    fn head(&self, mesh: &NavMesh) -> Head {
        if self.status == Step::Idle {
            return IDLE;
        }
        Head {
            start: self.start,
            goal: self.goal,
            state: self.status,
            iterations: self.iterations,
            expansions: self.expansions,
            in_place: self.in_place,
            nodes: self.nodes.len() as u64,
            digest: digest(self, mesh),
        }
    }

    /// Bytes [`save_state`](Self::save_state) writes: 101 (the 28-byte header and the 73-byte
    /// payload) in every state. Allocates nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::PolyanyaSearch;
    /// assert_eq!(PolyanyaSearch::new().state_size(), 28 + 73);
    /// ```
    pub fn state_size(&self) -> usize {
        HEADER_LEN + FIXED
    }

    /// An upper bound on [`state_size`](Self::state_size) for every state a search can reach
    /// on `mesh`, so a host allocates its save buffer once: `28 + 73 = 101` on every mesh (the
    /// payload records the inputs and a digest, not the nodes).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavSettings, PolyanyaSearch};
    /// use onepath::GridSpace;
    /// let mesh = NavMesh::from_walkable(4, 4, &[true; 16], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// assert_eq!(PolyanyaSearch::max_state_size(&mesh), 101);
    /// ```
    pub fn max_state_size(mesh: &NavMesh) -> usize {
        let _ = mesh;
        HEADER_LEN + FIXED
    }

    /// Writes the search's snapshot (kind 18) into `out`, tied to `mesh`'s
    /// [`content_hash`](NavMesh::content_hash) (`mesh` must be the one the search runs on);
    /// returns the byte count. The bytes are the endpoints, the state, the counters and a
    /// digest of the whole in-flight state (`docs/snapshot-format.md`, "Kind 18"). Allocates
    /// nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](Self::state_size); nothing is written then.
    ///
    /// # Complexity
    ///
    /// O(nodes + roots + open entries + mesh corners) for the digest, plus the mesh's content
    /// hash.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSettings, PolyanyaSearch};
    /// use onepath::{GridSpace, Step};
    /// // A comb: walls at odd x above the bottom row, so the path winds down and up.
    /// let walkable: Vec<bool> = (0..27).map(|i| i % 9 % 2 == 0 || i < 9).collect();
    /// let mesh = NavMesh::from_walkable(9, 3, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut search = PolyanyaSearch::new();
    /// let _ = search.try_begin(&mesh, NavPoint::corner(0, 3), NavPoint::corner(9, 3));
    /// let _ = search.step(&mesh, 1);
    /// let mut bytes = [0u8; 101];
    /// let n = search.save_state(&mesh, &mut bytes).unwrap();
    /// // A peer restores it and carries on exactly where the saved search was.
    /// let mut peer = PolyanyaSearch::new();
    /// peer.restore_state(&mesh, &bytes[..n]).unwrap();
    /// assert_eq!((peer.status(), peer.iterations()), (Step::InProgress, 1));
    /// assert_eq!((peer.run(&mesh), search.run(&mesh)), (Step::Found, Step::Found));
    /// assert_eq!(peer.waypoints(), search.waypoints());
    /// assert_eq!(peer.length().map(f64::to_bits), search.length().map(f64::to_bits));
    /// ```
    pub fn save_state(&self, mesh: &NavMesh, out: &mut [u8]) -> Result<usize, StateError> {
        let head = self.head(mesh);
        write_frame(out, KIND_NAV_POLYANYA, mesh.content_hash(), FIXED, |w| {
            for v in [head.start.x, head.start.y, head.goal.x, head.goal.y] {
                w.u64(v as u64);
            }
            w.u8(state_code(head.state));
            for v in [
                head.iterations,
                head.expansions,
                head.in_place,
                head.nodes,
                head.digest,
            ] {
                w.u64(v);
            }
        })
    }

    /// Restores a kind-18 snapshot written for `mesh` (same content hash). The search then
    /// continues exactly as the saved one would have: same pops, waypoints, corridor, length
    /// bits, counters and later snapshots. On any error the search is unchanged (its next
    /// `save_state` writes the bytes it wrote before).
    ///
    /// What restore proves (DESIGN.md §5; `docs/snapshot-format.md`, "Kind 18"): the state is
    /// the one the search reaches from the recorded endpoints in the recorded number of pops
    /// on this mesh. A scratch search held by this one replays it — `try_begin` on the
    /// endpoints (located again), then exactly `iterations` pops — and the snapshot is
    /// accepted only when the replay's state, expansions, in-place expansions, node count and
    /// state digest equal the recorded ones; the replayed search then takes this one's place
    /// (this one's buffers become the scratch). Every node is thereby legal against its parent
    /// and every expanded node relaxed, because the search made them. An idle payload is all
    /// zero and restores an idle search.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] for a snapshot of another mesh; [`StateError::InvalidField`]
    /// naming the `nav_polyanya.*` field that failed (`state`, `idle`, `start`, `goal`,
    /// `iterations` — more pops than the search makes before it ends —, `expansions`,
    /// `in_place`, `nodes`, `digest`); any other [`StateError`] for malformed bytes.
    ///
    /// # Complexity
    ///
    /// The replay: the cost of the saved search so far (each pop bounded work, and a recorded
    /// pop count beyond the search's end stops the replay at that end), plus the digest and
    /// the mesh's content hash. The first restore allocates the scratch search; afterwards a
    /// restore allocates nothing once this search and its scratch have each held a search on
    /// this mesh at least as large as the snapshot's (the two swap on acceptance).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSettings, PolyanyaSearch};
    /// use onepath::state::StateError;
    /// use onepath::{GridSpace, Step};
    /// let walkable: Vec<bool> = (0..27).map(|i| i % 9 % 2 == 0 || i < 9).collect(); // a comb
    /// let mesh = NavMesh::from_walkable(9, 3, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut search = PolyanyaSearch::new();
    /// let _ = search.try_begin(&mesh, NavPoint::corner(0, 3), NavPoint::corner(9, 3));
    /// let _ = search.step(&mesh, 1);
    /// let mut tick_1 = [0u8; 101];
    /// let n = search.save_state(&mesh, &mut tick_1).unwrap();
    /// let _ = search.run(&mesh);
    /// let length = search.length();
    /// // Roll back to tick 1 and replay: the same answer, bit for bit.
    /// search.restore_state(&mesh, &tick_1[..n]).unwrap();
    /// assert_eq!((search.status(), search.iterations()), (Step::InProgress, 1));
    /// let _ = search.run(&mesh);
    /// assert_eq!(search.length(), length);
    /// // A snapshot of another mesh is refused, and the search keeps its state.
    /// let other = NavMesh::from_walkable(5, 1, &[true; 5], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// assert!(matches!(search.restore_state(&other, &tick_1[..n]), Err(StateError::MapMismatch { .. })));
    /// assert_eq!(search.status(), Step::Found);
    /// ```
    pub fn restore_state(&mut self, mesh: &NavMesh, bytes: &[u8]) -> Result<(), StateError> {
        let frame = read_frame_for(bytes, KIND_NAV_POLYANYA, mesh.content_hash())?;
        let mut r = Reader::new(frame.payload);
        let start = NavPoint {
            x: r.u64()? as i64,
            y: r.u64()? as i64,
        };
        let goal = NavPoint {
            x: r.u64()? as i64,
            y: r.u64()? as i64,
        };
        let state = state_of(r.u8()?).ok_or(invalid("nav_polyanya.state"))?;
        let head = Head {
            start,
            goal,
            state,
            iterations: r.u64()?,
            expansions: r.u64()?,
            in_place: r.u64()?,
            nodes: r.u64()?,
            digest: r.u64()?,
        };
        r.finish("nav_polyanya.payload_length")?;
        if head.state == Step::Idle {
            if head != IDLE {
                return Err(invalid("nav_polyanya.idle"));
            }
            self.make_idle();
            return Ok(());
        }
        let mut scratch = self.replay.0.take().unwrap_or_default();
        let replayed = replay(&mut scratch, mesh, &head);
        if replayed.is_ok() {
            core::mem::swap(&mut *scratch, self);
        }
        self.replay.0 = Some(scratch);
        replayed
    }

    /// The idle state of [`new`](Self::new), keeping the buffers.
    fn make_idle(&mut self) {
        self.nodes.clear();
        self.roots.clear();
        self.open.clear();
        self.succ.clear();
        self.turns.clear();
        self.corridor.clear();
        self.portals.clear();
        self.waypoints.clear();
        self.status = Step::Idle;
        self.start = ORIGIN;
        self.goal = ORIGIN;
        self.start_polys = [NONE; 4];
        self.start_poly_count = 0;
        self.goal_polys = [NONE; 4];
        self.goal_poly_count = 0;
        self.iterations = 0;
        self.expansions = 0;
        self.in_place = 0;
        self.length = 0.0;
    }
}

/// Replays `head` into `s` on `mesh` and checks it: `Ok` when `s` now holds exactly the
/// recorded state.
fn replay(s: &mut PolyanyaSearch, mesh: &NavMesh, head: &Head) -> Result<(), StateError> {
    match s.begin(mesh, head.start, head.goal) {
        Step::StartInvalid => return Err(invalid("nav_polyanya.start")),
        Step::GoalInvalid => return Err(invalid("nav_polyanya.goal")),
        _ => {}
    }
    let mut left = head.iterations;
    while left > 0 && s.status == Step::InProgress {
        let budget = u32::try_from(left).unwrap_or(u32::MAX);
        let _ = s.advance(mesh, budget);
        left -= u64::from(budget);
    }
    if s.iterations != head.iterations {
        return Err(invalid("nav_polyanya.iterations"));
    }
    if s.status != head.state {
        return Err(invalid("nav_polyanya.state"));
    }
    if s.expansions != head.expansions {
        return Err(invalid("nav_polyanya.expansions"));
    }
    if s.in_place != head.in_place {
        return Err(invalid("nav_polyanya.in_place"));
    }
    if s.nodes.len() as u64 != head.nodes {
        return Err(invalid("nav_polyanya.nodes"));
    }
    if digest(s, mesh) != head.digest {
        return Err(invalid("nav_polyanya.digest"));
    }
    Ok(())
}
