//! The algorithms the CLI runs, behind one small trait so `optima`, `bench` and `path` treat
//! them alike.
//!
//! Adding an algorithm: a variant of [`Alg`] (its `--alg` name comes from clap's kebab case),
//! an arm in [`Alg::prepare`] that builds a [`MapSolver`] for a grid (any preprocessing goes
//! there: `bench` times it separately from queries), and, if it is not a plain A*, an impl of
//! [`MapSolver`] next to [`AStarSolver`] and [`GridSearchSolver`].

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use onepath::grid::SquareTopology;
use onepath::search::{AStar, SearchBuffers, Step};
use onepath::topology::{DefaultStepCost, Heuristic, OctileHeuristic, ZeroHeuristic};
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, GridSearch, QueryError,
};

/// An algorithm selectable with `--alg`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Alg {
    /// The generic A* (`onepath::search::AStar`) with the octile heuristic.
    Astar,
    /// The same search with the zero heuristic (Dijkstra's algorithm).
    Dijkstra,
    /// The specialised one-line octile A* (`onepath::fast::OctileAStar` through
    /// `onepath::GridSearch`, the engine tier-1 `find_path` runs on these maps): exact pair
    /// costs, its own tie order (larger g rounded to f32), so its expansions differ from
    /// `astar`'s while its lengths do not.
    OctileAstar,
    /// Jump point search with block-based scanning (`onepath::GridSearch`, Harabor &
    /// Grastien 2011/2014). Expansions count jump points.
    Jps,
    /// JPS+ with goal bounding (`onepath::GridSearch`); its tables are built in preprocessing.
    /// Expansions count jump points. Spelled `jps+` (`jps-plus` is accepted too).
    #[value(name = "jps+", alias = "jps-plus")]
    JpsPlus,
    /// Theta* (`onepath::GridSearch` with `GridAlgorithm::ThetaStar`; Nash, Daniel, Koenig &
    /// Felner 2007): any-angle paths through cell centres, never longer than the 8-connected
    /// optimum in our checks. Paths are waypoints.
    Theta,
    /// Lazy Theta* with re-queueing (`GridAlgorithm::LazyThetaStar`; Nash, Koenig & Tovey
    /// 2010): any-angle, fewer line-of-sight tests. Paths are waypoints.
    Lazytheta,
    /// HPA* (`onepath::GridSearch` with `GridAlgorithm::Hpa`; chunk side and smoothing from
    /// `--chunk` / `--smooth`): not optimal, so `optima` reports its excess over the optimum.
    Hpa,
    /// A whole-map flow field (`onepath::flow::FlowField`) from each query's goal; the cost
    /// is the start's integration cost and the path follows the direction field. Expansions
    /// and iterations count settled cells (the whole reachable map). Consecutive queries
    /// with the same goal reuse the field.
    Flow,
    /// JPS with improved pruning (Harabor & Grastien 2014; warthog's "jps2"): the same
    /// handle with `GridSearch::set_improved_pruning(true)` (tier 2). Expansions count jump
    /// points.
    Jps2,
    /// JPS+ with improved pruning ("jps2+"): the same handle as `jps+` with
    /// `GridSearch::set_improved_pruning(true)`. Spelled `jps2+` (`jps2-plus` is accepted
    /// too).
    #[value(name = "jps2+", alias = "jps2-plus")]
    Jps2Plus,
    /// The navigation mesh (`onepath::navmesh`, docs/navmesh.md) baked from the map at radius
    /// 0 with tiles of 32 (preprocessing), then a reused `NavSearch`: A* over portal crossings
    /// and the funnel between the cell centres. Any-angle through cell corners, never longer
    /// than the 8-connected optimum. Expansions and iterations are the corridor search's.
    Navmesh,
    /// Polyanya on the same mesh (`onepath::navmesh::PolyanyaSearch`, docs/navmesh.md §10;
    /// Cui, Harabor & Grastien 2017), one reused search: the exact Euclidean shortest path
    /// between the cell centres in the radius-0 region. Expansions and iterations are
    /// Polyanya's (expansions include the in-place ones).
    Polyanya,
}

/// The chunk side and smoothing `--alg hpa` runs with (set once from the command line).
pub static HPA_CHUNK: AtomicU32 = AtomicU32::new(16);
/// Whether `--alg hpa` smooths (set once from the command line).
pub static HPA_SMOOTH: AtomicBool = AtomicBool::new(true);

impl Alg {
    /// The name as `--alg` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Astar => "astar",
            Self::Dijkstra => "dijkstra",
            Self::OctileAstar => "octile-astar",
            Self::Jps => "jps",
            Self::JpsPlus => "jps+",
            Self::Theta => "theta",
            Self::Lazytheta => "lazytheta",
            Self::Hpa => "hpa",
            Self::Flow => "flow",
            Self::Jps2 => "jps2",
            Self::Jps2Plus => "jps2+",
            Self::Navmesh => "navmesh",
            Self::Polyanya => "polyanya",
        }
    }

    /// Whether the expansions are jump points (`jps`, `jps+`, `jps2`, `jps2+`): few cells far
    /// apart, which pictures draw as markers.
    pub fn expands_jump_points(self) -> bool {
        matches!(
            self,
            Self::Jps | Self::JpsPlus | Self::Jps2 | Self::Jps2Plus
        )
    }

    /// Whether the algorithm returns any-angle paths (waypoints, lengths at most the
    /// 8-connected optimum) rather than grid paths.
    pub fn is_any_angle(self) -> bool {
        matches!(
            self,
            Self::Theta | Self::Lazytheta | Self::Navmesh | Self::Polyanya
        )
    }

    /// Whether the algorithm searches the navigation mesh (`navmesh`, `polyanya`): paths are
    /// mesh waypoints, checked with the exact radius-0 legality test.
    pub fn is_navmesh(self) -> bool {
        matches!(self, Self::Navmesh | Self::Polyanya)
    }

    /// Builds a solver for `grid` under the Moving AI movement model (eight-connected, costs
    /// 1 and √2, no corner cutting, agent size 1). Everything done here is "preprocessing".
    ///
    /// # Errors
    ///
    /// Whatever the core rejects when building the topology.
    pub fn prepare(self, grid: &Grid) -> Result<Box<dyn MapSolver + '_>, PrepareError> {
        let topology =
            || SquareTopology::new(grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting);
        Ok(match self {
            Self::Astar => Box::new(AStarSolver::new(
                topology()?,
                OctileHeuristic::new(grid.width(), 1.0),
            )),
            Self::Dijkstra => Box::new(AStarSolver::new(topology()?, ZeroHeuristic)),
            Self::OctileAstar => GridSearchSolver::boxed(grid, GridAlgorithm::AStar, false)?,
            Self::Jps => GridSearchSolver::boxed(grid, GridAlgorithm::Jps, false)?,
            Self::JpsPlus => GridSearchSolver::boxed(grid, GridAlgorithm::JpsPlus, false)?,
            Self::Theta => GridSearchSolver::boxed(grid, GridAlgorithm::ThetaStar, false)?,
            Self::Lazytheta => GridSearchSolver::boxed(grid, GridAlgorithm::LazyThetaStar, false)?,
            Self::Hpa => GridSearchSolver::boxed(grid, GridAlgorithm::Hpa, false)?,
            Self::Flow => Box::new(crate::flow_solver::FlowSolver::new(topology()?)),
            Self::Jps2 => GridSearchSolver::boxed(grid, GridAlgorithm::Jps, true)?,
            Self::Jps2Plus => GridSearchSolver::boxed(grid, GridAlgorithm::JpsPlus, true)?,
            Self::Navmesh => Box::new(
                crate::navmesh_solver::NavMeshSolver::new(grid, onepath::NavAlgorithm::Corridor)
                    .map_err(PrepareError::Nav)?,
            ),
            Self::Polyanya => Box::new(
                crate::navmesh_solver::NavMeshSolver::new(grid, onepath::NavAlgorithm::Polyanya)
                    .map_err(PrepareError::Nav)?,
            ),
        })
    }
}

/// Why an algorithm could not be prepared for a grid.
#[derive(Debug)]
pub enum PrepareError {
    /// The grid searches' topology or options.
    Query(QueryError),
    /// The navmesh bake.
    Nav(onepath::navmesh::NavError),
}

impl core::fmt::Display for PrepareError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Query(e) => e.fmt(f),
            Self::Nav(e) => write!(f, "navmesh bake: {e}"),
        }
    }
}

impl From<QueryError> for PrepareError {
    fn from(e: QueryError) -> Self {
        Self::Query(e)
    }
}

/// One query's outcome.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// How the search ended (`Found`, `NoPath`, `StartInvalid` or `GoalInvalid`).
    pub status: Step,
    /// The path cost; +∞ unless found.
    pub cost: f64,
    /// Pops that expanded a node.
    pub expansions: u32,
    /// Pops.
    pub iterations: u32,
}

/// A search bound to one map, reused for every query on it (buffers are sized once).
pub trait MapSolver {
    /// Runs one query between node ids (`y * width + x`).
    fn solve(&mut self, start: u32, goal: u32) -> Outcome;
    /// The last found path, start first (empty unless found).
    fn path(&self) -> Vec<u32>;
    /// Record expanded nodes in order for the following queries (for drawing).
    fn set_record_expansions(&mut self, on: bool);
    /// The nodes the last query expanded, in order (empty unless recording).
    fn expanded(&self) -> &[u32];
    /// Bytes of per-node search state (excluding open-list entries).
    fn bytes_per_node(&self) -> usize;
    /// HPA*: the chunk side, every abstract node and the last abstract path (for drawing).
    fn hpa_overlay(&self) -> Option<(u32, Vec<u32>, Vec<u32>)> {
        None
    }
    /// The navmesh: the last found path's waypoints (cell corners and the endpoints' centres,
    /// `NavPoint`s, start first); `None` for the grid searches, whose `path` says it all.
    fn nav_waypoints(&self) -> Option<Vec<onepath::navmesh::NavPoint>> {
        None
    }
}

/// [`AStar`] over a [`SquareTopology`] with any heuristic.
pub struct AStarSolver<'g, H> {
    topology: SquareTopology<'g>,
    search: AStar<DefaultStepCost, H>,
}

impl<'g, H: Heuristic> AStarSolver<'g, H> {
    fn new(topology: SquareTopology<'g>, heuristic: H) -> Self {
        use onepath::topology::Topology;
        let buffers = SearchBuffers::with_capacity(topology.node_count());
        Self {
            topology,
            search: AStar::with_buffers(DefaultStepCost, heuristic, buffers),
        }
    }
}

impl<H: Heuristic> MapSolver for AStarSolver<'_, H> {
    fn solve(&mut self, start: u32, goal: u32) -> Outcome {
        let status = match self.search.try_begin(&self.topology, start, goal) {
            Step::InProgress => self.search.run(&self.topology),
            refused => refused,
        };
        let done = matches!(status, Step::Found | Step::NoPath);
        Outcome {
            status,
            cost: if status == Step::Found {
                self.search.cost()
            } else {
                f64::INFINITY
            },
            expansions: if done { self.search.expansions() } else { 0 },
            iterations: if done { self.search.iterations() } else { 0 },
        }
    }

    fn path(&self) -> Vec<u32> {
        self.search.path()
    }

    fn set_record_expansions(&mut self, on: bool) {
        self.search.set_record_expansions(on);
    }

    fn expanded(&self) -> &[u32] {
        self.search.buffers().expanded_nodes()
    }

    fn bytes_per_node(&self) -> usize {
        SearchBuffers::BYTES_PER_NODE
    }
}

/// The tier-1 resumable [`GridSearch`] (A*, JPS or JPS+ as its options ask), bound to one grid.
pub struct GridSearchSolver<'g> {
    grid: &'g Grid,
    search: GridSearch,
}

impl<'g> GridSearchSolver<'g> {
    /// A solver running `algorithm` under the Moving AI movement model. The derived
    /// structures (block map or octile map, JPS+ tables) are built and the buffers sized here,
    /// by [`GridSearch::prepare`], so that `bench` counts them as preprocessing. `improved`
    /// turns on improved pruning (jps2, jps2+).
    fn boxed(
        grid: &'g Grid,
        algorithm: GridAlgorithm,
        improved: bool,
    ) -> Result<Box<dyn MapSolver + 'g>, QueryError> {
        let options = GridOptions::DEFAULT
            .with_algorithm(algorithm)
            .with_hpa_chunk_size(HPA_CHUNK.load(Ordering::Relaxed))
            .with_hpa_smoothing(HPA_SMOOTH.load(Ordering::Relaxed));
        let mut search = GridSearch::new(options)?.with_improved_pruning(improved);
        search.prepare(grid);
        Ok(Box::new(Self { grid, search }))
    }

    fn cell(&self, n: u32) -> Cell {
        let w = self.grid.width();
        Cell::new((n % w) as i32, (n / w) as i32)
    }
}

impl MapSolver for GridSearchSolver<'_> {
    fn solve(&mut self, start: u32, goal: u32) -> Outcome {
        let (a, b) = (self.cell(start), self.cell(goal));
        let status = match self.search.try_begin(self.grid, a, b) {
            Step::InProgress => self
                .search
                .run_cancellable(self.grid, || false)
                .unwrap_or(Step::NoPath),
            refused => refused,
        };
        let done = matches!(status, Step::Found | Step::NoPath);
        Outcome {
            status,
            cost: if status == Step::Found {
                self.search.cost()
            } else {
                f64::INFINITY
            },
            expansions: if done { self.search.expansions() } else { 0 },
            iterations: if done { self.search.iterations() } else { 0 },
        }
    }

    fn path(&self) -> Vec<u32> {
        let mut out = vec![0; self.search.path_len()];
        let n = self.search.copy_path_indices(&mut out).unwrap_or(0);
        out.truncate(n);
        out
    }

    fn set_record_expansions(&mut self, on: bool) {
        // The handle's options fix recording; rebuild it with the flag (between queries only).
        let options = self.search.options().with_record_expansions(on);
        let improved = self.search.improved_pruning();
        if let Ok(mut search) = GridSearch::new(options) {
            search.set_improved_pruning(improved);
            search.prepare(self.grid);
            self.search = search;
        }
    }

    fn expanded(&self) -> &[u32] {
        // The handle answers for whichever engine ran (the specialised octile A*, JPS and
        // JPS+ keep their own records; the generic engine's buffers stay empty for them).
        self.search.expanded_nodes()
    }

    fn bytes_per_node(&self) -> usize {
        if self.search.specialized() {
            // The specialised engines' node records (`fast/record.rs` asserts 16 bytes at
            // compile time); their open-list entries are reserved apart, as the generic's.
            16
        } else {
            SearchBuffers::BYTES_PER_NODE
        }
    }

    fn hpa_overlay(&self) -> Option<(u32, Vec<u32>, Vec<u32>)> {
        let h = self.search.hpa_hierarchy()?;
        let nodes = (0..h.chunk_count())
            .flat_map(|k| h.cluster_nodes(k).iter().copied())
            .collect();
        let path = self.search.hpa_search().abstract_path().to_vec();
        Some((h.config().chunk_size, nodes, path))
    }
}
