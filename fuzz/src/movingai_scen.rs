//! Target `movingai_scen`: [`MovingAiScenarios::parse`] on arbitrary bytes.
//!
//! Properties:
//! - `Ok`: every scenario's line is in `2..=lines` and strictly after the previous one; the
//!   stated sides are in `1..=MAX_SIDE`, start and goal lie inside them; the optimal length
//!   is finite and not negative and matches itself within its tolerance; the map name is not
//!   empty and has no folder separator; printing the scenarios back and parsing them gives the
//!   same scenarios (numbers, names and lengths bit for bit).
//! - `Err`: the line is in `1..=lines` (line 1 of an empty input for the missing version); a
//!   coordinate or size out of range is quoted as digits outside its bound; the message stays
//!   short whatever the input (quotes are cut at 40 characters).

use core::fmt::Write as _;

use onepath_std::movingai::{
    GridFormatError, GridFormatErrorKind, MAX_SIDE, MovingAiScenarios, Scenario, ScenarioVersion,
};

use crate::lines::line_count;
use crate::movingai_map::{check_message, out_of_range};

/// The `movingai_scen` body: never panics; asserts the properties in the module docs.
pub fn movingai_scen(data: &[u8]) {
    let lines = line_count(data);
    match MovingAiScenarios::parse(data) {
        Ok(scen) => check_scenarios(&scen, lines),
        Err(e) => check_error(e, lines),
    }
}

fn check_scenarios(scen: &MovingAiScenarios, lines: u64) {
    assert_eq!(scen.len(), scen.scenarios().len());
    assert_eq!(scen.is_empty(), scen.scenarios().is_empty());
    let mut previous = 1;
    for s in scen.scenarios() {
        assert!(
            s.line > previous && s.line <= lines,
            "line {} of {lines}",
            s.line
        );
        previous = s.line;
        check_scenario(s);
    }
    // Print and parse again.
    let version = match scen.version() {
        ScenarioVersion::V1 => "1",
        _ => "1.0",
    };
    let mut text = format!("version {version}\n");
    for s in scen.scenarios() {
        let _ = writeln!(
            text,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            s.bucket,
            s.map,
            s.map_width,
            s.map_height,
            s.start_x,
            s.start_y,
            s.goal_x,
            s.goal_y,
            s.optimal_length
        );
    }
    let again = MovingAiScenarios::parse(&text).expect("printed scenarios parse");
    assert_eq!(again.version(), scen.version());
    assert_eq!(again.len(), scen.len());
    for (a, b) in again.scenarios().iter().zip(scen.scenarios()) {
        let key = |s: &Scenario| {
            (
                s.bucket,
                s.map.clone(),
                (s.map_width, s.map_height),
                (s.start_x, s.start_y, s.goal_x, s.goal_y),
                s.optimal_length.to_bits(),
            )
        };
        assert_eq!(key(a), key(b), "print-parse round trip");
    }
}

fn check_scenario(s: &Scenario) {
    assert!((1..=MAX_SIDE).contains(&s.map_width), "{s:?}");
    assert!((1..=MAX_SIDE).contains(&s.map_height), "{s:?}");
    assert!(s.start_x < s.map_width && s.goal_x < s.map_width, "{s:?}");
    assert!(s.start_y < s.map_height && s.goal_y < s.map_height, "{s:?}");
    assert!(
        s.optimal_length.is_finite() && s.optimal_length >= 0.0,
        "{s:?}"
    );
    let tolerance = s.length_tolerance();
    assert!(tolerance.is_finite() && tolerance >= 0.0, "{s:?}");
    assert!(s.length_matches(s.optimal_length), "{s:?}");
    let name = s.map_name();
    assert!(!name.is_empty() && !name.contains(['/', '\\']), "{s:?}");
    assert!(s.map.ends_with(name));
    assert!(!s.map.contains([' ', '\t']), "{s:?}");
    let same_cell = (s.start_x, s.start_y) == (s.goal_x, s.goal_y);
    assert_eq!(
        s.is_unreachable_marker(),
        s.optimal_length == 0.0 && !same_cell
    );
}

fn check_error(e: GridFormatError, lines: u64) {
    let last = if matches!(e.kind, GridFormatErrorKind::UnexpectedEnd { .. }) {
        lines.max(1)
    } else {
        lines
    };
    assert!((1..=last).contains(&e.line), "{e:?} in {lines} lines");
    check_message(&e);
    match e.kind {
        GridFormatErrorKind::FieldCount { expected, found } => assert_ne!(found, expected),
        GridFormatErrorKind::CoordinateOutOfRange { found, bound, .. } => {
            assert!(out_of_range(&found, 0, bound.saturating_sub(1)), "{e:?}");
        }
        GridFormatErrorKind::SizeOutOfRange { found, max, .. } => {
            assert!(out_of_range(&found, 1, max), "{e:?}");
        }
        GridFormatErrorKind::NumberTooLarge { found, max, .. } => {
            assert!(out_of_range(&found, 0, max), "{e:?}");
        }
        _ => {}
    }
}
