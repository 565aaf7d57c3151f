//! The relaxation half of what restore proves (DESIGN.md §5; `docs/snapshot-format.md`,
//! "What restore proves"), written once for every snapshot kind.
//!
//! The parent rules each kind already checks (every record set by its parent through a legal
//! move, `g(child) >= g(parent) + step`) keep loops and impossible costs out of a restored
//! state, but not *missing work*: a snapshot whose open leaves were dropped, or whose closed
//! set was pruned, passes every parent rule and continues to a wrong answer. The other half is
//! the invariant every best-first search keeps from the moment it expands a node:
//!
//! > for every expanded (closed) node `n` and every move `n → m` the search offers from `n`,
//! > with candidate cost `c` computed exactly as the search computes it, `m` is reached with
//! > `g(m) <= c` — or, in a family that never reopens a node, `m` is closed (and, where the
//! > family pops in a known order, closed no later than `n`: [`Offers::offer_ordered`]).
//!
//! It holds after the expansion (the search set `g(m)` to `c` or kept a smaller one) and stays
//! true afterwards: a reached `g` only decreases, and a closed node whose `g` decreases is open
//! again, so it is no longer among the nodes the rule speaks of. With the parent rules it makes
//! a restored state one the search's own loop maintains, so the continuation returns what a
//! search that was never stopped would: the optimal cost for the optimal families (every node
//! on an optimal path is either closed with its optimal `g` or has an open predecessor that
//! is — the classical A* lemma, Hart, Nilsson & Raphael 1968, Lemma 1), a legal, terminating
//! answer for the others.
//!
//! A kind uses it by describing its reached set ([`ReachedSet`]: `g` and closed flag by node,
//! and how two costs compare) and, for each expanded node, the moves its search offers
//! ([`Offers::offer`]). The driver [`check_relaxed`] does the rest: it stops at the first
//! offer that is not reflected and names the kind's field. It allocates nothing; its cost is
//! what the search spent expanding the closed nodes once.

use super::StateError;
use super::codec::invalid;

/// Whether the family may reopen a closed node (A* with an inconsistent estimate or rounding,
/// the graph searches) or never does (Theta* and its variants, the jump engines' closed set).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Reopening {
    /// A closed node whose `g` improves is reopened: every offer must be reflected by `g`.
    Reopens,
    /// A closed node is never touched again: an offer to a closed node is reflected by the
    /// closed flag alone.
    Never,
}

/// A restored state's reached nodes, as the relaxation check reads them.
pub(crate) trait ReachedSet {
    /// The search's cost type (`f64`, or the exact pair costs of the specialised engines).
    type Cost: Copy;
    /// `g` and the closed flag of `node`, if it is reached.
    fn reached(&self, node: u32) -> Option<(Self::Cost, bool)>;
    /// Whether `g` is no worse than the offered `candidate` (`g <= candidate`, compared as the
    /// search compares when it decides whether to update a node).
    fn no_worse(g: Self::Cost, candidate: Self::Cost) -> bool;
}

/// The sink a kind hands its offers to while [`check_relaxed`] visits one expanded node.
pub(crate) struct Offers<'s, S: ReachedSet> {
    set: &'s S,
    reopening: Reopening,
    violated: bool,
}

impl<S: ReachedSet> Offers<'_, S> {
    /// The search, expanding the current node, would offer `node` the cost `candidate`.
    pub(crate) fn offer(&mut self, node: u32, candidate: S::Cost) {
        self.offer_ordered(node, candidate, true);
    }

    /// [`Offers::offer`] for a family that pops in a known order ([`Reopening::Never`] with
    /// a consistent estimate: the keys popped never decrease). `closed_first` says whether
    /// `node`, if it is closed, may have been closed before the expanding node (its key is no
    /// greater). A closed node that popped *after* the expanding node was open when the
    /// search made this offer, so its `g` must reflect the offer like an open node's (issue
    /// 27: a snapshot whose goal was closed late with a worse `g` than an earlier expansion
    /// offered it passed the closed-flag rule and continued to a suboptimal path).
    pub(crate) fn offer_ordered(&mut self, node: u32, candidate: S::Cost, closed_first: bool) {
        let reopening = if closed_first {
            self.reopening
        } else {
            Reopening::Reopens
        };
        if !self.violated && !reflected(self.set, reopening, node, candidate) {
            self.violated = true;
        }
    }
}

/// Whether the state reflects the offer of `candidate` to `node`.
pub(crate) fn reflected<S: ReachedSet>(
    set: &S,
    reopening: Reopening,
    node: u32,
    candidate: S::Cost,
) -> bool {
    match set.reached(node) {
        None => false,
        Some((_, true)) if reopening == Reopening::Never => true,
        Some((g, _)) => S::no_worse(g, candidate),
    }
}

/// Checks that every node of `expanded` (the closed records whose expansion the search ran:
/// every closed record but a found goal, which is closed by its pop and never expanded; each
/// item is whatever the kind needs to enumerate, a node id or its record) is relaxed:
/// `expand(item, offers)` must hand `offers` every move the search offers from that node, with
/// the cost it would offer.
///
/// # Errors
///
/// [`StateError::InvalidField`] naming `field` at the first expanded node with an offer the
/// state does not reflect.
pub(crate) fn check_relaxed<S: ReachedSet, E>(
    set: &S,
    reopening: Reopening,
    expanded: impl IntoIterator<Item = E>,
    mut expand: impl FnMut(E, &mut Offers<'_, S>),
    field: &'static str,
) -> Result<(), StateError> {
    let mut offers = Offers {
        set,
        reopening,
        violated: false,
    };
    for node in expanded {
        expand(node, &mut offers);
        if offers.violated {
            return Err(invalid(field));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Offers, ReachedSet, Reopening, check_relaxed, reflected};

    /// Nodes 0..3 with (g, closed).
    struct Table([Option<(f64, bool)>; 3]);

    impl ReachedSet for Table {
        type Cost = f64;
        fn reached(&self, node: u32) -> Option<(f64, bool)> {
            self.0.get(node as usize).copied().flatten()
        }
        fn no_worse(g: f64, candidate: f64) -> bool {
            g <= candidate
        }
    }

    #[test]
    fn an_offer_is_reflected_by_a_reached_node_no_worse_than_it() {
        let t = Table([Some((0.0, true)), Some((1.0, false)), None]);
        assert!(reflected(&t, Reopening::Reopens, 1, 1.0));
        assert!(reflected(&t, Reopening::Reopens, 1, 2.0));
        assert!(
            !reflected(&t, Reopening::Reopens, 1, 0.5),
            "a better offer lost"
        );
        assert!(
            !reflected(&t, Reopening::Reopens, 2, 9.0),
            "an offer never reached"
        );
        assert!(!reflected(&t, Reopening::Reopens, 0, -1.0));
        assert!(
            reflected(&t, Reopening::Never, 0, -1.0),
            "a closed node ignores offers when the family never reopens"
        );
        assert!(!reflected(&t, Reopening::Never, 1, 0.5));
    }

    #[test]
    fn a_closed_node_closed_after_the_offer_must_reflect_it_by_g() {
        // Node 1 closed with g 1.0; node 0 offers it 0.5.
        let t = Table([Some((0.0, true)), Some((1.0, true)), None]);
        let run = |closed_first: bool| {
            check_relaxed(
                &t,
                Reopening::Never,
                [0u32],
                |_, o| o.offer_ordered(1, 0.5, closed_first),
                "k.relaxed",
            )
        };
        assert!(run(true).is_ok(), "closed before the expansion: final");
        assert!(
            run(false).is_err(),
            "closed after it: the better offer was lost"
        );
    }

    #[test]
    fn the_driver_names_the_field_at_the_first_unreflected_offer() {
        let t = Table([Some((0.0, true)), Some((1.0, true)), None]);
        let expand = |n: u32, o: &mut Offers<'_, Table>| o.offer(n + 1, f64::from(n) + 1.0);
        // Node 0 offers 1 at 1.0 (reflected); node 1 offers 2, which is not reached.
        assert!(check_relaxed(&t, Reopening::Reopens, [0], expand, "k.relaxed").is_ok());
        let err = check_relaxed(&t, Reopening::Reopens, [0, 1], expand, "k.relaxed");
        assert_eq!(
            err.unwrap_err(),
            crate::state::StateError::InvalidField { field: "k.relaxed" }
        );
        let none: [u32; 0] = [];
        assert!(check_relaxed(&t, Reopening::Reopens, none, expand, "k").is_ok());
    }
}
