//! Target `grid_flow`: a model-based run of `GridFlowField` on a small square or hex grid.
//!
//! Input: a configuration byte (square 4-/8-connected with a diagonal rule and agent size 1–3,
//! or a hex layout), width and height (1..=14), a wall density and map seed, an area-1 cost,
//! up to three goals (anywhere, walls and out-of-range cells included); then operations until
//! the input ends (at most 128), one byte and its arguments:
//!
//! | op | what |
//! |---|---|
//! | step | `step(k)`, k = 1..=16, on the field under test |
//! | edit | `set_area` of one cell (open, wall or area 1), then `refresh` |
//! | area cost | area 1's multiplier changes, then `refresh` |
//! | save/restore | save, restore into a fresh handle |
//! | damage | save, flip one byte, restore into a fresh handle |
//!
//! Properties:
//! - nothing panics; `check_invariants` holds after every operation (against the topology);
//! - a field stepped in any slices, saved and restored along the way, ends equal (cost bits,
//!   next, settled) to one created and run at once on the same grid;
//! - after `refresh` the field equals a fresh one on the edited grid;
//! - `step` after an edit without `refresh` returns `GridChanged`;
//! - a restored snapshot saves the same bytes; a damaged snapshot is refused, or, if accepted,
//!   is a state the field reaches (it finishes equal to the fresh field and saves the same
//!   bytes it was restored from).

use onepath::flow::FlowStep;
use onepath::grid::SquareTopology;
use onepath::hex::HexTopology;
use onepath::math::SplitMix64;
use onepath::query::FlowMap;
use onepath::{
    Cell, Connectivity, DiagonalRule, Grid, GridFlowField, GridOptions, HexGrid, HexLayout,
    QueryError,
};

use crate::input::Input;

const MAX_SIDE: u32 = 14;

enum Map {
    Square(Grid),
    Hex(HexGrid),
}

struct Model {
    map: Map,
    options: GridOptions,
    goals: Vec<Cell>,
    field: GridFlowField,
}

fn create(map: &Map, goals: &[Cell], o: &GridOptions) -> GridFlowField {
    match map {
        Map::Square(g) => g.create_flow_field(goals, o),
        Map::Hex(g) => g.create_flow_field(goals, o),
    }
    .expect("valid options")
}

fn same(a: &GridFlowField, b: &GridFlowField, what: &str) {
    assert_eq!(a.state(), b.state(), "{what}: state");
    assert_eq!(a.settled(), b.settled(), "{what}: settled");
    assert!(
        a.costs()
            .iter()
            .zip(b.costs())
            .all(|(x, y)| x.to_bits() == y.to_bits()),
        "{what}: costs"
    );
    assert_eq!(a.nexts(), b.nexts(), "{what}: next");
}

fn save(field: &GridFlowField, map: &impl FlowMap) -> Vec<u8> {
    let mut out = vec![0u8; field.state_size()];
    let n = field.save_state(map, &mut out).expect("sized, same map");
    assert_eq!(n, out.len());
    out
}

impl Model {
    fn check(&self) {
        let f = self.field.field();
        let o = &self.options;
        let ok = match &self.map {
            Map::Square(g) => {
                let t = SquareTopology::new(g, o.agent_size, o.connectivity, o.diagonal_rule)
                    .expect("size >= 1");
                f.check_invariants(&t)
            }
            Map::Hex(g) => f.check_invariants(&HexTopology::new(g)),
        };
        assert!(ok, "invariants");
    }

    fn with_map<R>(&self, f: impl FnOnce(&dyn Fn(&GridFlowField) -> Vec<u8>) -> R) -> R {
        match &self.map {
            Map::Square(g) => f(&|x| save(x, g)),
            Map::Hex(g) => f(&|x| save(x, g)),
        }
    }

    fn restore(
        &self,
        into: &mut GridFlowField,
        bytes: &[u8],
    ) -> Result<(), onepath::state::StateError> {
        match &self.map {
            Map::Square(g) => into.restore_state(g, bytes),
            Map::Hex(g) => into.restore_state(g, bytes),
        }
    }

    fn step(&mut self, k: u32) -> Result<FlowStep, QueryError> {
        match &self.map {
            Map::Square(g) => self.field.step(g, k),
            Map::Hex(g) => self.field.step(g, k),
        }
    }

    fn refresh(&mut self) {
        match &self.map {
            Map::Square(g) => self.field.refresh(g),
            Map::Hex(g) => self.field.refresh(g),
        }
        .expect("same map");
        let fresh = create(&self.map, &self.goals, &self.options);
        same(&self.field, &fresh, "refresh");
    }
}

fn decode(input: &mut Input<'_>) -> Model {
    let config = input.u8();
    let w = 1 + input.below(MAX_SIDE);
    let h = 1 + input.below(MAX_SIDE);
    let density = input.below(50);
    let seed = u64::from(input.u16());
    let cost = [1.0, 2.0, 0.5, 1.3][input.below(4) as usize];
    let mut rng = SplitMix64::new(seed);
    let cells: Vec<u8> = (0..w * h)
        .map(|_| match rng.below(100) {
            r if r < density => 255,
            r if r < density + 15 => 1,
            _ => 0,
        })
        .collect();
    let goals: Vec<Cell> = (0..input.below(4))
        .map(|_| Cell::new(input.below(w + 2) as i32 - 1, input.below(h + 2) as i32 - 1))
        .collect();
    let (map, options) = if config & 0x80 != 0 {
        let layout = [
            HexLayout::PointyOddRow,
            HexLayout::PointyEvenRow,
            HexLayout::FlatOddColumn,
            HexLayout::FlatEvenColumn,
        ][usize::from(config & 3)];
        let mut g = HexGrid::from_areas(w, h, layout, cells).expect("consistent");
        g.set_area_cost(1, cost).expect("valid");
        (Map::Hex(g), GridOptions::DEFAULT)
    } else {
        let mut g = Grid::from_areas(w, h, cells).expect("consistent");
        g.set_area_cost(1, cost).expect("valid");
        let conn = if config & 1 == 0 {
            Connectivity::Eight
        } else {
            Connectivity::Four
        };
        let rule = [
            DiagonalRule::NoCornerCutting,
            DiagonalRule::NoSqueezing,
            DiagonalRule::AllowAll,
        ][usize::from((config >> 1) % 3)];
        let size = 1 + (config >> 3) % 3;
        let o = GridOptions::DEFAULT
            .with_connectivity(conn)
            .with_diagonal_rule(rule)
            .with_agent_size(size);
        (Map::Square(g), o)
    };
    let budget = u32::from(input.u8());
    let field = create(&map, &goals, &options.with_iteration_budget(budget));
    Model {
        map,
        options,
        goals,
        field,
    }
}

/// The `grid_flow` body: never panics; asserts the properties in the module docs.
pub fn grid_flow(data: &[u8]) {
    let mut input = Input::new(data);
    let mut m = decode(&mut input);
    m.check();
    let mut ops = 0;
    while !input.is_empty() && ops < 128 {
        ops += 1;
        match input.below(5) {
            0 => {
                let k = 1 + input.below(16);
                let _ = m.step(k).expect("same map, unedited");
            }
            1 | 2 => {
                let (w, h) = m.field.size();
                let cell = Cell::new(input.below(w) as i32, input.below(h) as i32);
                let area = [0u8, 255, 1][input.below(3) as usize];
                let changed = match &mut m.map {
                    Map::Square(g) => {
                        let before = g.revision();
                        g.set_area(cell, area).expect("inside");
                        g.revision() != before
                    }
                    Map::Hex(g) => {
                        let before = g.revision();
                        g.set_area(cell, area).expect("inside");
                        g.revision() != before
                    }
                };
                if changed && m.field.state() == FlowStep::InProgress {
                    assert!(matches!(m.step(1), Err(QueryError::GridChanged { .. })));
                }
                if input.below(2) == 0 || area == 1 {
                    let cost = [1.0, 3.0, 0.25][input.below(3) as usize];
                    match &mut m.map {
                        Map::Square(g) => g.set_area_cost(1, cost),
                        Map::Hex(g) => g.set_area_cost(1, cost),
                    }
                    .expect("valid cost");
                }
                m.refresh();
            }
            3 => {
                let bytes = m.with_map(|s| s(&m.field));
                let mut other = create(&m.map, &[Cell::new(0, 0)], &m.options);
                m.restore(&mut other, &bytes).expect("own snapshot");
                same(&other, &m.field, "restored");
                assert_eq!(m.with_map(|s| s(&other)), bytes, "canonical");
                m.field = other;
            }
            _ => {
                let mut bytes = m.with_map(|s| s(&m.field));
                let at = (input.u16() as usize) % bytes.len();
                bytes[at] ^= 1 << input.below(8);
                let mut other = create(&m.map, &m.goals, &m.options);
                if m.restore(&mut other, &bytes).is_ok() {
                    assert_eq!(m.with_map(|s| s(&other)), bytes, "accepted bytes re-save");
                }
            }
        }
        m.check();
    }
    // Finish: equal to a field created and run at once.
    while m.step(u32::MAX).expect("same map") == FlowStep::InProgress {}
    let fresh = create(&m.map, &m.goals, &m.options);
    same(&m.field, &fresh, "finished");
    m.check();
}
