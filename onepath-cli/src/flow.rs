//! `onepath flow`: one whole-map flow field, drawn (integration field as a colour ramp,
//! direction field as arrows; the guide's §11.3) or printed as JSON.

use std::path::PathBuf;

use onepath::flow::FlowStep;
use onepath::{Cell, Grid, GridFlowField, GridOptions};
use onepath_std::movingai::MovingAiMap;
use serde_json::json;

use crate::output::{self, outln};
use crate::path::DEFAULT_MAP;
use crate::raster::{Canvas, MARKER_MIN_PX, OUTLINE};
use crate::terrain::TerrainArgs;

/// Options of `onepath flow`.
pub struct FlowArgs {
    /// A Moving AI `.map` or a text picture; `None` for the bundled map.
    pub map: Option<PathBuf>,
    /// `--swamp` / `--water` (Moving AI maps only).
    pub terrain: TerrainArgs,
    /// Goal cells (at least one).
    pub goals: Vec<Cell>,
    /// PNG output file.
    pub png: Option<PathBuf>,
    /// Pixels per cell (default: longer side about 800 pixels, at least 1).
    pub scale: Option<u32>,
    /// Print the field itself as JSON.
    pub json: bool,
}

fn load(args: &FlowArgs) -> Result<(String, Grid), String> {
    let Some(path) = &args.map else {
        if args.terrain.given() {
            return Err(
                "--swamp and --water apply to Moving AI maps only, and the bundled map \
                        is not one (its `.` and `#` are already open and wall)"
                    .to_owned(),
            );
        }
        let grid = Grid::from_text(DEFAULT_MAP).map_err(|e| format!("bundled map: {e}"))?;
        return Ok(("bundled default map".to_owned(), grid));
    };
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.display().to_string();
    if onepath_std::movingai::files::is_map_path(path) || MovingAiMap::looks_like_map(&bytes) {
        let grid = MovingAiMap::parse(&bytes, &args.terrain.options())
            .map_err(|e| format!("{name}: {e}"))?
            .to_grid()
            .map_err(|e| format!("{name}: {e}"))?;
        Ok((name, grid))
    } else {
        if args.terrain.given() {
            return Err(format!(
                "--swamp and --water apply to Moving AI maps only, and {name} is a text picture"
            ));
        }
        let text = String::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text"))?;
        let grid = Grid::from_text(&text).map_err(|e| format!("{name}: {e}"))?;
        Ok((name, grid))
    }
}

/// Runs the command; returns the exit code (0 done; 1 a goal is outside the map or a wall,
/// each named on stderr; 2 an input or output error).
pub fn run(args: &FlowArgs) -> i32 {
    match run_inner(args) {
        Ok(code) => code,
        Err((code, e)) => output::failure("flow", args.json, &e, code),
    }
}

/// The exit status, or the failure's status and message.
fn run_inner(args: &FlowArgs) -> Result<i32, (i32, String)> {
    let input = |e: String| (2, e);
    let (name, grid) = load(args).map_err(input)?;
    if args.goals.is_empty() {
        return Err(input("give at least one --goal x,y".to_owned()));
    }
    // Every goal must be a walkable cell inside the map: a typo next to a good goal used to be
    // dropped without a word, and a field towards nothing printed as if it were one.
    let problems: Vec<String> = args
        .goals
        .iter()
        .filter_map(|&g| crate::path::endpoint_problem(&grid, "--goal", g))
        .collect();
    if !problems.is_empty() {
        return Err((1, format!("{}; no field computed", problems.join("; "))));
    }
    let field = grid
        .create_flow_field(&args.goals, &GridOptions::DEFAULT)
        .map_err(|e| input(e.to_string()))?;
    debug_assert_eq!(field.state(), FlowStep::Complete);
    let mut written = Vec::new();
    let scale = args
        .scale
        .unwrap_or_else(|| (800 / grid.width().max(grid.height()).max(1)).clamp(1, 16));
    if let Some(png) = &args.png {
        let pixels = u64::from(grid.width()) * u64::from(grid.height()) * u64::from(scale).pow(2);
        if pixels > 1 << 28 {
            return Err(input(format!(
                "--scale {scale}: {pixels} pixels is too large a PNG; lower --scale"
            )));
        }
        let bytes = picture(&grid, &field, scale).map_err(input)?;
        std::fs::write(png, bytes).map_err(|e| input(format!("{}: {e}", png.display())))?;
        written.push(png.display().to_string());
    }
    let printed = if args.json {
        let cost: Vec<serde_json::Value> = field
            .costs()
            .iter()
            .map(|&c| {
                if c.is_finite() {
                    json!(c)
                } else {
                    serde_json::Value::Null
                }
            })
            .collect();
        let next: Vec<i64> = field
            .nexts()
            .iter()
            .map(|&n| if n == u32::MAX { -1 } else { i64::from(n) })
            .collect();
        let value = json!({
            "width": grid.width(),
            "height": grid.height(),
            "cost": cost,
            "next": next,
            "written": written,
        });
        outln!("{value}")
    } else {
        let reachable = field.costs().iter().filter(|c| c.is_finite()).count();
        let max = field
            .costs()
            .iter()
            .copied()
            .filter(|c| c.is_finite())
            .fold(0.0f64, f64::max);
        outln!(
            "{name}: {} x {}, {} goal(s), {reachable} reachable cells, settled {}, largest cost {max}",
            grid.width(),
            grid.height(),
            args.goals.len(),
            field.settled(),
        )
        .and_then(|()| {
            written.iter().try_for_each(|f| {
                outln!(
                    "wrote {f} ({}x{} px, {scale} px per cell)",
                    u64::from(grid.width()) * u64::from(scale),
                    u64::from(grid.height()) * u64::from(scale),
                )
            })
        })
    };
    Ok(output::status(0, printed))
}

/// A goal.
pub const GOAL_RED: [u8; 3] = [220, 40, 40];

/// The colour ramp: near goals yellow, far away deep blue.
fn ramp(t: f64) -> [u8; 3] {
    const STOPS: [[f64; 3]; 3] = [
        [250.0, 230.0, 80.0],
        [60.0, 170.0, 140.0],
        [40.0, 40.0, 130.0],
    ];
    let t = t.clamp(0.0, 1.0);
    let (a, b, u) = if t < 0.5 {
        (STOPS[0], STOPS[1], t * 2.0)
    } else {
        (STOPS[1], STOPS[2], (t - 0.5) * 2.0)
    };
    let mix = |i: usize| (a[i] + (b[i] - a[i]) * u).round() as u8;
    [mix(0), mix(1), mix(2)]
}

/// Pixels of room each arrow gets at least: below this many pixels per cell, one arrow
/// stands for a block of cells (issue 28, item 16: at the default scale the arrows were a
/// 5-pixel shaft and a 2 x 2 head, and on a 512 x 512 map none were drawn).
pub const ARROW_ROOM_PX: u32 = 12;
/// Arrow colour on light cells.
pub const ARROW_DARK: [u8; 3] = [20, 20, 20];
/// Arrow colour on dark cells (the far end of the ramp, deep blue).
pub const ARROW_LIGHT: [u8; 3] = [245, 245, 245];

/// The cells one arrow stands for, per side: 1 when a cell has [`ARROW_ROOM_PX`] pixels.
pub fn arrow_block(scale: u32) -> u32 {
    ARROW_ROOM_PX.div_ceil(scale.max(1))
}

/// The field as PNG bytes: walls dark grey, unreachable cells light grey, reachable cells on
/// the ramp by cost, goals red (squares of at least [`MARKER_MIN_PX`], outlined when larger
/// than the cell), and arrows towards the next cell: one per cell from [`ARROW_ROOM_PX`]
/// pixels per cell, else one per block of [`arrow_block`] cells (drawn at the reachable cell
/// nearest the block's centre), about three quarters of their room long with a head, dark on
/// light cells and light on dark ones.
fn picture(grid: &Grid, field: &GridFlowField, scale: u32) -> Result<Vec<u8>, String> {
    let (w, h) = (grid.width(), grid.height());
    let mut canvas = Canvas::new(w * scale, h * scale, [0, 0, 0]);
    let max = field
        .costs()
        .iter()
        .copied()
        .filter(|c| c.is_finite())
        .fold(0.0f64, f64::max)
        .max(1e-300);
    let s = i64::from(scale);
    let colour_of = |i: u32| {
        let cost = field.costs()[i as usize];
        if grid.cells()[i as usize] == 255 {
            [45, 45, 50]
        } else if cost == 0.0 && field.next(grid.cell_of(i)).is_none() {
            GOAL_RED
        } else if cost.is_finite() {
            ramp(cost / max)
        } else {
            [200, 200, 200]
        }
    };
    for i in 0..w * h {
        canvas.rect(
            i64::from(i % w) * s,
            i64::from(i / w) * s,
            s,
            s,
            colour_of(i),
        );
    }
    let k = arrow_block(scale);
    let room = f64::from(k * scale);
    let len = room * 0.75;
    let head = (len * 0.4).max(3.0);
    let width = if room >= 32.0 { 2 } else { 1 };
    for by in (0..h).step_by(k as usize) {
        for bx in (0..w).step_by(k as usize) {
            // The cell with a direction nearest the block's centre (ties: row-major order).
            let (cx2, cy2) = (
                2 * i64::from(bx) + i64::from(k.min(w - bx)) - 1,
                2 * i64::from(by) + i64::from(k.min(h - by)) - 1,
            );
            let mut best: Option<(i64, Cell, (f64, f64))> = None;
            for y in by..(by + k).min(h) {
                for x in bx..(bx + k).min(w) {
                    let cell = Cell::new(x as i32, y as i32);
                    let Some(dir) = field.direction(cell) else {
                        continue;
                    };
                    let d = (2 * i64::from(x) - cx2).pow(2) + (2 * i64::from(y) - cy2).pow(2);
                    if best.is_none_or(|(b, _, _)| d < b) {
                        best = Some((d, cell, dir));
                    }
                }
            }
            let Some((_, cell, (vx, vy))) = best else {
                continue;
            };
            let [r, g, b] = colour_of(grid.index_of(cell).unwrap_or(0));
            let light = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
            let ink = if light < 110.0 {
                ARROW_LIGHT
            } else {
                ARROW_DARK
            };
            let (cx, cy) = (
                (f64::from(cell.x as u32) + 0.5) * f64::from(scale),
                (f64::from(cell.y as u32) + 0.5) * f64::from(scale),
            );
            let tail = (cx - vx * len / 2.0, cy - vy * len / 2.0);
            let tip = (cx + vx * len / 2.0, cy + vy * len / 2.0);
            canvas.line(tail, tip, width, ink);
            // Two barbs at ±30 degrees back from the tip.
            let (cos, sin) = (0.866_025_403_784_438_6, 0.5);
            for side in [-1.0, 1.0] {
                let (bx, by) = (-(vx * cos - side * vy * sin), -(side * vx * sin + vy * cos));
                canvas.line(tip, (tip.0 + bx * head, tip.1 + by * head), width, ink);
            }
        }
    }
    // Goals last, at least MARKER_MIN_PX across.
    let side = s.max(MARKER_MIN_PX);
    let outline = (side > s).then_some(OUTLINE);
    for i in 0..w * h {
        let cell = grid.cell_of(i);
        if field.costs()[i as usize] == 0.0 && field.next(cell).is_none() {
            let (cx, cy) = (i64::from(i % w) * s + s / 2, i64::from(i / w) * s + s / 2);
            canvas.square(cx, cy, side, GOAL_RED, outline);
        }
    }
    canvas.png()
}
