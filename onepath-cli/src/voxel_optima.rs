//! `onepath optima` on Moving AI voxel sets (`.3dmap` / `.3dscen`, the Warframe benchmark of
//! Brewer & Sturtevant 2018): every sampled scenario is searched 26-connected without corner
//! cutting by the paged voxel search and its cost compared with the published length at an
//! absolute tolerance of 1e-6 (the files print eight decimals).
//!
//! A line whose start or goal is outside the block or solid is counted as invalid and not
//! searched. The run passes when it checked at least one line and found no mismatch (exit 0;
//! 1 on a mismatch; 2 on an input error or nothing checked).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use onepath::search::Step;
use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule};
use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
use onepath_std::voxel_files::{VoxelMap, VoxelScenarios};
use serde_json::json;

use crate::output::{self, errln, outln};

/// The absolute tolerance against the published lengths.
pub const TOLERANCE: f64 = 1e-6;

/// Options of a voxel `optima` run.
pub struct VoxelOptimaArgs {
    /// `.3dscen` / `.3dmap` files or folders.
    pub paths: Vec<PathBuf>,
    /// Which lines of each file (every K-th from line J, at most N).
    pub sampling: crate::scenarios::Sampling,
    /// Worker threads (each takes whole maps).
    pub threads: usize,
    /// JSON output.
    pub json: bool,
    /// Mismatches to list per map.
    pub show: usize,
}

fn is_voxel_file(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "3dscen" || e == "3dmap")
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out)?;
        } else if p.extension().is_some_and(|e| e == "3dscen") {
            out.push(p);
        }
    }
    Ok(())
}

/// Whether the paths ask for a voxel run: a `.3dscen` or `.3dmap` file, or a folder holding
/// `.3dscen` files (at any depth).
pub fn applies(paths: &[PathBuf]) -> bool {
    paths.iter().any(|p| {
        if p.is_dir() {
            let mut found = Vec::new();
            collect(p, &mut found).is_ok() && !found.is_empty()
        } else {
            is_voxel_file(p)
        }
    })
}

/// The scenario files the paths name (a `.3dmap` stands for its `.3dmap.3dscen`).
fn scenario_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            collect(p, &mut out).map_err(|e| format!("{}: {e}", p.display()))?;
        } else if p.extension().is_some_and(|e| e == "3dmap") {
            let mut s = p.clone().into_os_string();
            s.push(".3dscen");
            out.push(PathBuf::from(s));
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// One map's results.
#[derive(Clone, Debug, Default)]
struct MapReport {
    name: String,
    checked: usize,
    invalid: usize,
    mismatches: Vec<String>,
    mismatch_count: usize,
    max_diff: f64,
    expansions: u64,
    peak_pages: usize,
    load: Duration,
    search: Duration,
}

fn run_file(scen_path: &Path, args: &VoxelOptimaArgs) -> Result<MapReport, String> {
    let started = Instant::now();
    let text = std::fs::read(scen_path).map_err(|e| format!("{}: {e}", scen_path.display()))?;
    let scen = VoxelScenarios::parse(&text).map_err(|e| format!("{}: {e}", scen_path.display()))?;
    let dir = scen_path.parent().unwrap_or(Path::new("."));
    let named = dir.join(&scen.map);
    let map_path = if named.is_file() {
        named
    } else {
        scen_path.with_extension("")
    };
    let bytes = std::fs::read(&map_path).map_err(|e| format!("{}: {e}", map_path.display()))?;
    let map = VoxelMap::parse(&bytes).map_err(|e| format!("{}: {e}", map_path.display()))?;
    let grid = map.to_grid();
    let mut report = MapReport {
        name: map_path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        load: started.elapsed(),
        ..MapReport::default()
    };
    let searched = Instant::now();
    let mut search = PagedVoxelSearch::new(
        VoxelConnectivity::TwentySix,
        VoxelCornerRule::NoCornerCutting,
    );
    let lines = args.sampling.pick(scen.scenarios.iter());
    for s in lines {
        let cell = |(x, y, z): (u32, u32, u32)| {
            VoxelCell::new(
                i32::try_from(x).unwrap_or(-1),
                i32::try_from(y).unwrap_or(-1),
                i32::try_from(z).unwrap_or(-1),
            )
        };
        let (a, b) = (cell(s.start), cell(s.goal));
        if search.try_begin(&grid, a, b, &NoVoxelHooks) != Step::InProgress {
            report.invalid += 1;
            continue;
        }
        let state = search.run(&grid, &NoVoxelHooks);
        report.checked += 1;
        report.expansions += u64::from(search.expansions());
        report.peak_pages = report.peak_pages.max(search.pages_in_use());
        let cost = search.cost();
        let diff = if state == Step::Found {
            (cost - s.length).abs()
        } else {
            f64::INFINITY
        };
        if diff.is_finite() {
            report.max_diff = report.max_diff.max(diff);
        }
        // `diff` is +∞ for a line with no path found (never NaN).
        if diff > TOLERANCE {
            report.mismatch_count += 1;
            if report.mismatches.len() < args.show {
                report.mismatches.push(format!(
                    "line {}: {:?} -> {:?}: published {:.8}, found {cost:.8} ({state:?})",
                    s.line, s.start, s.goal, s.length
                ));
            }
        }
        search.trim_pool();
    }
    report.search = searched.elapsed();
    Ok(report)
}

/// Runs the command; returns the exit code.
pub fn run(args: &VoxelOptimaArgs) -> i32 {
    let files = match scenario_files(&args.paths) {
        Ok(f) if !f.is_empty() => f,
        Ok(_) => return output::input_error("optima", args.json, "no .3dscen files found"),
        Err(e) => return output::input_error("optima", args.json, &e),
    };
    let started = Instant::now();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<(usize, Result<MapReport, String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..args.threads.max(1).min(files.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(f) = files.get(i) else { break };
                        mine.push((i, run_file(f, args)));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    let mut results = results;
    results.sort_by_key(|r| r.0);
    let mut reports = Vec::new();
    for (_, r) in results {
        match r {
            Ok(r) => reports.push(r),
            Err(e) => return output::input_error("optima", args.json, &e),
        }
    }
    let wall = started.elapsed();
    let checked: usize = reports.iter().map(|r| r.checked).sum();
    let mismatches: usize = reports.iter().map(|r| r.mismatch_count).sum();
    let code = match (checked, mismatches) {
        (0, _) => 2,
        (_, 0) => 0,
        _ => 1,
    };
    let printed = if args.json {
        let maps: Vec<_> = reports
            .iter()
            .map(|r| {
                json!({
                    "map": r.name, "checked": r.checked, "invalid": r.invalid,
                    "mismatches": r.mismatch_count, "max_abs_diff": r.max_diff,
                    "expansions": r.expansions, "peak_pages": r.peak_pages,
                    "load_ms": r.load.as_secs_f64() * 1e3, "search_s": r.search.as_secs_f64(),
                    "shown": r.mismatches,
                })
            })
            .collect();
        outln!(
            "{}",
            json!({ "command": "optima", "kind": "voxel", "tolerance": TOLERANCE,
                    "every": args.sampling.every, "offset": args.sampling.offset,
                    "checked": checked, "mismatches": mismatches,
                    "wall_s": wall.as_secs_f64(), "maps": maps })
        )
    } else {
        print_text(&reports, checked, mismatches, wall, args.sampling)
    };
    if checked == 0 {
        errln!("error: no scenario line was checked");
    }
    output::status(code, printed)
}

fn print_text(
    reports: &[MapReport],
    checked: usize,
    mismatches: usize,
    wall: Duration,
    sampling: crate::scenarios::Sampling,
) -> Result<(), output::StdoutError> {
    outln!(
        "voxel optima: 26-connected, no corner cutting, absolute tolerance {TOLERANCE:e}; {}",
        crate::scenarios::describe(sampling)
    )?;
    outln!(
        "{:<16} {:>8} {:>8} {:>10} {:>12} {:>14} {:>10} {:>9} {:>9}",
        "map",
        "checked",
        "invalid",
        "mismatch",
        "max |diff|",
        "expansions",
        "peak pages",
        "load ms",
        "search s"
    )?;
    for r in reports {
        outln!(
            "{:<16} {:>8} {:>8} {:>10} {:>12.3e} {:>14} {:>10} {:>9.1} {:>9.1}",
            r.name,
            r.checked,
            r.invalid,
            r.mismatch_count,
            r.max_diff,
            r.expansions,
            r.peak_pages,
            r.load.as_secs_f64() * 1e3,
            r.search.as_secs_f64()
        )?;
        for m in &r.mismatches {
            outln!("  {m}")?;
        }
    }
    outln!(
        "total: {checked} checked, {mismatches} mismatches, {:.1} s wall",
        wall.as_secs_f64()
    )
}
