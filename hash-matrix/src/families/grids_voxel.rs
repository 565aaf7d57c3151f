//! `grids/voxel/*`: voxel grids (tier 1 `VoxelGrid::find_path` over the paged search, and
//! tier 2 `AStar` over `VoxelTopology` in slices) on generated blocks that cross 16³ chunk
//! and 8³ page borders: 6, 18 and 26 moves × the three corner rules, uniform and mixed area
//! costs.
//!
//! Saved-and-restored runs (`c26-ncc-rec~snap1`, `~snapmid`, for each corner rule) stop a
//! tier-1 `VoxelSearch` after one pop or half its pops, save it (snapshot kind 11), restore it
//! into a fresh handle on the grid rebuilt from its own kind-10 snapshot, and run on; the
//! record carries the size and FNV-1a 64 of the kind-11 bytes, and everything else equals the
//! never-stopped run (asserted).
//!
//! Path and expansion digests use the voxel node index `x + sx * (y + sy * z)`; the map record
//! holds `w = sx`, `h = sy * sz` and the area bytes in node order.

use onepath::math::SplitMix64;
use onepath::search::{AStar, Step};
use onepath::topology::DefaultStepCost;
use onepath::voxel::{
    VoxelConnectivity, VoxelCornerRule, VoxelGrid, VoxelHeuristic, VoxelTopology,
};
use onepath::{PathStatus, VoxelCell, VoxelOptions, VoxelPath, VoxelSearch};

use crate::digest::Digest;
use crate::record::{MapRecord, QueryRecord};
use crate::registry::Scenario;

struct Case {
    name: &'static str,
    size: (u32, u32, u32),
    solid_percent: u64,
    costs: &'static [(u8, f64)],
    seed: u64,
}

const CASES: &[Case] = &[
    Case {
        name: "sparse10-20x18x17-s1",
        size: (20, 18, 17),
        solid_percent: 10,
        costs: &[],
        seed: 1,
    },
    Case {
        name: "dense35-33x17x9-s2",
        size: (33, 17, 9),
        solid_percent: 35,
        costs: &[],
        seed: 2,
    },
    Case {
        name: "terrain25-24x24x24-s3",
        size: (24, 24, 24),
        solid_percent: 25,
        costs: &[(1, 0.5), (2, 2.0), (3, 3.25)],
        seed: 3,
    },
];

fn build(c: &Case) -> VoxelGrid {
    let mut rng = SplitMix64::new(c.seed);
    let (sx, sy, sz) = c.size;
    let mut g = VoxelGrid::new(sx, sy, sz).expect("valid size");
    for i in 0..g.voxel_count() {
        let r = rng.next_u64() % 100;
        let a = if r < c.solid_percent {
            255
        } else {
            (r % 4) as u8
        };
        g.set_area(g.cell_of(i), a).expect("inside");
    }
    for &(a, m) in c.costs {
        g.set_area_cost(a, m).expect("valid multiplier");
    }
    g
}

fn record(grid: &VoxelGrid, p: &VoxelPath) -> QueryRecord {
    let node = |c: &VoxelCell| grid.index_of(*c).expect("path voxel inside");
    let cells: Vec<u32> = p.cells.iter().map(node).collect();
    let mut r = QueryRecord {
        status: p.status,
        cost_bits: p.cost.to_bits(),
        iterations: p.iterations,
        expansions: p.expansions,
        path: Digest::of_u32s(&cells),
        algorithm: None,
        expanded: None,
        snapshot: None,
    };
    if !p.expanded.is_empty() {
        let e: Vec<u32> = p.expanded.iter().map(node).collect();
        r = r.with_expanded(&e);
    }
    r
}

fn sliced(
    grid: &VoxelGrid,
    o: &VoxelOptions,
    a: VoxelCell,
    b: VoxelCell,
    budget: u32,
) -> QueryRecord {
    let topo = VoxelTopology::new(grid, o.connectivity, o.corner_rule);
    let mut s = AStar::new(DefaultStepCost, VoxelHeuristic::new(grid, o.connectivity));
    let (sa, sb) = (grid.index_of(a), grid.index_of(b));
    let begin = match (sa, sb) {
        (Some(x), Some(y)) => s.try_begin(&topo, x, y),
        (None, _) => Step::StartInvalid,
        (Some(_), None) => Step::GoalInvalid,
    };
    let status = match begin {
        Step::StartInvalid => return QueryRecord::refused(PathStatus::StartInvalid),
        Step::GoalInvalid => return QueryRecord::refused(PathStatus::GoalInvalid),
        _ => {
            while s.step(&topo, budget) == Step::InProgress {}
            if s.state() == Step::Found {
                PathStatus::Found
            } else {
                PathStatus::NoPath
            }
        }
    };
    QueryRecord {
        status,
        cost_bits: s.cost().to_bits(),
        iterations: s.iterations(),
        expansions: s.expansions(),
        path: Digest::of_u32s(&s.path()),
        algorithm: None,
        expanded: None,
        snapshot: None,
    }
}

/// The run of `o` from `a` to `b` stopped after `at` pops (`None`: half of `whole`'s), saved,
/// restored on the grid rebuilt from its own snapshot, and run on; `None` when it never stops.
fn restored(
    grid: &VoxelGrid,
    o: &VoxelOptions,
    (a, b): (VoxelCell, VoxelCell),
    at: Option<u32>,
    whole: &VoxelPath,
) -> Option<QueryRecord> {
    let at = at.unwrap_or(whole.iterations / 2).max(1);
    if whole.iterations <= at {
        return None;
    }
    let mut s = VoxelSearch::new(*o);
    let _ = s.start(grid, a, b);
    let _ = s.step(grid, at).expect("the grid it began on");
    let mut bytes = vec![0u8; s.state_size()];
    s.save_state(grid, &mut bytes).expect("sized");
    let mut grid_bytes = vec![0u8; grid.state_size()];
    grid.save_state(&mut grid_bytes).expect("sized");
    let rebuilt = VoxelGrid::from_state(&grid_bytes).expect("the grid's own snapshot restores");
    let mut r = VoxelSearch::new(VoxelOptions::SIX_CONNECTED);
    r.restore_state(&rebuilt, &bytes)
        .expect("a voxel search restores its own snapshot");
    while r.step(&rebuilt, u32::MAX).expect("unedited") == Step::InProgress {}
    let twin = record(&rebuilt, &r.to_path());
    let mut rec = record(grid, whole);
    assert_eq!(
        twin.outcome_fields(),
        rec.outcome_fields(),
        "restored voxel search differs from the never-stopped one"
    );
    rec.snapshot = Some(Digest::of_bytes(&bytes));
    Some(rec)
}

fn variants() -> Vec<(String, VoxelOptions)> {
    let mut v = Vec::new();
    for (cn, c) in [
        ("c6", VoxelConnectivity::Six),
        ("c18", VoxelConnectivity::Eighteen),
        ("c26", VoxelConnectivity::TwentySix),
    ] {
        for (rn, r) in [
            ("ncc", VoxelCornerRule::NoCornerCutting),
            ("nsq", VoxelCornerRule::NoSqueezing),
            ("all", VoxelCornerRule::AllowAll),
        ] {
            let o = VoxelOptions::DEFAULT
                .with_connectivity(c)
                .with_corner_rule(r);
            v.push((format!("{cn}-{rn}"), o));
        }
    }
    v
}

/// The scenarios of `grids/voxel`.
pub fn scenarios() -> Vec<Scenario> {
    CASES
        .iter()
        .map(|c| {
            let name = format!("grids/voxel/{}", c.name);
            Scenario::new(
                name,
                "6/18/26 moves x corner rules, tier 1 and sliced tier 2",
                move |rec| {
                    let grid = build(c);
                    let areas: Vec<u8> = (0..grid.voxel_count())
                        .map(|i| grid.area(grid.cell_of(i)).expect("inside"))
                        .collect();
                    let bytes: Vec<u32> = areas.iter().map(|&a| u32::from(a)).collect();
                    let (sx, sy, sz) = grid.size();
                    rec.map(
                        "map",
                        MapRecord {
                            width: sx,
                            height: sy * sz,
                            open: areas.iter().filter(|&&a| a != 255).count() as u32,
                            cells: Digest::of_u32s(&bytes),
                        },
                    );
                    let mut rng = SplitMix64::new(c.seed ^ 0xABCD);
                    let n = u64::from(grid.voxel_count());
                    let mut queries: Vec<(String, VoxelCell, VoxelCell)> = (0..4)
                        .map(|k| {
                            let mut open = || {
                                // The first open voxel drawn (bounded; the blocks are mostly
                                // open).
                                let mut c = grid.cell_of((rng.next_u64() % n) as u32);
                                for _ in 0..64 {
                                    if grid.is_walkable(c) {
                                        break;
                                    }
                                    c = grid.cell_of((rng.next_u64() % n) as u32);
                                }
                                c
                            };
                            let (a, b) = (open(), open());
                            (format!("q{k}"), a, b)
                        })
                        .collect();
                    let corner = VoxelCell::new(sx as i32 - 1, sy as i32 - 1, sz as i32 - 1);
                    queries.push(("corners".into(), VoxelCell::new(0, 0, 0), corner));
                    queries.push(("outside".into(), VoxelCell::new(-1, 0, 0), corner));
                    for (vn, o) in variants() {
                        for (qn, a, b) in &queries {
                            let p = grid.find_path(*a, *b, &o);
                            rec.query(&vn, qn, record(&grid, &p));
                        }
                    }
                    let o = VoxelOptions::DEFAULT.with_record_expansions(true);
                    for (qn, a, b) in &queries {
                        rec.query(
                            "c26-ncc-rec",
                            qn,
                            record(&grid, &grid.find_path(*a, *b, &o)),
                        );
                        rec.query(
                            "c26-ncc-b8",
                            qn,
                            record(&grid, &grid.find_path(*a, *b, &o.with_iteration_budget(8))),
                        );
                        for (rn, r) in [
                            ("ncc", VoxelCornerRule::NoCornerCutting),
                            ("nsq", VoxelCornerRule::NoSqueezing),
                            ("all", VoxelCornerRule::AllowAll),
                        ] {
                            let o = o.with_corner_rule(r);
                            let whole = grid.find_path(*a, *b, &o);
                            for (sn, at) in [("1", Some(1)), ("mid", None)] {
                                if let Some(rec_) = restored(&grid, &o, (*a, *b), at, &whole) {
                                    rec.query(&format!("c26-{rn}-rec~snap{sn}"), qn, rec_);
                                }
                            }
                        }
                        for budget in [1, 7, 50] {
                            rec.query(
                                &format!("tier2-c26-ncc-s{budget}"),
                                qn,
                                sliced(&grid, &VoxelOptions::DEFAULT, *a, *b, budget),
                            );
                        }
                    }
                },
            )
        })
        .collect()
}
