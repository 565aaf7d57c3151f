//! Reading Moving AI files from disk: one map, one scenario file, every scenario file under a
//! folder, and the map a scenario names.
//!
//! A tool that takes maps of several formats should hand every file whose name ends in `.map`
//! (any letter case, [`is_map_path`]) to [`read_map`], whatever its first bytes are, so a
//! malformed Moving AI map gets the `.map` parser's message rather than another format's; for
//! other names [`MovingAiMap::looks_like_map`] tells by content.
//!
//! Each benchmark scenario file sits next to its map as `<map>.map.scen`, and scenarios name
//! their map with folders that do not match any local layout (`maps/dao/arena2.map`), so maps
//! are found by the **basename** of the scenario's map field, in the scenario file's folder.

use core::fmt;
use std::io;
use std::path::{Path, PathBuf};

use super::{GridFormatError, MovingAiMap, MovingAiOptions, MovingAiScenarios, Scenario};

/// Why a file could not be loaded.
///
/// # Examples
///
/// ```
/// use onepath_std::movingai::MovingAiOptions;
/// use onepath_std::movingai::files::{LoadError, read_map};
/// let e = read_map(std::path::Path::new("no/such/file.map"), &MovingAiOptions::DEFAULT).unwrap_err();
/// assert!(matches!(e, LoadError::Io { .. }));
/// assert!(e.to_string().contains("no/such/file.map")); // names the file
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum LoadError {
    /// Reading the file or listing the folder failed.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The underlying error.
        error: io::Error,
    },
    /// The file was read but is malformed.
    Format {
        /// The file.
        path: PathBuf,
        /// The line and what was wrong.
        error: GridFormatError,
    },
    /// No map file of the scenario's basename exists next to the scenario file.
    MapNotFound {
        /// The scenario file.
        scenarios: PathBuf,
        /// The map name the scenario gives.
        map: String,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io { path, error } => write!(f, "{}: {error}", path.display()),
            Self::Format { path, error } => write!(f, "{}: {error}", path.display()),
            Self::MapNotFound { scenarios, map } => write!(
                f,
                "{}: map `{map}` not found next to the scenario file",
                scenarios.display()
            ),
        }
    }
}

impl core::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Io { error, .. } => Some(error),
            Self::Format { error, .. } => Some(error),
            Self::MapNotFound { .. } => None,
        }
    }
}

fn read(path: &Path) -> Result<Vec<u8>, LoadError> {
    std::fs::read(path).map_err(|error| LoadError::Io {
        path: path.to_path_buf(),
        error,
    })
}

/// Reads and parses a `.map` file.
///
/// # Errors
///
/// [`LoadError::Io`] if it cannot be read, [`LoadError::Format`] if it is malformed.
pub fn read_map(path: &Path, options: &MovingAiOptions) -> Result<MovingAiMap, LoadError> {
    MovingAiMap::parse(read(path)?, options).map_err(|error| LoadError::Format {
        path: path.to_path_buf(),
        error,
    })
}

/// Whether `path` names a Moving AI map by its extension: `.map` in any letter case.
///
/// # Examples
///
/// ```
/// use std::path::Path;
/// use onepath_std::movingai::files::is_map_path;
///
/// assert!(is_map_path(Path::new("maps/arena2.map")) && is_map_path(Path::new("A.MAP")));
/// assert!(!is_map_path(Path::new("arena2.map.scen")) && !is_map_path(Path::new("map")));
/// ```
pub fn is_map_path(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("map"))
}

/// Reads and parses a `.scen` file. A file with only its version line gives an empty list;
/// [`read_non_empty_scenarios`] refuses it instead.
///
/// # Errors
///
/// [`LoadError::Io`] if it cannot be read, [`LoadError::Format`] if it is malformed.
pub fn read_scenarios(path: &Path) -> Result<MovingAiScenarios, LoadError> {
    MovingAiScenarios::parse(read(path)?).map_err(|error| LoadError::Format {
        path: path.to_path_buf(),
        error,
    })
}

/// Reads and parses a `.scen` file that must hold at least one scenario line.
///
/// # Errors
///
/// As [`read_scenarios`], and [`LoadError::Format`] with
/// [`GridFormatErrorKind::NoScenarios`](super::GridFormatErrorKind::NoScenarios) (shown as
/// `<path>: line 2: no scenario lines after the `version` line`) when the file has none.
pub fn read_non_empty_scenarios(path: &Path) -> Result<MovingAiScenarios, LoadError> {
    read_scenarios(path)?
        .non_empty()
        .map_err(|error| LoadError::Format {
            path: path.to_path_buf(),
            error,
        })
}

/// The map file a scenario of `scenarios_path` names: `map_name`'s basename in the scenario
/// file's folder, or failing that the scenario file's own name without `.scen`.
///
/// # Errors
///
/// [`LoadError::MapNotFound`] when neither file exists.
pub fn map_path_for(scenarios_path: &Path, map_name: &str) -> Result<PathBuf, LoadError> {
    let base = map_name.rsplit(['/', '\\']).next().unwrap_or(map_name);
    let dir = scenarios_path.parent().unwrap_or_else(|| Path::new("."));
    let by_name = dir.join(base);
    if by_name.is_file() {
        return Ok(by_name);
    }
    if let Some(stem) = scenarios_path
        .to_str()
        .and_then(|s| s.strip_suffix(".scen"))
        .map(PathBuf::from)
        && stem.is_file()
    {
        return Ok(stem);
    }
    Err(LoadError::MapNotFound {
        scenarios: scenarios_path.to_path_buf(),
        map: map_name.to_owned(),
    })
}

/// The benchmark set a scenario file belongs to: the name of its folder (`dao` for
/// `…/movingai/dao/arena2.map.scen`), or `.` when it has none.
pub fn set_name(scenarios_path: &Path) -> String {
    scenarios_path
        .parent()
        .and_then(Path::file_name)
        .map_or_else(|| ".".to_owned(), |n| n.to_string_lossy().into_owned())
}

/// Every 2D scenario file (`*.scen`, not `*.3dscen`) named by `paths`: a file is taken as it
/// is (a `.map` file stands for its `<map>.scen` neighbour); a folder is searched recursively.
/// The result is sorted by path, without duplicates, so runs are repeatable.
///
/// # Errors
///
/// [`LoadError::Io`] when a path does not exist or a folder cannot be listed.
pub fn collect_scenario_files<P: AsRef<Path>>(paths: &[P]) -> Result<Vec<PathBuf>, LoadError> {
    let mut out = Vec::new();
    for path in paths {
        let path = path.as_ref();
        let meta = std::fs::metadata(path).map_err(|error| LoadError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        if meta.is_dir() {
            walk(path, &mut out)?;
        } else if path.extension().is_some_and(|e| e == "map") {
            let mut scen = path.as_os_str().to_owned();
            scen.push(".scen");
            out.push(PathBuf::from(scen));
        } else {
            out.push(path.to_path_buf());
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), LoadError> {
    let io_err = |error| LoadError::Io {
        path: dir.to_path_buf(),
        error,
    };
    for entry in std::fs::read_dir(dir).map_err(io_err)? {
        let path = entry.map_err(io_err)?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "scen") {
            out.push(path);
        }
    }
    Ok(())
}

/// Groups scenario indices by map basename, maps in order of first appearance, scenarios in
/// file order within each map. Benchmark files name one map each, but nothing forbids more.
pub fn group_by_map(scenarios: &[Scenario]) -> Vec<(String, Vec<usize>)> {
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, s) in scenarios.iter().enumerate() {
        match groups.iter_mut().find(|(name, _)| name == s.map_name()) {
            Some((_, list)) => list.push(i),
            None => groups.push((s.map_name().to_owned(), vec![i])),
        }
    }
    groups
}
