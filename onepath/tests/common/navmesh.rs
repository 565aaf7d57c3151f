//! Random navigation meshes and endpoints for the navmesh tests (`navmesh_query.rs`,
//! `navmesh_query_with.rs`, `navmesh_polyanya_state.rs`). Each draw order is fixed: the same
//! seed gives the same meshes and points in every test that uses them.

use onepath::GridSpace;
use onepath::math::SplitMix64;
use onepath::navmesh::{NavMesh, NavPoint, NavSettings};

/// A random mesh: `w × h` cells, walls with probability `pct`%; small tiles half the time (so
/// portals and T-vertices cross tile borders), an agent radius of half a cell one time in
/// four.
pub fn random_mesh(r: &mut SplitMix64, w: u32, h: u32, pct: u32) -> NavMesh {
    let cells: Vec<bool> = (0..w * h).map(|_| !r.chance(pct, 100)).collect();
    let mut settings = NavSettings::DEFAULT;
    if r.chance(1, 2) {
        settings = settings.with_tile_size(4 + r.below(4));
    }
    if r.chance(1, 4) {
        settings = settings.with_radius(0.5);
    }
    NavMesh::from_walkable(w, h, &cells, GridSpace::UNIT, &settings).unwrap()
}

/// A random point of the mesh's box: a cell centre, a cell corner or anywhere.
pub fn random_point(r: &mut SplitMix64, mesh: &NavMesh) -> NavPoint {
    let (w, h) = (mesh.width(), mesh.height());
    match r.below(3) {
        0 => NavPoint::cell_center(onepath::Cell::new(r.below(w) as i32, r.below(h) as i32)),
        1 => NavPoint::corner(i64::from(r.below(w + 1)), i64::from(r.below(h + 1))),
        _ => NavPoint {
            x: i64::from(r.below(w * 65536 + 1)),
            y: i64::from(r.below(h * 65536 + 1)),
        },
    }
}

/// A random point on the mesh (located), if one of 200 draws lands on it.
pub fn point_on(r: &mut SplitMix64, mesh: &NavMesh) -> Option<NavPoint> {
    (0..200)
        .map(|_| random_point(r, mesh))
        .find(|&p| mesh.locate(p).is_some())
}

/// `count` random meshes (2 to 15 cells a side, up to 44 % walls) with endpoints on them:
/// `(mesh, start, goal)`.
pub fn cases(seed: u64, count: usize) -> Vec<(NavMesh, NavPoint, NavPoint)> {
    let mut r = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let (w, h) = (2 + r.below(14), 2 + r.below(14));
        let pct = r.below(45);
        let mesh = random_mesh(&mut r, w, h, pct);
        let (Some(a), Some(b)) = (point_on(&mut r, &mesh), point_on(&mut r, &mesh)) else {
            continue;
        };
        out.push((mesh, a, b));
    }
    out
}
