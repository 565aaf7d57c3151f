//! Issue 28 item 5: every structure derived from a map answers a read after an edit it has
//! not followed with an error or the documented stale flag, never quietly with an old answer
//! that the caller cannot tell from a current one (ARCHITECTURE.md, “Stale reads”). One test
//! per structure: the flag (`is_current` / `belongs_to`) turns false on the edit, `current`
//! refuses with the typed error naming the cause, the map-free reads are shown to be the old
//! answer (so the flag is needed), and following the edit makes the structure current again
//! with the new answer.

use onepath::graph::{Graph, GraphEdge};
use onepath::graph_search::{LandmarkError, LandmarkOptions, Landmarks};
use onepath::hpa::{HpaConfig, HpaError, HpaHierarchy, HpaSearch};
use onepath::jps::JpsPlusIndex;
use onepath::search::Step;
use onepath::{
    Cell, Grid, GridAlgorithm, GridOptions, GridSearch, HexGrid, HexLayout, PathStatus, QueryError,
    VoxelCell, VoxelGrid, VoxelOptions, VoxelSearch,
};

#[test]
fn square_flow_field_after_an_edit() {
    let mut grid = Grid::new(5, 1).unwrap();
    let mut field = grid
        .create_flow_field(&[Cell::new(0, 0)], &GridOptions::DEFAULT)
        .unwrap();
    assert!(field.is_current(&grid));
    assert!(field.current(&grid).is_ok());
    grid.set_walkable(Cell::new(2, 0), false).unwrap();
    // The old answer is still there (the complaint) ...
    assert_eq!(field.next(Cell::new(4, 0)), Some(Cell::new(3, 0)));
    // ... but flagged, and refused by the checked read and by step.
    assert!(!field.is_current(&grid));
    assert!(matches!(
        field.current(&grid),
        Err(QueryError::GridChanged { .. })
    ));
    assert!(matches!(
        field.step(&grid, 1),
        Err(QueryError::GridChanged { .. })
    ));
    field.refresh(&grid).unwrap();
    let now = field.current(&grid).unwrap();
    assert_eq!(now.next(Cell::new(4, 0)), None);
    assert_eq!(now.cost(Cell::new(4, 0)), f64::INFINITY);
    // Another grid of the same size is never current.
    let other = Grid::new(5, 1).unwrap();
    assert!(!field.is_current(&other));
    assert!(field.current(&other).is_err());
}

#[test]
fn hex_flow_field_after_an_edit() {
    let mut grid = HexGrid::new(5, 1, HexLayout::PointyOddRow).unwrap();
    let mut field = grid
        .create_flow_field(&[Cell::new(0, 0)], &GridOptions::DEFAULT)
        .unwrap();
    assert!(field.is_current(&grid));
    grid.set_area(Cell::new(2, 0), 255).unwrap();
    assert_eq!(field.next(Cell::new(4, 0)), Some(Cell::new(3, 0)));
    assert!(!field.is_current(&grid));
    assert!(matches!(
        field.current(&grid),
        Err(QueryError::GridChanged { .. })
    ));
    field.refresh(&grid).unwrap();
    assert_eq!(field.current(&grid).unwrap().next(Cell::new(4, 0)), None);
}

fn reason<T>(r: &Result<T, QueryError>) -> &'static str {
    match *r {
        Err(QueryError::NotReplanned { reason }) => reason,
        Err(ref e) => panic!("another error: {e}"),
        Ok(_) => panic!("current"),
    }
}

#[test]
fn square_replanner_after_edits_moves_and_budgets() {
    let mut grid = Grid::new(6, 3).unwrap();
    for alg in [GridAlgorithm::LpaStar, GridAlgorithm::DStarLite] {
        let o = GridOptions::FOUR_CONNECTED.with_algorithm(alg);
        let mut unit = grid
            .create_replanner(Cell::new(0, 1), Cell::new(5, 1), &o)
            .unwrap();
        assert_eq!(reason(&unit.current(&grid)), "it never replanned");
        assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
        assert!(unit.is_current(&grid));
        let old = unit.path().to_vec();
        grid.set_walkable(Cell::new(3, 1), false).unwrap();
        // The old path through the new wall is still readable, and flagged.
        assert_eq!(unit.path(), old.as_slice());
        assert!(unit.path().contains(&Cell::new(3, 1)));
        assert!(!unit.is_current(&grid));
        assert_eq!(reason(&unit.current(&grid)), "the grid was edited");
        // A snapshot reads the edits without replanning: still not current.
        let mut buf = vec![0u8; unit.state_size(&grid)];
        unit.save_state(&grid, &mut buf).unwrap();
        assert_eq!(reason(&unit.current(&grid)), "the grid was edited");
        assert_eq!(unit.replan(&grid).unwrap(), PathStatus::Found);
        assert!(
            !unit
                .current(&grid)
                .unwrap()
                .path()
                .contains(&Cell::new(3, 1))
        );
        unit.move_start(Cell::new(1, 1));
        assert_eq!(reason(&unit.current(&grid)), "the start moved");
        let _ = unit.replan(&grid).unwrap();
        unit.set_goal(Cell::new(5, 0));
        assert_eq!(reason(&unit.current(&grid)), "the goal changed");
        assert_eq!(
            unit.try_replan(&grid, 1).unwrap(),
            PathStatus::BudgetExhausted
        );
        assert_eq!(
            reason(&unit.current(&grid)),
            "the last replan ran out of budget"
        );
        let _ = unit.replan(&grid).unwrap();
        assert!(unit.is_current(&grid));
        unit.invalidate();
        assert_eq!(reason(&unit.current(&grid)), "it was invalidated");
        let _ = unit.replan(&grid).unwrap();
        // A restore of a finished state is current on the grid it is restored on.
        let mut buf = vec![0u8; unit.state_size(&grid)];
        unit.save_state(&grid, &mut buf).unwrap();
        let mut twin = grid
            .create_replanner(Cell::new(1, 1), Cell::new(5, 0), &o)
            .unwrap();
        twin.restore_state(&grid, &buf).unwrap();
        assert!(twin.is_current(&grid));
        grid.set_walkable(Cell::new(3, 1), true).unwrap();
    }
}

#[test]
fn hex_replanner_after_an_edit() {
    let mut grid = HexGrid::new(6, 3, HexLayout::FlatEvenColumn).unwrap();
    let o = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::DStarLite);
    let mut unit = grid
        .create_replanner(Cell::new(0, 1), Cell::new(5, 1), &o)
        .unwrap();
    assert!(!unit.is_current(&grid));
    let _ = unit.replan(&grid).unwrap();
    assert!(unit.is_current(&grid));
    let on_path = unit.path()[2];
    grid.set_area(on_path, 255).unwrap();
    assert!(unit.path().contains(&on_path));
    assert_eq!(reason(&unit.current(&grid)), "the grid was edited");
    let _ = unit.replan(&grid).unwrap();
    assert!(!unit.current(&grid).unwrap().path().contains(&on_path));
}

#[test]
fn hpa_hierarchy_and_search_after_an_edit() {
    let mut grid = Grid::new(12, 6).unwrap();
    let config = HpaConfig::DEFAULT.with_chunk_size(3);
    let mut hier = HpaHierarchy::build(&grid, config).unwrap();
    let mut search = HpaSearch::new();
    assert!(!search.is_current(&grid)); // idle
    let (start, goal) = (2 * 12, 2 * 12 + 11); // (0, 2) and (11, 2)
    assert_eq!(
        search.try_begin(&hier, &grid, start, goal),
        Ok(Step::InProgress)
    );
    assert_eq!(search.step(&hier, &grid, 1), Ok(Step::InProgress));
    grid.set_walkable(Cell::new(6, 2), false).unwrap();
    // The hierarchy's reads are old until refresh.
    assert!(matches!(
        hier.current(&grid),
        Err(HpaError::StaleHierarchy { .. })
    ));
    hier.refresh(&grid);
    assert!(hier.current(&grid).is_ok());
    // The search began on the old grid: refreshing the hierarchy does not make its costs
    // current (before issue 28 it went on and could return a path through the new wall).
    assert!(!search.is_current(&grid));
    assert!(matches!(
        search.step(&hier, &grid, u32::MAX),
        Err(HpaError::StaleSearch { .. })
    ));
    assert!(matches!(
        search.current(&grid),
        Err(HpaError::StaleSearch { .. })
    ));
    assert_eq!(
        search.try_begin(&hier, &grid, start, goal),
        Ok(Step::InProgress)
    );
    assert_eq!(search.run(&hier, &grid), Ok(Step::Found));
    let now = search.current(&grid).unwrap();
    assert!(!now.path().contains(&(2 * 12 + 6)));
}

#[test]
fn jps_plus_tables_after_an_edit() {
    let mut grid = Grid::new(8, 1).unwrap();
    let mut index = JpsPlusIndex::new(&grid).unwrap();
    let before = index.raw().to_vec();
    assert!(index.current(&grid).is_ok());
    grid.set_walkable(Cell::new(4, 0), false).unwrap();
    assert_eq!(index.raw(), before.as_slice()); // old tables, flagged:
    assert!(!index.is_current(&grid));
    assert!(matches!(
        index.current(&grid),
        Err(QueryError::GridChanged { .. })
    ));
    index.refresh(&grid).unwrap();
    assert_eq!(
        index.current(&grid).unwrap().raw(),
        JpsPlusIndex::new(&grid).unwrap().raw()
    );
}

#[test]
fn landmarks_after_a_graph_edit() {
    let edges: Vec<GraphEdge> = (0..5).map(|i| GraphEdge::new(i, i + 1, 1.0)).collect();
    let mut graph = Graph::from_edges(&edges, None, true).unwrap();
    let lm = Landmarks::build(graph.compile(), &LandmarkOptions::DEFAULT).unwrap();
    assert_eq!(lm.current(graph.compile()).unwrap().lower_bound(0, 5), 5.0);
    graph.set_weight(2, 0.5).unwrap();
    // The old bound (5) is now above the distance (4.5): flagged and refused.
    assert_eq!(lm.lower_bound(0, 5), 5.0);
    assert!(!lm.belongs_to(graph.compile()));
    assert!(matches!(
        lm.current(graph.compile()),
        Err(LandmarkError::Stale { .. })
    ));
    let options = onepath::query::GraphOptions {
        landmarks: Some(&lm),
        ..onepath::query::GraphOptions::DEFAULT
    };
    assert!(graph.find_path(0, 5, &options).is_err());
}

#[test]
fn grid_search_after_an_edit() {
    let mut grid = Grid::new(6, 1).unwrap();
    let mut search = GridSearch::new(GridOptions::DEFAULT).unwrap();
    assert!(!search.is_current(&grid));
    let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(5, 0));
    let _ = search.run_cancellable(&grid, || false).unwrap();
    assert!(search.current(&grid).is_ok());
    grid.set_walkable(Cell::new(3, 0), false).unwrap();
    assert_eq!(search.cost(), 5.0); // the old answer, flagged:
    assert!(!search.is_current(&grid));
    assert!(matches!(
        search.current(&grid),
        Err(QueryError::GridChanged { .. })
    ));
    let _ = search.try_begin(&grid, Cell::new(0, 0), Cell::new(5, 0));
    let _ = search.run_cancellable(&grid, || false).unwrap();
    assert_eq!(search.current(&grid).unwrap().state(), Step::NoPath);
}

#[test]
fn voxel_search_after_an_edit() {
    let mut grid = VoxelGrid::new(6, 1, 1).unwrap();
    let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    assert!(!search.is_current(&grid));
    let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(5, 0, 0));
    let _ = search.start(&grid, a, b);
    while search.step(&grid, 3).unwrap() == Step::InProgress {}
    assert!(search.current(&grid).is_ok());
    grid.set_walkable(VoxelCell::new(3, 0, 0), false).unwrap();
    assert_eq!(search.state(), Step::Found); // the old answer, flagged:
    assert!(!search.is_current(&grid));
    assert!(matches!(
        search.current(&grid),
        Err(QueryError::GridChanged { .. })
    ));
}
