//! Saturating arithmetic for the `max_state_size` formulas: every snapshot-able type states an
//! upper bound on its `state_size` (header + fixed fields + per-node records × node count …,
//! `docs/rollback-checklist.md`), computed here so that no map size can overflow it — a sum or
//! product that would pass `usize::MAX` is `usize::MAX`.

/// `count × bytes`, saturating.
pub(crate) const fn per(count: usize, bytes: usize) -> usize {
    count.saturating_mul(bytes)
}

/// The sum of `parts`, saturating.
pub(crate) const fn sum<const N: usize>(parts: [usize; N]) -> usize {
    let mut total = 0usize;
    let mut i = 0;
    while i < N {
        total = total.saturating_add(parts[i]);
        i += 1;
    }
    total
}

/// Entries a recorded list (expanded nodes, desync trace) can hold from now on: with
/// recording on, `cap` — the most the search can append (`None` when the engine may reopen
/// nodes, so no bound exists: `usize::MAX`); with recording off, the list does not grow (a new
/// search empties it), so its current length `len`.
pub(crate) const fn recorded(on: bool, len: usize, cap: Option<usize>) -> usize {
    if !on {
        return len;
    }
    match cap {
        Some(c) if c > len => c,
        Some(_) => len,
        None => usize::MAX,
    }
}
