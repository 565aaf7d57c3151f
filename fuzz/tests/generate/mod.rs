//! Deterministic input generators for the replay test: raw bytes, structured valid inputs
//! (Moving AI maps and scenarios, text pictures) and a byte-level mutator, all driven by the
//! project's pinned `SplitMix64` with fixed seeds, so every run replays the same inputs.

use std::fmt::Write as _;

use onepath::math::SplitMix64;

/// Text fragments that sit on the parsers' boundaries.
const TOKENS: [&[u8]; 24] = [
    b"\n",
    b"\r\n",
    b"\r",
    b" ",
    b"\t",
    b"0",
    b"1",
    b"65536",
    b"65537",
    b"4294967296",
    b"-1",
    b".",
    b"#",
    b"@",
    b"version 1",
    b"type",
    b"height",
    b"width",
    b"map",
    b"1.0",
    b"1e3",
    "\u{3000}".as_bytes(),
    "\u{e9}".as_bytes(),
    b"\xff",
];

/// A generator with a fixed seed.
pub struct Gen(SplitMix64);

impl Gen {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self(SplitMix64::new(seed))
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u32) -> u32 {
        self.0.below(n)
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u32) as usize]
    }

    /// Up to `max` random bytes.
    pub fn bytes(&mut self, max: u32) -> Vec<u8> {
        let n = self.below(max + 1);
        (0..n).map(|_| self.below(256) as u8).collect()
    }

    /// 1–8 edits of `seed`: bit flips, byte writes, insertions of bytes or boundary tokens,
    /// deleted or duplicated ranges, truncation.
    pub fn mutate(&mut self, seed: &[u8]) -> Vec<u8> {
        let mut v = seed.to_vec();
        for _ in 0..=self.below(8) {
            let len = v.len() as u32;
            let at = self.below(len + 1) as usize;
            match self.below(7) {
                0 if at < v.len() => v[at] ^= 1 << self.below(8),
                1 if at < v.len() => v[at] = self.below(256) as u8,
                2 => v.insert(at, self.below(256) as u8),
                3 => {
                    let t = *self.pick(&TOKENS);
                    v.splice(at..at, t.iter().copied());
                }
                4 => {
                    let end = (at + 1 + self.below(16) as usize).min(v.len());
                    v.drain(at.min(end)..end);
                }
                5 => {
                    let end = (at + 1 + self.below(32) as usize).min(v.len());
                    let piece = v[at.min(end)..end].to_vec();
                    v.splice(at..at, piece);
                }
                _ => v.truncate(at),
            }
        }
        v
    }

    /// A valid Moving AI map of up to 12 × 12 cells, header fields in either order, LF or
    /// CRLF line ends.
    pub fn map(&mut self) -> Vec<u8> {
        let (w, h) = (1 + self.below(12), 1 + self.below(12));
        let nl = if self.below(4) == 0 { "\r\n" } else { "\n" };
        let mut s = format!("type octile{nl}");
        if self.below(2) == 0 {
            let _ = write!(s, "height {h}{nl}width {w}{nl}");
        } else {
            let _ = write!(s, "width {w}{nl}height {h}{nl}");
        }
        let _ = write!(s, "map{nl}");
        for _ in 0..h {
            for _ in 0..w {
                s.push(*self.pick(&['.', '.', '.', 'G', '@', 'O', 'T', 'S', 'W']));
            }
            s.push_str(nl);
        }
        s.into_bytes()
    }

    /// A valid scenario file with up to 6 lines.
    pub fn scen(&mut self) -> Vec<u8> {
        let mut s = String::from(if self.below(2) == 0 {
            "version 1\n"
        } else {
            "version 1.0\n"
        });
        for _ in 0..self.below(7) {
            let (w, h) = (1 + self.below(600), 1 + self.below(600));
            let len = match self.below(3) {
                0 => format!("{}", self.below(1000)),
                1 => format!("{}.{}", self.below(1000), self.below(100_000)),
                _ => format!(".{}", self.below(10)),
            };
            let _ = writeln!(
                s,
                "{}\t{}{}.map\t{w}\t{h}\t{}\t{}\t{}\t{}\t{len}",
                self.below(200),
                if self.below(2) == 0 { "maps/dao/" } else { "" },
                self.below(50),
                self.below(w),
                self.below(h),
                self.below(w),
                self.below(h),
            );
            if self.below(5) == 0 {
                s.push('\n');
            }
        }
        s.into_bytes()
    }

    /// A valid text picture of up to 10 × 10 cells, maybe indented, with blank lines.
    pub fn picture(&mut self) -> Vec<u8> {
        let (w, h) = (1 + self.below(10), 1 + self.below(10));
        let indent = " ".repeat(self.below(3) as usize);
        let mut s = String::new();
        for _ in 0..h {
            if self.below(6) == 0 {
                s.push('\n');
            }
            s.push_str(&indent);
            for _ in 0..w {
                s.push(*self.pick(&['.', '.', '.', '#', '#', '1', '5', '9']));
            }
            s.push('\n');
        }
        s.into_bytes()
    }
}
