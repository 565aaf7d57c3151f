//! Line counting as the Moving AI parsers count (`onepath_std::movingai`): lines end at `\n`
//! (a `\r` before it belongs to the line end), and a final empty piece after the last `\n` is
//! not a line. Written from the parser's documented contract, not from its code.

/// Number of lines in `data`.
pub fn line_count(data: &[u8]) -> u64 {
    let breaks = data.split(|&b| b == b'\n').count() as u64 - 1;
    let unterminated = u64::from(data.last().is_some_and(|&b| b != b'\n'));
    breaks + unterminated
}

#[cfg(test)]
mod tests {
    use super::line_count;

    #[test]
    fn counts_like_an_editor() {
        assert_eq!(line_count(b""), 0);
        assert_eq!(line_count(b"a"), 1);
        assert_eq!(line_count(b"a\n"), 1);
        assert_eq!(line_count(b"a\r\nb"), 2);
        assert_eq!(line_count(b"\n\n"), 2);
    }
}
