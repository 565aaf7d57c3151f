//! One-off tier-1 queries against a reused handle (issue 14 §2): what `Grid::find_path` (the
//! one-liner, which takes a search handle kept inside the grid and gives it back) costs next
//! to a `GridSearch` the caller keeps, on open grids and on one real map.
//!
//! Per row (grid, path, algorithm), on a fresh grid:
//! - **first call**: the first `grid.find_path` on it (sizes the kept handle's buffers, builds
//!   JPS+ tables); more fresh grids are made for more samples;
//! - **prepare**: `GridSearch::prepare` of the caller's handle;
//! - **reused to_path**: `try_begin` + `step(u32::MAX)` + `to_path` (allocates the result, as
//!   `find_path` does);
//! - **reused copy_path**: the same with `copy_path` into a buffer kept between calls
//!   (allocates nothing);
//! - **one-off**: `grid.find_path(a, b, &options)`, second and later calls;
//! - **after release**: the call right after `grid.release_query_memory()`.
//!
//! The three steady-state forms are timed in batches of calls (each batch about `--batch-ms`),
//! interleaved within every repetition with a rotating start, so a slow spell of a shared
//! machine hits all three alike; the table shows the median per-call thread CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`) over the repetitions. The O(cells) calls (first call, prepare,
//! after release) are timed one call at a time in the first `--release-reps` repetitions,
//! median shown. Every form's path is checked against the first call's (the run exits 1 if one
//! differs). No figure is asserted.
//!
//! ```text
//! CARGO_TARGET_DIR=/tmp/t-bench cargo run --release --bin one_off -- [--reps N]
//!     [--release-reps N] [--batch-ms MS] [--sizes 256,1024,4096 | --sizes none] [--algorithms astar,jps,jps+]
//!     [--map set/name | --map none]
//! ```

use std::hint::black_box;
use std::time::Duration;

use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridPath, GridSearch, PathStatus, Step};
use onepath_bench::clock::thread_cpu;
use onepath_bench::load_map;

const USAGE: &str = "usage: one_off [--reps N] [--release-reps N] [--batch-ms MS] \
     [--sizes 256,1024,4096 | --sizes none] [--algorithms astar,jps,jps+] [--map set/name | --map none]";

struct Options {
    reps: usize,
    release_reps: usize,
    batch_ms: f64,
    sizes: Vec<u32>,
    algorithms: Vec<GridAlgorithm>,
    /// A real map for a long-path row (its longest scenario line); `None` skips it.
    map: Option<String>,
}

fn parse_algorithm(s: &str) -> Result<GridAlgorithm, String> {
    match s {
        "astar" => Ok(GridAlgorithm::AStar),
        "jps" => Ok(GridAlgorithm::Jps),
        "jps+" | "jpsplus" => Ok(GridAlgorithm::JpsPlus),
        _ => Err(format!("unknown algorithm `{s}` (astar, jps, jps+)")),
    }
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        reps: 9,
        release_reps: 3,
        batch_ms: 4.0,
        sizes: vec![256, 1024, 4096],
        algorithms: vec![
            GridAlgorithm::AStar,
            GridAlgorithm::Jps,
            GridAlgorithm::JpsPlus,
        ],
        map: Some("dao/brc202d".to_owned()),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        let positive = |name: &str, v: String| -> Result<usize, String> {
            v.parse()
                .ok()
                .filter(|&n: &usize| n > 0)
                .ok_or(format!("{name} needs a positive integer, got `{v}`"))
        };
        match a.as_str() {
            "--reps" => o.reps = positive("--reps", value("--reps")?)?,
            "--release-reps" => {
                o.release_reps = positive("--release-reps", value("--release-reps")?)?;
            }
            "--batch-ms" => {
                let v = value("--batch-ms")?;
                o.batch_ms = v
                    .parse()
                    .ok()
                    .filter(|&x: &f64| x > 0.0 && x.is_finite())
                    .ok_or(format!("--batch-ms needs a positive number, got `{v}`"))?;
            }
            "--sizes" => {
                let v = value("--sizes")?;
                o.sizes = (v != "none")
                    .then_some(v.as_str())
                    .into_iter()
                    .flat_map(|v| v.split(','))
                    .map(|s| {
                        s.parse()
                            .ok()
                            .filter(|&n: &u32| (16..=8192).contains(&n))
                            .ok_or(format!("grid size `{s}` is not an integer in 16..=8192"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            "--algorithms" => {
                o.algorithms = value("--algorithms")?
                    .split(',')
                    .map(parse_algorithm)
                    .collect::<Result<_, _>>()?;
            }
            "--map" => {
                let m = value("--map")?;
                o.map = (m != "none").then_some(m);
            }
            "--help" | "-h" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    Ok(o)
}

/// One measured row.
struct Row {
    grid: String,
    path: String,
    algorithm: GridAlgorithm,
    cells: usize,
    expansions: u32,
    reused_to_path_us: f64,
    reused_copy_us: f64,
    one_off_us: f64,
    /// Smallest and largest one-off / reused-to_path ratio of a single repetition.
    ratio_range: (f64, f64),
    first_ms: f64,
    prepare_ms: f64,
    after_release_ms: f64,
    batch: usize,
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        f64::midpoint(v[n / 2 - 1], v[n / 2])
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Thread CPU time of `f`.
fn timed<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    let t = thread_cpu();
    let r = f();
    (r, thread_cpu().saturating_sub(t))
}

/// The reused handle, first form: the result allocated as `find_path` allocates it.
fn reused_to_path(s: &mut GridSearch, grid: &Grid, a: Cell, b: Cell) -> Result<GridPath, String> {
    if s.try_begin(grid, a, b) != Step::InProgress {
        return Err(format!("try_begin refused {a:?} -> {b:?}"));
    }
    let _ = s.step(grid, u32::MAX).map_err(|e| e.to_string())?;
    s.to_path(grid).map_err(|e| e.to_string())
}

/// The reused handle, second form: the path copied into a buffer kept between calls.
fn reused_copy(s: &mut GridSearch, grid: &Grid, a: Cell, b: Cell, out: &mut [Cell]) -> usize {
    if s.try_begin(grid, a, b) != Step::InProgress {
        return 0;
    }
    if s.step(grid, u32::MAX) != Ok(Step::Found) {
        return 0;
    }
    s.copy_path(out).unwrap_or(0)
}

/// One query on one fresh grid: `make_grid` is called once.
fn measure(
    make_grid: &dyn Fn() -> Result<Grid, String>,
    (a, b): (Cell, Cell),
    options: &GridOptions,
    opts: &Options,
) -> Result<Row, String> {
    let grid = make_grid()?;
    let one_off = |grid: &Grid| grid.find_path(a, b, options).map_err(|e| e.to_string());
    let (first, first_time) = timed(|| one_off(&grid));
    let first = first?;
    if first.status != PathStatus::Found {
        return Err(format!("{a:?} -> {b:?}: {:?}", first.status));
    }
    let mut search = GridSearch::new(*options).map_err(|e| e.to_string())?;
    let ((), prepare_time) = timed(|| search.prepare(&grid));
    // Every form must give the first call's path.
    if reused_to_path(&mut search, &grid, a, b)? != first || one_off(&grid)? != first {
        return Err(format!(
            "{a:?} -> {b:?}: a reused form differs from the first call"
        ));
    }
    let mut buf = vec![Cell::default(); first.cells.len()];
    let n = reused_copy(&mut search, &grid, a, b, &mut buf);
    if buf[..n] != first.cells[..] {
        return Err(format!(
            "{a:?} -> {b:?}: copy_path differs from the first call"
        ));
    }
    // Warm-up, then the batch size from the slowest form's time per call.
    let mut per_call = Duration::ZERO;
    for _ in 0..3 {
        let (r, t1) = timed(|| one_off(&grid));
        black_box(r?);
        let (r, t2) = timed(|| reused_to_path(&mut search, &grid, a, b));
        black_box(r?);
        per_call = t1.max(t2);
    }
    let batch = ((opts.batch_ms * 1e-3 / per_call.as_secs_f64().max(1e-9)).ceil() as usize)
        .clamp(1, 1_000_000);
    let mut samples: [Vec<f64>; 3] = Default::default();
    let mut release = Vec::new();
    let mut first_samples = vec![ms(first_time)];
    let mut prepare_samples = vec![ms(prepare_time)];
    let mut failed = None;
    for rep in 0..opts.reps {
        for i in 0..3 {
            let form = (rep + i) % 3;
            let ((), t) = timed(|| {
                for _ in 0..batch {
                    match form {
                        0 => match reused_to_path(&mut search, &grid, a, b) {
                            Ok(p) => drop(black_box(p)),
                            Err(e) => failed = Some(e),
                        },
                        1 => {
                            black_box(reused_copy(&mut search, &grid, a, b, &mut buf));
                        }
                        _ => match one_off(&grid) {
                            Ok(p) => drop(black_box(p)),
                            Err(e) => failed = Some(e),
                        },
                    }
                }
            });
            samples[form].push(t.as_secs_f64() * 1e6 / batch as f64);
        }
        if rep < opts.release_reps {
            grid.release_query_memory();
            let (r, t) = timed(|| one_off(&grid));
            black_box(r?);
            release.push(ms(t));
        }
        if rep + 1 < opts.release_reps {
            // More cold samples: a first call on another fresh grid, and another caller's
            // handle prepared (it replaces the one in use; the old one is dropped untimed).
            let fresh = make_grid()?;
            let (r, t) = timed(|| one_off(&fresh));
            black_box(r?);
            first_samples.push(ms(t));
            drop(fresh);
            let mut other = GridSearch::new(*options).map_err(|e| e.to_string())?;
            let ((), t) = timed(|| other.prepare(&grid));
            prepare_samples.push(ms(t));
            search = other;
        }
    }
    if let Some(e) = failed {
        return Err(e);
    }
    let ratios: Vec<f64> = samples[2]
        .iter()
        .zip(&samples[0])
        .map(|(o, r)| o / r)
        .collect();
    let lo = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = ratios.iter().copied().fold(0.0, f64::max);
    let [mut to_path, mut copy, mut one] = samples;
    Ok(Row {
        grid: String::new(),
        path: String::new(),
        algorithm: options.algorithm,
        cells: first.cells.len(),
        expansions: first.expansions,
        reused_to_path_us: median(&mut to_path),
        reused_copy_us: median(&mut copy),
        one_off_us: median(&mut one),
        ratio_range: (lo, hi),
        first_ms: median(&mut first_samples),
        prepare_ms: median(&mut prepare_samples),
        after_release_ms: median(&mut release),
        batch,
    })
}

fn algorithm_name(a: GridAlgorithm) -> &'static str {
    match a {
        GridAlgorithm::AStar => "A*",
        GridAlgorithm::Jps => "JPS",
        GridAlgorithm::JpsPlus => "JPS+",
        _ => "other",
    }
}

/// Formats a duration in µs with about three significant digits.
fn us(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

fn print_header() {
    println!(
        "| grid | path | alg | cells | exp | reused to_path µs | reused copy_path µs | \
         one-off µs (2nd+) | one-off / to_path | range | one-off / copy_path | first call ms | \
         prepare ms | after release ms | batch |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|");
}

fn print_row(r: &Row) {
    println!(
        "| {} | {} | {} | {} | {} | {} | {} | {} | {:.2} | {:.2}–{:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {} |",
        r.grid,
        r.path,
        algorithm_name(r.algorithm),
        r.cells,
        r.expansions,
        us(r.reused_to_path_us),
        us(r.reused_copy_us),
        us(r.one_off_us),
        r.one_off_us / r.reused_to_path_us,
        r.ratio_range.0,
        r.ratio_range.1,
        r.one_off_us / r.reused_copy_us,
        r.first_ms,
        r.prepare_ms,
        r.after_release_ms,
        r.batch,
    );
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "n/a".to_owned(),
        |s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    )
}

/// A real map's long query.
struct RealCase {
    grid: Grid,
    label: String,
    ends: (Cell, Cell),
}

/// The real map's row: its longest valid scenario line, or `None` without the data.
fn real_map_case(name: &str) -> Result<Option<RealCase>, String> {
    let Some(dir) = onepath_std::data::movingai_dir() else {
        eprintln!("skipped {name}: Moving AI data not found (or set ONEPATH_DATA)");
        return Ok(None);
    };
    let (set, file) = name
        .split_once('/')
        .ok_or(format!("map `{name}` is not set/name"))?;
    let map = load_map(&dir.join(set), file, 1)?;
    let q = map
        .queries
        .iter()
        .max_by(|x, y| {
            x.scenario
                .optimal_length
                .total_cmp(&y.scenario.optimal_length)
        })
        .ok_or(format!("{name}: no valid scenario line"))?;
    let s = &q.scenario;
    let cell = |x: u32, y: u32| Cell::new(x as i32, y as i32);
    let label = format!(
        "longest line ({:.0})",
        s.optimal_length // the published length, for the reader
    );
    let ends = (cell(s.start_x, s.start_y), cell(s.goal_x, s.goal_y));
    Ok(Some(RealCase {
        grid: map.grid,
        label,
        ends,
    }))
}

fn run(opts: &Options) -> Result<(), String> {
    println!(
        "one-off queries: median of {} interleaved repetitions (batches of ~{} ms); first call, \
         prepare and after release: median of {}; thread CPU time; load average {}",
        opts.reps,
        opts.batch_ms,
        opts.release_reps.min(opts.reps),
        load_average()
    );
    print_header();
    for &n in &opts.sizes {
        let make = || Grid::new(n, n).map_err(|e| format!("open {n}x{n} grid: {e}"));
        let (c, m) = ((n / 2) as i32, (n - 1) as i32);
        let paths = [
            (
                "short (4 steps)",
                (Cell::new(c, c), Cell::new(c + 4, c + 2)),
            ),
            ("corner to corner", (Cell::new(0, 0), Cell::new(m, m))),
        ];
        for &alg in &opts.algorithms {
            let options = GridOptions::DEFAULT.with_algorithm(alg);
            for (label, ends) in paths {
                let mut row = measure(&make, ends, &options, opts)?;
                row.grid = format!("open {n}²");
                label.clone_into(&mut row.path);
                print_row(&row);
            }
        }
    }
    if let Some(name) = &opts.map
        && let Some(RealCase { grid, label, ends }) = real_map_case(name)?
    {
        for &alg in &opts.algorithms {
            let options = GridOptions::DEFAULT.with_algorithm(alg);
            // A clone starts with no kept handles: a fresh grid for the first call.
            let mut row = measure(&|| Ok(grid.clone()), ends, &options, opts)?;
            row.grid.clone_from(name);
            row.path.clone_from(&label);
            print_row(&row);
        }
    }
    println!(
        "reused to_path: try_begin + step(u32::MAX) + to_path on a GridSearch kept by the caller \
         (allocates the result, as find_path does); copy_path: into a kept buffer (allocates \
         nothing). one-off: grid.find_path, 2nd and later calls. range: smallest–largest \
         one-off / to_path of one repetition. first call: the first find_path on a fresh grid; \
         prepare: GridSearch::prepare of the caller's handle; after release: the find_path right \
         after release_query_memory(). Load average at the end: {}",
        load_average()
    );
    Ok(())
}

fn main() {
    let opts = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = run(&opts) {
        eprintln!("FAIL: {e}");
        std::process::exit(1);
    }
}
