//! `grids/hpa/*`: HPA* (spec: grids.md, "HPA*") on generated maps through tier 1
//! (`GridAlgorithm::Hpa`): chunk sides 4, 8 and 16, smoothing on and off, four moves, no
//! squeezing, agent size 2, area costs, an iteration budget, the `GridSearch` handle stepped in
//! slices of 1 and 7 (declared twins of the unsliced variants), and eight moves with
//! `AllowAll`, which HPA* does not support and must run as A* (`alg=AStar`).
//!
//! Every record says which algorithm ran (`alg=Hpa|AStar`).

use onepath::{Connectivity, DiagonalRule, GridAlgorithm, GridOptions};

use crate::mapgen::{self, Map, ROAD};
use crate::registry::Scenario;
use crate::runs::{Variant, map_record, pick_queries, run_square_alg};

/// Random queries per map (plus `same`, `wall`, `outside`).
const RANDOM_QUERIES: usize = 4;

struct Case {
    name: &'static str,
    about: &'static str,
    build: fn() -> Map,
    costs: &'static [(u8, f64)],
    seed: u64,
}

const TERRAIN_COSTS: &[(u8, f64)] = &[(1, 1.5), (2, 2.0), (3, 3.0), (4, 5.0), (ROAD, 0.5)];

const CASES: &[Case] = &[
    Case {
        name: "rooms8-57x41-s3",
        about: "rooms with doors",
        build: || mapgen::rooms(57, 41, 8, 3),
        costs: &[],
        seed: 91,
    },
    Case {
        name: "caves45-49x37-s4",
        about: "caves",
        build: || mapgen::caves(49, 37, 45, 4, 4),
        costs: &[],
        seed: 92,
    },
    Case {
        name: "maze-41x41-s5",
        about: "a maze with loops",
        build: || mapgen::maze(41, 41, 10, 5),
        costs: &[],
        seed: 93,
    },
    Case {
        name: "terrain-45x33-s6",
        about: "terrain with area costs",
        build: || mapgen::terrain(45, 33, 3, 6),
        costs: TERRAIN_COSTS,
        seed: 94,
    },
];

fn hpa(chunk: u32) -> GridOptions {
    GridOptions::DEFAULT
        .with_algorithm(GridAlgorithm::Hpa)
        .with_hpa_chunk_size(chunk)
}

/// The scenarios of the family.
pub fn scenarios() -> Vec<Scenario> {
    CASES
        .iter()
        .map(|c| {
            Scenario::new(format!("grids/hpa/{}", c.name), c.about, move |rec| {
                let map = (c.build)();
                let mut grid = map.to_grid();
                for &(area, m) in c.costs {
                    grid.set_area_cost(area, m).expect("valid multiplier");
                }
                rec.map("map", map_record(&map));
                let queries = pick_queries(&map, c.seed, RANDOM_QUERIES);
                let c8 = Variant::tier1("hpa-c8", hpa(8));
                let variants = [
                    Variant::tier1("hpa-c4", hpa(4)),
                    c8.clone(),
                    Variant::tier1("hpa-c16", hpa(16)),
                    Variant::tier1("hpa-c8-raw", hpa(8).with_hpa_smoothing(false)),
                    Variant::tier1("hpa-c8-4", hpa(8).with_connectivity(Connectivity::Four)),
                    Variant::tier1(
                        "hpa-c8-nsq",
                        hpa(8).with_diagonal_rule(DiagonalRule::NoSqueezing),
                    ),
                    Variant::tier1("hpa-c8-a2", hpa(8).with_agent_size(2)),
                    Variant::tier1("hpa-c8-b3", hpa(8).with_iteration_budget(3)),
                    c8.handle(1),
                    c8.handle(7),
                    Variant::tier1(
                        "fb-allowall",
                        hpa(8).with_diagonal_rule(DiagonalRule::AllowAll),
                    ),
                ];
                run_square_alg(rec, &grid, &variants, &queries);
            })
        })
        .collect()
}
