//! The cross-engine property: the specialised engine and the generic core
//! (`specialized_engines(false)`) answer the same query alike.

use onepath::math::SQRT2;
use onepath::{Cell, Grid, Step};

use super::lane::Outcome;
use crate::paths::octile_steps;

/// Compares the unsliced results of the specialised lane (`fast`) and the generic lane
/// (`generic`) for one query on `grid`:
/// - the same family runs, the generic lane never on a specialised engine;
/// - found and no-path agree;
/// - when the query does not qualify for a specialised engine both ran the generic core:
///   identical outcomes (path, counts, cost bits);
/// - otherwise both paths are legal octile paths from `start` to `goal` with the same
///   straight and diagonal step counts `(a, b)` (both are optimal and `a + b·√2` determines
///   the pair), the specialised cost is exactly `m · (a + b·√2)`, and the generic cost — a
///   sum of doubles in path order — is within the documented relative 1e-9 of it. (Bit for
///   bit equality of the two costs is not a property of the library: the generic sum rounds
///   differently, e.g. 18.485281374238575 against the exact 18.48528137423857 for 10
///   straight and 6 diagonal unit steps.)
pub fn compare(grid: &Grid, fast: &Outcome, generic: &Outcome, start: Cell, goal: Cell) {
    assert_eq!(
        fast.algorithm, generic.algorithm,
        "both lanes run the same family"
    );
    assert!(
        !generic.specialized,
        "specialized_engines(false) ran a specialised engine"
    );
    assert_eq!(
        fast.state, generic.state,
        "found / no path differ between engines"
    );
    if !fast.specialized {
        assert_eq!(fast, generic, "both lanes ran the generic core");
        return;
    }
    if fast.state != Step::Found {
        return;
    }
    let steps =
        |o: &Outcome| octile_steps(grid, &o.path, start, goal).unwrap_or_else(|e| panic!("{e}"));
    let (a, b) = steps(fast);
    assert_eq!(
        steps(generic),
        (a, b),
        "optimal paths with different exact costs"
    );
    let m = grid.areas().min_cost();
    let exact = m * (f64::from(a) + f64::from(b) * SQRT2);
    assert_eq!(
        fast.cost_bits,
        exact.to_bits(),
        "specialised cost is not m(a + b√2)"
    );
    // The generic core sums doubles step by step, so its last bits may differ from the exact
    // pair (`docs/determinism.md`, "Which engine breaks ties how": relative 1e-9).
    let (f, g) = (fast.cost(), generic.cost());
    assert!(
        (f - g).abs() <= 1e-9 * f.max(1.0),
        "generic cost {g} vs specialised {f} ({a} straight, {b} diagonal, m = {m})"
    );
}
