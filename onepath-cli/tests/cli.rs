//! The `onepath` binary end to end: `path` (text, PNG, SVG, errors), `optima` (pass, mismatch,
//! invalid lines, loose set, JSON, a sample of the real data) and `bench`.

use std::fs;
use std::path::Path;

use assert_cmd::cargo::cargo_bin_cmd;

/// Colours the renderer uses (kept in step with `src/render.rs`).
const PATH: [u8; 3] = [220, 20, 60];
const START: [u8; 3] = [0, 160, 80];
const GOAL: [u8; 3] = [30, 90, 220];
const WALL: [u8; 3] = [45, 48, 56];

/// Runs `onepath args…`, asserts the exit code, returns stdout.
fn run(args: &[&str], code: i32) -> String {
    let assert = cargo_bin_cmd!("onepath").args(args).assert().code(code);
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

fn stderr_of(args: &[&str], code: i32) -> String {
    let assert = cargo_bin_cmd!("onepath").args(args).assert().code(code);
    String::from_utf8(assert.get_output().stderr.clone()).unwrap()
}

fn decode_png(path: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(fs::read(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn count(pixels: &[u8], colour: [u8; 3]) -> usize {
    pixels.chunks(3).filter(|p| *p == colour).count()
}

const TINY_MAP: &str = "type octile\nheight 4\nwidth 5\nmap\n.....\n.@@@.\n..T..\nW....\n";

/// A set folder with a map and a scenario file.
fn write_set(root: &Path, set: &str, scen_lines: &[&str]) {
    let dir = root.join(set);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("tiny.map"), TINY_MAP).unwrap();
    let mut scen = String::from("version 1\n");
    for l in scen_lines {
        scen.push_str(l);
        scen.push('\n');
    }
    fs::write(dir.join("tiny.map.scen"), scen).unwrap();
}

// Published lengths on TINY_MAP (no corner cutting): (0,0)->(4,0) straight, 4; (3,2)->(4,3)
// one diagonal (both beside cells open), √2; (4,3)->(4,3) start = goal, 0.
const GOOD: [&str; 3] = [
    "0\tmaps/x/tiny.map\t5\t4\t0\t0\t4\t0\t4",
    "0\tmaps/x/tiny.map\t5\t4\t3\t2\t4\t3\t1.41421",
    "0\tmaps/x/tiny.map\t5\t4\t4\t3\t4\t3\t0",
];

#[test]
fn path_on_the_bundled_map_prints_and_draws_png() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("p.png");
    let out = run(&["path", "--png", png.to_str().unwrap(), "--ascii"], 0);
    assert!(out.contains("bundled default map (64x48)"), "{out}");
    assert!(out.contains("Found, cost "), "{out}");
    assert!(
        out.contains('S') && out.contains('G') && out.contains('*'),
        "{out}"
    );
    let (w, h, px) = decode_png(&png);
    // Auto scale: 800 / 64 = 12 pixels per cell.
    assert_eq!((w, h), (64 * 12, 48 * 12));
    assert!(count(&px, PATH) > 500, "path pixels: {}", count(&px, PATH));
    assert!(count(&px, START) > 0 && count(&px, GOAL) > 0);
    assert!(count(&px, WALL) > 10_000);
    // Expanded cells are neither open white, wall, path nor endpoints.
    let other = px
        .chunks(3)
        .filter(|p| {
            ![[250, 250, 250], WALL, PATH, START, GOAL]
                .iter()
                .any(|c| p == c)
        })
        .count();
    assert!(other > 10_000, "expansion pixels: {other}");
}

#[test]
fn path_draws_svg_with_json_summary() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("p.svg");
    let out = run(
        &[
            "path",
            "--alg",
            "dijkstra",
            "--from",
            "3,3",
            "--to",
            "20,40",
            "--svg",
            svg.to_str().unwrap(),
            "--json",
        ],
        0,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "Found");
    assert_eq!(v["alg"], "dijkstra");
    let expansions = v["expansions"].as_u64().unwrap();
    assert!(expansions > 100);
    let text = fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"));
    assert!(text.trim_end().ends_with("</svg>"));
    assert!(text.contains(r#"<polyline id="path""#));
    assert!(text.contains(r#"<circle id="start""#) && text.contains(r#"<circle id="goal""#));
    // One rect per expanded cell.
    let expanded = text.split("<g id=\"expanded\">").nth(1).unwrap();
    let expanded = expanded.split("</g>").next().unwrap();
    assert_eq!(expanded.matches("<rect").count() as u64, expansions);
}

#[test]
fn path_on_a_moving_ai_map_and_a_text_picture() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("tiny.map");
    fs::write(&map, TINY_MAP).unwrap();
    let out = run(
        &[
            "path",
            "--map",
            map.to_str().unwrap(),
            "--from",
            "1,2",
            "--to",
            "3,2",
            "--ascii",
        ],
        0,
    );
    // The diagonal past the tree is not allowed (no corner cutting), and W is a wall by
    // default: the path goes down, along the bottom row and up.
    assert!(out.contains("cost 4.00000000"), "{out}");
    assert!(out.contains(".S#G.\n#***."), "{out}");
    let pic = dir.path().join("room.txt");
    fs::write(&pic, "....\n.##.\n....\n").unwrap();
    let out = run(
        &[
            "path",
            "--map",
            pic.to_str().unwrap(),
            "--from",
            "0,1",
            "--to",
            "3,1",
        ],
        0,
    );
    assert!(out.contains("cost 5.00000000"), "{out}"); // no corner cutting past the wall ends
}

#[test]
fn path_reports_bad_endpoints_and_inputs() {
    // (2,0) is inside the bundled map's outer wall.
    let err = stderr_of(&["path", "--from", "2,0"], 1);
    assert!(err.contains("StartInvalid"), "{err}");
    let err = stderr_of(&["path", "--to", "500,-3"], 1);
    assert!(err.contains("GoalInvalid"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("tiny.map");
    fs::write(&map, TINY_MAP).unwrap();
    let err = stderr_of(&["path", "--map", map.to_str().unwrap()], 2);
    assert!(err.contains("--from and --to are required"), "{err}");
    fs::write(&map, "type octile\nheight 2\nwidth 2\nmap\n..\n.x\n").unwrap();
    let err = stderr_of(
        &[
            "path",
            "--map",
            map.to_str().unwrap(),
            "--from",
            "0,0",
            "--to",
            "1,0",
        ],
        2,
    );
    assert!(
        err.contains("line 6: unknown terrain 'x' at column 1"),
        "{err}"
    );
    let err = stderr_of(&["path", "--from", "3;3"], 2);
    assert!(err.contains("is not `x,y`"), "{err}");
}

#[test]
fn optima_passes_counts_invalid_lines_and_prints_json() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = GOOD.to_vec();
    lines.push("0\tmaps/x/tiny.map\t5\t4\t1\t1\t0\t0\t1.41421"); // start on @
    lines.push("0\tmaps/x/tiny.map\t5\t4\t0\t3\t1\t3\t1"); // start on W (blocked)
    lines.push("0\tmaps/x/tiny.map\t5\t4\t0\t0\t4\t3\t0"); // length 0, start != goal
    write_set(dir.path(), "mini", &lines);
    let root = dir.path().to_str().unwrap();
    let out = run(&["optima", root, "-q"], 0);
    assert!(
        out.contains("PASS: 0 mismatches in 3 checked lines"),
        "{out}"
    );
    assert!(
        out.contains("2 blocked endpoint, 1 length 0 with start != goal"),
        "{out}"
    );
    let out = run(&["optima", root, "--json", "--alg", "dijkstra"], 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["pass"], true);
    assert_eq!(v["alg"], "dijkstra");
    let set = &v["sets"][0];
    assert_eq!(set["set"], "mini");
    assert_eq!(set["lines"], 6);
    assert_eq!(set["checked"], 3);
    assert_eq!(set["invalid"]["blocked_endpoint"], 2);
    assert_eq!(set["invalid"]["unreachable_marker"], 1);
    // Sampling: every 2nd line (lines 1, 3, 5 of the file), at most 2 of them.
    let out = run(
        &["optima", root, "--json", "--every", "2", "--limit", "2"],
        0,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["total"]["lines"], 2);
}

#[test]
fn optima_fails_on_a_mismatch_but_not_in_the_loose_set() {
    let dir = tempfile::tempdir().unwrap();
    let bad = ["0\tmaps/x/tiny.map\t5\t4\t0\t0\t4\t0\t4.5"];
    write_set(dir.path(), "mini", &bad);
    let root = dir.path().to_str().unwrap();
    let out = run(&["optima", root], 1);
    assert!(out.contains("FAIL: 1 mismatches"), "{out}");
    assert!(
        out.contains("tiny.map.scen:2 (0,0)->(4,0) published 4.5"),
        "{out}"
    );
    let json = run(&["optima", root, "--json"], 1);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["mismatch_list"][0]["line"], 2);
    assert_eq!(v["mismatch_list"][0]["cost"], 4.0);

    let loose = tempfile::tempdir().unwrap();
    write_set(loose.path(), "wc3maps512", &bad);
    let out = run(&["optima", loose.path().to_str().unwrap()], 0);
    assert!(out.contains("PASS: 0 mismatches"), "{out}");
    assert!(out.contains("1 loose-check mismatches"), "{out}");
    assert!(out.contains("[loose check]"), "{out}");
}

#[test]
fn optima_reports_input_errors() {
    let dir = tempfile::tempdir().unwrap();
    let err = stderr_of(&["optima", dir.path().to_str().unwrap()], 2);
    assert!(err.contains("no scenario files"), "{err}");
    write_set(dir.path(), "mini", &["0 tiny.map 5 4 0 0 9 0 4"]);
    let err = stderr_of(&["optima", dir.path().to_str().unwrap()], 2);
    assert!(
        err.contains("line 2: `goal x` 9 is not below the stated map side 5"),
        "{err}"
    );
}

#[test]
fn bench_prints_a_row_per_algorithm() {
    let dir = tempfile::tempdir().unwrap();
    write_set(dir.path(), "mini", &GOOD);
    let root = dir.path().to_str().unwrap();
    let out = run(&["bench", root, "--alg", "astar,dijkstra", "-q"], 0);
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("mini")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(
        rows[0].contains("astar") && rows[1].contains("dijkstra"),
        "{out}"
    );
    let json = run(&["bench", root, "--json", "--warmup", "0"], 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["rows"][0]["queries"], 3);
    assert_eq!(v["rows"][0]["mismatches"], 0);
    assert_eq!(v["rows"][0]["bytes_per_node"], 20);
}

/// A sample of every Moving AI set through the real binary: the first file of each set,
/// its shortest lines (files are sorted by bucket), 0 mismatches. The full sweep is
/// `onepath optima` (see the crate README).
#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn optima_on_a_sample_of_every_set() {
    let Some(data) = onepath_std::data::require_movingai("optima sample of every set") else {
        return;
    };
    let mut args: Vec<String> = vec!["optima".into(), "--json".into()];
    let mut sets = 0;
    let mut entries: Vec<_> = fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for set in entries.iter().filter(|p| p.is_dir()) {
        let mut scens: Vec<_> = fs::read_dir(set)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "scen"))
            .collect();
        scens.sort();
        if let Some(first) = scens.first() {
            args.push(first.display().to_string());
            sets += 1;
        }
    }
    assert_eq!(sets, 9);
    args.extend(["--every", "5", "--limit", "30"].map(String::from));
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&argv, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["total"]["mismatches"], 0);
    assert_eq!(v["sets"].as_array().unwrap().len(), 9);
    assert!(v["total"]["checked"].as_u64().unwrap() >= 250);
}

#[test]
fn every_algorithm_finds_the_same_cost() {
    let mut costs = Vec::new();
    for alg in [
        "astar",
        "dijkstra",
        "jps",
        "jps-plus",
        "octile-astar",
        "jps2",
        "jps2+",
    ] {
        let out = run(&["path", "--alg", alg, "--json"], 0);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["status"], "Found", "{alg}");
        costs.push(v["cost"].as_f64().unwrap());
        assert_eq!(v["path_cells"], 73, "{alg}");
    }
    // A* and Dijkstra sum one step at a time; the jump point searches add one product per
    // segment (`grids.md`, JPS "Search"), so the last bits may differ.
    assert_eq!(costs[0], costs[1]);
    assert!(
        costs.iter().all(|&c| (c - costs[0]).abs() < 1e-9),
        "{costs:?}"
    );
    let dir = tempfile::tempdir().unwrap();
    write_set(dir.path(), "mini", &GOOD);
    for alg in ["jps-plus", "octile-astar", "jps2", "jps2-plus"] {
        let out = run(&["optima", dir.path().to_str().unwrap(), "--alg", alg], 0);
        assert!(
            out.contains("PASS: 0 mismatches in 3 checked lines"),
            "{alg}: {out}"
        );
    }
}
