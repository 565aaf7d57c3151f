//! [`SquareTopology`]: the moves of a square grid for one agent size, connectivity and
//! diagonal rule (spec: grids.md, “Movement” and “Clearance and agent sizes”).

use alloc::vec::Vec;

use super::cell_store::WALL;
use super::clearance_map::ClearanceMap;
use super::grid::Grid;
use super::grid_clearance::compute_clearance;
use super::movement::{Connectivity, DiagonalRule, Dir8};
use crate::error::QueryError;
use crate::math::{Divisor, SQRT2};
use crate::topology::Topology;

/// The square grid as a [`Topology`] for one agent size (tier 2).
///
/// Neighbours come in the normative order N, E, S, W, then (eight-connected) NE, SE, SW, NW. A
/// position is walkable for size `s` iff its true clearance is at least `s`; a diagonal move
/// tests its two beside cells for size `s` under the [`DiagonalRule`]. A move `a → b` costs
/// `length * ((m[a] + m[b]) * 0.5)` with length 1 or √2, from the areas of the two position
/// cells only.
///
/// The topology borrows the grid, so the grid cannot be edited while it lives; build a new one
/// after edits.
///
/// # Complexity
///
/// `new` is O(1) for size 1. For larger agents it borrows the grid's embedded clearance when
/// that is current ([`Grid::clearance`]) and otherwise computes clearance in O(cells);
/// [`with_clearance`](SquareTopology::with_clearance) and
/// [`with_clearance_map`](SquareTopology::with_clearance_map) borrow a caller's.
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::topology::Topology;
/// use onepath::{Connectivity, DiagonalRule, Grid};
/// let grid = Grid::from_text("...\n.#.\n...").unwrap();
/// let moves = |topo: &SquareTopology, node| {
///     let mut out = Vec::new();
///     topo.for_each_neighbor(node, |n, cost| out.push((n, cost)));
///     out
/// };
/// let eight = Connectivity::Eight;
/// let strict = SquareTopology::new(&grid, 1, eight, DiagonalRule::NoCornerCutting).unwrap();
/// // Out of the top middle cell (1): E, W; south is the wall and both diagonals pass its corner.
/// assert_eq!(moves(&strict, 1), [(2, 1.0), (0, 1.0)]);
/// let loose = SquareTopology::new(&grid, 1, eight, DiagonalRule::AllowAll).unwrap();
/// let s = onepath::math::SQRT2;
/// assert_eq!(moves(&loose, 1), [(2, 1.0), (0, 1.0), (5, s), (3, s)]); // E, W, SE, SW
/// // An agent of side 2 stands on the top-left cell of its 2 × 2 block: never over the wall.
/// let big = SquareTopology::new(&grid, 2, eight, DiagonalRule::NoCornerCutting).unwrap();
/// assert!(!big.is_walkable(0) && !big.is_walkable(8));
/// ```
#[derive(Clone, Debug)]
pub struct SquareTopology<'g> {
    grid: &'g Grid,
    /// Division by the grid's width as a multiply (node ids decode once per expansion).
    width: Divisor,
    agent_size: u8,
    connectivity: Connectivity,
    rule: DiagonalRule,
    clearance: Clearance<'g>,
}

/// Where a topology for agents wider than one cell reads the true clearance from.
#[derive(Clone, Debug)]
enum Clearance<'g> {
    /// Size 1: walkability is the cell byte alone.
    NotNeeded,
    Owned(Vec<u8>),
    Borrowed(&'g [u8]),
}

impl<'g> SquareTopology<'g> {
    /// The topology of `grid` for agents of side `agent_size`.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidAgentSize`] for size 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::SquareTopology;
    /// use onepath::topology::Topology;
    /// use onepath::{Connectivity, DiagonalRule, Grid, QueryError};
    /// let grid = Grid::from_text("...\n.#.\n...").unwrap();
    /// let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut around = Vec::new();
    /// topo.for_each_neighbor(0, |n, cost| around.push((n, cost))); // from (0, 0)
    /// assert_eq!(around, [(1, 1.0), (3, 1.0)]); // E, S; the diagonal would cut the wall's corner
    /// assert!(!topo.is_walkable(4));
    /// assert!(matches!(SquareTopology::new(&grid, 0, Connectivity::Four, DiagonalRule::NoCornerCutting), Err(QueryError::InvalidAgentSize { .. })));
    /// ```
    pub fn new(
        grid: &'g Grid,
        agent_size: u8,
        connectivity: Connectivity,
        rule: DiagonalRule,
    ) -> Result<Self, QueryError> {
        if agent_size == 0 {
            return Err(QueryError::InvalidAgentSize { size: 0, max: 255 });
        }
        let clearance = match (agent_size > 1, grid.cached_clearance()) {
            (false, _) => Clearance::NotNeeded,
            (true, Some(c)) => Clearance::Borrowed(c),
            (true, None) => Clearance::Owned(compute_clearance(grid)),
        };
        Ok(Self {
            grid,
            width: Divisor::new(grid.width()),
            agent_size,
            connectivity,
            rule,
            clearance,
        })
    }

    /// As [`new`](SquareTopology::new), reading a clearance the caller keeps (e.g. a cache
    /// refreshed after edits) instead of computing one: O(1), no allocation.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidAgentSize`] for size 0; [`QueryError::ClearanceMismatch`] when
    /// `clearance` does not have one entry per cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::{SquareTopology, compute_clearance};
    /// use onepath::topology::Topology;
    /// use onepath::{Connectivity, DiagonalRule, Grid, QueryError};
    /// let grid = Grid::from_text("...\n...\n..#").unwrap();
    /// let clearance = compute_clearance(&grid); // kept by the caller, reused by many topologies
    /// let rule = DiagonalRule::NoCornerCutting;
    /// let tank = SquareTopology::with_clearance(&grid, 2, Connectivity::Four, rule, &clearance).unwrap();
    /// assert!(tank.is_walkable(0) && !tank.is_walkable(4)); // the 2 × 2 block at (1, 1) holds the wall
    /// assert_eq!(SquareTopology::with_clearance(&grid, 2, Connectivity::Four, rule, &clearance[..3]).err(), Some(QueryError::ClearanceMismatch));
    /// ```
    pub fn with_clearance(
        grid: &'g Grid,
        agent_size: u8,
        connectivity: Connectivity,
        rule: DiagonalRule,
        clearance: &'g [u8],
    ) -> Result<Self, QueryError> {
        if agent_size == 0 {
            return Err(QueryError::InvalidAgentSize { size: 0, max: 255 });
        }
        if clearance.len() != grid.cells().len() {
            return Err(QueryError::ClearanceMismatch);
        }
        let clearance = if agent_size > 1 {
            Clearance::Borrowed(clearance)
        } else {
            Clearance::NotNeeded
        };
        Ok(Self {
            grid,
            width: Divisor::new(grid.width()),
            agent_size,
            connectivity,
            rule,
            clearance,
        })
    }

    /// As [`with_clearance`](SquareTopology::with_clearance), reading a [`ClearanceMap`] the
    /// caller keeps current for `grid` and checking that it is (O(1), no allocation).
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidAgentSize`] for size 0; [`QueryError::StaleClearance`] when the map
    /// was not refreshed against `grid` as it is now (the check compares the size and the
    /// grid's [`revision`](Grid::revision), a process-unique stamp of its contents).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::{ClearanceMap, SquareTopology};
    /// use onepath::{Cell, Connectivity, DiagonalRule, Grid, QueryError};
    /// let mut grid = Grid::new(4, 4).unwrap();
    /// let mut map = ClearanceMap::new();
    /// map.refresh(&grid);
    /// let rule = DiagonalRule::NoCornerCutting;
    /// assert!(SquareTopology::with_clearance_map(&grid, 2, Connectivity::Eight, rule, &map).is_ok());
    /// grid.set_walkable(Cell::new(1, 1), false).unwrap(); // the map is now stale
    /// let stale = SquareTopology::with_clearance_map(&grid, 2, Connectivity::Eight, rule, &map);
    /// assert!(matches!(stale, Err(QueryError::StaleClearance { .. })));
    /// ```
    pub fn with_clearance_map(
        grid: &'g Grid,
        agent_size: u8,
        connectivity: Connectivity,
        rule: DiagonalRule,
        map: &'g ClearanceMap,
    ) -> Result<Self, QueryError> {
        if agent_size == 0 {
            return Err(QueryError::InvalidAgentSize { size: 0, max: 255 });
        }
        if !map.is_current(grid) {
            return Err(QueryError::StaleClearance {
                grid_revision: grid.revision(),
            });
        }
        Self::with_clearance(grid, agent_size, connectivity, rule, map.values())
    }

    /// [`with_clearance`](Self::with_clearance) without the checks, for callers that keep a
    /// validated clearance (`agent_size >= 1`, one entry per cell).
    pub(crate) fn borrowed(
        grid: &'g Grid,
        agent_size: u8,
        connectivity: Connectivity,
        rule: DiagonalRule,
        clearance: &'g [u8],
    ) -> Self {
        debug_assert!(agent_size >= 1 && clearance.len() == grid.cells().len());
        let clearance = if agent_size > 1 {
            Clearance::Borrowed(clearance)
        } else {
            Clearance::NotNeeded
        };
        Self {
            grid,
            width: Divisor::new(grid.width()),
            agent_size,
            connectivity,
            rule,
            clearance,
        }
    }

    /// The grid this topology reads.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::SquareTopology;
    /// use onepath::{Connectivity, DiagonalRule, Grid};
    /// let grid = Grid::new(3, 2).unwrap();
    /// let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// assert_eq!(topo.grid().cell_count(), 6);
    /// ```
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// Agent side in cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::SquareTopology;
    /// use onepath::{Connectivity, DiagonalRule, Grid};
    /// let grid = Grid::new(3, 3).unwrap();
    /// let topo = SquareTopology::new(&grid, 2, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// assert_eq!(topo.agent_size(), 2);
    /// ```
    pub fn agent_size(&self) -> u8 {
        self.agent_size
    }

    /// Four or eight moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::SquareTopology;
    /// use onepath::{Connectivity, DiagonalRule, Grid};
    /// let grid = Grid::new(3, 3).unwrap();
    /// let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// assert_eq!(topo.connectivity(), Connectivity::Four);
    /// ```
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// The diagonal rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::SquareTopology;
    /// use onepath::{Connectivity, DiagonalRule, Grid};
    /// let grid = Grid::new(3, 3).unwrap();
    /// let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoSqueezing).unwrap();
    /// assert_eq!(topo.diagonal_rule(), DiagonalRule::NoSqueezing);
    /// ```
    pub fn diagonal_rule(&self) -> DiagonalRule {
        self.rule
    }

    #[inline]
    fn fits(&self, i: usize) -> bool {
        match &self.clearance {
            Clearance::NotNeeded => self.grid.cells()[i] != WALL,
            Clearance::Owned(c) => c[i] >= self.agent_size,
            Clearance::Borrowed(c) => c[i] >= self.agent_size,
        }
    }
}

impl Topology for SquareTopology<'_> {
    fn node_count(&self) -> u32 {
        self.grid.cell_count()
    }

    fn is_walkable(&self, node: u32) -> bool {
        node < self.grid.cell_count() && self.fits(node as usize)
    }

    fn for_each_neighbor<F: FnMut(u32, f64)>(&self, node: u32, mut visit: F) {
        let (w, h) = (self.grid.width(), self.grid.height());
        if node >= self.grid.cell_count() {
            return;
        }
        let (y, x) = self.width.div_rem(node);
        let cells = self.grid.cells();
        let areas = self.grid.areas();
        // What "fits" reads: the cell bytes (size 1) or the true clearance.
        let (bytes, size_one) = match &self.clearance {
            Clearance::NotNeeded => (cells, true),
            Clearance::Owned(c) => (c.as_slice(), false),
            Clearance::Borrowed(c) => (*c, false),
        };
        let fits = |i: usize| {
            if size_one {
                bytes[i] != WALL
            } else {
                bytes[i] >= self.agent_size
            }
        };
        // The eight targets in normative order (N, E, S, W, NE, SE, SW, NW), each with whether
        // it is inside and fits. Interior cells skip the bounds tests.
        let wu = w as usize;
        let n = node as usize;
        let mut target = [0usize; 8];
        let mut open = [false; 8];
        if x > 0 && y > 0 && x + 1 < w && y + 1 < h {
            target = [
                n - wu,
                n + 1,
                n + wu,
                n - 1,
                n - wu + 1,
                n + wu + 1,
                n + wu - 1,
                n - wu - 1,
            ];
            for d in 0..8 {
                open[d] = fits(target[d]);
            }
        } else {
            for (d, &(dx, dy)) in Dir8::OFFSETS.iter().enumerate() {
                let (nx, ny) = (i64::from(x) + i64::from(dx), i64::from(y) + i64::from(dy));
                if nx >= 0 && ny >= 0 && nx < i64::from(w) && ny < i64::from(h) {
                    target[d] = (ny * i64::from(w) + nx) as usize;
                    open[d] = fits(target[d]);
                }
            }
        }
        let m_a = areas.get(cells[n]);
        let straight = match self.connectivity {
            Connectivity::Four => 4,
            Connectivity::Eight => 8,
        };
        for d in 0..straight {
            if !open[d] {
                continue;
            }
            let length = if d >= 4 {
                // The beside cells of NE, SE, SW, NW: (E, N), (E, S), (W, S), (W, N).
                const BESIDE: [(usize, usize); 4] = [(1, 0), (1, 2), (3, 2), (3, 0)];
                let (a, b) = BESIDE[d - 4];
                if !self.rule.allows(open[a], open[b]) {
                    continue;
                }
                SQRT2
            } else {
                1.0
            };
            let t = target[d];
            let m_b = areas.get(cells[t]);
            visit(t as u32, length * ((m_a + m_b) * 0.5));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;

    fn moves(t: &SquareTopology<'_>, node: u32) -> Vec<(u32, f64)> {
        let mut v = vec![];
        t.for_each_neighbor(node, |n, c| v.push((n, c)));
        v
    }

    #[test]
    fn neighbour_order_and_costs() {
        let mut g = Grid::new(3, 3).unwrap();
        g.set_area(crate::Cell::new(1, 0), 1).unwrap();
        g.set_area_cost(1, 3.0).unwrap();
        let t =
            SquareTopology::new(&g, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
        let m = moves(&t, 4);
        let targets: Vec<u32> = m.iter().map(|p| p.0).collect();
        assert_eq!(targets, vec![1, 5, 7, 3, 2, 8, 6, 0]);
        assert_eq!(m[0].1, 1.0 * ((1.0 + 3.0) * 0.5));
        assert_eq!(m[4].1, SQRT2 * ((1.0 + 1.0) * 0.5));
    }

    #[test]
    fn diagonal_rules_on_a_corner() {
        // Centre (1,1); north (1,0) is a wall: NE and NW need the north cell.
        let g = Grid::from_text(".#.\n...\n...").unwrap();
        let targets = |rule| {
            let t = SquareTopology::new(&g, 1, Connectivity::Eight, rule).unwrap();
            moves(&t, 4).iter().map(|p| p.0).collect::<Vec<_>>()
        };
        assert_eq!(targets(DiagonalRule::NoCornerCutting), vec![5, 7, 3, 8, 6]);
        assert_eq!(
            targets(DiagonalRule::NoSqueezing),
            vec![5, 7, 3, 2, 8, 6, 0]
        );
        assert_eq!(targets(DiagonalRule::AllowAll), vec![5, 7, 3, 2, 8, 6, 0]);
        let g = Grid::from_text(".#.\n#..\n...").unwrap();
        let t = SquareTopology::new(&g, 1, Connectivity::Eight, DiagonalRule::NoSqueezing).unwrap();
        assert!(
            !moves(&t, 4).iter().any(|p| p.0 == 0),
            "both beside cells of NW are walls"
        );
        let t = SquareTopology::new(&g, 1, Connectivity::Eight, DiagonalRule::AllowAll).unwrap();
        assert!(moves(&t, 4).iter().any(|p| p.0 == 0));
    }

    #[test]
    fn agent_size_two() {
        let g = Grid::from_text("...\n...\n..#").unwrap();
        let t =
            SquareTopology::new(&g, 2, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
        assert!(t.is_walkable(0));
        assert!(t.is_walkable(1));
        assert!(t.is_walkable(3));
        assert!(!t.is_walkable(4));
        assert!(!t.is_walkable(2));
        assert_eq!(
            moves(&t, 0).iter().map(|p| p.0).collect::<Vec<_>>(),
            vec![1, 3]
        );
        assert!(SquareTopology::new(&g, 0, Connectivity::Four, DiagonalRule::AllowAll).is_err());
    }

    #[test]
    fn cached_and_caller_clearance_give_the_same_moves() {
        let mut g = Grid::from_text("....#\n.....\n..#..\n.....").unwrap();
        let all = |t: &SquareTopology<'_>| (0..20).map(|n| moves(t, n)).collect::<Vec<_>>();
        let rule = DiagonalRule::NoCornerCutting;
        let fresh = all(&SquareTopology::new(&g, 2, Connectivity::Eight, rule).unwrap());
        let mut map = ClearanceMap::new();
        assert_eq!(
            SquareTopology::with_clearance_map(&g, 2, Connectivity::Eight, rule, &map).err(),
            Some(QueryError::StaleClearance {
                grid_revision: g.revision()
            })
        );
        map.refresh(&g);
        let t = SquareTopology::with_clearance_map(&g, 2, Connectivity::Eight, rule, &map).unwrap();
        assert_eq!(all(&t), fresh);
        g.clearance();
        let t = SquareTopology::new(&g, 2, Connectivity::Eight, rule).unwrap();
        assert!(matches!(t.clearance, Clearance::Borrowed(_)));
        assert_eq!(all(&t), fresh);
        g.set_area(crate::Cell::new(0, 0), 255).unwrap();
        let t = SquareTopology::new(&g, 2, Connectivity::Eight, rule).unwrap();
        assert!(matches!(t.clearance, Clearance::Owned(_)));
        assert!(!t.is_walkable(0));
    }
}
