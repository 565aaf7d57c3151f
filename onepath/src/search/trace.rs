//! Desync forensics: a per-iteration digest trace and the first iteration where two traces
//! diverge — what a lockstep developer needs when two peers disagree.

use crate::state::Fnv1a64;

/// The digest of one iteration: FNV-1a 64 over the popped node (u32 LE), its g bits (u64 LE)
/// and the open-set size after the pop (u32 LE).
pub fn iteration_digest(node: u32, g: f64, open_len: usize) -> u64 {
    let mut h = Fnv1a64::new();
    h.write_u32(node);
    h.write_u64(g.to_bits());
    h.write_u32(open_len as u32);
    h.finish()
}

/// The first iteration (0-based) where the traces differ, or where one ends before the other;
/// `None` when they are identical.
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
