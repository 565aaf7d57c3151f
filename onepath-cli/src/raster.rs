//! A small RGB canvas for the PNG pictures (`path`, `flow`, voxel slices): clipped pixels,
//! squares, thick lines, a 3 x 5 pixel font for labels, and PNG encoding.
//!
//! The minimum sizes in pixels live here (issue 28, item 16: on a 512 x 512 map at one pixel
//! per cell the start, the goal and the jump points were single pixels): markers and lines are
//! never drawn smaller than these, whatever the scale.

/// Smallest side of a start or goal marker, in pixels (plus a one-pixel outline when the
/// marker is larger than its cell).
pub const MARKER_MIN_PX: i64 = 11;
/// Smallest side of a jump-point marker, in pixels (plus a one-pixel outline).
pub const POINT_MIN_PX: i64 = 5;
/// Smallest width of a path line, in pixels.
pub const LINE_MIN_PX: i64 = 3;
/// Outline around markers that are larger than their cell.
pub const OUTLINE: [u8; 3] = [0, 0, 0];

/// The side of two markers `distance` pixels apart (the larger of the x and y distances
/// between their centres): `side`, shrunk when the two with their outlines would not leave a
/// pixel between them, so the later never hides the earlier and the path shows between them;
/// at least 1.
pub fn marker_side(side: i64, distance: i64) -> i64 {
    if distance >= side + 3 {
        side
    } else {
        (distance - 3).max(1)
    }
}

/// Glyphs of the label font, 3 wide and 5 high, one row per byte (bit 2 is the left column).
const GLYPHS: [(char, [u8; 5]); 14] = [
    ('0', [0b111, 0b101, 0b101, 0b101, 0b111]),
    ('1', [0b010, 0b110, 0b010, 0b010, 0b111]),
    ('2', [0b111, 0b001, 0b111, 0b100, 0b111]),
    ('3', [0b111, 0b001, 0b111, 0b001, 0b111]),
    ('4', [0b101, 0b101, 0b111, 0b001, 0b001]),
    ('5', [0b111, 0b100, 0b111, 0b001, 0b111]),
    ('6', [0b111, 0b100, 0b111, 0b101, 0b111]),
    ('7', [0b111, 0b001, 0b010, 0b010, 0b010]),
    ('8', [0b111, 0b101, 0b111, 0b101, 0b111]),
    ('9', [0b111, 0b101, 0b111, 0b001, 0b111]),
    ('z', [0b000, 0b111, 0b001, 0b010, 0b111]),
    ('=', [0b000, 0b111, 0b000, 0b111, 0b000]),
    ('-', [0b000, 0b000, 0b111, 0b000, 0b000]),
    (' ', [0b000, 0b000, 0b000, 0b000, 0b000]),
];

/// The 3 x 5 rows of `c` (a blank for characters the font does not have).
fn glyph(c: char) -> [u8; 5] {
    GLYPHS
        .iter()
        .find(|(g, _)| *g == c)
        .map_or([0; 5], |(_, rows)| *rows)
}

/// Width in pixels of `text` at `size` pixels per font pixel (4 font pixels per character,
/// less the last gap).
pub fn text_width(text: &str, size: u32) -> u32 {
    let n = text.chars().count() as u32;
    (n * 4).saturating_sub(1) * size
}

/// An RGB image with drawing limited to a clip rectangle.
pub struct Canvas {
    width: u32,
    height: u32,
    px: Vec<u8>,
    /// `x0, y0, x1, y1` (exclusive): pixels outside are left alone.
    clip: (i64, i64, i64, i64),
}

impl Canvas {
    /// A `width` x `height` canvas filled with `background`.
    pub fn new(width: u32, height: u32, background: [u8; 3]) -> Self {
        let mut px = Vec::with_capacity(width as usize * height as usize * 3);
        for _ in 0..u64::from(width) * u64::from(height) {
            px.extend_from_slice(&background);
        }
        Self {
            width,
            height,
            px,
            clip: (0, 0, i64::from(width), i64::from(height)),
        }
    }

    /// Limits drawing to `x0..x1` by `y0..y1` (within the canvas); [`Canvas::unclip`] lifts it.
    pub fn clip(&mut self, x0: i64, y0: i64, x1: i64, y1: i64) {
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        self.clip = (x0.max(0), y0.max(0), x1.min(w), y1.min(h));
    }

    /// Drawing anywhere on the canvas again.
    pub fn unclip(&mut self) {
        self.clip = (0, 0, i64::from(self.width), i64::from(self.height));
    }

    /// Sets one pixel (nothing outside the clip rectangle).
    pub fn put(&mut self, x: i64, y: i64, c: [u8; 3]) {
        let (x0, y0, x1, y1) = self.clip;
        if x >= x0 && y >= y0 && x < x1 && y < y1 {
            let i = (y as usize * self.width as usize + x as usize) * 3;
            self.px[i..i + 3].copy_from_slice(&c);
        }
    }

    /// The colour at `(x, y)`, `None` outside the canvas.
    #[cfg(test)]
    pub fn get(&self, x: i64, y: i64) -> Option<[u8; 3]> {
        let inside = x >= 0 && y >= 0 && x < i64::from(self.width) && y < i64::from(self.height);
        inside.then(|| {
            let i = (y as usize * self.width as usize + x as usize) * 3;
            [self.px[i], self.px[i + 1], self.px[i + 2]]
        })
    }

    /// Fills the rectangle `x..x + w` by `y..y + h`.
    pub fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, c: [u8; 3]) {
        let (x0, y0, x1, y1) = self.clip;
        for yy in y.max(y0)..(y + h).min(y1) {
            for xx in x.max(x0)..(x + w).min(x1) {
                self.put(xx, yy, c);
            }
        }
    }

    /// A square of side `side` centred on `(cx, cy)` (odd sides centre exactly), with a
    /// one-pixel `outline` around it when given.
    pub fn square(&mut self, cx: i64, cy: i64, side: i64, fill: [u8; 3], outline: Option<[u8; 3]>) {
        let x = cx - side / 2;
        let y = cy - side / 2;
        if let Some(o) = outline {
            self.rect(x - 1, y - 1, side + 2, side + 2, o);
        }
        self.rect(x, y, side, side, fill);
    }

    /// A line from `a` to `b` (pixel coordinates, pixel centres at .5) `width` pixels wide.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), width: i64, c: [u8; 3]) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let steps = (dx.abs().max(dy.abs()) * 2.0).ceil().max(1.0) as i64;
        let lo = (width - 1) / 2;
        let hi = width - 1 - lo;
        for k in 0..=steps {
            let t = k as f64 / steps as f64;
            let (x, y) = ((a.0 + dx * t).floor() as i64, (a.1 + dy * t).floor() as i64);
            for oy in -lo..=hi {
                for ox in -lo..=hi {
                    self.put(x + ox, y + oy, c);
                }
            }
        }
    }

    /// Writes `text` with its top-left corner at `(x, y)`, `size` pixels per font pixel.
    pub fn text(&mut self, x: i64, y: i64, text: &str, size: u32, c: [u8; 3]) {
        let s = i64::from(size);
        for (k, ch) in text.chars().enumerate() {
            let ox = x + k as i64 * 4 * s;
            for (row, bits) in glyph(ch).iter().enumerate() {
                for col in 0..3 {
                    if bits & (0b100 >> col) != 0 {
                        self.rect(ox + col * s, y + row as i64 * s, s, s, c);
                    }
                }
            }
        }
    }

    /// Width, height and the RGB bytes, row-major.
    #[cfg(test)]
    pub fn into_rgb(self) -> (u32, u32, Vec<u8>) {
        (self.width, self.height, self.px)
    }

    /// The canvas as PNG bytes.
    ///
    /// # Errors
    ///
    /// The encoder's error, as text.
    pub fn png(&self) -> Result<Vec<u8>, String> {
        encode_png(self.width, self.height, &self.px)
    }
}

/// RGB bytes as a PNG.
///
/// # Errors
///
/// The encoder's error, as text.
pub fn encode_png(width: u32, height: u32, px: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(px).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{Canvas, text_width};

    const INK: [u8; 3] = [1, 2, 3];

    /// The canvas as rows of `#` (ink) and `.`.
    fn rows(c: &Canvas, w: i64, h: i64) -> Vec<String> {
        (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| if c.get(x, y) == Some(INK) { '#' } else { '.' })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn labels_are_drawn_in_the_font() {
        let mut c = Canvas::new(12, 5, [255; 3]);
        c.text(0, 0, "z=7", 1, INK);
        assert_eq!(text_width("z=7", 1), 11);
        assert_eq!(
            rows(&c, 12, 5),
            [
                "........###.",
                "###.###...#.",
                "..#......#..",
                ".#..###..#..",
                "###......#..",
            ]
        );
    }

    #[test]
    fn squares_lines_and_the_clip() {
        let mut c = Canvas::new(9, 9, [255; 3]);
        c.square(4, 4, 3, INK, Some([9; 3]));
        assert_eq!(c.get(4, 4), Some(INK));
        assert_eq!(c.get(2, 2), Some([9; 3]));
        assert_eq!(c.get(1, 1), Some([255; 3]));
        let mut c = Canvas::new(9, 9, [255; 3]);
        c.line((0.5, 4.5), (8.5, 4.5), 3, INK);
        assert!((0..9).all(|x| (3..6).all(|y| c.get(x, y) == Some(INK))));
        assert_eq!(c.get(4, 2), Some([255; 3]));
        let mut c = Canvas::new(9, 9, [255; 3]);
        c.clip(0, 0, 4, 9);
        c.rect(0, 0, 9, 9, INK);
        assert_eq!(c.get(3, 0), Some(INK));
        assert_eq!(c.get(4, 0), Some([255; 3]));
    }
}
