//! The reached-records and open-set section that the snapshots of the generic search (kind 2)
//! and the graph searches (kinds 12 and 13, one section per side) share
//! (`docs/snapshot-format.md`): its layout, writer, structural validation and commit.
//!
//! Layout (little-endian): reached count u32 then one 17-byte record per reached node in
//! increasing node order (node u32, parent u32 or `u32::MAX`, g f64 bits, closed u8); open
//! count u32 then the open set in pop order (node u32, f f64 bits; smaller f, then larger g,
//! then smaller node first), so the bytes are a function of the search's logical state and
//! not of the heap's layout.

use super::buffers::{NO_NODE, SearchBuffers};
use super::open_set::pop_rank;
use crate::state::StateError;
use crate::state::codec::{Writer, invalid, le32, le64};
use crate::state::relaxation::ReachedSet;
use crate::state::sorted_records::{Record, SortedRecords};

/// Bytes of one reached record.
pub(crate) const NODE_RECORD: usize = 4 + 4 + 8 + 1;
/// Bytes of one open entry.
pub(crate) const OPEN_ENTRY: usize = 4 + 8;

/// A reached-node record read from a payload.
#[derive(Clone, Copy)]
pub(crate) struct NodeRecord {
    pub(crate) node: u32,
    pub(crate) parent: u32,
    pub(crate) g: f64,
    pub(crate) closed: bool,
}

impl Record for NodeRecord {
    const SIZE: usize = NODE_RECORD;

    fn decode(b: &[u8]) -> NodeRecord {
        NodeRecord {
            node: le32(b, 0),
            parent: le32(b, 4),
            g: f64::from_bits(le64(b, 8)),
            closed: b[16] != 0,
        }
    }
}

/// Open entry `k` of an open region: node and f.
pub(crate) fn open_entry(open: &[u8], k: usize) -> (u32, f64) {
    let o = k * OPEN_ENTRY;
    (le32(open, o), f64::from_bits(le64(open, o + 4)))
}

/// The field names a section's errors report, one set per snapshot kind (`"astar.…"`,
/// `"graph.…"`), so the messages name the kind that was refused.
pub(crate) struct RecordLabels {
    pub(crate) node: &'static str,
    pub(crate) g: &'static str,
    pub(crate) closed: &'static str,
    pub(crate) start: &'static str,
    pub(crate) scratch: &'static str,
    pub(crate) parent: &'static str,
    pub(crate) parent_loop: &'static str,
    pub(crate) open_count: &'static str,
    pub(crate) open_node: &'static str,
    pub(crate) open_entry: &'static str,
    pub(crate) open_duplicate: &'static str,
    pub(crate) open_order: &'static str,
}

/// The [`RecordLabels`] of the kind whose field names start with `$prefix`.
macro_rules! record_labels {
    ($prefix:literal) => {
        $crate::search::node_records::RecordLabels {
            node: concat!($prefix, ".reached.node"),
            g: concat!($prefix, ".reached.g"),
            closed: concat!($prefix, ".reached.closed"),
            start: concat!($prefix, ".reached.start"),
            scratch: concat!($prefix, ".reached"),
            parent: concat!($prefix, ".reached.parent"),
            parent_loop: concat!($prefix, ".reached.parent_loop"),
            open_count: concat!($prefix, ".open.count"),
            open_node: concat!($prefix, ".open.node"),
            open_entry: concat!($prefix, ".open.entry"),
            open_duplicate: concat!($prefix, ".open.duplicate"),
            open_order: concat!($prefix, ".open.order"),
        }
    };
}
pub(crate) use record_labels;

/// Reached nodes among `0..n`.
pub(crate) fn reached_count(b: &SearchBuffers, n: u32) -> usize {
    (0..n).filter(|&v| b.is_reached(v)).count()
}

/// Bytes [`write_section`] writes for `b` over nodes `0..n`.
pub(crate) fn section_size(b: &SearchBuffers, n: u32) -> usize {
    4 + reached_count(b, n) * NODE_RECORD + 4 + b.open.len() * OPEN_ENTRY
}

/// Writes the reached records of nodes `0..n` and the open set in pop order.
pub(crate) fn write_section(w: &mut Writer<'_>, b: &SearchBuffers, n: u32) {
    w.u32(reached_count(b, n) as u32);
    for node in (0..n).filter(|&v| b.is_reached(v)) {
        w.u32(node);
        w.u32(b.nodes[node as usize].parent);
        w.f64(b.nodes[node as usize].g);
        w.u8(u8::from(b.is_closed(node)));
    }
    // The open set in pop order, so the bytes do not depend on the heap's layout.
    let entries = b.open.entries().map(|(node, f, _g)| {
        let mut e = [0u8; OPEN_ENTRY];
        e[..4].copy_from_slice(&node.to_le_bytes());
        e[4..].copy_from_slice(&f.to_bits().to_le_bytes());
        e
    });
    let rank = |e: &[u8; OPEN_ENTRY]| {
        let (node, f) = open_entry(e, 0);
        pop_rank(node, f, b.nodes[node as usize].g)
    };
    w.u32(b.open.len() as u32);
    w.sorted(entries, |x, y| rank(x).cmp(&rank(y)));
}

/// The structural checks of one section: ids increasing and below `node_count`, g not NaN
/// and `>= 0`, closed flags 0 or 1, exactly the root without a parent and with g = +0 (and the
/// root present unless `idle`), parent chains that end at the root without a loop, and a
/// bijection between not-closed records and open entries (f not NaN and not −0.0) in strict
/// pop order, with each record's g as its entry's g. Returns the number of not-closed
/// records. `scratch` (at least the record count long) is overwritten.
///
/// # Errors
///
/// [`StateError::InvalidField`] naming the field of `labels` that failed.
pub(crate) fn check_section(
    records: &SortedRecords<'_, NodeRecord>,
    open: &[u8],
    root: u32,
    node_count: u32,
    idle: bool,
    scratch: &mut [u32],
    labels: &RecordLabels,
) -> Result<usize, StateError> {
    let count = records.len();
    let mut prev: Option<u32> = None;
    let mut not_closed = 0usize;
    for i in 0..count {
        let rec = records.get(i);
        if prev.is_some_and(|p| rec.node <= p) || rec.node >= node_count {
            return Err(invalid(labels.node));
        }
        prev = Some(rec.node);
        if rec.g.is_nan() || rec.g < 0.0 {
            return Err(invalid(labels.g));
        }
        if records.raw(i)[16] > 1 {
            return Err(invalid(labels.closed));
        }
        let is_root = rec.node == root;
        if is_root != (rec.parent == NO_NODE) || (is_root && rec.g.to_bits() != 0) {
            return Err(invalid(labels.start));
        }
        not_closed += usize::from(!rec.closed);
    }
    if !idle && records.find(root).is_none() {
        return Err(invalid(labels.start));
    }
    if scratch.len() < count {
        return Err(invalid(labels.scratch));
    }
    // Parent chains: every chain must end at the root without a loop. Walk ids in the
    // scratch; a chain that meets its own walk id has a loop.
    scratch[..count].iter_mut().for_each(|s| *s = 0);
    for i in 0..count {
        let walk = i as u32 + 1;
        let mut j = i;
        while scratch[j] == 0 {
            scratch[j] = walk;
            let parent = records.get(j).parent;
            if parent == NO_NODE {
                break;
            }
            j = records.find(parent).ok_or(invalid(labels.parent))?;
            if scratch[j] == walk {
                return Err(invalid(labels.parent_loop));
            }
        }
    }
    // Open entries: distinct, not closed, one per not-closed record, in pop order.
    let open_count = open.len() / OPEN_ENTRY;
    if open_count != not_closed {
        return Err(invalid(labels.open_count));
    }
    let mut prev_rank = None;
    for k in 0..open_count {
        let (node, f) = open_entry(open, k);
        let idx = records.find(node).ok_or(invalid(labels.open_node))?;
        let rec = records.get(idx);
        // A saved f is never -0.0: the open set stores either zero as +0.0.
        if f.is_nan() || (f == 0.0 && f.is_sign_negative()) || rec.closed {
            return Err(invalid(labels.open_entry));
        }
        if scratch[idx] == u32::MAX {
            return Err(invalid(labels.open_duplicate));
        }
        scratch[idx] = u32::MAX;
        // Pop order: each entry pops strictly after the one before it.
        let rank = pop_rank(node, f, rec.g);
        if prev_rank.is_some_and(|p| p >= rank) {
            return Err(invalid(labels.open_order));
        }
        prev_rank = Some(rank);
    }
    Ok(not_closed)
}

/// Writes validated records and open entries into `b`, which `begin` has just reset.
pub(crate) fn commit_section(
    b: &mut SearchBuffers,
    records: &SortedRecords<'_, NodeRecord>,
    open: &[u8],
) {
    for i in 0..records.len() {
        let rec = records.get(i);
        b.nodes[rec.node as usize].g = rec.g;
        b.nodes[rec.node as usize].parent = rec.parent;
        if rec.closed {
            b.set_closed(rec.node);
        } else {
            b.set_open(rec.node);
        }
    }
    for k in 0..open.len() / OPEN_ENTRY {
        let (node, f) = open_entry(open, k);
        let g = b.nodes[node as usize].g;
        // Validated: not NaN, in pop order (so each push lands at the end of the array: the
        // sorted array is a heap), and any layout of these keys pops alike.
        let _ = b.open.push(node, f, g);
    }
}

impl ReachedSet for SortedRecords<'_, NodeRecord> {
    type Cost = f64;

    fn reached(&self, node: u32) -> Option<(f64, bool)> {
        self.find(node).map(|i| {
            let rec = self.get(i);
            (rec.g, rec.closed)
        })
    }

    fn no_worse(g: f64, candidate: f64) -> bool {
        // The searches update a node only when the offer is strictly below its g.
        g <= candidate
    }
}

/// The closed records the search expanded: every closed record but `found_goal` (a found
/// search closes its goal by the pop that ends it and never expands it; pass `NO_NODE`
/// otherwise).
pub(crate) fn expanded_records<'r>(
    records: &'r SortedRecords<'_, NodeRecord>,
    found_goal: u32,
) -> impl Iterator<Item = NodeRecord> + 'r {
    (0..records.len())
        .map(|i| records.get(i))
        .filter(move |r| r.closed && r.node != found_goal)
}
