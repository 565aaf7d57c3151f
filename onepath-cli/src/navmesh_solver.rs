//! `--alg navmesh` and `--alg polyanya` for `optima` and `bench`: the navigation mesh baked
//! from the map (radius 0, the default tile size) and one reused search between the cell
//! centres of each query — a `NavSearch` (corridor search and funnel, docs/navmesh.md §7–8)
//! or a `PolyanyaSearch` (exact shortest paths, §10). [`NavEngine`] is that reused search,
//! shared with `onepath navmesh --alg`.

use onepath::NavAlgorithm;
use onepath::navmesh::{
    NavError, NavMesh, NavPoint, NavSearch, NavSettings, NavWaypoint, PolyanyaSearch,
};
use onepath::search::Step;
use onepath::{Cell, Grid};

use crate::solver::{MapSolver, Outcome};

/// The longest length a navmesh path may have on scenario line `s` at radius 0: the published
/// 8-connected optimum × (1 + 1e-9), plus half a unit of the last digit the file prints (the
/// file rounds the optimum to it: `1.41421` stands for √2, which the straight diagonal
/// reaches exactly). The 8-connected optimal path lies in the radius-0 region, so the
/// shortest path there is never longer; any-angle paths are shorter by design.
pub fn length_bound(s: &onepath_std::movingai::Scenario) -> f64 {
    s.optimal_length * (1.0 + 1e-9) + s.printed_unit() / 2.0
}

/// One search of either algorithm, reused for every query on a mesh.
pub enum NavEngine {
    /// The corridor search and its funnel.
    Corridor(NavSearch),
    /// Polyanya.
    Polyanya(PolyanyaSearch),
}

impl NavEngine {
    /// An idle search of `algorithm`.
    pub fn new(algorithm: NavAlgorithm) -> Self {
        match algorithm {
            NavAlgorithm::Polyanya => Self::Polyanya(PolyanyaSearch::new()),
            NavAlgorithm::Corridor => Self::Corridor(NavSearch::new()),
        }
    }

    /// Searches `a` → `b` on `mesh` to the end: `Found`, `NoPath`, `StartInvalid` or
    /// `GoalInvalid`.
    pub fn run(&mut self, mesh: &NavMesh, a: NavPoint, b: NavPoint) -> Step {
        match self {
            Self::Corridor(s) => match s.try_begin(mesh, a, b) {
                Step::InProgress => s.run(mesh),
                refused => refused,
            },
            Self::Polyanya(s) => match s.try_begin(mesh, a, b) {
                Step::InProgress => s.run(mesh),
                other => other,
            },
        }
    }

    /// The last run's state (`Idle` before the first run; a refused begin leaves it as it
    /// was: use [`run`](Self::run)'s answer).
    pub fn status(&self) -> Step {
        match self {
            Self::Corridor(s) => s.status(),
            Self::Polyanya(s) => s.status(),
        }
    }

    /// The found path's length in cells: the corridor funnel's, or Polyanya's exact length.
    pub fn length(&self) -> Option<f64> {
        match self {
            Self::Corridor(s) => s.length(),
            Self::Polyanya(s) => s.length(),
        }
    }

    /// Pops of the last search.
    pub fn iterations(&self) -> u64 {
        match self {
            Self::Corridor(s) => s.iterations(),
            Self::Polyanya(s) => s.iterations(),
        }
    }

    /// Expansions of the last search (Polyanya's include the in-place ones).
    pub fn expansions(&self) -> u64 {
        match self {
            Self::Corridor(s) => s.expansions(),
            Self::Polyanya(s) => s.expansions(),
        }
    }

    /// The found path's corridor (empty unless found).
    pub fn corridor(&self) -> &[u32] {
        match self {
            Self::Corridor(s) => s.corridor(),
            Self::Polyanya(s) => s.corridor(),
        }
    }

    /// The found path's points as the search gives them: the funnel's waypoints, or
    /// Polyanya's start, turn vertices and goal (empty unless found).
    pub fn points(&self) -> Vec<NavPoint> {
        match self {
            Self::Corridor(s) => s.waypoints().iter().map(|w| w.point).collect(),
            Self::Polyanya(s) => s.waypoints().to_vec(),
        }
    }

    /// The found path's waypoints as tier 1's `NavPath` gives them (each with its corridor
    /// polygon): the corridor search's funnel, or the funnel over Polyanya's corridor
    /// (docs/navmesh.md, "Choosing the algorithm"); empty unless found.
    pub fn waypoints(&self) -> Vec<NavWaypoint> {
        match self {
            Self::Corridor(s) => s.waypoints().to_vec(),
            Self::Polyanya(s) => {
                let mut out = Vec::new();
                let _ = s.funnel_waypoints(&mut out);
                out
            }
        }
    }
}

/// The mesh of one grid and a search reused for every query on it.
pub struct NavMeshSolver {
    width: u32,
    mesh: NavMesh,
    search: NavEngine,
}

impl NavMeshSolver {
    /// Bakes `grid` at radius 0 (the bake is the preprocessing `bench` times apart) for
    /// searches by `algorithm`.
    ///
    /// # Errors
    ///
    /// The bake's refusal.
    pub fn new(grid: &Grid, algorithm: NavAlgorithm) -> Result<Self, NavError> {
        Ok(Self {
            width: grid.width(),
            mesh: NavMesh::build_2d(grid, &NavSettings::DEFAULT)?,
            search: NavEngine::new(algorithm),
        })
    }

    fn point(&self, n: u32) -> NavPoint {
        let w = self.width.max(1);
        NavPoint::cell_center(Cell::new((n % w) as i32, (n / w) as i32))
    }
}

impl MapSolver for NavMeshSolver {
    fn solve(&mut self, start: u32, goal: u32) -> Outcome {
        let (a, b) = (self.point(start), self.point(goal));
        let status = self.search.run(&self.mesh, a, b);
        let done = matches!(status, Step::Found | Step::NoPath);
        let cost = match (status, self.search.length()) {
            (Step::Found, Some(len)) => len,
            _ => f64::INFINITY,
        };
        Outcome {
            status,
            cost,
            expansions: if done {
                u32::try_from(self.search.expansions()).unwrap_or(u32::MAX)
            } else {
                0
            },
            iterations: if done {
                u32::try_from(self.search.iterations()).unwrap_or(u32::MAX)
            } else {
                0
            },
        }
    }

    /// The cells of the waypoints (corners are drawn in the cell below and right of them);
    /// `nav_waypoints` has the exact points.
    fn path(&self) -> Vec<u32> {
        if self.search.status() != Step::Found {
            return Vec::new();
        }
        let w = i64::from(self.width);
        let h = i64::from(self.mesh.height());
        self.search
            .points()
            .iter()
            .map(|p| {
                let x = (p.x / NavPoint::UNIT).clamp(0, w - 1);
                let y = (p.y / NavPoint::UNIT).clamp(0, h - 1);
                (y * w + x) as u32
            })
            .collect()
    }

    fn set_record_expansions(&mut self, _on: bool) {}

    fn expanded(&self) -> &[u32] {
        &[]
    }

    fn bytes_per_node(&self) -> usize {
        0
    }

    fn nav_waypoints(&self) -> Option<Vec<NavPoint>> {
        (self.search.status() == Step::Found).then(|| self.search.points())
    }
}
