//! What an HPA* answer must satisfy, judged from the definitions alone (spec: grids.md, "HPA*",
//! "Guarantees" and Verification): a path exists exactly when the reference Dijkstra
//! ([`crate::dijkstra_ref`]) reaches the goal; every move is legal under the brute-force move
//! rules of [`crate::square_ref`]; its cost, re-priced move by move in path order, is the cost
//! reported and never below the optimum. HPA* is not optimal, so this is a judge, not a second
//! implementation.

use crate::model::{Model, Pos};
use crate::path_check::check_path;

/// The verdict on one answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// The optimal cost (`+inf` when unreachable).
    pub optimum: f64,
    /// The re-priced cost of the path (`None` when no path was returned).
    pub priced: Option<f64>,
}

/// Judges a returned `path` (empty for "no path") from `start` to `goal`, reported at `cost`,
/// against the optimum `optimum` from the reference Dijkstra.
///
/// # Errors
/// A message naming the defect: a path where none exists or none where one does, an illegal
/// move, a cost that differs from the re-priced one, or a cost below the optimum (beyond a
/// relative 1e-12 for rounding between equal-length paths summed in different orders).
pub fn judge<M: Model + ?Sized>(
    model: &M,
    start: Pos,
    goal: Pos,
    path: &[Pos],
    cost: f64,
    optimum: f64,
) -> Result<Verdict, String> {
    match (path.is_empty(), optimum.is_finite()) {
        (true, false) => {
            return Ok(Verdict {
                optimum,
                priced: None,
            });
        }
        (true, true) => return Err(format!("no path, but the optimum is {optimum}")),
        (false, false) => return Err("a path, but the goal is unreachable".into()),
        (false, true) => {}
    }
    let priced = check_path(model, start, goal, path).map_err(|e| format!("illegal path: {e}"))?;
    if priced.to_bits() != cost.to_bits() {
        return Err(format!(
            "reported cost {cost} but the moves sum to {priced}"
        ));
    }
    if priced < optimum * (1.0 - 1e-12) {
        return Err(format!("cost {priced} is below the optimum {optimum}"));
    }
    Ok(Verdict {
        optimum,
        priced: Some(priced),
    })
}
