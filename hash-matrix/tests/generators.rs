//! The generators are pinned: their output for a few seeds is hashed here.
//!
//! Every golden record depends on these maps. If this test fails, a generator's output
//! changed — which re-blesses every golden of every family. That must be a deliberate,
//! reviewed change: update the numbers below in the same commit as the generator and the
//! re-blessed goldens, and say why in the commit message. Never update them to make a red
//! build green.
//!
//! The number is FNV-1a 64 over width and height (u32 little-endian) then the cell bytes
//! (`Map::shape_digest`); it was computed once by running the generators and committed.

use hash_matrix::mapgen::{Map, caves, maze, noise, rooms, terrain};

fn pinned(label: &str, map: &Map, expected: u64) {
    assert_eq!(
        map.shape_digest(),
        expected,
        "{label}: generator output changed (got 0x{:016x}); see this file's header",
        map.shape_digest()
    );
}

#[test]
fn noise_is_pinned() {
    pinned(
        "noise(48, 48, 10, 1)",
        &noise(48, 48, 10, 1),
        0xfa02_6b2c_e648_19ad,
    );
    pinned(
        "noise(33, 47, 25, 99)",
        &noise(33, 47, 25, 99),
        0xd7ab_ad53_2343_f4f7,
    );
}

#[test]
fn rooms_are_pinned() {
    pinned(
        "rooms(97, 45, 8, 4)",
        &rooms(97, 45, 8, 4),
        0x8cc3_57e8_de5e_bad9,
    );
    pinned(
        "rooms(40, 31, 5, 77)",
        &rooms(40, 31, 5, 77),
        0xb1f1_713c_5df6_9ece,
    );
}

#[test]
fn mazes_are_pinned() {
    pinned(
        "maze(41, 41, 8, 5)",
        &maze(41, 41, 8, 5),
        0x5390_819b_2514_84d0,
    );
    pinned(
        "maze(30, 21, 0, 6)",
        &maze(30, 21, 0, 6),
        0x4852_e1ff_1a48_51eb,
    );
}

#[test]
fn caves_are_pinned() {
    pinned(
        "caves(64, 64, 45, 4, 6)",
        &caves(64, 64, 45, 4, 6),
        0xa668_51db_5b5f_d443,
    );
    pinned(
        "caves(37, 29, 50, 2, 8)",
        &caves(37, 29, 50, 2, 8),
        0x54a9_2c4f_81b8_9cdd,
    );
}

#[test]
fn terrain_is_pinned() {
    pinned(
        "terrain(72, 40, 2, 7)",
        &terrain(72, 40, 2, 7),
        0x1d66_b7d0_8638_903e,
    );
    pinned(
        "terrain(33, 29, 1, 13)",
        &terrain(33, 29, 1, 13),
        0xfe44_5526_dc96_84f2,
    );
}

#[test]
fn generators_are_pure() {
    // Same seed, same map; another seed, another map.
    assert_eq!(caves(40, 36, 45, 4, 12), caves(40, 36, 45, 4, 12));
    assert_ne!(noise(20, 20, 30, 1), noise(20, 20, 30, 2));
    assert_ne!(terrain(20, 20, 1, 1), terrain(20, 20, 1, 2));
}

#[test]
fn mazes_are_connected_trees_before_loops() {
    // With no loops knocked out, the maze is a spanning tree of the passage cells: every
    // passage cell is reachable from (1, 1), and open cells = 2 * cells - 1.
    let m = maze(31, 21, 0, 3);
    let (cw, ch) = (15u32, 10u32);
    assert_eq!(m.open_count(), 2 * cw * ch - 1);
    let mut seen = vec![false; m.cells.len()];
    let mut stack = vec![(1i64, 1i64)];
    seen[(m.width + 1) as usize] = true;
    let mut reached = 0;
    while let Some((x, y)) = stack.pop() {
        reached += 1;
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let (nx, ny) = (x + dx, y + dy);
            if m.is_open(nx, ny) && !seen[(ny * i64::from(m.width) + nx) as usize] {
                seen[(ny * i64::from(m.width) + nx) as usize] = true;
                stack.push((nx, ny));
            }
        }
    }
    assert_eq!(reached, m.open_count());
}
