//! `onepath bench`: time queries per algorithm on the same scenario lines, map loading and
//! preprocessing timed apart from search, warm-up first. Single-threaded.
//!
//! Every phase is read on two clocks ([`Stopwatch`]): the thread's CPU time, which leaves out
//! the time the thread waits for a core (the figure to compare on a shared machine, as
//! `bench/` does), and wall time. The clocks are read around the whole timed pass of a map,
//! not around each query, so their own cost does not enter the per-query figures.

use std::path::PathBuf;
use std::time::Duration;

use onepath::search::Step;
use onepath_std::movingai::MovingAiOptions;
use onepath_std::movingai::files::read_map;
use serde_json::json;

use crate::cpu_time::{Lap, Stopwatch};
use crate::output::{self, StdoutError, errln, outln};
use crate::progress;
use crate::scenarios::{LineKind, Sampling, classify, endpoints, plan};
use crate::solver::Alg;

/// Options of `onepath bench`.
pub struct BenchArgs {
    /// Files or folders.
    pub paths: Vec<PathBuf>,
    /// Algorithms, in column order; ratios are against the first.
    pub algs: Vec<Alg>,
    /// Sampling of each file.
    pub sampling: Sampling,
    /// Whether `S` and `W` are walkable.
    pub terrain: MovingAiOptions,
    /// Untimed queries per map and algorithm before the timed pass.
    pub warmup: usize,
    /// Machine-readable output.
    pub json: bool,
    /// No progress bar.
    pub quiet: bool,
}

/// One set's figures for one algorithm, summed over its maps.
#[derive(Clone, Debug)]
struct Totals {
    maps: usize,
    queries: usize,
    load: Lap,
    prepare: Lap,
    search: Lap,
    expansions: u64,
    mismatches: usize,
    bytes_per_node: usize,
}

impl Default for Totals {
    fn default() -> Self {
        Self {
            maps: 0,
            queries: 0,
            load: Lap::ZERO,
            prepare: Lap::ZERO,
            search: Lap::ZERO,
            expansions: 0,
            mismatches: 0,
            bytes_per_node: 0,
        }
    }
}

impl Totals {
    /// Mean thread CPU µs per timed query (`None` without a per-thread CPU clock).
    fn cpu_us(&self) -> Option<f64> {
        self.search
            .cpu
            .map(|d| per(d.as_secs_f64() * 1e6, self.queries))
    }

    /// Mean wall µs per timed query.
    fn wall_us(&self) -> f64 {
        per(self.search.wall.as_secs_f64() * 1e6, self.queries)
    }

    /// The per-query figure ratios use: CPU time, or wall time without a CPU clock.
    fn ratio_us(&self) -> f64 {
        self.cpu_us().unwrap_or_else(|| self.wall_us())
    }

    /// Nanoseconds per expansion, on the clock of [`ratio_us`](Totals::ratio_us).
    fn ns_per_expansion(&self) -> f64 {
        per(
            self.ratio_us() * 1e3 * self.queries as f64,
            self.expansions as usize,
        )
    }

    fn mean_expansions(&self) -> f64 {
        per(self.expansions as f64, self.queries)
    }
}

fn per(x: f64, n: usize) -> f64 {
    if n == 0 { 0.0 } else { x / n as f64 }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Milliseconds on the CPU clock, or on the wall clock without one.
fn cpu_ms(lap: Lap) -> f64 {
    ms(lap.cpu.unwrap_or(lap.wall))
}

/// Runs the command; returns the exit code (0, or 2 on an input error).
pub fn run(args: &BenchArgs) -> i32 {
    let plan = match plan(&args.paths, args.sampling) {
        Ok(plan) => plan,
        Err(e) => return output::input_error("bench", args.json, &e.to_string()),
    };
    if let Some(why) = plan.nothing_found() {
        return output::input_error("bench", args.json, &why);
    }
    for f in &plan.empty_files {
        errln!(
            "warning: {}: no scenario lines (only the version header), nothing timed in it",
            f.display()
        );
    }
    let jobs = plan.jobs;
    let total: usize = jobs.iter().map(|j| j.scenarios.len()).sum();
    let bar = progress::bar((total * args.algs.len()) as u64, "bench", args.quiet);
    // sets[i] = (name, per-alg totals)
    let mut sets: Vec<(String, Vec<Totals>)> = Vec::new();
    for job in &jobs {
        let watch = Stopwatch::start();
        let loaded = read_map(&job.map_path, &args.terrain)
            .map_err(|e| e.to_string())
            .and_then(|map| {
                map.to_grid()
                    .map(|g| (map, g))
                    .map_err(|e| format!("{}: {e}", job.map_path.display()))
            });
        let load = watch.lap();
        let (map, grid) = match loaded {
            Ok(x) => x,
            Err(e) => {
                bar.finish_and_clear();
                return output::input_error("bench", args.json, &e);
            }
        };
        let queries: Vec<(u32, u32, usize)> = job
            .scenarios
            .iter()
            .enumerate()
            .filter(|(_, s)| classify(&map, s) == LineKind::Check)
            .map(|(i, s)| {
                let (a, b) = endpoints(&map, s);
                (a, b, i)
            })
            .collect();
        let set_index = if let Some(i) = sets.iter().position(|(n, _)| *n == job.set) {
            i
        } else {
            sets.push((job.set.clone(), vec![Totals::default(); args.algs.len()]));
            sets.len() - 1
        };
        for (k, &alg) in args.algs.iter().enumerate() {
            let watch = Stopwatch::start();
            let mut solver = match alg.prepare(&grid) {
                Ok(s) => s,
                Err(e) => {
                    bar.finish_and_clear();
                    let message = format!("{}: {e}", job.map_path.display());
                    return output::input_error("bench", args.json, &message);
                }
            };
            let prepare = watch.lap();
            for &(a, b, _) in queries.iter().take(args.warmup) {
                std::hint::black_box(solver.solve(a, b));
            }
            let mut outcomes = Vec::with_capacity(queries.len());
            let watch = Stopwatch::start();
            for &(a, b, _) in &queries {
                outcomes.push(solver.solve(a, b));
            }
            let search = watch.lap();
            let tot = &mut sets[set_index].1[k];
            tot.maps += 1;
            tot.queries += queries.len();
            tot.load += load;
            tot.prepare += prepare;
            tot.search += search;
            tot.bytes_per_node = solver.bytes_per_node();
            for (out, &(_, _, i)) in outcomes.iter().zip(&queries) {
                tot.expansions += u64::from(out.expansions);
                let s = &job.scenarios[i];
                if !job.is_loose() && (out.status != Step::Found || !s.length_matches(out.cost)) {
                    tot.mismatches += 1;
                }
            }
            bar.inc(job.scenarios.len() as u64);
        }
    }
    bar.finish_and_clear();
    let printed = if args.json {
        print_json(args, &sets)
    } else {
        print_table(args, &sets)
    };
    output::status(0, printed)
}

fn print_table(args: &BenchArgs, sets: &[(String, Vec<Totals>)]) -> Result<(), StdoutError> {
    let cpu = sets
        .iter()
        .flat_map(|(_, t)| t)
        .all(|t| t.search.cpu.is_some());
    outln!(
        "onepath bench: warm-up {} queries per map and algorithm, every {}{}{}, {}; \
         load, prep, ns/exp and vs 1st on {}; mismatches exclude loose sets",
        args.warmup,
        args.sampling.every,
        crate::scenarios::from_line(args.sampling),
        args.sampling
            .limit
            .map_or(String::new(), |l| format!(", at most {l} per file")),
        crate::terrain::describe(&args.terrain),
        if cpu {
            "thread CPU time"
        } else {
            "wall time (no per-thread CPU clock on this platform)"
        },
    )?;
    outln!(
        "{:<12} {:<9} {:>5} {:>8} {:>9} {:>9} {:>10} {:>10} {:>10} {:>8} {:>7} {:>6} {:>8}",
        "set",
        "alg",
        "maps",
        "queries",
        "load ms",
        "prep ms",
        "cpu µs/q",
        "wall µs/q",
        "mean exp",
        "ns/exp",
        "vs 1st",
        "B/node",
        "mismatch"
    )?;
    for (name, per_alg) in sets {
        let base = per_alg[0].ratio_us();
        for (alg, t) in args.algs.iter().zip(per_alg) {
            outln!(
                "{:<12} {:<9} {:>5} {:>8} {:>9.1} {:>9.1} {:>10} {:>10.2} {:>10.0} {:>8.1} {:>7.3} {:>6} {:>8}",
                name,
                alg.name(),
                t.maps,
                t.queries,
                cpu_ms(t.load),
                cpu_ms(t.prepare),
                t.cpu_us().map_or("n/a".to_owned(), |us| format!("{us:.2}")),
                t.wall_us(),
                t.mean_expansions(),
                t.ns_per_expansion(),
                if base > 0.0 { t.ratio_us() / base } else { 0.0 },
                t.bytes_per_node,
                t.mismatches
            )?;
        }
    }
    Ok(())
}

fn print_json(args: &BenchArgs, sets: &[(String, Vec<Totals>)]) -> Result<(), StdoutError> {
    let rows: Vec<_> = sets
        .iter()
        .flat_map(|(name, per_alg)| {
            let base = per_alg[0].ratio_us();
            args.algs.iter().zip(per_alg).map(move |(alg, t)| {
                json!({
                    "set": name,
                    "alg": alg.name(),
                    "maps": t.maps,
                    "queries": t.queries,
                    "load_cpu_ms": t.load.cpu.map(ms),
                    "load_wall_ms": ms(t.load.wall),
                    "prepare_cpu_ms": t.prepare.cpu.map(ms),
                    "prepare_wall_ms": ms(t.prepare.wall),
                    "search_cpu_ms": t.search.cpu.map(ms),
                    "search_wall_ms": ms(t.search.wall),
                    "cpu_us_per_query": t.cpu_us(),
                    "wall_us_per_query": t.wall_us(),
                    "expansions": t.expansions,
                    "mean_expansions": t.mean_expansions(),
                    "ns_per_expansion": t.ns_per_expansion(),
                    "ratio_to_first": if base > 0.0 { t.ratio_us() / base } else { 0.0 },
                    "bytes_per_node": t.bytes_per_node,
                    "mismatches": t.mismatches,
                })
            })
        })
        .collect();
    outln!(
        "{}",
        json!({
            "command": "bench",
            "clock": "thread CPU time (CLOCK_THREAD_CPUTIME_ID) and wall time; *_cpu_* is null without a per-thread CPU clock",
            "warmup": args.warmup,
            "every": args.sampling.every,
            "offset": args.sampling.offset,
            "limit": args.sampling.limit,
            "terrain": crate::terrain::to_json(&args.terrain),
            "rows": rows,
        })
    )
}
