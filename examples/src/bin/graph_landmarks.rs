//! Road routing with landmarks (ALT): a real road network loaded from a DIMACS file.
//!
//! Loads the 9th DIMACS Challenge road graph of Rome (`dimacs/rome99.gr` in the shared data:
//! 3,353 junctions, 8,870 one-way road segments, lengths in metres) with `onepath-std`'s
//! DIMACS loader, builds 16 landmarks once (what a game does at load time, or ships in its
//! data), and answers 400 queries twice: with plain Dijkstra and with A* guided by the
//! landmarks. It checks that every ALT answer costs exactly what Dijkstra's does (the weights
//! are whole metres, so every sum and every landmark bound is exact), that each path is a
//! chain of real roads adding up to its cost, and that the landmarks cut the work. Then a road
//! is closed: the old landmarks are refused as stale until they are rebuilt.
//!
//! Without the shared data it prints `skipped: …` and exits 0.
//!
//! Run: `cargo run --release -p onepath-examples --bin graph_landmarks`

use onepath::graph::CsrGraph;
use onepath::math::SplitMix64;
use onepath::query::GraphQueryError;
use onepath::{Graph, GraphOptions, GraphPath, LandmarkOptions, PathStatus};
use onepath_std::data::dimacs_dir;
use onepath_std::dimacs::read_gr;

const QUERIES: usize = 400;

/// Checks that `path` follows roads of `csr` from `start` to `goal` and that the cheapest
/// road of each step, added in path order, gives `path.cost` bit for bit.
fn check_path(csr: &CsrGraph, path: &GraphPath, start: u32, goal: u32) {
    assert_eq!(
        path.nodes.first(),
        Some(&start),
        "the path must begin at the start"
    );
    assert_eq!(
        path.nodes.last(),
        Some(&goal),
        "the path must end at the goal"
    );
    let mut sum = 0.0;
    for step in path.nodes.windows(2) {
        let road = csr
            .out_edges(step[0])
            .filter(|&(to, _)| to == step[1])
            .map(|(_, w)| w)
            .reduce(f64::min);
        sum += road.unwrap_or_else(|| panic!("no road {} -> {}", step[0], step[1]));
    }
    assert_eq!(
        sum.to_bits(),
        path.cost.to_bits(),
        "path cost != sum of its roads"
    );
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(file) = dimacs_dir()
        .map(|d| d.join("rome99.gr"))
        .filter(|f| f.is_file())
    else {
        println!("skipped: graph_landmarks: dimacs/rome99.gr not found (shared data absent)");
        return Ok(());
    };
    let rome = read_gr(&file)?;
    // DIMACS arcs are one-way, so the graph is directed.
    let mut graph = Graph::from_edges(&rome.edges, Some(rome.node_count), true)?;
    println!(
        "{}: {} nodes, {} arcs",
        file.display(),
        graph.node_count(),
        graph.edge_count()
    );

    let landmarks = graph.build_landmarks(&LandmarkOptions::DEFAULT)?;
    println!(
        "{} landmarks, {} KiB of tables",
        landmarks.ids().len(),
        landmarks.table_bytes() / 1024
    );
    // Landmarks are plain bytes: save them with the map, load them at start-up.
    let bytes = landmarks.serialize();
    let loaded = onepath::Landmarks::deserialize(&bytes, graph.compile())?;
    assert_eq!(
        loaded, landmarks,
        "landmarks changed in a save/load round trip"
    );

    let dijkstra = GraphOptions::DEFAULT; // no estimate: Dijkstra
    let alt = GraphOptions::with_landmarks(&loaded); // A* with the landmark bound
    let mut rng = SplitMix64::new(99);
    let (mut work_dijkstra, mut work_alt, mut found) = (0u64, 0u64, 0);
    let mut first = None;
    for _ in 0..QUERIES {
        let (s, g) = (rng.below(rome.node_count), rng.below(rome.node_count));
        let slow = graph.find_path(s, g, &dijkstra)?;
        let fast = graph.find_path(s, g, &alt)?;
        assert_eq!(slow.status, fast.status, "{s} -> {g}: statuses differ");
        assert_eq!(
            slow.cost.to_bits(),
            fast.cost.to_bits(),
            "{s} -> {g}: ALT cost {} != Dijkstra cost {}",
            fast.cost,
            slow.cost
        );
        if fast.status == PathStatus::Found {
            let csr = graph.compile();
            check_path(csr, &slow, s, g);
            check_path(csr, &fast, s, g);
            found += 1;
            if first.is_none() {
                first = Some((s, g, fast.clone()));
            }
        }
        work_dijkstra += u64::from(slow.expansions);
        work_alt += u64::from(fast.expansions);
    }
    println!(
        "{QUERIES} queries, {found} connected: ALT costs equal Dijkstra's bit for bit; \
         expansions {work_dijkstra} (Dijkstra) vs {work_alt} (ALT), {:.1}x fewer",
        work_dijkstra as f64 / work_alt as f64
    );
    assert!(
        found > QUERIES / 2,
        "most random pairs of Rome should connect"
    );
    assert!(
        work_alt * 4 < work_dijkstra,
        "landmarks should cut the work at least fourfold"
    );

    // Close the first road of the first route: the graph changes, the tables go stale.
    let (s, g, before) = first.ok_or("no connected query")?;
    let (a, b) = (before.nodes[0], before.nodes[1]);
    for id in 0..rome.edges.len() as u32 {
        if graph.edge(id).is_some_and(|e| (e.from, e.to) == (a, b)) {
            graph.remove_edge(id)?;
        }
    }
    let refused = graph.find_path(s, g, &alt);
    assert!(
        matches!(refused, Err(GraphQueryError::StaleLandmarks { .. })),
        "stale landmarks must be refused, got {refused:?}"
    );
    println!("road {a} -> {b} closed: the old landmarks are refused as stale");
    let rebuilt = graph.build_landmarks(&LandmarkOptions::DEFAULT)?;
    let after = graph.find_path(s, g, &GraphOptions::with_landmarks(&rebuilt))?;
    let exact = graph.find_path(s, g, &dijkstra)?;
    assert_eq!(
        after.cost.to_bits(),
        exact.cost.to_bits(),
        "ALT after the edit"
    );
    assert!(
        after.cost >= before.cost,
        "closing a road cannot make the route shorter"
    );
    assert!(
        !after.nodes.windows(2).any(|w| (w[0], w[1]) == (a, b)),
        "the new route uses the closed road"
    );
    println!(
        "{s} -> {g}: {} m before, {} m after the closure (landmarks rebuilt)",
        before.cost, after.cost
    );
    Ok(())
}
