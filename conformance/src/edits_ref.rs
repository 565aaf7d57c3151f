//! References for map edits and the host helpers, written from `spec/grids.md` ("Clearance and
//! agent sizes", "Tile edits and incremental clearance", "Large agents", and the Host API
//! paragraphs on `Grid.ContentHash`, `TryFindNearestWalkable` and "Exact integer costs"),
//! deliberately naive and sharing no code with the engine.
//!
//! * [`content_hash`]: the word stream built as a list first, then mixed; multiplications
//!   done in `u128` and reduced, rotations by shifts.
//! * [`clearance`]: the side of the largest wall-free square whose top-left is the cell, by
//!   growing the square and checking every cell of it (not the recurrence).
//! * [`fits`]: an agent of side `s` fits iff its `s × s` block is inside and wall-free.
//! * [`nearest`]: a scan of every cell of the grid, keeping the minimum of
//!   (squared distance, row, column) among the cells that fit, are within the Chebyshev radius
//!   and are not blocked.
//! * [`fixed_cost`]: each step's double decomposed into its exact binary fraction and rounded
//!   to a multiple of 2^-32 half to even with `i128` integers, summed in `i128`.
//! * [`changed_bounds`]: the smallest rectangle containing the cells that differ between two
//!   snapshots of a grid (what the edit journal must report).

/// The wall byte.
pub const WALL: u8 = 255;

/// √2 as the spec pins it (bits 0x3FF6A09E667F3BCD).
pub const SQRT2: f64 = f64::from_bits(0x3FF6_A09E_667F_3BCD);

const MASK64: u128 = (1u128 << 64) - 1;

fn mul64(a: u64, b: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) & MASK64) as u64
}

fn add64(a: u64, b: u64) -> u64 {
    ((u128::from(a) + u128::from(b)) & MASK64) as u64
}

// Written out on purpose: the reference shares no helper with the engine, not even
// `rotate_left`.
#[allow(clippy::manual_rotate)]
fn rotl64(v: u64, r: u32) -> u64 {
    (v << r) | (v >> (64 - r))
}

/// `Grid.ContentHash()` from the spec's text.
///
/// "feed words w into h = rotl(h ^ (w * P2), 31) * P1 + P3, from h = P1 ^ P2 … Words, in order:
/// width | height << 32; the cells row-major, eight per little-endian word, the last
/// zero-padded; the 255 area multipliers 0..254 as binary64 bit patterns. Finish: h ^= h >> 33;
/// h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32."
pub fn content_hash(width: u32, height: u32, cells: &[u8], multipliers: &[f64; 255]) -> u64 {
    const P1: u64 = 0x9E37_79B1_85EB_CA87;
    const P2: u64 = 0xC2B2_AE3D_27D4_EB4F;
    const P3: u64 = 0x1656_67B1_9E37_79F9;
    let mut words: Vec<u64> = vec![u64::from(width) | (u64::from(height) << 32)];
    let mut i = 0;
    while i < cells.len() {
        let mut w = 0u64;
        for k in 0..8 {
            // Byte k of a little-endian word is bits 8k..8k+8; missing bytes are zero.
            let b = cells.get(i + k).copied().unwrap_or(0);
            w |= u64::from(b) << (8 * k);
        }
        words.push(w);
        i += 8;
    }
    for m in multipliers {
        words.push(m.to_bits());
    }
    let mut h = P1 ^ P2;
    for w in words {
        h = add64(mul64(rotl64(h ^ mul64(w, P2), 31), P1), P3);
    }
    h ^= h >> 33;
    h = mul64(h, P2);
    h ^= h >> 29;
    h = mul64(h, P3);
    h ^= h >> 32;
    h
}

/// Whether the cell `(x, y)` of a `width × height` grid is inside and not a wall.
pub fn open(width: u32, height: u32, cells: &[u8], x: i64, y: i64) -> bool {
    x >= 0
        && y >= 0
        && x < i64::from(width)
        && y < i64::from(height)
        && cells[(y * i64::from(width) + x) as usize] != WALL
}

/// Whether an agent of side `size` fits with its top-left at `(x, y)`: every cell of the
/// `size × size` block is inside and not a wall. `false` for size 0.
pub fn fits(width: u32, height: u32, cells: &[u8], x: i64, y: i64, size: u32) -> bool {
    if size == 0 {
        return false;
    }
    let s = i64::from(size);
    (0..s).all(|dy| (0..s).all(|dx| open(width, height, cells, x + dx, y + dy)))
}

/// True clearance of every cell by its definition: "the side of the largest square of walkable
/// cells with that cell as its top-left corner (0 for walls; cells outside the grid count as
/// walls; capped at 255)".
pub fn clearance(width: u32, height: u32, cells: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(cells.len());
    for y in 0..i64::from(height) {
        for x in 0..i64::from(width) {
            let mut s = 0u32;
            while s < 255 && fits(width, height, cells, x, y, s + 1) {
                s += 1;
            }
            out.push(s as u8);
        }
    }
    out
}

/// `TryFindNearestWalkable` by brute force over every cell: the cell that fits `agent_size` and
/// is not `blocked`, within `radius` Chebyshev rings of the query (`None` = unbounded),
/// minimising (squared Euclidean distance between cell indexes, row, column).
pub fn nearest(
    width: u32,
    height: u32,
    cells: &[u8],
    query: (i64, i64),
    agent_size: u32,
    radius: Option<u64>,
    blocked: impl Fn(i64, i64) -> bool,
) -> Option<(i64, i64)> {
    let mut best: Option<(i128, i64, i64)> = None;
    for y in 0..i64::from(height) {
        for x in 0..i64::from(width) {
            let (dx, dy) = (i128::from(x - query.0), i128::from(y - query.1));
            let ring = dx.abs().max(dy.abs());
            if radius.is_some_and(|r| ring > i128::from(r)) {
                continue;
            }
            if !fits(width, height, cells, x, y, agent_size) || blocked(x, y) {
                continue;
            }
            let key = (dx * dx + dy * dy, y, x);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
    }
    best.map(|(_, y, x)| (x, y))
}

/// `v × 2^32` rounded half to even, as an exact integer, from the binary expansion of `v`
/// (`None` for NaN, infinities and negative values).
pub fn scaled_round_half_even(v: f64) -> Option<i128> {
    if !v.is_finite() || v < 0.0 {
        return None;
    }
    let bits = v.to_bits();
    let exp_field = ((bits >> 52) & 0x7FF) as i64;
    let frac = i128::from(bits & ((1u64 << 52) - 1));
    // v = mant × 2^e exactly.
    let (mant, e) = if exp_field == 0 {
        (frac, -1074)
    } else {
        (frac | (1i128 << 52), exp_field - 1075)
    };
    let shift = e + 32; // v × 2^32 = mant × 2^shift
    if shift >= 0 {
        if shift > 70 {
            return Some(i128::MAX); // far beyond any i64; callers refuse it
        }
        return Some(mant << shift);
    }
    let down = -shift;
    if down > 120 {
        return Some(0); // below a quarter of a unit: rounds to 0
    }
    let q = mant >> down;
    let rem = mant - (q << down);
    let half = 1i128 << (down - 1);
    Some(if rem > half || (rem == half && q % 2 == 1) {
        q + 1
    } else {
        q
    })
}

/// The spec's exact integer path cost: "every step is the double the default search charges
/// (the mean of the two cells' area multipliers; times 1.4142135623730951 for a diagonal),
/// multiplied by 2^32 (exact) and rounded half to even, and the integers are added". Refuses
/// (`None`) a non-adjacent step (including a repeated cell), a cell outside the grid or on a
/// wall, and a total (or step) beyond `i64`. The empty path and one-cell paths cost 0.
pub fn fixed_cost(
    width: u32,
    height: u32,
    cells: &[u8],
    multipliers: &[f64; 255],
    path: &[(i64, i64)],
) -> Option<i64> {
    for &(x, y) in path {
        if !open(width, height, cells, x, y) {
            return None;
        }
    }
    let area = |(x, y): (i64, i64)| cells[(y * i64::from(width) + x) as usize];
    let mut total: i128 = 0;
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (dx, dy) = ((b.0 - a.0).abs(), (b.1 - a.1).abs());
        let length = match (dx, dy) {
            (1, 1) => SQRT2,
            (1, 0) | (0, 1) => 1.0,
            _ => return None,
        };
        let step = length * ((multipliers[area(a) as usize] + multipliers[area(b) as usize]) * 0.5);
        let q = scaled_round_half_even(step)?;
        if q > i128::from(i64::MAX) {
            return None;
        }
        total += q;
        if total > i128::from(i64::MAX) {
            return None;
        }
    }
    Some(total as i64)
}

/// `(straight, diagonal)` step counts of a path of king moves, `None` for any other step.
pub fn step_counts(path: &[(i64, i64)]) -> Option<(u32, u32)> {
    let (mut s, mut d) = (0, 0);
    for pair in path.windows(2) {
        match ((pair[1].0 - pair[0].0).abs(), (pair[1].1 - pair[0].1).abs()) {
            (1, 1) => d += 1,
            (1, 0) | (0, 1) => s += 1,
            _ => return None,
        }
    }
    Some((s, d))
}

/// The smallest rectangle `(x, y, width, height)` containing every cell that differs between
/// `before` and `after` (row-major, `width` columns), or `None` when none does.
pub fn changed_bounds(width: u32, before: &[u8], after: &[u8]) -> Option<(u32, u32, u32, u32)> {
    let w = width as usize;
    let mut b: Option<(usize, usize, usize, usize)> = None;
    for (i, (p, q)) in before.iter().zip(after).enumerate() {
        if p != q {
            let (x, y) = (i % w, i / w);
            b = Some(match b {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
    }
    b.map(|(x0, y0, x1, y1)| {
        (
            x0 as u32,
            y0 as u32,
            (x1 - x0 + 1) as u32,
            (y1 - y0 + 1) as u32,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_known_answers_from_a_separate_transcription() {
        // Pinned from a throwaway Python transcription of the same spec text.
        let ones = [1.0; 255];
        assert_eq!(content_hash(1, 1, &[0], &ones), 0xdd24_e19e_4718_27f3);
        assert_eq!(
            content_hash(3, 2, &[0, 255, 0, 0, 0, 1], &ones),
            0x6ab6_c3d5_6bdc_8183
        );
        let mut m = ones;
        m[1] = 2.5;
        assert_eq!(
            content_hash(3, 2, &[0, 255, 0, 0, 0, 1], &m),
            0xcff8_8a27_8f40_953a
        );
        let nine: Vec<u8> = (0..9).collect();
        assert_eq!(content_hash(9, 1, &nine, &ones), 0xdc87_4947_f86e_5b0f);
        let mut m = ones;
        m[0] = 0.5;
        m[254] = 3.0;
        assert_eq!(content_hash(5, 3, &[0; 15], &m), 0xd629_53a4_7309_ff84);
    }

    #[test]
    fn clearance_and_nearest_by_hand() {
        // ..#
        // ...
        let cells = [0, 0, WALL, 0, 0, 0];
        assert_eq!(clearance(3, 2, &cells), vec![2, 1, 0, 1, 1, 1]);
        assert_eq!(
            nearest(3, 2, &cells, (2, 0), 1, None, |_, _| false),
            Some((1, 0))
        );
        assert_eq!(
            nearest(3, 2, &cells, (2, 0), 2, None, |_, _| false),
            Some((0, 0))
        );
        assert_eq!(
            nearest(3, 2, &cells, (9, 9), 1, Some(3), |_, _| false),
            None
        );
    }

    #[test]
    fn rounding_by_hand() {
        let half = 1.0 / 8_589_934_592.0; // 2^-33: half a unit of 2^-32
        assert_eq!(scaled_round_half_even(half), Some(0));
        assert_eq!(scaled_round_half_even(3.0 * half), Some(2));
        assert_eq!(scaled_round_half_even(1.0), Some(1 << 32));
        assert_eq!(scaled_round_half_even(SQRT2), Some(6_074_001_000));
        assert_eq!(scaled_round_half_even(f64::MIN_POSITIVE / 4.0), Some(0));
        assert_eq!(step_counts(&[(0, 0), (1, 1), (1, 2)]), Some((1, 1)));
        assert_eq!(step_counts(&[(0, 0), (0, 0)]), None);
    }
}
