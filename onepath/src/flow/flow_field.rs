//! [`FlowField`]: the integration wave and the direction field over any [`Topology`] (tier 2).

use alloc::vec::Vec;

use super::wave_heap::WaveHeap;
use crate::topology::{StepCost, Topology};

/// "No next node": goals, unreachable and unwalkable nodes (the spec's −1).
pub const NO_NEXT: u32 = u32::MAX;

/// Whether a hooked move cost may be taken: `0 <= c < +∞` (not NaN, not negative, not +∞).
#[inline]
pub(super) fn usable(c: f64) -> bool {
    (0.0..f64::INFINITY).contains(&c)
}

/// Where a flow field stands.
///
/// # Examples
///
/// ```
/// use onepath::flow::{FlowField, FlowStep};
/// use onepath::grid::SquareTopology;
/// use onepath::topology::DefaultStepCost;
/// use onepath::{Connectivity, DiagonalRule, Grid};
/// let grid = Grid::new(4, 4).unwrap();
/// let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
/// let mut field = FlowField::new(DefaultStepCost);
/// assert_eq!(field.state(), FlowStep::Idle);
/// assert_eq!(field.begin(&topo, &[0]), FlowStep::InProgress);
/// assert_eq!(field.step(&topo, 5), FlowStep::InProgress);
/// assert_eq!(field.run(&topo), FlowStep::Complete);
/// ```
#[must_use = "only Complete means the directions are final; InProgress asks for another step"]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlowStep {
    /// No goals were given yet: call [`FlowField::begin`].
    Idle,
    /// The wave still has nodes to settle: call [`FlowField::step`] again.
    InProgress,
    /// Every reachable node is settled and the direction field is written. Done.
    Complete,
}

/// One Dijkstra wave from a goal set, shared by every agent heading there (tier 2): the
/// *integration field* `cost[n]` (the cheapest total move cost from `n` to any goal, +∞ when no
/// goal can be reached) and the *direction field* `next[n]` (the neighbour to step to).
///
/// The field owns its arrays and borrows the topology per call, like
/// [`AStar`](crate::search::AStar), so a host keeps it between ticks and gives it a budget per
/// tick. The cost hook `C` sees every move as `cost(from, to, base)`, *from* being the node
/// the move leaves; it must price a move the same in both directions (the wave runs backwards
/// along the neighbour lists), and the topology's moves must be symmetric (true for
/// [`SquareTopology`](crate::grid::SquareTopology) and [`HexTopology`](crate::hex::HexTopology),
/// also under [`Filtered`](crate::topology::Filtered)).
///
/// # Algorithm
///
/// Goals are sorted and deduplicated; a goal the topology does not call walkable is inactive.
/// Active goals cost 0 and enter the open set (the grid core's
/// [`OpenSet`](crate::search::OpenSet) order with `f = g = cost`, kept in a 12-byte-per-slot
/// heap of its own) with cost 0. One *iteration* pops the
/// cheapest node `u` (ties by smaller node index) and relaxes every neighbour `n` of `u`:
/// `c = cost(n, u, base)` is skipped when NaN, negative or +∞, and `cost[u] + c` replaces
/// `cost[n]` when strictly smaller (the node is pushed with `f = g =` its new cost). When the
/// set is empty the direction pass writes `next[n]`: the first neighbour `u` of `n` in the
/// topology's order that attains the minimum of `cost[u] + cost(n, u, base)`; [`NO_NEXT`] for
/// goals and unreachable nodes. Following `next` from a reachable node reaches a goal, and the
/// move costs along the way add up to `cost[n]` (exactly, up to the order of the additions).
///
/// # Determinism
///
/// Costs are IEEE sums `cost[u] + move` formed in the spec's order; the field depends on
/// nothing but the topology, the hook and the goal set. Any sequence of [`step`](Self::step)
/// budgets gives the same field, bit for bit, and the same [`settled`](Self::settled) count as
/// one unsliced [`run`](Self::run).
///
/// # Memory
///
/// 28 bytes per node: 8 (cost), 4 (next), 4 (the open set's position index) and 12 (its heap
/// slot: node id and cost key, reserved for every node so that no frontier can make `step`
/// allocate). A [`repair`](Self::repair) adds 4
/// (its marks) and lists proportional to the repaired region. After the first field of a
/// node count, `begin`, `step` and `run` allocate nothing.
///
/// # Examples
///
/// ```
/// use onepath::flow::{FlowField, FlowStep, NO_NEXT};
/// use onepath::grid::SquareTopology;
/// use onepath::topology::DefaultStepCost;
/// use onepath::{Connectivity, DiagonalRule, Grid};
///
/// let grid = Grid::from_text("....\n.##.\n....").unwrap();
/// let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
/// let mut field = FlowField::new(DefaultStepCost);
/// field.begin(&topo, &[3]); // the top-right cell
/// while field.step(&topo, 4) == FlowStep::InProgress {} // four pops per tick
/// assert_eq!(field.cost(8), 5.0); // bottom-left: five steps
/// assert_eq!(field.next(8), 4); // first in N, E, S, W order with the minimum: north
/// assert_eq!(field.next(3), NO_NEXT); // the goal
/// assert_eq!(field.cost(5), f64::INFINITY); // a wall
/// ```
#[derive(Clone, Debug)]
pub struct FlowField<C> {
    pub(super) hook: C,
    pub(super) cost: Vec<f64>,
    pub(super) next: Vec<u32>,
    pub(super) open: WaveHeap,
    /// The requested goals, sorted and deduplicated (active or not).
    pub(super) goals: Vec<u32>,
    pub(super) node_count: u32,
    pub(super) settled: u32,
    pub(super) state: FlowStep,
    /// Repair scratch: generation marks and the list of touched nodes.
    pub(super) marks: Vec<u32>,
    pub(super) epoch: u32,
    pub(super) touched: Vec<u32>,
    /// Repair scratch: untouched neighbours of touched nodes.
    pub(super) ring: Vec<u32>,
    pub(super) repair_pops: u32,
}

// Invariants (checked by `check_invariants`):
// - `cost`, `next` have `node_count` entries; goals are sorted, unique and `< node_count`;
// - InProgress: every node in the open set has `f == g == cost[n]`; nodes not in it whose cost
//   is finite are settled;
// - Complete: the open set is empty; `cost[n] == min_u cost[u] + move(n, u)` for every walkable
//   non-goal node, 0 for active goals, and `next` is the first neighbour attaining it.

impl<C: StepCost> FlowField<C> {
    /// An idle field with the cost hook `hook` (use
    /// [`DefaultStepCost`](crate::topology::DefaultStepCost) for the topology's own costs).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep, NO_NEXT};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.#..\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut field = FlowField::new(DefaultStepCost);
    /// assert_eq!(field.state(), FlowStep::Idle);
    /// field.begin(&topo, &[0]);
    /// assert_eq!(field.run(&topo), FlowStep::Complete);
    /// assert_eq!(field.cost(11), 5.0); // (3, 2) is five moves from (0, 0)
    /// ```
    pub fn new(hook: C) -> Self {
        Self {
            hook,
            cost: Vec::new(),
            next: Vec::new(),
            open: WaveHeap::default(),
            goals: Vec::new(),
            node_count: 0,
            settled: 0,
            state: FlowStep::Idle,
            marks: Vec::new(),
            epoch: 0,
            touched: Vec::new(),
            ring: Vec::new(),
            repair_pops: 0,
        }
    }

    /// Starts a new field towards `goals` over `topology`, dropping the old one: goals are
    /// sorted and deduplicated, those the topology does not call walkable (or out of range)
    /// stay inactive, the active ones cost 0 and are queued. Returns
    /// [`FlowStep::InProgress`], or [`FlowStep::Complete`] when no goal is active (every node
    /// unreachable).
    ///
    /// # Complexity
    ///
    /// O(nodes + k log k) for k goals (the arrays are reset). Allocates only when the node
    /// count or the goal count grows.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep, NO_NEXT};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.#..\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut field = FlowField::new(DefaultStepCost);
    /// assert_eq!(field.begin(&topo, &[3, 0, 3]), FlowStep::InProgress);
    /// assert_eq!(field.goals(), &[0, 3]); // sorted, deduplicated
    /// assert_eq!(field.begin(&topo, &[5]), FlowStep::Complete); // a wall: no active goal
    /// assert_eq!(field.cost(0), f64::INFINITY);
    /// ```
    pub fn begin<T: Topology>(&mut self, topology: &T, goals: &[u32]) -> FlowStep {
        self.goals.clear();
        self.goals.extend_from_slice(goals);
        self.goals.sort_unstable();
        self.goals.dedup();
        self.restart(topology)
    }

    /// Starts the wave again from the stored goals (after map changes the journal cannot
    /// describe, such as a hook answering differently).
    pub(super) fn restart<T: Topology>(&mut self, topology: &T) -> FlowStep {
        let n = topology.node_count();
        self.node_count = n;
        self.cost.clear();
        self.cost.resize(n as usize, f64::INFINITY);
        self.next.clear();
        self.next.resize(n as usize, NO_NEXT);
        self.open.reserve_nodes(n);
        self.settled = 0;
        self.repair_pops = 0;
        for &g in &self.goals {
            if g < n && topology.is_walkable(g) {
                self.cost[g as usize] = 0.0;
                self.open.push(&self.cost, g);
            }
        }
        self.state = if self.open.is_empty() {
            FlowStep::Complete
        } else {
            FlowStep::InProgress
        };
        self.state
    }

    /// Recomputes the whole field from the stored goals and runs it to completion.
    ///
    /// # Complexity
    ///
    /// O(V log V) for V reachable nodes, plus O(nodes) for the direction pass.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep, NO_NEXT};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.#..\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// use onepath::topology::FnStepCost;
    /// // Stepping onto (1, 0) costs 10: from (2, 0) the way round the wall is cheaper.
    /// let toll = FnStepCost(|_: u32, to: u32, b: f64| if to == 1 { 10.0 * b } else { b });
    /// let mut field = FlowField::new(toll);
    /// field.begin(&topo, &[0]);
    /// assert_eq!(field.recompute(&topo), FlowStep::Complete); // from the stored goals
    /// assert_eq!((field.cost(1), field.cost(2)), (1.0, 6.0));
    /// assert_eq!(field.next(2), 6); // down, not west
    /// ```
    pub fn recompute<T: Topology>(&mut self, topology: &T) -> FlowStep {
        let _ = self.restart(topology);
        self.run(topology)
    }

    /// Performs at most `budget` iterations (pops). Returns [`FlowStep::InProgress`] while
    /// nodes remain, [`FlowStep::Complete`] once the wave is done (the call whose pop empties
    /// the open set also writes the direction field and reports `Complete` at once), or the
    /// current state when the field is idle or complete. `topology` must be the one the field
    /// began with (the same map, unedited).
    ///
    /// # Complexity
    ///
    /// O(budget · (degree + log V)); the finishing call adds O(nodes · degree).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep, NO_NEXT};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.#..\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&topo, &[0]);
    /// assert_eq!(field.step(&topo, 3), FlowStep::InProgress);
    /// assert_eq!(field.settled(), 3);
    /// assert_eq!(field.next(1), NO_NEXT); // no directions before the wave completes
    /// while field.step(&topo, 3) == FlowStep::InProgress {}
    /// assert_eq!(field.next(1), 0);
    /// ```
    pub fn step<T: Topology>(&mut self, topology: &T, budget: u32) -> FlowStep {
        if self.state != FlowStep::InProgress {
            return self.state;
        }
        let Self {
            hook,
            cost,
            open,
            settled,
            ..
        } = self;
        let mut done = 0u32;
        while done < budget {
            let Some(u) = open.pop(cost) else { break };
            let cu = cost[u as usize];
            done += 1;
            *settled = settled.saturating_add(1);
            relax(topology, hook, cost, open, u, cu, |_, _| {});
        }
        if open.is_empty() {
            self.write_directions(topology);
            self.state = FlowStep::Complete;
        }
        self.state
    }

    /// Runs the wave to completion ([`step`](Self::step) with an unlimited budget).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep, NO_NEXT};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.#..\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&topo, &[11]);
    /// assert_eq!(field.run(&topo), FlowStep::Complete);
    /// assert_eq!(field.settled(), 11); // every open node
    /// ```
    pub fn run<T: Topology>(&mut self, topology: &T) -> FlowStep {
        while self.step(topology, u32::MAX) == FlowStep::InProgress {}
        self.state
    }

    /// The direction pass over every node.
    fn write_directions<T: Topology>(&mut self, topology: &T) {
        for n in 0..self.node_count {
            self.next[n as usize] = self.choose_next(topology, n);
        }
    }

    /// `next[n]` from the current costs: [`NO_NEXT`] for goals and unreachable nodes, else the
    /// first neighbour attaining the minimum of `cost[u] + move(n, u)`.
    pub(super) fn choose_next<T: Topology>(&self, topology: &T, n: u32) -> u32 {
        let c = self.cost[n as usize];
        if c == f64::INFINITY || (c == 0.0 && self.is_goal(n)) {
            return NO_NEXT;
        }
        let mut best = f64::INFINITY;
        let mut arg = NO_NEXT;
        topology.for_each_neighbor(n, |u, base| {
            let step = self.hook.cost(n, u, base);
            if !usable(step) {
                return;
            }
            let cu = self.cost[u as usize];
            if cu == f64::INFINITY {
                return;
            }
            let v = cu + step;
            if v < best {
                best = v;
                arg = u;
            }
        });
        arg
    }

    /// Whether `n` is one of the requested goals.
    pub(super) fn is_goal(&self, n: u32) -> bool {
        self.goals.binary_search(&n).is_ok()
    }

    /// Where the field stands.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(4, 4).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut field = FlowField::new(DefaultStepCost);
    /// assert_eq!(field.state(), FlowStep::Idle);
    /// field.begin(&topo, &[0]);
    /// field.run(&topo);
    /// assert_eq!(field.state(), FlowStep::Complete);
    /// ```
    pub fn state(&self) -> FlowStep {
        self.state
    }

    /// The integration cost of `node`: the cheapest total move cost to a goal, +∞ when none is
    /// reachable, when `node` is out of range, or (while the wave runs) not settled yet.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep, NO_NEXT};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.#..\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&topo, &[0]);
    /// field.run(&topo);
    /// assert_eq!((field.cost(6), field.cost(5), field.cost(99)), (3.0, f64::INFINITY, f64::INFINITY));
    /// ```
    pub fn cost(&self, node: u32) -> f64 {
        self.cost
            .get(node as usize)
            .copied()
            .unwrap_or(f64::INFINITY)
    }

    /// The node to step to from `node`, [`NO_NEXT`] for goals, unreachable or out-of-range
    /// nodes, and for every node until the field is [`Complete`](FlowStep::Complete).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep, NO_NEXT};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.#..\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&topo, &[0]);
    /// field.run(&topo);
    /// let (mut at, mut steps) = (11, 0);
    /// while field.next(at) != NO_NEXT {
    ///     at = field.next(at);
    ///     steps += 1;
    /// }
    /// assert_eq!((at, steps), (0, 5)); // following next reaches the goal at the field's cost
    /// ```
    pub fn next(&self, node: u32) -> u32 {
        self.next.get(node as usize).copied().unwrap_or(NO_NEXT)
    }

    /// The integration field, one cost per node.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep, NO_NEXT};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.#..\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&topo, &[0]);
    /// field.run(&topo);
    /// assert_eq!(&field.costs()[..4], &[0.0, 1.0, 2.0, 3.0]);
    /// ```
    pub fn costs(&self) -> &[f64] {
        &self.cost
    }

    /// The direction field, one entry per node ([`NO_NEXT`] for none).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep, NO_NEXT};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.#..\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&topo, &[0]);
    /// field.run(&topo);
    /// assert_eq!(&field.nexts()[..4], &[NO_NEXT, 0, 1, 2]);
    /// ```
    pub fn nexts(&self) -> &[u32] {
        &self.next
    }

    /// The requested goals, sorted and deduplicated (inactive ones included).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(4, 4).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&topo, &[9, 2, 9, 99]);
    /// assert_eq!(field.goals(), &[2, 9, 99]); // sorted, deduplicated; 99 stays inactive
    /// ```
    pub fn goals(&self) -> &[u32] {
        &self.goals
    }

    /// Nodes the field covers (the topology's node count at `begin`).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep, NO_NEXT};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::from_text("....\n.#..\n....").unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&topo, &[0]);
    /// assert_eq!(field.node_count(), 12);
    /// ```
    pub fn node_count(&self) -> u32 {
        self.node_count
    }

    /// Iterations (pops) of the wave since `begin` — the number of nodes settled. After a
    /// [`repair`](Self::repair) it is what a recomputation would report (the reachable
    /// nodes), so a repaired field equals a recomputed one in this count too.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(4, 4).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&topo, &[0]);
    /// field.step(&topo, 5);
    /// assert_eq!(field.settled(), 5);
    /// ```
    pub fn settled(&self) -> u32 {
        self.settled
    }

    /// Pops of the last [`repair`](Self::repair) (0 after a full computation).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(4, 4).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&topo, &[0]);
    /// field.run(&topo);
    /// assert_eq!(field.repair_pops(), 0); // no repair yet
    /// ```
    pub fn repair_pops(&self) -> u32 {
        self.repair_pops
    }

    /// Nodes currently queued (0 once complete).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onepath::flow::{FlowField, FlowStep};
    /// # use onepath::grid::SquareTopology;
    /// # use onepath::topology::DefaultStepCost;
    /// # use onepath::{Connectivity, DiagonalRule, Grid};
    /// # let grid = Grid::new(4, 4).unwrap();
    /// # let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    /// # let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&topo, &[0, 15]);
    /// assert_eq!(field.open_len(), 2); // the two goals
    /// assert!(field.in_open(15));
    /// ```
    pub fn open_len(&self) -> usize {
        self.open.len()
    }

    /// The queued nodes `(node, f, g)` (`f = g =` the node's cost) in the open set's internal
    /// order (snapshots sort them into pop order); empty once complete.
    pub fn open_entries(&self) -> impl Iterator<Item = (u32, f64, f64)> + '_ {
        self.open.nodes().iter().map(|&n| {
            let c = self.cost[n as usize];
            (n, c, c)
        })
    }

    /// Whether `node` is queued.
    pub fn in_open(&self, node: u32) -> bool {
        self.open.contains(node)
    }

    /// The cost hook.
    pub fn hook(&self) -> &C {
        &self.hook
    }

    /// Checks the invariants above against `topology` (O(nodes · degree)); for tests and
    /// fuzzing.
    pub fn check_invariants<T: Topology>(&self, topology: &T) -> bool {
        let n = self.node_count as usize;
        if self.cost.len() != n || self.next.len() != n || !self.open.check_invariants(&self.cost) {
            return false;
        }
        if self.goals.windows(2).any(|w| w[0] >= w[1]) {
            return false;
        }
        match self.state {
            // In progress, the heap's check above compared every key with its node's cost.
            FlowStep::Idle | FlowStep::InProgress => true,
            FlowStep::Complete => {
                if !self.open.is_empty() {
                    return false;
                }
                (0..self.node_count).all(|v| {
                    let c = self.cost[v as usize];
                    let goal = self.is_goal(v) && topology.is_walkable(v);
                    if goal {
                        return c == 0.0 && self.next[v as usize] == NO_NEXT;
                    }
                    if !topology.is_walkable(v) {
                        return c == f64::INFINITY && self.next[v as usize] == NO_NEXT;
                    }
                    let mut best = f64::INFINITY;
                    topology.for_each_neighbor(v, |u, base| {
                        let s = self.hook.cost(v, u, base);
                        if usable(s) && self.cost[u as usize] < f64::INFINITY {
                            let t = self.cost[u as usize] + s;
                            if t < best {
                                best = t;
                            }
                        }
                    });
                    best.to_bits() == c.to_bits()
                        && self.next[v as usize] == self.choose_next(topology, v)
                })
            }
        }
    }
}

/// Relaxes the neighbours of the popped node `u` (cost `cu`): each neighbour `n` gets
/// `cu + hook(n, u, base)` when that is strictly smaller than its cost, and is (re)queued;
/// `changed(n, old)` hears about every lowered node and its old cost.
#[inline]
pub(super) fn relax<T: Topology, C: StepCost>(
    topology: &T,
    hook: &C,
    cost: &mut [f64],
    open: &mut WaveHeap,
    u: u32,
    cu: f64,
    mut changed: impl FnMut(u32, f64),
) {
    topology.for_each_neighbor(u, |n, base| {
        let step = hook.cost(n, u, base);
        if !usable(step) {
            return;
        }
        let cand = cu + step;
        let old = cost[n as usize];
        if cand < old {
            cost[n as usize] = cand;
            open.push(cost, n);
            changed(n, old);
        }
    });
}
