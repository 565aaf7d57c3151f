//! Deterministic random bake inputs for the suites (SplitMix64, so a seed names the same case
//! forever): sizes 1..=40, wall densities 0–60 % (scattered cells or wall rectangles), radii
//! 0, 0.3, 0.5, 1.0, 1.6, 2.5 cells (and now and then any radius up to 3 cells), tile sizes
//! 4..=32 (one case in ten 33..=256), cell sizes 1, 0.5, 0.25 and 2 with the radius scaled to match, a few origins.

use crate::rng::SplitMix64;

use super::BakeInput;

/// Radii in cells.
pub const RADII: [f64; 6] = [0.0, 0.3, 0.5, 1.0, 1.6, 2.5];
/// Cell sizes (world units per cell).
pub const CELL_SIZES: [f64; 4] = [1.0, 0.5, 0.25, 2.0];
/// Origins.
pub const ORIGINS: [(f64, f64); 3] = [(0.0, 0.0), (-3.25, 10.5), (1000.0, -7.0)];

/// One case: the bake input and the grid's area bytes (walkable cells get arbitrary areas
/// below 255, which the mesh must ignore).
#[derive(Clone, Debug)]
pub struct NavCase {
    /// The bake input (walkability, space, settings).
    pub input: BakeInput,
    /// Row-major area bytes (255 where blocked).
    pub areas: Vec<u8>,
    /// The radius in cells the case was drawn with.
    pub radius_cells: f64,
}

impl NavCase {
    /// A text picture, row y = 0 first (`#` blocked, `.` walkable).
    pub fn picture(&self) -> String {
        let w = self.input.width as usize;
        let mut s = String::new();
        for row in self.input.walkable.chunks(w) {
            s.extend(row.iter().map(|&b| if b { '.' } else { '#' }));
            s.push('\n');
        }
        s
    }

    /// One line naming the settings.
    pub fn settings(&self) -> String {
        let i = &self.input;
        format!(
            "{}x{}, cell size {}, origin {:?}, radius {} ({} cells), tile {}, area {}",
            i.width,
            i.height,
            i.cell_size,
            i.origin,
            i.radius,
            self.radius_cells,
            i.tile_size,
            i.area
        )
    }
}

/// The case of `seed`.
pub fn nav_case(seed: u64) -> NavCase {
    let mut rng = SplitMix64::new(seed);
    let width = 1 + rng.below(40) as u32;
    let height = 1 + rng.below(40) as u32;
    let density = rng.below(61) as f64 / 100.0;
    let n = (width * height) as usize;
    let mut walkable = vec![true; n];
    if rng.chance(0.5) {
        for c in &mut walkable {
            *c = !rng.chance(density);
        }
    } else {
        // Wall rectangles until the density is reached.
        let target = (density * n as f64) as usize;
        let mut blocked = 0;
        let mut tries = 0;
        while blocked < target && tries < 1000 {
            tries += 1;
            let rw = 1 + rng.below(u64::from(width.min(8))) as u32;
            let rh = 1 + rng.below(u64::from(height.min(8))) as u32;
            let x0 = rng.below(u64::from(width - rw + 1)) as u32;
            let y0 = rng.below(u64::from(height - rh + 1)) as u32;
            for y in y0..y0 + rh {
                for x in x0..x0 + rw {
                    let i = (y * width + x) as usize;
                    if walkable[i] {
                        walkable[i] = false;
                        blocked += 1;
                    }
                }
            }
        }
    }
    let radius_cells = if rng.chance(0.1) {
        rng.unit_f64() * 3.0
    } else {
        *rng.pick(&RADII)
    };
    let cell_size = *rng.pick(&CELL_SIZES);
    let origin = *rng.pick(&ORIGINS);
    let tile_size = if rng.chance(0.1) {
        33 + rng.below(224) as u32
    } else {
        4 + rng.below(29) as u32
    };
    let area = rng.below(256) as u8;
    let areas = walkable
        .iter()
        .map(|&w| if w { rng.below(255) as u8 } else { 255 })
        .collect();
    NavCase {
        input: BakeInput {
            width,
            height,
            walkable,
            cell_size,
            origin,
            radius: radius_cells * cell_size,
            tile_size,
            area,
        },
        areas,
        radius_cells,
    }
}
