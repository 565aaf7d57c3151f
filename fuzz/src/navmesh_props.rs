//! The navigation mesh contract (`docs/navmesh.md`) re-derived here from the documents, not
//! from the engine, for the `navmesh_bake`, `navmesh_query` and `snapshot_restore` targets:
//! the kept cells of the erosion rule (§2), the polygon, tile and link rules (§3), the
//! canonical bytes and content hash (§4), point location (§6) and the nearest point on the
//! mesh (every polygon is its rectangle with T-vertices on its sides, so the nearest point of
//! a polygon is the query point clamped to the rectangle).

use onepath::navmesh::{NavMesh, NavPoint};

/// FNV-1a 64 (docs §4).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

/// The kept cells (docs §2) of a `w × h` walkability, radius `r` in cell units (`r / s`):
/// walkable, and `gx² + gy² >= q` (`q = r · r`) for every blocked cell, the outside included.
pub fn kept_cells(w: u32, h: u32, walkable: &[bool], r: f64) -> Vec<bool> {
    let q = r * r;
    let (wi, hi) = (i64::from(w), i64::from(h));
    let fits = |gx: i64, gy: i64| ((gx * gx + gy * gy) as f64) >= q;
    let blocked: Vec<(i64, i64)> = (0..hi)
        .flat_map(|y| (0..wi).map(move |x| (x, y)))
        .filter(|&(x, y)| !walkable[(y * wi + x) as usize])
        .collect();
    (0..hi)
        .flat_map(|y| (0..wi).map(move |x| (x, y)))
        .map(|(x, y)| {
            if !walkable[(y * wi + x) as usize] {
                return false;
            }
            // The nearest outside cell is straight out of the nearest side (gap = the cells
            // between), so the border is the smallest of the four gaps along one axis.
            let border = x.min(wi - 1 - x).min(y).min(hi - 1 - y);
            fits(border, 0)
                && blocked
                    .iter()
                    .all(|&(bx, by)| fits(((x - bx).abs() - 1).max(0), ((y - by).abs() - 1).max(0)))
        })
        .collect()
}

/// `orient(a, b, c)` exactly (docs §1).
pub fn orient(a: [i64; 2], b: [i64; 2], c: [i64; 2]) -> i128 {
    i128::from(b[0] - a[0]) * i128::from(c[1] - a[1])
        - i128::from(b[1] - a[1]) * i128::from(c[0] - a[0])
}

fn v64(v: [i32; 2]) -> [i64; 2] {
    [i64::from(v[0]), i64::from(v[1])]
}

/// Everything §3 and §4 promise about `mesh`, baked from `walkable` (`w × h`) with radius
/// `r` cells, tile size `tile`.
///
/// # Errors
///
/// The first broken rule, named.
pub fn check_mesh(mesh: &NavMesh, walkable: &[bool], r: f64, tile: u32) -> Result<(), String> {
    let (w, h) = (mesh.width(), mesh.height());
    let kept = kept_cells(w, h, walkable, r);
    let idx = |x: i32, y: i32| (y as usize) * (w as usize) + x as usize;
    let mut owner = vec![u32::MAX; kept.len()];
    let tiles_x = w.div_ceil(tile);
    if mesh.tiles_x() != tiles_x || mesh.tiles_y() != h.div_ceil(tile) {
        return Err(format!(
            "tiles {}x{} for {w}x{h} cells of tile {tile}",
            mesh.tiles_x(),
            mesh.tiles_y()
        ));
    }
    let mut corners = std::collections::BTreeSet::new();
    let mut last_tile = None;
    let mut tiles = 0u32;
    let mut half_edges = 0u64;
    for p in 0..mesh.poly_count() {
        let poly = mesh.polygon(p).ok_or(format!("polygon {p} missing"))?;
        let [x0, y0, x1, y1] = poly.rect();
        if !(0 <= x0 && x0 < x1 && x1 <= w as i32 && 0 <= y0 && y0 < y1 && y1 <= h as i32) {
            return Err(format!("polygon {p}: rectangle {:?}", poly.rect()));
        }
        let t = (x0 as u32 / tile) + (y0 as u32 / tile) * tiles_x;
        if poly.tile() != t || (x1 as u32 - 1) / tile != x0 as u32 / tile {
            return Err(format!(
                "polygon {p}: tile {} crosses or is not {t}",
                poly.tile()
            ));
        }
        if (y1 as u32 - 1) / tile != y0 as u32 / tile {
            return Err(format!("polygon {p} crosses a tile row"));
        }
        match last_tile {
            Some(l) if l > t => return Err(format!("polygon {p}: tile {t} after {l}")),
            Some(l) if l == t => {}
            _ => tiles += 1,
        }
        last_tile = Some(t);
        for y in y0..y1 {
            for x in x0..x1 {
                if !kept[idx(x, y)] || owner[idx(x, y)] != u32::MAX {
                    return Err(format!(
                        "polygon {p}: cell ({x}, {y}) not kept or covered twice"
                    ));
                }
                owner[idx(x, y)] = p;
            }
        }
        corners.extend([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]);
        let v = poly.vertices();
        half_edges += v.len() as u64;
        if v.len() < 4 || v[0] != [x0, y0] {
            return Err(format!("polygon {p}: vertices {v:?}"));
        }
        let n = v.len();
        let mut twice_area = 0i128;
        for k in 0..n {
            let (a, b, c) = (v64(v[k]), v64(v[(k + 1) % n]), v64(v[(k + 2) % n]));
            if orient(a, b, c) < 0 {
                return Err(format!("polygon {p}: not convex counter-clockwise at {k}"));
            }
            twice_area += i128::from(a[0]) * i128::from(b[1]) - i128::from(b[0]) * i128::from(a[1]);
            let on_side = (a[0] == b[0] && (a[0] == i64::from(x0) || a[0] == i64::from(x1)))
                || (a[1] == b[1] && (a[1] == i64::from(y0) || a[1] == i64::from(y1)));
            if !on_side || a == b {
                return Err(format!("polygon {p}: edge {k} off its rectangle"));
            }
        }
        let rect_area = i128::from((x1 - x0) * (y1 - y0));
        if twice_area != 2 * rect_area {
            return Err(format!(
                "polygon {p}: area {twice_area}/2, rectangle {rect_area}"
            ));
        }
    }
    if mesh.tile_count() != tiles {
        return Err(format!("tile_count {} vs {tiles}", mesh.tile_count()));
    }
    if u64::from(mesh.half_edge_count()) != half_edges {
        return Err(format!("half_edge_count {}", mesh.half_edge_count()));
    }
    if let Some(i) = (0..kept.len()).find(|&i| kept[i] && owner[i] == u32::MAX) {
        return Err(format!("kept cell {i} is on no polygon"));
    }
    check_links(mesh, &owner, &corners)?;
    check_bytes(mesh)
}

/// Links (§3): each edge is shared whole with the polygon on its other side (symmetric,
/// reversed) or borders no kept cell; each non-corner vertex is a corner of another polygon.
fn check_links(
    mesh: &NavMesh,
    owner: &[u32],
    corners: &std::collections::BTreeSet<[i32; 2]>,
) -> Result<(), String> {
    let (w, h) = (mesh.width() as i32, mesh.height() as i32);
    let cell_owner = |x: i32, y: i32| {
        if x < 0 || y < 0 || x >= w || y >= h {
            u32::MAX
        } else {
            owner[(y as usize) * (w as usize) + x as usize]
        }
    };
    for p in 0..mesh.poly_count() {
        let poly = mesh.polygon(p).ok_or("polygon missing")?;
        let v = poly.vertices();
        let n = v.len();
        let [x0, y0, x1, y1] = poly.rect();
        for k in 0..n {
            let (a, b) = (v[k], v[(k + 1) % n]);
            // A vertex that is not one of the rectangle's corners is another polygon's corner
            // (`corners` holds every polygon's, this one's among them).
            if ![[x0, y0], [x1, y0], [x1, y1], [x0, y1]].contains(&a) && !corners.contains(&a) {
                return Err(format!("polygon {p}: vertex {a:?} is no polygon's corner"));
            }
            // The cells just outside the edge, unit step by unit step (outward normal of a
            // counter-clockwise edge is to its right).
            let (dx, dy) = ((b[0] - a[0]).signum(), (b[1] - a[1]).signum());
            let len = (b[0] - a[0]).abs() + (b[1] - a[1]).abs();
            let mut across = Vec::with_capacity(len as usize);
            for s in 0..len {
                let (px, py) = (a[0] + dx * s, a[1] + dy * s);
                // Cell to the right of the unit segment from (px, py) going (dx, dy).
                let (cx, cy) = match (dx, dy) {
                    (1, 0) => (px, py - 1),
                    (0, 1) => (px, py),
                    (-1, 0) => (px - 1, py),
                    _ => (px - 1, py - 1),
                };
                across.push(cell_owner(cx, cy));
            }
            match poly.link(k as u32) {
                None => {
                    if let Some(o) = across.iter().find(|&&o| o != u32::MAX) {
                        return Err(format!(
                            "polygon {p} edge {k}: unlinked, polygon {o} across"
                        ));
                    }
                }
                Some((q, j)) => {
                    if across.iter().any(|&o| o != q) {
                        return Err(format!(
                            "polygon {p} edge {k}: linked to {q}, across {across:?}"
                        ));
                    }
                    let other = mesh.polygon(q).ok_or(format!("link to missing {q}"))?;
                    let ov = other.vertices();
                    let m = ov.len();
                    let j = j as usize;
                    if j >= m || ov[j] != b || ov[(j + 1) % m] != a {
                        return Err(format!(
                            "polygon {p} edge {k}: {q}'s edge {j} is not it reversed"
                        ));
                    }
                    if other.link(j as u32) != Some((p, k as u32)) {
                        return Err(format!("polygon {p} edge {k}: link not symmetric"));
                    }
                }
            }
        }
        if poly.link(n as u32).is_some() {
            return Err(format!("polygon {p}: a link past its last edge"));
        }
    }
    Ok(())
}

/// The canonical bytes written from the accessors as §4 lists them, compared with the
/// engine's, and the content hash as their FNV-1a 64.
fn check_bytes(mesh: &NavMesh) -> Result<(), String> {
    let s = mesh.settings();
    let space = mesh.space();
    let mut b = Vec::new();
    b.extend_from_slice(b"OPNM");
    b.extend_from_slice(&mesh.width().to_le_bytes());
    b.extend_from_slice(&mesh.height().to_le_bytes());
    b.extend_from_slice(&space.cell_size().to_bits().to_le_bytes());
    b.extend_from_slice(&space.origin().x.to_bits().to_le_bytes());
    b.extend_from_slice(&space.origin().y.to_bits().to_le_bytes());
    let r = if s.agent_radius == 0.0 {
        0.0f64
    } else {
        s.agent_radius
    };
    b.extend_from_slice(&r.to_bits().to_le_bytes());
    b.extend_from_slice(&s.tile_size.to_le_bytes());
    b.push(s.area);
    b.extend_from_slice(&mesh.tile_count().to_le_bytes());
    let mut p = 0;
    while p < mesh.poly_count() {
        let t = mesh.polygon(p).ok_or("polygon")?.tile();
        let mut end = p;
        while end < mesh.poly_count() && mesh.polygon(end).ok_or("polygon")?.tile() == t {
            end += 1;
        }
        b.extend_from_slice(&(t % mesh.tiles_x()).to_le_bytes());
        b.extend_from_slice(&(t / mesh.tiles_x()).to_le_bytes());
        b.extend_from_slice(&(end - p).to_le_bytes());
        for q in p..end {
            let poly = mesh.polygon(q).ok_or("polygon")?;
            let v = poly.vertices();
            b.extend_from_slice(&(v.len() as u32).to_le_bytes());
            for c in v {
                b.extend_from_slice(&(c[0] as u32).to_le_bytes());
                b.extend_from_slice(&(c[1] as u32).to_le_bytes());
            }
            for k in 0..v.len() as u32 {
                let to = poly.link(k).map_or(u32::MAX, |l| l.0);
                b.extend_from_slice(&to.to_le_bytes());
            }
        }
        p = end;
    }
    let mut engine = Vec::new();
    mesh.write_canonical_bytes(&mut engine);
    if engine != b {
        let at = engine.iter().zip(&b).position(|(x, y)| x != y);
        return Err(format!(
            "canonical bytes differ from docs §4 (lengths {} vs {}, first difference at {at:?})",
            engine.len(),
            b.len()
        ));
    }
    if mesh.content_hash() != fnv1a(&b) {
        return Err("content hash is not the FNV-1a 64 of the canonical bytes".into());
    }
    Ok(())
}

/// Whether polygon `p`'s closed area contains `pt` (exact; points far outside the grid are
/// outside every polygon, which keeps the products in range).
pub fn contains(mesh: &NavMesh, p: u32, pt: NavPoint) -> bool {
    let Some(poly) = mesh.polygon(p) else {
        return false;
    };
    let u = NavPoint::UNIT;
    let [x0, y0, x1, y1] = poly.rect().map(|c| i64::from(c) * u);
    x0 <= pt.x && pt.x <= x1 && y0 <= pt.y && pt.y <= y1
}

/// The polygon `locate` must give (§6): the lowest id whose closed area holds `pt`.
pub fn locate_reference(mesh: &NavMesh, pt: NavPoint) -> Option<u32> {
    (0..mesh.poly_count()).find(|&p| contains(mesh, p, pt))
}

/// The nearest fixed-point point of the mesh to `pt` with its polygon and squared distance
/// (in fixed-point units², exact), lowest polygon id on ties; `None` on an empty mesh.
/// `pt`'s coordinates must be within ±2^60.
pub fn nearest_reference(mesh: &NavMesh, pt: NavPoint) -> Option<(NavPoint, u32, u128)> {
    let u = NavPoint::UNIT;
    let mut best: Option<(NavPoint, u32, u128)> = None;
    for p in 0..mesh.poly_count() {
        let [x0, y0, x1, y1] = mesh.polygon(p)?.rect().map(|c| i64::from(c) * u);
        let q = NavPoint {
            x: pt.x.clamp(x0, x1),
            y: pt.y.clamp(y0, y1),
        };
        let d = (q.x - pt.x).unsigned_abs() as u128;
        let e = (q.y - pt.y).unsigned_abs() as u128;
        let d2 = d * d + e * e;
        if best.is_none_or(|b| d2 < b.2) {
            best = Some((q, p, d2));
        }
    }
    best
}

/// A segment's length in cells (§1): `sqrt(f64(dx² + dy²)) / 65536`, the sum exact in i128.
pub fn segment_length(a: NavPoint, b: NavPoint) -> f64 {
    let (dx, dy) = (i128::from(b.x - a.x), i128::from(b.y - a.y));
    ((dx * dx + dy * dy) as f64).sqrt() / 65536.0
}
