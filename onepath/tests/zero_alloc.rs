//! Zero allocation in steady state: after the first search on a grid of a given size,
//! `try_begin`, `step`, `copy_path`, `state_size`, `save_state` and `restore_state` allocate
//! nothing, for every option variant (a counting global allocator proves it).
#![allow(unsafe_code)]

mod common;
mod counting;

use common::random_grid;
use counting::allocations;
use onepath::search::AStar;
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Cell, GridAlgorithm, GridOptions, GridSearch, HeuristicKind, Step};

fn endpoints(seed: u64, g: &onepath::Grid, size: u8) -> (Cell, Cell) {
    let fits: Vec<Cell> = (0..g.cell_count())
        .map(|i| g.cell_of(i))
        .filter(|&c| g.can_fit(c, size))
        .collect();
    let a = fits[(seed as usize * 7) % fits.len()];
    let b = fits[(seed as usize * 13 + 5) % fits.len()];
    (a, b)
}

#[test]
fn grid_search_entry_points_allocate_nothing_after_warm_up() {
    // (options, area costs, runs a specialised engine)
    let variants = [
        (GridOptions::DEFAULT, true, false),
        (GridOptions::FOUR_CONNECTED, true, false),
        (GridOptions::NO_SQUEEZING, true, false),
        (GridOptions::for_agent_size(2), true, false),
        (
            GridOptions::DEFAULT
                .with_heuristic(HeuristicKind::Zero)
                .with_weight(0.5),
            true,
            false,
        ),
        (
            GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps),
            false,
            true,
        ),
        (
            GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus),
            false,
            true,
        ),
        (GridOptions::DEFAULT, false, true),
        (
            GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero),
            false,
            true,
        ),
        (
            GridOptions::DEFAULT
                .with_algorithm(GridAlgorithm::Jps)
                .with_specialized_engines(false),
            false,
            false,
        ),
        (
            GridOptions::DEFAULT
                .with_algorithm(GridAlgorithm::JpsPlus)
                .with_specialized_engines(false),
            false,
            false,
        ),
    ];
    for (options, areas, specialized) in variants {
        // Jump point search and the specialised engines need one multiplier for every area.
        let grid = random_grid(42, 40, 30, 25, areas);
        let other = random_grid(43, 40, 30, 25, areas);
        let mut search = GridSearch::new(options).unwrap();
        let mut path = vec![Cell::default(); grid.cell_count() as usize];
        let mut bytes = vec![0u8; 1 << 20];
        // Warm-up: the first search of this size grows every buffer once.
        let (a, b) = endpoints(1, &grid, options.agent_size);
        let _ = search.try_begin(&grid, a, b);
        while search.step(&grid, 64).unwrap() == Step::InProgress {}
        let n = search.save_state(&grid, &mut bytes).unwrap();
        search.restore_state(&grid, &bytes[..n]).unwrap();

        for seed in 2..8 {
            let g = if seed % 2 == 0 { &grid } else { &other };
            let (a, b) = endpoints(seed, g, options.agent_size);
            let (_, c) = allocations(|| search.try_begin(g, a, b));
            assert_eq!(c, 0, "try_begin allocated ({options:?})");
            assert_eq!(
                (search.algorithm(), search.specialized()),
                (options.algorithm, specialized),
                "the variant must run its own engine"
            );
            let (_, c) = allocations(|| search.step(g, 10).unwrap());
            assert_eq!(c, 0, "step allocated ({options:?})");
            let (size, c) = allocations(|| search.state_size());
            assert_eq!(c, 0, "state_size allocated");
            let (saved, c) = allocations(|| search.save_state(g, &mut bytes).unwrap());
            assert_eq!(saved, size);
            assert_eq!(c, 0, "save_state allocated ({options:?})");
            let ((), c) = allocations(|| while search.step(g, 100).unwrap() == Step::InProgress {});
            assert_eq!(c, 0, "step allocated ({options:?})");
            let (_, c) = allocations(|| search.copy_path(&mut path));
            assert_eq!(c, 0, "copy_path allocated");
            let (r, c) = allocations(|| search.restore_state(g, &bytes[..saved]));
            r.unwrap();
            assert_eq!(c, 0, "restore_state allocated ({options:?})");
        }
    }
}

/// `GridSearch::prepare` instead of a warm-up query: the first query on the grid, and every
/// one after it, allocates nothing (every engine, each prepared on a fresh handle).
#[test]
fn the_first_query_after_prepare_allocates_nothing() {
    let jps = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps);
    let jps_plus = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus);
    let variants = [
        (GridOptions::DEFAULT, true),
        (GridOptions::DEFAULT, false),
        (GridOptions::FOUR_CONNECTED, true),
        (GridOptions::for_agent_size(2), true),
        (jps, false),
        (jps_plus, false),
        (jps.with_specialized_engines(false), false),
        (jps_plus.with_specialized_engines(false), false),
    ];
    for (options, areas) in variants {
        let grid = random_grid(44, 60, 45, 25, areas);
        let mut path = vec![Cell::default(); grid.cell_count() as usize];
        let mut bytes = vec![0u8; 1 << 21];
        let mut search = GridSearch::new(options).unwrap();
        search.prepare(&grid);
        for seed in 1..6 {
            let (a, b) = endpoints(seed, &grid, options.agent_size);
            let ((), c) = allocations(|| {
                let _ = search.try_begin(&grid, a, b);
                while search.step(&grid, 50).unwrap() == Step::InProgress {}
                assert!(search.copy_path(&mut path).is_some());
                let size = search.state_size();
                assert_eq!(search.save_state(&grid, &mut bytes), Ok(size));
            });
            assert_eq!(c, 0, "query {seed} after prepare allocated ({options:?})");
        }
    }
}

/// The tier-2 improved-pruning handles (jps2, jps2+): after one warm-up query, begin, step,
/// copy, save and restore allocate nothing (issue 22).
#[test]
fn improved_pruning_handles_allocate_nothing_after_warm_up() {
    for alg in [GridAlgorithm::Jps, GridAlgorithm::JpsPlus] {
        let options = GridOptions::DEFAULT.with_algorithm(alg);
        let grid = random_grid(45, 70, 40, 25, false);
        let mut search = GridSearch::new(options)
            .unwrap()
            .with_improved_pruning(true);
        let mut path = vec![Cell::default(); grid.cell_count() as usize];
        let mut bytes = vec![0u8; 1 << 21];
        let (a, b) = endpoints(1, &grid, 1);
        let _ = search.try_begin(&grid, a, b);
        while search.step(&grid, 64).unwrap() == Step::InProgress {}
        let n = search.save_state(&grid, &mut bytes).unwrap();
        search.restore_state(&grid, &bytes[..n]).unwrap();
        for seed in 2..8 {
            let (a, b) = endpoints(seed, &grid, 1);
            let ((), c) = allocations(|| {
                let _ = search.try_begin(&grid, a, b);
                let _ = search.step(&grid, 3).unwrap();
                let n = search.save_state(&grid, &mut bytes).unwrap();
                while search.step(&grid, 50).unwrap() == Step::InProgress {}
                assert!(search.copy_path(&mut path).is_some());
                search.restore_state(&grid, &bytes[..n]).unwrap();
            });
            assert_eq!(c, 0, "query {seed} allocated ({alg:?}, improved)");
            assert!(search.specialized() && search.improved_pruning());
        }
    }
}

#[test]
fn generic_astar_allocates_nothing_after_warm_up() {
    let grid = random_grid(9, 50, 50, 30, false);
    let topo = onepath::grid::SquareTopology::new(
        &grid,
        1,
        onepath::Connectivity::Eight,
        onepath::DiagonalRule::NoCornerCutting,
    )
    .unwrap();
    let mut search = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), 1.0));
    let mut out = vec![0u32; 2500];
    let _ = search.try_begin(&topo, 0, 2499);
    let _ = search.run(&topo);
    for goal in [100u32, 777, 2000, 2450] {
        let (_, c) = allocations(|| {
            let _ = search.try_begin(&topo, 3, goal);
            let _ = search.run(&topo);
            search.copy_path(&mut out)
        });
        assert_eq!(c, 0);
    }
}

#[test]
fn specialised_engines_allocate_nothing_after_warm_up() {
    use onepath::fast::{BitFinder, OctileAStar, OctileJump, OctileMap, TableFinder};
    use onepath::jps::JpsPlusIndex;
    let grid = random_grid(19, 90, 40, 28, false);
    let map = OctileMap::new(&grid);
    let index = JpsPlusIndex::new(&grid).unwrap();
    let open: Vec<u32> = (0..grid.cell_count())
        .filter(|&c| grid.cells()[c as usize] != 255)
        .collect();
    let mut out = vec![0u32; grid.cell_count() as usize];
    let mut bytes = vec![0u8; 1 << 21];
    let mut a = OctileAStar::new();
    let mut b = OctileJump::<BitFinder>::new();
    let mut bi = OctileJump::<BitFinder>::with_improved_pruning(true);
    let mut t = OctileJump::<TableFinder>::new();
    for round in 0..6usize {
        let (s, g) = (
            open[(round * 37) % open.len()],
            open[(round * 91 + 7) % open.len()],
        );
        let counted = round > 0;
        let (_, c) = allocations(|| {
            let _ = a.try_begin(&grid, s, g);
            let _ = a.step(5);
            let n = a.save_state(&grid, &mut bytes).unwrap();
            assert_eq!(n, a.state_size());
            a.restore_state(&grid, &bytes[..n]).unwrap();
            let _ = a.run();
            assert!(a.copy_path(&mut out).is_some());
            for e in [&mut b, &mut bi] {
                let _ = e.try_begin(&grid, &map, s, g);
                let _ = e.step(&map, 3);
                let n = e.save_state(&grid, &mut bytes).unwrap();
                e.restore_state(&grid, &bytes[..n]).unwrap();
                let _ = e.run(&map);
                assert!(e.copy_path(&mut out).is_some());
            }
            let _ = t.try_begin(&grid, &index, s, g);
            let _ = t.step(&index, 3);
            let n = t.save_state(&grid, &mut bytes).unwrap();
            t.restore_state(&grid, &bytes[..n]).unwrap();
            let _ = t.run(&index);
            t.copy_path(&mut out)
        });
        if counted {
            assert_eq!(c, 0, "round {round} allocated");
        }
    }
}

#[test]
fn the_counter_does_count() {
    let (_, c) = allocations(|| vec![1u8; 10]);
    assert_eq!(c, 1);
}

/// The navigation mesh of a fixed random 45 x 48 grid, the centres of the cells it covers
/// (row-major), and `seeds - 1` query pairs spread over them (seed 1 onward).
fn nav_mesh_pairs(
    seeds: usize,
) -> (
    onepath::navmesh::NavMesh,
    Vec<onepath::navmesh::NavPoint>,
    Vec<(onepath::navmesh::NavPoint, onepath::navmesh::NavPoint)>,
) {
    use onepath::navmesh::{NavMesh, NavPoint, NavSettings};
    let grid = common::random_grid(45, 48, 40, 30, false);
    let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    let on_mesh: Vec<NavPoint> = (0..grid.cell_count())
        .map(|i| NavPoint::cell_center(grid.cell_of(i)))
        .filter(|&p| mesh.locate(p).is_some())
        .collect();
    let pairs = (1..seeds)
        .map(|seed| {
            (
                on_mesh[(seed * 7919) % on_mesh.len()],
                on_mesh[(seed * 104_729 + 13) % on_mesh.len()],
            )
        })
        .collect();
    (mesh, on_mesh, pairs)
}

/// The corridor search (issue 29, `docs/navmesh.md` §7): after one search on a mesh, every
/// later `try_begin`, `step`, `run`, path read, `state_size`, `save_state` and `restore_state`
/// on a mesh of no more half-edges allocates nothing (the funnel included).
#[test]
fn nav_search_allocates_nothing_after_warm_up() {
    use onepath::navmesh::{NavSearch, NavWaypoint};
    let (mesh, on_mesh, pairs) = nav_mesh_pairs(40);
    let mut search = NavSearch::new();
    let mut bytes = vec![0u8; NavSearch::max_state_size(&mesh)];
    let mut path = vec![NavWaypoint::default(); mesh.half_edge_count() as usize + 2];
    // Warm-up: the first search on this mesh sizes every buffer once.
    let _ = search.try_begin(&mesh, on_mesh[0], on_mesh[on_mesh.len() - 1]);
    let _ = search.run(&mesh);
    let mut found = 0;
    for &(a, b) in &pairs {
        let (s, c) = allocations(|| search.try_begin(&mesh, a, b));
        assert_eq!((s, c), (Step::InProgress, 0), "try_begin allocated");
        let (_, c) = allocations(|| search.step(&mesh, 3));
        assert_eq!(c, 0, "step allocated");
        let (size, c) = allocations(|| search.state_size());
        assert_eq!(c, 0, "state_size allocated");
        let (saved, c) = allocations(|| search.save_state(&mesh, &mut bytes).unwrap());
        assert_eq!((saved, c), (size, 0), "save_state allocated");
        let (status, c) = allocations(|| search.run(&mesh));
        assert_eq!(c, 0, "run (with the funnel) allocated");
        found += usize::from(status == Step::Found);
        let (n, c) = allocations(|| search.copy_path(&mut path));
        assert_eq!((n, c), (search.waypoints().len(), 0), "copy_path allocated");
        let (r, c) = allocations(|| search.restore_state(&mesh, &bytes[..saved]));
        r.unwrap();
        assert_eq!(c, 0, "restore_state allocated");
        let (_, c) = allocations(|| search.run(&mesh));
        assert_eq!(c, 0, "run after restore allocated");
    }
    assert!(found > 20, "only {found} of 39 searches found a path");
}

/// Polyanya (issue 30): after a first pass of queries on a mesh (the warm-up sizes the node
/// pool, root records, open list and per-corner table to the largest of them), the same
/// queries again — `try_begin`, sliced `step`, `run`, the path reads and the funnel over the
/// corridor into a reserved buffer — allocate nothing.
#[test]
fn polyanya_allocates_nothing_after_warm_up() {
    use onepath::navmesh::PolyanyaSearch;
    let (mesh, _, pairs) = nav_mesh_pairs(40);
    let mut search = PolyanyaSearch::new();
    let mut out = Vec::with_capacity(mesh.half_edge_count() as usize + 2);
    for &(a, b) in &pairs {
        let _ = search.try_begin(&mesh, a, b);
        let _ = search.run(&mesh);
        let _ = search.funnel_waypoints(&mut out);
    }
    let mut found = 0;
    for &(a, b) in &pairs {
        let (s, c) = allocations(|| search.try_begin(&mesh, a, b));
        assert_eq!(c, 0, "try_begin allocated");
        assert!(matches!(s, Step::InProgress | Step::NoPath | Step::Found));
        let (_, c) = allocations(|| search.step(&mesh, 2));
        assert_eq!(c, 0, "step allocated");
        let (status, c) = allocations(|| search.run(&mesh));
        assert_eq!(c, 0, "run allocated");
        found += usize::from(status == Step::Found);
        let (l, c) = allocations(|| {
            (
                search.length(),
                search.waypoints().len(),
                search.corridor().len(),
                search.funnel_waypoints(&mut out),
            )
        });
        assert_eq!(c, 0, "the path reads and the funnel allocated");
        if status == Step::Found {
            assert!(l.3.unwrap() <= l.0.unwrap() * (1.0 + 1e-9));
        }
    }
    assert!(found > 20, "only {found} of 39 searches found a path");
}

/// Polyanya's snapshot (kind 18, issue 30): after a warm-up pass that saved and restored each
/// query once on the mesh (the first restore allocates the scratch search the replay runs in;
/// the search and its scratch swap on acceptance, so each is sized by then), `state_size`,
/// `save_state` and `restore_state` of the same queries allocate nothing, and neither does
/// running the restored search.
#[test]
fn polyanya_snapshot_allocates_nothing_after_warm_up() {
    use onepath::navmesh::PolyanyaSearch;
    let (mesh, _, pairs) = nav_mesh_pairs(30);
    let mut search = PolyanyaSearch::new();
    let mut bytes = vec![0u8; PolyanyaSearch::max_state_size(&mesh)];
    for &(a, b) in &pairs {
        let _ = search.try_begin(&mesh, a, b);
        let _ = search.step(&mesh, 3);
        let n = search.save_state(&mesh, &mut bytes).unwrap();
        let _ = search.run(&mesh);
        search.restore_state(&mesh, &bytes[..n]).unwrap();
        let _ = search.run(&mesh);
        search.restore_state(&mesh, &bytes[..n]).unwrap();
        let _ = search.run(&mesh);
    }
    let mut in_progress = 0;
    for &(a, b) in &pairs {
        let _ = search.try_begin(&mesh, a, b);
        let _ = search.step(&mesh, 3);
        let (size, c) = allocations(|| search.state_size());
        assert_eq!(c, 0, "state_size allocated");
        let (saved, c) = allocations(|| search.save_state(&mesh, &mut bytes).unwrap());
        assert_eq!((saved, c), (size, 0), "save_state allocated");
        in_progress += usize::from(search.status() == Step::InProgress);
        let _ = search.run(&mesh);
        let (r, c) = allocations(|| search.restore_state(&mesh, &bytes[..saved]));
        r.unwrap();
        assert_eq!(c, 0, "restore_state allocated");
        let (_, c) = allocations(|| search.run(&mesh));
        assert_eq!(c, 0, "run after restore allocated");
    }
    assert!(
        in_progress > 15,
        "only {in_progress} of 29 saved in progress"
    );
}
