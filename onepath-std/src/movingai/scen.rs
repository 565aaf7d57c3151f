//! The `.scen` format: a version line, then one scenario per line
//! (`bucket map width height sx sy gx gy optimal_length`).

use super::error::{GridFormatError, GridFormatErrorKind};
use super::map::parse_side;
use super::{Lines, Number, Quoted, fields, is_blank, parse_number, strip_bom, trimmed};

/// The version line of a scenario file.
///
/// # Examples
///
/// ```
/// use onepath_std::movingai::{MovingAiScenarios, ScenarioVersion};
/// assert_eq!(MovingAiScenarios::parse("version 1\n").unwrap().version(), ScenarioVersion::V1);
/// assert_eq!(MovingAiScenarios::parse("version 1.0\n").unwrap().version(), ScenarioVersion::V1_0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ScenarioVersion {
    /// `version 1` (dao, da2, sc1, street, maze, random, room).
    V1,
    /// `version 1.0` (bg512, wc3maps512). Same fields.
    V1_0,
}

/// One scenario line: a start and goal on a named map and the published optimal length
/// (octile moves of cost 1 and √2, no corner cutting).
///
/// # Examples
///
/// ```
/// use onepath_std::movingai::MovingAiScenarios;
/// let scen = MovingAiScenarios::parse("version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n").unwrap();
/// let s = &scen.scenarios()[0];
/// assert_eq!((s.map_name(), s.start_y, s.goal_y, s.optimal_length), ("arena.map", 11, 12, 1.0));
/// assert!(s.length_matches(1.0));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The 1-based line of the file this scenario came from.
    pub line: u64,
    /// The bucket number (path length / 4 in most sets; counted from 0 or 1 depending on set).
    pub bucket: u32,
    /// The map field as written, possibly with folders (`maps/dao/arena2.map`).
    pub map: String,
    /// The map width the line states.
    pub map_width: u32,
    /// The map height the line states.
    pub map_height: u32,
    /// Start column.
    pub start_x: u32,
    /// Start row.
    pub start_y: u32,
    /// Goal column.
    pub goal_x: u32,
    /// Goal row.
    pub goal_y: u32,
    /// The published optimal length.
    pub optimal_length: f64,
    /// Digits printed after the decimal point in the length (0 when there is no point).
    pub length_decimals: u32,
}

impl Scenario {
    /// The map's file name without folders (`arena2.map` for `maps/dao/arena2.map`); `/` and `\`
    /// both separate folders. Scenarios are matched to maps by this name.
    pub fn map_name(&self) -> &str {
        basename(&self.map)
    }

    /// One unit of the last digit the file printed for the length (`1e-5` for `3.82843`,
    /// `0.01` for `244.95`, `1` for `7`).
    pub fn printed_unit(&self) -> f64 {
        // "1e-N" parses to the correctly rounded power of ten (0 for absurd N): no float
        // arithmetic, the same on every platform.
        format!("1e-{}", self.length_decimals)
            .parse()
            .unwrap_or(0.0)
    }

    /// The tolerance for comparing a computed length with the published one: relative 1e-6
    /// or one unit of the last printed digit, whichever is looser. The spec's 1e-6 assumes
    /// 8-decimal files; most benchmark files print 5 or 6 significant digits.
    pub fn length_tolerance(&self) -> f64 {
        (self.optimal_length * 1e-6).max(self.printed_unit())
    }

    /// Whether `length` equals the published optimum within [`Self::length_tolerance`].
    pub fn length_matches(&self, length: f64) -> bool {
        (length - self.optimal_length).abs() <= self.length_tolerance()
    }

    /// A published length of 0 with start ≠ goal: the benchmark's way of writing an
    /// unreachable pair, not a length to compare with.
    pub fn is_unreachable_marker(&self) -> bool {
        self.optimal_length == 0.0 && (self.start_x, self.start_y) != (self.goal_x, self.goal_y)
    }
}

/// The file name after the last `/` or `\`.
fn basename(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// A parsed `.scen` file.
///
/// # Examples
///
/// ```
/// use onepath_std::movingai::MovingAiScenarios;
/// let text = "version 1\n0 a.map 8 8 0 0 1 0 1\n0 a.map 8 8 0 0 2 0 2\n";
/// let scen = MovingAiScenarios::parse(text).unwrap();
/// assert_eq!(scen.len(), 2);
/// assert_eq!(scen.into_scenarios()[1].goal_x, 2);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MovingAiScenarios {
    version: ScenarioVersion,
    scenarios: Vec<Scenario>,
}

/// Field names, in line order, as error messages name them.
const FIELD_NAMES: [&str; 9] = [
    "bucket",
    "map",
    "width",
    "height",
    "start x",
    "start y",
    "goal x",
    "goal y",
    "optimal length",
];

impl MovingAiScenarios {
    /// Parses a `.scen` file from its bytes (a `&str`, `&[u8]` or `Vec<u8>`).
    ///
    /// The first line is `version 1` or `version 1.0` (a byte order mark may come before it).
    /// Every further non-blank line has exactly 9 fields separated by tabs or runs of spaces:
    /// bucket, map name (with or without folders), map width, map height, start x, start y,
    /// goal x, goal y (zero-based, x = column) and the optimal length (a plain decimal number).
    /// LF and CRLF line ends are accepted; blank lines are skipped. A file with only its version
    /// line parses to an empty list ([`Self::is_empty`]); [`Self::non_empty`] refuses it.
    ///
    /// # Errors
    ///
    /// [`GridFormatError`] with the 1-based line: a missing or other version line, a wrong field
    /// count, a field that is not a decimal integer or a bucket above `u32::MAX`, a map side of
    /// 0 or above 65,536, an empty map name, a length that is not a non-negative decimal, or a
    /// start or goal outside the stated width and height (however many digits it has). Messages
    /// quote at most 40 characters of what the file held.
    ///
    /// # Complexity
    ///
    /// One pass; memory proportional to the input.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath_std::movingai::{MovingAiScenarios, ScenarioVersion};
    ///
    /// let file = "version 1.0\n3 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\n";
    /// let scen = MovingAiScenarios::parse(file)?;
    /// assert_eq!(scen.version(), ScenarioVersion::V1_0);
    /// let s = &scen.scenarios()[0];
    /// assert_eq!((s.map_name(), s.start_x, s.goal_y), ("AR0011SR.map", 210, 201));
    /// assert!(s.length_matches(244.954) && !s.length_matches(244.97));
    /// # Ok::<(), onepath_std::movingai::GridFormatError>(())
    /// ```
    pub fn parse(input: impl AsRef<[u8]>) -> Result<Self, GridFormatError> {
        Self::parse_bytes(input.as_ref())
    }

    fn parse_bytes(input: &[u8]) -> Result<Self, GridFormatError> {
        let mut lines = Lines::new(strip_bom(input));
        let (line, text) = lines.next().ok_or(GridFormatError::new(
            1,
            GridFormatErrorKind::UnexpectedEnd {
                expected: "version",
            },
        ))?;
        let mut words = fields(text);
        let version = match (words.next(), words.next(), words.next()) {
            (Some(b"version"), Some(b"1"), None) => ScenarioVersion::V1,
            (Some(b"version"), Some(b"1.0"), None) => ScenarioVersion::V1_0,
            _ => {
                return Err(GridFormatError::new(
                    line,
                    GridFormatErrorKind::UnsupportedVersion {
                        found: Quoted::new(trimmed(text)),
                    },
                ));
            }
        };
        let mut scenarios = Vec::new();
        for (line, text) in lines {
            if is_blank(text) {
                continue;
            }
            scenarios.push(parse_line(line, text)?);
        }
        Ok(Self { version, scenarios })
    }

    /// The file's version line.
    pub const fn version(&self) -> ScenarioVersion {
        self.version
    }

    /// The scenarios in file order.
    pub fn scenarios(&self) -> &[Scenario] {
        &self.scenarios
    }

    /// Takes the scenarios out.
    pub fn into_scenarios(self) -> Vec<Scenario> {
        self.scenarios
    }

    /// Number of scenarios.
    pub fn len(&self) -> usize {
        self.scenarios.len()
    }

    /// Whether the file has no scenario lines.
    pub fn is_empty(&self) -> bool {
        self.scenarios.is_empty()
    }

    /// The scenarios, refusing a file that has none: for tools to which a scenario file
    /// without scenario lines is a mistake rather than an empty task.
    ///
    /// # Errors
    ///
    /// [`GridFormatErrorKind::NoScenarios`] at line 2 (where the first scenario line belongs)
    /// when the file holds only its version line and blank lines.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath_std::movingai::{GridFormatErrorKind, MovingAiScenarios};
    ///
    /// let header_only = MovingAiScenarios::parse("version 1\n")?;
    /// assert!(header_only.is_empty());
    /// let err = header_only.non_empty().unwrap_err();
    /// assert_eq!((err.line, err.kind), (2, GridFormatErrorKind::NoScenarios));
    /// assert_eq!(err.to_string(), "line 2: no scenario lines after the `version` line");
    /// # Ok::<(), onepath_std::movingai::GridFormatError>(())
    /// ```
    pub fn non_empty(self) -> Result<Self, GridFormatError> {
        if self.is_empty() {
            Err(GridFormatError::new(2, GridFormatErrorKind::NoScenarios))
        } else {
            Ok(self)
        }
    }
}

fn parse_line(line: u64, text: &[u8]) -> Result<Scenario, GridFormatError> {
    let err = |kind| GridFormatError::new(line, kind);
    // A hand-written split (the generic `fields` iterator is several times slower in debug
    // builds, which the tests run in).
    let mut parts: [&[u8]; 9] = [&[]; 9];
    let mut count: usize = 0;
    let mut i = 0;
    while i < text.len() {
        if text[i] == b' ' || text[i] == b'\t' {
            i += 1;
            continue;
        }
        let start = i;
        while i < text.len() && text[i] != b' ' && text[i] != b'\t' {
            i += 1;
        }
        if count < parts.len() {
            parts[count] = &text[start..i];
        }
        count += 1;
    }
    if count != parts.len() {
        return Err(err(GridFormatErrorKind::FieldCount {
            expected: 9,
            found: u32::try_from(count).unwrap_or(u32::MAX),
        }));
    }
    let quoted = |i: usize| Quoted::new(parts[i]);
    let bucket = match parse_number(parts[0]) {
        Number::Value(bucket) => bucket,
        Number::TooLarge => {
            return Err(err(GridFormatErrorKind::NumberTooLarge {
                field: FIELD_NAMES[0],
                found: quoted(0),
                max: u32::MAX,
            }));
        }
        Number::NotDigits => {
            return Err(err(GridFormatErrorKind::InvalidNumber {
                field: FIELD_NAMES[0],
                found: quoted(0),
            }));
        }
    };
    let map = String::from_utf8_lossy(parts[1]).into_owned();
    if basename(&map).is_empty() {
        return Err(err(GridFormatErrorKind::EmptyMapName { found: quoted(1) }));
    }
    let map_width = parse_side(line, parts[2], FIELD_NAMES[2])?;
    let map_height = parse_side(line, parts[3], FIELD_NAMES[3])?;
    let mut coords = [0_u32; 4];
    for (k, c) in coords.iter_mut().enumerate() {
        let i = 4 + k;
        let bound = if k % 2 == 0 { map_width } else { map_height };
        *c = match parse_number(parts[i]) {
            Number::Value(v) if v < bound => v,
            Number::Value(_) | Number::TooLarge => {
                return Err(err(GridFormatErrorKind::CoordinateOutOfRange {
                    field: FIELD_NAMES[i],
                    found: quoted(i),
                    bound,
                }));
            }
            Number::NotDigits => {
                return Err(err(GridFormatErrorKind::InvalidNumber {
                    field: FIELD_NAMES[i],
                    found: quoted(i),
                }));
            }
        };
    }
    let (optimal_length, length_decimals) = parse_length(parts[8])
        .ok_or_else(|| err(GridFormatErrorKind::InvalidLength { found: quoted(8) }))?;
    Ok(Scenario {
        line,
        bucket,
        map,
        map_width,
        map_height,
        start_x: coords[0],
        start_y: coords[1],
        goal_x: coords[2],
        goal_y: coords[3],
        optimal_length,
        length_decimals,
    })
}

/// A plain decimal: `digits [. digits]` or `. digits`; returns the value and the number of
/// digits after the point.
fn parse_length(field: &[u8]) -> Option<(f64, u32)> {
    let (int, frac) = match field.iter().position(|&b| b == b'.') {
        Some(i) => (&field[..i], Some(&field[i + 1..])),
        None => (field, None),
    };
    let digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
    let frac_len = frac.map_or(0, <[u8]>::len);
    if !digits(int) || !frac.is_none_or(digits) || int.len() + frac_len == 0 {
        return None;
    }
    // Only ASCII digits and one point: valid UTF-8 and a valid Rust float literal.
    let text = core::str::from_utf8(field).ok()?;
    let value: f64 = text.parse().ok()?;
    value
        .is_finite()
        .then_some((value, u32::try_from(frac_len).unwrap_or(u32::MAX)))
}

#[cfg(test)]
mod tests {
    use super::{basename, parse_length};

    #[test]
    fn basename_strips_either_separator() {
        assert_eq!(basename("maps/dao/arena2.map"), "arena2.map");
        assert_eq!(basename("maps\\dao\\arena2.map"), "arena2.map");
        assert_eq!(basename("arena2.map"), "arena2.map");
        assert_eq!(basename("maps/"), "");
    }

    #[test]
    fn lengths_are_plain_decimals() {
        assert_eq!(parse_length(b"3.82843"), Some((3.82843, 5)));
        assert_eq!(parse_length(b"244.95"), Some((244.95, 2)));
        assert_eq!(parse_length(b"7"), Some((7.0, 0)));
        assert_eq!(parse_length(b"7."), Some((7.0, 0)));
        assert_eq!(parse_length(b".5"), Some((0.5, 1)));
        assert_eq!(parse_length(b"0"), Some((0.0, 0)));
        for bad in [
            &b"."[..],
            b"",
            b"-1",
            b"+1",
            b"1e3",
            b"inf",
            b"NaN",
            b"1.2.3",
            b"1,5",
        ] {
            assert_eq!(
                parse_length(bad),
                None,
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
        // Too many digits for a finite f64.
        let huge = [b'9'; 400];
        assert_eq!(parse_length(&huge), None);
    }
}
