//! Deterministic generators of test grids: a seed names a grid forever (see `rng`).
//!
//! Map shapes: random obstacles at a density, rooms separated by walls with doors, narrow
//! corridors carved out of rock, and near-open fields. Costs: uniform, dyadic multipliers
//! (0.25, 0.5, 1, 1.5, 2, 2.5, 3: every sum of a few hundred such steps is exact in binary, so
//! comparisons can be bit-exact), or mixed with non-dyadic ones (1.3, 0.7, 1.1, 2.2). The same
//! shapes serve hex grids (the array is the offset array) with a layout choice.

use crate::hex_ref::Layout;
use crate::rng::SplitMix64;
use crate::square_ref::WALL;

/// Multipliers that are exact in binary with few bits.
pub const DYADIC_MULTIPLIERS: [f64; 7] = [0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0];
/// Multipliers that are not dyadic rationals.
pub const NON_DYADIC_MULTIPLIERS: [f64; 4] = [1.3, 0.7, 1.1, 2.2];

/// The shape of a generated map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Independent walls at a density in [0, 0.45].
    Obstacles,
    /// Wall lines splitting the map into rooms, each line with one or two doors.
    Rooms,
    /// Rock with corridors of width 1 to 3 carved by random walks.
    Corridors,
    /// Almost open (density 0.03).
    Open,
}

impl Shape {
    /// All shapes.
    pub const ALL: [Self; 4] = [Self::Obstacles, Self::Rooms, Self::Corridors, Self::Open];
}

/// How area ids and multipliers are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CostMode {
    /// Every walkable cell has area 0, multiplier 1.
    Uniform,
    /// Areas 0..=4 with multipliers from `DYADIC_MULTIPLIERS`.
    Dyadic,
    /// Areas 0..=5 with multipliers from both lists (at least one non-dyadic).
    Mixed,
}

/// A generated grid: the offset array (hex) or the square array, and its cost table.
#[derive(Clone, Debug, PartialEq)]
pub struct GridCase {
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
    /// Row-major area bytes (255 = wall).
    pub cells: Vec<u8>,
    /// 255 multipliers, one per area 0..=254.
    pub multipliers: Vec<f64>,
    /// How the walls were drawn.
    pub shape: Shape,
    /// How the areas were drawn.
    pub cost_mode: CostMode,
    /// Hex layout, when the case is a hex grid.
    pub layout: Option<Layout>,
}

impl GridCase {
    /// Index of `(x, y)`.
    pub fn idx(&self, x: i32, y: i32) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// True when every multiplier of an area that occurs on the map is a dyadic rational with few
    /// bits (a multiple of 1/16 below 1024), so costs built from them add exactly.
    pub fn dyadic(&self) -> bool {
        self.cells
            .iter()
            .filter(|&&a| a != WALL)
            .all(|&a| is_dyadic(self.multipliers[usize::from(a)]))
    }

    /// Number of walkable cells.
    pub fn open_cells(&self) -> usize {
        self.cells.iter().filter(|&&a| a != WALL).count()
    }

    /// A small picture of the map (`#` wall, `.` area 0, `1`-`9`, `+` above 9), for failure
    /// messages.
    pub fn picture(&self) -> String {
        let mut s = String::new();
        for y in 0..self.height {
            for x in 0..self.width {
                let a = self.cells[self.idx(x, y)];
                s.push(match a {
                    WALL => '#',
                    0 => '.',
                    1..=9 => char::from(b'0' + a),
                    _ => '+',
                });
            }
            s.push('\n');
        }
        s
    }
}

/// A multiple of 1/16 with magnitude below 1024.
pub fn is_dyadic(v: f64) -> bool {
    v.abs() < 1024.0 && (v * 16.0).fract() == 0.0
}

/// Options of the generator.
#[derive(Clone, Copy, Debug)]
pub struct GenOptions {
    /// Sides are drawn from `min_side..=max_side`.
    pub min_side: i32,
    /// Largest side.
    pub max_side: i32,
    /// How areas are drawn.
    pub cost_mode: CostMode,
    /// A fixed shape, or `None` for a random one.
    pub shape: Option<Shape>,
}

impl GenOptions {
    /// Sides 1..=16, a random shape.
    pub const fn new(cost_mode: CostMode) -> Self {
        Self {
            min_side: 1,
            max_side: 16,
            cost_mode,
            shape: None,
        }
    }
}

/// A square grid from `rng`.
pub fn square_case(rng: &mut SplitMix64, opts: &GenOptions) -> GridCase {
    let width = rng.range_i32(opts.min_side, opts.max_side);
    let height = rng.range_i32(opts.min_side, opts.max_side);
    let shape = opts.shape.unwrap_or(*rng.pick(&Shape::ALL));
    let mut cells = draw_walls(rng, width, height, shape);
    let multipliers = draw_areas(rng, width, height, &mut cells, opts.cost_mode);
    GridCase {
        width,
        height,
        cells,
        multipliers,
        shape,
        cost_mode: opts.cost_mode,
        layout: None,
    }
}

/// A hex grid from `rng`, with the given layout or a random one.
pub fn hex_case(rng: &mut SplitMix64, opts: &GenOptions, layout: Option<Layout>) -> GridCase {
    let mut case = square_case(rng, opts);
    case.layout = Some(layout.unwrap_or(*rng.pick(&Layout::ALL)));
    case
}

fn draw_walls(rng: &mut SplitMix64, w: i32, h: i32, shape: Shape) -> Vec<u8> {
    let n = w as usize * h as usize;
    let at = |x: i32, y: i32| y as usize * w as usize + x as usize;
    match shape {
        Shape::Obstacles | Shape::Open => {
            let density = if shape == Shape::Open {
                0.03
            } else {
                rng.unit_f64() * 0.45
            };
            (0..n)
                .map(|_| if rng.chance(density) { WALL } else { 0 })
                .collect()
        }
        Shape::Rooms => {
            let mut cells = vec![0u8; n];
            // Vertical wall lines, each with doors.
            let lines = rng.below(3) as i32;
            for _ in 0..lines {
                if w < 3 {
                    break;
                }
                let x = rng.range_i32(1, w - 2);
                for y in 0..h {
                    cells[at(x, y)] = WALL;
                }
                for _ in 0..=rng.below(2) {
                    let y = rng.range_i32(0, h - 1);
                    let wide = rng.below(3) as i32; // doors of width 1..=3
                    for d in 0..=wide {
                        if y + d < h {
                            cells[at(x, y + d)] = 0;
                        }
                    }
                }
            }
            let lines = rng.below(3) as i32;
            for _ in 0..lines {
                if h < 3 {
                    break;
                }
                let y = rng.range_i32(1, h - 2);
                for x in 0..w {
                    cells[at(x, y)] = WALL;
                }
                for _ in 0..=rng.below(2) {
                    let x = rng.range_i32(0, w - 1);
                    let wide = rng.below(3) as i32;
                    for d in 0..=wide {
                        if x + d < w {
                            cells[at(x + d, y)] = 0;
                        }
                    }
                }
            }
            // A few pillars.
            for _ in 0..rng.below(4) {
                let (x, y) = (rng.range_i32(0, w - 1), rng.range_i32(0, h - 1));
                cells[at(x, y)] = WALL;
            }
            cells
        }
        Shape::Corridors => {
            let mut cells = vec![WALL; n];
            let walks = 1 + rng.below(4);
            for _ in 0..walks {
                let width = 1 + rng.below(3) as i32;
                let (mut x, mut y) = (rng.range_i32(0, w - 1), rng.range_i32(0, h - 1));
                let len = 4 + rng.below(3 * (w + h) as u64);
                let (mut dx, mut dy) = (1, 0);
                for _ in 0..len {
                    for oy in 0..width {
                        for ox in 0..width {
                            if x + ox < w && y + oy < h {
                                cells[at(x + ox, y + oy)] = 0;
                            }
                        }
                    }
                    if rng.chance(0.25) {
                        (dx, dy) = *rng.pick(&[(1, 0), (-1, 0), (0, 1), (0, -1)]);
                    }
                    x = (x + dx).clamp(0, w - 1);
                    y = (y + dy).clamp(0, h - 1);
                }
            }
            cells
        }
    }
}

fn draw_areas(rng: &mut SplitMix64, w: i32, h: i32, cells: &mut [u8], mode: CostMode) -> Vec<f64> {
    let mut mult = vec![1.0; 255];
    let areas: u8 = match mode {
        CostMode::Uniform => return mult,
        CostMode::Dyadic => 5,
        CostMode::Mixed => 6,
    };
    for m in mult.iter_mut().take(usize::from(areas)) {
        *m = match mode {
            CostMode::Dyadic => *rng.pick(&DYADIC_MULTIPLIERS),
            _ => {
                if rng.chance(0.5) {
                    *rng.pick(&NON_DYADIC_MULTIPLIERS)
                } else {
                    *rng.pick(&DYADIC_MULTIPLIERS)
                }
            }
        };
    }
    if mode == CostMode::Mixed {
        // Guarantee one non-dyadic multiplier, on an area that will be painted below.
        let a = rng.below(u64::from(areas)) as usize;
        mult[a] = *rng.pick(&NON_DYADIC_MULTIPLIERS);
    }
    let at = |x: i32, y: i32| y as usize * w as usize + x as usize;
    if rng.chance(0.5) {
        // Per cell.
        for c in cells.iter_mut().filter(|c| **c != WALL) {
            *c = rng.below(u64::from(areas)) as u8;
        }
    } else {
        // Painted rectangles over a random background.
        let background = rng.below(u64::from(areas)) as u8;
        for c in cells.iter_mut().filter(|c| **c != WALL) {
            *c = background;
        }
        for _ in 0..=rng.below(5) {
            let a = rng.below(u64::from(areas)) as u8;
            let (x0, y0) = (rng.range_i32(0, w - 1), rng.range_i32(0, h - 1));
            let (x1, y1) = (rng.range_i32(x0, w - 1), rng.range_i32(y0, h - 1));
            for y in y0..=y1 {
                for x in x0..=x1 {
                    if cells[at(x, y)] != WALL {
                        cells[at(x, y)] = a;
                    }
                }
            }
        }
    }
    mult
}

/// Random start or goal for a case: usually a walkable cell, sometimes any cell (possibly a wall)
/// and sometimes a cell just outside the grid, so that StartInvalid/GoalInvalid are exercised.
pub fn endpoint(rng: &mut SplitMix64, case: &GridCase) -> (i32, i32) {
    let roll = rng.below(20);
    if roll == 0 {
        // Just outside (or far outside) on one side.
        let x = rng.range_i32(0, case.width - 1);
        let y = rng.range_i32(0, case.height - 1);
        return *rng.pick(&[
            (-1, y),
            (case.width, y),
            (x, -1),
            (x, case.height),
            (-1000, 3),
            (i32::MAX, i32::MIN),
        ]);
    }
    let open: Vec<usize> = (0..case.cells.len())
        .filter(|&i| case.cells[i] != WALL)
        .collect();
    if roll < 3 || open.is_empty() {
        let (x, y) = (
            rng.range_i32(0, case.width - 1),
            rng.range_i32(0, case.height - 1),
        );
        return (x, y);
    }
    let i = *rng.pick(&open);
    (
        (i % case.width as usize) as i32,
        (i / case.width as usize) as i32,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_per_seed() {
        for seed in 0..50 {
            let opts = GenOptions::new(CostMode::Mixed);
            let a = square_case(&mut SplitMix64::new(seed), &opts);
            let b = square_case(&mut SplitMix64::new(seed), &opts);
            assert_eq!(a, b);
        }
    }

    #[test]
    fn sizes_and_bytes() {
        let mut rng = SplitMix64::new(1);
        let mut shapes = std::collections::HashSet::new();
        let mut max_w = 0;
        for _ in 0..400 {
            let c = square_case(&mut rng, &GenOptions::new(CostMode::Dyadic));
            assert!((1..=16).contains(&c.width) && (1..=16).contains(&c.height));
            assert_eq!(c.cells.len(), (c.width * c.height) as usize);
            assert!(c.cells.iter().all(|&a| a == WALL || a < 5));
            assert!(c.dyadic());
            shapes.insert(c.shape);
            max_w = max_w.max(c.width);
        }
        assert_eq!(shapes.len(), 4);
        assert_eq!(max_w, 16);
    }

    #[test]
    fn mixed_is_sometimes_not_dyadic_and_uniform_is() {
        let mut rng = SplitMix64::new(2);
        let mut non = 0;
        for _ in 0..200 {
            let c = square_case(&mut rng, &GenOptions::new(CostMode::Mixed));
            if !c.dyadic() {
                non += 1;
            }
            let u = square_case(&mut rng, &GenOptions::new(CostMode::Uniform));
            assert!(u.dyadic());
            assert!(u.cells.iter().all(|&a| a == 0 || a == WALL));
        }
        assert!(
            non > 100,
            "only {non} of 200 mixed grids use a non-dyadic multiplier"
        );
    }

    #[test]
    fn min_side_is_respected() {
        let mut rng = SplitMix64::new(6);
        let opts = GenOptions {
            min_side: 5,
            ..GenOptions::new(CostMode::Uniform)
        };
        for _ in 0..100 {
            let c = square_case(&mut rng, &opts);
            assert!(c.width >= 5 && c.height >= 5);
        }
    }

    #[test]
    fn dyadic_predicate() {
        assert!(is_dyadic(0.25) && is_dyadic(3.0) && is_dyadic(1.5));
        assert!(!is_dyadic(1.3) && !is_dyadic(0.7) && !is_dyadic(core::f64::consts::SQRT_2));
    }

    #[test]
    fn endpoints_cover_inside_and_outside() {
        let mut rng = SplitMix64::new(3);
        let (mut inside, mut outside) = (0, 0);
        for _ in 0..200 {
            let c = square_case(&mut rng, &GenOptions::new(CostMode::Uniform));
            let (x, y) = endpoint(&mut rng, &c);
            if (0..c.width).contains(&x) && (0..c.height).contains(&y) {
                inside += 1;
            } else {
                outside += 1;
            }
        }
        assert!(inside > 150 && outside > 2, "{inside} {outside}");
    }

    #[test]
    fn hex_cases_carry_a_layout() {
        let mut rng = SplitMix64::new(4);
        let c = hex_case(
            &mut rng,
            &GenOptions::new(CostMode::Uniform),
            Some(Layout::FlatOddColumn),
        );
        assert_eq!(c.layout, Some(Layout::FlatOddColumn));
        let c = hex_case(&mut rng, &GenOptions::new(CostMode::Uniform), None);
        assert!(c.layout.is_some());
        assert!(c.picture().lines().count() == c.height as usize);
    }
}
