//! `onepath navmesh --alg polyanya` and `onepath optima --alg polyanya` through the real
//! binary (issue 30): the pictures and the JSON show Polyanya's answer — tier 1's
//! `NavAlgorithm::Polyanya` path, its exact length, no longer than the corridor search's — and
//! on Moving AI data every scenario is legal and never longer than the published 8-connected
//! optimum (the target the corridor search misses, `navmesh_cli.rs`).

use std::fs;

use assert_cmd::cargo::cargo_bin_cmd;
use onepath::navmesh::{NavMesh, NavPoint, NavSettings};
use onepath::{Cell, Grid, NavAlgorithm};
use serde_json::Value;

mod navmesh_common;
use navmesh_common::{draw, pinch, read_json, run, total_row};

/// The bundled map (`onepath-cli/src/default_map.txt`) as a grid.
fn bundled_grid() -> Grid {
    Grid::from_text(include_str!("../src/default_map.txt")).unwrap()
}

/// The default query drawn by Polyanya: the JSON's waypoints, corridor and length are tier 1's
/// `find_path_points_with(.., Polyanya)` bit for bit (also what no `--alg` draws, as
/// `find_path`'s default), the length is no longer than the corridor search's
/// (`--alg corridor`), the SVG draws that path, and the PNG differs from the corridor's
/// exactly when the paths do.
#[test]
fn bundled_map_draws_the_polyanya_path() {
    let (text, doc, svg, png) = draw(Some("polyanya"));
    assert!(
        text.contains("query (3,3) -> (58,43): found by polyanya, length "),
        "{text}"
    );
    assert_eq!(doc["algorithm"], "polyanya");
    let mesh = NavMesh::build_2d(&bundled_grid(), &NavSettings::DEFAULT).unwrap();
    let (a, b) = (
        NavPoint::cell_center(Cell::new(3, 3)),
        NavPoint::cell_center(Cell::new(58, 43)),
    );
    let want = mesh.find_path_points_with(a, b, NavAlgorithm::Polyanya);
    assert!(want.is_found());
    let q = &doc["query"];
    assert_eq!(q["status"], "Found");
    assert_eq!(
        q["length"].as_f64().unwrap().to_bits(),
        want.length.to_bits()
    );
    let fixed: Vec<(i64, i64, u64)> = q["waypoints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["fixed"][0].as_i64().unwrap(),
                w["fixed"][1].as_i64().unwrap(),
                w["polygon"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected: Vec<(i64, i64, u64)> = want
        .waypoints
        .iter()
        .map(|w| (w.point.x, w.point.y, u64::from(w.polygon)))
        .collect();
    assert_eq!(fixed, expected);
    let corridor: Vec<u64> = q["corridor"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(
        corridor,
        want.corridor
            .iter()
            .map(|&p| u64::from(p))
            .collect::<Vec<_>>()
    );
    assert_eq!(q["iterations"].as_u64().unwrap(), want.iterations);
    // The SVG's path polyline passes through every waypoint (in pixels: 4 per cell).
    let line = svg
        .split(r#"<polyline id="path""#)
        .nth(1)
        .and_then(|t| t.split("points=\"").nth(1))
        .and_then(|t| t.split('"').next())
        .unwrap_or_else(|| panic!("no path polyline in the SVG"));
    assert_eq!(line.split_whitespace().count(), fixed.len(), "{line}");

    // The default draws Polyanya's path; `--alg corridor` is never shorter.
    let (_, default, _, _) = draw(None);
    assert_eq!(default["algorithm"], "polyanya");
    assert_eq!(default["query"], doc["query"]);
    let (_, cheap, _, cheap_png) = draw(Some("corridor"));
    assert_eq!(cheap["algorithm"], "corridor");
    let cheap_len = cheap["query"]["length"].as_f64().unwrap();
    assert!(
        want.length <= cheap_len * (1.0 + 1e-9),
        "{} vs {cheap_len}",
        want.length
    );
    let same_path = cheap["query"]["waypoints"] == q["waypoints"]
        && cheap["query"]["corridor"] == q["corridor"];
    assert_eq!(png == cheap_png, same_path);
}

/// A room with a hook-shaped wall where the corridor search's midpoint prices pick the long
/// way round (docs/navmesh.md, "Choosing the algorithm"): `--alg polyanya` takes the short way.
#[test]
fn polyanya_takes_the_short_way_the_corridor_misses() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("hook.txt");
    fs::write(&map, "..........\n.###......\n...#......\n..........\n").unwrap();
    let m = map.to_str().unwrap();
    let json = dir.path().join("q.json");
    let j = json.to_str().unwrap();
    let length = |alg: &str| {
        let (text, _) = run(
            &[
                "navmesh", "--map", m, "--from", "0,3", "--to", "5,0", "--alg", alg, "--json", j,
            ],
            0,
        );
        assert!(text.contains(&format!("found by {alg}")), "{text}");
        let doc = read_json(&json);
        let turns: Vec<(f64, f64)> = doc["query"]["waypoints"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| (w["x"].as_f64().unwrap(), w["y"].as_f64().unwrap()))
            .collect();
        (doc["query"]["length"].as_f64().unwrap(), turns)
    };
    let (exact, exact_turns) = length("polyanya");
    let (cheap, cheap_turns) = length("corridor");
    assert_eq!(exact_turns, [(0.5, 3.5), (4.0, 3.0), (5.5, 0.5)]);
    assert_eq!(cheap_turns, [(0.5, 3.5), (1.0, 1.0), (5.5, 0.5)]);
    let want = (3.5f64 * 3.5 + 0.25).sqrt() + (1.5f64 * 1.5 + 2.5 * 2.5).sqrt();
    assert!(
        (exact - want).abs() < 1e-12 && exact < cheap,
        "{exact} {cheap}"
    );
}

/// Refusals: `--alg` values `navmesh` does not know, and `path --alg polyanya` (the mesh
/// searches draw through `onepath navmesh`); a query with no path is a status by Polyanya too.
#[test]
fn refusals_and_no_path() {
    let (_, err) = run(&["navmesh", "--alg", "astar"], 2);
    assert!(err.contains("astar") && err.contains("polyanya"), "{err}");
    let (_, err) = run(&["path", "--alg", "polyanya"], 2);
    assert!(err.contains("--alg polyanya does not apply"), "{err}");
    let text = pinch(&["--alg", "polyanya"]);
    assert!(
        text.contains("query (0,0) -> (1,1): NoPath (polyanya)"),
        "{text}"
    );
}

/// Every line of dao/arena through `navmesh --alg polyanya --scen`: all found, legal, and none
/// longer than the published 8-connected optimum — exit 0.
#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn moving_ai_scenarios_never_longer_than_the_optimum() {
    let Some(data) =
        onepath_std::data::require_movingai("navmesh --alg polyanya --scen on dao/arena")
    else {
        return;
    };
    let (map, scen) = (data.join("dao/arena.map"), data.join("dao/arena.map.scen"));
    let (text, err) = run(
        &[
            "navmesh",
            "--alg",
            "polyanya",
            "--quiet",
            "--map",
            map.to_str().unwrap(),
            "--scen",
            scen.to_str().unwrap(),
        ],
        0,
    );
    assert!(err.is_empty(), "{err}");
    assert!(text.contains("(polyanya): 160 lines"), "{text}");
    assert!(
        text.contains("160 found, 0 no path, 0 off the mesh"),
        "{text}"
    );
    assert!(
        text.contains("0 longer than the optimum, 0 illegal paths"),
        "{text}"
    );
}

/// `optima --alg polyanya` on two dao maps (every 4th line): the `polyanya:` rows of the
/// navmesh table, every found path legal, the mean below the optimum, no mismatch (exit 0),
/// and the JSON's any-angle block agrees.
#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn optima_checks_every_scenario() {
    let Some(data) = onepath_std::data::require_movingai("optima --alg polyanya on dao") else {
        return;
    };
    let files = [
        data.join("dao/arena.map.scen"),
        data.join("dao/lak303d.map.scen"),
    ];
    let base = [
        "optima",
        "--alg",
        "polyanya",
        "--quiet",
        "--threads",
        "1",
        "--every",
        "4",
    ];
    let out = cargo_bin_cmd!("onepath")
        .args(base)
        .args(&files)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    let (ratios, mean, max, legal, illegal) = total_row(&text, "polyanya");
    assert!(ratios >= 100 && legal >= ratios && illegal == 0, "{text}");
    assert!(mean < 1.0 && max < 1.001, "{text}");
    assert!(
        text.contains("polyanya: every found path checked with the exact radius-0 legality test"),
        "{text}"
    );
    assert!(!text.contains("navmesh: "), "{text}");

    let out = cargo_bin_cmd!("onepath")
        .args(base)
        .arg("--json")
        .args(&files)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = doc.to_string();
    assert!(text.contains("\"verify_failed\":0"), "{text}");
    assert!(text.contains("polyanya"), "{text}");
}
