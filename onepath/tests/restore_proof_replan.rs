//! Issue 27, kind 8 (LPA* / D* Lite): restore accepts only states the replanner can be in, and
//! a refused restore changes nothing.
//!
//! - The issue's reproducer (LPA*, 3 × 3, one pop, the state byte set to `Found` in a state the
//!   loop would not stop in) is refused and the target — engine and tier-1 handle — keeps its
//!   bytes and its answer.
//! - Every state the engine saves on the way (every pop, after edits read from the journal,
//!   after start moves and goal changes) restores, saves back the same bytes and continues bit
//!   for bit: square grids (4 and 8 moves, the diagonal rules, agent size 2, walls, areas) and
//!   hex grids, LPA* and D* Lite, tier 1 and tier 2.
//! - Thousands of hostile snapshots made from those saves (byte damage, truncations, state
//!   bytes, counters, `g` / `rhs` values, keys, dropped or added queue entries, pending nodes,
//!   splices from another map of the same size, all resealed) are either refused with the
//!   target byte-identical and answering as before, or restored and continued, within a step
//!   bound, to the answer a fresh A* gives.

mod common;

use common::frame::{resealed_len, unhex};

use common::random_grid;
use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
use onepath::hex::{HexDistanceHeuristic, HexTopology};
use onepath::math::SplitMix64;
use onepath::replan::{ReplanSearch, ReplanVariant, follow_hex_journal, follow_square_journal};
use onepath::search::Step;
use onepath::state::{Fnv1a64, HEADER_LEN, StateError};
use onepath::topology::{
    DefaultStepCost, Heuristic, ManhattanHeuristic, OctileHeuristic, Topology, ZeroHeuristic,
};
use onepath::{
    Cell, Grid, GridAlgorithm, GridOptions, GridReplanner, HeuristicKind, HexGrid, HexLayout,
    HexReplanner, PathStatus,
};

// ---------------------------------------------------------------------------------------------
// Snapshot surgery: the kind 8 payload as fields, written back in the canonical queue order and
// resealed (length and checksum), so the payload checks answer.

#[derive(Clone, Debug)]
struct Snap {
    head: Vec<u8>,
    variant: u8,
    n: u32,
    root: u32,
    focus: u32,
    km: f64,
    state: u8,
    iterations: u32,
    expansions: u32,
    restart: u8,
    pending: Vec<u32>,
    g: Vec<f64>,
    rhs: Vec<f64>,
    open: Vec<(u32, f64, f64)>,
    /// The handle byte and section, as saved.
    tail: Vec<u8>,
}

struct At<'a>(&'a [u8], usize);

impl At<'_> {
    fn take(&mut self, k: usize) -> &[u8] {
        let s = &self.0[self.1..self.1 + k];
        self.1 += k;
        s
    }
    fn u8(&mut self) -> u8 {
        self.take(1)[0]
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take(4).try_into().unwrap())
    }
    fn f64(&mut self) -> f64 {
        f64::from_le_bytes(self.take(8).try_into().unwrap())
    }
}

impl Snap {
    fn parse(bytes: &[u8]) -> Snap {
        let mut r = At(bytes, HEADER_LEN);
        let variant = r.u8();
        let n = r.u32();
        let (root, focus) = (r.u32(), r.u32());
        let km = r.f64();
        let state = r.u8();
        let (iterations, expansions) = (r.u32(), r.u32());
        let restart = r.u8();
        let k = r.u32();
        let pending = (0..k).map(|_| r.u32()).collect();
        let nodes = if root == u32::MAX { 0 } else { n };
        let (mut g, mut rhs) = (Vec::new(), Vec::new());
        for _ in 0..nodes {
            g.push(r.f64());
            rhs.push(r.f64());
        }
        let q = r.u32();
        let open = (0..q).map(|_| (r.u32(), r.f64(), r.f64())).collect();
        let tail = bytes[r.1..].to_vec();
        Snap {
            head: bytes[..HEADER_LEN].to_vec(),
            variant,
            n,
            root,
            focus,
            km,
            state,
            iterations,
            expansions,
            restart,
            pending,
            g,
            rhs,
            open,
            tail,
        }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut b = self.head.clone();
        b.push(self.variant);
        b.extend(self.n.to_le_bytes());
        b.extend(self.root.to_le_bytes());
        b.extend(self.focus.to_le_bytes());
        b.extend(self.km.to_le_bytes());
        b.push(self.state);
        b.extend(self.iterations.to_le_bytes());
        b.extend(self.expansions.to_le_bytes());
        b.push(self.restart);
        b.extend((self.pending.len() as u32).to_le_bytes());
        for p in &self.pending {
            b.extend(p.to_le_bytes());
        }
        for i in 0..self.g.len() {
            b.extend(self.g[i].to_le_bytes());
            b.extend(self.rhs[i].to_le_bytes());
        }
        let mut open = self.open.clone();
        open.sort_by(|a, b| {
            a.1.total_cmp(&b.1)
                .then(a.2.total_cmp(&b.2))
                .then(a.0.cmp(&b.0))
        });
        b.extend((open.len() as u32).to_le_bytes());
        for (node, k1, k2) in open {
            b.extend(node.to_le_bytes());
            b.extend(k1.to_le_bytes());
            b.extend(k2.to_le_bytes());
        }
        b.extend(&self.tail);
        resealed_len(b)
    }

    fn begun(&self) -> bool {
        self.root != u32::MAX && !self.g.is_empty()
    }

    /// The offset `k1 - k2` a key of `node` has, when the snapshot holds one, else `km` (the
    /// exact offset under the zero estimate).
    fn offset(&self, node: u32) -> f64 {
        self.open
            .iter()
            .find(|e| e.0 == node)
            .map_or(self.km, |e| e.1 - e.2)
    }

    /// Queues `node` with the key its values give (offset as above), or dequeues it when
    /// consistent — the membership rule the engine keeps.
    fn requeue(&mut self, node: u32) {
        let i = node as usize;
        let off = self.offset(node);
        self.open.retain(|e| e.0 != node);
        let (g, rhs) = (self.g[i], self.rhs[i]);
        if !onepath::replan::approx_eq(g, rhs) {
            let m = g.min(rhs);
            self.open.push((node, m + off, m));
        }
    }
}

fn value(rng: &mut SplitMix64, cur: f64, other: f64) -> f64 {
    match rng.below(13) {
        0 => 0.0,
        1 => f64::INFINITY,
        2 => f64::NAN,
        3 => -1.0,
        4 => other,
        5 => cur * 2.0,
        6 => cur + 1.0,
        7 => cur * (1.0 + 1e-12),
        8 => cur * (1.0 + 1e-9),
        9 => 1e300,
        10 => f64::from(rng.below(4000)) / 100.0,
        11 => -0.0,
        _ => cur - 0.5,
    }
}

fn counter(rng: &mut SplitMix64, cur: u32) -> u32 {
    match rng.below(6) {
        0 => 0,
        1 => u32::MAX,
        2 => u32::MAX - 1,
        3 => cur.wrapping_add(1),
        4 => cur / 2,
        _ => rng.below(1000),
    }
}

/// One hostile snapshot made from `bytes` (a real save); `others` are real saves of another
/// map of the same size, spliced in under this one's header. Returns the bytes and the kind of
/// edit.
fn mutate(rng: &mut SplitMix64, bytes: &[u8], others: &[Vec<u8>]) -> (Vec<u8>, &'static str) {
    let mut s = Snap::parse(bytes);
    let n = s.g.len() as u32;
    let node = |rng: &mut SplitMix64| rng.below(n.max(1));
    let kind = rng.below(24);
    let name = match kind {
        0 | 1 => {
            let mut b = bytes.to_vec();
            for _ in 0..=rng.below(2) {
                let i = HEADER_LEN + rng.below((b.len() - HEADER_LEN) as u32) as usize;
                b[i] ^= 1 << rng.below(8);
            }
            return (resealed_len(b), "byte flip");
        }
        2 => {
            let mut b = bytes.to_vec();
            let cut = 1 + rng.below(((b.len() - HEADER_LEN) as u32).min(48)) as usize;
            if rng.below(2) == 0 {
                b.truncate(b.len() - cut);
            } else {
                let at = HEADER_LEN + rng.below((b.len() - HEADER_LEN - cut) as u32 + 1) as usize;
                b.drain(at..at + cut);
            }
            return (resealed_len(b), "truncation");
        }
        3 => {
            let mut b = bytes.to_vec();
            for _ in 0..=rng.below(23) {
                b.push(rng.below(256) as u8);
            }
            return (resealed_len(b), "extension");
        }
        4 => {
            s.state = rng.below(6) as u8;
            "state byte"
        }
        5 => {
            if rng.below(2) == 0 {
                s.iterations = counter(rng, s.iterations);
            } else {
                s.expansions = counter(rng, s.expansions);
            }
            "counters"
        }
        6 | 7 if s.begun() => {
            let i = node(rng) as usize;
            let j = node(rng) as usize;
            if kind == 6 {
                s.g[i] = value(rng, s.g[i], s.g[j]);
            } else {
                s.rhs[i] = value(rng, s.rhs[i], s.rhs[j]);
            }
            "g or rhs value"
        }
        8 if !s.open.is_empty() => {
            let i = rng.below(s.open.len() as u32) as usize;
            s.open.remove(i);
            "open entry dropped"
        }
        9 if !s.open.is_empty() => {
            // Dropped and the node made consistent: membership holds, the rhs rule must not.
            let i = rng.below(s.open.len() as u32) as usize;
            let (v, _, _) = s.open.remove(i);
            s.g[v as usize] = s.rhs[v as usize];
            "open entry settled"
        }
        10 if s.begun() => {
            // Every node settled at its rhs, no queue: a finished-looking state.
            s.g.clone_from(&s.rhs);
            s.open.clear();
            s.state = 1 + rng.below(3) as u8;
            "all settled"
        }
        11 if s.begun() => {
            // A g the engine would not hold, with the queue kept consistent with it.
            let i = node(rng);
            let j = node(rng) as usize;
            s.g[i as usize] = value(rng, s.g[i as usize], s.g[j]);
            s.requeue(i);
            "consistent g edit"
        }
        12 if s.begun() => {
            let i = node(rng);
            let j = node(rng) as usize;
            s.rhs[i as usize] = value(rng, s.rhs[i as usize], s.rhs[j]);
            s.requeue(i);
            "consistent rhs edit"
        }
        13 if !s.open.is_empty() => {
            let i = rng.below(s.open.len() as u32) as usize;
            let e = &mut s.open[i];
            if rng.below(2) == 0 {
                e.1 = value(rng, e.1, e.2);
            } else {
                e.2 = value(rng, e.2, e.1);
            }
            "key value"
        }
        14 if s.begun() => {
            // A consistent node queued anyway, with its key.
            let i = node(rng);
            let m = s.g[i as usize].min(s.rhs[i as usize]);
            let off = s.offset(i);
            s.open.retain(|e| e.0 != i);
            s.open.push((i, m + off, m));
            "consistent node queued"
        }
        15 => {
            match rng.below(4) {
                0 => s.pending.push(node(rng)),
                1 => s.pending.clear(),
                2 => {
                    for _ in 0..=n {
                        s.pending.push(node(rng));
                    }
                }
                _ => s.pending.push(n + rng.below(3)),
            }
            "pending"
        }
        16 => {
            s.restart ^= 1 + (rng.below(4) == 0) as u8;
            if rng.below(2) == 0 {
                s.pending.clear();
            }
            "restart flag"
        }
        17 => {
            s.km = value(rng, s.km, 1.0);
            "km"
        }
        18 => {
            match rng.below(3) {
                0 => s.root = node(rng),
                1 => s.focus = node(rng),
                _ => core::mem::swap(&mut s.root, &mut s.focus),
            }
            "endpoints"
        }
        19 if s.tail.len() > 1 => {
            let i = 1 + rng.below(s.tail.len() as u32 - 1) as usize;
            s.tail[i] = if rng.below(2) == 0 {
                rng.below(256) as u8
            } else {
                s.tail[i] ^ 1
            };
            "handle section"
        }
        20 if !others.is_empty() => {
            // Another map's state under this map's header.
            let o = &others[rng.below(others.len() as u32) as usize];
            let mut b = bytes[..HEADER_LEN].to_vec();
            b.extend(&o[HEADER_LEN..]);
            return (resealed_len(b), "splice from another map");
        }
        21 if !others.is_empty() && s.begun() => {
            // Another map's g and rhs, this state's queue and counters.
            let o = Snap::parse(&others[rng.below(others.len() as u32) as usize]);
            if o.g.len() == s.g.len() {
                s.g = o.g;
                s.rhs = o.rhs;
            }
            "splice of g and rhs"
        }
        22 if s.begun() => {
            // Finished with the queue dropped (open leaves closed).
            s.open.clear();
            s.state = 2 + rng.below(2) as u8;
            "finished, queue dropped"
        }
        _ if s.begun() => {
            // Within the tolerance: a g the engine could hold on a consistent node.
            let i = node(rng) as usize;
            s.g[i] = s.rhs[i] * (1.0 + 5e-12 * (rng.below(3) as f64 - 1.0));
            "g within tolerance"
        }
        _ => {
            s.state ^= 1;
            "state bit"
        }
    };
    (s.bytes(), name)
}

// ---------------------------------------------------------------------------------------------
// Tier 1: the square and hex handles behind one trait.

type Seen = (PathStatus, u64, Vec<Cell>, u32, u32, (Cell, Cell));

trait World: Sized + Clone {
    type Unit: Clone;
    fn dims(&self) -> (i32, i32);
    fn create(&self, start: Cell, goal: Cell, o: &GridOptions) -> Self::Unit;
    fn save(u: &mut Self::Unit, w: &Self) -> Vec<u8>;
    fn restore(u: &mut Self::Unit, w: &Self, b: &[u8]) -> Result<(), StateError>;
    fn replan(u: &mut Self::Unit, w: &Self, budget: u32) -> PathStatus;
    fn seen(u: &Self::Unit) -> Seen;
    fn move_start(u: &mut Self::Unit, c: Cell);
    fn set_goal(u: &mut Self::Unit, c: Cell);
    fn fresh(&self, s: Cell, g: Cell, o: &GridOptions) -> (PathStatus, f64);
    fn open(&self, c: Cell) -> bool;
    /// An edit at `c`: a wall appears or goes, or the area changes.
    fn edit(&mut self, c: Cell, rng: &mut SplitMix64);
}

impl World for Grid {
    type Unit = GridReplanner;
    fn dims(&self) -> (i32, i32) {
        (self.width() as i32, self.height() as i32)
    }
    fn create(&self, start: Cell, goal: Cell, o: &GridOptions) -> GridReplanner {
        self.create_replanner(start, goal, o).unwrap()
    }
    fn save(u: &mut GridReplanner, w: &Grid) -> Vec<u8> {
        let mut b = vec![0; u.state_size(w)];
        u.save_state(w, &mut b).unwrap();
        b
    }
    fn restore(u: &mut GridReplanner, w: &Grid, b: &[u8]) -> Result<(), StateError> {
        u.restore_state(w, b)
    }
    fn replan(u: &mut GridReplanner, w: &Grid, budget: u32) -> PathStatus {
        u.try_replan(w, budget).unwrap()
    }
    fn seen(u: &GridReplanner) -> Seen {
        (
            u.status(),
            u.cost().to_bits(),
            u.path().to_vec(),
            u.iterations(),
            u.expansions(),
            u.endpoints(),
        )
    }
    fn move_start(u: &mut GridReplanner, c: Cell) {
        u.move_start(c);
    }
    fn set_goal(u: &mut GridReplanner, c: Cell) {
        u.set_goal(c);
    }
    fn fresh(&self, s: Cell, g: Cell, o: &GridOptions) -> (PathStatus, f64) {
        let p = self
            .find_path(s, g, &o.with_algorithm(GridAlgorithm::AStar))
            .unwrap();
        (p.status, p.cost)
    }
    fn open(&self, c: Cell) -> bool {
        self.is_walkable(c)
    }
    fn edit(&mut self, c: Cell, rng: &mut SplitMix64) {
        let area = match rng.below(3) {
            0 if self.is_walkable(c) => 255,
            1 => rng.below(4) as u8,
            _ => 0,
        };
        self.set_area(c, area).unwrap();
    }
}

impl World for HexGrid {
    type Unit = HexReplanner;
    fn dims(&self) -> (i32, i32) {
        (self.width() as i32, self.height() as i32)
    }
    fn create(&self, start: Cell, goal: Cell, o: &GridOptions) -> HexReplanner {
        self.create_replanner(start, goal, o).unwrap()
    }
    fn save(u: &mut HexReplanner, w: &HexGrid) -> Vec<u8> {
        let mut b = vec![0; u.state_size(w)];
        u.save_state(w, &mut b).unwrap();
        b
    }
    fn restore(u: &mut HexReplanner, w: &HexGrid, b: &[u8]) -> Result<(), StateError> {
        u.restore_state(w, b)
    }
    fn replan(u: &mut HexReplanner, w: &HexGrid, budget: u32) -> PathStatus {
        u.try_replan(w, budget).unwrap()
    }
    fn seen(u: &HexReplanner) -> Seen {
        (
            u.status(),
            u.cost().to_bits(),
            u.path().to_vec(),
            u.iterations(),
            u.expansions(),
            u.endpoints(),
        )
    }
    fn move_start(u: &mut HexReplanner, c: Cell) {
        u.move_start(c);
    }
    fn set_goal(u: &mut HexReplanner, c: Cell) {
        u.set_goal(c);
    }
    fn fresh(&self, s: Cell, g: Cell, o: &GridOptions) -> (PathStatus, f64) {
        let p = self
            .find_path(s, g, &o.with_algorithm(GridAlgorithm::AStar))
            .unwrap();
        (p.status, p.cost)
    }
    fn open(&self, c: Cell) -> bool {
        self.is_walkable(c)
    }
    fn edit(&mut self, c: Cell, rng: &mut SplitMix64) {
        let area = match rng.below(3) {
            0 if self.is_walkable(c) => 255,
            1 => rng.below(4) as u8,
            _ => 0,
        };
        self.set_area(c, area).unwrap();
    }
}

/// A hex grid with walls and areas (multipliers 1, 1.5, 2, 0.5).
fn hex_world(seed: u64, w: u32, h: u32, layout: HexLayout) -> HexGrid {
    let mut r = SplitMix64::new(seed);
    let cells = (0..w * h)
        .map(|_| {
            if r.chance(18, 100) {
                255
            } else {
                r.below(4) as u8
            }
        })
        .collect();
    let mut g = HexGrid::from_areas(w, h, layout, cells).unwrap();
    g.set_area_cost(1, 1.5).unwrap();
    g.set_area_cost(2, 2.0).unwrap();
    g.set_area_cost(3, 0.5).unwrap();
    g
}

/// The cases: a map, its twin of the same size (other walls), options, endpoints.
struct Case<W> {
    name: String,
    world: W,
    other: W,
    options: GridOptions,
    start: Cell,
    goal: Cell,
}

fn square_cases() -> Vec<Case<Grid>> {
    let opts = [
        (GridOptions::DEFAULT, true),
        (GridOptions::FOUR_CONNECTED, false),
        (GridOptions::NO_SQUEEZING, true),
        (
            GridOptions::DEFAULT
                .with_diagonal_rule(DiagonalRule::AllowAll)
                .with_heuristic(HeuristicKind::Zero),
            true,
        ),
        (GridOptions::for_agent_size(2), false),
        (
            GridOptions::FOUR_CONNECTED.with_heuristic(HeuristicKind::Zero),
            true,
        ),
    ];
    let mut out = Vec::new();
    for (k, (o, areas)) in opts.into_iter().enumerate() {
        for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
            let seed = 40 + k as u64;
            let (w, h) = (12, 9);
            let clear = |mut g: Grid| {
                g.set_rect(0, 0, 3, 3, 0).unwrap();
                g.set_rect(w - 3, h - 3, 3, 3, 0).unwrap();
                g
            };
            out.push(Case {
                name: format!("square {k} {alg:?}"),
                world: clear(random_grid(seed, w as u32, h as u32, 22, areas)),
                other: clear(random_grid(seed + 100, w as u32, h as u32, 22, areas)),
                options: o.with_algorithm(alg),
                start: Cell::new(0, 0),
                goal: Cell::new(w - 1, h - 1),
            });
        }
    }
    out
}

fn hex_cases() -> Vec<Case<HexGrid>> {
    let mut out = Vec::new();
    for (k, layout) in [HexLayout::PointyOddRow, HexLayout::FlatEvenColumn]
        .into_iter()
        .enumerate()
    {
        for h in [HeuristicKind::Auto, HeuristicKind::Zero] {
            for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
                let clear = |mut g: HexGrid| {
                    g.set_area(Cell::new(0, 0), 0).unwrap();
                    g.set_area(Cell::new(10, 7), 0).unwrap();
                    g
                };
                out.push(Case {
                    name: format!("hex {layout:?} {h:?} {alg:?}"),
                    world: clear(hex_world(70 + k as u64, 11, 8, layout)),
                    other: clear(hex_world(170 + k as u64, 11, 8, layout)),
                    options: GridOptions::DEFAULT.with_algorithm(alg).with_heuristic(h),
                    start: Cell::new(0, 0),
                    goal: Cell::new(10, 7),
                });
            }
        }
    }
    out
}

/// A cell on or beside the path, away from its endpoints.
fn near(rng: &mut SplitMix64, path: &[Cell], (w, h): (i32, i32), ends: &[Cell]) -> Option<Cell> {
    let c = if path.is_empty() {
        Cell::new(rng.below(w as u32) as i32, rng.below(h as u32) as i32)
    } else {
        path[rng.below(path.len() as u32) as usize]
    };
    let c = Cell::new(
        (c.x + rng.below(3) as i32 - 1).clamp(0, w - 1),
        (c.y + rng.below(3) as i32 - 1).clamp(0, h - 1),
    );
    let far = ends
        .iter()
        .all(|e| (e.x - c.x).abs() > 1 || (e.y - c.y).abs() > 1);
    far.then_some(c)
}

/// Drives a replanner through a life — budgets of one pop, edits read from the journal, start
/// moves, a new goal — calling `at` after every call with the replanner and the map as they
/// are.
fn life<W: World>(
    case: &mut Case<W>,
    seed: u64,
    at: &mut dyn FnMut(&mut W::Unit, &W, &'static str),
) {
    let mut rng = SplitMix64::new(seed);
    let mut unit = case.world.create(case.start, case.goal, &case.options);
    at(&mut unit, &case.world, "created");
    let mut goal = case.goal;
    for round in 0..5 {
        for _ in 0..400 {
            let s = W::replan(&mut unit, &case.world, 1);
            at(&mut unit, &case.world, "one pop");
            if s != PathStatus::BudgetExhausted {
                break;
            }
        }
        let path = W::seen(&unit).2;
        let ends = [W::seen(&unit).5.0, goal];
        for _ in 0..=rng.below(2) {
            if let Some(c) = near(&mut rng, &path, case.world.dims(), &ends) {
                case.world.edit(c, &mut rng);
            }
        }
        at(&mut unit, &case.world, "after edits");
        if round % 2 == 1 && path.len() > 2 {
            W::move_start(&mut unit, path[1]);
            at(&mut unit, &case.world, "after a start move");
        }
        if round == 3 {
            let c = Cell::new(case.world.dims().0 - 1, 0);
            if case.world.open(c) {
                goal = c;
                W::set_goal(&mut unit, c);
                at(&mut unit, &case.world, "after a new goal");
            }
        }
    }
    for _ in 0..400 {
        let s = W::replan(&mut unit, &case.world, 1);
        at(&mut unit, &case.world, "one pop");
        if s != PathStatus::BudgetExhausted {
            break;
        }
    }
}

/// Every state the handle saves restores into a new handle and a used one, saves back the same
/// bytes and continues bit for bit as the handle that saved it.
fn own_saves_continue_alike<W: World>(cases: &mut [Case<W>]) -> usize {
    let mut checked = 0;
    for (k, case) in cases.iter_mut().enumerate() {
        let mut used = case.other.create(case.goal, case.start, &case.options);
        let _ = W::replan(&mut used, &case.other, u32::MAX);
        let (options, name) = (case.options, case.name.clone());
        let used_template = used;
        life(case, k as u64, &mut |unit, world, when| {
            let bytes = W::save(unit, world);
            let mut fresh = world.create(Cell::new(1, 1), Cell::new(2, 2), &options);
            let mut used = used_template.clone();
            for target in [&mut fresh, &mut used] {
                W::restore(target, world, &bytes)
                    .unwrap_or_else(|e| panic!("{name}, {when}: own state refused: {e}"));
                assert_eq!(W::save(target, world), bytes, "{name}, {when}: saved back");
                let mut reference = unit.clone();
                let a = W::replan(&mut reference, world, u32::MAX);
                let b = W::replan(target, world, u32::MAX);
                assert_eq!(a, b, "{name}, {when}");
                assert_eq!(W::seen(&reference), W::seen(target), "{name}, {when}");
                checked += 1;
            }
        });
    }
    checked
}

#[derive(Default, Debug)]
struct Tally {
    refused: usize,
    accepted: usize,
    by_kind: std::collections::BTreeMap<&'static str, (usize, usize)>,
}

/// Hostile snapshots from the handle's own saves, at every point of its life on the map as it
/// is then: refused with the target byte-identical and answering as an untouched copy, or
/// restored and continued, within a bound of pops, to a fresh A*'s answer.
fn hostile<W: World>(cases: &mut [Case<W>], per_save: usize) -> Tally {
    let mut tally = Tally::default();
    for (k, case) in cases.iter_mut().enumerate() {
        // Saves of another map of the same size, for splices.
        let mut others = Vec::new();
        {
            let mut other = Case {
                name: String::new(),
                world: case.other.clone(),
                other: case.other.clone(),
                options: case.options,
                start: case.start,
                goal: case.goal,
            };
            life(&mut other, 1000 + k as u64, &mut |u, w, _| {
                others.push(W::save(u, w));
            });
        }
        let (name, options, start, goal) = (case.name.clone(), case.options, case.start, case.goal);
        let mut done = case.world.create(start, goal, &options);
        let _ = W::replan(&mut done, &case.world, u32::MAX);
        let mut rng = SplitMix64::new(0xbad + k as u64);
        let (w, h) = case.world.dims();
        let bound = 64 * (w * h) as u32 + 1000;
        let mut m = 0usize;
        life(case, k as u64, &mut |unit, world, when| {
            let base = W::save(unit, world);
            let targets = [
                unit.clone(),
                world.create(start, goal, &options),
                done.clone(),
            ];
            for _ in 0..per_save {
                m += 1;
                let (bad, kind) = mutate(&mut rng, &base, &others);
                let template = &targets[rng.below(3) as usize];
                let mut target = template.clone();
                let before = W::save(&mut target, world);
                let seen_before = W::seen(&target);
                let entry = tally.by_kind.entry(kind).or_default();
                if W::restore(&mut target, world, &bad).is_err() {
                    tally.refused += 1;
                    entry.0 += 1;
                    assert_eq!(
                        W::save(&mut target, world),
                        before,
                        "{name}, {when}: refused {kind} (#{m}) changed the target"
                    );
                    assert_eq!(W::seen(&target), seen_before, "{name}: {kind} #{m}");
                    if m.is_multiple_of(4) {
                        let mut untouched = template.clone();
                        W::save(&mut untouched, world);
                        let a = W::replan(&mut untouched, world, u32::MAX);
                        let b = W::replan(&mut target, world, u32::MAX);
                        assert_eq!(a, b, "{name}: {kind} #{m}");
                        assert_eq!(W::seen(&untouched), W::seen(&target), "{kind} #{m}");
                    }
                } else {
                    tally.accepted += 1;
                    entry.1 += 1;
                    let s = W::replan(&mut target, world, bound);
                    assert_ne!(
                        s,
                        PathStatus::BudgetExhausted,
                        "{name}, {when}: accepted {kind} #{m} did not finish in {bound} pops"
                    );
                    let (a, b) = W::seen(&target).5;
                    let (fs, fc) = world.fresh(a, b, &options);
                    assert_eq!(s, fs, "{name}, {when}: accepted {kind} #{m}");
                    if s == PathStatus::Found {
                        let cost = f64::from_bits(W::seen(&target).1);
                        assert!(
                            (cost - fc).abs() <= 1e-9 * fc.max(1.0),
                            "{name}, {when}: accepted {kind} #{m}: cost {cost}, fresh {fc}"
                        );
                    }
                }
            }
        });
    }
    tally
}

// ---------------------------------------------------------------------------------------------
// The issue's reproducer.

const ISSUE_KIND_8: &str = "4f50534e0200080009010000d34ce288809e8380b34967d3680c9a2b000900000000000000080000000000000000000000020100000001000000000000000000000000000000000000000000000000000000000000f07f000000000000f03f000000000000f07f000000000000f07f000000000000f07f000000000000f03f000000000000f07fcd3b7f669ea0f63f000000000000f07f000000000000f07f000000000000f07f000000000000f07f000000000000f07f000000000000f07f000000000000f07f000000000000f07f0300000004000000cd3b7f669ea00640cd3b7f669ea0f63f01000000e69d3f334f500b40000000000000f03f03000000e69d3f334f500b40000000000000f03f01000000000000000002000000020000000101000100";

#[test]
fn the_issue_reproducer_is_refused_and_the_handle_keeps_its_answer() {
    let grid = Grid::new(3, 3).unwrap();
    let options = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::LpaStar);
    let mut unit = grid
        .create_replanner(Cell::new(0, 0), Cell::new(2, 2), &options)
        .unwrap();
    assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
    let before = Grid::save(&mut unit, &grid);
    let seen = Grid::seen(&unit);
    assert_eq!(seen.1, 8f64.sqrt().to_bits());
    assert_eq!(seen.2.len(), 3);
    let bad = unhex(ISSUE_KIND_8);
    assert_eq!(
        unit.restore_state(&grid, &bad),
        Err(StateError::InvalidField {
            field: "replan.state"
        })
    );
    assert_eq!(
        Grid::save(&mut unit, &grid),
        before,
        "the refusal changed the target"
    );
    assert_eq!(Grid::seen(&unit), seen);
    assert_eq!(unit.engine().state(), Step::Found);
    assert_eq!(unit.engine().cost().to_bits(), 8f64.sqrt().to_bits());
    assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
    assert_eq!(Grid::seen(&unit), seen);
    // The same bytes with the state byte left at 1 (in progress) are the engine's own.
    let mut own = Snap::parse(&bad);
    own.state = 1;
    unit.restore_state(&grid, &own.bytes()).unwrap();
    assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
    assert_eq!(unit.cost().to_bits(), 8f64.sqrt().to_bits());
}

#[test]
fn the_issue_reproducer_is_refused_by_the_engine_unchanged() {
    let grid = Grid::new(3, 3).unwrap();
    let topo =
        SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    let mut s = Snap::parse(&unhex(ISSUE_KIND_8));
    s.tail = vec![0]; // without the tier-1 section
    let bad = s.bytes();
    for budget in [0, 1, 3, u32::MAX] {
        let mut e = ReplanSearch::new(
            ReplanVariant::LpaStar,
            DefaultStepCost,
            OctileHeuristic::new(3, 1.0),
        );
        let _ = e.try_begin(&topo, 0, 8);
        let _ = e.step(&topo, budget);
        let untouched = e.clone();
        let before = engine_save(&e, &grid);
        assert_eq!(
            e.restore_state(&topo, grid.content_hash(), &bad),
            Err(StateError::InvalidField {
                field: "replan.state"
            })
        );
        assert_eq!(engine_save(&e, &grid), before);
        same_continuation(untouched, e, &topo);
    }
}

// ---------------------------------------------------------------------------------------------
// Tier 2: the engine itself, with the journal helpers feeding it edits.

fn engine_save<C, H: Heuristic>(e: &ReplanSearch<C, H>, grid: &Grid) -> Vec<u8>
where
    C: onepath::topology::StepCost,
{
    engine_save_hash(e, grid.content_hash())
}

fn engine_save_hash<C, H: Heuristic>(e: &ReplanSearch<C, H>, hash: u64) -> Vec<u8>
where
    C: onepath::topology::StepCost,
{
    let mut b = vec![0; e.state_size()];
    e.save_state(hash, &mut b).unwrap();
    b
}

type EngineSeen = (Step, u64, Vec<u32>, u32, u32, f64);

fn engine_seen<H: Heuristic>(e: &ReplanSearch<DefaultStepCost, H>) -> EngineSeen {
    (
        e.state(),
        e.cost().to_bits(),
        e.path().to_vec(),
        e.iterations(),
        e.expansions(),
        e.km(),
    )
}

/// Both engines continue alike: the same results, counts, paths and cost bits.
fn same_continuation<H: Heuristic + Clone, T: Topology>(
    mut a: ReplanSearch<DefaultStepCost, H>,
    mut b: ReplanSearch<DefaultStepCost, H>,
    topo: &T,
) {
    for budget in [1, 2, u32::MAX] {
        assert_eq!(a.step(topo, budget), b.step(topo, budget));
        assert_eq!(engine_seen(&a), engine_seen(&b));
    }
}

fn start_goal<H: Heuristic>(e: &ReplanSearch<DefaultStepCost, H>) -> (u32, u32) {
    match e.variant() {
        ReplanVariant::LpaStar => (e.root(), e.focus()),
        ReplanVariant::DStarLite => (e.focus(), e.root()),
    }
}

/// A map the engine runs on at tier 2, with what the engine needs of it.
trait EngineMap {
    type H: Heuristic + Clone;
    type T<'a>: Topology
    where
        Self: 'a;
    fn topo(&self) -> Self::T<'_>;
    fn heuristic(&self) -> Self::H;
    /// Feeds the edits since `seen` to the engine (the journal helpers).
    fn follow(&self, e: &mut ReplanSearch<DefaultStepCost, Self::H>, seen: &mut u64);
    fn hash(&self) -> u64;
    fn revision(&self) -> u64;
    /// A wall or an area change at node `n`.
    fn edit(&mut self, n: u32, rng: &mut SplitMix64);
}

fn area(rng: &mut SplitMix64) -> u8 {
    if rng.below(2) == 0 {
        255
    } else {
        rng.below(4) as u8
    }
}

struct SquareMap<H> {
    grid: Grid,
    conn: Connectivity,
    rule: DiagonalRule,
    estimate: fn(&Grid) -> H,
}

impl<H: Heuristic + Clone> EngineMap for SquareMap<H> {
    type H = H;
    type T<'a>
        = SquareTopology<'a>
    where
        H: 'a;
    fn topo(&self) -> SquareTopology<'_> {
        SquareTopology::new(&self.grid, 1, self.conn, self.rule).unwrap()
    }
    fn heuristic(&self) -> H {
        (self.estimate)(&self.grid)
    }
    fn follow(&self, e: &mut ReplanSearch<DefaultStepCost, H>, seen: &mut u64) {
        let _ = follow_square_journal(e, &self.grid, seen, 1);
    }
    fn hash(&self) -> u64 {
        self.grid.content_hash()
    }
    fn revision(&self) -> u64 {
        self.grid.revision()
    }
    fn edit(&mut self, n: u32, rng: &mut SplitMix64) {
        let c = self.grid.cell_of(n);
        self.grid.set_area(c, area(rng)).unwrap();
    }
}

struct HexMap(HexGrid);

impl EngineMap for HexMap {
    type H = HexDistanceHeuristic;
    type T<'a> = HexTopology<'a>;
    fn topo(&self) -> HexTopology<'_> {
        HexTopology::new(&self.0)
    }
    fn heuristic(&self) -> HexDistanceHeuristic {
        HexDistanceHeuristic::new(self.0.width(), self.0.layout(), self.0.areas().min_cost())
    }
    fn follow(&self, e: &mut ReplanSearch<DefaultStepCost, HexDistanceHeuristic>, seen: &mut u64) {
        let _ = follow_hex_journal(e, &self.0, seen);
    }
    /// Any fixed function of the contents names the map at tier 2 (multipliers never change).
    fn hash(&self) -> u64 {
        Fnv1a64::of(self.0.cells())
    }
    fn revision(&self) -> u64 {
        self.0.revision()
    }
    fn edit(&mut self, n: u32, rng: &mut SplitMix64) {
        let c = self.0.cell_of(n);
        self.0.set_area(c, area(rng)).unwrap();
    }
}

/// One engine case: a life on a map (pops one at a time, edits fed through the journal, start
/// moves); at every point the engine's save restores, saves back the same bytes and continues
/// bit for bit, and hostile snapshots made from it (on the map as it is then) are refused with
/// the target unchanged — bytes and continuation — or continue to a fresh search's cost.
fn engine_case<M: EngineMap>(
    name: &str,
    map: &mut M,
    variant: ReplanVariant,
    ends: (u32, u32),
    seed: u64,
) -> (usize, usize) {
    let mut rng = SplitMix64::new(seed);
    let mut tally = (0, 0);
    let idle = ReplanSearch::new(variant, DefaultStepCost, map.heuristic());
    let mut done = idle.clone();
    {
        let t = map.topo();
        let _ = done.try_begin(&t, ends.0, ends.1);
        let _ = done.run(&t);
    }
    let check = |e: &ReplanSearch<DefaultStepCost, M::H>,
                 map: &M,
                 rng: &mut SplitMix64,
                 tally: &mut (usize, usize)| {
        let t = map.topo();
        let h = map.hash();
        let bytes = engine_save_hash(e, h);
        let mut back = idle.clone();
        back.restore_state(&t, h, &bytes)
            .unwrap_or_else(|err| panic!("{name}: own state refused: {err}"));
        assert_eq!(engine_save_hash(&back, h), bytes, "{name}: saved back");
        same_continuation(e.clone(), back, &t);
        let targets = [e.clone(), idle.clone(), done.clone()];
        let bound = 64 * t.node_count() + 1000;
        for m in 0..4 {
            let (bad, kind) = mutate(rng, &bytes, &[]);
            let template = &targets[rng.below(3) as usize];
            let mut target = template.clone();
            let before = engine_save_hash(&target, h);
            if target.restore_state(&t, h, &bad).is_err() {
                tally.0 += 1;
                assert_eq!(
                    engine_save_hash(&target, h),
                    before,
                    "{name}: refused {kind} #{m} changed the engine"
                );
                same_continuation(template.clone(), target, &t);
            } else {
                tally.1 += 1;
                let s = target.step(&t, bound);
                assert_ne!(s, Step::InProgress, "{name}: {kind} #{m} did not finish");
                let (start, goal) = start_goal(&target);
                let mut fresh = idle.clone();
                let f = match fresh.try_begin(&t, start, goal) {
                    Step::InProgress => fresh.run(&t),
                    other => other,
                };
                assert_eq!(s, f, "{name}: accepted {kind} #{m}");
                if s == Step::Found {
                    let (a, b) = (target.cost(), fresh.cost());
                    assert!(
                        (a - b).abs() <= 1e-9 * b.max(1.0),
                        "{name}: accepted {kind} #{m}: cost {a}, fresh {b}"
                    );
                }
            }
        }
    };
    let mut e = idle.clone();
    let mut seen_rev = map.revision();
    {
        let t = map.topo();
        assert_eq!(e.try_begin(&t, ends.0, ends.1), Step::InProgress, "{name}");
    }
    check(&e, map, &mut rng, &mut tally);
    for round in 0..4 {
        loop {
            let s = e.step(&map.topo(), 1);
            check(&e, map, &mut rng, &mut tally);
            if s != Step::InProgress {
                break;
            }
        }
        let path = e.path().to_vec();
        for _ in 0..2 {
            if path.len() > 4 {
                let c = path[1 + rng.below(path.len() as u32 - 2) as usize];
                let (start, goal) = start_goal(&e);
                if c != start && c != goal {
                    map.edit(c, &mut rng);
                }
            }
        }
        map.follow(&mut e, &mut seen_rev);
        check(&e, map, &mut rng, &mut tally);
        if round % 2 == 1 && path.len() > 2 {
            let _ = e.move_start(&map.topo(), path[1]);
            check(&e, map, &mut rng, &mut tally);
        }
    }
    tally
}

#[test]
fn engine_states_square_restore_alike_and_hostile_ones_change_nothing() {
    let mut totals = (0, 0);
    let cases = [
        (Connectivity::Eight, DiagonalRule::NoCornerCutting, true),
        (Connectivity::Four, DiagonalRule::NoCornerCutting, false),
        (Connectivity::Eight, DiagonalRule::AllowAll, false),
        (Connectivity::Eight, DiagonalRule::NoSqueezing, true),
    ];
    for (k, (conn, rule, areas)) in cases.into_iter().enumerate() {
        for variant in [ReplanVariant::LpaStar, ReplanVariant::DStarLite] {
            let mut grid = random_grid(300 + k as u64, 11, 9, 20, areas);
            grid.set_rect(0, 0, 2, 2, 0).unwrap();
            grid.set_rect(9, 7, 2, 2, 0).unwrap();
            let name = format!("engine square {k} {variant:?}");
            let (seed, ends) = (k as u64, (0, 98));
            let r = if conn == Connectivity::Four {
                let estimate = |g: &Grid| ManhattanHeuristic::new(g.width(), g.areas().min_cost());
                let mut map = SquareMap {
                    grid,
                    conn,
                    rule,
                    estimate,
                };
                engine_case(&name, &mut map, variant, ends, seed)
            } else if k == 2 {
                let estimate = |_: &Grid| ZeroHeuristic;
                let mut map = SquareMap {
                    grid,
                    conn,
                    rule,
                    estimate,
                };
                engine_case(&name, &mut map, variant, ends, seed)
            } else {
                let estimate = |g: &Grid| OctileHeuristic::new(g.width(), g.areas().min_cost());
                let mut map = SquareMap {
                    grid,
                    conn,
                    rule,
                    estimate,
                };
                engine_case(&name, &mut map, variant, ends, seed)
            };
            totals.0 += r.0;
            totals.1 += r.1;
        }
    }
    println!("engine square: {} refused, {} accepted", totals.0, totals.1);
    assert!(totals.0 > 1000 && totals.1 > 100, "{totals:?}");
}

#[test]
fn engine_states_hex_restore_alike_and_hostile_ones_change_nothing() {
    let mut totals = (0, 0);
    for (k, layout) in [HexLayout::PointyEvenRow, HexLayout::FlatOddColumn]
        .into_iter()
        .enumerate()
    {
        for variant in [ReplanVariant::LpaStar, ReplanVariant::DStarLite] {
            let mut grid = hex_world(500 + k as u64, 10, 8, layout);
            grid.set_area(Cell::new(0, 0), 0).unwrap();
            grid.set_area(Cell::new(9, 7), 0).unwrap();
            let name = format!("engine hex {layout:?} {variant:?}");
            let r = engine_case(&name, &mut HexMap(grid), variant, (0, 79), 10 + k as u64);
            totals.0 += r.0;
            totals.1 += r.1;
        }
    }
    println!("engine hex: {} refused, {} accepted", totals.0, totals.1);
    assert!(totals.0 > 1000 && totals.1 > 50, "{totals:?}");
}

// ---------------------------------------------------------------------------------------------
// Tier 1.

#[test]
fn every_square_handle_save_restores_and_continues_bit_for_bit() {
    let checked = own_saves_continue_alike(&mut square_cases());
    assert!(checked > 500, "{checked}");
}

#[test]
fn every_hex_handle_save_restores_and_continues_bit_for_bit() {
    let checked = own_saves_continue_alike(&mut hex_cases());
    assert!(checked > 300, "{checked}");
}

#[test]
fn hostile_square_handle_snapshots_are_refused_unchanged_or_continue_to_the_optimum() {
    let t = hostile(&mut square_cases(), 3);
    println!("square handles: {t:?}");
    assert!(t.refused > 3000 && t.accepted > 200, "{t:?}");
}

#[test]
fn hostile_hex_handle_snapshots_are_refused_unchanged_or_continue_to_the_optimum() {
    let t = hostile(&mut hex_cases(), 3);
    println!("hex handles: {t:?}");
    assert!(t.refused > 2000 && t.accepted > 100, "{t:?}");
}
