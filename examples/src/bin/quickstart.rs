//! Quickstart: build a grid from a picture, find a path, print it.
use onepath::{Cell, Grid, GridOptions, PathStatus};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut grid = Grid::from_text(
        "
        ....................
        .######.......#####.
        .#....#..22...#.....
        .#....#..22...#.###.
        .#..........###.#...
        .######.........#.#.
        ..................#.
        ",
    )?;
    // Area 2 is mud: three times as expensive to cross.
    grid.set_area_cost(2, 3.0)?;
    let path = grid.find_path(Cell::new(2, 2), Cell::new(19, 6), &GridOptions::DEFAULT)?;
    assert_eq!(path.status, PathStatus::Found);
    println!(
        "found a path of {} cells, cost {:.6} (bits {:#018x}), {} iterations, {} expansions",
        path.cells.len(),
        path.cost,
        path.cost.to_bits(),
        path.iterations,
        path.expansions
    );
    let mut picture: Vec<Vec<char>> = grid
        .to_text()
        .lines()
        .map(|l| l.chars().collect())
        .collect();
    for c in &path.cells {
        picture[c.y as usize][c.x as usize] = '*';
    }
    for row in picture {
        println!("{}", row.into_iter().collect::<String>());
    }
    Ok(())
}
