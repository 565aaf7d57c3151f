//! `onepath bench`'s report (issue 28, item 15): every row lines up whatever the algorithm's
//! name (`octile-astar` pushed its row out of line), any-angle paths shorter than the published
//! 8-connected optimum are said to be expected instead of counted as mismatches (`--alg theta`
//! reported "914 mismatch" and exited 0), and a real mismatch fails the run (exit 1).

use std::fs;
use std::path::Path;

use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;

/// Runs `onepath args…`, asserts the exit code, returns stdout.
fn run(args: &[&str], code: i32) -> String {
    let assert = cargo_bin_cmd!("onepath").args(args).assert().code(code);
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

/// An open 5 x 3 map in `<root>/open/` with these scenario lines; returns the scenario path.
fn write_set(root: &Path, lines: &[&str]) -> String {
    let dir = root.join("open");
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("open.map"),
        "type octile\nheight 3\nwidth 5\nmap\n.....\n.....\n.....\n",
    )
    .unwrap();
    let path = dir.join("open.map.scen");
    fs::write(&path, format!("version 1\n{}\n", lines.join("\n"))).unwrap();
    path.display().to_string()
}

/// (0,0) -> (4,1): 3 + √2 on 8-connected moves; the any-angle line is √17 = 4.123.
const DIAGONAL: &str = "0\topen.map\t5\t3\t0\t0\t4\t1\t4.41421356";
/// (0,0) -> (4,0): 4, published wrong as 3.
const WRONG: &str = "0\topen.map\t5\t3\t0\t0\t4\t0\t3.00000000";

/// The table: the header row and the rows after it that start with the set name (the notes
/// below it have a colon).
fn table(out: &str) -> Vec<&str> {
    out.lines()
        .skip(1)
        .take_while(|l| l.starts_with("set ") || (l.starts_with("open ") && !l.contains(':')))
        .collect()
}

#[test]
fn rows_line_up_whatever_the_algorithm_name() {
    let dir = tempfile::tempdir().unwrap();
    let scen = write_set(dir.path(), &[DIAGONAL]);
    let out = run(
        &[
            "bench",
            &scen,
            "-q",
            "--alg",
            "astar,octile-astar,jps2+,lazytheta",
        ],
        0,
    );
    let rows = table(&out);
    assert_eq!(rows.len(), 5, "{out}");
    // Every column right-aligned under its header: the same width for every row, and each
    // header ends where the row's value ends.
    let width = rows[0].chars().count();
    for row in &rows {
        assert_eq!(row.chars().count(), width, "{out}");
    }
    let header = rows[0];
    let maps_end = header.find("maps").unwrap() + "maps".len();
    for row in &rows[1..] {
        assert_eq!(&row[maps_end - 1..maps_end], "1", "{row}\n{out}");
        assert_eq!(&row[maps_end..=maps_end], " ", "{row}\n{out}");
    }
}

#[test]
fn shorter_any_angle_paths_are_expected_not_mismatches() {
    let dir = tempfile::tempdir().unwrap();
    let scen = write_set(dir.path(), &[DIAGONAL]);
    for alg in ["theta", "lazytheta"] {
        let out = run(&["bench", &scen, "-q", "--alg", alg], 0);
        let row = table(&out)[1];
        assert!(row.ends_with(" 0"), "mismatch column: {row}");
        assert!(
            out.contains(&format!(
                "open {alg}: 1 of 1 paths shorter than the published 8-connected optimum"
            )),
            "{out}"
        );
        assert!(out.contains("expected, not a mismatch"), "{out}");
        assert!(!out.contains("FAIL"), "{out}");
        let v: Value =
            serde_json::from_str(&run(&["bench", &scen, "--json", "--alg", alg], 0)).unwrap();
        assert_eq!(v["rows"][0]["mismatches"], 0);
        assert_eq!(v["rows"][0]["shorter_than_published"], 1);
    }
}

#[test]
fn a_real_mismatch_fails_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let scen = write_set(dir.path(), &[DIAGONAL, WRONG]);
    let out = run(&["bench", &scen, "-q", "--alg", "astar,theta"], 1);
    let rows = table(&out);
    // astar: the wrong line; theta: the wrong line too (4 is longer than 3), the diagonal
    // shorter as expected.
    assert!(rows[1].ends_with(" 1") && rows[2].ends_with(" 1"), "{out}");
    assert!(out.contains("open theta: 1 of 2 paths shorter"), "{out}");
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("FAIL: 2 mismatches"),
        "{out}"
    );
    let v: Value = serde_json::from_str(&run(&["bench", &scen, "--json"], 1)).unwrap();
    assert_eq!(v["rows"][0]["mismatches"], 1);
}
