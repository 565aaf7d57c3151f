//! Snapshot kind 10 (`VoxelGrid::save_state`): round trip, pinned bytes, and refusal of
//! damaged or unreachable input without a change to the grid.

mod common;

use common::frame::reseal;
use onepath::state::{Fnv1a64, KIND_VOXEL_GRID, StateError};
use onepath::voxel::VoxelEdit;
use onepath::{VoxelCell, VoxelGrid};

fn sample() -> VoxelGrid {
    let mut g = VoxelGrid::new(18, 3, 2).unwrap();
    g.set_walkable(VoxelCell::new(17, 2, 1), false).unwrap();
    g.set_area(VoxelCell::new(0, 0, 0), 4).unwrap();
    g.set_area_cost(4, 2.5).unwrap();
    g
}

fn saved(g: &VoxelGrid) -> Vec<u8> {
    let mut b = vec![0u8; g.state_size()];
    assert_eq!(g.save_state(&mut b), Ok(b.len()));
    b
}

#[test]
fn round_trip_and_pinned_bytes() {
    let g = sample();
    let b = saved(&g);
    // Header 28 + fixed 2065 + two chunks of 4 + 4096.
    assert_eq!(b.len(), 28 + 2065 + 2 * 4100);
    assert_eq!(u16::from_le_bytes([b[6], b[7]]), KIND_VOXEL_GRID);
    assert_eq!(
        Fnv1a64::of(&b),
        0xebdf_f48b_e2ee_541e,
        "kind 10 bytes changed"
    );
    let copy = VoxelGrid::from_state(&b).unwrap();
    assert_eq!(copy, g);
    assert_eq!(copy.content_digest(), g.content_digest());
    assert_eq!(saved(&copy), b, "save(restore(save)) is the same bytes");
    let mut other = VoxelGrid::new_solid(2, 2, 2).unwrap();
    let rev = other.revision();
    other.restore_state(&b).unwrap();
    assert_eq!(other, g);
    assert_ne!(other.revision(), rev);
    match other.edits_since(rev) {
        onepath::voxel::VoxelEditsSince::Edits(e) => {
            assert_eq!(e.collect::<Vec<_>>(), vec![VoxelEdit::Everything]);
        }
        onepath::voxel::VoxelEditsSince::Rebuild => panic!("the journal knows the restore"),
    }
    assert!(matches!(
        g.save_state(&mut [0u8; 10]),
        Err(StateError::BufferTooSmall { .. })
    ));
}

#[test]
fn damaged_bytes_are_refused_and_change_nothing() {
    let g = sample();
    let b = saved(&g);
    let mut target = VoxelGrid::new(4, 4, 4).unwrap();
    let before = target.clone();
    for len in [0, 1, 27, 28, 100, b.len() - 1] {
        assert!(
            target.restore_state(&b[..len]).is_err(),
            "truncated to {len}"
        );
    }
    let mut longer = b.clone();
    longer.push(0);
    assert!(target.restore_state(&longer).is_err());
    for i in (0..b.len()).step_by(7) {
        let mut d = b.clone();
        d[i] ^= 0x10;
        assert!(target.restore_state(&d).is_err(), "flip at {i}");
        reseal(&mut d);
        // With a valid checksum the payload checks (or the map hash) must refuse it, or it
        // decodes to a valid grid.
        if let Ok(v) = VoxelGrid::from_state(&d) {
            assert!(v.check_invariants());
        }
    }
    assert_eq!(target, before);
    assert_eq!(target.revision(), before.revision());
}

#[test]
fn unreachable_states_are_refused() {
    let g = sample();
    let b = saved(&g);
    let at_chunks = 28 + 2065;
    let field = |d: &[u8]| match VoxelGrid::from_state(d) {
        Err(StateError::InvalidField { field }) => field,
        other => panic!("expected a field error, got {other:?}"),
    };
    // A padding voxel (x = 18 of the second chunk along x) that is not the default.
    let mut d = b.clone();
    let second = at_chunks + 4100 + 4;
    d[second + 2] = 7; // in-chunk x = 2 -> voxel x = 18, beyond sx = 18
    reseal(&mut d);
    assert_eq!(field(&d), "voxel.chunk_padding");
    // Slots out of order.
    let mut d = b.clone();
    d[at_chunks + 4100..at_chunks + 4104].copy_from_slice(&0u32.to_le_bytes());
    reseal(&mut d);
    assert_eq!(field(&d), "voxel.chunk_slot");
    // A default that is neither 0 nor 255.
    let mut d = b.clone();
    d[28 + 12] = 3;
    reseal(&mut d);
    assert_eq!(field(&d), "voxel.default");
    // More chunks than the length holds.
    let mut d = b.clone();
    d[at_chunks - 4..at_chunks].copy_from_slice(&3u32.to_le_bytes());
    reseal(&mut d);
    assert_eq!(field(&d), "voxel.chunks");
    // A solid-default grid round-trips too.
    let mut s = VoxelGrid::new_solid(5, 5, 5).unwrap();
    s.set_walkable(VoxelCell::new(2, 2, 2), true).unwrap();
    assert_eq!(VoxelGrid::from_state(&saved(&s)).unwrap(), s);
}
