//! The `GridSearch` handle remembers its last engine selection for the grid revision and
//! options it was made for (issue 22: the selection table's area scan was a tenth of a
//! small-map JPS+ query). Every edit gives the grid a new revision, so a cached choice never
//! outlives the cells and areas it was made for.

use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, Step};

fn begin(s: &mut GridSearch, g: &Grid) -> (GridAlgorithm, bool) {
    assert_eq!(
        s.try_begin(g, Cell::new(0, 0), Cell::new(9, 6)),
        Step::InProgress
    );
    assert_eq!(s.run_cancellable(g, || false), Ok(Step::Found));
    (s.algorithm(), s.specialized())
}

#[test]
fn the_selection_follows_area_edits_and_restores() {
    let mut g = Grid::new(10, 7).unwrap();
    let jps_plus = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus);
    let mut s = GridSearch::new(jps_plus).unwrap();
    assert_eq!(begin(&mut s, &g), (GridAlgorithm::JpsPlus, true));
    assert_eq!(begin(&mut s, &g), (GridAlgorithm::JpsPlus, true));
    // An area no cell uses gets another multiplier: jump point search no longer applies.
    g.set_area_cost(3, 2.0).unwrap();
    assert_eq!(begin(&mut s, &g), (GridAlgorithm::AStar, false));
    g.set_area_cost(3, 1.0).unwrap();
    assert_eq!(begin(&mut s, &g), (GridAlgorithm::JpsPlus, true));
    // A restore that brings other options: the next begin selects for them.
    let generic = jps_plus.with_specialized_engines(false);
    let mut other = GridSearch::new(generic).unwrap();
    begin(&mut other, &g);
    let mut bytes = vec![0; other.state_size()];
    other.save_state(&g, &mut bytes).unwrap();
    s.restore_state(&g, &bytes).unwrap();
    assert_eq!(
        (s.algorithm(), s.specialized()),
        (GridAlgorithm::JpsPlus, false)
    );
    assert_eq!(begin(&mut s, &g), (GridAlgorithm::JpsPlus, false));
    // A clone of the grid with a wall is another revision.
    let mut h = g.clone();
    h.set_area(Cell::new(5, 3), 255).unwrap();
    assert_eq!(begin(&mut s, &h), (GridAlgorithm::JpsPlus, false));
    assert_eq!(
        s.to_path(&h).unwrap(),
        h.find_path(Cell::new(0, 0), Cell::new(9, 6), &generic)
            .unwrap()
    );
}
