//! `grids/jps/*`: jump point search on square grids — tier 1 `Grid::find_path` with
//! `GridAlgorithm::Jps` and `JpsPlus`, the resumable `GridSearch` handle in slices and saved
//! and restored, tier-2 `AStar` over `JumpTopology` with each jumper, and the queries that do
//! not qualify and must fall back.
//!
//! Every record says which algorithm ran (`alg=AStar|Jps|JpsPlus`, from `GridPath::algorithm`;
//! a query refused before any search reports `AStar`, as tier 1 does).
//!
//! Variant names: `jps` / `jps+` (Auto heuristic), `-oct` (Octile: the same estimate as Auto on
//! eight moves, so declared twins), `-zero`, `-rec` (recording expansions), `-b<n>` (iteration
//! budget). Twins: `~slice<n>` is `GridSearch` stepped n iterations at a time, `~online`,
//! `~block`, `~table` (with `-slice<n>`) are tier-2 `AStar` over `JumpTopology` with the
//! `OnlineJumper`, `BlockJumper` and `TableJumper`, and `~snap<k>` is a handle saved after k
//! pops and restored (see [`Kind::Restored`]). Fallbacks: `fb<case>-jps` and `fb<case>-jps+`
//! ask for JPS or JPS+ with options it cannot honour and must equal, `alg=AStar` included,
//! the plain A* variant `astar-<case>` beside them.
//!
//! [`Kind::Restored`]: crate::runs::Kind::Restored

use onepath::grid::WALL;
use onepath::{DiagonalRule, GridAlgorithm, GridOptions, HeuristicKind};

use crate::mapgen::{self, Map, ROAD};
use crate::registry::Scenario;
use crate::runs::{
    JumperKind, Kind, Query, SnapAt, Variant, grid_state, map_record, pick_queries, run_square_alg,
};

/// Random queries per map (plus `same`, `wall`, `outside`).
const RANDOM_QUERIES: usize = 4;

/// Random pairs of the secondary `jps+` variants (`-zero`, `-oct`, `-rec`, `-b8`): tier 1
/// builds the JPS+ tables on every call, which dominates a debug run.
const SHORT: usize = 2;

/// Groups of variants a scenario can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Set {
    /// `jps`, `jps+` (with the edge cases), `jps-zero`, `jps+-zero`.
    Core,
    /// `jps-oct`, `jps+-oct`: the Octile heuristic, twins of the Auto ones.
    Oct,
    /// `jps-b1`, `jps+-b8`: iteration budgets (`BudgetExhausted`).
    Budgets,
    /// `GridSearch` twins stepped in slices of 1, 7 and 50 (`jps`, `jps+`), 7 (`jps-zero`,
    /// `jps-rec`).
    Sliced,
    /// Tier-2 `JumpTopology` twins: `jps~online`, `jps~block-slice7`, `jps-zero~block`,
    /// `jps+~table`, `jps+-zero~table-slice7`.
    Tier2,
    /// `jps-rec`, `jps+-rec`: expansions recorded (the expanded jump points in the line).
    Rec,
    /// Saved-and-restored twins `jps~snapmid`, `jps+~snapmid`.
    Snap,
    /// Every saved-and-restored twin: `jps` and `jps+` after 1, 17 and half their pops,
    /// `jps` at half with the desync trace on, `jps-zero` and `jps-rec` at half, `jps+-rec`
    /// after 17 (needs `Rec`).
    SnapAll,
    /// Options JPS cannot honour, each run with JPS or JPS+ and with A*: four moves (both),
    /// no squeezing (`jps`), agent size 2 (`jps+`), weight 1.5 (`jps`), the Manhattan estimate
    /// (`jps+`), hooks (`jps`). `fb<case>-jps[+]` must equal `astar-<case>`; `fb4-jps` and
    /// `fba2-jps+` are also saved and restored.
    Fallback,
    /// Areas with different multipliers: `jps` and `jps+` equal `astar`; `jps` also sliced and
    /// restored.
    NonUniform,
    /// A side above the JPS+ limit (32,766): `jps+` runs JPS and equals `jps`; also sliced.
    TooLong,
}

use Set::{Budgets, Core, Fallback, NonUniform, Oct, Rec, Sliced, Snap, SnapAll, Tier2, TooLong};

fn jps(o: GridOptions) -> GridOptions {
    o.with_algorithm(GridAlgorithm::Jps)
}

fn plus(o: GridOptions) -> GridOptions {
    o.with_algorithm(GridAlgorithm::JpsPlus)
}

/// The base (tier-1) variants of `sets`.
fn bases(sets: &[Set]) -> Vec<Variant> {
    // The generic cores: the specialised octile engines have their own family (grids/fast),
    // and these records keep their tier-2 generic twins.
    let d = GridOptions::DEFAULT.with_specialized_engines(false);
    let oct = d.with_heuristic(HeuristicKind::Octile);
    let zero = d.with_heuristic(HeuristicKind::Zero);
    let rec = d.with_record_expansions(true);
    let mut v = Vec::new();
    if sets.contains(&Core) {
        // The specialised octile engines (`fast/`), selected by tier 1 when the query
        // qualifies: one-line A*, BitFinder JPS, TableFinder JPS+. Their twins are the handle
        // stepped in slices and saved-and-restored handles (the generic tier-2 cores break
        // ties differently, so they are not twins).
        let f = GridOptions::DEFAULT;
        v.push(Variant::tier1("fast-astar", f));
        v.push(Variant::tier1("fast-jps", jps(f)));
        v.push(Variant::tier1("fast-jps+", plus(f)));
        v.push(
            Variant::tier1("fast-jps-zero", jps(f.with_heuristic(HeuristicKind::Zero)))
                .without_edges(),
        );
        v.push(Variant::tier1("jps", jps(d)));
        v.push(Variant::tier1("jps-zero", jps(zero)).without_edges());
        v.push(Variant::tier1("jps+", plus(d)));
        v.push(
            Variant::tier1("jps+-zero", plus(zero))
                .without_edges()
                .first_pairs(SHORT),
        );
    }
    if sets.contains(&Oct) {
        v.push(
            Variant::tier1("jps-oct", jps(oct))
                .without_edges()
                .twin_of("jps"),
        );
        v.push(
            Variant::tier1("jps+-oct", plus(oct))
                .without_edges()
                .first_pairs(SHORT)
                .twin_of("jps+"),
        );
    }
    if sets.contains(&Rec) {
        v.push(Variant::tier1("jps-rec", jps(rec)).without_edges());
        v.push(
            Variant::tier1("jps+-rec", plus(rec))
                .without_edges()
                .first_pairs(SHORT),
        );
    }
    if sets.contains(&Budgets) {
        v.push(Variant::tier1("jps-b1", jps(d).with_iteration_budget(1)).without_edges());
        v.push(
            Variant::tier1("jps+-b8", plus(d).with_iteration_budget(8))
                .without_edges()
                .first_pairs(SHORT),
        );
    }
    if sets.contains(&Fallback) {
        let four = GridOptions::FOUR_CONNECTED;
        let cases: [(&str, GridOptions, &[&str]); 5] = [
            ("4", four, &["jps", "jps+"]),
            (
                "nsq",
                d.with_diagonal_rule(DiagonalRule::NoSqueezing),
                &["jps"],
            ),
            ("a2", d.with_agent_size(2), &["jps+"]),
            ("w1.5", d.with_weight(1.5), &["jps"]),
            ("man", d.with_heuristic(HeuristicKind::Manhattan), &["jps+"]),
        ];
        for (case, o, algs) in cases {
            let base = format!("astar-{case}");
            v.push(Variant::tier1(&base, o).without_edges());
            for &alg in algs {
                let asked = if alg == "jps" { jps(o) } else { plus(o) };
                v.push(
                    Variant::tier1(&format!("fb{case}-{alg}"), asked)
                        .without_edges()
                        .twin_of(&base),
                );
            }
        }
        v.push(Variant::hooks("astar-hooks", d).without_edges());
        v.push(
            Variant::hooks("fbhooks-jps", jps(d))
                .without_edges()
                .twin_of("astar-hooks"),
        );
    }
    if sets.contains(&NonUniform) {
        v.push(Variant::tier1("astar", d));
        v.push(Variant::tier1("jps", jps(d)).twin_of("astar"));
        v.push(Variant::tier1("jps+", plus(d)).twin_of("astar"));
    }
    if sets.contains(&TooLong) {
        v.push(Variant::tier1("jps", jps(d)));
        v.push(Variant::tier1("jps+", plus(d)).twin_of("jps"));
    }
    v
}

/// The twins a base variant named `name` gets under `sets`.
fn twins_of(base: &Variant, sets: &[Set]) -> Vec<Variant> {
    let mut t = Vec::new();
    let name = base.name.as_str();
    let has = |s: Set| sets.contains(&s);
    if has(Sliced) {
        let budgets: &[u32] = match name {
            "jps" | "jps+" | "fast-astar" | "fast-jps" | "fast-jps+" => &[1, 7, 50],
            "jps-zero" | "jps-rec" | "fast-jps-zero" => &[7],
            _ => &[],
        };
        t.extend(budgets.iter().map(|&b| base.handle(b)));
    }
    if has(Tier2) {
        match name {
            "jps" => {
                t.push(base.jump(JumperKind::Online, u32::MAX));
                t.push(base.jump(JumperKind::Block, 7));
            }
            "jps-zero" => t.push(base.jump(JumperKind::Block, u32::MAX)),
            "jps+" => t.push(base.jump(JumperKind::Table, u32::MAX)),
            "jps+-zero" => t.push(base.jump(JumperKind::Table, 7)),
            _ => {}
        }
    }
    let at: &[SnapAt] = match name {
        "jps" | "jps+" | "fast-astar" | "fast-jps" | "fast-jps+" if has(SnapAll) => &SnapAt::ALL,
        "jps" | "jps+" | "fast-astar" | "fast-jps" | "fast-jps+" if has(Snap) => &[SnapAt::Half],
        "jps-zero" | "jps-rec" if has(SnapAll) => &[SnapAt::Half],
        "jps+-rec" if has(SnapAll) => &[SnapAt::Pops(17)],
        "fb4-jps" | "fba2-jps+" => &[SnapAt::Half],
        "jps" if has(NonUniform) => &[SnapAt::Half],
        _ => &[],
    };
    t.extend(at.iter().map(|&at| base.restored(at, false)));
    if name == "jps" && has(SnapAll) {
        t.push(base.restored(SnapAt::Half, true));
    }
    if (name == "jps" && has(NonUniform)) || (name == "jps+" && has(TooLong)) {
        t.push(base.handle(7));
    }
    t
}

fn variants(sets: &[Set]) -> Vec<Variant> {
    let mut v = bases(sets);
    let twins: Vec<Variant> = v
        .iter()
        .filter(|b| b.kind == Kind::Tier1 && b.options.iteration_budget == u32::MAX)
        .flat_map(|b| twins_of(b, sets))
        .collect();
    v.extend(twins);
    v
}

/// One scenario: `build` makes the map; `costs` are set on the grid.
struct Case {
    name: &'static str,
    about: &'static str,
    build: fn() -> Map,
    costs: Costs,
    /// A sealed ring `(x, y, w, h)`: adds a query from outside into it (`NoPath`).
    sealed: Option<(u32, u32, u32, u32)>,
    sets: &'static [Set],
    /// Random queries (plus the edge cases).
    random: usize,
    seed: u64,
}

/// Area multipliers of a scenario.
#[derive(Clone, Copy, Debug)]
enum Costs {
    /// The grid's defaults (1 everywhere).
    Default,
    /// The same multiplier set on every area 0..=254 (JPS applies, with unit cost `m`).
    Uniform(f64),
    /// Different multipliers per area (JPS does not apply).
    Terrain,
}

const TERRAIN_COSTS: &[(u8, f64)] = &[(1, 1.5), (2, 2.0), (3, 3.0), (4, 5.0), (ROAD, 0.5)];

/// The sets of the scenarios that run everything but the fallbacks.
const FULL: &[Set] = &[Core, Oct, Budgets, Sliced, Tier2, Rec, SnapAll];

const CASES: &[Case] = &[
    Case {
        name: "open-32x32",
        about: "open room: diagonal-first ties everywhere",
        build: || Map::filled(32, 32, 0),
        costs: Costs::Default,
        sealed: None,
        sets: &[Core, Oct, Budgets, Sliced, Tier2, Snap, Fallback],
        random: RANDOM_QUERIES,
        seed: 200,
    },
    Case {
        name: "noise10-48x48-s1",
        about: "10% random obstacles",
        build: || mapgen::noise(48, 48, 10, 1),
        costs: Costs::Default,
        sealed: None,
        sets: &[Core, Sliced, Tier2, Rec, SnapAll],
        random: RANDOM_QUERIES,
        seed: 201,
    },
    Case {
        name: "noise25-48x48-s2",
        about: "25% random obstacles: many forced neighbours",
        build: || mapgen::noise(48, 48, 25, 2),
        costs: Costs::Default,
        sealed: None,
        sets: &[Core, Oct, Budgets, Tier2],
        random: RANDOM_QUERIES,
        seed: 202,
    },
    Case {
        name: "noise40-32x32-s3",
        about: "40% random obstacles: mostly disconnected",
        build: || mapgen::noise(32, 32, 40, 3),
        costs: Costs::Default,
        sealed: None,
        sets: &[Core, Tier2],
        random: RANDOM_QUERIES,
        seed: 203,
    },
    Case {
        name: "rooms8-97x45-s4",
        about: "rooms with doors, wider than 64 cells, odd sides",
        build: || mapgen::rooms(97, 45, 8, 4),
        costs: Costs::Default,
        sealed: None,
        sets: FULL,
        random: RANDOM_QUERIES,
        seed: 204,
    },
    Case {
        name: "maze-41x41-s5",
        about: "maze with 8% of walls knocked out (loops)",
        build: || mapgen::maze(41, 41, 8, 5),
        costs: Costs::Default,
        sealed: None,
        sets: &[Core, Sliced, Tier2, Snap],
        random: RANDOM_QUERIES,
        seed: 205,
    },
    Case {
        name: "caves45-64x64-s6",
        about: "cellular-automaton caves, exactly one 64-bit word wide",
        build: || mapgen::caves(64, 64, 45, 4, 6),
        costs: Costs::Default,
        sealed: None,
        sets: &[Core, Tier2, Fallback],
        random: RANDOM_QUERIES,
        seed: 206,
    },
    Case {
        name: "noise15-131x23-s10",
        about: "15% obstacles, three 64-bit words wide, odd sides",
        build: || mapgen::noise(131, 23, 15, 10),
        costs: Costs::Default,
        sealed: None,
        sets: &[Core, Tier2, Snap],
        random: RANDOM_QUERIES,
        seed: 210,
    },
    Case {
        name: "terrain-72x40-s7-m1",
        about: "terrain areas, multiplier 1 set on every area (JPS applies)",
        build: || mapgen::terrain(72, 40, 2, 7),
        costs: Costs::Uniform(1.0),
        sealed: None,
        sets: &[Core, Sliced],
        random: RANDOM_QUERIES,
        seed: 207,
    },
    Case {
        name: "terrain-51x37-s9-m2.5",
        about: "terrain areas, multiplier 2.5 set on every area (unit cost 2.5)",
        build: || mapgen::terrain(51, 37, 1, 9),
        costs: Costs::Uniform(2.5),
        sealed: None,
        sets: FULL,
        random: RANDOM_QUERIES,
        seed: 209,
    },
    Case {
        name: "terrain-72x40-s7",
        about: "area costs 1, 1.5, 2, 3, 5, roads 0.5: JPS and JPS+ fall back to A*",
        build: || mapgen::terrain(72, 40, 2, 7),
        costs: Costs::Terrain,
        sealed: None,
        sets: &[NonUniform],
        random: RANDOM_QUERIES,
        seed: 207,
    },
    Case {
        name: "sealed-noise15-33x47-s8",
        about: "15% obstacles, odd sides, a sealed box (NoPath after a full search)",
        build: || mapgen::noise(33, 47, 15, 8),
        costs: Costs::Default,
        sealed: Some((20, 30, 9, 8)),
        sets: &[Core, Sliced, Snap],
        random: RANDOM_QUERIES,
        seed: 208,
    },
    Case {
        name: "corridor-32767x3",
        about: "a side above the JPS+ limit: JPS+ falls back to JPS",
        build: corridor,
        costs: Costs::Default,
        sealed: None,
        sets: &[TooLong],
        random: 1,
        seed: 211,
    },
];

/// 32,767 × 3 cells, open, with a wall stub every 4,096 columns alternately in the top and
/// the bottom row (forced neighbours along the way).
fn corridor() -> Map {
    let mut map = Map::filled(32_767, 3, 0);
    for (i, x) in (2_048..32_767).step_by(4_096).enumerate() {
        map.set(x, if i % 2 == 0 { 0 } else { 2 }, WALL);
    }
    map
}

/// The scenarios of `grids/jps`.
pub fn scenarios() -> Vec<Scenario> {
    CASES
        .iter()
        .map(|c| {
            Scenario::new(format!("grids/jps/{}", c.name), c.about, move |rec| {
                let mut map = (c.build)();
                if let Some((x, y, w, h)) = c.sealed {
                    map.sealed_box(x, y, w, h);
                }
                rec.map("map", map_record(&map));
                let mut grid = map.to_grid();
                match c.costs {
                    Costs::Default => {}
                    Costs::Uniform(m) => {
                        for area in 0..=254 {
                            grid.set_area_cost(area, m).expect("valid multiplier");
                        }
                    }
                    Costs::Terrain => {
                        for &(area, m) in TERRAIN_COSTS {
                            grid.set_area_cost(area, m).expect("valid multiplier");
                        }
                    }
                }
                rec.grid_state("grid-state", grid_state(&grid).0);
                let mut queries = pick_queries(&map, c.seed, c.random);
                if let Some((x, y, w, h)) = c.sealed {
                    let inside = Map::cell(x + w / 2, y + h / 2);
                    let outside = queries[0].start;
                    queries.push(Query::edge_case("sealed", outside, inside));
                }
                run_square_alg(rec, &grid, &variants(c.sets), &queries);
            })
        })
        .collect()
}
