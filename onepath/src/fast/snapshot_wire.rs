//! What the snapshots of the specialised engines (kinds 4 and 5, `docs/snapshot-format.md`)
//! share on the wire and in their restore checks: the estimate byte, the arrival and closed
//! bytes of a reached record, and the restore scratch (one bit per reached record) that finds a
//! record offered twice to the open list.

use alloc::vec::Vec;

use super::pair::Estimate;
use super::record::tag_dir;

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

/// The arrival and closed bytes of a reached record with tag `tag` (kinds 4 and 5).
pub(super) fn arrival_bytes(tag: u32, is_start: bool) -> (u8, u8) {
    let dir = if is_start { START_DIR } else { tag_dir(tag) };
    (dir, (tag & 1) as u8)
}

/// The tag, in generation `base`, of a record restored from its validated arrival and closed
/// bytes (kinds 4 and 5).
pub(super) fn restored_tag(base: u32, dir: u8, closed: u8) -> u32 {
    let dir = if dir == START_DIR { 0 } else { u32::from(dir) };
    base | dir << 1 | u32::from(closed)
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
