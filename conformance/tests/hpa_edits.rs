//! HPA* hierarchies follow grid edits (spec: grids.md, "HPA*", "Incremental update"): after
//! every random batch of cell, rectangle and area-cost edits, `refresh` from the journal gives
//! a hierarchy content-equal (and content-hash equal) to a full build on the edited grid, for
//! agent sizes 1-3, chunk sides 2-7, thresholds 1-8 and all supported move sets; queries on the
//! refreshed hierarchy equal queries on the rebuilt one. A batch longer than the journal
//! (which makes `refresh` rebuild) is included.

mod common;

use common::{base_seed, grids_per_variant, square_grid};
use conformance::r#gen::{self, CostMode, GenOptions};
use conformance::rng::SplitMix64;
use onepath::grid::EditJournal;
use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
use onepath::search::Step;
use onepath::{Cell, Connectivity, DiagonalRule, Grid};

const MOVES: [(Connectivity, DiagonalRule); 3] = [
    (Connectivity::Four, DiagonalRule::NoCornerCutting),
    (Connectivity::Eight, DiagonalRule::NoCornerCutting),
    (Connectivity::Eight, DiagonalRule::NoSqueezing),
];

fn edit(rng: &mut SplitMix64, grid: &mut Grid) {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    let area = *rng.pick(&[0u8, 0, 1, 2, 255, 255]);
    match rng.below(30) {
        0 => {
            let m = *rng.pick(&[0.5, 1.0, 1.3, 2.0, 3.25]);
            grid.set_area_cost(area.min(2), m).unwrap();
        }
        1..=9 => {
            let (x, y) = (rng.range_i32(0, w - 1), rng.range_i32(0, h - 1));
            let rw = 1 + rng.below(3) as u32;
            let rh = 1 + rng.below(3) as u32;
            let rw = rw.min((w - x) as u32);
            let rh = rh.min((h - y) as u32);
            grid.set_rect(x, y, rw, rh, area).unwrap();
        }
        _ => {
            let (x, y) = (rng.range_i32(0, w - 1), rng.range_i32(0, h - 1));
            grid.set_area(Cell::new(x, y), area).unwrap();
        }
    }
}

#[test]
fn refresh_after_edit_batches_equals_a_rebuild() {
    let grids = grids_per_variant(2000);
    let mut rng = SplitMix64::new(base_seed() ^ 0x4850_4145);
    let (mut batches, mut compared) = (0u64, 0u64);
    let mut a = HpaSearch::new();
    let mut b = HpaSearch::new();
    for g in 0..grids {
        let mode = *rng.pick(&[CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed]);
        let mut opts = GenOptions::new(mode);
        opts.min_side = 2;
        opts.max_side = 20;
        let case = r#gen::square_case(&mut rng, &opts);
        let mut grid = square_grid(&case);
        let (conn, rule) = *rng.pick(&MOVES);
        let config = HpaConfig::DEFAULT
            .with_chunk_size(2 + rng.below(6) as u32)
            .with_threshold(1 + rng.below(8) as u32)
            .with_agent_size(1 + rng.below(3) as u8)
            .with_moves(conn, rule);
        let mut h = HpaHierarchy::build(&grid, config).unwrap();
        for batch in 0..4 {
            let n = if batch == 3 && g % 16 == 0 {
                EditJournal::CAPACITY + 5
            } else {
                1 + rng.below(6) as usize
            };
            for _ in 0..n {
                edit(&mut rng, &mut grid);
            }
            assert!(!h.is_current(&grid) || n == 0 || grid.revision() == h.revision());
            h.refresh(&grid);
            assert!(h.is_current(&grid));
            let fresh = HpaHierarchy::build(&grid, config).unwrap();
            assert!(
                h.content_equals(&fresh),
                "grid {g} batch {batch}: refreshed != rebuilt for {config:?}"
            );
            assert_eq!(
                h.content_hash(),
                fresh.content_hash(),
                "grid {g} batch {batch}"
            );
            batches += 1;
            let cells = grid.cell_count();
            for _ in 0..3 {
                let s = rng.below(u64::from(cells)) as u32;
                let t = rng.below(u64::from(cells)) as u32;
                let ra = a.try_begin(&h, &grid, s, t).unwrap();
                let rb = b.try_begin(&fresh, &grid, s, t).unwrap();
                assert_eq!(ra, rb);
                if ra == Step::InProgress {
                    assert_eq!(a.run(&h, &grid), b.run(&fresh, &grid));
                    assert_eq!(a.path(), b.path());
                    assert_eq!(a.cost().to_bits(), b.cost().to_bits());
                    assert_eq!(a.iterations(), b.iterations());
                    compared += 1;
                }
            }
        }
    }
    println!(
        "hpa edits: {grids} grids, {batches} batches equal a rebuild, {compared} queries equal"
    );
}

#[test]
fn a_stale_hierarchy_is_refused_with_both_revisions() {
    let mut grid = Grid::from_text("....\n....").unwrap();
    let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(2)).unwrap();
    let before = h.revision();
    grid.set_area(Cell::new(1, 1), 255).unwrap();
    let mut s = HpaSearch::new();
    let err = s.try_begin(&h, &grid, 0, 3).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "the HPA* hierarchy is at grid revision {before} but the grid is at {}: call \
             refresh first",
            grid.revision()
        )
    );
}
