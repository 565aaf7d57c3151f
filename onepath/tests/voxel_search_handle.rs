//! The resumable voxel handle (tier 1): sliced = unsliced for budgets 1, 2, 7 and 50 (and
//! equal to `find_path`), paged = dense (cost bits, path, iterations, expansions, expansion
//! order), restore at any slice = never stopped, a grid edited under a running search is an
//! error, and `set_options` keeps working memory.

mod common;

use common::random_voxel_grid as random_grid;
use onepath::search::{AStar, Step};
use onepath::topology::DefaultStepCost;
use onepath::voxel::{VoxelCornerRule, VoxelHeuristic, VoxelTopology};
use onepath::voxel_search::VoxelHooks;
use onepath::{PathStatus, QueryError, VoxelCell, VoxelGrid, VoxelOptions, VoxelPath, VoxelSearch};

const OPTIONS: [VoxelOptions; 4] = [
    VoxelOptions::DEFAULT,
    VoxelOptions::SIX_CONNECTED,
    VoxelOptions::EIGHTEEN_CONNECTED.with_corner_rule(VoxelCornerRule::NoSqueezing),
    VoxelOptions::DEFAULT.with_corner_rule(VoxelCornerRule::AllowAll),
];

/// Runs `search` to the end in slices of `budget`, saving and restoring into a fresh handle
/// after slices 1, 2, 4, 8, … and after the last one when
/// `restore` is set (each restore replays the search, so not after every slice).
fn sliced(
    grid: &VoxelGrid,
    search: &mut VoxelSearch,
    ends: (VoxelCell, VoxelCell),
    budget: u32,
    restore: bool,
) -> VoxelPath {
    let _ = search.start(grid, ends.0, ends.1);
    let mut slices = 0u32;
    while search.state() == Step::InProgress {
        let _ = search.step(grid, budget).unwrap();
        slices += 1;
        if restore && (slices.is_power_of_two() || search.state() != Step::InProgress) {
            let mut bytes = vec![0u8; search.state_size()];
            search.save_state(grid, &mut bytes).unwrap();
            let mut fresh = VoxelSearch::new(VoxelOptions::SIX_CONNECTED);
            fresh.restore_state(grid, &bytes).unwrap();
            let mut again = vec![0u8; fresh.state_size()];
            fresh.save_state(grid, &mut again).unwrap();
            assert_eq!(again, bytes);
            *search = fresh;
        }
    }
    search.to_path()
}

#[test]
fn sliced_equals_unsliced_and_the_dense_search() {
    let grid = random_grid(5, (29, 21, 17), 22);
    let mut rng = onepath::math::SplitMix64::new(2);
    let n = grid.voxel_count();
    let mut found = 0;
    for case in 0..24usize {
        let options = OPTIONS[case % 4].with_record_expansions(true);
        let pick = |r: u64| grid.cell_of((r % u64::from(n)) as u32);
        let ends = (pick(rng.next_u64()), pick(rng.next_u64()));
        let whole = grid.find_path(ends.0, ends.1, &options);
        let mut handle = VoxelSearch::new(options);
        for budget in [1, 2, 7, 50] {
            if matches!(
                whole.status,
                PathStatus::StartInvalid | PathStatus::GoalInvalid
            ) {
                assert!(matches!(
                    handle.start(&grid, ends.0, ends.1),
                    Step::StartInvalid | Step::GoalInvalid
                ));
                continue;
            }
            let restore = budget == [1, 2, 7, 50][case % 4];
            assert_eq!(
                sliced(&grid, &mut handle, ends, budget, restore),
                whole,
                "budget {budget}"
            );
        }
        if whole.status != PathStatus::Found {
            continue;
        }
        found += 1;
        // Paged = dense.
        let topo = VoxelTopology::new(&grid, options.connectivity, options.corner_rule);
        let mut dense = AStar::new(
            DefaultStepCost,
            VoxelHeuristic::new(&grid, options.connectivity),
        );
        dense.set_record_expansions(true);
        let (s, t) = (
            grid.index_of(ends.0).unwrap(),
            grid.index_of(ends.1).unwrap(),
        );
        let _ = dense.try_begin(&topo, s, t);
        while dense.step(&topo, 7) == Step::InProgress {}
        assert_eq!(whole.cost.to_bits(), dense.cost().to_bits());
        assert_eq!(
            (whole.iterations, whole.expansions),
            (dense.iterations(), dense.expansions())
        );
        let cells: Vec<VoxelCell> = dense.path().iter().map(|&v| grid.cell_of(v)).collect();
        assert_eq!(whole.cells, cells);
        let order: Vec<VoxelCell> = dense
            .buffers()
            .expanded_nodes()
            .iter()
            .map(|&v| grid.cell_of(v))
            .collect();
        assert_eq!(whole.expanded, order);
    }
    assert!(found >= 8, "only {found} cases found a path");
}

struct Toll;
impl VoxelHooks for Toll {
    fn blocked(&self, c: VoxelCell) -> bool {
        c.y == 4 && c.x < 6
    }
    fn cost(&self, _from: VoxelCell, to: VoxelCell, base: f64) -> f64 {
        if to.z == 0 { base * 4.0 } else { base }
    }
}

#[test]
fn hooks_sliced_and_restored_equal_find_path_with() {
    let grid = random_grid(9, (12, 10, 6), 8);
    let ends = (VoxelCell::new(0, 0, 1), VoxelCell::new(2, 9, 2));
    let mut grid = grid;
    grid.set_walkable(ends.0, true).unwrap();
    grid.set_walkable(ends.1, true).unwrap();
    let o = VoxelOptions::DEFAULT;
    let whole = grid.find_path_with(
        ends.0,
        ends.1,
        &o,
        |a, b, c| Toll.cost(a, b, c),
        |c| Toll.blocked(c),
    );
    assert_eq!(whole.status, PathStatus::Found);
    let mut h = VoxelSearch::new(o);
    let _ = h.start_with(&grid, ends.0, ends.1, &Toll);
    while h.state() == Step::InProgress {
        let _ = h.step_with(&grid, &Toll, 3).unwrap();
        let mut bytes = vec![0u8; h.state_size()];
        h.save_state(&grid, &mut bytes).unwrap();
        let mut r = VoxelSearch::new(o);
        assert!(r.restore_state(&grid, &bytes).is_err() || h.iterations() < 3);
        r.restore_state_with(&grid, &Toll, &bytes).unwrap();
        h = r;
    }
    assert_eq!(h.to_path(), whole);
}

#[test]
fn an_edit_under_a_running_search_is_an_error() {
    let mut grid = VoxelGrid::new(16, 16, 16).unwrap();
    let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(15, 15, 15));
    let mut h = VoxelSearch::new(VoxelOptions::DEFAULT);
    assert_eq!(h.start(&grid, a, b), Step::InProgress);
    let _ = h.step(&grid, 2).unwrap();
    grid.set_walkable(VoxelCell::new(8, 8, 8), false).unwrap();
    assert!(matches!(
        h.step(&grid, 2),
        Err(QueryError::GridChanged {
            expected: 0,
            found: 1
        })
    ));
    assert_eq!(h.iterations(), 2);
    // A snapshot taken before the edit belongs to the old contents.
    let _ = h.start(&grid, a, b);
    while h.step(&grid, 5).unwrap() == Step::InProgress {}
    assert_eq!(h.to_path(), grid.find_path(a, b, &VoxelOptions::DEFAULT));
    // Refused endpoints leave the finished search alone.
    assert_eq!(
        h.start(&grid, VoxelCell::new(8, 8, 8), b),
        Step::StartInvalid
    );
    assert_eq!(h.status(), PathStatus::Found);
    // Other options make the handle idle until it starts again.
    h.set_options(VoxelOptions::SIX_CONNECTED);
    assert_eq!(h.state(), Step::Idle);
    let _ = h.start(&grid, a, b);
    while h.step(&grid, 50).unwrap() == Step::InProgress {}
    assert_eq!(h.cost(), 45.0);
}
