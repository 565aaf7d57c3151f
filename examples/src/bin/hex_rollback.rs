//! Rollback on a hex map: a `HexSearch` runs a few iterations per tick. On tick 3 the
//! simulation saves the map and the search into buffers sized once with `max_state_size`; on
//! tick 5 a wall is built across the corridor (the search now refuses to step on the edited
//! map); then a late input says the wall never happened: the map and the search roll back to
//! tick 3 and the search resumes. The resumed path must equal an uninterrupted run's, cell for
//! cell and bit for bit on the cost; the program checks it and exits non-zero otherwise.
use std::process::ExitCode;

use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, QueryError, Step};

const PER_TICK: u32 = 6;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hex_rollback: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    // A pointy-top map: a river of mud (area 2, three times the cost) with a ford, and a wall.
    let mut grid = HexGrid::from_text(
        "............\n\
         ....#.......\n\
         ....#..222..\n\
         ....#..222..\n\
         ....#.......\n\
         ....#..222..\n\
         ............",
        HexLayout::PointyOddRow,
    )?;
    grid.set_area_cost(2, 3.0)?;
    let (start, goal) = (Cell::new(0, 3), Cell::new(11, 3));
    let options = GridOptions::DEFAULT;

    // The reference: one uninterrupted run.
    let reference = grid.find_path(start, goal, &options)?;

    let mut search = HexSearch::new(options)?;
    search.prepare(&grid);
    // Buffers sized once, before the first tick: enough for every state of this map.
    let mut grid_snapshot = vec![0u8; grid.max_state_size()];
    let mut search_snapshot = vec![0u8; search.max_state_size(&grid)];
    println!(
        "buffers: {} bytes for the map, {} for the search",
        grid_snapshot.len(),
        search_snapshot.len()
    );
    let begun = search.try_begin(&grid, start, goal);
    if begun != Step::InProgress {
        return Err(format!("the search did not begin: {begun:?}").into());
    }
    let (mut grid_len, mut search_len) = (0, 0);
    for tick in 1..=5 {
        match search.step(&grid, PER_TICK) {
            Ok(state) => println!(
                "tick {tick}: {state:?} after {} iterations",
                search.iterations()
            ),
            Err(QueryError::GridChanged { expected, found }) => println!(
                "tick {tick}: the map changed (version {expected} -> {found}); the search waits"
            ),
            Err(e) => return Err(e.into()),
        }
        if tick == 3 {
            grid_len = grid.save_state(&mut grid_snapshot)?;
            search_len = search.save_state(&grid, &mut search_snapshot)?;
            println!("tick {tick}: saved {grid_len} + {search_len} bytes");
        }
        if tick == 4 {
            // A wall across the corridor between the start and the goal.
            for y in 0..7 {
                grid.set_walkable(Cell::new(8, y), false)?;
            }
        }
    }

    println!("tick 5: rollback to tick 3 (the wall was a misprediction)");
    grid.restore_state(&grid_snapshot[..grid_len])?;
    search.restore_state(&grid, &search_snapshot[..search_len])?;
    let mut tick = 3;
    while search.step(&grid, PER_TICK)? == Step::InProgress {
        tick += 1;
    }
    let resumed = search.to_path(&grid)?;
    println!(
        "tick {tick}: {:?}, {} cells, cost {} after {} iterations",
        resumed.status,
        resumed.cells.len(),
        resumed.cost,
        resumed.iterations
    );

    let mut cells = vec![Cell::default(); search.path_len()];
    let copied = search.copy_path(&mut cells);
    let same = resumed.is_found()
        && resumed.cells == reference.cells
        && resumed.cost.to_bits() == reference.cost.to_bits()
        && (resumed.iterations, resumed.expansions) == (reference.iterations, reference.expansions)
        && copied == Some(reference.cells.len())
        && cells == reference.cells;
    if !same {
        return Err(format!(
            "the resumed search differs from the uninterrupted one: {resumed:?} vs {reference:?}"
        )
        .into());
    }
    println!(
        "identical to the uninterrupted run: cost bits {:#018x}",
        resumed.cost.to_bits()
    );
    Ok(())
}
