//! The tier-1 flow field (`GridFlowField`): tier 1 = tier 2, the iteration budget, refresh =
//! a field created from scratch (square sizes 1–3, hex, area costs), the errors, and the
//! kind-7 snapshot (round trip at every pop count, restored = never-stopped, canonical bytes,
//! damaged and forged snapshots refused without changing the field, pinned bytes).

mod common;

use common::frame::reseal;

use std::fmt::Write as _;
use std::path::PathBuf;

use common::random_grid;
use onepath::flow::{FlowField, FlowStep, NO_NEXT};
use onepath::grid::SquareTopology;
use onepath::hex::HexTopology;
use onepath::math::SplitMix64;
use onepath::state::{HEADER_LEN, StateError};
use onepath::topology::DefaultStepCost;
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridFlowField, GridOptions, HexGrid, HexLayout,
    QueryError,
};

fn options() -> [GridOptions; 6] {
    [
        GridOptions::DEFAULT,
        GridOptions::FOUR_CONNECTED,
        GridOptions::NO_SQUEEZING,
        GridOptions::DEFAULT.with_diagonal_rule(DiagonalRule::AllowAll),
        GridOptions::for_agent_size(2),
        GridOptions::for_agent_size(3).with_connectivity(Connectivity::Four),
    ]
}

fn goals(seed: u64, w: u32, h: u32) -> Vec<Cell> {
    let mut r = SplitMix64::new(seed);
    (0..=r.below(3))
        .map(|_| Cell::new(r.below(w) as i32, r.below(h) as i32))
        .collect()
}

fn same_field(a: &GridFlowField, b: &GridFlowField, what: &str) {
    assert_eq!(a.state(), b.state(), "{what}: state");
    assert_eq!(a.settled(), b.settled(), "{what}: settled");
    let bits = |f: &GridFlowField| f.costs().iter().map(|c| c.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(a), bits(b), "{what}: costs");
    assert_eq!(a.nexts(), b.nexts(), "{what}: next");
}

#[test]
fn tier_one_equals_tier_two_and_the_budget_bounds_creation() {
    for seed in 0..40u64 {
        let grid = random_grid(seed, 9 + (seed % 7) as u32, 8, 25, seed % 2 == 0);
        let gs = goals(seed, grid.width(), grid.height());
        for o in options() {
            let field = grid.create_flow_field(&gs, &o).unwrap();
            let topo =
                SquareTopology::new(&grid, o.agent_size, o.connectivity, o.diagonal_rule).unwrap();
            let ids: Vec<u32> = gs.iter().map(|&c| grid.index_of(c).unwrap()).collect();
            let mut t2 = FlowField::new(DefaultStepCost);
            let _ = t2.begin(&topo, &ids);
            let _ = t2.run(&topo);
            assert_eq!(field.costs(), t2.costs());
            assert_eq!(field.nexts(), t2.nexts());
            assert_eq!(field.settled(), t2.settled());
            // The budget: creation stops after that many pops; finishing gives the same field.
            let budget = 1 + (seed % 5) as u32;
            let mut partial = grid
                .create_flow_field(&gs, &o.with_iteration_budget(budget))
                .unwrap();
            if partial.state() == FlowStep::InProgress {
                assert_eq!(partial.settled(), budget);
                assert!(partial.next(Cell::new(0, 0)).is_none());
            }
            let _ = partial.run(&grid).unwrap();
            same_field(&partial, &field, "budget");
            // Directions are unit vectors towards next.
            for i in 0..grid.cell_count() {
                let c = grid.cell_of(i);
                match (field.next(c), field.direction(c)) {
                    (Some(n), Some((dx, dy))) => {
                        let (ex, ey) = (f64::from(n.x - c.x), f64::from(n.y - c.y));
                        assert!((dx * dx + dy * dy - 1.0).abs() < 1e-15);
                        assert!(dx.signum() == ex.signum() || ex == 0.0);
                        assert!(dy.signum() == ey.signum() || ey == 0.0);
                    }
                    (None, None) => assert_eq!(field.nexts()[i as usize], NO_NEXT),
                    other => panic!("next and direction disagree: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn hex_tier_one_equals_tier_two() {
    for (k, layout) in [
        HexLayout::PointyOddRow,
        HexLayout::PointyEvenRow,
        HexLayout::FlatOddColumn,
        HexLayout::FlatEvenColumn,
    ]
    .into_iter()
    .enumerate()
    {
        let sq = random_grid(k as u64, 9, 7, 25, true);
        let mut grid = HexGrid::from_areas(9, 7, layout, sq.cells().to_vec()).unwrap();
        grid.set_area_cost(1, 2.0).unwrap();
        let gs = goals(k as u64, 9, 7);
        let field = grid.create_flow_field(&gs, &GridOptions::DEFAULT).unwrap();
        let topo = HexTopology::new(&grid);
        let ids: Vec<u32> = gs.iter().map(|&c| grid.index_of(c).unwrap()).collect();
        let mut t2 = FlowField::new(DefaultStepCost);
        let _ = t2.begin(&topo, &ids);
        let _ = t2.run(&topo);
        assert_eq!(field.costs(), t2.costs());
        assert_eq!(field.nexts(), t2.nexts());
        for i in 0..grid.cell_count() {
            if let Some((dx, dy)) = field.direction(grid.cell_of(i)) {
                assert!((dx * dx + dy * dy - 1.0).abs() < 1e-15);
            }
        }
        assert_eq!(
            grid.create_flow_field(&gs, &GridOptions::for_agent_size(2))
                .err(),
            Some(QueryError::InvalidAgentSize { size: 2, max: 1 })
        );
    }
}

#[test]
fn refresh_equals_a_fresh_field() {
    let mut repaired_count = 0;
    for seed in 0..60u64 {
        let mut grid = random_grid(seed, 12, 10, 20, seed % 3 == 0);
        let gs = goals(seed, 12, 10);
        let o = options()[(seed % 6) as usize];
        let mut field = grid.create_flow_field(&gs, &o).unwrap();
        let mut r = SplitMix64::new(seed ^ 0xED17);
        for e in 0..6 {
            let seen = grid.revision();
            let area_change = r.below(10) == 0;
            if area_change {
                grid.set_area_cost(1, [0.5, 2.0, 3.0][r.below(3) as usize])
                    .unwrap();
            } else {
                let (x, y) = (r.below(12) as i32, r.below(10) as i32);
                let a = [255u8, 0, 1][r.below(3) as usize];
                if r.below(4) == 0 {
                    grid.set_rect(x.min(10), y.min(8), 2, 2, a).unwrap();
                } else {
                    grid.set_area(Cell::new(x, y), a).unwrap();
                }
            }
            if grid.revision() != seen {
                assert!(matches!(
                    field.step(&grid, 1),
                    Err(QueryError::GridChanged { .. })
                ));
            }
            let repaired = field.refresh(&grid).unwrap();
            if area_change && grid.revision() != seen {
                assert!(!repaired, "an area-cost change recomputes");
            }
            repaired_count += usize::from(repaired);
            let fresh = grid.create_flow_field(&gs, &o).unwrap();
            same_field(&field, &fresh, &format!("seed {seed} edit {e}"));
        }
    }
    assert!(
        repaired_count > 200,
        "most refreshes repair: {repaired_count}"
    );
}

#[test]
fn refresh_of_a_field_in_progress_and_of_hex_fields() {
    let mut grid = Grid::new(10, 10).unwrap();
    let gs = [Cell::new(1, 1)];
    let o = GridOptions::DEFAULT.with_iteration_budget(3);
    let mut field = grid.create_flow_field(&gs, &o).unwrap();
    grid.set_area(Cell::new(5, 5), 255).unwrap();
    assert!(!field.refresh(&grid).unwrap(), "in progress: recomputed");
    let fresh = grid.create_flow_field(&gs, &GridOptions::DEFAULT).unwrap();
    same_field(&field, &fresh, "in progress");

    let mut hex = HexGrid::new(8, 8, HexLayout::FlatEvenColumn).unwrap();
    let mut field = hex.create_flow_field(&gs, &GridOptions::DEFAULT).unwrap();
    for (x, y) in [(3, 3), (3, 4), (4, 2), (1, 2)] {
        hex.set_area(Cell::new(x, y), 255).unwrap();
        assert!(field.refresh(&hex).unwrap());
        let fresh = hex.create_flow_field(&gs, &GridOptions::DEFAULT).unwrap();
        same_field(&field, &fresh, "hex");
    }
    // Another map is refused, not repaired.
    let other = Grid::new(8, 8).unwrap();
    assert!(matches!(
        field.refresh(&other),
        Err(QueryError::OtherGrid { .. })
    ));
    assert!(matches!(
        field.step(&other, 1),
        Err(QueryError::OtherGrid { .. })
    ));
}

fn save(field: &GridFlowField, grid: &impl onepath::query::FlowMap) -> Vec<u8> {
    let mut out = vec![0u8; field.state_size()];
    let n = field.save_state(grid, &mut out).unwrap();
    assert_eq!(n, out.len());
    out
}

#[test]
fn restored_equals_never_stopped_at_every_pop() {
    for seed in 0..6u64 {
        let grid = random_grid(seed, 9, 7, 20, true);
        let gs = goals(seed, 9, 7);
        let o = options()[(seed % 6) as usize];
        let full = grid.create_flow_field(&gs, &o).unwrap();
        for k in 0..=full.settled() {
            let mut a = grid
                .create_flow_field(&gs, &o.with_iteration_budget(k))
                .unwrap();
            let bytes = save(&a, &grid);
            // Restore into a handle elsewhere in its life.
            let mut b = grid
                .create_flow_field(&gs, &o.with_iteration_budget(k / 2))
                .unwrap();
            b.restore_state(&grid, &bytes).unwrap();
            same_field(&a, &b, "restored");
            assert_eq!(save(&b, &grid), bytes, "canonical bytes");
            let _ = a.run(&grid).unwrap();
            let _ = b.run(&grid).unwrap();
            same_field(&a, &b, "finished after restore");
            same_field(&a, &full, "finished");
        }
    }
}

#[test]
fn damaged_and_forged_snapshots_are_refused_and_change_nothing() {
    let grid = random_grid(3, 8, 6, 20, false);
    let gs = [Cell::new(0, 0), Cell::new(7, 5)];
    let o = GridOptions::DEFAULT.with_iteration_budget(9);
    let field = grid.create_flow_field(&gs, &o).unwrap();
    let bytes = save(&field, &grid);
    let mut target = grid.create_flow_field(&[Cell::new(3, 3)], &o).unwrap();
    let before = target.clone();
    // Every truncation and every single-byte flip is refused (checksum, header or field).
    for cut in 0..bytes.len() {
        assert!(target.restore_state(&grid, &bytes[..cut]).is_err());
    }
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 0x10;
        assert!(target.restore_state(&grid, &b).is_err(), "flip at {i}");
    }
    // Forged with a valid checksum: a cost, the settled count, a goal order, the open set.
    let cost_at = HEADER_LEN + 4 + 8 + 1 + 4 + 4 + 8 + 4;
    let cases: [(usize, &str); 4] = [
        (cost_at + 3, "cost"),
        (HEADER_LEN + 13, "settled"),
        (HEADER_LEN + 21, "goals"),
        (bytes.len() - 3, "open"),
    ];
    for (at, field_name) in cases {
        let mut b = bytes.clone();
        b[at] ^= 0x01;
        reseal(&mut b);
        match target.restore_state(&grid, &b) {
            Err(StateError::InvalidField { field }) => {
                assert!(
                    ["cost", "settled", "goals", "open"].contains(&field),
                    "{field_name}: {field}"
                );
            }
            other => panic!("{field_name}: {other:?}"),
        }
    }
    same_field(&target, &before, "unchanged after refusals");
    // Another map's content, and other options.
    let mut edited = grid.clone();
    edited.set_area(Cell::new(4, 4), 255).unwrap();
    assert!(matches!(
        target.restore_state(&edited, &bytes),
        Err(StateError::MapMismatch { .. })
    ));
    let mut four = grid
        .create_flow_field(&gs, &GridOptions::FOUR_CONNECTED)
        .unwrap();
    assert_eq!(
        four.restore_state(&grid, &bytes),
        Err(StateError::InvalidField { field: "options" })
    );
    target.restore_state(&grid, &bytes).unwrap();
    same_field(&target, &field, "accepted");
    // Saving against an edited grid is refused.
    let mut out = vec![0u8; field.state_size()];
    assert!(field.save_state(&edited, &mut out).is_err());
    assert!(matches!(
        field.save_state(&grid, &mut out[..10]),
        Err(StateError::BufferTooSmall { .. })
    ));
}

fn hex_text(bytes: &[u8]) -> String {
    let mut s = String::new();
    for (i, b) in bytes.iter().enumerate() {
        write!(s, "{b:02x}").unwrap();
        s.push(if i % 32 == 31 { '\n' } else { ' ' });
    }
    s.trim_end().to_string() + "\n"
}

#[test]
fn flow_field_bytes_are_pinned() {
    let grid = Grid::from_text("...\n.#.\n...").unwrap();
    let o = GridOptions::DEFAULT.with_iteration_budget(2);
    let field = grid.create_flow_field(&[Cell::new(0, 0)], &o).unwrap();
    let text = hex_text(&save(&field, &grid));
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/pinned/flow_field.hex");
    if std::env::var_os("ONEPATH_BLESS_PINNED").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).expect("tests/pinned/flow_field.hex");
    assert_eq!(
        text, committed,
        "kind-7 bytes changed: a format change must be deliberate"
    );
}
