//! An O(n²) Dijkstra (Dijkstra 1959) over any reference model: no heap, a linear scan for the
//! cheapest unsettled node, relaxation over `Model::moves`. Slow on purpose and small enough to
//! check by eye.
//!
//! Sums are formed as `cost[u] + step` like the spec's `g' = g[n] + step`, so on grids whose
//! costs are all dyadic (exact in binary and far from the precision limit) the result is exact and
//! independent of the order of settling; with √2 or non-dyadic multipliers, two optimal paths can
//! round differently, and comparisons against it need a relative tolerance.

use crate::model::{Model, Pos};

/// Cost of the cheapest path from `start` to every node (`f64::INFINITY` when unreachable; the
/// start itself costs 0). A start that is not a position of the model (outside, not walkable for
/// the agent size, blocked) reaches nothing, not even itself.
pub fn dijkstra<M: Model + ?Sized>(model: &M, start: Pos) -> Vec<f64> {
    let n = model.node_count();
    let mut cost = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    let Some(s) = model.index(start) else {
        return cost;
    };
    if !model.is_position(start) {
        return cost;
    }
    cost[s] = 0.0;
    while let Some(u) = cheapest_unsettled(&cost, &done) {
        done[u] = true;
        for (to, step) in model.moves(model.pos(u)) {
            let v = model.index(to).expect("a move stays inside the grid");
            let candidate = cost[u] + step;
            if candidate < cost[v] {
                cost[v] = candidate;
            }
        }
    }
    cost
}

/// Relative difference `|a - b| / max(|a|, |b|)`, 0 for equal values (including two infinities).
pub fn relative_difference(a: f64, b: f64) -> f64 {
    if a == b {
        return 0.0;
    }
    let scale = a.abs().max(b.abs());
    (a - b).abs() / scale
}

/// The settling rule every O(n²) reference here shares: the unsettled node (`!done[i]`) with
/// the smallest finite cost, the lowest index among equal costs; `None` when no unsettled node
/// has a finite cost.
pub fn cheapest_unsettled(cost: &[f64], done: &[bool]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, (&c, &d)) in cost.iter().zip(done).enumerate() {
        if !d && c.is_finite() && best.is_none_or(|b| c < cost[b]) {
            best = Some(i);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square_ref::{
        Connectivity, DiagonalRule, SQRT2, SquareModel, parse_picture, unit_multipliers,
    };

    fn model(pic: &str, c: Connectivity, r: DiagonalRule, s: u8, mult: &[f64]) -> SquareModel {
        let (w, h, cells) = parse_picture(pic);
        SquareModel::new(w, h, cells, mult, c, r, s)
    }

    #[test]
    fn four_connected_around_a_wall() {
        // S at (0,0), wall column at x = 1 except the bottom row.
        let pic = "
            .#.
            .#.
            ...";
        let m = model(
            pic,
            Connectivity::Four,
            DiagonalRule::NoCornerCutting,
            1,
            &unit_multipliers(),
        );
        let c = dijkstra(&m, (0, 0));
        // Down two, right two, up two: (2,0) costs 6.
        assert_eq!(c[2], 6.0);
        assert_eq!(c[8], 4.0);
        assert_eq!(c[1], f64::INFINITY); // the wall itself
        assert_eq!(c[0], 0.0);
    }

    #[test]
    fn eight_connected_octile_by_hand() {
        let pic = "
            ....
            ....
            ....";
        let m = model(
            pic,
            Connectivity::Eight,
            DiagonalRule::NoCornerCutting,
            1,
            &unit_multipliers(),
        );
        let c = dijkstra(&m, (0, 0));
        // (3,2): two diagonals and one straight step. Either order sums to 1 + 2√2 up to
        // rounding; the reference settles (1,1) at √2, (2,2) at √2 + √2, then adds 1.
        let expected = SQRT2 + SQRT2 + 1.0;
        assert!(relative_difference(c[2 * 4 + 3], expected) < 1e-15);
        assert_eq!(c[4 + 1], SQRT2);
    }

    #[test]
    fn area_costs_by_hand() {
        // Areas: 2 costs 3, so crossing the middle column costs (1+3)/2 + (3+1)/2 = 4 per
        // crossing, against a detour along the bottom row of area 0.
        let pic = "
            .2.
            .2.
            ...";
        let mut mult = unit_multipliers();
        mult[2] = 3.0;
        let m = model(
            pic,
            Connectivity::Four,
            DiagonalRule::NoCornerCutting,
            1,
            &mult,
        );
        let c = dijkstra(&m, (0, 0));
        // Through (1,0): 2 + 2 = 4. Around: 6 unit steps = 6. So 4.
        assert_eq!(c[2], 4.0);
        // (2,1): through (1,1) from (0,1): 1 + 2 + 2 = 5; through (1,0) then down: 4 + 1 = 5;
        // around: 4 + 1 = 5. All 5.
        assert_eq!(c[5], 5.0);
        // With multiplier 0.5 for area 2 the cheap column wins everywhere it can.
        mult[2] = 0.5;
        let m = model(
            pic,
            Connectivity::Four,
            DiagonalRule::NoCornerCutting,
            1,
            &mult,
        );
        let c = dijkstra(&m, (0, 0));
        assert_eq!(c[1], 0.75);
        assert_eq!(c[4], 1.25); // (0,0)->(1,0)->(1,1): 0.75 + 0.5
        assert_eq!(c[2], 1.5);
    }

    #[test]
    fn corner_rule_changes_the_cost() {
        // Going from (0,1) to (1,0) with walls at (0,0) and (1,1).
        let pic = "
            #..
            ...
            ...";
        let pic2 = "
            #.
            .#";
        let cc = model(
            pic2,
            Connectivity::Eight,
            DiagonalRule::NoCornerCutting,
            1,
            &unit_multipliers(),
        );
        assert_eq!(dijkstra(&cc, (0, 1))[1], f64::INFINITY);
        let aa = model(
            pic2,
            Connectivity::Eight,
            DiagonalRule::AllowAll,
            1,
            &unit_multipliers(),
        );
        assert_eq!(dijkstra(&aa, (0, 1))[1], SQRT2);
        // One wall at the corner: NoCornerCutting goes around (2), NoSqueezing cuts (√2).
        let cc = model(
            pic,
            Connectivity::Eight,
            DiagonalRule::NoCornerCutting,
            1,
            &unit_multipliers(),
        );
        assert_eq!(dijkstra(&cc, (0, 1))[1], 2.0);
        let ns = model(
            pic,
            Connectivity::Eight,
            DiagonalRule::NoSqueezing,
            1,
            &unit_multipliers(),
        );
        assert_eq!(dijkstra(&ns, (0, 1))[1], SQRT2);
    }

    #[test]
    fn invalid_start_reaches_nothing() {
        let m = model(
            ".#",
            Connectivity::Four,
            DiagonalRule::NoCornerCutting,
            1,
            &unit_multipliers(),
        );
        assert!(dijkstra(&m, (1, 0)).iter().all(|c| c.is_infinite()));
        assert!(dijkstra(&m, (5, 0)).iter().all(|c| c.is_infinite()));
        assert_eq!(dijkstra(&m, (0, 0)), vec![0.0, f64::INFINITY]);
    }

    /// Cross-check of the reference itself: Bellman-Ford (relax every move until nothing changes)
    /// gives the same costs, bit for bit on dyadic four-connected maps and to 1e-12 otherwise.
    #[test]
    fn agrees_with_bellman_ford() {
        use crate::r#gen::{CostMode, GenOptions, square_case};
        use crate::model::Model;
        use crate::rng::SplitMix64;
        let mut rng = SplitMix64::new(5);
        for i in 0..200 {
            let mode = [CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed][i % 3];
            let case = square_case(&mut rng, &GenOptions::new(mode));
            let conn = if i % 2 == 0 {
                Connectivity::Four
            } else {
                Connectivity::Eight
            };
            let m = SquareModel::new(
                case.width,
                case.height,
                case.cells.clone(),
                &case.multipliers,
                conn,
                DiagonalRule::NoSqueezing,
                1 + (i % 2) as u8,
            );
            let start = (
                rng.range_i32(0, case.width - 1),
                rng.range_i32(0, case.height - 1),
            );
            let d = dijkstra(&m, start);
            let mut bf = vec![f64::INFINITY; m.node_count()];
            if m.is_position(start) {
                bf[m.index(start).unwrap()] = 0.0;
            }
            let mut changed = true;
            while changed {
                changed = false;
                for u in 0..m.node_count() {
                    if bf[u].is_infinite() {
                        continue;
                    }
                    for (to, c) in m.moves(m.pos(u)) {
                        let v = m.index(to).unwrap();
                        if bf[u] + c < bf[v] {
                            bf[v] = bf[u] + c;
                            changed = true;
                        }
                    }
                }
            }
            for (a, b) in d.iter().zip(&bf) {
                if conn == Connectivity::Four && case.dyadic() {
                    assert_eq!(a.to_bits(), b.to_bits());
                } else {
                    assert!(relative_difference(*a, *b) < 1e-12, "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn relative() {
        assert_eq!(relative_difference(2.0, 2.0), 0.0);
        assert_eq!(relative_difference(f64::INFINITY, f64::INFINITY), 0.0);
        assert!((relative_difference(1.0, 1.5) - 1.0 / 3.0).abs() < 1e-15);
        assert!(relative_difference(0.0, 1.0) == 1.0);
    }
}
