//! `onepath optima --replan lpa|dstar` end to end: a small map of our own (always), and a
//! sample of dao and room from the Moving AI data (skipped visibly without it): 0 mismatches
//! between the replanners and a fresh A* after every wall toggle.

use std::fs;

use assert_cmd::cargo::cargo_bin_cmd;

fn run(args: &[&str], code: i32) -> String {
    let assert = cargo_bin_cmd!("onepath").args(args).assert().code(code);
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

const MAP: &str = "type octile\nheight 6\nwidth 8\nmap\n........\n.@@@@@@.\n........\n.@@..@@.\n........\n........\n";
const SCEN: &str =
    "version 1\n0\tt.map\t8\t6\t0\t0\t7\t5\t9.24264069\n0\tt.map\t8\t6\t7\t0\t0\t5\t9.24264069\n";

#[test]
fn replan_check_on_a_small_map() {
    let dir = std::env::temp_dir().join(format!("onepath-replan-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("t.map"), MAP).unwrap();
    fs::write(dir.join("t.map.scen"), SCEN).unwrap();
    let scen = dir.join("t.map.scen");
    for alg in ["lpa", "dstar"] {
        let out = run(
            &[
                "optima",
                scen.to_str().unwrap(),
                "--replan",
                alg,
                "--changes",
                "12",
                "--json",
            ],
            0,
        );
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["scenarios"], 2, "{out}");
        assert_eq!(v["mismatches"], 0, "{out}");
        assert!(v["replans"].as_u64().unwrap() > 10, "{out}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn replan_check_on_a_sample_of_dao_and_room() {
    let Some(data) = onepath_std::data::require_movingai("optima --replan sample") else {
        return;
    };
    for set in ["dao", "room"] {
        let path = data.join(set);
        for alg in ["lpa", "dstar"] {
            let out = run(
                &[
                    "optima",
                    path.to_str().unwrap(),
                    "--replan",
                    alg,
                    "--every",
                    "400",
                    "--limit",
                    "1",
                    "--changes",
                    "4",
                    "--json",
                ],
                0,
            );
            let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
            assert_eq!(v["mismatches"], 0, "{set} {alg}: {out}");
            assert!(v["replans"].as_u64().unwrap() > 0, "{set} {alg}: {out}");
        }
    }
}
