//! Expanding a node: the goal successor, the observable successors (same root) and the
//! non-observable ones (the path turns at an interval endpoint that is a mesh vertex).
//!
//! Node `(ρ, cone [wr, wl], edge a → b of P)`:
//!
//! - **Goal.** When the goal lies in `P` (closed) and in the cone, the goal node with root `ρ`.
//! - **Observable.** Every other linked edge `c → d` of `P` that faces `ρ` (`ρ` strictly on
//!   its inner side; seen from `ρ`, `c` is on the right and `d` on the left) and meets the cone
//!   gives a node with the same root on the twin edge; its bounds are `c` when `c` is in the
//!   cone (else `wr`) and `d` when `d` is (else `wl`). Exact signs only.
//! - **Non-observable.** When `b` is in the cone (the interval reaches the edge's right end),
//!   `b` is a **reflex** vertex of the region (going around it across edges meets two
//!   boundary edges more than 180° apart) and the path `… → ρ → b` improves the best `g` of
//!   vertex `b` (root-level pruning, strict), the path turns at `b`: `P` and the polygons around
//!   `b` on the side it turns to (clockwise from `P` for a right turn; two polygons that only
//!   touch at `b` are not connected) offer the goal when they hold it, and every linked edge
//!   that faces `b` with an endpoint strictly right of the line `ρ → b` gives a node rooted at
//!   `b` over the whole edge. Likewise at `a` on the left. The paper takes `P`'s own edges and
//!   reaches the polygons beyond lazily through a node whose root lies on its edge's line;
//!   taking them at once keeps every node's root strictly off its edge's line.
//! - **Grazing.** A linked edge on the root's line (the root sees its nearer end along the
//!   line, as when the path runs along a wall) is a turn at that nearer end into the polygon
//!   across the edge, with the same rules.

use super::PolyanyaSearch;
use super::node::{Corner, Fan, NONE, NOT_REFLEX, Node, REFLEX, Root};
use crate::navmesh::NavMesh;
use crate::navmesh::NavPoint;
use crate::navmesh::crossings::vertex;
use crate::navmesh::funnel::segment_length;
use crate::navmesh::mesh::PolyEdges;

/// The polygon next to `poly` around vertex `v`: across the edge of `poly` that starts at `v`
/// (forward) or ends at it (backward); `None` at a boundary edge or when `v` is not a vertex of
/// `poly`. Also returns the half-edge crossed (in `poly`).
pub(crate) fn turn_around(mesh: &NavMesh, poly: u32, v: [i32; 2], fan: Fan) -> Option<(u32, u32)> {
    let pe = mesh.edges_of(poly)?;
    let k = edge_at(&pe, v, fan)?;
    let next = pe.twin_poly(k);
    (next != NONE).then_some((next, pe.first + k))
}

/// The edge (index in the polygon) of `pe` that starts at `v` (forward) or ends at it
/// (backward).
#[inline]
fn edge_at(pe: &PolyEdges<'_>, v: [i32; 2], fan: Fan) -> Option<u32> {
    (0..pe.count).find(|&k| {
        let at = match fan {
            Fan::Forward => pe.start(k),
            _ => pe.end(k),
        };
        at == v
    })
}

/// `orient(a, b, c)` of docs §1, exactly: in `i64` when `small` (every coordinate the search
/// meets is within `2^30` of every other, so each product is below `2^61`), else in `i128`.
#[inline]
pub(crate) fn ori(small: bool, a: NavPoint, b: NavPoint, c: NavPoint) -> i128 {
    if small {
        let v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
        i128::from(v)
    } else {
        crate::navmesh::funnel::orient(a, b, c)
    }
}

/// A mesh vertex (a fixed-point corner) as its integer corner.
fn corner_of(p: NavPoint) -> [i32; 2] {
    [(p.x / NavPoint::UNIT) as i32, (p.y / NavPoint::UNIT) as i32]
}

/// The most polygons around one vertex the fan keeps (a rectangle mesh has at most four).
const FAN: usize = 8;

impl PolyanyaSearch {
    /// Creates a node and records it as a successor of the current expansion.
    #[allow(clippy::too_many_arguments)]
    fn offer(
        &mut self,
        root: u32,
        (he, poly): (u32, u32),
        (a, b): (NavPoint, NavPoint),
        wl: NavPoint,
        wr: NavPoint,
        parent: u32,
        from: u32,
        fan: Fan,
    ) {
        let g = self.roots[root as usize].g;
        let key = self.nodes.len() as u32;
        // `f` is set when the node joins the open list (`flush`): a lone successor expanded in
        // place never needs its h.
        self.nodes.push(Node {
            g,
            f: g,
            root,
            he,
            poly,
            parent,
            from,
            fan,
            wl,
            wr,
        });
        self.succ.push(key);
        self.succ_edge.push([a, b]);
    }

    /// Creates the goal node reached from `root` in polygon `from`.
    fn offer_goal(&mut self, root: u32, parent: u32, from: u32, fan: Fan) {
        let r = self.roots[root as usize];
        let g = r.g + segment_length(r.point, self.goal);
        let key = self.nodes.len() as u32;
        self.nodes.push(Node {
            g,
            f: g,
            root,
            he: NONE,
            poly: NONE,
            parent,
            from,
            fan,
            wl: self.goal,
            wr: self.goal,
        });
        self.succ.push(key);
        self.succ_edge.push([self.goal, self.goal]);
    }

    pub(crate) fn is_goal_poly(&self, p: u32) -> bool {
        self.goal_polys[..self.goal_poly_count].contains(&p)
    }

    /// The successors of the start: every linked edge of every polygon holding the start that
    /// faces it strictly, whole; and the goal node in a polygon holding both.
    pub(crate) fn start_successors(&mut self, mesh: &NavMesh) {
        let s = self.start;
        for i in 0..self.start_poly_count {
            let p = self.start_polys[i];
            if self.is_goal_poly(p) {
                self.offer_goal(0, NONE, p, Fan::Same);
            }
            self.offer_whole_edges(mesh, NONE, (0, s), p, Fan::Same, |_, _| true, |_, _| true);
        }
    }

    /// Offers, from root `root` at point `rp`, every linked edge of polygon `f` that faces
    /// `rp` strictly and passes `keep(c, d)` as a node over the whole edge `c → d`; a linked
    /// edge on `rp`'s line that passes `graze_ok(c, d)` is a grazing turn. Shared by the start
    /// and by the turns at a vertex.
    #[allow(clippy::too_many_arguments)]
    fn offer_whole_edges(
        &mut self,
        mesh: &NavMesh,
        n: u32,
        (root, rp): (u32, NavPoint),
        f: u32,
        dir: Fan,
        keep: impl Fn(NavPoint, NavPoint) -> bool,
        graze_ok: impl Fn(NavPoint, NavPoint) -> bool,
    ) {
        let Some(pe) = mesh.edges_of(f) else {
            return;
        };
        for k in 0..pe.count {
            let t = pe.twin(k);
            if t == NONE {
                continue;
            }
            let (c, d) = (vertex(pe.start(k)), vertex(pe.end(k)));
            let o = ori(self.small, c, d, rp);
            if o == 0 && graze_ok(c, d) {
                self.graze(mesh, n, root, f, dir, pe.first + k, rp);
            }
            if o <= 0 || !keep(c, d) {
                continue;
            }
            self.offer(root, (t, pe.twin_poly(k)), (d, c), d, c, n, f, dir);
        }
    }

    /// A linked edge `e` of `poly` on the line of the root `ρ` (which sees its nearer end
    /// `v`): the path may run along the line to `v` and turn there into the polygon across
    /// `e` (targets strictly beyond the line). Nothing when `ρ` lies on `e` itself (the
    /// polygon across then holds `ρ` and is searched from it).
    #[allow(clippy::too_many_arguments)]
    fn graze(
        &mut self,
        mesh: &NavMesh,
        n: u32,
        root: u32,
        poly: u32,
        base_fan: Fan,
        e: u32,
        rp: NavPoint,
    ) {
        let (cv, dv) = (mesh.edge_start(e), mesh.edge_end(e));
        let (c, d) = (vertex(cv), vertex(dv));
        let along = |a: NavPoint, b: NavPoint| {
            (i128::from(b.x) - i128::from(a.x)) * (i128::from(d.x) - i128::from(c.x))
                + (i128::from(b.y) - i128::from(a.y)) * (i128::from(d.y) - i128::from(c.y))
        };
        let v = if along(rp, c) > 0 {
            cv
        } else if along(d, rp) > 0 {
            dv
        } else {
            return;
        };
        let way = if v == cv { Fan::Forward } else { Fan::Backward };
        self.turn(mesh, n, root, poly, base_fan, v, (c, d), -1, way);
    }

    /// Expands node `n` (not a goal node) into `self.succ`.
    pub(crate) fn expand(&mut self, mesh: &NavMesh, n: u32) {
        let node = self.nodes[n as usize];
        // Root-level pruning: a root reached shorter since makes nothing more.
        if self.stale(node.root) {
            return;
        }
        let sm = self.small;
        let root = self.roots[node.root as usize].point;
        let p = node.poly;
        let (wl, wr) = (node.wl, node.wr);
        if self.is_goal_poly(p)
            && ori(sm, root, wr, self.goal) >= 0
            && ori(sm, root, wl, self.goal) <= 0
        {
            self.offer_goal(node.root, n, p, Fan::Same);
        }
        let Some(pe) = mesh.edges_of(p) else {
            return;
        };
        let count = pe.count;
        let k0 = node.he - pe.first;
        // The other edges, counter-clockwise from the one entered (no division in the loop).
        let mut k = k0;
        for _ in 1..count {
            k = if k + 1 == count { 0 } else { k + 1 };
            let t = pe.twin(k);
            if t == NONE {
                continue;
            }
            let c = vertex(pe.start(k));
            let d = vertex(pe.end(k));
            let o = ori(sm, c, d, root);
            if o == 0 {
                // On the root's line: if in the cone, its nearer end is a possible turn.
                if ori(sm, root, wr, c) >= 0 && ori(sm, root, wl, c) <= 0 {
                    self.graze(mesh, n, node.root, p, Fan::Same, pe.first + k, root);
                }
                continue;
            }
            if o < 0 || ori(sm, root, wr, d) < 0 || ori(sm, root, wl, c) > 0 {
                continue;
            }
            let nwr = if ori(sm, root, wr, c) >= 0 { c } else { wr };
            let nwl = if ori(sm, root, wl, d) <= 0 { d } else { wl };
            let across = (t, pe.twin_poly(k));
            self.offer(node.root, across, (d, c), nwl, nwr, n, p, Fan::Same);
        }
        let a = vertex(pe.start(k0));
        let b = vertex(pe.end(k0));
        let (av, bv) = (corner_of(a), corner_of(b));
        if ori(sm, root, wr, b) >= 0 {
            self.turn(
                mesh,
                n,
                node.root,
                p,
                Fan::Same,
                bv,
                (root, b),
                -1,
                Fan::Forward,
            );
        }
        if ori(sm, root, wl, a) <= 0 {
            self.turn(
                mesh,
                n,
                node.root,
                p,
                Fan::Same,
                av,
                (root, a),
                1,
                Fan::Backward,
            );
        }
    }

    /// The non-observable successors made by node `n` (`NONE` for the start) with root
    /// `root` turning at vertex `v` of polygon `p`, when `v` is a reflex vertex of the region
    /// and the turn improves its best `g`: the polygons `p` and those around `v` in direction
    /// `way` (the side the path turns to; the other side is behind the path, where a turn is
    /// never taut) offer the goal and their edges with an endpoint `q` strictly on the side
    /// `sign` of the line (`sign · ori(sm, line, q) > 0`).
    #[allow(clippy::too_many_arguments)]
    fn turn(
        &mut self,
        mesh: &NavMesh,
        n: u32,
        root: u32,
        p: u32,
        base_fan: Fan,
        v: [i32; 2],
        line: (NavPoint, NavPoint),
        sign: i128,
        way: Fan,
    ) {
        let sm = self.small;
        let corner = self.corner_index(v);
        let slot = self.best[corner as usize];
        if slot.stamp == self.stamp && slot.flag == NOT_REFLEX {
            return;
        }
        let r = self.roots[root as usize];
        let bv = vertex(v);
        let g = r.g + segment_length(r.point, bv);
        if slot.stamp == self.stamp && slot.g <= g {
            return;
        }
        // The fan around v, clockwise (forward) then counter-clockwise (backward) from p, up to
        // the boundary edges that bound the region at v; a full circle means v is inside the
        // mesh: never a turn.
        let mut fan = [(NONE, Fan::Same); FAN];
        fan[0] = (p, Fan::Same);
        let mut len = 1;
        let mut bounds = [[0i64; 2]; 2];
        for (k, dir) in [Fan::Forward, Fan::Backward].into_iter().enumerate() {
            let mut cur = p;
            loop {
                let Some((pe, e)) = mesh
                    .edges_of(cur)
                    .and_then(|pe| Some((pe, edge_at(&pe, v, dir)?)))
                else {
                    self.not_reflex(corner);
                    return;
                };
                let next = pe.twin_poly(e);
                if next == NONE {
                    let far = if dir == Fan::Forward {
                        pe.end(e)
                    } else {
                        pe.start(e)
                    };
                    bounds[k] = [
                        i64::from(far[0]) - i64::from(v[0]),
                        i64::from(far[1]) - i64::from(v[1]),
                    ];
                    break;
                }
                if next == p || len == FAN {
                    self.not_reflex(corner);
                    return;
                }
                fan[len] = (next, dir);
                len += 1;
                cur = next;
            }
        }
        // The region at v spans counter-clockwise from the clockwise-most boundary ray to the
        // counter-clockwise-most one; a shortest path bends only where that exceeds 180°.
        let [u, w] = bounds;
        let cross = i128::from(u[0]) * i128::from(w[1]) - i128::from(u[1]) * i128::from(w[0]);
        let dot = i128::from(u[0]) * i128::from(w[0]) + i128::from(u[1]) * i128::from(w[1]);
        if !(cross < 0 || (cross == 0 && dot > 0)) {
            self.not_reflex(corner);
            return;
        }
        self.best[corner as usize] = Corner {
            stamp: self.stamp,
            flag: REFLEX,
            g,
        };
        let parent_root = root;
        let root = self.roots.len() as u32;
        self.roots.push(Root {
            point: bv,
            g,
            parent: parent_root,
            corner,
            base: p,
            base_fan,
        });
        let side = |q: NavPoint| sign * ori(sm, line.0, line.1, q).signum() > 0;
        for &(f, dir) in &fan[..len] {
            if dir != Fan::Same && dir != way {
                continue;
            }
            if self.is_goal_poly(f) {
                self.offer_goal(root, n, f, dir);
            }
            // An edge along a side of f past v is a grazing turn further on.
            self.offer_whole_edges(
                mesh,
                n,
                (root, bv),
                f,
                dir,
                |c, d| side(c) || side(d),
                |c, d| c != bv && d != bv,
            );
        }
    }
}
