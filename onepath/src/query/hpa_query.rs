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
use crate::state::codec::{HEADER_LEN, invalid as invalid_field, le32};
use crate::state::{KIND_HPA_SEARCH, StateError};

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

    /// The hierarchy a kind-3 save of the running HPA* search is tied to: the one the search
    /// runs on, for the options' HPA* settings, following `grid` as it is now.
    pub(super) fn saved_hierarchy(
        &self,
        grid: &Grid,
        o: &GridOptions,
    ) -> Result<&HpaHierarchy, StateError> {
        self.cache
            .get(self.current)
            .filter(|h| {
                h.is_current(grid)
                    && h.config() == config_of(o)
                    && self.search.smoothing() == o.hpa_smoothing
            })
            .ok_or(invalid_field(
                "grid_search.hpa (no hierarchy follows the grid as it is now: save after a query \
                 or prepare on it, before further edits)",
            ))
    }

    /// Restores the nested kind-9 snapshot `bytes` for the options `o` (read from the same
    /// snapshot): on a cached hierarchy for `o` that follows `grid`, else on one built here,
    /// which then enters the cache. On an error nothing changes.
    pub(super) fn restore(
        &mut self,
        grid: &Grid,
        o: &GridOptions,
        bytes: &[u8],
    ) -> Result<(), StateError> {
        let config = config_of(o);
        let held = self
            .cache
            .iter()
            .position(|h| h.config() == config && h.is_current(grid));
        if let Some(i) = held {
            self.search.restore_state(&self.cache[i], grid, bytes)?;
            self.current = i;
            return Ok(());
        }
        let h = HpaHierarchy::build(grid, config).map_err(|_| invalid_field("grid_search.hpa"))?;
        self.search.restore_state(&h, grid, bytes)?;
        if let Some(i) = self.cache.iter().position(|c| c.config() == config) {
            self.cache[i] = h;
            self.current = i;
        } else {
            if self.cache.len() == Self::CACHE {
                self.cache.remove(0);
            }
            self.cache.push(h);
            self.current = self.cache.len() - 1;
        }
        Ok(())
    }
}

/// Takes the HPA* options (chunk side, smoothing) of a kind-3 snapshot from its nested kind-9
/// frame `inner` (the only nested kind a handle running HPA* writes).
pub(super) fn options_from_snapshot(o: &mut GridOptions, inner: &[u8]) -> Result<(), StateError> {
    let kind = inner.get(6..8).map(|b| u16::from_le_bytes([b[0], b[1]]));
    let p = inner.get(HEADER_LEN..).unwrap_or(&[]);
    if kind != Some(KIND_HPA_SEARCH) || p.len() < 19 {
        return Err(invalid_field("grid_search.algorithm"));
    }
    o.hpa_chunk_size = le32(p, 8);
    check_chunk_size(o).map_err(|_| invalid_field("grid_search.hpa_chunk_size"))?;
    o.hpa_smoothing = match p[18] {
        0 => false,
        1 => true,
        _ => return Err(invalid_field("hpa.smoothing")),
    };
    Ok(())
}
