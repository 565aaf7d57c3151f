//! Shared helpers of the `onepath navmesh` / `onepath optima` CLI tests (`navmesh_cli.rs`,
//! `navmesh_polyanya_cli.rs`): running the real binary, reading its JSON, drawing the
//! bundled map's default query, and reading a row of the `optima` navmesh table.

use std::fs;
use std::path::Path;

use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;

/// Runs `onepath args…`, asserts the exit code, returns (stdout, stderr).
pub fn run(args: &[&str], code: i32) -> (String, String) {
    let a = cargo_bin_cmd!("onepath").args(args).assert().code(code);
    let o = a.get_output();
    (
        String::from_utf8(o.stdout.clone()).unwrap(),
        String::from_utf8(o.stderr.clone()).unwrap(),
    )
}

/// The JSON document in the file at `path`.
pub fn read_json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

/// The bundled map's default query (3,3) -> (58,43), by `--alg alg` when given, at 4 pixels a
/// cell: stdout, the JSON document, the SVG text and the PNG bytes.
pub fn draw(alg: Option<&str>) -> (String, Value, String, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let (png, svg, json) = (
        dir.path().join("m.png"),
        dir.path().join("m.svg"),
        dir.path().join("m.json"),
    );
    let mut args = vec![
        "navmesh",
        "--png",
        png.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
        "--scale",
        "4",
    ];
    if let Some(a) = alg {
        args.extend(["--alg", a]);
    }
    let (text, _) = run(&args, 0);
    (
        text,
        read_json(&json),
        fs::read_to_string(&svg).unwrap(),
        fs::read(&png).unwrap(),
    )
}

/// `onepath navmesh` from (0,0) to (1,1) on the pinch map (two walkable cells that touch
/// only at a corner), with the `extra` flags: stdout of a run that must exit 0.
pub fn pinch(extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("pinch.txt");
    fs::write(&map, ".#\n#.\n").unwrap();
    let mut args = vec![
        "navmesh",
        "--map",
        map.to_str().unwrap(),
        "--from",
        "0,0",
        "--to",
        "1,1",
    ];
    args.extend(extra);
    run(&args, 0).0
}

/// The `{name}: total` row of `optima`'s navmesh table (`total  ratios  mean/opt  max/opt
/// legal  illegal`) in `text`: (ratios, mean, max, legal, illegal). Panics, showing `text`,
/// when the row is missing or a field does not parse.
pub fn total_row(text: &str, name: &str) -> (u64, f64, f64, u64, u64) {
    let row: Vec<&str> = text
        .lines()
        .find(|l| l.starts_with(&format!("{name}: total")))
        .unwrap_or_else(|| panic!("no {name} total row in:\n{text}"))
        .split_whitespace()
        .collect();
    (
        row[2].parse().unwrap(),
        row[3].parse().unwrap(),
        row[4].parse().unwrap(),
        row[5].parse().unwrap(),
        row[6].parse().unwrap(),
    )
}
