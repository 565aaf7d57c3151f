//! Pinned bytes of snapshot kinds 14 (`HexGrid`) and 15 (`HexSearch`) on a fixed hex map, their
//! round trip, and a field-by-field reading of the fixed parts against
//! `docs/snapshot-format.md`. Regenerate deliberately with
//! `ONEPATH_BLESS_PINNED=1 cargo test -p onepath --test hex_snapshot_pinned`.

mod common;

use common::pinned::pinned;

use onepath::state::{KIND_ASTAR, KIND_HEX_GRID, KIND_HEX_SEARCH};
use onepath::{Cell, GridOptions, HexGrid, HexLayout, HexSearch, HexSpace, Step};

/// Walls, an area of cost 3, a flat layout and a world mapping.
fn pinned_hex_grid() -> HexGrid {
    let mut g = HexGrid::from_text("..#..\n.2#..\n.....", HexLayout::FlatEvenColumn)
        .unwrap()
        .with_space(HexSpace::new(-2.0, 3.5, 0.5).unwrap())
        .unwrap();
    g.set_area_cost(2, 3.0).unwrap();
    g
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

#[test]
fn hex_grid_bytes_are_pinned() {
    let g = pinned_hex_grid();
    let mut b = vec![0; g.state_size()];
    assert_eq!(g.save_state(&mut b), Ok(b.len()));
    pinned("hex_grid.hex", &b, KIND_HEX_GRID);
    // Header map hash, then width, height, layout code 3, version 1.
    assert_eq!(
        u64::from_le_bytes(b[12..20].try_into().unwrap()),
        g.content_hash()
    );
    assert_eq!((u32_at(&b, 28), u32_at(&b, 32), b[36]), (5, 3, 3));
    assert_eq!(u64::from_le_bytes(b[37..45].try_into().unwrap()), 1);
    assert_eq!(&b[b.len() - 15..b.len() - 10], &[0, 0, 255, 0, 0]);
    assert_eq!(HexGrid::from_state(&b).unwrap(), g);
}

#[test]
fn hex_search_bytes_are_pinned() {
    let g = pinned_hex_grid();
    let mut s = HexSearch::new(GridOptions::DEFAULT.with_record_expansions(true)).unwrap();
    assert_eq!(
        s.try_begin(&g, Cell::new(0, 0), Cell::new(4, 0)),
        Step::InProgress
    );
    let _ = s.step(&g, 4).unwrap();
    let mut b = vec![0; s.state_size()];
    assert_eq!(s.save_state(&g, &mut b), Ok(b.len()));
    pinned("hex_search.hex", &b, KIND_HEX_SEARCH);
    // Heuristic 0 (auto), weight 1.0, budget u32::MAX, flags 1, then the nested kind 2.
    assert_eq!(b[28], 0);
    assert_eq!(
        f64::from_bits(u64::from_le_bytes(b[29..37].try_into().unwrap())),
        1.0
    );
    assert_eq!((u32_at(&b, 37), b[41]), (u32::MAX, 1));
    assert_eq!(u32_at(&b, 42) as usize, b.len() - 46);
    assert_eq!(u16::from_le_bytes([b[46 + 6], b[46 + 7]]), KIND_ASTAR);
    assert_eq!(
        b[46 + 12..46 + 20],
        b[12..20],
        "the nested frame names the same map"
    );
    let mut t = HexSearch::new(GridOptions::DEFAULT).unwrap();
    t.restore_state(&g, &b).unwrap();
    let mut again = vec![0; t.state_size()];
    t.save_state(&g, &mut again).unwrap();
    assert_eq!(again, b);
    assert_eq!(t.run_cancellable(&g, || false), Ok(Step::Found));
    assert_eq!(s.run_cancellable(&g, || false), Ok(Step::Found));
    assert_eq!(t.to_path(&g).unwrap(), s.to_path(&g).unwrap());
}
