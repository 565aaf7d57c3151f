//! `onepath bench`: time queries per algorithm on the same scenario lines, map loading and
//! preprocessing timed apart from search, warm-up first. Single-threaded.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use onepath::search::Step;
use onepath_std::movingai::MovingAiOptions;
use onepath_std::movingai::files::read_map;
use serde_json::json;

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
    /// Untimed queries per map and algorithm before the timed pass.
    pub warmup: usize,
    /// Machine-readable output.
    pub json: bool,
    /// No progress bar.
    pub quiet: bool,
}

#[derive(Clone, Debug, Default)]
struct Totals {
    maps: usize,
    queries: usize,
    load: Duration,
    prepare: Duration,
    search: Duration,
    expansions: u64,
    mismatches: usize,
    bytes_per_node: usize,
}

impl Totals {
    fn mean_us(&self) -> f64 {
        per(self.search.as_secs_f64() * 1e6, self.queries)
    }
}

fn per(x: f64, n: usize) -> f64 {
    if n == 0 { 0.0 } else { x / n as f64 }
}

/// Runs the command; returns the exit code (0, or 2 on an input error).
pub fn run(args: &BenchArgs) -> i32 {
    let jobs = match plan(&args.paths, args.sampling) {
        Ok(jobs) => jobs,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    if jobs.is_empty() {
        eprintln!("error: no scenario files (*.scen) found under the given paths");
        return 2;
    }
    let total: usize = jobs.iter().map(|j| j.scenarios.len()).sum();
    let bar = progress::bar((total * args.algs.len()) as u64, "bench", args.quiet);
    // sets[i] = (name, per-alg totals)
    let mut sets: Vec<(String, Vec<Totals>)> = Vec::new();
    for job in &jobs {
        let t = Instant::now();
        let loaded = read_map(&job.map_path, &MovingAiOptions::DEFAULT)
            .map_err(|e| e.to_string())
            .and_then(|map| {
                map.to_grid()
                    .map(|g| (map, g))
                    .map_err(|e| format!("{}: {e}", job.map_path.display()))
            });
        let load = t.elapsed();
        let (map, grid) = match loaded {
            Ok(x) => x,
            Err(e) => {
                bar.finish_and_clear();
                eprintln!("error: {e}");
                return 2;
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
            let t = Instant::now();
            let mut solver = match alg.prepare(&grid) {
                Ok(s) => s,
                Err(e) => {
                    bar.finish_and_clear();
                    eprintln!("error: {}: {e}", job.map_path.display());
                    return 2;
                }
            };
            let prepare = t.elapsed();
            for &(a, b, _) in queries.iter().take(args.warmup) {
                std::hint::black_box(solver.solve(a, b));
            }
            let mut outcomes = Vec::with_capacity(queries.len());
            let t = Instant::now();
            for &(a, b, _) in &queries {
                outcomes.push(solver.solve(a, b));
            }
            let search = t.elapsed();
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
    if args.json {
        print_json(args, &sets);
    } else {
        print_table(args, &sets);
    }
    0
}

fn print_table(args: &BenchArgs, sets: &[(String, Vec<Totals>)]) {
    println!(
        "onepath bench: warm-up {} queries per map, every {}{}; mismatches exclude loose sets",
        args.warmup,
        args.sampling.every,
        args.sampling
            .limit
            .map_or(String::new(), |l| format!(", at most {l} per file"))
    );
    println!(
        "{:<12} {:<9} {:>5} {:>8} {:>9} {:>9} {:>11} {:>10} {:>8} {:>7} {:>5} {:>8}",
        "set",
        "alg",
        "maps",
        "queries",
        "load ms",
        "prep ms",
        "µs/query",
        "mean exp",
        "ns/exp",
        "vs 1st",
        "B/node",
        "mismatch"
    );
    for (name, per_alg) in sets {
        let base = per_alg[0].mean_us();
        for (alg, t) in args.algs.iter().zip(per_alg) {
            println!(
                "{:<12} {:<9} {:>5} {:>8} {:>9.1} {:>9.1} {:>11.2} {:>10.0} {:>8.1} {:>7.2} {:>5} {:>8}",
                name,
                alg.name(),
                t.maps,
                t.queries,
                t.load.as_secs_f64() * 1e3,
                t.prepare.as_secs_f64() * 1e3,
                t.mean_us(),
                per(t.expansions as f64, t.queries),
                per(t.search.as_secs_f64() * 1e9, t.expansions as usize),
                if base > 0.0 { t.mean_us() / base } else { 0.0 },
                t.bytes_per_node,
                t.mismatches
            );
        }
    }
}

fn print_json(args: &BenchArgs, sets: &[(String, Vec<Totals>)]) {
    let rows: Vec<_> = sets
        .iter()
        .flat_map(|(name, per_alg)| {
            let base = per_alg[0].mean_us();
            args.algs.iter().zip(per_alg).map(move |(alg, t)| {
                json!({
                    "set": name,
                    "alg": alg.name(),
                    "maps": t.maps,
                    "queries": t.queries,
                    "load_ms": t.load.as_secs_f64() * 1e3,
                    "prepare_ms": t.prepare.as_secs_f64() * 1e3,
                    "mean_us_per_query": t.mean_us(),
                    "mean_expansions": per(t.expansions as f64, t.queries),
                    "ratio_to_first": if base > 0.0 { t.mean_us() / base } else { 0.0 },
                    "bytes_per_node": t.bytes_per_node,
                    "mismatches": t.mismatches,
                })
            })
        })
        .collect();
    println!(
        "{}",
        json!({
            "command": "bench",
            "warmup": args.warmup,
            "every": args.sampling.every,
            "limit": args.sampling.limit,
            "rows": rows,
        })
    );
}
