//! The SVG pieces the grid picture (`render.rs`) and the mesh picture (`navmesh_render.rs`)
//! share, so both documents open, escape and draw their cell runs alike.

use std::fmt::Write as _;

use crate::render::OPEN;

/// A colour as `#rrggbb`.
pub fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// Text escaped for an SVG text node.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Opens the document: the `<svg>` element (one user unit per cell of a `w` × `h` grid,
/// `scale` pixels per cell; `attrs` is added to the element verbatim), the escaped `<title>`
/// and the `open` background rectangle.
pub fn open(out: &mut String, w: u32, h: u32, scale: u32, attrs: &str, title: &str) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {w} {h}"{attrs}>"#,
        u64::from(w) * u64::from(scale),
        u64::from(h) * u64::from(scale)
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        r#"<rect id="open" x="0" y="0" width="{w}" height="{h}" fill="{}"/>"#,
        hex(OPEN)
    );
}

/// Horizontal runs of the row-major `cells` (`w` × `h`) where `pick(area)` holds, as one-row
/// `<rect>`s.
pub fn runs(out: &mut String, cells: &[u8], w: u32, h: u32, pick: impl Fn(u8) -> bool) {
    for y in 0..h {
        let row = &cells[(y * w) as usize..((y + 1) * w) as usize];
        let mut x = 0;
        while x < w {
            if pick(row[x as usize]) {
                let start = x;
                while x < w && pick(row[x as usize]) {
                    x += 1;
                }
                let _ = writeln!(
                    out,
                    r#"<rect x="{start}" y="{y}" width="{}" height="1"/>"#,
                    x - start
                );
            } else {
                x += 1;
            }
        }
    }
}
