//! Zero allocation in steady state for the resumable hex handle (issue 28, item 4): after a
//! warm-up search (or `prepare`), `try_begin`, `step`, `copy_path`, `state_size`,
//! `max_state_size`, `save_state` and `restore_state` allocate nothing, and neither do the hex
//! grid's own `save_state` / `restore_state` (a counting global allocator proves it).
#![allow(unsafe_code)]

mod counting;

use counting::allocations;
use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, Step};

fn grid() -> HexGrid {
    let mut g = HexGrid::new(30, 20, HexLayout::FlatOddColumn).unwrap();
    g.set_rect(15, 0, 1, 18, 255).unwrap();
    g.set_rect(4, 5, 6, 6, 2).unwrap();
    g.set_area_cost(2, 4.0).unwrap();
    g
}

#[test]
fn the_hex_handle_allocates_nothing_after_warm_up() {
    let g = grid();
    let (a, b) = (Cell::new(0, 0), Cell::new(29, 0));
    for prepared in [false, true] {
        let mut s = HexSearch::new(GridOptions::DEFAULT).unwrap();
        if prepared {
            s.prepare(&g);
        } else {
            let _ = s.try_begin(&g, a, b);
            let _ = s.run_cancellable(&g, || false).unwrap();
        }
        let mut out = vec![Cell::default(); 128];
        let mut bytes = vec![0u8; s.max_state_size(&g)];
        let mut saved = vec![0u8; s.max_state_size(&g)];
        // The content hash is cached on its first call (not an allocation either way).
        let (result, n) = allocations(|| {
            let mut saved_len = 0;
            for budget in [1, 2, 7, 50] {
                assert_eq!(s.try_begin(&g, a, b), Step::InProgress);
                let mut ticks = 0;
                while s.step(&g, budget).unwrap() == Step::InProgress {
                    ticks += 1;
                    if ticks == 5 {
                        saved_len = s.save_state(&g, &mut saved).unwrap();
                    }
                    let _ = s.state_size() <= s.max_state_size(&g);
                    s.save_state(&g, &mut bytes).unwrap();
                }
            }
            let len = s.copy_path(&mut out);
            let cost = s.cost();
            s.restore_state(&g, &saved[..saved_len]).unwrap();
            while s.step(&g, 3).unwrap() == Step::InProgress {}
            (len, cost, s.cost())
        });
        assert_eq!(n, 0, "prepared {prepared}: {n} allocations");
        assert!(result.0.is_some());
        assert_eq!(result.1.to_bits(), result.2.to_bits());
    }
}

#[test]
fn the_hex_grid_snapshot_allocates_nothing() {
    let mut g = grid();
    let mut bytes = vec![0u8; g.max_state_size()];
    g.save_state(&mut bytes).unwrap();
    g.set_walkable(Cell::new(0, 0), false).unwrap();
    let (r, n) = allocations(|| {
        g.save_state(&mut bytes).unwrap();
        g.restore_state(&bytes)
    });
    assert_eq!((r, n), (Ok(()), 0));
}
