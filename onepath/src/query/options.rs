//! [`GridOptions`]: the plain, `Copy` options of a tier-1 query, with `const` presets.

use crate::grid::{Connectivity, DiagonalRule, NearestOptions};

/// Which estimate guides A*.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridOptions, HeuristicKind};
/// let grid = Grid::new(8, 1).unwrap();
/// let (a, b) = (Cell::new(0, 0), Cell::new(7, 0));
/// let astar = grid.find_path(a, b, &GridOptions::DEFAULT).unwrap(); // Auto: octile here
/// let dijkstra = GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero);
/// let dijkstra = grid.find_path(a, b, &dijkstra).unwrap();
/// assert_eq!((astar.cost, dijkstra.cost), (7.0, 7.0)); // both optimal
/// assert!(astar.expansions <= dijkstra.expansions);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HeuristicKind {
    /// Manhattan for four-connected square grids, octile for eight-connected, hex distance on
    /// hex grids.
    #[default]
    Auto,
    /// No estimate: Dijkstra's algorithm.
    Zero,
    /// `|dx| + |dy|` (square grids).
    Manhattan,
    /// `(max - min) + min * √2` (square grids).
    Octile,
    /// Hex steps (hex grids).
    HexDistance,
}

/// The algorithm a tier-1 query ran ([`GridPath::algorithm`](crate::GridPath)).
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridAlgorithm, GridOptions};
/// let grid = Grid::from_text("......\n.####.\n......").unwrap();
/// let (a, b) = (Cell::new(0, 1), Cell::new(5, 1));
/// let jps = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps);
/// let path = grid.find_path(a, b, &jps).unwrap();
/// assert_eq!(path.algorithm, GridAlgorithm::Jps); // it applied
/// // Same cost as A*; the path lists every cell (king moves), not only the jump points.
/// assert_eq!(path.cost, grid.find_path(a, b, &GridOptions::DEFAULT).unwrap().cost);
/// assert!(path.step_counts().is_some());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GridAlgorithm {
    /// The generic A* (Dijkstra when the heuristic is zero).
    #[default]
    AStar,
    /// Jump point search (Harabor & Grastien 2011) with block-based scanning.
    Jps,
    /// JPS+ (Harabor & Grastien 2014; Rabin & Silva 2015) with goal bounding.
    JpsPlus,
    /// Theta* (Nash, Daniel, Koenig & Felner 2007): any-angle paths through cell centres;
    /// `GridPath` lists the waypoints only ([`ThetaSearch`](crate::theta::ThetaSearch)).
    ThetaStar,
    /// Lazy Theta* (Nash, Koenig & Tovey 2010) with re-queueing of repaired nodes
    /// ([`ThetaVariant::LazyRequeue`](crate::theta::ThetaVariant::LazyRequeue)): any-angle,
    /// fewer line-of-sight tests; waypoints only.
    LazyThetaStar,
    /// HPA*, hierarchical path-finding over chunks (Botea, Müller & Schaeffer 2004): fast on
    /// large maps, not always optimal. Chunk side [`GridOptions::hpa_chunk_size`], smoothing
    /// [`GridOptions::hpa_smoothing`]; see [`crate::hpa`].
    Hpa,
    /// Lifelong Planning A* (Koenig, Likhachev & Furcy 2004), for
    /// [`Grid::create_replanner`](crate::Grid::create_replanner); a one-off `find_path` runs A*.
    LpaStar,
    /// D* Lite (Koenig & Likhachev 2002), for
    /// [`Grid::create_replanner`](crate::Grid::create_replanner); a one-off `find_path` runs A*.
    DStarLite,
}

/// Options of a tier-1 grid query. Plain data: copy a preset and change it with the `with_*`
/// methods; a shared preset can never change under another caller.
///
/// Hooks (step cost, blocked cells) are closures passed to `find_path_with`.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Connectivity, Grid, GridOptions, HeuristicKind, PathStatus};
/// let options = GridOptions::DEFAULT
///     .with_connectivity(Connectivity::Four)
///     .with_heuristic(HeuristicKind::Zero) // Dijkstra
///     .with_iteration_budget(10);
/// let same = GridOptions::FOUR_CONNECTED.with_heuristic(HeuristicKind::Zero);
/// assert_eq!(options, same.with_iteration_budget(10));
/// assert_eq!(GridOptions::default(), GridOptions::DEFAULT);
/// // The preset is untouched: `with_*` returns a changed copy.
/// assert_eq!(GridOptions::DEFAULT.connectivity, Connectivity::Eight);
/// let grid = Grid::new(20, 20).unwrap();
/// let path = grid.find_path(Cell::new(0, 0), Cell::new(19, 19), &options).unwrap();
/// assert_eq!((path.status, path.iterations), (PathStatus::BudgetExhausted, 10));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GridOptions {
    /// Four or eight moves (square grids; ignored on hex grids).
    pub connectivity: Connectivity,
    /// When a diagonal move is legal (square grids, eight-connected).
    pub diagonal_rule: DiagonalRule,
    /// Agent side in cells, 1..=255 (hex grids: 1).
    pub agent_size: u8,
    /// The estimate.
    pub heuristic: HeuristicKind,
    /// Heuristic weight `w` in `f = g + w * h`: finite, at least 0; 1 keeps paths optimal.
    pub weight: f64,
    /// Iterations (pops) before the query gives up with `BudgetExhausted`; `u32::MAX` = none.
    pub iteration_budget: u32,
    /// Record the expanded cells in order (`GridPath::expanded`) for debug drawing.
    pub record_expansions: bool,
    /// The algorithm to run. JPS and JPS+ apply to eight-connected, no-corner-cutting queries
    /// for agent size 1 with one multiplier for every area, weight 1 and an octile or zero
    /// heuristic; other queries run A* (JPS+ falls back to JPS past 32,766 cells a side), and
    /// `GridPath::algorithm` says what ran.
    pub algorithm: GridAlgorithm,
    /// Run the specialised octile engines ([`fast`](crate::fast): exact pair costs, padded
    /// maps, 16-byte records) when the query qualifies — eight moves, no corner cutting, agent
    /// size 1, one multiplier for every area, weight 1, octile or zero estimate — for A*, JPS
    /// and JPS+ (default `true`). Costs are the generic cores'; on a tie between equal-cost
    /// paths the specialised engine may choose other cells (spec: grids.md, “Which engine
    /// breaks ties how”). `false` forces the generic cores, which then return cell for cell what a
    /// hand-built [`AStar`](crate::search::AStar) (or jump search) returns.
    /// `GridPath::specialized` says which ran.
    pub specialized_engines: bool,
    /// HPA* chunk side in cells, 1..=1024 (default 16); read when
    /// [`algorithm`](Self::algorithm) is [`GridAlgorithm::Hpa`].
    pub hpa_chunk_size: u32,
    /// Whether HPA* smooths its refined paths (default `true`).
    pub hpa_smoothing: bool,
}

impl Default for GridOptions {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl GridOptions {
    /// Eight-connected, no corner cutting, agent size 1, automatic heuristic, weight 1, no
    /// budget.
    pub const DEFAULT: Self = Self {
        connectivity: Connectivity::Eight,
        diagonal_rule: DiagonalRule::NoCornerCutting,
        agent_size: 1,
        heuristic: HeuristicKind::Auto,
        weight: 1.0,
        iteration_budget: u32::MAX,
        record_expansions: false,
        algorithm: GridAlgorithm::AStar,
        specialized_engines: true,
        hpa_chunk_size: 16,
        hpa_smoothing: true,
    };

    /// `DEFAULT` with four moves.
    pub const FOUR_CONNECTED: Self = Self {
        connectivity: Connectivity::Four,
        ..Self::DEFAULT
    };

    /// `DEFAULT` with the NoSqueezing diagonal rule.
    pub const NO_SQUEEZING: Self = Self {
        diagonal_rule: DiagonalRule::NoSqueezing,
        ..Self::DEFAULT
    };

    /// `DEFAULT` for an agent of side `size` cells.
    pub const fn for_agent_size(size: u8) -> Self {
        Self {
            agent_size: size,
            ..Self::DEFAULT
        }
    }

    /// With `connectivity`.
    #[must_use]
    pub const fn with_connectivity(mut self, connectivity: Connectivity) -> Self {
        self.connectivity = connectivity;
        self
    }

    /// With `rule`.
    #[must_use]
    pub const fn with_diagonal_rule(mut self, rule: DiagonalRule) -> Self {
        self.diagonal_rule = rule;
        self
    }

    /// With agent side `size`.
    #[must_use]
    pub const fn with_agent_size(mut self, size: u8) -> Self {
        self.agent_size = size;
        self
    }

    /// With `heuristic` (`HeuristicKind::Zero` for Dijkstra).
    #[must_use]
    pub const fn with_heuristic(mut self, heuristic: HeuristicKind) -> Self {
        self.heuristic = heuristic;
        self
    }

    /// With heuristic weight `w` (validated by the query).
    #[must_use]
    pub const fn with_weight(mut self, w: f64) -> Self {
        self.weight = w;
        self
    }

    /// With an iteration budget.
    #[must_use]
    pub const fn with_iteration_budget(mut self, budget: u32) -> Self {
        self.iteration_budget = budget;
        self
    }

    /// With `algorithm`.
    #[must_use]
    pub const fn with_algorithm(mut self, algorithm: GridAlgorithm) -> Self {
        self.algorithm = algorithm;
        self
    }

    /// With the specialised engines allowed (`true`, the default) or forced off.
    #[must_use]
    pub const fn with_specialized_engines(mut self, on: bool) -> Self {
        self.specialized_engines = on;
        self
    }

    /// With HPA* chunk side `size` (see [`hpa_chunk_size`](Self::hpa_chunk_size)).
    #[must_use]
    pub const fn with_hpa_chunk_size(mut self, size: u32) -> Self {
        self.hpa_chunk_size = size;
        self
    }

    /// With HPA* smoothing on or off.
    #[must_use]
    pub const fn with_hpa_smoothing(mut self, on: bool) -> Self {
        self.hpa_smoothing = on;
        self
    }

    /// With expansion recording on or off.
    #[must_use]
    pub const fn with_record_expansions(mut self, on: bool) -> Self {
        self.record_expansions = on;
        self
    }
}

impl From<&GridOptions> for NearestOptions {
    /// The agent size of a path query, unbounded radius.
    fn from(options: &GridOptions) -> Self {
        Self::DEFAULT.with_agent_size(options.agent_size)
    }
}
