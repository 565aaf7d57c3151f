//! Damage to a valid snapshot, decoded from the fuzz input: byte writes, bit flips, additions,
//! "interesting" integers and floats over a field (anywhere, or over the fixed fields at the
//! start of the payload or of the nested frame), insertions, deletions and truncation; then,
//! as the input chooses, the nested engine frame of a kind-3 snapshot and the outer frame are
//! re-sealed (length and checksum made right again), so that restore reaches the payload
//! validation instead of stopping at the checksum.

use onepath::state::HEADER_LEN;

use crate::frame::{NESTED_AT, kind, reseal};
use crate::input::Input;

/// Integers that sit on validation boundaries (none, counts, the 2^28 cell limit, signs).
const INTERESTING_U32: [u32; 8] = [
    0,
    1,
    2,
    0x7FFF_FFFF,
    0x8000_0000,
    1 << 28,
    u32::MAX - 1,
    u32::MAX,
];

/// Floats that validation must refuse or survive.
const INTERESTING_F64: [f64; 8] = [
    f64::NAN,
    -0.0,
    f64::INFINITY,
    f64::NEG_INFINITY,
    -1.0,
    1e300,
    0.5,
    f64::MIN_POSITIVE,
];

/// Offset, in a kind-3 snapshot, of the nested frame's length field.
const NESTED_LENGTH_AT: usize = HEADER_LEN + 18;

/// Applies 0–6 edits chosen by `input` to `good` (fewer when the input ends), then re-seals
/// as `input` chooses.
pub fn mutate(good: &[u8], input: &mut Input<'_>) -> Vec<u8> {
    let mut bytes = good.to_vec();
    for _ in 0..input.below(7) {
        if input.is_empty() {
            break; // zeros past the end would all write byte 0 (the magic)
        }
        let op = input.below(12);
        let at = usize::from(input.u16()) % bytes.len().max(1);
        let v = input.u8();
        if op < 8 {
            edit(&mut bytes, op, at, v);
        } else {
            // A boundary integer over one of the fixed fields (sizes, endpoints, states,
            // counters, flags) of the payload, or of the nested frame of kind 3.
            let (base, frame_kind) = if op < 10 {
                (HEADER_LEN, kind(&bytes))
            } else {
                (
                    NESTED_AT + HEADER_LEN,
                    bytes.get(NESTED_AT..).and_then(kind),
                )
            };
            let fields = fixed_fields(frame_kind);
            let x = INTERESTING_U32[usize::from(v) % INTERESTING_U32.len()];
            write(
                &mut bytes,
                base + fields[at % fields.len()],
                &x.to_le_bytes(),
            );
        }
    }
    let seal = input.u8();
    if seal & 2 == 2 && kind(&bytes) == Some(3) && bytes.len() >= NESTED_AT + HEADER_LEN {
        let nested_len = u32::try_from(bytes.len() - NESTED_AT).unwrap_or(u32::MAX);
        bytes[NESTED_LENGTH_AT..NESTED_LENGTH_AT + 4].copy_from_slice(&nested_len.to_le_bytes());
        reseal(&mut bytes[NESTED_AT..]);
    }
    // Mostly re-seal: an unsealed edit only tests the checksum.
    if seal & 0x1C != 0 {
        reseal(&mut bytes);
    }
    bytes
}

/// Payload offsets of the fixed fields of each snapshot kind (`docs/snapshot-format.md`).
fn fixed_fields(kind: Option<u16>) -> &'static [usize] {
    match kind {
        // width, height, version, origin x, origin y, cell size, multiplier 0
        Some(1) => &[0, 4, 8, 16, 24, 32, 40],
        // node count, start, goal, weight, state, iterations, expansions, flags, reached
        Some(2) => &[0, 4, 8, 12, 20, 21, 25, 29, 30],
        // rules, size, heuristic, weight, budget, flags, algorithm, nested length
        Some(3) => &[0, 1, 2, 3, 4, 12, 16, 17, 18],
        // width, height, start, goal, estimate, state, iterations, expansions, flags, reached
        Some(4) => &[0, 4, 8, 12, 16, 17, 18, 22, 26, 27],
        // width, height, start, goal, finder, improved, estimate, state, iterations,
        // expansions, flags, level, reached
        Some(5) => &[0, 4, 8, 12, 16, 17, 18, 19, 20, 24, 28, 29, 37],
        // variant, node count, root, focus, km, state, iterations, expansions, restart,
        // pending count
        Some(8) => &[0, 1, 5, 9, 13, 21, 22, 26, 30, 31],
        _ => &[0, 4, 8],
    }
}

fn edit(bytes: &mut Vec<u8>, op: u32, at: usize, v: u8) {
    if bytes.is_empty() {
        bytes.push(v);
        return;
    }
    match op {
        0 => bytes[at] = v,
        1 => bytes[at] ^= 1 << (v % 8),
        2 => bytes[at] = bytes[at].wrapping_add(v),
        3 => {
            let x = INTERESTING_U32[usize::from(v) % INTERESTING_U32.len()];
            write(bytes, at, &x.to_le_bytes());
        }
        4 => {
            let x = INTERESTING_F64[usize::from(v) % INTERESTING_F64.len()];
            write(bytes, at, &x.to_bits().to_le_bytes());
        }
        5 => bytes.insert(at, v),
        6 => {
            bytes.remove(at);
        }
        _ => bytes.truncate(at),
    }
}

/// Overwrites from `at` as far as the bytes reach.
fn write(bytes: &mut [u8], at: usize, value: &[u8]) {
    for (dst, src) in bytes.iter_mut().skip(at).zip(value) {
        *dst = *src;
    }
}

#[cfg(test)]
mod tests {
    use super::mutate;
    use crate::input::Input;

    #[test]
    fn no_edits_and_a_seal_keep_a_frame() {
        let g = onepath::Grid::from_text("..\n#.").unwrap();
        let mut good = vec![0; g.state_size()];
        g.save_state(&mut good).unwrap();
        // 0 edits, seal byte 4 (outer re-seal).
        assert_eq!(mutate(&good, &mut Input::new(&[0, 4])), good);
        // One truncation to 3 bytes, unsealed.
        assert_eq!(mutate(&good, &mut Input::new(&[1, 7, 3, 0, 0, 0])).len(), 3);
    }
}
