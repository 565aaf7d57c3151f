//! Issue 28 item 7 (part): a replanner's `status()` before its first replan is
//! `PathStatus::NotStarted`, not `BudgetExhausted` (no budget ran out); after a budgeted
//! replan that stops early it is `BudgetExhausted`, and a restore of a state saved before the
//! first replan says `NotStarted` again. Square and hex grids.

use onepath::{Cell, Grid, GridAlgorithm, GridOptions, HexGrid, HexLayout, PathStatus};

#[test]
fn square_replanner_status_before_first_replan() {
    let grid = Grid::new(8, 8).unwrap();
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        let options = GridOptions::DEFAULT.with_algorithm(alg);
        let mut unit = grid
            .create_replanner(Cell::new(0, 0), Cell::new(7, 7), &options)
            .unwrap();
        assert_eq!(unit.status(), PathStatus::NotStarted, "{alg:?}");
        assert!(unit.path().is_empty());
        let mut fresh = vec![0u8; unit.state_size(&grid)];
        unit.save_state(&grid, &mut fresh).unwrap();
        assert_eq!(
            unit.try_replan(&grid, 1).unwrap(),
            PathStatus::BudgetExhausted
        );
        assert_eq!(unit.status(), PathStatus::BudgetExhausted);
        assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
        assert_eq!(unit.status(), PathStatus::Found);
        unit.restore_state(&grid, &fresh).unwrap();
        assert_eq!(
            unit.status(),
            PathStatus::NotStarted,
            "{alg:?} after restore"
        );
    }
}

#[test]
fn hex_replanner_status_before_first_replan() {
    let grid = HexGrid::new(6, 6, HexLayout::PointyOddRow).unwrap();
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        let options = GridOptions::DEFAULT.with_algorithm(alg);
        let mut unit = grid
            .create_replanner(Cell::new(0, 0), Cell::new(5, 5), &options)
            .unwrap();
        assert_eq!(unit.status(), PathStatus::NotStarted, "{alg:?}");
        assert_eq!(
            unit.try_replan(&grid, 1).unwrap(),
            PathStatus::BudgetExhausted
        );
        assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
        assert_eq!(unit.status(), PathStatus::Found);
    }
}
