//! `.map` parser behaviour on hand-made files: every field, LF and CRLF, every terrain letter
//! and option, and every error path with its line number.

use onepath_std::movingai::{
    GridFormatError, GridFormatErrorKind as K, MAX_CELLS, MAX_SIDE, MovingAiMap, MovingAiOptions,
    Quoted, Terrain,
};

const ALL_LETTERS: &str = "type octile\nheight 2\nwidth 4\nmap\n.G@O\nTSW.\n";

fn parse(text: &str) -> Result<MovingAiMap, GridFormatError> {
    MovingAiMap::parse(text, &MovingAiOptions::DEFAULT)
}

/// The excerpt an error holds for `text`.
fn q(text: &str) -> Quoted {
    Quoted::new(text.as_bytes())
}

fn err(text: &str) -> (u64, K) {
    let e = parse(text).expect_err("should be rejected");
    (e.line, e.kind)
}

#[test]
fn reads_every_header_field_and_every_letter() {
    use Terrain::{G, Ground, O, OutOfBounds, Swamp, Tree, Water};
    let map = parse(ALL_LETTERS).unwrap();
    assert_eq!(map.map_type(), "octile");
    assert_eq!((map.width(), map.height()), (4, 2));
    assert_eq!(
        map.terrain_cells().collect::<Vec<_>>(),
        [Ground, G, OutOfBounds, O, Tree, Swamp, Water, Ground]
    );
    assert_eq!(map.terrain_bytes(), b".G@OTSW.");
    assert_eq!(map.terrain(3, 1), Some(Ground));
    assert_eq!(map.terrain(4, 0), None);
    assert_eq!(map.terrain(0, 2), None);
    // Defaults: . G S walkable; @ O T W blocked.
    let walkable: Vec<bool> = map.walkable();
    assert_eq!(
        walkable,
        [true, true, false, false, false, true, false, true]
    );
    assert_eq!(map.walkable_count(), 4);
    assert_eq!(map.area_bytes(), [0, 0, 255, 255, 255, 0, 255, 0]);
    assert!(map.is_walkable(1, 0) && !map.is_walkable(2, 0) && !map.is_walkable(9, 9));
    assert_eq!(map.to_rows(), ".G@O\nTSW.\n");
    for t in map.terrain_cells() {
        assert_eq!(Terrain::from_byte(t.as_byte()), Some(t));
    }
}

#[test]
fn swamp_and_water_are_configurable() {
    let cases = [
        (MovingAiOptions::DEFAULT, true, false),
        (
            MovingAiOptions::DEFAULT.with_swamp_walkable(false),
            false,
            false,
        ),
        (
            MovingAiOptions::DEFAULT.with_water_walkable(true),
            true,
            true,
        ),
        (
            MovingAiOptions::default()
                .with_swamp_walkable(false)
                .with_water_walkable(true),
            false,
            true,
        ),
    ];
    for (options, swamp, water) in cases {
        let map = MovingAiMap::parse(ALL_LETTERS, &options).unwrap();
        assert_eq!(map.options(), &options);
        assert_eq!(map.is_walkable(1, 1), swamp, "{options:?}");
        assert_eq!(map.is_walkable(2, 1), water, "{options:?}");
        // The fixed letters never change.
        assert!(map.is_walkable(0, 0) && map.is_walkable(1, 0));
        assert!(!map.is_walkable(2, 0) && !map.is_walkable(3, 0) && !map.is_walkable(0, 1));
    }
}

#[test]
fn crlf_bytes_tabs_and_width_first_are_accepted() {
    let lf = parse(ALL_LETTERS).unwrap();
    let crlf = ALL_LETTERS.replace('\n', "\r\n");
    assert_eq!(parse(&crlf).unwrap(), lf);
    assert_eq!(
        MovingAiMap::parse(crlf.as_bytes(), &MovingAiOptions::DEFAULT).unwrap(),
        lf
    );
    assert_eq!(
        MovingAiMap::parse(crlf.clone().into_bytes(), &MovingAiOptions::DEFAULT).unwrap(),
        lf
    );
    let odd = "type\toctile\r\nwidth   4\nheight\t2 \nmap \n.G@O\r\nTSW.";
    assert_eq!(parse(odd).unwrap(), lf);
    // Trailing blank lines are fine.
    assert_eq!(parse(&format!("{ALL_LETTERS}\n \t\r\n\n")).unwrap(), lf);
    // Other map types are refused, not read as octile.
    assert_eq!(
        err("type tile\nheight 1\nwidth 1\nmap\n."),
        (1, K::UnsupportedType { found: q("tile") })
    );
}

#[test]
fn largest_sides_are_accepted_in_the_header() {
    // 65536 × 1 is allowed; the rows are then checked (here one row of 65536 dots).
    let text = format!(
        "type octile\nheight 1\nwidth 65536\nmap\n{}\n",
        ".".repeat(65_536)
    );
    let map = parse(&text).unwrap();
    assert_eq!(map.width(), MAX_SIDE);
}

#[test]
fn header_errors_name_their_line() {
    assert_eq!(err(""), (1, K::UnexpectedEnd { expected: "type" }));
    assert_eq!(err("octile\n"), (1, K::ExpectedType { found: q("octile") }));
    assert_eq!(err("type\n"), (1, K::ExpectedType { found: q("type") }));
    assert_eq!(
        err("type octile b\n"),
        (
            1,
            K::ExpectedType {
                found: q("type octile b")
            }
        )
    );
    assert_eq!(
        err("type oct\x01ile\n"),
        (
            1,
            K::UnsupportedType {
                found: q("oct\x01ile")
            }
        )
    );
    assert_eq!(
        err("type octile\n"),
        (2, K::UnexpectedEnd { expected: "height" })
    );
    assert_eq!(
        err("type octile\nheight 3\n"),
        (3, K::UnexpectedEnd { expected: "width" })
    );
    assert_eq!(
        err("type octile\nmap\n"),
        (
            2,
            K::ExpectedKeyword {
                expected: "height",
                found: q("map")
            }
        )
    );
    assert_eq!(
        err("type octile\nheight 3\nmap\n"),
        (
            3,
            K::ExpectedKeyword {
                expected: "width",
                found: q("map")
            }
        )
    );
    assert_eq!(
        err("type octile\nheight 3\nheight 3\n"),
        (3, K::DuplicateField { field: "height" })
    );
    assert_eq!(
        err("type octile\nwidth 3\nwidth 3\n"),
        (3, K::DuplicateField { field: "width" })
    );
    assert_eq!(
        err("type octile\nheight\n"),
        (
            2,
            K::BadFieldValue {
                field: "height",
                found: q("height")
            }
        )
    );
    assert_eq!(
        err("type octile\nheight 2 3\n"),
        (
            2,
            K::BadFieldValue {
                field: "height",
                found: q("height 2 3")
            }
        )
    );
    assert_eq!(
        err("type octile\nheight x\n"),
        (
            2,
            K::InvalidNumber {
                field: "height",
                found: q("x")
            }
        )
    );
    assert_eq!(
        err("type octile\nheight 2\nwidth -1\n"),
        (
            3,
            K::InvalidNumber {
                field: "width",
                found: q("-1")
            }
        )
    );
    assert_eq!(
        err("type octile\nheight 2\nwidth +1\n"),
        (
            3,
            K::InvalidNumber {
                field: "width",
                found: q("+1")
            }
        )
    );
    assert_eq!(
        err("type octile\nheight 0\n"),
        (
            2,
            K::SizeOutOfRange {
                field: "height",
                found: q("0"),
                max: MAX_SIDE
            }
        )
    );
    assert_eq!(
        err("type octile\nheight 2\nwidth 65537\n"),
        (
            3,
            K::SizeOutOfRange {
                field: "width",
                found: q("65537"),
                max: MAX_SIDE
            }
        )
    );
    assert_eq!(
        err("type octile\nheight 2\nwidth 99999999999999\n"),
        (
            3,
            K::SizeOutOfRange {
                field: "width",
                found: q("99999999999999"),
                max: MAX_SIDE
            }
        )
    );
    assert_eq!(
        err("type octile\nheight 65536\nwidth 65536\nmap\n"),
        (
            3,
            K::TooManyCells {
                cells: 1 << 32,
                max: MAX_CELLS
            }
        )
    );
    assert_eq!(
        err("type octile\nheight 2\nwidth 2\n"),
        (4, K::UnexpectedEnd { expected: "map" })
    );
    assert_eq!(
        err("type octile\nheight 2\nwidth 2\nmaps\n"),
        (
            4,
            K::ExpectedKeyword {
                expected: "map",
                found: q("maps")
            }
        )
    );
    assert_eq!(
        err("type octile\nheight 2\nwidth 2\nmap x\n"),
        (
            4,
            K::BadFieldValue {
                field: "map",
                found: q("map x")
            }
        )
    );
}

#[test]
fn row_errors_name_their_line() {
    let head = "type octile\nheight 3\nwidth 2\nmap\n";
    assert_eq!(
        err(head),
        (
            5,
            K::MissingRows {
                expected: 3,
                found: 0
            }
        )
    );
    assert_eq!(
        err(&format!("{head}..\n..\n")),
        (
            7,
            K::MissingRows {
                expected: 3,
                found: 2
            }
        )
    );
    assert_eq!(
        err(&format!("{head}..\n...\n..\n")),
        (
            6,
            K::RowLength {
                expected: 2,
                found: 3
            }
        )
    );
    assert_eq!(
        err(&format!("{head}..\n\n..\n")),
        (
            6,
            K::RowLength {
                expected: 2,
                found: 0
            }
        )
    );
    // A trailing space is not terrain: the row is too long.
    assert_eq!(
        err(&format!("{head}.. \n..\n..\n")),
        (
            5,
            K::RowLength {
                expected: 2,
                found: 3
            }
        )
    );
    assert_eq!(
        err(&format!("{head}..\n.#\n..\n")),
        (
            6,
            K::InvalidTerrain {
                column: 1,
                found: '#'
            }
        )
    );
    assert_eq!(
        err(&format!("{head}..\n..\n\u{0}.\n")),
        (
            7,
            K::InvalidTerrain {
                column: 0,
                found: '\0'
            }
        )
    );
    // Lower-case letters are not terrain.
    assert_eq!(
        err(&format!("{head}..\n..\ng.\n")),
        (
            7,
            K::InvalidTerrain {
                column: 0,
                found: 'g'
            }
        )
    );
    assert_eq!(
        err(&format!("{head}..\n..\n..\n\n..\n")),
        (9, K::TrailingData { found: q("..") })
    );
    // CRLF counts lines the same way.
    let crlf = format!("{head}..\n.#\n..\n").replace('\n', "\r\n");
    assert_eq!(
        err(&crlf),
        (
            6,
            K::InvalidTerrain {
                column: 1,
                found: '#'
            }
        )
    );
}

#[test]
fn huge_headers_do_not_allocate_before_rows_exist() {
    // 2^28 cells promised, a few bytes given: rejected at the first missing row, quickly and
    // without allocating 256 MiB (a test runner with a memory limit would notice).
    let text = "type octile\nheight 16384\nwidth 16384\nmap\n....\n";
    assert_eq!(
        err(text),
        (
            5,
            K::RowLength {
                expected: 16_384,
                found: 4
            }
        )
    );
    let text = "type octile\nheight 16384\nwidth 16384\nmap\n";
    assert_eq!(
        err(text),
        (
            5,
            K::MissingRows {
                expected: 16_384,
                found: 0
            }
        )
    );
}

#[test]
fn errors_display_the_line_and_the_problem() {
    let cases = [
        ("", "line 1: file ended before the `type` line"),
        (
            "type octile\nheight 0\n",
            "line 2: height `0` is not a number in 1..=65536",
        ),
        (
            "type octile\nheight 1\nwidth 2\nmap\n.\n",
            "line 5: map row has 1 characters, expected width 2",
        ),
        (
            "type octile\nheight 1\nwidth 2\nmap\n.#\n",
            "line 5: unknown terrain '#' at column 1",
        ),
        (
            "type octile\nheight 1\nwidth 2\nmap\n.\u{7f}\n",
            "line 5: unknown terrain byte 0x7F at column 1",
        ),
        (
            "type octile\nheight 2\nwidth 2\nmap\n..\n",
            "line 6: file ended after 1 of 2 map rows",
        ),
        (
            "type octile\nheight 1\nwidth 1\nmap\n.\nx\n",
            "line 6: unexpected text `x` after the last map row",
        ),
        (
            "type octile\nheight 65536\nwidth 4097\nmap\n",
            "line 3: map has 268500992 cells, more than the limit 268435456",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(parse(text).unwrap_err().to_string(), message, "{text:?}");
    }
    let e: Box<dyn core::error::Error> = Box::new(parse("").unwrap_err());
    assert!(e.to_string().starts_with("line 1"));
}

#[test]
fn non_utf8_bytes_are_terrain_errors_not_panics() {
    let mut bytes = b"type octile\nheight 1\nwidth 2\nmap\n".to_vec();
    bytes.extend_from_slice(&[b'.', 0xFF, b'\n']);
    let e = MovingAiMap::parse(&bytes, &MovingAiOptions::DEFAULT).unwrap_err();
    assert_eq!(
        (e.line, e.kind),
        (
            5,
            K::InvalidUtf8 {
                column: 1,
                byte: 0xFF
            }
        )
    );
    assert_eq!(e.to_string(), "line 5: byte 0xFF at column 1 is not UTF-8");
}

#[test]
fn to_grid_keeps_size_and_walkability() {
    use onepath::Cell;
    let map = parse(ALL_LETTERS).unwrap();
    let grid = map.to_grid().unwrap();
    assert_eq!((grid.width(), grid.height()), (4, 2));
    assert_eq!(grid.cells(), map.area_bytes().as_slice());
    for y in 0..2 {
        for x in 0..4 {
            assert_eq!(
                grid.is_walkable(Cell::new(x, y)),
                map.is_walkable(x as u32, y as u32)
            );
        }
    }
    let wet = MovingAiMap::parse(
        ALL_LETTERS,
        &MovingAiOptions::DEFAULT.with_water_walkable(true),
    )
    .unwrap()
    .to_grid()
    .unwrap();
    assert!(wet.is_walkable(Cell::new(2, 1)));
}
