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
/// let (a, b) = (grid.node_of(VoxelCell::new(0, 0, 0)).unwrap(), grid.node_of(VoxelCell::new(3, 3, 3)).unwrap());
/// search.try_begin(&topo, a, b);
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

    #[inline]
    fn open(&self, x: u32, y: u32, z: u32) -> bool {
        self.grid.area_at(x, y, z) != WALL
    }

    /// Whether the swept voxels of the edge or corner move `m` from the inside voxel
    /// `(x, y, z)` (whose destination is inside) allow it under the rule.
    #[inline]
    fn swept_ok(&self, x: u32, y: u32, z: u32, m: &VoxelMove) -> bool {
        let axes = (m.dx != 0) as u8 + (m.dy != 0) as u8 + (m.dz != 0) as u8;
        if axes == 1 || self.rule == VoxelCornerRule::AllowAll {
            return true;
        }
        let nx = x.wrapping_add(m.dx as i32 as u32);
        let ny = y.wrapping_add(m.dy as i32 as u32);
        let nz = z.wrapping_add(m.dz as i32 as u32);
        // Face voxels: one axis of the move taken alone (only the moving axes count).
        let fx = m.dx != 0 && self.open(nx, y, z);
        let fy = m.dy != 0 && self.open(x, ny, z);
        let fz = m.dz != 0 && self.open(x, y, nz);
        if axes == 2 {
            return match self.rule {
                VoxelCornerRule::NoCornerCutting => {
                    (fx || m.dx == 0) && (fy || m.dy == 0) && (fz || m.dz == 0)
                }
                _ => fx || fy || fz,
            };
        }
        // Corner move: edge voxels are two axes taken together.
        let exy = self.open(nx, ny, z);
        let exz = self.open(nx, y, nz);
        let eyz = self.open(x, ny, nz);
        match self.rule {
            VoxelCornerRule::NoCornerCutting => fx && fy && fz && exy && exz && eyz,
            _ => (fx && (exy || exz)) || (fy && (exy || eyz)) || (fz && (exz || eyz)),
        }
    }

    /// Visits the legal moves out of the inside voxel `(x, y, z)` in the normative order as
    /// `visit(nx, ny, nz, base_cost)`.
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
        let m_from = areas.get(g.area_at(x, y, z));
        for m in self.moves {
            // Wrapping: -1 from 0 becomes u32::MAX, outside like any too-large coordinate.
            let nx = x.wrapping_add(m.dx as i32 as u32);
            let ny = y.wrapping_add(m.dy as i32 as u32);
            let nz = z.wrapping_add(m.dz as i32 as u32);
            if nx >= sx || ny >= sy || nz >= sz {
                continue;
            }
            let a = g.area_at(nx, ny, nz);
            if a == WALL || !self.swept_ok(x, y, z, m) {
                continue;
            }
            visit(nx, ny, nz, m.length * ((m_from + areas.get(a)) * 0.5));
        }
    }

    /// Visits the legal moves out of `cell` (nothing when it is outside) as
    /// `visit(neighbour, base_cost)`.
    pub fn for_each_cell_neighbor<F: FnMut(VoxelCell, f64)>(&self, cell: VoxelCell, mut visit: F) {
        if self.grid.contains(cell) {
            self.for_each_move(cell.x as u32, cell.y as u32, cell.z as u32, |x, y, z, c| {
                visit(VoxelCell::new(x as i32, y as i32, z as i32), c);
            });
        }
    }
}

impl Topology for VoxelTopology<'_> {
    fn node_count(&self) -> u32 {
        self.grid.voxel_count()
    }

    fn is_walkable(&self, node: u32) -> bool {
        node < self.grid.voxel_count() && self.grid.is_open(self.grid.cell_of(node))
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
