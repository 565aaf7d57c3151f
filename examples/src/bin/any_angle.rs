//! Any-angle paths and smoothing: Theta*, Lazy Theta*, line-of-sight smoothing of an A* path
//! and a Catmull-Rom curve for the agent to follow — first on open ground, then with a mud
//! patch that costs four times as much to cross.
//!
//! Checks: each any-angle path is no longer than the octile A* path, every straight segment
//! has line of sight, the reported costs are the segments added up, smoothing never makes a
//! path more expensive (also over mud: a shortcut is priced over the cells it crosses), and
//! the curve keeps clear of the walls.
//!
//! Run: `cargo run --release -p onepath-examples --bin any_angle`

use onepath::theta::{
    GridLineOfSight, catmull_rom, catmull_rom_len, chord_clear, smooth_path, terrain_waypoint_cost,
    waypoint_cost,
};
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridPath, PathStatus, WorldPoint};

/// `.` ground, `#` wall, `2` area 2 (mud once it is given a cost).
const MAP: &str = "
    ........................................
    ..######.............#######............
    ..#....#.............#.....#....2222....
    ..#....#....####.....#.....#....2222....
    ..#.........#..#...........#....2222....
    ..######....#..#.....#######....2222....
    ............#..#................2222....
    .....########..#######..........2222....
    ................................2222....
    ..###########.........#########.2222....
    ..............#####.............2222....
    ........................................
";

/// Asserts that consecutive waypoints see each other and the ends are `start` and `goal`.
fn check_segments(grid: &Grid, waypoints: &[Cell], start: Cell, goal: Cell, what: &str) {
    assert_eq!(waypoints.first(), Some(&start), "{what}: wrong start");
    assert_eq!(waypoints.last(), Some(&goal), "{what}: wrong goal");
    for w in waypoints.windows(2) {
        assert!(
            GridLineOfSight::check(grid, w[0], w[1]),
            "{what}: no line of sight from {:?} to {:?}",
            w[0],
            w[1]
        );
    }
}

/// Samples a Catmull-Rom curve through `waypoints` and asserts that every chord keeps clear.
fn check_curve(grid: &Grid, waypoints: &[Cell]) -> usize {
    let mut curve = vec![WorldPoint::default(); catmull_rom_len(waypoints.len(), 8)];
    let n = catmull_rom(grid, waypoints, 8, &mut curve).expect("buffer sized by catmull_rom_len");
    for c in curve[..n].windows(2) {
        assert!(
            chord_clear(grid, (c[0].x, c[0].y), (c[1].x, c[1].y)),
            "curve chord {:?} -> {:?} touches a wall",
            c[0],
            c[1]
        );
    }
    n
}

/// Prints the map with the waypoints `marks` drawn as `*`.
fn draw(grid: &Grid, marks: &[Cell]) {
    let mut rows: Vec<Vec<char>> = grid
        .to_text()
        .lines()
        .map(|l| l.chars().collect())
        .collect();
    for c in marks {
        rows[c.y as usize][c.x as usize] = '*';
    }
    for row in rows {
        println!("  {}", row.into_iter().collect::<String>());
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut grid = Grid::from_text(MAP)?;
    let (start, goal) = (Cell::new(1, 11), Cell::new(38, 2));
    let find = |grid: &Grid, algorithm| -> Result<GridPath, onepath::QueryError> {
        let path = grid.find_path(start, goal, &GridOptions::DEFAULT.with_algorithm(algorithm))?;
        assert_eq!(
            path.status,
            PathStatus::Found,
            "{algorithm:?} found no path"
        );
        Ok(path)
    };

    // 1. Open ground (every area costs 1): octile A* against the any-angle searches.
    let a_star = find(&grid, GridAlgorithm::AStar)?;
    println!(
        "A*:             {:2} cells,     cost {:.4}",
        a_star.cells.len(),
        a_star.cost
    );
    for algorithm in [GridAlgorithm::ThetaStar, GridAlgorithm::LazyThetaStar] {
        let path = find(&grid, algorithm)?;
        assert_eq!(
            path.algorithm, algorithm,
            "the any-angle search did not run"
        );
        check_segments(&grid, &path.cells, start, goal, "any-angle");
        // Segments cost their length; the path's cost is their sum in path order.
        assert_eq!(
            path.cost.to_bits(),
            waypoint_cost(&path.cells, 1.0).to_bits()
        );
        assert!(path.cost <= a_star.cost, "{algorithm:?} longer than A*");
        let samples = check_curve(&grid, &path.cells);
        println!(
            "{:16}{:2} waypoints, cost {:.4}, {} expansions; curve of {samples} points clear",
            format!("{algorithm:?}:"),
            path.cells.len(),
            path.cost,
            path.expansions
        );
        if algorithm == GridAlgorithm::ThetaStar {
            draw(&grid, &path.cells);
        }
    }
    // Smoothing the A* path instead: waypoints into a caller buffer, never more expensive.
    let mut out = vec![Cell::default(); a_star.cells.len()];
    let m = grid.areas().min_cost();
    let (n, cost) = smooth_path(&grid, 1, m, &a_star.cells, &mut out).expect("buffer large enough");
    check_segments(&grid, &out[..n], start, goal, "smoothed A*");
    assert!(
        cost <= a_star.cost,
        "smoothing made the path more expensive"
    );
    println!("smoothed A*:    {n:2} waypoints, cost {cost:.4}");

    // 2. Mud: area 2 now costs 4 per cell. Theta* prices segments by length only, so the query
    //    runs A* here, and `GridPath::algorithm` says so.
    grid.set_area_cost(2, 4.0)?;
    let theta = find(&grid, GridAlgorithm::ThetaStar)?;
    assert_eq!(
        theta.algorithm,
        GridAlgorithm::AStar,
        "Theta* does not price terrain"
    );
    let a_star = find(&grid, GridAlgorithm::AStar)?;
    let mut out = vec![Cell::default(); a_star.cells.len()];
    let (n, cost) = smooth_path(&grid, 1, m, &a_star.cells, &mut out).expect("buffer large enough");
    let smoothed = &out[..n];
    check_segments(&grid, smoothed, start, goal, "smoothed A* over mud");
    // Over mud a shortcut is priced by the terrain it crosses, and taken only if no dearer.
    assert_eq!(
        cost.to_bits(),
        terrain_waypoint_cost(&grid, smoothed).to_bits()
    );
    assert!(
        cost <= a_star.cost,
        "smoothing through mud made the path more expensive"
    );
    let samples = check_curve(&grid, smoothed);
    println!(
        "with mud ×4: Theta* ran as {:?}; A* cost {:.4} → smoothed {n} waypoints, cost {cost:.4}; \
         curve of {samples} points clear",
        theta.algorithm, a_star.cost
    );
    draw(&grid, smoothed);
    Ok(())
}
