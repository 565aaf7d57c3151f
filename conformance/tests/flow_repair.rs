//! Flow-field repair equals recomputation (spec grids.md, “Flow fields”, “Incremental
//! repair”): after every edit of a random edit sequence the repaired field
//! (`FlowField::repair` over the dirty nodes of the journalled rectangles) has the cost bits
//! and the `next` of a field computed from scratch on the edited map, and (on a sample) of the
//! independent reference.
//!
//! Sequences: square grids (four- and eight-connected, the three diagonal rules, agent sizes
//! 1–3, uniform/dyadic/mixed costs) with cell edits (walls, openings, area changes) and small
//! rectangle edits; hex grids (four layouts) with the same edits. An area-multiplier change is
//! not a cell edit: the field recomputes (checked to equal a fresh field too).
//!
//! Scale: 480 square and 160 hex sequences of 1–8 edits in release (a quarter in debug);
//! `ONEPATH_CONFORMANCE_SCALE=N` multiplies them.

mod common;

use common::{base_seed, grids_per_variant, hex_grid, square_grid};
use conformance::flow_ref::flow_field;
use conformance::r#gen::{self, CostMode, GenOptions};
use conformance::hex_ref::{HexModel, Layout};
use conformance::model::{Model, Pos};
use conformance::rng::{SplitMix64, hash_words};
use conformance::square_ref::{self, SquareModel};
use onepath::flow::{FlowField, FlowStep, NO_NEXT, hex_dirty_nodes, square_dirty_nodes};
use onepath::grid::{EditsSince, GridEdit, SquareTopology};
use onepath::hex::HexTopology;
use onepath::topology::{DefaultStepCost, Topology};
use onepath::{Cell, Connectivity, DiagonalRule};

const SQUARE_SEQUENCES: u64 = 480;
const HEX_SEQUENCES: u64 = 160;

fn same<T: Topology>(what: &str, repaired: &FlowField<DefaultStepCost>, topo: &T) {
    let mut fresh = FlowField::new(DefaultStepCost);
    let _ = fresh.begin(topo, repaired.goals());
    let _ = fresh.run(topo);
    for n in 0..fresh.node_count() {
        assert_eq!(
            repaired.cost(n).to_bits(),
            fresh.cost(n).to_bits(),
            "{what}: cost of node {n}: repaired {:?}, fresh {:?}",
            repaired.cost(n),
            fresh.cost(n)
        );
        assert_eq!(repaired.next(n), fresh.next(n), "{what}: next of node {n}");
    }
    assert_eq!(repaired.settled(), fresh.settled(), "{what}: settled");
    assert!(repaired.check_invariants(topo), "{what}: invariants");
}

fn check_reference(what: &str, field: &FlowField<DefaultStepCost>, model: &impl Model) {
    let goals: Vec<Pos> = field
        .goals()
        .iter()
        .map(|&g| model.pos(g as usize))
        .collect();
    let r = flow_field(model, &goals);
    for i in 0..model.node_count() {
        assert_eq!(
            field.cost(i as u32).to_bits(),
            r.cost[i].to_bits(),
            "{what}: node {i}"
        );
        assert_eq!(
            field.next(i as u32),
            r.next[i].map_or(NO_NEXT, |u| u as u32),
            "{what}"
        );
    }
}

/// A random edit: a cell set to a wall, an open area or another area, or a small rectangle.
fn edit(rng: &mut SplitMix64, w: i32, h: i32, mut set: impl FnMut(u32, u32, u32, u32, u8)) {
    let area = *rng.pick(&[255u8, 255, 0, 0, 1, 2]);
    if rng.chance(0.25) {
        let (rw, rh) = (rng.range_i32(1, 3.min(w)), rng.range_i32(1, 3.min(h)));
        let x = rng.range_i32(0, w - rw);
        let y = rng.range_i32(0, h - rh);
        set(x as u32, y as u32, rw as u32, rh as u32, area);
    } else {
        let (x, y) = (rng.range_i32(0, w - 1), rng.range_i32(0, h - 1));
        set(x as u32, y as u32, 1, 1, area);
    }
}

fn goals_of(rng: &mut SplitMix64, n: usize) -> Vec<u32> {
    (0..=rng.below(3))
        .map(|_| rng.below(n as u64) as u32)
        .collect()
}

#[test]
fn square_repair_equals_recompute() {
    let sequences = grids_per_variant(SQUARE_SEQUENCES);
    let mut edits_checked = 0u64;
    let mut repaired_pops = 0u64;
    let mut fresh_pops = 0u64;
    for k in 0..sequences {
        let seed = hash_words(&[base_seed(), 0xF1A, k]);
        let mut rng = SplitMix64::new(seed);
        let cost = *rng.pick(&[CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed]);
        let opts = GenOptions {
            min_side: 3,
            ..GenOptions::new(cost)
        };
        let mut case = r#gen::square_case(&mut rng, &opts);
        let mut grid = square_grid(&case);
        let size = 1 + rng.below(3) as u8;
        let (conn, rule, rconn, rrule) = *rng.pick(&[
            (
                Connectivity::Four,
                DiagonalRule::NoCornerCutting,
                square_ref::Connectivity::Four,
                square_ref::DiagonalRule::NoCornerCutting,
            ),
            (
                Connectivity::Eight,
                DiagonalRule::NoCornerCutting,
                square_ref::Connectivity::Eight,
                square_ref::DiagonalRule::NoCornerCutting,
            ),
            (
                Connectivity::Eight,
                DiagonalRule::NoSqueezing,
                square_ref::Connectivity::Eight,
                square_ref::DiagonalRule::NoSqueezing,
            ),
            (
                Connectivity::Eight,
                DiagonalRule::AllowAll,
                square_ref::Connectivity::Eight,
                square_ref::DiagonalRule::AllowAll,
            ),
        ]);
        let goals = goals_of(&mut rng, case.cells.len());
        let mut field = FlowField::new(DefaultStepCost);
        {
            let topo = SquareTopology::new(&grid, size, conn, rule).unwrap();
            let _ = field.begin(&topo, &goals);
            let _ = field.run(&topo);
        }
        let edits = 1 + rng.below(8);
        for e in 0..edits {
            let seen = grid.revision();
            if rng.chance(0.08) {
                let m = *rng.pick(&[0.5, 1.5, 2.0, 1.3]);
                grid.set_area_cost(1, m).unwrap();
                case.multipliers[1] = m;
            } else {
                edit(&mut rng, case.width, case.height, |x, y, w, h, a| {
                    grid.set_rect(x as i32, y as i32, w, h, a).unwrap();
                });
            }
            let topo = SquareTopology::new(&grid, size, conn, rule).unwrap();
            let what = format!(
                "square seed {seed:#x} size {size} {conn:?} {rule:?} edit {e}\n{}",
                case.picture()
            );
            let mut dirty = Vec::new();
            let mut rebuild = false;
            match grid.edits_since(seen) {
                EditsSince::Rebuild => rebuild = true,
                EditsSince::Edits(list) => {
                    for ed in list {
                        match ed {
                            GridEdit::Cells(r) => dirty.extend(square_dirty_nodes(
                                grid.width(),
                                grid.height(),
                                r,
                                size,
                            )),
                            _ => rebuild = true,
                        }
                    }
                }
            }
            if rebuild {
                assert_eq!(field.recompute(&topo), FlowStep::Complete);
            } else {
                assert_eq!(field.repair(&topo, dirty), FlowStep::Complete);
                repaired_pops += u64::from(field.repair_pops());
            }
            fresh_pops += u64::from(field.costs().iter().filter(|c| c.is_finite()).count() as u32);
            same(&what, &field, &topo);
            edits_checked += 1;
            if k % 8 == 0 {
                case.cells = grid.cells().to_vec();
                let model = SquareModel::new(
                    case.width,
                    case.height,
                    case.cells.clone(),
                    &case.multipliers,
                    rconn,
                    rrule,
                    size,
                );
                check_reference(&what, &field, &model);
            }
        }
    }
    println!(
        "flow repair square: {sequences} sequences, {edits_checked} edits; repair pops {repaired_pops} vs full-field pops {fresh_pops}"
    );
}

#[test]
fn hex_repair_equals_recompute() {
    let sequences = grids_per_variant(HEX_SEQUENCES);
    let mut edits_checked = 0u64;
    for k in 0..sequences {
        let seed = hash_words(&[base_seed(), 0xF1B, k]);
        let mut rng = SplitMix64::new(seed);
        let layout = Layout::ALL[(k % 4) as usize];
        let cost = *rng.pick(&[CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed]);
        let opts = GenOptions {
            min_side: 3,
            ..GenOptions::new(cost)
        };
        let mut case = r#gen::hex_case(&mut rng, &opts, Some(layout));
        let mut grid = hex_grid(&case);
        let goals = goals_of(&mut rng, case.cells.len());
        let mut field = FlowField::new(DefaultStepCost);
        let _ = field.begin(&HexTopology::new(&grid), &goals);
        let _ = field.run(&HexTopology::new(&grid));
        for e in 0..=rng.below(8) {
            let seen = grid.revision();
            edit(&mut rng, case.width, case.height, |x, y, w, h, a| {
                grid.set_rect(x as i32, y as i32, w, h, a).unwrap();
            });
            let mut dirty = Vec::new();
            if let EditsSince::Edits(list) = grid.edits_since(seen) {
                for ed in list {
                    if let GridEdit::Cells(r) = ed {
                        dirty.extend(hex_dirty_nodes(&grid, r));
                    }
                }
            }
            let topo = HexTopology::new(&grid);
            let _ = field.repair(&topo, dirty);
            let what = format!("hex {layout:?} seed {seed:#x} edit {e}");
            same(&what, &field, &topo);
            edits_checked += 1;
            if k % 8 == 0 {
                case.cells = grid.cells().to_vec();
                let model = HexModel::new(
                    case.width,
                    case.height,
                    layout,
                    case.cells.clone(),
                    &case.multipliers,
                );
                check_reference(&what, &field, &model);
            }
        }
        let _ = Cell::new(0, 0);
    }
    println!("flow repair hex: {sequences} sequences, {edits_checked} edits");
}
