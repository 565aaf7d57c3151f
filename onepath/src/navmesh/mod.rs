//! Navigation meshes baked deterministically from square grids (spec: grids.md, "Host API",
//! `NavMesh.Build2D`; the guide's §6 and §7): erosion by the agent radius, convex polygons on
//! cell corners in tiles that follow the grid's edit journal, point location, a resumable
//! corridor search over portal crossings and the exact funnel (string pulling).
//!
//! The contract — erosion rule, tile and polygon rules, canonical bytes and content hash, query
//! semantics — is written in `docs/navmesh.md`; every rule there is exact integer arithmetic
//! except lengths, which are IEEE doubles computed in a stated order.
//!
//! # The mesh
//!
//! - [`NavSettings`]: agent radius (world units, at most 64 cells), tile side `T` (4..=256,
//!   default 32), the polygons' area id.
//! - [`NavMesh::build_2d`] / [`NavMesh::from_walkable`]: the bake. A cell is walkable when its
//!   area is not 255; it is **kept** when it is walkable and at Euclidean distance `>= r`
//!   (in cells, squares to squares) from every blocked cell and from the grid's outside
//!   (docs/navmesh.md §2). Kept cells are cut into greedy rectangles per tile, each a
//!   counter-clockwise polygon (y up) with T-vertices where its neighbours' corners fall, so
//!   every edge is a whole portal or a wall (§3). At radius 0 the mesh is exactly the union of
//!   the walkable cells' closed squares; two cells that touch only at a corner are not linked.
//! - [`NavMesh::refresh`]: follows the grid's edit journal, re-baking only the tiles an edit
//!   reaches (§5); the result is byte-equal to a fresh bake.
//! - [`NavMesh::locate`] / [`NavMesh::nearest`]: exact point location on [`NavPoint`]s
//!   (fixed point, 2^-16 cell), the lowest polygon id on shared edges and vertices (§6).
//! - [`NavMesh::content_hash`] / [`NavMesh::write_canonical_bytes`]: the canonical bytes
//!   (§4); snapshot kind 16 carries the mesh's inputs and its hash (§9).
//!
//! # Queries
//!
//! - [`NavSearch`]: the resumable corridor search, A* over portal crossings with the grid
//!   core's open-set order (§7), zero allocation after warm-up, snapshot kind 17.
//! - [`funnel`]: the exact string pulling through a corridor's portals (§8), which
//!   [`NavSearch`] runs on the corridor it finds; [`NavWaypoint`] is one point of its path.
//! - Tier 1: `NavMesh::find_path` / `NavMesh::find_path_points` (in `query/`) answer a
//!   [`NavPath`](crate::NavPath) in one call.
//!
//! # The plane
//!
//! Mesh x is the grid's column (world X), mesh y the grid's row (the spec's world Z). A 2D game
//! reads a [`WorldPoint`](crate::WorldPoint)`{ x, y }` as `(X, Z)`; a 3D game puts its ground
//! plane's X and Z there.
//!
//! # Examples
//!
//! ```
//! use onepath::{Grid, NavMesh, NavPoint, NavSettings, WorldPoint};
//! let grid = Grid::from_text("
//!     .....
//!     .###.
//!     .....
//! ").unwrap();
//! let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
//! let p = mesh.to_nav_point(WorldPoint::new(0.5, 1.5)).unwrap();
//! let poly = mesh.locate(p).unwrap();
//! assert_eq!(mesh.polygon(poly).unwrap().rect(), [0, 1, 1, 3]); // the left column
//! // The centre of a wall cell is on no polygon; the wall's corner (2, 2) is on the bottom row.
//! assert_eq!(mesh.locate(NavPoint::cell_center(onepath::Cell::new(2, 1))), None);
//! assert_eq!(mesh.locate(NavPoint::corner(2, 2)), Some(3));
//! ```

mod build;
mod corridor;
mod crossings;
mod erosion;
mod error;
mod funnel;
mod hash;
mod locate;
mod mesh;
mod mesh_state;
mod point;
mod polyanya;
mod polygon;
mod rects;
mod refresh;
mod search_state;
mod settings;
mod stitch;

pub use corridor::NavSearch;
pub use error::NavError;
pub use funnel::{NavWaypoint, funnel, segment_length};
pub use mesh::NavMesh;
pub use point::NavPoint;
pub use polyanya::PolyanyaSearch;
pub use polygon::NavPolygon;
pub use settings::{MAX_RADIUS_CELLS, MAX_TILE_SIZE, MIN_TILE_SIZE, NavSettings};
