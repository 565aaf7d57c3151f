//! The issue-27 property over consistently edited snapshots ([`crate::consistent`]), for every
//! kind that restores a search: 2 (generic A*), 3 (the handle), 4 and 5 (the specialised
//! engines), 6 (Theta*), 8 (replanner), 9 (HPA*), 12 and 13 (graphs), the `OPLM` landmark
//! tables, 15 (the hex handle, `super::hex`), 16 and 17 (the navigation mesh and its
//! corridor search, `super::navmesh`) and 18 (the Polyanya search, `super::polyanya`), which
//! damage real snapshots rather than edit records.
//!
//! A case takes a real snapshot the engine saved (endpoints, pops and options from the
//! input), a donor snapshot of the same kind from a twin world of the same size, applies the
//! consistent edits the input chooses (sometimes followed by byte damage, re-sealed), and
//! restores the bytes into a target that holds a search of its own. Then:
//!
//! - **refused**: the target's `save_state` bytes are the ones it saved before (atomic
//!   refusal); the engine's own unedited snapshot is never refused;
//! - **accepted**: the search reaches a terminal state within `64 · nodes + 4096` steps; its
//!   answer is the one a fresh search from scratch gives on the same map, from the same
//!   endpoints and under the restored options — the same status; a found path from the start
//!   to the goal whose every step is a legal move of the map and whose step sum is the
//!   reported cost (relative 1e-9); for the optimal families (A*, Dijkstra, JPS, the octile
//!   engines, graph A* with an admissible estimate, the bidirectional search) the optimal
//!   cost: the same bits where costs are exact (kinds 4 and 5: pairs; the graphs: integer
//!   weights), else within relative 1e-9; Theta*, HPA* and the replanners: status, legality
//!   and (HPA*, the replanners) never below the optimum;
//! - **the engine's own state**, unedited, continues bit for bit as the search that saved it
//!   (state, path, cost bits, counters).
//!
//! A failed property is a [`Outcome::Violated`]. [`judge`] asserts it when the kind is in
//! [`PROVEN_KINDS`](crate::consistent::PROVEN_KINDS), or always for the bit-for-bit
//! continuation of the engine's own state (a false refusal is a finding on every branch).

use onepath::graph::{CsrGraph, GraphHeuristic, ZeroGraphHeuristic};
use onepath::graph_search::{
    AltGraphHeuristic, BidirectionalGraphSearch, GraphAStar, LandmarkOptions, LandmarkSelection,
    Landmarks,
};
use onepath::grid::SquareTopology;
use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
use onepath::search::Step;
use onepath::state::HEADER_LEN;
use onepath::theta::{
    EuclideanHeuristic, GridLineOfSight, ThetaSearch, ThetaVariant, waypoint_cost,
};
use onepath::topology::{DefaultStepCost, Heuristic, Topology};
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, GridReplanner, PathStatus,
};

use super::subjects::{FastAStar, FastJps, FastJpsPlus, GenericAStar, Handle, Subject};
use super::{busy, mutate, replan, take_snapshot, world};
use crate::consistent::rules::{
    GraphRules, GridHeuristic, GridRules, HpaRules, OctileRules, ThetaRules,
};
use crate::consistent::{self, OPLM, Rules, frame_kind, le32, proven};
use crate::input::Input;
use crate::paths::step_cost_sum;

/// What restoring one edited snapshot came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Refused, the target unchanged.
    Refused,
    /// Accepted, and the property held.
    Accepted,
    /// The property failed: `always` for the engine's own unedited state (asserted on every
    /// branch), else asserted only for the kinds in `PROVEN_KINDS`.
    Violated {
        /// What failed.
        msg: String,
        /// Asserted whatever the kind.
        always: bool,
    },
}

/// One case: the kind, the edits applied (0: the engine's own bytes), the outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The snapshot kind ([`OPLM`] for the landmark tables).
    pub kind: u16,
    /// Edits applied.
    pub edits: u32,
    /// The outcome.
    pub outcome: Outcome,
    /// Whether the kind is proven (kind 3: and its nested kind), so [`judge`] asserts.
    pub proven: bool,
}

/// Number of case targets.
pub const TARGETS: u32 = 15;

/// The kind each case target restores.
pub const TARGET_KINDS: [u16; TARGETS as usize] =
    [2, 3, 4, 5, 5, 6, 9, 12, 13, OPLM, 8, 15, 16, 17, 18];

/// Asserts the property a case failed, when the kind is proven (or always, see [`Outcome`]).
pub fn judge(case: &Case) {
    if let Outcome::Violated { msg, always } = &case.outcome {
        assert!(
            !(*always || case.proven),
            "kind {} ({} edits): {msg}",
            case.kind,
            case.edits
        );
    }
}

/// Whether the answer property is asserted for a frame (kind 3: its nested kind too).
pub fn proven_frame(bytes: &[u8]) -> bool {
    match frame_kind(bytes) {
        Some(3) => {
            proven(3)
                && bytes
                    .get(crate::frame::NESTED_AT..)
                    .and_then(frame_kind)
                    .is_some_and(proven)
        }
        Some(k) => proven(k),
        None => true,
    }
}

/// Runs case `target` on world map `map_index` with the rest of the input.
pub fn case(target: u32, map_index: u32, input: &mut Input<'_>) -> Case {
    let kind = TARGET_KINDS[(target % TARGETS) as usize];
    let (edits, outcome, frame_proven) = match target % TARGETS {
        0 => subject_case(GenericAStar::new, map_index, input, |g, f| {
            Some(frame_rules(g, f, &GridOptions::DEFAULT))
        }),
        1 => {
            let o = u32::from(input.u8());
            let options = world::handle_options(o);
            let improved = (o / world::HANDLE_OPTIONS) % 2 == 1;
            let make = move |_: &Grid| Handle::new(options).with_improved_pruning(improved);
            subject_case(make, map_index, input, move |g, f| {
                f.get(crate::frame::NESTED_AT..)
                    .map(|n| frame_rules(g, n, &options))
            })
        }
        2 => subject_case(
            |_| FastAStar::default(),
            map_index,
            input,
            |g, f| Some(frame_rules(g, f, &GridOptions::DEFAULT)),
        ),
        3 => subject_case(FastJps::new, map_index, input, |g, f| {
            Some(frame_rules(g, f, &GridOptions::DEFAULT))
        }),
        4 => subject_case(FastJpsPlus::new, map_index, input, |g, f| {
            Some(frame_rules(g, f, &GridOptions::DEFAULT))
        }),
        5 => with_kind(theta_case(map_index, input)),
        6 => with_kind(hpa_case(map_index, input)),
        7 => with_kind(graph_case::<false>(map_index, input)),
        8 => with_kind(graph_case::<true>(map_index, input)),
        9 => with_kind(landmark_case(map_index, input)),
        10 => with_kind(replan_case(map_index, input)),
        11 => with_kind(super::hex::hex_case(map_index, input)),
        12 => with_kind(super::navmesh::nav_case(16, map_index, input)),
        13 => with_kind(super::navmesh::nav_case(17, map_index, input)),
        _ => with_kind(super::polyanya::polyanya_case(map_index, input)),
    };
    Case {
        kind,
        edits,
        outcome,
        proven: frame_proven.unwrap_or_else(|| proven(kind)),
    }
}

fn with_kind((edits, outcome): (u32, Outcome)) -> (u32, Outcome, Option<bool>) {
    (edits, outcome, None)
}

fn violated(msg: String, always: bool) -> Outcome {
    Outcome::Violated { msg, always }
}

/// Relative agreement of two costs (1e-9, as the spec rounds).
fn close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// Step bound for a restored search on `nodes` nodes.
fn cap(nodes: u32) -> u64 {
    64 * u64::from(nodes) + 4096
}

/// The rules of a grid frame (kind 2, 4 or 5) for the search `options` describe.
fn frame_rules<'g>(grid: &'g Grid, frame: &[u8], options: &GridOptions) -> Box<dyn Rules + 'g> {
    let p = frame.get(HEADER_LEN..).unwrap_or(&[]);
    match frame_kind(frame) {
        Some(4) => Box::new(OctileRules {
            grid,
            goal: le32(p, 12),
            zero: p.get(16) == Some(&1),
            jump: None,
        }),
        Some(5) => Box::new(OctileRules {
            grid,
            goal: le32(p, 12),
            zero: p.get(18) == Some(&1),
            jump: Some(p.get(17) == Some(&1)),
        }),
        _ => {
            let goal = le32(p, 8);
            let weight = f64::from_bits(consistent::le64(p, 12));
            let topology = SquareTopology::new(
                grid,
                options.agent_size,
                options.connectivity,
                options.diagonal_rule,
            )
            .expect("preset options are valid");
            Box::new(GridRules {
                topology,
                heuristic: GridHeuristic::for_options(options, grid, goal),
                weight,
                jumps: options.algorithm != GridAlgorithm::AStar,
            })
        }
    }
}

/// A frame with the consistent edits, then (one input in eight) byte damage as well.
fn damage(bytes: Vec<u8>, edits: u32, input: &mut Input<'_>) -> (Vec<u8>, u32) {
    if input.u8() % 8 == 7 {
        (mutate::mutate(&bytes, input), edits + 1)
    } else {
        (bytes, edits)
    }
}

/// Steps a search to a terminal state within the bound [`cap`] sets for `grid`: `advance(n)`
/// runs `n` more iterations (none for 0) and returns the state after them.
fn bounded(grid: &Grid, mut advance: impl FnMut(u32) -> Step) -> Result<(), String> {
    let limit = cap(grid.cell_count());
    let mut pops = 0u64;
    while advance(0) == Step::InProgress {
        if pops > limit {
            return Err(format!("a restored search runs past {limit} iterations"));
        }
        let _ = advance(61);
        pops += 61;
    }
    Ok(())
}

/// Steps a subject to a terminal state within the bound.
fn settle<S: Subject>(s: &mut S, grid: &Grid) -> Result<(), String> {
    bounded(grid, |n| {
        if n > 0 {
            let _ = s.step(grid, n);
        }
        s.state()
    })
}

/// The answer property of a restored subject, against a fresh one under its restored options.
///
/// # Errors
///
/// What differs from the fresh answer, or an illegal move of the found path.
pub fn subject_answer<S: Subject>(t: &S, grid: &Grid) -> Result<(), String> {
    if t.state() == Step::Idle {
        return Ok(());
    }
    let (s, g) = t.endpoints(grid);
    let (start, goal) = (grid.cell_of(s), grid.cell_of(g));
    let mut fresh = t.fresh(grid);
    let _ = fresh.begin(grid, start, goal);
    settle(&mut fresh, grid)?;
    if t.state() != fresh.state() {
        return Err(format!(
            "restored search ends {:?}, a fresh one {:?} (cost {})",
            t.state(),
            fresh.state(),
            fresh.cost()
        ));
    }
    if t.state() != Step::Found {
        return Ok(());
    }
    let path = t
        .path(grid)
        .ok_or("copy_path refused a buffer of path_len cells")?;
    if path.first() != Some(&start) || path.last() != Some(&goal) {
        return Err(format!("path does not run from {start:?} to {goal:?}"));
    }
    let cost = t.cost();
    let sum = if t.exact_octile() {
        // The specialised engines price every cell at one cost m: legal octile moves, and on
        // a map with one cost exactly m·(a + b·√2).
        let (a, b) = crate::paths::octile_steps(grid, &path, start, goal)?;
        if grid.areas().is_uniform() {
            grid.areas().min_cost() * (f64::from(a) + f64::from(b) * onepath::math::SQRT2)
        } else {
            cost
        }
    } else {
        let (agent, conn, rule) = t.moves();
        let topo = SquareTopology::new(grid, agent, conn, rule).map_err(|e| format!("{e:?}"))?;
        step_cost_sum(&topo, grid, &path)?
    };
    if !close(cost, sum) {
        return Err(format!(
            "reported cost {cost} but the path's steps sum to {sum}"
        ));
    }
    if t.optimal() && fresh.optimal() {
        let want = fresh.cost();
        let ok = if t.exact_cost() {
            cost.to_bits() == want.to_bits()
        } else {
            close(cost, want)
        };
        if !ok {
            return Err(format!("cost {cost}, the optimum is {want}"));
        }
    }
    Ok(())
}

type Seen = (Step, u64, Option<Vec<Cell>>, (u32, u32));

fn seen<S: Subject>(s: &S, grid: &Grid) -> Seen {
    (s.state(), s.cost().to_bits(), s.path(grid), s.counters())
}

/// A case over one of the [`Subject`]s (kinds 2–5).
fn subject_case<S: Subject + Clone>(
    make: impl Fn(&Grid) -> S,
    map_index: u32,
    input: &mut Input<'_>,
    rules: impl for<'g> Fn(&'g Grid, &[u8]) -> Option<Box<dyn Rules + 'g>>,
) -> (u32, Outcome, Option<bool>) {
    let (edits, outcome, good) = subject_run(make, map_index, input, rules);
    (edits, outcome, Some(proven_frame(&good)))
}

fn subject_run<S: Subject + Clone>(
    make: impl Fn(&Grid) -> S,
    map_index: u32,
    input: &mut Input<'_>,
    rules: impl for<'g> Fn(&'g Grid, &[u8]) -> Option<Box<dyn Rules + 'g>>,
) -> (u32, Outcome, Vec<u8>) {
    let grid = world::map(map_index);
    let mut original = make(&grid);
    let good = take_snapshot(&mut original, &grid, input);
    let twin = world::twin(map_index, input.u8());
    let mut other = make(&twin);
    let donor = take_snapshot(&mut other, &twin, input);
    let (bytes, edits) = match rules(&grid, &good) {
        Some(r) => {
            let (b, e) = consistent::edit_frame(&good, &*r, Some(&donor), input);
            (b, e.edits)
        }
        None => (good.clone(), 0),
    };
    let (bytes, edits) = damage(bytes, edits, input);
    let mut target = busy(make(&grid), &grid);
    let before = target.save(&grid);
    if let Err(e) = target.restore(&grid, &bytes) {
        if edits == 0 {
            return (
                edits,
                violated(format!("its own snapshot refused: {e:?}"), true),
                good,
            );
        }
        if target.save(&grid) != before {
            let m = format!("a refused restore ({e:?}) changed the target");
            return (edits, violated(m, false), good);
        }
        return (edits, Outcome::Refused, good);
    }
    let always = edits == 0;
    if always {
        if let Err(m) = settle(&mut original, &grid).and_then(|()| settle(&mut target, &grid)) {
            return (edits, violated(m, true), good);
        }
        if seen(&original, &grid) != seen(&target, &grid) {
            let m = "its own snapshot continues otherwise".into();
            return (edits, violated(m, true), good);
        }
    }
    match settle(&mut target, &grid).and_then(|()| subject_answer(&target, &grid)) {
        Ok(()) => (edits, Outcome::Accepted, good),
        Err(m) => (edits, violated(m, always), good),
    }
}

fn pick_cell(open: &[Cell], input: &mut Input<'_>) -> Cell {
    open[usize::from(input.u16()) % open.len()]
}

fn pops(input: &mut Input<'_>) -> u32 {
    match input.u8() {
        255 => u32::MAX,
        p => u32::from(p % 24),
    }
}

// ---- kind 6: Theta* ----

type Theta = ThetaSearch<EuclideanHeuristic>;

fn theta_save(s: &Theta, grid: &Grid) -> Vec<u8> {
    let mut b = vec![0u8; s.state_size()];
    let n = s.save_state(grid.content_hash(), &mut b);
    assert_eq!(n, Ok(b.len()), "save writes state_size bytes");
    b
}

fn theta_run(s: &mut Theta, grid: &Grid) -> Result<(), String> {
    bounded(grid, |n| {
        if n > 0 {
            let _ = s.step(grid, n);
        }
        s.state()
    })
}

type ThetaSeen = (Step, Vec<u32>, u64, u32, u32, u32, u64);

fn theta_seen(s: &Theta) -> ThetaSeen {
    (
        s.state(),
        s.path(),
        s.cost().to_bits(),
        s.iterations(),
        s.expansions(),
        s.requeues(),
        s.los_checks(),
    )
}

fn theta_case(map_index: u32, input: &mut Input<'_>) -> (u32, Outcome) {
    let grid = world::map(map_index);
    let variant = [
        ThetaVariant::Theta,
        ThetaVariant::Lazy,
        ThetaVariant::LazyRequeue,
    ][input.below(3) as usize];
    let weight = [1.0, 1.0, 1.5, 0.0][input.below(4) as usize];
    let new = |g: &Grid| {
        ThetaSearch::new(
            variant,
            EuclideanHeuristic::new(g.width(), g.areas().min_cost()),
        )
        .with_weight(weight)
        .expect("a valid weight")
    };
    let take = |g: &Grid, input: &mut Input<'_>| {
        let open = world::open_cells(g);
        let mut s = new(g);
        let (a, b) = (pick_cell(&open, input), pick_cell(&open, input));
        let p = pops(input);
        let _ = s.try_begin_cells(g, a, b);
        let _ = s.step(g, p);
        s
    };
    let mut original = take(&grid, input);
    let good = theta_save(&original, &grid);
    let twin = world::twin(map_index, input.u8());
    let donor = theta_save(&take(&twin, input), &twin);
    let m = grid.areas().min_cost();
    let mut heuristic = EuclideanHeuristic::new(grid.width(), m);
    heuristic.set_goal(original.goal().min(grid.cell_count().saturating_sub(1)));
    let rules = ThetaRules {
        grid: &grid,
        m,
        weight,
        heuristic,
    };
    let (bytes, e) = consistent::edit_frame(&good, &rules, Some(&donor), input);
    let (bytes, edits) = damage(bytes, e.edits, input);
    let open = world::open_cells(&grid);
    let mut target = new(&grid);
    let _ = target.try_begin_cells(&grid, open[0], open[open.len() - 1]);
    let _ = target.step(&grid, 5);
    let before = theta_save(&target, &grid);
    if let Err(e) = target.restore_state(&grid, &bytes) {
        return refused(edits, e, theta_save(&target, &grid) == before);
    }
    let always = edits == 0;
    if always {
        if let Err(m) = theta_run(&mut original, &grid).and_then(|()| theta_run(&mut target, &grid))
        {
            return (edits, violated(m, true));
        }
        if theta_seen(&original) != theta_seen(&target) {
            return (
                edits,
                violated("its own snapshot continues otherwise".into(), true),
            );
        }
    }
    let answer = theta_run(&mut target, &grid).and_then(|()| {
        if target.state() == Step::Idle {
            return Ok(());
        }
        let mut fresh = new(&grid);
        let _ = fresh.try_begin(&grid, target.start(), target.goal());
        theta_run(&mut fresh, &grid)?;
        if fresh.state() != target.state() {
            return Err(format!(
                "restored search ends {:?}, a fresh one {:?} (cost {})",
                target.state(),
                fresh.state(),
                fresh.cost()
            ));
        }
        if target.state() == Step::Found {
            let cells: Vec<Cell> = target.path().iter().map(|&n| grid.cell_of(n)).collect();
            let (s, g) = (grid.cell_of(target.start()), grid.cell_of(target.goal()));
            if cells.first() != Some(&s) || cells.last() != Some(&g) {
                return Err("path does not run from start to goal".into());
            }
            for w in cells.windows(2) {
                if !GridLineOfSight::check(&grid, w[0], w[1]) {
                    return Err(format!("segment {w:?} has no line of sight"));
                }
            }
            let sum = waypoint_cost(&cells, m);
            if !close(target.cost(), sum) {
                return Err(format!(
                    "reported cost {} but the segments sum to {sum}",
                    target.cost()
                ));
            }
        }
        Ok(())
    });
    match answer {
        Ok(()) => (edits, Outcome::Accepted),
        Err(m) => (edits, violated(m, always)),
    }
}

fn refused(edits: u32, e: onepath::state::StateError, unchanged: bool) -> (u32, Outcome) {
    if edits == 0 {
        (
            edits,
            violated(format!("its own snapshot refused: {e:?}"), true),
        )
    } else if !unchanged {
        (
            edits,
            violated(
                format!("a refused restore ({e:?}) changed the target"),
                false,
            ),
        )
    } else {
        (edits, Outcome::Refused)
    }
}

// ---- kind 9: HPA* ----

const MOVES: [(Connectivity, DiagonalRule); 3] = [
    (Connectivity::Four, DiagonalRule::NoCornerCutting),
    (Connectivity::Eight, DiagonalRule::NoCornerCutting),
    (Connectivity::Eight, DiagonalRule::NoSqueezing),
];

fn hpa_save(s: &HpaSearch, hier: &HpaHierarchy, grid: &Grid) -> Vec<u8> {
    let mut b = vec![0u8; s.state_size()];
    let n = s.save_state(hier, grid, &mut b);
    assert_eq!(n, Ok(b.len()), "save writes state_size bytes");
    b
}

fn hpa_run(s: &mut HpaSearch, hier: &HpaHierarchy, grid: &Grid) -> Result<(), String> {
    let limit = cap(grid.cell_count());
    let mut pops = 0u64;
    while s.state() == Step::InProgress {
        if pops > limit {
            return Err(format!("a restored search runs past {limit} iterations"));
        }
        let _ = s.step(hier, grid, 61).map_err(|e| format!("{e:?}"))?;
        pops += 61;
    }
    Ok(())
}

fn hpa_case(map_index: u32, input: &mut Input<'_>) -> (u32, Outcome) {
    let grid = world::map(map_index);
    let (conn, rule) = MOVES[input.below(3) as usize];
    let config = HpaConfig::DEFAULT
        .with_chunk_size(2 + input.below(6))
        .with_threshold(1 + input.below(6))
        .with_moves(conn, rule);
    let smoothing = input.bool();
    let take = |g: &Grid, h: &HpaHierarchy, input: &mut Input<'_>| {
        let open = world::open_cells(g);
        let mut s = HpaSearch::new();
        s.set_smoothing(smoothing);
        let (a, b) = (pick_cell(&open, input), pick_cell(&open, input));
        let p = pops(input);
        let (a, b) = (g.index_of(a).unwrap_or(0), g.index_of(b).unwrap_or(0));
        if s.try_begin(h, g, a, b).is_ok() && s.state() == Step::InProgress {
            let _ = s.step(h, g, p);
        }
        s
    };
    let Ok(hier) = HpaHierarchy::build(&grid, config) else {
        return (0, Outcome::Refused);
    };
    let mut original = take(&grid, &hier, input);
    let good = hpa_save(&original, &hier, &grid);
    let twin = world::twin(map_index, input.u8());
    let donor = HpaHierarchy::build(&twin, config)
        .map(|th| hpa_save(&take(&twin, &th, input), &th, &twin))
        .ok();
    let (start, goal) = (original.start(), original.goal());
    let rules = HpaRules::new(&hier, &grid, start, goal);
    let (bytes, e) = consistent::edit_frame(&good, &rules, donor.as_deref(), input);
    let (bytes, edits) = damage(bytes, e.edits, input);
    let open = world::open_cells(&grid);
    let mut target = HpaSearch::new();
    let (a, b) = (
        grid.index_of(open[0]).unwrap_or(0),
        grid.index_of(open[open.len() - 1]).unwrap_or(0),
    );
    if target.try_begin(&hier, &grid, a, b).is_ok() {
        let _ = target.step(&hier, &grid, 5);
    }
    let before = hpa_save(&target, &hier, &grid);
    if let Err(e) = target.restore_state(&hier, &grid, &bytes) {
        return refused(edits, e, hpa_save(&target, &hier, &grid) == before);
    }
    let always = edits == 0;
    let key = |s: &HpaSearch| {
        (
            s.state(),
            s.path().to_vec(),
            s.cost().to_bits(),
            s.iterations(),
        )
    };
    if always {
        let ran =
            hpa_run(&mut original, &hier, &grid).and_then(|()| hpa_run(&mut target, &hier, &grid));
        if let Err(m) = ran {
            return (edits, violated(m, true));
        }
        if key(&original) != key(&target) {
            return (
                edits,
                violated("its own snapshot continues otherwise".into(), true),
            );
        }
    }
    let answer = hpa_run(&mut target, &hier, &grid).and_then(|()| {
        if target.state() == Step::Idle {
            return Ok(());
        }
        let (s, g) = (target.start(), target.goal());
        let mut fresh = HpaSearch::new();
        fresh.set_smoothing(smoothing);
        let _ = fresh
            .try_begin(&hier, &grid, s, g)
            .map_err(|e| format!("{e:?}"))?;
        hpa_run(&mut fresh, &hier, &grid)?;
        if fresh.state() != target.state() {
            return Err(format!(
                "restored search ends {:?}, a fresh one {:?} (cost {})",
                target.state(),
                fresh.state(),
                fresh.cost()
            ));
        }
        if target.state() == Step::Found {
            let p = target.path();
            if p.first() != Some(&s) || p.last() != Some(&g) {
                return Err("path does not run from start to goal".into());
            }
            let priced = crate::grid_hpa::price(&grid, &config, p)
                .ok_or_else(|| "a path step is not a legal move".to_string())?;
            if !close(target.cost(), priced) {
                return Err(format!(
                    "reported cost {} but the path's steps sum to {priced}",
                    target.cost()
                ));
            }
            let options = GridOptions::DEFAULT
                .with_connectivity(conn)
                .with_diagonal_rule(rule);
            let best = grid
                .find_path(grid.cell_of(s), grid.cell_of(g), &options)
                .map_err(|e| format!("{e:?}"))?;
            if priced < best.cost * (1.0 - 1e-12) {
                return Err(format!("cost {priced} below the optimum {}", best.cost));
            }
        }
        Ok(())
    });
    match answer {
        Ok(()) => (edits, Outcome::Accepted),
        Err(m) => (edits, violated(m, always)),
    }
}

// ---- kinds 12 and 13: graphs ----

/// A graph search over `H`: the calls the case needs.
trait GraphSearch {
    fn begin(&mut self, g: &CsrGraph, a: u32, b: u32);
    fn step(&mut self, g: &CsrGraph, k: u32) -> Step;
    fn state(&self) -> Step;
    fn cost(&self) -> f64;
    fn path(&self) -> Vec<u32>;
    fn iterations(&self) -> u32;
    fn save(&self, g: &CsrGraph) -> Vec<u8>;
    fn restore(&mut self, g: &CsrGraph, b: &[u8]) -> Result<(), onepath::state::StateError>;
}

macro_rules! graph_search {
    ($t:ident) => {
        impl<H: GraphHeuristic> GraphSearch for $t<DefaultStepCost, H> {
            fn begin(&mut self, g: &CsrGraph, a: u32, b: u32) {
                let _ = self.try_begin(g, a, b);
            }
            fn step(&mut self, g: &CsrGraph, k: u32) -> Step {
                $t::step(self, g, k)
            }
            fn state(&self) -> Step {
                $t::state(self)
            }
            fn cost(&self) -> f64 {
                $t::cost(self)
            }
            fn path(&self) -> Vec<u32> {
                $t::path(self)
            }
            fn iterations(&self) -> u32 {
                $t::iterations(self)
            }
            fn save(&self, g: &CsrGraph) -> Vec<u8> {
                let mut b = vec![0u8; self.state_size()];
                let n = self.save_state(g, &mut b);
                assert_eq!(n, Ok(b.len()), "save writes state_size bytes");
                b
            }
            fn restore(
                &mut self,
                g: &CsrGraph,
                b: &[u8],
            ) -> Result<(), onepath::state::StateError> {
                self.restore_state(g, b)
            }
        }
    };
}

graph_search!(GraphAStar);
graph_search!(BidirectionalGraphSearch);

fn graph_run(s: &mut dyn GraphSearch, g: &CsrGraph) -> Result<(), String> {
    let limit = cap(g.node_count());
    let mut pops = 0u64;
    while s.state() == Step::InProgress {
        if pops > limit {
            return Err(format!("a restored search runs past {limit} iterations"));
        }
        let _ = s.step(g, 61);
        pops += 61;
    }
    Ok(())
}

/// Dijkstra's answer (state, cost).
fn dijkstra(g: &CsrGraph, a: u32, b: u32) -> (Step, f64) {
    let mut d = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = d.try_begin(g, a, b);
    let _ = d.run(g);
    (d.state(), d.cost())
}

/// A graph answer against Dijkstra: same status, a path of edges from `a` to `b` whose
/// weights sum to the reported cost, the optimal cost bit for bit (integer weights).
fn graph_answer(s: &dyn GraphSearch, g: &CsrGraph, a: u32, b: u32) -> Result<(), String> {
    let (state, best) = dijkstra(g, a, b);
    if s.state() != state {
        return Err(format!(
            "restored search ends {:?}, Dijkstra {state:?} (cost {best})",
            s.state()
        ));
    }
    if state != Step::Found {
        return Ok(());
    }
    let p = s.path();
    if p.first() != Some(&a) || p.last() != Some(&b) {
        return Err("path does not run from start to goal".into());
    }
    let mut sum = 0.0;
    for w in p.windows(2) {
        let step = g
            .out_edges(w[0])
            .filter(|&(t, _)| t == w[1])
            .map(|(_, c)| c)
            .reduce(f64::min)
            .ok_or_else(|| format!("{} -> {} is not an edge", w[0], w[1]))?;
        sum += step;
    }
    if s.cost().to_bits() != sum.to_bits() || s.cost().to_bits() != best.to_bits() {
        return Err(format!(
            "cost {}, path sum {sum}, Dijkstra {best}",
            s.cost()
        ));
    }
    Ok(())
}

fn graph_case<const BIDIR: bool>(map_index: u32, input: &mut Input<'_>) -> (u32, Outcome) {
    let g = world::graph(map_index, false);
    let twin = world::graph(map_index, true);
    let alt = input.below(3) == 0;
    let options = LandmarkOptions {
        count: 1 + input.below(3),
        ..LandmarkOptions::DEFAULT
    };
    if alt {
        let lm = Landmarks::build(&g, &options).expect("a graph with nodes");
        let lt = Landmarks::build(&twin, &options).expect("a graph with nodes");
        let h = AltGraphHeuristic::new(&lm, &g).expect("built for g");
        let ht = AltGraphHeuristic::new(&lt, &twin).expect("built for twin");
        graph_case_with::<BIDIR, _>(&g, &twin, h, ht, input)
    } else {
        graph_case_with::<BIDIR, _>(&g, &twin, ZeroGraphHeuristic, ZeroGraphHeuristic, input)
    }
}

fn graph_case_with<const BIDIR: bool, H: GraphHeuristic + Copy>(
    g: &CsrGraph,
    twin: &CsrGraph,
    h: H,
    ht: H,
    input: &mut Input<'_>,
) -> (u32, Outcome) {
    // Boxed searches borrow `h` (ALT borrows the tables): build them through a local helper.
    fn make<'h, const BIDIR: bool, H: GraphHeuristic + Copy + 'h>(
        h: H,
    ) -> Box<dyn GraphSearch + 'h> {
        if BIDIR {
            Box::new(BidirectionalGraphSearch::new(DefaultStepCost, h))
        } else {
            Box::new(GraphAStar::new(DefaultStepCost, h))
        }
    }
    let n = g.node_count();
    let take = |graph: &CsrGraph, h: H, input: &mut Input<'_>| {
        let mut s = make::<BIDIR, H>(h);
        let (a, b) = (u32::from(input.u8()) % n, u32::from(input.u8()) % n);
        let p = pops(input);
        s.begin(graph, a, b);
        if s.state() == Step::InProgress {
            let _ = s.step(graph, p);
        }
        (s, a, b)
    };
    let (mut original, a, b) = take(g, h, input);
    let good = original.save(g);
    let donor = take(twin, ht, input).0.save(twin);
    let rules = GraphRules {
        graph: g,
        heuristic: h,
        ends: (a, b),
        bidirectional: BIDIR,
    };
    let (bytes, e) = consistent::edit_frame(&good, &rules, Some(&donor), input);
    let (bytes, edits) = damage(bytes, e.edits, input);
    let mut target = make::<BIDIR, H>(h);
    target.begin(g, 0, n - 1);
    if target.state() == Step::InProgress {
        let _ = target.step(g, 3);
    }
    let before = target.save(g);
    if let Err(e) = target.restore(g, &bytes) {
        return refused(edits, e, target.save(g) == before);
    }
    let always = edits == 0;
    let key = |s: &dyn GraphSearch| (s.state(), s.cost().to_bits(), s.path(), s.iterations());
    if always {
        let ran = graph_run(&mut *original, g).and_then(|()| graph_run(&mut *target, g));
        if let Err(m) = ran {
            return (edits, violated(m, true));
        }
        if key(&*original) != key(&*target) {
            return (
                edits,
                violated("its own snapshot continues otherwise".into(), true),
            );
        }
    }
    if target.state() == Step::Idle {
        return (edits, Outcome::Accepted);
    }
    // The restored endpoints are the snapshot's (payload offsets 4 and 8 in both kinds).
    let p = &bytes[HEADER_LEN..];
    let (ra, rb) = (le32(p, 4), le32(p, 8));
    match graph_run(&mut *target, g).and_then(|()| graph_answer(&*target, g, ra, rb)) {
        Ok(()) => (edits, Outcome::Accepted),
        Err(m) => (edits, violated(m, always)),
    }
}

// ---- OPLM landmark tables ----

fn landmark_case(map_index: u32, input: &mut Input<'_>) -> (u32, Outcome) {
    let g = world::graph(map_index, false);
    let twin = world::graph(map_index, true);
    let options = LandmarkOptions {
        count: 1 + input.below(4),
        selection: if input.bool() {
            LandmarkSelection::Avoid
        } else {
            LandmarkSelection::Farthest
        },
        seed: u64::from(input.u8()),
    };
    let lm = Landmarks::build(&g, &options).expect("a graph with nodes");
    let good = lm.serialize();
    let donor = Landmarks::build(&twin, &options)
        .expect("a graph with nodes")
        .serialize();
    let (bytes, edits) = consistent::landmarks::edit(&good, Some(&donor), input);
    let table = match Landmarks::deserialize(&bytes, &g) {
        Err(e) if edits == 0 => {
            return (
                edits,
                violated(format!("its own table refused: {e:?}"), true),
            );
        }
        Err(_) => return (edits, Outcome::Refused),
        Ok(t) => t,
    };
    let Ok(h) = AltGraphHeuristic::new(&table, &g) else {
        return (
            edits,
            violated("an accepted table is not for its graph".into(), false),
        );
    };
    let n = g.node_count();
    let mut pairs = vec![(u32::from(input.u8()) % n, u32::from(input.u8()) % n)];
    pairs.extend((0..n.min(8)).map(|i| (i * 7 % n, (i * 13 + 5) % n)));
    for (a, b) in pairs {
        let mut astar = GraphAStar::new(DefaultStepCost, h);
        let _ = astar.try_begin(&g, a, b);
        let mut bidir = BidirectionalGraphSearch::new(DefaultStepCost, h);
        let _ = bidir.try_begin(&g, a, b);
        for s in [&mut astar as &mut dyn GraphSearch, &mut bidir] {
            let r = graph_run(s, &g).and_then(|()| graph_answer(s, &g, a, b));
            if let Err(m) = r {
                return (edits, violated(format!("{a} -> {b}: {m}"), edits == 0));
            }
        }
    }
    (edits, Outcome::Accepted)
}

// ---- kind 8: the replanner ----

fn replan_save(u: &mut GridReplanner, grid: &Grid) -> Vec<u8> {
    replan::save(u, grid)
}

fn replan_case(map_index: u32, input: &mut Input<'_>) -> (u32, Outcome) {
    let (grid, options, good) = replan::valid_snapshot(&world::map(map_index), input);
    let twin = world::twin(map_index, input.u8());
    let (_, _, donor) = replan::valid_snapshot(&twin, input);
    let topo = SquareTopology::new(
        &grid,
        options.agent_size,
        options.connectivity,
        options.diagonal_rule,
    )
    .expect("preset options are valid");
    let focus = le32(good.get(HEADER_LEN..).unwrap_or(&[]), 9);
    let heuristic = GridHeuristic::for_options(&options, &grid, focus);
    let neighbours = |v: u32, out: &mut Vec<u32>| topo.for_each_neighbor(v, |m, _| out.push(m));
    let estimate = |v: u32| heuristic.estimate(v);
    let rules = consistent::replan::ReplanRules {
        neighbours: &neighbours,
        estimate: &estimate,
        lpa: options.algorithm == GridAlgorithm::LpaStar,
    };
    let (bytes, edits) = consistent::replan::edit(&good, &rules, Some(&donor), input);
    let (bytes, edits) = damage(bytes, edits, input);
    let open = world::open_cells(&grid);
    let mut target = grid
        .create_replanner(open[0], open[open.len() - 1], &options)
        .expect("preset options are valid");
    let _ = target.try_replan(&grid, 5);
    let before = replan_save(&mut target, &grid);
    if let Err(e) = target.restore_state(&grid, &bytes) {
        let same = replan_save(&mut target, &grid) == before;
        return refused(edits, e, same);
    }
    let always = edits == 0;
    let limit = cap(grid.cell_count());
    let mut pops = 0u64;
    let answer = loop {
        match target.try_replan(&grid, 37) {
            Ok(PathStatus::BudgetExhausted) => {}
            Ok(_) => break Ok(()),
            Err(e) => break Err(format!("{e:?}")),
        }
        pops += 37;
        if pops > limit {
            break Err(format!("a restored replan runs past {limit} pops"));
        }
    }
    .and_then(|()| {
        let (s, g) = target.endpoints();
        let fresh = grid
            .find_path(s, g, &options.with_algorithm(GridAlgorithm::AStar))
            .map_err(|e| format!("{e:?}"))?;
        if target.status() != fresh.status {
            return Err(format!(
                "restored replan ends {:?}, A* {:?}",
                target.status(),
                fresh.status
            ));
        }
        if fresh.status == PathStatus::Found {
            let path = target.path();
            if path.first() != Some(&s) || path.last() != Some(&g) {
                return Err("path does not run from start to goal".into());
            }
            let sum = step_cost_sum(&topo, &grid, path)?;
            if !close(target.cost(), sum) || !close(target.cost(), fresh.cost) {
                return Err(format!(
                    "cost {}, path sum {sum}, A* {}",
                    target.cost(),
                    fresh.cost
                ));
            }
        }
        Ok(())
    });
    match answer {
        Ok(()) => (edits, Outcome::Accepted),
        Err(m) => (edits, violated(m, always)),
    }
}
