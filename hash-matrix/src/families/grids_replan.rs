//! `grids/replan/*`: the incremental replanners (LPA*, D* Lite) through edits. Each scenario
//! is one generated map and a fixed query list picked on it; every variant keeps one
//! replanner per query across four phases: `e0` the map as generated, then the three rounds of
//! tile edits of `grids/edits` (walls, doors, toggles; on the terrain map an area-cost change
//! in phase 2). After each phase every replanner replans and is recorded as
//! `e<k>-<variant>/<query>` (status, cost bits, pops, expansions, path digest); D* Lite
//! variants then move their start one step along the path (the unit advancing), which the next
//! phase's replan takes up.
//!
//! Twins, per phase: `~slice7` (a copy made before the replan, run in budgets of 7 pops) and
//! `~snap` (a copy saved and restored into a new replanner before the replan, with its
//! snapshot's length and digest) must equal the never-stopped record.
//!
//! Variants: `lpa-8ncc`, `dstar-8ncc` (eight moves, no corner cutting), `lpa-4`, `dstar-4`
//! (four moves), `dstar-a2` (agent size 2).

use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridReplanner, PathStatus};

use super::grids_edits::edit;
use crate::digest::Digest;
use crate::mapgen::{self, Map, ROAD};
use crate::record::QueryRecord;
use crate::registry::{Recorder, Scenario};
use crate::runs::{Query, map_record, pick_queries};

/// Random queries per map.
const RANDOM_QUERIES: usize = 3;
/// Phases after the original map.
const PHASES: u64 = 3;

struct Case {
    name: &'static str,
    about: &'static str,
    build: fn() -> Map,
    costs: &'static [(u8, f64)],
    cost_edit: Option<(u8, f64)>,
    seed: u64,
}

const TERRAIN_COSTS: &[(u8, f64)] = &[(1, 1.5), (2, 2.0), (3, 3.0), (4, 5.0), (ROAD, 0.5)];

const CASES: &[Case] = &[
    Case {
        name: "open-24x18",
        about: "open grid: walls and openings appear under the replanners",
        build: || Map::filled(24, 18, 0),
        costs: &[],
        cost_edit: None,
        seed: 71,
    },
    Case {
        name: "rooms6-41x29-s7",
        about: "rooms: doors close and open under the replanners",
        build: || mapgen::rooms(41, 29, 6, 7),
        costs: &[],
        cost_edit: None,
        seed: 72,
    },
    Case {
        name: "caves45-37x31-s8",
        about: "caves: rock falls and tunnels under the replanners",
        build: || mapgen::caves(37, 31, 45, 4, 8),
        costs: &[],
        cost_edit: None,
        seed: 73,
    },
    Case {
        name: "terrain-33x27-s9",
        about: "terrain with area costs; a road's cost changes in phase 2 (a rebuild)",
        build: || mapgen::terrain(33, 27, 3, 9),
        costs: TERRAIN_COSTS,
        cost_edit: Some((ROAD, 3.0)),
        seed: 74,
    },
];

/// The scenarios of the family.
pub fn scenarios() -> Vec<Scenario> {
    CASES
        .iter()
        .map(|c| {
            Scenario::new(format!("grids/replan/{}", c.name), c.about, move |rec| {
                run_case(rec, c);
            })
        })
        .collect()
}

fn variants() -> [(&'static str, GridOptions); 5] {
    let lpa = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::LpaStar);
    let dstar = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::DStarLite);
    [
        ("lpa-8ncc", lpa),
        ("dstar-8ncc", dstar),
        ("lpa-4", lpa.with_connectivity(onepath::Connectivity::Four)),
        (
            "dstar-4",
            dstar.with_connectivity(onepath::Connectivity::Four),
        ),
        ("dstar-a2", dstar.with_agent_size(2)),
    ]
}

fn record(unit: &GridReplanner, grid: &Grid) -> QueryRecord {
    let cells: Vec<u32> = unit
        .path()
        .iter()
        .map(|&c| grid.index_of(c).expect("path cell inside the grid"))
        .collect();
    QueryRecord {
        status: unit.status(),
        cost_bits: unit.cost().to_bits(),
        iterations: unit.iterations(),
        expansions: unit.expansions(),
        path: Digest::of_u32s(&cells),
        algorithm: None,
        expanded: None,
        snapshot: None,
    }
}

fn run_case(rec: &mut Recorder, case: &Case) {
    let mut map = (case.build)();
    let mut grid = map.to_grid();
    for &(area, m) in case.costs {
        grid.set_area_cost(area, m).expect("valid multiplier");
    }
    let queries: Vec<Query> = pick_queries(&map, case.seed, RANDOM_QUERIES)
        .into_iter()
        .filter(|q| !q.edge)
        .collect();
    let mut units: Vec<(String, GridOptions, Vec<GridReplanner>)> = variants()
        .iter()
        .map(|&(name, o)| {
            let units = queries
                .iter()
                .map(|q| {
                    grid.create_replanner(q.start, q.goal, &o)
                        .expect("valid options")
                })
                .collect();
            (name.to_string(), o, units)
        })
        .collect();
    for phase in 0..=PHASES {
        if phase > 0 {
            edit(&mut grid, &mut map, case.seed * 16 + phase);
            if phase == 2
                && let Some((area, m)) = case.cost_edit
            {
                grid.set_area_cost(area, m).expect("valid multiplier");
            }
        }
        rec.map(&format!("e{phase}/map"), map_record(&map));
        for (name, options, list) in &mut units {
            let label = format!("e{phase}-{name}");
            for (q, unit) in queries.iter().zip(list.iter_mut()) {
                let mut sliced = unit.clone();
                let mut bytes = vec![0u8; unit.state_size(&grid)];
                unit.save_state(&grid, &mut bytes).expect("sized buffer");
                let (s, g) = unit.endpoints();
                let mut restored = grid.create_replanner(s, g, options).expect("valid options");
                restored
                    .restore_state(&grid, &bytes)
                    .expect("a snapshot of this grid");
                let _ = unit.replan(&grid).expect("same grid");
                while sliced.try_replan(&grid, 7).expect("same grid") == PathStatus::BudgetExhausted
                {
                }
                let _ = restored.replan(&grid).expect("same grid");
                rec.query(&label, &q.label, record(unit, &grid));
                rec.query_twin(
                    &format!("{label}~slice7"),
                    &label,
                    &q.label,
                    record(&sliced, &grid),
                );
                let mut r = record(&restored, &grid);
                r.snapshot = Some(Digest::of_bytes(&bytes));
                rec.query_twin(&format!("{label}~snap"), &label, &q.label, r);
                if options.algorithm == GridAlgorithm::DStarLite && unit.path().len() > 1 {
                    let next: Cell = unit.path()[1];
                    unit.move_start(next);
                }
            }
        }
    }
}
