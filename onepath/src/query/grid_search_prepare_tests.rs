//! [`GridSearch::prepare`]: a prepared handle answers every query exactly as an unprepared
//! one (cells, cost bits, counts, snapshot bytes), keeps a search bound to the grid as it is,
//! and forgets one bound to an older revision. That it allocates nothing afterwards is in
//! `tests/zero_alloc.rs` (the counting allocator needs `unsafe`, which the core denies).

use alloc::vec;
use alloc::vec::Vec;

use crate::grid::{Cell, Grid, WALL};
use crate::math::SplitMix64;
use crate::query::{GridAlgorithm, GridOptions, GridSearch, HeuristicKind};
use crate::search::Step;

/// A random grid with `wall_pct`% walls; with `areas`, area ids 0..=3 of different costs.
fn random_grid(seed: u64, w: u32, h: u32, wall_pct: u32, areas: bool) -> Grid {
    let mut r = SplitMix64::new(seed);
    let cells = (0..w * h)
        .map(|_| {
            if r.chance(wall_pct, 100) {
                WALL
            } else if areas {
                r.below(4) as u8
            } else {
                0
            }
        })
        .collect();
    let mut g = Grid::from_areas(w, h, cells).unwrap();
    if areas {
        g.set_area_cost(1, 1.5).unwrap();
        g.set_area_cost(2, 2.0).unwrap();
        g.set_area_cost(3, 0.5).unwrap();
    }
    g
}

/// Option variants covering every engine: (options, grid with area costs).
fn variants() -> Vec<(GridOptions, bool)> {
    let jps = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps);
    let jps_plus = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus);
    vec![
        (GridOptions::DEFAULT, false),
        (GridOptions::DEFAULT, true),
        (GridOptions::FOUR_CONNECTED, false),
        (GridOptions::for_agent_size(2), true),
        (
            GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero),
            false,
        ),
        (jps, false),
        (jps_plus, false),
        (jps.with_specialized_engines(false), false),
        (jps_plus.with_specialized_engines(false), false),
        (GridOptions::DEFAULT.with_record_expansions(true), false),
    ]
}

/// Walkable cells for `agent_size`, in row-major order.
fn open_cells(grid: &Grid, agent_size: u8) -> Vec<Cell> {
    (0..grid.cell_count())
        .map(|i| grid.cell_of(i))
        .filter(|&c| grid.can_fit(c, agent_size))
        .collect()
}

/// Runs one query to the end; returns the path record and the snapshot bytes.
fn query(
    search: &mut GridSearch,
    grid: &Grid,
    a: Cell,
    b: Cell,
) -> (crate::query::GridPath, Vec<u8>) {
    let _ = search.try_begin(grid, a, b);
    let _ = search.run_cancellable(grid, || false).unwrap();
    let mut bytes = vec![0u8; search.state_size()];
    let n = search.save_state(grid, &mut bytes).unwrap();
    bytes.truncate(n);
    (
        search
            .to_path(grid)
            .expect("the grid the search is bound to"),
        bytes,
    )
}

#[test]
fn a_prepared_handle_answers_as_an_unprepared_one() {
    for (options, areas) in variants() {
        let grid = random_grid(7, 36, 24, 22, areas);
        let cells = open_cells(&grid, options.agent_size);
        for k in 0..6 {
            let a = cells[(k * 37) % cells.len()];
            let b = cells[(k * 101 + 13) % cells.len()];
            let mut plain = GridSearch::new(options).unwrap();
            let expected = query(&mut plain, &grid, a, b);
            let mut prepared = GridSearch::new(options).unwrap();
            prepared.prepare(&grid);
            assert_eq!(prepared.state(), Step::Idle, "{options:?}");
            assert_eq!(
                (prepared.algorithm(), prepared.specialized()),
                (plain.algorithm(), plain.specialized()),
                "prepare resolves the engine the query runs ({options:?})"
            );
            let got = query(&mut prepared, &grid, a, b);
            assert_eq!(got.0, expected.0, "{options:?} {a:?} -> {b:?}");
            assert_eq!(got.0.cost.to_bits(), expected.0.cost.to_bits());
            assert_eq!(got.1, expected.1, "snapshot bytes ({options:?})");
        }
    }
}

#[test]
fn prepare_keeps_a_search_on_the_grid_as_it_is() {
    let options = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus);
    let grid = random_grid(3, 40, 30, 20, false);
    let cells = open_cells(&grid, 1);
    let (a, b) = (cells[0], cells[cells.len() - 1]);
    let mut plain = GridSearch::new(options).unwrap();
    let expected = query(&mut plain, &grid, a, b);
    let mut search = GridSearch::new(options).unwrap();
    assert_eq!(search.try_begin(&grid, a, b), Step::InProgress);
    assert_eq!(search.step(&grid, 1).unwrap(), Step::InProgress);
    search.prepare(&grid);
    assert_eq!(
        search.state(),
        Step::InProgress,
        "an in-progress search stays"
    );
    let _ = search.run_cancellable(&grid, || false).unwrap();
    assert_eq!(
        search
            .to_path(&grid)
            .expect("the grid the search is bound to"),
        expected.0
    );
    search.prepare(&grid);
    assert_eq!(
        search
            .to_path(&grid)
            .expect("the grid the search is bound to"),
        expected.0,
        "a finished result stays"
    );
}

#[test]
fn prepare_after_an_edit_forgets_the_old_search() {
    for (options, areas) in variants() {
        let mut grid = random_grid(11, 30, 20, 15, areas);
        let cells = open_cells(&grid, options.agent_size);
        let (a, b) = (cells[0], cells[cells.len() - 1]);
        let mut search = GridSearch::new(options).unwrap();
        query(&mut search, &grid, a, b);
        // A wall across the middle, with a gap: the old result is about another map.
        grid.set_rect(15, 0, 1, 17, WALL).unwrap();
        search.prepare(&grid);
        assert_eq!(search.state(), Step::Idle, "{options:?}");
        let mut fresh = GridSearch::new(options).unwrap();
        let expected = query(&mut fresh, &grid, a, b);
        assert_eq!(query(&mut search, &grid, a, b), expected, "{options:?}");
        // Another grid of another size.
        let other = random_grid(12, 17, 41, 15, areas);
        search.prepare(&other);
        assert_eq!(search.state(), Step::Idle);
        let cells = open_cells(&other, options.agent_size);
        let (a, b) = (cells[1], cells[cells.len() - 2]);
        let mut fresh = GridSearch::new(options).unwrap();
        assert_eq!(
            query(&mut search, &other, a, b),
            query(&mut fresh, &other, a, b)
        );
    }
}

#[test]
fn prepare_on_a_grid_without_open_cells_then_refuses() {
    let grid = Grid::from_areas(4, 3, vec![WALL; 12]).unwrap();
    for (options, _) in variants() {
        let mut search = GridSearch::new(options).unwrap();
        search.prepare(&grid);
        assert_eq!(search.state(), Step::Idle);
        assert_eq!(
            search.try_begin(&grid, Cell::new(0, 0), Cell::new(3, 2)),
            Step::StartInvalid
        );
    }
}

#[test]
fn prepare_resolves_jps_plus_past_the_table_limit_to_jps() {
    let side = crate::jps::MAX_JPS_PLUS_SIDE + 1;
    let grid = Grid::new(side, 1).unwrap();
    let options = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus);
    let mut search = GridSearch::new(options).unwrap();
    search.prepare(&grid);
    assert_eq!(search.algorithm(), GridAlgorithm::Jps);
    let end = Cell::new(side as i32 - 1, 0);
    assert_eq!(
        search.try_begin(&grid, Cell::new(0, 0), end),
        Step::InProgress
    );
    assert_eq!(search.run_cancellable(&grid, || false), Ok(Step::Found));
    assert_eq!(search.cost(), f64::from(side - 1));
}
