//! Kind 8 in `snapshot_restore`: `GridReplanner::restore_state` (LPA* and D* Lite with the
//! tier-1 section) on hostile bytes.
//!
//! A valid snapshot is taken from a replanner on one of the fixed maps under one of
//! [`PRESETS`] option sets, at a point the input chooses: idle, mid-search (a few pops),
//! finished, after an edit the engine has read but not repaired (pending nodes), mid-repair,
//! after a D* Lite start move (a key modifier above 0). [`mutate`](super::mutate) damages it.
//!
//! Properties, against a replanner that holds a search of its own and against an idle one:
//! nothing panics or hangs; both give the same result; `Err`: the replanner saves the bytes
//! it saved before (but for `replan.state`, the documented late check that leaves its engine
//! idle), and it still replans to A*'s answer for its own endpoints; `Ok`: saving again gives
//! the input bytes, the engine's invariants hold, budgeted replans end (bounded) with the
//! status and cost of a fresh A* (`Grid::find_path`) from the restored endpoints, a found
//! path runs from start to goal, and the finished state's snapshot restores into a new
//! replanner and saves to the same bytes.

use onepath::grid::SquareTopology;
use onepath::state::StateError;
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, GridReplanner,
    HeuristicKind, PathStatus,
};

use super::world;
use crate::input::Input;

/// Number of option sets [`preset`] knows.
pub const PRESETS: u32 = 6;

/// Replanner options `index % PRESETS`: both variants, four and eight moves, the three
/// diagonal rules, agent sizes 1 and 2, the zero estimate.
pub fn preset(index: u32) -> GridOptions {
    let lpa = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::LpaStar);
    let dstar = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::DStarLite);
    match index % PRESETS {
        0 => lpa,
        1 => dstar,
        2 => lpa.with_connectivity(Connectivity::Four),
        3 => dstar.with_agent_size(2),
        4 => dstar
            .with_diagonal_rule(DiagonalRule::NoSqueezing)
            .with_heuristic(HeuristicKind::Zero),
        _ => lpa
            .with_diagonal_rule(DiagonalRule::AllowAll)
            .with_agent_size(2),
    }
}

fn create(grid: &Grid, options: &GridOptions, start: Cell, goal: Cell) -> GridReplanner {
    grid.create_replanner(start, goal, options)
        .expect("preset options are valid")
}

/// The replanner's snapshot for `grid`.
pub fn save(unit: &mut GridReplanner, grid: &Grid) -> Vec<u8> {
    let mut out = vec![0; unit.state_size(grid)];
    let n = unit.save_state(grid, &mut out);
    assert_eq!(n, Ok(out.len()), "save_state writes state_size bytes");
    out
}

/// A valid kind-8 snapshot: the grid it belongs to (maybe edited), the options, the bytes.
/// Reads: preset, start, goal, pops, the stage byte.
pub fn valid_snapshot(grid: &Grid, input: &mut Input<'_>) -> (Grid, GridOptions, Vec<u8>) {
    let mut grid = grid.clone();
    let options = preset(u32::from(input.u8()));
    let open = world::open_cells(&grid);
    let pick = |i: &mut Input<'_>| open[usize::from(i.u16()) % open.len()];
    let (start, goal) = (pick(input), pick(input));
    let pops = match input.u8() {
        255 => u32::MAX,
        p => u32::from(p % 24),
    };
    let stage = input.u8();
    let mut unit = create(&grid, &options, start, goal);
    // Stage bits: 1 search, 2 then finish, 4 then edit a cell, 8 then repair `pops`,
    // 16 move the start one step first (D* Lite keeps its work).
    if stage & 1 == 1 {
        let _ = unit.try_replan(&grid, pops);
        if stage & 2 == 2 {
            let _ = unit.replan(&grid);
        }
        if stage & 16 == 16 && unit.path().len() > 2 {
            unit.move_start(unit.path()[1]);
        }
        if stage & 4 == 4 {
            let c = open[usize::from(stage) % open.len()];
            if c != start && c != goal {
                let walkable = grid.is_walkable(c);
                grid.set_walkable(c, !walkable).expect("inside");
            }
            if stage & 8 == 8 {
                let _ = unit.try_replan(&grid, pops);
            }
        }
    }
    let bytes = save(&mut unit, &grid);
    (grid, options, bytes)
}

/// Replans to the end in slices of `budget` pops; panics past a generous bound.
fn finish(unit: &mut GridReplanner, grid: &Grid, budget: u32) -> PathStatus {
    let cap = 64 * u64::from(grid.cell_count()) + 4096;
    let mut pops = 0u64;
    loop {
        let s = unit.try_replan(grid, budget).expect("the replanner's grid");
        if s != PathStatus::BudgetExhausted {
            return s;
        }
        pops += u64::from(budget);
        assert!(pops <= cap, "a restored replanner runs past {cap} pops");
    }
}

/// The engine's own invariant check on the topology of `options`.
fn invariants(unit: &GridReplanner, grid: &Grid, options: &GridOptions, when: &str) {
    let topology = SquareTopology::new(
        grid,
        options.agent_size,
        options.connectivity,
        options.diagonal_rule,
    )
    .expect("valid size");
    unit.engine()
        .check_invariants(&topology)
        .unwrap_or_else(|e| panic!("engine invariant {when}: {e}"));
}

/// Finishes the replan and compares it with a fresh A* from the replanner's endpoints.
fn agrees_with_astar(unit: &mut GridReplanner, grid: &Grid, options: &GridOptions) {
    let _ = finish(unit, grid, 37);
    let (s, g) = unit.endpoints();
    let fresh = grid
        .find_path(s, g, &options.with_algorithm(GridAlgorithm::AStar))
        .expect("preset options are valid");
    assert_eq!(unit.status(), fresh.status, "status differs from A*");
    if fresh.status == PathStatus::Found {
        let scale = fresh.cost.abs().max(1.0);
        assert!(
            (unit.cost() - fresh.cost).abs() <= 1e-9 * scale,
            "cost {} vs A* {}",
            unit.cost(),
            fresh.cost
        );
        assert_eq!(unit.path().first(), Some(&s), "path start");
        assert_eq!(unit.path().last(), Some(&g), "path goal");
        assert!(
            unit.path().len() <= grid.cell_count() as usize,
            "path length"
        );
    } else {
        assert!(unit.path().is_empty(), "a path without a path");
    }
    invariants(unit, grid, options, "after replanning");
}

/// Restores `bytes` into a busy and an idle replanner with `options` on `grid` and checks the
/// properties in the module docs.
pub fn check(grid: &Grid, options: &GridOptions, bytes: &[u8]) {
    let open = world::open_cells(grid);
    let (Some(&first), Some(&last)) = (open.first(), open.last()) else {
        return;
    };
    let mut target = create(grid, options, first, last);
    let _ = target.try_replan(grid, 5);
    let mut idle = create(grid, options, last, first);
    let (before, idle_before) = (save(&mut target, grid), save(&mut idle, grid));
    let result = target.restore_state(grid, bytes);
    let idle_result = idle.restore_state(grid, bytes);
    assert_eq!(
        result, idle_result,
        "restore depends on what the replanner held"
    );
    if let Err(e) = result {
        let late = e
            == StateError::InvalidField {
                field: "replan.state",
            };
        if !late {
            assert!(
                save(&mut target, grid) == before,
                "a failed restore ({e:?}) changed the replanner"
            );
            assert!(
                save(&mut idle, grid) == idle_before,
                "a failed restore ({e:?}) changed the replanner"
            );
        }
        // Refused in the header (another kind, length, checksum): nothing was read.
        if crate::frame::kind(bytes) == Some(8) {
            agrees_with_astar(&mut target, grid, options);
            agrees_with_astar(&mut idle, grid, options);
        }
        return;
    }
    let saved = save(&mut target, grid);
    assert!(
        saved == bytes,
        "an accepted snapshot does not save back to the same bytes"
    );
    assert!(
        save(&mut idle, grid) == saved,
        "the restored state depends on the replanner's past"
    );
    invariants(&target, grid, options, "after restore");
    agrees_with_astar(&mut target, grid, options);
    let end = save(&mut target, grid);
    let mut again = create(grid, options, first, first);
    assert_eq!(
        again.restore_state(grid, &end),
        Ok(()),
        "a saved state restores"
    );
    assert!(
        save(&mut again, grid) == end,
        "save, restore, save round trip"
    );
}

/// Raw mode: `bytes` as they are, against every preset.
pub fn check_raw(grid: &Grid, bytes: &[u8]) {
    for p in 0..PRESETS {
        check(grid, &preset(p), bytes);
    }
}

/// Mutation mode: a valid snapshot chosen by `input`, damaged as `input` says.
pub fn check_mutated(grid: &Grid, input: &mut Input<'_>) {
    let (grid, options, good) = valid_snapshot(grid, input);
    let bytes = super::mutate::mutate(&good, input);
    check(&grid, &options, &bytes);
}
