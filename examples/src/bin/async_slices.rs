//! The cooperative future: `find_path_async` yields after every slice of iterations, so a game
//! loop (or any executor) can interleave other work. A ten-line executor drives it here.
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use onepath::{Cell, Grid, GridOptions};

/// Polls `f` to completion, counting the polls (each poll = one slice of the search).
fn block_on<F: Future>(f: F) -> (F::Output, u32) {
    let mut f = pin!(f);
    let mut cx = Context::from_waker(Waker::noop());
    let mut polls = 0;
    loop {
        polls += 1;
        if let Poll::Ready(out) = f.as_mut().poll(&mut cx) {
            return (out, polls);
        }
        // A game would render a frame or run other tasks here.
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let grid = Grid::new(200, 200)?;
    let options = GridOptions::DEFAULT;
    let (start, goal) = (Cell::new(0, 0), Cell::new(199, 120));
    let (path, polls) = block_on(grid.find_path_async(start, goal, &options, 64));
    let path = path?;
    let direct = grid.find_path(start, goal, &options)?;
    assert_eq!(path, direct);
    println!(
        "{:?}: {} cells, {} iterations in {polls} slices of 64 — identical to find_path",
        path.status,
        path.cells.len(),
        path.iterations
    );
    Ok(())
}
