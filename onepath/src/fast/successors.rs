//! The 8 × 256 successor table (spec: grids.md, “Jump point searches”): the pruned successor
//! sets of the jump rules, computed once for every arrival direction and neighbour byte.
//!
//! A neighbour byte has bit `d` set when the neighbour in direction `d` (N, E, S, W, NE, SE, SW,
//! NW) is walkable. [`SUCCESSORS`]`[arrival][byte]` is the pruned successor set of
//! [`JumpRules::successors`](crate::jps::JumpRules::successors) for that arrival direction,
//! restricted to the directions whose first step is legal (a straight neighbour walkable; a
//! diagonal one walkable with both its side cells), and [`LEGAL`]`[byte]` is the start's set
//! (all eight directions, restricted the same way). Both are computed at compile time.

/// Unit offsets by direction (the order of [`Dir8::ALL`](crate::grid::Dir8::ALL)).
const OFFSETS: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// The two side directions of each diagonal (NE: N and E, SE: E and S, …).
pub(crate) const DIAGONAL_SIDES: [(usize, usize); 4] = [(0, 1), (1, 2), (2, 3), (3, 0)];

const fn dir_of(dx: i32, dy: i32) -> usize {
    let mut d = 0;
    while d < 8 {
        if OFFSETS[d].0 == dx && OFFSETS[d].1 == dy {
            return d;
        }
        d += 1;
    }
    8
}

const fn bit(dx: i32, dy: i32) -> u8 {
    let d = dir_of(dx, dy);
    if d < 8 { 1 << d } else { 0 }
}

/// The directions whose first step is legal from a cell with neighbour byte `nb`.
const fn legal(nb: u8) -> u8 {
    let mut set = nb & 0x0F;
    let mut i = 0;
    while i < 4 {
        let (s1, s2) = DIAGONAL_SIDES[i];
        let d = 4 + i;
        if nb >> d & 1 != 0 && nb >> s1 & 1 != 0 && nb >> s2 & 1 != 0 {
            set |= 1 << d;
        }
        i += 1;
    }
    set
}

/// `JumpRules::successors` written over a neighbour byte.
const fn pruned(arrival: usize, nb: u8) -> u8 {
    let (dx, dy) = OFFSETS[arrival];
    if arrival >= 4 {
        return bit(dx, dy) | bit(dx, 0) | bit(0, dy);
    }
    let mut set = bit(dx, dy);
    let sides = if dx != 0 {
        [(0, -1), (0, 1)]
    } else {
        [(-1, 0), (1, 0)]
    };
    let mut i = 0;
    while i < 2 {
        let (sx, sy) = sides[i];
        // Beside the node on side s, and beside the previous cell on side s.
        let node_side = nb & bit(sx, sy) != 0;
        let prev_side = nb & bit(sx - dx, sy - dy) != 0;
        if node_side && !prev_side {
            set |= bit(sx, sy) | bit(dx + sx, dy + sy);
        }
        i += 1;
    }
    set
}

const fn build_successors() -> [[u8; 256]; 8] {
    let mut t = [[0u8; 256]; 8];
    let mut a = 0;
    while a < 8 {
        let mut nb = 0;
        while nb < 256 {
            t[a][nb] = pruned(a, nb as u8) & legal(nb as u8);
            nb += 1;
        }
        a += 1;
    }
    t
}

const fn build_legal() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut nb = 0;
    while nb < 256 {
        t[nb] = legal(nb as u8);
        nb += 1;
    }
    t
}

/// `SUCCESSORS[arrival][neighbour byte]`: the directions to search from a node.
pub static SUCCESSORS: [[u8; 256]; 8] = build_successors();

/// `LEGAL[neighbour byte]`: the start's directions (every legal first step).
pub static LEGAL: [u8; 256] = build_legal();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Dir8;
    use crate::jps::JumpRules;

    #[test]
    fn table_equals_jump_rules_on_every_neighbourhood() {
        for nb in 0..=255u8 {
            // A 3 × 3 neighbourhood around (1, 1) with the centre walkable.
            let walk = |x: i32, y: i32| {
                if (x, y) == (1, 1) {
                    return true;
                }
                let d = dir_of(x - 1, y - 1);
                d < 8 && nb >> d & 1 != 0
            };
            let legal_dirs = Dir8::ALL
                .iter()
                .filter(|d| {
                    let (dx, dy) = d.offset();
                    walk(1 + dx, 1 + dy)
                        && (!d.is_diagonal() || (walk(1 + dx, 1) && walk(1, 1 + dy)))
                })
                .fold(0u8, |s, &d| s | 1 << d as u8);
            assert_eq!(LEGAL[nb as usize], legal_dirs, "nb {nb:08b}");
            for a in Dir8::ALL {
                let want = JumpRules::successors(&walk, 1, 1, Some(a)) & legal_dirs;
                assert_eq!(
                    SUCCESSORS[a as usize][nb as usize], want,
                    "{a:?} nb {nb:08b}"
                );
            }
        }
    }
}
