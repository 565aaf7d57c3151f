//! Flow-field figures (issue 17): per map, one whole-map field towards a scenario's goal —
//! µs per field and ns per settled cell for `onepath::flow::FlowField`, beside the
//! `pathfinding` crate's `dijkstra_all` over the same moves and costs (eight-connected, no
//! corner cutting, `OrderedFloat<f64>` costs) and our own generic Dijkstra (`AStar` with the
//! zero heuristic from the goal to the field's farthest cell); repair after a 3 × 3 wall edit
//! on the scenario's path (`GridFlowField::refresh`) vs creating the field again; heap bytes
//! per cell of a field; N fields on 2 threads vs 1 (`onepath_std::flow_threads`).
//!
//! ```text
//! CARGO_TARGET_DIR=<dir> cargo run --release --bin flow_field -- [set/map ...]
//!     (default: dao/brc202d sc1/AcrosstheCape maze/maze512-4-0 street/Berlin_0_512)
//! cargo run --release --bin flow_field -- --only-field [set/map ...]
//!     (our field alone, the best of 31 runs: for A/B comparisons of a change)
//! ```
//! Times are thread CPU time, the median of `REPS` runs; the machine's load makes them noisy.

use std::sync::atomic::Ordering;
use std::time::Duration;

use onepath::flow::{FlowField, NO_NEXT};
use onepath::grid::SquareTopology;
use onepath::search::{AStar, Step};
use onepath::topology::{DefaultStepCost, Topology, ZeroHeuristic};
use onepath::{Cell, Connectivity, DiagonalRule, GridOptions};
use onepath_bench::clock::thread_cpu;
use onepath_bench::counting::{Counting, LIVE, PEAK};
use onepath_bench::load_map;
use ordered_float::OrderedFloat;

#[global_allocator]
static GLOBAL: Counting = Counting;

const REPS: usize = 7;

fn median(mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..REPS)
        .map(|_| {
            let t = thread_cpu();
            f();
            thread_cpu().saturating_sub(t)
        })
        .collect();
    times.sort();
    times[REPS / 2]
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let only_field = args.first().is_some_and(|a| a == "--only-field");
    if only_field {
        args.remove(0);
    }
    let maps: Vec<String> = if args.is_empty() {
        [
            "dao/brc202d",
            "sc1/AcrosstheCape",
            "maze/maze512-4-0",
            "street/Berlin_0_512",
        ]
        .map(String::from)
        .to_vec()
    } else {
        args
    };
    let Some(dir) = onepath_std::data::movingai_dir() else {
        eprintln!("no shared data (../shared/data/movingai or $ONEPATH_DATA)");
        std::process::exit(2);
    };
    println!(
        "{:<22} {:>8} {:>10} {:>8} {:>10} {:>6} {:>10} {:>6} {:>9} {:>9} {:>9} {:>9} {:>6} {:>7} {:>9}",
        "map",
        "settled",
        "ours µs",
        "ns/cell",
        "pf µs",
        "×",
        "astar0 µs",
        "×",
        "changed",
        "rep pops",
        "repair µs",
        "fresh µs",
        "×",
        "B/cell",
        "2thr ×"
    );
    for name in &maps {
        let (set, file) = name.split_once('/').expect("set/map");
        let bench = match load_map(&dir.join(set), file, 1) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{name}: {e}");
                continue;
            }
        };
        let grid = &bench.grid;
        let q = &bench.queries[bench.queries.len() / 2];
        let goal = q.goal;
        let topo = SquareTopology::new(grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting)
            .expect("size 1");
        // Ours.
        let mut field = FlowField::new(DefaultStepCost);
        let _ = field.begin(&topo, &[goal]);
        let _ = field.run(&topo);
        let settled = field.settled();
        let ours = median(|| {
            let _ = field.begin(&topo, &[goal]);
            let _ = field.run(&topo);
        });
        if only_field {
            // The best of 31 runs: for A/B comparisons of the field alone.
            let best = (0..31)
                .map(|_| {
                    let t = thread_cpu();
                    let _ = field.begin(&topo, &[goal]);
                    let _ = field.run(&topo);
                    thread_cpu().saturating_sub(t)
                })
                .min()
                .unwrap_or_default();
            println!(
                "{name:<22} {settled:>8} best of 31: {:>10.0} µs {:>7.1} ns/cell",
                best.as_secs_f64() * 1e6,
                best.as_secs_f64() * 1e9 / f64::from(settled)
            );
            continue;
        }
        // pathfinding::dijkstra_all over the same moves and costs.
        let succ = |&n: &u32| {
            let mut out = Vec::with_capacity(8);
            topo.for_each_neighbor(n, |m, c| out.push((m, OrderedFloat(c))));
            out
        };
        let mut reached = 0;
        let pf = median(|| {
            let all = pathfinding::prelude::dijkstra_all(&goal, succ);
            reached = all.len();
        });
        assert_eq!(reached + 1, settled as usize, "{name}: same reachable set");
        // Our generic Dijkstra from the goal to the farthest cell (nearly the whole map).
        let far = (0..grid.cell_count())
            .filter(|&n| field.cost(n).is_finite())
            .max_by(|&a, &b| field.cost(a).total_cmp(&field.cost(b)).then(b.cmp(&a)))
            .expect("reachable");
        let mut astar = AStar::new(DefaultStepCost, ZeroHeuristic);
        let generic = median(|| {
            let _ = astar.try_begin(&topo, goal, far);
            assert_eq!(astar.run(&topo), Step::Found);
        });
        // Repair after a 3 × 3 wall on the scenario's path vs creating the field again.
        let cells = [Cell::new(
            q.scenario.goal_x as i32,
            q.scenario.goal_y as i32,
        )];
        let base = grid
            .create_flow_field(&cells, &GridOptions::DEFAULT)
            .expect("valid");
        let mut at = q.start;
        let len = {
            let mut n = 0;
            let mut a = q.start;
            while base.field().next(a) != NO_NEXT {
                a = base.field().next(a);
                n += 1;
            }
            n
        };
        for _ in 0..len / 2 {
            at = base.field().next(at);
        }
        let c = grid.cell_of(at);
        let mut edited = grid.clone();
        edited
            .set_rect((c.x - 1).max(0), (c.y - 1).max(0), 3, 3, 255)
            .expect("inside");
        let mut copies: Vec<_> = (0..REPS).map(|_| base.clone()).collect();
        let mut k = 0;
        let repair = median(|| {
            copies[k].refresh(&edited).expect("same grid");
            k += 1;
        });
        let repair_pops = copies[0].field().repair_pops();
        let fresh = edited
            .create_flow_field(&cells, &GridOptions::DEFAULT)
            .expect("valid");
        let changed = base
            .costs()
            .iter()
            .zip(fresh.costs())
            .filter(|(a, b)| a.to_bits() != b.to_bits())
            .count();
        assert!(
            copies[0]
                .costs()
                .iter()
                .zip(fresh.costs())
                .all(|(a, b)| a.to_bits() == b.to_bits())
        );
        let recompute = median(|| {
            let _ = edited
                .create_flow_field(&cells, &GridOptions::DEFAULT)
                .expect("valid");
        });
        // Heap bytes per cell of one field (peak during creation).
        drop(copies);
        let before = LIVE.load(Ordering::Relaxed);
        PEAK.store(before, Ordering::Relaxed);
        let one = grid
            .create_flow_field(&cells, &GridOptions::DEFAULT)
            .expect("valid");
        let peak = PEAK.load(Ordering::Relaxed) - before;
        let kept = LIVE.load(Ordering::Relaxed) - before;
        drop(one);
        // N fields on 2 threads vs 1.
        let sets: Vec<Vec<Cell>> = bench
            .queries
            .iter()
            .take(8)
            .map(|q| vec![grid.cell_of(q.goal)])
            .collect();
        let t1 = std::time::Instant::now();
        let a = onepath_std::flow_threads::flow_fields(grid, &sets, &GridOptions::DEFAULT, 1)
            .expect("ok");
        let one_thread = t1.elapsed();
        let t2 = std::time::Instant::now();
        let b = onepath_std::flow_threads::flow_fields(grid, &sets, &GridOptions::DEFAULT, 2)
            .expect("ok");
        let two_threads = t2.elapsed();
        assert!(a.iter().zip(&b).all(|(x, y)| x.nexts() == y.nexts()));
        let us = |d: Duration| d.as_secs_f64() * 1e6;
        let cells_n = f64::from(grid.cell_count());
        println!(
            "{:<22} {:>8} {:>10.0} {:>8.1} {:>10.0} {:>6.2} {:>10.0} {:>6.2} {:>9} {:>9} {:>9.0} {:>9.0} {:>6.1} {:>3.0}/{:<3.0} {:>9.2}",
            name,
            settled,
            us(ours),
            us(ours) * 1e3 / f64::from(settled),
            us(pf),
            us(pf) / us(ours),
            us(generic),
            us(generic) / us(ours),
            changed,
            repair_pops,
            us(repair),
            us(recompute),
            us(recompute) / us(repair).max(1e-3),
            kept as f64 / cells_n,
            peak as f64 / cells_n,
            one_thread.as_secs_f64() / two_threads.as_secs_f64(),
        );
    }
    println!(
        "× columns: their time / ours (pf: pathfinding::dijkstra_all; astar0: our generic AStar with the zero heuristic); changed: cells whose cost the wall changes (what any repair must touch); rep pops: pops of that repair (the whole reachable set when it fell back to a recomputation); repair: refresh after a 3 × 3 wall halfway along the scenario path, fresh: create_flow_field on the edited grid; B/cell: heap bytes kept / peak during creation; 2thr ×: 8 fields on 1 thread / on 2 (wall time)"
    );
}
