//! Target `snapshot_restore`: `restore_state` of every snapshot kind on hostile bytes.
//!
//! Input: a target byte (which kind), a mode byte and a map byte (one of the fixed maps in
//! [`world`]), then either
//! - *raw* (mode bit 0 clear): the rest is handed to every kind's `restore_state` as it is
//!   (the committed seeds are valid snapshots of each kind); or
//! - *mutated* (mode bit 0 set): the input chooses options, endpoints, a pop count and
//!   whether to record the trace; a valid snapshot of the chosen kind is taken there and
//!   damaged as [`mutate`] says (re-sealed with a correct checksum, also the nested frame of
//!   kind 3, so the payload validation is what answers);
//! - *consistent* (mode bit 1 set, issue 27): the target byte picks one of
//!   [`proof::TARGETS`] cases (kinds 2, 3, 4, 5, 6, 9, 12, 13, the `OPLM` tables, 8 and 15,
//!   the hex handle, whose case also damages a kind-14 hex grid, [`hex`]; 16 and 17, the
//!   navigation mesh and its corridor search, [`navmesh`]; 18, the Polyanya search,
//!   [`polyanya`]); a
//!   real snapshot is edited by [`crate::consistent`] so that it keeps every per-record rule,
//!   and the properties of [`proof`] are checked: a refused restore changes nothing, an
//!   accepted one continues within a bound to the answer a fresh search gives, the engine's
//!   own state continues bit for bit (asserted for the kinds in
//!   [`PROVEN_KINDS`](crate::consistent::PROVEN_KINDS)).
//!
//! Kinds: the grid (1), the generic `AStar` (2), `GridSearch` (3) under options that nest the
//! generic A*, JPS or JPS+ (kind 2), the one-line octile A* (kind 4) or the octile jump
//! engines (kind 5), and `OctileAStar` (4) and `OctileJump` over bit scans and JPS+ tables (5)
//! directly; the incremental replanner (8, [`replan`], its own properties); the hex grid (14)
//! and the hex handle (15) in raw mode ([`hex::check_raw`]); the navigation mesh (16) and
//! its corridor search (17) in raw mode ([`navmesh::check_raw`]); the Polyanya search (18)
//! in raw mode ([`polyanya::check_raw`]).
//!
//! Properties, for each kind, against a target that holds a search of its own and against an
//! idle one:
//! - nothing panics; both targets give the same result (acceptance does not depend on what
//!   the target held before);
//! - `Err`: the target saves exactly the bytes it saved before;
//! - `Ok`: saving again gives the input bytes (the one exception, documented for kind 3: an
//!   idle nested frame of another engine kind, which restores as the idle resolved engine);
//!   the engine's invariants hold; the search steps to a terminal state within a bound; the
//!   path copies out (exactly `path_len` cells; no more than the map has, or than a side per
//!   jump point for the jump searches); a found path runs
//!   from the snapshot's start to its goal; it is a chain of legal octile moves (eight
//!   moves, no corner cutting) on the specialised engines, the generic A* and a handle whose
//!   restored options are eight-connected, no corner cutting, agent size 1; on the
//!   specialised engines its cost is exactly `m · (a + b·√2)` of its own step counts (maps
//!   with one cost), on the generic A* it is bit for bit the in-order sum from 0.0 of the
//!   topology's step costs along the path; the finished state's snapshot restores into a fresh
//!   search and saves to the same bytes.
//!
//! Grids: `Err` leaves the grid equal and saving the same bytes; `Ok` gives a grid that saves
//! to the input bytes, whose content hash is the header's, and that `Grid::from_state` builds
//! equally.

pub mod hex;
pub mod mutate;
pub mod navmesh;
pub mod polyanya;
pub mod proof;
pub mod replan;
pub mod subjects;
pub mod world;

use onepath::math::SQRT2;
use onepath::{Grid, Step};

use crate::frame::{map_hash, resave_may_differ};
use crate::input::Input;
use crate::paths::octile_steps;
use subjects::{FastAStar, FastJps, FastJpsPlus, GenericAStar, Handle, Subject};

/// Number of kinds the target byte selects from.
pub const TARGETS: u32 = 7;

/// Target byte values.
pub const GRID: u8 = 0;
/// The generic A* (kind 2).
pub const ASTAR: u8 = 1;
/// The `GridSearch` handle (kind 3).
pub const HANDLE: u8 = 2;
/// `OctileAStar` (kind 4).
pub const OCTILE_ASTAR: u8 = 3;
/// `OctileJump<BitFinder>` (kind 5).
pub const OCTILE_JPS: u8 = 4;
/// `OctileJump<TableFinder>` (kind 5).
pub const OCTILE_JPS_PLUS: u8 = 5;
/// `GridReplanner` (kind 8).
pub const REPLAN: u8 = 6;

/// The `snapshot_restore` body: never panics; asserts the properties in the module docs.
pub fn snapshot_restore(data: &[u8]) {
    let mut input = Input::new(data);
    let target_byte = input.u8();
    let target = target_byte % TARGETS as u8;
    let mode = input.u8();
    let map_index = input.below(world::MAPS);
    if mode & 2 == 2 {
        // Consistent edits (issue 27), every kind that restores a search.
        let case = proof::case(u32::from(target_byte), map_index, &mut input);
        proof::judge(&case);
        return;
    }
    debug_assert!(consistent_case(data).is_none());
    let grid = world::map(map_index);
    if mode & 1 == 0 {
        let bytes = input.rest();
        check_grid(map_index, bytes);
        for options in [0, 4] {
            check(
                busy(Handle::new(world::handle_options(options)), &grid),
                &grid,
                bytes,
            );
        }
        check(busy(GenericAStar::new(&grid), &grid), &grid, bytes);
        check(busy(FastAStar::default(), &grid), &grid, bytes);
        check(busy(FastJps::new(&grid), &grid), &grid, bytes);
        check(busy(FastJpsPlus::new(&grid), &grid), &grid, bytes);
        replan::check_raw(&grid, bytes);
        hex::check_raw(map_index, bytes);
        navmesh::check_raw(map_index, bytes);
        polyanya::check_raw(map_index, bytes);
        return;
    }
    match target {
        GRID => {
            let good = valid_grid(&grid, &mut input);
            check_grid(map_index, &mutate::mutate(&good, &mut input));
        }
        HANDLE => {
            let o = u32::from(input.u8());
            // Every other round of the option presets also turns on improved pruning (the
            // tier-2 `GridSearch::set_improved_pruning`, issue 22).
            let improved = (o / world::HANDLE_OPTIONS) % 2 == 1;
            let handle = Handle::new(world::handle_options(o)).with_improved_pruning(improved);
            mutated(handle, &grid, &mut input);
        }
        ASTAR => mutated(GenericAStar::new(&grid), &grid, &mut input),
        OCTILE_ASTAR => mutated(FastAStar::default(), &grid, &mut input),
        OCTILE_JPS => mutated(FastJps::new(&grid), &grid, &mut input),
        REPLAN => replan::check_mutated(&grid, &mut input),
        _ => mutated(FastJpsPlus::new(&grid), &grid, &mut input),
    }
}

/// The consistent-mode case an input runs (mode bit 1), without judging it; `None` for the
/// other modes. The replay counts outcomes per kind with it.
pub fn consistent_case(data: &[u8]) -> Option<proof::Case> {
    let mut input = Input::new(data);
    let target_byte = input.u8();
    let mode = input.u8();
    let map_index = input.below(world::MAPS);
    (mode & 2 == 2).then(|| proof::case(u32::from(target_byte), map_index, &mut input))
}

/// A valid snapshot of `subject` on `grid` (endpoints, pops and trace from `input`).
pub fn valid_snapshot<S: Subject>(mut subject: S, grid: &Grid, input: &mut Input<'_>) -> Vec<u8> {
    take_snapshot(&mut subject, grid, input)
}

/// [`valid_snapshot`] of a subject the caller keeps (to continue it afterwards).
pub fn take_snapshot<S: Subject>(subject: &mut S, grid: &Grid, input: &mut Input<'_>) -> Vec<u8> {
    let open = world::open_cells(grid);
    let pick = |i: &mut Input<'_>| open[usize::from(i.u16()) % open.len()];
    let (start, goal) = (pick(input), pick(input));
    // Mostly mid-search (0..24 pops); 255 runs to the end.
    let pops = match input.u8() {
        255 => u32::MAX,
        p => u32::from(p % 24),
    };
    if input.bool() {
        subject.record_trace();
    }
    // Mostly a search (three in four), else the idle state.
    if !input.u8().is_multiple_of(4) {
        let _ = subject.begin(grid, start, goal);
        let _ = subject.step(grid, pops);
    }
    subject.save(grid)
}

/// A valid grid snapshot: `grid`, maybe edited (another version and hash) first.
pub fn valid_grid(grid: &Grid, input: &mut Input<'_>) -> Vec<u8> {
    let mut g = grid.clone();
    if input.bool() {
        let c = g.cell_of(u32::from(input.u16()) % g.cell_count());
        let _ = g.set_area(c, input.u8());
    }
    let mut out = vec![0; g.state_size()];
    let n = g.save_state(&mut out);
    assert_eq!(n, Ok(out.len()));
    out
}

fn mutated<S: Subject + Clone>(subject: S, grid: &Grid, input: &mut Input<'_>) {
    let good = valid_snapshot(subject.clone(), grid, input);
    let bytes = mutate::mutate(&good, input);
    check(busy(subject, grid), grid, &bytes);
}

/// `subject` with a search of its own in progress (first to last open cell, 5 pops), after
/// one on [`world::larger`] when the subject can change maps (sized buffers).
fn busy<S: Subject>(mut subject: S, grid: &Grid) -> S {
    if subject.changes_maps() {
        let larger = world::larger();
        let open = world::open_cells(&larger);
        if let (Some(&s), Some(&g)) = (open.first(), open.last()) {
            let _ = subject.begin(&larger, s, g);
            let _ = subject.step(&larger, 5);
        }
    }
    let open = world::open_cells(grid);
    if let (Some(&s), Some(&g)) = (open.first(), open.last()) {
        let _ = subject.begin(grid, s, g);
        let _ = subject.step(grid, 5);
    }
    subject
}

/// Restores `bytes` into `target` and into an idle search of the same configuration, and
/// checks the properties in the module docs.
pub fn check<S: Subject>(mut target: S, grid: &Grid, bytes: &[u8]) {
    let mut idle = target.fresh(grid);
    let (before, idle_before) = (target.save(grid), idle.save(grid));
    let result = target.restore(grid, bytes);
    let idle_result = idle.restore(grid, bytes);
    assert_eq!(
        result, idle_result,
        "restore depends on what the target held"
    );
    if result.is_err() {
        assert!(
            target.save(grid) == before,
            "a failed restore ({result:?}) changed the target"
        );
        assert!(
            idle.save(grid) == idle_before,
            "a failed restore ({result:?}) changed the target"
        );
        return;
    }
    let saved = target.save(grid);
    assert!(
        idle.save(grid) == saved,
        "the restored state depends on the target's past"
    );
    if saved != bytes {
        assert!(
            resave_may_differ(bytes, &saved) && target.state() == Step::Idle,
            "an accepted snapshot does not save back to the same bytes"
        );
        let mut again = target.fresh(grid);
        assert_eq!(
            again.restore(grid, &saved),
            Ok(()),
            "a saved state restores"
        );
        assert!(again.save(grid) == saved, "save, restore, save round trip");
    }
    assert!(target.check_invariants(), "invariants after restore");
    finish(&mut target, grid);
    // The answer a fresh search gives (issue 27), for the kinds whose restore proves it.
    if let Err(m) = proof::subject_answer(&target, grid) {
        assert!(!proof::proven_frame(bytes), "after restore: {m}");
    }
    let end = target.save(grid);
    let mut again = target.fresh(grid);
    let r = again.restore(grid, &end);
    assert_eq!(r, Ok(()), "a saved state restores");
    assert!(again.save(grid) == end, "save, restore, save round trip");
}

/// Steps to a terminal state (bounded) and checks the result.
fn finish<S: Subject>(s: &mut S, grid: &Grid) {
    let cap = 64 * u64::from(grid.cell_count()) + 4096;
    let mut pops = 0u64;
    while s.state() == Step::InProgress {
        assert!(pops <= cap, "a restored search runs past {cap} iterations");
        let _ = s.step(grid, 61);
        pops += 61;
        assert!(s.check_invariants(), "invariants after a step");
    }
    let cost = s.cost();
    match s.state() {
        Step::Found => {
            let (start, goal) = s.endpoints(grid);
            let (start, goal) = (grid.cell_of(start), grid.cell_of(goal));
            let Some(path) = s.path(grid) else {
                panic!("copy_path refused a buffer of path_len cells");
            };
            assert_eq!(path.first(), Some(&start), "path start");
            assert_eq!(path.last(), Some(&goal), "path goal");
            assert!(cost.is_finite() && cost >= 0.0, "found cost {cost}");
            // A parent chain has no loop, so it visits each cell at most once; a jump search
            // fills in at most a side's length of cells per jump point.
            let cells = grid.cell_count() as usize;
            let bound = if s.jumps() {
                cells * grid.width().max(grid.height()) as usize
            } else {
                cells
            };
            assert!(
                path.len() <= bound,
                "a path of {} cells on a map of {cells} (bound {bound})",
                path.len()
            );
            if s.octile_moves() {
                let (a, b) =
                    octile_steps(grid, &path, start, goal).unwrap_or_else(|e| panic!("{e}"));
                if s.exact_octile() && grid.areas().is_uniform() {
                    let exact = grid.areas().min_cost() * (f64::from(a) + f64::from(b) * SQRT2);
                    assert_eq!(
                        cost.to_bits(),
                        exact.to_bits(),
                        "cost {cost} vs m(a + b√2) = {exact}"
                    );
                }
            }
            if let Some(sum) = s.path_cost(grid, &path) {
                let sum = sum.unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(
                    cost.to_bits(),
                    sum.to_bits(),
                    "cost {cost} vs the in-order sum of the path's steps {sum}"
                );
            }
        }
        Step::NoPath => {
            assert!(
                s.path(grid).is_none_or(|p| p.is_empty()),
                "a path without a path"
            );
            assert_eq!(cost, f64::INFINITY, "no-path cost");
        }
        _ => {}
    }
}

/// Restores `bytes` into a different grid (map `map_index + 1`) and checks the grid
/// properties in the module docs.
pub fn check_grid(map_index: u32, bytes: &[u8]) {
    let mut target = world::map(map_index + 1);
    let copy = target.clone();
    let mut before = vec![0; target.state_size()];
    let _ = target.save_state(&mut before);
    let built = Grid::from_state(bytes);
    if let Err(e) = target.restore_state(bytes) {
        assert_eq!(
            built.err(),
            Some(e),
            "from_state and restore_state disagree"
        );
        assert!(target == copy, "a failed restore ({e:?}) changed the grid");
        let mut after = vec![0; target.state_size()];
        let _ = target.save_state(&mut after);
        assert!(
            after == before,
            "a failed restore ({e:?}) changed the grid's bytes"
        );
        return;
    }
    let Ok(built) = built else {
        panic!("from_state refused what restore_state accepted");
    };
    assert!(
        built == target,
        "from_state and restore_state built different grids"
    );
    let mut saved = vec![0; target.state_size()];
    let _ = target.save_state(&mut saved);
    assert!(
        saved == bytes,
        "an accepted grid snapshot does not save back to itself"
    );
    assert_eq!(map_hash(bytes), Some(target.content_hash()));
    assert_eq!(target.cell_count() as usize, target.cells().len());
    let c = target.cell_of(target.cell_count() - 1);
    assert_eq!(target.area(c), target.cells().last().copied());
}
