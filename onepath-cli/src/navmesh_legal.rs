//! An exact legality test of an any-angle path at radius 0, written here from the contract
//! (docs/navmesh.md §3, "Radius 0 region"), apart from the engine: the walkable region is the
//! union of the walkable cells' closed squares (outside the grid is blocked); a path may run
//! along wall edges and touch wall corners, but never passes through a corner where only two
//! diagonally opposite cells are walkable from one of them to the other (no squeeze between
//! two diagonally touching walls).
//!
//! Points are fixed-point (2^-16 cell, `NavPoint`); every decision is an integer sign (`i128`).

use onepath::navmesh::NavPoint;

const U: i64 = NavPoint::UNIT;

/// Why a path is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Segment `segment` (0-based, from waypoint `segment` to `segment + 1`) enters the open
    /// interior of the blocked cell `(x, y)`.
    ThroughWall {
        /// Segment index.
        segment: usize,
        /// Cell column.
        x: i64,
        /// Cell row.
        y: i64,
    },
    /// The path crosses the pinch corner `(i, j)` (two diagonally touching walls) from one
    /// walkable side to the other, inside segment `segment` or at the waypoint it ends on.
    Squeeze {
        /// Segment index.
        segment: usize,
        /// Corner column.
        i: i64,
        /// Corner row.
        j: i64,
    },
}

impl core::fmt::Display for Illegal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            Self::ThroughWall { segment, x, y } => {
                write!(f, "segment {segment} enters the blocked cell ({x}, {y})")
            }
            Self::Squeeze { segment, i, j } => write!(
                f,
                "segment {segment} squeezes through the corner ({i}, {j}) between two \
                 diagonally touching walls"
            ),
        }
    }
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// Whether the closed segment `a`–`b` meets the open interior of cell `(cx, cy)`'s square
/// (separating axes x, y and the segment's normal; touching the boundary does not count).
fn meets_interior(a: [i64; 2], b: [i64; 2], cx: i64, cy: i64) -> bool {
    let (lx, hx, ly, hy) = (cx * U, (cx + 1) * U, cy * U, (cy + 1) * U);
    if a[0].max(b[0]) <= lx || a[0].min(b[0]) >= hx || a[1].max(b[1]) <= ly || a[1].min(b[1]) >= hy
    {
        return false;
    }
    let (nx, ny) = (i128::from(a[1] - b[1]), i128::from(b[0] - a[0]));
    if nx == 0 && ny == 0 {
        return true; // a point strictly inside on both axes
    }
    let d = |x: i64, y: i64| (nx * i128::from(x - a[0]) + ny * i128::from(y - a[1])).signum();
    let v = [d(lx, ly), d(hx, ly), d(lx, hy), d(hx, hy)];
    !(v.iter().all(|&s| s >= 0) || v.iter().all(|&s| s <= 0))
}

/// The walkable side of a pinch corner that direction `d` leaves into: for the pinch whose
/// walkable cells are `(i-1, j)` and `(i, j-1)` ("anti"), 1 or 3; for `(i, j)` and
/// `(i-1, j-1)`, 0 or 2; `None` when `d` points into a wall (the interior test catches it).
fn side(anti: bool, d: [i64; 2]) -> Option<u8> {
    let (x, y) = (d[0], d[1]);
    if anti {
        if x <= 0 && y >= 0 {
            Some(1)
        } else if x >= 0 && y <= 0 {
            Some(3)
        } else {
            None
        }
    } else if x >= 0 && y >= 0 {
        Some(0)
    } else if x <= 0 && y <= 0 {
        Some(2)
    } else {
        None
    }
}

/// The corners `(i, j)` (integer cell corners) on the closed segment `a`–`b`.
fn lattice_corners(a: [i64; 2], b: [i64; 2]) -> Vec<(i64, i64)> {
    let (dx, dy) = (i128::from(b[0] - a[0]), i128::from(b[1] - a[1]));
    let mut out = Vec::new();
    if dx == 0 {
        if a[0] % U != 0 {
            return out;
        }
        let (lo, hi) = (a[1].min(b[1]), a[1].max(b[1]));
        let first = -floor_div(-i128::from(lo), i128::from(U));
        let last = floor_div(i128::from(hi), i128::from(U));
        for j in first..=last {
            out.push((a[0] / U, j as i64));
        }
        return out;
    }
    let (lo, hi) = (a[0].min(b[0]), a[0].max(b[0]));
    let first = -floor_div(-i128::from(lo), i128::from(U));
    let last = floor_div(i128::from(hi), i128::from(U));
    for i in first..=last {
        let num = (i * i128::from(U) - i128::from(a[0])) * dy;
        if num % dx != 0 {
            continue;
        }
        let y = i128::from(a[1]) + num / dx;
        if y % i128::from(U) == 0 {
            out.push((i as i64, (y / i128::from(U)) as i64));
        }
    }
    out
}

/// Checks `path` (fixed-point waypoints, start first) against the radius-0 region of a grid
/// whose cell `(x, y)` is walkable when `walkable(x, y)` (called only inside
/// `0..width × 0..height`; outside is blocked).
///
/// # Errors
///
/// The first [`Illegal`] found, segment by segment.
pub fn check(
    path: &[NavPoint],
    width: u32,
    height: u32,
    walkable: impl Fn(u32, u32) -> bool,
) -> Result<(), Illegal> {
    let open = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < i64::from(width)
            && y < i64::from(height)
            && walkable(x as u32, y as u32)
    };
    // The walkable sides of a pinch corner, or `None` when it is not one.
    let pinch = |i: i64, j: i64| -> Option<bool> {
        let (q0, q1, q2, q3) = (
            open(i, j),
            open(i - 1, j),
            open(i - 1, j - 1),
            open(i, j - 1),
        );
        if !q0 && !q2 && q1 && q3 {
            Some(true)
        } else if q0 && q2 && !q1 && !q3 {
            Some(false)
        } else {
            None
        }
    };
    let pts: Vec<[i64; 2]> = path.iter().map(|p| [p.x, p.y]).collect();
    for (k, w) in pts.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        // Cells whose interior the segment may meet: per column strip, its y range ± 1.
        let (minx, maxx) = (a[0].min(b[0]), a[0].max(b[0]));
        let (dx, dy) = (i128::from(b[0] - a[0]), i128::from(b[1] - a[1]));
        let u = i128::from(U);
        let x_first = floor_div(i128::from(minx), u) as i64 - 1;
        let x_last = floor_div(i128::from(maxx), u) as i64;
        for cx in x_first..=x_last {
            let lo = minx.max(cx * U);
            let hi = maxx.min((cx + 1) * U);
            if lo > hi {
                continue;
            }
            let (y0, y1) = if dx == 0 {
                (a[1].min(b[1]), a[1].max(b[1]))
            } else {
                let at = |x: i64| {
                    i128::from(a[1]) + floor_div((i128::from(x) - i128::from(a[0])) * dy, dx)
                };
                let (p, q) = (at(lo), at(hi));
                (p.min(q) as i64, p.max(q) as i64 + 1)
            };
            let y_first = floor_div(i128::from(y0), u) as i64 - 1;
            let y_last = floor_div(i128::from(y1), u) as i64 + 1;
            for cy in y_first..=y_last {
                if !open(cx, cy) && meets_interior(a, b, cx, cy) {
                    return Err(Illegal::ThroughWall {
                        segment: k,
                        x: cx,
                        y: cy,
                    });
                }
            }
        }
        if a == b {
            continue;
        }
        let d = [b[0] - a[0], b[1] - a[1]];
        for (i, j) in lattice_corners(a, b) {
            let Some(anti) = pinch(i, j) else { continue };
            let v = [i * U, j * U];
            let squeeze = if v == a {
                false // judged as the previous segment's end
            } else if v == b {
                // A turn at the corner: where the path arrives from and where it leaves to.
                match pts.get(k + 2) {
                    Some(&c) if c != b => {
                        side(anti, [-d[0], -d[1]]) != side(anti, [c[0] - b[0], c[1] - b[1]])
                    }
                    _ => false,
                }
            } else {
                true // through the corner inside the segment: always from one side to the other
            };
            if squeeze {
                return Err(Illegal::Squeeze { segment: k, i, j });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Illegal, NavPoint, check};

    /// `rows` as a walkability test (`#` wall).
    fn grid(rows: &[&str]) -> (u32, u32, impl Fn(u32, u32) -> bool) {
        let cells: Vec<Vec<bool>> = rows
            .iter()
            .map(|r| r.bytes().map(|b| b != b'#').collect())
            .collect();
        let (w, h) = (rows[0].len() as u32, rows.len() as u32);
        (w, h, move |x: u32, y: u32| cells[y as usize][x as usize])
    }

    fn p(x: f64, y: f64) -> NavPoint {
        NavPoint::new(
            (x * NavPoint::UNIT as f64) as i64,
            (y * NavPoint::UNIT as f64) as i64,
        )
    }

    #[test]
    fn walls_are_touched_but_not_entered() {
        let (w, h, open) = grid(&["...", ".#.", "..."]);
        // Along the wall's top edge and round its corner: legal.
        assert_eq!(
            check(
                &[p(0.5, 0.5), p(1.0, 1.0), p(2.0, 1.0), p(2.5, 2.5)],
                w,
                h,
                &open
            ),
            Ok(())
        );
        // Straight through it: not.
        assert_eq!(
            check(&[p(0.5, 0.5), p(2.5, 2.5)], w, h, &open),
            Err(Illegal::ThroughWall {
                segment: 0,
                x: 1,
                y: 1
            })
        );
        // Grazing the corner (1, 1) on the diagonal of cell (0, 0) and then along the edge.
        assert_eq!(
            check(&[p(0.5, 0.5), p(1.0, 1.0), p(1.0, 2.5)], w, h, &open),
            Ok(())
        );
        // Leaving the map is leaving the region.
        assert!(check(&[p(0.5, 0.5), p(-0.5, 0.5)], w, h, &open).is_err());
    }

    #[test]
    fn no_squeeze_between_diagonal_walls() {
        // Walls at (1, 0) and (0, 1) touch at corner (1, 1); (0, 0) and (1, 1) are walkable.
        let (w, h, open) = grid(&[".#.", "#..", "..."]);
        assert_eq!(
            check(&[p(0.5, 0.5), p(1.5, 1.5)], w, h, &open),
            Err(Illegal::Squeeze {
                segment: 0,
                i: 1,
                j: 1
            })
        );
        // A turn at the pinch corner from one side to the other is a squeeze too.
        assert_eq!(
            check(&[p(0.5, 0.5), p(1.0, 1.0), p(1.5, 1.5)], w, h, &open),
            Err(Illegal::Squeeze {
                segment: 0,
                i: 1,
                j: 1
            })
        );
        // Touching it and going back to the same side is legal.
        assert_eq!(
            check(&[p(0.5, 0.5), p(1.0, 1.0), p(0.5, 0.8)], w, h, &open),
            Ok(())
        );
        // Passing by on the walkable side of (1, 1) without reaching the corner.
        assert_eq!(check(&[p(1.5, 1.5), p(2.5, 0.5)], w, h, &open), Ok(()));
    }
}
