//! One golden record: a name and a line of `key=value` fields.
//!
//! # Line format (normative for the golden files)
//!
//! ```text
//! <name> status=<PathStatus> [alg=<GridAlgorithm>] cost=0x<f64 bits, 16 hex> it=<iterations> exp=<expansions> len=<path cells> path=0x<FNV-1a 64> [expanded=<cells> expanded_fnv=0x<FNV-1a 64>] [snap_len=<bytes> snap=0x<FNV-1a 64>]
//! <name>/map w=<width> h=<height> open=<walkable cells> cells=<cell count> cells_fnv=0x<FNV-1a 64>
//! <name>/grid-state map_hash=0x<Grid::content_hash> snap_len=<bytes> snap=0x<FNV-1a 64>
//! <name>/octile-map bytes=<held> scans=<values> scans_fnv=0x<FNV-1a 64>
//! <name>/jps+-index bytes=<held> tables=<values> tables_fnv=0x<FNV-1a 64>
//! ```
//!
//! - `cost` is `f64::to_bits` in hex (`0x7ff0000000000000` is +∞, the cost of anything not
//!   found), so equal lines mean bit-identical costs.
//! - `path` is FNV-1a 64 over the path's cell indices (`y * width + x`, start first) fed as u32
//!   little-endian; `len` beside it is the number of cells. Likewise `snap_len` beside `snap`
//!   (snapshot byte count and FNV-1a 64 of the bytes) and `cells` beside `cells_fnv`: every
//!   digest has a size next to it, so a diff tells a change of shape from a change of values.
//! - `alg` (`AStar`, `Jps`, `JpsPlus`: what actually ran, `GridPath::algorithm`) appears on the
//!   records of families that choose an algorithm (`grids/jps`); `grids/astar` and `grids/hex`
//!   lines have none.
//! - `expanded` / `expanded_fnv` appear only on runs that record expansions: the count and
//!   FNV-1a 64 of the expanded cells' row-major indices, in expansion order, as u32 LE.
//! - The snapshot pair appears only on records of saved-and-restored runs (`~snap<k>`): the
//!   size and FNV-1a 64 of the `GridSearch::save_state` bytes taken at pop `k`, before the
//!   restore. Those bytes are fixed by `docs/snapshot-format.md`, so the digest pins the byte
//!   format on every platform. `grid-state` records hold the same pair for `Grid::save_state`
//!   of the scenario's grid, with its content hash.
//! - `octile-map` / `jps+-index` records (family `grids/fast`) pin a jump point structure's
//!   contents: `bytes` is what it holds (`OctileMap::bytes`, `JpsPlusIndex::bytes`); `scans`
//!   covers, row-major, each cell's neighbour byte (u8), then for each walkable cell the four
//!   straight `BitFinder` scans N, E, S, W (u32 LE steps to the first stop, the cell itself as
//!   the goal, so only the stop bits decide); `tables` covers `JpsPlusIndex::raw` (i16 LE).
//! - The navigation mesh family's `mesh` and corridor-query lines are in
//!   [`crate::record_nav`].
//! - Nothing depends on `usize` width or byte order: fixed-width integers, floats as bits.

use core::fmt::Write as _;

use onepath::{GridAlgorithm, GridPath, PathStatus};

use crate::digest::Digest;
use crate::record_nav::{MeshRecord, NavQueryRecord, PolyanyaRecord};

/// What one query produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryRecord {
    /// How the query ended.
    pub status: PathStatus,
    /// `f64::to_bits` of the cost.
    pub cost_bits: u64,
    /// Iterations (pops).
    pub iterations: u32,
    /// Expansions.
    pub expansions: u32,
    /// The path's cell indices: count and digest.
    pub path: Digest,
    /// The algorithm that ran, on records of families that choose one.
    pub algorithm: Option<GridAlgorithm>,
    /// The expanded cells' indices (count and digest), on runs that record expansions.
    pub expanded: Option<Digest>,
    /// Snapshot byte count and digest, for saved-and-restored runs.
    pub snapshot: Option<Digest>,
}

impl QueryRecord {
    /// The record of a tier-1 result; `index` maps a path cell to its row-major index.
    ///
    /// # Panics
    ///
    /// When `index` answers `None` for a cell of the path (the engine returned a cell outside
    /// its own grid).
    pub fn from_path(path: &GridPath, index: impl Fn(onepath::Cell) -> Option<u32>) -> Self {
        let cells: Vec<u32> = path
            .cells
            .iter()
            .map(|&c| index(c).expect("path cell inside the grid"))
            .collect();
        Self {
            status: path.status,
            cost_bits: path.cost.to_bits(),
            iterations: path.iterations,
            expansions: path.expansions,
            path: Digest::of_u32s(&cells),
            algorithm: None,
            expanded: None,
            snapshot: None,
        }
    }

    /// A refused query (no search ran): `status`, cost +∞, no counts, an empty path.
    pub fn refused(status: PathStatus) -> Self {
        Self {
            status,
            cost_bits: f64::INFINITY.to_bits(),
            iterations: 0,
            expansions: 0,
            path: Digest::of_u32s(&[]),
            algorithm: None,
            expanded: None,
            snapshot: None,
        }
    }

    /// The same record showing the algorithm that ran (`alg=`).
    #[must_use]
    pub fn with_algorithm(mut self, algorithm: GridAlgorithm) -> Self {
        self.algorithm = Some(algorithm);
        self
    }

    /// The same record with the recorded expansions (`expanded=`, `expanded_fnv=`), given as
    /// row-major cell indices in expansion order.
    #[must_use]
    pub fn with_expanded(mut self, indices: &[u32]) -> Self {
        self.expanded = Some(Digest::of_u32s(indices));
        self
    }

    /// The `key=value` fields (everything after the name).
    pub fn fields(&self) -> String {
        let mut s = self.outcome_fields();
        if let Some(snap) = self.snapshot {
            let _ = write!(s, " snap_len={} snap=0x{:016x}", snap.len, snap.fnv);
        }
        s
    }

    /// The fields without the snapshot pair: what twins must agree on (a restored run equals
    /// its never-stopped twin in everything but the snapshot it went through).
    pub fn outcome_fields(&self) -> String {
        let mut s = format!("status={}", status_name(self.status));
        if let Some(alg) = self.algorithm {
            let _ = write!(s, " alg={}", algorithm_name(alg));
        }
        let _ = write!(
            s,
            " cost=0x{:016x} it={} exp={} len={} path=0x{:016x}",
            self.cost_bits, self.iterations, self.expansions, self.path.len, self.path.fnv
        );
        if let Some(x) = self.expanded {
            let _ = write!(s, " expanded={} expanded_fnv=0x{:016x}", x.len, x.fnv);
        }
        s
    }
}

/// The golden spelling of a status (written out, not `Debug`, so it cannot drift).
pub fn status_name(status: PathStatus) -> &'static str {
    match status {
        PathStatus::Found => "Found",
        PathStatus::NoPath => "NoPath",
        PathStatus::StartInvalid => "StartInvalid",
        PathStatus::GoalInvalid => "GoalInvalid",
        PathStatus::BudgetExhausted => "BudgetExhausted",
        PathStatus::NotStarted => "NotStarted",
    }
}

/// The golden spelling of an algorithm.
///
/// # Panics
///
/// On an algorithm this crate does not know yet (the enum is non-exhaustive): add its name
/// here, with its own family.
pub fn algorithm_name(algorithm: GridAlgorithm) -> &'static str {
    match algorithm {
        GridAlgorithm::AStar => "AStar",
        GridAlgorithm::Jps => "Jps",
        GridAlgorithm::JpsPlus => "JpsPlus",
        GridAlgorithm::ThetaStar => "ThetaStar",
        GridAlgorithm::LazyThetaStar => "LazyThetaStar",
        GridAlgorithm::Hpa => "Hpa",
        other => panic!("no golden spelling for {other:?}"),
    }
}

/// What a generated map looks like (so a generator change shows up as its own diff line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapRecord {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Walkable cells.
    pub open: u32,
    /// The cell bytes: count and digest.
    pub cells: Digest,
}

impl MapRecord {
    /// The `key=value` fields.
    pub fn fields(&self) -> String {
        format!(
            "w={} h={} open={} cells={} cells_fnv=0x{:016x}",
            self.width, self.height, self.open, self.cells.len, self.cells.fnv
        )
    }
}

/// A grid's own snapshot (`Grid::save_state`): its content hash and the bytes' size and digest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridStateRecord {
    /// `Grid::content_hash`.
    pub map_hash: u64,
    /// The snapshot bytes: count and digest.
    pub snapshot: Digest,
}

impl GridStateRecord {
    /// The `key=value` fields.
    pub fn fields(&self) -> String {
        format!(
            "map_hash=0x{:016x} snap_len={} snap=0x{:016x}",
            self.map_hash, self.snapshot.len, self.snapshot.fnv
        )
    }
}

/// The contents of a jump point structure (`OctileMap` or `JpsPlusIndex`), so a structure
/// repaired after edits can be pinned beside a fresh build of the same grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StructureRecord {
    /// The field name of the values: `scans` (`OctileMap`) or `tables` (`JpsPlusIndex`).
    pub key: &'static str,
    /// Bytes the structure holds.
    pub bytes: u64,
    /// The values (see the module docs): count and digest.
    pub values: Digest,
}

impl StructureRecord {
    /// The `key=value` fields.
    pub fn fields(&self) -> String {
        format!(
            "bytes={} {k}={} {k}_fnv=0x{:016x}",
            self.bytes,
            self.values.len,
            self.values.fnv,
            k = self.key
        )
    }
}

/// The body of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// A generated map.
    Map(MapRecord),
    /// A grid's snapshot.
    GridState(GridStateRecord),
    /// A jump point structure's contents.
    Structure(StructureRecord),
    /// A query's outcome.
    Query(QueryRecord),
    /// A baked navigation mesh (`navmesh/*`, [`crate::record_nav`]).
    Mesh(MeshRecord),
    /// A corridor search and its funnel path (`navmesh/*`), or a tier-1 navmesh query.
    NavQuery(NavQueryRecord),
    /// A Polyanya search (`navmesh/polyanya/*`).
    Polyanya(PolyanyaRecord),
}

/// One golden line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Unique name: `<scenario>/<variant>/<query>` or `<scenario>/map`.
    pub name: String,
    /// The fields.
    pub body: Body,
    /// A record whose fields this one must equal (a sliced run names its unsliced twin).
    pub twin: Option<String>,
}

impl Record {
    /// The fields after the name.
    pub fn fields(&self) -> String {
        match &self.body {
            Body::Map(m) => m.fields(),
            Body::GridState(g) => g.fields(),
            Body::Structure(t) => t.fields(),
            Body::Query(q) => q.fields(),
            Body::Mesh(m) => m.fields(),
            Body::NavQuery(q) => q.fields(),
            Body::Polyanya(p) => p.fields(),
        }
    }

    /// The fields twins compare (see [`QueryRecord::outcome_fields`]).
    pub fn outcome_fields(&self) -> String {
        match &self.body {
            Body::Map(m) => m.fields(),
            Body::GridState(g) => g.fields(),
            Body::Structure(t) => t.fields(),
            Body::Query(q) => q.outcome_fields(),
            Body::Mesh(m) => m.outcome_fields(),
            Body::NavQuery(q) => q.outcome_fields(),
            Body::Polyanya(p) => p.fields(),
        }
    }

    /// The golden line: name, one space, fields.
    pub fn line(&self) -> String {
        format!("{} {}", self.name, self.fields())
    }
}

/// Splits a golden line into its name and its `(key, value)` fields.
pub fn parse_line(line: &str) -> (&str, Vec<(&str, &str)>) {
    let mut parts = line.split_ascii_whitespace();
    let name = parts.next().unwrap_or("");
    let fields = parts
        .map(|p| p.split_once('=').unwrap_or((p, "")))
        .collect();
    (name, fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_format_is_stable() {
        let r = Record {
            name: "grids/astar/x/8ncc/q00".into(),
            body: Body::Query(QueryRecord {
                status: PathStatus::Found,
                cost_bits: 10.0f64.to_bits(),
                iterations: 12,
                expansions: 11,
                path: Digest::of_u32s(&[0, 1, 2]),
                algorithm: None,
                expanded: None,
                snapshot: None,
            }),
            twin: None,
        };
        let line = r.line();
        assert!(
            line.starts_with(
                "grids/astar/x/8ncc/q00 status=Found cost=0x4024000000000000 it=12 exp=11 len=3 path=0x"
            ),
            "{line}"
        );
        let (name, fields) = parse_line(&line);
        assert_eq!(name, "grids/astar/x/8ncc/q00");
        assert_eq!(fields[0], ("status", "Found"));
        assert_eq!(fields.len(), 6);
        let mut with_snap = r.clone();
        if let Body::Query(q) = &mut with_snap.body {
            q.snapshot = Some(Digest::of_bytes(&[1, 2, 3]));
        }
        assert!(with_snap.line().contains(" snap_len=3 snap=0x"));
        // The snapshot is not an outcome: twins compare everything else.
        assert_eq!(with_snap.outcome_fields(), r.outcome_fields());
        let mut jps = r.clone();
        if let Body::Query(q) = &mut jps.body {
            *q = q
                .with_algorithm(GridAlgorithm::JpsPlus)
                .with_expanded(&[7, 9]);
        }
        let line = jps.line();
        assert!(
            line.starts_with("grids/astar/x/8ncc/q00 status=Found alg=JpsPlus cost=0x"),
            "{line}"
        );
        assert!(line.contains(" expanded=2 expanded_fnv=0x"), "{line}");
        assert_ne!(jps.outcome_fields(), r.outcome_fields());
        let index = Record {
            name: "grids/fast/jps+/x/e1/jps+-index~cells".into(),
            body: Body::Structure(StructureRecord {
                key: "tables",
                bytes: 32,
                values: Digest::of_bytes(&[0; 16]),
            }),
            twin: None,
        };
        let line = index.line();
        assert!(
            line.starts_with(
                "grids/fast/jps+/x/e1/jps+-index~cells bytes=32 tables=16 tables_fnv=0x"
            ),
            "{line}"
        );
        assert_eq!(index.outcome_fields(), index.fields());
    }
}
