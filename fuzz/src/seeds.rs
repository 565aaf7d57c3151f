//! Generated seed inputs for the structured targets: valid snapshots of every kind (raw mode
//! of `snapshot_restore`), short mutation scripts, and operation scripts for `search_ops`.
//! `tests/replay.rs` keeps `corpus/snapshot_restore/gen-*` and `corpus/search_ops/gen-*` equal
//! to these (`ONEPATH_FUZZ_BLESS=1` rewrites them after a snapshot format change).

use onepath::navmesh::{NavSearch, PolyanyaSearch};

use crate::input::Input;
use crate::snapshot_restore::subjects::{
    FastAStar, FastJps, FastJpsPlus, GenericAStar, Handle, Subject,
};
use crate::snapshot_restore::{self as sr, navmesh, replan, world};

/// `(file name, bytes)` of every generated `snapshot_restore` seed.
pub fn snapshot_restore() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    // Raw mode: [target (ignored), 0, map] + a valid snapshot of that map.
    for map in 0..world::MAPS {
        let grid = world::map(map);
        let raw = |bytes: Vec<u8>| [vec![0, 0, map as u8], bytes].concat();
        // Endpoints: first and last open cell; pops 0 (just begun), 9, 255 (to the end).
        let script = |pops: u8, trace: u8| [0, 0, 0xff, 0xff, pops, trace, 1];
        out.push((
            format!("gen-raw-m{map}-grid"),
            raw(sr::valid_grid(&grid, &mut Input::new(&[0]))),
        ));
        for pops in [0u8, 9, 255] {
            let s = script(pops, u8::from(pops == 9));
            let mut add = |name: &str, bytes: Vec<u8>| {
                out.push((format!("gen-raw-m{map}-{name}-p{pops}"), raw(bytes)));
            };
            add(
                "astar",
                sr::valid_snapshot(GenericAStar::new(&grid), &grid, &mut Input::new(&s)),
            );
            add(
                "octile-astar",
                sr::valid_snapshot(FastAStar::default(), &grid, &mut Input::new(&s)),
            );
            add(
                "octile-jps",
                sr::valid_snapshot(FastJps::new(&grid), &grid, &mut Input::new(&s)),
            );
            add(
                "octile-jps-plus",
                sr::valid_snapshot(FastJpsPlus::new(&grid), &grid, &mut Input::new(&s)),
            );
            for o in 0..world::HANDLE_OPTIONS {
                let h = Handle::new(world::handle_options(o));
                add(
                    &format!("handle{o}"),
                    sr::valid_snapshot(h, &grid, &mut Input::new(&s)),
                );
            }
        }
        // An idle handle.
        let idle = Handle::new(world::handle_options(0)).save(&grid);
        out.push((format!("gen-raw-m{map}-handle-idle"), raw(idle)));
        // Replanner snapshots (kind 8): every preset, at one of four stages (finished;
        // an edit read but not repaired; a D* Lite start move after finishing; mid-repair),
        // and one idle.
        for p in 0..replan::PRESETS {
            let stage = [3u8, 7, 19, 15][((p + map) % 4) as usize];
            let script = [p as u8, 0, 0, 0xff, 0xff, 9, stage];
            let (_, _, bytes) = replan::valid_snapshot(&grid, &mut Input::new(&script));
            out.push((format!("gen-raw-m{map}-replan{p}-s{stage}"), raw(bytes)));
        }
        let (_, _, idle) = replan::valid_snapshot(&grid, &mut Input::new(&[1]));
        out.push((format!("gen-raw-m{map}-replan-idle"), raw(idle)));
        // Navigation meshes (kind 16) under each setting, and corridor searches on them
        // (kind 17): first to last covered cell, just begun, 9 pops in, finished.
        for setting in 0..navmesh::SETTINGS.len() as u32 {
            let mesh = navmesh::mesh_of(map, setting);
            let name = format!("gen-raw-m{map}-navmesh-s{setting}");
            out.push((name, raw(navmesh::save_mesh(&mesh))));
            for pops in [0u8, 9, 255] {
                let script = [0, 0, 0xff, 0xff, pops, 1];
                let (_, bytes) =
                    navmesh::valid_search::<NavSearch>(&mesh, &mut Input::new(&script));
                let name = format!("gen-raw-m{map}-navsearch-s{setting}-p{pops}");
                out.push((name, raw(bytes)));
                // Polyanya searches (kind 18) on the same endpoints and pops.
                let (_, bytes) =
                    navmesh::valid_search::<PolyanyaSearch>(&mesh, &mut Input::new(&script));
                let name = format!("gen-raw-m{map}-polyanya-s{setting}-p{pops}");
                out.push((name, raw(bytes)));
            }
        }
    }
    // Consistent mode (issue 27): [case target, 2, map] + 48 bytes from a fixed SplitMix64
    // (options, endpoints, pops, the twin world, the edit script).
    for target in 0..sr::proof::TARGETS {
        for map in [0u32, 2] {
            let mut r = onepath::math::SplitMix64::new(u64::from(target * 16 + map) + 27);
            let mut s = vec![target as u8, 2, map as u8];
            s.extend((0..48).map(|_| r.below(256) as u8));
            out.push((format!("gen-consistent-t{target}-m{map}"), s));
        }
    }
    // Mutation mode: [target, 1, map, (options), start, goal, pops, trace, begin, edits = 0,
    // seal]: the valid snapshot itself, which the mutation scripts of the fuzzer then vary.
    for target in 0..sr::TARGETS as u8 {
        for map in [0u8, 4] {
            let mut s = vec![target, 1, map];
            if target == sr::GRID {
                s.extend([1, 3, 0, 7, 0, 4]);
            } else {
                if target == sr::HANDLE {
                    s.push(2);
                }
                if target == sr::REPLAN {
                    // Preset 1 (D* Lite), a finished search, an edit, a start move.
                    s.extend([1, 0, 0, 0xff, 0xff, 9, 0x17, 0, 4]);
                } else {
                    s.extend([0, 0, 0xff, 0xff, 12, 0, 1, 0, 4]);
                }
            }
            out.push((format!("gen-mut-t{target}-m{map}"), s));
        }
    }
    out
}

/// `(file name, bytes)` of every generated `search_ops` seed: a map, then operation scripts.
pub fn search_ops() -> Vec<(String, Vec<u8>)> {
    // Op bytes (`search_ops::op`): 0 begin, 2 step, 5 set cell, 6 set rect, 7 area cost,
    // 8 save/restore, 9 restore saved.
    let scripts: [(&str, Vec<u8>); 6] = [
        ("begin-run", vec![0, 0, 0, 0, 0, 0, 2, 31]),
        ("sliced", vec![0, 1, 1, 12, 12, 2, 0, 2, 1, 2, 3, 2, 31]),
        (
            "save-restore",
            vec![0, 1, 1, 9, 9, 2, 2, 8, 1, 2, 4, 8, 0, 9, 2, 31],
        ),
        (
            "edit-mid-search",
            vec![
                0, 1, 1, 10, 10, 2, 1, 5, 3, 3, 1, 2, 5, 0, 1, 1, 9, 9, 2, 31,
            ],
        ),
        (
            "rect-and-cost",
            vec![
                6, 2, 2, 4, 3, 1, 7, 1, 0, 1, 1, 12, 12, 2, 31, 7, 0, 0, 2, 2, 8, 8,
            ],
        ),
        (
            "refusals",
            vec![0, 0, 0, 5, 5, 0, 1, 1, 30, 30, 2, 3, 8, 1, 9],
        ),
    ];
    let mut out = Vec::new();
    for (config, side, density) in [
        (0u8, 16u8, 20u8),
        (1, 20, 25),
        (2, 12, 15),
        (13, 23, 30),
        (22, 9, 10),
    ] {
        for (name, ops) in &scripts {
            let mut s = vec![side, side - 3, config, 7, 0, 0, 0, density];
            s.extend(ops);
            out.push((format!("gen-c{config}-{name}"), s));
        }
    }
    out
}
