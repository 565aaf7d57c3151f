//! The navigation mesh on Moving AI maps at radius 0 (issue 29, "Proven by"): per map, the
//! engine's bake equals `navmesh_ref`'s byte for byte and passes the exact checker; every
//! sampled scenario (start and goal at cell centres) is `Found`, its path passes the exact
//! legality test (inside the walkable cells' closed squares, no squeeze through a pinch), is
//! never longer than the published 8-connected optimum (within the file's printed precision,
//! `Scenario::length_tolerance`: the published lengths are rounded to 5 decimals, so a path
//! that equals the octile optimum may exceed the rounded figure by half a unit of its last
//! digit), and the mean ratio to the optimum is printed.
//!
//! Maps: the eight of the peers harness (`../shared/peers/README.md`: dao/arena2, dao/brc202d,
//! da2/ht_chantry, sc1/AcrosstheCape, bg512/AR0011SR, maze/maze512-4-0, random/random512-20-0,
//! room/32room_000) and one more sample per set named by the issue (dao/arena, bg512/AR0012SR,
//! room/16room_000, maze/maze512-1-0, sc1/Aurora). The default run takes every 100th scenario
//! line of the small-set sample (`sample_*`); `ONEPATH_NAVMESH_FULL=1` runs every line of every
//! map (`cargo test -p conformance --release --test navmesh_movingai -- --ignored --nocapture`
//! for `all_maps_every_line`). Missing data is skipped visibly.

mod navmesh_common;

use conformance::navmesh_ref::bake::bake;
use conformance::navmesh_ref::bytes::canonical_bytes;
use conformance::navmesh_ref::region::path_inside;
use conformance::navmesh_ref::{BakeInput, cell_center, path_length};
use navmesh_common::{check_engine, engine_bytes, first_difference};
use onepath::PathStatus;
use onepath::navmesh::{NavMesh, NavPoint, NavSettings};
use onepath_std::data::movingai_dir;
use onepath_std::movingai::MovingAiOptions;
use onepath_std::movingai::files::{map_path_for, read_map, read_scenarios};

/// The peers harness's eight maps.
const PEERS: [&str; 8] = [
    "dao/arena2",
    "dao/brc202d",
    "da2/ht_chantry",
    "sc1/AcrosstheCape",
    "bg512/AR0011SR",
    "maze/maze512-4-0",
    "random/random512-20-0",
    "room/32room_000",
];
/// One more sample of each set the issue names.
const SAMPLES: [&str; 5] = [
    "dao/arena",
    "bg512/AR0012SR",
    "room/16room_000",
    "maze/maze512-1-0",
    "sc1/Aurora",
];

#[derive(Default)]
struct Tally {
    queries: u64,
    ratio_sum: f64,
    ratio_max: f64,
}

/// Runs one map: bake against the reference and the checker, then every `every`th scenario.
fn run_map(name: &str, every: usize) -> Option<Tally> {
    let Some(dir) = movingai_dir() else {
        eprintln!("skipped: navmesh_movingai: Moving AI data not found (../shared/data/movingai)");
        return None;
    };
    let scen_path = dir.join(format!("{name}.map.scen"));
    if !scen_path.is_file() {
        eprintln!(
            "skipped: navmesh_movingai: {} is missing",
            scen_path.display()
        );
        return None;
    }
    let scen = read_scenarios(&scen_path).expect("a valid scenario file");
    let lines = scen.scenarios();
    let map_path = map_path_for(&scen_path, lines[0].map_name()).expect("the map file");
    let map = read_map(&map_path, &MovingAiOptions::DEFAULT).expect("a valid map");
    let grid = map.to_grid().expect("a grid");
    let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).expect("a bake");
    let (w, h) = (grid.width(), grid.height());
    let walkable: Vec<bool> = grid.cells().iter().map(|&a| a != 255).collect();
    let input = BakeInput {
        width: w,
        height: h,
        walkable: walkable.clone(),
        cell_size: grid.space().cell_size(),
        origin: (grid.space().origin().x, grid.space().origin().y),
        radius: 0.0,
        tile_size: 32,
        area: 0,
    };
    let reference = bake(&input);
    if let Some(d) = first_difference(
        &reference,
        &canonical_bytes(&reference),
        &engine_bytes(&mesh),
    ) {
        panic!("{name}: bytes differ: {d}");
    }
    check_engine(&mesh, &walkable).unwrap_or_else(|e| panic!("{name}: checker: {e}"));
    let (wi, hi) = (i64::from(w), i64::from(h));
    let set =
        |x: i64, y: i64| x >= 0 && y >= 0 && x < wi && y < hi && walkable[(y * wi + x) as usize];
    let mut t = Tally::default();
    for (k, s) in lines.iter().enumerate() {
        if k % every != 0 || s.optimal_length <= 0.0 {
            continue;
        }
        let (a, b) = (
            cell_center(i64::from(s.start_x), i64::from(s.start_y)),
            cell_center(i64::from(s.goal_x), i64::from(s.goal_y)),
        );
        let path =
            mesh.find_path_points(NavPoint { x: a[0], y: a[1] }, NavPoint { x: b[0], y: b[1] });
        assert_eq!(path.status, PathStatus::Found, "{name} line {}", s.line);
        let pts: Vec<[i64; 2]> = path
            .waypoints
            .iter()
            .map(|w| [w.point.x, w.point.y])
            .collect();
        assert_eq!(
            (pts[0], *pts.last().unwrap()),
            (a, b),
            "{name} line {}",
            s.line
        );
        path_inside(&set, &pts).unwrap_or_else(|e| panic!("{name} line {}: {e}", s.line));
        assert_eq!(
            path.length.to_bits(),
            path_length(&pts).to_bits(),
            "{name} line {}: length",
            s.line
        );
        assert!(
            path.length <= s.optimal_length * (1.0 + 1e-9) + s.length_tolerance(),
            "{name} line {}: {} above the optimum {}",
            s.line,
            path.length,
            s.optimal_length
        );
        let r = path.length / s.optimal_length;
        t.queries += 1;
        t.ratio_sum += r;
        t.ratio_max = t.ratio_max.max(r);
    }
    eprintln!(
        "{name}: {} polygons, {} tiles; {} scenarios (every {every}th line): mean length / 8-connected optimum {:.6}, max {:.6}",
        mesh.poly_count(),
        mesh.tile_count(),
        t.queries,
        t.ratio_sum / t.queries.max(1) as f64,
        t.ratio_max
    );
    Some(t)
}

fn full() -> bool {
    std::env::var("ONEPATH_NAVMESH_FULL").is_ok_and(|v| v == "1")
}

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn sample_small_maps() {
    let every = if full() { 1 } else { 100 };
    for name in [
        "dao/arena",
        "dao/arena2",
        "room/32room_000",
        "bg512/AR0011SR",
    ] {
        if let Some(t) = run_map(name, every) {
            assert!(t.queries > 0, "{name}: no scenario checked");
        }
    }
}

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
#[cfg_attr(
    not(onepath_no_data),
    ignore = "thirteen maps, every scenario line: minutes in release"
)]
fn all_maps_every_line() {
    let every = if full() { 1 } else { 10 };
    for name in PEERS.iter().chain(SAMPLES.iter()) {
        run_map(name, every);
    }
}
