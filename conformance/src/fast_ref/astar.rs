//! The one-line octile A* (`grids.md`, "The specialised octile searches"), from the spec:
//!
//! * the start gets the pair (0, 0) and is pushed with its key;
//! * an iteration pops the best key (smaller f, larger `f32` g, smaller cell), closes the node
//!   and, if it is the goal, finishes; otherwise it counts an expansion and visits the neighbours
//!   N, E, S, W, NE, SE, SW, NW that are legal moves (no corner cutting) and not closed (the
//!   estimate is consistent, so a closed node is final); the neighbour's pair is the node's plus
//!   (1, 0) or (0, 1), and it is taken when the neighbour is new or its g is strictly smaller
//!   (the first parent found stays on ties), replacing the neighbour's key (decrease-key: a node
//!   is in the open set at most once);
//! * an empty open set means no path.
//!
//! The open set is a `BTreeSet` of keys: any correct priority queue gives the same order, since
//! the keys are distinct (the cell is part of the key).

use std::collections::BTreeSet;

use super::{DIRS, Estimate, FastRun, Key, OctileGrid, Pair};
use crate::astar_ref::RefStatus;
use crate::model::Pos;

/// Runs the reference one-line A* from `start` to `goal` with cell cost `m`.
pub fn octile_astar(
    grid: &OctileGrid,
    start: Pos,
    goal: Pos,
    estimate: Estimate,
    m: f64,
) -> FastRun {
    if let Some(refused) = FastRun::refusal(grid, start, goal) {
        return refused;
    }
    let n = (grid.width() * grid.height()) as usize;
    let mut pair: Vec<Option<Pair>> = vec![None; n];
    let mut key: Vec<Option<Key>> = vec![None; n];
    let mut parent = vec![usize::MAX; n];
    let mut closed = vec![false; n];
    let mut open = BTreeSet::new();
    let (s, t) = (grid.index(start), grid.index(goal));
    pair[s] = Some(Pair::default());
    let k = Key::new(Pair::default(), grid, s, goal, estimate);
    key[s] = Some(k);
    open.insert(k);
    let mut run = FastRun::empty(RefStatus::NoPath);
    while let Some(best) = open.pop_first() {
        let node = best.cell;
        key[node] = None;
        run.iterations += 1;
        closed[node] = true;
        if node == t {
            let p = pair[t].expect("the goal was reached");
            run.status = RefStatus::Found;
            run.pair = Some(p);
            run.cost = p.cost(m);
            let mut c = t;
            while c != usize::MAX {
                run.path.push(grid.pos(c));
                c = parent[c];
            }
            run.path.reverse();
            return run;
        }
        run.expansions += 1;
        let here = grid.pos(node);
        run.expanded.push(here);
        let base = pair[node].expect("an open node has a pair");
        for (dir, &d) in DIRS.iter().enumerate() {
            if !grid.legal(here, d) {
                continue;
            }
            let next = grid.index((here.0 + d.0, here.1 + d.1));
            if closed[next] {
                continue;
            }
            let np = if dir < 4 {
                base.plus(1, 0)
            } else {
                base.plus(0, 1)
            };
            if pair[next].is_some_and(|old| np.g() >= old.g()) {
                continue;
            }
            if let Some(old) = key[next] {
                open.remove(&old);
            }
            pair[next] = Some(np);
            parent[next] = node;
            let k = Key::new(np, grid, next, goal, estimate);
            key[next] = Some(k);
            open.insert(k);
        }
    }
    run
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast_ref::SQRT2;

    fn grid(text: &str) -> OctileGrid {
        OctileGrid::from_picture(text)
    }

    #[test]
    fn start_is_goal() {
        let g = grid("...\n...");
        let r = octile_astar(&g, (1, 1), (1, 1), Estimate::Octile, 1.0);
        assert_eq!(r.status, RefStatus::Found);
        assert_eq!((r.iterations, r.expansions), (1, 0));
        assert_eq!(r.path, vec![(1, 1)]);
        assert_eq!(r.cost, 0.0);
    }

    #[test]
    fn open_field_goes_straight_to_the_goal() {
        // Every cell on a shortest route ties on f; larger g first pulls the search towards the
        // goal, so only the cells of one path are expanded.
        let g = grid("....\n....\n....");
        let r = octile_astar(&g, (0, 0), (3, 2), Estimate::Octile, 1.0);
        assert_eq!(r.status, RefStatus::Found);
        assert_eq!(r.pair, Some(Pair { a: 1, b: 2 }));
        assert_eq!(r.cost, 1.0 + 2.0 * SQRT2);
        assert_eq!(r.expansions, 3);
        assert_eq!(r.iterations, 4);
        assert_eq!(r.path.len(), 4);
    }

    #[test]
    fn walls_refuse_and_enclose() {
        let g = grid(".#.\n.#.\n.#.");
        let r = octile_astar(&g, (0, 0), (2, 2), Estimate::Octile, 1.0);
        assert_eq!(r.status, RefStatus::NoPath);
        assert_eq!((r.iterations, r.expansions), (3, 3));
        let r = octile_astar(&g, (1, 0), (2, 2), Estimate::Octile, 1.0);
        assert_eq!(r.status, RefStatus::StartInvalid);
        let r = octile_astar(&g, (0, 0), (3, 0), Estimate::Octile, 1.0);
        assert_eq!(r.status, RefStatus::GoalInvalid);
    }

    #[test]
    fn no_corner_cutting() {
        let g = grid(".#\n..");
        let r = octile_astar(&g, (0, 0), (1, 1), Estimate::Octile, 2.0);
        assert_eq!(r.path, vec![(0, 0), (0, 1), (1, 1)]);
        assert_eq!(r.cost, 4.0);
    }
}
