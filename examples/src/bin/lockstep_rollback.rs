//! Lockstep and rollback: a search runs 40 iterations per tick. On tick 3 the simulation is
//! saved (grid and search); it runs on to tick 6, then a late input forces a rollback to tick 3
//! and the search resumes from the snapshot. The final path, cost bits and counts equal those of
//! a run that was never interrupted — on every machine.
use onepath::{Cell, Grid, GridOptions, GridSearch, Step};

const PER_TICK: u32 = 40;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut grid = Grid::new(64, 64)?;
    for y in 4..64 {
        grid.set_walkable(Cell::new(32, y), false)?;
    }
    let (start, goal) = (Cell::new(2, 60), Cell::new(62, 60));

    // The reference: one uninterrupted run.
    let reference = grid.find_path(start, goal, &GridOptions::DEFAULT)?;

    let mut search = GridSearch::new(GridOptions::DEFAULT)?;
    search.try_begin(&grid, start, goal);
    let mut grid_snapshot = vec![0u8; grid.state_size()];
    let mut search_snapshot = vec![0u8; 1 << 20];
    let mut saved_len = 0;
    for tick in 1..=6 {
        search.step(&grid, PER_TICK)?;
        if tick == 3 {
            grid.save_state(&mut grid_snapshot)?;
            saved_len = search.save_state(&grid, &mut search_snapshot)?;
            println!(
                "tick {tick}: saved {saved_len} bytes of search state after {} iterations",
                search.iterations()
            );
        }
    }
    println!("tick 6: rollback to tick 3 (a late input arrived)");
    grid.restore_state(&grid_snapshot)?;
    search.restore_state(&grid, &search_snapshot[..saved_len])?;
    let mut tick = 3;
    while search.step(&grid, PER_TICK)? == Step::InProgress {
        tick += 1;
    }
    println!(
        "tick {tick}: {:?} after {} iterations",
        search.state(),
        search.iterations()
    );
    let resumed = search
        .to_path(&grid)
        .expect("the grid the search is bound to");
    assert_eq!(resumed.cells, reference.cells);
    assert_eq!(resumed.cost.to_bits(), reference.cost.to_bits());
    assert_eq!(
        (resumed.iterations, resumed.expansions),
        (reference.iterations, reference.expansions)
    );
    println!(
        "identical to the uninterrupted run: {} cells, cost bits {:#018x}, {} expansions",
        resumed.cells.len(),
        resumed.cost.to_bits(),
        resumed.expansions
    );
    Ok(())
}
