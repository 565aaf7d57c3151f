//! The flags every map-reading command shares and the `bench` report: `--swamp` / `--water`
//! change what `path`, `optima` and `bench` find on a hand-made map with `S` and `W` cells;
//! `--alg jps+` (and its alias `jps-plus`); `bench` reports thread CPU and wall time apart
//! from preprocessing.

use std::fs;
use std::path::Path;

use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;

/// Runs `onepath args…`, asserts the exit code, returns (stdout, stderr).
fn run(args: &[&str], code: i32) -> (String, String) {
    let assert = cargo_bin_cmd!("onepath").args(args).assert().code(code);
    let out = assert.get_output();
    (
        String::from_utf8(out.stdout.clone()).unwrap(),
        String::from_utf8(out.stderr.clone()).unwrap(),
    )
}

fn json(args: &[&str], code: i32) -> Value {
    serde_json::from_str(&run(args, code).0).unwrap()
}

/// A wall down the middle column with two gaps: swamp at (2,1), water at (2,3).
const MAP: &str = "type octile\nheight 5\nwidth 5\nmap\n..@..\n..S..\n..@..\n..W..\n..@..\n";

/// `2 + 2√2` and `6 + 2√2`, printed as a scenario file does.
const SHORT: f64 = 4.828_427_12;
const LONG: f64 = 8.828_427_12;

// Published lengths with the defaults (S walkable, W blocked), no corner cutting:
// (0,0)->(4,0) through the swamp gap; (0,4)->(4,4) up to the swamp gap and back down;
// (2,1) on the swamp -> (0,0): 1 + √2; (2,3) on the water -> (4,4): a blocked start.
const LINES: [&str; 4] = [
    "0\tterrain.map\t5\t5\t0\t0\t4\t0\t4.82842712",
    "0\tterrain.map\t5\t5\t0\t4\t4\t4\t8.82842712",
    "0\tterrain.map\t5\t5\t2\t1\t0\t0\t2.41421356",
    "0\tterrain.map\t5\t5\t2\t3\t4\t4\t2.41421356",
];

/// A set folder `terrain/` with the map and its scenario file; returns the scenario path.
fn write_set(root: &Path) -> String {
    let dir = root.join("terrain");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("terrain.map"), MAP).unwrap();
    fs::write(
        dir.join("terrain.map.scen"),
        format!("version 1\n{}\n", LINES.join("\n")),
    )
    .unwrap();
    dir.join("terrain.map.scen").display().to_string()
}

fn path_cost(map: &str, from: &str, to: &str, flags: &[&str]) -> Value {
    let mut args = vec!["path", "--map", map, "--from", from, "--to", to, "--json"];
    args.extend_from_slice(flags);
    let v = json(&args, 0);
    if v["status"] == "Found" {
        v["cost"].clone()
    } else {
        v["status"].clone()
    }
}

fn close(v: &Value, expected: f64) -> bool {
    v.as_f64().is_some_and(|c| (c - expected).abs() < 1e-6)
}

#[test]
fn swamp_and_water_flags_change_what_path_finds() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("terrain.map");
    fs::write(&map, MAP).unwrap();
    let map = map.to_str().unwrap();
    // Defaults: through the swamp.
    assert!(close(&path_cost(map, "0,0", "4,0", &[]), SHORT));
    assert!(close(&path_cost(map, "0,4", "4,4", &[]), LONG));
    // Swamp blocked, water blocked: the wall is closed.
    let blocked = ["--swamp", "blocked"];
    assert_eq!(path_cost(map, "0,0", "4,0", &blocked), "NoPath");
    // Swamp blocked, water walkable: round through the water gap.
    let water_only = ["--swamp", "blocked", "--water", "walkable"];
    assert!(close(&path_cost(map, "0,0", "4,0", &water_only), LONG));
    // Both walkable: the bottom pair goes straight through the water.
    let both = ["--water", "walkable", "--swamp", "walkable"];
    assert!(close(&path_cost(map, "0,4", "4,4", &both), SHORT));
    // The JSON and the text say which letters were walkable.
    let v = json(
        &[
            "path", "--map", map, "--from", "0,0", "--to", "4,0", "--json", "--water", "walkable",
        ],
        0,
    );
    assert_eq!(v["terrain"]["swamp"], "walkable");
    assert_eq!(v["terrain"]["water"], "walkable");
    let (out, _) = run(&["path", "--map", map, "--from", "0,0", "--to", "4,0"], 0);
    assert!(out.contains("(5x5; S walkable, W blocked)"), "{out}");
    // A start on a blocked swamp cell is refused like any wall.
    let (_, err) = run(
        &[
            "path", "--map", map, "--from", "2,1", "--to", "0,0", "--swamp", "blocked",
        ],
        1,
    );
    assert!(err.contains("StartInvalid"), "{err}");
}

#[test]
fn terrain_flags_are_refused_where_there_is_no_moving_ai_map() {
    let (_, err) = run(&["path", "--water", "walkable"], 2);
    assert!(
        err.contains("--swamp and --water apply to Moving AI maps only"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let pic = dir.path().join("room.txt");
    fs::write(&pic, "....\n.##.\n....\n").unwrap();
    let pic = pic.to_str().unwrap();
    let args = ["path", "--map", pic, "--from", "0,0", "--to", "3,2"];
    let (_, err) = run(&[&args[..], &["--swamp", "blocked"]].concat(), 2);
    assert!(err.contains("a text picture"), "{err}");
    // A value that is neither word is clap's usage error.
    let (_, err) = run(&["path", "--swamp", "wet"], 2);
    assert!(err.contains("invalid value 'wet'"), "{err}");
}

#[test]
fn swamp_and_water_flags_change_optima_and_bench() {
    let dir = tempfile::tempdir().unwrap();
    let scen = write_set(dir.path());
    // Defaults: three lines checked and right, the water start counted as blocked.
    let v = json(&["optima", &scen, "--json"], 0);
    assert_eq!(v["total"]["checked"], 3);
    assert_eq!(v["total"]["mismatches"], 0);
    assert_eq!(v["total"]["invalid"]["blocked_endpoint"], 1);
    assert_eq!(v["terrain"]["water"], "blocked");
    // Water walkable: the water start is searched (and matches), the bottom pair is shorter
    // than published (a mismatch, exit 1).
    let v = json(&["optima", &scen, "--json", "--water", "walkable"], 1);
    assert_eq!(v["total"]["checked"], 4);
    assert_eq!(v["total"]["mismatches"], 1);
    assert_eq!(v["mismatch_list"][0]["line"], 3);
    assert!(close(&v["mismatch_list"][0]["cost"], SHORT));
    // Swamp blocked: the swamp start is blocked too and the wall is closed.
    let (out, _) = run(&["optima", &scen, "--swamp", "blocked"], 1);
    assert!(
        out.contains("FAIL: 2 mismatches in 2 checked lines"),
        "{out}"
    );
    assert!(out.contains("2 blocked endpoint"), "{out}");
    assert!(out.contains("S blocked, W blocked"), "{out}");
    // bench searches the lines the flags make valid, and counts the same mismatches (which
    // fail it, exit 1, as they fail optima).
    for (flags, queries, mismatches) in [
        (&[][..], 3, 0),
        (&["--water", "walkable"][..], 4, 1),
        (&["--swamp", "blocked"][..], 2, 2),
    ] {
        let args = [
            &["bench", &scen, "--json", "--alg", "astar,jps+"][..],
            flags,
        ]
        .concat();
        let v = json(&args, i32::from(mismatches > 0));
        for row in v["rows"].as_array().unwrap() {
            assert_eq!(row["queries"], queries, "{flags:?} {row}");
            assert_eq!(row["mismatches"], mismatches, "{flags:?} {row}");
        }
    }
}

#[test]
fn jps_plus_is_spelled_jps_plus_sign_everywhere() {
    for spelling in ["jps+", "jps-plus"] {
        let v = json(&["path", "--alg", spelling, "--json"], 0);
        assert_eq!(v["alg"], "jps+", "{spelling}");
        assert_eq!(v["status"], "Found");
    }
    let (out, _) = run(&["path", "--alg", "jps+"], 0);
    assert!(out.contains("\njps+: (3,3) -> (58,43): Found"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let scen = write_set(dir.path());
    let (out, _) = run(&["optima", &scen, "--alg", "jps+"], 0);
    assert!(out.starts_with("onepath optima --alg jps+:"), "{out}");
    let (out, _) = run(&["bench", &scen, "--alg", "jps-plus,jps"], 0);
    assert!(
        out.lines()
            .any(|l| l.starts_with("terrain") && l.contains(" jps+ ")),
        "{out}"
    );
    let (help, _) = run(&["bench", "--help"], 0);
    assert!(help.contains("- jps+:"), "{help}");
}

/// Improved pruning (issue 22): `jps2` and `jps2+` (alias `jps2-plus`) run the handle with
/// improved pruning; they find the costs plain JPS finds with no more jump points.
#[test]
fn improved_pruning_is_spelled_jps2() {
    for (spelling, name) in [("jps2", "jps2"), ("jps2+", "jps2+"), ("jps2-plus", "jps2+")] {
        let v = json(&["path", "--alg", spelling, "--json"], 0);
        assert_eq!(v["alg"], name, "{spelling}");
        assert_eq!(v["status"], "Found");
    }
    let dir = tempfile::tempdir().unwrap();
    let scen = write_set(dir.path());
    let (out, _) = run(&["optima", &scen, "--alg", "jps2+"], 0);
    assert!(out.starts_with("onepath optima --alg jps2+:"), "{out}");
    let v = json(
        &["bench", &scen, "--json", "--alg", "jps,jps2,jps+,jps2+"],
        0,
    );
    let rows = v["rows"].as_array().unwrap();
    let exp = |alg: &str| {
        let row = rows.iter().find(|r| r["alg"] == alg).unwrap();
        assert_eq!(row["mismatches"], 0, "{row}");
        // The specialised engines' records, not the generic cores' 20 bytes.
        assert_eq!(row["bytes_per_node"], 16, "{row}");
        row["expansions"].as_u64().unwrap()
    };
    assert!(exp("jps2") <= exp("jps"), "{rows:?}");
    assert!(exp("jps2+") <= exp("jps+"), "{rows:?}");
    let (help, _) = run(&["bench", "--help"], 0);
    assert!(help.contains("- jps2+:"), "{help}");
}

#[test]
fn bench_reports_cpu_and_wall_time_apart_from_preprocessing() {
    let dir = tempfile::tempdir().unwrap();
    let scen = write_set(dir.path());
    let v = json(
        &[
            "bench",
            &scen,
            "--json",
            "--alg",
            "jps+,astar",
            "--warmup",
            "2",
        ],
        0,
    );
    assert_eq!(v["warmup"], 2);
    assert!(
        v["clock"]
            .as_str()
            .unwrap()
            .contains("CLOCK_THREAD_CPUTIME_ID")
    );
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for row in rows {
        for key in [
            "load_wall_ms",
            "prepare_wall_ms",
            "search_wall_ms",
            "wall_us_per_query",
            "mean_expansions",
        ] {
            assert!(row[key].as_f64().is_some_and(|x| x >= 0.0), "{key}: {row}");
        }
        // The CPU clock exists on the platforms CI runs on.
        if cfg!(target_os = "linux") {
            for key in [
                "load_cpu_ms",
                "prepare_cpu_ms",
                "search_cpu_ms",
                "cpu_us_per_query",
            ] {
                assert!(row[key].as_f64().is_some_and(|x| x >= 0.0), "{key}: {row}");
            }
        }
        // Per query: the timed pass over the three valid lines.
        assert_eq!(row["queries"], 3);
        let exp = row["expansions"].as_f64().unwrap();
        assert!((row["mean_expansions"].as_f64().unwrap() - exp / 3.0).abs() < 1e-9);
    }
    assert_eq!(rows[0]["alg"], "jps+");
    assert_eq!(rows[0]["ratio_to_first"], 1.0);
    let (out, _) = run(&["bench", &scen, "-q"], 0);
    let header = out.lines().nth(1).unwrap();
    for col in [
        "load ms",
        "prep ms",
        "cpu µs/q",
        "wall µs/q",
        "mean exp",
        "ns/exp",
    ] {
        assert!(header.contains(col), "{header}");
    }
    assert!(out.contains("on thread CPU time") || !cfg!(target_os = "linux"));
    let (help, _) = run(&["bench", "--help"], 0);
    assert!(help.contains("CLOCK_THREAD_CPUTIME_ID"), "{help}");
    assert!(help.contains("GridSearch::prepare"), "{help}");
}
