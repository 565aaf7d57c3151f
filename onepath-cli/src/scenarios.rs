//! Turning `<files or folders>` into per-map work: which scenario lines run, on which map, in
//! which benchmark set, and how each line is classified before any search.

use std::path::{Path, PathBuf};

use onepath_std::movingai::files::{
    LoadError, collect_scenario_files, group_by_map, map_path_for, read_scenarios, set_name,
};
use onepath_std::movingai::{MovingAiMap, Scenario};

/// Sets whose published lengths do not follow the no-corner-cutting convention everywhere
/// (the maps were edited after the scenarios were made; see `../shared/data/README.md`):
/// their mismatches are reported as a loose check and never fail a run.
pub const LOOSE_SETS: &[&str] = &["wc3maps512"];

/// Which lines of each scenario file to take.
#[derive(Clone, Copy, Debug)]
pub struct Sampling {
    /// Every K-th line of each file (lines J, J + K, J + 2K, … in file order, J = `offset`);
    /// 1 takes all.
    pub every: usize,
    /// The first line taken (0-based), below `every`: offsets 0 … K − 1 split a file into K
    /// disjoint parts.
    pub offset: usize,
    /// At most this many lines per file, after `every`.
    pub limit: Option<usize>,
}

impl Sampling {
    /// The lines this sampling takes from `lines` (one file's, in file order): from line
    /// `offset`, every `every`-th, at most `limit`. The one place `optima` and `bench`
    /// (square and voxel) pick their lines.
    pub fn pick<T>(self, lines: impl Iterator<Item = T>) -> impl Iterator<Item = T> {
        lines
            .skip(self.offset)
            .step_by(self.every.max(1))
            .take(self.limit.unwrap_or(usize::MAX))
    }
}

/// How `sampling` picks lines, for report headers: "every line", "one line in 8 from line 3",
/// with ", at most N per file" when limited.
pub fn describe(sampling: Sampling) -> String {
    let every = match sampling.every {
        1 => "every line".to_owned(),
        k => format!("one line in {k}"),
    };
    let limit = sampling
        .limit
        .map_or(String::new(), |n| format!(", at most {n} per file"));
    format!("{every}{}{limit}", from_line(sampling))
}

/// " from line J" when the sampling starts past line 0 (`--offset`), else nothing.
pub fn from_line(sampling: Sampling) -> String {
    if sampling.offset == 0 {
        String::new()
    } else {
        format!(" from line {}", sampling.offset)
    }
}

/// The scenarios of one scenario file that name one map.
#[derive(Clone, Debug)]
pub struct MapJob {
    /// The scenario file.
    pub scen_path: PathBuf,
    /// Its benchmark set (folder name).
    pub set: String,
    /// The map file.
    pub map_path: PathBuf,
    /// Lines in the file for this map before sampling.
    pub lines_in_file: usize,
    /// The sampled scenarios, in file order.
    pub scenarios: Vec<Scenario>,
}

impl MapJob {
    /// Whether this job's set is checked loosely.
    pub fn is_loose(&self) -> bool {
        LOOSE_SETS.contains(&self.set.as_str())
    }
}

/// The work `paths` name: per-map jobs, and the scenario files that had no scenario line.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Per-map jobs, in path order.
    pub jobs: Vec<MapJob>,
    /// Scenario files with no scenario line (only the version header), in path order.
    pub empty_files: Vec<PathBuf>,
}

impl Plan {
    /// Why there is nothing to run, or `None` when some file has a scenario line.
    pub fn nothing_found(&self) -> Option<String> {
        if !self.jobs.is_empty() {
            return None;
        }
        Some(match self.empty_files.as_slice() {
            [] => "no scenario files (*.scen) found under the given paths".to_owned(),
            [only] => format!(
                "{}: no scenario lines (only the version header), so nothing to check",
                only.display()
            ),
            many => {
                let names: Vec<String> = many
                    .iter()
                    .take(5)
                    .map(|p| p.display().to_string())
                    .collect();
                format!(
                    "none of the {} scenario files found has a scenario line (only version \
                     headers), so nothing to check: {}{}",
                    many.len(),
                    names.join(", "),
                    if many.len() > 5 { ", …" } else { "" }
                )
            }
        })
    }
}

/// Reads every scenario file under `paths` and splits it into per-map jobs, in path order.
///
/// # Errors
///
/// The first file that cannot be read or parsed, or a map that is not next to its scenarios.
pub fn plan<P: AsRef<Path>>(paths: &[P], sampling: Sampling) -> Result<Plan, LoadError> {
    let mut plan = Plan::default();
    for scen_path in collect_scenario_files(paths)? {
        let scen = read_scenarios(&scen_path)?;
        if scen.is_empty() {
            plan.empty_files.push(scen_path);
            continue;
        }
        let set = set_name(&scen_path);
        let all = scen.into_scenarios();
        for (name, indices) in group_by_map(&all) {
            let map_path = map_path_for(&scen_path, &name)?;
            let lines_in_file = indices.len();
            let picked = sampling
                .pick(indices.iter())
                .map(|&i| all[i].clone())
                .collect();
            plan.jobs.push(MapJob {
                scen_path: scen_path.clone(),
                set: set.clone(),
                map_path,
                lines_in_file,
                scenarios: picked,
            });
        }
    }
    Ok(plan)
}

/// What a scenario line is before any search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// A line to search and compare.
    Check,
    /// The start or goal is not walkable on the map (counted, not searched).
    BlockedEndpoint,
    /// Length 0 with start ≠ goal: the benchmark's "unreachable" marker (counted, not searched).
    UnreachableMarker,
    /// The width or height the line states differs from the map's (counted, not searched).
    SizeMismatch,
}

/// Classifies a line against its map.
pub fn classify(map: &MovingAiMap, s: &Scenario) -> LineKind {
    if (s.map_width, s.map_height) != (map.width(), map.height()) {
        LineKind::SizeMismatch
    } else if !map.is_walkable(s.start_x, s.start_y) || !map.is_walkable(s.goal_x, s.goal_y) {
        LineKind::BlockedEndpoint
    } else if s.is_unreachable_marker() {
        LineKind::UnreachableMarker
    } else {
        LineKind::Check
    }
}

/// Node ids (`y * width + x`) of a classified line's endpoints.
pub fn endpoints(map: &MovingAiMap, s: &Scenario) -> (u32, u32) {
    let w = map.width();
    (s.start_y * w + s.start_x, s.goal_y * w + s.goal_x)
}

/// The default data: `../shared/data/movingai` next to the repository (or `$ONEPATH_DATA`).
pub fn default_paths() -> Option<Vec<PathBuf>> {
    onepath_std::data::movingai_dir().map(|d| vec![d])
}
