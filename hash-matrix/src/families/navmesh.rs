//! `navmesh/*`: navigation meshes baked from grids (`onepath::navmesh`, contract in
//! `docs/navmesh.md`). Each scenario is one map (generated, or the CLI's bundled map) baked
//! under a few settings (`r<radius>-t<tile size>`); lines in [`crate::record_nav`]. Per
//! setting `v`:
//!
//! - `v/mesh`: content hash, polygon, tile and half-edge counts, canonical bytes (size and
//!   FNV-1a); `v/from-walkable`: the same mesh from the plain walkability array, twin of
//!   `v/mesh` (docs §4);
//! - `v/mesh-state`: the kind-16 snapshot (`map_hash` is the mesh's content hash);
//!   `v/mesh-restored`: that snapshot restored into a mesh of another map, twin of `v/mesh`;
//! - `v/located`: `locate` of every cell's centre, lower-left corner and lower edge midpoint
//!   and of points outside the grid (polygon ids, `u32::MAX` for none, u32 LE);
//!   `v/nearest`: `nearest(p, 3)` of the centres of up to 200 blocked cells and of points
//!   outside (x and y as low, high u32 words, then the polygon; five `u32::MAX` for none);
//! - queries (see [`endpoints`]: centres of cells the mesh covers, the same pairs moved by a
//!   fraction of a cell, two corner-to-corner pairs, and the edge cases `same`, `wall`,
//!   `outside`):
//!   `v/run/<q>` a `NavSearch` run at once; `v/tier1/<q>` `NavMesh::find_path_points`,
//!   `v/sliced3/<q>` stepped 3 pops at a time and, for the searches that begin,
//!   `v/restored~snap/<q>` saved (kind 17) after half the pops (at least one) and finished by
//!   another handle — twins of `v/run/<q>`.
//!
//! `navmesh/edits-*` scenarios edit the grid in four rounds (cells and rectangles walled and
//! opened, walkable cells repainted with another area, an area's multiplier changed), then
//! `refresh`: `v/e<k>/refreshed` (with the re-baked tile count) is the twin of
//! `v/e<k>/fresh`, a new bake of the edited grid, and the queries run again on it.
//! `navmesh/space-*` bakes a grid with its own cell size and origin (its radii are world
//! units) and runs the world-point tier-1 `NavMesh::find_path`: `v/world/<q>` records carry
//! the world length's bits as `len_bits` and, as `waypoints`, the count beside the FNV-1a 64
//! of the world points' x and y `f64` bits (LE).

use onepath::grid::WALL;
use onepath::math::SplitMix64;
use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings, NavWaypoint};
use onepath::{Cell, Grid, GridSpace, NavAlgorithm, NavPath, PathStatus, Step, WorldPoint};

use crate::digest::{Digest, Fnv64};
use crate::mapgen::{self, Map};
use crate::record::{Body, GridStateRecord, StructureRecord};
use crate::record_nav::{MeshRecord, NavQueryRecord, waypoint_digest};
use crate::registry::{Recorder, Scenario};
use crate::runs::{map_record, pick_queries};

/// The CLI's bundled map (`onepath path` without `--map`).
const BUNDLED: &str = include_str!("../../../onepath-cli/src/default_map.txt");

/// One bake setting.
#[derive(Clone, Copy)]
pub(super) struct Setting {
    pub(super) label: &'static str,
    pub(super) radius: f64,
    pub(super) tile: u32,
}

const R0_T32: Setting = Setting {
    label: "r0-t32",
    radius: 0.0,
    tile: 32,
};
pub(super) const R0_T8: Setting = Setting {
    label: "r0-t8",
    radius: 0.0,
    tile: 8,
};
const R05_T32: Setting = Setting {
    label: "r0.5-t32",
    radius: 0.5,
    tile: 32,
};
const R05_T8: Setting = Setting {
    label: "r0.5-t8",
    radius: 0.5,
    tile: 8,
};
const R15_T8: Setting = Setting {
    label: "r1.5-t8",
    radius: 1.5,
    tile: 8,
};

impl Setting {
    pub(super) fn settings(self) -> NavSettings {
        NavSettings::DEFAULT
            .with_radius(self.radius)
            .with_tile_size(self.tile)
    }
}

pub(super) struct Case {
    pub(super) name: &'static str,
    pub(super) about: &'static str,
    pub(super) build: fn() -> Map,
    pub(super) settings: &'static [Setting],
    pub(super) seed: u64,
    /// Edit rounds (0: none).
    pub(super) edits: u32,
}

pub(super) const CASES: &[Case] = &[
    Case {
        name: "rooms6-48x36-s1",
        about: "rooms and doors",
        build: || mapgen::rooms(48, 36, 6, 1),
        settings: &[R0_T32, R0_T8, R05_T32, R15_T8],
        seed: 291,
        edits: 0,
    },
    Case {
        name: "caves45-40x34-s2",
        about: "caves (diagonal wall contacts)",
        build: || mapgen::caves(40, 34, 45, 4, 2),
        settings: &[R0_T32, R0_T8, R05_T32, R15_T8],
        seed: 292,
        edits: 0,
    },
    Case {
        name: "maze-33x33-s3",
        about: "a maze with loops (one-cell corridors)",
        build: || mapgen::maze(33, 33, 10, 3),
        settings: &[R0_T32, R0_T8, R05_T32],
        seed: 293,
        edits: 0,
    },
    Case {
        name: "noise25-30x26-s4",
        about: "scattered walls",
        build: || mapgen::noise(30, 26, 25, 4),
        settings: &[R0_T32, R0_T8, R05_T32, R15_T8],
        seed: 294,
        edits: 0,
    },
    Case {
        name: "bundled-64x48",
        about: "the CLI's bundled map (onepath-cli/src/default_map.txt)",
        build: bundled,
        settings: &[R0_T32, R0_T8, R05_T32, R15_T8],
        seed: 295,
        edits: 0,
    },
    Case {
        name: "walls-9x7",
        about: "no walkable cell: a mesh without tiles",
        build: || Map::filled(9, 7, WALL),
        settings: &[R0_T32, R05_T8],
        seed: 296,
        edits: 0,
    },
    Case {
        name: "edits-rooms5-40x32-s5",
        about: "four rounds of edits, refresh = fresh bake",
        build: || mapgen::rooms(40, 32, 5, 5),
        settings: &[R0_T8, R05_T8, R15_T8, R0_T32],
        seed: 297,
        edits: 4,
    },
    Case {
        name: "edits-caves40-36x30-s6",
        about: "four rounds of edits on caves",
        build: || mapgen::caves(36, 30, 40, 4, 6),
        settings: &[R0_T8, R05_T32],
        seed: 298,
        edits: 4,
    },
];

fn bundled() -> Map {
    let rows: Vec<&str> = BUNDLED.lines().filter(|l| !l.is_empty()).collect();
    let width = rows.first().map_or(1, |r| r.len() as u32);
    let mut map = Map::filled(width, rows.len() as u32, 0);
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.bytes().enumerate() {
            if ch == b'#' {
                map.set(x as u32, y as u32, WALL);
            }
        }
    }
    map
}

/// The scenarios of the family.
pub fn scenarios() -> Vec<Scenario> {
    let mut out: Vec<Scenario> = CASES
        .iter()
        .map(|c| {
            Scenario::new(format!("navmesh/{}", c.name), c.about, move |rec| {
                run_case(rec, c);
            })
        })
        .collect();
    out.push(Scenario::new(
        "navmesh/space-rooms6-30x22-s7",
        "cell size 0.5, origin (-10, 4): world-point queries",
        run_space,
    ));
    out
}

pub(super) fn mesh_record(mesh: &NavMesh, rebaked: Option<u32>) -> MeshRecord {
    let mut bytes = Vec::new();
    mesh.write_canonical_bytes(&mut bytes);
    MeshRecord {
        hash: mesh.content_hash(),
        polys: mesh.poly_count(),
        tiles: mesh.tile_count(),
        half_edges: mesh.half_edge_count(),
        bytes: Digest::of_bytes(&bytes),
        rebaked,
    }
}

pub(super) fn refused(status: PathStatus) -> NavQueryRecord {
    NavQueryRecord {
        status,
        length_bits: f64::INFINITY.to_bits(),
        iterations: 0,
        expansions: 0,
        corridor: Digest::of_u32s(&[]),
        waypoints: waypoint_digest([]),
        snapshot: None,
    }
}

pub(super) fn waypoints(w: &[NavWaypoint]) -> Digest {
    waypoint_digest(
        w.iter()
            .map(|p| (p.point.x, p.point.y, p.corridor_index, p.polygon)),
    )
}

pub(super) fn status_of(step: Step) -> PathStatus {
    match step {
        Step::Found => PathStatus::Found,
        Step::NoPath => PathStatus::NoPath,
        Step::StartInvalid => PathStatus::StartInvalid,
        Step::GoalInvalid => PathStatus::GoalInvalid,
        Step::InProgress => PathStatus::BudgetExhausted,
        Step::Idle => PathStatus::NotStarted,
    }
}

/// The record of a tier-1 answer (`find_path_points_with`): a length only when found.
pub(super) fn tier1_record(path: &NavPath) -> NavQueryRecord {
    NavQueryRecord {
        status: path.status,
        length_bits: if path.status == PathStatus::Found {
            path.length.to_bits()
        } else {
            f64::INFINITY.to_bits()
        },
        iterations: path.iterations,
        expansions: path.expansions,
        corridor: Digest::of_u32s(&path.corridor),
        waypoints: waypoints(&path.waypoints),
        snapshot: None,
    }
}

fn search_record(s: &NavSearch) -> NavQueryRecord {
    NavQueryRecord {
        status: status_of(s.status()),
        length_bits: s.length().unwrap_or(f64::INFINITY).to_bits(),
        iterations: s.iterations(),
        expansions: s.expansions(),
        corridor: Digest::of_u32s(s.corridor()),
        waypoints: waypoints(s.waypoints()),
        snapshot: None,
    }
}

/// A search begun on `mesh`; `None` when `try_begin` refused the endpoints (its record then).
fn begun(mesh: &NavMesh, a: NavPoint, b: NavPoint) -> Result<NavSearch, NavQueryRecord> {
    let mut s = NavSearch::new();
    match s.try_begin(mesh, a, b) {
        st @ (Step::StartInvalid | Step::GoalInvalid) => Err(refused(status_of(st))),
        _ => Ok(s),
    }
}

fn save_search(s: &NavSearch, mesh: &NavMesh) -> Vec<u8> {
    let mut bytes = vec![0; s.state_size()];
    let n = s
        .save_state(mesh, &mut bytes)
        .expect("a buffer of state_size");
    bytes.truncate(n);
    bytes
}

fn save_mesh(mesh: &NavMesh) -> Vec<u8> {
    let mut bytes = vec![0u8; mesh.state_size()];
    let n = mesh.save_state(&mut bytes).expect("sized by state_size");
    bytes.truncate(n);
    bytes
}

/// The four runs of one query (see the module docs).
fn query(rec: &mut Recorder, prefix: &str, mesh: &NavMesh, label: &str, a: NavPoint, b: NavPoint) {
    let run_label = format!("{prefix}run/{label}");
    let whole = match begun(mesh, a, b) {
        Ok(mut s) => {
            let _ = s.run(mesh);
            search_record(&s)
        }
        Err(r) => r,
    };
    rec.body(&run_label, None, Body::NavQuery(whole));
    let path = mesh.find_path_points_with(a, b, NavAlgorithm::Corridor);
    let tier1 = tier1_record(&path);
    rec.body(
        &format!("{prefix}tier1/{label}"),
        Some(&run_label),
        Body::NavQuery(tier1),
    );
    let sliced = match begun(mesh, a, b) {
        Ok(mut s) => {
            while s.step(mesh, 3) == Step::InProgress {}
            search_record(&s)
        }
        Err(r) => r,
    };
    rec.body(
        &format!("{prefix}sliced3/{label}"),
        Some(&run_label),
        Body::NavQuery(sliced),
    );
    // Only a search that began has something to save.
    if let Ok(mut s) = begun(mesh, a, b) {
        let half = u32::try_from(whole.iterations / 2)
            .unwrap_or(u32::MAX)
            .max(1);
        let _ = s.step(mesh, half);
        let bytes = save_search(&s, mesh);
        let mut other = NavSearch::new();
        if let Err(e) = other.restore_state(mesh, &bytes) {
            panic!(
                "the engine's own kind-17 snapshot ({prefix}{label}, {half} of {} pops, {:?}) refused: {e}",
                whole.iterations,
                s.status()
            );
        }
        let _ = other.run(mesh);
        let restored = NavQueryRecord {
            snapshot: Some(Digest::of_bytes(&bytes)),
            ..search_record(&other)
        };
        rec.body(
            &format!("{prefix}restored~snap/{label}"),
            Some(&run_label),
            Body::NavQuery(restored),
        );
    }
}

/// The endpoint pairs on a mesh: `(label, start, goal)`. Six pairs of covered cells' centres
/// (`SplitMix64::new(seed)`: the start one draw, the goal up to eight draws until its
/// Manhattan distance from the start is at least a third of width + height), the first three
/// moved by a fraction of a cell, two corner-to-corner pairs, and the edge cases `same`,
/// `wall` (from the first wall cell) and `outside` (to the cell right of the grid's corner).
pub(super) fn endpoints(map: &Map, mesh: &NavMesh, seed: u64) -> Vec<(String, NavPoint, NavPoint)> {
    let cells: Vec<Cell> = (0..map.width * map.height)
        .map(|i| Map::cell(i % map.width, i / map.width))
        .filter(|&c| mesh.locate(NavPoint::cell_center(c)).is_some())
        .collect();
    let centre = NavPoint::cell_center;
    let Some(&anchor) = cells.first() else {
        let c = centre(Cell::new(1, 1));
        return vec![("empty".to_owned(), c, c)];
    };
    let mut rng = SplitMix64::new(seed);
    let n = cells.len() as u32;
    let far = ((map.width + map.height) / 3) as i32;
    let mut pairs = Vec::new();
    for _ in 0..6 {
        let start = cells[rng.below(n) as usize];
        let mut goal = start;
        for _ in 0..8 {
            goal = cells[rng.below(n) as usize];
            if (goal.x - start.x).abs() + (goal.y - start.y).abs() >= far {
                break;
            }
        }
        pairs.push((start, goal));
    }
    let mut out: Vec<(String, NavPoint, NavPoint)> = pairs
        .iter()
        .enumerate()
        .map(|(i, (a, b))| {
            let label = format!("q{i:02}@{},{}>{},{}", a.x, a.y, b.x, b.y);
            (label, centre(*a), centre(*b))
        })
        .collect();
    let mut shift = |p: NavPoint| NavPoint {
        x: p.x + i64::from(rng.below(49_153)) - 24_576,
        y: p.y + i64::from(rng.below(49_153)) - 24_576,
    };
    for (i, (a, b)) in pairs.iter().take(3).enumerate() {
        out.push((
            format!("q{i:02}~frac"),
            shift(centre(*a)),
            shift(centre(*b)),
        ));
    }
    let (a, b) = pairs[0];
    let (ca, cb) = (
        NavPoint::corner(i64::from(a.x), i64::from(a.y)),
        NavPoint::corner(i64::from(b.x) + 1, i64::from(b.y) + 1),
    );
    out.push(("corners".to_owned(), ca, cb));
    out.push(("corners-back".to_owned(), cb, ca));
    out.push(("same".to_owned(), centre(anchor), centre(anchor)));
    if let Some(w) = map.cells.iter().position(|&a| a == WALL) {
        let w = w as u32;
        let wall = centre(Map::cell(w % map.width, w / map.width));
        out.push(("wall".to_owned(), wall, centre(anchor)));
    }
    let outside = centre(Map::cell(map.width, 0));
    out.push(("outside".to_owned(), centre(anchor), outside));
    out
}

/// `locate` over every cell's centre, lower-left corner and lower edge midpoint, then points
/// outside the grid.
fn located(mesh: &NavMesh, w: u32, h: u32) -> StructureRecord {
    let unit = NavPoint::UNIT;
    let mut ids = Vec::new();
    for y in 0..i64::from(h) {
        for x in 0..i64::from(w) {
            let centre = NavPoint {
                x: x * unit + unit / 2,
                y: y * unit + unit / 2,
            };
            let corner = NavPoint::corner(x, y);
            let edge = NavPoint {
                x: x * unit + unit / 2,
                y: y * unit,
            };
            for p in [centre, corner, edge] {
                ids.push(mesh.locate(p).unwrap_or(u32::MAX));
            }
        }
    }
    for p in outside(w, h) {
        ids.push(mesh.locate(p).unwrap_or(u32::MAX));
    }
    StructureRecord {
        key: "located",
        bytes: u64::from(mesh.poly_count()),
        values: Digest::of_u32s(&ids),
    }
}

fn outside(w: u32, h: u32) -> [NavPoint; 5] {
    let unit = NavPoint::UNIT;
    let (w, h) = (i64::from(w) * unit, i64::from(h) * unit);
    [
        NavPoint { x: -1, y: 0 },
        NavPoint { x: w + 1, y: h / 2 },
        NavPoint { x: w / 2, y: h + 3 },
        NavPoint {
            x: -2 * unit,
            y: -2 * unit,
        },
        NavPoint {
            x: w + unit / 3,
            y: -unit / 5,
        },
    ]
}

/// `nearest(p, 3)` of up to 200 blocked cells' centres (row-major) and the outside points.
fn nearest(mesh: &NavMesh, map: &Map) -> StructureRecord {
    let mut probes: Vec<NavPoint> = (0..map.width * map.height)
        .filter(|&i| map.cells[i as usize] == WALL)
        .take(200)
        .map(|i| NavPoint::cell_center(Map::cell(i % map.width, i / map.width)))
        .collect();
    probes.extend(outside(map.width, map.height));
    let mut words = Vec::new();
    for p in probes {
        match mesh.nearest(p, 3.0) {
            Some((q, poly)) => {
                for v in [q.x, q.y] {
                    let b = v as u64;
                    words.push(b as u32);
                    words.push((b >> 32) as u32);
                }
                words.push(poly);
            }
            None => words.extend([u32::MAX; 5]),
        }
    }
    StructureRecord {
        key: "nearest",
        bytes: u64::from(mesh.poly_count()),
        values: Digest::of_u32s(&words),
    }
}

/// The mesh records of one setting (mesh, plain-array twin, kind 16, location).
fn mesh_records(rec: &mut Recorder, v: &str, grid: &Grid, map: &Map, mesh: &NavMesh, s: Setting) {
    let label = format!("{v}/mesh");
    rec.body(&label, None, Body::Mesh(mesh_record(mesh, None)));
    let walkable: Vec<bool> = map.cells.iter().map(|&a| a != WALL).collect();
    let plain = NavMesh::from_walkable(
        map.width,
        map.height,
        &walkable,
        grid.space(),
        &s.settings(),
    )
    .expect("valid settings");
    rec.body(
        &format!("{v}/from-walkable"),
        Some(&label),
        Body::Mesh(mesh_record(&plain, None)),
    );
    let bytes = save_mesh(mesh);
    rec.grid_state(
        &format!("{v}/mesh-state"),
        GridStateRecord {
            map_hash: mesh.content_hash(),
            snapshot: Digest::of_bytes(&bytes),
        },
    );
    let other = Grid::from_text("..#\n...").expect("a fixed picture");
    let mut restored = NavMesh::build_2d(&other, &NavSettings::DEFAULT).expect("defaults");
    restored
        .restore_state(&bytes)
        .expect("the engine's own kind-16 snapshot");
    rec.body(
        &format!("{v}/mesh-restored"),
        Some(&label),
        Body::Mesh(mesh_record(&restored, None)),
    );
    rec.structure(
        &format!("{v}/located"),
        None,
        located(mesh, map.width, map.height),
    );
    rec.structure(&format!("{v}/nearest"), None, nearest(mesh, map));
}

/// One round of edits drawn from `rng`: a wall rectangle, an opened rectangle, a cell
/// walled, a walkable rectangle repainted with area 3 (no change to the mesh), and area 3's
/// multiplier (no change either).
fn edit_round(grid: &mut Grid, rng: &mut SplitMix64) {
    let (w, h) = (grid.width(), grid.height());
    let rect = |rng: &mut SplitMix64| {
        let (rw, rh) = (1 + rng.below(5), 1 + rng.below(4));
        (
            rng.below(w - rw + 1) as i32,
            rng.below(h - rh + 1) as i32,
            rw,
            rh,
        )
    };
    let (x, y, rw, rh) = rect(rng);
    grid.set_rect(x, y, rw, rh, WALL).expect("inside");
    let (x, y, rw, rh) = rect(rng);
    grid.set_rect(x, y, rw, rh, 0).expect("inside");
    let c = Cell::new(rng.below(w) as i32, rng.below(h) as i32);
    grid.set_area(c, WALL).expect("inside");
    let (x, y, rw, rh) = rect(rng);
    let repaint: Vec<u8> = (0..rh)
        .flat_map(|j| (0..rw).map(move |i| (i, j)))
        .map(|(i, j)| {
            let c = Cell::new(x + i as i32, y + j as i32);
            match grid.area(c) {
                Some(WALL) | None => WALL,
                Some(_) => 3,
            }
        })
        .collect();
    grid.set_rect_from(x, y, rw, rh, &repaint).expect("inside");
    grid.set_area_cost(3, 1.0 + f64::from(rng.below(4)))
        .expect("a valid multiplier");
}

fn run_case(rec: &mut Recorder, c: &Case) {
    let map = (c.build)();
    rec.map("map", map_record(&map));
    for &s in c.settings {
        let mut grid = map.to_grid();
        let mut mesh = NavMesh::build_2d(&grid, &s.settings()).expect("valid settings");
        mesh_records(rec, s.label, &grid, &map, &mesh, s);
        let pairs = endpoints(&map, &mesh, c.seed);
        for (q, a, b) in &pairs {
            query(rec, &format!("{}/", s.label), &mesh, q, *a, *b);
        }
        let mut rng = SplitMix64::new(c.seed * 64 + u64::from(s.tile));
        for round in 1..=c.edits {
            edit_round(&mut grid, &mut rng);
            let rebaked = mesh.refresh(&grid).expect("the same grid");
            assert!(mesh.is_current(&grid), "refresh leaves the mesh current");
            let fresh = NavMesh::build_2d(&grid, &s.settings()).expect("valid settings");
            let v = format!("{}/e{round}", s.label);
            rec.body(
                &format!("{v}/fresh"),
                None,
                Body::Mesh(mesh_record(&fresh, None)),
            );
            rec.body(
                &format!("{v}/refreshed"),
                Some(&format!("{v}/fresh")),
                Body::Mesh(mesh_record(&mesh, Some(rebaked))),
            );
            for (q, a, b) in pairs.iter().take(4) {
                query(rec, &format!("{v}/"), &mesh, q, *a, *b);
            }
        }
    }
}

/// A grid with cell size 0.5 and origin (-10, 4): the world-point tier 1.
fn run_space(rec: &mut Recorder) {
    let map = mapgen::rooms(30, 22, 6, 7);
    rec.map("map", map_record(&map));
    let space = GridSpace::new(-10.0, 4.0, 0.5).expect("a valid space");
    let grid = map.to_grid().with_space(space).expect("fits");
    for s in [R0_T8, R05_T32] {
        // Radii are world units: 0.5 is one cell here.
        let mesh = NavMesh::build_2d(&grid, &s.settings()).expect("valid settings");
        mesh_records(rec, s.label, &grid, &map, &mesh, s);
        for q in pick_queries(&map, 299, 4) {
            let to_world = |c: Cell| space.center(c).unwrap_or(WorldPoint::new(1e300, 0.0));
            let (a, b) = (to_world(q.start), to_world(q.goal));
            let record = match mesh.find_path_with(a, b, NavAlgorithm::Corridor) {
                Ok(path) => {
                    let mut h = Fnv64::new();
                    for p in path.world_points(&mesh) {
                        h.write(&p.x.to_bits().to_le_bytes());
                        h.write(&p.y.to_bits().to_le_bytes());
                    }
                    let found = path.status == PathStatus::Found;
                    NavQueryRecord {
                        status: path.status,
                        length_bits: if found {
                            path.world_length(&mesh).to_bits()
                        } else {
                            f64::INFINITY.to_bits()
                        },
                        iterations: path.iterations,
                        expansions: path.expansions,
                        corridor: Digest::of_u32s(&path.corridor),
                        waypoints: Digest {
                            len: path.waypoints.len() as u32,
                            fnv: h.finish(),
                        },
                        snapshot: None,
                    }
                }
                Err(_) => refused(PathStatus::NotStarted),
            };
            rec.body(
                &format!("{}/world/{}", s.label, q.label),
                None,
                Body::NavQuery(record),
            );
        }
    }
}
