//! [`Filtered`]: a topology with some nodes blocked by a caller's predicate.

use super::Topology;

/// Wraps a topology so that nodes for which `blocked(node)` is true can be neither entered nor
/// left nor used as an endpoint (the tier-1 `blocked` hook). The predicate is asked once per
/// move looked at, in neighbour order; beside cells of diagonal moves are not affected.
#[derive(Clone, Copy, Debug)]
pub struct Filtered<'t, T, B> {
    inner: &'t T,
    blocked: B,
}

impl<'t, T: Topology, B: Fn(u32) -> bool> Filtered<'t, T, B> {
    /// `inner` without the nodes `blocked` refuses.
    pub fn new(inner: &'t T, blocked: B) -> Self {
        Self { inner, blocked }
    }
}

impl<T: Topology, B: Fn(u32) -> bool> Topology for Filtered<'_, T, B> {
    fn node_count(&self) -> u32 {
        self.inner.node_count()
    }

    fn is_walkable(&self, node: u32) -> bool {
        self.inner.is_walkable(node) && !(self.blocked)(node)
    }

    fn for_each_neighbor<F: FnMut(u32, f64)>(&self, node: u32, mut visit: F) {
        self.inner.for_each_neighbor(node, |m, c| {
            if !(self.blocked)(m) {
                visit(m, c);
            }
        });
    }
}
