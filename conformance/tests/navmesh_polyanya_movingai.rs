//! `PolyanyaSearch` on Moving AI maps at radius 0 (issue 30, "Proven by"): every scenario
//! checked is `Found`, its path is legal (exact test: inside the walkable cells' closed squares,
//! no squeeze through a pinch), its length bits are the waypoints' length (docs §1), it is
//! **never longer than the published 8-connected optimum** (+1e-9 relative, plus the file's
//! printed precision, `Scenario::length_tolerance`, as `navmesh_movingai.rs` allows: the
//! published lengths are rounded), the funnel over its corridor is no longer (+1e-9
//! relative), and, where the peers harness has dumped the GPPC 2023 C++ Polyanya's lengths for
//! the map (`$PEERS_NAV_WORK/navmesh/SET_MAP/cpp.rect.txt`, else `cpp.cdt.txt`; default
//! `/tmp/onepath-peers-nav`; one `%f` line per scenario line whose endpoints are walkable,
//! `-1` for none), it equals that length within 1e-6 relative (+5e-7 for the file's six
//! printed decimals). Those are other meshes of the same region, so the optimum is the same.
//!
//! - `peers_maps_every_line`: every line of the five peers-harness maps (dao/arena2,
//!   dao/brc202d, bg512/AR0011SR, sc1/AcrosstheCape, room/32room_000).
//! - `sampled_sets`: every 10th line of one more map per set (dao/arena, bg512/AR0012SR,
//!   room/16room_000, maze/maze512-1-0, sc1/Aurora).
//!
//! Missing data or lengths are skipped visibly. A debug build reads every 10th (peers) and
//! every 50th (samples) line unless `ONEPATH_NAVMESH_FULL=1`; the full run is a release run
//! (`cargo test -p conformance --release --test navmesh_polyanya_movingai -- --nocapture`,
//! about 2.5 minutes on the 2-core machine).

mod navmesh_common;

use conformance::navmesh_ref::region::path_inside;
use conformance::navmesh_ref::{cell_center, path_length};
use navmesh_common::movingai::{
    SAMPLES, full, harness_lengths, harness_valid, load_map, within_optimum,
};
use onepath::navmesh::{NavPoint, PolyanyaSearch};
use onepath::search::Step;
use onepath_std::movingai::{MovingAiMap, Scenario};

const PEERS: [&str; 5] = [
    "dao/arena2",
    "dao/brc202d",
    "bg512/AR0011SR",
    "sc1/AcrosstheCape",
    "room/32room_000",
];

/// The C++ Polyanya's lengths for the map's valid lines, or `None` (printed).
fn cpp_lengths(name: &str, map: &MovingAiMap, lines: &[Scenario]) -> Option<Vec<f64>> {
    let (file, v) = harness_lengths(name, map, lines, &["cpp.rect.txt", "cpp.cdt.txt"])?;
    eprintln!("{name}: comparing with the C++ Polyanya lengths of {file}");
    Some(v)
}

/// Runs every `every`th line of a map; returns the number of lines checked.
fn run_map(name: &str, every: usize) -> Option<u64> {
    let case = load_map("navmesh_polyanya_movingai", name)?;
    let (map, mesh) = (&case.map, &case.mesh);
    let lines = case.lines();
    let set = |x: i64, y: i64| case.is_set(x, y);
    let cpp = cpp_lengths(name, map, lines);
    let mut search = PolyanyaSearch::new();
    let mut out = Vec::new();
    let (mut checked, mut kept_line) = (0u64, 0usize);
    let (mut ratio_sum, mut cpp_max_rel, mut at_optimum) = (0.0f64, 0.0f64, 0u64);
    for (k, s) in lines.iter().enumerate() {
        let valid = harness_valid(map, s);
        let harness_index = kept_line;
        kept_line += usize::from(valid);
        if k % every != 0 || !valid || s.optimal_length <= 0.0 {
            continue;
        }
        let (a, b) = (
            cell_center(i64::from(s.start_x), i64::from(s.start_y)),
            cell_center(i64::from(s.goal_x), i64::from(s.goal_y)),
        );
        let ctx = format!("{name} line {}", s.line);
        let _ = search.try_begin(mesh, NavPoint::new(a[0], a[1]), NavPoint::new(b[0], b[1]));
        assert_eq!(search.run(mesh), Step::Found, "{ctx}");
        let length = search.length().expect("found");
        let pts: Vec<[i64; 2]> = search.waypoints().iter().map(|p| [p.x, p.y]).collect();
        assert_eq!((pts[0], *pts.last().unwrap()), (a, b), "{ctx}");
        path_inside(&set, &pts).unwrap_or_else(|e| panic!("{ctx}: {e}"));
        assert_eq!(
            length.to_bits(),
            path_length(&pts).to_bits(),
            "{ctx}: length bits"
        );
        assert!(
            within_optimum(length, s),
            "{ctx}: {length} longer than the published optimum {}",
            s.optimal_length
        );
        let funnel = search.funnel_waypoints(&mut out).expect("found");
        assert!(
            funnel <= length * (1.0 + 1e-9),
            "{ctx}: funnel {funnel} > {length}"
        );
        if let Some(p) = cpp.as_ref().map(|v| v[harness_index]) {
            assert!(p >= 0.0, "{ctx}: the C++ found no path, we found {length}");
            let rel = (length - p).abs() / p;
            assert!(
                (length - p).abs() <= 1e-6 * p + 5e-7,
                "{ctx}: {length} vs the C++ Polyanya's {p}"
            );
            cpp_max_rel = cpp_max_rel.max(rel);
        }
        if s.length_matches(length) {
            at_optimum += 1;
        }
        ratio_sum += length / s.optimal_length;
        checked += 1;
    }
    eprintln!(
        "{name}: {} polygons; {checked} lines (every {every}th): mean length / 8-connected optimum {:.6}, {at_optimum} equal to it; largest relative difference to the C++ {}",
        mesh.poly_count(),
        ratio_sum / checked.max(1) as f64,
        if cpp.is_some() {
            format!("{cpp_max_rel:.2e}")
        } else {
            "(no C++ lengths)".into()
        }
    );
    Some(checked)
}

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn peers_maps_every_line() {
    let every = if cfg!(debug_assertions) && !full() {
        eprintln!(
            "debug build: every 10th line (release, or ONEPATH_NAVMESH_FULL=1, reads every line)"
        );
        10
    } else {
        1
    };
    for name in PEERS {
        if let Some(n) = run_map(name, every) {
            assert!(n > 0, "{name}: no line checked");
        }
    }
}

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn sampled_sets() {
    let every = if cfg!(debug_assertions) && !full() {
        eprintln!("debug build: every 50th line (release, or ONEPATH_NAVMESH_FULL=1: every 10th)");
        50
    } else {
        10
    };
    for name in SAMPLES {
        if let Some(n) = run_map(name, every) {
            assert!(n > 0, "{name}: no line checked");
        }
    }
}

/// Query time (printed, nothing asserted): mean µs per scenario line of dao/arena2 and
/// bg512/AR0011SR, all lines, 20 warm-up queries first as the peers harness's Rust side does,
/// best of 3 passes; beside it the corridor search + funnel (`NavSearch`) on the same mesh.
/// Run in release: `cargo test -p conformance --release --test navmesh_polyanya_movingai
/// query_time -- --ignored --nocapture`.
#[test]
#[ignore = "a timing run; release only"]
fn query_time() {
    use onepath::navmesh::NavSearch;
    let maps: Vec<String> = std::env::var("ONEPATH_NAVMESH_MAPS").map_or_else(
        |_| vec!["dao/arena2".into(), "bg512/AR0011SR".into()],
        |v| v.split(',').map(String::from).collect(),
    );
    for name in &maps {
        let Some(case) = load_map("query_time", name) else {
            continue;
        };
        let (map, mesh) = (&case.map, &case.mesh);
        let lines = case.lines();
        let q: Vec<(NavPoint, NavPoint)> = lines
            .iter()
            .filter(|s| {
                map.is_walkable(s.start_x, s.start_y) && map.is_walkable(s.goal_x, s.goal_y)
            })
            .map(|s| {
                let a = cell_center(i64::from(s.start_x), i64::from(s.start_y));
                let b = cell_center(i64::from(s.goal_x), i64::from(s.goal_y));
                (NavPoint::new(a[0], a[1]), NavPoint::new(b[0], b[1]))
            })
            .collect();
        let mut poly = PolyanyaSearch::new();
        let mut corridor = NavSearch::new();
        for &(a, b) in q.iter().take(20) {
            let _ = poly.try_begin(mesh, a, b);
            let _ = poly.run(mesh);
            let _ = corridor.try_begin(mesh, a, b);
            let _ = corridor.run(mesh);
        }
        let (mut best_p, mut best_c) = (f64::INFINITY, f64::INFINITY);
        let (mut nodes, mut pops, mut sum_p, mut sum_c) = (0usize, 0u64, 0.0, 0.0);
        for _ in 0..3 {
            let t = std::time::Instant::now();
            nodes = 0;
            pops = 0;
            sum_p = 0.0;
            for &(a, b) in &q {
                let _ = poly.try_begin(mesh, a, b);
                let _ = poly.run(mesh);
                nodes += poly.nodes_created();
                pops += poly.iterations();
                sum_p += poly.length().unwrap_or(0.0);
            }
            best_p = best_p.min(t.elapsed().as_secs_f64() * 1e6 / q.len() as f64);
            let t = std::time::Instant::now();
            sum_c = 0.0;
            for &(a, b) in &q {
                let _ = corridor.try_begin(mesh, a, b);
                let _ = corridor.run(mesh);
                sum_c += corridor.length().unwrap_or(0.0);
            }
            best_c = best_c.min(t.elapsed().as_secs_f64() * 1e6 / q.len() as f64);
        }
        eprintln!(
            "{name}: {} polygons, {} queries: Polyanya {best_p:.1} µs/query ({:.0} nodes, {:.0} pops per query), corridor+funnel {best_c:.1} µs/query; total length corridor / Polyanya {:.5}",
            mesh.poly_count(),
            q.len(),
            nodes as f64 / q.len() as f64,
            pops as f64 / q.len() as f64,
            sum_c / sum_p
        );
    }
}
