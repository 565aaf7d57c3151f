//! The hex grid engine against the independent reference (`hex_ref` + `dijkstra_ref`).
//!
//! Variants: the four layouts, each with three cost modes (uniform, dyadic areas, mixed areas)
//! and with hooks (blocked filter, raising cost hook, both, lowering cost hook). The same checks
//! as the square suite: status equals reachability, cost equals the reference Dijkstra (bit for
//! bit when every multiplier is dyadic, since every hex step has length 1; relative 1e-9
//! otherwise), paths legal move by move and re-priced to the reported cost, counts, Dijkstra's
//! expansion order, A*'s f order, tier 2 (`HexTopology` + `AStar`) cell for cell equal to tier 1.
//! Also: offset/axial conversions, centres and world-point rounding against the reference.
//!
//! Scale: `ONEPATH_CONFORMANCE_SCALE=N` multiplies the grids per variant (200 in release, 50 in
//! debug); `ONEPATH_CONFORMANCE_SCALE=50 cargo test -p conformance --release --test
//! hex_vs_reference -- --nocapture` runs 10^4 grids per variant.

mod common;

use common::{
    Counts, Hooks, Judge, Optimality, Run, base_seed, blocked_at, cell, check_astar_order,
    check_dijkstra_order, check_result, check_same_run, close, cost_hook, engine_layout,
    grids_per_variant, hex_grid, min_multiplier, pos, report, run_tier2,
};
use conformance::astar_ref;
use conformance::dijkstra_ref::dijkstra;
use conformance::r#gen::{self, CostMode, GenOptions, GridCase};
use conformance::hex_ref::{self, HexModel, Layout};
use conformance::model::{Cached, Model, Pos};
use conformance::path_check::check_path;
use conformance::rng::{SplitMix64, hash_words};
use onepath::hex::HexDistanceHeuristic;
use onepath::hex::HexTopology;
use onepath::search::SearchBuffers;
use onepath::topology::{DefaultStepCost, Filtered, FnStepCost};
use onepath::{GridOptions, GridPath, HeuristicKind, HexCoord, HexSpace, PathStatus, WorldPoint};

/// Start cells per grid (one reference Dijkstra each) and goals per start.
const STARTS: usize = 3;
const GOALS: usize = 4;
/// Grids per variant in a default release run.
const GRIDS: u64 = 200;

#[derive(Clone, Copy, Debug)]
struct Variant {
    layout: Layout,
    cost: Option<CostMode>,
    hooks: Hooks,
}

impl Variant {
    fn name(&self) -> String {
        format!(
            "hex {:?} costs {} hooks {:?}",
            self.layout,
            self.cost.map_or("any".into(), |c| format!("{c:?}")),
            self.hooks
        )
    }
}

fn model_for(case: &GridCase, seed: u64, hooks: Hooks) -> HexModel {
    let mut m = HexModel::new(
        case.width,
        case.height,
        case.layout.expect("hex"),
        case.cells.clone(),
        &case.multipliers,
    );
    if hooks.blocked() {
        m = m.with_blocked(move |p| blocked_at(seed, p));
    }
    if let Some(h) = cost_hook(hooks) {
        m = m.with_step_hook(move |a, b, base| h(seed, a, b, base));
    }
    m
}

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

fn tier1(
    grid: &onepath::HexGrid,
    seed: u64,
    hooks: Hooks,
    s: Pos,
    g: Pos,
    o: &GridOptions,
) -> GridPath {
    let res = if hooks == Hooks::None {
        grid.find_path(cell(s), cell(g), o)
    } else {
        let hook = cost_hook(hooks);
        let blocked = hooks.blocked();
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

/// Tier 2: `HexTopology` (wrapped in `Filtered` for the blocked hook), `FnStepCost` for the cost
/// hook, the hex-distance heuristic, buffers handed from search to search.
fn tier2(
    grid: &onepath::HexGrid,
    case: &GridCase,
    seed: u64,
    hooks: Hooks,
    (start, goal): (Pos, Pos),
    buffers: &mut Option<SearchBuffers>,
) -> Run {
    let topo = HexTopology::new(grid);
    let id = |p: Pos| grid.index_of(cell(p)).unwrap_or(u32::MAX);
    let ends = (id(start), id(goal));
    let h = HexDistanceHeuristic::new(grid.width(), grid.layout(), min_multiplier(case));
    let w = grid.width();
    let to_pos = move |n: u32| ((n % w) as i32, (n / w) as i32);
    let blocked = move |n: u32| blocked_at(seed, to_pos(n));
    match (cost_hook(hooks), hooks.blocked()) {
        (None, false) => run_tier2(&topo, DefaultStepCost, h, ends, w, buffers),
        (None, true) => run_tier2(
            &Filtered::new(&topo, blocked),
            DefaultStepCost,
            h,
            ends,
            w,
            buffers,
        ),
        (Some(f), b) => {
            let cost = FnStepCost(move |a, c, base| f(seed, to_pos(a), to_pos(c), base));
            if b {
                run_tier2(&Filtered::new(&topo, blocked), cost, h, ends, w, buffers)
            } else {
                run_tier2(&topo, cost, h, ends, w, buffers)
            }
        }
    }
}

fn run_variant(v: &Variant, variant_id: u64, buffers: &mut Option<SearchBuffers>) -> Counts {
    let name = v.name();
    let mut counts = Counts::default();
    for grid_index in 0..grids_per_variant(GRIDS) {
        let seed = hash_words(&[base_seed(), 0x4E7, variant_id, grid_index]);
        let mut rng = SplitMix64::new(seed);
        let cost =
            v.cost
                .unwrap_or(*rng.pick(&[CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed]));
        let case = r#gen::hex_case(&mut rng, &GenOptions::new(cost), Some(v.layout));
        // Every hex step has length 1: dyadic multipliers make every cost exact.
        let exact = case.dyadic();
        let model = model_for(&case, seed, v.hooks);
        let full_model = model;
        let model = Cached::new(&full_model);
        let grid = hex_grid(&case);
        let scale = min_multiplier(&case);
        let opts = GridOptions::DEFAULT.with_record_expansions(true);
        counts.grids += 1;
        for _ in 0..STARTS {
            let start = endpoint(&mut rng, &case, &model);
            let dist = model.is_position(start).then(|| dijkstra(&model, start));
            let d = dist.as_deref();
            for _ in 0..GOALS {
                let goal = endpoint(&mut rng, &case, &model);
                let want = common::expected_status(&model, d, start, goal);
                counts.record(want, exact);
                let fail = |what: &str, e: String| -> ! {
                    panic!("{}", report(&name, seed, &case, start, goal, what, &e))
                };
                let h = astar_ref::hex_steps(scale, v.layout, goal);
                let spec_astar = astar_ref::astar(&model, start, goal, &h, 1.0);
                let spec_dijkstra = astar_ref::astar(&model, start, goal, astar_ref::zero, 1.0);
                let spec_weighted = astar_ref::astar(&model, start, goal, &h, 2.0);

                // Tier 1, A* with the default (hex distance) heuristic.
                let astar = tier1(&grid, seed, v.hooks, start, goal, &opts);
                let judge = Judge {
                    optimality: if v.hooks.astar_optimal() {
                        Optimality::Optimal
                    } else {
                        Optimality::AtLeast
                    },
                    exact,
                    price_exact: true,
                    consistent: exact && v.hooks.astar_optimal(),
                };
                if let Err(e) = check_result(&model, d, start, goal, &astar, judge) {
                    fail("tier 1 A*", e);
                }
                if exact
                    && v.hooks.astar_optimal()
                    && want == PathStatus::Found
                    && let Err(e) = check_astar_order(&model, d.unwrap(), goal, &astar, &h)
                {
                    fail("tier 1 A* order", e);
                }
                if let Err(e) = check_same_run(&Run::of(&astar), &spec_astar) {
                    fail("tier 1 A* against the spec's A*", e);
                }

                // Tier 1, Dijkstra.
                let dij = tier1(
                    &grid,
                    seed,
                    v.hooks,
                    start,
                    goal,
                    &opts.with_heuristic(HeuristicKind::Zero),
                );
                let judge_dij = Judge {
                    optimality: Optimality::Optimal,
                    consistent: true,
                    ..judge
                };
                if let Err(e) = check_result(&model, d, start, goal, &dij, judge_dij) {
                    fail("tier 1 Dijkstra", e);
                }
                if matches!(want, PathStatus::Found | PathStatus::NoPath) {
                    let positive = v.hooks != Hooks::Lowering;
                    let e = check_dijkstra_order(&model, d.unwrap(), goal, &dij, exact, positive);
                    if let Err(e) = e {
                        fail("tier 1 Dijkstra order", e);
                    }
                }
                if let Err(e) = check_same_run(&Run::of(&dij), &spec_dijkstra) {
                    fail("tier 1 Dijkstra against the spec's A* with h = 0", e);
                }
                if want == PathStatus::Found
                    && v.hooks.astar_optimal()
                    && !close(astar.cost, dij.cost, exact, 1e-9)
                {
                    fail(
                        "A* against Dijkstra",
                        format!("{} / {}", astar.cost, dij.cost),
                    );
                }

                // Tier 1, weight 2.
                let weighted = tier1(&grid, seed, v.hooks, start, goal, &opts.with_weight(2.0));
                let judge_w = Judge {
                    optimality: Optimality::AtLeast,
                    consistent: false,
                    ..judge
                };
                if let Err(e) = check_result(&model, d, start, goal, &weighted, judge_w) {
                    fail("tier 1 weighted A*", e);
                }
                if let Err(e) = check_same_run(&Run::of(&weighted), &spec_weighted) {
                    fail("tier 1 weighted A* against the spec's", e);
                }

                // Tier 2 with handed-over buffers.
                let t2 = tier2(&grid, &case, seed, v.hooks, (start, goal), buffers);
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

fn run_layout(layout: Layout, layout_id: u64) {
    let mut buffers = Some(SearchBuffers::new());
    let mut total = Counts::default();
    let mut id = layout_id * 100;
    let variants = [CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed]
        .map(|c| (Some(c), Hooks::None))
        .into_iter()
        .chain([Hooks::Blocked, Hooks::Raising, Hooks::Both, Hooks::Lowering].map(|h| (None, h)));
    for (cost, hooks) in variants {
        id += 1;
        let v = Variant {
            layout,
            cost,
            hooks,
        };
        let c = run_variant(&v, id, &mut buffers);
        assert!(c.found > 0, "{}: nothing found", v.name());
        total.found += c.found;
        total.no_path += c.no_path;
        total.start_invalid += c.start_invalid;
        total.goal_invalid += c.goal_invalid;
        total.exact += c.exact;
    }
    assert!(
        total.no_path > 0 && total.start_invalid > 0 && total.goal_invalid > 0 && total.exact > 0,
        "{layout:?}: {total:?}"
    );
}

#[test]
fn pointy_odd_row() {
    run_layout(Layout::PointyOddRow, 1);
}

#[test]
fn pointy_even_row() {
    run_layout(Layout::PointyEvenRow, 2);
}

#[test]
fn flat_odd_column() {
    run_layout(Layout::FlatOddColumn, 3);
}

#[test]
fn flat_even_column() {
    run_layout(Layout::FlatEvenColumn, 4);
}

/// Offset/axial conversions of every cell of a 16 x 16 grid, in every layout, equal the
/// reference's.
#[test]
fn conversions_agree() {
    for layout in Layout::ALL {
        let grid = onepath::HexGrid::new(16, 16, engine_layout(layout)).unwrap();
        for row in 0..16 {
            for col in 0..16 {
                let (q, r) = hex_ref::offset_to_axial(layout, col, row);
                let h = grid.to_axial(onepath::Cell::new(col as i32, row as i32));
                assert_eq!(
                    (i64::from(h.q), i64::from(h.r)),
                    (q, r),
                    "{layout:?} ({col},{row})"
                );
                assert_eq!(
                    grid.to_offset(HexCoord::new(q as i32, r as i32)),
                    onepath::Cell::new(col as i32, row as i32)
                );
            }
        }
        // Negative and far axial coordinates convert like the reference too.
        for (q, r) in [(-7, 3), (5, -9), (-1, -1), (1000, -2001)] {
            let (c, w) = hex_ref::axial_to_offset(layout, q, r);
            assert_eq!(
                grid.to_offset(HexCoord::new(q as i32, r as i32)),
                onepath::Cell::new(c as i32, w as i32),
                "{layout:?} ({q},{r})"
            );
        }
    }
}

/// Centres and the world-point rounding equal the reference bit for bit, on random points and on
/// the tie points (edge midpoints and corners between centres), where the repair rule decides.
#[test]
fn world_mapping_agrees() {
    let mut rng = SplitMix64::new(hash_words(&[base_seed(), 0x3031D]));
    let rounds = 200 * common::scale();
    let mut ties = 0u64;
    for _ in 0..rounds {
        let layout = *rng.pick(&Layout::ALL);
        let origin = (
            (rng.unit_f64() - 0.5) * 2000.0,
            (rng.unit_f64() - 0.5) * 2000.0,
        );
        let size = *rng.pick(&[1.0, 0.5, 2.0, 3.0, 0.37, 17.25]);
        let space = HexSpace::new(origin.0, origin.1, size).unwrap();
        let el = engine_layout(layout);
        for _ in 0..50 {
            let q = rng.range_i32(-40, 40);
            let r = rng.range_i32(-40, 40);
            let c = hex_ref::axial_to_world(layout, origin, size, q.into(), r.into());
            let e = space.center(el, HexCoord::new(q, r)).unwrap();
            assert_eq!(
                (e.x.to_bits(), e.y.to_bits()),
                (c.0.to_bits(), c.1.to_bits()),
                "centre of ({q},{r})"
            );
            // Points: random near the centre, an edge midpoint, a corner (three centres).
            let (d1, d2) = (
                *rng.pick(&hex_ref::HEX_DIRECTIONS),
                *rng.pick(&hex_ref::HEX_DIRECTIONS),
            );
            let n1 = hex_ref::axial_to_world(
                layout,
                origin,
                size,
                i64::from(q) + d1.0,
                i64::from(r) + d1.1,
            );
            let n2 = hex_ref::axial_to_world(
                layout,
                origin,
                size,
                i64::from(q) + d2.0,
                i64::from(r) + d2.1,
            );
            let points = [
                (
                    c.0 + (rng.unit_f64() - 0.5) * size * 1.5,
                    c.1 + (rng.unit_f64() - 0.5) * size * 1.5,
                ),
                ((c.0 + n1.0) / 2.0, (c.1 + n1.1) / 2.0),
                ((c.0 + n1.0 + n2.0) / 3.0, (c.1 + n1.1 + n2.1) / 3.0),
                (c.0 + 0.5 * size, c.1),
                (c.0, c.1 + 0.5 * size),
            ];
            for p in points {
                let (fq, fr) = hex_ref::world_to_fractional_axial(layout, origin, size, p);
                let want = hex_ref::cube_round(fq, fr);
                let got = space.hex_at(el, WorldPoint::new(p.0, p.1)).unwrap();
                assert_eq!(
                    (i64::from(got.q), i64::from(got.r)),
                    want,
                    "{layout:?} origin {origin:?} size {size}: point {p:?} (fractional {fq}, {fr})"
                );
                let s = -fq - fr;
                let errs = [
                    (fq - (fq + 0.5).floor()).abs(),
                    (fr - (fr + 0.5).floor()).abs(),
                    (s - (s + 0.5).floor()).abs(),
                ];
                if errs[0] == errs[1] || errs[1] == errs[2] || errs[0] == errs[2] {
                    ties += 1;
                }
            }
        }
    }
    eprintln!(
        "hex world mapping: {rounds} spaces x 50 hexes x 5 points, {ties} exact rounding ties"
    );
    assert!(ties > 0, "no exact tie was exercised");
}

/// A query between world points equals the query between the cells the reference maps them to
/// (StartInvalid/GoalInvalid outside the grid).
#[test]
fn world_queries_agree() {
    let mut rng = SplitMix64::new(hash_words(&[base_seed(), 0x3032]));
    for _ in 0..100 * common::scale() {
        let case = r#gen::hex_case(&mut rng, &GenOptions::new(CostMode::Uniform), None);
        let layout = case.layout.unwrap();
        let origin = (
            (rng.unit_f64() - 0.5) * 100.0,
            (rng.unit_f64() - 0.5) * 100.0,
        );
        let size = *rng.pick(&[1.0, 0.75, 2.5]);
        let grid = hex_grid(&case)
            .with_space(HexSpace::new(origin.0, origin.1, size).unwrap())
            .unwrap();
        let span = (f64::from(case.width) + 2.0) * size;
        let point = |rng: &mut SplitMix64| {
            (
                origin.0 + (rng.unit_f64() - 0.1) * span,
                origin.1 + (rng.unit_f64() - 0.1) * span,
            )
        };
        for _ in 0..8 {
            let (a, b) = (point(&mut rng), point(&mut rng));
            let r = grid
                .find_path_world(
                    WorldPoint::new(a.0, a.1),
                    WorldPoint::new(b.0, b.1),
                    &GridOptions::DEFAULT,
                )
                .unwrap();
            let ca = hex_ref::world_to_cell(layout, origin, size, a, case.width, case.height);
            let cb = hex_ref::world_to_cell(layout, origin, size, b, case.width, case.height);
            match (ca, cb) {
                (None, _) => assert_eq!(r.status, PathStatus::StartInvalid, "{a:?}"),
                (Some(sa), None) => {
                    let model = model_for(&case, 0, Hooks::None);
                    let want = if model.is_position(sa) {
                        PathStatus::GoalInvalid
                    } else {
                        PathStatus::StartInvalid
                    };
                    assert_eq!(
                        r.status,
                        want,
                        "{a:?} -> {b:?}: reference cell {sa:?}, engine hex {:?} -> offset {:?}, layout {layout:?} origin {origin:?} size {size}\n{}",
                        grid.space()
                            .hex_at(grid.layout(), WorldPoint::new(a.0, a.1)),
                        grid.space()
                            .hex_at(grid.layout(), WorldPoint::new(a.0, a.1))
                            .map(|h| grid.to_offset(h)),
                        case.picture()
                    );
                }
                (Some(sa), Some(sb)) => {
                    let direct = grid
                        .find_path(cell(sa), cell(sb), &GridOptions::DEFAULT)
                        .unwrap();
                    assert_eq!(r.status, direct.status);
                    assert_eq!(r.cells, direct.cells);
                    assert_eq!(r.cost.to_bits(), direct.cost.to_bits());
                }
            }
        }
    }
}

/// As on the square grid: an invalid start is StartInvalid whatever is wrong with the goal.
#[test]
fn invalid_start_is_reported_first() {
    for layout in Layout::ALL {
        let grid = onepath::HexGrid::from_areas(2, 1, engine_layout(layout), vec![255, 0]).unwrap();
        for goal in [(1, 0), (0, 0), (5, 0), (0, -1)] {
            let r = grid
                .find_path(cell((0, 0)), cell(goal), &GridOptions::DEFAULT)
                .unwrap();
            assert_eq!(
                r.status,
                PathStatus::StartInvalid,
                "{layout:?}, goal {goal:?}"
            );
        }
    }
}
