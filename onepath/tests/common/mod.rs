//! Shared helpers of the core's integration tests.
#![allow(dead_code)]

pub mod frame;
pub mod navmesh;
pub mod pinned;

use onepath::math::SplitMix64;
use onepath::{Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, HeuristicKind};

/// A random grid: walls with probability `wall_pct`%, areas 0..=3 with multipliers 1, 1.5, 2, 0.5.
pub fn random_grid(seed: u64, w: u32, h: u32, wall_pct: u32, areas: bool) -> Grid {
    let mut r = SplitMix64::new(seed);
    let cells = (0..w * h)
        .map(|_| {
            if r.chance(wall_pct, 100) {
                255
            } else if areas {
                r.below(4) as u8
            } else {
                0
            }
        })
        .collect();
    let mut g = Grid::from_areas(w, h, cells).unwrap();
    if areas {
        g.set_area_cost(1, 1.5).unwrap();
        g.set_area_cost(2, 2.0).unwrap();
        g.set_area_cost(3, 0.5).unwrap();
    }
    g
}

/// A spread of option variants.
pub fn option_variants() -> Vec<GridOptions> {
    vec![
        GridOptions::DEFAULT,
        GridOptions::FOUR_CONNECTED,
        GridOptions::NO_SQUEEZING,
        GridOptions::DEFAULT.with_diagonal_rule(DiagonalRule::AllowAll),
        GridOptions::for_agent_size(2),
        GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero),
        GridOptions::DEFAULT.with_weight(1.5),
        GridOptions::DEFAULT
            .with_connectivity(Connectivity::Four)
            .with_agent_size(3),
        GridOptions::DEFAULT.with_record_expansions(true),
        GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps),
        GridOptions::DEFAULT
            .with_algorithm(GridAlgorithm::JpsPlus)
            .with_record_expansions(true),
        GridOptions::DEFAULT
            .with_algorithm(GridAlgorithm::JpsPlus)
            .with_heuristic(HeuristicKind::Zero),
    ]
}

/// The first and last walkable cells of a grid (for deterministic endpoints).
pub fn far_endpoints(g: &Grid, size: u8) -> Option<(onepath::Cell, onepath::Cell)> {
    let fits: Vec<_> = (0..g.cell_count())
        .map(|i| g.cell_of(i))
        .filter(|&c| g.can_fit(c, size))
        .collect();
    Some((*fits.first()?, *fits.last()?))
}

/// The bytes of a committed `tests/pinned/` file (hex, whitespace-separated).
pub fn pinned_bytes(name: &str) -> Vec<u8> {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pinned")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (bless with ONEPATH_BLESS_PINNED=1)",
            path.display()
        )
    });
    text.split_whitespace()
        .map(|b| u8::from_str_radix(b, 16).unwrap())
        .collect()
}

/// The grid the pinned snapshots of kinds 1–3 are taken on: walls, an area of cost 3 and a
/// world mapping.
pub fn pinned_scenario_grid() -> Grid {
    let mut g = Grid::from_text(
        "
        ..#..
        .2#..
        .....
        ",
    )
    .unwrap()
    .with_space(onepath::GridSpace::new(-2.0, 3.5, 0.5).unwrap())
    .unwrap();
    g.set_area_cost(2, 3.0).unwrap();
    g
}

/// The uniform-cost grid the pinned snapshots of kinds 4 and 5 are taken on.
pub fn pinned_octile_grid() -> Grid {
    Grid::from_text(
        "
        ......
        .##.#.
        ......
        ",
    )
    .unwrap()
}

/// The 16 × 9 maze of the HPA* tests: corridors across several 4 × 4 chunks.
pub fn hpa_maze() -> Grid {
    Grid::from_text(
        "
        ....#.......#...
        .##.#.####..#.#.
        .#..#....#..#.#.
        .#.###.#.#.##.#.
        .#.....#.#....#.
        .#####.#.####.#.
        .....#.#....#...
        .###.#.####.###.
        ...#.#....#.....
        ",
    )
    .unwrap()
}

/// A random voxel block of `size`: solid with probability `solid_percent`%, else areas 0..=2
/// (area 1 costs 0.75, area 2 costs 2.5).
pub fn random_voxel_grid(
    seed: u64,
    size: (u32, u32, u32),
    solid_percent: u64,
) -> onepath::VoxelGrid {
    let mut rng = SplitMix64::new(seed);
    let mut g = onepath::VoxelGrid::new(size.0, size.1, size.2).unwrap();
    for z in 0..size.2 as i32 {
        for y in 0..size.1 as i32 {
            for x in 0..size.0 as i32 {
                let r = rng.next_u64() % 100;
                let a = if r < solid_percent {
                    255
                } else {
                    (r % 3) as u8
                };
                g.set_area(onepath::VoxelCell::new(x, y, z), a).unwrap();
            }
        }
    }
    g.set_area_cost(1, 0.75).unwrap();
    g.set_area_cost(2, 2.5).unwrap();
    g
}
