//! The `.gr` and `.co` parsers.

use std::fmt;
use std::path::Path;

use onepath::Point3;
use onepath::graph::{GraphEdge, MAX_EDGES, MAX_NODES, MAX_WEIGHT_SUM};

/// A parsed `.gr` file.
///
/// # Examples
///
/// ```
/// use onepath::graph::GraphEdge;
/// use onepath_std::dimacs::parse_gr;
/// let g = parse_gr(b"c a road network\np sp 3 2\na 1 2 7\na 2 3 5\n").unwrap();
/// assert_eq!(g.node_count, 3);
/// assert_eq!(g.edges, vec![GraphEdge::new(0, 1, 7.0), GraphEdge::new(1, 2, 5.0)]); // ids 0-based
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct DimacsGraph {
    /// `N` of the problem line.
    pub node_count: u32,
    /// The arcs in file order, node ids 0-based.
    pub edges: Vec<GraphEdge>,
}

/// What is wrong with a DIMACS file.
///
/// # Examples
///
/// ```
/// use onepath_std::dimacs::{DimacsErrorKind, parse_gr};
/// let e = parse_gr(b"a 1 2 7\n").unwrap_err();
/// assert_eq!((e.line, e.kind.clone()), (1, DimacsErrorKind::MissingProblem));
/// let e = parse_gr(b"p sp 2 1\na 1 3 7\n").unwrap_err();
/// assert!(matches!(e.kind, DimacsErrorKind::NodeOutOfRange { .. }));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum DimacsErrorKind {
    /// The file is not UTF-8 text.
    NotText,
    /// A line that is not a comment, problem, arc or coordinate line.
    UnknownLine {
        /// The line's first word.
        word: String,
    },
    /// No problem line before the first arc (or none at all).
    MissingProblem,
    /// A second problem line.
    DuplicateProblem,
    /// A malformed problem line.
    BadProblem,
    /// A declared count above what a graph can hold or the input could contain.
    TooLarge {
        /// What is counted (`"nodes"`, `"arcs"`).
        what: &'static str,
        /// The declared count.
        count: u64,
        /// The bound.
        max: u64,
    },
    /// A field that is not a number of the expected kind.
    BadNumber {
        /// The field's name.
        field: &'static str,
        /// Its text.
        text: String,
    },
    /// A node id outside `1..=N`.
    NodeOutOfRange {
        /// The id (1-based, as in the file).
        node: u64,
        /// N.
        node_count: u32,
    },
    /// A weight that is not finite and `>= 0`.
    BadWeight {
        /// The text.
        text: String,
    },
    /// The arc weights, summed in file order, pass
    /// [`MAX_WEIGHT_SUM`](onepath::graph::MAX_WEIGHT_SUM) at this arc: path costs could
    /// overflow, so the graph is refused (as [`CsrGraph::new`](onepath::graph::CsrGraph::new)
    /// would refuse it).
    WeightSum {
        /// The total at this arc (`+∞` when it overflowed).
        sum: f64,
        /// The bound.
        max: f64,
    },
    /// Fewer or more arc lines than the problem line declares. Fewer: the file ends early
    /// (the error's line is the file's last), "the file ends after `found` of the `declared`
    /// arcs"; more: the error's line is the first arc past the count.
    CountMismatch {
        /// The declared count.
        declared: u64,
        /// The count found.
        found: u64,
    },
    /// A coordinate given twice, or missing.
    Coordinate {
        /// The node id (1-based).
        node: u64,
        /// `"repeated"` or `"missing"`.
        problem: &'static str,
    },
    /// A coordinate outside the coordinate rule (finite, within ±2^21).
    CoordinateRange {
        /// The value.
        value: f64,
    },
    /// The file could not be read.
    Io(String),
}

/// A DIMACS error: the 1-based line (0 for the whole file) and what is wrong there.
///
/// # Examples
///
/// ```
/// use onepath_std::dimacs::parse_gr;
/// let e = parse_gr(b"p sp 2 1\na 1 2 -4\n").unwrap_err();
/// assert_eq!(e.line, 2); // the arc line
/// assert!(e.to_string().contains("-4")); // the message names the value
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct DimacsError {
    /// The line, 1-based; 0 when the error is about the whole file.
    pub line: u64,
    /// What is wrong.
    pub kind: DimacsErrorKind,
}

impl fmt::Display for DimacsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.kind {
            DimacsErrorKind::NotText => write!(f, "the file is not UTF-8 text"),
            DimacsErrorKind::UnknownLine { word } => {
                write!(f, "unknown line kind {word:?} (expected c, p, a or v)")
            }
            DimacsErrorKind::MissingProblem => write!(f, "no problem line (p ...) before the data"),
            DimacsErrorKind::DuplicateProblem => write!(f, "a second problem line"),
            DimacsErrorKind::BadProblem => write!(f, "malformed problem line"),
            DimacsErrorKind::TooLarge { what, count, max } => {
                write!(f, "{count} {what} declared, more than the {max} allowed")
            }
            DimacsErrorKind::BadNumber { field, text } => {
                write!(f, "{field} {text:?} is not a valid number")
            }
            DimacsErrorKind::NodeOutOfRange { node, node_count } => {
                write!(f, "node {node} is outside 1..={node_count}")
            }
            DimacsErrorKind::BadWeight { text } => {
                write!(f, "weight {text:?} is not a finite number >= 0")
            }
            DimacsErrorKind::WeightSum { sum, max } => write!(
                f,
                "the arc weights total {sum:e} here, above the {max:e} a graph may total \
                 (f64::MAX / 4): path costs could overflow"
            ),
            DimacsErrorKind::CountMismatch { declared, found } if found < declared => write!(
                f,
                "the file ends after {found} of the {declared} arcs its problem line declares"
            ),
            DimacsErrorKind::CountMismatch { declared, .. } => {
                write!(f, "more arcs than the {declared} its problem line declares")
            }
            DimacsErrorKind::Coordinate { node, problem } => {
                write!(f, "coordinate of node {node} is {problem}")
            }
            DimacsErrorKind::CoordinateRange { value } => {
                write!(
                    f,
                    "coordinate {value} is not a finite value within ±2097152"
                )
            }
            DimacsErrorKind::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DimacsError {}

fn err(line: u64, kind: DimacsErrorKind) -> DimacsError {
    DimacsError { line, kind }
}

fn number(line: u64, field: &'static str, text: Option<&str>) -> Result<u64, DimacsError> {
    let t = text.unwrap_or("");
    t.parse::<u64>().map_err(|_| {
        err(
            line,
            DimacsErrorKind::BadNumber {
                field,
                text: t.to_string(),
            },
        )
    })
}

fn node(line: u64, text: Option<&str>, n: u32) -> Result<u32, DimacsError> {
    let v = number(line, "node", text)?;
    if v == 0 || v > u64::from(n) {
        return Err(err(
            line,
            DimacsErrorKind::NodeOutOfRange {
                node: v,
                node_count: n,
            },
        ));
    }
    Ok((v - 1) as u32)
}

/// The shortest line that can declare one item (`"a 1 1 0"`, `"v 1 0 0"`) plus its newline.
const MIN_ITEM_LINE: u64 = 8;

/// Parses a `.gr` file.
///
/// # Errors
///
/// A [`DimacsError`] naming the line: unknown line kinds, a missing, repeated or malformed
/// problem line, counts above [`MAX_NODES`] / [`MAX_EDGES`] (checked before anything is
/// allocated; the arc list reserves at most what the input's length can hold, so a large
/// declared count in a short file allocates nothing big), bad numbers, node ids outside
/// `1..=N`, weights that are not finite and `>= 0`, weights that total more than
/// [`MAX_WEIGHT_SUM`] in file order (the bound every graph obeys, so that path costs cannot
/// overflow; the line of the arc that passes it), and an arc count that differs from the
/// declared one ([`DimacsErrorKind::CountMismatch`]: a file that ends early says so, with the
/// arcs it holds and the count declared).
///
/// # Examples
///
/// ```
/// use onepath::{Graph, GraphOptions};
/// use onepath_std::dimacs::parse_gr;
/// let g = parse_gr(b"p sp 3 3\na 1 2 1\na 2 3 1\na 1 3 5\n").unwrap();
/// let mut graph = Graph::from_edges(&g.edges, Some(g.node_count), true).unwrap();
/// assert_eq!(graph.find_path(0, 2, &GraphOptions::DEFAULT).unwrap().cost, 2.0);
/// ```
pub fn parse_gr(input: &[u8]) -> Result<DimacsGraph, DimacsError> {
    let text = std::str::from_utf8(input).map_err(|_| err(0, DimacsErrorKind::NotText))?;
    let mut problem: Option<(u32, u64)> = None;
    let mut edges: Vec<GraphEdge> = Vec::new();
    let mut weight_sum = 0.0f64;
    let mut last = 0u64;
    for (i, raw) in text.lines().enumerate() {
        let line = i as u64 + 1;
        last = line;
        let mut words = raw.split_ascii_whitespace();
        let Some(kind) = words.next() else { continue };
        match kind {
            "c" => {}
            "p" => {
                if problem.is_some() {
                    return Err(err(line, DimacsErrorKind::DuplicateProblem));
                }
                if words.next() != Some("sp") {
                    return Err(err(line, DimacsErrorKind::BadProblem));
                }
                let n = number(line, "node count", words.next())?;
                let m = number(line, "arc count", words.next())?;
                if words.next().is_some() {
                    return Err(err(line, DimacsErrorKind::BadProblem));
                }
                if n > u64::from(MAX_NODES) {
                    return Err(err(
                        line,
                        DimacsErrorKind::TooLarge {
                            what: "nodes",
                            count: n,
                            max: u64::from(MAX_NODES),
                        },
                    ));
                }
                if m > u64::from(MAX_EDGES) {
                    return Err(err(
                        line,
                        DimacsErrorKind::TooLarge {
                            what: "arcs",
                            count: m,
                            max: u64::from(MAX_EDGES),
                        },
                    ));
                }
                // A count the rest of the input cannot hold is a file that ends early: reported
                // when it ends (`CountMismatch`, with the arcs found), never trusted for the
                // reservation, which is bounded by what the input's length can hold.
                let fits = input.len() as u64 / MIN_ITEM_LINE;
                edges.reserve_exact(m.min(fits) as usize);
                problem = Some((n as u32, m));
            }
            "a" => {
                let Some((n, m)) = problem else {
                    return Err(err(line, DimacsErrorKind::MissingProblem));
                };
                let from = node(line, words.next(), n)?;
                let to = node(line, words.next(), n)?;
                let wt = words.next().unwrap_or("");
                let w = wt
                    .parse::<f64>()
                    .ok()
                    .filter(|w| w.is_finite() && *w >= 0.0)
                    .ok_or_else(|| {
                        err(
                            line,
                            DimacsErrorKind::BadWeight {
                                text: wt.to_string(),
                            },
                        )
                    })?;
                if words.next().is_some() {
                    return Err(err(
                        line,
                        DimacsErrorKind::BadNumber {
                            field: "arc",
                            text: raw.to_string(),
                        },
                    ));
                }
                if edges.len() as u64 >= m {
                    return Err(err(
                        line,
                        DimacsErrorKind::CountMismatch {
                            declared: m,
                            found: m + 1,
                        },
                    ));
                }
                weight_sum += w;
                if weight_sum > MAX_WEIGHT_SUM {
                    return Err(err(
                        line,
                        DimacsErrorKind::WeightSum {
                            sum: weight_sum,
                            max: MAX_WEIGHT_SUM,
                        },
                    ));
                }
                edges.push(GraphEdge::new(from, to, w));
            }
            other => {
                return Err(err(
                    line,
                    DimacsErrorKind::UnknownLine {
                        word: other.chars().take(16).collect(),
                    },
                ));
            }
        }
    }
    let Some((node_count, m)) = problem else {
        return Err(err(last.max(1), DimacsErrorKind::MissingProblem));
    };
    if edges.len() as u64 != m {
        return Err(err(
            last,
            DimacsErrorKind::CountMismatch {
                declared: m,
                found: edges.len() as u64,
            },
        ));
    }
    Ok(DimacsGraph { node_count, edges })
}

/// Parses a `.co` file for a graph of `node_count` nodes; positions are `(x, y, 0)`.
///
/// # Errors
///
/// As [`parse_gr`], plus a node count that differs from `node_count` (`BadProblem`), repeated
/// or missing nodes and coordinates outside the coordinate rule.
///
/// # Examples
///
/// ```
/// use onepath::Point3;
/// use onepath_std::dimacs::parse_co;
/// let co = b"p aux sp co 2\nv 1 10 20\nv 2 -5 7\n";
/// assert_eq!(parse_co(co, 2).unwrap(), vec![Point3::new(10.0, 20.0, 0.0), Point3::new(-5.0, 7.0, 0.0)]);
/// assert!(parse_co(co, 3).is_err()); // the node count must match the graph's
/// ```
pub fn parse_co(input: &[u8], node_count: u32) -> Result<Vec<Point3>, DimacsError> {
    let text = std::str::from_utf8(input).map_err(|_| err(0, DimacsErrorKind::NotText))?;
    let mut seen: Option<Vec<bool>> = None;
    let mut points: Vec<Point3> = Vec::new();
    let mut last = 0u64;
    let coord = |line: u64, t: Option<&str>| -> Result<f64, DimacsError> {
        let t = t.unwrap_or("");
        let v = t.parse::<f64>().ok().ok_or_else(|| {
            err(
                line,
                DimacsErrorKind::BadNumber {
                    field: "coordinate",
                    text: t.to_string(),
                },
            )
        })?;
        if !(v.is_finite() && v.abs() <= onepath::math::COORDINATE_BOUND) {
            return Err(err(line, DimacsErrorKind::CoordinateRange { value: v }));
        }
        Ok(v)
    };
    for (i, raw) in text.lines().enumerate() {
        let line = i as u64 + 1;
        last = line;
        let mut words = raw.split_ascii_whitespace();
        let Some(kind) = words.next() else { continue };
        match kind {
            "c" => {}
            "p" => {
                if seen.is_some() {
                    return Err(err(line, DimacsErrorKind::DuplicateProblem));
                }
                let shape = (words.next(), words.next(), words.next());
                if shape != (Some("aux"), Some("sp"), Some("co")) {
                    return Err(err(line, DimacsErrorKind::BadProblem));
                }
                let n = number(line, "node count", words.next())?;
                if n != u64::from(node_count) || words.next().is_some() {
                    return Err(err(line, DimacsErrorKind::BadProblem));
                }
                if n > input.len() as u64 / MIN_ITEM_LINE {
                    return Err(err(
                        line,
                        DimacsErrorKind::TooLarge {
                            what: "nodes",
                            count: n,
                            max: input.len() as u64 / MIN_ITEM_LINE,
                        },
                    ));
                }
                seen = Some(vec![false; n as usize]);
                points = vec![Point3::default(); n as usize];
            }
            "v" => {
                let Some(seen) = seen.as_mut() else {
                    return Err(err(line, DimacsErrorKind::MissingProblem));
                };
                let v = node(line, words.next(), node_count)?;
                let x = coord(line, words.next())?;
                let y = coord(line, words.next())?;
                if seen[v as usize] {
                    return Err(err(
                        line,
                        DimacsErrorKind::Coordinate {
                            node: u64::from(v) + 1,
                            problem: "repeated",
                        },
                    ));
                }
                seen[v as usize] = true;
                points[v as usize] = Point3::new(x, y, 0.0);
            }
            other => {
                return Err(err(
                    line,
                    DimacsErrorKind::UnknownLine {
                        word: other.chars().take(16).collect(),
                    },
                ));
            }
        }
    }
    let Some(seen) = seen else {
        return Err(err(last.max(1), DimacsErrorKind::MissingProblem));
    };
    if let Some(v) = seen.iter().position(|s| !s) {
        return Err(err(
            0,
            DimacsErrorKind::Coordinate {
                node: v as u64 + 1,
                problem: "missing",
            },
        ));
    }
    Ok(points)
}

fn read(path: &Path) -> Result<Vec<u8>, DimacsError> {
    std::fs::read(path).map_err(|e| err(0, DimacsErrorKind::Io(format!("{}: {e}", path.display()))))
}

/// Reads and parses a `.gr` file.
///
/// # Errors
///
/// As [`parse_gr`], and `Io` when the file cannot be read.
pub fn read_gr(path: &Path) -> Result<DimacsGraph, DimacsError> {
    parse_gr(&read(path)?)
}

/// Reads and parses a `.co` file.
///
/// # Errors
///
/// As [`parse_co`], and `Io` when the file cannot be read.
pub fn read_co(path: &Path, node_count: u32) -> Result<Vec<Point3>, DimacsError> {
    parse_co(&read(path)?, node_count)
}

#[cfg(test)]
mod tests {
    use super::{DimacsErrorKind, MAX_WEIGHT_SUM, parse_gr};

    #[test]
    fn weights_past_the_graph_bound_are_refused_at_their_line() {
        let e = parse_gr(b"p sp 3 2\na 1 2 1.797e308\na 2 3 1.797e308\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(
            e.kind,
            DimacsErrorKind::WeightSum {
                sum: 1.797e308,
                max: MAX_WEIGHT_SUM
            }
        );
        let e = parse_gr(b"p sp 3 2\na 1 2 4e307\na 2 3 4e307\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(
            e.to_string()
                .starts_with("line 3: the arc weights total 8e307")
        );
        // At the bound: accepted, and the graph builds.
        let half = format!("{:e}", MAX_WEIGHT_SUM / 2.0);
        let text = format!("p sp 3 2\na 1 2 {half}\na 2 3 {half}\n");
        let g = parse_gr(text.as_bytes()).unwrap();
        assert!(onepath::graph::CsrGraph::new(g.node_count, &g.edges).is_ok());
    }
}
