//! A `GridSearch` running HPA* saves and restores (kind 3 with the HPA* search's kind 9 nested;
//! docs/snapshot-format.md): restore = never stopped for every budget, the restored handle
//! writes the same bytes, the HPA* options travel with the snapshot, and what cannot be saved
//! or restored is refused with a typed error that leaves the handle as it was.

mod common;

use common::hpa_maze as maze;
use onepath::state::{Fnv1a64, HEADER_LEN, StateError};
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, Step};

fn hpa(chunk: u32, smooth: bool) -> GridOptions {
    GridOptions::DEFAULT
        .with_algorithm(GridAlgorithm::Hpa)
        .with_hpa_chunk_size(chunk)
        .with_hpa_smoothing(smooth)
}

const START: Cell = Cell::new(0, 0);
const GOAL: Cell = Cell::new(15, 8);

fn save(s: &GridSearch, grid: &Grid) -> Result<Vec<u8>, StateError> {
    let mut out = vec![0; s.state_size()];
    let n = s.save_state(grid, &mut out)?;
    assert_eq!(n, out.len());
    Ok(out)
}

fn finish(s: &mut GridSearch, grid: &Grid) -> (Vec<Cell>, u64, u32) {
    while s.step(grid, 1).unwrap() == Step::InProgress {}
    assert_eq!(s.state(), Step::Found);
    let mut cells = vec![Cell::default(); s.path_len()];
    s.copy_path(&mut cells).unwrap();
    (cells, s.cost().to_bits(), s.iterations())
}

/// Rewrites the checksum of the frame at `at` (header at `at`, payload after it).
fn reseal(bytes: &mut [u8], at: usize, len: usize) {
    let sum = Fnv1a64::of(&bytes[at + HEADER_LEN..at + len]);
    bytes[at + 20..at + 28].copy_from_slice(&sum.to_le_bytes());
}

/// Offset of the nested kind-9 frame in a kind-3 snapshot (the fixed fields, then its length).
const NESTED: usize = HEADER_LEN + 22;

#[test]
fn restore_equals_never_stopped_for_every_budget() {
    let grid = maze();
    for (chunk, smooth) in [(4, true), (3, false), (5, true), (16, false)] {
        let o = hpa(chunk, smooth);
        let mut whole = GridSearch::new(o).unwrap();
        assert_eq!(whole.try_begin(&grid, START, GOAL), Step::InProgress);
        let expected = finish(&mut whole, &grid);
        for budget in 1..=9 {
            let mut s = GridSearch::new(o).unwrap();
            assert_eq!(s.try_begin(&grid, START, GOAL), Step::InProgress);
            if s.step(&grid, budget).unwrap() != Step::InProgress {
                continue;
            }
            let bytes = save(&s, &grid).unwrap();
            // A handle created with other options adopts the snapshot's, HPA* ones included.
            let mut peer = GridSearch::new(GridOptions::DEFAULT).unwrap();
            peer.restore_state(&grid, &bytes).unwrap();
            assert_eq!(peer.options().hpa_chunk_size, chunk);
            assert_eq!(peer.options().hpa_smoothing, smooth);
            assert_eq!(peer.options().algorithm, GridAlgorithm::Hpa);
            assert_eq!(
                (peer.state(), peer.iterations()),
                (Step::InProgress, budget)
            );
            assert_eq!(
                save(&peer, &grid).unwrap(),
                bytes,
                "same bytes after restore"
            );
            assert_eq!(
                finish(&mut peer, &grid),
                expected,
                "chunk {chunk} budget {budget}"
            );
            // The saved handle itself rolls back too.
            assert_eq!(finish(&mut s, &grid), expected);
            s.restore_state(&grid, &bytes).unwrap();
            assert_eq!(finish(&mut s, &grid), expected);
        }
    }
}

#[test]
fn found_and_prepared_idle_handles_round_trip() {
    let grid = maze();
    let o = hpa(4, true);
    let mut s = GridSearch::new(o).unwrap();
    let _ = s.try_begin(&grid, START, GOAL);
    let expected = finish(&mut s, &grid);
    let bytes = save(&s, &grid).unwrap();
    let mut peer = GridSearch::new(o).unwrap();
    peer.restore_state(&grid, &bytes).unwrap();
    assert_eq!(peer.state(), Step::Found);
    assert_eq!(finish(&mut peer, &grid), expected);
    // A prepared handle has a hierarchy following the grid, so it saves before any query.
    let mut prepared = GridSearch::new(o).unwrap();
    prepared.prepare(&grid);
    let idle = save(&prepared, &grid).unwrap();
    let mut peer = GridSearch::new(GridOptions::DEFAULT).unwrap();
    peer.restore_state(&grid, &idle).unwrap();
    assert_eq!(peer.options().algorithm, GridAlgorithm::Hpa);
    assert_eq!(peer.try_begin(&grid, START, GOAL), Step::InProgress);
    assert_eq!(finish(&mut peer, &grid), expected);
}

#[test]
fn a_handle_without_a_current_hierarchy_refuses_to_save() {
    let mut grid = maze();
    let mut s = GridSearch::new(hpa(4, true)).unwrap();
    // Never ran nor prepared: no hierarchy to tie the snapshot to.
    let mut out = vec![0; s.state_size()];
    let Err(StateError::InvalidField { field }) = s.save_state(&grid, &mut out) else {
        panic!("an HPA* handle without a hierarchy saved");
    };
    assert!(field.starts_with("grid_search.hpa"), "{field}");
    // After an edit no query has caught up with, the hierarchy no longer follows the grid.
    let _ = s.try_begin(&grid, START, GOAL);
    let _ = s.step(&grid, 2).unwrap();
    assert!(save(&s, &grid).is_ok());
    grid.set_rect(8, 8, 1, 1, 255).unwrap();
    let mut out = vec![0; s.state_size()];
    assert!(matches!(
        s.save_state(&grid, &mut out),
        Err(StateError::InvalidField { field }) if field.starts_with("grid_search.hpa")
    ));
    // The next query catches up, and the handle saves again.
    let _ = s.try_begin(&grid, START, GOAL);
    assert!(save(&s, &grid).is_ok());
}

#[test]
fn tampered_nested_hpa_fields_are_refused_and_the_handle_is_unchanged() {
    let grid = maze();
    let o = hpa(4, false);
    let mut s = GridSearch::new(o).unwrap();
    let _ = s.try_begin(&grid, START, GOAL);
    let mut never = s.clone();
    let expected = finish(&mut never, &grid);
    let _ = s.step(&grid, 3).unwrap();
    let good = save(&s, &grid).unwrap();
    let inner_len = good.len() - NESTED;
    let cases: [(usize, u8, &str); 3] = [
        // Smoothing byte 2.
        (NESTED + HEADER_LEN + 18, 2, "hpa.smoothing"),
        // Chunk side 0 (low byte; the others are 0 for chunk 4).
        (NESTED + HEADER_LEN + 8, 0, "grid_search.hpa_chunk_size"),
        // Nested kind 9 -> 2 while the algorithm byte says HPA*.
        (NESTED + 6, 2, "grid_search.algorithm"),
    ];
    for (at, value, field) in cases {
        let mut bad = good.clone();
        bad[at] = value;
        reseal(&mut bad, NESTED, inner_len);
        reseal(&mut bad, 0, good.len());
        let mut victim = s.clone();
        assert_eq!(
            victim.restore_state(&grid, &bad),
            Err(StateError::InvalidField { field }),
        );
        assert_eq!(
            finish(&mut victim, &grid),
            expected,
            "unchanged after {field}"
        );
    }
    // Another chunk side than the search ran on: its hierarchy's hash differs from the saved.
    let mut bad = good.clone();
    bad[NESTED + HEADER_LEN + 8] = 5;
    reseal(&mut bad, NESTED, inner_len);
    reseal(&mut bad, 0, good.len());
    let mut victim = s.clone();
    assert_eq!(
        victim.restore_state(&grid, &bad),
        Err(StateError::InvalidField {
            field: "hpa.hierarchy"
        }),
    );
    assert_eq!(finish(&mut victim, &grid), expected);
}

/// Regression: an `HpaSearch` made idle after a search (as `GridSearch::prepare` leaves it)
/// wrote its old counters and open set, which its own restore refused as "hpa.idle".
#[test]
fn an_hpa_search_made_idle_saves_a_snapshot_it_restores() {
    use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
    let grid = maze();
    let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    let mut s = HpaSearch::new();
    let _ = s.try_begin(&h, &grid, 0, 8 * 16 + 15).unwrap();
    let _ = s.step(&h, &grid, 2).unwrap();
    s.make_idle();
    assert_eq!(
        (s.state(), s.iterations(), s.start()),
        (Step::Idle, 0, u32::MAX)
    );
    let mut bytes = vec![0; s.state_size()];
    s.save_state(&h, &grid, &mut bytes).unwrap();
    let mut peer = HpaSearch::new();
    let _ = peer.try_begin(&h, &grid, 0, 15).unwrap();
    peer.restore_state(&h, &grid, &bytes).unwrap();
    assert_eq!(peer.state(), Step::Idle);
    let mut again = vec![0; peer.state_size()];
    peer.save_state(&h, &grid, &mut again).unwrap();
    assert_eq!(again, bytes);
}
