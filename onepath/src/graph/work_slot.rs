//! [`WorkSlot`]: the working memory a tier-1 graph keeps for its queries (spec: graphs.md,
//! "API tiers": "one pair of buffers per graph, taken and returned atomically").
//!
//! The graph is a map floor and does not know the searches that run on it, so the slot holds
//! `Box<dyn Any + Send>` values: the query layer puts its own buffers in, takes them out
//! (downcast) for the next query and gives them back, so a stream of queries allocates only
//! the results. Moving a box in and out allocates nothing.
//!
//! Shared through `&self`, as the grids' `QuerySlot` (`grid/query_slot.rs`) is, so graph
//! queries take `&self` and concurrent queries on one `&Graph` each find a set of buffers (or
//! build their own when the slot is empty, never waiting): a bounded lock-free queue of
//! [`WorkSlot::CAPACITY`] entries (`heapless::mpmc`; the core has no `unsafe`). The same dozen
//! lines as `QuerySlot`, written again because the graph floor may not import `grid/`
//! (`ARCHITECTURE.md`, "Floors"). On targets without byte-wide atomic compare-and-swap the
//! slot is always empty and every query allocates its buffers.

use alloc::boxed::Box;
use core::any::Any;
use core::fmt;

/// A few boxed values of any `Send` type, shared through `&self` (crate-internal).
pub(crate) struct WorkSlot {
    #[cfg(target_has_atomic = "8")]
    queue: heapless::mpmc::MpMcQueue<Box<dyn Any + Send>, { WorkSlot::CAPACITY }>,
}

impl WorkSlot {
    /// Values kept at most (a power of two, as the queue needs).
    pub(crate) const CAPACITY: usize = 4;

    /// An empty slot.
    pub(crate) const fn new() -> Self {
        Self {
            #[cfg(target_has_atomic = "8")]
            queue: heapless::mpmc::MpMcQueue::new(),
        }
    }

    /// Takes the stored `T` at the front, or a fresh default one when the slot is empty (or
    /// holds another type there, which is dropped: only one query layer ever fills it).
    #[expect(
        clippy::unnecessary_box_returns,
        reason = "the box goes back into the slot: unboxing would allocate on every give"
    )]
    pub(crate) fn take<T: Any + Send + Default>(&self) -> Box<T> {
        #[cfg(target_has_atomic = "8")]
        {
            if let Some(item) = self.queue.dequeue() {
                let item: Box<dyn Any> = item;
                if let Ok(t) = item.downcast::<T>() {
                    return t;
                }
            }
        }
        Box::default()
    }

    /// Offers `item` back for the next query; dropped when the slot is full.
    pub(crate) fn give<T: Any + Send>(&self, item: Box<T>) {
        #[cfg(target_has_atomic = "8")]
        {
            let _ = self.queue.enqueue(item);
        }
        #[cfg(not(target_has_atomic = "8"))]
        {
            drop(item);
        }
    }
}

impl Drop for WorkSlot {
    fn drop(&mut self) {
        // The queue does not drop what it holds.
        #[cfg(target_has_atomic = "8")]
        while self.queue.dequeue().is_some() {}
    }
}

impl Default for WorkSlot {
    fn default() -> Self {
        Self::new()
    }
}

/// A clone starts empty: working memory is not content.
impl Clone for WorkSlot {
    fn clone(&self) -> Self {
        Self::new()
    }
}

impl fmt::Debug for WorkSlot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("WorkSlot { .. }")
    }
}

#[cfg(test)]
mod tests {
    use super::WorkSlot;
    use alloc::boxed::Box;
    use alloc::vec;
    use alloc::vec::Vec;
    use core::sync::atomic::{AtomicU32, Ordering};

    #[test]
    fn a_given_value_comes_back_and_a_clone_starts_empty() {
        let slot = WorkSlot::new();
        assert!(slot.take::<Vec<u32>>().is_empty());
        slot.give(Box::new(vec![1u32, 2, 3]));
        let copy = slot.clone();
        assert!(copy.take::<Vec<u32>>().is_empty());
        assert_eq!(*slot.take::<Vec<u32>>(), [1, 2, 3]);
        // Taken: the slot is empty again.
        assert!(slot.take::<Vec<u32>>().is_empty());
    }

    #[test]
    fn another_type_is_dropped_and_replaced_by_a_default() {
        let slot = WorkSlot::new();
        slot.give(Box::new(7u64));
        assert!(slot.take::<Vec<u32>>().is_empty());
        assert!(slot.take::<u64>() == Box::new(0));
    }

    #[test]
    fn two_takers_each_get_one_and_the_full_slot_drops_the_extra() {
        let slot = WorkSlot::new();
        for i in 1..=5u32 {
            slot.give(Box::new(i));
        }
        let got: Vec<u32> = (0..6).map(|_| *slot.take::<u32>()).collect();
        // Four kept in order, the fifth dropped; then defaults.
        assert_eq!(got, [1, 2, 3, 4, 0, 0]);
    }

    #[test]
    fn dropping_the_slot_drops_its_values() {
        static DROPS: AtomicU32 = AtomicU32::new(0);
        #[derive(Default)]
        struct Counted;
        impl Drop for Counted {
            fn drop(&mut self) {
                DROPS.fetch_add(1, Ordering::Relaxed);
            }
        }
        let slot = WorkSlot::new();
        slot.give(Box::new(Counted));
        slot.give(Box::new(Counted));
        drop(slot);
        assert_eq!(DROPS.load(Ordering::Relaxed), 2);
    }
}
