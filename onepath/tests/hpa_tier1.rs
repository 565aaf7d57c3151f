//! HPA* at tier 1 (spec: grids.md, "HPA*", "Scope"): `GridAlgorithm::Hpa` through the selection
//! table, its options, the fallback to A* for what it does not support, the cache of at most
//! eight hierarchies (oldest dropped first) that follows the edit journal, and `GridSearch`
//! running it sliced as `find_path` does.

mod common;

use common::hpa_maze as maze;
use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
use onepath::{
    Cell, Connectivity, DiagonalRule, GridAlgorithm, GridOptions, GridSearch, PathStatus,
    QueryError, Step,
};

fn hpa(chunk: u32) -> GridOptions {
    GridOptions::DEFAULT
        .with_algorithm(GridAlgorithm::Hpa)
        .with_hpa_chunk_size(chunk)
}

#[test]
fn find_path_with_hpa_equals_the_tier_2_search() {
    let grid = maze();
    for (chunk, smooth) in [(4, true), (4, false), (16, true), (3, false)] {
        let o = hpa(chunk).with_hpa_smoothing(smooth);
        let p = grid
            .find_path(Cell::new(0, 0), Cell::new(15, 8), &o)
            .unwrap();
        assert_eq!(p.status, PathStatus::Found);
        assert_eq!(p.algorithm, GridAlgorithm::Hpa);
        let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(chunk)).unwrap();
        let mut s = HpaSearch::new();
        s.set_smoothing(smooth);
        let _ = s.try_begin(&h, &grid, 0, 8 * 16 + 15).unwrap();
        assert_eq!(s.run(&h, &grid), Ok(Step::Found));
        let cells: Vec<Cell> = s.path().iter().map(|&c| grid.cell_of(c)).collect();
        assert_eq!(p.cells, cells);
        assert_eq!(p.cost.to_bits(), s.cost().to_bits());
        assert_eq!(p.iterations, s.iterations());
        let astar = grid
            .find_path(Cell::new(0, 0), Cell::new(15, 8), &GridOptions::DEFAULT)
            .unwrap();
        assert!(p.cost >= astar.cost);
    }
}

#[test]
fn unsupported_options_run_as_astar_and_say_so() {
    let grid = maze();
    let o = hpa(4).with_diagonal_rule(DiagonalRule::AllowAll);
    assert_eq!(o.resolved_algorithm(&grid), GridAlgorithm::AStar);
    let p = grid
        .find_path(Cell::new(0, 0), Cell::new(15, 8), &o)
        .unwrap();
    assert_eq!(p.algorithm, GridAlgorithm::AStar);
    // Four moves with any rule are HPA*'s.
    let four = o.with_connectivity(Connectivity::Four);
    assert_eq!(four.resolved_algorithm(&grid), GridAlgorithm::Hpa);
    // Hooks run A*.
    let hooked = grid
        .find_path_with(
            Cell::new(0, 0),
            Cell::new(15, 8),
            &hpa(4),
            |_, _, c| c,
            |_| false,
        )
        .unwrap();
    assert_eq!(hooked.algorithm, GridAlgorithm::AStar);
}

#[test]
fn an_invalid_chunk_size_is_refused_naming_it() {
    let grid = maze();
    for size in [0, 1025] {
        let e = grid
            .find_path(Cell::new(0, 0), Cell::new(1, 0), &hpa(size))
            .unwrap_err();
        assert_eq!(e, QueryError::InvalidChunkSize { size, max: 1024 });
        assert_eq!(
            e.to_string(),
            format!("HPA* chunk size {size} is invalid: it must be 1..=1024")
        );
    }
}

#[test]
fn hpa_queries_follow_grid_edits() {
    let mut grid = maze();
    let o = hpa(4);
    let mut s = GridSearch::new(o).unwrap();
    let (a, b) = (Cell::new(0, 0), Cell::new(15, 8));
    let _ = s.try_begin(&grid, a, b);
    while s.step(&grid, 3).unwrap() == Step::InProgress {}
    let before = s.to_path(&grid).unwrap();
    // Close the route the path took through one cell, then open another wall.
    let mid = before.cells[before.cells.len() / 2];
    grid.set_area(mid, 255).unwrap();
    grid.set_area(Cell::new(4, 4), 0).unwrap();
    let _ = s.try_begin(&grid, a, b);
    while s.step(&grid, 3).unwrap() == Step::InProgress {}
    let after = s.to_path(&grid).unwrap();
    let fresh = GridSearch::new(o).unwrap();
    let mut fresh = fresh;
    let _ = fresh.try_begin(&grid, a, b);
    while fresh.step(&grid, 1000).unwrap() == Step::InProgress {}
    assert_eq!(after, fresh.to_path(&grid).unwrap());
    assert!(!after.cells.contains(&mid));
    let h = s.hpa_hierarchy().unwrap();
    let rebuilt = HpaHierarchy::build(&grid, h.config()).unwrap();
    assert!(h.content_equals(&rebuilt));
}

#[test]
fn sliced_grid_search_equals_find_path() {
    let grid = maze();
    let o = hpa(4);
    let whole = grid
        .find_path(Cell::new(0, 8), Cell::new(15, 0), &o)
        .unwrap();
    for budget in 1..=17 {
        let mut s = GridSearch::new(o).unwrap();
        let _ = s.try_begin(&grid, Cell::new(0, 8), Cell::new(15, 0));
        while s.step(&grid, budget).unwrap() == Step::InProgress {}
        assert_eq!(s.to_path(&grid).unwrap(), whole, "budget {budget}");
    }
    // The iteration budget ends the query as BudgetExhausted after that many pops.
    let short = grid
        .find_path(
            Cell::new(0, 8),
            Cell::new(15, 0),
            &o.with_iteration_budget(2),
        )
        .unwrap();
    assert_eq!(short.status, PathStatus::BudgetExhausted);
    assert_eq!(short.iterations, 2);
}
