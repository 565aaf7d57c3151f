//! Zero allocation in steady state for the replanners: after the first replan on a grid,
//! `try_replan` (journal reading, repair, path extraction) allocates nothing through cell
//! edits, start moves and budgets, for LPA* and D* Lite, agent sizes 1 and 2, and hex grids
//! (a counting global allocator proves it); so does `restore_state` once the replanner has
//! replanned on a grid of that size.
#![allow(unsafe_code)]

mod common;
mod counting;

use common::random_grid;
use counting::allocations;
use onepath::math::SplitMix64;
use onepath::{Cell, GridAlgorithm, GridOptions, HexGrid, HexLayout, PathStatus};

/// A cell on or next to `path` (or anywhere).
fn near(rng: &mut SplitMix64, path: &[Cell], w: u32, h: u32) -> Cell {
    if path.is_empty() {
        return Cell::new(rng.below(w) as i32, rng.below(h) as i32);
    }
    let c = path[rng.below(path.len() as u32) as usize];
    let x = (c.x + rng.below(3) as i32 - 1).clamp(0, w as i32 - 1);
    let y = (c.y + rng.below(3) as i32 - 1).clamp(0, h as i32 - 1);
    Cell::new(x, y)
}

#[test]
fn square_replanners_allocate_nothing_after_the_first_replan() {
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        for options in [
            GridOptions::DEFAULT,
            GridOptions::FOUR_CONNECTED,
            GridOptions::for_agent_size(2),
        ] {
            let options = options.with_algorithm(alg);
            let mut grid = random_grid(11, 48, 48, 8, true);
            let (start, goal) = (Cell::new(0, 0), Cell::new(45, 45));
            grid.set_rect(0, 0, 3, 3, 0).unwrap();
            grid.set_rect(45, 45, 3, 3, 0).unwrap();
            let mut unit = grid.create_replanner(start, goal, &options).unwrap();
            let _ = unit.replan(&grid).unwrap();
            let mut rng = SplitMix64::new(3);
            let mut found = 0;
            for round in 0..60 {
                let c = near(&mut rng, unit.path(), 48, 48);
                if c.x.min(c.y) < 3 || c.x.min(c.y) >= 45 {
                    continue;
                }
                let wall = grid.area(c) != Some(255);
                grid.set_walkable(c, !wall).unwrap();
                if round % 4 == 3 && unit.path().len() > 2 {
                    unit.move_start(unit.path()[1]);
                }
                let budget = if round % 2 == 0 { u32::MAX } else { 7 };
                let (status, n) = allocations(|| {
                    let mut s = unit.try_replan(&grid, budget).unwrap();
                    while s == PathStatus::BudgetExhausted {
                        s = unit.try_replan(&grid, budget).unwrap();
                    }
                    s
                });
                assert_eq!(n, 0, "{alg:?} {options:?} round {round}: {n} allocations");
                found += usize::from(status == PathStatus::Found);
            }
            assert!(
                found > 10,
                "{alg:?} {options:?}: the test must exercise repairs"
            );
        }
    }
}

#[test]
fn hex_replanners_allocate_nothing_after_the_first_replan() {
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        let mut grid = HexGrid::new(40, 30, HexLayout::FlatOddColumn).unwrap();
        let options = GridOptions::DEFAULT.with_algorithm(alg);
        let mut unit = grid
            .create_replanner(Cell::new(0, 0), Cell::new(39, 29), &options)
            .unwrap();
        let _ = unit.replan(&grid).unwrap();
        let mut rng = SplitMix64::new(5);
        for round in 0..60 {
            let c = near(&mut rng, unit.path(), 40, 30);
            if c != Cell::new(39, 29) && c != unit.path().first().copied().unwrap_or(c) {
                grid.set_area(c, 255).unwrap();
            }
            if round % 3 == 2 && unit.path().len() > 2 {
                unit.move_start(unit.path()[1]);
            }
            let (_, n) = allocations(|| unit.replan(&grid).unwrap());
            assert_eq!(n, 0, "{alg:?} round {round}: {n} allocations");
        }
    }
}

/// Snapshots of `unit` on `grid` as it is: an edit read but not repaired, mid-repair,
/// finished, and (D* Lite's use) after a start move.
fn snapshots(unit: &mut onepath::GridReplanner, grid: &onepath::Grid) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut save = |unit: &mut onepath::GridReplanner| {
        let mut b = vec![0; unit.state_size(grid)];
        unit.save_state(grid, &mut b).unwrap();
        out.push(b);
    };
    save(unit);
    let _ = unit.try_replan(grid, 5).unwrap();
    save(unit);
    let _ = unit.replan(grid).unwrap();
    save(unit);
    if unit.path().len() > 2 {
        unit.move_start(unit.path()[1]);
        save(unit);
    }
    out
}

#[test]
fn square_restores_allocate_nothing_once_sized() {
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        for options in [GridOptions::DEFAULT, GridOptions::for_agent_size(2)] {
            let options = options.with_algorithm(alg);
            let mut grid = random_grid(13, 40, 40, 8, true);
            let (start, goal) = (Cell::new(0, 0), Cell::new(37, 37));
            grid.set_rect(0, 0, 3, 3, 0).unwrap();
            grid.set_rect(37, 37, 3, 3, 0).unwrap();
            let mut unit = grid.create_replanner(start, goal, &options).unwrap();
            assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
            // A replanner that has replanned once on this grid, from other endpoints.
            let mut twin = grid
                .create_replanner(Cell::new(1, 1), Cell::new(36, 36), &options)
                .unwrap();
            let _ = twin.replan(&grid).unwrap();
            let c = unit.path()[unit.path().len() / 2];
            grid.set_walkable(c, false).unwrap();
            let all = snapshots(&mut unit, &grid);
            assert!(all.len() >= 3);
            for (i, bytes) in all.iter().enumerate() {
                for target in [&mut unit, &mut twin] {
                    let (r, n) = allocations(|| target.restore_state(&grid, bytes));
                    assert_eq!(r, Ok(()), "{alg:?} {options:?} snapshot {i}");
                    assert_eq!(n, 0, "{alg:?} {options:?} snapshot {i}: {n} allocations");
                    let (s, n) = allocations(|| target.replan(&grid).unwrap());
                    assert_eq!(s, PathStatus::Found);
                    assert_eq!(n, 0, "{alg:?} {options:?} replan after restore {i}");
                }
            }
        }
    }
}

#[test]
fn hex_restores_allocate_nothing_once_sized() {
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        let mut grid = HexGrid::new(30, 20, HexLayout::PointyOddRow).unwrap();
        let options = GridOptions::DEFAULT.with_algorithm(alg);
        let (start, goal) = (Cell::new(0, 0), Cell::new(29, 19));
        let mut unit = grid.create_replanner(start, goal, &options).unwrap();
        let _ = unit.replan(&grid).unwrap();
        let c = unit.path()[unit.path().len() / 2];
        grid.set_area(c, 255).unwrap();
        let mut all = Vec::new();
        for budget in [0, 4, u32::MAX] {
            if budget > 0 {
                let _ = unit.try_replan(&grid, budget).unwrap();
            }
            let mut b = vec![0; unit.state_size(&grid)];
            unit.save_state(&grid, &mut b).unwrap();
            all.push(b);
        }
        for (i, bytes) in all.iter().enumerate() {
            let (r, n) = allocations(|| unit.restore_state(&grid, bytes));
            assert_eq!(r, Ok(()), "{alg:?} snapshot {i}");
            assert_eq!(n, 0, "{alg:?} snapshot {i}: {n} allocations");
            let (s, n) = allocations(|| unit.replan(&grid).unwrap());
            assert_eq!((s, n), (PathStatus::Found, 0), "{alg:?} after restore {i}");
        }
    }
}
