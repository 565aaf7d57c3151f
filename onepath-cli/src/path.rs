//! `onepath path`: one query, drawn.

use std::path::PathBuf;

use onepath::search::Step;
use onepath::{Cell, Grid};
use onepath_std::movingai::{MovingAiMap, MovingAiOptions};
use serde_json::json;

use crate::output::{self, StdoutError, errln, out, outln};
use crate::render::{HpaOverlay, Picture};
use crate::solver::{Alg, Outcome};
use crate::terrain::TerrainArgs;

/// The bundled map: rooms, corridors, pillars and a cave, drawn by hand for this tool (`.`
/// open, `#` wall). Not a Moving AI benchmark map.
pub const DEFAULT_MAP: &str = include_str!("default_map.txt");
/// Default start on the bundled map (north-west hall).
pub const DEFAULT_FROM: Cell = Cell::new(3, 3);
/// Default goal on the bundled map (south-east cave).
pub const DEFAULT_TO: Cell = Cell::new(58, 43);

/// Options of `onepath path`.
pub struct PathArgs {
    /// A Moving AI `.map` or a text picture; `None` for the bundled map.
    pub map: Option<PathBuf>,
    /// `--swamp` / `--water` (Moving AI maps only).
    pub terrain: TerrainArgs,
    /// Start cell.
    pub from: Option<Cell>,
    /// Goal cell.
    pub to: Option<Cell>,
    /// Algorithm.
    pub alg: Alg,
    /// PNG output file.
    pub png: Option<PathBuf>,
    /// SVG output file.
    pub svg: Option<PathBuf>,
    /// Pixels per cell (default: longer side about 800 pixels).
    pub scale: Option<u32>,
    /// Print a text picture.
    pub ascii: bool,
    /// Machine-readable summary.
    pub json: bool,
}

/// Parses `x,y`.
///
/// # Errors
///
/// A message naming the text.
pub fn parse_cell(text: &str) -> Result<Cell, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}` is not `x,y`"))?;
    let parse = |v: &str| {
        v.trim()
            .parse::<i32>()
            .map_err(|_| format!("`{text}` is not `x,y` with integers"))
    };
    Ok(Cell::new(parse(x)?, parse(y)?))
}

/// What is wrong with `cell` as an endpoint (`flag` is how the user gave it: `--from`, `--to`,
/// `--goal`), or `None` when it is a walkable cell inside the map.
pub fn endpoint_problem(grid: &Grid, flag: &str, cell: Cell) -> Option<String> {
    let (w, h) = (grid.width(), grid.height());
    let at = format!("{flag} {},{}", cell.x, cell.y);
    match grid.index_of(cell) {
        None => Some(format!(
            "{at} is outside the map ({w} x {h}: x in 0..={}, y in 0..={})",
            w.saturating_sub(1),
            h.saturating_sub(1)
        )),
        Some(_) if !grid.is_walkable(cell) => Some(format!("{at} is a wall")),
        Some(_) => None,
    }
}

/// The map, its name, and the terrain options it was read with (`None` unless Moving AI).
fn load(args: &PathArgs) -> Result<(String, Grid, Option<MovingAiOptions>), String> {
    load_grid(args.map.as_ref(), args.terrain)
}

/// The grid of `--map` (the bundled map when `None`) read with `--swamp` / `--water`, its
/// name, and the terrain options it was read with (`None` unless Moving AI); shared by `path`
/// and `navmesh`.
///
/// # Errors
///
/// A message naming the file and the cause, or the terrain flags given for a map that is not
/// Moving AI.
pub fn load_grid(
    map: Option<&PathBuf>,
    terrain: TerrainArgs,
) -> Result<(String, Grid, Option<MovingAiOptions>), String> {
    let only_moving_ai = |what: &str| {
        format!(
            "--swamp and --water apply to Moving AI maps only, and {what} is not one \
             (its `.` and `#` are already open and wall)"
        )
    };
    let Some(path) = map else {
        if terrain.given() {
            return Err(only_moving_ai("the bundled map"));
        }
        let grid = Grid::from_text(DEFAULT_MAP).map_err(|e| format!("bundled map: {e}"))?;
        return Ok(("bundled default map".to_owned(), grid, None));
    };
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.display().to_string();
    // A `.map` file is Moving AI whatever its first bytes (a BOM, blank lines or `TYPE`
    // must give a Moving AI error, not a text-picture one); other names by content.
    if onepath_std::movingai::files::is_map_path(path) || MovingAiMap::looks_like_map(&bytes) {
        let terrain = terrain.options();
        let grid = MovingAiMap::parse(&bytes, &terrain)
            .map_err(|e| format!("{name}: {e}"))?
            .to_grid()
            .map_err(|e| format!("{name}: {e}"))?;
        Ok((name, grid, Some(terrain)))
    } else {
        if terrain.given() {
            return Err(only_moving_ai(&format!("{name} (a text picture)")));
        }
        let text = String::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text"))?;
        let grid = Grid::from_text(&text).map_err(|e| format!("{name}: {e}"))?;
        Ok((name, grid, None))
    }
}

/// Runs the command; returns the exit code (0 found or no path; 1 an endpoint is outside or
/// blocked; 2 an input or output error).
pub fn run(args: &PathArgs) -> i32 {
    match run_inner(args) {
        Ok(code) => code,
        Err(e) => output::input_error("path", args.json, &e),
    }
}

/// What one query found, for printing.
struct Report<'a> {
    name: &'a str,
    grid: &'a Grid,
    terrain: Option<MovingAiOptions>,
    from: Cell,
    to: Cell,
    status: Step,
    outcome: Option<Outcome>,
    path: &'a [u32],
    written: &'a [String],
    scale: u32,
}

impl Report<'_> {
    /// The found cost, `None` unless found.
    fn cost(&self) -> Option<f64> {
        self.outcome
            .filter(|o| o.status == Step::Found)
            .map(|o| o.cost)
    }

    /// The path as `[x, y]` pairs, start first (every cell, also for the jump searches).
    fn cells(&self) -> Vec<[u32; 2]> {
        let w = self.grid.width().max(1);
        self.path.iter().map(|&n| [n % w, n / w]).collect()
    }
}

fn run_inner(args: &PathArgs) -> Result<i32, String> {
    let (name, grid, terrain) = load(args)?;
    let (from, to) = match (args.map.is_some(), args.from, args.to) {
        (_, Some(a), Some(b)) => (a, b),
        (false, a, b) => (a.unwrap_or(DEFAULT_FROM), b.unwrap_or(DEFAULT_TO)),
        (true, _, _) => return Err("--from and --to are required with --map".to_owned()),
    };
    let start = grid.index_of(from);
    let goal = grid.index_of(to);
    let mut solver = args.alg.prepare(&grid).map_err(|e| e.to_string())?;
    solver.set_record_expansions(true);
    let outcome = start.zip(goal).map(|(a, b)| solver.solve(a, b));
    let status = match (start, goal, outcome) {
        (None, _, _) => Step::StartInvalid,
        (_, None, _) => Step::GoalInvalid,
        (_, _, Some(o)) => o.status,
        (_, _, None) => Step::NoPath,
    };
    let (path, expanded) = if outcome.is_some() {
        (solver.path(), solver.expanded().to_vec())
    } else {
        (Vec::new(), Vec::new())
    };
    let overlay = if args.alg == crate::solver::Alg::Hpa {
        solver.hpa_overlay()
    } else {
        None
    };
    let picture = Picture {
        hpa: overlay
            .as_ref()
            .map(|(chunk, nodes, abstract_path)| HpaOverlay {
                chunk: *chunk,
                nodes,
                abstract_path,
            }),
        width: grid.width(),
        height: grid.height(),
        cells: grid.cells(),
        expanded: &expanded,
        path: &path,
        start,
        goal,
        expanded_are_points: args.alg.expands_jump_points(),
    };
    let scale = args.scale.unwrap_or_else(|| picture.auto_scale());
    let title = format!(
        "onepath {}: ({},{}) -> ({},{}) on {name}",
        args.alg.name(),
        from.x,
        from.y,
        to.x,
        to.y
    );
    let mut written = Vec::new();
    if let Some(out) = &args.png {
        let pixels = u64::from(grid.width()) * u64::from(grid.height()) * u64::from(scale).pow(2);
        if pixels > 1 << 28 {
            return Err(format!("{pixels} pixels is too large a PNG; lower --scale"));
        }
        let bytes = picture.png(scale)?;
        std::fs::write(out, bytes).map_err(|e| format!("{}: {e}", out.display()))?;
        written.push(out.display().to_string());
    }
    if let Some(out) = &args.svg {
        std::fs::write(out, picture.svg(scale, &title))
            .map_err(|e| format!("{}: {e}", out.display()))?;
        written.push(out.display().to_string());
    }
    let report = Report {
        name: &name,
        grid: &grid,
        terrain,
        from,
        to,
        status,
        outcome,
        path: &path,
        written: &written,
        scale,
    };
    let printed = if args.json {
        print_json(args, &report)
    } else {
        print_text(args, &report, &picture)
    };
    let code = match status {
        Step::StartInvalid | Step::GoalInvalid => {
            let problems: Vec<String> = [("--from", from), ("--to", to)]
                .into_iter()
                .filter_map(|(flag, c)| endpoint_problem(&grid, flag, c))
                .collect();
            let why = if problems.is_empty() {
                "an endpoint is outside the map or a wall".to_owned()
            } else {
                problems.join("; ")
            };
            errln!("error: {status:?}: {why}");
            1
        }
        _ => 0,
    };
    Ok(output::status(code, printed))
}

fn print_json(args: &PathArgs, r: &Report<'_>) -> Result<(), StdoutError> {
    outln!(
        "{}",
        json!({
            "command": "path",
            "map": r.name,
            "width": r.grid.width(),
            "height": r.grid.height(),
            "terrain": r.terrain.as_ref().map(crate::terrain::to_json),
            "alg": args.alg.name(),
            "from": [r.from.x, r.from.y],
            "to": [r.to.x, r.to.y],
            "status": format!("{:?}", r.status),
            "cost": r.cost(),
            "path_cells": r.path.len(),
            "cells": r.cells(),
            "expansions": r.outcome.map_or(0, |o| o.expansions),
            "iterations": r.outcome.map_or(0, |o| o.iterations),
            "written": r.written,
            "scale": r.scale,
        })
    )
}

fn print_text(args: &PathArgs, r: &Report<'_>, picture: &Picture<'_>) -> Result<(), StdoutError> {
    let (w, h) = (r.grid.width(), r.grid.height());
    outln!(
        "map: {} ({w}x{h}{})",
        r.name,
        r.terrain.map_or(String::new(), |t| format!(
            "; {}",
            crate::terrain::describe(&t)
        ))
    )?;
    outln!(
        "{}: ({},{}) -> ({},{}): {:?}{}, {} expansions, {} iterations",
        args.alg.name(),
        r.from.x,
        r.from.y,
        r.to.x,
        r.to.y,
        r.status,
        r.cost().map_or(String::new(), |c| format!(
            ", cost {c:.8}, {} cells",
            r.path.len()
        )),
        r.outcome.map_or(0, |o| o.expansions),
        r.outcome.map_or(0, |o| o.iterations),
    )?;
    if args.ascii {
        out!("{}", picture.ascii())?;
    }
    for f in r.written {
        outln!(
            "wrote {f} ({}x{} px, {} px per cell)",
            u64::from(w) * u64::from(r.scale),
            u64::from(h) * u64::from(r.scale),
            r.scale
        )?;
    }
    Ok(())
}
