//! Target `navmesh_bake`: `NavMesh::build_2d` and `NavMesh::from_walkable` on arbitrary
//! walkability and settings, then `refresh` after arbitrary edits (docs/navmesh.md §2–§5).
//!
//! Input: width and height (1..=24), a tile size byte (mostly valid sizes, sometimes 3..=52
//! or any u32), a radius byte (a table of valid and invalid radii — negative, NaN, ∞, past 64
//! cells — or any f64 bit pattern), a cell size and origin, the polygons' area, a wall density
//! and map seed (or, for density 255, one walkability bit per cell read from the input); then
//! operations until the input ends (at most 24): wall a cell, repaint a cell with any area,
//! wall or open a rectangle (anywhere, partly outside too), change an area's multiplier,
//! `refresh`, or switch to another grid (another size and walkability).
//!
//! Properties:
//! - nothing panics; `build_2d` and `from_walkable` agree (equal canonical bytes, or the same
//!   error); they fail exactly when the radius (finite, ≥ 0, ≤ 64 cells) or the tile size
//!   (4..=256) breaks the rule, with the error naming it; a walkability of the wrong length
//!   is refused;
//! - an accepted mesh keeps every rule of `crate::navmesh_props::check_mesh`: the kept cells
//!   of the erosion rule covered exactly once by rectangles inside their tiles, polygons
//!   convex and counter-clockwise with T-vertices only at other polygons' corners, links
//!   symmetric and exactly where a polygon lies across, the canonical bytes as docs §4 lists
//!   them and the content hash their FNV-1a 64;
//! - its kind-16 snapshot restores into a mesh of another map and saves the same bytes;
//! - after every `refresh` (of the same grid after edits, or of another grid) the mesh is
//!   current and byte-equal to a fresh `build_2d`, or, when a fresh bake refuses the grid
//!   (a cell size that makes the radius exceed 64 cells), the refresh refuses too and leaves
//!   the mesh as it was; at the end the mesh keeps the rules above for the edited
//!   walkability.

use onepath::grid::WALL;
use onepath::math::SplitMix64;
use onepath::navmesh::{NavError, NavMesh, NavSettings};
use onepath::{Cell, Grid, GridSpace};

use crate::input::Input;
use crate::navmesh_props::check_mesh;
use crate::snapshot_restore::navmesh::save_mesh;

const MAX_SIDE: u32 = 24;

const RADII: [f64; 16] = [
    0.0,
    -0.0,
    0.25,
    0.5,
    core::f64::consts::FRAC_1_SQRT_2,
    1.0,
    1.5,
    2.0,
    2.9,
    7.999_999,
    64.0,
    64.000_001,
    -0.5,
    f64::NAN,
    f64::INFINITY,
    1e300,
];

const TILES: [u32; 8] = [4, 5, 6, 8, 11, 16, 32, 256];

const SPACES: [(f64, f64, f64); 5] = [
    (0.0, 0.0, 1.0),
    (-10.5, 3.25, 0.5),
    (100.0, -7.0, 2.0),
    (0.0, 0.0, 0.125),
    (1.0e5, 2.0e5, 3.0),
];

fn radius_of(input: &mut Input<'_>) -> f64 {
    match input.u8() {
        b if b < 240 => RADII[usize::from(b) % RADII.len()],
        _ => f64::from_bits(u64::from(input.u32()) | (u64::from(input.u32()) << 32)),
    }
}

fn tile_of(input: &mut Input<'_>) -> u32 {
    match input.u8() {
        b if b < 200 => TILES[usize::from(b) % TILES.len()],
        b if b < 250 => u32::from(b) - 197,
        _ => input.u32(),
    }
}

/// A grid of `w × h` decoded from the input: walls by density and seed (or bit by bit), the
/// walkable cells painted with assorted areas (the mesh must ignore them).
fn grid_of(input: &mut Input<'_>, w: u32, h: u32) -> Grid {
    let density = input.u8();
    let seed = input.u16();
    let mut rng = SplitMix64::new(u64::from(seed));
    let mut bits = 0u8;
    let cells: Vec<u8> = (0..w * h)
        .map(|i| {
            let wall = if density == 255 {
                if i % 8 == 0 {
                    bits = input.u8();
                }
                bits >> (i % 8) & 1 == 1
            } else {
                rng.chance(u32::from(density), 256)
            };
            if wall { WALL } else { (i % 5) as u8 }
        })
        .collect();
    Grid::from_areas(w, h, cells).expect("a valid size")
}

fn walkability(grid: &Grid) -> Vec<bool> {
    grid.cells().iter().map(|&a| a != WALL).collect()
}

fn bytes(mesh: &NavMesh) -> Vec<u8> {
    let mut out = Vec::new();
    mesh.write_canonical_bytes(&mut out);
    out
}

/// Builds both ways and checks agreement and the error rule; the mesh when accepted.
fn build(grid: &Grid, settings: &NavSettings) -> Option<NavMesh> {
    let walkable = walkability(grid);
    let a = NavMesh::build_2d(grid, settings);
    let b = NavMesh::from_walkable(
        grid.width(),
        grid.height(),
        &walkable,
        grid.space(),
        settings,
    );
    let s = grid.space().cell_size();
    let r = settings.agent_radius;
    let radius_ok = r.is_finite() && r >= 0.0 && r / s <= 64.0;
    let tile_ok = (4..=256).contains(&settings.tile_size);
    if walkable.len() > 1 {
        let short = NavMesh::from_walkable(
            grid.width(),
            grid.height(),
            &walkable[1..],
            grid.space(),
            settings,
        );
        assert!(short.is_err(), "a walkability of the wrong length accepted");
    }
    match (a, b) {
        (Ok(a), Ok(b)) => {
            assert!(
                radius_ok && tile_ok,
                "radius {r} tile {} accepted",
                settings.tile_size
            );
            assert!(bytes(&a) == bytes(&b), "build_2d and from_walkable differ");
            assert_eq!(a.content_hash(), b.content_hash());
            Some(a)
        }
        (Err(a), Err(b)) => {
            assert_eq!(
                format!("{a:?}"),
                format!("{b:?}"),
                "build_2d and from_walkable refuse differently"
            );
            assert!(!(radius_ok && tile_ok), "valid settings refused: {a}");
            if !radius_ok && tile_ok {
                assert!(matches!(a, NavError::InvalidRadius { .. }), "{a:?}");
            }
            if radius_ok && !tile_ok {
                assert!(
                    matches!(a, NavError::InvalidTileSize { value } if value == settings.tile_size),
                    "{a:?}"
                );
            }
            assert!(!a.to_string().is_empty());
            None
        }
        (a, b) => panic!(
            "build_2d {:?} and from_walkable {:?} disagree",
            a.err(),
            b.err()
        ),
    }
}

/// The kind-16 snapshot restores into a mesh of another map and saves the same bytes.
fn round_trip(mesh: &NavMesh) {
    let snap = save_mesh(mesh);
    assert_eq!(snap.len(), mesh.state_size(), "state_size");
    assert!(snap.len() <= NavMesh::max_state_size(mesh.width(), mesh.height()));
    let other = Grid::from_text("..\n#.").expect("a fixed picture");
    let mut target = NavMesh::build_2d(&other, &NavSettings::DEFAULT).expect("defaults");
    assert_eq!(target.restore_state(&snap), Ok(()), "own kind-16 snapshot");
    assert!(bytes(&target) == bytes(mesh), "restored mesh differs");
    assert!(
        save_mesh(&target) == snap,
        "kind 16 does not save back to itself"
    );
}

/// Refreshes and compares with a fresh bake; `false` when the settings do not fit the grid
/// (another cell size makes the radius too large), which the refresh must refuse without
/// changing the mesh.
fn refresh(mesh: &mut NavMesh, grid: &Grid, settings: &NavSettings) -> bool {
    let tiles = u64::from(mesh.tiles_x()) * u64::from(mesh.tiles_y());
    let before = bytes(mesh);
    let fresh = NavMesh::build_2d(grid, settings);
    match (mesh.refresh(grid), fresh) {
        (Ok(rebaked), Ok(fresh)) => {
            let most = tiles.max(u64::from(fresh.tiles_x()) * u64::from(fresh.tiles_y()));
            assert!(
                u64::from(rebaked) <= most,
                "{rebaked} tiles re-baked of {most}"
            );
            assert!(mesh.is_current(grid), "refresh leaves the mesh stale");
            assert!(
                bytes(mesh) == bytes(&fresh),
                "refresh differs from a fresh bake"
            );
            assert_eq!(mesh.content_hash(), fresh.content_hash());
            true
        }
        (Err(e), Err(_)) => {
            assert!(
                bytes(mesh) == before,
                "a refused refresh ({e}) changed the mesh"
            );
            false
        }
        (Ok(_), Err(e)) => panic!("refresh accepted a grid a fresh bake refuses ({e})"),
        (Err(e), Ok(_)) => panic!("refresh refused ({e}) a grid a fresh bake accepts"),
    }
}

/// The `navmesh_bake` body: never panics; asserts the properties in the module docs.
pub fn navmesh_bake(data: &[u8]) {
    let mut input = Input::new(data);
    let w = 1 + input.below(MAX_SIDE);
    let h = 1 + input.below(MAX_SIDE);
    let tile = tile_of(&mut input);
    let radius = radius_of(&mut input);
    let (ox, oy, s) = SPACES[input.below(SPACES.len() as u32) as usize];
    let area = input.u8();
    let mut grid = grid_of(&mut input, w, h);
    if let Ok(space) = GridSpace::new(ox, oy, s)
        && let Ok(g) = grid.clone().with_space(space)
    {
        grid = g;
    }
    let settings = NavSettings::DEFAULT
        .with_radius(radius)
        .with_tile_size(tile)
        .with_area(area);
    let Some(mut mesh) = build(&grid, &settings) else {
        return;
    };
    let r = radius / grid.space().cell_size();
    if let Err(e) = check_mesh(&mesh, &walkability(&grid), r, tile) {
        panic!("bake: {e}");
    }
    round_trip(&mesh);
    let mut ops = 0;
    while !input.is_empty() && ops < 24 {
        ops += 1;
        let (gw, gh) = (grid.width(), grid.height());
        let cell = |i: &mut Input<'_>| Cell::new(i.below(gw) as i32, i.below(gh) as i32);
        match input.u8() % 8 {
            0 => {
                let c = cell(&mut input);
                let _ = grid.set_area(c, WALL);
            }
            1 => {
                let c = cell(&mut input);
                let _ = grid.set_area(c, input.u8());
            }
            k @ (2 | 3) => {
                let x = i32::from(input.u8() as i8) % 26;
                let y = i32::from(input.u8() as i8) % 26;
                let (rw, rh) = (input.below(9), input.below(9));
                let a = if k == 2 { WALL } else { input.u8() % 4 };
                let _ = grid.set_rect(x, y, rw, rh, a);
            }
            4 => {
                let _ = grid.set_area_cost(input.u8() % 255, 0.5 + f64::from(input.u8() % 8));
            }
            5 => {
                refresh(&mut mesh, &grid, &settings);
            }
            6 => {
                // Another grid (another size, maybe another space): refresh bakes everything.
                let (nw, nh) = (1 + input.below(MAX_SIDE), 1 + input.below(MAX_SIDE));
                let keep_space = input.bool();
                let space = grid.space();
                grid = grid_of(&mut input, nw, nh);
                if keep_space && let Ok(g) = grid.clone().with_space(space) {
                    grid = g;
                }
                refresh(&mut mesh, &grid, &settings);
            }
            _ => {
                let c = cell(&mut input);
                let _ = grid.set_walkable(c, input.bool());
            }
        }
    }
    if refresh(&mut mesh, &grid, &settings) {
        let r = radius / grid.space().cell_size();
        if let Err(e) = check_mesh(&mesh, &walkability(&grid), r, tile) {
            panic!("after edits: {e}");
        }
    }
}
