//! What `onepath path` shows for every `--alg`: the expanded cells in the ASCII, SVG and PNG
//! pictures (issue 14: the jump searches and the octile A* drew none, because the CLI read the
//! generic engine's record instead of the handle's), and the path itself in `--json`.

use std::fs;
use std::path::Path;

use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;

/// Every `--alg` value, as the help spells it.
const ALGS: [&str; 5] = ["astar", "dijkstra", "octile-astar", "jps", "jps+"];

/// Colours the renderer uses for everything that is not an expanded cell (kept in step with
/// `src/render.rs`): open, wall, path, start, goal.
const NOT_EXPANDED: [[u8; 3]; 5] = [
    [250, 250, 250],
    [45, 48, 56],
    [220, 20, 60],
    [0, 160, 80],
    [30, 90, 220],
];

/// Runs `onepath args…`, asserts exit 0, returns stdout.
fn run(args: &[&str]) -> String {
    let assert = cargo_bin_cmd!("onepath").args(args).assert().code(0);
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&run(args)).unwrap()
}

/// Pixels of the PNG at `path` that have an expansion colour (none of [`NOT_EXPANDED`]).
fn expansion_pixels(path: &Path) -> usize {
    let decoder = png::Decoder::new(std::io::Cursor::new(fs::read(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    buf.chunks(3)
        .filter(|p| !NOT_EXPANDED.iter().any(|c| p == c))
        .count()
}

/// The `<rect>`s of the SVG's `expanded` group.
fn svg_expanded_rects(svg: &str) -> usize {
    let group = svg.split("<g id=\"expanded\">").nth(1).unwrap();
    group.split("</g>").next().unwrap().matches("<rect").count()
}

#[test]
fn every_algorithm_draws_its_expanded_cells() {
    let dir = tempfile::tempdir().unwrap();
    for alg in ALGS {
        let expansions = json(&["path", "--alg", alg, "--json"])["expansions"]
            .as_u64()
            .unwrap();
        assert!(expansions > 0, "{alg}");
        let png = dir.path().join(format!("{alg}.png"));
        let svg = dir.path().join(format!("{alg}.svg"));
        let out = run(&[
            "path",
            "--alg",
            alg,
            "--ascii",
            "--png",
            png.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ]);
        // The picture is the 48 rows after the two summary lines; `o` is an expanded cell
        // that is not on the path or an endpoint.
        let rows: Vec<&str> = out.lines().skip(2).take(48).collect();
        assert!(rows.iter().all(|r| r.len() == 64), "{alg}: {out}");
        let marked = rows.iter().map(|r| r.matches('o').count()).sum::<usize>();
        assert!(
            marked > 0,
            "{alg}: no expanded cell in the ASCII picture\n{out}"
        );
        assert!(
            marked as u64 <= expansions,
            "{alg}: {marked} > {expansions}"
        );
        // The SVG has one rect per expansion (for the jump searches: per jump point).
        let text = fs::read_to_string(&svg).unwrap();
        assert_eq!(svg_expanded_rects(&text) as u64, expansions, "{alg}");
        // The PNG colours them (12 pixels per cell on the bundled map).
        let pixels = expansion_pixels(&png);
        assert!(pixels >= marked * 12, "{alg}: {pixels} expansion pixels");
    }
}

/// The bundled map (kept in step with `src/default_map.txt`, which the binary embeds).
const BUNDLED: &str = include_str!("../src/default_map.txt");

/// Whether `(x, y)` is an open cell of [`BUNDLED`].
fn open(x: i64, y: i64) -> bool {
    let rows: Vec<&[u8]> = BUNDLED.lines().map(str::as_bytes).collect();
    usize::try_from(y)
        .ok()
        .and_then(|y| rows.get(y))
        .zip(usize::try_from(x).ok())
        .and_then(|(row, x)| row.get(x))
        .is_some_and(|&c| c != b'#')
}

#[test]
fn json_prints_the_path_as_a_legal_chain_of_cells() {
    for alg in ALGS {
        let v = json(&[
            "path", "--alg", alg, "--json", "--from", "3,3", "--to", "58,43",
        ]);
        assert_eq!(v["status"], "Found", "{alg}");
        let cells: Vec<(i64, i64)> = v["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap()))
            .collect();
        // Every cell, in path order, start first (the jump searches too: not jump points).
        assert_eq!(
            cells.len() as u64,
            v["path_cells"].as_u64().unwrap(),
            "{alg}"
        );
        assert_eq!(cells.first(), Some(&(3, 3)), "{alg}");
        assert_eq!(cells.last(), Some(&(58, 43)), "{alg}");
        let mut cost = 0.0;
        for pair in cells.windows(2) {
            let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
            let (dx, dy) = (x1 - x0, y1 - y0);
            assert!(
                dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
                "{alg}: {:?} -> {:?} is not one 8-connected step",
                pair[0],
                pair[1]
            );
            assert!(open(x1, y1), "{alg}: {:?} is a wall", pair[1]);
            if dx != 0 && dy != 0 {
                // No corner cutting: both cells beside a diagonal step are open.
                assert!(open(x0 + dx, y0) && open(x0, y0 + dy), "{alg}: {pair:?}");
                cost += std::f64::consts::SQRT_2;
            } else {
                cost += 1.0;
            }
        }
        let reported = v["cost"].as_f64().unwrap();
        assert!(
            (cost - reported).abs() < 1e-9,
            "{alg}: {cost} vs {reported}"
        );
    }
    // Without a path the list is empty.
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("split.txt");
    fs::write(&map, "..#..\n..#..\n").unwrap();
    let v = json(&[
        "path",
        "--map",
        map.to_str().unwrap(),
        "--from",
        "0,0",
        "--to",
        "4,1",
        "--json",
    ]);
    assert_eq!(v["status"], "NoPath");
    assert_eq!(v["cells"], serde_json::json!([]));
}
