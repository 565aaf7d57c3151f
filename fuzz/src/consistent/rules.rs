//! [`Rules`] of each record kind, written from the spec and `docs/snapshot-format.md` (not
//! from the engines' private code): the record a move sets, the open key, the pop order, the
//! candidate moves.

use onepath::fast::Pair;
use onepath::graph::{CsrGraph, GraphHeuristic};
use onepath::grid::{Connectivity, SquareTopology};
use onepath::hpa::HpaHierarchy;
use onepath::math::sqrt;
use onepath::theta::{EuclideanHeuristic, GridLineOfSight};
use onepath::topology::{Heuristic, ManhattanHeuristic, OctileHeuristic, Topology, ZeroHeuristic};
use onepath::{Cell, Grid, GridOptions, HeuristicKind};

use super::{Entry, Rec, Rules, pair_g};

/// The eight directions in the wire's order (N, E, S, W, NE, SE, SW, NW).
const DIRS: [(i64, i64); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// One of the square-grid estimates, aimed at a goal.
#[derive(Clone, Copy, Debug)]
pub enum GridHeuristic {
    /// Zero.
    Zero(ZeroHeuristic),
    /// Manhattan.
    Manhattan(ManhattanHeuristic),
    /// Octile.
    Octile(OctileHeuristic),
}

impl GridHeuristic {
    /// The estimate the tier-1 handle resolves for `options` on `grid` (Auto: Manhattan for
    /// four moves, octile for eight; scaled by the smallest multiplier), aimed at `goal`.
    pub fn for_options(options: &GridOptions, grid: &Grid, goal: u32) -> Self {
        let (w, m) = (grid.width(), grid.areas().min_cost());
        let mut h = match (options.heuristic, options.connectivity) {
            (HeuristicKind::Zero, _) => Self::Zero(ZeroHeuristic),
            (HeuristicKind::Manhattan, _) | (HeuristicKind::Auto, Connectivity::Four) => {
                Self::Manhattan(ManhattanHeuristic::new(w, m))
            }
            _ => Self::Octile(OctileHeuristic::new(w, m)),
        };
        h.set_goal(goal);
        h
    }

    fn set_goal(&mut self, goal: u32) {
        match self {
            Self::Zero(h) => h.set_goal(goal),
            Self::Manhattan(h) => h.set_goal(goal),
            Self::Octile(h) => h.set_goal(goal),
        }
    }

    /// The estimate of `node`.
    pub fn estimate(&self, node: u32) -> f64 {
        match self {
            Self::Zero(h) => h.estimate(node),
            Self::Manhattan(h) => h.estimate(node),
            Self::Octile(h) => h.estimate(node),
        }
    }
}

/// Kind 2 (and kind 3 nesting it): the generic A* over a square topology; `f = g + w·h`.
/// With `jumps` (JPS nested as kind 2) no move is derived (re-pointing and growing are off).
pub struct GridRules<'g> {
    /// The topology the search runs on.
    pub topology: SquareTopology<'g>,
    /// The estimate, aimed at the goal.
    pub heuristic: GridHeuristic,
    /// The weight.
    pub weight: f64,
    /// Jump point search nested as kind 2: parents are jump points.
    pub jumps: bool,
}

impl Rules for GridRules<'_> {
    fn via(&self, _side: usize, parent: &Rec, child: u32) -> Option<Rec> {
        if self.jumps {
            return None;
        }
        let mut base = None;
        self.topology.for_each_neighbor(parent.node, |m, c| {
            if m == child && base.is_none() {
                base = Some(c);
            }
        });
        let step = base?;
        Some(Rec {
            node: child,
            parent: parent.node,
            g: parent.g + step,
            pair: (0, 0),
            dir: 8,
            closed: false,
        })
    }
    fn entry(&self, _side: usize, rec: &Rec) -> Entry {
        Entry {
            node: rec.node,
            f: rec.g + self.weight * self.heuristic.estimate(rec.node) + 0.0,
            g32: 0,
        }
    }
    fn neighbours(&self, _side: usize, parent: &Rec, out: &mut Vec<u32>) {
        if !self.jumps {
            self.topology
                .for_each_neighbor(parent.node, |m, _| out.push(m));
        }
    }
}

/// Kinds 4 and 5: the specialised octile engines (pairs, arrival directions).
pub struct OctileRules<'g> {
    /// The grid.
    pub grid: &'g Grid,
    /// The goal cell.
    pub goal: u32,
    /// The zero estimate.
    pub zero: bool,
    /// Kind 5 (jump points: any aligned hop, or any offset with improved pruning); else kind
    /// 4 (one step, no corner cutting).
    pub jump: Option<bool>,
}

impl OctileRules<'_> {
    fn xy(&self, c: u32) -> (i64, i64) {
        let w = i64::from(self.grid.width());
        (i64::from(c) % w, i64::from(c) / w)
    }
    fn open(&self, x: i64, y: i64) -> bool {
        let (w, h) = (i64::from(self.grid.width()), i64::from(self.grid.height()));
        x >= 0
            && y >= 0
            && x < w
            && y < h
            && self.grid.cells()[(y * w + x) as usize] != onepath::grid::WALL
    }
    fn f(&self, pair: (u32, u32), cell: u32) -> f64 {
        let (x, y) = self.xy(cell);
        let (gx, gy) = self.xy(self.goal);
        let (dx, dy) = if self.zero {
            (0, 0)
        } else {
            (x.abs_diff(gx) as u32, y.abs_diff(gy) as u32)
        };
        Pair::new(pair.0, pair.1).f(dx, dy)
    }
}

/// The direction of a hop's last step (diagonal steps first).
fn last_step(dx: i64, dy: i64) -> Option<u8> {
    let (sx, sy) = (dx.signum(), dy.signum());
    let d = match dx.abs().cmp(&dy.abs()) {
        core::cmp::Ordering::Greater => (sx, 0),
        core::cmp::Ordering::Less => (0, sy),
        core::cmp::Ordering::Equal => (sx, sy),
    };
    DIRS.iter().position(|&o| o == d).map(|p| p as u8)
}

impl Rules for OctileRules<'_> {
    fn via(&self, _side: usize, parent: &Rec, child: u32) -> Option<Rec> {
        let ((px, py), (x, y)) = (self.xy(parent.node), self.xy(child));
        if !self.open(x, y) || child >= self.grid.cell_count() {
            return None;
        }
        let (dx, dy) = (x - px, y - py);
        let (ax, ay) = (dx.unsigned_abs() as u32, dy.unsigned_abs() as u32);
        let (pair, dir) = match self.jump {
            None => {
                let d = DIRS.iter().position(|&o| o == (dx, dy))? as u8;
                let diagonal = d >= 4;
                if diagonal && !(self.open(px + dx, py) && self.open(px, py + dy)) {
                    return None;
                }
                let (a, b) = parent.pair;
                let pair = if diagonal {
                    (a, b.checked_add(1)?)
                } else {
                    (a.checked_add(1)?, b)
                };
                (pair, d)
            }
            Some(improved) => {
                if (ax, ay) == (0, 0) || (!improved && ax != 0 && ay != 0 && ax != ay) {
                    return None;
                }
                let p = Pair::new(parent.pair.0, parent.pair.1).after_hop(ax, ay)?;
                ((p.a, p.b), last_step(dx, dy)?)
            }
        };
        Some(Rec {
            node: child,
            parent: parent.node,
            g: pair_g(pair.0, pair.1),
            pair,
            dir,
            closed: false,
        })
    }
    fn entry(&self, _side: usize, rec: &Rec) -> Entry {
        let f = self.f(rec.pair, rec.node);
        Entry {
            node: rec.node,
            f,
            g32: (rec.g as f32).to_bits(),
        }
    }
    fn rank(&self, _side: usize, e: &Entry, g: f64) -> (u128, u32) {
        let cell = if self.jump.is_some() {
            e.node
        } else {
            // Kind 4 breaks ties by the engine's padded record index.
            let w = self.grid.width();
            (e.node / w + 1) * (w + 2) + e.node % w + 1
        };
        let tie = u64::from(!(g as f32).to_bits()) << 32 | u64::from(cell);
        (u128::from(e.f.to_bits()) << 64 | u128::from(tie), 0)
    }
    fn neighbours(&self, _side: usize, parent: &Rec, out: &mut Vec<u32>) {
        let (px, py) = self.xy(parent.node);
        let w = i64::from(self.grid.width());
        for &(dx, dy) in &DIRS {
            let reach = if self.jump.is_some() { 64 } else { 1 };
            for k in 1..=reach {
                let (x, y) = (px + k * dx, py + k * dy);
                if x < 0 || y < 0 || x >= w || y >= i64::from(self.grid.height()) {
                    break;
                }
                if self.open(x, y) {
                    out.push((y * w + x) as u32);
                }
            }
        }
    }
}

/// Kind 6: Theta* and its lazy variants (`g = g(parent) + m·√(dx² + dy²)`, line of sight).
pub struct ThetaRules<'g> {
    /// The grid.
    pub grid: &'g Grid,
    /// The unit cost (the smallest multiplier).
    pub m: f64,
    /// The weight.
    pub weight: f64,
    /// The estimate, aimed at the goal.
    pub heuristic: EuclideanHeuristic,
}

impl Rules for ThetaRules<'_> {
    fn via(&self, _side: usize, parent: &Rec, child: u32) -> Option<Rec> {
        let (a, b) = (self.grid.cell_of(parent.node), self.grid.cell_of(child));
        if child >= self.grid.cell_count()
            || !self.grid.is_walkable(b)
            || !GridLineOfSight::check(self.grid, a, b)
        {
            return None;
        }
        let (dx, dy) = (i64::from(b.x - a.x), i64::from(b.y - a.y));
        let sum = (dx * dx + dy * dy) as u64;
        let g = parent.g + self.m * sqrt(sum as f64);
        (g > parent.g).then_some(Rec {
            node: child,
            parent: parent.node,
            g,
            pair: (0, 0),
            dir: 8,
            closed: false,
        })
    }
    fn entry(&self, _side: usize, rec: &Rec) -> Entry {
        Entry {
            node: rec.node,
            f: rec.g + self.weight * self.heuristic.estimate(rec.node) + 0.0,
            g32: 0,
        }
    }
    fn neighbours(&self, _side: usize, parent: &Rec, out: &mut Vec<u32>) {
        let c = self.grid.cell_of(parent.node);
        for &(dx, dy) in &DIRS {
            let n = Cell::new(c.x + dx as i32, c.y + dy as i32);
            if let Some(i) = self.grid.index_of(n) {
                out.push(i);
            }
        }
    }
}

/// Kind 9: HPA*'s abstract search (intra- and inter-edges between abstract nodes; the
/// start's and goal's insertion edges are private, so no move from the start or to the goal
/// is derived).
pub struct HpaRules<'h> {
    /// The hierarchy.
    pub hier: &'h HpaHierarchy,
    /// Start and goal cells.
    pub ends: (u32, u32),
    /// The estimate (octile for eight moves, Manhattan for four), aimed at the goal.
    pub heuristic: GridHeuristic,
}

impl HpaRules<'_> {
    /// The rules for `hier` on `grid` between `start` and `goal`.
    pub fn new<'h>(hier: &'h HpaHierarchy, grid: &Grid, start: u32, goal: u32) -> HpaRules<'h> {
        let c = hier.config();
        let (w, m) = (grid.width(), grid.areas().min_cost());
        let mut heuristic = if c.connectivity == Connectivity::Eight {
            GridHeuristic::Octile(OctileHeuristic::new(w, m))
        } else {
            GridHeuristic::Manhattan(ManhattanHeuristic::new(w, m))
        };
        heuristic.set_goal(goal);
        HpaRules {
            hier,
            ends: (start, goal),
            heuristic,
        }
    }

    fn cost(&self, p: u32, v: u32) -> f64 {
        let Some(k) = self.hier.chunk_of(p) else {
            return f64::INFINITY;
        };
        let nodes = self.hier.cluster_nodes(k);
        let mut best = f64::INFINITY;
        if let (Ok(i), Ok(j)) = (nodes.binary_search(&p), nodes.binary_search(&v))
            && i != j
        {
            best = best.min(self.hier.intra_cost(k, i, j));
        }
        for e in self.hier.inter_edges(k) {
            if e.from == p && e.to == v {
                best = best.min(e.cost);
            }
        }
        best
    }
}

impl Rules for HpaRules<'_> {
    fn via(&self, _side: usize, parent: &Rec, child: u32) -> Option<Rec> {
        let (start, goal) = self.ends;
        if parent.node == start || child == goal || child == start {
            return None;
        }
        let c = self.cost(parent.node, child);
        c.is_finite().then_some(Rec {
            node: child,
            parent: parent.node,
            g: parent.g + c,
            pair: (0, 0),
            dir: 8,
            closed: false,
        })
    }
    fn entry(&self, _side: usize, rec: &Rec) -> Entry {
        Entry {
            node: rec.node,
            f: rec.g + self.heuristic.estimate(rec.node),
            g32: 0,
        }
    }
    fn neighbours(&self, _side: usize, parent: &Rec, out: &mut Vec<u32>) {
        if let Some(k) = self.hier.chunk_of(parent.node) {
            out.extend_from_slice(self.hier.cluster_nodes(k));
            out.extend(
                self.hier
                    .inter_edges(k)
                    .iter()
                    .filter(|e| e.from == parent.node)
                    .map(|e| e.to),
            );
        }
    }
}

/// Kinds 12 and 13: graph A* (keys `g + h(v, goal)`) and the bidirectional search (forward
/// keys `g + pf(v)`, backward `g − pf(v)` over in-edges, `pf = ½(h(v, goal) − h(start, v))`).
pub struct GraphRules<'g, H> {
    /// The graph.
    pub graph: &'g CsrGraph,
    /// The estimate.
    pub heuristic: H,
    /// Start and goal.
    pub ends: (u32, u32),
    /// Kind 13.
    pub bidirectional: bool,
}

impl<H: GraphHeuristic> GraphRules<'_, H> {
    fn potential(&self, v: u32) -> f64 {
        let (start, goal) = self.ends;
        let h = &self.heuristic;
        0.5 * (h.estimate(v, goal) - h.estimate(start, v))
    }
}

impl<H: GraphHeuristic> Rules for GraphRules<'_, H> {
    fn via(&self, side: usize, parent: &Rec, child: u32) -> Option<Rec> {
        let mut best: Option<f64> = None;
        let mut offer = |w: f64| {
            let g = parent.g + w;
            if best.is_none_or(|b| g < b) {
                best = Some(g);
            }
        };
        if side == 0 {
            self.graph
                .out_edges(parent.node)
                .filter(|&(t, _)| t == child)
                .for_each(|(_, w)| offer(w));
        } else {
            self.graph
                .in_edges(parent.node)
                .filter(|&(s, _)| s == child)
                .for_each(|(_, w)| offer(w));
        }
        best.map(|g| Rec {
            node: child,
            parent: parent.node,
            g,
            pair: (0, 0),
            dir: 8,
            closed: false,
        })
    }
    fn entry(&self, side: usize, rec: &Rec) -> Entry {
        let f = if self.bidirectional {
            let p = self.potential(rec.node);
            let addend = if !p.is_finite() {
                f64::INFINITY
            } else if side == 0 {
                p
            } else {
                -p
            };
            rec.g + addend + 0.0
        } else {
            rec.g + (0.0 + self.heuristic.estimate(rec.node, self.ends.1)) + 0.0
        };
        Entry {
            node: rec.node,
            f,
            g32: 0,
        }
    }
    fn neighbours(&self, side: usize, parent: &Rec, out: &mut Vec<u32>) {
        if side == 0 {
            out.extend(self.graph.out_edges(parent.node).map(|(t, _)| t));
        } else {
            out.extend(self.graph.in_edges(parent.node).map(|(s, _)| s));
        }
    }
}
