//! Which error a tier-1 query reports when several options are wrong at once: the first check
//! that fails, in each grid kind's documented order. The square and hex queries share one
//! runner (`query/query_map.rs`); this pins that sharing it changed no answer.
//!
//! Square: weight, agent size, estimate, then the weight against the grid's largest estimate.
//! Hex: agent size, estimate, weight, then the weight against the largest estimate.

use onepath::{Cell, Grid, GridOptions, HeuristicKind, HexGrid, HexLayout, PathStatus, QueryError};

const NAN_WEIGHT: f64 = f64::NAN;

fn no_hooks() -> (impl Fn(Cell, Cell, f64) -> f64, impl Fn(Cell) -> bool) {
    (|_, _, c| c, |_| false)
}

/// What a query returned, with NaN weights made comparable.
fn outcome(r: Result<onepath::GridPath, QueryError>) -> Result<PathStatus, String> {
    r.map(|p| p.status).map_err(|e| format!("{e:?}"))
}

#[test]
fn square_queries_check_weight_then_agent_size_then_estimate() {
    let grid = Grid::new(6, 6).unwrap();
    let (a, b) = (Cell::new(0, 0), Cell::new(5, 5));
    let all_wrong = GridOptions::DEFAULT
        .with_weight(NAN_WEIGHT)
        .with_agent_size(0)
        .with_heuristic(HeuristicKind::HexDistance);
    let cases = [
        (all_wrong, "InvalidWeight { value: NaN }"),
        (
            all_wrong.with_weight(1.0),
            "InvalidAgentSize { size: 0, max: 255 }",
        ),
        (
            all_wrong.with_weight(1.0).with_agent_size(1),
            "HeuristicNotSupported",
        ),
    ];
    for (options, expected) in cases {
        let (cost, blocked) = no_hooks();
        let hooked = outcome(grid.find_path_with(a, b, &options, cost, blocked));
        assert_eq!(
            hooked,
            Err(expected.to_string()),
            "find_path_with {options:?}"
        );
        let plain = outcome(grid.find_path(a, b, &options));
        assert_eq!(plain, Err(expected.to_string()), "find_path {options:?}");
    }
    // A weight whose product with the largest estimate overflows, with otherwise good options.
    let heavy = GridOptions::DEFAULT.with_weight(f64::MAX);
    let (cost, blocked) = no_hooks();
    let hooked = grid.find_path_with(a, b, &heavy, cost, blocked);
    assert!(
        matches!(hooked, Err(QueryError::WeightTooLarge { .. })),
        "{hooked:?}"
    );
    // Good options: the endpoints are judged only now.
    let (cost, blocked) = no_hooks();
    let path = grid.find_path_with(Cell::new(9, 9), b, &GridOptions::DEFAULT, cost, blocked);
    assert_eq!(outcome(path), Ok(PathStatus::StartInvalid));
}

#[test]
fn hex_queries_check_agent_size_then_estimate_then_weight() {
    let grid = HexGrid::new(6, 6, HexLayout::FlatEvenColumn).unwrap();
    let (a, b) = (Cell::new(0, 0), Cell::new(5, 5));
    let all_wrong = GridOptions::DEFAULT
        .with_weight(NAN_WEIGHT)
        .with_agent_size(2)
        .with_heuristic(HeuristicKind::Manhattan);
    let cases = [
        (all_wrong, "InvalidAgentSize { size: 2, max: 1 }"),
        (all_wrong.with_agent_size(1), "HeuristicNotSupported"),
        (
            all_wrong
                .with_agent_size(1)
                .with_heuristic(HeuristicKind::Octile),
            "HeuristicNotSupported",
        ),
        (
            all_wrong
                .with_agent_size(1)
                .with_heuristic(HeuristicKind::Zero),
            "InvalidWeight { value: NaN }",
        ),
    ];
    for (options, expected) in cases {
        let (cost, blocked) = no_hooks();
        let hooked = outcome(grid.find_path_with(a, b, &options, cost, blocked));
        assert_eq!(
            hooked,
            Err(expected.to_string()),
            "find_path_with {options:?}"
        );
        let plain = outcome(grid.find_path(a, b, &options));
        assert_eq!(plain, Err(expected.to_string()), "find_path {options:?}");
    }
    let heavy = GridOptions::DEFAULT.with_weight(f64::MAX);
    assert!(matches!(
        grid.find_path(a, b, &heavy),
        Err(QueryError::WeightTooLarge { .. })
    ));
    let (cost, blocked) = no_hooks();
    let path = grid.find_path_with(a, Cell::new(6, 0), &GridOptions::DEFAULT, cost, blocked);
    assert_eq!(outcome(path), Ok(PathStatus::GoalInvalid));
}
