//! Entrances and transitions on the borders of one chunk (spec: grids.md, "HPA*", "Entrances
//! and transitions").
//!
//! For two chunks sharing a border, border position `p` is open when the two cells facing each
//! other across it are both walkable for the agent. A maximal run `[lo, hi]` of open positions
//! is an entrance; it gets two transitions (at `lo` and `hi`) when its width `hi - lo + 1` is at
//! least the threshold and `hi != lo`, else one at `lo + (width - 1) / 2`. The runs depend only
//! on the cells on both sides, so the two chunks of a border find the same transitions.

use super::chunk_search::ChunkRect;

/// Calls `emit(p)` for every transition position `p` in `0..len` of one border, in increasing
/// order, given which positions are open.
pub(crate) fn transitions(
    len: u32,
    threshold: u32,
    open: impl Fn(u32) -> bool,
    mut emit: impl FnMut(u32),
) {
    let mut p = 0;
    while p < len {
        if !open(p) {
            p += 1;
            continue;
        }
        let lo = p;
        while p + 1 < len && open(p + 1) {
            p += 1;
        }
        let hi = p;
        let width = hi - lo + 1;
        if width >= threshold && hi != lo {
            emit(lo);
            emit(hi);
        } else {
            emit(lo + (width - 1) / 2);
        }
        p += 1;
    }
}

/// Calls `emit(ours, theirs)` for every transition of the chunk `rect` of a `width × height`
/// grid: `ours` is the transition's cell inside the chunk, `theirs` the cell facing it in the
/// neighbouring chunk. Borders in the order north, south, west, east (the caller sorts).
pub(crate) fn chunk_transitions(
    rect: ChunkRect,
    width: u32,
    height: u32,
    threshold: u32,
    walkable: impl Fn(u32) -> bool,
    mut emit: impl FnMut(u32, u32),
) {
    let at = |x: u32, y: u32| y * width + x;
    let (x0, y0, x1, y1) = (rect.x0, rect.y0, rect.x0 + rect.w, rect.y0 + rect.h);
    if y0 > 0 {
        let open = |p: u32| walkable(at(x0 + p, y0)) && walkable(at(x0 + p, y0 - 1));
        transitions(rect.w, threshold, open, |p| {
            emit(at(x0 + p, y0), at(x0 + p, y0 - 1));
        });
    }
    if y1 < height {
        let open = |p: u32| walkable(at(x0 + p, y1 - 1)) && walkable(at(x0 + p, y1));
        transitions(rect.w, threshold, open, |p| {
            emit(at(x0 + p, y1 - 1), at(x0 + p, y1));
        });
    }
    if x0 > 0 {
        let open = |p: u32| walkable(at(x0, y0 + p)) && walkable(at(x0 - 1, y0 + p));
        transitions(rect.h, threshold, open, |p| {
            emit(at(x0, y0 + p), at(x0 - 1, y0 + p));
        });
    }
    if x1 < width {
        let open = |p: u32| walkable(at(x1 - 1, y0 + p)) && walkable(at(x1, y0 + p));
        transitions(rect.h, threshold, open, |p| {
            emit(at(x1 - 1, y0 + p), at(x1, y0 + p));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn run(pattern: &str, t: u32) -> Vec<u32> {
        let b: Vec<bool> = pattern.bytes().map(|c| c == b'.').collect();
        let mut out = Vec::new();
        transitions(b.len() as u32, t, |p| b[p as usize], |p| out.push(p));
        out
    }

    #[test]
    fn runs_get_one_or_two_transitions() {
        // Runs [0,5] (width 6), [7,7] (width 1), [9,11] (width 3).
        assert_eq!(run("......#.#...", 6), [0, 5, 7, 10]);
        assert_eq!(run("......#.#...", 3), [0, 5, 7, 9, 11]);
        // Width 1 never gets two, whatever the threshold; even widths round the middle down.
        assert_eq!(run(".", 1), [0]);
        assert_eq!(run("#....#", 5), [2]);
        assert_eq!(run("", 1), Vec::<u32>::new());
    }
}
