//! [`VoxelTopology`]: a [`VoxelGrid`] as a [`Topology`] for the generic
//! [`AStar`](crate::search::AStar) (tier 2).
//!
//! A move leaves an open voxel for an open neighbour inside the block in the order of
//! [`MOVES`] (the first 6, 18 or 26), legal under the [`VoxelCornerRule`], and costs
//! `length * ((m[from] + m[to]) * 0.5)` where `m` is the area multiplier of a voxel (spec:
//! grids.md, “3D voxel grids”, “Moves and costs”). The topology reads the grid's live chunk
//! table: it caches nothing.

use super::cell::VoxelCell;
use super::moves::{MOVES, VoxelConnectivity, VoxelCornerRule, VoxelMove};
use super::voxel_grid::VoxelGrid;
use crate::grid::WALL;
use crate::topology::Topology;

/// The moves of a voxel grid under a connectivity and a corner rule (tier 2/3).
///
/// # Examples
///
/// ```
/// use onepath::search::{AStar, Step};
/// use onepath::topology::DefaultStepCost;
/// use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid, VoxelHeuristic, VoxelTopology};
///
/// let grid = VoxelGrid::new(4, 4, 4).unwrap();
/// let topo = VoxelTopology::new(&grid, VoxelConnectivity::TwentySix, VoxelCornerRule::NoCornerCutting);
/// let h = VoxelHeuristic::new(&grid, VoxelConnectivity::TwentySix);
/// let mut search = AStar::new(DefaultStepCost, h);
/// let (a, b) = (grid.index_of(VoxelCell::new(0, 0, 0)).unwrap(), grid.index_of(VoxelCell::new(3, 3, 3)).unwrap());
/// assert_eq!(search.try_begin(&topo, a, b), onepath::Step::InProgress);
/// assert_eq!(search.run(&topo), Step::Found);
/// assert_eq!(search.cost(), 3.0 * onepath::math::SQRT3); // three corner moves
/// ```
#[derive(Clone, Copy, Debug)]
pub struct VoxelTopology<'g> {
    grid: &'g VoxelGrid,
    moves: &'static [VoxelMove],
    rule: VoxelCornerRule,
}

impl<'g> VoxelTopology<'g> {
    /// The moves of `grid` with `connectivity` under `rule`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::topology::Topology;
    /// use onepath::voxel::{VoxelConnectivity, VoxelCornerRule, VoxelGrid, VoxelTopology};
    /// let grid = VoxelGrid::new(3, 3, 3).unwrap();
    /// let topo = VoxelTopology::new(&grid, VoxelConnectivity::TwentySix, VoxelCornerRule::NoCornerCutting);
    /// let mut n = 0;
    /// topo.for_each_neighbor(13, |_, _| n += 1); // the centre voxel
    /// assert_eq!((topo.node_count(), n), (27, 26));
    /// ```
    pub fn new(
        grid: &'g VoxelGrid,
        connectivity: VoxelConnectivity,
        rule: VoxelCornerRule,
    ) -> Self {
        Self {
            grid,
            moves: &MOVES[..connectivity.move_count()],
            rule,
        }
    }

    /// The grid.
    pub fn grid(&self) -> &'g VoxelGrid {
        self.grid
    }

    /// The corner rule.
    pub fn rule(&self) -> VoxelCornerRule {
        self.rule
    }

    /// Whether the swept voxels of the edge or corner move `m` allow it under the rule, given
    /// `open`, the open bits of the 3 × 3 × 3 neighbourhood of the voxel it leaves (bit
    /// [`near`] of an offset; voxels outside the block are not open). The face voxels of a
    /// move take one of its moving axes alone, the edge voxels of a corner move two.
    #[inline]
    fn swept_ok(&self, open: u32, m: &VoxelMove) -> bool {
        let axes = (m.dx != 0) as u8 + (m.dy != 0) as u8 + (m.dz != 0) as u8;
        if axes == 1 || self.rule == VoxelCornerRule::AllowAll {
            return true;
        }
        let at = |dx: i8, dy: i8, dz: i8| open & (1 << near(dx, dy, dz)) != 0;
        let fx = m.dx != 0 && at(m.dx, 0, 0);
        let fy = m.dy != 0 && at(0, m.dy, 0);
        let fz = m.dz != 0 && at(0, 0, m.dz);
        if axes == 2 {
            return match self.rule {
                VoxelCornerRule::NoCornerCutting => {
                    (fx || m.dx == 0) && (fy || m.dy == 0) && (fz || m.dz == 0)
                }
                _ => fx || fy || fz,
            };
        }
        let exy = at(m.dx, m.dy, 0);
        let exz = at(m.dx, 0, m.dz);
        let eyz = at(0, m.dy, m.dz);
        match self.rule {
            VoxelCornerRule::NoCornerCutting => fx && fy && fz && exy && exz && eyz,
            _ => (fx && (exy || exz)) || (fy && (exy || eyz)) || (fz && (exz || eyz)),
        }
    }

    /// Visits the legal moves out of the inside voxel `(x, y, z)` in the normative order as
    /// `visit(nx, ny, nz, base_cost)`.
    ///
    /// Reads each of the 27 voxels around `(x, y, z)` once (a move's destination and its
    /// swept voxels are all among them), then decides every move from those bits.
    #[inline]
    pub(crate) fn for_each_move<F: FnMut(u32, u32, u32, f64)>(
        &self,
        x: u32,
        y: u32,
        z: u32,
        mut visit: F,
    ) {
        let g = self.grid;
        let (sx, sy, sz) = g.size();
        let areas = g.areas();
        let mut area = [WALL; 27];
        let mut open = 0u32;
        for dz in -1i8..=1 {
            let nz = z.wrapping_add(dz as i32 as u32);
            if nz >= sz {
                continue;
            }
            for dy in -1i8..=1 {
                let ny = y.wrapping_add(dy as i32 as u32);
                if ny >= sy {
                    continue;
                }
                for dx in -1i8..=1 {
                    // Wrapping: -1 from 0 becomes u32::MAX, outside like any too-large value.
                    let nx = x.wrapping_add(dx as i32 as u32);
                    if nx >= sx {
                        continue;
                    }
                    let i = near(dx, dy, dz);
                    let a = g.area_at(nx, ny, nz);
                    area[i as usize] = a;
                    open |= u32::from(a != WALL) << i;
                }
            }
        }
        let m_from = areas.get(area[13]);
        for m in self.moves {
            let i = near(m.dx, m.dy, m.dz);
            if open & (1 << i) == 0 || !self.swept_ok(open, m) {
                continue;
            }
            let nx = x.wrapping_add(m.dx as i32 as u32);
            let ny = y.wrapping_add(m.dy as i32 as u32);
            let nz = z.wrapping_add(m.dz as i32 as u32);
            let a = area[i as usize];
            visit(nx, ny, nz, m.length * ((m_from + areas.get(a)) * 0.5));
        }
    }

    /// Visits the legal moves out of `cell` (nothing when it is outside) as
    /// `visit(neighbour, base_cost)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid, VoxelTopology};
    /// let grid = VoxelGrid::new(2, 2, 2).unwrap();
    /// let topo = VoxelTopology::new(&grid, VoxelConnectivity::Six, VoxelCornerRule::NoCornerCutting);
    /// let mut around = Vec::new();
    /// topo.for_each_cell_neighbor(VoxelCell::new(0, 0, 0), |c, cost| around.push((c, cost)));
    /// assert_eq!(around.len(), 3); // a corner voxel has three face neighbours inside
    /// assert!(around.contains(&(VoxelCell::new(0, 0, 1), 1.0)));
    /// ```
    pub fn for_each_cell_neighbor<F: FnMut(VoxelCell, f64)>(&self, cell: VoxelCell, mut visit: F) {
        if self.grid.contains(cell) {
            self.for_each_move(cell.x as u32, cell.y as u32, cell.z as u32, |x, y, z, c| {
                visit(VoxelCell::new(x as i32, y as i32, z as i32), c);
            });
        }
    }
}

/// The bit of the offset `(dx, dy, dz)` (each -1..=1) in a 3 × 3 × 3 neighbourhood.
#[inline]
const fn near(dx: i8, dy: i8, dz: i8) -> u32 {
    ((dx + 1) + 3 * (dy + 1) + 9 * (dz + 1)) as u32
}

impl Topology for VoxelTopology<'_> {
    fn node_count(&self) -> u32 {
        self.grid.voxel_count()
    }

    fn is_walkable(&self, node: u32) -> bool {
        node < self.grid.voxel_count() && self.grid.is_walkable(self.grid.cell_of(node))
    }

    fn for_each_neighbor<F: FnMut(u32, f64)>(&self, node: u32, mut visit: F) {
        if node >= self.grid.voxel_count() {
            return;
        }
        let c = self.grid.cell_of(node);
        let (sx, sy, _) = self.grid.size();
        self.for_each_move(c.x as u32, c.y as u32, c.z as u32, |x, y, z, cost| {
            visit(x + sx * (y + sy * z), cost);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The swept-voxel rule read voxel by voxel, as the spec states it.
    fn legal_by_definition(t: &VoxelTopology<'_>, x: u32, y: u32, z: u32, m: &VoxelMove) -> bool {
        let g = t.grid;
        let (sx, sy, sz) = g.size();
        let open = |dx: i8, dy: i8, dz: i8| {
            let (nx, ny, nz) = (
                x.wrapping_add(dx as i32 as u32),
                y.wrapping_add(dy as i32 as u32),
                z.wrapping_add(dz as i32 as u32),
            );
            nx < sx && ny < sy && nz < sz && g.area_at(nx, ny, nz) != WALL
        };
        if !open(m.dx, m.dy, m.dz) {
            return false;
        }
        let axes = (m.dx != 0) as u8 + (m.dy != 0) as u8 + (m.dz != 0) as u8;
        if axes == 1 || t.rule == VoxelCornerRule::AllowAll {
            return true;
        }
        let faces = [
            (m.dx != 0).then(|| open(m.dx, 0, 0)),
            (m.dy != 0).then(|| open(0, m.dy, 0)),
            (m.dz != 0).then(|| open(0, 0, m.dz)),
        ];
        let any_face = faces.contains(&Some(true));
        let all_faces = faces.iter().all(|f| *f != Some(false));
        if axes == 2 {
            return if t.rule == VoxelCornerRule::NoCornerCutting {
                all_faces
            } else {
                any_face
            };
        }
        let (exy, exz, eyz) = (
            open(m.dx, m.dy, 0),
            open(m.dx, 0, m.dz),
            open(0, m.dy, m.dz),
        );
        let (fx, fy, fz) = (
            faces[0] == Some(true),
            faces[1] == Some(true),
            faces[2] == Some(true),
        );
        if t.rule == VoxelCornerRule::NoCornerCutting {
            all_faces && exy && exz && eyz
        } else {
            (fx && (exy || exz)) || (fy && (exy || eyz)) || (fz && (exz || eyz))
        }
    }

    #[test]
    fn the_neighbourhood_bits_decide_as_the_definition() {
        let mut rng = crate::math::SplitMix64::new(77);
        let mut grid = VoxelGrid::new(7, 6, 5).unwrap();
        for i in 0..grid.voxel_count() {
            if rng.next_u64().is_multiple_of(3) {
                grid.set_walkable(grid.cell_of(i), false).unwrap();
            }
        }
        for rule in [
            VoxelCornerRule::NoCornerCutting,
            VoxelCornerRule::NoSqueezing,
            VoxelCornerRule::AllowAll,
        ] {
            let t = VoxelTopology::new(&grid, VoxelConnectivity::TwentySix, rule);
            for i in 0..grid.voxel_count() {
                let c = grid.cell_of(i);
                let (x, y, z) = (c.x as u32, c.y as u32, c.z as u32);
                let mut got = alloc::vec::Vec::new();
                t.for_each_move(x, y, z, |nx, ny, nz, _| got.push((nx, ny, nz)));
                let want: alloc::vec::Vec<_> = MOVES
                    .iter()
                    .filter(|m| legal_by_definition(&t, x, y, z, m))
                    .map(|m| {
                        (
                            x.wrapping_add(m.dx as i32 as u32),
                            y.wrapping_add(m.dy as i32 as u32),
                            z.wrapping_add(m.dz as i32 as u32),
                        )
                    })
                    .collect();
                assert_eq!(got, want, "{rule:?} at {c:?}");
            }
        }
    }
}
