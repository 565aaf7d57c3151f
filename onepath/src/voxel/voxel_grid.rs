//! [`VoxelGrid`]: a bounded block of voxels in 16 × 16 × 16 chunks (spec: grids.md, “3D voxel
//! grids”, “Storage”).
//!
//! # Storage (the contract)
//!
//! - The block of `sx × sy × sz` voxels (each size at least 1, at most 2^30 voxels in all) is
//!   cut into chunks of 16 × 16 × 16. The chunk table is dense: `ceil(sx/16) * ceil(sy/16) *
//!   ceil(sz/16)` slots, chunk `(cx, cy, cz)` at slot `cx + chunks_x * (cy + chunks_y * cz)`.
//! - A slot is empty — every voxel of that chunk has the grid's *default area*, fixed at
//!   construction: 0 (open space) or 255 (solid rock to carve) — or holds 4096 bytes, the voxel
//!   `(x, y, z)` at `(x & 15) | ((y & 15) << 4) | ((z & 15) << 8)`.
//! - The first edit that writes a value other than the default into an empty chunk allocates
//!   it; an allocated chunk stays allocated (even when edited back to all-default). Voxels of
//!   an edge chunk beyond the block's size are never read nor written.
//! - Each voxel is one area id: 0..=254 open (priced through [`AreaCosts`]), 255 solid.
//!
//! # Edits
//!
//! They follow the square grid's cell store: every check comes before the first write, a
//! refused edit changes nothing; an edit that changes something bumps
//! [`version`](VoxelGrid::version) once, takes a fresh process-unique
//! [`revision`](VoxelGrid::revision) and journals one [`VoxelEdit`]; a no-op edit does none of
//! these. Searches read the live chunk table, so a search after edits equals a search on a grid
//! built from scratch with the final contents: there is no cache to repair.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::cell::VoxelCell;
use super::error::{MAX_VOXELS, VoxelError};
use super::journal::{VoxelEdit, VoxelEditsSince, VoxelJournal};
use crate::grid::cell_store::fresh_revision;
use crate::grid::query_slot::QuerySlot;
use crate::grid::{AreaCosts, WALL};

/// Voxels per chunk edge.
pub const CHUNK_EDGE: u32 = 16;
/// Voxels per chunk (16³ = 4096 bytes).
pub const CHUNK_VOXELS: usize = 4096;

/// One allocated chunk: 4096 area bytes, `(x & 15) | ((y & 15) << 4) | ((z & 15) << 8)`.
///
/// # Examples
///
/// ```
/// use onepath::voxel::{CHUNK_VOXELS, Chunk, VoxelCell, VoxelGrid};
/// let mut grid = VoxelGrid::new(16, 16, 16).unwrap();
/// grid.set_area(VoxelCell::new(1, 2, 3), 9).unwrap();
/// let chunk: &Chunk = grid.chunk(0, 0, 0).unwrap();
/// assert_eq!(chunk.len(), CHUNK_VOXELS);
/// assert_eq!(chunk[1 + 16 * (2 + 16 * 3)], 9); // x fastest, then y, then z
/// ```
pub type Chunk = [u8; CHUNK_VOXELS];

/// The in-chunk index of a voxel.
#[inline]
pub(crate) const fn chunk_index(x: u32, y: u32, z: u32) -> usize {
    ((x & 15) | ((y & 15) << 4) | ((z & 15) << 8)) as usize
}

/// Validates a block size and returns its voxel count.
///
/// # Errors
///
/// [`VoxelError::EmptyDimension`], [`VoxelError::TooManyVoxels`].
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelError, checked_voxel_count};
/// assert_eq!(checked_voxel_count(10, 20, 30), Ok(6000));
/// assert!(matches!(checked_voxel_count(1 << 20, 1 << 20, 1), Err(VoxelError::TooManyVoxels { .. })));
/// ```
pub fn checked_voxel_count(x: u32, y: u32, z: u32) -> Result<u32, VoxelError> {
    if x == 0 || y == 0 || z == 0 {
        return Err(VoxelError::EmptyDimension { x, y, z });
    }
    // In u128: three u32 sizes cannot overflow it.
    let n = u128::from(x) * u128::from(y) * u128::from(z);
    if n > u128::from(MAX_VOXELS) {
        return Err(VoxelError::TooManyVoxels { x, y, z });
    }
    Ok(n as u32)
}

/// A bounded block of voxels, one area byte each, stored in lazily allocated 16³ chunks
/// (tier 1). See the module documentation for the storage and edit contract.
///
/// Two grids are equal when their size, default area, every voxel, area costs and version
/// are equal (whether a chunk is allocated, the revision and the journal are not compared).
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelCell, VoxelGrid};
///
/// let mut grid = VoxelGrid::new(40, 20, 10).unwrap();
/// assert_eq!(grid.allocated_chunks(), 0); // all open, nothing stored
/// grid.set_walkable(VoxelCell::new(17, 3, 2), false).unwrap();
/// assert_eq!(grid.allocated_chunks(), 1);
/// assert_eq!(grid.area(VoxelCell::new(17, 3, 2)), Some(255));
/// assert!(grid.is_walkable(VoxelCell::new(0, 0, 0)));
/// assert_eq!(grid.area(VoxelCell::new(40, 0, 0)), None); // outside
/// assert_eq!(grid.version(), 1);
/// assert!(VoxelGrid::new(1024, 1024, 1025).is_err()); // more than 2^30 voxels
/// ```
#[derive(Clone, Debug)]
pub struct VoxelGrid {
    size: (u32, u32, u32),
    chunks_x: u32,
    chunks_y: u32,
    chunks_z: u32,
    chunks: Vec<Option<Box<Chunk>>>,
    default_area: u8,
    areas: AreaCosts,
    version: u64,
    revision: u64,
    journal: VoxelJournal,
    /// The search handles the one-line queries pool (node pages), see `query/`.
    slot: QuerySlot,
}

// Invariants (`check_invariants`):
//
// - every size >= 1, their product <= 2^30; `chunks_* = ceil(size_* / 16)` and
//   `chunks.len() == chunks_x * chunks_y * chunks_z`;
// - `default_area` is 0 or 255;
// - `revision != 0` is the journal's current revision; the journal's stamps increase.
impl VoxelGrid {
    /// An all-open block (default area 0).
    ///
    /// # Errors
    ///
    /// [`VoxelError::EmptyDimension`] or [`VoxelError::TooManyVoxels`], before any
    /// allocation.
    ///
    /// # Complexity
    ///
    /// O(chunks): one empty slot per 16³ chunk.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelError, VoxelGrid};
    /// let grid = VoxelGrid::new(40, 20, 10).unwrap();
    /// assert_eq!((grid.size(), grid.voxel_count()), ((40, 20, 10), 8000));
    /// assert_eq!(grid.allocated_chunks(), 0); // open chunks cost no array
    /// assert!(matches!(VoxelGrid::new(0, 1, 1), Err(VoxelError::EmptyDimension { .. })));
    /// ```
    pub fn new(x: u32, y: u32, z: u32) -> Result<Self, VoxelError> {
        Self::with_default(x, y, z, 0)
    }

    /// An all-solid block (default area 255) to carve open.
    ///
    /// # Errors
    ///
    /// As [`VoxelGrid::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// use onepath::VoxelOptions;
    /// let mut cave = VoxelGrid::new_solid(5, 1, 1).unwrap();
    /// for x in 0..5 {
    ///     cave.set_walkable(VoxelCell::new(x, 0, 0), true).unwrap(); // carve a tunnel
    /// }
    /// assert_eq!(cave.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(4, 0, 0), &VoxelOptions::DEFAULT).cost, 4.0);
    /// ```
    pub fn new_solid(x: u32, y: u32, z: u32) -> Result<Self, VoxelError> {
        Self::with_default(x, y, z, WALL)
    }

    /// A block whose every voxel has `default_area` (0 or 255).
    ///
    /// # Errors
    ///
    /// As [`VoxelGrid::new`], then [`VoxelError::InvalidDefault`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelError, VoxelGrid};
    /// let grid = VoxelGrid::with_default(4, 4, 4, 255).unwrap();
    /// assert_eq!((grid.default_area(), grid.is_walkable(VoxelCell::new(1, 1, 1))), (255, false));
    /// assert_eq!(VoxelGrid::with_default(4, 4, 4, 7).unwrap_err(), VoxelError::InvalidDefault { area: 7 });
    /// ```
    pub fn with_default(x: u32, y: u32, z: u32, default_area: u8) -> Result<Self, VoxelError> {
        checked_voxel_count(x, y, z)?;
        if default_area != 0 && default_area != WALL {
            return Err(VoxelError::InvalidDefault { area: default_area });
        }
        let (cx, cy, cz) = (x.div_ceil(16), y.div_ceil(16), z.div_ceil(16));
        let slots = cx as usize * cy as usize * cz as usize;
        let mut chunks = Vec::new();
        chunks.resize_with(slots, || None);
        let revision = fresh_revision();
        Ok(Self {
            size: (x, y, z),
            chunks_x: cx,
            chunks_y: cy,
            chunks_z: cz,
            chunks,
            default_area,
            areas: AreaCosts::new(),
            version: 0,
            revision,
            journal: VoxelJournal::new(revision),
            slot: QuerySlot::new(),
        })
    }

    /// A block with `default_area` everywhere except the listed voxels, at version 0 with an
    /// empty journal (what a file loader builds). Later entries for the same voxel win.
    ///
    /// # Errors
    ///
    /// As [`VoxelGrid::with_default`]; [`VoxelError::VoxelOutOfBounds`] for the first listed
    /// voxel outside the block.
    ///
    /// # Complexity
    ///
    /// O(chunks + listed voxels).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let pillars = [(VoxelCell::new(1, 0, 0), 255), (VoxelCell::new(1, 0, 1), 255), (VoxelCell::new(2, 2, 2), 3)];
    /// let grid = VoxelGrid::from_voxels(4, 4, 4, 0, pillars).unwrap();
    /// assert!(!grid.is_walkable(VoxelCell::new(1, 0, 1)));
    /// assert_eq!(grid.area(VoxelCell::new(2, 2, 2)), Some(3));
    /// assert_eq!(grid.version(), 0); // loaded, not edited
    /// assert!(VoxelGrid::from_voxels(4, 4, 4, 0, [(VoxelCell::new(4, 0, 0), 255)]).is_err());
    /// ```
    pub fn from_voxels(
        x: u32,
        y: u32,
        z: u32,
        default_area: u8,
        voxels: impl IntoIterator<Item = (VoxelCell, u8)>,
    ) -> Result<Self, VoxelError> {
        let mut grid = Self::with_default(x, y, z, default_area)?;
        for (cell, area) in voxels {
            let (ux, uy, uz) = grid.checked(cell)?;
            grid.write(ux, uy, uz, area);
        }
        Ok(grid)
    }

    /// Size on x, y and z.
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = onepath::voxel::VoxelGrid::new(3, 4, 5).unwrap();
    /// assert_eq!(grid.size(), (3, 4, 5));
    /// ```
    #[inline]
    pub fn size(&self) -> (u32, u32, u32) {
        self.size
    }

    /// Voxels in the block (`sx * sy * sz`, at most 2^30): also the node count of a search.
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = onepath::voxel::VoxelGrid::new(3, 4, 5).unwrap();
    /// assert_eq!(grid.voxel_count(), 60);
    /// ```
    #[inline]
    pub fn voxel_count(&self) -> u32 {
        self.size.0 * self.size.1 * self.size.2
    }

    /// Chunks on each axis (`ceil(size / 16)`).
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = onepath::voxel::VoxelGrid::new(16, 17, 40).unwrap();
    /// assert_eq!(grid.chunk_dims(), (1, 2, 3)); // 16³ chunks, rounded up
    /// ```
    pub fn chunk_dims(&self) -> (u32, u32, u32) {
        (self.chunks_x, self.chunks_y, self.chunks_z)
    }

    /// The grid's default area (0 or 255): the area of every voxel of an unallocated chunk.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::VoxelGrid;
    /// assert_eq!(VoxelGrid::new(2, 2, 2).unwrap().default_area(), 0);
    /// assert_eq!(VoxelGrid::new_solid(2, 2, 2).unwrap().default_area(), 255);
    /// ```
    pub fn default_area(&self) -> u8 {
        self.default_area
    }

    /// Chunks that hold an array (tier 3, for memory reports).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(32, 16, 16).unwrap();
    /// grid.set_walkable(VoxelCell::new(20, 0, 0), false).unwrap();
    /// assert_eq!(grid.allocated_chunks(), 1); // only the chunk that differs from the default
    /// ```
    pub fn allocated_chunks(&self) -> usize {
        self.chunks.iter().filter(|c| c.is_some()).count()
    }

    /// The stored array of chunk `(cx, cy, cz)` (tier 3): `None` when the slot is empty (every
    /// voxel has the default area) or the chunk is outside the table.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(32, 16, 16).unwrap();
    /// grid.set_walkable(VoxelCell::new(17, 0, 0), false).unwrap();
    /// assert!(grid.chunk(0, 0, 0).is_none()); // all default
    /// assert_eq!(grid.chunk(1, 0, 0).map(|c| c[1]), Some(255)); // x = 17 is 1 inside chunk 1
    /// ```
    pub fn chunk(&self, cx: u32, cy: u32, cz: u32) -> Option<&Chunk> {
        if cx >= self.chunks_x || cy >= self.chunks_y || cz >= self.chunks_z {
            return None;
        }
        let slot = cx + self.chunks_x * (cy + self.chunks_y * cz);
        self.chunks[slot as usize].as_deref()
    }

    /// The area cost table.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::VoxelGrid;
    /// let mut grid = VoxelGrid::new(2, 2, 2).unwrap();
    /// grid.set_area_cost(2, 3.0).unwrap();
    /// assert_eq!(grid.areas().get(2), 3.0);
    /// ```
    pub fn areas(&self) -> &AreaCosts {
        &self.areas
    }

    /// Edits that changed something since construction.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(2, 2, 2).unwrap();
    /// grid.set_walkable(VoxelCell::new(0, 0, 0), false).unwrap();
    /// grid.set_walkable(VoxelCell::new(0, 0, 0), false).unwrap(); // no change
    /// assert_eq!(grid.version(), 1);
    /// ```
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The process-unique stamp of the current contents (see the module docs).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(2, 2, 2).unwrap();
    /// let seen = grid.revision();
    /// grid.set_walkable(VoxelCell::new(1, 1, 1), false).unwrap();
    /// assert_ne!(grid.revision(), seen);
    /// ```
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// What changed after `revision` (see [`VoxelJournal::since`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::grid::JournalSince;
    /// use onepath::voxel::{VoxelCell, VoxelEdit, VoxelGrid};
    /// let mut grid = VoxelGrid::new(4, 4, 4).unwrap();
    /// let seen = grid.revision();
    /// grid.set_walkable(VoxelCell::new(1, 2, 3), false).unwrap();
    /// let JournalSince::Edits(edits) = grid.edits_since(seen) else { unreachable!() };
    /// assert_eq!(edits.collect::<Vec<_>>(), [VoxelEdit::Voxel(VoxelCell::new(1, 2, 3))]);
    /// assert!(grid.edits_since(u64::MAX).is_rebuild()); // not a revision of this grid
    /// ```
    pub fn edits_since(&self, revision: u64) -> VoxelEditsSince<'_> {
        self.journal.since(revision)
    }

    /// The pooled query handles (tier 1 takes and gives back its paged search here).
    pub(crate) fn query_slot(&self) -> &QuerySlot {
        &self.slot
    }

    /// Whether `cell` lies inside the block.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let grid = VoxelGrid::new(2, 3, 4).unwrap();
    /// assert!(grid.contains(VoxelCell::new(1, 2, 3)));
    /// assert!(!grid.contains(VoxelCell::new(1, 2, 4)));
    /// ```
    #[inline]
    pub fn contains(&self, cell: VoxelCell) -> bool {
        cell.x >= 0
            && cell.y >= 0
            && cell.z >= 0
            && (cell.x as u32) < self.size.0
            && (cell.y as u32) < self.size.1
            && (cell.z as u32) < self.size.2
    }

    /// The index of `cell`, `x + sx * (y + sy * z)` (its search node id), or `None` outside:
    /// [`Grid::index_of`](crate::Grid::index_of) in three dimensions.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let grid = VoxelGrid::new(2, 3, 4).unwrap();
    /// assert_eq!(grid.index_of(VoxelCell::new(1, 2, 3)), Some(1 + 2 * (2 + 3 * 3)));
    /// assert_eq!(grid.index_of(VoxelCell::new(-1, 0, 0)), None);
    /// ```
    #[inline]
    pub fn index_of(&self, cell: VoxelCell) -> Option<u32> {
        self.contains(cell)
            .then(|| cell.x as u32 + self.size.0 * (cell.y as u32 + self.size.1 * cell.z as u32))
    }

    /// The voxel of a node (`node < voxel_count()`; larger nodes give a voxel outside).
    ///
    /// # Complexity
    ///
    /// Two divisions (tier 2/3; the paged one-line query never divides).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let grid = VoxelGrid::new(2, 3, 4).unwrap();
    /// assert_eq!(grid.cell_of(23), VoxelCell::new(1, 2, 3));
    /// ```
    #[inline]
    pub fn cell_of(&self, node: u32) -> VoxelCell {
        let (sx, sy) = (self.size.0, self.size.1);
        let x = node % sx;
        let rest = node / sx;
        VoxelCell::new(x as i32, (rest % sy) as i32, (rest / sy) as i32)
    }

    /// The area of `cell`, or `None` outside.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(2, 2, 2).unwrap();
    /// grid.set_area(VoxelCell::new(0, 1, 0), 9).unwrap();
    /// assert_eq!(grid.area(VoxelCell::new(0, 1, 0)), Some(9));
    /// assert_eq!(grid.area(VoxelCell::new(0, 2, 0)), None);
    /// ```
    #[inline]
    pub fn area(&self, cell: VoxelCell) -> Option<u8> {
        self.contains(cell)
            .then(|| self.area_at(cell.x as u32, cell.y as u32, cell.z as u32))
    }

    /// Whether `cell` is inside and walkable (area 0..=254, not [`WALL`]), as
    /// [`Grid::is_walkable`](crate::Grid::is_walkable) answers and
    /// [`set_walkable`](VoxelGrid::set_walkable) sets.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// let mut grid = VoxelGrid::new(2, 2, 2).unwrap();
    /// grid.set_area(VoxelCell::new(0, 0, 0), 255).unwrap();
    /// assert!(!grid.is_walkable(VoxelCell::new(0, 0, 0)) && grid.is_walkable(VoxelCell::new(1, 0, 0)));
    /// assert!(!grid.is_walkable(VoxelCell::new(5, 0, 0))); // outside
    /// ```
    #[inline]
    pub fn is_walkable(&self, cell: VoxelCell) -> bool {
        self.area(cell).is_some_and(|a| a != WALL)
    }

    /// The old name of [`is_walkable`](VoxelGrid::is_walkable).
    #[deprecated(
        since = "0.1.0",
        note = "renamed is_walkable, as on the square and hex grids"
    )]
    pub fn is_open(&self, cell: VoxelCell) -> bool {
        self.is_walkable(cell)
    }

    /// The old name of [`index_of`](VoxelGrid::index_of).
    #[deprecated(
        since = "0.1.0",
        note = "renamed index_of, as on the square and hex grids"
    )]
    pub fn node_of(&self, cell: VoxelCell) -> Option<u32> {
        self.index_of(cell)
    }

    /// The area of an inside voxel (`x < sx`, `y < sy`, `z < sz`; others read a wrong chunk
    /// or panic on the table index).
    #[inline]
    pub(crate) fn area_at(&self, x: u32, y: u32, z: u32) -> u8 {
        let slot = (x >> 4) + self.chunks_x * ((y >> 4) + self.chunks_y * (z >> 4));
        match &self.chunks[slot as usize] {
            Some(c) => c[chunk_index(x, y, z)],
            None => self.default_area,
        }
    }

    fn checked(&self, cell: VoxelCell) -> Result<(u32, u32, u32), VoxelError> {
        if self.contains(cell) {
            Ok((cell.x as u32, cell.y as u32, cell.z as u32))
        } else {
            Err(VoxelError::VoxelOutOfBounds {
                x: cell.x,
                y: cell.y,
                z: cell.z,
                size: self.size,
            })
        }
    }

    /// Writes an inside voxel; allocates its chunk on the first value other than the
    /// default. Returns whether the voxel changed.
    fn write(&mut self, x: u32, y: u32, z: u32, area: u8) -> bool {
        let slot = ((x >> 4) + self.chunks_x * ((y >> 4) + self.chunks_y * (z >> 4))) as usize;
        let default = self.default_area;
        let chunk = match &mut self.chunks[slot] {
            Some(c) => c,
            empty @ None => {
                if area == default {
                    return false;
                }
                empty.insert(Box::new([default; CHUNK_VOXELS]))
            }
        };
        let old = core::mem::replace(&mut chunk[chunk_index(x, y, z)], area);
        old != area
    }

    /// Sets the area id of `cell` (0..=254 open, 255 solid); one journal entry when it
    /// changed.
    ///
    /// # Errors
    ///
    /// [`VoxelError::VoxelOutOfBounds`]; nothing changes then.
    ///
    /// # Complexity
    ///
    /// O(1); allocates 4096 bytes on the first non-default write into a chunk.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// use onepath::VoxelOptions;
    /// let mut grid = VoxelGrid::new(3, 1, 1).unwrap();
    /// grid.set_area(VoxelCell::new(1, 0, 0), 4).unwrap(); // water
    /// grid.set_area_cost(4, 3.0).unwrap();
    /// assert_eq!(grid.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(2, 0, 0), &VoxelOptions::DEFAULT).cost, 4.0);
    /// assert!(grid.set_area(VoxelCell::new(3, 0, 0), 4).is_err());
    /// ```
    pub fn set_area(&mut self, cell: VoxelCell, area: u8) -> Result<(), VoxelError> {
        let (x, y, z) = self.checked(cell)?;
        if self.write(x, y, z, area) {
            self.record(VoxelEdit::Voxel(cell));
        }
        Ok(())
    }

    /// Makes `cell` open (area 0) or solid (255).
    ///
    /// # Errors
    ///
    /// As [`VoxelGrid::set_area`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelCell, VoxelGrid};
    /// use onepath::{PathStatus, VoxelOptions};
    /// let mut grid = VoxelGrid::new(3, 1, 1).unwrap();
    /// grid.set_walkable(VoxelCell::new(1, 0, 0), false).unwrap();
    /// let path = grid.find_path(VoxelCell::new(0, 0, 0), VoxelCell::new(2, 0, 0), &VoxelOptions::DEFAULT);
    /// assert_eq!(path.status, PathStatus::NoPath);
    /// ```
    pub fn set_walkable(&mut self, cell: VoxelCell, walkable: bool) -> Result<(), VoxelError> {
        self.set_area(cell, if walkable { 0 } else { WALL })
    }

    /// Sets the cost multiplier of `area`; journals [`VoxelEdit::AreaCosts`] when the bits
    /// changed.
    ///
    /// # Errors
    ///
    /// [`VoxelError::AreaCost`] (area 255, or a multiplier not positive and finite); nothing
    /// changes then.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::voxel::{VoxelError, VoxelGrid};
    /// let mut grid = VoxelGrid::new(2, 2, 2).unwrap();
    /// grid.set_area_cost(1, 0.5).unwrap();
    /// assert!(matches!(grid.set_area_cost(255, 1.0), Err(VoxelError::AreaCost { .. })));
    /// assert_eq!(grid.version(), 1);
    /// ```
    pub fn set_area_cost(&mut self, area: u8, multiplier: f64) -> Result<(), VoxelError> {
        let before = self.areas.get(area);
        self.areas.set(area, multiplier)?;
        if before.to_bits() != multiplier.to_bits() {
            self.record(VoxelEdit::AreaCosts);
        }
        Ok(())
    }

    /// Allocated chunks with their slots, ascending.
    pub(crate) fn allocated(&self) -> impl Iterator<Item = (u32, &Chunk)> + '_ {
        self.chunks
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.as_deref().map(|c| (i as u32, c)))
    }

    /// Puts validated chunks in place and sets the version (snapshot decoding).
    pub(crate) fn install(&mut self, chunks: Vec<(u32, Box<Chunk>)>, version: u64) {
        for (slot, chunk) in chunks {
            self.chunks[slot as usize] = Some(chunk);
        }
        self.version = version;
    }

    /// Becomes `other` (decoded from a snapshot) at a fresh revision, keeping this grid's
    /// journal history with [`VoxelEdit::Everything`] appended and its pooled query handles.
    pub(crate) fn replace_with(&mut self, other: Self) {
        let journal = self.journal.clone();
        let slot = core::mem::take(&mut self.slot);
        *self = other;
        self.journal = journal;
        self.slot = slot;
        self.revision = fresh_revision();
        self.journal.record(self.revision, VoxelEdit::Everything);
    }

    fn record(&mut self, edit: VoxelEdit) {
        // Restore bounds the version by `MAX_VERSION`; saturating keeps any state panic-free.
        self.version = self.version.saturating_add(1);
        self.revision = fresh_revision();
        self.journal.record(self.revision, edit);
        debug_assert_eq!(self.journal.current(), self.revision);
    }

    /// Checks every invariant (see the block above the `impl`); O(chunks). For tests and
    /// fuzzing.
    pub fn check_invariants(&self) -> bool {
        let (x, y, z) = self.size;
        checked_voxel_count(x, y, z).is_ok()
            && self.chunks_x == x.div_ceil(16)
            && self.chunks_y == y.div_ceil(16)
            && self.chunks_z == z.div_ceil(16)
            && self.chunks.len()
                == self.chunks_x as usize * self.chunks_y as usize * self.chunks_z as usize
            && (self.default_area == 0 || self.default_area == WALL)
            && self.revision != 0
            && self.journal.current() == self.revision
            && self.journal.check_invariants()
    }
}

impl PartialEq for VoxelGrid {
    fn eq(&self, other: &Self) -> bool {
        if self.size != other.size
            || self.default_area != other.default_area
            || self.areas != other.areas
            || self.version != other.version
        {
            return false;
        }
        let (sx, sy, sz) = self.size;
        (0..sz).all(|z| {
            (0..sy).all(|y| (0..sx).all(|x| self.area_at(x, y, z) == other.area_at(x, y, z)))
        })
    }
}
