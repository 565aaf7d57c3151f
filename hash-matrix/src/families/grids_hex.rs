//! `grids/hex/*`: the generic A* on hex grids in the four offset layouts (tier 1
//! `HexGrid::find_path` / `find_path_with`, tier 2 `AStar` over `HexTopology` in slices).
//!
//! One scenario per (layout, map). The four full scenarios use a different map each; the same
//! noise map is also run in the three other layouts so identical cells under different layouts
//! are compared side by side.

use onepath::{GridOptions, HeuristicKind, HexLayout};

use crate::mapgen::{self, Map, ROAD};
use crate::registry::Scenario;
use crate::runs::{Variant, map_record, pick_queries, run_hex};

/// Random queries per map (plus `same`, `wall`, `outside`).
const RANDOM_QUERIES: usize = 4;

fn layout_name(layout: HexLayout) -> &'static str {
    match layout {
        HexLayout::PointyOddRow => "pointy-odd",
        HexLayout::PointyEvenRow => "pointy-even",
        HexLayout::FlatOddColumn => "flat-odd",
        HexLayout::FlatEvenColumn => "flat-even",
    }
}

fn full_variants() -> Vec<Variant> {
    let d = GridOptions::DEFAULT;
    let hex = Variant::tier1("hex", d);
    let zero = Variant::tier1("zero", d.with_heuristic(HeuristicKind::Zero));
    vec![
        hex.clone(),
        zero.clone(),
        Variant::tier1("w1.5", d.with_weight(1.5)).without_edges(),
        Variant::tier1("b16", d.with_iteration_budget(16)).without_edges(),
        Variant::hooks("hooks", d).without_edges(),
        hex.sliced(1),
        hex.sliced(7),
        hex.sliced(50),
        zero.sliced(7),
    ]
}

fn short_variants() -> Vec<Variant> {
    let d = GridOptions::DEFAULT;
    vec![
        Variant::tier1("hex", d),
        Variant::tier1("zero", d.with_heuristic(HeuristicKind::Zero)),
    ]
}

struct Case {
    layout: HexLayout,
    name: &'static str,
    build: fn() -> Map,
    costs: &'static [(u8, f64)],
    full: bool,
    seed: u64,
}

const TERRAIN_COSTS: &[(u8, f64)] = &[(1, 1.5), (2, 2.0), (3, 3.0), (4, 5.0), (ROAD, 0.75)];

fn noise_map() -> Map {
    mapgen::noise(31, 27, 15, 11)
}

const CASES: &[Case] = &[
    Case {
        layout: HexLayout::PointyOddRow,
        name: "noise15-31x27-s11",
        build: noise_map,
        costs: &[],
        full: true,
        seed: 111,
    },
    Case {
        layout: HexLayout::PointyEvenRow,
        name: "caves45-40x36-s12",
        build: || mapgen::caves(40, 36, 45, 4, 12),
        costs: &[],
        full: true,
        seed: 112,
    },
    Case {
        layout: HexLayout::FlatOddColumn,
        name: "terrain-33x29-s13",
        build: || mapgen::terrain(33, 29, 1, 13),
        costs: TERRAIN_COSTS,
        full: true,
        seed: 113,
    },
    Case {
        layout: HexLayout::FlatEvenColumn,
        name: "noise30-28x31-s14",
        build: || mapgen::noise(28, 31, 30, 14),
        costs: &[],
        full: true,
        seed: 114,
    },
    Case {
        layout: HexLayout::PointyEvenRow,
        name: "noise15-31x27-s11",
        build: noise_map,
        costs: &[],
        full: false,
        seed: 111,
    },
    Case {
        layout: HexLayout::FlatOddColumn,
        name: "noise15-31x27-s11",
        build: noise_map,
        costs: &[],
        full: false,
        seed: 111,
    },
    Case {
        layout: HexLayout::FlatEvenColumn,
        name: "noise15-31x27-s11",
        build: noise_map,
        costs: &[],
        full: false,
        seed: 111,
    },
];

/// The scenarios of `grids/hex`.
pub fn scenarios() -> Vec<Scenario> {
    CASES
        .iter()
        .map(|c| {
            let name = format!("grids/hex/{}/{}", layout_name(c.layout), c.name);
            let about = if c.full {
                "every hex variant"
            } else {
                "same cells as pointy-odd: layout comparison"
            };
            Scenario::new(name, about, move |rec| {
                let map = (c.build)();
                rec.map("map", map_record(&map));
                let mut grid = map.to_hex(c.layout);
                for &(area, m) in c.costs {
                    grid.set_area_cost(area, m).expect("valid multiplier");
                }
                let queries = pick_queries(&map, c.seed, RANDOM_QUERIES);
                let variants = if c.full {
                    full_variants()
                } else {
                    short_variants()
                };
                run_hex(rec, &grid, &variants, &queries);
            })
        })
        .collect()
}
