//! The bake against docs/navmesh.md §2–§4, checked by an independent reference written from
//! the contract on seeded random grids: the erosion rule, the greedy rectangles per tile, the
//! T-vertices, the links (symmetric, each edge shared whole or a wall), convex
//! counter-clockwise polygons whose areas sum to the kept cells, and `build_2d` ==
//! `from_walkable` bytes.

use onepath::math::SplitMix64;
use onepath::{Grid, GridError, GridSpace, NavError, NavMesh, NavSettings};

/// A random walkability array: `density` percent walls, sometimes in blocks.
fn random_cells(rng: &mut SplitMix64, w: u32, h: u32) -> Vec<bool> {
    let density = rng.below(45);
    let mut cells: Vec<bool> = (0..w * h).map(|_| rng.below(100) >= density).collect();
    for _ in 0..rng.below(4) {
        let (x, y) = (rng.below(w), rng.below(h));
        let (bw, bh) = (1 + rng.below(6), 1 + rng.below(6));
        for yy in y..(y + bh).min(h) {
            for xx in x..(x + bw).min(w) {
                cells[(yy * w + xx) as usize] = rng.below(3) == 0;
            }
        }
    }
    cells
}

/// §2 verbatim: kept = walkable and gx² + gy² >= q for every blocked cell (outside = blocked).
fn reference_kept(cells: &[bool], w: i64, h: i64, r: f64) -> Vec<bool> {
    let q = r * r;
    let k = (0..=64i64).find(|k| (k * k) as f64 >= q).unwrap();
    let mut out = vec![false; cells.len()];
    for y in 0..h {
        for x in 0..w {
            if !cells[(y * w + x) as usize] {
                continue;
            }
            let mut ok = true;
            for by in y - k - 1..=y + k + 1 {
                for bx in x - k - 1..=x + k + 1 {
                    let inside = bx >= 0 && by >= 0 && bx < w && by < h;
                    if inside && cells[(by * w + bx) as usize] {
                        continue;
                    }
                    let gx = ((bx - x).abs() - 1).max(0);
                    let gy = ((by - y).abs() - 1).max(0);
                    ok &= ((gx * gx + gy * gy) as f64) >= q;
                }
            }
            out[(y * w + x) as usize] = ok;
        }
    }
    out
}

/// §3 verbatim: the greedy rectangles of every tile, tiles row-major.
fn reference_rects(kept: &[bool], w: u32, h: u32, t: u32) -> Vec<[i32; 4]> {
    let mut covered = vec![false; kept.len()];
    let free =
        |c: &Vec<bool>, x: u32, y: u32| kept[(y * w + x) as usize] && !c[(y * w + x) as usize];
    let mut out = Vec::new();
    for ty in 0..h.div_ceil(t) {
        for tx in 0..w.div_ceil(t) {
            let (x0, y0) = (tx * t, ty * t);
            let (x1, y1) = ((x0 + t).min(w), (y0 + t).min(h));
            for y in y0..y1 {
                for x in x0..x1 {
                    if !free(&covered, x, y) {
                        continue;
                    }
                    let mut rx = x + 1;
                    while rx < x1 && free(&covered, rx, y) {
                        rx += 1;
                    }
                    let mut ry = y + 1;
                    while ry < y1 && (x..rx).all(|xx| free(&covered, xx, ry)) {
                        ry += 1;
                    }
                    for yy in y..ry {
                        for xx in x..rx {
                            covered[(yy * w + xx) as usize] = true;
                        }
                    }
                    out.push([x as i32, y as i32, rx as i32, ry as i32]);
                }
            }
        }
    }
    out
}

/// §3: the vertex list of rectangle `i` among `rects`.
fn reference_vertices(rects: &[[i32; 4]], i: usize) -> Vec<[i32; 2]> {
    let [x0, y0, x1, y1] = rects[i];
    // Other rectangles' corners strictly inside a side whose boundary shares a segment of
    // positive length with it.
    let side = |fixed_y: Option<i32>, fixed_x: Option<i32>, lo: i32, hi: i32| -> Vec<i32> {
        let mut pts = Vec::new();
        for (j, r) in rects.iter().enumerate() {
            if j == i {
                continue;
            }
            if let Some(y) = fixed_y {
                let touches = r[1] == y || r[3] == y;
                if touches && r[0].max(lo) < r[2].min(hi) {
                    pts.extend([r[0], r[2]].into_iter().filter(|&c| lo < c && c < hi));
                }
            }
            if let Some(x) = fixed_x {
                let touches = r[0] == x || r[2] == x;
                if touches && r[1].max(lo) < r[3].min(hi) {
                    pts.extend([r[1], r[3]].into_iter().filter(|&c| lo < c && c < hi));
                }
            }
        }
        pts.sort_unstable();
        pts.dedup();
        pts
    };
    let mut v = vec![[x0, y0]];
    v.extend(side(Some(y0), None, x0, x1).into_iter().map(|x| [x, y0]));
    v.push([x1, y0]);
    v.extend(side(None, Some(x1), y0, y1).into_iter().map(|y| [x1, y]));
    v.push([x1, y1]);
    v.extend(
        side(Some(y1), None, x0, x1)
            .into_iter()
            .rev()
            .map(|x| [x, y1]),
    );
    v.push([x0, y1]);
    v.extend(
        side(None, Some(x0), y0, y1)
            .into_iter()
            .rev()
            .map(|y| [x0, y]),
    );
    v
}

fn orient(a: [i32; 2], b: [i32; 2], c: [i32; 2]) -> i64 {
    let (ax, ay) = (i64::from(a[0]), i64::from(a[1]));
    (i64::from(b[0]) - ax) * (i64::from(c[1]) - ay)
        - (i64::from(b[1]) - ay) * (i64::from(c[0]) - ax)
}

/// Checks one mesh against the reference; returns the number of polygons.
fn check_mesh(mesh: &NavMesh, cells: &[bool], w: u32, h: u32, s: &NavSettings) -> usize {
    let kept = reference_kept(cells, i64::from(w), i64::from(h), s.agent_radius);
    let rects = reference_rects(&kept, w, h, s.tile_size);
    assert_eq!(mesh.poly_count() as usize, rects.len());
    let mut area = 0i64;
    let mut slots = 0u32;
    let mut tiles = std::collections::BTreeSet::new();
    for (i, want) in rects.iter().enumerate() {
        let p = mesh.polygon(i as u32).unwrap();
        assert_eq!(p.rect(), *want, "polygon {i}");
        let t = s.tile_size as i32;
        let tiles_x = w.div_ceil(s.tile_size);
        assert_eq!(
            p.tile(),
            (want[0] / t) as u32 + (want[1] / t) as u32 * tiles_x
        );
        tiles.insert(p.tile());
        let v = p.vertices();
        assert_eq!(
            v,
            reference_vertices(&rects, i).as_slice(),
            "polygon {i} vertices"
        );
        assert!(v.len() >= 4);
        let n = v.len();
        let mut twice = 0i64;
        for k in 0..n {
            assert!(
                orient(v[k], v[(k + 1) % n], v[(k + 2) % n]) >= 0,
                "convex, ccw"
            );
            twice += i64::from(v[k][0]) * i64::from(v[(k + 1) % n][1])
                - i64::from(v[(k + 1) % n][0]) * i64::from(v[k][1]);
        }
        assert!(twice > 0);
        area += twice / 2;
        slots += n as u32;
        for k in 0..n as u32 {
            let (a, b) = (v[k as usize], v[(k as usize + 1) % n]);
            // The cell across the edge's first unit, outside the polygon.
            let d = [(b[0] - a[0]).signum(), (b[1] - a[1]).signum()];
            let (cx, cy) = match d {
                [1, 0] => (a[0], a[1] - 1),
                [0, 1] => (a[0], a[1]),
                [-1, 0] => (a[0] - 1, a[1]),
                _ => (a[0] - 1, a[1] - 1),
            };
            let inside = cx >= 0 && cy >= 0 && (cx as u32) < w && (cy as u32) < h;
            let across_kept = inside && kept[(cy as u32 * w + cx as u32) as usize];
            match p.link(k) {
                None => assert!(
                    !across_kept,
                    "polygon {i} edge {k}: kept cell across a wall edge"
                ),
                Some((q, j)) => {
                    assert!(across_kept);
                    let qp = mesh.polygon(q).unwrap();
                    let r = qp.rect();
                    assert!(r[0] <= cx && cx < r[2] && r[1] <= cy && cy < r[3]);
                    assert_eq!(qp.link(j), Some((i as u32, k)), "links symmetric");
                    let qv = qp.vertices();
                    let m = qv.len();
                    assert_eq!(
                        (qv[j as usize], qv[(j as usize + 1) % m]),
                        (b, a),
                        "shared whole"
                    );
                }
            }
        }
    }
    assert_eq!(
        area,
        kept.iter().filter(|&&k| k).count() as i64,
        "areas sum to kept cells"
    );
    assert_eq!(mesh.half_edge_count(), slots);
    assert_eq!(mesh.tile_count() as usize, tiles.len());
    rects.len()
}

#[test]
fn random_grids_match_the_reference_at_several_radii_and_tile_sizes() {
    let mut rng = SplitMix64::new(0x29);
    let mut polys = 0;
    for case in 0..240u32 {
        let (w, h) = (1 + rng.below(45), 1 + rng.below(45));
        let cells = random_cells(&mut rng, w, h);
        let r = [0.0, 0.0, 0.5, 1.0, 1.25, 2.0, 2.6][(case % 7) as usize];
        let t = [4, 5, 7, 8, 13, 32][(case % 6) as usize];
        let s = NavSettings::DEFAULT
            .with_radius(r)
            .with_tile_size(t)
            .with_area(case as u8);
        let grid = Grid::from_walkable(w, h, &cells).unwrap();
        let a = NavMesh::build_2d(&grid, &s).unwrap();
        let b = NavMesh::from_walkable(w, h, &cells, GridSpace::UNIT, &s).unwrap();
        let (mut ba, mut bb) = (Vec::new(), Vec::new());
        a.write_canonical_bytes(&mut ba);
        b.write_canonical_bytes(&mut bb);
        assert_eq!(ba, bb, "case {case}: build_2d and from_walkable differ");
        assert_eq!(a.content_hash(), b.content_hash());
        polys += check_mesh(&a, &cells, w, h, &s);
    }
    assert!(
        polys > 2000,
        "the random grids exercise the bake ({polys} polygons)"
    );
}

#[test]
fn radius_is_measured_in_cells_of_the_grids_space() {
    let mut rng = SplitMix64::new(5);
    let cells = random_cells(&mut rng, 30, 20);
    let space = GridSpace::new(-3.0, 7.0, 0.25).unwrap();
    let s = NavSettings::DEFAULT.with_radius(0.375).with_tile_size(8); // 1.5 cells
    let grid = Grid::from_walkable(30, 20, &cells)
        .unwrap()
        .with_space(space)
        .unwrap();
    let mesh = NavMesh::build_2d(&grid, &s).unwrap();
    check_mesh(&mesh, &cells, 30, 20, &s.with_radius(1.5));
    assert_eq!(mesh.space(), space);
}

#[test]
fn grids_without_kept_cells_have_no_tiles() {
    let grid = Grid::from_walkable(9, 9, &[false; 81]).unwrap();
    let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_tile_size(4)).unwrap();
    assert_eq!(
        (mesh.tile_count(), mesh.poly_count(), mesh.half_edge_count()),
        (0, 0, 0)
    );
    assert_eq!((mesh.tiles_x(), mesh.tiles_y()), (3, 3));
    // A 2-cell-wide corridor vanishes at radius 1: no tiles either.
    let grid = Grid::new(40, 2).unwrap();
    let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_radius(1.0)).unwrap();
    assert_eq!(mesh.tile_count(), 0);
    let mut bytes = Vec::new();
    mesh.write_canonical_bytes(&mut bytes);
    assert_eq!(bytes.len(), 53, "header only");
}

#[test]
fn diagonal_neighbours_are_not_linked() {
    let grid = Grid::from_text(".#\n#.").unwrap();
    let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    assert_eq!(mesh.poly_count(), 2);
    for p in 0..2 {
        assert!((0..4).all(|e| mesh.polygon(p).unwrap().link(e).is_none()));
    }
}

#[test]
fn invalid_inputs_give_typed_errors() {
    let s = NavSettings::DEFAULT;
    let unit = GridSpace::UNIT;
    assert_eq!(
        NavMesh::from_walkable(3, 3, &[true; 8], unit, &s).unwrap_err(),
        NavError::WalkableLength {
            expected: 9,
            found: 8
        }
    );
    assert_eq!(
        NavMesh::from_walkable(0, 3, &[], unit, &s).unwrap_err(),
        NavError::Grid(GridError::EmptyDimension {
            width: 0,
            height: 3
        })
    );
    assert!(matches!(
        NavMesh::from_walkable(1 << 15, 1 << 14, &[], unit, &s).unwrap_err(),
        NavError::Grid(GridError::TooManyCells { .. })
    ));
    let far = GridSpace::new(2_000_000.0, 0.0, 1000.0).unwrap();
    assert!(matches!(
        NavMesh::from_walkable(200, 1, &[true; 200], far, &s).unwrap_err(),
        NavError::Grid(GridError::ExtentOutOfRange { .. })
    ));
    let grid = Grid::new(4, 4).unwrap();
    for r in [f64::NAN, -1.0, f64::INFINITY, 64.01] {
        let e = NavMesh::build_2d(&grid, &s.with_radius(r)).unwrap_err();
        assert!(matches!(e, NavError::InvalidRadius { .. }), "{r}: {e}");
    }
    // The radius is checked before the tile size.
    let e = NavMesh::build_2d(&grid, &s.with_radius(-1.0).with_tile_size(1)).unwrap_err();
    assert!(matches!(e, NavError::InvalidRadius { .. }));
    for t in [0, 3, 257] {
        let e = NavMesh::build_2d(&grid, &s.with_tile_size(t)).unwrap_err();
        assert_eq!(e, NavError::InvalidTileSize { value: t });
    }
    assert!(NavMesh::build_2d(&grid, &s.with_radius(64.0)).is_ok());
}

#[test]
fn negative_zero_radius_bakes_like_zero() {
    let grid = Grid::from_text("..#\n...").unwrap();
    let a = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_radius(-0.0)).unwrap();
    let b = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    assert_eq!(a.content_hash(), b.content_hash());
    assert_eq!(a.settings().agent_radius.to_bits(), 0);
}

#[test]
fn extreme_shapes_and_settings_bake_without_panics() {
    let s = NavSettings::DEFAULT;
    // Long thin grids, the smallest and largest tiles, the largest radius.
    for (w, h) in [(1u32, 1u32), (1, 600), (600, 1), (700, 3), (5, 5)] {
        let cells: Vec<bool> = (0..w * h).map(|i| i % 7 != 3).collect();
        for settings in [
            s.with_tile_size(4),
            s.with_tile_size(256),
            s.with_radius(3.0).with_tile_size(4),
            s.with_radius(0.01),
        ] {
            let mesh = NavMesh::from_walkable(w, h, &cells, GridSpace::UNIT, &settings).unwrap();
            check_mesh(&mesh, &cells, w, h, &settings);
        }
    }
    // A radius of 64 cells keeps only the cells whose squares are 64 cells from the border.
    let grid = Grid::new(140, 131).unwrap();
    let mesh = NavMesh::build_2d(&grid, &s.with_radius(64.0).with_tile_size(256)).unwrap();
    assert_eq!(mesh.poly_count(), 1);
    assert_eq!(mesh.polygon(0).unwrap().rect(), [64, 64, 76, 67]);
}
