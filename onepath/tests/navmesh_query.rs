//! The corridor search and its snapshot (`docs/navmesh.md` §7–§8, kind 17): sliced equals
//! unsliced, restored at every pop equals never stopped, a path is found exactly when the
//! mesh links the two polygons (a BFS over the links), every path stays in its corridor and is
//! the shortest through its portals (the independent reference in `nav_ref`), lengths are the
//! sums of their segments, invalid endpoints are statuses, and hostile snapshots are refused
//! without a change.

mod common;
mod nav_ref;

use std::collections::VecDeque;

use common::frame::{reseal, reseal_len};
use common::navmesh::cases;
use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings, NavWaypoint};
use onepath::{GridSpace, Step};

/// Whether the mesh's links connect polygon `a` to polygon `b` (BFS).
fn linked(mesh: &NavMesh, a: u32, b: u32) -> bool {
    let mut seen = vec![false; mesh.poly_count() as usize];
    let mut queue = VecDeque::from([a]);
    seen[a as usize] = true;
    while let Some(p) = queue.pop_front() {
        if p == b {
            return true;
        }
        let poly = mesh.polygon(p).unwrap();
        for k in 0..poly.vertices().len() as u32 {
            if let Some((q, _)) = poly.link(k)
                && !seen[q as usize]
            {
                seen[q as usize] = true;
                queue.push_back(q);
            }
        }
    }
    false
}

/// Everything a finished search answers, lengths as bits.
#[derive(Debug, PartialEq)]
struct Outcome {
    status: Step,
    iterations: u64,
    expansions: u64,
    corridor: Vec<u32>,
    waypoints: Vec<NavWaypoint>,
    length: Option<u64>,
    bytes: Vec<u8>,
}

fn outcome(s: &NavSearch, mesh: &NavMesh) -> Outcome {
    let mut bytes = vec![0u8; s.state_size()];
    s.save_state(mesh, &mut bytes).unwrap();
    Outcome {
        status: s.status(),
        iterations: s.iterations(),
        expansions: s.expansions(),
        corridor: s.corridor().to_vec(),
        waypoints: s.waypoints().to_vec(),
        length: s.length().map(f64::to_bits),
        bytes,
    }
}

fn save(s: &NavSearch, mesh: &NavMesh) -> Vec<u8> {
    let mut bytes = vec![0u8; s.state_size()];
    let n = s.save_state(mesh, &mut bytes).unwrap();
    assert_eq!(n, bytes.len());
    assert!(n <= NavSearch::max_state_size(mesh));
    bytes
}

#[test]
fn sliced_equals_unsliced_for_any_budget() {
    for (mesh, a, b) in cases(1, 150) {
        let mut whole = NavSearch::new();
        assert!(matches!(
            whole.try_begin(&mesh, a, b),
            Step::InProgress | Step::NoPath
        ));
        assert!(whole.run(&mesh).is_done());
        let expected = outcome(&whole, &mesh);
        for budget in [1, 2, 3, 5, 17] {
            let mut sliced = NavSearch::new();
            let _ = sliced.try_begin(&mesh, a, b);
            while sliced.step(&mesh, budget) == Step::InProgress {}
            assert_eq!(outcome(&sliced, &mesh), expected, "budget {budget}");
        }
        // Reusing a search gives the same answer as a fresh one.
        let _ = whole.try_begin(&mesh, a, b);
        assert!(whole.run(&mesh).is_done());
        assert_eq!(outcome(&whole, &mesh), expected);
    }
}

#[test]
fn restored_at_every_pop_equals_never_stopped() {
    for (mesh, a, b) in cases(2, 40) {
        let mut whole = NavSearch::new();
        let _ = whole.try_begin(&mesh, a, b);
        assert!(whole.run(&mesh).is_done());
        let expected = outcome(&whole, &mesh);
        let mut live = NavSearch::new();
        let _ = live.try_begin(&mesh, a, b);
        // A restoring search that has a search of its own in flight.
        let mut peer = NavSearch::new();
        let _ = peer.try_begin(&mesh, b, a);
        let _ = peer.step(&mesh, 2);
        loop {
            let bytes = save(&live, &mesh);
            let mut restored = peer.clone();
            restored.restore_state(&mesh, &bytes).unwrap();
            assert_eq!(
                save(&restored, &mesh),
                bytes,
                "a restore saves what it read"
            );
            assert!(restored.run(&mesh).is_done());
            assert_eq!(outcome(&restored, &mesh), expected);
            if live.step(&mesh, 1) != Step::InProgress {
                break;
            }
        }
        let bytes = save(&live, &mesh);
        peer.restore_state(&mesh, &bytes).unwrap();
        assert_eq!(
            outcome(&peer, &mesh),
            expected,
            "a finished state restores finished"
        );
    }
}

#[test]
fn a_path_is_found_exactly_when_the_polygons_are_linked_and_stays_in_its_corridor() {
    let mut found = 0;
    for (mesh, a, b) in cases(3, 400) {
        let mut s = NavSearch::new();
        let _ = s.try_begin(&mesh, a, b);
        let status = s.run(&mesh);
        let (pa, pb) = (mesh.locate(a).unwrap(), mesh.locate(b).unwrap());
        assert_eq!(
            status == Step::Found,
            linked(&mesh, pa, pb),
            "{a:?} -> {b:?}"
        );
        if status != Step::Found {
            assert_eq!(status, Step::NoPath);
            assert!(s.waypoints().is_empty() && s.corridor().is_empty() && s.length().is_none());
            continue;
        }
        found += 1;
        let corridor = s.corridor();
        let portals = s.portals();
        assert_eq!((corridor[0], *corridor.last().unwrap()), (pa, pb));
        assert_eq!(portals.len() + 1, corridor.len());
        // Each portal is an edge of the polygon before it, linked to the polygon after it.
        for (i, portal) in portals.iter().enumerate() {
            let poly = mesh.polygon(corridor[i]).unwrap();
            let v = poly.vertices();
            let k = (0..v.len())
                .find(|&k| {
                    NavPoint::corner(v[k][0].into(), v[k][1].into()) == portal[1]
                        && NavPoint::corner(
                            v[(k + 1) % v.len()][0].into(),
                            v[(k + 1) % v.len()][1].into(),
                        ) == portal[0]
                })
                .expect("the portal is an edge of its polygon, right end first");
            assert_eq!(poly.link(k as u32).map(|l| l.0), Some(corridor[i + 1]));
        }
        for w in s.waypoints() {
            assert_eq!(w.polygon, corridor[w.corridor_index as usize]);
        }
        let points: Vec<(NavPoint, u32)> = s
            .waypoints()
            .iter()
            .map(|w| (w.point, w.corridor_index))
            .collect();
        if let Err(e) = nav_ref::check_path(a, b, portals, &points, s.length().unwrap()) {
            panic!("{e}\n{a:?} -> {b:?}\nportals {portals:?}\nwaypoints {points:?}");
        }
        // copy_path writes the same waypoints, and nothing into a short buffer.
        let mut out = vec![NavWaypoint::default(); points.len()];
        assert_eq!(s.copy_path(&mut out), points.len());
        assert_eq!(out, s.waypoints());
        assert_eq!(s.copy_path(&mut out[..points.len() - 1]), 0);
    }
    assert!(found > 100, "only {found} paths found");
}

#[test]
fn endpoints_off_the_mesh_are_statuses_and_leave_the_running_search_alone() {
    // Row 1: . . .
    // Row 0: . # .   (a wall cell in the middle of the bottom row)
    let cells = [true, false, true, true, true, true];
    let mesh =
        NavMesh::from_walkable(3, 2, &cells, GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    let mut s = NavSearch::new();
    let on = NavPoint::corner(0, 0);
    let wall = NavPoint {
        x: 98_304,
        y: 32_768,
    };
    let far = [
        wall,
        NavPoint::corner(-1, 0),
        NavPoint::corner(4, 0),
        NavPoint::corner(0, 3),
        NavPoint {
            x: i64::MAX,
            y: i64::MIN,
        },
        NavPoint { x: i64::MIN, y: 0 },
        NavPoint { x: 0, y: i64::MAX },
    ];
    assert_eq!(
        s.try_begin(&mesh, on, NavPoint::corner(3, 0)),
        Step::InProgress
    );
    let _ = s.step(&mesh, 1);
    let before = save(&s, &mesh);
    for p in far {
        assert_eq!(s.try_begin(&mesh, p, on), Step::StartInvalid, "{p:?}");
        assert_eq!(
            s.try_begin(&mesh, p, p),
            Step::StartInvalid,
            "the start is judged first"
        );
        assert_eq!(s.try_begin(&mesh, on, p), Step::GoalInvalid, "{p:?}");
        assert_eq!(save(&s, &mesh), before, "a refusal changes nothing");
    }
    assert_eq!(s.status(), Step::InProgress);
    assert_eq!(s.run(&mesh), Step::Found);
    // Across a wall that splits the mesh: no path.
    let split =
        NavMesh::from_walkable(3, 1, &cells[..3], GridSpace::UNIT, &NavSettings::DEFAULT).unwrap();
    // The start's polygon has no portal: nothing to pop, so `NoPath` at once (regression: it
    // said `InProgress` with an empty open set, a state its own restore refused).
    assert_eq!(
        s.try_begin(&split, on, NavPoint::corner(3, 1)),
        Step::NoPath
    );
    assert_eq!((s.run(&split), s.iterations()), (Step::NoPath, 0));
    let bytes = save(&s, &split);
    let mut peer = NavSearch::new();
    peer.restore_state(&split, &bytes).unwrap();
    assert_eq!((peer.status(), save(&peer, &split)), (Step::NoPath, bytes));
    // The same point: found at once, one waypoint, length 0.
    assert_eq!(s.try_begin(&mesh, on, on), Step::InProgress);
    assert_eq!(s.run(&mesh), Step::Found);
    assert_eq!(
        (
            s.waypoints().len(),
            s.length(),
            s.iterations(),
            s.expansions()
        ),
        (1, Some(0.0), 1, 0)
    );
    // A fresh search refused stays idle.
    let mut fresh = NavSearch::new();
    assert_eq!(fresh.try_begin(&mesh, wall, on), Step::StartInvalid);
    assert_eq!((fresh.status(), fresh.endpoints()), (Step::Idle, None));
}

/// Offsets in a kind-17 frame: the reached count follows the header and the fixed fields.
const REACHED_AT: usize = 28 + 53;

fn u32_at(b: &[u8], at: usize) -> usize {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) as usize
}

#[test]
fn hostile_snapshots_are_refused_without_a_change() {
    for (mesh, a, b) in cases(4, 12) {
        let mut live = NavSearch::new();
        let _ = live.try_begin(&mesh, a, b);
        let _ = live.step(&mesh, 3);
        let bytes = save(&live, &mesh);
        let mut target = NavSearch::new();
        let _ = target.try_begin(&mesh, b, a);
        let _ = target.step(&mesh, 1);
        let before = save(&target, &mesh);
        let mut accepted = 0;
        for at in 28..bytes.len() {
            for bit in [0x01u8, 0x10, 0x80] {
                let mut forged = bytes.clone();
                forged[at] ^= bit;
                reseal(&mut forged);
                let mut t = target.clone();
                if t.restore_state(&mesh, &forged).is_err() {
                    assert_eq!(save(&t, &mesh), before, "byte {at} bit {bit:#x}");
                } else {
                    // An accepted state (e.g. another goal in the same polygon of a search
                    // that cannot reach it) continues to what a fresh search on its
                    // endpoints answers, along a legal path.
                    accepted += 1;
                    let status = t.run(&mesh);
                    let (s, g) = t.endpoints().unwrap();
                    let mut fresh = NavSearch::new();
                    let _ = fresh.try_begin(&mesh, s, g);
                    assert_eq!(status, fresh.run(&mesh), "byte {at} bit {bit:#x}");
                    if status == Step::Found {
                        let points: Vec<(NavPoint, u32)> = t
                            .waypoints()
                            .iter()
                            .map(|w| (w.point, w.corridor_index))
                            .collect();
                        nav_ref::check_path(s, g, t.portals(), &points, t.length().unwrap())
                            .unwrap();
                    }
                }
            }
        }
        assert!(accepted <= 12, "{accepted} forged snapshots accepted");
        // Truncated and extended frames are refused.
        for cut in [1, 4, 17] {
            if bytes.len() > REACHED_AT + cut {
                let mut short = bytes[..bytes.len() - cut].to_vec();
                reseal_len(&mut short);
                assert!(target.clone().restore_state(&mesh, &short).is_err());
            }
        }
    }
}

#[test]
fn a_snapshot_that_dropped_an_open_leaf_is_refused() {
    // Dropping a not-closed record and its open entry keeps every parent rule true; the
    // relaxation rule sees the offer its closed parent made.
    let mut tried = 0;
    for (mesh, a, b) in cases(5, 30) {
        let mut live = NavSearch::new();
        let _ = live.try_begin(&mesh, a, b);
        let _ = live.step(&mesh, 2);
        if live.status() != Step::InProgress {
            continue;
        }
        let bytes = save(&live, &mesh);
        let reached = u32_at(&bytes, REACHED_AT);
        let open_at = REACHED_AT + 4 + 17 * reached;
        let open = u32_at(&bytes, open_at);
        if open < 2 {
            continue; // dropping the only entry would leave nothing to pop: refused as a state
        }
        // The last open entry's node, and its record.
        let last = open_at + 4 + 12 * (open - 1);
        let node = u32_at(&bytes, last);
        let rec = (0..reached)
            .map(|i| REACHED_AT + 4 + 17 * i)
            .find(|&o| u32_at(&bytes, o) == node)
            .unwrap();
        let is_parent = (0..reached).any(|i| u32_at(&bytes, REACHED_AT + 4 + 17 * i + 4) == node);
        if is_parent {
            continue;
        }
        let mut forged = Vec::new();
        forged.extend_from_slice(&bytes[..REACHED_AT]);
        forged.extend_from_slice(&((reached - 1) as u32).to_le_bytes());
        forged.extend_from_slice(&bytes[REACHED_AT + 4..rec]);
        forged.extend_from_slice(&bytes[rec + 17..open_at]);
        forged.extend_from_slice(&((open - 1) as u32).to_le_bytes());
        forged.extend_from_slice(&bytes[open_at + 4..last]);
        forged.extend_from_slice(&bytes[last + 12..]);
        reseal_len(&mut forged);
        let mut t = NavSearch::new();
        let err = t.restore_state(&mesh, &forged).unwrap_err();
        assert_eq!(
            err.to_string(),
            onepath::state::StateError::InvalidField {
                field: "nav_search.relaxed"
            }
            .to_string()
        );
        assert_eq!(t.status(), Step::Idle);
        tried += 1;
    }
    assert!(tried > 5, "only {tried} forgeries tried");
}

#[test]
fn the_tier_1_corridor_queries_answer_what_the_search_answers() {
    use onepath::{NavAlgorithm, PathStatus, WorldPoint};
    for (mesh, a, b) in cases(6, 60) {
        let mut s = NavSearch::new();
        let _ = s.try_begin(&mesh, a, b);
        let status = s.run(&mesh);
        let path = mesh.find_path_points_with(a, b, NavAlgorithm::Corridor);
        assert_eq!(path.is_found(), status == Step::Found);
        assert_eq!(
            (path.iterations, path.expansions),
            (s.iterations(), s.expansions())
        );
        assert_eq!(
            (path.waypoints.as_slice(), path.corridor.as_slice()),
            (s.waypoints(), s.corridor())
        );
        assert_eq!(
            path.length.to_bits(),
            s.length().unwrap_or(f64::INFINITY).to_bits()
        );
        // Through world points (the unit space: a fixed-point value is its world value · 2^16).
        let w = |p: NavPoint| WorldPoint::new(p.x as f64 / 65536.0, p.y as f64 / 65536.0);
        assert_eq!(
            mesh.find_path_with(w(a), w(b), NavAlgorithm::Corridor)
                .unwrap(),
            path
        );
        if path.is_found() {
            let world = path.world_points(&mesh);
            assert_eq!((world[0], *world.last().unwrap()), (w(a), w(b)));
            assert_eq!(path.world_length(&mesh), path.length);
        }
    }
    let mesh = NavMesh::from_walkable(
        2,
        2,
        &[true, false, false, true],
        GridSpace::UNIT,
        &NavSettings::DEFAULT,
    )
    .unwrap();
    let (a, b) = (WorldPoint::new(0.5, 0.5), WorldPoint::new(1.5, 1.5));
    // Two cells that touch only at a corner are not linked.
    assert_eq!(mesh.find_path(a, b).unwrap().status, PathStatus::NoPath);
    let off = WorldPoint::new(1.5, 0.5);
    assert_eq!(
        mesh.find_path(off, off).unwrap().status,
        PathStatus::StartInvalid
    );
    assert_eq!(
        mesh.find_path(a, off).unwrap().status,
        PathStatus::GoalInvalid
    );
    assert!(
        mesh.find_path(WorldPoint::new(f64::INFINITY, 0.0), b)
            .is_err()
    );
    assert!(mesh.find_path(a, WorldPoint::new(0.0, 1e300)).is_err());
}

#[test]
#[should_panic(expected = "not the one the search began on")]
fn stepping_with_a_refreshed_mesh_is_a_documented_panic() {
    let mut grid = onepath::Grid::new(12, 12).unwrap();
    grid.set_walkable(onepath::Cell::new(5, 3), false).unwrap();
    let mut mesh = NavMesh::build_2d(&grid, &NavSettings::DEFAULT.with_tile_size(4)).unwrap();
    let mut s = NavSearch::new();
    let (a, b) = (NavPoint::corner(0, 0), NavPoint::corner(12, 12));
    assert_eq!(s.try_begin(&mesh, a, b), Step::InProgress);
    grid.set_walkable(onepath::Cell::new(6, 6), false).unwrap();
    mesh.refresh(&grid).unwrap();
    let _ = s.step(&mesh, 1);
}
