//! Nothing fails or is ignored without a word (issue 28, item 14): every flag that does not
//! apply is an input error naming it (`path --map X.3dmap --svg f.svg` used to exit 0 with no
//! file and no message), every failure prints a message (`flow --goal` on a wall and a voxel
//! `path` with an invalid endpoint exited 1 with nothing on stderr; a goal outside the map next
//! to a valid one was accepted silently), and every written file prints its `wrote` line.

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

/// A 4 x 3 x 2 voxel block with a solid column at x = 1, y = 0..2 (both layers).
const VOXELS: &str = "voxel 4 3 2\n1 0 0\n1 1 0\n1 0 1\n1 1 1\n";

fn voxel_map(dir: &Path) -> String {
    let map = dir.join("T.3dmap");
    fs::write(&map, VOXELS).unwrap();
    map.display().to_string()
}

/// Every flag `path` ignored on a voxel map is refused by name, with exit 2 and no file.
#[test]
fn flags_that_do_not_apply_to_a_voxel_map_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let map = voxel_map(dir.path());
    let svg = dir.path().join("f.svg");
    let svg = svg.to_str().unwrap();
    let base = ["path", "--map", &map, "--from", "0,0,0", "--to", "3,0,1"];
    let cases: [(&[&str], &str); 8] = [
        (&["--svg", svg], "--svg does not apply to a voxel map"),
        (&["--ascii"], "--ascii does not apply to a voxel map"),
        (&["--alg", "hpa"], "--alg hpa does not apply to a voxel map"),
        (&["--alg", "jps"], "--alg jps does not apply to a voxel map"),
        (&["--chunk", "8"], "--chunk does not apply to a voxel map"),
        (&["--smooth", "0"], "--smooth does not apply to a voxel map"),
        (
            &["--swamp", "blocked"],
            "--swamp does not apply to a voxel map",
        ),
        (&["--scale", "4"], "--scale does not apply without --png"),
    ];
    for (flags, needle) in cases {
        let args = [&base[..], flags].concat();
        let (out, err) = run(&args, 2);
        assert_eq!(out, "", "{flags:?}");
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{flags:?}: {err}"
        );
    }
    assert!(!svg_exists(svg), "no file is written");
    // All of them at once: each is named.
    let args = [
        &base[..],
        &[
            "--svg", svg, "--ascii", "--alg", "hpa", "--chunk", "8", "--water", "walkable",
        ],
    ]
    .concat();
    let (_, err) = run(&args, 2);
    for flag in ["--svg", "--ascii", "--alg hpa", "--chunk", "--water"] {
        assert!(
            err.contains(&format!("{flag} does not apply")),
            "{flag}: {err}"
        );
    }
    // With --json the refusal is the JSON error object too.
    let args = [&base[..], &["--svg", svg, "--json"]].concat();
    let (out, _) = run(&args, 2);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["error"].as_str().unwrap().contains("--svg"), "{v}");
    // `--alg astar` is what the voxel path runs: accepted.
    let args = [&base[..], &["--alg", "astar"]].concat();
    run(&args, 0);
}

fn svg_exists(path: &str) -> bool {
    Path::new(path).exists()
}

/// The 2D forms: HPA* flags without `--alg hpa`, `--scale` without a picture, `--ascii` with
/// `--json` (the JSON has no picture), and `flow --scale` without `--png`.
#[test]
fn flags_that_do_not_apply_to_a_2d_query_are_named() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["path", "--chunk", "8"],
            "--chunk does not apply with --alg astar",
        ),
        (
            &["path", "--alg", "jps", "--smooth", "0"],
            "--smooth does not apply with --alg jps",
        ),
        (
            &["path", "--scale", "4"],
            "--scale does not apply without --png or --svg",
        ),
        (
            &["path", "--ascii", "--json"],
            "--ascii does not apply with --json",
        ),
        (
            &["flow", "--goal", "3,3", "--scale", "4"],
            "--scale does not apply without --png",
        ),
        (
            &["flow", "--goal", "3,3", "--water", "walkable"],
            "--swamp and --water apply to Moving AI maps only",
        ),
    ];
    for (args, needle) in cases {
        let (out, err) = run(args, 2);
        // Nothing on stdout but, with --json, the error object.
        if args.contains(&"--json") {
            let v: Value = serde_json::from_str(&out).unwrap();
            assert!(v["error"].as_str().unwrap().contains(needle), "{v}");
        } else {
            assert_eq!(out, "", "{args:?}");
        }
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    // The same flags where they apply are fine.
    run(
        &["path", "--alg", "hpa", "--chunk", "8", "--smooth", "0"],
        0,
    );
}

/// `optima` refuses what its help says does not apply: HPA* flags without `--alg hpa`,
/// `--changes` / `--seed` without `--replan`, `--alg` / `--threads` with `--replan`, and the
/// 2D flags on voxel scenarios.
#[test]
fn optima_flags_that_do_not_apply_are_named() {
    let dir = tempfile::tempdir().unwrap();
    voxel_map(dir.path());
    fs::write(
        dir.path().join("T.3dmap.3dscen"),
        "version 1\nT.3dmap\n0 0 0 2 0 0 6.00000000 1.0\n",
    )
    .unwrap();
    let scen = dir.path().join("T.3dmap.3dscen");
    let scen = scen.to_str().unwrap();
    let flat = dir.path().join("flat");
    fs::create_dir(&flat).unwrap();
    fs::write(
        flat.join("f.map"),
        "type octile\nheight 1\nwidth 3\nmap\n...\n",
    )
    .unwrap();
    fs::write(
        flat.join("f.map.scen"),
        "version 1\n0\tf.map\t3\t1\t0\t0\t2\t0\t2\n",
    )
    .unwrap();
    let map = flat.join("f.map.scen");
    let map = map.to_str().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (
            &["optima", "--chunk", "8", map],
            "--chunk does not apply with --alg astar",
        ),
        (
            &["optima", "--seed", "3", map],
            "--seed does not apply without --replan",
        ),
        (
            &["optima", "--replan", "lpa", "--alg", "jps", map],
            "--alg jps does not apply with --replan",
        ),
        (
            &["optima", "--replan", "dstar", "--threads", "2", map],
            "--threads does not apply with --replan",
        ),
        (
            &["optima", "--alg", "theta", scen],
            "--alg theta does not apply to voxel scenarios",
        ),
        (
            &["optima", "--swamp", "blocked", scen],
            "--swamp does not apply to voxel scenarios",
        ),
    ];
    for (args, needle) in cases {
        let (_, err) = run(args, 2);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    run(&["optima", scen, "--threads", "1"], 0);
    run(&["optima", map, "--alg", "hpa", "--chunk", "8"], 0);
    run(&["optima", map, "--replan", "lpa", "--seed", "3"], 0);
}

/// `flow` with a goal on a wall or outside the map says which goal and why, exits 1 and
/// computes nothing, also when another goal is good (that one used to hide the bad one).
#[test]
fn flow_names_every_goal_that_is_not_a_walkable_cell() {
    let (out, err) = run(&["flow", "--goal", "0,0"], 1);
    assert_eq!(out, "");
    assert_eq!(err, "error: --goal 0,0 is a wall; no field computed\n");
    let (out, err) = run(&["flow", "--goal", "3,3", "--goal", "999,-2"], 1);
    assert_eq!(out, "");
    assert!(
        err.contains("--goal 999,-2 is outside the map (64 x 48: x in 0..=63, y in 0..=47)"),
        "{err}"
    );
    assert!(!err.contains("3,3"), "{err}");
    // With --json: the error object, not a field of unreachable cells.
    let (out, _) = run(&["flow", "--goal", "0,0", "--goal", "64,0", "--json"], 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["command"], "flow");
    let message = v["error"].as_str().unwrap();
    assert!(message.contains("--goal 0,0 is a wall"), "{message}");
    assert!(
        message.contains("--goal 64,0 is outside the map"),
        "{message}"
    );
    assert!(v.get("cost").is_none(), "{v}");
}

/// A voxel `path` with a solid or outside endpoint names it on stderr (exit 1, as for 2D maps),
/// and the 2D message names the value and the cause too.
#[test]
fn invalid_endpoints_are_named_with_their_cause() {
    let dir = tempfile::tempdir().unwrap();
    let map = voxel_map(dir.path());
    let (out, err) = run(
        &["path", "--map", &map, "--from", "1,0,0", "--to", "3,0,1"],
        1,
    );
    assert!(out.contains("StartInvalid"), "{out}");
    assert_eq!(err, "error: StartInvalid: --from 1,0,0 is solid\n");
    let (out, err) = run(
        &[
            "path", "--map", &map, "--from", "0,0,0", "--to", "3,0,2", "--json",
        ],
        1,
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "GoalInvalid");
    assert!(
        err.contains(
            "--to 3,0,2 is outside the block (4 x 3 x 2: x in 0..=3, y in 0..=2, z in 0..=1)"
        ),
        "{err}"
    );
    let (_, err) = run(&["path", "--from", "0,0", "--to", "70,5"], 1);
    assert!(
        err.contains("--from 0,0 is a wall; --to 70,5 is outside the map (64 x 48"),
        "{err}"
    );
}

/// Every file written prints its `wrote` line (a voxel PNG printed none), and the JSON forms
/// list it under `written`.
#[test]
fn every_written_file_prints_its_wrote_line() {
    let dir = tempfile::tempdir().unwrap();
    let map = voxel_map(dir.path());
    let png = dir.path().join("v.png");
    let png = png.to_str().unwrap();
    let args = [
        "path", "--map", &map, "--from", "0,0,0", "--to", "3,0,1", "--png", png,
    ];
    let (out, _) = run(&args, 0);
    assert!(
        out.lines()
            .any(|l| l.starts_with(&format!("wrote {png} (")) && l.ends_with("px per voxel)")),
        "{out}"
    );
    let (out, _) = run(&[&args[..], &["--json"]].concat(), 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["written"], serde_json::json!([png]));
    let flow = dir.path().join("f.png");
    let flow = flow.to_str().unwrap();
    let (out, _) = run(&["flow", "--goal", "3,3", "--png", flow], 0);
    assert!(
        out.lines()
            .any(|l| l == format!("wrote {flow} (768x576 px, 12 px per cell)")),
        "{out}"
    );
    let (out, _) = run(&["flow", "--goal", "3,3", "--png", flow, "--json"], 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["written"], serde_json::json!([flow]));
}
