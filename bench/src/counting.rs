//! A counting global allocator, shared by the bench binaries: each binary installs it with
//! `#[global_allocator] static GLOBAL: Counting = Counting;` and reads [`LIVE`] / [`PEAK`]
//! around what it measures.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts live and peak heap bytes, to report what each contender allocates per query.
pub struct Counting;

/// Bytes live now.
pub static LIVE: AtomicUsize = AtomicUsize::new(0);
/// The most bytes live at once since the last reset (store `LIVE` into it to reset).
pub static PEAK: AtomicUsize = AtomicUsize::new(0);
/// Calls that asked for memory (`alloc` and `realloc`) since start: read it before and after
/// what is measured (zero difference = no allocation).
pub static CALLS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: same contract as the caller's.
        let p = unsafe { System.alloc(layout) };
        CALLS.fetch_add(1, Ordering::Relaxed);
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: same contract as the caller's.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        CALLS.fetch_add(1, Ordering::Relaxed);
        if !p.is_null() {
            if new_size >= layout.size() {
                let live = LIVE.fetch_add(new_size - layout.size(), Ordering::Relaxed) + new_size
                    - layout.size();
                PEAK.fetch_max(live, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}
