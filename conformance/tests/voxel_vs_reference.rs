//! Voxel grids against the independent reference (`conformance::voxel_ref`): random blocks per
//! connectivity × the three corner rules × uniform / dyadic / mixed area costs, each goal
//! searched with the voxel heuristic and with the zero heuristic (Dijkstra); larger blocks
//! across chunk borders; the heuristic against the empty-grid Dijkstra; sliced = unsliced.
//!
//! Release counts: 10^4 random blocks per connectivity (a quarter in debug builds;
//! `ONEPATH_CONFORMANCE_SCALE=N` multiplies them). Run with `--nocapture` for the counts.

mod common;

use common::{base_seed, grids_per_variant};
use conformance::rng::SplitMix64;
use conformance::voxel_ref::{Pos3, Rule, SOLID, VoxelModel, dijkstra, random_model};
use onepath::search::{AStar, Step};
use onepath::topology::{DefaultStepCost, Heuristic, Topology, ZeroHeuristic};
use onepath::topology::{Filtered, FnStepCost};
use onepath::voxel::{
    VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelGrid, VoxelHeuristic, VoxelTopology,
};
use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch, VoxelHooks};

const COSTS: [[f64; 4]; 3] = [
    [1.0, 1.0, 1.0, 1.0],
    [1.0, 0.5, 2.0, 1.5],
    [1.0, 0.7, 3.3, 1.1],
];

fn engine_rule(r: Rule) -> VoxelCornerRule {
    match r {
        Rule::NoCornerCutting => VoxelCornerRule::NoCornerCutting,
        Rule::NoSqueezing => VoxelCornerRule::NoSqueezing,
        Rule::AllowAll => VoxelCornerRule::AllowAll,
    }
}

fn connectivity(max_axes: u32) -> VoxelConnectivity {
    match max_axes {
        1 => VoxelConnectivity::Six,
        2 => VoxelConnectivity::Eighteen,
        _ => VoxelConnectivity::TwentySix,
    }
}

/// The engine's grid for a model (built by edits, so the edit path is exercised too).
fn grid_of(m: &VoxelModel) -> VoxelGrid {
    let (sx, sy, sz) = m.size;
    let mut g = VoxelGrid::new(sx as u32, sy as u32, sz as u32).unwrap();
    for (i, &a) in m.areas.iter().enumerate() {
        let p = m.pos(i);
        g.set_area(VoxelCell::new(p.0, p.1, p.2), a).unwrap();
    }
    for a in 0..4u8 {
        g.set_area_cost(a, m.mult[a as usize]).unwrap();
    }
    g
}

fn close(a: f64, b: f64) -> bool {
    a == b || (a.is_finite() && b.is_finite() && (a - b).abs() <= 1e-9 * a.abs().max(b.abs()))
}

/// Runs the engine from `s` to `t` with heuristic `h`; checks status and cost against the
/// reference costs `want` and the path move by move (re-priced in path order it must give the
/// engine's cost bits). Returns (iterations, expansions).
#[allow(clippy::too_many_arguments)] // one query and everything it is checked against
fn check_one<H: Heuristic>(
    m: &VoxelModel,
    topo: &VoxelTopology<'_>,
    grid: &VoxelGrid,
    h: H,
    s: Pos3,
    t: Pos3,
    want: &[f64],
    what: &str,
) -> (u32, u32) {
    let node = |p: Pos3| grid.index_of(VoxelCell::new(p.0, p.1, p.2)).unwrap();
    let mut search = AStar::new(DefaultStepCost, h);
    let begin = search.try_begin(topo, node(s), node(t));
    if !m.open(s) {
        assert_eq!(begin, Step::StartInvalid, "{what}");
        return (0, 0);
    }
    if !m.open(t) {
        assert_eq!(begin, Step::GoalInvalid, "{what}");
        return (0, 0);
    }
    let state = search.run(topo);
    let w = want[m.index(t)];
    if w.is_infinite() {
        assert_eq!(state, Step::NoPath, "{what}: reference finds no path");
    } else {
        assert_eq!(state, Step::Found, "{what}: reference cost {w}");
        assert!(
            close(search.cost(), w),
            "{what}: cost {} vs reference {w}",
            search.cost()
        );
        let path = search.path();
        assert_eq!(path[0], node(s));
        assert_eq!(*path.last().unwrap(), node(t));
        let mut g = 0.0;
        for pair in path.windows(2) {
            let (a, b) = (m.pos(pair[0] as usize), m.pos(pair[1] as usize));
            g += m
                .step(a, b)
                .unwrap_or_else(|| panic!("{what}: illegal move {a:?} -> {b:?}"));
        }
        assert_eq!(
            g.to_bits(),
            search.cost().to_bits(),
            "{what}: path re-priced"
        );
    }
    (search.iterations(), search.expansions())
}

/// Hooks for the paged = dense check: voxels with `(x + 2y + 3z) % 7 == 0` blocked, moves
/// into odd-x voxels doubled, moves into `z == 1` removed when they start at `x == 0`.
struct TestHooks;

impl VoxelHooks for TestHooks {
    fn blocked(&self, c: VoxelCell) -> bool {
        (c.x + 2 * c.y + 3 * c.z) % 7 == 0
    }
    fn cost(&self, from: VoxelCell, to: VoxelCell, base: f64) -> f64 {
        if from.x == 0 && to.z == 1 {
            f64::NAN
        } else if to.x % 2 == 1 {
            base * 2.0
        } else {
            base
        }
    }
}

/// The paged search equals the dense `AStar` with the same hooks: state, cost bits, path,
/// iterations, expansions and expansion order.
fn paged_equals_dense(
    grid: &VoxelGrid,
    conn: VoxelConnectivity,
    rule: VoxelCornerRule,
    s: Pos3,
    t: Pos3,
    hooks: &impl VoxelHooks,
    what: &str,
) {
    let topo = VoxelTopology::new(grid, conn, rule);
    let blocked = |n: u32| hooks.blocked(grid.cell_of(n));
    let filtered = Filtered::new(&topo, blocked);
    let cost =
        FnStepCost(|a: u32, b: u32, base: f64| hooks.cost(grid.cell_of(a), grid.cell_of(b), base));
    let (sc, tc) = (VoxelCell::new(s.0, s.1, s.2), VoxelCell::new(t.0, t.1, t.2));
    let mut dense = AStar::new(cost, VoxelHeuristic::new(grid, conn));
    dense.set_record_expansions(true);
    let d0 = dense.try_begin(
        &filtered,
        grid.index_of(sc).unwrap(),
        grid.index_of(tc).unwrap(),
    );
    let mut paged = PagedVoxelSearch::new(conn, rule);
    paged.set_record_expansions(true);
    let p0 = paged.try_begin(grid, sc, tc, hooks);
    assert_eq!(p0, d0, "{what}: begin");
    if d0 != Step::InProgress {
        return;
    }
    assert_eq!(
        paged.run(grid, hooks),
        dense.run(&filtered),
        "{what}: state"
    );
    assert_eq!(
        paged.cost().to_bits(),
        dense.cost().to_bits(),
        "{what}: cost"
    );
    assert_eq!(paged.iterations(), dense.iterations(), "{what}: iterations");
    assert_eq!(paged.expansions(), dense.expansions(), "{what}: expansions");
    let dense_path: Vec<VoxelCell> = dense.path().iter().map(|&n| grid.cell_of(n)).collect();
    assert_eq!(paged.path(), dense_path, "{what}: path");
    let dense_exp: Vec<VoxelCell> = dense
        .buffers()
        .expanded_nodes()
        .iter()
        .map(|&n| grid.cell_of(n))
        .collect();
    assert_eq!(paged.expanded(), &dense_exp[..], "{what}: expansion order");
}

fn random_blocks(max_axes: u32, seed_base: u64) -> u64 {
    let blocks = grids_per_variant(10_000);
    let rules = [Rule::NoCornerCutting, Rule::NoSqueezing, Rule::AllowAll];
    let mut queries = 0u64;
    for b in 0..blocks {
        let seed = base_seed() ^ (seed_base << 32) ^ b;
        let mut rng = SplitMix64::new(seed);
        let rule = rules[(b % 3) as usize];
        let costs = COSTS[((b / 3) % 3) as usize];
        let density = rng.below(45);
        let m = random_model(&mut rng, 1, 5, density, costs, max_axes, rule);
        let grid = grid_of(&m);
        let conn = connectivity(max_axes);
        let topo = VoxelTopology::new(&grid, conn, engine_rule(rule));
        let n = m.areas.len() as u64;
        let s = m.pos(rng.below(n) as usize);
        let want = dijkstra(&m, s);
        for k in 0..3 {
            let t = m.pos(rng.below(n) as usize);
            let what =
                format!("{conn:?} {rule:?} costs {costs:?} seed {seed} goal {k}: {s:?} -> {t:?}");
            let h = VoxelHeuristic::new(&grid, conn);
            check_one(&m, &topo, &grid, h, s, t, &want, &what);
            check_one(
                &m,
                &topo,
                &grid,
                ZeroHeuristic,
                s,
                t,
                &want,
                &format!("{what} (zero h)"),
            );
            // The paged search equals the dense one, with and without hooks.
            paged_equals_dense(&grid, conn, engine_rule(rule), s, t, &NoVoxelHooks, &what);
            paged_equals_dense(&grid, conn, engine_rule(rule), s, t, &TestHooks, &what);
            queries += 4;
        }
    }
    println!(
        "{:?}: {blocks} random blocks, {queries} engine queries (voxel h, zero h vs the reference; paged vs dense without and with hooks)",
        connectivity(max_axes)
    );
    blocks
}

#[test]
fn six_connected_random_blocks() {
    random_blocks(1, 6);
}

#[test]
fn eighteen_connected_random_blocks() {
    random_blocks(2, 18);
}

#[test]
fn twenty_six_connected_random_blocks() {
    random_blocks(3, 26);
}

/// Blocks of 17-20 voxels a side cross the 16-voxel chunk borders on every axis.
#[test]
fn larger_blocks_across_chunk_borders() {
    let per = if cfg!(debug_assertions) { 1 } else { 3 };
    let rules = [Rule::NoCornerCutting, Rule::NoSqueezing, Rule::AllowAll];
    for max_axes in 1..=3 {
        for b in 0..per {
            let seed = base_seed() ^ 0x00C0_FFEE ^ (u64::from(max_axes) << 8) ^ b;
            let mut rng = SplitMix64::new(seed);
            let rule = rules[(b % 3) as usize];
            let m = random_model(
                &mut rng,
                17,
                19,
                25,
                COSTS[(b % 3) as usize],
                max_axes,
                rule,
            );
            let grid = grid_of(&m);
            assert!(grid.allocated_chunks() == 8, "blocks span 2 x 2 x 2 chunks");
            let conn = connectivity(max_axes);
            let topo = VoxelTopology::new(&grid, conn, engine_rule(rule));
            let s = (0, 0, 0);
            let want = dijkstra(&m, s);
            let n = m.areas.len() as u64;
            for k in 0..20 {
                let t = m.pos(rng.below(n) as usize);
                let what = format!("large {conn:?} {rule:?} seed {seed} goal {k}: {s:?} -> {t:?}");
                check_one(
                    &m,
                    &topo,
                    &grid,
                    VoxelHeuristic::new(&grid, conn),
                    s,
                    t,
                    &want,
                    &what,
                );
            }
        }
    }
}

/// Paged = dense on blocks of 9-40 voxels a side (many 8³ pages, reopening through the
/// hooks' doubled costs), with and without hooks; one search object reused across all of them
/// (pooled pages, a table resized between sizes).
#[test]
fn paged_equals_dense_on_larger_blocks() {
    let mut rng = SplitMix64::new(base_seed() ^ 0x9A6E);
    let count = if cfg!(debug_assertions) { 10 } else { 60 };
    for b in 0..count {
        let max_axes = (b % 3) as u32 + 1;
        let rule = [Rule::NoCornerCutting, Rule::NoSqueezing, Rule::AllowAll][(b / 3 % 3) as usize];
        let m = random_model(&mut rng, 9, 40, 30, COSTS[(b % 3) as usize], max_axes, rule);
        let grid = grid_of(&m);
        let n = m.areas.len() as u64;
        for k in 0..4 {
            let (s, t) = (m.pos(rng.below(n) as usize), m.pos(rng.below(n) as usize));
            let what = format!("paged block {b} goal {k}: {s:?} -> {t:?}");
            let conn = connectivity(max_axes);
            paged_equals_dense(&grid, conn, engine_rule(rule), s, t, &NoVoxelHooks, &what);
            paged_equals_dense(&grid, conn, engine_rule(rule), s, t, &TestHooks, &what);
        }
    }
}

/// The heuristic equals the Dijkstra cost on an empty block (unit costs), times the cheapest
/// multiplier.
#[test]
fn heuristic_is_the_empty_grid_distance() {
    for max_axes in 1..=3 {
        let conn = connectivity(max_axes);
        let m = VoxelModel {
            size: (7, 6, 5),
            areas: vec![0; 210],
            mult: vec![1.0; 255],
            max_axes,
            rule: Rule::NoCornerCutting,
        };
        let mut grid = VoxelGrid::new(7, 6, 5).unwrap();
        for goal in [(0, 0, 0), (3, 2, 1), (6, 5, 4)] {
            let want = dijkstra(&m, goal);
            let mut h = VoxelHeuristic::new(&grid, conn);
            h.set_goal(
                grid.index_of(VoxelCell::new(goal.0, goal.1, goal.2))
                    .unwrap(),
            );
            for (i, &w) in want.iter().enumerate() {
                assert!(
                    close(h.estimate(i as u32), w),
                    "{conn:?} goal {goal:?} node {i}"
                );
            }
        }
        grid.set_area_cost(9, 0.25).unwrap();
        let mut h = VoxelHeuristic::new(&grid, conn);
        h.set_goal(0);
        let want = dijkstra(&m, (0, 0, 0));
        assert!(close(h.estimate(209), want[209] * 0.25));
    }
}

/// Sliced runs (budgets 1, 2, 7, 50) of the dense and the paged search equal the unsliced
/// dense run: iterations, expansions, cost bits, path.
#[test]
fn sliced_equals_unsliced() {
    let mut rng = SplitMix64::new(base_seed() ^ 0x4D);
    for b in 0..60u64 {
        let rule = [Rule::NoCornerCutting, Rule::NoSqueezing, Rule::AllowAll][(b % 3) as usize];
        let max_axes = (b % 3) as u32 + 1;
        let m = random_model(&mut rng, 6, 18, 20, COSTS[(b % 3) as usize], max_axes, rule);
        let grid = grid_of(&m);
        let conn = connectivity(max_axes);
        let topo = VoxelTopology::new(&grid, conn, engine_rule(rule));
        let n = topo.node_count() as u64;
        let (s, t) = (rng.below(n) as u32, rng.below(n) as u32);
        let mut whole = AStar::new(DefaultStepCost, VoxelHeuristic::new(&grid, conn));
        if whole.try_begin(&topo, s, t) != Step::InProgress {
            continue;
        }
        let _ = whole.run(&topo);
        for budget in [1, 2, 7, 50] {
            let mut sliced = AStar::new(DefaultStepCost, VoxelHeuristic::new(&grid, conn));
            let _ = sliced.try_begin(&topo, s, t);
            let mut calls = 0u32;
            while sliced.step(&topo, budget) == Step::InProgress {
                calls += 1;
            }
            assert_eq!(sliced.state(), whole.state());
            assert_eq!(sliced.iterations(), whole.iterations());
            assert_eq!(sliced.expansions(), whole.expansions());
            assert_eq!(sliced.cost().to_bits(), whole.cost().to_bits());
            assert_eq!(sliced.path(), whole.path());
            assert!(calls + 1 >= whole.iterations() / budget);
            // The paged search in the same slices equals the unsliced dense run.
            let (sc, tc) = (grid.cell_of(s), grid.cell_of(t));
            let mut paged = PagedVoxelSearch::new(conn, engine_rule(rule));
            let _ = paged.try_begin(&grid, sc, tc, &NoVoxelHooks);
            while paged.step(&grid, &NoVoxelHooks, budget) == Step::InProgress {}
            assert_eq!(paged.iterations(), whole.iterations());
            assert_eq!(paged.expansions(), whole.expansions());
            assert_eq!(paged.cost().to_bits(), whole.cost().to_bits());
            let cells: Vec<VoxelCell> = whole.path().iter().map(|&n| grid.cell_of(n)).collect();
            assert_eq!(paged.path(), cells);
        }
    }
}

/// A solid-default grid carved open equals an open grid walled in: same voxels, same answers.
#[test]
fn carved_equals_walled() {
    let mut rng = SplitMix64::new(base_seed() ^ 0x63);
    let m = random_model(&mut rng, 20, 20, 30, COSTS[0], 3, Rule::NoCornerCutting);
    let open = grid_of(&m);
    let (sx, sy, sz) = m.size;
    let mut carved = VoxelGrid::new_solid(sx as u32, sy as u32, sz as u32).unwrap();
    for (i, &a) in m.areas.iter().enumerate() {
        let p = m.pos(i);
        carved.set_area(VoxelCell::new(p.0, p.1, p.2), a).unwrap();
    }
    for i in 0..m.areas.len() {
        let p = m.pos(i);
        let c = VoxelCell::new(p.0, p.1, p.2);
        assert_eq!(open.area(c), carved.area(c));
        assert_eq!(open.area(c) == Some(SOLID), m.areas[i] == SOLID);
    }
}
