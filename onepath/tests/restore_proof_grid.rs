//! Issue 27, kinds 1, 2 and 3: restore accepts only states the search can reach — parents legal *and*
//! closed records relaxed, finished states ones the loop stops in. Each reproducer is a
//! snapshot the outside attack crafted (resealed with a valid checksum) that restored and then
//! continued to a wrong answer; each must now be refused, and a refusal must leave the target
//! byte-identical.

mod common;

use common::frame::{reseal_at, unhex};
use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
use onepath::search::{AStar, Step};
use onepath::state::StateError;
use onepath::topology::{DefaultStepCost, ZeroHeuristic};
use onepath::{Cell, Connectivity as C, Grid, GridOptions, GridSearch, HeuristicKind};

type Search = AStar<DefaultStepCost, ZeroHeuristic>;

fn four(g: &Grid) -> SquareTopology<'_> {
    SquareTopology::new(g, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap()
}

fn save(a: &Search, g: &Grid) -> Vec<u8> {
    let mut b = vec![0; a.state_size()];
    a.save_state(g.content_hash(), &mut b).unwrap();
    b
}

/// A search on `...` from 0 to 2 after one pop: the target the hostile bytes try to replace.
fn target(g: &Grid) -> Search {
    let topo = four(g);
    let mut a = AStar::new(DefaultStepCost, ZeroHeuristic);
    let _ = a.try_begin(&topo, 0, 2);
    let _ = a.step(&topo, 1);
    a
}

/// Restoring `bytes` into a live search is refused and leaves it byte-identical.
fn refused(bytes: &str) -> StateError {
    let g = Grid::from_text("...").unwrap();
    let mut a = target(&g);
    let before = save(&a, &g);
    let err = a
        .restore_state(&four(&g), g.content_hash(), &unhex(bytes))
        .expect_err("a state the search cannot reach is refused");
    assert_eq!(save(&a, &g), before, "a refused restore changed the target");
    // And the target still answers as a search that was never touched.
    assert_eq!(a.run(&four(&g)), Step::Found);
    assert_eq!(a.cost(), 2.0);
    err
}

#[test]
fn a_dropped_open_leaf_is_missing_work() {
    // One pop, the open record of node 1 dropped: the start's expansion offered it.
    let e = refused(
        "4f50534e020002003f000000d6db22f1382e9250d2c76337352fe2d1030000000000000002000000000000000000f03f030100000001000000000100000000000000ffffffff000000000000000001000000000000000000000000",
    );
    assert_eq!(
        e,
        StateError::InvalidField {
            field: "astar.reached.relaxed"
        }
    );
}

#[test]
fn no_path_with_the_goal_closed_is_refused() {
    let e = refused(
        "4f50534e0200020061000000d6db22f1382e925013a85cf38706f6d0030000000000000002000000000000000000f03f030300000003000000000300000000000000ffffffff0000000000000000010100000000000000000000000000f03f010200000001000000000000000000004001000000000000000000000000",
    );
    assert_eq!(
        e,
        StateError::InvalidField {
            field: "astar.no_path"
        }
    );
}

#[test]
fn found_that_the_loop_would_not_stop_in_is_refused() {
    // Record 1 reopened with f = 1 and the goal's g set to 3: the goal would not have popped
    // before node 1.
    refused(
        "4f50534e020002006d000000d6db22f1382e925079a2075eb6a7f26a030000000000000002000000000000000000f03f020300000002000000000300000000000000ffffffff0000000000000000010100000000000000000000000000f03f0002000000010000000000000000000840010100000001000000000000000000f03f0000000000000000",
    );
}

#[test]
fn every_state_a_search_saves_on_the_way_restores_and_continues_alike() {
    let g = Grid::from_text("....#.\n.##.#.\n......\n.#.##.").unwrap();
    let topo = four(&g);
    let goal = g.cell_count() - 1;
    let mut fresh = AStar::new(DefaultStepCost, ZeroHeuristic);
    let _ = fresh.try_begin(&topo, 0, goal);
    let _ = fresh.run(&topo);
    for k in 0..40 {
        let mut a = AStar::new(DefaultStepCost, ZeroHeuristic);
        let _ = a.try_begin(&topo, 0, goal);
        let _ = a.step(&topo, k);
        let bytes = save(&a, &g);
        let mut b = AStar::new(DefaultStepCost, ZeroHeuristic);
        b.restore_state(&topo, g.content_hash(), &bytes)
            .unwrap_or_else(|e| panic!("the engine's own state after {k} pops: {e}"));
        assert_eq!(b.run(&topo), fresh.state());
        assert_eq!(b.cost().to_bits(), fresh.cost().to_bits());
        assert_eq!(b.path(), fresh.path());
        assert_eq!(b.iterations(), fresh.iterations());
    }
}

#[test]
fn kind_1_a_version_without_room_for_edits_is_refused() {
    let mut g = Grid::from_text("...").unwrap();
    let mut bytes = vec![0; g.state_size()];
    g.save_state(&mut bytes).unwrap();
    let before = bytes.clone();
    // Version u64 at payload offset 8.
    for v in [u64::MAX, u64::MAX - 1, (1u64 << 53) + 1] {
        bytes[28 + 8..28 + 16].copy_from_slice(&v.to_le_bytes());
        reseal_at(&mut bytes, 0);
        let e = g.restore_state(&bytes).expect_err("no room left for edits");
        assert_eq!(
            e,
            StateError::InvalidField {
                field: "grid.version"
            }
        );
        let mut now = vec![0; g.state_size()];
        g.save_state(&mut now).unwrap();
        assert_eq!(now, before, "a refused grid restore changed the grid");
    }
    // The bound itself restores, and the next edit neither panics nor wraps.
    bytes[28 + 8..28 + 16].copy_from_slice(&(1u64 << 53).to_le_bytes());
    reseal_at(&mut bytes, 0);
    g.restore_state(&bytes).unwrap();
    g.set_area(Cell::new(1, 0), 3).unwrap();
    assert_eq!(g.version(), (1u64 << 53) + 1);
}

#[test]
fn kind_3_options_relabelled_over_the_nested_state_are_refused() {
    // A 2 x 2 open grid searched with four moves and the zero estimate; the handle's
    // connectivity byte (payload offset 0) rewritten to eight moves over the same nested
    // kind-2 state. Under eight moves the start's expansion offers the diagonal goal at
    // sqrt 2, which the four-move records do not hold.
    let g = Grid::new(2, 2).unwrap();
    let four = GridOptions::FOUR_CONNECTED
        .with_heuristic(HeuristicKind::Zero)
        .with_specialized_engines(false);
    for pops in 1..=4 {
        let mut s = GridSearch::new(four).unwrap();
        let _ = s.try_begin(&g, Cell::new(0, 0), Cell::new(1, 1));
        let _ = s.step(&g, pops).unwrap();
        let mut bytes = vec![0; s.state_size()];
        s.save_state(&g, &mut bytes).unwrap();
        assert_eq!(bytes[28], 0, "four moves");
        bytes[28] = 1;
        reseal_at(&mut bytes, 0);
        // Two targets: one with the relabelled options, one with the original ones. Each
        // refuses and keeps its own options, engine and state.
        for options in [four.with_connectivity(C::Eight), four] {
            let mut target = GridSearch::new(options).unwrap();
            let _ = target.try_begin(&g, Cell::new(0, 0), Cell::new(1, 1));
            let _ = target.step(&g, 1).unwrap();
            let mut before = vec![0; target.state_size()];
            target.save_state(&g, &mut before).unwrap();
            let e = target
                .restore_state(&g, &bytes)
                .expect_err("the eight-move search cannot reach a four-move state");
            assert_eq!(
                e,
                StateError::InvalidField {
                    field: "astar.reached.relaxed"
                }
            );
            let mut now = vec![0; target.state_size()];
            target.save_state(&g, &mut now).unwrap();
            assert_eq!(
                now, before,
                "a refused restore changed the handle ({pops} pops)"
            );
            assert_eq!(*target.options(), options);
        }
    }
}
