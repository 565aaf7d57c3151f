//! The `polyanya` crate (vleue, 0.18, MIT OR Apache-2.0) as a navmesh peer: meshes built from
//! the same walkability as ours through its public API, following the shared harness
//! (`../shared/peers-nav/polyanya-rs`, our code):
//!
//! - **rect**: greedy walkable rectangles over the whole map (row-major scan, extend right,
//!   then down while the whole span is free), vertices on integer cell corners with the
//!   T-junction corners of neighbouring rectangles on every side, `Mesh::new`. The same
//!   rectangles as our bake with one tile covering the map (our tiles cut them).
//! - **cdt**: `Triangulation` (spade's constrained Delaunay) of the map box with the greedy
//!   blocked rectangles as obstacles, then `merge_polygons` and `bake` (the merged
//!   triangulation of GPPC 2023's winner).
//!
//! Queries run between cell centres (x + 0.5, y + 0.5) in f32, as the harness does. Two cells
//! that touch only at a corner are not joined through it (the vertex keeps two separate
//! wedges), the radius-0 rule of our mesh (docs/navmesh.md §3).

use glam::{Vec2, vec2};
use polyanya::{Mesh, Polygon, Triangulation, Vertex};

/// Greedy rectangle cover of the cells where `want` holds (row-major `width × height`):
/// `[x0, y0, x1, y1]` with exclusive ends, and the owning rectangle of every cell
/// (`u32::MAX` where `want` is false).
pub fn greedy_rects(width: usize, height: usize, want: &[bool]) -> (Vec<[usize; 4]>, Vec<u32>) {
    let mut owner = vec![u32::MAX; width * height];
    let mut rects = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let i = y * width + x;
            if !want[i] || owner[i] != u32::MAX {
                continue;
            }
            let mut x1 = x;
            while x1 < width && want[y * width + x1] && owner[y * width + x1] == u32::MAX {
                x1 += 1;
            }
            let mut y1 = y + 1;
            'down: while y1 < height {
                for xx in x..x1 {
                    let j = y1 * width + xx;
                    if !want[j] || owner[j] != u32::MAX {
                        break 'down;
                    }
                }
                y1 += 1;
            }
            let id = rects.len() as u32;
            for yy in y..y1 {
                for xx in x..x1 {
                    owner[yy * width + xx] = id;
                }
            }
            rects.push([x, y, x1, y1]);
        }
    }
    (rects, owner)
}

/// The rect mesh of `walkable` (see the module docs).
///
/// # Panics
///
/// When `polyanya` refuses the mesh (it never has on a rectangle cover).
pub fn build_rect_mesh(width: usize, height: usize, walkable: &[bool]) -> Mesh {
    let (rects, owner) = greedy_rects(width, height, walkable);
    mesh_of_rects(width, height, &rects, &owner)
}

/// The crate's mesh of a given rectangle cover (`[x0, y0, x1, y1]`, exclusive ends; `owner`
/// the rectangle of every cell, `u32::MAX` outside): vertices on the rectangles' corners and
/// on every T-junction corner of a neighbour, as [`build_rect_mesh`] does. Fed our own mesh's
/// polygons (one rectangle each), it is the same mesh as ours: the crate's search on it runs
/// on identical polygons.
pub fn mesh_of_rects(width: usize, height: usize, rects: &[[usize; 4]], owner: &[u32]) -> Mesh {
    let vw = width + 1;
    let mut vid = vec![u32::MAX; vw * (height + 1)];
    let mut coords = Vec::new();
    for r in rects {
        for (px, py) in [(r[0], r[1]), (r[2], r[1]), (r[2], r[3]), (r[0], r[3])] {
            let k = py * vw + px;
            if vid[k] == u32::MAX {
                vid[k] = coords.len() as u32;
                coords.push((px, py));
            }
        }
    }
    let cell = |x: isize, y: isize| -> u32 {
        if x < 0 || y < 0 || x >= width as isize || y >= height as isize {
            u32::MAX
        } else {
            owner[y as usize * width + x as usize]
        }
    };
    // Vertex neighbour lists, counter-clockwise in map x/y. Two blocked cells touching at a
    // corner give that vertex two separate walkable wedges: nothing crosses it diagonally.
    let vertices: Vec<Vertex> = coords
        .iter()
        .map(|&(px, py)| {
            let (x, y) = (px as isize, py as isize);
            let quad = [
                cell(x, y),
                cell(x - 1, y),
                cell(x - 1, y - 1),
                cell(x, y - 1),
            ];
            let mut l: Vec<u32> = Vec::with_capacity(4);
            for q in quad {
                if l.last() != Some(&q) {
                    l.push(q);
                }
            }
            while l.len() > 1 && l.first() == l.last() {
                l.pop();
            }
            if let Some(p) = l.iter().position(|&p| p != u32::MAX) {
                l.rotate_left(p);
            }
            Vertex::new(vec2(px as f32, py as f32), l)
        })
        .collect();
    let polygons: Vec<Polygon> = rects
        .iter()
        .map(|r| {
            let mut v = Vec::new();
            let mut take = |k: usize| {
                if vid[k] != u32::MAX {
                    v.push(vid[k]);
                }
            };
            for x in r[0]..r[2] {
                take(r[1] * vw + x);
            }
            for y in r[1]..r[3] {
                take(y * vw + r[2]);
            }
            for x in (r[0] + 1..=r[2]).rev() {
                take(r[3] * vw + x);
            }
            for y in (r[1] + 1..=r[3]).rev() {
                take(y * vw + r[0]);
            }
            Polygon::new(v, false)
        })
        .collect();
    Mesh::new(vertices, polygons).expect("polyanya refused a rectangle mesh")
}

/// The merged constrained triangulation of `walkable` (see the module docs).
pub fn build_cdt_mesh(width: usize, height: usize, walkable: &[bool]) -> Mesh {
    let (w, h) = (width as f32, height as f32);
    let mut t =
        Triangulation::from_outer_edges(&[vec2(0., 0.), vec2(w, 0.), vec2(w, h), vec2(0., h)]);
    let blocked: Vec<bool> = walkable.iter().map(|&b| !b).collect();
    let (rects, _) = greedy_rects(width, height, &blocked);
    t.add_obstacles(rects.iter().map(|r| {
        let (x0, y0, x1, y1) = (r[0] as f32, r[1] as f32, r[2] as f32, r[3] as f32);
        vec![vec2(x0, y0), vec2(x1, y0), vec2(x1, y1), vec2(x0, y1)]
    }));
    let mut m = t.as_navmesh();
    m.merge_polygons();
    m.bake();
    m
}

/// Polygons of the mesh's only layer.
pub fn polygon_count(mesh: &Mesh) -> usize {
    mesh.layers.first().map_or(0, |l| l.polygons.len())
}

/// The centre of cell `(x, y)` as the harness queries it.
pub fn centre(x: u32, y: u32) -> Vec2 {
    vec2(x as f32 + 0.5, y as f32 + 0.5)
}

/// The length of the path from `a` to `b` (cell units, f32 as the crate computes it), `None`
/// when it finds none.
pub fn path_length(mesh: &Mesh, a: Vec2, b: Vec2) -> Option<f32> {
    mesh.path(a, b).map(|p| p.length)
}
