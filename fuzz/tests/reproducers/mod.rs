//! The issue-14 reproducers (`onepath/tests/snapshot_reachable.rs`) as raw-mode
//! `snapshot_restore` seeds: valid snapshots taken on map 2 of `world` (`......#`, `.####.#`,
//! `.......`: the bottom row is seven open cells) by the subjects the body restores into,
//! damaged as the outside test damaged its own, and re-sealed (the nested kind-2 frame of a
//! kind-3 snapshot first, then the outer frame), so that the payload validation answers:
//!
//! - `lowered-open-g`: mid-search (three pops from (0,2) towards (6,2)), the open cell (3,2)
//!   has its g lowered from 3 to 0.5 and its open key left as saved (the key is not the
//!   search's); once made the hang of a parent cycle (2,2) ↔ (3,2);
//! - `lowered-open-g-f-matched`: the same with the key made `0.5 + h`, so that only the
//!   missing move (no parent offers g = 0.5) refuses it;
//! - `goal-reparented-to-start`: a finished search whose goal's parent is set to the start,
//!   which is not a move away; once made `copy_path` index out of bounds.
//!
//! Kind 2 is the generic `AStar` subject, kind 3 the handle with `world::handle_options(1)`
//! (the generic A* nested as kind 2). File bytes: target byte (the subject's), mode 0 (raw),
//! map 2, then the snapshot.

use onepath::state::HEADER_LEN;
use onepath::{Cell, Grid};
use onepath_fuzz::frame::{NESTED_AT, reseal};
use onepath_fuzz::snapshot_restore::subjects::{GenericAStar, Handle, Subject};
use onepath_fuzz::snapshot_restore::{self as sr, world};

/// The fixed map the reproducers are taken on.
pub const MAP: u32 = 2;

/// Payload offset of a kind-2 frame's reached count (after the fixed fields).
const REACHED_AT: usize = 30;
/// A reached record: node u32, parent u32, g f64, closed u8.
const RECORD: usize = 17;
/// An open entry: node u32, f f64.
const OPEN: usize = 12;

/// One damaged snapshot and what restore must say about it.
pub struct Reproducer {
    /// The seed's file name in `corpus/snapshot_restore/`.
    pub name: String,
    /// Snapshot kind: 2 (generic `AStar`) or 3 (handle nesting kind 2).
    pub kind: u16,
    /// The snapshot before the damage (restores).
    pub good: Vec<u8>,
    /// The damaged, re-sealed snapshot.
    pub bad: Vec<u8>,
    /// The field restore must name in `StateError::InvalidField`.
    pub field: &'static str,
}

impl Reproducer {
    /// The seed file: target byte, raw mode, map, snapshot.
    pub fn seed(&self) -> Vec<u8> {
        let target = if self.kind == 2 {
            sr::ASTAR
        } else {
            sr::HANDLE
        };
        [vec![target, 0, MAP as u8], self.bad.clone()].concat()
    }
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("four bytes"))
}

fn f64_at(b: &[u8], at: usize) -> f64 {
    f64::from_bits(u64::from_le_bytes(
        b[at..at + 8].try_into().expect("eight bytes"),
    ))
}

fn set_f64(b: &mut [u8], at: usize, v: f64) {
    b[at..at + 8].copy_from_slice(&v.to_bits().to_le_bytes());
}

/// Offset of the record of `node` in the kind-2 frame starting at `frame`.
fn record_at(b: &[u8], frame: usize, node: u32) -> usize {
    let first = frame + HEADER_LEN + REACHED_AT + 4;
    let count = u32_at(b, first - 4) as usize;
    (0..count)
        .map(|i| first + i * RECORD)
        .find(|&at| u32_at(b, at) == node)
        .unwrap_or_else(|| panic!("node {node} has no record"))
}

/// Offset of the open entry of `node` in the kind-2 frame starting at `frame`.
fn open_at(b: &[u8], frame: usize, node: u32) -> usize {
    let first = frame + HEADER_LEN + REACHED_AT + 4;
    let open = first + u32_at(b, first - 4) as usize * RECORD;
    (0..u32_at(b, open) as usize)
        .map(|i| open + 4 + i * OPEN)
        .find(|&at| u32_at(b, at) == node)
        .unwrap_or_else(|| panic!("node {node} is not open"))
}

/// Re-seals the frame at `frame` (the nested one first), then the outer frame.
fn seal(b: &mut [u8], frame: usize) {
    if frame != 0 {
        reseal(&mut b[frame..]);
    }
    reseal(b);
}

/// A snapshot of `subject` on `grid` after searching (0,2) → (6,2) for `pops` pops.
fn snapshot<S: Subject>(mut subject: S, grid: &Grid, pops: u32) -> Vec<u8> {
    let _ = subject.begin(grid, Cell::new(0, 2), Cell::new(6, 2));
    let _ = subject.step(grid, pops);
    subject.save(grid)
}

/// The six reproducers: three damages on each of kinds 2 and 3.
pub fn all() -> Vec<Reproducer> {
    let grid = world::map(MAP);
    let index = |x, y| grid.index_of(Cell::new(x, y)).expect("on the map");
    let (start, lowered, goal) = (index(0, 2), index(3, 2), index(6, 2));
    let mut out = Vec::new();
    for kind in [2u16, 3] {
        let take = |pops| {
            if kind == 2 {
                snapshot(GenericAStar::new(&grid), &grid, pops)
            } else {
                snapshot(Handle::new(world::handle_options(1)), &grid, pops)
            }
        };
        let frame = if kind == 2 { 0 } else { NESTED_AT };
        let mid = take(3);
        let g_at = record_at(&mid, frame, lowered) + 8;
        let f_at = open_at(&mid, frame, lowered) + 4;
        assert_eq!(f64_at(&mid, g_at), 3.0, "three steps along the bottom row");
        for matched in [false, true] {
            let mut bad = mid.clone();
            set_f64(&mut bad, g_at, 0.5);
            let field = if matched {
                // The estimate is f - g of the saved entry (small integers: exact).
                set_f64(&mut bad, f_at, 0.5 + (f64_at(&mid, f_at) - 3.0));
                "astar.reached.move"
            } else {
                "astar.open.key"
            };
            seal(&mut bad, frame);
            let suffix = if matched { "-f-matched" } else { "" };
            out.push(Reproducer {
                name: format!("issue14-k{kind}-lowered-open-g{suffix}"),
                kind,
                good: mid.clone(),
                bad,
                field,
            });
        }
        let done = take(u32::MAX);
        let mut bad = done.clone();
        let parent_at = record_at(&bad, frame, goal) + 4;
        assert_ne!(
            u32_at(&bad, parent_at),
            start,
            "the goal is not next to the start"
        );
        bad[parent_at..parent_at + 4].copy_from_slice(&start.to_le_bytes());
        seal(&mut bad, frame);
        out.push(Reproducer {
            name: format!("issue14-k{kind}-goal-reparented-to-start"),
            kind,
            good: done,
            bad,
            field: "astar.reached.move",
        });
    }
    out
}
