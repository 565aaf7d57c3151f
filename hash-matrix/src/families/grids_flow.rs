//! `grids/flow/*`: flow fields (`GridFlowField`). Each scenario is one generated map and a
//! goal set (1–3 walkable cells picked by `SplitMix64::new(seed)`), with option variants
//! (`8ncc` eight-connected no corner cutting, `4` four-connected, `a2` agent size 2, `all`
//! eight-connected allow-all; hex scenarios run `hex`). Per variant:
//!
//! - `<v>/field`: the whole field — `bytes` is its snapshot size, `field` the count and FNV-1a
//!   of every cell's cost bits (low then high u32) followed by every `next` (u32::MAX none);
//! - `<v>/sliced7`: the field computed 7 pops per step, twin of `<v>/field`;
//! - `<v>/mid-state`: the kind-7 snapshot after half the settled count (`snapshot` digest);
//! - `<v>/restored`: that snapshot restored into another handle and finished, twin of
//!   `<v>/field`;
//! - `<v>/e1/repaired` and `<v>/e1/fresh`: after three cell edits (`SplitMix64::new(seed *
//!   16 + 1)`: a wall, an opening, an area change) the refreshed field and a field created on
//!   the edited map, twins.

use onepath::flow::FlowStep;
use onepath::math::SplitMix64;
use onepath::query::FlowMap;
use onepath::{Cell, Connectivity, DiagonalRule, Grid, GridFlowField, GridOptions, HexLayout};

use crate::digest::Digest;
use crate::mapgen::{self, Map};
use crate::record::StructureRecord;
use crate::registry::{Recorder, Scenario};
use crate::runs::map_record;

struct Case {
    name: &'static str,
    about: &'static str,
    build: fn() -> Map,
    costs: &'static [(u8, f64)],
    hex: Option<HexLayout>,
    seed: u64,
}

const CASES: &[Case] = &[
    Case {
        name: "rooms6-41x29-s3",
        about: "rooms and doors, one to three goals",
        build: || mapgen::rooms(41, 29, 6, 3),
        costs: &[],
        hex: None,
        seed: 71,
    },
    Case {
        name: "caves45-37x31-s4",
        about: "caves",
        build: || mapgen::caves(37, 31, 45, 4, 4),
        costs: &[],
        hex: None,
        seed: 72,
    },
    Case {
        name: "terrain-33x27-s5",
        about: "terrain with area costs (non-dyadic sums)",
        build: || mapgen::terrain(33, 27, 3, 5),
        costs: &[(1, 1.5), (2, 2.0), (3, 3.0), (4, 5.0), (mapgen::ROAD, 0.5)],
        hex: None,
        seed: 73,
    },
    Case {
        name: "maze-31x31-s6",
        about: "a maze with loops",
        build: || mapgen::maze(31, 31, 10, 6),
        costs: &[],
        hex: None,
        seed: 74,
    },
    Case {
        name: "hex-caves-29x23-s7",
        about: "caves as a flat odd-column hex grid",
        build: || mapgen::caves(29, 23, 45, 4, 7),
        costs: &[],
        hex: Some(HexLayout::FlatOddColumn),
        seed: 75,
    },
];

/// The scenarios of the family.
pub fn scenarios() -> Vec<Scenario> {
    CASES
        .iter()
        .map(|c| {
            Scenario::new(format!("grids/flow/{}", c.name), c.about, move |rec| {
                run_case(rec, c);
            })
        })
        .collect()
}

fn field_record(field: &GridFlowField) -> StructureRecord {
    let mut words = Vec::with_capacity(field.costs().len() * 3);
    for &c in field.costs() {
        let b = c.to_bits();
        words.push(b as u32);
        words.push((b >> 32) as u32);
    }
    words.extend_from_slice(field.nexts());
    StructureRecord {
        key: "field",
        bytes: field.state_size() as u64,
        values: Digest::of_u32s(&words),
    }
}

fn snapshot(field: &GridFlowField, map: &impl FlowMap) -> Vec<u8> {
    let mut out = vec![0u8; field.state_size()];
    let n = field.save_state(map, &mut out).expect("sized");
    out.truncate(n);
    out
}

fn goals(map: &Map, seed: u64) -> Vec<Cell> {
    let open: Vec<u32> = (0..map.width * map.height)
        .filter(|&i| map.cells[i as usize] != onepath::grid::WALL)
        .collect();
    let mut rng = SplitMix64::new(seed);
    (0..=rng.below(3))
        .map(|_| {
            let i = open[rng.below(open.len() as u32) as usize];
            Map::cell(i % map.width, i / map.width)
        })
        .collect()
}

/// Records one variant on a map (square or hex through `create` and `edit`).
fn variant<M: FlowMap + Clone>(
    rec: &mut Recorder,
    label: &str,
    map: &M,
    create: impl Fn(&M, &GridOptions) -> GridFlowField,
    o: &GridOptions,
    edit: impl Fn(&mut M),
) {
    let field = create(map, o);
    assert_eq!(field.state(), FlowStep::Complete);
    rec.structure(&format!("{label}/field"), None, field_record(&field));
    let mut sliced = create(map, &o.with_iteration_budget(0));
    while sliced.step(map, 7).expect("same map") == FlowStep::InProgress {}
    let twin = format!("{label}/field");
    rec.structure(
        &format!("{label}/sliced7"),
        Some(&twin),
        field_record(&sliced),
    );
    let half = create(map, &o.with_iteration_budget(field.settled() / 2));
    let bytes = snapshot(&half, map);
    rec.structure(
        &format!("{label}/mid-state"),
        None,
        StructureRecord {
            key: "snapshot",
            bytes: bytes.len() as u64,
            values: Digest::of_bytes(&bytes),
        },
    );
    let mut restored = create(map, &o.with_iteration_budget(1));
    restored.restore_state(map, &bytes).expect("own snapshot");
    let _ = restored.run(map).expect("same map");
    rec.structure(
        &format!("{label}/restored"),
        Some(&twin),
        field_record(&restored),
    );
    let mut edited = map.clone();
    edit(&mut edited);
    let mut repaired = field;
    repaired.refresh(&edited).expect("same map");
    let fresh = create(&edited, o);
    let fresh_label = format!("{label}/e1/fresh");
    rec.structure(&fresh_label, None, field_record(&fresh));
    rec.structure(
        &format!("{label}/e1/repaired"),
        Some(&fresh_label),
        field_record(&repaired),
    );
}

/// Three cell edits drawn from `seed`: a wall, an opening, an area-1 cell.
fn edits(seed: u64, w: u32, h: u32) -> [(Cell, u8); 3] {
    let mut rng = SplitMix64::new(seed * 16 + 1);
    let mut cell = || Map::cell(rng.below(w), rng.below(h));
    [(cell(), onepath::grid::WALL), (cell(), 0), (cell(), 1)]
}

fn run_case(rec: &mut Recorder, c: &Case) {
    let map = (c.build)();
    rec.map("map", map_record(&map));
    let gs = goals(&map, c.seed);
    let changes = edits(c.seed, map.width, map.height);
    if let Some(layout) = c.hex {
        let mut hex = map.to_hex(layout);
        for &(a, m) in c.costs {
            hex.set_area_cost(a, m).expect("valid cost");
        }
        variant(
            rec,
            "hex",
            &hex,
            |g, o| g.create_flow_field(&gs, o).expect("valid options"),
            &GridOptions::DEFAULT,
            |g| {
                for &(cell, a) in &changes {
                    g.set_area(cell, a).expect("inside");
                }
            },
        );
        return;
    }
    let mut grid: Grid = map.to_grid();
    for &(a, m) in c.costs {
        grid.set_area_cost(a, m).expect("valid cost");
    }
    let variants = [
        ("8ncc", GridOptions::DEFAULT),
        ("4", GridOptions::FOUR_CONNECTED),
        ("a2", GridOptions::for_agent_size(2)),
        (
            "all",
            GridOptions::DEFAULT
                .with_connectivity(Connectivity::Eight)
                .with_diagonal_rule(DiagonalRule::AllowAll),
        ),
    ];
    for (label, o) in variants {
        variant(
            rec,
            label,
            &grid,
            |g, o| g.create_flow_field(&gs, o).expect("valid options"),
            &o,
            |g| {
                for &(cell, a) in &changes {
                    g.set_area(cell, a).expect("inside");
                }
            },
        );
    }
}
