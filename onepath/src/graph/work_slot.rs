//! [`WorkSlot`]: the working memory a tier-1 graph keeps for its queries (spec: graphs.md,
//! "API tiers": one pair of buffers per graph, taken and returned).
//!
//! The graph is a map floor and does not know the searches that run on it, so the slot holds
//! a `Box<dyn Any + Send + Sync>`: the query layer puts its own buffers in, takes them out
//! (downcast) for the next query and gives them back, so a stream of queries allocates only
//! the results. Moving the box in and out allocates nothing.

use alloc::boxed::Box;
use core::any::Any;
use core::fmt;

/// One boxed value of any `Send + Sync` type, lent out through `&mut self` (crate-internal).
#[derive(Default)]
pub(crate) struct WorkSlot {
    item: Option<Box<dyn Any + Send + Sync>>,
}

impl WorkSlot {
    /// An empty slot.
    pub(crate) const fn new() -> Self {
        Self { item: None }
    }

    /// Takes the stored `T`, or a fresh default one when the slot is empty (or holds another
    /// type, which is dropped: only one query layer ever fills it).
    #[expect(
        clippy::unnecessary_box_returns,
        reason = "the box goes back into the slot: unboxing would allocate on every give"
    )]
    pub(crate) fn take<T: Any + Send + Sync + Default>(&mut self) -> Box<T> {
        self.item
            .take()
            .and_then(|b| b.downcast::<T>().ok())
            .unwrap_or_default()
    }

    /// Stores `item` for the next query, replacing anything stored.
    pub(crate) fn give<T: Any + Send + Sync>(&mut self, item: Box<T>) {
        self.item = Some(item);
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

    #[test]
    fn a_given_value_comes_back_and_a_clone_starts_empty() {
        let mut slot = WorkSlot::new();
        assert!(slot.take::<Vec<u32>>().is_empty());
        slot.give(Box::new(vec![1u32, 2, 3]));
        let copy = slot.clone();
        assert_eq!(*slot.take::<Vec<u32>>(), [1, 2, 3]);
        // Taken: the slot is empty again.
        assert!(slot.take::<Vec<u32>>().is_empty());
        let mut copy = copy;
        assert!(copy.take::<Vec<u32>>().is_empty());
    }

    #[test]
    fn another_type_is_dropped_and_replaced_by_a_default() {
        let mut slot = WorkSlot::new();
        slot.give(Box::new(7u64));
        assert!(slot.take::<Vec<u32>>().is_empty());
        assert!(slot.take::<u64>() == Box::new(0));
    }
}
