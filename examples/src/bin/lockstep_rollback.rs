//! Lockstep and rollback with a whole world: four agents (one `GridSearch` handle each, a few
//! pops per tick), a flow field toward a rally point (a few hundred cells per tick), and a grid
//! edit (a door closing). Every tick ends with a world save into a ring of buffers, each sized
//! once at start-up with `max_state_size` — no buffer grows or is allocated during play.
//!
//! Inputs of ticks 4 and 6 (agent 1 re-targets; the door closes) arrive late, at tick 8. The
//! game rolls back to its save of tick 3 — grid first, then the searches and the field, which
//! are checked against the grid's content — re-simulates ticks 4 to 8 with the inputs it now
//! knows, and plays on. A refused re-target (agent 3 asked to walk into a wall at tick 9) is
//! checked: it leaves the running search on its old goal.
//!
//! At the end every agent's path, cost bits and counts and the field's costs and directions
//! must equal those of a run that had every input on time; the program says so, or exits
//! non-zero naming the first difference (`docs/rollback-checklist.md`).
use std::error::Error;

use onepath::flow::FlowStep;
use onepath::{Cell, Grid, GridFlowField, GridOptions, GridSearch, Step};

const PER_TICK: u32 = 32;
const FIELD_PER_TICK: u32 = 150;
const TICKS: u32 = 60;
const RING: usize = 8;
/// The tick whose end the late inputs are noticed at.
const LATE_AT: u32 = 8;
const RALLY: Cell = Cell::new(46, 2);

#[derive(Clone, Copy, Debug)]
enum Input {
    /// An agent walks to another goal (the command may be refused).
    Retarget { agent: usize, goal: Cell },
    /// The door in the middle wall closes: a grid edit.
    CloseDoor,
}

/// The inputs as they should have been applied: `(tick, input)`.
const INPUTS: [(u32, Input); 4] = [
    (
        4,
        Input::Retarget {
            agent: 1,
            goal: Cell::new(44, 28),
        },
    ),
    (6, Input::CloseDoor),
    (
        9,
        Input::Retarget {
            agent: 3,
            goal: Cell::new(24, 10), // inside the middle wall: refused
        },
    ),
    (
        12,
        Input::Retarget {
            agent: 0,
            goal: Cell::new(40, 4),
        },
    ),
];

struct World {
    grid: Grid,
    agents: Vec<GridSearch>,
    starts: Vec<Cell>,
    goals: Vec<Cell>,
    field: GridFlowField,
    refusals: u32,
}

/// One world save: a buffer per snapshot-able value (sized once) and the bytes written.
struct Save {
    tick: u32,
    grid: (Vec<u8>, usize),
    agents: Vec<(Vec<u8>, usize)>,
    field: (Vec<u8>, usize),
    goals: Vec<Cell>,
    refusals: u32,
}

fn new_world() -> Result<World, Box<dyn Error>> {
    let mut grid = Grid::new(48, 32)?;
    // A wall down the middle, open at the top (y 0..3), with a door at y 14..18.
    grid.set_rect(24, 3, 1, 11, 255)?;
    grid.set_rect(24, 18, 1, 14, 255)?;
    let starts = vec![
        Cell::new(2, 2),
        Cell::new(3, 29),
        Cell::new(10, 15),
        Cell::new(20, 5),
    ];
    let goals = vec![
        Cell::new(45, 29),
        Cell::new(40, 3),
        Cell::new(30, 16),
        Cell::new(46, 12),
    ];
    let mut agents = Vec::new();
    for (&s, &g) in starts.iter().zip(&goals) {
        let mut search = GridSearch::new(GridOptions::DEFAULT)?;
        search.prepare(&grid);
        match search.try_begin(&grid, s, g) {
            Step::InProgress => {}
            refused => return Err(format!("agent {s:?} -> {g:?}: {refused:?}").into()),
        }
        agents.push(search);
    }
    let options = GridOptions::DEFAULT.with_iteration_budget(FIELD_PER_TICK);
    let field = grid.create_flow_field(&[RALLY], &options)?;
    Ok(World {
        grid,
        agents,
        starts,
        goals,
        field,
        refusals: 0,
    })
}

impl Save {
    /// Buffers for one save of `world`, each sized with its value's `max_state_size`: the
    /// largest state the value can reach on this grid, so no later save can outgrow it.
    fn sized_for(world: &World) -> Self {
        let g = &world.grid;
        Save {
            tick: 0,
            grid: (vec![0; g.max_state_size()], 0),
            agents: world
                .agents
                .iter()
                .map(|a| (vec![0; a.max_state_size(g)], 0))
                .collect(),
            field: (vec![0; world.field.max_state_size(g)], 0),
            goals: world.goals.clone(),
            refusals: 0,
        }
    }

    /// The world save: the map first, then what runs on it. No allocation.
    fn write(&mut self, tick: u32, w: &World) -> Result<(), Box<dyn Error>> {
        self.tick = tick;
        self.grid.1 = w.grid.save_state(&mut self.grid.0)?;
        for (buf, agent) in self.agents.iter_mut().zip(&w.agents) {
            buf.1 = agent.save_state(&w.grid, &mut buf.0)?;
        }
        self.field.1 = w.field.save_state(&w.grid, &mut self.field.0)?;
        self.goals.copy_from_slice(&w.goals);
        self.refusals = w.refusals;
        Ok(())
    }

    /// Rolls `w` back: the grid first (the searches and the field check their snapshot's map
    /// hash against it), then each search, then the field. A refused restore leaves its
    /// value unchanged and is an error here.
    fn restore(&self, w: &mut World) -> Result<(), Box<dyn Error>> {
        w.grid.restore_state(&self.grid.0[..self.grid.1])?;
        for ((buf, len), agent) in self.agents.iter().zip(&mut w.agents) {
            agent.restore_state(&w.grid, &buf[..*len])?;
        }
        w.field
            .restore_state(&w.grid, &self.field.0[..self.field.1])?;
        w.goals.copy_from_slice(&self.goals);
        w.refusals = self.refusals;
        Ok(())
    }
}

/// One simulation tick: apply the tick's inputs, then give every agent and the field their
/// budget. Every status is looked at.
fn simulate(w: &mut World, tick: u32, inputs: &[Input]) -> Result<(), Box<dyn Error>> {
    for input in inputs {
        match *input {
            Input::Retarget { agent, goal } => {
                let start = w.starts[agent];
                match w.agents[agent].try_begin(&w.grid, start, goal) {
                    Step::InProgress => w.goals[agent] = goal,
                    // Refused: the running search is left alone and still heads for the old
                    // goal — the host keeps its own record (`goals`) in step with that.
                    Step::StartInvalid | Step::GoalInvalid => w.refusals += 1,
                    other => return Err(format!("tick {tick}: try_begin said {other:?}").into()),
                }
            }
            Input::CloseDoor => {
                w.grid.set_rect(24, 14, 1, 4, 255)?;
                // Every search and the field were bound to the grid before the edit: a search
                // begins again, the field repairs from the edit journal.
                for (i, agent) in w.agents.iter_mut().enumerate() {
                    match agent.try_begin(&w.grid, w.starts[i], w.goals[i]) {
                        Step::InProgress => {}
                        other => return Err(format!("agent {i} after the edit: {other:?}").into()),
                    }
                }
                let _repaired: bool = w.field.refresh(&w.grid)?;
            }
        }
    }
    for (i, agent) in w.agents.iter_mut().enumerate() {
        match agent.step(&w.grid, PER_TICK)? {
            Step::InProgress | Step::Found | Step::NoPath => {}
            other => return Err(format!("tick {tick}: agent {i} stepped to {other:?}").into()),
        }
    }
    match w.field.state() {
        FlowStep::InProgress => match w.field.step(&w.grid, FIELD_PER_TICK)? {
            FlowStep::InProgress | FlowStep::Complete => {}
            FlowStep::Idle => return Err("the field lost its goals".into()),
        },
        FlowStep::Complete => {}
        FlowStep::Idle => return Err("the field has no goals".into()),
    }
    Ok(())
}

fn inputs_of(tick: u32) -> Vec<Input> {
    INPUTS
        .iter()
        .filter(|(t, _)| *t == tick)
        .map(|(_, i)| *i)
        .collect()
}

/// What must agree between the two runs.
#[derive(Debug, PartialEq)]
struct Outcome {
    grid_hash: u64,
    /// Per agent: state, cells, cost bits, iterations, expansions.
    agents: Vec<(Step, Vec<Cell>, u64, u32, u32)>,
    field_cost_bits: Vec<u64>,
    field_next: Vec<u32>,
    settled: u32,
    refusals: u32,
}

fn outcome(w: &World) -> Result<Outcome, Box<dyn Error>> {
    let mut agents = Vec::new();
    for a in &w.agents {
        let p = a.to_path(&w.grid)?;
        agents.push((
            a.state(),
            p.cells,
            p.cost.to_bits(),
            p.iterations,
            p.expansions,
        ));
    }
    Ok(Outcome {
        grid_hash: w.grid.content_hash(),
        agents,
        field_cost_bits: w.field.costs().iter().map(|c| c.to_bits()).collect(),
        field_next: w.field.nexts().to_vec(),
        settled: w.field.settled(),
        refusals: w.refusals,
    })
}

fn main() -> Result<(), Box<dyn Error>> {
    // The reference: every input on time, no rollback.
    let mut reference = new_world()?;
    for tick in 1..=TICKS {
        simulate(&mut reference, tick, &inputs_of(tick))?;
    }
    let want = outcome(&reference)?;
    // The comparison below can fail: a run that never got the late inputs ends elsewhere.
    let mut stale = new_world()?;
    for tick in 1..=TICKS {
        let known = if (4..LATE_AT).contains(&tick) {
            Vec::new()
        } else {
            inputs_of(tick)
        };
        simulate(&mut stale, tick, &known)?;
    }
    if outcome(&stale)? == want {
        eprintln!("the late inputs change nothing: this example would prove nothing");
        std::process::exit(1);
    }

    // The live game: the ring of world saves is allocated once, before tick 1.
    let mut world = new_world()?;
    let mut ring: Vec<Save> = (0..RING).map(|_| Save::sized_for(&world)).collect();
    let bytes: usize = {
        let s = &ring[0];
        s.grid.0.len() + s.agents.iter().map(|a| a.0.len()).sum::<usize>() + s.field.0.len()
    };
    println!(
        "ring of {RING} world saves, {bytes} bytes each, sized once with max_state_size \
         (agent 0's search is {} bytes now)",
        world.agents[0].state_size()
    );
    let mut largest = 0;
    let mut tick = 1;
    while tick <= TICKS {
        // Before tick LATE_AT ends, the inputs of ticks 4 and 6 have not arrived.
        let known = if (4..LATE_AT).contains(&tick) {
            Vec::new()
        } else {
            inputs_of(tick)
        };
        simulate(&mut world, tick, &known)?;
        let slot = &mut ring[tick as usize % RING];
        slot.write(tick, &world)?;
        largest = largest.max(
            world
                .agents
                .iter()
                .map(GridSearch::state_size)
                .max()
                .unwrap_or(0),
        );
        if tick == LATE_AT {
            // Late inputs for ticks 4 and 6: roll back to the save of tick 3 and re-simulate.
            let save = &ring[3 % RING];
            assert_eq!(save.tick, 3, "the ring still holds tick 3");
            println!("tick {tick}: inputs of ticks 4 and 6 arrived late: rollback to tick 3");
            save.restore(&mut world)?;
            for t in 4..=LATE_AT {
                simulate(&mut world, t, &inputs_of(t))?;
                ring[t as usize % RING].write(t, &world)?;
            }
        }
        tick += 1;
    }
    println!(
        "largest agent snapshot {largest} bytes, within its buffer of {}",
        ring[0].agents[0].0.len()
    );
    let got = outcome(&world)?;
    if got != want {
        let what = if got.grid_hash != want.grid_hash {
            "the grid".to_string()
        } else if let Some(i) = (0..got.agents.len()).find(|&i| got.agents[i] != want.agents[i]) {
            format!("agent {i}: {:?} vs {:?}", got.agents[i], want.agents[i])
        } else if got.refusals != want.refusals {
            format!("refusals {} vs {}", got.refusals, want.refusals)
        } else {
            "the flow field".to_string()
        };
        eprintln!("rollback changed the outcome: {what}");
        std::process::exit(1);
    }
    if want.refusals != 1 {
        eprintln!("expected agent 3's re-target into the wall to be refused once");
        std::process::exit(1);
    }
    for (i, (state, cells, bits, iterations, expansions)) in got.agents.iter().enumerate() {
        println!(
            "agent {i}: {state:?}, {} cells, cost bits {bits:#018x}, {iterations} iterations, \
             {expansions} expansions",
            cells.len()
        );
    }
    println!(
        "identical to the run with every input on time: 4 agents, the flow field ({} cells \
         settled) and the grid after the door closed",
        got.settled
    );
    Ok(())
}
