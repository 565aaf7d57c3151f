//! Replanner after wall edits: a unit walks towards its goal while doors close on its path
//! and open again behind it. A `GridReplanner` (D* Lite, then LPA*) repairs the path after
//! each edit instead of searching again; after every edit its cost is checked against a fresh
//! A* (`Grid::find_path`) within the replanners' documented tolerance
//! (`onepath::replan::approx_eq`: relative 1e-11, absolute below 1), and its path against the
//! grid (starts at the unit, ends at the goal, only walkable cells, adjacent steps). Between an
//! edit and the replan the old answer is flagged stale (`is_current` is false). Exits with
//! status 1 on any mismatch.

use onepath::replan::approx_eq;
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, PathStatus};

const MAP: &str = "
    ................................
    ..######........22222...........
    ..#....#........22222.....####..
    ..#....#........22222.....#.....
    ..#.............22222.....#.###.
    ..######..................#.#...
    ...............#######......#.#.
    ...............#.............#..
    .....33333.....#.....######.....
    .....33333.....#.....#..........
    .....33333...........#..........
    ................................
";

/// A cell as `(x, y)`.
fn at(c: Cell) -> String {
    format!("({}, {})", c.x, c.y)
}

/// What went wrong, for the exit message.
type Check = Result<(), String>;

fn check_path(grid: &Grid, path: &[Cell], start: Cell, goal: Cell) -> Check {
    if path.first() != Some(&start) || path.last() != Some(&goal) {
        return Err(format!("path does not run {start:?} -> {goal:?}"));
    }
    for w in path.windows(2) {
        let (dx, dy) = ((w[1].x - w[0].x).abs(), (w[1].y - w[0].y).abs());
        if dx > 1 || dy > 1 || (dx == 0 && dy == 0) {
            return Err(format!("{:?} -> {:?} is not one move", w[0], w[1]));
        }
    }
    match path.iter().find(|&&c| !grid.is_walkable(c)) {
        Some(c) => Err(format!("path crosses the wall at {c:?}")),
        None => Ok(()),
    }
}

/// Replans and compares with a fresh A* on the grid as it is now.
fn replan_and_check(
    grid: &Grid,
    unit: &mut onepath::GridReplanner,
    options: &GridOptions,
    what: &str,
) -> Check {
    let (start, goal) = unit.endpoints();
    if unit.is_current(grid) {
        return Err(format!(
            "{what}: the replanner claims to be current before replanning"
        ));
    }
    let status = unit.replan(grid).map_err(|e| format!("{what}: {e}"))?;
    let fresh = grid
        .find_path(start, goal, &options.with_algorithm(GridAlgorithm::AStar))
        .map_err(|e| format!("{what}: A*: {e}"))?;
    if status != fresh.status {
        return Err(format!(
            "{what}: replanner {status:?}, A* {:?}",
            fresh.status
        ));
    }
    let current = unit
        .current(grid)
        .map_err(|e| format!("{what}: after replan: {e}"))?;
    if status == PathStatus::Found {
        if !approx_eq(current.cost(), fresh.cost) {
            return Err(format!(
                "{what}: replanner cost {} but A* {}",
                current.cost(),
                fresh.cost
            ));
        }
        check_path(grid, current.path(), start, goal).map_err(|e| format!("{what}: {e}"))?;
    }
    println!(
        "  {what:<26} {status:?}, cost {:>9.5} (A* {:>9.5}), {} pops",
        current.cost(),
        fresh.cost,
        current.iterations()
    );
    Ok(())
}

fn run(algorithm: GridAlgorithm) -> Check {
    let mut grid = Grid::from_text(MAP).map_err(|e| e.to_string())?;
    grid.set_area_cost(2, 2.5).map_err(|e| e.to_string())?;
    grid.set_area_cost(3, 4.0).map_err(|e| e.to_string())?;
    let options = GridOptions::DEFAULT.with_algorithm(algorithm);
    let (mut start, goal) = (Cell::new(0, 0), Cell::new(31, 11));
    let mut unit = grid
        .create_replanner(start, goal, &options)
        .map_err(|e| e.to_string())?;
    println!("{algorithm:?}:");
    replan_and_check(&grid, &mut unit, &options, "first search")?;
    let mut doors: Vec<Cell> = Vec::new();
    for round in 1..=10 {
        // A door closes a few cells ahead of the unit, on its current path.
        let path = unit.path().to_vec();
        if path.len() < 4 {
            break;
        }
        let door = path[path.len() / 2];
        grid.set_walkable(door, false).map_err(|e| e.to_string())?;
        doors.push(door);
        replan_and_check(
            &grid,
            &mut unit,
            &options,
            &format!("round {round}: close {}", at(door)),
        )?;
        // Every other round the oldest door opens again.
        if round % 2 == 0 {
            let open = doors.remove(0);
            grid.set_walkable(open, true).map_err(|e| e.to_string())?;
            replan_and_check(
                &grid,
                &mut unit,
                &options,
                &format!("round {round}: open {}", at(open)),
            )?;
        }
        // The unit walks two steps along its path (D* Lite keeps its work; LPA* begins again).
        if let Some(&next) = unit.path().get(2) {
            start = next;
            unit.move_start(start);
            replan_and_check(
                &grid,
                &mut unit,
                &options,
                &format!("round {round}: walk to {}", at(start)),
            )?;
        }
    }
    Ok(())
}

fn main() {
    for algorithm in [GridAlgorithm::DStarLite, GridAlgorithm::LpaStar] {
        if let Err(e) = run(algorithm) {
            eprintln!("replan_edits: {algorithm:?}: {e}");
            std::process::exit(1);
        }
    }
    println!("replan_edits: every replanned cost equals a fresh A* within the tolerance");
}
