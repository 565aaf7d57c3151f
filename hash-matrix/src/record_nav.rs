//! The golden records of the navigation mesh family (`navmesh/*`, docs/navmesh.md).
//!
//! # Line format (normative for `golden/navmesh.txt`)
//!
//! ```text
//! <name>/mesh mesh_hash=0x<content hash> polys=<polygons> tiles=<tiles with polygons> half_edges=<edges> bytes=<canonical bytes> bytes_fnv=0x<FNV-1a 64> [rebaked=<tiles>]
//! <name> status=<PathStatus> len_bits=0x<f64 bits of the length in cells> it=<iterations> exp=<expansions> corridor=<polygons> corridor_fnv=0x<FNV-1a 64> waypoints=<count> waypoints_fnv=0x<FNV-1a 64> [snap_len=<bytes> snap=0x<FNV-1a 64>]
//! ```
//!
//! - `mesh_hash` is `NavMesh::content_hash` (FNV-1a 64 of the canonical bytes, docs §4);
//!   `bytes` / `bytes_fnv` are the size and FNV-1a 64 of `write_canonical_bytes`, computed
//!   here independently of the engine's hash.
//! - `rebaked` (records of a mesh refreshed after edits) is the tile count `refresh` reports;
//!   it is not an outcome: twins (a refreshed mesh and a fresh bake) compare the rest.
//! - `len_bits` is `f64::to_bits` of the path length in cells (docs §1; +∞ when nothing was
//!   found); `corridor` covers the corridor's polygon ids (u32 LE, start polygon first);
//!   `waypoints` covers each waypoint as x i64, y i64 (fixed point, 2^-16 cell), corridor
//!   index u32, polygon u32, all little-endian.
//! - The snapshot pair appears on saved-and-restored runs (the kind-17 bytes taken mid-way);
//!   twins compare everything but it.
//!
//! # Polyanya lines (normative for `golden/navmesh-polyanya.txt`)
//!
//! ```text
//! <name> status=<PathStatus> len_bits=0x<f64 bits> it=<iterations> exp=<expansions> in_place=<in-place expansions> nodes=<nodes created> corridor=<polygons> corridor_fnv=0x<FNV-1a 64> points=<count> points_fnv=0x<FNV-1a 64>
//! ```
//!
//! A `PolyanyaSearch` (docs/navmesh.md §10): `len_bits` is `PolyanyaSearch::length` (+∞ when
//! nothing was found), `nodes` its node pool's size, `corridor` as above, `points` the
//! search's own waypoints (start, turn vertices, goal), each as x i64, y i64 little-endian.
//! The tier-1 `NavMesh::find_path_points_with(.., NavAlgorithm::Polyanya)` records of the
//! family are `NavQueryRecord` lines (above).

use core::fmt::Write as _;

use onepath::PathStatus;

use crate::digest::{Digest, Fnv64};
use crate::record::status_name;

/// A baked mesh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeshRecord {
    /// `NavMesh::content_hash`.
    pub hash: u64,
    /// `NavMesh::poly_count`.
    pub polys: u32,
    /// `NavMesh::tile_count`.
    pub tiles: u32,
    /// `NavMesh::half_edge_count`.
    pub half_edges: u32,
    /// The canonical bytes: count and digest.
    pub bytes: Digest,
    /// Tiles `refresh` re-baked, on refreshed meshes.
    pub rebaked: Option<u32>,
}

impl MeshRecord {
    /// The `key=value` fields.
    pub fn fields(&self) -> String {
        let mut s = self.outcome_fields();
        if let Some(r) = self.rebaked {
            let _ = write!(s, " rebaked={r}");
        }
        s
    }

    /// The fields twins compare (all but `rebaked`).
    pub fn outcome_fields(&self) -> String {
        format!(
            "mesh_hash=0x{:016x} polys={} tiles={} half_edges={} bytes={} bytes_fnv=0x{:016x}",
            self.hash, self.polys, self.tiles, self.half_edges, self.bytes.len, self.bytes.fnv
        )
    }
}

/// A corridor search and its funnel path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NavQueryRecord {
    /// How the query ended.
    pub status: PathStatus,
    /// `f64::to_bits` of the length in cells.
    pub length_bits: u64,
    /// Iterations (pops).
    pub iterations: u64,
    /// Expansions.
    pub expansions: u64,
    /// The corridor's polygon ids: count and digest.
    pub corridor: Digest,
    /// The waypoints (see the module docs): count and digest.
    pub waypoints: Digest,
    /// Snapshot byte count and digest, for saved-and-restored runs.
    pub snapshot: Option<Digest>,
}

impl NavQueryRecord {
    /// The `key=value` fields.
    pub fn fields(&self) -> String {
        let mut s = self.outcome_fields();
        if let Some(snap) = self.snapshot {
            let _ = write!(s, " snap_len={} snap=0x{:016x}", snap.len, snap.fnv);
        }
        s
    }

    /// The fields twins compare (all but the snapshot pair).
    pub fn outcome_fields(&self) -> String {
        format!(
            "status={} len_bits=0x{:016x} it={} exp={} corridor={} corridor_fnv=0x{:016x} waypoints={} waypoints_fnv=0x{:016x}",
            status_name(self.status),
            self.length_bits,
            self.iterations,
            self.expansions,
            self.corridor.len,
            self.corridor.fnv,
            self.waypoints.len,
            self.waypoints.fnv
        )
    }
}

/// A Polyanya search's outcome (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolyanyaRecord {
    /// How the search ended.
    pub status: PathStatus,
    /// `f64::to_bits` of the length in cells.
    pub length_bits: u64,
    /// Iterations (pops).
    pub iterations: u64,
    /// Expansions (in-place ones included).
    pub expansions: u64,
    /// Expansions made in place (intermediate pruning).
    pub in_place: u64,
    /// Nodes created.
    pub nodes: u64,
    /// The corridor's polygon ids: count and digest.
    pub corridor: Digest,
    /// The search's waypoints (x i64, y i64 LE each): count and digest.
    pub points: Digest,
}

impl PolyanyaRecord {
    /// The `key=value` fields (all of them are outcome fields).
    pub fn fields(&self) -> String {
        format!(
            "status={} len_bits=0x{:016x} it={} exp={} in_place={} nodes={} corridor={} corridor_fnv=0x{:016x} points={} points_fnv=0x{:016x}",
            status_name(self.status),
            self.length_bits,
            self.iterations,
            self.expansions,
            self.in_place,
            self.nodes,
            self.corridor.len,
            self.corridor.fnv,
            self.points.len,
            self.points.fnv
        )
    }
}

/// The point digest: the count of points beside the FNV-1a 64 of, per point, x i64, y i64
/// (little-endian).
pub fn point_digest(points: impl IntoIterator<Item = (i64, i64)>) -> Digest {
    let mut h = Fnv64::new();
    let mut len = 0u32;
    for (x, y) in points {
        h.write(&x.to_le_bytes());
        h.write(&y.to_le_bytes());
        len += 1;
    }
    Digest {
        len,
        fnv: h.finish(),
    }
}

/// The waypoint digest: the count of waypoints beside the FNV-1a 64 of, per waypoint, x i64,
/// y i64, corridor index u32, polygon u32 (little-endian).
pub fn waypoint_digest(points: impl IntoIterator<Item = (i64, i64, u32, u32)>) -> Digest {
    let mut h = Fnv64::new();
    let mut len = 0u32;
    for (x, y, index, polygon) in points {
        h.write(&x.to_le_bytes());
        h.write(&y.to_le_bytes());
        h.write_u32(index);
        h.write_u32(polygon);
        len += 1;
    }
    Digest {
        len,
        fnv: h.finish(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nav_lines_are_stable() {
        let q = NavQueryRecord {
            status: PathStatus::Found,
            length_bits: 2.5f64.to_bits(),
            iterations: 3,
            expansions: 2,
            corridor: Digest::of_u32s(&[4, 5]),
            waypoints: waypoint_digest([(0, 0, 0, 4), (65536, 1, 1, 5)]),
            snapshot: None,
        };
        let line = q.fields();
        assert!(
            line.starts_with("status=Found len_bits=0x4004000000000000 it=3 exp=2 corridor=2 "),
            "{line}"
        );
        assert!(line.contains(" waypoints=2 waypoints_fnv=0x"), "{line}");
        let mut snap = q;
        snap.snapshot = Some(Digest::of_bytes(b"a"));
        assert!(
            snap.fields()
                .ends_with(" snap_len=1 snap=0xaf63dc4c8601ec8c")
        );
        assert_eq!(snap.outcome_fields(), q.fields());
        let m = MeshRecord {
            hash: 1,
            polys: 2,
            tiles: 1,
            half_edges: 8,
            bytes: Digest::of_bytes(&[]),
            rebaked: Some(3),
        };
        assert_eq!(
            m.fields(),
            "mesh_hash=0x0000000000000001 polys=2 tiles=1 half_edges=8 bytes=0 bytes_fnv=0xcbf29ce484222325 rebaked=3"
        );
        assert!(!m.outcome_fields().contains("rebaked"));
        let p = PolyanyaRecord {
            status: PathStatus::NoPath,
            length_bits: f64::INFINITY.to_bits(),
            iterations: 5,
            expansions: 4,
            in_place: 1,
            nodes: 9,
            corridor: Digest::of_u32s(&[]),
            points: point_digest([]),
        };
        assert_eq!(
            p.fields(),
            "status=NoPath len_bits=0x7ff0000000000000 it=5 exp=4 in_place=1 nodes=9 corridor=0 \
             corridor_fnv=0xcbf29ce484222325 points=0 points_fnv=0xcbf29ce484222325"
        );
        // x = 1, y = 0 as i64 LE: the same bytes as the waypoint digest's first 16.
        assert_eq!(point_digest([(1, 0)]).len, 1);
        assert_ne!(point_digest([(1, 0)]).fnv, point_digest([(0, 1)]).fnv);
    }
}
