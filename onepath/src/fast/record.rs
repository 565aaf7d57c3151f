//! The 16-byte node records of the specialised engines and their generation tags
//! (spec: grids.md, “The specialised octile searches”).
//!
//! A tag is `generation << 4 | arrival direction << 1 | closed`. A record belongs to the current
//! search iff its generation is the current one, so nothing is cleared between searches: a new
//! search bumps the generation. The octile A* also keeps walls (and its padding) as records with
//! the tag [`WALL_TAG`] — all ones, a "generation" no search ever reaches, with the closed bit
//! set — so one comparison (`tag >= base`) says "reached in this search or a wall" and the
//! closed bit then rejects both.

use super::pair::Pair;

/// The tag of a wall or padding record of the octile A*: permanently closed.
pub(crate) const WALL_TAG: u32 = u32::MAX;

/// The largest generation: `MAX_GENERATION << 4 | 15` stays below [`WALL_TAG`].
pub(crate) const MAX_GENERATION: u32 = (1 << 28) - 2;

/// A node of the octile A*: the pair, its slot in the open heap, the tag.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct AStarRecord {
    pub(crate) pair: Pair,
    pub(crate) slot: u32,
    pub(crate) tag: u32,
}

/// A node of the octile jump point searches: the pair, the parent jump point, the tag.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct JumpRecord {
    pub(crate) pair: Pair,
    pub(crate) parent: u32,
    pub(crate) tag: u32,
}

const _: () = assert!(core::mem::size_of::<AStarRecord>() == 16);
const _: () = assert!(core::mem::size_of::<JumpRecord>() == 16);

/// The generation counter of one engine.
///
/// # Invariants
///
/// `1 <= current <= MAX_GENERATION` once a search has begun (0 before); every non-wall tag
/// holds a generation `<= current`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Generation {
    current: u32,
}

impl Generation {
    /// Starts a new search: bumps the generation, or returns `true` (and restarts at 1) when the
    /// caller must first reset every non-wall tag to 0 because the counter would overflow.
    #[inline]
    pub(crate) fn bump(&mut self) -> bool {
        if self.current >= MAX_GENERATION {
            self.current = 1;
            true
        } else {
            self.current += 1;
            false
        }
    }

    /// `generation << 4`: a tag `>= base` was written in this search (or is a wall).
    #[inline]
    pub(crate) fn base(self) -> u32 {
        self.current << 4
    }

    /// Test hook: jump close to the wrap-around.
    #[cfg(test)]
    pub(crate) fn set(&mut self, g: u32) {
        self.current = g;
    }
}

/// The arrival direction stored in a tag (bits 1..=3).
#[inline]
pub(crate) fn tag_dir(tag: u32) -> u8 {
    ((tag >> 1) & 7) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_tags_outrank_every_generation() {
        let mut g = Generation::default();
        assert!(!g.bump());
        assert_eq!(g.base(), 16);
        g.set(MAX_GENERATION);
        assert!(g.base() | 15 < WALL_TAG);
        const { assert!(WALL_TAG & 1 != 0) };
        assert!(g.bump());
        assert_eq!(g.base(), 16);
        assert_eq!(tag_dir(16 | 5 << 1 | 1), 5);
    }
}
