//! Shared machinery of the grid families: fixed query lists picked from a map, option
//! variants, and the runs (tier-1 `find_path`, `find_path_with` hooks, tier-2 `AStar` stepped
//! in slices) that turn a query into a [`QueryRecord`].

use onepath::grid::{SquareTopology, WALL};
use onepath::hex::HexTopology;
use onepath::math::SplitMix64;
use onepath::search::{AStar, Step};
use onepath::topology::{
    DefaultStepCost, Heuristic, HexDistanceHeuristic, ManhattanHeuristic, OctileHeuristic,
    Topology, ZeroHeuristic,
};
use onepath::{Cell, Connectivity, Grid, GridOptions, HeuristicKind, HexGrid, PathStatus};

use crate::digest::Digest;
use crate::mapgen::Map;
use crate::record::{MapRecord, QueryRecord};
use crate::registry::Recorder;

/// One query: a label (which names the record) and two cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    /// `q03@5,7>40,33`, `same@4,4`, `wall@0,0>4,4`, `outside@4,4>48,0`, …
    pub label: String,
    /// Start cell.
    pub start: Cell,
    /// Goal cell.
    pub goal: Cell,
    /// An edge case (`same`, `wall`, `outside`, `sealed`), run only by variants with `edges`.
    pub edge: bool,
}

impl Query {
    /// Random pair number `i`, labelled `q<ii>@sx,sy>gx,gy`.
    pub fn pair(i: usize, start: Cell, goal: Cell) -> Self {
        Self::labelled(&format!("q{i:02}"), start, goal, false)
    }

    /// An edge case labelled `<kind>@sx,sy>gx,gy` (`<kind>@x,y` when start = goal).
    pub fn edge_case(kind: &str, start: Cell, goal: Cell) -> Self {
        Self::labelled(kind, start, goal, true)
    }

    fn labelled(kind: &str, start: Cell, goal: Cell, edge: bool) -> Self {
        let label = if start == goal {
            format!("{kind}@{},{}", start.x, start.y)
        } else {
            format!("{kind}@{},{}>{},{}", start.x, start.y, goal.x, goal.y)
        };
        Self {
            label,
            start,
            goal,
            edge,
        }
    }
}

/// The fixed query list of a map: `random` pairs, then `same` (start = goal), `wall` (start on
/// the first wall, row-major, if any) and `outside` (goal one column right of the grid).
///
/// Endpoints are drawn (`SplitMix64::new(seed)`) from a pool: for even pairs the cells whose
/// 3 × 3 block is open (agents of size 1–3 fit) if there are at least 8 of them, otherwise (and
/// for odd pairs) every open cell. For each pair the start is one `below(pool size)` draw; the
/// goal is drawn up to 8 times until its Manhattan distance from the start is at least
/// `(width + height) / 3` (the last draw is kept). The edge cases use the first cell of the
/// pool of pair 0 as their open endpoint.
///
/// # Panics
///
/// When the map has no open cell.
pub fn pick_queries(map: &Map, seed: u64, random: usize) -> Vec<Query> {
    let mut rng = SplitMix64::new(seed);
    let cells = |size: i64| -> Vec<Cell> {
        let mut v = Vec::new();
        for y in 0..map.height {
            for x in 0..map.width {
                if map.block_open(i64::from(x), i64::from(y), size) {
                    v.push(Map::cell(x, y));
                }
            }
        }
        v
    };
    let wide = cells(3);
    let open = cells(1);
    assert!(!open.is_empty(), "a map without open cells has no queries");
    let pool_of = |i: usize| {
        if i.is_multiple_of(2) && wide.len() >= 8 {
            &wide
        } else {
            &open
        }
    };
    let far = ((map.width + map.height) / 3) as i32;
    let mut out = Vec::new();
    for i in 0..random {
        let pool = pool_of(i);
        let n = pool.len() as u32;
        let start = pool[rng.below(n) as usize];
        let mut goal = start;
        for _ in 0..8 {
            goal = pool[rng.below(n) as usize];
            if (goal.x - start.x).abs() + (goal.y - start.y).abs() >= far {
                break;
            }
        }
        out.push(Query::pair(i, start, goal));
    }
    let pool = pool_of(0);
    let anchor = pool[0];
    out.push(Query::edge_case("same", anchor, anchor));
    if let Some(w) = map.cells.iter().position(|&a| a == WALL) {
        let w = w as u32;
        out.push(Query::edge_case(
            "wall",
            Map::cell(w % map.width, w / map.width),
            anchor,
        ));
    }
    out.push(Query::edge_case("outside", anchor, Map::cell(map.width, 0)));
    out
}

/// The map record of a generated map.
pub fn map_record(map: &Map) -> MapRecord {
    MapRecord {
        width: map.width,
        height: map.height,
        open: map.open_count(),
        cells: map.digest(),
    }
}

/// How a variant runs its queries.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// Tier 1: `find_path`.
    Tier1,
    /// Tier 1 with the hooks [`step_hook`] and [`blocked_hook`]: `find_path_with`.
    Hooks,
    /// Tier 2: `AStar::try_begin`, then `step(budget)` until done.
    Sliced {
        /// Iterations per `step` call.
        budget: u32,
    },
}

/// A named set of options and a way to run them.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// The variant's part of the record name (`8ncc`, `a2`, `w1.5`, `8ncc~slice7`, …).
    pub name: String,
    /// The options.
    pub options: GridOptions,
    /// How it runs.
    pub kind: Kind,
    /// Whether it also runs the edge-case queries.
    pub edges: bool,
    /// A variant whose records these must equal field for field (sliced twins name their
    /// unsliced variant).
    pub twin: Option<String>,
}

impl Variant {
    /// A tier-1 variant.
    pub fn tier1(name: &str, options: GridOptions) -> Self {
        Self {
            name: name.into(),
            options,
            kind: Kind::Tier1,
            edges: true,
            twin: None,
        }
    }

    /// A tier-1 variant with hooks.
    pub fn hooks(name: &str, options: GridOptions) -> Self {
        Self {
            name: name.into(),
            options,
            kind: Kind::Hooks,
            edges: true,
            twin: None,
        }
    }

    /// The tier-2 sliced twin of this (tier-1, unbudgeted) variant: named
    /// `<name>~slice<budget>`.
    #[must_use]
    pub fn sliced(&self, budget: u32) -> Self {
        assert_eq!(
            self.kind,
            Kind::Tier1,
            "only tier-1 variants have sliced twins"
        );
        assert_eq!(
            self.options.iteration_budget,
            u32::MAX,
            "twins run to the end"
        );
        Self {
            name: format!("{}~slice{budget}", self.name),
            options: self.options,
            kind: Kind::Sliced { budget },
            edges: self.edges,
            twin: Some(self.name.clone()),
        }
    }

    /// The same variant, declared equal to the variant named `twin` (e.g. weight 0 and the
    /// zero heuristic order the open set identically).
    #[must_use]
    pub fn twin_of(mut self, twin: &str) -> Self {
        self.twin = Some(twin.into());
        self
    }

    /// The same variant without the edge-case queries (their refusals do not depend on it).
    #[must_use]
    pub fn without_edges(mut self) -> Self {
        self.edges = false;
        self
    }
}

/// The step-cost hook of the `hooks` variants: by the target cell's `k = (5x + 3y) mod 23`,
/// NaN (k = 0), −1 (k = 1) and +∞ (k = 2) remove the move, k in 3..=7 costs `base * 2.5`, the
/// rest `base`.
pub fn step_hook(_from: Cell, to: Cell, base: f64) -> f64 {
    match (to.x * 5 + to.y * 3).rem_euclid(23) {
        0 => f64::NAN,
        1 => -1.0,
        2 => f64::INFINITY,
        3..=7 => base * 2.5,
        _ => base,
    }
}

/// The blocked hook of the `hooks` variants: `(7x + 13y) mod 31 == 0`.
pub fn blocked_hook(c: Cell) -> bool {
    (c.x * 7 + c.y * 13).rem_euclid(31) == 0
}

/// Runs every variant (outer) over every query (inner) on a square grid.
///
/// # Panics
///
/// When the engine refuses valid options (a bug this crate should report loudly).
pub fn run_square(rec: &mut Recorder, grid: &Grid, variants: &[Variant], queries: &[Query]) {
    let index = |c: Cell| grid.index_of(c);
    for v in variants {
        for q in queries.iter().filter(|q| v.edges || !q.edge) {
            let outcome = match &v.kind {
                Kind::Tier1 => QueryRecord::from_path(
                    &grid
                        .find_path(q.start, q.goal, &v.options)
                        .expect("valid options"),
                    index,
                ),
                Kind::Hooks => QueryRecord::from_path(
                    &grid
                        .find_path_with(q.start, q.goal, &v.options, step_hook, blocked_hook)
                        .expect("valid options"),
                    index,
                ),
                Kind::Sliced { budget } => sliced_square(grid, &v.options, q, *budget),
            };
            record(rec, v, q, outcome);
        }
    }
}

/// Runs every variant over every query on a hex grid.
///
/// # Panics
///
/// As [`run_square`].
pub fn run_hex(rec: &mut Recorder, grid: &HexGrid, variants: &[Variant], queries: &[Query]) {
    let index = |c: Cell| grid.index_of(c);
    for v in variants {
        for q in queries.iter().filter(|q| v.edges || !q.edge) {
            let outcome = match &v.kind {
                Kind::Tier1 => QueryRecord::from_path(
                    &grid
                        .find_path(q.start, q.goal, &v.options)
                        .expect("valid options"),
                    index,
                ),
                Kind::Hooks => QueryRecord::from_path(
                    &grid
                        .find_path_with(q.start, q.goal, &v.options, step_hook, blocked_hook)
                        .expect("valid options"),
                    index,
                ),
                Kind::Sliced { budget } => sliced_hex(grid, &v.options, q, *budget),
            };
            record(rec, v, q, outcome);
        }
    }
}

fn record(rec: &mut Recorder, v: &Variant, q: &Query, outcome: QueryRecord) {
    match &v.twin {
        Some(twin) => rec.query_twin(&v.name, twin, &q.label, outcome),
        None => rec.query(&v.name, &q.label, outcome),
    }
}

/// Tier 2 on a square grid: the topology and heuristic tier 1 would pick for `options`.
fn sliced_square(grid: &Grid, options: &GridOptions, q: &Query, budget: u32) -> QueryRecord {
    let topo = SquareTopology::new(
        grid,
        options.agent_size,
        options.connectivity,
        options.diagonal_rule,
    )
    .expect("valid agent size");
    let ends = (grid.index_of(q.start), grid.index_of(q.goal));
    let (w, scale) = (grid.width(), grid.areas().min_cost());
    let weight = options.weight;
    match (options.heuristic, options.connectivity) {
        (HeuristicKind::Zero, _) => stepped(&topo, ZeroHeuristic, weight, ends, budget),
        (HeuristicKind::Manhattan, _) | (HeuristicKind::Auto, Connectivity::Four) => stepped(
            &topo,
            ManhattanHeuristic::new(w, scale),
            weight,
            ends,
            budget,
        ),
        (HeuristicKind::Octile, _) | (HeuristicKind::Auto, Connectivity::Eight) => {
            stepped(&topo, OctileHeuristic::new(w, scale), weight, ends, budget)
        }
        (other, _) => panic!("no square-grid heuristic {other:?}"),
    }
}

/// Tier 2 on a hex grid.
fn sliced_hex(grid: &HexGrid, options: &GridOptions, q: &Query, budget: u32) -> QueryRecord {
    let topo = HexTopology::new(grid);
    let ends = (grid.index_of(q.start), grid.index_of(q.goal));
    let scale = grid.areas().min_cost();
    match options.heuristic {
        HeuristicKind::Zero => stepped(&topo, ZeroHeuristic, options.weight, ends, budget),
        _ => stepped(
            &topo,
            HexDistanceHeuristic::new(grid.width(), grid.layout(), scale),
            options.weight,
            ends,
            budget,
        ),
    }
}

/// `try_begin`, then `step(topo, budget)` until the search stops asking, then `copy_path`.
/// Endpoints outside the grid (`None`) are refused the way tier 1 refuses them.
fn stepped<T: Topology, H: Heuristic>(
    topo: &T,
    heuristic: H,
    weight: f64,
    ends: (Option<u32>, Option<u32>),
    budget: u32,
) -> QueryRecord {
    let refused = |status| QueryRecord {
        status,
        cost_bits: f64::INFINITY.to_bits(),
        iterations: 0,
        expansions: 0,
        path: Digest::of_u32s(&[]),
        snapshot: None,
    };
    let (Some(start), Some(goal)) = ends else {
        return refused(if ends.0.is_none() {
            PathStatus::StartInvalid
        } else {
            PathStatus::GoalInvalid
        });
    };
    let mut search = AStar::new(DefaultStepCost, heuristic)
        .with_weight(weight)
        .expect("valid weight");
    let mut state = search.try_begin(topo, start, goal);
    while state == Step::InProgress {
        state = search.step(topo, budget);
    }
    let status = match state {
        Step::Found => PathStatus::Found,
        Step::NoPath | Step::Idle => PathStatus::NoPath,
        Step::StartInvalid => PathStatus::StartInvalid,
        Step::GoalInvalid => PathStatus::GoalInvalid,
        Step::InProgress => PathStatus::BudgetExhausted,
    };
    let mut path = vec![0u32; search.path_len()];
    let n = search.copy_path(&mut path).expect("buffer of path_len");
    QueryRecord {
        status,
        cost_bits: search.cost().to_bits(),
        iterations: search.iterations(),
        expansions: search.expansions(),
        path: Digest::of_u32s(&path[..n]),
        snapshot: None,
    }
}
