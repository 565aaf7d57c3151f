//! The one-line voxel query (tier 1): equal to the dense tier-2 A* (cost bits, path,
//! iterations, expansions, expansion order), statuses, budgets, hooks, world points, pooled
//! pages reused and the pool dropped above its limit.

mod common;

use common::random_voxel_grid as random_grid;
use onepath::search::{AStar, Step};
use onepath::topology::{DefaultStepCost, Topology};
use onepath::voxel::{VoxelConnectivity, VoxelCornerRule, VoxelHeuristic, VoxelTopology};
use onepath::voxel_search::{NoVoxelHooks, POOL_LIMIT, PagedVoxelSearch};
use onepath::{PathStatus, VoxelCell, VoxelGrid, VoxelOptions, VoxelPoint, VoxelSpace};

#[test]
fn find_path_equals_the_dense_search() {
    let grid = random_grid(3, (37, 23, 19), 25);
    let mut rng = onepath::math::SplitMix64::new(11);
    let n = grid.voxel_count();
    for (i, options) in [
        VoxelOptions::DEFAULT,
        VoxelOptions::SIX_CONNECTED,
        VoxelOptions::EIGHTEEN_CONNECTED.with_corner_rule(VoxelCornerRule::NoSqueezing),
        VoxelOptions::DEFAULT.with_corner_rule(VoxelCornerRule::AllowAll),
    ]
    .into_iter()
    .cycle()
    .take(40)
    .enumerate()
    {
        let options = options.with_record_expansions(i % 2 == 0);
        let (s, t) = (
            (rng.next_u64() % u64::from(n)) as u32,
            (rng.next_u64() % u64::from(n)) as u32,
        );
        let (sc, tc) = (grid.cell_of(s), grid.cell_of(t));
        let path = grid.find_path(sc, tc, &options);
        let topo = VoxelTopology::new(&grid, options.connectivity, options.corner_rule);
        let mut dense = AStar::new(
            DefaultStepCost,
            VoxelHeuristic::new(&grid, options.connectivity),
        );
        dense.set_record_expansions(true);
        let begin = dense.try_begin(&topo, s, t);
        match begin {
            Step::StartInvalid => assert_eq!(path.status, PathStatus::StartInvalid),
            Step::GoalInvalid => assert_eq!(path.status, PathStatus::GoalInvalid),
            _ => {
                let end = dense.run(&topo);
                let want = if end == Step::Found {
                    PathStatus::Found
                } else {
                    PathStatus::NoPath
                };
                assert_eq!(path.status, want);
                assert_eq!(path.cost.to_bits(), dense.cost().to_bits());
                assert_eq!(path.iterations, dense.iterations());
                assert_eq!(path.expansions, dense.expansions());
                let cells: Vec<VoxelCell> = dense.path().iter().map(|&n| grid.cell_of(n)).collect();
                assert_eq!(path.cells, cells);
                if options.record_expansions {
                    let exp: Vec<VoxelCell> = dense
                        .buffers()
                        .expanded_nodes()
                        .iter()
                        .map(|&n| grid.cell_of(n))
                        .collect();
                    assert_eq!(path.expanded, exp);
                } else {
                    assert!(path.expanded.is_empty());
                }
            }
        }
    }
}

#[test]
fn statuses_and_budgets() {
    let mut grid = VoxelGrid::new(20, 20, 20).unwrap();
    grid.set_walkable(VoxelCell::new(1, 1, 1), false).unwrap();
    let o = VoxelOptions::DEFAULT;
    let a = VoxelCell::new(0, 0, 0);
    assert_eq!(
        grid.find_path(VoxelCell::new(-1, 0, 0), a, &o).status,
        PathStatus::StartInvalid
    );
    assert_eq!(
        grid.find_path(VoxelCell::new(1, 1, 1), a, &o).status,
        PathStatus::StartInvalid
    );
    assert_eq!(
        grid.find_path(a, VoxelCell::new(0, 20, 0), &o).status,
        PathStatus::GoalInvalid
    );
    let same = grid.find_path(a, a, &o);
    assert_eq!(
        (same.status, same.cost, same.cells.len(), same.iterations),
        (PathStatus::Found, 0.0, 1, 1)
    );
    let far = VoxelCell::new(19, 19, 19);
    let full = grid.find_path(a, far, &o);
    assert!(full.is_found());
    let cut = grid.find_path(a, far, &o.with_iteration_budget(3));
    assert_eq!(
        (cut.status, cut.iterations),
        (PathStatus::BudgetExhausted, 3)
    );
    assert!(cut.cells.is_empty() && cut.cost.is_infinite());
    let exact = grid.find_path(a, far, &o.with_iteration_budget(full.iterations));
    assert_eq!(exact.status, PathStatus::Found);
    // Walled in: no path.
    let mut boxed = VoxelGrid::new(3, 3, 3).unwrap();
    for i in 0..27 {
        let c = boxed.cell_of(i);
        if c != VoxelCell::new(1, 1, 1) {
            boxed.set_walkable(c, false).unwrap();
        }
    }
    boxed.set_walkable(VoxelCell::new(0, 0, 0), true).unwrap();
    let p = boxed.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(1, 1, 1), &o);
    assert_eq!(
        p.status,
        PathStatus::NoPath,
        "the corner move squeezes past solid voxels"
    );
    let p = boxed.find_path(
        VoxelCell::new(0, 0, 0),
        VoxelCell::new(1, 1, 1),
        &o.with_corner_rule(VoxelCornerRule::AllowAll),
    );
    assert_eq!(p.status, PathStatus::Found);
}

#[test]
fn hooks_and_world_points() {
    let grid = VoxelGrid::new(6, 6, 6).unwrap();
    let o = VoxelOptions::SIX_CONNECTED;
    let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(5, 0, 0));
    let p = grid.find_path_with(a, b, &o, |_, _, c| c, |c| c.x == 3 && c.y < 5);
    assert!(p.is_found());
    assert!(p.cells.iter().all(|c| !(c.x == 3 && c.y < 5)));
    assert_eq!(
        grid.find_path_with(a, b, &o, |_, _, c| c, |c| c == b)
            .status,
        PathStatus::GoalInvalid
    );
    assert_eq!(
        grid.find_path_with(a, b, &o, |_, _, _| f64::NAN, |_| false)
            .status,
        PathStatus::NoPath
    );
    let space = VoxelSpace::new(VoxelPoint::new(-3.0, 0.0, 0.0), 0.5).unwrap();
    let w = grid
        .find_path_world(
            &space,
            VoxelPoint::new(-3.0, 0.0, 0.0),
            VoxelPoint::new(-0.4, 0.2, 0.2),
            &o,
        )
        .unwrap();
    assert_eq!(w.cells.last(), Some(&b));
    assert_eq!(w.points[0], VoxelPoint::new(-2.75, 0.25, 0.25));
    let e = grid
        .find_path_world(
            &space,
            VoxelPoint::new(0.0, 0.0, 2_097_152.5),
            VoxelPoint::new(0.0, 0.0, 0.0),
            &o,
        )
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "world z = 2097152.5 is outside the coordinate rule: world coordinates must be finite with |z| <= 2097152 (2^21)"
    );
    // Outside the block is a status, not an error.
    let out = grid
        .find_path_world(
            &space,
            VoxelPoint::new(100.0, 0.0, 0.0),
            VoxelPoint::new(-3.0, 0.0, 0.0),
            &o,
        )
        .unwrap();
    assert_eq!(out.status, PathStatus::StartInvalid);
    assert!(VoxelSpace::new(VoxelPoint::new(0.0, 0.0, 0.0), 0.0).is_err());
}

/// Memory is proportional to the blocks reached, pages are reused, and a pool above the limit
/// is dropped. (Floods 2.2 million voxels: release builds only.)
#[test]
#[cfg_attr(debug_assertions, ignore = "floods 2.2 million voxels; run in release")]
fn pages_follow_the_blocks_reached_and_the_pool_is_bounded() {
    let grid = VoxelGrid::new(512, 512, 8).unwrap(); // 4096 blocks of 8³
    let mut s = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(20, 0, 0));
    assert_eq!(s.try_begin(&grid, a, b, &NoVoxelHooks), Step::InProgress);
    assert_eq!(s.run(&grid, &NoVoxelHooks), Step::Found);
    assert_eq!(s.cost(), 20.0);
    // A straight line reached only the blocks along it (and their face neighbours).
    assert!(s.pages_in_use() <= 6, "{} pages", s.pages_in_use());
    let pool = s.pool_pages();
    let _ = s.try_begin(&grid, a, b, &NoVoxelHooks);
    let _ = s.run(&grid, &NoVoxelHooks);
    assert_eq!(s.pool_pages(), pool, "pages are reused");
    // Dijkstra-like flood (goal unreachable: walled in) touches every block.
    let mut walled = VoxelGrid::new(536, 512, 8).unwrap();
    for y in 0..512 {
        for z in 0..8 {
            walled
                .set_walkable(VoxelCell::new(528, y, z), false)
                .unwrap();
        }
    }
    let goal = VoxelCell::new(535, 0, 0); // 66 x 64 = 4224 blocks reachable
    let _ = s.try_begin(&walled, a, goal, &NoVoxelHooks);
    assert_eq!(s.run(&walled, &NoVoxelHooks), Step::NoPath);
    assert!(s.pool_pages() > POOL_LIMIT);
    s.trim_pool();
    assert_eq!(s.pool_pages(), 0);
    assert_eq!(s.state(), Step::Idle);
    // The grid's own pool: queries reuse one search; the result is the same every time.
    let first = grid.find_path(a, b, &VoxelOptions::SIX_CONNECTED);
    let second = grid.find_path(a, b, &VoxelOptions::SIX_CONNECTED);
    assert_eq!(first, second);
    assert_eq!(
        VoxelTopology::new(&grid, VoxelConnectivity::Six, VoxelCornerRule::AllowAll).node_count(),
        512 * 512 * 8
    );
}

/// Edits between queries are seen (the topology reads the live chunks).
#[test]
fn queries_after_edits_equal_queries_on_a_rebuilt_grid() {
    let mut grid = random_grid(9, (24, 24, 24), 20);
    let mut rng = onepath::math::SplitMix64::new(4);
    for round in 0..10 {
        for _ in 0..200 {
            let c = grid.cell_of((rng.next_u64() % u64::from(grid.voxel_count())) as u32);
            grid.set_area(c, [0, 1, 255][(rng.next_u64() % 3) as usize])
                .unwrap();
        }
        let voxels: Vec<(VoxelCell, u8)> = (0..grid.voxel_count())
            .map(|i| (grid.cell_of(i), grid.area(grid.cell_of(i)).unwrap()))
            .collect();
        let mut rebuilt = VoxelGrid::from_voxels(24, 24, 24, 0, voxels).unwrap();
        rebuilt.set_area_cost(1, 0.75).unwrap();
        rebuilt.set_area_cost(2, 2.5).unwrap();
        let (a, b) = (
            VoxelCell::new(0, round, 0),
            VoxelCell::new(23, 23 - round, 23),
        );
        // Regression: a refused start used to report the previous query's path.
        let refused = grid.find_path(VoxelCell::new(-1, 0, 0), b, &VoxelOptions::DEFAULT);
        assert!(refused.cells.is_empty() && refused.cost.is_infinite());
        assert_eq!(
            grid.find_path(a, b, &VoxelOptions::DEFAULT),
            rebuilt.find_path(a, b, &VoxelOptions::DEFAULT)
        );
    }
}
