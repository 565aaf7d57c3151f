//! `GridLineOfSight` against the independent segment-versus-closed-square test
//! (`conformance::theta_ref`), spec: grids.md, “Any-angle verification”: 3,000 grids up to
//! 16 × 16 with 60 pairs each and 300 grids up to 40 × 40, both directions, pairs drawn among
//! all cells (walls and a few outside cells included).

use conformance::r#gen::{self, CostMode, GenOptions, GridCase};
use conformance::rng::SplitMix64;
use conformance::theta_ref;
use onepath::theta::GridLineOfSight;
use onepath::{Cell, Grid};

fn grid_of(case: &GridCase) -> Grid {
    Grid::from_areas(case.width as u32, case.height as u32, case.cells.clone()).unwrap()
}

/// A cell of the grid or, one time in twenty, one just outside it.
fn any_cell(rng: &mut SplitMix64, case: &GridCase) -> (i64, i64) {
    let x = rng.range_i32(-1, case.width);
    let y = rng.range_i32(-1, case.height);
    if rng.below(20) == 0 {
        (i64::from(x), i64::from(y))
    } else {
        let (x, y) = (x.clamp(0, case.width - 1), y.clamp(0, case.height - 1));
        (i64::from(x), i64::from(y))
    }
}

/// A walkable cell (or any cell when the grid has none).
fn open_cell(rng: &mut SplitMix64, case: &GridCase) -> (i64, i64) {
    let (x, y) = r#gen::endpoint(rng, case);
    (i64::from(x), i64::from(y))
}

fn check_grids(seed: u64, grids: u64, max_side: i32, pairs: usize) -> (u64, u64) {
    let mut rng = SplitMix64::new(seed);
    let opts = GenOptions {
        min_side: 1,
        max_side,
        cost_mode: CostMode::Uniform,
        shape: None,
    };
    let (mut seen, mut blocked) = (0u64, 0u64);
    for g in 0..grids {
        let case = r#gen::square_case(&mut rng, &opts);
        let grid = grid_of(&case);
        for p in 0..pairs {
            // Half the pairs between walkable cells (where the interesting answers are).
            let (a, b) = if p % 2 == 0 {
                (open_cell(&mut rng, &case), open_cell(&mut rng, &case))
            } else {
                (any_cell(&mut rng, &case), any_cell(&mut rng, &case))
            };
            let want = theta_ref::line_of_sight(case.width, case.height, &case.cells, a, b);
            let ca = Cell::new(a.0 as i32, a.1 as i32);
            let cb = Cell::new(b.0 as i32, b.1 as i32);
            let got = GridLineOfSight::check(&grid, ca, cb);
            let back = GridLineOfSight::check(&grid, cb, ca);
            assert_eq!(
                (got, back),
                (want, want),
                "grid {g} (seed {seed}) {a:?} -> {b:?}:\n{}",
                case.picture()
            );
            seen += 1;
            blocked += u64::from(!want);
        }
    }
    (seen, blocked)
}

#[test]
fn line_of_sight_equals_the_exact_test_on_small_grids() {
    let (seen, blocked) = check_grids(0x7E7A_0001, 3_000, 16, 60);
    assert_eq!(seen, 180_000);
    // Both answers occur often (the check is not vacuous).
    assert!(
        blocked > seen / 10 && blocked < seen * 9 / 10,
        "{blocked} of {seen}"
    );
}

#[test]
fn line_of_sight_equals_the_exact_test_on_grids_up_to_40() {
    let (seen, blocked) = check_grids(0x7E7A_0002, 300, 40, 60);
    assert!(
        blocked > seen / 10 && blocked < seen * 9 / 10,
        "{blocked} of {seen}"
    );
}

#[test]
fn every_pair_on_a_few_grids() {
    // Exhaustive over all ordered pairs of cells (and one ring outside) of 40 grids up to 9 × 9.
    let mut rng = SplitMix64::new(0x7E7A_0003);
    let opts = GenOptions {
        min_side: 1,
        max_side: 9,
        cost_mode: CostMode::Uniform,
        shape: None,
    };
    for g in 0..40 {
        let case = r#gen::square_case(&mut rng, &opts);
        let grid = grid_of(&case);
        for ay in -1..=case.height {
            for ax in -1..=case.width {
                for by in -1..=case.height {
                    for bx in -1..=case.width {
                        let (a, b) = (
                            (i64::from(ax), i64::from(ay)),
                            (i64::from(bx), i64::from(by)),
                        );
                        let want =
                            theta_ref::line_of_sight(case.width, case.height, &case.cells, a, b);
                        let got =
                            GridLineOfSight::check(&grid, Cell::new(ax, ay), Cell::new(bx, by));
                        assert_eq!(got, want, "grid {g} {a:?} -> {b:?}:\n{}", case.picture());
                    }
                }
            }
        }
    }
}
