//! Snapshot frame surgery for the hostile-restore tests: hex fixtures and resealing a frame
//! after its payload was edited, so that the edit (not the checksum) is what restore judges.

use onepath::state::{Fnv1a64, HEADER_LEN};

/// Bytes from a hex string (two digits per byte, as the reproducers are written).
pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// Rewrites the checksum of the frame that fills `b`, leaving its declared length alone (a test
/// may have set a wrong length on purpose).
pub fn reseal(b: &mut [u8]) {
    let sum = Fnv1a64::of(&b[HEADER_LEN..]);
    b[20..28].copy_from_slice(&sum.to_le_bytes());
}

/// Rewrites both the declared payload length (`b.len()` minus the header) and the checksum of
/// the frame that fills `b`: for edits that add or remove payload bytes.
pub fn reseal_len(b: &mut [u8]) {
    let len = (b.len() - HEADER_LEN) as u32;
    b[8..12].copy_from_slice(&len.to_le_bytes());
    reseal(b);
}

/// [`reseal_len`] on an owned frame.
pub fn resealed_len(mut b: Vec<u8>) -> Vec<u8> {
    reseal_len(&mut b);
    b
}

/// [`reseal`] on an owned frame.
pub fn resealed(mut b: Vec<u8>) -> Vec<u8> {
    reseal(&mut b);
    b
}

/// Rewrites the checksum of the frame nested at offset `at`, over the length it declares.
pub fn reseal_at(b: &mut [u8], at: usize) {
    let len = u32::from_le_bytes(b[at + 8..at + 12].try_into().unwrap()) as usize;
    let sum = Fnv1a64::of(&b[at + HEADER_LEN..at + HEADER_LEN + len]);
    b[at + 20..at + 28].copy_from_slice(&sum.to_le_bytes());
}
