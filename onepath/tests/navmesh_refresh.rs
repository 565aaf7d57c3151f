//! `NavMesh::refresh` against a fresh bake (docs/navmesh.md §5): on seeded random edit
//! sequences — single cells, `set_rect` (fills and sources), edits on tile borders and corners,
//! area-cost changes — at radii 0 to 2.5 and tile sizes that do and do not divide the width, the
//! refreshed mesh's canonical bytes equal a fresh `build_2d` of the edited grid.

use onepath::math::SplitMix64;
use onepath::{Cell, Grid, GridSpace, NavMesh, NavSettings};

fn bytes(mesh: &NavMesh) -> Vec<u8> {
    let mut out = Vec::new();
    mesh.write_canonical_bytes(&mut out);
    out
}

/// One random edit; edits land on tile borders half of the time.
fn random_edit(rng: &mut SplitMix64, grid: &mut Grid, t: u32) {
    let (w, h) = (grid.width(), grid.height());
    let snap = |rng: &mut SplitMix64, v: u32, n: u32| {
        if rng.below(2) == 0 {
            // A tile border, or one cell before it.
            let b = (v / t) * t;
            b.saturating_sub(rng.below(2)).min(n - 1)
        } else {
            v
        }
    };
    let (rx, ry) = (rng.below(w), rng.below(h));
    let x = snap(rng, rx, w);
    let y = snap(rng, ry, h);
    match rng.below(6) {
        0 | 1 => {
            let walk = rng.below(3) != 0;
            grid.set_walkable(Cell::new(x as i32, y as i32), walk)
                .unwrap();
        }
        2 | 3 => {
            let (rw, rh) = (
                1 + rng.below(5).min(w - x - 1),
                1 + rng.below(5).min(h - y - 1),
            );
            let area = if rng.below(2) == 0 {
                255
            } else {
                rng.below(3) as u8
            };
            grid.set_rect(x as i32, y as i32, rw, rh, area).unwrap();
        }
        4 => {
            let (rw, rh) = (
                1 + rng.below(3).min(w - x - 1),
                1 + rng.below(3).min(h - y - 1),
            );
            let src: Vec<u8> = (0..rw * rh)
                .map(|_| if rng.below(2) == 0 { 255 } else { 1 })
                .collect();
            grid.set_rect_from(x as i32, y as i32, rw, rh, &src)
                .unwrap();
        }
        _ => grid
            .set_area_cost(1 + rng.below(3) as u8, 1.0 + f64::from(rng.below(4)))
            .unwrap(),
    }
}

#[test]
fn refresh_equals_a_fresh_bake_on_random_edit_sequences() {
    let mut rng = SplitMix64::new(0x5ef);
    let mut rebaked = 0u64;
    for case in 0..90u32 {
        let (w, h) = (4 + rng.below(50), 4 + rng.below(40));
        let cells: Vec<bool> = (0..w * h).map(|_| rng.below(100) >= 20).collect();
        let mut grid = Grid::from_walkable(w, h, &cells).unwrap();
        let r = [0.0, 0.5, 1.0, 1.5, 2.5][(case % 5) as usize];
        let t = [4, 5, 6, 8, 11, 16][(case % 6) as usize];
        let s = NavSettings::DEFAULT.with_radius(r).with_tile_size(t);
        let mut mesh = NavMesh::build_2d(&grid, &s).unwrap();
        for round in 0..12 {
            for _ in 0..=rng.below(3) {
                random_edit(&mut rng, &mut grid, t);
            }
            let n = mesh.refresh(&grid).unwrap();
            rebaked += u64::from(n);
            assert!(mesh.is_current(&grid));
            let fresh = NavMesh::build_2d(&grid, &s).unwrap();
            assert_eq!(
                bytes(&mesh),
                bytes(&fresh),
                "case {case} round {round}: {w}x{h} r {r} T {t}"
            );
            assert_eq!(mesh.content_hash(), fresh.content_hash());
            assert_eq!(mesh.poly_count(), fresh.poly_count());
        }
    }
    assert!(rebaked > 0);
}

#[test]
fn an_edit_rebakes_only_the_tiles_its_reach_meets() {
    let mut grid = Grid::new(64, 64).unwrap();
    let s = NavSettings::DEFAULT.with_tile_size(16);
    let mut mesh = NavMesh::build_2d(&grid, &s).unwrap();
    // Inside tile (1, 1), away from its borders: one tile at radius 0.
    grid.set_walkable(Cell::new(24, 24), false).unwrap();
    assert_eq!(mesh.refresh(&grid), Ok(1));
    // On the corner of four tiles: four tiles.
    grid.set_walkable(Cell::new(32, 32), false).unwrap();
    assert_eq!(mesh.refresh(&grid), Ok(1));
    grid.set_rect(31, 31, 2, 2, 255).unwrap();
    assert_eq!(mesh.refresh(&grid), Ok(4));
    // Nothing changed: nothing re-baked; area costs change nothing.
    assert_eq!(mesh.refresh(&grid), Ok(0));
    grid.set_area_cost(3, 2.0).unwrap();
    assert_eq!(mesh.refresh(&grid), Ok(0));
    // Radius 2 cells: reach 2 grows the edit into the neighbour tile.
    let s2 = s.with_radius(2.0);
    let mut wide = NavMesh::build_2d(&grid, &s2).unwrap();
    grid.set_walkable(Cell::new(46, 40), false).unwrap(); // 2 cells from x = 48
    assert_eq!(wide.refresh(&grid), Ok(2));
    assert_eq!(bytes(&wide), bytes(&NavMesh::build_2d(&grid, &s2).unwrap()));
}

#[test]
fn another_grid_or_a_new_space_rebakes_everything() {
    let grid = Grid::new(20, 10).unwrap();
    let s = NavSettings::DEFAULT.with_tile_size(8);
    let mut mesh = NavMesh::build_2d(&grid, &s).unwrap();
    let other = Grid::from_text("...\n.#.").unwrap();
    assert_eq!(mesh.refresh(&other), Ok(1));
    assert_eq!(bytes(&mesh), bytes(&NavMesh::build_2d(&other, &s).unwrap()));
    let moved = other
        .clone()
        .with_space(GridSpace::new(5.0, 5.0, 2.0).unwrap())
        .unwrap();
    mesh.refresh(&moved).unwrap();
    assert_eq!(mesh.space(), moved.space());
    assert_eq!(bytes(&mesh), bytes(&NavMesh::build_2d(&moved, &s).unwrap()));
    // A mesh from a plain array follows no grid: the first refresh re-bakes all tiles.
    let mut plain = NavMesh::from_walkable(20, 10, &[true; 200], GridSpace::UNIT, &s).unwrap();
    assert_eq!(plain.refresh(&grid), Ok(6));
    assert!(plain.is_current(&grid));
}

#[test]
fn a_refused_refresh_leaves_the_mesh_unchanged() {
    let grid = Grid::new(8, 8).unwrap();
    let s = NavSettings::DEFAULT.with_radius(40.0);
    let mut mesh = NavMesh::build_2d(&grid, &s).unwrap();
    let before = bytes(&mesh);
    // Cells of 0.5: a radius of 40 is 80 cells, beyond 64.
    let small = grid
        .clone()
        .with_space(GridSpace::new(0.0, 0.0, 0.5).unwrap())
        .unwrap();
    assert!(mesh.refresh(&small).is_err());
    assert_eq!(bytes(&mesh), before);
    assert!(mesh.is_current(&grid));
}

#[test]
fn a_journal_that_overflowed_rebakes_everything() {
    let mut grid = Grid::new(30, 30).unwrap();
    let s = NavSettings::DEFAULT.with_tile_size(8).with_radius(1.0);
    let mut mesh = NavMesh::build_2d(&grid, &s).unwrap();
    for i in 0..100 {
        grid.set_walkable(Cell::new(i % 30, (i * 7) % 30), i % 3 == 0)
            .unwrap();
    }
    assert_eq!(mesh.refresh(&grid), Ok(16));
    assert_eq!(bytes(&mesh), bytes(&NavMesh::build_2d(&grid, &s).unwrap()));
}
