//! Issue 28 item 2: every snapshot-able type has `max_state_size`, a bound a host allocates
//! once. For each type, on several maps, the bound is taken *before* the first step (what a
//! host does at tick 0), then the value is saved after every pop (or every edit) to the end:
//! `state_size()` never passes the bound and a buffer of exactly the bound never gives
//! `BufferTooSmall`. Also: the replanners' `state_size(&self, grid)` predicts what `save_state`
//! writes after reading the grid's new edits (issue 28 item 7).

mod common;

use common::{far_endpoints, option_variants, random_grid, random_voxel_grid};
use onepath::fast::{BitFinder, OctileAStar, OctileJump, OctileMap, TableFinder};
use onepath::flow::FlowStep;
use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
use onepath::graph_search::{BidirectionalGraphSearch, GraphAStar};
use onepath::grid::SquareTopology;
use onepath::hpa::{HpaConfig, HpaHierarchy, HpaSearch};
use onepath::jps::JpsPlusIndex;
use onepath::math::SplitMix64;
use onepath::replan::{ReplanSearch, ReplanVariant, mark_square_edit};
use onepath::search::AStar;
use onepath::state::StateError;
use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
use onepath::topology::{DefaultStepCost, OctileHeuristic, ZeroHeuristic};
use onepath::voxel_search::{NoVoxelHooks, PagedVoxelSearch};
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, GridSearch, HexGrid,
    HexLayout, PathStatus, Step, VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch,
};

/// A buffer sized once with a bound, and the saves it has taken.
struct Buffer {
    what: String,
    bytes: Vec<u8>,
    saves: usize,
    largest: usize,
}

impl Buffer {
    fn new(what: impl Into<String>, bound: usize) -> Self {
        let what = what.into();
        assert!(
            bound < 1 << 30,
            "{what}: bound {bound} is not a usable size"
        );
        Self {
            what,
            bytes: vec![0; bound],
            saves: 0,
            largest: 0,
        }
    }

    /// `size` (the value's `state_size`) is within the bound and `save` into the whole buffer
    /// succeeds with exactly `size` bytes.
    fn save(&mut self, size: usize, save: impl FnOnce(&mut [u8]) -> Result<usize, StateError>) {
        let bound = self.bytes.len();
        assert!(
            size <= bound,
            "{}: state_size {size} > max_state_size {bound} (save {})",
            self.what,
            self.saves
        );
        match save(&mut self.bytes) {
            Ok(n) => assert_eq!(n, size, "{}: wrote other than state_size", self.what),
            Err(e) => panic!(
                "{}: save {} into the bound's buffer: {e}",
                self.what, self.saves
            ),
        }
        self.saves += 1;
        self.largest = self.largest.max(size);
    }
}

fn grids() -> Vec<(String, Grid)> {
    let mut out = vec![
        ("open 1x1".to_string(), Grid::new(1, 1).unwrap()),
        ("open 17x5".to_string(), Grid::new(17, 5).unwrap()),
        (
            "maze".to_string(),
            Grid::from_text("........\n.######.\n.#....#.\n.#.##.#.\n...#....").unwrap(),
        ),
    ];
    for (seed, (w, h), walls, areas) in [
        (1, (12, 9), 20, false),
        (2, (16, 16), 30, true),
        (3, (23, 7), 10, true),
        (4, (20, 20), 35, false),
    ] {
        out.push((
            format!("random {seed} {w}x{h}"),
            random_grid(seed, w, h, walls, areas),
        ));
    }
    out
}

fn index(grid: &Grid, c: Cell) -> u32 {
    grid.index_of(c).unwrap()
}

#[test]
fn a_grid_snapshot_never_outgrows_its_bound_through_edits() {
    for (name, mut grid) in grids() {
        let mut buf = Buffer::new(format!("grid {name}"), grid.max_state_size());
        let mut r = SplitMix64::new(7);
        for i in 0..40 {
            let c = grid.cell_of(r.below(grid.cell_count()));
            grid.set_area(c, if i % 3 == 0 { 255 } else { 2 }).unwrap();
            if i % 10 == 0 {
                grid.set_area_cost(2, 1.0 + f64::from(i)).unwrap();
            }
            buf.save(grid.state_size(), |out| grid.save_state(out));
        }
        // The size of a grid never changes: the bound is exact.
        assert_eq!(buf.largest, grid.max_state_size());
    }
}

#[test]
fn a_voxel_grid_snapshot_fits_with_every_chunk_allocated() {
    let mut grid = VoxelGrid::new(33, 17, 20).unwrap();
    let mut buf = Buffer::new("voxel grid", grid.max_state_size());
    assert!(grid.state_size() < buf.bytes.len());
    for z in (0..20).step_by(16) {
        for y in (0..17).step_by(16) {
            for x in (0..33).step_by(16) {
                grid.set_walkable(VoxelCell::new(x, y, z), false).unwrap();
                buf.save(grid.state_size(), |out| grid.save_state(out));
            }
        }
    }
    // Every chunk holds a wall now: the bound is reached exactly.
    assert_eq!(buf.largest, grid.max_state_size());
}

#[test]
fn grid_search_handles_fit_their_bound_at_every_pop_for_every_option_variant() {
    let mut variants = option_variants();
    for algorithm in [
        GridAlgorithm::ThetaStar,
        GridAlgorithm::LazyThetaStar,
        GridAlgorithm::Hpa,
        GridAlgorithm::JpsPlus,
    ] {
        variants.push(GridOptions::DEFAULT.with_algorithm(algorithm));
    }
    variants.push(
        GridOptions::FOUR_CONNECTED
            .with_algorithm(GridAlgorithm::Hpa)
            .with_hpa_chunk_size(4),
    );
    let mut checked = 0;
    for (name, grid) in grids() {
        for (v, options) in variants.iter().enumerate() {
            for improved in [false, true] {
                let Ok(mut search) = GridSearch::new(*options) else {
                    continue;
                };
                search.set_improved_pruning(improved);
                let bound = search.max_state_size(&grid);
                let what = format!("grid search {name} variant {v} improved {improved}");
                if options.record_expansions && candidates_include_generic(options, &grid) {
                    // The generic A* may reopen nodes: no bound exists for its recordings.
                    assert_eq!(bound, usize::MAX, "{what}");
                    continue;
                }
                let Some((a, b)) = far_endpoints(&grid, options.agent_size) else {
                    continue;
                };
                let mut buf = Buffer::new(what, bound);
                // Idle (prepared: an HPA* handle saves its hierarchy's hash), then every pop.
                search.prepare(&grid);
                buf.save(search.state_size(), |out| search.save_state(&grid, out));
                if search.try_begin(&grid, a, b) != Step::InProgress {
                    continue;
                }
                loop {
                    buf.save(search.state_size(), |out| search.save_state(&grid, out));
                    if search.step(&grid, 1).unwrap() != Step::InProgress {
                        break;
                    }
                }
                buf.save(search.state_size(), |out| search.save_state(&grid, out));
                checked += buf.saves;
            }
        }
    }
    assert!(checked > 2_000, "only {checked} saves checked");
}

/// Whether `options` can run the generic A* on `grid` (with uniform multipliers or not).
fn candidates_include_generic(options: &GridOptions, grid: &Grid) -> bool {
    let mut priced = grid.clone();
    priced.set_area_cost(200, 3.0).unwrap();
    let mut uniform = grid.clone();
    for area in 0..255 {
        uniform.set_area_cost(area, 1.0).unwrap();
    }
    [&priced, &uniform].iter().any(|g| {
        let mut s = GridSearch::new(*options).unwrap();
        s.prepare(g);
        !s.specialized()
            && !matches!(
                s.algorithm(),
                GridAlgorithm::ThetaStar | GridAlgorithm::LazyThetaStar | GridAlgorithm::Hpa
            )
    })
}

/// The trap: a buffer sized at tick 0 with `state_size` is too small a few ticks
/// later; one sized with `max_state_size` never is — through an edit that changes which
/// engine runs (uniform multipliers → not) and a new search after it.
#[test]
fn a_tick_zero_buffer_from_max_state_size_survives_growth_and_an_engine_switch() {
    let mut grid = random_grid(11, 24, 24, 15, false);
    let (a, b) = far_endpoints(&grid, 1).unwrap();
    let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    assert_eq!(search.try_begin(&grid, a, b), Step::InProgress);
    let tick_zero = search.state_size();
    let mut buf = Buffer::new(
        "handle across an engine switch",
        search.max_state_size(&grid),
    );
    let mut small = vec![0u8; tick_zero];
    assert!(search.step(&grid, 5).unwrap() == Step::InProgress);
    assert!(search.state_size() > tick_zero);
    assert!(matches!(
        search.save_state(&grid, &mut small),
        Err(StateError::BufferTooSmall { .. })
    ));
    while search.step(&grid, 3).unwrap() == Step::InProgress {
        buf.save(search.state_size(), |out| search.save_state(&grid, out));
    }
    assert!(search.specialized());
    grid.set_area_cost(4, 2.0).unwrap(); // the octile engine no longer applies
    assert_eq!(search.try_begin(&grid, a, b), Step::InProgress);
    assert!(!search.specialized());
    while search.step(&grid, 3).unwrap() == Step::InProgress {
        buf.save(search.state_size(), |out| search.save_state(&grid, out));
    }
    buf.save(search.state_size(), |out| search.save_state(&grid, out));
}

#[test]
fn the_generic_astar_fits_at_every_pop_and_says_when_no_bound_exists() {
    for (name, grid) in grids() {
        for (conn, rule) in [
            (Connectivity::Eight, DiagonalRule::NoCornerCutting),
            (Connectivity::Four, DiagonalRule::AllowAll),
        ] {
            let topo = SquareTopology::new(&grid, 1, conn, rule).unwrap();
            let Some((a, b)) = far_endpoints(&grid, 1) else {
                continue;
            };
            let heuristic = OctileHeuristic::new(grid.width(), grid.areas().min_cost());
            let mut search = AStar::new(DefaultStepCost, heuristic)
                .with_weight(1.5)
                .unwrap();
            let mut buf = Buffer::new(format!("astar {name}"), search.max_state_size(&topo));
            let hash = grid.content_hash();
            let _ = search.try_begin(&topo, index(&grid, a), index(&grid, b));
            loop {
                buf.save(search.state_size(), |out| search.save_state(hash, out));
                if search.step(&topo, 1) != Step::InProgress {
                    break;
                }
            }
            buf.save(search.state_size(), |out| search.save_state(hash, out));
            search.set_record_trace(true);
            assert_eq!(search.max_state_size(&topo), usize::MAX);
        }
    }
}

#[test]
fn the_specialised_engines_fit_with_recording_on_at_every_pop() {
    for (name, grid) in grids() {
        let Some((a, b)) = far_endpoints(&grid, 1) else {
            continue;
        };
        let (s, g) = (index(&grid, a), index(&grid, b));
        let hash_grid = &grid;

        let mut octile = OctileAStar::new();
        octile.set_record_expansions(true);
        octile.set_record_trace(true);
        let mut buf = Buffer::new(format!("octile {name}"), octile.max_state_size(&grid));
        let _ = octile.try_begin(&grid, s, g);
        loop {
            buf.save(octile.state_size(), |out| octile.save_state(hash_grid, out));
            if octile.step(1) != Step::InProgress {
                break;
            }
        }

        let map = OctileMap::new(&grid);
        let tables = JpsPlusIndex::new(&grid).unwrap();
        for improved in [false, true] {
            let mut jps = OctileJump::<BitFinder>::with_improved_pruning(improved);
            jps.set_record_expansions(true);
            jps.set_record_trace(true);
            let what = format!("jps {name} improved {improved}");
            let mut buf = Buffer::new(what, jps.max_state_size(&grid));
            let _ = jps.try_begin(&grid, &map, s, g);
            loop {
                buf.save(jps.state_size(), |out| jps.save_state(hash_grid, out));
                if jps.step(&map, 1) != Step::InProgress {
                    break;
                }
            }
            let mut plus = OctileJump::<TableFinder>::with_improved_pruning(improved);
            plus.set_record_trace(true);
            let what = format!("jps+ {name} improved {improved}");
            let mut buf = Buffer::new(what, plus.max_state_size(&grid));
            let _ = plus.try_begin(&grid, &tables, s, g);
            loop {
                buf.save(plus.state_size(), |out| plus.save_state(hash_grid, out));
                if plus.step(&tables, 1) != Step::InProgress {
                    break;
                }
            }
        }

        for variant in [
            ThetaVariant::Theta,
            ThetaVariant::Lazy,
            ThetaVariant::LazyRequeue,
        ] {
            let heuristic = EuclideanHeuristic::new(grid.width(), grid.areas().min_cost());
            let mut theta = ThetaSearch::new(variant, heuristic);
            theta.set_record_expansions(true);
            theta.set_record_trace(true);
            let what = format!("theta {variant:?} {name}");
            let mut buf = Buffer::new(what, theta.max_state_size(&grid));
            let hash = grid.content_hash();
            let _ = theta.try_begin(&grid, s, g);
            loop {
                buf.save(theta.state_size(), |out| theta.save_state(hash, out));
                if theta.step(&grid, 1) != Step::InProgress {
                    break;
                }
            }
        }
    }
}

#[test]
fn hpa_searches_fit_at_every_pop() {
    for (name, grid) in grids() {
        let Some((a, b)) = far_endpoints(&grid, 1) else {
            continue;
        };
        for chunk in [2, 4, 8] {
            let h = HpaHierarchy::build(&grid, HpaConfig::DEFAULT.with_chunk_size(chunk)).unwrap();
            let mut s = HpaSearch::new();
            let mut buf = Buffer::new(format!("hpa {name} chunk {chunk}"), s.max_state_size(&grid));
            if s.try_begin(&h, &grid, index(&grid, a), index(&grid, b))
                .unwrap()
                != Step::InProgress
            {
                continue;
            }
            loop {
                buf.save(s.state_size(), |out| s.save_state(&h, &grid, out));
                if s.step(&h, &grid, 1).unwrap() != Step::InProgress {
                    break;
                }
            }
        }
    }
}

#[test]
fn flow_fields_fit_at_every_pop_on_square_and_hex_maps() {
    for (name, mut grid) in grids() {
        let Some((a, b)) = far_endpoints(&grid, 1) else {
            continue;
        };
        for options in [GridOptions::DEFAULT, GridOptions::FOUR_CONNECTED] {
            let mut field = grid.create_flow_field(&[a, b], &options).unwrap();
            let mut buf = Buffer::new(format!("flow {name}"), field.max_state_size(&grid));
            loop {
                buf.save(field.state_size(), |out| field.save_state(&grid, out));
                if field.step(&grid, 1).unwrap() != FlowStep::InProgress {
                    break;
                }
            }
            // An edit, a repair: still within the tick-0 bound.
            grid.set_walkable(a, false).unwrap();
            let _ = field.refresh(&grid).unwrap();
            buf.save(field.state_size(), |out| field.save_state(&grid, out));
            grid.set_walkable(a, true).unwrap();
            let _ = field.refresh(&grid).unwrap();
        }
    }
    let hex = HexGrid::from_text(".....\n.#.#.\n.....\n..#..", HexLayout::PointyOddRow).unwrap();
    let mut field = hex
        .create_flow_field(&[Cell::new(0, 0)], &GridOptions::DEFAULT)
        .unwrap();
    let mut buf = Buffer::new("hex flow", field.max_state_size(&hex));
    while field.step(&hex, 1).unwrap() == FlowStep::InProgress {
        buf.save(field.state_size(), |out| field.save_state(&hex, out));
    }
    buf.save(field.state_size(), |out| field.save_state(&hex, out));
}

/// Replanners: the tick-0 bound holds through replans with small budgets, wall edits (small
/// ones marked, large ones restarting), an area-cost change, start moves and new goals; and
/// `state_size(&grid)`, asked before the save reads the new edits, is what the save writes.
#[test]
fn replanners_fit_and_state_size_predicts_the_journal_read() {
    for (name, mut grid) in grids() {
        let Some((a, b)) = far_endpoints(&grid, 1) else {
            continue;
        };
        for algorithm in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
            let options = GridOptions::DEFAULT.with_algorithm(algorithm);
            let mut unit = grid.create_replanner(a, b, &options).unwrap();
            let what = format!("replanner {name} {algorithm:?}");
            let mut buf = Buffer::new(what.clone(), unit.max_state_size(&grid));
            let mut r = SplitMix64::new(5);
            for round in 0..30 {
                let size = unit.state_size(&grid);
                buf.save(size, |out| unit.save_state(&grid, out));
                let _ = unit.try_replan(&grid, 1 + round % 4).unwrap();
                let cells = grid.cell_count();
                let c = grid.cell_of(r.below(cells));
                if c != a && c != b {
                    grid.set_walkable(c, round % 2 == 0).unwrap();
                }
                if round % 7 == 3 {
                    // A large edit: restarts the search.
                    let w = grid.width().div_ceil(2);
                    let h = grid.height();
                    let _ = grid.set_rect(0, 0, w, h, 1);
                }
                if round % 11 == 5 {
                    grid.set_area_cost(1, 1.0 + f64::from(round)).unwrap();
                }
                if round % 9 == 8 {
                    unit.set_goal(a);
                    unit.move_start(b);
                }
                // Several edits unread: the prediction must fold them all.
                let predicted = unit.state_size(&grid);
                let mut exact = vec![0u8; predicted];
                assert_eq!(
                    unit.save_state(&grid, &mut exact),
                    Ok(predicted),
                    "{what}: round {round}"
                );
            }
            while unit.try_replan(&grid, 3).unwrap() == PathStatus::BudgetExhausted {
                buf.save(unit.state_size(&grid), |out| unit.save_state(&grid, out));
            }
        }
    }
}

#[test]
fn hex_replanners_fit_and_predict_their_size() {
    let mut grid = HexGrid::from_text(
        "........\n..#.....\n....#...\n........\n.#......",
        HexLayout::FlatEvenColumn,
    )
    .unwrap();
    let options = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::DStarLite);
    let mut unit = grid
        .create_replanner(Cell::new(0, 0), Cell::new(7, 4), &options)
        .unwrap();
    let mut buf = Buffer::new("hex replanner", unit.max_state_size(&grid));
    for round in 0..20u32 {
        let _ = unit.try_replan(&grid, 2).unwrap();
        let c = Cell::new(1 + (round % 6) as i32, 1 + (round % 3) as i32);
        grid.set_area(c, if round % 2 == 0 { 255 } else { 0 })
            .unwrap();
        let size = unit.state_size(&grid);
        buf.save(size, |out| unit.save_state(&grid, out));
    }
}

#[test]
fn the_tier_two_replanner_fits_through_marked_edits() {
    let mut grid = random_grid(21, 14, 11, 20, false);
    let (a, b) = far_endpoints(&grid, 1).unwrap();
    let rule = DiagonalRule::NoCornerCutting;
    let mut search = ReplanSearch::new(ReplanVariant::LpaStar, DefaultStepCost, ZeroHeuristic);
    let bound = {
        let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, rule).unwrap();
        search.max_state_size(&topo)
    };
    let mut buf = Buffer::new("replan search", bound);
    let mut r = SplitMix64::new(3);
    for round in 0..25 {
        {
            let topo = SquareTopology::new(&grid, 1, Connectivity::Eight, rule).unwrap();
            if round == 0 {
                let _ = search.try_begin(&topo, index(&grid, a), index(&grid, b));
            }
            let _ = search.step(&topo, 2);
        }
        let hash = grid.content_hash();
        buf.save(search.state_size(), |out| search.save_state(hash, out));
        let c = grid.cell_of(r.below(grid.cell_count()));
        if c != a && c != b {
            grid.set_walkable(c, false).unwrap();
            let rect = onepath::grid::GridRect::cell(c.x as u32, c.y as u32);
            let _ = mark_square_edit(&mut search, rect, 1, grid.width(), grid.height());
        }
        let hash = grid.content_hash();
        buf.save(search.state_size(), |out| search.save_state(hash, out));
    }
}

#[test]
fn voxel_searches_fit_at_every_pop() {
    for (seed, size) in [(1, (9, 7, 5)), (2, (17, 4, 3)), (3, (6, 6, 6))] {
        let grid = random_voxel_grid(seed, size, 20);
        let (sx, sy, sz) = size;
        let ends = (0..grid.voxel_count())
            .map(|i| {
                let i = i as i32;
                let (w, h) = (sx as i32, sy as i32);
                VoxelCell::new(i % w, (i / w) % h, i / (w * h))
            })
            .filter(|&c| grid.is_walkable(c))
            .collect::<Vec<_>>();
        let (Some(&a), Some(&b)) = (ends.first(), ends.last()) else {
            continue;
        };
        let _ = sz;
        let mut handle = VoxelSearch::new(VoxelOptions::DEFAULT);
        let mut buf = Buffer::new(format!("voxel {seed}"), handle.max_state_size(&grid));
        if handle.start(&grid, a, b) == Step::InProgress {
            loop {
                buf.save(handle.state_size(), |out| handle.save_state(&grid, out));
                if handle.step(&grid, 1).unwrap() != Step::InProgress {
                    break;
                }
            }
        }
        let mut paged = PagedVoxelSearch::new(
            onepath::voxel::VoxelConnectivity::TwentySix,
            onepath::voxel::VoxelCornerRule::AllowAll,
        );
        let mut buf = Buffer::new(format!("paged {seed}"), paged.max_state_size(&grid));
        let _ = paged.try_begin(&grid, a, b, &NoVoxelHooks);
        loop {
            buf.save(paged.state_size(), |out| paged.save_state(&grid, out));
            if paged.step(&grid, &NoVoxelHooks, 1) != Step::InProgress {
                break;
            }
        }
        paged.set_record_expansions(true);
        assert_eq!(paged.max_state_size(&grid), usize::MAX);
    }
}

fn random_graph(seed: u64, nodes: u32, edges: usize) -> CsrGraph {
    let mut r = SplitMix64::new(seed);
    let list: Vec<GraphEdge> = (0..edges)
        .map(|_| {
            let u = r.below(nodes);
            let v = r.below(nodes);
            GraphEdge::new(u, v, r.below(10) as f64 * 0.5)
        })
        .collect();
    CsrGraph::new(nodes, &list).unwrap()
}

#[test]
fn graph_searches_fit_at_every_pop() {
    for (seed, nodes, edges) in [(1, 12, 40), (2, 50, 200), (3, 30, 45), (4, 1, 0)] {
        let g = random_graph(seed, nodes, edges);
        let goal = nodes - 1;
        let mut astar = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
        let mut buf = Buffer::new(format!("graph astar {seed}"), astar.max_state_size(&g));
        let _ = astar.try_begin(&g, 0, goal);
        loop {
            buf.save(astar.state_size(), |out| astar.save_state(&g, out));
            if astar.step(&g, 1) != Step::InProgress {
                break;
            }
        }
        let mut both = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
        let mut buf = Buffer::new(format!("bidirectional {seed}"), both.max_state_size(&g));
        let _ = both.try_begin(&g, 0, goal);
        loop {
            buf.save(both.state_size(), |out| both.save_state(&g, out));
            if both.step(&g, 1) != Step::InProgress {
                break;
            }
        }
        astar.set_record_expansions(true);
        both.set_record_expansions(true);
        assert_eq!(astar.max_state_size(&g), usize::MAX);
        assert_eq!(both.max_state_size(&g), usize::MAX);
    }
}

/// Kind 16: a mesh's snapshot carries its inputs, so its size is fixed by the grid's size:
/// `max_state_size(width, height)` is exact through edits, radii and refreshes, and a buffer
/// reserved once with it never grows.
#[test]
fn a_navmesh_snapshot_never_outgrows_its_bound_through_edits() {
    use onepath::{NavMesh, NavSettings};
    for (name, mut grid) in grids() {
        let (w, h) = (grid.width(), grid.height());
        let bound = NavMesh::max_state_size(w, h);
        let mut out = Vec::with_capacity(bound);
        let capacity = out.capacity();
        let s = NavSettings::DEFAULT.with_radius(1.0).with_tile_size(8);
        let mut mesh = NavMesh::build_2d(&grid, &s).unwrap();
        let mut r = SplitMix64::new(16);
        for i in 0..20 {
            let c = grid.cell_of(r.below(grid.cell_count()));
            grid.set_area(c, if i % 2 == 0 { 255 } else { 0 }).unwrap();
            mesh.refresh(&grid).unwrap();
            assert!(mesh.state_size() <= bound, "navmesh {name}");
            mesh.save_state(&mut out);
            assert_eq!(out.len(), mesh.state_size(), "navmesh {name}");
            assert_eq!(
                out.capacity(),
                capacity,
                "navmesh {name}: the buffer never grew"
            );
        }
        assert_eq!(
            mesh.state_size(),
            bound,
            "navmesh {name}: the bound is exact"
        );
    }
}
