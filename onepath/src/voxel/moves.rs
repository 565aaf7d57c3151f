//! The voxel moves, connectivity and corner rules (spec: grids.md, “3D voxel grids”, “Moves
//! and costs”, “Corner rule”).
//!
//! # Order (normative)
//!
//! The 26 offsets `(dx, dy, dz)`, each in −1..=1 and not all zero, in three groups — the 6
//! faces (one axis moves), the 12 edges (two axes), the 8 corners (three axes) — and inside a
//! group by `dz`, then `dy`, then `dx`, ascending from −1 to 1. Six-connected searches use the
//! first 6 moves, eighteen-connected ones the first 18. Face moves have length 1, edge moves
//! √2 ([`SQRT2`]), corner moves √3 ([`SQRT3`], `1.7320508075688772`).

use crate::math::{SQRT2, SQRT3};

/// How many neighbours a voxel has.
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelGrid};
/// use onepath::VoxelOptions;
/// assert_eq!(VoxelConnectivity::Eighteen.move_count(), 18);
/// let grid = VoxelGrid::new(3, 3, 3).unwrap();
/// let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(2, 2, 2));
/// let cost = |c| grid.find_path(a, b, &VoxelOptions::DEFAULT.with_connectivity(c)).cost;
/// assert_eq!(cost(VoxelConnectivity::Six), 6.0);
/// assert_eq!(cost(VoxelConnectivity::TwentySix), 2.0 * onepath::math::SQRT3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum VoxelConnectivity {
    /// The 6 face neighbours.
    Six,
    /// Faces and the 12 edge neighbours.
    Eighteen,
    /// Faces, edges and the 8 corner neighbours (the Moving AI voxel convention).
    #[default]
    TwentySix,
}

impl VoxelConnectivity {
    /// Moves of this connectivity (a prefix of [`MOVES`]): 6, 18 or 26.
    pub const fn move_count(self) -> usize {
        match self {
            Self::Six => 6,
            Self::Eighteen => 18,
            Self::TwentySix => 26,
        }
    }
}

/// Which edge and corner moves are legal, judged on the *swept* voxels: those inside the
/// move's 2 × 2 (× 2) box other than the start and the destination — two face voxels for an
/// edge move; three face and three edge voxels for a corner move. The destination must be open
/// under every rule.
///
/// # Examples
///
/// ```
/// use onepath::voxel::{VoxelCell, VoxelCornerRule, VoxelGrid};
/// use onepath::{PathStatus, VoxelOptions};
/// // A 2 × 2 × 1 block with one solid voxel: the diagonal squeezes past it.
/// let mut grid = VoxelGrid::new(2, 2, 1).unwrap();
/// grid.set_walkable(VoxelCell::new(1, 0, 0), false).unwrap();
/// let (a, b) = (VoxelCell::new(0, 0, 0), VoxelCell::new(1, 1, 0));
/// let squeeze = VoxelOptions::DEFAULT.with_corner_rule(VoxelCornerRule::NoSqueezing);
/// assert_eq!(grid.find_path(a, b, &squeeze).cells.len(), 2); // one face voxel open is enough
/// assert_eq!(grid.find_path(a, b, &VoxelOptions::DEFAULT).status, PathStatus::Found);
/// assert_eq!(grid.find_path(a, b, &VoxelOptions::DEFAULT).cells.len(), 3); // no corner cutting
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum VoxelCornerRule {
    /// Every swept voxel open (the Moving AI voxel convention; default).
    #[default]
    NoCornerCutting,
    /// Some monotone route of face steps from start to destination runs through open voxels:
    /// an edge move needs one of its two face voxels open, a corner move needs an open face
    /// voxel and an open edge voxel that contains it.
    NoSqueezing,
    /// Only the destination is checked.
    AllowAll,
}

/// One move: its offset and length.
///
/// # Examples
///
/// ```
/// use onepath::voxel::{MOVES, VoxelConnectivity};
/// let six = &MOVES[..VoxelConnectivity::Six.move_count()];
/// assert!(six.iter().all(|m| m.length == 1.0 && (m.dx.abs() + m.dy.abs() + m.dz.abs()) == 1));
/// assert_eq!(MOVES[25].length, onepath::math::SQRT3); // the last moves are the corners
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VoxelMove {
    /// Offset on x.
    pub dx: i8,
    /// Offset on y.
    pub dy: i8,
    /// Offset on z.
    pub dz: i8,
    /// 1, √2 or √3.
    pub length: f64,
}

const fn build_moves() -> [VoxelMove; 26] {
    let mut out = [VoxelMove {
        dx: 0,
        dy: 0,
        dz: 0,
        length: 0.0,
    }; 26];
    let mut k = 0;
    let mut axes = 1;
    while axes <= 3 {
        let mut dz = -1i8;
        while dz <= 1 {
            let mut dy = -1i8;
            while dy <= 1 {
                let mut dx = -1i8;
                while dx <= 1 {
                    let n = (dx != 0) as i32 + (dy != 0) as i32 + (dz != 0) as i32;
                    if n == axes {
                        let length = match n {
                            1 => 1.0,
                            2 => SQRT2,
                            _ => SQRT3,
                        };
                        out[k] = VoxelMove { dx, dy, dz, length };
                        k += 1;
                    }
                    dx += 1;
                }
                dy += 1;
            }
            dz += 1;
        }
        axes += 1;
    }
    out
}

/// The 26 moves in the normative order (see the module docs).
pub const MOVES: [VoxelMove; 26] = build_moves();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_is_faces_edges_corners_by_z_y_x() {
        let offsets: alloc::vec::Vec<(i8, i8, i8)> =
            MOVES.iter().map(|m| (m.dx, m.dy, m.dz)).collect();
        assert_eq!(
            &offsets[..6],
            &[
                (0, 0, -1),
                (0, -1, 0),
                (-1, 0, 0),
                (1, 0, 0),
                (0, 1, 0),
                (0, 0, 1)
            ]
        );
        assert_eq!(
            &offsets[6..10],
            &[(0, -1, -1), (-1, 0, -1), (1, 0, -1), (0, 1, -1)]
        );
        assert_eq!(offsets[18], (-1, -1, -1));
        assert_eq!(offsets[25], (1, 1, 1));
        assert!(MOVES[..6].iter().all(|m| m.length == 1.0));
        assert!(MOVES[6..18].iter().all(|m| m.length == SQRT2));
        assert!(
            MOVES[18..]
                .iter()
                .all(|m| m.length.to_bits() == 1.732_050_807_568_877_2f64.to_bits())
        );
    }
}
