//! `Landmarks` (ALT): selection pinned on fixed graphs, the bound on small cases, `OPLM` v1
//! round trips and strict reading, staleness.

use onepath::graph::{CsrGraph, GraphEdge};
use onepath::graph_search::{
    AltGraphHeuristic, LandmarkError, LandmarkOptions, LandmarkSelection, LandmarkTable, Landmarks,
};
use onepath::math::SplitMix64;

fn e(from: u32, to: u32, w: f64) -> GraphEdge {
    GraphEdge::new(from, to, w)
}

fn random_graph(seed: u64, n: u32, m: u32) -> CsrGraph {
    let mut r = SplitMix64::new(seed);
    let edges: Vec<GraphEdge> = (0..m)
        .map(|_| e(r.below(n), r.below(n), f64::from(1 + r.below(9))))
        .collect();
    CsrGraph::new(n, &edges).unwrap()
}

fn opts(count: u32, selection: LandmarkSelection, seed: u64) -> LandmarkOptions {
    LandmarkOptions {
        count,
        selection,
        seed,
    }
}

#[test]
fn farthest_on_a_one_way_chain() {
    // From any root the farthest node is 9; nothing but 9 is reachable from 9, so the second
    // landmark falls back to the smallest free id.
    let edges: Vec<_> = (0..9).map(|i| e(i, i + 1, 1.0)).collect();
    let g = CsrGraph::new(10, &edges).unwrap();
    let lm = Landmarks::build(&g, &opts(2, LandmarkSelection::Farthest, 5)).unwrap();
    assert_eq!(lm.ids(), [9, 0]);
    assert_eq!(lm.forward_distance(1, 4), Some(4.0));
    assert_eq!(lm.backward_distance(0, 4), Some(5.0));
    assert_eq!(lm.forward_distance(0, 4), Some(f64::INFINITY));
    assert_eq!(lm.lower_bound(3, 8), 5.0);
    // No landmark proves 3 unreachable from 8 (9 does not reach 8, 3 does not reach 0).
    assert_eq!(lm.lower_bound(8, 3), 0.0);
    // Two components: landmark 9 reaches 4 but not 12, so 12 cannot be reached from 4.
    let mut two = edges.clone();
    two.push(e(9, 4, 1.0));
    two.push(e(10, 11, 1.0));
    two.push(e(11, 12, 1.0));
    let g2 = CsrGraph::new(13, &two).unwrap();
    let lm2 = Landmarks::build(&g2, &opts(2, LandmarkSelection::Farthest, 5)).unwrap();
    assert_eq!(lm2.lower_bound(4, 12), f64::INFINITY, "{:?}", lm2.ids());
    // The count is capped at the node count; landmarks are distinct.
    let all = Landmarks::build(&g, &opts(50, LandmarkSelection::Avoid, 1)).unwrap();
    let mut ids = all.ids().to_vec();
    ids.sort_unstable();
    assert_eq!(ids, (0..10).collect::<Vec<_>>());
}

#[test]
fn selection_is_pinned() {
    // Pinned outputs: a change here changes every ALT result and must be deliberate.
    let g = random_graph(42, 60, 200);
    let avoid = Landmarks::build(&g, &opts(6, LandmarkSelection::Avoid, 1)).unwrap();
    let far = Landmarks::build(&g, &opts(6, LandmarkSelection::Farthest, 1)).unwrap();
    assert_eq!(avoid.ids(), PINNED_AVOID);
    assert_eq!(far.ids(), PINNED_FARTHEST);
    assert_eq!(
        Landmarks::build(&g, &LandmarkOptions::DEFAULT)
            .unwrap()
            .ids()
            .len(),
        16
    );
}

const PINNED_AVOID: [u32; 6] = [49, 52, 16, 17, 0, 9];
const PINNED_FARTHEST: [u32; 6] = [49, 4, 52, 34, 9, 17];

#[test]
fn build_refuses_empty_graphs_and_zero_counts() {
    let empty = CsrGraph::new(0, &[]).unwrap();
    assert_eq!(
        Landmarks::build(&empty, &LandmarkOptions::DEFAULT),
        Err(LandmarkError::EmptyGraph)
    );
    let g = random_graph(1, 5, 10);
    let err = Landmarks::build(&g, &opts(0, LandmarkSelection::Avoid, 1)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "landmark count 0 is outside 1..=5 (the graph's node count)"
    );
}

#[test]
fn serialization_round_trips_and_is_exact() {
    let g = random_graph(7, 40, 120);
    let lm = Landmarks::build(&g, &opts(5, LandmarkSelection::Avoid, 3)).unwrap();
    let bytes = lm.serialize();
    assert_eq!(bytes.len(), 24 + 4 * 5 + 16 * 5 * 40);
    assert_eq!(bytes.len(), lm.serialized_len());
    assert_eq!(&bytes[..4], b"OPLM");
    assert_eq!(&bytes[4..8], &1u32.to_le_bytes());
    assert_eq!(&bytes[8..12], &40i32.to_le_bytes());
    assert_eq!(&bytes[12..16], &5i32.to_le_bytes());
    assert_eq!(&bytes[16..24], &g.fingerprint().to_le_bytes());
    assert_eq!(&bytes[24..28], &lm.ids()[0].to_le_bytes());
    let back = Landmarks::deserialize(&bytes, &g).unwrap();
    assert_eq!(back, lm);
    assert_eq!(back.serialize(), bytes);
}

#[test]
fn hostile_bytes_give_typed_errors() {
    let g = random_graph(8, 12, 40);
    let lm = Landmarks::build(&g, &opts(3, LandmarkSelection::Avoid, 9)).unwrap();
    let good = lm.serialize();
    let with = |o: usize, b: &[u8]| {
        let mut v = good.clone();
        v[o..o + b.len()].copy_from_slice(b);
        v
    };
    let de = |b: &[u8]| Landmarks::deserialize(b, &g);
    assert_eq!(de(&with(0, b"OPLN")), Err(LandmarkError::BadMagic));
    assert_eq!(
        de(&with(4, &2u32.to_le_bytes())),
        Err(LandmarkError::UnsupportedVersion { found: 2 })
    );
    assert!(matches!(
        de(&with(8, &13i32.to_le_bytes())),
        Err(LandmarkError::NodeCount { found: 13, .. })
    ));
    for k in [0i32, -1, 13, i32::MAX, i32::MIN] {
        assert!(
            matches!(
                de(&with(12, &k.to_le_bytes())),
                Err(LandmarkError::Count { .. })
            ),
            "{k}"
        );
    }
    assert!(matches!(
        de(&with(12, &2i32.to_le_bytes())),
        Err(LandmarkError::Length { .. })
    ));
    assert!(matches!(
        de(&with(16, &[0xAB])),
        Err(LandmarkError::Stale { .. })
    ));
    assert!(matches!(
        de(&with(24, &12i32.to_le_bytes())),
        Err(LandmarkError::Id { index: 0, id: 12 })
    ));
    assert!(matches!(
        de(&with(28, &(-3i32).to_le_bytes())),
        Err(LandmarkError::Id { index: 1, id: -3 })
    ));
    let table = 24 + 12;
    for bad in [f64::NAN, -1.0, f64::NEG_INFINITY] {
        let err = de(&with(table + 8 * 5, &bad.to_bits().to_le_bytes())).unwrap_err();
        assert!(
            matches!(
                err,
                LandmarkError::Distance {
                    table: LandmarkTable::Forward,
                    index: 5,
                    ..
                }
            ),
            "{err}"
        );
    }
    let back = table + 8 * 3 * 12;
    let err = de(&with(back + 8 * 7, &(-0.5f64).to_bits().to_le_bytes())).unwrap_err();
    assert!(matches!(
        err,
        LandmarkError::Distance {
            table: LandmarkTable::Backward,
            index: 7,
            ..
        }
    ));
    // A landmark not at distance 0 from itself.
    let l0 = lm.ids()[0] as usize;
    let err = de(&with(table + 8 * l0, &1.0f64.to_bits().to_le_bytes())).unwrap_err();
    assert!(matches!(
        err,
        LandmarkError::SelfDistance {
            table: LandmarkTable::Forward,
            landmark: 0,
            ..
        }
    ));
    // Every truncation and an extension: a length error (or the magic's), never a panic.
    for cut in 0..good.len() {
        assert!(de(&good[..cut]).is_err(), "{cut}");
    }
    let mut longer = good.clone();
    longer.push(0);
    assert!(matches!(de(&longer), Err(LandmarkError::Length { .. })));
    // Every single-byte damage is refused or reads as tables of this graph; never a panic.
    for i in 0..good.len() {
        for x in [1u8, 0x80, 0xFF] {
            let mut bad = good.clone();
            bad[i] ^= x;
            if let Ok(t) = de(&bad) {
                assert_eq!(t.serialize(), bad);
            }
        }
    }
}

#[test]
fn tables_of_another_graph_are_stale() {
    let g = random_graph(8, 12, 40);
    let lm = Landmarks::build(&g, &opts(3, LandmarkSelection::Avoid, 9)).unwrap();
    let mut edges: Vec<GraphEdge> = Vec::new();
    let mut r = SplitMix64::new(8);
    for _ in 0..40 {
        edges.push(e(r.below(12), r.below(12), f64::from(1 + r.below(9))));
    }
    edges[3].weight += 1.0;
    let edited = CsrGraph::new(12, &edges).unwrap();
    assert!(lm.belongs_to(&g));
    assert!(!lm.belongs_to(&edited));
    assert!(AltGraphHeuristic::new(&lm, &g).is_ok());
    let err = AltGraphHeuristic::new(&lm, &edited).unwrap_err();
    assert!(matches!(err, LandmarkError::Stale { .. }));
    assert!(
        err.to_string()
            .contains("rebuild them after editing the graph")
    );
    assert!(matches!(
        Landmarks::deserialize(&lm.serialize(), &edited),
        Err(LandmarkError::Stale { .. })
    ));
}

/// Distances from `root` by Bellman–Ford over `edges` (reversed when `rev`), a reference
/// independent of the library's Dijkstra.
fn bellman_ford(n: u32, edges: &[GraphEdge], root: u32, rev: bool) -> Vec<f64> {
    let mut d = vec![f64::INFINITY; n as usize];
    d[root as usize] = 0.0;
    for _ in 0..n {
        for ed in edges {
            let (a, b) = if rev {
                (ed.to, ed.from)
            } else {
                (ed.from, ed.to)
            };
            if d[a as usize] + ed.weight < d[b as usize] {
                d[b as usize] = d[a as usize] + ed.weight;
            }
        }
    }
    d
}

/// The in-memory layout is node-major (issue 21); the accessors, the `OPLM` bytes and the
/// bound must still be the landmark-major tables of the definition, bit for bit.
#[test]
fn node_major_rows_keep_the_landmark_major_contract() {
    let mut r = SplitMix64::new(11);
    let n = 30u32;
    let edges: Vec<GraphEdge> = (0..90)
        .map(|_| e(r.below(n), r.below(n), f64::from(1 + r.below(9))))
        .collect();
    let g = CsrGraph::new(n, &edges).unwrap();
    let lm = Landmarks::build(&g, &opts(4, LandmarkSelection::Avoid, 5)).unwrap();
    let k = lm.ids().len();
    assert_eq!(k, 4);
    assert_eq!(lm.table_bytes(), 16 * k * n as usize);
    let bytes = lm.serialize();
    let table = 24 + 4 * k;
    let at = |i: usize| f64::from_bits(u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap()));
    let mut fwd = vec![vec![0.0; n as usize]; k];
    let mut bwd = vec![vec![0.0; n as usize]; k];
    for (l, &id) in lm.ids().iter().enumerate() {
        let (f, b) = (
            bellman_ford(n, &edges, id, false),
            bellman_ford(n, &edges, id, true),
        );
        for v in 0..n {
            let i = l * n as usize + v as usize;
            assert_eq!(
                lm.forward_distance(l, v),
                Some(f[v as usize]),
                "d(L{l}, {v})"
            );
            assert_eq!(
                lm.backward_distance(l, v),
                Some(b[v as usize]),
                "d({v}, L{l})"
            );
            assert_eq!(at(table + 8 * i).to_bits(), f[v as usize].to_bits());
            let back = table + 8 * (k * n as usize + i);
            assert_eq!(at(back).to_bits(), b[v as usize].to_bits());
        }
        (fwd[l], bwd[l]) = (f, b);
    }
    assert_eq!(lm.forward_distance(k, 0), None);
    assert_eq!(lm.backward_distance(0, n), None);
    for u in 0..n {
        for v in 0..n {
            let mut best = 0.0f64;
            for l in 0..k {
                let (fu, fv) = (fwd[l][u as usize], fwd[l][v as usize]);
                if fu < f64::INFINITY && fv - fu > best {
                    best = fv - fu;
                }
                let (bu, bv) = (bwd[l][u as usize], bwd[l][v as usize]);
                if bv < f64::INFINITY && bu - bv > best {
                    best = bu - bv;
                }
            }
            assert_eq!(lm.lower_bound(u, v).to_bits(), best.to_bits(), "({u}, {v})");
        }
    }
}
