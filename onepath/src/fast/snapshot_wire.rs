//! What the snapshots of the specialised engines (kinds 4 and 5, `docs/snapshot-format.md`)
//! share on the wire and in their restore checks (their fixed fields are
//! `Head` in `snapshot_head.rs`): the estimate byte, the reached records
//! ([`WireRecord`]) and the checks every one of them gets (`check_reached` in `snapshot_head.rs`), and the restore
//! scratch (one bit per reached record) that finds a record offered twice to the open list.

use alloc::vec::Vec;

use super::pair::{Estimate, Pair};
use super::record::tag_dir;
use crate::state::codec::{Writer, le32};
use crate::state::relaxation::ReachedSet;
use crate::state::sorted_records::{Record, SortedRecords};

/// "None" on the wire.
const NONE: u32 = u32::MAX;

/// The arrival byte of the start's record (its tag holds direction 0).
pub(super) const START_DIR: u8 = 8;

/// The estimate byte: 0 octile, 1 zero.
pub(super) fn estimate_code(e: Estimate) -> u8 {
    match e {
        Estimate::Octile => 0,
        Estimate::Zero => 1,
    }
}

/// The estimate a byte stands for; `None` for a byte above 1.
pub(super) fn estimate_of(code: u8) -> Option<Estimate> {
    match code {
        0 => Some(Estimate::Octile),
        1 => Some(Estimate::Zero),
        _ => None,
    }
}

/// A reached record of kind 4 (`PARENT = false`, 14 bytes: cell u32, a u32, b u32, arrival
/// u8, closed u8; the parent is implied by the arrival) or kind 5 (`PARENT = true`, 18 bytes:
/// cell u32, parent u32, a u32, b u32, arrival u8, closed u8).
#[derive(Clone, Copy, Debug)]
pub(super) struct WireRecord<const PARENT: bool> {
    /// The row-major cell.
    pub(super) cell: u32,
    /// The parent cell: `u32::MAX` for the start, and for every kind-4 record (not written).
    pub(super) parent: u32,
    /// Straight and diagonal steps from the start.
    pub(super) pair: Pair,
    /// The arrival byte: 0..=7 (N, E, S, W, NE, SE, SW, NW), [`START_DIR`] for the start.
    pub(super) dir: u8,
    /// The closed byte (0/1).
    pub(super) closed: u8,
}

impl<const PARENT: bool> WireRecord<PARENT> {
    /// The record of `cell` reached with `pair` from `parent`, whose engine tag is `tag`.
    pub(super) fn of(cell: u32, parent: u32, pair: Pair, tag: u32, is_start: bool) -> Self {
        Self {
            cell,
            parent,
            pair,
            dir: if is_start { START_DIR } else { tag_dir(tag) },
            closed: (tag & 1) as u8,
        }
    }

    /// Writes the record.
    pub(super) fn write(&self, w: &mut Writer<'_>) {
        w.u32(self.cell);
        if PARENT {
            w.u32(self.parent);
        }
        w.u32(self.pair.a);
        w.u32(self.pair.b);
        w.u8(self.dir);
        w.u8(self.closed);
    }
}

impl<const PARENT: bool> Record for WireRecord<PARENT> {
    const SIZE: usize = if PARENT { 18 } else { 14 };

    fn decode(b: &[u8]) -> Self {
        let (parent, o) = if PARENT { (le32(b, 4), 4) } else { (NONE, 0) };
        Self {
            cell: le32(b, 0),
            parent,
            pair: Pair::new(le32(b, 4 + o), le32(b, 8 + o)),
            dir: b[12 + o],
            closed: b[13 + o],
        }
    }
}

/// The reached records of a kind-4 or kind-5 payload as the relaxation check reads them
/// (`state/relaxation.rs`): costs are the exact pairs, compared by their `g` as the engines
/// compare them when they decide whether an offer improves a node (`g(offer) < g(record)`).
impl<const PARENT: bool> ReachedSet for SortedRecords<'_, WireRecord<PARENT>> {
    type Cost = Pair;

    fn reached(&self, node: u32) -> Option<(Pair, bool)> {
        self.find(node).map(|i| {
            let r = self.get(i);
            (r.pair, r.closed == 1)
        })
    }

    fn no_worse(g: Pair, candidate: Pair) -> bool {
        g.g() <= candidate.g()
    }
}

/// The closed records a search with these records expanded: every closed record but a found
/// goal (`found_goal`; `u32::MAX` when the search has not found it), which its pop closed
/// without expanding.
pub(super) fn expanded<'r, const PARENT: bool>(
    records: &'r SortedRecords<'_, WireRecord<PARENT>>,
    found_goal: u32,
) -> impl Iterator<Item = (usize, WireRecord<PARENT>)> + 'r {
    (0..records.len())
        .map(|i| (i, records.get(i)))
        .filter(move |(_, r)| r.closed == 1 && r.cell != found_goal)
}

/// The tag, in generation `base`, of a record restored from its validated arrival and closed
/// bytes (kinds 4 and 5).
pub(super) fn restored_tag(base: u32, dir: u8, closed: u8) -> u32 {
    let dir = if dir == START_DIR { 0 } else { u32::from(dir) };
    base | dir << 1 | u32::from(closed)
}

/// Whether `cell` is a closed record of `records`.
pub(super) fn is_closed<const PARENT: bool>(
    records: &SortedRecords<'_, WireRecord<PARENT>>,
    cell: u32,
) -> bool {
    records
        .find(cell)
        .is_some_and(|i| records.get(i).closed == 1)
}

/// Clears the first `count` bits of the restore scratch `bits` (one per reached record),
/// growing it, once per grid size, to one bit per cell of the grid (kinds 4 and 5).
pub(super) fn clear_marks(bits: &mut Vec<u64>, count: usize, cells: u32) {
    let words = count.div_ceil(64);
    if bits.len() < words {
        bits.resize(cells.div_ceil(64) as usize, 0);
    }
    bits[..words].fill(0);
}

/// Whether bit `i` of `bits` is set.
pub(super) fn marked(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 != 0
}

/// Sets bit `i` of `bits`; `false` when it was set already.
pub(super) fn mark(bits: &mut [u64], i: usize) -> bool {
    let (word, bit) = (i / 64, 1u64 << (i % 64));
    let fresh = bits[word] & bit == 0;
    bits[word] |= bit;
    fresh
}

#[cfg(test)]
#[path = "snapshot_order_tests.rs"]
mod order_tests;

/// The f the search gave a reached record (kinds 4 and 5): its pair plus the estimate from its
/// cell to the goal, computed as the search computes it (`Pair::f`). The estimate is
/// consistent, so the engines pop in f order: a closed record with a larger f than the node
/// being expanded popped after it ([`ordered_offer`]).
pub(super) fn record_f(estimate: Estimate, width: u32, goal: u32, cell: u32, pair: Pair) -> f64 {
    let (x, y) = (cell % width, cell / width);
    let (gx, gy) = (goal % width, goal / width);
    let (dx, dy) = estimate.offsets(x.abs_diff(gx), y.abs_diff(gy));
    pair.f(dx, dy)
}

/// Whether the record of `to`, if closed, may have been closed before the node of f `f_from`
/// was expanded: not reached, or its f is no greater (equal keys may pop in either order).
pub(super) fn ordered_offer<const PARENT: bool>(
    records: &SortedRecords<'_, WireRecord<PARENT>>,
    (estimate, width, goal): (Estimate, u32, u32),
    to: u32,
    f_from: f64,
) -> bool {
    records.find(to).is_none_or(|j| {
        let r = records.get(j);
        record_f(estimate, width, goal, r.cell, r.pair) <= f_from
    })
}
