//! `onepath flow`: the JSON field (format and values), the picture, exit statuses and input
//! errors; `onepath optima --alg flow` on a small generated scenario file.

use std::process::Command;

fn onepath(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_onepath"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn tmp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("onepath-flow-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

#[test]
fn json_field_has_exactly_the_documented_keys_and_values() {
    let map = tmp("t.txt", "...\n.#.\n..2\n");
    let (code, out, err) = onepath(&["flow", "--map", &map, "--goal", "0,0", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let obj = v.as_object().unwrap();
    let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["cost", "height", "next", "width", "written"]);
    assert_eq!(v["written"], serde_json::json!([]));
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(3), Some(3))
    );
    let cost: Vec<Option<f64>> = v["cost"]
        .as_array()
        .unwrap()
        .iter()
        .map(serde_json::Value::as_f64)
        .collect();
    // Area 2 costs 1 by default (the text picture's areas all start at multiplier 1).
    assert_eq!(
        cost,
        [
            Some(0.0),
            Some(1.0),
            Some(2.0),
            Some(1.0),
            None,
            Some(3.0),
            Some(2.0),
            Some(3.0),
            Some(4.0)
        ]
    );
    let next: Vec<i64> = v["next"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_i64().unwrap())
        .collect();
    assert_eq!(next, [-1, 0, 1, 0, -1, 2, 3, 6, 5]);
}

#[test]
fn exact_doubles_round_trip_and_pictures_are_written() {
    let map = tmp("diag.txt", ".....\n.....\n.....\n");
    let (code, out, _) = onepath(&["flow", "--map", &map, "--goal", "4,2", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    // (2, 0): two diagonals.
    assert_eq!(
        v["cost"][2].as_f64().unwrap().to_bits(),
        (2.0 * onepath::math::SQRT2).to_bits()
    );
    let png = std::env::temp_dir().join(format!("onepath-flow-{}.png", std::process::id()));
    let (code, out, err) = onepath(&["flow", "--goal", "3,3", "--png", png.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("reachable cells"), "{out}");
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
}

#[test]
fn statuses_and_input_errors() {
    let map = tmp("w.txt", ".#\n..\n");
    // The only goal is a wall: named, exit 1, no field.
    let (code, out, err) = onepath(&["flow", "--map", &map, "--goal", "1,0", "--json"]);
    assert_eq!(code, 1);
    assert!(err.contains("--goal 1,0 is a wall"), "{err}");
    assert!(!out.contains("\"next\""), "{out}");
    let (code, _, err) = onepath(&["flow", "--map", &map]);
    assert_eq!(code, 2);
    assert!(err.contains("--goal"), "{err}");
    let (code, _, err) = onepath(&["flow", "--map", "/no/such/map.map", "--goal", "0,0"]);
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/map.map"), "{err}");
    let (code, _, _) = onepath(&["flow", "--goal", "nonsense"]);
    assert_eq!(code, 2);
}

#[test]
fn optima_with_the_flow_algorithm() {
    let map = tmp(
        "m.map",
        "type octile\nheight 4\nwidth 5\nmap\n.....\n.@@@.\n.....\n.....\n",
    );
    let scen = tmp(
        "m.map.scen",
        &format!(
            "version 1\n0\t{map}\t5\t4\t0\t0\t4\t0\t4\n0\t{map}\t5\t4\t0\t0\t4\t3\t{}\n",
            // Round the wall's west end: (0,0) down to (0,2), diagonally to (1,3), east to
            // (4,3): five straight steps and one diagonal.
            5.0 + std::f64::consts::SQRT_2
        ),
    );
    let (code, out, err) = onepath(&["optima", &scen, "--alg", "flow", "-q"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("PASS: 0 mismatches in 2 checked lines"),
        "{out}"
    );
}
