//! The navigation mesh on Moving AI maps at radius 0 (issue 29, "Proven by"): per map, the
//! engine's bake equals `navmesh_ref`'s byte for byte and passes the exact checker; every
//! sampled scenario (start and goal at cell centres) is `Found`, its path passes the exact
//! legality test (inside the walkable cells' closed squares, no squeeze through a pinch), is
//! compared with the published 8-connected optimum (within the file's printed precision,
//! `Scenario::length_tolerance`, on top of the relative 1e-9: the published lengths are rounded
//! to 5 decimals, so a path equal to the octile optimum may exceed the rounded figure by half a
//! unit of its last digit), and the mean ratio to the optimum is printed.
//!
//! Maps: the eight of the peers harness (`../shared/peers/README.md`: dao/arena2, dao/brc202d,
//! da2/ht_chantry, sc1/AcrosstheCape, bg512/AR0011SR, maze/maze512-4-0, random/random512-20-0,
//! room/32room_000) and one more sample per set named by the issue (dao/arena, bg512/AR0012SR,
//! room/16room_000, maze/maze512-1-0, sc1/Aurora). `sample_maps` (default) checks every 100th
//! scenario line of dao/arena2, bg512/AR0011SR, room/32room_000, maze/maze512-4-0, sc1/Aurora
//! and dao/arena; `never_longer_than_the_optimum` (ignored, see its note) every 10th line of
//! all thirteen maps; `ONEPATH_NAVMESH_FULL=1` makes both read every line
//! (`cargo test -p conformance --release --test navmesh_movingai -- --include-ignored
//! --nocapture`; `ONEPATH_NAVMESH_MAPS=arena2,AR0011SR` keeps only those maps). Missing data
//! is skipped visibly. Where the peers harness has run a map (`../shared/peers-nav/run.sh
//! navmesh MAP`), the mean length over its exact any-angle Polyanya lengths is printed too, and
//! no path may be shorter than Polyanya's.
//!
//! The bound "never longer than the published optimum" is asserted only by the ignored test:
//! the corridor search of docs §7 runs A* between portal midpoints, which is not the shortest
//! corridor, and the funnel through it can be longer than the 8-connected optimum (dao/arena2
//! line 502: 212.36 against 200.296; 63 of 3,980 lines over all thirteen maps, every 10th line,
//! worst 1.51× on sc1/AcrosstheCape line 2). `sample_maps` prints every such case and asserts
//! that the funnel is exact for the corridor it got (equal to `navmesh_ref::sleeve`).

mod navmesh_common;

use conformance::navmesh_ref::bake::bake;
use conformance::navmesh_ref::bytes::canonical_bytes;
use conformance::navmesh_ref::region::path_inside;
use conformance::navmesh_ref::sleeve::{portals, shortest_in_sleeve};
use conformance::navmesh_ref::{BakeInput, cell_center, path_length};
use navmesh_common::movingai::{
    SAMPLES, full, harness_lengths, harness_valid, load_map, within_optimum,
};
use navmesh_common::{check_engine, engine_bytes, first_difference, query};
use onepath::navmesh::NavSearch;
use onepath::search::Step;

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

#[derive(Default)]
struct Tally {
    queries: u64,
    /// Scenarios whose path is longer than the published optimum (beyond its precision).
    longer: u64,
    /// The largest such ratio.
    worst: f64,
    /// Scenarios with a Polyanya length from the peers harness.
    any_angle_queries: u64,
    /// Sum of length / Polyanya length.
    any_angle_sum: f64,
    ratio_sum: f64,
    ratio_max: f64,
}

/// Runs one map: bake against the reference and the checker, then every `every`th scenario.
fn run_map(name: &str, every: usize) -> Option<Tally> {
    let case = load_map("navmesh_movingai", name)?;
    let (map, grid, mesh, walkable) = (&case.map, &case.grid, &case.mesh, &case.walkable);
    let lines = case.lines();
    let (w, h) = (grid.width(), grid.height());
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
        &engine_bytes(mesh),
    ) {
        panic!("{name}: bytes differ: {d}");
    }
    check_engine(mesh, walkable).unwrap_or_else(|e| panic!("{name}: checker: {e}"));
    let set = |x: i64, y: i64| case.is_set(x, y);
    let mut t = Tally::default();
    let mut search = NavSearch::new();
    let verts: Vec<Vec<[i64; 2]>> = (0..mesh.poly_count())
        .map(|id| {
            mesh.polygon(id)
                .unwrap()
                .vertices()
                .iter()
                .map(|c| [i64::from(c[0]), i64::from(c[1])])
                .collect()
        })
        .collect();
    let links = reference.link_lists();
    let polyanya = harness_lengths(name, map, lines, &["cpp.cdt.txt"]).map(|(_, v)| v);
    let mut kept_line = 0usize;
    for (k, s) in lines.iter().enumerate() {
        // The peers harness's filter, to line its per-query lengths up with ours.
        let valid = harness_valid(map, s);
        let harness_index = kept_line;
        kept_line += usize::from(valid);
        if k % every != 0 || s.optimal_length <= 0.0 {
            continue;
        }
        let (a, b) = (
            cell_center(i64::from(s.start_x), i64::from(s.start_y)),
            cell_center(i64::from(s.goal_x), i64::from(s.goal_y)),
        );
        if !map.is_walkable(s.start_x, s.start_y) || !map.is_walkable(s.goal_x, s.goal_y) {
            continue;
        }
        let path = query(&mut search, mesh, a, b, 0);
        assert_eq!(path.step, Step::Found, "{name} line {}", s.line);
        let pts = path.points();
        let length = path.length.expect("a length once found");
        assert_eq!(
            (pts[0], *pts.last().unwrap()),
            (a, b),
            "{name} line {}",
            s.line
        );
        path_inside(&set, &pts).unwrap_or_else(|e| panic!("{name} line {}: {e}", s.line));
        assert_eq!(
            length.to_bits(),
            path_length(&pts).to_bits(),
            "{name} line {}: length",
            s.line
        );
        if !within_optimum(length, s) {
            // Above the published optimum: is the funnel still the shortest path through the
            // corridor it was given (then the corridor is to blame, docs §7), or not?
            let ports = portals(&verts, &links, &path.corridor).expect("a linked corridor");
            let (best, _) = shortest_in_sleeve(&ports, a, b).expect("a path through the portals");
            let funnel_ok = (length - best).abs() <= 1e-9 * best;
            eprintln!(
                "  {name} line {}: {length:.6} above the optimum {} (ratio {:.4}); corridor of {} polygons; shortest through its portals {best:.6} ({})",
                s.line,
                s.optimal_length,
                length / s.optimal_length,
                path.corridor.len(),
                if funnel_ok {
                    "the funnel is exact: the corridor is longer"
                } else {
                    "FUNNEL NOT SHORTEST"
                }
            );
            assert!(
                funnel_ok,
                "{name} line {}: funnel {length} vs {best}",
                s.line
            );
            t.longer += 1;
            t.worst = t.worst.max(length / s.optimal_length);
        }
        let r = length / s.optimal_length;
        t.queries += 1;
        t.ratio_sum += r;
        t.ratio_max = t.ratio_max.max(r);
        if let Some(p) = polyanya.as_ref().and_then(|v| v.get(harness_index)) {
            // Polyanya is optimal under the same rules: nothing legal is shorter.
            assert!(
                length >= p * (1.0 - 1e-6) - 1e-6,
                "{name} line {}: {length} below Polyanya's optimum {p}",
                s.line
            );
            t.any_angle_queries += 1;
            t.any_angle_sum += length / p;
        }
    }
    eprintln!(
        "{name}: {} polygons, {} tiles; {} scenarios (every {every}th line): mean length / 8-connected optimum {:.6}, max {:.6}; {} longer than the optimum",
        mesh.poly_count(),
        mesh.tile_count(),
        t.queries,
        t.ratio_sum / t.queries.max(1) as f64,
        t.ratio_max,
        t.longer
    );
    if t.any_angle_queries > 0 {
        eprintln!(
            "{name}: mean length / Polyanya (GPPC 2023 C++, the peers harness's last run) {:.6} over {} scenarios",
            t.any_angle_sum / t.any_angle_queries as f64,
            t.any_angle_queries
        );
    }
    Some(t)
}

/// The default sample: one map of each set the issue names plus three of the peers harness.
const DEFAULT_SAMPLE: [&str; 6] = [
    "dao/arena2",
    "bg512/AR0011SR",
    "room/32room_000",
    "maze/maze512-4-0",
    "sc1/Aurora",
    "dao/arena",
];

/// Legality, funnel exactness and bake equality (asserted); paths above the optimum counted
/// and printed (see `never_longer_than_the_optimum`).
#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn sample_maps() {
    let every = if full() { 1 } else { 100 };
    let (mut queries, mut longer) = (0, 0);
    for name in DEFAULT_SAMPLE {
        if let Some(t) = run_map(name, every) {
            assert!(t.queries > 0, "{name}: no scenario checked");
            queries += t.queries;
            longer += t.longer;
        }
    }
    eprintln!("sample_maps: {queries} scenarios, {longer} longer than the published optimum");
}

/// The bound: never longer than the published 8-connected optimum. It does not hold
/// for the corridor of docs §7 (A* between portal midpoints is not the shortest corridor);
/// `sample_maps` prints each case with the proof that the funnel is exact for the corridor it
/// was given.
#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
#[cfg_attr(
    not(onepath_no_data),
    ignore = "known to fail for NavAlgorithm::Corridor: the §7 midpoint corridor gives paths above the 8-connected optimum (63 of 3,980 sampled lines, worst 1.51×); the default, Polyanya, is held to the optimum by navmesh_polyanya_movingai"
)]
fn never_longer_than_the_optimum() {
    let every = if full() { 1 } else { 10 };
    let mut longer = 0;
    // `ONEPATH_NAVMESH_MAPS=arena2,AR0011SR` keeps the maps whose name contains one of the words.
    let only = std::env::var("ONEPATH_NAVMESH_MAPS").unwrap_or_default();
    for name in PEERS.iter().chain(SAMPLES.iter()) {
        if !only.is_empty() && !only.split(',').any(|w| name.contains(w)) {
            eprintln!("skipped: {name} (not in ONEPATH_NAVMESH_MAPS={only})");
            continue;
        }
        if let Some(t) = run_map(name, every) {
            longer += t.longer;
        }
    }
    assert_eq!(longer, 0, "paths longer than the published optimum");
}
