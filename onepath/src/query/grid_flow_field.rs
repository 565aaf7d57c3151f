//! [`GridFlowField`]: the tier-1 flow field of a square or hex grid (spec: grids.md, “Flow
//! fields (many agents, one goal set)”), created by [`Grid::create_flow_field`] and
//! [`HexGrid::create_flow_field`].

use alloc::vec::Vec;

use super::options::GridOptions;
use crate::error::QueryError;
use crate::flow::{FlowField, FlowStep, NO_NEXT, hex_dirty_nodes, square_dirty_nodes};
use crate::grid::{
    Cell, ClearanceMap, Connectivity, DiagonalRule, EditsSince, Grid, GridEdit, SquareTopology,
};
use crate::hex::{HexGrid, HexLayout, HexSpace, HexTopology};
use crate::math::sqrt;
use crate::topology::DefaultStepCost;

/// A map a [`GridFlowField`] can follow: [`Grid`] or [`HexGrid`] (sealed).
///
/// # Examples
///
/// ```
/// use onepath::query::FlowMap;
/// use onepath::{Cell, Grid, GridOptions, HexGrid, HexLayout};
/// // One function for both kinds of map.
/// fn settle(field: &mut onepath::GridFlowField, map: &impl FlowMap) -> u32 {
///     field.run(map).unwrap();
///     field.settled()
/// }
/// let square = Grid::new(3, 3).unwrap();
/// let hex = HexGrid::new(3, 3, HexLayout::PointyOddRow).unwrap();
/// let o = GridOptions::DEFAULT.with_iteration_budget(0);
/// assert_eq!(settle(&mut square.create_flow_field(&[Cell::new(0, 0)], &o).unwrap(), &square), 9);
/// assert_eq!(settle(&mut hex.create_flow_field(&[Cell::new(0, 0)], &o).unwrap(), &hex), 9);
/// ```
pub trait FlowMap: sealed::Sealed {
    #[doc(hidden)]
    fn flow_map(&self) -> MapRef<'_>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::grid::Grid {}
    impl Sealed for crate::hex::HexGrid {}
}

/// The two kinds of map, as the handle sees them.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub enum MapRef<'a> {
    /// A square grid.
    Square(&'a Grid),
    /// A hex grid.
    Hex(&'a HexGrid),
}

impl FlowMap for Grid {
    fn flow_map(&self) -> MapRef<'_> {
        MapRef::Square(self)
    }
}

impl FlowMap for HexGrid {
    fn flow_map(&self) -> MapRef<'_> {
        MapRef::Hex(self)
    }
}

impl MapRef<'_> {
    pub(super) fn size(self) -> (u32, u32) {
        match self {
            Self::Square(g) => (g.width(), g.height()),
            Self::Hex(g) => (g.width(), g.height()),
        }
    }

    pub(super) fn revision(self) -> u64 {
        match self {
            Self::Square(g) => g.revision(),
            Self::Hex(g) => g.revision(),
        }
    }

    pub(super) fn version(self) -> u64 {
        match self {
            Self::Square(g) => g.version(),
            Self::Hex(g) => g.version(),
        }
    }
}

/// How the field moves: the square grid's options or the hex layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FlowSpace {
    Square {
        connectivity: Connectivity,
        rule: DiagonalRule,
        agent_size: u8,
    },
    Hex {
        layout: HexLayout,
    },
}

/// A flow field towards a goal set on one grid, following the grid's edits (tier 1).
///
/// One Dijkstra wave from the goals gives every cell its *integration cost* — the cheapest
/// total move cost to the nearest goal under the options' moves, diagonal rule, agent size and
/// area costs — and its *next* cell, the neighbour to step to (the first one in the
/// neighbour order N, E, S, W, NE, SE, SW, NW, hex: axial order, that attains the minimum).
/// Hundreds of agents heading to the same place read it instead of searching each.
///
/// - Budgets: [`step`](Self::step) settles at most `budget` cells (one iteration is one pop);
///   creation runs [`GridOptions::iteration_budget`] iterations. Slicing never changes a bit.
/// - Edits: after editing the grid, [`refresh`](Self::refresh) repairs the field from the
///   grid's edit journal; the result is bit-identical to a field computed from scratch. An
///   area-multiplier change recomputes everything.
/// - Snapshots: [`save_state`](Self::save_state) / [`restore_state`](Self::restore_state),
///   kind 7 (docs/snapshot-format.md), in progress or complete.
/// - Stale reads (ARCHITECTURE.md, “Stale reads”): the reads that take no map
///   ([`cost`](Self::cost), [`next`](Self::next), [`direction`](Self::direction),
///   [`costs`](Self::costs), [`nexts`](Self::nexts), [`state`](Self::state),
///   [`settled`](Self::settled)) answer for the map as the field last followed it. After an
///   edit they keep the old answers until [`refresh`](Self::refresh), and the flag
///   [`is_current`](Self::is_current) is `false`; read through
///   [`current`](Self::current) (`field.current(&grid)?.next(cell)`) to get
///   [`QueryError::GridChanged`] instead of an old answer. Calls that take the map
///   ([`step`](Self::step), [`run`](Self::run)) refuse a stale field the same way.
///
/// Options other than connectivity, diagonal rule, agent size and the iteration budget are
/// ignored (there is no heuristic, weight or expansion list). The handle takes no step-cost or
/// blocked hooks: for those, run the tier-2 [`FlowField`] over a
/// [`Filtered`](crate::topology::Filtered) topology with an
/// [`FnStepCost`](crate::topology::FnStepCost) (a blocked cell is then neither entered nor
/// left) and call [`FlowField::recompute`] when their answers change. Hex fields use the six hex
/// moves and agent size 1. Goals outside the grid or where the agent does not fit are
/// inactive; with no active goal every cell is unreachable.
///
/// # Memory
///
/// 28 bytes per cell: cost 8, next 4, and the open set's 16 (a position index and a 12-byte
/// heap slot, reserved for every cell so that no frontier makes a step allocate); plus the
/// clearance (1 byte per cell) for agents wider than one cell, and after the first
/// [`refresh`](Self::refresh) the repair's marks (4 bytes per cell) and lists proportional to
/// the repaired region. After creation, `step`, `run`, `state_size` and `save_state` allocate nothing.
///
/// # Examples
///
/// ```
/// use onepath::flow::FlowStep;
/// use onepath::{Cell, Grid, GridOptions};
///
/// let mut grid = Grid::from_text("......\n.####.\n......").unwrap();
/// let o = GridOptions::FOUR_CONNECTED;
/// let mut field = grid.create_flow_field(&[Cell::new(0, 2)], &o).unwrap();
/// assert_eq!(field.state(), FlowStep::Complete);
/// assert_eq!(field.cost(Cell::new(5, 0)), 7.0); // round the wall
/// assert_eq!(field.next(Cell::new(5, 0)), Some(Cell::new(5, 1))); // south first (N is outside)
/// assert_eq!(field.direction(Cell::new(5, 0)), Some((0.0, 1.0)));
/// // Open a gap in the wall: the field repairs from the edit journal.
/// grid.set_area(Cell::new(3, 1), 0).unwrap();
/// assert!(!field.is_current(&grid)); // edited since: the reads below would be old
/// assert!(field.current(&grid).is_err());
/// field.refresh(&grid).unwrap();
/// assert_eq!(field.current(&grid).unwrap().cost(Cell::new(3, 0)), 5.0); // through the gap
/// ```
#[derive(Clone, Debug)]
pub struct GridFlowField {
    pub(super) space: FlowSpace,
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) field: FlowField<DefaultStepCost>,
    /// The grid revision (and version) the field matches.
    pub(super) seen: u64,
    pub(super) seen_version: u64,
    pub(super) clearance: ClearanceMap,
    pub(super) dirty: Vec<u32>,
    /// Restore replays into this field, so a refused snapshot leaves the handle as it was.
    pub(super) spare: Option<FlowField<DefaultStepCost>>,
}

/// Runs `$body` with `$t` bound to the handle's topology over `$map` (checked to be of the
/// handle's kind first).
macro_rules! with_topology {
    ($space:expr, $clearance:expr, $map:expr, |$t:ident| $body:expr) => {
        match ($space, $map) {
            (
                FlowSpace::Square {
                    connectivity,
                    rule,
                    agent_size,
                },
                MapRef::Square(grid),
            ) => {
                let values: &[u8] = if agent_size > 1 {
                    $clearance.refresh(grid)
                } else {
                    &[]
                };
                let $t = if agent_size > 1 {
                    SquareTopology::borrowed(grid, agent_size, connectivity, rule, values)
                } else {
                    SquareTopology::new(grid, 1, connectivity, rule)
                        .map_err(|_| QueryError::InvalidAgentSize { size: 0, max: 255 })?
                };
                $body
            }
            (FlowSpace::Hex { .. }, MapRef::Hex(grid)) => {
                let $t = HexTopology::new(grid);
                $body
            }
            (_, other) => {
                let found = other.size();
                return Err(QueryError::OtherGrid {
                    expected: (u32::MAX, u32::MAX),
                    found,
                }
                .into());
            }
        }
    };
}
pub(super) use with_topology;

impl Grid {
    /// Creates the flow field of `goals` on this grid and runs its first
    /// [`iteration_budget`](GridOptions::iteration_budget) iterations (all of them by
    /// default). Uses the options' connectivity, diagonal rule and agent size.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidAgentSize`] for agent size 0.
    ///
    /// # Complexity
    ///
    /// O(cells) to set up (plus O(cells) clearance for agents wider than one cell), then
    /// O(V log V) for V settled cells and O(cells) for the direction pass when the wave ends.
    ///
    /// # Determinism
    ///
    /// The field is a function of the grid's cells, area costs, the options and the goal set
    /// (order and duplicates of `goals` do not matter).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(5, 5).unwrap();
    /// let field = grid.create_flow_field(&[Cell::new(2, 2)], &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(field.cost(Cell::new(0, 0)), 2.0 * onepath::math::SQRT2);
    /// assert_eq!(field.next(Cell::new(0, 0)), Some(Cell::new(1, 1))); // south-east
    /// ```
    pub fn create_flow_field(
        &self,
        goals: &[Cell],
        options: &GridOptions,
    ) -> Result<GridFlowField, QueryError> {
        if options.agent_size == 0 {
            return Err(QueryError::InvalidAgentSize { size: 0, max: 255 });
        }
        let space = FlowSpace::Square {
            connectivity: options.connectivity,
            rule: options.diagonal_rule,
            agent_size: options.agent_size,
        };
        let ids: Vec<u32> = goals.iter().filter_map(|&c| self.index_of(c)).collect();
        GridFlowField::create(space, MapRef::Square(self), &ids, options.iteration_budget)
    }
}

impl HexGrid {
    /// Creates the flow field of `goals` on this hex grid (six moves, agent size 1) and runs
    /// its first [`iteration_budget`](GridOptions::iteration_budget) iterations.
    ///
    /// # Errors
    ///
    /// [`QueryError::InvalidAgentSize`] unless `agent_size == 1`.
    ///
    /// # Complexity
    ///
    /// As [`Grid::create_flow_field`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions, HexGrid, HexLayout};
    /// let grid = HexGrid::new(4, 4, HexLayout::PointyOddRow).unwrap();
    /// let field = grid.create_flow_field(&[Cell::new(0, 0)], &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(field.cost(Cell::new(3, 3)), 5.0); // hex distance
    /// ```
    pub fn create_flow_field(
        &self,
        goals: &[Cell],
        options: &GridOptions,
    ) -> Result<GridFlowField, QueryError> {
        if options.agent_size != 1 {
            return Err(QueryError::InvalidAgentSize {
                size: options.agent_size,
                max: 1,
            });
        }
        let space = FlowSpace::Hex {
            layout: self.layout(),
        };
        let ids: Vec<u32> = goals.iter().filter_map(|&c| self.index_of(c)).collect();
        GridFlowField::create(space, MapRef::Hex(self), &ids, options.iteration_budget)
    }
}

impl GridFlowField {
    fn create(
        space: FlowSpace,
        map: MapRef<'_>,
        goals: &[u32],
        budget: u32,
    ) -> Result<Self, QueryError> {
        let (width, height) = map.size();
        let mut handle = Self {
            space,
            width,
            height,
            field: FlowField::new(DefaultStepCost),
            seen: map.revision(),
            seen_version: map.version(),
            clearance: ClearanceMap::new(),
            dirty: Vec::new(),
            spare: None,
        };
        let Self {
            field, clearance, ..
        } = &mut handle;
        with_topology!(space, clearance, map, |t| {
            let _ = field.begin(&t, goals);
            let _ = field.step(&t, budget);
        });
        Ok(handle)
    }

    /// Whether `map` is the map this field follows, as it is now or after edits its journal
    /// holds ([`QueryError::OtherGrid`] otherwise).
    pub(super) fn check_map(&self, map: MapRef<'_>) -> Result<(), QueryError> {
        let expected = (self.width, self.height);
        let found = map.size();
        let kind_ok = matches!(
            (self.space, map),
            (FlowSpace::Square { .. }, MapRef::Square(_)) | (FlowSpace::Hex { .. }, MapRef::Hex(_))
        );
        let layout_ok = match (self.space, map) {
            (FlowSpace::Hex { layout }, MapRef::Hex(g)) => g.layout() == layout,
            _ => true,
        };
        let known = map.revision() == self.seen || !edits_of(map, self.seen).is_rebuild();
        if kind_ok && layout_ok && expected == found && known {
            Ok(())
        } else {
            Err(QueryError::OtherGrid { expected, found })
        }
    }

    /// Settles at most `budget` more cells. Returns [`FlowStep::InProgress`] while cells
    /// remain, else [`FlowStep::Complete`] (the call that settles the last cell also writes
    /// the directions).
    ///
    /// # Errors
    ///
    /// [`QueryError::OtherGrid`] when `map` is not the map the field was created on;
    /// [`QueryError::GridChanged`] when it was edited since the field last matched it (call
    /// [`refresh`](Self::refresh)).
    ///
    /// # Complexity
    ///
    /// O(budget · log V), plus O(cells) in the finishing call. Allocates nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::flow::FlowStep;
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(6, 6).unwrap();
    /// let sliced = GridOptions::DEFAULT.with_iteration_budget(0); // create without settling anything
    /// let mut field = grid.create_flow_field(&[Cell::new(0, 0)], &sliced).unwrap();
    /// let mut ticks = 0;
    /// while field.step(&grid, 10).unwrap() == FlowStep::InProgress {
    ///     ticks += 1; // ten cells per simulation tick
    /// }
    /// assert_eq!((ticks, field.settled()), (3, 36));
    /// assert_eq!(field.cost(Cell::new(5, 5)), 5.0 * onepath::math::SQRT2);
    /// ```
    pub fn step(&mut self, map: &impl FlowMap, budget: u32) -> Result<FlowStep, QueryError> {
        let map = map.flow_map();
        self.check_map(map)?;
        if map.revision() != self.seen {
            return Err(QueryError::GridChanged {
                expected: self.seen_version,
                found: map.version(),
            });
        }
        let Self {
            space,
            field,
            clearance,
            ..
        } = self;
        let state = with_topology!(*space, clearance, map, |t| field.step(&t, budget));
        Ok(state)
    }

    /// Runs the wave to completion.
    ///
    /// # Errors
    ///
    /// As [`step`](Self::step).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::flow::FlowStep;
    /// use onepath::{Cell, Grid, GridOptions, QueryError};
    /// let grid = Grid::new(4, 4).unwrap();
    /// let o = GridOptions::FOUR_CONNECTED.with_iteration_budget(1);
    /// let mut field = grid.create_flow_field(&[Cell::new(3, 3)], &o).unwrap();
    /// assert_eq!(field.state(), FlowStep::InProgress);
    /// assert_eq!(field.run(&grid), Ok(FlowStep::Complete));
    /// assert_eq!(field.cost(Cell::new(0, 0)), 6.0);
    /// // Another grid is refused.
    /// let other = Grid::new(5, 5).unwrap();
    /// assert!(matches!(field.run(&other), Err(QueryError::OtherGrid { .. })));
    /// ```
    pub fn run(&mut self, map: &impl FlowMap) -> Result<FlowStep, QueryError> {
        self.step(map, u32::MAX)
    }

    /// Brings the field up to date with `map`'s edits and runs it to completion: the cells
    /// edited since the field last matched the map (read from its edit journal) are repaired
    /// incrementally — the cells around each edited rectangle (one cell each side, and
    /// `agent_size − 1` more up and left; hex: the cells and their neighbours) and every cell
    /// whose next-chain ran through them are recomputed from their neighbours — and the result
    /// equals a field created from scratch, cost bits and next cells. A change of an area
    /// multiplier, a journal that cannot say what changed, a field still in progress, or
    /// edits touching more than a quarter of the cells recompute everything. Returns whether
    /// it repaired (`true`) or recomputed (`false`); nothing changed is a repair of nothing.
    ///
    /// # Errors
    ///
    /// [`QueryError::OtherGrid`] when `map` is another map (other size or kind, or a history
    /// without the field's revision and more than the journal's capacity of edits since).
    /// The journal overflowing on this map is not an error: the field recomputes.
    ///
    /// # Complexity
    ///
    /// Proportional to the affected cells (A log A) for a repair; O(V log V + cells) for a
    /// recomputation. Allocates only when its scratch lists grow.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let mut grid = Grid::new(12, 6).unwrap();
    /// let o = GridOptions::FOUR_CONNECTED;
    /// let mut field = grid.create_flow_field(&[Cell::new(11, 2)], &o).unwrap();
    /// assert_eq!(field.cost(Cell::new(0, 2)), 11.0);
    /// // A crate falls on the row: the field repairs from the grid's edit journal.
    /// grid.set_walkable(Cell::new(5, 2), false).unwrap();
    /// assert_eq!(field.refresh(&grid), Ok(true)); // repaired, not recomputed
    /// assert_eq!(field.cost(Cell::new(0, 2)), 13.0); // one row over and back
    /// // The same as a field made from scratch.
    /// let fresh = grid.create_flow_field(&[Cell::new(11, 2)], &o).unwrap();
    /// assert_eq!(field.costs(), fresh.costs());
    /// assert_eq!(field.nexts(), fresh.nexts());
    /// ```
    pub fn refresh(&mut self, map: &impl FlowMap) -> Result<bool, QueryError> {
        let map = map.flow_map();
        let (w, h) = map.size();
        let kind_ok = matches!(
            (self.space, map),
            (FlowSpace::Square { .. }, MapRef::Square(_)) | (FlowSpace::Hex { .. }, MapRef::Hex(_))
        );
        if !kind_ok || (w, h) != (self.width, self.height) {
            return Err(QueryError::OtherGrid {
                expected: (self.width, self.height),
                found: (w, h),
            });
        }
        if let (FlowSpace::Hex { layout }, MapRef::Hex(g)) = (self.space, map)
            && g.layout() != layout
        {
            return Err(QueryError::OtherGrid {
                expected: (self.width, self.height),
                found: (w, h),
            });
        }
        let mut repair = self.field.state() == FlowStep::Complete;
        self.dirty.clear();
        if map.revision() != self.seen {
            match edits_of(map, self.seen) {
                EditsSince::Rebuild => repair = false,
                EditsSince::Edits(edits) => {
                    for e in edits {
                        match (e, self.space, map) {
                            (
                                GridEdit::Cells(r),
                                FlowSpace::Square { agent_size, .. },
                                MapRef::Square(_),
                            ) => self.dirty.extend(square_dirty_nodes(w, h, r, agent_size)),
                            (GridEdit::Cells(r), _, MapRef::Hex(g)) => {
                                self.dirty.extend(hex_dirty_nodes(g, r));
                            }
                            _ => repair = false,
                        }
                        if self.dirty.len() as u64 > u64::from(w) * u64::from(h) / 4 {
                            repair = false;
                        }
                        if !repair {
                            break;
                        }
                    }
                }
            }
        }
        let Self {
            space,
            field,
            clearance,
            dirty,
            ..
        } = self;
        with_topology!(*space, clearance, map, |t| {
            if repair {
                let _ = field.repair(&t, dirty.iter().copied());
            } else {
                let _ = field.recompute(&t);
            }
        });
        self.seen = map.revision();
        self.seen_version = map.version();
        Ok(repair)
    }

    /// Whether the field answers for `map` as it is now: `map` is the map the field follows
    /// (kind, layout, size, and a revision history holding the field's) and it has not been
    /// edited since the field was created, last refreshed or restored. The stale flag of the
    /// map-free reads (see the type's “Stale reads”).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let mut grid = Grid::new(4, 1).unwrap();
    /// let mut field = grid.create_flow_field(&[Cell::new(0, 0)], &GridOptions::DEFAULT).unwrap();
    /// assert!(field.is_current(&grid));
    /// grid.set_walkable(Cell::new(1, 0), false).unwrap();
    /// assert!(!field.is_current(&grid)); // next(3, 0) still says (2, 0): the old answer
    /// field.refresh(&grid).unwrap();
    /// assert!(field.is_current(&grid));
    /// assert_eq!(field.next(Cell::new(3, 0)), None); // cut off now
    /// ```
    pub fn is_current(&self, map: &impl FlowMap) -> bool {
        let map = map.flow_map();
        map.revision() == self.seen && self.check_map(map).is_ok()
    }

    /// The field, for reads that must not be old: `Ok(self)` when
    /// [`is_current`](Self::is_current), so `field.current(&grid)?.next(cell)` is a checked
    /// read.
    ///
    /// # Errors
    ///
    /// [`QueryError::GridChanged`] (the version the field matches, the map's version) when
    /// `map` was edited since the field last followed it (call [`refresh`](Self::refresh));
    /// [`QueryError::OtherGrid`] when `map` is another map.
    pub fn current(&self, map: &impl FlowMap) -> Result<&Self, QueryError> {
        let map = map.flow_map();
        self.check_map(map)?;
        if map.revision() != self.seen {
            return Err(QueryError::GridChanged {
                expected: self.seen_version,
                found: map.version(),
            });
        }
        Ok(self)
    }

    /// Where the wave stands ([`FlowStep::InProgress`] or [`FlowStep::Complete`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::flow::FlowStep;
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(8, 8).unwrap();
    /// let o = GridOptions::DEFAULT.with_iteration_budget(5);
    /// let mut field = grid.create_flow_field(&[Cell::new(0, 0)], &o).unwrap();
    /// assert_eq!(field.state(), FlowStep::InProgress);
    /// assert_eq!(field.next(Cell::new(1, 1)), None); // no directions until complete
    /// field.run(&grid).unwrap();
    /// assert_eq!(field.state(), FlowStep::Complete);
    /// assert_eq!(field.next(Cell::new(1, 1)), Some(Cell::new(0, 0)));
    /// ```
    pub fn state(&self) -> FlowStep {
        self.field.state()
    }

    /// Cells settled so far (after a refresh: what a fresh field would report).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::from_text("..#..\n..#..").unwrap();
    /// let field = grid.create_flow_field(&[Cell::new(0, 0)], &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(field.settled(), 4); // the right half cannot reach the goal
    /// ```
    pub fn settled(&self) -> u32 {
        self.field.settled()
    }

    fn index(&self, cell: Cell) -> Option<u32> {
        let (Ok(x), Ok(y)) = (u32::try_from(cell.x), u32::try_from(cell.y)) else {
            return None;
        };
        (x < self.width && y < self.height).then(|| y * self.width + x)
    }

    fn cell_of(&self, index: u32) -> Cell {
        Cell::new((index % self.width) as i32, (index / self.width) as i32)
    }

    /// The integration cost of `cell`: the cheapest total move cost to a goal; +∞ when no
    /// goal is reachable, the agent does not fit there, `cell` is outside, or (in progress)
    /// the cell is not settled yet. For the map as the field last followed it
    /// ([`is_current`](Self::is_current)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let mut grid = Grid::from_text("...\n.#.\n...").unwrap();
    /// grid.set_area(Cell::new(1, 0), 1).unwrap();
    /// grid.set_area_cost(1, 3.0).unwrap(); // mud on the top middle cell
    /// let field = grid.create_flow_field(&[Cell::new(0, 0)], &GridOptions::FOUR_CONNECTED).unwrap();
    /// assert_eq!(field.cost(Cell::new(2, 0)), 4.0); // round the bottom beats 1 + 3 through mud
    /// assert_eq!(field.cost(Cell::new(1, 1)), f64::INFINITY); // a wall
    /// assert_eq!(field.cost(Cell::new(9, 9)), f64::INFINITY); // outside
    /// ```
    pub fn cost(&self, cell: Cell) -> f64 {
        self.index(cell)
            .map_or(f64::INFINITY, |i| self.field.cost(i))
    }

    /// The cell to step to from `cell`; `None` for goals, unreachable or outside cells, and
    /// for every cell until the field is complete. For the map as the field last followed it:
    /// after an edit, the old answer until [`refresh`](Self::refresh) (check with
    /// [`is_current`](Self::is_current) or read through [`current`](Self::current)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(4, 1).unwrap();
    /// let goal = Cell::new(3, 0);
    /// let field = grid.create_flow_field(&[goal], &GridOptions::DEFAULT).unwrap();
    /// // Every agent follows `next` to the goal.
    /// let mut at = Cell::new(0, 0);
    /// let mut steps = 0;
    /// while let Some(n) = field.next(at) {
    ///     at = n;
    ///     steps += 1;
    /// }
    /// assert_eq!((at, steps), (goal, 3));
    /// assert_eq!(field.next(goal), None);
    /// ```
    pub fn next(&self, cell: Cell) -> Option<Cell> {
        let n = self.field.next(self.index(cell)?);
        (n != NO_NEXT).then(|| self.cell_of(n))
    }

    /// The unit vector from the centre of `cell` to the centre of its [`next`](Self::next)
    /// cell, in grid axes (x right, y down; hex: the layout's world axes), or `None` where
    /// there is no next cell. Straight square moves give exact axis vectors, diagonals
    /// `(±1/√2, ±1/√2)` as `d / sqrt(2)`. For the map as the field last followed it, as
    /// [`next`](Self::next).
    ///
    /// # Determinism
    ///
    /// `(dx / len, dy / len)` with `len = sqrt(dx² + dy²)` (correctly rounded), the same bits
    /// everywhere.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(3, 3).unwrap();
    /// let field = grid.create_flow_field(&[Cell::new(2, 2)], &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(field.direction(Cell::new(2, 1)), Some((0.0, 1.0))); // straight down
    /// let (dx, dy) = field.direction(Cell::new(0, 0)).unwrap(); // diagonal
    /// assert_eq!((dx, dy), (1.0 / onepath::math::SQRT2, 1.0 / onepath::math::SQRT2));
    /// assert_eq!(field.direction(Cell::new(2, 2)), None); // the goal
    /// ```
    pub fn direction(&self, cell: Cell) -> Option<(f64, f64)> {
        let to = self.next(cell)?;
        let (dx, dy) = match self.space {
            FlowSpace::Square { .. } => (f64::from(to.x - cell.x), f64::from(to.y - cell.y)),
            FlowSpace::Hex { layout } => {
                let unit = HexSpace::default();
                let a = unit.center_unchecked(layout, layout.offset_to_axial(cell.x, cell.y));
                let b = unit.center_unchecked(layout, layout.offset_to_axial(to.x, to.y));
                (b.x - a.x, b.y - a.y)
            }
        };
        let len = sqrt(dx * dx + dy * dy);
        Some((dx / len, dy / len))
    }

    /// The integration field, row-major (+∞ for unreachable cells); for the map as the field
    /// last followed it ([`is_current`](Self::is_current)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::from_text("...#").unwrap();
    /// let field = grid.create_flow_field(&[Cell::new(0, 0)], &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(field.costs(), &[0.0, 1.0, 2.0, f64::INFINITY]);
    /// ```
    pub fn costs(&self) -> &[f64] {
        self.field.costs()
    }

    /// The direction field, row-major: the cell index of each cell's next cell, `u32::MAX`
    /// ([`NO_NEXT`]) for goals and unreachable cells; for the map as the field last followed
    /// it ([`is_current`](Self::is_current)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::flow::NO_NEXT;
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::from_text("...#").unwrap();
    /// let field = grid.create_flow_field(&[Cell::new(0, 0)], &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(field.nexts(), &[NO_NEXT, 0, 1, NO_NEXT]); // cell indices
    /// ```
    pub fn nexts(&self) -> &[u32] {
        self.field.nexts()
    }

    /// The goals as given (inside the grid), sorted by cell index and deduplicated.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(4, 4).unwrap();
    /// let goals = [Cell::new(3, 3), Cell::new(0, 1), Cell::new(3, 3), Cell::new(9, 9)];
    /// let field = grid.create_flow_field(&goals, &GridOptions::DEFAULT).unwrap();
    /// // Sorted by index, deduplicated, the outside one dropped.
    /// assert_eq!(field.goals().collect::<Vec<_>>(), vec![Cell::new(0, 1), Cell::new(3, 3)]);
    /// ```
    pub fn goals(&self) -> impl Iterator<Item = Cell> + '_ {
        self.field.goals().iter().map(|&g| self.cell_of(g))
    }

    /// Width and height of the grid the field covers.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(7, 3).unwrap();
    /// let field = grid.create_flow_field(&[Cell::new(0, 0)], &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(field.size(), (7, 3));
    /// assert_eq!(field.costs().len(), 21);
    /// ```
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The tier-2 field inside (read-only).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(3, 3).unwrap();
    /// let field = grid.create_flow_field(&[Cell::new(1, 1)], &GridOptions::DEFAULT).unwrap();
    /// let inner = field.field(); // node ids are cell indices
    /// assert_eq!(inner.node_count(), 9);
    /// assert_eq!(inner.cost(0), field.cost(Cell::new(0, 0)));
    /// ```
    pub fn field(&self) -> &FlowField<DefaultStepCost> {
        &self.field
    }
}

/// The map's journal after `revision`.
pub(super) fn edits_of(map: MapRef<'_>, revision: u64) -> EditsSince<'_> {
    match map {
        MapRef::Square(g) => g.edits_since(revision),
        MapRef::Hex(g) => g.edits_since(revision),
    }
}
