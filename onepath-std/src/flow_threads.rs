//! Flow fields for several goal sets computed on several threads over one unedited grid (spec:
//! grids.md, “Flow fields”, “Threads”).
//!
//! Each field is computed on one thread by the same code a sequential call runs, from the grid
//! alone; goal set `i` goes to thread `i % threads` and its field to slot `i` of the result.
//! Nothing a field contains depends on which thread computed it or how many there were, so
//! the result equals the sequential one for every thread count (tested for 1–8).

use onepath::{Cell, Grid, GridFlowField, GridOptions, HexGrid, QueryError};

/// The flow fields of `goal_sets` on `grid` (one per set, in order), computed on up to
/// `threads` scoped threads (0 counts as 1; never more threads than sets). Each field is what
/// [`Grid::create_flow_field`] returns for its set and `options`.
///
/// # Errors
///
/// The error of the lowest-numbered goal set whose field could not be created (for example
/// [`QueryError::InvalidAgentSize`]); the same for every thread count.
///
/// # Panics
///
/// Only if a worker thread panics (which the field code does not do for any input).
///
/// # Complexity
///
/// The sum of the fields' costs, spread over the threads; each thread holds its fields.
///
/// # Determinism
///
/// Identical results, bit for bit, for any `threads`.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, Grid, GridOptions};
/// use onepath_std::flow_threads::flow_fields;
/// let grid = Grid::new(16, 16).unwrap();
/// let sets = vec![vec![Cell::new(0, 0)], vec![Cell::new(15, 15), Cell::new(0, 15)]];
/// let fields = flow_fields(&grid, &sets, &GridOptions::DEFAULT, 2).unwrap();
/// assert_eq!(fields[0].cost(Cell::new(0, 0)), 0.0);
/// assert_eq!(fields[1].cost(Cell::new(0, 14)), 1.0);
/// ```
pub fn flow_fields(
    grid: &Grid,
    goal_sets: &[Vec<Cell>],
    options: &GridOptions,
    threads: usize,
) -> Result<Vec<GridFlowField>, QueryError> {
    spread(goal_sets, threads, |goals| {
        grid.create_flow_field(goals, options)
    })
}

/// [`flow_fields`] on a hex grid ([`HexGrid::create_flow_field`] per set).
///
/// # Errors
///
/// As [`flow_fields`].
///
/// # Panics
///
/// As [`flow_fields`].
pub fn hex_flow_fields(
    grid: &HexGrid,
    goal_sets: &[Vec<Cell>],
    options: &GridOptions,
    threads: usize,
) -> Result<Vec<GridFlowField>, QueryError> {
    spread(goal_sets, threads, |goals| {
        grid.create_flow_field(goals, options)
    })
}

fn spread(
    goal_sets: &[Vec<Cell>],
    threads: usize,
    make: impl Fn(&[Cell]) -> Result<GridFlowField, QueryError> + Sync,
) -> Result<Vec<GridFlowField>, QueryError> {
    let threads = threads.clamp(1, goal_sets.len().max(1));
    let mut slots: Vec<Option<Result<GridFlowField, QueryError>>> =
        (0..goal_sets.len()).map(|_| None).collect();
    if threads == 1 {
        for (slot, goals) in slots.iter_mut().zip(goal_sets) {
            *slot = Some(make(goals));
        }
    } else {
        let make = &make;
        let results: Vec<Vec<(usize, Result<GridFlowField, QueryError>)>> =
            std::thread::scope(|s| {
                let workers: Vec<_> = (0..threads)
                    .map(|t| {
                        s.spawn(move || {
                            (t..goal_sets.len())
                                .step_by(threads)
                                .map(|i| (i, make(&goal_sets[i])))
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                workers
                    .into_iter()
                    .map(|w| w.join().expect("a flow-field worker panicked"))
                    .collect()
            });
        for (i, r) in results.into_iter().flatten() {
            slots[i] = Some(r);
        }
    }
    slots
        .into_iter()
        .map(|s| s.expect("every goal set has a result"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Grid {
        let mut g = Grid::new(40, 30).unwrap();
        for i in 0..30 {
            g.set_area(Cell::new((i * 7) % 40, (i * 11) % 30), 255)
                .unwrap();
        }
        g.set_rect(10, 5, 1, 20, 255).unwrap();
        g.set_rect(20, 0, 8, 3, 2).unwrap();
        g.set_area_cost(2, 2.5).unwrap();
        g
    }

    #[test]
    fn any_thread_count_equals_sequential() {
        let g = grid();
        let sets: Vec<Vec<Cell>> = (0..11)
            .map(|k| {
                (0..=k % 3)
                    .map(|j| Cell::new((k * 5 + j) % 40, (k * 3 + 2 * j) % 30))
                    .collect()
            })
            .collect();
        for o in [
            GridOptions::DEFAULT,
            GridOptions::FOUR_CONNECTED,
            GridOptions::for_agent_size(2),
        ] {
            let seq = flow_fields(&g, &sets, &o, 1).unwrap();
            for threads in [0, 2, 3, 8] {
                let par = flow_fields(&g, &sets, &o, threads).unwrap();
                assert_eq!(par.len(), seq.len());
                for (a, b) in par.iter().zip(&seq) {
                    let bits = |f: &GridFlowField| {
                        f.costs().iter().map(|c| c.to_bits()).collect::<Vec<_>>()
                    };
                    assert_eq!(bits(a), bits(b), "{threads} threads");
                    assert_eq!(a.nexts(), b.nexts());
                    assert_eq!(a.settled(), b.settled());
                }
            }
        }
        let hex = HexGrid::from_areas(
            40,
            30,
            onepath::HexLayout::FlatOddColumn,
            g.cells().to_vec(),
        )
        .unwrap();
        let seq = hex_flow_fields(&hex, &sets, &GridOptions::DEFAULT, 1).unwrap();
        let par = hex_flow_fields(&hex, &sets, &GridOptions::DEFAULT, 8).unwrap();
        for (a, b) in par.iter().zip(&seq) {
            assert_eq!(a.costs(), b.costs());
            assert_eq!(a.nexts(), b.nexts());
        }
    }

    #[test]
    fn the_first_error_is_the_same_for_every_thread_count() {
        let g = grid();
        let sets = vec![vec![Cell::new(0, 0)]; 5];
        let bad = GridOptions::for_agent_size(0);
        for threads in 1..=8 {
            assert_eq!(
                flow_fields(&g, &sets, &bad, threads).err(),
                Some(QueryError::InvalidAgentSize { size: 0, max: 255 })
            );
        }
        assert!(
            flow_fields(&g, &[], &GridOptions::DEFAULT, 4)
                .unwrap()
                .is_empty()
        );
    }
}
