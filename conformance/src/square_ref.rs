//! Reference model of the square grid, written from `spec/grids.md` ("Layout", "Movement",
//! "Clearance and agent sizes"), deliberately naive.
//!
//! * Cells are bytes, row-major (`index = y * width + x`); 0..=254 are walkable area ids, 255 is a
//!   wall. Every walkable area has a multiplier (`multipliers[area]`).
//! * An agent of size `s` stands on the `s x s` block whose top-left cell is its position. A
//!   position is walkable for `s` iff *every* cell of that block is inside the grid and not a
//!   wall. This is checked by brute force over the block, not with the spec's clearance
//!   recurrence, so that the reference can disagree with an engine that gets the recurrence
//!   wrong.
//! * Neighbour order: N (0,-1), E (1,0), S (0,1), W (-1,0), then, eight-connected, NE (1,-1),
//!   SE (1,1), SW (-1,1), NW (-1,-1).
//! * A diagonal move `(dx, dy)` from `(x, y)` has the beside cells `(x + dx, y)` and `(x, y + dy)`,
//!   tested for size `s`: NoCornerCutting needs both walkable, NoSqueezing at least one,
//!   AllowAll none (the target alone must be walkable).
//! * Step cost `length * ((m[a] + m[b]) * 0.5)` with `a`, `b` the areas of the two position cells,
//!   `length` 1 or √2 = `f64::from_bits(0x3FF6A09E667F3BCD)`.
//! * Optional tier-1 hooks: a blocked filter (a blocked position can be neither entered nor left;
//!   the beside cells of a diagonal are *not* filtered, the filter speaks of positions) and a
//!   step-cost hook whose NaN, negative or +infinite answers remove the move.

use crate::model::{BlockedHook, Illegal, Model, Pos, StepHook, hook_removes, step_cost_formula};

/// √2 as the spec pins it: the correctly rounded double, bits 0x3FF6A09E667F3BCD.
pub const SQRT2: f64 = f64::from_bits(0x3FF6_A09E_667F_3BCD);

/// The wall byte.
pub const WALL: u8 = 255;

/// Four or eight neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Connectivity {
    /// N, E, S, W.
    Four,
    /// N, E, S, W, NE, SE, SW, NW.
    Eight,
}

/// When a diagonal move is allowed (eight-connected only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiagonalRule {
    /// Both beside cells walkable (the spec's default).
    NoCornerCutting,
    /// At least one beside cell walkable.
    NoSqueezing,
    /// No condition beyond the target.
    AllowAll,
}

/// The spec's neighbour order for square grids.
pub const SQUARE_DIRECTIONS: [Pos; 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// The reference square grid with its movement options and optional hooks.
pub struct SquareModel {
    width: i32,
    height: i32,
    cells: Vec<u8>,
    multipliers: Vec<f64>,
    connectivity: Connectivity,
    rule: DiagonalRule,
    agent_size: i32,
    blocked: Option<BlockedHook>,
    step_hook: Option<StepHook>,
}

impl SquareModel {
    /// A model over `cells` (row-major area bytes) with one multiplier per area 0..=254.
    ///
    /// # Panics
    /// If the sizes do not match, a side is not positive, `agent_size` is 0 or a multiplier is
    /// not positive and finite (the spec's AreaCosts contract).
    pub fn new(
        width: i32,
        height: i32,
        cells: Vec<u8>,
        multipliers: &[f64],
        connectivity: Connectivity,
        rule: DiagonalRule,
        agent_size: u8,
    ) -> Self {
        assert!(width > 0 && height > 0, "grid {width} x {height}");
        assert_eq!(cells.len(), width as usize * height as usize, "cell count");
        assert_eq!(multipliers.len(), 255, "one multiplier per area 0..=254");
        assert!(
            multipliers.iter().all(|m| m.is_finite() && *m > 0.0),
            "multipliers must be positive and finite"
        );
        assert!(agent_size >= 1, "agent size 0");
        Self {
            width,
            height,
            cells,
            multipliers: multipliers.to_vec(),
            connectivity,
            rule,
            agent_size: i32::from(agent_size),
            blocked: None,
            step_hook: None,
        }
    }

    /// Adds a blocked filter (a blocked position can be neither entered nor left).
    #[must_use]
    pub fn with_blocked(mut self, blocked: impl Fn(Pos) -> bool + 'static) -> Self {
        self.blocked = Some(Box::new(blocked));
        self
    }

    /// Adds a step-cost hook `(from, to, base) -> cost`.
    #[must_use]
    pub fn with_step_hook(mut self, hook: impl Fn(Pos, Pos, f64) -> f64 + 'static) -> Self {
        self.step_hook = Some(Box::new(hook));
        self
    }

    /// Width in cells.
    pub fn width(&self) -> i32 {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> i32 {
        self.height
    }

    /// The area byte of a cell inside the grid, `None` outside.
    pub fn area(&self, p: Pos) -> Option<u8> {
        self.index(p).map(|i| self.cells[i])
    }

    /// True iff `p` is inside the grid.
    pub fn inside(&self, p: Pos) -> bool {
        (0..self.width).contains(&p.0) && (0..self.height).contains(&p.1)
    }

    /// Brute force from the definition: every cell of the `s x s` block with top-left `p` is
    /// inside the grid and not a wall.
    pub fn walkable_for_size(&self, p: Pos) -> bool {
        let s = self.agent_size;
        for dy in 0..s {
            for dx in 0..s {
                match self.area((p.0 + dx, p.1 + dy)) {
                    Some(a) if a != WALL => {}
                    _ => return false,
                }
            }
        }
        true
    }

    fn is_blocked(&self, p: Pos) -> bool {
        self.blocked.as_ref().is_some_and(|b| b(p))
    }

    /// The step cost of a legal move before the hook: `length * ((m[a] + m[b]) * 0.5)`.
    fn base_cost(&self, from: Pos, to: Pos, diagonal: bool) -> f64 {
        let length = if diagonal { SQRT2 } else { 1.0 };
        let ma = self.multipliers[usize::from(self.area(from).expect("inside"))];
        let mb = self.multipliers[usize::from(self.area(to).expect("inside"))];
        step_cost_formula(length, ma, mb)
    }
}

impl Model for SquareModel {
    fn node_count(&self) -> usize {
        self.cells.len()
    }

    fn index(&self, p: Pos) -> Option<usize> {
        if self.inside(p) {
            Some(p.1 as usize * self.width as usize + p.0 as usize)
        } else {
            None
        }
    }

    fn pos(&self, index: usize) -> Pos {
        let w = self.width as usize;
        ((index % w) as i32, (index / w) as i32)
    }

    fn is_position(&self, p: Pos) -> bool {
        self.inside(p) && self.walkable_for_size(p) && !self.is_blocked(p)
    }

    fn step(&self, from: Pos, to: Pos) -> Result<f64, Illegal> {
        if !self.inside(from) {
            return Err(Illegal::FromOutside);
        }
        if !self.inside(to) {
            return Err(Illegal::ToOutside);
        }
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        if dx.abs() > 1 || dy.abs() > 1 || (dx == 0 && dy == 0) {
            return Err(Illegal::NotAdjacent);
        }
        let diagonal = dx != 0 && dy != 0;
        if diagonal && self.connectivity == Connectivity::Four {
            return Err(Illegal::DiagonalNotAllowed);
        }
        if !self.walkable_for_size(from) {
            return Err(Illegal::FromNotWalkable);
        }
        if !self.walkable_for_size(to) {
            return Err(Illegal::ToNotWalkable);
        }
        if self.is_blocked(from) {
            return Err(Illegal::FromBlocked);
        }
        if self.is_blocked(to) {
            return Err(Illegal::ToBlocked);
        }
        if diagonal {
            let beside_x = self.walkable_for_size((from.0 + dx, from.1));
            let beside_y = self.walkable_for_size((from.0, from.1 + dy));
            let ok = match self.rule {
                DiagonalRule::NoCornerCutting => beside_x && beside_y,
                DiagonalRule::NoSqueezing => beside_x || beside_y,
                DiagonalRule::AllowAll => true,
            };
            if !ok {
                return Err(Illegal::DiagonalRule { beside_x, beside_y });
            }
        }
        let base = self.base_cost(from, to, diagonal);
        match &self.step_hook {
            None => Ok(base),
            Some(hook) => {
                let c = hook(from, to, base);
                if hook_removes(c) {
                    Err(Illegal::RemovedByHook(c.to_bits()))
                } else {
                    Ok(c)
                }
            }
        }
    }

    fn candidates(&self, from: Pos) -> Vec<Pos> {
        let n = match self.connectivity {
            Connectivity::Four => 4,
            Connectivity::Eight => 8,
        };
        SQUARE_DIRECTIONS[..n]
            .iter()
            .map(|&(dx, dy)| (from.0 + dx, from.1 + dy))
            .collect()
    }
}

/// Parses a small picture for tests: `.` area 0, `#` wall, `1`-`9` area ids; rows separated by
/// newlines, surrounding whitespace trimmed.
///
/// # Panics
/// On an unknown character or ragged rows.
pub fn parse_picture(picture: &str) -> (i32, i32, Vec<u8>) {
    let rows: Vec<&str> = picture
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let width = rows[0].len();
    let mut cells = Vec::new();
    for row in &rows {
        assert_eq!(row.len(), width, "ragged picture");
        for ch in row.bytes() {
            cells.push(match ch {
                b'.' => 0,
                b'#' => WALL,
                b'1'..=b'9' => ch - b'0',
                _ => panic!("unknown picture character {ch}"),
            });
        }
    }
    (width as i32, rows.len() as i32, cells)
}

/// A table of 255 multipliers, all 1.
pub fn unit_multipliers() -> Vec<f64> {
    vec![1.0; 255]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(pic: &str, c: Connectivity, r: DiagonalRule, s: u8) -> SquareModel {
        let (w, h, cells) = parse_picture(pic);
        SquareModel::new(w, h, cells, &unit_multipliers(), c, r, s)
    }

    const CORNER: &str = "
        .#.
        ...
        ...";

    #[test]
    fn sqrt2_is_the_correctly_rounded_root() {
        assert_eq!(SQRT2, core::f64::consts::SQRT_2);
        assert_eq!(SQRT2.to_bits(), 2.0_f64.sqrt().to_bits());
    }

    #[test]
    fn corner_wall_and_the_three_rules() {
        // From (0,1) to (1,0) is north-east; beside cells (1,1) free and (0,0) free -> all rules.
        // From (0,0)... is a wall? No: (1,0) is the wall. Move (0,1) -> (1,0) targets the wall.
        let m = model(
            CORNER,
            Connectivity::Eight,
            DiagonalRule::NoCornerCutting,
            1,
        );
        assert_eq!(m.step((0, 1), (1, 0)), Err(Illegal::ToNotWalkable));
        // (0,0) -> (1,1) south-east: beside (1,0) is the wall, (0,1) free.
        assert_eq!(
            m.step((0, 0), (1, 1)),
            Err(Illegal::DiagonalRule {
                beside_x: false,
                beside_y: true
            })
        );
        let m = model(CORNER, Connectivity::Eight, DiagonalRule::NoSqueezing, 1);
        assert_eq!(m.step((0, 0), (1, 1)), Ok(SQRT2));
        let m = model(CORNER, Connectivity::Eight, DiagonalRule::AllowAll, 1);
        assert_eq!(m.step((0, 0), (1, 1)), Ok(SQRT2));
        // Four-connected never moves diagonally.
        let m = model(CORNER, Connectivity::Four, DiagonalRule::AllowAll, 1);
        assert_eq!(m.step((0, 0), (1, 1)), Err(Illegal::DiagonalNotAllowed));
    }

    #[test]
    fn squeezing_between_two_walls() {
        let pic = "
            .#
            #.";
        for (rule, ok) in [
            (DiagonalRule::NoCornerCutting, false),
            (DiagonalRule::NoSqueezing, false),
            (DiagonalRule::AllowAll, true),
        ] {
            let m = model(pic, Connectivity::Eight, rule, 1);
            assert_eq!(m.step((0, 0), (1, 1)).is_ok(), ok, "{rule:?}");
            assert_eq!(m.step((1, 1), (0, 0)).is_ok(), ok, "{rule:?}");
        }
    }

    #[test]
    fn neighbour_order_and_moves() {
        let m = model(
            CORNER,
            Connectivity::Eight,
            DiagonalRule::NoCornerCutting,
            1,
        );
        // From the centre (1,1): N (1,0) is the wall; E, S, W straight; NE (2,0): beside
        // (2,1) and (1,0)=wall -> refused; SE, SW legal; NW (0,0): beside (0,1), (1,0)=wall.
        let mv: Vec<Pos> = m.moves((1, 1)).into_iter().map(|(p, _)| p).collect();
        assert_eq!(mv, vec![(2, 1), (1, 2), (0, 1), (2, 2), (0, 2)]);
        let m4 = model(CORNER, Connectivity::Four, DiagonalRule::NoCornerCutting, 1);
        assert_eq!(m4.candidates((1, 1)), vec![(1, 0), (2, 1), (1, 2), (0, 1)]);
        // Corner cell (0,0): only E would be... E is the wall, S is (0,1).
        let mv: Vec<Pos> = m.moves((0, 0)).into_iter().map(|(p, _)| p).collect();
        assert_eq!(mv, vec![(0, 1)]);
    }

    #[test]
    fn agent_size_two_by_hand() {
        // Walkable for size 2 (top-left of a free 2x2 block):
        //   row 0: (0,0) yes, (1,0) no (wall at (2,1)), (2,0) no, (3,0) no (last column)
        //   row 1: (0,1) yes, (1,1) no, (2,1) wall, (3,1) no
        //   row 2: (0,2) yes, (1,2) yes, (2,2) yes, (3,2) no
        //   row 3: last row -> no
        let pic = "
            ....
            ..#.
            ....
            ....";
        let m = model(pic, Connectivity::Eight, DiagonalRule::NoCornerCutting, 2);
        let expect = [
            [true, false, false, false],
            [true, false, false, false],
            [true, true, true, false],
            [false, false, false, false],
        ];
        for (y, row) in expect.iter().enumerate() {
            for (x, &e) in row.iter().enumerate() {
                assert_eq!(
                    m.walkable_for_size((x as i32, y as i32)),
                    e,
                    "({x},{y}) for size 2"
                );
            }
        }
        assert!(!m.walkable_for_size((-1, 0)));
        // (0,1) -> (1,2) south-east: beside (1,1) not walkable for size 2, (0,2) is.
        assert_eq!(
            m.step((0, 1), (1, 2)),
            Err(Illegal::DiagonalRule {
                beside_x: false,
                beside_y: true
            })
        );
        let sq = model(pic, Connectivity::Eight, DiagonalRule::NoSqueezing, 2);
        assert_eq!(sq.step((0, 1), (1, 2)), Ok(SQRT2));
        // Straight moves of the big agent.
        assert_eq!(m.step((0, 0), (0, 1)), Ok(1.0));
        assert_eq!(m.step((0, 1), (1, 1)), Err(Illegal::ToNotWalkable));
        // Size 3: only (0,0)? Block (0,0)-(2,2) contains the wall (2,1). (1,1) too. None fits
        // except ... (0,1): cells x 0..=2, y 1..=3 contain (2,1). So nothing is walkable.
        let m3 = model(pic, Connectivity::Eight, DiagonalRule::AllowAll, 3);
        for y in 0..4 {
            for x in 0..4 {
                assert!(!m3.walkable_for_size((x, y)));
            }
        }
        let (w, h, cells) = parse_picture(pic);
        let mut cells2 = cells;
        cells2[6] = 0; // remove the wall at (2,1)
        let m3 = SquareModel::new(
            w,
            h,
            cells2,
            &unit_multipliers(),
            Connectivity::Eight,
            DiagonalRule::AllowAll,
            3,
        );
        let fits: Vec<Pos> = (0..16)
            .map(|i| m3.pos(i))
            .filter(|&p| m3.walkable_for_size(p))
            .collect();
        assert_eq!(fits, vec![(0, 0), (1, 0), (0, 1), (1, 1)]);
    }

    #[test]
    fn area_costs_use_the_two_position_cells() {
        let pic = "
            .2
            34";
        let (w, h, cells) = parse_picture(pic);
        let mut mult = unit_multipliers();
        mult[2] = 2.0;
        mult[3] = 3.0;
        mult[4] = 1.3;
        let m = SquareModel::new(
            w,
            h,
            cells,
            &mult,
            Connectivity::Eight,
            DiagonalRule::AllowAll,
            1,
        );
        assert_eq!(m.step((0, 0), (1, 0)), Ok(1.5)); // (1 + 2) / 2
        assert_eq!(m.step((0, 0), (0, 1)), Ok(2.0)); // (1 + 3) / 2
        assert_eq!(m.step((1, 0), (0, 1)), Ok(SQRT2 * 2.5)); // diagonal, (2 + 3) / 2
        assert_eq!(
            m.step((0, 0), (1, 1)).map(f64::to_bits),
            Ok((SQRT2 * ((1.0 + 1.3) * 0.5)).to_bits())
        );
        // Size 2 on a 2x2: one position; its moves go nowhere.
        let big = SquareModel::new(
            2,
            2,
            vec![0, 2, 3, 4],
            &mult,
            Connectivity::Eight,
            DiagonalRule::AllowAll,
            2,
        );
        assert!(big.is_position((0, 0)));
        assert!(big.moves((0, 0)).is_empty());
    }

    #[test]
    fn hooks() {
        let m = model("...", Connectivity::Four, DiagonalRule::NoCornerCutting, 1)
            .with_blocked(|p| p == (1, 0));
        assert!(!m.is_position((1, 0)));
        assert_eq!(m.step((0, 0), (1, 0)), Err(Illegal::ToBlocked));
        assert_eq!(m.step((1, 0), (2, 0)), Err(Illegal::FromBlocked));
        let m = model("...", Connectivity::Four, DiagonalRule::NoCornerCutting, 1).with_step_hook(
            |from, _to, base| match from.0 {
                0 => f64::NAN,
                1 => base * 4.0,
                _ => -0.5,
            },
        );
        assert!(
            matches!(m.step((0, 0), (1, 0)), Err(Illegal::RemovedByHook(b)) if f64::from_bits(b).is_nan())
        );
        assert_eq!(m.step((1, 0), (0, 0)), Ok(4.0));
        assert!(m.step((2, 0), (1, 0)).is_err());
        let m = model("..", Connectivity::Four, DiagonalRule::NoCornerCutting, 1)
            .with_step_hook(|_, _, _| f64::INFINITY);
        assert!(m.moves((0, 0)).is_empty());
        // The blocked filter does not apply to the beside cells of a diagonal.
        let m = model(
            "..
             ..",
            Connectivity::Eight,
            DiagonalRule::NoCornerCutting,
            1,
        )
        .with_blocked(|p| p == (1, 0));
        assert_eq!(m.step((0, 0), (1, 1)), Ok(SQRT2));
    }

    /// The brute-force block test agrees with the spec's clearance recurrence
    /// (`c = 0` for a wall or outside, else `1 + min(right, below, below-right)`), computed here
    /// only as a cross-check of the brute force on generated maps.
    #[test]
    fn brute_force_agrees_with_the_clearance_recurrence() {
        use crate::r#gen::{CostMode, GenOptions, square_case};
        use crate::rng::SplitMix64;
        let mut rng = SplitMix64::new(99);
        for _ in 0..300 {
            let case = square_case(&mut rng, &GenOptions::new(CostMode::Uniform));
            let (w, h) = (case.width, case.height);
            let mut c = vec![0u32; (w * h) as usize];
            let get = |c: &[u32], x: i32, y: i32| {
                if x < w && y < h {
                    c[(y * w + x) as usize]
                } else {
                    0
                }
            };
            for y in (0..h).rev() {
                for x in (0..w).rev() {
                    let v = if case.cells[(y * w + x) as usize] == WALL {
                        0
                    } else {
                        1 + get(&c, x + 1, y)
                            .min(get(&c, x, y + 1))
                            .min(get(&c, x + 1, y + 1))
                    };
                    c[(y * w + x) as usize] = v;
                }
            }
            for s in 1..=4u8 {
                let m = SquareModel::new(
                    w,
                    h,
                    case.cells.clone(),
                    &unit_multipliers(),
                    Connectivity::Eight,
                    DiagonalRule::NoCornerCutting,
                    s,
                );
                for y in 0..h {
                    for x in 0..w {
                        assert_eq!(
                            m.walkable_for_size((x, y)),
                            c[(y * w + x) as usize] >= u32::from(s),
                            "({x},{y}) size {s}\n{}",
                            case.picture()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn outside_and_adjacency() {
        let m = model(CORNER, Connectivity::Eight, DiagonalRule::AllowAll, 1);
        assert_eq!(m.step((-1, 0), (0, 0)), Err(Illegal::FromOutside));
        assert_eq!(m.step((0, 0), (0, -1)), Err(Illegal::ToOutside));
        assert_eq!(m.step((0, 0), (2, 0)), Err(Illegal::NotAdjacent));
        assert_eq!(m.step((0, 0), (0, 0)), Err(Illegal::NotAdjacent));
        assert!(!m.is_position((3, 0)));
        assert_eq!(m.index((2, 2)), Some(8));
        assert_eq!(m.pos(5), (2, 1));
    }
}
