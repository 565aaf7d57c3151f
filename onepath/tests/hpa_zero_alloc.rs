//! After a warm-up on a grid, HPA* queries allocate nothing: `HpaSearch::try_begin`, `step`,
//! `copy_path`, `state_size`, `save_state` and `restore_state` (tier 2), and a `GridSearch` running HPA* whose hierarchy is cached (tier 1).
#![allow(unsafe_code)]

mod counting;

use counting::allocations;
use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, Step};

/// A 40 × 40 grid of rooms with doors.
fn rooms() -> Grid {
    let mut g = Grid::new(40, 40).unwrap();
    for i in 0..40 {
        for wall in [13, 27] {
            if i % 13 != 6 {
                g.set_area(Cell::new(wall, i), 255).unwrap();
                g.set_area(Cell::new(i, wall), 255).unwrap();
            }
        }
    }
    g
}

const PAIRS: [(u32, u32); 4] = [(0, 1599), (41, 1558), (1599, 0), (500, 900)];

#[test]
fn hpa_search_allocates_nothing_after_warm_up() {
    let grid = rooms();
    let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(8)).unwrap();
    let mut s = HpaSearch::new();
    let mut out = vec![0u32; 4096];
    let mut snapshot = vec![0u8; 1 << 16];
    let mut query = |s: &mut HpaSearch| {
        for &(a, b) in &PAIRS {
            let _ = s.try_begin(&h, &grid, a, b).unwrap();
            let _ = s.step(&h, &grid, 3).unwrap();
            let n = s.save_state(&h, &grid, &mut snapshot).unwrap();
            assert_eq!(n, s.state_size());
            s.restore_state(&h, &grid, &snapshot[..n]).unwrap();
            while s.step(&h, &grid, 3).unwrap() == Step::InProgress {}
            assert_eq!(s.state(), Step::Found);
            s.copy_path(&mut out).unwrap();
        }
    };
    query(&mut s);
    let ((), n) = allocations(|| query(&mut s));
    assert_eq!(n, 0, "allocations after warm-up");
}

#[test]
fn grid_search_running_hpa_allocates_nothing_after_warm_up() {
    let grid = rooms();
    let o = GridOptions::DEFAULT
        .with_algorithm(GridAlgorithm::Hpa)
        .with_hpa_chunk_size(8);
    let mut s = GridSearch::new(o).unwrap();
    let mut out = vec![Cell::default(); 4096];
    let mut query = |s: &mut GridSearch| {
        for &(a, b) in &PAIRS {
            let _ = s.try_begin(&grid, grid.cell_of(a), grid.cell_of(b));
            while s.step(&grid, 5).unwrap() == Step::InProgress {}
            assert_eq!(s.state(), Step::Found);
            s.copy_path(&mut out).unwrap();
        }
    };
    query(&mut s);
    let ((), n) = allocations(|| query(&mut s));
    assert_eq!(n, 0, "allocations after warm-up");
}
