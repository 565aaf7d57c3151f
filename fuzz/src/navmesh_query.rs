//! Target `navmesh_query`: point location, the nearest point and the corridor search with
//! its funnel path (`docs/navmesh.md` §1, §6–§8) under hostile points.
//!
//! Input: width and height (1..=16), a setting (radius 0, 0.3, 0.5, 1 or 1.5 cells; tile
//! size 4, 5, 8 or 32), a cell size and origin, a wall density and map seed; then queries
//! until the input ends (at most 12). A query draws two fixed-point points (a cell centre, a
//! cell corner, an edge midpoint, a point anywhere in or around the grid, a mesh vertex, a
//! point on a polygon edge, a polygon centre, or extreme values such as `i64::MIN`/`MAX`), a
//! search radius (0, ¼, 1, 3, 1e9, ∞, NaN, −1, −0) and two world points (finite points near
//! the grid, or NaN, ±∞, ±2^21 and just past it, 1e300, −0, subnormals), a slice script
//! and a save point.
//!
//! Properties:
//! - nothing panics, and every loop ends: a search pops each node at most once;
//! - `locate` is the lowest polygon id whose closed area holds the point (brute force);
//! - `nearest(p, d)` for `d ≥ 0` is the fixed-point point of the mesh nearest to `p` (each
//!   polygon is its rectangle, so its nearest point is `p` clamped to it) with the lowest
//!   polygon id on ties, `Some` exactly when within `d` cells (not asserted within 1e-9 of
//!   the bound); a point on the mesh is its own nearest point;
//! - `to_nav_point` refuses exactly the points the coordinate rule refuses and otherwise
//!   gives `floor(u · 65536 + 0.5)` of `u = (p − origin) / s`; `find_path` with world points
//!   refuses exactly those and otherwise equals `find_path_points` of the converted points;
//! - `find_path_points`: `StartInvalid` / `GoalInvalid` exactly when `locate` gives none;
//!   `NoPath` exactly when the goal's polygon is not linked to the start's (breadth-first
//!   over the links); `Found`: the corridor runs from the start's polygon to the goal's
//!   through linked polygons, the waypoints from the start to the goal, inner ones on mesh
//!   vertices, no repeated point and no three consecutive collinear, each naming its corridor
//!   polygon, every segment inside the union of the corridor's polygons (exact interval
//!   clipping), the length the in-order sum of the segment lengths (docs §1), bit for bit;
//! - a `NavSearch` run at once equals the tier-1 path (status, corridor, waypoints, length
//!   bits, iterations, expansions) and `copy_path` copies exactly its waypoints (nothing into
//!   a shorter buffer); one stepped in the script's slices and saved (kind 17) and restored
//!   into a fresh handle at the save point ends the same; a refused begin (start or goal on
//!   no polygon) leaves a running search running.

use std::collections::VecDeque;

use onepath::grid::WALL;
use onepath::math::SplitMix64;
use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings, NavWaypoint};
use onepath::{Grid, GridSpace, NavAlgorithm, PathStatus, Step, WorldPoint};

use crate::input::Input;
use crate::navmesh_props::{contains, locate_reference, nearest_reference, orient, segment_length};
use crate::snapshot_restore::navmesh::save_search;

const MAX_SIDE: u32 = 16;
const U: i64 = NavPoint::UNIT;

const SETTINGS: [(f64, u32); 6] = [(0.0, 32), (0.0, 4), (0.5, 8), (1.0, 5), (1.5, 32), (0.3, 4)];

const SPACES: [(f64, f64, f64); 3] = [(0.0, 0.0, 1.0), (-10.5, 3.25, 0.5), (100.0, -7.0, 2.0)];

const EXTREMES: [i64; 10] = [
    i64::MIN,
    i64::MAX,
    i64::MIN + 1,
    -1,
    0,
    1 << 40,
    -(1 << 40),
    (1 << 37) + 1,
    (1 << 62) - 1,
    -(1 << 21) * U,
];

const DISTANCES: [f64; 9] = [
    0.0,
    0.25,
    1.0,
    3.0,
    1e9,
    f64::INFINITY,
    f64::NAN,
    -1.0,
    -0.0,
];

const HOSTILE: [f64; 12] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    2_097_152.0,
    -2_097_152.0,
    2_097_152.000_000_5,
    -2_097_152.000_000_5,
    1e300,
    -0.0,
    5e-324,
    0.5,
    -7.25,
];

struct World {
    mesh: NavMesh,
    width: i64,
    height: i64,
}

fn point(input: &mut Input<'_>, w: &World) -> NavPoint {
    let m = &w.mesh;
    let coord = |i: &mut Input<'_>, side: i64| i64::from(i.u16()) % ((side + 2) * U) - U;
    match input.u8() % 10 {
        0 => NavPoint {
            x: (i64::from(input.below(w.width as u32 + 2)) - 1) * U + U / 2,
            y: (i64::from(input.below(w.height as u32 + 2)) - 1) * U + U / 2,
        },
        1 => NavPoint::corner(
            i64::from(input.below(w.width as u32 + 1)),
            i64::from(input.below(w.height as u32 + 1)),
        ),
        2 => NavPoint {
            x: i64::from(input.below(w.width as u32)) * U + U / 2,
            y: i64::from(input.below(w.height as u32 + 1)) * U,
        },
        3 => NavPoint {
            x: coord(input, w.width) + i64::from(input.u8()),
            y: coord(input, w.height),
        },
        4 => NavPoint {
            x: EXTREMES[input.below(EXTREMES.len() as u32) as usize],
            y: EXTREMES[input.below(EXTREMES.len() as u32) as usize],
        },
        5 => NavPoint {
            x: i64::from(input.u32()) | i64::from(input.u32()) << 32,
            y: i64::from(input.u32()) | i64::from(input.u32()) << 32,
        },
        k @ (6 | 7) if m.poly_count() > 0 => {
            let p = m
                .polygon(u32::from(input.u16()) % m.poly_count())
                .expect("in range");
            let v = p.vertices();
            let i = usize::from(input.u8()) % v.len();
            let (a, b) = (v[i], v[(i + 1) % v.len()]);
            let t = if k == 6 { 0 } else { i64::from(input.u16()) };
            NavPoint {
                x: i64::from(a[0]) * U + (i64::from(b[0] - a[0]) * U * t) / 65536,
                y: i64::from(a[1]) * U + (i64::from(b[1] - a[1]) * U * t) / 65536,
            }
        }
        _ if m.poly_count() > 0 => {
            let [x0, y0, x1, y1] = m
                .polygon(u32::from(input.u16()) % m.poly_count())
                .expect("in range")
                .rect();
            NavPoint {
                x: i64::from(x0 + x1) * U / 2,
                y: i64::from(y0 + y1) * U / 2,
            }
        }
        _ => NavPoint { x: 0, y: 0 },
    }
}

fn world_point(input: &mut Input<'_>, w: &World, near: NavPoint) -> WorldPoint {
    let pick = |i: &mut Input<'_>| HOSTILE[i.below(HOSTILE.len() as u32) as usize];
    match input.u8() % 4 {
        0 => WorldPoint::new(pick(input), pick(input)),
        1 => {
            let p = w.mesh.to_world(near);
            WorldPoint::new(p.x, pick(input))
        }
        _ => {
            let p = w.mesh.to_world(NavPoint {
                x: near.x.clamp(-U, (w.width + 1) * U),
                y: near.y.clamp(-U, (w.height + 1) * U),
            });
            let nudge = f64::from(input.u8() as i8) * 1e-7;
            WorldPoint::new(p.x + nudge, p.y - nudge)
        }
    }
}

fn within(p: NavPoint) -> bool {
    p.x.unsigned_abs() < 1 << 60 && p.y.unsigned_abs() < 1 << 60
}

fn check_point(w: &World, p: NavPoint, d: f64) {
    let m = &w.mesh;
    let located = m.locate(p);
    assert_eq!(located, locate_reference(m, p), "locate({p:?})");
    let got = m.nearest(p, d);
    if d.is_nan() || d < 0.0 || !within(p) {
        return;
    }
    if let Some(id) = located {
        assert_eq!(got, Some((p, id)), "a point on the mesh is its own nearest");
        return;
    }
    let want = nearest_reference(m, p);
    match (got, want) {
        (Some((q, id)), Some((rq, rid, d2))) => {
            assert!(
                (q, id) == (rq, rid),
                "nearest({p:?}) = {q:?} in {id}, want {rq:?} in {rid}"
            );
            let dist = (d2 as f64).sqrt() / 65536.0;
            assert!(dist <= d + 1e-9 * d.max(1.0), "nearest beyond {d}: {dist}");
            assert!(contains(m, id, q));
        }
        (None, Some((_, _, d2))) => {
            let dist = (d2 as f64).sqrt() / 65536.0;
            assert!(
                dist >= d - 1e-9 * d.max(1.0),
                "nearest({p:?}, {d}) none, mesh at {dist}"
            );
        }
        (Some(g), None) => panic!("nearest on an empty mesh: {g:?}"),
        (None, None) => {}
    }
}

/// Whether polygon `b` is reachable from `a` over the links.
fn linked(m: &NavMesh, a: u32, b: u32) -> bool {
    let mut seen = vec![false; m.poly_count() as usize];
    let mut queue = VecDeque::from([a]);
    seen[a as usize] = true;
    while let Some(p) = queue.pop_front() {
        if p == b {
            return true;
        }
        let poly = m.polygon(p).expect("in range");
        for k in 0..poly.vertices().len() as u32 {
            if let Some((q, _)) = poly.link(k)
                && !seen[q as usize]
            {
                seen[q as usize] = true;
                queue.push_back(q);
            }
        }
    }
    false
}

/// A rational `n / d`, `d > 0`.
#[derive(Clone, Copy)]
struct Frac(i128, i128);

impl Frac {
    fn le(self, o: Self) -> bool {
        self.0 * o.1 <= o.0 * self.1
    }
}

/// The parameter interval of segment `a → b` inside the closed rectangle, if any.
fn clip(a: NavPoint, b: NavPoint, r: [i64; 4]) -> Option<(Frac, Frac)> {
    let (mut lo, mut hi) = (Frac(0, 1), Frac(1, 1));
    for (p, q, min, max) in [(a.x, b.x, r[0], r[2]), (a.y, b.y, r[1], r[3])] {
        let dp = i128::from(q - p);
        let (p, min, max) = (i128::from(p), i128::from(min), i128::from(max));
        if dp == 0 {
            if p < min || p > max {
                return None;
            }
            continue;
        }
        // t where the coordinate meets min and max, ordered.
        let (t_min, t_max) = if dp > 0 {
            (Frac(min - p, dp), Frac(max - p, dp))
        } else {
            (Frac(p - max, -dp), Frac(p - min, -dp))
        };
        if lo.le(t_min) {
            lo = t_min;
        }
        if t_max.le(hi) {
            hi = t_max;
        }
    }
    lo.le(hi).then_some((lo, hi))
}

/// Whether the segment lies inside the union of `rects`.
fn covered(a: NavPoint, b: NavPoint, rects: &[[i64; 4]]) -> bool {
    let mut pieces: Vec<(Frac, Frac)> = rects.iter().filter_map(|&r| clip(a, b, r)).collect();
    let mut reach = Frac(0, 1);
    // Repeatedly extend the covered prefix [0, reach] (few rectangles: quadratic is fine).
    loop {
        let before = reach;
        pieces.retain(|&(lo, hi)| {
            if lo.le(reach) {
                if !hi.le(reach) {
                    reach = hi;
                }
                false
            } else {
                true
            }
        });
        if Frac(1, 1).le(reach) {
            return true;
        }
        if before.le(reach) && reach.le(before) {
            return false;
        }
    }
}

macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

/// The rules of a found path (module docs) between `a` and `b`: `Err` names the first one
/// broken.
///
/// # Errors
///
/// The broken rule.
pub fn check_found(
    m: &NavMesh,
    a: NavPoint,
    b: NavPoint,
    corridor: &[u32],
    wps: &[NavWaypoint],
    length: f64,
) -> Result<(), String> {
    ensure!(
        corridor.first().copied() == m.locate(a),
        "corridor starts off the start's polygon"
    );
    ensure!(
        corridor.last().copied() == m.locate(b),
        "corridor ends off the goal's polygon"
    );
    for pair in corridor.windows(2) {
        let poly = m.polygon(pair[0]).ok_or("a corridor polygon is missing")?;
        let n = poly.vertices().len() as u32;
        ensure!(
            (0..n).any(|k| poly.link(k).map(|l| l.0) == Some(pair[1])),
            "corridor step {pair:?} is not a link"
        );
    }
    ensure!(
        wps.first().map(|w| w.point) == Some(a),
        "path does not start at the start"
    );
    ensure!(
        wps.last().map(|w| w.point) == Some(b),
        "path does not end at the goal"
    );
    let mut rects = Vec::with_capacity(corridor.len());
    for &p in corridor {
        let r = m.polygon(p).ok_or("a corridor polygon is missing")?.rect();
        rects.push(r.map(|c| i64::from(c) * U));
    }
    let mut sum = 0.0;
    for (i, w) in wps.iter().enumerate() {
        let poly = corridor.get(w.corridor_index as usize).copied();
        ensure!(
            poly == Some(w.polygon),
            "waypoint {i} does not name its corridor polygon"
        );
        ensure!(
            contains(m, w.polygon, w.point),
            "waypoint {i} is not in its polygon"
        );
        if i > 0 {
            ensure!(
                wps[i - 1].corridor_index <= w.corridor_index,
                "corridor index goes back at {i}"
            );
        }
        if i > 0 && i + 1 < wps.len() {
            ensure!(
                w.point.x % U == 0 && w.point.y % U == 0,
                "inner waypoint {i} is not a mesh vertex"
            );
        }
        if i + 2 < wps.len() {
            let p = |k: usize| [wps[k].point.x, wps[k].point.y];
            ensure!(
                orient(p(i), p(i + 1), p(i + 2)) != 0,
                "collinear waypoints at {i}"
            );
        }
        if i > 0 {
            let prev = wps[i - 1].point;
            ensure!(prev != w.point, "repeated waypoint {i}");
            ensure!(
                covered(prev, w.point, &rects),
                "segment {i} leaves the corridor"
            );
            sum += segment_length(prev, w.point);
        }
    }
    ensure!(
        length.to_bits() == sum.to_bits(),
        "length {length} vs the in-order sum {sum}"
    );
    Ok(())
}

/// The outcome a search and a tier-1 path are compared by.
#[derive(Debug, PartialEq)]
struct Outcome {
    status: PathStatus,
    corridor: Vec<u32>,
    waypoints: Vec<(i64, i64, u32, u32)>,
    length_bits: u64,
    iterations: u64,
    expansions: u64,
}

fn status_of(s: Step) -> PathStatus {
    match s {
        Step::Found => PathStatus::Found,
        Step::NoPath => PathStatus::NoPath,
        Step::StartInvalid => PathStatus::StartInvalid,
        Step::GoalInvalid => PathStatus::GoalInvalid,
        Step::InProgress => PathStatus::BudgetExhausted,
        Step::Idle => PathStatus::NotStarted,
    }
}

fn wp_tuples(w: &[NavWaypoint]) -> Vec<(i64, i64, u32, u32)> {
    w.iter()
        .map(|p| (p.point.x, p.point.y, p.corridor_index, p.polygon))
        .collect()
}

fn refused(status: Step) -> Option<Outcome> {
    matches!(status, Step::StartInvalid | Step::GoalInvalid).then(|| Outcome {
        status: status_of(status),
        corridor: Vec::new(),
        waypoints: Vec::new(),
        length_bits: f64::INFINITY.to_bits(),
        iterations: 0,
        expansions: 0,
    })
}

fn of_search(s: &NavSearch) -> Outcome {
    let found = s.status() == Step::Found;
    Outcome {
        status: status_of(s.status()),
        corridor: if found {
            s.corridor().to_vec()
        } else {
            Vec::new()
        },
        waypoints: if found {
            wp_tuples(s.waypoints())
        } else {
            Vec::new()
        },
        length_bits: s
            .length()
            .filter(|_| found)
            .unwrap_or(f64::INFINITY)
            .to_bits(),
        iterations: s.iterations(),
        expansions: s.expansions(),
    }
}

fn save(s: &NavSearch, m: &NavMesh) -> Vec<u8> {
    let out = save_search(s, m);
    assert_eq!(out.len(), s.state_size(), "state_size");
    assert!(out.len() <= NavSearch::max_state_size(m), "max_state_size");
    out
}

fn query(w: &World, input: &mut Input<'_>) {
    let m = &w.mesh;
    let (a, b) = (point(input, w), point(input, w));
    let d = DISTANCES[input.below(DISTANCES.len() as u32) as usize];
    check_point(w, a, d);
    check_point(w, b, d);
    let path = m.find_path_points_with(a, b, NavAlgorithm::Corridor);
    let (la, lb) = (m.locate(a), m.locate(b));
    let want = match (la, lb) {
        (None, _) => PathStatus::StartInvalid,
        (_, None) => PathStatus::GoalInvalid,
        (Some(pa), Some(pb)) if linked(m, pa, pb) => PathStatus::Found,
        _ => PathStatus::NoPath,
    };
    assert_eq!(path.status, want, "find_path_points({a:?}, {b:?})");
    // The default (Polyanya, the exact shortest path): the same refusals, found wherever the
    // corridor search finds a path (it may also find one from a corner where two unlinked
    // polygons touch, docs/navmesh.md "Choosing the algorithm"), never longer.
    let exact = m.find_path_points(a, b);
    match want {
        PathStatus::Found => {
            assert_eq!(exact.status, PathStatus::Found, "default {a:?} -> {b:?}");
            assert!(
                exact.length <= path.length * (1.0 + 1e-9),
                "default {a:?} -> {b:?}: {} longer than the corridor's {}",
                exact.length,
                path.length
            );
        }
        PathStatus::NoPath => assert!(
            matches!(exact.status, PathStatus::NoPath | PathStatus::Found),
            "default {a:?} -> {b:?}: {:?}",
            exact.status
        ),
        other => assert_eq!(exact.status, other, "default {a:?} -> {b:?}"),
    }
    if path.status == PathStatus::Found
        && let Err(e) = check_found(m, a, b, &path.corridor, &path.waypoints, path.length)
    {
        panic!("find_path_points({a:?}, {b:?}): {e}");
    }
    let tier1 = Outcome {
        status: path.status,
        corridor: if want == PathStatus::Found {
            path.corridor.clone()
        } else {
            Vec::new()
        },
        waypoints: if want == PathStatus::Found {
            wp_tuples(&path.waypoints)
        } else {
            Vec::new()
        },
        length_bits: if want == PathStatus::Found {
            path.length.to_bits()
        } else {
            f64::INFINITY.to_bits()
        },
        iterations: path.iterations,
        expansions: path.expansions,
    };
    // The handle at once.
    let mut whole = NavSearch::new();
    let begun = whole.try_begin(m, a, b);
    let _ = whole.run(m);
    let outcome = refused(begun).unwrap_or_else(|| of_search(&whole));
    assert_eq!(outcome, tier1, "a NavSearch run differs from tier 1");
    // copy_path: everything into a buffer long enough, nothing into a shorter one.
    let n = outcome.waypoints.len();
    let mut buf = vec![NavWaypoint::default(); n + 1];
    assert_eq!(whole.copy_path(&mut buf), n, "copy_path count");
    assert!(
        wp_tuples(&buf[..n]) == outcome.waypoints,
        "copy_path copies the waypoints"
    );
    if n > 0 {
        assert_eq!(
            whole.copy_path(&mut buf[..n - 1]),
            0,
            "a short buffer takes nothing"
        );
    }
    // Sliced, saved and restored at the save point.
    let cap = 4 * u64::from(m.half_edge_count()) + 64;
    let save_at = u64::from(input.u8());
    let mut s = NavSearch::new();
    let begun = s.try_begin(m, a, b);
    let mut calls = 0u64;
    while s.status() == Step::InProgress {
        calls += 1;
        assert!(calls <= cap, "a search runs past {cap} slices");
        let k = match input.u8() % 8 {
            0 => 0,
            k => u32::from(k),
        };
        let _ = s.step(m, k);
        if calls == 1 && s.status() == Step::InProgress {
            // Refused begins (a point left of the grid is on no polygon) leave it running.
            let off = NavPoint { x: -U, y: -U };
            assert_eq!(s.try_begin(m, off, b), Step::StartInvalid);
            assert_eq!(s.try_begin(m, a, off), Step::GoalInvalid);
            assert_eq!(
                s.status(),
                Step::InProgress,
                "a refused begin stopped the search"
            );
        }
        if calls == save_at {
            let bytes = save(&s, m);
            let mut t = NavSearch::new();
            assert_eq!(t.restore_state(m, &bytes), Ok(()), "own kind-17 snapshot");
            assert!(save(&t, m) == bytes, "kind 17 does not save back to itself");
            s = t;
        }
        if k == 0 && calls > 8 {
            let _ = s.step(m, 1);
        }
    }
    let outcome = refused(begun).unwrap_or_else(|| of_search(&s));
    assert_eq!(outcome, tier1, "sliced/restored search differs from tier 1");
    // World points.
    let (wa, wb) = (world_point(input, w, a), world_point(input, w, b));
    let space = m.space();
    let convert = |p: WorldPoint| {
        let got = m.to_nav_point(p);
        if p.check().is_err() {
            assert!(got.is_err(), "to_nav_point accepted {p:?}");
            return None;
        }
        let o = space.origin();
        let s = space.cell_size();
        let fx = ((p.x - o.x) / s * 65536.0 + 0.5).floor();
        let fy = ((p.y - o.y) / s * 65536.0 + 0.5).floor();
        let want = NavPoint {
            x: fx as i64,
            y: fy as i64,
        };
        assert_eq!(got.ok(), Some(want), "to_nav_point({p:?})");
        Some(want)
    };
    let (na, nb) = (convert(wa), convert(wb));
    let world = m.find_path(wa, wb);
    match (na, nb) {
        (Some(na), Some(nb)) => {
            let w = world.expect("valid world points");
            let p = m.find_path_points(na, nb);
            assert_eq!(w.status, p.status);
            assert!(
                wp_tuples(&w.waypoints) == wp_tuples(&p.waypoints),
                "world path differs"
            );
            assert_eq!(w.length.to_bits(), p.length.to_bits());
        }
        _ => assert!(
            world.is_err(),
            "find_path accepted a point the rule refuses"
        ),
    }
}

/// The `navmesh_query` body: never panics; asserts the properties in the module docs.
pub fn navmesh_query(data: &[u8]) {
    let mut input = Input::new(data);
    let width = 1 + input.below(MAX_SIDE);
    let height = 1 + input.below(MAX_SIDE);
    let (r, tile) = SETTINGS[input.below(SETTINGS.len() as u32) as usize];
    let (ox, oy, s) = SPACES[input.below(SPACES.len() as u32) as usize];
    let density = u32::from(input.u8() % 128);
    let mut rng = SplitMix64::new(u64::from(input.u16()));
    let cells = (0..width * height)
        .map(|_| if rng.chance(density, 256) { WALL } else { 0 })
        .collect();
    let space = GridSpace::new(ox, oy, s).expect("a fixed space");
    let grid = Grid::from_areas(width, height, cells)
        .and_then(|g| g.with_space(space))
        .expect("a valid size");
    let settings = NavSettings::DEFAULT.with_radius(r * s).with_tile_size(tile);
    let mesh = NavMesh::build_2d(&grid, &settings).expect("valid settings");
    let w = World {
        mesh,
        width: i64::from(width),
        height: i64::from(height),
    };
    let mut queries = 0;
    while !input.is_empty() && queries < 12 {
        queries += 1;
        query(&w, &mut input);
    }
    if queries == 0 {
        query(&w, &mut Input::new(&[0, 1, 8, 9, 2, 0, 0]));
    }
}
