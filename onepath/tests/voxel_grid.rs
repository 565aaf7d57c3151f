//! The voxel grid's storage and edit contract: sizes refused before allocation, chunks
//! allocated on the first differing edit and laid out as the docs say, no-op edits invisible,
//! version / revision / journal steps, errors that name the value.

use onepath::voxel::{
    CHUNK_VOXELS, MAX_VOXELS, VoxelCell, VoxelEdit, VoxelEditsSince, VoxelError, VoxelGrid,
};

fn edits(g: &VoxelGrid, since: u64) -> Option<Vec<VoxelEdit>> {
    match g.edits_since(since) {
        VoxelEditsSince::Edits(e) => Some(e.collect()),
        VoxelEditsSince::Rebuild => None,
    }
}

#[test]
fn sizes_are_checked_before_allocation() {
    assert_eq!(
        VoxelGrid::new(0, 5, 5),
        Err(VoxelError::EmptyDimension { x: 0, y: 5, z: 5 })
    );
    let e = VoxelGrid::new(1 << 10, 1 << 10, (1 << 10) + 1).unwrap_err();
    assert_eq!(
        e,
        VoxelError::TooManyVoxels {
            x: 1024,
            y: 1024,
            z: 1025
        }
    );
    assert!(
        e.to_string()
            .contains("1074790400 voxels exceeds the maximum of 1073741824")
    );
    // u32::MAX on every axis overflows neither the check nor the message (regression: the
    // product was first formed in u64 and panicked).
    let e = VoxelGrid::new(u32::MAX, u32::MAX, u32::MAX).unwrap_err();
    assert!(matches!(e, VoxelError::TooManyVoxels { .. }));
    assert!(
        e.to_string()
            .contains(&(u128::from(u32::MAX).pow(3)).to_string())
    );
    // Exactly 2^30 voxels is allowed (only the chunk table is allocated).
    let g = VoxelGrid::new(1 << 10, 1 << 10, 1 << 10).unwrap();
    assert_eq!(u64::from(g.voxel_count()), MAX_VOXELS);
    assert_eq!(g.chunk_dims(), (64, 64, 64));
    assert_eq!(g.allocated_chunks(), 0);
    assert_eq!(
        VoxelGrid::with_default(2, 2, 2, 7),
        Err(VoxelError::InvalidDefault { area: 7 })
    );
}

#[test]
fn chunks_are_allocated_on_the_first_differing_edit() {
    let mut g = VoxelGrid::new(33, 17, 5).unwrap();
    assert_eq!(g.chunk_dims(), (3, 2, 1));
    let rev = g.revision();
    // Writing the default is a no-op: no chunk, no version, no revision, no journal entry.
    g.set_area(VoxelCell::new(20, 16, 4), 0).unwrap();
    assert_eq!(
        (g.allocated_chunks(), g.version(), g.revision()),
        (0, 0, rev)
    );
    assert_eq!(edits(&g, rev), Some(vec![]));
    g.set_area(VoxelCell::new(20, 16, 4), 9).unwrap();
    assert_eq!(g.allocated_chunks(), 1);
    // Chunk (1, 1, 0), in-chunk index (20 & 15) | ((16 & 15) << 4) | ((4 & 15) << 8).
    let chunk = g.chunk(1, 1, 0).unwrap();
    assert_eq!(chunk.len(), CHUNK_VOXELS);
    assert_eq!(chunk[4 | (4 << 8)], 9);
    assert_eq!(chunk.iter().filter(|&&a| a != 0).count(), 1);
    assert!(g.chunk(0, 0, 0).is_none() && g.chunk(3, 0, 0).is_none());
    // Editing back to the default keeps the chunk; the grid equals one that was never edited
    // except for the version.
    g.set_area(VoxelCell::new(20, 16, 4), 0).unwrap();
    assert_eq!(g.allocated_chunks(), 1);
    assert_eq!(g.version(), 2);
    let fresh = VoxelGrid::from_voxels(33, 17, 5, 0, []).unwrap();
    assert_ne!(g, fresh, "versions differ");
    assert!(g.check_invariants());
}

#[test]
fn solid_default_and_out_of_bounds() {
    let mut g = VoxelGrid::new_solid(16, 16, 16).unwrap();
    assert_eq!(g.area(VoxelCell::new(3, 3, 3)), Some(255));
    assert!(!g.is_walkable(VoxelCell::new(3, 3, 3)));
    g.set_walkable(VoxelCell::new(3, 3, 3), true).unwrap();
    assert_eq!(g.chunk(0, 0, 0).unwrap()[3 | (3 << 4) | (3 << 8)], 0);
    assert_eq!(
        g.chunk(0, 0, 0).unwrap()[0],
        255,
        "the rest of the chunk keeps the default"
    );
    let before = g.clone();
    let e = g.set_area(VoxelCell::new(16, 0, -1), 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "voxel (16, 0, -1) is outside the block (0..16, 0..16, 0..16)"
    );
    assert_eq!(g, before);
    assert_eq!(g.revision(), before.revision());
    assert!(VoxelGrid::from_voxels(4, 4, 4, 0, [(VoxelCell::new(4, 0, 0), 255)]).is_err());
}

#[test]
fn version_revision_and_journal() {
    let mut g = VoxelGrid::new(8, 8, 8).unwrap();
    let r0 = g.revision();
    g.set_walkable(VoxelCell::new(1, 2, 3), false).unwrap();
    let r1 = g.revision();
    assert_ne!(r0, r1);
    g.set_area_cost(4, 2.5).unwrap();
    g.set_area_cost(4, 2.5).unwrap(); // same bits: no-op
    assert_eq!(g.version(), 2);
    assert_eq!(
        edits(&g, r0),
        Some(vec![
            VoxelEdit::Voxel(VoxelCell::new(1, 2, 3)),
            VoxelEdit::AreaCosts
        ])
    );
    assert_eq!(edits(&g, r1), Some(vec![VoxelEdit::AreaCosts]));
    assert!(g.edits_since(12345).is_rebuild() || r0 == 12345);
    let before = g.clone();
    assert!(matches!(
        g.set_area_cost(255, 1.0),
        Err(VoxelError::AreaCost(_))
    ));
    assert!(g.set_area_cost(3, f64::NAN).is_err());
    assert_eq!(g, before);
    assert_eq!(g.revision(), before.revision());
}

#[test]
fn edits_equal_a_grid_built_from_scratch() {
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut next = move |n: u32| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % u64::from(n)) as u32
    };
    let mut g = VoxelGrid::new(40, 21, 18).unwrap();
    let mut voxels = Vec::new();
    for _ in 0..3000 {
        let c = VoxelCell::new(next(40) as i32, next(21) as i32, next(18) as i32);
        let a = [0u8, 3, 255, 255][next(4) as usize];
        g.set_area(c, a).unwrap();
        voxels.push((c, a));
    }
    let built = VoxelGrid::from_voxels(40, 21, 18, 0, voxels).unwrap();
    for z in 0..18 {
        for y in 0..21 {
            for x in 0..40 {
                let c = VoxelCell::new(x, y, z);
                assert_eq!(g.area(c), built.area(c), "{c:?}");
            }
        }
    }
    assert!(g.check_invariants() && built.check_invariants());
}
