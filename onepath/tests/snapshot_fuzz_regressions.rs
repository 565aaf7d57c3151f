//! Regressions found by the fuzz targets (`fuzz/`, `snapshot_restore` and `search_ops`), one
//! test per fixed bug, each with the minimal input that showed it.

mod common;

use common::frame::reseal_len;

use common::random_grid;
use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
use onepath::search::AStar;
use onepath::state::StateError;
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Cell, Grid, GridOptions, GridSearch, HeuristicKind, Step};

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

fn save_handle(s: &GridSearch, g: &Grid) -> Vec<u8> {
    let mut b = vec![0; s.state_size()];
    s.save_state(g, &mut b).unwrap();
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
    let _ = source.step(&t, 10);
    let mut bad = save(&source, &g);
    // The second record's parent (payload: 30 fixed bytes, the reached count, one 17-byte
    // record, then node and parent) -> a node no record holds.
    let at = 28 + 34 + 17 + 4;
    bad[at..at + 4].copy_from_slice(&1000u32.to_le_bytes());
    reseal_len(&mut bad);

    let mut target = astar(&g);
    assert_eq!(target.try_begin(&t, 1, 120), Step::InProgress);
    let _ = target.step(&t, 5);
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
        reseal_len(&mut bad);
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

/// A handle that restored the snapshot of a handle that never searched (nested idle kind 2,
/// while the options resolve to a specialised engine on the map) kept its own engines'
/// recording flag, estimate and weight, so its own snapshot was refused
/// (`grid_search.record_expansions`, `grid_search.engine`) and a crafted snapshot could make
/// it search with another weight than its options say.
#[test]
fn a_handle_restored_from_a_never_searched_handle_saves_a_restorable_snapshot() {
    let g = random_grid(7, 12, 8, 20, false);
    let variants = [
        GridOptions::DEFAULT.with_record_expansions(true),
        GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero),
        GridOptions::DEFAULT
            .with_algorithm(onepath::GridAlgorithm::JpsPlus)
            .with_heuristic(HeuristicKind::Zero)
            .with_record_expansions(true),
    ];
    for options in variants {
        let never = save_handle(&GridSearch::new(options).unwrap(), &g);
        let mut handle = GridSearch::new(GridOptions::DEFAULT).unwrap();
        handle.restore_state(&g, &never).unwrap();
        assert_eq!(handle.state(), Step::Idle);
        let own = save_handle(&handle, &g);
        let mut again = GridSearch::new(GridOptions::DEFAULT).unwrap();
        assert_eq!(again.restore_state(&g, &own), Ok(()), "{options:?}");
        assert_eq!(save_handle(&again, &g), own);
    }
    // Weight: a crafted snapshot with weight 1.5 (the generic core) whose nested idle frame is
    // the octile A*'s; the handle must search with weight 1.5 afterwards.
    let weighted = GridOptions::DEFAULT.with_weight(1.5);
    let mut octile_idle = save_handle(&GridSearch::new(GridOptions::DEFAULT).unwrap(), &g);
    let mut handle = GridSearch::new(GridOptions::DEFAULT).unwrap();
    handle.restore_state(&g, &octile_idle).unwrap(); // now idle on the octile A*
    octile_idle = save_handle(&handle, &g);
    octile_idle[28 + 4..28 + 12].copy_from_slice(&1.5f64.to_bits().to_le_bytes());
    reseal_len(&mut octile_idle);
    let mut restored = GridSearch::new(GridOptions::DEFAULT).unwrap();
    restored.restore_state(&g, &octile_idle).unwrap();
    assert_eq!(restored.options().weight, 1.5);
    let (s, t) = common::far_endpoints(&g, 1).unwrap();
    let mut fresh = GridSearch::new(weighted).unwrap();
    for h in [&mut restored, &mut fresh] {
        assert_eq!(h.try_begin(&g, s, t), Step::InProgress);
        while h.step(&g, 50).unwrap() == Step::InProgress {}
    }
    assert_eq!(restored.engine().weight(), 1.5);
    assert_eq!(save_handle(&restored, &g), save_handle(&fresh, &g));
    let mut path = vec![Cell::default(); restored.path_len()];
    restored.copy_path(&mut path).unwrap();
}

/// Kind-2 validation bounded record node ids by the buffers' capacity, not by the map's node
/// count: a handle that had searched a larger map accepted a record (and open entry) for node
/// 100 on a 6 × 6 map — refused by a fresh handle — and then panicked indexing the map when it
/// expanded that node.
#[test]
fn a_handle_sized_by_a_larger_map_refuses_nodes_outside_the_snapshots_map() {
    let (big, small) = (Grid::new(30, 30).unwrap(), Grid::new(6, 6).unwrap());
    let o = GridOptions::DEFAULT.with_specialized_engines(false);
    let mut target = GridSearch::new(o).unwrap();
    let _ = target.try_begin(&big, Cell::new(0, 0), Cell::new(29, 29));
    let _ = target.step(&big, 3).unwrap();
    let mut source = GridSearch::new(o).unwrap();
    let _ = source.try_begin(&small, Cell::new(0, 0), Cell::new(5, 5));
    let _ = source.step(&small, 2).unwrap();
    let mut b = save_handle(&source, &small);
    // The nested kind-2 frame: its last record (an open node) and its open entry -> node 100.
    let payload = 28 + 22 + 28;
    let u32_at = |b: &[u8], i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    let count = u32_at(&b, payload + 30) as usize;
    let last = payload + 34 + (count - 1) * 17;
    let old = u32_at(&b, last);
    assert_eq!(b[last + 16], 0, "the last record is open");
    b[last..last + 4].copy_from_slice(&100u32.to_le_bytes());
    let open_at = payload + 34 + count * 17;
    for k in 0..u32_at(&b, open_at) as usize {
        let e = open_at + 4 + k * 12;
        if u32_at(&b, e) == old {
            b[e..e + 4].copy_from_slice(&100u32.to_le_bytes());
        }
    }
    reseal_len(&mut b[28 + 22..]);
    reseal_len(&mut b);
    let refused = Err(StateError::InvalidField {
        field: "astar.reached.node",
    });
    assert_eq!(
        GridSearch::new(o).unwrap().restore_state(&small, &b),
        refused
    );
    assert_eq!(target.restore_state(&small, &b), refused);
}

/// Restore accepts any iteration and expansion counts, and the engines counted with `+= 1`:
/// a snapshot with a count of `u32::MAX` panicked on the next step with overflow checks on
/// (debug builds, fuzzing) and wrapped to 0 without them, so debug and release disagreed.
/// The counters saturate now, in every engine.
#[test]
fn counts_restored_at_u32_max_saturate_instead_of_overflowing() {
    let g = random_grid(5, 12, 10, 15, false);
    let (s, t) = common::far_endpoints(&g, 1).unwrap();
    // (options, payload offset of iterations in the nested frame): kind 2 at 21, kind 4 at
    // 18, kind 5 at 20; expansions follow 4 bytes later.
    let engines = [
        (GridOptions::DEFAULT.with_specialized_engines(false), 21),
        (GridOptions::DEFAULT, 18),
        (
            GridOptions::DEFAULT.with_algorithm(onepath::GridAlgorithm::Jps),
            20,
        ),
        (
            GridOptions::DEFAULT.with_algorithm(onepath::GridAlgorithm::JpsPlus),
            20,
        ),
    ];
    for (options, at) in engines {
        let mut h = GridSearch::new(options).unwrap();
        assert_eq!(h.try_begin(&g, s, t), Step::InProgress);
        let _ = h.step(&g, 2).unwrap();
        let mut b = save_handle(&h, &g);
        let nested = 28 + 22;
        for field in [at, at + 4] {
            let i = nested + 28 + field;
            b[i..i + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        }
        reseal_len(&mut b[nested..]);
        reseal_len(&mut b);
        let mut r = GridSearch::new(options).unwrap();
        r.restore_state(&g, &b).unwrap();
        while r.step(&g, 7).unwrap() == Step::InProgress {}
        assert_eq!(r.state(), Step::Found, "{options:?}");
        assert_eq!((r.iterations(), r.expansions()), (u32::MAX, u32::MAX));
    }
}

/// The generic A* wrote its buffers' capacity as the snapshot's node count. A handle (or
/// `AStar`) that had searched a larger map and then searched a smaller one saved a node
/// count the smaller map does not have, so its own snapshot was refused
/// (`astar.node_count`), and a search restored into such a handle saved other bytes than
/// the same restore into a fresh one.
#[test]
fn a_search_reused_on_a_smaller_map_saves_that_maps_node_count() {
    let (big, small) = (Grid::new(30, 30).unwrap(), random_grid(2, 7, 5, 10, false));
    let (s, t) = common::far_endpoints(&small, 1).unwrap();
    let o = GridOptions::DEFAULT.with_specialized_engines(false);
    let mut reused = GridSearch::new(o).unwrap();
    let _ = reused.try_begin(&big, Cell::new(0, 0), Cell::new(29, 29));
    let _ = reused.step(&big, 3).unwrap();
    let mut fresh = GridSearch::new(o).unwrap();
    for h in [&mut reused, &mut fresh] {
        assert_eq!(h.try_begin(&small, s, t), Step::InProgress);
        let _ = h.step(&small, 4).unwrap();
    }
    let bytes = save_handle(&reused, &small);
    assert_eq!(bytes, save_handle(&fresh, &small));
    let mut again = GridSearch::new(o).unwrap();
    assert_eq!(again.restore_state(&small, &bytes), Ok(()));
    // Restoring into the handle sized by the larger map gives the same state.
    let mut sized = GridSearch::new(o).unwrap();
    let _ = sized.try_begin(&big, Cell::new(0, 0), Cell::new(29, 29));
    sized.restore_state(&small, &bytes).unwrap();
    assert_eq!(save_handle(&sized, &small), bytes);
}
