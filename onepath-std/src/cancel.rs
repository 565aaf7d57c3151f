//! Cancellation across threads: [`CancelToken`] and [`find_path_cancellable`].
//!
//! The core asks a plain `FnMut() -> bool` before every slice of 256 iterations
//! ([`Grid::find_path_cancellable`]); this module gives it a token that one thread (a UI, a
//! watchdog, the game loop) can cancel while another runs the query. Slicing never changes a
//! result: a token that is never cancelled gives the same path, cost bits and counts as no
//! token, and the iteration budget counts the same iterations.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use onepath::{Cell, Grid, GridOptions, GridPath, QueryError};

/// A cloneable cancellation flag shared between threads. Cancelling is permanent.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridOptions, QueryError};
/// use onepath_std::cancel::{CancelToken, find_path_cancellable};
/// let grid = Grid::new(300, 300).unwrap();
/// let token = CancelToken::new();
/// let ui = token.clone(); // e.g. held by the thread that may cancel
/// ui.cancel();
/// assert!(token.is_cancelled());
/// let r = find_path_cancellable(&grid, Cell::new(0, 0), Cell::new(299, 299), &GridOptions::DEFAULT, &token);
/// assert_eq!(r, Err(QueryError::Cancelled));
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelToken {
    flag: Arc<AtomicBool>,
}

impl CancelToken {
    /// A token that is not cancelled.
    pub fn new() -> Self {
        Self::default()
    }

    /// Cancels every query that watches this token (or a clone of it).
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Release);
    }

    /// Whether [`cancel`](Self::cancel) was called.
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Acquire)
    }
}

/// [`Grid::find_path`] that stops with [`QueryError::Cancelled`] once `token` is cancelled
/// (checked before every slice of 256 iterations); the grid is untouched and the next query
/// exact.
///
/// # Errors
///
/// As [`Grid::find_path`], plus [`QueryError::Cancelled`].
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridOptions};
/// use onepath_std::cancel::{CancelToken, find_path_cancellable};
/// let grid = Grid::new(10, 10).unwrap();
/// let token = CancelToken::new(); // never cancelled: the plain query's answer
/// let path = find_path_cancellable(&grid, Cell::new(0, 0), Cell::new(9, 0), &GridOptions::DEFAULT, &token).unwrap();
/// assert_eq!(path, grid.find_path(Cell::new(0, 0), Cell::new(9, 0), &GridOptions::DEFAULT).unwrap());
/// ```
pub fn find_path_cancellable(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    options: &GridOptions,
    token: &CancelToken,
) -> Result<GridPath, QueryError> {
    grid.find_path_cancellable(start, goal, options, || token.is_cancelled())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big() -> (Grid, Cell, Cell) {
        (
            Grid::new(300, 300).unwrap(),
            Cell::new(0, 0),
            Cell::new(299, 150),
        )
    }

    #[test]
    fn an_uncancelled_token_changes_nothing() {
        let (g, a, b) = big();
        let o = GridOptions::DEFAULT.with_heuristic(onepath::HeuristicKind::Zero);
        let plain = g.find_path(a, b, &o).unwrap();
        let with = find_path_cancellable(&g, a, b, &o, &CancelToken::new()).unwrap();
        assert_eq!(with, plain);
        assert_eq!(with.cost.to_bits(), plain.cost.to_bits());
    }

    #[test]
    fn a_token_cancelled_from_another_thread_stops_the_query() {
        let (g, a, b) = big();
        let o = GridOptions::DEFAULT.with_heuristic(onepath::HeuristicKind::Zero);
        let token = CancelToken::new();
        let remote = token.clone();
        // Cancelled before the query starts: the first slice check stops it.
        std::thread::spawn(move || remote.cancel()).join().unwrap();
        assert!(token.is_cancelled());
        assert_eq!(
            find_path_cancellable(&g, a, b, &o, &token),
            Err(QueryError::Cancelled)
        );
        // The grid is untouched and the next query exact.
        assert_eq!(
            find_path_cancellable(&g, a, b, &o, &CancelToken::new()).unwrap(),
            g.find_path(a, b, &o).unwrap()
        );
    }

    #[test]
    fn cancelling_mid_query_from_another_thread() {
        use std::sync::mpsc::channel;
        let (g, a, b) = big();
        let o = GridOptions::DEFAULT.with_heuristic(onepath::HeuristicKind::Zero);
        let token = CancelToken::new();
        let (started_tx, started_rx) = channel();
        let (go_tx, go_rx) = channel::<()>();
        let (grid, watched) = (&g, &token);
        let result = std::thread::scope(|s| {
            let worker = s.spawn(move || {
                let mut slices = 0;
                grid.find_path_cancellable(a, b, &o, || {
                    slices += 1;
                    if slices == 3 {
                        // Two slices done: let the other thread cancel, then look at the token.
                        started_tx.send(()).unwrap();
                        go_rx.recv().unwrap();
                    }
                    watched.is_cancelled()
                })
            });
            started_rx.recv().unwrap();
            token.cancel();
            go_tx.send(()).unwrap();
            worker.join().unwrap()
        });
        assert_eq!(result, Err(QueryError::Cancelled));
    }
}
