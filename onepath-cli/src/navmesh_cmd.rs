//! `onepath navmesh`: bake a navigation mesh from a map, optionally search one query or every
//! line of a scenario file on it, and draw it (PNG, SVG) or write it as JSON.
//!
//! The mesh is `NavMesh::build_2d` of the map's grid with `--radius` (world units; one cell is
//! one unit on Moving AI maps and text pictures) and `--tile`; queries run between cell centres
//! with one reused search of `--alg` (`NavEngine`): the corridor search and funnel
//! (docs/navmesh.md §7–8, the default) or Polyanya (§10), whose path is drawn as tier 1's
//! `NavPath` gives it (the funnel over its corridor) with Polyanya's exact length.

use std::path::{Path, PathBuf};
use std::time::Instant;

use onepath::navmesh::{NavError, NavMesh, NavPoint, NavSettings, NavWaypoint};
use onepath::search::Step;
use onepath::{Cell, Grid, NavAlgorithm};
use onepath_std::movingai::files::read_scenarios;
use serde_json::{Value, json};

use crate::navmesh_legal;
use crate::navmesh_render::{MeshPicture, cells_of};
use crate::navmesh_solver::NavEngine;
use crate::output::{self, StdoutError, errln, outln};
use crate::path::{self, DEFAULT_FROM, DEFAULT_TO, endpoint_problem, load_grid};
use crate::progress;
use crate::terrain::TerrainArgs;

/// Options of `onepath navmesh` (its command-line flags; `main.rs` hands them over as parsed).
#[derive(clap::Args, Debug)]
pub struct NavmeshArgs {
    /// A Moving AI `.map` file, or a text picture (`.` open, `#` wall, `1`-`9` areas).
    /// Default: the bundled rooms-and-corridors map of `path`.
    #[arg(long)]
    pub map: Option<PathBuf>,
    #[command(flatten)]
    pub terrain: TerrainArgs,
    /// The search: `polyanya` (the default, as `NavMesh::find_path`: the exact Euclidean
    /// shortest path; docs/navmesh.md §10) or `corridor` (A* over portal crossings priced at
    /// their midpoints, then the funnel: 3-5x cheaper, not always the shortest path; §7-8).
    #[arg(long, value_enum, default_value_t = MeshAlg::Polyanya)]
    pub alg: MeshAlg,
    /// Agent radius in world units (one cell is one unit here): finite, at least 0, at
    /// most 64 cells. Walkable cells closer than it to a wall are left out (docs/navmesh.md
    /// §2).
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    pub radius: f64,
    /// Tile side in cells, 4..=256.
    #[arg(long, default_value_t = 32)]
    pub tile: u32,
    /// A scenario file (`.scen`) whose every line runs on the map.
    #[arg(long, conflicts_with_all = ["from", "to"])]
    pub scen: Option<PathBuf>,
    /// With `--scen`: the line drawn, 0-based among the file's lines (default: the last
    /// line searched; a line that is not searched draws no path).
    #[arg(long, requires = "scen")]
    pub line: Option<usize>,
    /// Start cell `x,y` (its centre; default 3,3 on the bundled map).
    #[arg(long, value_parser = path::parse_cell, allow_hyphen_values = true)]
    pub from: Option<onepath::Cell>,
    /// Goal cell `x,y` (its centre; default 58,43 on the bundled map).
    #[arg(long, value_parser = path::parse_cell, allow_hyphen_values = true)]
    pub to: Option<onepath::Cell>,
    /// Write a PNG picture here.
    #[arg(long)]
    pub png: Option<PathBuf>,
    /// Write an SVG picture here (one `<polygon>` per mesh polygon).
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Write the mesh (every polygon's vertices and links), the query (corridor and
    /// waypoints) and the `--scen` totals as JSON here.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Pixels per cell, 1..=64 (default: the longer side about 800 pixels, at most 16).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub scale: Option<u32>,
    /// No progress bar (it is hidden anyway when stderr is not a terminal).
    #[arg(long, short)]
    pub quiet: bool,
}

/// `onepath navmesh --alg`: the tier-1 `NavAlgorithm` choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MeshAlg {
    /// The corridor search and funnel (`NavAlgorithm::Corridor`).
    Corridor,
    /// Polyanya (`NavAlgorithm::Polyanya`).
    Polyanya,
}

impl MeshAlg {
    fn algorithm(self) -> NavAlgorithm {
        match self {
            Self::Corridor => NavAlgorithm::Corridor,
            Self::Polyanya => NavAlgorithm::Polyanya,
        }
    }
}

/// One query's result.
struct Query {
    from: Cell,
    to: Cell,
    status: Step,
    length: Option<f64>,
    corridor: Vec<u32>,
    waypoints: Vec<NavWaypoint>,
    iterations: u64,
    expansions: u64,
}

/// The totals of a `--scen` run.
#[derive(Default)]
struct ScenTotals {
    file: String,
    lines: usize,
    checked: usize,
    size_mismatch: usize,
    blocked: usize,
    unreachable_marker: usize,
    found: usize,
    no_path: usize,
    off_mesh: usize,
    longer: usize,
    illegal: usize,
    ratio_sum: f64,
    ratios: usize,
    ratio_max: f64,
    search_ns: u128,
    /// The first few failures, as text.
    failures: Vec<String>,
}

impl ScenTotals {
    fn mean_ratio(&self) -> f64 {
        if self.ratios == 0 {
            0.0
        } else {
            self.ratio_sum / self.ratios as f64
        }
    }

    fn failed(&self) -> usize {
        self.longer + self.illegal + self.no_path
    }
}

/// Runs the command; returns the exit code (0 done, 1 an endpoint off the map, a wall or off
/// the mesh, or a `--scen` line that failed its check, 2 an input or output error).
pub fn run(args: &NavmeshArgs) -> i32 {
    match run_inner(args) {
        Ok(code) => code,
        Err(e) => output::input_error("navmesh", false, &e),
    }
}

/// The message for a bake the engine refused, naming the flag that carries the value.
fn bake_error(e: &NavError, name: &str) -> String {
    match e {
        NavError::InvalidRadius { .. } => format!("--radius: {e}"),
        NavError::InvalidTileSize { .. } => format!("--tile: {e}"),
        _ => format!("{name}: {e}"),
    }
}

/// The query to run, from `--from`/`--to` (and the bundled map's defaults), or none.
fn endpoints(args: &NavmeshArgs) -> Result<Option<(Cell, Cell)>, String> {
    match (args.map.is_some(), args.from, args.to) {
        (_, Some(a), Some(b)) => Ok(Some((a, b))),
        (false, None, None) if args.scen.is_none() => Ok(Some((DEFAULT_FROM, DEFAULT_TO))),
        (_, None, None) => Ok(None),
        (_, Some(_), None) => Err("--from needs --to (the goal cell x,y)".to_owned()),
        (_, None, Some(_)) => Err("--to needs --from (the start cell x,y)".to_owned()),
    }
}

/// Searches `from` → `to` (cell centres) with `search`; the nanoseconds the search took (the
/// copies of its answer not counted).
fn query(mesh: &NavMesh, search: &mut NavEngine, from: Cell, to: Cell) -> (Query, u128) {
    let (a, b) = (NavPoint::cell_center(from), NavPoint::cell_center(to));
    let clock = Instant::now();
    let status = search.run(mesh, a, b);
    let ns = clock.elapsed().as_nanos();
    let found = status == Step::Found;
    let refused = matches!(status, Step::StartInvalid | Step::GoalInvalid);
    let q = Query {
        from,
        to,
        status,
        length: if found { search.length() } else { None },
        corridor: if found {
            search.corridor().to_vec()
        } else {
            Vec::new()
        },
        waypoints: if found {
            search.waypoints()
        } else {
            Vec::new()
        },
        iterations: if refused { 0 } else { search.iterations() },
        expansions: if refused { 0 } else { search.expansions() },
    };
    (q, ns)
}

fn run_inner(args: &NavmeshArgs) -> Result<i32, String> {
    let pair = endpoints(args)?;
    let (name, grid, _) = load_grid(args.map.as_ref(), args.terrain)?;
    let settings = NavSettings::DEFAULT
        .with_radius(args.radius)
        .with_tile_size(args.tile);
    let started = Instant::now();
    let mesh = NavMesh::build_2d(&grid, &settings).map_err(|e| bake_error(&e, &name))?;
    let bake_ms = started.elapsed().as_secs_f64() * 1e3;

    let mut search = NavEngine::new(args.alg.algorithm());
    let mut code = 0;
    let mut problems = Vec::new();
    let mut scen = None;
    let mut drawn = None;
    if let Some(path) = &args.scen {
        let (totals, shown) = run_scen(args, path, &grid, &mesh, &mut search)?;
        code = i32::from(totals.failed() > 0);
        drawn = shown;
        scen = Some(totals);
    } else if let Some((from, to)) = pair {
        for (flag, cell) in [("--from", from), ("--to", to)] {
            if let Some(p) = endpoint_problem(&grid, flag, cell) {
                problems.push(p);
            }
        }
        if problems.is_empty() {
            let (q, _) = query(&mesh, &mut search, from, to);
            for (status, flag, cell) in [
                (Step::StartInvalid, "--from", from),
                (Step::GoalInvalid, "--to", to),
            ] {
                if q.status == status {
                    problems.push(format!(
                        "{flag} {},{} is not on the mesh (its walkable cell is eroded by \
                         --radius {})",
                        cell.x, cell.y, args.radius
                    ));
                }
            }
            drawn = Some(q);
        }
        if !problems.is_empty() {
            code = 1;
        }
    }

    let mut written = Vec::new();
    let empty = (Vec::new(), Vec::new());
    let (corridor, points): (Vec<u32>, Vec<NavPoint>) = drawn.as_ref().map_or(empty, |q| {
        (
            q.corridor.clone(),
            q.waypoints.iter().map(|w| w.point).collect(),
        )
    });
    let picture = MeshPicture {
        mesh: &mesh,
        cells: grid.cells(),
        corridor: &corridor,
        path: &points,
        start: drawn.as_ref().map(|q| NavPoint::cell_center(q.from)),
        goal: drawn.as_ref().map(|q| NavPoint::cell_center(q.to)),
    };
    let scale = args.scale.unwrap_or_else(|| picture.auto_scale());
    let title = format!(
        "{name}: navmesh ({}), radius {}, tile {}, {} polygons",
        args.alg.algorithm().name(),
        args.radius,
        args.tile,
        mesh.poly_count()
    );
    if let Some(path) = &args.png {
        let bytes = picture
            .png(scale)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        write(path, &bytes)?;
        written.push(path.display().to_string());
    }
    if let Some(path) = &args.svg {
        write(path, picture.svg(scale, &title).as_bytes())?;
        written.push(path.display().to_string());
    }
    if let Some(path) = &args.json {
        let doc = to_json(
            &name,
            &mesh,
            args.alg.algorithm(),
            bake_ms,
            drawn.as_ref(),
            scen.as_ref(),
        );
        write(path, format!("{doc}\n").as_bytes())?;
        written.push(path.display().to_string());
    }
    let printed = print_text(
        &name,
        &mesh,
        args.alg.algorithm(),
        bake_ms,
        drawn.as_ref(),
        scen.as_ref(),
        &written,
    );
    for p in &problems {
        errln!("error: {p}");
    }
    if let Some(t) = &scen {
        for f in &t.failures {
            errln!("error: {f}");
        }
    }
    Ok(output::status(code, printed))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Runs every line of the scenario file `path` on `mesh`; the totals and the drawn line's
/// query (`--line`, default the last line searched).
fn run_scen(
    args: &NavmeshArgs,
    path: &Path,
    grid: &Grid,
    mesh: &NavMesh,
    search: &mut NavEngine,
) -> Result<(ScenTotals, Option<Query>), String> {
    let file = read_scenarios(path).map_err(|e| e.to_string())?;
    let lines = file.scenarios();
    if let Some(k) = args.line.filter(|&k| k >= lines.len()) {
        return Err(format!(
            "--line {k}: {} has {} scenario lines (0..={})",
            path.display(),
            lines.len(),
            lines.len().saturating_sub(1)
        ));
    }
    let mut t = ScenTotals {
        file: path.display().to_string(),
        lines: lines.len(),
        ..ScenTotals::default()
    };
    let bar = progress::bar(lines.len() as u64, args.alg.algorithm().name(), args.quiet);
    let exact = args.radius == 0.0;
    let mut drawn = None;
    for (k, s) in lines.iter().enumerate() {
        if k % 64 == 63 {
            bar.inc(64);
        }
        if (s.map_width, s.map_height) != (grid.width(), grid.height()) {
            t.size_mismatch += 1;
            continue;
        }
        let (from, to) = (
            Cell::new(s.start_x as i32, s.start_y as i32),
            Cell::new(s.goal_x as i32, s.goal_y as i32),
        );
        if !grid.is_walkable(from) || !grid.is_walkable(to) {
            t.blocked += 1;
            continue;
        }
        if s.is_unreachable_marker() {
            t.unreachable_marker += 1;
            continue;
        }
        let (q, ns) = query(mesh, search, from, to);
        t.search_ns += ns;
        t.checked += 1;
        let at = format!(
            "{}:{} ({},{})->({},{})",
            t.file, s.line, s.start_x, s.start_y, s.goal_x, s.goal_y
        );
        match (q.status, q.length) {
            (Step::Found, Some(len)) => {
                t.found += 1;
                if s.optimal_length > 0.0 {
                    let r = len / s.optimal_length;
                    t.ratio_sum += r;
                    t.ratios += 1;
                    t.ratio_max = t.ratio_max.max(r);
                }
                // At radius 0 the 8-connected optimum is a path of the region: ours is never
                // longer (any-angle is shorter by design), and every segment stays inside.
                if exact {
                    if len > crate::navmesh_solver::length_bound(s) {
                        t.longer += 1;
                        note(
                            &mut t.failures,
                            format!(
                                "{at}: length {len} above the published {}",
                                s.optimal_length
                            ),
                        );
                    }
                    let points: Vec<NavPoint> = q.waypoints.iter().map(|w| w.point).collect();
                    let ends = (NavPoint::cell_center(from), NavPoint::cell_center(to));
                    let legal =
                        navmesh_legal::check(&points, grid.width(), grid.height(), |x, y| {
                            grid.is_walkable(Cell::new(x as i32, y as i32))
                        })
                        .map_err(|e| e.to_string())
                        .and_then(|()| {
                            // From the start's centre to the goal's (one waypoint when equal).
                            let ok =
                                points.first() == Some(&ends.0) && points.last() == Some(&ends.1);
                            if ok {
                                Ok(())
                            } else {
                                Err(
                                "the waypoints do not run from the start's centre to the goal's"
                                    .to_owned(),
                            )
                            }
                        });
                    if let Err(e) = legal {
                        t.illegal += 1;
                        note(&mut t.failures, format!("{at}: {e}"));
                    }
                }
            }
            (Step::StartInvalid | Step::GoalInvalid, _) => t.off_mesh += 1,
            _ => {
                t.no_path += usize::from(exact);
                if exact {
                    note(
                        &mut t.failures,
                        format!(
                            "{at}: {:?} where the published optimum is {}",
                            q.status, s.optimal_length
                        ),
                    );
                }
            }
        }
        if args.line.is_none_or(|l| l == k) {
            drawn = Some(q);
        }
    }
    bar.finish_and_clear();
    Ok((t, drawn))
}

/// Keeps the first 10 failures.
fn note(list: &mut Vec<String>, text: String) {
    if list.len() < 10 {
        list.push(text);
    }
}

fn print_text(
    name: &str,
    mesh: &NavMesh,
    alg: NavAlgorithm,
    bake_ms: f64,
    q: Option<&Query>,
    scen: Option<&ScenTotals>,
    written: &[String],
) -> Result<(), StdoutError> {
    let s = mesh.settings();
    outln!(
        "{name}: {} x {} cells, agent radius {}, tile {}",
        mesh.width(),
        mesh.height(),
        s.agent_radius,
        s.tile_size
    )?;
    outln!(
        "mesh: {} polygons in {} tiles (grid of {} x {}), {} half-edges, content hash {:#018x}, baked in {bake_ms:.2} ms",
        mesh.poly_count(),
        mesh.tile_count(),
        mesh.tiles_x(),
        mesh.tiles_y(),
        mesh.half_edge_count(),
        mesh.content_hash()
    )?;
    if let Some(q) = q {
        let head = format!("({},{}) -> ({},{})", q.from.x, q.from.y, q.to.x, q.to.y);
        match q.length {
            Some(len) => outln!(
                "query {head}: found by {}, length {len:.6} cells, {} waypoints, corridor of {} polygons, {} iterations",
                alg.name(),
                q.waypoints.len(),
                q.corridor.len(),
                q.iterations
            )?,
            None => outln!("query {head}: {:?} ({})", q.status, alg.name())?,
        }
    }
    if let Some(t) = scen {
        outln!(
            "scenarios {} ({}): {} lines, {} searched ({} size mismatch, {} blocked endpoint, {} length-0 marker not searched); {} found, {} no path, {} off the mesh; mean µs {:.2}",
            t.file,
            alg.name(),
            t.lines,
            t.checked,
            t.size_mismatch,
            t.blocked,
            t.unreachable_marker,
            t.found,
            t.no_path,
            t.off_mesh,
            if t.checked == 0 {
                0.0
            } else {
                t.search_ns as f64 / 1e3 / t.checked as f64
            }
        )?;
        outln!(
            "length / published 8-connected optimum: mean {:.6}, max {:.6}; {} longer than the optimum, {} illegal paths{}",
            t.mean_ratio(),
            t.ratio_max,
            t.longer,
            t.illegal,
            if s.agent_radius == 0.0 {
                ""
            } else {
                " (radius > 0: neither is checked)"
            }
        )?;
    }
    if !written.is_empty() {
        outln!("wrote {}", written.join(", "))?;
    }
    Ok(())
}

fn to_json(
    name: &str,
    mesh: &NavMesh,
    alg: NavAlgorithm,
    bake_ms: f64,
    q: Option<&Query>,
    scen: Option<&ScenTotals>,
) -> Value {
    let s = mesh.settings();
    let polygons: Vec<Value> = (0..mesh.poly_count())
        .filter_map(|id| mesh.polygon(id))
        .map(|p| {
            let n = p.vertices().len() as u32;
            json!({
                "id": p.id(),
                "tile": p.tile(),
                "vertices": p.vertices(),
                "links": (0..n).map(|k| p.link(k).map(|(other, _)| other)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let query = q.map(|q| {
        json!({
            "from": [q.from.x, q.from.y],
            "to": [q.to.x, q.to.y],
            "status": format!("{:?}", q.status),
            "length": q.length,
            "corridor": q.corridor,
            "waypoints": q.waypoints.iter().map(|w| json!({
                "x": cells_of(w.point.x),
                "y": cells_of(w.point.y),
                "fixed": [w.point.x, w.point.y],
                "polygon": w.polygon,
                "corridor_index": w.corridor_index,
            })).collect::<Vec<_>>(),
            "iterations": q.iterations,
            "expansions": q.expansions,
        })
    });
    let scenarios = scen.map(|t| {
        json!({
            "file": t.file,
            "lines": t.lines,
            "searched": t.checked,
            "size_mismatch": t.size_mismatch,
            "blocked_endpoint": t.blocked,
            "unreachable_marker": t.unreachable_marker,
            "found": t.found,
            "no_path": t.no_path,
            "off_mesh": t.off_mesh,
            "longer_than_optimum": t.longer,
            "illegal": t.illegal,
            "mean_length_over_optimum": t.mean_ratio(),
            "max_length_over_optimum": t.ratio_max,
            "failures": t.failures,
        })
    });
    json!({
        "command": "navmesh",
        "algorithm": alg.name(),
        "map": name,
        "width": mesh.width(),
        "height": mesh.height(),
        "settings": {
            "agent_radius": s.agent_radius,
            "tile_size": s.tile_size,
            "area": s.area,
        },
        "mesh": {
            "polygons": mesh.poly_count(),
            "tiles": mesh.tile_count(),
            "tiles_x": mesh.tiles_x(),
            "tiles_y": mesh.tiles_y(),
            "half_edges": mesh.half_edge_count(),
            "content_hash": format!("{:#018x}", mesh.content_hash()),
            "bake_ms": bake_ms,
        },
        "polygon_list": polygons,
        "query": query,
        "scenarios": scenarios,
    })
}
