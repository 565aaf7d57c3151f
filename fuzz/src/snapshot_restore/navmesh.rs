//! Kinds 16 (`NavMesh`: the mesh's inputs and content hash) and 17 (`NavSearch`, a corridor
//! search in flight) in the snapshot property (issue 29; `docs/navmesh.md` §9,
//! `docs/snapshot-format.md`). Meshes are baked from the fixed maps of [`world`] under one of
//! [`SETTINGS`].
//!
//! - [`nav_case`] (consistent mode, case targets 12 and 13): a real snapshot (a mesh, maybe
//!   of an edited map; a search stepped a few pops, or to the end, between two open cells),
//!   damaged as [`mutate`] says (re-sealed) or left as it is, restored into a target that
//!   holds a mesh or a search of its own. Refused: the target saves exactly what it saved
//!   before (and a mesh keeps its canonical bytes). Accepted: it saves back to the input
//!   bytes; a mesh's content hash is the FNV-1a 64 of its canonical bytes and another restore
//!   gives the same mesh; a search ends within the bound, its finished state round-trips, its
//!   status is the one a fresh `find_path_points` between its endpoints gives, and a found
//!   path keeps the `navmesh_query` path rules (corridor of linked polygons from the start's
//!   to the goal's, waypoints inside it, length the in-order sum). The engine's own unedited
//!   search continues bit for bit as the search that saved it.
//! - [`check_raw`] (raw mode): the input's bytes handed to a busy mesh's and a busy search's
//!   `restore_state`, with the same properties.

use onepath::Grid;
use onepath::navmesh::{NavMesh, NavPoint, NavSearch, NavSettings, PolyanyaSearch};
use onepath::state::StateError;
use onepath::{NavAlgorithm, PathStatus, Step};

use super::proof::Outcome;
use super::{mutate, world};
use crate::input::Input;
use crate::navmesh_props::fnv1a;
use crate::navmesh_query::check_found;

/// The bake settings a case picks from (radius in cells of the unit-sized world maps, tile).
/// Radius 0 twice (one tile, many small tiles): any radius above 0 drops every cell that
/// touches a wall or the border, which leaves little of the small noisy world maps; the
/// third setting keeps a radius for kind 16's fields.
pub const SETTINGS: [(f64, u32); 3] = [(0.0, 32), (0.0, 4), (0.5, 8)];

fn settings(i: u32) -> NavSettings {
    let (r, t) = SETTINGS[(i % SETTINGS.len() as u32) as usize];
    NavSettings::DEFAULT.with_radius(r).with_tile_size(t)
}

fn canonical(mesh: &NavMesh) -> Vec<u8> {
    let mut out = Vec::new();
    mesh.write_canonical_bytes(&mut out);
    out
}

/// The kind-16 bytes of `mesh`.
pub fn save_mesh(mesh: &NavMesh) -> Vec<u8> {
    let mut out = vec![0u8; mesh.state_size()];
    let n = mesh.save_state(&mut out).expect("sized by state_size");
    out.truncate(n);
    out
}

/// The two mesh searches the snapshot property restores (kind 17 `NavSearch`, kind 18
/// `PolyanyaSearch`): the calls their cases share, so one helper serves both.
pub trait MeshSearch: Sized {
    /// An idle search.
    fn fresh() -> Self;
    /// `try_begin` between `a` and `b`.
    fn begin(&mut self, mesh: &NavMesh, a: NavPoint, b: NavPoint) -> Step;
    /// `step` with `budget` pops.
    fn pops(&mut self, mesh: &NavMesh, budget: u32) -> Step;
    /// `status`.
    fn state(&self) -> Step;
    /// `state_size`.
    fn size(&self) -> usize;
    /// `save_state`.
    ///
    /// # Errors
    ///
    /// As `save_state`'s.
    fn save(&self, mesh: &NavMesh, out: &mut [u8]) -> Result<usize, StateError>;
    /// `restore_state`.
    ///
    /// # Errors
    ///
    /// As `restore_state`'s.
    fn restore(&mut self, mesh: &NavMesh, bytes: &[u8]) -> Result<(), StateError>;
}

macro_rules! mesh_search {
    ($t:ty) => {
        impl MeshSearch for $t {
            fn fresh() -> Self {
                <$t>::new()
            }
            fn begin(&mut self, mesh: &NavMesh, a: NavPoint, b: NavPoint) -> Step {
                self.try_begin(mesh, a, b)
            }
            fn pops(&mut self, mesh: &NavMesh, budget: u32) -> Step {
                self.step(mesh, budget)
            }
            fn state(&self) -> Step {
                self.status()
            }
            fn size(&self) -> usize {
                self.state_size()
            }
            fn save(&self, mesh: &NavMesh, out: &mut [u8]) -> Result<usize, StateError> {
                self.save_state(mesh, out)
            }
            fn restore(&mut self, mesh: &NavMesh, bytes: &[u8]) -> Result<(), StateError> {
                self.restore_state(mesh, bytes)
            }
        }
    };
}
mesh_search!(NavSearch);
mesh_search!(PolyanyaSearch);

/// The snapshot bytes (kind 17 or 18) of `s` on `mesh`.
pub fn save_search<S: MeshSearch>(s: &S, mesh: &NavMesh) -> Vec<u8> {
    let mut out = vec![0; s.size()];
    let n = s.save(mesh, &mut out).expect("a buffer of state_size");
    out.truncate(n);
    out
}

/// The mesh of world map `map_index` under setting `setting`.
pub fn mesh_of(map_index: u32, setting: u32) -> NavMesh {
    NavMesh::build_2d(&world::map(map_index), &settings(setting)).expect("valid settings")
}

/// The centres of the cells the mesh covers, row-major (the endpoints a search picks from).
pub fn on_mesh(mesh: &NavMesh) -> Vec<NavPoint> {
    (0..mesh.height())
        .flat_map(|y| (0..mesh.width()).map(move |x| (x, y)))
        .map(|(x, y)| NavPoint::cell_center(onepath::Cell::new(x as i32, y as i32)))
        .filter(|&p| mesh.locate(p).is_some())
        .collect()
}

/// A search on `mesh` between the first and last covered cells (the last and first when
/// `reverse`), `pops` pops in (a busy target).
pub fn busy_search<S: MeshSearch>(mesh: &NavMesh, reverse: bool, pops: u32) -> S {
    let mut s = S::fresh();
    let open = on_mesh(mesh);
    let ends = if reverse {
        (open.last(), open.first())
    } else {
        (open.first(), open.last())
    };
    if let (Some(&a), Some(&b)) = ends {
        let _ = s.begin(mesh, a, b);
        let _ = s.pops(mesh, pops);
    }
    s
}

/// A corridor search on `mesh` between the first and last covered cells, 3 pops in.
fn busy(mesh: &NavMesh) -> NavSearch {
    busy_search(mesh, false, 3)
}

/// A valid snapshot (kind 17 or 18) on `mesh` (endpoints and pops from the input) and the
/// search that saved it.
pub fn valid_search<S: MeshSearch>(mesh: &NavMesh, input: &mut Input<'_>) -> (S, Vec<u8>) {
    let open = on_mesh(mesh);
    let mut s = S::fresh();
    if !open.is_empty() {
        let a = open[usize::from(input.u16()) % open.len()];
        let b = open[usize::from(input.u16()) % open.len()];
        // Mostly a few pops in; 255 runs to the end, 254 saves right after `try_begin`.
        let pops = match input.u8() {
            255 => Some(u32::MAX),
            254 => None,
            p => Some(u32::from(p % 24)),
        };
        if !input.u8().is_multiple_of(4) {
            let _ = s.begin(mesh, a, b);
            if let Some(pops) = pops {
                let _ = s.pops(mesh, pops);
            }
        }
    }
    let bytes = save_search(&s, mesh);
    (s, bytes)
}

/// The first half of the search property (kinds 17 and 18): `bytes` restored into `target`
/// on `mesh`. Refused: `Ok(false)` when the target saves and reports exactly what it did
/// before. Accepted: `Ok(true)` when it saves back to `bytes`.
///
/// # Errors
///
/// A refused restore that changed the target, or an accepted one that saves otherwise.
pub fn restore_checked<S: MeshSearch>(
    kind: u16,
    bytes: &[u8],
    target: &mut S,
    mesh: &NavMesh,
) -> Result<bool, String> {
    let (before, status) = (save_search(target, mesh), target.state());
    if let Err(e) = target.restore(mesh, bytes) {
        if save_search(target, mesh) != before || target.state() != status {
            return Err(format!(
                "a refused kind-{kind} restore ({e:?}) changed the search"
            ));
        }
        return Ok(false);
    }
    if save_search(target, mesh) != bytes {
        return Err(format!(
            "an accepted kind {kind} does not save back to itself"
        ));
    }
    Ok(true)
}

/// Kind 16 restored into a mesh of another map: the property; `Ok(true)` when accepted.
///
/// # Errors
///
/// What failed.
pub fn mesh_property(bytes: &[u8], target: &mut NavMesh) -> Result<bool, String> {
    let (before, before_mesh) = (save_mesh(target), canonical(target));
    if let Err(e) = target.restore_state(bytes) {
        if save_mesh(target) != before || canonical(target) != before_mesh {
            return Err(format!(
                "a refused kind-16 restore ({e:?}) changed the mesh"
            ));
        }
        return Ok(false);
    }
    if save_mesh(target) != bytes {
        return Err("an accepted kind 16 does not save back to itself".into());
    }
    let c = canonical(target);
    if fnv1a(&c) != target.content_hash() {
        return Err("the restored mesh's hash is not its canonical bytes' FNV-1a".into());
    }
    let mut again = mesh_of(2, 0);
    if again.restore_state(bytes).is_err() || canonical(&again) != c {
        return Err("the same kind-16 bytes restore to another mesh".into());
    }
    Ok(true)
}

/// Steps a restored search to its end (bounded).
fn settle(s: &mut NavSearch, mesh: &NavMesh) -> Result<(), String> {
    let cap = 64 * u64::from(mesh.half_edge_count()) + 4096;
    let mut pops = 0u64;
    while s.status() == Step::InProgress {
        if pops > cap {
            return Err(format!("a restored search runs past {cap} iterations"));
        }
        let _ = s.step(mesh, 61);
        pops += 61;
    }
    Ok(())
}

/// An accepted kind-17 state after settling: the fresh answer's status, a legal path, and a
/// finished state that round-trips.
fn answer(s: &NavSearch, mesh: &NavMesh) -> Result<(), String> {
    let end = save_search(s, mesh);
    let mut again = NavSearch::new();
    if again.restore_state(mesh, &end).is_err() || save_search(&again, mesh) != end {
        return Err("a finished kind-17 state does not round-trip".into());
    }
    let Some((a, b)) = s.endpoints() else {
        return Ok(());
    };
    let fresh = mesh.find_path_points_with(a, b, NavAlgorithm::Corridor);
    let status = match s.status() {
        Step::Found => PathStatus::Found,
        Step::NoPath => PathStatus::NoPath,
        other => return Err(format!("a restored search ended {other:?}")),
    };
    if status != fresh.status {
        return Err(format!(
            "restored search {status:?}, a fresh one {:?}",
            fresh.status
        ));
    }
    if status == PathStatus::Found {
        let length = s.length().ok_or("found without a length")?;
        check_found(mesh, a, b, s.corridor(), s.waypoints(), length)
            .map_err(|e| format!("the restored search's path: {e}"))?;
    }
    Ok(())
}

/// Kind 17 restored into `target` on `mesh`: the property; `Ok(true)` when accepted.
///
/// # Errors
///
/// What failed.
pub fn search_property(
    bytes: &[u8],
    target: &mut NavSearch,
    mesh: &NavMesh,
) -> Result<bool, String> {
    if !restore_checked(17, bytes, target, mesh)? {
        return Ok(false);
    }
    settle(target, mesh)?;
    answer(target, mesh)?;
    Ok(true)
}

/// `good` damaged as [`mutate`] says (re-sealed) when `damage`, else as it is, and the
/// case's edit count (1 when the bytes differ from `good`).
pub fn damaged(good: &[u8], damage: bool, input: &mut Input<'_>) -> (Vec<u8>, u32) {
    let bytes = if damage {
        mutate::mutate(good, input)
    } else {
        good.to_vec()
    };
    let edits = u32::from(bytes != good);
    (bytes, edits)
}

/// The outcome of a consistent-mode search case (kinds 17 and 18) from its property's
/// `result`. The engine's own unedited snapshot (`edits == 0`) must be accepted and, restored,
/// continue as the search that saved it: `own_continues` answers `Ok(true)` when it does,
/// `Ok(false)` when it does not, `Err` for another violation on the way.
pub fn search_outcome(
    kind: u16,
    edits: u32,
    result: Result<bool, String>,
    own_continues: impl FnOnce() -> Result<bool, String>,
) -> (u32, Outcome) {
    let violated = |msg: String, always: bool| Outcome::Violated { msg, always };
    match result {
        Ok(false) if edits == 0 => (
            edits,
            violated(format!("its own kind {kind} refused"), true),
        ),
        Ok(false) => (edits, Outcome::Refused),
        Ok(true) if edits == 0 => match own_continues() {
            Ok(true) => (edits, Outcome::Accepted),
            Ok(false) => (
                edits,
                violated(format!("its own kind {kind} continues otherwise"), true),
            ),
            Err(m) => (edits, violated(m, true)),
        },
        Ok(true) => (edits, Outcome::Accepted),
        Err(m) => (edits, violated(m, edits == 0)),
    }
}

/// Consistent-mode case of kind `kind` (16 or 17) on world map `map_index`.
pub fn nav_case(kind: u16, map_index: u32, input: &mut Input<'_>) -> (u32, Outcome) {
    let setting = u32::from(input.u8());
    let damage = input.bool();
    let violated = |msg: String, always: bool| Outcome::Violated { msg, always };
    if kind == 16 {
        let mut g: Grid = world::map(map_index);
        if input.bool() {
            let c = g.cell_of(u32::from(input.u16()) % g.cell_count());
            let _ = g.set_area(c, input.u8());
        }
        let mesh = NavMesh::build_2d(&g, &settings(setting)).expect("valid settings");
        let good = save_mesh(&mesh);
        let (bytes, edits) = damaged(&good, damage, input);
        let mut target = mesh_of(map_index + 1, setting + 1);
        return match mesh_property(&bytes, &mut target) {
            Ok(true) if edits == 0 && canonical(&target) != canonical(&mesh) => (
                edits,
                violated("its own kind 16 restores to another mesh".into(), true),
            ),
            Ok(true) => (edits, Outcome::Accepted),
            Ok(false) if edits == 0 => (edits, violated("its own kind 16 refused".into(), true)),
            Ok(false) => (edits, Outcome::Refused),
            Err(m) => (edits, violated(m, edits == 0)),
        };
    }
    let mesh = mesh_of(map_index, setting);
    let (mut original, good) = valid_search::<NavSearch>(&mesh, input);
    let (bytes, edits) = damaged(&good, damage, input);
    let mut target = busy(&mesh);
    let result = search_property(&bytes, &mut target, &mesh);
    search_outcome(17, edits, result, || {
        settle(&mut original, &mesh)?;
        Ok(save_search(&original, &mesh) == save_search(&target, &mesh)
            && original.waypoints() == target.waypoints()
            && original.length().map(f64::to_bits) == target.length().map(f64::to_bits)
            && original.iterations() == target.iterations()
            && original.expansions() == target.expansions())
    })
}

/// Raw mode: `bytes` into a busy mesh (of map `map_index + 1`) and into busy searches on the
/// meshes of map `map_index` under every setting.
pub fn check_raw(map_index: u32, bytes: &[u8]) {
    let mut target = mesh_of(map_index + 1, 1);
    if let Err(m) = mesh_property(bytes, &mut target) {
        panic!("kind 16: {m}");
    }
    for setting in 0..SETTINGS.len() as u32 {
        let mesh = mesh_of(map_index, setting);
        let mut t = busy(&mesh);
        if let Err(m) = search_property(bytes, &mut t, &mesh) {
            panic!("kind 17: {m}");
        }
    }
}
