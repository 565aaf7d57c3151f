//! `grids/fast/*`: the specialised octile engines of `onepath::fast` driven directly, not
//! through `GridSearch` — `OctileAStar`, `OctileJump<BitFinder>` over an `OctileMap` and
//! `OctileJump<TableFinder>` over a `JpsPlusIndex`, the jump point searches with plain and with
//! improved pruning (Harabor & Grastien 2014; not reachable from tier 1). Scenarios are
//! `grids/fast/<engine>/<map>` with engine `astar`, `jps`, `jps-improved`, `jps+` or
//! `jps+-improved`, plus `grids/fast/<engine>/edits-<map>` (see [`edits`]).
//!
//! Every query record carries the expansions in order (`expanded=`, `expanded_fnv=`: cells for
//! A*, jump points for JPS and JPS+). Variants: `oct` (octile estimate) and `zero` (f = g),
//! run with one unbounded `step`; `oct-b8` stops after 8 iterations (`BudgetExhausted`). Twins
//! (must equal their base field for field): `~slice<n>` steps n iterations at a time (`oct-b8`:
//! 8 iterations as 1 × 8 or 3 + 3 + 2); `~snap<k>` saves after k pops (`mid`: half the base's
//! pops) and restores the snapshot (kind 4 or 5) into a *new* engine of the same finder made
//! with every other setting contrary (estimate, pruning, recording, trace), over a grid rebuilt
//! from its own snapshot with freshly built maps, and runs it to the end — the record adds the
//! snapshot's size and digest; `-trace` saves with the desync trace on; `-warm` restores into
//! one engine kept for the scenario, which still holds the previous restored search. A query
//! `try_begin` refuses saves a new idle engine instead. Each restore also checks that the
//! restored engine saves the same bytes, and that an engine of another kind or finder refuses
//! them and stays unchanged.
//!
//! Queries per map: see [`queries`] (random pairs, start = goal, refusals, goals on the
//! border, unreachable goals).

mod edits;
mod queries;

use std::collections::BTreeMap;

use onepath::Grid;
use onepath::fast::Estimate;
use onepath::grid::WALL;
use onepath::search::Step;

use crate::digest::Digest;
use crate::fast_runs::{Engine, EngineKind, Maps, refused, restore_checked, run};
use crate::mapgen::{self, Map};
use crate::record::QueryRecord;
use crate::registry::{Recorder, Scenario};
use crate::runs::{SnapAt, grid_state, map_record};

use queries::{Cat, FastQuery, fast_queries};

/// Random queries per map.
const RANDOM_QUERIES: usize = 4;

/// How a variant drives its engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Drive {
    /// At most `total` iterations (`u32::MAX`: to the end) in `step` calls of `slice`.
    Run { total: u32, slice: u32 },
    /// Saved at `at`, restored into a contrary new engine (`warm`: the scenario's kept
    /// engine), run to the end; `trace` saves with the desync trace on.
    Restored { at: SnapAt, trace: bool, warm: bool },
}

/// A named way to run the queries.
#[derive(Clone, Debug)]
struct Variant {
    name: String,
    estimate: Estimate,
    drive: Drive,
    twin: Option<String>,
    /// Random pairs run (the first ones).
    pairs: usize,
    /// Other categories run.
    cats: &'static [Cat],
}

impl Variant {
    fn runs(&self, q: &FastQuery) -> bool {
        match q.cat {
            Cat::Pair(i) => i < self.pairs,
            c => self.cats.contains(&c),
        }
    }
}

const ALL: &[Cat] = &[Cat::Same, Cat::Refused, Cat::Border, Cat::Unreachable];
const SEARCHED: &[Cat] = &[Cat::Same, Cat::Border, Cat::Unreachable];
const SNAPPED: &[Cat] = &[Cat::Same, Cat::Refused, Cat::Unreachable];
const SEARCHED_FAR: &[Cat] = &[Cat::Same, Cat::Unreachable];
const FAR: &[Cat] = &[Cat::Unreachable];
const NONE: &[Cat] = &[];

/// Which variants a scenario runs (`pairs` = the random pairs, `far` = the unreachable goals).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Set {
    /// `oct` (every query), `oct~slice7` (all but the refused ones), `oct~snapmid` (pairs,
    /// `same`, far).
    Core,
    /// Core, with `oct~snapmid` also on the refused queries (idle snapshots), plus: `zero` (all
    /// but the refused ones), `oct~slice1` and `oct~slice50` (all but the refused ones),
    /// `zero~slice7` (pairs, far), `oct~snap1` and `oct~snap17` (two pairs),
    /// `oct~snapmid-trace` (one pair), `oct~snapmid-warm` (pairs, far), `zero~snapmid` (two
    /// pairs, far), and `oct-b8` with its twins `oct-b8~slice1`, `oct-b8~slice3` (two pairs).
    Full,
}

fn variants(set: Set) -> Vec<Variant> {
    let all = usize::MAX;
    let v = |name: &str, estimate, drive, twin: Option<&str>, pairs, cats| Variant {
        name: name.into(),
        estimate,
        drive,
        twin: twin.map(Into::into),
        pairs,
        cats,
    };
    let to_end = |slice| Drive::Run {
        total: u32::MAX,
        slice,
    };
    let snap = |at, trace, warm| Drive::Restored { at, trace, warm };
    let (oct, zero) = (Estimate::Octile, Estimate::Zero);
    let mut out = vec![v("oct", oct, to_end(u32::MAX), None, all, ALL)];
    if set == Set::Full {
        out.push(v("zero", zero, to_end(u32::MAX), None, all, SEARCHED));
        out.push(v(
            "oct-b8",
            oct,
            Drive::Run {
                total: 8,
                slice: u32::MAX,
            },
            None,
            2,
            NONE,
        ));
    }
    out.push(v("oct~slice7", oct, to_end(7), Some("oct"), all, SEARCHED));
    if set == Set::Full {
        out.push(v("oct~slice1", oct, to_end(1), Some("oct"), all, SEARCHED));
        out.push(v(
            "oct~slice50",
            oct,
            to_end(50),
            Some("oct"),
            all,
            SEARCHED,
        ));
        out.push(v("zero~slice7", zero, to_end(7), Some("zero"), all, FAR));
        for (name, slice) in [("oct-b8~slice1", 1), ("oct-b8~slice3", 3)] {
            let d = Drive::Run { total: 8, slice };
            out.push(v(name, oct, d, Some("oct-b8"), 2, NONE));
        }
    }
    let half = snap(SnapAt::Half, false, false);
    let cats = if set == Set::Full {
        SNAPPED
    } else {
        SEARCHED_FAR
    };
    out.push(v("oct~snapmid", oct, half, Some("oct"), all, cats));
    if set == Set::Full {
        for (name, k) in [("oct~snap1", 1), ("oct~snap17", 17)] {
            let d = snap(SnapAt::Pops(k), false, false);
            out.push(v(name, oct, d, Some("oct"), 2, NONE));
        }
        let trace = snap(SnapAt::Half, true, false);
        out.push(v("oct~snapmid-trace", oct, trace, Some("oct"), 1, NONE));
        let warm = snap(SnapAt::Half, false, true);
        out.push(v("oct~snapmid-warm", oct, warm, Some("oct"), all, FAR));
        out.push(v("zero~snapmid", zero, half, Some("zero"), 2, FAR));
    }
    out
}

/// One map of the family.
struct Case {
    name: &'static str,
    about: &'static str,
    build: fn() -> Map,
    /// A multiplier set on every area (the engines price every step with it).
    multiplier: Option<f64>,
    /// A sealed ring `(x, y, w, h)` with an open inside.
    sealed: Option<(u32, u32, u32, u32)>,
    set: Set,
    seed: u64,
}

const CASES: &[Case] = &[
    Case {
        name: "open-32x32",
        about: "open room: equal-f ties everywhere",
        build: || Map::filled(32, 32, 0),
        multiplier: None,
        sealed: None,
        set: Set::Core,
        seed: 300,
    },
    Case {
        name: "noise25-67x31-s2",
        about: "25% obstacles, 67 wide (two words, the second partial), odd sides",
        build: || mapgen::noise(67, 31, 25, 2),
        multiplier: None,
        sealed: None,
        set: Set::Full,
        seed: 301,
    },
    Case {
        name: "noise40-32x32-s3",
        about: "40% obstacles: mostly disconnected",
        build: || mapgen::noise(32, 32, 40, 3),
        multiplier: None,
        sealed: None,
        set: Set::Core,
        seed: 302,
    },
    Case {
        name: "rooms8-97x45-s4",
        about: "rooms with doors, wider than 64 cells, odd sides",
        build: || mapgen::rooms(97, 45, 8, 4),
        multiplier: None,
        sealed: None,
        set: Set::Full,
        seed: 303,
    },
    Case {
        name: "maze-41x41-s5",
        about: "maze with 8% of walls knocked out (loops)",
        build: || mapgen::maze(41, 41, 8, 5),
        multiplier: None,
        sealed: None,
        set: Set::Core,
        seed: 304,
    },
    Case {
        name: "caves45-64x64-s6",
        about: "caves exactly one 64-bit word wide and tall",
        build: || mapgen::caves(64, 64, 45, 4, 6),
        multiplier: None,
        sealed: None,
        set: Set::Core,
        seed: 305,
    },
    Case {
        name: "caves42-129x65-s12",
        about: "caves three words wide and two tall (one cell into the last word)",
        build: || mapgen::caves(129, 65, 42, 4, 12),
        multiplier: None,
        sealed: None,
        set: Set::Core,
        seed: 306,
    },
    Case {
        name: "noise15-131x23-s10",
        about: "15% obstacles, three words wide, odd sides",
        build: || mapgen::noise(131, 23, 15, 10),
        multiplier: None,
        sealed: None,
        set: Set::Core,
        seed: 307,
    },
    Case {
        name: "sealed-noise15-33x47-s8",
        about: "15% obstacles, odd sides, a sealed box (NoPath after a full search)",
        build: || mapgen::noise(33, 47, 15, 8),
        multiplier: None,
        sealed: Some((20, 30, 9, 8)),
        set: Set::Full,
        seed: 308,
    },
    Case {
        name: "terrain-51x37-s9-m2.5",
        about: "terrain areas, multiplier 2.5 on every area (each step costs 2.5)",
        build: || mapgen::terrain(51, 37, 1, 9),
        multiplier: Some(2.5),
        sealed: None,
        set: Set::Core,
        seed: 309,
    },
    Case {
        name: "row-200x1-wall150",
        about: "one row of four words, a wall at x = 150 (every cell on the border)",
        build: || line(200, 1, 150),
        multiplier: None,
        sealed: None,
        set: Set::Core,
        seed: 310,
    },
    Case {
        name: "col-1x130-wall70",
        about: "one column of three words, a wall at y = 70",
        build: || line(1, 130, 70),
        multiplier: None,
        sealed: None,
        set: Set::Core,
        seed: 311,
    },
];

/// An open `w × h` line with one wall at position `at` along it.
fn line(w: u32, h: u32, at: u32) -> Map {
    let mut m = Map::filled(w, h, 0);
    if w == 1 {
        m.set(0, at, WALL);
    } else {
        m.set(at, 0, WALL);
    }
    m
}

/// The scenarios of `grids/fast`: every engine on every map, then the edit scenarios.
pub fn scenarios() -> Vec<Scenario> {
    let mut out = Vec::new();
    for kind in EngineKind::ALL {
        for c in CASES {
            let name = format!("grids/fast/{}/{}", kind.name(), c.name);
            out.push(Scenario::new(name, c.about, move |rec| {
                run_case(rec, kind, c);
            }));
        }
        out.extend(edits::scenarios(kind));
    }
    out
}

fn run_case(rec: &mut Recorder, kind: EngineKind, c: &Case) {
    let mut map = (c.build)();
    if let Some((x, y, w, h)) = c.sealed {
        map.sealed_box(x, y, w, h);
    }
    rec.map("map", map_record(&map));
    let mut grid = map.to_grid();
    if let Some(m) = c.multiplier {
        for area in 0..=254 {
            grid.set_area_cost(area, m).expect("valid multiplier");
        }
    }
    let (state, grid_bytes) = grid_state(&grid);
    rec.grid_state("grid-state", state);
    let queries = fast_queries(&map, &grid, c.seed, RANDOM_QUERIES, c.sealed);
    let rebuilt = Grid::from_state(&grid_bytes).expect("the grid's own snapshot restores");
    let mut run = Runs {
        kind,
        grid: &grid,
        maps: &Maps::new(kind, &grid),
        rebuilt: &rebuilt,
        rebuilt_maps: &Maps::new(kind, &rebuilt),
        engines: BTreeMap::new(),
        warm: None,
        outcomes: BTreeMap::new(),
    };
    for v in variants(c.set) {
        for q in queries.iter().filter(|q| v.runs(q)) {
            let outcome = run.query(&v, q);
            run.outcomes
                .insert((v.name.clone(), q.label.clone()), outcome);
            match &v.twin {
                Some(t) => rec.query_twin(&v.name, t, &q.label, outcome),
                None => rec.query(&v.name, &q.label, outcome),
            }
        }
    }
}

/// What the runs of one scenario share.
struct Runs<'a> {
    kind: EngineKind,
    grid: &'a Grid,
    maps: &'a Maps,
    /// The grid rebuilt with `Grid::from_state` from its own snapshot, and its maps.
    rebuilt: &'a Grid,
    rebuilt_maps: &'a Maps,
    /// One engine per variant, kept from query to query as a host keeps it.
    engines: BTreeMap<String, Engine>,
    /// The engine `-warm` restores go into (it keeps the previous restored search).
    warm: Option<Engine>,
    outcomes: BTreeMap<(String, String), QueryRecord>,
}

impl Runs<'_> {
    fn query(&mut self, v: &Variant, q: &FastQuery) -> QueryRecord {
        let mut e = self
            .engines
            .remove(&v.name)
            .unwrap_or_else(|| self.kind.engine(v.estimate));
        let r = match v.drive {
            Drive::Run { total, slice } => run(
                &mut e,
                self.grid,
                self.maps,
                (q.start, q.goal),
                (total, slice),
            ),
            Drive::Restored { at, trace, warm } => self.restored(&mut e, v, q, (at, trace, warm)),
        };
        self.engines.insert(v.name.clone(), e);
        r
    }

    /// See the module docs (`~snap<k>`).
    fn restored(
        &mut self,
        e: &mut Engine,
        v: &Variant,
        q: &FastQuery,
        (at, trace, warm): (SnapAt, bool, bool),
    ) -> QueryRecord {
        let label = format!("{}/{}", v.name, q.label);
        let kind = self.kind;
        e.set_record_trace(trace);
        let begun = e.try_begin(self.grid, self.maps, q.start, q.goal);
        if begun != Step::InProgress {
            let mut idle = kind.engine(v.estimate);
            idle.set_record_trace(trace);
            let bytes = idle.save(self.grid);
            let mut fresh = kind.contrary(v.estimate, trace);
            restore_checked(kind, &mut fresh, &idle, self.rebuilt, &bytes, &label);
            let mut r = refused(begun);
            r.snapshot = Some(Digest::of_bytes(&bytes));
            return r;
        }
        let k = match at {
            SnapAt::Pops(k) => k,
            SnapAt::Half => {
                let twin = v.twin.as_ref().expect("restored variants have a twin");
                let total = self
                    .outcomes
                    .get(&(twin.clone(), q.label.clone()))
                    .map_or_else(
                        || {
                            let mut full = e.clone();
                            while full.step(self.maps, u32::MAX) == Step::InProgress {}
                            full.outcome().iterations
                        },
                        |r| r.iterations,
                    );
                (total / 2).max(1)
            }
        };
        let _ = e.step(self.maps, k);
        let bytes = e.save(self.grid);
        let mut target = if warm {
            self.warm
                .take()
                .unwrap_or_else(|| kind.contrary(v.estimate, trace))
        } else {
            kind.contrary(v.estimate, trace)
        };
        restore_checked(kind, &mut target, e, self.rebuilt, &bytes, &label);
        while target.step(self.rebuilt_maps, u32::MAX) == Step::InProgress {}
        let mut r = target.outcome();
        r.snapshot = Some(Digest::of_bytes(&bytes));
        if warm {
            self.warm = Some(target);
        }
        r
    }
}
