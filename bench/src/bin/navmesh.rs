//! Navmesh figures (issue 29), ours beside the `polyanya` crate (0.18) in one run, per map:
//!
//! - **bake**: `NavMesh::build_2d` of the whole map (radius 0, default tiles of 32², tiles
//!   included) against polyanya's rect mesh built from the same walkability through its public
//!   API (`Mesh::new` on the greedy rectangles, as the shared harness builds it), best of
//!   `--reps` each; polygon counts beside the rect mesh's and the merged triangulation's
//!   (`Triangulation` + `merge_polygons`, built once).
//! - **edit**: `--edits` seeded 3 × 3 wall stamps at random positions (each with a walkable cell
//!   inside), each followed by `refresh`, then the old cells written back and `refresh` again:
//!   the mean of those refreshes against the full bake (the ratio). Every 16th refresh and the
//!   last are checked byte-equal (content hash) to a fresh bake of the edited grid.
//! - **query**: every valid scenario line between cell centres: our corridor search + funnel
//!   with one reused `NavSearch` (`try_begin` + `run`), the tier-1 one-liner
//!   `NavMesh::find_path_points_with(.., NavAlgorithm::Corridor)` (allocates its `NavPath`),
//!   polyanya's `Mesh::path` on its rect mesh, and our exact search with one reused
//!   `PolyanyaSearch` (what the tier-1 default `find_path` runs). Polyanya's allocator calls
//!   are counted on a second pass over the lines (its node pool grows to the largest search
//!   seen, as its contract says). The crate also runs on the mesh of our own polygons
//!   (`mesh_of_rects` of our rectangles, tiles and all): the same search problem on identical
//!   polygons; its lengths must agree with its rect mesh's. A warm-up over 10 % of the lines (at least 10), an untimed pass counting
//!   allocator calls (a counting global allocator: ours must be 0 per query after warm-up) and
//!   checking lengths, then `--reps` timed passes interleaved (pass k of every contender, each
//!   pass starting one contender further on), best mean kept. Thread CPU time
//!   (`CLOCK_THREAD_CPUTIME_ID`), the clock read around each pass.
//! - **lengths**: ours must be found and never longer than the published 8-connected optimum
//!   × (1 + 1e-9) plus half a unit of the last printed digit (the files round; any-angle is
//!   shorter by design); the mean of ours / optimum and of
//!   polyanya's (optimal any-angle, in f32) / optimum, and of ours / polyanya's per line.
//!
//! ```text
//! CARGO_TARGET_DIR=/tmp/t-bench cargo run --release --bin navmesh -- [--reps R] [--edits N]
//!     [--limit N] [set/map ...]
//!     (default: the peers harness's maps; R = 3; N edits = 200; --limit N takes N evenly
//!      spaced valid lines per map, default all)
//! ```
//!
//! Exit status 1 when a path of ours is missing or too long, a refresh differs from a fresh
//! bake, or our query allocates after warm-up.

use std::hint::black_box;
use std::sync::atomic::Ordering;
use std::time::Duration;

use onepath::math::SplitMix64;
use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings, PolyanyaSearch};
use onepath::{Cell, Grid, NavAlgorithm, Step};
use onepath_bench::clock::thread_cpu;
use onepath_bench::counting::{CALLS, Counting};
use onepath_bench::polyanya_peer::{
    build_cdt_mesh, build_rect_mesh, centre, mesh_of_rects, path_length, polygon_count,
};
use onepath_bench::{BenchMap, args, load_map};
use onepath_std::movingai::Scenario;

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The maps of `../shared/peers` (its README, "Maps"), dao/arena2 and bg512/AR0011SR among them.
const DEFAULT_MAPS: [&str; 8] = [
    "dao/arena2",
    "bg512/AR0011SR",
    "da2/ht_chantry",
    "dao/brc202d",
    "sc1/AcrosstheCape",
    "maze/maze512-4-0",
    "random/random512-20-0",
    "room/32room_000",
];

struct Args {
    reps: usize,
    edits: usize,
    limit: Option<usize>,
    maps: Vec<String>,
}

fn usage() -> ! {
    eprintln!(
        "usage: navmesh [--reps R] [--edits N] [--limit N] [set/map ...] (each count at least 1)"
    );
    std::process::exit(2);
}

fn parse_args() -> Args {
    let mut a = Args {
        reps: 3,
        edits: 200,
        limit: None,
        maps: Vec::new(),
    };
    a.maps = args::parse(
        &["--reps", "--edits", "--limit"],
        &DEFAULT_MAPS,
        usage,
        |flag, n| match flag {
            "--reps" => a.reps = n,
            "--edits" => a.edits = n,
            _ => a.limit = Some(n),
        },
    );
    a
}

/// One map's figures.
#[derive(Default)]
struct Row {
    name: String,
    side: String,
    walkable: usize,
    // bake
    polys: u32,
    tiles: u32,
    bake: Duration,
    rect_polys: usize,
    rect_build: Duration,
    cdt_polys: usize,
    cdt_build: Duration,
    // edit
    refreshes: usize,
    refresh_mean: Duration,
    tiles_per_refresh: f64,
    // query
    queries: usize,
    ours_us: f64,
    one_liner_us: f64,
    poly_us: f64,
    ours_allocs: f64,
    poly_allocs: f64,
    ours_opt: f64,
    poly_opt: f64,
    ours_poly: f64,
    ours_poly_max: f64,
    poly_missing: usize,
    longer: usize,
    // our Polyanya
    exact_us: f64,
    exact_allocs: f64,
    exact_opt: f64,
    exact_poly: f64,
    exact_poly_max: f64,
    exact_longer: usize,
    /// The crate's Polyanya on the mesh of our polygons.
    same_us: f64,
    // failures
    failures: Vec<String>,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// Best of `reps` runs of `f` in thread CPU time, and the last result.
fn best_of<T>(reps: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..reps {
        let t = thread_cpu();
        let r = f();
        best = best.min(thread_cpu().saturating_sub(t));
        last = Some(r);
    }
    (best, last.expect("reps >= 1"))
}

fn bake(grid: &Grid) -> Result<NavMesh, String> {
    NavMesh::build_2d(grid, &NavSettings::DEFAULT).map_err(|e| format!("bake: {e}"))
}

/// The 3 × 3 edit figures of `row` on a copy of `grid` and `mesh`.
fn edits(grid: &Grid, mesh: &NavMesh, n: usize, row: &mut Row) -> Result<(), String> {
    let (w, h) = (grid.width(), grid.height());
    if w < 3 || h < 3 {
        return Ok(());
    }
    let mut g = grid.clone();
    let mut m = mesh.clone();
    let mut rng = SplitMix64::new(0x006e_6176_6d65_7368 ^ (u64::from(w) << 32 | u64::from(h)));
    let (mut total, mut count, mut tiles) = (Duration::ZERO, 0usize, 0u64);
    for k in 0..n {
        // A position whose 3 x 3 holds a walkable cell (else the stamp records no edit).
        let (mut x, mut y) = (0, 0);
        for _ in 0..1000 {
            (x, y) = (rng.below(w - 2), rng.below(h - 2));
            let open =
                (0..9).any(|i| g.is_walkable(Cell::new((x + i % 3) as i32, (y + i / 3) as i32)));
            if open {
                break;
            }
        }
        let old: Vec<u8> = (0..9)
            .map(|i| g.cells()[((y + i / 3) * w + x + i % 3) as usize])
            .collect();
        for stamp in [None, Some(&old)] {
            match stamp {
                None => g.set_rect(x as i32, y as i32, 3, 3, 255),
                Some(cells) => g.set_rect_from(x as i32, y as i32, 3, 3, cells),
            }
            .map_err(|e| format!("edit at ({x}, {y}): {e}"))?;
            let t = thread_cpu();
            let r = m.refresh(&g);
            total += thread_cpu().saturating_sub(t);
            count += 1;
            tiles += u64::from(r.map_err(|e| format!("refresh at ({x}, {y}): {e}"))?);
            if (count % 16 == 0 || k + 1 == n) && m.content_hash() != bake(&g)?.content_hash() {
                row.failures.push(format!(
                    "refresh after the 3x3 edit at ({x}, {y}) differs from a fresh bake"
                ));
            }
        }
    }
    if m.content_hash() != mesh.content_hash() {
        row.failures
            .push("the mesh after every edit was undone differs from the first bake".into());
    }
    row.refreshes = count;
    row.refresh_mean = total / count.max(1) as u32;
    row.tiles_per_refresh = tiles as f64 / count.max(1) as f64;
    Ok(())
}

/// The three query contenders.
const OURS: usize = 0;
const ONE_LINER: usize = 1;
const POLYANYA: usize = 2;
const EXACT: usize = 3;
const SAME_MESH: usize = 4;

/// Whether a found length is above the published optimum of its scenario line, which is
/// rounded to the digits the file prints: more than `optimum × (1 + 1e-9)` plus half a unit
/// of the last printed digit.
fn above_optimum(len: f64, line: &Scenario) -> bool {
    len > line.optimal_length * (1.0 + 1e-9) + line.printed_unit() / 2.0
}

/// One contender's found lengths over the scenario lines, as running sums: against the
/// published optimum (lines with an optimum above 0) and against Polyanya's length (lines it
/// found with a length above 0), with the largest of the latter ratios, and Polyanya's own
/// length against the optimum over those lines.
#[derive(Default)]
struct Ratios {
    opt: f64,
    n_opt: u32,
    poly: f64,
    n_poly: u32,
    poly_max: f64,
    peer_opt: f64,
}

impl Ratios {
    /// Adds a found length `len` of a line with published optimum `opt`, where Polyanya
    /// answered `theirs`.
    fn add(&mut self, len: f64, opt: f64, theirs: Option<f32>) {
        if opt > 0.0 {
            self.opt += len / opt;
            self.n_opt += 1;
        }
        if let Some(p) = theirs.filter(|&p| p > 0.0) {
            let r = len / f64::from(p);
            self.poly += r;
            self.n_poly += 1;
            self.poly_max = self.poly_max.max(r);
            if opt > 0.0 {
                self.peer_opt += f64::from(p) / opt;
            }
        }
    }

    /// The mean length / optimum (0 over no line).
    fn opt_mean(&self) -> f64 {
        self.opt / f64::from(self.n_opt.max(1))
    }

    /// The mean length / Polyanya's length (0 over no line).
    fn poly_mean(&self) -> f64 {
        self.poly / f64::from(self.n_poly.max(1))
    }
}

fn run_map(bench: &BenchMap, args: &Args) -> Result<Row, String> {
    let grid = &bench.grid;
    let (w, h) = (bench.width as usize, bench.height as usize);
    let mut row = Row {
        name: bench.name.clone(),
        side: format!("{}x{}", bench.width, bench.height),
        walkable: bench.walkable.iter().filter(|&&b| b).count(),
        ..Row::default()
    };
    // Bake, ours against the rect build; the merged triangulation once, for its polygons.
    let (t, mesh) = best_of(args.reps, || bake(grid));
    let mesh = mesh?;
    row.bake = t;
    row.polys = mesh.poly_count();
    row.tiles = mesh.tile_count();
    let (t, rect) = best_of(args.reps, || build_rect_mesh(w, h, &bench.walkable));
    row.rect_build = t;
    row.rect_polys = polygon_count(&rect);
    // The crate's mesh of our own polygons (tiles and all): its search on identical polygons.
    let same = {
        let mut owner = vec![u32::MAX; w * h];
        let rects: Vec<[usize; 4]> = (0..mesh.poly_count())
            .map(|id| {
                let r = mesh.polygon(id).expect("id below the count").rect();
                let r = r.map(|v| v as usize);
                for y in r[1]..r[3] {
                    owner[y * w + r[0]..y * w + r[2]].fill(id);
                }
                r
            })
            .collect();
        mesh_of_rects(w, h, &rects, &owner)
    };
    let (t, cdt) = best_of(1, || build_cdt_mesh(w, h, &bench.walkable));
    row.cdt_build = t;
    row.cdt_polys = polygon_count(&cdt);
    drop(cdt);
    edits(grid, &mesh, args.edits, &mut row)?;

    // Queries.
    let n = bench.queries.len();
    let take = args.limit.unwrap_or(n).min(n);
    let lines: Vec<_> = (0..take).map(|i| &bench.queries[i * n / take]).collect();
    row.queries = lines.len();
    if lines.is_empty() {
        return Ok(row);
    }
    let points: Vec<(NavPoint, NavPoint)> = lines
        .iter()
        .map(|q| {
            let s = &q.scenario;
            (
                NavPoint::cell_center(Cell::new(s.start_x as i32, s.start_y as i32)),
                NavPoint::cell_center(Cell::new(s.goal_x as i32, s.goal_y as i32)),
            )
        })
        .collect();
    let peer: Vec<_> = lines
        .iter()
        .map(|q| {
            let s = &q.scenario;
            (centre(s.start_x, s.start_y), centre(s.goal_x, s.goal_y))
        })
        .collect();
    let mut search = NavSearch::new();
    let mut ours = |i: usize| -> Option<f64> {
        let (a, b) = points[i];
        if search.try_begin(&mesh, a, b) != Step::InProgress {
            return None;
        }
        (search.run(&mesh) == Step::Found).then(|| search.length())?
    };
    let one_liner = |i: usize| -> f64 {
        let (a, b) = points[i];
        mesh.find_path_points_with(a, b, NavAlgorithm::Corridor)
            .length
    };
    let polyanya = |i: usize| path_length(&rect, peer[i].0, peer[i].1);
    let polyanya_same = |i: usize| path_length(&same, peer[i].0, peer[i].1);
    let mut exact_search = PolyanyaSearch::new();
    let mut exact = |i: usize| -> Option<f64> {
        let (a, b) = points[i];
        if exact_search.try_begin(&mesh, a, b) != Step::InProgress {
            return None;
        }
        (exact_search.run(&mesh) == Step::Found).then(|| exact_search.length())?
    };

    // Warm-up.
    for i in 0..(lines.len() / 10).max(10).min(lines.len()) {
        black_box(ours(i));
        black_box(one_liner(i));
        black_box(polyanya(i));
        black_box(exact(i));
        black_box(polyanya_same(i));
    }
    // Untimed pass: allocator calls and lengths.
    let mut got: Vec<Option<f64>> = Vec::with_capacity(lines.len());
    let before = CALLS.load(Ordering::Relaxed);
    for i in 0..lines.len() {
        got.push(ours(i));
    }
    let calls = CALLS.load(Ordering::Relaxed) - before;
    row.ours_allocs = calls as f64 / lines.len() as f64;
    if calls > 0 {
        row.failures.push(format!(
            "our reused NavSearch called the allocator {calls} times in {} queries after warm-up",
            lines.len()
        ));
    }
    // Polyanya's node pool grows to the largest search seen (its node count is not bounded by
    // the mesh): one untimed pass over every line first, then the counted pass.
    let mut exact_got: Vec<Option<f64>> = (0..lines.len()).map(&mut exact).collect();
    let before = CALLS.load(Ordering::Relaxed);
    for (i, got) in exact_got.iter_mut().enumerate() {
        *got = exact(i);
    }
    let calls = CALLS.load(Ordering::Relaxed) - before;
    row.exact_allocs = calls as f64 / lines.len() as f64;
    if calls > 0 {
        row.failures.push(format!(
            "our reused PolyanyaSearch called the allocator {calls} times in {} queries after warm-up",
            lines.len()
        ));
    }
    let mut theirs: Vec<Option<f32>> = Vec::with_capacity(lines.len());
    let before = CALLS.load(Ordering::Relaxed);
    for i in 0..lines.len() {
        theirs.push(polyanya(i));
    }
    let calls = CALLS.load(Ordering::Relaxed) - before;
    row.poly_allocs = calls as f64 / lines.len() as f64;
    let mut ours_len = Ratios::default();
    for (i, q) in lines.iter().enumerate() {
        let Some(len) = got[i] else {
            row.failures.push(format!(
                "no path for line {} ({},{})->({},{})",
                q.scenario.line,
                q.scenario.start_x,
                q.scenario.start_y,
                q.scenario.goal_x,
                q.scenario.goal_y
            ));
            continue;
        };
        if above_optimum(len, &q.scenario) {
            row.longer += 1;
            row.failures.push(format!(
                "line {}: length {len} above the published optimum {}",
                q.scenario.line, q.scenario.optimal_length
            ));
        }
        ours_len.add(len, q.scenario.optimal_length, theirs[i]);
        if theirs[i].is_none() {
            row.poly_missing += 1;
        }
    }
    let mut exact_len = Ratios::default();
    for (i, q) in lines.iter().enumerate() {
        let Some(len) = exact_got[i] else {
            row.failures.push(format!(
                "our Polyanya found no path for line {}",
                q.scenario.line
            ));
            continue;
        };
        if above_optimum(len, &q.scenario) {
            row.exact_longer += 1;
            row.failures.push(format!(
                "line {}: our Polyanya's length {len} above the published optimum {}",
                q.scenario.line, q.scenario.optimal_length
            ));
        }
        exact_len.add(len, q.scenario.optimal_length, theirs[i]);
    }
    (row.exact_opt, row.exact_poly, row.exact_poly_max) = (
        exact_len.opt_mean(),
        exact_len.poly_mean(),
        exact_len.poly_max,
    );
    (row.ours_opt, row.ours_poly, row.ours_poly_max) =
        (ours_len.opt_mean(), ours_len.poly_mean(), ours_len.poly_max);
    row.poly_opt = ours_len.peer_opt / f64::from(ours_len.n_poly.max(1));
    // The crate on our polygons answers the same optimal lengths (up to its f32).
    for (i, q) in lines.iter().enumerate() {
        let (Some(a), Some(b)) = (polyanya_same(i), theirs[i]) else {
            if polyanya_same(i).is_some() != theirs[i].is_some() {
                row.failures.push(format!(
                    "line {}: the crate finds a path on one mesh only",
                    q.scenario.line
                ));
            }
            continue;
        };
        if (a - b).abs() > 1e-4 * b.max(1.0) {
            row.failures.push(format!(
                "line {}: the crate's length on our mesh {a} differs from its rect mesh's {b}",
                q.scenario.line
            ));
        }
    }

    // Timed passes, interleaved, each pass starting one contender further on.
    let mut best = [f64::INFINITY; 5];
    for pass in 0..args.reps {
        for k in 0..5 {
            let c = (pass + k) % 5;
            let t = thread_cpu();
            for i in 0..lines.len() {
                match c {
                    OURS => {
                        black_box(ours(i));
                    }
                    ONE_LINER => {
                        black_box(one_liner(i));
                    }
                    EXACT => {
                        black_box(exact(i));
                    }
                    SAME_MESH => {
                        black_box(polyanya_same(i));
                    }
                    _ => {
                        black_box(polyanya(i));
                    }
                }
            }
            let mean = us(thread_cpu().saturating_sub(t)) / lines.len() as f64;
            best[c] = best[c].min(mean);
        }
    }
    row.ours_us = best[OURS];
    row.one_liner_us = best[ONE_LINER];
    row.poly_us = best[POLYANYA];
    row.exact_us = best[EXACT];
    row.same_us = best[SAME_MESH];
    Ok(row)
}

fn main() {
    let args = parse_args();
    let Some(dir) = onepath_std::data::movingai_dir() else {
        eprintln!(
            "skipped: Moving AI data not found (../shared/data/movingai next to the repository, \
             or set ONEPATH_DATA)"
        );
        return;
    };
    let mut rows = Vec::new();
    let mut failed = false;
    for name in &args.maps {
        let Some((set, file)) = name.split_once('/') else {
            eprintln!("error: map `{name}` is not set/name");
            std::process::exit(2);
        };
        let bench = match load_map(&dir.join(set), file, 1) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {name}: {e}");
                std::process::exit(2);
            }
        };
        eprintln!("{name}: {} valid lines", bench.queries.len());
        match run_map(&bench, &args) {
            Ok(row) => {
                for f in &row.failures {
                    eprintln!("FAIL {name}: {f}");
                }
                failed |= !row.failures.is_empty();
                rows.push(row);
            }
            Err(e) => {
                eprintln!("FAIL {name}: {e}");
                failed = true;
            }
        }
    }
    print_tables(&rows, &args);
    if failed {
        std::process::exit(1);
    }
}

fn print_tables(rows: &[Row], args: &Args) {
    println!(
        "navmesh: radius 0, tile 32, best of {} (thread CPU); {} 3x3 edits per map; {}",
        args.reps,
        args.edits,
        args.limit
            .map_or("every valid line".to_owned(), |n| format!(
                "{n} evenly spaced valid lines"
            ))
    );
    println!();
    println!(
        "| map | size | walkable | our polygons (tiles) | our bake ms | polyanya rect polygons | rect build ms | bake / rect | merged-CDT polygons | CDT build ms |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        println!(
            "| {} | {} | {} | {} ({}) | {:.2} | {} | {:.2} | {:.2} | {} | {:.1} |",
            r.name,
            r.side,
            r.walkable,
            r.polys,
            r.tiles,
            ms(r.bake),
            r.rect_polys,
            ms(r.rect_build),
            r.bake.as_secs_f64() / r.rect_build.as_secs_f64(),
            r.cdt_polys,
            ms(r.cdt_build)
        );
    }
    println!();
    println!(
        "| map | refreshes | mean refresh µs | tiles re-baked / refresh | full bake µs | full / refresh |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for r in rows {
        println!(
            "| {} | {} | {:.1} | {:.2} | {:.0} | {:.1} |",
            r.name,
            r.refreshes,
            us(r.refresh_mean),
            r.tiles_per_refresh,
            us(r.bake),
            r.bake.as_secs_f64() / r.refresh_mean.as_secs_f64()
        );
    }
    println!();
    println!(
        "| map | queries | ours µs/q (reused NavSearch) | one-liner µs/q | polyanya µs/q | polyanya / ours | our allocs/q | polyanya allocs/q | ours / opt | polyanya / opt | ours / polyanya (mean, max) | ours longer than opt |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|");
    for r in rows {
        println!(
            "| {} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.1} | {:.5} | {:.5} | {:.5}, {:.5} | {} |",
            r.name,
            r.queries,
            r.ours_us,
            r.one_liner_us,
            r.poly_us,
            r.poly_us / r.ours_us,
            r.ours_allocs,
            r.poly_allocs,
            r.ours_opt,
            r.poly_opt,
            r.ours_poly,
            r.ours_poly_max,
            r.longer
        );
    }
    println!();
    println!(
        "| map | our Polyanya µs/q | crate, its rect mesh µs/q | crate / ours | crate, our mesh µs/q | crate (our mesh) / ours | our corridor / our Polyanya | allocs/q | ours / opt | ours / crate (mean, max) | longer than opt |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|");
    for r in rows {
        println!(
            "| {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.5} | {:.7}, {:.7} | {} |",
            r.name,
            r.exact_us,
            r.poly_us,
            r.poly_us / r.exact_us,
            r.same_us,
            r.same_us / r.exact_us,
            r.ours_us / r.exact_us,
            r.exact_allocs,
            r.exact_opt,
            r.exact_poly,
            r.exact_poly_max,
            r.exact_longer
        );
    }
    let missing: usize = rows.iter().map(|r| r.poly_missing).sum();
    if missing > 0 {
        println!();
        println!(
            "polyanya found no path on {missing} lines where ours did (left out of the ratios)"
        );
    }
}
