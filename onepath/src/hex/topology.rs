//! [`HexTopology`]: the six hex moves as a [`Topology`].

use super::coord::HexCoord;
use super::hex_grid::HexGrid;
use crate::grid::WALL;
use crate::topology::Topology;

/// The hex grid as a [`Topology`] (tier 2): neighbours in axial direction order
/// (+1,0), (+1,−1), (0,−1), (−1,0), (−1,+1), (0,+1); a move `a → b` costs
/// `1 * ((m[a] + m[b]) * 0.5)`.
///
/// # Examples
///
/// ```
/// use onepath::hex::{HexDistanceHeuristic, HexTopology};
/// use onepath::search::{AStar, Step};
/// use onepath::topology::{DefaultStepCost, Topology};
/// use onepath::{HexGrid, HexLayout};
/// let grid = HexGrid::from_text("...\n...\n...", HexLayout::PointyOddRow).unwrap();
/// let topo = HexTopology::new(&grid);
/// // The six neighbours of the centre cell (index 4), in axial direction order.
/// let mut around = Vec::new();
/// topo.for_each_neighbor(4, |n, cost| around.push((n, cost)));
/// assert_eq!(around, [(5, 1.0), (2, 1.0), (1, 1.0), (3, 1.0), (7, 1.0), (8, 1.0)]);
/// let h = HexDistanceHeuristic::new(grid.width(), grid.layout(), grid.areas().min_cost());
/// let mut search = AStar::new(DefaultStepCost, h);
/// assert_eq!(search.try_begin(&topo, 0, 8), onepath::Step::InProgress);
/// assert_eq!(search.run(&topo), Step::Found);
/// assert_eq!(search.cost(), 3.0); // three hex steps from (0, 0) to (2, 2)
/// ```
#[derive(Clone, Copy, Debug)]
pub struct HexTopology<'g> {
    grid: &'g HexGrid,
}

impl<'g> HexTopology<'g> {
    /// The moves of `grid`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::hex::HexTopology;
    /// use onepath::topology::Topology;
    /// use onepath::{HexGrid, HexLayout};
    /// let grid = HexGrid::new(3, 3, HexLayout::PointyOddRow).unwrap();
    /// let topo = HexTopology::new(&grid);
    /// let mut n = 0;
    /// topo.for_each_neighbor(4, |_, cost| { n += 1; assert_eq!(cost, 1.0); }); // the centre cell
    /// assert_eq!((topo.node_count(), n), (9, 6)); // six neighbours
    /// ```
    pub fn new(grid: &'g HexGrid) -> Self {
        Self { grid }
    }
}

impl Topology for HexTopology<'_> {
    fn node_count(&self) -> u32 {
        self.grid.cell_count()
    }

    fn is_walkable(&self, node: u32) -> bool {
        self.grid
            .cells()
            .get(node as usize)
            .is_some_and(|&a| a != WALL)
    }

    fn for_each_neighbor<F: FnMut(u32, f64)>(&self, node: u32, mut visit: F) {
        let g = self.grid;
        let cells = g.cells();
        let m_a = g.areas().get(cells[node as usize]);
        let axial = g.to_axial(g.cell_of(node));
        for (dq, dr) in HexCoord::DIRECTIONS {
            let n = HexCoord::new(axial.q + dq, axial.r + dr);
            let Some(i) = g.index_of(g.to_offset(n)) else {
                continue;
            };
            let area = cells[i as usize];
            if area == WALL {
                continue;
            }
            visit(i, 1.0 * ((m_a + g.areas().get(area)) * 0.5));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::HexLayout;
    use alloc::vec::Vec;

    #[test]
    fn six_neighbours_in_axial_order() {
        let g = HexGrid::new(5, 5, HexLayout::PointyOddRow).unwrap();
        let t = HexTopology::new(&g);
        let mut v = Vec::new();
        // offset (2, 2) -> axial (1, 2)
        t.for_each_neighbor(12, |n, c| v.push((g.cell_of(n), c)));
        let cells: Vec<(i32, i32)> = v.iter().map(|(c, _)| (c.x, c.y)).collect();
        // axial (2,2)->(3,2); (2,1)->off (2,1)+... computed from the conversions:
        assert_eq!(cells, [(3, 2), (2, 1), (1, 1), (1, 2), (1, 3), (2, 3)]);
        assert!(v.iter().all(|(_, c)| *c == 1.0));
    }
}
