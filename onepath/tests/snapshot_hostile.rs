//! Hostile snapshot bytes: truncated, extended, bit-flipped, wrong-kind, wrong-map and random
//! inputs are refused with the right error, never panic, and leave the target unchanged.

mod common;

use common::random_grid;
use onepath::state::StateError;
use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

fn mid_search(grid: &Grid) -> (GridSearch, Vec<u8>) {
    let mut s = GridSearch::new(GridOptions::DEFAULT).unwrap();
    let (a, b) = common::far_endpoints(grid, 1).unwrap();
    assert_eq!(s.try_begin(grid, a, b), Step::InProgress);
    let _ = s.step(grid, 15).unwrap();
    let mut bytes = vec![0; s.state_size()];
    s.save_state(grid, &mut bytes).unwrap();
    (s, bytes)
}

fn snapshot(s: &GridSearch, grid: &Grid) -> Vec<u8> {
    let mut b = vec![0; s.state_size()];
    s.save_state(grid, &mut b).unwrap();
    b
}

#[test]
fn each_kind_of_damage_has_its_error() {
    let grid = random_grid(11, 16, 12, 15, true);
    let (mut target, good) = mid_search(&grid);
    let before = snapshot(&target, &grid);

    let e = target
        .restore_state(&grid, &good[..good.len() - 1])
        .unwrap_err();
    assert!(matches!(e, StateError::Truncated { .. }), "{e:?}");
    let e = target.restore_state(&grid, &good[..10]).unwrap_err();
    assert!(matches!(e, StateError::Truncated { .. }), "{e:?}");
    let mut longer = good.clone();
    longer.push(0);
    assert!(matches!(
        target.restore_state(&grid, &longer),
        Err(StateError::TrailingBytes { .. })
    ));
    let mut magic = good.clone();
    magic[0] ^= 1;
    assert_eq!(
        target.restore_state(&grid, &magic),
        Err(StateError::BadMagic)
    );
    let mut version = good.clone();
    version[4] = 9;
    assert_eq!(
        target.restore_state(&grid, &version),
        Err(StateError::UnsupportedVersion {
            found: 9,
            supported: 2
        })
    );
    let mut flipped = good.clone();
    let last = flipped.len() - 3;
    flipped[last] ^= 0x10;
    assert_eq!(
        target.restore_state(&grid, &flipped),
        Err(StateError::ChecksumMismatch)
    );

    let mut grid_bytes = vec![0; grid.state_size()];
    grid.save_state(&mut grid_bytes).unwrap();
    assert_eq!(
        target.restore_state(&grid, &grid_bytes),
        Err(StateError::WrongKind {
            expected: 3,
            found: 1
        })
    );
    let mut other = grid.clone();
    other
        .set_walkable(Cell::new(3, 3), !other.is_walkable(Cell::new(3, 3)))
        .unwrap();
    assert!(matches!(
        target.restore_state(&other, &good),
        Err(StateError::MapMismatch { .. })
    ));

    assert_eq!(
        snapshot(&target, &grid),
        before,
        "failed restores changed the target"
    );
    target.restore_state(&grid, &good).unwrap();
}

#[test]
fn grid_restore_is_all_or_nothing() {
    let grid = random_grid(3, 9, 7, 30, true);
    let mut bytes = vec![0; grid.state_size()];
    grid.save_state(&mut bytes).unwrap();
    let mut target = random_grid(4, 5, 5, 10, false);
    let before = target.clone();
    for cut in [0, 5, 27, 28, 100, bytes.len() - 1] {
        assert!(target.restore_state(&bytes[..cut]).is_err());
    }
    let mut bad = bytes.clone();
    bad[40] ^= 4;
    assert_eq!(
        target.restore_state(&bad),
        Err(StateError::ChecksumMismatch)
    );
    assert_eq!(target, before);
    target.restore_state(&bytes).unwrap();
    assert_eq!(target, grid);
    assert_eq!(target.content_hash(), grid.content_hash());
}

/// Re-frames a payload with a correct checksum, so validation beyond the checksum is reached.
fn reframe(bytes: &[u8], payload: &[u8]) -> Vec<u8> {
    let mut out = bytes[..28].to_vec();
    out[8..12].copy_from_slice(&(payload.len() as u32).to_le_bytes());
    out[20..28].copy_from_slice(&onepath::state::Fnv1a64::of(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

proptest! {
    #![proptest_config(Config {
        cases: 400,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    })]

    /// Mutations of a valid snapshot, re-framed with a valid checksum so that the semantic
    /// validation is exercised: never a panic; on error the target is unchanged; on success the
    /// handle can run to the end without panicking.
    #[test]
    fn mutated_payloads_never_panic(seed in 0u64..50, edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..6), cut in any::<Option<usize>>()) {
        let grid = random_grid(seed, 12, 10, 20, seed % 2 == 0);
        let (mut target, good) = mid_search(&grid);
        let before = snapshot(&target, &grid);
        let mut payload = good[28..].to_vec();
        for (at, value) in edits {
            let i = at % payload.len();
            payload[i] = value;
        }
        if let Some(c) = cut {
            payload.truncate(c % (payload.len() + 1));
        }
        let bytes = reframe(&good, &payload);
        if target.restore_state(&grid, &bytes).is_ok() {
            let mut n = 0;
            while target.step(&grid, 7).unwrap() == Step::InProgress && n < 10_000 { n += 1; }
            let mut path = vec![Cell::default(); target.path_len()];
            prop_assert!(target.copy_path(&mut path).is_some());
        } else {
            prop_assert_eq!(snapshot(&target, &grid), before);
        }
    }

    #[test]
    fn random_bytes_are_refused(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let grid = random_grid(1, 6, 6, 10, false);
        let mut s = GridSearch::new(GridOptions::DEFAULT).unwrap();
        prop_assert!(s.restore_state(&grid, &bytes).is_err());
        let mut g = grid.clone();
        prop_assert!(g.restore_state(&bytes).is_err());
        prop_assert!(Grid::from_state(&bytes).is_err());
    }
}
