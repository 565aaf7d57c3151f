//! `onepath optima --alg hpa` and `onepath path --alg hpa --png` through the real binary.

use assert_cmd::cargo::cargo_bin_cmd;

/// A sample of two sets: every path is found, legal and never below the optimum (exit 0), and
/// the JSON reports the excess per set, smoothing on and off.
#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn optima_hpa_on_a_sample() {
    let Some(data) = onepath_std::data::require_movingai("optima --alg hpa sample") else {
        return;
    };
    for smooth in ["1", "0"] {
        let out = cargo_bin_cmd!("onepath")
            .args([
                "optima", "--alg", "hpa", "--chunk", "16", "--smooth", smooth,
            ])
            .args(["--every", "20", "--limit", "40", "--json", "--threads", "1"])
            .arg(data.join("dao/arena.map.scen"))
            .arg(data.join("room/8room_000.map.scen"))
            .assert()
            .code(0);
        let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        assert_eq!(v["alg"], "hpa");
        assert_eq!(v["smoothing"], smooth == "1");
        let total = &v["total"];
        assert!(total["checked"].as_u64().unwrap() > 0);
        assert_eq!(total["invalid"], 0);
        assert_eq!(total["missing"], 0);
        assert_eq!(total["below_optimum"], 0);
        assert!(total["mean_pct_over"].as_f64().unwrap() >= 0.0);
    }
}

#[test]
fn path_hpa_draws_a_png() {
    let dir = std::env::temp_dir().join(format!("onepath-hpa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("hpa.png");
    let out = cargo_bin_cmd!("onepath")
        .args([
            "path", "--alg", "hpa", "--chunk", "8", "--scale", "4", "--png",
        ])
        .arg(&png)
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("hpa:") && text.contains("Found"), "{text}");
    assert!(std::fs::metadata(&png).unwrap().len() > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}
