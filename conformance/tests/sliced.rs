//! Resumable searches: sliced equals unsliced, reused equals fresh (proptest, regressions kept in
//! `conformance/proptest-regressions/sliced.txt`).
//!
//! * For budgets 1..=50 (one budget repeated, or a random sequence of budgets), driving
//!   `AStar::step(topology, budget)` until it stops gives the same state, path, cost bits,
//!   iteration and expansion counts and expansion order as `run`, on square (all movements,
//!   agent sizes 1-3, area costs, hooks) and hex grids; every `InProgress` answer comes after
//!   exactly `budget` more iterations.
//! * One `AStar` (and one `SearchBuffers` handed from search to search) reused across many
//!   searches on grids of different sizes, including searches abandoned half way and refused
//!   `try_begin` calls in the middle of a running search, answers exactly as fresh ones.
//! * Tier 1 `iteration_budget`: a found query that needs `k` iterations gives `BudgetExhausted`
//!   after `k - 1` and the same answer with `k`.
//!
//! `ONEPATH_CONFORMANCE_SCALE=N` multiplies the number of proptest cases (256 in release, 64 in
//! debug).

mod common;

use common::{cell, hex_grid, min_multiplier, square_grid};
use conformance::r#gen::{self, CostMode, GenOptions, GridCase};
use conformance::rng::SplitMix64;
use onepath::grid::SquareTopology;
use onepath::hex::HexDistanceHeuristic;
use onepath::hex::HexTopology;
use onepath::search::{AStar, SearchBuffers, Step};
use onepath::topology::{
    DefaultStepCost, Filtered, FnStepCost, Heuristic, ManhattanHeuristic, OctileHeuristic,
    StepCost, Topology, ZeroHeuristic,
};
use onepath::{Connectivity, DiagonalRule, GridOptions, PathStatus};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn config() -> ProptestConfig {
    let cases = if cfg!(debug_assertions) { 64 } else { 256 };
    ProptestConfig {
        cases: cases * common::scale() as u32,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/proptest-regressions/sliced.txt"
        )))),
        ..ProptestConfig::default()
    }
}

/// Everything a search leaves behind that slicing or reuse must not change.
#[derive(Clone, Debug, PartialEq)]
struct Outcome {
    state: Step,
    path: Vec<u32>,
    cost_bits: u64,
    iterations: u32,
    expansions: u32,
    expanded: Vec<u32>,
}

/// The outcome of a search whose last answer (from `try_begin`, `step` or `run`) was `state`
/// (a refused `try_begin` leaves the search's own state alone, so it is passed in).
fn outcome<C: StepCost, H: Heuristic>(s: &AStar<C, H>, state: Step) -> Outcome {
    let mut path = vec![0; s.path_len()];
    let n = s.copy_path(&mut path).expect("sized by path_len");
    assert_eq!(n, path.len());
    if !path.is_empty() {
        // A buffer one too short is refused without writing.
        let mut short = vec![u32::MAX; path.len() - 1];
        assert_eq!(s.copy_path(&mut short), None);
        assert!(short.iter().all(|&v| v == u32::MAX));
    }
    Outcome {
        state,
        path,
        cost_bits: s.cost().to_bits(),
        iterations: s.iterations(),
        expansions: s.expansions(),
        expanded: s.buffers().expanded_nodes().to_vec(),
    }
}

/// Unsliced: `try_begin` then `run`, on a fresh search.
fn unsliced<T: Topology, C: StepCost, H: Heuristic>(t: &T, c: C, h: H, s: u32, g: u32) -> Outcome {
    let mut a = AStar::new(c, h);
    a.set_record_expansions(true);
    let mut state = a.try_begin(t, s, g);
    if state == Step::InProgress {
        state = a.run(t);
    }
    outcome(&a, state)
}

/// Sliced: `step` with the budgets in turn (cycled) until done; checks that every `InProgress`
/// comes after exactly `budget` more iterations.
fn sliced<T: Topology, C: StepCost, H: Heuristic>(
    t: &T,
    c: C,
    h: H,
    (s, g): (u32, u32),
    budgets: &[u32],
) -> Result<Outcome, TestCaseError> {
    let mut a = AStar::new(c, h);
    a.set_record_expansions(true);
    let mut state = a.try_begin(t, s, g);
    if state == Step::InProgress {
        for &b in budgets.iter().cycle() {
            let before = a.iterations();
            let st = a.step(t, b);
            state = st;
            prop_assert!(a.iterations() - before <= b, "more than the budget");
            if st == Step::InProgress {
                prop_assert_eq!(
                    a.iterations() - before,
                    b,
                    "InProgress before the budget ran out"
                );
            } else {
                // Calling again after the end changes nothing.
                prop_assert_eq!(a.step(t, b), st);
                break;
            }
        }
    }
    Ok(outcome(&a, state))
}

/// A generated square query: grid, movement, size, endpoints.
struct SquareQuery {
    case: GridCase,
    conn: Connectivity,
    rule: DiagonalRule,
    size: u8,
    blocked: bool,
    hook: bool,
    ends: (u32, u32),
}

fn square_query(seed: u64) -> SquareQuery {
    let mut rng = SplitMix64::new(seed);
    let cost = *rng.pick(&[CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed]);
    let case = r#gen::square_case(&mut rng, &GenOptions::new(cost));
    let conn = *rng.pick(&[Connectivity::Four, Connectivity::Eight]);
    let rule = *rng.pick(&[
        DiagonalRule::NoCornerCutting,
        DiagonalRule::NoSqueezing,
        DiagonalRule::AllowAll,
    ]);
    let size = *rng.pick(&[1, 1, 2, 3]);
    let blocked = rng.chance(0.25);
    let hook = rng.chance(0.25);
    let s = r#gen::endpoint(&mut rng, &case);
    let g = r#gen::endpoint(&mut rng, &case);
    let id = |p: (i32, i32)| {
        if (0..case.width).contains(&p.0) && (0..case.height).contains(&p.1) {
            (p.1 * case.width + p.0) as u32
        } else {
            u32::MAX
        }
    };
    let ends = (id(s), id(g));
    SquareQuery {
        case,
        conn,
        rule,
        size,
        blocked,
        hook,
        ends,
    }
}

fn square_sliced_vs_unsliced(seed: u64, budgets: &[u32]) -> Result<(), TestCaseError> {
    let q = square_query(seed);
    let grid = square_grid(&q.case);
    let topo = SquareTopology::new(&grid, q.size, q.conn, q.rule).expect("size");
    let w = grid.width();
    let scale = min_multiplier(&q.case);
    let hook = move |a: u32, b: u32, base: f64| {
        common::raising_cost(
            seed,
            ((a % w) as i32, (a / w) as i32),
            ((b % w) as i32, (b / w) as i32),
            base,
        )
    };
    let blocked = move |n: u32| common::blocked_at(seed, ((n % w) as i32, (n / w) as i32));
    let filtered = Filtered::new(&topo, blocked);
    macro_rules! compare {
        ($t:expr, $c:expr) => {{
            let (whole, parts) = if q.conn == Connectivity::Four {
                let h = ManhattanHeuristic::new(w, scale);
                (
                    unsliced($t, $c, h, q.ends.0, q.ends.1),
                    sliced($t, $c, h, q.ends, budgets)?,
                )
            } else {
                let h = OctileHeuristic::new(w, scale);
                (
                    unsliced($t, $c, h, q.ends.0, q.ends.1),
                    sliced($t, $c, h, q.ends, budgets)?,
                )
            };
            prop_assert_eq!(
                &parts,
                &whole,
                "budgets {:?}\n{}",
                budgets,
                q.case.picture()
            );
            whole
        }};
    }
    let whole = match (q.blocked, q.hook) {
        (false, false) => compare!(&topo, DefaultStepCost),
        (true, false) => compare!(&filtered, DefaultStepCost),
        (false, true) => compare!(&topo, FnStepCost(hook)),
        (true, true) => compare!(&filtered, FnStepCost(hook)),
    };
    // The unsliced run must be a real run: counts consistent with its state.
    match whole.state {
        Step::Found => prop_assert_eq!(whole.iterations, whole.expansions + 1),
        Step::NoPath => prop_assert_eq!(whole.iterations, whole.expansions),
        Step::StartInvalid | Step::GoalInvalid => prop_assert_eq!(whole.iterations, 0),
        other => prop_assert!(false, "unsliced run ended in {:?}", other),
    }
    Ok(())
}

fn hex_sliced_vs_unsliced(seed: u64, budgets: &[u32]) -> Result<(), TestCaseError> {
    let mut rng = SplitMix64::new(seed);
    let cost = *rng.pick(&[CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed]);
    let case = r#gen::hex_case(&mut rng, &GenOptions::new(cost), None);
    let grid = hex_grid(&case);
    let topo = HexTopology::new(&grid);
    let s = r#gen::endpoint(&mut rng, &case);
    let g = r#gen::endpoint(&mut rng, &case);
    let id = |p: (i32, i32)| grid.index_of(cell(p)).unwrap_or(u32::MAX);
    let ends = (id(s), id(g));
    let h = HexDistanceHeuristic::new(grid.width(), grid.layout(), min_multiplier(&case));
    let whole = unsliced(&topo, DefaultStepCost, h, ends.0, ends.1);
    let parts = sliced(&topo, DefaultStepCost, h, ends, budgets)?;
    prop_assert_eq!(&parts, &whole, "budgets {:?}\n{}", budgets, case.picture());
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// One budget, repeated.
    #[test]
    fn square_fixed_budget(seed in any::<u64>(), budget in 1u32..=50) {
        square_sliced_vs_unsliced(seed, &[budget])?;
    }

    /// A sequence of budgets, cycled.
    #[test]
    fn square_budget_sequence(seed in any::<u64>(), budgets in prop::collection::vec(1u32..=50, 1..8)) {
        square_sliced_vs_unsliced(seed, &budgets)?;
    }

    #[test]
    fn hex_budgets(seed in any::<u64>(), budgets in prop::collection::vec(1u32..=50, 1..4)) {
        hex_sliced_vs_unsliced(seed, &budgets)?;
    }

    /// One reused `AStar` (zero heuristic, so it fits every grid) and one `SearchBuffers` handed
    /// from octile search to octile search, across grids of different sizes, with abandoned
    /// searches and refused `try_begin` calls in between, equal fresh searches.
    #[test]
    fn reuse_equals_fresh(seeds in prop::collection::vec(any::<u64>(), 2..12), cut in 0u32..40) {
        let mut reused = AStar::new(DefaultStepCost, ZeroHeuristic);
        reused.set_record_expansions(true);
        let mut handed = Some(SearchBuffers::new());
        for (i, &seed) in seeds.iter().enumerate() {
            let q = square_query(seed);
            let grid = square_grid(&q.case);
            let topo = SquareTopology::new(&grid, q.size, q.conn, q.rule).expect("size");
            let (s, g) = q.ends;

            // Zero heuristic, reused search.
            let fresh = unsliced(&topo, DefaultStepCost, ZeroHeuristic, s, g);
            let begun = reused.try_begin(&topo, s, g);
            if begun == Step::InProgress {
                if i % 3 == 1 {
                    // A refused begin in the middle leaves the running search alone.
                    let st = reused.step(&topo, cut);
                    let (it, ex) = (reused.iterations(), reused.expansions());
                    prop_assert_eq!(reused.try_begin(&topo, u32::MAX, g), Step::StartInvalid);
                    prop_assert_eq!(reused.state(), st);
                    prop_assert_eq!((reused.iterations(), reused.expansions()), (it, ex));
                }
                let end = reused.run(&topo);
                prop_assert_eq!(outcome(&reused, end), fresh, "search {} reused", i);
            } else {
                prop_assert_eq!(begun, fresh.state);
            }

            // Octile/Manhattan with buffers handed over from the previous search.
            let w = grid.width();
            let scale = min_multiplier(&q.case);
            let h = OctileHeuristic::new(w, scale);
            let fresh_h = unsliced(&topo, DefaultStepCost, h, s, g);
            let mut a = AStar::with_buffers(DefaultStepCost, h, handed.take().expect("buffers"));
            a.set_record_expansions(true);
            let mut end = a.try_begin(&topo, s, g);
            let mut got = if end == Step::InProgress {
                end = a.run(&topo);
                outcome(&a, end)
            } else {
                outcome(&a, end)
            };
            if end != Step::Found && end != Step::NoPath {
                // A refused begin leaves the buffers as the previous (abandoned) search left
                // them, recorded expansions included: that record is not this query's.
                got.expanded.clear();
            }
            prop_assert_eq!(got, fresh_h, "search {} with handed buffers", i);
            // Abandon a search half way, then hand its buffers on.
            if a.try_begin(&topo, s, g) == Step::InProgress {
                let _ = a.step(&topo, cut);
            }
            handed = Some(a.into_buffers());
        }
    }

    /// Tier 1's iteration budget: `k - 1` iterations are not enough for a query that needs `k`,
    /// and `k` give the unbudgeted answer.
    #[test]
    fn iteration_budget(seed in any::<u64>()) {
        let q = square_query(seed);
        let grid = square_grid(&q.case);
        let o = GridOptions::DEFAULT
            .with_connectivity(q.conn)
            .with_diagonal_rule(q.rule)
            .with_agent_size(q.size);
        let w = q.case.width as u32;
        let c = |n: u32| if n == u32::MAX { onepath::Cell::new(-1, -1) } else { onepath::Cell::new((n % w) as i32, (n / w) as i32) };
        let (s, g) = (c(q.ends.0), c(q.ends.1));
        let full = grid.find_path(s, g, &o).expect("options");
        if full.status == PathStatus::Found {
            let k = full.iterations;
            let exact = grid.find_path(s, g, &o.with_iteration_budget(k)).expect("options");
            prop_assert_eq!(&exact, &full);
            if k > 1 {
                let short = grid.find_path(s, g, &o.with_iteration_budget(k - 1)).expect("options");
                prop_assert_eq!(short.status, PathStatus::BudgetExhausted);
                prop_assert_eq!(short.iterations, k - 1);
                prop_assert!(short.cells.is_empty());
            }
        }
    }
}
