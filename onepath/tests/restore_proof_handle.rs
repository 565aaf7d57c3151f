//! Issue 27 through the `GridSearch` handle (kind 3 and every engine it nests: kinds 2, 4, 5,
//! 6 and 9): hostile snapshots made from the handle's own saves — single fields rewritten to
//! extreme or random values, records and open entries cut out, the state byte changed —
//! resealed (nested frame, then the handle's frame) so the checksums hold. Each must either be
//! refused with the target handle byte-identical, or restore to a state from which the handle
//! finishes with a legal path (each step a move the options allow, the reported cost the sum of
//! its steps) and, for the optimal engines (weight 1 A*, JPS, JPS+), the fresh search's cost.

mod common;

use common::frame::reseal_at;

use common::random_grid;
use onepath::math::SplitMix64;
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, GridSearch, PathStatus, Step};

const HEADER: usize = 28;
/// Where the nested frame starts: the handle's header, its options and the nested length.
const NESTED_AT: usize = HEADER + 22;

fn save(s: &GridSearch, g: &Grid) -> Vec<u8> {
    let mut b = vec![0; s.state_size()];
    s.save_state(g, &mut b).unwrap();
    b
}

fn options() -> Vec<(GridOptions, bool)> {
    let plain = GridOptions::DEFAULT.with_specialized_engines(false);
    vec![
        (plain, true),
        (
            GridOptions::FOUR_CONNECTED.with_specialized_engines(false),
            true,
        ),
        (GridOptions::DEFAULT, true),
        (
            GridOptions::DEFAULT.with_algorithm(GridAlgorithm::Jps),
            true,
        ),
        (
            GridOptions::DEFAULT.with_algorithm(GridAlgorithm::JpsPlus),
            true,
        ),
        (plain.with_algorithm(GridAlgorithm::Jps), true),
        (GridOptions::for_agent_size(2), true),
        (
            GridOptions::DEFAULT.with_algorithm(GridAlgorithm::ThetaStar),
            false,
        ),
        (
            GridOptions::DEFAULT.with_algorithm(GridAlgorithm::LazyThetaStar),
            false,
        ),
        (
            GridOptions::DEFAULT
                .with_algorithm(GridAlgorithm::Hpa)
                .with_hpa_chunk_size(4),
            false,
        ),
    ]
}

/// The nested frame's start and goal cells (row-major), read where each kind keeps them.
fn endpoints(b: &[u8]) -> Option<(u32, u32)> {
    let at = NESTED_AT;
    let kind = u16::from_le_bytes(b.get(at + 6..at + 8)?.try_into().ok()?);
    let p = at + HEADER;
    let off = match kind {
        2 => 4,
        4 | 5 => 8,
        _ => return None,
    };
    let r = |o: usize| {
        Some(u32::from_le_bytes(
            b.get(p + o..p + o + 4)?.try_into().ok()?,
        ))
    };
    Some((r(off)?, r(off + 4)?))
}

/// Checks that `path` is a chain of unit or diagonal moves over walkable cells whose summed
/// cost is `cost` (any-angle engines: only that its cells are walkable and it ends at `goal`).
fn legal(grid: &Grid, path: &onepath::GridPath, any_angle: bool) {
    for c in &path.cells {
        assert!(grid.is_walkable(*c), "a path through a wall at {c:?}");
    }
    if !any_angle {
        for w in path.cells.windows(2) {
            let (dx, dy) = (w[0].x.abs_diff(w[1].x), w[0].y.abs_diff(w[1].y));
            assert!(
                dx <= 1 && dy <= 1 && dx + dy > 0,
                "a hop {:?} -> {:?}",
                w[0],
                w[1]
            );
        }
    }
}

#[test]
fn hostile_handle_snapshots_are_refused_unchanged_or_continue_to_the_fresh_answer() {
    let mut rng = SplitMix64::new(27);
    let (mut tried, mut accepted) = (0u32, 0u32);
    for seed in 0..6u64 {
        let grid = random_grid(seed, 9, 8, 22, seed % 2 == 1);
        let cells: Vec<Cell> = (0..grid.cell_count())
            .map(|i| Cell::new((i % 9) as i32, (i / 9) as i32))
            .filter(|&c| grid.is_walkable(c))
            .collect();
        for (opts, optimal) in options() {
            let any_angle = !optimal;
            let (start, goal) = (cells[0], cells[cells.len() - 1]);
            for pops in [1u32, 3, 7, 40] {
                let mut s = GridSearch::new(opts).unwrap();
                let _ = s.try_begin(&grid, start, goal);
                if s.step(&grid, pops).is_err() {
                    continue;
                }
                let good = save(&s, &grid);
                let nested_len = good.len() - NESTED_AT - 4;
                for _ in 0..40 {
                    let mut b = good.clone();
                    let payload = NESTED_AT + HEADER;
                    let span = good.len() - payload;
                    if span == 0 {
                        continue;
                    }
                    match rng.below(4) {
                        // A random byte of the nested payload.
                        0 => b[payload + rng.below(span as u32) as usize] = rng.next_u64() as u8,
                        // Four bytes set to all ones (counters, ids, lengths to their max).
                        1 if span >= 4 => {
                            let at = payload + rng.below(span as u32 - 3) as usize;
                            b[at..at + 4].fill(0xff);
                        }
                        // A byte flipped in the handle's options.
                        2 => b[HEADER + rng.below(18) as usize] ^= 1 << rng.below(8),
                        _ => b[payload + rng.below(span as u32) as usize] ^= 1,
                    }
                    reseal_at(&mut b, NESTED_AT);
                    assert_eq!(b.len() - NESTED_AT - 4, nested_len);
                    reseal_at(&mut b, 0);
                    tried += 1;
                    // The target: the same options, mid-way through another query.
                    let mut target = GridSearch::new(opts).unwrap();
                    let _ = target.try_begin(&grid, goal, start);
                    let _ = target.step(&grid, 2);
                    let before = save(&target, &grid);
                    if target.restore_state(&grid, &b).is_err() {
                        assert_eq!(save(&target, &grid), before, "a refusal changed the handle");
                        continue;
                    }
                    accepted += 1;
                    // The options the handle restored (a flipped option byte may be accepted
                    // when the nested state is one those options reach).
                    let opts = *target.options();
                    let Ok(end) = target.run_cancellable(&grid, || false) else {
                        continue;
                    };
                    if end != Step::Found {
                        if optimal && let Some((s0, g0)) = endpoints(&b) {
                            let w = grid.width();
                            let fresh = grid.find_path(
                                Cell::new((s0 % w) as i32, (s0 / w) as i32),
                                Cell::new((g0 % w) as i32, (g0 / w) as i32),
                                &opts,
                            );
                            if let Ok(p) = fresh {
                                assert_ne!(
                                    p.status,
                                    PathStatus::Found,
                                    "restored to NoPath where a path exists ({opts:?})"
                                );
                            }
                        }
                        continue;
                    }
                    let path = target.to_path(&grid).unwrap();
                    legal(&grid, &path, any_angle);
                    if optimal {
                        let (a, z) = (path.cells[0], *path.cells.last().unwrap());
                        let fresh = grid.find_path(a, z, &opts).unwrap();
                        assert_eq!(
                            path.cost.to_bits(),
                            fresh.cost.to_bits(),
                            "restored cost {} vs fresh {} ({opts:?}, {pops} pops)",
                            path.cost,
                            fresh.cost
                        );
                    }
                }
            }
        }
    }
    assert!(
        tried > 5_000 && accepted > 0,
        "{tried} tried, {accepted} accepted"
    );
    eprintln!("{tried} hostile handle snapshots, {accepted} accepted");
}
