//! The small fixed maps snapshots are taken on and restored against, and the handle options
//! that select each snapshot kind. Fixed, so that a committed seed (a valid snapshot) keeps
//! its map hash.

use onepath::math::SplitMix64;
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, HeuristicKind};

/// Number of maps [`map`] knows.
pub const MAPS: u32 = 5;

/// Map `index % MAPS`: random walls, rooms, a corridor, area costs (no specialised engine
/// applies), and an open map whose every cell costs 2.5.
pub fn map(index: u32) -> Grid {
    match index % MAPS {
        0 => random(1, 12, 10, 20),
        1 => {
            let mut g = random(2, 16, 12, 8);
            for y in 0..12 {
                for x in 0..16 {
                    if (x % 5 == 4 && y % 4 != 1) || (y % 6 == 5 && x % 7 != 3) {
                        let _ = g.set_walkable(Cell::new(x, y), false);
                    }
                }
            }
            g
        }
        2 => Grid::from_text("......#\n.####.#\n.......").expect("a fixed picture"),
        3 => {
            let mut g = random(3, 14, 9, 15);
            let mut r = SplitMix64::new(33);
            for i in 0..g.cell_count() {
                let c = g.cell_of(i);
                if g.is_walkable(c) {
                    let _ = g.set_area(c, r.below(3) as u8);
                }
            }
            let _ = g.set_area_cost(1, 1.5);
            let _ = g.set_area_cost(2, 0.5);
            g
        }
        _ => {
            let mut g = random(4, 9, 9, 12);
            for a in 0..255 {
                let _ = g.set_area_cost(a, 2.5);
            }
            g
        }
    }
}

/// A `w` × `h` map with walls at `wall_pct`% (fixed seeds: never fails).
fn random(seed: u64, w: u32, h: u32, wall_pct: u32) -> Grid {
    let mut r = SplitMix64::new(seed);
    let cells = (0..w * h)
        .map(|_| if r.chance(wall_pct, 100) { 255 } else { 0 })
        .collect();
    Grid::from_areas(w, h, cells).expect("a fixed size")
}

/// A map larger than every map of [`map`]: busy targets search it first, so that their
/// buffers are bigger than the map the snapshot belongs to (acceptance must not depend on
/// that).
pub fn larger() -> Grid {
    random(5, 40, 30, 10)
}

/// The walkable cells of `grid`, row-major.
pub fn open_cells(grid: &Grid) -> Vec<Cell> {
    (0..grid.cell_count())
        .map(|i| grid.cell_of(i))
        .filter(|&c| grid.is_walkable(c))
        .collect()
}

/// Number of option sets [`handle_options`] knows.
pub const HANDLE_OPTIONS: u32 = 12;

/// Handle options `index % HANDLE_OPTIONS`. On a map with one cost for every cell, 0 runs the
/// one-line octile A* (kind 3 nesting kind 4), 2 and 3 the octile jump engines (kind 5, bit
/// scans and tables), 1, 4 and 5 the generic A*, JPS and JPS+ (nesting kind 2); the rest run
/// the generic A* under other movement rules, estimates, weights or recording.
pub fn handle_options(index: u32) -> GridOptions {
    let d = GridOptions::DEFAULT;
    match index % HANDLE_OPTIONS {
        0 => d,
        1 => d.with_specialized_engines(false),
        2 => d.with_algorithm(GridAlgorithm::Jps),
        3 => d.with_algorithm(GridAlgorithm::JpsPlus),
        4 => d
            .with_algorithm(GridAlgorithm::Jps)
            .with_specialized_engines(false),
        5 => d
            .with_algorithm(GridAlgorithm::JpsPlus)
            .with_specialized_engines(false),
        6 => d
            .with_heuristic(HeuristicKind::Zero)
            .with_record_expansions(true),
        7 => GridOptions::FOUR_CONNECTED,
        8 => GridOptions::for_agent_size(2),
        9 => d.with_weight(1.5),
        10 => GridOptions::NO_SQUEEZING.with_record_expansions(true),
        _ => d
            .with_algorithm(GridAlgorithm::JpsPlus)
            .with_heuristic(HeuristicKind::Zero)
            .with_record_expansions(true),
    }
}

/// A twin of map `index`: the same size and multipliers, a few cells (chosen by `salt`)
/// toggled between open and wall. Snapshots taken on it are "another world of the same size":
/// splicing their records into a snapshot of map `index` keeps every size check.
pub fn twin(index: u32, salt: u8) -> Grid {
    let mut g = map(index);
    let mut r = SplitMix64::new(0x7717 ^ u64::from(salt));
    let n = g.cell_count();
    for _ in 0..=n / 16 {
        let c = g.cell_of(r.below(n));
        let open = g.is_walkable(c);
        let _ = g.set_walkable(c, !open);
    }
    g
}

/// Number of graphs [`graph`] knows.
pub const GRAPHS: u32 = 4;

/// Graph `index % GRAPHS` (or, with `twin`, another graph with the same node count): 6 to 30
/// nodes, integer weights 0–9 (so every cost is exact), some edges both ways.
pub fn graph(index: u32, twin: bool) -> onepath::graph::CsrGraph {
    use onepath::GraphEdge;
    let i = index % GRAPHS;
    let n = [6u32, 12, 20, 30][i as usize];
    let mut r = SplitMix64::new(0x6A_0000 + u64::from(i) + if twin { 1000 } else { 0 });
    let mut edges = Vec::new();
    for v in 0..n {
        for _ in 0..2 + r.below(2) {
            let (u, w) = (r.below(n), f64::from(r.below(10)));
            edges.push(GraphEdge::new(v, u, w));
            if r.chance(1, 2) {
                edges.push(GraphEdge::new(u, v, w));
            }
        }
    }
    onepath::graph::CsrGraph::new(n, &edges).expect("valid edges")
}
