//! `grids/edits/*`: edit, query, edit, query. Each scenario is one generated map, a fixed
//! query list picked on the original map, and four phases: `e0` the map as generated, then
//! three rounds of tile edits (`set_rect` walls and openings, `set_rect_from` patterns,
//! `set_area` toggles; in the terrain scenario an area-cost change too). After each phase the
//! edited map is recorded (`e<k>/map`) and the queries run:
//!
//! - `e<k>-8ncc`, `e<k>-a2`: tier-1 `find_path` on the edited grid (every query);
//! - `e<k>-a2~kept`, `e<k>-a3~kept`: one `GridSearch` handle per option set kept across the
//!   phases, so its clearance is repaired from the grid's edit journal rather than rebuilt
//!   (the random queries). `e<k>-a2~kept` is the twin of `e<k>-a2` (equal field for field);
//!   `e<k>-a3~kept` is the twin of `e<k>-a3~fresh`, a handle made for the phase.
//!
//! The edits of phase `k` are drawn by `SplitMix64::new(seed * 16 + k)`: three operations,
//! each `below(3)` choosing a wall or open rectangle (`set_rect`, up to 1/3 of each side), a
//! 3 × 3 door pattern (`set_rect_from`) or a single-cell toggle (`set_area`), all positions
//! drawn with `below` inside the grid.

use onepath::grid::WALL;
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::{Cell, Grid, GridOptions, GridSearch, PathStatus};

use crate::mapgen::{self, Map, ROAD};
use crate::record::QueryRecord;
use crate::registry::{Recorder, Scenario};
use crate::runs::{Query, Variant, map_record, pick_queries, run_square};

/// Random queries per map (plus `same`, `wall`, `outside`).
const RANDOM_QUERIES: usize = 3;
/// Phases after the original map.
const PHASES: u64 = 3;

struct Case {
    name: &'static str,
    about: &'static str,
    build: fn() -> Map,
    /// Area multipliers to set at the start, `(area, multiplier)`.
    costs: &'static [(u8, f64)],
    /// An area-cost change made in phase 2, `(area, multiplier)`.
    cost_edit: Option<(u8, f64)>,
    seed: u64,
}

const TERRAIN_COSTS: &[(u8, f64)] = &[(1, 1.5), (2, 2.0), (3, 3.0), (4, 5.0), (ROAD, 0.5)];

const CASES: &[Case] = &[
    Case {
        name: "open-24x18",
        about: "open grid: walls and openings appear",
        build: || Map::filled(24, 18, 0),
        costs: &[],
        cost_edit: None,
        seed: 61,
    },
    Case {
        name: "rooms6-41x29-s7",
        about: "rooms: doors closed and opened",
        build: || mapgen::rooms(41, 29, 6, 7),
        costs: &[],
        cost_edit: None,
        seed: 62,
    },
    Case {
        name: "caves45-37x31-s8",
        about: "caves: rock falls and tunnels",
        build: || mapgen::caves(37, 31, 45, 4, 8),
        costs: &[],
        cost_edit: None,
        seed: 63,
    },
    Case {
        name: "terrain-33x27-s9",
        about: "terrain with area costs; a road's cost changes in phase 2",
        build: || mapgen::terrain(33, 27, 3, 9),
        costs: TERRAIN_COSTS,
        cost_edit: Some((ROAD, 3.0)),
        seed: 64,
    },
];

/// The scenarios of the family.
pub fn scenarios() -> Vec<Scenario> {
    CASES
        .iter()
        .map(|c| {
            Scenario::new(format!("grids/edits/{}", c.name), c.about, move |rec| {
                run_case(rec, c);
            })
        })
        .collect()
}

/// Applies one phase's edits to both the grid and the map.
pub(super) fn edit(grid: &mut Grid, map: &mut Map, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let (w, h) = (map.width, map.height);
    for _ in 0..3 {
        match rng.below(3) {
            0 => {
                let rw = 1 + rng.below((w / 3).max(1));
                let rh = 1 + rng.below((h / 3).max(1));
                let (x, y) = (rng.below(w - rw + 1), rng.below(h - rh + 1));
                let area = if rng.chance(1, 2) { WALL } else { 0 };
                grid.set_rect(x as i32, y as i32, rw, rh, area)
                    .expect("rectangle inside the grid");
                for dy in 0..rh {
                    for dx in 0..rw {
                        map.set(x + dx, y + dy, area);
                    }
                }
            }
            1 if w >= 3 && h >= 3 => {
                // A wall with a door: # . # over three rows.
                const DOOR: [u8; 9] = [WALL, 0, WALL, WALL, 0, WALL, WALL, 0, WALL];
                let (x, y) = (rng.below(w - 2), rng.below(h - 2));
                grid.set_rect_from(x as i32, y as i32, 3, 3, &DOOR)
                    .expect("pattern inside the grid");
                for (i, &a) in DOOR.iter().enumerate() {
                    map.set(x + i as u32 % 3, y + i as u32 / 3, a);
                }
            }
            _ => {
                let (x, y) = (rng.below(w), rng.below(h));
                let area = if map.get(x, y) == WALL { 0 } else { WALL };
                grid.set_area(Map::cell(x, y), area)
                    .expect("cell inside the grid");
                map.set(x, y, area);
            }
        }
    }
}

/// A kept handle's answer as a record: the refusals `find_path` reports, or the finished run.
fn kept_record(search: &mut GridSearch, grid: &Grid, q: &Query) -> QueryRecord {
    let refused = QueryRecord::refused;
    match search.try_begin(grid, q.start, q.goal) {
        Step::StartInvalid => return refused(PathStatus::StartInvalid),
        Step::GoalInvalid => return refused(PathStatus::GoalInvalid),
        _ => {}
    }
    while search.step(grid, 64).expect("the grid is not edited") == Step::InProgress {}
    QueryRecord::from_path(
        &search
            .to_path(grid)
            .expect("the grid the search is bound to"),
        |c: Cell| grid.index_of(c),
    )
}

fn run_case(rec: &mut Recorder, case: &Case) {
    let mut map = (case.build)();
    let mut grid = map.to_grid();
    for &(area, m) in case.costs {
        grid.set_area_cost(area, m).expect("valid multiplier");
    }
    let queries = pick_queries(&map, case.seed, RANDOM_QUERIES);
    let d = GridOptions::DEFAULT;
    let (a2, a3) = (d.with_agent_size(2), d.with_agent_size(3));
    let mut kept2 = GridSearch::new(a2).expect("valid options");
    let mut kept3 = GridSearch::new(a3).expect("valid options");
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
        let variants = [
            Variant::tier1(&format!("e{phase}-8ncc"), d),
            Variant::tier1(&format!("e{phase}-a2"), a2),
        ];
        run_square(rec, &grid, &variants, &queries);
        let random: Vec<&Query> = queries.iter().filter(|q| !q.edge).collect();
        let mut fresh3 = GridSearch::new(a3).expect("valid options");
        for q in &random {
            let kept = kept_record(&mut kept2, &grid, q);
            let twin = format!("e{phase}-a2");
            rec.query_twin(&format!("{twin}~kept"), &twin, &q.label, kept);
        }
        for q in &random {
            let fresh = kept_record(&mut fresh3, &grid, q);
            rec.query(&format!("e{phase}-a3~fresh"), &q.label, fresh);
        }
        for q in &random {
            let kept = kept_record(&mut kept3, &grid, q);
            let twin = format!("e{phase}-a3~fresh");
            rec.query_twin(&format!("e{phase}-a3~kept"), &twin, &q.label, kept);
        }
    }
}
