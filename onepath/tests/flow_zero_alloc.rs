//! Zero allocation on the tick path of a flow field: after creation, `step`, `run`,
//! `state_size`, `save_state`, and (after the first restore, which sizes a spare field)
//! `restore_state` allocate nothing, on square grids of every option variant and on hex grids
//! (a counting global allocator proves it).
#![allow(unsafe_code)]

mod common;
mod counting;

use common::random_grid;
use counting::allocations;
use onepath::flow::FlowStep;
use onepath::{Cell, Connectivity, GridOptions, HexGrid, HexLayout};

#[test]
fn flow_field_tick_path_allocates_nothing() {
    let variants = [
        GridOptions::DEFAULT,
        GridOptions::FOUR_CONNECTED,
        GridOptions::NO_SQUEEZING,
        GridOptions::for_agent_size(2),
        GridOptions::for_agent_size(3).with_connectivity(Connectivity::Four),
    ];
    for (k, o) in variants.into_iter().enumerate() {
        let grid = random_grid(k as u64, 40, 30, 20, true);
        let goals = [Cell::new(1, 1), Cell::new(30, 20)];
        let o = o.with_iteration_budget(0);
        let mut field = grid.create_flow_field(&goals, &o).unwrap();
        let mut buf = vec![0u8; 64 * 1024];
        // Warm-up restore: sizes the spare field once.
        let n = field.save_state(&grid, &mut buf).unwrap();
        let saved = buf[..n].to_vec();
        field.restore_state(&grid, &saved).unwrap();
        let (state, count) = allocations(|| {
            let mut s = FlowStep::InProgress;
            let mut ticks = 0;
            while s == FlowStep::InProgress {
                s = field.step(&grid, 37).unwrap();
                ticks += 1;
                if ticks % 5 == 0 {
                    let size = field.state_size();
                    let n = field.save_state(&grid, &mut buf[..size]).unwrap();
                    assert_eq!(n, size);
                }
            }
            field.restore_state(&grid, &saved).unwrap();
            field.run(&grid).unwrap()
        });
        assert_eq!(state, FlowStep::Complete);
        assert_eq!(
            count, 0,
            "variant {k}: {count} allocations on the tick path"
        );
    }
    let hex = HexGrid::new(30, 20, HexLayout::PointyEvenRow).unwrap();
    let mut field = hex
        .create_flow_field(
            &[Cell::new(4, 4)],
            &GridOptions::DEFAULT.with_iteration_budget(0),
        )
        .unwrap();
    let ((), count) = allocations(
        || {
            while field.step(&hex, 11).unwrap() == FlowStep::InProgress {}
        },
    );
    assert_eq!(count, 0, "hex: {count} allocations");
}
