//! [`PolyanyaSearch`]: exact Euclidean shortest paths on a [`NavMesh`] (Cui, Harabor &
//! Grastien, "Compromise-free Pathfinding on a Navigation Mesh", IJCAI 2017).
//!
//! The corridor search of `docs/navmesh.md` §7 prices crossings at edge midpoints, so the
//! funnel through the corridor it picks can be longer than the shortest path. Polyanya searches
//! the paths themselves: a node is a **root** (the start, or a mesh vertex where the path
//! turns), an **interval** of a polygon edge the root sees, and the polygon entered through it.
//! `g` is the exact length start → … → root, `h` the shortest way from the root to the goal
//! through the interval (the goal mirrored across the interval's line when it is on the root's
//! side). The first goal node popped is a shortest path inside the mesh region: at radius 0
//! the union of the walkable cells' closed squares, crossing only polygon edges — two polygons
//! that touch at a corner are not connected (`docs/navmesh.md` §3).
//!
//! # Nodes and successors
//!
//! See the `successors` module: the goal successor when the goal is in the entered polygon
//! and in the cone; observable successors (same root) on every edge facing the root that the
//! cone meets; non-observable successors when the interval reaches an end of its edge that is a
//! reflex vertex of the region: the path turns there and the polygons around that vertex on the
//! side it turns to offer their edges beyond the line of sight. The rules are written for an
//! independent implementation in `docs/navmesh.md` §10. Start and goal may lie anywhere on the mesh: inside a
//! polygon, on an edge, on a vertex (every polygon whose closed area holds the start is a start
//! polygon; every polygon holding the goal offers the goal), in the same polygon.
//!
//! # Pruning
//!
//! - **Root level**: a turn at vertex `v` is made only when its `g` is strictly below the best
//!   `g` recorded for `v` in this search (the start's vertex, when the start is a corner, is
//!   recorded at 0); a popped node whose root has since been reached shorter is dropped (the
//!   pop counts as an iteration).
//! - **Intermediate** (the paper's §5): a node whose expansion gives exactly one successor that
//!   is not the goal has that successor expanded in place, in the same iteration
//!   ([`in_place_expansions`](PolyanyaSearch::in_place_expansions) counts them).
//!
//! # Arithmetic and order
//!
//! Every visibility decision is the sign of an exact integer orientation (`i64` on meshes of
//! at most 2^14 cells a side, where every product fits, else `i128`) on fixed-point points
//! (the root, the mesh's integer vertices, the start and goal): a node's interval is kept as
//! two rays from its root through such points, never as rounded endpoints. Lengths are
//! `docs/navmesh.md` §1's (`segment_length`: exact `i128` squares, one rounding, libm `sqrt`),
//! and `g` sums them root by root, first to last, so [`length`](PolyanyaSearch::length) is the
//! length of [`waypoints`](PolyanyaSearch::waypoints) by §1's rule. Only `h` rounds points: the
//! interval's endpoints are the rays' intersections with the edge, in IEEE `f64` (`+ − × ÷`,
//! `crate::math::sqrt`); that affects the order of pops, never a path's validity or its length
//! bits. The open list pops the smallest `f = g + h`, then the larger `g`, then the smaller
//! node key (the node's creation counter in this search). No hash map, no clock.
//!
//! # Resumable
//!
//! One iteration is one pop. A search's buffers (node pool, root records, open list, per-corner
//! table) keep their memory: after a search on a mesh, searches on that mesh needing no more
//! nodes than an earlier one allocate nothing in `try_begin`, `step` or `run`.

mod heuristic;
mod node;
mod search;
mod state;
mod successors;

use alloc::vec::Vec;

use super::crossings::{MeshShape, when_found};
use super::funnel::{NavWaypoint, funnel};
use super::{NavMesh, NavPoint};
use crate::search::Step;
use node::{Node, OpenList, Root};

/// A resumable Polyanya search on a [`NavMesh`]: the Euclidean shortest path inside the mesh.
///
/// Bind it with [`try_begin`](Self::try_begin), advance it with [`step`](Self::step) or
/// [`run`](Self::run), and read [`length`](Self::length), [`waypoints`](Self::waypoints) and
/// [`corridor`](Self::corridor) once it reports [`Step::Found`]. Its snapshot is kind 18
/// ([`save_state`](Self::save_state), [`restore_state`](Self::restore_state)).
///
/// # Examples
///
/// ```
/// use onepath::navmesh::{NavMesh, NavPoint, NavSettings, PolyanyaSearch};
/// use onepath::{Cell, GridSpace, Step};
/// // A 5 × 3 room with a wall in the middle column except at the top row.
/// let text = [".....", "..#..", "..#.."];
/// let walkable: Vec<bool> = text.iter().rev().flat_map(|r| r.chars().map(|c| c == '.')).collect();
/// let mesh = NavMesh::from_walkable(5, 3, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
/// let mut search = PolyanyaSearch::new();
/// let start = NavPoint::cell_center(Cell::new(0, 0));
/// let goal = NavPoint::cell_center(Cell::new(4, 0));
/// assert_eq!(search.try_begin(&mesh, start, goal), Step::InProgress);
/// assert_eq!(search.run(&mesh), Step::Found);
/// // Around the wall's two top corners (2, 2) and (3, 2).
/// assert_eq!(search.waypoints(), [start, NavPoint::corner(2, 2), NavPoint::corner(3, 2), goal]);
/// let expected = 2.0 * (1.5f64 * 1.5 + 1.5 * 1.5).sqrt() + 1.0;
/// assert!((search.length().unwrap() - expected).abs() < 1e-12);
/// ```
#[derive(Clone, Debug)]
pub struct PolyanyaSearch {
    nodes: Vec<Node>,
    roots: Vec<Root>,
    open: OpenList,
    /// Successors of the expansion in progress (and scratch for the reconstruction).
    succ: Vec<u32>,
    /// The entered edge `(a, b)` of each successor in `succ` (for its h, computed in `flush`).
    succ_edge: Vec<[NavPoint; 2]>,
    /// Scratch for the reconstruction: the roots between two nodes.
    turns: Vec<u32>,
    /// Per mesh corner `(i, j)` (index `j · (width + 1) + i`): reflex or not, best g.
    best: Vec<node::Corner>,
    stamp: u32,
    width: u32,
    /// The mesh is at most 2^14 cells on each side: orientations fit `i64`.
    small: bool,
    shape: MeshShape,
    status: Step,
    start: NavPoint,
    goal: NavPoint,
    start_polys: [u32; 4],
    start_poly_count: usize,
    goal_polys: [u32; 4],
    goal_poly_count: usize,
    iterations: u64,
    expansions: u64,
    in_place: u64,
    corridor: Vec<u32>,
    portals: Vec<[NavPoint; 2]>,
    waypoints: Vec<NavPoint>,
    length: f64,
    /// The scratch search a snapshot restore replays into (kind 18; empty until the first).
    replay: state::ReplaySlot,
}

impl Default for PolyanyaSearch {
    fn default() -> Self {
        Self::new()
    }
}

impl PolyanyaSearch {
    /// An idle search with empty buffers (they grow on the first `try_begin`).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::PolyanyaSearch;
    /// use onepath::Step;
    /// let s = PolyanyaSearch::new();
    /// assert_eq!((s.status(), s.iterations(), s.length()), (Step::Idle, 0, None));
    /// ```
    pub fn new() -> Self {
        Self {
            nodes: Vec::new(),
            roots: Vec::new(),
            open: OpenList::default(),
            succ: Vec::new(),
            succ_edge: Vec::new(),
            turns: Vec::new(),
            best: Vec::new(),
            stamp: 0,
            width: 0,
            small: false,
            shape: MeshShape::default(),
            status: Step::Idle,
            start: NavPoint::new(0, 0),
            goal: NavPoint::new(0, 0),
            start_polys: [node::NONE; 4],
            start_poly_count: 0,
            goal_polys: [node::NONE; 4],
            goal_poly_count: 0,
            iterations: 0,
            expansions: 0,
            in_place: 0,
            corridor: Vec::new(),
            portals: Vec::new(),
            waypoints: Vec::new(),
            length: 0.0,
            replay: state::ReplaySlot::default(),
        }
    }

    /// Starts a search on `mesh` from `start` to `goal` (fixed-point points). The start is
    /// checked completely before the goal: a point outside the mesh's box or on no polygon
    /// ([`NavMesh::locate`], `docs/navmesh.md` §6) gives [`Step::StartInvalid`] /
    /// [`Step::GoalInvalid`], and then the running search (if any) is untouched. Otherwise the
    /// start's successors are made: [`Step::InProgress`], or [`Step::NoPath`] at once when
    /// there is none. (The corridor search's convention: the refusal is a [`Step`], as for
    /// every search of the crate.)
    ///
    /// # Complexity
    ///
    /// O(edges of the start's polygons); the first begin on a larger mesh sizes the per-corner
    /// table: 16 bytes per cell corner, `(width + 1) · (height + 1)` of them (about 4 MiB for a
    /// 512 × 512 map), kept for later searches (a stamp, not a clear, starts each search).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSettings, PolyanyaSearch};
    /// use onepath::{GridSpace, Step};
    /// let mesh = NavMesh::from_walkable(3, 1, &[true, false, true], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut s = PolyanyaSearch::new();
    /// assert_eq!(s.try_begin(&mesh, NavPoint::corner(0, 0), NavPoint::corner(1, 1)), Step::InProgress);
    /// assert_eq!(s.try_begin(&mesh, NavPoint::corner(-1, 0), NavPoint::corner(1, 1)), Step::StartInvalid);
    /// assert_eq!(s.status(), Step::InProgress); // untouched
    /// assert_eq!(s.try_begin(&mesh, NavPoint::corner(0, 0), NavPoint::corner(3, 1)), Step::NoPath);
    /// ```
    #[must_use = "a refused begin (StartInvalid / GoalInvalid) leaves the previous search running"]
    pub fn try_begin(&mut self, mesh: &NavMesh, start: NavPoint, goal: NavPoint) -> Step {
        self.begin(mesh, start, goal)
    }

    /// Runs at most `budget` iterations (pops) and reports the state; only
    /// [`Step::InProgress`] asks for another call. Slicing never changes the result.
    ///
    /// # Panics
    ///
    /// When a search in progress is stepped with another mesh than the one it began on (as far
    /// as its half-edge and polygon counts and revision tell): a programmer error.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSettings, PolyanyaSearch};
    /// use onepath::{GridSpace, Step};
    /// let mesh = NavMesh::from_walkable(4, 4, &[true; 16], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut s = PolyanyaSearch::new();
    /// let _ = s.try_begin(&mesh, NavPoint::corner(0, 0), NavPoint::corner(4, 3));
    /// while s.step(&mesh, 1) == Step::InProgress {}
    /// assert_eq!(s.length(), Some(5.0));
    /// ```
    pub fn step(&mut self, mesh: &NavMesh, budget: u32) -> Step {
        self.advance(mesh, budget)
    }

    /// Steps until the search is done.
    ///
    /// # Panics
    ///
    /// As [`step`](Self::step).
    pub fn run(&mut self, mesh: &NavMesh) -> Step {
        while self.step(mesh, u32::MAX) == Step::InProgress {}
        self.status
    }

    /// The state: [`Step::Idle`] before the first begin, then as `step` last reported.
    pub fn status(&self) -> Step {
        self.status
    }

    /// Iterations (pops) so far.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Expansions so far (in-place expansions included).
    pub fn expansions(&self) -> u64 {
        self.expansions
    }

    /// Expansions made in place by intermediate pruning (a lone successor expanded at once).
    pub fn in_place_expansions(&self) -> u64 {
        self.in_place
    }

    /// Nodes created so far in this search (the node pool's size).
    pub fn nodes_created(&self) -> usize {
        self.nodes.len()
    }

    /// The path's length in cells once [`Step::Found`] (`docs/navmesh.md` §1: the waypoints'
    /// segment lengths summed first to last), else `None`.
    pub fn length(&self) -> Option<f64> {
        (self.status == Step::Found).then_some(self.length)
    }

    /// The path once [`Step::Found`]: the start, the vertices where it turns, the goal (a goal
    /// equal to the last turn is not repeated); empty otherwise.
    pub fn waypoints(&self) -> &[NavPoint] {
        when_found(self.status, &self.waypoints)
    }

    /// The polygons the path crosses once [`Step::Found`], from a start polygon to a goal
    /// polygon, consecutive ones sharing an edge (where the path turns at a vertex, the
    /// polygons around it between the one it arrives in and the one it leaves from); empty
    /// otherwise.
    pub fn corridor(&self) -> &[u32] {
        when_found(self.status, &self.corridor)
    }

    /// The portals between consecutive [`corridor`](Self::corridor) polygons, each
    /// `[left, right]` as seen when crossing it (the [`funnel`]'s input).
    pub fn portals(&self) -> &[[NavPoint; 2]] {
        when_found(self.status, &self.portals)
    }

    /// The exact funnel (`docs/navmesh.md` §8) over the found corridor into `out`, and its
    /// length; `None` (and `out` cleared) unless [`Step::Found`]. The funnel's path is the
    /// shortest inside the corridor, so its length is at most [`length`](Self::length) (up to
    /// rounding); both are shortest paths of the region.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSettings, PolyanyaSearch};
    /// use onepath::{GridSpace, Step};
    /// let walkable = [true, true, true, false, false, true];
    /// let mesh = NavMesh::from_walkable(3, 2, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut s = PolyanyaSearch::new();
    /// let _ = s.try_begin(&mesh, NavPoint::corner(0, 1), NavPoint::corner(3, 2));
    /// assert_eq!(s.run(&mesh), Step::Found);
    /// let mut out = Vec::new();
    /// let funnel = s.funnel_waypoints(&mut out).unwrap();
    /// assert!(funnel <= s.length().unwrap() * (1.0 + 1e-9));
    /// ```
    pub fn funnel_waypoints(&self, out: &mut Vec<NavWaypoint>) -> Option<f64> {
        if self.status != Step::Found {
            out.clear();
            return None;
        }
        Some(funnel(
            self.start,
            self.goal,
            &self.portals,
            &self.corridor,
            out,
        ))
    }

    /// The endpoints of the current search (`None` when idle).
    pub fn endpoints(&self) -> Option<(NavPoint, NavPoint)> {
        (self.status != Step::Idle).then_some((self.start, self.goal))
    }
}
