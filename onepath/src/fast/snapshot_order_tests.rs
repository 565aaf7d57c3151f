//! The open lists of kinds 4 and 5 on the wire (format version 2): written in pop order
//! whatever the structure's layout, rebuilt by restore into a structure that pops alike, and
//! refused out of order.

use alloc::vec::Vec;

use crate::fast::jump_open::JumpOpen;
use crate::fast::pair::{key_cell, key_f_bits};
use crate::fast::record::AStarRecord;
use crate::fast::slot_heap::SlotHeap;
use crate::fast::{BitFinder, OctileAStar, OctileJump, OctileMap};
use crate::grid::Grid;
use crate::search::Step;
use crate::state::codec::HEADER_LEN;
use crate::state::{Fnv1a64, StateError};

fn grid() -> Grid {
    Grid::from_text(
        "
        ......................
        .#######...#####......
        .......#...#.....###..
        .#####.#...#.###......
        ......................
        ....###.......#####...
        ......................
        ",
    )
    .unwrap()
}

fn reseal(b: &mut [u8]) {
    let sum = Fnv1a64::of(&b[HEADER_LEN..]);
    b[20..28].copy_from_slice(&sum.to_le_bytes());
}

/// The open region of a snapshot that records nothing (the expanded list and the trace are
/// two empty counted lists at the end): `entries` entries of `size` bytes.
fn open_region(b: &mut [u8], entries: usize, size: usize) -> &mut [u8] {
    let end = b.len() - 8;
    &mut b[end - entries * size..end]
}

fn save_octile(s: &OctileAStar, g: &Grid) -> Vec<u8> {
    let mut b = alloc::vec![0; s.state_size()];
    s.save_state(g, &mut b).unwrap();
    b
}

fn drain_slot_heap(mut heap: SlotHeap, mut records: Vec<AStarRecord>) -> Vec<u128> {
    core::iter::from_fn(|| heap.pop(&mut records)).collect()
}

/// The first octile A* state whose heap array is not in key order.
fn unsorted_octile(g: &Grid) -> OctileAStar {
    let mut s = OctileAStar::new();
    assert_eq!(s.try_begin(g, 0, g.cell_count() - 1), Step::InProgress);
    while s.heap.keys.windows(2).all(|w| w[0] < w[1]) {
        assert_eq!(s.step(1), Step::InProgress, "no unsorted heap on the way");
    }
    s
}

#[test]
fn a_restored_slot_heap_has_another_layout_pops_alike_and_saves_the_same_bytes() {
    let g = grid();
    let mut original = unsorted_octile(&g);
    let bytes = save_octile(&original, &g);
    let mut restored = OctileAStar::new();
    restored.restore_state(&g, &bytes).unwrap();
    assert_ne!(restored.heap.keys, original.heap.keys);
    assert!(restored.check_invariants());
    assert_eq!(
        drain_slot_heap(original.heap.clone(), original.nodes.records.clone()),
        drain_slot_heap(restored.heap.clone(), restored.nodes.records.clone())
    );
    loop {
        assert_eq!(save_octile(&restored, &g), save_octile(&original, &g));
        if original.state() != Step::InProgress {
            break;
        }
        assert_eq!(restored.step(1), original.step(1));
    }
}

#[test]
fn octile_cells_out_of_key_order_are_refused() {
    let g = grid();
    let source = unsorted_octile(&g);
    let mut bad = save_octile(&source, &g);
    let region = open_region(&mut bad, source.heap.len(), 4);
    let (first, second) = region[..8].split_at_mut(4);
    first.swap_with_slice(second);
    reseal(&mut bad);
    let mut target = OctileAStar::new();
    assert_eq!(
        target.restore_state(&g, &bad),
        Err(StateError::InvalidField {
            field: "octile_astar.open.order"
        })
    );
}

type Jps = OctileJump<BitFinder>;

fn save_jump(s: &Jps, g: &Grid) -> Vec<u8> {
    let mut b = alloc::vec![0; s.state_size()];
    s.save_state(g, &mut b).unwrap();
    b
}

fn drain_jump(mut open: JumpOpen) -> Vec<u128> {
    core::iter::from_fn(|| open.pop()).collect()
}

/// Heap entries whose f is the level.
fn heap_on_level(open: &JumpOpen) -> usize {
    let on = |&&k: &&u128| key_f_bits(k) == open.level;
    open.heap.iter().filter(on).count()
}

/// The first jump search state with entries on the level both on the stack and in the heap,
/// and two entries above the level in the heap.
fn mixed_level(g: &Grid, map: &OctileMap) -> Jps {
    let mut s = Jps::new();
    assert_eq!(s.try_begin(g, map, 0, g.cell_count() - 1), Step::InProgress);
    loop {
        let o = &s.open;
        let above = o.heap.len() >= heap_on_level(o) + 2;
        if !o.stack.is_empty() && heap_on_level(o) > 0 && above {
            return s;
        }
        assert_eq!(s.step(map, 1), Step::InProgress, "no such state on the way");
    }
}

#[test]
fn restore_puts_heap_entries_on_the_level_on_the_stack_and_pops_alike() {
    let g = grid();
    let map = OctileMap::new(&g);
    let mut original = mixed_level(&g, &map);
    let bytes = save_jump(&original, &g);
    let mut restored = Jps::new();
    restored.restore_state(&g, &bytes).unwrap();
    let (a, b) = (&original.open, &restored.open);
    assert_eq!(b.stack.len(), a.stack.len() + heap_on_level(a));
    assert_eq!(heap_on_level(b), 0);
    assert_eq!(b.level, a.level);
    assert!(restored.check_invariants());
    assert_eq!(drain_jump(a.clone()), drain_jump(b.clone()));
    loop {
        assert_eq!(save_jump(&restored, &g), save_jump(&original, &g));
        if original.state() != Step::InProgress {
            break;
        }
        assert_eq!(restored.step(&map, 1), original.step(&map, 1));
    }
}

#[test]
fn jump_entries_out_of_pop_order_are_refused() {
    let g = grid();
    let map = OctileMap::new(&g);
    let source = mixed_level(&g, &map);
    let good = save_jump(&source, &g);
    let n = source.open.len();
    let on_level = source.open.stack.len() + heap_on_level(&source.open);
    let refused = |bad: &mut Vec<u8>, field: &'static str| {
        reseal(bad);
        let mut target = Jps::new();
        assert_eq!(
            target.restore_state(&g, bad),
            Err(StateError::InvalidField { field })
        );
    };
    // An entry on the level after one above it.
    let mut bad = good.clone();
    open_region(&mut bad, n, 16)[(on_level - 1) * 16..].rotate_left(16);
    refused(&mut bad, "octile_jump.open.level");
    // Two entries above the level swapped.
    assert!(n - on_level >= 2);
    let mut bad = good.clone();
    let region = &mut open_region(&mut bad, n, 16)[on_level * 16..];
    let (first, second) = region[..32].split_at_mut(16);
    first.swap_with_slice(second);
    refused(&mut bad, "octile_jump.open.order");
    // The entries on the level in another order are another stack, and accepted.
    let mut other = good.clone();
    open_region(&mut other, n, 16)[..on_level * 16].rotate_left(16);
    reseal(&mut other);
    let mut t = Jps::new();
    t.restore_state(&g, &other).unwrap();
    let cells = |o: &JumpOpen| o.stack.iter().map(|&k| key_cell(k)).collect::<Vec<_>>();
    let mut expected = Jps::new();
    expected.restore_state(&g, &good).unwrap();
    assert_ne!(cells(&t.open), cells(&expected.open));
}
