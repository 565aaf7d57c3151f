//! Incremental repair of a complete [`FlowField`] after map edits (spec: grids.md, “Flow
//! fields”, “Incremental repair”), in the style of Ramalingam & Reps (1996).

use super::flow_field::{FlowField, FlowStep, NO_NEXT, relax, usable};
use crate::topology::{StepCost, Topology};

impl<C: StepCost> FlowField<C> {
    /// Repairs a complete field after edits that changed moves only among the `dirty` nodes:
    /// every move whose existence or cost changed must have both ends in `dirty`, and every
    /// node whose walkability changed must be in it (for square grids
    /// [`square_dirty_nodes`](super::square_dirty_nodes) gives such a set for an edited
    /// rectangle, for hex grids [`hex_dirty_nodes`](super::hex_dirty_nodes)). `topology` is the
    /// edited map's.
    ///
    /// The dirty nodes are invalidated (cost +∞), and so is every node whose `next` is invalid
    /// unless another valid neighbour still gives it its cost bit for bit (decided in the order
    /// of the old costs, so only the nodes whose cost can really rise are invalidated); each
    /// invalid node is seeded from its valid neighbours (an active goal with 0) and the wave
    /// refills the region, spreading improvements beyond it; `next` is recomputed for every
    /// node whose cost was touched and for their neighbours. When more than half of the
    /// settled nodes turn out invalid the field is recomputed instead (the same result, less
    /// work). The result is bit-identical to [`recompute`](Self::recompute) on the edited map
    /// (cost bits and `next`), for move costs that are positive (a hook answering 0 may need a
    /// recompute). A field that is not complete (idle or in progress) restarts instead and is
    /// left in progress.
    ///
    /// # Complexity
    ///
    /// O(A log A + A · degree) for A affected nodes (invalidated, lowered, decided or their
    /// neighbours), never much more than a recomputation; allocates only when its scratch
    /// lists grow.
    ///
    /// # Determinism
    ///
    /// The result does not depend on the order of `dirty` or on duplicates in it.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::flow::{FlowField, FlowStep, square_dirty_nodes};
    /// use onepath::grid::{GridRect, SquareTopology};
    /// use onepath::topology::DefaultStepCost;
    /// use onepath::{Cell, Connectivity, DiagonalRule, Grid};
    /// let mut grid = Grid::new(12, 6).unwrap();
    /// let rule = DiagonalRule::NoCornerCutting;
    /// let mut field = FlowField::new(DefaultStepCost);
    /// field.begin(&SquareTopology::new(&grid, 1, Connectivity::Eight, rule).unwrap(), &[0]);
    /// field.run(&SquareTopology::new(&grid, 1, Connectivity::Eight, rule).unwrap());
    /// grid.set_walkable(Cell::new(5, 2), false).unwrap();
    /// let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, rule).unwrap();
    /// assert_eq!(field.repair(&topo, square_dirty_nodes(12, 6, GridRect::cell(5, 2), 1)), FlowStep::Complete);
    /// let mut fresh = FlowField::new(DefaultStepCost);
    /// fresh.begin(&topo, &[0]);
    /// fresh.run(&topo);
    /// assert_eq!(field.costs(), fresh.costs()); // bit-identical to a recomputation
    /// assert_eq!(field.nexts(), fresh.nexts());
    /// ```
    pub fn repair<T: Topology>(
        &mut self,
        topology: &T,
        dirty: impl IntoIterator<Item = u32>,
    ) -> FlowStep {
        if self.state != FlowStep::Complete || topology.node_count() != self.node_count {
            return self.restart(topology);
        }
        self.new_epoch();
        self.touched.clear();
        for d in dirty {
            if d < self.node_count {
                self.mark_touched(d);
            }
        }
        if !self.invalidate(topology) {
            // So much of the field depends on the edit that a fresh wave is cheaper; its result
            // is the same, bit for bit.
            let _ = self.restart(topology);
            let before = self.settled;
            let _ = self.run(topology);
            self.repair_pops = self.settled - before;
            return self.state;
        }
        let invalid = self.touched.len();
        let mut reachable_before = 0u32;
        for &u in &self.touched {
            if self.cost[u as usize] < f64::INFINITY {
                reachable_before += 1;
            }
            self.cost[u as usize] = f64::INFINITY;
            self.next[u as usize] = NO_NEXT;
        }
        // Seed each invalid node from its still-valid neighbours.
        self.open.clear();
        for k in 0..self.touched.len() {
            let n = self.touched[k];
            if !topology.is_walkable(n) {
                continue;
            }
            let seed = if self.is_goal(n) {
                0.0
            } else {
                let mut best = f64::INFINITY;
                topology.for_each_neighbor(n, |u, base| {
                    if self.marks[u as usize] == self.epoch {
                        return;
                    }
                    let step = self.hook.cost(n, u, base);
                    let cu = self.cost[u as usize];
                    if usable(step) && cu < f64::INFINITY {
                        let v = cu + step;
                        if v < best {
                            best = v;
                        }
                    }
                });
                best
            };
            if seed < f64::INFINITY {
                self.cost[n as usize] = seed;
                self.open.push(&self.cost, n);
            }
        }
        // Refill: the wave from the seeds; lowered valid nodes join the touched list.
        let mut pops = 0u32;
        let mut newly_reached = 0u32;
        {
            let Self {
                hook,
                cost,
                open,
                marks,
                epoch,
                touched,
                ..
            } = self;
            while let Some(u) = open.pop(cost) {
                let cu = cost[u as usize];
                pops = pops.saturating_add(1);
                relax(topology, hook, cost, open, u, cu, |n, old| {
                    if marks[n as usize] != *epoch {
                        if old == f64::INFINITY {
                            newly_reached += 1;
                        }
                        marks[n as usize] = *epoch;
                        touched.push(n);
                    }
                });
            }
        }
        self.repair_pops = pops;
        let reachable_after = self.touched[..invalid]
            .iter()
            .filter(|&&u| self.cost[u as usize] < f64::INFINITY)
            .count() as u32;
        self.settled = self
            .settled
            .saturating_sub(reachable_before)
            .saturating_add(reachable_after + newly_reached);
        // Directions of the touched nodes, then of their neighbours.
        for k in 0..self.touched.len() {
            let n = self.touched[k];
            self.next[n as usize] = self.choose_next(topology, n);
        }
        self.redirect_neighbours(topology);
        self.state = FlowStep::Complete;
        self.state
    }

    /// Marks the invalid nodes, starting from the dirty ones already in `touched`: a node whose
    /// `next` is invalid is invalid too unless another neighbour `v` still *supports* its cost,
    /// that is `cost[v] < cost[n]`, `v` is valid, the move is usable and `cost[v] + move`
    /// equals `cost[n]` bit for bit. Candidates are decided in the order of their old cost
    /// (then node index), so every possible support of a candidate is decided before it: a
    /// supported node keeps a cost that is still the minimum over its neighbours, and the
    /// refill then only has to raise the nodes whose cost really changes (Ramalingam & Reps
    /// 1996). The result is the same as invalidating the whole subtree behind the edit, only
    /// less work. Returns `false`, leaving the field to be recomputed, once more than half of
    /// the settled nodes are invalid.
    fn invalidate<T: Topology>(&mut self, topology: &T) -> bool {
        let limit = (self.settled / 2).max(64) as usize;
        self.open.clear();
        let dirty = self.touched.len();
        for k in 0..dirty {
            let u = self.touched[k];
            self.queue_dependants(topology, u);
        }
        while let Some(n) = self.open.pop(&self.cost) {
            let cn = self.cost[n as usize];
            let mut supported = false;
            topology.for_each_neighbor(n, |v, base| {
                if supported || self.marks[v as usize] == self.epoch {
                    return;
                }
                let step = self.hook.cost(n, v, base);
                let cv = self.cost[v as usize];
                if usable(step) && cv < cn && (cv + step).to_bits() == cn.to_bits() {
                    supported = true;
                }
            });
            if !supported {
                self.mark_touched(n);
                if self.touched.len() > limit {
                    self.open.clear();
                    return false;
                }
                self.queue_dependants(topology, n);
            }
        }
        true
    }

    /// Queues (keyed by their current cost) the unmarked neighbours whose `next` is `u`.
    fn queue_dependants<T: Topology>(&mut self, topology: &T, u: u32) {
        let Self {
            next,
            cost,
            marks,
            epoch,
            open,
            ..
        } = self;
        topology.for_each_neighbor(u, |n, _| {
            let i = n as usize;
            if next[i] == u && marks[i] != *epoch && !open.contains(n) {
                open.push(cost, n);
            }
        });
    }

    /// Recomputes `next` of every untouched neighbour of a touched node.
    fn redirect_neighbours<T: Topology>(&mut self, topology: &T) {
        self.ring.clear();
        {
            let Self {
                marks,
                epoch,
                touched,
                ring,
                ..
            } = self;
            for &u in touched.iter() {
                topology.for_each_neighbor(u, |n, _| {
                    if marks[n as usize] != *epoch {
                        ring.push(n);
                    }
                });
            }
        }
        for k in 0..self.ring.len() {
            let n = self.ring[k];
            self.next[n as usize] = self.choose_next(topology, n);
        }
    }

    fn new_epoch(&mut self) {
        if self.marks.len() < self.node_count as usize {
            self.marks.resize(self.node_count as usize, 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.epoch = 1;
        }
    }

    fn mark_touched(&mut self, n: u32) {
        if self.marks[n as usize] != self.epoch {
            self.marks[n as usize] = self.epoch;
            self.touched.push(n);
        }
    }
}
