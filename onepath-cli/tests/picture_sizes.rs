//! Pictures of large maps stay legible (issue 28, item 16): on a 512 x 512 map at one pixel
//! per cell the start, the goal and the jump points were single pixels and the SVG path 0.3
//! pixel wide; the flow field drew no arrows at all there and 5-pixel ones at its default scale
//! on the bundled map; voxel slices had no z label. Markers and lines now have minimum sizes
//! in pixels (start and goal 11, jump points 5, lines 3), checked here on the PNG pixels and the
//! SVG text.

use std::collections::HashSet;
use std::fs;
use std::path::Path;

use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;

// Colours, kept in step with `src/render.rs`, `src/raster.rs` and `src/flow.rs`.
const OPEN: [u8; 3] = [250, 250, 250];
const WALL: [u8; 3] = [45, 48, 56];
const PATH: [u8; 3] = [220, 20, 60];
const START: [u8; 3] = [0, 160, 80];
const GOAL: [u8; 3] = [30, 90, 220];
const OUTLINE: [u8; 3] = [0, 0, 0];
const FLOW_GOAL: [u8; 3] = [220, 40, 40];
const ARROWS: [[u8; 3]; 3] = [[20, 20, 20], [245, 245, 245], [0, 0, 0]];

fn run(args: &[&str], code: i32) -> String {
    let assert = cargo_bin_cmd!("onepath").args(args).assert().code(code);
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

/// A decoded RGB PNG.
struct Image {
    width: i64,
    height: i64,
    px: Vec<u8>,
}

impl Image {
    fn read(path: &Path) -> Self {
        let decoder = png::Decoder::new(std::io::Cursor::new(fs::read(path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut px = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut px).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgb);
        px.truncate(info.buffer_size());
        Self {
            width: i64::from(info.width),
            height: i64::from(info.height),
            px,
        }
    }

    fn at(&self, x: i64, y: i64) -> Option<[u8; 3]> {
        (x >= 0 && y >= 0 && x < self.width && y < self.height).then(|| {
            let i = ((y * self.width + x) * 3) as usize;
            [self.px[i], self.px[i + 1], self.px[i + 2]]
        })
    }

    fn count(&self, c: [u8; 3]) -> usize {
        self.px.chunks(3).filter(|p| *p == c).count()
    }

    /// The connected groups (8-neighbours) of pixels with one of `colours`: the diagonal of
    /// each group's bounding box, in pixels.
    fn group_extents(&self, colours: &[[u8; 3]]) -> Vec<f64> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                let is = |p: Option<[u8; 3]>| p.is_some_and(|p| colours.contains(&p));
                if !is(self.at(x, y)) || !seen.insert((x, y)) {
                    continue;
                }
                let (mut x0, mut y0, mut x1, mut y1) = (x, y, x, y);
                let mut stack = vec![(x, y)];
                while let Some((cx, cy)) = stack.pop() {
                    (x0, y0, x1, y1) = (x0.min(cx), y0.min(cy), x1.max(cx), y1.max(cy));
                    for dy in -1..=1 {
                        for dx in -1..=1 {
                            let n = (cx + dx, cy + dy);
                            if is(self.at(n.0, n.1)) && seen.insert(n) {
                                stack.push(n);
                            }
                        }
                    }
                }
                out.push((((x1 - x0 + 1).pow(2) + (y1 - y0 + 1).pow(2)) as f64).sqrt());
            }
        }
        out
    }
}

/// A 512 x 512 text picture with about one cell in 61 a wall, scattered (so the jump searches
/// find many jump points).
fn big_map(dir: &Path) -> String {
    let mut text = String::new();
    for y in 0..512_u64 {
        for x in 0..512_u64 {
            let wall = (x * 7919 + y * 104_729 + x * y * 31) % 61 == 0;
            text.push(if wall { '#' } else { '.' });
        }
        text.push('\n');
    }
    let path = dir.join("big.txt");
    fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn path_markers_and_lines_have_a_minimum_size_on_a_big_map() {
    let dir = tempfile::tempdir().unwrap();
    let map = big_map(dir.path());
    let png = dir.path().join("p.png");
    let svg = dir.path().join("p.svg");
    let (png_s, svg_s) = (png.to_str().unwrap(), svg.to_str().unwrap());
    let query = [
        "path", "--map", &map, "--from", "8,9", "--to", "500,490", "--alg", "jps",
    ];
    let out = run(
        &[&query[..], &["--png", png_s, "--svg", svg_s, "--ascii"]].concat(),
        0,
    );
    assert!(
        out.contains("(512x512 px, 1 px per cell)"),
        "{}",
        &out[..200]
    );
    let img = Image::read(&png);
    // Start and goal: 11 x 11 squares at least (they were one pixel and a ring).
    assert!(img.count(START) >= 121, "{}", img.count(START));
    assert!(img.count(GOAL) >= 121, "{}", img.count(GOAL));
    // Jump points (`o` in the text picture): a 5 x 5 marker each, no open or wall pixel in it.
    let rows: Vec<&str> = out.lines().skip(2).take(512).collect();
    let mut points = 0;
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c != 'o' {
                continue;
            }
            points += 1;
            for dy in -2..=2 {
                for dx in -2..=2 {
                    let p = img.at(x as i64 + dx, y as i64 + dy);
                    assert!(
                        p != Some(OPEN) && p != Some(WALL),
                        "jump point ({x},{y}): {p:?} at ({dx},{dy})"
                    );
                }
            }
        }
    }
    assert!(points >= 50, "{points} jump points");
    // The path is at least 3 pixels wide across and along every cell.
    let v: Value = serde_json::from_str(&run(&[&query[..], &["--json"]].concat(), 0)).unwrap();
    for cell in v["cells"].as_array().unwrap() {
        let (x, y) = (cell[0].as_i64().unwrap(), cell[1].as_i64().unwrap());
        for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1), (0, 0)] {
            let p = img.at(x + dx, y + dy).unwrap();
            assert!(
                [PATH, START, GOAL, OUTLINE].contains(&p),
                "({x},{y}): {p:?}"
            );
        }
    }
    // The SVG (one user unit per cell, 1 pixel per cell): the path 3 pixels wide, the
    // endpoints 11 across, the jump points 5.
    let text = fs::read_to_string(&svg).unwrap();
    let attr = |tag: &str, name: &str| -> f64 {
        let element = text.split(tag).nth(1).unwrap();
        let value = element.split(&format!(" {name}=\"")).nth(1).unwrap();
        value.split('"').next().unwrap().parse().unwrap()
    };
    assert!(
        attr("<polyline id=\"path\"", "stroke-width") >= 3.0,
        "{}",
        &text[..300]
    );
    assert!(attr("<circle id=\"start\"", "r") * 2.0 >= 11.0);
    assert!(attr("<circle id=\"goal\"", "r") * 2.0 >= 11.0);
    let expanded = text.split("<g id=\"expanded\">").nth(1).unwrap();
    let rects = expanded.split("</g>").next().unwrap();
    assert!(rects.matches("<rect").count() >= points);
    for rect in rects.split("<rect").skip(1) {
        let width: f64 = rect
            .split(" width=\"")
            .nth(1)
            .and_then(|v| v.split('"').next())
            .unwrap()
            .parse()
            .unwrap();
        assert!(width >= 5.0, "{rect}");
    }
}

#[test]
fn flow_arrows_are_readable_at_the_default_scale() {
    // The bundled map at its default 12 pixels per cell: one arrow per cell, at least 8
    // pixels long (the bounding box's diagonal; they were a 5-pixel shaft and a dot).
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("f.png");
    let png_s = png.to_str().unwrap();
    let out = run(&["flow", "--goal", "58,43", "--png", png_s], 0);
    assert!(out.contains("12 px per cell"), "{out}");
    let img = Image::read(&png);
    let mut extents = img.group_extents(&ARROWS);
    extents.sort_by(f64::total_cmp);
    assert!(extents.len() > 1000, "{} arrows", extents.len());
    let median = extents[extents.len() / 2];
    assert!(median >= 8.0, "median arrow {median} px");
    // A 512 x 512 map at 1 pixel per cell: arrows (one per 12 x 12 block; there were none)
    // and a goal of 11 x 11 pixels at least.
    let map = big_map(dir.path());
    let out = run(
        &["flow", "--map", &map, "--goal", "200,300", "--png", png_s],
        0,
    );
    assert!(out.contains("1 px per cell"), "{out}");
    let img = Image::read(&png);
    assert!(img.count(FLOW_GOAL) >= 121, "{}", img.count(FLOW_GOAL));
    let extents = img.group_extents(&ARROWS[..2]);
    let long = extents.iter().filter(|&&e| e >= 8.0).count();
    assert!(long >= 1000, "{long} arrows of 8 px or more");
}

/// A voxel block `n` x `n` x 2, all open.
fn open_voxels(dir: &Path, n: u32) -> String {
    let path = dir.join("open.3dmap");
    fs::write(&path, format!("voxel {n} {n} 2\n")).unwrap();
    path.display().to_string()
}

#[test]
fn voxel_slices_have_their_z_label_and_visible_endpoints() {
    let dir = tempfile::tempdir().unwrap();
    let map = open_voxels(dir.path(), 60);
    let png = dir.path().join("v.png");
    let png_s = png.to_str().unwrap();
    let out = run(
        &[
            "path", "--map", &map, "--from", "10,10,0", "--to", "40,45,1", "--png", png_s,
            "--scale", "1",
        ],
        0,
    );
    assert!(out.contains("slices z = [0, 1]"), "{out}");
    let img = Image::read(&png);
    // Start and goal 11 x 11 at least (they were one pixel at --scale 1).
    assert!(img.count(START) >= 121, "{}", img.count(START));
    assert!(img.count(GOAL) >= 121, "{}", img.count(GOAL));
    // Two tiles side by side; each starts with a label band with ink in it, and the two
    // labels (z=0, z=1) differ.
    let tile = img.width / 2;
    let ink = [20, 20, 20];
    let band = |k: i64| -> Vec<[u8; 3]> {
        (0..16)
            .flat_map(|y| (0..tile - 2).map(move |x| (x, y)))
            .map(|(x, y)| img.at(k * tile + x, y).unwrap())
            .collect()
    };
    let (a, b) = (band(0), band(1));
    assert!(a.contains(&ink) && b.contains(&ink), "no label ink");
    assert_ne!(a, b, "the z=0 and z=1 labels are the same");
    // No map colour in the bands: the label sits above the slice, not on it.
    for p in a.iter().chain(&b) {
        assert!(
            ![OPEN, WALL, PATH, START, GOAL].contains(p),
            "{p:?} in a band"
        );
    }
}
