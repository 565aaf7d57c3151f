//! Version-1 snapshots (the format before the open lists were recorded in pop order): kept
//! from the last version-1 build under `tests/pinned/v1-*.hex`, one per kind. This build reads
//! version 2 only, so every one of them is refused with `UnsupportedVersion` naming both
//! versions, without a panic, and the target keeps its own state (docs/snapshot-format.md,
//! "Stability").

use std::path::PathBuf;

use onepath::fast::{BitFinder, OctileAStar, OctileJump, OctileMap, TableFinder};
use onepath::grid::SquareTopology;
use onepath::search::AStar;
use onepath::state::{FORMAT_VERSION, Fnv1a64, HEADER_LEN, StateError};
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Cell, Connectivity, DiagonalRule, Grid, GridOptions, GridSearch, GridSpace, Step};

const V1_FILES: [&str; 5] = [
    "v1-grid.hex",
    "v1-astar.hex",
    "v1-grid_search.hex",
    "v1-octile_astar.hex",
    "v1-octile_jump.hex",
];

const REFUSED: StateError = StateError::UnsupportedVersion {
    found: 1,
    supported: 2,
};

fn read_hex(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pinned")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    text.split_whitespace()
        .map(|b| u8::from_str_radix(b, 16).unwrap())
        .collect()
}

/// The grid the v1 files of kinds 1–3 were written for (`snapshot_pinned.rs`).
fn scenario_grid() -> Grid {
    let mut g = Grid::from_text("..#..\n.2#..\n.....")
        .unwrap()
        .with_space(GridSpace::new(-2.0, 3.5, 0.5).unwrap())
        .unwrap();
    g.set_area_cost(2, 3.0).unwrap();
    g
}

/// The grid the v1 files of kinds 4 and 5 were written for.
fn octile_grid() -> Grid {
    Grid::from_text("......\n.##.#.\n......").unwrap()
}

fn topology(g: &Grid) -> SquareTopology<'_> {
    SquareTopology::new(g, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap()
}

fn astar(g: &Grid) -> AStar<DefaultStepCost, OctileHeuristic> {
    AStar::new(
        DefaultStepCost,
        OctileHeuristic::new(g.width(), g.areas().min_cost()),
    )
}

/// One busy target per kind: `restore` tries bytes, `save` shows its state, `finish` runs it
/// to the end and reports (state, iterations, cost bits).
trait Target {
    fn restore(&mut self, bytes: &[u8]) -> Result<(), StateError>;
    fn save(&self) -> Vec<u8>;
    fn finish(&mut self) -> (Step, u32, u64);
}

struct GridTarget(Grid);
impl Target for GridTarget {
    fn restore(&mut self, bytes: &[u8]) -> Result<(), StateError> {
        self.0.restore_state(bytes)
    }
    fn save(&self) -> Vec<u8> {
        let mut b = vec![0; self.0.state_size()];
        self.0.save_state(&mut b).unwrap();
        b
    }
    fn finish(&mut self) -> (Step, u32, u64) {
        (Step::Idle, self.0.width(), self.0.content_hash())
    }
}

struct AStarTarget(Grid, AStar<DefaultStepCost, OctileHeuristic>);
impl Target for AStarTarget {
    fn restore(&mut self, bytes: &[u8]) -> Result<(), StateError> {
        let hash = self.0.content_hash();
        self.1.restore_state(&topology(&self.0), hash, bytes)
    }
    fn save(&self) -> Vec<u8> {
        let mut b = vec![0; self.1.state_size()];
        self.1.save_state(self.0.content_hash(), &mut b).unwrap();
        b
    }
    fn finish(&mut self) -> (Step, u32, u64) {
        let s = self.1.run(&topology(&self.0));
        (s, self.1.iterations(), self.1.cost().to_bits())
    }
}

struct HandleTarget(Grid, GridSearch);
impl Target for HandleTarget {
    fn restore(&mut self, bytes: &[u8]) -> Result<(), StateError> {
        self.1.restore_state(&self.0, bytes)
    }
    fn save(&self) -> Vec<u8> {
        let mut b = vec![0; self.1.state_size()];
        self.1.save_state(&self.0, &mut b).unwrap();
        b
    }
    fn finish(&mut self) -> (Step, u32, u64) {
        while self.1.step(&self.0, 2).unwrap() == Step::InProgress {}
        (self.1.state(), self.1.iterations(), self.1.cost().to_bits())
    }
}

struct OctileTarget(Grid, OctileAStar);
impl Target for OctileTarget {
    fn restore(&mut self, bytes: &[u8]) -> Result<(), StateError> {
        self.1.restore_state(&self.0, bytes)
    }
    fn save(&self) -> Vec<u8> {
        let mut b = vec![0; self.1.state_size()];
        self.1.save_state(&self.0, &mut b).unwrap();
        b
    }
    fn finish(&mut self) -> (Step, u32, u64) {
        let s = self.1.run();
        (s, self.1.iterations(), self.1.cost().to_bits())
    }
}

struct JumpTarget(Grid, OctileMap, OctileJump<BitFinder>);
impl Target for JumpTarget {
    fn restore(&mut self, bytes: &[u8]) -> Result<(), StateError> {
        self.2.restore_state(&self.0, bytes)
    }
    fn save(&self) -> Vec<u8> {
        let mut b = vec![0; self.2.state_size()];
        self.2.save_state(&self.0, &mut b).unwrap();
        b
    }
    fn finish(&mut self) -> (Step, u32, u64) {
        let s = self.2.run(&self.1);
        (s, self.2.iterations(), self.2.cost().to_bits())
    }
}

/// Every kind's target, each with a search of its own under way.
fn busy_targets() -> Vec<Box<dyn Target>> {
    let g = scenario_grid();
    let mut a = astar(&g);
    assert_eq!(a.try_begin(&topology(&g), 0, 4), Step::InProgress);
    a.step(&topology(&g), 2);
    let mut h = GridSearch::new(GridOptions::DEFAULT).unwrap();
    assert_eq!(
        h.try_begin(&g, Cell::new(0, 2), Cell::new(4, 0)),
        Step::InProgress
    );
    h.step(&g, 2).unwrap();
    let o = octile_grid();
    let mut oa = OctileAStar::new();
    assert_eq!(oa.try_begin(&o, 0, 17), Step::InProgress);
    oa.step(3);
    let map = OctileMap::new(&o);
    let mut j = OctileJump::<BitFinder>::new();
    assert_eq!(j.try_begin(&o, &map, 6, 11), Step::InProgress);
    j.step(&map, 1);
    vec![
        Box::new(GridTarget(g.clone())),
        Box::new(AStarTarget(g.clone(), a)),
        Box::new(HandleTarget(g, h)),
        Box::new(OctileTarget(o.clone(), oa)),
        Box::new(JumpTarget(o, map, j)),
    ]
}

#[test]
fn the_v1_files_are_version_1_of_every_kind() {
    for (kind, name) in (1u16..).zip(V1_FILES) {
        let b = read_hex(name);
        assert_eq!(&b[..4], b"OPSN", "{name}");
        assert_eq!(u16::from_le_bytes([b[4], b[5]]), 1, "{name}");
        assert_eq!(u16::from_le_bytes([b[6], b[7]]), kind, "{name}");
    }
    assert_eq!(FORMAT_VERSION, 2);
}

#[test]
fn every_v1_snapshot_is_refused_by_every_target_which_keeps_its_state() {
    for name in V1_FILES {
        let old = read_hex(name);
        let mut targets = busy_targets();
        let mut untouched = busy_targets();
        for (i, (t, u)) in targets.iter_mut().zip(&mut untouched).enumerate() {
            let before = t.save();
            assert_eq!(t.restore(&old), Err(REFUSED), "{name} into target {i}");
            assert_eq!(t.save(), before, "{name} changed target {i}");
            assert_eq!(t.finish(), u.finish(), "{name}: target {i} goes on alike");
        }
    }
    let grid_bytes = read_hex("v1-grid.hex");
    assert_eq!(Grid::from_state(&grid_bytes), Err(REFUSED));
}

#[test]
fn the_refusal_names_both_versions() {
    assert_eq!(
        REFUSED.to_string(),
        "snapshot format version 1 is not supported: this build reads version 2"
    );
    let old = read_hex("v1-octile_jump.hex");
    let mut j = OctileJump::<TableFinder>::new();
    let err = j.restore_state(&octile_grid(), &old).unwrap_err();
    assert_eq!(
        err.to_string(),
        "snapshot format version 1 is not supported: this build reads version 2"
    );
}

/// A version-2 handle snapshot whose nested engine frame says version 1 is refused as well
/// (each frame's version is checked), and the handle keeps its search.
#[test]
fn a_v1_engine_frame_nested_in_a_v2_handle_snapshot_is_refused() {
    let g = scenario_grid();
    let mut source = GridSearch::new(GridOptions::DEFAULT).unwrap();
    source.try_begin(&g, Cell::new(0, 0), Cell::new(4, 2));
    source.step(&g, 3).unwrap();
    let mut b = vec![0; source.state_size()];
    source.save_state(&g, &mut b).unwrap();
    // Header, then 22 bytes of options (the nested length last): the nested frame's version.
    let nested = HEADER_LEN + 22;
    assert_eq!(u16::from_le_bytes([b[nested + 4], b[nested + 5]]), 2);
    b[nested + 4] = 1;
    let sum = Fnv1a64::of(&b[HEADER_LEN..]);
    b[20..28].copy_from_slice(&sum.to_le_bytes());

    let mut target = GridSearch::new(GridOptions::DEFAULT).unwrap();
    target.try_begin(&g, Cell::new(0, 2), Cell::new(4, 0));
    target.step(&g, 1).unwrap();
    let mut before = vec![0; target.state_size()];
    target.save_state(&g, &mut before).unwrap();
    assert_eq!(target.restore_state(&g, &b), Err(REFUSED));
    let mut after = vec![0; target.state_size()];
    target.save_state(&g, &mut after).unwrap();
    assert_eq!(after, before);
}
