//! `onepath optima`: run every sampled scenario and compare with the published optimum.
//!
//! `check` runs one map's lines; `report` sums them per set and prints the table or JSON.
//! A run passes only when it checked at least one line and found no strict mismatch.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use onepath_std::movingai::MovingAiOptions;

use crate::output::{self, errln, outln};
use crate::progress;
use crate::scenarios::{MapJob, Sampling, plan};
use crate::solver::Alg;

mod any_angle;
mod check;
mod report;

use check::{JobReport, run_job};
use report::{SetSummary, print_text, to_json};

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

/// Runs the command; returns the process exit code (0 pass, 1 mismatch, 2 an input error or
/// nothing checked).
pub fn run(args: &OptimaArgs) -> i32 {
    let plan = match plan(&args.paths, args.sampling) {
        Ok(plan) => plan,
        Err(e) => return output::input_error("optima", args.json, &e.to_string()),
    };
    if let Some(why) = plan.nothing_found() {
        return output::input_error("optima", args.json, &why);
    }
    for f in &plan.empty_files {
        errln!(
            "warning: {}: no scenario lines (only the version header), nothing checked in it",
            f.display()
        );
    }
    let jobs = plan.jobs;
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
    let mut errors: Vec<String> = sets.iter().filter_map(|s| s.report.error.clone()).collect();
    if errors.is_empty() && all.report.checked == 0 {
        errors.push(nothing_checked(&all));
    }
    let code = if errors.is_empty() {
        i32::from(all.strict_mismatches() > 0 || all.report.any_angle.failures() > 0)
    } else {
        2
    };
    let printed = if args.json {
        outln!(
            "{}",
            to_json(
                args,
                &sets,
                &all,
                &plan.empty_files,
                errors.first(),
                wall.as_secs_f64(),
                code
            )
        )
    } else {
        print_text(args, &sets, &all, wall.as_secs_f64(), code)
    };
    for e in &errors {
        errln!("error: {e}");
    }
    output::status(code, printed)
}

/// The message for a run that searched no line, naming what was taken and why none counted.
fn nothing_checked(all: &SetSummary) -> String {
    let r = &all.report;
    format!(
        "no scenario line was checked, so nothing was verified: {} lines taken ({} in the \
         files; --every and --limit choose), of which {} have a blocked endpoint, {} length 0 \
         with start != goal and {} a size mismatch",
        r.lines, all.lines_in_files, r.blocked, r.unreachable, r.size_mismatch
    )
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
