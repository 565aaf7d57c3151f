//! Shared by the suites: scale, conversions between the references and the engine's public API,
//! the deterministic hooks, and the checks every query result must pass.
//!
//! Only the engine's public API is used here.
#![allow(dead_code)] // each suite uses a different subset

use std::fmt::Write as _;

use conformance::astar_ref::{RefRun, RefStatus};
use conformance::dijkstra_ref::relative_difference;
use conformance::r#gen::GridCase;
use conformance::hex_ref::Layout;
use conformance::model::{Model, Pos};
use conformance::path_check::check_path;
use conformance::rng::hash_words;
use onepath::search::{AStar, SearchBuffers, Step};
use onepath::topology::{Heuristic, StepCost, Topology};
use onepath::{Cell, Grid, GridPath, HexGrid, HexLayout, PathStatus};

/// Grids per variant for a suite whose release default is `release_default`:
/// `ONEPATH_CONFORMANCE_SCALE=N` multiplies it (default 1); debug builds run a quarter of it so
/// that a plain `cargo test` stays quick (the documented runs use `--release`).
pub fn grids_per_variant(release_default: u64) -> u64 {
    let base = if cfg!(debug_assertions) {
        (release_default / 4).max(1)
    } else {
        release_default
    };
    base * scale()
}

/// `ONEPATH_CONFORMANCE_SCALE` (a positive integer), 1 when unset.
///
/// # Panics
/// On a value that is not a positive integer (a typo must not silently run the default).
pub fn scale() -> u64 {
    match std::env::var("ONEPATH_CONFORMANCE_SCALE") {
        Ok(s) => match s.trim().parse::<u64>() {
            Ok(n) if n > 0 => n,
            _ => panic!("ONEPATH_CONFORMANCE_SCALE must be a positive integer, got {s:?}"),
        },
        Err(_) => 1,
    }
}

/// `ONEPATH_CONFORMANCE_SEED` (any u64) shifts every generated grid, 0 when unset: the default
/// run always checks the same grids, and a different seed explores new ones.
///
/// # Panics
/// On a value that is not an integer.
pub fn base_seed() -> u64 {
    match std::env::var("ONEPATH_CONFORMANCE_SEED") {
        Ok(s) => s
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("ONEPATH_CONFORMANCE_SEED must be an integer, got {s:?}")),
        Err(_) => 0,
    }
}

/// The engine cell of a reference position.
pub fn cell(p: Pos) -> Cell {
    Cell::new(p.0, p.1)
}

/// The reference position of an engine cell.
pub fn pos(c: Cell) -> Pos {
    (c.x, c.y)
}

/// The engine's square grid for a generated case (areas and multipliers).
pub fn square_grid(case: &GridCase) -> Grid {
    let mut grid = Grid::from_areas(case.width as u32, case.height as u32, case.cells.clone())
        .expect("generated grids are valid");
    set_costs(case, |a, m| {
        grid.set_area_cost(a, m).expect("valid multiplier");
    });
    grid
}

/// The engine's hex grid for a generated case.
pub fn hex_grid(case: &GridCase) -> HexGrid {
    let layout = engine_layout(case.layout.expect("a hex case"));
    let mut grid = HexGrid::from_areas(
        case.width as u32,
        case.height as u32,
        layout,
        case.cells.clone(),
    )
    .expect("generated grids are valid");
    set_costs(case, |a, m| {
        grid.set_area_cost(a, m).expect("valid multiplier");
    });
    grid
}

fn set_costs(case: &GridCase, mut set: impl FnMut(u8, f64)) {
    for (a, &m) in case.multipliers.iter().enumerate() {
        if m != 1.0 {
            set(a as u8, m);
        }
    }
}

/// The engine's layout of a reference layout.
pub fn engine_layout(l: Layout) -> HexLayout {
    match l {
        Layout::PointyOddRow => HexLayout::PointyOddRow,
        Layout::PointyEvenRow => HexLayout::PointyEvenRow,
        Layout::FlatOddColumn => HexLayout::FlatOddColumn,
        Layout::FlatEvenColumn => HexLayout::FlatEvenColumn,
    }
}

/// The smallest of the 255 multipliers (the spec's `AreaCosts.MinCost`, the heuristic scale).
pub fn min_multiplier(case: &GridCase) -> f64 {
    case.multipliers
        .iter()
        .copied()
        .fold(f64::INFINITY, f64::min)
}

// ---------------------------------------------------------------------------------------------
// Deterministic hooks: pure functions of a seed and their arguments, so the reference and the
// engine see exactly the same answers whatever order they ask in.

/// Which hooks a variant installs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hooks {
    /// None (`find_path`).
    None,
    /// A blocked filter refusing about 15% of the cells.
    Blocked,
    /// A step-cost hook that raises costs or removes moves (A* stays optimal).
    Raising,
    /// Both of the above.
    Both,
    /// A step-cost hook that may lower costs (to 0 included) or remove moves: only Dijkstra is
    /// optimal then; A* is checked for legality, pricing and reachability only.
    Lowering,
}

impl Hooks {
    /// Whether a blocked filter is installed.
    pub fn blocked(self) -> bool {
        matches!(self, Self::Blocked | Self::Both)
    }

    /// Whether A* with weight 1 and the default heuristic must be optimal.
    pub fn astar_optimal(self) -> bool {
        self != Self::Lowering
    }
}

/// True for about 15% of the cells.
pub fn blocked_at(seed: u64, p: Pos) -> bool {
    hash_words(&[seed, 0xB10C, p.0 as u64, p.1 as u64]) % 100 < 15
}

/// Raising hook: every answer is at least the base cost or removes the move; dyadic inputs
/// give dyadic outputs.
pub fn raising_cost(seed: u64, from: Pos, to: Pos, base: f64) -> f64 {
    match hash_words(&[
        seed,
        0xC057,
        from.0 as u64,
        from.1 as u64,
        to.0 as u64,
        to.1 as u64,
    ]) % 20
    {
        0 => f64::NAN,
        1 => -1.0,
        2 => f64::INFINITY,
        3..=5 => base * 2.0,
        6 | 7 => base + 0.75,
        _ => base,
    }
}

/// Lowering hook: 0, a quarter, a half of the base, the base, or a removal.
pub fn lowering_cost(seed: u64, from: Pos, to: Pos, base: f64) -> f64 {
    match hash_words(&[
        seed,
        0x10E5,
        from.0 as u64,
        from.1 as u64,
        to.0 as u64,
        to.1 as u64,
    ]) % 10
    {
        0 => f64::NAN,
        1 => f64::NEG_INFINITY,
        2 => 0.0,
        3 | 4 => base * 0.25,
        5 => base * 0.5,
        _ => base,
    }
}

/// A deterministic step-cost function: `(seed, from, to, base) -> cost`.
pub type CostFn = fn(u64, Pos, Pos, f64) -> f64;

/// The step-cost function of a variant, `None` without one.
pub fn cost_hook(hooks: Hooks) -> Option<CostFn> {
    match hooks {
        Hooks::None | Hooks::Blocked => None,
        Hooks::Raising | Hooks::Both => Some(raising_cost),
        Hooks::Lowering => Some(lowering_cost),
    }
}

// ---------------------------------------------------------------------------------------------
// Counting.

/// What a variant ran, printed at the end so the figures can be reported.
#[derive(Clone, Debug, Default)]
pub struct Counts {
    /// Grids generated.
    pub grids: u64,
    /// Start/goal pairs queried.
    pub pairs: u64,
    /// Pairs found.
    pub found: u64,
    /// Pairs with no path.
    pub no_path: u64,
    /// Pairs with an invalid start.
    pub start_invalid: u64,
    /// Pairs with an invalid goal.
    pub goal_invalid: u64,
    /// Found pairs whose costs were compared bit for bit.
    pub exact: u64,
    /// Engine queries made (all tiers and heuristics).
    pub queries: u64,
}

impl Counts {
    /// Records the expected status of one pair.
    pub fn record(&mut self, status: PathStatus, exact: bool) {
        self.pairs += 1;
        match status {
            PathStatus::Found => {
                self.found += 1;
                if exact {
                    self.exact += 1;
                }
            }
            PathStatus::NoPath => self.no_path += 1,
            PathStatus::StartInvalid => self.start_invalid += 1,
            PathStatus::GoalInvalid => self.goal_invalid += 1,
            PathStatus::BudgetExhausted => unreachable!("no budget in these suites"),
            PathStatus::NotStarted => unreachable!("queries never say NotStarted"),
        }
    }

    /// One line for the log.
    pub fn line(&self, variant: &str) -> String {
        format!(
            "{variant}: {} grids, {} pairs ({} found, {} of them bit-exact; {} no path; {} start invalid; {} goal invalid), {} engine queries",
            self.grids,
            self.pairs,
            self.found,
            self.exact,
            self.no_path,
            self.start_invalid,
            self.goal_invalid,
            self.queries
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Expectations and checks.

/// The status the spec prescribes for a query, from the reference alone: an endpoint that is
/// not a position (outside, not walkable for the agent, blocked) is invalid, the start first;
/// otherwise Found iff the reference Dijkstra reaches the goal.
pub fn expected_status<M: Model>(
    model: &M,
    dist: Option<&[f64]>,
    start: Pos,
    goal: Pos,
) -> PathStatus {
    if !model.is_position(start) {
        return PathStatus::StartInvalid;
    }
    if !model.is_position(goal) {
        return PathStatus::GoalInvalid;
    }
    let dist = dist.expect("a valid start has a reference cost array");
    if dist[model.index(goal).expect("inside")].is_finite() {
        PathStatus::Found
    } else {
        PathStatus::NoPath
    }
}

/// How a found cost must compare with the reference optimum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Optimality {
    /// Equal: bit for bit when `exact`, else within relative 1e-9.
    Optimal,
    /// At least the optimum (less 1e-9 relative): weighted A*, or A* under a lowering hook.
    AtLeast,
}

/// Compares two costs: bits when `exact`, else relative `tol`.
pub fn close(a: f64, b: f64, exact: bool, tol: f64) -> bool {
    if exact {
        a.to_bits() == b.to_bits()
    } else {
        relative_difference(a, b) <= tol
    }
}

/// How a query is to be judged.
#[derive(Clone, Copy, Debug)]
pub struct Judge {
    /// How the cost compares with the optimum.
    pub optimality: Optimality,
    /// Costs compared bit for bit (else relative 1e-9).
    pub exact: bool,
    /// The reported cost equals the re-priced path bit for bit (else relative 1e-12).
    pub price_exact: bool,
    /// No closed node can be reopened, so with no path every reachable node is popped exactly
    /// once: Dijkstra always (float addition is monotone and steps are at least 0); A* when the
    /// heuristic is consistent (weight 1, no lowering hook) *and* the arithmetic is exact (with
    /// rounded sums, two routes to a closed node can differ in the last bit and the spec reopens
    /// it on a strictly smaller g).
    pub consistent: bool,
}

/// Checks one tier-1 result against the reference: status, then for a found path its legality
/// move by move, its re-priced cost against the engine's, the engine's cost against the optimum,
/// and the iteration/expansion counts (found: one more iteration than expansions, the goal's
/// pop; no path: every reachable node expanded, exactly once when the heuristic is consistent).
pub fn check_result<M: Model>(
    model: &M,
    dist: Option<&[f64]>,
    start: Pos,
    goal: Pos,
    res: &GridPath,
    judge: Judge,
) -> Result<(), String> {
    let Judge {
        optimality,
        exact,
        price_exact,
        consistent,
    } = judge;
    let want = expected_status(model, dist, start, goal);
    if res.status != want {
        return Err(format!("status {:?}, reference says {want:?}", res.status));
    }
    match want {
        PathStatus::Found => {}
        PathStatus::NoPath => {
            let reachable = dist
                .expect("valid start")
                .iter()
                .filter(|c| c.is_finite())
                .count();
            if !res.cells.is_empty() || res.cost != f64::INFINITY {
                return Err(format!(
                    "NoPath with {} cells, cost {}",
                    res.cells.len(),
                    res.cost
                ));
            }
            let expanded_ok = if consistent {
                res.expansions as usize == reachable
            } else {
                res.expansions as usize >= reachable
            };
            if !expanded_ok || res.iterations != res.expansions {
                return Err(format!(
                    "NoPath after {} iterations / {} expansions; {reachable} cells are reachable (each popped and expanded once{})",
                    res.iterations,
                    res.expansions,
                    if consistent {
                        ""
                    } else {
                        ", or more with reopenings"
                    }
                ));
            }
            return Ok(());
        }
        _ => {
            if !res.cells.is_empty() || res.iterations != 0 || res.cost != f64::INFINITY {
                return Err(format!(
                    "{want:?} with {} cells, {} iterations, cost {}",
                    res.cells.len(),
                    res.iterations,
                    res.cost
                ));
            }
            return Ok(());
        }
    }
    let path: Vec<Pos> = res.cells.iter().map(|&c| pos(c)).collect();
    let priced = check_path(model, start, goal, &path).map_err(|e| format!("illegal path: {e}"))?;
    if !close(priced, res.cost, price_exact, 1e-12) {
        return Err(format!(
            "reported cost {} ({:#x}) but the path re-prices to {} ({:#x})",
            res.cost,
            res.cost.to_bits(),
            priced,
            priced.to_bits()
        ));
    }
    let best = dist.expect("valid start")[model.index(goal).expect("inside")];
    let ok = match optimality {
        Optimality::Optimal => close(res.cost, best, exact, 1e-9),
        Optimality::AtLeast => res.cost >= best * (1.0 - 1e-9),
    };
    if !ok {
        return Err(format!(
            "cost {} ({:#x}), reference optimum {} ({:#x}), {optimality:?}",
            res.cost,
            res.cost.to_bits(),
            best,
            best.to_bits()
        ));
    }
    if res.iterations != res.expansions + 1 {
        return Err(format!(
            "found after {} iterations but {} expansions (every pop but the goal's expands)",
            res.iterations, res.expansions
        ));
    }
    if res.points.len() != res.cells.len() {
        return Err(format!(
            "{} points for {} cells",
            res.points.len(),
            res.cells.len()
        ));
    }
    if !res.expanded.is_empty() && res.expanded.len() != res.expansions as usize {
        return Err(format!(
            "{} recorded expansions, {} counted",
            res.expanded.len(),
            res.expansions
        ));
    }
    Ok(())
}

/// Checks a recorded Dijkstra (zero heuristic) expansion order against the reference costs.
///
/// Always: for a found goal of optimum `c`, every cell with reference cost below `c` was expanded
/// and none above it (relative 1e-9 slack unless `exact`); with no path, exactly the reachable
/// cells. When `exact` and every step costs more than 0: the order is strictly increasing in
/// (cost, node id), which is the spec's open-set order (smaller f = g, then smaller index), and
/// the cells of cost exactly `c` expanded are those with a smaller id than the goal.
pub fn check_dijkstra_order<M: Model>(
    model: &M,
    dist: &[f64],
    goal: Pos,
    res: &GridPath,
    exact: bool,
    positive_steps: bool,
) -> Result<(), String> {
    if res.expanded.len() != res.expansions as usize {
        return Err(format!(
            "{} recorded expansions, {} counted",
            res.expanded.len(),
            res.expansions
        ));
    }
    let ids: Vec<usize> = res
        .expanded
        .iter()
        .map(|&c| {
            model
                .index(pos(c))
                .ok_or_else(|| format!("expanded {c:?} outside"))
        })
        .collect::<Result<_, _>>()?;
    let mut seen = vec![false; dist.len()];
    for &i in &ids {
        if std::mem::replace(&mut seen[i], true) {
            return Err(format!("cell {:?} expanded twice", model.pos(i)));
        }
    }
    let gi = model.index(goal).expect("inside");
    let c = if res.status == PathStatus::Found {
        dist[gi]
    } else {
        f64::INFINITY
    };
    let slack = if exact { 0.0 } else { 1e-9 };
    for (i, &d) in dist.iter().enumerate() {
        if i == gi && res.status == PathStatus::Found {
            if seen[i] {
                return Err("the goal was recorded as expanded".into());
            }
            continue;
        }
        let must = if c.is_finite() {
            d < c * (1.0 - slack)
        } else {
            d.is_finite()
        };
        let may = if c.is_finite() {
            d <= c * (1.0 + slack)
        } else {
            d.is_finite()
        };
        if must && !seen[i] {
            return Err(format!(
                "cell {:?} (reference cost {d}) below the goal's {c} was not expanded",
                model.pos(i)
            ));
        }
        if seen[i] && !may {
            return Err(format!(
                "cell {:?} (reference cost {d}) above the goal's {c} was expanded",
                model.pos(i)
            ));
        }
        if exact && positive_steps && c.is_finite() && d == c && seen[i] != (i < gi) {
            return Err(format!(
                "cell {:?} of the goal's cost {c}: expanded {} but its id is {} the goal's",
                model.pos(i),
                seen[i],
                if i < gi { "below" } else { "above" }
            ));
        }
    }
    if exact && positive_steps {
        for w in ids.windows(2) {
            let (a, b) = ((dist[w[0]], w[0]), (dist[w[1]], w[1]));
            if a >= b {
                return Err(format!(
                    "expansion order: {:?} (cost {}) before {:?} (cost {}), not by (cost, id)",
                    model.pos(a.1),
                    a.0,
                    model.pos(b.1),
                    b.0
                ));
            }
        }
    }
    Ok(())
}

/// Checks a recorded A* expansion order in exact arithmetic: `f = g* + h` (reference optimum
/// plus the given heuristic) never decreases along the expansions and stays at most the goal's
/// cost, and every cell with `f` below the goal's cost was expanded (a consistent heuristic
/// expands them all).
pub fn check_astar_order<M: Model>(
    model: &M,
    dist: &[f64],
    goal: Pos,
    res: &GridPath,
    h: impl Fn(Pos) -> f64,
) -> Result<(), String> {
    let gi = model.index(goal).expect("inside");
    let c = if res.status == PathStatus::Found {
        dist[gi]
    } else {
        f64::INFINITY
    };
    let mut last = f64::NEG_INFINITY;
    let mut seen = vec![false; dist.len()];
    for &cl in &res.expanded {
        let p = pos(cl);
        let i = model.index(p).ok_or("expanded outside")?;
        seen[i] = true;
        let f = dist[i] + h(p);
        if f < last {
            return Err(format!("A* expanded {p:?} with f = {f} after f = {last}"));
        }
        if f > c {
            return Err(format!(
                "A* expanded {p:?} with f = {f} above the goal's {c}"
            ));
        }
        last = f;
    }
    for (i, &d) in dist.iter().enumerate() {
        let p = model.pos(i);
        if d.is_finite() && d + h(p) < c && !seen[i] {
            return Err(format!(
                "A* skipped {p:?} with f = {} below the goal's {c}",
                d + h(p)
            ));
        }
    }
    Ok(())
}

/// A failure report with everything needed to reproduce it.
pub fn report(
    variant: &str,
    seed: u64,
    case: &GridCase,
    start: Pos,
    goal: Pos,
    what: &str,
    err: &str,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{variant}, grid seed {seed:#x}, {what}: {err}");
    let _ = writeln!(
        s,
        "  {}x{} {:?} {:?} layout {:?}, start {start:?}, goal {goal:?}",
        case.width, case.height, case.shape, case.cost_mode, case.layout
    );
    let used: Vec<String> = (0..6)
        .filter(|&a| case.multipliers[a] != 1.0)
        .map(|a| format!("{a}:{}", case.multipliers[a]))
        .collect();
    let _ = writeln!(s, "  multipliers (others 1): {}", used.join(" "));
    s.push_str(&case.picture());
    s
}

/// The engine's status for a reference status.
pub fn status_of(r: RefStatus) -> PathStatus {
    match r {
        RefStatus::Found => PathStatus::Found,
        RefStatus::NoPath => PathStatus::NoPath,
        RefStatus::StartInvalid => PathStatus::StartInvalid,
        RefStatus::GoalInvalid => PathStatus::GoalInvalid,
    }
}

/// What one engine search produced, whichever tier ran it.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// How it ended.
    pub status: PathStatus,
    /// The path, start first.
    pub path: Vec<Pos>,
    /// The reported cost.
    pub cost: f64,
    /// Pops.
    pub iterations: u32,
    /// Expansions.
    pub expansions: u32,
    /// Expanded cells in order (recorded).
    pub expanded: Vec<Pos>,
}

impl Run {
    /// From a tier-1 result.
    pub fn of(res: &GridPath) -> Self {
        Self {
            status: res.status,
            path: res.cells.iter().map(|&c| pos(c)).collect(),
            cost: res.cost,
            iterations: res.iterations,
            expansions: res.expansions,
            expanded: res.expanded.iter().map(|&c| pos(c)).collect(),
        }
    }
}

/// The engine's run equals the spec's A* step by step (`astar_ref`): status, path, cost bits,
/// counts and expansion order.
pub fn check_same_run(got: &Run, want: &RefRun) -> Result<(), String> {
    let status = status_of(want.status);
    if got.status != status {
        return Err(format!(
            "status {:?}, the spec's A* gives {status:?}",
            got.status
        ));
    }
    if got.iterations != want.iterations || got.expansions != want.expansions {
        return Err(format!(
            "{} iterations / {} expansions, the spec's A* makes {} / {}",
            got.iterations, got.expansions, want.iterations, want.expansions
        ));
    }
    if got.expanded != want.expanded {
        let at = got
            .expanded
            .iter()
            .zip(&want.expanded)
            .position(|(a, b)| a != b)
            .unwrap_or(got.expanded.len().min(want.expanded.len()));
        return Err(format!(
            "expansion order differs at #{at}: engine {:?}, spec {:?}",
            got.expanded.get(at),
            want.expanded.get(at)
        ));
    }
    if got.path != want.path {
        return Err(format!(
            "path {:?}, the spec's A* gives {:?}",
            got.path, want.path
        ));
    }
    if got.cost.to_bits() != want.cost.to_bits()
        && !(got.cost.is_infinite() && want.cost.is_infinite())
    {
        return Err(format!(
            "cost {} ({:#x}), the spec's A* gives {} ({:#x})",
            got.cost,
            got.cost.to_bits(),
            want.cost,
            want.cost.to_bits()
        ));
    }
    Ok(())
}

/// Runs a tier-2 search (`try_begin` then `run`) with the buffers handed over from the last
/// search, records its expansions and hands the buffers back.
pub fn run_tier2<T: Topology, C: StepCost, H: Heuristic>(
    topology: &T,
    cost: C,
    heuristic: H,
    (start, goal): (u32, u32),
    width: u32,
    buffers: &mut Option<SearchBuffers>,
) -> Run {
    let mut search = AStar::with_buffers(cost, heuristic, buffers.take().expect("buffers"));
    search.set_record_expansions(true);
    let begun = search.try_begin(topology, start, goal);
    let state = if begun == Step::InProgress {
        search.run(topology)
    } else {
        begun
    };
    let p = |n: u32| ((n % width) as i32, (n / width) as i32);
    let accepted = matches!(state, Step::Found | Step::NoPath);
    let out = Run {
        status: match state {
            Step::Found => PathStatus::Found,
            Step::NoPath => PathStatus::NoPath,
            Step::StartInvalid => PathStatus::StartInvalid,
            Step::GoalInvalid => PathStatus::GoalInvalid,
            other => panic!("tier 2 ended in {other:?}"),
        },
        path: search.path().into_iter().map(p).collect(),
        cost: search.cost(),
        iterations: if accepted { search.iterations() } else { 0 },
        expansions: if accepted { search.expansions() } else { 0 },
        // A refused begin leaves the buffers (and their record) as the last search left them.
        expanded: if accepted {
            search
                .buffers()
                .expanded_nodes()
                .iter()
                .map(|&n| p(n))
                .collect()
        } else {
            Vec::new()
        },
    };
    *buffers = Some(search.into_buffers());
    out
}
