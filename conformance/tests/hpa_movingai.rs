//! HPA* on a sample of Moving AI scenarios (spec: grids.md, Verification, "HPA*"): chunk 16,
//! eight moves without corner cutting, smoothing on and off. Every path is checked move by
//! move by the reference model and re-priced; none may be missing, illegal, or shorter than
//! the published optimum (beyond the file's tolerance). The mean excess is printed; the full
//! sweep is `onepath optima --alg hpa [--smooth 0|1]` (figures in the note).

use conformance::model::{Model, Pos};
use conformance::path_check::check_path;
use conformance::square_ref::{self, SquareModel, unit_multipliers};
use onepath::{Cell, GridAlgorithm, GridOptions, PathStatus};
use onepath_std::data::movingai_dir;
use onepath_std::movingai::MovingAiOptions;
use onepath_std::movingai::files::{map_path_for, read_map, read_scenarios};

/// The sample: every 10th line of one map per set.
const FILES: [&str; 4] = [
    "dao/arena.map.scen",
    "bg512/AR0011SR.map.scen",
    "room/8room_000.map.scen",
    "sc1/Aurora.map.scen",
];
const EVERY: usize = 10;
const LIMIT: usize = 60;

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn hpa_paths_on_moving_ai_samples_are_legal_and_never_below_the_optimum() {
    let dir = movingai_dir().expect("the build script found the data");
    let mut checked = 0;
    for file in FILES {
        let scen_path = dir.join(file);
        if !scen_path.is_file() {
            eprintln!("skipped: {} is missing", scen_path.display());
            continue;
        }
        let scen = read_scenarios(&scen_path).expect("a valid scenario file");
        let lines = scen.scenarios();
        let map_path = map_path_for(&scen_path, lines[0].map_name()).expect("the map file");
        let map = read_map(&map_path, &MovingAiOptions::DEFAULT).expect("a valid map");
        let grid = map.to_grid().expect("a valid grid");
        let cells: Vec<u8> = map
            .walkable()
            .iter()
            .map(|&w| if w { 0 } else { square_ref::WALL })
            .collect();
        let model = SquareModel::new(
            map.width() as i32,
            map.height() as i32,
            cells,
            &unit_multipliers(),
            square_ref::Connectivity::Eight,
            square_ref::DiagonalRule::NoCornerCutting,
            1,
        );
        for smooth in [true, false] {
            let o = GridOptions::DEFAULT
                .with_algorithm(GridAlgorithm::Hpa)
                .with_hpa_smoothing(smooth);
            let (mut n, mut excess) = (0usize, 0.0f64);
            for s in lines.iter().step_by(EVERY).take(LIMIT) {
                if s.is_unreachable_marker() {
                    continue;
                }
                let (a, b) = (
                    (s.start_x as i32, s.start_y as i32),
                    (s.goal_x as i32, s.goal_y as i32),
                );
                if !model.is_position(a) || !model.is_position(b) {
                    continue;
                }
                let p = grid
                    .find_path(Cell::new(a.0, a.1), Cell::new(b.0, b.1), &o)
                    .unwrap();
                assert_eq!(p.status, PathStatus::Found, "{file} line {}", s.line);
                assert_eq!(p.algorithm, GridAlgorithm::Hpa);
                let path: Vec<Pos> = p.cells.iter().map(|c| (c.x, c.y)).collect();
                let priced = check_path(&model, a, b, &path)
                    .unwrap_or_else(|e| panic!("{file} line {}: {e}", s.line));
                assert_eq!(priced.to_bits(), p.cost.to_bits(), "{file} line {}", s.line);
                assert!(
                    priced >= s.optimal_length - s.length_tolerance(),
                    "{file} line {}: {priced} below the optimum {}",
                    s.line,
                    s.optimal_length
                );
                if s.optimal_length > 0.0 {
                    excess += priced / s.optimal_length - 1.0;
                }
                n += 1;
            }
            println!(
                "{file} smoothing {smooth}: {n} lines, mean {:.3} % over the optimum",
                100.0 * excess / n.max(1) as f64
            );
            checked += n;
        }
    }
    assert!(checked > 0, "no sample line was checked");
}
