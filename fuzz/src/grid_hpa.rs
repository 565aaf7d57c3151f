//! `grid_hpa`: HPA* (`onepath::hpa`) on a grid decoded from the input, under a script of
//! queries, budgets and edits.
//!
//! Input: width and height (1..=24 each), a cell byte per cell (walls where the byte is below
//! 80, areas 0..=2 otherwise), a multiplier for area 1, the chunk side (1..=8), threshold
//! (1..=8), agent size (1..=3) and moves (four, eight without corner cutting, eight without
//! squeezing); then operations until the input ends: a query between two cells with a budget,
//! or an edit (a cell, or area 2's multiplier). Properties:
//!
//! - nothing panics; building never fails for these options;
//! - after every edit, `refresh` gives a hierarchy content-equal (and hash-equal) to a fresh
//!   build, and `check` of a stale hierarchy is refused with `StaleHierarchy`;
//! - a query is found exactly when tier-1 A* with the same moves finds a path; the path starts
//!   and ends right, every step is a legal move (checked here from the grid), the reported
//!   cost is the sum of the moves in path order bit for bit and never below A*'s optimum;
//! - the query sliced with the script's budget equals the unsliced one (path, cost bits,
//!   iterations), with smoothing on and off, and smoothing is never longer.

use onepath::hpa::{HpaConfig, HpaError, HpaHierarchy, HpaSearch};
use onepath::math::SQRT2;
use onepath::search::Step;
use onepath::{Cell, Connectivity, DiagonalRule, Grid, GridOptions, PathStatus};

use crate::input::Input;

const MOVES: [(Connectivity, DiagonalRule); 3] = [
    (Connectivity::Four, DiagonalRule::NoCornerCutting),
    (Connectivity::Eight, DiagonalRule::NoCornerCutting),
    (Connectivity::Eight, DiagonalRule::NoSqueezing),
];

fn area_of(b: u8) -> u8 {
    if b < 80 { 255 } else { b % 3 }
}

/// The cost of `path` checked move by move from the grid, or `None` when a move is illegal.
pub fn price(grid: &Grid, config: &HpaConfig, path: &[u32]) -> Option<f64> {
    let fits = |x: i32, y: i32| grid.can_fit(Cell::new(x, y), config.agent_size);
    let areas = grid.areas();
    let mut cost = 0.0;
    for w in path.windows(2) {
        let (a, b) = (grid.cell_of(w[0]), grid.cell_of(w[1]));
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        if dx.abs() > 1
            || dy.abs() > 1
            || (dx == 0 && dy == 0)
            || !fits(a.x, a.y)
            || !fits(b.x, b.y)
        {
            return None;
        }
        let length = if dx != 0 && dy != 0 {
            if config.connectivity == Connectivity::Four
                || !config.rule.allows(fits(a.x + dx, a.y), fits(a.x, a.y + dy))
            {
                return None;
            }
            SQRT2
        } else {
            1.0
        };
        let m = |c: Cell| areas.get(grid.area(c).unwrap_or(255));
        cost += length * ((m(a) + m(b)) * 0.5);
    }
    Some(cost)
}

fn run(h: &HpaHierarchy, grid: &Grid, s: &mut HpaSearch, a: u32, b: u32, budget: u32) -> Step {
    let mut st = s
        .try_begin(h, grid, a, b)
        .expect("the hierarchy is current");
    while st == Step::InProgress {
        st = s.step(h, grid, budget).expect("the hierarchy is current");
    }
    st
}

/// The target body.
pub fn grid_hpa(data: &[u8]) {
    let mut input = Input::new(data);
    let w = 1 + input.below(24);
    let h = 1 + input.below(24);
    let cells: Vec<u8> = (0..w * h).map(|_| area_of(input.u8())).collect();
    let Ok(mut grid) = Grid::from_areas(w, h, cells) else {
        panic!("a {w} x {h} grid is valid");
    };
    let m1 = [0.5, 1.0, 1.3, 2.0][input.below(4) as usize];
    grid.set_area_cost(1, m1).expect("a valid multiplier");
    let (conn, rule) = MOVES[input.below(3) as usize];
    let config = HpaConfig::DEFAULT
        .with_chunk_size(1 + input.below(8))
        .with_threshold(1 + input.below(8))
        .with_agent_size(1 + input.below(3) as u8)
        .with_moves(conn, rule);
    let mut hier = HpaHierarchy::build(&grid, config).expect("valid options");
    let astar = GridOptions::DEFAULT
        .with_connectivity(conn)
        .with_diagonal_rule(rule)
        .with_agent_size(config.agent_size);
    let mut whole = HpaSearch::new();
    let mut sliced = HpaSearch::new();
    let mut plain = HpaSearch::new();
    plain.set_smoothing(false);
    let n = w * h;
    for _ in 0..64 {
        if input.is_empty() {
            break;
        }
        if input.below(4) == 0 {
            if input.bool() {
                let c = grid.cell_of(input.u16() as u32 % n);
                let area = area_of(input.u8());
                grid.set_area(c, area).expect("inside the grid");
            } else {
                let m = [0.5, 1.0, 3.0][input.below(3) as usize];
                grid.set_area_cost(2, m).expect("a valid multiplier");
            }
            let mut s = HpaSearch::new();
            if grid.revision() != hier.revision() {
                assert!(matches!(
                    s.try_begin(&hier, &grid, 0, 0),
                    Err(HpaError::StaleHierarchy { .. })
                ));
            }
            hier.refresh(&grid);
            let fresh = HpaHierarchy::build(&grid, config).expect("valid options");
            assert!(hier.content_equals(&fresh), "refresh != rebuild");
            assert_eq!(hier.content_hash(), fresh.content_hash());
            continue;
        }
        let a = input.u16() as u32 % n;
        let b = input.u16() as u32 % n;
        let budget_byte = input.u8();
        let budget = 1 + u32::from(budget_byte) % 17;
        let st = run(&hier, &grid, &mut whole, a, b, u32::MAX);
        let st2 = run(&hier, &grid, &mut sliced, a, b, budget);
        assert_eq!(st, st2);
        assert_eq!(whole.path(), sliced.path());
        assert_eq!(whole.cost().to_bits(), sliced.cost().to_bits());
        assert_eq!(whole.iterations(), sliced.iterations());
        let reference = grid
            .find_path(grid.cell_of(a), grid.cell_of(b), &astar)
            .expect("valid options");
        if budget_byte >= 136 {
            // Issue 27: a snapshot of the sliced search, consistently edited (the script
            // derived from the query's bytes), restored; refused atomically or continued to
            // the status a fresh query gives, along legal moves.
            restored_query(
                &hier,
                &grid,
                &config,
                (a, b, budget_byte),
                st,
                reference.cost,
            );
        }
        match st {
            Step::StartInvalid => assert_eq!(reference.status, PathStatus::StartInvalid),
            Step::GoalInvalid => assert_eq!(reference.status, PathStatus::GoalInvalid),
            Step::NoPath => assert_eq!(reference.status, PathStatus::NoPath),
            Step::Found => {
                assert_eq!(reference.status, PathStatus::Found);
                let p = whole.path();
                assert_eq!((p.first(), p.last()), (Some(&a), Some(&b)));
                let priced = price(&grid, &config, p).expect("every move legal");
                assert_eq!(priced.to_bits(), whole.cost().to_bits());
                assert!(priced >= reference.cost * (1.0 - 1e-12));
                assert_eq!(run(&hier, &grid, &mut plain, a, b, budget), Step::Found);
                assert!(
                    whole.cost() <= plain.cost() + 1e-9,
                    "smoothing made it longer"
                );
                assert!(price(&grid, &config, plain.path()).is_some());
            }
            other => panic!("a finished search reports {other:?}"),
        }
    }
}

/// Saves a search of `a → b` after `budget` pops, applies consistent edits, restores the bytes
/// into a search that holds the whole query, and checks the property (asserted once kind 9 is
/// in `PROVEN_KINDS`): a refusal leaves the target's bytes unchanged; an accepted state ends
/// (bounded) with the fresh status `want`, a legal path priced as reported, never below `best`.
fn restored_query(
    hier: &HpaHierarchy,
    grid: &Grid,
    config: &HpaConfig,
    (a, b, byte): (u32, u32, u8),
    want: Step,
    best: f64,
) {
    use crate::consistent::{edit_frame, proven, rules::HpaRules};
    let save = |s: &HpaSearch| {
        let mut out = vec![0u8; s.state_size()];
        s.save_state(hier, grid, &mut out).expect("sized");
        out
    };
    let mut s = HpaSearch::new();
    if s.try_begin(hier, grid, a, b).is_err() || s.state() != Step::InProgress {
        return;
    }
    let _ = s.step(hier, grid, 1 + u32::from(byte) % 9);
    let good = save(&s);
    let mut r =
        onepath::math::SplitMix64::new(u64::from(a) << 40 | u64::from(b) << 8 | u64::from(byte));
    let script: Vec<u8> = (0..24).map(|_| r.below(256) as u8).collect();
    let rules = HpaRules::new(hier, grid, a, b);
    let bytes = edit_frame(&good, &rules, None, &mut Input::new(&script)).0;
    let mut t = s.clone();
    let _ = run(hier, grid, &mut t, b, a, 64);
    let before = save(&t);
    if t.restore_state(hier, grid, &bytes).is_err() {
        assert!(
            save(&t) == before || !proven(9),
            "a refused restore changed the target"
        );
        return;
    }
    let cap = 64 * u64::from(grid.cell_count()) + 4096;
    let mut pops = 0u64;
    let mut problem = None;
    while t.state() == Step::InProgress {
        if pops > cap {
            problem = Some(format!("a restored search runs past {cap} pops"));
            break;
        }
        let _ = t.step(hier, grid, 61);
        pops += 61;
    }
    if problem.is_none() && t.state() != want {
        problem = Some(format!(
            "restored search ends {:?}, a fresh one {want:?}",
            t.state()
        ));
    }
    if problem.is_none() && t.state() == Step::Found {
        let p = t.path();
        match price(grid, config, p) {
            None => problem = Some("a path step is not a legal move".into()),
            Some(c) if (c - t.cost()).abs() > 1e-9 * c.max(1.0) || c < best * (1.0 - 1e-12) => {
                problem = Some(format!("cost {}, path sum {c}, optimum {best}", t.cost()));
            }
            Some(_) if p.first() != Some(&a) || p.last() != Some(&b) => {
                problem = Some("path does not run from start to goal".into());
            }
            Some(_) => {}
        }
    }
    if let Some(m) = problem {
        assert!(!proven(9), "kind 9 after restore: {m}");
    }
}
