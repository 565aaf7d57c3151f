//! The Moving AI side shared by the navmesh suites on real maps (`navmesh_movingai.rs`,
//! `navmesh_polyanya_movingai.rs`): loading a map and its scenarios into a baked mesh, the
//! peers harness's scenario filter and its dumped lengths, the published optimum's tolerance,
//! and the full-run switch.

use onepath::Grid;
use onepath::navmesh::{NavMesh, NavSettings};
use onepath_std::data::movingai_dir;
use onepath_std::movingai::files::{map_path_for, read_map, read_scenarios};
use onepath_std::movingai::{MovingAiMap, MovingAiOptions, MovingAiScenarios, Scenario};

/// One more map of each set the issues name (dao, bg512, room, maze, sc1), beside the
/// peers harness's maps.
pub const SAMPLES: [&str; 5] = [
    "dao/arena",
    "bg512/AR0012SR",
    "room/16room_000",
    "maze/maze512-1-0",
    "sc1/Aurora",
];

/// A Moving AI map with its scenarios, its grid, the walkable cells and the engine's bake at
/// radius 0 (`NavSettings::DEFAULT`).
pub struct MapCase {
    pub scen: MovingAiScenarios,
    pub map: MovingAiMap,
    pub grid: Grid,
    pub walkable: Vec<bool>,
    pub mesh: NavMesh,
}

impl MapCase {
    /// The scenario lines.
    pub fn lines(&self) -> &[Scenario] {
        self.scen.scenarios()
    }

    /// Whether cell `(x, y)` is inside the map and walkable (the exact legality test's set).
    pub fn is_set(&self, x: i64, y: i64) -> bool {
        let (w, h) = (i64::from(self.grid.width()), i64::from(self.grid.height()));
        x >= 0 && y >= 0 && x < w && y < h && self.walkable[(y * w + x) as usize]
    }
}

/// Loads `name` (`set/map`, e.g. `dao/arena2`) and bakes it, or `None` with a printed
/// `skipped:` line (naming `suite`) when the data or the scenario file is missing.
pub fn load_map(suite: &str, name: &str) -> Option<MapCase> {
    let Some(dir) = movingai_dir() else {
        eprintln!("skipped: {suite}: Moving AI data not found (../shared/data/movingai)");
        return None;
    };
    let scen_path = dir.join(format!("{name}.map.scen"));
    if !scen_path.is_file() {
        eprintln!("skipped: {suite}: {} is missing", scen_path.display());
        return None;
    }
    let scen = read_scenarios(&scen_path).expect("a valid scenario file");
    let map_name = scen.scenarios()[0].map_name().to_owned();
    let map_path = map_path_for(&scen_path, &map_name).expect("the map file");
    let map = read_map(&map_path, &MovingAiOptions::DEFAULT).expect("a valid map");
    let grid = map.to_grid().expect("a grid");
    let mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT).expect("a bake");
    let walkable: Vec<bool> = grid.cells().iter().map(|&a| a != 255).collect();
    Some(MapCase {
        scen,
        map,
        grid,
        walkable,
        mesh,
    })
}

/// The peers harness's filter: both endpoints walkable and not the unreachable marker. Its
/// dumped lengths have one line per such scenario line.
pub fn harness_valid(map: &MovingAiMap, s: &Scenario) -> bool {
    map.is_walkable(s.start_x, s.start_y)
        && map.is_walkable(s.goal_x, s.goal_y)
        && !s.is_unreachable_marker()
}

/// The GPPC 2023 C++ Polyanya lengths the peers harness dumped for this map
/// (`$PEERS_NAV_WORK/navmesh/SET_MAP/FILE`, default `/tmp/onepath-peers-nav`; the first of
/// `files` that exists), one per [`harness_valid`] line, with the file's name; `None`
/// (printed) when absent or not lining up.
pub fn harness_lengths(
    name: &str,
    map: &MovingAiMap,
    lines: &[Scenario],
    files: &[&'static str],
) -> Option<(&'static str, Vec<f64>)> {
    let work = std::env::var("PEERS_NAV_WORK").unwrap_or_else(|_| "/tmp/onepath-peers-nav".into());
    let dir = std::path::Path::new(&work)
        .join("navmesh")
        .join(name.replace('/', "_"));
    let Some((file, text)) = files
        .iter()
        .find_map(|&f| std::fs::read_to_string(dir.join(f)).ok().map(|t| (f, t)))
    else {
        eprintln!(
            "{name}: no C++ Polyanya lengths ({} in {} absent; run ../shared/peers-nav/run.sh navmesh {name})",
            files.join(" or "),
            dir.display()
        );
        return None;
    };
    let v: Vec<f64> = text.lines().filter_map(|l| l.trim().parse().ok()).collect();
    let valid = lines.iter().filter(|s| harness_valid(map, s)).count();
    if v.len() != valid {
        eprintln!(
            "{name}: C++ Polyanya lengths skipped: {} lengths in {file} for {valid} valid lines",
            v.len()
        );
        return None;
    }
    Some((file, v))
}

/// Whether `length` is within the published 8-connected optimum: 1e-9 relative plus the
/// file's printed precision (`Scenario::length_tolerance`: the published lengths are rounded,
/// so a path equal to the optimum may exceed the rounded figure by half a unit of its last
/// digit).
pub fn within_optimum(length: f64, s: &Scenario) -> bool {
    length <= s.optimal_length * (1.0 + 1e-9) + s.length_tolerance()
}

/// `ONEPATH_NAVMESH_FULL=1`: read every line.
pub fn full() -> bool {
    std::env::var("ONEPATH_NAVMESH_FULL").is_ok_and(|v| v == "1")
}
