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
    ///
    /// Applies in the octile case only (eight moves, no corner cutting, agent size 1, weight 1,
    /// the automatic, octile or zero estimate, one multiplier for every walkable area); any
    /// other query runs as A* and [`GridPath::algorithm`](crate::GridPath) says so (the
    /// selection table, `query/selection.rs`; spec: grids.md, "Engine selection").
    Jps,
    /// JPS+ (Harabor & Grastien 2014; Rabin & Silva 2015) with goal bounding. Applies where
    /// [`Jps`](Self::Jps) does (JPS when a side exceeds 32,766 cells), otherwise A*.
    JpsPlus,
    /// Theta* (Nash, Daniel, Koenig & Felner 2007): any-angle paths through cell centres;
    /// `GridPath` lists the waypoints only ([`ThetaSearch`](crate::theta::ThetaSearch)).
    ///
    /// Applies in the any-angle case only: eight moves, no corner cutting, agent size 1, the
    /// automatic or zero estimate, **one multiplier for every walkable area**, no hooks. On a
    /// grid whose areas cost differently (mud, roads) the query runs as A* and
    /// [`GridPath::algorithm`](crate::GridPath) reports `AStar` (spec: grids.md, "Any-angle
    /// search", applies when). For a straighter path over such terrain, smooth the A* path
    /// with [`smooth_path`](crate::theta::smooth_path), which prices shortcuts by the terrain
    /// they cross.
    ThetaStar,
    /// Lazy Theta* (Nash, Koenig & Tovey 2010) with re-queueing of repaired nodes
    /// ([`ThetaVariant::LazyRequeue`](crate::theta::ThetaVariant::LazyRequeue)): any-angle,
    /// fewer line-of-sight tests; waypoints only. Applies where [`ThetaStar`](Self::ThetaStar)
    /// does, otherwise A*.
    LazyThetaStar,
    /// HPA*, hierarchical path-finding over chunks (Botea, Müller & Schaeffer 2004): fast on
    /// large maps, not always optimal. Chunk side [`GridOptions::hpa_chunk_size`], smoothing
    /// [`GridOptions::hpa_smoothing`]; see [`crate::hpa`]. Applies with four moves, or eight
    /// with no corner cutting or no squeezing; otherwise A*.
    ///
    /// Comparing an HPA* cost with the optimum: HPA* sums a path in another order than A*,
    /// so two equally long paths can differ in the last bit (an HPA* cost one ulp *below* the
    /// A* optimum is the same length). Compare with [`Grid::fixed_cost`](crate::Grid::fixed_cost) of both
    /// paths, which does not depend on the order of the additions, or with a relative
    /// tolerance.
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
    /// and JPS+ (default `true`). Costs are the same path lengths as the generic cores', but
    /// computed as `m · (a + b·√2)` from the exact step counts instead of summed step by step,
    /// so they can differ from the generic sum in the last bits (seven diagonals:
    /// 9.899494936611667 and 9.899494936611665) — compare with a relative tolerance or with
    /// [`Grid::fixed_cost`](crate::Grid::fixed_cost); on a tie between equal-cost
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
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, PathStatus};
    /// let grid = Grid::from_text("....\n....\n#.##\n....").unwrap();
    /// let (a, b) = (Cell::new(0, 0), Cell::new(0, 3));
    /// let tank = GridOptions::for_agent_size(2); // a 2 × 2 agent (top-left cell given)
    /// assert_eq!(grid.find_path(a, b, &tank).unwrap().status, PathStatus::GoalInvalid); // (0, 3) has no room
    /// assert_eq!(grid.find_path(a, b, &GridOptions::DEFAULT).unwrap().status, PathStatus::Found);
    /// ```
    pub const fn for_agent_size(size: u8) -> Self {
        Self {
            agent_size: size,
            ..Self::DEFAULT
        }
    }

    /// With `connectivity`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Connectivity, GridOptions};
    /// assert_eq!(GridOptions::DEFAULT.with_connectivity(Connectivity::Four), GridOptions::FOUR_CONNECTED);
    /// ```
    #[must_use]
    pub const fn with_connectivity(mut self, connectivity: Connectivity) -> Self {
        self.connectivity = connectivity;
        self
    }

    /// With `rule`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{DiagonalRule, GridOptions};
    /// let o = GridOptions::DEFAULT.with_diagonal_rule(DiagonalRule::AllowAll);
    /// assert_eq!(o.diagonal_rule, DiagonalRule::AllowAll);
    /// assert_eq!(GridOptions::DEFAULT.diagonal_rule, DiagonalRule::NoCornerCutting); // preset untouched
    /// ```
    #[must_use]
    pub const fn with_diagonal_rule(mut self, rule: DiagonalRule) -> Self {
        self.diagonal_rule = rule;
        self
    }

    /// With agent side `size`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, PathStatus};
    /// let grid = Grid::from_text("...\n.#.\n...").unwrap();
    /// let big = GridOptions::DEFAULT.with_agent_size(2);
    /// // No 2 × 2 block of this grid is free of the wall.
    /// assert_eq!(grid.find_path(Cell::new(0, 0), Cell::new(1, 1), &big).unwrap().status, PathStatus::StartInvalid);
    /// ```
    #[must_use]
    pub const fn with_agent_size(mut self, size: u8) -> Self {
        self.agent_size = size;
        self
    }

    /// With `heuristic` (`HeuristicKind::Zero` for Dijkstra).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, HeuristicKind};
    /// let grid = Grid::new(6, 6).unwrap();
    /// let o = GridOptions::FOUR_CONNECTED.with_heuristic(HeuristicKind::Manhattan);
    /// assert_eq!(grid.find_path(Cell::new(0, 0), Cell::new(5, 5), &o).unwrap().cost, 10.0);
    /// ```
    #[must_use]
    pub const fn with_heuristic(mut self, heuristic: HeuristicKind) -> Self {
        self.heuristic = heuristic;
        self
    }

    /// With heuristic weight `w` (validated by the query).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::from_text("........\n.######.\n........").unwrap();
    /// let (a, b) = (Cell::new(0, 1), Cell::new(7, 1));
    /// let optimal = grid.find_path(a, b, &GridOptions::DEFAULT).unwrap();
    /// let greedy = grid.find_path(a, b, &GridOptions::DEFAULT.with_weight(3.0)).unwrap();
    /// assert!(greedy.cost >= optimal.cost); // weighted A*: maybe longer, usually faster
    /// assert!(greedy.expansions <= optimal.expansions);
    /// ```
    #[must_use]
    pub const fn with_weight(mut self, w: f64) -> Self {
        self.weight = w;
        self
    }

    /// With an iteration budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions, PathStatus};
    /// let grid = Grid::new(50, 50).unwrap();
    /// let capped = GridOptions::DEFAULT.with_iteration_budget(20);
    /// let path = grid.find_path(Cell::new(0, 0), Cell::new(49, 49), &capped).unwrap();
    /// assert_eq!((path.status, path.iterations), (PathStatus::BudgetExhausted, 20));
    /// ```
    #[must_use]
    pub const fn with_iteration_budget(mut self, budget: u32) -> Self {
        self.iteration_budget = budget;
        self
    }

    /// With `algorithm`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions};
    /// let grid = Grid::new(8, 8).unwrap();
    /// let theta = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::ThetaStar);
    /// let path = grid.find_path(Cell::new(0, 0), Cell::new(7, 3), &theta).unwrap();
    /// assert_eq!(path.cells, vec![Cell::new(0, 0), Cell::new(7, 3)]); // one straight segment
    /// assert_eq!(path.cost, onepath::math::sqrt(49.0 + 9.0));
    /// ```
    #[must_use]
    pub const fn with_algorithm(mut self, algorithm: GridAlgorithm) -> Self {
        self.algorithm = algorithm;
        self
    }

    /// With the specialised engines allowed (`true`, the default) or forced off.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(8, 8).unwrap();
    /// let generic = GridOptions::DEFAULT.with_specialized_engines(false);
    /// let path = grid.find_path(Cell::new(0, 0), Cell::new(7, 5), &generic).unwrap();
    /// assert!(!path.specialized);
    /// assert!(grid.find_path(Cell::new(0, 0), Cell::new(7, 5), &GridOptions::DEFAULT).unwrap().specialized);
    /// ```
    #[must_use]
    pub const fn with_specialized_engines(mut self, on: bool) -> Self {
        self.specialized_engines = on;
        self
    }

    /// With HPA* chunk side `size` (see [`hpa_chunk_size`](Self::hpa_chunk_size)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions, QueryError};
    /// let grid = Grid::new(32, 32).unwrap();
    /// let hpa = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Hpa).with_hpa_chunk_size(8);
    /// assert!(grid.find_path(Cell::new(0, 0), Cell::new(31, 31), &hpa).unwrap().is_found());
    /// let zero = hpa.with_hpa_chunk_size(0);
    /// assert!(matches!(grid.find_path(Cell::new(0, 0), Cell::new(31, 31), &zero), Err(QueryError::InvalidChunkSize { .. })));
    /// ```
    #[must_use]
    pub const fn with_hpa_chunk_size(mut self, size: u32) -> Self {
        self.hpa_chunk_size = size;
        self
    }

    /// With HPA* smoothing on or off.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridAlgorithm, GridOptions};
    /// let grid = Grid::new(32, 32).unwrap();
    /// let hpa = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Hpa).with_hpa_chunk_size(8);
    /// let (a, b) = (Cell::new(0, 3), Cell::new(31, 3));
    /// let rough = grid.find_path(a, b, &hpa.with_hpa_smoothing(false)).unwrap();
    /// let smooth = grid.find_path(a, b, &hpa).unwrap();
    /// assert!(smooth.cost <= rough.cost);
    /// assert_eq!(smooth.cost, 31.0); // straight along the row
    /// ```
    #[must_use]
    pub const fn with_hpa_smoothing(mut self, on: bool) -> Self {
        self.hpa_smoothing = on;
        self
    }

    /// With expansion recording on or off.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(5, 1).unwrap();
    /// let o = GridOptions::DEFAULT.with_record_expansions(true);
    /// let path = grid.find_path(Cell::new(0, 0), Cell::new(4, 0), &o).unwrap();
    /// assert_eq!(path.expanded, vec![Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0), Cell::new(3, 0)]);
    /// ```
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
