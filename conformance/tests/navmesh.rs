//! The navigation mesh against `conformance::navmesh_ref`, an independent reference written
//! from `docs/navmesh.md` only (issue 29, "Proven by"), on seeded random grids (sizes 1–40, wall
//! densities 0–60 %, radii 0, 0.3, 0.5, 1, 1.6 and 2.5 cells and some arbitrary ones, tile sizes
//! 4–32 and now and then 33–256, cell sizes 1, 0.5, 0.25 and 2 with matching radii, three
//! origins):
//!
//! - `bake_equals_reference`: the engine's canonical bytes equal the reference's byte for byte
//!   (the first difference is named: header field, or tile, polygon, vertex or link), its
//!   content hash is FNV-1a 64 of them, `from_walkable` equals `build_2d`, and the exact checker
//!   accepts the engine's polygons (convex, CCW, exact cover of the independently eroded
//!   cells, symmetric links shared whole, boundary edges against non-kept cells); every 16th
//!   mesh saved as a kind-16 snapshot and restored into another mesh gives the same bytes;
//! - `locate_equals_brute_force`: `locate` and `nearest` on cell corners, edge points, centres,
//!   random points and points off the grid against the brute force with the lowest-id rule;
//!   `to_nav_point` rounds as §1 says;
//! - `refresh_equals_fresh_build`: random edit sequences (`set_walkable`, `set_area`,
//!   `set_rect`, `set_area_cost`) then `refresh` give the bytes of a fresh bake and of the
//!   reference;
//! - `paths_against_reference`: `NavSearch` between points of random polygons (corners
//!   and edges included) and points anywhere: the status of `navmesh_ref::search` (start/goal
//!   invalid, `NoPath` iff the goal's polygon is not reachable over the links), the same
//!   corridor and iteration count (docs §7), every segment inside the eroded region (exact),
//!   length bits = the waypoints' length (§1), length within 1e-9 relative of the shortest path
//!   through the corridor's portals in order and the same waypoints (§8), waypoint polygons and
//!   corridor indices consistent; every 8th grid also sliced with budgets 1–4 = one run;
//!   each waypoint's corridor index per §8 (0 for the start, the last for the goal, `i + 1` at an
//!   endpoint of portal `i`); tier 1 (`find_path_points`) = the kept `NavSearch`.
//!
//! Default counts (debug and release alike): 10,000 grids for the bake (every 16th also through
//! kind 16), 1,500 for point location (40 points each), 800 edit sequences and 2,000 grids of 10
//! path queries (grids whose mesh is empty skipped); about 25 s of CPU in a debug build.
//! `ONEPATH_CONFORMANCE_SCALE=N` multiplies every count (`=10` in release: 10^5 grids, about a
//! minute), `ONEPATH_CONFORMANCE_SEED=K` draws other grids. A failure prints the seed, the
//! settings and a picture of the grid.

mod navmesh_common;

use conformance::navmesh_ref::bake::{RefMesh, bake};
use conformance::navmesh_ref::bytes::{canonical_bytes, content_hash, fnv1a64};
use conformance::navmesh_ref::cases::{NavCase, nav_case};
use conformance::navmesh_ref::corridor::{reachable, shortest_in_corridor, simplify};
use conformance::navmesh_ref::locate::{contains, locate, nearest};
use conformance::navmesh_ref::region::path_inside;
use conformance::navmesh_ref::search::{SearchResult, search};
use conformance::navmesh_ref::sleeve::{portals, shortest_in_sleeve};
use conformance::navmesh_ref::{UNIT, cell_center, corner, path_length};
use conformance::rng::SplitMix64;
use navmesh_common::{
    check_engine, engine_bytes, first_difference, grid_of, query, scale, seed_base, settings_of,
};
use onepath::NavAlgorithm;
use onepath::navmesh::{NavMesh, NavPoint, NavSearch};
use onepath::search::Step;
use onepath::{Cell, Grid, GridSpace, PathStatus, WorldPoint};

/// The seed of case `k` of suite `salt`.
fn case_seed(salt: u64, k: u64) -> u64 {
    seed_base().wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (salt << 40) ^ k
}

fn context(seed: u64, case: &NavCase) -> String {
    format!("seed {seed:#x}: {}\n{}", case.settings(), case.picture())
}

/// Bakes both sides and holds the engine to the reference; returns both.
fn bake_both(seed: u64, case: &NavCase) -> (Grid, NavMesh, RefMesh) {
    let grid = grid_of(case);
    let settings = settings_of(&case.input);
    let mesh = NavMesh::build_2d(&grid, &settings)
        .unwrap_or_else(|e| panic!("{e}\n{}", context(seed, case)));
    let reference = bake(&case.input);
    let ours = canonical_bytes(&reference);
    let theirs = engine_bytes(&mesh);
    if let Some(d) = first_difference(&reference, &ours, &theirs) {
        panic!("bytes differ: {d}\n{}", context(seed, case));
    }
    assert_eq!(
        mesh.content_hash(),
        content_hash(&reference),
        "{}",
        context(seed, case)
    );
    assert_eq!(mesh.content_hash(), fnv1a64(&theirs));
    (grid, mesh, reference)
}

#[test]
fn bake_equals_reference() {
    let n = 10_000 * scale();
    let mut polygons = 0u64;
    let mut tiles = 0u64;
    let mut restored = 0u64;
    for k in 0..n {
        let seed = case_seed(1, k);
        let case = nav_case(seed);
        let (grid, mesh, reference) = bake_both(seed, &case);
        let i = &case.input;
        let plain = NavMesh::from_walkable(
            i.width,
            i.height,
            &i.walkable,
            grid.space(),
            &settings_of(i),
        )
        .unwrap_or_else(|e| panic!("{e}\n{}", context(seed, &case)));
        assert_eq!(
            engine_bytes(&plain),
            engine_bytes(&mesh),
            "from_walkable\n{}",
            context(seed, &case)
        );
        assert_eq!(mesh.poly_count() as usize, reference.polys.len());
        assert_eq!(mesh.tile_count() as usize, reference.tiles().len());
        assert_eq!(
            (mesh.tiles_x(), mesh.tiles_y()),
            (reference.tiles_x, reference.tiles_y)
        );
        check_engine(&mesh, &reference.kept)
            .unwrap_or_else(|e| panic!("checker: {e}\n{}", context(seed, &case)));
        // Kind 16: the snapshot restored into another mesh gives the reference's bytes.
        if k % 16 == 0 {
            let mut state = vec![0u8; mesh.state_size()];
            let n = mesh.save_state(&mut state).unwrap();
            state.truncate(n);
            let other = nav_case(seed ^ 0x5EED);
            let mut target =
                NavMesh::build_2d(&grid_of(&other), &settings_of(&other.input)).unwrap();
            target
                .restore_state(&state)
                .unwrap_or_else(|e| panic!("restore: {e}\n{}", context(seed, &case)));
            let ours = canonical_bytes(&reference);
            if let Some(d) = first_difference(&reference, &ours, &engine_bytes(&target)) {
                panic!("restored mesh: {d}\n{}", context(seed, &case));
            }
            restored += 1;
        }
        polygons += u64::from(mesh.poly_count());
        tiles += u64::from(mesh.tile_count());
    }
    eprintln!(
        "bake_equals_reference: {n} grids, {polygons} polygons, {tiles} tiles with polygons, {restored} restored from kind 16"
    );
}

/// Test points for a `w × h` grid: corners, edge points, centres, random fixed-point points,
/// points off the grid.
fn test_points(rng: &mut SplitMix64, w: i64, h: i64, count: usize) -> Vec<[i64; 2]> {
    let mut pts = Vec::with_capacity(count);
    let r = |rng: &mut SplitMix64, lo: i64, hi: i64| lo + rng.below((hi - lo + 1) as u64) as i64;
    for k in 0..count {
        pts.push(match k % 6 {
            0 => corner(r(rng, -1, w + 1), r(rng, -1, h + 1)),
            1 => [r(rng, 0, w) * UNIT, r(rng, -UNIT, (h + 1) * UNIT)],
            2 => [r(rng, -UNIT, (w + 1) * UNIT), r(rng, 0, h) * UNIT],
            3 => cell_center(r(rng, 0, w - 1), r(rng, 0, h - 1)),
            4 => [r(rng, 0, w * UNIT), r(rng, 0, h * UNIT)],
            _ => [
                r(rng, -3 * UNIT, (w + 3) * UNIT),
                r(rng, -3 * UNIT, (h + 3) * UNIT),
            ],
        });
    }
    pts
}

#[test]
fn locate_equals_brute_force() {
    let n = 1_500 * scale();
    let mut located = 0u64;
    for k in 0..n {
        let seed = case_seed(2, k);
        let case = nav_case(seed);
        let (_, mesh, reference) = bake_both(seed, &case);
        let verts = reference.vertex_lists();
        let mut rng = SplitMix64::new(seed ^ 0x0010_CA7E);
        let (w, h) = (i64::from(case.input.width), i64::from(case.input.height));
        for p in test_points(&mut rng, w, h, 40) {
            let expect = locate(&verts, p);
            let got = mesh.locate(NavPoint { x: p[0], y: p[1] });
            assert_eq!(got, expect, "locate({p:?})\n{}", context(seed, &case));
            located += u64::from(expect.is_some());
            // Nearest: far search radius gives the brute force's point and polygon; a radius
            // clearly below or above the distance gives none or some.
            let np = NavPoint { x: p[0], y: p[1] };
            let want = nearest(&verts, p);
            let got = mesh.nearest(np, 1e9).map(|(q, id)| ([q.x, q.y], id));
            assert_eq!(
                got,
                want.map(|(q, id, _)| (q, id)),
                "nearest({p:?})\n{}",
                context(seed, &case)
            );
            if let Some((_, _, d2)) = want {
                let d = (d2 as f64).sqrt() / UNIT as f64;
                assert!(
                    mesh.nearest(np, d + 0.01).is_some(),
                    "nearest({p:?}, {})",
                    d + 0.01
                );
                if d > 0.02 {
                    assert!(
                        mesh.nearest(np, d - 0.01).is_none(),
                        "nearest({p:?}, {})",
                        d - 0.01
                    );
                }
            }
        }
        // World points round as docs §1 says: x = floor(u · 65536 + 0.5).
        let (s, (ox, oy)) = (case.input.cell_size, case.input.origin);
        for _ in 0..8 {
            let wx = ox + (rng.unit_f64() * 1.2 - 0.1) * w as f64 * s;
            let wy = oy + (rng.unit_f64() * 1.2 - 0.1) * h as f64 * s;
            let got = mesh.to_nav_point(WorldPoint { x: wx, y: wy }).unwrap();
            let ex = (((wx - ox) / s) * 65536.0 + 0.5).floor() as i64;
            let ey = (((wy - oy) / s) * 65536.0 + 0.5).floor() as i64;
            assert_eq!(
                (got.x, got.y),
                (ex, ey),
                "to_nav_point({wx}, {wy})\n{}",
                context(seed, &case)
            );
        }
    }
    eprintln!(
        "locate_equals_brute_force: {n} grids, {} points, {located} on the mesh",
        n * 40
    );
}

/// One random edit of `grid`; returns a description.
fn random_edit(rng: &mut SplitMix64, grid: &mut Grid) -> String {
    let (w, h) = (grid.width(), grid.height());
    let area = |rng: &mut SplitMix64| {
        if rng.chance(0.5) {
            255
        } else {
            rng.below(255) as u8
        }
    };
    match rng.below(5) {
        0 => {
            let c = Cell::new(
                rng.below(u64::from(w)) as i32,
                rng.below(u64::from(h)) as i32,
            );
            let on = rng.chance(0.5);
            grid.set_walkable(c, on).unwrap();
            format!("set_walkable({c:?}, {on})")
        }
        1 => {
            let c = Cell::new(
                rng.below(u64::from(w)) as i32,
                rng.below(u64::from(h)) as i32,
            );
            let a = area(rng);
            grid.set_area(c, a).unwrap();
            format!("set_area({c:?}, {a})")
        }
        2 | 3 => {
            let rw = 1 + rng.below(u64::from(w.min(6))) as u32;
            let rh = 1 + rng.below(u64::from(h.min(6))) as u32;
            let x = rng.below(u64::from(w - rw + 1)) as i32;
            let y = rng.below(u64::from(h - rh + 1)) as i32;
            let a = area(rng);
            grid.set_rect(x, y, rw, rh, a).unwrap();
            format!("set_rect({x}, {y}, {rw}, {rh}, {a})")
        }
        _ => {
            let a = rng.below(255) as u8;
            grid.set_area_cost(a, 1.0 + rng.below(4) as f64).unwrap();
            format!("set_area_cost({a})")
        }
    }
}

#[test]
fn refresh_equals_fresh_build() {
    let n = 800 * scale();
    let mut rebaked = 0u64;
    for k in 0..n {
        let seed = case_seed(3, k);
        let case = nav_case(seed);
        let (mut grid, mut mesh, _) = bake_both(seed, &case);
        let settings = settings_of(&case.input);
        let mut rng = SplitMix64::new(seed ^ 0xED17);
        let mut log = Vec::new();
        for _ in 0..=rng.below(4) {
            for _ in 0..=rng.below(3) {
                log.push(random_edit(&mut rng, &mut grid));
            }
            rebaked += u64::from(
                mesh.refresh(&grid)
                    .unwrap_or_else(|e| panic!("{e}\n{}", context(seed, &case))),
            );
            assert!(mesh.is_current(&grid));
            let fresh = NavMesh::build_2d(&grid, &settings).unwrap();
            // The reference from the edited grid's walkability.
            let mut input = case.input.clone();
            input.walkable = grid.cells().iter().map(|&a| a != 255).collect();
            let reference = bake(&input);
            let (ours, theirs) = (canonical_bytes(&reference), engine_bytes(&mesh));
            if let Some(d) = first_difference(&reference, &ours, &theirs) {
                panic!("refresh after {log:?}: {d}\n{}", context(seed, &case));
            }
            assert_eq!(
                engine_bytes(&fresh),
                theirs,
                "fresh build after {log:?}\n{}",
                context(seed, &case)
            );
            assert_eq!(mesh.content_hash(), fresh.content_hash());
        }
    }
    eprintln!("refresh_equals_fresh_build: {n} sequences, {rebaked} tiles re-baked");
}

/// A mesh from another space: the same walkability with cell size 0.5 gives the same polygons
/// but other bytes (cell size and origin are in the header).
#[test]
fn space_is_in_the_header_only() {
    let case = nav_case(case_seed(4, 7));
    let grid = grid_of(&case);
    let settings = settings_of(&case.input);
    let a = NavMesh::build_2d(&grid, &settings).unwrap();
    let moved = grid
        .clone()
        .with_space(GridSpace::new(5.0, 6.0, case.input.cell_size).unwrap())
        .unwrap();
    let b = NavMesh::build_2d(&moved, &settings).unwrap();
    let (ba, bb) = (engine_bytes(&a), engine_bytes(&b));
    assert_ne!(ba[20..36], bb[20..36]);
    assert_eq!(ba[36..], bb[36..]);
}

/// A query endpoint: mostly a point of a random polygon (corners and edges included), now and
/// then any point near the grid (possibly off the mesh).
fn endpoint(rng: &mut SplitMix64, reference: &RefMesh, w: i64, h: i64) -> [i64; 2] {
    if reference.polys.is_empty() || rng.chance(0.1) {
        return test_points(rng, w, h, 6)[rng.below(6) as usize];
    }
    let [x0, y0, x1, y1] = reference.polys[rng.below(reference.polys.len() as u64) as usize].rect;
    let pick = |rng: &mut SplitMix64, lo: i64, hi: i64| match rng.below(4) {
        0 => lo * UNIT,
        1 => hi * UNIT,
        2 => {
            (lo + rng.below((hi - lo) as u64 + 1) as i64) * UNIT
                + if hi > lo + 1 { UNIT / 2 } else { 0 }
        }
        _ => lo * UNIT + rng.below(((hi - lo) * UNIT + 1) as u64) as i64,
    };
    [
        pick(rng, x0, x1).min(x1 * UNIT),
        pick(rng, y0, y1).min(y1 * UNIT),
    ]
}

#[test]
fn paths_against_reference() {
    let n = 2_000 * scale();
    let (mut found, mut no_path, mut invalid, mut sliced, mut shortcut) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut search_engine = NavSearch::new();
    for k in 0..n {
        let seed = case_seed(5, k);
        let case = nav_case(seed);
        let (_, mesh, reference) = bake_both(seed, &case);
        let verts = reference.vertex_lists();
        let links = reference.link_lists();
        let (w, h) = (case.input.width, case.input.height);
        let (wi, hi) = (i64::from(w), i64::from(h));
        let kept = |x: i64, y: i64| {
            x >= 0 && y >= 0 && x < wi && y < hi && reference.kept[(y * wi + x) as usize]
        };
        if reference.polys.is_empty() {
            continue;
        }
        let mut rng = SplitMix64::new(seed ^ 0x9A7B);
        for _ in 0..10 {
            let (s, g) = (
                endpoint(&mut rng, &reference, wi, hi),
                endpoint(&mut rng, &reference, wi, hi),
            );
            let path = query(&mut search_engine, &mesh, s, g, 0);
            // Tier 1 answers as the kept handle does.
            let tier1 = mesh.find_path_points_with(
                NavPoint { x: s[0], y: s[1] },
                NavPoint { x: g[0], y: g[1] },
                NavAlgorithm::Corridor,
            );
            let status = match path.step {
                Step::Found => PathStatus::Found,
                Step::NoPath => PathStatus::NoPath,
                Step::StartInvalid => PathStatus::StartInvalid,
                Step::GoalInvalid => PathStatus::GoalInvalid,
                other => panic!("a finished search ended {other:?}"),
            };
            assert_eq!(tier1.status, status, "tier 1: {s:?} -> {g:?}");
            if status == PathStatus::Found {
                assert_eq!(tier1.corridor, path.corridor);
                assert_eq!(tier1.waypoints, path.waypoints);
                assert_eq!(Some(tier1.length.to_bits()), path.length.map(f64::to_bits));
                assert_eq!(tier1.iterations, path.iterations);
            }
            let ctx = || format!("{s:?} -> {g:?}\n{}", context(seed, &case));
            match search(&reference, s, g) {
                SearchResult::StartInvalid => {
                    assert_eq!(path.step, Step::StartInvalid, "{}", ctx());
                    invalid += 1;
                }
                SearchResult::GoalInvalid => {
                    assert_eq!(path.step, Step::GoalInvalid, "{}", ctx());
                    invalid += 1;
                }
                SearchResult::NoPath { iterations } => {
                    assert_eq!(path.step, Step::NoPath, "{}", ctx());
                    let (ps, pg) = (locate(&verts, s).unwrap(), locate(&verts, g).unwrap());
                    assert!(!reachable(&reference, ps, pg), "{}", ctx());
                    assert_eq!(path.iterations, iterations, "iterations: {}", ctx());
                    no_path += 1;
                }
                SearchResult::Found {
                    corridor,
                    iterations,
                    ..
                } => {
                    assert_eq!(path.step, Step::Found, "{}", ctx());
                    assert_eq!(path.corridor, corridor, "corridor: {}", ctx());
                    assert!(reachable(
                        &reference,
                        corridor[0],
                        *corridor.last().unwrap()
                    ));
                    assert_eq!(path.iterations, iterations, "iterations: {}", ctx());
                    let pts = path.points();
                    let length = path.length.expect("a length once found");
                    assert_eq!(pts.first(), Some(&s), "{}", ctx());
                    assert_eq!(pts.last(), Some(&g), "{}", ctx());
                    path_inside(&kept, &pts).unwrap_or_else(|e| panic!("{e}: {}", ctx()));
                    assert_eq!(
                        length.to_bits(),
                        path_length(&pts).to_bits(),
                        "length bits: {}",
                        ctx()
                    );
                    let ports = portals(&verts, &links, &corridor)
                        .expect("consecutive corridor polygons are linked");
                    let (best, best_path) = shortest_in_sleeve(&ports, s, g)
                        .unwrap_or_else(|| panic!("no path through the portals: {}", ctx()));
                    // The union of the corridor's polygons can only be shorter (docs §8).
                    let (union, _) = shortest_in_corridor(w, h, &verts, &corridor, s, g)
                        .unwrap_or_else(|| panic!("no path inside the corridor: {}", ctx()));
                    assert!(union <= best * (1.0 + 1e-12), "{}", ctx());
                    shortcut += u64::from(union < best * (1.0 - 1e-9));
                    assert!(
                        (length - best).abs() <= 1e-9 * best.max(1e-300),
                        "funnel {length} vs shortest through the portals {best} ({best_path:?} vs {pts:?}): {}",
                        ctx()
                    );
                    assert_eq!(pts, simplify(&best_path), "waypoints: {}", ctx());
                    // §8: index 0 for the start, the last for the goal, i + 1 for a turn at an
                    // endpoint of portal i. A goal equal to the last turn is dropped as a
                    // repeat, so the last waypoint is the goal (last index) or that turn.
                    let wps = &path.waypoints;
                    assert_eq!(wps[0].corridor_index, 0, "{}", ctx());
                    for (n, wp) in wps.iter().enumerate().skip(1) {
                        let i = wp.corridor_index as usize;
                        let p = [wp.point.x, wp.point.y];
                        let is_turn = i >= 1 && (ports[i - 1].0 == p || ports[i - 1].1 == p);
                        let is_goal = n == wps.len() - 1 && i == corridor.len() - 1;
                        assert!(
                            is_turn || is_goal,
                            "waypoint {n} {p:?} with corridor index {i} is neither the goal nor an endpoint of portal {}: {}",
                            i.wrapping_sub(1),
                            ctx()
                        );
                    }
                    let mut last = 0;
                    for wp in &path.waypoints {
                        let idx = wp.corridor_index as usize;
                        assert!(
                            idx >= last && idx < corridor.len(),
                            "corridor index: {}",
                            ctx()
                        );
                        last = idx;
                        assert_eq!(wp.polygon, corridor[idx], "{}", ctx());
                        let scaled: Vec<[i64; 2]> = verts[wp.polygon as usize]
                            .iter()
                            .map(|c| [c[0] * UNIT, c[1] * UNIT])
                            .collect();
                        assert!(
                            contains(&scaled, [wp.point.x, wp.point.y]),
                            "waypoint outside its polygon: {}",
                            ctx()
                        );
                    }
                    found += 1;
                    // Sliced equals unsliced.
                    if k % 8 == 0 {
                        let budget = 1 + rng.below(4) as u32;
                        let again = query(&mut search_engine, &mesh, s, g, budget);
                        assert_eq!(again.step, Step::Found, "{}", ctx());
                        assert_eq!(again.corridor, path.corridor, "{}", ctx());
                        assert_eq!(again.waypoints, path.waypoints, "{}", ctx());
                        assert_eq!(again.iterations, path.iterations, "{}", ctx());
                        assert_eq!(again.length.map(f64::to_bits), Some(length.to_bits()));
                        sliced += 1;
                    }
                }
            }
        }
    }
    eprintln!(
        "paths_against_reference: {n} grids: {found} found ({shortcut} where the corridor's union is shorter than its sleeve), {no_path} no path, {invalid} invalid endpoints, {sliced} sliced"
    );
    assert!(found > n && no_path > 0 && invalid > 0);
}
