//! `NavMesh::locate` and `NavMesh::nearest` against brute force (docs/navmesh.md §6): on
//! seeded random grids, random fixed-point points — cell corners (mesh vertices), points on
//! edges, cell centres, arbitrary points inside and around the grid — get the lowest-id polygon
//! whose closed rectangle contains them, and off the mesh the closest point with the lowest id
//! on ties.

use onepath::math::SplitMix64;
use onepath::{Grid, GridSpace, NavMesh, NavPoint, NavSettings, WorldPoint};

const U: i64 = NavPoint::UNIT;

fn rects(mesh: &NavMesh) -> Vec<[i64; 4]> {
    (0..mesh.poly_count())
        .map(|p| mesh.polygon(p).unwrap().rect().map(|v| i64::from(v) * U))
        .collect()
}

fn brute_locate(rects: &[[i64; 4]], p: NavPoint) -> Option<u32> {
    rects
        .iter()
        .position(|r| r[0] <= p.x && p.x <= r[2] && r[1] <= p.y && p.y <= r[3])
        .map(|i| i as u32)
}

fn brute_nearest(rects: &[[i64; 4]], p: NavPoint) -> Option<(i128, u32, NavPoint)> {
    let mut best: Option<(i128, u32, NavPoint)> = None;
    for (i, r) in rects.iter().enumerate() {
        let q = NavPoint::new(p.x.clamp(r[0], r[2]), p.y.clamp(r[1], r[3]));
        let (dx, dy) = (i128::from(p.x - q.x), i128::from(p.y - q.y));
        let d2 = dx * dx + dy * dy;
        if best.is_none_or(|b| d2 < b.0) {
            best = Some((d2, i as u32, q));
        }
    }
    best
}

fn random_point(rng: &mut SplitMix64, w: u32, h: u32) -> NavPoint {
    let cx = i64::from(rng.below(w + 4)) - 2;
    let cy = i64::from(rng.below(h + 4)) - 2;
    let frac = |rng: &mut SplitMix64| match rng.below(4) {
        0 => 0,
        1 => U / 2,
        2 => 1,
        _ => i64::from(rng.below(U as u32)),
    };
    let (fx, fy) = (frac(rng), frac(rng));
    NavPoint::new(cx * U + fx, cy * U + fy)
}

#[test]
fn locate_and_nearest_equal_brute_force() {
    let mut rng = SplitMix64::new(0x10c);
    let (mut on, mut off) = (0, 0);
    for case in 0..150u32 {
        let (w, h) = (1 + rng.below(40), 1 + rng.below(40));
        let density = rng.below(60);
        let cells: Vec<bool> = (0..w * h).map(|_| rng.below(100) >= density).collect();
        let grid = Grid::from_walkable(w, h, &cells).unwrap();
        let r = [0.0, 0.0, 1.0, 1.5][(case % 4) as usize];
        let s = NavSettings::DEFAULT
            .with_radius(r)
            .with_tile_size([4, 5, 9, 32][(case % 4) as usize]);
        let mesh = NavMesh::build_2d(&grid, &s).unwrap();
        let rs = rects(&mesh);
        for _ in 0..200 {
            let p = random_point(&mut rng, w, h);
            let want = brute_locate(&rs, p);
            assert_eq!(mesh.locate(p), want, "case {case} point {p:?}");
            let max = [0.0, 0.5, 3.0, f64::INFINITY][rng.below(4) as usize];
            let got = mesh.nearest(p, max);
            if let Some(id) = want {
                on += 1;
                assert_eq!(got, Some((p, id)));
            } else {
                off += 1;
                let b = brute_nearest(&rs, p);
                let within = b.filter(|b| b.0 as f64 <= (max * 65536.0) * (max * 65536.0));
                assert_eq!(
                    got,
                    within.map(|b| (b.2, b.1)),
                    "case {case} {p:?} max {max}"
                );
            }
        }
    }
    assert!(
        on > 5000 && off > 5000,
        "both kinds exercised ({on} on, {off} off)"
    );
}

#[test]
fn vertices_and_edges_belong_to_the_lowest_id() {
    // Tiles of 4 cut an open 8 x 8 grid into four square polygons meeting at (4, 4): ids 0
    // (top left), 1 (right of it), 2 (below it), 3.
    let grid = Grid::new(8, 8).unwrap();
    let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_tile_size(4)).unwrap();
    assert_eq!(mesh.poly_count(), 4);
    assert_eq!(mesh.locate(NavPoint::corner(4, 4)), Some(0));
    assert_eq!(mesh.locate(NavPoint::corner(6, 4)), Some(1)); // between 1 and 3
    assert_eq!(mesh.locate(NavPoint::corner(4, 6)), Some(2)); // between 2 and 3
    assert_eq!(mesh.locate(NavPoint::new(4 * U, 4 * U - 1)), Some(0)); // between 0 and 1
    assert_eq!(mesh.locate(NavPoint::corner(8, 8)), Some(3));
    assert_eq!(mesh.locate(NavPoint::new(8 * U + 1, 0)), None);
}

#[test]
fn world_points_locate_through_the_grids_space() {
    let space = GridSpace::new(-10.0, 20.0, 0.5).unwrap();
    let grid = Grid::from_text("..#\n...")
        .unwrap()
        .with_space(space)
        .unwrap();
    let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    let p = mesh.to_nav_point(WorldPoint::new(-8.75, 20.25)).unwrap(); // cell (2, 0): a wall
    assert_eq!(mesh.locate(p), None);
    let p = mesh.to_nav_point(WorldPoint::new(-8.75, 20.75)).unwrap(); // cell (2, 1)
    assert_eq!(
        mesh.locate(p).map(|id| mesh.polygon(id).unwrap().rect()),
        Some([2, 1, 3, 2])
    );
    assert!(
        mesh.to_nav_point(WorldPoint::new(0.0, f64::INFINITY))
            .is_err()
    );
}

#[test]
fn hostile_points_neither_panic_nor_find_anything() {
    let grid = Grid::new(5, 5).unwrap();
    let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    for p in [
        NavPoint::new(i64::MIN, i64::MIN),
        NavPoint::new(i64::MAX, 0),
        NavPoint::new(0, i64::MAX),
        NavPoint::new(i64::MIN, i64::MAX),
    ] {
        assert_eq!(mesh.locate(p), None);
        assert!(mesh.nearest(p, f64::INFINITY).is_some());
        assert_eq!(mesh.nearest(p, 1.0), None);
    }
    // Just outside the corner: off the mesh, nearest is the corner.
    let p = NavPoint::new(-1, -1);
    assert_eq!(mesh.locate(p), None);
    assert_eq!(mesh.nearest(p, 1.0), Some((NavPoint::corner(0, 0), 0)));
}
