//! Tier 1 of the any-angle family: `GridAlgorithm::ThetaStar` and `LazyThetaStar` through the
//! selection table — the query runs `ThetaSearch` when it qualifies (eight moves, no corner
//! cutting, agent size 1, automatic or zero estimate, one multiplier for every area) and A*
//! otherwise, `GridPath::algorithm` says which; the path lists waypoints only and costs the
//! in-order sum of its segments; `find_path` = the `GridSearch` handle sliced and restored.

mod common;

use common::random_grid;
use onepath::math::sqrt;
use onepath::search::Step;
use onepath::theta::{EuclideanHeuristic, GridLineOfSight, ThetaSearch, ThetaVariant};
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, GridSearch, HeuristicKind,
    PathStatus,
};

const FAMILIES: [(GridAlgorithm, ThetaVariant); 2] = [
    (GridAlgorithm::ThetaStar, ThetaVariant::Theta),
    (GridAlgorithm::LazyThetaStar, ThetaVariant::LazyRequeue),
];

fn segment_sum(cells: &[Cell], m: f64) -> f64 {
    let mut sum = 0.0;
    for w in cells.windows(2) {
        let (dx, dy) = (i64::from(w[1].x - w[0].x), i64::from(w[1].y - w[0].y));
        sum += m * sqrt((dx * dx + dy * dy) as f64);
    }
    sum
}

#[test]
fn an_open_grid_gives_one_segment() {
    let grid = Grid::new(10, 6).unwrap();
    for (alg, _) in FAMILIES {
        let o = GridOptions::DEFAULT.with_algorithm(alg);
        let p = grid
            .find_path(Cell::new(0, 0), Cell::new(9, 5), &o)
            .unwrap();
        assert_eq!(p.status, PathStatus::Found);
        assert_eq!(p.algorithm, alg);
        assert!(!p.specialized);
        assert_eq!(p.cells, vec![Cell::new(0, 0), Cell::new(9, 5)]);
        assert_eq!(p.points.len(), 2);
        assert_eq!(p.cost.to_bits(), sqrt(81.0 + 25.0).to_bits());
        assert_eq!(o.resolved_algorithm(&grid), alg);
        // Waypoints are not king moves: the exact step counts and fixed costs refuse them.
        assert_eq!(p.step_counts(), None);
        assert_eq!(grid.fixed_cost(&p.cells), None);
    }
}

#[test]
fn queries_outside_the_rule_run_astar() {
    let mut priced = Grid::new(8, 8).unwrap();
    priced.set_area_cost(4, 2.0).unwrap();
    let plain = Grid::new(8, 8).unwrap();
    for (alg, _) in FAMILIES {
        let base = GridOptions::DEFAULT.with_algorithm(alg);
        let cases = [
            (base.with_connectivity(Connectivity::Four), &plain),
            (base.with_diagonal_rule(DiagonalRule::NoSqueezing), &plain),
            (base.with_agent_size(2), &plain),
            (base.with_heuristic(HeuristicKind::Octile), &plain),
            (base, &priced),
        ];
        for (o, grid) in cases {
            let p = grid
                .find_path(Cell::new(0, 0), Cell::new(7, 3), &o)
                .unwrap();
            assert_eq!(p.algorithm, GridAlgorithm::AStar, "{o:?}");
            assert_eq!(o.resolved_algorithm(grid), GridAlgorithm::AStar);
            let astar = o.with_algorithm(GridAlgorithm::AStar);
            assert_eq!(
                p,
                grid.find_path(Cell::new(0, 0), Cell::new(7, 3), &astar)
                    .unwrap()
            );
        }
        // Hooks are callbacks the any-angle search cannot honour: A*.
        let p = plain
            .find_path_with(
                Cell::new(0, 0),
                Cell::new(7, 3),
                &base,
                |_, _, c| c,
                |_| false,
            )
            .unwrap();
        assert_eq!(p.algorithm, GridAlgorithm::AStar);
        // The weight is honoured, so any weight qualifies; a refusal names the family too.
        let weighted = base.with_weight(2.0);
        assert_eq!(weighted.resolved_algorithm(&plain), alg);
        let refused = plain
            .find_path(Cell::new(-1, 0), Cell::new(7, 3), &base)
            .unwrap();
        assert_eq!(
            (refused.status, refused.algorithm),
            (PathStatus::StartInvalid, alg)
        );
    }
}

#[test]
fn tier1_equals_tier2_the_handle_sliced_and_restored() {
    let mut checked = 0;
    for seed in 0..40u64 {
        let mut grid = random_grid(
            seed,
            12 + (seed % 13) as u32,
            9 + (seed % 7) as u32,
            22,
            false,
        );
        let m = if seed % 4 == 1 { 2.5 } else { 1.0 };
        if m != 1.0 {
            for a in 0..255u8 {
                grid.set_area_cost(a, m).unwrap();
            }
        }
        let open: Vec<u32> = (0..grid.cell_count())
            .filter(|&i| grid.cells()[i as usize] != 255)
            .collect();
        for q in 0..4usize {
            let a = open[(q * 31 + seed as usize) % open.len()];
            let b = open[(q * 77 + 3) % open.len()];
            let (ca, cb) = (grid.cell_of(a), grid.cell_of(b));
            for (alg, variant) in FAMILIES {
                for (weight, zero) in [(1.0, false), (1.5, false), (1.0, true)] {
                    let mut o = GridOptions::DEFAULT.with_algorithm(alg).with_weight(weight);
                    if zero {
                        o = o.with_heuristic(HeuristicKind::Zero);
                    }
                    let p = grid.find_path(ca, cb, &o).unwrap();
                    assert_eq!(p.algorithm, alg);
                    // Tier 2.
                    let scale = if zero { 0.0 } else { m };
                    let mut t =
                        ThetaSearch::new(variant, EuclideanHeuristic::new(grid.width(), scale))
                            .with_weight(weight)
                            .unwrap();
                    let _ = t.try_begin(&grid, a, b);
                    let _ = t.run(&grid);
                    let cells: Vec<Cell> = t.path().iter().map(|&n| grid.cell_of(n)).collect();
                    assert_eq!(p.cells, cells);
                    assert_eq!(p.cost.to_bits(), t.cost().to_bits());
                    assert_eq!(
                        (p.iterations, p.expansions),
                        (t.iterations(), t.expansions())
                    );
                    if p.status == PathStatus::Found {
                        assert_eq!(p.cost.to_bits(), segment_sum(&p.cells, m).to_bits());
                        for w in p.cells.windows(2) {
                            assert!(GridLineOfSight::check(&grid, w[0], w[1]));
                        }
                    }
                    // The handle, sliced, saved and restored mid-way into a fresh handle.
                    let mut h = GridSearch::new(o).unwrap();
                    assert_eq!(h.try_begin(&grid, ca, cb), Step::InProgress);
                    let _ = h.step(&grid, 3).unwrap();
                    let mut bytes = vec![0u8; h.state_size()];
                    h.save_state(&grid, &mut bytes).unwrap();
                    let mut peer = GridSearch::new(o).unwrap();
                    peer.restore_state(&grid, &bytes).unwrap();
                    while h.step(&grid, 2).unwrap() == Step::InProgress {}
                    while peer.step(&grid, 7).unwrap() == Step::InProgress {}
                    assert_eq!(h.to_path(&grid).unwrap(), p);
                    assert_eq!(peer.to_path(&grid).unwrap(), p);
                    let mut out = vec![Cell::default(); h.path_len()];
                    assert_eq!(h.copy_path(&mut out), Some(p.cells.len()));
                    assert_eq!(out, p.cells);
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 40 * 4 * 2 * 3);
}

#[test]
fn a_handle_switches_between_families() {
    let grid = Grid::from_text("..........\n...####...\n..........").unwrap();
    let (a, b) = (Cell::new(0, 1), Cell::new(9, 1));
    let mut h =
        GridSearch::new(GridOptions::DEFAULT.with_algorithm(GridAlgorithm::ThetaStar)).unwrap();
    let _ = h.try_begin(&grid, a, b);
    let _ = h.run_cancellable(&grid, || false).unwrap();
    let theta = h.to_path(&grid).unwrap();
    assert_eq!(theta.algorithm, GridAlgorithm::ThetaStar);
    let astar = grid.find_path(a, b, &GridOptions::DEFAULT).unwrap();
    assert!(theta.cost < astar.cost, "{} vs {}", theta.cost, astar.cost);
    assert!(theta.cells.len() < astar.cells.len());
    // The snapshot carries its options: a handle made for A* restores into Theta*.
    let mut bytes = vec![0u8; h.state_size()];
    h.save_state(&grid, &mut bytes).unwrap();
    let mut other = GridSearch::new(GridOptions::DEFAULT).unwrap();
    other.restore_state(&grid, &bytes).unwrap();
    assert_eq!(
        other.algorithm(),
        GridAlgorithm::ThetaStar,
        "the snapshot carries its options"
    );
    assert_eq!(other.to_path(&grid).unwrap(), theta);
}
