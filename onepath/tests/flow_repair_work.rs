//! How much a flow-field repair re-settles: only the cells whose cost can really rise (a cell
//! that another neighbour still gives the same cost, bit for bit, stays valid), and a whole
//! recomputation once more than half the field would be invalid — in every case a field equal
//! to a fresh one, bit for bit.

use onepath::flow::{FlowField, FlowStep, square_dirty_nodes};
use onepath::grid::{GridRect, SquareTopology};
use onepath::topology::DefaultStepCost;
use onepath::{Connectivity, DiagonalRule, Grid};

fn field(grid: &Grid, conn: Connectivity, goal: u32) -> FlowField<DefaultStepCost> {
    let topo = SquareTopology::new(grid, 1, conn, DiagonalRule::NoCornerCutting).unwrap();
    let mut f = FlowField::new(DefaultStepCost);
    let _ = f.begin(&topo, &[goal]);
    assert_eq!(f.run(&topo), FlowStep::Complete);
    f
}

/// Walls `rect` on `grid`, repairs `f` and checks it against a fresh field; returns the
/// repair's pops.
fn wall_and_repair(
    grid: &mut Grid,
    f: &mut FlowField<DefaultStepCost>,
    conn: Connectivity,
    rect: GridRect,
) -> u32 {
    grid.set_rect(rect.x as i32, rect.y as i32, rect.width, rect.height, 255)
        .unwrap();
    let topo = SquareTopology::new(grid, 1, conn, DiagonalRule::NoCornerCutting).unwrap();
    let dirty = square_dirty_nodes(grid.width(), grid.height(), rect, 1);
    assert_eq!(f.repair(&topo, dirty), FlowStep::Complete);
    let fresh = field(grid, conn, f.goals()[0]);
    assert!(
        f.costs()
            .iter()
            .zip(fresh.costs())
            .all(|(a, b)| a.to_bits() == b.to_bits()),
        "repaired costs differ from a fresh field"
    );
    assert_eq!(f.nexts(), fresh.nexts());
    assert_eq!(f.settled(), fresh.settled());
    f.repair_pops()
}

/// On an open 4-connected grid every cost is an integer, so a wall off the goal's row and
/// column leaves every cell behind it with another neighbour of the same cost: no cost rises,
/// and the repair re-settles only the edit's own dirty cells (elsewhere it only re-chooses
/// directions), where invalidating the
/// subtree of `next` links through the wall would re-settle all of it.
#[test]
fn a_wall_in_the_open_re_settles_only_its_shadow() {
    let mut grid = Grid::new(64, 64).unwrap();
    let conn = Connectivity::Four;
    let mut f = field(&grid, conn, 0);
    // Cells whose `next` chain runs through the wall: the subtree the old repair invalidated.
    let rect = GridRect {
        x: 20,
        y: 20,
        width: 3,
        height: 3,
    };
    let through = (0..64 * 64u32)
        .filter(|&start| {
            let mut n = start;
            for _ in 0..64 * 64 {
                let (x, y) = (n % 64, n / 64);
                if (20..23).contains(&x) && (20..23).contains(&y) {
                    return true;
                }
                match f.next(n) {
                    onepath::flow::NO_NEXT => return false,
                    m => n = m,
                }
            }
            false
        })
        .count() as u32;
    let pops = wall_and_repair(&mut grid, &mut f, conn, rect);
    // With N, E, S, W order the chains run north first: the 3 × 41 cells below the wall and
    // the wall itself. Every one of them has a monotone detour of the same length.
    assert_eq!(through, 132);
    // Only the dirty ring is re-settled: the edit's dirty set is the 5 × 5 block around the
    // wall, 16 of its cells still walkable.
    assert_eq!(pops, 16, "{pops} pops for a wall on {through} chains");
}

/// A wall that cuts the only corridor to the goal changes the cost of everything behind it:
/// the repair gives up half-way and recomputes (its pops are then the whole reachable set).
#[test]
fn a_wall_that_cuts_the_map_falls_back_to_a_recomputation() {
    // A 3-wide corridor from the goal (left) to a room (right).
    let mut text = String::new();
    for y in 0..20 {
        for x in 0..60 {
            let corridor = (9..12).contains(&y);
            text.push(if x < 30 && !corridor { '#' } else { '.' });
        }
        if y < 19 {
            text.push('\n');
        }
    }
    let mut grid = Grid::from_text(&text).unwrap();
    let conn = Connectivity::Eight;
    let goal = 10 * 60; // (0, 10)
    let mut f = field(&grid, conn, goal);
    let before = f.settled();
    let rect = GridRect {
        x: 5,
        y: 9,
        width: 3,
        height: 3,
    };
    let pops = wall_and_repair(&mut grid, &mut f, conn, rect);
    // Nothing is reachable behind the wall any more; the fresh wave settles 5 × 3 cells.
    assert_eq!(f.settled(), 15);
    assert!(before > 600);
    assert_eq!(
        pops,
        f.settled(),
        "a fallback reports the recomputation's pops"
    );
}
