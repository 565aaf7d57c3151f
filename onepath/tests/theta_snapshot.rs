//! Snapshot kind 6 (`ThetaSearch`): pinned bytes, restored = never-stopped at every pop for
//! every variant, canonical bytes (a restored search writes what the saved one wrote), and
//! hostile bytes (every single-byte change with a fixed-up checksum is refused or leads to a
//! search that still runs to an end without a panic).
//! Regenerate the pinned file deliberately with
//! `ONEPATH_BLESS_PINNED=1 cargo test -p onepath --test theta_snapshot`.

mod common;

use common::pinned::hex;

use std::path::PathBuf;

use common::random_grid;
use onepath::Grid;
use onepath::search::Step;
use onepath::state::{Fnv1a64, StateError};
use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};

const VARIANTS: [ThetaVariant; 3] = [
    ThetaVariant::Theta,
    ThetaVariant::Lazy,
    ThetaVariant::LazyRequeue,
];

fn search(grid: &Grid, v: ThetaVariant) -> ThetaSearch<EuclideanHeuristic> {
    ThetaSearch::new(
        v,
        EuclideanHeuristic::new(grid.width(), grid.areas().min_cost()),
    )
}

fn save(s: &ThetaSearch<EuclideanHeuristic>, grid: &Grid) -> Vec<u8> {
    let mut b = vec![0u8; s.state_size()];
    let n = s.save_state(grid.content_hash(), &mut b).unwrap();
    assert_eq!(n, b.len());
    b
}

type Outcome = (Step, Vec<u32>, u64, u32, u32, u32, u64);

fn outcome(s: &ThetaSearch<EuclideanHeuristic>) -> Outcome {
    (
        s.state(),
        s.path(),
        s.cost().to_bits(),
        s.iterations(),
        s.expansions(),
        s.requeues(),
        s.los_checks(),
    )
}

#[test]
fn pinned_bytes_of_kind_6() {
    let grid = Grid::from_text("......\n..##..\n.#....").unwrap();
    let mut s = search(&grid, ThetaVariant::LazyRequeue);
    s.set_record_expansions(true);
    s.set_record_trace(true);
    let _ = s.try_begin(&grid, 0, 17);
    let _ = s.step(&grid, 4);
    let bytes = save(&s, &grid);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/pinned/theta.hex");
    if std::env::var_os("ONEPATH_BLESS_PINNED").is_some() {
        std::fs::write(&path, hex(&bytes)).unwrap();
    }
    let committed = std::fs::read_to_string(&path).expect("tests/pinned/theta.hex");
    assert_eq!(
        hex(&bytes),
        committed,
        "kind 6 bytes changed: a format change"
    );
    assert_eq!(u16::from_le_bytes([bytes[6], bytes[7]]), 6);
    let mut back = search(&grid, ThetaVariant::Theta);
    back.restore_state(&grid, &bytes).unwrap();
    assert_eq!(back.variant(), ThetaVariant::LazyRequeue);
    assert_eq!(save(&back, &grid), bytes);
}

#[test]
fn restored_equals_never_stopped_at_every_pop() {
    let mut checked = 0;
    for seed in 0..60u64 {
        let (w, h) = (5 + (seed % 9) as u32, 4 + (seed % 7) as u32);
        let mut grid = random_grid(seed, w, h, 25, false);
        if seed % 3 == 0 {
            for a in 0..255u8 {
                grid.set_area_cost(a, 2.5).unwrap();
            }
        }
        let open: Vec<u32> = (0..grid.cell_count())
            .filter(|&i| grid.cells()[i as usize] != 255)
            .collect();
        if open.len() < 2 {
            continue;
        }
        let (a, b) = (open[0], open[open.len() - 1]);
        for v in VARIANTS {
            let mut full = search(&grid, v);
            full.set_record_expansions(seed % 2 == 0);
            let _ = full.try_begin(&grid, a, b);
            let _ = full.run(&grid);
            let want = outcome(&full);
            let mut k = 0;
            loop {
                let mut s = search(&grid, v);
                s.set_record_expansions(seed % 2 == 0);
                let _ = s.try_begin(&grid, a, b);
                let _ = s.step(&grid, k);
                let bytes = save(&s, &grid);
                let mut r = search(&grid, ThetaVariant::Theta);
                r.restore_state(&grid, &bytes)
                    .unwrap_or_else(|e| panic!("seed {seed} {v:?} pop {k}: {e}"));
                assert_eq!(
                    save(&r, &grid),
                    bytes,
                    "canonical bytes, seed {seed} {v:?} {k}"
                );
                let stopped = s.state() != Step::InProgress;
                let _ = r.run(&grid);
                let _ = s.run(&grid);
                assert_eq!(outcome(&r), want, "seed {seed} {v:?} pop {k}");
                assert_eq!(outcome(&s), want);
                checked += 1;
                if stopped {
                    break;
                }
                k += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn idle_round_trip_and_wrong_grid() {
    let grid = Grid::new(4, 4).unwrap();
    let s = search(&grid, ThetaVariant::Lazy);
    let bytes = save(&s, &grid);
    let mut r = search(&grid, ThetaVariant::Theta);
    r.restore_state(&grid, &bytes).unwrap();
    assert_eq!(r.state(), Step::Idle);
    let other = Grid::new(4, 5).unwrap();
    assert!(matches!(
        r.restore_state(&other, &bytes),
        Err(StateError::MapMismatch { .. })
    ));
}

fn refresh_checksum(b: &mut [u8]) {
    let sum = Fnv1a64::of(&b[28..]);
    b[20..28].copy_from_slice(&sum.to_le_bytes());
}

#[test]
fn hostile_single_byte_changes_never_panic_and_accepted_states_run() {
    let grid = random_grid(7, 9, 7, 25, false);
    let open: Vec<u32> = (0..grid.cell_count())
        .filter(|&i| grid.cells()[i as usize] != 255)
        .collect();
    let (a, b) = (open[0], open[open.len() - 1]);
    let (mut accepted, mut refused) = (0, 0);
    for v in VARIANTS {
        for k in [0u32, 1, 3, 8, 20] {
            let mut s = search(&grid, v);
            let _ = s.try_begin(&grid, a, b);
            let _ = s.step(&grid, k);
            let bytes = save(&s, &grid);
            for i in 28..bytes.len() {
                for delta in [1u8, 0x80, 0xff] {
                    let mut m = bytes.clone();
                    m[i] = m[i].wrapping_add(delta);
                    refresh_checksum(&mut m);
                    let mut r = search(&grid, ThetaVariant::Theta);
                    let before = outcome(&r);
                    if r.restore_state(&grid, &m).is_ok() {
                        accepted += 1;
                        assert_eq!(save(&r, &grid), m, "accepted bytes round-trip");
                        let _ = r.run(&grid);
                        if r.state() == Step::Found {
                            assert!(r.path_len() >= 1);
                        }
                    } else {
                        refused += 1;
                        assert_eq!(outcome(&r), before, "a refusal changes nothing");
                    }
                }
            }
        }
    }
    assert!(refused > accepted, "{refused} refused, {accepted} accepted");
}
