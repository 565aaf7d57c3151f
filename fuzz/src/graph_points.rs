//! `graph_points`: [`PointGraph::new`] on decoded points and options. Properties: never a
//! panic (bad coordinates and distances are errors); the links equal a brute-force count;
//! with `max_distance` only, the links as position pairs do not depend on the point order;
//! `nearest_node` equals a linear scan.

use onepath::Point3;
use onepath::graph::{PointGraph, PointGraphOptions};

use crate::input::Input;

fn coordinate(input: &mut Input<'_>) -> f64 {
    match input.below(16) {
        0 => f64::from_bits(u64::from(input.u32()) << 32 | u64::from(input.u32())),
        _ => f64::from(i32::from(input.u8()) - 128) / f64::from(1 + input.below(4)),
    }
}

fn brute(points: &[Point3], md: f64, k: usize, links: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let n = points.len() as u32;
    let mut out: Vec<(u32, u32)> = links
        .iter()
        .filter(|l| l.0 != l.1)
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    for a in 0..n {
        let d = |b: u32| points[a as usize].distance_squared(points[b as usize]);
        if md > 0.0 {
            out.extend((a + 1..n).filter(|&b| d(b) <= md * md).map(|b| (a, b)));
        }
        let mut c: Vec<u32> = (0..n)
            .filter(|&b| b != a && (md == 0.0 || d(b) <= md * md))
            .collect();
        c.sort_by(|&x, &y| d(x).total_cmp(&d(y)).then(x.cmp(&y)));
        out.extend(c.iter().take(k).map(|&b| (a.min(b), a.max(b))));
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn links(g: &PointGraph) -> Vec<(u32, u32)> {
    let c = g.csr();
    (0..c.node_count())
        .flat_map(|a| {
            c.out_edges(a)
                .filter(move |&(b, _)| a < b)
                .map(move |(b, _)| (a, b))
        })
        .collect()
}

/// The body.
pub fn graph_points(data: &[u8]) {
    let mut input = Input::new(data);
    let n = input.below(20);
    let points: Vec<Point3> = (0..n)
        .map(|_| {
            Point3::new(
                coordinate(&mut input),
                coordinate(&mut input),
                if input.bool() {
                    coordinate(&mut input)
                } else {
                    0.0
                },
            )
        })
        .collect();
    let md = match input.below(4) {
        0 => 0.0,
        1 => f64::from(input.below(64)) / 4.0,
        2 => f64::from_bits(u64::from(input.u32()) << 32),
        _ => f64::from(input.below(200)),
    };
    let k = input.below(4);
    let explicit: Vec<(u32, u32)> = (0..input.below(4))
        .map(|_| (input.below(n.max(1) + 1), input.below(n.max(1) + 1)))
        .collect();
    let o = PointGraphOptions {
        links: &explicit,
        max_distance: md,
        nearest_count: k,
        link_valid: None,
    };
    let Ok(g) = PointGraph::new(&points, &o) else {
        return;
    };
    assert_eq!(
        links(&g),
        brute(&points, md, k as usize, &explicit),
        "links = brute force"
    );
    let probe = Point3::new(coordinate(&mut input), coordinate(&mut input), 0.0);
    if let Ok(found) = g.nearest_node(probe) {
        let scan = points
            .iter()
            .enumerate()
            .min_by(|x, y| {
                probe
                    .distance_squared(*x.1)
                    .total_cmp(&probe.distance_squared(*y.1))
                    .then(x.0.cmp(&y.0))
            })
            .map(|(i, _)| i as u32);
        assert_eq!(found, scan, "nearest node");
    }
    if k == 0 && explicit.is_empty() && n > 1 {
        // Reverse the order: the links as position pairs stay the same.
        let rev: Vec<Point3> = points.iter().rev().copied().collect();
        let h = PointGraph::new(&rev, &o).expect("same points");
        let as_pos = |p: &[Point3], l: Vec<(u32, u32)>| {
            let mut v: Vec<[u64; 6]> = l
                .into_iter()
                .map(|(a, b)| {
                    let (x, y) = (p[a as usize], p[b as usize]);
                    let kx = [x.x.to_bits(), x.y.to_bits(), x.z.to_bits()];
                    let ky = [y.x.to_bits(), y.y.to_bits(), y.z.to_bits()];
                    let (s, t) = if kx <= ky { (kx, ky) } else { (ky, kx) };
                    [s[0], s[1], s[2], t[0], t[1], t[2]]
                })
                .collect();
            v.sort_unstable();
            v
        };
        assert_eq!(
            as_pos(&rev, links(&h)),
            as_pos(&points, links(&g)),
            "permutation"
        );
    }
}
