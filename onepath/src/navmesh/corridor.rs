//! [`NavSearch`]: the resumable corridor search over portal crossings and the funnel that
//! follows it (`docs/navmesh.md` §7 and §8).
//!
//! # The graph
//!
//! Nodes are the linked half-edges `(P, k)` ("cross edge `k` of `P` into its neighbour"),
//! numbered by global half-edge id, plus the goal node, numbered `half_edge_count`. A
//! crossing sits at its edge's midpoint. `begin` offers every linked edge of the start polygon
//! `g = |start − midpoint|` (and the goal node `|start − goal|` when start and goal share a
//! polygon); expanding a crossing into `Q` offers every other linked edge of `Q` the distance
//! between the midpoints, and the goal node the distance to the goal when `Q` is the goal
//! polygon. The estimate is the distance to the goal point. Lengths follow §1 (exact `i128`
//! squares, one rounding, libm `sqrt`); `f = g + h` in IEEE doubles.
//!
//! # The loop
//!
//! One iteration is one pop from the grid core's [`OpenSet`](crate::search::OpenSet) (smaller
//! f, then larger g, then smaller node id). A popped node is closed for good (never reopened);
//! a reached node is updated only when an offer is strictly smaller than its `g`. Popping the
//! goal node ends the search (`Found`); an empty open set is `NoPath`. Every pop but the
//! goal's is an expansion.
//!
//! # Invariants
//!
//! While a search is bound (not idle): the buffers hold `half_edge_count + 1` nodes; every
//! reached node other than a start offer has a closed parent; the closed nodes are exactly
//! `popped`, in pop order; `iterations == popped.len()`; once `Found`, `corridor`, `portals`
//! and `waypoints` describe the parent chain of the goal node.

use alloc::vec::Vec;

use super::crossings::{
    MeshShape, estimate, for_each_offer, for_each_start_offer, locate_endpoints, vertex, when_found,
};
use super::funnel::{NavWaypoint, funnel};
use super::{NavMesh, NavPoint};
use crate::search::{NO_NODE, SearchBuffers, Step};

/// A resumable A* corridor search on a [`NavMesh`], with the straight path pulled through the
/// corridor once found (`docs/navmesh.md` §7–§8).
///
/// Bind it with [`try_begin`](Self::try_begin), advance it with [`step`](Self::step) (any
/// budget; slicing never changes the result) or [`run`](Self::run), and read
/// [`corridor`](Self::corridor), [`waypoints`](Self::waypoints) and [`length`](Self::length)
/// once it reports [`Step::Found`]. It owns its buffers: after the first search on a mesh of a
/// given half-edge count, `try_begin`, `step`, `run`, the path reads and the snapshot calls
/// allocate nothing.
///
/// # Determinism
///
/// Integer geometry, lengths from `i128` squares and libm `sqrt`, the grid core's total pop
/// order: the same mesh and points give the same pops, corridor, waypoints and length bits on
/// every platform.
///
/// # Examples
///
/// ```
/// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
/// use onepath::{Cell, GridSpace, Step};
/// // A 5 × 3 room with a wall in the middle column except at the top row.
/// let text = [".....", "..#..", "..#.."];
/// let walkable: Vec<bool> = text.iter().rev().flat_map(|r| r.chars().map(|c| c == '.')).collect();
/// let mesh = NavMesh::from_walkable(5, 3, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
/// let mut search = NavSearch::new();
/// let start = NavPoint::cell_center(Cell::new(0, 0));
/// let goal = NavPoint::cell_center(Cell::new(4, 0));
/// assert_eq!(search.try_begin(&mesh, start, goal), Step::InProgress);
/// while search.step(&mesh, 1) == Step::InProgress {} // one pop per tick
/// assert_eq!(search.status(), Step::Found);
/// let w = search.waypoints();
/// assert_eq!((w[0].point, w[w.len() - 1].point), (start, goal));
/// assert!(w.len() == 4); // around the wall's two top corners
/// assert!(search.length().unwrap() > 4.0);
/// ```
#[derive(Clone, Debug)]
pub struct NavSearch {
    pub(crate) buffers: SearchBuffers,
    /// Closed nodes in pop order.
    pub(crate) popped: Vec<u32>,
    pub(crate) status: Step,
    pub(crate) shape: MeshShape,
    pub(crate) start: NavPoint,
    pub(crate) goal: NavPoint,
    pub(crate) start_poly: u32,
    pub(crate) goal_poly: u32,
    pub(crate) expansions: u64,
    corridor: Vec<u32>,
    portals: Vec<[NavPoint; 2]>,
    waypoints: Vec<NavWaypoint>,
    length: f64,
}

impl Default for NavSearch {
    fn default() -> Self {
        Self::new()
    }
}

impl NavSearch {
    /// An idle search with empty buffers (they grow on the first `try_begin`).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::NavSearch;
    /// use onepath::Step;
    /// let search = NavSearch::new();
    /// assert_eq!((search.status(), search.iterations(), search.length()), (Step::Idle, 0, None));
    /// ```
    pub fn new() -> Self {
        Self {
            buffers: SearchBuffers::new(),
            popped: Vec::new(),
            status: Step::Idle,
            shape: MeshShape::default(),
            start: NavPoint { x: 0, y: 0 },
            goal: NavPoint { x: 0, y: 0 },
            start_poly: NO_NODE,
            goal_poly: NO_NODE,
            expansions: 0,
            corridor: Vec::new(),
            portals: Vec::new(),
            waypoints: Vec::new(),
            length: 0.0,
        }
    }

    /// Starts a search on `mesh` from `start` to `goal` (fixed-point points,
    /// [`NavMesh::to_nav_point`] converts world points). Each point is located with
    /// [`NavMesh::locate`] (`docs/navmesh.md` §6), the start completely before the goal:
    /// [`Step::StartInvalid`] / [`Step::GoalInvalid`] when it is on no polygon, and then the
    /// search that was running (if any) is untouched and can continue. Otherwise the search is
    /// bound to `mesh`, the start's offers are made, and the answer is [`Step::InProgress`] —
    /// or [`Step::NoPath`] at once when there is nothing to pop (the start polygon has no
    /// portal and the goal is in another polygon).
    ///
    /// # Complexity
    ///
    /// One `locate` per point plus the start polygon's edges; the first begin on a mesh with
    /// more half-edges than before sizes the buffers (O(half-edges)), later ones allocate
    /// nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// // Row 1: . . .
    /// // Row 0: . # .
    /// let walkable = [true, false, true, true, true, true];
    /// let mesh = NavMesh::from_walkable(3, 2, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut search = NavSearch::new();
    /// let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 0));
    /// assert_eq!(search.try_begin(&mesh, a, b), Step::InProgress);
    /// // A refused begin leaves the running search alone.
    /// assert_eq!(search.try_begin(&mesh, NavPoint::corner(-1, 0), b), Step::StartInvalid);
    /// assert_eq!(search.try_begin(&mesh, a, NavPoint { x: 98_304, y: 32_768 }), Step::GoalInvalid);
    /// assert_eq!(search.status(), Step::InProgress);
    /// assert_eq!(search.run(&mesh), Step::Found); // over the wall cell
    /// // A start polygon without portals, the goal elsewhere: nothing to search.
    /// let split = NavMesh::from_walkable(3, 1, &walkable[..3], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// assert_eq!(search.try_begin(&split, a, NavPoint::corner(3, 1)), Step::NoPath);
    /// ```
    #[must_use = "a refused begin (StartInvalid / GoalInvalid) leaves the previous search running"]
    pub fn try_begin(&mut self, mesh: &NavMesh, start: NavPoint, goal: NavPoint) -> Step {
        let (start_poly, goal_poly) = match locate_endpoints(mesh, start, goal) {
            Ok(polys) => polys,
            Err(refused) => return refused,
        };
        self.bind(mesh, start, goal, start_poly, goal_poly);
        let buffers = &mut self.buffers;
        for_each_start_offer(mesh, start, start_poly, goal, goal_poly, |node, g| {
            let f = g + estimate(mesh, node, goal);
            if !buffers.is_reached(node) || g < buffers.nodes[node as usize].g {
                buffers.nodes[node as usize].g = g;
                buffers.nodes[node as usize].parent = NO_NODE;
                buffers.set_open(node);
                let _ = buffers.open.push(node, f, g);
            }
        });
        // Nothing to pop (a start polygon without portals, the goal elsewhere): the open
        // set is empty before the first iteration, which is `NoPath` as it would be after it.
        self.status = if self.buffers.open.is_empty() {
            Step::NoPath
        } else {
            Step::InProgress
        };
        self.status
    }

    /// Resets the buffers for a search on `mesh` between the given endpoints (no offers yet;
    /// also the first half of a snapshot restore).
    pub(crate) fn bind(
        &mut self,
        mesh: &NavMesh,
        start: NavPoint,
        goal: NavPoint,
        start_poly: u32,
        goal_poly: u32,
    ) {
        let shape = MeshShape::of(mesh);
        let nodes = shape.half_edges.saturating_add(1);
        self.buffers.begin(nodes);
        self.reserve(shape);
        self.popped.clear();
        self.corridor.clear();
        self.portals.clear();
        self.waypoints.clear();
        self.length = 0.0;
        self.expansions = 0;
        self.shape = shape;
        self.start = start;
        self.goal = goal;
        self.start_poly = start_poly;
        self.goal_poly = goal_poly;
    }

    /// Sizes every per-search list for a mesh of this shape (allocates only when growing).
    pub(crate) fn reserve(&mut self, shape: MeshShape) {
        let nodes = shape.half_edges as usize + 1;
        let grow = |len: usize| nodes.saturating_add(2).saturating_sub(len);
        self.popped.reserve(grow(self.popped.len()));
        self.corridor.reserve(grow(self.corridor.len()));
        self.portals.reserve(grow(self.portals.len()));
        self.waypoints.reserve(grow(self.waypoints.len()));
        self.buffers.ensure(nodes as u32);
    }

    /// Runs at most `budget` iterations (pops) and reports the state: only
    /// [`Step::InProgress`] asks for another call. A finished or idle search returns its state
    /// and does nothing. On [`Step::Found`] the corridor and the funnel's waypoints are ready.
    ///
    /// # Panics
    ///
    /// When a search in progress is stepped with a mesh other than the one it began on (or was
    /// restored against), as far as its half-edge count, polygon count and
    /// [`revision`](NavMesh::revision) tell — a programmer error: a search belongs to one
    /// mesh, and a mesh refreshed since needs a new `try_begin` (or a `restore_state` against
    /// it, as a rollback does).
    ///
    /// # Complexity
    ///
    /// O(budget · (d + log n)) for polygons of at most d edges and n open nodes; the funnel
    /// on the pop that finds the goal. Allocates nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// let mesh = NavMesh::from_walkable(6, 1, &[true; 6], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, NavPoint::corner(0, 0), NavPoint::corner(6, 1));
    /// let mut ticks = 0u64;
    /// while search.step(&mesh, 1) == Step::InProgress {
    ///     ticks += 1;
    /// }
    /// assert_eq!(ticks + 1, search.iterations()); // one pop per call, the last one found
    /// assert_eq!(search.waypoints().len(), 2); // a straight line: start and goal
    /// ```
    pub fn step(&mut self, mesh: &NavMesh, budget: u32) -> Step {
        if self.status != Step::InProgress {
            return self.status;
        }
        assert!(
            MeshShape::of(mesh) == self.shape,
            "NavSearch::step: the mesh is not the one the search began on"
        );
        let goal_node = self.shape.half_edges;
        for _ in 0..budget {
            let Some((node, _f, g)) = self.buffers.open.pop() else {
                self.status = Step::NoPath;
                return self.status;
            };
            self.buffers.set_closed(node);
            self.popped.push(node);
            if node == goal_node {
                self.status = Step::Found;
                self.finish(mesh);
                return self.status;
            }
            self.expansions += 1;
            let buffers = &mut self.buffers;
            let goal = self.goal;
            for_each_offer(mesh, node, g, self.goal_poly, goal, |m, cand| {
                if buffers.is_closed(m) {
                    return;
                }
                if !buffers.is_reached(m) || cand < buffers.nodes[m as usize].g {
                    buffers.nodes[m as usize].g = cand;
                    buffers.nodes[m as usize].parent = node;
                    buffers.set_open(m);
                    let _ = buffers.open.push(m, cand + estimate(mesh, m, goal), cand);
                }
            });
        }
        if self.buffers.open.is_empty() {
            self.status = Step::NoPath;
        }
        self.status
    }

    /// Steps until the search is done.
    ///
    /// # Panics
    ///
    /// As [`step`](Self::step).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// let mesh = NavMesh::from_walkable(2, 2, &[true; 4], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, NavPoint::corner(0, 0), NavPoint::corner(2, 2));
    /// assert_eq!(search.run(&mesh), Step::Found);
    /// assert_eq!(search.length(), Some(2.0 * core::f64::consts::SQRT_2));
    /// ```
    pub fn run(&mut self, mesh: &NavMesh) -> Step {
        while self.step(mesh, u32::MAX) == Step::InProgress {}
        self.status
    }

    /// Builds the corridor, its portals and the funnel's waypoints from the goal node's
    /// parent chain (after the goal's pop, and after restoring a found state).
    pub(crate) fn finish(&mut self, mesh: &NavMesh) {
        let goal_node = self.shape.half_edges;
        self.corridor.clear();
        self.portals.clear();
        // The crossings from the goal back to the start, reversed below.
        let limit = self.popped.len() + 1;
        let buffers = &self.buffers;
        let portals = &mut self.portals;
        buffers.walk_back(goal_node, limit, |he| {
            if he != goal_node {
                // Crossing out of P through (a → b): the interior is on the left of a → b, so
                // facing the crossing, b is on the left and a on the right.
                portals.push([vertex(mesh.edge_end(he)), vertex(mesh.edge_start(he))]);
            }
        });
        self.portals.reverse();
        self.corridor.push(self.start_poly);
        let corridor = &mut self.corridor;
        buffers.walk_back(goal_node, limit, |he| {
            if he != goal_node {
                corridor.push(mesh.edge_poly(mesh.twin(he)));
            }
        });
        self.corridor[1..].reverse();
        self.length = funnel(
            self.start,
            self.goal,
            &self.portals,
            &self.corridor,
            &mut self.waypoints,
        );
    }

    /// Forgets the search: [`Step::Idle`], no endpoints, nothing reached (the buffers keep
    /// their memory).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// let mesh = NavMesh::from_walkable(2, 1, &[true; 2], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, NavPoint::corner(0, 0), NavPoint::corner(2, 1));
    /// search.reset();
    /// assert_eq!((search.status(), search.iterations(), search.endpoints()), (Step::Idle, 0, None));
    /// ```
    pub fn reset(&mut self) {
        self.buffers.open.clear();
        self.popped.clear();
        self.expansions = 0;
        self.status = Step::Idle;
        self.start_poly = NO_NODE;
        self.goal_poly = NO_NODE;
        self.start = NavPoint { x: 0, y: 0 };
        self.goal = NavPoint { x: 0, y: 0 };
    }

    /// The state: [`Step::Idle`] before the first begin, then as [`step`](Self::step) last
    /// reported (a refused `try_begin` does not change it).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// // An L: the bottom row, and the right column above it.
    /// let walkable = [true, true, true, false, false, true];
    /// let mesh = NavMesh::from_walkable(3, 2, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 2));
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, a, b);
    /// assert_eq!(search.status(), Step::InProgress);
    /// assert_eq!(search.run(&mesh), Step::Found);
    /// assert_eq!(search.status(), Step::Found);
    /// ```
    pub fn status(&self) -> Step {
        self.status
    }

    /// Iterations so far (pops; `docs/navmesh.md` §7).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// // An L: the bottom row, and the right column above it.
    /// let walkable = [true, true, true, false, false, true];
    /// let mesh = NavMesh::from_walkable(3, 2, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 2));
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, a, b);
    /// assert_eq!(search.iterations(), 0);
    /// let _ = search.run(&mesh);
    /// assert_eq!(search.iterations(), search.expansions() + 1); // the goal's pop ends it
    /// ```
    pub fn iterations(&self) -> u64 {
        self.popped.len() as u64
    }

    /// Expansions so far: pops other than the goal's.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// // An L: the bottom row, and the right column above it.
    /// let walkable = [true, true, true, false, false, true];
    /// let mesh = NavMesh::from_walkable(3, 2, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 2));
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, a, b);
    /// let _ = search.step(&mesh, 1);
    /// assert_eq!(search.expansions(), 1);
    /// ```
    pub fn expansions(&self) -> u64 {
        self.expansions
    }

    /// The start and goal points of the bound search (`None` while idle).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// // An L: the bottom row, and the right column above it.
    /// let walkable = [true, true, true, false, false, true];
    /// let mesh = NavMesh::from_walkable(3, 2, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 2));
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, a, b);
    /// assert_eq!(search.endpoints(), Some((a, b)));
    /// assert_eq!(NavSearch::new().endpoints(), None);
    /// ```
    pub fn endpoints(&self) -> Option<(NavPoint, NavPoint)> {
        (self.status != Step::Idle).then_some((self.start, self.goal))
    }

    /// The corridor once [`Step::Found`]: polygon ids from the start's polygon to the goal's
    /// (one polygon when they are the same); empty otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// // An L: the bottom row, and the right column above it.
    /// let walkable = [true, true, true, false, false, true];
    /// let mesh = NavMesh::from_walkable(3, 2, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 2));
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, a, b);
    /// assert!(search.corridor().is_empty()); // not found yet
    /// let _ = search.run(&mesh);
    /// let corridor = search.corridor();
    /// assert_eq!((corridor[0], corridor[corridor.len() - 1]), (mesh.locate(a).unwrap(), mesh.locate(b).unwrap()));
    /// ```
    pub fn corridor(&self) -> &[u32] {
        when_found(self.status, &self.corridor)
    }

    /// The corridor's portals once [`Step::Found`], as `(left, right)` mesh vertices seen when
    /// crossing: portal `i` leads from `corridor()[i]` into `corridor()[i + 1]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// // An L: the bottom row, and the right column above it.
    /// let walkable = [true, true, true, false, false, true];
    /// let mesh = NavMesh::from_walkable(3, 2, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 2));
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, a, b);
    /// let _ = search.run(&mesh);
    /// assert_eq!(search.portals().len() + 1, search.corridor().len());
    /// ```
    pub fn portals(&self) -> &[[NavPoint; 2]] {
        when_found(self.status, &self.portals)
    }

    /// The straight path once [`Step::Found`] (`docs/navmesh.md` §8): start, turn points,
    /// goal; empty otherwise. A start equal to the goal gives one waypoint.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// // An L: the bottom row, and the right column above it.
    /// let walkable = [true, true, true, false, false, true];
    /// let mesh = NavMesh::from_walkable(3, 2, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 2));
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, a, b);
    /// let _ = search.run(&mesh);
    /// let points: Vec<NavPoint> = search.waypoints().iter().map(|w| w.point).collect();
    /// assert_eq!(points, [a, NavPoint::corner(2, 1), b]); // round the inner corner
    /// ```
    pub fn waypoints(&self) -> &[NavWaypoint] {
        when_found(self.status, &self.waypoints)
    }

    /// The straight path's length in cells once [`Step::Found`] (`docs/navmesh.md` §1: the
    /// segments' lengths summed first to last).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
    /// use onepath::{GridSpace, Step};
    /// // An L: the bottom row, and the right column above it.
    /// let walkable = [true, true, true, false, false, true];
    /// let mesh = NavMesh::from_walkable(3, 2, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 2));
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, a, b);
    /// assert_eq!(search.length(), None);
    /// let _ = search.run(&mesh);
    /// assert_eq!(search.length(), Some(5f64.sqrt() + 2f64.sqrt()));
    /// ```
    pub fn length(&self) -> Option<f64> {
        (self.status == Step::Found).then_some(self.length)
    }

    /// Copies the waypoints into `out` and returns their count; 0 (nothing written) when the
    /// search has not found a path or `out` is too short.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings, NavWaypoint};
    /// use onepath::GridSpace;
    /// let mesh = NavMesh::from_walkable(3, 1, &[true; 3], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let mut search = NavSearch::new();
    /// let _ = search.try_begin(&mesh, NavPoint::corner(0, 0), NavPoint::corner(3, 1));
    /// let _ = search.run(&mesh);
    /// let mut out = [NavWaypoint::default(); 8];
    /// let n = search.copy_path(&mut out);
    /// assert_eq!(&out[..n], search.waypoints());
    /// ```
    #[must_use = "the count says how many waypoints were written (0: none)"]
    pub fn copy_path(&self, out: &mut [NavWaypoint]) -> usize {
        let w = self.waypoints();
        match out.get_mut(..w.len()) {
            Some(dst) => {
                dst.copy_from_slice(w);
                w.len()
            }
            None => 0,
        }
    }
}
