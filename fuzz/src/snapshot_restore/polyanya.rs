//! Kind 18 (`PolyanyaSearch`, an exact-path search in flight; issue 30, `docs/navmesh.md` §10,
//! `docs/snapshot-format.md` "Kind 18") in the snapshot property, on the meshes of
//! [`navmesh`](super::navmesh) (the fixed maps of [`world`](super::world) under its settings).
//!
//! - [`polyanya_case`] (consistent mode, case target 14): a real snapshot (a search stepped a
//!   few pops, just begun, finished or idle), damaged as [`mutate`](super::mutate) says
//!   (re-sealed) or left as it is, restored into a target that holds a search of its own.
//! - [`check_raw`] (raw mode): the input's bytes handed to a busy search's `restore_state` on
//!   the meshes of the map under every setting.
//!
//! The property: refused — the target saves exactly what it saved before; accepted — it saves
//! back to the input bytes, and run to its end (bounded by the fresh search's pop count) it
//! is, bit for bit, the search a fresh `try_begin` + `run` between the same endpoints gives
//! (status, waypoints, corridor, length bits, counters, snapshot): kind 18's restore replays
//! the search, so an accepted state lies on the fresh search's own trajectory. The engine's
//! own unedited snapshot is never refused and continues as the search that saved it.

use onepath::Step;
use onepath::navmesh::{NavMesh, PolyanyaSearch};

use super::navmesh::{
    SETTINGS, busy_search, damaged, mesh_of, restore_checked, save_search, search_outcome,
    valid_search,
};
use super::proof::Outcome;
use crate::input::Input;

/// A search on `mesh` between the last and first covered cells, 2 pops in (a busy target).
fn busy(mesh: &NavMesh) -> PolyanyaSearch {
    busy_search(mesh, true, 2)
}

/// What a finished search answers, lengths as bits, and its snapshot.
fn answer(s: &PolyanyaSearch, mesh: &NavMesh) -> impl PartialEq + std::fmt::Debug {
    (
        s.status(),
        (s.iterations(), s.expansions(), s.in_place_expansions()),
        s.waypoints().to_vec(),
        s.corridor().to_vec(),
        s.length().map(f64::to_bits),
        save_search(s, mesh),
    )
}

/// Kind 18 restored into `target` on `mesh`: the property; `Ok(true)` when accepted.
///
/// # Errors
///
/// What failed.
pub fn polyanya_property(
    bytes: &[u8],
    target: &mut PolyanyaSearch,
    mesh: &NavMesh,
) -> Result<bool, String> {
    if !restore_checked(18, bytes, target, mesh)? {
        return Ok(false);
    }
    let Some((a, b)) = target.endpoints() else {
        return if target.status() == Step::Idle {
            Ok(true)
        } else {
            Err(format!(
                "a restored search {:?} without endpoints",
                target.status()
            ))
        };
    };
    let mut fresh = PolyanyaSearch::new();
    let _ = fresh.try_begin(mesh, a, b);
    let _ = fresh.run(mesh);
    if target.iterations() > fresh.iterations() {
        return Err("a restored search is past the fresh search's end".into());
    }
    while target.status() == Step::InProgress {
        if target.iterations() > fresh.iterations() {
            return Err("a restored search runs past the fresh search's end".into());
        }
        let _ = target.step(mesh, 7);
    }
    if answer(target, mesh) != answer(&fresh, mesh) {
        return Err("a restored kind 18 ends otherwise than a fresh search".into());
    }
    Ok(true)
}

/// Consistent-mode case of kind 18 on world map `map_index`.
pub fn polyanya_case(map_index: u32, input: &mut Input<'_>) -> (u32, Outcome) {
    let setting = u32::from(input.u8());
    let damage = input.bool();
    let mesh = mesh_of(map_index, setting);
    let (mut original, good) = valid_search::<PolyanyaSearch>(&mesh, input);
    let (bytes, edits) = damaged(&good, damage, input);
    let mut target = busy(&mesh);
    let result = polyanya_property(&bytes, &mut target, &mesh);
    search_outcome(18, edits, result, || {
        let _ = original.run(&mesh);
        Ok(answer(&original, &mesh) == answer(&target, &mesh))
    })
}

/// Raw mode: `bytes` into busy searches on the meshes of map `map_index` under every setting.
pub fn check_raw(map_index: u32, bytes: &[u8]) {
    for setting in 0..SETTINGS.len() as u32 {
        let mesh = mesh_of(map_index, setting);
        let mut t = busy(&mesh);
        if let Err(m) = polyanya_property(bytes, &mut t, &mesh) {
            panic!("kind 18: {m}");
        }
    }
}
