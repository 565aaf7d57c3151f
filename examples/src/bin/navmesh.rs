//! A first day with the navigation mesh (`onepath::navmesh`, contract in `docs/navmesh.md`):
//! bake a mesh from a small grid, locate points, find a straight path and print its
//! waypoints; wall off a doorway, `refresh` the mesh (only the touched tiles are re-baked) and
//! watch the path change; bake for a wider agent; save a corridor search half-way and finish
//! it in another handle; then the CLI's bundled 64 × 48 map. Every step checks its result and
//! the program exits non-zero when a check fails.
use std::process::ExitCode;

use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings};
use onepath::{Cell, Grid, GridOptions, GridSpace, NavPath, PathStatus, Step, WorldPoint};

/// The map `onepath path` runs on without `--map`.
const BUNDLED: &str = include_str!("../../../onepath-cli/src/default_map.txt");

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("navmesh: {e}");
            ExitCode::FAILURE
        }
    }
}

fn check(ok: bool, what: &str) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("check failed: {what}"))
    }
}

fn print_path(label: &str, mesh: &NavMesh, path: &NavPath) {
    println!(
        "{label}: {:?}, {} waypoints, length {:.4} world units ({} iterations, corridor of {} polygons)",
        path.status,
        path.waypoints.len(),
        path.world_length(mesh),
        path.iterations,
        path.corridor.len()
    );
    for (w, p) in path.waypoints.iter().zip(path.world_points(mesh)) {
        println!(
            "  ({:7.3}, {:7.3})  in polygon {} (corridor index {})",
            p.x, p.y, w.polygon, w.corridor_index
        );
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    // A room with two doorways (columns 7 and 12 of row 6) in a hall; cells are 0.5 world
    // units wide and the map's corner is at world (-4, 2). Grid row y is the mesh's y axis
    // (world Z in 3D; a 2D game reads it as its y).
    let mut grid = Grid::from_text(
        "....................\n\
         ....................\n\
         ...############.....\n\
         ...#..........#.....\n\
         ...#..........#.....\n\
         ...#..........#.....\n\
         ...####.####.##.....\n\
         ....................",
    )?
    .with_space(GridSpace::new(-4.0, 2.0, 0.5)?)?;
    let mesh_of = |grid: &Grid, settings: &NavSettings| NavMesh::build_2d(grid, settings);
    let mut mesh = mesh_of(&grid, &NavSettings::DEFAULT.with_tile_size(8))?;
    println!(
        "baked {} polygons in {} of {} × {} tiles (8 × 8 cells), content hash {:#018x}",
        mesh.poly_count(),
        mesh.tile_count(),
        mesh.tiles_x(),
        mesh.tiles_y(),
        mesh.content_hash()
    );
    check(
        mesh.tile_count() == 3,
        "the walkable cells reach all 3 × 1 tiles",
    )?;

    // Locating: a world point becomes a fixed-point mesh point, then a polygon.
    let start = WorldPoint::new(-3.75, 2.25); // the hall's corner cell
    let goal = WorldPoint::new(0.25, 4.25); // cell (8, 4), inside the room
    let p = mesh.to_nav_point(start)?;
    check(
        p == NavPoint::cell_center(Cell::new(0, 0)),
        "start is cell (0, 0)'s centre",
    )?;
    let poly = mesh.locate(p).ok_or("the start is on the mesh")?;
    println!("start {start:?} is mesh point {p:?} in polygon {poly}");
    let wall = mesh.to_nav_point(WorldPoint::new(-2.25, 3.25))?; // cell (3, 2), a wall
    check(mesh.locate(wall).is_none(), "a wall cell is on no polygon")?;
    let (snapped, _) = mesh.nearest(wall, 2.0).ok_or("a polygon within 2 cells")?;
    println!(
        "the nearest mesh point to the wall cell is {:?}",
        mesh.to_world(snapped)
    );
    check(
        mesh.to_nav_point(WorldPoint::new(f64::NAN, 0.0)).is_err(),
        "NaN is refused",
    )?;

    // The shortest path (the default algorithm, Polyanya, then the funnel over its corridor).
    let path = mesh.find_path(start, goal)?;
    print_path("path into the room", &mesh, &path);
    check(path.status == PathStatus::Found, "a path into the room")?;
    let ends = path.world_points(&mesh);
    check(
        ends.first() == Some(&start) && ends.last() == Some(&goal),
        "path endpoints",
    )?;
    let direct = f64::hypot(goal.x - start.x, goal.y - start.y);
    check(
        path.world_length(&mesh) >= direct,
        "never shorter than the straight line",
    )?;
    let cells = grid.find_path(Cell::new(0, 0), Cell::new(8, 4), &GridOptions::DEFAULT)?;
    check(
        path.world_length(&mesh) <= cells.cost * 0.5 + 1e-9,
        "never longer than the 8-connected grid path",
    )?;
    let first = path.clone();

    // An edit: the left doorway is walled up. `refresh` re-bakes only the tiles the edit
    // reaches and is byte-equal to a fresh bake.
    grid.set_area(Cell::new(7, 6), 255)?;
    check(!mesh.is_current(&grid), "the mesh is stale after the edit")?;
    let rebaked = mesh.refresh(&grid)?;
    let fresh = mesh_of(&grid, &NavSettings::DEFAULT.with_tile_size(8))?;
    println!("walled the left doorway: {rebaked} tile(s) re-baked");
    check(
        (1..3).contains(&rebaked),
        "only the touched tiles are re-baked",
    )?;
    check(
        mesh.content_hash() == fresh.content_hash(),
        "refresh = a fresh bake",
    )?;
    let around = mesh.find_path(start, goal)?;
    print_path("path through the right doorway", &mesh, &around);
    check(
        around.status == PathStatus::Found,
        "the right doorway is still open",
    )?;
    check(
        around.world_length(&mesh) > first.world_length(&mesh),
        "the detour is longer",
    )?;
    grid.set_area(Cell::new(12, 6), 255)?;
    mesh.refresh(&grid)?;
    let sealed = mesh.find_path(start, goal)?;
    println!("both doorways walled: {:?}", sealed.status);
    check(
        sealed.status == PathStatus::NoPath,
        "the sealed room is unreachable",
    )?;
    grid.set_area(Cell::new(7, 6), 0)?;
    mesh.refresh(&grid)?;

    // A wider agent: radius 0.5 world units is one cell here, so the mesh keeps one cell away
    // from every wall and from the border; the one-cell doorway is too narrow for it.
    let wide = mesh_of(
        &grid,
        &NavSettings::DEFAULT.with_radius(0.5).with_tile_size(8),
    )?;
    println!(
        "radius 0.5: {} polygons (radius 0: {})",
        wide.poly_count(),
        mesh.poly_count()
    );
    check(wide.poly_count() > 0, "the wide agent has room in the hall")?;
    let hall = WorldPoint::new(-3.25, 2.75); // cell (1, 1): one cell from the border and walls
    let inside = WorldPoint::new(0.25, 4.25); // cell (8, 4), in the room
    check(
        wide.locate(wide.to_nav_point(hall)?).is_some(),
        "the hall cell is kept",
    )?;
    let wide_path = wide.find_path(hall, inside)?;
    println!("wide agent into the room: {:?}", wide_path.status);
    check(
        wide_path.status == PathStatus::NoPath,
        "the doorway is too narrow",
    )?;

    // A corridor search spread over ticks, saved half-way and finished in another handle
    // (a rollback, a late-joining peer): the result equals the uninterrupted one.
    let (a, b) = (mesh.to_nav_point(start)?, mesh.to_nav_point(goal)?);
    let reference = mesh.find_path_points(a, b);
    let mut search = NavSearch::new();
    check(
        search.try_begin(&mesh, a, b) == Step::InProgress,
        "the search begins",
    )?;
    let _ = search.step(&mesh, 2);
    // A buffer sized once for the mesh (no allocation per save afterwards).
    let mut buffer = vec![0u8; NavSearch::max_state_size(&mesh)];
    let n = search.save_state(&mesh, &mut buffer)?;
    let saved = &buffer[..n];
    let mut resumed = NavSearch::new();
    resumed.restore_state(&mesh, saved)?;
    check(
        resumed.run(&mesh) == Step::Found,
        "the restored search finds the goal",
    )?;
    println!(
        "saved a search after 2 pops ({} bytes), finished it elsewhere: {} waypoints, length {:.4} cells",
        saved.len(),
        resumed.waypoints().len(),
        resumed.length().unwrap_or(f64::NAN)
    );
    check(
        resumed.waypoints() == reference.waypoints.as_slice(),
        "same waypoints",
    )?;
    check(
        resumed.length().map(f64::to_bits) == Some(reference.length.to_bits()),
        "same length, bit for bit",
    )?;

    // The mesh itself travels as its inputs (kind 16): a peer bakes it again and checks the
    // content hash.
    let mut mesh_bytes = vec![0u8; NavMesh::max_state_size(mesh.width(), mesh.height())];
    let n = mesh.save_state(&mut mesh_bytes)?;
    mesh_bytes.truncate(n);
    let mut peer = mesh_of(&Grid::new(2, 2)?, &NavSettings::DEFAULT)?;
    peer.restore_state(&mesh_bytes)?;
    check(
        peer.content_hash() == mesh.content_hash(),
        "the peer's mesh is the same",
    )?;
    println!(
        "mesh snapshot: {} bytes, restored by re-baking",
        mesh_bytes.len()
    );

    bundled()
}

/// The CLI's bundled map: radius 0 and 0.5, from the north-west hall to the south-east cave.
fn bundled() -> Result<(), Box<dyn std::error::Error>> {
    let grid = Grid::from_text(BUNDLED)?;
    let (from, to) = (Cell::new(3, 3), Cell::new(58, 43));
    let octile = grid.find_path(from, to, &GridOptions::DEFAULT)?;
    let (a, b) = (NavPoint::cell_center(from), NavPoint::cell_center(to));
    let thin = NavMesh::build_2d(&grid, &NavSettings::DEFAULT)?;
    let path = thin.find_path_points(a, b);
    println!(
        "bundled map, radius 0: {} polygons in {} tiles, {:?}, {} waypoints, length {:.4} cells (8-connected A*: {:.4})",
        thin.poly_count(),
        thin.tile_count(),
        path.status,
        path.waypoints.len(),
        path.length,
        octile.cost
    );
    check(path.status == PathStatus::Found, "the bundled map's path")?;
    // At radius 0 the mesh covers every walkable square, so the any-angle path is never
    // longer than the 8-connected one (whose moves cut no corner).
    check(
        path.length <= octile.cost + 1e-9 * octile.cost,
        "never longer than the 8-connected optimum",
    )?;
    // Radius 0.5 cell drops every cell that touches a wall: two-cell corridors close, so the
    // cave may be out of reach; whatever it finds is never shorter.
    let wide = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_radius(0.5))?;
    let far = wide.find_path_points(a, b);
    println!(
        "bundled map, radius 0.5: {} polygons, {:?} (length {:.4})",
        wide.poly_count(),
        far.status,
        far.length
    );
    check(
        wide.poly_count() < thin.poly_count(),
        "erosion leaves fewer polygons",
    )?;
    check(
        far.status != PathStatus::Found || far.length >= path.length,
        "never shorter",
    )?;
    Ok(())
}
