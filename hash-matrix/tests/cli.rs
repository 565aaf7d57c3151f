//! The binary: `check` passes on the committed goldens, fails with a readable diff when a
//! golden differs, and `bless` writes goldens that `check` then accepts.

use std::path::Path;
use std::process::Command;

fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hash-matrix"))
        .args(args)
        .env("HASH_MATRIX_GOLDEN_DIR", dir)
        .output()
        .expect("run hash-matrix");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code().unwrap_or(-1), text)
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hash-matrix-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn bless_then_check_then_a_changed_golden_fails_readably() {
    let dir = scratch("bless");
    let (code, out) = run(&dir, &["bless"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("blessed"), "{out}");
    let (code, out) = run(&dir, &["check"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("ok: "), "{out}");

    // The blessed files equal the committed ones.
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("golden");
    for f in hash_matrix::FAMILIES {
        let a = std::fs::read_to_string(dir.join(f.golden)).unwrap();
        let b = std::fs::read_to_string(committed.join(f.golden)).unwrap();
        assert!(
            a == b,
            "{}: bless output differs from the committed file",
            f.golden
        );
    }

    // Change one cost in a golden: check fails and names the record and the field.
    let path = dir.join("grids-astar.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("/8ncc/q00") && l.contains("status=Found"))
        .unwrap()
        .to_owned();
    let name = line.split(' ').next().unwrap();
    let changed = line.replacen("cost=0x4", "cost=0x3", 1);
    std::fs::write(&path, text.replacen(&line, &changed, 1)).unwrap();
    let (code, out) = run(&dir, &["check"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&format!("changed  {name}")), "{out}");
    assert!(out.contains("fields: cost 0x3"), "{out}");
    assert!(out.contains("FAILED: 1 of "), "{out}");

    // A prefix narrows the check to the records under it.
    let (code, out) = run(&dir, &["check", "grids/hex"]);
    assert_eq!(code, 0, "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_goldens_fail_and_usage_errors_exit_2() {
    let dir = scratch("empty");
    let (code, out) = run(&dir, &["check", "grids/hex"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no golden file"), "{out}");
    assert_eq!(run(&dir, &["frobnicate"]).0, 2);
    assert_eq!(run(&dir, &["check", "nothing/here"]).0, 2);
    assert_eq!(run(&dir, &["bless", "grids/astar/maze"]).0, 2);
    let (code, out) = run(&dir, &["list"]);
    assert_eq!(code, 0);
    assert!(out.contains("grids/astar/rooms8-97x45-s4"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
