//! DIMACS `.gr` / `.co` parsing: the happy path, every error with its line, bounds checked
//! before allocation, and a Moving AI map as a graph.

use std::fmt::Write as _;

use onepath::Point3;
use onepath::graph::GraphEdge;
use onepath_std::dimacs::{DimacsErrorKind, map_graph, parse_co, parse_gr};
use onepath_std::movingai::{MovingAiMap, MovingAiOptions};

#[test]
fn a_small_graph_parses_in_file_order() {
    let g = parse_gr(b"c hello\np sp 3 3\na 1 2 5\n\na 3 1 0\na 2 3 7\n").unwrap();
    assert_eq!(g.node_count, 3);
    assert_eq!(
        g.edges,
        [
            GraphEdge::new(0, 1, 5.0),
            GraphEdge::new(2, 0, 0.0),
            GraphEdge::new(1, 2, 7.0)
        ]
    );
    let co = parse_co(b"p aux sp co 3\nv 2 10 20\nv 1 -5 3\nv 3 0 0\n", 3).unwrap();
    assert_eq!(co[0], Point3::new(-5.0, 3.0, 0.0));
    assert_eq!(co[1], Point3::new(10.0, 20.0, 0.0));
}

fn gr_error(text: &str) -> (u64, DimacsErrorKind, String) {
    let e = parse_gr(text.as_bytes()).unwrap_err();
    (e.line, e.kind.clone(), e.to_string())
}

#[test]
fn errors_name_their_line() {
    let (line, kind, msg) = gr_error("p sp 2 1\na 1 3 4\n");
    assert_eq!(
        (line, kind),
        (
            2,
            DimacsErrorKind::NodeOutOfRange {
                node: 3,
                node_count: 2
            }
        )
    );
    assert_eq!(msg, "line 2: node 3 is outside 1..=2");
    assert_eq!(gr_error("p sp 2 1\na 0 1 4\n").0, 2);
    assert_eq!(gr_error("a 1 2 3\n").1, DimacsErrorKind::MissingProblem);
    assert_eq!(gr_error("c only\n").1, DimacsErrorKind::MissingProblem);
    assert_eq!(
        gr_error("p sp 2 1\np sp 2 1\n").1,
        DimacsErrorKind::DuplicateProblem
    );
    assert_eq!(gr_error("p max 2 1\n").1, DimacsErrorKind::BadProblem);
    let (line, _, msg) = gr_error("p sp 2 2\na 1 2 1\na 2 1 -1\n");
    assert_eq!(
        (line, msg.as_str()),
        (3, "line 3: weight \"-1\" is not a finite number >= 0")
    );
    for w in ["nan", "inf", "x", ""] {
        assert!(
            matches!(
                gr_error(&format!("p sp 2 1\na 1 2 {w}\n")).1,
                DimacsErrorKind::BadWeight { .. }
            ),
            "{w}"
        );
    }
    assert_eq!(
        gr_error("p sp 2 2\na 1 2 1\n").1,
        DimacsErrorKind::CountMismatch {
            declared: 2,
            found: 1
        }
    );
    assert!(matches!(
        gr_error("p sp 2 1\na 1 2 1\na 1 2 1\n"),
        (3, DimacsErrorKind::CountMismatch { .. }, _)
    ));
    assert!(matches!(
        gr_error("p sp 2 1\nx 1 2 1\n"),
        (2, DimacsErrorKind::UnknownLine { .. }, _)
    ));
    assert!(matches!(
        gr_error("p sp 2 1\na 1 2 1 9\n"),
        (2, DimacsErrorKind::BadNumber { .. }, _)
    ));
    assert_eq!(
        parse_gr(&[0xFF, 0xFE]).unwrap_err().kind,
        DimacsErrorKind::NotText
    );
}

#[test]
fn declared_counts_are_bounded_before_allocation() {
    // Four billion arcs cannot be in a 20-byte file: nothing that size is reserved, and the
    // file is reported for what it is, one that ends before its arcs (issue 28, item 15).
    let (line, kind, msg) = gr_error("p sp 5 4000000000\n");
    assert_eq!(line, 1);
    assert_eq!(
        kind,
        DimacsErrorKind::CountMismatch {
            declared: 4_000_000_000,
            found: 0
        }
    );
    assert!(msg.contains("ends after 0 of the 4000000000 arcs"), "{msg}");
    // More arcs than any graph holds: refused at the problem line as too large.
    let (line, kind, msg) = gr_error("p sp 5 4294967295\n");
    assert_eq!(line, 1);
    assert!(matches!(
        kind,
        DimacsErrorKind::TooLarge {
            what: "arcs",
            count: 4_294_967_295,
            max: 4_294_967_294
        }
    ));
    assert!(msg.contains("more than the 4294967294 allowed"), "{msg}");
    assert!(matches!(
        gr_error("p sp 99999999999 1\n").1,
        DimacsErrorKind::TooLarge { what: "nodes", .. }
    ));
    let e = parse_co(b"p aux sp co 67108864\n", 67_108_864).unwrap_err();
    assert!(matches!(e.kind, DimacsErrorKind::TooLarge { .. }));
    let e = parse_co(b"p aux sp co 2\nv 1 0 0\n", 2).unwrap_err();
    assert_eq!(e.to_string(), "coordinate of node 2 is missing");
    let e = parse_co(b"p aux sp co 2\nv 1 0 0\nv 1 0 0\n", 2).unwrap_err();
    assert_eq!(e.line, 3);
    let e = parse_co(b"p aux sp co 1\nv 1 3e6 0\n", 1).unwrap_err();
    assert!(matches!(e.kind, DimacsErrorKind::CoordinateRange { .. }));
}

#[test]
fn a_map_becomes_a_graph_without_corner_cutting() {
    let map = MovingAiMap::parse(
        "type octile\nheight 2\nwidth 3\nmap\n..@\n...\n",
        &MovingAiOptions::default(),
    )
    .unwrap();
    let g = map_graph(&map).unwrap();
    assert_eq!(g.graph.node_count(), 5);
    assert_eq!(g.node(2, 0), None);
    let n = |x, y| g.node(x, y).unwrap();
    assert_eq!(g.positions[n(1, 1) as usize], Point3::new(1.5, 1.5, 0.0));
    // (1, 0): E is a wall; S, W; the diagonal SE to (2, 1) cuts the wall corner: refused.
    let out: Vec<(u32, f64)> = g.graph.out_edges(n(1, 0)).collect();
    assert_eq!(
        out,
        [
            (n(1, 1), 1.0),
            (n(0, 0), 1.0),
            (n(0, 1), onepath::math::SQRT2)
        ]
    );
}

#[test]
fn a_truncated_file_says_it_ends_early_with_both_counts() {
    // Issue 28, item 15: a `.gr` cut off after 2,500 of its 8,870 arcs said "8870 arcs
    // declared, more than the 2500 allowed" (the declared count checked against what the
    // file's length could hold); it says where the file ends and both counts.
    let mut text = String::from("c cut\np sp 100 8870\n");
    for i in 0..2500u32 {
        writeln!(text, "a {} {} 1", i % 100 + 1, (i + 1) % 100 + 1).unwrap();
    }
    let (line, kind, msg) = gr_error(&text);
    assert_eq!(line, 2502, "the last line of the file");
    assert_eq!(
        kind,
        DimacsErrorKind::CountMismatch {
            declared: 8870,
            found: 2500
        }
    );
    assert_eq!(
        msg,
        "line 2502: the file ends after 2500 of the 8870 arcs its problem line declares"
    );
    // One arc more than declared: the line of the extra arc.
    let (line, _, msg) = gr_error("p sp 2 1\na 1 2 1\na 2 1 1\n");
    assert_eq!(line, 3);
    assert_eq!(
        msg,
        "line 3: more arcs than the 1 its problem line declares"
    );
}
