//! `grids/fast/<engine>/edits-*`: the specialised engines and their structures across cell
//! edits. One generated map, a query list picked on it (as in [`super`]) and four phases:
//! `e0` the map as generated; `e1` four single walls beside the first word boundary of the
//! rows and of the columns, each changing a stop bit in the word next to its own
//! ([`boundary_walls`]), and single-cell toggles away from them ([`toggle`]); `e2`, `e3`
//! rounds of the `grids/edits` tile edits (drawn by `SplitMix64::new(seed * 16 + k)`; `e3`
//! changes more cells than the JPS+ index repairs, so that one rebuilds). After each phase:
//! `e<k>/map`, `e<k>/grid-state`, and
//!
//! - JPS engines: `e<k>/octile-map` (a fresh `OctileMap`), `e<k>/octile-map~journal` (one map
//!   kept from phase to phase and brought up to date with `OctileMap::refresh`, which reads the
//!   grid's edit journal) and `e<k>/octile-map~cells` (one kept map told each changed cell with
//!   `OctileMap::set_cell`) — twins, so the stop arrays kept in step with the edits must equal a
//!   fresh build; JPS+ engines: the same for the `JpsPlusIndex` (`e<k>/jps+-index`, `~journal`
//!   with `JpsPlusIndex::refresh`, `~cells` with `JpsPlusIndex::update_cells`);
//! - `e<k>`: a new engine over fresh structures runs every query; `e<k>~journal` and
//!   `e<k>~cells`: engines kept across the phases over the kept structures, every query but the
//!   refused ones (the A* has no structures: it follows the journal itself, so it has
//!   `e<k>~kept` only); `e<k>~snapmid`: the first random
//!   pairs saved half way by a new engine and restored into one engine kept across the phases
//!   (so its buffers were sized on an older version of the grid). All are twins of `e<k>`.

use onepath::fast::Estimate;
use onepath::grid::WALL;
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::{Cell, Grid};

use crate::digest::Digest;
use crate::families::grids_edits::edit;
use crate::fast_runs::{Engine, EngineKind, Maps, refused, restore_checked, run};
use crate::mapgen::{self, Map};
use crate::record::QueryRecord;
use crate::registry::{Recorder, Scenario};
use crate::runs::{grid_state, map_record};

use super::queries::{Cat, FastQuery, fast_queries};

/// Random queries per map.
const RANDOM_QUERIES: usize = 3;
/// Phases after the original map.
const PHASES: u64 = 3;
/// Random pairs the `~snapmid` twins run.
const SNAP_PAIRS: usize = 2;
/// The word boundary phase 1 edits across (position 63 is the last of a line's first word).
const EDGE: u32 = 63;

struct Case {
    name: &'static str,
    about: &'static str,
    build: fn() -> Map,
    seed: u64,
}

const CASES: &[Case] = &[Case {
    name: "edits-noise20-100x70-s13",
    about: "20% obstacles, two words each way; walls and openings appear between queries",
    build: || mapgen::noise(100, 70, 20, 13),
    seed: 313,
}];

/// The edit scenarios of one engine.
pub(super) fn scenarios(kind: EngineKind) -> Vec<Scenario> {
    CASES
        .iter()
        .map(|c| {
            let name = format!("grids/fast/{}/{}", kind.name(), c.name);
            Scenario::new(name, c.about, move |rec| {
                run_case(rec, kind, c);
            })
        })
        .collect()
}

/// The cells whose walkability differs between two versions of a map.
fn changed(before: &Map, after: &Map) -> Vec<(i32, i32)> {
    (0..after.cells.len())
        .filter(|&i| (before.cells[i] == WALL) != (after.cells[i] == WALL))
        .map(|i| {
            (
                (i as u32 % after.width) as i32,
                (i as u32 / after.width) as i32,
            )
        })
        .collect()
}

/// Four walls that each change a stop bit in the word next to their own, which only a repair
/// that recomputes the neighbouring words gets right: on a row, a wall at x = 63 whose row and
/// the rows above and below are open at x = 64 makes (64, y ± 1) forced (forward stops in the
/// second word), and a wall at x = 64 with x = 63 open makes (63, y ± 1) backward stops in
/// the first word; the same on the columns. Each is the first such place, scanning rows
/// (columns) from 2, where the row (column) two away does not already force that stop and no
/// earlier pick lies within two lines and one position.
///
/// # Panics
///
/// When a map offers no such place (a scenario needs a more open map).
fn boundary_walls(map: &Map) -> Vec<(u32, u32)> {
    // (x, y) in row terms; `t` transposes to columns.
    let open = |t: bool, x: u32, y: u32| {
        let (cx, cy) = if t { (y, x) } else { (x, y) };
        map.is_open(i64::from(cx), i64::from(cy))
    };
    let mut out: Vec<(u32, u32)> = Vec::new();
    for t in [false, true] {
        let lines = if t { map.width } else { map.height };
        // (wall position, the other side's position): forward and backward carries.
        for (at, beside) in [(EDGE, EDGE + 1), (EDGE + 1, EDGE)] {
            let found = (2..lines.saturating_sub(2)).find(|&y| {
                let taken = out.iter().any(|&(x, yy)| {
                    let (lx, ly) = if t { (yy, x) } else { (x, yy) };
                    ly.abs_diff(y) <= 2 && lx.abs_diff(at) <= 1
                });
                !taken
                    && open(t, at, y)
                    && (y - 1..=y + 1).all(|l| open(t, beside, l))
                    && (open(t, at, y - 2) || !open(t, beside, y - 2))
            });
            let y = found.expect("a place for a boundary wall");
            out.push(if t { (y, at) } else { (at, y) });
        }
    }
    out
}

/// Cells single toggles stay away from in phase 1, on both axes: the boundary walls' lines and
/// words (an edit there would recompute the words they must leave to the repair).
const ZONE: core::ops::RangeInclusive<u32> = EDGE - 5..=EDGE + 6;
/// Single-cell toggles drawn in phase 1.
const TOGGLES: u32 = 24;

/// Phase 1's single-cell toggles: [`TOGGLES`] cells drawn by `SplitMix64::new(seed)` (x then y,
/// each with `below`), each turned from wall to open or back with `Grid::set_area`; a cell
/// with x or y in [`ZONE`] is skipped.
fn toggle(grid: &mut Grid, map: &mut Map, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..TOGGLES {
        let (x, y) = (rng.below(map.width), rng.below(map.height));
        if ZONE.contains(&x) || ZONE.contains(&y) {
            continue;
        }
        let area = if map.get(x, y) == WALL { 0 } else { WALL };
        grid.set_area(Map::cell(x, y), area)
            .expect("cell inside the grid");
        map.set(x, y, area);
    }
}

/// The structures kept across the phases and the engines reading them.
struct Kept {
    journal: Maps,
    cells: Maps,
    on_journal: Engine,
    on_cells: Engine,
    /// Receives the `~snapmid` restores.
    restored: Engine,
}

fn run_case(rec: &mut Recorder, kind: EngineKind, c: &Case) {
    let mut map = (c.build)();
    let mut grid = map.to_grid();
    let queries = fast_queries(&map, &grid, c.seed, RANDOM_QUERIES, None);
    let oct = Estimate::Octile;
    let mut kept = Kept {
        journal: Maps::new(kind, &grid),
        cells: Maps::new(kind, &grid),
        on_journal: kind.engine(oct),
        on_cells: kind.engine(oct),
        restored: kind.contrary(oct, false),
    };
    for phase in 0..=PHASES {
        let before = map.clone();
        if phase == 1 {
            for (x, y) in boundary_walls(&map) {
                grid.set_walkable(Cell::new(x as i32, y as i32), false)
                    .expect("cell inside the grid");
                map.set(x, y, WALL);
            }
            toggle(&mut grid, &mut map, c.seed * 16 + phase);
        } else if phase > 1 {
            edit(&mut grid, &mut map, c.seed * 16 + phase);
        }
        let edited = changed(&before, &map);
        match kind {
            EngineKind::AStar => {}
            EngineKind::Jps | EngineKind::JpsImproved => {
                kept.journal.octile.refresh(&grid);
                for &(x, y) in &edited {
                    let walkable = map.get(x as u32, y as u32) != WALL;
                    kept.cells.octile.set_cell(x as u32, y as u32, walkable);
                }
            }
            EngineKind::JpsPlus | EngineKind::JpsPlusImproved => {
                kept.journal
                    .index
                    .refresh(&grid)
                    .expect("sides within the JPS+ limit");
                kept.cells.index.update_cells(&grid, &edited);
            }
        }
        let p = format!("e{phase}");
        rec.map(&format!("{p}/map"), map_record(&map));
        rec.grid_state(&format!("{p}/grid-state"), grid_state(&grid).0);
        let fresh = Maps::new(kind, &grid);
        structures(rec, kind, &p, [&fresh, &kept.journal, &kept.cells]);
        run_phase(rec, kind, &p, &grid, &fresh, &mut kept, &queries);
    }
}

/// The structure records of a phase: fresh, then the kept ones as its twins.
fn structures(rec: &mut Recorder, kind: EngineKind, p: &str, [fresh, journal, cells]: [&Maps; 3]) {
    let (name, of): (&str, fn(&Maps) -> _) = match kind {
        EngineKind::AStar => return,
        EngineKind::Jps | EngineKind::JpsImproved => ("octile-map", Maps::octile_record),
        EngineKind::JpsPlus | EngineKind::JpsPlusImproved => ("jps+-index", Maps::index_record),
    };
    let base = format!("{p}/{name}");
    rec.structure(&base, None, of(fresh));
    rec.structure(&format!("{base}~journal"), Some(&base), of(journal));
    rec.structure(&format!("{base}~cells"), Some(&base), of(cells));
}

fn run_phase(
    rec: &mut Recorder,
    kind: EngineKind,
    p: &str,
    grid: &Grid,
    fresh: &Maps,
    kept: &mut Kept,
    queries: &[FastQuery],
) {
    let to_end = (u32::MAX, u32::MAX);
    let mut new = kind.engine(Estimate::Octile);
    let mut base: Vec<QueryRecord> = Vec::new();
    for q in queries {
        let r = run(&mut new, grid, fresh, (q.start, q.goal), to_end);
        rec.query(p, &q.label, r);
        base.push(r);
    }
    let kept_runs: [(&str, &mut Engine, &Maps); 2] = [
        ("journal", &mut kept.on_journal, &kept.journal),
        ("cells", &mut kept.on_cells, &kept.cells),
    ];
    for (suffix, engine, maps) in kept_runs {
        if kind == EngineKind::AStar && suffix == "cells" {
            continue;
        }
        let suffix = if kind == EngineKind::AStar {
            "kept"
        } else {
            suffix
        };
        for q in queries.iter().filter(|q| q.cat != Cat::Refused) {
            let r = run(engine, grid, maps, (q.start, q.goal), to_end);
            rec.query_twin(&format!("{p}~{suffix}"), p, &q.label, r);
        }
    }
    for (q, b) in queries.iter().zip(&base) {
        if !matches!(q.cat, Cat::Pair(i) if i < SNAP_PAIRS) {
            continue;
        }
        let mut e = kind.engine(Estimate::Octile);
        let label = format!("{p}~snapmid/{}", q.label);
        let begun = e.try_begin(grid, fresh, q.start, q.goal);
        if begun == Step::InProgress {
            let _ = e.step(fresh, (b.iterations / 2).max(1));
        }
        // An end the edits walled in: the new engine is idle, and so is its snapshot.
        let bytes = e.save(grid);
        restore_checked(kind, &mut kept.restored, &e, grid, &bytes, &label);
        let mut r = if begun == Step::InProgress {
            while kept.restored.step(fresh, u32::MAX) == Step::InProgress {}
            kept.restored.outcome()
        } else {
            refused(begun)
        };
        r.snapshot = Some(Digest::of_bytes(&bytes));
        rec.query_twin(&format!("{p}~snapmid"), p, &q.label, r);
    }
}
