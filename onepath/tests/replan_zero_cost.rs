//! Issue 28 item 6: LPA* and D* Lite with a step-cost hook that prices some moves at zero (or
//! at a denormal-sized 1e-300), which the spec allows (only NaN, negative and +∞ skip a move).
//!
//! - The issue's reproducer: an open 3 × 1 grid, four moves, zero estimate, the move between
//!   cells 1 and 2 costs 0: LPA* from 0 to 2 and D* Lite from 2 to 0 find cost 1 via the three
//!   cells (they reported `NoPath` with g = rhs = 1 at the focus: the path walk tied across the
//!   zero-cost move and stepped back).
//! - Random small grids (4 and 8 moves, walls, area costs) with random symmetric zero-cost and
//!   1e-300 moves, plus wall edits and start moves along the path: the replanned cost equals the
//!   library's A* within the replanners' tolerance, and the path is a legal walk (every step a
//!   move of the topology with a usable hooked cost, no cell twice) whose summed cost equals
//!   the reported cost.

mod common;

use common::random_grid;
use onepath::grid::{Connectivity, DiagonalRule, GridRect, SquareTopology};
use onepath::math::SplitMix64;
use onepath::replan::{REPLAN_TOLERANCE, ReplanSearch, ReplanVariant, mark_square_edit};
use onepath::search::{AStar, Step};
use onepath::topology::{StepCost, Topology, ZeroHeuristic};
use onepath::{Cell, Grid};

/// Prices the moves between listed (unordered) node pairs at `cheap`, every other move at its
/// base cost.
#[derive(Clone, Debug)]
struct CheapMoves {
    pairs: Vec<(u32, u32)>,
    cheap: f64,
}

impl StepCost for CheapMoves {
    fn cost(&self, from: u32, to: u32, base: f64) -> f64 {
        let key = (from.min(to), from.max(to));
        if self.pairs.contains(&key) {
            self.cheap
        } else {
            base
        }
    }
}

fn within_tolerance(a: f64, b: f64) -> bool {
    if a == b {
        return true;
    }
    let scale = a.abs().max(b.abs()).max(1.0);
    // The replanners' documented bound: costs equal A*'s up to the comparisons' tolerance
    // (relative 1e-11, absolute below 1), a few steps' worth.
    (a - b).abs() <= 64.0 * REPLAN_TOLERANCE * scale
}

/// The hooked cost of the move `a → b` (first such move in `a`'s order), or `None`.
fn move_cost<T: Topology>(t: &T, hook: &CheapMoves, a: u32, b: u32) -> Option<f64> {
    let mut found = None;
    t.for_each_neighbor(a, |v, base| {
        if found.is_none() && v == b {
            let c = hook.cost(a, b, base);
            if c >= 0.0 && c.is_finite() {
                found = Some(c);
            }
        }
    });
    found
}

/// Checks the replanner's path is a legal walk from `start` to `goal` without repeated
/// nodes whose summed cost (start to goal) is the reported cost, bit for bit.
fn check_walk<T: Topology>(
    t: &T,
    s: &ReplanSearch<CheapMoves, ZeroHeuristic>,
    start: u32,
    goal: u32,
) {
    let path = s.path();
    assert_eq!(path.first(), Some(&start), "path starts at the start");
    assert_eq!(path.last(), Some(&goal), "path ends at the goal");
    let mut seen = path.to_vec();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), path.len(), "no node twice on {path:?}");
    let mut sum = 0.0;
    for w in path.windows(2) {
        sum += move_cost(t, s.cost_hook(), w[0], w[1])
            .unwrap_or_else(|| panic!("{} -> {} is not a usable move", w[0], w[1]));
    }
    assert_eq!(
        sum.to_bits(),
        s.cost().to_bits(),
        "reported cost is the path's sum"
    );
}

fn astar_cost<T: Topology>(t: &T, hook: &CheapMoves, start: u32, goal: u32) -> Option<f64> {
    let mut a = AStar::new(hook.clone(), ZeroHeuristic);
    let _ = a.try_begin(t, start, goal);
    (a.run(t) == Step::Found).then(|| a.cost())
}

#[test]
fn issue_repro_three_by_one_lpa_and_dstar() {
    let grid = Grid::new(3, 1).unwrap();
    let topo =
        SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    for cheap in [0.0, 1e-300] {
        let hook = CheapMoves {
            pairs: vec![(1, 2)],
            cheap,
        };
        assert_eq!(astar_cost(&topo, &hook, 0, 2), Some(1.0));
        for (variant, start, goal) in [
            (ReplanVariant::LpaStar, 0, 2),
            (ReplanVariant::DStarLite, 2, 0),
        ] {
            let mut s = ReplanSearch::new(variant, hook.clone(), ZeroHeuristic);
            assert_eq!(s.try_begin(&topo, start, goal), Step::InProgress);
            assert_eq!(s.run(&topo), Step::Found, "{variant:?} cheap {cheap}");
            assert_eq!(s.cost(), 1.0);
            let expect: Vec<u32> = if start == 0 {
                vec![0, 1, 2]
            } else {
                vec![2, 1, 0]
            };
            assert_eq!(s.path(), expect.as_slice());
            check_walk(&topo, &s, start, goal);
        }
    }
}

/// A plateau of zero-cost moves whose first tied neighbour in order leads into a dead end:
/// the walk must back out of it (a rule of "never revisit" alone would stop there).
#[test]
fn zero_cost_plateau_with_a_dead_end() {
    // Row of 5: 0 - 1 - 2 - 3 - 4; the root is 0. Moves 1-2, 2-3, 3-4 cost 0: a plateau at
    // g = 1. From 2 both neighbours 1 and 3 tie (g 1 + 0); neighbour order decides.
    let grid = Grid::new(5, 1).unwrap();
    let topo =
        SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    let hook = CheapMoves {
        pairs: vec![(1, 2), (2, 3), (3, 4)],
        cheap: 0.0,
    };
    for focus in 1..5 {
        for variant in [ReplanVariant::LpaStar, ReplanVariant::DStarLite] {
            let (start, goal) = match variant {
                ReplanVariant::LpaStar => (0, focus),
                ReplanVariant::DStarLite => (focus, 0),
            };
            let mut s = ReplanSearch::new(variant, hook.clone(), ZeroHeuristic);
            let _ = s.try_begin(&topo, start, goal);
            assert_eq!(s.run(&topo), Step::Found, "{variant:?} focus {focus}");
            assert_eq!(s.cost(), 1.0);
            check_walk(&topo, &s, start, goal);
        }
    }
}

/// Cases of the random test (`ZERO_COST_CASES` raises it for a longer run).
fn cases() -> u64 {
    std::env::var("ZERO_COST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400)
}

#[test]
fn random_grids_with_zero_cost_moves_match_astar() {
    let mut rng = SplitMix64::new(0x2800_0006);
    let mut checked = 0u32;
    for case in 0..cases() {
        let w = 2 + rng.below(6);
        let h = 1 + rng.below(6);
        let grid = random_grid(case ^ 0x5eed, w, h, 20, case % 2 == 0);
        let conn = if case % 3 == 0 {
            Connectivity::Four
        } else {
            Connectivity::Eight
        };
        let n = w * h;
        let mut pairs = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.chance(1, 3) {
                    pairs.push((a, b));
                }
            }
        }
        let hook = CheapMoves {
            pairs,
            cheap: if case % 4 == 1 { 1e-300 } else { 0.0 },
        };
        let start = rng.below(n);
        let goal = rng.below(n);
        for variant in [ReplanVariant::LpaStar, ReplanVariant::DStarLite] {
            let mut grid = grid.clone();
            let mut s = ReplanSearch::new(variant, hook.clone(), ZeroHeuristic);
            let mut at = start;
            for round in 0..6 {
                let topo =
                    SquareTopology::new(&grid, 1, conn, DiagonalRule::NoCornerCutting).unwrap();
                let state = if round == 0 {
                    if s.try_begin(&topo, start, goal) != Step::InProgress {
                        break;
                    }
                    s.run(&topo)
                } else {
                    s.run(&topo)
                };
                let expect = astar_cost(&topo, &hook, at, goal);
                match expect {
                    Some(c) => {
                        assert_eq!(state, Step::Found, "case {case} {variant:?} round {round}");
                        assert!(
                            within_tolerance(s.cost(), c),
                            "case {case} {variant:?}: {} vs A* {c}",
                            s.cost()
                        );
                        check_walk(&topo, &s, at, goal);
                        checked += 1;
                        // Sometimes the unit steps along its path (D* Lite keeps its work).
                        if s.path().len() > 2 && rng.chance(1, 3) {
                            at = s.path()[1];
                            assert_eq!(s.move_start(&topo, at), Step::InProgress);
                        }
                    }
                    None => assert_eq!(state, Step::NoPath, "case {case} {variant:?}"),
                }
                // Toggle one cell that is not an endpoint and tell the search.
                let cell = rng.below(n);
                if cell == at || cell == goal {
                    continue;
                }
                let c = Cell::new((cell % w) as i32, (cell / w) as i32);
                let open = grid.is_walkable(c);
                grid.set_walkable(c, !open).unwrap();
                mark_square_edit(&mut s, GridRect::cell(cell % w, cell / w), 1, w, h);
            }
        }
    }
    assert!(checked > 300, "only {checked} found paths were checked");
}
