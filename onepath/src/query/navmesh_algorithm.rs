//! [`NavAlgorithm`]: which search a tier-1 navigation-mesh query runs (`docs/navmesh.md`,
//! "Choosing the algorithm").
//!
//! It lives in `query/` because choosing the engine is tier 1's job (ARCHITECTURE.md,
//! "Floors"); the two searches it names live in `navmesh/`.

/// Which search [`NavMesh::find_path_with`](crate::NavMesh::find_path_with) runs. Both answer
/// the same [`NavPath`](crate::NavPath) (statuses, waypoints with their corridor polygons,
/// corridor, length in cells, counts); they differ in the path's quality and the price.
///
/// The default ([`NavAlgorithm::default`]) is [`Polyanya`](Self::Polyanya), the search
/// [`NavMesh::find_path`](crate::NavMesh::find_path) runs: a path that is never longer than
/// any other path on the mesh (in particular never longer than the grid's 8-connected path
/// between the same cells). Choose [`Corridor`](Self::Corridor) when a 3–5× cheaper query
/// matters more than a path that may be longer (docs/navmesh.md, "Choosing the algorithm").
///
/// # Examples
///
/// ```
/// use onepath::{Grid, NavAlgorithm, NavMesh, NavSettings, WorldPoint};
/// // Text row 0 is y = 0. Going from the bottom left to the top, round the hook's right end
/// // (corner (4, 3)) or its left end (corner (1, 1)).
/// let grid = Grid::from_text("
///     ..........
///     .###......
///     ...#......
///     ..........
/// ").unwrap();
/// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
/// let (a, b) = (WorldPoint::new(0.5, 3.5), WorldPoint::new(5.5, 0.5));
/// let exact = mesh.find_path_with(a, b, NavAlgorithm::Polyanya).unwrap();
/// let cheap = mesh.find_path_with(a, b, NavAlgorithm::Corridor).unwrap();
/// assert_eq!(exact.world_points(&mesh), [a, WorldPoint::new(4.0, 3.0), b]);
/// // The corridor search's midpoint prices pick the way round the left end: longer.
/// assert_eq!(cheap.world_points(&mesh), [a, WorldPoint::new(1.0, 1.0), b]);
/// assert!(exact.length < cheap.length);
/// assert_eq!((exact.algorithm, NavAlgorithm::default()), (NavAlgorithm::Polyanya, NavAlgorithm::Polyanya));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum NavAlgorithm {
    /// The corridor search and the funnel ([`NavSearch`](crate::NavSearch),
    /// `docs/navmesh.md` §7–§8): A* over portal crossings priced at the portals' midpoints,
    /// then the shortest path inside the corridor found. Fast, but not always the shortest
    /// path on the mesh (§7, "What it does not promise").
    Corridor,
    /// Polyanya ([`PolyanyaSearch`](crate::PolyanyaSearch); Cui, Harabor & Grastien 2017,
    /// `docs/navmesh.md` §10): the exact Euclidean shortest path inside the mesh region, at a
    /// higher cost per query. The default.
    #[default]
    Polyanya,
}

impl NavAlgorithm {
    /// The lower-case name (`"corridor"`, `"polyanya"`), as the CLI's `--alg` spells it.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::NavAlgorithm;
    /// assert_eq!(NavAlgorithm::Polyanya.name(), "polyanya");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Self::Corridor => "corridor",
            Self::Polyanya => "polyanya",
        }
    }
}
