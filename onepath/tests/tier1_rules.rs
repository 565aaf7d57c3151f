//! Decisions where the spec is silent, and misuse the handle must name (issue 14 §3, §4):
//! an empty open set is no remaining work; a refused `try_begin` is visible; a weight too
//! large for the grid is a typed error; another grid is named as such.

use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, PathStatus, QueryError, Step};

/// A walled 16 × 16 open room (256 cells) with the goal outside it.
fn enclosed() -> (Grid, Cell, Cell) {
    let mut text = String::new();
    for y in 0..19 {
        for x in 0..19 {
            let wall = x == 0 || y == 0 || x == 17 || y == 17 || x == 18 || y == 18;
            text.push(if wall && !(x == 18 && y == 18) {
                '#'
            } else {
                '.'
            });
        }
        text.push('\n');
    }
    let grid = Grid::from_text(&text).unwrap();
    (grid, Cell::new(1, 1), Cell::new(18, 18))
}

fn engines() -> Vec<GridOptions> {
    let mut v = Vec::new();
    for alg in [
        GridAlgorithm::AStar,
        GridAlgorithm::Jps,
        GridAlgorithm::JpsPlus,
    ] {
        for specialised in [true, false] {
            v.push(
                GridOptions::DEFAULT
                    .with_algorithm(alg)
                    .with_specialized_engines(specialised),
            );
        }
    }
    v.push(GridOptions::FOUR_CONNECTED);
    v
}

/// The pop that empties the open set reports `NoPath` at once: budget B = the run's own
/// iteration count ends with `NoPath` after B iterations (never `InProgress` /
/// `BudgetExhausted` with nothing left), and B − 1 is still in progress.
#[test]
fn the_pop_that_empties_the_open_set_reports_no_path() {
    let (grid, a, b) = enclosed();
    for o in engines() {
        let full = grid.find_path(a, b, &o).unwrap();
        assert_eq!(full.status, PathStatus::NoPath, "{o:?}");
        let n = full.iterations;
        assert!(n >= 1, "{o:?}");
        let exact = grid.find_path(a, b, &o.with_iteration_budget(n)).unwrap();
        assert_eq!(
            (exact.status, exact.iterations),
            (PathStatus::NoPath, n),
            "{o:?}"
        );
        let short = grid
            .find_path(a, b, &o.with_iteration_budget(n - 1))
            .unwrap();
        assert_eq!(short.status, PathStatus::BudgetExhausted, "{o:?}");
        let mut s = GridSearch::new(o).unwrap();
        assert_eq!(s.try_begin(&grid, a, b), Step::InProgress);
        assert_eq!(s.step(&grid, n), Ok(Step::NoPath), "{o:?}");
        assert_eq!(s.iterations(), n);
    }
}

/// A no-path query of exactly 256 pops (one cancellation slice) is not asked to cancel
/// after its work is done.
#[test]
fn a_cancellable_run_never_asks_before_an_empty_slice() {
    let (grid, a, b) = enclosed();
    // Four moves (integer costs: no reopening) and the one-line octile A* (exact pair costs)
    // pop each of the 256 room cells once.
    for o in [GridOptions::FOUR_CONNECTED, GridOptions::DEFAULT] {
        assert_eq!(grid.find_path(a, b, &o).unwrap().iterations, 256, "{o:?}");
        let mut asked = 0;
        let path = grid
            .find_path_cancellable(a, b, &o, || {
                asked += 1;
                asked > 1
            })
            .unwrap();
        assert_eq!((path.status, asked), (PathStatus::NoPath, 1), "{o:?}");
    }
}

/// After a refused `try_begin` on a fresh handle, `to_path` reports the refusal.
#[test]
fn a_refused_begin_is_visible() {
    let grid = Grid::from_text("..#\n...").unwrap();
    let mut s = GridSearch::new(GridOptions::DEFAULT).unwrap();
    assert_eq!(
        s.try_begin(&grid, Cell::new(2, 0), Cell::new(0, 0)),
        Step::StartInvalid
    );
    assert_eq!(s.to_path(&grid).unwrap().status, PathStatus::StartInvalid);
    assert_eq!(
        s.try_begin(&grid, Cell::new(0, 0), Cell::new(9, 9)),
        Step::GoalInvalid
    );
    assert_eq!(s.to_path(&grid).unwrap().status, PathStatus::GoalInvalid);
    // A begin that runs clears it; a refusal while a search runs leaves that search alone.
    assert_eq!(
        s.try_begin(&grid, Cell::new(0, 0), Cell::new(2, 1)),
        Step::InProgress
    );
    assert_eq!(
        s.try_begin(&grid, Cell::new(2, 0), Cell::new(0, 0)),
        Step::StartInvalid
    );
    let _ = s.run_cancellable(&grid, || false).unwrap();
    assert_eq!(s.to_path(&grid).unwrap().status, PathStatus::Found);
}

/// `weight × the largest estimate` must be finite: 1e308 on a 200-wide grid is refused (it
/// made every key +∞ and returned a path of cost 20,530 where the optimum is 501.6); 1e300 is
/// a legal, greedy weight.
#[test]
fn a_weight_too_large_for_the_grid_is_refused() {
    let grid = Grid::new(200, 200).unwrap();
    let (a, b) = (Cell::new(0, 0), Cell::new(199, 150));
    for o in [
        GridOptions::DEFAULT.with_weight(1e308),
        GridOptions::FOUR_CONNECTED.with_weight(1e308),
    ] {
        let e = grid.find_path(a, b, &o).unwrap_err();
        assert!(matches!(e, QueryError::WeightTooLarge { weight, .. } if weight == 1e308));
        assert!(e.to_string().contains("too large"), "{e}");
        let mut s = GridSearch::new(o).unwrap();
        assert_eq!(s.try_begin(&grid, a, b), Step::InProgress);
        assert!(matches!(
            s.step(&grid, 10),
            Err(QueryError::WeightTooLarge { .. })
        ));
        assert_eq!(s.iterations(), 0, "nothing ran");
        let hooked = grid.find_path_with(a, b, &o, |_, _, c| c, |_| false);
        assert!(matches!(hooked, Err(QueryError::WeightTooLarge { .. })));
    }
    let greedy = grid
        .find_path(a, b, &GridOptions::DEFAULT.with_weight(1e300))
        .unwrap();
    assert_eq!(greedy.status, PathStatus::Found);
    assert!(greedy.cost < 300.0, "greedy but sane: {}", greedy.cost);
}

/// Stepping or reading a handle with another grid names the cause; an edit of the same grid
/// is `GridChanged`.
#[test]
fn another_grid_is_named() {
    let mut grid = Grid::new(8, 8).unwrap();
    let other = Grid::new(8, 8).unwrap();
    let bigger = Grid::new(9, 8).unwrap();
    let mut s = GridSearch::new(GridOptions::DEFAULT).unwrap();
    assert_eq!(
        s.try_begin(&grid, Cell::new(0, 0), Cell::new(7, 7)),
        Step::InProgress
    );
    let e = s.step(&other, 1).unwrap_err();
    assert_eq!(
        e,
        QueryError::OtherGrid {
            expected: (8, 8),
            found: (8, 8)
        }
    );
    assert!(
        e.to_string().contains("not the grid the search began on"),
        "{e}"
    );
    assert_eq!(
        s.step(&bigger, 1).unwrap_err(),
        QueryError::OtherGrid {
            expected: (8, 8),
            found: (9, 8)
        }
    );
    assert!(matches!(
        s.to_path(&bigger),
        Err(QueryError::OtherGrid { .. })
    ));
    assert!(matches!(
        s.to_path(&other),
        Err(QueryError::OtherGrid { .. })
    ));
    // A clone has the same revision: the same grid.
    let clone = grid.clone();
    assert_eq!(s.step(&clone, 1), Ok(Step::InProgress));
    grid.set_walkable(Cell::new(3, 3), false).unwrap();
    let e = s.step(&grid, 1).unwrap_err();
    assert_eq!(
        e,
        QueryError::GridChanged {
            expected: 0,
            found: 1
        }
    );
    assert!(e.to_string().contains("edited"), "{e}");
    // The path found before an edit is still the search's result on that grid.
    let _ = s.run_cancellable(&clone, || false).unwrap();
    assert_eq!(s.to_path(&grid).unwrap().status, PathStatus::Found);
}
