//! A Moving AI map as a graph.

use onepath::Point3;
use onepath::graph::{CsrGraph, GraphEdge, GraphError};
use onepath::math::SQRT2;

use crate::movingai::MovingAiMap;

/// The eight moves in order N, E, S, W, NE, SE, SW, NW.
const DIRS: [(i64, i64); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// A map's graph: nodes are the walkable cells in row-major order.
///
/// # Examples
///
/// ```
/// use onepath_std::dimacs::map_graph;
/// use onepath_std::movingai::{MovingAiMap, MovingAiOptions};
/// let map = MovingAiMap::parse("type octile\nheight 2\nwidth 3\nmap\n.@.\n...\n", &MovingAiOptions::DEFAULT).unwrap();
/// let mg = map_graph(&map).unwrap();
/// assert_eq!(mg.graph.node_count(), 5); // the walkable cells
/// assert_eq!((mg.node(0, 0), mg.node(1, 0), mg.node(2, 0)), (Some(0), None, Some(1)));
/// ```
#[derive(Clone, Debug)]
pub struct MapGraph {
    /// The graph.
    pub graph: CsrGraph,
    /// The centre `(x + 0.5, y + 0.5, 0)` of every node's cell.
    pub positions: Vec<Point3>,
    /// `node_of[y * width + x]`: the node of a cell, `u32::MAX` for a blocked cell.
    pub node_of: Vec<u32>,
    /// The map width (to turn cells into nodes).
    pub width: u32,
}

impl MapGraph {
    /// The node of cell `(x, y)`, or `None` when it is outside or blocked.
    pub fn node(&self, x: u32, y: u32) -> Option<u32> {
        if x >= self.width {
            return None;
        }
        let i = (y as usize).checked_mul(self.width as usize)? + x as usize;
        self.node_of.get(i).copied().filter(|&n| n != u32::MAX)
    }
}

/// The graph of `map`: walkable cells as nodes, the eight moves without corner cutting as
/// edges (a diagonal needs both cells beside it walkable), in the order N, E, S, W, NE, SE,
/// SW, NW per cell, weighing 1 (orthogonal) and `SQRT2` (diagonal) — the moves and costs of the
/// Moving AI benchmark (Sturtevant 2012), so the published optima check graph searches.
///
/// # Errors
///
/// [`GraphError::TooManyNodes`] for a map with more than 2^26 walkable cells.
///
/// # Examples
///
/// ```
/// use onepath::graph::ZeroGraphHeuristic;
/// use onepath::graph_search::GraphAStar;
/// use onepath::topology::DefaultStepCost;
/// use onepath_std::dimacs::map_graph;
/// use onepath_std::movingai::{MovingAiMap, MovingAiOptions};
/// let map = MovingAiMap::parse("type octile\nheight 2\nwidth 3\nmap\n...\n.T.\n", &MovingAiOptions::DEFAULT).unwrap();
/// let mg = map_graph(&map).unwrap();
/// let (a, b) = (mg.node(0, 1).unwrap(), mg.node(2, 1).unwrap());
/// let mut s = GraphAStar::new(DefaultStepCost, ZeroGraphHeuristic);
/// s.try_begin(&mg.graph, a, b);
/// s.run(&mg.graph);
/// assert_eq!(s.cost(), 4.0); // over the tree, no corner cutting: the grid's answer
/// ```
pub fn map_graph(map: &MovingAiMap) -> Result<MapGraph, GraphError> {
    let (w, h) = (map.width(), map.height());
    let walk = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < i64::from(w)
            && y < i64::from(h)
            && map.is_walkable(x as u32, y as u32)
    };
    let mut node_of = vec![u32::MAX; w as usize * h as usize];
    let mut positions = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if map.is_walkable(x, y) {
                if positions.len() >= onepath::graph::MAX_NODES as usize {
                    return Err(GraphError::TooManyNodes {
                        count: positions.len() as u64 + 1,
                        max: onepath::graph::MAX_NODES,
                    });
                }
                node_of[(y * w + x) as usize] = positions.len() as u32;
                positions.push(Point3::new(f64::from(x) + 0.5, f64::from(y) + 0.5, 0.0));
            }
        }
    }
    let mut edges = Vec::new();
    for y in 0..i64::from(h) {
        for x in 0..i64::from(w) {
            if !walk(x, y) {
                continue;
            }
            let from = node_of[(y * i64::from(w) + x) as usize];
            for (k, &(dx, dy)) in DIRS.iter().enumerate() {
                let (nx, ny) = (x + dx, y + dy);
                if !walk(nx, ny) || (k >= 4 && !(walk(x + dx, y) && walk(x, y + dy))) {
                    continue;
                }
                let to = node_of[(ny * i64::from(w) + nx) as usize];
                edges.push(GraphEdge::new(from, to, if k < 4 { 1.0 } else { SQRT2 }));
            }
        }
    }
    let graph = CsrGraph::new(positions.len() as u32, &edges)?;
    Ok(MapGraph {
        graph,
        positions,
        node_of,
        width: w,
    })
}
