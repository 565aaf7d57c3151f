//! Target `grid_theta`: the any-angle searches (`onepath::theta::ThetaSearch`, Theta*, Lazy
//! Theta*, LazyRequeue, and tier 1's `GridSearch` with `ThetaStar` / `LazyThetaStar`) on random
//! grids, endpoints, budgets and save/restore points, with damaged snapshots.
//!
//! Input: width and height (1..=16), a configuration byte (variant, weight 1, 1.5 or 0, unit
//! cost 1 or 2.5), a map seed and wall density, start and goal cells (−1 to the side: refusals
//! too); then operations until the input ends: step `k` (1..=32), save and restore into a fresh
//! search, save and restore a snapshot with one byte changed (re-sealed, so payload validation
//! answers).
//!
//! Properties:
//! - nothing panics; a refused begin leaves the search idle;
//! - the search, sliced, saved and restored anywhere, ends exactly as the unsliced run (state,
//!   waypoints, cost bits, iterations, expansions, re-queues, line-of-sight count);
//! - every restored snapshot saves the same bytes again; a refused one changes nothing;
//! - a damaged snapshot that restores runs to an end (bounded pops) and round-trips;
//! - a found path starts and ends at the endpoints, every segment has line of sight, and the
//!   cost is the in-order segment sum;
//! - tier 1 (`GridSearch`, stepped 3 at a time) returns the tier-2 waypoints and cost bits.

use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::theta::{
    EuclideanHeuristic, GridLineOfSight, ThetaSearch, ThetaVariant, waypoint_cost,
};
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch};

use crate::consistent::{self, rules::ThetaRules};
use crate::frame::reseal;
use crate::input::Input;
use onepath::topology::Heuristic;

/// The largest side of the decoded map.
pub const MAX_SIDE: u32 = 16;

type Theta = ThetaSearch<EuclideanHeuristic>;
type Outcome = (Step, Vec<u32>, u64, u32, u32, u32, u64);

fn outcome(s: &Theta) -> Outcome {
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

fn save(s: &Theta, grid: &Grid) -> Vec<u8> {
    let mut b = vec![0u8; s.state_size()];
    let n = s
        .save_state(grid.content_hash(), &mut b)
        .expect("a buffer of state_size bytes");
    assert_eq!(n, b.len(), "save writes state_size bytes");
    b
}

/// The `grid_theta` body: never panics; asserts the properties in the module docs.
pub fn grid_theta(data: &[u8]) {
    let mut input = Input::new(data);
    let (w, h) = (1 + input.below(MAX_SIDE), 1 + input.below(MAX_SIDE));
    let config = input.u8();
    let variant = [
        ThetaVariant::Theta,
        ThetaVariant::Lazy,
        ThetaVariant::LazyRequeue,
    ][usize::from(config % 3)];
    let weight = [1.0, 1.5, 0.0][usize::from(config / 3 % 3)];
    let m = [1.0, 2.5][usize::from(config / 9 % 2)];
    let mut r = SplitMix64::new(u64::from(input.u32()));
    let density = input.below(55);
    let cells = (0..w * h)
        .map(|_| if r.chance(density, 100) { 255 } else { 0 })
        .collect();
    let mut grid = Grid::from_areas(w, h, cells).expect("at most 16 x 16 cells");
    if m != 1.0 {
        for a in 0..255 {
            grid.set_area_cost(a, m)
                .expect("a positive finite multiplier");
        }
    }
    let coordinate = |input: &mut Input<'_>, side: u32| input.below(side + 2) as i32 - 1;
    let start = Cell::new(coordinate(&mut input, w), coordinate(&mut input, h));
    let goal = Cell::new(coordinate(&mut input, w), coordinate(&mut input, h));
    let fresh = || {
        ThetaSearch::new(variant, EuclideanHeuristic::new(w, m))
            .with_weight(weight)
            .expect("a valid weight")
    };
    let mut full = fresh();
    let begun = full.try_begin_cells(&grid, start, goal);
    if begun != Step::InProgress {
        assert_eq!(full.state(), Step::Idle, "a refusal leaves the search idle");
        assert_eq!(full.path_len(), 0);
        return;
    }
    let _ = full.run(&grid);
    let want = outcome(&full);
    check_path(&grid, &full, start, goal);

    let mut s = fresh();
    let _ = s.try_begin_cells(&grid, start, goal);
    let mut ops = 0;
    while !input.is_empty() && ops < 200 {
        ops += 1;
        match input.below(4) {
            0 | 1 => {
                let _ = s.step(&grid, 1 + input.below(32));
            }
            2 => {
                let bytes = save(&s, &grid);
                let mut r = fresh();
                r.restore_state(&grid, &bytes)
                    .expect("a saved state restores");
                assert_eq!(save(&r, &grid), bytes, "restored bytes round-trip");
                s = r;
            }
            _ => {
                let good = save(&s, &grid);
                // A bit flip (odd byte) or the consistent edits of issue 27 (even byte).
                let bytes = if input.u8() % 2 == 1 {
                    let mut bytes = good;
                    let at = 28 + input.u16() as usize % bytes.len().saturating_sub(28).max(1);
                    if at < bytes.len() {
                        bytes[at] ^= 1 << input.below(8);
                    }
                    reseal(&mut bytes);
                    bytes
                } else {
                    let mut heuristic = EuclideanHeuristic::new(w, m);
                    heuristic.set_goal(s.goal().min(w * h - 1));
                    let rules = ThetaRules {
                        grid: &grid,
                        m,
                        weight,
                        heuristic,
                    };
                    consistent::edit_frame(&good, &rules, None, &mut input).0
                };
                // Into a search of its own (a clone of the running one) and into an idle one.
                let mut busy = s.clone();
                let busy_before = save(&busy, &grid);
                let busy_ok = busy.restore_state(&grid, &bytes).is_ok();
                let mut r = fresh();
                let before = outcome(&r);
                if r.restore_state(&grid, &bytes).is_ok() {
                    assert!(busy_ok, "restore depends on what the target held");
                    assert_eq!(save(&r, &grid), bytes, "accepted bytes round-trip");
                    let answer = fresh_answer(&grid, &mut r, &fresh, m);
                    if let Err(e) = answer {
                        assert!(!consistent::proven(6), "after restore: {e}");
                    }
                    if r.state() == Step::Found {
                        assert!(r.path_len() >= 1);
                    }
                } else {
                    assert_eq!(outcome(&r), before, "a refusal changes nothing");
                    assert!(!busy_ok, "restore depends on what the target held");
                    let same = save(&busy, &grid) == busy_before;
                    assert!(
                        same || !consistent::proven(6),
                        "a refused restore changed the target"
                    );
                }
            }
        }
    }
    let _ = s.run(&grid);
    assert_eq!(outcome(&s), want, "sliced and restored = unsliced");

    // Tier 1 runs the same search (Lazy is tier 2 only).
    let alg = match variant {
        ThetaVariant::Theta => GridAlgorithm::ThetaStar,
        ThetaVariant::LazyRequeue => GridAlgorithm::LazyThetaStar,
        ThetaVariant::Lazy => return,
    };
    if m != 1.0 && weight == 0.0 {
        return;
    }
    let o = GridOptions::DEFAULT.with_algorithm(alg).with_weight(weight);
    let mut handle = GridSearch::new(o).expect("valid options");
    assert_eq!(handle.try_begin(&grid, start, goal), Step::InProgress);
    while handle.step(&grid, 3).expect("the same grid") == Step::InProgress {}
    let p = handle.to_path(&grid).expect("the same grid");
    let cells: Vec<Cell> = want.1.iter().map(|&n| grid.cell_of(n)).collect();
    assert_eq!(p.cells, cells, "tier 1 = tier 2 waypoints");
    assert_eq!(p.cost.to_bits(), want.2, "tier 1 = tier 2 cost");
}

/// Runs a restored search to its end (bounded) and checks it against a fresh search from its
/// endpoints: the same status, a found path from start to goal with line of sight on every
/// segment and the reported cost its segment sum (relative 1e-9).
fn fresh_answer(
    grid: &Grid,
    r: &mut Theta,
    fresh: &dyn Fn() -> Theta,
    m: f64,
) -> Result<(), String> {
    let cap = 64 * u64::from(grid.cell_count()) + 4096;
    let mut pops = 0u64;
    while r.state() == Step::InProgress {
        if pops > cap {
            return Err(format!("a restored search runs past {cap} iterations"));
        }
        let _ = r.step(grid, 61);
        pops += 61;
    }
    if r.state() == Step::Idle {
        return Ok(());
    }
    let mut f = fresh();
    let _ = f.try_begin(grid, r.start(), r.goal());
    let _ = f.run(grid);
    if f.state() != r.state() {
        return Err(format!(
            "restored search ends {:?}, a fresh one {:?}",
            r.state(),
            f.state()
        ));
    }
    if r.state() == Step::Found {
        let cells: Vec<Cell> = r.path().iter().map(|&n| grid.cell_of(n)).collect();
        let (a, b) = (grid.cell_of(r.start()), grid.cell_of(r.goal()));
        if cells.first() != Some(&a) || cells.last() != Some(&b) {
            return Err("path does not run from start to goal".into());
        }
        if let Some(w) = cells
            .windows(2)
            .find(|w| !GridLineOfSight::check(grid, w[0], w[1]))
        {
            return Err(format!("segment {w:?} without line of sight"));
        }
        let sum = waypoint_cost(&cells, m);
        if (r.cost() - sum).abs() > 1e-9 * sum.max(1.0) {
            return Err(format!("cost {} vs segment sum {sum}", r.cost()));
        }
    }
    Ok(())
}

fn check_path(grid: &Grid, s: &Theta, start: Cell, goal: Cell) {
    if s.state() != Step::Found {
        assert!(s.cost().is_infinite());
        return;
    }
    let cells: Vec<Cell> = s.path().iter().map(|&n| grid.cell_of(n)).collect();
    assert_eq!(cells.first(), Some(&start));
    assert_eq!(cells.last(), Some(&goal));
    for w in cells.windows(2) {
        assert!(GridLineOfSight::check(grid, w[0], w[1]), "segment {w:?}");
    }
    let m = grid.areas().min_cost();
    assert_eq!(
        s.cost().to_bits(),
        waypoint_cost(&cells, m).to_bits(),
        "cost = in-order segment sum"
    );
}
