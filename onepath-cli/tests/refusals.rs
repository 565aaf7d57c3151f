//! Runs that must not pass silently and flags that must say what is wrong (issue 14): `optima`
//! that checks no line, a scenario file with only its header, `--every 0`, `--threads 0`,
//! `--scale` against its help, and `--json` on an input error.

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

const MAP: &str = "type octile\nheight 4\nwidth 5\nmap\n.....\n.@@@.\n.....\n.....\n";

/// Writes `<root>/<set>/tiny.map` and `tiny.map.scen` with these lines after the header;
/// returns the scenario file's path.
fn write_set(root: &Path, set: &str, lines: &[&str]) -> String {
    let dir = root.join(set);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("tiny.map"), MAP).unwrap();
    let mut scen = String::from("version 1\n");
    for l in lines {
        scen.push_str(l);
        scen.push('\n');
    }
    let path = dir.join("tiny.map.scen");
    fs::write(&path, scen).unwrap();
    path.display().to_string()
}

const GOOD: &str = "0\ttiny.map\t5\t4\t0\t0\t4\t0\t4";
const LEN0: &str = "0\ttiny.map\t5\t4\t0\t0\t4\t3\t0"; // length 0, start != goal
const BLOCKED: &str = "0\ttiny.map\t5\t4\t1\t1\t0\t0\t1.41421"; // start on @

#[test]
fn optima_that_checks_no_line_does_not_pass() {
    let dir = tempfile::tempdir().unwrap();
    let scen = write_set(dir.path(), "mini", &[LEN0, BLOCKED]);
    let (out, err) = run(&["optima", &scen, "-q"], 2);
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("NOTHING CHECKED: "), "{out}");
    assert!(!out.contains("PASS"), "{out}");
    assert!(
        err.contains("error: no scenario line was checked, so nothing was verified"),
        "{err}"
    );
    assert!(
        err.contains("1 have a blocked endpoint, 1 length 0 with start != goal"),
        "{err}"
    );
    let (out, _) = run(&["optima", &scen, "--json"], 2);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["pass"], false);
    assert_eq!(v["total"]["checked"], 0);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("no scenario line was checked"),
        "{v}"
    );
    // Sampling that takes nothing is the same: a good line, but --limit 0.
    let good = write_set(dir.path(), "good", &[GOOD]);
    let (out, err) = run(&["optima", &good, "--limit", "0"], 2);
    assert!(out.contains("NOTHING CHECKED"), "{out}");
    assert!(err.contains("0 lines taken (1 in the files"), "{err}");
    // And the good line alone passes.
    let (out, _) = run(&["optima", &good], 0);
    assert!(
        out.contains("PASS: 0 mismatches in 1 checked lines"),
        "{out}"
    );
}

#[test]
fn a_scenario_file_with_only_its_header_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let empty = write_set(dir.path(), "empty", &[]);
    for command in ["optima", "bench"] {
        let (out, err) = run(&[command, &empty], 2);
        assert_eq!(out, "", "{command}");
        assert!(
            err.contains(&format!(
                "error: {empty}: no scenario lines (only the version header)"
            )),
            "{command}: {err}"
        );
    }
    // A folder of header-only files names them all.
    write_set(dir.path(), "empty2", &[]);
    let root = dir.path().to_str().unwrap();
    let (_, err) = run(&["optima", root], 2);
    assert!(
        err.contains("none of the 2 scenario files found has a scenario line"),
        "{err}"
    );
    assert!(err.contains("empty2"), "{err}");
    // Beside a file with lines, a header-only file is a warning, and the run goes on.
    write_set(dir.path(), "good", &[GOOD]);
    let (out, err) = run(&["optima", root, "--json"], 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["pass"], true);
    assert_eq!(v["empty_files"].as_array().unwrap().len(), 2);
    assert!(
        err.contains(&format!("warning: {empty}: no scenario lines")),
        "{err}"
    );
}

#[test]
fn counts_that_must_be_positive_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let scen = write_set(dir.path(), "mini", &[GOOD]);
    for (flag, command) in [
        ("--every", "optima"),
        ("--every", "bench"),
        ("--threads", "optima"),
    ] {
        let (_, err) = run(&[command, &scen, flag, "0"], 2);
        assert!(
            err.contains(&format!("invalid value '0' for '{flag}")),
            "{err}"
        );
        assert!(err.contains("must be at least 1"), "{err}");
        assert!(!err.contains("18446744073709551615"), "{err}");
    }
    let (_, err) = run(&["optima", &scen, "--threads", "many"], 2);
    assert!(err.contains("not a whole number of at least 1"), "{err}");
    let (out, _) = run(&["optima", &scen, "--threads", "1", "--every", "1"], 0);
    assert!(out.contains(", 1 thread, "), "{out}");
}

#[test]
fn scale_help_and_check_agree() {
    let (help, _) = run(&["path", "--help"], 0);
    assert!(help.contains("Pixels per cell, 1..=64"), "{help}");
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("p.svg");
    let svg = svg.to_str().unwrap();
    let (out, _) = run(&["path", "--scale", "64", "--svg", svg], 0);
    assert!(out.contains("(4096x3072 px, 64 px per cell)"), "{out}");
    for bad in ["0", "65"] {
        let (_, err) = run(&["path", "--scale", bad, "--svg", svg], 2);
        assert!(err.contains(&format!("{bad} is not in 1..=64")), "{err}");
    }
}

#[test]
fn json_input_errors_print_a_json_error_object() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing");
    let missing = missing.to_str().unwrap();
    let bad_scen = write_set(dir.path(), "bad", &["0 tiny.map 5 4 0 0 9 0 4"]);
    let header_only = write_set(dir.path(), "empty", &[]);
    let cases: [(&[&str], &str); 6] = [
        (&["optima", missing, "--json"], missing),
        (&["optima", &bad_scen, "--json"], "`goal x` 9 is not below"),
        (&["optima", &header_only, "--json"], "no scenario lines"),
        (&["bench", missing, "--json"], missing),
        (
            &[
                "path", "--map", missing, "--from", "0,0", "--to", "1,1", "--json",
            ],
            missing,
        ),
        (&["path", "--map", missing, "--json"], missing),
    ];
    for (args, needle) in cases {
        let (out, err) = run(args, 2);
        let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let message = v["error"].as_str().unwrap();
        assert!(message.contains(needle), "{args:?}: {v}");
        assert_eq!(v["command"], args[0]);
        // The usual message on stderr too.
        assert_eq!(err, format!("error: {message}\n"), "{args:?}");
    }
}

/// A `.map` file is read as Moving AI whatever its first bytes: a BOM, a leading blank line and
/// `TYPE octile` parse; `type hex` is refused naming the type (it was read as a text picture,
/// or as octile).
#[test]
fn a_map_file_is_moving_ai_whatever_its_first_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let body = "height 4\nwidth 5\nmap\n.....\n.@@@.\n.....\n.....\n";
    let good = dir.path().join("good.map");
    fs::write(&good, format!("\u{feff}\nTYPE octile\n{body}")).unwrap();
    let g = good.display().to_string();
    let (out, _) = run(
        &[
            "path", "--map", &g, "--from", "0,0", "--to", "4,0", "--ascii",
        ],
        0,
    );
    assert!(out.contains("Found"), "{out}");
    let hex = dir.path().join("hex.map");
    fs::write(&hex, format!("type hex\n{body}")).unwrap();
    let h = hex.display().to_string();
    let (_, err) = run(&["path", "--map", &h, "--from", "0,0", "--to", "4,0"], 2);
    assert!(err.contains("hex") && err.contains("type octile"), "{err}");
}

/// `--every K --offset J` for J = 0 … K − 1 splits a sweep into K disjoint parts that cover
/// every line; an offset not below `--every` is refused with both values named.
#[test]
fn offsets_split_a_sweep_into_disjoint_parts() {
    let dir = tempfile::tempdir().unwrap();
    // Seven distinct lines: goal x = 0 … 4 on row 0, then two on row 2.
    let lines: Vec<String> = (0..5)
        .map(|x| format!("0\ttiny.map\t5\t4\t0\t0\t{x}\t0\t{x}"))
        .chain((0..2).map(|x| format!("0\ttiny.map\t5\t4\t0\t2\t{x}\t2\t{x}")))
        .collect();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let scen = write_set(dir.path(), "mini", &refs);
    let mut total = 0;
    for offset in 0..3 {
        let offset = offset.to_string();
        let (out, _) = run(
            &[
                "optima", &scen, "--every", "3", "--offset", &offset, "--json",
            ],
            0,
        );
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["offset"].as_u64().unwrap().to_string(), offset);
        // Lines J, J + 3, …: 3, 2 and 2 of the 7.
        let want = [3, 2, 2][offset.parse::<usize>().unwrap()];
        assert_eq!(v["sets"][0]["checked"], want, "{out}");
        total += want;
    }
    assert_eq!(total, lines.len());
    let (out, _) = run(&["optima", &scen, "--every", "3", "--offset", "1", "-q"], 0);
    assert!(
        out.starts_with(
            "onepath optima --alg astar: 1 scenario files, 2 of 7 lines (every 3 from line 1)"
        ),
        "{out}"
    );
    let (_, err) = run(&["optima", &scen, "--every", "3", "--offset", "3"], 2);
    assert!(err.contains("--offset 3 must be below --every 3"), "{err}");
    let (out, _) = run(
        &["bench", &scen, "--every", "2", "--offset", "2", "--json"],
        2,
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("--offset 2 must be below --every 2"),
        "{out}"
    );
}
