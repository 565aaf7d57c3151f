//! `dimacs_gr`: [`parse_gr`] and [`parse_co`] on any bytes. Properties: never a panic; a
//! parsed graph builds a [`CsrGraph`], and printed back in the
//! canonical form it parses to the same graph.

use std::fmt::Write as _;

use onepath::graph::CsrGraph;
use onepath_std::dimacs::{parse_co, parse_gr};

/// The body.
pub fn dimacs_gr(data: &[u8]) {
    let _ = parse_co(data, u32::from(data.first().copied().unwrap_or(0)));
    let Ok(g) = parse_gr(data) else { return };
    CsrGraph::new(g.node_count, &g.edges).expect("parsed arcs are valid");
    let mut text = format!("p sp {} {}\n", g.node_count, g.edges.len());
    for e in &g.edges {
        let _ = writeln!(text, "a {} {} {:?}", e.from + 1, e.to + 1, e.weight);
    }
    let again = parse_gr(text.as_bytes()).expect("the canonical form parses");
    assert_eq!(again, g, "round trip");
}
