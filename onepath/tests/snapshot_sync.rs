//! SyncTest-style properties of snapshots (issue: resumable searches): run k iterations, save,
//! run m more, restore, run to the end — the result and the final snapshot bytes equal an
//! uninterrupted run's; restoring into a fresh grid (from its snapshot) and a fresh handle
//! gives the same.

mod common;

use common::{option_variants, random_grid};
use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

#[derive(Debug, PartialEq)]
struct Outcome {
    state: Step,
    cost_bits: u64,
    iterations: u32,
    expansions: u32,
    path: Vec<Cell>,
    final_bytes: Vec<u8>,
}

fn finish(search: &mut GridSearch, grid: &Grid) -> Outcome {
    while search.step(grid, 3).unwrap() == Step::InProgress {}
    let mut path = vec![Cell::default(); search.path_len()];
    search.copy_path(&mut path).unwrap();
    let mut bytes = vec![0; search.state_size()];
    let n = search.save_state(grid, &mut bytes).unwrap();
    assert_eq!(n, bytes.len());
    Outcome {
        state: search.state(),
        cost_bits: search.cost().to_bits(),
        iterations: search.iterations(),
        expansions: search.expansions(),
        path,
        final_bytes: bytes,
    }
}

fn pick(g: &Grid, r: u64, size: u8) -> Cell {
    let n = g.cell_count() as u64;
    let mut i = (r % n) as u32;
    for _ in 0..n {
        if g.can_fit(g.cell_of(i), size) {
            return g.cell_of(i);
        }
        i = (i + 1) % n as u32;
    }
    g.cell_of(0)
}

#[allow(clippy::too_many_arguments)] // mirrors the proptest strategy tuple
fn check(seed: u64, w: u32, h: u32, wall: u32, variant: usize, k: u32, m: u32, trace: bool) {
    let grid = random_grid(seed, w, h, wall, seed.is_multiple_of(3));
    let options: GridOptions = option_variants()[variant % option_variants().len()];
    let (s, g) = (
        pick(&grid, seed, options.agent_size),
        pick(&grid, seed / 7 + 13, options.agent_size),
    );

    let mut reference = GridSearch::new(options).unwrap();
    reference.set_record_trace(trace);
    if reference.try_begin(&grid, s, g) != Step::InProgress {
        return;
    }
    let expected = finish(&mut reference, &grid);

    let mut search = GridSearch::new(options).unwrap();
    search.set_record_trace(trace);
    let _ = search.try_begin(&grid, s, g);
    let _ = search.step(&grid, k).unwrap();
    let mut saved = vec![0; search.state_size()];
    search.save_state(&grid, &mut saved).unwrap();
    let _ = search.step(&grid, m).unwrap();
    search.restore_state(&grid, &saved).unwrap();
    assert_eq!(finish(&mut search, &grid), expected, "restored in place");

    // A fresh "process": the grid rebuilt from its snapshot, a new handle with other options.
    let mut grid_bytes = vec![0; grid.state_size()];
    grid.save_state(&mut grid_bytes).unwrap();
    let grid2 = Grid::from_state(&grid_bytes).unwrap();
    assert_eq!(grid2, grid);
    let mut fresh = GridSearch::new(GridOptions::FOUR_CONNECTED).unwrap();
    fresh.restore_state(&grid2, &saved).unwrap();
    assert_eq!(fresh.options(), &options);
    assert_eq!(
        finish(&mut fresh, &grid2),
        expected,
        "restored in a fresh handle"
    );
}

proptest! {
    #![proptest_config(Config {
        cases: 300,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    })]

    #[test]
    fn save_run_restore_equals_uninterrupted(
        seed in any::<u64>(),
        w in 1u32..24,
        h in 1u32..24,
        wall in 0u32..45,
        variant in 0usize..12,
        k in 0u32..200,
        m in 0u32..200,
        trace in any::<bool>(),
    ) {
        check(seed, w, h, wall, variant, k, m, trace);
    }
}

#[test]
fn restore_after_finish_and_before_start() {
    let grid = random_grid(5, 20, 20, 20, false);
    let mut a = GridSearch::new(GridOptions::DEFAULT).unwrap();
    // Idle handle round trip.
    let mut idle = vec![0; a.state_size()];
    a.save_state(&grid, &mut idle).unwrap();
    let mut b = GridSearch::new(GridOptions::DEFAULT).unwrap();
    b.restore_state(&grid, &idle).unwrap();
    assert_eq!(b.state(), Step::Idle);
    // Finished search round trip.
    let (s, g) = common::far_endpoints(&grid, 1).unwrap();
    let _ = a.try_begin(&grid, s, g);
    let done = finish(&mut a, &grid);
    b.restore_state(&grid, &done.final_bytes).unwrap();
    assert_eq!(finish(&mut b, &grid), done);
}
