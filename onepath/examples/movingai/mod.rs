//! Moving AI `.map` / `.scen` files parsed by hand for the `fast_*` examples (the core crate
//! cannot depend on `onepath-std`, which depends on it). Format: `type octile`, `height H`,
//! `width W`, `map`, then H rows (`.` `G` `S` walkable; `@` `O` `T` `W` blocked); scenarios:
//! a `version …` line, then `bucket map w h sx sy gx gy length` per line.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use onepath::Grid;

/// The shared data folder: `$ONEPATH_DATA/movingai`, or `../shared/data/movingai` next to
/// the repository.
pub fn data_dir() -> Option<PathBuf> {
    let base = std::env::var_os("ONEPATH_DATA").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"),
        PathBuf::from,
    );
    let dir = base.join("movingai");
    dir.is_dir().then_some(dir)
}

/// One scenario line.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub start: (u32, u32),
    pub goal: (u32, u32),
    /// The published optimal length as printed.
    pub length: f64,
    /// One unit of the last printed digit of `length`.
    pub unit: f64,
}

impl Scenario {
    /// A published 0 between distinct cells marks an unreachable pair.
    pub fn unreachable(&self) -> bool {
        self.length == 0.0 && self.start != self.goal
    }

    /// Whether `cost` matches the published length: relative 1e-6 or one unit of the last
    /// printed digit, whichever is looser.
    pub fn matches(&self, cost: f64) -> bool {
        (cost - self.length).abs() <= (1e-6 * self.length).max(self.unit)
    }
}

/// Parses a `.map` file into a grid (walls 255, everything walkable area 0).
pub fn read_map(path: &Path) -> Grid {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let (mut w, mut h) = (0u32, 0u32);
    for line in lines.by_ref() {
        let mut f = line.split_whitespace();
        match f.next() {
            Some("height") => h = f.next().unwrap().parse().unwrap(),
            Some("width") => w = f.next().unwrap().parse().unwrap(),
            Some("map") => break,
            _ => {}
        }
    }
    let mut cells = Vec::with_capacity((w * h) as usize);
    for row in lines.take(h as usize) {
        let row = row.trim_end_matches('\r').as_bytes();
        assert_eq!(row.len(), w as usize, "{}: ragged row", path.display());
        cells.extend(row.iter().map(|&c| match c {
            b'.' | b'G' | b'S' => 0u8,
            _ => 255,
        }));
    }
    Grid::from_areas(w, h, cells).unwrap()
}

/// Parses a `.scen` file.
pub fn read_scenarios(path: &Path) -> Vec<Scenario> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("version"))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let n = f.len();
            let num = |i: usize| f[n - 7 + i].parse::<u32>().unwrap();
            let printed = f[n - 1];
            let decimals = printed.split('.').nth(1).map_or(0, str::len);
            Scenario {
                start: (num(2), num(3)),
                goal: (num(4), num(5)),
                length: printed.parse().unwrap(),
                unit: format!("1e-{decimals}").parse().unwrap(),
            }
        })
        .collect()
}

/// The map and scenarios of `set/name` (e.g. `dao/arena2`), or `None` when absent.
pub fn load(set_and_name: &str) -> Option<(Grid, Vec<Scenario>)> {
    let dir = data_dir()?;
    let map = dir.join(format!("{set_and_name}.map"));
    let scen = dir.join(format!("{set_and_name}.map.scen"));
    (map.is_file() && scen.is_file()).then(|| (read_map(&map), read_scenarios(&scen)))
}
