//! Snapshots are a function of the search's logical state (format version 2,
//! docs/snapshot-format.md, "The open list rule"): two searches that reach the same state by
//! different histories save identical bytes at every later step.
//!
//! The histories: a search that never stopped; one restored from its snapshot into a fresh
//! handle (its open list rebuilt from the pop-order list, so its heap has another layout and,
//! for kind 5, entries on the level sit on the stack rather than in the heap); and one
//! restored into a handle that first ran a search of its own on a larger map (buffers sized,
//! positions and generations left over). They are stepped in lockstep and compared byte for
//! byte after every step, for every kind: 3 nesting 2 (generic A*, JPS, JPS+), 4 and 5 (JPS,
//! JPS+), and 5 with improved pruning on the engine directly.

mod common;

use common::{option_variants, random_grid};
use onepath::fast::{BitFinder, OctileJump, OctileMap, TableFinder};
use onepath::jps::JpsPlusIndex;
use onepath::{Cell, Grid, GridOptions, GridSearch, Step};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

fn save(s: &GridSearch, g: &Grid) -> Vec<u8> {
    let mut b = vec![0; s.state_size()];
    assert_eq!(s.save_state(g, &mut b), Ok(b.len()));
    b
}

fn pick(g: &Grid, r: u64, size: u8) -> Option<Cell> {
    let n = g.cell_count();
    (0..n)
        .map(|i| g.cell_of((r as u32).wrapping_add(i) % n))
        .find(|&c| g.can_fit(c, size))
}

/// A handle that has run a search of its own on a larger map first.
fn used_handle(options: GridOptions, seed: u64) -> GridSearch {
    let big = random_grid(seed ^ 0x5eed, 30, 30, 10, false);
    let mut h = GridSearch::new(options).unwrap();
    if let Some((s, g)) = common::far_endpoints(&big, options.agent_size) {
        let _ = h.try_begin(&big, s, g);
        let _ = h.step(&big, 40).unwrap();
    }
    h
}

#[allow(clippy::too_many_arguments)] // mirrors the proptest strategy tuple
fn handles_in_lockstep(seed: u64, w: u32, h: u32, wall: u32, variant: usize, k: u32, areas: bool) {
    let grid = random_grid(seed, w, h, wall, areas);
    let variants = option_variants();
    let options = variants[variant % variants.len()];
    let (Some(s), Some(t)) = (
        pick(&grid, seed, options.agent_size),
        pick(&grid, seed / 7 + 13, options.agent_size),
    ) else {
        return;
    };
    let mut never_stopped = GridSearch::new(options).unwrap();
    if never_stopped.try_begin(&grid, s, t) != Step::InProgress {
        return;
    }
    let _ = never_stopped.step(&grid, k).unwrap();
    let saved = save(&never_stopped, &grid);
    let mut fresh = GridSearch::new(GridOptions::FOUR_CONNECTED).unwrap();
    fresh.restore_state(&grid, &saved).unwrap();
    let mut reused = used_handle(options, seed);
    reused.restore_state(&grid, &saved).unwrap();
    let mut steps = 0u32;
    loop {
        let bytes = save(&never_stopped, &grid);
        assert_eq!(
            save(&fresh, &grid),
            bytes,
            "fresh restore, {steps} steps after"
        );
        assert_eq!(
            save(&reused, &grid),
            bytes,
            "reused handle, {steps} steps after"
        );
        if never_stopped.state() != Step::InProgress {
            assert_eq!(fresh.state(), never_stopped.state());
            break;
        }
        let st = never_stopped.step(&grid, 1).unwrap();
        assert_eq!(fresh.step(&grid, 1).unwrap(), st);
        assert_eq!(reused.step(&grid, 1).unwrap(), st);
        steps += 1;
    }
}

/// The jump engines directly, improved pruning on or off, bit scans or tables.
fn jump_in_lockstep(seed: u64, w: u32, h: u32, wall: u32, k: u32, improved: bool, tables: bool) {
    let grid = random_grid(seed, w, h, wall, false);
    let (Some(s), Some(t)) = (pick(&grid, seed, 1), pick(&grid, seed / 7 + 13, 1)) else {
        return;
    };
    let (s, t) = (grid.index_of(s).unwrap(), grid.index_of(t).unwrap());
    if tables {
        let maps = JpsPlusIndex::new(&grid).unwrap();
        let make = || OctileJump::<TableFinder>::with_improved_pruning(improved);
        lockstep_engines(
            &grid,
            make,
            |e| e.try_begin(&grid, &maps, s, t),
            |e| e.step(&maps, 1),
            k,
        );
    } else {
        let maps = OctileMap::new(&grid);
        let make = || OctileJump::<BitFinder>::with_improved_pruning(improved);
        lockstep_engines(
            &grid,
            make,
            |e| e.try_begin(&grid, &maps, s, t),
            |e| e.step(&maps, 1),
            k,
        );
    }
}

/// Some of the methods the two jump engines share, for [`lockstep_engines`].
trait Jump {
    fn save(&self, g: &Grid) -> Vec<u8>;
    fn restore(&mut self, g: &Grid, b: &[u8]);
    fn state(&self) -> Step;
}

macro_rules! jump {
    ($finder:ty) => {
        impl Jump for OctileJump<$finder> {
            fn save(&self, g: &Grid) -> Vec<u8> {
                let mut b = vec![0; self.state_size()];
                assert_eq!(self.save_state(g, &mut b), Ok(b.len()));
                b
            }
            fn restore(&mut self, g: &Grid, b: &[u8]) {
                self.restore_state(g, b).unwrap();
            }
            fn state(&self) -> Step {
                OctileJump::state(self)
            }
        }
    };
}
jump!(BitFinder);
jump!(TableFinder);

fn lockstep_engines<E: Jump>(
    grid: &Grid,
    make: impl Fn() -> E,
    begin: impl Fn(&mut E) -> Step,
    step: impl Fn(&mut E) -> Step,
    k: u32,
) {
    let mut never_stopped = make();
    if begin(&mut never_stopped) != Step::InProgress {
        return;
    }
    for _ in 0..k {
        if step(&mut never_stopped) != Step::InProgress {
            break;
        }
    }
    let mut restored = make();
    restored.restore(grid, &never_stopped.save(grid));
    loop {
        assert_eq!(restored.save(grid), never_stopped.save(grid));
        if never_stopped.state() != Step::InProgress {
            break;
        }
        assert_eq!(step(&mut restored), step(&mut never_stopped));
    }
}

proptest! {
    #![proptest_config(Config {
        cases: 200,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    })]

    #[test]
    fn handles_reaching_one_state_by_different_histories_save_the_same_bytes(
        seed in any::<u64>(),
        w in 1u32..20,
        h in 1u32..20,
        wall in 0u32..40,
        variant in 0usize..12,
        k in 0u32..60,
        areas in any::<bool>(),
    ) {
        handles_in_lockstep(seed, w, h, wall, variant, k, areas);
    }

    #[test]
    fn jump_engines_reaching_one_state_by_different_histories_save_the_same_bytes(
        seed in any::<u64>(),
        w in 1u32..24,
        h in 1u32..24,
        wall in 0u32..40,
        k in 0u32..40,
        improved in any::<bool>(),
        tables in any::<bool>(),
    ) {
        jump_in_lockstep(seed, w, h, wall, k, improved, tables);
    }
}
