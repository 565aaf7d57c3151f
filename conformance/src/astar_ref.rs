//! A reference A* that follows the spec's text step by step ("Open set", "A*"), with a linear
//! scan instead of a heap, so that it predicts the engine's expansion order, path, cost bits and
//! counts exactly, not only its cost.
//!
//! * `g[start] = 0`, push start with `f = w * h(start)`.
//! * Iteration: pop the best open node (smaller f; on equal f larger g; on equal g smaller node
//!   id); count the iteration; close it; if it is the goal, finish with `g[goal]`; otherwise count
//!   an expansion and visit the model's moves in neighbour order: `g' = g[n] + step`; if the
//!   neighbour was never reached, or `g' < g[m]` strictly, set `g[m] = g'`, `parent[m] = n`,
//!   `f = g' + w * h(m)` and (re)open it. Equal-cost alternatives keep the first parent found.
//! * The open set emptying first means no path.
//!
//! The heuristics of the spec, written from its formulas (`scale` = the smallest multiplier):
//! Manhattan `scale * (|dx| + |dy|)`, octile `scale * ((max - min) + min * √2)`, hex distance
//! `scale * steps`.

use crate::hex_ref::{Layout, hex_distance, offset_to_axial};
use crate::model::{Model, Pos};
use crate::square_ref::SQRT2;

/// How a reference run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefStatus {
    /// The goal was popped.
    Found,
    /// The open set emptied first.
    NoPath,
    /// The start is not a position of the model.
    StartInvalid,
    /// The goal is not a position of the model.
    GoalInvalid,
}

/// Everything a reference run produces.
#[derive(Clone, Debug, PartialEq)]
pub struct RefRun {
    /// How it ended.
    pub status: RefStatus,
    /// The path, start first (empty unless found).
    pub path: Vec<Pos>,
    /// `g[goal]` when found, else +infinity.
    pub cost: f64,
    /// Pops.
    pub iterations: u32,
    /// Pops that expanded a node (all but the goal's).
    pub expansions: u32,
    /// The expanded nodes in order.
    pub expanded: Vec<Pos>,
}

/// The spec's A* over a model with heuristic `h` (a function of the position, for the goal at
/// hand) and weight `w`.
pub fn astar<M: Model + ?Sized>(
    model: &M,
    start: Pos,
    goal: Pos,
    h: impl Fn(Pos) -> f64,
    w: f64,
) -> RefRun {
    let refused = |status| RefRun {
        status,
        path: Vec::new(),
        cost: f64::INFINITY,
        iterations: 0,
        expansions: 0,
        expanded: Vec::new(),
    };
    if !model.is_position(start) {
        return refused(RefStatus::StartInvalid);
    }
    if !model.is_position(goal) {
        return refused(RefStatus::GoalInvalid);
    }
    let n = model.node_count();
    let (s, t) = (
        model.index(start).expect("inside"),
        model.index(goal).expect("inside"),
    );
    let mut g = vec![f64::INFINITY; n];
    let mut f = vec![f64::INFINITY; n];
    let mut reached = vec![false; n];
    let mut open = vec![false; n];
    // The open nodes, in no particular order (scanned in full at every pop).
    let mut open_list: Vec<usize> = Vec::new();
    let mut parent = vec![usize::MAX; n];
    g[s] = 0.0;
    f[s] = w * h(start);
    reached[s] = true;
    open[s] = true;
    open_list.push(s);
    let mut run = refused(RefStatus::NoPath);
    loop {
        // Pop: smaller f, then larger g, then smaller id.
        let mut best: Option<usize> = None;
        for (k, &i) in open_list.iter().enumerate() {
            let better = match best {
                None => true,
                Some(b) => {
                    let j = open_list[b];
                    f[i] < f[j] || (f[i] == f[j] && (g[i] > g[j] || (g[i] == g[j] && i < j)))
                }
            };
            if better {
                best = Some(k);
            }
        }
        let Some(k) = best else {
            return run;
        };
        let u = open_list.swap_remove(k);
        open[u] = false;
        run.iterations += 1;
        if u == t {
            let mut path = vec![goal];
            let mut p = u;
            while p != s {
                p = parent[p];
                path.push(model.pos(p));
            }
            path.reverse();
            run.status = RefStatus::Found;
            run.path = path;
            run.cost = g[t];
            return run;
        }
        run.expansions += 1;
        run.expanded.push(model.pos(u));
        for (to, step) in model.moves(model.pos(u)) {
            let m = model.index(to).expect("moves stay inside");
            let g2 = g[u] + step;
            if reached[m] && g2 >= g[m] {
                continue;
            }
            g[m] = g2;
            f[m] = g2 + w * h(to);
            parent[m] = u;
            reached[m] = true;
            if !open[m] {
                open[m] = true;
                open_list.push(m);
            }
        }
    }
}

/// The spec's Manhattan estimate to `goal`.
pub fn manhattan(scale: f64, goal: Pos) -> impl Fn(Pos) -> f64 {
    move |p| {
        let d =
            (i64::from(p.0) - i64::from(goal.0)).abs() + (i64::from(p.1) - i64::from(goal.1)).abs();
        scale * d as f64
    }
}

/// The spec's octile estimate to `goal`: `scale * ((max - min) + min * √2)`.
pub fn octile(scale: f64, goal: Pos) -> impl Fn(Pos) -> f64 {
    move |p| {
        let dx = (i64::from(p.0) - i64::from(goal.0)).abs();
        let dy = (i64::from(p.1) - i64::from(goal.1)).abs();
        let (lo, hi) = (dx.min(dy), dx.max(dy));
        scale * ((hi - lo) as f64 + lo as f64 * SQRT2)
    }
}

/// The spec's hex-distance estimate to `goal` (offset positions in `layout`).
pub fn hex_steps(scale: f64, layout: Layout, goal: Pos) -> impl Fn(Pos) -> f64 {
    let ga = offset_to_axial(layout, goal.0.into(), goal.1.into());
    move |p| scale * hex_distance(offset_to_axial(layout, p.0.into(), p.1.into()), ga) as f64
}

/// The zero estimate (Dijkstra).
pub fn zero(_: Pos) -> f64 {
    0.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dijkstra_ref::dijkstra;
    use crate::square_ref::{
        Connectivity, DiagonalRule, SquareModel, parse_picture, unit_multipliers,
    };

    fn open4(pic: &str) -> SquareModel {
        let (w, h, cells) = parse_picture(pic);
        SquareModel::new(
            w,
            h,
            cells,
            &unit_multipliers(),
            Connectivity::Four,
            DiagonalRule::NoCornerCutting,
            1,
        )
    }

    #[test]
    fn dijkstra_order_by_hand() {
        // 3 x 2 open, from (0,0) to (2,1), zero heuristic. Pops: (0,0) g0; then g1: (1,0) id 1,
        // (0,1) id 3; then g2: (2,0) id 2, (1,1) id 4; then g3: the goal (2,1) id 5.
        let m = open4("...\n...");
        let r = astar(&m, (0, 0), (2, 1), zero, 1.0);
        assert_eq!(r.status, RefStatus::Found);
        assert_eq!(r.expanded, vec![(0, 0), (1, 0), (0, 1), (2, 0), (1, 1)]);
        assert_eq!((r.iterations, r.expansions), (6, 5));
        assert_eq!(r.cost, 3.0);
        // (2,1) is first reached from (2,0) (expanded before (1,1)): the first parent stays.
        assert_eq!(r.path, vec![(0, 0), (1, 0), (2, 0), (2, 1)]);
    }

    #[test]
    fn manhattan_prefers_larger_g_on_ties() {
        // Open 3 x 3 from (0,0) to (2,2): every cell on a monotone path has f = 4. Pop (0,0);
        // push (1,0) and (0,1) with g 1; tie on f and g: smaller id (1,0) first; its children
        // (2,0) g2 and (1,1) g2 outrank (0,1) g1 (larger g); (2,0) id 2 before (1,1) id 4; then
        // (2,1) g3; then the goal g4.
        let m = open4("...\n...\n...");
        let r = astar(&m, (0, 0), (2, 2), manhattan(1.0, (2, 2)), 1.0);
        assert_eq!(r.expanded, vec![(0, 0), (1, 0), (2, 0), (2, 1)]);
        assert_eq!(r.path, vec![(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]);
        assert_eq!(r.cost, 4.0);
    }

    #[test]
    fn refusals_and_no_path() {
        let m = open4(".#.");
        assert_eq!(
            astar(&m, (1, 0), (0, 0), zero, 1.0).status,
            RefStatus::StartInvalid
        );
        assert_eq!(
            astar(&m, (0, 0), (1, 0), zero, 1.0).status,
            RefStatus::GoalInvalid
        );
        assert_eq!(
            astar(&m, (9, 0), (1, 0), zero, 1.0).status,
            RefStatus::StartInvalid
        );
        let r = astar(&m, (0, 0), (2, 0), zero, 1.0);
        assert_eq!(r.status, RefStatus::NoPath);
        assert_eq!((r.iterations, r.expansions), (1, 1));
        assert!(r.path.is_empty() && r.cost.is_infinite());
    }

    #[test]
    fn heuristics_by_hand() {
        assert_eq!(manhattan(0.5, (3, 4))((0, 0)), 3.5);
        assert_eq!(octile(1.0, (3, 1))((0, 0)), 2.0 + SQRT2);
        assert_eq!(octile(2.0, (0, 0))((2, 2)), 2.0 * (2.0 * SQRT2));
        // Pointy odd rows: (0,0) is axial (0,0), (2,2) is axial (1,2): 3 steps.
        assert_eq!(hex_steps(1.0, Layout::PointyOddRow, (2, 2))((0, 0)), 3.0);
    }

    #[test]
    fn costs_equal_dijkstra_on_generated_maps() {
        use crate::r#gen::{CostMode, GenOptions, square_case};
        use crate::rng::SplitMix64;
        let mut rng = SplitMix64::new(11);
        for i in 0..150 {
            let case = square_case(&mut rng, &GenOptions::new(CostMode::Dyadic));
            let m = SquareModel::new(
                case.width,
                case.height,
                case.cells.clone(),
                &case.multipliers,
                Connectivity::Four,
                DiagonalRule::NoCornerCutting,
                1 + (i % 2) as u8,
            );
            let s = (
                rng.range_i32(0, case.width - 1),
                rng.range_i32(0, case.height - 1),
            );
            let t = (
                rng.range_i32(0, case.width - 1),
                rng.range_i32(0, case.height - 1),
            );
            let d = dijkstra(&m, s);
            let scale = case
                .multipliers
                .iter()
                .copied()
                .fold(f64::INFINITY, f64::min);
            let r = astar(&m, s, t, manhattan(scale, t), 1.0);
            match r.status {
                RefStatus::Found => assert_eq!(r.cost, d[m.index(t).unwrap()]),
                RefStatus::NoPath => assert!(d[m.index(t).unwrap()].is_infinite()),
                _ => assert!(!m.is_position(s) || !m.is_position(t)),
            }
        }
    }
}
