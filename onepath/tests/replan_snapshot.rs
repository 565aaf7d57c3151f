//! Replanner snapshots (kind 8): restored = never-stopped at any point of a change/move
//! sequence — after an edit the replanner has not yet read, in the middle of a budgeted
//! repair, after a start move — for LPA* and D* Lite on square (agent sizes 1 and 2) and hex
//! grids; saving a restored replanner gives the same bytes; damaged snapshots (with a valid
//! checksum) never panic, and one that is accepted replans to the cost a fresh A* finds.

mod common;

use common::pinned::hex;

use common::random_grid;
use onepath::math::SplitMix64;
use onepath::state::{Fnv1a64, HEADER_LEN};
use onepath::{
    Cell, Grid, GridAlgorithm, GridOptions, GridReplanner, HexGrid, HexLayout, PathStatus,
};

fn snapshot(unit: &mut GridReplanner, grid: &Grid) -> Vec<u8> {
    let mut out = vec![0u8; unit.state_size(grid)];
    let n = unit.save_state(grid, &mut out).unwrap();
    assert_eq!(n, out.len());
    out
}

type Seen = (PathStatus, u64, Vec<Cell>, u32, u32);

fn seen(unit: &GridReplanner) -> Seen {
    (
        unit.status(),
        unit.cost().to_bits(),
        unit.path().to_vec(),
        unit.iterations(),
        unit.expansions(),
    )
}

/// A cell on or next to the path, away from the corners the endpoints sit in.
fn near(rng: &mut SplitMix64, path: &[Cell], w: i32, h: i32) -> Cell {
    let c = if path.is_empty() {
        Cell::new(rng.below(w as u32) as i32, rng.below(h as u32) as i32)
    } else {
        path[rng.below(path.len() as u32) as usize]
    };
    Cell::new(
        (c.x + rng.below(3) as i32 - 1).clamp(0, w - 1),
        (c.y + rng.below(3) as i32 - 1).clamp(0, h - 1),
    )
}

#[test]
fn restored_square_replanners_continue_as_if_never_stopped() {
    let mut checks = 0;
    for seed in 0..24u64 {
        let alg = if seed % 2 == 0 {
            GridAlgorithm::LpaStar
        } else {
            GridAlgorithm::DStarLite
        };
        let size = 1 + (seed % 3 == 2) as u8;
        let options = GridOptions::DEFAULT
            .with_algorithm(alg)
            .with_agent_size(size);
        let mut grid = random_grid(seed, 20, 16, 18, seed % 4 == 1);
        grid.set_rect(0, 0, 3, 3, 0).unwrap();
        grid.set_rect(17, 13, 3, 3, 0).unwrap();
        let mut unit = grid
            .create_replanner(Cell::new(0, 0), Cell::new(17, 13), &options)
            .unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut twin: Option<GridReplanner> = None;
        for round in 0..12 {
            let c = near(&mut rng, unit.path(), 20, 16);
            if c.x.max(c.y) > 2 && (c.x < 17 || c.y < 13) {
                let open = grid.is_walkable(c);
                grid.set_walkable(c, !open).unwrap();
            }
            if round % 4 == 3 && unit.path().len() > 2 {
                let next = unit.path()[1];
                unit.move_start(next);
                if let Some(t) = &mut twin {
                    t.move_start(next);
                }
            }
            // Save before the replanner has read the edit (or mid-repair below), restore into
            // a fresh replanner, and from then on both must agree.
            if rng.below(3) == 0 {
                let bytes = snapshot(&mut unit, &grid);
                let mut restored = grid
                    .create_replanner(Cell::new(5, 5), Cell::new(6, 6), &options)
                    .unwrap();
                restored.restore_state(&grid, &bytes).unwrap();
                assert_eq!(
                    snapshot(&mut restored, &grid),
                    bytes,
                    "seed {seed} round {round}"
                );
                twin = Some(restored);
            }
            let budget = if round % 2 == 0 { 5 } else { u32::MAX };
            loop {
                let s = unit.try_replan(&grid, budget).unwrap();
                if let Some(t) = &mut twin {
                    assert_eq!(t.try_replan(&grid, budget).unwrap(), s);
                    assert_eq!(seen(t), seen(&unit), "seed {seed} round {round}");
                    checks += 1;
                }
                if s != PathStatus::BudgetExhausted {
                    break;
                }
                if rng.below(4) == 0 {
                    // Mid-repair: save and restore again.
                    let bytes = snapshot(&mut unit, &grid);
                    let mut restored = grid
                        .create_replanner(Cell::new(0, 0), Cell::new(1, 1), &options)
                        .unwrap();
                    restored.restore_state(&grid, &bytes).unwrap();
                    twin = Some(restored);
                }
            }
        }
    }
    assert!(checks > 100, "{checks}");
}

#[test]
fn restored_hex_replanners_continue_as_if_never_stopped() {
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        let mut grid = HexGrid::new(14, 12, HexLayout::PointyEvenRow).unwrap();
        let options = GridOptions::DEFAULT.with_algorithm(alg);
        let mut unit = grid
            .create_replanner(Cell::new(0, 0), Cell::new(13, 11), &options)
            .unwrap();
        let mut rng = SplitMix64::new(9);
        for round in 0..10 {
            let c = near(&mut rng, unit.path(), 14, 12);
            if c != Cell::new(0, 0) && c != Cell::new(13, 11) {
                grid.set_area(c, 255).unwrap();
            }
            let mut out = vec![0u8; unit.state_size(&grid)];
            unit.save_state(&grid, &mut out).unwrap();
            let mut twin = grid
                .create_replanner(Cell::new(0, 0), Cell::new(13, 11), &options)
                .unwrap();
            twin.restore_state(&grid, &out).unwrap();
            let a = unit.replan(&grid).unwrap();
            let b = twin.replan(&grid).unwrap();
            assert_eq!(
                (a, unit.cost().to_bits()),
                (b, twin.cost().to_bits()),
                "round {round}"
            );
            assert_eq!(unit.path(), twin.path());
            assert_eq!(unit.expansions(), twin.expansions());
        }
    }
}

#[test]
fn damaged_snapshots_are_refused_or_replan_correctly() {
    let mut accepted = 0;
    let mut refused = 0;
    for seed in 0..12u64 {
        let alg = if seed % 2 == 0 {
            GridAlgorithm::LpaStar
        } else {
            GridAlgorithm::DStarLite
        };
        let options = GridOptions::DEFAULT.with_algorithm(alg);
        let mut grid = random_grid(100 + seed, 10, 8, 15, false);
        grid.set_rect(0, 0, 2, 2, 0).unwrap();
        grid.set_rect(8, 6, 2, 2, 0).unwrap();
        let (start, goal) = (Cell::new(0, 0), Cell::new(9, 7));
        let mut unit = grid.create_replanner(start, goal, &options).unwrap();
        let _ = unit.try_replan(&grid, 3).unwrap();
        grid.set_walkable(Cell::new(4, 4), false).unwrap();
        let bytes = snapshot(&mut unit, &grid);
        let mut rng = SplitMix64::new(seed);
        for _ in 0..400 {
            let mut bad = bytes.clone();
            let flips = 1 + rng.below(3);
            for _ in 0..flips {
                let i = HEADER_LEN + rng.below((bad.len() - HEADER_LEN) as u32) as usize;
                bad[i] ^= 1 << rng.below(8);
            }
            let sum = Fnv1a64::of(&bad[HEADER_LEN..]);
            bad[20..28].copy_from_slice(&sum.to_le_bytes());
            let mut target = grid.create_replanner(start, goal, &options).unwrap();
            if target.restore_state(&grid, &bad).is_err() {
                refused += 1;
                continue;
            }
            accepted += 1;
            let status = target.replan(&grid).unwrap();
            let fresh = grid
                .find_path(
                    target.endpoints().0,
                    target.endpoints().1,
                    &GridOptions::DEFAULT,
                )
                .unwrap();
            assert_eq!(status, fresh.status, "seed {seed}");
            if status == PathStatus::Found {
                assert!(
                    (target.cost() - fresh.cost).abs() <= 1e-9 * fresh.cost,
                    "seed {seed}"
                );
            }
        }
    }
    assert!(refused > 0);
    println!("damaged snapshots: {accepted} accepted, {refused} refused");
}

#[test]
fn replan_snapshot_bytes_are_pinned() {
    // A 4 × 3 grid, D* Lite, one repair in progress after an edit: pending nodes, queue, km.
    let mut grid = Grid::from_text("....\n.#..\n....").unwrap();
    let options = GridOptions::FOUR_CONNECTED.with_algorithm(GridAlgorithm::DStarLite);
    let mut unit = grid
        .create_replanner(Cell::new(0, 0), Cell::new(3, 2), &options)
        .unwrap();
    assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
    unit.move_start(Cell::new(1, 0));
    assert_eq!(unit.try_replan(&grid, 1).unwrap(), PathStatus::Found);
    grid.set_walkable(Cell::new(2, 1), false).unwrap();
    let bytes = snapshot(&mut unit, &grid);
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/pinned/replan.hex");
    let text = hex(&bytes);
    if std::env::var_os("ONEPATH_BLESS_PINNED").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let want = std::fs::read_to_string(&path)
        .expect("tests/pinned/replan.hex (bless with ONEPATH_BLESS_PINNED=1)");
    assert_eq!(
        text, want,
        "kind 8 bytes changed: a format change needs a new version"
    );
    let mut back = grid
        .create_replanner(Cell::new(0, 0), Cell::new(3, 2), &options)
        .unwrap();
    back.restore_state(&grid, &bytes).unwrap();
    assert_eq!(snapshot(&mut back, &grid), bytes);
    assert_eq!(back.replan(&grid).unwrap(), unit.replan(&grid).unwrap());
    assert_eq!(back.cost().to_bits(), unit.cost().to_bits());
}

#[test]
fn one_off_find_path_with_a_replanner_algorithm_runs_astar_and_says_so() {
    let grid = Grid::from_text("....\n.##.\n....").unwrap();
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        let o = GridOptions::DEFAULT.with_algorithm(alg);
        let p = grid
            .find_path(Cell::new(0, 0), Cell::new(3, 2), &o)
            .unwrap();
        let a = grid
            .find_path(Cell::new(0, 0), Cell::new(3, 2), &GridOptions::DEFAULT)
            .unwrap();
        assert_eq!(p.algorithm, GridAlgorithm::AStar);
        assert_eq!(o.resolved_algorithm(&grid), GridAlgorithm::AStar);
        assert_eq!((p.cost, p.cells), (a.cost, a.cells));
    }
}

#[test]
fn replanners_refuse_weights_other_than_one_by_name() {
    let grid = Grid::new(3, 3).unwrap();
    let o = GridOptions::DEFAULT
        .with_algorithm(GridAlgorithm::LpaStar)
        .with_weight(1.5);
    let e = grid
        .create_replanner(Cell::new(0, 0), Cell::new(2, 2), &o)
        .unwrap_err();
    assert_eq!(e, onepath::QueryError::ReplanWeight { value: 1.5 });
    assert!(e.to_string().contains("1.5") && e.to_string().contains("weight 1"));
    let hex = HexGrid::new(3, 3, HexLayout::PointyOddRow).unwrap();
    assert!(matches!(
        hex.create_replanner(
            Cell::new(0, 0),
            Cell::new(2, 2),
            &o.with_weight(1.0).with_agent_size(2)
        ),
        Err(onepath::QueryError::InvalidAgentSize { size: 2, max: 1 })
    ));
    // Endpoints outside the grid are statuses, not errors.
    let mut r = grid
        .create_replanner(Cell::new(-1, 0), Cell::new(2, 2), &o.with_weight(1.0))
        .unwrap();
    assert_eq!(r.replan(&grid).unwrap(), PathStatus::StartInvalid);
    assert!(matches!(
        r.replan(&Grid::new(4, 4).unwrap()),
        Err(onepath::QueryError::OtherGrid { .. })
    ));
}

#[test]
fn the_start_is_judged_before_the_goal_and_early_moves_save() {
    // Regressions found by the grid_replan fuzz target: a start on a wall with a goal outside
    // the grid is StartInvalid (the goal was judged first), and a start moved before the
    // first replan gave a snapshot its own restore refused.
    let grid = Grid::from_text("#..\n...").unwrap();
    let o = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::DStarLite);
    let mut r = grid
        .create_replanner(Cell::new(0, 0), Cell::new(9, 9), &o)
        .unwrap();
    assert_eq!(r.replan(&grid).unwrap(), PathStatus::StartInvalid);
    let mut r = grid
        .create_replanner(Cell::new(1, 0), Cell::new(2, 1), &o)
        .unwrap();
    r.move_start(Cell::new(1, 1));
    r.set_goal(Cell::new(2, 0));
    let bytes = snapshot(&mut r, &grid);
    let mut back = grid
        .create_replanner(Cell::new(1, 0), Cell::new(2, 1), &o)
        .unwrap();
    back.restore_state(&grid, &bytes).unwrap();
    assert_eq!(back.replan(&grid).unwrap(), PathStatus::Found);
    assert_eq!(back.path(), &[Cell::new(1, 1), Cell::new(2, 0)]);
}
