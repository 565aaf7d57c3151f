//! Target `voxel_query`: a small voxel block, options and endpoints decoded from the bytes;
//! the one-line query, the paged search in slices and the dense tier-2 A* must agree.
//!
//! Input: sizes (3 bytes, each 1..=12), connectivity and corner rule (1 byte), two area
//! multipliers (2 bytes), a slice budget (1 byte, 1..=64), start and goal (6 bytes), then one
//! byte per voxel in node order (`< 64` solid, else area `b % 3`) while bytes last (the rest
//! open).
//!
//! Properties: never a panic; `find_path` equals the dense `AStar` (status, cost bits, path,
//! iterations, expansions); the paged search stepped with the budget equals it too; every path
//! step is a legal move of the topology and re-pricing the path in order gives the cost bits;
//! the grid keeps its invariants. Snapshot kind 11: a search saved after its first slice and
//! restored into a fresh search (and a fresh [`VoxelSearch`] handle) ends as the dense one, its
//! bytes round-trip, and the same bytes with a few bytes flipped (chosen from a digest of the
//! input, checksum resealed) are refused with the target unchanged or accepted only as a state
//! that saves the same bytes.

use onepath::search::{AStar, Step};
use onepath::state::{Fnv1a64, HEADER_LEN};
use onepath::topology::{DefaultStepCost, Topology};
use onepath::voxel::{VoxelConnectivity, VoxelCornerRule, VoxelHeuristic, VoxelTopology};
use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
use onepath::{PathStatus, VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch};

use crate::input::Input;

/// The `voxel_query` body.
pub fn voxel_query(data: &[u8]) {
    let mut input = Input::new(data);
    let size = |b: u8| u32::from(b % 12) + 1;
    let (sx, sy, sz) = (size(input.u8()), size(input.u8()), size(input.u8()));
    let mode = input.u8();
    let connectivity = [
        VoxelConnectivity::Six,
        VoxelConnectivity::Eighteen,
        VoxelConnectivity::TwentySix,
    ][usize::from(mode % 3)];
    let rule = [
        VoxelCornerRule::NoCornerCutting,
        VoxelCornerRule::NoSqueezing,
        VoxelCornerRule::AllowAll,
    ][usize::from(mode / 3 % 3)];
    let m1 = f64::from(input.u8() % 8 + 1) * 0.25;
    let m2 = f64::from(input.u8() % 8 + 1) * 0.75;
    let budget = u32::from(input.u8() % 64) + 1;
    let mut cell = |sx: u32, sy: u32, sz: u32| {
        // Endpoints may lie one voxel outside the block on every side.
        let c = |v: u8, n: u32| i32::from(v) % (n as i32 + 2) - 1;
        VoxelCell::new(c(input.u8(), sx), c(input.u8(), sy), c(input.u8(), sz))
    };
    let (start, goal) = (cell(sx, sy, sz), cell(sx, sy, sz));
    let mut grid = VoxelGrid::new(sx, sy, sz).expect("at most 12^3 voxels");
    for i in 0..grid.voxel_count() {
        if input.is_empty() {
            break;
        }
        let b = input.u8();
        let area = if b < 64 { 255 } else { b % 3 };
        grid.set_area(grid.cell_of(i), area).expect("inside");
    }
    grid.set_area_cost(1, m1).expect("valid");
    grid.set_area_cost(2, m2).expect("valid");
    assert!(grid.check_invariants());

    let options = VoxelOptions::DEFAULT
        .with_connectivity(connectivity)
        .with_corner_rule(rule);
    let path = grid.find_path(start, goal, &options);

    let topo = VoxelTopology::new(&grid, connectivity, rule);
    let mut dense = AStar::new(DefaultStepCost, VoxelHeuristic::new(&grid, connectivity));
    let begin = match (grid.index_of(start), grid.index_of(goal)) {
        (None, _) => Step::StartInvalid,
        (Some(_), None) if !grid.is_walkable(start) => Step::StartInvalid,
        (Some(_), None) => Step::GoalInvalid,
        (Some(a), Some(b)) => dense.try_begin(&topo, a, b),
    };
    let want = match begin {
        Step::StartInvalid => PathStatus::StartInvalid,
        Step::GoalInvalid => PathStatus::GoalInvalid,
        _ => match dense.run(&topo) {
            Step::Found => PathStatus::Found,
            _ => PathStatus::NoPath,
        },
    };
    assert_eq!(path.status, want);
    if begin != Step::InProgress {
        assert!(path.cells.is_empty() && path.cost.is_infinite());
        return;
    }
    assert_eq!(path.cost.to_bits(), dense.cost().to_bits());
    assert_eq!(
        (path.iterations, path.expansions),
        (dense.iterations(), dense.expansions())
    );
    let cells: Vec<VoxelCell> = dense.path().iter().map(|&n| grid.cell_of(n)).collect();
    assert_eq!(path.cells, cells);

    let mut paged = PagedVoxelSearch::new(connectivity, rule);
    assert_eq!(
        paged.try_begin(&grid, start, goal, &NoVoxelHooks),
        Step::InProgress
    );
    let _ = paged.step(&grid, &NoVoxelHooks, budget);
    snapshots(&grid, &paged, data);
    let mut calls = 0u32;
    while paged.step(&grid, &NoVoxelHooks, budget) == Step::InProgress {
        calls += 1;
        assert!(
            calls <= grid.voxel_count() * 27 + 1,
            "the sliced search does not end"
        );
    }
    assert_eq!(paged.cost().to_bits(), dense.cost().to_bits());
    assert_eq!(paged.iterations(), dense.iterations());
    assert_eq!(paged.path(), cells);

    if path.status != PathStatus::Found {
        // No path: nothing to re-price (the cost is +∞, the path empty; checked above).
        assert!(path.cells.is_empty() && path.cost.is_infinite());
        return;
    }
    let mut g = 0.0;
    for pair in path.cells.windows(2) {
        let mut step = None;
        topo.for_each_cell_neighbor(pair[0], |n, c| {
            if n == pair[1] {
                step = Some(c);
            }
        });
        g += step.expect("every path step is a legal move");
    }
    assert_eq!(g.to_bits(), path.cost.to_bits());
    assert!(topo.node_count() == grid.voxel_count());
}

fn save(s: &PagedVoxelSearch, grid: &VoxelGrid) -> Vec<u8> {
    let mut b = vec![0u8; s.state_size()];
    assert_eq!(s.save_state(grid, &mut b), Ok(b.len()));
    b
}

/// Kind 11 after the first slice: round trip, never-stopped continuation, hostile bytes.
fn snapshots(grid: &VoxelGrid, paged: &PagedVoxelSearch, data: &[u8]) {
    let bytes = save(paged, grid);
    let mut restored = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::AllowAll);
    restored
        .restore_state(grid, &NoVoxelHooks, &bytes)
        .expect("a saved state restores");
    assert_eq!(save(&restored, grid), bytes, "save → restore → save");
    let mut whole = paged.clone();
    let _ = whole.run(grid, &NoVoxelHooks);
    let _ = restored.run(grid, &NoVoxelHooks);
    assert_eq!(restored.cost().to_bits(), whole.cost().to_bits());
    assert_eq!(
        (
            restored.iterations(),
            restored.expansions(),
            restored.path()
        ),
        (whole.iterations(), whole.expansions(), whole.path())
    );
    let mut handle = VoxelSearch::new(VoxelOptions::DEFAULT);
    handle
        .restore_state(grid, &bytes)
        .expect("the handle restores it");
    while handle.step(grid, 5) == Ok(Step::InProgress) {}
    assert_eq!(handle.cost().to_bits(), whole.cost().to_bits());

    let mut rng = onepath::math::SplitMix64::new(Fnv1a64::of(data));
    let before = save(&restored, grid);
    for _ in 0..4 {
        let mut b = bytes.clone();
        for _ in 0..=rng.next_u64() % 3 {
            let at = (rng.next_u64() % b.len() as u64) as usize;
            b[at] ^= 1 << (rng.next_u64() % 8);
        }
        if !rng.next_u64().is_multiple_of(4) && b.len() >= HEADER_LEN {
            let sum = Fnv1a64::of(&b[HEADER_LEN..]);
            b[20..28].copy_from_slice(&sum.to_le_bytes());
        }
        if rng.next_u64().is_multiple_of(5) {
            b.truncate((rng.next_u64() % b.len() as u64) as usize);
        }
        let mut target = restored.clone();
        match target.restore_state(grid, &NoVoxelHooks, &b) {
            Ok(()) => assert_eq!(save(&target, grid), b, "accepted bytes save alike"),
            Err(e) => {
                assert!(!e.to_string().is_empty());
                assert_eq!(save(&target, grid), before, "unchanged after {e}");
            }
        }
    }
}
