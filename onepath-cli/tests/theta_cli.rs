//! `onepath optima --alg theta|lazytheta` through the real binary: the Catmull-Rom sampling
//! of every found path is checked against the walls, and a sample run reports it.

use assert_cmd::cargo::cargo_bin_cmd;

/// The last four columns of the `any-angle: total` row: paths, samples and chords whose
/// Catmull-Rom sampling was checked, and how many left walkable space.
fn spline_totals(text: &str) -> [u64; 4] {
    let row = text
        .lines()
        .find(|l| l.starts_with("any-angle: total"))
        .unwrap_or_else(|| panic!("no any-angle total row in:\n{text}"));
    let cols: Vec<u64> = row
        .split_whitespace()
        .rev()
        .take(4)
        .map(|c| c.parse().unwrap())
        .collect();
    [cols[3], cols[2], cols[1], cols[0]]
}

/// Every found path of a small sample (two maps) has its Catmull-Rom samples and chords
/// checked, none leaves walkable space, and the run passes.
#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn optima_any_angle_checks_every_spline() {
    let Some(data) = onepath_std::data::require_movingai("optima --alg theta sample") else {
        return;
    };
    for alg in ["theta", "lazytheta"] {
        let out = cargo_bin_cmd!("onepath")
            .args(["optima", "--alg", alg, "--quiet", "--threads", "1"])
            .args(["--every", "10", "--limit", "30"])
            .arg(data.join("dao/arena.map.scen"))
            .arg(data.join("dao/lak303d.map.scen"))
            .assert()
            .code(0);
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let [paths, samples, chords, outside] = spline_totals(&text);
        let ratios: u64 = text
            .lines()
            .find(|l| l.starts_with("any-angle: total"))
            .and_then(|l| l.split_whitespace().nth(2))
            .and_then(|c| c.parse().ok())
            .unwrap();
        // Every found path had its sampling checked (the ratios count the found paths whose
        // published length is above 0), one chord fewer than samples per path.
        assert!(paths >= ratios && ratios >= 30, "{text}");
        assert!(samples > paths && chords + paths == samples, "{text}");
        assert_eq!(outside, 0, "{text}");
    }
}
