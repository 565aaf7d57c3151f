//! The voxel forms of the `onepath` binary: `optima` on `.3dscen` files (pass, mismatch,
//! invalid lines, a sample of the Warframe set) and `path --map X.3dmap` (text, JSON, PNG,
//! refusals).

use std::fs;

use assert_cmd::cargo::cargo_bin_cmd;

fn run(args: &[&str], code: i32) -> (String, String) {
    let assert = cargo_bin_cmd!("onepath").args(args).assert().code(code);
    let out = assert.get_output();
    (
        String::from_utf8(out.stdout.clone()).unwrap(),
        String::from_utf8(out.stderr.clone()).unwrap(),
    )
}

/// A 4 x 3 x 2 block with a solid column at x = 1, y = 0..2 (both layers).
const MAP: &str = "voxel 4 3 2\n1 0 0\n1 1 0\n1 0 1\n1 1 1\n";

fn folder(scen_lines: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("T.3dmap"), MAP).unwrap();
    fs::write(
        dir.path().join("T.3dmap.3dscen"),
        format!("version 1\nT.3dmap\n{scen_lines}"),
    )
    .unwrap();
    dir
}

#[test]
fn optima_passes_and_fails_on_small_files() {
    // (0,0,0) -> (2,0,0) around the column through y = 2: no corner cutting forbids every
    // edge move past the column, so six face moves. The second line starts inside the column
    // (invalid, not searched).
    let dir = folder("0 0 0 2 0 0 6.00000000 1.0\n1 0 0 2 0 0 1 1\n");
    let path = dir.path().to_str().unwrap();
    let (out, _) = run(&["optima", path, "--threads", "1"], 0);
    assert!(out.contains("T.3dmap"), "{out}");
    assert!(out.contains("total: 1 checked, 0 mismatches"), "{out}");
    let bad = folder("0 0 0 2 0 0 4.00000000 1.0\n");
    let (out, _) = run(&["optima", bad.path().to_str().unwrap(), "--json"], 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["mismatches"], 1);
    assert_eq!(
        v["maps"][0]["shown"][0].as_str().unwrap().split(':').next(),
        Some("line 3")
    );
    let broken = folder("0 0 0 2 0\n");
    let (_, err) = run(&["optima", broken.path().to_str().unwrap()], 2);
    assert!(err.contains("line 3: 5 fields, expected 8"), "{err}");
}

#[test]
fn path_draws_z_slices() {
    let dir = folder("");
    let map = dir.path().join("T.3dmap");
    let png = dir.path().join("p.png");
    let (out, _) = run(
        &[
            "path",
            "--map",
            map.to_str().unwrap(),
            "--from",
            "0,0,0",
            "--to",
            "3,0,1",
            "--png",
            png.to_str().unwrap(),
            "--scale",
            "4",
        ],
        0,
    );
    assert!(out.contains("Found"), "{out}");
    assert!(out.contains("slices z = [0, 1]"), "{out}");
    let decoder = png::Decoder::new(std::io::Cursor::new(fs::read(&png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    // Two slices side by side, each 4 x 3 voxels at 4 pixels under a 21-pixel label band
    // (`z=0`, 15 pixels high), as wide as the label (37 pixels), plus a 2-pixel gap.
    assert_eq!((info.width, info.height), (2 * (37 + 2), 21 + 12 + 2));
    let has = |c: [u8; 3]| buf.chunks(3).any(|p| p == c);
    assert!(has([0, 160, 80]) && has([30, 90, 220]) && has([45, 48, 56]));
    let (out, _) = run(
        &[
            "path",
            "--map",
            map.to_str().unwrap(),
            "--from",
            "1,0,0",
            "--to",
            "3,0,1",
            "--json",
        ],
        1,
    );
    assert!(out.contains("\"StartInvalid\""), "{out}");
    let (_, err) = run(
        &[
            "path",
            "--map",
            map.to_str().unwrap(),
            "--from",
            "0,0",
            "--to",
            "3,0,1",
        ],
        2,
    );
    assert!(err.contains("needs --from x,y,z"), "{err}");
    let (_, err) = run(&["path", "--from", "1,x,3"], 2);
    assert!(
        err.contains("`1,x,3` is not `x,y,z` with integers"),
        "{err}"
    );
}

/// A sample of the Warframe set: the first 100 lines of Simple and 30 spread over Complex.
/// The full sweep (all 60,000 lines) is `onepath optima ../shared/data/voxel`.
#[test]
#[cfg_attr(
    onepath_no_data,
    ignore = "Moving AI data not found: ../shared/data or $ONEPATH_DATA"
)]
fn warframe_sample_matches_the_published_lengths() {
    let Some(dir) = onepath_std::data::data_dir().map(|d| d.join("voxel")) else {
        eprintln!("skipped: no shared data");
        return;
    };
    let simple = dir.join("Simple.3dmap.3dscen");
    let complex = dir.join("Complex.3dmap.3dscen");
    if !simple.is_file() || !complex.is_file() {
        eprintln!("skipped: no voxel data in {}", dir.display());
        return;
    }
    let (out, _) = run(
        &[
            "optima",
            simple.to_str().unwrap(),
            "--limit",
            "100",
            "--threads",
            "1",
        ],
        0,
    );
    assert!(out.contains("total: 100 checked, 0 mismatches"), "{out}");
    let (out, _) = run(
        &[
            "optima",
            complex.to_str().unwrap(),
            "--every",
            "333",
            "--threads",
            "1",
        ],
        0,
    );
    assert!(out.contains("total: 31 checked, 0 mismatches"), "{out}");
}
