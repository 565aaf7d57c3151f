//! Snapshot kind 14: a [`HexGrid`] (size, layout, version, world mapping, area multipliers,
//! cells), the hex counterpart of kind 1 (`grid/grid_state.rs`), so a rollback host restores
//! the map together with the searches that run on it. The header's map hash is
//! [`HexGrid::content_hash`] (our addition to the spec) and must equal the hash of the
//! decoded contents.

use super::hex_grid::{HexGrid, RestoredParts};
use super::layout::HexLayout;
use super::space::HexSpace;
use crate::grid::cell_store::checked_cell_count;
use crate::grid::{AreaCosts, MAX_VERSION};
use crate::state::codec::{HEADER_LEN, Reader, read_frame, write_frame};
use crate::state::map_hash::{content_hash_of, hex_content_hash_of};
use crate::state::{KIND_HEX_GRID, StateError};

/// Fixed payload bytes before the cells: width, height, layout, version, space (3 × f64),
/// 255 × f64.
const FIXED: usize = 4 + 4 + 1 + 8 + 3 * 8 + 255 * 8;

fn invalid(field: &'static str) -> StateError {
    StateError::InvalidField { field }
}

/// Decodes and validates every field of a kind-14 snapshot, borrowing the cells.
fn decode(bytes: &[u8]) -> Result<RestoredParts<'_>, StateError> {
    let frame = read_frame(bytes, KIND_HEX_GRID)?;
    let mut r = Reader::new(frame.payload);
    let (width, height) = (r.u32()?, r.u32()?);
    let n = checked_cell_count(width, height).map_err(|_| invalid("hex_grid.size"))?;
    let layout = HexLayout::from_code(r.u8()?).ok_or(invalid("hex_grid.layout"))?;
    let version = r.u64()?;
    if version > MAX_VERSION {
        return Err(invalid("hex_grid.version"));
    }
    let (ox, oy, size) = (r.f64()?, r.f64()?, r.f64()?);
    let space = HexSpace::new(ox, oy, size)
        .and_then(|s| s.check_extent(layout, width, height).map(|()| s))
        .map_err(|_| invalid("hex_grid.space"))?;
    let mut areas = AreaCosts::new();
    for a in 0..255u8 {
        areas
            .set(a, r.f64()?)
            .map_err(|_| invalid("hex_grid.area_cost"))?;
    }
    if r.remaining() != n {
        return Err(invalid("hex_grid.cells"));
    }
    let cells = r.bytes(n)?;
    let square = content_hash_of(width, height, cells, areas.as_slice());
    let hash = hex_content_hash_of(square, layout.code());
    if hash != frame.map_hash {
        return Err(StateError::MapMismatch {
            expected: hash,
            found: frame.map_hash,
        });
    }
    Ok(RestoredParts {
        width,
        height,
        layout,
        version,
        space,
        areas,
        cells,
    })
}

impl HexGrid {
    /// Bytes [`save_state`](HexGrid::save_state) writes: 28 + 2,081 + width × height.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexGrid, HexLayout};
    /// let grid = HexGrid::new(10, 4, HexLayout::PointyEvenRow).unwrap();
    /// assert_eq!(grid.state_size(), 28 + 2081 + 40);
    /// ```
    pub fn state_size(&self) -> usize {
        HEADER_LEN + FIXED + self.cells().len()
    }

    /// An upper bound on [`state_size`](HexGrid::state_size) for every state of this grid
    /// reachable by edits: the grid's snapshot depends only on its size, which edits never
    /// change, so the bound is the size itself, `28 + 2,081 + width × height` bytes. A host
    /// sizes its rollback buffer with it once.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(6, 6, HexLayout::FlatEvenColumn).unwrap();
    /// let mut buffer = vec![0u8; grid.max_state_size()]; // once
    /// grid.set_area(Cell::new(2, 2), 7).unwrap();
    /// grid.set_area_cost(7, 3.0).unwrap();
    /// assert!(grid.save_state(&mut buffer).is_ok()); // still enough after edits
    /// ```
    pub fn max_state_size(&self) -> usize {
        self.state_size()
    }

    /// Writes the grid's snapshot (kind 14, `docs/snapshot-format.md`) into `out`: size,
    /// layout, version, world mapping, the 255 area multipliers and the cells, under the
    /// header's map hash [`content_hash`](HexGrid::content_hash). Returns the byte count.
    /// Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](HexGrid::state_size); nothing is written then.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexGrid, HexLayout};
    /// let grid = HexGrid::from_text("..#\n.3.", HexLayout::PointyOddRow).unwrap();
    /// let mut bytes = vec![0u8; grid.state_size()];
    /// assert_eq!(grid.save_state(&mut bytes), Ok(bytes.len()));
    /// let copy = HexGrid::from_state(&bytes).unwrap();
    /// assert_eq!(copy, grid);
    /// assert_eq!(copy.content_hash(), grid.content_hash());
    /// assert!(grid.save_state(&mut bytes[..10]).is_err());
    /// ```
    pub fn save_state(&self, out: &mut [u8]) -> Result<usize, StateError> {
        let (ox, oy, size) = self.space().parts();
        let len = FIXED + self.cells().len();
        write_frame(out, KIND_HEX_GRID, self.content_hash(), len, |w| {
            w.u32(self.width());
            w.u32(self.height());
            w.u8(self.layout().code());
            w.u64(self.version());
            w.f64(ox);
            w.f64(oy);
            w.f64(size);
            for m in self.areas().as_slice() {
                w.f64(*m);
            }
            w.bytes(self.cells());
        })
    }

    /// Replaces this grid with the kind-14 snapshot in `bytes` (size, layout, version, world
    /// mapping, multipliers, cells). Reuses the cell memory when it is large enough, takes a
    /// fresh [`revision`](HexGrid::revision) (dependents see "everything changed") and leaves
    /// the grid unchanged on any error.
    ///
    /// # Errors
    ///
    /// Any [`StateError`]: header, length, checksum, size, layout code, version above 2^53,
    /// world mapping outside the coordinate rule for the size, multipliers, or a map hash
    /// that is not the hash of the decoded contents ([`StateError::MapMismatch`]).
    ///
    /// # Complexity
    ///
    /// O(cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::StateError;
    /// use onepath::{Cell, HexGrid, HexLayout};
    /// let mut grid = HexGrid::new(5, 5, HexLayout::PointyOddRow).unwrap();
    /// let mut saved = vec![0u8; grid.max_state_size()];
    /// grid.save_state(&mut saved).unwrap();
    /// grid.set_rect(0, 2, 4, 1, 255).unwrap(); // the simulation moves on…
    /// grid.restore_state(&saved).unwrap(); // …and rolls back
    /// assert_eq!(grid, HexGrid::new(5, 5, HexLayout::PointyOddRow).unwrap());
    /// // Damaged bytes are refused and leave the grid as it was.
    /// grid.set_walkable(Cell::new(0, 0), false).unwrap();
    /// let before = grid.clone();
    /// saved[40] ^= 1;
    /// assert_eq!(grid.restore_state(&saved), Err(StateError::ChecksumMismatch));
    /// assert_eq!(grid, before);
    /// ```
    pub fn restore_state(&mut self, bytes: &[u8]) -> Result<(), StateError> {
        let parts = decode(bytes)?;
        self.restore_parts(parts);
        Ok(())
    }

    /// A new hex grid from a kind-14 snapshot (allocates).
    ///
    /// # Errors
    ///
    /// As [`restore_state`](HexGrid::restore_state).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{HexGrid, HexLayout};
    /// let grid = HexGrid::from_text(".1\n#.", HexLayout::FlatEvenColumn).unwrap();
    /// let mut bytes = vec![0u8; grid.state_size()];
    /// grid.save_state(&mut bytes).unwrap();
    /// assert_eq!(HexGrid::from_state(&bytes).unwrap(), grid);
    /// assert!(HexGrid::from_state(&bytes[..30]).is_err());
    /// ```
    pub fn from_state(bytes: &[u8]) -> Result<HexGrid, StateError> {
        let parts = decode(bytes)?;
        let mut g = HexGrid::from_areas(
            parts.width,
            parts.height,
            parts.layout,
            parts.cells.to_vec(),
        )
        .map_err(|_| invalid("hex_grid.size"))?;
        g.restore_parts(parts);
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use alloc::vec;

    fn saved(g: &HexGrid) -> alloc::vec::Vec<u8> {
        let mut b = vec![0u8; g.state_size()];
        assert_eq!(g.save_state(&mut b), Ok(b.len()));
        b
    }

    #[test]
    fn round_trip_keeps_every_field() {
        for layout in HexLayout::ALL {
            let mut g = HexGrid::from_text(".2#.\n..1.\n#...", layout).unwrap();
            g.set_area_cost(2, 4.5).unwrap();
            g.set_space(HexSpace::new(3.0, -2.0, 0.5).unwrap()).unwrap();
            g.set_walkable(Cell::new(3, 2), false).unwrap();
            let b = saved(&g);
            let copy = HexGrid::from_state(&b).unwrap();
            assert_eq!(copy, g);
            assert_eq!((copy.layout(), copy.version()), (layout, g.version()));
            let mut other = HexGrid::new(9, 1, HexLayout::PointyOddRow).unwrap();
            let revision = other.revision();
            other.restore_state(&b).unwrap();
            assert_eq!(other, g);
            assert_ne!(other.revision(), revision);
            assert!(other.store_invariants());
        }
    }

    /// Every field is checked: a damaged field with a repaired checksum and hash is refused by
    /// name, and the grid is unchanged.
    #[test]
    fn damaged_fields_are_refused_by_name() {
        let g = HexGrid::from_text("..\n.#", HexLayout::PointyOddRow).unwrap();
        let good = saved(&g);
        let payload = |b: &[u8]| b[HEADER_LEN..].to_vec();
        let reframe = |p: &[u8], hash: u64| {
            let mut out = vec![0u8; HEADER_LEN + p.len()];
            write_frame(&mut out, KIND_HEX_GRID, hash, p.len(), |w| w.bytes(p)).unwrap();
            out
        };
        let hash = g.content_hash();
        let cases: [(usize, u8, &str); 4] = [
            (8, 4, "hex_grid.layout"),
            (0, 0, "hex_grid.size"),
            (17 + 16 + 7, 0x7f, "hex_grid.space"),
            (17 + 24 + 7, 0xff, "hex_grid.area_cost"),
        ];
        for (at, value, field) in cases {
            let mut p = payload(&good);
            if at == 0 {
                p[..4].copy_from_slice(&0u32.to_le_bytes());
            } else {
                p[at] = value;
            }
            let mut target = HexGrid::new(3, 3, HexLayout::FlatOddColumn).unwrap();
            let before = target.clone();
            assert_eq!(
                target.restore_state(&reframe(&p, hash)),
                Err(StateError::InvalidField { field }),
                "{field}"
            );
            assert_eq!(target, before);
        }
        let mut p = payload(&good);
        p[9..17].copy_from_slice(&(MAX_VERSION + 1).to_le_bytes());
        assert_eq!(
            HexGrid::from_state(&reframe(&p, hash)),
            Err(StateError::InvalidField {
                field: "hex_grid.version"
            })
        );
        // Cells that do not hash to the header's hash.
        let mut p = payload(&good);
        *p.last_mut().unwrap() = 0;
        assert!(matches!(
            HexGrid::from_state(&reframe(&p, hash)),
            Err(StateError::MapMismatch { .. })
        ));
        // Another layout under the same cells is another map.
        let mut p = payload(&good);
        p[8] = 1;
        assert!(matches!(
            HexGrid::from_state(&reframe(&p, hash)),
            Err(StateError::MapMismatch { .. })
        ));
        p.pop();
        assert_eq!(
            HexGrid::from_state(&reframe(&p, hash)),
            Err(StateError::InvalidField {
                field: "hex_grid.cells"
            })
        );
    }

    /// The hex hash is the two-word digest of the square hash and the layout code (the
    /// definition `HexGrid::content_hash` documents), cached with the square hash.
    #[test]
    fn content_hash_follows_its_definition() {
        let mut seen = alloc::vec::Vec::new();
        for layout in HexLayout::ALL {
            let g = HexGrid::from_text(".#.\n1..", layout).unwrap();
            let square = crate::Grid::from_text(".#.\n1..").unwrap().content_hash();
            assert_eq!(g.content_hash(), hex_content_hash_of(square, layout.code()));
            assert_ne!(g.content_hash(), square);
            seen.push(g.content_hash());
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 4);
        // A known answer, so the definition cannot drift unnoticed.
        assert_eq!(
            HexGrid::new(1, 1, HexLayout::PointyOddRow)
                .unwrap()
                .content_hash(),
            KNOWN_1X1
        );
    }

    /// Computed outside the crate from the definition (a transcription in Python).
    const KNOWN_1X1: u64 = 11_072_509_952_987_564_574;
}
