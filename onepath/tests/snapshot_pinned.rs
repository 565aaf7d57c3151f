//! Pinned snapshot bytes: one small fixed scenario per kind, its bytes committed under
//! `tests/pinned/`, so any change to the format shows up in review (docs/snapshot-format.md).
//! Regenerate deliberately with `ONEPATH_BLESS_PINNED=1 cargo test -p onepath --test snapshot_pinned`.

use std::fmt::Write as _;
use std::path::PathBuf;

use onepath::fast::{BitFinder, OctileAStar, OctileJump, OctileMap, TableFinder};
use onepath::search::AStar;
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Cell, Grid, GridOptions, GridSearch, GridSpace, Step};

fn hex(bytes: &[u8]) -> String {
    let mut s = String::new();
    for (i, b) in bytes.iter().enumerate() {
        write!(s, "{b:02x}").unwrap();
        s.push(if i % 32 == 31 { '\n' } else { ' ' });
    }
    s.trim_end().to_string() + "\n"
}

fn pinned(name: &str, bytes: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pinned")
        .join(name);
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

fn scenario_grid() -> Grid {
    let mut g = Grid::from_text(
        "
        ..#..
        .2#..
        .....
        ",
    )
    .unwrap()
    .with_space(GridSpace::new(-2.0, 3.5, 0.5).unwrap())
    .unwrap();
    g.set_area_cost(2, 3.0).unwrap();
    g
}

#[test]
fn grid_bytes_are_pinned() {
    let g = scenario_grid();
    let mut b = vec![0; g.state_size()];
    assert_eq!(g.save_state(&mut b).unwrap(), b.len());
    pinned("grid.hex", &b);
    assert_eq!(Grid::from_state(&b).unwrap(), g);
}

#[test]
fn astar_bytes_are_pinned() {
    let g = scenario_grid();
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
    a.step(&topo, 4);
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
    let g = scenario_grid();
    let mut s = GridSearch::new(GridOptions::FOUR_CONNECTED.with_weight(1.25)).unwrap();
    assert_eq!(
        s.try_begin(&g, Cell::new(0, 0), Cell::new(4, 0)),
        Step::InProgress
    );
    s.step(&g, 3).unwrap();
    let mut b = vec![0; s.state_size()];
    s.save_state(&g, &mut b).unwrap();
    pinned("grid_search.hex", &b);
    let mut t = GridSearch::new(GridOptions::DEFAULT).unwrap();
    t.restore_state(&g, &b).unwrap();
    let mut again = vec![0; t.state_size()];
    t.save_state(&g, &mut again).unwrap();
    assert_eq!(again, b);
}

/// A kind-3 snapshot written before the specialised engines existed (flags byte 0: bit 1, the
/// "specialised engines allowed" flag, clear) still restores, as the generic engine it ran.
#[test]
fn grid_search_bytes_from_before_the_flag_still_restore() {
    let g = scenario_grid();
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/pinned/grid_search_v1_generic.hex");
    let text = std::fs::read_to_string(path).unwrap();
    let old: Vec<u8> = text
        .split_whitespace()
        .map(|b| u8::from_str_radix(b, 16).unwrap())
        .collect();
    let mut t = GridSearch::new(GridOptions::DEFAULT).unwrap();
    t.restore_state(&g, &old).unwrap();
    assert!(!t.options().specialized_engines);
    assert!(!t.specialized());
    let mut again = vec![0; t.state_size()];
    t.save_state(&g, &mut again).unwrap();
    assert_eq!(again, old);
    // The same search with the flag set writes the current pinned bytes.
    let mut s = GridSearch::new(GridOptions::FOUR_CONNECTED.with_weight(1.25)).unwrap();
    s.try_begin(&g, Cell::new(0, 0), Cell::new(4, 0));
    s.step(&g, 3).unwrap();
    let mut b = vec![0; s.state_size()];
    s.save_state(&g, &mut b).unwrap();
    assert_eq!(b.len(), old.len());
    let differ: Vec<usize> = (0..b.len()).filter(|&i| b[i] != old[i]).collect();
    // The checksum (header bytes 20..28) and the flags byte (payload offset 16).
    assert!(
        differ
            .iter()
            .all(|&i| (20..28).contains(&i) || i == 28 + 16),
        "{differ:?}"
    );
}

/// A uniform-cost grid for the specialised engines' kinds.
fn octile_grid() -> Grid {
    Grid::from_text(
        "
        ......
        .##.#.
        ......
        ",
    )
    .unwrap()
}

#[test]
fn octile_astar_bytes_are_pinned() {
    let g = octile_grid();
    let mut a = OctileAStar::new();
    a.set_record_expansions(true);
    assert_eq!(a.try_begin(&g, 0, 17), Step::InProgress);
    a.step(4);
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
    let g = octile_grid();
    let map = OctileMap::new(&g);
    let mut j = OctileJump::<BitFinder>::with_improved_pruning(true);
    j.set_record_trace(true);
    assert_eq!(j.try_begin(&g, &map, 6, 11), Step::InProgress);
    j.step(&map, 2);
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
