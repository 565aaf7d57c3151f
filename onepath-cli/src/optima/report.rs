//! Per-set totals and the printed report (table or JSON), with the verdict word in step with
//! the exit code.

use std::path::PathBuf;

use onepath::search::Step;
use serde_json::{Value, json};

use super::OptimaArgs;
use super::check::{JobReport, Mismatch};
use crate::output::{StdoutError, outln};
use crate::scenarios::MapJob;

/// Per-set totals.
#[derive(Clone, Debug, Default)]
pub(super) struct SetSummary {
    pub(super) set: String,
    pub(super) files: usize,
    pub(super) lines_in_files: usize,
    pub(super) report: JobReport,
}

impl SetSummary {
    pub(super) fn add(&mut self, job: &MapJob, r: JobReport) {
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
        t.any_angle.merge(&r.any_angle);
        if let Some(e) = r.error {
            t.error.get_or_insert(e);
        }
    }

    pub(super) fn strict_mismatches(&self) -> usize {
        self.report.mismatches.iter().filter(|m| !m.loose).count()
    }

    pub(super) fn loose_mismatches(&self) -> usize {
        self.report.mismatches.iter().filter(|m| m.loose).count()
    }

    pub(super) fn mean_us(&self) -> f64 {
        if self.report.checked == 0 {
            0.0
        } else {
            self.report.search_ns as f64 / 1000.0 / self.report.checked as f64
        }
    }

    pub(super) fn mean_expansions(&self) -> f64 {
        if self.report.checked == 0 {
            0.0
        } else {
            self.report.expansions as f64 / self.report.checked as f64
        }
    }
}

/// The word the last text line starts with, in step with the exit code.
fn verdict(code: i32, all: &SetSummary) -> &'static str {
    match code {
        0 => "PASS",
        1 => "FAIL",
        _ if all.report.checked == 0 => "NOTHING CHECKED",
        _ => "ERROR",
    }
}

pub(super) fn print_text(
    args: &OptimaArgs,
    sets: &[SetSummary],
    all: &SetSummary,
    wall: f64,
    code: i32,
) -> Result<(), StdoutError> {
    let s = args.sampling;
    outln!(
        "onepath optima --alg {}: {} scenario files, {} of {} lines (every {}{}{}), {}, {} thread{}, {:.1} s",
        args.alg.name(),
        all.files,
        all.report.lines,
        all.lines_in_files,
        s.every,
        crate::scenarios::from_line(s),
        s.limit
            .map_or(String::new(), |l| format!(", at most {l} per file")),
        crate::terrain::describe(&args.terrain),
        args.threads,
        if args.threads == 1 { "" } else { "s" },
        wall
    )?;
    outln!(
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
    )?;
    for set in sets.iter().chain(core::iter::once(all)) {
        let r = &set.report;
        let loose_set = crate::scenarios::LOOSE_SETS.contains(&set.set.as_str());
        let (strict, loose) = (set.strict_mismatches(), set.loose_mismatches());
        outln!(
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
        )?;
    }
    if args.alg.is_navmesh() {
        // `navmesh:` or `polyanya:` lines, the same columns.
        let tag = args.alg.name();
        outln!(
            "{tag}: {:<12} {:>9} {:>9} {:>9} {:>9} {:>8}",
            "set",
            "ratios",
            "mean/opt",
            "max/opt",
            "legal",
            "illegal"
        )?;
        for set in sets.iter().chain(core::iter::once(all)) {
            let a = &set.report.any_angle;
            outln!(
                "{tag}: {:<12} {:>9} {:>9.6} {:>9.6} {:>9} {:>8}",
                set.set,
                a.ratios,
                a.mean_ratio(),
                a.ratio_max,
                a.verified - a.verify_failed,
                a.verify_failed
            )?;
        }
        let a = &all.report.any_angle;
        outln!(
            "{tag}: every found path checked with the exact radius-0 legality test (walls' \
             closed squares not entered, no squeeze between diagonal walls): {} of {} illegal \
             (must be 0); mean length over the published 8-connected optimum {:.6} (any-angle \
             is shorter by design; a line longer than optimum × (1 + 1e-9) plus half a printed unit is a mismatch)",
            a.verify_failed,
            a.verified,
            a.mean_ratio()
        )?;
    } else if args.alg.is_any_angle() {
        outln!(
            "any-angle: {:<12} {:>9} {:>9} {:>9} {:>9} {:>8} {:>9} {:>9} {:>6} {:>9} {:>10} \
             {:>10} {:>7}",
            "set",
            "ratios",
            "mean/opt",
            "max/opt",
            "verified",
            "failed",
            "windows",
            "mean/vg",
            "max/vg",
            "cr-paths",
            "cr-samples",
            "cr-chords",
            "outside"
        )?;
        for set in sets.iter().chain(core::iter::once(all)) {
            let a = &set.report.any_angle;
            outln!(
                "any-angle: {:<12} {:>9} {:>9.6} {:>9.6} {:>9} {:>8} {:>9} {:>9.6} {:>6.4} {:>9} \
                 {:>10} {:>10} {:>7}",
                set.set,
                a.ratios,
                a.mean_ratio(),
                a.ratio_max,
                a.verified,
                a.verify_failed,
                a.windows,
                a.mean_vg(),
                a.vg_max,
                a.spline_paths,
                a.spline_samples,
                a.spline_chords,
                a.spline_outside
            )?;
        }
        let a = &all.report.any_angle;
        outln!(
            "any-angle: {} re-verified paths failed the exact test, {} window paths came out \
             below the visibility-graph optimum, {} Catmull-Rom samples or chords (of {} \
             samples and {} chords on {} paths, every found path) left walkable space (all must \
             be 0)",
            a.verify_failed,
            a.vg_below,
            a.spline_outside,
            a.spline_samples,
            a.spline_chords,
            a.spline_paths
        )?;
    }
    for set in sets {
        let shown: Vec<&Mismatch> = set.report.mismatches.iter().take(args.show).collect();
        if shown.is_empty() {
            continue;
        }
        outln!(
            "{} mismatches in {} (first {}):",
            set.report.mismatches.len(),
            set.set,
            shown.len()
        )?;
        for m in shown {
            outln!(
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
            )?;
            if let Some(why) = &m.illegal {
                outln!("    illegal path: {why}")?;
            }
        }
    }
    let strict = all.strict_mismatches();
    let loose = all.loose_mismatches();
    let invalid = all.report.blocked + all.report.unreachable + all.report.size_mismatch;
    outln!(
        "{}: {strict} mismatches in {} checked lines; {loose} loose-check mismatches ({}); \
         {invalid} invalid lines not searched ({} blocked endpoint, {} length 0 with start != goal, {} size mismatch)",
        verdict(code, all),
        all.report.checked,
        crate::scenarios::LOOSE_SETS.join(", "),
        all.report.blocked,
        all.report.unreachable,
        all.report.size_mismatch,
    )?;
    Ok(())
}

fn describe(status: Step, got: f64) -> String {
    match status {
        Step::Found => format!("{got:.8}"),
        other => format!("{other:?}"),
    }
}

pub(super) fn to_json(
    args: &OptimaArgs,
    sets: &[SetSummary],
    all: &SetSummary,
    empty_files: &[PathBuf],
    error: Option<&String>,
    wall: f64,
    code: i32,
) -> Value {
    let set_json = |s: &SetSummary| {
        let r = &s.report;
        let a = &r.any_angle;
        // Any-angle algorithms: length over the published optimum and the exact re-checks
        // (for navmesh and polyanya every found path, with the radius-0 legality test).
        let any_angle = args.alg.is_any_angle().then(|| {
            json!({
                "ratios": a.ratios,
                "mean_length_over_optimum": a.mean_ratio(),
                "max_length_over_optimum": a.ratio_max,
                "verified": a.verified,
                "verify_failed": a.verify_failed,
            })
        });
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
            "any_angle": any_angle,
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
                "illegal": m.illegal,
            })
        })
        .collect();
    json!({
        "command": "optima",
        "alg": args.alg.name(),
        "every": args.sampling.every,
        "offset": args.sampling.offset,
        "limit": args.sampling.limit,
        "terrain": crate::terrain::to_json(&args.terrain),
        "threads": args.threads,
        "wall_seconds": wall,
        "pass": code == 0,
        "error": error,
        "empty_files": empty_files.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        "sets": sets.iter().map(set_json).collect::<Vec<_>>(),
        "total": set_json(all),
        "mismatch_list": mismatches,
    })
}
