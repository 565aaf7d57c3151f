//! HPA* snapshots (kind 9): pinned bytes, round trips, restore = never-stopped after every
//! number of pops, and refusal of states the search cannot reach (damaged and re-sealed
//! bytes, another hierarchy, a stale hierarchy). Regenerate the pinned bytes deliberately with
//! `ONEPATH_BLESS_PINNED=1 cargo test -p onepath --test hpa_snapshot`.

mod common;

use common::pinned::hex;

use common::frame::reseal;
use std::path::PathBuf;

use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::state::{HEADER_LEN, StateError};
use onepath::{Cell, Connectivity, DiagonalRule, Grid};

fn rooms() -> Grid {
    Grid::from_text(
        "
        ......#.........
        ......#...###...
        ..###.#.....#...
        ......#.....#...
        ............#...
        ###.####....#...
        ........#.......
        ..11....#...22..
        ..11........22..
        ",
    )
    .unwrap()
}

fn save(s: &HpaSearch, h: &HpaHierarchy, g: &Grid) -> Vec<u8> {
    let mut b = vec![0; s.state_size()];
    assert_eq!(s.save_state(h, g, &mut b).unwrap(), b.len());
    b
}

#[test]
fn hpa_search_bytes_are_pinned() {
    let mut grid = rooms();
    grid.set_area_cost(1, 2.5).unwrap();
    let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    let mut s = HpaSearch::new();
    let _ = s.try_begin(&h, &grid, 0, 8 * 16 + 15).unwrap();
    let _ = s.step(&h, &grid, 3).unwrap();
    let b = save(&s, &h, &grid);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/pinned/hpa_search.hex");
    if std::env::var_os("ONEPATH_BLESS_PINNED").is_some() {
        std::fs::write(&path, hex(&b)).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        hex(&b),
        committed,
        "kind-9 bytes changed: a format change must be deliberate"
    );
    let mut r = HpaSearch::new();
    r.restore_state(&h, &grid, &b).unwrap();
    assert_eq!(save(&r, &h, &grid), b);
    assert_eq!(
        u16::from_le_bytes([b[6], b[7]]),
        onepath::state::KIND_HPA_SEARCH
    );
}

#[test]
fn restore_equals_never_stopped_at_every_pop() {
    let mut rng = SplitMix64::new(9);
    let mut checked = 0;
    for case in 0..24u64 {
        let mut grid = rooms();
        let (conn, rule) = [
            (Connectivity::Eight, DiagonalRule::NoCornerCutting),
            (Connectivity::Four, DiagonalRule::NoCornerCutting),
            (Connectivity::Eight, DiagonalRule::NoSqueezing),
        ][(case % 3) as usize];
        if case % 2 == 1 {
            grid.set_area_cost(2, 0.5).unwrap();
        }
        let config = HpaConfig::DEFAULT
            .with_chunk_size(2 + (case % 5) as u32)
            .with_threshold(1 + (case % 7) as u32)
            .with_agent_size(1 + (case % 4 == 3) as u8)
            .with_moves(conn, rule);
        let h = HpaHierarchy::build(&grid, config).unwrap();
        let cells = grid.cell_count();
        let (a, b) = (rng.below(cells), rng.below(cells));
        let mut whole = HpaSearch::new();
        whole.set_smoothing(case % 4 != 1);
        if whole.try_begin(&h, &grid, a, b).unwrap() != Step::InProgress {
            continue;
        }
        let end = whole.run(&h, &grid).unwrap();
        let total = whole.iterations();
        for k in 0..=total {
            let mut s = HpaSearch::new();
            s.set_smoothing(case % 4 != 1);
            let _ = s.try_begin(&h, &grid, a, b).unwrap();
            if k > 0 {
                let _ = s.step(&h, &grid, k).unwrap();
            }
            let bytes = save(&s, &h, &grid);
            // Restored into a search that was doing something else.
            let mut r = HpaSearch::new();
            let _ = r.try_begin(&h, &grid, b, a).unwrap();
            r.restore_state(&h, &grid, &bytes).unwrap();
            assert_eq!(save(&r, &h, &grid), bytes, "round trip at pop {k}");
            assert_eq!(r.run(&h, &grid).unwrap(), end);
            assert_eq!(r.path(), whole.path(), "case {case} pop {k}");
            assert_eq!(r.cost().to_bits(), whole.cost().to_bits());
            assert_eq!(r.iterations(), total);
            assert_eq!(r.expansions(), whole.expansions());
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} restores");
}

#[test]
fn unreachable_states_are_refused_and_leave_the_search_unchanged() {
    let grid = rooms();
    let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    let mut s = HpaSearch::new();
    let _ = s.try_begin(&h, &grid, 0, 8 * 16 + 15).unwrap();
    let _ = s.step(&h, &grid, 4).unwrap();
    let good = save(&s, &h, &grid);
    let mut target = HpaSearch::new();
    let _ = target.try_begin(&h, &grid, 17, 40).unwrap();
    let _ = target.step(&h, &grid, 2).unwrap();
    let before = save(&target, &h, &grid);
    let mut rng = SplitMix64::new(5);
    let (mut refused, mut accepted) = (0, 0);
    for _ in 0..3000 {
        let mut b = good.clone();
        let at = HEADER_LEN + rng.below((b.len() - HEADER_LEN) as u32) as usize;
        b[at] ^= 1 << rng.below(8);
        reseal(&mut b);
        if target.restore_state(&h, &grid, &b).is_ok() {
            // Accepted: it must be a state the search can finish from.
            accepted += 1;
            let end = target.run(&h, &grid).unwrap();
            assert!(matches!(end, Step::Found | Step::NoPath));
            target.restore_state(&h, &grid, &before).unwrap();
        } else {
            refused += 1;
            assert_eq!(
                save(&target, &h, &grid),
                before,
                "a refusal changed the search"
            );
        }
    }
    assert!(refused > 2500, "{refused} refused, {accepted} accepted");
    // Another hierarchy (chunk 3) and a stale one are refused by name.
    let other = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(3)).unwrap();
    assert_eq!(
        target.restore_state(&other, &grid, &good),
        Err(StateError::InvalidField {
            field: "hpa.hierarchy"
        })
    );
    let mut edited = grid.clone();
    edited.set_area(Cell::new(0, 0), 1).unwrap();
    assert!(matches!(
        target.restore_state(&h, &edited, &good),
        Err(StateError::MapMismatch { .. })
    ));
}
