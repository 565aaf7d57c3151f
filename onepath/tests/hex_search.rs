//! The resumable hex handle (issue 28, item 4): `HexSearch` against `HexGrid::find_path` for
//! every slicing; snapshot kind 15 saved at every pop count restoring and continuing bit for
//! bit (later snapshots included) on hex maps with walls and area costs in all four layouts;
//! `max_state_size` bounding every reachable state; refused restores changing nothing; and
//! hostile snapshots (the issue-27 rule) either refused with the handle byte-identical or
//! continuing to the fresh search's cost along legal hex moves.

use onepath::math::SplitMix64;
use onepath::state::{Fnv1a64, StateError};
use onepath::{
    Cell, GridOptions, HeuristicKind, HexCoord, HexGrid, HexLayout, HexSearch, PathStatus, Step,
};

const HEADER: usize = 28;
/// Where kind 15's nested kind-2 frame starts: header, 14 bytes of options, the length.
const NESTED_AT: usize = HEADER + 18;

/// A `w × h` hex grid with about `walls`% walls and, when `areas`, areas 1–3 priced ×2, ×0.5,
/// ×3.
fn random_hex(seed: u64, w: u32, h: u32, walls: u32, areas: bool, layout: HexLayout) -> HexGrid {
    let mut rng = SplitMix64::new(seed);
    let cells: Vec<u8> = (0..w * h)
        .map(|_| {
            if rng.below(100) < walls {
                255
            } else if areas {
                rng.below(4) as u8
            } else {
                0
            }
        })
        .collect();
    let mut g = HexGrid::from_areas(w, h, layout, cells).unwrap();
    if areas {
        g.set_area_cost(1, 2.0).unwrap();
        g.set_area_cost(2, 0.5).unwrap();
        g.set_area_cost(3, 3.0).unwrap();
    }
    g
}

/// The first and last walkable cells.
fn far_ends(g: &HexGrid) -> Option<(Cell, Cell)> {
    let open: Vec<Cell> = (0..g.cell_count())
        .map(|i| g.cell_of(i))
        .filter(|&c| g.is_walkable(c))
        .collect();
    Some((*open.first()?, *open.last()?))
}

fn save(s: &HexSearch, g: &HexGrid) -> Vec<u8> {
    let mut b = vec![0; s.state_size()];
    assert_eq!(s.save_state(g, &mut b), Ok(b.len()));
    b
}

fn reseal_at(b: &mut [u8], at: usize) {
    let len = u32::from_le_bytes(b[at + 8..at + 12].try_into().unwrap()) as usize;
    let sum = Fnv1a64::of(&b[at + HEADER..at + HEADER + len]);
    b[at + 20..at + 28].copy_from_slice(&sum.to_le_bytes());
}

fn maps() -> Vec<HexGrid> {
    let mut v = Vec::new();
    for (i, layout) in HexLayout::ALL.into_iter().enumerate() {
        for seed in 0..3u64 {
            let s = seed * 4 + i as u64;
            v.push(random_hex(s, 9 + (s % 3) as u32, 7, 20, seed != 0, layout));
        }
    }
    v
}

fn option_variants() -> [GridOptions; 4] {
    [
        GridOptions::DEFAULT,
        GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero),
        GridOptions::DEFAULT
            .with_weight(1.5)
            .with_record_expansions(true),
        GridOptions::DEFAULT
            .with_heuristic(HeuristicKind::HexDistance)
            .with_record_expansions(true),
    ]
}

/// Whether `a` and `b` are hex neighbours under the grid's layout.
fn adjacent(g: &HexGrid, a: Cell, b: Cell) -> bool {
    let (p, q) = (g.to_axial(a), g.to_axial(b));
    HexCoord::DIRECTIONS
        .iter()
        .any(|&(dq, dr)| p.q + dq == q.q && p.r + dr == q.r)
}

#[test]
fn the_handle_equals_find_path_for_every_slicing() {
    for g in maps() {
        let Some((a, b)) = far_ends(&g) else { continue };
        for o in option_variants() {
            let want = g.find_path(a, b, &o).unwrap();
            for budget in [1, 2, 7, u32::MAX] {
                let mut s = HexSearch::new(o).unwrap();
                assert_eq!(s.try_begin(&g, a, b), Step::InProgress);
                while s.step(&g, budget).unwrap() == Step::InProgress {}
                let got = s.to_path(&g).unwrap();
                assert_eq!(got, want, "budget {budget}, {o:?}");
                assert_eq!(got.cost.to_bits(), want.cost.to_bits());
                let mut out = vec![Cell::default(); s.path_len()];
                assert_eq!(s.copy_path(&mut out), Some(want.cells.len()));
                assert_eq!(out, want.cells);
                if want.is_found() {
                    assert!(out.windows(2).all(|w| adjacent(&g, w[0], w[1])));
                }
            }
            // A budget that runs out: the same counts as the one-line query's.
            let capped = o.with_iteration_budget(3);
            let mut s = HexSearch::new(capped).unwrap();
            let _ = s.try_begin(&g, a, b);
            let _ = s.step(&g, 3).unwrap();
            assert_eq!(s.to_path(&g).unwrap(), g.find_path(a, b, &capped).unwrap());
        }
    }
}

/// Saved at every pop count, restored into a handle that was doing something else, the
/// search continues bit for bit: every later snapshot equals the uninterrupted search's at
/// the same pop count, and so does the result. Every snapshot fits `max_state_size`.
#[test]
fn every_pop_count_restores_and_continues_bit_for_bit() {
    let (mut restores, mut maps_run) = (0u32, 0u32);
    for g in maps() {
        let Some((a, b)) = far_ends(&g) else { continue };
        maps_run += 1;
        for o in option_variants() {
            let mut s = HexSearch::new(o).unwrap();
            let max = s.max_state_size(&g);
            let mut buffer = vec![0u8; max];
            let _ = s.try_begin(&g, a, b);
            let mut saves = vec![save(&s, &g)];
            while s.step(&g, 1).unwrap() == Step::InProgress {
                saves.push(save(&s, &g));
            }
            saves.push(save(&s, &g));
            let want = s.to_path(&g).unwrap();
            for bytes in &saves {
                assert!(bytes.len() <= max, "{} > bound {max} ({o:?})", bytes.len());
            }
            assert!(s.save_state(&g, &mut buffer).is_ok());
            for (k, bytes) in saves.iter().enumerate() {
                // The target: other options, mid-way through a query the other way round.
                let mut t = HexSearch::new(GridOptions::DEFAULT).unwrap();
                let _ = t.try_begin(&g, b, a);
                let _ = t.step(&g, 2);
                t.restore_state(&g, bytes).unwrap();
                restores += 1;
                assert_eq!(&save(&t, &g), bytes, "restore then save, pop {k}");
                assert_eq!(t.options().weight.to_bits(), o.weight.to_bits());
                assert_eq!(t.options().record_expansions, o.record_expansions);
                let mut j = k;
                while t.step(&g, 1).unwrap() == Step::InProgress {
                    j += 1;
                    assert_eq!(&save(&t, &g), &saves[j], "pop {j} after a restore at {k}");
                }
                let got = t.to_path(&g).unwrap();
                assert_eq!(got, want, "restored at pop {k} ({o:?})");
                assert_eq!(got.cost.to_bits(), want.cost.to_bits());
            }
        }
    }
    assert!(
        maps_run >= 10 && restores > 1_000,
        "{maps_run} maps, {restores} restores"
    );
}

/// `max_state_size` bounds every state on a larger map with walls and areas, recording on and
/// off, and stays a bound after edits that keep the size.
#[test]
fn max_state_size_bounds_every_reachable_state() {
    for layout in HexLayout::ALL {
        let mut g = random_hex(7, 24, 17, 15, true, layout);
        let (a, b) = far_ends(&g).unwrap();
        for o in [
            GridOptions::DEFAULT,
            GridOptions::DEFAULT.with_record_expansions(true),
            GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero),
        ] {
            let mut s = HexSearch::new(o).unwrap();
            let max = s.max_state_size(&g);
            let mut buffer = vec![0u8; max];
            let _ = s.try_begin(&g, a, b);
            loop {
                assert!(s.state_size() <= max);
                assert_eq!(s.save_state(&g, &mut buffer), Ok(s.state_size()));
                if s.step(&g, 1).unwrap() != Step::InProgress {
                    break;
                }
            }
            assert_eq!(s.save_state(&g, &mut buffer), Ok(s.state_size()));
        }
        // Open every wall: the bound of the grid's size still holds.
        let max = HexSearch::new(GridOptions::DEFAULT)
            .unwrap()
            .max_state_size(&g);
        g.set_rect(0, 0, g.width(), g.height(), 0).unwrap();
        let mut s =
            HexSearch::new(GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero)).unwrap();
        let _ = s.try_begin(&g, Cell::new(0, 0), Cell::new(23, 16));
        let mut peak = 0;
        while s.step(&g, 1).unwrap() == Step::InProgress {
            peak = peak.max(s.state_size());
        }
        assert!(peak <= max && peak > max / 2, "peak {peak}, bound {max}");
        assert_eq!(g.max_state_size(), g.state_size());
    }
}

/// Refused restores — another map, the same cells under another layout, an edited map, a
/// damaged frame, inconsistent fields — return the error and leave the handle's next
/// `save_state` bytes identical.
#[test]
fn a_refused_restore_changes_nothing() {
    let g = random_hex(3, 10, 8, 15, true, HexLayout::PointyOddRow);
    let (a, b) = far_ends(&g).unwrap();
    let mut s = HexSearch::new(GridOptions::DEFAULT).unwrap();
    let _ = s.try_begin(&g, a, b);
    let _ = s.step(&g, 6).unwrap();
    let good = save(&s, &g);

    let same_cells_other_layout = HexGrid::from_areas(
        g.width(),
        g.height(),
        HexLayout::FlatEvenColumn,
        g.cells().to_vec(),
    )
    .unwrap();
    let mut other_costs = same_cells_other_layout.clone();
    other_costs.set_area_cost(1, 2.0).unwrap();
    let mut edited = g.clone();
    edited.set_walkable(a, false).unwrap();
    let mut bad: Vec<(&str, HexGrid, Vec<u8>)> = vec![
        ("other layout", same_cells_other_layout, good.clone()),
        ("edited", edited, good.clone()),
        ("truncated", g.clone(), good[..good.len() - 1].to_vec()),
    ];
    // The nested weight differs from the handle's.
    let mut b1 = good.clone();
    b1[HEADER + 1..HEADER + 9].copy_from_slice(&2.0f64.to_bits().to_le_bytes());
    reseal_at(&mut b1, 0);
    bad.push(("weight", g.clone(), b1));
    // An unknown flag, a bad heuristic code, the nested desync trace bit.
    let mut b2 = good.clone();
    b2[HEADER + 13] = 2;
    reseal_at(&mut b2, 0);
    bad.push(("flags", g.clone(), b2));
    let mut b3 = good.clone();
    b3[HEADER] = 3;
    reseal_at(&mut b3, 0);
    bad.push(("heuristic", g.clone(), b3));
    let mut b4 = good.clone();
    b4[NESTED_AT + HEADER + 29] |= 2;
    reseal_at(&mut b4, NESTED_AT);
    reseal_at(&mut b4, 0);
    bad.push(("trace", g.clone(), b4));
    // Recording off in both frames over a recorded expanded list: a list the handle cannot
    // hold (kind 2 alone would accept it), which would outgrow `max_state_size`.
    let mut recorder = HexSearch::new(GridOptions::DEFAULT.with_record_expansions(true)).unwrap();
    let _ = recorder.try_begin(&g, a, b);
    let _ = recorder.step(&g, 6).unwrap();
    let mut b6 = save(&recorder, &g);
    b6[HEADER + 13] = 0;
    b6[NESTED_AT + HEADER + 29] = 0;
    reseal_at(&mut b6, NESTED_AT);
    reseal_at(&mut b6, 0);
    let mut t = HexSearch::new(GridOptions::DEFAULT).unwrap();
    assert_eq!(
        t.restore_state(&g, &b6),
        Err(StateError::InvalidField {
            field: "hex_search.expanded"
        })
    );
    bad.push(("expanded list without recording", g.clone(), b6));
    // The zero estimate over open keys written with the hex distance: refused by kind 2.
    let mut b5 = good.clone();
    b5[HEADER] = 1;
    reseal_at(&mut b5, 0);
    bad.push(("estimate", g.clone(), b5));

    for (what, map, bytes) in bad {
        // Targets: idle, mid-search on `g`, finished on `g`.
        for pops in [0, 3, u32::MAX] {
            let mut t = HexSearch::new(GridOptions::DEFAULT.with_record_expansions(true)).unwrap();
            if pops > 0 {
                let _ = t.try_begin(&g, b, a);
                let _ = t.step(&g, pops).unwrap();
            }
            let before = save(&t, &g);
            let state = (t.state(), t.iterations(), t.cost().to_bits());
            let refused = t.restore_state(&map, &bytes);
            assert!(refused.is_err(), "{what} was accepted");
            assert_eq!(save(&t, &g), before, "{what}: a refusal changed the handle");
            assert_eq!((t.state(), t.iterations(), t.cost().to_bits()), state);
            // And the handle goes on as if nothing happened.
            if t.state() == Step::InProgress {
                assert_eq!(t.run_cancellable(&g, || false), Ok(Step::Found));
            }
        }
    }
    let mut t = HexSearch::new(GridOptions::DEFAULT).unwrap();
    let other = HexGrid::from_areas(
        g.width(),
        g.height(),
        HexLayout::FlatEvenColumn,
        g.cells().to_vec(),
    )
    .unwrap();
    assert!(matches!(
        t.restore_state(&other, &good),
        Err(StateError::MapMismatch { .. })
    ));
}

/// Hostile snapshots made from real saves (random bytes, all-ones words, option bits flipped),
/// resealed so the checksums hold: each is refused with the target unchanged, or continues to
/// a legal hex path at the fresh search's cost (the optimal options) — never a panic, a loop
/// or a worse answer.
#[test]
fn hostile_snapshots_are_refused_unchanged_or_continue_to_the_fresh_answer() {
    let mut rng = SplitMix64::new(28);
    let (mut tried, mut accepted) = (0u32, 0u32);
    for (i, g) in maps().into_iter().enumerate() {
        let Some((a, b)) = far_ends(&g) else { continue };
        let o = if i % 2 == 0 {
            GridOptions::DEFAULT
        } else {
            GridOptions::DEFAULT.with_heuristic(HeuristicKind::Zero)
        };
        for pops in [1u32, 4, 15, 60] {
            let mut s = HexSearch::new(o).unwrap();
            let _ = s.try_begin(&g, a, b);
            let _ = s.step(&g, pops).unwrap();
            let good = save(&s, &g);
            let payload = NESTED_AT + HEADER;
            let span = (good.len() - payload) as u32;
            for _ in 0..60 {
                let mut m = good.clone();
                match rng.below(4) {
                    0 => m[payload + rng.below(span) as usize] = rng.next_u64() as u8,
                    1 if span >= 4 => {
                        let at = payload + rng.below(span - 3) as usize;
                        m[at..at + 4].fill(0xff);
                    }
                    2 => m[HEADER + rng.below(14) as usize] ^= 1 << rng.below(8),
                    _ => m[payload + rng.below(span) as usize] ^= 1,
                }
                reseal_at(&mut m, NESTED_AT);
                reseal_at(&mut m, 0);
                tried += 1;
                let mut t = HexSearch::new(o).unwrap();
                let _ = t.try_begin(&g, b, a);
                let _ = t.step(&g, 2).unwrap();
                let before = save(&t, &g);
                if t.restore_state(&g, &m).is_err() {
                    assert_eq!(save(&t, &g), before, "a refusal changed the handle");
                    continue;
                }
                accepted += 1;
                let restored = *t.options();
                let Ok(end) = t.run_cancellable(&g, || false) else {
                    continue;
                };
                let path = t.to_path(&g).unwrap();
                if restored.weight > 1.0 {
                    continue;
                }
                let (s0, g0) = (path.cells.first().copied(), path.cells.last().copied());
                if end == Step::Found {
                    assert!(path.cells.windows(2).all(|w| adjacent(&g, w[0], w[1])));
                    assert!(path.cells.iter().all(|&c| g.is_walkable(c)));
                    let fresh = g.find_path(s0.unwrap(), g0.unwrap(), &restored).unwrap();
                    assert_eq!(path.cost.to_bits(), fresh.cost.to_bits(), "{pops} pops");
                } else {
                    assert_eq!(path.status, PathStatus::NoPath);
                }
            }
        }
    }
    assert!(
        tried > 2_000 && accepted > 0,
        "{tried} tried, {accepted} accepted"
    );
}

/// A refused begin keeps the running search; the refusal shows in `to_path` only while no
/// search ran, as `find_path` reports it.
#[test]
fn refusals_read_as_find_path_reads_them() {
    let g = HexGrid::from_text("..#\n...", HexLayout::PointyOddRow).unwrap();
    let mut s = HexSearch::new(GridOptions::DEFAULT).unwrap();
    assert_eq!(
        s.try_begin(&g, Cell::new(2, 0), Cell::new(0, 0)),
        Step::StartInvalid
    );
    let want = g.find_path(Cell::new(2, 0), Cell::new(0, 0), &GridOptions::DEFAULT);
    assert_eq!(s.to_path(&g), want);
    assert_eq!(
        s.try_begin(&g, Cell::new(0, 0), Cell::new(9, 0)),
        Step::GoalInvalid
    );
    assert_eq!(s.to_path(&g).unwrap().status, PathStatus::GoalInvalid);
    assert_eq!(
        s.try_begin(&g, Cell::new(0, 0), Cell::new(2, 1)),
        Step::InProgress
    );
    assert_eq!(
        s.try_begin(&g, Cell::new(0, 0), Cell::new(2, 0)),
        Step::GoalInvalid
    );
    assert_eq!(s.run_cancellable(&g, || false), Ok(Step::Found));
    assert_eq!(s.to_path(&g).unwrap().cells.last(), Some(&Cell::new(2, 1)));
    // Another grid is refused by `to_path`, and by `step` while a search runs.
    let other = HexGrid::new(4, 4, HexLayout::PointyOddRow).unwrap();
    assert!(s.to_path(&other).is_err());
}
