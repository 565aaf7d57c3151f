//! [`Graph`]: the editable tier-1 graph (spec: graphs.md, “Layout”), a list of edges with
//! stable ids that compiles to a [`CsrGraph`].

use alloc::vec::Vec;

use super::csr::{CsrGraph, GraphEdge, MAX_EDGES, MAX_NODES, MAX_WEIGHT_SUM};
use super::error::{EdgeEnd, GraphError};
use super::work_slot::WorkSlot;

/// A mutable directed graph (tier 1): nodes `0..node_count()` that are never removed, and
/// edges with ids — an edge's id is its position in the list of every edge ever added, never
/// reused. Every edit marks the compiled form stale; the next query rebuilds it in
/// O(nodes + edges) from the live edges in id order, so the search order is the order edges
/// were added (our reading of the spec's "the next query, or `Compile()`, rebuilds it": a
/// query through `&self` builds the form into its working memory and reuses it until the next
/// edit; [`compile`](Graph::compile) builds it into the graph, where [`csr`](Graph::csr)
/// returns it and every query and thread shares it).
///
/// **Weight bound.** The live weights, summed in id order (the compile order), may total at
/// most [`MAX_WEIGHT_SUM`]: construction and every edit that would pass it are refused with
/// [`GraphError::WeightSum`] and change nothing, so every compiled form is a graph
/// [`CsrGraph::new`] accepts. Removing an edge or lowering a weight never fails; adding an
/// edge or raising a weight costs O(1) unless the total nears the bound (then one O(edges)
/// recount decides).
///
/// Queries are [`Graph::find_path`](Graph::find_path) (with [`GraphOptions`](crate::GraphOptions)),
/// through `&self`, as on the grids: they reuse working memory the graph keeps in a lock-free
/// slot, so a steady stream of queries allocates only the results, and threads may query one
/// `&Graph` at once. A query on a graph edited since its last [`compile`](Graph::compile)
/// compiles into that working memory (once per edit, not once per query; call `compile` after
/// a batch of edits to share one compiled form between every query and thread). Edits take
/// `&mut self`, so they cannot overlap queries (the spec's rule, kept by the borrow checker).
///
/// # Examples
///
/// ```
/// use onepath::graph::{Graph, GraphEdge};
/// use onepath::{GraphOptions, PathStatus};
/// let mut g = Graph::from_edges(&[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0)], None, false).unwrap();
/// // Undirected: edge i becomes ids 2i (as given) and 2i + 1 (reversed).
/// assert_eq!(g.edge(3), Some(GraphEdge::new(2, 1, 1.0)));
/// let path = g.find_path(2, 0, &GraphOptions::DEFAULT).unwrap();
/// assert_eq!((path.status, path.nodes, path.cost), (PathStatus::Found, vec![2, 1, 0], 2.0));
/// g.remove_edge(3).unwrap();
/// assert_eq!(g.find_path(2, 0, &GraphOptions::DEFAULT).unwrap().status, PathStatus::NoPath);
/// ```
#[derive(Clone, Debug)]
pub struct Graph {
    node_count: u32,
    edges: Vec<GraphEdge>,
    live: Vec<bool>,
    live_count: usize,
    compiled: Option<CsrGraph>,
    /// Edits that changed the graph since it was made (see [`Graph::version`]).
    version: u64,
    /// Working memory of the tier-1 queries (buffers, and the compiled form of a stale graph).
    work: WorkSlot,
    /// An upper bound of the live weights summed in id order (exact after a recount), at most
    /// [`MAX_WEIGHT_SUM`].
    weight_sum: f64,
}

impl Graph {
    /// A graph of `node_count` nodes and no edges.
    ///
    /// # Errors
    ///
    /// [`GraphError::TooManyNodes`] above [`MAX_NODES`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphOptions, PathStatus};
    /// let mut g = Graph::new(3).unwrap();
    /// assert_eq!((g.node_count(), g.edge_count()), (3, 0));
    /// assert_eq!(g.find_path(0, 2, &GraphOptions::DEFAULT).unwrap().status, PathStatus::NoPath);
    /// g.add_edge(0, 2, 4.0).unwrap();
    /// assert_eq!(g.find_path(0, 2, &GraphOptions::DEFAULT).unwrap().cost, 4.0);
    /// ```
    pub fn new(node_count: u32) -> Result<Self, GraphError> {
        if node_count > MAX_NODES {
            return Err(GraphError::TooManyNodes {
                count: u64::from(node_count),
                max: MAX_NODES,
            });
        }
        Ok(Self {
            node_count,
            edges: Vec::new(),
            live: Vec::new(),
            live_count: 0,
            compiled: None,
            version: 0,
            work: WorkSlot::new(),
            weight_sum: 0.0,
        })
    }

    /// The graph of `edges`: directed as listed when `directed`, else each edge `i` in both
    /// directions, ids `2i` (as listed) and `2i + 1` (reversed). `node_count` defaults to one
    /// more than the largest endpoint (0 without edges).
    ///
    /// # Errors
    ///
    /// As [`CsrGraph::new`], naming the index in `edges`; nothing is built.
    ///
    /// # Complexity
    ///
    /// O(edges); the compiled form is built by [`compile`](Graph::compile) or, for its own
    /// use, by the first query.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphEdge, GraphOptions, PathStatus};
    /// let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 2.0)];
    /// let mut directed = Graph::from_edges(&edges, None, true).unwrap();
    /// assert_eq!((directed.node_count(), directed.edge_count()), (3, 2));
    /// assert_eq!(directed.find_path(2, 0, &GraphOptions::DEFAULT).unwrap().status, PathStatus::NoPath);
    /// let mut both_ways = Graph::from_edges(&edges, Some(5), false).unwrap();
    /// assert_eq!((both_ways.node_count(), both_ways.edge_count()), (5, 4));
    /// assert_eq!(both_ways.find_path(2, 0, &GraphOptions::DEFAULT).unwrap().cost, 3.0);
    /// ```
    pub fn from_edges(
        edges: &[GraphEdge],
        node_count: Option<u32>,
        directed: bool,
    ) -> Result<Self, GraphError> {
        let n = match node_count {
            Some(n) => n,
            None => edges
                .iter()
                .map(|e| u64::from(e.from.max(e.to)) + 1)
                .max()
                .unwrap_or(0)
                .min(u64::from(u32::MAX)) as u32,
        };
        let mut g = Self::new(n)?;
        let total = if directed {
            edges.len()
        } else {
            edges.len() * 2
        };
        if total > MAX_EDGES as usize {
            return Err(GraphError::TooManyEdges {
                count: total as u64,
                max: MAX_EDGES,
            });
        }
        let mut sum = 0.0f64;
        for (i, e) in edges.iter().enumerate() {
            check_edge(i as u64, *e, n)?;
            // In id order: the edge, then (undirected) its reverse.
            sum += e.weight;
            if !directed {
                sum += e.weight;
            }
            if sum > MAX_WEIGHT_SUM {
                return Err(weight_sum_error(i as u64, sum));
            }
        }
        g.weight_sum = sum;
        g.edges.reserve(total);
        for e in edges {
            g.edges.push(*e);
            if !directed {
                g.edges.push(GraphEdge::new(e.to, e.from, e.weight));
            }
        }
        g.live = alloc::vec![true; total];
        g.live_count = total;
        Ok(g)
    }

    /// Number of nodes.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphEdge};
    /// let g = Graph::from_edges(&[GraphEdge::new(0, 4, 1.0)], None, true).unwrap();
    /// assert_eq!(g.node_count(), 5); // one more than the largest endpoint
    /// ```
    pub fn node_count(&self) -> u32 {
        self.node_count
    }

    /// Number of live edges.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphEdge};
    /// let mut g = Graph::from_edges(&[GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 0, 1.0)], None, true).unwrap();
    /// g.remove_edge(0).unwrap();
    /// assert_eq!(g.edge_count(), 1); // live edges only
    /// ```
    pub fn edge_count(&self) -> usize {
        self.live_count
    }

    /// Adds a node and returns its id.
    ///
    /// # Errors
    ///
    /// [`GraphError::TooManyNodes`] at [`MAX_NODES`] nodes.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphOptions};
    /// let mut g = Graph::new(2).unwrap();
    /// let hub = g.add_node().unwrap();
    /// assert_eq!((hub, g.node_count()), (2, 3));
    /// g.add_edge(0, hub, 1.0).unwrap();
    /// g.add_edge(hub, 1, 1.0).unwrap();
    /// assert_eq!(g.find_path(0, 1, &GraphOptions::DEFAULT).unwrap().nodes, vec![0, 2, 1]);
    /// ```
    pub fn add_node(&mut self) -> Result<u32, GraphError> {
        if self.node_count >= MAX_NODES {
            return Err(GraphError::TooManyNodes {
                count: u64::from(self.node_count) + 1,
                max: MAX_NODES,
            });
        }
        self.node_count += 1;
        self.mark_edited();
        Ok(self.node_count - 1)
    }

    /// Adds the directed edge and returns its id.
    ///
    /// # Errors
    ///
    /// [`GraphError::EdgeEndpoint`] / [`GraphError::EdgeWeight`] / [`GraphError::WeightSum`]
    /// (naming the id it would have had), [`GraphError::TooManyEdges`]; nothing changes.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::graph::{EdgeEnd, GraphError};
    /// use onepath::{Graph, GraphOptions};
    /// let mut g = Graph::new(3).unwrap();
    /// assert_eq!(g.add_edge(0, 1, 2.0), Ok(0)); // ids count up from 0
    /// assert_eq!(g.add_edge(1, 2, 0.5), Ok(1));
    /// assert_eq!(g.find_path(0, 2, &GraphOptions::DEFAULT).unwrap().cost, 2.5);
    /// let e = g.add_edge(0, 9, 1.0).unwrap_err();
    /// assert_eq!(e, GraphError::EdgeEndpoint { edge: 2, end: EdgeEnd::To, node: 9, node_count: 3 });
    /// assert_eq!(g.edge_count(), 2); // nothing changed
    /// ```
    pub fn add_edge(&mut self, from: u32, to: u32, weight: f64) -> Result<u32, GraphError> {
        let id = self.edges.len();
        if id >= MAX_EDGES as usize {
            return Err(GraphError::TooManyEdges {
                count: id as u64 + 1,
                max: MAX_EDGES,
            });
        }
        let e = GraphEdge::new(from, to, weight);
        check_edge(id as u64, e, self.node_count)?;
        // The new edge comes last in id order: the running total continues from the live
        // total (an upper bound of it is one of the new total: the sum is monotone).
        let mut sum = self.weight_sum + weight;
        if sum > MAX_WEIGHT_SUM {
            sum = self.live_weight_sum(None) + weight;
            if sum > MAX_WEIGHT_SUM {
                return Err(weight_sum_error(id as u64, sum));
            }
        }
        self.weight_sum = sum;
        self.edges.push(e);
        self.live.push(true);
        self.live_count += 1;
        self.mark_edited();
        Ok(id as u32)
    }

    /// The live edge `id`, or `None`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphEdge};
    /// let mut g = Graph::new(2).unwrap();
    /// let id = g.add_edge(0, 1, 3.0).unwrap();
    /// assert_eq!(g.edge(id), Some(GraphEdge::new(0, 1, 3.0)));
    /// g.remove_edge(id).unwrap();
    /// assert_eq!(g.edge(id), None);
    /// ```
    pub fn edge(&self, id: u32) -> Option<GraphEdge> {
        let i = id as usize;
        (self.live.get(i) == Some(&true)).then(|| self.edges[i])
    }

    /// Removes edge `id` (its id is never reused) and marks the compiled form stale.
    ///
    /// # Errors
    ///
    /// [`GraphError::UnknownEdge`] when `id` is not a live edge.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphEdge, GraphOptions};
    /// let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(0, 1, 5.0)];
    /// let mut g = Graph::from_edges(&edges, None, true).unwrap();
    /// assert_eq!(g.find_path(0, 1, &GraphOptions::DEFAULT).unwrap().cost, 1.0);
    /// assert_eq!(g.remove_edge(0), Ok(GraphEdge::new(0, 1, 1.0)));
    /// assert!(g.is_stale());
    /// assert_eq!(g.find_path(0, 1, &GraphOptions::DEFAULT).unwrap().cost, 5.0);
    /// ```
    pub fn remove_edge(&mut self, id: u32) -> Result<GraphEdge, GraphError> {
        let e = self.edge(id).ok_or(GraphError::UnknownEdge { id })?;
        self.live[id as usize] = false;
        self.live_count -= 1;
        self.mark_edited();
        Ok(e)
    }

    /// Changes the weight of edge `id` and marks the compiled form stale.
    ///
    /// # Errors
    ///
    /// [`GraphError::UnknownEdge`], [`GraphError::EdgeWeight`] for a weight that is not
    /// finite and `>= 0`, or [`GraphError::WeightSum`] when the live weights would total more
    /// than [`MAX_WEIGHT_SUM`]; nothing changes.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{Graph, GraphEdge, GraphOptions};
    /// let edges = [GraphEdge::new(0, 1, 1.0), GraphEdge::new(1, 2, 1.0), GraphEdge::new(0, 2, 3.0)];
    /// let mut g = Graph::from_edges(&edges, None, true).unwrap();
    /// assert_eq!(g.find_path(0, 2, &GraphOptions::DEFAULT).unwrap().nodes, vec![0, 1, 2]);
    /// g.set_weight(1, 4.0).unwrap(); // traffic on 1 -> 2
    /// assert_eq!(g.find_path(0, 2, &GraphOptions::DEFAULT).unwrap().nodes, vec![0, 2]);
    /// ```
    pub fn set_weight(&mut self, id: u32, weight: f64) -> Result<(), GraphError> {
        let e = self.edge(id).ok_or(GraphError::UnknownEdge { id })?;
        check_edge(
            u64::from(id),
            GraphEdge::new(e.from, e.to, weight),
            self.node_count,
        )?;
        if weight > e.weight {
            // A raise: a rounded sum of at most 2^32 nonnegative terms is within a factor
            // 1 + 2^-20 of the exact one, so (old total + new weight) · (1 + 2^-18), rounded
            // twice, bounds the new total from above. Near the bound, recount exactly.
            let mut sum = (self.weight_sum + weight) * (1.0 + 1.0 / 262_144.0);
            if sum > MAX_WEIGHT_SUM {
                sum = self.live_weight_sum(Some((id, weight)));
                if sum > MAX_WEIGHT_SUM {
                    return Err(weight_sum_error(u64::from(id), sum));
                }
            }
            self.weight_sum = sum;
        }
        self.edges[id as usize].weight = weight;
        self.mark_edited();
        Ok(())
    }

    /// Whether the graph holds no up-to-date compiled form: never compiled, or edited since
    /// the last [`compile`](Graph::compile) (queries do not change it: they compile into their
    /// working memory).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Graph;
    /// let mut g = Graph::new(2).unwrap();
    /// g.add_edge(0, 1, 1.0).unwrap();
    /// assert!(g.is_stale());
    /// g.compile();
    /// assert!(!g.is_stale());
    /// ```
    pub fn is_stale(&self) -> bool {
        self.compiled.is_none()
    }

    /// The number of edits that changed the graph since it was built (`add_node`,
    /// `add_edge`, `remove_edge`, `set_weight`; a refused edit is not one), as
    /// [`Grid::version`](crate::Grid::version) counts a grid's edits. Saturates at `u64::MAX`.
    pub fn version(&self) -> u64 {
        self.version
    }

    fn mark_edited(&mut self) {
        self.compiled = None;
        self.version = self.version.saturating_add(1);
    }

    /// The compiled form, rebuilt first if stale (from the live edges in id order).
    ///
    /// # Complexity
    ///
    /// O(nodes + edges) when stale, O(1) otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Graph;
    /// let mut g = Graph::new(3).unwrap();
    /// g.add_edge(0, 1, 1.0).unwrap();
    /// g.add_edge(0, 2, 2.0).unwrap();
    /// let csr = g.compile();
    /// assert_eq!(csr.out_edges(0).collect::<Vec<_>>(), vec![(1, 1.0), (2, 2.0)]);
    /// ```
    pub fn compile(&mut self) -> &CsrGraph {
        if self.compiled.is_none() {
            self.compiled = Some(self.build());
        }
        let n = self.node_count;
        self.compiled.get_or_insert_with(|| CsrGraph::empty(n))
    }

    /// The graph as it is now, compiled from the live edges in id order (not stored).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::Graph;
    /// let mut g = Graph::new(2).unwrap();
    /// g.add_edge(0, 1, 1.0).unwrap();
    /// assert!(g.csr().is_none()); // stale
    /// let edges = g.compile().edge_count();
    /// assert_eq!(g.csr().map(|c| c.edge_count()), Some(edges));
    /// ```
    pub(crate) fn build(&self) -> CsrGraph {
        let n = self.node_count;
        let (edges, live) = (&self.edges, &self.live);
        let live_edges = || edges.iter().zip(live).filter(|(_, l)| **l).map(|(e, _)| *e);
        // Every edge was checked when it was added, and the live total in id order is at most
        // `weight_sum <= MAX_WEIGHT_SUM` (so is every running total before it), so the build
        // cannot fail.
        CsrGraph::from_iter_checked(n, self.live_count, live_edges)
            .unwrap_or_else(|_| CsrGraph::empty(n))
    }

    /// The compiled form if [`compile`](Graph::compile) built it and no edit came since.
    pub fn csr(&self) -> Option<&CsrGraph> {
        self.compiled.as_ref()
    }

    /// The query working memory.
    pub(crate) fn work(&self) -> &WorkSlot {
        &self.work
    }
}

impl Graph {
    /// The live weights summed in id order (the compile order), with edge `id`'s weight
    /// replaced when `replace` is `Some((id, weight))`.
    fn live_weight_sum(&self, replace: Option<(u32, f64)>) -> f64 {
        let mut sum = 0.0f64;
        for (i, (e, &live)) in self.edges.iter().zip(&self.live).enumerate() {
            if live {
                sum += match replace {
                    Some((id, w)) if id as usize == i => w,
                    _ => e.weight,
                };
            }
        }
        sum
    }
}

fn weight_sum_error(edge: u64, sum: f64) -> GraphError {
    GraphError::WeightSum {
        edge,
        sum,
        max: MAX_WEIGHT_SUM,
    }
}

fn check_edge(index: u64, e: GraphEdge, n: u32) -> Result<(), GraphError> {
    let bad_end = if e.from >= n {
        Some((EdgeEnd::From, e.from))
    } else if e.to >= n {
        Some((EdgeEnd::To, e.to))
    } else {
        None
    };
    if let Some((end, node)) = bad_end {
        return Err(GraphError::EdgeEndpoint {
            edge: index,
            end,
            node,
            node_count: n,
        });
    }
    if !(e.weight.is_finite() && e.weight >= 0.0) {
        return Err(GraphError::EdgeWeight {
            edge: index,
            weight: e.weight,
        });
    }
    Ok(())
}
