//! Improved pruning ("jps2", "jps2+") as the `GridSearch` handle's tier-2 setting (issue 22):
//! costs equal the generic A*'s, the setting reaches the specialised jump engines only, a
//! search keeps the pruning it began with, and kind 3 saves the setting (flags bit 2) and
//! restores it, while plain handles write the bytes they wrote before.

mod common;

use common::random_grid;
use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
use onepath::math::SplitMix64;
use onepath::search::AStar;
use onepath::state::{Fnv1a64, StateError};
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, Step};

const HEADER: usize = 28;
/// The kind-3 flags byte: header, then connectivity, diagonal rule, agent size, heuristic
/// (1 byte each), weight (8) and iteration budget (4).
const FLAGS: usize = HEADER + 16;

fn options(alg: GridAlgorithm) -> GridOptions {
    GridOptions::DEFAULT.with_algorithm(alg)
}

fn handle(alg: GridAlgorithm, improved: bool) -> GridSearch {
    GridSearch::new(options(alg))
        .unwrap()
        .with_improved_pruning(improved)
}

fn run(s: &mut GridSearch, g: &Grid, a: Cell, b: Cell) -> Step {
    match s.try_begin(g, a, b) {
        Step::InProgress => s.run_cancellable(g, || false).unwrap(),
        refused => refused,
    }
}

fn save(s: &GridSearch, g: &Grid) -> Vec<u8> {
    let mut b = vec![0; s.state_size()];
    assert_eq!(s.save_state(g, &mut b), Ok(b.len()));
    b
}

/// The generic A* (tier 2, over the square topology) from `a` to `b`: its state and cost.
fn generic(g: &Grid, a: Cell, b: Cell) -> (Step, f64) {
    let t = SquareTopology::new(g, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    let h = OctileHeuristic::new(g.width(), g.areas().min_cost());
    let mut e = AStar::new(DefaultStepCost, h);
    let (s, t_) = (g.index_of(a).unwrap(), g.index_of(b).unwrap());
    let step = match e.try_begin(&t, s, t_) {
        Step::InProgress => e.run(&t),
        refused => refused,
    };
    (step, e.cost())
}

fn walkable(g: &Grid, r: &mut SplitMix64) -> Cell {
    loop {
        let c = g.cell_of(r.below(g.cell_count()));
        if g.can_fit(c, 1) {
            return c;
        }
    }
}

/// Every path a jps2 / jps2+ handle finds costs what the generic A* finds (up to the rounding
/// of the generic's cell-by-cell sum), on random grids wider than a bitmap word, and the
/// improved searches never expand more jump points than the plain ones in total.
#[test]
fn improved_handles_cost_what_the_generic_astar_costs() {
    let mut r = SplitMix64::new(22);
    let (mut plain_total, mut improved_total, mut found) = (0u64, 0u64, 0u32);
    for seed in 0..24u64 {
        let (w, h) = (8 + (seed as u32 * 7) % 90, 5 + (seed as u32 * 5) % 60);
        let g = random_grid(seed, w, h, [10, 25, 35][(seed % 3) as usize], false);
        if (0..g.cell_count()).all(|c| !g.can_fit(g.cell_of(c), 1)) {
            continue;
        }
        for alg in [GridAlgorithm::Jps, GridAlgorithm::JpsPlus] {
            let (mut plain, mut improved) = (handle(alg, false), handle(alg, true));
            for _ in 0..12 {
                let (a, b) = (walkable(&g, &mut r), walkable(&g, &mut r));
                let (want, cost) = generic(&g, a, b);
                let ctx = format!("seed {seed} {alg:?} {a:?}->{b:?}");
                assert_eq!(run(&mut improved, &g, a, b), want, "{ctx}");
                assert_eq!(run(&mut plain, &g, a, b), want, "{ctx}");
                assert!(
                    improved.specialized() && improved.improved_pruning(),
                    "{ctx}"
                );
                if want != Step::Found {
                    continue;
                }
                found += 1;
                let got = improved.cost();
                assert!(
                    (got - cost).abs() <= 1e-9 * cost.max(1.0),
                    "{ctx}: {got} vs {cost}"
                );
                assert_eq!(got.to_bits(), plain.cost().to_bits(), "{ctx}");
                let mut path = vec![Cell::default(); improved.path_len()];
                let n = improved.copy_path(&mut path).unwrap();
                assert_eq!((path[0], path[n - 1]), (a, b), "{ctx}");
                let step = |p: Cell, q: Cell| (p.x - q.x).abs().max((p.y - q.y).abs());
                assert!(path.windows(2).all(|w| step(w[0], w[1]) == 1), "{ctx}");
                plain_total += u64::from(plain.expansions());
                improved_total += u64::from(improved.expansions());
            }
        }
    }
    assert!(found > 300, "only {found} found paths");
    assert!(
        improved_total < plain_total,
        "{improved_total} vs {plain_total}"
    );
}

/// The setting is tier 2 only: a handle starts with it off, and the one-line query (which
/// never sets it) expands what a plain handle expands.
#[test]
fn tier_one_stays_plain() {
    let g = random_grid(5, 70, 40, 25, false);
    let (a, b) = common::far_endpoints(&g, 1).unwrap();
    for alg in [GridAlgorithm::Jps, GridAlgorithm::JpsPlus] {
        let mut plain = GridSearch::new(options(alg)).unwrap();
        assert!(!plain.improved_pruning());
        assert_eq!(run(&mut plain, &g, a, b), Step::Found);
        let p = g.find_path(a, b, &options(alg)).unwrap();
        assert_eq!(p.expansions, plain.expansions());
        let mut improved = handle(alg, true);
        assert_eq!(run(&mut improved, &g, a, b), Step::Found);
        assert!(improved.expansions() < plain.expansions(), "{alg:?}");
        assert_eq!(improved.cost().to_bits(), p.cost.to_bits());
    }
}

/// The generic cores ignore the setting: with the specialised engines off, a jps2 handle is
/// a plain generic JPS, and its snapshot restores into a plain handle.
#[test]
fn the_generic_cores_ignore_the_setting() {
    let g = random_grid(9, 50, 30, 20, false);
    let (a, b) = common::far_endpoints(&g, 1).unwrap();
    let o = options(GridAlgorithm::Jps).with_specialized_engines(false);
    let mut plain = GridSearch::new(o).unwrap();
    let mut improved = GridSearch::new(o).unwrap().with_improved_pruning(true);
    assert_eq!(run(&mut plain, &g, a, b), Step::Found);
    assert_eq!(run(&mut improved, &g, a, b), Step::Found);
    assert!(!improved.specialized());
    assert_eq!(improved.to_path(&g).unwrap(), plain.to_path(&g).unwrap());
    let mut peer = GridSearch::new(o).unwrap();
    peer.restore_state(&g, &save(&improved, &g)).unwrap();
    assert!(peer.improved_pruning());
}

/// Saved mid-search and restored into a plain handle: the peer adopts the setting, continues
/// the improved search to the same result, and begins its next search improved.
#[test]
fn a_snapshot_carries_the_setting_and_the_search() {
    let g = random_grid(3, 90, 50, 25, false);
    let (a, b) = common::far_endpoints(&g, 1).unwrap();
    for alg in [GridAlgorithm::Jps, GridAlgorithm::JpsPlus] {
        let mut whole = handle(alg, true);
        assert_eq!(run(&mut whole, &g, a, b), Step::Found);
        let mut source = handle(alg, true);
        let _ = source.try_begin(&g, a, b);
        assert_eq!(source.step(&g, 3), Ok(Step::InProgress));
        let bytes = save(&source, &g);
        assert_eq!(bytes[FLAGS] & 4, 4);
        let mut peer = handle(alg, false);
        peer.restore_state(&g, &bytes).unwrap();
        assert!(peer.improved_pruning());
        assert_eq!(save(&peer, &g), bytes, "{alg:?}: re-saved bytes");
        assert_eq!(peer.run_cancellable(&g, || false), Ok(Step::Found));
        assert_eq!(peer.to_path(&g).unwrap(), whole.to_path(&g).unwrap());
        // The next search of the peer is improved too.
        let (c, d) = (b, a);
        let mut fresh = handle(alg, true);
        assert_eq!(run(&mut fresh, &g, c, d), run(&mut peer, &g, c, d));
        assert_eq!(peer.to_path(&g).unwrap(), fresh.to_path(&g).unwrap());
    }
}

/// A search keeps the pruning it began with when the setting changes under it, and the
/// snapshot of that state (setting off, nested search improved, or the reverse) restores and
/// re-saves byte for byte: both are reachable states.
#[test]
fn a_running_search_keeps_its_pruning() {
    let g = random_grid(4, 80, 60, 12, false);
    let (a, b) = common::far_endpoints(&g, 1).unwrap();
    for alg in [GridAlgorithm::Jps, GridAlgorithm::JpsPlus] {
        for began in [false, true] {
            let mut whole = handle(alg, began);
            assert_eq!(run(&mut whole, &g, a, b), Step::Found);
            let mut s = handle(alg, began);
            let _ = s.try_begin(&g, a, b);
            let _ = s.step(&g, 4).unwrap();
            s.set_improved_pruning(!began);
            let bytes = save(&s, &g);
            assert_eq!(s.run_cancellable(&g, || false), Ok(Step::Found));
            assert_eq!(s.to_path(&g).unwrap(), whole.to_path(&g).unwrap());
            let mut peer = handle(alg, began);
            peer.restore_state(&g, &bytes).unwrap();
            assert_eq!(peer.improved_pruning(), !began);
            assert_eq!(save(&peer, &g), bytes);
            assert_eq!(peer.run_cancellable(&g, || false), Ok(Step::Found));
            assert_eq!(peer.to_path(&g).unwrap(), whole.to_path(&g).unwrap());
        }
    }
}

/// A plain handle writes bit 2 clear (the bytes of before), and a flags byte with an unknown
/// bit is refused with the field named, leaving the handle as it was.
#[test]
fn unknown_flag_bits_are_refused() {
    let g = random_grid(6, 40, 30, 20, false);
    let (a, b) = common::far_endpoints(&g, 1).unwrap();
    let mut s = handle(GridAlgorithm::Jps, false);
    let _ = s.try_begin(&g, a, b);
    let _ = s.step(&g, 2).unwrap();
    let good = save(&s, &g);
    assert_eq!(good[FLAGS], 2, "specialised engines allowed, nothing else");
    let mut bad = good.clone();
    bad[FLAGS] |= 8;
    let len = u32::from_le_bytes(bad[8..12].try_into().unwrap()) as usize;
    let sum = Fnv1a64::of(&bad[HEADER..HEADER + len]);
    bad[20..28].copy_from_slice(&sum.to_le_bytes());
    let mut peer = handle(GridAlgorithm::Jps, true);
    assert_eq!(
        peer.restore_state(&g, &bad),
        Err(StateError::InvalidField {
            field: "grid_search.flags"
        })
    );
    assert!(peer.improved_pruning());
    assert_eq!(peer.state(), Step::Idle);
}

/// The handle runs exactly the engine the hash matrix pins (`grids/fast`, `jps-improved` and
/// `jps+-improved`: `OctileJump::with_improved_pruning(true)`): the same expansion order,
/// counts, cost bits and path.
#[test]
fn the_handle_runs_the_pinned_improved_engines() {
    use onepath::fast::{BitFinder, OctileJump, OctileMap, TableFinder};
    use onepath::jps::JpsPlusIndex;
    let g = random_grid(8, 75, 45, 25, false);
    let (a, b) = common::far_endpoints(&g, 1).unwrap();
    let (s, t) = (g.index_of(a).unwrap(), g.index_of(b).unwrap());
    let (map, tables) = (OctileMap::new(&g), JpsPlusIndex::new(&g).unwrap());
    let mut bits = OctileJump::<BitFinder>::with_improved_pruning(true);
    bits.set_record_expansions(true);
    let _ = bits.try_begin(&g, &map, s, t);
    let _ = bits.run(&map);
    let mut table = OctileJump::<TableFinder>::with_improved_pruning(true);
    table.set_record_expansions(true);
    let _ = table.try_begin(&g, &tables, s, t);
    let _ = table.run(&tables);
    let want = [
        (
            GridAlgorithm::Jps,
            bits.expanded_nodes().to_vec(),
            bits.cost(),
        ),
        (
            GridAlgorithm::JpsPlus,
            table.expanded_nodes().to_vec(),
            table.cost(),
        ),
    ];
    for (alg, expanded, cost) in want {
        let mut h = GridSearch::new(options(alg).with_record_expansions(true))
            .unwrap()
            .with_improved_pruning(true);
        assert_eq!(run(&mut h, &g, a, b), Step::Found);
        assert_eq!(h.expanded_nodes(), &expanded[..], "{alg:?}");
        assert_eq!(h.cost().to_bits(), cost.to_bits(), "{alg:?}");
    }
}

/// Restoring the snapshot of a handle that never searched (its nested engine is an idle
/// generic one) gives the same state, byte for byte, into a handle that ran improved
/// searches and into a new one (found by the `snapshot_restore` fuzz replay: the idle jump
/// engine kept its last search's pruning byte).
#[test]
fn an_idle_restore_forgets_the_past_pruning() {
    let g = random_grid(2, 30, 20, 15, false);
    let (a, b) = common::far_endpoints(&g, 1).unwrap();
    for alg in [GridAlgorithm::Jps, GridAlgorithm::JpsPlus] {
        let never = handle(alg, false);
        let mut idle_bytes = vec![0; never.state_size()];
        never.save_state(&g, &mut idle_bytes).unwrap();
        let mut used = handle(alg, true);
        let _ = run(&mut used, &g, a, b);
        let mut fresh = handle(alg, true);
        used.restore_state(&g, &idle_bytes).unwrap();
        fresh.restore_state(&g, &idle_bytes).unwrap();
        assert_eq!(save(&used, &g), save(&fresh, &g), "{alg:?}");
        assert!(!used.improved_pruning());
        // And `prepare` leaves the same idle state as a handle that never searched.
        let mut prepared = handle(alg, true);
        let _ = run(&mut prepared, &g, a, b);
        let mut other = Grid::new(30, 21).unwrap();
        other.set_area(Cell::new(3, 3), 255).unwrap();
        prepared.prepare(&other);
        let mut new = handle(alg, true);
        new.prepare(&other);
        assert_eq!(save(&prepared, &other), save(&new, &other), "{alg:?}");
    }
}
