//! The ring-based nearest search of `PointGraph` (spec: graphs.md, “Point graphs”) hands out
//! exactly the brute-force (squared distance, index) order: the links, the `link_valid` call
//! sequence and `nearest_node` equal an independent brute force on many random point sets —
//! duplicates, ties, clusters, tiny and huge extents, 3D — and the links are stable under
//! permutation of the input where the spec says so.

use std::cell::RefCell;
use std::collections::BTreeSet;

use onepath::graph::{Point3, PointGraph, PointGraphOptions};
use onepath::math::SplitMix64;

fn d2(p: Point3, q: Point3) -> f64 {
    let (dx, dy, dz) = (p.x - q.x, p.y - q.y, p.z - q.z);
    (dx * dx + dy * dy) + dz * dz
}

/// Sorted point pairs.
type Pairs = Vec<(u32, u32)>;

/// Brute force with the validation cache: the links and the `link_valid` calls, in order.
fn brute(p: &[Point3], md: f64, k: usize, valid: impl Fn(u32, u32) -> bool) -> (Pairs, Pairs) {
    let n = p.len() as u32;
    let mut verdicts = std::collections::BTreeMap::new();
    let mut calls = Vec::new();
    let mut check = |a: u32, b: u32| -> bool {
        let key = (a.min(b), a.max(b));
        *verdicts.entry(key).or_insert_with(|| {
            calls.push(key);
            valid(key.0, key.1)
        })
    };
    let mut out = Vec::new();
    if md > 0.0 {
        for a in 0..n {
            for b in a + 1..n {
                if d2(p[a as usize], p[b as usize]) <= md * md && check(a, b) {
                    out.push((a, b));
                }
            }
        }
    }
    if k > 0 {
        for a in 0..n {
            let mut c: Vec<(f64, u32)> = (0..n)
                .filter(|&b| b != a)
                .map(|b| (d2(p[a as usize], p[b as usize]), b))
                .filter(|&(d, _)| md == 0.0 || d <= md * md)
                .collect();
            c.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            let mut taken = 0;
            for &(_, b) in &c {
                if taken == k {
                    break;
                }
                if check(a, b) {
                    out.push((a.min(b), a.max(b)));
                    taken += 1;
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    (out, calls)
}

fn links_of(g: &PointGraph) -> Vec<(u32, u32)> {
    let csr = g.csr();
    let mut v = Vec::new();
    for a in 0..csr.node_count() {
        for (b, _) in csr.out_edges(a) {
            if a < b {
                v.push((a, b));
            }
        }
    }
    v
}

/// A random point set of one of several shapes.
fn points(r: &mut SplitMix64, shape: u32, n: u32) -> Vec<Point3> {
    let unit = |r: &mut SplitMix64| f64::from(r.below(1 << 20)) / f64::from(1u32 << 20);
    (0..n)
        .map(|_| match shape {
            // Small integer lattice: many duplicates and equal distances.
            0 => Point3::new(f64::from(r.below(8)), f64::from(r.below(8)), 0.0),
            // Fractional, spread.
            1 => Point3::new(unit(r) * 1000.0, unit(r) * 1000.0, 0.0),
            // Two tight clusters far apart.
            2 => {
                let off = if r.below(2) == 0 { -2.0e6 } else { 1.9e6 };
                Point3::new(off + unit(r), off + unit(r) * 0.5, 0.0)
            }
            // Tiny extent (below the 2^-30 cell floor).
            3 => Point3::new(
                1.0 + f64::from(r.below(4)) / 1_099_511_627_776.0,
                -3.0 + f64::from(r.below(4)) / 2_199_023_255_552.0,
                0.0,
            ),
            // 3D, z spread wider than x and y.
            4 => Point3::new(unit(r) * 10.0, unit(r) * 10.0, unit(r) * 400.0 - 200.0),
            // A line (zero y extent) with repeated points.
            5 => Point3::new(f64::from(r.below(30)) * 0.25, 7.0, 0.0),
            // Whole coordinate range.
            _ => Point3::new(
                (unit(r) * 2.0 - 1.0) * 2_097_152.0,
                (unit(r) * 2.0 - 1.0) * 2_097_152.0,
                f64::from(r.below(3)),
            ),
        })
        .collect()
}

#[test]
fn links_and_validation_calls_equal_brute_force() {
    let mut cases = 0;
    for seed in 0..280u64 {
        let mut r = SplitMix64::new(seed ^ 0x5eed);
        let shape = (seed % 7) as u32;
        let n = [1, 2, 3, 17, 60, 150][r.below(6) as usize];
        let pts = points(&mut r, shape, n);
        let k = r.below(7) as usize;
        let md = match (shape, r.below(3)) {
            (_, 0) => 0.0,
            (0 | 5, _) => [1.0, 2.5][r.below(2) as usize],
            (1, _) => 90.0,
            (3, _) => 1.0 / 1_073_741_824.0,
            (4, _) => 60.0,
            _ => 3.0e5,
        };
        // A deterministic "wall": refuses about a third of the pairs.
        let wall = |a: u32, b: u32| !(a.wrapping_mul(31) ^ b.wrapping_mul(17)).is_multiple_of(3);
        for with_wall in [false, true] {
            let calls = RefCell::new(Vec::new());
            let valid = |a: u32, b: u32| {
                calls.borrow_mut().push((a, b));
                !with_wall || wall(a, b)
            };
            let o = PointGraphOptions {
                max_distance: md,
                nearest_count: k as u32,
                link_valid: Some(&valid),
                ..PointGraphOptions::NONE
            };
            let g = PointGraph::new(&pts, &o).unwrap();
            let (want, want_calls) = brute(&pts, md, k, |a, b| !with_wall || wall(a, b));
            let ctx = format!("seed {seed} shape {shape} n {n} k {k} md {md} wall {with_wall}");
            assert_eq!(links_of(&g), want, "{ctx}");
            assert_eq!(*calls.borrow(), want_calls, "{ctx}");
            cases += 1;
        }
    }
    assert_eq!(cases, 560);
}

#[test]
fn nearest_node_equals_a_linear_scan_inside_and_outside_the_extent() {
    for seed in 0..120u64 {
        let mut r = SplitMix64::new(seed.wrapping_mul(0x9e37));
        let shape = (seed % 7) as u32;
        let n = [1, 5, 40, 200][r.below(4) as usize];
        let pts = points(&mut r, shape, n);
        let g = PointGraph::new(&pts, &PointGraphOptions::NONE).unwrap();
        let mut queries: Vec<Point3> = pts.iter().take(10).copied().collect();
        queries.extend(points(&mut r, shape, 10));
        for &(x, y) in &[
            (2_097_152.0, 2_097_152.0),
            (-2_097_152.0, 0.0),
            (0.0, -2_097_152.0),
            (0.5, 0.5),
        ] {
            queries.push(Point3::new(x, y, 0.0));
        }
        for q in queries {
            let mut best: Option<(f64, u32)> = None;
            for (i, p) in pts.iter().enumerate() {
                let d = d2(q, *p);
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, i as u32));
                }
            }
            assert_eq!(
                g.nearest_node(q),
                Ok(best.map(|b| b.1)),
                "seed {seed} shape {shape} q {q:?}"
            );
        }
    }
}

/// The links as pairs of positions (bit patterns), order-free.
fn position_pairs(p: &[Point3], o: &PointGraphOptions<'_>) -> BTreeSet<[u64; 6]> {
    let g = PointGraph::new(p, o).unwrap();
    links_of(&g)
        .into_iter()
        .map(|(a, b)| {
            let key = |q: Point3| [q.x.to_bits(), q.y.to_bits(), q.z.to_bits()];
            let (s, t) = (key(p[a as usize]), key(p[b as usize]));
            let (s, t) = if s <= t { (s, t) } else { (t, s) };
            [s[0], s[1], s[2], t[0], t[1], t[2]]
        })
        .collect()
}

#[test]
fn nearest_links_are_permutation_stable_without_ties() {
    for seed in 0..20u64 {
        let mut r = SplitMix64::new(seed + 1000);
        // Distinct fractional positions: no two candidates at exactly equal distance.
        let pts = points(&mut r, if seed % 2 == 0 { 1 } else { 4 }, 120);
        let o = PointGraphOptions {
            nearest_count: 1 + (seed % 5) as u32,
            ..PointGraphOptions::NONE
        };
        let base = position_pairs(&pts, &o);
        let mut shuffled = pts.clone();
        for i in (1..shuffled.len()).rev() {
            let j = r.below(i as u32 + 1) as usize;
            shuffled.swap(i, j);
        }
        assert_eq!(position_pairs(&shuffled, &o), base, "seed {seed}");
        let o = PointGraphOptions {
            max_distance: 80.0,
            ..PointGraphOptions::NONE
        };
        assert_eq!(
            position_pairs(&shuffled, &o),
            position_pairs(&pts, &o),
            "seed {seed}"
        );
    }
}
