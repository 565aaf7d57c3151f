//! Restore accepts only states a search can reach (issue 14, the outside test's three
//! reproducers on kinds 2 and 3): a record whose parent could not have set it, an open key the
//! search would not compute, or counters that disagree with the records are refused, so no
//! accepted snapshot can make the search loop, panic, or save bytes it then refuses.

mod common;

use common::frame::reseal_at;
use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
use onepath::search::AStar;
use onepath::state::StateError;
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Cell, Grid, GridOptions, GridSearch, Step};

type Search = AStar<DefaultStepCost, OctileHeuristic>;

const HEADER: usize = 28;
/// Kind-2 fixed fields, then the reached count.
const RECORDS: usize = 30 + 4;
const RECORD: usize = 17;
/// Kind-3 fixed fields before the nested frame (options 22 bytes incl. the nested length).
const NESTED: usize = HEADER + 22;

fn topology(g: &Grid) -> SquareTopology<'_> {
    SquareTopology::new(g, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap()
}

fn astar(g: &Grid) -> Search {
    AStar::new(
        DefaultStepCost,
        OctileHeuristic::new(g.width(), g.areas().min_cost()),
    )
}

fn save(a: &Search, g: &Grid) -> Vec<u8> {
    let mut b = vec![0; a.state_size()];
    a.save_state(g.content_hash(), &mut b).unwrap();
    b
}

/// Offset of the record of `node` in a kind-2 frame at `frame`.
fn record_at(b: &[u8], frame: usize, node: u32) -> usize {
    let count = u32::from_le_bytes(
        b[frame + HEADER + 30..frame + HEADER + 34]
            .try_into()
            .unwrap(),
    );
    (0..count as usize)
        .map(|i| frame + HEADER + RECORDS + i * RECORD)
        .find(|&at| u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) == node)
        .expect("the node has a record")
}

/// Offset of the open entry of `node` in a kind-2 frame at `frame`.
fn open_at(b: &[u8], frame: usize, node: u32) -> usize {
    let count = u32::from_le_bytes(
        b[frame + HEADER + 30..frame + HEADER + 34]
            .try_into()
            .unwrap(),
    );
    let open = frame + HEADER + RECORDS + count as usize * RECORD;
    let n = u32::from_le_bytes(b[open..open + 4].try_into().unwrap()) as usize;
    (0..n)
        .map(|i| open + 4 + i * 12)
        .find(|&at| u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) == node)
        .expect("the node is open")
}

fn set_f64(b: &mut [u8], at: usize, v: f64) {
    b[at..at + 8].copy_from_slice(&v.to_bits().to_le_bytes());
}

/// Reproducer 1 (the hang): on a 7 × 1 open row, after three pops, the open cell (3,0) with
/// `g` lowered from 3 to 0.5 made the continued search close a parent cycle (2,0) ↔ (3,0) so
/// that `path_len` never returned. Refused now, with its f left as saved (the key is not the
/// search's) and with its f made to match (no parent offers g = 0.5).
#[test]
fn a_lowered_open_g_is_refused() {
    let g = Grid::from_text(".......").unwrap();
    let t = topology(&g);
    let mut source = astar(&g);
    assert_eq!(source.try_begin(&t, 0, 6), Step::InProgress);
    assert_eq!(source.step(&t, 3), Step::InProgress);
    let good = save(&source, &g);
    for f in [None, Some(0.5 + 3.0)] {
        let mut bad = good.clone();
        let at = record_at(&bad, 0, 3) + 8;
        set_f64(&mut bad, at, 0.5);
        if let Some(f) = f {
            let at = open_at(&bad, 0, 3) + 4;
            set_f64(&mut bad, at, f);
        }
        reseal_at(&mut bad, 0);
        let mut target = astar(&g);
        let err = target.restore_state(&t, g.content_hash(), &bad);
        let field = if f.is_none() {
            "astar.open.key"
        } else {
            "astar.reached.move"
        };
        assert_eq!(err, Err(StateError::InvalidField { field }));
    }
    // The unmodified snapshot restores and finishes as the source does.
    let mut target = astar(&g);
    target.restore_state(&t, g.content_hash(), &good).unwrap();
    assert_eq!(target.run(&t), Step::Found);
    assert_eq!(target.path(), vec![0, 1, 2, 3, 4, 5, 6]);
}

/// A generic-engine handle on `g` that ran `pops` iterations from `a` to `b` (reaching `state`),
/// its snapshot, and the options to restore it with.
fn handle_snapshot(
    g: &Grid,
    (a, b): (Cell, Cell),
    pops: u32,
    state: Step,
) -> (Vec<u8>, GridOptions) {
    let options = GridOptions::DEFAULT.with_specialized_engines(false);
    let mut source = GridSearch::new(options).unwrap();
    assert_eq!(source.try_begin(g, a, b), Step::InProgress);
    assert_eq!(source.step(g, pops), Ok(state));
    let mut bytes = vec![0; source.state_size()];
    source.save_state(g, &mut bytes).unwrap();
    (bytes, options)
}

/// Re-seals a kind-3 snapshot whose nested kind-2 frame was changed, restores it into a fresh
/// handle and returns the result.
fn restore_damaged_handle(
    g: &Grid,
    mut bad: Vec<u8>,
    options: GridOptions,
) -> Result<(), StateError> {
    reseal_at(&mut bad, NESTED);
    reseal_at(&mut bad, 0);
    GridSearch::new(options).unwrap().restore_state(g, &bad)
}

/// The same attack through the handle (kind 3 nesting kind 2), which validated the nested
/// records without the grid's moves before.
#[test]
fn a_lowered_open_g_is_refused_by_the_handle() {
    let g = Grid::from_text(".......").unwrap();
    let ends = (Cell::new(0, 0), Cell::new(6, 0));
    let (mut bad, options) = handle_snapshot(&g, ends, 3, Step::InProgress);
    let at = record_at(&bad, NESTED, 3) + 8;
    set_f64(&mut bad, at, 0.5);
    let at = open_at(&bad, NESTED, 3) + 4;
    set_f64(&mut bad, at, 3.5);
    assert_eq!(
        restore_damaged_handle(&g, bad, options),
        Err(StateError::InvalidField {
            field: "astar.reached.move"
        })
    );
}

/// Reproducer 2 (the panic): on a 7 × 2 open grid, a finished search whose goal's parent was
/// set to the start made `to_path` return two cells while `path_len` said 7, and `copy_path`
/// index out of bounds. The start is not a move away from the goal: refused.
#[test]
fn a_parent_that_is_not_a_move_away_is_refused() {
    let g = Grid::from_text(".......\n.......").unwrap();
    let ends = (Cell::new(0, 0), Cell::new(6, 1));
    let (mut bad, options) = handle_snapshot(&g, ends, u32::MAX, Step::Found);
    let goal = record_at(&bad, NESTED, 13);
    bad[goal + 4..goal + 8].copy_from_slice(&0u32.to_le_bytes());
    assert_eq!(
        restore_damaged_handle(&g, bad, options),
        Err(StateError::InvalidField {
            field: "astar.reached.move"
        })
    );
}

/// Reproducer 3 (the round trip): an accepted mutation stepped to a state whose own bytes
/// were refused. Every single-byte change of a mid-search snapshot (re-sealed) is either
/// refused, or restores a search that finishes within the cell count, has a path that is a
/// chain of legal moves from start to goal, and whose finished bytes restore again.
#[test]
fn every_accepted_mutation_finishes_and_round_trips() {
    let g = Grid::from_text("......#\n.####.#\n.......\n.#.....").unwrap();
    let t = topology(&g);
    let mut source = astar(&g);
    let (start, goal) = (0, 27);
    assert_eq!(source.try_begin(&t, start, goal), Step::InProgress);
    let _ = source.step(&t, 6);
    let good = save(&source, &g);
    let mut accepted = 0;
    for at in HEADER..good.len() {
        for v in [0u8, 1, 0x3f, 0x40, 0x80, 0xff] {
            let mut bad = good.clone();
            if bad[at] == v {
                continue;
            }
            bad[at] = v;
            reseal_at(&mut bad, 0);
            let mut target = astar(&g);
            if target.restore_state(&t, g.content_hash(), &bad).is_err() {
                continue;
            }
            accepted += 1;
            let mut rounds = 0;
            while target.step(&t, 1) == Step::InProgress {
                rounds += 1;
                assert!(
                    rounds <= g.cell_count() * 8,
                    "the restored search does not end"
                );
            }
            let path = target.path();
            assert!(path.len() <= g.cell_count() as usize);
            if target.state() == Step::Found {
                assert_eq!(path.first(), Some(&target.start()));
                assert_eq!(path.last(), Some(&target.goal()));
                for w in path.windows(2) {
                    let mut legal = false;
                    t.for_each_neighbor_pub(w[0], |m| legal |= m == w[1]);
                    assert!(legal, "{} -> {} is not a move", w[0], w[1]);
                }
            }
            let end = save(&target, &g);
            let mut again = astar(&g);
            assert_eq!(again.restore_state(&t, g.content_hash(), &end), Ok(()));
            assert_eq!(save(&again, &g), end);
        }
    }
    // Some bytes (the trace flag, counters' high bytes that stay consistent, ...) are free;
    // the point is that none of the accepted ones misbehaves.
    assert!(accepted < (good.len() - HEADER) * 6);
}

/// Helper so the test reads the topology's moves without the search.
trait NeighborsPub {
    fn for_each_neighbor_pub(&self, n: u32, f: impl FnMut(u32));
}

impl NeighborsPub for SquareTopology<'_> {
    fn for_each_neighbor_pub(&self, n: u32, mut f: impl FnMut(u32)) {
        use onepath::topology::Topology;
        self.for_each_neighbor(n, |m, _| f(m));
    }
}
