//! The `--alg flow` solver: a whole-map flow field per goal, the start's cost read from it.

use onepath::flow::{FlowField, FlowStep, NO_NEXT};
use onepath::grid::SquareTopology;
use onepath::search::Step;
use onepath::topology::{DefaultStepCost, Topology};

use crate::solver::{MapSolver, Outcome};

/// A [`FlowField`] over one map, recomputed when the goal changes.
pub struct FlowSolver<'g> {
    topology: SquareTopology<'g>,
    field: FlowField<DefaultStepCost>,
    goal: Option<u32>,
    start: u32,
    recording: bool,
    expanded: Vec<u32>,
}

impl<'g> FlowSolver<'g> {
    /// A solver over `topology` (no field yet).
    pub fn new(topology: SquareTopology<'g>) -> Self {
        Self {
            topology,
            field: FlowField::new(DefaultStepCost),
            goal: None,
            start: 0,
            recording: false,
            expanded: Vec::new(),
        }
    }
}

impl MapSolver for FlowSolver<'_> {
    fn solve(&mut self, start: u32, goal: u32) -> Outcome {
        let refused = |status| Outcome {
            status,
            cost: f64::INFINITY,
            expansions: 0,
            iterations: 0,
        };
        if !self.topology.is_walkable(start) {
            return refused(Step::StartInvalid);
        }
        if !self.topology.is_walkable(goal) {
            return refused(Step::GoalInvalid);
        }
        if self.goal != Some(goal) {
            let _ = self.field.begin(&self.topology, &[goal]);
            let state = self.field.run(&self.topology);
            debug_assert_eq!(state, FlowStep::Complete);
            self.goal = Some(goal);
        }
        self.start = start;
        if self.recording {
            // The settled cells in cost order stand in for an expansion order.
            let mut cells: Vec<u32> = (0..self.field.node_count())
                .filter(|&n| self.field.cost(n).is_finite())
                .collect();
            cells.sort_by(|&a, &b| {
                self.field
                    .cost(a)
                    .total_cmp(&self.field.cost(b))
                    .then(a.cmp(&b))
            });
            self.expanded = cells;
        }
        let cost = self.field.cost(start);
        Outcome {
            status: if cost.is_finite() {
                Step::Found
            } else {
                Step::NoPath
            },
            cost,
            expansions: self.field.settled(),
            iterations: self.field.settled(),
        }
    }

    fn path(&self) -> Vec<u32> {
        let mut path = Vec::new();
        if !self.field.cost(self.start).is_finite() {
            return path;
        }
        let mut at = self.start;
        path.push(at);
        while self.field.next(at) != NO_NEXT && path.len() <= self.field.node_count() as usize {
            at = self.field.next(at);
            path.push(at);
        }
        path
    }

    fn set_record_expansions(&mut self, on: bool) {
        self.recording = on;
        self.expanded.clear();
    }

    fn expanded(&self) -> &[u32] {
        &self.expanded
    }

    fn bytes_per_node(&self) -> usize {
        // cost f64 + next u32 + open-set position u32.
        16
    }
}
