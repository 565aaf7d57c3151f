//! Snapshot kind 3: a [`GridSearch`] handle (`docs/snapshot-format.md`).
//!
//! Payload: connectivity u8 (0 four, 1 eight), diagonal rule u8 (0 no corner cutting, 1 no
//! squeezing, 2 allow all), agent size u8, heuristic u8 (0 auto, 1 zero, 2 Manhattan,
//! 3 octile), weight f64 bits, iteration budget u32, record expansions u8, algorithm u8 (0 A*,
//! 1 JPS, 2 JPS+: the requested one; the engine that runs is resolved against the grid again
//! on restore); then the engine's
//! own snapshot (a complete kind-2 frame) as u32 length + bytes. The header's map hash is the
//! grid's content hash.

use super::grid_search::{EndpointCheck, GridSearch};
use crate::grid::query::resolve_square_heuristic;
use crate::grid::{Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, HeuristicKind};
use crate::state::codec::{HEADER_LEN, Reader, Writer, read_frame, write_frame_raw};
use crate::state::{KIND_GRID_SEARCH, StateError};

const FIXED: usize = 1 + 1 + 1 + 1 + 8 + 4 + 1 + 1 + 4;

fn invalid(field: &'static str) -> StateError {
    StateError::InvalidField { field }
}

fn heuristic_code(h: HeuristicKind) -> u8 {
    match h {
        HeuristicKind::Zero => 1,
        HeuristicKind::Manhattan => 2,
        HeuristicKind::Octile => 3,
        // HexDistance is refused by `GridSearch::new`.
        HeuristicKind::Auto | HeuristicKind::HexDistance => 0,
    }
}

fn read_options(r: &mut Reader<'_>) -> Result<GridOptions, StateError> {
    let connectivity = match r.u8()? {
        0 => Connectivity::Four,
        1 => Connectivity::Eight,
        _ => return Err(invalid("grid_search.connectivity")),
    };
    let diagonal_rule = match r.u8()? {
        0 => DiagonalRule::NoCornerCutting,
        1 => DiagonalRule::NoSqueezing,
        2 => DiagonalRule::AllowAll,
        _ => return Err(invalid("grid_search.diagonal_rule")),
    };
    let agent_size = r.u8()?;
    let heuristic = match r.u8()? {
        0 => HeuristicKind::Auto,
        1 => HeuristicKind::Zero,
        2 => HeuristicKind::Manhattan,
        3 => HeuristicKind::Octile,
        _ => return Err(invalid("grid_search.heuristic")),
    };
    let weight = r.f64()?;
    let iteration_budget = r.u32()?;
    let record_expansions = match r.u8()? {
        0 => false,
        1 => true,
        _ => return Err(invalid("grid_search.record_expansions")),
    };
    let algorithm = match r.u8()? {
        0 => GridAlgorithm::AStar,
        1 => GridAlgorithm::Jps,
        2 => GridAlgorithm::JpsPlus,
        _ => return Err(invalid("grid_search.algorithm")),
    };
    let o = GridOptions {
        connectivity,
        diagonal_rule,
        agent_size,
        heuristic,
        weight,
        iteration_budget,
        record_expansions,
        algorithm,
    };
    GridSearch::check_options(&o).map_err(|_| invalid("grid_search.options"))?;
    Ok(o)
}

impl GridSearch {
    /// Bytes [`save_state`](GridSearch::save_state) writes. Allocates nothing.
    pub fn state_size(&self) -> usize {
        HEADER_LEN + FIXED + self.engine.state_size()
    }

    /// Writes the handle's snapshot (kind 3) into `out`, tied to `grid`'s content hash;
    /// returns the byte count. Allocates nothing.
    ///
    /// # Errors
    ///
    /// [`StateError::BufferTooSmall`].
    ///
    /// # Complexity
    ///
    /// A pass over the cells (content hash) plus the visited nodes.
    pub fn save_state(&self, grid: &Grid, out: &mut [u8]) -> Result<usize, StateError> {
        let hash = grid.content_hash();
        let inner = self.engine.state_size();
        let o = &self.options;
        write_frame_raw(out, KIND_GRID_SEARCH, hash, FIXED + inner, |body| {
            let (head, rest) = body.split_at_mut(FIXED);
            let mut w = Writer::new(head);
            w.u8(u8::from(o.connectivity == Connectivity::Eight));
            w.u8(match o.diagonal_rule {
                DiagonalRule::NoCornerCutting => 0,
                DiagonalRule::NoSqueezing => 1,
                DiagonalRule::AllowAll => 2,
            });
            w.u8(o.agent_size);
            w.u8(heuristic_code(o.heuristic));
            w.f64(o.weight);
            w.u32(o.iteration_budget);
            w.u8(u8::from(o.record_expansions));
            w.u8(match o.algorithm {
                GridAlgorithm::Jps => 1,
                GridAlgorithm::JpsPlus => 2,
                _ => 0,
            });
            w.u32(inner as u32);
            self.engine.save_state(hash, rest).map(|_| ())
        })
    }

    /// Restores a snapshot written by [`save_state`](GridSearch::save_state) for `grid` (same
    /// content hash). The handle then continues exactly as the saved one would have. On any
    /// error the handle is unchanged.
    ///
    /// # Errors
    ///
    /// [`StateError::MapMismatch`] for another map's snapshot; any other [`StateError`] for
    /// malformed or inconsistent bytes.
    pub fn restore_state(&mut self, grid: &Grid, bytes: &[u8]) -> Result<(), StateError> {
        let frame = read_frame(bytes, KIND_GRID_SEARCH)?;
        let hash = grid.content_hash();
        if frame.map_hash != hash {
            return Err(StateError::MapMismatch {
                expected: hash,
                found: frame.map_hash,
            });
        }
        let mut r = Reader::new(frame.payload);
        let options = read_options(&mut r)?;
        let inner_len = r.u32()? as usize;
        let inner = r.bytes(inner_len)?;
        r.finish("grid_search.payload_length")?;
        let heuristic = resolve_square_heuristic(&options, grid.width(), grid.areas().min_cost())
            .map_err(|_| invalid("grid_search.heuristic"))?;
        // The engine's weight and recording flag must be the options' (kind-2 payload offsets
        // 12 and 29); checked before anything changes.
        let weight = inner.get(HEADER_LEN + 12..HEADER_LEN + 20).map(|b| {
            let mut a = [0u8; 8];
            a.copy_from_slice(b);
            u64::from_le_bytes(a)
        });
        if weight.is_some_and(|w| w != options.weight.to_bits()) {
            return Err(invalid("grid_search.weight"));
        }
        let flags = inner.get(HEADER_LEN + 29).copied();
        if flags.is_some_and(|f| (f & 1 != 0) != options.record_expansions) {
            return Err(invalid("grid_search.record_expansions"));
        }
        let previous = *self.engine.heuristic();
        self.engine.set_heuristic(heuristic);
        let check = EndpointCheck {
            grid,
            agent_size: options.agent_size,
        };
        if let Err(e) = self.engine.restore_state(&check, hash, inner) {
            self.engine.set_heuristic(previous);
            return Err(e);
        }
        self.options = options;
        self.bind(grid);
        Ok(())
    }
}
