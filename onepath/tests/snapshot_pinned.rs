//! Pinned snapshot bytes: one small fixed scenario per kind, its bytes committed under
//! `tests/pinned/`, so any change to the format shows up in review (docs/snapshot-format.md).
//! Regenerate deliberately with `ONEPATH_BLESS_PINNED=1 cargo test -p onepath --test snapshot_pinned`.

mod common;

use common::pinned::hex;

use std::path::PathBuf;

use common::{pinned_bytes, pinned_octile_grid, pinned_scenario_grid};
use onepath::fast::{BitFinder, OctileAStar, OctileJump, OctileMap, TableFinder};
use onepath::search::AStar;
use onepath::state::FORMAT_VERSION;
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Cell, Grid, GridOptions, GridSearch, Step};

fn pinned(name: &str, bytes: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pinned")
        .join(name);
    assert_eq!(
        u16::from_le_bytes([bytes[4], bytes[5]]),
        FORMAT_VERSION,
        "{name}: the header carries the current format version"
    );
    let text = hex(bytes);
    if std::env::var_os("ONEPATH_BLESS_PINNED").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (bless with ONEPATH_BLESS_PINNED=1)",
            path.display()
        )
    });
    assert_eq!(
        text, committed,
        "snapshot bytes of {name} changed: a format change must be deliberate"
    );
}

#[test]
fn grid_bytes_are_pinned() {
    let g = pinned_scenario_grid();
    let mut b = vec![0; g.state_size()];
    assert_eq!(g.save_state(&mut b).unwrap(), b.len());
    pinned("grid.hex", &b);
    assert_eq!(Grid::from_state(&b).unwrap(), g);
}

/// Kind 1 kept its layout in version 2: the version-1 bytes of the same grid differ in the
/// header's version field only.
#[test]
fn grid_bytes_differ_from_version_1_in_the_version_only() {
    let g = pinned_scenario_grid();
    let mut b = vec![0; g.state_size()];
    g.save_state(&mut b).unwrap();
    let old = pinned_bytes("v1-grid.hex");
    assert_eq!(old.len(), b.len());
    let differ: Vec<usize> = (0..b.len()).filter(|&i| b[i] != old[i]).collect();
    assert_eq!(differ, [4], "only the low byte of the version differs");
    assert_eq!((old[4], b[4]), (1, 2));
}

#[test]
fn astar_bytes_are_pinned() {
    let g = pinned_scenario_grid();
    let topo = onepath::grid::SquareTopology::new(
        &g,
        1,
        onepath::Connectivity::Eight,
        onepath::DiagonalRule::NoCornerCutting,
    )
    .unwrap();
    let mut a = AStar::new(
        DefaultStepCost,
        OctileHeuristic::new(g.width(), g.areas().min_cost()),
    );
    a.set_record_expansions(true);
    assert_eq!(a.try_begin(&topo, 0, 4), Step::InProgress);
    let _ = a.step(&topo, 4);
    let mut b = vec![0; a.state_size()];
    a.save_state(g.content_hash(), &mut b).unwrap();
    pinned("astar.hex", &b);
    let mut c = AStar::new(
        DefaultStepCost,
        OctileHeuristic::new(g.width(), g.areas().min_cost()),
    );
    c.restore_state(&topo, g.content_hash(), &b).unwrap();
    let mut again = vec![0; c.state_size()];
    c.save_state(g.content_hash(), &mut again).unwrap();
    assert_eq!(again, b);
}

#[test]
fn grid_search_bytes_are_pinned() {
    let g = pinned_scenario_grid();
    let mut s = GridSearch::new(GridOptions::FOUR_CONNECTED.with_weight(1.25)).unwrap();
    assert_eq!(
        s.try_begin(&g, Cell::new(0, 0), Cell::new(4, 0)),
        Step::InProgress
    );
    let _ = s.step(&g, 3).unwrap();
    let mut b = vec![0; s.state_size()];
    s.save_state(&g, &mut b).unwrap();
    pinned("grid_search.hex", &b);
    let mut t = GridSearch::new(GridOptions::DEFAULT).unwrap();
    t.restore_state(&g, &b).unwrap();
    let mut again = vec![0; t.state_size()];
    t.save_state(&g, &mut again).unwrap();
    assert_eq!(again, b);
}

#[test]
fn octile_astar_bytes_are_pinned() {
    let g = pinned_octile_grid();
    let mut a = OctileAStar::new();
    a.set_record_expansions(true);
    assert_eq!(a.try_begin(&g, 0, 17), Step::InProgress);
    let _ = a.step(4);
    let mut b = vec![0; a.state_size()];
    a.save_state(&g, &mut b).unwrap();
    pinned("octile_astar.hex", &b);
    let mut c = OctileAStar::new();
    c.restore_state(&g, &b).unwrap();
    let mut again = vec![0; c.state_size()];
    c.save_state(&g, &mut again).unwrap();
    assert_eq!(again, b);
}

#[test]
fn octile_jump_bytes_are_pinned() {
    let g = pinned_octile_grid();
    let map = OctileMap::new(&g);
    let mut j = OctileJump::<BitFinder>::with_improved_pruning(true);
    j.set_record_trace(true);
    assert_eq!(j.try_begin(&g, &map, 6, 11), Step::InProgress);
    let _ = j.step(&map, 2);
    let mut b = vec![0; j.state_size()];
    j.save_state(&g, &mut b).unwrap();
    pinned("octile_jump.hex", &b);
    let mut c = OctileJump::<BitFinder>::new();
    c.restore_state(&g, &b).unwrap();
    let mut again = vec![0; c.state_size()];
    c.save_state(&g, &mut again).unwrap();
    assert_eq!(again, b);
    // Another finder's engine refuses it.
    let mut t = OctileJump::<TableFinder>::new();
    assert!(t.restore_state(&g, &b).is_err());
}

/// A comb: the corridor winds down and up between the teeth, the exact path turns at their
/// corners.
fn comb_mesh() -> onepath::navmesh::NavMesh {
    use onepath::navmesh::{NavMesh, NavSettings};
    let grid = Grid::from_text(
        "
        .#.#.
        .#.#.
        .....
        ",
    )
    .unwrap();
    NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap()
}

/// A mesh search of type `$t` on [`comb_mesh`] from cell `$from` to `$to`, `$pops` pops in:
/// its bytes carry kind `$kind` and equal the pinned `$file`; restored, it saves the same
/// bytes and runs to the waypoints the original finds.
macro_rules! pin_mesh_search {
    ($t:ty, $from:expr, $to:expr, $pops:expr, $kind:expr, $file:expr) => {{
        use onepath::navmesh::NavPoint;
        let mesh = comb_mesh();
        let mut s = <$t>::new();
        let start = NavPoint::cell_center(onepath::Cell::new($from.0, $from.1));
        let goal = NavPoint::cell_center(onepath::Cell::new($to.0, $to.1));
        assert_eq!(s.try_begin(&mesh, start, goal), Step::InProgress);
        assert_eq!(s.step(&mesh, $pops), Step::InProgress);
        let mut b = vec![0; s.state_size()];
        s.save_state(&mesh, &mut b).unwrap();
        assert_eq!(u16::from_le_bytes([b[6], b[7]]), $kind);
        pinned($file, &b);
        let mut c = <$t>::new();
        c.restore_state(&mesh, &b).unwrap();
        let mut again = vec![0; c.state_size()];
        c.save_state(&mesh, &mut again).unwrap();
        assert_eq!(again, b);
        assert_eq!((c.run(&mesh), s.run(&mesh)), (Step::Found, Step::Found));
        assert_eq!(c.waypoints(), s.waypoints());
    }};
}

#[test]
fn nav_search_bytes_are_pinned() {
    pin_mesh_search!(
        onepath::navmesh::NavSearch,
        (0, 0),
        (4, 0),
        2,
        onepath::state::KIND_NAV_SEARCH,
        "nav_search.hex"
    );
}

#[test]
fn nav_polyanya_bytes_are_pinned() {
    // The digest covers the search's nodes, so a change of the nodes Polyanya makes (not only
    // of the layout) shows here.
    pin_mesh_search!(
        onepath::navmesh::PolyanyaSearch,
        (0, 2),
        (4, 2),
        1,
        onepath::state::KIND_NAV_POLYANYA,
        "nav_polyanya.hex"
    );
}
