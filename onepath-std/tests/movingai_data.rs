//! Moving AI 2D files in `../shared/data/movingai` parse, and every scenario names a map next
//! to it whose size matches the line. When the build script finds no data (`build.rs`,
//! `cfg(onepath_no_data)`) both tests are ignored, and the summary says why; a test run anyway
//! still skips with a message.
//!
//! The default test reads every 8th scenario file and its map (about a second in a debug
//! build); `cargo test --release -p onepath-std --test movingai_data -- --ignored` reads all
//! 310 files (under a second in release).

use onepath_std::data::require_movingai;
use onepath_std::movingai::files::{
    collect_scenario_files, group_by_map, map_path_for, read_map, read_scenarios, set_name,
};
use onepath_std::movingai::{MovingAiOptions, ScenarioVersion};

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn a_sample_of_benchmark_files_parses_and_matches_its_maps() {
    let Some(dir) = require_movingai("a sample of benchmark files parses") else {
        return;
    };
    let files = collect_scenario_files(&[&dir]).unwrap();
    assert_eq!(files.len(), 310);
    let sample: Vec<_> = files.into_iter().step_by(8).collect();
    let (_, maps) = check_files(&sample);
    assert_eq!(maps, sample.len());
}

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
#[cfg_attr(
    not(onepath_no_data),
    ignore = "reads all 100 MB; run with --release -- --ignored"
)]
fn every_benchmark_file_parses_and_matches_its_map() {
    let Some(dir) = require_movingai("every benchmark file parses") else {
        return;
    };
    let files = collect_scenario_files(&[&dir]).unwrap();
    let (lines, maps) = check_files(&files);
    // The data README's counts (dao 159,465 + da2 68,150 + … = 455,226 lines over 310 maps).
    assert_eq!((files.len(), maps), (310, 310));
    assert_eq!(lines, 455_226);
}

fn check_files(files: &[std::path::PathBuf]) -> (usize, usize) {
    let mut lines = 0;
    let mut maps = 0;
    for scen_path in files {
        let set = set_name(scen_path);
        let scen = read_scenarios(scen_path).unwrap_or_else(|e| panic!("{e}"));
        let expected = if matches!(set.as_str(), "bg512" | "wc3maps512") {
            ScenarioVersion::V1_0
        } else {
            ScenarioVersion::V1
        };
        assert_eq!(scen.version(), expected, "{}", scen_path.display());
        lines += scen.len();
        for (name, indices) in group_by_map(scen.scenarios()) {
            let map_path = map_path_for(scen_path, &name).unwrap_or_else(|e| panic!("{e}"));
            let map =
                read_map(&map_path, &MovingAiOptions::DEFAULT).unwrap_or_else(|e| panic!("{e}"));
            maps += 1;
            assert_eq!(map.map_type(), "octile");
            for i in indices {
                let s = &scen.scenarios()[i];
                assert_eq!(
                    (s.map_width, s.map_height),
                    (map.width(), map.height()),
                    "{}:{}",
                    scen_path.display(),
                    s.line
                );
                if set != "wc3maps512" {
                    assert!(
                        map.is_walkable(s.start_x, s.start_y)
                            && map.is_walkable(s.goal_x, s.goal_y),
                        "{}:{} has a blocked endpoint",
                        scen_path.display(),
                        s.line
                    );
                }
            }
        }
    }
    eprintln!(
        "parsed {} scenario files ({lines} lines) and {maps} maps",
        files.len()
    );
    (lines, maps)
}
