//! Snapshot kind 11 (the paged voxel search): save → restore → save gives the same bytes at
//! every point, a restored search continues as the never-stopped one (cost bits, path,
//! iterations, expansions, expansion order), the bytes do not depend on the pool's history,
//! and hostile bytes are refused with the search unchanged.

mod common;

use common::frame::reseal;

use common::random_voxel_grid as random_grid;
use onepath::search::Step;
use onepath::state::{HEADER_LEN, StateError};
use onepath::voxel::{VoxelConnectivity, VoxelCornerRule};
use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch, VoxelHooks};
use onepath::{VoxelCell, VoxelGrid};

const CONNECTIVITIES: [VoxelConnectivity; 3] = [
    VoxelConnectivity::Six,
    VoxelConnectivity::Eighteen,
    VoxelConnectivity::TwentySix,
];
const RULES: [VoxelCornerRule; 3] = [
    VoxelCornerRule::NoCornerCutting,
    VoxelCornerRule::NoSqueezing,
    VoxelCornerRule::AllowAll,
];

fn save(s: &PagedVoxelSearch, grid: &VoxelGrid) -> Vec<u8> {
    let mut b = vec![0u8; s.state_size()];
    assert_eq!(s.save_state(grid, &mut b).unwrap(), b.len());
    b
}

/// Everything a finished search reports.
fn outcome(s: &PagedVoxelSearch) -> (Step, u64, Vec<VoxelCell>, u32, u32, Vec<VoxelCell>) {
    (
        s.state(),
        s.cost().to_bits(),
        s.path(),
        s.iterations(),
        s.expansions(),
        s.expanded().to_vec(),
    )
}

/// A search that stops every `stop` iterations, saves, restores into a fresh search and goes
/// on with the restored one ends exactly as one run without stopping.
fn check_case(
    grid: &VoxelGrid,
    c: VoxelConnectivity,
    r: VoxelCornerRule,
    ends: (VoxelCell, VoxelCell),
    stop: u32,
    hooks: &impl VoxelHooks,
) {
    let mut whole = PagedVoxelSearch::new(c, r);
    whole.set_record_expansions(true);
    let begun = whole.try_begin(grid, ends.0, ends.1, hooks);
    let _ = whole.run(grid, hooks);
    let mut cur = PagedVoxelSearch::new(c, r);
    cur.set_record_expansions(true);
    assert_eq!(cur.try_begin(grid, ends.0, ends.1, hooks), begun);
    loop {
        let bytes = save(&cur, grid);
        let mut next = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::AllowAll);
        next.restore_state(grid, hooks, &bytes).unwrap();
        assert_eq!(save(&next, grid), bytes, "save → restore → save");
        assert_eq!((next.connectivity(), next.rule()), (c, r));
        cur = next;
        if cur.state() != Step::InProgress {
            break;
        }
        let _ = cur.step(grid, hooks, stop);
    }
    assert_eq!(outcome(&cur), outcome(&whole), "restored = never stopped");
}

#[test]
fn restore_at_every_point_equals_never_stopped() {
    let mut rng = onepath::math::SplitMix64::new(11);
    for case in 0..54u64 {
        let c = CONNECTIVITIES[(case % 3) as usize];
        let r = RULES[(case / 3 % 3) as usize];
        let size = (
            5 + (case % 7) as u32 * 3,
            4 + (case % 5) as u32 * 2,
            3 + (case % 4) as u32 * 3,
        );
        let grid = random_grid(case, size, 15 + case % 20);
        let mut pick = || {
            VoxelCell::new(
                (rng.next_u64() % size.0 as u64) as i32,
                (rng.next_u64() % size.1 as u64) as i32,
                (rng.next_u64() % size.2 as u64) as i32,
            )
        };
        let (a, b) = (pick(), pick());
        let stop = [1, 2, 7, 50][(case % 4) as usize];
        check_case(&grid, c, r, (a, b), stop, &NoVoxelHooks);
    }
}

struct Toll;
impl VoxelHooks for Toll {
    fn blocked(&self, cell: VoxelCell) -> bool {
        cell.x == 3 && cell.y == 3
    }
    fn cost(&self, _from: VoxelCell, to: VoxelCell, base: f64) -> f64 {
        if to.z == 1 { base * 3.0 } else { base }
    }
}

#[test]
fn hooks_take_part_in_the_replay() {
    let grid = random_grid(3, (12, 9, 6), 10);
    let ends = (VoxelCell::new(0, 0, 0), VoxelCell::new(11, 8, 5));
    if grid.is_walkable(ends.0) && grid.is_walkable(ends.1) {
        check_case(
            &grid,
            VoxelConnectivity::TwentySix,
            VoxelCornerRule::NoSqueezing,
            ends,
            3,
            &Toll,
        );
    }
    // A state saved under the hooks is not one the search reaches without them.
    let open = VoxelGrid::new(12, 9, 6).unwrap();
    let mut s = PagedVoxelSearch::new(
        VoxelConnectivity::TwentySix,
        VoxelCornerRule::NoCornerCutting,
    );
    let _ = s.try_begin(&open, ends.0, ends.1, &Toll);
    let _ = s.step(&open, &Toll, 20);
    let bytes = save(&s, &open);
    let mut other = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::AllowAll);
    let err = other
        .restore_state(&open, &NoVoxelHooks, &bytes)
        .unwrap_err();
    assert!(err.to_string().contains("voxel_search.replay"), "{err}");
    other.restore_state(&open, &Toll, &bytes).unwrap();
}

#[test]
fn bytes_do_not_depend_on_the_pool_history() {
    let grid = random_grid(8, (30, 20, 10), 20);
    let (c, r) = (
        VoxelConnectivity::TwentySix,
        VoxelCornerRule::NoCornerCutting,
    );
    let ends = (VoxelCell::new(29, 19, 9), VoxelCell::new(0, 0, 0));
    let mut fresh = PagedVoxelSearch::new(c, r);
    let mut used = PagedVoxelSearch::new(c, r);
    // Another query first: `used` takes its pages in another order.
    let _ = used.try_begin(
        &grid,
        VoxelCell::new(10, 10, 5),
        VoxelCell::new(0, 19, 0),
        &NoVoxelHooks,
    );
    let _ = used.run(&grid, &NoVoxelHooks);
    for s in [&mut fresh, &mut used] {
        if s.try_begin(&grid, ends.0, ends.1, &NoVoxelHooks) != Step::InProgress {
            return;
        }
        let _ = s.step(&grid, &NoVoxelHooks, 40);
    }
    assert_eq!(save(&fresh, &grid), save(&used, &grid));
}

#[test]
fn idle_and_finished_searches_round_trip() {
    let grid = VoxelGrid::new(4, 4, 4).unwrap();
    let mut s = PagedVoxelSearch::new(VoxelConnectivity::Eighteen, VoxelCornerRule::AllowAll);
    let idle = save(&s, &grid);
    let mut t = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::NoSqueezing);
    t.restore_state(&grid, &NoVoxelHooks, &idle).unwrap();
    assert_eq!(
        (t.state(), t.connectivity()),
        (Step::Idle, VoxelConnectivity::Eighteen)
    );
    let _ = s.try_begin(
        &grid,
        VoxelCell::new(0, 0, 0),
        VoxelCell::new(3, 3, 3),
        &NoVoxelHooks,
    );
    let _ = s.run(&grid, &NoVoxelHooks);
    let done = save(&s, &grid);
    t.restore_state(&grid, &NoVoxelHooks, &done).unwrap();
    assert_eq!(outcome(&t), outcome(&s));
    assert_eq!(t.path().len(), 6); // 5 moves of at most two axes each
}

#[test]
fn hostile_bytes_are_refused_and_change_nothing() {
    let grid = random_grid(21, (10, 8, 6), 15);
    let (c, r) = (
        VoxelConnectivity::TwentySix,
        VoxelCornerRule::NoCornerCutting,
    );
    let mut s = PagedVoxelSearch::new(c, r);
    s.set_record_expansions(true);
    let mut ends = (VoxelCell::new(0, 0, 0), VoxelCell::new(9, 7, 5));
    for x in 0..10 {
        if grid.is_walkable(VoxelCell::new(x, 0, 0)) {
            ends.0 = VoxelCell::new(x, 0, 0);
            break;
        }
    }
    for x in (0..10).rev() {
        if grid.is_walkable(VoxelCell::new(x, 7, 5)) {
            ends.1 = VoxelCell::new(x, 7, 5);
            break;
        }
    }
    assert_eq!(
        s.try_begin(&grid, ends.0, ends.1, &NoVoxelHooks),
        Step::InProgress
    );
    let _ = s.step(&grid, &NoVoxelHooks, 9);
    let bytes = save(&s, &grid);
    // A target in another state, which a refused restore must leave as it is.
    let mut target = PagedVoxelSearch::new(VoxelConnectivity::Six, VoxelCornerRule::AllowAll);
    let _ = target.try_begin(&grid, ends.1, ends.0, &NoVoxelHooks);
    let _ = target.step(&grid, &NoVoxelHooks, 4);
    let before = save(&target, &grid);
    let mut accepted = 0;
    for i in HEADER_LEN..bytes.len() {
        for bit in [0x01u8, 0x10, 0x80] {
            let mut b = bytes.clone();
            b[i] ^= bit;
            reseal(&mut b);
            match target.restore_state(&grid, &NoVoxelHooks, &b) {
                Ok(()) => {
                    // Only a state the search reaches: it saves the same bytes.
                    accepted += 1;
                    assert_eq!(save(&target, &grid), b);
                    target.restore_state(&grid, &NoVoxelHooks, &before).unwrap();
                }
                Err(e) => {
                    assert!(
                        matches!(
                            e,
                            StateError::InvalidField { .. }
                                | StateError::Truncated { .. }
                                | StateError::TrailingBytes { .. }
                        ),
                        "{e}"
                    );
                    assert_eq!(save(&target, &grid), before, "unchanged after {e}");
                }
            }
        }
    }
    assert!(accepted <= 2, "{accepted} mutations accepted");
    // Truncations, trailing bytes and other grids.
    for n in [0, 10, HEADER_LEN, bytes.len() - 1] {
        assert!(
            target
                .restore_state(&grid, &NoVoxelHooks, &bytes[..n])
                .is_err()
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(target.restore_state(&grid, &NoVoxelHooks, &longer).is_err());
    let mut moved = grid.clone();
    moved.set_area_cost(1, 0.5).unwrap();
    assert!(matches!(
        target.restore_state(&moved, &NoVoxelHooks, &bytes),
        Err(StateError::MapMismatch { .. })
    ));
    // A claimed iteration count far beyond the search's end is refused after a bounded replay.
    let mut huge = bytes.clone();
    let at = HEADER_LEN + 3 + 12 + 8 + 1;
    huge[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    reseal(&mut huge);
    assert!(target.restore_state(&grid, &NoVoxelHooks, &huge).is_err());
    assert_eq!(save(&target, &grid), before);
}

/// The bytes of one small fixed search, committed in `tests/pinned/voxel_search.hex`, so a
/// format change shows in review (bless with `ONEPATH_BLESS_PINNED=1`).
#[test]
fn voxel_search_bytes_are_pinned() {
    let mut grid = VoxelGrid::new(5, 4, 3).unwrap();
    grid.set_walkable(VoxelCell::new(2, 1, 1), false).unwrap();
    grid.set_area(VoxelCell::new(1, 1, 0), 1).unwrap();
    grid.set_area_cost(1, 1.5).unwrap();
    let mut s = PagedVoxelSearch::new(VoxelConnectivity::TwentySix, VoxelCornerRule::NoSqueezing);
    s.set_record_expansions(true);
    let _ = s.try_begin(
        &grid,
        VoxelCell::new(0, 0, 0),
        VoxelCell::new(4, 3, 2),
        &NoVoxelHooks,
    );
    let _ = s.step(&grid, &NoVoxelHooks, 3);
    let bytes = save(&s, &grid);
    let mut text = String::new();
    for (i, b) in bytes.iter().enumerate() {
        use std::fmt::Write as _;
        write!(text, "{b:02x}").unwrap();
        text.push(if i % 32 == 31 { '\n' } else { ' ' });
    }
    let text = text.trim_end().to_string() + "\n";
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pinned/voxel_search.hex");
    if std::env::var_os("ONEPATH_BLESS_PINNED").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).expect("tests/pinned/voxel_search.hex");
    assert_eq!(
        text, committed,
        "kind-11 bytes changed: a format change must be deliberate"
    );
    assert_eq!(
        u16::from_le_bytes([bytes[6], bytes[7]]),
        onepath::state::KIND_VOXEL_SEARCH
    );
}
