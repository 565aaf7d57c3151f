//! [`Quoted`]: the short excerpt of a file that an error message shows.

use core::fmt;

/// The most characters of the input a [`Quoted`] keeps.
pub const QUOTE_MAX_CHARS: usize = 40;

/// The most bytes of UTF-8 a [`Quoted`] keeps (40 ASCII characters fit; a run of 3- or 4-byte
/// characters is cut earlier, so the error stays small).
const CAPACITY: usize = 64;

/// An excerpt of the input, as the file wrote it, held inside a [`GridFormatError`] so the
/// message can show what was found.
///
/// It keeps the first [`QUOTE_MAX_CHARS`] (40) characters, and at most 64 bytes, of the text it
/// was made from, cut at a character boundary, and remembers whether it cut anything: a 5 MB
/// field is never copied into an error. Bytes that are not UTF-8 become U+FFFD (`�`), one per
/// invalid sequence, as a lossy decode shows them.
///
/// [`Display`](fmt::Display) prints the kept text with the characters that would not show
/// escaped as Rust writes them (`\t`, `\u{1b}`, a stray byte order mark as `\u{feff}`, a
/// zero-width space as `\u{200b}`; quotes and backslashes as they are) and `…` after it when
/// it was cut; [`Quoted::as_str`] gives the kept text as it is.
///
/// The excerpt lives in a fixed buffer, so it is `Copy` and making one allocates nothing.
///
/// [`GridFormatError`]: super::GridFormatError
///
/// # Examples
///
/// ```
/// use onepath_std::movingai::Quoted;
///
/// let short = Quoted::new(b"hex");
/// assert_eq!((short.as_str(), short.is_truncated()), ("hex", false));
/// assert_eq!(short.to_string(), "hex");
///
/// let long = Quoted::new("9".repeat(5_000_000).as_bytes());
/// assert_eq!(long.as_str(), "9".repeat(40));
/// assert!(long.is_truncated());
/// assert_eq!(long.to_string(), format!("{}…", "9".repeat(40)));
///
/// assert_eq!(Quoted::new(b"a\tb\xFF").to_string(), "a\\tb\u{FFFD}");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Quoted {
    /// UTF-8; bytes past `len` are 0, so the derived comparisons compare the text.
    bytes: [u8; CAPACITY],
    len: u8,
    truncated: bool,
}

impl Quoted {
    /// The first 40 characters (at most 64 bytes) of `input`, cut at a character boundary.
    ///
    /// # Complexity
    ///
    /// O(1): reads at most 68 bytes of `input`, whatever its length.
    pub fn new(input: &[u8]) -> Self {
        let mut out = Self {
            bytes: [0; CAPACITY],
            len: 0,
            truncated: false,
        };
        // Every kept character consumes at most as many input bytes as it adds to the buffer
        // (a valid character the same, an invalid sequence of 1–3 bytes adds U+FFFD's 3), so
        // the first CAPACITY bytes plus one character's worth decide everything.
        let window = &input[..input.len().min(CAPACITY + 4)];
        let mut consumed = 0;
        let mut chars = 0;
        'chunks: for chunk in window.utf8_chunks() {
            for c in chunk.valid().chars() {
                if chars == QUOTE_MAX_CHARS || !out.push(c) {
                    break 'chunks;
                }
                consumed += c.len_utf8();
                chars += 1;
            }
            if !chunk.invalid().is_empty() {
                if chars == QUOTE_MAX_CHARS || !out.push(char::REPLACEMENT_CHARACTER) {
                    break;
                }
                consumed += chunk.invalid().len();
                chars += 1;
            }
        }
        out.truncated = consumed < input.len();
        out
    }

    /// Appends `c` if it fits.
    fn push(&mut self, c: char) -> bool {
        let at = usize::from(self.len);
        let n = c.len_utf8();
        if at + n > CAPACITY {
            return false;
        }
        c.encode_utf8(&mut self.bytes[at..at + n]);
        self.len += n as u8;
        true
    }

    /// The kept text, unescaped.
    pub fn as_str(&self) -> &str {
        // Only whole characters are ever pushed, so this never fails.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }

    /// Whether the input was longer than what is kept.
    pub const fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Whether the input was empty.
    pub const fn is_empty(&self) -> bool {
        self.len == 0 && !self.truncated
    }
}

impl fmt::Display for Quoted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.as_str().chars() {
            match c {
                '\\' | '\'' | '"' => write!(f, "{c}")?,
                _ => write!(f, "{}", c.escape_debug())?,
            }
        }
        if self.truncated {
            f.write_str("…")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Quoted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())?;
        if self.truncated {
            f.write_str("…")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{CAPACITY, QUOTE_MAX_CHARS, Quoted};

    #[test]
    fn keeps_short_text_whole() {
        for text in ["", "x", "type hex", &"a".repeat(QUOTE_MAX_CHARS)] {
            let q = Quoted::new(text.as_bytes());
            assert_eq!(q.as_str(), text);
            assert!(!q.is_truncated(), "{text:?}");
        }
        assert!(Quoted::new(b"").is_empty() && !Quoted::new(b" ").is_empty());
    }

    #[test]
    fn cuts_at_forty_characters_or_the_buffer_on_a_char_boundary() {
        let q = Quoted::new("a".repeat(QUOTE_MAX_CHARS + 1).as_bytes());
        assert_eq!(q.as_str().len(), QUOTE_MAX_CHARS);
        assert!(q.is_truncated());
        // 4-byte characters: 16 fit in 64 bytes.
        let crabs = "🦀".repeat(30);
        let q = Quoted::new(crabs.as_bytes());
        assert_eq!(q.as_str(), "🦀".repeat(CAPACITY / 4));
        assert!(q.is_truncated());
        // 2-byte characters: 32 fit, the 33rd would not.
        let e = "é".repeat(33);
        let q = Quoted::new(e.as_bytes());
        assert_eq!(q.as_str(), "é".repeat(32));
        assert!(q.is_truncated());
        let q = Quoted::new("é".repeat(32).as_bytes());
        assert!(!q.is_truncated());
    }

    #[test]
    fn invalid_utf8_becomes_replacement_characters() {
        let q = Quoted::new(b"a\xFF\xFEb");
        assert_eq!(q.as_str(), "a\u{FFFD}\u{FFFD}b");
        assert!(!q.is_truncated());
        // A sequence cut by the end of the input is one invalid sequence.
        let q = Quoted::new(b"a\xE2\x82");
        assert_eq!(q.as_str(), "a\u{FFFD}");
        assert!(!q.is_truncated());
        let q = Quoted::new(&[0xFF; 100]);
        assert_eq!(q.as_str().chars().count(), CAPACITY / 3);
        assert!(q.is_truncated());
    }

    #[test]
    fn display_escapes_what_would_not_show_and_marks_the_cut() {
        assert_eq!(Quoted::new(b"a\tb\r\x1b").to_string(), "a\\tb\\r\\u{1b}");
        assert_eq!(
            Quoted::new("\u{feff}type\u{200b}".as_bytes()).to_string(),
            "\\u{feff}type\\u{200b}"
        );
        assert_eq!(Quoted::new(br#"it's "a\b""#).to_string(), r#"it's "a\b""#);
        assert_eq!(Quoted::new("é 🦀".as_bytes()).to_string(), "é 🦀");
        assert_eq!(
            Quoted::new("x".repeat(50).as_bytes()).to_string(),
            format!("{}…", "x".repeat(40))
        );
        assert_eq!(format!("{:?}", Quoted::new(b"a\"b")), "\"a\\\"b\"");
    }

    #[test]
    fn equal_text_compares_equal() {
        assert_eq!(Quoted::new(b"abc"), Quoted::new(b"abc"));
        assert_ne!(Quoted::new(b"abc"), Quoted::new(b"abd"));
        assert_ne!(
            Quoted::new("a".repeat(40).as_bytes()),
            Quoted::new("a".repeat(41).as_bytes())
        );
    }
}
