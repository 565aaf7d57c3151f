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
    /// Lines the algorithm got wrong: no path, or a length it must not give (see
    /// [`Verdict`]).
    mismatches: usize,
    /// Any-angle paths shorter than the published 8-connected optimum (expected).
    shorter: usize,
    /// HPA* paths longer than the published optimum (expected: it is not optimal).
    longer: usize,
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
            shorter: 0,
            longer: 0,
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

/// How one timed line's length compares with the published optimum, for `alg`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// The published length, within the file's tolerance.
    Matches,
    /// Shorter than published, from an any-angle search: its paths are not held to
    /// 8-connected moves, so shorter is what it should find, not an error.
    Shorter,
    /// Longer than published, from HPA*: it is not optimal, so longer is allowed.
    Longer,
    /// No path, or a length the algorithm must not give: a real failure.
    Mismatch,
}

fn verdict(alg: Alg, status: Step, cost: f64, s: &onepath_std::movingai::Scenario) -> Verdict {
    if status != Step::Found {
        return Verdict::Mismatch;
    }
    if s.length_matches(cost) {
        return Verdict::Matches;
    }
    let shorter = cost < s.optimal_length;
    match alg {
        _ if alg.is_any_angle() && shorter => Verdict::Shorter,
        Alg::Hpa if !shorter => Verdict::Longer,
        _ => Verdict::Mismatch,
    }
}

/// Runs the command; returns the exit code (0 no mismatch, 1 a mismatch in a set that is not
/// loose, 2 an input error).
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
                if job.is_loose() {
                    continue;
                }
                match verdict(alg, out.status, out.cost, &job.scenarios[i]) {
                    Verdict::Matches => {}
                    Verdict::Shorter => tot.shorter += 1,
                    Verdict::Longer => tot.longer += 1,
                    Verdict::Mismatch => tot.mismatches += 1,
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
    let mismatches: usize = sets.iter().flat_map(|(_, t)| t).map(|t| t.mismatches).sum();
    output::status(i32::from(mismatches > 0), printed)
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
    // Columns as wide as the longest set and algorithm names (`octile-astar` is 12).
    let sw = sets.iter().map(|(n, _)| n.len()).max().unwrap_or(0).max(12);
    let aw = args
        .algs
        .iter()
        .map(|a| a.name().len())
        .max()
        .unwrap_or(0)
        .max(9);
    outln!(
        "{:<sw$} {:<aw$} {:>5} {:>8} {:>9} {:>9} {:>10} {:>10} {:>10} {:>8} {:>7} {:>6} {:>8}",
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
                "{:<sw$} {:<aw$} {:>5} {:>8} {:>9.1} {:>9.1} {:>10} {:>10.2} {:>10.0} {:>8.1} {:>7.3} {:>6} {:>8}",
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
    // What differs from the published optima by design, said in words so it is not read
    // as a failure.
    for (name, per_alg) in sets {
        for (alg, t) in args.algs.iter().zip(per_alg) {
            if t.shorter > 0 {
                outln!(
                    "{name} {}: {} of {} paths shorter than the published 8-connected optimum: \
                     any-angle paths are not held to grid moves, so shorter is expected, not a \
                     mismatch",
                    alg.name(),
                    t.shorter,
                    t.queries
                )?;
            }
            if t.longer > 0 {
                outln!(
                    "{name} {}: {} of {} paths longer than the published optimum: HPA* is not \
                     optimal, so longer is expected, not a mismatch",
                    alg.name(),
                    t.longer,
                    t.queries
                )?;
            }
        }
    }
    let mismatches: usize = sets.iter().flat_map(|(_, t)| t).map(|t| t.mismatches).sum();
    if mismatches > 0 {
        outln!(
            "FAIL: {mismatches} mismatches (a path not found, or a length the algorithm must not \
             give: not the published one, longer for any-angle, shorter for HPA*)"
        )?;
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
                    "shorter_than_published": t.shorter,
                    "longer_than_published": t.longer,
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

#[cfg(test)]
mod tests {
    use onepath::search::Step;
    use onepath_std::movingai::Scenario;

    use super::{Verdict, verdict};
    use crate::solver::Alg;

    /// A line with published length 4.41421 (five decimals).
    fn line() -> Scenario {
        Scenario {
            line: 2,
            bucket: 1,
            map: "m.map".to_owned(),
            map_width: 5,
            map_height: 3,
            start_x: 0,
            start_y: 0,
            goal_x: 4,
            goal_y: 1,
            optimal_length: 4.41421,
            length_decimals: 5,
        }
    }

    #[test]
    fn only_real_failures_are_mismatches() {
        let s = line();
        let (same, short, long) = (4.414_213_56, 17f64.sqrt(), 5.0);
        for alg in [Alg::Astar, Alg::Jps, Alg::OctileAstar, Alg::Flow] {
            assert_eq!(verdict(alg, Step::Found, same, &s), Verdict::Matches);
            assert_eq!(verdict(alg, Step::Found, short, &s), Verdict::Mismatch);
            assert_eq!(verdict(alg, Step::Found, long, &s), Verdict::Mismatch);
        }
        for alg in [Alg::Theta, Alg::Lazytheta] {
            assert_eq!(verdict(alg, Step::Found, same, &s), Verdict::Matches);
            assert_eq!(verdict(alg, Step::Found, short, &s), Verdict::Shorter);
            assert_eq!(verdict(alg, Step::Found, long, &s), Verdict::Mismatch);
        }
        assert_eq!(verdict(Alg::Hpa, Step::Found, long, &s), Verdict::Longer);
        assert_eq!(verdict(Alg::Hpa, Step::Found, short, &s), Verdict::Mismatch);
        for alg in [Alg::Astar, Alg::Theta, Alg::Hpa] {
            assert_eq!(
                verdict(alg, Step::NoPath, f64::INFINITY, &s),
                Verdict::Mismatch
            );
        }
    }
}
