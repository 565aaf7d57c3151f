//! `grids/astar/*`: the generic A* on square grids (tier 1 `Grid::find_path` /
//! `find_path_with`, tier 2 `AStar` over `SquareTopology` in slices).
//!
//! Each scenario is one generated map with its area costs, a fixed query list
//! ([`pick_queries`]) and the option variants of the sets it names, plus the grid's own
//! snapshot (`grid-state`). Scenarios with the `Snap` set also run saved-and-restored
//! `GridSearch` handles (`~snap1`, `~snap17`, `~snapmid`; see [`Kind::Restored`]).
//!
//! [`Kind::Restored`]: crate::runs::Kind::Restored

use onepath::{DiagonalRule, GridOptions, HeuristicKind};

use crate::mapgen::{self, Map, ROAD};
use crate::registry::Scenario;
use crate::runs::{Query, SnapAt, Variant, grid_state, map_record, pick_queries, run_square};

/// Random queries per map (plus `same`, `wall`, `outside`).
const RANDOM_QUERIES: usize = 4;

/// Groups of variants a scenario can ask for.
///
/// `Sliced` adds tier-2 twins: `8ncc` in slices of 1, 7 and 50 (only 7 unless the scenario
/// also has `Weights`), `4`, `a2` and `w1.5` in slices of 7, `zero` in slices of 50.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Set {
    /// Connectivity and the three diagonal rules.
    Core,
    /// Agent sizes 2 and 3.
    Agents,
    /// Heuristic weight 1.5, the zero heuristic (Dijkstra) and weight 0 (its twin).
    Weights,
    /// Iteration budgets (`BudgetExhausted` records).
    Budgets,
    /// `find_path_with` hooks.
    Hooks,
    /// Tier-2 sliced twins of the unbudgeted tier-1 variants present.
    Sliced,
    /// `rec` (8ncc recording expansions) and saved-and-restored twins where present: `8ncc`
    /// saved after 1, 17 and half its pops, and at half with the desync trace on; `rec` after
    /// 17 and half; `4`, `a2`, `4-a2`, `w1.5` and `zero` at half.
    Snap,
}

use Set::{Agents, Budgets, Core, Hooks, Sliced, Snap, Weights};

fn variants(sets: &[Set]) -> Vec<Variant> {
    // The generic cores: the specialised octile engines have their own family (grids/fast),
    // and these records keep their tier-2 generic twins.
    let d = GridOptions::DEFAULT.with_specialized_engines(false);
    let four = GridOptions::FOUR_CONNECTED;
    let mut v = Vec::new();
    if sets.contains(&Core) {
        v.push(Variant::tier1("8ncc", d));
        v.push(Variant::tier1(
            "8nsq",
            d.with_diagonal_rule(DiagonalRule::NoSqueezing),
        ));
        v.push(Variant::tier1(
            "8all",
            d.with_diagonal_rule(DiagonalRule::AllowAll),
        ));
        v.push(Variant::tier1("4", four));
    }
    if sets.contains(&Agents) {
        v.push(Variant::tier1("a2", d.with_agent_size(2)));
        v.push(Variant::tier1("a3", d.with_agent_size(3)));
        v.push(Variant::tier1("4-a2", four.with_agent_size(2)));
        v.push(Variant::tier1(
            "8all-a3",
            d.with_agent_size(3)
                .with_diagonal_rule(DiagonalRule::AllowAll),
        ));
    }
    if sets.contains(&Weights) {
        v.push(Variant::tier1("w1.5", d.with_weight(1.5)).without_edges());
        v.push(Variant::tier1("zero", d.with_heuristic(HeuristicKind::Zero)).without_edges());
        // f = g + 0·h = g: the same open-set order as the zero heuristic, record for record.
        v.push(
            Variant::tier1("w0", d.with_weight(0.0))
                .without_edges()
                .twin_of("zero"),
        );
        v.push(Variant::tier1("4-w1.5", four.with_weight(1.5)).without_edges());
    }
    if sets.contains(&Budgets) {
        for b in [1, 16, 200] {
            v.push(Variant::tier1(&format!("b{b}"), d.with_iteration_budget(b)).without_edges());
        }
    }
    if sets.contains(&Hooks) {
        v.push(Variant::hooks("hooks", d).without_edges());
        v.push(Variant::hooks("4-hooks", four).without_edges());
    }
    if sets.contains(&Snap) {
        v.push(Variant::tier1("rec", d.with_record_expansions(true)));
    }
    if sets.contains(&Sliced) {
        let mut twins = Vec::new();
        for base in &v {
            let budgets: &[u32] = match base.name.as_str() {
                "8ncc" if sets.contains(&Weights) => &[1, 7, 50],
                "8ncc" | "4" | "a2" | "w1.5" | "rec" => &[7],
                "zero" => &[50],
                _ => &[],
            };
            twins.extend(budgets.iter().map(|&b| base.sliced(b)));
        }
        v.extend(twins);
    }
    if sets.contains(&Snap) {
        let mut twins = Vec::new();
        for base in v.iter().filter(|b| b.twin.is_none()) {
            let at: &[SnapAt] = match base.name.as_str() {
                "8ncc" => &SnapAt::ALL,
                "rec" => &[SnapAt::Pops(17), SnapAt::Half],
                "4" | "a2" | "4-a2" | "w1.5" | "zero" => &[SnapAt::Half],
                _ => &[],
            };
            twins.extend(at.iter().map(|&at| base.restored(at, false)));
            if base.name == "8ncc" {
                twins.push(base.restored(SnapAt::Half, true));
            }
        }
        v.extend(twins);
    }
    v
}

/// One square-grid scenario: `build` makes the map (and sets its area costs on the grid).
struct Case {
    name: &'static str,
    about: &'static str,
    build: fn() -> Map,
    /// Area multipliers to set, `(area, multiplier)`.
    costs: &'static [(u8, f64)],
    /// A sealed ring `(x, y, w, h)`: adds a query from outside into it (`NoPath`).
    sealed: Option<(u32, u32, u32, u32)>,
    sets: &'static [Set],
    seed: u64,
}

const TERRAIN_COSTS: &[(u8, f64)] = &[(1, 1.5), (2, 2.0), (3, 3.0), (4, 5.0), (ROAD, 0.5)];
const HEAVY_COSTS: &[(u8, f64)] = &[
    (0, 2.5),
    (1, 2.5),
    (2, 3.0),
    (3, 4.0),
    (4, 7.25),
    (ROAD, 2.5),
];

const CASES: &[Case] = &[
    Case {
        name: "open-16x16",
        about: "open grid: ties everywhere",
        build: || Map::filled(16, 16, 0),
        costs: &[],
        sealed: None,
        sets: &[Core, Weights, Sliced, Snap],
        seed: 100,
    },
    Case {
        name: "noise10-48x48-s1",
        about: "10% random obstacles",
        build: || mapgen::noise(48, 48, 10, 1),
        costs: &[],
        sealed: None,
        sets: &[Core, Agents, Weights, Sliced, Snap],
        seed: 101,
    },
    Case {
        name: "noise25-48x48-s2",
        about: "25% random obstacles",
        build: || mapgen::noise(48, 48, 25, 2),
        costs: &[],
        sealed: None,
        sets: &[Core, Budgets, Hooks],
        seed: 102,
    },
    Case {
        name: "noise40-32x32-s3",
        about: "40% random obstacles: mostly disconnected",
        build: || mapgen::noise(32, 32, 40, 3),
        costs: &[],
        sealed: None,
        sets: &[Core],
        seed: 103,
    },
    Case {
        name: "rooms8-97x45-s4",
        about: "rooms with doors, wider than 64 cells, odd sides",
        build: || mapgen::rooms(97, 45, 8, 4),
        costs: &[],
        sealed: None,
        sets: &[Core, Agents, Budgets, Sliced, Snap],
        seed: 104,
    },
    Case {
        name: "maze-41x41-s5",
        about: "maze with 8% of walls knocked out (loops)",
        build: || mapgen::maze(41, 41, 8, 5),
        costs: &[],
        sealed: None,
        sets: &[Core, Weights],
        seed: 105,
    },
    Case {
        name: "caves45-64x64-s6",
        about: "cellular-automaton caves",
        build: || mapgen::caves(64, 64, 45, 4, 6),
        costs: &[],
        sealed: None,
        sets: &[Core, Agents, Sliced],
        seed: 106,
    },
    Case {
        name: "terrain-72x40-s7",
        about: "area-cost terrain (1, 1.5, 2, 3, 5; roads 0.5)",
        build: || mapgen::terrain(72, 40, 2, 7),
        costs: TERRAIN_COSTS,
        sealed: None,
        sets: &[Core, Agents, Weights, Hooks, Sliced],
        seed: 107,
    },
    Case {
        name: "terrain-51x37-s9",
        about: "area-cost terrain, every multiplier at least 2.5 (heuristic scale)",
        build: || mapgen::terrain(51, 37, 1, 9),
        costs: HEAVY_COSTS,
        sealed: None,
        sets: &[Core, Weights, Snap],
        seed: 109,
    },
    Case {
        name: "sealed-noise15-33x47-s8",
        about: "15% obstacles, odd sides, a sealed box (NoPath after a full search)",
        build: || mapgen::noise(33, 47, 15, 8),
        costs: &[],
        sealed: Some((20, 30, 9, 8)),
        sets: &[Core, Agents],
        seed: 108,
    },
];

/// The scenarios of `grids/astar`.
pub fn scenarios() -> Vec<Scenario> {
    CASES
        .iter()
        .map(|c| {
            Scenario::new(format!("grids/astar/{}", c.name), c.about, move |rec| {
                let mut map = (c.build)();
                if let Some((x, y, w, h)) = c.sealed {
                    map.sealed_box(x, y, w, h);
                }
                rec.map("map", map_record(&map));
                let mut grid = map.to_grid();
                for &(area, m) in c.costs {
                    grid.set_area_cost(area, m).expect("valid multiplier");
                }
                rec.grid_state("grid-state", grid_state(&grid).0);
                let mut queries = pick_queries(&map, c.seed, RANDOM_QUERIES);
                if let Some((x, y, w, h)) = c.sealed {
                    let inside = Map::cell(x + w / 2, y + h / 2);
                    let outside = queries[0].start;
                    queries.push(Query::edge_case("sealed", outside, inside));
                }
                run_square(rec, &grid, &variants(c.sets), &queries);
            })
        })
        .collect()
}
