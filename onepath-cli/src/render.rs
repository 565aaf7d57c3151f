//! Drawing a search as PNG or SVG: the map, the expanded cells coloured by expansion order
//! (pale yellow first, through green, to pale blue last), the path in crimson, the start in
//! green and the goal in blue. With `--alg hpa` the PNG also shows the chunk borders (blue
//! lines), the abstract nodes (orange dots) and the abstract path (purple rings).

use std::fmt::Write as _;

use crate::raster::{Canvas, LINE_MIN_PX, MARKER_MIN_PX, OUTLINE, POINT_MIN_PX, marker_side};
use crate::svg::{self, hex};

/// Wall colour.
pub const WALL: [u8; 3] = [45, 48, 56];
/// Open, unexpanded cell colour.
pub const OPEN: [u8; 3] = [250, 250, 250];
/// Path colour.
pub const PATH: [u8; 3] = [220, 20, 60];
/// Start colour.
pub const START: [u8; 3] = [0, 160, 80];
/// Goal colour.
pub const GOAL: [u8; 3] = [30, 90, 220];
/// Outline of a jump-point marker.
pub const POINT_OUTLINE: [u8; 3] = [90, 90, 90];
/// Expansion gradient stops, first expanded to last.
const GRADIENT: [[u8; 3]; 3] = [[255, 236, 150], [150, 222, 170], [150, 175, 240]];

/// Everything a picture shows. Node ids are `y * width + x`.
pub struct Picture<'a> {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Area bytes, row-major (255 = wall).
    pub cells: &'a [u8],
    /// Expanded nodes in expansion order.
    pub expanded: &'a [u32],
    /// The path, start first (may be empty).
    pub path: &'a [u32],
    /// The start node, if inside the map.
    pub start: Option<u32>,
    /// The goal node, if inside the map.
    pub goal: Option<u32>,
    /// Whether the expanded nodes are jump points (few and far apart: drawn as markers of at
    /// least [`POINT_MIN_PX`]) rather than a region of cells.
    pub expanded_are_points: bool,
    /// HPA*: chunk borders, abstract nodes and the abstract path (PNG only).
    pub hpa: Option<HpaOverlay<'a>>,
}

/// What an HPA* picture adds: the chunk borders, every abstract node (transition cell) and
/// the abstract path the refined path came from.
pub struct HpaOverlay<'a> {
    /// Chunk side in cells.
    pub chunk: u32,
    /// Abstract nodes (cells).
    pub nodes: &'a [u32],
    /// The abstract path (start, transitions, goal).
    pub abstract_path: &'a [u32],
}

/// Chunk border colour.
pub const BORDER: [u8; 3] = [120, 120, 200];
/// Abstract node colour.
pub const NODE: [u8; 3] = [255, 150, 0];
/// Abstract path node colour.
pub const ABSTRACT: [u8; 3] = [130, 0, 170];

/// The colour of the `rank`-th of `count` expanded cells.
fn expansion_colour(rank: usize, count: usize) -> [u8; 3] {
    let t = if count <= 1 {
        0.0
    } else {
        rank as f64 / (count - 1) as f64
    };
    let (a, b, u) = if t < 0.5 {
        (GRADIENT[0], GRADIENT[1], t * 2.0)
    } else {
        (GRADIENT[1], GRADIENT[2], (t - 0.5) * 2.0)
    };
    let mix = |i: usize| (f64::from(a[i]) + (f64::from(b[i]) - f64::from(a[i])) * u).round() as u8;
    [mix(0), mix(1), mix(2)]
}

impl Picture<'_> {
    /// One colour per cell: wall, open, or its expansion colour.
    fn cell_colours(&self) -> Vec<[u8; 3]> {
        let mut colours: Vec<[u8; 3]> = self
            .cells
            .iter()
            .map(|&c| if c == 255 { WALL } else { OPEN })
            .collect();
        for (rank, &n) in self.expanded.iter().enumerate() {
            if let Some(c) = colours.get_mut(n as usize) {
                *c = expansion_colour(rank, self.expanded.len());
            }
        }
        colours
    }

    fn xy(&self, n: u32) -> (u32, u32) {
        (n % self.width, n / self.width)
    }

    /// Pixels between the start's and the goal's centres at `scale` (the larger of the x and
    /// y distances); unbounded without both, or when they are one cell.
    fn endpoint_distance(&self, scale: u32) -> i64 {
        match (self.start, self.goal) {
            (Some(a), Some(b)) if a != b => {
                let ((x0, y0), (x1, y1)) = (self.xy(a), self.xy(b));
                i64::from(x0.abs_diff(x1).max(y0.abs_diff(y1))) * i64::from(scale)
            }
            _ => i64::MAX,
        }
    }

    /// A pixel scale that makes the longer side about 800 pixels (1..=16).
    pub fn auto_scale(&self) -> u32 {
        (800 / self.width.max(self.height)).clamp(1, 16)
    }

    /// RGB pixels (3 bytes each, row-major) at `scale` pixels per cell.
    ///
    /// Whatever the scale, the path is at least [`LINE_MIN_PX`] wide, the start and goal are
    /// squares of at least [`MARKER_MIN_PX`] and jump points of at least [`POINT_MIN_PX`]
    /// (outlined when larger than their cell), so they show on a 512 x 512 map at one pixel
    /// per cell.
    #[cfg(test)]
    pub fn rgb(&self, scale: u32) -> (u32, u32, Vec<u8>) {
        self.canvas(scale).into_rgb()
    }

    fn canvas(&self, scale: u32) -> Canvas {
        let (pw, ph) = (self.width * scale, self.height * scale);
        let mut canvas = Canvas::new(pw, ph, OPEN);
        let s = i64::from(scale);
        for (n, c) in self.cell_colours().into_iter().enumerate() {
            let (cx, cy) = self.xy(n as u32);
            canvas.rect(i64::from(cx) * s, i64::from(cy) * s, s, s, c);
        }
        let centre = |n: u32| {
            let (x, y) = self.xy(n);
            (i64::from(x) * s + s / 2, i64::from(y) * s + s / 2)
        };
        // Cells apart along the longer axis: 1 for grid moves, more between any-angle waypoints.
        let apart = |a: u32, b: u32| {
            let ((x0, y0), (x1, y1)) = (self.xy(a), self.xy(b));
            i64::from(x0.abs_diff(x1).max(y0.abs_diff(y1))).max(1)
        };
        if let Some(o) = &self.hpa {
            // Chunk borders: the first pixel row / column of every chunk after the first.
            let c = i64::from(o.chunk.max(1)) * s;
            for x in (c..i64::from(pw)).step_by(c as usize) {
                canvas.rect(x, 0, 1, i64::from(ph), BORDER);
            }
            for y in (c..i64::from(ph)).step_by(c as usize) {
                canvas.rect(0, y, i64::from(pw), 1, BORDER);
            }
            // Abstract nodes: at least 3 pixels.
            let side = (2 * (s / 4) + 1).max(3);
            for &n in o.nodes {
                let (x, y) = centre(n);
                canvas.square(x, y, side, NODE, None);
            }
        }
        // Jump points (the jump searches' expansions) are few and would be single pixels on a
        // big map: outlined squares of at least POINT_MIN_PX.
        if self.expanded_are_points && s < POINT_MIN_PX {
            for (rank, &n) in self.expanded.iter().enumerate() {
                let (x, y) = centre(n);
                let colour = expansion_colour(rank, self.expanded.len());
                canvas.square(x, y, POINT_MIN_PX, colour, Some(POINT_OUTLINE));
            }
        }
        if scale < 4 {
            // Whole cells, widened by a pixel on each side: at least LINE_MIN_PX (3) wide.
            let pad = 1;
            for &n in self.path {
                let (x, y) = self.xy(n);
                canvas.rect(
                    i64::from(x) * s - pad,
                    i64::from(y) * s - pad,
                    s + 2 * pad,
                    s + 2 * pad,
                    PATH,
                );
            }
            // Straight segments between any-angle waypoints.
            for pair in self.path.windows(2) {
                if apart(pair[0], pair[1]) < 2 {
                    continue;
                }
                let ((x0, y0), (x1, y1)) = (centre(pair[0]), centre(pair[1]));
                canvas.line(
                    (x0 as f64 + 0.5, y0 as f64 + 0.5),
                    (x1 as f64 + 0.5, y1 as f64 + 0.5),
                    LINE_MIN_PX,
                    PATH,
                );
            }
        } else {
            // A line through the cell centres, about a fifth of a cell thick, at least
            // LINE_MIN_PX.
            let width = (2 * (s / 10) + 1).max(LINE_MIN_PX);
            if let [only] = self.path {
                let (x, y) = centre(*only);
                canvas.square(x, y, width, PATH, None);
            }
            for pair in self.path.windows(2) {
                let ((x0, y0), (x1, y1)) = (centre(pair[0]), centre(pair[1]));
                canvas.line(
                    (x0 as f64 + 0.5, y0 as f64 + 0.5),
                    (x1 as f64 + 0.5, y1 as f64 + 0.5),
                    width,
                    PATH,
                );
            }
        }
        if let Some(o) = &self.hpa {
            let r = (s / 3).max(3);
            for &n in o.abstract_path {
                let (x, y) = centre(n);
                for k in -r..=r {
                    for (dx, dy) in [(k, -r), (k, r), (-r, k), (r, k)] {
                        canvas.put(x + dx, y + dy, ABSTRACT);
                    }
                }
            }
        }
        // Endpoints: a square two thirds of a cell wide, at least MARKER_MIN_PX (less when the
        // two are so close that the goal would hide the start), outlined when it is larger
        // than the cell.
        let side = marker_side(
            (2 * (s / 3) + 1).max(MARKER_MIN_PX),
            self.endpoint_distance(scale),
        );
        let outline = (side > s).then_some(OUTLINE);
        for (node, colour) in [(self.start, START), (self.goal, GOAL)] {
            if let Some(n) = node {
                let (x, y) = centre(n);
                canvas.square(x, y, side, colour, outline);
            }
        }
        canvas
    }

    /// The picture as PNG bytes.
    ///
    /// # Errors
    ///
    /// The encoder's error, as text.
    pub fn png(&self, scale: u32) -> Result<Vec<u8>, String> {
        self.canvas(scale).png()
    }

    /// The picture as an SVG document (one user unit per cell; `scale` pixels per cell).
    pub fn svg(&self, scale: u32, title: &str) -> String {
        let (w, h) = (self.width, self.height);
        let mut out = String::new();
        svg::open(
            &mut out,
            w,
            h,
            scale,
            r#" shape-rendering="crispEdges""#,
            title,
        );
        // Walls as horizontal runs.
        let _ = writeln!(out, r#"<g id="walls" fill="{}">"#, hex(WALL));
        svg::runs(&mut out, self.cells, w, h, |a| a == 255);
        // One user unit is a cell, `scale` pixels: a size of `px` pixels is `px / scale` units.
        let px = |n: i64| n as f64 / f64::from(scale.max(1));
        // Jump points: squares of at least POINT_MIN_PX, outlined when larger than the cell.
        let point = if self.expanded_are_points && i64::from(scale) < POINT_MIN_PX {
            Some(px(POINT_MIN_PX))
        } else {
            None
        };
        out.push_str("</g>\n<g id=\"expanded\">\n");
        for (rank, &n) in self.expanded.iter().enumerate() {
            let (x, y) = self.xy(n);
            let fill = hex(expansion_colour(rank, self.expanded.len()));
            if let Some(side) = point {
                let at = |c: u32| num(f64::from(c) + 0.5 - side / 2.0);
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{w}" height="{w}" fill="{fill}" stroke="{}" stroke-width="{}"/>"#,
                    at(x),
                    at(y),
                    hex(POINT_OUTLINE),
                    num(px(1)),
                    w = num(side),
                );
            } else {
                let _ = writeln!(
                    out,
                    r#"<rect x="{x}" y="{y}" width="1" height="1" fill="{fill}"/>"#
                );
            }
        }
        out.push_str("</g>\n");
        if !self.path.is_empty() {
            let points: Vec<String> = self
                .path
                .iter()
                .map(|&n| {
                    let (x, y) = self.xy(n);
                    format!("{x}.5,{y}.5")
                })
                .collect();
            // 0.3 of a cell, at least LINE_MIN_PX pixels.
            let width = px(LINE_MIN_PX).max(0.3);
            let _ = writeln!(
                out,
                r#"<polyline id="path" points="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round" shape-rendering="auto"/>"#,
                points.join(" "),
                hex(PATH),
                num(width)
            );
        }
        // Endpoints: 0.45 of a cell in radius, at least MARKER_MIN_PX pixels across (less when
        // the goal would hide the start), outlined when larger than the cell.
        let side = marker_side(MARKER_MIN_PX, self.endpoint_distance(scale));
        let r = (px(side) / 2.0).max(0.45);
        let outline = if r > 0.5 {
            format!(
                r#" stroke="{}" stroke-width="{}""#,
                hex(OUTLINE),
                num(px(1))
            )
        } else {
            String::new()
        };
        for (id, node, colour) in [("start", self.start, START), ("goal", self.goal, GOAL)] {
            if let Some(n) = node {
                let (x, y) = self.xy(n);
                let _ = writeln!(
                    out,
                    r#"<circle id="{id}" cx="{x}.5" cy="{y}.5" r="{}" fill="{}"{outline} shape-rendering="auto"/>"#,
                    num(r),
                    hex(colour)
                );
            }
        }
        out.push_str("</svg>\n");
        out
    }

    /// A text picture: `#` wall, `.` open, `o` expanded, `*` path, `S` start, `G` goal.
    pub fn ascii(&self) -> String {
        let mut chars: Vec<u8> = self
            .cells
            .iter()
            .map(|&c| if c == 255 { b'#' } else { b'.' })
            .collect();
        for &n in self.expanded {
            chars[n as usize] = b'o';
        }
        for &n in self.path {
            chars[n as usize] = b'*';
        }
        for (node, c) in [(self.start, b'S'), (self.goal, b'G')] {
            if let Some(n) = node {
                chars[n as usize] = c;
            }
        }
        let mut out = String::with_capacity(chars.len() + self.height as usize);
        for row in chars.chunks(self.width as usize) {
            out.push_str(&String::from_utf8_lossy(row));
            out.push('\n');
        }
        out
    }
}

/// A length in user units, shortest exact-enough form (`3`, `0.3`, `0.4583`).
fn num(v: f64) -> String {
    let text = format!("{v:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_owned()
}

#[cfg(test)]
mod tests {
    use super::{GRADIENT, Picture, expansion_colour};

    #[test]
    fn gradient_ends_at_its_stops() {
        assert_eq!(expansion_colour(0, 10), GRADIENT[0]);
        assert_eq!(expansion_colour(9, 10), GRADIENT[2]);
        assert_eq!(expansion_colour(0, 1), GRADIENT[0]);
    }

    #[test]
    fn pixels_show_path_and_endpoints() {
        // 8 x 4: open except the bottom row; the path runs along the top row.
        let mut cells = [0_u8; 32];
        cells[24..].fill(255);
        let pic = Picture {
            hpa: None,
            width: 8,
            height: 4,
            cells: &cells,
            expanded: &[0, 1, 2, 9],
            path: &[0, 1, 2, 3],
            start: Some(0),
            goal: Some(3),
            expanded_are_points: false,
        };
        for scale in [1, 2, 3, 8] {
            let (w, h, px) = pic.rgb(scale);
            assert_eq!((w, h), (8 * scale, 4 * scale));
            let has = |c: [u8; 3]| px.chunks(3).any(|p| p == c);
            assert!(has(super::PATH), "scale {scale}");
            assert!(has(super::START) && has(super::GOAL), "scale {scale}");
            assert!(has(super::WALL) && has(super::OPEN), "scale {scale}");
        }
        assert_eq!(pic.ascii(), "S**G....\n.o......\n........\n########\n");
        let svg = pic.svg(4, "a < b");
        assert!(svg.contains("<polyline") && svg.contains("a &lt; b"));
        assert!(svg.contains(r#"<rect x="0" y="3" width="8" height="1"/>"#));
    }
}
