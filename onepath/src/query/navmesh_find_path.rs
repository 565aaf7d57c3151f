//! Tier 1 on a navigation mesh: [`NavMesh::find_path`] / [`NavMesh::find_path_points`]
//! (the default algorithm, Polyanya: `docs/navmesh.md` §10, one search and funnel per call) and
//! [`NavMesh::find_path_with`] / [`NavMesh::find_path_points_with`], which run the
//! [`NavAlgorithm`] asked for (the corridor search, or Polyanya, §10).

use super::navmesh_algorithm::NavAlgorithm;
use super::navmesh_path::NavPath;
use super::path::PathStatus;
use crate::grid::WorldPoint;
use crate::navmesh::{NavError, NavMesh, NavPoint, NavSearch, PolyanyaSearch};
use crate::search::Step;

/// The algorithm [`NavMesh::find_path`] and [`NavMesh::find_path_points`] run: the one place
/// the tier-1 default is chosen (`NavAlgorithm::default()`: Polyanya, the exact shortest path).
const FIND_PATH_ALGORITHM: NavAlgorithm = NavAlgorithm::Polyanya;

impl NavMesh {
    /// The straight path between two world points: both are converted to fixed point
    /// ([`to_nav_point`](NavMesh::to_nav_point), `docs/navmesh.md` §1), then as
    /// [`find_path_points`](NavMesh::find_path_points).
    ///
    /// The path is the Euclidean shortest path inside the mesh region ([`NavAlgorithm`]'s
    /// default, [`Polyanya`](NavAlgorithm::Polyanya), `docs/navmesh.md` §10): never longer
    /// than any other path on the mesh, so never longer than the grid's 8-connected path
    /// between the same cells. Its length is the search's exact length bits; its waypoints
    /// are the funnel's over the search's corridor (within 1e-9 of that length).
    /// [`find_path_with`](NavMesh::find_path_with) and
    /// [`NavAlgorithm::Corridor`] trade that guarantee for a 3–5× cheaper query.
    ///
    /// # Errors
    ///
    /// [`NavError::Coordinate`] when a point breaks the coordinate rule (not finite, or
    /// |v| > 2^21), naming the axis and the value; the start is checked first. A point that is
    /// valid but on no polygon is a status, not an error.
    ///
    /// # Complexity
    ///
    /// One Polyanya search and the funnel over its corridor, as
    /// [`find_path_with`](NavMesh::find_path_with) says; allocates its working memory per call
    /// (keep a [`PolyanyaSearch`] to allocate nothing).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavError, NavMesh, NavSettings, PathStatus, WorldPoint};
    /// let grid = Grid::from_text("
    ///     ..#..
    ///     ..#..
    ///     .....
    /// ").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// let path = mesh.find_path(WorldPoint::new(0.5, 0.5), WorldPoint::new(4.5, 0.5)).unwrap();
    /// assert!(path.is_found() && path.corridor.len() >= 2);
    /// let wall = mesh.find_path(WorldPoint::new(2.5, 0.5), WorldPoint::new(4.5, 0.5)).unwrap();
    /// assert_eq!(wall.status, PathStatus::StartInvalid);
    /// let bad = mesh.find_path(WorldPoint::new(f64::NAN, 0.5), WorldPoint::new(4.5, 0.5));
    /// assert!(matches!(bad, Err(NavError::Coordinate(_))));
    /// ```
    pub fn find_path(&self, start: WorldPoint, goal: WorldPoint) -> Result<NavPath, NavError> {
        self.find_path_with(start, goal, FIND_PATH_ALGORITHM)
    }

    /// The shortest path between two fixed-point points (`docs/navmesh.md` §10): a Polyanya
    /// search from the polygons holding the start, then the funnel over its corridor. Statuses as
    /// the grid queries report them: `StartInvalid` / `GoalInvalid` when a point is on no
    /// polygon (the start judged first), `NoPath` when no path on the mesh links them, `Found`.
    ///
    /// # Complexity
    ///
    /// As [`find_path`](NavMesh::find_path).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridSpace, NavMesh, NavPoint, NavSettings, PathStatus};
    /// // . # .    the wall cell splits the strip
    /// let mesh = NavMesh::from_walkable(3, 1, &[true, false, true], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 1));
    /// assert_eq!(mesh.find_path_points(a, b).status, PathStatus::NoPath);
    /// assert_eq!(mesh.find_path_points(a, a).length, 0.0);
    /// let wall = NavPoint { x: 98_304, y: 32_768 };
    /// assert_eq!(mesh.find_path_points(a, wall).status, PathStatus::GoalInvalid);
    /// ```
    pub fn find_path_points(&self, start: NavPoint, goal: NavPoint) -> NavPath {
        self.find_path_points_with(start, goal, FIND_PATH_ALGORITHM)
    }

    /// The path between two world points by `algorithm`: both are converted to fixed point
    /// ([`to_nav_point`](NavMesh::to_nav_point), `docs/navmesh.md` §1), then as
    /// [`find_path_points_with`](NavMesh::find_path_points_with).
    ///
    /// # Errors
    ///
    /// As [`find_path`](NavMesh::find_path): [`NavError::Coordinate`] when a point breaks the
    /// coordinate rule, the start checked first.
    ///
    /// # Complexity
    ///
    /// [`NavAlgorithm::Corridor`]: as [`find_path`](NavMesh::find_path).
    /// [`NavAlgorithm::Polyanya`]: one Polyanya search (its node count is not bounded by the
    /// mesh size in the worst case, but is on every map we measured a few times the corridor
    /// search's pops) and the funnel over its corridor; it allocates its working memory per
    /// call, including a per-corner table of 16 bytes per cell corner (keep a
    /// [`PolyanyaSearch`] to allocate nothing).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Grid, NavAlgorithm, NavError, NavMesh, NavSettings, PathStatus, WorldPoint};
    /// let grid = Grid::from_text("
    ///     .....
    ///     ..#..
    ///     ..#..
    /// ").unwrap();
    /// let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    /// // Text row 0 is y = 0: the wall holds x = 2 in rows 1 and 2.
    /// let (a, b) = (WorldPoint::new(0.5, 2.5), WorldPoint::new(4.5, 2.5));
    /// let path = mesh.find_path_with(a, b, NavAlgorithm::Polyanya).unwrap();
    /// // Round the wall's end: over its corners (2, 1) and (3, 1).
    /// assert_eq!(path.world_points(&mesh), [a, WorldPoint::new(2.0, 1.0), WorldPoint::new(3.0, 1.0), b]);
    /// assert!((path.length - (2.0 * 4.5f64.sqrt() + 1.0)).abs() < 1e-12);
    /// let wall = mesh.find_path_with(WorldPoint::new(2.5, 1.5), b, NavAlgorithm::Polyanya).unwrap();
    /// assert_eq!(wall.status, PathStatus::StartInvalid);
    /// let bad = mesh.find_path_with(a, WorldPoint::new(0.5, f64::NAN), NavAlgorithm::Polyanya);
    /// assert!(matches!(bad, Err(NavError::Coordinate(_))));
    /// ```
    pub fn find_path_with(
        &self,
        start: WorldPoint,
        goal: WorldPoint,
        algorithm: NavAlgorithm,
    ) -> Result<NavPath, NavError> {
        let s = self.to_nav_point(start)?;
        let g = self.to_nav_point(goal)?;
        Ok(self.find_path_points_with(s, g, algorithm))
    }

    /// The path between two fixed-point points by `algorithm`, with the statuses of
    /// [`find_path_points`](NavMesh::find_path_points): `StartInvalid` / `GoalInvalid` when a
    /// point is on no polygon (the start judged first, nothing searched), `NoPath` when the
    /// mesh does not connect them, `Found`. One difference the contract makes: Polyanya
    /// starts from (and ends in) every polygon whose closed area holds the point
    /// (`docs/navmesh.md` §10), the corridor search from the lowest id only (§6–§7), so for a
    /// point on a corner where two unlinked polygons touch Polyanya may find a path where
    /// the corridor search reports `NoPath`.
    ///
    /// With [`NavAlgorithm::Polyanya`] the answer is built from one [`PolyanyaSearch`]: its
    /// corridor and counts (iterations, expansions in place included), the waypoints of the
    /// funnel (`docs/navmesh.md` §8) over its corridor
    /// ([`PolyanyaSearch::funnel_waypoints`]: each names the corridor polygon its next
    /// segment starts in, like the corridor search's), and as the length the search's own
    /// exact length bits ([`PolyanyaSearch::length`], the §1 length of the search's turn
    /// points). Both paths are shortest paths of the region; the funnel's waypoints may drop
    /// a turn point in line with its neighbours, and their §1 length may differ from
    /// `length` by rounding (within 1e-9 relative).
    ///
    /// # Complexity
    ///
    /// As [`find_path_with`](NavMesh::find_path_with).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{GridSpace, NavAlgorithm, NavMesh, NavPoint, NavSettings, PathStatus};
    /// // . # .    the wall cell splits the strip
    /// let mesh = NavMesh::from_walkable(3, 1, &[true, false, true], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    /// let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 1));
    /// let p = NavAlgorithm::Polyanya;
    /// assert_eq!(mesh.find_path_points_with(a, b, p).status, PathStatus::NoPath);
    /// assert_eq!(mesh.find_path_points_with(a, a, p).length, 0.0);
    /// let wall = NavPoint { x: 98_304, y: 32_768 };
    /// assert_eq!(mesh.find_path_points_with(wall, a, p).status, PathStatus::StartInvalid);
    /// assert_eq!(mesh.find_path_points_with(a, wall, p).status, PathStatus::GoalInvalid);
    /// ```
    pub fn find_path_points_with(
        &self,
        start: NavPoint,
        goal: NavPoint,
        algorithm: NavAlgorithm,
    ) -> NavPath {
        match algorithm {
            NavAlgorithm::Corridor => self.corridor_path(start, goal),
            NavAlgorithm::Polyanya => self.polyanya_path(start, goal),
        }
    }

    /// [`NavAlgorithm::Corridor`]: one [`NavSearch`] and its funnel.
    fn corridor_path(&self, start: NavPoint, goal: NavPoint) -> NavPath {
        let mut search = NavSearch::new();
        match search.try_begin(self, start, goal) {
            Step::StartInvalid => {
                return NavPath::refused(PathStatus::StartInvalid, NavAlgorithm::Corridor);
            }
            Step::GoalInvalid => {
                return NavPath::refused(PathStatus::GoalInvalid, NavAlgorithm::Corridor);
            }
            _ => {}
        }
        let status = search.run(self);
        let mut path = NavPath::refused(
            if status == Step::Found {
                PathStatus::Found
            } else {
                PathStatus::NoPath
            },
            NavAlgorithm::Corridor,
        );
        path.iterations = search.iterations();
        path.expansions = search.expansions();
        if let Some(length) = search.length() {
            path.length = length;
            path.waypoints.extend_from_slice(search.waypoints());
            path.corridor.extend_from_slice(search.corridor());
        }
        path
    }

    /// [`NavAlgorithm::Polyanya`]: one [`PolyanyaSearch`], the funnel over its corridor, its
    /// exact length.
    fn polyanya_path(&self, start: NavPoint, goal: NavPoint) -> NavPath {
        let mut search = PolyanyaSearch::new();
        let status = match search.try_begin(self, start, goal) {
            Step::StartInvalid => PathStatus::StartInvalid,
            Step::GoalInvalid => PathStatus::GoalInvalid,
            Step::InProgress => {
                if search.run(self) == Step::Found {
                    PathStatus::Found
                } else {
                    PathStatus::NoPath
                }
            }
            Step::Found => PathStatus::Found,
            _ => PathStatus::NoPath,
        };
        let mut path = NavPath::refused(status, NavAlgorithm::Polyanya);
        if matches!(status, PathStatus::StartInvalid | PathStatus::GoalInvalid) {
            return path;
        }
        path.iterations = search.iterations();
        path.expansions = search.expansions();
        if let Some(length) = search.length() {
            path.length = length;
            let _ = search.funnel_waypoints(&mut path.waypoints);
            path.corridor.extend_from_slice(search.corridor());
        }
        path
    }
}
