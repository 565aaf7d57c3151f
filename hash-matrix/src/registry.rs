//! The registry: families of named scenarios, and the [`Recorder`] a scenario writes into.
//!
//! A *family* (`grids/astar`, `grids/hex`, `grids/jps`, later `graphs/...`) owns one golden
//! file and a function listing its scenarios. A *scenario* (`grids/astar/maze-41x41-s5`) builds
//! its maps from seeds and writes records named `<scenario>/<variant>/<query>`. Scenarios run
//! lazily, so `list` is instant and `check <prefix>` runs only what it needs.

use crate::record::{Body, GridStateRecord, MapRecord, QueryRecord, Record, StructureRecord};

/// A named scenario: a closure that writes its records.
pub struct Scenario {
    /// `<family>/<scenario>`, e.g. `grids/astar/rooms8-97x45-s4`.
    pub name: String,
    /// One line for `list`.
    pub about: String,
    run: Box<dyn Fn(&mut Recorder)>,
}

impl core::fmt::Debug for Scenario {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scenario")
            .field("name", &self.name)
            .field("about", &self.about)
            .finish_non_exhaustive()
    }
}

impl Scenario {
    /// A scenario named `name` whose records `run` writes.
    pub fn new(
        name: impl Into<String>,
        about: impl Into<String>,
        run: impl Fn(&mut Recorder) + 'static,
    ) -> Self {
        Self {
            name: name.into(),
            about: about.into(),
            run: Box::new(run),
        }
    }

    /// Runs the scenario and returns its records in order.
    pub fn records(&self) -> Vec<Record> {
        let mut r = Recorder {
            prefix: self.name.clone(),
            records: Vec::new(),
        };
        (self.run)(&mut r);
        r.records
    }
}

/// A family of scenarios with its golden file.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// Name prefix of every scenario, e.g. `grids/astar`.
    pub name: &'static str,
    /// The golden file's name in `hash-matrix/golden/`.
    pub golden: &'static str,
    /// Lists the scenarios (cheap: nothing runs until [`Scenario::records`]).
    pub scenarios: fn() -> Vec<Scenario>,
}

impl Family {
    /// Runs every scenario that may hold a record named with `prefix` (all of them for `""`)
    /// and returns all their records in order; filter by name afterwards if needed (twins
    /// are checked on the whole scenario).
    pub fn records(&self, prefix: &str) -> Vec<Record> {
        (self.scenarios)()
            .iter()
            .filter(|s| overlaps(&s.name, prefix))
            .flat_map(Scenario::records)
            .collect()
    }
}

/// Whether a scenario named `name` may hold records starting with `prefix`.
pub fn overlaps(name: &str, prefix: &str) -> bool {
    name.starts_with(prefix) || prefix.starts_with(name)
}

/// Collects a scenario's records under its name.
#[derive(Debug)]
pub struct Recorder {
    prefix: String,
    records: Vec<Record>,
}

impl Recorder {
    /// Records a generated map as `<scenario>/<label>` (label usually `map`).
    pub fn map(&mut self, label: &str, map: MapRecord) {
        self.records.push(Record {
            name: format!("{}/{label}", self.prefix),
            body: Body::Map(map),
            twin: None,
        });
    }

    /// Records a grid's own snapshot as `<scenario>/<label>` (usually `grid-state`).
    pub fn grid_state(&mut self, label: &str, state: GridStateRecord) {
        self.records.push(Record {
            name: format!("{}/{label}", self.prefix),
            body: Body::GridState(state),
            twin: None,
        });
    }

    /// Records a jump point structure's contents as `<scenario>/<label>`; with `twin`, the
    /// record must equal `<scenario>/<twin>` (a structure repaired after edits names a fresh
    /// build of the same grid).
    pub fn structure(&mut self, label: &str, twin: Option<&str>, contents: StructureRecord) {
        self.records.push(Record {
            name: format!("{}/{label}", self.prefix),
            body: Body::Structure(contents),
            twin: twin.map(|t| format!("{}/{t}", self.prefix)),
        });
    }

    /// Records any body as `<scenario>/<label>`; with `twin`, the record must equal
    /// `<scenario>/<twin>` in its outcome fields (the navigation mesh family's meshes and
    /// corridor queries).
    pub fn body(&mut self, label: &str, twin: Option<&str>, body: Body) {
        self.records.push(Record {
            name: format!("{}/{label}", self.prefix),
            body,
            twin: twin.map(|t| format!("{}/{t}", self.prefix)),
        });
    }

    /// Records a query as `<scenario>/<variant>/<query>`.
    pub fn query(&mut self, variant: &str, query: &str, outcome: QueryRecord) {
        self.records.push(Record {
            name: format!("{}/{variant}/{query}", self.prefix),
            body: Body::Query(outcome),
            twin: None,
        });
    }

    /// Records a query that must produce the same fields as `<scenario>/<twin>/<query>`
    /// (sliced versus unsliced, restored versus never stopped; the snapshot pair is not compared).
    pub fn query_twin(&mut self, variant: &str, twin: &str, query: &str, outcome: QueryRecord) {
        self.records.push(Record {
            name: format!("{}/{variant}/{query}", self.prefix),
            body: Body::Query(outcome),
            twin: Some(format!("{}/{twin}/{query}", self.prefix)),
        });
    }
}

/// Every record whose fields differ from its twin's, or whose twin is missing, as
/// `(record, twin, why)` lines. Empty when all twins agree.
pub fn twin_violations(records: &[Record]) -> Vec<String> {
    let by_name: std::collections::BTreeMap<&str, &Record> =
        records.iter().map(|r| (r.name.as_str(), r)).collect();
    let mut out = Vec::new();
    for r in records {
        let Some(twin) = &r.twin else { continue };
        match by_name.get(twin.as_str()) {
            None => out.push(format!("{}: twin {twin} was not produced", r.name)),
            Some(t) if t.outcome_fields() != r.outcome_fields() => out.push(format!(
                "{}: differs from its twin {twin}\n  twin: {}\n  this: {}",
                r.name,
                t.outcome_fields(),
                r.outcome_fields()
            )),
            Some(_) => {}
        }
    }
    out
}
