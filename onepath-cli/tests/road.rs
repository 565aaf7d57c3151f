//! `onepath road` end to end: a small DIMACS graph with coordinates, a small map with its
//! scenarios, and input errors.

use std::fmt::Write as _;
use std::fs;

use assert_cmd::cargo::cargo_bin_cmd;

fn run(args: &[&str], code: i32) -> (String, String) {
    let assert = cargo_bin_cmd!("onepath").args(args).assert().code(code);
    let o = assert.get_output();
    (
        String::from_utf8(o.stdout.clone()).unwrap(),
        String::from_utf8(o.stderr.clone()).unwrap(),
    )
}

#[test]
fn a_grid_like_road_graph_agrees_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let (w, h) = (6u32, 5u32);
    let mut gr = String::new();
    let mut arcs = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let v = y * w + x + 1;
            if x + 1 < w {
                arcs.push((v, v + 1, 10 + (v % 3)));
                arcs.push((v + 1, v, 10));
            }
            if y + 1 < h {
                arcs.push((v, v + w, 12));
                arcs.push((v + w, v, 10 + (v % 5)));
            }
        }
    }
    write!(gr, "c test\np sp {} {}\n", w * h, arcs.len()).unwrap();
    for (a, b, c) in &arcs {
        writeln!(gr, "a {a} {b} {c}").unwrap();
    }
    let mut co = format!("p aux sp co {}\n", w * h);
    for v in 0..w * h {
        writeln!(co, "v {} {} {}", v + 1, (v % w) * 10, (v / w) * 10).unwrap();
    }
    let (gp, cp) = (dir.path().join("t.gr"), dir.path().join("t.co"));
    fs::write(&gp, gr).unwrap();
    fs::write(&cp, co).unwrap();
    let args = [
        "road",
        "--gr",
        gp.to_str().unwrap(),
        "--co",
        cp.to_str().unwrap(),
        "--queries",
        "40",
        "--landmarks",
        "3",
    ];
    let (out, _) = run(&args, 0);
    for name in [
        "dijkstra",
        "astar landmarks",
        "bidirectional dijkstra",
        "bidirectional both",
        "astar geometric",
    ] {
        assert!(out.contains(name), "{out}");
    }
    assert!(out.contains("40 reachable pairs"), "{out}");
}

#[test]
fn a_map_is_checked_against_its_scenarios() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("m.map");
    fs::write(
        &map,
        "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n",
    )
    .unwrap();
    let scen = "version 1\n0\tm.map\t4\t3\t0\t0\t3\t2\t5\n0\tm.map\t4\t3\t0\t1\t3\t1\t5\n";
    fs::write(dir.path().join("m.map.scen"), scen).unwrap();
    let (out, _) = run(
        &["road", "--map", map.to_str().unwrap(), "--queries", "5"],
        0,
    );
    assert!(
        out.contains("published optima: 2 scenario lines checked, 0 mismatches"),
        "{out}"
    );
}

#[test]
fn input_errors_exit_2_with_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let gp = dir.path().join("bad.gr");
    fs::write(&gp, "p sp 2 1\na 1 3 1\n").unwrap();
    let (_, err) = run(&["road", "--gr", gp.to_str().unwrap()], 2);
    assert!(err.contains("line 2: node 3 is outside 1..=2"), "{err}");
    // Issue 28, item 15: with no graph the error named only `--gr`; it names both ways in.
    let (_, err) = run(&["road"], 2);
    assert!(err.contains("--gr") && err.contains("--map"), "{err}");
    let (_, err) = run(&["road", "--co", "x.co"], 2);
    assert!(err.contains("--gr") && err.contains("--map"), "{err}");
}

#[test]
fn a_missing_file_is_named_once() {
    // Issue 28, item 15: "error: /nonexistent.gr: /nonexistent.gr: No such file …".
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nonexistent.gr");
    let m = missing.to_str().unwrap();
    let (out, err) = run(&["road", "--gr", m], 2);
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.matches(m).count(), 1, "{err}");
    assert!(err.contains("No such file"), "{err}");
    // The same for a missing `.co` beside a good `.gr`.
    let gp = dir.path().join("ok.gr");
    fs::write(&gp, "p sp 2 1\na 1 2 1\n").unwrap();
    let co = dir.path().join("nonexistent.co");
    let c = co.to_str().unwrap();
    let (_, err) = run(&["road", "--gr", gp.to_str().unwrap(), "--co", c], 2);
    assert_eq!(err.matches(c).count(), 1, "{err}");
}

#[test]
fn a_truncated_graph_says_where_it_ends() {
    // Issue 28, item 15: a cut `.gr` said "8870 arcs declared, more than the 2500 allowed".
    let dir = tempfile::tempdir().unwrap();
    let gp = dir.path().join("cut.gr");
    let mut text = String::from("p sp 50 8870\n");
    for i in 0..2500u32 {
        writeln!(text, "a {} {} 1", i % 50 + 1, (i + 1) % 50 + 1).unwrap();
    }
    fs::write(&gp, text).unwrap();
    let (_, err) = run(&["road", "--gr", gp.to_str().unwrap()], 2);
    assert!(
        err.contains("line 2501: the file ends after 2500 of the 8870 arcs"),
        "{err}"
    );
    assert!(!err.contains("allowed"), "{err}");
}

#[test]
fn the_header_labels_every_column() {
    // Issue 28, item 15: the header had six labels over seven columns (no "rounding").
    let dir = tempfile::tempdir().unwrap();
    let gp = dir.path().join("line.gr");
    fs::write(
        &gp,
        "p sp 3 4\na 1 2 0.1\na 2 3 0.2\na 2 1 0.1\na 3 2 0.2\n",
    )
    .unwrap();
    let (out, _) = run(
        &[
            "road",
            "--gr",
            gp.to_str().unwrap(),
            "--queries",
            "5",
            "--landmarks",
            "1",
        ],
        0,
    );
    let lines: Vec<&str> = out.lines().collect();
    let header = lines
        .iter()
        .position(|l| l.starts_with("search"))
        .unwrap_or_else(|| panic!("no header: {out}"));
    let labels = [
        "search",
        "expanded/query",
        "vs dijk",
        "us/query",
        "speedup",
        "cost diffs",
        "rounding",
    ];
    let head = lines[header];
    let mut ends = Vec::new();
    let mut at = 0;
    for label in labels {
        let i = head[at..]
            .find(label)
            .unwrap_or_else(|| panic!("{label}: {head}"))
            + at;
        at = i + label.len();
        ends.push(at);
    }
    assert_eq!(at, head.len(), "nothing after the last label: {head:?}");
    // Every row has seven fields, right-aligned under the labels (the name left-aligned).
    let row = lines[header + 1];
    assert!(row.starts_with("dijkstra"), "{row}");
    assert_eq!(row.split_whitespace().count(), 7, "{row}");
    assert_eq!(row.len(), head.len(), "{head:?}\n{row:?}");
    for &end in &ends[1..] {
        assert_ne!(
            row.as_bytes()[end - 1],
            b' ',
            "a field ends at column {end}: {row:?}"
        );
        if end < row.len() {
            assert_eq!(row.as_bytes()[end], b' ', "{row:?}");
        }
    }
}

#[test]
fn weights_that_could_overflow_a_path_cost_exit_2_with_the_line() {
    // Issue 27: arcs 1 -> 2 and 2 -> 3 of weight 1.797e308 summed to +∞ and made the searches
    // disagree; the graph is refused instead, naming the arc's line.
    let dir = tempfile::tempdir().unwrap();
    let gp = dir.path().join("big.gr");
    fs::write(&gp, "p sp 3 2\na 1 2 1.797e308\na 2 3 1.797e308\n").unwrap();
    let (out, err) = run(&["road", "--gr", gp.to_str().unwrap()], 2);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("line 2: the arc weights total") && err.contains("overflow"),
        "{err}"
    );
    // Weights that each fit but together pass the bound: the second arc's line.
    fs::write(&gp, "p sp 3 2\na 1 2 4e307\na 2 3 4e307\n").unwrap();
    let (_, err) = run(&["road", "--gr", gp.to_str().unwrap()], 2);
    assert!(err.contains("line 3: the arc weights total 8e307"), "{err}");
}
