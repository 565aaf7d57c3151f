//! Issue 27, kinds 4 (specialised octile A*) and 5 (specialised JPS / JPS+): restore accepts
//! only states the search can reach — every hop re-derived on *this* grid, closed records
//! relaxed, closed records popped before open ones, finished states ones the loop stops in —
//! and a refusal leaves the target byte-identical.
//!
//! - The outside attack's reproducers (a kind-4 snapshot with its open leaf dropped, a kind-5
//!   hop through a wall) are refused.
//! - Every state the engines save themselves, after every number of pops, restores and
//!   continues bit for bit (state, cost bits, counters, path, the next save's bytes).
//! - Consistent hostile edits of those states (an open leaf dropped, a closed leaf and its
//!   subtree dropped, an open leaf closed, a kind-4 leaf re-pointed to another closed
//!   neighbour, random prunes to a parent-closed subset, the state set to found or no path,
//!   counters re-derived; a snapshot of another grid of the same size with only the map hash
//!   rewritten), resealed: each is refused with the target unchanged, or restores and
//!   continues to the fresh search's state and cost bits on a legal path.

mod common;

use common::frame::{reseal, unhex};

use common::random_grid;
use onepath::Grid;
use onepath::fast::{BitFinder, Estimate, OctileAStar, OctileJump, OctileMap, TableFinder};
use onepath::jps::JpsPlusIndex;
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::state::{Fnv1a64, StateError};

const HEADER: usize = 28;

// ---------------------------------------------------------------------------------------------
// The six configurations behind one interface

#[derive(Clone, Copy, Debug)]
enum Config {
    AStar(Estimate),
    Jps { improved: bool, zero: bool },
    JpsPlus { improved: bool, zero: bool },
}

const CONFIGS: [Config; 8] = [
    Config::AStar(Estimate::Octile),
    Config::AStar(Estimate::Zero),
    Config::Jps {
        improved: false,
        zero: false,
    },
    Config::Jps {
        improved: true,
        zero: false,
    },
    Config::Jps {
        improved: false,
        zero: true,
    },
    Config::JpsPlus {
        improved: false,
        zero: false,
    },
    Config::JpsPlus {
        improved: true,
        zero: false,
    },
    Config::JpsPlus {
        improved: true,
        zero: true,
    },
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

fn estimate(zero: bool) -> Estimate {
    if zero {
        Estimate::Zero
    } else {
        Estimate::Octile
    }
}

impl Eng {
    fn new(c: Config) -> Self {
        match c {
            Config::AStar(e) => {
                let mut a = OctileAStar::new();
                a.set_estimate(e);
                Eng::A(a)
            }
            Config::Jps { improved, zero } => {
                let mut j = OctileJump::with_improved_pruning(improved);
                j.set_estimate(estimate(zero));
                Eng::B(j)
            }
            Config::JpsPlus { improved, zero } => {
                let mut j = OctileJump::with_improved_pruning(improved);
                j.set_estimate(estimate(zero));
                Eng::T(j)
            }
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
    /// Runs to the end within a bound proportional to the cell count (a hang fails).
    fn finish(&mut self, g: &Grid, m: &Maps) -> Step {
        let bound = 4 * g.cell_count() + 8;
        for _ in 0..bound {
            let s = self.step(m, 1);
            if s != Step::InProgress {
                return s;
            }
        }
        panic!("no end within {bound} iterations");
    }
    fn save(&self, g: &Grid) -> Vec<u8> {
        let mut b = vec![0; self.state_size()];
        let n = match self {
            Eng::A(e) => e.save_state(g, &mut b),
            Eng::B(e) => e.save_state(g, &mut b),
            Eng::T(e) => e.save_state(g, &mut b),
        };
        assert_eq!(n.unwrap(), b.len());
        b
    }
    fn state_size(&self) -> usize {
        match self {
            Eng::A(e) => e.state_size(),
            Eng::B(e) => e.state_size(),
            Eng::T(e) => e.state_size(),
        }
    }
    fn restore(&mut self, g: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        match self {
            Eng::A(e) => e.restore_state(g, bytes),
            Eng::B(e) => e.restore_state(g, bytes),
            Eng::T(e) => e.restore_state(g, bytes),
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
        let (state, cost, iterations, expansions, path) = match self {
            Eng::A(e) => (
                e.state(),
                e.cost(),
                e.iterations(),
                e.expansions(),
                e.path(),
            ),
            Eng::B(e) => (
                e.state(),
                e.cost(),
                e.iterations(),
                e.expansions(),
                e.path(),
            ),
            Eng::T(e) => (
                e.state(),
                e.cost(),
                e.iterations(),
                e.expansions(),
                e.path(),
            ),
        };
        Outcome {
            state,
            cost_bits: cost.to_bits(),
            iterations,
            expansions,
            path,
            bytes: self.save(g),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The reproducers

#[test]
fn kind_4_open_leaf_dropped_is_refused_and_the_target_unchanged() {
    // `...`, octile A* 0 → 2, one pop, the open leaf dropped and the state set to no path.
    let g = Grid::from_text("...").unwrap();
    let bytes = unhex(
        "4f50534e0200040039000000d6db22f1382e9250cadfcb329c6c1240030000000100000000000000020000000003010000000100000000010000000000000000000000000000000801000000000000000000000000",
    );
    let mut target = OctileAStar::new();
    let _ = target.try_begin(&g, 0, 2);
    let _ = target.step(1);
    let mut before = vec![0; target.state_size()];
    target.save_state(&g, &mut before).unwrap();
    let err = target.restore_state(&g, &bytes).unwrap_err();
    assert_eq!(
        err,
        StateError::InvalidField {
            field: "octile_astar.reached.relaxed"
        }
    );
    let mut after = vec![0; target.state_size()];
    target.save_state(&g, &mut after).unwrap();
    assert_eq!(after, before, "a refused restore changed the target");
    assert_eq!(target.run(), Step::Found);
    assert_eq!(target.cost(), 2.0);
}

#[test]
fn kind_5_hop_through_a_wall_is_refused_and_the_target_unchanged() {
    // `.#.`, JPS 0 → 2 (fresh: no path); after the start's pop, record 2 added (parent 0,
    // steps (2, 0), arriving east, open).
    let g = Grid::from_text(".#.").unwrap();
    let map = OctileMap::new(&g);
    let bytes = unhex(
        "4f50534e020005006900000051024a6586db0b7f59bddcc8e4e479a9030000000100000000000000020000000000000101000000010000000000000000000000400200000000000000ffffffff0000000000000000080102000000000000000200000000000000010001000000000000000000004000000040020000000000000000000000",
    );
    let mut target = OctileJump::<BitFinder>::new();
    target.set_estimate(Estimate::Zero);
    assert_eq!(target.try_begin(&g, &map, 0, 2), Step::InProgress);
    let mut before = vec![0; target.state_size()];
    target.save_state(&g, &mut before).unwrap();
    let err = target.restore_state(&g, &bytes).unwrap_err();
    assert_eq!(
        err,
        StateError::InvalidField {
            field: "octile_jump.reached.hop"
        }
    );
    let mut after = vec![0; target.state_size()];
    target.save_state(&g, &mut after).unwrap();
    assert_eq!(after, before, "a refused restore changed the target");
    assert_eq!(target.run(&map), Step::NoPath);
}

#[test]
fn kind_5_a_goal_closed_late_with_a_worse_pair_is_refused() {
    // Found by the issue-27 cargo-fuzz campaign (snapshot_restore, consistent edits). JPS+
    // from (4, 2) to (2, 0); the optimum is 6 (east, north 2, west 3). The snapshot says
    // found at 8 through (0, 0), yet (5, 0) is closed with g 3 and f 6: its expansion offered
    // the goal g 6, before the goal (f 8) popped. The closed-flag rule alone accepted it
    // and the search reported cost 8; the goal closed after the offer must reflect it.
    let g = Grid::from_text("......#\n.####.#\n.......").unwrap();
    let bytes = unhex(
        "4f50534e02000500d100000046d77d28f6730210ebd29d2f8cb3240c0700000003000000120000000200000001000002060000000500000002000000000000204006000000000000000e000000060000000000000000010200000000000000080000000000000001010500000013000000030000000000000000010e000000120000000400000000000000030112000000ffffffff00000000000000000801130000001200000001000000000000000101000000000000000006000000f7187bb8caa7fd15e65af879b23fcd43b9407f73d1b51e563bf2740638b03357ed2e6824f00b8c98c7f43c99469ca1e4",
    );
    let maps = Maps::new(&g);
    let config = Config::JpsPlus {
        improved: false,
        zero: false,
    };
    let mut target = Eng::new(config);
    let _ = target.begin(&g, &maps, 18, 2);
    let _ = target.step(&maps, 1);
    let before = target.save(&g);
    let err = target.restore(&g, &bytes).unwrap_err();
    assert_eq!(
        err,
        StateError::InvalidField {
            field: "octile_jump.reached.relaxed"
        }
    );
    assert_eq!(
        target.save(&g),
        before,
        "a refused restore changed the target"
    );
    assert_eq!(target.finish(&g, &maps), Step::Found);
    assert_eq!(target.outcome(&g).cost_bits, 6f64.to_bits());
}

#[test]
fn a_jump_search_of_another_grid_with_the_hash_rewritten_is_refused() {
    // The same saved search on two grids of one size: on the second, the wall cuts the hop.
    let open = Grid::from_text("...\n...").unwrap();
    let walled = Grid::from_text(".#.\n.#.").unwrap();
    for config in CONFIGS {
        if matches!(config, Config::AStar(_)) {
            continue;
        }
        let maps = Maps::new(&open);
        let mut e = Eng::new(config);
        let _ = e.begin(&open, &maps, 0, 2);
        let _ = e.step(&maps, 1);
        let mut spliced = e.save(&open);
        spliced[12..20].copy_from_slice(&walled.content_hash().to_le_bytes());
        let wmaps = Maps::new(&walled);
        let mut target = Eng::new(config);
        let _ = target.begin(&walled, &wmaps, 0, 2);
        let before = target.save(&walled);
        let err = target.restore(&walled, &spliced).unwrap_err();
        assert!(
            matches!(err, StateError::InvalidField { .. }),
            "{config:?}: {err:?}"
        );
        assert_eq!(target.save(&walled), before, "{config:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Maps and queries

/// Random grids with walls (some with area multipliers), and a few drawn by hand.
fn grids() -> Vec<Grid> {
    let mut r = SplitMix64::new(27);
    let mut v: Vec<Grid> = (0..14u64)
        .map(|i| {
            let (w, h) = (2 + r.below(14), 2 + r.below(10));
            random_grid(2700 + i, w, h, 10 + r.below(30), i % 3 == 2)
        })
        .collect();
    for text in [
        ".......\n.#####.\n.#...#.\n.#.#.#.\n...#...",
        "..#....\n..#.##.\n....#..\n.##.#.#\n.......",
        "........\n........\n...##...\n........",
    ] {
        v.push(Grid::from_text(text).unwrap());
    }
    v
}

fn walkable(g: &Grid) -> Vec<u32> {
    (0..g.cell_count())
        .filter(|&c| g.cells()[c as usize] != 255)
        .collect()
}

fn queries(g: &Grid, seed: u64) -> Vec<(u32, u32)> {
    let open = walkable(g);
    if open.is_empty() {
        return vec![];
    }
    let mut r = SplitMix64::new(seed);
    let pick = |r: &mut SplitMix64| open[r.below(open.len() as u32) as usize];
    let mut q: Vec<(u32, u32)> = (0..3).map(|_| (pick(&mut r), pick(&mut r))).collect();
    q.push((open[0], *open.last().unwrap()));
    q
}

/// The states a search saves after 0, 1, 2, … pops, to its end (and the end itself).
fn saves(c: Config, g: &Grid, m: &Maps, s: u32, t: u32) -> Vec<Vec<u8>> {
    let mut e = Eng::new(c);
    assert_eq!(e.begin(g, m, s, t), Step::InProgress);
    let mut out = vec![e.save(g)];
    while e.step(m, 1) == Step::InProgress {
        out.push(e.save(g));
    }
    out.push(e.save(g));
    out
}

/// A busy target: a search between two other cells (or the same ones), part-way.
fn busy(c: Config, g: &Grid, m: &Maps) -> Eng {
    let open = walkable(g);
    let mut e = Eng::new(c);
    let _ = e.begin(g, m, *open.last().unwrap(), open[open.len() / 2]);
    let _ = e.step(m, 2);
    e
}

#[test]
fn every_state_the_engines_save_restores_and_continues_bit_for_bit() {
    for (i, g) in grids().iter().enumerate() {
        let m = Maps::new(g);
        for (s, t) in queries(g, i as u64) {
            for c in CONFIGS {
                let mut fresh = Eng::new(c);
                let _ = fresh.begin(g, &m, s, t);
                let _ = fresh.finish(g, &m);
                let want = fresh.outcome(g);
                for (k, bytes) in saves(c, g, &m, s, t).iter().enumerate() {
                    let ctx = format!("grid {i} {s}->{t} {c:?} after {k} pops");
                    for mut e in [Eng::new(c), busy(c, g, &m)] {
                        e.restore(g, bytes)
                            .unwrap_or_else(|err| panic!("{ctx}: own state refused: {err}"));
                        assert!(e.check(), "{ctx}");
                        assert_eq!(&e.save(g), bytes, "{ctx}: the next save");
                        let _ = e.finish(g, &m);
                        assert_eq!(e.outcome(g), want, "{ctx}");
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Consistent hostile edits

/// A reached record on the wire (kind 4 leaves `parent` implied by the arrival).
#[derive(Clone, Copy, Debug)]
struct Rec {
    cell: u32,
    parent: u32,
    a: u32,
    b: u32,
    dir: u8,
    closed: u8,
}

/// A kind-4 or kind-5 snapshot, parsed.
#[derive(Clone, Debug)]
struct Snap {
    header: Vec<u8>,
    /// The fixed fields (kind 5: with the level).
    fixed: Vec<u8>,
    records: Vec<Rec>,
    /// Open entries, raw (kind 4: 4 bytes, the cell; kind 5: 16 bytes, the cell last).
    open: Vec<Vec<u8>>,
    /// The two recording lists, raw (empty: the searches here record nothing).
    tail: Vec<u8>,
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

const DIRS: [(i64, i64); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

impl Snap {
    fn kind5(&self) -> bool {
        self.header[6] == 5
    }
    fn fixed_len(kind5: bool) -> usize {
        if kind5 { 37 } else { 27 }
    }
    fn state_at(&self) -> usize {
        if self.kind5() { 19 } else { 17 }
    }
    fn parse(b: &[u8]) -> Self {
        let kind5 = b[6] == 5;
        let p = &b[HEADER..];
        let fixed = p[..Self::fixed_len(kind5)].to_vec();
        let mut at = fixed.len();
        let n = u32_at(p, at) as usize;
        at += 4;
        let width = u32_at(p, 0);
        let size = if kind5 { 18 } else { 14 };
        let records = (0..n)
            .map(|i| {
                let r = &p[at + i * size..];
                let (parent, o) = if kind5 { (u32_at(r, 4), 4) } else { (0, 0) };
                let mut rec = Rec {
                    cell: u32_at(r, 0),
                    parent,
                    a: u32_at(r, 4 + o),
                    b: u32_at(r, 8 + o),
                    dir: r[12 + o],
                    closed: r[13 + o],
                };
                if !kind5 {
                    rec.parent = if rec.dir == 8 {
                        u32::MAX
                    } else {
                        let (x, y) = (i64::from(rec.cell % width), i64::from(rec.cell / width));
                        let (ox, oy) = DIRS[rec.dir as usize];
                        ((y - oy) * i64::from(width) + (x - ox)) as u32
                    };
                }
                rec
            })
            .collect();
        at += n * size;
        let o = u32_at(p, at) as usize;
        at += 4;
        let esize = if kind5 { 16 } else { 4 };
        let open = (0..o)
            .map(|i| p[at + i * esize..at + (i + 1) * esize].to_vec())
            .collect();
        at += o * esize;
        Self {
            header: b[..HEADER].to_vec(),
            fixed,
            records,
            open,
            tail: p[at..].to_vec(),
        }
    }
    fn entry_cell(e: &[u8]) -> u32 {
        u32_at(e, e.len() - 4)
    }
    fn write(&self) -> Vec<u8> {
        let kind5 = self.kind5();
        let mut p = self.fixed.clone();
        p.extend((self.records.len() as u32).to_le_bytes());
        for r in &self.records {
            p.extend(r.cell.to_le_bytes());
            if kind5 {
                p.extend(r.parent.to_le_bytes());
            }
            p.extend(r.a.to_le_bytes());
            p.extend(r.b.to_le_bytes());
            p.push(r.dir);
            p.push(r.closed);
        }
        p.extend((self.open.len() as u32).to_le_bytes());
        for e in &self.open {
            p.extend(e);
        }
        p.extend(&self.tail);
        let mut b = self.header.clone();
        b[8..12].copy_from_slice(&(p.len() as u32).to_le_bytes());
        b.extend(p);
        reseal(&mut b);
        b
    }
    fn state(&self) -> u8 {
        self.fixed[self.state_at()]
    }
    fn counters(&self) -> (u32, u32) {
        let at = self.state_at() + 1;
        (u32_at(&self.fixed, at), u32_at(&self.fixed, at + 4))
    }
    fn set_counters(&mut self, iterations: u32, expansions: u32) {
        let at = self.state_at() + 1;
        self.fixed[at..at + 4].copy_from_slice(&iterations.to_le_bytes());
        self.fixed[at + 4..at + 8].copy_from_slice(&expansions.to_le_bytes());
    }
    /// Sets the state and re-derives the expansions (iterations − 1 once found).
    fn set_state(&mut self, state: u8) {
        let at = self.state_at();
        self.fixed[at] = state;
        let (it, _) = self.counters();
        self.set_counters(it, it.saturating_sub(u32::from(state == 2)));
    }
    fn width(&self) -> u32 {
        u32_at(&self.fixed, 0)
    }
    /// The cell one step back from `cell` along arrival `d` (the parent it would imply).
    fn neighbour(&self, cell: u32, d: u8) -> Option<u32> {
        let (w, h) = (i64::from(self.width()), i64::from(u32_at(&self.fixed, 4)));
        let (x, y) = (i64::from(cell) % w, i64::from(cell) / w);
        let (ox, oy) = DIRS[d as usize];
        let (px, py) = (x - ox, y - oy);
        (px >= 0 && py >= 0 && px < w && py < h).then(|| (py * w + px) as u32)
    }
    /// Kind 4: the heap's cells sorted by the keys their records give (smaller f, larger
    /// float32 g, smaller padded cell).
    fn sort_heap(&mut self) {
        let w = self.width();
        let goal = u32_at(&self.fixed, 12);
        let zero = self.fixed[16] == 1;
        let key = |cell: u32| {
            let r = self.records.iter().find(|r| r.cell == cell).unwrap();
            let (dx, dy) = if zero {
                (0, 0)
            } else {
                ((cell % w).abs_diff(goal % w), (cell / w).abs_diff(goal / w))
            };
            let (min, max) = (dx.min(dy), dx.max(dy));
            let f = (f64::from(r.a) + f64::from(max - min))
                + (f64::from(r.b) + f64::from(min)) * onepath::math::SQRT2;
            let g = f64::from(r.a) + f64::from(r.b) * onepath::math::SQRT2;
            let padded = (cell / w + 1) * (w + 2) + cell % w + 1;
            (f.to_bits(), !(g as f32).to_bits(), padded)
        };
        let mut open = std::mem::take(&mut self.open);
        open.sort_by_key(|e| key(u32_at(e, 0)));
        self.open = open;
    }
    fn is_parent(&self, cell: u32) -> bool {
        self.records.iter().any(|r| r.parent == cell)
    }
    fn drop_entries_of(&mut self, cells: &[u32]) {
        let open = std::mem::take(&mut self.open);
        self.open = open
            .into_iter()
            .filter(|e| !cells.contains(&Self::entry_cell(e)))
            .collect();
    }
    /// Drops the records of `cells` and their open entries, and re-derives the counters (one
    /// iteration per closed record; expansions as the state says).
    fn drop_records(&mut self, cells: &[u32]) {
        self.records.retain(|r| !cells.contains(&r.cell));
        self.drop_entries_of(cells);
        self.rederive();
    }
    fn rederive(&mut self) {
        let closed = self.records.iter().filter(|r| r.closed == 1).count() as u32;
        let found = u32::from(self.state() == 2);
        self.set_counters(closed, closed.saturating_sub(found));
    }
    /// The record of `cell` and all its descendants.
    fn subtree(&self, cell: u32) -> Vec<u32> {
        let mut out = vec![cell];
        let mut i = 0;
        while i < out.len() {
            let c = out[i];
            for r in &self.records {
                if r.parent == c && !out.contains(&r.cell) {
                    out.push(r.cell);
                }
            }
            i += 1;
        }
        out
    }
}

/// The consistent edits of one saved state.
fn edits(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let s = Snap::parse(bytes);
    let mut out = vec![];
    let start = s.records.iter().find(|r| r.dir == 8).map(|r| r.cell);
    let open_leaves: Vec<u32> = s
        .records
        .iter()
        .filter(|r| r.closed == 0 && !s.is_parent(r.cell) && Some(r.cell) != start)
        .map(|r| r.cell)
        .take(3)
        .collect();
    let closed_leaves: Vec<u32> = s
        .records
        .iter()
        .filter(|r| r.closed == 1 && Some(r.cell) != start)
        .map(|r| r.cell)
        .take(4)
        .collect();
    for &c in &open_leaves {
        let mut e = s.clone();
        e.drop_records(&[c]);
        out.push((format!("open leaf {c} dropped"), e.write()));
        if e.open.is_empty() {
            e.set_state(3);
            out.push((format!("open leaf {c} dropped, no path"), e.write()));
        }
        let mut e = s.clone();
        if let Some(r) = e.records.iter_mut().find(|r| r.cell == c) {
            r.closed = 1;
        }
        e.drop_entries_of(&[c]);
        e.rederive();
        out.push((format!("open leaf {c} closed"), e.write()));
    }
    if !s.kind5() {
        // A leaf re-pointed to another closed neighbour, its pair and the heap order
        // re-derived.
        for &c in &open_leaves {
            for d in 0..8u8 {
                let Some(parent) = s.neighbour(c, d) else {
                    continue;
                };
                let Some(q) = s.records.iter().find(|r| r.cell == parent && r.closed == 1) else {
                    continue;
                };
                let (a, b) = if d < 4 {
                    (q.a + 1, q.b)
                } else {
                    (q.a, q.b + 1)
                };
                let mut e = s.clone();
                let r = e.records.iter_mut().find(|r| r.cell == c).unwrap();
                if r.dir == d {
                    continue;
                }
                (r.parent, r.a, r.b, r.dir) = (parent, a, b, d);
                e.sort_heap();
                out.push((format!("open leaf {c} re-pointed to {parent}"), e.write()));
            }
        }
    }
    for &c in &closed_leaves {
        let mut e = s.clone();
        let sub = e.subtree(c);
        e.drop_records(&sub);
        out.push((format!("closed {c} and its subtree dropped"), e.write()));
    }
    // Everything but the start's subtree root: only the closed records.
    let mut e = s.clone();
    let open: Vec<u32> = s
        .records
        .iter()
        .filter(|r| r.closed == 0)
        .map(|r| r.cell)
        .collect();
    if !open.is_empty() {
        e.drop_records(&open);
        out.push(("only the closed records".into(), e.write()));
        e.set_state(3);
        out.push(("only the closed records, no path".into(), e.write()));
    }
    // Random prunes to a parent-closed subset (a record kept only with its parent), some
    // open leaves closed, the state set to any finished or running one.
    let mut r = SplitMix64::new(Fnv1a64::of(bytes));
    for _ in 0..4 {
        let mut e = s.clone();
        let mut keep: Vec<u32> = vec![];
        // Records in parent-first order: a + b grows along every chain.
        let mut order = e.records.clone();
        order.sort_by_key(|r| (u64::from(r.a) + u64::from(r.b), r.cell));
        for rec in &order {
            if (rec.dir == 8 || keep.contains(&rec.parent)) && !r.chance(1, 6) {
                keep.push(rec.cell);
            }
        }
        let dropped: Vec<u32> = (e.records.iter())
            .map(|r| r.cell)
            .filter(|c| !keep.contains(c))
            .collect();
        e.records.retain(|r| !dropped.contains(&r.cell));
        e.drop_entries_of(&dropped);
        let leaves: Vec<u32> = (e.records.iter())
            .filter(|q| q.closed == 0 && !e.is_parent(q.cell) && q.dir != 8)
            .map(|q| q.cell)
            .collect();
        for c in leaves {
            if r.chance(1, 4) {
                e.records.iter_mut().find(|q| q.cell == c).unwrap().closed = 1;
                e.drop_entries_of(&[c]);
            }
        }
        let at = e.state_at();
        e.fixed[at] = [1, 2, 3][r.below(3) as usize];
        e.rederive();
        out.push(("a random parent-closed prune".into(), e.write()));
    }
    for state in [2u8, 3] {
        if s.state() != state {
            let mut e = s.clone();
            e.set_state(state);
            out.push((format!("state {state}"), e.write()));
        }
    }
    out
}

#[test]
fn consistent_hostile_edits_are_refused_or_continue_to_the_fresh_answer() {
    let (mut accepted, mut refused) = (0usize, 0usize);
    for (i, g) in grids().iter().enumerate() {
        let m = Maps::new(g);
        for (s, t) in queries(g, 100 + i as u64) {
            for c in CONFIGS {
                let mut fresh = Eng::new(c);
                let _ = fresh.begin(g, &m, s, t);
                let _ = fresh.finish(g, &m);
                let want = fresh.outcome(g);
                for (k, bytes) in saves(c, g, &m, s, t).iter().enumerate() {
                    for (what, bad) in edits(bytes) {
                        let ctx = format!("grid {i} {s}->{t} {c:?} after {k} pops: {what}");
                        let mut target = busy(c, g, &m);
                        let before = target.save(g);
                        if target.restore(g, &bad).is_err() {
                            refused += 1;
                            assert_eq!(target.save(g), before, "{ctx}: refusal changed it");
                        } else {
                            accepted += 1;
                            assert!(target.check(), "{ctx}");
                            assert_eq!(target.save(g), bad, "{ctx}: round trip");
                            let _ = target.finish(g, &m);
                            let got = target.outcome(g);
                            assert_eq!(got.state, want.state, "{ctx}");
                            assert_eq!(got.cost_bits, want.cost_bits, "{ctx}: cost");
                            if got.state == Step::Found {
                                check_path(g, &got.path, s, t, &ctx);
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(refused > 1000, "{refused} refused");
    assert!(accepted > 100, "{accepted} accepted");
}

#[test]
fn states_of_another_grid_with_the_hash_rewritten_are_refused_or_answer_for_this_grid() {
    let (mut accepted, mut refused) = (0usize, 0usize);
    for seed in 0..10u64 {
        let (w, h) = (3 + seed as u32 % 7, 3 + seed as u32 % 5);
        let (a, b) = (
            random_grid(900 + seed, w, h, 25, false),
            random_grid(950 + seed, w, h, 25, false),
        );
        let (ma, mb) = (Maps::new(&a), Maps::new(&b));
        let both: Vec<u32> = (0..a.cell_count())
            .filter(|&c| a.cells()[c as usize] != 255 && b.cells()[c as usize] != 255)
            .collect();
        if both.len() < 2 {
            continue;
        }
        let (s, t) = (both[0], *both.last().unwrap());
        for c in CONFIGS {
            let mut fresh = Eng::new(c);
            let _ = fresh.begin(&b, &mb, s, t);
            let _ = fresh.finish(&b, &mb);
            let want = fresh.outcome(&b);
            for mut bytes in saves(c, &a, &ma, s, t) {
                bytes[12..20].copy_from_slice(&b.content_hash().to_le_bytes());
                let mut target = busy(c, &b, &mb);
                let before = target.save(&b);
                if target.restore(&b, &bytes).is_err() {
                    refused += 1;
                    assert_eq!(target.save(&b), before);
                } else {
                    accepted += 1;
                    let _ = target.finish(&b, &mb);
                    let got = target.outcome(&b);
                    assert_eq!((got.state, got.cost_bits), (want.state, want.cost_bits));
                    if got.state == Step::Found {
                        check_path(&b, &got.path, s, t, &format!("{c:?} seed {seed}"));
                    }
                }
            }
        }
    }
    assert!(
        refused > 0 && accepted > 0,
        "{refused} refused, {accepted} accepted"
    );
}

/// A chain of legal octile moves (eight moves, no corner cutting) on walkable cells.
fn check_path(g: &Grid, path: &[u32], s: u32, t: u32, ctx: &str) {
    assert_eq!(path.first(), Some(&s), "{ctx}: start");
    assert_eq!(path.last(), Some(&t), "{ctx}: goal");
    let w = i64::from(g.width());
    let free = |x: i64, y: i64| g.cells()[(y * w + x) as usize] != 255;
    for p in path.windows(2) {
        let (ax, ay) = (i64::from(p[0]) % w, i64::from(p[0]) / w);
        let (bx, by) = (i64::from(p[1]) % w, i64::from(p[1]) / w);
        let (dx, dy) = (bx - ax, by - ay);
        assert!(
            dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
            "{ctx}"
        );
        assert!(free(bx, by), "{ctx}: through a wall");
        if dx != 0 && dy != 0 {
            assert!(free(ax + dx, ay) && free(ax, ay + dy), "{ctx}: corner cut");
        }
    }
}

#[test]
fn extreme_counters_and_pairs_never_panic() {
    // Two counters at u32::MAX (the pattern the saturating counters reach) restore and the
    // search continues without overflow to the fresh answer, the counters saturated
    // (`snapshot_fuzz_regressions.rs`); pairs at the limit are refused (no record the search
    // reaches has them, and the next hop would overflow).
    let g = Grid::from_text("....\n.##.\n....").unwrap();
    let m = Maps::new(&g);
    for c in CONFIGS {
        let mut fresh = Eng::new(c);
        let _ = fresh.begin(&g, &m, 0, 11);
        let _ = fresh.finish(&g, &m);
        let mut e = Eng::new(c);
        let _ = e.begin(&g, &m, 0, 11);
        let _ = e.step(&m, 2);
        let snap = Snap::parse(&e.save(&g));
        let mut s = snap.clone();
        s.set_counters(u32::MAX, u32::MAX);
        let mut saturated = busy(c, &g, &m);
        saturated.restore(&g, &s.write()).unwrap();
        let _ = saturated.finish(&g, &m);
        let (got, want) = (saturated.outcome(&g), fresh.outcome(&g));
        assert_eq!((got.state, got.cost_bits), (want.state, want.cost_bits));
        assert_eq!((got.iterations, got.expansions), (u32::MAX, u32::MAX));
        let mut target = busy(c, &g, &m);
        let before = target.save(&g);
        for i in 0..snap.records.len() {
            for v in [u32::MAX, u32::MAX - 1, u32::MAX - 4] {
                let mut s = snap.clone();
                s.records[i].a = v;
                assert!(target.restore(&g, &s.write()).is_err(), "{c:?}");
                let mut s = snap.clone();
                s.records[i].b = v;
                assert!(target.restore(&g, &s.write()).is_err(), "{c:?}");
            }
        }
        assert_eq!(target.save(&g), before);
    }
}
