//! World mapping and the coordinate rule (issue 14 §4): every world point the square and hex
//! mappings return is finite with |v| <= 2^21, every input outside the rule gives the typed
//! error naming the axis, the value and the bound, cell -> centre -> cell round-trips for the
//! cells of a grid that fits, and cube rounding refuses what it cannot round.
//!
//! The references below are written from the mapping's definition (centre
//! `origin + (x + 0.5) * size`, cell `floor((p - origin) / size)`, the hex centre formulas and
//! the spec's cube rounding), evaluated in the same order with `std`'s `floor`.

use onepath::math::{
    Axis, COORDINATE_BOUND, CoordinateError, FRACTIONAL_BOUND, HEX_SQRT3_2, MAX_CELL_SIZE,
    MIN_CELL_SIZE,
};
use onepath::{
    Cell, Grid, GridError, GridOptions, GridSpace, HexCoord, HexGrid, HexLayout, HexSpace,
    PathStatus, QueryError, WorldPoint,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

const B: f64 = COORDINATE_BOUND;

fn in_rule(v: f64) -> bool {
    v.is_finite() && v.abs() <= B
}

fn valid_size(v: f64) -> bool {
    v.is_finite() && (MIN_CELL_SIZE..=MAX_CELL_SIZE).contains(&v)
}

/// The first axis of (x, y) outside the rule, with its value.
fn first_bad(x: f64, y: f64) -> Option<(Axis, f64)> {
    if !in_rule(x) {
        Some((Axis::X, x))
    } else if !in_rule(y) {
        Some((Axis::Y, y))
    } else {
        None
    }
}

/// The error names `axis`, `value` (bit for bit, so NaN compares) and `bound`.
fn assert_names(e: CoordinateError, axis: Axis, value: f64, bound: f64) {
    assert_eq!(e.axis, axis, "{e}");
    assert_eq!(e.value.to_bits(), value.to_bits(), "{e}");
    assert_eq!(e.bound, bound, "{e}");
    let msg = e.to_string();
    assert!(msg.contains(&format!("|{}| <=", axis.name())), "{msg}");
    assert!(msg.contains(&format!("{bound}")), "{msg}");
}

fn assert_point_in_rule(p: WorldPoint) {
    assert!(in_rule(p.x) && in_rule(p.y), "{p:?} leaves the rule");
}

/// Any double, weighted towards the edges of the rule and the special values.
fn any_coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => -B..=B,
        2 => prop::sample::select(vec![
            B,
            -B,
            B + 0.5,
            -B - 0.5,
            f64::from_bits(B.to_bits() + 1),
            -f64::from_bits(B.to_bits() + 1),
            0.0,
            -0.0,
            5e-324,
            f64::NAN,
            -f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            f64::MIN,
        ]),
        1 => any::<f64>(),
        1 => -1e12..1e12f64,
    ]
}

/// A double inside the rule.
fn rule_coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => -B..=B,
        1 => prop::sample::select(vec![B, -B, 0.0, -0.0, 5e-324, -0.5, B - 0.5]),
        1 => -100.0..100.0f64,
    ]
}

/// 2^k, exactly.
fn pow2(k: i64) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// A valid cell size, log-uniform over 2^-7 ..= 2^21.
fn size_strategy() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => (-7i64..=20, 1.0..2.0f64).prop_map(|(k, m)| m * pow2(k)),
        1 => prop::sample::select(vec![MIN_CELL_SIZE, MAX_CELL_SIZE, 1.0, 0.5, 3.0]),
    ]
}

/// Any double as a cell size, valid or not.
fn any_size() -> impl Strategy<Value = f64> {
    prop_oneof![
        2 => size_strategy(),
        1 => prop::sample::select(vec![
            0.0,
            -0.0,
            -1.0,
            5e-324,
            f64::MIN_POSITIVE,
            1e-300,
            MIN_CELL_SIZE / 2.0,
            f64::from_bits(MIN_CELL_SIZE.to_bits() - 1),
            f64::from_bits(MAX_CELL_SIZE.to_bits() + 1),
            f64::NAN,
            f64::INFINITY,
        ]),
        1 => any::<f64>(),
    ]
}

fn grid_space() -> impl Strategy<Value = GridSpace> {
    (rule_coordinate(), rule_coordinate(), size_strategy())
        .prop_map(|(x, y, s)| GridSpace::new(x, y, s).unwrap())
}

fn hex_space() -> impl Strategy<Value = HexSpace> {
    (rule_coordinate(), rule_coordinate(), size_strategy())
        .prop_map(|(x, y, s)| HexSpace::new(x, y, s).unwrap())
}

fn any_cell() -> impl Strategy<Value = Cell> {
    let part = prop_oneof![
        2 => any::<i32>(),
        2 => -5000i32..5000,
        1 => prop::sample::select(vec![i32::MIN, i32::MAX, 0, -1, 1 << 21, -(1 << 21)]),
    ];
    (part.clone(), part).prop_map(|(x, y)| Cell::new(x, y))
}

fn layout() -> impl Strategy<Value = HexLayout> {
    prop::sample::select(HexLayout::ALL.to_vec())
}

/// A space and a grid size that fits it (origin chosen so the far corner stays inside), and a
/// cell of that grid.
fn fitting_square() -> impl Strategy<Value = (GridSpace, u32, u32, Cell)> {
    (
        size_strategy(),
        0.0..1.0f64,
        0.0..1.0f64,
        0.0..1.0f64,
        0.0..1.0f64,
        0.0..1.0f64,
        0.0..1.0f64,
    )
        .prop_map(|(size, fw, fh, fx, fy, cx, cy)| {
            // At most 2^21 cells per axis keep the test's cell indices small; at least 1.
            let max_cells = (2.0 * B / size).min(2_097_152.0);
            let w = (fw * max_cells).floor().max(1.0);
            let h = (fh * max_cells).floor().max(1.0);
            let ox = -B + fx * (2.0 * B - w * size).max(0.0);
            let oy = -B + fy * (2.0 * B - h * size).max(0.0);
            let cell = Cell::new((cx * w) as i32, (cy * h) as i32);
            (
                GridSpace::new(ox, oy, size).unwrap(),
                w as u32,
                h as u32,
                cell,
            )
        })
}

fn reference_center(s: &GridSpace, c: Cell) -> (f64, f64) {
    let o = s.origin();
    (
        o.x + (f64::from(c.x) + 0.5) * s.cell_size(),
        o.y + (f64::from(c.y) + 0.5) * s.cell_size(),
    )
}

fn reference_hex_center(
    layout: HexLayout,
    h: HexCoord,
    origin: (f64, f64),
    size: f64,
) -> (f64, f64) {
    let (q, r) = (f64::from(h.q), f64::from(h.r));
    let (x, y) = if layout.is_pointy() {
        (size * (q + r / 2.0), size * (HEX_SQRT3_2 * r))
    } else {
        (size * (HEX_SQRT3_2 * q), size * (r + q / 2.0))
    };
    (origin.0 + x, origin.1 + y)
}

/// The spec's cube rounding, written out independently.
fn reference_round(q: f64, r: f64) -> (i64, i64) {
    let s = -q - r;
    let (mut rq, mut rr, rs) = ((q + 0.5).floor(), (r + 0.5).floor(), (s + 0.5).floor());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    (rq as i64, rr as i64)
}

fn config() -> Config {
    Config {
        cases: 512,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// Construction accepts exactly an origin inside the rule and a size in 2^-7 ..= 2^21, and
    /// otherwise names the first bad field.
    #[test]
    fn construction_follows_the_rule(ox in any_coordinate(), oy in any_coordinate(), size in any_size()) {
        let square = GridSpace::new(ox, oy, size);
        let hex = HexSpace::new(ox, oy, size);
        match first_bad(ox, oy) {
            Some((axis, value)) => {
                for e in [square.unwrap_err(), hex.unwrap_err()] {
                    let GridError::Coordinate(e) = e else { panic!("{e:?}") };
                    assert_names(e, axis, value, B);
                }
            }
            None if !valid_size(size) => {
                for e in [square.unwrap_err(), hex.unwrap_err()] {
                    let GridError::InvalidCellSize { value } = e else { panic!("{e:?}") };
                    prop_assert_eq!(value.to_bits(), size.to_bits());
                    prop_assert!(e.to_string().contains("2^-7"), "{}", e);
                }
            }
            None => {
                let s = square.unwrap();
                prop_assert_eq!(s.cell_size(), size);
                prop_assert_eq!(s.origin(), WorldPoint::new(ox, oy));
                prop_assert!(hex.is_ok());
            }
        }
    }

    /// `center` of any cell is the formula's point when that point is inside the rule, and
    /// otherwise the error for the first axis outside it.
    #[test]
    fn square_center_is_in_rule_or_refused(s in grid_space(), c in any_cell()) {
        let (x, y) = reference_center(&s, c);
        match (s.center(c), first_bad(x, y)) {
            (Ok(p), None) => {
                assert_point_in_rule(p);
                prop_assert_eq!((p.x.to_bits(), p.y.to_bits()), (x.to_bits(), y.to_bits()));
            }
            (Err(e), Some((axis, value))) => assert_names(e, axis, value, B),
            (got, want) => prop_assert!(false, "{:?} vs {:?}", got, want),
        }
    }

    /// `cell_at` of a point inside the rule is the exact floor, never saturated (|index| <=
    /// 2^29); outside the rule it names the first bad axis.
    #[test]
    fn square_cell_at_is_exact_or_refused(s in grid_space(), x in any_coordinate(), y in any_coordinate()) {
        let got = s.cell_at(WorldPoint::new(x, y));
        if let Some((axis, value)) = first_bad(x, y) {
            assert_names(got.unwrap_err(), axis, value, B);
        } else {
            let c = got.unwrap();
            let o = s.origin();
            let fx = ((x - o.x) / s.cell_size()).floor();
            let fy = ((y - o.y) / s.cell_size()).floor();
            prop_assert!(fx.abs() <= 536_870_912.0 && fy.abs() <= 536_870_912.0);
            prop_assert_eq!((i64::from(c.x), i64::from(c.y)), (fx as i64, fy as i64));
        }
    }

    /// For a grid that fits its mapping: the centre of each cell is inside the rule and maps
    /// back to the cell; the grid's whole area (up to the far corner) is accepted.
    #[test]
    fn square_round_trip_inside_a_fitting_grid((s, w, h, c) in fitting_square()) {
        prop_assume!(s.check_extent(w, h).is_ok());
        let p = s.center(c).unwrap();
        assert_point_in_rule(p);
        prop_assert_eq!(s.cell_at(p), Ok(c));
        for corner in [Cell::new(0, 0), Cell::new(w as i32 - 1, h as i32 - 1)] {
            let p = s.center(corner).unwrap();
            prop_assert_eq!(s.cell_at(p), Ok(corner));
        }
        let o = s.origin();
        let far = WorldPoint::new(o.x + f64::from(w) * s.cell_size(), o.y + f64::from(h) * s.cell_size());
        prop_assert!(s.cell_at(far).is_ok());
    }

    /// `check_extent` refuses exactly the grids whose far corner leaves the rule, naming it;
    /// a grid it accepts has every centre inside the rule (checked on all cells of small
    /// grids).
    #[test]
    fn square_extent_is_the_far_corner(s in grid_space(), w in prop_oneof![0u32..8, any::<u32>()], h in prop_oneof![0u32..8, any::<u32>()]) {
        let o = s.origin();
        let far_x = o.x + f64::from(w) * s.cell_size();
        let far_y = o.y + f64::from(h) * s.cell_size();
        match (s.check_extent(w, h), first_bad(far_x, far_y)) {
            (Ok(()), None) => {
                if w < 8 && h < 8 {
                    for y in 0..h as i32 {
                        for x in 0..w as i32 {
                            assert_point_in_rule(s.center(Cell::new(x, y)).unwrap());
                        }
                    }
                }
            }
            (Err(GridError::ExtentOutOfRange { axis, value, width, height }), Some((a, v))) => {
                prop_assert_eq!((axis, value.to_bits(), width, height), (a, v.to_bits(), w, h));
            }
            (got, want) => prop_assert!(false, "{:?} vs {:?}", got, want),
        }
    }

    /// Cube rounding accepts exactly finite |q|, |r| <= 2^30, equals the spec's rounding there,
    /// and otherwise names the first bad axis.
    #[test]
    fn round_is_the_spec_rounding_or_refused(q in prop_oneof![any_coordinate(), -FRACTIONAL_BOUND..=FRACTIONAL_BOUND, Just(FRACTIONAL_BOUND), Just(-FRACTIONAL_BOUND), Just(FRACTIONAL_BOUND * 1.5)], r in prop_oneof![any_coordinate(), -FRACTIONAL_BOUND..=FRACTIONAL_BOUND, Just(-FRACTIONAL_BOUND)]) {
        let ok = |v: f64| v.is_finite() && v.abs() <= FRACTIONAL_BOUND;
        let got = HexCoord::round(q, r);
        if !ok(q) {
            assert_names(got.unwrap_err(), Axis::Q, q, FRACTIONAL_BOUND);
        } else if !ok(r) {
            assert_names(got.unwrap_err(), Axis::R, r, FRACTIONAL_BOUND);
        } else {
            let h = got.unwrap();
            prop_assert_eq!((i64::from(h.q), i64::from(h.r)), reference_round(q, r));
        }
    }

    /// A hex centre is the formula's point when inside the rule, else the first bad axis.
    #[test]
    fn hex_center_is_in_rule_or_refused(
        ox in rule_coordinate(), oy in rule_coordinate(), size in size_strategy(),
        l in layout(), c in any_cell(),
    ) {
        let s = HexSpace::new(ox, oy, size).unwrap();
        let h = HexCoord::new(c.x, c.y);
        let (x, y) = reference_hex_center(l, h, (ox, oy), size);
        match (s.center(l, h), first_bad(x, y)) {
            (Ok(p), None) => {
                assert_point_in_rule(p);
                prop_assert_eq!((p.x.to_bits(), p.y.to_bits()), (x.to_bits(), y.to_bits()));
            }
            (Err(e), Some((axis, value))) => assert_names(e, axis, value, B),
            (got, want) => prop_assert!(false, "{:?} vs {:?}", got, want),
        }
    }

    /// Every point inside the rule maps to a hex (the fractional coordinates stay inside the
    /// rounding range on every valid mapping); points outside name the first bad axis.
    #[test]
    fn hex_at_maps_every_point_in_rule(s in hex_space(), l in layout(), x in any_coordinate(), y in any_coordinate()) {
        let got = s.hex_at(l, WorldPoint::new(x, y));
        if let Some((axis, value)) = first_bad(x, y) {
            assert_names(got.unwrap_err(), axis, value, B);
        } else {
            let h = got.unwrap();
            // The centre of that hex is either inside the rule or refused, never beyond it.
            if let Ok(p) = s.center(l, h) {
                assert_point_in_rule(p);
            }
        }
    }

    /// For a hex grid that fits its mapping: offset cell -> axial -> centre (inside the rule)
    /// -> hex -> offset cell.
    #[test]
    fn hex_round_trip_inside_a_fitting_grid(
        size in size_strategy(), l in layout(),
        fw in 0.0..1.0f64, fh in 0.0..1.0f64, fx in 0.0..1.0f64, fy in 0.0..1.0f64,
        cx in 0.0..1.0f64, cy in 0.0..1.0f64,
    ) {
        // Centres spread over at most (w + 1) x (h + 1) sizes; keep clear of the bound.
        let max_cells = ((2.0 * B) / size - 2.0).clamp(1.0, 2_097_152.0);
        let w = (fw * max_cells).floor().max(1.0);
        let h = (fh * max_cells).floor().max(1.0);
        let ox = -B + size + fx * (2.0 * B - (w + 1.0) * size).max(0.0);
        let oy = -B + size + fy * (2.0 * B - (h + 1.0) * size).max(0.0);
        let s = HexSpace::new(ox.clamp(-B, B), oy.clamp(-B, B), size).unwrap();
        let (w, h) = (w as u32, h as u32);
        prop_assume!(s.check_extent(l, w, h).is_ok());
        let cells = [
            Cell::new((cx * f64::from(w)) as i32, (cy * f64::from(h)) as i32),
            Cell::new(0, 0),
            Cell::new(w as i32 - 1, h as i32 - 1),
            Cell::new(0, h as i32 - 1),
            Cell::new(w as i32 - 1, 0),
        ];
        for cell in cells {
            let a = l.offset_to_axial(cell.x, cell.y);
            let p = s.center(l, a).unwrap();
            assert_point_in_rule(p);
            prop_assert_eq!(s.hex_at(l, p), Ok(a));
            prop_assert_eq!(l.axial_to_offset(a), (cell.x, cell.y));
        }
    }

    /// `HexSpace::check_extent` accepts a grid exactly when every cell centre is inside the
    /// rule (all cells of small grids next to the bound), and names an offending centre.
    #[test]
    fn hex_extent_is_exactly_the_centres(
        corner in prop::sample::select(vec![(-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0), (1.0, -1.0)]),
        inset in 0.0..4.0f64, size in prop_oneof![0.4..1.5f64, Just(MIN_CELL_SIZE)],
        l in layout(), w in 0u32..6, h in 0u32..6,
    ) {
        let ox = corner.0 * (B - inset);
        let oy = corner.1 * (B - inset);
        let s = HexSpace::new(ox, oy, size).unwrap();
        let mut bad = Vec::new();
        for row in 0..h as i32 {
            for col in 0..w as i32 {
                match s.center(l, l.offset_to_axial(col, row)) {
                    Ok(p) => assert_point_in_rule(p),
                    Err(e) => bad.push((e.axis, e.value.to_bits())),
                }
            }
        }
        match s.check_extent(l, w, h) {
            Ok(()) => prop_assert!(bad.is_empty(), "{:?}", bad),
            Err(GridError::ExtentOutOfRange { axis, value, width, height }) => {
                prop_assert_eq!((width, height), (w, h));
                prop_assert!(!in_rule(value));
                // The named coordinate is the one `center` refuses for one of the cells.
                prop_assert!(bad.contains(&(axis, value.to_bits())), "{:?} {} not in {:?}", axis, value, bad);
            }
            Err(e) => prop_assert!(false, "{:?}", e),
        }
    }
}

/// Queries in world points refuse points outside the rule with the typed error (on both grid
/// kinds), and every path point they return is a cell centre inside the rule.
#[test]
fn world_queries_follow_the_rule() {
    let grid = Grid::from_text(
        "
        ......
        .##...
        ......
        ",
    )
    .unwrap()
    .with_space(GridSpace::new(-2_097_152.0, 2_097_100.0, 8.0).unwrap())
    .unwrap();
    grid.space()
        .check_extent(grid.width(), grid.height())
        .unwrap();
    let o = GridOptions::DEFAULT;
    let a = WorldPoint::new(-2_097_150.0, 2_097_101.0);
    let b = WorldPoint::new(-2_097_110.0, 2_097_120.0);
    let path = grid.find_path_world(a, b, &o).unwrap();
    assert_eq!(path.status, PathStatus::Found);
    assert_eq!(path.points.len(), path.cells.len());
    for (&c, &p) in path.cells.iter().zip(&path.points) {
        assert_point_in_rule(p);
        assert_eq!(grid.space().center(c), Ok(p));
    }
    for (bad, axis, value) in [
        (WorldPoint::new(f64::NAN, 0.0), Axis::X, f64::NAN),
        (WorldPoint::new(0.0, 2_097_152.5), Axis::Y, 2_097_152.5),
        (
            WorldPoint::new(f64::NEG_INFINITY, f64::NAN),
            Axis::X,
            f64::NEG_INFINITY,
        ),
    ] {
        let Err(QueryError::Coordinate(e)) = grid.find_path_world(bad, b, &o) else {
            panic!("{bad:?} accepted");
        };
        assert_names(e, axis, value, B);
        let Err(QueryError::Coordinate(e)) = grid.find_path_world(a, bad, &o) else {
            panic!("{bad:?} accepted");
        };
        assert_names(e, axis, value, B);
    }
    // Inside the rule but outside the grid: a status, not an error.
    let far = WorldPoint::new(2_097_152.0, -2_097_152.0);
    assert_eq!(
        grid.find_path_world(far, b, &o).unwrap().status,
        PathStatus::StartInvalid
    );

    let hex = HexGrid::new(5, 4, HexLayout::FlatEvenColumn)
        .unwrap()
        .with_space(HexSpace::new(2_097_140.0, 0.0, 2.0).unwrap())
        .unwrap();
    hex.space()
        .check_extent(hex.layout(), hex.width(), hex.height())
        .unwrap();
    let start = hex
        .space()
        .center(hex.layout(), hex.to_axial(Cell::new(0, 0)))
        .unwrap();
    let goal = hex
        .space()
        .center(hex.layout(), hex.to_axial(Cell::new(4, 3)))
        .unwrap();
    let path = hex.find_path_world(start, goal, &o).unwrap();
    assert_eq!(path.status, PathStatus::Found);
    for (&c, &p) in path.cells.iter().zip(&path.points) {
        assert_point_in_rule(p);
        assert_eq!(hex.space().center(hex.layout(), hex.to_axial(c)), Ok(p));
    }
    let Err(QueryError::Coordinate(e)) = hex.find_path_world(WorldPoint::new(3e6, 0.0), goal, &o)
    else {
        panic!("3e6 accepted");
    };
    assert_names(e, Axis::X, 3e6, B);
}
