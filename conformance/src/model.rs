//! What every reference model offers: positions, the legality and price of one move, and the
//! moves out of a position enumerated from the rules.
//!
//! A model is written from the spec text (`spec/grids.md`), never from the engine. The Dijkstra
//! (`dijkstra_ref`) and the path checker (`path_check`) only see this trait, so the square and hex
//! references share them.

use core::fmt;

/// A cell position: `(x, y)` = (column, row) on a square grid, `(col, row)` offset coordinates
/// on a hex grid. Signed so that points outside the grid can be named.
pub type Pos = (i32, i32);

/// A tier-1 style step-cost hook: `(from, to, base cost) -> cost`. A NaN, negative or +infinite
/// result removes the move (spec, A*: "skip it if step is NaN, negative or +infinity").
pub type StepHook = Box<dyn Fn(Pos, Pos, f64) -> f64>;

/// A tier-1 style blocked filter: a blocked cell can be neither entered nor left.
pub type BlockedHook = Box<dyn Fn(Pos) -> bool>;

/// Why a move from one position to another is not a legal move of a model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Illegal {
    /// The origin of the move is outside the grid.
    FromOutside,
    /// The target of the move is outside the grid.
    ToOutside,
    /// The two positions are not neighbours (or are equal).
    NotAdjacent,
    /// A diagonal move on a four-connected square grid.
    DiagonalNotAllowed,
    /// The origin is not walkable for the agent size.
    FromNotWalkable,
    /// The target is not walkable for the agent size.
    ToNotWalkable,
    /// The origin is refused by the blocked filter.
    FromBlocked,
    /// The target is refused by the blocked filter.
    ToBlocked,
    /// The diagonal rule refuses the move; the flags say which beside cells are walkable for the
    /// agent size (beside cell on the x side first, then the one on the y side).
    DiagonalRule {
        /// Walkability of the beside cell `(from.x + dx, from.y)`.
        beside_x: bool,
        /// Walkability of the beside cell `(from.x, from.y + dy)`.
        beside_y: bool,
    },
    /// The step-cost hook answered NaN, a negative value or +infinity (the answer's bits).
    RemovedByHook(u64),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::FromOutside => f.write_str("the origin is outside the grid"),
            Self::ToOutside => f.write_str("the target is outside the grid"),
            Self::NotAdjacent => f.write_str("the cells are not neighbours"),
            Self::DiagonalNotAllowed => f.write_str("diagonal move on a four-connected grid"),
            Self::FromNotWalkable => f.write_str("the origin is not walkable for the agent size"),
            Self::ToNotWalkable => f.write_str("the target is not walkable for the agent size"),
            Self::FromBlocked => f.write_str("the origin is blocked by the filter"),
            Self::ToBlocked => f.write_str("the target is blocked by the filter"),
            Self::DiagonalRule { beside_x, beside_y } => write!(
                f,
                "the diagonal rule refuses the move (beside cells walkable: x side {beside_x}, y side {beside_y})"
            ),
            Self::RemovedByHook(bits) => write!(
                f,
                "the step-cost hook removed the move (answered {})",
                f64::from_bits(bits)
            ),
        }
    }
}

impl core::error::Error for Illegal {}

/// A reference model of a grid: the node set, the move rules and the step costs.
pub trait Model {
    /// Number of cells (node ids are `y * width + x`, row-major as in the spec).
    fn node_count(&self) -> usize;

    /// The node id of a position inside the grid, `None` outside.
    fn index(&self, p: Pos) -> Option<usize>;

    /// The position of a node id.
    fn pos(&self, index: usize) -> Pos;

    /// True iff an agent may stand at `p`: inside the grid, walkable for the agent size and not
    /// refused by the blocked filter. A query whose start (goal) fails this is StartInvalid
    /// (GoalInvalid).
    fn is_position(&self, p: Pos) -> bool;

    /// The cost of the move `from -> to`, or why it is not a move.
    ///
    /// # Errors
    /// The first rule the move breaks.
    fn step(&self, from: Pos, to: Pos) -> Result<f64, Illegal>;

    /// The candidate targets of moves out of `from`, in the spec's neighbour order (legal or not;
    /// `moves` filters them with `step`).
    fn candidates(&self, from: Pos) -> Vec<Pos>;

    /// The legal moves out of `from` with their costs, in the spec's neighbour order.
    fn moves(&self, from: Pos) -> Vec<(Pos, f64)> {
        self.candidates(from)
            .into_iter()
            .filter_map(|to| self.step(from, to).ok().map(|c| (to, c)))
            .collect()
    }
}

/// A model with its moves and positions computed once per node (the answers of `inner`,
/// memoised): the references query the same node's moves many times per grid.
pub struct Cached<'a, M: Model + ?Sized> {
    inner: &'a M,
    positions: Vec<bool>,
    moves: Vec<Vec<(Pos, f64)>>,
}

impl<'a, M: Model + ?Sized> Cached<'a, M> {
    /// Computes every node's moves and position flag once.
    pub fn new(inner: &'a M) -> Self {
        let n = inner.node_count();
        let positions = (0..n).map(|i| inner.is_position(inner.pos(i))).collect();
        let moves = (0..n).map(|i| inner.moves(inner.pos(i))).collect();
        Self {
            inner,
            positions,
            moves,
        }
    }
}

impl<M: Model + ?Sized> Model for Cached<'_, M> {
    fn node_count(&self) -> usize {
        self.inner.node_count()
    }

    fn index(&self, p: Pos) -> Option<usize> {
        self.inner.index(p)
    }

    fn pos(&self, index: usize) -> Pos {
        self.inner.pos(index)
    }

    fn is_position(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|i| self.positions[i])
    }

    fn step(&self, from: Pos, to: Pos) -> Result<f64, Illegal> {
        self.inner.step(from, to)
    }

    fn candidates(&self, from: Pos) -> Vec<Pos> {
        self.inner.candidates(from)
    }

    fn moves(&self, from: Pos) -> Vec<(Pos, f64)> {
        match self.index(from) {
            Some(i) => self.moves[i].clone(),
            None => self.inner.moves(from),
        }
    }
}

/// The spec's rule for a hook answer: NaN, negative and +infinity remove the move.
pub fn hook_removes(cost: f64) -> bool {
    cost.is_nan() || cost < 0.0 || cost == f64::INFINITY
}

/// The step cost formula of `spec/grids.md` ("Movement"), evaluated in exactly the written order:
/// `length * ((m[a] + m[b]) * 0.5)`.
pub fn step_cost_formula(length: f64, m_from: f64, m_to: f64) -> f64 {
    length * ((m_from + m_to) * 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hook_rule() {
        assert!(hook_removes(f64::NAN));
        assert!(hook_removes(-1.0));
        assert!(hook_removes(-f64::MIN_POSITIVE));
        assert!(hook_removes(f64::INFINITY));
        assert!(hook_removes(f64::NEG_INFINITY));
        assert!(!hook_removes(0.0));
        assert!(!hook_removes(f64::MAX));
        assert!(!hook_removes(1.5));
    }

    #[test]
    fn formula_order() {
        // (0.5 + 3) * 0.5 = 1.75, times 1 stays 1.75.
        assert_eq!(step_cost_formula(1.0, 0.5, 3.0), 1.75);
        // The product with sqrt 2 happens last: sqrt2 * 1.0 is sqrt2 itself.
        let s2 = f64::from_bits(0x3FF6_A09E_667F_3BCD);
        assert_eq!(step_cost_formula(s2, 1.0, 1.0).to_bits(), s2.to_bits());
        // 1.3 and 0.7 do not sum exactly to 2 in binary: the formula keeps the rounded sum.
        let expected = ((1.3_f64 + 0.7) * 0.5) * 1.0;
        assert_eq!(
            step_cost_formula(1.0, 1.3, 0.7).to_bits(),
            expected.to_bits()
        );
    }

    #[test]
    fn cached_answers_like_the_model() {
        use crate::square_ref::{Connectivity, DiagonalRule, SquareModel, parse_picture};
        let (w, h, cells) = parse_picture(".#.\n...\n..#");
        let m = SquareModel::new(
            w,
            h,
            cells,
            &[1.0; 255],
            Connectivity::Eight,
            DiagonalRule::NoSqueezing,
            1,
        );
        let c = Cached::new(&m);
        for i in 0..m.node_count() {
            let p = m.pos(i);
            assert_eq!(c.is_position(p), m.is_position(p));
            assert_eq!(c.moves(p), m.moves(p));
        }
        assert!(!c.is_position((-1, 0)));
        assert_eq!(c.moves((5, 5)), m.moves((5, 5)));
    }

    #[test]
    fn display_names_the_rule() {
        let s = Illegal::DiagonalRule {
            beside_x: true,
            beside_y: false,
        }
        .to_string();
        assert!(s.contains("diagonal rule"), "{s}");
        assert!(
            Illegal::RemovedByHook(f64::NAN.to_bits())
                .to_string()
                .contains("NaN")
        );
    }
}
