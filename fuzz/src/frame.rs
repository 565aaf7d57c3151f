//! Snapshot framing helpers (`docs/snapshot-format.md`, "Header"): re-sealing a damaged
//! payload with a correct length and checksum so that restore gets past the header checks and
//! exercises the payload validation, as `onepath/tests/snapshot_hostile.rs` does.

use onepath::state::{Fnv1a64, HEADER_LEN};

/// Offset of the payload length (u32) in the header.
const LENGTH_AT: usize = 8;
/// Offset of the payload checksum (u64) in the header.
const CHECKSUM_AT: usize = 20;

/// Rewrites the header's payload length and checksum to match the bytes after it. Inputs
/// shorter than a header are left alone.
pub fn reseal(frame: &mut [u8]) {
    if frame.len() < HEADER_LEN {
        return;
    }
    let (head, payload) = frame.split_at_mut(HEADER_LEN);
    let len = u32::try_from(payload.len()).unwrap_or(u32::MAX);
    head[LENGTH_AT..LENGTH_AT + 4].copy_from_slice(&len.to_le_bytes());
    head[CHECKSUM_AT..CHECKSUM_AT + 8].copy_from_slice(&Fnv1a64::of(payload).to_le_bytes());
}

/// Offset of the nested engine frame in a kind-3 (`GridSearch`) snapshot: header, then 22
/// bytes of options and the nested length.
pub const NESTED_AT: usize = HEADER_LEN + 22;

/// The kind of the nested engine frame of a kind-3 snapshot (`None` for other kinds or when
/// too short).
pub fn nested_kind(frame: &[u8]) -> Option<u16> {
    if kind(frame) != Some(3) {
        return None;
    }
    frame.get(NESTED_AT..).and_then(kind)
}

/// Whether `saved`, written right after restoring `input`, may differ from it: the one
/// documented case (`docs/snapshot-format.md`, kind 3) is an idle nested frame of another
/// engine kind than the options resolve to on the map, which restores as the idle resolved
/// engine (a handle that never searched saves its initial generic engine).
pub fn resave_may_differ(input: &[u8], saved: &[u8]) -> bool {
    nested_kind(input).is_some() && nested_kind(input) != nested_kind(saved)
}

/// The kind field of a frame (`None` when shorter than the field).
pub fn kind(frame: &[u8]) -> Option<u16> {
    frame.get(6..8).map(|b| u16::from_le_bytes([b[0], b[1]]))
}

/// The map hash field of a frame (`None` when shorter than the header).
pub fn map_hash(frame: &[u8]) -> Option<u64> {
    let b = frame.get(12..20)?;
    let mut a = [0u8; 8];
    a.copy_from_slice(b);
    Some(u64::from_le_bytes(a))
}

#[cfg(test)]
mod tests {
    use super::reseal;
    use onepath::Grid;

    #[test]
    fn reseal_restores_a_valid_frame() {
        let g = Grid::from_text("..#\n...").unwrap();
        let mut bytes = vec![0; g.state_size()];
        g.save_state(&mut bytes).unwrap();
        let good = bytes.clone();
        reseal(&mut bytes);
        assert_eq!(bytes, good);
        let last = bytes.len() - 1;
        bytes[last] ^= 0xff; // an area byte 255 -> 0 (a valid grid, another hash)
        assert!(Grid::from_state(&bytes).is_err());
        reseal(&mut bytes);
        // Past the checksum: the header's map hash no longer matches the contents.
        assert!(Grid::from_state(&bytes).is_err());
        let mut short = vec![1, 2, 3];
        reseal(&mut short);
        assert_eq!(short, [1, 2, 3]);
    }
}
