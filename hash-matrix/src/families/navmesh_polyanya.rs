//! `navmesh/polyanya/*`: exact shortest paths on the navigation mesh (`PolyanyaSearch`,
//! docs/navmesh.md §10, and the tier-1 `NavAlgorithm::Polyanya`). One scenario per map of the
//! `navmesh` family without edits (the same generated maps and bundled map, the same
//! endpoint pairs: [`super::navmesh::endpoints`]), baked at the family's first radius-0
//! setting and its first setting with a radius (`r<radius>-t<tile size>`). Per setting `v`:
//!
//! - `v/mesh`: the mesh record (as in `navmesh`), so a changed bake shows apart from a
//!   changed search;
//! - per query `q`: `v/run/<q>` a `PolyanyaSearch` run at once (length bits, iterations,
//!   expansions, in-place expansions, nodes created, corridor, the search's waypoints;
//!   [`crate::record_nav`]); `v/sliced3/<q>` stepped 3 pops at a time, twin of `v/run/<q>`;
//!   `v/tier1/<q>` `NavMesh::find_path_points_with(.., NavAlgorithm::Polyanya)` (the funnel's
//!   waypoints over the search's corridor, the search's length bits).
//!
//! `navmesh/polyanya/split-12x6` is a room cut in two by a wall column, with a diagonal pinch
//! (two walkable cells touching only at a corner) in the right half: queries across the wall
//! (`NoPath`), between the pinch's two cells (round a wall: the mesh does not link polygons
//! that touch at a corner) and from and to the pinch's corner itself (a point on two unlinked
//! polygons), with the records above.
//!
//! No saved-and-restored runs yet: Polyanya's snapshot kind is not in this family.

use onepath::grid::WALL;
use onepath::navmesh::{NavMesh, NavPoint, PolyanyaSearch};
use onepath::{Cell, NavAlgorithm, Step};

use super::navmesh::{
    CASES, Case, R0_T8, Setting, endpoints, mesh_record, status_of, tier1_record,
};
use crate::digest::Digest;
use crate::mapgen::Map;
use crate::record::Body;
use crate::record_nav::{PolyanyaRecord, point_digest};
use crate::registry::{Recorder, Scenario};
use crate::runs::map_record;

/// The scenarios of the family.
pub fn scenarios() -> Vec<Scenario> {
    let mut out: Vec<Scenario> = CASES
        .iter()
        .filter(|c| c.edits == 0)
        .map(|c| {
            Scenario::new(
                format!("navmesh/polyanya/{}", c.name),
                c.about,
                move |rec| {
                    run_case(rec, c);
                },
            )
        })
        .collect();
    out.push(Scenario::new(
        "navmesh/polyanya/split-12x6",
        "a wall column (no path across) and a diagonal pinch",
        run_split,
    ));
    out
}

/// The split room: wall column x = 5; in the right half the walls (7..=8, 2) and (9..=10, 3)
/// make the walkable cells (8, 3) and (9, 2) touch only at the corner (9, 3), so a path
/// between them goes round a wall.
fn run_split(rec: &mut Recorder) {
    let mut map = Map::filled(12, 6, 0);
    for y in 0..6 {
        map.set(5, y, WALL);
    }
    for (x, y) in [(7, 2), (8, 2), (9, 3), (10, 3)] {
        map.set(x, y, WALL);
    }
    rec.map("map", map_record(&map));
    let grid = map.to_grid();
    let mesh = NavMesh::build_2d(&grid, &R0_T8.settings()).expect("valid settings");
    rec.body("r0-t8/mesh", None, Body::Mesh(mesh_record(&mesh, None)));
    let c = |x, y| NavPoint::cell_center(Cell::new(x, y));
    let queries = [
        ("across", c(1, 1), c(10, 4)),
        ("across-back", c(10, 1), c(0, 5)),
        ("pinch", c(8, 3), c(9, 2)),
        ("pinch-back", c(9, 2), c(8, 3)),
        ("from-corner", NavPoint::corner(9, 3), c(11, 0)),
        ("to-corner", c(6, 5), NavPoint::corner(9, 3)),
        ("left", c(0, 0), c(4, 5)),
    ];
    for (q, a, b) in queries {
        query(rec, "r0-t8", &mesh, q, a, b);
    }
}

/// The case's first radius-0 setting and its first setting with a radius.
fn settings(c: &Case) -> Vec<Setting> {
    let zero = c.settings.iter().find(|s| s.radius == 0.0);
    let wide = c.settings.iter().find(|s| s.radius > 0.0);
    zero.into_iter().chain(wide).copied().collect()
}

fn record(s: &PolyanyaSearch) -> PolyanyaRecord {
    PolyanyaRecord {
        status: status_of(s.status()),
        length_bits: s.length().unwrap_or(f64::INFINITY).to_bits(),
        iterations: s.iterations(),
        expansions: s.expansions(),
        in_place: s.in_place_expansions(),
        nodes: s.nodes_created() as u64,
        corridor: Digest::of_u32s(s.corridor()),
        points: point_digest(s.waypoints().iter().map(|p| (p.x, p.y))),
    }
}

/// A search on `mesh` from `a` to `b`, stepped `budget` pops at a time.
fn run(mesh: &NavMesh, a: NavPoint, b: NavPoint, budget: u32) -> PolyanyaRecord {
    let mut s = PolyanyaSearch::new();
    match s.try_begin(mesh, a, b) {
        Step::InProgress => while s.step(mesh, budget) == Step::InProgress {},
        // A refused begin leaves the search idle: the record carries the refusal.
        refused @ (Step::StartInvalid | Step::GoalInvalid) => {
            return PolyanyaRecord {
                status: status_of(refused),
                ..record(&s)
            };
        }
        _ => {}
    }
    record(&s)
}

fn query(rec: &mut Recorder, v: &str, mesh: &NavMesh, label: &str, a: NavPoint, b: NavPoint) {
    let run_label = format!("{v}/run/{label}");
    rec.body(&run_label, None, Body::Polyanya(run(mesh, a, b, u32::MAX)));
    rec.body(
        &format!("{v}/sliced3/{label}"),
        Some(&run_label),
        Body::Polyanya(run(mesh, a, b, 3)),
    );
    let path = mesh.find_path_points_with(a, b, NavAlgorithm::Polyanya);
    let tier1 = tier1_record(&path);
    rec.body(&format!("{v}/tier1/{label}"), None, Body::NavQuery(tier1));
}

fn run_case(rec: &mut Recorder, c: &Case) {
    let map = (c.build)();
    rec.map("map", map_record(&map));
    let grid = map.to_grid();
    for s in settings(c) {
        let mesh = NavMesh::build_2d(&grid, &s.settings()).expect("valid settings");
        rec.body(
            &format!("{}/mesh", s.label),
            None,
            Body::Mesh(mesh_record(&mesh, None)),
        );
        for (q, a, b) in endpoints(&map, &mesh, c.seed) {
            query(rec, s.label, &mesh, &q, a, b);
        }
    }
}
