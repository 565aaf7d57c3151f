//! 3D paths for a flying agent: a voxel block built in code, then a Warframe level from the
//! Moving AI voxel benchmark (`voxel/Complex.3dmap` in the shared data) loaded with
//! `onepath-std`.
//!
//! The built block is a hall with a wall across it, one window in the wall, and smoke near the
//! floor that costs five times as much to fly through. The drone's path is found in one call
//! (`VoxelGrid::find_path`) and again spread over ticks with a kept `VoxelSearch`; the two must
//! agree. Every path is checked move by move against the benchmark's rule (26 moves, no corner
//! cutting: every voxel of the move's box open) and its cost re-added from its steps; on the
//! Warframe level the costs must also match the published optimal lengths.
//!
//! Without the shared data the Warframe part prints `skipped: …`.
//!
//! Run: `cargo run --release -p onepath-examples --bin voxel`

use onepath::math::{SQRT2, SQRT3};
use onepath::search::Step;
use onepath::{PathStatus, VoxelCell, VoxelGrid, VoxelOptions, VoxelPath, VoxelSearch};
use onepath_std::data::voxel_dir;
use onepath_std::voxel_files::{read_3dmap, read_3dscen};

/// Checks that `path` runs from `start` to `goal` by legal 26-connected moves without corner
/// cutting, and that its steps, priced `length * (m[from] + m[to]) / 2` and added in path
/// order, give `path.cost` bit for bit.
fn check_path(grid: &VoxelGrid, path: &VoxelPath, start: VoxelCell, goal: VoxelCell) {
    assert_eq!(
        path.status,
        PathStatus::Found,
        "no path {start:?} -> {goal:?}"
    );
    assert_eq!(
        path.cells.first(),
        Some(&start),
        "the path must begin at the start"
    );
    assert_eq!(
        path.cells.last(),
        Some(&goal),
        "the path must end at the goal"
    );
    let multiplier = |c: VoxelCell| grid.areas().get(grid.area(c).expect("inside"));
    let mut sum = 0.0;
    for w in path.cells.windows(2) {
        let (a, b) = (w[0], w[1]);
        let d = [b.x - a.x, b.y - a.y, b.z - a.z];
        assert!(
            d.iter().all(|v| v.abs() <= 1) && d != [0, 0, 0],
            "{a:?} -> {b:?} is no move"
        );
        // No corner cutting: every voxel of the move's box (start and end included) is open.
        for ox in [0, d[0]] {
            for oy in [0, d[1]] {
                for oz in [0, d[2]] {
                    let c = VoxelCell::new(a.x + ox, a.y + oy, a.z + oz);
                    assert!(
                        grid.is_walkable(c),
                        "{a:?} -> {b:?} cuts through solid {c:?}"
                    );
                }
            }
        }
        let length = [1.0, SQRT2, SQRT3][d.iter().filter(|&&v| v != 0).count() - 1];
        sum += length * ((multiplier(a) + multiplier(b)) * 0.5);
    }
    assert_eq!(
        sum.to_bits(),
        path.cost.to_bits(),
        "path cost != sum of its steps"
    );
}

/// A 48 × 48 × 24 hall: a wall at x = 24 with a 4 × 4 window, smoke (area 3, cost 5) over
/// the floor on one side.
fn hall() -> Result<VoxelGrid, onepath::voxel::VoxelError> {
    let mut grid = VoxelGrid::new(48, 48, 24)?;
    for y in 0..48 {
        for z in 0..24 {
            let window = (30..34).contains(&y) && (10..14).contains(&z);
            grid.set_walkable(VoxelCell::new(24, y, z), window)?;
        }
    }
    grid.set_area_cost(3, 5.0)?;
    for x in 26..48 {
        for y in 0..48 {
            for z in 0..6 {
                grid.set_area(VoxelCell::new(x, y, z), 3)?;
            }
        }
    }
    Ok(grid)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let grid = hall()?;
    let (start, goal) = (VoxelCell::new(2, 2, 1), VoxelCell::new(45, 45, 1));
    let path = grid.find_path(start, goal, &VoxelOptions::DEFAULT);
    check_path(&grid, &path, start, goal);
    assert!(
        path.cells
            .iter()
            .any(|c| c.x == 24 && (30..34).contains(&c.y)),
        "the path must pass the window"
    );
    // The goal is on the smoky floor: the drone flies over the smoke and drops at the end.
    let in_smoke = path
        .cells
        .iter()
        .filter(|&&c| grid.area(c) == Some(3))
        .count();
    assert!(
        in_smoke <= 6,
        "{in_smoke} voxels of smoke: the path should fly over it"
    );
    println!(
        "hall: {} voxels ({in_smoke} in smoke), cost {:.4}, {} expansions, window at {:?}",
        path.cells.len(),
        path.cost,
        path.expansions,
        path.cells
            .iter()
            .find(|c| c.x == 24)
            .expect("crosses the wall")
    );

    // The same search spread over ticks: 500 iterations a tick, the handle kept between them.
    let mut search = VoxelSearch::new(VoxelOptions::DEFAULT);
    assert_eq!(search.start(&grid, start, goal), Step::InProgress);
    let mut ticks = 1;
    while search.step(&grid, 500)? == Step::InProgress {
        ticks += 1;
    }
    assert_eq!(
        search.to_path(),
        path,
        "sliced search differs from find_path"
    );
    println!("hall: the same path over {ticks} ticks of 500 iterations");

    // A Warframe level from the benchmark, with its published optimal lengths.
    let Some(dir) = voxel_dir().filter(|d| d.join("Complex.3dmap").is_file()) else {
        println!("skipped: voxel: voxel/Complex.3dmap not found (shared data absent)");
        return Ok(());
    };
    let map = read_3dmap(&dir.join("Complex.3dmap"))?;
    let scen = read_3dscen(&dir.join("Complex.3dmap.3dscen"))?;
    let level = map.to_grid();
    let cell = |(x, y, z): (u32, u32, u32)| VoxelCell::new(x as i32, y as i32, z as i32);
    let (mut count, mut expansions) = (0, 0u64);
    // Every 500th of the 10,000 scenarios.
    for s in scen.scenarios.iter().step_by(500) {
        let (a, b) = (cell(s.start), cell(s.goal));
        let path = level.find_path(a, b, &VoxelOptions::DEFAULT);
        check_path(&level, &path, a, b);
        assert!(
            (path.cost - s.length).abs() <= 1e-6 * s.length.max(1.0),
            "line {}: cost {} != published {}",
            s.line,
            path.cost,
            s.length
        );
        count += 1;
        expansions += u64::from(path.expansions);
    }
    println!(
        "{}: {:?} voxels, {} solid; {count} scenarios legal and equal to the published \
         lengths, {} expansions on average",
        scen.map,
        map.size,
        map.solids.len(),
        expansions / count
    );
    Ok(())
}
