//! Point location and the nearest point of the mesh (docs/navmesh.md §6).
//!
//! A polygon's closed area is its rectangle (T-vertices do not change its shape), so the
//! polygons containing a fixed-point point are among those covering the at most four cells
//! whose closed squares contain it; the per-cell polygon index answers in O(1). Every test is
//! an exact integer comparison.

use super::mesh::{NONE, NavMesh};
use super::point::NavPoint;

impl NavMesh {
    /// The polygon whose closed area contains `p`; on a shared edge or vertex the **lowest
    /// polygon id** among the polygons containing it; `None` when no polygon contains it
    /// (docs/navmesh.md §6).
    ///
    /// # Complexity
    ///
    /// O(1): at most four cells of the per-cell polygon index.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, NavMesh, NavPoint, NavSettings};
    /// let grid = Grid::from_text("..\n.#").unwrap(); // polygons 0: top row, 1: cell (0, 1)
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// assert_eq!(mesh.locate(NavPoint::cell_center(Cell::new(0, 1))), Some(1));
    /// assert_eq!(mesh.locate(NavPoint::corner(0, 1)), Some(0)); // shared: the lower id
    /// assert_eq!(mesh.locate(NavPoint::corner(2, 2)), None); // the wall's far corner
    /// assert_eq!(mesh.locate(NavPoint::new(-1, 0)), None);
    /// ```
    pub fn locate(&self, p: NavPoint) -> Option<u32> {
        let u = NavPoint::UNIT;
        let (cx, cy) = (p.x.div_euclid(u), p.y.div_euclid(u));
        let xs = [cx, if p.x.rem_euclid(u) == 0 { cx - 1 } else { cx }];
        let ys = [cy, if p.y.rem_euclid(u) == 0 { cy - 1 } else { cy }];
        let mut best = NONE;
        for y in ys {
            for x in xs {
                if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
                    continue;
                }
                if let Some((t, lp)) = self.cell_owner(x as i32, y as i32) {
                    best = best.min(self.global_poly(t, lp));
                }
            }
        }
        (best != NONE).then_some(best)
    }

    /// The point of the mesh closest to `p` and its polygon, when it lies within
    /// `max_distance` cells (docs/navmesh.md §6): the fixed-point point with the smallest
    /// squared distance to `p` (exact integers; for points more than 2^63 units from the mesh,
    /// which no world point is, it saturates), the lowest polygon id on ties. A point on the
    /// mesh is its own nearest point (with [`locate`](NavMesh::locate)'s polygon).
    ///
    /// "Within" is `d² <= (max_distance · 65536)²`, with `d²` in fixed-point units rounded
    /// once to `f64` and the right side in IEEE double. `max_distance` may be `+∞` (the whole
    /// mesh); a NaN or negative `max_distance` gives `None`, as does an empty mesh.
    ///
    /// # Complexity
    ///
    /// Tiles are visited in rings around `p`'s tile and the search stops once a ring cannot
    /// hold a closer point: O(polygons of the tiles within the answer's distance).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavPoint, NavSettings};
    /// let grid = Grid::from_text("..#\n..#").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// // From inside the wall column, the nearest point is on the polygon's right side.
    /// let p = NavPoint::new(2 * 65536 + 100, 65536);
    /// assert_eq!(mesh.nearest(p, 1.0), Some((NavPoint::new(2 * 65536, 65536), 0)));
    /// assert_eq!(mesh.nearest(p, 0.001), None); // 100 units > 0.001 cell
    /// ```
    pub fn nearest(&self, p: NavPoint, max_distance: f64) -> Option<(NavPoint, u32)> {
        if max_distance.is_nan() || max_distance < 0.0 || self.poly_count() == 0 {
            return None;
        }
        if let Some(id) = self.locate(p) {
            return Some((p, id));
        }
        let u = NavPoint::UNIT;
        let limit = max_distance * 65536.0;
        let limit2 = limit * limit;
        let t = i64::from(self.settings.tile_size);
        let (nx, ny) = (i64::from(self.tiles_x), i64::from(self.tiles_y));
        let ptx = p.x.div_euclid(u * t).clamp(0, nx - 1);
        let pty = p.y.div_euclid(u * t).clamp(0, ny - 1);
        let reach = ptx.max(nx - 1 - ptx).max(pty).max(ny - 1 - pty);
        // (squared distance, polygon id, point)
        let mut best: Option<(u128, u32, NavPoint)> = None;
        for d in 0..=reach {
            let lb = ((d - 1).max(0) * t * u) as u128;
            let lb2 = lb * lb;
            if best.is_some_and(|b| lb2 > b.0) || lb2 as f64 > limit2 {
                break;
            }
            for ty in (pty - d).max(0)..=(pty + d).min(ny - 1) {
                if (ty - pty).abs() == d {
                    for tx in (ptx - d).max(0)..=(ptx + d).min(nx - 1) {
                        self.nearest_in_tile((tx + ty * nx) as u32, p, &mut best);
                    }
                } else {
                    for tx in [ptx - d, ptx + d] {
                        if (0..nx).contains(&tx) {
                            self.nearest_in_tile((tx + ty * nx) as u32, p, &mut best);
                        }
                    }
                }
            }
        }
        let (d2, id, q) = best?;
        (d2 as f64 <= limit2).then_some((q, id))
    }

    /// Folds the polygons of `tile` into the running nearest `best`.
    fn nearest_in_tile(&self, tile: u32, p: NavPoint, best: &mut Option<(u128, u32, NavPoint)>) {
        let u = NavPoint::UNIT;
        let first = self.poly_start[tile as usize];
        for (i, poly) in self.tiles[tile as usize].polys.iter().enumerate() {
            let [x0, y0, x1, y1] = poly.rect.map(|v| i64::from(v) * u);
            let q = NavPoint::new(p.x.clamp(x0, x1), p.y.clamp(y0, y1));
            let d2 = dist2(p, q);
            let id = first + i as u32;
            if best.is_none_or(|b| (d2, id) < (b.0, b.1)) {
                *best = Some((d2, id, q));
            }
        }
    }
}

/// The squared distance between two points, exact while every coordinate difference is below
/// 2^63 in magnitude (every point of a world mapping is below 2^46); saturating beyond.
fn dist2(p: NavPoint, q: NavPoint) -> u128 {
    let dx = (i128::from(p.x) - i128::from(q.x)).unsigned_abs();
    let dy = (i128::from(p.y) - i128::from(q.y)).unsigned_abs();
    dx.saturating_mul(dx).saturating_add(dy.saturating_mul(dy))
}

#[cfg(test)]
mod tests {
    use crate::grid::Grid;
    use crate::navmesh::{NavMesh, NavPoint, NavSettings};

    #[test]
    fn nearest_prefers_the_lower_id_at_equal_distance() {
        // Two single cells, left and right of a wall; a point in the middle of the wall.
        let grid = Grid::from_text(".#.").unwrap();
        let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
        let p = NavPoint::new(3 * 32768, 32768);
        assert_eq!(mesh.nearest(p, 1.0), Some((NavPoint::new(65536, 32768), 0)));
        assert_eq!(mesh.nearest(p, f64::NAN), None);
        assert_eq!(mesh.nearest(p, -1.0), None);
    }

    #[test]
    fn nearest_searches_far_tiles_and_far_points() {
        let mut text = alloc::string::String::new();
        for y in 0..40 {
            for x in 0..40 {
                text.push(if (x, y) == (37, 38) { '.' } else { '#' });
            }
            text.push('\n');
        }
        let grid = Grid::from_text(&text).unwrap();
        let s = NavSettings::DEFAULT.with_tile_size(4);
        let mesh = NavMesh::build_2d(&grid, &s).unwrap();
        let far = NavPoint::new(-1 << 40, -1 << 40);
        assert_eq!(
            mesh.nearest(far, f64::INFINITY),
            Some((NavPoint::corner(37, 38), 0))
        );
        assert_eq!(mesh.nearest(NavPoint::corner(0, 0), 10.0), None);
    }
}
