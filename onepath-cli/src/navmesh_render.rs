//! Drawing a navigation mesh as PNG or SVG (the guide's §11.4, "Drawing NavMesh Polygons"):
//! walls, walkable cells the mesh leaves out (eroded by the agent radius), the polygons filled
//! in alternating pastel colours, boundary edges dark, portals (shared edges) cyan, the
//! corridor's polygons orange, the straight path crimson through its waypoints, the start green
//! and the goal blue.
//!
//! Mesh coordinates are cells with row 0 at the top, as every picture of the CLI draws a map
//! (docs/navmesh.md §1: mesh y is the grid row). In the PNG, corner `(i, j)` is the top-left
//! corner of pixel `(i·scale, j·scale)`; edges are drawn from 3 pixels per cell (below that
//! they would cover the fills), the path and the markers at every scale with the minimum sizes
//! of [`crate::raster`].

use std::fmt::Write as _;

use onepath::navmesh::{NavMesh, NavPoint};

use crate::raster::{Canvas, LINE_MIN_PX, MARKER_MIN_PX, OUTLINE, marker_side};
use crate::render::{GOAL, OPEN, PATH, START, WALL};
use crate::svg::{self, hex, runs};

/// Walkable cells the mesh does not cover (eroded by the agent radius).
pub const ERODED: [u8; 3] = [200, 200, 206];
/// Polygon fills, by polygon id modulo their count (neighbours in a row differ).
pub const FILLS: [[u8; 3]; 4] = [
    [214, 234, 248],
    [213, 245, 227],
    [252, 243, 207],
    [232, 218, 239],
];
/// Fill of the corridor's polygons.
pub const CORRIDOR: [u8; 3] = [255, 200, 140];
/// Boundary edges (no polygon on the other side).
pub const BOUNDARY: [u8; 3] = [70, 74, 86];
/// Portals (edges shared by two polygons).
pub const PORTAL: [u8; 3] = [0, 170, 200];
/// Smallest pixels per cell at which edges and portals are drawn.
pub const EDGES_MIN_SCALE: u32 = 3;

/// Everything a mesh picture shows.
pub struct MeshPicture<'a> {
    /// The mesh.
    pub mesh: &'a NavMesh,
    /// The grid's area bytes, row-major (255 = wall), `mesh.width() × mesh.height()`.
    pub cells: &'a [u8],
    /// The corridor's polygon ids (may be empty).
    pub corridor: &'a [u32],
    /// The path's waypoints, start first (may be empty).
    pub path: &'a [NavPoint],
    /// The start point, if given.
    pub start: Option<NavPoint>,
    /// The goal point, if given.
    pub goal: Option<NavPoint>,
}

/// A fixed-point coordinate (2^-16 cell) in cells.
pub fn cells_of(v: i64) -> f64 {
    v as f64 / NavPoint::UNIT as f64
}

impl MeshPicture<'_> {
    /// A pixel scale that makes the longer side about 800 pixels (1..=16).
    pub fn auto_scale(&self) -> u32 {
        (800 / self.mesh.width().max(self.mesh.height()).max(1)).clamp(1, 16)
    }

    /// The polygon fills: the corridor's orange, the others by id.
    fn fill(&self, id: u32) -> [u8; 3] {
        if self.corridor.contains(&id) {
            CORRIDOR
        } else {
            FILLS[id as usize % FILLS.len()]
        }
    }

    /// Every edge once: `(from, to, is_portal)` in corner coordinates. A portal is listed by
    /// the polygon of the lower id.
    fn edges(&self) -> Vec<([i32; 2], [i32; 2], bool)> {
        let mut out = Vec::new();
        for id in 0..self.mesh.poly_count() {
            let Some(p) = self.mesh.polygon(id) else {
                continue;
            };
            let v = p.vertices();
            for k in 0..v.len() {
                let (a, b) = (v[k], v[(k + 1) % v.len()]);
                match p.link(k as u32) {
                    Some((other, _)) if other < id => {}
                    Some(_) => out.push((a, b, true)),
                    None => out.push((a, b, false)),
                }
            }
        }
        out
    }

    /// Pixels between the start and the goal (the larger of the x and y distances); unbounded
    /// without both.
    fn endpoint_distance(&self, scale: u32) -> i64 {
        match (self.start, self.goal) {
            (Some(a), Some(b)) => {
                let d = (a.x - b.x).abs().max((a.y - b.y).abs());
                (d as f64 / NavPoint::UNIT as f64 * f64::from(scale)) as i64
            }
            _ => i64::MAX,
        }
    }

    fn canvas(&self, scale: u32) -> Canvas {
        let (w, h) = (self.mesh.width(), self.mesh.height());
        let (pw, ph) = (w * scale, h * scale);
        let s = i64::from(scale);
        let mut canvas = Canvas::new(pw, ph, OPEN);
        for (n, &area) in self.cells.iter().enumerate() {
            let (x, y) = ((n as u32 % w.max(1)) as i64, (n as u32 / w.max(1)) as i64);
            let c = if area == 255 { WALL } else { ERODED };
            canvas.rect(x * s, y * s, s, s, c);
        }
        for id in 0..self.mesh.poly_count() {
            if let Some(p) = self.mesh.polygon(id) {
                let [x0, y0, x1, y1] = p.rect().map(i64::from);
                canvas.rect(x0 * s, y0 * s, (x1 - x0) * s, (y1 - y0) * s, self.fill(id));
            }
        }
        if scale >= EDGES_MIN_SCALE {
            // A corner's pixel column/row, kept inside the canvas on the far borders.
            let px = |v: i32, max: u32| {
                f64::from((i64::from(v) * s).min(i64::from(max) - 1) as i32) + 0.5
            };
            let portal_width = if scale >= 8 { 2 } else { 1 };
            let edges = self.edges();
            for (portal, colour, width) in [(false, BOUNDARY, 1), (true, PORTAL, portal_width)] {
                for &(a, b, is_portal) in &edges {
                    if is_portal == portal {
                        canvas.line(
                            (px(a[0], pw), px(a[1], ph)),
                            (px(b[0], pw), px(b[1], ph)),
                            width,
                            colour,
                        );
                    }
                }
            }
        }
        let at = |p: NavPoint| (cells_of(p.x) * scale as f64, cells_of(p.y) * scale as f64);
        let width = (2 * (s / 10) + 1).max(LINE_MIN_PX);
        for pair in self.path.windows(2) {
            canvas.line(at(pair[0]), at(pair[1]), width, PATH);
        }
        let side = marker_side(
            (2 * (s / 3) + 1).max(MARKER_MIN_PX),
            self.endpoint_distance(scale),
        );
        let outline = (side > s).then_some(OUTLINE);
        for (point, colour) in [(self.start, START), (self.goal, GOAL)] {
            if let Some(p) = point {
                let (x, y) = at(p);
                canvas.square(x as i64, y as i64, side, colour, outline);
            }
        }
        canvas
    }

    /// RGB pixels (3 bytes each, row-major) at `scale` pixels per cell.
    #[cfg(test)]
    pub fn rgb(&self, scale: u32) -> (u32, u32, Vec<u8>) {
        self.canvas(scale).into_rgb()
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
    /// Groups: `walls`, `eroded`, `polygons` (one `<polygon>` per mesh polygon, `data-id` its
    /// id, in id order), `boundary`, `portals`, then the `path` polyline and the `start` and
    /// `goal` circles.
    pub fn svg(&self, scale: u32, title: &str) -> String {
        let (w, h) = (self.mesh.width(), self.mesh.height());
        let mut out = String::new();
        svg::open(&mut out, w, h, scale, "", title);
        for (id, wall, colour) in [("walls", true, WALL), ("eroded", false, ERODED)] {
            let _ = writeln!(
                out,
                r#"<g id="{id}" fill="{}" shape-rendering="crispEdges">"#,
                hex(colour)
            );
            runs(&mut out, self.cells, w, h, |a| (a == 255) == wall);
            out.push_str("</g>\n");
        }
        out.push_str("<g id=\"polygons\" shape-rendering=\"crispEdges\">\n");
        for id in 0..self.mesh.poly_count() {
            if let Some(p) = self.mesh.polygon(id) {
                let points: Vec<String> = p
                    .vertices()
                    .iter()
                    .map(|v| format!("{},{}", v[0], v[1]))
                    .collect();
                let _ = writeln!(
                    out,
                    r#"<polygon data-id="{id}" points="{}" fill="{}"/>"#,
                    points.join(" "),
                    hex(self.fill(id))
                );
            }
        }
        out.push_str("</g>\n");
        let edges = self.edges();
        let px = |n: f64| n / f64::from(scale.max(1));
        for (id, portal, colour, width) in [
            ("boundary", false, BOUNDARY, px(1.0).min(0.1)),
            ("portals", true, PORTAL, px(2.0).min(0.15)),
        ] {
            let _ = writeln!(
                out,
                r#"<g id="{id}" stroke="{}" stroke-width="{}">"#,
                hex(colour),
                num(width)
            );
            for &(a, b, is_portal) in &edges {
                if is_portal == portal {
                    let _ = writeln!(
                        out,
                        r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                        a[0], a[1], b[0], b[1]
                    );
                }
            }
            out.push_str("</g>\n");
        }
        if !self.path.is_empty() {
            let points: Vec<String> = self
                .path
                .iter()
                .map(|p| format!("{},{}", num(cells_of(p.x)), num(cells_of(p.y))))
                .collect();
            let _ = writeln!(
                out,
                r#"<polyline id="path" points="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"/>"#,
                points.join(" "),
                hex(PATH),
                num(px(LINE_MIN_PX as f64).max(0.3))
            );
        }
        let side = marker_side(MARKER_MIN_PX, self.endpoint_distance(scale));
        let r = (px(side as f64) / 2.0).max(0.45);
        for (id, point, colour) in [("start", self.start, START), ("goal", self.goal, GOAL)] {
            if let Some(p) = point {
                let _ = writeln!(
                    out,
                    r#"<circle id="{id}" cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="{}"/>"#,
                    num(cells_of(p.x)),
                    num(cells_of(p.y)),
                    num(r),
                    hex(colour),
                    hex(OUTLINE),
                    num(px(1.0))
                );
            }
        }
        out.push_str("</svg>\n");
        out
    }
}

/// A number with at most 6 decimals and no trailing zeros.
fn num(v: f64) -> String {
    let text = format!("{v:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text.is_empty() || text == "-" {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use onepath::GridSpace;
    use onepath::navmesh::{NavMesh, NavPoint, NavSettings};

    use super::{BOUNDARY, CORRIDOR, FILLS, MeshPicture, PORTAL};
    use crate::render::{PATH, WALL};

    /// 6 x 3, one wall at (2, 0): the polygons, walls, portals, corridor and path show where
    /// they are, and edges only from 3 pixels per cell.
    #[test]
    fn pixels_show_polygons_portals_corridor_and_path() {
        let mut cells = vec![0_u8; 18];
        cells[2] = 255;
        let walkable: Vec<bool> = cells.iter().map(|&c| c != 255).collect();
        let mesh = NavMesh::from_walkable(6, 3, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT)
            .unwrap();
        assert!(mesh.poly_count() >= 2);
        let path = [
            NavPoint::cell_center(onepath::Cell::new(0, 0)),
            NavPoint::cell_center(onepath::Cell::new(5, 2)),
        ];
        let pic = MeshPicture {
            mesh: &mesh,
            cells: &cells,
            corridor: &[0],
            path: &path,
            start: Some(path[0]),
            goal: Some(path[1]),
        };
        let at = |px: &[u8], w: u32, x: u32, y: u32| {
            let i = ((y * w + x) * 3) as usize;
            [px[i], px[i + 1], px[i + 2]]
        };
        let (w, h, px) = pic.rgb(10);
        assert_eq!((w, h), (60, 30));
        assert_eq!(at(&px, w, 25, 3), WALL); // cell (2, 0), away from the path
        assert_eq!(at(&px, w, 4, 25), CORRIDOR); // polygon 0 covers (0, 0) .. (2, 3)
        let has = |px: &[u8], c: [u8; 3]| px.chunks(3).any(|p| p == c);
        assert!(has(&px, PORTAL) && has(&px, BOUNDARY) && has(&px, PATH));
        assert!(FILLS.iter().any(|&c| has(&px, c)));
        let (_, _, small) = pic.rgb(2);
        assert!(!has(&small, PORTAL) && has(&small, PATH));
        let svg = pic.svg(10, "t");
        assert_eq!(svg.matches("<polygon ").count(), mesh.poly_count() as usize);
        assert!(
            svg.contains(r#"<circle id="start" cx="0.5" cy="0.5""#),
            "{svg}"
        );
    }
}
