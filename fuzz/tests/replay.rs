//! Stable replay of every fuzz target body (`onepath_fuzz::TARGETS`) over
//! (a) the committed corpus, `fuzz/corpus/<target>/*`, and
//! (b) a few thousand deterministic inputs per target (four times as many in release
//!     builds): structured valid inputs, their mutations, mutations of the corpus, and raw
//!     random bytes (fixed seeds).
//!
//! A body's assertion failing here is a finding, reproducible on stable. The generated
//! `snapshot_restore` and `search_ops` seeds (`onepath_fuzz::seeds`) must equal the committed
//! `gen-*` files, and the issue-14 reproducers (`reproducers`) the committed `issue14-*`
//! files, which every subject must refuse; `ONEPATH_FUZZ_BLESS=1` rewrites them (after a
//! snapshot format change).

mod generate;
mod reproducers;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use generate::Gen;
use onepath::state::StateError;
use onepath_fuzz::snapshot_restore::subjects::{
    FastAStar, FastJps, FastJpsPlus, GenericAStar, Handle, Subject,
};
use onepath_fuzz::{TARGETS, seeds, snapshot_restore::world};

fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target)
}

/// The committed corpus of `target`, sorted by file name.
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = corpus_dir(target);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, fs::read(&p).expect("a corpus file"))
        })
        .collect()
}

/// Runs `body` on `data`, naming the input when it fails.
fn run(target: &str, body: fn(&[u8]), what: &str, data: &[u8]) {
    let r = std::panic::catch_unwind(|| body(data));
    if let Err(e) = r {
        let hex = data.iter().fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        });
        eprintln!(
            "{target}: {what} failed; input ({} bytes): {hex}",
            data.len()
        );
        std::panic::resume_unwind(e);
    }
}

fn body(target: &str) -> fn(&[u8]) {
    TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .map_or_else(|| panic!("no target {target}"), |&(_, f)| f)
}

#[test]
fn every_target_replays_its_committed_corpus() {
    for (target, f) in TARGETS {
        let files = corpus(target);
        assert!(
            files.len() >= 4,
            "{target}: only {} corpus files",
            files.len()
        );
        for (name, data) in &files {
            run(target, f, &format!("corpus file {name}"), data);
        }
    }
}

/// Compares (or, with `ONEPATH_FUZZ_BLESS=1`, writes) the generated seeds of a target: the
/// committed files whose names start with `prefix`.
fn check_generated(target: &str, prefix: &str, generated: &[(String, Vec<u8>)]) {
    let dir = corpus_dir(target);
    let bless = std::env::var_os("ONEPATH_FUZZ_BLESS").is_some_and(|v| v == "1");
    if bless {
        for (name, data) in generated {
            fs::write(dir.join(name), data).expect("writing a seed");
        }
    }
    let committed: Vec<_> = corpus(target)
        .into_iter()
        .filter(|(n, _)| n.starts_with(prefix))
        .collect();
    let mut want = generated.to_vec();
    want.sort();
    let names = |v: &[(String, Vec<u8>)]| v.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&committed),
        names(&want),
        "{target}: generated seeds differ from the committed ones"
    );
    for ((name, got), (_, want)) in committed.iter().zip(&want) {
        assert!(
            got == want,
            "{target}/{name} is stale: rerun with ONEPATH_FUZZ_BLESS=1"
        );
    }
}

#[test]
fn generated_seeds_are_committed() {
    check_generated("snapshot_restore", "gen-", &seeds::snapshot_restore());
    check_generated("search_ops", "gen-", &seeds::search_ops());
    let issue14: Vec<_> = reproducers::all()
        .iter()
        .map(|r| (r.name.clone(), r.seed()))
        .collect();
    check_generated("snapshot_restore", "issue14-", &issue14);
}

/// The issue-14 seeds are refused, by the subject they were taken with for the field the
/// damage breaks, and by every other subject of the raw mode; the snapshots they damaged
/// restore.
#[test]
fn issue14_reproducers_are_refused() {
    let grid = world::map(reproducers::MAP);
    let all = reproducers::all();
    assert_eq!(all.len(), 6);
    for r in &all {
        let mut sealed = r.good.clone();
        onepath_fuzz::frame::reseal(&mut sealed);
        assert!(sealed == r.good, "{}: re-sealing moves bytes", r.name);
        let want = Err(StateError::InvalidField { field: r.field });
        let (good, bad) = if r.kind == 2 {
            let mut s = GenericAStar::new(&grid);
            (s.restore(&grid, &r.good), s.restore(&grid, &r.bad))
        } else {
            let mut s = Handle::new(world::handle_options(1));
            (s.restore(&grid, &r.good), s.restore(&grid, &r.bad))
        };
        assert_eq!(good, Ok(()), "{}: the undamaged snapshot", r.name);
        assert_eq!(bad, want, "{}", r.name);
        let refused = [
            GenericAStar::new(&grid).restore(&grid, &r.bad),
            Handle::new(world::handle_options(0)).restore(&grid, &r.bad),
            Handle::new(world::handle_options(4)).restore(&grid, &r.bad),
            FastAStar::default().restore(&grid, &r.bad),
            FastJps::new(&grid).restore(&grid, &r.bad),
            FastJpsPlus::new(&grid).restore(&grid, &r.bad),
        ];
        for (i, result) in refused.iter().enumerate() {
            assert!(result.is_err(), "{}: raw subject {i} accepted it", r.name);
        }
        // And the body agrees (every raw subject, busy and idle).
        run(
            "snapshot_restore",
            body("snapshot_restore"),
            &r.name,
            &r.seed(),
        );
    }
}

/// `n` inputs in debug builds, four times as many with optimisations (CI's release run).
fn scaled(n: u32) -> u32 {
    if cfg!(debug_assertions) { n } else { 4 * n }
}

/// Replays `count` generated inputs (scaled by build): a third raw bytes, the rest mutations of the corpus and
/// of `structured` valid inputs (some left unmutated).
fn replay_generated(target: &str, seed: u64, count: u32, structured: impl Fn(&mut Gen) -> Vec<u8>) {
    let f = body(target);
    let files = corpus(target);
    let mut g = Gen::new(seed);
    for i in 0..scaled(count) {
        let data = match g.below(6) {
            0 | 1 => g.bytes(96),
            2 => structured(&mut g),
            3 => {
                let valid = structured(&mut g);
                g.mutate(&valid)
            }
            _ => {
                let (_, file) = g.pick(&files);
                let file = file.clone();
                g.mutate(&file)
            }
        };
        run(
            target,
            f,
            &format!("generated input {i} (seed {seed})"),
            &data,
        );
    }
}

#[test]
fn movingai_map_generated() {
    replay_generated("movingai_map", 1, 4000, Gen::map);
}

#[test]
fn movingai_scen_generated() {
    replay_generated("movingai_scen", 2, 4000, Gen::scen);
}

#[test]
fn grid_hpa_generated() {
    replay_generated("grid_hpa", 9, 1500, |g| g.bytes(160));
}

#[test]
fn grid_text_generated() {
    replay_generated("grid_text", 3, 4000, Gen::picture);
}

/// A `snapshot_restore` mutation script for a random kind and map (every byte string after
/// the first three bytes is one).
fn snapshot_script(g: &mut Gen) -> Vec<u8> {
    let mut s = vec![
        g.below(onepath_fuzz::snapshot_restore::TARGETS) as u8,
        1,
        g.below(world::MAPS) as u8,
    ];
    let script = 8 + g.below(40);
    s.extend((0..script).map(|_| g.below(256) as u8));
    s
}

#[test]
fn snapshot_restore_generated() {
    replay_generated("snapshot_restore", 4, 1500, snapshot_script);
    let f = body("snapshot_restore");
    // Mutation scripts alone: the structure-aware part, where payload validation answers.
    let mut g = Gen::new(7);
    for i in 0..scaled(4000) {
        let data = snapshot_script(&mut g);
        run(
            "snapshot_restore",
            f,
            &format!("mutation script {i}"),
            &data,
        );
    }
    // Raw mode with the frame re-sealed after the damage, so payload validation answers.
    let raw: Vec<_> = corpus("snapshot_restore")
        .into_iter()
        .filter(|(n, _)| n.starts_with("gen-raw"))
        .collect();
    let mut g = Gen::new(5);
    for i in 0..scaled(1500) {
        let (_, file) = g.pick(&raw);
        let mut data = g.mutate(file);
        if data.len() > 3 {
            onepath_fuzz::frame::reseal(&mut data[3..]);
        }
        run(
            "snapshot_restore",
            f,
            &format!("re-sealed raw input {i}"),
            &data,
        );
    }
}

#[test]
fn grid_theta_generated() {
    replay_generated("grid_theta", 8, 1500, |g| {
        let mut s = g.bytes(10);
        s.extend((0..g.below(40)).map(|_| g.below(256) as u8));
        s
    });
}

#[test]
fn search_ops_generated() {
    replay_generated("search_ops", 6, 2500, |g| {
        let mut s = g.bytes(16);
        s.extend((0..g.below(60)).map(|_| g.below(256) as u8));
        s
    });
}

#[test]
fn graph_targets_generated() {
    for (i, target) in [
        "graph_query",
        "graph_landmarks",
        "graph_points",
        "dimacs_gr",
    ]
    .into_iter()
    .enumerate()
    {
        replay_generated(target, 40 + i as u64, 300, |g| g.bytes(160));
    }
}

#[test]
fn grid_flow_generated() {
    replay_generated("grid_flow", 7, 400, |g| {
        let mut s = g.bytes(16);
        s.extend((0..g.below(80)).map(|_| g.below(256) as u8));
        s
    });
}

#[test]
fn navmesh_targets_generated() {
    replay_generated("navmesh_bake", 29, 300, |g| {
        let mut s = g.bytes(12);
        s.extend((0..g.below(60)).map(|_| g.below(256) as u8));
        s
    });
    replay_generated("navmesh_query", 30, 300, |g| {
        let mut s = g.bytes(8);
        s.extend((0..g.below(120)).map(|_| g.below(256) as u8));
        s
    });
}

/// The consistent edits of issue 27 (`onepath_fuzz::consistent`) over every kind that restores
/// a search: generated cases per case target (deterministic seeds; four times as many in
/// release), each asserted as the body asserts it (`proof::judge`: the answer property and
/// refusal atomicity for the kinds in `PROVEN_KINDS`, the bit-for-bit continuation of the
/// engine's own states for every kind). Prints, per target, how many snapshots were
/// generated, edited, accepted, refused, and how many violate the property (run with
/// `--nocapture` to see the table).
#[test]
fn consistent_edits_generated() {
    use onepath_fuzz::consistent::proven;
    use onepath_fuzz::snapshot_restore::consistent_case;
    use onepath_fuzz::snapshot_restore::proof::{Outcome, TARGET_KINDS, TARGETS};
    const NAMES: [&str; TARGETS as usize] = [
        "2 AStar",
        "3 GridSearch",
        "4 OctileAStar",
        "5 OctileJump (JPS)",
        "5 OctileJump (JPS+)",
        "6 ThetaSearch",
        "9 HpaSearch",
        "12 GraphAStar",
        "13 bidirectional",
        "OPLM tables",
        "8 GridReplanner",
        "15 HexSearch",
        "16 NavMesh",
        "17 NavSearch",
        "18 PolyanyaSearch",
    ];
    let f = body("snapshot_restore");
    let mut table = String::from(
        "target | generated | edited | accepted | accepted edited | refused | violations (wrong answer after acceptance, or a refusal that changed the target) | proven\n",
    );
    let mut first = Vec::new();
    for t in 0..TARGETS {
        let mut g = Gen::new(27_000 + u64::from(t));
        let (mut edited, mut accepted, mut accepted_edited, mut refused, mut bad) = (0, 0, 0, 0, 0);
        let n = scaled(250);
        for _ in 0..n {
            let mut data = vec![t as u8, 2, g.below(world::MAPS) as u8];
            data.extend((0..64).map(|_| g.below(256) as u8));
            let case = std::panic::catch_unwind(|| consistent_case(&data));
            let Ok(Some(case)) = case else {
                // A panic inside the engines: a finding on every branch; the body names it.
                run(
                    "snapshot_restore",
                    f,
                    "a consistent case that panicked",
                    &data,
                );
                continue;
            };
            edited += u32::from(case.edits > 0);
            match &case.outcome {
                Outcome::Refused => refused += 1,
                Outcome::Accepted => {
                    accepted += 1;
                    accepted_edited += u32::from(case.edits > 0);
                }
                Outcome::Violated { msg, always } => {
                    bad += 1;
                    if msg.starts_with("a refused restore") {
                        refused += 1;
                    } else {
                        accepted += 1;
                        accepted_edited += u32::from(case.edits > 0);
                    }
                    if bad <= 3 {
                        first.push(format!("{}: {msg}", NAMES[t as usize]));
                    }
                    if *always || proven(case.kind) {
                        // Fails, naming the input.
                        run("snapshot_restore", f, "a consistent case", &data);
                    }
                }
            }
        }
        let _ = writeln!(
            table,
            "{} | {n} | {edited} | {} | {accepted_edited} | {refused} | {bad} | {}",
            NAMES[t as usize],
            accepted,
            proven(TARGET_KINDS[t as usize])
        );
    }
    eprintln!("{table}");
    for m in &first {
        eprintln!("  {m}");
    }
}
