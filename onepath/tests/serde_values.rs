//! The optional `serde` feature (issue 28, item 8): the public value types a host sends over
//! the network or stores round-trip through postcard bit for bit, with bytes that do not depend
//! on the platform. Run with `cargo test -p onepath --features serde --test serde_values`
//! (`.ci/run` does); without the feature this file compiles to nothing.
#![cfg(feature = "serde")]

use onepath::graph::Point3;
use onepath::hex::{HexCoord, HexLayout};
use onepath::voxel::{VoxelCell, VoxelConnectivity, VoxelCornerRule, VoxelPoint};
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridAlgorithm, GridOptions, GridSearch, HeuristicKind,
    PathStatus, Step, WorldPoint,
};
use serde::{Serialize, de::DeserializeOwned};

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug>(v: &T) -> Vec<u8> {
    let bytes = postcard::to_allocvec(v).unwrap();
    let back: T = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(&back, v);
    bytes
}

#[test]
fn value_types_round_trip_through_postcard() {
    round_trip(&Cell::new(-3, 7));
    round_trip(&WorldPoint::new(0.1, -2.5));
    round_trip(&Connectivity::Four);
    round_trip(&DiagonalRule::AllowAll);
    round_trip(&HeuristicKind::Octile);
    round_trip(&GridAlgorithm::JpsPlus);
    round_trip(&PathStatus::BudgetExhausted);
    round_trip(&Step::InProgress);
    round_trip(&HexCoord::new(2, -5));
    round_trip(&HexLayout::PointyOddRow);
    round_trip(&VoxelCell::new(1, 2, 3));
    round_trip(&VoxelPoint::new(0.5, 1.5, 2.5));
    round_trip(&VoxelConnectivity::TwentySix);
    round_trip(&VoxelCornerRule::default());
    round_trip(&Point3::new(1.0, 2.0, 3.0));
    let options = GridOptions::NO_SQUEEZING
        .with_weight(1.25)
        .with_algorithm(GridAlgorithm::Jps);
    round_trip(&options);
}

#[test]
fn a_path_round_trips_with_its_cost_bits() {
    let grid = Grid::from_text("....\n.##.\n....").unwrap();
    let path = grid
        .find_path(Cell::new(0, 0), Cell::new(3, 2), &GridOptions::DEFAULT)
        .unwrap();
    let bytes = round_trip(&path);
    let back: onepath::GridPath = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(back.cost.to_bits(), path.cost.to_bits());
}

#[test]
fn the_bytes_are_pinned() {
    // postcard: zig-zag varints for integers, f64 as its 8 little-endian bytes. These bytes
    // are what every machine writes (no usize, no endianness in them).
    assert_eq!(round_trip(&Cell::new(-3, 7)), [5, 14]);
    let p = round_trip(&WorldPoint::new(1.0, 0.5));
    assert_eq!(
        p,
        [0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0xe0, 0x3f]
    );
}

#[test]
fn deserialized_options_are_checked_where_they_are_used() {
    // A peer can send any field values; the handle refuses what it cannot run, naming it.
    let bad = GridOptions::DEFAULT.with_weight(f64::NAN);
    let bytes = postcard::to_allocvec(&bad).unwrap();
    let back: GridOptions = postcard::from_bytes(&bytes).unwrap();
    assert!(GridSearch::new(back).is_err());
}
