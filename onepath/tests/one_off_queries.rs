//! One-off tier-1 queries cost what a reused handle costs (issue 14 §2): the grid keeps the
//! search handles of its one-line queries in a slot, so the second and later `find_path` calls
//! on an unedited grid allocate the result only, never map-sized buffers, and return exactly
//! what a fresh handle returns. A counting global allocator proves the memory side; the speed
//! side is measured in `bench/` (`one_off`), never here.
#![allow(unsafe_code)]

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell as StdCell;

use common::{option_variants, random_grid};
use onepath::{Cell, Grid, GridOptions, GridSearch, HexGrid, HexLayout, Step};

struct Counting;

thread_local! {
    static ON: StdCell<bool> = const { StdCell::new(false) };
    static BYTES: StdCell<u64> = const { StdCell::new(0) };
}

// SAFETY: forwards to the system allocator; the thread-locals are const-initialised, so touching
// them never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if ON.with(StdCell::get) {
            BYTES.with(|c| c.set(c.get() + layout.size() as u64));
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if ON.with(StdCell::get) {
            BYTES.with(|c| c.set(c.get() + new_size as u64));
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Bytes allocated by `f` on this thread.
fn bytes<R>(f: impl FnOnce() -> R) -> (R, u64) {
    BYTES.with(|c| c.set(0));
    ON.with(|o| o.set(true));
    let r = f();
    ON.with(|o| o.set(false));
    (r, BYTES.with(StdCell::get))
}

/// On a 512 × 512 open grid (262,144 cells: ≥ 5 MB of search state), a four-step query
/// allocates at most a few kilobytes (the result) from the second call on, for every option
/// variant in turn on one grid, and the first call's result equals the later ones'.
#[test]
fn the_second_one_off_query_allocates_only_its_result() {
    let grid = Grid::new(512, 512).unwrap();
    let (a, b) = (Cell::new(100, 100), Cell::new(104, 100));
    for (i, options) in option_variants().into_iter().enumerate() {
        let (first, first_bytes) = bytes(|| grid.find_path(a, b, &options).unwrap());
        let (second, second_bytes) = bytes(|| grid.find_path(a, b, &options).unwrap());
        assert_eq!(first, second, "{options:?}");
        // The grid's first query sizes the buffers; later variants find them sized (or size
        // only what their engine adds).
        assert!(
            i > 0 || first_bytes > 1 << 20,
            "the first call sizes the buffers ({first_bytes} B)"
        );
        assert!(
            second_bytes < 8 << 10,
            "{options:?}: the second call allocated {second_bytes} B"
        );
        let (_, cancellable) = bytes(|| {
            grid.find_path_cancellable(a, b, &options, || false)
                .unwrap()
        });
        assert!(
            cancellable < 8 << 10,
            "{options:?}: cancellable {cancellable} B"
        );
    }
    // Hooks run their own A* in the pooled handle's buffers.
    let o = GridOptions::DEFAULT;
    let hooked = || {
        grid.find_path_with(a, b, &o, |_, _, c| c, |_| false)
            .unwrap()
    };
    let first = hooked();
    let (second, n) = bytes(hooked);
    assert_eq!(first, second);
    assert!(n < 8 << 10, "find_path_with allocated {n} B");
    // Releasing the memory makes the next call size its buffers again.
    grid.release_query_memory();
    let (_, again) = bytes(|| grid.find_path(a, b, &o).unwrap());
    assert!(
        again > 1 << 20,
        "released: the call sizes its buffers again ({again} B)"
    );
}

#[test]
fn hex_one_off_queries_reuse_their_buffers() {
    let grid = HexGrid::new(300, 300, HexLayout::PointyOddRow).unwrap();
    let (a, b) = (Cell::new(10, 10), Cell::new(14, 12));
    let o = GridOptions::DEFAULT;
    let (first, n1) = bytes(|| grid.find_path(a, b, &o).unwrap());
    let (second, n2) = bytes(|| grid.find_path(a, b, &o).unwrap());
    assert_eq!(first, second);
    assert!(n1 > 1 << 20 && n2 < 8 << 10, "first {n1} B, second {n2} B");
}

/// A pooled handle serves queries under any options in any order with the result of a fresh
/// handle (`find_path` = `GridSearch::try_begin` + `step(budget)`), edits between queries
/// included.
#[test]
fn pooled_queries_equal_fresh_handles_in_any_order() {
    let mut grid = random_grid(11, 48, 40, 25, true);
    let variants = option_variants();
    let open: Vec<Cell> = (0..grid.cell_count())
        .map(|i| grid.cell_of(i))
        .filter(|&c| grid.is_walkable(c))
        .collect();
    let mut rng = onepath::math::SplitMix64::new(5);
    for round in 0..200 {
        let o = variants[rng.below(variants.len() as u32) as usize]
            .with_iteration_budget(if round % 7 == 0 { 40 } else { u32::MAX });
        let a = open[rng.below(open.len() as u32) as usize];
        let b = open[rng.below(open.len() as u32) as usize];
        let pooled = grid.find_path(a, b, &o).unwrap();
        let mut fresh = GridSearch::new(o).unwrap();
        let begun = fresh.try_begin(&grid, a, b);
        if begun == Step::InProgress {
            let _ = fresh.step(&grid, o.iteration_budget).unwrap();
        }
        assert_eq!(
            pooled,
            fresh.to_path(&grid).unwrap(),
            "round {round}: {o:?}"
        );
        if round % 25 == 24 {
            let c = open[rng.below(open.len() as u32) as usize];
            grid.set_walkable(c, !grid.is_walkable(c)).unwrap();
        }
    }
}

/// `&Grid` is shared by threads that all query it at once; every answer equals the
/// sequential one.
#[test]
fn threads_share_one_grid() {
    let grid = random_grid(12, 64, 64, 20, false);
    let open: Vec<Cell> = (0..grid.cell_count())
        .map(|i| grid.cell_of(i))
        .filter(|&c| grid.is_walkable(c))
        .collect();
    let pairs: Vec<(Cell, Cell)> = (0..64)
        .map(|i| {
            (
                open[(i * 37) % open.len()],
                open[(i * 101 + 7) % open.len()],
            )
        })
        .collect();
    let o = GridOptions::DEFAULT;
    let sequential: Vec<_> = pairs
        .iter()
        .map(|&(a, b)| grid.find_path(a, b, &o).unwrap())
        .collect();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..6)
            .map(|t| {
                let (grid, pairs) = (&grid, &pairs);
                s.spawn(move || {
                    (0..pairs.len())
                        .map(|i| (i + t * 11) % pairs.len())
                        .map(|i| (i, grid.find_path(pairs[i].0, pairs[i].1, &o).unwrap()))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, path) in h.join().unwrap() {
                assert_eq!(path, sequential[i]);
            }
        }
    });
}
