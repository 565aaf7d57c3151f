//! `grids/theta/*`: any-angle paths on square grids — tier 1 `Grid::find_path` with
//! `GridAlgorithm::ThetaStar` and `LazyThetaStar`, the `GridSearch` handle in slices and saved
//! and restored, a fallback that must equal A*, the published Lazy Theta* (tier-2
//! `ThetaSearch` with `ThetaVariant::Lazy`), and the smoothing tools: line-of-sight smoothing
//! of the A* path (`smooth`) and Catmull-Rom samples of the Theta* waypoints (`spline-<query>`,
//! the samples' f64 bits).
//!
//! Variant names: `theta`, `lazy` (Auto heuristic), `-zero`, `-w1.5`; twins `~slice<n>`
//! (`GridSearch` stepped n iterations at a time) and `~snap<k>` (saved after k pops and
//! restored). `fb4-theta` asks for Theta* with four moves and must equal `astar-4`.

use onepath::search::Step;
use onepath::theta::{
    EuclideanHeuristic, ThetaSearch, ThetaVariant, catmull_rom, catmull_rom_len, smooth_path,
};
use onepath::{
    Connectivity, Grid, GridAlgorithm, GridOptions, HeuristicKind, PathStatus, WorldPoint,
};

use crate::digest::Digest;
use crate::mapgen::{self, Map};
use crate::record::{QueryRecord, StructureRecord};
use crate::registry::{Recorder, Scenario};
use crate::runs::{Query, SnapAt, Variant, grid_state, map_record, pick_queries, run_square_alg};

/// Random queries per map (plus `same`, `wall`, `outside`).
const RANDOM_QUERIES: usize = 5;

/// Samples per span of the `spline` records.
const PER_SPAN: u32 = 6;

fn variants() -> Vec<Variant> {
    let d = GridOptions::DEFAULT;
    let theta = Variant::tier1("theta", d.with_algorithm(GridAlgorithm::ThetaStar));
    let lazy = Variant::tier1("lazy", d.with_algorithm(GridAlgorithm::LazyThetaStar));
    let zero = Variant::tier1(
        "lazy-zero",
        d.with_algorithm(GridAlgorithm::LazyThetaStar)
            .with_heuristic(HeuristicKind::Zero),
    )
    .without_edges();
    let weighted = Variant::tier1(
        "theta-w1.5",
        d.with_algorithm(GridAlgorithm::ThetaStar).with_weight(1.5),
    )
    .without_edges();
    let four = d.with_connectivity(Connectivity::Four);
    let mut v = vec![
        theta.clone(),
        lazy.clone(),
        zero.clone(),
        weighted,
        Variant::tier1("astar-4", four).without_edges(),
        Variant::tier1("fb4-theta", four.with_algorithm(GridAlgorithm::ThetaStar))
            .without_edges()
            .twin_of("astar-4"),
        theta.handle(1),
        theta.handle(7),
        lazy.handle(1),
        lazy.handle(7),
        zero.handle(5),
    ];
    for at in SnapAt::ALL {
        v.push(theta.restored(at, false));
        v.push(lazy.restored(at, false));
    }
    v.push(lazy.restored(SnapAt::Half, true));
    v
}

/// The published Lazy Theta*, the smoothed A* path and the spline samples of each random pair.
fn tools(rec: &mut Recorder, grid: &Grid, queries: &[Query]) {
    let m = grid.areas().min_cost();
    for q in queries.iter().filter(|q| !q.edge) {
        let (Some(s), Some(g)) = (grid.index_of(q.start), grid.index_of(q.goal)) else {
            continue;
        };
        let mut paper =
            ThetaSearch::new(ThetaVariant::Lazy, EuclideanHeuristic::new(grid.width(), m));
        let state = match paper.try_begin(grid, s, g) {
            Step::InProgress => paper.run(grid),
            refused => refused,
        };
        let status = match state {
            Step::Found => PathStatus::Found,
            Step::StartInvalid => PathStatus::StartInvalid,
            Step::GoalInvalid => PathStatus::GoalInvalid,
            _ => PathStatus::NoPath,
        };
        rec.query(
            "lazy-paper",
            &q.label,
            QueryRecord {
                status,
                cost_bits: paper.cost().to_bits(),
                iterations: paper.iterations(),
                expansions: paper.expansions(),
                path: Digest::of_u32s(&paper.path()),
                algorithm: None,
                expanded: None,
                snapshot: None,
            },
        );
        let astar = grid
            .find_path(q.start, q.goal, &GridOptions::DEFAULT)
            .expect("valid options");
        if astar.status == PathStatus::Found {
            let mut out = vec![onepath::Cell::default(); astar.cells.len()];
            let (n, cost) = smooth_path(grid, 1, m, &astar.cells, &mut out).expect("room");
            let mut r = QueryRecord::from_path(&astar, |c| grid.index_of(c));
            r.cost_bits = cost.to_bits();
            let idx: Vec<u32> = out[..n]
                .iter()
                .map(|&c| grid.index_of(c).expect("in grid"))
                .collect();
            r.path = Digest::of_u32s(&idx);
            rec.query("smooth", &q.label, r);
        }
        let theta = grid
            .find_path(
                q.start,
                q.goal,
                &GridOptions::DEFAULT.with_algorithm(GridAlgorithm::ThetaStar),
            )
            .expect("valid options");
        if theta.status == PathStatus::Found {
            let mut samples =
                vec![WorldPoint::default(); catmull_rom_len(theta.cells.len(), PER_SPAN)];
            let n = catmull_rom(grid, &theta.cells, PER_SPAN, &mut samples).expect("room");
            let bytes: Vec<u8> = samples[..n]
                .iter()
                .flat_map(|p| [p.x.to_bits().to_le_bytes(), p.y.to_bits().to_le_bytes()])
                .flatten()
                .collect();
            rec.structure(
                &format!("spline-{}", q.label),
                None,
                StructureRecord {
                    key: "samples",
                    bytes: n as u64,
                    values: Digest::of_bytes(&bytes),
                },
            );
        }
    }
}

struct Case {
    name: &'static str,
    about: &'static str,
    build: fn() -> Map,
    unit: f64,
    seed: u64,
}

const CASES: &[Case] = &[
    Case {
        name: "open-24x20",
        about: "an empty grid: one segment per query",
        build: || Map::filled(24, 20, 0),
        unit: 1.0,
        seed: 601,
    },
    Case {
        name: "noise25-32x28-s61",
        about: "scattered walls",
        build: || mapgen::noise(32, 28, 25, 61),
        unit: 1.0,
        seed: 602,
    },
    Case {
        name: "caves45-36x30-s62",
        about: "caves, unit cost 2.5",
        build: || mapgen::caves(36, 30, 45, 4, 62),
        unit: 2.5,
        seed: 603,
    },
    Case {
        name: "rooms-40x30-s63",
        about: "rooms and doors",
        build: || mapgen::rooms(40, 30, 8, 63),
        unit: 1.0,
        seed: 604,
    },
    Case {
        name: "maze-31x31-s64",
        about: "a maze with loops",
        build: || mapgen::maze(31, 31, 20, 64),
        unit: 1.0,
        seed: 605,
    },
];

/// The scenarios of `grids/theta`.
pub fn scenarios() -> Vec<Scenario> {
    CASES
        .iter()
        .map(|c| {
            Scenario::new(format!("grids/theta/{}", c.name), c.about, move |rec| {
                let map = (c.build)();
                rec.map("map", map_record(&map));
                let mut grid = map.to_grid();
                if c.unit != 1.0 {
                    for area in 0..=254 {
                        grid.set_area_cost(area, c.unit).expect("valid multiplier");
                    }
                }
                rec.grid_state("grid-state", grid_state(&grid).0);
                let queries = pick_queries(&map, c.seed, RANDOM_QUERIES);
                run_square_alg(rec, &grid, &variants(), &queries);
                tools(rec, &grid, &queries);
            })
        })
        .collect()
}
