//! Hand-checked small cases for the reference itself.

use super::bake::{RefMesh, bake};
use super::bytes::{canonical_bytes, content_hash, fnv1a64};
use super::cases::nav_case;
use super::check::check_mesh;
use super::corridor::{reachable, shortest_in_corridor, shortest_with, simplify};
use super::erosion::{gap_limit, kept_cells, kept_cells_with, reach};
use super::locate::{locate, nearest};
use super::region::{path_inside, segment_inside};
use super::search::{SearchResult, search};
use super::sleeve::{portals, shortest_in_sleeve};
use super::{BakeInput, UNIT, cell_center, corner};
use crate::rng::SplitMix64;

/// A bake input from a text picture (`#` blocked, rows from y = 0 downwards in the text).
fn input(rows: &[&str], radius: f64, tile: u32) -> BakeInput {
    let width = rows[0].len() as u32;
    let walkable = rows
        .iter()
        .flat_map(|r| r.bytes().map(|b| b != b'#'))
        .collect();
    BakeInput {
        width,
        height: rows.len() as u32,
        walkable,
        cell_size: 1.0,
        origin: (0.0, 0.0),
        radius,
        tile_size: tile,
        area: 0,
    }
}

fn check(m: &RefMesh) {
    check_mesh(
        m.input.width,
        m.input.height,
        &m.kept,
        &m.vertex_lists(),
        &m.link_lists(),
    )
    .unwrap();
}

#[test]
fn reach_and_limit() {
    assert_eq!(reach(0.0), 0);
    assert_eq!(reach(gap_limit(0.5, 1.0)), 1);
    assert_eq!(reach(gap_limit(1.0, 1.0)), 1);
    assert_eq!(reach(gap_limit(1.6, 1.0)), 2);
    assert_eq!(reach(gap_limit(2.5, 1.0)), 3);
    assert_eq!(gap_limit(0.5, 0.5), 1.0);
}

#[test]
fn erosion_of_an_open_square() {
    let all = vec![true; 25];
    let ids = |k: &[bool]| (0..25).filter(|&i| k[i]).collect::<Vec<_>>();
    assert_eq!(kept_cells(5, 5, &all, 0.0, 1.0), all);
    let inner: Vec<usize> = vec![6, 7, 8, 11, 12, 13, 16, 17, 18];
    assert_eq!(ids(&kept_cells(5, 5, &all, 0.5, 1.0)), inner);
    // r = 1: a cell one cell away from the border has gap exactly 1 >= 1.
    assert_eq!(ids(&kept_cells(5, 5, &all, 1.0, 1.0)), inner);
    assert_eq!(ids(&kept_cells(5, 5, &all, 1.6, 1.0)), vec![12]);
    // Cell size 0.5 with radius 0.5 is one cell.
    assert_eq!(ids(&kept_cells(5, 5, &all, 0.5, 0.5)), inner);
    // A wall touching only at a corner drops a cell at r > 0: wall (2, 2) in a 7 × 7 field.
    let mut w = vec![true; 49];
    w[2 * 7 + 2] = false;
    let k = kept_cells(7, 7, &w, 0.3, 1.0);
    assert!(!k[3 * 7 + 3] && k[3 * 7 + 4] && k[4 * 7 + 4] && !k[8]);
}

#[test]
fn one_rectangle_and_its_bytes() {
    let m = bake(&input(&["...", "..."], 0.0, 4));
    assert_eq!(m.polys.len(), 1);
    assert_eq!(m.polys[0].verts, vec![[0, 0], [3, 0], [3, 2], [0, 2]]);
    assert_eq!(m.polys[0].links, vec![None; 4]);
    check(&m);
    let b = canonical_bytes(&m);
    assert_eq!(b.len(), 53 + 12 + 4 + 32 + 16);
    assert_eq!(&b[..4], b"OPNM");
    assert_eq!(&b[4..12], &[3, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(&b[12..20], &1.0f64.to_bits().to_le_bytes());
    assert_eq!(&b[36..44], &[0; 8]); // radius +0.0
    assert_eq!(&b[44..49], &[4, 0, 0, 0, 0]); // tile size, area
    assert_eq!(&b[49..53], &[1, 0, 0, 0]); // one tile
    assert_eq!(&b[53..65], &[0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
    assert_eq!(&b[65..69], &[4, 0, 0, 0]);
    assert_eq!(&b[b.len() - 4..], &[0xff; 4]);
    assert_eq!(content_hash(&m), fnv1a64(&b));
    // A negative zero radius writes +0.0.
    let mut neg = input(&["...", "..."], 0.0, 4);
    neg.radius = -0.0;
    assert_eq!(canonical_bytes(&bake(&neg)), b);
}

#[test]
fn fnv_pinned() {
    assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
}

#[test]
fn t_vertex_and_link() {
    // Row y = 0 is "...", row y = 1 is "..#".
    let m = bake(&input(&["...", "..#"], 0.0, 4));
    assert_eq!(m.polys.len(), 2);
    assert_eq!(m.polys[0].rect, [0, 0, 3, 1]);
    assert_eq!(
        m.polys[0].verts,
        vec![[0, 0], [3, 0], [3, 1], [2, 1], [0, 1]]
    );
    assert_eq!(m.polys[0].links, vec![None, None, None, Some((1, 0)), None]);
    assert_eq!(m.polys[1].verts, vec![[0, 1], [2, 1], [2, 2], [0, 2]]);
    assert_eq!(m.polys[1].links, vec![Some((0, 3)), None, None, None]);
    check(&m);
}

#[test]
fn tiles_cut_rectangles_and_link_across() {
    let m = bake(&input(&["....."], 0.0, 4));
    assert_eq!(m.tiles(), vec![(0, 0, 1), (1, 1, 1)]);
    assert_eq!(m.polys[0].verts, vec![[0, 0], [4, 0], [4, 1], [0, 1]]);
    assert_eq!(m.polys[0].links[1], Some((1, 3)));
    assert_eq!(m.polys[1].links[3], Some((0, 1)));
    check(&m);
    // Rectangles grow right then down, in the tile's row order.
    let m = bake(&input(&["..#.", "....", "...."], 0.0, 4));
    let rects: Vec<[i64; 4]> = m.polys.iter().map(|p| p.rect).collect();
    assert_eq!(rects, vec![[0, 0, 2, 3], [3, 0, 4, 3], [2, 1, 3, 3]]);
    check(&m);
    // A grid without walkable cells has no tiles.
    let m = bake(&input(&["##", "##"], 0.0, 4));
    assert_eq!(m.tiles(), vec![]);
    assert_eq!(&canonical_bytes(&m)[49..], &[0, 0, 0, 0]);
}

#[test]
fn pinch_is_not_linked_and_not_passable() {
    let m = bake(&input(&[".#", "#."], 0.0, 4));
    assert_eq!(m.polys.len(), 2);
    assert!(m.polys.iter().all(|p| p.links.iter().all(Option::is_none)));
    check(&m);
    let verts = m.vertex_lists();
    assert_eq!(locate(&verts, corner(1, 1)), Some(0));
    assert_eq!(locate(&verts, cell_center(1, 1)), Some(1));
    assert_eq!(locate(&verts, cell_center(1, 0)), None);
    let d = (UNIT / 2) as i128;
    assert_eq!(
        nearest(&verts, cell_center(1, 0)),
        Some(([UNIT, UNIT / 2], 0, d * d))
    );
    assert_eq!(
        nearest(&verts, cell_center(1, 1)),
        Some((cell_center(1, 1), 1, 0))
    );
    assert!(!reachable(&m, 0, 1));
    let set = |x: i64, y: i64| (x, y) == (0, 0) || (x, y) == (1, 1);
    assert!(segment_inside(&set, cell_center(0, 0), cell_center(1, 1)).is_err());
    assert!(path_inside(&set, &[cell_center(0, 0), corner(1, 1), cell_center(1, 1)]).is_err());
    assert!(
        path_inside(
            &set,
            &[cell_center(0, 0), corner(1, 1), [UNIT / 2, 3 * UNIT / 4]]
        )
        .is_ok()
    );
    assert!(segment_inside(&set, cell_center(0, 0), corner(1, 1)).is_ok());
    // Along a wall edge and touching a wall corner is legal; crossing a wall is not.
    let open = |x: i64, y: i64| (0..3).contains(&x) && (0..3).contains(&y) && (x, y) != (1, 1);
    assert!(segment_inside(&open, corner(0, 1), corner(3, 1)).is_ok());
    assert!(segment_inside(&open, cell_center(0, 0), corner(2, 2)).is_err());
    assert!(segment_inside(&open, cell_center(0, 1), cell_center(1, 0)).is_ok());
    assert!(segment_inside(&open, cell_center(0, 1), cell_center(2, 1)).is_err());
    assert!(segment_inside(&open, corner(0, 3), corner(3, 3)).is_ok());
    assert!(segment_inside(&open, corner(0, 3), corner(3, 4)).is_err());
}

#[test]
fn checker_rejects_broken_meshes() {
    let m = bake(&input(&["...", "..#"], 0.0, 4));
    let (v, l) = (m.vertex_lists(), m.link_lists());
    let c = |v: &[Vec<[i64; 2]>], l: &[Vec<Option<(u32, u32)>>]| check_mesh(3, 2, &m.kept, v, l);
    assert!(c(&v, &l).is_ok());
    let mut cw = v.clone();
    cw[1].reverse();
    assert!(c(&cw, &l).is_err());
    let mut missing = l.clone();
    missing[0][3] = None;
    missing[1][0] = None;
    assert!(c(&v, &missing).unwrap_err().contains("unlinked"));
    let mut one_way = l.clone();
    one_way[1][0] = None;
    assert!(c(&v, &one_way).unwrap_err().contains("symmetric"));
    let mut overlap = v.clone();
    overlap[1] = vec![[0, 0], [2, 0], [2, 2], [0, 2]];
    assert!(c(&overlap, &l).is_err());
    let mut no_t = v.clone();
    no_t[0].remove(3);
    let mut no_t_links = l.clone();
    no_t_links[0].remove(3);
    assert!(c(&no_t, &no_t_links).is_err());
    // The kept region is not covered.
    let mut kept = m.kept.clone();
    kept[5] = true;
    assert!(check_mesh(3, 2, &kept, &v, &l).is_err());
}

#[test]
fn shortest_path_around_a_wall() {
    // Rows y = 0, 1, 2: the middle column is blocked at y = 1 and 2.
    let m = bake(&input(&["...", ".#.", ".#."], 0.0, 4));
    check(&m);
    let verts = m.vertex_lists();
    let all: Vec<u32> = (0..m.polys.len() as u32).collect();
    let (len, path) =
        shortest_in_corridor(3, 3, &verts, &all, cell_center(0, 2), cell_center(2, 2)).unwrap();
    assert_eq!(
        path,
        vec![
            cell_center(0, 2),
            corner(1, 1),
            corner(2, 1),
            cell_center(2, 2)
        ]
    );
    let expect = 2.5f64.sqrt() + 1.0 + 2.5f64.sqrt();
    assert!((len - expect).abs() < 1e-12, "{len} {expect}");
    let s0 = locate(&verts, cell_center(0, 2)).unwrap();
    let SearchResult::Found { corridor, .. } = search(&m, cell_center(0, 2), cell_center(2, 2))
    else {
        panic!("found")
    };
    assert_eq!(corridor[0], s0);
    let ports = portals(&verts, &m.link_lists(), &corridor).unwrap();
    let (slen, spath) = shortest_in_sleeve(&ports, cell_center(0, 2), cell_center(2, 2)).unwrap();
    assert_eq!(simplify(&spath), path);
    assert!((slen - expect).abs() < 1e-12);
    let set = |x: i64, y: i64| (0..3).contains(&x) && (0..3).contains(&y) && !(x == 1 && y > 0);
    assert!(path_inside(&set, &path).is_ok());
    // The straight line crosses the wall.
    assert!(path_inside(&set, &[cell_center(0, 2), cell_center(2, 2)]).is_err());
    // Same polygon: a straight segment.
    let p0 = locate(&verts, cell_center(0, 0)).unwrap();
    let (len, path) =
        shortest_in_corridor(3, 3, &verts, &[p0], cell_center(0, 0), [UNIT / 4, UNIT / 4]).unwrap();
    assert_eq!(path.len(), 2);
    assert!((len - (2.0 * 0.0625f64).sqrt()).abs() < 1e-15);
}

#[test]
fn erosion_shortcut_and_windowless_brute_force_agree() {
    for seed in 0..300 {
        let c = nav_case(seed);
        let i = &c.input;
        assert_eq!(
            kept_cells_with(i.width, i.height, &i.walkable, 0.0, false),
            i.walkable,
            "seed {seed}"
        );
    }
}

/// The reference bake passes the reference checker on random cases, the shortest path in a
/// corridor is legal and the reflex-only visibility graph loses nothing against every vertex.
#[test]
fn reference_is_self_consistent() {
    let cases = if cfg!(debug_assertions) { 400 } else { 4000 };
    let (mut sleeves, mut shortcuts) = (0, 0);
    for seed in 0..cases {
        let c = nav_case(seed);
        let m = bake(&c.input);
        let (w, h) = (c.input.width, c.input.height);
        let verts = m.vertex_lists();
        check_mesh(w, h, &m.kept, &verts, &m.link_lists())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{}\n{}", c.settings(), c.picture()));
        if m.polys.is_empty() || seed % 4 != 0 {
            continue;
        }
        let mut rng = SplitMix64::new(seed ^ 0xABCD);
        let kept = |x: i64, y: i64| {
            x >= 0
                && y >= 0
                && x < i64::from(w)
                && y < i64::from(h)
                && m.kept[(y * i64::from(w) + x) as usize]
        };
        for _ in 0..3 {
            let pick = |rng: &mut SplitMix64| {
                let p = &m.polys[rng.below(m.polys.len() as u64) as usize];
                let [x0, y0, x1, y1] = p.rect;
                [
                    x0 * UNIT + rng.below(((x1 - x0) * UNIT + 1) as u64) as i64,
                    y0 * UNIT + rng.below(((y1 - y0) * UNIT + 1) as u64) as i64,
                ]
            };
            let (s, g) = (pick(&mut rng), pick(&mut rng));
            let all: Vec<u32> = (0..m.polys.len() as u32).collect();
            let fast = shortest_in_corridor(w, h, &verts, &all, s, g);
            let slow = shortest_with(w, h, &verts, &all, s, g, false);
            assert_eq!(fast.is_some(), slow.is_some(), "seed {seed}");
            if let (Some((a, pa)), Some((b, _))) = (fast, slow) {
                assert!(
                    (a - b).abs() <= 1e-9 * a.max(1.0),
                    "seed {seed}: {a} vs {b}"
                );
                path_inside(&kept, &pa).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                let (ps, pg) = (locate(&verts, s).unwrap(), locate(&verts, g).unwrap());
                assert!(reachable(&m, ps, pg), "seed {seed}");
                let SearchResult::Found { corridor, .. } = search(&m, s, g) else {
                    panic!("seed {seed}: reachable but not found");
                };
                assert_eq!((corridor[0], *corridor.last().unwrap()), (ps, pg));
                for w in corridor.windows(2) {
                    assert!(
                        m.polys[w[0] as usize]
                            .links
                            .iter()
                            .flatten()
                            .any(|l| l.0 == w[1])
                    );
                }
                // Everything <= the corridor's union <= the sleeve (portals in order).
                let (inside, _) = shortest_in_corridor(w, h, &verts, &corridor, s, g).unwrap();
                assert!(inside >= a * (1.0 - 1e-12), "seed {seed}: {inside} < {a}");
                let ports = portals(&verts, &m.link_lists(), &corridor).unwrap();
                let (through, tp) = shortest_in_sleeve(&ports, s, g).unwrap();
                assert!(
                    through >= inside * (1.0 - 1e-12),
                    "seed {seed}: {through} < {inside}"
                );
                path_inside(&kept, &tp).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                if through > inside * (1.0 + 1e-9) {
                    shortcuts += 1;
                    // Only where two polygons of the corridor that are not consecutive share
                    // an edge (the union then has a crossing the sleeve does not).
                    let skip = corridor.iter().enumerate().any(|(i, &p)| {
                        corridor[i + 2.min(corridor.len() - i)..]
                            .iter()
                            .any(|&q| m.polys[p as usize].links.iter().flatten().any(|l| l.0 == q))
                    });
                    assert!(
                        skip,
                        "seed {seed}: union {inside} < sleeve {through} without a shortcut edge"
                    );
                }
                sleeves += 1;
            } else {
                assert!(
                    matches!(search(&m, s, g), SearchResult::NoPath { .. }),
                    "seed {seed}"
                );
            }
        }
    }
    eprintln!("{sleeves} corridors, {shortcuts} where the union is shorter than the sleeve");
    assert!(sleeves > 50);
}
