//! [`NavPath`]: the answer of a tier-1 navigation-mesh query (`docs/navmesh.md` §7–§8).

use alloc::vec::Vec;

use super::navmesh_algorithm::NavAlgorithm;
use super::path::PathStatus;
use crate::grid::WorldPoint;
use crate::navmesh::{NavMesh, NavWaypoint};

/// The result of [`NavMesh::find_path`] / [`NavMesh::find_path_points`] and their
/// [`find_path_with`](NavMesh::find_path_with) forms: the status, the straight path the funnel
/// pulled through the corridor, the corridor itself, the length, the counts and the
/// [`NavAlgorithm`] that ran.
///
/// The statuses are the grid queries': [`PathStatus::StartInvalid`] /
/// [`PathStatus::GoalInvalid`] when the point is on no polygon (`NavMesh::locate` gives none;
/// the start is judged first), [`PathStatus::NoPath`] when the mesh does not link the two
/// polygons, [`PathStatus::Found`] otherwise. Nothing is searched for an invalid endpoint.
///
/// # Examples
///
/// ```
/// use onepath::{Grid, NavMesh, NavSettings, PathStatus, WorldPoint};
/// let grid = Grid::from_text("
///     .....
///     .###.
///     .....
/// ").unwrap();
/// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
/// let path = mesh.find_path(WorldPoint::new(0.5, 1.5), WorldPoint::new(4.5, 1.5)).unwrap();
/// assert_eq!(path.status, PathStatus::Found);
/// // Round the wall's two corners on one side: start, two corners, goal.
/// assert_eq!(path.waypoints.len(), 4);
/// assert_eq!(path.length, 0.5f64.sqrt() + 3.0 + 0.5f64.sqrt());
/// let corner = path.world_points(&mesh)[1];
/// assert!(corner == WorldPoint::new(1.0, 1.0) || corner == WorldPoint::new(1.0, 2.0));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct NavPath {
    /// How the query ended (never `BudgetExhausted` or `NotStarted`: the one-liners run to the
    /// end).
    pub status: PathStatus,
    /// The straight path, start first (empty unless found): start, turn points (mesh
    /// vertices), goal, each with the corridor polygon its next segment starts in.
    pub waypoints: Vec<NavWaypoint>,
    /// The corridor's polygon ids, start polygon first (empty unless found).
    pub corridor: Vec<u32>,
    /// The path's length in cells; +∞ unless found. [`NavAlgorithm::Corridor`]: the
    /// waypoints' segment lengths summed first to last (`docs/navmesh.md` §1).
    /// [`NavAlgorithm::Polyanya`]: the search's exact length
    /// ([`PolyanyaSearch::length`](crate::PolyanyaSearch::length), §1's length of its own
    /// turn points, §10), bit for bit; the §1 length of `waypoints` (the funnel over the
    /// search's corridor) is within 1e-9 relative of it.
    pub length: f64,
    /// Iterations of the search (pops).
    pub iterations: u64,
    /// Expansions: the corridor search's pops other than the goal's; Polyanya's expanded
    /// nodes, in-place expansions (intermediate pruning) included.
    pub expansions: u64,
    /// The search that answered.
    pub algorithm: NavAlgorithm,
}

impl NavPath {
    /// A query that searched nothing: `status`, empty lists, infinite length.
    pub(crate) fn refused(status: PathStatus, algorithm: NavAlgorithm) -> Self {
        Self {
            status,
            waypoints: Vec::new(),
            corridor: Vec::new(),
            length: f64::INFINITY,
            iterations: 0,
            expansions: 0,
            algorithm,
        }
    }

    /// Whether a path was found.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{NavMesh, NavPoint, NavSettings, GridSpace};
    /// let mesh = NavMesh::from_walkable(2, 1, &[true, true], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// assert!(mesh.find_path_points(NavPoint::corner(0, 0), NavPoint::corner(2, 1)).is_found());
    /// assert!(!mesh.find_path_points(NavPoint::corner(0, 0), NavPoint::corner(3, 1)).is_found());
    /// ```
    pub fn is_found(&self) -> bool {
        self.status == PathStatus::Found
    }

    /// The length in world units: [`length`](Self::length) times the mesh's cell size, one
    /// multiplication (`docs/navmesh.md` §1).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridSpace, NavMesh, NavPoint, NavSettings};
    /// let space = GridSpace::new(10.0, 0.0, 0.5).unwrap(); // half-unit cells from x = 10
    /// let mesh = NavMesh::from_walkable(4, 1, &[true; 4], space, &NavSettings::DEFAULT).unwrap();
    /// let path = mesh.find_path_points(NavPoint::corner(0, 0), NavPoint::corner(4, 0));
    /// assert_eq!((path.length, path.world_length(&mesh)), (4.0, 2.0));
    /// ```
    pub fn world_length(&self, mesh: &NavMesh) -> f64 {
        self.length * mesh.space().cell_size()
    }

    /// The waypoints in world space ([`NavMesh::to_world`]), start first.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridSpace, NavMesh, NavPoint, NavSettings, WorldPoint};
    /// let space = GridSpace::new(10.0, 0.0, 0.5).unwrap();
    /// let mesh = NavMesh::from_walkable(4, 1, &[true; 4], space, &NavSettings::DEFAULT).unwrap();
    /// let path = mesh.find_path_points(NavPoint::corner(0, 0), NavPoint::corner(4, 1));
    /// assert_eq!(path.world_points(&mesh), [WorldPoint::new(10.0, 0.0), WorldPoint::new(12.0, 0.5)]);
    /// ```
    pub fn world_points(&self, mesh: &NavMesh) -> Vec<WorldPoint> {
        self.waypoints
            .iter()
            .map(|w| mesh.to_world(w.point))
            .collect()
    }
}
