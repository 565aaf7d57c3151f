//! Reference model of the hex grid, written from `spec/grids.md` ("Layout", "World mapping and
//! the coordinate rule", "Movement").
//!
//! * A rectangular offset array (`width` columns, `height` rows), row-major, the same area bytes
//!   as the square grid (255 = wall). Agent size 1 only.
//! * Offset `(col, row)` to axial `(q, r)`, exactly as the spec writes it:
//!   pointy odd `q = col - (row - (row & 1)) / 2, r = row`;
//!   pointy even `q = col - (row + (row & 1)) / 2, r = row`;
//!   flat odd `q = col, r = row - (col - (col & 1)) / 2`;
//!   flat even `q = col, r = row - (col + (col & 1)) / 2`.
//!   The numerators are always even, so the divisions are exact for negative values too.
//! * Hex distance `(|dq| + |dr| + |ds|) / 2` with `ds = -dq - dr`.
//! * Moves: the six axial directions (+1,0), (+1,-1), (0,-1), (-1,0), (-1,+1), (0,+1) in this
//!   order, length 1, cost `1 * ((m[a] + m[b]) * 0.5)`; hooks as on the square grid.
//! * World mapping: the origin is the centre of cell (0, 0) (axial (0, 0) in every layout) and
//!   `size` the distance between adjacent centres; pointy `size * (q + r/2, (√3/2) r)`, flat
//!   `size * ((√3/2) q, r + q/2)`, √3/2 = 0.8660254037844386. The inverse divides and then rounds
//!   the fractional cube coordinates (`cube_round`).

use crate::model::{BlockedHook, Illegal, Model, Pos, StepHook, hook_removes, step_cost_formula};
use crate::square_ref::WALL;

/// √3/2 as the spec pins it.
pub const SQRT3_2: f64 = 0.866_025_403_784_438_6;

/// Which rows or columns are shifted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Pointy-topped hexes, odd rows shifted right.
    PointyOddRow,
    /// Pointy-topped hexes, even rows shifted right.
    PointyEvenRow,
    /// Flat-topped hexes, odd columns shifted down.
    FlatOddColumn,
    /// Flat-topped hexes, even columns shifted down.
    FlatEvenColumn,
}

impl Layout {
    /// The four layouts.
    pub const ALL: [Self; 4] = [
        Self::PointyOddRow,
        Self::PointyEvenRow,
        Self::FlatOddColumn,
        Self::FlatEvenColumn,
    ];

    /// True for the two pointy-topped layouts.
    pub const fn is_pointy(self) -> bool {
        matches!(self, Self::PointyOddRow | Self::PointyEvenRow)
    }
}

/// The six axial directions in the spec's order.
pub const HEX_DIRECTIONS: [(i64, i64); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// Offset `(col, row)` to axial `(q, r)`, as the spec writes it.
pub const fn offset_to_axial(layout: Layout, col: i64, row: i64) -> (i64, i64) {
    match layout {
        Layout::PointyOddRow => (col - (row - (row & 1)) / 2, row),
        Layout::PointyEvenRow => (col - (row + (row & 1)) / 2, row),
        Layout::FlatOddColumn => (col, row - (col - (col & 1)) / 2),
        Layout::FlatEvenColumn => (col, row - (col + (col & 1)) / 2),
    }
}

/// Axial `(q, r)` to offset `(col, row)`: the inverse of `offset_to_axial` (in the pointy
/// layouts `row = r`, so `row & 1 = r & 1`; in the flat ones `col = q`).
pub const fn axial_to_offset(layout: Layout, q: i64, r: i64) -> (i64, i64) {
    match layout {
        Layout::PointyOddRow => (q + (r - (r & 1)) / 2, r),
        Layout::PointyEvenRow => (q + (r + (r & 1)) / 2, r),
        Layout::FlatOddColumn => (q, r + (q - (q & 1)) / 2),
        Layout::FlatEvenColumn => (q, r + (q + (q & 1)) / 2),
    }
}

/// Hex distance between two axial coordinates.
pub const fn hex_distance(a: (i64, i64), b: (i64, i64)) -> i64 {
    let dq = b.0 - a.0;
    let dr = b.1 - a.1;
    let ds = -dq - dr;
    (dq.abs() + dr.abs() + ds.abs()) / 2
}

/// The world position of the centre of axial `(q, r)`: `origin + size * (...)` with the spec's
/// per-layout vector, each product in the written order.
pub fn axial_to_world(layout: Layout, origin: (f64, f64), size: f64, q: i64, r: i64) -> (f64, f64) {
    let (q, r) = (q as f64, r as f64);
    if layout.is_pointy() {
        (
            origin.0 + size * (q + r / 2.0),
            origin.1 + size * (SQRT3_2 * r),
        )
    } else {
        (
            origin.0 + size * (SQRT3_2 * q),
            origin.1 + size * (r + q / 2.0),
        )
    }
}

/// The fractional axial coordinates of a world point: subtract the origin, divide by the size,
/// then invert the layout's vector (pointy `r = y / (√3/2)`, `q = x - r/2`; flat
/// `q = x / (√3/2)`, `r = y - q/2`).
pub fn world_to_fractional_axial(
    layout: Layout,
    origin: (f64, f64),
    size: f64,
    point: (f64, f64),
) -> (f64, f64) {
    let x = (point.0 - origin.0) / size;
    let y = (point.1 - origin.1) / size;
    if layout.is_pointy() {
        let r = y / SQRT3_2;
        (x - r / 2.0, r)
    } else {
        let q = x / SQRT3_2;
        (q, y - q / 2.0)
    }
}

/// The spec's `floor(v + 0.5)`.
fn round_half_up(v: f64) -> f64 {
    (v + 0.5).floor()
}

/// Cube rounding: round each of `q`, `r`, `s = -q - r` with `floor(v + 0.5)`, then repair the
/// coordinate with the largest rounding error so the three sum to 0: `q` if its error is strictly
/// larger than both others, else `r` if its error is strictly larger than the error of `s`, else
/// `s` (implied: the returned pair is `(q, r)`).
pub fn cube_round(q: f64, r: f64) -> (i64, i64) {
    let s = -q - r;
    let mut rq = round_half_up(q);
    let mut rr = round_half_up(r);
    let rs = round_half_up(s);
    let eq = (rq - q).abs();
    let er = (rr - r).abs();
    let es = (rs - s).abs();
    if eq > er && eq > es {
        rq = -rr - rs;
    } else if er > es {
        rr = -rq - rs;
    }
    (rq as i64, rr as i64)
}

/// The offset cell containing a world point, or `None` when it lies outside a `width x height`
/// grid.
pub fn world_to_cell(
    layout: Layout,
    origin: (f64, f64),
    size: f64,
    point: (f64, f64),
    width: i32,
    height: i32,
) -> Option<Pos> {
    let (fq, fr) = world_to_fractional_axial(layout, origin, size, point);
    let (q, r) = cube_round(fq, fr);
    let (col, row) = axial_to_offset(layout, q, r);
    if (0..i64::from(width)).contains(&col) && (0..i64::from(height)).contains(&row) {
        Some((col as i32, row as i32))
    } else {
        None
    }
}

/// The reference hex grid (agent size 1) with optional hooks.
pub struct HexModel {
    width: i32,
    height: i32,
    layout: Layout,
    cells: Vec<u8>,
    multipliers: Vec<f64>,
    blocked: Option<BlockedHook>,
    step_hook: Option<StepHook>,
}

impl HexModel {
    /// A model over `cells` (row-major area bytes) with one multiplier per area 0..=254.
    ///
    /// # Panics
    /// On mismatched sizes or a multiplier that is not positive and finite.
    pub fn new(
        width: i32,
        height: i32,
        layout: Layout,
        cells: Vec<u8>,
        multipliers: &[f64],
    ) -> Self {
        assert!(width > 0 && height > 0, "grid {width} x {height}");
        assert_eq!(cells.len(), width as usize * height as usize, "cell count");
        assert_eq!(multipliers.len(), 255, "one multiplier per area 0..=254");
        assert!(multipliers.iter().all(|m| m.is_finite() && *m > 0.0));
        Self {
            width,
            height,
            layout,
            cells,
            multipliers: multipliers.to_vec(),
            blocked: None,
            step_hook: None,
        }
    }

    /// Adds a blocked filter.
    #[must_use]
    pub fn with_blocked(mut self, blocked: impl Fn(Pos) -> bool + 'static) -> Self {
        self.blocked = Some(Box::new(blocked));
        self
    }

    /// Adds a step-cost hook.
    #[must_use]
    pub fn with_step_hook(mut self, hook: impl Fn(Pos, Pos, f64) -> f64 + 'static) -> Self {
        self.step_hook = Some(Box::new(hook));
        self
    }

    /// The layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    fn inside(&self, p: Pos) -> bool {
        (0..self.width).contains(&p.0) && (0..self.height).contains(&p.1)
    }

    fn walkable(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|i| self.cells[i] != WALL)
    }

    fn is_blocked(&self, p: Pos) -> bool {
        self.blocked.as_ref().is_some_and(|b| b(p))
    }

    fn axial(&self, p: Pos) -> (i64, i64) {
        offset_to_axial(self.layout, i64::from(p.0), i64::from(p.1))
    }
}

impl Model for HexModel {
    fn node_count(&self) -> usize {
        self.cells.len()
    }

    fn index(&self, p: Pos) -> Option<usize> {
        if self.inside(p) {
            Some(p.1 as usize * self.width as usize + p.0 as usize)
        } else {
            None
        }
    }

    fn pos(&self, index: usize) -> Pos {
        let w = self.width as usize;
        ((index % w) as i32, (index / w) as i32)
    }

    fn is_position(&self, p: Pos) -> bool {
        self.walkable(p) && !self.is_blocked(p)
    }

    fn step(&self, from: Pos, to: Pos) -> Result<f64, Illegal> {
        if !self.inside(from) {
            return Err(Illegal::FromOutside);
        }
        if !self.inside(to) {
            return Err(Illegal::ToOutside);
        }
        if hex_distance(self.axial(from), self.axial(to)) != 1 {
            return Err(Illegal::NotAdjacent);
        }
        if !self.walkable(from) {
            return Err(Illegal::FromNotWalkable);
        }
        if !self.walkable(to) {
            return Err(Illegal::ToNotWalkable);
        }
        if self.is_blocked(from) {
            return Err(Illegal::FromBlocked);
        }
        if self.is_blocked(to) {
            return Err(Illegal::ToBlocked);
        }
        let ma = self.multipliers[usize::from(self.cells[self.index(from).expect("inside")])];
        let mb = self.multipliers[usize::from(self.cells[self.index(to).expect("inside")])];
        let base = step_cost_formula(1.0, ma, mb);
        match &self.step_hook {
            None => Ok(base),
            Some(hook) => {
                let c = hook(from, to, base);
                if hook_removes(c) {
                    Err(Illegal::RemovedByHook(c.to_bits()))
                } else {
                    Ok(c)
                }
            }
        }
    }

    fn candidates(&self, from: Pos) -> Vec<Pos> {
        let (q, r) = self.axial(from);
        HEX_DIRECTIONS
            .iter()
            .map(|&(dq, dr)| {
                let (c, w) = axial_to_offset(self.layout, q + dq, r + dr);
                (c as i32, w as i32)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dijkstra_ref::dijkstra;
    use std::collections::BTreeSet;

    #[test]
    fn conversions_by_hand() {
        // (col, row) -> (q, r) worked from the spec's formulas.
        type Pairs = [((i64, i64), (i64, i64)); 5];
        let cases: [(Layout, Pairs); 4] = [
            (
                Layout::PointyOddRow,
                [
                    ((0, 0), (0, 0)),
                    ((1, 1), (1, 1)),
                    ((0, 2), (-1, 2)),
                    ((3, 3), (2, 3)),
                    ((2, 5), (0, 5)),
                ],
            ),
            (
                Layout::PointyEvenRow,
                [
                    ((0, 0), (0, 0)),
                    ((1, 1), (0, 1)),
                    ((0, 2), (-1, 2)),
                    ((3, 3), (1, 3)),
                    ((2, 5), (-1, 5)),
                ],
            ),
            (
                Layout::FlatOddColumn,
                [
                    ((0, 0), (0, 0)),
                    ((1, 1), (1, 1)),
                    ((2, 0), (2, -1)),
                    ((3, 3), (3, 2)),
                    ((5, 2), (5, 0)),
                ],
            ),
            (
                Layout::FlatEvenColumn,
                [
                    ((0, 0), (0, 0)),
                    ((1, 1), (1, 0)),
                    ((2, 0), (2, -1)),
                    ((3, 3), (3, 1)),
                    ((5, 2), (5, -1)),
                ],
            ),
        ];
        for (layout, pairs) in cases {
            for ((col, row), (q, r)) in pairs {
                assert_eq!(
                    offset_to_axial(layout, col, row),
                    (q, r),
                    "{layout:?} ({col},{row})"
                );
                assert_eq!(
                    axial_to_offset(layout, q, r),
                    (col, row),
                    "{layout:?} ({q},{r})"
                );
            }
        }
        // Negative offsets: numerators are even, so the division is exact.
        assert_eq!(offset_to_axial(Layout::PointyOddRow, 0, -3), (2, -3));
        assert_eq!(offset_to_axial(Layout::PointyEvenRow, 0, -3), (1, -3));
        assert_eq!(offset_to_axial(Layout::FlatOddColumn, -1, 0), (-1, 1));
        assert_eq!(offset_to_axial(Layout::FlatEvenColumn, -1, 0), (-1, 0));
    }

    #[test]
    fn round_trip_everywhere() {
        for layout in Layout::ALL {
            for row in -9..9 {
                for col in -9..9 {
                    let (q, r) = offset_to_axial(layout, col, row);
                    assert_eq!(axial_to_offset(layout, q, r), (col, row));
                }
            }
        }
    }

    /// The offset neighbour tables of the four layouts as usually drawn (odd-r, even-r, odd-q,
    /// even-q), written down independently of the axial formulas: the six axial moves must reach
    /// exactly these cells.
    #[test]
    fn neighbours_match_the_offset_tables() {
        let shifted_row: BTreeSet<(i64, i64)> =
            [(1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)].into();
        let plain_row: BTreeSet<(i64, i64)> =
            [(1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)].into();
        let shifted_col: BTreeSet<(i64, i64)> =
            [(1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1), (0, 1)].into();
        let plain_col: BTreeSet<(i64, i64)> =
            [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (0, 1)].into();
        for layout in Layout::ALL {
            for row in -4..4_i64 {
                for col in -4..4_i64 {
                    let (q, r) = offset_to_axial(layout, col, row);
                    let got: BTreeSet<(i64, i64)> = HEX_DIRECTIONS
                        .iter()
                        .map(|&(dq, dr)| {
                            let (c, w) = axial_to_offset(layout, q + dq, r + dr);
                            (c - col, w - row)
                        })
                        .collect();
                    let odd_row = row & 1 == 1;
                    let odd_col = col & 1 == 1;
                    let want = match layout {
                        Layout::PointyOddRow if odd_row => &shifted_row,
                        Layout::PointyEvenRow if !odd_row => &shifted_row,
                        Layout::PointyOddRow | Layout::PointyEvenRow => &plain_row,
                        Layout::FlatOddColumn if odd_col => &shifted_col,
                        Layout::FlatEvenColumn if !odd_col => &shifted_col,
                        Layout::FlatOddColumn | Layout::FlatEvenColumn => &plain_col,
                    };
                    assert_eq!(&got, want, "{layout:?} ({col},{row})");
                }
            }
        }
    }

    #[test]
    fn distance_by_hand() {
        assert_eq!(hex_distance((0, 0), (0, 0)), 0);
        for d in HEX_DIRECTIONS {
            assert_eq!(hex_distance((3, -2), (3 + d.0, -2 + d.1)), 1);
        }
        assert_eq!(hex_distance((0, 0), (2, -1)), 2);
        assert_eq!(hex_distance((0, 0), (1, 1)), 2); // not a neighbour: (1,1) is two steps
        assert_eq!(hex_distance((0, 0), (3, -3)), 3);
        assert_eq!(hex_distance((-2, 4), (1, 0)), 4); // dq 3, dr -4, ds 1 -> 8/2
    }

    #[test]
    fn world_mapping_by_hand() {
        let o = (10.0, 20.0);
        // Pointy, axial (1, 2), size 2: x = 10 + 2 * (1 + 1) = 14; y = 20 + 2 * (s * 2).
        let (x, y) = axial_to_world(Layout::PointyOddRow, o, 2.0, 1, 2);
        assert_eq!(x, 14.0);
        assert_eq!(y, 20.0 + 2.0 * (SQRT3_2 * 2.0));
        assert_eq!(y, 23.464_101_615_137_754);
        // Flat, axial (2, -1), size 1: x = 10 + s * 2; y = 20 + (-1 + 1) = 20.
        let (x, y) = axial_to_world(Layout::FlatEvenColumn, o, 1.0, 2, -1);
        assert_eq!(x, 10.0 + SQRT3_2 * 2.0);
        assert_eq!(y, 20.0);
        // The origin is the centre of cell (0, 0) in every layout.
        for layout in Layout::ALL {
            let (q, r) = offset_to_axial(layout, 0, 0);
            assert_eq!(axial_to_world(layout, o, 3.0, q, r), o);
        }
        // Adjacent centres are `size` apart.
        for layout in Layout::ALL {
            for (dq, dr) in HEX_DIRECTIONS {
                let (x, y) = axial_to_world(layout, (0.0, 0.0), 1.0, dq, dr);
                assert!(((x * x + y * y).sqrt() - 1.0).abs() < 1e-15, "{layout:?}");
            }
        }
    }

    #[test]
    fn cube_round_by_hand() {
        // (q, r) -> rounded (q, r), each worked with floor(v + 0.5) and the repair rule.
        let cases = [
            // Near the centre; errors .2 .2 .4 tie-free on s... s has the largest: s repaired.
            ((0.2, 0.2), (0, 0)),
            // q err .45 > r .3 > s .25: q repaired from (0, 0, -1) to (1, 0).
            ((0.45, 0.3), (1, 0)),
            // q .4 = r .4 > s .2: not strictly larger than r, so r is repaired: (0, 1).
            ((0.4, 0.4), (0, 1)),
            // Exact tie q .5 = s .5 (r exact): s is repaired, (1, 0).
            ((0.5, 0.0), (1, 0)),
            // Negative half rounds up (towards +inf): q = -0.5 -> 0, s = 0.5 -> 1; s repaired.
            ((-0.5, 0.0), (0, 0)),
            // Exact tie q .5 = r .5, s exact: r repaired, (1, 1, -1) -> (1, 0).
            ((0.5, 0.5), (1, 0)),
            // q .5 = r .5 again with r = -0.5 rounding up to 0: (1, 0, 0) -> r = -1.
            ((0.5, -0.5), (1, -1)),
            ((-0.5, -0.5), (0, -1)),
            // r strictly largest: (0, 1, -1) is already consistent; r repaired to itself.
            ((0.25, 0.5), (0, 1)),
            // q strictly largest: (1, 0, -1) consistent; q repaired to itself.
            ((0.5, 0.25), (1, 0)),
            // r .375 = s .375 tie > q .25: s repaired, (0, 0, -1) -> (0, 0).
            ((0.25, 0.375), (0, 0)),
            // Integers stay.
            ((3.0, -7.0), (3, -7)),
        ];
        for ((q, r), want) in cases {
            assert_eq!(cube_round(q, r), want, "cube_round({q}, {r})");
        }
    }

    #[test]
    fn world_to_cell_round_trip() {
        for layout in Layout::ALL {
            for row in 0..6 {
                for col in 0..6 {
                    let (q, r) = offset_to_axial(layout, col, row);
                    let c = axial_to_world(layout, (-3.5, 7.25), 1.5, q, r);
                    assert_eq!(
                        world_to_cell(layout, (-3.5, 7.25), 1.5, c, 6, 6),
                        Some((col as i32, row as i32))
                    );
                    // A small nudge stays in the same cell.
                    let n = (c.0 + 0.3, c.1 - 0.2);
                    assert_eq!(
                        world_to_cell(layout, (-3.5, 7.25), 1.5, n, 6, 6),
                        Some((col as i32, row as i32))
                    );
                }
            }
            assert_eq!(
                world_to_cell(layout, (0.0, 0.0), 1.0, (-5.0, 0.0), 6, 6),
                None
            );
        }
    }

    #[test]
    fn moves_and_costs() {
        // 3 x 3, pointy odd rows; centre (1,1) is axial (1,1). Wall at offset (2,1).
        let mut mult = vec![1.0; 255];
        mult[3] = 2.0;
        let cells = vec![0, 0, 0, 3, 0, WALL, 0, 0, 0];
        let m = HexModel::new(3, 3, Layout::PointyOddRow, cells, &mult);
        // Odd row 1: neighbours (2,1) E, (2,0) NE, (1,0) NW, (0,1) W, (1,2) SW, (2,2) SE.
        assert_eq!(
            m.candidates((1, 1)),
            vec![(2, 1), (2, 0), (1, 0), (0, 1), (1, 2), (2, 2)]
        );
        let mv = m.moves((1, 1));
        assert_eq!(
            mv,
            vec![
                ((2, 0), 1.0),
                ((1, 0), 1.0),
                ((0, 1), 1.5),
                ((1, 2), 1.0),
                ((2, 2), 1.0)
            ]
        );
        assert_eq!(m.step((0, 0), (1, 1)), Err(Illegal::NotAdjacent)); // not a pointy-odd neighbour
        assert_eq!(m.step((1, 1), (2, 1)), Err(Illegal::ToNotWalkable));
        // Dijkstra: from (0,0) to (2,1)... wall; to (2,2): (0,0)->(1,1)? not adjacent;
        // (0,0) -> (0,1) [1.5] -> (1,2)? (0,1) odd row neighbours: (1,1),(1,0),(0,0),(-1,1),
        // (0,2),(1,2). So (0,0)->(1,0)->(1,1)->(2,2) = 3, or via (0,1): 1.5+1.5+1 = 4.
        let c = dijkstra(&m, (0, 0));
        assert_eq!(c[8], 3.0);
        assert_eq!(c[5], f64::INFINITY);
        assert_eq!(c[3], 1.5);
    }
}
