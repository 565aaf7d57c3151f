//! Jump point search inside the engine: the block scan equals the cell scan, and JPS / JPS+
//! costs equal the generic A*'s on random grids (the independent references live in
//! `conformance`).

mod common;

use common::random_grid;
use onepath::grid::Dir8;
use onepath::grid::SquareTopology;
use onepath::jps::{
    BlockJumper, BlockMap, JpsPlusIndex, JumpTopology, Jumper, OnlineJumper, TableJumper, expand,
};
use onepath::math::SplitMix64;
use onepath::search::{AStar, Step};
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Cell, Connectivity, DiagonalRule, Grid};

#[test]
fn block_scan_equals_cell_scan() {
    let mut r = SplitMix64::new(3);
    for seed in 0..60u64 {
        let (w, h) = (1 + r.below(150), 1 + r.below(90));
        let grid = random_grid(seed, w, h, r.below(50), false);
        let map = BlockMap::new(&grid);
        let (online, block) = (OnlineJumper::new(&grid), BlockJumper::new(&map));
        for _ in 0..300 {
            let (x, y) = (r.below(w) as i32, r.below(h) as i32);
            if !grid.is_walkable(Cell::new(x, y)) {
                continue;
            }
            // Goals anywhere, often on the scan lines.
            let goal = match r.below(3) {
                0 => (r.below(w) as i32, y),
                1 => (x, r.below(h) as i32),
                _ => (r.below(w) as i32, r.below(h) as i32),
            };
            for dir in Dir8::ALL {
                assert_eq!(
                    block.jump(x, y, dir, goal),
                    online.jump(x, y, dir, goal),
                    "seed {seed} ({x},{y}) {dir:?} goal {goal:?}"
                );
            }
        }
    }
}

fn astar_cost(grid: &Grid, s: u32, g: u32, m: f64) -> (Step, f64) {
    let topo =
        SquareTopology::new(grid, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap();
    let mut a = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), m));
    let _ = a.try_begin(&topo, s, g);
    (a.run(&topo), a.cost())
}

fn jump_cost<J: Jumper>(grid: &Grid, jumper: J, s: u32, g: u32, m: f64) -> (Step, f64, Vec<Cell>) {
    let topo = JumpTopology::new(grid, jumper, grid.cell_of(g), m);
    let mut a = AStar::new(DefaultStepCost, OctileHeuristic::new(grid.width(), m));
    let _ = a.try_begin(&topo, s, g);
    let st = a.run(&topo);
    (st, a.cost(), expand(grid.width(), &a.path()))
}

#[test]
fn jps_and_jps_plus_costs_equal_astar() {
    let mut r = SplitMix64::new(9);
    for seed in 0..300u64 {
        let (w, h) = (1 + r.below(70), 1 + r.below(40));
        let mut grid = random_grid(seed, w, h, r.below(45), false);
        let m = [1.0, 2.5, 0.3][seed as usize % 3];
        for a in 0..255u8 {
            grid.set_area_cost(a, m).unwrap();
        }
        let map = BlockMap::new(&grid);
        let index = JpsPlusIndex::new(&grid).unwrap();
        for _ in 0..5 {
            let (s, g) = (r.below(w * h), r.below(w * h));
            let (st, cost) = astar_cost(&grid, s, g, m);
            for (name, (jst, jcost, cells)) in [
                (
                    "online",
                    jump_cost(&grid, OnlineJumper::new(&grid), s, g, m),
                ),
                ("block", jump_cost(&grid, BlockJumper::new(&map), s, g, m)),
                ("table", jump_cost(&grid, TableJumper::new(&index), s, g, m)),
            ] {
                assert_eq!(jst, st, "{name} seed {seed}");
                if st == Step::Found {
                    assert!(
                        (jcost - cost).abs() <= 1e-9 * cost.max(1.0),
                        "{name} seed {seed}: {jcost} vs {cost}"
                    );
                    assert_eq!(cells.first(), Some(&grid.cell_of(s)));
                    assert_eq!(cells.last(), Some(&grid.cell_of(g)));
                    for p in cells.windows(2) {
                        let (dx, dy) = (p[1].x - p[0].x, p[1].y - p[0].y);
                        assert!(dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0));
                        assert!(grid.is_walkable(p[1]));
                        if dx != 0 && dy != 0 {
                            assert!(
                                grid.is_walkable(Cell::new(p[0].x + dx, p[0].y))
                                    && grid.is_walkable(Cell::new(p[0].x, p[0].y + dy))
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn incremental_tables_equal_a_fresh_build() {
    let mut r = SplitMix64::new(21);
    for seed in 0..1300u64 {
        let (w, h) = (1 + r.below(40), 1 + r.below(30));
        let mut grid = random_grid(seed, w, h, r.below(40), false);
        let mut index = JpsPlusIndex::new(&grid).unwrap();
        for _batch in 0..3 {
            let mut edited = Vec::new();
            // Cells and rectangles.
            for _ in 0..=r.below(6) {
                let (x, y) = (r.below(w) as i32, r.below(h) as i32);
                let (rw, rh) = if r.chance(1, 3) {
                    (1 + r.below(4) as i32, 1 + r.below(4) as i32)
                } else {
                    (1, 1)
                };
                let wall = r.chance(1, 2);
                for yy in y..(y + rh).min(h as i32) {
                    for xx in x..(x + rw).min(w as i32) {
                        grid.set_walkable(Cell::new(xx, yy), !wall).unwrap();
                        edited.push((xx, yy));
                    }
                }
            }
            index.update_cells(&grid, &edited);
            let fresh = JpsPlusIndex::new(&grid).unwrap();
            assert_eq!(
                index.raw(),
                fresh.raw(),
                "seed {seed} edits {edited:?}\n{}",
                grid.to_text()
            );
        }
    }
}

#[test]
fn structures_follow_the_edit_journal() {
    use onepath::{GridAlgorithm, GridOptions, GridSearch, Step};
    let mut r = SplitMix64::new(33);
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..300u64 {
        let (w, h) = (2 + r.below(90), 2 + r.below(40));
        let mut grid = random_grid(seed, w, h, r.below(35), false);
        let mut blocks = BlockMap::new(&grid);
        let mut tables = JpsPlusIndex::new(&grid).unwrap();
        let mut kept = [GridAlgorithm::Jps, GridAlgorithm::JpsPlus]
            .map(|a| GridSearch::new(GridOptions::DEFAULT.with_algorithm(a)).unwrap());
        for round in 0..6 {
            // A few cell and rectangle edits, sometimes more than the journal holds.
            let edits = if round == 5 { 70 } else { 1 + r.below(5) };
            for _ in 0..edits {
                let (x, y) = (r.below(w) as i32, r.below(h) as i32);
                let area = if r.chance(1, 2) { 255 } else { 0 };
                if r.chance(1, 3) {
                    let (rw, rh) = (
                        1 + r.below(5).min(w - x as u32 - 1),
                        1 + r.below(5).min(h - y as u32 - 1),
                    );
                    grid.set_rect(x, y, rw, rh, area).unwrap();
                } else {
                    grid.set_area(Cell::new(x, y), area).unwrap();
                }
            }
            let (b, t) = (blocks.refresh(&grid), tables.refresh(&grid).unwrap());
            seen.insert(format!("{b:?}").chars().take(5).collect::<String>());
            seen.insert(format!("{t:?}").chars().take(5).collect::<String>());
            assert!(
                blocks == BlockMap::new(&grid),
                "seed {seed} round {round}: block map"
            );
            assert_eq!(
                tables.raw(),
                JpsPlusIndex::new(&grid).unwrap().raw(),
                "seed {seed} round {round}: tables"
            );
            // A handle kept across the edits answers what a fresh query answers.
            let (s, g) = (grid.cell_of(r.below(w * h)), grid.cell_of(r.below(w * h)));
            for search in &mut kept {
                let alg = search.options().algorithm;
                let fresh = grid
                    .find_path(s, g, &GridOptions::DEFAULT.with_algorithm(alg))
                    .unwrap();
                if search.try_begin(&grid, s, g) == Step::InProgress {
                    while search.step(&grid, 9).unwrap() == Step::InProgress {}
                    assert_eq!(
                        search
                            .to_path(&grid)
                            .expect("the grid the search is bound to"),
                        fresh,
                        "seed {seed} round {round} {alg:?}"
                    );
                }
            }
        }
        if seed == 299 {
            assert!(
                seen.contains("Repai") && seen.contains("Rebui"),
                "both refresh paths must run: {seen:?}"
            );
        }
    }
}
