//! Zero allocation in steady state for the paged voxel search: after a warm-up query,
//! `try_begin`, `step`, `copy_path` and the counters allocate nothing (a counting global
//! allocator proves it).
#![allow(unsafe_code)]

mod counting;

use counting::allocations;
use onepath::search::Step;
use onepath::voxel::{VoxelConnectivity, VoxelCornerRule};
use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
use onepath::{VoxelCell, VoxelGrid};

#[test]
fn the_paged_search_allocates_nothing_after_warm_up() {
    let mut grid = VoxelGrid::new(40, 30, 20).unwrap();
    for y in 0..29 {
        for z in 0..20 {
            grid.set_walkable(VoxelCell::new(20, y, z), false).unwrap();
        }
    }
    let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(39, 0, 19));
    for (conn, rule) in [
        (
            VoxelConnectivity::TwentySix,
            VoxelCornerRule::NoCornerCutting,
        ),
        (VoxelConnectivity::Six, VoxelCornerRule::AllowAll),
        (VoxelConnectivity::Eighteen, VoxelCornerRule::NoSqueezing),
    ] {
        let mut s = PagedVoxelSearch::new(conn, rule);
        s.set_record_expansions(true);
        let _ = s.try_begin(&grid, a, b, &NoVoxelHooks);
        assert_eq!(s.run(&grid, &NoVoxelHooks), Step::Found);
        let mut out = vec![VoxelCell::default(); s.path_len()];
        let want = (s.cost(), s.iterations());
        let (got, n) = allocations(|| {
            for budget in [u32::MAX, 7, 1] {
                let _ = s.try_begin(&grid, a, b, &NoVoxelHooks);
                while s.step(&grid, &NoVoxelHooks, budget) == Step::InProgress {}
            }
            let len = s.copy_path(&mut out);
            (s.cost(), s.iterations(), len)
        });
        assert_eq!(n, 0, "{conn:?} {rule:?}: {n} allocations");
        assert_eq!((got.0, got.1), want);
        assert_eq!(got.2, Some(out.len()));
    }
}

#[test]
fn the_tier_one_handle_allocates_nothing_after_warm_up() {
    let grid = VoxelGrid::new(24, 24, 24).unwrap();
    let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(23, 11, 5));
    let mut s = onepath::VoxelSearch::new(onepath::VoxelOptions::DEFAULT);
    let _ = s.start(&grid, a, b);
    while s.step(&grid, 50).unwrap() == Step::InProgress {}
    let mut out = vec![VoxelCell::default(); s.path_len()];
    let (len, n) = allocations(|| {
        for budget in [1, 2, 7, 50] {
            let _ = s.start(&grid, b, a);
            while s.step(&grid, budget).unwrap() == Step::InProgress {}
        }
        s.copy_path(&mut out)
    });
    assert_eq!(n, 0, "{n} allocations");
    assert_eq!(len, Some(out.len()));
}
