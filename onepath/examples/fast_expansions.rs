//! Expansion totals of the specialised engines over whole Moving AI scenario files, with the
//! spec's counting rule: an expansion is a pop that expands a node; the goal's pop is not one
//! (`grids.md`, "The specialised octile searches"; DESIGN §9).
//!
//! ```text
//! cargo run --release -p onepath --example fast_expansions [set/map ...]
//! ```
//!
//! Defaults to `dao/brc000d` and `dao/arena2`. For each file it prints, per engine, the totals
//! over every line and over the reachable lines only (published length > 0, or start = goal),
//! and checks every found cost against the published length. Not run by CI.

#[path = "movingai/mod.rs"]
mod movingai;

use onepath::fast::{BitFinder, OctileAStar, OctileJump, OctileMap, TableFinder};
use onepath::jps::JpsPlusIndex;
use onepath::search::Step;

#[derive(Default, Clone, Copy)]
struct Totals {
    all: u64,
    reachable: u64,
    lines: u64,
    reachable_lines: u64,
    mismatches: u64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sets = if args.is_empty() {
        vec!["dao/brc000d".to_string(), "dao/arena2".to_string()]
    } else {
        args
    };
    for set in sets {
        let Some((grid, scen)) = movingai::load(&set) else {
            eprintln!("skipped: {set}: Moving AI data not found (../shared/data or $ONEPATH_DATA)");
            continue;
        };
        let map = OctileMap::new(&grid);
        let index = JpsPlusIndex::new(&grid).unwrap();
        let mut astar = OctileAStar::new();
        let mut jps = OctileJump::<BitFinder>::new();
        let mut improved = OctileJump::<BitFinder>::with_improved_pruning(true);
        let mut plus = OctileJump::<TableFinder>::new();
        let mut plus_improved = OctileJump::<TableFinder>::with_improved_pruning(true);
        let names = [
            "A* (one-line)",
            "JPS (bits)",
            "JPS improved pruning",
            "JPS+ (tables)",
            "JPS+ improved pruning",
        ];
        let mut totals = [Totals::default(); 5];
        let w = grid.width();
        let (mut invalid, mut unreachable) = (0, 0);
        for s in &scen {
            let (a, b) = (s.start.1 * w + s.start.0, s.goal.1 * w + s.goal.0);
            let reachable = !s.unreachable();
            unreachable += u64::from(!reachable);
            let mut runs: [(Step, f64, u32); 5] = [(Step::Idle, 0.0, 0); 5];
            let begun = astar.try_begin(&grid, a, b);
            if begun == Step::InProgress {
                runs[0] = (astar.run(), astar.cost(), astar.expansions());
                let _ = jps.try_begin(&grid, &map, a, b);
                runs[1] = (jps.run(&map), jps.cost(), jps.expansions());
                let _ = improved.try_begin(&grid, &map, a, b);
                runs[2] = (improved.run(&map), improved.cost(), improved.expansions());
                let _ = plus.try_begin(&grid, &index, a, b);
                runs[3] = (plus.run(&index), plus.cost(), plus.expansions());
                let _ = plus_improved.try_begin(&grid, &index, a, b);
                let st = plus_improved.run(&index);
                runs[4] = (st, plus_improved.cost(), plus_improved.expansions());
            } else {
                invalid += 1;
            }
            for (t, &(state, cost, exp)) in totals.iter_mut().zip(&runs) {
                t.lines += 1;
                t.all += u64::from(exp);
                if reachable {
                    t.reachable_lines += 1;
                    t.reachable += u64::from(exp);
                }
                let ok = if reachable {
                    state == Step::Found && s.matches(cost)
                } else {
                    state != Step::Found
                };
                t.mismatches += u64::from(!ok && begun == Step::InProgress);
            }
        }
        println!(
            "{set}: {} lines ({} unreachable pairs, {} with an endpoint on a wall)",
            scen.len(),
            unreachable,
            invalid
        );
        println!(
            "  {:<24} {:>14} {:>16} {:>10}",
            "engine", "all lines", "reachable lines", "mismatches"
        );
        for (name, t) in names.iter().zip(&totals) {
            println!(
                "  {:<24} {:>14} {:>16} {:>10}",
                name, t.all, t.reachable, t.mismatches
            );
        }
    }
}
