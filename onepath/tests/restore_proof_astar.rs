//! Issue 27, kind 2: restore accepts only states the search can reach — parents legal *and*
//! closed records relaxed, finished states ones the loop stops in. Each reproducer is a
//! snapshot the outside attack crafted (resealed with a valid checksum) that restored and then
//! continued to a wrong answer; each must now be refused, and a refusal must leave the target
//! byte-identical.

use onepath::Grid;
use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
use onepath::search::{AStar, Step};
use onepath::state::StateError;
use onepath::topology::{DefaultStepCost, ZeroHeuristic};

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

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
    a.try_begin(&topo, 0, 2);
    a.step(&topo, 1);
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
    fresh.try_begin(&topo, 0, goal);
    fresh.run(&topo);
    for k in 0..40 {
        let mut a = AStar::new(DefaultStepCost, ZeroHeuristic);
        a.try_begin(&topo, 0, goal);
        a.step(&topo, k);
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
