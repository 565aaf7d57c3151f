//! [`QuerySlot`]: working memory a map keeps for its one-line queries, taken and returned
//! atomically (spec: graphs.md, "one pair of buffers per graph, taken and returned
//! atomically"; the same idea for grids).
//!
//! A tier-1 query (`Grid::find_path` and friends) takes a prepared search handle out of the
//! slot, runs, and puts it back, so a stream of one-off queries on an unedited map costs what
//! a reused handle costs instead of sizing fresh buffers over the whole map every call. The
//! slot holds up to [`QuerySlot::CAPACITY`] handles: that many threads querying one shared
//! `&Grid` at once each find one; a thread that finds the slot empty builds its own and
//! offers it back afterwards (dropped if the slot is full). Nothing a query returns depends on
//! which handle it got: every handle begins every search from a clean state.
//!
//! The slot is a bounded lock-free queue (`heapless::mpmc`, safe to share: `&Grid` stays
//! `Send + Sync`, and the core has no `unsafe`). The queue may refuse an operation under
//! contention; then a query allocates or drops a handle, never waits. On targets without
//! byte-wide atomic compare-and-swap the slot is always empty and queries allocate as before.
//!
//! The map does not know what it stores: entries are `Box<dyn Any + Send>`, and the query
//! layer downcasts to its own handle type (so this floor imports no search).

use alloc::boxed::Box;
use core::any::Any;
use core::fmt;

/// A few boxed values of any `Send` type, shared through `&self` (tier 3, crate-internal).
pub(crate) struct QuerySlot {
    #[cfg(target_has_atomic = "8")]
    queue: heapless::mpmc::MpMcQueue<Box<dyn Any + Send>, { QuerySlot::CAPACITY }>,
}

impl QuerySlot {
    /// Handles kept at most (a power of two, as the queue needs).
    pub(crate) const CAPACITY: usize = 4;

    /// An empty slot.
    pub(crate) const fn new() -> Self {
        Self {
            #[cfg(target_has_atomic = "8")]
            queue: heapless::mpmc::MpMcQueue::new(),
        }
    }

    /// Takes a stored `T`, if the slot holds one at its front; anything else found there is
    /// dropped (the slot only ever holds what one query layer puts in).
    pub(crate) fn take<T: Any + Send>(&self) -> Option<Box<T>> {
        #[cfg(target_has_atomic = "8")]
        {
            let item: Box<dyn Any + Send> = self.queue.dequeue()?;
            let item: Box<dyn Any> = item;
            item.downcast::<T>().ok()
        }
        #[cfg(not(target_has_atomic = "8"))]
        {
            None
        }
    }

    /// Offers `item` back; dropped when the slot is full.
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

    /// Drops everything stored.
    pub(crate) fn clear(&self) {
        while self.take_any() {}
    }

    /// Drops one stored value; `false` when there was none.
    fn take_any(&self) -> bool {
        #[cfg(target_has_atomic = "8")]
        {
            self.queue.dequeue().is_some()
        }
        #[cfg(not(target_has_atomic = "8"))]
        {
            false
        }
    }
}

impl Drop for QuerySlot {
    fn drop(&mut self) {
        // The queue does not drop what it holds.
        self.clear();
    }
}

impl Default for QuerySlot {
    fn default() -> Self {
        Self::new()
    }
}

/// A clone starts empty: working memory is not content.
impl Clone for QuerySlot {
    fn clone(&self) -> Self {
        Self::new()
    }
}

impl fmt::Debug for QuerySlot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("QuerySlot { .. }")
    }
}

#[cfg(test)]
mod tests {
    use super::QuerySlot;
    use alloc::boxed::Box;
    use core::sync::atomic::{AtomicU32, Ordering};

    #[test]
    fn takes_what_it_was_given_and_drops_the_rest() {
        let slot = QuerySlot::new();
        assert!(slot.take::<u32>().is_none());
        slot.give(Box::new(7u32));
        assert_eq!(slot.take::<u32>().map(|b| *b), Some(7));
        assert!(slot.take::<u32>().is_none());
        // Full: the fifth is dropped, not blocked on.
        for i in 0..5u32 {
            slot.give(Box::new(i));
        }
        let kept: alloc::vec::Vec<u32> =
            core::iter::from_fn(|| slot.take::<u32>().map(|b| *b)).collect();
        assert_eq!(kept, [0, 1, 2, 3]);
        // A value of another type at the front is dropped by a take of `u32`.
        slot.give(Box::new(1u8));
        assert!(slot.take::<u32>().is_none());
        assert!(slot.take::<u8>().is_none());
    }

    #[test]
    fn dropping_the_slot_drops_its_values() {
        static DROPS: AtomicU32 = AtomicU32::new(0);
        struct Counted;
        impl Drop for Counted {
            fn drop(&mut self) {
                DROPS.fetch_add(1, Ordering::Relaxed);
            }
        }
        let slot = QuerySlot::new();
        slot.give(Box::new(Counted));
        slot.give(Box::new(Counted));
        drop(slot);
        assert_eq!(DROPS.load(Ordering::Relaxed), 2);
        let source = QuerySlot::new();
        source.give(Box::new(5u16));
        assert!(
            source.clone().take::<u16>().is_none(),
            "a clone starts empty"
        );
        assert_eq!(source.take::<u16>().map(|b| *b), Some(5));
    }
}
