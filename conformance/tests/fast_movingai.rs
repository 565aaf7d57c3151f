//! Total expansions of the specialised engines and of `conformance::fast_ref` over two Moving AI
//! scenario files (issue 8), line by line: `dao/brc000d.map.scen` and `dao/arena2.map.scen`.
//!
//! Ignored by default (a minute or so in release):
//!
//! ```text
//! cargo test -p conformance --release --test fast_movingai -- --ignored --nocapture
//! ```
//!
//! For every line, the engine (A*, JPS and JPS+ through tier 1 with default options, improved
//! JPS through `OctileJump::with_improved_pruning`) and the reference run the query; their
//! status, expansion and iteration counts, cost bits and path must agree line by line, and the
//! totals over every line and over the reachable lines (published length not the
//! "unreachable" marker 0) are printed and asserted equal. The data is read in place from
//! `../shared/data/movingai` (`onepath_std::data::movingai_dir`). When the build script finds no
//! data (`conformance/build.rs`, `cfg(onepath_no_data)`) the tests are ignored with that reason
//! instead; run anyway, they print a message and pass.

mod fast_common;

use std::time::Instant;

use conformance::fast_ref::Estimate;
use fast_common::{Engine, Maps, Outcome, engine_run, first_difference, grids, reference};
use onepath_std::data::movingai_dir;
use onepath_std::movingai::MovingAiOptions;
use onepath_std::movingai::files::{map_path_for, read_map, read_scenarios};

/// Expansion totals of one engine on one file.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
struct Totals {
    all: u64,
    reachable: u64,
}

/// Per engine: the reference's totals, the engine's, and the seconds each took.
type Rows = Vec<(Engine, Totals, Totals, f64, f64)>;

fn totals_for(file: &str) -> Option<Rows> {
    let Some(dir) = movingai_dir() else {
        eprintln!("skipped: fast_movingai: Moving AI data not found (../shared/data/movingai)");
        return None;
    };
    let scen_path = dir.join(file);
    if !scen_path.is_file() {
        eprintln!("skipped: fast_movingai: {} is missing", scen_path.display());
        return None;
    }
    let scen = read_scenarios(&scen_path).expect("a valid scenario file");
    let lines = scen.scenarios();
    let map_path = map_path_for(&scen_path, lines[0].map_name()).expect("the map file");
    let map = read_map(&map_path, &MovingAiOptions::DEFAULT).expect("a valid map");
    let (width, height) = (map.width() as i32, map.height() as i32);
    let (grid, reference_grid) = grids(width, height, &map.walkable(), 1.0);
    let maps = Maps::new(&grid);
    let mut out = Vec::new();
    for engine in Engine::ALL {
        let (mut ours, mut theirs) = (Totals::default(), Totals::default());
        let (mut t_ref, mut t_engine) = (0.0, 0.0);
        for s in lines {
            let start = (s.start_x as i32, s.start_y as i32);
            let goal = (s.goal_x as i32, s.goal_y as i32);
            let t0 = Instant::now();
            let expected = Outcome::from(reference(
                &reference_grid,
                engine,
                start,
                goal,
                Estimate::Octile,
                1.0,
            ));
            let t1 = Instant::now();
            let got = engine_run(&grid, &maps, engine, start, goal, Estimate::Octile);
            t_engine += t1.elapsed().as_secs_f64();
            t_ref += (t1 - t0).as_secs_f64();
            if let Some(diff) = first_difference(&got, &expected) {
                panic!(
                    "{file} line {} {engine:?} {start:?}->{goal:?}: {diff}",
                    s.line
                );
            }
            let reachable = !s.is_unreachable_marker();
            assert_eq!(
                reachable,
                expected.status == conformance::astar_ref::RefStatus::Found,
                "{file} line {}: the published length says reachable = {reachable}",
                s.line
            );
            theirs.all += got.expansions;
            ours.all += expected.expansions;
            if reachable {
                theirs.reachable += got.expansions;
                ours.reachable += expected.expansions;
            }
        }
        eprintln!(
            "{file} ({} lines, {width}x{height}) {engine:?}: reference all {} reachable {} \
             ({t_ref:.1} s); engine all {} reachable {} ({t_engine:.1} s)",
            lines.len(),
            ours.all,
            ours.reachable,
            theirs.all,
            theirs.reachable
        );
        out.push((engine, ours, theirs, t_ref, t_engine));
    }
    Some(out)
}

fn check(file: &str) {
    let Some(rows) = totals_for(file) else {
        return;
    };
    for (engine, ours, theirs, _, _) in rows {
        assert_eq!(
            ours, theirs,
            "{file} {engine:?}: reference vs engine totals"
        );
    }
}

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
#[cfg_attr(
    not(onepath_no_data),
    ignore = "reads the Moving AI data and runs about a minute in release"
)]
fn brc000d_totals_equal_the_reference() {
    check("dao/brc000d.map.scen");
}

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
#[cfg_attr(
    not(onepath_no_data),
    ignore = "reads the Moving AI data and runs about a minute in release"
)]
fn arena2_totals_equal_the_reference() {
    check("dao/arena2.map.scen");
}
