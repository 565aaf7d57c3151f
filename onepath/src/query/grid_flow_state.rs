//! Snapshot of a [`GridFlowField`] (kind 7, docs/snapshot-format.md).

use super::grid_flow_field::{FlowMap, FlowSpace, GridFlowField, MapRef, with_topology};
use crate::error::QueryError;
use crate::flow::{FlowField, FlowStep};
use crate::grid::{Connectivity, DiagonalRule, SquareTopology};
use crate::hex::{HexLayout, HexTopology};
use crate::state::codec::{Reader, invalid, read_frame_for, write_frame};
use crate::state::map_hash::content_hash_of;
use crate::state::size_bound::{per, sum};
use crate::state::{KIND_FLOW_FIELD, StateError};
use crate::topology::DefaultStepCost;

/// Bytes of the fixed part of the payload: space, connectivity, rule, agent size (4 × u8),
/// width, height (2 × u32), state (u8), settled (u32), then three counts (3 × u32).
const FIXED: usize = 4 + 8 + 1 + 4 + 12;

/// The content hash a flow snapshot is tied to: the grid's (square) or the same function of
/// the hex grid's cells and multipliers.
pub(super) fn map_hash(map: MapRef<'_>) -> u64 {
    match map {
        MapRef::Square(g) => g.content_hash(),
        MapRef::Hex(g) => content_hash_of(g.width(), g.height(), g.cells(), g.areas().as_slice()),
    }
}

fn space_bytes(space: FlowSpace) -> [u8; 4] {
    match space {
        FlowSpace::Square {
            connectivity,
            rule,
            agent_size,
        } => [
            0,
            match connectivity {
                Connectivity::Four => 4,
                Connectivity::Eight => 8,
            },
            match rule {
                DiagonalRule::NoCornerCutting => 0,
                DiagonalRule::NoSqueezing => 1,
                DiagonalRule::AllowAll => 2,
            },
            agent_size,
        ],
        FlowSpace::Hex { layout } => [
            1,
            6,
            match layout {
                HexLayout::PointyOddRow => 0,
                HexLayout::PointyEvenRow => 1,
                HexLayout::FlatOddColumn => 2,
                HexLayout::FlatEvenColumn => 3,
            },
            1,
        ],
    }
}

impl GridFlowField {
    /// Bytes [`save_state`](Self::save_state) writes: header + fixed fields + 4 per goal + 8
    /// per cell + 12 per queued cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(4, 4).unwrap();
    /// let field = grid.create_flow_field(&[Cell::new(0, 0)], &GridOptions::DEFAULT).unwrap();
    /// let mut buf = vec![0u8; field.state_size()];
    /// assert_eq!(field.save_state(&grid, &mut buf), Ok(buf.len())); // exactly that many bytes
    /// ```
    pub fn state_size(&self) -> usize {
        crate::state::HEADER_LEN
            + FIXED
            + 4 * self.field.goals().len()
            + 8 * self.field.costs().len()
            + 12 * self.field.open_len()
    }

    /// An upper bound on [`state_size`](Self::state_size) for every state this field can reach
    /// on `map` (stepping, edits and [`refresh`](Self::refresh)), so a host can size its
    /// snapshot buffer once: `28 + 29 + 4 k + 8 c + 12 c` bytes = `57 + 4 k + 20 c` for `c` =
    /// the map's cells and `k` the field's goals (header; fixed fields; the goals; a cost per
    /// cell; at most one queued entry per cell). A restore brings the snapshot's goals with it:
    /// ask again after restoring another field's snapshot. Saturates.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(8, 8).unwrap();
    /// let mut field = grid.create_flow_field(&[Cell::new(7, 7)], &GridOptions::DEFAULT).unwrap();
    /// let mut buffer = vec![0u8; field.max_state_size(&grid)]; // once
    /// assert_eq!(buffer.len(), 57 + 4 + 20 * 64);
    /// while field.step(&grid, 5).unwrap() == onepath::flow::FlowStep::InProgress {
    ///     assert!(field.save_state(&grid, &mut buffer).is_ok());
    /// }
    /// ```
    pub fn max_state_size(&self, map: &impl FlowMap) -> usize {
        let cells = match map.flow_map() {
            MapRef::Square(grid) => grid.cell_count(),
            MapRef::Hex(grid) => grid.cell_count(),
        } as usize;
        sum([
            crate::state::HEADER_LEN + FIXED,
            per(self.field.goals().len(), 4),
            per(cells, 8 + 12),
        ])
    }

    /// Writes the field — in progress or complete — as a kind-7 snapshot tied to `map`'s
    /// content hash: the options, the state, the settled count, the goals, every cell's cost
    /// bits, and the open set in pop order (smaller cost first, then smaller cell index), so
    /// the bytes are a function of the field's logical state. Returns the bytes written.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`] when `out` is shorter than
    /// [`state_size`](Self::state_size); [`StateError::InvalidField`] (`"map"`) when `map` is
    /// not the map the field currently matches (edited since, or another map).
    ///
    /// # Complexity
    ///
    /// O(cells + q log q) for q queued cells; allocates nothing (the open set is sorted in
    /// place inside `out`).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::StateError;
    /// use onepath::{Cell, Grid, GridOptions};
    /// let mut grid = Grid::new(4, 4).unwrap();
    /// let field = grid.create_flow_field(&[Cell::new(0, 0)], &GridOptions::DEFAULT).unwrap();
    /// let mut small = [0u8; 8];
    /// assert!(matches!(field.save_state(&grid, &mut small), Err(StateError::BufferTooSmall { .. })));
    /// // After an edit the field no longer matches the grid: refresh it first.
    /// grid.set_walkable(Cell::new(2, 2), false).unwrap();
    /// let mut buf = vec![0u8; field.state_size()];
    /// assert_eq!(field.save_state(&grid, &mut buf), Err(StateError::InvalidField { field: "map" }));
    /// ```
    pub fn save_state(&self, map: &impl FlowMap, out: &mut [u8]) -> Result<usize, StateError> {
        let map = map.flow_map();
        if self.check_map(map).is_err() || map.revision() != self.seen {
            return Err(invalid("map"));
        }
        let size = self.state_size();
        let payload = size - crate::state::HEADER_LEN;
        let f = &self.field;
        let written = write_frame(out, KIND_FLOW_FIELD, map_hash(map), payload, |w| {
            w.bytes(&space_bytes(self.space));
            w.u32(self.width);
            w.u32(self.height);
            w.u8(match f.state() {
                FlowStep::InProgress => 1,
                _ => 2,
            });
            w.u32(f.settled());
            w.u32_list(f.goals());
            w.u32(f.costs().len() as u32);
            for &c in f.costs() {
                w.f64(c);
            }
            w.u32(f.open_len() as u32);
            // Pop order: smaller cost, then smaller node (f = g: the open set's own order).
            w.sorted::<12>(
                f.open_entries().map(|(node, _, g)| {
                    let mut rec = [0u8; 12];
                    rec[..4].copy_from_slice(&node.to_le_bytes());
                    rec[4..].copy_from_slice(&g.to_bits().to_le_bytes());
                    rec
                }),
                |a, b| record_key(a).cmp(&record_key(b)),
            );
        })?;
        Ok(written)
    }

    /// Restores a kind-7 snapshot saved from a field with the same options on `map` as it is
    /// now. Only states the wave can reach are accepted: the field is replayed from the
    /// snapshot's goals for its settled count on `map`, and the state, every cost bit and the
    /// open set must equal the snapshot's; a refused snapshot leaves the field unchanged.
    ///
    /// # Errors
    ///
    /// [`StateError`] for a damaged or foreign snapshot: header, length, checksum, kind,
    /// [`StateError::MapMismatch`] for another map's content, `InvalidField` naming the field
    /// (`"options"`, `"size"`, `"state"`, `"settled"`, `"goals"`, `"cells"`, `"cost"`,
    /// `"open"`, `"map"` when `map` is another kind or size than the field's).
    ///
    /// # Complexity
    ///
    /// O(S log S + cells) for S settled cells (the replay); the first restore allocates a
    /// spare field of the grid's size, later ones nothing. Every loop is bounded by the
    /// snapshot's length or the cell count.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, Grid, GridOptions};
    /// let grid = Grid::new(6, 6).unwrap();
    /// let o = GridOptions::DEFAULT.with_iteration_budget(7); // save it mid-wave
    /// let mut field = grid.create_flow_field(&[Cell::new(0, 0)], &o).unwrap();
    /// let mut snapshot = vec![0u8; field.state_size()];
    /// field.save_state(&grid, &mut snapshot).unwrap();
    /// let expected = {
    ///     field.run(&grid).unwrap();
    ///     field.costs().to_vec()
    /// };
    /// // Roll back and finish again: the same field, bit for bit.
    /// field.restore_state(&grid, &snapshot).unwrap();
    /// assert_eq!(field.settled(), 7);
    /// field.run(&grid).unwrap();
    /// assert_eq!(field.costs(), &expected[..]);
    /// ```
    pub fn restore_state(&mut self, map: &impl FlowMap, bytes: &[u8]) -> Result<(), StateError> {
        let map = map.flow_map();
        let (w, h) = map.size();
        if (w, h) != (self.width, self.height) {
            return Err(invalid("map"));
        }
        let frame = read_frame_for(bytes, KIND_FLOW_FIELD, map_hash(map))?;
        let mut r = Reader::new(frame.payload);
        let space = r.bytes(4)?;
        if space != space_bytes(self.space) {
            return Err(invalid("options"));
        }
        if (r.u32()?, r.u32()?) != (w, h) {
            return Err(invalid("size"));
        }
        let state = match r.u8()? {
            1 => FlowStep::InProgress,
            2 => FlowStep::Complete,
            _ => return Err(invalid("state")),
        };
        let settled = r.u32()?;
        let cells = w * h;
        if settled > cells {
            return Err(invalid("settled"));
        }
        let goal_count = r.u32()? as usize;
        if goal_count > cells as usize || goal_count * 4 > r.remaining() {
            return Err(invalid("goals"));
        }
        let goal_bytes = r.bytes(goal_count * 4)?;
        let goal = |i: usize| {
            u32::from_le_bytes(goal_bytes[4 * i..4 * i + 4].try_into().unwrap_or([0; 4]))
        };
        for i in 0..goal_count {
            if goal(i) >= cells || (i > 0 && goal(i - 1) >= goal(i)) {
                return Err(invalid("goals"));
            }
        }
        if r.u32()? != cells {
            return Err(invalid("cells"));
        }
        let cost_bytes = r.bytes(8 * cells as usize)?;
        let open_count = r.u32()? as usize;
        if open_count > cells as usize {
            return Err(invalid("open"));
        }
        let open_bytes = r.bytes(12 * open_count)?;
        r.finish("open")?;
        // Replay into the spare field: the snapshot is accepted only if it is this state.
        let mut spare = self
            .spare
            .take()
            .unwrap_or_else(|| FlowField::new(DefaultStepCost));
        let goals_scratch = &mut self.dirty;
        goals_scratch.clear();
        goals_scratch.extend((0..goal_count).map(goal));
        let result = (|| -> Result<(), QueryError> {
            let clearance = &mut self.clearance;
            with_topology!(self.space, clearance, map, |t| {
                let _ = spare.begin(&t, goals_scratch);
                if settled > 0 {
                    let _ = spare.step(&t, settled);
                }
            });
            Ok(())
        })();
        let verdict = if result.is_err() {
            Err(invalid("map"))
        } else if spare.state() != state || spare.settled() != settled {
            Err(invalid("settled"))
        } else if !spare
            .costs()
            .iter()
            .enumerate()
            .all(|(i, c)| c.to_bits().to_le_bytes() == cost_bytes[8 * i..8 * i + 8])
        {
            Err(invalid("cost"))
        } else if spare.open_len() != open_count || !same_open(&spare, open_bytes) {
            Err(invalid("open"))
        } else {
            Ok(())
        };
        if verdict.is_ok() {
            core::mem::swap(&mut self.field, &mut spare);
            self.seen = map.revision();
            self.seen_version = map.version();
        }
        self.spare = Some(spare);
        verdict
    }
}

/// Whether the open set of `field`, in pop order, is the records in `bytes`.
fn same_open(field: &FlowField<DefaultStepCost>, bytes: &[u8]) -> bool {
    // The records must be in strictly increasing pop order and each must be in the set with
    // that cost: the set holds as many entries, so the two are the same.
    let mut prev: Option<(u64, u32)> = None;
    for rec in bytes.chunks_exact(12) {
        let node = u32::from_le_bytes([rec[0], rec[1], rec[2], rec[3]]);
        let mut b = [0u8; 8];
        b.copy_from_slice(&rec[4..12]);
        let cost = f64::from_bits(u64::from_le_bytes(b));
        if cost.is_nan() || !field.in_open(node) || field.cost(node).to_bits() != cost.to_bits() {
            return false;
        }
        let key = (order_key(cost), node);
        if prev.is_some_and(|p| p >= key) {
            return false;
        }
        prev = Some(key);
    }
    true
}

/// Non-negative costs in the order of `<` (+0.0 and -0.0 equal).
fn order_key(c: f64) -> u64 {
    if c == 0.0 { 0 } else { c.to_bits() }
}

/// The pop-order key of a 12-byte open record (u32 node, f64 cost).
fn record_key(r: &[u8; 12]) -> (u64, u32) {
    let node = u32::from_le_bytes([r[0], r[1], r[2], r[3]]);
    let mut c = [0u8; 8];
    c.copy_from_slice(&r[4..12]);
    (order_key(f64::from_bits(u64::from_le_bytes(c))), node)
}
