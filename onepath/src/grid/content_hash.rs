//! [`Grid::content_hash`]: a 64-bit digest of a grid's size, cells and area costs (spec:
//! grids.md, “Host API”, `Grid.ContentHash`), cached so a repeated call is O(1). The digest
//! itself is `state::map_hash::content_hash_of` (snapshots tie themselves to a map with it);
//! this file adds the cache.
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

use super::grid::Grid;
use crate::state::map_hash::content_hash_of;

/// The cached content hash of a grid (see the module docs for the concurrency argument).
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

impl Grid {
    /// The 64-bit content hash of the grid's size, cells and area multipliers (spec: grids.md,
    /// “Host API”, `Grid.ContentHash`).
    ///
    /// Definition (normative; it changes only with a changelog note): words `w` are fed into
    /// `h = rotl(h ^ (w * P2), 31) * P1 + P3` from `h = P1 ^ P2`, all arithmetic mod 2^64, with
    /// `P1 = 0x9E3779B185EBCA87`, `P2 = 0xC2B2AE3D27D4EB4F`, `P3 = 0x165667B19E3779F9`. Words in
    /// order: `width | height << 32`; the cells row-major, eight per little-endian word, the
    /// last zero-padded; the 255 multipliers of areas 0..=254 as binary64 bit patterns. Finish:
    /// `h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32`. Version, world mapping and
    /// edit history are not part of it.
    ///
    /// The value is cached inside the grid without making `&Grid` any less shareable: two
    /// 32-bit atomic halves and an atomic "valid" flag. Edits (`&mut self`) clear the flag; a
    /// call that misses computes and publishes the value (`Release`), a call that hits reads it
    /// (`Acquire`). Threads that miss together store identical bits, so no lock or
    /// compare-and-swap is needed and `Grid` stays `Send + Sync`, `no_std` and safe.
    ///
    /// # Complexity
    ///
    /// O(1) when nothing was edited since the last call (cached); otherwise O(cells / 8 + 255).
    /// Any cell edit, area-cost change or restore invalidates the cache.
    ///
    /// # Determinism
    ///
    /// Pure integer arithmetic on fixed-width words: the same bits on every platform, and the
    /// cached value is always the bits a recompute would give.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid};
    /// let mut g = Grid::new(1, 1).unwrap();
    /// assert_eq!(g.content_hash(), 0xDD24_E19E_4718_27F3);
    /// g.set_area(Cell::new(0, 0), 3).unwrap();
    /// assert_ne!(g.content_hash(), 0xDD24_E19E_4718_27F3);
    /// g.set_area(Cell::new(0, 0), 0).unwrap();
    /// assert_eq!(g.content_hash(), 0xDD24_E19E_4718_27F3);
    /// ```
    pub fn content_hash(&self) -> u64 {
        if let Some(h) = self.hash.get() {
            return h;
        }
        let h = content_hash_of(
            self.width(),
            self.height(),
            self.cells(),
            self.areas().as_slice(),
        );
        self.hash.set(h);
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;
    use alloc::vec;

    // Known answers from a direct transcription of the definition (a throwaway Python
    // script: words, rotl, wrapping products, finaliser), not from this code.
    #[test]
    fn known_answers() {
        let g = Grid::new(1, 1).unwrap();
        assert_eq!(g.content_hash(), 0xdd24_e19e_4718_27f3);
        // .#.
        // ..1
        let mut g = Grid::from_areas(3, 2, vec![0, 255, 0, 0, 0, 1]).unwrap();
        assert_eq!(g.content_hash(), 0x6ab6_c3d5_6bdc_8183);
        g.set_area_cost(1, 2.5).unwrap();
        assert_eq!(g.content_hash(), 0xcff8_8a27_8f40_953a);
        // Nine cells: one full word and one padded word.
        let g = Grid::from_areas(9, 1, (0..9).collect()).unwrap();
        assert_eq!(g.content_hash(), 0xdc87_4947_f86e_5b0f);
        let mut g = Grid::new(5, 3).unwrap();
        g.set_area_cost(0, 0.5).unwrap();
        g.set_area_cost(254, 3.0).unwrap();
        assert_eq!(g.content_hash(), 0xd629_53a4_7309_ff84);
    }

    #[test]
    fn cache_follows_every_edit() {
        let mut g = Grid::new(7, 5).unwrap();
        let h0 = g.content_hash();
        assert_eq!(g.hash.get(), Some(h0));
        g.set_area(Cell::new(3, 2), 255).unwrap();
        assert_eq!(g.hash.get(), None);
        let h1 = g.content_hash();
        assert_ne!(h0, h1);
        assert_eq!(h1, content_hash_of(7, 5, g.cells(), g.areas().as_slice()));
        g.set_rect(0, 0, 2, 2, 4).unwrap();
        assert_eq!(
            g.content_hash(),
            content_hash_of(7, 5, g.cells(), g.areas().as_slice())
        );
        g.set_area_cost(4, 9.0).unwrap();
        assert_eq!(g.hash.get(), None);
        assert_eq!(
            g.content_hash(),
            content_hash_of(7, 5, g.cells(), g.areas().as_slice())
        );
        // A no-op edit keeps the cache, and the cached bits equal a recompute.
        let h = g.content_hash();
        g.set_area(Cell::new(0, 0), 4).unwrap();
        assert_eq!(g.hash.get(), Some(h));
        let clone = g.clone();
        assert_eq!(clone.hash.get(), Some(h));
        // Version and world mapping are not part of the hash.
        g.set_area(Cell::new(0, 0), 5).unwrap();
        g.set_area(Cell::new(0, 0), 4).unwrap();
        g.set_space(crate::GridSpace::new(3.0, 4.0, 2.0).unwrap())
            .unwrap();
        assert_eq!(g.content_hash(), h);
        g.note_content_replaced();
        assert_eq!(g.hash.get(), None);
        assert_eq!(g.content_hash(), h);
    }

    #[test]
    fn shared_grids_are_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<Grid>();
        check::<crate::HexGrid>();
    }
}
