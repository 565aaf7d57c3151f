//! HPA* figures (issue 19): per map, the hierarchy's build time and bytes, µs per query with
//! its four phases apart (insertion, abstract search, refinement, smoothing) beside the
//! one-line A* (`Grid::find_path`) and JPS+ (a reused `GridSearch`) on the same queries, the
//! mean % over the published optimum (smoothed and unsmoothed), and the time to refresh the
//! hierarchy after one 3 × 3 wall edit vs a full build.
//!
//! ```text
//! CARGO_TARGET_DIR=<dir> cargo run --release --bin hpa -- [--queries Q] [--reps R] [set/map ...]
//!     (default: sc1/AcrosstheCape, the five 1024² sc1 maps, street/Berlin_0_1024, dao/brc202d;
//!      Q = 48 scenario lines per map, evenly spaced over the file's valid lines, so every
//!      bucket is sampled; R = 5 passes)
//! ```
//!
//! **Phases without timing inside the library.** The phases are told apart through the tier-2
//! API alone: `HpaSearch::try_begin` is the insertion (two chunk Dijkstras); a first unsliced
//! run gives the iteration count N, then `step(N − 1)` is the abstract A* up to the goal's pop
//! and the final `step(1)` pops the goal, which refines the abstract path (and smooths it when
//! smoothing is on). Refinement is that final step on a handle with smoothing off; smoothing
//! is the final step with smoothing on minus it (both best of R). Sliced runs give the same
//! result as unsliced ones (checked here too), so the split costs nothing in the core.
//!
//! **Timing.** Thread CPU time (`CLOCK_THREAD_CPUTIME_ID`), one call per sample, the clock's
//! own read cost (calibrated at start, best of 2000) subtracted. In each of the R passes every
//! query runs every contender, in an order that rotates per query and pass; per query and
//! contender the best of the R passes is kept, and a row's figure is the mean of those bests.
//! Builds and refreshes: best of R, each on a fresh clone (the clone not timed).
//!
//! **Bytes.** "graph" is the exact size of the abstract graph (`HpaHierarchy::graph_bytes`:
//! nodes 4 B, intra-edge costs 8 B, inter-edges 16 B each, lengths not capacities); "heap" is
//! what the counting allocator sees live after a build minus before it (the whole hierarchy:
//! graph with spare capacity, per-chunk vectors, clearance and bookkeeping).
//!
//! **Checks.** Every A* and JPS+ cost must equal the published optimum within the file's
//! tolerance; every HPA* path (smoothed and not, one-line and tier 2) is checked move by move
//! (adjacent, walkable, no corner cutting), priced again and must not be below the optimum;
//! the phased runs must give the unsliced run's path; the refreshed hierarchy must be
//! content-equal to a build on the edited grid. The run exits 1 on any failure.

use std::hint::black_box;
use std::sync::atomic::Ordering;
use std::time::Duration;

use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
use onepath::math::SQRT2;
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, PathStatus, Step};
use onepath_bench::clock::thread_cpu;
use onepath_bench::counting::{Counting, LIVE};
use onepath_bench::{BenchMap, args, load_map};

#[global_allocator]
static GLOBAL: Counting = Counting;

const DEFAULT_MAPS: [&str; 8] = [
    "sc1/AcrosstheCape",
    "sc1/Cauldron",
    "sc1/Expedition",
    "sc1/Octopus",
    "sc1/PrimevalIsles",
    "sc1/TheFrozenSea",
    "street/Berlin_0_1024",
    "dao/brc202d",
];

/// The contenders timed per query, in the base order of a pass.
const ASTAR: usize = 0;
const JPS_PLUS: usize = 1;
const HPA_ONE_LINE: usize = 2;
const HPA_PHASED_ON: usize = 3;
const HPA_PHASED_OFF: usize = 4;
const CONTENDERS: usize = 5;

/// Phase slots of the per-query bests.
#[derive(Clone, Copy, Default)]
struct Phases {
    insert: Duration,
    search: Duration,
    last: Duration,
}

struct Clock {
    overhead: Duration,
}

impl Clock {
    fn calibrate() -> Self {
        let overhead = (0..2000)
            .map(|_| {
                let t = thread_cpu();
                thread_cpu().saturating_sub(t)
            })
            .min()
            .unwrap_or_default();
        Self { overhead }
    }

    fn time<T>(&self, f: impl FnOnce() -> T) -> (T, Duration) {
        let t = thread_cpu();
        let out = f();
        let d = thread_cpu().saturating_sub(t);
        (out, d.saturating_sub(self.overhead))
    }
}

/// The cost of `path` from `start` to `goal`, eight moves without corner cutting (the Moving
/// AI convention), or why it is not a legal path.
fn price(grid: &Grid, start: u32, goal: u32, path: &[u32]) -> Result<f64, String> {
    if path.first() != Some(&start) || path.last() != Some(&goal) {
        return Err("does not run from the start to the goal".into());
    }
    let mut cost = 0.0;
    for (i, w) in path.windows(2).enumerate() {
        let (a, b) = (grid.cell_of(w[0]), grid.cell_of(w[1]));
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        if dx.abs() > 1 || dy.abs() > 1 || (dx == 0 && dy == 0) {
            return Err(format!("step {i} {a:?} -> {b:?} is not a move"));
        }
        if !grid.is_walkable(a) || !grid.is_walkable(b) {
            return Err(format!("step {i} {a:?} -> {b:?} enters a wall"));
        }
        cost += if dx != 0 && dy != 0 {
            let beside = [Cell::new(a.x + dx, a.y), Cell::new(a.x, a.y + dy)];
            if !beside.iter().all(|&c| grid.is_walkable(c)) {
                return Err(format!("step {i} {a:?} -> {b:?} cuts a corner"));
            }
            SQRT2
        } else {
            1.0
        };
    }
    Ok(cost)
}

fn usage() -> ! {
    eprintln!("usage: hpa [--queries Q] [--reps R] [set/map ...]");
    std::process::exit(2);
}

struct Args {
    queries: usize,
    reps: usize,
    maps: Vec<String>,
}

fn parse_args() -> Args {
    let mut a = Args {
        queries: 48,
        reps: 5,
        maps: Vec::new(),
    };
    a.maps = args::parse(
        &["--queries", "--reps"],
        &DEFAULT_MAPS,
        usage,
        |flag, n| match flag {
            "--queries" => a.queries = n,
            _ => a.reps = n,
        },
    );
    a
}

/// One map's figures.
#[derive(Default)]
struct Row {
    name: String,
    side: String,
    build: Duration,
    graph_bytes: usize,
    heap_bytes: usize,
    nodes: usize,
    queries: usize,
    mean: [f64; CONTENDERS],
    insert: f64,
    search: f64,
    refine: f64,
    smooth: f64,
    pct_on: f64,
    pct_off: f64,
    refresh: Duration,
    rebuild: Duration,
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// Runs `search` to the end in the phased form; returns (insert, abstract, final step).
fn phased(
    clock: &Clock,
    s: &mut HpaSearch,
    h: &HpaHierarchy,
    grid: &Grid,
    (a, b): (u32, u32),
    pops: u32,
) -> Result<Phases, String> {
    let (r, insert) = clock.time(|| s.try_begin(h, grid, a, b));
    if r != Ok(Step::InProgress) {
        return Err(format!("try_begin {a} -> {b}: {r:?}"));
    }
    let (r, search) = clock.time(|| s.step(h, grid, pops - 1));
    if pops > 1 && r != Ok(Step::InProgress) {
        return Err(format!("{a} -> {b}: {r:?} before the goal's pop"));
    }
    let (r, last) = clock.time(|| s.step(h, grid, 1));
    if r != Ok(Step::Found) {
        return Err(format!("{a} -> {b}: the last pop gave {r:?}"));
    }
    Ok(Phases {
        insert,
        search,
        last,
    })
}

fn run_map(bench: &BenchMap, args: &Args, clock: &Clock) -> Result<Row, String> {
    let grid = &bench.grid;
    let config = HpaConfig::DEFAULT;
    let n = bench.queries.len();
    let picked: Vec<_> = (0..args.queries.min(n))
        .map(|i| &bench.queries[i * n / args.queries.min(n)])
        .collect();
    let mut row = Row {
        name: bench.name.clone(),
        side: format!("{}×{}", bench.width, bench.height),
        queries: picked.len(),
        ..Row::default()
    };
    // Build: heap bytes of one kept hierarchy, then best of R builds.
    let before = LIVE.load(Ordering::Relaxed);
    let hier = HpaHierarchy::build(grid, config).map_err(|e| e.to_string())?;
    row.heap_bytes = LIVE.load(Ordering::Relaxed).saturating_sub(before);
    row.graph_bytes = hier.graph_bytes();
    row.nodes = hier.node_count();
    row.build = (0..args.reps)
        .map(|_| {
            clock
                .time(|| black_box(HpaHierarchy::build(grid, config)))
                .1
        })
        .min()
        .unwrap_or_default();
    // Contenders.
    let astar = GridOptions::DEFAULT;
    let mut jps = GridSearch::new(GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus))
        .map_err(|e| e.to_string())?;
    jps.prepare(grid);
    let hpa_line = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Hpa);
    let mut on = HpaSearch::new();
    let mut off = HpaSearch::new();
    off.set_smoothing(false);
    // Reference run per query: pops, paths, costs, checks.
    let mut pops = Vec::new();
    let mut reference: Vec<[Vec<u32>; 2]> = Vec::new();
    let (mut sum_on, mut sum_off) = (0.0, 0.0);
    for q in &picked {
        let (a, b) = (q.start, q.goal);
        let (ca, cb) = (grid.cell_of(a), grid.cell_of(b));
        let opt = q.scenario.optimal_length;
        let tol = q.scenario.length_tolerance();
        let line = q.scenario.line;
        let p = grid.find_path(ca, cb, &astar).map_err(|e| e.to_string())?;
        if p.status != PathStatus::Found || (p.cost - opt).abs() > tol {
            return Err(format!(
                "line {line}: A* {:?} cost {} vs optimum {opt}",
                p.status, p.cost
            ));
        }
        let _ = jps.try_begin(grid, ca, cb);
        let r = jps.run_cancellable(grid, || false);
        if !matches!(r, Ok(Step::Found)) || (jps.cost() - opt).abs() > tol {
            return Err(format!(
                "line {line}: JPS+ {r:?} cost {} vs optimum {opt}",
                jps.cost()
            ));
        }
        let one = grid
            .find_path(ca, cb, &hpa_line)
            .map_err(|e| e.to_string())?;
        let one_cells: Vec<u32> = one.cells.iter().filter_map(|&c| grid.index_of(c)).collect();
        let mut pct = [0.0; 2];
        for (k, s) in [&mut on, &mut off].into_iter().enumerate() {
            let _ = s.try_begin(&hier, grid, a, b).map_err(|e| e.to_string())?;
            if s.run(&hier, grid) != Ok(Step::Found) {
                return Err(format!("line {line}: HPA* found no path"));
            }
            let priced = price(grid, a, b, s.path()).map_err(|e| format!("line {line}: {e}"))?;
            if (priced - s.cost()).abs() > 1e-9 * priced.max(1.0) || priced < opt - tol {
                return Err(format!(
                    "line {line}: HPA* cost {} priced {priced} optimum {opt}",
                    s.cost()
                ));
            }
            pct[k] = ((priced / opt) - 1.0).max(0.0) * 100.0;
        }
        if one_cells != on.path() {
            return Err(format!("line {line}: one-line HPA* differs from HpaSearch"));
        }
        // The iteration count is the same on and off (smoothing runs after the search).
        pops.push(on.iterations());
        reference.push([on.path().to_vec(), off.path().to_vec()]);
        sum_on += pct[0];
        sum_off += pct[1];
    }
    row.pct_on = sum_on / picked.len().max(1) as f64;
    row.pct_off = sum_off / picked.len().max(1) as f64;
    // Timed passes.
    let inf = Duration::MAX;
    let mut best = vec![[inf; CONTENDERS]; picked.len()];
    let mut best_on = vec![[inf; 3]; picked.len()];
    let mut best_off = vec![[inf; 3]; picked.len()];
    let mut cells = vec![Cell::default(); grid.cell_count() as usize];
    for pass in 0..args.reps {
        for (i, q) in picked.iter().enumerate() {
            let (a, b) = (q.start, q.goal);
            let (ca, cb) = (grid.cell_of(a), grid.cell_of(b));
            for k in 0..CONTENDERS {
                let c = (k + i + pass) % CONTENDERS;
                let t = match c {
                    ASTAR => clock.time(|| black_box(grid.find_path(ca, cb, &astar))).1,
                    JPS_PLUS => {
                        clock
                            .time(|| {
                                let _ = jps.try_begin(grid, ca, cb);
                                let _ = jps.step(grid, u32::MAX);
                                black_box(jps.copy_path(&mut cells))
                            })
                            .1
                    }
                    HPA_ONE_LINE => {
                        clock
                            .time(|| black_box(grid.find_path(ca, cb, &hpa_line)))
                            .1
                    }
                    HPA_PHASED_ON | HPA_PHASED_OFF => {
                        let (s, slot, expected) = if c == HPA_PHASED_ON {
                            (&mut on, &mut best_on[i], &reference[i][0])
                        } else {
                            (&mut off, &mut best_off[i], &reference[i][1])
                        };
                        let p = phased(clock, s, &hier, grid, (a, b), pops[i])?;
                        if pass == 0 && s.path() != expected.as_slice() {
                            return Err(format!(
                                "line {}: the phased run differs from the unsliced one",
                                q.scenario.line
                            ));
                        }
                        slot[0] = slot[0].min(p.insert);
                        slot[1] = slot[1].min(p.search);
                        slot[2] = slot[2].min(p.last);
                        p.insert + p.search + p.last
                    }
                    _ => unreachable!("five contenders"),
                };
                best[i][c] = best[i][c].min(t);
            }
        }
    }
    let q = picked.len().max(1) as f64;
    for c in 0..CONTENDERS {
        row.mean[c] = best.iter().map(|b| us(b[c])).sum::<f64>() / q;
    }
    row.insert = best_on.iter().map(|b| us(b[0])).sum::<f64>() / q;
    row.search = best_on.iter().map(|b| us(b[1])).sum::<f64>() / q;
    row.refine = best_off.iter().map(|b| us(b[2])).sum::<f64>() / q;
    row.smooth = best_on
        .iter()
        .zip(&best_off)
        .map(|(a, b)| us(a[2]) - us(b[2]))
        .sum::<f64>()
        / q;
    // Refresh after one 3 × 3 wall on the middle of the longest sampled query's A* path.
    let longest = picked
        .iter()
        .max_by(|x, y| {
            x.scenario
                .optimal_length
                .total_cmp(&y.scenario.optimal_length)
        })
        .ok_or("no query")?;
    let p = grid
        .find_path(
            grid.cell_of(longest.start),
            grid.cell_of(longest.goal),
            &astar,
        )
        .map_err(|e| e.to_string())?;
    let mid = p.cells[p.cells.len() / 2];
    let mut edited = grid.clone();
    edited
        .set_rect(mid.x - 1, mid.y - 1, 3, 3, 255)
        .map_err(|e| e.to_string())?;
    let fresh = HpaHierarchy::build(&edited, config).map_err(|e| e.to_string())?;
    let (mut refresh, mut rebuild) = (inf, inf);
    for _ in 0..args.reps {
        let mut h = hier.clone();
        let ((), t) = clock.time(|| h.refresh(&edited));
        refresh = refresh.min(t);
        if !h.content_equals(&fresh) || h.content_hash() != fresh.content_hash() {
            return Err("the refreshed hierarchy differs from a build".into());
        }
        drop(h);
        let (b, t) = clock.time(|| HpaHierarchy::build(&edited, config));
        black_box(b).map_err(|e| e.to_string())?;
        rebuild = rebuild.min(t);
    }
    row.refresh = refresh;
    row.rebuild = rebuild;
    Ok(row)
}

fn main() {
    let args = parse_args();
    let Some(dir) = onepath_std::data::movingai_dir() else {
        eprintln!("no shared data (../shared/data/movingai or $ONEPATH_DATA)");
        std::process::exit(2);
    };
    println!(
        "command: hpa --queries {} --reps {} {}",
        args.queries,
        args.reps,
        args.maps.join(" ")
    );
    let clock = Clock::calibrate();
    println!(
        "clock read cost subtracted: {} ns",
        clock.overhead.as_nanos()
    );
    let mut rows = Vec::new();
    let mut failed = false;
    for name in &args.maps {
        let Some((set, file)) = name.split_once('/') else {
            usage()
        };
        let bench = match load_map(&dir.join(set), file, 1) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{name}: {e}");
                failed = true;
                continue;
            }
        };
        match run_map(&bench, &args, &clock) {
            Ok(r) => {
                eprintln!("{name}: done");
                rows.push(r);
            }
            Err(e) => {
                eprintln!("{name}: FAILED: {e}");
                failed = true;
            }
        }
    }
    println!();
    println!(
        "| map | size | nodes | build ms | graph KiB | heap KiB | refresh 3×3 µs | rebuild ms | rebuild ÷ refresh |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for r in &rows {
        println!(
            "| {} | {} | {} | {:.2} | {:.0} | {:.0} | {:.1} | {:.2} | {:.0} |",
            r.name,
            r.side,
            r.nodes,
            us(r.build) / 1000.0,
            r.graph_bytes as f64 / 1024.0,
            r.heap_bytes as f64 / 1024.0,
            us(r.refresh),
            us(r.rebuild) / 1000.0,
            us(r.rebuild) / us(r.refresh).max(1e-3),
        );
    }
    println!();
    println!(
        "| map | q | A* µs | JPS+ µs | HPA* one-line µs | insert | abstract | refine | smooth | HPA* phased µs | A* ÷ HPA* | JPS+ ÷ HPA* | % over opt (smoothed) | % (unsmoothed) |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in &rows {
        let h = r.mean[HPA_PHASED_ON];
        println!(
            "| {} | {} | {:.0} | {:.0} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} | {:.0} | {:.1} | {:.1} | {:.3} | {:.2} |",
            r.name,
            r.queries,
            r.mean[ASTAR],
            r.mean[JPS_PLUS],
            r.mean[HPA_ONE_LINE],
            r.insert,
            r.search,
            r.refine,
            r.smooth,
            h,
            r.mean[ASTAR] / h,
            r.mean[JPS_PLUS] / h,
            r.pct_on,
            r.pct_off,
        );
    }
    std::process::exit(i32::from(failed));
}
