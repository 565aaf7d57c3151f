//! The voxel grid reference (spec: grids.md, “3D voxel grids”), written from the text and not
//! from the engine: moves are enumerated from the definition (every offset in {-1, 0, 1}³ with
//! at most 1, 2 or 3 moving axes), the corner rules are judged over the move's bounding box,
//! and costs come from an O(n²) Dijkstra with a linear scan.
//!
//! - The *swept* voxels of a move are the voxels of the box spanned by start and destination
//!   other than those two. NoCornerCutting: all open. NoSqueezing: a monotone route of face
//!   steps (each step moves one axis one voxel towards the destination) from start to
//!   destination exists through open voxels of the box. AllowAll: nothing swept is checked.
//! - A move costs `length * ((m[from] + m[to]) * 0.5)`, length √(moving axes).
//! - The heuristic reference is the Dijkstra cost on an empty block with unit multipliers.

/// A voxel position.
pub type Pos3 = (i32, i32, i32);

/// Solid voxel.
pub const SOLID: u8 = 255;

/// The corner rules, as the spec names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Every swept voxel open.
    NoCornerCutting,
    /// A monotone face route through open voxels.
    NoSqueezing,
    /// Destination only.
    AllowAll,
}

/// A block of voxels with area ids and multipliers.
#[derive(Clone, Debug)]
pub struct VoxelModel {
    /// Size on x, y, z.
    pub size: (i32, i32, i32),
    /// Areas, `x + sx * (y + sy * z)`.
    pub areas: Vec<u8>,
    /// Multiplier per area id 0..=254.
    pub mult: Vec<f64>,
    /// Most moving axes per move: 1 (6 moves), 2 (18), 3 (26).
    pub max_axes: u32,
    /// The corner rule.
    pub rule: Rule,
}

impl VoxelModel {
    /// Whether `p` is inside.
    pub fn inside(&self, p: Pos3) -> bool {
        p.0 >= 0
            && p.1 >= 0
            && p.2 >= 0
            && p.0 < self.size.0
            && p.1 < self.size.1
            && p.2 < self.size.2
    }

    /// The node of an inside voxel.
    pub fn index(&self, p: Pos3) -> usize {
        (p.0 + self.size.0 * (p.1 + self.size.1 * p.2)) as usize
    }

    /// The voxel of a node.
    pub fn pos(&self, i: usize) -> Pos3 {
        let i = i as i32;
        (
            i % self.size.0,
            (i / self.size.0) % self.size.1,
            i / (self.size.0 * self.size.1),
        )
    }

    /// Whether `p` is inside and open.
    pub fn open(&self, p: Pos3) -> bool {
        self.inside(p) && self.areas[self.index(p)] != SOLID
    }

    fn monotone_route(&self, from: Pos3, to: Pos3) -> bool {
        // Depth-first over face steps towards `to`, only through open voxels.
        if from == to {
            return true;
        }
        let steps = [
            ((to.0 - from.0).signum(), 0, 0),
            (0, (to.1 - from.1).signum(), 0),
            (0, 0, (to.2 - from.2).signum()),
        ];
        steps.iter().any(|&(dx, dy, dz)| {
            if (dx, dy, dz) == (0, 0, 0) {
                return false;
            }
            let n = (from.0 + dx, from.1 + dy, from.2 + dz);
            self.open(n) && self.monotone_route(n, to)
        })
    }

    /// The price of the move `from → to` when it is legal.
    pub fn step(&self, from: Pos3, to: Pos3) -> Option<f64> {
        let d = (to.0 - from.0, to.1 - from.1, to.2 - from.2);
        if d.0.abs() > 1 || d.1.abs() > 1 || d.2.abs() > 1 || d == (0, 0, 0) {
            return None;
        }
        let axes = (d.0 != 0) as u32 + (d.1 != 0) as u32 + (d.2 != 0) as u32;
        if axes > self.max_axes || !self.open(from) || !self.open(to) {
            return None;
        }
        let legal = match self.rule {
            Rule::AllowAll => true,
            Rule::NoSqueezing => self.monotone_route(from, to),
            Rule::NoCornerCutting => {
                let mut ok = true;
                for x in from.0.min(to.0)..=from.0.max(to.0) {
                    for y in from.1.min(to.1)..=from.1.max(to.1) {
                        for z in from.2.min(to.2)..=from.2.max(to.2) {
                            ok &= self.open((x, y, z));
                        }
                    }
                }
                ok
            }
        };
        if !legal {
            return None;
        }
        let length = match axes {
            1 => 1.0,
            2 => 2f64.sqrt(),
            _ => 3f64.sqrt(),
        };
        let m = |p: Pos3| self.mult[self.areas[self.index(p)] as usize];
        Some(length * ((m(from) + m(to)) * 0.5))
    }

    /// The legal moves out of `p` (any order: Dijkstra does not care).
    pub fn moves(&self, p: Pos3) -> Vec<(Pos3, f64)> {
        let mut out = Vec::new();
        for dz in -1..=1 {
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let q = (p.0 + dx, p.1 + dy, p.2 + dz);
                    if let Some(c) = self.step(p, q) {
                        out.push((q, c));
                    }
                }
            }
        }
        out
    }
}

/// O(n²) Dijkstra (Dijkstra 1959): the cheapest cost from `start` to every voxel (+∞ where
/// unreachable; nothing reached when the start is not open).
pub fn dijkstra(model: &VoxelModel, start: Pos3) -> Vec<f64> {
    let n = model.areas.len();
    let mut cost = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    if !model.open(start) {
        return cost;
    }
    cost[model.index(start)] = 0.0;
    while let Some(u) = crate::dijkstra_ref::cheapest_unsettled(&cost, &done) {
        done[u] = true;
        for (to, step) in model.moves(model.pos(u)) {
            let v = model.index(to);
            let c = cost[u] + step;
            if c < cost[v] {
                cost[v] = c;
            }
        }
    }
    cost
}

/// A random model: size per axis in `lo..=hi`, a solid density in percent, areas 0..=3 with
/// the given multipliers (index = area id).
pub fn random_model(
    rng: &mut crate::rng::SplitMix64,
    lo: i32,
    hi: i32,
    solid_percent: u64,
    mult4: [f64; 4],
    max_axes: u32,
    rule: Rule,
) -> VoxelModel {
    let size = (
        rng.range_i32(lo, hi),
        rng.range_i32(lo, hi),
        rng.range_i32(lo, hi),
    );
    let n = (size.0 * size.1 * size.2) as usize;
    let areas = (0..n)
        .map(|_| {
            if rng.below(100) < solid_percent {
                SOLID
            } else {
                rng.below(4) as u8
            }
        })
        .collect();
    let mut mult = vec![1.0; 255];
    mult[..4].copy_from_slice(&mult4);
    VoxelModel {
        size,
        areas,
        mult,
        max_axes,
        rule,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_block(s: i32, max_axes: u32, rule: Rule) -> VoxelModel {
        VoxelModel {
            size: (s, s, s),
            areas: vec![0; (s * s * s) as usize],
            mult: vec![1.0; 255],
            max_axes,
            rule,
        }
    }

    #[test]
    fn corner_rules_on_one_corner_move() {
        let mut m = open_block(2, 3, Rule::NoCornerCutting);
        assert!(m.step((0, 0, 0), (1, 1, 1)).is_some());
        m.areas[1] = SOLID; // (1, 0, 0): a face voxel of the corner move
        assert!(m.step((0, 0, 0), (1, 1, 1)).is_none());
        m.rule = Rule::NoSqueezing;
        assert!(m.step((0, 0, 0), (1, 1, 1)).is_some()); // via (0,1,0) or (0,0,1)
        // Block every edge voxel: no monotone route remains.
        for p in [(1, 1, 0), (1, 0, 1), (0, 1, 1)] {
            let i = m.index(p);
            m.areas[i] = SOLID;
        }
        assert!(m.step((0, 0, 0), (1, 1, 1)).is_none());
        m.rule = Rule::AllowAll;
        assert!(m.step((0, 0, 0), (1, 1, 1)).is_some());
    }

    #[test]
    fn empty_block_costs() {
        let m = open_block(3, 3, Rule::NoCornerCutting);
        let c = dijkstra(&m, (0, 0, 0));
        assert_eq!(c[m.index((2, 2, 2))], 2.0 * 3f64.sqrt());
        let m6 = open_block(3, 1, Rule::NoCornerCutting);
        assert_eq!(dijkstra(&m6, (0, 0, 0))[m6.index((2, 2, 1))], 5.0);
    }
}
