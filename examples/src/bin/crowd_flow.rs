//! A crowd following one flow field in a fixed-tick lockstep simulation.
//!
//! 1,200 agents on a Moving AI map (`dao/arena2` from the shared data, read with
//! `onepath-std`; without the data a generated rooms map, and the program says so) walk to one goal region by reading the flow
//! field's `next` cell — one Dijkstra wave serves them all. The field is computed in slices of
//! 4,000 pops per tick (agents wait until it is complete). At tick 40 a wall is built across
//! the route; `refresh` repairs the field from the grid's edit journal (bit-identical to a
//! recomputation, which the program checks). Each tick prints a checksum of the agents and
//! the field; the simulation is run twice, and a third time restored from a snapshot taken at
//! tick 60 (the grid, the field's kind-7 snapshot and the agents), and the three must agree on
//! every tick they share.
//!
//! Run: `cargo run --release -p onepath-examples --bin crowd_flow` (add `-- --quiet` to print
//! only the summary).

use onepath::flow::FlowStep;
use onepath::grid::NearestOptions;
use onepath::math::SplitMix64;
use onepath::state::Fnv1a64;
use onepath::{Cell, Grid, GridFlowField, GridOptions};
use onepath_std::data::movingai_dir;
use onepath_std::movingai::MovingAiOptions;
use onepath_std::movingai::files::read_map;

const AGENTS: usize = 1200;
const TICKS: u32 = 120;
const EDIT_TICK: u32 = 40;
const SNAPSHOT_TICK: u32 = 60;
const POPS_PER_TICK: u32 = 4000;

/// A deterministic rooms map for runs without the shared data.
fn generated_map() -> Grid {
    let (w, h) = (96u32, 96u32);
    let mut grid = Grid::new(w, h).expect("valid size");
    for k in 1..4 {
        let at = k * 24;
        grid.set_rect(at, 0, 1, h, 255).expect("inside");
        grid.set_rect(0, at, w, 1, 255).expect("inside");
    }
    let mut rng = SplitMix64::new(7);
    for k in 1..4 {
        for room in 0..4 {
            let door = room * 24 + 2 + rng.below(19);
            grid.set_rect(k * 24, door as i32, 1, 2, 0).expect("inside");
            grid.set_rect(door as i32, k * 24, 2, 1, 0).expect("inside");
        }
    }
    grid
}

/// The map: `dao/arena2` read with `onepath-std`'s Moving AI parser (`.`, `G` and `S`
/// walkable, as the benchmark counts them), or the generated map when the data is absent.
fn load() -> Result<(Grid, String), Box<dyn std::error::Error>> {
    let Some(path) = movingai_dir()
        .map(|d| d.join("dao/arena2.map"))
        .filter(|p| p.is_file())
    else {
        return Ok((
            generated_map(),
            "generated 96 x 96 rooms map (movingai/dao/arena2.map not found: the shared data \
             is absent)"
                .to_string(),
        ));
    };
    let grid = read_map(&path, &MovingAiOptions::DEFAULT)?.to_grid()?;
    Ok((grid, format!("Moving AI dao/arena2 ({})", path.display())))
}

/// The simulation state a lockstep host keeps: the grid, the field, the agents.
#[derive(Clone)]
struct World {
    grid: Grid,
    field: GridFlowField,
    agents: Vec<u32>,
    occupied: Vec<bool>,
    goals: Vec<Cell>,
}

impl World {
    fn new(grid: Grid) -> Self {
        let (w, h) = (grid.width(), grid.height());
        // Goal region: the 3 x 3 walkable cells nearest the centre.
        let centre = Cell::new((w / 2) as i32, (h / 2) as i32);
        let goal = grid
            .try_find_nearest_walkable(centre, &NearestOptions::DEFAULT)
            .ok()
            .flatten()
            .expect("the map has a walkable cell");
        let goals: Vec<Cell> = (-1..=1)
            .flat_map(|dy| (-1..=1).map(move |dx| Cell::new(goal.x + dx, goal.y + dy)))
            .filter(|&c| grid.is_walkable(c))
            .collect();
        let o = GridOptions::DEFAULT.with_iteration_budget(POPS_PER_TICK);
        let field = grid.create_flow_field(&goals, &o).expect("valid options");
        // Agents on distinct walkable cells, drawn from a pinned generator.
        let mut rng = SplitMix64::new(2026);
        let mut occupied = vec![false; grid.cell_count() as usize];
        let mut agents = Vec::with_capacity(AGENTS);
        let mut tries = 0;
        while agents.len() < AGENTS && tries < 100 * AGENTS {
            tries += 1;
            let n = rng.below(grid.cell_count());
            if grid.cells()[n as usize] != 255 && !occupied[n as usize] {
                occupied[n as usize] = true;
                agents.push(n);
            }
        }
        Self {
            grid,
            field,
            agents,
            occupied,
            goals,
        }
    }

    /// One fixed tick: advance the field by its budget, then every agent in index order steps
    /// to its next cell if that cell is free.
    fn tick(&mut self, t: u32) {
        if t == EDIT_TICK {
            self.build_wall();
        }
        let state = match self.field.state() {
            FlowStep::InProgress => self
                .field
                .step(&self.grid, POPS_PER_TICK)
                .expect("same grid"),
            state => state,
        };
        // Agents move only on final directions.
        if state != FlowStep::Complete {
            return;
        }
        for a in 0..self.agents.len() {
            let at = self.agents[a];
            let next = self.field.nexts()[at as usize];
            if next != u32::MAX && !self.occupied[next as usize] {
                self.occupied[at as usize] = false;
                self.occupied[next as usize] = true;
                self.agents[a] = next;
            }
        }
    }

    /// A wall across the route of agent 0: a 7-cell line through the cell 12 steps ahead of
    /// it, on cells no agent and no goal stands on; then the incremental repair.
    fn build_wall(&mut self) {
        let mut at = self.agents[0];
        for _ in 0..12 {
            let n = self.field.nexts()[at as usize];
            if n == u32::MAX {
                break;
            }
            at = n;
        }
        let c = self.grid.cell_of(at);
        for dx in -3..=3 {
            let cell = Cell::new(c.x + dx, c.y);
            if let Some(i) = self.grid.index_of(cell)
                && !self.occupied[i as usize]
                && !self.goals.contains(&cell)
            {
                self.grid.set_area(cell, 255).expect("inside");
            }
        }
        let repaired = self.field.refresh(&self.grid).expect("same grid");
        let fresh = self
            .grid
            .create_flow_field(&self.goals, &GridOptions::DEFAULT)
            .expect("valid options");
        assert!(
            fresh
                .costs()
                .iter()
                .zip(self.field.costs())
                .all(|(a, b)| a.to_bits() == b.to_bits())
                && fresh.nexts() == self.field.nexts(),
            "the repaired field differs from a recomputation"
        );
        println!(
            "tick {EDIT_TICK}: wall built at ({}, {}) ± 3; field {} ({} cells re-settled), equal to a recomputation",
            c.x,
            c.y,
            if repaired {
                "repaired incrementally"
            } else {
                "recomputed"
            },
            self.field.field().repair_pops()
        );
    }

    fn checksum(&self) -> u64 {
        let mut h = Fnv1a64::new();
        for &a in &self.agents {
            h.write_u32(a);
        }
        h.write_u32(self.field.settled());
        for &n in self.field.nexts() {
            h.write_u32(n);
        }
        h.finish()
    }
}

/// A mid-run snapshot: the grid, the field's kind-7 bytes, the agents.
type Snapshot = (Grid, Vec<u8>, Vec<u32>);

/// Runs ticks `from..TICKS`, returning the checksums, and the world at `SNAPSHOT_TICK` saved
/// as bytes (grid clone, field snapshot, agents).
fn run(world: &mut World, from: u32, quiet: bool, label: &str) -> (Vec<u64>, Option<Snapshot>) {
    let mut sums = Vec::new();
    let mut snapshot = None;
    for t in from..TICKS {
        if t == SNAPSHOT_TICK && from < SNAPSHOT_TICK {
            // A host sizes this once (the bound holds for every state of the field on this
            // grid); here it is a one-off save.
            let mut bytes = vec![0u8; world.field.max_state_size(&world.grid)];
            let n = world
                .field
                .save_state(&world.grid, &mut bytes)
                .expect("fits");
            bytes.truncate(n);
            snapshot = Some((world.grid.clone(), bytes, world.agents.clone()));
        }
        world.tick(t);
        let sum = world.checksum();
        if !quiet {
            println!("{label} tick {t:3}: {sum:016x}");
        }
        sums.push(sum);
    }
    (sums, snapshot)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let quiet = std::env::args().any(|a| a == "--quiet");
    let (grid, source) = load()?;
    println!("map: {source}, {} x {}", grid.width(), grid.height());
    let mut a = World::new(grid.clone());
    println!(
        "{} agents, {} goal cells, field sliced at {POPS_PER_TICK} pops per tick",
        a.agents.len(),
        a.goals.len()
    );
    let (first, snap) = run(&mut a, 0, quiet, "run 1");
    let mut b = World::new(grid);
    let (second, _) = run(&mut b, 0, true, "run 2");
    assert_eq!(first, second, "two runs from the same start differ");

    // Restore at tick 60: the grid as it was, a field handle made on it, the snapshot bytes.
    let (grid60, bytes, agents) = snap.expect("snapshot taken");
    let mut c = World::new(grid60.clone());
    c.grid = grid60;
    c.field = c
        .grid
        .create_flow_field(&c.goals, &GridOptions::DEFAULT.with_iteration_budget(0))
        .expect("valid options");
    c.field
        .restore_state(&c.grid, &bytes)
        .expect("a snapshot of this field");
    c.occupied = vec![false; c.grid.cell_count() as usize];
    for &n in &agents {
        c.occupied[n as usize] = true;
    }
    c.agents = agents;
    let (restored, _) = run(&mut c, SNAPSHOT_TICK, true, "restored");
    assert_eq!(
        restored[..],
        first[SNAPSHOT_TICK as usize..],
        "the restored run differs"
    );
    let arrived = a
        .agents
        .iter()
        .filter(|&&n| a.field.costs()[n as usize] <= 2.0)
        .count();
    println!(
        "{TICKS} ticks: two runs agree on all {} checksums, the run restored at tick {SNAPSHOT_TICK} on the last {}; final checksum {:016x}; {arrived} agents within 2 of the goal",
        first.len(),
        restored.len(),
        first[first.len() - 1]
    );
    Ok(())
}
