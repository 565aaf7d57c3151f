//! The square grid engine against the independent reference (`square_ref` + `dijkstra_ref`).
//!
//! Variants: four-connected and the three eight-connected diagonal rules, each with agent sizes
//! 1-3 and three cost modes (uniform, dyadic areas, mixed areas with non-dyadic multipliers),
//! plus hook variants (blocked filter, raising cost hook, both, lowering cost hook) with random
//! sizes and cost modes. Per grid, random start/goal pairs (mostly positions of the agent, some
//! walls, some outside) are queried with
//!
//! * tier 1 `find_path` / `find_path_with`, A* with the default heuristic (expansions recorded),
//! * tier 1 with the zero heuristic (Dijkstra, expansions recorded),
//! * tier 1 with weight 2,
//! * tier 2 `SquareTopology` (+ `Filtered`, `FnStepCost` for hooks) and `AStar` with reused
//!   `SearchBuffers`,
//!
//! and every answer is held to the reference: status equals reachability (StartInvalid before
//! GoalInvalid), costs equal the reference Dijkstra (bit for bit when exact: four-connected with
//! dyadic multipliers; relative 1e-9 otherwise), every path is legal move by move and re-prices to
//! the reported cost, counts follow the definitions, Dijkstra's expansion order follows the
//! spec's open-set order, A*'s expansions follow f.
//!
//! Scale: `ONEPATH_CONFORMANCE_SCALE=N` multiplies the grids per variant (200 in release, 50 in
//! debug). `ONEPATH_CONFORMANCE_SCALE=50 cargo test -p conformance --release --test
//! square_vs_reference -- --nocapture` runs 10^4 grids per variant and prints the counts.

mod common;

use common::{
    Counts, Hooks, Judge, Optimality, Run, base_seed, blocked_at, cell, check_astar_order,
    check_dijkstra_order, check_result, check_same_run, close, cost_hook, grids_per_variant,
    min_multiplier, pos, report, run_tier2, square_grid,
};
use conformance::astar_ref;
use conformance::dijkstra_ref::dijkstra;
use conformance::r#gen::{self, CostMode, GenOptions, GridCase};
use conformance::model::{Cached, Model, Pos};
use conformance::path_check::check_path;
use conformance::rng::{SplitMix64, hash_words};
use conformance::square_ref::{self, SquareModel};
use onepath::grid::SquareTopology;
use onepath::search::SearchBuffers;
use onepath::topology::{
    DefaultStepCost, Filtered, FnStepCost, ManhattanHeuristic, OctileHeuristic, Topology,
};
use onepath::{Connectivity, DiagonalRule, GridOptions, GridPath, HeuristicKind, PathStatus};

/// Start cells per grid (one reference Dijkstra each) and goals per start.
const STARTS: usize = 3;
const GOALS: usize = 4;
/// Grids per variant in a default release run.
const GRIDS: u64 = 200;

#[derive(Clone, Copy, Debug)]
struct Movement {
    name: &'static str,
    conn: square_ref::Connectivity,
    rule: square_ref::DiagonalRule,
}

impl Movement {
    fn engine(self) -> (Connectivity, DiagonalRule) {
        let c = match self.conn {
            square_ref::Connectivity::Four => Connectivity::Four,
            square_ref::Connectivity::Eight => Connectivity::Eight,
        };
        let r = match self.rule {
            square_ref::DiagonalRule::NoCornerCutting => DiagonalRule::NoCornerCutting,
            square_ref::DiagonalRule::NoSqueezing => DiagonalRule::NoSqueezing,
            square_ref::DiagonalRule::AllowAll => DiagonalRule::AllowAll,
        };
        (c, r)
    }

    fn four(self) -> bool {
        self.conn == square_ref::Connectivity::Four
    }
}

/// One variant: a movement, an agent size (`None`: random 1-3 per grid), a cost mode (`None`:
/// random per grid) and hooks.
#[derive(Clone, Copy, Debug)]
struct Variant {
    movement: Movement,
    size: Option<u8>,
    cost: Option<CostMode>,
    hooks: Hooks,
}

impl Variant {
    fn name(&self) -> String {
        format!(
            "square {} size {} costs {} hooks {:?}",
            self.movement.name,
            self.size.map_or("1-3".into(), |s| s.to_string()),
            self.cost.map_or("any".into(), |c| format!("{c:?}")),
            self.hooks
        )
    }
}

/// Everything one grid needs.
struct Setup {
    case: GridCase,
    size: u8,
    seed: u64,
}

fn model_for(setup: &Setup, v: &Variant) -> SquareModel {
    let c = &setup.case;
    let mut m = SquareModel::new(
        c.width,
        c.height,
        c.cells.clone(),
        &c.multipliers,
        v.movement.conn,
        v.movement.rule,
        setup.size,
    );
    let seed = setup.seed;
    if v.hooks.blocked() {
        m = m.with_blocked(move |p| blocked_at(seed, p));
    }
    if let Some(h) = cost_hook(v.hooks) {
        m = m.with_step_hook(move |a, b, base| h(seed, a, b, base));
    }
    m
}

/// Start/goal choice: mostly positions where the agent fits (and is not blocked), else the
/// generator's endpoints (any cell, or outside).
fn endpoint(rng: &mut SplitMix64, case: &GridCase, model: &impl Model) -> Pos {
    if rng.chance(0.75) {
        let fits: Vec<usize> = (0..model.node_count())
            .filter(|&i| model.is_position(model.pos(i)))
            .collect();
        if !fits.is_empty() {
            return model.pos(*rng.pick(&fits));
        }
    }
    r#gen::endpoint(rng, case)
}

/// Tier-1 query with or without hooks.
fn tier1(
    grid: &onepath::Grid,
    setup: &Setup,
    v: &Variant,
    s: Pos,
    g: Pos,
    o: &GridOptions,
) -> GridPath {
    let seed = setup.seed;
    let res = if v.hooks == Hooks::None {
        grid.find_path(cell(s), cell(g), o)
    } else {
        let hook = cost_hook(v.hooks);
        let blocked = v.hooks.blocked();
        grid.find_path_with(
            cell(s),
            cell(g),
            o,
            move |a, b, base| hook.map_or(base, |h| h(seed, pos(a), pos(b), base)),
            move |c| blocked && blocked_at(seed, pos(c)),
        )
    };
    res.expect("valid options")
}

fn tier2_with_heuristic<T: Topology>(
    topology: &T,
    setup: &Setup,
    v: &Variant,
    ends: (u32, u32),
    buffers: &mut Option<SearchBuffers>,
) -> Run {
    let w = setup.case.width as u32;
    let scale = min_multiplier(&setup.case);
    let seed = setup.seed;
    let to_pos = move |n: u32| ((n % w) as i32, (n / w) as i32);
    match (cost_hook(v.hooks), v.movement.four()) {
        (None, true) => run_tier2(
            topology,
            DefaultStepCost,
            ManhattanHeuristic::new(w, scale),
            ends,
            w,
            buffers,
        ),
        (None, false) => run_tier2(
            topology,
            DefaultStepCost,
            OctileHeuristic::new(w, scale),
            ends,
            w,
            buffers,
        ),
        (Some(h), true) => run_tier2(
            topology,
            FnStepCost(move |a, b, base| h(seed, to_pos(a), to_pos(b), base)),
            ManhattanHeuristic::new(w, scale),
            ends,
            w,
            buffers,
        ),
        (Some(h), false) => run_tier2(
            topology,
            FnStepCost(move |a, b, base| h(seed, to_pos(a), to_pos(b), base)),
            OctileHeuristic::new(w, scale),
            ends,
            w,
            buffers,
        ),
    }
}

/// Tier 2: `SquareTopology` (wrapped in `Filtered` for the blocked hook), `FnStepCost` for the
/// cost hook, Manhattan/octile heuristic, buffers handed from search to search.
fn tier2(
    grid: &onepath::Grid,
    setup: &Setup,
    v: &Variant,
    start: Pos,
    goal: Pos,
    buffers: &mut Option<SearchBuffers>,
) -> Run {
    let (conn, rule) = v.movement.engine();
    let topo = SquareTopology::new(grid, setup.size, conn, rule).expect("valid size");
    let id = |p: Pos| grid.index_of(cell(p)).unwrap_or(u32::MAX);
    let ends = (id(start), id(goal));
    if v.hooks.blocked() {
        let seed = setup.seed;
        let filtered = Filtered::new(&topo, move |n| blocked_at(seed, pos(grid.cell_of(n))));
        tier2_with_heuristic(&filtered, setup, v, ends, buffers)
    } else {
        tier2_with_heuristic(&topo, setup, v, ends, buffers)
    }
}

/// Whether the spec allows tier 1 to run its specialised octile engine for this query (eight
/// moves, no corner cutting, size 1, one multiplier, no hooks, weight 1, octile or zero
/// estimate): then the path may be another one of the same cost, with other counts, and the
/// reported cost is `m * (a + b√2)` rather than the cell-by-cell sum.
fn may_use_specialised_engine(setup: &Setup, v: &Variant) -> bool {
    !v.movement.four()
        && v.movement.rule == square_ref::DiagonalRule::NoCornerCutting
        && setup.size == 1
        && v.hooks == Hooks::None
        && setup.case.multipliers[..]
            .iter()
            .all(|&m| m == setup.case.multipliers[0])
}

fn run_variant(v: &Variant, variant_id: u64, buffers: &mut Option<SearchBuffers>) -> Counts {
    let name = v.name();
    let mut counts = Counts::default();
    let (conn, rule) = v.movement.engine();
    for grid_index in 0..grids_per_variant(GRIDS) {
        let seed = hash_words(&[base_seed(), variant_id, grid_index]);
        let mut rng = SplitMix64::new(seed);
        let cost =
            v.cost
                .unwrap_or(*rng.pick(&[CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed]));
        let size = v.size.unwrap_or_else(|| rng.range_i32(1, 3) as u8);
        // Big agents get grids where they usually fit somewhere.
        let opts = GenOptions {
            min_side: 2 * i32::from(size) - 1,
            ..GenOptions::new(cost)
        };
        let case = r#gen::square_case(&mut rng, &opts);
        let exact = v.movement.four() && case.dyadic();
        let setup = Setup { case, size, seed };
        let model = model_for(&setup, v);
        let full_model = model;
        let model = Cached::new(&full_model);
        let grid = square_grid(&setup.case);
        let base = GridOptions::DEFAULT
            .with_connectivity(conn)
            .with_diagonal_rule(rule)
            .with_agent_size(size)
            .with_record_expansions(true);
        let scale = min_multiplier(&setup.case);
        let specialised = may_use_specialised_engine(&setup, v);
        counts.grids += 1;
        for _ in 0..STARTS {
            let start = endpoint(&mut rng, &setup.case, &model);
            let dist = model.is_position(start).then(|| dijkstra(&model, start));
            let d = dist.as_deref();
            for _ in 0..GOALS {
                let goal = endpoint(&mut rng, &setup.case, &model);
                let want = common::expected_status(&model, d, start, goal);
                counts.record(want, exact);
                let fail = |what: &str, e: String| -> ! {
                    panic!(
                        "{}",
                        report(&name, seed, &setup.case, start, goal, what, &e)
                    )
                };
                // The spec's A* step by step, with the heuristic Auto picks.
                let h: Box<dyn Fn(Pos) -> f64> = if v.movement.four() {
                    Box::new(astar_ref::manhattan(scale, goal))
                } else {
                    Box::new(astar_ref::octile(scale, goal))
                };
                let spec_astar = astar_ref::astar(&model, start, goal, &h, 1.0);
                let spec_dijkstra = astar_ref::astar(&model, start, goal, astar_ref::zero, 1.0);
                let spec_weighted = astar_ref::astar(&model, start, goal, &h, 2.0);

                // Tier 1, A* with the default (Auto) heuristic.
                let astar = tier1(&grid, &setup, v, start, goal, &base);
                let judge = Judge {
                    optimality: if v.hooks.astar_optimal() {
                        Optimality::Optimal
                    } else {
                        Optimality::AtLeast
                    },
                    exact,
                    price_exact: exact || !specialised,
                    consistent: exact && v.hooks.astar_optimal(),
                };
                if let Err(e) = check_result(&model, d, start, goal, &astar, judge) {
                    fail("tier 1 A*", e);
                }
                if exact && v.hooks.astar_optimal() && want == PathStatus::Found {
                    let e = check_astar_order(&model, d.unwrap(), goal, &astar, &h);
                    if let Err(e) = e {
                        fail("tier 1 A* order", e);
                    }
                }
                if !specialised && let Err(e) = check_same_run(&Run::of(&astar), &spec_astar) {
                    fail("tier 1 A* against the spec's A*", e);
                }

                // Tier 1, Dijkstra (zero heuristic).
                let dij = tier1(
                    &grid,
                    &setup,
                    v,
                    start,
                    goal,
                    &base.with_heuristic(HeuristicKind::Zero),
                );
                let judge = Judge {
                    optimality: Optimality::Optimal,
                    price_exact: exact || !specialised,
                    consistent: true,
                    ..judge
                };
                if let Err(e) = check_result(&model, d, start, goal, &dij, judge) {
                    fail("tier 1 Dijkstra", e);
                }
                if matches!(want, PathStatus::Found | PathStatus::NoPath) {
                    let positive = v.hooks != Hooks::Lowering;
                    let e = check_dijkstra_order(&model, d.unwrap(), goal, &dij, exact, positive);
                    if let Err(e) = e {
                        fail("tier 1 Dijkstra order", e);
                    }
                }
                if !specialised && let Err(e) = check_same_run(&Run::of(&dij), &spec_dijkstra) {
                    fail("tier 1 Dijkstra against the spec's A* with h = 0", e);
                }
                if want == PathStatus::Found
                    && v.hooks.astar_optimal()
                    && !close(astar.cost, dij.cost, exact, 1e-9)
                {
                    fail(
                        "A* against Dijkstra",
                        format!(
                            "A* {} ({:#x}), Dijkstra {} ({:#x})",
                            astar.cost,
                            astar.cost.to_bits(),
                            dij.cost,
                            dij.cost.to_bits()
                        ),
                    );
                }

                // Tier 1, weight 2: legal, priced, never below the optimum, as the spec runs it.
                let weighted = tier1(&grid, &setup, v, start, goal, &base.with_weight(2.0));
                let judge = Judge {
                    optimality: Optimality::AtLeast,
                    price_exact: true,
                    consistent: false,
                    ..judge
                };
                if let Err(e) = check_result(&model, d, start, goal, &weighted, judge) {
                    fail("tier 1 weighted A*", e);
                }
                if let Err(e) = check_same_run(&Run::of(&weighted), &spec_weighted) {
                    fail("tier 1 weighted A* against the spec's", e);
                }

                // Tier 2 with handed-over buffers: the generic core, so exactly the spec's A*.
                let t2 = tier2(&grid, &setup, v, start, goal, buffers);
                if let Err(e) = check_same_run(&t2, &spec_astar) {
                    fail("tier 2 A* against the spec's A*", e);
                }
                if want == PathStatus::Found {
                    match check_path(&model, start, goal, &t2.path) {
                        Ok(priced) if priced.to_bits() == t2.cost.to_bits() => {}
                        Ok(priced) => fail("tier 2 pricing", format!("{} vs {priced}", t2.cost)),
                        Err(e) => fail("tier 2 path", e.to_string()),
                    }
                }
                counts.queries += 4;
            }
        }
    }
    eprintln!("{}", counts.line(&name));
    counts
}

fn run_movement(movement: Movement, movement_id: u64) {
    let mut buffers = Some(SearchBuffers::new());
    let mut id = movement_id * 100;
    let mut total = Counts::default();
    for size in 1..=3 {
        for cost in [CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed] {
            let v = Variant {
                movement,
                size: Some(size),
                cost: Some(cost),
                hooks: Hooks::None,
            };
            id += 1;
            let c = run_variant(&v, id, &mut buffers);
            assert!(c.found > 0 && c.grids > 0, "{}: nothing found", v.name());
            total.found += c.found;
            total.no_path += c.no_path;
            total.start_invalid += c.start_invalid;
            total.goal_invalid += c.goal_invalid;
            total.exact += c.exact;
        }
    }
    for hooks in [Hooks::Blocked, Hooks::Raising, Hooks::Both, Hooks::Lowering] {
        let v = Variant {
            movement,
            size: None,
            cost: None,
            hooks,
        };
        id += 1;
        let c = run_variant(&v, id, &mut buffers);
        assert!(c.found > 0, "{}: nothing found", v.name());
        total.found += c.found;
        total.no_path += c.no_path;
        total.start_invalid += c.start_invalid;
        total.goal_invalid += c.goal_invalid;
        total.exact += c.exact;
    }
    // Every outcome must have been exercised, or the suite is not testing what it claims.
    assert!(
        total.no_path > 0 && total.start_invalid > 0 && total.goal_invalid > 0,
        "{}: {total:?}",
        movement.name
    );
    if movement.conn == square_ref::Connectivity::Four {
        assert!(total.exact > 0, "no bit-exact comparison ran");
    }
}

#[test]
fn four_connected() {
    run_movement(
        Movement {
            name: "4-connected",
            conn: square_ref::Connectivity::Four,
            rule: square_ref::DiagonalRule::NoCornerCutting,
        },
        1,
    );
}

#[test]
fn eight_connected_no_corner_cutting() {
    run_movement(
        Movement {
            name: "8-connected NoCornerCutting",
            conn: square_ref::Connectivity::Eight,
            rule: square_ref::DiagonalRule::NoCornerCutting,
        },
        2,
    );
}

#[test]
fn eight_connected_no_squeezing() {
    run_movement(
        Movement {
            name: "8-connected NoSqueezing",
            conn: square_ref::Connectivity::Eight,
            rule: square_ref::DiagonalRule::NoSqueezing,
        },
        3,
    );
}

#[test]
fn eight_connected_allow_all() {
    run_movement(
        Movement {
            name: "8-connected AllowAll",
            conn: square_ref::Connectivity::Eight,
            rule: square_ref::DiagonalRule::AllowAll,
        },
        4,
    );
}

/// The reference and the engine agree on the hand-made grids of the reference's own unit tests
/// (a guard that the suite's plumbing (conversions, hooks) is not what decides the results).
#[test]
fn hand_worked_grids_agree() {
    let pic = "
        .#.
        ...
        ...";
    let (w, h, cells) = square_ref::parse_picture(pic);
    let grid = onepath::Grid::from_areas(w as u32, h as u32, cells).unwrap();
    // NoCornerCutting: from (0,0) to (1,1) must go around: 2 straight steps.
    let r = grid
        .find_path(
            onepath::Cell::new(0, 0),
            onepath::Cell::new(1, 1),
            &GridOptions::DEFAULT,
        )
        .unwrap();
    assert_eq!(r.status, PathStatus::Found);
    assert_eq!(r.cost, 2.0);
    // NoSqueezing: one diagonal.
    let r = grid
        .find_path(
            onepath::Cell::new(0, 0),
            onepath::Cell::new(1, 1),
            &GridOptions::NO_SQUEEZING,
        )
        .unwrap();
    assert_eq!(r.cost, square_ref::SQRT2);
    assert_eq!(r.cells.len(), 2);
}

/// The reference reports an invalid start as StartInvalid whatever is wrong with the goal
/// ("Start or goal outside the grid, blocked or too narrow for the agent give
/// StartInvalid/GoalInvalid"; tier 2's `try_begin` checks the start first too). The smallest
/// grid that tells the orders apart: a wall start with a goal outside the grid.
#[test]
fn invalid_start_is_reported_first() {
    let grid = onepath::Grid::from_areas(2, 1, vec![255, 0]).unwrap();
    let wall = onepath::Cell::new(0, 0);
    for goal in [(1, 0), (0, 0), (5, 0), (-1, 0)] {
        let r = grid
            .find_path(
                wall,
                onepath::Cell::new(goal.0, goal.1),
                &GridOptions::DEFAULT,
            )
            .unwrap();
        assert_eq!(
            r.status,
            PathStatus::StartInvalid,
            "wall start, goal {goal:?}"
        );
        let r = grid
            .find_path_with(
                onepath::Cell::new(1, 0),
                onepath::Cell::new(goal.0, goal.1),
                &GridOptions::DEFAULT,
                |_, _, c| c,
                |c| c == onepath::Cell::new(1, 0),
            )
            .unwrap();
        assert_eq!(
            r.status,
            PathStatus::StartInvalid,
            "blocked start, goal {goal:?}"
        );
    }
    // Too narrow for the agent: size 2 never fits on a 2 x 1 grid.
    let open = onepath::Grid::from_areas(2, 1, vec![0, 0]).unwrap();
    let r = open
        .find_path(
            onepath::Cell::new(0, 0),
            onepath::Cell::new(9, 9),
            &GridOptions::for_agent_size(2),
        )
        .unwrap();
    assert_eq!(r.status, PathStatus::StartInvalid);
}
