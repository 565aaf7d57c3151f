//! The graph the corridor search runs on (`docs/navmesh.md` §7), written once for the search
//! and for the restore proof of its snapshot (kind 17), so both price every move alike: the
//! crossings' positions (edge midpoints, exact), the offers from the start and from a
//! crossing, the estimate, and the identity of the mesh a search is bound to.

use super::funnel::segment_length;
use super::{NavMesh, NavPoint};
use crate::search::{NO_NODE, Step};

/// The identity of the mesh a search is bound to, checked by every `step`: its half-edge and
/// polygon counts and the grid revision it follows (a refresh after an edit changes it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MeshShape {
    pub(crate) half_edges: u32,
    pub(crate) polygons: u32,
    pub(crate) revision: u64,
}

impl MeshShape {
    pub(crate) fn of(mesh: &NavMesh) -> Self {
        Self {
            half_edges: mesh.half_edge_count(),
            polygons: mesh.poly_count(),
            revision: mesh.revision(),
        }
    }
}

/// A finished search's result slice: `items` once `status` is [`Step::Found`], else empty.
/// The read rule of both searches' result getters (`corridor`, `portals`, `waypoints`).
#[inline]
pub(crate) fn when_found<T>(status: Step, items: &[T]) -> &[T] {
    if status == Step::Found { items } else { &[] }
}

/// Whether `p` lies in the mesh's bounding box (a point outside it is on no polygon), so the
/// search's exact arithmetic on it stays far inside `i128`.
fn in_box(mesh: &NavMesh, p: NavPoint) -> bool {
    let w = i64::from(mesh.width()) * NavPoint::UNIT;
    let h = i64::from(mesh.height()) * NavPoint::UNIT;
    (0..=w).contains(&p.x) && (0..=h).contains(&p.y)
}

/// The polygon holding `p` ([`NavMesh::locate`], `docs/navmesh.md` §6), or `None` when `p` is
/// outside the mesh's box or on no polygon. Every search's begin and every snapshot restore
/// locates its endpoints through here, so they agree on which points are on the mesh.
pub(crate) fn locate_in(mesh: &NavMesh, p: NavPoint) -> Option<u32> {
    in_box(mesh, p).then(|| mesh.locate(p)).flatten()
}

/// The begin refusal shared by the corridor and Polyanya searches: the start is located
/// completely before the goal, and the first one on no polygon gives [`Step::StartInvalid`] /
/// [`Step::GoalInvalid`]; otherwise the start and goal polygons.
pub(crate) fn locate_endpoints(
    mesh: &NavMesh,
    start: NavPoint,
    goal: NavPoint,
) -> Result<(u32, u32), Step> {
    let start_poly = locate_in(mesh, start).ok_or(Step::StartInvalid)?;
    let goal_poly = locate_in(mesh, goal).ok_or(Step::GoalInvalid)?;
    Ok((start_poly, goal_poly))
}

/// The midpoint of half-edge `he` as a fixed-point point (exact: vertices are integers).
#[inline]
pub(crate) fn midpoint(mesh: &NavMesh, he: u32) -> NavPoint {
    mid(mesh.edge_start(he), mesh.edge_end(he))
}

/// The midpoint of the segment between two mesh vertices, as a fixed-point point (exact).
#[inline]
fn mid([ax, ay]: [i32; 2], [bx, by]: [i32; 2]) -> NavPoint {
    NavPoint {
        x: (i64::from(ax) + i64::from(bx)) * (NavPoint::UNIT / 2),
        y: (i64::from(ay) + i64::from(by)) * (NavPoint::UNIT / 2),
    }
}

/// A mesh vertex as a fixed-point point.
#[inline]
pub(crate) fn vertex(v: [i32; 2]) -> NavPoint {
    NavPoint::corner(i64::from(v[0]), i64::from(v[1]))
}

/// Calls `offer(node, candidate g)` for every move the search makes from the crossing
/// `node` (closed, not the goal) with `g`: the other linked edges of the polygon it enters,
/// then the goal node when that polygon is the goal polygon. Shared by `step` and the
/// snapshot's relaxation proof, so both price a move alike.
pub(crate) fn for_each_offer(
    mesh: &NavMesh,
    node: u32,
    g: f64,
    goal_poly: u32,
    goal: NavPoint,
    mut offer: impl FnMut(u32, f64),
) {
    let back = mesh.twin(node);
    let q = mesh.edge_poly(back);
    let Some(pe) = mesh.edges_of(q) else {
        return;
    };
    // The crossing's midpoint is its twin's: the same segment.
    let from = mid(pe.start(back - pe.first), pe.end(back - pe.first));
    for k in 0..pe.count {
        let m = pe.first + k;
        if m == back || pe.twin(k) == NO_NODE {
            continue;
        }
        offer(m, g + segment_length(from, mid(pe.start(k), pe.end(k))));
    }
    if q == goal_poly {
        offer(mesh.half_edge_count(), g + segment_length(from, goal));
    }
}

/// Calls `offer(node, g)` for every node `begin` reaches from the start point: the linked
/// edges of the start polygon, then the goal node when the goal shares it.
pub(crate) fn for_each_start_offer(
    mesh: &NavMesh,
    start: NavPoint,
    start_poly: u32,
    goal: NavPoint,
    goal_poly: u32,
    mut offer: impl FnMut(u32, f64),
) {
    if let Some(pe) = mesh.edges_of(start_poly) {
        for k in 0..pe.count {
            if pe.twin(k) != NO_NODE {
                offer(
                    pe.first + k,
                    segment_length(start, mid(pe.start(k), pe.end(k))),
                );
            }
        }
    }
    if start_poly == goal_poly {
        offer(mesh.half_edge_count(), segment_length(start, goal));
    }
}

/// The estimate of `node` (`docs/navmesh.md` §7): the distance from its midpoint to the goal,
/// 0 for the goal node.
#[inline]
pub(crate) fn estimate(mesh: &NavMesh, node: u32, goal: NavPoint) -> f64 {
    if node == mesh.half_edge_count() {
        0.0
    } else {
        segment_length(midpoint(mesh, node), goal)
    }
}
