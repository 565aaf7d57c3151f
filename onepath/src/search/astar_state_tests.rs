//! Kind 2's open set on the wire (format version 2): written in pop order whatever the heap's
//! layout, rebuilt by restore into another layout that pops alike, and refused out of order.

use alloc::vec::Vec;

use super::OPEN;
use crate::grid::{Connectivity, DiagonalRule, Grid, SquareTopology, WALL};
use crate::search::node_records::{NODE_RECORD, reached_count};
use crate::search::open_set::pop_rank;
use crate::search::{AStar, OpenSet, Step};
use crate::state::codec::HEADER_LEN;
use crate::state::{Fnv1a64, StateError};
use crate::topology::{DefaultStepCost, OctileHeuristic};

type Search = AStar<DefaultStepCost, OctileHeuristic>;

fn grid() -> Grid {
    Grid::from_text(
        "
        ................
        .#######..#####.
        .......#..#.....
        .#####.#..#.###.
        ................
        ",
    )
    .unwrap()
}

fn topology(g: &Grid) -> SquareTopology<'_> {
    SquareTopology::new(g, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap()
}

fn search(g: &Grid) -> Search {
    AStar::new(DefaultStepCost, OctileHeuristic::new(g.width(), 1.0))
}

fn save(s: &Search, g: &Grid) -> Vec<u8> {
    let mut b = alloc::vec![0; s.state_size()];
    s.save_state(g.content_hash(), &mut b).unwrap();
    b
}

fn layout(open: &OpenSet) -> Vec<u32> {
    open.entries().map(|(n, _, _)| n).collect()
}

fn drain(mut open: OpenSet) -> Vec<(u32, u64, u64)> {
    core::iter::from_fn(|| open.pop().map(|(n, f, g)| (n, f.to_bits(), g.to_bits()))).collect()
}

/// The first search state (iterations from the start) whose heap array is not in pop order.
fn unsorted_heap(g: &Grid) -> Search {
    let t = topology(g);
    let (start, goal) = (
        (0..g.cell_count()).find(|&c| g.cells()[c as usize] != WALL),
        (0..g.cell_count())
            .rev()
            .find(|&c| g.cells()[c as usize] != WALL),
    );
    let mut s = search(g);
    assert_eq!(
        s.try_begin(&t, start.unwrap(), goal.unwrap()),
        Step::InProgress
    );
    loop {
        let ranks: Vec<_> = (s.buffers.open.entries())
            .map(|(n, f, g)| pop_rank(n, f, g))
            .collect();
        if ranks.windows(2).any(|w| w[0] > w[1]) {
            return s;
        }
        assert_eq!(
            s.step(&t, 1),
            Step::InProgress,
            "no unsorted heap on the way"
        );
    }
}

#[test]
fn a_restored_open_set_has_another_layout_pops_alike_and_saves_the_same_bytes() {
    let g = grid();
    let t = topology(&g);
    let mut original = unsorted_heap(&g);
    let bytes = save(&original, &g);
    let mut restored = search(&g);
    restored
        .restore_state(&t, g.content_hash(), &bytes)
        .unwrap();
    let (a, b) = (&original.buffers.open, &restored.buffers.open);
    assert_ne!(layout(a), layout(b), "the restored heap has its own layout");
    assert!(b.check_invariants());
    assert_eq!(
        drain(a.clone()),
        drain(b.clone()),
        "and pops the same sequence"
    );
    loop {
        assert_eq!(save(&restored, &g), save(&original, &g));
        if original.state() != Step::InProgress {
            break;
        }
        assert_eq!(restored.step(&t, 1), original.step(&t, 1));
    }
}

#[test]
fn open_entries_out_of_pop_order_are_refused() {
    let g = grid();
    let t = topology(&g);
    let source = unsorted_heap(&g);
    let good = save(&source, &g);
    let open = source.buffers.open.len();
    assert!(open >= 2);
    // The open region: after the fixed fields, the records and the open count.
    let records = reached_count(&source.buffers, source.node_count) * NODE_RECORD;
    let at = HEADER_LEN + super::FIXED + 4 + records + 4;
    let mut bad = good.clone();
    let (first, second) = bad[at..at + 2 * OPEN].split_at_mut(OPEN);
    first.swap_with_slice(second);
    let sum = Fnv1a64::of(&bad[HEADER_LEN..]);
    bad[20..28].copy_from_slice(&sum.to_le_bytes());
    let mut target = search(&g);
    let before = save(&target, &g);
    assert_eq!(
        target.restore_state(&t, g.content_hash(), &bad),
        Err(StateError::InvalidField {
            field: "astar.open.order"
        })
    );
    assert_eq!(save(&target, &g), before);
    target.restore_state(&t, g.content_hash(), &good).unwrap();
}
