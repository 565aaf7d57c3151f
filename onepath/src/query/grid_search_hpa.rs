//! The HPA* accessors of [`GridSearch`]: its cached hierarchies and last HPA* search (for
//! tools that draw them), and the cache's tests.

use super::grid_search::GridSearch;
use crate::hpa::{HpaHierarchy, HpaSearch};

impl GridSearch {
    /// The hierarchies this handle keeps for its HPA* queries, oldest first (at most eight,
    /// one per chunk size, agent size, moves and rule).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch};
    /// let grid = Grid::new(32, 32).unwrap();
    /// let hpa = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Hpa).with_hpa_chunk_size(8);
    /// let mut search = GridSearch::new(hpa).unwrap();
    /// assert!(search.hpa_hierarchies().is_empty());
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(31, 31));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.hpa_hierarchies().len(), 1); // built once, kept for the next queries
    /// ```
    pub fn hpa_hierarchies(&self) -> &[HpaHierarchy] {
        &self.hpa.cache
    }

    /// The hierarchy the last HPA* query used, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch};
    /// let grid = Grid::new(32, 16).unwrap();
    /// let hpa = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Hpa).with_hpa_chunk_size(8);
    /// let mut search = GridSearch::new(hpa).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(31, 15));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.hpa_hierarchy().map(|h| h.chunk_count()), Some(8)); // 4 × 2 chunks
    /// ```
    pub fn hpa_hierarchy(&self) -> Option<&HpaHierarchy> {
        self.hpa.cache.get(self.hpa.current)
    }

    /// The HPA* search of the last HPA* query (its abstract and refined paths, for drawing).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, Step};
    /// let grid = Grid::new(32, 32).unwrap();
    /// let hpa = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Hpa).with_hpa_chunk_size(8);
    /// let mut search = GridSearch::new(hpa).unwrap();
    /// search.try_begin(&grid, Cell::new(0, 0), Cell::new(31, 31));
    /// search.run_cancellable(&grid, || false).unwrap();
    /// assert_eq!(search.hpa_search().state(), Step::Found);
    /// assert_eq!(search.hpa_search().path().first(), Some(&0)); // refined path, cell indices
    /// ```
    pub fn hpa_search(&self) -> &HpaSearch {
        &self.hpa.search
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::grid::Grid;
    use crate::query::GridAlgorithm;
    use crate::query::GridOptions;
    use crate::search::Step;

    #[test]
    fn the_cache_keeps_eight_hierarchies_dropping_the_oldest() {
        let grid = Grid::from_text("......\n.####.\n......\n......").unwrap();
        let hpa = |c| {
            GridOptions::DEFAULT
                .with_algorithm(GridAlgorithm::Hpa)
                .with_hpa_chunk_size(c)
        };
        let mut s = GridSearch::new(hpa(1)).unwrap();
        let run = |s: &mut GridSearch, o: GridOptions, start: Cell, goal: Cell| {
            s.set_options(o).unwrap();
            assert_eq!(s.try_begin(&grid, start, goal), Step::InProgress);
            while s.step(&grid, 7).unwrap() == Step::InProgress {}
            assert_eq!(s.state(), Step::Found);
        };
        for chunk in 1..=9 {
            run(&mut s, hpa(chunk), Cell::new(0, 0), Cell::new(5, 3));
        }
        let sizes: alloc::vec::Vec<u32> = s
            .hpa_hierarchies()
            .iter()
            .map(|h| h.config().chunk_size)
            .collect();
        assert_eq!(sizes, [2, 3, 4, 5, 6, 7, 8, 9]);
        // A key held is reused in place; another agent size is another key, and drops chunk 2.
        run(&mut s, hpa(5), Cell::new(0, 0), Cell::new(5, 3));
        assert_eq!(s.hpa_hierarchies().len(), 8);
        run(
            &mut s,
            hpa(3).with_agent_size(2),
            Cell::new(0, 2),
            Cell::new(4, 2),
        );
        let keys: alloc::vec::Vec<(u32, u8)> = s
            .hpa_hierarchies()
            .iter()
            .map(|h| (h.config().chunk_size, h.config().agent_size))
            .collect();
        assert_eq!(keys[0], (3, 1));
        assert_eq!(keys[7], (3, 2));
        assert_eq!(s.hpa_hierarchy().map(|h| h.config().agent_size), Some(2));
    }
}
