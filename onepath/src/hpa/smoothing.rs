//! Path smoothing after refinement (Botea, Müller & Schaeffer 2004, section 5; spec: grids.md,
//! "HPA*", "Smoothing").
//!
//! Walking from path position `i` in each allowed direction (N, E, S, W, then with eight moves
//! NE, SE, SW, NW) while the moves are legal, a walk that reaches a later path cell at position
//! `j > i + 1` and costs less than the path from `i` to `j` by more than `1e-9` is a candidate.
//! The candidate with the largest `j` wins, then the lower cost, then the earlier direction; the
//! walked cells replace positions `i + 1 ..= j` and smoothing continues from `j`. A cell the
//! path visits twice counts at its last position. The cost of the path from `i` to `j` is
//! `prefix[j] - prefix[i]` over the refined path's running sums (the 1e-9 margin absorbs the
//! rounding of the difference), so a replacement never makes the path longer.
//!
//! A walk stops early once its cost plus the margin reaches the cost of the rest of the path:
//! no later cell can be a candidate from there, so stopping changes nothing.

use alloc::vec::Vec;

use crate::grid::{Dir8, SquareTopology};
use crate::math::SQRT2;
use crate::topology::Topology;

/// The margin a shortcut must beat the path by.
const MARGIN: f64 = 1e-9;

/// The cost of the legal move `from → to`, or `None` when it is not a move of `topo`.
pub(crate) fn move_cost(topo: &SquareTopology<'_>, from: u32, to: u32) -> Option<f64> {
    let mut out = None;
    topo.for_each_neighbor(from, |m, c| {
        if m == to && out.is_none() {
            out = Some(c);
        }
    });
    out
}

/// The legal move out of `from` in direction `d` (0..8 in the order of [`Dir8::OFFSETS`]),
/// with its cost: the topology's rule and cost written out for one direction (the target
/// walkable for the agent; a diagonal's beside cells judged by the diagonal rule; cost
/// `length * ((m[from] + m[to]) * 0.5)`), so the walk tests one move, not eight.
fn move_in(topo: &SquareTopology<'_>, from: u32, d: usize) -> Option<(u32, f64)> {
    let grid = topo.grid();
    let (w, h) = (grid.width(), grid.height());
    let (dx, dy) = Dir8::OFFSETS[d];
    let (fx, fy) = (i64::from(from % w), i64::from(from / w));
    let (x, y) = (fx + i64::from(dx), fy + i64::from(dy));
    if x < 0 || y < 0 || x >= i64::from(w) || y >= i64::from(h) {
        return None;
    }
    let at = |x: i64, y: i64| (y * i64::from(w) + x) as u32;
    let to = at(x, y);
    if !topo.is_walkable(to) {
        return None;
    }
    let length = if dx != 0 && dy != 0 {
        let a = topo.is_walkable(at(x, fy));
        let b = topo.is_walkable(at(fx, y));
        if !topo.diagonal_rule().allows(a, b) {
            return None;
        }
        SQRT2
    } else {
        1.0
    };
    let areas = grid.areas();
    let cells = grid.cells();
    let (ma, mb) = (
        areas.get(cells[from as usize]),
        areas.get(cells[to as usize]),
    );
    Some((to, length * ((ma + mb) * 0.5)))
}

/// Reusable memory of the smoother.
#[derive(Clone, Debug, Default)]
pub(crate) struct Smoother {
    prefix: Vec<f64>,
    /// Per grid cell: the last path position of the cell, valid when its stamp is `stamp`.
    last: Vec<u32>,
    stamps: Vec<u32>,
    stamp: u32,
}

impl Smoother {
    /// Smooths the legal path `path` of `topo` into `out` (cleared first).
    pub fn smooth(&mut self, topo: &SquareTopology<'_>, path: &[u32], out: &mut Vec<u32>) {
        out.clear();
        let Some(&first) = path.first() else {
            return;
        };
        let len = path.len();
        self.prefix.clear();
        self.prefix.push(0.0);
        for k in 1..len {
            let c = move_cost(topo, path[k - 1], path[k]).unwrap_or(f64::INFINITY);
            let p = self.prefix[k - 1] + c;
            self.prefix.push(p);
        }
        let cells = topo.grid().cell_count() as usize;
        if self.last.len() != cells {
            self.last.clear();
            self.last.resize(cells, 0);
            self.stamps.clear();
            self.stamps.resize(cells, 0);
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        for (k, &c) in path.iter().enumerate() {
            self.last[c as usize] = k as u32;
            self.stamps[c as usize] = self.stamp;
        }
        let dirs = if topo.connectivity() == crate::grid::Connectivity::Eight {
            8
        } else {
            4
        };
        let longest = topo.grid().width().max(topo.grid().height());
        out.push(first);
        let mut i = 0;
        while i + 1 < len {
            let rest = self.prefix[len - 1] - self.prefix[i];
            // (j, cost, direction, steps) of the best candidate.
            let mut best: Option<(usize, f64, usize, u32)> = None;
            for d in 0..dirs {
                let mut cur = path[i];
                let mut walk = 0.0;
                for steps in 1..=longest {
                    let Some((next, c)) = move_in(topo, cur, d) else {
                        break;
                    };
                    walk += c;
                    if walk + MARGIN >= rest {
                        break;
                    }
                    cur = next;
                    if self.stamps[next as usize] != self.stamp {
                        continue;
                    }
                    let j = self.last[next as usize] as usize;
                    if j <= i + 1 || walk + MARGIN >= self.prefix[j] - self.prefix[i] {
                        continue;
                    }
                    let better = match best {
                        None => true,
                        Some((bj, bc, _, _)) => j > bj || (j == bj && walk < bc),
                    };
                    if better {
                        best = Some((j, walk, d, steps));
                    }
                }
            }
            if let Some((j, _, d, steps)) = best {
                let mut cur = path[i];
                for _ in 0..steps {
                    // Cannot fail: the same walk was legal above.
                    let Some((next, _)) = move_in(topo, cur, d) else {
                        break;
                    };
                    out.push(next);
                    cur = next;
                }
                i = j;
            } else {
                out.push(path[i + 1]);
                i += 1;
            }
        }
    }
}
