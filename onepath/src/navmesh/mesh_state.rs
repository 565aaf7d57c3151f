//! Snapshot kind 16: a [`NavMesh`] as its inputs (docs/navmesh.md §9,
//! `docs/snapshot-format.md`, "Kind 16").
//!
//! Payload, little-endian: width u32, height u32, cell size f64, origin x f64, origin y f64,
//! agent radius f64 (never `-0.0`), tile size u32, area u8, the walkability bits
//! (`ceil(width · height / 8)` bytes: cell `i = x + y · width` is bit `i % 8` of byte `i / 8`,
//! the padding bits zero), the mesh's content hash u64. The header's map hash is the same
//! content hash.
//!
//! Restore checks the frame and every field, bakes the carried inputs into a new mesh and
//! accepts it only when its content hash equals the carried one; so an accepted snapshot is
//! exactly the mesh that was saved, polygons and links included. A refusal leaves the target
//! untouched. Restore costs one bake and allocates.

use super::erosion::walkable;
use super::mesh::NavMesh;
use super::settings::NavSettings;
use crate::grid::GridSpace;
use crate::grid::cell_store::checked_cell_count;
use crate::state::codec::{HEADER_LEN, Reader, invalid, read_frame, write_frame};
use crate::state::{KIND_NAVMESH, StateError, size_bound};
use alloc::vec::Vec;

/// Fixed payload bytes: width, height, three f64 of the space, radius, tile size, area, hash.
const FIXED: usize = 4 + 4 + 3 * 8 + 8 + 4 + 1 + 8;

impl NavMesh {
    /// Bytes [`save_state`](NavMesh::save_state) writes: `28 + 53 + ceil(width · height / 8)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let mesh = NavMesh::build_2d(&Grid::new(10, 4).unwrap(), &NavSettings::DEFAULT).unwrap();
    /// assert_eq!(mesh.state_size(), 28 + 53 + 5);
    /// ```
    pub fn state_size(&self) -> usize {
        Self::max_state_size(self.width, self.height)
    }

    /// The size of every kind-16 snapshot of a `width × height` mesh (edits never change it):
    /// `28 + 53 + ceil(width · height / 8)` bytes, saturating for sizes no grid has.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::NavMesh;
    /// assert_eq!(NavMesh::max_state_size(512, 512), 28 + 53 + 32_768);
    /// ```
    pub fn max_state_size(width: u32, height: u32) -> usize {
        let cells = u64::from(width) * u64::from(height);
        let bits = usize::try_from(cells.div_ceil(8)).unwrap_or(usize::MAX);
        size_bound::sum([HEADER_LEN, FIXED, bits])
    }

    /// Writes the mesh's snapshot (kind 16, docs/navmesh.md §9) into `out`, replacing its
    /// contents: exactly [`state_size`](NavMesh::state_size) bytes. Allocates nothing when
    /// `out` has that capacity (e.g. a `Vec::with_capacity(NavMesh::max_state_size(w, h))`
    /// kept across ticks).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let grid = Grid::from_text("...\n.#.").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_tile_size(8)).unwrap();
    /// let mut bytes = Vec::new();
    /// mesh.save_state(&mut bytes);
    /// assert_eq!(bytes.len(), mesh.state_size());
    /// let copy = NavMesh::from_state(&bytes).unwrap(); // e.g. a late-joining peer
    /// assert_eq!(copy.content_hash(), mesh.content_hash());
    /// ```
    pub fn save_state(&self, out: &mut Vec<u8>) {
        let size = self.state_size();
        out.clear();
        out.resize(size, 0);
        let hash = self.content_hash();
        let n = self.cell_poly.len();
        let written = write_frame(out, KIND_NAVMESH, hash, size - HEADER_LEN, |w| {
            w.u32(self.width);
            w.u32(self.height);
            w.f64(self.space.cell_size());
            w.f64(self.space.origin().x);
            w.f64(self.space.origin().y);
            w.f64(self.settings.agent_radius);
            w.u32(self.settings.tile_size);
            w.u8(self.settings.area);
            for byte in 0..n.div_ceil(8) {
                let mut b = 0u8;
                for bit in 0..8 {
                    let i = byte * 8 + bit;
                    b |= u8::from(i < n && walkable(&self.walk, i)) << bit;
                }
                w.u8(b);
            }
            w.u64(hash);
        });
        debug_assert_eq!(written, Ok(size));
    }

    /// Replaces this mesh with the one a kind-16 snapshot carries (docs/navmesh.md §9): checks
    /// the frame and every field, bakes the carried inputs and accepts the result only when
    /// its content hash equals the carried hash. The restored mesh follows no grid (revision
    /// 0): its first [`refresh`](NavMesh::refresh) re-bakes everything. On any error the mesh
    /// is left untouched.
    ///
    /// # Errors
    ///
    /// Any frame error (magic, version, kind, length, checksum);
    /// [`StateError::InvalidField`] naming `navmesh.size`, `navmesh.space`,
    /// `navmesh.agent_radius`, `navmesh.tile_size`, `navmesh.walkability` (padding bits set)
    /// or `navmesh.payload_length`; [`StateError::MapMismatch`] when the header's hash and the
    /// carried hash differ, or the bake of the carried inputs has another hash.
    ///
    /// # Complexity
    ///
    /// One bake ([`NavMesh::build_2d`]); allocates the new mesh.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::StateError;
    /// use onepath::{Cell, Grid, NavMesh, NavSettings};
    /// let mut grid = Grid::new(12, 12).unwrap();
    /// let mut mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// let mut saved = Vec::new();
    /// mesh.save_state(&mut saved);
    /// grid.set_walkable(Cell::new(5, 5), false).unwrap();
    /// mesh.refresh(&grid).unwrap();
    /// let edited = mesh.content_hash();
    /// mesh.restore_state(&saved).unwrap(); // roll back
    /// assert_ne!(mesh.content_hash(), edited);
    /// saved[40] ^= 1; // damaged bytes are refused; the mesh is unchanged
    /// assert_eq!(mesh.restore_state(&saved), Err(StateError::ChecksumMismatch));
    /// ```
    pub fn restore_state(&mut self, bytes: &[u8]) -> Result<(), StateError> {
        *self = Self::from_state(bytes)?;
        Ok(())
    }

    /// A new mesh from a kind-16 snapshot (see [`restore_state`](NavMesh::restore_state)).
    ///
    /// # Errors
    ///
    /// As [`restore_state`](NavMesh::restore_state).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavMesh, NavSettings};
    /// let mesh = NavMesh::build_2d(&Grid::new(4, 4).unwrap(), &NavSettings::DEFAULT).unwrap();
    /// let mut bytes = Vec::new();
    /// mesh.save_state(&mut bytes);
    /// assert!(NavMesh::from_state(&bytes[..30]).is_err());
    /// assert_eq!(NavMesh::from_state(&bytes).unwrap().poly_count(), 1);
    /// ```
    pub fn from_state(bytes: &[u8]) -> Result<Self, StateError> {
        let frame = read_frame(bytes, KIND_NAVMESH)?;
        let mut r = Reader::new(frame.payload);
        let (width, height) = (r.u32()?, r.u32()?);
        let n = checked_cell_count(width, height).map_err(|_| invalid("navmesh.size"))?;
        let (size, ox, oy) = (r.f64()?, r.f64()?, r.f64()?);
        let space = GridSpace::new(ox, oy, size)
            .and_then(|s| s.check_extent(width, height).map(|()| s))
            .map_err(|_| invalid("navmesh.space"))?;
        let radius = r.f64()?;
        let settings = NavSettings {
            agent_radius: radius,
            tile_size: r.u32()?,
            area: r.u8()?,
        };
        if radius.to_bits() == (-0.0f64).to_bits() {
            return Err(invalid("navmesh.agent_radius"));
        }
        let (q, k) = settings.check(size).map_err(|e| match e {
            super::NavError::InvalidTileSize { .. } => invalid("navmesh.tile_size"),
            _ => invalid("navmesh.agent_radius"),
        })?;
        if r.remaining() != n.div_ceil(8) + 8 {
            return Err(invalid("navmesh.payload_length"));
        }
        let bits = r.bytes(n.div_ceil(8))?;
        if n % 8 != 0 && bits[n / 8] >> (n % 8) != 0 {
            return Err(invalid("navmesh.walkability"));
        }
        let carried = r.u64()?;
        r.finish("navmesh.payload_length")?;
        if carried != frame.map_hash {
            return Err(StateError::MapMismatch {
                expected: carried,
                found: frame.map_hash,
            });
        }
        let mut walk = alloc::vec![0u64; n.div_ceil(64)];
        for (i, &b) in bits.iter().enumerate() {
            walk[i / 8] |= u64::from(b) << ((i % 8) * 8);
        }
        let mesh = Self::bake((width, height), space, &settings, (q, k), walk, 0);
        let baked = mesh.content_hash();
        if baked != carried {
            return Err(StateError::MapMismatch {
                expected: baked,
                found: carried,
            });
        }
        Ok(mesh)
    }
}
