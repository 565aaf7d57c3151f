//! The loop of [`PolyanyaSearch`]: binding, popping, intermediate pruning, and the path's
//! reconstruction (roots, corridor, portals) once the goal node is popped.

use super::PolyanyaSearch;
use super::heuristic::estimate;
use super::node::{Corner, Fan, NONE, NOT_REFLEX, Root, UNKNOWN};
use super::successors::turn_around;
use crate::navmesh::NavMesh;
use crate::navmesh::NavPoint;
use crate::navmesh::crossings::{MeshShape, locate_endpoints, vertex};
use crate::search::Step;

/// The polygons whose closed area holds `p`, ascending (at most four: the polygons of the
/// cells whose closed squares hold it; a polygon is a union of whole cells, docs §3).
fn polys_at(mesh: &NavMesh, p: NavPoint) -> ([u32; 4], usize) {
    let u = NavPoint::UNIT;
    let (cx, cy) = (p.x.div_euclid(u), p.y.div_euclid(u));
    let xs = [cx, if p.x.rem_euclid(u) == 0 { cx - 1 } else { cx }];
    let ys = [cy, if p.y.rem_euclid(u) == 0 { cy - 1 } else { cy }];
    let mut out = [NONE; 4];
    let mut n = 0;
    for y in ys {
        for x in xs {
            if x < 0 || y < 0 || x >= i64::from(mesh.width()) || y >= i64::from(mesh.height()) {
                continue;
            }
            let centre = NavPoint::new(x * u + u / 2, y * u + u / 2);
            if let Some(poly) = mesh.locate(centre)
                && !out[..n].contains(&poly)
            {
                out[n] = poly;
                n += 1;
            }
        }
    }
    out[..n].sort_unstable();
    (out, n)
}

impl PolyanyaSearch {
    /// The per-corner table index of mesh vertex `v`.
    pub(crate) fn corner_index(&self, v: [i32; 2]) -> u32 {
        (v[1] as u32) * (self.width + 1) + v[0] as u32
    }

    /// Records that corner `c` is not a reflex vertex of the region.
    pub(crate) fn not_reflex(&mut self, c: u32) {
        self.best[c as usize] = Corner {
            stamp: self.stamp,
            flag: NOT_REFLEX,
            g: f64::INFINITY,
        };
    }

    /// Whether root `r` has been superseded by a shorter path to its vertex.
    pub(crate) fn stale(&self, r: u32) -> bool {
        let root = self.roots[r as usize];
        root.corner != NONE && {
            let slot = self.best[root.corner as usize];
            slot.stamp == self.stamp && slot.g < root.g
        }
    }

    /// See [`PolyanyaSearch::try_begin`].
    pub(crate) fn begin(&mut self, mesh: &NavMesh, start: NavPoint, goal: NavPoint) -> Step {
        if let Err(refused) = locate_endpoints(mesh, start, goal) {
            return refused;
        }
        let (sp, sn) = polys_at(mesh, start);
        let (gp, gn) = polys_at(mesh, goal);
        self.shape = MeshShape::of(mesh);
        self.width = mesh.width();
        self.small = mesh.width() <= 1 << 14 && mesh.height() <= 1 << 14;
        let corners = (mesh.width() as usize + 1) * (mesh.height() as usize + 1);
        if self.best.len() < corners {
            self.best.resize(corners, Corner::default());
        }
        if self.stamp == u32::MAX {
            self.best.iter_mut().for_each(|s| *s = Corner::default());
            self.stamp = 0;
        }
        self.stamp += 1;
        let hint = 2 * self.shape.half_edges as usize + 64;
        self.nodes.clear();
        self.nodes.reserve(hint);
        self.roots.clear();
        self.roots.reserve(hint / 4 + 16);
        self.open.clear();
        self.open.reserve(hint);
        self.succ.clear();
        self.succ.reserve(64);
        self.succ_edge.clear();
        self.succ_edge.reserve(64);
        self.turns.clear();
        self.turns.reserve(hint / 4 + 16);
        self.corridor.clear();
        self.portals.clear();
        self.waypoints.clear();
        self.corridor.reserve(hint / 2);
        self.portals.reserve(hint / 2);
        self.waypoints.reserve(hint / 4 + 2);
        self.length = 0.0;
        self.iterations = 0;
        self.expansions = 0;
        self.in_place = 0;
        self.start = start;
        self.goal = goal;
        (self.start_polys, self.start_poly_count) = (sp, sn);
        (self.goal_polys, self.goal_poly_count) = (gp, gn);
        let corner = start
            .as_corner()
            .map_or(NONE, |(i, j)| self.corner_index([i as i32, j as i32]));
        if corner != NONE {
            self.best[corner as usize] = Corner {
                stamp: self.stamp,
                flag: UNKNOWN,
                g: 0.0,
            };
        }
        self.roots.push(Root {
            point: start,
            g: 0.0,
            parent: NONE,
            corner,
            base: NONE,
            base_fan: Fan::Same,
        });
        self.start_successors(mesh);
        self.flush();
        self.status = if self.open.is_empty() {
            Step::NoPath
        } else {
            Step::InProgress
        };
        self.status
    }

    /// Moves the current successors to the open list.
    fn flush(&mut self) {
        for (&s, &[a, b]) in self.succ.iter().zip(&self.succ_edge) {
            let n = &mut self.nodes[s as usize];
            if n.he != NONE {
                let root = self.roots[n.root as usize].point;
                n.f = n.g + estimate(root, a, b, n.wl, n.wr, self.goal);
            }
            self.open.push(n.f, n.g, s);
        }
        self.succ.clear();
        self.succ_edge.clear();
    }

    /// See [`PolyanyaSearch::step`].
    pub(crate) fn advance(&mut self, mesh: &NavMesh, budget: u32) -> Step {
        if self.status != Step::InProgress {
            return self.status;
        }
        assert!(
            MeshShape::of(mesh) == self.shape,
            "PolyanyaSearch::step: the mesh is not the one the search began on"
        );
        for _ in 0..budget {
            let Some(mut n) = self.open.pop() else {
                self.status = Step::NoPath;
                return self.status;
            };
            self.iterations += 1;
            let node = self.nodes[n as usize];
            if node.he == NONE {
                self.status = Step::Found;
                self.finish(mesh, n);
                return self.status;
            }
            if self.stale(node.root) {
                continue;
            }
            loop {
                self.expansions += 1;
                self.expand(mesh, n);
                // Intermediate pruning: a lone successor (not the goal) is expanded in place.
                if let [only] = self.succ[..]
                    && self.nodes[only as usize].he != NONE
                {
                    self.succ.clear();
                    self.succ_edge.clear();
                    self.in_place += 1;
                    n = only;
                    continue;
                }
                self.flush();
                break;
            }
        }
        if self.open.is_empty() {
            self.status = Step::NoPath;
        }
        self.status
    }

    /// Moves the corridor's end `cur` to polygon `to` around the vertex at `around` in
    /// direction `fan` (the first polygon starts the corridor).
    fn walk(&mut self, mesh: &NavMesh, cur: &mut u32, to: u32, around: NavPoint, fan: Fan) {
        if *cur == NONE {
            *cur = to;
            self.corridor.push(to);
            return;
        }
        let v = [
            (around.x / NavPoint::UNIT) as i32,
            (around.y / NavPoint::UNIT) as i32,
        ];
        let mut guard = 0;
        while *cur != to && guard < 8 {
            guard += 1;
            let Some((next, e)) = turn_around(mesh, *cur, v, fan) else {
                break;
            };
            self.portals
                .push([vertex(mesh.edge_end(e)), vertex(mesh.edge_start(e))]);
            self.corridor.push(next);
            *cur = next;
        }
    }

    /// Builds the waypoints, corridor and portals of the goal node `goal_node`.
    fn finish(&mut self, mesh: &NavMesh, goal_node: u32) {
        let node = self.nodes[goal_node as usize];
        self.length = node.g;
        // Waypoints: the roots back to the start, reversed, then the goal.
        let mut r = node.root;
        while r != NONE {
            let root = self.roots[r as usize];
            self.waypoints.push(root.point);
            r = root.parent;
        }
        self.waypoints.reverse();
        if self.waypoints.last() != Some(&self.goal) {
            self.waypoints.push(self.goal);
        }
        // The node chain, first to last, reusing `succ` as scratch.
        self.succ.clear();
        let mut k = goal_node;
        while k != NONE {
            self.succ.push(k);
            k = self.nodes[k as usize].parent;
        }
        self.succ.reverse();
        let mut cur = NONE;
        for i in 0..self.succ.len() {
            let n = self.nodes[self.succ[i] as usize];
            let from_root = if n.parent == NONE {
                0
            } else {
                self.nodes[n.parent as usize].root
            };
            // The turns made between the parent's root and this node's root, in order.
            self.turns.clear();
            let mut r = n.root;
            while r != from_root && r != NONE {
                self.turns.push(r);
                r = self.roots[r as usize].parent;
            }
            let mut around = self.roots[from_root as usize].point;
            for j in (0..self.turns.len()).rev() {
                let t = self.roots[self.turns[j] as usize];
                self.walk(mesh, &mut cur, t.base, around, t.base_fan);
                around = t.point;
            }
            self.walk(mesh, &mut cur, n.from, around, n.fan);
            if n.he == NONE {
                break;
            }
            let e = mesh.twin(n.he);
            self.portals
                .push([vertex(mesh.edge_end(e)), vertex(mesh.edge_start(e))]);
            cur = mesh.edge_poly(n.he);
            self.corridor.push(cur);
        }
        self.succ.clear();
    }
}
