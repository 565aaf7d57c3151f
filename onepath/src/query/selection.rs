//! The engine-selection table: which family and which engine run a tier-1 query on a square
//! grid (spec: grids.md, “Engine selection”, “Host API”, and each family's “Applies when …
//! otherwise the query runs as A* and GridPath.Algorithm says so”).
//!
//! Every square-grid entry point asks [`select`] — [`Grid::find_path`] and its cancellable,
//! world-point and future forms (through the handle), [`GridSearch`](super::GridSearch) when
//! it binds to a grid, its kind-3 restore, and [`GridOptions::resolved_algorithm`] — so no two
//! of them can choose differently.
//!
//! The table is read top to bottom; the first row asked for whose rule holds wins. A query no
//! row takes runs as A* (the last line), and [`GridPath::algorithm`](super::GridPath) reports
//! the family that ran.
//!
//! | asked | applies when | runs | specialised engines on | off |
//! |---|---|---|---|---|
//! | JPS+ | the octile case, both sides ≤ 32,766 | JPS+ | `OctileJump<TableFinder>` | A* over JPS+ table jumps |
//! | JPS+ | the octile case (a side above 32,766) | JPS | `OctileJump<BitFinder>` | A* over block-map jumps |
//! | JPS | the octile case | JPS | `OctileJump<BitFinder>` | A* over block-map jumps |
//! | Theta* | the any-angle case | Theta* | `ThetaSearch` (Theta) | the same |
//! | Lazy Theta* | the any-angle case | Lazy Theta* | `ThetaSearch` (LazyRequeue) | the same |
//! | HPA* | four moves, or eight with no corner cutting or no squeezing | HPA* | `HpaSearch` | `HpaSearch` |
//! | otherwise | always | A* | `OctileAStar` in the octile case, else the generic A* | the generic A* |
//!
//! The octile case ([`octile_case`]): eight moves, no corner cutting, agent size 1, weight 1,
//! the automatic, octile or zero estimate, and one multiplier for all 255 walkable areas of the
//! grid (whether or not a cell uses them).
//!
//! The any-angle case ([`any_angle_case`], spec: grids.md, “Any-angle search”, applies
//! when): eight moves, no corner cutting, agent size 1, the automatic or zero estimate, one
//! multiplier for all 255 walkable areas; any weight. Queries with hooks run A*.
//!
//! Hex grids have one family: their queries always run the generic A*.
//!
//! # Adding a family
//!
//! A new family adds its [`GridAlgorithm`] variant, its [`Engine`] variants and one [`Row`] in
//! [`TABLE`]: what it is asked as, the rule under which it applies (a query it does not take
//! falls through to the rows below and in the end to A*), the family it reports, and the
//! engines that run it with the specialised engines on and off. Nothing below this floor
//! changes.

use super::options::{GridAlgorithm, GridOptions, HeuristicKind};
use crate::grid::{Connectivity, DiagonalRule, Grid};
use crate::jps::MAX_JPS_PLUS_SIDE;

/// The engine that runs a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Engine {
    /// The generic [`AStar`](crate::search::AStar): over cells, or over jump points for JPS
    /// (block map) and JPS+ (tables).
    Generic,
    /// [`OctileAStar`](crate::fast::OctileAStar).
    OctileAStar,
    /// [`OctileJump`](crate::fast::OctileJump) with [`BitFinder`](crate::fast::BitFinder).
    OctileJps,
    /// [`OctileJump`](crate::fast::OctileJump) with [`TableFinder`](crate::fast::TableFinder).
    OctileJpsPlus,
    /// [`ThetaSearch`](crate::theta::ThetaSearch) (Theta* or LazyRequeue by the family).
    Theta,
    /// [`HpaSearch`](crate::hpa::HpaSearch) over a cached hierarchy.
    Hpa,
}

/// What [`select`] chose: the family the query runs (what `GridPath::algorithm` reports) and
/// the engine that runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Selection {
    pub(super) family: GridAlgorithm,
    pub(super) engine: Engine,
}

/// What the table reads of a grid: whether its 255 walkable areas share one multiplier (an
/// edit, [`Grid::set_area_cost`], can change it) and its longer side (no edit changes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Facts {
    uniform: bool,
    longer_side: u32,
}

impl Facts {
    fn of(grid: &Grid) -> Self {
        Self {
            uniform: grid.areas().is_uniform(),
            longer_side: grid.width().max(grid.height()),
        }
    }
}

/// A condition on a query's options and the grid it runs on.
type Rule = fn(&GridOptions, Facts) -> bool;

/// One row of the selection table.
struct Row {
    /// The family the options ask for ([`GridOptions::algorithm`]).
    asked: GridAlgorithm,
    /// When the row takes the query.
    applies: Rule,
    /// The family that runs.
    runs: GridAlgorithm,
    /// The engine when [`GridOptions::specialized_engines`] is off (or `specialised` does not
    /// apply).
    generic: Engine,
    /// The specialised engine, and when it may run instead of `generic`.
    specialised: (Rule, Engine),
}

/// The rows, first match wins; see the module documentation.
const TABLE: [Row; 8] = [
    Row {
        asked: GridAlgorithm::JpsPlus,
        applies: octile_case_with_tables,
        runs: GridAlgorithm::JpsPlus,
        generic: Engine::Generic,
        specialised: (octile_case, Engine::OctileJpsPlus),
    },
    // Past 32,766 cells a side the tables cannot hold the distances: JPS+ runs as JPS.
    Row {
        asked: GridAlgorithm::JpsPlus,
        applies: octile_case,
        runs: GridAlgorithm::Jps,
        generic: Engine::Generic,
        specialised: (octile_case, Engine::OctileJps),
    },
    Row {
        asked: GridAlgorithm::Jps,
        applies: octile_case,
        runs: GridAlgorithm::Jps,
        generic: Engine::Generic,
        specialised: (octile_case, Engine::OctileJps),
    },
    Row {
        asked: GridAlgorithm::ThetaStar,
        applies: any_angle_case,
        runs: GridAlgorithm::ThetaStar,
        generic: Engine::Theta,
        specialised: (any_angle_case, Engine::Theta),
    },
    Row {
        asked: GridAlgorithm::LazyThetaStar,
        applies: any_angle_case,
        runs: GridAlgorithm::LazyThetaStar,
        generic: Engine::Theta,
        specialised: (any_angle_case, Engine::Theta),
    },
    // HPA* (spec: grids.md, "HPA*", "Scope"); hooks are never asked here (their queries run
    // A*), and the heuristic options and weight are ignored.
    Row {
        asked: GridAlgorithm::Hpa,
        applies: hpa_case,
        runs: GridAlgorithm::Hpa,
        generic: Engine::Hpa,
        specialised: (always, Engine::Hpa),
    },
    // The replanners keep state across edits (`Grid::create_replanner`); a one-off query has
    // nothing to repair, so it runs A* (spec: "A one-off FindPath with LpaStar or DStarLite
    // runs A*") and says so in `GridPath::algorithm`.
    Row {
        asked: GridAlgorithm::LpaStar,
        applies: always,
        runs: GridAlgorithm::AStar,
        generic: Engine::Generic,
        specialised: (octile_case, Engine::OctileAStar),
    },
    Row {
        asked: GridAlgorithm::DStarLite,
        applies: always,
        runs: GridAlgorithm::AStar,
        generic: Engine::Generic,
        specialised: (octile_case, Engine::OctileAStar),
    },
];

/// Every query no row of [`TABLE`] takes (including every A* query): A*.
const OTHERWISE: Row = Row {
    asked: GridAlgorithm::AStar,
    applies: always,
    runs: GridAlgorithm::AStar,
    generic: Engine::Generic,
    specialised: (octile_case, Engine::OctileAStar),
};

/// The family and engine `options` run on `grid`: the first row of [`TABLE`] asked for whose
/// rule holds, else [`OTHERWISE`]; its specialised engine when the options allow one and its
/// rule holds, else its generic engine.
///
/// # Complexity
///
/// O(1) plus one pass over the 255 area multipliers per rule evaluated.
///
/// # Determinism
///
/// A function of the options and of the grid's size and multipliers only (not its cells).
pub(super) fn select(options: &GridOptions, grid: &Grid) -> Selection {
    select_for(options, Facts::of(grid))
}

/// The engines `options` can run on `grid` as it is or after any edit (edits change whether
/// the multipliers are uniform, never the size): the selection for each answer. The bound of
/// [`GridSearch::max_state_size`](super::GridSearch::max_state_size) is the largest of theirs.
pub(super) fn candidates(options: &GridOptions, grid: &Grid) -> [Engine; 2] {
    let longer_side = Facts::of(grid).longer_side;
    [true, false].map(|uniform| {
        select_for(
            options,
            Facts {
                uniform,
                longer_side,
            },
        )
        .engine
    })
}

/// [`select`] on what the table reads of a grid.
fn select_for(options: &GridOptions, grid: Facts) -> Selection {
    let row = TABLE
        .iter()
        .find(|r| r.asked == options.algorithm && (r.applies)(options, grid))
        .unwrap_or(&OTHERWISE);
    let (may_specialise, specialised) = row.specialised;
    let engine = if options.specialized_engines && may_specialise(options, grid) {
        specialised
    } else {
        row.generic
    };
    Selection {
        family: row.runs,
        engine,
    }
}

/// The octile case, where jump point search and the specialised engines apply (spec:
/// grids.md, “When it applies”): eight moves, no corner cutting, agent size 1, weight 1, the
/// automatic, octile or zero estimate, and one multiplier for all 255 walkable areas of `grid`.
fn octile_case(o: &GridOptions, grid: Facts) -> bool {
    o.connectivity == Connectivity::Eight
        && o.diagonal_rule == DiagonalRule::NoCornerCutting
        && o.agent_size == 1
        && o.weight == 1.0
        && matches!(
            o.heuristic,
            HeuristicKind::Auto | HeuristicKind::Octile | HeuristicKind::Zero
        )
        && grid.uniform
}

/// The octile case on a grid whose sides the JPS+ tables can hold
/// ([`MAX_JPS_PLUS_SIDE`]).
fn octile_case_with_tables(o: &GridOptions, grid: Facts) -> bool {
    octile_case(o, grid) && grid.longer_side <= MAX_JPS_PLUS_SIDE
}

/// The any-angle case (spec: grids.md, “Any-angle search”): eight moves, no corner cutting,
/// agent size 1, the automatic or zero estimate and one multiplier for all 255 walkable areas
/// of `grid`. The weight is honoured, so any weight qualifies.
fn any_angle_case(o: &GridOptions, grid: Facts) -> bool {
    o.connectivity == Connectivity::Eight
        && o.diagonal_rule == DiagonalRule::NoCornerCutting
        && o.agent_size == 1
        && matches!(o.heuristic, HeuristicKind::Auto | HeuristicKind::Zero)
        && grid.uniform
}

/// Where HPA* applies: four moves, or eight moves with no corner cutting or no squeezing.
fn hpa_case(o: &GridOptions, _: Facts) -> bool {
    o.connectivity == Connectivity::Four || o.diagonal_rule != DiagonalRule::AllowAll
}

/// The rule of the last row.
fn always(_: &GridOptions, _: Facts) -> bool {
    true
}

impl GridOptions {
    /// The algorithm these options run on `grid`: [`algorithm`](Self::algorithm) when the
    /// query qualifies for it, else the fallback (spec: grids.md, “When it applies”). A* always
    /// qualifies. JPS and JPS+ qualify when the options ask for eight moves, no corner cutting,
    /// agent size 1, weight 1 and the automatic, octile or zero estimate, and all 255 walkable
    /// areas of `grid` have the same multiplier (whether or not a cell uses them); otherwise
    /// the query runs A*. A qualifying JPS+ query on a grid with a side above
    /// [`MAX_JPS_PLUS_SIDE`] runs JPS. This is the family
    /// [`GridPath::algorithm`](crate::GridPath) reports.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Connectivity, Grid, GridAlgorithm, GridOptions};
    /// let mut grid = Grid::new(8, 8).unwrap();
    /// let jps = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps);
    /// assert_eq!(jps.resolved_algorithm(&grid), GridAlgorithm::Jps);
    /// // Four moves do not qualify for jump point search: A* runs instead.
    /// let four = jps.with_connectivity(Connectivity::Four);
    /// assert_eq!(four.resolved_algorithm(&grid), GridAlgorithm::AStar);
    /// // Nor does a grid whose areas cost differently, even an area no cell uses yet.
    /// grid.set_area_cost(3, 2.0).unwrap();
    /// assert_eq!(jps.resolved_algorithm(&grid), GridAlgorithm::AStar);
    /// ```
    pub fn resolved_algorithm(&self, grid: &Grid) -> GridAlgorithm {
        select(self, grid).family
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Connectivity;

    /// The table as the code before it wrote it (`resolve_algorithm` / `resolve_engine`):
    /// JPS+ when asked, qualifying and the tables fit; JPS when JPS or JPS+ is asked and the
    /// query qualifies; A* otherwise; the specialised engine of that family whenever the query
    /// qualifies and the options allow it.
    fn reference(o: &GridOptions, grid: &Grid) -> Selection {
        let q = octile_case(o, Facts::of(grid));
        let fits = grid.width().max(grid.height()) <= MAX_JPS_PLUS_SIDE;
        let family = match o.algorithm {
            GridAlgorithm::JpsPlus if q && fits => GridAlgorithm::JpsPlus,
            GridAlgorithm::Jps | GridAlgorithm::JpsPlus if q => GridAlgorithm::Jps,
            _ => GridAlgorithm::AStar,
        };
        let engine = match (o.specialized_engines && q, family) {
            (false, _) => Engine::Generic,
            (true, GridAlgorithm::Jps) => Engine::OctileJps,
            (true, GridAlgorithm::JpsPlus) => Engine::OctileJpsPlus,
            (true, _) => Engine::OctileAStar,
        };
        Selection { family, engine }
    }

    #[test]
    fn the_table_chooses_what_the_rules_say() {
        let small = Grid::new(4, 4).unwrap();
        let mut priced = Grid::new(4, 4).unwrap();
        priced.set_area_cost(7, 2.0).unwrap();
        let wide = Grid::new(MAX_JPS_PLUS_SIDE + 1, 1).unwrap();
        let mut checked = 0;
        for grid in [&small, &priced, &wide] {
            for algorithm in [
                GridAlgorithm::AStar,
                GridAlgorithm::Jps,
                GridAlgorithm::JpsPlus,
            ] {
                for fast in [true, false] {
                    for variant in 0..6 {
                        let base = GridOptions::DEFAULT
                            .with_algorithm(algorithm)
                            .with_specialized_engines(fast);
                        let o = match variant {
                            0 => base,
                            1 => base.with_connectivity(Connectivity::Four),
                            2 => base.with_diagonal_rule(DiagonalRule::AllowAll),
                            3 => base.with_agent_size(2),
                            4 => base.with_weight(1.5),
                            _ => base.with_heuristic(HeuristicKind::Manhattan),
                        };
                        assert_eq!(select(&o, grid), reference(&o, grid), "{o:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 3 * 3 * 2 * 6);
    }

    #[test]
    fn rows_name_their_outcomes() {
        let grid = Grid::new(4, 4).unwrap();
        let o = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus);
        let s = select(&o, &grid);
        assert_eq!(
            (s.family, s.engine),
            (GridAlgorithm::JpsPlus, Engine::OctileJpsPlus)
        );
        let s = select(&o.with_specialized_engines(false), &grid);
        assert_eq!(
            (s.family, s.engine),
            (GridAlgorithm::JpsPlus, Engine::Generic)
        );
        // Not the octile case: every family falls to the generic A*.
        let s = select(&o.with_connectivity(Connectivity::Four), &grid);
        assert_eq!(
            (s.family, s.engine),
            (GridAlgorithm::AStar, Engine::Generic)
        );
        let s = select(&GridOptions::DEFAULT, &grid);
        assert_eq!(
            (s.family, s.engine),
            (GridAlgorithm::AStar, Engine::OctileAStar)
        );
    }
}
