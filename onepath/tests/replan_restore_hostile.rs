//! Replanner snapshots (kind 8) the `snapshot_restore` fuzz target found wrongly handled:
//! an idle state with counts was accepted (and saved back otherwise), and a state refused by
//! the late check (`replan.state`, which leaves the engine idle) left a replanner that
//! answered `NoPath` from then on.

use onepath::state::{Fnv1a64, HEADER_LEN, StateError};
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridReplanner, PathStatus};

/// Payload offsets: the state byte and the iteration count.
const STATE_AT: usize = 21;
const ITERATIONS_AT: usize = 22;

fn grid() -> Grid {
    Grid::from_text(
        "........\n\
         ..####..\n\
         ........\n\
         .####...\n\
         ........",
    )
    .unwrap()
}

fn save(unit: &mut GridReplanner, grid: &Grid) -> Vec<u8> {
    let mut out = vec![0; unit.state_size(grid)];
    unit.save_state(grid, &mut out).unwrap();
    out
}

/// Sets payload byte `at` and repairs the checksum, so payload validation answers.
fn damaged(bytes: &[u8], at: usize, value: u8) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[HEADER_LEN + at] = value;
    let sum = Fnv1a64::of(&b[HEADER_LEN..]);
    b[20..28].copy_from_slice(&sum.to_le_bytes());
    b
}

#[test]
fn an_idle_snapshot_with_counts_is_refused() {
    let grid = grid();
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        let options = GridOptions::DEFAULT.with_algorithm(alg);
        let mut unit = grid
            .create_replanner(Cell::new(0, 0), Cell::new(7, 4), &options)
            .unwrap();
        let idle = save(&mut unit, &grid);
        assert_eq!(unit.restore_state(&grid, &idle), Ok(()));
        let bad = damaged(&idle, ITERATIONS_AT, 42);
        assert_eq!(
            unit.restore_state(&grid, &bad),
            Err(StateError::InvalidField {
                field: "replan.idle"
            }),
            "{alg:?}"
        );
        assert_eq!(save(&mut unit, &grid), idle, "{alg:?}: refused, unchanged");
    }
}

#[test]
fn a_replanner_recovers_after_a_restore_refused_by_the_late_check() {
    let grid = grid();
    let want = grid
        .find_path(Cell::new(0, 0), Cell::new(7, 4), &GridOptions::DEFAULT)
        .unwrap();
    assert_eq!(want.status, PathStatus::Found);
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        let options = GridOptions::DEFAULT.with_algorithm(alg);
        let mut unit = grid
            .create_replanner(Cell::new(0, 0), Cell::new(7, 4), &options)
            .unwrap();
        assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
        let found = save(&mut unit, &grid);
        assert_eq!(found[HEADER_LEN + STATE_AT], 2, "the state byte (found)");
        // "No path" while the goal's cost is finite: only the late check can see it.
        let bad = damaged(&found, STATE_AT, 3);
        assert_eq!(
            unit.restore_state(&grid, &bad),
            Err(StateError::InvalidField {
                field: "replan.state"
            }),
            "{alg:?}"
        );
        assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found, "{alg:?}");
        assert_eq!(unit.cost(), want.cost, "{alg:?}");
        assert_eq!(unit.path().first(), Some(&Cell::new(0, 0)));
        assert_eq!(unit.path().last(), Some(&Cell::new(7, 4)));
    }
}
