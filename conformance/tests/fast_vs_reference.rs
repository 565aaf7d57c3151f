//! The specialised octile engines against `conformance::fast_ref` (issue 8): on generated grids
//! (noise, rooms, corridors, near-open fields; small, medium and wider than a 64-bit word but not
//! a multiple of it; endpoints on the border, on walls, outside, unreachable, start = goal; cell
//! costs 1, 2.5 and 0.3; octile and zero estimates) the one-line A*, JPS, JPS+ (tier 1) and
//! improved JPS (the internal `OctileJump::with_improved_pruning`, over the stop bits and over
//! the JPS+ tables) give the reference's status, expansion order, iteration and expansion
//! counts, cost bits and path, cell for cell.
//!
//! Default: 6,000 grids up to 48 × 48 and 480 grids 65-191 columns wide, 6 queries × 5 engines
//! each (a sixteenth in debug builds); 5-10 s in release on two shared cores.
//!
//! Scale: `ONEPATH_CONFORMANCE_SCALE=N` multiplies the grid counts; `ONEPATH_CONFORMANCE_SEED=K`
//! draws other grids. A failure prints the engine, the grid with `S`/`G`, and the first field
//! that differs.

mod common;
mod fast_common;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use conformance::fast_ref::Estimate;
use conformance::r#gen::{CostMode, GenOptions, GridCase, Shape, endpoint, square_case};
use conformance::model::Pos;
use conformance::rng::SplitMix64;
use conformance::square_ref::WALL;
use fast_common::{Engine, Maps, Outcome, engine_run, first_difference, grids, picture, reference};

/// Per engine and status, how many queries agreed.
type Tally = BTreeMap<(String, String), u64>;

/// Runs every engine on `queries` endpoint pairs of `case`, panicking on the first difference.
fn check_case(case: &GridCase, rng: &mut SplitMix64, queries: usize, tally: &mut Tally) {
    let walkable: Vec<bool> = case.cells.iter().map(|&a| a != WALL).collect();
    let m = *rng.pick(&[1.0, 1.0, 2.5, 0.3]);
    let (grid, reference_grid) = grids(case.width, case.height, &walkable, m);
    let maps = Maps::new(&grid);
    for q in 0..queries {
        let (start, goal) = endpoints(case, rng, q);
        let estimate = if rng.chance(0.2) {
            Estimate::Zero
        } else {
            Estimate::Octile
        };
        for engine in Engine::ALL {
            let expected = Outcome::from(reference(
                &reference_grid,
                engine,
                start,
                goal,
                estimate,
                grid.areas().min_cost(),
            ));
            let got = engine_run(&grid, &maps, engine, start, goal, estimate);
            if let Some(diff) = first_difference(&got, &expected) {
                panic!(
                    "{engine:?} {estimate:?} m={m} {start:?}->{goal:?} on {}x{} {:?}: {diff}\n{}",
                    case.width,
                    case.height,
                    case.shape,
                    picture(&reference_grid, start, goal)
                );
            }
            let label = if start == goal && expected.iterations == 1 {
                "start=goal".to_owned()
            } else {
                format!("{:?}", expected.status)
            };
            *tally.entry((format!("{engine:?}"), label)).or_default() += 1;
        }
    }
}

/// Endpoints: mostly walkable cells (`gen::endpoint`, which also draws walls and outside
/// cells), every fourth query a border cell, every seventh start = goal.
fn endpoints(case: &GridCase, rng: &mut SplitMix64, q: usize) -> (Pos, Pos) {
    let start = endpoint(rng, case);
    let goal = if q % 7 == 6 {
        start
    } else if q % 4 == 3 {
        border(case, rng)
    } else {
        endpoint(rng, case)
    };
    (start, goal)
}

fn border(case: &GridCase, rng: &mut SplitMix64) -> Pos {
    let (w, h) = (case.width, case.height);
    let x = rng.range_i32(0, w - 1);
    let y = rng.range_i32(0, h - 1);
    *rng.pick(&[(0, y), (w - 1, y), (x, 0), (x, h - 1)])
}

/// A wide case: a generated map `65..=191` columns wide (never a multiple of 64), cut to a few
/// rows so that the references stay quick.
fn wide_case(rng: &mut SplitMix64) -> GridCase {
    let opts = GenOptions {
        min_side: 65,
        max_side: 191,
        ..GenOptions::new(CostMode::Uniform)
    };
    let mut case = square_case(rng, &opts);
    while case.width % 64 == 0 {
        case = square_case(rng, &opts);
    }
    let rows = rng.range_i32(1, 40).min(case.height);
    case.height = rows;
    case.cells.truncate((case.width * rows) as usize);
    case
}

/// Grids for a release default: `common::grids_per_variant` (scale, a quarter in debug
/// builds), quartered once more in debug builds, where the references run slowly.
fn grid_count(release_default: u64) -> u64 {
    let n = common::grids_per_variant(release_default);
    if cfg!(debug_assertions) { n / 4 } else { n }
}

fn report(name: &str, grids: u64, tally: &Tally) {
    let mut line = String::new();
    for ((engine, status), n) in tally {
        write!(line, " {engine}/{status}={n}").expect("writing to a String");
    }
    eprintln!("fast_vs_reference {name}: {grids} grids;{line}");
}

fn assert_coverage(tally: &Tally) {
    for engine in Engine::ALL {
        for status in ["Found", "NoPath", "start=goal"] {
            let n = tally
                .get(&(format!("{engine:?}"), status.to_owned()))
                .copied()
                .unwrap_or(0);
            assert!(n > 0, "no {engine:?} query ended {status}");
        }
    }
}

#[test]
fn small_and_medium_grids() {
    let grids = grid_count(6_000);
    let mut rng = SplitMix64::new(0xFA57_0001 ^ common::base_seed());
    let mut tally = Tally::new();
    for i in 0..grids {
        let mut opts = GenOptions::new(CostMode::Uniform);
        opts.shape = Some(Shape::ALL[i as usize % 4]);
        opts.max_side = if i % 8 == 0 { 48 } else { 16 };
        let case = square_case(&mut rng, &opts);
        check_case(&case, &mut rng, 6, &mut tally);
    }
    report("small and medium", grids, &tally);
    assert_coverage(&tally);
}

#[test]
fn grids_wider_than_a_word() {
    let grids = grid_count(480);
    let mut rng = SplitMix64::new(0xFA57_0002 ^ common::base_seed());
    let mut tally = Tally::new();
    for _ in 0..grids {
        let case = wide_case(&mut rng);
        check_case(&case, &mut rng, 6, &mut tally);
    }
    report("wide", grids, &tally);
}
