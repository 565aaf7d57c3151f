//! Snapshot kind 10: a [`VoxelGrid`] (size, default area, version, area multipliers and the
//! allocated chunks), in the frame of `docs/snapshot-format.md`.
//!
//! # Payload (little-endian)
//!
//! `sx, sy, sz` (u32 each), the default area (u8), the version (u64), the 255 multipliers of
//! areas 0..=254 (f64 bits), the number of allocated chunks (u32), then per allocated chunk in
//! ascending slot order its slot (u32) and its 4096 bytes. The header's map hash is
//! [`VoxelGrid::content_digest`] (FNV-1a 64 over the payload fields before the version and
//! the chunk list), so it names the stored contents.
//!
//! # What restore proves
//!
//! Sizes within 2^30 voxels, a default of 0 or 255, every multiplier positive and finite, the
//! chunk count at most the slot count, slots strictly increasing and inside the table, the
//! exact payload length, padding bytes of edge chunks (voxels beyond the size) equal to the
//! default (a grid never writes them), and the map hash recomputed. Every loop is bounded by
//! the input's length. The grid is left unchanged on any error.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::voxel_grid::{CHUNK_VOXELS, Chunk, VoxelGrid, checked_voxel_count};
use crate::grid::MAX_VERSION;
use crate::state::codec::{HEADER_LEN, Reader, read_frame, write_frame};
use crate::state::size_bound::{per, sum};
use crate::state::{Fnv1a64, KIND_VOXEL_GRID, StateError};

/// Payload bytes before the chunk list: sizes, default, version, multipliers, chunk count.
const FIXED: usize = 3 * 4 + 1 + 8 + 255 * 8 + 4;

fn invalid(field: &'static str) -> StateError {
    StateError::InvalidField { field }
}

impl VoxelGrid {
    /// A 64-bit digest of the stored contents: FNV-1a 64 over the sizes, default area,
    /// multiplier bits and every allocated chunk (slot and bytes, ascending). Equal grids whose
    /// chunks are allocated differently (one edited back to all-default) digest differently.
    ///
    /// # Complexity
    ///
    /// O(allocated chunks × 4096).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut a = VoxelGrid::new(4, 4, 4).unwrap();
    /// let b = a.clone();
    /// assert_eq!(a.content_digest(), b.content_digest());
    /// a.set_walkable(VoxelCell::new(0, 0, 0), false).unwrap();
    /// assert_ne!(a.content_digest(), b.content_digest());
    /// ```
    pub fn content_digest(&self) -> u64 {
        let mut h = Fnv1a64::new();
        let (x, y, z) = self.size();
        h.write_u32(x);
        h.write_u32(y);
        h.write_u32(z);
        h.write(&[self.default_area()]);
        for m in self.areas().as_slice() {
            h.write_u64(m.to_bits());
        }
        for (slot, chunk) in self.allocated() {
            h.write_u32(slot);
            h.write(chunk);
        }
        h.finish()
    }

    /// Bytes [`save_state`](VoxelGrid::save_state) writes.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(32, 32, 32).unwrap();
    /// let empty = grid.state_size();
    /// grid.set_walkable(VoxelCell::new(0, 0, 0), false).unwrap();
    /// assert!(grid.state_size() >= empty + 4096); // one allocated chunk more
    /// let mut buf = vec![0u8; grid.state_size()];
    /// assert_eq!(grid.save_state(&mut buf), Ok(buf.len()));
    /// ```
    pub fn state_size(&self) -> usize {
        HEADER_LEN + FIXED + self.allocated_chunks() * (4 + CHUNK_VOXELS)
    }

    /// An upper bound on [`state_size`](VoxelGrid::state_size) for every state this grid can
    /// reach by edits: `28 + 2,065 + 4,100 × chunks` bytes (header; sizes, default area,
    /// version, the 255 multipliers and the chunk count; a slot number and 4,096 voxels per
    /// chunk), with `chunks` every 16³ chunk of the grid (`chunk_dims` multiplied out) — the
    /// snapshot grows as edits allocate chunks, and this is all of them allocated. Saturates.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(20, 8, 8).unwrap(); // 2 × 1 × 1 chunks
    /// let bound = grid.max_state_size();
    /// assert_eq!(bound, 28 + 2_065 + 2 * 4_100);
    /// grid.set_walkable(VoxelCell::new(1, 1, 1), false).unwrap();
    /// grid.set_walkable(VoxelCell::new(18, 1, 1), false).unwrap();
    /// assert_eq!(grid.state_size(), bound); // every chunk allocated
    /// ```
    pub fn max_state_size(&self) -> usize {
        let (cx, cy, cz) = self.chunk_dims();
        let chunks = per(per(cx as usize, cy as usize), cz as usize);
        sum([HEADER_LEN, FIXED, per(chunks, 4 + CHUNK_VOXELS)])
    }

    /// Writes the grid's snapshot (kind 10) into `out`; returns the byte count. Allocates
    /// nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](VoxelGrid::state_size).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(20, 5, 5).unwrap();
    /// grid.set_walkable(VoxelCell::new(17, 1, 1), false).unwrap();
    /// let mut bytes = vec![0u8; grid.state_size()];
    /// grid.save_state(&mut bytes).unwrap();
    /// let saved = grid.clone();
    /// grid.set_walkable(VoxelCell::new(0, 0, 0), false).unwrap();
    /// grid.restore_state(&bytes).unwrap();
    /// assert_eq!(grid, saved);
    /// bytes[40] ^= 1;
    /// assert!(grid.restore_state(&bytes).is_err());
    /// ```
    pub fn save_state(&self, out: &mut [u8]) -> Result<usize, StateError> {
        let payload = self.state_size() - HEADER_LEN;
        write_frame(out, KIND_VOXEL_GRID, self.content_digest(), payload, |w| {
            let (x, y, z) = self.size();
            w.u32(x);
            w.u32(y);
            w.u32(z);
            w.u8(self.default_area());
            w.u64(self.version());
            for m in self.areas().as_slice() {
                w.f64(*m);
            }
            w.u32(self.allocated_chunks() as u32);
            for (slot, chunk) in self.allocated() {
                w.u32(slot);
                w.bytes(chunk);
            }
        })
    }

    /// A grid decoded from a kind-10 snapshot (a fresh revision, an empty journal).
    ///
    /// # Errors
    ///
    /// Any [`StateError`] (see the module docs for what is checked).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(8, 8, 8).unwrap();
    /// grid.set_area(VoxelCell::new(3, 3, 3), 7).unwrap();
    /// let mut bytes = vec![0u8; grid.state_size()];
    /// grid.save_state(&mut bytes).unwrap();
    /// let copy = VoxelGrid::from_state(&bytes).unwrap();
    /// assert_eq!(copy.area(VoxelCell::new(3, 3, 3)), Some(7));
    /// assert_eq!(copy.content_digest(), grid.content_digest());
    /// ```
    pub fn from_state(bytes: &[u8]) -> Result<Self, StateError> {
        let frame = read_frame(bytes, KIND_VOXEL_GRID)?;
        let mut r = Reader::new(frame.payload);
        let (x, y, z) = (r.u32()?, r.u32()?, r.u32()?);
        checked_voxel_count(x, y, z).map_err(|_| invalid("voxel.size"))?;
        let default = r.u8()?;
        let mut grid =
            Self::with_default(x, y, z, default).map_err(|_| invalid("voxel.default"))?;
        let version = r.u64()?;
        if version > MAX_VERSION {
            return Err(invalid("voxel.version"));
        }
        for a in 0..255u8 {
            grid.set_area_cost(a, r.f64()?)
                .map_err(|_| invalid("voxel.area_cost"))?;
        }
        let count = r.u32()? as usize;
        let (cx, cy, cz) = grid.chunk_dims();
        let slots = cx as usize * cy as usize * cz as usize;
        if count > slots || r.remaining() != count * (4 + CHUNK_VOXELS) {
            return Err(invalid("voxel.chunks"));
        }
        let mut chunks: Vec<(u32, Box<Chunk>)> = Vec::with_capacity(count);
        let mut last: Option<u32> = None;
        for _ in 0..count {
            let slot = r.u32()?;
            if slot as usize >= slots || last.is_some_and(|l| slot <= l) {
                return Err(invalid("voxel.chunk_slot"));
            }
            last = Some(slot);
            let mut chunk = Box::new([0u8; CHUNK_VOXELS]);
            chunk.copy_from_slice(r.bytes(CHUNK_VOXELS)?);
            if !grid.padding_is(slot, &chunk, default) {
                return Err(invalid("voxel.chunk_padding"));
            }
            chunks.push((slot, chunk));
        }
        r.finish("voxel")?;
        grid.install(chunks, version);
        let digest = grid.content_digest();
        if digest != frame.map_hash {
            return Err(StateError::MapMismatch {
                expected: digest,
                found: frame.map_hash,
            });
        }
        Ok(grid)
    }

    /// Replaces this grid with the snapshot in `bytes`: size, contents, costs and version; a
    /// fresh revision with [`VoxelEdit::Everything`](super::VoxelEdit::Everything) journaled.
    /// Leaves the grid unchanged on any error.
    ///
    /// # Errors
    ///
    /// As [`from_state`](VoxelGrid::from_state).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(8, 8, 8).unwrap();
    /// let mut saved = vec![0u8; grid.state_size()];
    /// grid.save_state(&mut saved).unwrap();
    /// grid.set_walkable(VoxelCell::new(1, 1, 1), false).unwrap(); // the simulation moves on…
    /// grid.restore_state(&saved).unwrap(); // …and rolls back
    /// assert!(grid.is_walkable(VoxelCell::new(1, 1, 1)));
    /// saved[20] ^= 1;
    /// assert!(grid.restore_state(&saved).is_err()); // damaged bytes change nothing
    /// ```
    pub fn restore_state(&mut self, bytes: &[u8]) -> Result<(), StateError> {
        let decoded = Self::from_state(bytes)?;
        self.replace_with(decoded);
        Ok(())
    }

    /// Whether the voxels of chunk `slot` beyond the block's size all hold `default`.
    fn padding_is(&self, slot: u32, chunk: &Chunk, default: u8) -> bool {
        let (cx, cy, _) = self.chunk_dims();
        let (sx, sy, sz) = self.size();
        let (bx, by, bz) = (slot % cx * 16, slot / cx % cy * 16, slot / cx / cy * 16);
        (0..CHUNK_VOXELS as u32).all(|i| {
            let (x, y, z) = (bx + (i & 15), by + ((i >> 4) & 15), bz + (i >> 8));
            x < sx && y < sy && z < sz || chunk[i as usize] == default
        })
    }
}
