//! The navigation mesh, written from `docs/navmesh.md` only (never from `onepath::navmesh`):
//! where the engine and this reference disagree, one of them misread the contract.
//!
//! | module | contract section | what |
//! | --- | --- | --- |
//! | [`erosion`] | §2 | the kept cells, by brute force over every blocked cell and the outside ring |
//! | [`bake`] | §3 | greedy rectangles per tile, T-vertices, links, global ids |
//! | [`bytes`] | §4 | canonical bytes and the FNV-1a 64 content hash |
//! | [`cases`] | — | seeded random bake inputs for the suites |
//! | [`check`] | §1, §3 | an exact mesh checker that trusts no builder (convex, CCW, exact cover, links) |
//! | [`locate`] | §6 | point location by brute force with the lowest-id tie rule |
//! | [`region`] | §1, §3 | exact segment-in-region and path-legality tests (radius 0 pinch rule) |
//! | [`search`] | §7 | the corridor search over portal crossings, linear-scan open list |
//! | [`sleeve`] | §8 | the shortest path through the corridor's portals in order (the funnel's answer) |
//! | [`corridor`] | §8 | the shortest path inside a corridor: visibility graph + Dijkstra |
//! | [`dijkstra`] | — | the O(n²) Dijkstra the three shortest-path oracles share |
//! | [`visibility`] | §1–§3 | the shortest path inside the whole region (issue 30, Polyanya): visibility graph + Dijkstra |
//!
//! Units: mesh coordinates are cell corners `(i, j)` (`i64` here); query points are fixed-point
//! in `2^-16` cell ([`UNIT`]); every geometric decision is an exact `i128` sign.

pub mod bake;
pub mod bytes;
pub mod cases;
pub mod check;
pub mod corridor;
pub mod dijkstra;
pub mod erosion;
pub mod locate;
pub mod region;
pub mod search;
pub mod sleeve;
pub mod visibility;

/// One cell in fixed-point units (docs §1: `2^-16` cell).
pub const UNIT: i64 = 65_536;

/// What a bake reads (docs §2–§4): the walkability, the grid's space and the settings.
#[derive(Clone, Debug)]
pub struct BakeInput {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Row-major walkability (`width * height` entries).
    pub walkable: Vec<bool>,
    /// World units per cell.
    pub cell_size: f64,
    /// World point of corner `(0, 0)`.
    pub origin: (f64, f64),
    /// Agent radius in world units (`0 <= r`, `r / s <= 64`).
    pub radius: f64,
    /// Tile side `T` in cells.
    pub tile_size: u32,
    /// The area byte every polygon carries.
    pub area: u8,
}

/// `orient(a, b, c)` of docs §1, exact.
pub fn orient(a: [i64; 2], b: [i64; 2], c: [i64; 2]) -> i128 {
    let (ax, ay) = (i128::from(a[0]), i128::from(a[1]));
    let (bx, by) = (i128::from(b[0]), i128::from(b[1]));
    let (cx, cy) = (i128::from(c[0]), i128::from(c[1]));
    (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
}

/// A segment's length in cells (docs §1): `sqrt(f64(dx² + dy²)) / 65536`, the square summed
/// exactly in `i128` and rounded once.
pub fn segment_length(a: [i64; 2], b: [i64; 2]) -> f64 {
    let dx = i128::from(b[0] - a[0]);
    let dy = i128::from(b[1] - a[1]);
    ((dx * dx + dy * dy) as f64).sqrt() / UNIT as f64
}

/// A path's length: its segments' lengths summed first to last (docs §1).
pub fn path_length(points: &[[i64; 2]]) -> f64 {
    let mut sum = 0.0;
    for w in points.windows(2) {
        sum += segment_length(w[0], w[1]);
    }
    sum
}

/// The fixed-point point of corner `(i, j)`.
pub fn corner(i: i64, j: i64) -> [i64; 2] {
    [i * UNIT, j * UNIT]
}

/// The fixed-point centre of cell `(x, y)`.
pub fn cell_center(x: i64, y: i64) -> [i64; 2] {
    [x * UNIT + UNIT / 2, y * UNIT + UNIT / 2]
}

/// The cells of a `width`-wide grid whose centre the convex polygon `v` (cell-corner
/// coordinates) contains, as `(x, y, index)`: the exact cover test of the checker and the
/// region of a corridor.
pub fn covered_cells(v: &[[i64; 2]], width: i64) -> Vec<(i64, i64, usize)> {
    let scaled: Vec<[i64; 2]> = v.iter().map(|c| [c[0] * UNIT, c[1] * UNIT]).collect();
    let (Some(lo_x), Some(hi_x)) = (v.iter().map(|c| c[0]).min(), v.iter().map(|c| c[0]).max())
    else {
        return Vec::new();
    };
    let (Some(lo_y), Some(hi_y)) = (v.iter().map(|c| c[1]).min(), v.iter().map(|c| c[1]).max())
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for y in lo_y..hi_y {
        for x in lo_x..hi_x {
            if locate::contains(&scaled, cell_center(x, y)) {
                out.push((x, y, (y * width + x) as usize));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
