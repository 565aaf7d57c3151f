//! Links `onepath` into a bare `#![no_std]` static library and calls its public API.
//! Built in CI by `.ci/run` (`cargo build --release --manifest-path no-std-check/Cargo.toml`).
#![no_std]

extern crate alloc;

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::panic::PanicInfo;
use core::sync::atomic::{AtomicUsize, Ordering};

use onepath::grid::SquareTopology;
use onepath::search::{AStar, Step};
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Cell, Connectivity, DiagonalRule, Grid, GridOptions, PathStatus};

#[panic_handler]
fn panic(_: &PanicInfo<'_>) -> ! {
    loop {}
}

const ARENA: usize = 1 << 20;

/// A bump allocator over a static arena (never frees): enough for a smoke call.
struct Bump {
    next: AtomicUsize,
    arena: UnsafeCell<[u8; ARENA]>,
}

// SAFETY: the arena is only handed out in disjoint pieces reserved with an atomic counter.
unsafe impl Sync for Bump {}

unsafe impl GlobalAlloc for Bump {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let mut start = 0;
        let reserved = self.next.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |cur| {
            start = cur.next_multiple_of(layout.align());
            let end = start.checked_add(layout.size())?;
            (end <= ARENA).then_some(end)
        });
        match reserved {
            // SAFETY: start + size <= ARENA, so the pointer stays inside the arena.
            Ok(_) => unsafe { self.arena.get().cast::<u8>().add(start) },
            Err(_) => core::ptr::null_mut(),
        }
    }

    unsafe fn dealloc(&self, _ptr: *mut u8, _layout: Layout) {}
}

#[global_allocator]
static ALLOCATOR: Bump = Bump { next: AtomicUsize::new(0), arena: UnsafeCell::new([0; ARENA]) };

/// Finds a path with the tier-1 and tier-2 APIs; returns the path length or 0 on a mismatch.
#[unsafe(no_mangle)]
pub extern "C" fn onepath_no_std_smoke() -> u32 {
    let Ok(grid) = Grid::from_text("....\n.##.\n....") else { return 0 };
    let Ok(path) = grid.find_path(Cell::new(0, 1), Cell::new(3, 1), &GridOptions::DEFAULT) else {
        return 0;
    };
    if path.status != PathStatus::Found {
        return 0;
    }
    let Ok(topo) = SquareTopology::new(&grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting)
    else {
        return 0;
    };
    let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    if search.try_begin(&topo, 4, 7) != Step::InProgress {
        return 0;
    }
    while search.step(&topo, 1) == Step::InProgress {}
    if search.cost().to_bits() != path.cost.to_bits() {
        return 0;
    }
    path.cells.len() as u32
}

/// The `serde` feature without std: options and a path status through postcard into a fixed
/// buffer and back; returns 1 when both come back equal, else 0.
#[unsafe(no_mangle)]
pub extern "C" fn onepath_no_std_serde_round_trip() -> u32 {
    let options = GridOptions::DEFAULT.with_weight(1.5);
    let mut buf = [0u8; 64];
    let Ok(bytes) = postcard::to_slice(&(options, PathStatus::Found), &mut buf) else {
        return 0;
    };
    match postcard::from_bytes::<(GridOptions, PathStatus)>(bytes) {
        Ok((o, s)) => u32::from(o == options && s == PathStatus::Found),
        Err(_) => 0,
    }
}
