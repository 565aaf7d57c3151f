//! True clearance (Harabor & Botea 2008; spec: grids.md, “Clearance and agent sizes”) and its
//! incremental repair (spec: grids.md, “Tile edits and incremental clearance”).
//!
//! `c(x, y) = 0` for a wall, else `1 + min(c(x+1, y), c(x, y+1), c(x+1, y+1))`, cells outside
//! the grid counting as walls, capped at 255, computed from the bottom-right corner in
//! O(cells). An agent of size `s` may stand on a cell iff its clearance is at least `s`.
//!
//! Repair: a cell's clearance reads only the cells right of, below and diagonally below-right
//! of it, so after edits inside some rectangles it can change only inside them or up and to
//! the left of a change. [`repair_clearance`] sweeps rows from the lowest edited row upwards,
//! each row right to left, recomputing the cells of the row that lie in an edited rectangle
//! and the cells `[lo - 1, hi]` above the changed interval `[lo, hi]` of the row below, and
//! continuing left past those ranges only while values keep changing. Every recomputed value
//! uses the same formula as [`clearance_into`], so the result is bit-identical to a full
//! recompute ([`ClearanceMap`](crate::grid::ClearanceMap) follows a grid with it).
//!
//! This file works on raw row-major cells and knows no grid type; `grid_clearance.rs` holds
//! the public forms that take a [`Grid`](crate::Grid).

use alloc::vec::Vec;

use super::cell_store::WALL;
use super::rect::GridRect;

/// Computes the true clearance of the `width × height` row-major `cells` into `c`, row-major
/// (no allocation once `c` is large enough). The public forms that take a grid are
/// [`compute_clearance`](crate::grid::compute_clearance) and
/// [`compute_clearance_into`](crate::grid::compute_clearance_into).
///
/// # Complexity
///
/// O(cells) time, one byte per cell.
pub(crate) fn clearance_into(cells: &[u8], width: u32, height: u32, c: &mut Vec<u8>) {
    let w = width as usize;
    let h = height as usize;
    debug_assert_eq!(cells.len(), w * h);
    c.clear();
    c.resize(cells.len(), 0);
    for y in (0..h).rev() {
        for x in (0..w).rev() {
            let i = y * w + x;
            if cells[i] == WALL {
                continue;
            }
            let right = if x + 1 < w { c[i + 1] } else { 0 };
            let down = if y + 1 < h { c[i + w] } else { 0 };
            let diag = if x + 1 < w && y + 1 < h {
                c[i + w + 1]
            } else {
                0
            };
            c[i] = right.min(down).min(diag).saturating_add(1);
        }
    }
}

/// The clearance of cell `i = y * w + x` from its area and its three already-current
/// dependents: exactly the recurrence [`clearance_into`] evaluates.
#[inline]
fn clearance_at(cells: &[u8], c: &[u8], w: usize, h: usize, x: usize, y: usize) -> u8 {
    let i = y * w + x;
    if cells[i] == WALL {
        return 0;
    }
    let right = if x + 1 < w { c[i + 1] } else { 0 };
    let down = if y + 1 < h { c[i + w] } else { 0 };
    let diag = if x + 1 < w && y + 1 < h {
        c[i + w + 1]
    } else {
        0
    };
    right.min(down).min(diag).saturating_add(1)
}

/// The most rectangles one repair sweep takes one by one; more are merged into their
/// bounding box (the spec's threshold).
pub const REPAIR_MERGE_THRESHOLD: usize = 32;

/// Repairs `clearance` (current before the edits) after the cells inside `rects` were edited.
/// Returns the number of cells recomputed.
///
/// `cells` is the `width × height` grid as it is now; `rects` lie inside it. More than
/// [`REPAIR_MERGE_THRESHOLD`] rectangles are merged into their bounding box first.
///
/// # Complexity
///
/// O(rows swept × rectangles) for the bookkeeping plus the recomputed cells; at most O(cells).
pub(crate) fn repair_clearance(
    cells: &[u8],
    width: u32,
    height: u32,
    clearance: &mut [u8],
    rects: &[GridRect],
) -> u64 {
    let merged;
    let rects = if rects.len() > REPAIR_MERGE_THRESHOLD {
        merged = rects[1..].iter().fold(rects[0], |a, r| a.union(r));
        core::slice::from_ref(&merged)
    } else {
        rects
    };
    let Some(bottom) = rects.iter().map(GridRect::bottom).max() else {
        return 0;
    };
    let top = rects.iter().map(|r| r.y).min().unwrap_or(0);
    let (w, h) = (width as usize, height as usize);
    let mut recomputed = 0u64;
    // The changed interval (inclusive) of the row below the one being swept.
    let mut below: Option<(usize, usize)> = None;
    // Candidate intervals of one row, sorted and merged: at most the rectangles plus one.
    let mut ivs: heapless::Vec<(usize, usize), { REPAIR_MERGE_THRESHOLD + 1 }> =
        heapless::Vec::new();
    for y in (0..bottom as usize).rev() {
        ivs.clear();
        for r in rects {
            if (r.y as usize..r.bottom() as usize).contains(&y) {
                let _ = ivs.push((r.x as usize, r.right() as usize - 1));
            }
        }
        if let Some((lo, hi)) = below {
            let _ = ivs.push((lo.saturating_sub(1), hi));
        }
        if ivs.is_empty() {
            if y < top as usize {
                break; // nothing above can change any more
            }
            continue;
        }
        ivs.sort_unstable();
        // Merge overlapping or touching intervals in place.
        let mut n = 1;
        for k in 1..ivs.len() {
            let (s, e) = ivs[k];
            if s <= ivs[n - 1].1 + 1 {
                ivs[n - 1].1 = ivs[n - 1].1.max(e);
            } else {
                ivs[n] = (s, e);
                n += 1;
            }
        }
        ivs.truncate(n);
        // Sweep right to left: inside a candidate interval always recompute; outside only
        // while the cell to the right changed.
        let mut changed: Option<(usize, usize)> = None;
        let mut k = ivs.len() - 1;
        let mut k_live = true; // ivs[k] is the interval at or left of x not yet passed
        let mut x = ivs[k].1;
        let mut carry = false;
        loop {
            if k_live && x < ivs[k].0 {
                if k == 0 {
                    k_live = false;
                } else {
                    k -= 1;
                }
            }
            let inside = k_live && x >= ivs[k].0 && x <= ivs[k].1;
            if !inside && !carry {
                if !k_live {
                    break;
                }
                x = ivs[k].1; // jump to the next candidate interval on the left
                continue;
            }
            let i = y * w + x;
            let v = clearance_at(cells, clearance, w, h, x, y);
            recomputed += 1;
            carry = v != clearance[i];
            if carry {
                clearance[i] = v;
                changed = Some(match changed {
                    None => (x, x),
                    Some((lo, hi)) => (lo.min(x), hi.max(x)),
                });
            }
            if x == 0 {
                break;
            }
            x -= 1;
        }
        below = changed;
    }
    recomputed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::cell_store::CellStore;

    fn clearance(s: &CellStore) -> Vec<u8> {
        let mut c = Vec::new();
        clearance_into(s.cells(), s.width(), s.height(), &mut c);
        c
    }

    #[test]
    fn small_known_answer() {
        // ...
        // ..#
        // ...
        let mut c = Vec::new();
        clearance_into(&[0, 0, 0, 0, 0, WALL, 0, 0, 0], 3, 3, &mut c);
        assert_eq!(c, [2, 1, 1, 2, 1, 0, 1, 1, 1]);
        // The vector is reused: a smaller grid shrinks it.
        clearance_into(&[WALL, 0], 2, 1, &mut c);
        assert_eq!(c, [0, 1]);
    }

    /// Applies random rectangle edits and checks the repair against a full recompute.
    #[test]
    fn repair_equals_recompute() {
        let mut rng = crate::math::SplitMix64::new(11);
        for round in 0..300 {
            let (w, h) = (1 + rng.below(14), 1 + rng.below(14));
            let cells: Vec<u8> = (0..w * h)
                .map(|_| if rng.chance(1, 4) { WALL } else { 0 })
                .collect();
            let mut g = CellStore::from_areas(w, h, cells).unwrap();
            let mut c = clearance(&g);
            let mut rects = Vec::new();
            for _ in 0..=rng.below(if round % 5 == 0 { 40 } else { 4 }) {
                let (x, y) = (rng.below(w), rng.below(h));
                let (rw, rh) = (1 + rng.below(w - x), 1 + rng.below(h - y));
                let area = if rng.chance(1, 2) { WALL } else { 0 };
                g.set_rect(x as i32, y as i32, rw.min(3), rh.min(3), area)
                    .unwrap();
                rects.push(GridRect {
                    x,
                    y,
                    width: rw.min(3),
                    height: rh.min(3),
                });
            }
            repair_clearance(g.cells(), w, h, &mut c, &rects);
            assert_eq!(c, clearance(&g), "round {round}");
        }
    }

    #[test]
    fn repair_of_one_wall_is_local() {
        let mut g = CellStore::new(64, 64).unwrap();
        let mut c = clearance(&g);
        g.set_area(crate::Cell::new(40, 40), WALL).unwrap();
        let n = repair_clearance(g.cells(), 64, 64, &mut c, &[GridRect::cell(40, 40)]);
        assert_eq!(c, clearance(&g));
        // Only cells up and to the left whose square reached (40, 40) change, plus one
        // unchanged neighbour per row at most.
        assert!(n < 41 * 41 + 2 * 41, "recomputed {n}");
        assert!(n > 0);
    }

    #[test]
    fn caps_at_255() {
        let g = CellStore::new(300, 300).unwrap();
        let c = clearance(&g);
        assert_eq!(c[0], 255);
        assert_eq!(c[299 * 300 + 299], 1);
    }
}
