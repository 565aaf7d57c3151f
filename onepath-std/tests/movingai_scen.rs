//! `.scen` parser behaviour on hand-made files: both versions, tabs and spaces, LF and CRLF,
//! every field, the length tolerance, and every error path with its line number.

use onepath_std::movingai::{
    GridFormatError, GridFormatErrorKind as K, MAX_SIDE, MovingAiScenarios, Quoted, Scenario,
    ScenarioVersion,
};

const V1: &str = "version 1\n\
0\tmaps/dao/arena2.map\t281\t209\t100\t41\t98\t44\t3.82843\n\
7\tarena2.map\t281\t209\t280\t208\t0\t0\t12\n";

const V1_0: &str = "version 1.0\n\
61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\n\
33  maps\\bgmaps\\AR0011SR.map  512 512 244 370 359 376 132.40\n";

/// The excerpt an error holds for `text`.
fn q(text: &str) -> Quoted {
    Quoted::new(text.as_bytes())
}

fn err(text: &str) -> (u64, K) {
    let e = MovingAiScenarios::parse(text).expect_err("should be rejected");
    (e.line, e.kind)
}

#[test]
fn version_1_with_tabs_reads_every_field() {
    let scen = MovingAiScenarios::parse(V1).unwrap();
    assert_eq!(scen.version(), ScenarioVersion::V1);
    assert_eq!(scen.len(), 2);
    assert!(!scen.is_empty());
    let s = &scen.scenarios()[0];
    assert_eq!(
        s,
        &Scenario {
            line: 2,
            bucket: 0,
            map: "maps/dao/arena2.map".into(),
            map_width: 281,
            map_height: 209,
            start_x: 100,
            start_y: 41,
            goal_x: 98,
            goal_y: 44,
            optimal_length: 3.82843,
            length_decimals: 5,
        }
    );
    assert_eq!(s.map_name(), "arena2.map");
    let t = &scen.scenarios()[1];
    assert_eq!((t.line, t.bucket, t.map_name()), (3, 7, "arena2.map"));
    assert_eq!((t.start_x, t.start_y, t.goal_x, t.goal_y), (280, 208, 0, 0));
    assert_eq!((t.optimal_length, t.length_decimals), (12.0, 0));
}

#[test]
fn version_1_0_with_spaces_and_backslashes() {
    let scen = MovingAiScenarios::parse(V1_0).unwrap();
    assert_eq!(scen.version(), ScenarioVersion::V1_0);
    let names: Vec<&str> = scen.scenarios().iter().map(Scenario::map_name).collect();
    assert_eq!(names, ["AR0011SR.map", "AR0011SR.map"]);
    let s = &scen.scenarios()[1];
    assert_eq!(
        (s.bucket, s.optimal_length, s.length_decimals),
        (33, 132.40, 2)
    );
    assert_eq!(scen.clone().into_scenarios().len(), 2);
}

#[test]
fn crlf_blank_lines_and_version_only_files() {
    let lf = MovingAiScenarios::parse(V1).unwrap();
    let crlf = MovingAiScenarios::parse(V1.replace('\n', "\r\n")).unwrap();
    assert_eq!(crlf, lf);
    let blanks = MovingAiScenarios::parse(format!("{V1}\n\t\n")).unwrap();
    assert_eq!(blanks, lf);
    let gap = V1.replace("3.82843\n", "3.82843\n\n  \n");
    let gapped = MovingAiScenarios::parse(&gap).unwrap();
    assert_eq!(gapped.scenarios()[1].line, 5);
    let empty = MovingAiScenarios::parse("version 1\n").unwrap();
    assert!(empty.is_empty());
    let no_newline = MovingAiScenarios::parse("version 1.0").unwrap();
    assert!(no_newline.is_empty());
    let bytes = MovingAiScenarios::parse(V1.as_bytes()).unwrap();
    assert_eq!(bytes, lf);
}

#[test]
fn tolerance_is_relative_1e6_or_one_printed_unit() {
    let scen = MovingAiScenarios::parse(
        "version 1\n\
         0 a.map 10 10 0 0 1 1 1.41421\n\
         0 a.map 10 10 0 0 1 1 244.95\n\
         0 a.map 10 10 0 0 1 1 123456.12345678\n\
         0 a.map 10 10 0 0 1 0 0\n\
         0 a.map 10 10 3 3 3 3 0\n",
    )
    .unwrap();
    let s = scen.scenarios();
    assert_eq!(s[0].printed_unit(), 1e-5);
    assert!(s[0].length_matches(core::f64::consts::SQRT_2));
    assert!(!s[0].length_matches(1.41423));
    assert_eq!(s[1].length_tolerance(), 0.01);
    assert!(s[1].length_matches(244.954) && s[1].length_matches(244.94));
    assert!(!s[1].length_matches(244.961));
    // 8 decimals on a long path: relative 1e-6 is the looser bound.
    assert!((s[2].length_tolerance() - 0.123_456_123_456_78).abs() < 1e-12);
    assert!(s[2].length_matches(123_456.2) && !s[2].length_matches(123_456.3));
    assert!(s[3].is_unreachable_marker());
    assert!(!s[4].is_unreachable_marker());
    assert!(!s[0].is_unreachable_marker());
}

#[test]
fn version_errors() {
    assert_eq!(
        err(""),
        (
            1,
            K::UnexpectedEnd {
                expected: "version"
            }
        )
    );
    for bad in [
        "version 2\n",
        "version\n",
        "version 1 x\n",
        "Version 1\n",
        "0\ta.map\t1\t1\t0\t0\t0\t0\t0\n",
        "\nversion 1\n",
    ] {
        let found = q(bad
            .trim_end_matches('\n')
            .lines()
            .next()
            .unwrap_or_default()
            .trim());
        assert_eq!(err(bad), (1, K::UnsupportedVersion { found }), "{bad:?}");
    }
}

#[test]
fn field_errors_name_their_line_and_field() {
    let line = |body: &str| format!("version 1\n0 a.map 8 8 1 1 2 2 1.41421\n{body}\n");
    let cases: Vec<(&str, K)> = vec![
        (
            "0 a.map 8 8 1 1 2 2",
            K::FieldCount {
                expected: 9,
                found: 8,
            },
        ),
        (
            "0 a.map 8 8 1 1 2 2 1 1",
            K::FieldCount {
                expected: 9,
                found: 10,
            },
        ),
        (
            "x a.map 8 8 1 1 2 2 1",
            K::InvalidNumber {
                field: "bucket",
                found: q("x"),
            },
        ),
        (
            "-1 a.map 8 8 1 1 2 2 1",
            K::InvalidNumber {
                field: "bucket",
                found: q("-1"),
            },
        ),
        (
            "0 maps/ 8 8 1 1 2 2 1",
            K::EmptyMapName { found: q("maps/") },
        ),
        (
            "0 a.map 8.0 8 1 1 2 2 1",
            K::InvalidNumber {
                field: "width",
                found: q("8.0"),
            },
        ),
        (
            "0 a.map 8 h 1 1 2 2 1",
            K::InvalidNumber {
                field: "height",
                found: q("h"),
            },
        ),
        (
            "0 a.map 0 8 1 1 2 2 1",
            K::SizeOutOfRange {
                field: "width",
                found: q("0"),
                max: MAX_SIDE,
            },
        ),
        (
            "0 a.map 8 70000 1 1 2 2 1",
            K::SizeOutOfRange {
                field: "height",
                found: q("70000"),
                max: MAX_SIDE,
            },
        ),
        (
            "0 a.map 8 8 x 1 2 2 1",
            K::InvalidNumber {
                field: "start x",
                found: q("x"),
            },
        ),
        (
            "0 a.map 8 8 1 x 2 2 1",
            K::InvalidNumber {
                field: "start y",
                found: q("x"),
            },
        ),
        (
            "0 a.map 8 8 1 1 x 2 1",
            K::InvalidNumber {
                field: "goal x",
                found: q("x"),
            },
        ),
        (
            "0 a.map 8 8 1 1 2 x 1",
            K::InvalidNumber {
                field: "goal y",
                found: q("x"),
            },
        ),
        (
            "0 a.map 8 9 8 1 2 2 1",
            K::CoordinateOutOfRange {
                field: "start x",
                found: q("8"),
                bound: 8,
            },
        ),
        (
            "0 a.map 9 8 1 8 2 2 1",
            K::CoordinateOutOfRange {
                field: "start y",
                found: q("8"),
                bound: 8,
            },
        ),
        (
            "0 a.map 8 8 1 1 9 2 1",
            K::CoordinateOutOfRange {
                field: "goal x",
                found: q("9"),
                bound: 8,
            },
        ),
        (
            "0 a.map 8 8 1 1 2 4294967295 1",
            K::CoordinateOutOfRange {
                field: "goal y",
                found: q("4294967295"),
                bound: 8,
            },
        ),
        (
            "0 a.map 8 8 1 1 2 2 4294967296x",
            K::InvalidLength {
                found: q("4294967296x"),
            },
        ),
        (
            "0 a.map 8 8 1 1 2 2 -1.5",
            K::InvalidLength { found: q("-1.5") },
        ),
        (
            "0 a.map 8 8 1 1 2 2 1e3",
            K::InvalidLength { found: q("1e3") },
        ),
        (
            "0 a.map 8 8 1 1 2 2 nan",
            K::InvalidLength { found: q("nan") },
        ),
        ("0 a.map 8 8 1 1 2 2 .", K::InvalidLength { found: q(".") }),
    ];
    for (body, kind) in cases {
        assert_eq!(err(&line(body)), (3, kind), "{body:?}");
        assert_eq!(
            err(&line(body).replace('\n', "\r\n")),
            (3, kind),
            "{body:?} CRLF"
        );
    }
}

#[test]
fn errors_display_the_line_and_the_problem() {
    let cases = [
        ("", "line 1: file ended before the `version` line"),
        (
            "version 3\n",
            "line 1: expected `version 1` or `version 1.0` as the first line, found `version 3`",
        ),
        (
            "version 1\n\n1 2 3\n",
            "line 3: scenario line has 3 fields, expected 9",
        ),
        (
            "version 1\n0 a.map 8 8 1 1 2 8 1\n",
            "line 2: `goal y` 8 is not below the stated map side 8",
        ),
        (
            "version 1\n0 a.map 8 8 1 1 2 2 -1\n",
            "line 2: optimal length `-1` is not a non-negative decimal number",
        ),
        (
            "version 1\n0 / 8 8 1 1 2 2 1\n",
            "line 2: scenario map name `/` is empty after its folders",
        ),
        (
            "version 1\n0 a 8 8 s 1 2 2 1\n",
            "line 2: start x `s` is not a decimal integer",
        ),
    ];
    for (text, message) in cases {
        let e = MovingAiScenarios::parse(text).unwrap_err();
        assert_eq!(e.to_string(), message, "{text:?}");
    }
}

#[test]
fn a_file_with_only_its_version_line_is_empty_or_refused_on_request() {
    use onepath_std::movingai::files::{LoadError, read_non_empty_scenarios, read_scenarios};

    for text in [
        "version 1\n",
        "version 1.0",
        "\u{feff}version 1\r\n",
        "version 1\n\n \t\n",
    ] {
        let scen = MovingAiScenarios::parse(text).unwrap();
        assert!(scen.is_empty() && scen.scenarios().is_empty(), "{text:?}");
        let e = scen.non_empty().unwrap_err();
        assert_eq!((e.line, e.kind), (2, K::NoScenarios), "{text:?}");
        assert_eq!(
            e.to_string(),
            "line 2: no scenario lines after the `version` line"
        );
    }
    let full = MovingAiScenarios::parse(V1).unwrap();
    assert_eq!(full.clone().non_empty().unwrap(), full);

    // From disk: the plain reader gives the empty list, the other names the file and line.
    let dir = std::env::temp_dir().join(format!("onepath-std-scen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("header-only.map.scen");
    std::fs::write(&path, "version 1\n").unwrap();
    assert!(read_scenarios(&path).unwrap().is_empty());
    let e = read_non_empty_scenarios(&path).unwrap_err();
    assert!(
        matches!(
            e,
            LoadError::Format {
                error: GridFormatError {
                    line: 2,
                    kind: K::NoScenarios
                },
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        format!(
            "{}: line 2: no scenario lines after the `version` line",
            path.display()
        )
    );
    std::fs::write(&path, V1).unwrap();
    assert_eq!(read_non_empty_scenarios(&path).unwrap().len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_byte_order_mark_before_the_version_line_is_skipped() {
    let plain = MovingAiScenarios::parse(V1).unwrap();
    let marked = MovingAiScenarios::parse(format!("\u{feff}{V1}")).unwrap();
    assert_eq!(marked, plain);
    assert_eq!(marked.scenarios()[0].line, 2);
}
