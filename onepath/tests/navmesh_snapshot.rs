//! Snapshot kind 16, the navigation mesh (docs/navmesh.md §9, docs/snapshot-format.md): pinned
//! bytes, the round trip, and what restore proves — every field checked, the carried inputs
//! re-baked and accepted only when the content hash matches, a refusal leaving the target
//! untouched.

mod common;

use common::frame::{reseal, resealed_len};
use common::pinned::pinned;
use onepath::state::{HEADER_LEN, KIND_NAVMESH, StateError};
use onepath::{Grid, GridSpace, NavMesh, NavSettings};

/// Field offsets in the frame (header 28 bytes).
const RADIUS: usize = HEADER_LEN + 32;
const TILE: usize = HEADER_LEN + 40;
const BITS: usize = HEADER_LEN + 45;

fn scenario() -> NavMesh {
    let grid = Grid::from_text(
        "
        .......
        ..#....
        .....#.
        .#.....
        ",
    )
    .unwrap()
    .with_space(GridSpace::new(-2.0, 3.5, 0.5).unwrap())
    .unwrap();
    let s = NavSettings::DEFAULT.with_tile_size(4).with_area(9);
    NavMesh::build_2d(&grid, &s).unwrap()
}

fn save(mesh: &NavMesh) -> Vec<u8> {
    let mut b = Vec::new();
    mesh.save_state(&mut b);
    b
}

fn canonical(mesh: &NavMesh) -> Vec<u8> {
    let mut b = Vec::new();
    mesh.write_canonical_bytes(&mut b);
    b
}

#[test]
fn navmesh_bytes_are_pinned() {
    let mesh = scenario();
    let b = save(&mesh);
    assert_eq!(b.len(), mesh.state_size());
    assert_eq!(b.len(), NavMesh::max_state_size(7, 4));
    pinned("navmesh.hex", &b, KIND_NAVMESH);
    let copy = NavMesh::from_state(&b).unwrap();
    assert_eq!(canonical(&copy), canonical(&mesh));
    assert_eq!(save(&copy), b, "restored then saved: the same bytes");
}

#[test]
fn round_trips_on_random_grids_and_radii() {
    let mut rng = onepath::math::SplitMix64::new(16);
    for case in 0..40u32 {
        let (w, h) = (1 + rng.below(30), 1 + rng.below(30));
        let cells: Vec<bool> = (0..w * h).map(|_| rng.below(5) != 0).collect();
        let s = NavSettings::DEFAULT
            .with_radius([0.0, 1.0, 1.5][(case % 3) as usize])
            .with_tile_size(4 + case % 9);
        let mesh = NavMesh::from_walkable(w, h, &cells, GridSpace::UNIT, &s).unwrap();
        let b = save(&mesh);
        let mut target = scenario();
        target.restore_state(&b).unwrap();
        assert_eq!(canonical(&target), canonical(&mesh), "case {case}");
        assert_eq!(target.revision(), 0, "a restored mesh follows no grid");
    }
}

#[test]
fn a_restored_mesh_refreshes_from_its_grid() {
    let mut grid = Grid::new(20, 20).unwrap();
    let s = NavSettings::DEFAULT.with_tile_size(8).with_radius(1.0);
    let mut mesh = NavMesh::build_2d(&grid, &s).unwrap();
    let saved = save(&mesh);
    grid.set_rect(3, 3, 4, 4, 255).unwrap();
    mesh.refresh(&grid).unwrap();
    mesh.restore_state(&saved).unwrap();
    assert_eq!(
        mesh.refresh(&grid),
        Ok(9),
        "no revision: everything re-baked"
    );
    assert_eq!(
        canonical(&mesh),
        canonical(&NavMesh::build_2d(&grid, &s).unwrap())
    );
}

/// Asserts that restoring `bytes` fails with `want` and leaves the target's bytes as they were.
fn refused(bytes: &[u8], want: StateError) {
    let mut target = scenario();
    target.refresh(&Grid::new(3, 3).unwrap()).unwrap();
    let before = canonical(&target);
    assert_eq!(target.restore_state(bytes), Err(want));
    assert_eq!(
        canonical(&target),
        before,
        "a refusal leaves the target untouched"
    );
}

#[test]
fn restore_checks_every_field_and_the_rebaked_hash() {
    let good = save(&scenario());
    let field = |f: &'static str| StateError::InvalidField { field: f };
    // A walkability bit flipped and resealed: a consistent frame of another mesh whose hash
    // does not match the carried one.
    let mut b = good.clone();
    b[BITS] ^= 1 << 3;
    reseal(&mut b);
    assert!(matches!(
        NavMesh::from_state(&b),
        Err(StateError::MapMismatch { .. })
    ));
    refused(&b, NavMesh::from_state(&b).unwrap_err());
    // The padding bits of the last walkability byte (28 cells: 4 padding bits).
    let mut b = good.clone();
    b[BITS + 3] |= 0x80;
    reseal(&mut b);
    refused(&b, field("navmesh.walkability"));
    // Radius: negative zero, NaN, more than 64 cells.
    for bits in [(-0.0f64).to_bits(), f64::NAN.to_bits(), 40.0f64.to_bits()] {
        let mut b = good.clone();
        b[RADIUS..RADIUS + 8].copy_from_slice(&bits.to_le_bytes());
        reseal(&mut b);
        refused(&b, field("navmesh.agent_radius"));
    }
    let mut b = good.clone();
    b[TILE..TILE + 4].copy_from_slice(&3u32.to_le_bytes());
    reseal(&mut b);
    refused(&b, field("navmesh.tile_size"));
    // Sizes: zero, and more cells than the payload carries.
    let mut b = good.clone();
    b[HEADER_LEN..HEADER_LEN + 4].copy_from_slice(&0u32.to_le_bytes());
    reseal(&mut b);
    refused(&b, field("navmesh.size"));
    let mut b = good.clone();
    b[HEADER_LEN..HEADER_LEN + 4].copy_from_slice(&70_000u32.to_le_bytes());
    reseal(&mut b);
    refused(&b, field("navmesh.payload_length"));
    // Cell size 0 and a NaN origin.
    for at in [HEADER_LEN + 8, HEADER_LEN + 16] {
        let mut b = good.clone();
        b[at..at + 8].copy_from_slice(&f64::NAN.to_bits().to_le_bytes());
        reseal(&mut b);
        refused(&b, field("navmesh.space"));
    }
    // The carried hash against the header's.
    let mut b = good.clone();
    let n = b.len();
    b[n - 1] ^= 1;
    reseal(&mut b);
    assert!(matches!(
        NavMesh::from_state(&b),
        Err(StateError::MapMismatch { .. })
    ));
    // One byte more or less, with the length and checksum fixed.
    let mut longer = good.clone();
    longer.push(0);
    refused(&resealed_len(longer), field("navmesh.payload_length"));
    let shorter = resealed_len(good[..good.len() - 1].to_vec());
    refused(&shorter, field("navmesh.payload_length"));
    // Frame errors.
    let mut b = good.clone();
    b[HEADER_LEN + 2] ^= 1;
    refused(&b, StateError::ChecksumMismatch);
    refused(&good[..10], NavMesh::from_state(&good[..10]).unwrap_err());
}

#[test]
fn every_single_byte_change_is_refused_or_restores_a_mesh_that_saves_the_same_bytes() {
    let good = save(&scenario());
    let mut accepted = 0;
    for i in 0..good.len() {
        for flip in [1u8, 0x80] {
            let mut b = good.clone();
            b[i] ^= flip;
            reseal(&mut b);
            if b == good {
                continue; // a flip of the checksum, undone by the reseal
            }
            if let Ok(mesh) = NavMesh::from_state(&b) {
                assert_eq!(
                    save(&mesh),
                    b,
                    "byte {i}: accepted bytes are that mesh's bytes"
                );
                accepted += 1;
            }
        }
    }
    // Every field is in the content hash and radius 0 keeps every walkable cell: no change
    // of one byte (resealed) survives the hash check.
    assert_eq!(accepted, 0);
}
