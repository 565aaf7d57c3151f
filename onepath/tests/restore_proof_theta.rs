//! Issue 27, kind 6 (Theta*, Lazy Theta*, LazyRequeue): restore accepts only states the search
//! can reach — every record set by an offer, every expanded record relaxed with the variant's
//! own candidate, finished states ones the loop stops in, the line-of-sight count bounded by
//! the pops — and a refusal leaves the target byte-identical. The outside attack's two kind-6
//! reproducers are regression tests; every state the engine saves itself (every pop count,
//! walls, area costs, weights, each variant, bare and through a `GridSearch` handle) restores
//! and continues bit for bit; and consistent hostile edits of real saves (open leaves dropped,
//! a closed leaf dropped, an open leaf closed or re-pointed, the state byte, counters) are
//! either refused with the target unchanged or continue to a legal answer that finds a path
//! exactly when one exists.

mod common;

use common::frame::{reseal_len, unhex};

use common::random_grid;
use onepath::math::{SplitMix64, sqrt};
use onepath::search::Step;
use onepath::state::{HEADER_LEN, StateError};
use onepath::theta::{EuclideanHeuristic, GridLineOfSight, ThetaSearch, ThetaVariant};
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch};

const VARIANTS: [ThetaVariant; 3] = [
    ThetaVariant::Theta,
    ThetaVariant::Lazy,
    ThetaVariant::LazyRequeue,
];

type Search = ThetaSearch<EuclideanHeuristic>;

fn search(grid: &Grid, v: ThetaVariant, scale: f64) -> Search {
    ThetaSearch::new(v, EuclideanHeuristic::new(grid.width(), scale))
}

fn save(s: &Search, grid: &Grid) -> Vec<u8> {
    let mut b = vec![0u8; s.state_size()];
    assert_eq!(s.save_state(grid.content_hash(), &mut b).unwrap(), b.len());
    b
}

type Outcome = (Step, Vec<u32>, u64, u32, u32, u32, u64);

fn outcome(s: &Search) -> Outcome {
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

/// A Theta* search on `grid` from 0 to the last cell after `pops` pops: a live target.
fn target(grid: &Grid, v: ThetaVariant, pops: u32) -> Search {
    let mut s = search(grid, v, grid.areas().min_cost());
    let _ = s.try_begin(grid, 0, grid.cell_count() - 1);
    let _ = s.step(grid, pops);
    s
}

/// Restoring `bytes` into live targets of every variant is refused, leaves each
/// byte-identical, and each still finishes as a search that was never touched.
fn refused(grid: &Grid, bytes: &[u8]) -> StateError {
    let mut first = None;
    for v in VARIANTS {
        for pops in [0, 2] {
            let mut t = target(grid, v, pops);
            let before = save(&t, grid);
            let err = t
                .restore_state(grid, bytes)
                .expect_err("a state the search cannot reach is refused");
            assert_eq!(
                save(&t, grid),
                before,
                "a refused restore changed the target"
            );
            let mut fresh = target(grid, v, pops);
            let _ = t.run(grid);
            let _ = fresh.run(grid);
            assert_eq!(outcome(&t), outcome(&fresh));
            assert_eq!(first.get_or_insert(err), &err);
        }
    }
    first.unwrap()
}

fn field(e: &StateError) -> &'static str {
    match e {
        StateError::InvalidField { field } => field,
        other => panic!("not a field error: {other}"),
    }
}

#[test]
fn the_closed_start_alone_is_missing_work() {
    // 3 × 3 open grid, Theta* from cell 0 to cell 8, only the closed start kept, NoPath:
    // accepted before, then `NoPath` where the fresh search finds 2.8284271247461903.
    let grid = Grid::new(3, 3).unwrap();
    let e = refused(
        &grid,
        &unhex(
            "4f50534e020006004c000000d34ce288809e8380da30607bef0791d309000000000000000800000000000000000000f03f030100000001000000000000000000000000000000000100000000000000ffffffff000000000000000001000000000000000000000000",
        ),
    );
    assert_eq!(field(&e), "theta.reached.relaxed");
    let mut fresh = target(&grid, ThetaVariant::Theta, 0);
    assert_eq!(fresh.run(&grid), Step::Found);
    assert_eq!(fresh.cost(), 2.828_427_124_746_190_3);
}

#[test]
fn a_line_of_sight_count_the_pops_cannot_reach_is_refused() {
    // A valid 3 × 3 Theta* state with the count set to u64::MAX: restored `Ok` before, and the
    // next step panicked with "attempt to add with overflow" (debug) or wrapped (release).
    let grid = Grid::new(3, 3).unwrap();
    let bytes = unhex(
        "4f50534e02000600a3000000d34ce288809e83809b705adf9e458d0609000000000000000800000000000000000000f03f01010000000100000000000000ffffffffffffffff000400000000000000ffffffff0000000000000000010100000000000000000000000000f03f000300000000000000000000000000f03f000400000000000000cd3b7f669ea0f63f000300000004000000cd3b7f669ea0064001000000a8f4979b77e3094003000000a8f4979b77e309400000000000000000",
    );
    assert_eq!(field(&refused(&grid, &bytes)), "theta.los_checks");
    // The same state with the count the pops imply (the start's expansion tests nothing)
    // restores and finishes as a search that was never stopped.
    let mut fixed = bytes.clone();
    let los = HEADER_LEN + 4 + 4 + 4 + 1 + 8 + 1 + 4 + 4 + 4;
    fixed[los..los + 8].copy_from_slice(&0u64.to_le_bytes());
    reseal_len(&mut fixed);
    let mut r = search(&grid, ThetaVariant::Lazy, 1.0);
    r.restore_state(&grid, &fixed).unwrap();
    let mut fresh = target(&grid, ThetaVariant::Theta, 1);
    assert_eq!(
        save(&fresh, &grid),
        fixed,
        "the reproducer is one pop of Theta*"
    );
    let _ = r.run(&grid);
    let _ = fresh.run(&grid);
    assert_eq!(outcome(&r), outcome(&fresh));
}

/// The maps of the round-trip and hostile tests: walls, corridors, area costs (Theta* runs at
/// the smallest multiplier), open fields.
fn maps() -> Vec<Grid> {
    let mut v = vec![
        Grid::new(3, 3).unwrap(),
        Grid::from_text("......\n..##..\n.#....").unwrap(),
        Grid::from_text(
            "........#...\n.######.#.#.\n.#......#.#.\n.#.######.#.\n.#........#.\n.##########.\n............",
        )
        .unwrap(),
        Grid::from_text(".#...#...\n.#.#.#.#.\n...#...#.").unwrap(),
        Grid::from_text("..........\n....##....\n...####...\n....##....\n..........").unwrap(),
    ];
    for seed in [3u64, 11, 27] {
        v.push(random_grid(seed, 9 + seed as u32 % 4, 7, 22, seed % 2 == 1));
    }
    let mut costly = Grid::from_text(".....\n.#.#.\n.....\n.#.#.\n.....").unwrap();
    for a in 0..255u8 {
        costly.set_area_cost(a, 2.5).unwrap();
    }
    v.push(costly);
    v
}

/// A walkable start and goal far apart on `g`.
fn ends(g: &Grid) -> Option<(u32, u32)> {
    let open: Vec<u32> = (0..g.cell_count())
        .filter(|&i| g.cells()[i as usize] != 255)
        .collect();
    (open.len() >= 2).then(|| (open[0], open[open.len() - 1]))
}

#[test]
fn every_state_the_engine_saves_restores_and_continues_bit_for_bit() {
    let mut checked = 0;
    for grid in maps() {
        let Some((a, b)) = ends(&grid) else { continue };
        let m = grid.areas().min_cost();
        for v in VARIANTS {
            for (weight, scale) in [(1.0, m), (1.7, m), (1.0, 0.0)] {
                let new = || {
                    let mut s = search(&grid, v, scale);
                    s.set_weight(weight).unwrap();
                    s
                };
                let mut whole = new();
                let _ = whole.try_begin(&grid, a, b);
                let _ = whole.run(&grid);
                let want = outcome(&whole);
                for k in 0..=whole.iterations() {
                    let mut s = new();
                    let _ = s.try_begin(&grid, a, b);
                    let _ = s.step(&grid, k);
                    let bytes = save(&s, &grid);
                    // Into a search that was doing something else (another variant and query).
                    let mut r = search(&grid, ThetaVariant::Theta, scale);
                    let _ = r.try_begin(&grid, b, a);
                    let _ = r.step(&grid, 2);
                    r.restore_state(&grid, &bytes)
                        .unwrap_or_else(|e| panic!("{v:?} w {weight} pop {k}: {e}"));
                    assert_eq!(save(&r, &grid), bytes, "canonical, {v:?} pop {k}");
                    let _ = r.run(&grid);
                    assert_eq!(outcome(&r), want, "{v:?} w {weight} pop {k}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1500, "{checked}");
}

#[test]
fn a_grid_search_handle_running_theta_restores_every_state_and_refuses_for_its_nested_search() {
    let grid =
        Grid::from_text("......#...\n.####.#.#.\n......#.#.\n.######.#.\n..........").unwrap();
    let (a, b) = (Cell::new(0, 0), Cell::new(9, 0));
    for family in [GridAlgorithm::ThetaStar, GridAlgorithm::LazyThetaStar] {
        let o = GridOptions::DEFAULT.with_algorithm(family);
        let finish = |s: &mut GridSearch| {
            while s.step(&grid, 1).unwrap() == Step::InProgress {}
            let mut cells = vec![Cell::default(); s.path_len()];
            s.copy_path(&mut cells).unwrap();
            (s.state(), cells, s.cost().to_bits(), s.iterations())
        };
        let mut whole = GridSearch::new(o).unwrap();
        let _ = whole.try_begin(&grid, a, b);
        let want = finish(&mut whole);
        for k in 0..want.3 {
            let mut s = GridSearch::new(o).unwrap();
            let _ = s.try_begin(&grid, a, b);
            if k > 0 {
                let _ = s.step(&grid, k).unwrap();
            }
            let mut bytes = vec![0; s.state_size()];
            s.save_state(&grid, &mut bytes).unwrap();
            let mut r = GridSearch::new(GridOptions::DEFAULT).unwrap();
            r.restore_state(&grid, &bytes).unwrap();
            assert_eq!(finish(&mut r), want, "{family:?} pop {k}");
            if k == 0 {
                continue;
            }
            // The nested kind 6 with its open entries dropped: missing work, refused by the
            // handle, which keeps its own state.
            let nested = HEADER_LEN + 22;
            let inner_len = u32::from_le_bytes(bytes[nested - 4..nested].try_into().unwrap());
            let mut snap = Snap::parse(&bytes[nested..nested + inner_len as usize]);
            snap.drop_open(|_| true);
            snap.rederive();
            let inner = snap.bytes();
            let mut bad = bytes[..nested].to_vec();
            bad[nested - 4..nested].copy_from_slice(&(inner.len() as u32).to_le_bytes());
            bad.extend_from_slice(&inner);
            reseal_len(&mut bad);
            let mut victim = GridSearch::new(o).unwrap();
            let _ = victim.try_begin(&grid, b, a);
            let _ = victim.step(&grid, 3).unwrap();
            let mut before = vec![0; victim.state_size()];
            victim.save_state(&grid, &mut before).unwrap();
            assert!(
                victim.restore_state(&grid, &bad).is_err(),
                "{family:?} pop {k}"
            );
            let mut after = vec![0; victim.state_size()];
            victim.save_state(&grid, &mut after).unwrap();
            assert_eq!(after, before, "a refused restore changed the handle");
        }
    }
}

/// A kind-6 snapshot, parsed, for consistent edits.
#[derive(Clone, Debug)]
struct Snap {
    header: Vec<u8>,
    node_count: u32,
    start: u32,
    goal: u32,
    variant: u8,
    weight: f64,
    state: u8,
    iterations: u32,
    expansions: u32,
    requeues: u32,
    los: u64,
    flags: u8,
    /// (node, parent, g, closed), increasing node.
    records: Vec<(u32, u32, f64, bool)>,
    /// (node, f), pop order.
    open: Vec<(u32, f64)>,
    tail: Vec<u8>,
}

struct Cursor<'a>(&'a [u8], usize);

impl Cursor<'_> {
    fn take(&mut self, n: usize) -> &[u8] {
        self.1 += n;
        &self.0[self.1 - n..self.1]
    }
    fn u8(&mut self) -> u8 {
        self.take(1)[0]
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take(4).try_into().unwrap())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take(8).try_into().unwrap())
    }
    fn f64(&mut self) -> f64 {
        f64::from_bits(self.u64())
    }
}

impl Snap {
    fn parse(b: &[u8]) -> Snap {
        let mut c = Cursor(b, HEADER_LEN);
        let (node_count, start, goal, variant) = (c.u32(), c.u32(), c.u32(), c.u8());
        let (weight, state) = (c.f64(), c.u8());
        let (iterations, expansions, requeues, los, flags) =
            (c.u32(), c.u32(), c.u32(), c.u64(), c.u8());
        let records = (0..c.u32())
            .map(|_| (c.u32(), c.u32(), c.f64(), c.u8() != 0))
            .collect();
        let open = (0..c.u32()).map(|_| (c.u32(), c.f64())).collect();
        Snap {
            header: b[..HEADER_LEN].to_vec(),
            node_count,
            start,
            goal,
            variant,
            weight,
            state,
            iterations,
            expansions,
            requeues,
            los,
            flags,
            records,
            open,
            tail: b[c.1..].to_vec(),
        }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut b = self.header.clone();
        b.extend(self.node_count.to_le_bytes());
        b.extend(self.start.to_le_bytes());
        b.extend(self.goal.to_le_bytes());
        b.push(self.variant);
        b.extend(self.weight.to_bits().to_le_bytes());
        b.push(self.state);
        b.extend(self.iterations.to_le_bytes());
        b.extend(self.expansions.to_le_bytes());
        b.extend(self.requeues.to_le_bytes());
        b.extend(self.los.to_le_bytes());
        b.push(self.flags);
        b.extend((self.records.len() as u32).to_le_bytes());
        for &(n, p, g, c) in &self.records {
            b.extend(n.to_le_bytes());
            b.extend(p.to_le_bytes());
            b.extend(g.to_bits().to_le_bytes());
            b.push(u8::from(c));
        }
        b.extend((self.open.len() as u32).to_le_bytes());
        for &(n, f) in &self.open {
            b.extend(n.to_le_bytes());
            b.extend(f.to_bits().to_le_bytes());
        }
        // Recordings dropped: an edit changes the pops they describe.
        b.extend(0u32.to_le_bytes());
        b.extend(0u32.to_le_bytes());
        let _ = &self.tail;
        reseal_len(&mut b);
        b
    }

    fn is_parent(&self, n: u32) -> bool {
        self.records.iter().any(|r| r.1 == n)
    }

    fn drop_open(&mut self, mut pick: impl FnMut(u32) -> bool) {
        let gone: Vec<u32> = self.open.iter().map(|e| e.0).filter(|&n| pick(n)).collect();
        self.records.retain(|r| !gone.contains(&r.0));
        self.open.retain(|e| !gone.contains(&e.0));
    }

    /// The counters as the records imply them, as an attacker who re-derives them would set
    /// them.
    fn rederive(&mut self) {
        let closed = self.records.iter().filter(|r| r.3).count() as u32;
        let start_closed = self.records.iter().any(|r| r.0 == self.start && r.3);
        let found = self.state == 2;
        self.iterations = closed + self.requeues;
        self.expansions = closed - u32::from(found && closed > 0);
        if self.variant != 0 {
            self.los = u64::from(self.iterations) - u64::from(start_closed);
        } else {
            self.los = self.los.min(8 * u64::from(self.expansions));
        }
    }
}

fn segment(m: f64, a: Cell, b: Cell) -> f64 {
    let (dx, dy) = (
        i64::from(a.x) - i64::from(b.x),
        i64::from(a.y) - i64::from(b.y),
    );
    m * sqrt((dx * dx + dy * dy) as f64)
}

/// An accepted state must terminate within a bound of pops and answer legally: found exactly
/// when the fresh search finds a path, every segment with line of sight, the cost its
/// in-order sum. Returns whether the cost is the fresh search's.
fn continues_legally(r: &mut Search, grid: &Grid, fresh: &Search, what: &str) -> bool {
    let bound = 16 * grid.cell_count() + 16;
    let mut pops = 0;
    while r.step(grid, 1) == Step::InProgress {
        pops += 1;
        assert!(pops <= bound, "{what}: no end after {pops} pops");
    }
    assert_eq!(r.state(), fresh.state(), "{what}: another answer");
    if r.state() == Step::Found {
        let path = r.path();
        assert_eq!(path.first(), Some(&r.start()), "{what}");
        assert_eq!(path.last(), Some(&r.goal()), "{what}");
        let m = grid.areas().min_cost();
        let mut cost = 0.0;
        for w in path.windows(2) {
            let (a, b) = (grid.cell_of(w[0]), grid.cell_of(w[1]));
            assert!(
                GridLineOfSight::check(grid, a, b),
                "{what}: a blocked segment"
            );
            cost += segment(m, a, b);
        }
        assert_eq!(
            r.cost().to_bits(),
            cost.to_bits(),
            "{what}: cost ≠ path sum"
        );
    }
    r.cost().to_bits() == fresh.cost().to_bits()
}

#[test]
fn consistent_hostile_edits_are_refused_unchanged_or_continue_legally() {
    let mut rng = SplitMix64::new(27);
    let (mut accepted, mut refused, mut same_cost) = (0u32, 0u32, 0u32);
    for grid in maps() {
        let Some((a, b)) = ends(&grid) else { continue };
        let m = grid.areas().min_cost();
        for v in VARIANTS {
            let mut fresh = search(&grid, v, m);
            let _ = fresh.try_begin(&grid, a, b);
            let _ = fresh.run(&grid);
            let total = fresh.iterations();
            let mut t = search(&grid, v, m);
            let _ = t.try_begin(&grid, b, a);
            let _ = t.step(&grid, 3);
            let before = save(&t, &grid);
            for k in 1..=total {
                let mut s = search(&grid, v, m);
                let _ = s.try_begin(&grid, a, b);
                let _ = s.step(&grid, k);
                let good = Snap::parse(&save(&s, &grid));
                for edit in 0..12 {
                    let mut e = good.clone();
                    let open: Vec<u32> = e.open.iter().map(|x| x.0).collect();
                    let pick = |rng: &mut SplitMix64, v: &[u32]| {
                        (!v.is_empty()).then(|| v[rng.below(v.len() as u32) as usize])
                    };
                    match edit {
                        // Every open leaf dropped (the attack's "closed records only").
                        0 => e.drop_open(|_| true),
                        // One open leaf dropped.
                        1 => {
                            let n = pick(&mut rng, &open);
                            e.drop_open(|x| Some(x) == n);
                        }
                        // A closed leaf (nobody's parent, not the start) dropped.
                        2 => {
                            let leaves: Vec<u32> = e
                                .records
                                .iter()
                                .filter(|r| r.3 && r.0 != e.start && !e.is_parent(r.0))
                                .map(|r| r.0)
                                .collect();
                            let n = pick(&mut rng, &leaves);
                            e.records.retain(|r| Some(r.0) != n);
                        }
                        // An open leaf closed.
                        3 => {
                            if let Some(n) = pick(&mut rng, &open) {
                                e.open.retain(|x| x.0 != n);
                                e.records
                                    .iter_mut()
                                    .filter(|r| r.0 == n)
                                    .for_each(|r| r.3 = true);
                            }
                        }
                        // An open leaf re-pointed to another closed record, its g and key
                        // recomputed and the open list re-sorted.
                        4 => repoint(&mut e, &grid, &mut rng),
                        5 => e.state = 2,
                        6 => e.state = 3,
                        // Every open leaf dropped and the search declared over.
                        7 => {
                            e.drop_open(|_| true);
                            e.state = 3;
                        }
                        8 => e.iterations = u32::MAX,
                        9 => {
                            e.iterations = u32::MAX;
                            e.expansions = u32::MAX;
                        }
                        10 => e.los = u64::MAX,
                        _ => e.requeues = u32::MAX,
                    }
                    if edit <= 7 {
                        e.rederive();
                    }
                    let bytes = e.bytes();
                    let what = format!("{v:?} pop {k} edit {edit}");
                    if t.restore_state(&grid, &bytes).is_ok() {
                        accepted += 1;
                        same_cost += u32::from(continues_legally(&mut t, &grid, &fresh, &what));
                        t.restore_state(&grid, &before).unwrap();
                    } else {
                        refused += 1;
                        assert_eq!(save(&t, &grid), before, "{what}: a refusal changed it");
                    }
                }
            }
        }
    }
    eprintln!("{refused} refused, {accepted} accepted, {same_cost} at the fresh cost");
    assert!(refused > 1000, "{refused} refused");
}

/// Re-points a random open leaf to a random closed record that sees it, as an attacker keeping
/// the record rules (closed parent, g exact, line of sight) would.
fn repoint(e: &mut Snap, grid: &Grid, rng: &mut SplitMix64) {
    if e.open.is_empty() {
        return;
    }
    let n = e.open[rng.below(e.open.len() as u32) as usize].0;
    let closed: Vec<(u32, f64)> = e
        .records
        .iter()
        .filter(|r| r.3)
        .map(|r| (r.0, r.2))
        .collect();
    let (q, gq) = closed[rng.below(closed.len() as u32) as usize];
    let (cn, cq) = (grid.cell_of(n), grid.cell_of(q));
    if !GridLineOfSight::check(grid, cq, cn) {
        return;
    }
    let m = grid.areas().min_cost();
    let g = gq + segment(m, cq, cn);
    let h = EuclideanHeuristic::new(grid.width(), m);
    let mut h = h;
    onepath::topology::Heuristic::set_goal(&mut h, e.goal);
    let f = g + e.weight * onepath::topology::Heuristic::estimate(&h, n) + 0.0;
    for r in e.records.iter_mut().filter(|r| r.0 == n) {
        r.1 = q;
        r.2 = g;
    }
    for x in e.open.iter_mut().filter(|x| x.0 == n) {
        x.1 = f;
    }
    let g_of = |node: u32| e.records.iter().find(|r| r.0 == node).unwrap().2;
    let mut open = e.open.clone();
    open.sort_by(|x, y| {
        x.1.total_cmp(&y.1)
            .then(g_of(y.0).total_cmp(&g_of(x.0)))
            .then(x.0.cmp(&y.0))
    });
    e.open = open;
}
