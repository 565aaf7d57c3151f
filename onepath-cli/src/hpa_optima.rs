//! `onepath optima --alg hpa [--chunk N] [--smooth 0|1]`: HPA* on Moving AI scenarios against
//! the published optima (spec: grids.md, Verification, "HPA*").
//!
//! HPA* is not optimal, so a line is not a mismatch when it is longer. Each returned path is
//! checked move by move here, independently of the engine (adjacent cells, walkable, a
//! diagonal only with both beside cells walkable, the Moving AI convention) and priced
//! again (`length × ((m[a] + m[b]) / 2)`, added in path order). Per set the table reports the
//! lines checked, the mean and maximum percentage by which the re-priced cost exceeds the
//! published optimum, the invalid paths (an illegal move, a wrong end, or a reported cost that
//! differs from the re-priced one by more than 1e-9 relative), the missing paths (no path
//! where the benchmark has one), and any path shorter than the optimum beyond the file's
//! tolerance (which would be a bug). Exit status: 0 when no path is invalid, missing or too
//! short, 1 otherwise, 2 on an input error or nothing checked.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use onepath::math::SQRT2;
use onepath::search::Step;
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch};
use onepath_std::movingai::files::read_map;

use crate::optima::OptimaArgs;
use crate::output::{self, StdoutError, errln, outln};
use crate::scenarios::{LineKind, MapJob, classify, endpoints, plan};

/// The HPA* options of a run.
#[derive(Clone, Copy, Debug)]
pub struct HpaArgs {
    /// Chunk side.
    pub chunk: u32,
    /// Smoothing on.
    pub smooth: bool,
}

#[derive(Clone, Debug, Default)]
struct Tally {
    checked: usize,
    sum_pct: f64,
    max_pct: f64,
    max_line: Option<(String, u64)>,
    invalid: usize,
    missing: usize,
    too_short: usize,
    first_problem: Option<String>,
    search_ns: u128,
    abstract_pops: u64,
}

impl Tally {
    fn add(&mut self, o: &Self) {
        self.checked += o.checked;
        self.sum_pct += o.sum_pct;
        if o.max_pct > self.max_pct || self.max_line.is_none() {
            self.max_pct = self.max_pct.max(o.max_pct);
            if o.max_pct >= self.max_pct {
                self.max_line.clone_from(&o.max_line);
            }
        }
        self.invalid += o.invalid;
        self.missing += o.missing;
        self.too_short += o.too_short;
        if self.first_problem.is_none() {
            self.first_problem.clone_from(&o.first_problem);
        }
        self.search_ns += o.search_ns;
        self.abstract_pops += o.abstract_pops;
    }
}

/// The re-priced cost of `path` from `start` to `goal` under eight moves without corner
/// cutting, or why it is not a legal path.
pub fn price(grid: &Grid, start: u32, goal: u32, path: &[Cell]) -> Result<f64, String> {
    let index = |c: Cell| grid.index_of(c);
    if path.first().and_then(|&c| index(c)) != Some(start)
        || path.last().and_then(|&c| index(c)) != Some(goal)
    {
        return Err("the path does not run from the start to the goal".into());
    }
    let areas = grid.areas();
    let m = |c: Cell| areas.get(grid.area(c).unwrap_or(255));
    let mut cost = 0.0;
    for (i, w) in path.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        if dx.abs() > 1 || dy.abs() > 1 || (dx == 0 && dy == 0) {
            return Err(format!("step {i} {a:?} -> {b:?} is not a move"));
        }
        if !grid.is_walkable(b) || !grid.is_walkable(a) {
            return Err(format!("step {i} {a:?} -> {b:?} enters a wall"));
        }
        let length = if dx != 0 && dy != 0 {
            let beside = [Cell::new(a.x + dx, a.y), Cell::new(a.x, a.y + dy)];
            if !beside.iter().all(|&c| grid.is_walkable(c)) {
                return Err(format!("step {i} {a:?} -> {b:?} cuts a corner"));
            }
            SQRT2
        } else {
            1.0
        };
        cost += length * ((m(a) + m(b)) * 0.5);
    }
    Ok(cost)
}

fn run_job(job: &MapJob, args: &OptimaArgs, hpa: HpaArgs) -> Result<Tally, String> {
    let map = read_map(&job.map_path, &args.terrain).map_err(|e| e.to_string())?;
    let grid = map
        .to_grid()
        .map_err(|e| format!("{}: {e}", job.map_path.display()))?;
    let options = GridOptions::DEFAULT
        .with_algorithm(GridAlgorithm::Hpa)
        .with_hpa_chunk_size(hpa.chunk)
        .with_hpa_smoothing(hpa.smooth);
    let mut search = GridSearch::new(options).map_err(|e| e.to_string())?;
    search.prepare(&grid);
    let mut t = Tally::default();
    let mut cells = Vec::new();
    for s in &job.scenarios {
        if classify(&map, s) != LineKind::Check {
            continue;
        }
        let (start, goal) = endpoints(&map, s);
        let started = Instant::now();
        let status = match search.try_begin(&grid, grid.cell_of(start), grid.cell_of(goal)) {
            Step::InProgress => search
                .run_cancellable(&grid, || false)
                .map_err(|e| e.to_string())?,
            refused => refused,
        };
        t.search_ns += started.elapsed().as_nanos();
        t.abstract_pops += u64::from(search.iterations());
        t.checked += 1;
        let here = || format!("{} line {}", job.scen_path.display(), s.line);
        if status != Step::Found {
            t.missing += 1;
            t.first_problem
                .get_or_insert_with(|| format!("{}: no path ({status:?})", here()));
            continue;
        }
        cells.resize(search.path_len(), Cell::default());
        let n = search.copy_path(&mut cells).unwrap_or(0);
        let priced = match price(&grid, start, goal, &cells[..n]) {
            Ok(c) => c,
            Err(why) => {
                t.invalid += 1;
                t.first_problem
                    .get_or_insert_with(|| format!("{}: {why}", here()));
                continue;
            }
        };
        let reported = search.cost();
        if (priced - reported).abs() > 1e-9 * priced.max(1.0) {
            t.invalid += 1;
            t.first_problem.get_or_insert_with(|| {
                format!("{}: cost {reported} but the moves sum to {priced}", here())
            });
            continue;
        }
        if priced < s.optimal_length - s.length_tolerance() {
            t.too_short += 1;
            t.first_problem.get_or_insert_with(|| {
                format!(
                    "{}: {priced} is below the optimum {}",
                    here(),
                    s.optimal_length
                )
            });
        }
        if s.optimal_length > 0.0 {
            let pct = ((priced / s.optimal_length) - 1.0).max(0.0) * 100.0;
            t.sum_pct += pct;
            if pct > t.max_pct || t.max_line.is_none() {
                t.max_pct = t.max_pct.max(pct);
                t.max_line = Some((job.scen_path.display().to_string(), s.line));
            }
        }
    }
    Ok(t)
}

/// Runs the command; returns the process exit code.
pub fn run(args: &OptimaArgs, hpa: HpaArgs) -> i32 {
    let plan = match plan(&args.paths, args.sampling) {
        Ok(plan) => plan,
        Err(e) => return output::input_error("optima", args.json, &e.to_string()),
    };
    if let Some(why) = plan.nothing_found() {
        return output::input_error("optima", args.json, &why);
    }
    let jobs = plan.jobs;
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let threads = args.threads.clamp(1, jobs.len().max(1));
    let results: Vec<(usize, Result<Tally, String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else { break };
                        out.push((i, run_job(job, args, hpa)));
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut sets: Vec<(String, Tally)> = Vec::new();
    let mut total = Tally::default();
    let mut errors = Vec::new();
    let mut ordered = results;
    ordered.sort_by_key(|r| r.0);
    for (i, r) in ordered {
        let job = &jobs[i];
        let t = match r {
            Ok(t) => t,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        match sets.iter_mut().find(|s| s.0 == job.set) {
            Some(s) => s.1.add(&t),
            None => sets.push((job.set.clone(), t.clone())),
        }
        total.add(&t);
    }
    let bad = total.invalid + total.missing + total.too_short;
    let code = if !errors.is_empty() || total.checked == 0 {
        2
    } else {
        i32::from(bad > 0)
    };
    let mean = |t: &Tally| {
        if t.checked == 0 {
            0.0
        } else {
            t.sum_pct / t.checked as f64
        }
    };
    let us = |t: &Tally| {
        if t.checked == 0 {
            0.0
        } else {
            t.search_ns as f64 / 1000.0 / t.checked as f64
        }
    };
    let printed = if args.json {
        let row = |name: &str, t: &Tally| {
            serde_json::json!({
                "set": name,
                "checked": t.checked,
                "mean_pct_over": mean(t),
                "max_pct_over": t.max_pct,
                "invalid": t.invalid,
                "missing": t.missing,
                "below_optimum": t.too_short,
                "us_per_query": us(t),
                "abstract_pops": t.abstract_pops,
            })
        };
        let v = serde_json::json!({
            "command": "optima",
            "alg": "hpa",
            "chunk": hpa.chunk,
            "smoothing": hpa.smooth,
            "sets": sets.iter().map(|(n, t)| row(n, t)).collect::<Vec<_>>(),
            "total": row("total", &total),
            "wall_seconds": started.elapsed().as_secs_f64(),
            "status": code,
        });
        outln!("{v}")
    } else {
        print_table(hpa, &sets, &total, mean, us)
    };
    for e in &errors {
        errln!("error: {e}");
    }
    if total.checked == 0 && errors.is_empty() {
        errln!("error: no scenario line was checked");
    }
    output::status(code, printed)
}

fn print_table(
    hpa: HpaArgs,
    sets: &[(String, Tally)],
    total: &Tally,
    mean: impl Fn(&Tally) -> f64,
    us: impl Fn(&Tally) -> f64,
) -> Result<(), StdoutError> {
    outln!(
        "HPA* chunk {}, smoothing {}",
        hpa.chunk,
        if hpa.smooth { "on" } else { "off" }
    )?;
    outln!(
        "{:<12} {:>8} {:>9} {:>9} {:>8} {:>8} {:>6} {:>9}",
        "set",
        "checked",
        "mean %",
        "max %",
        "invalid",
        "missing",
        "short",
        "us/query"
    )?;
    let all = ("total".to_string(), total.clone());
    for (name, t) in sets.iter().chain(core::iter::once(&all)) {
        outln!(
            "{:<12} {:>8} {:>9.3} {:>9.2} {:>8} {:>8} {:>6} {:>9.1}",
            name,
            t.checked,
            mean(t),
            t.max_pct,
            t.invalid,
            t.missing,
            t.too_short,
            us(t)
        )?;
    }
    if let Some(p) = &total.first_problem {
        outln!("first problem: {p}")?;
    }
    if let Some((f, l)) = &total.max_line {
        outln!("largest excess: {f} line {l}")?;
    }
    Ok(())
}
