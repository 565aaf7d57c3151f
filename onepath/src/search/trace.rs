//! Desync forensics: a per-iteration digest trace and the first iteration where two traces
//! diverge — what a lockstep developer needs when two peers disagree.

use crate::state::Fnv1a64;

/// The digest of one iteration: FNV-1a 64 over the popped node (u32 LE), its g bits (u64 LE)
/// and the open-set size after the pop (u32 LE).
///
/// # Examples
///
/// ```
/// use onepath::search::iteration_digest;
/// let a = iteration_digest(7, 2.5, 3);
/// assert_eq!(a, iteration_digest(7, 2.5, 3)); // a pure function of the iteration
/// assert_ne!(a, iteration_digest(7, 2.5000000000000004, 3)); // one bit of g differs
/// ```
pub fn iteration_digest(node: u32, g: f64, open_len: usize) -> u64 {
    let mut h = Fnv1a64::new();
    h.write_u32(node);
    h.write_u64(g.to_bits());
    h.write_u32(open_len as u32);
    h.finish()
}

/// The first iteration (0-based) where the traces differ, or where one ends before the other;
/// `None` when they are identical.
///
/// # Examples
///
/// ```
/// use onepath::search::first_divergence;
/// use onepath::{Cell, Grid, GridOptions, GridSearch};
/// // Each peer records one digest per iteration of its search.
/// let trace_of = |grid: &Grid| {
///     let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
///     search.set_record_trace(true);
///     assert_eq!(search.try_begin(grid, Cell::new(0, 0), Cell::new(9, 9)), onepath::Step::InProgress);
///     assert_eq!(search.run_cancellable(grid, || false), Ok(onepath::Step::Found));
///     search.trace().to_vec()
/// };
/// let ours = Grid::new(10, 10).unwrap();
/// assert_eq!(first_divergence(&trace_of(&ours), &trace_of(&ours.clone())), None);
/// // A peer whose map differs in one cell on the way: the traces part where it shows.
/// let mut theirs = ours.clone();
/// theirs.set_area(Cell::new(5, 5), 255).unwrap();
/// let (a, b) = (trace_of(&ours), trace_of(&theirs));
/// let at = first_divergence(&a, &b).unwrap();
/// assert_eq!(a[..at], b[..at]);
/// assert_eq!(at, 5);
/// // A trace that stops early diverges where it stops.
/// assert_eq!(first_divergence(&[7, 8], &[7, 8, 9]), Some(2));
/// ```
pub fn first_divergence(a: &[u64], b: &[u64]) -> Option<usize> {
    match a.iter().zip(b).position(|(x, y)| x != y) {
        Some(i) => Some(i),
        None if a.len() != b.len() => Some(a.len().min(b.len())),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divergence() {
        assert_eq!(first_divergence(&[1, 2, 3], &[1, 2, 3]), None);
        assert_eq!(first_divergence(&[1, 2, 3], &[1, 5, 3]), Some(1));
        assert_eq!(first_divergence(&[1, 2], &[1, 2, 3]), Some(2));
        assert_ne!(iteration_digest(1, 0.0, 0), iteration_digest(1, -0.0, 0));
    }
}
