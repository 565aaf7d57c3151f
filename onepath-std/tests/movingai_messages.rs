//! What the Moving AI parsers' messages say about the input (issue 14 §4): quoted text is cut
//! to 40 characters on a character boundary, numbers too large for any integer type are
//! quoted as written with their bound, and row lengths and columns count characters.

use onepath_std::movingai::{
    GridFormatError, GridFormatErrorKind as K, MovingAiMap, MovingAiOptions, MovingAiScenarios,
    QUOTE_MAX_CHARS, Quoted,
};

const FIVE_MB: usize = 5 << 20;

fn map_err(text: &str) -> GridFormatError {
    MovingAiMap::parse(text, &MovingAiOptions::DEFAULT).expect_err("should be rejected")
}

fn scen_err(text: &str) -> GridFormatError {
    MovingAiScenarios::parse(text).expect_err("should be rejected")
}

/// The quoted excerpt of an error, whichever kind holds it.
fn quoted(e: &GridFormatError) -> Quoted {
    match e.kind {
        K::ExpectedType { found }
        | K::UnsupportedType { found }
        | K::ExpectedKeyword { found, .. }
        | K::BadFieldValue { found, .. }
        | K::InvalidNumber { found, .. }
        | K::NumberTooLarge { found, .. }
        | K::SizeOutOfRange { found, .. }
        | K::TrailingData { found }
        | K::UnsupportedVersion { found }
        | K::EmptyMapName { found }
        | K::InvalidLength { found }
        | K::CoordinateOutOfRange { found, .. } => found,
        kind => panic!("{kind:?} quotes nothing"),
    }
}

#[test]
fn five_megabyte_fields_are_cut_to_forty_characters() {
    let nines = "9".repeat(FIVE_MB);
    let junk = "x".repeat(FIVE_MB);
    let forty = |c: &str| format!("{}…", c.repeat(QUOTE_MAX_CHARS));
    let cases = [
        // (input, line, message)
        (
            format!("type octile\nheight 2\nwidth {nines}\n"),
            format!(
                "line 3: width `{}` is not a number in 1..=65536",
                forty("9")
            ),
        ),
        (
            format!("type octile\nheight {junk}\n"),
            format!("line 2: height `{}` is not a decimal integer", forty("x")),
        ),
        (
            format!("{junk}\n"),
            format!("line 1: expected `type octile`, found `{}`", forty("x")),
        ),
        (
            format!("type {junk}\n"),
            format!(
                "line 1: map type `{}` is not supported: expected `type octile`",
                forty("x")
            ),
        ),
        (
            format!("type octile\n{junk}\n"),
            format!("line 2: expected a `height` line, found `{}`", forty("x")),
        ),
        (
            format!("type octile\nheight 1\nwidth 1\nmap\n.\n{junk}\n"),
            format!(
                "line 6: unexpected text `{}` after the last map row",
                forty("x")
            ),
        ),
    ];
    for (text, expected) in cases {
        let e = map_err(&text);
        assert!(quoted(&e).is_truncated());
        assert_eq!(e.to_string(), expected);
    }

    let scen_cases = [
        (
            format!("{junk}\n"),
            format!(
                "line 1: expected `version 1` or `version 1.0` as the first line, found `{}`",
                forty("x")
            ),
        ),
        (
            format!("version 1\n0 a.map 8 8 1 1 2 2 {junk}\n"),
            format!(
                "line 2: optimal length `{}` is not a non-negative decimal number",
                forty("x")
            ),
        ),
        (
            format!("version 1\n0 {junk}/ 8 8 1 1 2 2 1\n"),
            format!(
                "line 2: scenario map name `{}` is empty after its folders",
                forty("x")
            ),
        ),
        (
            format!("version 1\n0 a.map 8 8 {nines} 1 2 2 1\n"),
            format!(
                "line 2: `start x` {} is not below the stated map side 8",
                forty("9")
            ),
        ),
        (
            format!("version 1\n{junk} a.map 8 8 1 1 2 2 1\n"),
            format!("line 2: bucket `{}` is not a decimal integer", forty("x")),
        ),
    ];
    for (text, expected) in scen_cases {
        let e = scen_err(&text);
        assert!(quoted(&e).is_truncated());
        assert_eq!(e.to_string(), expected);
    }
}

#[test]
fn quotes_are_cut_on_a_character_boundary() {
    let e = map_err(&format!("type octile\nheight {}\n", "é".repeat(1000)));
    let q = quoted(&e);
    assert!(q.is_truncated());
    assert!(q.as_str().chars().all(|c| c == 'é'));
    assert!(q.as_str().chars().count() <= QUOTE_MAX_CHARS);
    assert!(
        e.to_string().ends_with("é…` is not a decimal integer"),
        "{e}"
    );
    // Exactly 40 characters are kept whole, with no mark.
    let forty = "x".repeat(QUOTE_MAX_CHARS);
    let e = map_err(&format!("type octile\nheight {forty}\n"));
    assert!(!quoted(&e).is_truncated());
    assert_eq!(
        e.to_string(),
        format!("line 2: height `{forty}` is not a decimal integer")
    );
}

#[test]
fn overflowing_numbers_are_quoted_as_written_with_their_bound() {
    let e = map_err("type octile\nheight 99999999999999999999999\n");
    assert_eq!(
        e.to_string(),
        "line 2: height `99999999999999999999999` is not a number in 1..=65536"
    );
    // Just above u32::MAX, and just above the bound: the same message shape.
    assert_eq!(
        map_err("type octile\nheight 2\nwidth 4294967296\n").to_string(),
        "line 3: width `4294967296` is not a number in 1..=65536"
    );
    assert_eq!(
        map_err("type octile\nheight 65537\n").to_string(),
        "line 2: height `65537` is not a number in 1..=65536"
    );
    // Leading zeros are kept as written.
    assert_eq!(
        map_err("type octile\nheight 000\n").to_string(),
        "line 2: height `000` is not a number in 1..=65536"
    );

    let line = |body: &str| format!("version 1\n{body}\n");
    assert_eq!(
        scen_err(&line("0 a.map 99999999999999999999999 8 1 1 2 2 1")).to_string(),
        "line 2: width `99999999999999999999999` is not a number in 1..=65536"
    );
    assert_eq!(
        scen_err(&line("0 a.map 8 8 1 1 2 99999999999999999999999 1")).to_string(),
        "line 2: `goal y` 99999999999999999999999 is not below the stated map side 8"
    );
    let e = scen_err(&line("4294967296 a.map 8 8 1 1 2 2 1"));
    assert_eq!(
        e.kind,
        K::NumberTooLarge {
            field: "bucket",
            found: Quoted::new(b"4294967296"),
            max: u32::MAX
        }
    );
    assert_eq!(
        e.to_string(),
        "line 2: bucket `4294967296` is not a number in 0..=4294967295"
    );
    // The largest bucket still parses.
    let ok = MovingAiScenarios::parse(line("4294967295 a.map 8 8 1 1 2 2 1")).unwrap();
    assert_eq!(ok.scenarios()[0].bucket, u32::MAX);
}

#[test]
fn row_lengths_and_columns_count_characters_not_bytes() {
    let head = |w: u32| format!("type octile\nheight 1\nwidth {w}\nmap\n");
    // 3 characters in 6 bytes, width 3: the character is named, at its character column.
    let e = map_err(&format!("{}.é.\n", head(3)));
    assert_eq!(
        (e.line, e.kind),
        (
            5,
            K::InvalidTerrain {
                column: 1,
                found: 'é'
            }
        )
    );
    assert_eq!(
        e.to_string(),
        "line 5: unknown terrain 'é' (U+00E9) at column 1"
    );
    // 4 bytes but 2 characters against width 4: the length is in characters.
    let e = map_err(&format!("{}.é\n", head(4)));
    assert_eq!(
        e.kind,
        K::RowLength {
            expected: 4,
            found: 2
        }
    );
    assert_eq!(
        e.to_string(),
        "line 5: map row has 2 characters, expected width 4"
    );
    // One 4-byte character in a row of width 4.
    assert_eq!(
        map_err(&format!("{}🦀\n", head(4))).kind,
        K::RowLength {
            expected: 4,
            found: 1
        }
    );
    // Wide and invisible characters are named by code point.
    let e = map_err(&format!("{}..\u{3000}.\n", head(4)));
    assert_eq!(
        e.kind,
        K::InvalidTerrain {
            column: 2,
            found: '\u{3000}'
        }
    );
    assert!(e.to_string().contains("(U+3000) at column 2"), "{e}");
    // A byte that is not UTF-8 counts as one character, and the message names the byte.
    let mut bytes = head(3).into_bytes();
    bytes.extend_from_slice(b"\xC3.\xFF.\n");
    let e = MovingAiMap::parse(&bytes, &MovingAiOptions::DEFAULT).unwrap_err();
    assert_eq!(
        e.kind,
        K::RowLength {
            expected: 3,
            found: 4
        }
    );
    let mut bytes = head(4).into_bytes();
    bytes.extend_from_slice(b"\xC3.\xFF.\n");
    let e = MovingAiMap::parse(&bytes, &MovingAiOptions::DEFAULT).unwrap_err();
    assert_eq!(
        e.kind,
        K::InvalidUtf8 {
            column: 0,
            byte: 0xC3
        }
    );
    assert_eq!(e.to_string(), "line 5: byte 0xC3 at column 0 is not UTF-8");
}
