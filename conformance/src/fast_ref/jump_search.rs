//! A* over jump points as the specialised jump engines run it (`grids.md`, "Open list order",
//! "Jump point searches", "Jump point search (JPS, JPS+)": "Search").
//!
//! * The start gets the pair (0, 0) and is pushed with its key.
//! * **Open list**: a heap ordered by [`Key`] (smaller f, larger `f32` g, smaller
//!   cell) without decrease-key, and a stack: an entry whose f equals the f of the entry popped
//!   last goes on the stack; the stack pops first, last in first out, unless the heap's best
//!   entry has a smaller f than that level. An improved node is pushed again; its older entry is
//!   skipped when it pops, the node being closed by then.
//! * **Iteration**: pop the next entry; an entry of a closed node is stale and skipped (not an
//!   iteration: "one iteration pops and expands one node"); otherwise count an iteration, close
//!   the node, finish if it is the goal, else count an expansion and search its pruned successor
//!   directions in order 0..7 ([`jump_rules`](super::jump_rules)). Each successor found gets the
//!   node's pair plus `(straight steps, diagonal steps)` of the hop, and is taken when it is new
//!   or open with a strictly smaller g (the first parent found stays on ties); a closed successor
//!   is final (the estimate is consistent).
//! * **Path**: every cell, each hop walked diagonal steps first, then straight.

use std::collections::BTreeSet;

use super::jump_rules::{Hop, JumpVariant, hops, successor_dirs};
use super::{DIRS, Estimate, FastRun, Key, OctileGrid, Pair};
use crate::astar_ref::RefStatus;
use crate::model::Pos;

/// The jump engines' open list: a heap without decrease-key and the same-f LIFO stack.
#[derive(Debug, Default)]
pub struct JumpOpen {
    heap: BTreeSet<Key>,
    stack: Vec<Key>,
    level: Option<f64>,
}

impl JumpOpen {
    /// Adds an entry: on the stack when its f equals the f popped last, else in the heap.
    pub fn push(&mut self, key: Key) {
        if self.level == Some(key.f) {
            self.stack.push(key);
        } else {
            // Keys of one cell differ in f (distinct pairs), so no entry is lost.
            let fresh = self.heap.insert(key);
            debug_assert!(fresh, "a duplicate key");
        }
    }

    /// Removes the next entry: the stack's last, unless the heap's best has a smaller f than
    /// the level; otherwise the heap's best.
    pub fn pop(&mut self) -> Option<Key> {
        let heap_wins = match (self.stack.last(), self.heap.first(), self.level) {
            (None, _, _) => true,
            (Some(_), Some(h), Some(level)) => h.f < level,
            (Some(_), _, _) => false,
        };
        let key = if heap_wins {
            self.heap.pop_first()
        } else {
            self.stack.pop()
        }?;
        self.level = Some(key.f);
        Some(key)
    }
}

#[derive(Clone, Copy)]
struct Node {
    pair: Pair,
    parent: usize,
    /// The hop from the parent (its arrival gives the pruning direction).
    hop: Option<Hop>,
    closed: bool,
}

/// Runs the reference jump point search `variant` from `start` to `goal` with cell cost `m`.
pub fn jump_search(
    grid: &OctileGrid,
    variant: JumpVariant,
    start: Pos,
    goal: Pos,
    estimate: Estimate,
    m: f64,
) -> FastRun {
    if let Some(refused) = FastRun::refusal(grid, start, goal) {
        return refused;
    }
    let n = (grid.width() * grid.height()) as usize;
    let mut nodes: Vec<Option<Node>> = vec![None; n];
    let (s, t) = (grid.index(start), grid.index(goal));
    nodes[s] = Some(Node {
        pair: Pair::default(),
        parent: usize::MAX,
        hop: None,
        closed: false,
    });
    let mut open = JumpOpen::default();
    open.push(Key::new(Pair::default(), grid, s, goal, estimate));
    let mut run = FastRun::empty(RefStatus::NoPath);
    while let Some(entry) = open.pop() {
        let cell = entry.cell;
        let mut node = nodes[cell].expect("a pushed node has a record");
        if node.closed {
            continue;
        }
        run.iterations += 1;
        node.closed = true;
        nodes[cell] = Some(node);
        if cell == t {
            run.status = RefStatus::Found;
            run.pair = Some(node.pair);
            run.cost = node.pair.cost(m);
            run.path = write_path(grid, &nodes, t);
            return run;
        }
        run.expansions += 1;
        let here = grid.pos(cell);
        run.expanded.push(here);
        let arrival = node.hop.map(|h| h.arrival());
        for dir in successor_dirs(grid, here, arrival) {
            for hop in hops(grid, variant, here, dir, goal) {
                let to = grid.index(hop.to);
                let pair = node.pair.plus(hop.straight, hop.diagonal);
                if let Some(old) = nodes[to]
                    && (old.closed || pair.g() >= old.pair.g())
                {
                    continue;
                }
                nodes[to] = Some(Node {
                    pair,
                    parent: cell,
                    hop: Some(hop),
                    closed: false,
                });
                open.push(Key::new(pair, grid, to, goal, estimate));
            }
        }
    }
    run
}

/// Every cell from the start to `goal`, hops walked diagonal first, then straight.
fn write_path(grid: &OctileGrid, nodes: &[Option<Node>], goal: usize) -> Vec<Pos> {
    let mut hops_back = Vec::new();
    let mut c = goal;
    let mut start = grid.pos(goal);
    while let Some(node) = nodes[c] {
        let Some(hop) = node.hop else {
            start = grid.pos(c);
            break;
        };
        hops_back.push(hop);
        c = node.parent;
    }
    let mut path = vec![start];
    let mut at = start;
    for hop in hops_back.iter().rev() {
        for (steps, dir) in [
            (hop.diagonal, hop.diagonal_dir),
            (hop.straight, hop.straight_dir),
        ] {
            let d = DIRS[dir];
            for _ in 0..steps {
                at = (at.0 + d.0, at.1 + d.1);
                path.push(at);
            }
        }
        debug_assert_eq!(at, hop.to);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast_ref::astar::octile_astar;

    fn grid(text: &str) -> OctileGrid {
        OctileGrid::from_picture(text)
    }

    const ALL: [JumpVariant; 3] = [
        JumpVariant::Jps,
        JumpVariant::JpsPlus,
        JumpVariant::Improved,
    ];

    #[test]
    fn lifo_stack_for_the_current_level() {
        let k = |f: f64, cell| Key { f, g32: 0.0, cell };
        let mut open = JumpOpen::default();
        open.push(k(1.0, 5));
        open.push(k(1.0, 2));
        assert_eq!(
            open.pop().map(|e| e.cell),
            Some(2),
            "the heap orders before a pop"
        );
        open.push(k(1.0, 7));
        open.push(k(1.0, 9));
        open.push(k(2.0, 0));
        let order: Vec<usize> = core::iter::from_fn(|| open.pop()).map(|e| e.cell).collect();
        assert_eq!(order, vec![9, 7, 5, 0]);
    }

    #[test]
    fn start_is_goal_and_refusals() {
        let g = grid("..\n.#");
        for v in ALL {
            let r = jump_search(&g, v, (0, 1), (0, 1), Estimate::Octile, 1.0);
            assert_eq!(
                (r.status, r.iterations, r.expansions),
                (RefStatus::Found, 1, 0)
            );
            assert_eq!(r.path, vec![(0, 1)]);
            let r = jump_search(&g, v, (0, 0), (1, 1), Estimate::Octile, 1.0);
            assert_eq!(r.status, RefStatus::GoalInvalid);
        }
    }

    #[test]
    fn costs_equal_astar_around_walls() {
        let g = grid("......\n.####.\n......\n..#...\n....#.");
        for v in ALL {
            for goal in [(5, 4), (0, 4), (3, 2), (5, 0)] {
                let a = octile_astar(&g, (0, 0), goal, Estimate::Octile, 1.0);
                let r = jump_search(&g, v, (0, 0), goal, Estimate::Octile, 1.0);
                assert_eq!(r.pair, a.pair, "{v:?} {goal:?}");
                assert_eq!(r.path.first(), Some(&(0, 0)));
                assert_eq!(r.path.last(), Some(&goal));
                assert_eq!(r.path.len(), a.path.len());
            }
        }
    }

    #[test]
    fn goal_enclosed() {
        let g = grid("...#.\n...#.\n...#.");
        for v in ALL {
            let r = jump_search(&g, v, (0, 0), (4, 2), Estimate::Octile, 1.0);
            assert_eq!(r.status, RefStatus::NoPath);
            assert_eq!(r.iterations, r.expansions);
        }
    }
}
