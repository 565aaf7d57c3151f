//! Snapping a query to the nearest usable cell (spec: grids.md, “Host API”,
//! `Grid.TryFindNearestWalkable`): [`Grid::try_find_nearest_walkable`] and its hook and world
//! forms, with [`NearestOptions`].

use super::cell::{Cell, WorldPoint};
use super::grid::Grid;
use crate::error::QueryError;

/// Options of [`Grid::try_find_nearest_walkable`].
///
/// The spec keeps `NearestRadius` in its grid options; here it lives in this small struct of
/// its own because nothing else reads it and [`GridOptions`](crate::GridOptions) stays about
/// path queries.
/// `NearestOptions::from(&grid_options)` takes the agent size of a path query.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, NearestOptions};
/// let grid = Grid::from_text("##....\n##....\n......").unwrap();
/// let o = NearestOptions::DEFAULT;
/// assert_eq!(grid.try_find_nearest_walkable(Cell::new(0, 1), &o), Ok(Some(Cell::new(0, 2))));
/// assert_eq!(grid.try_find_nearest_walkable(Cell::new(0, 1), &o.with_radius(0)), Ok(None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NearestOptions {
    /// Agent side in cells (1..=255): a hit must fit an agent of this size (true clearance ≥
    /// `agent_size`).
    pub agent_size: u8,
    /// How many Chebyshev rings around the query are searched: ring `r` holds the cells with
    /// `max(|dx|, |dy|) == r`, and rings `0..=radius` are searched (0 = the query cell only).
    /// `u32::MAX` (the default) searches until the grid is exhausted.
    pub radius: u32,
}

impl Default for NearestOptions {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl NearestOptions {
    /// Agent size 1, unbounded radius.
    pub const DEFAULT: Self = Self {
        agent_size: 1,
        radius: u32::MAX,
    };

    /// With agent side `size`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, NearestOptions};
    /// let grid = Grid::from_text("...\n.#.\n...\n...").unwrap();
    /// let o = NearestOptions::DEFAULT.with_agent_size(2);
    /// assert_eq!(grid.try_find_nearest_walkable(Cell::new(0, 0), &o), Ok(Some(Cell::new(0, 2))));
    /// ```
    #[must_use]
    pub const fn with_agent_size(mut self, size: u8) -> Self {
        self.agent_size = size;
        self
    }

    /// With the search bounded to rings `0..=radius`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, NearestOptions};
    /// let grid = Grid::from_text("###.").unwrap();
    /// let o = NearestOptions::DEFAULT;
    /// assert_eq!(grid.try_find_nearest_walkable(Cell::new(0, 0), &o.with_radius(2)), Ok(None));
    /// assert_eq!(grid.try_find_nearest_walkable(Cell::new(0, 0), &o.with_radius(3)), Ok(Some(Cell::new(3, 0))));
    /// ```
    #[must_use]
    pub const fn with_radius(mut self, radius: u32) -> Self {
        self.radius = radius;
        self
    }
}

/// A candidate's order key: squared distance, then row, then column.
type Key = (u128, i64, i64);

impl Grid {
    /// The cell nearest to `cell` where an agent of `options.agent_size` fits, or `None` when
    /// there is none within `options.radius` rings.
    ///
    /// Nearest by squared Euclidean distance between cell indexes, ties to the smaller row and
    /// then the smaller column. `cell` may lie outside the grid. Rings are scanned outward and
    /// the scan stops once a ring is farther than the best hit (ring `r` is at least `r²`
    /// away), or when the rings have left the grid.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidAgentSize`] for agent size 0.
    ///
    /// # Complexity
    ///
    /// O(R²) cells looked at for a hit at distance R (times O(size²) per fit test unless the
    /// embedded clearance is current, see [`Grid::clearance`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::NearestOptions;
    /// use onepath::{Cell, Grid};
    /// let grid = Grid::from_text("##...\n##...\n#####").unwrap();
    /// let o = NearestOptions::DEFAULT;
    /// assert_eq!(grid.try_find_nearest_walkable(Cell::new(0, 0), &o), Ok(Some(Cell::new(2, 0))));
    /// // From outside the grid.
    /// assert_eq!(grid.try_find_nearest_walkable(Cell::new(3, 9), &o), Ok(Some(Cell::new(3, 1))));
    /// assert_eq!(grid.try_find_nearest_walkable(Cell::new(0, 0), &o.with_agent_size(2)),
    ///            Ok(Some(Cell::new(2, 0))));
    /// assert_eq!(grid.try_find_nearest_walkable(Cell::new(0, 0), &o.with_radius(1)), Ok(None));
    /// ```
    pub fn try_find_nearest_walkable(
        &self,
        cell: Cell,
        options: &NearestOptions,
    ) -> Result<Option<Cell>, QueryError> {
        self.try_find_nearest_walkable_with(cell, options, |_| false)
    }

    /// [`try_find_nearest_walkable`](Grid::try_find_nearest_walkable) with a `blocked` hook: a
    /// cell for which `blocked(cell)` is true is never the answer.
    ///
    /// The hook is asked only about cells that fit the agent and would beat the best hit so
    /// far, ring by ring outwards and row-major within a ring, at most once per cell.
    ///
    /// # Errors
    ///
    /// As [`try_find_nearest_walkable`](Grid::try_find_nearest_walkable).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, NearestOptions};
    /// let grid = Grid::new(5, 1).unwrap();
    /// let taken = [Cell::new(2, 0), Cell::new(1, 0)]; // units already standing there
    /// let spot = grid.try_find_nearest_walkable_with(Cell::new(2, 0), &NearestOptions::DEFAULT, |c| taken.contains(&c));
    /// assert_eq!(spot, Ok(Some(Cell::new(3, 0))));
    /// ```
    pub fn try_find_nearest_walkable_with(
        &self,
        cell: Cell,
        options: &NearestOptions,
        mut blocked: impl FnMut(Cell) -> bool,
    ) -> Result<Option<Cell>, QueryError> {
        if options.agent_size == 0 {
            return Err(QueryError::InvalidAgentSize { size: 0, max: 255 });
        }
        let (qx, qy) = (i64::from(cell.x), i64::from(cell.y));
        let (w, h) = (i64::from(self.width()), i64::from(self.height()));
        // Rings closer than the grid's Chebyshev distance hold no grid cell; rings beyond the
        // farthest corner neither.
        let out_x = (-qx).max(qx - (w - 1)).max(0);
        let out_y = (-qy).max(qy - (h - 1)).max(0);
        let first = out_x.max(out_y);
        let last = qx
            .abs()
            .max((qx - (w - 1)).abs())
            .max(qy.abs())
            .max((qy - (h - 1)).abs());
        let last = last.min(i64::from(options.radius));
        let mut best: Option<Key> = None;
        let mut consider = |x: i64, y: i64, best: &mut Option<Key>| {
            let (dx, dy) = ((x - qx).unsigned_abs(), (y - qy).unsigned_abs());
            let key = (
                u128::from(dx) * u128::from(dx) + u128::from(dy) * u128::from(dy),
                y,
                x,
            );
            if best.is_some_and(|b| key >= b) {
                return;
            }
            let c = Cell::new(x as i32, y as i32);
            if self.can_fit(c, options.agent_size) && !blocked(c) {
                *best = Some(key);
            }
        };
        let mut r = first;
        while r <= last {
            if let Some((d, _, _)) = best {
                let rr = r as u128;
                if rr * rr > d {
                    break;
                }
            }
            let (x0, x1) = ((qx - r).max(0), (qx + r).min(w - 1));
            for y in (qy - r).max(0)..=(qy + r).min(h - 1) {
                if y == qy - r || y == qy + r {
                    for x in x0..=x1 {
                        consider(x, y, &mut best);
                    }
                } else {
                    if qx - r >= 0 {
                        consider(qx - r, y, &mut best);
                    }
                    if qx + r < w {
                        consider(qx + r, y, &mut best);
                    }
                }
            }
            r += 1;
        }
        Ok(best.map(|(_, y, x)| Cell::new(x as i32, y as i32)))
    }

    /// [`try_find_nearest_walkable`](Grid::try_find_nearest_walkable) from a world point,
    /// mapped to a cell by [`space`](Grid::space) (it may lie outside the grid). For a
    /// `blocked` hook, map the point with `space().cell_at(p)` and call
    /// [`try_find_nearest_walkable_with`](Grid::try_find_nearest_walkable_with).
    ///
    /// # Errors
    ///
    /// [`QueryError::Coordinate`] for a coordinate outside the coordinate rule (|v| ≤ 2^21,
    /// finite); [`QueryError::InvalidAgentSize`] for agent size 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridSpace, NearestOptions, QueryError, WorldPoint};
    /// let grid = Grid::from_text("#..").unwrap().with_space(GridSpace::new(0.0, 0.0, 10.0).unwrap()).unwrap();
    /// let o = NearestOptions::DEFAULT;
    /// assert_eq!(grid.try_find_nearest_walkable_world(WorldPoint::new(4.0, 5.0), &o), Ok(Some(Cell::new(1, 0))));
    /// assert!(matches!(grid.try_find_nearest_walkable_world(WorldPoint::new(f64::NAN, 0.0), &o), Err(QueryError::Coordinate(_))));
    /// ```
    pub fn try_find_nearest_walkable_world(
        &self,
        point: WorldPoint,
        options: &NearestOptions,
    ) -> Result<Option<Cell>, QueryError> {
        let cell = self.space().cell_at(point)?;
        self.try_find_nearest_walkable(cell, options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GridOptions, GridSpace};
    use alloc::vec::Vec;

    fn near(g: &Grid, x: i32, y: i32, o: NearestOptions) -> Option<Cell> {
        g.try_find_nearest_walkable(Cell::new(x, y), &o).unwrap()
    }

    #[test]
    fn ties_go_to_the_smaller_row_then_column() {
        // Centre (2, 2) is a wall; its four straight neighbours are equally near.
        let g = Grid::from_text(
            "
            #####
            ##.##
            #.#.#
            ##.##
            #####
            ",
        )
        .unwrap();
        let o = NearestOptions::DEFAULT;
        assert_eq!(near(&g, 2, 2, o), Some(Cell::new(2, 1)));
        // Without the top one, left (row 2, column 1) beats right (row 2, column 3).
        let mut g2 = g.clone();
        g2.set_area(Cell::new(2, 1), 255).unwrap();
        assert_eq!(near(&g2, 2, 2, o), Some(Cell::new(1, 2)));
        // A blocked hook refuses cells; the hook is asked in ring order, row-major.
        let mut asked = Vec::new();
        let hit = g
            .try_find_nearest_walkable_with(Cell::new(2, 2), &o, |c| {
                asked.push(c);
                c.y < 2
            })
            .unwrap();
        assert_eq!(hit, Some(Cell::new(1, 2)));
        assert_eq!(asked, [Cell::new(2, 1), Cell::new(1, 2)]);
        // Two diagonal neighbours tie (the smaller row wins); a straight neighbour beats them.
        let g = Grid::from_text("#.#\n###\n#.#\n###\n..#").unwrap();
        assert_eq!(near(&g, 0, 1, o), Some(Cell::new(1, 0)));
        assert_eq!(near(&g, 0, 3, o), Some(Cell::new(0, 4)));
    }

    #[test]
    fn ties_across_rings() {
        // From (0, 0): (5, 5) and (7, 1) are both at squared distance 50, in rings 5 and 7;
        // (1, 7) too, in ring 7 but a later row. The smaller row wins: (7, 1).
        let mut g = Grid::new(8, 8).unwrap();
        g.set_rect(0, 0, 8, 8, 255).unwrap();
        for (x, y) in [(5, 5), (7, 1), (1, 7)] {
            g.set_area(Cell::new(x, y), 0).unwrap();
        }
        assert_eq!(
            near(&g, 0, 0, NearestOptions::DEFAULT),
            Some(Cell::new(7, 1))
        );
        assert_eq!(
            near(&g, 0, 0, NearestOptions::DEFAULT.with_radius(6)),
            Some(Cell::new(5, 5))
        );
    }

    #[test]
    fn outside_queries_agent_sizes_and_radius() {
        let g = Grid::from_text(
            "
            .....
            .#...
            .....
            ",
        )
        .unwrap();
        let o = NearestOptions::DEFAULT;
        assert_eq!(near(&g, -3, 1, o), Some(Cell::new(0, 1)));
        assert_eq!(near(&g, -3, 1, o.with_radius(2)), None);
        assert_eq!(near(&g, -3, 1, o.with_radius(3)), Some(Cell::new(0, 1)));
        assert_eq!(near(&g, i32::MIN, i32::MAX, o), Some(Cell::new(0, 2)));
        assert_eq!(near(&g, i32::MAX, i32::MIN, o), Some(Cell::new(4, 0)));
        // Size 2 fits with the top-left at (2,0), (3,0), (2,1), (3,1) only.
        assert_eq!(near(&g, 0, 0, o.with_agent_size(2)), Some(Cell::new(2, 0)));
        assert_eq!(near(&g, 1, 2, o.with_agent_size(2)), Some(Cell::new(2, 1)));
        assert_eq!(near(&g, 1, 1, o.with_agent_size(3)), Some(Cell::new(2, 0)));
        assert_eq!(near(&g, 1, 1, o.with_agent_size(4)), None);
        assert_eq!(near(&g, 1, 1, o), Some(Cell::new(1, 0)));
        assert_eq!(near(&g, 1, 1, o.with_radius(0)), None);
        assert_eq!(near(&g, 0, 0, o.with_radius(0)), Some(Cell::new(0, 0)));
        assert!(matches!(
            g.try_find_nearest_walkable(Cell::new(0, 0), &o.with_agent_size(0)),
            Err(QueryError::InvalidAgentSize { size: 0, .. })
        ));
        assert_eq!(
            NearestOptions::from(&GridOptions::for_agent_size(3)),
            o.with_agent_size(3)
        );
    }

    #[test]
    fn world_points() {
        let g = Grid::from_text("#..\n...")
            .unwrap()
            .with_space(GridSpace::new(10.0, 0.0, 2.0).unwrap())
            .unwrap();
        let o = NearestOptions::DEFAULT;
        assert_eq!(
            g.try_find_nearest_walkable_world(WorldPoint::new(10.5, 0.5), &o),
            Ok(Some(Cell::new(1, 0)))
        );
        assert_eq!(
            g.try_find_nearest_walkable_world(WorldPoint::new(0.0, 3.0), &o),
            Ok(Some(Cell::new(0, 1)))
        );
        assert!(matches!(
            g.try_find_nearest_walkable_world(WorldPoint::new(f64::NAN, 0.0), &o),
            Err(QueryError::Coordinate(_))
        ));
    }
}
