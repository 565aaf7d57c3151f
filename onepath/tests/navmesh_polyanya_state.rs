//! Snapshot kind 18 (`PolyanyaSearch` in flight; `docs/snapshot-format.md`, "Kind 18"): saves
//! are byte-exact, a restored search continues exactly like the original (same pops,
//! waypoints, corridor, length bits, counters, later snapshots) on random small meshes at random
//! step budgets, and every damaged, forged or foreign snapshot is refused with the field it
//! failed on while the handle keeps its state.

mod common;

use common::frame::reseal;
use common::navmesh::cases;
use onepath::math::SplitMix64;
use onepath::navmesh::{NavMesh, NavPoint, NavSettings, PolyanyaSearch};
use onepath::state::{HEADER_LEN, KIND_NAV_POLYANYA, StateError};
use onepath::{GridSpace, Step};

fn save(s: &PolyanyaSearch, mesh: &NavMesh) -> Vec<u8> {
    let mut bytes = vec![0u8; s.state_size()];
    let n = s.save_state(mesh, &mut bytes).unwrap();
    assert_eq!(n, bytes.len());
    assert!(n <= PolyanyaSearch::max_state_size(mesh));
    assert_eq!(u16::from_le_bytes([bytes[6], bytes[7]]), KIND_NAV_POLYANYA);
    bytes
}

/// Everything a search answers, lengths as bits, and its snapshot.
#[derive(Debug, PartialEq)]
struct Outcome {
    status: Step,
    iterations: u64,
    expansions: u64,
    in_place: u64,
    nodes: usize,
    waypoints: Vec<NavPoint>,
    corridor: Vec<u32>,
    portals: Vec<[NavPoint; 2]>,
    length: Option<u64>,
    bytes: Vec<u8>,
}

fn outcome(s: &PolyanyaSearch, mesh: &NavMesh) -> Outcome {
    Outcome {
        status: s.status(),
        iterations: s.iterations(),
        expansions: s.expansions(),
        in_place: s.in_place_expansions(),
        nodes: s.nodes_created(),
        waypoints: s.waypoints().to_vec(),
        corridor: s.corridor().to_vec(),
        portals: s.portals().to_vec(),
        length: s.length().map(f64::to_bits),
        bytes: save(s, mesh),
    }
}

/// Steps `s` in slices of `budget`, recording the outcome after every slice.
fn trace(s: &mut PolyanyaSearch, mesh: &NavMesh, budget: u32) -> Vec<Outcome> {
    let mut out = vec![outcome(s, mesh)];
    while s.status() == Step::InProgress {
        let _ = s.step(mesh, budget);
        out.push(outcome(s, mesh));
    }
    out
}

#[test]
fn restored_at_random_points_continues_exactly() {
    let mut r = SplitMix64::new(18);
    let mut restored_in_progress = 0;
    for (mesh, a, b) in cases(1, 120) {
        // A random point of the search, its end included: probe the natural end first.
        let mut live = PolyanyaSearch::new();
        let _ = live.try_begin(&mesh, a, b);
        let _ = live.run(&mesh);
        let end = live.iterations() as u32;
        let _ = live.try_begin(&mesh, a, b);
        let k = r.below(end + 2);
        let _ = live.step(&mesh, k);
        let bytes = save(&live, &mesh);
        // Saving twice gives the same bytes.
        assert_eq!(save(&live, &mesh), bytes);
        // Restore into a fresh handle and into a busy one (another search on the mesh).
        let mut fresh = PolyanyaSearch::new();
        fresh.restore_state(&mesh, &bytes).unwrap();
        assert_eq!(outcome(&fresh, &mesh), outcome(&live, &mesh));
        let mut busy = PolyanyaSearch::new();
        let _ = busy.try_begin(&mesh, b, a);
        let _ = busy.run(&mesh);
        busy.restore_state(&mesh, &bytes).unwrap();
        assert_eq!(save(&busy, &mesh), bytes);
        restored_in_progress += usize::from(live.status() == Step::InProgress);
        // Continue all three at a random budget: every slice agrees, to the end.
        let budget = 1 + r.below(5);
        let want = trace(&mut live, &mesh, budget);
        assert_eq!(trace(&mut fresh, &mesh, budget), want);
        assert_eq!(trace(&mut busy, &mesh, budget), want);
        // The finished state restores too, and a restore after the end rolls back.
        let end = save(&live, &mesh);
        fresh.restore_state(&mesh, &bytes).unwrap();
        assert_eq!(fresh.iterations(), want[0].iterations);
        let _ = fresh.run(&mesh);
        assert_eq!(save(&fresh, &mesh), end);
        let mut last = PolyanyaSearch::new();
        last.restore_state(&mesh, &end).unwrap();
        assert_eq!(outcome(&last, &mesh), outcome(&live, &mesh));
    }
    assert!(
        restored_in_progress > 40,
        "only {restored_in_progress} snapshots in progress"
    );
}

#[test]
fn an_idle_search_round_trips_and_restoring_idle_resets() {
    let (mesh, a, b) = cases(2, 1).remove(0);
    let idle = PolyanyaSearch::new();
    let bytes = save(&idle, &mesh);
    assert!(bytes[HEADER_LEN..].iter().all(|&x| x == 0));
    let mut s = PolyanyaSearch::new();
    let _ = s.try_begin(&mesh, a, b);
    let _ = s.step(&mesh, 1);
    s.restore_state(&mesh, &bytes).unwrap();
    assert_eq!(
        (
            s.status(),
            s.iterations(),
            s.expansions(),
            s.nodes_created()
        ),
        (Step::Idle, 0, 0, 0)
    );
    assert_eq!(s.endpoints(), None);
    assert_eq!(save(&s, &mesh), bytes);
    // Idle with any field set is refused.
    for at in HEADER_LEN..bytes.len() {
        if at == HEADER_LEN + 32 {
            continue; // the state byte: another state, judged by the replay
        }
        let mut forged = bytes.clone();
        forged[at] = 1;
        reseal(&mut forged);
        assert_eq!(
            s.restore_state(&mesh, &forged),
            Err(StateError::InvalidField {
                field: "nav_polyanya.idle"
            }),
            "byte {at}"
        );
    }
}

/// Payload offsets of kind 18's fields (docs/snapshot-format.md, "Kind 18").
const START: usize = HEADER_LEN;
const GOAL: usize = HEADER_LEN + 16;
const STATE: usize = HEADER_LEN + 32;
const ITERATIONS: usize = HEADER_LEN + 33;
const EXPANSIONS: usize = HEADER_LEN + 41;
const IN_PLACE: usize = HEADER_LEN + 49;
const NODES: usize = HEADER_LEN + 57;
const DIGEST: usize = HEADER_LEN + 65;

fn add_u64(b: &mut [u8], at: usize, delta: u64) {
    let v = u64::from_le_bytes(b[at..at + 8].try_into().unwrap()).wrapping_add(delta);
    b[at..at + 8].copy_from_slice(&v.to_le_bytes());
}

/// Restores `forged` into `target` and checks the refusal and that nothing changed.
fn refused(target: &mut PolyanyaSearch, mesh: &NavMesh, forged: &[u8], want: StateError) {
    let before = save(target, mesh);
    let err = target.restore_state(mesh, forged).unwrap_err();
    assert_eq!(err, want);
    assert!(!err.to_string().is_empty());
    assert_eq!(
        save(target, mesh),
        before,
        "a refused restore changed the search"
    );
}

#[test]
fn each_mutated_field_is_refused_by_name_and_changes_nothing() {
    let mut r = SplitMix64::new(3);
    let mut tried = 0;
    for (mesh, a, b) in cases(3, 60) {
        let mut live = PolyanyaSearch::new();
        let _ = live.try_begin(&mesh, a, b);
        let _ = live.step(&mesh, 1 + r.below(4));
        if live.status() != Step::InProgress {
            continue;
        }
        tried += 1;
        let bytes = save(&live, &mesh);
        // The target is busy with another search (its save must not change on a refusal).
        let mut target = PolyanyaSearch::new();
        let _ = target.try_begin(&mesh, b, a);
        let _ = target.step(&mesh, 2);
        let field = |name| StateError::InvalidField { field: name };
        let mut forge = |at: usize, delta: u64, name: &'static str| {
            let mut f = bytes.clone();
            add_u64(&mut f, at, delta);
            reseal(&mut f);
            refused(&mut target, &mesh, &f, field(name));
        };
        // Endpoints moved off the mesh's box.
        forge(START, 1 << 62, "nav_polyanya.start");
        forge(GOAL + 8, 1 << 62, "nav_polyanya.goal");
        // More pops than the search makes: the replay stops at the end and refuses; a huge
        // count costs no more than the whole search.
        forge(ITERATIONS, 1 << 40, "nav_polyanya.iterations");
        forge(ITERATIONS, u64::MAX - 5, "nav_polyanya.iterations"); // wraps below: fewer pops
        forge(EXPANSIONS, 1, "nav_polyanya.expansions");
        forge(IN_PLACE, 1, "nav_polyanya.in_place");
        forge(NODES, 1, "nav_polyanya.nodes");
        forge(DIGEST, 1, "nav_polyanya.digest");
        // Another state: found / no path / a byte past the codes.
        for code in [2u8, 3, 4] {
            let mut f = bytes.clone();
            f[STATE] = code;
            reseal(&mut f);
            refused(&mut target, &mesh, &f, field("nav_polyanya.state"));
        }
        // Moved endpoints still on the mesh: the replay's digest (or counters) differ.
        let mut f = bytes.clone();
        f[GOAL..GOAL + 8].copy_from_slice(&bytes[START..START + 8]);
        f[GOAL + 8..GOAL + 16].copy_from_slice(&bytes[START + 8..START + 16]);
        reseal(&mut f);
        if f != bytes {
            let before = save(&target, &mesh);
            assert!(matches!(
                target.restore_state(&mesh, &f),
                Err(StateError::InvalidField { .. })
            ));
            assert_eq!(save(&target, &mesh), before);
        }
    }
    assert!(tried > 20, "only {tried} searches in progress");
}

#[test]
fn damaged_frames_and_foreign_meshes_are_refused() {
    let all = cases(4, 20);
    for (i, (mesh, a, b)) in all.iter().enumerate() {
        let mut live = PolyanyaSearch::new();
        let _ = live.try_begin(mesh, *a, *b);
        let _ = live.step(mesh, 2);
        let bytes = save(&live, mesh);
        let mut target = PolyanyaSearch::new();
        let _ = target.try_begin(mesh, *b, *a);
        // Every truncation.
        for n in 0..bytes.len() {
            let before = save(&target, mesh);
            assert!(target.restore_state(mesh, &bytes[..n]).is_err());
            assert_eq!(save(&target, mesh), before);
        }
        // Every single-byte flip (the checksum catches the payload, the header checks the rest).
        for at in 0..bytes.len() {
            let mut f = bytes.clone();
            f[at] ^= 0x40;
            let before = save(&target, mesh);
            assert!(target.restore_state(mesh, &f).is_err(), "flip at {at}");
            assert_eq!(save(&target, mesh), before);
        }
        // Trailing bytes.
        let mut long = bytes.clone();
        long.push(0);
        assert!(matches!(
            target.restore_state(mesh, &long),
            Err(StateError::TrailingBytes { .. })
        ));
        // Another mesh.
        let other = &all[(i + 1) % all.len()].0;
        if other.content_hash() != mesh.content_hash() {
            refused(
                &mut target,
                other,
                &bytes,
                StateError::MapMismatch {
                    expected: other.content_hash(),
                    found: mesh.content_hash(),
                },
            );
        }
    }
}

#[test]
fn a_replay_that_ends_early_is_refused_at_once() {
    // A search that ends (Found) at pop k: a snapshot claiming k + 1000 pops in progress is
    // refused after the replay's k pops.
    let walkable = [true; 16];
    let mesh =
        NavMesh::from_walkable(4, 4, &walkable, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    let mut s = PolyanyaSearch::new();
    let _ = s.try_begin(&mesh, NavPoint::corner(0, 0), NavPoint::corner(4, 3));
    let _ = s.step(&mesh, 0);
    let mut bytes = save(&s, &mesh);
    assert_eq!(s.run(&mesh), Step::Found);
    add_u64(&mut bytes, ITERATIONS, s.iterations() + 1000);
    reseal(&mut bytes);
    let mut t = PolyanyaSearch::new();
    assert_eq!(
        t.restore_state(&mesh, &bytes),
        Err(StateError::InvalidField {
            field: "nav_polyanya.iterations"
        })
    );
    assert_eq!(t.status(), Step::Idle);
}
