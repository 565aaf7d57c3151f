//! `onepath navmesh` and `onepath optima --alg navmesh` through the real binary (issue 29):
//! the pictures and the JSON show the mesh the engine baked, the query's path is an any-angle
//! path no longer than the grid optimum, refused values are named, and on Moving AI data every
//! scenario passes its checks.

use std::fs;

use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;

mod navmesh_common;
use navmesh_common::{draw, pinch, read_json, run, total_row};

/// Width, height and RGB bytes of a PNG.
fn pixels(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// The bundled map's default query: the PNG, SVG and JSON agree with each other and with the
/// grid: one SVG polygon per mesh polygon, the polygons' rectangles cover exactly the
/// walkable cells at radius 0, links are symmetric, the path runs from the start's centre to
/// the goal's and is no longer than the 8-connected optimum `onepath path` finds.
#[test]
fn bundled_map_pictures_and_json_agree() {
    let (text, doc, svg, png) = draw(None);
    assert!(text.contains("query (3,3) -> (58,43): found"), "{text}");
    let (w, h) = (
        doc["width"].as_u64().unwrap(),
        doc["height"].as_u64().unwrap(),
    );
    assert_eq!((w, h), (64, 48));
    let polys = doc["polygon_list"].as_array().unwrap();
    assert_eq!(
        polys.len() as u64,
        doc["mesh"]["polygons"].as_u64().unwrap()
    );
    assert!(!polys.is_empty());

    // Covered cells: each exactly once, exactly the walkable ones of the bundled map.
    let map = include_str!("../src/default_map.txt");
    let rows: Vec<&[u8]> = map.lines().map(str::as_bytes).collect();
    let mut covered = vec![0u32; (w * h) as usize];
    for p in polys {
        let v: Vec<(i64, i64)> = p["vertices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| (v[0].as_i64().unwrap(), v[1].as_i64().unwrap()))
            .collect();
        let (x0, y0) = (
            v.iter().map(|p| p.0).min().unwrap(),
            v.iter().map(|p| p.1).min().unwrap(),
        );
        let (x1, y1) = (
            v.iter().map(|p| p.0).max().unwrap(),
            v.iter().map(|p| p.1).max().unwrap(),
        );
        for y in y0..y1 {
            for x in x0..x1 {
                covered[(y * w as i64 + x) as usize] += 1;
            }
        }
        // Links are symmetric: the polygon on the other side links back.
        let id = p["id"].as_u64().unwrap();
        for other in p["links"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_u64)
        {
            let back = polys[other as usize]["links"].as_array().unwrap();
            assert!(
                back.iter().any(|l| l.as_u64() == Some(id)),
                "{id} -> {other}"
            );
        }
    }
    for y in 0..h as usize {
        for x in 0..w as usize {
            let walkable = rows[y][x] != b'#';
            assert_eq!(
                covered[y * w as usize + x],
                u32::from(walkable),
                "cell ({x}, {y})"
            );
        }
    }

    // The path: from the start's centre to the goal's, no longer than the grid optimum.
    let q = &doc["query"];
    assert_eq!(q["status"], "Found");
    let wps = q["waypoints"].as_array().unwrap();
    assert_eq!(
        (wps[0]["x"].as_f64(), wps[0]["y"].as_f64()),
        (Some(3.5), Some(3.5))
    );
    let last = wps.last().unwrap();
    assert_eq!(
        (last["x"].as_f64(), last["y"].as_f64()),
        (Some(58.5), Some(43.5))
    );
    let length = q["length"].as_f64().unwrap();
    let mut sum = 0.0;
    for pair in wps.windows(2) {
        let d = |k: &str| pair[1][k].as_f64().unwrap() - pair[0][k].as_f64().unwrap();
        sum += (d("x") * d("x") + d("y") * d("y")).sqrt();
    }
    assert!((sum - length).abs() < 1e-9, "{sum} vs {length}");
    let (grid, _) = run(&["path", "--json"], 0);
    let grid: Value = serde_json::from_str(&grid).unwrap();
    let optimum = grid["cost"].as_f64().unwrap();
    assert!(
        length <= optimum * (1.0 + 1e-9) && length < optimum,
        "{length} vs {optimum}"
    );

    // The SVG: one polygon element per mesh polygon, the path and both endpoints.
    assert_eq!(svg.matches("<polygon ").count(), polys.len());
    assert!(svg.contains(r#"<polyline id="path""#) && svg.contains(r#"id="goal""#));

    // The PNG: 4 pixels per cell, with the corridor, portal and path colours present.
    let (pw, ph, px) = pixels(&png);
    assert_eq!((pw, ph), (64 * 4, 48 * 4));
    for colour in [[255, 200, 140], [0, 170, 200], [220, 20, 60]] {
        assert!(
            px.chunks(3).any(|p| p == colour),
            "colour {colour:?} missing"
        );
    }
}

/// Two walkable cells that touch only at a corner are not connected (docs/navmesh.md §3):
/// the query ends with no path, which is not an error.
#[test]
fn no_squeeze_between_diagonal_walls() {
    let text = pinch(&[]);
    assert!(text.contains("query (0,0) -> (1,1): NoPath"), "{text}");
}

/// Endpoints outside the map, on a wall or eroded away exit 1 and are named; a radius or a
/// tile size the bake refuses exits 2 naming the flag and the value.
#[test]
fn refusals_name_the_value() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("room.txt");
    fs::write(&map, "......\n......\n..#...\n......\n").unwrap();
    let m = map.to_str().unwrap();
    let (_, err) = run(&["navmesh", "--map", m, "--from", "2,2", "--to", "5,3"], 1);
    assert!(err.contains("--from 2,2 is a wall"), "{err}");
    let (_, err) = run(&["navmesh", "--map", m, "--from", "0,0", "--to", "9,3"], 1);
    assert!(err.contains("--to 9,3 is outside the map"), "{err}");
    // Radius 1: every cell touching the border or the wall is dropped, (0,0) among them.
    let (_, err) = run(
        &[
            "navmesh", "--map", m, "--radius", "1", "--from", "0,0", "--to", "5,3",
        ],
        1,
    );
    assert!(err.contains("--from 0,0 is not on the mesh"), "{err}");
    for (flag, value) in [
        ("--radius", "-1"),
        ("--radius", "NaN"),
        ("--tile", "3"),
        ("--tile", "257"),
    ] {
        let (_, err) = run(&["navmesh", "--map", m, flag, value], 2);
        assert!(err.contains(flag), "{flag} {value}: {err}");
        let shown = value.to_ascii_lowercase();
        assert!(
            err.to_ascii_lowercase().contains(&shown),
            "{flag} {value}: {err}"
        );
    }
    let (_, err) = run(&["navmesh", "--map", m, "--from", "0,0"], 2);
    assert!(err.contains("--from needs --to"), "{err}");
    let (_, err) = run(&["navmesh", "--scale", "4"], 2);
    assert!(err.contains("--scale does not apply"), "{err}");
    let (_, err) = run(&["path", "--alg", "navmesh"], 2);
    assert!(err.contains("--alg navmesh does not apply"), "{err}");
}

/// With `--map` and no query, only the mesh is drawn and the run succeeds.
#[test]
fn mesh_only() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("room.txt");
    fs::write(&map, "......\n......\n..#...\n......\n").unwrap();
    let json = dir.path().join("m.json");
    let (text, _) = run(
        &[
            "navmesh",
            "--map",
            map.to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
        ],
        0,
    );
    assert!(text.contains("mesh: ") && !text.contains("query"), "{text}");
    let doc = read_json(&json);
    assert!(doc["query"].is_null());
    // 23 walkable cells covered by the polygons' areas.
    let area: i64 = doc["polygon_list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let v = p["vertices"].as_array().unwrap();
            let xs: Vec<i64> = v.iter().map(|v| v[0].as_i64().unwrap()).collect();
            let ys: Vec<i64> = v.iter().map(|v| v[1].as_i64().unwrap()).collect();
            (xs.iter().max().unwrap() - xs.iter().min().unwrap())
                * (ys.iter().max().unwrap() - ys.iter().min().unwrap())
        })
        .sum();
    assert_eq!(area, 23);
}

/// Every line of a Moving AI scenario file (dao/arena) through `navmesh --scen`: every path
/// found, legal (the exact radius-0 test) and from the start's centre to the goal's, the mean
/// length below the 8-connected optimum; the only failures the run may report are lengths above
/// it (see `never_longer_than_the_grid_optimum`).
#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn moving_ai_scenarios_are_legal() {
    let Some(data) = onepath_std::data::require_movingai("navmesh --scen on dao/arena") else {
        return;
    };
    let (map, scen) = (data.join("dao/arena.map"), data.join("dao/arena.map.scen"));
    // The corridor search (the default, Polyanya, is held to the optimum below).
    let out = cargo_bin_cmd!("onepath")
        .args(["navmesh", "--alg", "corridor", "--quiet", "--map"])
        .arg(&map)
        .arg("--scen")
        .arg(&scen)
        .output()
        .unwrap();
    let code = out.status.code().unwrap();
    let (text, err) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert!(
        text.contains("160 found, 0 no path, 0 off the mesh"),
        "{text}"
    );
    assert!(text.contains(" 0 illegal paths"), "{text}");
    let mean: f64 = text
        .lines()
        .find(|l| l.starts_with("length / published"))
        .and_then(|l| l.split("mean ").nth(1))
        .and_then(|t| t.split(',').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no mean in {text}"));
    assert!(mean > 0.9 && mean < 1.0, "{text}");
    // Exit 1 only for lengths above the optimum, each named.
    assert!(code == 0 || code == 1, "{code}: {err}");
    assert_eq!(code == 1, err.lines().count() > 0, "{err}");
    assert!(
        err.lines().all(|l| l.contains("above the published")),
        "{err}"
    );

    let out = cargo_bin_cmd!("onepath")
        .args([
            "optima",
            "--alg",
            "navmesh",
            "--quiet",
            "--threads",
            "1",
            "--every",
            "4",
        ])
        .args(["--show", "1000"])
        .arg(data.join("dao/arena.map.scen"))
        .arg(data.join("dao/lak303d.map.scen"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // navmesh: total  ratios  mean/opt  max/opt  legal  illegal
    let (ratios, mean, _, legal, illegal) = total_row(&text, "navmesh");
    assert!(ratios >= 100 && legal >= ratios && illegal == 0, "{text}");
    assert!(mean < 1.0, "{text}");
    // Every listed mismatch is a found path (too long), none illegal or missing.
    assert!(
        !text.contains("illegal path") && !text.contains("got NoPath"),
        "{text}"
    );
}

/// The issue's target: at radius 0 no path is longer than the published 8-connected optimum
/// (the optimal grid path lies in the region). Met by the default algorithm (Polyanya, the
/// exact shortest path); `--alg corridor` (A* over portal midpoints, docs/navmesh.md §7) can
/// pick a corridor whose funnel path is longer — 20 of dao/arena's 160 lines, up to 9.7 %
/// (line 62: 26.35 against 25.97), which `moving_ai_scenarios_are_legal` prints.
#[test]
fn never_longer_than_the_grid_optimum() {
    let Some(data) = onepath_std::data::require_movingai("navmesh --scen on dao/arena") else {
        return;
    };
    let (map, scen) = (data.join("dao/arena.map"), data.join("dao/arena.map.scen"));
    let (text, _) = run(
        &[
            "navmesh",
            "--map",
            map.to_str().unwrap(),
            "--scen",
            scen.to_str().unwrap(),
            "--quiet",
        ],
        0,
    );
    assert!(
        text.contains("0 longer than the optimum, 0 illegal paths"),
        "{text}"
    );
}
