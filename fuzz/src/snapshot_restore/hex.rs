//! Kinds 14 (`HexGrid`) and 15 (`HexSearch`, nesting kind 2) in the snapshot property (issue
//! 28, item 4): the fixed maps of [`world`] read as hex grids under a layout the input picks.
//!
//! - [`hex_case`] (consistent mode, case target 11): a real kind-15 snapshot, its nested kind 2
//!   edited by [`crate::consistent`] over [`HexRules`] (the six hex moves, the hex-distance or
//!   zero estimate, the weight), sometimes damaged, re-wrapped and resealed, restored into a
//!   handle mid-way through a search of its own. Refused: the target's bytes unchanged (the
//!   engine's own unedited bytes are never refused). Accepted: the search ends within the
//!   bound with the status a fresh `HexGrid::find_path` gives from the same endpoints under
//!   the restored options; a found path runs from start to goal over walkable hex neighbours,
//!   its in-order step sum is the reported cost, and with weight ≤ 1 that cost is the fresh
//!   one's. The engine's own state continues bit for bit (path, cost bits, counters, its
//!   final snapshot). The same input also damages a kind-14 snapshot of the map and checks
//!   the grid property ([`check_hex_grid`]).
//! - [`check_raw`] (raw mode): the input's bytes handed to a hex grid's and a busy hex
//!   handle's `restore_state`: nothing panics, a refusal changes nothing, an accepted state
//!   saves back to the same bytes and settles within the bound.

use onepath::hex::{HexDistanceHeuristic, HexTopology};
use onepath::state::HEADER_LEN;
use onepath::topology::{Heuristic, Topology};
use onepath::{
    Cell, Grid, GridOptions, HeuristicKind, HexCoord, HexGrid, HexLayout, HexSearch, Step,
};

use super::proof::Outcome;
use super::{mutate, world};
use crate::consistent::{self, Entry, Rec, Rules, le32, le64, put, seal};
use crate::input::Input;

/// Where kind 15's nested frame starts: its header, 14 bytes of options, the nested length.
pub const NESTED_AT: usize = HEADER_LEN + 18;

/// The options a case runs under.
const OPTIONS: [GridOptions; 4] = [
    GridOptions::DEFAULT,
    GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero),
    GridOptions::DEFAULT.with_weight(1.5),
    GridOptions::DEFAULT
        .with_heuristic(HeuristicKind::HexDistance)
        .with_record_expansions(true),
];

/// The square map `g` read as a hex grid under `layout`: the same cells and multipliers.
pub fn hex_of(g: &Grid, layout: HexLayout) -> HexGrid {
    let mut h = HexGrid::from_areas(g.width(), g.height(), layout, g.cells().to_vec())
        .expect("the world maps are valid sizes");
    for a in 0..255u8 {
        let m = g.areas().get(a);
        if m != 1.0 {
            h.set_area_cost(a, m)
                .expect("the world's multipliers are valid");
        }
    }
    h
}

fn open_cells(g: &HexGrid) -> Vec<Cell> {
    (0..g.cell_count())
        .map(|i| g.cell_of(i))
        .filter(|&c| g.is_walkable(c))
        .collect()
}

fn save(s: &HexSearch, g: &HexGrid) -> Vec<u8> {
    let mut b = vec![0; s.state_size()];
    assert_eq!(
        s.save_state(g, &mut b),
        Ok(b.len()),
        "save writes state_size"
    );
    // Without recording the bound holds for every state the handle accepts.
    assert!(s.options().record_expansions || b.len() <= s.max_state_size(g));
    b
}

/// Kind 2 over the hex moves: `f = g + w·h`.
pub struct HexRules<'g> {
    /// The moves.
    pub topology: HexTopology<'g>,
    /// The hex-distance estimate aimed at the goal, or `None` for zero.
    pub heuristic: Option<HexDistanceHeuristic>,
    /// The weight.
    pub weight: f64,
}

impl Rules for HexRules<'_> {
    fn via(&self, _side: usize, parent: &Rec, child: u32) -> Option<Rec> {
        let mut base = None;
        self.topology.for_each_neighbor(parent.node, |m, c| {
            if m == child && base.is_none() {
                base = Some(c);
            }
        });
        Some(Rec {
            node: child,
            parent: parent.node,
            g: parent.g + base?,
            pair: (0, 0),
            dir: 8,
            closed: false,
        })
    }
    fn entry(&self, _side: usize, rec: &Rec) -> Entry {
        let h = self
            .heuristic
            .as_ref()
            .map_or(0.0, |h| h.estimate(rec.node));
        Entry {
            node: rec.node,
            f: rec.g + self.weight * h + 0.0,
            g32: 0,
        }
    }
    fn neighbours(&self, _side: usize, parent: &Rec, out: &mut Vec<u32>) {
        self.topology
            .for_each_neighbor(parent.node, |m, _| out.push(m));
    }
}

/// A handle under `options` with a search on `g` from the input (a quarter idle).
fn take(g: &HexGrid, options: GridOptions, input: &mut Input<'_>) -> HexSearch {
    let open = open_cells(g);
    let mut s = HexSearch::new(options).expect("valid options");
    let pick = |i: &mut Input<'_>| open[usize::from(i.u16()) % open.len()];
    let (a, b) = (pick(input), pick(input));
    let pops = match input.u8() {
        255 => u32::MAX,
        p => u32::from(p % 24),
    };
    if !input.u8().is_multiple_of(4) {
        let _ = s.try_begin(g, a, b);
        let _ = s.step(g, pops).expect("the map did not change");
    }
    s
}

/// A handle mid-way through a search of its own on `g` (first to last open cell, 5 pops).
fn busy(g: &HexGrid, options: GridOptions) -> HexSearch {
    let mut s = HexSearch::new(options).expect("valid options");
    let open = open_cells(g);
    if let (Some(&a), Some(&b)) = (open.first(), open.last()) {
        let _ = s.try_begin(g, a, b);
        let _ = s.step(g, 5);
    }
    s
}

/// Runs to a terminal state within `64 · cells + 4096` pops.
fn settle(s: &mut HexSearch, g: &HexGrid) -> Result<(), String> {
    let cap = 64 * u64::from(g.cell_count()) + 4096;
    let mut pops = 0u64;
    while s.state() == Step::InProgress {
        if pops > cap {
            return Err(format!("a restored hex search runs past {cap} iterations"));
        }
        let _ = s.step(g, 61).map_err(|e| format!("step: {e}"))?;
        pops += 61;
    }
    Ok(())
}

/// Start and goal cells of a kind-15 snapshot's nested kind 2.
fn endpoints(bytes: &[u8], g: &HexGrid) -> Option<(Cell, Cell)> {
    let p = bytes.get(NESTED_AT + HEADER_LEN..)?;
    let (s, t) = (le32(p, 4), le32(p, 8));
    (s < g.cell_count() && t < g.cell_count()).then(|| (g.cell_of(s), g.cell_of(t)))
}

fn adjacent(g: &HexGrid, a: Cell, b: Cell) -> bool {
    let (p, q) = (g.to_axial(a), g.to_axial(b));
    HexCoord::DIRECTIONS
        .iter()
        .any(|&(dq, dr)| p.q + dq == q.q && p.r + dr == q.r)
}

fn close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// The answer property of a restored, settled handle against a fresh query.
fn answer(t: &HexSearch, g: &HexGrid) -> Result<(), String> {
    if t.state() == Step::Idle {
        return Ok(());
    }
    let (start, goal) = endpoints(&save(t, g), g).ok_or("no endpoints")?;
    let o = *t.options();
    let fresh = g
        .find_path(start, goal, &o)
        .map_err(|e| format!("fresh query: {e}"))?;
    let path = t.to_path(g).map_err(|e| format!("to_path: {e}"))?;
    if path.status != fresh.status {
        return Err(format!(
            "restored hex search ends {:?}, a fresh one {:?} (cost {})",
            path.status, fresh.status, fresh.cost
        ));
    }
    if t.state() != Step::Found {
        return Ok(());
    }
    let cells = &path.cells;
    if cells.first() != Some(&start) || cells.last() != Some(&goal) {
        return Err("path does not run from start to goal".into());
    }
    let mut sum = 0.0;
    for w in cells.windows(2) {
        if !adjacent(g, w[0], w[1]) || !g.is_walkable(w[1]) {
            return Err(format!("illegal hex move {w:?}"));
        }
        let m = |c: Cell| g.areas().get(g.area(c).unwrap_or(0));
        sum += 1.0 * ((m(w[0]) + m(w[1])) * 0.5);
    }
    if !close(t.cost(), sum) {
        return Err(format!("cost {} but the steps sum to {sum}", t.cost()));
    }
    if o.weight <= 1.0 && !close(t.cost(), fresh.cost) {
        return Err(format!(
            "cost {} vs the fresh optimum {}",
            t.cost(),
            fresh.cost
        ));
    }
    Ok(())
}

/// What a settled handle shows (the bit-for-bit continuation of its own state).
fn seen(s: &HexSearch, g: &HexGrid) -> (Step, u64, u32, u32, Vec<Cell>, Vec<u8>) {
    let mut cells = vec![Cell::default(); s.path_len()];
    let _ = s.copy_path(&mut cells);
    (
        s.state(),
        s.cost().to_bits(),
        s.iterations(),
        s.expansions(),
        cells,
        save(s, g),
    )
}

/// Consistent mode, case target 11 (kind 15; kind 14 along the way).
pub fn hex_case(map_index: u32, input: &mut Input<'_>) -> (u32, Outcome) {
    let layout = HexLayout::ALL[input.below(4) as usize];
    let options = OPTIONS[input.below(4) as usize];
    let grid = hex_of(&world::map(map_index), layout);
    if let Err(m) = check_hex_grid(&grid, input) {
        return (
            0,
            Outcome::Violated {
                msg: m,
                always: true,
            },
        );
    }
    let mut original = take(&grid, options, input);
    let good = save(&original, &grid);
    let twin = hex_of(&world::twin(map_index, input.u8()), layout);
    let donor = save(&take(&twin, options, input), &twin);
    let nested = &good[NESTED_AT..];
    let p = nested.get(HEADER_LEN..).unwrap_or(&[]);
    let heuristic = (options.heuristic != HeuristicKind::Zero).then(|| {
        let mut h = HexDistanceHeuristic::new(grid.width(), layout, grid.areas().min_cost());
        h.set_goal(le32(p, 8).min(grid.cell_count() - 1));
        h
    });
    let rules = HexRules {
        topology: HexTopology::new(&grid),
        heuristic,
        weight: f64::from_bits(le64(p, 12)),
    };
    let (inner, e) = consistent::edit_frame(nested, &rules, donor.get(NESTED_AT..), input);
    let mut bytes = good.clone();
    if e.edits > 0 {
        bytes.truncate(NESTED_AT);
        put(
            &mut bytes,
            NESTED_AT - 4,
            &(inner.len() as u32).to_le_bytes(),
        );
        bytes.extend_from_slice(&inner);
        seal(&mut bytes);
    }
    let (bytes, edits) = if input.u8() % 8 == 7 {
        (mutate::mutate(&bytes, input), e.edits + 1)
    } else {
        (bytes, e.edits)
    };
    let mut target = busy(&grid, options);
    let before = save(&target, &grid);
    if let Err(err) = target.restore_state(&grid, &bytes) {
        let outcome = if edits == 0 {
            Outcome::Violated {
                msg: format!("its own snapshot refused: {err:?}"),
                always: true,
            }
        } else if save(&target, &grid) != before {
            Outcome::Violated {
                msg: format!("a refused restore ({err:?}) changed the target"),
                always: false,
            }
        } else {
            Outcome::Refused
        };
        return (edits, outcome);
    }
    let always = edits == 0;
    if always {
        if let Err(m) = settle(&mut original, &grid).and_then(|()| settle(&mut target, &grid)) {
            return (edits, Outcome::Violated { msg: m, always });
        }
        if seen(&original, &grid) != seen(&target, &grid) {
            let msg = "its own snapshot continues otherwise".into();
            return (edits, Outcome::Violated { msg, always });
        }
    }
    match settle(&mut target, &grid).and_then(|()| answer(&target, &grid)) {
        Ok(()) => (edits, Outcome::Accepted),
        Err(msg) => (edits, Outcome::Violated { msg, always }),
    }
}

/// Kind 14: a snapshot of `grid` (maybe edited first), damaged as the input says, restored
/// into another hex grid. Refused: the target equal and saving the same bytes; accepted: it
/// saves back to the input bytes under the header's hash, and `from_state` builds the same.
///
/// # Errors
///
/// The property that failed.
pub fn check_hex_grid(grid: &HexGrid, input: &mut Input<'_>) -> Result<(), String> {
    let mut g = grid.clone();
    if input.bool() {
        let c = g.cell_of(u32::from(input.u16()) % g.cell_count());
        let _ = g.set_area(c, input.u8());
    }
    let mut good = vec![0; g.max_state_size()];
    let n = g.save_state(&mut good).map_err(|e| format!("{e:?}"))?;
    good.truncate(n);
    let bytes = if input.bool() {
        mutate::mutate(&good, input)
    } else {
        good
    };
    hex_grid_property(&bytes)
}

fn hex_grid_property(bytes: &[u8]) -> Result<(), String> {
    let mut target = HexGrid::new(3, 2, HexLayout::FlatOddColumn).expect("a valid size");
    let copy = target.clone();
    let built = HexGrid::from_state(bytes);
    if let Err(e) = target.restore_state(bytes) {
        if built.as_ref().err() != Some(&e) {
            return Err("from_state and restore_state disagree".into());
        }
        if target != copy {
            return Err(format!(
                "a refused hex grid restore ({e:?}) changed the grid"
            ));
        }
        return Ok(());
    }
    let built = built.map_err(|_| "from_state refused what restore_state accepted")?;
    if built != target {
        return Err("from_state and restore_state built different hex grids".into());
    }
    let mut saved = vec![0; target.state_size()];
    let _ = target.save_state(&mut saved);
    if saved != bytes {
        return Err("an accepted hex grid snapshot does not save back to itself".into());
    }
    if crate::frame::map_hash(bytes) != Some(target.content_hash()) {
        return Err("the restored hex grid's hash is not the header's".into());
    }
    Ok(())
}

/// Raw mode: `bytes` into a hex grid and into busy hex handles on map `map_index`.
pub fn check_raw(map_index: u32, bytes: &[u8]) {
    if let Err(m) = hex_grid_property(bytes) {
        panic!("kind 14: {m}");
    }
    let grid = hex_of(&world::map(map_index), HexLayout::PointyOddRow);
    for options in [OPTIONS[0], OPTIONS[3]] {
        let mut t = busy(&grid, options);
        let before = save(&t, &grid);
        if let Err(e) = t.restore_state(&grid, bytes) {
            assert!(
                save(&t, &grid) == before,
                "a refused hex restore ({e:?}) changed the handle"
            );
            continue;
        }
        assert!(
            save(&t, &grid) == bytes,
            "an accepted kind 15 saves otherwise"
        );
        settle(&mut t, &grid).unwrap_or_else(|m| panic!("{m}"));
        answer(&t, &grid).unwrap_or_else(|m| panic!("kind 15: {m}"));
    }
}
