//! Shared by the navmesh suites: the engine's mesh seen through its public API as the
//! reference's plain lists, byte comparison with a readable first difference, and the
//! engine-side construction of a reference case.
#![allow(dead_code)] // each suite uses a different subset

pub mod movingai;

/// `ONEPATH_CONFORMANCE_SCALE` (default 1): how many times the default case counts to run.
pub fn scale() -> u64 {
    std::env::var("ONEPATH_CONFORMANCE_SCALE").map_or(1, |s| {
        s.trim().parse().unwrap_or_else(|_| {
            panic!("ONEPATH_CONFORMANCE_SCALE must be a positive integer, got {s:?}")
        })
    })
}

/// `ONEPATH_CONFORMANCE_SEED` (default 0), mixed into every case seed.
pub fn seed_base() -> u64 {
    std::env::var("ONEPATH_CONFORMANCE_SEED").map_or(0, |s| {
        s.trim()
            .parse()
            .unwrap_or_else(|_| panic!("ONEPATH_CONFORMANCE_SEED must be an integer, got {s:?}"))
    })
}

use conformance::navmesh_ref::BakeInput;
use conformance::navmesh_ref::bake::RefMesh;
use conformance::navmesh_ref::cases::NavCase;
use onepath::navmesh::{NavMesh, NavSettings};
use onepath::{Grid, GridSpace};

/// Per polygon, per edge: the linked polygon and its edge.
pub type Links = Vec<Vec<Option<(u32, u32)>>>;

/// The engine's polygons as vertex lists and link lists (public API only).
pub fn engine_view(mesh: &NavMesh) -> (Vec<Vec<[i64; 2]>>, Links) {
    let mut verts = Vec::new();
    let mut links = Vec::new();
    for id in 0..mesh.poly_count() {
        let p = mesh.polygon(id).expect("ids below poly_count are polygons");
        let v: Vec<[i64; 2]> = p
            .vertices()
            .iter()
            .map(|c| [i64::from(c[0]), i64::from(c[1])])
            .collect();
        links.push((0..v.len()).map(|e| p.link(e as u32)).collect());
        verts.push(v);
    }
    (verts, links)
}

/// The engine's canonical bytes.
pub fn engine_bytes(mesh: &NavMesh) -> Vec<u8> {
    let mut out = Vec::new();
    mesh.write_canonical_bytes(&mut out);
    out
}

/// The engine's settings for a reference input.
pub fn settings_of(input: &BakeInput) -> NavSettings {
    NavSettings::DEFAULT
        .with_radius(input.radius)
        .with_tile_size(input.tile_size)
        .with_area(input.area)
}

/// The engine's grid for a case: its area bytes and its space.
pub fn grid_of(case: &NavCase) -> Grid {
    let i = &case.input;
    let space = GridSpace::new(i.origin.0, i.origin.1, i.cell_size).expect("a valid space");
    Grid::from_areas(i.width, i.height, case.areas.clone())
        .expect("a valid grid")
        .with_space(space)
        .expect("space")
}

/// What byte `off` of the reference's canonical bytes is (docs §4), for failure messages.
pub fn describe_offset(mesh: &RefMesh, off: usize) -> String {
    const FIELDS: [(usize, &str); 11] = [
        (4, "magic"),
        (8, "width"),
        (12, "height"),
        (20, "cell size"),
        (28, "origin x"),
        (36, "origin y"),
        (44, "agent radius"),
        (48, "tile size"),
        (49, "area"),
        (53, "tile count"),
        (0, ""),
    ];
    if let Some((_, name)) = FIELDS.iter().find(|(end, _)| off < *end) {
        return format!("header field {name}");
    }
    let mut at = 53;
    for (tile, first, count) in mesh.tiles() {
        if off < at + 12 {
            return format!("tile {tile} header (tx, ty, polygon count)");
        }
        at += 12;
        for p in first..first + count {
            let n = mesh.polys[p as usize].verts.len();
            let len = 4 + 8 * n + 4 * n;
            if off < at + len {
                let r = off - at;
                return if r < 4 {
                    format!("tile {tile} polygon {p}: vertex count")
                } else if r < 4 + 8 * n {
                    format!(
                        "tile {tile} polygon {p}: vertex {} ({:?})",
                        (r - 4) / 8,
                        mesh.polys[p as usize].verts[(r - 4) / 8]
                    )
                } else {
                    let e = (r - 4 - 8 * n) / 4;
                    format!(
                        "tile {tile} polygon {p}: link of edge {e} (reference {:?})",
                        mesh.polys[p as usize].links[e]
                    )
                };
            }
            at += len;
        }
    }
    "past the reference's end".into()
}

/// `None` when equal, else a message with the first differing byte and what it is.
pub fn first_difference(reference: &RefMesh, ours: &[u8], theirs: &[u8]) -> Option<String> {
    if ours == theirs {
        return None;
    }
    let off = ours
        .iter()
        .zip(theirs)
        .position(|(a, b)| a != b)
        .unwrap_or(ours.len().min(theirs.len()));
    let window = |b: &[u8]| b[off.saturating_sub(8)..(off + 8).min(b.len())].to_vec();
    Some(format!(
        "first differing byte {off} ({}): reference {:?}, engine {:?} (lengths {} and {})",
        describe_offset(reference, off),
        window(ours),
        window(theirs),
        ours.len(),
        theirs.len()
    ))
}

/// The build of `mesh`'s engine view against a reference: the exact checker's verdict.
pub fn check_engine(mesh: &NavMesh, kept: &[bool]) -> Result<(), String> {
    let (v, l) = engine_view(mesh);
    conformance::navmesh_ref::check::check_mesh(mesh.width(), mesh.height(), kept, &v, &l)
}

/// One corridor search's answer, read through `NavSearch`'s public API.
#[derive(Debug)]
pub struct Answer {
    /// The final step.
    pub step: onepath::search::Step,
    /// Polygon ids, start to goal (when found).
    pub corridor: Vec<u32>,
    /// The waypoints (when found).
    pub waypoints: Vec<onepath::navmesh::NavWaypoint>,
    /// The length in cells (when found).
    pub length: Option<f64>,
    /// Pops.
    pub iterations: u64,
}

impl Answer {
    /// The waypoints' points as the reference's pairs.
    pub fn points(&self) -> Vec<[i64; 2]> {
        self.waypoints
            .iter()
            .map(|w| [w.point.x, w.point.y])
            .collect()
    }
}

/// Runs `search` from `s` to `g` to the end (`try_begin`, then `step` with `budget` until done,
/// or `run` when `budget` is 0).
pub fn query(
    search: &mut onepath::navmesh::NavSearch,
    mesh: &NavMesh,
    s: [i64; 2],
    g: [i64; 2],
    budget: u32,
) -> Answer {
    use onepath::navmesh::NavPoint;
    let first = search.try_begin(
        mesh,
        NavPoint { x: s[0], y: s[1] },
        NavPoint { x: g[0], y: g[1] },
    );
    let step = if first.is_done() {
        first
    } else if budget == 0 {
        search.run(mesh)
    } else {
        let mut st = search.step(mesh, budget);
        while !st.is_done() {
            st = search.step(mesh, budget);
        }
        st
    };
    Answer {
        step,
        corridor: search.corridor().to_vec(),
        waypoints: search.waypoints().to_vec(),
        length: search.length(),
        iterations: search.iterations(),
    }
}
