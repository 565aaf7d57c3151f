//! Target `search_ops`: a model-based run of `GridSearch` (A*, JPS, JPS+) under a sequence of
//! operations, two handles side by side: one with the specialised engines allowed (the
//! default) and one with `specialized_engines(false)` (the generic cores).
//!
//! Input: width and height (1..=24 each), a configuration byte (algorithm, estimate — auto,
//! octile or zero —, one cost `m` for every area — 1, 2.5 or 0.3 —, expansion recording), a
//! map seed and wall density; then operations until the input ends, each one byte and its
//! arguments:
//!
//! | op | what |
//! |---|---|
//! | begin | `try_begin(start, goal)`, endpoints anywhere from −1 to the side (refusals too) |
//! | step | `step(k)`, k = 1..=32 |
//! | set cell | `set_area` of one cell: open, wall or area 1–3 |
//! | set rect | `set_rect`, possibly out of bounds |
//! | area cost | area 1's multiplier: `m` again or `2m` (the map stops qualifying for the specialised engines) |
//! | save/restore | save, then restore into the same handle or a fresh one |
//! | restore saved | restore the last snapshot taken |
//!
//! Properties (see [`lane::Lane`] and [`compare::compare`]):
//! - both handles accept or refuse a begin alike, as a fresh handle does; a refusal leaves the
//!   running search unchanged;
//! - every search, sliced arbitrarily, saved and restored along the way, ends exactly as the
//!   unsliced run of the same query (state, path, iterations, expansions, cost bits);
//! - `step` after an edit returns `GridChanged` and leaves the search in progress;
//! - a snapshot restores exactly when the grid has the content it was taken on and then saves
//!   the same bytes; otherwise `MapMismatch`, the handle unchanged;
//! - a rectangle edit inside the map writes exactly its cells; a refused one changes nothing;
//! - the specialised and generic engines agree on every query ([`compare::compare`]).

pub mod compare;
pub mod lane;

use onepath::math::SplitMix64;
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, HeuristicKind};

use crate::input::Input;
use lane::{Lane, unsliced};

/// The largest side of the decoded map.
pub const MAX_SIDE: u32 = 24;

/// The map, the two lanes and the options, decoded from the input's first bytes.
struct Model {
    grid: Grid,
    m: f64,
    lanes: [Lane; 2],
}

/// The `search_ops` body: never panics; asserts the properties in the module docs.
pub fn search_ops(data: &[u8]) {
    let mut input = Input::new(data);
    let mut model = decode(&mut input);
    let mut ops = 0;
    while !input.is_empty() && ops < 256 {
        ops += 1;
        op(&mut model, &mut input);
    }
    for lane in &mut model.lanes {
        lane.finish(&model.grid);
    }
}

fn decode(input: &mut Input<'_>) -> Model {
    let (w, h) = (1 + input.below(MAX_SIDE), 1 + input.below(MAX_SIDE));
    let config = input.u8();
    let algorithm = [
        GridAlgorithm::AStar,
        GridAlgorithm::Jps,
        GridAlgorithm::JpsPlus,
    ][usize::from(config % 3)];
    let heuristic = [
        HeuristicKind::Auto,
        HeuristicKind::Octile,
        HeuristicKind::Zero,
    ][usize::from(config / 3 % 3)];
    let m = [1.0, 2.5, 0.3][usize::from(config / 9 % 3)];
    let record = config / 27 % 2 == 1;
    let mut r = SplitMix64::new(u64::from(input.u32()));
    let density = input.below(60);
    let cells = (0..w * h)
        .map(|_| if r.chance(density, 100) { 255 } else { 0 })
        .collect();
    let mut grid = Grid::from_areas(w, h, cells).expect("at most 24 x 24 cells");
    for a in 0..255 {
        grid.set_area_cost(a, m)
            .expect("a positive finite multiplier");
    }
    let options = GridOptions::DEFAULT
        .with_algorithm(algorithm)
        .with_heuristic(heuristic)
        .with_record_expansions(record);
    Model {
        grid,
        m,
        lanes: [
            Lane::new(options),
            Lane::new(options.with_specialized_engines(false)),
        ],
    }
}

/// A coordinate from −1 to `side` (one outside on either end).
fn coordinate(input: &mut Input<'_>, side: u32) -> i32 {
    input.below(side + 2) as i32 - 1
}

fn op(model: &mut Model, input: &mut Input<'_>) {
    let (w, h) = (model.grid.width(), model.grid.height());
    match input.below(10) {
        0 | 1 => {
            let start = Cell::new(coordinate(input, w), coordinate(input, h));
            let goal = Cell::new(coordinate(input, w), coordinate(input, h));
            let grid = &model.grid;
            let steps = model
                .lanes
                .each_mut()
                .map(|lane| lane.begin(grid, start, goal));
            assert_eq!(steps[0], steps[1], "the lanes disagree on a begin");
            let fast = unsliced(model.lanes[0].options, grid, start, goal);
            let generic = unsliced(model.lanes[1].options, grid, start, goal);
            if let (Ok(fast), Ok(generic)) = (fast, generic) {
                compare::compare(grid, &fast, &generic, start, goal);
            }
        }
        2..=4 => {
            let k = 1 + input.below(32);
            for lane in &mut model.lanes {
                lane.step(&model.grid, k);
            }
        }
        5 => {
            let c = Cell::new(input.below(w) as i32, input.below(h) as i32);
            let area = [0, 255, 1, 2, 3, 255][usize::from(input.u8() % 6)];
            let r = model.grid.set_area(c, area);
            assert_eq!(r, Ok(()), "an edit inside the map");
            assert_eq!(model.grid.area(c), Some(area));
        }
        6 => set_rect(model, input),
        7 => {
            let m = if input.bool() { model.m * 2.0 } else { model.m };
            let r = model.grid.set_area_cost(1, m);
            assert_eq!(r, Ok(()));
        }
        8 => {
            let fresh = input.bool();
            for lane in &mut model.lanes {
                lane.save_restore(&model.grid, fresh);
            }
        }
        _ => {
            for lane in &mut model.lanes {
                lane.restore_saved(&model.grid);
            }
        }
    }
}

/// A rectangle edit, possibly out of bounds: inside, exactly its cells change; refused,
/// nothing changes.
fn set_rect(model: &mut Model, input: &mut Input<'_>) {
    let (w, h) = (model.grid.width(), model.grid.height());
    let (x, y) = (coordinate(input, w), coordinate(input, h));
    let (rw, rh) = (input.below(w + 2), input.below(h + 2));
    let area = [0, 255, 2][usize::from(input.u8() % 3)];
    let before = model.grid.clone();
    let version = model.grid.version();
    let r = model.grid.set_rect(x, y, rw, rh, area);
    let inside = x >= 0 && y >= 0 && x as u32 + rw <= w && y as u32 + rh <= h;
    if inside {
        assert_eq!(r, Ok(()), "a rectangle inside the map");
    }
    if r.is_err() {
        assert!(
            model.grid == before,
            "a refused rectangle edit changed the grid"
        );
        assert_eq!(model.grid.version(), version);
        return;
    }
    let mut changed = false;
    for i in 0..model.grid.cell_count() {
        let c = model.grid.cell_of(i);
        let within = c.x >= x && c.y >= y && c.x < x + rw as i32 && c.y < y + rh as i32;
        let want = if within {
            area
        } else {
            before.cells()[i as usize]
        };
        assert_eq!(
            model.grid.cells()[i as usize],
            want,
            "cell {c:?} after set_rect"
        );
        changed |= want != before.cells()[i as usize];
    }
    assert_eq!(
        model.grid.version(),
        version + u64::from(changed),
        "one version per changing edit"
    );
}
