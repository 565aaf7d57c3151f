//! Flow fields (`onepath::flow::FlowField`) against the independent reference
//! (`conformance::flow_ref`), spec grids.md “Flow fields (many agents, one goal set)”.
//!
//! Square grids: four-connected and the three eight-connected diagonal rules × agent sizes 1
//! and 2 × uniform, dyadic and mixed (non-dyadic) area costs, plus a blocked-filter variant;
//! 1–3 goals per grid (mostly cells the agent fits on, some walls: inactive). Hex grids: the
//! four layouts × the three cost modes. Per grid:
//!
//! * the integration field equals the reference cost for every node — compared bit for bit
//!   everywhere (the spec promises bit-exactness where costs are dyadic and 1e-9 with √2; the
//!   field is independent of settling order, so the bits agree in every variant we run, and
//!   the test holds it to that);
//! * the direction field equals the reference's first-minimum rule node for node;
//! * following `next` from every reachable node reaches a goal within the node count, every
//!   step a legal move, and the move costs summed from the node to the goal equal the field's
//!   cost (bit for bit when dyadic, relative 1e-9 otherwise);
//! * a field computed with a budget of 1–50 pops per call equals the unsliced one, with the
//!   same settled count, which is the number of reachable nodes.
//!
//! Scale: 420 square grids per variant in release (25 variants: 10,500 grids) and 150 hex
//! grids per layout (600), a quarter in debug; `ONEPATH_CONFORMANCE_SCALE=N` multiplies them.

mod common;

use common::{
    base_seed, blocked_at, cell, engine_layout, grids_per_variant, hex_grid, square_grid,
};
use conformance::flow_ref::{RefField, flow_field};
use conformance::r#gen::{self, CostMode, GenOptions, GridCase};
use conformance::hex_ref::{HexModel, Layout};
use conformance::model::{Cached, Model, Pos};
use conformance::rng::{SplitMix64, hash_words};
use conformance::square_ref::{self, SquareModel};
use onepath::flow::{FlowField, FlowStep, NO_NEXT};
use onepath::grid::SquareTopology;
use onepath::hex::HexTopology;
use onepath::topology::{DefaultStepCost, Filtered, Topology};
use onepath::{Connectivity, DiagonalRule};

const SQUARE_GRIDS: u64 = 420;
const HEX_GRIDS: u64 = 150;

#[derive(Clone, Copy, Debug)]
struct Movement {
    conn: square_ref::Connectivity,
    rule: square_ref::DiagonalRule,
}

const MOVEMENTS: [Movement; 4] = [
    Movement {
        conn: square_ref::Connectivity::Four,
        rule: square_ref::DiagonalRule::NoCornerCutting,
    },
    Movement {
        conn: square_ref::Connectivity::Eight,
        rule: square_ref::DiagonalRule::NoCornerCutting,
    },
    Movement {
        conn: square_ref::Connectivity::Eight,
        rule: square_ref::DiagonalRule::NoSqueezing,
    },
    Movement {
        conn: square_ref::Connectivity::Eight,
        rule: square_ref::DiagonalRule::AllowAll,
    },
];

fn engine_moves(m: Movement) -> (Connectivity, DiagonalRule) {
    let c = match m.conn {
        square_ref::Connectivity::Four => Connectivity::Four,
        square_ref::Connectivity::Eight => Connectivity::Eight,
    };
    let r = match m.rule {
        square_ref::DiagonalRule::NoCornerCutting => DiagonalRule::NoCornerCutting,
        square_ref::DiagonalRule::NoSqueezing => DiagonalRule::NoSqueezing,
        square_ref::DiagonalRule::AllowAll => DiagonalRule::AllowAll,
    };
    (c, r)
}

/// 1–3 goals: mostly positions of the model, sometimes any cell (a wall: inactive).
fn draw_goals(rng: &mut SplitMix64, case: &GridCase, model: &impl Model) -> Vec<Pos> {
    let fits: Vec<usize> = (0..model.node_count())
        .filter(|&i| model.is_position(model.pos(i)))
        .collect();
    let k = 1 + rng.below(3) as usize;
    (0..k)
        .map(|_| {
            if !fits.is_empty() && rng.chance(0.85) {
                model.pos(*rng.pick(&fits))
            } else {
                (
                    rng.range_i32(0, case.width - 1),
                    rng.range_i32(0, case.height - 1),
                )
            }
        })
        .collect()
}

/// Everything one field is held to. `exact`: the summed path costs must match bit for bit.
fn judge<T: Topology>(
    what: &str,
    topo: &T,
    model: &impl Model,
    goals: &[Pos],
    exact: bool,
    budget: u32,
) -> u64 {
    let ids: Vec<u32> = goals
        .iter()
        .map(|&g| model.index(g).expect("inside") as u32)
        .collect();
    let reference: RefField = flow_field(model, goals);
    let mut field = FlowField::new(DefaultStepCost);
    let _ = field.begin(topo, &ids);
    assert_eq!(field.run(topo), FlowStep::Complete, "{what}");
    assert!(field.check_invariants(topo), "{what}: invariants");
    let n = model.node_count();
    let reachable = reference.cost.iter().filter(|c| c.is_finite()).count();
    assert_eq!(field.settled() as usize, reachable, "{what}: settled");
    for i in 0..n {
        let (a, b) = (field.cost(i as u32), reference.cost[i]);
        assert_eq!(
            a.to_bits(),
            b.to_bits(),
            "{what}: cost of node {i} {:?}: engine {a:?}, reference {b:?}",
            model.pos(i)
        );
        let next = field.next(i as u32);
        let want = reference.next[i].map_or(NO_NEXT, |u| u as u32);
        assert_eq!(next, want, "{what}: next of node {i} {:?}", model.pos(i));
    }
    // Following next reaches a goal at the field's cost.
    for i in 0..n {
        if !reference.cost[i].is_finite() {
            continue;
        }
        let (mut at, mut sum, mut hops) = (i, 0.0f64, 0usize);
        while reference.next[at].is_some() {
            let to = field.next(at as u32) as usize;
            let step = model
                .step(model.pos(at), model.pos(to))
                .unwrap_or_else(|e| panic!("{what}: next of {at} is not a move: {e}"));
            sum += step;
            at = to;
            hops += 1;
            assert!(hops <= n, "{what}: following next from {i} loops");
        }
        assert!(goals.iter().any(|&g| model.index(g) == Some(at)), "{what}");
        let c = reference.cost[i];
        let ok = if exact {
            sum.to_bits() == c.to_bits()
        } else {
            (sum - c).abs() <= 1e-9 * c.abs().max(1.0)
        };
        assert!(ok, "{what}: path from {i} sums to {sum:?}, field {c:?}");
    }
    // Sliced = unsliced.
    let mut sliced = FlowField::new(DefaultStepCost);
    let _ = sliced.begin(topo, &ids);
    let mut calls = 0u64;
    while sliced.step(topo, budget) == FlowStep::InProgress {
        calls += 1;
        assert!(
            sliced.check_invariants(topo),
            "{what}: invariants while sliced"
        );
    }
    assert_eq!(sliced.settled(), field.settled(), "{what}: sliced settled");
    assert!(
        sliced
            .costs()
            .iter()
            .zip(field.costs())
            .all(|(a, b)| a.to_bits() == b.to_bits()),
        "{what}: sliced costs"
    );
    assert_eq!(sliced.nexts(), field.nexts(), "{what}: sliced next");
    let digest: Vec<u64> = field.costs().iter().map(|c| c.to_bits()).collect();
    hash_words(&digest) ^ calls
}

#[test]
fn square_fields_equal_the_reference() {
    let grids = grids_per_variant(SQUARE_GRIDS);
    let mut total = 0u64;
    let mut variants = Vec::new();
    for m in MOVEMENTS {
        for size in [1u8, 2] {
            for cost in [CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed] {
                variants.push((m, size, cost, false));
            }
        }
    }
    variants.push((MOVEMENTS[1], 1, CostMode::Dyadic, true));
    for (vi, &(m, size, cost, blocked)) in variants.iter().enumerate() {
        for k in 0..grids {
            let seed = hash_words(&[base_seed(), 0xF10, vi as u64, k]);
            let mut rng = SplitMix64::new(seed);
            let case = r#gen::square_case(&mut rng, &GenOptions::new(cost));
            let mut model = SquareModel::new(
                case.width,
                case.height,
                case.cells.clone(),
                &case.multipliers,
                m.conn,
                m.rule,
                size,
            );
            if blocked {
                model = model.with_blocked(move |p| blocked_at(seed, p));
            }
            let model = Cached::new(&model);
            let goals = draw_goals(&mut rng, &case, &model);
            let grid = square_grid(&case);
            let (c, r) = engine_moves(m);
            let topo = SquareTopology::new(&grid, size, c, r).expect("valid size");
            let exact = case.dyadic() && m.conn == square_ref::Connectivity::Four;
            let budget = 1 + (seed % 50) as u32;
            let what = format!(
                "square {m:?} size {size} {cost:?} blocked {blocked} seed {seed:#x} goals {goals:?}\n{}",
                case.picture()
            );
            if blocked {
                let w = case.width;
                let filtered = Filtered::new(&topo, move |n: u32| {
                    blocked_at(seed, ((n as i32) % w, (n as i32) / w))
                });
                total ^= judge(&what, &filtered, &model, &goals, exact, budget);
            } else {
                total ^= judge(&what, &topo, &model, &goals, exact, budget);
            }
        }
    }
    println!(
        "flow square: {} grids over {} variants (digest {total:#x})",
        grids * variants.len() as u64,
        variants.len()
    );
}

#[test]
fn hex_fields_equal_the_reference() {
    let grids = grids_per_variant(HEX_GRIDS);
    let mut total = 0u64;
    for (li, layout) in Layout::ALL.into_iter().enumerate() {
        for k in 0..grids {
            let seed = hash_words(&[base_seed(), 0xF1E, li as u64, k]);
            let mut rng = SplitMix64::new(seed);
            let cost = *rng.pick(&[CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed]);
            let case = r#gen::hex_case(&mut rng, &GenOptions::new(cost), Some(layout));
            let model = HexModel::new(
                case.width,
                case.height,
                layout,
                case.cells.clone(),
                &case.multipliers,
            );
            let model = Cached::new(&model);
            let goals = draw_goals(&mut rng, &case, &model);
            let grid = hex_grid(&case);
            assert_eq!(grid.layout(), engine_layout(layout));
            let topo = HexTopology::new(&grid);
            let what = format!(
                "hex {layout:?} {cost:?} seed {seed:#x} goals {goals:?}\n{}",
                case.picture()
            );
            let budget = 1 + (seed % 50) as u32;
            total ^= judge(&what, &topo, &model, &goals, case.dyadic(), budget);
        }
    }
    println!("flow hex: {} grids (digest {total:#x})", grids * 4);
}

#[test]
fn a_goal_on_a_wall_is_inactive_and_duplicates_count_once() {
    let grid = onepath::Grid::from_text("..#\n...").unwrap();
    let topo =
        SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
    let mut field = FlowField::new(DefaultStepCost);
    assert_eq!(field.begin(&topo, &[2]), FlowStep::Complete, "only a wall");
    assert!(field.costs().iter().all(|c| *c == f64::INFINITY));
    let _ = field.begin(&topo, &[5, 2, 5, 0]);
    assert_eq!(field.goals(), [0, 2, 5]);
    let _ = field.run(&topo);
    assert_eq!(field.cost(1), 1.0);
    assert_eq!(field.cost(4), 1.0);
    assert_eq!(field.settled(), 5);
    let _ = cell((0, 0));
}
