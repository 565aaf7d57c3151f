//! Which nodes a grid edit makes a replanner re-examine, and following a grid's edit journal
//! (spec: grids.md, “Incremental replanning”, “Changes”), tier 2.
//!
//! # Square grids
//!
//! An edit of the rectangle `[x, x + w) × [y, y + h)` for an agent of size `s` re-examines the
//! cells `[x − s, x + w] × [y − s, y + h]` (inclusive, clipped to the grid). Why that is
//! enough: a move between two nodes reads the two nodes' areas, the cells beside a diagonal
//! move, and the `s × s` blocks both nodes occupy — all within one cell of both nodes — and
//! whether a node is walkable for size `s` reads the block starting at it, which reaches `s −
//! 1` cells right and down. So every node whose walkability or any of whose moves changed lies
//! in the set, both ends of every changed move included, and recomputing `rhs` there is
//! complete.
//!
//! # Hex grids
//!
//! The changed cells and their neighbours: a hex neighbour in offset coordinates is at most one
//! column and one row away, so the rectangle widened by one cell on every side (clipped) holds
//! them (re-examining a node nothing changed around leaves it as it was).
//!
//! # Large changes
//!
//! A change whose node set holds more than a quarter of the cells restarts the search instead
//! (repairing would cost more than searching again); so does a change the journal cannot
//! describe ([`EditsSince::Rebuild`], `GridEdit::Everything`). A change of an area multiplier
//! rebuilds: the heuristic's scale is the smallest multiplier, so the caller gives the search a
//! new heuristic ([`JournalOutcome::Rebuild`]).

use super::search::ReplanSearch;
use crate::grid::{EditsSince, Grid, GridEdit, GridRect};
use crate::hex::HexGrid;
use crate::topology::{Heuristic, StepCost};

/// What following the journal did.
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::replan::{JournalOutcome, ReplanSearch, ReplanVariant, follow_square_journal};
/// use onepath::search::Step;
/// use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
/// use onepath::{Cell, Connectivity, DiagonalRule, Grid};
/// let mut grid = Grid::new(20, 10).unwrap();
/// let mut search = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(20, 1.0));
/// let mut seen = grid.revision();
/// let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
/// search.try_begin(&topo, 100, 119); // (0, 5) to (19, 5)
/// search.run(&topo);
/// assert_eq!(follow_square_journal(&mut search, &grid, &mut seen, 1), JournalOutcome::Current);
/// grid.set_walkable(Cell::new(10, 5), false).unwrap();
/// assert!(matches!(follow_square_journal(&mut search, &grid, &mut seen, 1), JournalOutcome::Marked(_)));
/// let topo = SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap();
/// assert_eq!(search.run(&topo), Step::Found);
/// assert_eq!(search.cost(), 21.0);
/// ```
#[must_use = "Rebuild asks the caller to give the search a new heuristic (the smallest multiplier changed)"]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JournalOutcome {
    /// Nothing changed since the revision seen.
    Current,
    /// Cell edits were turned into nodes to re-examine (the count, duplicates included).
    Marked(u32),
    /// The change was too large or could not be described: the search begins again.
    Restarted,
    /// An area multiplier changed (or everything did): the search begins again, and the caller
    /// must rebuild the heuristic, whose scale is the smallest multiplier.
    Rebuild,
}

/// The inclusive node rectangle `[x − s, x + w] × [y − s, y + h]` of a square edit, clipped
/// to a `width × height` grid: `(x0, y0, x1, y1)`.
///
/// # Examples
///
/// ```
/// use onepath::grid::GridRect;
/// use onepath::replan::square_change_region;
/// assert_eq!(square_change_region(GridRect::cell(5, 5), 1, 10, 10), (4, 4, 6, 6));
/// assert_eq!(square_change_region(GridRect::cell(0, 9), 1, 10, 10), (0, 8, 1, 9)); // clipped
/// ```
pub fn square_change_region(
    rect: GridRect,
    agent_size: u8,
    width: u32,
    height: u32,
) -> (u32, u32, u32, u32) {
    let s = u32::from(agent_size);
    let x0 = rect.x.saturating_sub(s);
    let y0 = rect.y.saturating_sub(s);
    let x1 = rect.right().min(width.saturating_sub(1));
    let y1 = rect.bottom().min(height.saturating_sub(1));
    (x0, y0, x1, y1)
}

/// The inclusive node rectangle of a hex edit (the rectangle widened by one, clipped).
///
/// # Examples
///
/// ```
/// use onepath::grid::GridRect;
/// use onepath::replan::hex_change_region;
/// assert_eq!(hex_change_region(GridRect::cell(5, 5), 10, 10), (4, 4, 6, 6)); // the cell and its neighbours
/// ```
pub fn hex_change_region(rect: GridRect, width: u32, height: u32) -> (u32, u32, u32, u32) {
    (
        rect.x.saturating_sub(1),
        rect.y.saturating_sub(1),
        rect.right().min(width.saturating_sub(1)),
        rect.bottom().min(height.saturating_sub(1)),
    )
}

/// Marks every node of an inclusive region, or restarts when it holds more than a quarter of
/// the `width × height` cells. Returns the nodes marked (0 on a restart).
fn mark_region<C: StepCost, H: Heuristic>(
    search: &mut ReplanSearch<C, H>,
    (x0, y0, x1, y1): (u32, u32, u32, u32),
    width: u32,
    height: u32,
) -> Option<u32> {
    if x0 > x1 || y0 > y1 {
        return Some(0);
    }
    let area = u64::from(x1 - x0 + 1) * u64::from(y1 - y0 + 1);
    if area * 4 > u64::from(width) * u64::from(height) {
        search.request_restart();
        return None;
    }
    for y in y0..=y1 {
        for x in x0..=x1 {
            search.mark_changed(y * width + x);
        }
    }
    Some(area as u32)
}

/// Tells `search` about an edit of `rect` on a square grid of `width × height` cells for
/// agents of side `agent_size` (the node set of the module docs). Returns whether it was
/// marked (`false`: it restarted the search instead).
///
/// # Examples
///
/// ```
/// use onepath::grid::{GridRect, SquareTopology};
/// use onepath::replan::{ReplanSearch, ReplanVariant, mark_square_edit};
/// use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
/// use onepath::{Cell, Connectivity, DiagonalRule, Grid};
/// let mut grid = Grid::new(20, 10).unwrap();
/// let rule = DiagonalRule::NoCornerCutting;
/// let mut s = ReplanSearch::new(ReplanVariant::LpaStar, DefaultStepCost, ManhattanHeuristic::new(20, 1.0));
/// s.try_begin(&SquareTopology::new(&grid, 1, Connectivity::Four, rule).unwrap(), 100, 119);
/// s.run(&SquareTopology::new(&grid, 1, Connectivity::Four, rule).unwrap());
/// grid.set_walkable(Cell::new(10, 5), false).unwrap();
/// assert!(mark_square_edit(&mut s, GridRect::cell(10, 5), 1, 20, 10)); // marked, not restarted
/// s.run(&SquareTopology::new(&grid, 1, Connectivity::Four, rule).unwrap());
/// assert_eq!(s.cost(), 21.0);
/// ```
pub fn mark_square_edit<C: StepCost, H: Heuristic>(
    search: &mut ReplanSearch<C, H>,
    rect: GridRect,
    agent_size: u8,
    width: u32,
    height: u32,
) -> bool {
    let region = square_change_region(rect, agent_size, width, height);
    mark_region(search, region, width, height).is_some()
}

/// Tells `search` about an edit of `rect` on a hex grid (the module docs). Returns whether it
/// was marked (`false`: it restarted the search instead).
pub fn mark_hex_edit<C: StepCost, H: Heuristic>(
    search: &mut ReplanSearch<C, H>,
    rect: GridRect,
    width: u32,
    height: u32,
) -> bool {
    let region = hex_change_region(rect, width, height);
    mark_region(search, region, width, height).is_some()
}

/// Follows the journal of a cell space from `*seen` to `current`, marking with `mark`, and
/// stores `current` in `*seen`.
fn follow<C: StepCost, H: Heuristic>(
    search: &mut ReplanSearch<C, H>,
    edits: EditsSince<'_>,
    seen: &mut u64,
    current: u64,
    mut mark: impl FnMut(&mut ReplanSearch<C, H>, GridRect) -> Option<u32>,
) -> JournalOutcome {
    if *seen == current {
        return JournalOutcome::Current;
    }
    *seen = current;
    let EditsSince::Edits(edits) = edits else {
        search.request_restart();
        return JournalOutcome::Rebuild;
    };
    let mut marked = 0u32;
    let mut restarted = false;
    for edit in edits {
        match edit {
            GridEdit::Cells(rect) => {
                if restarted {
                    continue;
                }
                match mark(search, rect) {
                    Some(n) => marked = marked.saturating_add(n),
                    None => restarted = true,
                }
            }
            GridEdit::AreaCosts | GridEdit::Everything => {
                search.request_restart();
                return JournalOutcome::Rebuild;
            }
        }
    }
    if restarted {
        JournalOutcome::Restarted
    } else {
        JournalOutcome::Marked(marked)
    }
}

/// The nodes `search` would hold pending after [`follow`] read `edits` (from revision `seen`
/// to `current`) with the node regions `region` of a `width × height` map — computed without
/// changing anything, by [`follow`]'s own rules: nothing changes while the search is idle or
/// the revision is current; a change the journal cannot describe, an area multiplier, or a
/// region above a quarter of the cells restarts (no pending node); a region's nodes are
/// appended, and more pending nodes than the search has restart it. This is what lets a
/// tier-1 replanner's `state_size` take `&self`.
fn pending_after<C: StepCost, H: Heuristic>(
    search: &ReplanSearch<C, H>,
    edits: EditsSince<'_>,
    (seen, current): (u64, u64),
    region: impl Fn(GridRect) -> (u32, u32, u32, u32),
    (width, height): (u32, u32),
) -> usize {
    if seen == current || search.root == crate::search::NO_NODE {
        return search.pending.len();
    }
    let EditsSince::Edits(edits) = edits else {
        return 0;
    };
    let cap = search.node_count as usize;
    // `None`: restarted (a restart drops every pending node and ignores later marks).
    let mut pending = (!search.restart_pending).then_some(search.pending.len());
    let mut restarted = false;
    for edit in edits {
        match edit {
            GridEdit::Cells(rect) => {
                let (x0, y0, x1, y1) = region(rect);
                if restarted || x0 > x1 || y0 > y1 {
                    continue;
                }
                let area = u64::from(x1 - x0 + 1) * u64::from(y1 - y0 + 1);
                if area * 4 > u64::from(width) * u64::from(height) {
                    restarted = true;
                    pending = None;
                    continue;
                }
                pending = pending
                    .map(|p| p.saturating_add(area as usize))
                    .filter(|&p| p <= cap);
            }
            GridEdit::AreaCosts | GridEdit::Everything => return 0,
        }
    }
    pending.unwrap_or(0)
}

/// What [`follow_square_journal`] would leave pending in `search` (see [`pending_after`]),
/// without changing anything.
pub(crate) fn pending_after_square<C: StepCost, H: Heuristic>(
    search: &ReplanSearch<C, H>,
    grid: &Grid,
    seen: u64,
    agent_size: u8,
) -> usize {
    let (w, h) = (grid.width(), grid.height());
    pending_after(
        search,
        grid.edits_since(seen),
        (seen, grid.revision()),
        |rect| square_change_region(rect, agent_size, w, h),
        (w, h),
    )
}

/// What [`follow_hex_journal`] would leave pending in `search`, without changing anything.
pub(crate) fn pending_after_hex<C: StepCost, H: Heuristic>(
    search: &ReplanSearch<C, H>,
    grid: &HexGrid,
    seen: u64,
) -> usize {
    let (w, h) = (grid.width(), grid.height());
    pending_after(
        search,
        grid.edits_since(seen),
        (seen, grid.revision()),
        |rect| hex_change_region(rect, w, h),
        (w, h),
    )
}

/// Brings `search` up to date with `grid`'s edits after revision `*seen` (pull: the grid's
/// journal, no listeners) for agents of side `agent_size`, and stores the grid's revision in
/// `*seen`. See [`JournalOutcome`] for what the caller does next.
///
/// # Complexity
///
/// O(edits + nodes marked).
///
/// # Examples
///
/// ```
/// use onepath::grid::SquareTopology;
/// use onepath::replan::{JournalOutcome, ReplanSearch, ReplanVariant, follow_square_journal};
/// use onepath::topology::{DefaultStepCost, ManhattanHeuristic};
/// use onepath::{Connectivity, DiagonalRule, Grid};
/// let mut grid = Grid::new(8, 8).unwrap();
/// let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, ManhattanHeuristic::new(8, 1.0));
/// let mut seen = grid.revision();
/// s.try_begin(&SquareTopology::new(&grid, 1, Connectivity::Four, DiagonalRule::NoCornerCutting).unwrap(), 0, 63);
/// grid.set_area_cost(0, 2.0).unwrap(); // every cell dearer: the heuristic's scale changes
/// assert_eq!(follow_square_journal(&mut s, &grid, &mut seen, 1), JournalOutcome::Rebuild);
/// assert_eq!(seen, grid.revision());
/// ```
pub fn follow_square_journal<C: StepCost, H: Heuristic>(
    search: &mut ReplanSearch<C, H>,
    grid: &Grid,
    seen: &mut u64,
    agent_size: u8,
) -> JournalOutcome {
    let (w, h) = (grid.width(), grid.height());
    follow(
        search,
        grid.edits_since(*seen),
        seen,
        grid.revision(),
        |s, rect| mark_region(s, square_change_region(rect, agent_size, w, h), w, h),
    )
}

/// As [`follow_square_journal`] for a hex grid.
///
/// # Examples
///
/// ```
/// use onepath::hex::{HexDistanceHeuristic, HexTopology};
/// use onepath::replan::{JournalOutcome, ReplanSearch, ReplanVariant, follow_hex_journal};
/// use onepath::topology::DefaultStepCost;
/// use onepath::{Cell, HexGrid, HexLayout};
/// let mut grid = HexGrid::new(20, 20, HexLayout::PointyOddRow).unwrap();
/// let h = HexDistanceHeuristic::new(20, HexLayout::PointyOddRow, 1.0);
/// let mut s = ReplanSearch::new(ReplanVariant::DStarLite, DefaultStepCost, h);
/// let mut seen = grid.revision();
/// s.try_begin(&HexTopology::new(&grid), 0, 399);
/// s.run(&HexTopology::new(&grid));
/// grid.set_area(Cell::new(10, 10), 255).unwrap();
/// assert!(matches!(follow_hex_journal(&mut s, &grid, &mut seen), JournalOutcome::Marked(_)));
/// ```
pub fn follow_hex_journal<C: StepCost, H: Heuristic>(
    search: &mut ReplanSearch<C, H>,
    grid: &HexGrid,
    seen: &mut u64,
) -> JournalOutcome {
    let (w, h) = (grid.width(), grid.height());
    follow(
        search,
        grid.edits_since(*seen),
        seen,
        grid.revision(),
        |s, rect| mark_region(s, hex_change_region(rect, w, h), w, h),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_region_widens_up_left_by_the_agent_size_and_one_right_down() {
        let r = GridRect::cell(5, 5);
        assert_eq!(square_change_region(r, 1, 10, 10), (4, 4, 6, 6));
        assert_eq!(square_change_region(r, 3, 10, 10), (2, 2, 6, 6));
        let corner = GridRect::cell(0, 9);
        assert_eq!(square_change_region(corner, 2, 10, 10), (0, 7, 1, 9));
        let wide = GridRect {
            x: 2,
            y: 3,
            width: 4,
            height: 2,
        };
        assert_eq!(square_change_region(wide, 1, 10, 10), (1, 2, 6, 5));
    }

    #[test]
    fn hex_region_is_the_cells_and_their_neighbours() {
        assert_eq!(hex_change_region(GridRect::cell(0, 0), 4, 4), (0, 0, 1, 1));
        assert_eq!(hex_change_region(GridRect::cell(3, 2), 4, 4), (2, 1, 3, 3));
    }
}
