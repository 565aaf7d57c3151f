//! [`HpaError`]: why a hierarchy or an HPA* search refused its input.

use crate::grid::DiagonalRule;

/// Why building or querying an HPA* hierarchy was refused. Every variant names the value and
/// the bound or cause.
///
/// # Examples
///
/// ```
/// use onepath::hpa::{HpaConfig, HpaError, HpaHierarchy, HpaSearch};
/// use onepath::{Cell, Grid};
/// let mut grid = Grid::new(16, 16).unwrap();
/// let zero = HpaConfig::DEFAULT.with_chunk_size(0);
/// assert!(matches!(HpaHierarchy::build(&grid, zero), Err(HpaError::InvalidChunkSize { size: 0, .. })));
/// let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
/// grid.set_walkable(Cell::new(5, 5), false).unwrap(); // not refreshed since
/// let mut s = HpaSearch::new();
/// assert!(matches!(s.try_begin(&h, &grid, 0, 255), Err(HpaError::StaleHierarchy { .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum HpaError {
    /// The chunk side must be `1..=max`.
    InvalidChunkSize {
        /// The rejected side.
        size: u32,
        /// The largest side accepted.
        max: u32,
    },
    /// The entrance threshold must be at least 1.
    InvalidThreshold {
        /// The rejected threshold.
        threshold: u32,
    },
    /// The agent size must be at least 1.
    InvalidAgentSize {
        /// The rejected size.
        size: u8,
    },
    /// The diagonal rule is not supported with eight moves (only `NoCornerCutting` and
    /// `NoSqueezing` keep abstract connectivity equal to real connectivity).
    UnsupportedRule {
        /// The rejected rule.
        rule: DiagonalRule,
    },
    /// The hierarchy was not refreshed against the grid as it is now.
    StaleHierarchy {
        /// The grid revision the hierarchy was built or refreshed at.
        hierarchy_revision: u64,
        /// The grid's current revision.
        grid_revision: u64,
    },
    /// A search is stepped or read through `current` on a grid edited since it began (even
    /// when the hierarchy was refreshed since: the search's costs are of the old grid).
    StaleSearch {
        /// The grid revision the search began on (or was restored at).
        search_revision: u64,
        /// The grid's current revision.
        grid_revision: u64,
    },
}

impl core::fmt::Display for HpaError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            Self::InvalidChunkSize { size, max } => {
                write!(f, "HPA* chunk size {size} is invalid: it must be 1..={max}")
            }
            Self::InvalidThreshold { threshold } => write!(
                f,
                "HPA* entrance threshold {threshold} is invalid: it must be at least 1"
            ),
            Self::InvalidAgentSize { size } => {
                write!(f, "HPA* agent size {size} is invalid: it must be 1..=255")
            }
            Self::UnsupportedRule { rule } => write!(
                f,
                "HPA* does not support the diagonal rule {rule:?} with eight moves \
                 (use NoCornerCutting or NoSqueezing)"
            ),
            Self::StaleHierarchy {
                hierarchy_revision,
                grid_revision,
            } => write!(
                f,
                "the HPA* hierarchy is at grid revision {hierarchy_revision} but the grid is at \
                 {grid_revision}: call refresh first"
            ),
            Self::StaleSearch {
                search_revision,
                grid_revision,
            } => write!(
                f,
                "the HPA* search began at grid revision {search_revision} but the grid is at \
                 {grid_revision}: begin the search again"
            ),
        }
    }
}

impl core::error::Error for HpaError {}
