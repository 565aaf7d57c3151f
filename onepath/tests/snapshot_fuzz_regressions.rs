//! Regressions found by the fuzz targets (`fuzz/`, `snapshot_restore` and `search_ops`), one
//! test per fixed bug, each with the minimal input that showed it.

mod common;

use common::random_grid;
use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
use onepath::search::AStar;
use onepath::state::{Fnv1a64, StateError};
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Grid, Step};

fn reseal(b: &mut [u8]) {
    let len = (b.len() - 28) as u32;
    b[8..12].copy_from_slice(&len.to_le_bytes());
    let sum = Fnv1a64::of(&b[28..]);
    b[20..28].copy_from_slice(&sum.to_le_bytes());
}

fn topology(g: &Grid) -> SquareTopology<'_> {
    SquareTopology::new(g, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap()
}

fn astar(g: &Grid) -> AStar<DefaultStepCost, OctileHeuristic> {
    AStar::new(
        DefaultStepCost,
        OctileHeuristic::new(g.width(), g.areas().min_cost()),
    )
}

fn save(a: &AStar<DefaultStepCost, OctileHeuristic>, g: &Grid) -> Vec<u8> {
    let mut b = vec![0; a.state_size()];
    a.save_state(g.content_hash(), &mut b).unwrap();
    b
}

/// A kind-2 restore sized the buffers before validating, and sizing emptied the open list: a
/// snapshot refused in validation (here a parent that is not a reached node) left the target's
/// running search without open entries.
#[test]
fn a_refused_astar_snapshot_keeps_the_targets_open_list() {
    let g = random_grid(3, 14, 9, 15, false);
    let t = topology(&g);
    let mut source = astar(&g);
    assert_eq!(source.try_begin(&t, 0, 125), Step::InProgress);
    source.step(&t, 10);
    let mut bad = save(&source, &g);
    // The second record's parent (payload: 30 fixed bytes, the reached count, one 17-byte
    // record, then node and parent) -> a node no record holds.
    let at = 28 + 34 + 17 + 4;
    bad[at..at + 4].copy_from_slice(&1000u32.to_le_bytes());
    reseal(&mut bad);

    let mut target = astar(&g);
    assert_eq!(target.try_begin(&t, 1, 120), Step::InProgress);
    target.step(&t, 5);
    let before = save(&target, &g);
    assert_eq!(
        target.restore_state(&t, g.content_hash(), &bad),
        Err(StateError::InvalidField {
            field: "astar.reached.parent"
        })
    );
    assert_eq!(
        save(&target, &g),
        before,
        "the refused restore changed the target"
    );
    while target.step(&t, 50) == Step::InProgress {}
    assert_eq!(
        target.state(),
        Step::Found,
        "the target goes on with its own search"
    );
}

/// An idle kind-2 snapshot with a start or goal other than `u32::MAX` was accepted (and saved
/// back with `u32::MAX`): the format says an idle search has no endpoints.
#[test]
fn an_idle_astar_snapshot_with_endpoints_is_refused() {
    let g = random_grid(1, 6, 6, 10, false);
    let idle = save(&astar(&g), &g);
    for field in [32, 36] {
        let mut bad = idle.clone();
        bad[field..field + 4].copy_from_slice(&0x8000_0000u32.to_le_bytes());
        reseal(&mut bad);
        assert_eq!(
            astar(&g).restore_state(&topology(&g), g.content_hash(), &bad),
            Err(StateError::InvalidField {
                field: "astar.idle"
            })
        );
    }
    assert_eq!(
        astar(&g).restore_state(&topology(&g), g.content_hash(), &idle),
        Ok(())
    );
}
