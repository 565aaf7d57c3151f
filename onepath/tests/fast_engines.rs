//! The specialised octile engines (`onepath::fast`) against the generic cores: costs on
//! random, room and maze grids (wider than a bitmap word; cell costs 1 and non-unit), paths
//! checked move by move, sliced equals unsliced, restored equals never stopped, hostile
//! snapshot bytes refused, and the engine choice of `GridSearch` / `find_path`.

mod common;

use common::frame::reseal;

use common::random_grid;
use onepath::fast::{BitFinder, Estimate, OctileAStar, OctileJump, OctileMap, TableFinder};
use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
use onepath::jps::{BlockJumper, BlockMap, JpsPlusIndex, JumpTopology, TableJumper};
use onepath::math::{SQRT2, SplitMix64};
use onepath::search::{AStar, Step};
use onepath::state::StateError;
use onepath::topology::{DefaultStepCost, OctileHeuristic, ZeroHeuristic};
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, HeuristicKind};

const WALL_AREA: u8 = 255;

// ---------------------------------------------------------------------------------------------
// Maps

/// Rooms of `size` cells separated by one-cell walls, two doors per wall segment.
fn rooms(seed: u64, w: u32, h: u32, size: u32) -> Grid {
    let mut r = SplitMix64::new(seed);
    let mut cells = vec![0u8; (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            if x % size == size - 1 || y % size == size - 1 {
                cells[(y * w + x) as usize] = WALL_AREA;
            }
        }
    }
    // Doors: on each vertical wall segment and each horizontal one.
    for ry in 0..h.div_ceil(size) {
        for rx in 0..w.div_ceil(size) {
            let (x0, y0) = (rx * size, ry * size);
            for _ in 0..2 {
                let (x, y) = (x0 + size - 1, y0 + r.below(size - 1));
                if x < w && y < h {
                    cells[(y * w + x) as usize] = 0;
                }
                let (x, y) = (x0 + r.below(size - 1), y0 + size - 1);
                if x < w && y < h {
                    cells[(y * w + x) as usize] = 0;
                }
            }
        }
    }
    Grid::from_areas(w, h, cells).unwrap()
}

/// A depth-first maze on odd cells with a few extra openings (loops).
fn maze(seed: u64, w: u32, h: u32) -> Grid {
    let mut r = SplitMix64::new(seed);
    let mut cells = vec![WALL_AREA; (w * h) as usize];
    let (cw, ch) = ((w.saturating_sub(1)) / 2, (h.saturating_sub(1)) / 2);
    if cw == 0 || ch == 0 {
        return Grid::from_areas(w, h, vec![0; (w * h) as usize]).unwrap();
    }
    let open = |cells: &mut Vec<u8>, x: u32, y: u32| cells[(y * w + x) as usize] = 0;
    let mut seen = vec![false; (cw * ch) as usize];
    let mut stack = vec![(0u32, 0u32)];
    seen[0] = true;
    open(&mut cells, 1, 1);
    while let Some(&(cx, cy)) = stack.last() {
        let mut next = vec![];
        for (dx, dy) in [(0i32, -1i32), (1, 0), (0, 1), (-1, 0)] {
            let (nx, ny) = (cx as i32 + dx, cy as i32 + dy);
            if nx >= 0
                && ny >= 0
                && (nx as u32) < cw
                && (ny as u32) < ch
                && !seen[(ny as u32 * cw + nx as u32) as usize]
            {
                next.push((nx as u32, ny as u32));
            }
        }
        if next.is_empty() {
            stack.pop();
            continue;
        }
        let (nx, ny) = next[r.below(next.len() as u32) as usize];
        seen[(ny * cw + nx) as usize] = true;
        open(&mut cells, 2 * nx + 1, 2 * ny + 1);
        open(&mut cells, cx + nx + 1, cy + ny + 1);
        stack.push((nx, ny));
    }
    for _ in 0..(w * h) / 40 {
        let (x, y) = (
            1 + r.below(w.saturating_sub(2).max(1)),
            1 + r.below(h.saturating_sub(2).max(1)),
        );
        if x < w - 1 && y < h - 1 {
            open(&mut cells, x, y);
        }
    }
    Grid::from_areas(w, h, cells).unwrap()
}

/// Every area multiplier set to `m` (one cost for every cell).
fn with_cost(mut g: Grid, m: f64) -> Grid {
    for a in 0..255u8 {
        g.set_area_cost(a, m).unwrap();
    }
    g
}

/// A spread of maps: obstacles, rooms, mazes; some wider than 64 cells; costs 1, 2.5, 0.3.
fn maps(seed: u64, count: u64) -> Vec<Grid> {
    let mut r = SplitMix64::new(seed);
    (0..count)
        .map(|i| {
            let (w, h) = (1 + r.below(110), 1 + r.below(70));
            let g = match i % 4 {
                0 | 1 => random_grid(seed * 1000 + i, w, h, r.below(45), false),
                2 => rooms(i, w.max(4), h.max(4), 4 + r.below(8)),
                _ => maze(i, w.max(3), h.max(3)),
            };
            with_cost(g, [1.0, 2.5, 0.3][(i % 3) as usize])
        })
        .collect()
}

fn walkable_cells(g: &Grid) -> Vec<u32> {
    (0..g.cell_count())
        .filter(|&c| g.cells()[c as usize] != WALL_AREA)
        .collect()
}

/// Query pairs on walkable cells (plus start = goal).
fn queries(g: &Grid, r: &mut SplitMix64, n: usize) -> Vec<(u32, u32)> {
    let open = walkable_cells(g);
    if open.is_empty() {
        return vec![];
    }
    let pick = |r: &mut SplitMix64| open[r.below(open.len() as u32) as usize];
    let mut q: Vec<(u32, u32)> = (0..n).map(|_| (pick(r), pick(r))).collect();
    let s = pick(r);
    q.push((s, s));
    q
}

// ---------------------------------------------------------------------------------------------
// One interface over the six specialised configurations

#[derive(Clone, Copy, Debug)]
enum Config {
    AStar(Estimate),
    Jps { improved: bool },
    JpsPlus { improved: bool },
}

const CONFIGS: [Config; 6] = [
    Config::AStar(Estimate::Octile),
    Config::AStar(Estimate::Zero),
    Config::Jps { improved: false },
    Config::Jps { improved: true },
    Config::JpsPlus { improved: false },
    Config::JpsPlus { improved: true },
];

struct Maps {
    map: OctileMap,
    index: JpsPlusIndex,
}

impl Maps {
    fn new(g: &Grid) -> Self {
        Self {
            map: OctileMap::new(g),
            index: JpsPlusIndex::new(g).unwrap(),
        }
    }
}

enum Eng {
    A(OctileAStar),
    B(OctileJump<BitFinder>),
    T(OctileJump<TableFinder>),
}

#[derive(Debug, PartialEq)]
struct Outcome {
    state: Step,
    cost_bits: u64,
    iterations: u32,
    expansions: u32,
    path: Vec<u32>,
    bytes: Vec<u8>,
}

impl Eng {
    fn new(c: Config) -> Self {
        match c {
            Config::AStar(e) => {
                let mut a = OctileAStar::new();
                a.set_estimate(e);
                Eng::A(a)
            }
            Config::Jps { improved } => Eng::B(OctileJump::with_improved_pruning(improved)),
            Config::JpsPlus { improved } => Eng::T(OctileJump::with_improved_pruning(improved)),
        }
    }
    fn begin(&mut self, g: &Grid, m: &Maps, s: u32, t: u32) -> Step {
        match self {
            Eng::A(e) => e.try_begin(g, s, t),
            Eng::B(e) => e.try_begin(g, &m.map, s, t),
            Eng::T(e) => e.try_begin(g, &m.index, s, t),
        }
    }
    fn step(&mut self, m: &Maps, budget: u32) -> Step {
        match self {
            Eng::A(e) => e.step(budget),
            Eng::B(e) => e.step(&m.map, budget),
            Eng::T(e) => e.step(&m.index, budget),
        }
    }
    fn finish(&mut self, m: &Maps, budget: u32) {
        while self.step(m, budget) == Step::InProgress {}
    }
    fn save(&self, g: &Grid) -> Vec<u8> {
        let (size, out) = match self {
            Eng::A(e) => {
                let mut b = vec![0; e.state_size()];
                (e.save_state(g, &mut b).unwrap(), b)
            }
            Eng::B(e) => {
                let mut b = vec![0; e.state_size()];
                (e.save_state(g, &mut b).unwrap(), b)
            }
            Eng::T(e) => {
                let mut b = vec![0; e.state_size()];
                (e.save_state(g, &mut b).unwrap(), b)
            }
        };
        assert_eq!(size, out.len());
        out
    }
    fn restore(&mut self, g: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        match self {
            Eng::A(e) => e.restore_state(g, bytes),
            Eng::B(e) => e.restore_state(g, bytes),
            Eng::T(e) => e.restore_state(g, bytes),
        }
    }
    fn state(&self) -> Step {
        match self {
            Eng::A(e) => e.state(),
            Eng::B(e) => e.state(),
            Eng::T(e) => e.state(),
        }
    }
    fn cost(&self) -> f64 {
        match self {
            Eng::A(e) => e.cost(),
            Eng::B(e) => e.cost(),
            Eng::T(e) => e.cost(),
        }
    }
    fn path(&self) -> Vec<u32> {
        match self {
            Eng::A(e) => e.path(),
            Eng::B(e) => e.path(),
            Eng::T(e) => e.path(),
        }
    }
    fn counts(&self) -> (u32, u32) {
        match self {
            Eng::A(e) => (e.iterations(), e.expansions()),
            Eng::B(e) => (e.iterations(), e.expansions()),
            Eng::T(e) => (e.iterations(), e.expansions()),
        }
    }
    fn check(&self) -> bool {
        match self {
            Eng::A(e) => e.check_invariants(),
            Eng::B(e) => e.check_invariants(),
            Eng::T(e) => e.check_invariants(),
        }
    }
    fn outcome(&self, g: &Grid) -> Outcome {
        let (iterations, expansions) = self.counts();
        Outcome {
            state: self.state(),
            cost_bits: self.cost().to_bits(),
            iterations,
            expansions,
            path: self.path(),
            bytes: self.save(g),
        }
    }
}

/// Checks a path move by move and returns its (straight, diagonal) step counts.
fn check_path(g: &Grid, path: &[u32], s: u32, t: u32, ctx: &str) -> (u32, u32) {
    assert_eq!(path.first(), Some(&s), "{ctx}: start");
    assert_eq!(path.last(), Some(&t), "{ctx}: goal");
    let (mut a, mut b) = (0, 0);
    for p in path.windows(2) {
        let (u, v) = (g.cell_of(p[0]), g.cell_of(p[1]));
        let (dx, dy) = (v.x - u.x, v.y - u.y);
        assert!(
            dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
            "{ctx}: {u:?} -> {v:?} is not a move"
        );
        assert!(g.is_walkable(v), "{ctx}: {v:?} is a wall");
        if dx != 0 && dy != 0 {
            assert!(
                g.is_walkable(Cell::new(u.x + dx, u.y)) && g.is_walkable(Cell::new(u.x, u.y + dy)),
                "{ctx}: {u:?} -> {v:?} cuts a corner"
            );
            b += 1;
        } else {
            a += 1;
        }
    }
    (a, b)
}

fn generic(g: &Grid, s: u32, t: u32, zero: bool) -> (Step, f64) {
    let topo =
        SquareTopology::new(g, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    let m = g.areas().min_cost();
    if zero {
        let mut a = AStar::new(DefaultStepCost, ZeroHeuristic);
        let _ = a.try_begin(&topo, s, t);
        (a.run(&topo), a.cost())
    } else {
        let mut a = AStar::new(DefaultStepCost, OctileHeuristic::new(g.width(), m));
        let _ = a.try_begin(&topo, s, t);
        (a.run(&topo), a.cost())
    }
}

// ---------------------------------------------------------------------------------------------
// Costs and paths

#[test]
fn every_engine_costs_what_the_generic_astar_costs() {
    let mut r = SplitMix64::new(1);
    let mut found = 0;
    for (i, g) in maps(1, 120).into_iter().enumerate() {
        let m = g.areas().min_cost();
        let maps = Maps::new(&g);
        let mut engines: Vec<(Config, Eng)> = CONFIGS.iter().map(|&c| (c, Eng::new(c))).collect();
        for (s, t) in queries(&g, &mut r, 6) {
            let (want, cost) = generic(&g, s, t, false);
            for (c, e) in &mut engines {
                let ctx = format!("map {i} {c:?} {s}->{t}");
                assert_eq!(e.begin(&g, &maps, s, t), Step::InProgress, "{ctx}");
                e.finish(&maps, u32::MAX);
                assert_eq!(e.state(), want, "{ctx}");
                assert!(e.check(), "{ctx}: invariants");
                if want != Step::Found {
                    continue;
                }
                found += 1;
                let got = e.cost();
                // The generic sums doubles cell by cell; the pair cost is exact, so only the
                // rounding of that sum separates them.
                assert!(
                    (got - cost).abs() <= 1e-9 * cost.max(1.0),
                    "{ctx}: {got} vs {cost}"
                );
                let (a, b) = check_path(&g, &e.path(), s, t, &ctx);
                // The reported cost is exactly m · (a + b·√2) of the path's own step counts.
                let exact = m * (f64::from(a) + f64::from(b) * SQRT2);
                assert_eq!(got.to_bits(), exact.to_bits(), "{ctx}: pair cost");
            }
        }
    }
    assert!(found > 2000, "too few found paths: {found}");
}

#[test]
fn dijkstra_and_jps_families_agree_with_generic_dijkstra_and_jump_search() {
    let mut r = SplitMix64::new(2);
    for (i, g) in maps(2, 40).into_iter().enumerate() {
        let m = g.areas().min_cost();
        let (blocks, index) = (BlockMap::new(&g), JpsPlusIndex::new(&g).unwrap());
        for (s, t) in queries(&g, &mut r, 4) {
            let (want, cost) = generic(&g, s, t, true);
            let mut fast = Eng::new(Config::AStar(Estimate::Zero));
            let maps = Maps::new(&g);
            let _ = fast.begin(&g, &maps, s, t);
            fast.finish(&maps, u32::MAX);
            assert_eq!(fast.state(), want);
            if want == Step::Found {
                assert!(
                    (fast.cost() - cost).abs() <= 1e-9 * cost.max(1.0),
                    "map {i}"
                );
            }
            // The generic jump searches (block map, tables) find the same costs.
            for jumper in 0..2 {
                let mut a = AStar::new(DefaultStepCost, OctileHeuristic::new(g.width(), m));
                let st = if jumper == 0 {
                    let topo = JumpTopology::new(&g, BlockJumper::new(&blocks), g.cell_of(t), m);
                    let _ = a.try_begin(&topo, s, t);
                    a.run(&topo)
                } else {
                    let topo = JumpTopology::new(&g, TableJumper::new(&index), g.cell_of(t), m);
                    let _ = a.try_begin(&topo, s, t);
                    a.run(&topo)
                };
                assert_eq!(st, want);
                if want == Step::Found {
                    assert!((a.cost() - cost).abs() <= 1e-9 * cost.max(1.0));
                }
            }
        }
    }
}

#[test]
fn refusals_and_trivial_queries() {
    let g = Grid::from_text("..#\n...").unwrap();
    let maps = Maps::new(&g);
    for c in CONFIGS {
        let mut e = Eng::new(c);
        assert_eq!(e.begin(&g, &maps, 2, 0), Step::StartInvalid, "{c:?}");
        assert_eq!(e.begin(&g, &maps, 0, 2), Step::GoalInvalid, "{c:?}");
        assert_eq!(e.begin(&g, &maps, 0, 99), Step::GoalInvalid, "{c:?}");
        assert_eq!(e.begin(&g, &maps, 99, 0), Step::StartInvalid, "{c:?}");
        assert_eq!(
            e.state(),
            Step::Idle,
            "{c:?}: refusals leave the engine alone"
        );
        assert_eq!(e.begin(&g, &maps, 4, 4), Step::InProgress);
        e.finish(&maps, 1);
        assert_eq!(e.state(), Step::Found);
        assert_eq!(e.path(), vec![4]);
        assert_eq!(e.cost(), 0.0);
        assert_eq!(
            e.counts(),
            (1, 0),
            "{c:?}: the goal's pop is not an expansion"
        );
        assert_eq!(e.begin(&g, &maps, 2 - 2, 5), Step::InProgress);
        assert_eq!(e.begin(&g, &maps, 2, 5), Step::StartInvalid);
        assert_eq!(
            e.state(),
            Step::InProgress,
            "{c:?}: a refusal keeps the running search"
        );
    }
    // Sealed off: no path.
    let g = Grid::from_text(".#.\n##.\n...").unwrap();
    let maps = Maps::new(&g);
    for c in CONFIGS {
        let mut e = Eng::new(c);
        let _ = e.begin(&g, &maps, 0, 8);
        e.finish(&maps, 3);
        assert_eq!(e.state(), Step::NoPath, "{c:?}");
        assert_eq!(e.cost(), f64::INFINITY);
        assert!(e.path().is_empty());
    }
}

// ---------------------------------------------------------------------------------------------
// Resumability

#[test]
fn sliced_equals_unsliced_for_budgets_1_to_50() {
    let mut r = SplitMix64::new(3);
    for (i, g) in maps(3, 8).into_iter().enumerate() {
        let maps = Maps::new(&g);
        for (s, t) in queries(&g, &mut r, 2) {
            for c in CONFIGS {
                let mut e = Eng::new(c);
                let _ = e.begin(&g, &maps, s, t);
                e.finish(&maps, u32::MAX);
                let whole = e.outcome(&g);
                for budget in 1..=50 {
                    let mut e = Eng::new(c);
                    let _ = e.begin(&g, &maps, s, t);
                    e.finish(&maps, budget);
                    assert_eq!(e.outcome(&g), whole, "map {i} {c:?} budget {budget}");
                }
            }
        }
    }
}

#[test]
fn restored_equals_never_stopped() {
    let mut r = SplitMix64::new(4);
    for (i, g) in maps(4, 40).into_iter().enumerate() {
        let maps = Maps::new(&g);
        for (s, t) in queries(&g, &mut r, 3) {
            for c in CONFIGS {
                let mut e = Eng::new(c);
                let _ = e.begin(&g, &maps, s, t);
                e.finish(&maps, u32::MAX);
                let whole = e.outcome(&g);
                let pops = whole.iterations.max(1);
                let k = r.below(pops + 1);
                let extra = r.below(pops + 1);
                let mut e = Eng::new(c);
                let _ = e.begin(&g, &maps, s, t);
                let _ = e.step(&maps, k);
                let saved = e.save(&g);
                let _ = e.step(&maps, extra);
                // In place, after running on.
                e.restore(&g, &saved).unwrap();
                assert_eq!(e.save(&g), saved, "map {i} {c:?}: restore round trip");
                e.finish(&maps, 7);
                assert_eq!(e.outcome(&g), whole, "map {i} {c:?} saved at {k}");
                // Into a fresh engine (other settings), and into one that ran another query.
                let mut fresh = Eng::new(match c {
                    Config::AStar(_) => Config::AStar(Estimate::Zero),
                    Config::Jps { .. } => Config::Jps { improved: false },
                    Config::JpsPlus { .. } => Config::JpsPlus { improved: false },
                });
                if r.chance(1, 2) {
                    let _ = fresh.begin(&g, &maps, t, s);
                    let _ = fresh.step(&maps, 5);
                }
                fresh.restore(&g, &saved).unwrap();
                fresh.finish(&maps, 3);
                assert_eq!(
                    fresh.outcome(&g),
                    whole,
                    "map {i} {c:?} fresh, saved at {k}"
                );
            }
        }
    }
}

#[test]
fn idle_engines_round_trip() {
    let g = random_grid(1, 20, 10, 20, false);
    let maps = Maps::new(&g);
    for c in CONFIGS {
        let idle = Eng::new(c).save(&g);
        let mut e = Eng::new(c);
        let open = walkable_cells(&g);
        let _ = e.begin(&g, &maps, open[0], open[open.len() - 1]);
        e.finish(&maps, 5);
        e.restore(&g, &idle).unwrap();
        assert_eq!(e.state(), Step::Idle, "{c:?}");
        assert_eq!(e.save(&g), idle);
    }
}

// ---------------------------------------------------------------------------------------------
// Hostile snapshot bytes

fn mid_search(c: Config, g: &Grid, maps: &Maps, pops: u32) -> (Eng, Vec<u8>) {
    let open = walkable_cells(g);
    let mut e = Eng::new(c);
    assert_eq!(
        e.begin(g, maps, open[0], open[open.len() - 1]),
        Step::InProgress
    );
    let _ = e.step(maps, pops);
    let b = e.save(g);
    (e, b)
}

#[test]
fn hostile_bytes_are_refused_and_never_half_restored() {
    let g = with_cost(rooms(5, 40, 30, 7), 1.0);
    let maps = Maps::new(&g);
    let mut other = g.clone();
    let wall = walkable_cells(&g)[50];
    other.set_walkable(g.cell_of(wall), false).unwrap();
    let mut r = SplitMix64::new(5);
    for c in CONFIGS {
        let (_, good) = mid_search(c, &g, &maps, 25);
        // A target with a search of its own, which every failure must leave alone.
        let (mut target, _) = mid_search(c, &g, &maps, 9);
        let before = target.save(&g);
        let refused = |target: &mut Eng, bytes: &[u8], what: &str| {
            let e = target.restore(&g, bytes);
            assert!(e.is_err(), "{c:?}: {what} was accepted");
            assert_eq!(target.save(&g), before, "{c:?}: {what} changed the target");
        };
        refused(&mut target, &good[..good.len() - 1], "a truncated snapshot");
        refused(&mut target, &good[..20], "a header");
        let mut longer = good.clone();
        longer.push(0);
        refused(&mut target, &longer, "trailing bytes");
        let mut flipped = good.clone();
        flipped[40] ^= 4;
        refused(&mut target, &flipped, "a flipped payload bit");
        assert!(matches!(
            target.restore(&other, &good),
            Err(StateError::MapMismatch { .. })
        ));
        let mut kind = good.clone();
        kind[6] = 2;
        refused(&mut target, &kind, "another kind");
        // Structural damage past the checksum: every payload byte in turn, resealed. Each is
        // refused (and leaves the target alone) or is a state the engine can finish.
        let mut accepted = 0;
        for at in 28..good.len() {
            for delta in [1u8, 0x80] {
                let mut bad = good.clone();
                bad[at] = bad[at].wrapping_add(delta);
                reseal(&mut bad);
                let mut t = Eng::new(c);
                let _ = t.begin(&g, &maps, walkable_cells(&g)[3], walkable_cells(&g)[9]);
                let snapshot = t.save(&g);
                if t.restore(&g, &bad).is_ok() {
                    accepted += 1;
                    t.finish(&maps, 1000);
                    assert!(t.state().is_done());
                } else {
                    assert_eq!(t.save(&g), snapshot, "{c:?}: byte {at} half-restored");
                }
            }
        }
        // Counters and flags may legitimately change; records, pairs and heap cannot.
        assert!(
            accepted < (good.len() - 28) / 2,
            "{c:?}: {accepted} damaged snapshots accepted"
        );
        // Random garbage with a valid frame.
        for _ in 0..200 {
            let mut junk = good.clone();
            for b in &mut junk[28..] {
                if r.chance(1, 8) {
                    *b = r.below(256) as u8;
                }
            }
            reseal(&mut junk);
            let mut t = Eng::new(c);
            if t.restore(&g, &junk).is_ok() {
                t.finish(&maps, 1000);
            }
        }
    }
}

#[test]
fn a_snapshot_of_one_finder_is_refused_by_the_other() {
    let g = with_cost(maze(3, 41, 31), 1.0);
    let maps = Maps::new(&g);
    let (_, bits) = mid_search(Config::Jps { improved: false }, &g, &maps, 5);
    let (_, tables) = mid_search(Config::JpsPlus { improved: false }, &g, &maps, 5);
    assert!(
        Eng::new(Config::JpsPlus { improved: false })
            .restore(&g, &bits)
            .is_err()
    );
    assert!(
        Eng::new(Config::Jps { improved: false })
            .restore(&g, &tables)
            .is_err()
    );
    let (_, astar) = mid_search(Config::AStar(Estimate::Octile), &g, &maps, 5);
    assert!(matches!(
        Eng::new(Config::Jps { improved: false }).restore(&g, &astar),
        Err(StateError::WrongKind {
            expected: 5,
            found: 4
        })
    ));
}

// ---------------------------------------------------------------------------------------------
// Engine choice: GridSearch and find_path

#[test]
fn the_handle_chooses_the_engine_the_spec_says() {
    let g = with_cost(random_grid(6, 70, 30, 6, false), 1.0);
    let mut costly = g.clone();
    costly.set_area_cost(3, 2.0).unwrap(); // multipliers differ: no jump point search
    let (s, t) = common::far_endpoints(&g, 1).unwrap();
    let cases = [
        (GridOptions::DEFAULT, &g, GridAlgorithm::AStar, true),
        (
            GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps),
            &g,
            GridAlgorithm::Jps,
            true,
        ),
        (
            GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus),
            &g,
            GridAlgorithm::JpsPlus,
            true,
        ),
        (
            GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero),
            &g,
            GridAlgorithm::AStar,
            true,
        ),
        (
            GridOptions::DEFAULT.with_heuristic(HeuristicKind::Octile),
            &g,
            GridAlgorithm::AStar,
            true,
        ),
        (GridOptions::DEFAULT, &costly, GridAlgorithm::AStar, false),
        (
            GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps),
            &costly,
            GridAlgorithm::AStar,
            false,
        ),
        (GridOptions::FOUR_CONNECTED, &g, GridAlgorithm::AStar, false),
        (GridOptions::NO_SQUEEZING, &g, GridAlgorithm::AStar, false),
        (
            GridOptions::for_agent_size(2),
            &g,
            GridAlgorithm::AStar,
            false,
        ),
        (
            GridOptions::DEFAULT.with_weight(1.5),
            &g,
            GridAlgorithm::AStar,
            false,
        ),
        (
            GridOptions::DEFAULT.with_heuristic(HeuristicKind::Manhattan),
            &g,
            GridAlgorithm::AStar,
            false,
        ),
        (
            GridOptions::DEFAULT.with_specialized_engines(false),
            &g,
            GridAlgorithm::AStar,
            false,
        ),
        (
            GridOptions::DEFAULT
                .with_algorithm(GridAlgorithm::JpsPlus)
                .with_specialized_engines(false),
            &g,
            GridAlgorithm::JpsPlus,
            false,
        ),
    ];
    for (o, grid, family, specialized) in cases {
        let (s, t) = if o.agent_size > 1 {
            common::far_endpoints(grid, o.agent_size).unwrap()
        } else {
            (s, t)
        };
        let p = grid.find_path(s, t, &o).unwrap();
        assert!(p.is_found(), "{o:?}");
        assert_eq!((p.algorithm, p.specialized), (family, specialized), "{o:?}");
        let mut h = GridSearch::new(o).unwrap();
        let _ = h.try_begin(grid, s, t);
        assert_eq!(
            (h.algorithm(), h.specialized()),
            (family, specialized),
            "{o:?}"
        );
        // The handle in slices returns what find_path returns.
        while h.step(grid, 11).unwrap() == Step::InProgress {}
        assert_eq!(
            h.to_path(grid).expect("the grid the search is bound to"),
            p,
            "{o:?}"
        );
        // Recording works on every engine.
        let rec = grid
            .find_path(s, t, &o.with_record_expansions(true))
            .unwrap();
        assert_eq!(rec.expanded.len() as u32, rec.expansions, "{o:?}");
    }
}

#[test]
fn switched_off_equals_a_hand_built_generic_astar_cell_for_cell() {
    let mut r = SplitMix64::new(7);
    for (i, g) in maps(7, 60).into_iter().enumerate() {
        let m = g.areas().min_cost();
        let topo =
            SquareTopology::new(&g, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
        let mut hand = AStar::new(DefaultStepCost, OctileHeuristic::new(g.width(), m));
        let off = GridOptions::DEFAULT.with_specialized_engines(false);
        for (s, t) in queries(&g, &mut r, 4) {
            let p = g.find_path(g.cell_of(s), g.cell_of(t), &off).unwrap();
            assert!(!p.specialized);
            let _ = hand.try_begin(&topo, s, t);
            let _ = hand.run(&topo);
            let cells: Vec<Cell> = hand.path().iter().map(|&n| g.cell_of(n)).collect();
            assert_eq!(p.cells, cells, "map {i}");
            assert_eq!(p.cost.to_bits(), hand.cost().to_bits(), "map {i}");
            assert_eq!(
                (p.iterations, p.expansions),
                (hand.iterations(), hand.expansions())
            );
            // And on: same cost, maybe another path.
            let on = g
                .find_path(g.cell_of(s), g.cell_of(t), &GridOptions::DEFAULT)
                .unwrap();
            assert_eq!(on.status, p.status);
            if p.is_found() {
                assert!(on.specialized);
                assert!((on.cost - p.cost).abs() <= 1e-9 * p.cost.max(1.0));
            }
        }
    }
}

#[test]
fn handle_snapshots_nest_the_running_engine() {
    let g = with_cost(maze(8, 51, 41), 2.5);
    let (s, t) = common::far_endpoints(&g, 1).unwrap();
    for (alg, kind) in [
        (GridAlgorithm::AStar, 4u16),
        (GridAlgorithm::Jps, 5),
        (GridAlgorithm::JpsPlus, 5),
    ] {
        let o = GridOptions::DEFAULT.with_algorithm(alg);
        let mut h = GridSearch::new(o).unwrap();
        let _ = h.try_begin(&g, s, t);
        let _ = h.step(&g, 20).unwrap();
        let mut b = vec![0; h.state_size()];
        h.save_state(&g, &mut b).unwrap();
        // Header 28 + fixed options 22: the nested frame's kind sits at 50 + 6.
        assert_eq!(u16::from_le_bytes([b[56], b[57]]), kind, "{alg:?}");
        let expected = {
            while h.step(&g, 1000).unwrap() == Step::InProgress {}
            h.to_path(&g).expect("the grid the search is bound to")
        };
        let mut fresh = GridSearch::new(GridOptions::FOUR_CONNECTED).unwrap();
        fresh.restore_state(&g, &b).unwrap();
        assert!(fresh.specialized());
        while fresh.step(&g, 3).unwrap() == Step::InProgress {}
        assert_eq!(
            fresh.to_path(&g).expect("the grid the search is bound to"),
            expected,
            "{alg:?}"
        );
        // Switched off, the same options refuse the specialised engine's snapshot.
        let mut off = b.clone();
        off[28 + 16] &= !2;
        reseal(&mut off);
        assert!(GridSearch::new(o).unwrap().restore_state(&g, &off).is_err());
    }
    // An idle handle's snapshot (generic kind 2) restores into any handle, idle.
    let idle = GridSearch::new(GridOptions::DEFAULT).unwrap();
    let mut b = vec![0; idle.state_size()];
    idle.save_state(&g, &mut b).unwrap();
    let mut h = GridSearch::new(GridOptions::DEFAULT).unwrap();
    let _ = h.try_begin(&g, s, t);
    let _ = h.step(&g, 4).unwrap();
    h.restore_state(&g, &b).unwrap();
    assert_eq!(h.state(), Step::Idle);
}

#[test]
fn a_kept_handle_follows_edits_on_every_specialised_engine() {
    let mut r = SplitMix64::new(9);
    for seed in 0..60u64 {
        let (w, h) = (2 + r.below(100), 2 + r.below(40));
        let mut g = random_grid(seed, w, h, r.below(30), false);
        let mut kept = [
            GridAlgorithm::AStar,
            GridAlgorithm::Jps,
            GridAlgorithm::JpsPlus,
        ]
        .map(|a| GridSearch::new(GridOptions::DEFAULT.with_algorithm(a)).unwrap());
        for round in 0..5 {
            for _ in 0..if round == 4 { 80 } else { 1 + r.below(4) } {
                let c = Cell::new(r.below(w) as i32, r.below(h) as i32);
                g.set_walkable(c, r.chance(2, 3)).unwrap();
            }
            let (s, t) = (g.cell_of(r.below(w * h)), g.cell_of(r.below(w * h)));
            for k in &mut kept {
                let o = *k.options();
                let fresh = g.find_path(s, t, &o).unwrap();
                if k.try_begin(&g, s, t) == Step::InProgress {
                    while k.step(&g, 5).unwrap() == Step::InProgress {}
                    assert_eq!(
                        k.to_path(&g).expect("the grid the search is bound to"),
                        fresh,
                        "seed {seed} round {round} {o:?}"
                    );
                    assert!(k.specialized());
                }
            }
        }
    }
}
