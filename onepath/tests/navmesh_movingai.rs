//! The corridor search and funnel on real maps (Moving AI, `../shared/data/movingai`, read in
//! place; skipped with a printed line when missing), radius 0: a path is found exactly when
//! the scenario is reachable, every path is legal (each segment crosses its corridor's portals
//! in order, so it stays on the walkable squares), and on short corridors the funnel's path is
//! the shortest through its corridor. How the lengths compare with the published 8-connected
//! optimum is printed (`--nocapture`), not asserted: the corridor search prices crossings at
//! edge midpoints (`docs/navmesh.md` §7), so the corridor it finds need not hold the shortest
//! path, and on maps of large rooms some paths are longer than the octile optimum.
//!
//! The tier-1 default (`find_path_points`, Polyanya) is asserted on the same lines: found
//! exactly when reachable, never longer than the published optimum (plus the files' rounding),
//! and never longer than the corridor's path.

mod nav_ref;

use std::path::PathBuf;

use onepath::navmesh::{NavMesh, NavPoint, NavSettings};
use onepath::{Cell, GridSpace, NavAlgorithm, PathStatus};

fn data(rel: &str) -> Option<PathBuf> {
    let root = std::env::var_os("ONEPATH_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"),
        PathBuf::from,
    );
    let p = root.join(rel);
    p.exists().then_some(p)
}

/// A Moving AI map as walkability: `.`, `G` and `S` are passable (the benchmark's octile
/// rule), row `y` of the file is mesh row `y`.
fn read_map(path: &PathBuf) -> (u32, u32, Vec<bool>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let mut w = 0;
    let mut h = 0;
    for line in lines.by_ref() {
        let mut parts = line.split_whitespace();
        match parts.next() {
            Some("height") => h = parts.next().unwrap().parse().unwrap(),
            Some("width") => w = parts.next().unwrap().parse().unwrap(),
            Some("map") => break,
            _ => {}
        }
    }
    let cells: Vec<bool> = lines
        .take(h as usize)
        .flat_map(|l| {
            l.bytes()
                .take(w as usize)
                .map(|b| matches!(b, b'.' | b'G' | b'S'))
        })
        .collect();
    assert_eq!(cells.len(), (w * h) as usize);
    (w, h, cells)
}

fn check_map(rel: &str, every: usize) {
    let (Some(map), Some(scen)) = (data(rel), data(&format!("{rel}.scen"))) else {
        println!("skipped: {rel} not found under ../shared/data (set ONEPATH_DATA)");
        return;
    };
    let (w, h, cells) = read_map(&map);
    let mesh =
        NavMesh::from_walkable(w, h, &cells, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    let text = std::fs::read_to_string(scen).unwrap();
    let (mut count, mut ratio) = (0usize, 0.0f64);
    // Paths longer than the octile optimum: the corridor search prices crossings at edge
    // midpoints (docs/navmesh.md §7), so its corridor need not hold the shortest path.
    let (mut above, mut worst) = (0usize, 1.0f64);
    for line in text.lines().skip(1).step_by(every) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let n = |i: usize| f[i].parse::<i32>().unwrap();
        let optimum: f64 = f[8].parse().unwrap();
        let (a, b) = (
            NavPoint::cell_center(Cell::new(n(4), n(5))),
            NavPoint::cell_center(Cell::new(n(6), n(7))),
        );
        let path = mesh.find_path_points_with(a, b, NavAlgorithm::Corridor);
        let exact = mesh.find_path_points(a, b);
        let reachable = optimum > 0.0 || a == b;
        assert_eq!(
            exact.is_found(),
            reachable,
            "{rel}: {line}: the default query"
        );
        assert_eq!(path.is_found(), reachable, "{rel}: {line}");
        if !reachable {
            assert_eq!(path.status, PathStatus::NoPath);
            continue;
        }
        let mut s = onepath::NavSearch::new();
        let _ = s.try_begin(&mesh, a, b);
        let _ = s.run(&mesh);
        let points: Vec<(NavPoint, u32)> = s
            .waypoints()
            .iter()
            .map(|w| (w.point, w.corridor_index))
            .collect();
        nav_ref::check_legal(a, b, s.portals(), &points, path.length)
            .unwrap_or_else(|e| panic!("{rel}: {line}: {e}"));
        // Short corridors: the funnel's path is the shortest through them (the reference's
        // cost grows with the cube of the corridor's length).
        if s.portals().len() <= 24 {
            nav_ref::check_path(a, b, s.portals(), &points, path.length)
                .unwrap_or_else(|e| panic!("{rel}: {line}: {e}"));
        }
        // The files print 5 to 8 significant digits: compare at relative 1e-6 or one unit of
        // the last printed digit, whichever is looser (DESIGN.md §9).
        let decimals = f[8].split('.').nth(1).map_or(0, str::len);
        let unit = (0..decimals).fold(1.0, |u, _| u / 10.0);
        let slack = (optimum * 1e-6).max(unit);
        assert!(
            exact.length <= optimum + slack,
            "{rel}: {line}: the default (Polyanya) path {} is longer than the optimum {optimum}",
            exact.length
        );
        assert!(
            exact.length <= path.length + 1e-9 * path.length,
            "{rel}: {line}: the exact path {} is longer than the corridor's {}",
            exact.length,
            path.length
        );
        if path.length > optimum + slack {
            above += 1;
            worst = worst.max(path.length / optimum);
        }
        if optimum > 0.0 {
            ratio += path.length / optimum;
            count += 1;
        }
    }
    assert!(count > 0, "{rel}: no reachable scenario checked");
    println!(
        "{rel}: {count} paths, mean length / octile optimum {:.4}; {above} above it (worst ratio {worst:.4})",
        ratio / count as f64
    );
}

#[test]
fn dao_arena_paths_are_found_iff_reachable_and_legal() {
    check_map("movingai/dao/arena.map", 3);
}

#[test]
fn room_paths_are_found_iff_reachable_and_legal() {
    check_map("movingai/room/16room_000.map", 25);
}

#[test]
fn maze_paths_are_found_iff_reachable_and_legal() {
    let Some(dir) = data("movingai/maze") else {
        println!("skipped: movingai/maze not found under ../shared/data");
        return;
    };
    let mut maps: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| {
            std::path::Path::new(n)
                .extension()
                .is_some_and(|e| e == "map")
        })
        .collect();
    maps.sort();
    check_map(&format!("movingai/maze/{}", maps[0]), 100);
}
