//! The `.map` header variations the parser accepts (a byte order mark, leading blank lines,
//! keywords in any letter case) and the ones it refuses with a message naming what it found
//! (a first line that is not `type octile`, another map type): issue 14 §4.

use std::path::Path;

use onepath_std::movingai::files::is_map_path;
use onepath_std::movingai::{
    GridFormatError, GridFormatErrorKind as K, MovingAiMap, MovingAiOptions, Quoted,
};

const PLAIN: &str = "type octile\nheight 2\nwidth 3\nmap\n.@S\nTWG\n";
const BOM: &str = "\u{feff}";

fn parse(text: &str) -> Result<MovingAiMap, GridFormatError> {
    MovingAiMap::parse(text, &MovingAiOptions::DEFAULT)
}

fn err(text: &str) -> (u64, K) {
    let e = parse(text).expect_err("should be rejected");
    (e.line, e.kind)
}

fn message(text: &str) -> String {
    parse(text).expect_err("should be rejected").to_string()
}

fn q(text: &str) -> Quoted {
    Quoted::new(text.as_bytes())
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let plain = parse(PLAIN).unwrap();
    assert_eq!(parse(&format!("{BOM}{PLAIN}")).unwrap(), plain);
    let crlf = PLAIN.replace('\n', "\r\n");
    assert_eq!(parse(&format!("{BOM}{crlf}")).unwrap(), plain);
    // It does not count as a line: errors keep their line numbers.
    assert_eq!(
        err(&format!("{BOM}type octile\nheight 2\nwidth x\n")).0,
        err("type octile\nheight 2\nwidth x\n").0
    );
    assert_eq!(err(BOM), (1, K::UnexpectedEnd { expected: "type" }));
}

#[test]
fn blank_lines_before_the_header_are_skipped_and_counted() {
    let plain = parse(PLAIN).unwrap();
    for lead in ["\n", "\r\n", "\n\n\n", " \t\n\r\n", "\t\n"] {
        let text = format!("{lead}{PLAIN}");
        assert_eq!(parse(&text).unwrap(), plain, "{lead:?}");
        assert_eq!(parse(&format!("{BOM}{text}")).unwrap(), plain, "{lead:?}");
    }
    // Lines are counted as an editor shows them, blank ones included.
    assert_eq!(
        err("\n\ntype octile\nheight x\n"),
        (
            4,
            K::InvalidNumber {
                field: "height",
                found: q("x")
            }
        )
    );
    // Nothing but blank lines: the `type` line is missing after them.
    assert_eq!(err("\n \n\t\n"), (4, K::UnexpectedEnd { expected: "type" }));
}

#[test]
fn keywords_and_the_type_match_in_any_letter_case() {
    let plain = parse(PLAIN).unwrap();
    for text in [
        "TYPE octile\nheight 2\nwidth 3\nmap\n.@S\nTWG\n",
        "Type OCTILE\nHEIGHT 2\nWidth 3\nMAP\n.@S\nTWG\n",
        "tYpE Octile\nwidth 3\nheight 2\nMap\n.@S\nTWG\n",
    ] {
        let map = parse(text).unwrap();
        assert_eq!(map, plain, "{text:?}");
        assert_eq!(map.map_type(), "octile");
    }
    // Terrain letters stay case-sensitive: `g` is no `G`.
    assert_eq!(
        err("type octile\nheight 1\nwidth 1\nmap\ng\n"),
        (
            5,
            K::InvalidTerrain {
                column: 0,
                found: 'g'
            }
        )
    );
}

#[test]
fn a_first_line_that_is_not_type_octile_is_named() {
    // A text picture handed to the `.map` parser.
    assert_eq!(
        err("#####\n#...#\n#####\n"),
        (1, K::ExpectedType { found: q("#####") })
    );
    assert_eq!(
        message("#####\n#...#\n#####\n"),
        "line 1: expected `type octile`, found `#####`"
    );
    assert_eq!(
        message("\n\n  height 2\n"),
        "line 3: expected `type octile`, found `height 2`"
    );
    assert_eq!(
        message("type\n"),
        "line 1: expected `type octile`, found `type`"
    );
    assert_eq!(
        message("type octile grid\n"),
        "line 1: expected `type octile`, found `type octile grid`"
    );
    // A byte order mark after the first line is not skipped, and the message shows it.
    assert_eq!(
        message(&format!("\n{BOM}type octile\n")),
        "line 2: expected `type octile`, found `\\u{feff}type octile`"
    );
}

#[test]
fn other_map_types_are_refused_by_name() {
    for (text, found) in [
        ("type hex\nheight 1\nwidth 1\nmap\n.\n", "hex"),
        ("TYPE Hex\nheight 1\nwidth 1\nmap\n.\n", "Hex"),
        ("type tile\nheight 1\nwidth 1\nmap\n.\n", "tile"),
        ("type octile8\nheight 1\nwidth 1\nmap\n.\n", "octile8"),
    ] {
        assert_eq!(
            err(text),
            (1, K::UnsupportedType { found: q(found) }),
            "{text:?}"
        );
    }
    assert_eq!(
        message("type hex\nheight 1\nwidth 1\nmap\n.\n"),
        "line 1: map type `hex` is not supported: expected `type octile`"
    );
}

#[test]
fn other_header_lines_quote_what_they_found() {
    assert_eq!(
        message("type octile\nheigth 2\n"),
        "line 2: expected a `height` line, found `heigth 2`"
    );
    assert_eq!(
        message("type octile\n\nheight 2\n"),
        "line 2: expected a `height` line, found a blank line"
    );
    assert_eq!(
        message("type octile\nheight 2 3\n"),
        "line 2: `height` needs exactly one value, found `height 2 3`"
    );
    assert_eq!(
        message("type octile\nheight 2\nwidth 2\nmaps\n"),
        "line 4: expected a `map` line, found `maps`"
    );
    assert_eq!(
        message("type octile\nheight 1\nwidth 1\nmap\n.\n\n  trailing words \n"),
        "line 7: unexpected text `trailing words` after the last map row"
    );
}

#[test]
fn tools_can_tell_which_files_go_to_the_map_parser() {
    assert!(MovingAiMap::looks_like_map(PLAIN));
    assert!(MovingAiMap::looks_like_map(format!("{BOM}\r\n\n{PLAIN}")));
    assert!(MovingAiMap::looks_like_map("TYPE octile"));
    assert!(MovingAiMap::looks_like_map("type hex\n"));
    assert!(MovingAiMap::looks_like_map(" \ttype\n"));
    assert!(!MovingAiMap::looks_like_map("#####\n#...#\n"));
    assert!(!MovingAiMap::looks_like_map("types octile\n"));
    assert!(!MovingAiMap::looks_like_map(""));
    assert!(!MovingAiMap::looks_like_map("\n\n"));
    assert!(!MovingAiMap::looks_like_map(b"\xFF\xFEtype"));

    assert!(is_map_path(Path::new("arena2.map")));
    assert!(is_map_path(Path::new("dir.d/ARENA2.Map")));
    assert!(!is_map_path(Path::new("arena2.map.scen")));
    assert!(!is_map_path(Path::new("arena2.txt")));
    assert!(!is_map_path(Path::new(".map")));
}
