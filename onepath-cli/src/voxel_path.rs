//! `onepath path --map X.3dmap --from x,y,z --to x,y,z [--png FILE]`: one voxel query
//! (26-connected, no corner cutting: the Moving AI voxel convention) and a picture of it as
//! z-slices.
//!
//! Each slice shows the rectangle around the path and the expanded voxels (4 voxels of margin,
//! more when the endpoint markers need it, inside the block), so short paths in large maps stay visible. The picture tiles up to 16
//! horizontal slices (z layers), lowest first, left to right then
//! top to bottom with a 2-pixel gap: every layer the path passes through when it touches at
//! most 16, else 16 layers evenly spread over the path's z range. Each slice has its label
//! (`z=45`, 15 pixels high) in a light band above it. In each slice solid voxels are dark, open
//! ones white, expanded ones pale orange, the path's voxels in that layer red (at least 3
//! pixels), start green and goal blue (at least 11 pixels, outlined when larger than a voxel);
//! a thin grey band separates slices. The slices drawn are listed on stdout.

use std::path::PathBuf;

use onepath::{PathStatus, VoxelCell, VoxelOptions};
use onepath_std::voxel_files::VoxelMap;
use serde_json::json;

use crate::output::{self, errln, outln};
use crate::raster::{Canvas, LINE_MIN_PX, MARKER_MIN_PX, OUTLINE, marker_side, text_width};
use crate::render::{GOAL, OPEN, PATH, START, WALL};

/// Pale orange: an expanded voxel.
const EXPANDED: [u8; 3] = [250, 200, 140];
/// The gap between slices.
const GAP: [u8; 3] = [160, 160, 160];
/// Slices drawn at most.
const MAX_SLICES: usize = 16;

/// A `--from` / `--to` value: `x,y` for 2D maps, `x,y,z` for voxel maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// `x,y`.
    Cell(onepath::Cell),
    /// `x,y,z`.
    Voxel(VoxelCell),
}

/// Parses `x,y` (as `path::parse_cell`, with its messages) or `x,y,z`.
///
/// # Errors
///
/// A message naming the text.
pub fn parse_endpoint(text: &str) -> Result<Endpoint, String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() == 3 {
        let parse = |v: &str| {
            v.trim()
                .parse::<i32>()
                .map_err(|_| format!("`{text}` is not `x,y,z` with integers"))
        };
        return Ok(Endpoint::Voxel(VoxelCell::new(
            parse(parts[0])?,
            parse(parts[1])?,
            parse(parts[2])?,
        )));
    }
    crate::path::parse_cell(text).map(Endpoint::Cell)
}

/// Whether `map` names a voxel map.
pub fn applies(map: Option<&PathBuf>) -> bool {
    map.is_some_and(|m| m.extension().is_some_and(|e| e == "3dmap"))
}

/// Options of a voxel `path` run.
pub struct VoxelPathArgs {
    /// The `.3dmap`.
    pub map: PathBuf,
    /// Start.
    pub from: Option<Endpoint>,
    /// Goal.
    pub to: Option<Endpoint>,
    /// PNG output.
    pub png: Option<PathBuf>,
    /// Pixels per voxel (default: the slice's longer side about 240 pixels, at most 16).
    pub scale: Option<u32>,
    /// JSON output.
    pub json: bool,
}

/// Runs the command: 0 found or no path, 1 an endpoint outside or solid, 2 input error.
pub fn run(args: &VoxelPathArgs) -> i32 {
    let fail = |m: &str| output::input_error("path", args.json, m);
    let (Some(Endpoint::Voxel(from)), Some(Endpoint::Voxel(to))) = (args.from, args.to) else {
        return fail("a .3dmap needs --from x,y,z and --to x,y,z");
    };
    let bytes = match std::fs::read(&args.map) {
        Ok(b) => b,
        Err(e) => return fail(&format!("{}: {e}", args.map.display())),
    };
    let map = match VoxelMap::parse(&bytes) {
        Ok(m) => m,
        Err(e) => return fail(&format!("{}: {e}", args.map.display())),
    };
    let grid = map.to_grid();
    let path = grid.find_path(
        from,
        to,
        &VoxelOptions::DEFAULT.with_record_expansions(true),
    );
    let problems: Vec<String> = [("--from", from), ("--to", to)]
        .into_iter()
        .filter_map(|(flag, v)| endpoint_problem(&grid, flag, v))
        .collect();
    let code = match path.status {
        PathStatus::StartInvalid | PathStatus::GoalInvalid => 1,
        _ => 0,
    };
    let slices = chosen_slices(&path.cells, from, to);
    let mut written = Vec::new();
    let mut size = (0, 0, 0);
    if let Some(png) = &args.png {
        let scale = args.scale.unwrap_or_else(|| {
            let area = crop(&grid, &path, from, to, 4);
            (240 / area.2.max(area.3)).clamp(1, 16)
        });
        // A margin wide enough for the endpoint markers (MARKER_MIN_PX and an outline), at
        // least 4 voxels.
        let margin = (MARKER_MIN_PX as u32 / 2 + 1).div_ceil(scale.max(1)).max(4) as i32;
        let area = crop(&grid, &path, from, to, margin);
        let (w, h, bytes) = match picture(&grid, &path, &slices, (from, to), area, scale) {
            Ok(b) => b,
            Err(e) => return fail(&e),
        };
        if let Err(e) = std::fs::write(png, bytes) {
            return fail(&format!("{}: {e}", png.display()));
        }
        written.push(png.display().to_string());
        size = (w, h, scale);
    }
    let printed = if args.json {
        let cells: Vec<[i32; 3]> = path.cells.iter().map(|c| [c.x, c.y, c.z]).collect();
        outln!(
            "{}",
            json!({ "command": "path", "map": args.map.display().to_string(),
                    "status": format!("{:?}", path.status), "cost": path.cost.is_finite().then_some(path.cost),
                    "iterations": path.iterations, "expansions": path.expansions,
                    "cells": cells, "slices": slices, "written": written })
        )
    } else {
        outln!(
            "{}: {:?}, cost {:.8}, {} voxels, {} iterations, {} expansions; slices z = {:?}",
            args.map.display(),
            path.status,
            path.cost,
            path.cells.len(),
            path.iterations,
            path.expansions,
            slices
        )
        .and_then(|()| {
            written.iter().try_for_each(|f| {
                outln!(
                    "wrote {f} ({}x{} px, {} px per voxel)",
                    size.0,
                    size.1,
                    size.2
                )
            })
        })
    };
    if code != 0 {
        let why = if problems.is_empty() {
            "an endpoint is outside the block or solid".to_owned()
        } else {
            problems.join("; ")
        };
        errln!("error: {:?}: {why}", path.status);
    }
    output::status(code, printed)
}

/// What is wrong with `v` as an endpoint (`flag`: `--from` or `--to`), or `None` when it is an
/// open voxel inside the block.
fn endpoint_problem(grid: &onepath::VoxelGrid, flag: &str, v: VoxelCell) -> Option<String> {
    let (sx, sy, sz) = grid.size();
    let at = format!("{flag} {},{},{}", v.x, v.y, v.z);
    let inside = |c: i32, n: u32| u32::try_from(c).is_ok_and(|c| c < n);
    if !(inside(v.x, sx) && inside(v.y, sy) && inside(v.z, sz)) {
        Some(format!(
            "{at} is outside the block ({sx} x {sy} x {sz}: x in 0..={}, y in 0..={}, z in 0..={})",
            sx.saturating_sub(1),
            sy.saturating_sub(1),
            sz.saturating_sub(1)
        ))
    } else if !grid.is_walkable(v) {
        Some(format!("{at} is solid"))
    } else {
        None
    }
}

/// The z layers to draw (see the module docs).
fn chosen_slices(cells: &[VoxelCell], from: VoxelCell, to: VoxelCell) -> Vec<i32> {
    let mut zs: Vec<i32> = cells.iter().map(|c| c.z).chain([from.z, to.z]).collect();
    zs.sort_unstable();
    zs.dedup();
    if zs.len() <= MAX_SLICES {
        return zs;
    }
    let (lo, hi) = (zs[0], zs[zs.len() - 1]);
    let mut out: Vec<i32> = (0..MAX_SLICES as i64)
        .map(|i| (i64::from(lo) + (i64::from(hi - lo) * i) / (MAX_SLICES as i64 - 1)) as i32)
        .collect();
    out.dedup();
    out
}

/// The drawn rectangle `(x0, y0, width, height)`: the path, the endpoints and the expanded
/// voxels with `margin` voxels around them, inside the block.
fn crop(
    grid: &onepath::VoxelGrid,
    path: &onepath::VoxelPath,
    from: VoxelCell,
    to: VoxelCell,
    margin: i32,
) -> (u32, u32, u32, u32) {
    let (sx, sy, _) = grid.size();
    let all = path.cells.iter().chain(&path.expanded).chain([&from, &to]);
    let clamp = |v: i32, n: u32| v.clamp(0, n as i32 - 1) as u32;
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for c in all {
        x0 = x0.min(clamp(c.x.saturating_sub(margin), sx));
        y0 = y0.min(clamp(c.y.saturating_sub(margin), sy));
        x1 = x1.max(clamp(c.x.saturating_add(margin), sx));
        y1 = y1.max(clamp(c.y.saturating_add(margin), sy));
    }
    (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
}

/// Font pixels per label pixel: the `z=` labels are 15 pixels high.
const LABEL_SIZE: u32 = 3;
/// The label band above each slice.
const LABEL_BAND: u32 = 5 * LABEL_SIZE + 6;
/// The label band's background and ink.
const LABEL_BACK: [u8; 3] = [225, 225, 225];
const LABEL_INK: [u8; 3] = [20, 20, 20];

/// The slice label: `z=45`.
fn label(z: i32) -> String {
    format!("z={z}")
}

/// The picture: returns its width and height in pixels and the PNG bytes.
fn picture(
    grid: &onepath::VoxelGrid,
    path: &onepath::VoxelPath,
    slices: &[i32],
    (from, to): (VoxelCell, VoxelCell),
    (x0, y0, sx, sy): (u32, u32, u32, u32),
    scale: u32,
) -> Result<(u32, u32, Vec<u8>), String> {
    let cols = (slices.len() as u32).clamp(1, 4);
    let rows = (slices.len() as u32).div_ceil(cols).max(1);
    // Each tile: the label band, then the slice; as wide as the slice or the widest label.
    let widest = slices
        .iter()
        .map(|&z| text_width(&label(z), LABEL_SIZE) + 4)
        .max()
        .unwrap_or(0);
    let (slice_w, slice_h) = (sx * scale, sy * scale);
    let (tw, th) = (slice_w.max(widest) + 2, LABEL_BAND + slice_h + 2);
    let (w, h) = (cols * tw, rows * th);
    if u64::from(w) * u64::from(h) > 64_000_000 {
        return Err(format!(
            "picture of {w} x {h} pixels is too large; pass a smaller --scale"
        ));
    }
    let mut canvas = Canvas::new(w, h, GAP);
    let expanded: std::collections::HashSet<VoxelCell> = path.expanded.iter().copied().collect();
    let on_path: std::collections::HashSet<VoxelCell> = path.cells.iter().copied().collect();
    let s = i64::from(scale);
    for (k, &z) in slices.iter().enumerate() {
        let (ox, oy) = (
            i64::from((k as u32 % cols) * tw),
            i64::from((k as u32 / cols) * th),
        );
        canvas.rect(ox, oy, i64::from(tw - 2), i64::from(LABEL_BAND), LABEL_BACK);
        canvas.text(ox + 2, oy + 3, &label(z), LABEL_SIZE, LABEL_INK);
        let top = oy + i64::from(LABEL_BAND);
        let at = |x: u32, y: u32| (ox + i64::from(x) * s, top + i64::from(y) * s);
        let mut marks = Vec::new();
        for y in 0..sy {
            for x in 0..sx {
                let c = VoxelCell::new((x0 + x) as i32, (y0 + y) as i32, z);
                let colour = if c == from {
                    marks.push((x, y, START, MARKER_MIN_PX));
                    START
                } else if c == to {
                    marks.push((x, y, GOAL, MARKER_MIN_PX));
                    GOAL
                } else if on_path.contains(&c) {
                    marks.push((x, y, PATH, LINE_MIN_PX));
                    PATH
                } else if !grid.is_walkable(c) {
                    WALL
                } else if expanded.contains(&c) {
                    EXPANDED
                } else {
                    OPEN
                };
                let (px, py) = at(x, y);
                canvas.rect(px, py, s, s, colour);
            }
        }
        // Path voxels and endpoints at least LINE_MIN_PX and MARKER_MIN_PX across (endpoints
        // outlined when larger than a voxel), inside the slice: endpoints last.
        // Two endpoints in one slice shrink so that the goal does not hide the start.
        let ends: Vec<(u32, u32)> = marks
            .iter()
            .filter(|m| m.3 == MARKER_MIN_PX)
            .map(|m| (m.0, m.1))
            .collect();
        let distance = match ends[..] {
            [(ax, ay), (bx, by)] => i64::from(ax.abs_diff(bx).max(ay.abs_diff(by))) * s,
            _ => i64::MAX,
        };
        canvas.clip(ox, top, ox + i64::from(slice_w), top + i64::from(slice_h));
        marks.sort_by_key(|m| m.3);
        for (x, y, colour, min) in marks {
            let side = if min == MARKER_MIN_PX {
                marker_side(min, distance)
            } else {
                min
            };
            if s >= side {
                continue;
            }
            let (px, py) = at(x, y);
            let outline = (min == MARKER_MIN_PX).then_some(OUTLINE);
            canvas.square(px + s / 2, py + s / 2, side, colour, outline);
        }
        canvas.unclip();
    }
    Ok((w, h, canvas.png()?))
}
