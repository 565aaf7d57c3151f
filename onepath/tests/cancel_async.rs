//! Cancellation, the cooperative future and desync forensics.

mod common;

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use common::{option_variants, random_grid};
use onepath::search::first_divergence;
use onepath::{Cell, GridOptions, GridSearch, PathStatus, QueryError, Step};

/// Polls a future to completion with a no-op waker; returns the output and the poll count.
fn block_on<F: Future>(f: F) -> (F::Output, usize) {
    let mut f = pin!(f);
    let mut cx = Context::from_waker(Waker::noop());
    let mut polls = 0;
    loop {
        polls += 1;
        if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return (v, polls);
        }
    }
}

#[test]
fn a_callback_that_never_cancels_changes_nothing() {
    for (i, options) in option_variants().into_iter().enumerate() {
        let grid = random_grid(i as u64, 60, 45, 28, i % 2 == 0);
        let Some((a, b)) = common::far_endpoints(&grid, options.agent_size) else {
            continue;
        };
        for budget in [u32::MAX, 1, 255, 256, 257, 700] {
            let o = options.with_iteration_budget(budget);
            let plain = grid.find_path(a, b, &o).unwrap();
            let mut asked = 0;
            let sliced = grid
                .find_path_cancellable(a, b, &o, || {
                    asked += 1;
                    false
                })
                .unwrap();
            assert_eq!(sliced, plain);
            assert_eq!(sliced.cost.to_bits(), plain.cost.to_bits());
            if budget == u32::MAX && plain.iterations > 0 {
                assert_eq!(
                    asked as u32,
                    plain.iterations.div_ceil(256),
                    "one check per slice"
                );
            }
            if budget != u32::MAX && plain.status == PathStatus::BudgetExhausted {
                assert_eq!(plain.iterations, budget);
            }
        }
    }
}

#[test]
fn cancelling_stops_and_the_next_query_is_exact() {
    let grid = random_grid(77, 80, 80, 0, false);
    let (a, b) = common::far_endpoints(&grid, 1).unwrap();
    let dijkstra = GridOptions::DEFAULT.with_heuristic(onepath::HeuristicKind::Zero);
    let expected = grid.find_path(a, b, &dijkstra).unwrap();
    assert!(
        expected.iterations > 600,
        "scenario too small: {}",
        expected.iterations
    );
    let mut slices = 0;
    let r = grid.find_path_cancellable(a, b, &dijkstra, || {
        slices += 1;
        slices > 2
    });
    assert_eq!(r, Err(QueryError::Cancelled));
    assert_eq!(slices, 3);
    assert_eq!(grid.find_path(a, b, &dijkstra).unwrap(), expected);
}

#[test]
fn the_future_returns_what_find_path_returns_for_every_slicing() {
    for (i, options) in option_variants().into_iter().enumerate() {
        let grid = random_grid(100 + i as u64, 40, 30, 25, i % 3 == 0);
        let Some((a, b)) = common::far_endpoints(&grid, options.agent_size) else {
            continue;
        };
        for budget in [u32::MAX, 50] {
            let o = options.with_iteration_budget(budget);
            let expected = grid.find_path(a, b, &o).unwrap();
            for slice in [1u32, 7, 256, u32::MAX] {
                let (got, polls) = block_on(grid.find_path_async(a, b, &o, slice));
                assert_eq!(got.unwrap(), expected, "slice {slice} budget {budget}");
                if slice == 1 && expected.iterations > 1 {
                    assert!(
                        polls >= expected.iterations as usize,
                        "the future must yield between slices"
                    );
                }
            }
        }
    }
    let grid = random_grid(1, 5, 5, 0, false);
    let bad = GridOptions::DEFAULT.with_weight(f64::NAN);
    let (r, _) = block_on(grid.find_path_async(Cell::new(0, 0), Cell::new(4, 4), &bad, 8));
    assert!(matches!(r, Err(QueryError::InvalidWeight { .. })));
    let (r, _) =
        block_on(grid.find_path_async(Cell::new(-1, 0), Cell::new(4, 4), &GridOptions::DEFAULT, 8));
    assert_eq!(r.unwrap().status, PathStatus::StartInvalid);
}

#[test]
fn traces_locate_the_first_divergence() {
    let grid = random_grid(5, 30, 30, 20, false);
    let (a, b) = common::far_endpoints(&grid, 1).unwrap();
    let run = |g: &onepath::Grid| {
        let mut s = GridSearch::new(GridOptions::DEFAULT).unwrap();
        s.set_record_trace(true);
        let _ = s.try_begin(g, a, b);
        while s.step(g, 13).unwrap() == Step::InProgress {}
        s.trace().to_vec()
    };
    let t1 = run(&grid);
    assert_eq!(t1.len() as u32, {
        let mut s = GridSearch::new(GridOptions::DEFAULT).unwrap();
        let _ = s.try_begin(&grid, a, b);
        while s.step(&grid, 1000).unwrap() == Step::InProgress {}
        s.iterations()
    });
    assert_eq!(first_divergence(&t1, &run(&grid)), None);
    // A peer whose map differs in one cell diverges at the first pop that sees it.
    let expected_path = grid
        .find_path(a, b, &GridOptions::DEFAULT.with_record_expansions(true))
        .unwrap();
    let victim = expected_path.expanded[expected_path.expanded.len() / 2];
    let mut other = grid.clone();
    other.set_walkable(victim, false).unwrap();
    let t2 = run(&other);
    let d = first_divergence(&t1, &t2).expect("the traces must differ");
    assert!(
        d > 0 && d <= expected_path.expanded.len() / 2 + 1,
        "diverged at {d}"
    );
    assert_eq!(t1[..d], t2[..d]);
}

#[test]
fn editing_the_grid_mid_search_is_refused() {
    let mut grid = random_grid(8, 30, 30, 10, false);
    let (a, b) = common::far_endpoints(&grid, 1).unwrap();
    let mut s = GridSearch::new(GridOptions::DEFAULT).unwrap();
    let _ = s.try_begin(&grid, a, b);
    let _ = s.step(&grid, 5).unwrap();
    let v = grid.version();
    grid.set_area(Cell::new(10, 10), 3).unwrap();
    assert_eq!(
        s.step(&grid, 5),
        Err(QueryError::GridChanged {
            expected: v,
            found: v + 1
        })
    );
    assert_eq!(s.iterations(), 5);
}
