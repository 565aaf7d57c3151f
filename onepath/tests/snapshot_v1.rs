//! Version-1 snapshots (the format before the open lists were recorded in pop order): kept
//! from the last version-1 build under `tests/pinned/v1-*.hex`, one per kind. This build reads
//! version 2 only, so every one of them is refused with `UnsupportedVersion` naming both
//! versions, without a panic, and the target keeps its own state (docs/snapshot-format.md,
//! "Stability").

mod common;

use common::{pinned_bytes, pinned_octile_grid, pinned_scenario_grid};
use onepath::fast::{BitFinder, OctileAStar, OctileJump, OctileMap, TableFinder};
use onepath::grid::SquareTopology;
use onepath::search::AStar;
use onepath::state::{FORMAT_VERSION, Fnv1a64, HEADER_LEN, StateError};
use onepath::topology::{DefaultStepCost, OctileHeuristic};
use onepath::{Cell, Connectivity, DiagonalRule, Grid, GridOptions, GridSearch, Step};

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

/// A snapshot through a `save_state(…, out)` call of any engine.
fn bytes(size: usize, save: impl FnOnce(&mut [u8]) -> Result<usize, StateError>) -> Vec<u8> {
    let mut b = vec![0; size];
    assert_eq!(save(&mut b), Ok(size));
    b
}

/// Every version-1 file is refused by the targets `make` builds (each busy with a search of
/// its own), with the error naming both versions; the target's snapshot is unchanged after
/// the refusal, and it finishes exactly as an untouched twin (`finish` runs it to the end and
/// returns its snapshot).
fn refused_by<T>(
    make: impl Fn() -> T,
    save: impl Fn(&T) -> Vec<u8>,
    restore: impl Fn(&mut T, &[u8]) -> Result<(), StateError>,
    finish: impl Fn(&mut T) -> Vec<u8>,
) {
    for name in V1_FILES {
        let old = pinned_bytes(name);
        let (mut target, mut twin) = (make(), make());
        let before = save(&target);
        assert_eq!(restore(&mut target, &old), Err(REFUSED), "{name}");
        assert_eq!(save(&target), before, "{name} changed the target");
        assert_eq!(
            finish(&mut target),
            finish(&mut twin),
            "{name}: it goes on alike"
        );
    }
}

fn topology(g: &Grid) -> SquareTopology<'_> {
    SquareTopology::new(g, 1, Connectivity::Eight, DiagonalRule::NoCornerCutting).unwrap()
}

#[test]
fn the_v1_files_are_version_1_of_every_kind() {
    for (kind, name) in (1u16..).zip(V1_FILES) {
        let b = pinned_bytes(name);
        assert_eq!(&b[..4], b"OPSN", "{name}");
        assert_eq!(u16::from_le_bytes([b[4], b[5]]), 1, "{name}");
        assert_eq!(u16::from_le_bytes([b[6], b[7]]), kind, "{name}");
    }
    assert_eq!(FORMAT_VERSION, 2);
}

#[test]
fn grids_refuse_every_v1_snapshot() {
    let g = pinned_scenario_grid();
    let save = |g: &Grid| bytes(g.state_size(), |b| g.save_state(b));
    refused_by(|| g.clone(), save, Grid::restore_state, |g| save(g));
    assert_eq!(Grid::from_state(&pinned_bytes("v1-grid.hex")), Err(REFUSED));
}

#[test]
fn generic_searches_and_handles_refuse_every_v1_snapshot() {
    let g = pinned_scenario_grid();
    let (t, hash) = (topology(&g), g.content_hash());
    let astar = || {
        let mut a = AStar::new(DefaultStepCost, OctileHeuristic::new(g.width(), 1.0));
        assert_eq!(a.try_begin(&t, 0, 4), Step::InProgress);
        let _ = a.step(&t, 2);
        a
    };
    let save = |a: &AStar<_, _>| bytes(a.state_size(), |b| a.save_state(hash, b));
    let restore = |a: &mut AStar<_, _>, b: &[u8]| a.restore_state(&t, hash, b);
    refused_by(astar, save, restore, |a| {
        let _ = a.run(&t);
        save(a)
    });

    let handle = || {
        let mut h = GridSearch::new(GridOptions::DEFAULT).unwrap();
        let begun = h.try_begin(&g, Cell::new(0, 2), Cell::new(4, 0));
        assert_eq!(begun, Step::InProgress);
        let _ = h.step(&g, 2).unwrap();
        h
    };
    let save = |h: &GridSearch| bytes(h.state_size(), |b| h.save_state(&g, b));
    let restore = |h: &mut GridSearch, b: &[u8]| h.restore_state(&g, b);
    refused_by(handle, save, restore, |h| {
        while h.step(&g, 2).unwrap() == Step::InProgress {}
        save(h)
    });
}

#[test]
fn specialised_engines_refuse_every_v1_snapshot() {
    let g = pinned_octile_grid();
    let octile = || {
        let mut a = OctileAStar::new();
        assert_eq!(a.try_begin(&g, 0, 17), Step::InProgress);
        let _ = a.step(3);
        a
    };
    let save = |a: &OctileAStar| bytes(a.state_size(), |b| a.save_state(&g, b));
    let restore = |a: &mut OctileAStar, b: &[u8]| a.restore_state(&g, b);
    refused_by(octile, save, restore, |a| {
        let _ = a.run();
        save(a)
    });

    let map = OctileMap::new(&g);
    let jump = || {
        let mut j = OctileJump::<BitFinder>::new();
        assert_eq!(j.try_begin(&g, &map, 6, 11), Step::InProgress);
        let _ = j.step(&map, 1);
        j
    };
    let save = |j: &OctileJump<BitFinder>| bytes(j.state_size(), |b| j.save_state(&g, b));
    let restore = |j: &mut OctileJump<BitFinder>, b: &[u8]| j.restore_state(&g, b);
    refused_by(jump, save, restore, |j| {
        let _ = j.run(&map);
        save(j)
    });
}

#[test]
fn the_refusal_names_both_versions() {
    let message = "snapshot format version 1 is not supported: this build reads version 2";
    assert_eq!(REFUSED.to_string(), message);
    let old = pinned_bytes("v1-octile_jump.hex");
    let mut j = OctileJump::<TableFinder>::new();
    let err = j.restore_state(&pinned_octile_grid(), &old).unwrap_err();
    assert_eq!(err.to_string(), message);
}

/// A version-2 handle snapshot whose nested engine frame says version 1 is refused as well
/// (each frame's version is checked), and the handle keeps its search.
#[test]
fn a_v1_engine_frame_nested_in_a_v2_handle_snapshot_is_refused() {
    let g = pinned_scenario_grid();
    let mut source = GridSearch::new(GridOptions::DEFAULT).unwrap();
    let _ = source.try_begin(&g, Cell::new(0, 0), Cell::new(4, 2));
    let _ = source.step(&g, 3).unwrap();
    let mut b = bytes(source.state_size(), |out| source.save_state(&g, out));
    // Header, then 22 bytes of options (the nested length last): the nested frame's version.
    let nested = HEADER_LEN + 22;
    assert_eq!(u16::from_le_bytes([b[nested + 4], b[nested + 5]]), 2);
    b[nested + 4] = 1;
    let sum = Fnv1a64::of(&b[HEADER_LEN..]);
    b[20..28].copy_from_slice(&sum.to_le_bytes());

    let mut target = GridSearch::new(GridOptions::DEFAULT).unwrap();
    let _ = target.try_begin(&g, Cell::new(0, 2), Cell::new(4, 0));
    let _ = target.step(&g, 1).unwrap();
    let before = bytes(target.state_size(), |out| target.save_state(&g, out));
    assert_eq!(target.restore_state(&g, &b), Err(REFUSED));
    let after = bytes(target.state_size(), |out| target.save_state(&g, out));
    assert_eq!(after, before);
}
