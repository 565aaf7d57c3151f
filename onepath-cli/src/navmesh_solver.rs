//! `--alg navmesh` for `optima` and `bench`: the navigation mesh baked from the map (radius 0,
//! the default tile size) and one reused `NavSearch` (corridor search and funnel, docs/navmesh.md
//! §7–8) between the cell centres of each query.

use onepath::navmesh::{NavError, NavMesh, NavPoint, NavSearch, NavSettings};
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

/// The mesh of one grid and a search reused for every query on it.
pub struct NavMeshSolver {
    width: u32,
    mesh: NavMesh,
    search: NavSearch,
}

impl NavMeshSolver {
    /// Bakes `grid` at radius 0 (the bake is the preprocessing `bench` times apart).
    ///
    /// # Errors
    ///
    /// The bake's refusal.
    pub fn new(grid: &Grid) -> Result<Self, NavError> {
        Ok(Self {
            width: grid.width(),
            mesh: NavMesh::build_2d(grid, &NavSettings::DEFAULT)?,
            search: NavSearch::new(),
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
        let status = match self.search.try_begin(&self.mesh, a, b) {
            Step::InProgress => self.search.run(&self.mesh),
            refused => refused,
        };
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
            .waypoints()
            .iter()
            .map(|p| {
                let x = (p.point.x / NavPoint::UNIT).clamp(0, w - 1);
                let y = (p.point.y / NavPoint::UNIT).clamp(0, h - 1);
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
        (self.search.status() == Step::Found)
            .then(|| self.search.waypoints().iter().map(|w| w.point).collect())
    }
}
