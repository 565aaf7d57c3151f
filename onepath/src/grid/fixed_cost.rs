//! Exact integer costs (spec: grids.md, “Host API”, “Exact integer costs”): [`Grid::fixed_cost`]
//! prices a path in Q31.32 fixed point, [`GridPath::step_counts`](crate::GridPath::step_counts)
//! (tier 1, beside the result type) counts its straight and diagonal steps with the same
//! [`step_kind`] rule. A lockstep host can add, compare and send these integers without any float
//! rounding question.

use super::cell::Cell;
use super::cell_store::WALL;
use super::grid::Grid;
use crate::math::{self, SQRT2};

/// 2^32 as a double (exact).
const TWO_POW_32: f64 = 4_294_967_296.0;
/// 2^63 as a double (exact): the first value that does not fit `i64`.
const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;

/// `v × 2^32` rounded half to even, as an integer; `None` when it does not fit `i64`.
///
/// `v` is a non-negative finite double. The product by 2^32 is exact (a power-of-two scaling;
/// only overflow could spoil it, and that is refused). `floor(p)` is exact and so is
/// `p - floor(p)` (both are multiples of the unit in the last place of `p`, and the difference
/// is below 1), so the fraction is compared with 0.5 exactly.
pub(crate) fn q32_round_half_even(v: f64) -> Option<i64> {
    let p = v * TWO_POW_32;
    if !(0.0..TWO_POW_63).contains(&p) {
        return None; // NaN, negative, infinite or too large
    }
    let whole = math::floor(p);
    let frac = p - whole;
    // Exact: `whole` is an integer below 2^63.
    let mut n = whole as i64;
    // A fraction exists only below 2^52, so `n + 1` cannot overflow.
    if frac > 0.5 || (frac == 0.5 && n & 1 == 1) {
        n += 1;
    }
    Some(n)
}

/// Whether `a → b` is one king move: `|dx|, |dy| <= 1`, not both 0. `Some(true)` for a diagonal.
pub(crate) fn step_kind(a: Cell, b: Cell) -> Option<bool> {
    let dx = (i64::from(b.x) - i64::from(a.x)).abs();
    let dy = (i64::from(b.y) - i64::from(a.y)).abs();
    match (dx, dy) {
        (1, 1) => Some(true),
        (0, 1) | (1, 0) => Some(false),
        _ => None,
    }
}

impl Grid {
    /// The cost of a path of adjacent cells in Q31.32 fixed point (the spec's
    /// `TryGetFixedCost`): every step's double as the default search charges it,
    /// `length * ((m[a] + m[b]) * 0.5)` with length 1 or √2 (`1.4142135623730951`), multiplied
    /// by 2^32 (exact) and rounded half to even, then the integers added.
    ///
    /// A path of one cell costs 0, and so does the empty path. `None` when a cell lies outside
    /// the grid or is a wall, when a step is not a king move (non-adjacent, any-angle or
    /// abstract paths; a repeated cell), or when a step or the sum does not fit `i64`. Step-cost
    /// hooks are not priced, and the diagonal rule and agent size are not re-checked.
    ///
    /// # Complexity
    ///
    /// O(path length).
    ///
    /// # Determinism
    ///
    /// Integer sums of exactly rounded terms: the result does not depend on the order of
    /// addition or the platform.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let g = Grid::new(3, 3).unwrap();
    /// let path = [Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 1)];
    /// // √2 × 2^32 = 6074001000.0…(rounded) plus 1 × 2^32.
    /// assert_eq!(g.fixed_cost(&path), Some(6_074_001_000 + (1 << 32)));
    /// assert_eq!(g.fixed_cost(&[Cell::new(0, 0), Cell::new(2, 0)]), None);
    /// ```
    pub fn fixed_cost(&self, cells: &[Cell]) -> Option<i64> {
        let areas = self.areas();
        let area_at = |c: Cell| self.area(c).filter(|&a| a != WALL);
        let Some(&first) = cells.first() else {
            return Some(0);
        };
        let mut prev = first;
        let mut m_prev = areas.get(area_at(prev)?);
        let mut total: i64 = 0;
        for &next in &cells[1..] {
            let diagonal = step_kind(prev, next)?;
            let m_next = areas.get(area_at(next)?);
            let length = if diagonal { SQRT2 } else { 1.0 };
            let step = length * ((m_prev + m_next) * 0.5);
            total = total.checked_add(q32_round_half_even(step)?)?;
            prev = next;
            m_prev = m_next;
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GridOptions, PathStatus};
    use alloc::vec;

    #[test]
    fn rounding_is_half_to_even_and_exact() {
        assert_eq!(q32_round_half_even(1.0), Some(1 << 32));
        // 2^-33 is exactly half a unit: ties to even (0); 3 × 2^-33 ties up to 2.
        let half = 1.0 / 8_589_934_592.0;
        assert_eq!(q32_round_half_even(half), Some(0));
        assert_eq!(q32_round_half_even(3.0 * half), Some(2));
        assert_eq!(q32_round_half_even(5.0 * half), Some(2));
        assert_eq!(q32_round_half_even(7.0 * half), Some(4));
        // (2^32 + 1) + 0.5 units: odd, so up.
        assert_eq!(q32_round_half_even(1.0 + 3.0 * half), Some((1 << 32) + 2));
        assert_eq!(q32_round_half_even(1.0 + half), Some(1 << 32));
        // Just above and below a half.
        assert_eq!(q32_round_half_even(half + half / 1024.0), Some(1));
        assert_eq!(q32_round_half_even(half - half / 1024.0), Some(0));
        // √2 × 2^32 = 6074000999.952…, so 6074001000.
        assert_eq!(q32_round_half_even(SQRT2), Some(6_074_001_000));
        assert_eq!(q32_round_half_even(0.0), Some(0));
        // The largest representable value: 2^31 - 2^-32 … anything ≥ 2^31 overflows.
        assert_eq!(q32_round_half_even(2_147_483_648.0), None);
        assert_eq!(
            q32_round_half_even(2_147_483_647.5),
            Some(i64::MAX - (1 << 31) + 1)
        );
        assert_eq!(q32_round_half_even(f64::INFINITY), None);
        assert_eq!(q32_round_half_even(f64::NAN), None);
        assert_eq!(q32_round_half_even(-1.0), None);
    }

    #[test]
    fn prices_paths_and_refuses_bad_ones() {
        let mut g = Grid::from_text("..1\n.#.\n...").unwrap();
        g.set_area_cost(1, 2.0).unwrap();
        let c = |x, y| Cell::new(x, y);
        // (0,0)→(1,0) 1; (1,0)→(2,0) (1+2)/2 = 1.5.
        assert_eq!(
            g.fixed_cost(&[c(0, 0), c(1, 0), c(2, 0)]),
            Some((1 << 32) + 3 * (1 << 31))
        );
        // (2,0)→(2,1) straight, (2 + 1) / 2 = 1.5; (2,1)→(1,2) diagonal √2 × 1.
        assert_eq!(
            g.fixed_cost(&[c(2, 0), c(2, 1), c(1, 2)]),
            Some(3 * (1 << 31) + 6_074_001_000)
        );
        assert_eq!(g.fixed_cost(&[]), Some(0));
        assert_eq!(g.fixed_cost(&[c(0, 0)]), Some(0));
        assert_eq!(g.fixed_cost(&[c(1, 1)]), None, "wall");
        assert_eq!(g.fixed_cost(&[c(0, 0), c(1, 1)]), None, "wall");
        assert_eq!(g.fixed_cost(&[c(-1, 0), c(0, 0)]), None, "outside");
        assert_eq!(g.fixed_cost(&[c(0, 0), c(0, 0)]), None, "repeated cell");
        assert_eq!(g.fixed_cost(&[c(0, 0), c(0, 2)]), None, "not adjacent");
        // Multiplier 2^30: a straight step is 2^62 in Q31.32, two of them overflow i64.
        let mut big = Grid::new(8, 1).unwrap();
        big.set_area_cost(0, 1_073_741_824.0).unwrap();
        assert_eq!(big.fixed_cost(&[c(0, 0), c(1, 0)]), Some(1 << 62));
        assert_eq!(big.fixed_cost(&[c(0, 0), c(1, 0), c(2, 0)]), None);
        // A single step that does not fit: multiplier 2^31.
        big.set_area_cost(0, 2_147_483_648.0).unwrap();
        assert_eq!(big.fixed_cost(&[c(0, 0), c(1, 0)]), None);
    }

    #[test]
    fn step_counts_of_found_paths() {
        let g = Grid::from_text("....\n.##.\n....").unwrap();
        let p = g
            .find_path(Cell::new(0, 0), Cell::new(3, 2), &GridOptions::DEFAULT)
            .unwrap();
        assert_eq!(p.status, PathStatus::Found);
        let (s, d) = p.step_counts().unwrap();
        assert_eq!(s + d, p.cells.len() as u32 - 1);
        assert_eq!(p.cost, f64::from(s) + f64::from(d) * SQRT2);
        let mut bad = p.clone();
        bad.cells = vec![Cell::new(0, 0), Cell::new(3, 0)];
        assert_eq!(bad.step_counts(), None);
        bad.cells.clear();
        assert_eq!(bad.step_counts(), Some((0, 0)));
    }
}
