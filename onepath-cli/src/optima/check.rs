//! One map's sampled lines: classify, search, compare with the published length.

use std::time::Instant;

use onepath::search::Step;
use onepath_std::movingai::files::read_map;
use onepath_std::movingai::{MovingAiOptions, Scenario};

use super::any_angle::{self, AnyAngleStats};
use crate::scenarios::{LineKind, MapJob, classify, endpoints};
use crate::solver::Alg;

/// A line whose computed length differs from the published one.
#[derive(Clone, Debug)]
pub(super) struct Mismatch {
    pub(super) file: String,
    pub(super) line: u64,
    pub(super) start: (u32, u32),
    pub(super) goal: (u32, u32),
    pub(super) expected: f64,
    pub(super) tolerance: f64,
    pub(super) got: f64,
    pub(super) status: Step,
    pub(super) loose: bool,
    /// Why a found path is not legal (`--alg navmesh` / `polyanya`: the exact radius-0 test),
    /// if it is not.
    pub(super) illegal: Option<String>,
}

/// What one map job produced.
#[derive(Clone, Debug, Default)]
pub(super) struct JobReport {
    pub(super) lines: usize,
    pub(super) checked: usize,
    pub(super) blocked: usize,
    pub(super) unreachable: usize,
    pub(super) size_mismatch: usize,
    pub(super) mismatches: Vec<Mismatch>,
    pub(super) search_ns: u128,
    pub(super) expansions: u64,
    pub(super) max_rel_error: f64,
    pub(super) error: Option<String>,
    /// Any-angle algorithms only: ratios, re-verification and visibility-graph windows.
    pub(super) any_angle: AnyAngleStats,
}

pub(super) fn run_job(
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
    let mut found = 0usize;
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
                if alg.is_navmesh() {
                    // Never longer than the 8-connected optimum (relative 1e-9 beyond the
                    // file's rounding), every path legal in the radius-0 region.
                    let ok = out.status == Step::Found
                        && out.cost <= crate::navmesh_solver::length_bound(s);
                    let illegal = if out.status == Step::Found {
                        navmesh_line(&grid, solver.as_ref(), out.cost, s, &mut report)
                    } else {
                        None
                    };
                    if !ok || illegal.is_some() {
                        let mut m = mismatch(job, s, out.status, out.cost);
                        m.illegal = illegal;
                        report.mismatches.push(m);
                    }
                } else if alg.is_any_angle() {
                    // Never longer than the 8-connected optimum (within its tolerance).
                    let ok = out.status == Step::Found
                        && out.cost <= s.optimal_length + s.length_tolerance();
                    if out.status == Step::Found {
                        any_angle::line(
                            &grid,
                            solver.as_ref(),
                            out.cost,
                            s.optimal_length,
                            found,
                            &mut report.any_angle,
                        );
                        found += 1;
                    }
                    if !ok {
                        report
                            .mismatches
                            .push(mismatch(job, s, out.status, out.cost));
                    }
                } else if out.status != Step::Found || !s.length_matches(out.cost) {
                    report
                        .mismatches
                        .push(mismatch(job, s, out.status, out.cost));
                }
            }
        }
    }
    bar.inc(pending);
    if alg.is_any_angle() && !alg.is_navmesh() {
        drop(solver);
        any_angle::windows(&grid, alg, &mut report.any_angle);
    }
    report
}

/// Records one found navmesh line (`navmesh` or `polyanya`): its ratio to the published optimum, and its waypoints
/// checked with the exact radius-0 legality test (`navmesh_legal`, written from the contract
/// apart from the engine) as a re-verified path; why it is illegal, if it is.
fn navmesh_line(
    grid: &onepath::Grid,
    solver: &dyn crate::solver::MapSolver,
    cost: f64,
    s: &Scenario,
    report: &mut JobReport,
) -> Option<String> {
    if s.optimal_length > 0.0 {
        report.any_angle.add_ratio(cost / s.optimal_length);
    }
    let points = solver.nav_waypoints().unwrap_or_default();
    let centre = |x: u32, y: u32| {
        onepath::navmesh::NavPoint::cell_center(onepath::Cell::new(x as i32, y as i32))
    };
    let ends = (centre(s.start_x, s.start_y), centre(s.goal_x, s.goal_y));
    let legal = crate::navmesh_legal::check(&points, grid.width(), grid.height(), |x, y| {
        grid.is_walkable(onepath::Cell::new(x as i32, y as i32))
    });
    report.any_angle.verified += 1;
    // The path runs from the start's centre to the goal's (one waypoint when they are equal).
    let why = match legal {
        Err(e) => Some(e.to_string()),
        Ok(()) if points.first() != Some(&ends.0) || points.last() != Some(&ends.1) => Some(
            format!("its waypoints do not run from the start's centre to the goal's: {points:?}"),
        ),
        Ok(()) => None,
    };
    report.any_angle.verify_failed += usize::from(why.is_some());
    why
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
        illegal: None,
    }
}
