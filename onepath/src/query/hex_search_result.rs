//! The result readers of [`HexSearch`]: cost, counters, the expanded cells, the path as cells
//! (`copy_path`, allocation-free) and as a [`GridPath`] (`to_path`, what
//! [`HexGrid::find_path`] returns).

use super::hex_search::HexSearch;
use super::path::GridPath;
use super::query_map::QueryMap;
use super::runner::pack_path;
use crate::error::QueryError;
use crate::grid::Cell;
use crate::hex::HexGrid;
use crate::search::Step;

impl HexSearch {
    /// The path cost when found, else +∞.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch};
    /// let mut grid = HexGrid::from_text("..2.", HexLayout::PointyOddRow).unwrap();
    /// grid.set_area_cost(2, 3.0).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// assert!(search.cost().is_infinite());
    /// let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(3, 0));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.cost(), 1.0 + 2.0 + 2.0); // into and out of the ×3 cell
    /// ```
    pub fn cost(&self) -> f64 {
        self.engine.cost()
    }

    /// Iterations (pops) so far.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch};
    /// let grid = HexGrid::new(8, 8, HexLayout::PointyOddRow).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(7, 7));
    /// search.step(&grid, 2).unwrap();
    /// assert_eq!(search.iterations(), 2);
    /// ```
    pub fn iterations(&self) -> u32 {
        self.engine.iterations()
    }

    /// Expansions so far: pops that expanded a cell (the goal's pop is not one).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch};
    /// let grid = HexGrid::new(4, 1, HexLayout::PointyOddRow).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(3, 0));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!((search.iterations(), search.expansions()), (4, 3));
    /// ```
    pub fn expansions(&self) -> u32 {
        self.engine.expansions()
    }

    /// The cells expanded so far, in order, as row-major indices (empty unless the options
    /// record expansions).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch};
    /// let grid = HexGrid::new(4, 1, HexLayout::PointyOddRow).unwrap();
    /// let options = GridOptions::DEFAULT.with_record_expansions(true);
    /// let mut search = HexSearch::new(options).unwrap();
    /// let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(3, 0));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.expanded_nodes(), [0, 1, 2]);
    /// ```
    pub fn expanded_nodes(&self) -> &[u32] {
        self.engine.buffers().expanded_nodes()
    }

    /// Cells on the found path, start and goal included (0 unless found).
    ///
    /// # Complexity
    ///
    /// O(path length).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch};
    /// let grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(4, 0));
    /// assert_eq!(search.path_len(), 0);
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.path_len(), 5);
    /// ```
    pub fn path_len(&self) -> usize {
        self.engine.path_len()
    }

    /// Writes the found path as offset cells, start first; returns its length, or `None`
    /// (nothing written) when `out` is shorter than [`path_len`](Self::path_len). `Some(0)`
    /// unless found.
    ///
    /// # Complexity
    ///
    /// O(path length); allocates nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch};
    /// let grid = HexGrid::new(6, 6, HexLayout::PointyEvenRow).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(5, 5));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// let mut short = [Cell::default(); 2];
    /// assert_eq!(search.copy_path(&mut short), None);
    /// let mut out = [Cell::default(); 64]; // a buffer kept between ticks
    /// let n = search.copy_path(&mut out).unwrap();
    /// assert_eq!((out[0], out[n - 1]), (Cell::new(0, 0), Cell::new(5, 5)));
    /// ```
    pub fn copy_path(&self, out: &mut [Cell]) -> Option<usize> {
        let len = self.path_len();
        let dst = out.get_mut(..len)?;
        let w = self.bound_width.max(1);
        let mut n = self.engine.goal();
        for (i, slot) in dst.iter_mut().enumerate().rev() {
            *slot = Cell::new((n % w) as i32, (n / w) as i32);
            if i > 0 {
                // Cannot be `None`: `path_len` counted this very chain.
                n = self.engine.buffers().parent_of(n).unwrap_or(n);
            }
        }
        Some(len)
    }

    /// The result as a [`GridPath`] (allocates; `InProgress` reads as `BudgetExhausted`):
    /// what [`HexGrid::find_path`] returns for this search. After a refused
    /// [`try_begin`](Self::try_begin) while no search was in progress, the refusal.
    ///
    /// # Errors
    ///
    /// [`QueryError::OtherGrid`] when `grid` is not the grid the search ran on (another size,
    /// or a revision history without the search's). The same grid edited since is fine: the
    /// result is the search's, on the cells it saw.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, PathStatus};
    /// let grid = HexGrid::new(8, 8, HexLayout::FlatOddColumn).unwrap();
    /// let mut search = HexSearch::new(GridOptions::DEFAULT).unwrap();
    /// let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(7, 0));
    /// search.step(&grid, 2).unwrap();
    /// assert_eq!(search.to_path(&grid).unwrap().status, PathStatus::BudgetExhausted);
    /// search.run_cancellable(&grid, || false).unwrap();
    /// let path = search.to_path(&grid).unwrap();
    /// assert_eq!((path.status, path.cost, path.cells.len()), (PathStatus::Found, 7.0, 8));
    /// ```
    pub fn to_path(&self, grid: &HexGrid) -> Result<GridPath, QueryError> {
        if self.state() == Step::Idle {
            if let Some(refusal) = self.refusal {
                return Ok(GridPath::refused_by(refusal));
            }
        } else {
            self.check_same_grid(grid)?;
        }
        let w = self.bound_width.max(1);
        let to_cell = |n: u32| Cell::new((n % w) as i32, (n / w) as i32);
        Ok(pack_path(&self.engine, self.engine.state(), to_cell, |c| {
            QueryMap::center(grid, c)
        }))
    }
}
