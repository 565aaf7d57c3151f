//! The `.map` format: `type octile`, `height H`, `width W`, `map`, then H rows of W terrain
//! letters.

use super::error::{GridFormatError, GridFormatErrorKind};
use super::{
    Lines, MAX_CELLS, MAX_SIDE, Number, Quoted, fields, is_blank, parse_number, strip_bom, trimmed,
};

/// One Moving AI terrain letter.
///
/// The benchmark's own description: `.` and `G` passable ground; `@` and `O` out of bounds;
/// `T` trees (blocked); `S` swamp (passable); `W` water (not passable from ground). Whether `S`
/// and `W` are walkable is a [`MovingAiOptions`] choice; the others are fixed.
///
/// # Examples
///
/// ```
/// use onepath_std::movingai::{MovingAiOptions, Terrain};
/// assert_eq!(Terrain::from_byte(b'T'), Some(Terrain::Tree));
/// assert_eq!(Terrain::Swamp.as_byte(), b'S');
/// assert_eq!(Terrain::from_byte(b'x'), None);
/// assert!(MovingAiOptions::DEFAULT.is_walkable(Terrain::Swamp) && !MovingAiOptions::DEFAULT.is_walkable(Terrain::Water));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Terrain {
    /// `.` passable ground.
    Ground = b'.',
    /// `G` passable ground.
    G = b'G',
    /// `@` out of bounds.
    OutOfBounds = b'@',
    /// `O` out of bounds.
    O = b'O',
    /// `T` trees (blocked).
    Tree = b'T',
    /// `S` swamp (walkable by default).
    Swamp = b'S',
    /// `W` water (blocked by default).
    Water = b'W',
}

impl Terrain {
    /// The terrain a byte of a map row stands for, or `None` for any other byte.
    pub const fn from_byte(byte: u8) -> Option<Self> {
        Some(match byte {
            b'.' => Self::Ground,
            b'G' => Self::G,
            b'@' => Self::OutOfBounds,
            b'O' => Self::O,
            b'T' => Self::Tree,
            b'S' => Self::Swamp,
            b'W' => Self::Water,
            _ => return None,
        })
    }

    /// The letter as it appears in a file.
    pub const fn as_byte(self) -> u8 {
        self as u8
    }
}

/// Which of the configurable terrain letters count as walkable.
///
/// The defaults (`S` walkable, `W` blocked) are what the published optimal lengths of the
/// wc3maps512 set need; the other sets contain neither letter.
///
/// # Examples
///
/// ```
/// use onepath_std::movingai::{MovingAiMap, MovingAiOptions};
/// let text = "type octile\nheight 1\nwidth 3\nmap\nSW.\n";
/// let default = MovingAiMap::parse(text, &MovingAiOptions::DEFAULT).unwrap();
/// assert_eq!(default.walkable(), vec![true, false, true]);
/// let boats = MovingAiOptions::DEFAULT.with_water_walkable(true);
/// assert_eq!(MovingAiMap::parse(text, &boats).unwrap().walkable_count(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct MovingAiOptions {
    /// Whether `S` (swamp) is walkable. Default `true`.
    pub swamp_walkable: bool,
    /// Whether `W` (water) is walkable. Default `false`.
    pub water_walkable: bool,
}

impl MovingAiOptions {
    /// `S` walkable, `W` blocked.
    pub const DEFAULT: Self = Self {
        swamp_walkable: true,
        water_walkable: false,
    };

    /// Sets whether `S` (swamp) is walkable.
    #[must_use]
    pub const fn with_swamp_walkable(mut self, walkable: bool) -> Self {
        self.swamp_walkable = walkable;
        self
    }

    /// Sets whether `W` (water) is walkable.
    #[must_use]
    pub const fn with_water_walkable(mut self, walkable: bool) -> Self {
        self.water_walkable = walkable;
        self
    }

    /// Whether `terrain` is walkable under these options.
    pub const fn is_walkable(&self, terrain: Terrain) -> bool {
        match terrain {
            Terrain::Ground | Terrain::G => true,
            Terrain::OutOfBounds | Terrain::O | Terrain::Tree => false,
            Terrain::Swamp => self.swamp_walkable,
            Terrain::Water => self.water_walkable,
        }
    }
}

impl Default for MovingAiOptions {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// A parsed Moving AI `.map` file: its size, its terrain letters (row-major, `y * width + x`)
/// and the options that decide which letters are walkable.
///
/// # Examples
///
/// ```
/// use onepath::{Cell, GridOptions};
/// use onepath_std::movingai::{MovingAiMap, MovingAiOptions, Terrain};
/// let map = MovingAiMap::parse("type octile\nheight 2\nwidth 4\nmap\n..T.\n....\n", &MovingAiOptions::DEFAULT).unwrap();
/// assert_eq!((map.width(), map.height(), map.terrain(2, 0)), (4, 2, Some(Terrain::Tree)));
/// let grid = map.to_grid().unwrap();
/// let path = grid.find_path(Cell::new(0, 0), Cell::new(3, 0), &GridOptions::DEFAULT).unwrap();
/// assert_eq!(path.cost, 3.0 + onepath::math::SQRT2); // under the tree, no corner cutting
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovingAiMap {
    width: u32,
    height: u32,
    /// The terrain letters as in the file, row-major; every byte is a valid [`Terrain`].
    terrain: Vec<u8>,
    options: MovingAiOptions,
    /// `walkable[b]`: whether letter `b` is walkable under `options` (false for non-letters).
    walkable: [bool; 256],
}

/// The header keywords, in file order (`height` and `width` may come in either order; every
/// file in the benchmark writes `height` first). Matched in any letter case.
const TYPE: &str = "type";
/// The one map type read.
const OCTILE: &str = "octile";
const HEIGHT: &str = "height";
const WIDTH: &str = "width";
const MAP: &str = "map";

impl MovingAiMap {
    /// Parses a `.map` file from its bytes (a `&str`, `&[u8]` or `Vec<u8>`).
    ///
    /// The header is `type octile`, then `height H` and `width W` (either order, each once),
    /// then `map`; keywords and values are separated by spaces or tabs and matched in any
    /// letter case. A byte order mark and blank lines may come before it. Then come exactly H
    /// rows of exactly W terrain letters (see [`Terrain`]), LF or CRLF. Blank lines may follow
    /// the last row; nothing else may. The [module docs](super) list every accepted
    /// variation.
    ///
    /// # Errors
    ///
    /// [`GridFormatError`] with the 1-based line of the first problem: a first line that is
    /// not `type octile` ([`ExpectedType`](GridFormatErrorKind::ExpectedType)) or names
    /// another type ([`UnsupportedType`](GridFormatErrorKind::UnsupportedType)); a missing,
    /// repeated or misspelt header line; a size that is not a decimal integer, 0, above
    /// [`MAX_SIDE`] (65,536) or with more than [`MAX_CELLS`] (2^28) cells; a missing row; a row
    /// of the wrong length in characters; a character that is no terrain letter, or bytes
    /// that are not UTF-8 (line and 0-based column in characters); text after the last row.
    /// Messages quote at most 40 characters of what the file held.
    ///
    /// # Complexity
    ///
    /// One pass over the input. The cells (one byte each) are allocated at once only when the
    /// input is long enough to hold every row; otherwise they grow row by row, so memory stays
    /// proportional to the input whatever the header claims.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath_std::movingai::{GridFormatErrorKind, MovingAiMap, MovingAiOptions};
    ///
    /// let map = MovingAiMap::parse(
    ///     "\u{feff}\r\nTYPE Octile\r\nheight 2\r\nwidth 3\r\nmap\r\n.@S\r\nTWG\r\n",
    ///     &MovingAiOptions::DEFAULT,
    /// )?;
    /// assert_eq!((map.width(), map.height()), (3, 2));
    /// assert!(map.is_walkable(0, 0) && !map.is_walkable(1, 0) && map.is_walkable(2, 0));
    /// assert!(!map.is_walkable(1, 1)); // water is blocked by default
    ///
    /// let hex = MovingAiMap::parse("type hex\nheight 1\nwidth 1\nmap\n.\n", &MovingAiOptions::DEFAULT)
    ///     .unwrap_err();
    /// assert!(matches!(hex.kind, GridFormatErrorKind::UnsupportedType { .. }));
    /// assert_eq!(hex.to_string(), "line 1: map type `hex` is not supported: expected `type octile`");
    /// # Ok::<(), onepath_std::movingai::GridFormatError>(())
    /// ```
    pub fn parse(
        input: impl AsRef<[u8]>,
        options: &MovingAiOptions,
    ) -> Result<Self, GridFormatError> {
        Self::parse_bytes(input.as_ref(), *options)
    }

    /// Whether `input` looks like a `.map` file: after an optional byte order mark and blank
    /// lines, its first line starts with the keyword `type` (any letter case).
    ///
    /// For telling a Moving AI map from other text formats when the file name does not say
    /// (a file named `*.map` should go to [`MovingAiMap::parse`] whatever it holds, see
    /// [`files::is_map_path`](super::files::is_map_path)). It does not validate: `type hex`
    /// looks like a map, and [`MovingAiMap::parse`] then refuses it with a message that says
    /// why.
    ///
    /// # Complexity
    ///
    /// Reads the leading blank lines and the first word, not the rest of the input.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath_std::movingai::MovingAiMap;
    ///
    /// assert!(MovingAiMap::looks_like_map(b"\xEF\xBB\xBF\n  Type octile\n"));
    /// assert!(MovingAiMap::looks_like_map("type hex\n"));
    /// assert!(!MovingAiMap::looks_like_map("#####\n#...#\n"));
    /// assert!(!MovingAiMap::looks_like_map("typewriter\n"));
    /// ```
    pub fn looks_like_map(input: impl AsRef<[u8]>) -> bool {
        Lines::new(strip_bom(input.as_ref()))
            .find(|(_, text)| !is_blank(text))
            .and_then(|(_, text)| fields(text).next())
            .is_some_and(|word| word.eq_ignore_ascii_case(TYPE.as_bytes()))
    }

    fn parse_bytes(input: &[u8], options: MovingAiOptions) -> Result<Self, GridFormatError> {
        let mut lines = Lines::new(strip_bom(input));
        let err = GridFormatError::new;

        // `type octile`, after any blank lines.
        let (line, text) = loop {
            match lines.next() {
                Some((_, text)) if is_blank(text) => {}
                Some(found) => break found,
                None => {
                    return Err(err(
                        lines.next_line_number(),
                        GridFormatErrorKind::UnexpectedEnd { expected: TYPE },
                    ));
                }
            }
        };
        check_type(line, text)?;

        // `height H` and `width W`, either order.
        let mut height: Option<u32> = None;
        let mut width: Option<u32> = None;
        while height.is_none() || width.is_none() {
            let missing = if height.is_none() { HEIGHT } else { WIDTH };
            let (line, text) = lines.next().ok_or(err(
                lines.next_line_number(),
                GridFormatErrorKind::UnexpectedEnd { expected: missing },
            ))?;
            let keyword = fields(text).next().unwrap_or_default();
            let (field, slot) = if keyword.eq_ignore_ascii_case(HEIGHT.as_bytes()) {
                (HEIGHT, &mut height)
            } else if keyword.eq_ignore_ascii_case(WIDTH.as_bytes()) {
                (WIDTH, &mut width)
            } else {
                return Err(err(
                    line,
                    GridFormatErrorKind::ExpectedKeyword {
                        expected: missing,
                        found: Quoted::new(trimmed(text)),
                    },
                ));
            };
            if slot.is_some() {
                return Err(err(line, GridFormatErrorKind::DuplicateField { field }));
            }
            *slot = Some(parse_side(line, header_value(line, text, field)?, field)?);
        }
        let (width, height) = (width.unwrap_or(0), height.unwrap_or(0));
        let cells = u64::from(width) * u64::from(height);
        if cells > MAX_CELLS {
            return Err(err(
                lines.next_line_number() - 1,
                GridFormatErrorKind::TooManyCells {
                    cells,
                    max: MAX_CELLS,
                },
            ));
        }

        // `map`
        let (line, text) = lines.next().ok_or(err(
            lines.next_line_number(),
            GridFormatErrorKind::UnexpectedEnd { expected: MAP },
        ))?;
        let mut words = fields(text);
        if !words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case(MAP.as_bytes()))
        {
            return Err(err(
                line,
                GridFormatErrorKind::ExpectedKeyword {
                    expected: MAP,
                    found: Quoted::new(trimmed(text)),
                },
            ));
        }
        if words.next().is_some() {
            return Err(err(
                line,
                GridFormatErrorKind::BadFieldValue {
                    field: MAP,
                    found: Quoted::new(trimmed(text)),
                },
            ));
        }

        // Rows. `cells` <= 2^28 fits in usize on every target with 32-bit or wider pointers.
        let cells = cells as usize;
        let shortest_complete = cells + (height as usize - 1);
        let mut terrain = if lines.remaining().len() >= shortest_complete {
            Vec::with_capacity(cells)
        } else {
            Vec::new()
        };
        for row in 0..height {
            let (line, text) = lines.next().ok_or(err(
                lines.next_line_number(),
                GridFormatErrorKind::MissingRows {
                    expected: height,
                    found: row,
                },
            ))?;
            if let Some(kind) = row_problem(text, width) {
                return Err(err(line, kind));
            }
            terrain.extend_from_slice(text);
        }
        for (line, text) in lines {
            if !is_blank(text) {
                return Err(err(
                    line,
                    GridFormatErrorKind::TrailingData {
                        found: Quoted::new(trimmed(text)),
                    },
                ));
            }
        }
        Ok(Self {
            width,
            height,
            terrain,
            options,
            walkable: walkable_table(options),
        })
    }

    /// The map type of the header: always `octile` (in lower case whatever the file wrote),
    /// the only type the parser reads.
    pub fn map_type(&self) -> &str {
        OCTILE
    }

    /// Number of columns, 1..=65,536.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows, 1..=65,536.
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The options the map was parsed with.
    pub const fn options(&self) -> &MovingAiOptions {
        &self.options
    }

    /// Every cell's terrain letter as in the file (`.`, `G`, `@`, `O`, `T`, `S`, `W`),
    /// row-major (`y * width + x`).
    pub fn terrain_bytes(&self) -> &[u8] {
        &self.terrain
    }

    /// Every cell's terrain, row-major (`y * width + x`).
    pub fn terrain_cells(&self) -> impl ExactSizeIterator<Item = Terrain> + '_ {
        self.terrain.iter().map(|&b| letter(b))
    }

    /// The terrain at column `x`, row `y`, or `None` outside the map.
    pub fn terrain(&self, x: u32, y: u32) -> Option<Terrain> {
        self.index(x, y).map(|i| letter(self.terrain[i]))
    }

    /// Whether column `x`, row `y` is inside the map and walkable under the map's options.
    pub fn is_walkable(&self, x: u32, y: u32) -> bool {
        self.index(x, y)
            .is_some_and(|i| self.walkable[self.terrain[i] as usize])
    }

    fn index(&self, x: u32, y: u32) -> Option<usize> {
        (x < self.width && y < self.height).then(|| y as usize * self.width as usize + x as usize)
    }

    /// Number of walkable cells.
    pub fn walkable_count(&self) -> usize {
        self.terrain
            .iter()
            .filter(|&&b| self.walkable[b as usize])
            .count()
    }

    /// Row-major walkability, one `bool` per cell.
    pub fn walkable(&self) -> Vec<bool> {
        self.terrain
            .iter()
            .map(|&b| self.walkable[b as usize])
            .collect()
    }

    /// Row-major area bytes in the core's convention: 0 (area 0, cost multiplier 1) for a
    /// walkable cell, 255 for a wall.
    pub fn area_bytes(&self) -> Vec<u8> {
        self.terrain
            .iter()
            .map(|&b| if self.walkable[b as usize] { 0 } else { 255 })
            .collect()
    }

    /// The map as a core [`Grid`](onepath::Grid): walkable cells area 0 (cost multiplier 1),
    /// the others walls, so octile moves cost exactly 1 and √2 as the benchmark assumes.
    ///
    /// # Errors
    ///
    /// None in practice: the parser already enforces the core's size bounds (both are 65,536
    /// per side and 2^28 cells); the core's error is passed through should they ever differ.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Cell, GridOptions};
    /// use onepath_std::movingai::{MovingAiMap, MovingAiOptions};
    ///
    /// let map = MovingAiMap::parse("type octile\nheight 2\nwidth 3\nmap\n...\n.T.\n",
    ///     &MovingAiOptions::DEFAULT)?;
    /// let grid = map.to_grid().unwrap();
    /// let path = grid.find_path(Cell::new(0, 1), Cell::new(2, 1), &GridOptions::DEFAULT).unwrap();
    /// assert_eq!(path.cost, 4.0); // around the tree, no corner cutting
    /// # Ok::<(), onepath_std::movingai::GridFormatError>(())
    /// ```
    pub fn to_grid(&self) -> Result<onepath::Grid, onepath::GridError> {
        onepath::Grid::from_areas(self.width, self.height, self.area_bytes())
    }

    /// The map as text, one row per line (LF), with its original letters: `parse` of
    /// `"type … map\n" + to_rows()` gives the same map back.
    pub fn to_rows(&self) -> String {
        let mut out = String::with_capacity(self.terrain.len() + self.height as usize);
        for row in self.terrain.chunks(self.width as usize) {
            // Every byte is an ASCII terrain letter.
            out.push_str(&String::from_utf8_lossy(row));
            out.push('\n');
        }
        out
    }
}

/// `IS_TERRAIN[b]`: whether byte `b` is a terrain letter.
const IS_TERRAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = Terrain::from_byte(b as u8).is_some();
        b += 1;
    }
    table
};

fn walkable_table(options: MovingAiOptions) -> [bool; 256] {
    let mut table = [false; 256];
    for (b, slot) in table.iter_mut().enumerate() {
        *slot = Terrain::from_byte(b as u8).is_some_and(|t| options.is_walkable(t));
    }
    table
}

/// The terrain of a byte already checked by `IS_TERRAIN`.
fn letter(byte: u8) -> Terrain {
    Terrain::from_byte(byte).unwrap_or(Terrain::OutOfBounds)
}

/// Checks the first non-blank line: `type octile`, in any letter case.
fn check_type(line: u64, text: &[u8]) -> Result<(), GridFormatError> {
    let mut words = fields(text);
    let kind = match (words.next(), words.next(), words.next()) {
        (Some(keyword), Some(value), None) if keyword.eq_ignore_ascii_case(TYPE.as_bytes()) => {
            if value.eq_ignore_ascii_case(OCTILE.as_bytes()) {
                return Ok(());
            }
            GridFormatErrorKind::UnsupportedType {
                found: Quoted::new(value),
            }
        }
        _ => GridFormatErrorKind::ExpectedType {
            found: Quoted::new(trimmed(text)),
        },
    };
    Err(GridFormatError::new(line, kind))
}

/// What is wrong with a map row, if anything: its length in characters, or its first
/// character that is no terrain letter (the length is checked first).
fn row_problem(text: &[u8], width: u32) -> Option<GridFormatErrorKind> {
    // Every row of a valid map takes this path: terrain letters are ASCII, one byte each.
    if text.len() == width as usize && text.iter().all(|&b| IS_TERRAIN[b as usize]) {
        return None;
    }
    let saturate = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    let mut chars: u64 = 0;
    let mut first_bad = None;
    for chunk in text.utf8_chunks() {
        for c in chunk.valid().chars() {
            if first_bad.is_none() && !(c.is_ascii() && IS_TERRAIN[c as usize]) {
                first_bad = Some(GridFormatErrorKind::InvalidTerrain {
                    column: saturate(chars),
                    found: c,
                });
            }
            chars += 1;
        }
        if let [byte, ..] = *chunk.invalid() {
            if first_bad.is_none() {
                first_bad = Some(GridFormatErrorKind::InvalidUtf8 {
                    column: saturate(chars),
                    byte,
                });
            }
            chars += 1;
        }
    }
    if chars == u64::from(width) {
        first_bad
    } else {
        Some(GridFormatErrorKind::RowLength {
            expected: width,
            found: saturate(chars),
        })
    }
}

/// The single value of a `keyword value` header line (the keyword in any letter case).
fn header_value<'a>(
    line: u64,
    text: &'a [u8],
    keyword: &'static str,
) -> Result<&'a [u8], GridFormatError> {
    let mut words = fields(text);
    if !words
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case(keyword.as_bytes()))
    {
        return Err(GridFormatError::new(
            line,
            GridFormatErrorKind::ExpectedKeyword {
                expected: keyword,
                found: Quoted::new(trimmed(text)),
            },
        ));
    }
    match (words.next(), words.next()) {
        (Some(value), None) => Ok(value),
        _ => Err(GridFormatError::new(
            line,
            GridFormatErrorKind::BadFieldValue {
                field: keyword,
                found: Quoted::new(trimmed(text)),
            },
        )),
    }
}

/// A map side: a decimal integer in 1..=MAX_SIDE. Digits that overflow any integer type are
/// out of range (quoted as written), not malformed.
pub(super) fn parse_side(
    line: u64,
    value: &[u8],
    field: &'static str,
) -> Result<u32, GridFormatError> {
    let err = |kind| Err(GridFormatError::new(line, kind));
    match parse_number(value) {
        Number::Value(side) if (1..=MAX_SIDE).contains(&side) => Ok(side),
        Number::Value(_) | Number::TooLarge => err(GridFormatErrorKind::SizeOutOfRange {
            field,
            found: Quoted::new(value),
            max: MAX_SIDE,
        }),
        Number::NotDigits => err(GridFormatErrorKind::InvalidNumber {
            field,
            found: Quoted::new(value),
        }),
    }
}
