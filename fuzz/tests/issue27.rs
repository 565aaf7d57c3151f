//! The reproducers of issue 27 (the outside attack's hostile snapshots, each resealed with a
//! valid checksum) as regression inputs of the fuzz property: restored into the engine and on
//! the map they were crafted for, each must be refused with the target byte-identical, or
//! accepted and then continue to the answer a fresh search gives (it never may, for these). The
//! property is asserted for the kinds in `PROVEN_KINDS` — every kind, since issue 27 landed.
//!
//! The reproducers cannot be `snapshot_restore` corpus files: that target restores onto its
//! own fixed maps (`world`), and these belong to other maps (the header's map hash).

use onepath::fast::{BitFinder, OctileAStar, OctileJump, OctileMap};
use onepath::graph::{CsrGraph, GraphEdge, ZeroGraphHeuristic};
use onepath::graph_search::{BidirectionalGraphSearch, GraphAStar};
use onepath::grid::{Connectivity, DiagonalRule, SquareTopology};
use onepath::search::{AStar, Step};
use onepath::theta::{EuclideanHeuristic, ThetaSearch, ThetaVariant};
use onepath::topology::{DefaultStepCost, ZeroHeuristic};
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, PathStatus};
use onepath_fuzz::consistent::proven;

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// What restoring a reproducer came to.
#[derive(Debug, PartialEq)]
enum Verdict {
    /// Refused, the target unchanged.
    Refused,
    /// Refused, but the target changed.
    RefusedDirty,
    /// Accepted, and the continuation gave the fresh answer.
    Right,
    /// Accepted, then a wrong answer (what, against what).
    Wrong(String),
    /// A panic after restore.
    Panicked,
}

/// Asserts the verdict for a proven kind; prints it for the others.
fn expect(kind: u16, name: &str, v: &Verdict) {
    eprintln!("kind {kind} {name}: {v:?}");
    if proven(kind) {
        assert!(
            matches!(v, Verdict::Refused | Verdict::Right),
            "kind {kind} {name}: {v:?}"
        );
    }
}

/// Restores `bytes` into `target` and judges it: `save` gives the target's bytes, `run` the
/// continuation's (state, cost), `fresh` the fresh answer.
fn judge<T>(
    mut target: T,
    bytes: &[u8],
    save: impl Fn(&T) -> Vec<u8>,
    restore: impl Fn(&mut T, &[u8]) -> bool,
    run: impl Fn(&mut T) -> (Step, f64),
    fresh: (Step, f64),
) -> Verdict {
    let before = save(&target);
    if !restore(&mut target, bytes) {
        return if save(&target) == before {
            Verdict::Refused
        } else {
            Verdict::RefusedDirty
        };
    }
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&mut target)));
    let Ok((state, cost)) = r else {
        return Verdict::Panicked;
    };
    let same = state == fresh.0
        && (cost == fresh.1 || (cost - fresh.1).abs() <= 1e-9 * fresh.1.abs().max(1.0));
    if same {
        Verdict::Right
    } else {
        Verdict::Wrong(format!("{state:?} {cost}, fresh {:?} {}", fresh.0, fresh.1))
    }
}

type Generic = AStar<DefaultStepCost, ZeroHeuristic>;

fn kind2(hex: &str) -> Verdict {
    let g = Grid::from_text("...").expect("a picture");
    let topo = SquareTopology::new(&g, 1, Connectivity::Four, DiagonalRule::NoCornerCutting)
        .expect("size 1");
    let mut a: Generic = AStar::new(DefaultStepCost, ZeroHeuristic);
    let _ = a.try_begin(&topo, 0, 2);
    let _ = a.step(&topo, 1);
    judge(
        a,
        &unhex(hex),
        |a| {
            let mut b = vec![0; a.state_size()];
            a.save_state(g.content_hash(), &mut b).expect("sized");
            b
        },
        |a, b| a.restore_state(&topo, g.content_hash(), b).is_ok(),
        |a| (a.run(&topo), a.cost()),
        (Step::Found, 2.0),
    )
}

#[test]
fn kind2_reproducers() {
    for (name, hex) in [
        (
            "missing work (open leaf dropped)",
            "4f50534e020002003f000000d6db22f1382e9250d2c76337352fe2d1030000000000000002000000000000000000f03f030100000001000000000100000000000000ffffffff000000000000000001000000000000000000000000",
        ),
        (
            "NoPath with the goal closed",
            "4f50534e0200020061000000d6db22f1382e925013a85cf38706f6d0030000000000000002000000000000000000f03f030300000003000000000300000000000000ffffffff0000000000000000010100000000000000000000000000f03f010200000001000000000000000000004001000000000000000000000000",
        ),
        (
            "Found that is not finished",
            "4f50534e020002006d000000d6db22f1382e925079a2075eb6a7f26a030000000000000002000000000000000000f03f020300000002000000000300000000000000ffffffff0000000000000000010100000000000000000000000000f03f0002000000010000000000000000000840010100000001000000000000000000f03f0000000000000000",
        ),
    ] {
        expect(2, name, &kind2(hex));
    }
}

#[test]
fn kind4_missing_work() {
    let g = Grid::from_text("...").expect("a picture");
    let mut a = OctileAStar::default();
    let _ = a.try_begin(&g, 0, 2);
    let _ = a.step(1);
    let v = judge(
        a,
        &unhex(
            "4f50534e0200040039000000d6db22f1382e9250cadfcb329c6c1240030000000100000000000000020000000003010000000100000000010000000000000000000000000000000801000000000000000000000000",
        ),
        |a| {
            let mut b = vec![0; a.state_size()];
            a.save_state(&g, &mut b).expect("sized");
            b
        },
        |a, b| a.restore_state(&g, b).is_ok(),
        |a| {
            while a.step(64) == Step::InProgress {}
            (a.state(), a.cost())
        },
        (Step::Found, 2.0),
    );
    expect(4, "missing work", &v);
}

#[test]
fn kind5_hop_through_a_wall() {
    let g = Grid::from_text(".#.").expect("a picture");
    let maps = OctileMap::new(&g);
    let mut a: OctileJump<BitFinder> = OctileJump::new();
    let _ = a.try_begin(&g, &maps, 0, 2);
    let v = judge(
        a,
        &unhex(
            "4f50534e020005006900000051024a6586db0b7f59bddcc8e4e479a9030000000100000000000000020000000000000101000000010000000000000000000000400200000000000000ffffffff0000000000000000080102000000000000000200000000000000010001000000000000000000004000000040020000000000000000000000",
        ),
        |a| {
            let mut b = vec![0; a.state_size()];
            a.save_state(&g, &mut b).expect("sized");
            b
        },
        |a, b| a.restore_state(&g, b).is_ok(),
        |a| {
            while a.step(&maps, 64) == Step::InProgress {}
            (a.state(), a.cost())
        },
        (Step::NoPath, f64::INFINITY),
    );
    expect(5, "hop through a wall", &v);
}

type Theta = ThetaSearch<EuclideanHeuristic>;

fn kind6(hex: &str) -> Verdict {
    let g = Grid::new(3, 3).expect("a size");
    let new = || ThetaSearch::new(ThetaVariant::Theta, EuclideanHeuristic::new(3, 1.0));
    let mut a: Theta = new();
    let _ = a.try_begin(&g, 0, 8);
    let _ = a.step(&g, 1);
    judge(
        a,
        &unhex(hex),
        |a| {
            let mut b = vec![0; a.state_size()];
            a.save_state(g.content_hash(), &mut b).expect("sized");
            b
        },
        |a, b| a.restore_state(&g, b).is_ok(),
        |a| (a.run(&g), a.cost()),
        (Step::Found, 2.828_427_124_746_190_3),
    )
}

#[test]
fn kind6_reproducers() {
    expect(
        6,
        "only the closed start kept",
        &kind6(
            "4f50534e020006004c000000d34ce288809e8380da30607bef0791d309000000000000000800000000000000000000f03f030100000001000000000000000000000000000000000100000000000000ffffffff000000000000000001000000000000000000000000",
        ),
    );
    expect(
        6,
        "line-of-sight counter at u64::MAX",
        &kind6(
            "4f50534e02000600a3000000d34ce288809e83809b705adf9e458d0609000000000000000800000000000000000000f03f01010000000100000000000000ffffffffffffffff000400000000000000ffffffff0000000000000000010100000000000000000000000000f03f000300000000000000000000000000f03f000400000000000000cd3b7f669ea0f63f000300000004000000cd3b7f669ea0064001000000a8f4979b77e3094003000000a8f4979b77e309400000000000000000",
        ),
    );
}

#[test]
fn kind8_refusal_changes_nothing() {
    let g = Grid::new(3, 3).expect("a size");
    let o = GridOptions::DEFAULT.with_algorithm(GridAlgorithm::LpaStar);
    let mut u = g
        .create_replanner(Cell::new(0, 0), Cell::new(2, 2), &o)
        .expect("valid options");
    let _ = u.replan(&g).expect("its grid");
    let save = |u: &onepath::GridReplanner| {
        let mut u = u.clone();
        let mut b = vec![0; u.state_size(&g)];
        u.save_state(&g, &mut b).expect("sized");
        b
    };
    let v = judge(
        u,
        &unhex(
            "4f50534e0200080009010000d34ce288809e8380b34967d3680c9a2b000900000000000000080000000000000000000000020100000001000000000000000000000000000000000000000000000000000000000000f07f000000000000f03f000000000000f07f000000000000f07f000000000000f07f000000000000f03f000000000000f07fcd3b7f669ea0f63f000000000000f07f000000000000f07f000000000000f07f000000000000f07f000000000000f07f000000000000f07f000000000000f07f000000000000f07f0300000004000000cd3b7f669ea00640cd3b7f669ea0f63f01000000e69d3f334f500b40000000000000f03f03000000e69d3f334f500b40000000000000f03f01000000000000000002000000020000000101000100",
        ),
        save,
        |u, b| u.restore_state(&g, b).is_ok(),
        |u| {
            let s = u.replan(&g).expect("its grid");
            let state = if s == PathStatus::Found {
                Step::Found
            } else {
                Step::NoPath
            };
            (state, u.cost())
        },
        (Step::Found, 2.828_427_124_746_190_3),
    );
    expect(8, "refusal that changes the target", &v);
}

#[test]
fn kind12_missing_work() {
    let g = CsrGraph::new(2, &[GraphEdge::new(0, 1, 1.0)]).expect("valid");
    let mut a = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = a.try_begin(&g, 0, 1);
    let v = judge(
        a,
        &unhex(
            "4f50534e02000c003700000027141624dc7bb33ceb49a09466e7ff64020000000000000001000000030100000001000000000100000000000000ffffffff000000000000000001000000000000000000000000",
        ),
        |a| {
            let mut b = vec![0; a.state_size()];
            a.save_state(&g, &mut b).expect("sized");
            b
        },
        |a, b| a.restore_state(&g, b).is_ok(),
        |a| (a.run(&g), a.cost()),
        (Step::Found, 1.0),
    );
    expect(12, "missing work", &v);
}

#[test]
fn kind13_forward_side_reduced() {
    let edges = [
        GraphEdge::new(0, 1, 1.0),
        GraphEdge::new(1, 0, 1.0),
        GraphEdge::new(1, 2, 1.0),
        GraphEdge::new(2, 1, 1.0),
    ];
    let g = CsrGraph::new(3, &edges).expect("valid");
    let mut a = BidirectionalGraphSearch::new(DefaultStepCost, ZeroGraphHeuristic);
    let _ = a.try_begin(&g, 0, 2);
    let v = judge(
        a,
        &unhex(
            "4f50534e02000d0065000000627036a3b4379625987cf826f292b2e2030000000000000002000000030100000001000000000000f07fffffffff000100000000000000ffffffff000000000000000001000000000100000002000000ffffffff000000000000000000010000000200000000000000000000000000000000000000",
        ),
        |a| {
            let mut b = vec![0; a.state_size()];
            a.save_state(&g, &mut b).expect("sized");
            b
        },
        |a, b| a.restore_state(&g, b).is_ok(),
        |a| (a.run(&g), a.cost()),
        (Step::Found, 2.0),
    );
    expect(13, "forward side reduced to its closed start", &v);
}
