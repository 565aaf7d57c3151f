//! The reachability rules of a kind-6 restore (`docs/snapshot-format.md`, "Kind 6", "What
//! restore proves"; issue 27): the rules that a record-by-record check (`search_state.rs`:
//! ranges, a closed parent, `g = g(parent) + c` bit for bit, line of sight) cannot make,
//! because they speak of what the search did *around* a record.
//!
//! - **Every record was set by an offer** ([`Proof::check_offers`]): its parent is the parent
//!   an expanded grid neighbour's expansion offers it ([`candidate`], the search's own
//!   function), or — Lazy Theta* only — the closed neighbour `SetVertex` took (a closed node
//!   under Lazy, any node under LazyRequeue, whose repaired node goes back into the open set).
//! - **Every expanded record is relaxed** ([`Proof::check_relaxed`], through
//!   `state/relaxation.rs` with [`Reopening::Never`]: Theta* never reopens a closed node): for
//!   every legal move `s → t` out of an expanded `s` to a `t` that is not closed, `t` is
//!   reached with `g(t) <=` the candidate `s` offered, recomputed as the search computes it
//!   after `SetVertex` fixed `s`'s parent (the stored parent: a closed node never changes
//!   again). LazyRequeue repairs an open node upwards (`SetVertex` replaces an optimistic g by
//!   the cheapest closed neighbour's), so there an offer made before the repair is reflected by
//!   `g(t) <= g(s) + c(s, t)`, the bound the repair keeps; the check takes the larger of the
//!   two. Under Theta* and LazyRequeue a found goal is held to the rule as the open node it was
//!   until its last pop (that pop changed nothing).
//! - **A finished state is one the loop stops in** ([`Proof::check_finish`]): `Found` popped
//!   its goal before every open entry (nothing was pushed after it) — under Lazy Theta* with the
//!   key it was popped with, the cheapest offer of its expanded neighbours, and with the g that
//!   pop left (that key's or the repair's); `NoPath` has no closed goal.
//!
//! With the open set holding exactly the not-closed records, these make every walkable
//! neighbour of an expanded node reached, so the open set cannot empty while a path to a goal
//! that is not closed exists: no accepted state answers `NoPath` where a path exists, and every
//! path it answers is a chain of segments with line of sight costing its in-order sum. Every
//! loop is over the records (eight moves each, a line-of-sight walk bounded by the grid's side).

use super::search::{Expanding, ThetaVariant, candidate, for_each_move, repair_cost, sees, xy};
use crate::grid::Grid;
use crate::search::node_records::{NodeRecord, expanded_records, open_entry};
use crate::search::{NO_NODE, pop_rank};
use crate::state::StateError;
use crate::state::codec::invalid;
use crate::state::relaxation::{ReachedSet, Reopening, check_relaxed};
use crate::state::sorted_records::SortedRecords;
use crate::topology::Heuristic;

/// A validated kind-6 record set (ids increasing, parents closed records, g exact) and what
/// the search needs to recompute its offers.
pub(super) struct Proof<'r, 'a, H> {
    pub(super) grid: &'a Grid,
    pub(super) variant: ThetaVariant,
    /// The unit cost (the grid's smallest multiplier) and the weight.
    pub(super) m: f64,
    pub(super) weight: f64,
    pub(super) heuristic: &'r H,
    pub(super) records: &'r SortedRecords<'a, NodeRecord>,
    pub(super) start: u32,
    pub(super) goal: u32,
    /// The state is `Found` (its goal closed by the pop that ended the search).
    pub(super) found: bool,
}

/// The records as the relaxation check reads them, with `as_open` (a found goal under Theta*
/// and LazyRequeue, else `NO_NODE`) read as the open node it was until its last pop.
struct Reached<'r, 'a> {
    records: &'r SortedRecords<'a, NodeRecord>,
    as_open: u32,
}

impl ReachedSet for Reached<'_, '_> {
    type Cost = f64;

    fn reached(&self, node: u32) -> Option<(f64, bool)> {
        self.records
            .reached(node)
            .map(|(g, closed)| (g, closed && node != self.as_open))
    }

    fn no_worse(g: f64, candidate: f64) -> bool {
        // `expand` replaces a node's g only by a strictly lower candidate.
        g <= candidate
    }
}

impl<H: Heuristic> Proof<'_, '_, H> {
    /// The record of `node` if the search expanded it (closed, and not a found goal).
    fn expanded(&self, node: u32) -> Option<NodeRecord> {
        let rec = self.records.get(self.records.find(node)?);
        (rec.closed && !(self.found && node == self.goal)).then_some(rec)
    }

    /// `s` as the search expanded it: its stored parent is the one `SetVertex` left.
    fn expanding(&self, s: &NodeRecord) -> Expanding {
        let parent = (s.parent != NO_NODE).then(|| {
            let g = self
                .records
                .find(s.parent)
                .map_or(0.0, |j| self.records.get(j).g);
            (s.parent, xy(self.grid, s.parent), g)
        });
        Expanding {
            node: s.node,
            at: xy(self.grid, s.node),
            g: s.g,
            parent,
        }
    }

    /// The candidate g the expansion of `s` offers `t` at `t_at`, as `expand` computes it.
    fn offer(&self, s: &Expanding, t: u32, t_at: (i64, i64)) -> (f64, u32) {
        candidate(self.variant, self.m, s, t_at, |p| sees(self.grid, p, t))
    }

    /// Whether `expand` would skip the offer `g` to `t` (its key is NaN).
    fn skipped(&self, g: f64, t: u32) -> bool {
        (g + self.weight * self.heuristic.estimate(t)).is_nan()
    }

    /// Every record but the start has the parent an expanded neighbour offered it, or (Lazy
    /// Theta*) the closed neighbour `SetVertex` gave it. Its g is then that offer's: the record
    /// check proved `g = g(parent) + c(parent, node)` bit for bit.
    ///
    /// # Errors
    ///
    /// `theta.reached.offer` for a record no expansion could have set.
    pub(super) fn check_offers(&self) -> Result<(), StateError> {
        for i in 0..self.records.len() {
            let t = self.records.get(i);
            if t.node == self.start {
                continue;
            }
            let repaired = match self.variant {
                ThetaVariant::Theta => false,
                ThetaVariant::Lazy => t.closed,
                ThetaVariant::LazyRequeue => true,
            };
            let t_at = xy(self.grid, t.node);
            let mut set = false;
            for_each_move(self.grid, t_at.0, t_at.1, |s, _, _| {
                if set {
                    return;
                }
                let Some(sr) = self.expanded(s) else { return };
                if s == t.parent && repaired {
                    set = true;
                } else if s == t.parent || sr.parent == t.parent {
                    // The offer goes through `s` or its parent: no other can name `t.parent`.
                    set = self.offer(&self.expanding(&sr), t.node, t_at).1 == t.parent;
                }
            });
            if !set {
                return Err(invalid("theta.reached.offer"));
            }
        }
        Ok(())
    }

    /// Every expanded record offered each neighbour that is not closed a candidate its record
    /// reflects (`state/relaxation.rs`, [`Reopening::Never`]).
    ///
    /// # Errors
    ///
    /// `theta.reached.relaxed` at the first offer the state does not reflect.
    pub(super) fn check_relaxed(&self) -> Result<(), StateError> {
        let requeue = self.variant == ThetaVariant::LazyRequeue;
        let set = Reached {
            records: self.records,
            as_open: if self.found && self.variant != ThetaVariant::Lazy {
                self.goal
            } else {
                NO_NODE
            },
        };
        let found_goal = if self.found { self.goal } else { NO_NODE };
        check_relaxed(
            &set,
            Reopening::Never,
            expanded_records(self.records, found_goal),
            |s, offers| {
                let from = self.expanding(&s);
                for_each_move(self.grid, from.at.0, from.at.1, |t, tx, ty| {
                    // `expand` skips a closed neighbour before it tests anything.
                    if set.reached(t).is_some_and(|(_, closed)| closed) {
                        return;
                    }
                    let (cand, _) = self.offer(&from, t, (tx, ty));
                    if self.skipped(cand, t) {
                        return;
                    }
                    let bound = if requeue {
                        // A repair after this offer leaves g(t) <= g(s) + c(s, t).
                        let repair = repair_cost(s.g, self.m, (tx, ty), from.at);
                        if cand < repair { repair } else { cand }
                    } else {
                        cand
                    };
                    offers.offer(t, bound);
                });
            },
            "theta.reached.relaxed",
        )
    }

    /// A found goal was popped before every open entry; a state with no path has no closed
    /// goal (the caller checked that its open set is empty).
    ///
    /// # Errors
    ///
    /// `theta.found_goal` or `theta.no_path`.
    pub(super) fn check_finish(&self, open: &[u8], goal_closed: bool) -> Result<(), StateError> {
        if !self.found {
            return if goal_closed {
                Err(invalid("theta.no_path"))
            } else {
                Ok(())
            };
        }
        let bad = invalid("theta.found_goal");
        let goal = self.records.get(self.records.find(self.goal).ok_or(bad)?);
        // The g the goal was popped with: its stored g, but under Lazy Theta* the pop may have
        // repaired it, and the key it popped with is the cheapest offer it had received.
        let popped = if self.variant == ThetaVariant::Lazy && goal.node != self.start {
            let at = xy(self.grid, goal.node);
            let (mut best, mut repair) = (f64::INFINITY, f64::INFINITY);
            for_each_move(self.grid, at.0, at.1, |s, _, _| {
                let Some(sr) = self.expanded(s) else { return };
                let from = self.expanding(&sr);
                let (cand, _) = self.offer(&from, goal.node, at);
                if !self.skipped(cand, goal.node) && cand < best {
                    best = cand;
                }
                let c = repair_cost(sr.g, self.m, at, from.at);
                if c < repair {
                    repair = c;
                }
            });
            let bits = goal.g.to_bits();
            if !best.is_finite() || (bits != best.to_bits() && bits != repair.to_bits()) {
                return Err(bad);
            }
            best
        } else {
            goal.g
        };
        let key = popped + self.weight * self.heuristic.estimate(goal.node) + 0.0;
        if key.is_nan() {
            return Err(bad);
        }
        if open.len() >= 12 {
            let (node, f) = open_entry(open, 0);
            let g = self
                .records
                .find(node)
                .map_or(0.0, |i| self.records.get(i).g);
            if pop_rank(goal.node, key, popped) >= pop_rank(node, f, g) {
                return Err(bad);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::Grid;
    use crate::search::Step;
    use crate::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};

    /// Defence in depth behind the restore bound: a line-of-sight count at `u64::MAX` (which no
    /// restore accepts) saturates instead of overflowing, in every variant.
    #[test]
    fn the_line_of_sight_count_saturates() {
        let grid = Grid::from_text(".....\n.##..\n.....").unwrap();
        for v in [
            ThetaVariant::Theta,
            ThetaVariant::Lazy,
            ThetaVariant::LazyRequeue,
        ] {
            let mut s = ThetaSearch::new(v, EuclideanHeuristic::new(5, 1.0));
            let _ = s.try_begin(&grid, 0, 14);
            let _ = s.step(&grid, 1);
            s.los_checks = u64::MAX;
            assert_eq!(s.run(&grid), Step::Found);
            assert_eq!(s.los_checks(), u64::MAX, "{v:?}");
        }
    }
}
