//! The side-by-side harness: every contender on the same scenario lines of each map, in one
//! process, warm-up first, preprocessing timed apart from queries, timed passes interleaved
//! across contenders, every length checked against the published optimum. Prints a table of
//! mean µs per query and the ratio to onepath.
//!
//! ```text
//! CARGO_TARGET_DIR=/tmp/t-bench cargo run --release -- [--every K] [--dijkstra-every K]
//!     [--passes N] [--only NAME,NAME] [set/map ...]      (default: dao/arena2 dao/brc202d sc1/AcrosstheCape)
//! ```

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use onepath_bench::clock::thread_cpu;
use onepath_bench::contenders::Family;
use onepath_bench::counting::{Counting, LIVE, PEAK};
use onepath_bench::{BenchMap, Contender, Query, Runner, all_contenders, load_map};

#[global_allocator]
static GLOBAL: Counting = Counting;

const DEFAULT_MAPS: [&str; 3] = ["dao/arena2", "dao/brc202d", "sc1/AcrosstheCape"];

struct Options {
    every: usize,
    dijkstra_every: usize,
    passes: usize,
    maps: Vec<String>,
    /// Contender-name substrings to keep (all when empty).
    only: Vec<String>,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        every: 1,
        dijkstra_every: 4,
        passes: 3,
        maps: Vec::new(),
        only: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut num = |name: &str| -> Result<usize, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .filter(|&v: &usize| v > 0)
                .ok_or(format!("{name} needs a positive integer"))
        };
        match a.as_str() {
            "--every" => o.every = num("--every")?,
            "--dijkstra-every" => o.dijkstra_every = num("--dijkstra-every")?,
            "--passes" => o.passes = num("--passes")?,
            "--only" => {
                let list = args.next().ok_or("--only needs a comma-separated list")?;
                o.only.extend(list.split(',').map(str::to_owned));
            }
            "--help" | "-h" => {
                return Err("usage: onepath-bench [--every K] [--dijkstra-every K] \
                     [--passes N] [--only name,name] [set/map ...]"
                    .into());
            }
            "--bench" => {} // passed by `cargo bench`
            m => o.maps.push(m.to_owned()),
        }
    }
    if o.maps.is_empty() {
        o.maps = DEFAULT_MAPS.iter().map(|s| (*s).to_owned()).collect();
    }
    Ok(o)
}

#[derive(Default)]
struct Row {
    queries: usize,
    prepare: Duration,
    /// Best (smallest) mean thread CPU time over the timed passes, in µs.
    mean_us: f64,
    /// Best mean wall time over the timed passes, in µs.
    wall_us: f64,
    expansions: Option<u64>,
    matched: usize,
    shorter: usize,
    longer: usize,
    missing: usize,
    retained_bytes: usize,
    /// Largest heap growth during one query.
    peak_alloc: usize,
    /// Heap growth during each query, summed.
    peak_alloc_sum: usize,
}

/// One contender prepared on a map, with its queries and what its passes measured so far.
struct Live<'a> {
    runner: Box<dyn Runner + 'a>,
    queries: Vec<&'a Query>,
    lengths: Vec<Option<f64>>,
    row: Row,
}

/// Prepares one contender (timed), warms it up, and counts its expansions and allocations in
/// an untimed pass.
fn prepare_contender(
    map: &BenchMap,
    prepare: for<'b> fn(&'b BenchMap) -> Box<dyn Runner + 'b>,
    every: usize,
) -> Live<'_> {
    let queries: Vec<_> = map.queries.iter().step_by(every).collect();
    let t = Instant::now();
    let mut runner = prepare(map);
    let prepare_time = t.elapsed();
    // Warm-up: one untimed pass over up to 10% of the queries (at least 10).
    let warm = (queries.len() / 10).max(10);
    for q in queries.iter().take(warm) {
        std::hint::black_box(runner.query(q.start, q.goal));
    }
    // Expansions and allocation, measured in an untimed pass.
    let mut expansions = Some(0_u64);
    let (mut peak, mut peak_sum) = (0, 0);
    for q in &queries {
        let base = LIVE.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        std::hint::black_box(runner.query(q.start, q.goal));
        let p = PEAK.load(Ordering::Relaxed) - base;
        peak = peak.max(p);
        peak_sum += p;
        expansions = expansions.zip(runner.last_expansions()).map(|(a, b)| a + b);
    }
    let row = Row {
        queries: queries.len(),
        prepare: prepare_time,
        mean_us: f64::INFINITY,
        wall_us: f64::INFINITY,
        retained_bytes: runner.retained_bytes(),
        expansions,
        peak_alloc: peak,
        peak_alloc_sum: peak_sum,
        ..Row::default()
    };
    Live {
        lengths: vec![None; queries.len()],
        runner,
        queries,
        row,
    }
}

/// One timed pass over a contender's queries; keeps the best mean.
fn timed_pass(live: &mut Live<'_>) {
    let (t, cpu) = (Instant::now(), thread_cpu());
    for (q, out) in live.queries.iter().zip(live.lengths.iter_mut()) {
        *out = live.runner.query(q.start, q.goal);
    }
    let n = live.queries.len().max(1) as f64;
    let (wall, cpu) = (t.elapsed(), thread_cpu().saturating_sub(cpu));
    live.row.mean_us = live.row.mean_us.min(cpu.as_secs_f64() * 1e6 / n);
    live.row.wall_us = live.row.wall_us.min(wall.as_secs_f64() * 1e6 / n);
}

/// Every contender on one map. The timed passes are interleaved (pass 1 of every contender,
/// then pass 2 of every contender, each pass starting one contender further on), so a slow
/// spell of a shared machine hits every contender alike instead of one contender's passes,
/// and the ratios of one run stay comparable.
fn run_map(map: &BenchMap, contenders: &[Contender], opts: &Options) -> Vec<Row> {
    let mut live: Vec<Live<'_>> = contenders
        .iter()
        .map(|c| {
            let every = match c.family {
                Family::AStar => opts.every,
                Family::Dijkstra => opts.dijkstra_every,
            };
            prepare_contender(map, c.prepare, every)
        })
        .collect();
    let k = live.len();
    for pass in 0..opts.passes {
        for i in 0..k {
            timed_pass(&mut live[(pass + i) % k]);
        }
    }
    live.into_iter()
        .map(|l| {
            let mut row = l.row;
            for (q, got) in l.queries.iter().zip(&l.lengths) {
                let s = &q.scenario;
                match *got {
                    None => row.missing += 1,
                    Some(len) if s.length_matches(len) => row.matched += 1,
                    Some(len) if len < s.optimal_length => row.shorter += 1,
                    Some(_) => row.longer += 1,
                }
            }
            row
        })
        .collect()
}

fn main() {
    let opts = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let Some(dir) = onepath_std::data::movingai_dir() else {
        eprintln!(
            "skipped: Moving AI data not found (../shared/data/movingai next to the repository, \
             or set ONEPATH_DATA)"
        );
        return;
    };
    let contenders: Vec<_> = all_contenders()
        .into_iter()
        .filter(|c| opts.only.is_empty() || opts.only.iter().any(|o| c.name.contains(o.as_str())))
        .collect();
    println!(
        "onepath side by side: A*-family queries every {} line(s), Dijkstra-family every {}; \
         best mean of {} timed passes after a warm-up",
        opts.every, opts.dijkstra_every, opts.passes
    );
    println!(
        "{:<20} {:<22} {:>7} {:>9} {:>10} {:>10} {:>8} {:>10} {:>8} {:>7} {:>7} {:>9} {:>10}",
        "map",
        "contender",
        "queries",
        "prep ms",
        "µs/query",
        "wall µs",
        "× ours",
        "exp/query",
        "= opt",
        "shorter",
        "longer",
        "B/node",
        "alloc/q"
    );
    let mut failed = false;
    for name in &opts.maps {
        let Some((set, file)) = name.split_once('/') else {
            eprintln!("error: map `{name}` is not set/name");
            std::process::exit(2);
        };
        let map = match load_map(&dir.join(set), file, 1) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        };
        let mut ours_us = [f64::NAN; 2];
        for (c, row) in contenders.iter().zip(run_map(&map, &contenders, &opts)) {
            let fam = usize::from(c.family == Family::Dijkstra);
            if c.ours && ours_us[fam].is_nan() {
                ours_us[fam] = row.mean_us;
            }
            if c.exact && row.matched != row.queries {
                failed = true;
            }
            let exp = row.expansions.map_or("n/a".to_owned(), |e| {
                format!("{:.0}", e as f64 / row.queries.max(1) as f64)
            });
            // Our per-node state is dense over the map; peers allocate per query, reported
            // per expanded node.
            let per_node = if row.retained_bytes > 0 {
                format!("{}", row.retained_bytes / (map.width * map.height) as usize)
            } else {
                row.expansions.map_or("n/a".to_owned(), |e| {
                    format!("~{:.0}", row.peak_alloc_sum as f64 / e.max(1) as f64)
                })
            };
            println!(
                "{:<20} {:<22} {:>7} {:>9.2} {:>10.2} {:>10.2} {:>8.3} {:>10} {:>8} {:>7} {:>7} {:>9} {:>10}",
                map.name,
                c.name,
                row.queries,
                row.prepare.as_secs_f64() * 1e3,
                row.mean_us,
                row.wall_us,
                row.mean_us / ours_us[fam],
                exp,
                format!("{}/{}", row.matched, row.queries),
                row.shorter,
                row.longer,
                per_node,
                row.peak_alloc
            );
        }
        println!(
            "{:<20} (map {}x{}, {} valid lines, {} skipped, load {:.1} ms)",
            "",
            map.width,
            map.height,
            map.queries.len(),
            map.skipped,
            map.load_time.as_secs_f64() * 1e3
        );
    }
    println!(
        "µs/query: thread CPU time (best pass); wall µs: elapsed time (best pass). × ours: \
         CPU time over onepath's of the same family (A*-family vs onepath astar, Dijkstra vs \
         onepath dijkstra). = opt: lengths equal to the published optimum \
         (relative 1e-6 or one printed unit). B/node: onepath's per-node search state (dense, \
         allocated once per map); for peers ~ heap growth per query summed over all queries / \
         expansions summed. alloc/q: peak heap bytes allocated by one query. * grid_pathfinding cuts \
         corners and uses costs 70/99, so its lengths differ by design."
    );
    if failed {
        eprintln!("FAIL: an exact contender's length differs from the published optimum");
        std::process::exit(1);
    }
}
