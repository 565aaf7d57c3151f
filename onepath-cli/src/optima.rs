//! `onepath optima`: run every sampled scenario and compare with the published optimum.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use onepath::search::Step;
use onepath_std::movingai::files::read_map;
use onepath_std::movingai::{MovingAiOptions, Scenario};
use serde_json::{Value, json};

use crate::progress;
use crate::scenarios::{LineKind, MapJob, Sampling, classify, endpoints, plan};
use crate::solver::Alg;

/// Options of `onepath optima`.
pub struct OptimaArgs {
    /// Files or folders.
    pub paths: Vec<PathBuf>,
    /// Algorithm.
    pub alg: Alg,
    /// Sampling of each file.
    pub sampling: Sampling,
    /// Whether `S` and `W` are walkable.
    pub terrain: MovingAiOptions,
    /// Worker threads.
    pub threads: usize,
    /// Machine-readable output.
    pub json: bool,
    /// No progress bar.
    pub quiet: bool,
    /// Mismatch lines to print per set.
    pub show: usize,
}

/// A line whose computed length differs from the published one.
#[derive(Clone, Debug)]
struct Mismatch {
    file: String,
    line: u64,
    start: (u32, u32),
    goal: (u32, u32),
    expected: f64,
    tolerance: f64,
    got: f64,
    status: Step,
    loose: bool,
}

/// What one map job produced.
#[derive(Clone, Debug, Default)]
struct JobReport {
    lines: usize,
    checked: usize,
    blocked: usize,
    unreachable: usize,
    size_mismatch: usize,
    mismatches: Vec<Mismatch>,
    search_ns: u128,
    expansions: u64,
    max_rel_error: f64,
    error: Option<String>,
}

fn run_job(
    job: &MapJob,
    alg: Alg,
    terrain: &MovingAiOptions,
    bar: &indicatif::ProgressBar,
) -> JobReport {
    let mut report = JobReport {
        lines: job.scenarios.len(),
        ..JobReport::default()
    };
    let map = match read_map(&job.map_path, terrain) {
        Ok(map) => map,
        Err(e) => {
            report.error = Some(e.to_string());
            bar.inc(job.scenarios.len() as u64);
            return report;
        }
    };
    let grid = match map.to_grid() {
        Ok(grid) => grid,
        Err(e) => {
            report.error = Some(format!("{}: {e}", job.map_path.display()));
            bar.inc(job.scenarios.len() as u64);
            return report;
        }
    };
    let mut solver = match alg.prepare(&grid) {
        Ok(s) => s,
        Err(e) => {
            report.error = Some(format!("{}: {e}", job.map_path.display()));
            bar.inc(job.scenarios.len() as u64);
            return report;
        }
    };
    let mut pending = 0;
    for s in &job.scenarios {
        pending += 1;
        if pending == 64 {
            bar.inc(pending);
            pending = 0;
        }
        match classify(&map, s) {
            LineKind::BlockedEndpoint => report.blocked += 1,
            LineKind::UnreachableMarker => report.unreachable += 1,
            LineKind::SizeMismatch => report.size_mismatch += 1,
            LineKind::Check => {
                let (start, goal) = endpoints(&map, s);
                let t = Instant::now();
                let out = solver.solve(start, goal);
                report.search_ns += t.elapsed().as_nanos();
                report.checked += 1;
                report.expansions += u64::from(out.expansions);
                if out.status == Step::Found && s.optimal_length > 0.0 {
                    let rel = (out.cost - s.optimal_length).abs() / s.optimal_length;
                    report.max_rel_error = report.max_rel_error.max(rel);
                }
                if out.status != Step::Found || !s.length_matches(out.cost) {
                    report
                        .mismatches
                        .push(mismatch(job, s, out.status, out.cost));
                }
            }
        }
    }
    bar.inc(pending);
    report
}

fn mismatch(job: &MapJob, s: &Scenario, status: Step, got: f64) -> Mismatch {
    Mismatch {
        file: job.scen_path.display().to_string(),
        line: s.line,
        start: (s.start_x, s.start_y),
        goal: (s.goal_x, s.goal_y),
        expected: s.optimal_length,
        tolerance: s.length_tolerance(),
        got,
        status,
        loose: job.is_loose(),
    }
}

/// Per-set totals.
#[derive(Clone, Debug, Default)]
struct SetSummary {
    set: String,
    files: usize,
    lines_in_files: usize,
    report: JobReport,
}

impl SetSummary {
    fn add(&mut self, job: &MapJob, r: JobReport) {
        self.files += 1;
        self.lines_in_files += job.lines_in_file;
        let t = &mut self.report;
        t.lines += r.lines;
        t.checked += r.checked;
        t.blocked += r.blocked;
        t.unreachable += r.unreachable;
        t.size_mismatch += r.size_mismatch;
        t.search_ns += r.search_ns;
        t.expansions += r.expansions;
        t.max_rel_error = t.max_rel_error.max(r.max_rel_error);
        t.mismatches.extend(r.mismatches);
        if let Some(e) = r.error {
            t.error.get_or_insert(e);
        }
    }

    fn strict_mismatches(&self) -> usize {
        self.report.mismatches.iter().filter(|m| !m.loose).count()
    }

    fn loose_mismatches(&self) -> usize {
        self.report.mismatches.iter().filter(|m| m.loose).count()
    }

    fn mean_us(&self) -> f64 {
        if self.report.checked == 0 {
            0.0
        } else {
            self.report.search_ns as f64 / 1000.0 / self.report.checked as f64
        }
    }

    fn mean_expansions(&self) -> f64 {
        if self.report.checked == 0 {
            0.0
        } else {
            self.report.expansions as f64 / self.report.checked as f64
        }
    }
}

/// Runs the command; returns the process exit code (0 pass, 1 mismatch, 2 error).
pub fn run(args: &OptimaArgs) -> i32 {
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
    let started = Instant::now();
    let reports = run_jobs(&jobs, args, total);
    let wall = started.elapsed();

    let mut sets: Vec<SetSummary> = Vec::new();
    let mut all = SetSummary {
        set: "total".into(),
        ..SetSummary::default()
    };
    for (job, report) in jobs.iter().zip(reports) {
        let i = if let Some(i) = sets.iter().position(|s| s.set == job.set) {
            i
        } else {
            sets.push(SetSummary {
                set: job.set.clone(),
                ..SetSummary::default()
            });
            sets.len() - 1
        };
        all.add(job, report.clone());
        sets[i].add(job, report);
    }
    let errors: Vec<&String> = sets
        .iter()
        .filter_map(|s| s.report.error.as_ref())
        .collect();
    let strict = all.strict_mismatches();
    let code = if errors.is_empty() {
        i32::from(strict > 0)
    } else {
        2
    };
    if args.json {
        println!("{}", to_json(args, &sets, &all, wall.as_secs_f64(), code));
    } else {
        print_text(args, &sets, &all, wall.as_secs_f64());
        for e in &errors {
            eprintln!("error: {e}");
        }
    }
    code
}

fn run_jobs(jobs: &[MapJob], args: &OptimaArgs, total: usize) -> Vec<JobReport> {
    let bar = progress::bar(total as u64, args.alg.name(), args.quiet);
    let next = AtomicUsize::new(0);
    let threads = args.threads.clamp(1, jobs.len());
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, bar) = (&next, &bar);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let report = run_job(job, args.alg, &args.terrain, bar);
                    if tx.send((i, report)).is_err() {
                        break;
                    }
                }
            });
        }
    });
    drop(tx);
    bar.finish_and_clear();
    let mut reports = vec![JobReport::default(); jobs.len()];
    for (i, r) in rx {
        reports[i] = r;
    }
    reports
}

fn print_text(args: &OptimaArgs, sets: &[SetSummary], all: &SetSummary, wall: f64) {
    let s = args.sampling;
    println!(
        "onepath optima --alg {}: {} scenario files, {} of {} lines (every {}{}), {}, {} thread{}, {:.1} s",
        args.alg.name(),
        all.files,
        all.report.lines,
        all.lines_in_files,
        s.every,
        s.limit
            .map_or(String::new(), |l| format!(", at most {l} per file")),
        crate::terrain::describe(&args.terrain),
        args.threads,
        if args.threads == 1 { "" } else { "s" },
        wall
    );
    println!(
        "{:<12} {:>5} {:>8} {:>8} {:>10} {:>6} {:>8} {:>6} {:>5} {:>9} {:>9} {:>9}",
        "set",
        "files",
        "lines",
        "checked",
        "mismatch",
        "loose",
        "blocked",
        "len0",
        "size",
        "mean µs",
        "mean exp",
        "max rel"
    );
    for set in sets.iter().chain(core::iter::once(all)) {
        let r = &set.report;
        let loose_set = crate::scenarios::LOOSE_SETS.contains(&set.set.as_str());
        let (strict, loose) = (set.strict_mismatches(), set.loose_mismatches());
        println!(
            "{:<12} {:>5} {:>8} {:>8} {:>10} {:>6} {:>8} {:>6} {:>5} {:>9.2} {:>9.0} {:>9.1e}",
            set.set,
            set.files,
            r.lines,
            r.checked,
            if loose_set {
                "-".to_owned()
            } else {
                strict.to_string()
            },
            if loose_set || loose > 0 {
                loose.to_string()
            } else {
                "-".to_owned()
            },
            r.blocked,
            r.unreachable,
            r.size_mismatch,
            set.mean_us(),
            set.mean_expansions(),
            r.max_rel_error
        );
    }
    for set in sets {
        let shown: Vec<&Mismatch> = set.report.mismatches.iter().take(args.show).collect();
        if shown.is_empty() {
            continue;
        }
        println!(
            "{} mismatches in {} (first {}):",
            set.report.mismatches.len(),
            set.set,
            shown.len()
        );
        for m in shown {
            println!(
                "  {}:{} ({},{})->({},{}) published {} ±{:.0e}, got {}{}",
                m.file,
                m.line,
                m.start.0,
                m.start.1,
                m.goal.0,
                m.goal.1,
                m.expected,
                m.tolerance,
                describe(m.status, m.got),
                if m.loose { " [loose check]" } else { "" }
            );
        }
    }
    let strict = all.strict_mismatches();
    let loose = all.loose_mismatches();
    let invalid = all.report.blocked + all.report.unreachable + all.report.size_mismatch;
    println!(
        "{}: {strict} mismatches in {} checked lines; {loose} loose-check mismatches ({}); \
         {invalid} invalid lines not searched ({} blocked endpoint, {} length 0 with start != goal, {} size mismatch)",
        if strict == 0 { "PASS" } else { "FAIL" },
        all.report.checked,
        crate::scenarios::LOOSE_SETS.join(", "),
        all.report.blocked,
        all.report.unreachable,
        all.report.size_mismatch,
    );
}

fn describe(status: Step, got: f64) -> String {
    match status {
        Step::Found => format!("{got:.8}"),
        other => format!("{other:?}"),
    }
}

fn to_json(
    args: &OptimaArgs,
    sets: &[SetSummary],
    all: &SetSummary,
    wall: f64,
    code: i32,
) -> Value {
    let set_json = |s: &SetSummary| {
        let r = &s.report;
        json!({
            "set": s.set,
            "files": s.files,
            "lines_in_files": s.lines_in_files,
            "lines": r.lines,
            "checked": r.checked,
            "mismatches": s.strict_mismatches(),
            "loose_mismatches": s.loose_mismatches(),
            "loose_check": crate::scenarios::LOOSE_SETS.contains(&s.set.as_str()),
            "invalid": {
                "blocked_endpoint": r.blocked,
                "unreachable_marker": r.unreachable,
                "size_mismatch": r.size_mismatch,
            },
            "search_seconds": r.search_ns as f64 / 1e9,
            "mean_us_per_query": s.mean_us(),
            "expansions": r.expansions,
            "mean_expansions": s.mean_expansions(),
            "max_relative_error": r.max_rel_error,
            "error": r.error,
        })
    };
    let mismatches: Vec<Value> = all
        .report
        .mismatches
        .iter()
        .map(|m| {
            json!({
                "file": m.file,
                "line": m.line,
                "start": [m.start.0, m.start.1],
                "goal": [m.goal.0, m.goal.1],
                "published": m.expected,
                "tolerance": m.tolerance,
                "status": format!("{:?}", m.status),
                "cost": if m.status == Step::Found { json!(m.got) } else { Value::Null },
                "loose": m.loose,
            })
        })
        .collect();
    json!({
        "command": "optima",
        "alg": args.alg.name(),
        "every": args.sampling.every,
        "limit": args.sampling.limit,
        "terrain": crate::terrain::to_json(&args.terrain),
        "threads": args.threads,
        "wall_seconds": wall,
        "pass": code == 0,
        "sets": sets.iter().map(set_json).collect::<Vec<_>>(),
        "total": set_json(all),
        "mismatch_list": mismatches,
    })
}
