//! Issue 27, kind 9 (HPA*): restore accepts only abstract searches the query can reach — every
//! expanded abstract node relaxed over the hierarchy's edges (the start's and goal's insertion
//! edges as the search builds them, intra- and inter-edges), a found goal popped before every
//! open entry, no closed goal without `Found`, the goal-edge flag only with the goal reached —
//! and a refusal leaves the target byte-identical, bare and through a `GridSearch` handle
//! (kind 3 nesting kind 9). The outside attack's reproducer (the abstract search kept to its
//! closed records) is a regression test; every state the engine saves itself restores and
//! continues bit for bit (walls, area costs, four and eight moves, both diagonal rules, agent
//! sizes, chunk sides, smoothing on and off); consistent hostile edits are refused unchanged
//! or continue to a legal answer that finds a path exactly when one exists.

mod common;

use common::frame::reseal_len;

use common::{hpa_maze, random_grid};
use onepath::grid::SquareTopology;
use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
use onepath::math::SplitMix64;
use onepath::search::Step;
use onepath::state::{HEADER_LEN, StateError};
use onepath::topology::Topology;
use onepath::{Cell, Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, GridSearch};

fn save(s: &HpaSearch, h: &HpaHierarchy, g: &Grid) -> Vec<u8> {
    let mut b = vec![0; s.state_size()];
    assert_eq!(s.save_state(h, g, &mut b).unwrap(), b.len());
    b
}

type Outcome = (Step, Vec<u32>, u64, u32, u32, Vec<u32>);

fn outcome(s: &HpaSearch) -> Outcome {
    (
        s.state(),
        s.path().to_vec(),
        s.cost().to_bits(),
        s.iterations(),
        s.expansions(),
        s.abstract_path().to_vec(),
    )
}

/// A kind-9 snapshot, parsed, for consistent edits.
#[derive(Clone, Debug)]
struct Snap {
    /// The header and the fixed fields before the cell count (hierarchy, options, smoothing).
    head: Vec<u8>,
    cells: u32,
    start: u32,
    goal: u32,
    state: u8,
    iterations: u32,
    expansions: u32,
    goal_edge: u8,
    /// (cell, parent, g, closed), increasing cell.
    records: Vec<(u32, u32, f64, bool)>,
    /// (cell, f), pop order.
    open: Vec<(u32, f64)>,
}

/// Offset of the cell count: header, hierarchy hash, chunk, threshold, agent, moves, smoothing.
const CELLS_AT: usize = HEADER_LEN + 8 + 4 + 4 + 1 + 1 + 1;

impl Snap {
    fn parse(b: &[u8]) -> Snap {
        let mut at = CELLS_AT;
        let mut take = |n: usize| {
            at += n;
            &b[at - n..at]
        };
        let u32_ = |x: &[u8]| u32::from_le_bytes(x.try_into().unwrap());
        let f64_ = |x: &[u8]| f64::from_bits(u64::from_le_bytes(x.try_into().unwrap()));
        let (cells, start, goal) = (u32_(take(4)), u32_(take(4)), u32_(take(4)));
        let state = take(1)[0];
        let (iterations, expansions) = (u32_(take(4)), u32_(take(4)));
        let goal_edge = take(1)[0];
        let records = (0..u32_(take(4)))
            .map(|_| (u32_(take(4)), u32_(take(4)), f64_(take(8)), take(1)[0] != 0))
            .collect();
        let open = (0..u32_(take(4)))
            .map(|_| (u32_(take(4)), f64_(take(8))))
            .collect();
        assert_eq!(at, b.len());
        Snap {
            head: b[..CELLS_AT].to_vec(),
            cells,
            start,
            goal,
            state,
            iterations,
            expansions,
            goal_edge,
            records,
            open,
        }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut b = self.head.clone();
        b.extend(self.cells.to_le_bytes());
        b.extend(self.start.to_le_bytes());
        b.extend(self.goal.to_le_bytes());
        b.push(self.state);
        b.extend(self.iterations.to_le_bytes());
        b.extend(self.expansions.to_le_bytes());
        b.push(self.goal_edge);
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
        reseal_len(&mut b);
        b
    }

    fn drop_open(&mut self, mut pick: impl FnMut(u32) -> bool) {
        let gone: Vec<u32> = self.open.iter().map(|e| e.0).filter(|&n| pick(n)).collect();
        self.records.retain(|r| !gone.contains(&r.0));
        self.open.retain(|e| !gone.contains(&e.0));
        if !self.records.iter().any(|r| r.0 == self.goal) {
            self.goal_edge = 0;
        }
    }

    /// Counters as an attacker who re-derives them from the records would set them.
    fn rederive(&mut self) {
        let closed = self.records.iter().filter(|r| r.3).count() as u32;
        self.iterations = self.iterations.max(closed);
        self.expansions = self.iterations - u32::from(self.state == 2 && self.iterations > 0);
    }
}

/// The rooms of the kind-9 tests, with an area of cost 2.5 and one of 0.5.
fn rooms() -> Grid {
    let mut g = Grid::from_text(
        "
        ......#.........
        ......#...###...
        ..###.#.....#...
        ......#.....#...
        ............#...
        ###.####....#...
        ........#.......
        ..11....#...22..
        ..11........22..
        ",
    )
    .unwrap();
    g.set_area_cost(1, 2.5).unwrap();
    g.set_area_cost(2, 0.5).unwrap();
    g
}

fn maps() -> Vec<Grid> {
    vec![
        rooms(),
        hpa_maze(),
        random_grid(5, 14, 10, 20, true),
        random_grid(8, 12, 12, 28, false),
    ]
}

fn configs() -> Vec<HpaConfig> {
    let moves = [
        (Connectivity::Eight, DiagonalRule::NoCornerCutting),
        (Connectivity::Four, DiagonalRule::NoCornerCutting),
        (Connectivity::Eight, DiagonalRule::NoSqueezing),
    ];
    let mut v = Vec::new();
    for (i, (conn, rule)) in moves.into_iter().enumerate() {
        for (chunk, agent) in [(4, 1), (3, 1), (5, 2)] {
            v.push(
                HpaConfig::DEFAULT
                    .with_chunk_size(chunk)
                    .with_threshold(1 + i as u32 * 2)
                    .with_agent_size(agent)
                    .with_moves(conn, rule),
            );
        }
    }
    v
}

/// Queries on `g` for `h`: walkable-for-the-agent pairs, far ones first.
fn queries(g: &Grid, h: &HpaHierarchy, rng: &mut SplitMix64) -> Vec<(u32, u32)> {
    let c = h.config();
    let topo = SquareTopology::new(g, c.agent_size, c.connectivity, c.rule).unwrap();
    let fit: Vec<u32> = (0..g.cell_count())
        .filter(|&n| topo.is_walkable(n))
        .collect();
    if fit.len() < 2 {
        return Vec::new();
    }
    let mut q = vec![(fit[0], fit[fit.len() - 1])];
    for _ in 0..2 {
        let (a, b) = (rng.below(fit.len() as u32), rng.below(fit.len() as u32));
        q.push((fit[a as usize], fit[b as usize]));
    }
    q
}

fn busy(h: &HpaHierarchy, g: &Grid, (a, b): (u32, u32)) -> HpaSearch {
    let mut t = HpaSearch::new();
    let _ = t.try_begin(h, g, b, a).unwrap();
    let _ = t.step(h, g, 2).unwrap();
    t
}

#[test]
fn an_abstract_search_kept_to_its_closed_records_is_refused() {
    let grid = rooms();
    let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(4)).unwrap();
    let (a, b) = (0, 8 * 16 + 15);
    let mut fresh = HpaSearch::new();
    let _ = fresh.try_begin(&h, &grid, a, b).unwrap();
    assert_eq!(fresh.run(&h, &grid).unwrap(), Step::Found);
    for k in 1..fresh.iterations() {
        let mut s = HpaSearch::new();
        let _ = s.try_begin(&h, &grid, a, b).unwrap();
        let _ = s.step(&h, &grid, k).unwrap();
        let mut e = Snap::parse(&save(&s, &h, &grid));
        e.drop_open(|_| true);
        for state in [3u8, 1] {
            e.state = state;
            let mut t = busy(&h, &grid, (a, b));
            let before = save(&t, &h, &grid);
            let err = t.restore_state(&h, &grid, &e.bytes());
            if state == 3 {
                assert_eq!(
                    err,
                    Err(StateError::InvalidField {
                        field: "hpa.reached.relaxed"
                    }),
                    "pop {k}"
                );
            } else {
                assert!(err.is_err(), "pop {k}: in progress with nothing to pop");
            }
            assert_eq!(save(&t, &h, &grid), before, "a refused restore changed it");
            // The target still finishes as if never touched.
            let mut untouched = busy(&h, &grid, (a, b));
            let _ = t.run(&h, &grid).unwrap();
            let _ = untouched.run(&h, &grid).unwrap();
            assert_eq!(outcome(&t), outcome(&untouched));
        }
    }
}

#[test]
fn a_grid_search_handle_running_hpa_refuses_for_its_nested_search_and_keeps_its_state() {
    let grid = hpa_maze();
    let o = GridOptions::DEFAULT
        .with_algorithm(GridAlgorithm::Hpa)
        .with_hpa_chunk_size(4);
    let (a, b) = (Cell::new(0, 0), Cell::new(15, 8));
    let mut whole = GridSearch::new(o).unwrap();
    let _ = whole.try_begin(&grid, a, b);
    while whole.step(&grid, 1).unwrap() == Step::InProgress {}
    let nested = HEADER_LEN + 22;
    let mut refusals = 0;
    for k in 1..whole.iterations() {
        let mut s = GridSearch::new(o).unwrap();
        let _ = s.try_begin(&grid, a, b);
        let _ = s.step(&grid, k).unwrap();
        let mut bytes = vec![0; s.state_size()];
        s.save_state(&grid, &mut bytes).unwrap();
        let inner_len = u32::from_le_bytes(bytes[nested - 4..nested].try_into().unwrap());
        let mut e = Snap::parse(&bytes[nested..nested + inner_len as usize]);
        e.drop_open(|_| true);
        e.state = 3;
        let inner = e.bytes();
        let mut bad = bytes[..nested].to_vec();
        bad[nested - 4..nested].copy_from_slice(&(inner.len() as u32).to_le_bytes());
        bad.extend_from_slice(&inner);
        reseal_len(&mut bad);
        let mut victim = GridSearch::new(o).unwrap();
        let _ = victim.try_begin(&grid, b, a);
        let _ = victim.step(&grid, 3).unwrap();
        let mut before = vec![0; victim.state_size()];
        victim.save_state(&grid, &mut before).unwrap();
        assert_eq!(
            victim.restore_state(&grid, &bad),
            Err(StateError::InvalidField {
                field: "hpa.reached.relaxed"
            }),
            "pop {k}"
        );
        let mut after = vec![0; victim.state_size()];
        victim.save_state(&grid, &mut after).unwrap();
        assert_eq!(after, before, "a refused restore changed the handle");
        // The unedited snapshot restores into the same handle and finishes alike.
        victim.restore_state(&grid, &bytes).unwrap();
        while victim.step(&grid, 1).unwrap() == Step::InProgress {}
        assert_eq!(victim.cost().to_bits(), whole.cost().to_bits());
        refusals += 1;
    }
    assert!(refusals > 3, "{refusals}");
}

#[test]
fn every_state_the_engine_saves_restores_and_continues_bit_for_bit() {
    let mut rng = SplitMix64::new(927);
    let mut checked = 0;
    for grid in maps() {
        for (ci, config) in configs().into_iter().enumerate() {
            let Ok(h) = HpaHierarchy::build(&grid, config) else {
                continue;
            };
            for (qi, q) in queries(&grid, &h, &mut rng).into_iter().enumerate() {
                let smoothing = (ci + qi) % 2 == 0;
                let begin = || {
                    let mut s = HpaSearch::new();
                    s.set_smoothing(smoothing);
                    let _ = s.try_begin(&h, &grid, q.0, q.1).unwrap();
                    s
                };
                let mut whole = begin();
                let _ = whole.run(&h, &grid).unwrap();
                let want = outcome(&whole);
                for k in 0..=whole.iterations() {
                    let mut s = begin();
                    let _ = s.step(&h, &grid, k).unwrap();
                    let bytes = save(&s, &h, &grid);
                    let mut r = busy(&h, &grid, q);
                    r.restore_state(&h, &grid, &bytes)
                        .unwrap_or_else(|e| panic!("config {ci} query {q:?} pop {k}: {e}"));
                    assert_eq!(save(&r, &h, &grid), bytes, "canonical, pop {k}");
                    let _ = r.run(&h, &grid).unwrap();
                    assert_eq!(outcome(&r), want, "config {ci} query {q:?} pop {k}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

/// An accepted state terminates within a bound of pops and answers legally: found exactly
/// when the fresh query finds a path, every step a legal move for the agent. Returns whether
/// the cost is the fresh query's.
fn continues_legally(
    r: &mut HpaSearch,
    h: &HpaHierarchy,
    grid: &Grid,
    fresh: &HpaSearch,
    what: &str,
) -> bool {
    let bound = 64 * grid.cell_count() + 64;
    let mut pops = 0;
    while r.step(h, grid, 1).unwrap() == Step::InProgress {
        pops += 1;
        assert!(pops <= bound, "{what}: no end after {pops} pops");
    }
    assert_eq!(r.state(), fresh.state(), "{what}: another answer");
    if r.state() == Step::Found {
        let c = h.config();
        let topo = SquareTopology::new(grid, c.agent_size, c.connectivity, c.rule).unwrap();
        let path = r.path();
        assert_eq!(path.first(), Some(&r.start()), "{what}");
        assert_eq!(path.last(), Some(&r.goal()), "{what}");
        for w in path.windows(2) {
            let mut legal = false;
            topo.for_each_neighbor(w[0], |m, _| legal |= m == w[1]);
            assert!(legal, "{what}: {} → {} is not a move", w[0], w[1]);
        }
        assert!(r.cost().is_finite(), "{what}");
    }
    r.cost().to_bits() == fresh.cost().to_bits()
}

#[test]
fn consistent_hostile_edits_are_refused_unchanged_or_continue_legally() {
    let mut rng = SplitMix64::new(2027);
    let (mut accepted, mut refused, mut same_cost) = (0u32, 0u32, 0u32);
    for grid in maps() {
        for config in configs().into_iter().step_by(2) {
            let Ok(h) = HpaHierarchy::build(&grid, config) else {
                continue;
            };
            for q in queries(&grid, &h, &mut rng) {
                let mut fresh = HpaSearch::new();
                let _ = fresh.try_begin(&h, &grid, q.0, q.1).unwrap();
                let _ = fresh.run(&h, &grid).unwrap();
                let mut t = busy(&h, &grid, q);
                let before = save(&t, &h, &grid);
                for k in 1..=fresh.iterations() {
                    let mut s = HpaSearch::new();
                    let _ = s.try_begin(&h, &grid, q.0, q.1).unwrap();
                    let _ = s.step(&h, &grid, k).unwrap();
                    let good = Snap::parse(&save(&s, &h, &grid));
                    for edit in 0..11 {
                        let mut e = good.clone();
                        let open: Vec<u32> = e.open.iter().map(|x| x.0).collect();
                        let pick = |rng: &mut SplitMix64, v: &[u32]| {
                            (!v.is_empty()).then(|| v[rng.below(v.len() as u32) as usize])
                        };
                        match edit {
                            0 => e.drop_open(|_| true),
                            1 => {
                                let n = pick(&mut rng, &open);
                                e.drop_open(|x| Some(x) == n);
                            }
                            2 => {
                                let leaves: Vec<u32> = e
                                    .records
                                    .iter()
                                    .filter(|r| {
                                        r.3 && r.0 != e.start
                                            && !e.records.iter().any(|c| c.1 == r.0)
                                    })
                                    .map(|r| r.0)
                                    .collect();
                                let n = pick(&mut rng, &leaves);
                                e.records.retain(|r| Some(r.0) != n);
                            }
                            3 => {
                                if let Some(n) = pick(&mut rng, &open) {
                                    e.open.retain(|x| x.0 != n);
                                    e.records
                                        .iter_mut()
                                        .filter(|r| r.0 == n)
                                        .for_each(|r| r.3 = true);
                                }
                            }
                            4 => e.state = 2,
                            5 => e.state = 3,
                            6 => {
                                e.drop_open(|_| true);
                                e.state = 3;
                            }
                            7 => {
                                e.iterations = u32::MAX;
                                e.expansions = u32::MAX;
                            }
                            8 => e.iterations = u32::MAX,
                            9 => e.goal_edge ^= 1,
                            _ => {
                                // The goal's open record closed and the search declared found.
                                e.open.retain(|x| x.0 != e.goal);
                                let goal = e.goal;
                                e.records
                                    .iter_mut()
                                    .filter(|r| r.0 == goal)
                                    .for_each(|r| r.3 = true);
                                e.state = 2;
                            }
                        }
                        if edit <= 6 || edit == 10 {
                            e.rederive();
                        }
                        let bytes = e.bytes();
                        let what = format!("{config:?} {q:?} pop {k} edit {edit}");
                        if t.restore_state(&h, &grid, &bytes).is_ok() {
                            accepted += 1;
                            same_cost +=
                                u32::from(continues_legally(&mut t, &h, &grid, &fresh, &what));
                            t.restore_state(&h, &grid, &before).unwrap();
                        } else {
                            refused += 1;
                            assert_eq!(save(&t, &h, &grid), before, "{what}: changed");
                        }
                    }
                }
            }
        }
    }
    eprintln!("{refused} refused, {accepted} accepted, {same_cost} at the fresh cost");
    assert!(refused > 1000, "{refused} refused");
}
