//! HPA* against the independent reference (spec: grids.md, Verification, "HPA*").
//!
//! Random grids (sides 1-16, all shapes and cost modes) with chunk sides 2-7, entrance
//! thresholds 1-8, four moves and both supported eight-move rules, agent sizes 1-2. Per grid a
//! few starts (one reference Dijkstra each) and goals; every answer, smoothed and unsmoothed,
//! goes to `hpa_ref::judge` (found exactly when Dijkstra reaches the goal, every move legal,
//! cost re-priced bit for bit, never below the optimum), and smoothing is never longer than the
//! refined path. Every eighth query is also run sliced with budgets 1-17 and must equal the
//! unsliced run (path, cost bits, iterations), and saved after a random number of pops and
//! restored into a fresh search it ends exactly as the never-stopped run.
//!
//! Scale: 10^4 grids in release (`ONEPATH_CONFORMANCE_SCALE=N` multiplies), a quarter in debug.

mod common;

use common::{base_seed, grids_per_variant, square_grid};
use conformance::dijkstra_ref::dijkstra;
use conformance::r#gen::{self, CostMode, GenOptions};
use conformance::hpa_ref::judge;
use conformance::model::{Model, Pos};
use conformance::rng::SplitMix64;
use conformance::square_ref::{self, SquareModel};
use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
use onepath::search::Step;
use onepath::{Connectivity, DiagonalRule, Grid};

const STARTS: usize = 2;
const GOALS: usize = 4;

/// The three supported move sets.
const MOVES: [(
    Connectivity,
    DiagonalRule,
    square_ref::Connectivity,
    square_ref::DiagonalRule,
); 3] = [
    (
        Connectivity::Four,
        DiagonalRule::NoCornerCutting,
        square_ref::Connectivity::Four,
        square_ref::DiagonalRule::NoCornerCutting,
    ),
    (
        Connectivity::Eight,
        DiagonalRule::NoCornerCutting,
        square_ref::Connectivity::Eight,
        square_ref::DiagonalRule::NoCornerCutting,
    ),
    (
        Connectivity::Eight,
        DiagonalRule::NoSqueezing,
        square_ref::Connectivity::Eight,
        square_ref::DiagonalRule::NoSqueezing,
    ),
];

fn index(grid: &Grid, p: Pos) -> u32 {
    p.1 as u32 * grid.width() + p.0 as u32
}

fn to_pos(grid: &Grid, c: u32) -> Pos {
    ((c % grid.width()) as i32, (c / grid.width()) as i32)
}

/// Runs one query to the end and returns (status, path, cost bits, iterations, refined cost).
fn query(
    h: &HpaHierarchy,
    grid: &Grid,
    s: &mut HpaSearch,
    start: u32,
    goal: u32,
    budget: u32,
) -> (Step, Vec<u32>, u64, u32, Vec<u32>) {
    let mut st = s
        .try_begin(h, grid, start, goal)
        .expect("current hierarchy");
    while st == Step::InProgress {
        st = s.step(h, grid, budget).expect("current hierarchy");
    }
    (
        st,
        s.path().to_vec(),
        s.cost().to_bits(),
        s.iterations(),
        s.refined_path().to_vec(),
    )
}

#[test]
fn hpa_paths_are_legal_complete_and_never_below_the_optimum() {
    let grids = grids_per_variant(10_000);
    let mut rng = SplitMix64::new(base_seed() ^ 0x4850_412A);
    let (mut queries, mut found, mut sliced, mut over, mut smoothed_gain) =
        (0u64, 0u64, 0u64, 0.0f64, 0u64);
    let mut restored = 0u64;
    let mut smooth = HpaSearch::new();
    let mut plain = HpaSearch::new();
    plain.set_smoothing(false);
    let mut slicer = HpaSearch::new();
    for g in 0..grids {
        let mode = *rng.pick(&[CostMode::Uniform, CostMode::Dyadic, CostMode::Mixed]);
        let case = r#gen::square_case(&mut rng, &GenOptions::new(mode));
        let (conn, rule, rconn, rrule) = *rng.pick(&MOVES);
        let agent = 1 + rng.below(2) as u8;
        let chunk = 2 + rng.below(6) as u32;
        let threshold = 1 + rng.below(8) as u32;
        let grid = square_grid(&case);
        let config = HpaConfig::DEFAULT
            .with_chunk_size(chunk)
            .with_threshold(threshold)
            .with_agent_size(agent)
            .with_moves(conn, rule);
        let h = HpaHierarchy::build(&grid, config).expect("valid config");
        let model = SquareModel::new(
            case.width,
            case.height,
            case.cells.clone(),
            &case.multipliers,
            rconn,
            rrule,
            agent,
        );
        let positions: Vec<Pos> = (0..model.node_count())
            .map(|i| model.pos(i))
            .filter(|&p| model.is_position(p))
            .collect();
        if positions.is_empty() {
            continue;
        }
        for _ in 0..STARTS {
            let start = *rng.pick(&positions);
            let costs = dijkstra(&model, start);
            for _ in 0..GOALS {
                let goal = *rng.pick(&positions);
                let optimum = costs[model.index(goal).unwrap()];
                let ctx = || {
                    format!(
                        "grid {g}: {config:?} {start:?} -> {goal:?}\n{}",
                        case.picture()
                    )
                };
                let (si, gi) = (index(&grid, start), index(&grid, goal));
                let a = query(&h, &grid, &mut smooth, si, gi, u32::MAX);
                let b = query(&h, &grid, &mut plain, si, gi, u32::MAX);
                queries += 1;
                for (name, r) in [("smoothed", &a), ("unsmoothed", &b)] {
                    let path: Vec<Pos> = r.1.iter().map(|&c| to_pos(&grid, c)).collect();
                    let v = judge(&model, start, goal, &path, f64::from_bits(r.2), optimum)
                        .unwrap_or_else(|e| panic!("{name}: {e}\n{}", ctx()));
                    assert_eq!(
                        r.0 == Step::Found,
                        v.priced.is_some(),
                        "{name} status {:?}\n{}",
                        r.0,
                        ctx()
                    );
                }
                assert_eq!(
                    a.4,
                    b.1,
                    "smoothing starts from the refined path\n{}",
                    ctx()
                );
                if a.0 == Step::Found {
                    found += 1;
                    let (ca, cb) = (f64::from_bits(a.2), f64::from_bits(b.2));
                    assert!(
                        ca <= cb + 1e-9,
                        "smoothing made it longer: {ca} > {cb}\n{}",
                        ctx()
                    );
                    if ca < cb {
                        smoothed_gain += 1;
                    }
                    if optimum > 0.0 {
                        over = over.max(ca / optimum - 1.0);
                    }
                }
                if queries % 8 == 0 {
                    for budget in 1..=17 {
                        let c = query(&h, &grid, &mut slicer, si, gi, budget);
                        assert_eq!(
                            (c.0, &c.1, c.2, c.3),
                            (a.0, &a.1, a.2, a.3),
                            "budget {budget}\n{}",
                            ctx()
                        );
                    }
                    sliced += 1;
                    // Restore = never-stopped: saved after k pops, restored elsewhere.
                    let k = rng.below(u64::from(a.3) + 1) as u32;
                    let mut st = slicer.try_begin(&h, &grid, si, gi).unwrap();
                    if k > 0 && st == Step::InProgress {
                        st = slicer.step(&h, &grid, k).unwrap();
                    }
                    let _ = st;
                    let mut bytes = vec![0; slicer.state_size()];
                    slicer.save_state(&h, &grid, &mut bytes).unwrap();
                    let mut resumed = HpaSearch::new();
                    resumed
                        .restore_state(&h, &grid, &bytes)
                        .unwrap_or_else(|e| panic!("restore at pop {k}: {e}\n{}", ctx()));
                    assert_eq!(resumed.run(&h, &grid).unwrap(), a.0);
                    assert_eq!(
                        (
                            resumed.path(),
                            resumed.cost().to_bits(),
                            resumed.iterations()
                        ),
                        (&a.1[..], a.2, a.3),
                        "restored at pop {k}\n{}",
                        ctx()
                    );
                    restored += 1;
                }
            }
        }
    }
    println!(
        "hpa: {grids} grids, {queries} queries ({found} found, {smoothed_gain} shortened by \
         smoothing, {sliced} sliced 17 ways, {restored} restored); worst smoothed {:.2} % over the optimum",
        over * 100.0
    );
    assert!(
        found > queries / 4,
        "the generator must produce reachable pairs"
    );
}
