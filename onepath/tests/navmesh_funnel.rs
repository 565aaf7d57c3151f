//! The funnel (`docs/navmesh.md` §8) against an independent reference: on hand-built and
//! random corridors, its path is the shortest path that crosses the portals in order, its
//! waypoints stay in the corridor, none repeats and no three are collinear, and its length is
//! the sum of its segments.

mod nav_ref;

use nav_ref::check_path;
use onepath::math::SplitMix64;
use onepath::navmesh::{NavPoint, NavWaypoint, funnel};

fn c(i: i64, j: i64) -> NavPoint {
    NavPoint::corner(i, j)
}

fn p(x: f64, y: f64) -> NavPoint {
    NavPoint {
        x: (x * 65536.0) as i64,
        y: (y * 65536.0) as i64,
    }
}

/// Runs the funnel and the reference checks; returns the waypoints' points.
fn pulled(start: NavPoint, goal: NavPoint, portals: &[[NavPoint; 2]]) -> Vec<NavPoint> {
    let corridor: Vec<u32> = (0..=portals.len() as u32).map(|i| 100 + i).collect();
    let mut out: Vec<NavWaypoint> = Vec::new();
    let length = funnel(start, goal, portals, &corridor, &mut out);
    let points: Vec<(NavPoint, u32)> = out.iter().map(|w| (w.point, w.corridor_index)).collect();
    for w in &out {
        assert_eq!(w.polygon, corridor[w.corridor_index as usize]);
    }
    if let Err(e) = check_path(start, goal, portals, &points, length) {
        panic!("{e}\nstart {start:?} goal {goal:?}\nportals {portals:?}\nwaypoints {points:?}");
    }
    out.iter().map(|w| w.point).collect()
}

#[test]
fn a_straight_corridor_is_one_segment() {
    // Unit squares along x: portals at x = 1, 2, 3 (crossing +x: left is the top end).
    let portals: Vec<[NavPoint; 2]> = (1..4).map(|x| [c(x, 1), c(x, 0)]).collect();
    let (s, g) = (p(0.5, 0.5), p(3.5, 0.25));
    assert_eq!(pulled(s, g, &portals), [s, g]);
}

#[test]
fn an_l_turns_at_the_inner_corner_once() {
    // Three squares right, then three up, from the bottom-right one.
    let mut portals: Vec<[NavPoint; 2]> = (1..3).map(|x| [c(x, 1), c(x, 0)]).collect();
    portals.extend((1..3).map(|y| [c(2, y), c(3, y)]));
    let (s, g) = (p(0.5, 0.5), p(2.5, 2.5));
    assert_eq!(pulled(s, g, &portals), [s, c(2, 1), g]);
}

#[test]
fn a_zigzag_turns_at_both_corners() {
    // Up a column at x in [0, 1], right along y in [2, 3], up again at x in [2, 3]:
    // (0,0) -> (0,1) -> (0,2) -> (1,2) -> (2,2) -> (2,3) -> (2,4)
    let portals = [
        [c(0, 1), c(1, 1)],
        [c(0, 2), c(1, 2)],
        [c(1, 3), c(1, 2)],
        [c(2, 3), c(2, 2)],
        [c(2, 3), c(3, 3)],
        [c(2, 4), c(3, 4)],
    ];
    let (s, g) = (p(0.5, 0.5), p(2.5, 4.5));
    assert_eq!(pulled(s, g, &portals), [s, c(1, 2), c(2, 3), g]);
}

#[test]
fn a_u_turn_touches_both_inner_corners() {
    // Right along y in [0, 1], up, then left along y in [2, 3] over a wall at x in [0, 2].
    let portals = [
        [c(1, 1), c(1, 0)],
        [c(2, 1), c(2, 0)],
        [c(2, 1), c(3, 1)],
        [c(2, 2), c(3, 2)],
        [c(2, 2), c(2, 3)],
        [c(1, 2), c(1, 3)],
    ];
    let (s, g) = (p(0.5, 0.5), p(0.5, 2.5));
    assert_eq!(pulled(s, g, &portals), [s, c(2, 1), c(2, 2), g]);
}

#[test]
fn endpoints_on_corners_and_equal_points() {
    let portals: Vec<[NavPoint; 2]> = (1..3).map(|x| [c(x, 1), c(x, 0)]).collect();
    // The start equal to the goal: one waypoint.
    assert_eq!(pulled(c(0, 0), c(0, 0), &[]), [c(0, 0)]);
    // Along the corridor's wall, through the portals' endpoints: a straight line.
    assert_eq!(pulled(c(0, 1), c(3, 1), &portals), [c(0, 1), c(3, 1)]);
    // A start on a portal vertex.
    assert_eq!(pulled(c(1, 0), c(3, 1), &portals), [c(1, 0), c(3, 1)]);
}

/// A random corridor: a self-avoiding walk over squares of side `side` cells, each step's
/// portal a random sub-segment of the shared side (the rest of it wall).
fn random_corridor(
    r: &mut SplitMix64,
    side: i64,
    steps: u32,
) -> (NavPoint, NavPoint, Vec<[NavPoint; 2]>) {
    let mut pos = (0i64, 0i64);
    let mut seen = vec![pos];
    let mut portals = Vec::new();
    for _ in 0..steps {
        let dirs: Vec<(i64, i64)> = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .filter(|d| !seen.contains(&(pos.0 + d.0, pos.1 + d.1)))
            .collect();
        if dirs.is_empty() {
            break;
        }
        let d = dirs[r.below(dirs.len() as u32) as usize];
        let a = i64::from(r.below(side as u32));
        let b = a + 1 + i64::from(r.below((side - a) as u32));
        let (x0, y0) = (pos.0 * side, pos.1 * side);
        portals.push(match d {
            (1, 0) => [c(x0 + side, y0 + b), c(x0 + side, y0 + a)],
            (-1, 0) => [c(x0, y0 + a), c(x0, y0 + b)],
            (0, 1) => [c(x0 + a, y0 + side), c(x0 + b, y0 + side)],
            _ => [c(x0 + b, y0), c(x0 + a, y0)],
        });
        pos = (pos.0 + d.0, pos.1 + d.1);
        seen.push(pos);
    }
    let unit = side * NavPoint::UNIT;
    let mut point = |sq: (i64, i64)| {
        // Half the points on cell corners (degenerate, collinear cases), half anywhere.
        if r.chance(1, 2) {
            c(
                sq.0 * side + i64::from(r.below(side as u32 + 1)),
                sq.1 * side + i64::from(r.below(side as u32 + 1)),
            )
        } else {
            NavPoint {
                x: sq.0 * unit + i64::from(r.below(unit as u32 + 1)),
                y: sq.1 * unit + i64::from(r.below(unit as u32 + 1)),
            }
        }
    };
    let start = point(seen[0]);
    let goal = point(*seen.last().unwrap());
    (start, goal, portals)
}

#[test]
fn random_corridors_give_the_shortest_path_through_their_portals() {
    let mut r = SplitMix64::new(29);
    for case in 0..20000 {
        let side = 1 + i64::from(r.below(4));
        let steps = r.below(20);
        let (s, g, portals) = random_corridor(&mut r, side, steps);
        let corridor: Vec<u32> = (0..=portals.len() as u32).collect();
        let mut out = Vec::new();
        let length = funnel(s, g, &portals, &corridor, &mut out);
        let points: Vec<(NavPoint, u32)> =
            out.iter().map(|w| (w.point, w.corridor_index)).collect();
        if let Err(e) = check_path(s, g, &portals, &points, length) {
            panic!(
                "case {case}: {e}\nstart {s:?} goal {g:?}\nportals {portals:?}\nwaypoints {points:?}"
            );
        }
    }
}
