//! The incremental replanners (LPA* and D* Lite, tier 1 `GridReplanner` / `HexReplanner`)
//! against the independent O(n²) Dijkstra (`dijkstra_ref` over `square_ref` / `hex_ref`) and
//! the library's own A*, after every change of random change/move sequences.
//!
//! Square variants: both replanners × four- and eight-connected (three diagonal rules) × agent
//! sizes 1–3 × uniform, dyadic and mixed area costs (72 variants); hex: both replanners × four
//! layouts × three cost modes (24 variants). Each sequence creates a replanner on a generated
//! grid, replans, then applies eight random changes — a cell toggled on or next to the current
//! path, a rectangle edit (`set_rect`), a start move (one step along the path, or a jump), and
//! rarely a new goal, an area-multiplier change or `invalidate` — and replans after each.
//!
//! After every replan: the status is the reference's (start/goal validity, reachability); the
//! cost equals the reference Dijkstra (bit for bit for four-connected square grids and hex
//! grids with dyadic costs, else relative 1e-9) and the cost of a fresh `find_path` (A*);
//! the path is legal move by move and its re-priced sum equals the reported cost bit for bit.
//! Every third replan runs in random budgets of 1–50 pops on a copy, and must end with the
//! status, cost bits, path and counts of the unbudgeted call (sliced = unsliced).
//!
//! Counts: 150 sequences per square variant (10,800) and 60 per hex variant (1,440) in
//! release, a quarter in debug; `ONEPATH_CONFORMANCE_SCALE=N` multiplies them.

mod common;

use std::fmt::Write as _;

use common::{base_seed, close, engine_layout, grids_per_variant, hex_grid, pos, square_grid};
use conformance::dijkstra_ref::dijkstra;
use conformance::r#gen::{CostMode, GenOptions, GridCase, square_case};
use conformance::hex_ref::{HexModel, Layout};
use conformance::model::{Cached, Model, Pos};
use conformance::path_check::check_path;
use conformance::rng::SplitMix64;
use conformance::square_ref::{self, SquareModel};
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, HexGrid, PathStatus,
};

const CHANGES: usize = 8;
const MODES: [CostMode; 3] = [CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed];
const AREAS: [u8; 4] = [0, 1, 2, 3];

/// The result of one replan, compared between sliced and unsliced runs.
#[derive(Debug, PartialEq)]
struct Outcome {
    status: PathStatus,
    cost_bits: u64,
    path: Vec<Cell>,
    iterations: u32,
    expansions: u32,
}

/// What the reference says about the current map.
struct Expected {
    status: PathStatus,
    cost: f64,
}

fn expect<M: Model>(model: &M, start: Pos, goal: Pos) -> Expected {
    if !model.is_position(start) {
        return Expected {
            status: PathStatus::StartInvalid,
            cost: f64::INFINITY,
        };
    }
    if !model.is_position(goal) {
        return Expected {
            status: PathStatus::GoalInvalid,
            cost: f64::INFINITY,
        };
    }
    let d = dijkstra(model, start)[model.index(goal).unwrap()];
    Expected {
        status: if d.is_finite() {
            PathStatus::Found
        } else {
            PathStatus::NoPath
        },
        cost: d,
    }
}

/// Checks one replan result against the reference and a fresh A*.
#[allow(clippy::too_many_arguments)]
fn judge<M: Model>(
    model: &M,
    start: Cell,
    goal: Cell,
    got: &Outcome,
    astar_cost: Option<f64>,
    exact: bool,
    context: &dyn Fn() -> String,
) {
    let want = expect(model, pos(start), pos(goal));
    assert_eq!(got.status, want.status, "status; {}", context());
    if want.status != PathStatus::Found {
        return;
    }
    let cost = f64::from_bits(got.cost_bits);
    assert!(
        close(cost, want.cost, exact, 1e-9),
        "cost {cost} vs Dijkstra {}; {}",
        want.cost,
        context()
    );
    if let Some(a) = astar_cost {
        assert!(
            close(cost, a, exact, 1e-9),
            "cost {cost} vs A* {a}; {}",
            context()
        );
    }
    let path: Vec<Pos> = got.path.iter().map(|&c| pos(c)).collect();
    let priced = check_path(model, pos(start), pos(goal), &path)
        .unwrap_or_else(|e| panic!("illegal path: {e}; {}", context()));
    assert_eq!(
        priced.to_bits(),
        got.cost_bits,
        "path sum {priced} vs reported {cost}; {}",
        context()
    );
}

/// Random budgets until done, on a copy, against the unbudgeted `whole`.
fn sliced_equals_unsliced(
    rng: &mut SplitMix64,
    whole: &Outcome,
    mut step: impl FnMut(u32) -> PathStatus,
    read: impl Fn() -> Outcome,
    context: &dyn Fn() -> String,
) {
    let mut guard = 0u64;
    loop {
        let budget = rng.range_i32(1, 50) as u32;
        if step(budget) != PathStatus::BudgetExhausted {
            break;
        }
        guard += 1;
        assert!(guard < 1_000_000, "sliced replan never ends; {}", context());
    }
    assert_eq!(&read(), whole, "sliced != unsliced; {}", context());
}

/// A cell on or next to the current path (or anywhere when there is none).
fn near_path(rng: &mut SplitMix64, path: &[Cell], w: i32, h: i32) -> Cell {
    if path.is_empty() || rng.chance(0.2) {
        return Cell::new(rng.range_i32(0, w - 1), rng.range_i32(0, h - 1));
    }
    let c = *rng.pick(path);
    let x = (c.x + rng.range_i32(-1, 1)).clamp(0, w - 1);
    let y = (c.y + rng.range_i32(-1, 1)).clamp(0, h - 1);
    Cell::new(x, y)
}

/// One random change to `cells` through `edit`; returns a label.
enum Change {
    Cell(Cell, u8),
    Rect(u32, u32, u32, u32, u8),
    MoveStart(Cell),
    SetGoal(Cell),
    AreaCost(u8, f64),
    Invalidate,
}

fn draw_change(
    rng: &mut SplitMix64,
    path: &[Cell],
    cells: &[u8],
    w: i32,
    h: i32,
    start: Cell,
) -> Change {
    let roll = rng.below(100);
    match roll {
        0..=49 => {
            let c = near_path(rng, path, w, h);
            let i = (c.y * w + c.x) as usize;
            let area = if cells[i] == 255 {
                *rng.pick(&AREAS)
            } else {
                255
            };
            Change::Cell(c, area)
        }
        50..=69 => {
            let x = rng.range_i32(0, w - 1) as u32;
            let y = rng.range_i32(0, h - 1) as u32;
            let rw = rng.range_i32(1, (w - x as i32).min(4)) as u32;
            let rh = rng.range_i32(1, (h - y as i32).min(3)) as u32;
            let area = if rng.chance(0.5) {
                255
            } else {
                *rng.pick(&AREAS)
            };
            Change::Rect(x, y, rw, rh, area)
        }
        70..=89 => {
            // Usually one step along the path (the agent advancing), sometimes a jump.
            if path.len() >= 2 && rng.chance(0.7) {
                Change::MoveStart(path[1])
            } else if rng.chance(0.5) {
                let x = (start.x + rng.range_i32(-2, 2)).clamp(0, w - 1);
                let y = (start.y + rng.range_i32(-2, 2)).clamp(0, h - 1);
                Change::MoveStart(Cell::new(x, y))
            } else {
                Change::MoveStart(Cell::new(rng.range_i32(0, w - 1), rng.range_i32(0, h - 1)))
            }
        }
        90..=93 => Change::SetGoal(Cell::new(rng.range_i32(0, w - 1), rng.range_i32(0, h - 1))),
        94..=96 => {
            let area = *rng.pick(&AREAS);
            let m = *rng.pick(&[0.5, 1.0, 1.5, 2.0, 3.0]);
            Change::AreaCost(area, m)
        }
        _ => Change::Invalidate,
    }
}

fn engine_options(
    alg: GridAlgorithm,
    conn: square_ref::Connectivity,
    rule: square_ref::DiagonalRule,
    size: u8,
) -> GridOptions {
    GridOptions::DEFAULT
        .with_algorithm(alg)
        .with_connectivity(match conn {
            square_ref::Connectivity::Four => Connectivity::Four,
            square_ref::Connectivity::Eight => Connectivity::Eight,
        })
        .with_diagonal_rule(match rule {
            square_ref::DiagonalRule::NoCornerCutting => DiagonalRule::NoCornerCutting,
            square_ref::DiagonalRule::NoSqueezing => DiagonalRule::NoSqueezing,
            square_ref::DiagonalRule::AllowAll => DiagonalRule::AllowAll,
        })
        .with_agent_size(size)
}

fn square_model(
    grid: &Grid,
    conn: square_ref::Connectivity,
    rule: square_ref::DiagonalRule,
    size: u8,
) -> SquareModel {
    SquareModel::new(
        grid.width() as i32,
        grid.height() as i32,
        grid.cells().to_vec(),
        grid.areas().as_slice(),
        conn,
        rule,
        size,
    )
}

fn all_dyadic(grid_cells: &[u8], multipliers: &[f64; 255]) -> bool {
    grid_cells
        .iter()
        .filter(|&&a| a != 255)
        .all(|&a| conformance::r#gen::is_dyadic(multipliers[a as usize]))
}

fn gen_case(rng: &mut SplitMix64, mode: CostMode) -> GridCase {
    let mut opts = GenOptions::new(mode);
    opts.min_side = 2;
    opts.max_side = 12;
    square_case(rng, &opts)
}

fn random_cell(rng: &mut SplitMix64, case: &GridCase) -> Cell {
    Cell::new(
        rng.range_i32(0, case.width - 1),
        rng.range_i32(0, case.height - 1),
    )
}

/// One square sequence; returns the replans checked.
#[allow(clippy::too_many_lines)]
fn square_sequence(
    seed: u64,
    alg: GridAlgorithm,
    conn: square_ref::Connectivity,
    rule: square_ref::DiagonalRule,
    size: u8,
    mode: CostMode,
) -> u32 {
    let mut rng = SplitMix64::new(seed);
    let case = gen_case(&mut rng, mode);
    let mut grid = square_grid(&case);
    let options = engine_options(alg, conn, rule, size);
    let mut start = random_cell(&mut rng, &case);
    let mut goal = random_cell(&mut rng, &case);
    let mut unit = grid.create_replanner(start, goal, &options).unwrap();
    let mut log = String::new();
    let mut checked = 0;
    for round in 0..=CHANGES {
        if round > 0 {
            let change = draw_change(
                &mut rng,
                unit.path(),
                grid.cells(),
                case.width,
                case.height,
                start,
            );
            match change {
                Change::Cell(c, a) => {
                    grid.set_area(c, a).unwrap();
                    let _ = write!(log, " cell({},{})={a}", c.x, c.y);
                }
                Change::Rect(x, y, w, h, a) => {
                    grid.set_rect(x as i32, y as i32, w, h, a).unwrap();
                    let _ = write!(log, " rect({x},{y},{w},{h})={a}");
                }
                Change::MoveStart(c) => {
                    start = c;
                    unit.move_start(c);
                    let _ = write!(log, " start({},{})", c.x, c.y);
                }
                Change::SetGoal(c) => {
                    goal = c;
                    unit.set_goal(c);
                    let _ = write!(log, " goal({},{})", c.x, c.y);
                }
                Change::AreaCost(a, m) => {
                    grid.set_area_cost(a, m).unwrap();
                    let _ = write!(log, " cost[{a}]={m}");
                }
                Change::Invalidate => {
                    unit.invalidate();
                    log.push_str(" invalidate");
                }
            }
        }
        let context = || {
            format!(
                "seed {seed} {alg:?} {conn:?} {rule:?} size {size} {mode:?} start {start:?} goal {goal:?} changes:{log}\n{}",
                picture(&grid)
            )
        };
        let sliced = (round % 3 == 1).then(|| unit.clone());
        let status = unit.replan(&grid).unwrap();
        let whole = Outcome {
            status,
            cost_bits: unit.cost().to_bits(),
            path: unit.path().to_vec(),
            iterations: unit.iterations(),
            expansions: unit.expansions(),
        };
        if let Some(mut copy) = sliced {
            let copy = std::cell::RefCell::new(&mut copy);
            sliced_equals_unsliced(
                &mut rng,
                &whole,
                |b| copy.borrow_mut().try_replan(&grid, b).unwrap(),
                || {
                    let c = copy.borrow();
                    Outcome {
                        status: c.status(),
                        cost_bits: c.cost().to_bits(),
                        path: c.path().to_vec(),
                        iterations: c.iterations(),
                        expansions: c.expansions(),
                    }
                },
                &context,
            );
        }
        let model = square_model(&grid, conn, rule, size);
        let cached = Cached::new(&model);
        let astar = grid
            .find_path(start, goal, &options.with_algorithm(GridAlgorithm::AStar))
            .unwrap();
        assert_eq!(astar.status, status, "A* status; {}", context());
        let exact = conn == square_ref::Connectivity::Four
            && all_dyadic(grid.cells(), grid.areas().as_slice());
        judge(
            &cached,
            start,
            goal,
            &whole,
            Some(astar.cost),
            exact,
            &context,
        );
        checked += 1;
    }
    checked
}

fn picture(grid: &Grid) -> String {
    let mut s = String::new();
    for y in 0..grid.height() as i32 {
        for x in 0..grid.width() as i32 {
            let a = grid.area(Cell::new(x, y)).unwrap();
            s.push(match a {
                255 => '#',
                0 => '.',
                1..=9 => char::from(b'0' + a),
                _ => '+',
            });
        }
        s.push('\n');
    }
    s
}

#[test]
fn square_replanners_equal_dijkstra_and_astar_after_every_change() {
    let per_variant = grids_per_variant(150);
    let mut sequences = 0u64;
    let mut replans = 0u64;
    let mut variant = 0u64;
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        for (conn, rule) in [
            (
                square_ref::Connectivity::Four,
                square_ref::DiagonalRule::NoCornerCutting,
            ),
            (
                square_ref::Connectivity::Eight,
                square_ref::DiagonalRule::NoCornerCutting,
            ),
            (
                square_ref::Connectivity::Eight,
                square_ref::DiagonalRule::NoSqueezing,
            ),
            (
                square_ref::Connectivity::Eight,
                square_ref::DiagonalRule::AllowAll,
            ),
        ] {
            for size in 1..=3u8 {
                for mode in MODES {
                    variant += 1;
                    for i in 0..per_variant {
                        let seed = base_seed() ^ (variant << 32) ^ i;
                        replans += u64::from(square_sequence(seed, alg, conn, rule, size, mode));
                        sequences += 1;
                    }
                }
            }
        }
    }
    println!("square replan sequences: {sequences} ({replans} replans checked)");
    assert_eq!(sequences, 72 * per_variant);
}

/// One hex sequence; returns the replans checked.
fn hex_sequence(seed: u64, alg: GridAlgorithm, layout: Layout, mode: CostMode) -> u32 {
    let mut rng = SplitMix64::new(seed);
    let mut case = gen_case(&mut rng, mode);
    case.layout = Some(layout);
    let mut grid: HexGrid = hex_grid(&case);
    let options = GridOptions::DEFAULT.with_algorithm(alg);
    let mut start = random_cell(&mut rng, &case);
    let mut goal = random_cell(&mut rng, &case);
    let mut unit = grid.create_replanner(start, goal, &options).unwrap();
    let mut log = String::new();
    let mut checked = 0;
    for round in 0..=CHANGES {
        if round > 0 {
            match draw_change(
                &mut rng,
                unit.path(),
                grid.cells(),
                case.width,
                case.height,
                start,
            ) {
                Change::Cell(c, a) => {
                    grid.set_area(c, a).unwrap();
                    let _ = write!(log, " cell({},{})={a}", c.x, c.y);
                }
                Change::Rect(x, y, w, h, a) => {
                    grid.set_rect(x as i32, y as i32, w, h, a).unwrap();
                    let _ = write!(log, " rect({x},{y},{w},{h})={a}");
                }
                Change::MoveStart(c) => {
                    start = c;
                    unit.move_start(c);
                    let _ = write!(log, " start({},{})", c.x, c.y);
                }
                Change::SetGoal(c) => {
                    goal = c;
                    unit.set_goal(c);
                    let _ = write!(log, " goal({},{})", c.x, c.y);
                }
                Change::AreaCost(a, m) => {
                    grid.set_area_cost(a, m).unwrap();
                    let _ = write!(log, " cost[{a}]={m}");
                }
                Change::Invalidate => {
                    unit.invalidate();
                    log.push_str(" invalidate");
                }
            }
        }
        let context = || {
            format!(
                "seed {seed} {alg:?} {layout:?} {mode:?} start {start:?} goal {goal:?} changes:{log}"
            )
        };
        let sliced = (round % 3 == 1).then(|| unit.clone());
        let status = unit.replan(&grid).unwrap();
        let whole = Outcome {
            status,
            cost_bits: unit.cost().to_bits(),
            path: unit.path().to_vec(),
            iterations: unit.iterations(),
            expansions: unit.expansions(),
        };
        if let Some(mut copy) = sliced {
            let copy = std::cell::RefCell::new(&mut copy);
            sliced_equals_unsliced(
                &mut rng,
                &whole,
                |b| copy.borrow_mut().try_replan(&grid, b).unwrap(),
                || {
                    let c = copy.borrow();
                    Outcome {
                        status: c.status(),
                        cost_bits: c.cost().to_bits(),
                        path: c.path().to_vec(),
                        iterations: c.iterations(),
                        expansions: c.expansions(),
                    }
                },
                &context,
            );
        }
        let model = HexModel::new(
            case.width,
            case.height,
            layout,
            grid.cells().to_vec(),
            grid.areas().as_slice(),
        );
        let _ = engine_layout(layout);
        let astar = grid
            .find_path(start, goal, &options.with_algorithm(GridAlgorithm::AStar))
            .unwrap();
        assert_eq!(astar.status, status, "A* status; {}", context());
        let exact = all_dyadic(grid.cells(), grid.areas().as_slice());
        judge(
            &model,
            start,
            goal,
            &whole,
            Some(astar.cost),
            exact,
            &context,
        );
        checked += 1;
    }
    checked
}

#[test]
fn hex_replanners_equal_dijkstra_and_astar_after_every_change() {
    let per_variant = grids_per_variant(60);
    let mut sequences = 0u64;
    let mut variant = 1000u64;
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        for layout in Layout::ALL {
            for mode in MODES {
                variant += 1;
                for i in 0..per_variant {
                    let seed = base_seed() ^ (variant << 32) ^ i;
                    hex_sequence(seed, alg, layout, mode);
                    sequences += 1;
                }
            }
        }
    }
    println!("hex replan sequences: {sequences}");
    assert_eq!(sequences, 24 * per_variant);
}
