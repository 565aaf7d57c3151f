//! Zero allocation in steady state for the any-angle search: after the first search on a grid
//! of a given size, `try_begin`, `step`, `copy_path`, `state_size`, `save_state` and
//! `restore_state` of `ThetaSearch` allocate nothing, for every variant (a counting global
//! allocator proves it).
#![allow(unsafe_code)]

mod common;
mod counting;

use common::random_grid;
use counting::allocations;
use onepath::search::Step;
use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};

#[test]
fn theta_search_allocates_nothing_after_warm_up() {
    let grid = random_grid(11, 48, 40, 22, false);
    let open: Vec<u32> = (0..grid.cell_count())
        .filter(|&i| grid.cells()[i as usize] != 255)
        .collect();
    let hash = grid.content_hash();
    for v in [
        ThetaVariant::Theta,
        ThetaVariant::Lazy,
        ThetaVariant::LazyRequeue,
    ] {
        let h = EuclideanHeuristic::new(grid.width(), 1.0);
        let mut s = ThetaSearch::new(v, h);
        let mut other = ThetaSearch::new(v, h);
        let mut path = vec![0u32; grid.cell_count() as usize];
        let mut bytes = vec![0u8; 1 << 20];
        // Warm-up: one search of this size sizes every buffer.
        let _ = s.try_begin(&grid, open[0], open[open.len() - 1]);
        let _ = s.run(&grid);
        let n = s.save_state(hash, &mut bytes).unwrap();
        other.restore_state(&grid, &bytes[..n]).unwrap();
        for q in 0..12usize {
            let a = open[(q * 37) % open.len()];
            let b = open[(q * 101 + 7) % open.len()];
            let ((), count) = allocations(|| {
                let _ = s.try_begin(&grid, a, b);
                while s.step(&grid, 5) == Step::InProgress {
                    let n = s.state_size();
                    let n2 = s.save_state(hash, &mut bytes[..n]).unwrap();
                    other.restore_state(&grid, &bytes[..n2]).unwrap();
                }
                let _ = s.copy_path(&mut path);
                let _ = other.copy_path(&mut path);
            });
            assert_eq!(count, 0, "{v:?} query {q} allocated {count} times");
        }
    }
}

#[test]
fn the_grid_search_handle_allocates_nothing_for_any_angle_queries() {
    use onepath::{Cell, GridAlgorithm, GridOptions, GridSearch};
    let grid = random_grid(12, 40, 36, 22, false);
    let open: Vec<u32> = (0..grid.cell_count())
        .filter(|&i| grid.cells()[i as usize] != 255)
        .collect();
    for alg in [GridAlgorithm::ThetaStar, GridAlgorithm::LazyThetaStar] {
        let o = GridOptions::DEFAULT.with_algorithm(alg);
        let mut h = GridSearch::new(o).unwrap();
        let mut peer = GridSearch::new(o).unwrap();
        h.prepare(&grid);
        peer.prepare(&grid);
        let mut cells = vec![Cell::default(); grid.cell_count() as usize];
        let mut bytes = vec![0u8; 1 << 20];
        // Warm-up: one query and one save/restore.
        let (a, b) = (grid.cell_of(open[0]), grid.cell_of(open[open.len() - 1]));
        let _ = h.try_begin(&grid, a, b);
        let _ = h.step(&grid, 10).unwrap();
        let n = h.save_state(&grid, &mut bytes).unwrap();
        peer.restore_state(&grid, &bytes[..n]).unwrap();
        let _ = h.run_cancellable(&grid, || false).unwrap();
        for q in 0..10usize {
            let a = grid.cell_of(open[(q * 53) % open.len()]);
            let b = grid.cell_of(open[(q * 91 + 5) % open.len()]);
            let ((), count) = allocations(|| {
                let _ = h.try_begin(&grid, a, b);
                while h.step(&grid, 4).unwrap() == Step::InProgress {
                    let n = h.save_state(&grid, &mut bytes).unwrap();
                    peer.restore_state(&grid, &bytes[..n]).unwrap();
                }
                let _ = h.copy_path(&mut cells);
            });
            assert_eq!(count, 0, "{alg:?} query {q} allocated {count} times");
        }
    }
}
