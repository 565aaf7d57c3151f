//! `grid_replan`: the incremental replanners (`GridReplanner`, LPA* and D* Lite) under
//! sequences of cell and rectangle edits, area-cost changes, start moves, goal changes,
//! `invalidate`, budgeted replans, and save/restore (also of damaged snapshots).
//!
//! Input: width, height (1..=12 each), the cells (one byte each: a wall when `< 64`, else
//! area `byte % 4`), the variant, connectivity, diagonal rule and agent size (1..=3), start
//! and goal; then up to 48 operations. Properties: nothing panics or hangs; after every
//! finished replan the status and cost equal a fresh `find_path` (A*) on the same grid
//! (relative 1e-9) and the engine's invariants hold; a budgeted replan of a copy ends with the
//! unbudgeted result (status, cost bits, path, counts); a restored copy replans exactly as the
//! original; a damaged snapshot (checksum repaired) is refused or, when accepted, replans to
//! A*'s answer.

use onepath::grid::SquareTopology;
use onepath::state::{Fnv1a64, HEADER_LEN};
use onepath::topology::Topology;
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, GridReplanner, PathStatus,
};

use crate::consistent::proven;
use crate::consistent::replan::{ReplanRules, edit};
use crate::consistent::rules::GridHeuristic;
use crate::input::Input;

type Seen = (PathStatus, u64, Vec<Cell>, u32, u32);

fn seen(u: &GridReplanner) -> Seen {
    (
        u.status(),
        u.cost().to_bits(),
        u.path().to_vec(),
        u.iterations(),
        u.expansions(),
    )
}

/// Replans to the end in slices of `budget` (bounded: a replan pops each node a bounded
/// number of times; the bound is generous).
fn finish(u: &mut GridReplanner, grid: &Grid, budget: u32) -> PathStatus {
    let budget = budget.max(1);
    let limit = 64 * u64::from(grid.cell_count()) + 64;
    let mut pops = 0u64;
    loop {
        let s = u
            .try_replan(grid, budget)
            .expect("the replanner's own grid");
        if s != PathStatus::BudgetExhausted {
            return s;
        }
        pops += u64::from(budget);
        assert!(pops <= limit * u64::from(budget), "a replan does not end");
    }
}

fn check_against_astar(u: &GridReplanner, grid: &Grid, options: &GridOptions) {
    let (s, g) = u.endpoints();
    let fresh = grid
        .find_path(s, g, &options.with_algorithm(GridAlgorithm::AStar))
        .expect("valid options");
    assert_eq!(u.status(), fresh.status, "status differs from A*");
    if fresh.status == PathStatus::Found {
        let scale = fresh.cost.abs().max(1.0);
        assert!(
            (u.cost() - fresh.cost).abs() <= 1e-9 * scale,
            "cost {} vs A* {}",
            u.cost(),
            fresh.cost
        );
        assert_eq!(u.path().first(), Some(&s));
        assert_eq!(u.path().last(), Some(&g));
    }
    let topo = SquareTopology::new(
        grid,
        options.agent_size,
        options.connectivity,
        options.diagonal_rule,
    )
    .expect("valid size");
    u.engine()
        .check_invariants(&topo)
        .unwrap_or_else(|e| panic!("engine invariant: {e}"));
}

fn save(u: &mut GridReplanner, grid: &Grid) -> Vec<u8> {
    let mut out = vec![0u8; u.state_size(grid)];
    let n = u.save_state(grid, &mut out).expect("sized buffer");
    assert_eq!(n, out.len());
    out
}

/// The fuzz target body.
pub fn grid_replan(data: &[u8]) {
    let mut input = Input::new(data);
    let w = 1 + input.below(12);
    let h = 1 + input.below(12);
    let cells: Vec<u8> = (0..w * h)
        .map(|_| {
            let b = input.u8();
            if b < 64 { 255 } else { b % 4 }
        })
        .collect();
    let Ok(mut grid) = Grid::from_areas(w, h, cells) else {
        return;
    };
    let alg = if input.bool() {
        GridAlgorithm::LpaStar
    } else {
        GridAlgorithm::DStarLite
    };
    let connectivity = if input.bool() {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let rule = [
        DiagonalRule::NoCornerCutting,
        DiagonalRule::NoSqueezing,
        DiagonalRule::AllowAll,
    ][input.below(3) as usize];
    let size = 1 + input.below(3) as u8;
    let options = GridOptions::DEFAULT
        .with_algorithm(alg)
        .with_connectivity(connectivity)
        .with_diagonal_rule(rule)
        .with_agent_size(size);
    let cell = |input: &mut Input<'_>| {
        Cell::new(input.below(w + 2) as i32 - 1, input.below(h + 2) as i32 - 1)
    };
    let (start, goal) = (cell(&mut input), cell(&mut input));
    let mut unit = grid
        .create_replanner(start, goal, &options)
        .expect("valid options");
    for _ in 0..48 {
        if input.is_empty() {
            break;
        }
        match input.below(10) {
            0 => {
                let c = Cell::new(input.below(w) as i32, input.below(h) as i32);
                let a = if input.bool() {
                    255
                } else {
                    input.below(4) as u8
                };
                grid.set_area(c, a).expect("inside");
            }
            1 => {
                let (x, y) = (input.below(w), input.below(h));
                let rw = 1 + input.below(w - x);
                let rh = 1 + input.below(h - y);
                let a = if input.bool() {
                    255
                } else {
                    input.below(4) as u8
                };
                grid.set_rect(x as i32, y as i32, rw, rh, a)
                    .expect("inside");
            }
            2 => {
                // One step along the path (the unit advancing), or anywhere.
                let next = if input.bool() && unit.path().len() > 1 {
                    unit.path()[1]
                } else {
                    cell(&mut input)
                };
                unit.move_start(next);
            }
            3 => unit.set_goal(cell(&mut input)),
            4 => {
                let area = input.below(4) as u8;
                let m = [0.5, 1.0, 1.5, 2.0][input.below(4) as usize];
                grid.set_area_cost(area, m).expect("valid multiplier");
            }
            5 => unit.invalidate(),
            6 => {
                // A budgeted copy must end where the unbudgeted replan ends.
                let budget = 1 + input.below(20);
                let mut copy = unit.clone();
                let _ = finish(&mut unit, &grid, u32::MAX);
                let _ = finish(&mut copy, &grid, budget);
                assert_eq!(seen(&copy), seen(&unit), "sliced != unsliced");
                check_against_astar(&unit, &grid, &options);
            }
            7 => {
                // Save, restore into a new replanner; both continue alike.
                let bytes = save(&mut unit, &grid);
                let mut twin = grid
                    .create_replanner(Cell::new(0, 0), Cell::new(0, 0), &options)
                    .expect("valid options");
                twin.restore_state(&grid, &bytes).expect("own snapshot");
                assert_eq!(save(&mut twin, &grid), bytes, "restore then save differs");
                let _ = finish(&mut unit, &grid, u32::MAX);
                let _ = finish(&mut twin, &grid, u32::MAX);
                assert_eq!(seen(&twin), seen(&unit), "restored != never stopped");
            }
            8 => {
                // A damaged snapshot with a repaired checksum: bit flips, or (a set high bit
                // in the count byte) the consistent edits of issue 27.
                let mut bytes = save(&mut unit, &grid);
                let flips = input.u8();
                let structured = flips >= 128;
                if structured {
                    bytes = consistent_edit(&bytes, &grid, &options, &mut input);
                } else if bytes.len() > HEADER_LEN {
                    for _ in 0..=flips % 3 {
                        let i = HEADER_LEN + input.u16() as usize % (bytes.len() - HEADER_LEN);
                        bytes[i] ^= 1 << input.below(8);
                    }
                    let sum = Fnv1a64::of(&bytes[HEADER_LEN..]);
                    bytes[20..28].copy_from_slice(&sum.to_le_bytes());
                }
                let mut target = grid
                    .create_replanner(start, goal, &options)
                    .expect("valid options");
                let before = save(&mut target, &grid);
                if target.restore_state(&grid, &bytes).is_ok() {
                    // The structured edits reach states the byte flips do not: asserted
                    // once kind 8's restore proves them (`PROVEN_KINDS`).
                    if !structured || proven(8) {
                        let _ = finish(&mut target, &grid, 1 + input.below(30));
                        check_against_astar(&target, &grid, &options);
                    }
                } else {
                    let same = save(&mut target, &grid) == before;
                    assert!(
                        same || !proven(8),
                        "a refused restore changed the replanner"
                    );
                }
            }
            _ => {
                let _ = finish(&mut unit, &grid, 1 + input.below(50));
                check_against_astar(&unit, &grid, &options);
            }
        }
    }
    let _ = finish(&mut unit, &grid, u32::MAX);
    check_against_astar(&unit, &grid, &options);
}

/// The consistent edits of issue 27 applied to a kind-8 snapshot of `grid`.
fn consistent_edit(
    bytes: &[u8],
    grid: &Grid,
    options: &GridOptions,
    input: &mut Input<'_>,
) -> Vec<u8> {
    let Ok(topo) = SquareTopology::new(
        grid,
        options.agent_size,
        options.connectivity,
        options.diagonal_rule,
    ) else {
        return bytes.to_vec();
    };
    let focus = crate::consistent::le32(bytes.get(HEADER_LEN..).unwrap_or(&[]), 9);
    let heuristic = GridHeuristic::for_options(options, grid, focus);
    let neighbours = |v: u32, out: &mut Vec<u32>| topo.for_each_neighbor(v, |m, _| out.push(m));
    let estimate = |v: u32| heuristic.estimate(v);
    let rules = ReplanRules {
        neighbours: &neighbours,
        estimate: &estimate,
        lpa: options.algorithm == GridAlgorithm::LpaStar,
    };
    edit(bytes, &rules, None, input).0
}
