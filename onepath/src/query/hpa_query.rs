//! The HPA* arm of the tier-1 handle: a cache of hierarchies and one [`HpaSearch`] (spec:
//! grids.md, "HPA*", "Scope").
//!
//! The cache holds at most [`HpaQuery::CACHE`] hierarchies, one per (chunk size, agent size,
//! moves, rule); a query for a key not held builds one and, when the cache is full, drops the
//! oldest (first built) first. Every query refreshes the hierarchy it uses against the grid
//! from the edit journal (a hierarchy built for another grid, or too far behind, is rebuilt),
//! so a query after edits equals one on a fresh hierarchy.

use alloc::vec::Vec;

use super::options::GridOptions;
use crate::error::QueryError;
use crate::grid::Grid;
use crate::hpa::{HpaConfig, HpaError, HpaHierarchy, HpaSearch};
use crate::search::Step;

/// The hierarchies and search of a handle's HPA* queries.
#[derive(Clone, Debug, Default)]
pub(super) struct HpaQuery {
    /// Oldest first; keys distinct.
    pub(super) cache: Vec<HpaHierarchy>,
    /// Index into `cache` of the hierarchy the running search uses.
    pub(super) current: usize,
    pub(super) search: HpaSearch,
}

/// The hierarchy options of a query.
pub(super) fn config_of(o: &GridOptions) -> HpaConfig {
    HpaConfig::DEFAULT
        .with_chunk_size(o.hpa_chunk_size)
        .with_agent_size(o.agent_size)
        .with_moves(o.connectivity, o.diagonal_rule)
}

/// Refuses a chunk size HPA* cannot build.
pub(super) fn check_chunk_size(o: &GridOptions) -> Result<(), QueryError> {
    let max = HpaConfig::MAX_CHUNK_SIZE;
    if o.hpa_chunk_size == 0 || o.hpa_chunk_size > max {
        return Err(QueryError::InvalidChunkSize {
            size: o.hpa_chunk_size,
            max,
        });
    }
    Ok(())
}

impl HpaQuery {
    /// Hierarchies kept at most.
    pub(super) const CACHE: usize = 8;

    /// Refreshes (or builds) the hierarchy for `o` and begins the search from cell index `s`
    /// to `g` (both checked walkable for the agent by the caller).
    pub(super) fn try_begin(&mut self, grid: &Grid, o: &GridOptions, s: u32, g: u32) -> Step {
        let config = config_of(o);
        let at = if let Some(i) = self.cache.iter().position(|h| h.config() == config) {
            self.cache[i].refresh(grid);
            i
        } else {
            // Cannot fail: the handle checked the chunk size, agent size and the rule
            // (`select` sends only supported moves here).
            let Ok(h) = HpaHierarchy::build(grid, config) else {
                return Step::NoPath;
            };
            if self.cache.len() == Self::CACHE {
                self.cache.remove(0);
            }
            self.cache.push(h);
            self.cache.len() - 1
        };
        self.current = at;
        self.search.set_smoothing(o.hpa_smoothing);
        self.search
            .try_begin(&self.cache[at], grid, s, g)
            .unwrap_or(Step::NoPath)
    }

    /// Continues the running search.
    pub(super) fn step(&mut self, grid: &Grid, budget: u32) -> Result<Step, QueryError> {
        let Some(h) = self.cache.get(self.current) else {
            return Ok(self.search.state());
        };
        // Only a stale hierarchy is refused, and the handle checked the grid before.
        self.search
            .step(h, grid, budget)
            .map_err(|_: HpaError| QueryError::GridChanged {
                expected: h.revision(),
                found: grid.revision(),
            })
    }
}
