//! [`HashCache`]: the cached content hash of a cell space, so a repeated
//! [`Grid::content_hash`](crate::Grid::content_hash) is O(1). The digest itself is
//! `state::map_hash::content_hash_of` (snapshots tie themselves to a map with it); the
//! [`CellStore`](super::cell_store::CellStore) owns the cache, computes the digest on a miss
//! and drops the value on every change. This file is plain data: it knows no grid.
//!
//! # The cache, and why `&Grid` stays shareable
//!
//! The spec caches the value and recomputes it on the first call after an edit. Recomputing
//! inside every edit would make a one-cell edit O(cells); making `content_hash` take `&mut self`
//! would stop a shared grid (`&Grid` on many threads) from asking. So the cache is interior:
//! [`HashCache`] keeps the value in two `AtomicU32` halves and a "valid" `AtomicBool`.
//!
//! - Every edit (`&mut self`: cells, area costs, restore) clears the flag through `get_mut`, with
//!   no atomic operation at all: exclusive access already orders it before any later reader.
//! - `content_hash(&self)` reads the flag (`Acquire`); if set, it returns the stored halves —
//!   O(1). Otherwise it computes the digest and stores both halves, then the flag (`Release`).
//! - Two threads that miss at the same time both compute and store: they store the same bits
//!   (the grid cannot change while `&self` borrows exist), so a reader that sees the flag sees
//!   the right value whichever store it reads. No lock, no compare-and-swap: only 32-bit atomic
//!   loads and stores, which every target with `core::sync::atomic` has (even `thumbv6m`).
//!
//! So `Grid` stays `Send + Sync`, `no_std`, and free of `unsafe`.

use core::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// The cached content hash of a cell space (see the module docs for the concurrency argument).
#[derive(Debug, Default)]
pub(crate) struct HashCache {
    lo: AtomicU32,
    hi: AtomicU32,
    valid: AtomicBool,
}

impl HashCache {
    pub(crate) const fn new() -> Self {
        Self {
            lo: AtomicU32::new(0),
            hi: AtomicU32::new(0),
            valid: AtomicBool::new(false),
        }
    }

    /// The cached value, if any.
    #[inline]
    pub(crate) fn get(&self) -> Option<u64> {
        if self.valid.load(Ordering::Acquire) {
            let lo = u64::from(self.lo.load(Ordering::Relaxed));
            let hi = u64::from(self.hi.load(Ordering::Relaxed));
            Some(lo | (hi << 32))
        } else {
            None
        }
    }

    /// Stores a freshly computed value (every racing writer stores the same bits).
    pub(crate) fn set(&self, value: u64) {
        self.lo.store(value as u32, Ordering::Relaxed);
        self.hi.store((value >> 32) as u32, Ordering::Relaxed);
        self.valid.store(true, Ordering::Release);
    }

    /// Forgets the value; exclusive access, so no atomic operation is needed.
    #[inline]
    pub(crate) fn invalidate(&mut self) {
        *self.valid.get_mut() = false;
    }
}

impl Clone for HashCache {
    fn clone(&self) -> Self {
        let c = Self::new();
        if let Some(v) = self.get() {
            c.set(v);
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_both_halves_and_forgets() {
        let mut c = HashCache::new();
        assert_eq!(c.get(), None);
        c.set(0x0123_4567_89ab_cdef);
        assert_eq!(c.get(), Some(0x0123_4567_89ab_cdef));
        assert_eq!(c.clone().get(), Some(0x0123_4567_89ab_cdef));
        c.invalidate();
        assert_eq!((c.get(), c.clone().get()), (None, None));
    }
}
