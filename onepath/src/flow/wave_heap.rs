//! [`WaveHeap`]: the flow field's open set — an indexed 4-ary min-heap of node ids whose keys
//! live in the field's own cost array.
//!
//! A flow field queues every node with `f = g = cost[n]`, so the grid core's
//! [`OpenSet`](crate::search::OpenSet) order (smaller `f`, then larger `g`, then smaller node)
//! is simply *smaller cost, then smaller node*. A slot holds the node and its cost's bits (12
//! bytes, in two parallel arrays) instead of the core's 24-byte entry, which keeps the pop
//! order and halves the memory a field reserves for its worst-case frontier. (Reading the key
//! from the cost array instead, 4 bytes a slot, measured 20–50 % slower per field on
//! sc1/AcrosstheCape: a sift then misses the cache on every child.)

use alloc::vec::Vec;

/// `pos[n]` of a node that is not queued.
const ABSENT: u32 = u32::MAX;

/// The open set of a flow field: each queued node once, popped by (cost, node). Every method
/// that orders takes the field's `cost` array, which must hold the queued nodes' keys (a key
/// may only decrease while its node is queued, followed by [`push`](Self::push) to re-sift).
#[derive(Clone, Debug, Default)]
pub(super) struct WaveHeap {
    /// Queued nodes in heap order.
    heap: Vec<u32>,
    /// `key(cost[heap[i]])`, beside `heap` so that a sift reads no cost array.
    keys: Vec<u64>,
    pos: Vec<u32>,
}

/// The order of a cost as an integer: costs are never NaN and never below zero, so their bits
/// (with -0.0 folded into +0.0) order like the values.
#[inline]
fn key(c: f64) -> u64 {
    (c + 0.0).to_bits()
}

impl WaveHeap {
    /// Sizes the heap for node ids below `n` and empties it; allocates only when `n` grows
    /// past what it held before (the heap reserves room for every node, so pushes never
    /// allocate).
    pub(super) fn reserve_nodes(&mut self, n: u32) {
        self.clear();
        let n = n as usize;
        if self.pos.len() < n {
            self.pos.resize(n, ABSENT);
        }
        if self.heap.capacity() < n {
            self.heap.reserve(n);
            self.keys.reserve(n);
        }
    }

    /// Empties the heap in O(len).
    pub(super) fn clear(&mut self) {
        for &v in &self.heap {
            self.pos[v as usize] = ABSENT;
        }
        self.heap.clear();
        self.keys.clear();
    }

    pub(super) fn len(&self) -> usize {
        self.heap.len()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Whether `node` is queued (false for ids beyond the reserved range).
    pub(super) fn contains(&self, node: u32) -> bool {
        self.pos.get(node as usize).is_some_and(|&p| p != ABSENT)
    }

    /// The queued nodes in heap order.
    pub(super) fn nodes(&self) -> &[u32] {
        &self.heap
    }

    /// Queues `node` with key `cost[node]`, or re-sifts it when it is queued already (its key
    /// may only have decreased). Ids beyond the reserved range are ignored.
    pub(super) fn push(&mut self, cost: &[f64], node: u32) {
        let Some(&p) = self.pos.get(node as usize) else {
            return;
        };
        let k = key(cost[node as usize]);
        let at = if p == ABSENT {
            self.heap.push(node);
            self.keys.push(k);
            self.heap.len() - 1
        } else {
            p as usize
        };
        self.sift_up(at, node, k);
    }

    /// Removes and returns the node with the smallest (cost, node).
    /// Removes and returns the node with the smallest (cost, node). `cost` is not read (the
    /// keys are kept beside the nodes); it is taken so that every ordering call names the
    /// array its keys come from.
    pub(super) fn pop(&mut self, _cost: &[f64]) -> Option<u32> {
        let top = *self.heap.first()?;
        self.pos[top as usize] = ABSENT;
        let last = self.heap.pop()?;
        let last_key = self.keys.pop()?;
        if !self.heap.is_empty() {
            self.sift_down(0, last, last_key);
        }
        Some(top)
    }

    #[inline]
    fn before(ka: u64, a: u32, kb: u64, b: u32) -> bool {
        ka < kb || (ka == kb && a < b)
    }

    fn sift_up(&mut self, mut at: usize, node: u32, k: u64) {
        while at > 0 {
            let parent = (at - 1) / 4;
            let (p, kp) = (self.heap[parent], self.keys[parent]);
            if !Self::before(k, node, kp, p) {
                break;
            }
            self.heap[at] = p;
            self.keys[at] = kp;
            self.pos[p as usize] = at as u32;
            at = parent;
        }
        self.heap[at] = node;
        self.keys[at] = k;
        self.pos[node as usize] = at as u32;
    }

    fn sift_down(&mut self, mut at: usize, node: u32, k: u64) {
        let len = self.heap.len();
        loop {
            let first = 4 * at + 1;
            if first >= len {
                break;
            }
            let mut best = first;
            for c in first + 1..(first + 4).min(len) {
                if Self::before(self.keys[c], self.heap[c], self.keys[best], self.heap[best]) {
                    best = c;
                }
            }
            let (b, kb) = (self.heap[best], self.keys[best]);
            if !Self::before(kb, b, k, node) {
                break;
            }
            self.heap[at] = b;
            self.keys[at] = kb;
            self.pos[b as usize] = at as u32;
            at = best;
        }
        self.heap[at] = node;
        self.keys[at] = k;
        self.pos[node as usize] = at as u32;
    }

    /// The heap property against `cost` and the position index agree (O(len)); for tests.
    pub(super) fn check_invariants(&self, cost: &[f64]) -> bool {
        let queued = self.pos.iter().filter(|&&p| p != ABSENT).count();
        queued == self.heap.len()
            && self.heap.iter().enumerate().all(|(i, &v)| {
                let p = (i.max(1) - 1) / 4;
                (v as usize) < cost.len()
                    && self.pos[v as usize] == i as u32
                    && !cost[v as usize].is_nan()
                    && self.keys[i] == key(cost[v as usize])
                    && (i == 0 || !Self::before(self.keys[i], v, self.keys[p], self.heap[p]))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pops come out by (cost, node) whatever the push order, decrease-keys included.
    #[test]
    fn pops_by_cost_then_node() {
        let mut cost = [5.0, 3.0, 3.0, 9.0, 1.0, f64::INFINITY, 3.0, 0.0];
        let mut h = WaveHeap::default();
        h.reserve_nodes(8);
        for n in [3, 0, 6, 2, 1, 5, 4] {
            h.push(&cost, n);
        }
        cost[3] = 2.0; // a decrease while queued
        h.push(&cost, 3);
        h.push(&cost, 7);
        assert!(h.check_invariants(&cost));
        let mut out = Vec::new();
        while let Some(n) = h.pop(&cost) {
            out.push(n);
        }
        assert_eq!(out, [7, 4, 3, 1, 2, 6, 0, 5]);
        assert!(h.is_empty() && !h.contains(3));
    }

    /// `clear` forgets every queued node; ids beyond the range are ignored, never a panic.
    #[test]
    fn clear_and_out_of_range() {
        let cost = [1.0, 2.0];
        let mut h = WaveHeap::default();
        h.reserve_nodes(2);
        h.push(&cost, 1);
        h.push(&cost, 9);
        assert_eq!(h.len(), 1);
        h.clear();
        assert!(!h.contains(1) && h.pop(&cost).is_none());
    }
}
