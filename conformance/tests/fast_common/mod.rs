//! Shared by the fast-engine suites: running one query on the engine (tier 1 for A*, JPS and
//! JPS+, the internal `OctileJump::with_improved_pruning` over either finder for improved JPS) and on the reference
//! (`conformance::fast_ref`), and comparing the two field by field.
#![allow(dead_code)] // each suite uses a different subset

use conformance::astar_ref::RefStatus;
use conformance::fast_ref::astar::octile_astar;
use conformance::fast_ref::jump_rules::JumpVariant;
use conformance::fast_ref::jump_search::jump_search;
use conformance::fast_ref::{Estimate, FastRun, OctileGrid};
use conformance::model::Pos;
use onepath::fast::{self, BitFinder, Finder, OctileJump, OctileMap, TableFinder};
use onepath::jps::JpsPlusIndex;
use onepath::search::Step;
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, HeuristicKind, PathStatus};

/// The four engines under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The one-line octile A*.
    AStar,
    /// JPS over the stop bits.
    Jps,
    /// JPS+ over the tables, with goal bounding.
    JpsPlus,
    /// JPS with improved pruning over the stop bits (internal option).
    Improved,
    /// Improved pruning over the JPS+ tables (internal option): the spec's runs walk to the
    /// wall and scan straight, so it must equal [`Engine::Improved`].
    ImprovedTables,
}

impl Engine {
    /// All four.
    pub const ALL: [Self; 5] = [
        Self::AStar,
        Self::Jps,
        Self::JpsPlus,
        Self::Improved,
        Self::ImprovedTables,
    ];
}

/// What a run reports, in the reference's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// How it ended.
    pub status: RefStatus,
    /// Every cell, start first.
    pub path: Vec<Pos>,
    /// Cost bits (+infinity's when not found).
    pub cost_bits: u64,
    /// Pops of live nodes.
    pub iterations: u64,
    /// Expansions.
    pub expansions: u64,
    /// Expanded cells in order.
    pub expanded: Vec<Pos>,
}

impl From<FastRun> for Outcome {
    fn from(r: FastRun) -> Self {
        Self {
            status: r.status,
            path: r.path,
            cost_bits: r.cost.to_bits(),
            iterations: r.iterations,
            expansions: r.expansions,
            expanded: r.expanded,
        }
    }
}

/// The engine's grid and the reference's, with every area at multiplier `m`.
pub fn grids(width: i32, height: i32, walkable: &[bool], m: f64) -> (Grid, OctileGrid) {
    let cells = walkable.iter().map(|&w| if w { 0 } else { 255 }).collect();
    let mut grid = Grid::from_areas(width as u32, height as u32, cells).expect("valid grid");
    if m != 1.0 {
        for a in 0..255u8 {
            grid.set_area_cost(a, m).expect("valid multiplier");
        }
    }
    (grid, OctileGrid::new(width, height, walkable.to_vec()))
}

/// The reference run of `engine`.
pub fn reference(
    grid: &OctileGrid,
    engine: Engine,
    start: Pos,
    goal: Pos,
    estimate: Estimate,
    m: f64,
) -> FastRun {
    match engine {
        Engine::AStar => octile_astar(grid, start, goal, estimate, m),
        Engine::Jps => jump_search(grid, JumpVariant::Jps, start, goal, estimate, m),
        Engine::JpsPlus => jump_search(grid, JumpVariant::JpsPlus, start, goal, estimate, m),
        Engine::Improved | Engine::ImprovedTables => {
            jump_search(grid, JumpVariant::Improved, start, goal, estimate, m)
        }
    }
}

fn status(s: PathStatus) -> RefStatus {
    match s {
        PathStatus::Found => RefStatus::Found,
        PathStatus::NoPath => RefStatus::NoPath,
        PathStatus::StartInvalid => RefStatus::StartInvalid,
        PathStatus::GoalInvalid => RefStatus::GoalInvalid,
        PathStatus::BudgetExhausted => panic!("no budget was set"),
        PathStatus::NotStarted => panic!("queries never say NotStarted"),
    }
}

/// The structures the jump engines read, built once per grid.
pub struct Maps {
    /// Stop bits (JPS).
    pub octile: OctileMap,
    /// JPS+ tables.
    pub tables: JpsPlusIndex,
}

impl Maps {
    /// Both structures for `grid`.
    pub fn new(grid: &Grid) -> Self {
        Self {
            octile: OctileMap::new(grid),
            tables: JpsPlusIndex::new(grid).expect("a grid small enough for the tables"),
        }
    }
}

/// The engine's run of `engine`: tier 1 (`find_path`, default options but the algorithm and
/// estimate) for A*, JPS and JPS+, asserting that the specialised engine ran; the internal
/// `OctileJump::with_improved_pruning` over `maps` for the improved searches (endpoints outside
/// the grid or on walls are refused before it, in tier 1's order).
pub fn engine_run(
    grid: &Grid,
    maps: &Maps,
    engine: Engine,
    start: Pos,
    goal: Pos,
    estimate: Estimate,
) -> Outcome {
    let heuristic = match estimate {
        Estimate::Octile => HeuristicKind::Auto,
        Estimate::Zero => HeuristicKind::Zero,
    };
    let algorithm = match engine {
        Engine::AStar => GridAlgorithm::AStar,
        Engine::Jps => GridAlgorithm::Jps,
        Engine::JpsPlus => GridAlgorithm::JpsPlus,
        Engine::Improved => {
            return improved::<BitFinder>(grid, &maps.octile, start, goal, estimate);
        }
        Engine::ImprovedTables => {
            return improved::<TableFinder>(grid, &maps.tables, start, goal, estimate);
        }
    };
    let options = GridOptions::DEFAULT
        .with_algorithm(algorithm)
        .with_heuristic(heuristic)
        .with_record_expansions(true);
    let p = grid
        .find_path(
            Cell::new(start.0, start.1),
            Cell::new(goal.0, goal.1),
            &options,
        )
        .expect("a valid query");
    let st = status(p.status);
    if matches!(st, RefStatus::Found | RefStatus::NoPath) {
        assert!(p.specialized, "{engine:?}: the specialised engine must run");
        assert_eq!(p.algorithm, algorithm);
    }
    let found = st == RefStatus::Found;
    Outcome {
        status: st,
        path: p.cells.iter().map(|c| (c.x, c.y)).collect(),
        cost_bits: if found { p.cost } else { f64::INFINITY }.to_bits(),
        iterations: u64::from(p.iterations),
        expansions: u64::from(p.expansions),
        expanded: p.expanded.iter().map(|c| (c.x, c.y)).collect(),
    }
}

/// `OctileJump::<F>::with_improved_pruning(true)` from `start` to `goal`.
fn improved<F: Finder>(
    grid: &Grid,
    maps: F::Maps<'_>,
    start: Pos,
    goal: Pos,
    estimate: Estimate,
) -> Outcome {
    let w = grid.width() as i32;
    let pos = |i: u32| ((i % w as u32) as i32, (i / w as u32) as i32);
    let inside = |p: Pos| (0..w).contains(&p.0) && (0..grid.height() as i32).contains(&p.1);
    let idx = |p: Pos| (p.1 * w + p.0) as u32;
    let open = |p: Pos| inside(p) && grid.cells()[idx(p) as usize] != 255;
    let refused = |status| Outcome {
        status,
        path: Vec::new(),
        cost_bits: f64::INFINITY.to_bits(),
        iterations: 0,
        expansions: 0,
        expanded: Vec::new(),
    };
    if !open(start) {
        return refused(RefStatus::StartInvalid);
    }
    if !inside(goal) {
        return refused(RefStatus::GoalInvalid);
    }
    let mut jps = OctileJump::<F>::with_improved_pruning(true);
    jps.set_estimate(match estimate {
        Estimate::Octile => fast::Estimate::Octile,
        Estimate::Zero => fast::Estimate::Zero,
    });
    jps.set_record_expansions(true);
    let begun = jps.try_begin(grid, maps, idx(start), idx(goal));
    if begun != Step::InProgress {
        assert_eq!(begun, Step::GoalInvalid, "the start was checked");
        return refused(RefStatus::GoalInvalid);
    }
    let end = jps.run(maps);
    let found = end == Step::Found;
    Outcome {
        status: match end {
            Step::Found => RefStatus::Found,
            Step::NoPath => RefStatus::NoPath,
            other => panic!("unexpected step {other:?}"),
        },
        path: if found {
            jps.path().into_iter().map(pos).collect()
        } else {
            Vec::new()
        },
        cost_bits: if found { jps.cost() } else { f64::INFINITY }.to_bits(),
        iterations: u64::from(jps.iterations()),
        expansions: u64::from(jps.expansions()),
        expanded: jps.expanded_nodes().iter().map(|&i| pos(i)).collect(),
    }
}

/// The first field in which two outcomes differ, or `None`.
pub fn first_difference(engine: &Outcome, reference: &Outcome) -> Option<String> {
    if engine.status != reference.status {
        return Some(format!(
            "status: engine {:?}, reference {:?}",
            engine.status, reference.status
        ));
    }
    if engine.expanded != reference.expanded {
        let at = engine
            .expanded
            .iter()
            .zip(&reference.expanded)
            .position(|(a, b)| a != b)
            .unwrap_or(engine.expanded.len().min(reference.expanded.len()));
        return Some(format!(
            "expansion order differs at expansion {at} (engine {} expansions, reference {}): \
             engine {:?}, reference {:?}",
            engine.expanded.len(),
            reference.expanded.len(),
            engine.expanded.get(at),
            reference.expanded.get(at)
        ));
    }
    let fields = [
        ("iterations", engine.iterations, reference.iterations),
        ("expansions", engine.expansions, reference.expansions),
        ("cost bits", engine.cost_bits, reference.cost_bits),
    ];
    for (name, e, r) in fields {
        if e != r {
            return Some(format!("{name}: engine {e:#x}, reference {r:#x}"));
        }
    }
    if engine.path != reference.path {
        return Some(format!(
            "path: engine {:?}, reference {:?}",
            engine.path, reference.path
        ));
    }
    None
}

/// A picture of the grid with `S` and `G` (when inside), for failure messages.
pub fn picture(grid: &OctileGrid, start: Pos, goal: Pos) -> String {
    let mut s = String::new();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            s.push(if (x, y) == start {
                'S'
            } else if (x, y) == goal {
                'G'
            } else if grid.free((x, y)) {
                '.'
            } else {
                '#'
            });
        }
        s.push('\n');
    }
    s
}
