//! [`HexCoord`]: axial coordinates, hex distance, the six directions and cube rounding.

use crate::math;

/// An axial hex coordinate (q, r); the implied cube coordinate is s = −q − r.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexCoord {
    /// Axial q.
    pub q: i32,
    /// Axial r.
    pub r: i32,
}

impl HexCoord {
    /// The six axial directions in normative order: (+1,0), (+1,−1), (0,−1), (−1,0), (−1,+1),
    /// (0,+1).
    pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

    /// The coordinate (q, r).
    pub const fn new(q: i32, r: i32) -> Self {
        Self { q, r }
    }

    /// Hex distance: with dq, dr, ds = −dq − dr, (|dq| + |dr| + |ds|) / 2.
    pub fn distance(self, other: HexCoord) -> u64 {
        let dq = i64::from(self.q) - i64::from(other.q);
        let dr = i64::from(self.r) - i64::from(other.r);
        let ds = -dq - dr;
        (dq.unsigned_abs() + dr.unsigned_abs() + ds.unsigned_abs()) / 2
    }

    /// Rounds fractional axial (q, r) to the nearest hex: each of q, r, s = −q − r is rounded
    /// with floor(v + 0.5), then the coordinate with the largest rounding error is repaired so
    /// the three sum to 0 — q if its error is strictly larger than both others, else r if its
    /// error is strictly larger than s's, else s (which is implied).
    pub fn round(q: f64, r: f64) -> HexCoord {
        let s = -q - r;
        let mut rq = math::floor(q + 0.5);
        let mut rr = math::floor(r + 0.5);
        let rs = math::floor(s + 0.5);
        let dq = math::abs(rq - q);
        let dr = math::abs(rr - r);
        let ds = math::abs(rs - s);
        if dq > dr && dq > ds {
            rq = -rr - rs;
        } else if dr > ds {
            rr = -rq - rs;
        }
        HexCoord::new(
            crate::grid::space::clamp_to_i32(rq),
            crate::grid::space::clamp_to_i32(rr),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        let o = HexCoord::new(0, 0);
        for (dq, dr) in HexCoord::DIRECTIONS {
            assert_eq!(o.distance(HexCoord::new(dq, dr)), 1);
        }
        assert_eq!(o.distance(HexCoord::new(3, -1)), 3);
        assert_eq!(HexCoord::new(-2, 4).distance(HexCoord::new(1, -1)), 5);
    }

    #[test]
    fn cube_rounding_hand_worked() {
        assert_eq!(HexCoord::round(0.2, 0.1), HexCoord::new(0, 0));
        // q = 0.6 -> 1, r = 0.3 -> 0, s = -0.9 -> -1: errors 0.4, 0.3, 0.1: q repaired = 1.
        assert_eq!(HexCoord::round(0.6, 0.3), HexCoord::new(1, 0));
        // q = 0.4 -> 0, r = 0.4 -> 0, s = -0.8 -> -1: errors .4 .4 .2: q not strictly largest;
        // r (0.4) > s (0.2): r repaired = -q - s = 1.
        assert_eq!(HexCoord::round(0.4, 0.4), HexCoord::new(0, 1));
        // exact tie everywhere: q = 0.5 -> 1, r = -0.5 -> 0, s = 0 -> 0: errors .5 .5 0:
        // r repaired = -1 - 0 = -1.
        assert_eq!(HexCoord::round(0.5, -0.5), HexCoord::new(1, -1));
        // all errors equal (1/3 each): s is implied.
        assert_eq!(HexCoord::round(1.0 / 3.0, 1.0 / 3.0), HexCoord::new(0, 0));
    }
}
