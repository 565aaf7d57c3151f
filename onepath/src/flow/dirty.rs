//! The nodes a flow-field repair must re-examine after an edited rectangle (spec: grids.md,
//! “Flow fields”, “Incremental repair”).

use crate::grid::{Cell, GridRect};
use crate::hex::{HexCoord, HexGrid};

/// The square-grid nodes whose moves or walkability an edit of `rect` can change, for agents
/// of side `agent_size` (at least 1): the rectangle grown by one cell on every side and, for
/// agents wider than one cell, further up and left by `agent_size − 1` (an agent standing
/// there covers the edited cells), clipped to the `width × height` grid. For one cell and size
/// 1 this is the 3 × 3 block around it.
///
/// A move reads the two position cells, the cells beside a diagonal move and the blocks the
/// agent occupies at both ends, all within one cell of both ends; walkability for size `s`
/// reads the block starting at the node. So both ends of every changed move, and every node
/// whose walkability changed, are in the set.
///
/// # Complexity
///
/// O(1) to build; yields (w + s + 1) · (h + s + 1) nodes at most.
///
/// # Examples
///
/// ```
/// use onepath::flow::square_dirty_nodes;
/// use onepath::grid::GridRect;
/// let around: Vec<u32> = square_dirty_nodes(4, 4, GridRect::cell(0, 0), 1).collect();
/// assert_eq!(around, [0, 1, 4, 5]); // the 3 × 3 block, clipped at the corner
/// ```
pub fn square_dirty_nodes(
    width: u32,
    height: u32,
    rect: GridRect,
    agent_size: u8,
) -> impl Iterator<Item = u32> {
    let s = u64::from(agent_size.max(1));
    let x0 = u64::from(rect.x).saturating_sub(s);
    let y0 = u64::from(rect.y).saturating_sub(s);
    let x1 = (u64::from(rect.x) + u64::from(rect.width)).min(u64::from(width)); // exclusive
    let y1 = (u64::from(rect.y) + u64::from(rect.height)).min(u64::from(height));
    // Inclusive right/bottom edge: one cell past the rectangle.
    let x1 = (x1 + 1).min(u64::from(width));
    let y1 = (y1 + 1).min(u64::from(height));
    let w = u64::from(width);
    (y0..y1).flat_map(move |y| (x0..x1).map(move |x| (y * w + x) as u32))
}

/// The hex-grid nodes an edit of `rect` can affect: every cell of the rectangle and its six
/// neighbours (a hex move reads only its two cells). Cells may repeat.
///
/// # Complexity
///
/// Yields 7 · w · h nodes at most.
///
/// # Examples
///
/// ```
/// use onepath::flow::hex_dirty_nodes;
/// use onepath::grid::GridRect;
/// use onepath::{HexGrid, HexLayout};
/// let grid = HexGrid::new(3, 3, HexLayout::PointyOddRow).unwrap();
/// let mut around: Vec<u32> = hex_dirty_nodes(&grid, GridRect::cell(1, 1)).collect();
/// around.sort_unstable();
/// assert_eq!(around, [1, 2, 3, 4, 5, 7, 8]); // the centre and its six neighbours
/// ```
pub fn hex_dirty_nodes(grid: &HexGrid, rect: GridRect) -> impl Iterator<Item = u32> + '_ {
    let x1 = rect.right().min(grid.width());
    let y1 = rect.bottom().min(grid.height());
    (rect.y..y1).flat_map(move |y| {
        (rect.x..x1).flat_map(move |x| {
            let cell = Cell::new(x as i32, y as i32);
            let axial = grid.to_axial(cell);
            let centre = grid.index_of(cell);
            centre
                .into_iter()
                .chain(
                    HexCoord::DIRECTIONS
                        .into_iter()
                        .filter_map(move |(dq, dr)| {
                            grid.index_of(grid.to_offset(HexCoord::new(axial.q + dq, axial.r + dr)))
                        }),
                )
        })
    })
}
