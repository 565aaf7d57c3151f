//! Tier 1's choice of navigation-mesh algorithm (`NavAlgorithm`, `NavMesh::find_path_with`,
//! `docs/navmesh.md` "Choosing the algorithm"): `Corridor` answers exactly what `find_path`
//! answers; `Polyanya` answers what a `PolyanyaSearch` answers (its corridor, counts and exact
//! length bits) with the funnel's waypoints over that corridor, which stay in the corridor and
//! are as long as the length within 1e-9; it is never longer than the corridor search's path
//! and strictly shorter where the midpoint pricing misleads; statuses and errors are
//! find_path's.

mod common;
mod nav_ref;

use common::navmesh::random_mesh;

use onepath::math::SplitMix64;
use onepath::navmesh::{NavMesh, NavPoint, NavSettings, NavWaypoint, PolyanyaSearch};
use onepath::{
    Grid, GridSpace, NavAlgorithm, NavError, NavPath, NavSearch, PathStatus, Step, WorldPoint,
};

/// A random point of the mesh's box (or just outside it): a cell centre, a corner or anywhere.
fn random_point(r: &mut SplitMix64, mesh: &NavMesh) -> NavPoint {
    let (w, h) = (mesh.width(), mesh.height());
    match r.below(3) {
        0 => NavPoint::cell_center(onepath::Cell::new(r.below(w) as i32, r.below(h) as i32)),
        1 => NavPoint::corner(i64::from(r.below(w + 2)) - 1, i64::from(r.below(h + 1))),
        _ => NavPoint {
            x: i64::from(r.below(w * 65536 + 1)),
            y: i64::from(r.below(h * 65536 + 1)),
        },
    }
}

/// `count` random queries on random meshes up to `max` cells a side.
fn cases(seed: u64, count: usize, max: u32) -> Vec<(NavMesh, NavPoint, NavPoint)> {
    let mut r = SplitMix64::new(seed);
    (0..count)
        .map(|_| {
            let (w, h) = (2 + r.below(max - 1), 2 + r.below(max - 1));
            let pct = 10 + r.below(30);
            let mesh = random_mesh(&mut r, w, h, pct);
            let (a, b) = (random_point(&mut r, &mesh), random_point(&mut r, &mesh));
            (mesh, a, b)
        })
        .collect()
}

/// The same point in the world of a unit mesh (a fixed-point value is its world value · 2^16).
fn world(p: NavPoint) -> WorldPoint {
    WorldPoint::new(p.x as f64 / 65536.0, p.y as f64 / 65536.0)
}

#[test]
fn polyanya_is_what_find_path_answers() {
    for (mesh, a, b) in cases(30, 150, 14) {
        let path = mesh.find_path_points_with(a, b, NavAlgorithm::Polyanya);
        assert_eq!(path, mesh.find_path_points(a, b));
        assert_eq!(path.algorithm, NavAlgorithm::Polyanya);
        assert_eq!(
            mesh.find_path_with(world(a), world(b), NavAlgorithm::Polyanya)
                .unwrap(),
            path
        );
        assert_eq!(mesh.find_path(world(a), world(b)).unwrap(), path);
        assert_eq!(
            mesh.find_path_points_with(a, b, NavAlgorithm::Corridor)
                .algorithm,
            NavAlgorithm::Corridor
        );
    }
    assert_eq!(NavAlgorithm::default(), NavAlgorithm::Polyanya);
}

#[test]
fn polyanya_answers_what_the_search_answers_with_the_funnel_waypoints() {
    let (mut found, mut refused, mut no_path, mut pinch) = (0, 0, 0, 0);
    for (mesh, a, b) in cases(31, 400, 14) {
        let path = mesh.find_path_points_with(a, b, NavAlgorithm::Polyanya);
        assert_eq!(path.algorithm, NavAlgorithm::Polyanya);
        let mut s = PolyanyaSearch::new();
        let begun = s.try_begin(&mesh, a, b);
        let status = if begun == Step::InProgress {
            s.run(&mesh)
        } else {
            begun
        };
        let want = match status {
            Step::Found => PathStatus::Found,
            Step::StartInvalid => PathStatus::StartInvalid,
            Step::GoalInvalid => PathStatus::GoalInvalid,
            _ => PathStatus::NoPath,
        };
        assert_eq!(path.status, want, "{a:?} -> {b:?}");
        // The statuses are the corridor search's (the same location rule, the same links),
        // but for one difference the contract makes: Polyanya starts from every polygon that
        // holds the start (§10), the corridor search from the lowest id only (§6–§7), so a
        // start or goal on a corner where two unlinked polygons touch may be found by
        // Polyanya only.
        let cheap = mesh
            .find_path_points_with(a, b, NavAlgorithm::Corridor)
            .status;
        if path.status != cheap {
            let on_border = |p: NavPoint| p.x % NavPoint::UNIT == 0 || p.y % NavPoint::UNIT == 0;
            assert!(
                (path.status, cheap) == (PathStatus::Found, PathStatus::NoPath)
                    && (on_border(a) || on_border(b)),
                "{a:?} -> {b:?}: Polyanya {:?}, corridor {cheap:?}",
                path.status
            );
            pinch += 1;
        }
        match path.status {
            PathStatus::StartInvalid | PathStatus::GoalInvalid => {
                refused += 1;
                assert_eq!((path.iterations, path.expansions), (0, 0));
                assert!(path.waypoints.is_empty() && path.corridor.is_empty());
                assert_eq!(path.length, f64::INFINITY);
                continue;
            }
            PathStatus::NoPath => {
                no_path += 1;
                assert!(path.waypoints.is_empty() && path.corridor.is_empty());
                assert_eq!(path.length, f64::INFINITY);
            }
            _ => found += 1,
        }
        assert_eq!(
            (path.iterations, path.expansions),
            (s.iterations(), s.expansions())
        );
        if !path.is_found() {
            continue;
        }
        // The length is the search's, bit for bit; the corridor is the search's.
        assert_eq!(path.length.to_bits(), s.length().unwrap().to_bits());
        assert_eq!(path.corridor, s.corridor());
        // The waypoints are the funnel's over that corridor: inside it (each segment crosses
        // the portals between its waypoints' corridor indices in order, nav_ref's exact
        // test), no repeats, nothing in line, and as long as the search's length.
        let mut funnel: Vec<NavWaypoint> = Vec::new();
        let funnel_length = s.funnel_waypoints(&mut funnel).unwrap();
        assert_eq!(path.waypoints, funnel);
        let points: Vec<(NavPoint, u32)> = path
            .waypoints
            .iter()
            .map(|w| (w.point, w.corridor_index))
            .collect();
        nav_ref::check_legal(a, b, s.portals(), &points, funnel_length)
            .unwrap_or_else(|e| panic!("{a:?} -> {b:?}: {e}"));
        for w in &path.waypoints {
            assert_eq!(path.corridor[w.corridor_index as usize], w.polygon);
        }
        assert!(
            (funnel_length - path.length).abs() <= 1e-9 * path.length.max(1.0),
            "{a:?} -> {b:?}: funnel {funnel_length}, Polyanya {}",
            path.length
        );
        // The world-point form answers the same.
        assert_eq!(
            mesh.find_path_with(world(a), world(b), NavAlgorithm::Polyanya)
                .unwrap(),
            path
        );
    }
    assert!(
        found > 150 && refused > 20 && no_path > 5,
        "too few of each: {found} found, {refused} refused, {no_path} no path"
    );
    println!("{pinch} queries found by Polyanya only (an endpoint where unlinked polygons touch)");
}

#[test]
fn polyanya_is_never_longer_than_the_corridor_and_sometimes_shorter() {
    let mut shorter = 0;
    for (mesh, a, b) in cases(32, 400, 20) {
        let exact = mesh.find_path_points_with(a, b, NavAlgorithm::Polyanya);
        let cheap = mesh.find_path_points_with(a, b, NavAlgorithm::Corridor);
        if exact.is_found() && cheap.is_found() {
            assert!(
                exact.length <= cheap.length * (1.0 + 1e-9),
                "{a:?} -> {b:?}: Polyanya {} above the corridor's {}",
                exact.length,
                cheap.length
            );
            shorter += usize::from(exact.length < cheap.length * (1.0 - 1e-9));
        }
    }
    assert!(shorter > 0, "no query where the corridor search is longer");
}

/// A room with a wall across it and a gap at the far end: Polyanya goes tight round the
/// wall's end, turning at its two corners, with the exact length.
#[test]
fn a_wall_with_a_gap_polyanya_turns_at_its_end() {
    let grid = Grid::from_text(
        "
        ..........
        #########.
        ..........
        ..........
        ",
    )
    .unwrap();
    let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).unwrap();
    let (a, b) = (WorldPoint::new(0.5, 0.5), WorldPoint::new(0.5, 3.5));
    let path = mesh.find_path_with(a, b, NavAlgorithm::Polyanya).unwrap();
    assert_eq!(path.status, PathStatus::Found);
    // Row 0 is the text's first line (y = 0): round the wall (row 1, x 0..9) at its end x = 9.
    let points = path.world_points(&mesh);
    assert_eq!(
        points,
        [a, WorldPoint::new(9.0, 1.0), WorldPoint::new(9.0, 2.0), b]
    );
    let exact = (8.5f64 * 8.5 + 0.5 * 0.5).sqrt() + 1.0 + (8.5f64 * 8.5 + 1.5 * 1.5).sqrt();
    assert!((path.length - exact).abs() < 1e-12, "{}", path.length);
    let cheap = mesh.find_path_with(a, b, NavAlgorithm::Corridor).unwrap();
    assert!(path.length <= cheap.length);
}

#[test]
fn statuses_and_errors_are_find_paths() {
    // . # .    the wall cell splits the strip
    let mesh = NavMesh::from_walkable(
        3,
        1,
        &[true, false, true],
        GridSpace::UNIT,
        &NavSettings::DEFAULT,
    )
    .unwrap();
    let p = NavAlgorithm::Polyanya;
    let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(3, 1));
    let wall = NavPoint::cell_center(onepath::Cell::new(1, 0));
    let off = NavPoint::corner(-1, 0);
    let no = mesh.find_path_points_with(a, b, p);
    assert_eq!(no.status, PathStatus::NoPath);
    assert!(no.waypoints.is_empty() && no.length == f64::INFINITY);
    for (s, g, want) in [
        (wall, a, PathStatus::StartInvalid),
        (off, wall, PathStatus::StartInvalid),
        (a, wall, PathStatus::GoalInvalid),
        (a, off, PathStatus::GoalInvalid),
    ] {
        let path = mesh.find_path_points_with(s, g, p);
        assert_eq!(
            path,
            NavPath {
                algorithm: p,
                ..mesh.find_path_points_with(s, g, NavAlgorithm::Corridor)
            }
        );
        assert_eq!(path.status, want);
    }
    // Start = goal: found, one waypoint, length 0.
    let same = mesh.find_path_points_with(a, a, p);
    assert_eq!((same.status, same.length), (PathStatus::Found, 0.0));
    assert_eq!(same.waypoints.len(), 1);
    for bad in [f64::NAN, f64::INFINITY, 1e300] {
        let e = mesh.find_path_with(WorldPoint::new(bad, 0.5), world(b), p);
        assert!(matches!(e, Err(NavError::Coordinate(_))), "{e:?}");
        let e = mesh.find_path_with(world(a), WorldPoint::new(0.5, bad), p);
        assert!(matches!(e, Err(NavError::Coordinate(_))), "{e:?}");
    }
    // The start's coordinate is judged first.
    let both = mesh.find_path_with(
        WorldPoint::new(f64::NAN, 0.5),
        WorldPoint::new(0.5, f64::INFINITY),
        p,
    );
    let start_only = mesh.find_path_with(WorldPoint::new(f64::NAN, 0.5), world(b), p);
    assert_eq!(format!("{both:?}"), format!("{start_only:?}"));
    assert!(format!("{both:?}").contains("axis: X"));
}

#[test]
fn reused_searches_answer_what_the_one_liners_answer() {
    let mut reused = NavSearch::new();
    let mut poly = PolyanyaSearch::new();
    for (mesh, a, b) in cases(33, 60, 10) {
        let path = mesh.find_path_points_with(a, b, NavAlgorithm::Polyanya);
        if poly.try_begin(&mesh, a, b) == Step::InProgress {
            let _ = poly.run(&mesh);
        }
        if path.is_found() {
            assert_eq!(poly.length().unwrap().to_bits(), path.length.to_bits());
            assert_eq!(poly.corridor(), path.corridor);
        }
        // And the corridor one-liner still equals a reused NavSearch.
        let cheap = mesh.find_path_points_with(a, b, NavAlgorithm::Corridor);
        if reused.try_begin(&mesh, a, b) == Step::InProgress {
            let _ = reused.run(&mesh);
            assert_eq!(
                cheap.length.to_bits(),
                reused.length().unwrap_or(f64::INFINITY).to_bits()
            );
        }
    }
}
