//! Loading a benchmark map and its valid scenario lines.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use onepath::Grid;
use onepath_std::movingai::files::{read_map, read_scenarios};
use onepath_std::movingai::{MovingAiMap, MovingAiOptions, Scenario};

/// One query: node ids (`y * width + x`) and the published line it came from.
#[derive(Clone, Debug)]
pub struct Query {
    /// Start node.
    pub start: u32,
    /// Goal node.
    pub goal: u32,
    /// The scenario line.
    pub scenario: Scenario,
}

/// A map with its walkability and the queries to run on it.
pub struct BenchMap {
    /// `set/name` (e.g. `dao/arena2`).
    pub name: String,
    /// The parsed file.
    pub map: MovingAiMap,
    /// The core grid (area 0 walkable, 255 wall).
    pub grid: Grid,
    /// Row-major walkability.
    pub walkable: Vec<bool>,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Valid lines (both endpoints walkable, not the length-0 unreachable marker), sampled.
    pub queries: Vec<Query>,
    /// Lines skipped as invalid.
    pub skipped: usize,
    /// Time to read and parse both files and build the grid.
    pub load_time: Duration,
}

/// Loads `<dir>/<name>.map` and `<dir>/<name>.map.scen`, taking every `every`-th line.
///
/// # Errors
///
/// A message naming the file.
pub fn load_map(dir: &Path, name: &str, every: usize) -> Result<BenchMap, String> {
    let t = Instant::now();
    let map_path: PathBuf = dir.join(format!("{name}.map"));
    let scen_path: PathBuf = dir.join(format!("{name}.map.scen"));
    let map = read_map(&map_path, &MovingAiOptions::DEFAULT).map_err(|e| e.to_string())?;
    let scen = read_scenarios(&scen_path).map_err(|e| e.to_string())?;
    let grid = map.to_grid().map_err(|e| e.to_string())?;
    let walkable = map.walkable();
    let (width, height) = (map.width(), map.height());
    let mut queries = Vec::new();
    let mut skipped = 0;
    for s in scen.scenarios().iter().step_by(every.max(1)) {
        let ok = map.is_walkable(s.start_x, s.start_y)
            && map.is_walkable(s.goal_x, s.goal_y)
            && !s.is_unreachable_marker()
            && (s.map_width, s.map_height) == (width, height);
        if ok {
            queries.push(Query {
                start: s.start_y * width + s.start_x,
                goal: s.goal_y * width + s.goal_x,
                scenario: s.clone(),
            });
        } else {
            skipped += 1;
        }
    }
    let set = dir
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    Ok(BenchMap {
        name: format!("{set}/{name}"),
        map,
        grid,
        walkable,
        width,
        height,
        queries,
        skipped,
        load_time: t.elapsed(),
    })
}
