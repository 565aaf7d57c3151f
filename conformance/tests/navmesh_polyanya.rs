//! `PolyanyaSearch` against `conformance::navmesh_ref::visibility`, the Euclidean shortest
//! path inside the mesh region by Dijkstra over the visibility graph (written from the paper's
//! definition and `docs/navmesh.md`, not from the engine), on seeded random small grids: sizes
//! 1–14 (one in ten up to 24), wall densities 0–55 % (scattered cells or wall rectangles), radii 0 (half the cases),
//! 0.5, 1 and 1.6 cells (the larger ones on grids large enough to keep cells), tile sizes 4–16 (cross-tile portals and T-vertices), start and goal
//! at cell centres, cell corners, edge points and arbitrary fixed-point points of kept cells,
//! and now and then off the mesh.
//!
//! For each query: the status of the reference (`StartInvalid` / `GoalInvalid` when a point is
//! off the region, `NoPath` iff the reference finds no path); once found, the length within
//! 1e-9 relative of the reference's, the length bits equal to the waypoints' length by §1, the
//! waypoints legal (every segment inside the region, no pass through a pinch), the path
//! starting at the start and ending at the goal, the corridor a chain of linked polygons from
//! a polygon holding the start to one holding the goal, and the exact funnel over that
//! corridor no longer than the Polyanya length (+1e-9 relative) and legal. Every 8th grid also
//! runs sliced with budgets 1–3 and must give the same length bits and waypoints.
//!
//! Default: 2,000 grids × 6 queries (a debug run of well under a minute);
//! `ONEPATH_CONFORMANCE_SCALE=N` multiplies the count (`=5` gives 10^4 grids),
//! `ONEPATH_CONFORMANCE_SEED=K` draws other grids. A failure prints the seed and the grid.

use conformance::navmesh_ref::erosion::kept_cells;
use conformance::navmesh_ref::region::path_inside;
use conformance::navmesh_ref::visibility::{point_in_region, shortest_in_region};
use conformance::navmesh_ref::{UNIT, path_length};
use conformance::rng::SplitMix64;
use onepath::GridSpace;
use onepath::navmesh::{NavMesh, NavPoint, NavSettings, PolyanyaSearch};
use onepath::search::Step;

mod navmesh_common;
use navmesh_common::{scale, seed_base};

struct Case {
    w: u32,
    h: u32,
    walkable: Vec<bool>,
    radius: f64,
    tile: u32,
}

fn case(seed: u64) -> Case {
    let mut rng = SplitMix64::new(seed);
    let side = if rng.chance(0.1) { 24 } else { 14 };
    let (w, h) = (1 + rng.below(side) as u32, 1 + rng.below(side) as u32);
    let density = rng.unit_f64() * 0.55;
    let mut walkable = vec![true; (w * h) as usize];
    if rng.chance(0.5) {
        for c in &mut walkable {
            *c = !rng.chance(density);
        }
    } else {
        for _ in 0..=((density * 8.0) as u32) {
            let (x0, y0) = (
                rng.below(u64::from(w)) as u32,
                rng.below(u64::from(h)) as u32,
            );
            let (rw, rh) = (1 + rng.below(4) as u32, 1 + rng.below(4) as u32);
            for y in y0..(y0 + rh).min(h) {
                for x in x0..(x0 + rw).min(w) {
                    walkable[(y * w + x) as usize] = false;
                }
            }
        }
    }
    // Radii that leave small grids something to search: 1.6 cells only from 8 cells a side,
    // 1 from 5, else 0.5.
    let side_min = w.min(h);
    let radius = if rng.chance(0.5) {
        0.0
    } else {
        match *rng.pick(&[0.5f64, 1.0, 1.6]) {
            r if r >= 1.6 && side_min >= 8 => r,
            r if r >= 1.0 && side_min >= 5 => r.min(1.0),
            _ => 0.5,
        }
    };
    let tile = 4 + rng.below(13) as u32;
    Case {
        w,
        h,
        walkable,
        radius,
        tile,
    }
}

fn picture(c: &Case) -> String {
    let mut s = format!(
        "{}x{} radius {} tile {} (row 0 first)\n",
        c.w, c.h, c.radius, c.tile
    );
    for row in c.walkable.chunks(c.w as usize) {
        s.extend(row.iter().map(|&b| if b { '.' } else { '#' }));
        s.push('\n');
    }
    s
}

/// A point of a random kept cell (centre, corner, edge point or anywhere), or anywhere in or
/// around the grid now and then.
fn point(rng: &mut SplitMix64, c: &Case, kept: &[bool]) -> [i64; 2] {
    let free: Vec<usize> = (0..kept.len()).filter(|&i| kept[i]).collect();
    if free.is_empty() || rng.chance(0.08) {
        let x = rng.below(u64::from(c.w + 2) * UNIT as u64) as i64 - UNIT;
        let y = rng.below(u64::from(c.h + 2) * UNIT as u64) as i64 - UNIT;
        return [x, y];
    }
    let cell = free[rng.below(free.len() as u64) as usize] as i64;
    let (x, y) = (cell % i64::from(c.w), cell / i64::from(c.w));
    let (bx, by) = (x * UNIT, y * UNIT);
    match rng.below(4) {
        0 => [bx + UNIT / 2, by + UNIT / 2],
        1 => [
            bx + UNIT * rng.below(2) as i64,
            by + UNIT * rng.below(2) as i64,
        ],
        2 => [
            bx + rng.below(UNIT as u64 + 1) as i64,
            by + UNIT * rng.below(2) as i64,
        ],
        _ => [
            bx + rng.below(UNIT as u64 + 1) as i64,
            by + rng.below(UNIT as u64 + 1) as i64,
        ],
    }
}

fn np(p: [i64; 2]) -> NavPoint {
    NavPoint::new(p[0], p[1])
}

#[allow(clippy::too_many_arguments)]
fn check_query(
    ctx: &str,
    c: &Case,
    mesh: &NavMesh,
    kept: &[bool],
    search: &mut PolyanyaSearch,
    s: [i64; 2],
    g: [i64; 2],
    sliced: bool,
) -> Step {
    let set = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < i64::from(c.w)
            && y < i64::from(c.h)
            && kept[(y * i64::from(c.w) + x) as usize]
    };
    let status = search.try_begin(mesh, np(s), np(g));
    let ctx = format!("{ctx}\nquery {s:?} -> {g:?}");
    if !point_in_region(c.w, c.h, kept, s) {
        assert_eq!(status, Step::StartInvalid, "{ctx}");
        return status;
    }
    if !point_in_region(c.w, c.h, kept, g) {
        assert_eq!(status, Step::GoalInvalid, "{ctx}");
        return status;
    }
    let status = if sliced {
        let budget = 1 + (s[0] as u32 % 3);
        while search.step(mesh, budget) == Step::InProgress {}
        search.status()
    } else {
        search.run(mesh)
    };
    let reference = shortest_in_region(c.w, c.h, kept, s, g);
    let Some((ref_len, ref_path)) = reference else {
        assert_eq!(status, Step::NoPath, "{ctx}: the reference finds no path");
        return status;
    };
    assert_eq!(
        status,
        Step::Found,
        "{ctx}: the reference finds {ref_path:?} ({ref_len})"
    );
    let len = search.length().expect("found");
    let path: Vec<[i64; 2]> = search.waypoints().iter().map(|p| [p.x, p.y]).collect();
    assert!(
        (len - ref_len).abs() <= 1e-9 * ref_len.max(1.0),
        "{ctx}: Polyanya {len} via {path:?}, reference {ref_len} via {ref_path:?}"
    );
    assert_eq!(path.first(), Some(&s), "{ctx}");
    assert_eq!(path.last(), Some(&g), "{ctx}");
    assert_eq!(
        len.to_bits(),
        path_length(&path).to_bits(),
        "{ctx}: length bits"
    );
    if let Err(e) = path_inside(&set, &path) {
        panic!("{ctx}: Polyanya path {path:?} illegal: {e}");
    }
    // The corridor: linked polygons, from a start polygon to a goal polygon.
    let corridor = search.corridor();
    assert!(!corridor.is_empty(), "{ctx}");
    let holds = |poly: u32, p: [i64; 2]| {
        let r = mesh.polygon(poly).unwrap().rect();
        let (x, y) = (p[0], p[1]);
        x >= i64::from(r[0]) * UNIT
            && x <= i64::from(r[2]) * UNIT
            && y >= i64::from(r[1]) * UNIT
            && y <= i64::from(r[3]) * UNIT
    };
    assert!(
        holds(corridor[0], s),
        "{ctx}: corridor {corridor:?} does not start at the start"
    );
    assert!(
        holds(*corridor.last().unwrap(), g),
        "{ctx}: corridor {corridor:?} does not end at the goal"
    );
    for w in corridor.windows(2) {
        let p = mesh.polygon(w[0]).unwrap();
        let linked = (0..p.vertices().len() as u32).any(|e| p.link(e).map(|l| l.0) == Some(w[1]));
        assert!(
            linked,
            "{ctx}: corridor {corridor:?}: {} and {} are not linked",
            w[0], w[1]
        );
    }
    let mut out = Vec::new();
    let funnel = search.funnel_waypoints(&mut out).expect("found");
    assert!(
        funnel <= len * (1.0 + 1e-9) + 1e-12,
        "{ctx}: funnel {funnel} > Polyanya {len} over corridor {corridor:?}"
    );
    let fpath: Vec<[i64; 2]> = out.iter().map(|w| [w.point.x, w.point.y]).collect();
    if let Err(e) = path_inside(&set, &fpath) {
        panic!("{ctx}: funnel path {fpath:?} illegal: {e}");
    }
    if sliced {
        let mut whole = PolyanyaSearch::new();
        let _ = whole.try_begin(mesh, np(s), np(g));
        assert_eq!(whole.run(mesh), Step::Found, "{ctx}");
        assert_eq!(
            whole.length().map(f64::to_bits),
            Some(len.to_bits()),
            "{ctx}: sliced != whole"
        );
        assert_eq!(
            whole.waypoints(),
            search.waypoints(),
            "{ctx}: sliced != whole"
        );
        assert_eq!(
            whole.corridor(),
            search.corridor(),
            "{ctx}: sliced != whole"
        );
        assert_eq!(
            whole.iterations(),
            search.iterations(),
            "{ctx}: sliced != whole"
        );
    }
    status
}

#[test]
fn polyanya_equals_visibility_graph_shortest_paths() {
    let grids = 2_000 * scale();
    let (mut found, mut no_path, mut invalid, mut radius0) = (0u64, 0u64, 0u64, 0u64);
    let mut search = PolyanyaSearch::new();
    for k in 0..grids {
        let seed = seed_base().wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (0x5050 << 40) ^ k;
        let c = case(seed);
        let settings = NavSettings::DEFAULT
            .with_radius(c.radius)
            .with_tile_size(c.tile);
        let mesh = NavMesh::from_walkable(c.w, c.h, &c.walkable, GridSpace::UNIT, &settings)
            .expect("a valid bake");
        let kept = kept_cells(c.w, c.h, &c.walkable, c.radius, 1.0);
        if c.radius == 0.0 {
            radius0 += 1;
        }
        let ctx = format!("seed {seed:#x}: {}", picture(&c));
        let mut rng = SplitMix64::new(seed ^ 0xABCD);
        for q in 0..6 {
            let s = point(&mut rng, &c, &kept);
            let g = point(&mut rng, &c, &kept);
            let status = check_query(
                &ctx,
                &c,
                &mesh,
                &kept,
                &mut search,
                s,
                g,
                k % 8 == 0 && q % 2 == 0,
            );
            match status {
                Step::Found => found += 1,
                Step::NoPath => no_path += 1,
                _ => invalid += 1,
            }
        }
    }
    println!(
        "{grids} grids ({radius0} at radius 0): {found} found, {no_path} no path, {invalid} invalid endpoints"
    );
    assert!(found > grids * 2, "too few found paths to mean anything");
    assert!(no_path > 0 && invalid > 0);
}
