//! The query list of a `grids/fast` map ([`fast_queries`]): the random pairs of
//! [`pick_queries`], `same` (start = goal), `wall` (start on a wall), `wallgoal` (goal on a
//! wall), `outside` (goal past the grid: the engines get the index one past the last cell),
//! goals on the border (`border-n`, `border-s`: from the anchor — the open endpoint of
//! `pick_queries`' edge cases — to the walkable cell of that side nearest its middle;
//! `border-we`: west side to east side; `corners`: first to last walkable cell, row-major),
//! `unreach` (to the first walkable cell, row-major, outside the anchor's component) and, on
//! the sealed map, `sealed` (into a walled box).

use onepath::grid::WALL;
use onepath::{Cell, Grid};

use crate::mapgen::Map;
use crate::runs::{Query, pick_queries};

/// What a query exercises; variants pick queries by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cat {
    /// Random pair number i.
    Pair(usize),
    /// Start = goal.
    Same,
    /// Refused by `try_begin` (a wall or a cell outside at either end).
    Refused,
    /// An end on the map's border.
    Border,
    /// A goal outside the start's component (`NoPath` after a full search).
    Unreachable,
}

/// A query as the engines take it: row-major indices (one past the last cell for a cell
/// outside the grid).
#[derive(Clone, Debug)]
pub(super) struct FastQuery {
    pub label: String,
    pub start: u32,
    pub goal: u32,
    pub cat: Cat,
}

/// The walkable cell of one side nearest the side's middle (smaller coordinate on a tie).
fn side_cell(map: &Map, side: char) -> Option<(u32, u32)> {
    let (w, h) = (map.width, map.height);
    let cells: Vec<(u32, u32)> = match side {
        'n' => (0..w).map(|x| (x, 0)).collect(),
        's' => (0..w).map(|x| (x, h - 1)).collect(),
        'w' => (0..h).map(|y| (0, y)).collect(),
        _ => (0..h).map(|y| (w - 1, y)).collect(),
    };
    let mid = (cells.len() as u32 - 1) / 2;
    cells
        .iter()
        .enumerate()
        .filter(|&(_, &(x, y))| map.get(x, y) != WALL)
        .min_by_key(|(i, _)| ((*i as u32).abs_diff(mid), *i))
        .map(|(_, &c)| c)
}

/// The first walkable cell, row-major, that four moves (equivalently: eight without corner
/// cutting) cannot reach from `from`.
fn first_unreachable(map: &Map, from: Cell) -> Option<Cell> {
    let (w, h) = (map.width as i64, map.height as i64);
    let mut seen = vec![false; map.cells.len()];
    let mut stack = vec![(i64::from(from.x), i64::from(from.y))];
    seen[(from.y as i64 * w + from.x as i64) as usize] = true;
    while let Some((x, y)) = stack.pop() {
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let (nx, ny) = (x + dx, y + dy);
            if nx >= 0 && ny >= 0 && nx < w && ny < h && map.is_open(nx, ny) {
                let i = (ny * w + nx) as usize;
                if !seen[i] {
                    seen[i] = true;
                    stack.push((nx, ny));
                }
            }
        }
    }
    (0..map.cells.len())
        .find(|&i| map.cells[i] != WALL && !seen[i])
        .map(|i| Map::cell(i as u32 % map.width, i as u32 / map.width))
}

/// The query list of a map (see the module docs); `sealed` is the box of the sealed map.
pub(super) fn fast_queries(
    map: &Map,
    grid: &Grid,
    seed: u64,
    random: usize,
    sealed: Option<(u32, u32, u32, u32)>,
) -> Vec<FastQuery> {
    let picked = pick_queries(map, seed, random);
    let anchor = picked
        .iter()
        .find(|q| q.label.starts_with("same@"))
        .expect("pick_queries adds `same`")
        .start;
    let mut out: Vec<(Query, Cat)> = Vec::new();
    for q in picked {
        let cat = match q.pair {
            Some(i) => Cat::Pair(i),
            None if q.start == q.goal => Cat::Same,
            None => Cat::Refused,
        };
        out.push((q, cat));
    }
    if let Some(w) = map.cells.iter().position(|&a| a == WALL) {
        let w = w as u32;
        let wall = Map::cell(w % map.width, w / map.width);
        out.push((Query::edge_case("wallgoal", anchor, wall), Cat::Refused));
    }
    let side = |s| side_cell(map, s).map(|(x, y)| Map::cell(x, y));
    let mut border = Vec::new();
    if let Some(n) = side('n') {
        border.push(Query::edge_case("border-n", anchor, n));
    }
    if let Some(s) = side('s') {
        border.push(Query::edge_case("border-s", anchor, s));
    }
    if let (Some(w), Some(e)) = (side('w'), side('e')) {
        border.push(Query::edge_case("border-we", w, e));
    }
    let open: Vec<usize> = (0..map.cells.len())
        .filter(|&i| map.cells[i] != WALL)
        .collect();
    let at = |i: usize| Map::cell(i as u32 % map.width, i as u32 / map.width);
    if let (Some(&first), Some(&last)) = (open.first(), open.last()) {
        border.push(Query::edge_case("corners", at(first), at(last)));
    }
    out.extend(
        border
            .into_iter()
            .filter(|q| q.start != q.goal)
            .map(|q| (q, Cat::Border)),
    );
    if let Some(u) = first_unreachable(map, anchor) {
        out.push((Query::edge_case("unreach", anchor, u), Cat::Unreachable));
    }
    if let Some((x, y, w, h)) = sealed {
        let inside = Map::cell(x + w / 2, y + h / 2);
        out.push((Query::edge_case("sealed", anchor, inside), Cat::Unreachable));
    }
    let index = |c: Cell| grid.index_of(c).unwrap_or(grid.cell_count());
    out.into_iter()
        .map(|(q, cat)| FastQuery {
            start: index(q.start),
            goal: index(q.goal),
            label: q.label,
            cat,
        })
        .collect()
}
