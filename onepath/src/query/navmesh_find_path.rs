//! Tier 1 on a navigation mesh: [`NavMesh::find_path`] and [`NavMesh::find_path_points`]
//! (`docs/navmesh.md` §7–§8), one corridor search and funnel per call.

use super::navmesh_path::NavPath;
use super::path::PathStatus;
use crate::grid::WorldPoint;
use crate::navmesh::{NavError, NavMesh, NavPoint, NavSearch};
use crate::search::Step;

impl NavMesh {
    /// The straight path between two world points: both are converted to fixed point
    /// ([`to_nav_point`](NavMesh::to_nav_point), `docs/navmesh.md` §1), then as
    /// [`find_path_points`](NavMesh::find_path_points).
    ///
    /// The path is the shortest one inside the corridor the search picks, which prices portal
    /// crossings at their midpoints: it is not always the shortest path on the mesh (on Moving
    /// AI maps 2.5 % of sampled lines are longer than the 8-connected grid optimum, at most
    /// 1.69×; `docs/navmesh.md` §7). [`PolyanyaSearch`](crate::PolyanyaSearch) gives the exact
    /// shortest path, at a higher cost per query.
    ///
    /// # Errors
    ///
    /// [`NavError::Coordinate`] when a point breaks the coordinate rule (not finite, or
    /// |v| > 2^21), naming the axis and the value; the start is checked first. A point that is
    /// valid but on no polygon is a status, not an error.
    ///
    /// # Complexity
    ///
    /// One corridor search (O(e log e) for e half-edges at worst) and the funnel over its
    /// corridor; allocates its working memory per call (keep a
    /// [`NavSearch`] to allocate nothing).
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
        let s = self.to_nav_point(start)?;
        let g = self.to_nav_point(goal)?;
        Ok(self.find_path_points(s, g))
    }

    /// The straight path between two fixed-point points (`docs/navmesh.md` §7–§8): the
    /// corridor search from the start's polygon to the goal's, then the funnel. Statuses as
    /// the grid queries report them: `StartInvalid` / `GoalInvalid` when a point is on no
    /// polygon (the start judged first), `NoPath` when no corridor links them, `Found`.
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
        let mut search = NavSearch::new();
        match search.try_begin(self, start, goal) {
            Step::StartInvalid => return NavPath::refused(PathStatus::StartInvalid),
            Step::GoalInvalid => return NavPath::refused(PathStatus::GoalInvalid),
            _ => {}
        }
        let status = search.run(self);
        let mut path = NavPath::refused(if status == Step::Found {
            PathStatus::Found
        } else {
            PathStatus::NoPath
        });
        path.iterations = search.iterations();
        path.expansions = search.expansions();
        if let Some(length) = search.length() {
            path.length = length;
            path.waypoints.extend_from_slice(search.waypoints());
            path.corridor.extend_from_slice(search.corridor());
        }
        path
    }
}
