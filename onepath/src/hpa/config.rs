//! [`HpaConfig`]: the options a hierarchy is built for.

use super::error::HpaError;
use crate::grid::{Connectivity, DiagonalRule};

/// What an [`HpaHierarchy`](super::HpaHierarchy) is built for: chunk side, entrance threshold,
/// agent size, moves and diagonal rule (spec: grids.md, "HPA*", "Scope").
///
/// # Examples
///
/// ```
/// use onepath::hpa::{HpaConfig, HpaError, HpaHierarchy};
/// use onepath::{DiagonalRule, Grid};
/// let grid = Grid::new(32, 32).unwrap();
/// let config = HpaConfig { agent_size: 2, ..HpaConfig::DEFAULT.with_chunk_size(8) };
/// let h = HpaHierarchy::build(&grid, config).unwrap();
/// assert_eq!((h.chunk_count(), h.config().agent_size), (16, 2));
/// let cutting = HpaConfig { rule: DiagonalRule::AllowAll, ..HpaConfig::DEFAULT };
/// assert!(matches!(HpaHierarchy::build(&grid, cutting), Err(HpaError::UnsupportedRule { .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HpaConfig {
    /// Chunk side C in cells (default 16).
    pub chunk_size: u32,
    /// Entrance threshold T: an entrance at least this wide gets two transitions (default 6).
    pub threshold: u32,
    /// Agent side in cells (default 1): the hierarchy covers the cells walkable for it.
    pub agent_size: u8,
    /// Four or eight moves (default eight).
    pub connectivity: Connectivity,
    /// The diagonal rule (default no corner cutting); `AllowAll` is refused with eight moves.
    pub rule: DiagonalRule,
}

impl HpaConfig {
    /// The largest chunk side accepted (its Dijkstra buffers hold C² cells).
    pub const MAX_CHUNK_SIZE: u32 = 1024;

    /// Chunk 16, threshold 6, agent size 1, eight moves, no corner cutting.
    pub const DEFAULT: Self = Self {
        chunk_size: 16,
        threshold: 6,
        agent_size: 1,
        connectivity: Connectivity::Eight,
        rule: DiagonalRule::NoCornerCutting,
    };

    /// The same options with chunk side `c`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// let h = HpaHierarchy::build(&onepath::Grid::new(32, 32).unwrap(), HpaConfig::DEFAULT.with_chunk_size(8)).unwrap();
    /// assert_eq!(h.chunk_count(), 16);
    /// ```
    #[must_use]
    pub const fn with_chunk_size(mut self, c: u32) -> Self {
        self.chunk_size = c;
        self
    }

    /// The same options with entrance threshold `t`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::hpa::{HpaConfig, HpaHierarchy};
    /// let grid = onepath::Grid::new(16, 8).unwrap();
    /// // One border of 8 open cells: threshold 6 gives it two transitions, threshold 9 one.
    /// let two = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(8)).unwrap();
    /// let one = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(8).with_threshold(9)).unwrap();
    /// assert_eq!((two.cluster_nodes(0).len(), one.cluster_nodes(0).len()), (2, 1));
    /// ```
    #[must_use]
    pub const fn with_threshold(mut self, t: u32) -> Self {
        self.threshold = t;
        self
    }

    /// The same options with agent size `s`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::hpa::HpaConfig;
    /// assert_eq!(HpaConfig::DEFAULT.with_agent_size(2).agent_size, 2);
    /// ```
    #[must_use]
    pub const fn with_agent_size(mut self, s: u8) -> Self {
        self.agent_size = s;
        self
    }

    /// The same options with the given moves and diagonal rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::hpa::HpaConfig;
    /// use onepath::{Connectivity, DiagonalRule};
    /// let four = HpaConfig::DEFAULT.with_moves(Connectivity::Four, DiagonalRule::NoCornerCutting);
    /// assert_eq!(four.connectivity, Connectivity::Four);
    /// assert!(four.check().is_ok());
    /// ```
    #[must_use]
    pub const fn with_moves(mut self, connectivity: Connectivity, rule: DiagonalRule) -> Self {
        self.connectivity = connectivity;
        self.rule = rule;
        self
    }

    /// Checks the options.
    ///
    /// # Errors
    ///
    /// [`HpaError::InvalidChunkSize`] outside `1..=MAX_CHUNK_SIZE`,
    /// [`HpaError::InvalidThreshold`] for 0, [`HpaError::InvalidAgentSize`] for 0,
    /// [`HpaError::UnsupportedRule`] for `AllowAll` with eight moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::hpa::{HpaConfig, HpaError};
    /// use onepath::{Connectivity, DiagonalRule};
    /// assert!(HpaConfig::DEFAULT.check().is_ok());
    /// let cutting = HpaConfig::DEFAULT.with_moves(Connectivity::Eight, DiagonalRule::AllowAll);
    /// assert!(matches!(cutting.check(), Err(HpaError::UnsupportedRule { .. })));
    /// ```
    pub fn check(&self) -> Result<(), HpaError> {
        if self.chunk_size == 0 || self.chunk_size > Self::MAX_CHUNK_SIZE {
            return Err(HpaError::InvalidChunkSize {
                size: self.chunk_size,
                max: Self::MAX_CHUNK_SIZE,
            });
        }
        if self.threshold == 0 {
            return Err(HpaError::InvalidThreshold {
                threshold: self.threshold,
            });
        }
        if self.agent_size == 0 {
            return Err(HpaError::InvalidAgentSize { size: 0 });
        }
        if self.connectivity == Connectivity::Eight && self.rule == DiagonalRule::AllowAll {
            return Err(HpaError::UnsupportedRule { rule: self.rule });
        }
        Ok(())
    }
}

impl Default for HpaConfig {
    fn default() -> Self {
        Self::DEFAULT
    }
}
