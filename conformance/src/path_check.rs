//! Checks a returned path move by move against a reference model and prices it independently.
//!
//! A path is accepted iff it is non-empty, starts at the start, ends at the goal, the start is a
//! position of the model (inside, walkable for the agent size, not blocked) and every consecutive
//! pair is a legal move of the model. Its price is the sum of the model's step costs added in path
//! order starting from 0.0, which is how the spec defines the cost of a path ("the sum of its step
//! costs added in path order starting from 0").

use core::fmt;

use crate::model::{Illegal, Model, Pos};

/// Why a path is not a legal path of the model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathError {
    /// The path has no cells.
    Empty,
    /// The first cell is not the start.
    WrongStart {
        /// The expected start.
        expected: Pos,
        /// The first cell of the path.
        found: Pos,
    },
    /// The last cell is not the goal.
    WrongGoal {
        /// The expected goal.
        expected: Pos,
        /// The last cell of the path.
        found: Pos,
    },
    /// The start is not a position of the model (only reported for a one-cell path; a longer
    /// path reports its first move).
    StartNotPosition(Pos),
    /// Step `index` (from `path[index]` to `path[index + 1]`) is not a legal move.
    IllegalStep {
        /// Index of the move's origin in the path.
        index: usize,
        /// The origin.
        from: Pos,
        /// The target.
        to: Pos,
        /// The first rule the move breaks.
        why: Illegal,
    },
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Empty => f.write_str("empty path"),
            Self::WrongStart { expected, found } => {
                write!(f, "path starts at {found:?}, expected {expected:?}")
            }
            Self::WrongGoal { expected, found } => {
                write!(f, "path ends at {found:?}, expected {expected:?}")
            }
            Self::StartNotPosition(p) => write!(f, "the start {p:?} is not a position"),
            Self::IllegalStep {
                index,
                from,
                to,
                why,
            } => write!(f, "step {index} {from:?} -> {to:?} is illegal: {why}"),
        }
    }
}

impl core::error::Error for PathError {}

/// Checks `path` from `start` to `goal` move by move and returns its re-priced cost.
///
/// # Errors
/// The first defect found, in the order: empty, wrong start, wrong goal, then the moves in path
/// order.
pub fn check_path<M: Model + ?Sized>(
    model: &M,
    start: Pos,
    goal: Pos,
    path: &[Pos],
) -> Result<f64, PathError> {
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return Err(PathError::Empty);
    };
    if first != start {
        return Err(PathError::WrongStart {
            expected: start,
            found: first,
        });
    }
    if last != goal {
        return Err(PathError::WrongGoal {
            expected: goal,
            found: last,
        });
    }
    if path.len() == 1 && !model.is_position(start) {
        return Err(PathError::StartNotPosition(start));
    }
    let mut cost = 0.0_f64;
    for (index, pair) in path.windows(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        match model.step(from, to) {
            Ok(c) => cost += c,
            Err(why) => {
                return Err(PathError::IllegalStep {
                    index,
                    from,
                    to,
                    why,
                });
            }
        }
    }
    Ok(cost)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex_ref::{HexModel, Layout};
    use crate::square_ref::{
        Connectivity, DiagonalRule, SQRT2, SquareModel, parse_picture, unit_multipliers,
    };

    fn square(pic: &str, c: Connectivity, r: DiagonalRule, s: u8) -> SquareModel {
        let (w, h, cells) = parse_picture(pic);
        SquareModel::new(w, h, cells, &unit_multipliers(), c, r, s)
    }

    const PIC: &str = "
        .#.
        ...
        ...";

    #[test]
    fn accepts_and_prices_in_order() {
        let m = square(PIC, Connectivity::Eight, DiagonalRule::NoCornerCutting, 1);
        let path = [(0, 0), (0, 1), (1, 2), (2, 1), (2, 0)];
        let c = check_path(&m, (0, 0), (2, 0), &path).unwrap();
        let expected = ((0.0 + 1.0) + SQRT2) + SQRT2 + 1.0;
        assert_eq!(c.to_bits(), expected.to_bits());
        assert_eq!(check_path(&m, (1, 1), (1, 1), &[(1, 1)]), Ok(0.0));
    }

    #[test]
    fn names_the_broken_step() {
        let m = square(PIC, Connectivity::Eight, DiagonalRule::NoCornerCutting, 1);
        // (0,0) -> (1,1) cuts the corner of the wall at (1,0).
        assert_eq!(
            check_path(&m, (0, 0), (2, 1), &[(0, 0), (1, 1), (2, 1)]),
            Err(PathError::IllegalStep {
                index: 0,
                from: (0, 0),
                to: (1, 1),
                why: Illegal::DiagonalRule {
                    beside_x: false,
                    beside_y: true
                }
            })
        );
        // A jump of two cells.
        assert!(matches!(
            check_path(&m, (0, 1), (2, 1), &[(0, 1), (2, 1)]),
            Err(PathError::IllegalStep {
                index: 0,
                why: Illegal::NotAdjacent,
                ..
            })
        ));
        // Through the wall.
        assert!(matches!(
            check_path(&m, (0, 1), (1, 0), &[(0, 1), (1, 1), (1, 0)]),
            Err(PathError::IllegalStep {
                index: 1,
                why: Illegal::ToNotWalkable,
                ..
            })
        ));
        // Leaving the grid.
        assert!(matches!(
            check_path(&m, (0, 0), (0, 0), &[(0, 0), (-1, 0), (0, 0)]),
            Err(PathError::IllegalStep {
                index: 0,
                why: Illegal::ToOutside,
                ..
            })
        ));
        // Four-connected refuses the diagonal.
        let m4 = square(PIC, Connectivity::Four, DiagonalRule::AllowAll, 1);
        assert!(matches!(
            check_path(&m4, (0, 1), (1, 2), &[(0, 1), (1, 2)]),
            Err(PathError::IllegalStep {
                why: Illegal::DiagonalNotAllowed,
                ..
            })
        ));
    }

    #[test]
    fn endpoints() {
        let m = square(PIC, Connectivity::Four, DiagonalRule::AllowAll, 1);
        assert_eq!(check_path(&m, (0, 0), (0, 1), &[]), Err(PathError::Empty));
        assert_eq!(
            check_path(&m, (0, 0), (0, 1), &[(0, 1)]),
            Err(PathError::WrongStart {
                expected: (0, 0),
                found: (0, 1)
            })
        );
        assert_eq!(
            check_path(&m, (0, 0), (0, 2), &[(0, 0), (0, 1)]),
            Err(PathError::WrongGoal {
                expected: (0, 2),
                found: (0, 1)
            })
        );
        assert_eq!(
            check_path(&m, (1, 0), (1, 0), &[(1, 0)]),
            Err(PathError::StartNotPosition((1, 0)))
        );
        let msg = check_path(&m, (1, 0), (1, 0), &[(1, 0)])
            .unwrap_err()
            .to_string();
        assert!(msg.contains("(1, 0)"), "{msg}");
    }

    #[test]
    fn agent_size_and_hooks() {
        let pic = "
            ...
            ...
            ..#";
        let m = square(pic, Connectivity::Eight, DiagonalRule::NoCornerCutting, 2);
        assert_eq!(check_path(&m, (0, 0), (1, 0), &[(0, 0), (1, 0)]), Ok(1.0));
        assert!(matches!(
            check_path(&m, (0, 0), (1, 1), &[(0, 0), (1, 1)]),
            Err(PathError::IllegalStep {
                why: Illegal::ToNotWalkable,
                ..
            })
        ));
        let m = square(pic, Connectivity::Four, DiagonalRule::NoCornerCutting, 1)
            .with_step_hook(|_, to, base| if to == (1, 1) { -1.0 } else { base * 3.0 });
        assert_eq!(
            check_path(&m, (0, 0), (2, 0), &[(0, 0), (1, 0), (2, 0)]),
            Ok(6.0)
        );
        assert!(matches!(
            check_path(&m, (0, 1), (2, 1), &[(0, 1), (1, 1), (2, 1)]),
            Err(PathError::IllegalStep {
                index: 0,
                why: Illegal::RemovedByHook(_),
                ..
            })
        ));
    }

    #[test]
    fn hex_paths() {
        let m = HexModel::new(3, 2, Layout::FlatOddColumn, vec![0; 6], &unit_multipliers());
        // Flat odd: (0,0) axial (0,0); (1,0) axial (1,0); (2,0) axial (2,-1). Adjacent chain.
        assert_eq!(
            check_path(&m, (0, 0), (2, 0), &[(0, 0), (1, 0), (2, 0)]),
            Ok(2.0)
        );
        // (0,1) axial (0,1) and (1,0) axial (1,0): direction (+1,-1), a neighbour.
        assert_eq!(check_path(&m, (0, 1), (1, 0), &[(0, 1), (1, 0)]), Ok(1.0));
        // (0,0) and (1,1) (axial (1,1)) are two steps apart.
        assert!(matches!(
            check_path(&m, (0, 0), (1, 1), &[(0, 0), (1, 1)]),
            Err(PathError::IllegalStep {
                why: Illegal::NotAdjacent,
                ..
            })
        ));
    }
}
