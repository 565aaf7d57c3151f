//! [`PotentialCache`]: the bidirectional search's potential of each node, computed once per
//! search (issue 21): both sides and every improving relaxation of a node read the same value.

use alloc::vec::Vec;

/// One node's cached potential and the generation it was computed in.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    mark: u32,
    value: f64,
}

/// Per-node potentials of the current search, generation-marked: starting a search is O(1),
/// and after the first search of a given size nothing allocates. 16 bytes per node.
#[derive(Clone, Debug, Default)]
pub(crate) struct PotentialCache {
    slots: Vec<Slot>,
    generation: u32,
}

impl PotentialCache {
    /// Forgets every value and makes room for `n` nodes (allocates only when `n` grows).
    pub(super) fn begin(&mut self, n: u32) {
        if self.slots.len() < n as usize {
            self.slots.resize(n as usize, Slot::default());
        }
        self.invalidate();
    }

    /// Forgets every value (the estimate changed).
    pub(super) fn invalidate(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped: clear the marks so no stale slot matches.
            for s in &mut self.slots {
                s.mark = 0;
            }
            self.generation = 1;
        }
    }

    /// The value of `v`, computed by `compute` on the first call of this generation. The
    /// raw value is kept (a non-finite one too), so callers see exactly what `compute`
    /// returns. A node beyond the sized range is computed without caching.
    #[inline]
    pub(super) fn get(&mut self, v: u32, compute: impl FnOnce() -> f64) -> f64 {
        let generation = self.generation;
        match self.slots.get_mut(v as usize) {
            Some(s) if s.mark == generation => s.value,
            Some(s) => {
                let value = compute();
                *s = Slot {
                    mark: generation,
                    value,
                };
                value
            }
            None => compute(),
        }
    }
}
