//! [`GridSearch::prepare`]: the handle's one-off work for a grid — engine resolution, derived
//! structures, buffer sizing — done ahead of the first query instead of inside it.

use super::grid_search::GridSearch;
use super::selection::Engine;
use crate::grid::{Grid, WALL};
use crate::search::Step;

impl GridSearch {
    /// Makes the handle ready for queries on `grid` as it is now, so that the next
    /// [`try_begin`](GridSearch::try_begin) does no preparation: it resolves the engine the
    /// options run on `grid` ([`algorithm`](GridSearch::algorithm) and
    /// [`specialized`](GridSearch::specialized) answer for it afterwards), builds or repairs
    /// the derived structures that engine reads — the clearance map (agent size above 1), the
    /// JPS block map, the specialised JPS's octile map, the JPS+ tables — and sizes the
    /// engine's per-node records and open list. It allocates what the first query on `grid`
    /// would allocate, no more.
    ///
    /// Use it wherever that one-off cost must not land in a query: behind a loading screen,
    /// after a batch of tile edits, or in a benchmark that times preprocessing apart.
    ///
    /// Contract:
    ///
    /// - If the handle is bound to `grid` as it is now (its last successful `try_begin` or
    ///   `restore_state` was on this grid, at this [`revision`](Grid::revision)) and that
    ///   search is in progress or finished, nothing changes: the search and its result stay.
    /// - Otherwise the previous search, if any, is forgotten (as a `try_begin` on `grid` would
    ///   forget it) and the handle is [`Step::Idle`].
    /// - A query after `prepare` returns exactly what it returns without (cells, cost bits,
    ///   counts, snapshot bytes), and allocates nothing (unless expansion recording or the
    ///   desync trace grows its list).
    ///
    /// Infallible: every engine can be built for every grid (JPS+ past
    /// [`MAX_JPS_PLUS_SIDE`](crate::jps::MAX_JPS_PLUS_SIDE) cells a side runs as JPS, as
    /// `try_begin` would).
    ///
    /// # Complexity
    ///
    /// O(cells) when a structure is built for the first time, for a new size, or after the
    /// grid's edit journal overflowed; proportional to the journalled edits when it repairs;
    /// otherwise O(1) plus a scan to the first open cell (the specialised engines size their
    /// buffers through a zero-length search from it, then go idle).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, Step};
    /// let grid = Grid::from_text("........\n.######.\n........").unwrap();
    /// let options = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus);
    /// let mut search = GridSearch::new(options).unwrap();
    /// search.prepare(&grid); // the JPS+ tables are built here, not in the first query
    /// assert_eq!(search.algorithm(), GridAlgorithm::JpsPlus);
    /// assert_eq!(search.state(), Step::Idle);
    /// assert_eq!(search.try_begin(&grid, Cell::new(0, 1), Cell::new(7, 1)), Step::InProgress);
    /// assert_eq!(search.run_cancellable(&grid, || false), Ok(Step::Found));
    /// // The same answer as a handle that was not prepared:
    /// let mut plain = GridSearch::new(options).unwrap();
    /// assert_eq!(plain.try_begin(&grid, Cell::new(0, 1), Cell::new(7, 1)), onepath::Step::InProgress);
    /// assert_eq!(plain.run_cancellable(&grid, || false), Ok(onepath::Step::Found));
    /// assert_eq!(plain.to_path(&grid).unwrap(), search.to_path(&grid).unwrap());
    /// ```
    pub fn prepare(&mut self, grid: &Grid) {
        if self.state() != Step::Idle && self.check_grid(grid).is_ok() {
            // Its try_begin (or restore) on this very grid built and sized everything.
            return;
        }
        self.bind(grid);
        let first_open = || {
            let cells = grid.cells();
            cells.iter().position(|&c| c != WALL).map(|i| i as u32)
        };
        match self.active {
            Engine::Generic => self.engine.buffers_mut().ensure(grid.cell_count()),
            // A grid without an open cell refuses every query before any buffer is touched.
            Engine::OctileAStar => {
                if let Some(n) = first_open() {
                    let _ = self.octile.try_begin(grid, n, n);
                }
            }
            Engine::OctileJps => {
                if let Some(n) = first_open() {
                    let _ = self.jps.try_begin(grid, &self.caches.octile, n, n);
                }
            }
            Engine::OctileJpsPlus => {
                if let Some(n) = first_open() {
                    let _ = self.jps_plus.try_begin(grid, &self.caches.tables, n, n);
                }
            }
            Engine::Theta => {
                if let Some(n) = first_open() {
                    let _ = self.theta.try_begin(grid, n, n);
                }
            }
            // Builds (or refreshes) the hierarchy and sizes the abstract search.
            Engine::Hpa => {
                if let Some(n) = first_open() {
                    let _ = self.hpa.try_begin(grid, &self.options, n, n);
                }
            }
        }
        self.make_idle();
    }
}

#[cfg(test)]
#[path = "grid_search_prepare_tests.rs"]
mod tests;
