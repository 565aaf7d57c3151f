//! The contenders: onepath's generic A* and Dijkstra (tier 2, `AStar` over `SquareTopology`),
//! onepath's JPS and JPS+ and the any-angle Theta* and Lazy Theta* (tier 1 `GridSearch`;
//! their lengths are shorter than the published optimum, so they are not `exact`), the `pathfinding` crate's `astar` and
//! `dijkstra` on the same octile graph, and (feature `jps`) `grid_pathfinding`'s JPS.
//!
//! Movement rules:
//! - **onepath**, **pathfinding**: eight-connected, costs 1 and √2 (`f64`, the bit pattern
//!   0x3FF6A09E667F3BCD), no corner cutting, neighbours in the order N, E, S, W, NE, SE, SW, NW;
//!   A* with the octile heuristic `(max - min) + min·√2`, Dijkstra with none. Same graph, so the
//!   lengths must equal the published optimum.
//! - **grid_pathfinding** (0.3, JPS with improved pruning and connected components): eight-
//!   connected **with corner cutting** (a diagonal step needs only its target free) and integer
//!   costs 70 and 99 (99/70 ≈ √2 + 7e-5). It answers a different question, so its lengths are
//!   not expected to match: they are re-priced from its waypoints with exact octile costs and
//!   counted as "shorter" (corner cutting) or "longer" (the integer costs can pick a path whose
//!   exact cost is worse) against the published optimum.

use core::cell::Cell as Counter;

use onepath::grid::SquareTopology;
use onepath::math::SQRT2;
use onepath::search::{AStar, SearchBuffers, Step};
use onepath::topology::{DefaultStepCost, Heuristic, OctileHeuristic, Topology, ZeroHeuristic};
use onepath::{Cell, Connectivity, DiagonalRule, GridAlgorithm, GridOptions, GridSearch};
use ordered_float::OrderedFloat;

use crate::maps::BenchMap;

/// A contender bound to one map, reused for every query on it.
pub trait Runner {
    /// The length of the path from `start` to `goal` (node ids `y * width + x`), or `None`
    /// when it finds none. Lengths are octile costs in `f64`.
    fn query(&mut self, start: u32, goal: u32) -> Option<f64>;
    /// Nodes expanded by the last query, when the contender can tell.
    fn last_expansions(&self) -> Option<u64>;
    /// Bytes of search state allocated once per map (0 when state is allocated per query).
    fn retained_bytes(&self) -> usize {
        0
    }
}

/// Which of our searches a contender is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Heuristic searches (A*, JPS): compared with onepath A*.
    AStar,
    /// Uninformed searches: compared with onepath Dijkstra.
    Dijkstra,
}

/// A named contender and how to build it for a map (the build is timed as preprocessing).
pub struct Contender {
    /// Short name for tables.
    pub name: &'static str,
    /// Whether this is onepath itself.
    pub ours: bool,
    /// What it is compared with.
    pub family: Family,
    /// Whether its lengths must equal the published optimum (same movement model).
    pub exact: bool,
    /// Builds it for a map.
    pub prepare: for<'a> fn(&'a BenchMap) -> Box<dyn Runner + 'a>,
}

/// Every contender compiled in, ours first within each family.
pub fn all_contenders() -> Vec<Contender> {
    let mut v = vec![
        Contender {
            name: "onepath astar",
            ours: true,
            family: Family::AStar,
            exact: true,
            prepare: |m| Box::new(Ours::new(m, OctileHeuristic::new(m.width, 1.0))),
        },
        Contender {
            name: "pathfinding astar",
            ours: false,
            family: Family::AStar,
            exact: true,
            prepare: |m| Box::new(Peer::new(m, true)),
        },
    ];
    v.extend([
        Contender {
            // Tier 1 as shipped: the handle picks the specialised one-line octile A*.
            name: "onepath astar (1-line)",
            ours: true,
            family: Family::AStar,
            exact: true,
            prepare: |m| Box::new(OursGridSearch::new(m, GridAlgorithm::AStar)),
        },
        Contender {
            name: "onepath jps",
            ours: true,
            family: Family::AStar,
            exact: true,
            prepare: |m| Box::new(OursGridSearch::new(m, GridAlgorithm::Jps)),
        },
        Contender {
            name: "onepath jps+",
            ours: true,
            family: Family::AStar,
            exact: true,
            prepare: |m| Box::new(OursGridSearch::new(m, GridAlgorithm::JpsPlus)),
        },
        // Any-angle (issue 16): shorter than the published 8-connected optimum, not equal.
        Contender {
            name: "onepath theta*",
            ours: true,
            family: Family::AStar,
            exact: false,
            prepare: |m| Box::new(OursGridSearch::new(m, GridAlgorithm::ThetaStar)),
        },
        Contender {
            name: "onepath lazy theta*",
            ours: true,
            family: Family::AStar,
            exact: false,
            prepare: |m| Box::new(OursGridSearch::new(m, GridAlgorithm::LazyThetaStar)),
        },
    ]);
    #[cfg(feature = "jps")]
    v.push(Contender {
        name: "grid_pathfinding jps*",
        ours: false,
        family: Family::AStar,
        exact: false,
        prepare: |m| Box::new(jps::Jps::new(m)),
    });
    v.extend([
        Contender {
            name: "onepath dijkstra",
            ours: true,
            family: Family::Dijkstra,
            exact: true,
            prepare: |m| Box::new(Ours::new(m, ZeroHeuristic)),
        },
        Contender {
            name: "pathfinding dijkstra",
            ours: false,
            family: Family::Dijkstra,
            exact: true,
            prepare: |m| Box::new(Peer::new(m, false)),
        },
    ]);
    v
}

/// onepath's tier-2 A* over the square topology, buffers sized once per map.
struct Ours<'a, H> {
    topology: SquareTopology<'a>,
    search: AStar<DefaultStepCost, H>,
}

impl<'a, H: Heuristic> Ours<'a, H> {
    fn new(map: &'a BenchMap, heuristic: H) -> Self {
        let topology = SquareTopology::new(
            &map.grid,
            1,
            Connectivity::Eight,
            DiagonalRule::NoCornerCutting,
        )
        .expect("agent size 1 is valid");
        let buffers = SearchBuffers::with_capacity(topology.node_count());
        Self {
            topology,
            search: AStar::with_buffers(DefaultStepCost, heuristic, buffers),
        }
    }
}

impl<H: Heuristic> Runner for Ours<'_, H> {
    fn query(&mut self, start: u32, goal: u32) -> Option<f64> {
        if self.search.try_begin(&self.topology, start, goal) != Step::InProgress {
            return None;
        }
        (self.search.run(&self.topology) == Step::Found).then(|| self.search.cost())
    }

    fn last_expansions(&self) -> Option<u64> {
        Some(u64::from(self.search.expansions()))
    }

    fn retained_bytes(&self) -> usize {
        self.search.buffers().node_capacity() as usize * SearchBuffers::BYTES_PER_NODE
    }
}

/// onepath's tier-1 resumable `GridSearch` running A*, JPS or JPS+; `GridSearch::prepare` in
/// `new` builds its octile map or JPS+ tables and sizes its buffers (timed as preprocessing).
struct OursGridSearch<'a> {
    map: &'a BenchMap,
    search: GridSearch,
}

impl<'a> OursGridSearch<'a> {
    fn new(map: &'a BenchMap, algorithm: GridAlgorithm) -> Self {
        let mut search = GridSearch::new(GridOptions::DEFAULT.with_algorithm(algorithm))
            .expect("default options are valid");
        search.prepare(&map.grid);
        Self { map, search }
    }
}

impl Runner for OursGridSearch<'_> {
    fn query(&mut self, start: u32, goal: u32) -> Option<f64> {
        let w = self.map.width;
        let cell = |n: u32| Cell::new((n % w) as i32, (n / w) as i32);
        let grid = &self.map.grid;
        if self.search.try_begin(grid, cell(start), cell(goal)) != Step::InProgress {
            return None;
        }
        let done = self.search.run_cancellable(grid, || false).ok()?;
        (done == Step::Found).then(|| self.search.cost())
    }

    fn last_expansions(&self) -> Option<u64> {
        Some(u64::from(self.search.expansions()))
    }

    fn retained_bytes(&self) -> usize {
        self.search.engine().buffers().node_capacity() as usize * SearchBuffers::BYTES_PER_NODE
    }
}

/// The `pathfinding` crate's `astar` / `dijkstra` over the same graph: node `u32`, cost
/// `OrderedFloat<f64>`, successors produced from a fixed array (no allocation per expansion).
struct Peer<'a> {
    map: &'a BenchMap,
    astar: bool,
    expansions: Counter<u64>,
}

impl<'a> Peer<'a> {
    fn new(map: &'a BenchMap, astar: bool) -> Self {
        Self {
            map,
            astar,
            expansions: Counter::new(0),
        }
    }
}

type Cost = OrderedFloat<f64>;

/// Moves out of `n` in the order N, E, S, W, NE, SE, SW, NW; a diagonal needs both orthogonal
/// neighbours walkable.
#[inline]
fn successors(map: &BenchMap, n: u32) -> impl Iterator<Item = (u32, Cost)> + use<> {
    let (w, h) = (map.width, map.height);
    let (x, y) = (n % w, n / w);
    let open = |x: u32, y: u32| map.walkable[(y * w + x) as usize];
    let north = y > 0 && open(x, y - 1);
    let east = x + 1 < w && open(x + 1, y);
    let south = y + 1 < h && open(x, y + 1);
    let west = x > 0 && open(x - 1, y);
    let mut out = [(0_u32, OrderedFloat(0.0)); 8];
    let mut k = 0;
    let mut push = |cond: bool, m: u32, c: f64| {
        if cond {
            out[k] = (m, OrderedFloat(c));
            k += 1;
        }
    };
    push(north, n.wrapping_sub(w), 1.0);
    push(east, n + 1, 1.0);
    push(south, n + w, 1.0);
    push(west, n.wrapping_sub(1), 1.0);
    // Wrapping arithmetic: the ids are computed even for moves that are then not pushed.
    push(
        north && east && open(x + 1, y - 1),
        n.wrapping_sub(w).wrapping_add(1),
        SQRT2,
    );
    push(south && east && open(x + 1, y + 1), n + w + 1, SQRT2);
    push(
        south && west && open(x - 1, y + 1),
        (n + w).wrapping_sub(1),
        SQRT2,
    );
    push(
        north && west && open(x - 1, y - 1),
        n.wrapping_sub(w + 1),
        SQRT2,
    );
    out.into_iter().take(k)
}

/// The exact octile distance between two nodes.
#[inline]
fn octile(w: u32, a: u32, b: u32) -> f64 {
    let dx = (a % w).abs_diff(b % w);
    let dy = (a / w).abs_diff(b / w);
    let (min, max) = if dx < dy { (dx, dy) } else { (dy, dx) };
    f64::from(max - min) + f64::from(min) * SQRT2
}

impl Runner for Peer<'_> {
    fn query(&mut self, start: u32, goal: u32) -> Option<f64> {
        let map = self.map;
        let count = &self.expansions;
        count.set(0);
        let succ = |&n: &u32| {
            count.set(count.get() + 1);
            successors(map, n)
        };
        let found = if self.astar {
            pathfinding::prelude::astar(
                &start,
                succ,
                |&n| OrderedFloat(octile(map.width, n, goal)),
                |&n| n == goal,
            )
        } else {
            pathfinding::prelude::dijkstra(&start, succ, |&n| n == goal)
        };
        found.map(|(_, c)| c.0)
    }

    fn last_expansions(&self) -> Option<u64> {
        Some(self.expansions.get())
    }
}

#[cfg(feature = "jps")]
mod jps {
    use grid_pathfinding::PathingGrid;
    use grid_util::grid::{BoolGrid, ValueGrid};
    use grid_util::point::Point;

    use super::{Runner, octile};
    use crate::maps::BenchMap;

    /// `grid_pathfinding` 0.3's JPS: its own rules (corner cutting, costs 70/99); lengths are
    /// re-priced from the waypoints with exact octile costs.
    pub struct Jps {
        grid: PathingGrid,
        width: u32,
    }

    impl Jps {
        pub fn new(map: &BenchMap) -> Self {
            let (w, h) = (map.width as usize, map.height as usize);
            let mut blocked = BoolGrid::new(w, h, true);
            for (i, &open) in map.walkable.iter().enumerate() {
                if open {
                    blocked.set((i % w) as i32, (i / w) as i32, false);
                }
            }
            let mut grid = PathingGrid::new(w, h, true);
            grid.grid = blocked;
            grid.allow_diagonal_move = true;
            grid.improved_pruning = true;
            grid.initialize();
            grid.generate_components();
            Self {
                grid,
                width: map.width,
            }
        }
    }

    impl Runner for Jps {
        fn query(&mut self, start: u32, goal: u32) -> Option<f64> {
            let w = self.width;
            let p = |n: u32| Point::new((n % w) as i32, (n / w) as i32);
            let waypoints = self
                .grid
                .get_waypoints_single_goal(p(start), p(goal), false)?;
            let node = |q: &Point| q.y as u32 * w + q.x as u32;
            Some(
                waypoints
                    .windows(2)
                    .map(|s| octile(w, node(&s[0]), node(&s[1])))
                    .sum(),
            )
        }

        fn last_expansions(&self) -> Option<u64> {
            None
        }
    }
}
