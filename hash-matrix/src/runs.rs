//! Shared machinery of the grid families: fixed query lists picked from a map, option
//! variants, and the runs (tier-1 `find_path`, `find_path_with` hooks, tier-2 `AStar` stepped
//! in slices, the resumable `GridSearch` handle, tier-2 jump point search, saved-and-restored
//! handles) that turn a query into a [`QueryRecord`].

use std::cell::{OnceCell, RefCell};
use std::collections::BTreeMap;

use onepath::grid::{SquareTopology, WALL};
use onepath::hex::{HexDistanceHeuristic, HexTopology};
use onepath::jps::{BlockJumper, BlockMap, JpsPlusIndex, JumpTopology, OnlineJumper, TableJumper};
use onepath::math::SplitMix64;
use onepath::search::{AStar, Step};
use onepath::topology::{
    DefaultStepCost, Heuristic, ManhattanHeuristic, OctileHeuristic, Topology, ZeroHeuristic,
};
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, GridPath, GridSearch,
    HeuristicKind, HexGrid, PathStatus,
};

use crate::digest::Digest;
use crate::mapgen::Map;
use crate::record::{GridStateRecord, MapRecord, QueryRecord};
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
    /// The random pair's number (`None` for edge cases).
    pub pair: Option<usize>,
}

impl Query {
    /// Random pair number `i`, labelled `q<ii>@sx,sy>gx,gy`.
    pub fn pair(i: usize, start: Cell, goal: Cell) -> Self {
        Self {
            pair: Some(i),
            ..Self::labelled(&format!("q{i:02}"), start, goal, false)
        }
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
            pair: None,
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
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// Tier 1: `find_path`.
    Tier1,
    /// Tier 1 with the hooks [`step_hook`] and [`blocked_hook`]: `find_path_with`.
    Hooks,
    /// Tier 2: `AStar::try_begin` over the topology tier 1 would build (`SquareTopology`,
    /// `HexTopology`), then `step(budget)` until done.
    Sliced {
        /// Iterations per `step` call.
        budget: u32,
    },
    /// The resumable handle `GridSearch` (square grids): `try_begin`, then `step(grid,
    /// budget)` until done, then `to_path`. It resolves the algorithm as tier 1 does.
    Handle {
        /// Iterations per `step` call.
        budget: u32,
    },
    /// Tier 2 jump point search (square grids): `AStar` over `JumpTopology` with the given
    /// jumper, stepped `budget` iterations at a time; the jump points are expanded to cells.
    Jump {
        /// Which jumper finds the jump points.
        jumper: JumperKind,
        /// Iterations per `step` call (`u32::MAX`: one call).
        budget: u32,
    },
    /// Saved and restored (square grids): a `GridSearch` stepped `at` pops, `save_state`, then
    /// restored into a fresh handle made with [`contrary`] options over a grid rebuilt with
    /// `Grid::from_state` from the grid's own snapshot, and run to the end. The record carries
    /// the snapshot taken at pop `at`.
    Restored {
        /// When to save.
        at: SnapAt,
        /// Whether the saved handle records the desync trace (`set_record_trace`).
        trace: bool,
    },
}

/// The jumpers of tier-2 jump point search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumperKind {
    /// `OnlineJumper`: cell by cell.
    Online,
    /// `BlockJumper` over a `BlockMap` (what `GridAlgorithm::Jps` runs).
    Block,
    /// `TableJumper` over a `JpsPlusIndex` (what `GridAlgorithm::JpsPlus` runs).
    Table,
}

impl JumperKind {
    fn name(self) -> &'static str {
        match self {
            Self::Online => "online",
            Self::Block => "block",
            Self::Table => "table",
        }
    }

    /// The algorithm this jumper implements (its records' `alg=`).
    pub fn algorithm(self) -> GridAlgorithm {
        match self {
            Self::Online | Self::Block => GridAlgorithm::Jps,
            Self::Table => GridAlgorithm::JpsPlus,
        }
    }
}

/// When a [`Kind::Restored`] run saves its snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SnapAt {
    /// After this many pops (a search that ends sooner is saved finished).
    Pops(u32),
    /// After half the pops of the unsliced twin (at least one).
    Half,
}

impl SnapAt {
    /// The fixed list every family uses: pops 1, 17 and half of the unsliced run.
    pub const ALL: [SnapAt; 3] = [SnapAt::Pops(1), SnapAt::Pops(17), SnapAt::Half];

    fn name(self) -> String {
        match self {
            Self::Pops(k) => format!("{k}"),
            Self::Half => "mid".into(),
        }
    }
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
    /// Runs only the first this many random pairs (`usize::MAX`: all).
    pub pairs: usize,
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
            pairs: usize::MAX,
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
            pairs: usize::MAX,
        }
    }

    /// A twin of this tier-1, unbudgeted variant that runs as `kind`, named
    /// `<name>~<suffix>`.
    fn twin_run(&self, suffix: &str, kind: Kind, edges: bool) -> Self {
        assert_eq!(self.kind, Kind::Tier1, "only tier-1 variants have twins");
        assert_eq!(
            self.options.iteration_budget,
            u32::MAX,
            "twins run to the end"
        );
        Self {
            name: format!("{}~{suffix}", self.name),
            options: self.options,
            kind,
            edges,
            twin: Some(self.name.clone()),
            pairs: self.pairs,
        }
    }

    /// The tier-2 sliced twin of this (tier-1, unbudgeted) variant: named
    /// `<name>~slice<budget>`.
    #[must_use]
    pub fn sliced(&self, budget: u32) -> Self {
        self.twin_run(
            &format!("slice{budget}"),
            Kind::Sliced { budget },
            self.edges,
        )
    }

    /// The `GridSearch` twin stepped `budget` iterations at a time: named
    /// `<name>~slice<budget>` (square grids; the family says which sliced kind it runs).
    #[must_use]
    pub fn handle(&self, budget: u32) -> Self {
        self.twin_run(
            &format!("slice{budget}"),
            Kind::Handle { budget },
            self.edges,
        )
    }

    /// The tier-2 jump point twin: named `<name>~<jumper>` (`u32::MAX` budget) or
    /// `<name>~<jumper>-slice<budget>`. Without the edge cases (tier 2 has no `Cell`s).
    #[must_use]
    pub fn jump(&self, jumper: JumperKind, budget: u32) -> Self {
        let suffix = if budget == u32::MAX {
            jumper.name().to_owned()
        } else {
            format!("{}-slice{budget}", jumper.name())
        };
        self.twin_run(&suffix, Kind::Jump { jumper, budget }, false)
    }

    /// The saved-and-restored twin: named `<name>~snap<k>` (`~snapmid` for half the pops,
    /// `-trace` when the desync trace is on). Only the first [`RESTORED_PAIRS`] random pairs
    /// (a restore costs a few passes over the map; two pairs per variant and map are the
    /// subset), no edge cases (nothing to save).
    #[must_use]
    pub fn restored(&self, at: SnapAt, trace: bool) -> Self {
        let suffix = format!("snap{}{}", at.name(), if trace { "-trace" } else { "" });
        let mut v = self.twin_run(&suffix, Kind::Restored { at, trace }, false);
        v.pairs = v.pairs.min(RESTORED_PAIRS);
        v
    }

    /// The same variant on the first `n` random pairs only.
    #[must_use]
    pub fn first_pairs(mut self, n: usize) -> Self {
        self.pairs = n;
        self
    }

    /// Whether this variant runs query `q`.
    pub fn runs(&self, q: &Query) -> bool {
        match q.pair {
            Some(i) => i < self.pairs,
            None => self.edges,
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

/// Random pairs a saved-and-restored variant runs (the first ones).
pub const RESTORED_PAIRS: usize = 2;

/// Options that differ from `o` in every field: a restored handle is created with them, so
/// only the snapshot can give it back `o`.
pub fn contrary(o: &GridOptions) -> GridOptions {
    let d = GridOptions::DEFAULT;
    d.with_connectivity(match o.connectivity {
        Connectivity::Four => Connectivity::Eight,
        Connectivity::Eight => Connectivity::Four,
    })
    .with_diagonal_rule(match o.diagonal_rule {
        DiagonalRule::NoCornerCutting => DiagonalRule::AllowAll,
        _ => DiagonalRule::NoCornerCutting,
    })
    .with_agent_size(if o.agent_size == 3 { 2 } else { 3 })
    .with_heuristic(match o.heuristic {
        HeuristicKind::Zero => HeuristicKind::Manhattan,
        _ => HeuristicKind::Zero,
    })
    .with_weight(if o.weight == 2.0 { 1.0 } else { 2.0 })
    .with_iteration_budget(if o.iteration_budget == 5 { u32::MAX } else { 5 })
    .with_record_expansions(!o.record_expansions)
    .with_algorithm(match o.algorithm {
        GridAlgorithm::JpsPlus => GridAlgorithm::AStar,
        _ => GridAlgorithm::JpsPlus,
    })
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

/// The record of a grid's own snapshot (`Grid::save_state`) and the bytes.
///
/// # Panics
///
/// When the engine cannot save into a buffer of `state_size` bytes.
pub fn grid_state(grid: &Grid) -> (GridStateRecord, Vec<u8>) {
    let mut bytes = vec![0u8; grid.state_size()];
    let n = grid.save_state(&mut bytes).expect("buffer of state_size");
    bytes.truncate(n);
    let record = GridStateRecord {
        map_hash: grid.content_hash(),
        snapshot: Digest::of_bytes(&bytes),
    };
    (record, bytes)
}

/// What the runs of one square grid share: the grid, lazily built derived structures, and the
/// outcomes so far (a restored run saves at half its twin's pops).
struct SquareRun<'g> {
    grid: &'g Grid,
    /// Whether records show `alg=`.
    alg: bool,
    /// The grid rebuilt from its own snapshot (restored runs run on it).
    rebuilt: OnceCell<Grid>,
    blocks: OnceCell<BlockMap>,
    tables: OnceCell<JpsPlusIndex>,
    handles: RefCell<BTreeMap<String, GridSearch>>,
    outcomes: BTreeMap<(String, String), QueryRecord>,
}

/// Runs every variant (outer) over every query (inner) on a square grid; records have no
/// `alg=` field.
///
/// # Panics
///
/// When the engine refuses valid options, or a snapshot it wrote (a bug this crate should
/// report loudly).
pub fn run_square(rec: &mut Recorder, grid: &Grid, variants: &[Variant], queries: &[Query]) {
    run_square_with(rec, grid, variants, queries, false);
}

/// [`run_square`] whose records say which algorithm ran (`alg=`), for families that choose
/// one.
///
/// # Panics
///
/// As [`run_square`].
pub fn run_square_alg(rec: &mut Recorder, grid: &Grid, variants: &[Variant], queries: &[Query]) {
    run_square_with(rec, grid, variants, queries, true);
}

fn run_square_with(
    rec: &mut Recorder,
    grid: &Grid,
    variants: &[Variant],
    queries: &[Query],
    alg: bool,
) {
    let mut run = SquareRun {
        grid,
        alg,
        rebuilt: OnceCell::new(),
        blocks: OnceCell::new(),
        tables: OnceCell::new(),
        handles: RefCell::new(BTreeMap::new()),
        outcomes: BTreeMap::new(),
    };
    for v in variants {
        for q in queries.iter().filter(|q| v.runs(q)) {
            let o = &v.options;
            let outcome = match &v.kind {
                Kind::Tier1 => run.path(
                    &grid.find_path(q.start, q.goal, o).expect("valid options"),
                    o,
                ),
                Kind::Hooks => run.path(
                    &grid
                        .find_path_with(q.start, q.goal, o, step_hook, blocked_hook)
                        .expect("valid options"),
                    o,
                ),
                Kind::Sliced { budget } => sliced_square(grid, o, q, *budget),
                Kind::Handle { budget } => run.handle(&v.name, o, q, *budget),
                Kind::Jump { jumper, budget } => run.jump(o, q, *jumper, *budget),
                Kind::Restored { at, trace } => {
                    let twin = v.twin.as_ref().and_then(|t| {
                        run.outcomes
                            .get(&(t.clone(), q.label.clone()))
                            .map(|r| r.iterations)
                    });
                    run.restored(&v.name, o, q, (*at, *trace), twin)
                }
            };
            run.outcomes
                .insert((v.name.clone(), q.label.clone()), outcome);
            record(rec, v, q, outcome);
        }
    }
}

impl SquareRun<'_> {
    /// The record of a tier-1 result (with `alg=` and the expansions as the run asks).
    fn path(&self, path: &GridPath, options: &GridOptions) -> QueryRecord {
        let index = |c: Cell| self.grid.index_of(c).expect("cell inside the grid");
        let mut r = QueryRecord::from_path(path, |c| self.grid.index_of(c));
        if self.alg {
            r = r.with_algorithm(path.algorithm);
        }
        if options.record_expansions {
            let cells: Vec<u32> = path.expanded.iter().map(|&c| index(c)).collect();
            r = r.with_expanded(&cells);
        }
        r
    }

    /// A query refused by `try_begin` (no search ran; tier 1 reports the algorithm the query
    /// would have run).
    fn refused(&self, grid: &Grid, step: Step, options: &GridOptions) -> QueryRecord {
        let status = if step == Step::StartInvalid {
            PathStatus::StartInvalid
        } else {
            PathStatus::GoalInvalid
        };
        let mut r = QueryRecord::refused(status);
        if self.alg {
            r = r.with_algorithm(options.resolved_algorithm(grid));
        }
        if options.record_expansions {
            r = r.with_expanded(&[]);
        }
        r
    }

    /// The variant's handle: one per variant, reused from query to query (as a host keeps
    /// it; its derived structures are built once per grid). Give it back with `put_handle`.
    fn take_handle(&self, variant: &str, options: &GridOptions) -> GridSearch {
        self.handles
            .borrow_mut()
            .remove(variant)
            .unwrap_or_else(|| GridSearch::new(*options).expect("valid options"))
    }

    fn put_handle(&self, variant: &str, search: GridSearch) {
        self.handles.borrow_mut().insert(variant.to_owned(), search);
    }

    fn handle(&self, variant: &str, options: &GridOptions, q: &Query, budget: u32) -> QueryRecord {
        let grid = self.grid;
        let mut search = self.take_handle(variant, options);
        let begun = search.try_begin(grid, q.start, q.goal);
        let r = if begun == Step::InProgress {
            while search.step(grid, budget).expect("same grid") == Step::InProgress {}
            self.path(
                &search
                    .to_path(grid)
                    .expect("the grid the search is bound to"),
                options,
            )
        } else {
            self.refused(grid, begun, options)
        };
        self.put_handle(variant, search);
        r
    }

    fn jump(
        &self,
        options: &GridOptions,
        q: &Query,
        jumper: JumperKind,
        budget: u32,
    ) -> QueryRecord {
        let grid = self.grid;
        let (Some(start), Some(goal)) = (grid.index_of(q.start), grid.index_of(q.goal)) else {
            panic!("jump point twins run inside the grid only ({})", q.label);
        };
        let m = grid.areas().min_cost();
        let r = match jumper {
            JumperKind::Online => {
                let t = JumpTopology::new(grid, OnlineJumper::new(grid), q.goal, m);
                jump_stepped(grid, &t, options, (start, goal), budget)
            }
            JumperKind::Block => {
                let blocks = self.blocks.get_or_init(|| BlockMap::new(grid));
                let t = JumpTopology::new(grid, BlockJumper::new(blocks), q.goal, m);
                jump_stepped(grid, &t, options, (start, goal), budget)
            }
            JumperKind::Table => {
                let tables = self
                    .tables
                    .get_or_init(|| JpsPlusIndex::new(grid).expect("sides within the JPS+ limit"));
                let t = JumpTopology::new(grid, TableJumper::new(tables), q.goal, m);
                jump_stepped(grid, &t, options, (start, goal), budget)
            }
        };
        if self.alg {
            r.with_algorithm(jumper.algorithm())
        } else {
            r
        }
    }

    /// See [`Kind::Restored`]. A query `try_begin` refuses saves a new, idle handle instead
    /// (the variant's handle still holds its previous search) and records the refusal.
    fn restored(
        &self,
        variant: &str,
        options: &GridOptions,
        q: &Query,
        (at, trace): (SnapAt, bool),
        twin_iterations: Option<u32>,
    ) -> QueryRecord {
        let grid = self.grid;
        let mut search = self.take_handle(variant, options);
        search.set_record_trace(trace);
        let begun = search.try_begin(grid, q.start, q.goal);
        if begun != Step::InProgress {
            self.put_handle(variant, search);
            let mut idle = GridSearch::new(*options).expect("valid options");
            idle.set_record_trace(trace);
            let (_, bytes) = self.save_and_restore(&idle, options, &q.label);
            let mut r = self.refused(grid, begun, options);
            r.snapshot = Some(Digest::of_bytes(&bytes));
            return r;
        }
        let k = match at {
            SnapAt::Pops(k) => k,
            SnapAt::Half => {
                let total = twin_iterations.unwrap_or_else(|| {
                    let mut full = search.clone();
                    let _ = full.step(grid, u32::MAX).expect("same grid");
                    full.iterations()
                });
                (total / 2).max(1)
            }
        };
        let _ = search.step(grid, k).expect("same grid");
        let (mut fresh, bytes) = self.save_and_restore(&search, options, &q.label);
        self.put_handle(variant, search);
        let rebuilt = self.rebuilt();
        while fresh.step(rebuilt, u32::MAX).expect("same grid") == Step::InProgress {}
        let mut r = self.path(
            &fresh
                .to_path(rebuilt)
                .expect("the grid the search is bound to"),
            options,
        );
        r.snapshot = Some(Digest::of_bytes(&bytes));
        r
    }

    /// The grid rebuilt with `Grid::from_state` from its own snapshot.
    fn rebuilt(&self) -> &Grid {
        self.rebuilt.get_or_init(|| {
            let (_, grid_bytes) = grid_state(self.grid);
            Grid::from_state(&grid_bytes).expect("the grid's own snapshot restores")
        })
    }

    /// Saves `search` (bound to the grid), restores the bytes into a fresh handle made with
    /// [`contrary`] options over the rebuilt grid, and checks that the fresh handle took the
    /// saved options and saves the same bytes again. Returns the fresh handle and the bytes.
    fn save_and_restore(
        &self,
        search: &GridSearch,
        options: &GridOptions,
        label: &str,
    ) -> (GridSearch, Vec<u8>) {
        let mut bytes = vec![0u8; search.state_size()];
        let n = search
            .save_state(self.grid, &mut bytes)
            .expect("buffer of state_size");
        bytes.truncate(n);
        let rebuilt = self.rebuilt();
        let mut fresh = GridSearch::new(contrary(options)).expect("valid options");
        if let Err(e) = fresh.restore_state(rebuilt, &bytes) {
            panic!("{label}: restoring its own snapshot failed: {e:?}");
        }
        assert_eq!(
            fresh.options(),
            options,
            "{label}: the snapshot did not carry the options"
        );
        let mut again = vec![0u8; fresh.state_size()];
        let m = fresh
            .save_state(rebuilt, &mut again)
            .expect("buffer of state_size");
        assert!(
            again[..m] == bytes[..],
            "{label}: a restored handle saves other bytes than it was restored from"
        );
        (fresh, bytes)
    }
}

/// Tier-2 jump point search: `AStar` over `topo` with the heuristic the handle would pick
/// (octile scaled by the common multiplier, or zero), stepped `budget` at a time; the path's
/// jump points are expanded to every cell.
fn jump_stepped<J: onepath::jps::Jumper>(
    grid: &Grid,
    topo: &JumpTopology<'_, J>,
    options: &GridOptions,
    ends: (u32, u32),
    budget: u32,
) -> QueryRecord {
    let w = grid.width();
    let expand = |points: &[u32]| -> Vec<u32> {
        onepath::jps::expand(w, points)
            .iter()
            .map(|&c| grid.index_of(c).expect("path cell inside the grid"))
            .collect()
    };
    let ends = (Some(ends.0), Some(ends.1));
    match options.heuristic {
        HeuristicKind::Zero => stepped(topo, ZeroHeuristic, options, ends, budget, expand),
        HeuristicKind::Auto | HeuristicKind::Octile => stepped(
            topo,
            OctileHeuristic::new(w, grid.areas().min_cost()),
            options,
            ends,
            budget,
            expand,
        ),
        other => panic!("jump point search has no heuristic {other:?}"),
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
        for q in queries.iter().filter(|q| v.runs(q)) {
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
                other => panic!("hex grids have no {other:?} runs"),
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
    let cells = |p: &[u32]| p.to_vec();
    match (options.heuristic, options.connectivity) {
        (HeuristicKind::Zero, _) => stepped(&topo, ZeroHeuristic, options, ends, budget, cells),
        (HeuristicKind::Manhattan, _) | (HeuristicKind::Auto, Connectivity::Four) => stepped(
            &topo,
            ManhattanHeuristic::new(w, scale),
            options,
            ends,
            budget,
            cells,
        ),
        (HeuristicKind::Octile, _) | (HeuristicKind::Auto, Connectivity::Eight) => stepped(
            &topo,
            OctileHeuristic::new(w, scale),
            options,
            ends,
            budget,
            cells,
        ),
        (other, _) => panic!("no square-grid heuristic {other:?}"),
    }
}

/// Tier 2 on a hex grid.
fn sliced_hex(grid: &HexGrid, options: &GridOptions, q: &Query, budget: u32) -> QueryRecord {
    let topo = HexTopology::new(grid);
    let ends = (grid.index_of(q.start), grid.index_of(q.goal));
    let scale = grid.areas().min_cost();
    let cells = |p: &[u32]| p.to_vec();
    match options.heuristic {
        HeuristicKind::Zero => stepped(&topo, ZeroHeuristic, options, ends, budget, cells),
        _ => stepped(
            &topo,
            HexDistanceHeuristic::new(grid.width(), grid.layout(), scale),
            options,
            ends,
            budget,
            cells,
        ),
    }
}

/// `try_begin`, then `step(topo, budget)` until the search stops asking, then `copy_path`
/// (its nodes turned into the path's cell indices by `cells`). Endpoints outside the grid
/// (`None`) are refused the way tier 1 refuses them. Records the expansions when the options
/// ask for it.
fn stepped<T: Topology, H: Heuristic>(
    topo: &T,
    heuristic: H,
    options: &GridOptions,
    ends: (Option<u32>, Option<u32>),
    budget: u32,
    cells: impl Fn(&[u32]) -> Vec<u32>,
) -> QueryRecord {
    let recording = options.record_expansions;
    let refused = |status| {
        let r = QueryRecord::refused(status);
        if recording { r.with_expanded(&[]) } else { r }
    };
    let (Some(start), Some(goal)) = ends else {
        return refused(if ends.0.is_none() {
            PathStatus::StartInvalid
        } else {
            PathStatus::GoalInvalid
        });
    };
    let mut search = AStar::new(DefaultStepCost, heuristic)
        .with_weight(options.weight)
        .expect("valid weight");
    search.set_record_expansions(recording);
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
    if matches!(state, Step::StartInvalid | Step::GoalInvalid) {
        return refused(status);
    }
    let mut path = vec![0u32; search.path_len()];
    let n = search.copy_path(&mut path).expect("buffer of path_len");
    let r = QueryRecord {
        status,
        cost_bits: search.cost().to_bits(),
        iterations: search.iterations(),
        expansions: search.expansions(),
        path: Digest::of_u32s(&cells(&path[..n])),
        algorithm: None,
        expanded: None,
        snapshot: None,
    };
    if recording {
        r.with_expanded(search.buffers().expanded_nodes())
    } else {
        r
    }
}
