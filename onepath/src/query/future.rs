//! [`FindPathFuture`]: a cooperative, executor-agnostic `Future` that drives a
//! [`GridSearch`] in slices and yields between them (spec: grids.md, “Cancellation and async”).

use core::future::Future;
use core::pin::Pin;
use core::task::{Context, Poll};

use super::grid_search::GridSearch;
use super::options::GridOptions;
use super::path::GridPath;
use crate::error::QueryError;
use crate::grid::{Cell, Grid};
use crate::search::Step;

/// Runs [`Grid::find_path`] cooperatively: each `poll` performs at most one slice of
/// iterations, then wakes itself and returns `Pending`, so other tasks run in between. Its output
/// equals `find_path`'s for every slice size (slicing never changes a result); an iteration
/// budget that runs out gives `BudgetExhausted` after exactly `iteration_budget` iterations.
/// Dropping the future cancels the query; the grid is borrowed, so it cannot be edited meanwhile.
///
/// # Examples
///
/// ```
/// use core::future::Future;
/// use core::pin::pin;
/// use core::task::{Context, Poll, Waker};
/// use onepath::{Cell, Grid, GridOptions, PathStatus};
/// let grid = Grid::new(16, 16).unwrap();
/// let mut future = pin!(grid.find_path_async(Cell::new(0, 0), Cell::new(15, 15), &GridOptions::DEFAULT, 4));
/// let mut cx = Context::from_waker(Waker::noop());
/// let path = loop {
///     if let Poll::Ready(result) = future.as_mut().poll(&mut cx) {
///         break result.unwrap();
///     }
/// };
/// assert_eq!((path.status, path.cells.len()), (PathStatus::Found, 16));
/// ```
#[derive(Debug)]
#[must_use = "futures do nothing unless polled"]
pub struct FindPathFuture<'g> {
    grid: &'g Grid,
    start: Cell,
    goal: Cell,
    slice: u32,
    remaining: u32,
    search: Result<GridSearch, QueryError>,
    begun: bool,
}

impl Grid {
    /// [`find_path`](Grid::find_path) as a cooperative future that yields after every
    /// `iterations_per_slice` iterations (at least 1; the cancellable forms use 256,
    /// [`CANCEL_SLICE`](crate::search::CANCEL_SLICE)).
    ///
    /// # Errors
    ///
    /// The future resolves to the errors [`find_path`](Grid::find_path) returns for the same
    /// options.
    ///
    /// # Complexity
    ///
    /// As [`Grid::find_path`] spread over polls: each poll does at most `slice` iterations. The
    /// future owns its handle (not one of the grid's kept ones), so its first poll sizes the
    /// buffers: O(cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use core::future::Future;
    /// use core::pin::pin;
    /// use core::task::{Context, Poll, Waker};
    /// use onepath::{Cell, Grid, GridOptions};
    ///
    /// let grid = Grid::new(32, 32).unwrap();
    /// let (a, b, o) = (Cell::new(0, 0), Cell::new(31, 17), GridOptions::DEFAULT);
    /// let mut future = pin!(grid.find_path_async(a, b, &o, 8));
    /// // Poll by hand; an executor would run other tasks between the polls.
    /// let mut cx = Context::from_waker(Waker::noop());
    /// let mut polls = 1;
    /// let path = loop {
    ///     match future.as_mut().poll(&mut cx) {
    ///         Poll::Ready(result) => break result.unwrap(),
    ///         Poll::Pending => polls += 1,
    ///     }
    /// };
    /// assert_eq!(path, grid.find_path(a, b, &o).unwrap()); // slicing changes nothing
    /// assert_eq!(polls, path.iterations.div_ceil(8)); // one slice of 8 pops per poll
    /// ```
    pub fn find_path_async(
        &self,
        start: Cell,
        goal: Cell,
        options: &GridOptions,
        iterations_per_slice: u32,
    ) -> FindPathFuture<'_> {
        FindPathFuture {
            grid: self,
            start,
            goal,
            slice: iterations_per_slice.max(1),
            remaining: options.iteration_budget,
            search: GridSearch::new(*options),
            begun: false,
        }
    }
}

impl Future for FindPathFuture<'_> {
    type Output = Result<GridPath, QueryError>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.get_mut();
        let grid = this.grid;
        let search = match &mut this.search {
            Ok(s) => s,
            Err(e) => return Poll::Ready(Err(*e)),
        };
        if !this.begun {
            this.begun = true;
            let begun = search.try_begin(grid, this.start, this.goal);
            if begun != Step::InProgress {
                return Poll::Ready(Ok(search.refused_path(grid, begun)));
            }
        }
        if search.state() == Step::InProgress && this.remaining > 0 {
            let n = this.remaining.min(this.slice);
            if let Err(e) = search.step(grid, n) {
                return Poll::Ready(Err(e));
            }
            if this.remaining != u32::MAX {
                this.remaining -= n;
            }
            if search.state() == Step::InProgress && this.remaining > 0 {
                cx.waker().wake_by_ref();
                return Poll::Pending;
            }
        }
        Poll::Ready(search.to_path(grid))
    }
}
