//! `onepath flow`: one whole-map flow field, drawn (integration field as a colour ramp,
//! direction field as arrows; the guide's §11.3) or printed as JSON.

use std::path::PathBuf;

use onepath::flow::FlowStep;
use onepath::{Cell, Grid, GridFlowField, GridOptions};
use onepath_std::movingai::MovingAiMap;
use serde_json::json;

use crate::output::{self, outln};
use crate::path::DEFAULT_MAP;
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

/// The field as PNG bytes: walls dark grey, unreachable cells light grey, reachable cells on
/// the ramp by cost, goals red, and (at 6 pixels per cell or more) an arrow per reachable cell
/// towards its next cell.
fn picture(grid: &Grid, field: &GridFlowField, scale: u32) -> Result<Vec<u8>, String> {
    let (w, h) = (grid.width(), grid.height());
    let (pw, ph) = (w * scale, h * scale);
    let mut px = vec![0u8; pw as usize * ph as usize * 3];
    let max = field
        .costs()
        .iter()
        .copied()
        .filter(|c| c.is_finite())
        .fold(0.0f64, f64::max)
        .max(1e-300);
    let mut put = |x: u32, y: u32, c: [u8; 3]| {
        if x < pw && y < ph {
            let i = (y as usize * pw as usize + x as usize) * 3;
            px[i..i + 3].copy_from_slice(&c);
        }
    };
    for i in 0..w * h {
        let cell = grid.cell_of(i);
        let cost = field.costs()[i as usize];
        let colour = if grid.cells()[i as usize] == 255 {
            [45, 45, 50]
        } else if cost == 0.0 && field.next(cell).is_none() {
            [220, 40, 40]
        } else if cost.is_finite() {
            ramp(cost / max)
        } else {
            [200, 200, 200]
        };
        let (x0, y0) = (i % w * scale, i / w * scale);
        for dy in 0..scale {
            for dx in 0..scale {
                put(x0 + dx, y0 + dy, colour);
            }
        }
        if scale >= 6
            && let Some((vx, vy)) = field.direction(cell)
        {
            // A shaft from the centre and a 2 x 2 head at the tip.
            let c = f64::from(scale) / 2.0;
            let len = f64::from(scale) * 0.42;
            let steps = scale * 2;
            for s in 0..=steps {
                let t = f64::from(s) / f64::from(steps) * len;
                let (x, y) = (c + vx * t, c + vy * t);
                put(x0 + x as u32, y0 + y as u32, [20, 20, 20]);
            }
            let (tx, ty) = ((c + vx * len) as u32, (c + vy * len) as u32);
            for (ex, ey) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                put(
                    (x0 + tx + ex).saturating_sub(1),
                    (y0 + ty + ey).saturating_sub(1),
                    [0, 0, 0],
                );
            }
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pw, ph);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(&px).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}
