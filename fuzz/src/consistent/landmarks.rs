//! Edits of an `OPLM` landmark table (format version 1: `"OPLM"`, version, node count N,
//! landmark count k, fingerprint, k ids, the forward then the backward table, landmark-major
//! f64s) that keep every rule `Landmarks::deserialize` checks today (exact length, ids in
//! range, distances ≥ 0 or +∞, each landmark at 0 from itself): one distance changed (+∞, a
//! huge value, doubled, halved, plus or minus one, zero), a landmark's row swapped with
//! another's, a row or a whole table taken from a twin graph of the same size (the
//! fingerprint stays ours). What they break is feasibility (`d(L, v) ≤ d(L, u) + w`), which
//! only a feasibility proof refuses.

use super::{le32, le64, put};
use crate::input::Input;

const HEAD: usize = 24;

/// Applies 0–3 edits to the table `good` (`donor`: a table of a twin graph); returns the bytes
/// and the number of edits.
pub fn edit(good: &[u8], donor: Option<&[u8]>, input: &mut Input<'_>) -> (Vec<u8>, u32) {
    let mut t = good.to_vec();
    let n = le32(&t, 8) as usize;
    let k = le32(&t, 12) as usize;
    let base = HEAD + 4 * k;
    if n == 0 || k == 0 || t.len() != base + 16 * k * n {
        return (t, 0);
    }
    let ids: Vec<usize> = (0..k).map(|i| le32(&t, HEAD + 4 * i) as usize).collect();
    let count = input.below(4);
    for _ in 0..count {
        let table = input.below(2) as usize;
        let l = input.below(k as u32) as usize;
        let v = input.u16() as usize % n;
        let op = input.below(8);
        let at = base + 8 * (table * k * n + l * n + v);
        let d = f64::from_bits(le64(&t, at));
        let self_cell = ids[l] == v;
        let new = match op {
            0 => f64::INFINITY,
            1 => 1e300,
            2 => d * 2.0,
            3 => d * 0.5,
            4 => d + 1.0,
            5 => (d - 1.0).max(0.0),
            6 => {
                // A row (or the table) from the twin graph.
                if let Some(dn) = donor
                    && dn.len() == t.len()
                {
                    let row = base + 8 * (table * k * n + l * n);
                    let (from, len) = if input.bool() {
                        (base + 8 * table * k * n, 8 * k * n)
                    } else {
                        (row, 8 * n)
                    };
                    let src = dn[from..from + len].to_vec();
                    put(&mut t, from, &src);
                    // Self-distances stay 0 (the reader checks them).
                    for (j, &id) in ids.iter().enumerate() {
                        for tb in 0..2 {
                            put(
                                &mut t,
                                base + 8 * (tb * k * n + j * n + id),
                                &0f64.to_bits().to_le_bytes(),
                            );
                        }
                    }
                }
                continue;
            }
            _ => 0.0,
        };
        if !self_cell {
            put(&mut t, at, &new.to_bits().to_le_bytes());
        }
    }
    (t, count)
}
