//! `onepath optima --replan lpa|dstar`: the incremental replanners on Moving AI maps.
//!
//! For every sampled scenario with a reachable pair: solve with the replanner, then
//! `--changes` times toggle a seeded random cell on or next to the current path (never the
//! start or goal; a wall opens, an open cell closes), replan, and compare the cost with a fresh
//! A* on the changed map (relative 1e-9, same status). Prints the changes made, the mean
//! expansions per replan beside the fresh A*'s, and the mismatches. Exit status: 0 no
//! mismatch, 1 a mismatch, 2 an input error or nothing checked.

use std::path::PathBuf;
use std::time::Instant;

use clap::ValueEnum;
use onepath::math::SplitMix64;
use onepath::{Cell, Grid, GridAlgorithm, GridOptions, PathStatus};
use onepath_std::movingai::MovingAiOptions;
use onepath_std::movingai::files::read_map;

use crate::output::{self, errln, outln};
use crate::scenarios::{LineKind, Sampling, classify, plan};

/// Which replanner `--replan` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReplanAlg {
    /// Lifelong Planning A*.
    Lpa,
    /// D* Lite.
    Dstar,
}

impl ReplanAlg {
    fn algorithm(self) -> GridAlgorithm {
        match self {
            Self::Lpa => GridAlgorithm::LpaStar,
            Self::Dstar => GridAlgorithm::DStarLite,
        }
    }
}

/// Options of the replanning check.
pub struct ReplanArgs {
    /// Files or folders.
    pub paths: Vec<PathBuf>,
    /// The replanner.
    pub alg: ReplanAlg,
    /// Sampling of each file.
    pub sampling: Sampling,
    /// Whether `S` and `W` are walkable.
    pub terrain: MovingAiOptions,
    /// Wall toggles per scenario.
    pub changes: usize,
    /// Seed of the toggles.
    pub seed: u64,
    /// Machine-readable output.
    pub json: bool,
    /// Mismatches to list.
    pub show: usize,
}

/// Totals of a run.
#[derive(Debug, Default, Clone)]
pub struct ReplanTotals {
    /// Scenarios solved and changed.
    pub scenarios: u64,
    /// Changes made (wall toggles).
    pub changes: u64,
    /// Replans after a change.
    pub replans: u64,
    /// Expansions of those replans.
    pub replan_expansions: u64,
    /// Expansions of the fresh A* after each change.
    pub astar_expansions: u64,
    /// Expansions of the first solve of each scenario.
    pub initial_expansions: u64,
    /// Replans whose status or cost differed from the fresh A*'s.
    pub mismatches: Vec<String>,
}

/// Runs the check over `grid` for one scenario; adds to `totals`.
pub fn check_scenario(
    base: &Grid,
    start: Cell,
    goal: Cell,
    alg: ReplanAlg,
    changes: usize,
    seed: u64,
    totals: &mut ReplanTotals,
) -> Result<(), String> {
    let mut grid = base.clone();
    let options = GridOptions::DEFAULT.with_algorithm(alg.algorithm());
    let fresh = GridOptions::DEFAULT;
    let mut unit = grid
        .create_replanner(start, goal, &options)
        .map_err(|e| e.to_string())?;
    let _ = unit.replan(&grid).map_err(|e| e.to_string())?;
    totals.scenarios += 1;
    totals.initial_expansions += u64::from(unit.expansions());
    let mut rng = SplitMix64::new(seed);
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    for change in 0..changes {
        // A cell on or next to the current path (anywhere when there is none).
        let path = unit.path();
        let cell = if path.is_empty() {
            Cell::new(rng.below(w as u32) as i32, rng.below(h as u32) as i32)
        } else {
            let c = path[rng.below(path.len() as u32) as usize];
            let x = (c.x + rng.below(3) as i32 - 1).clamp(0, w - 1);
            let y = (c.y + rng.below(3) as i32 - 1).clamp(0, h - 1);
            Cell::new(x, y)
        };
        if cell == start || cell == goal {
            continue;
        }
        let open = grid.is_walkable(cell);
        grid.set_walkable(cell, !open).map_err(|e| e.to_string())?;
        totals.changes += 1;
        let status = unit.replan(&grid).map_err(|e| e.to_string())?;
        totals.replans += 1;
        totals.replan_expansions += u64::from(unit.expansions());
        let a = grid
            .find_path(start, goal, &fresh)
            .map_err(|e| e.to_string())?;
        totals.astar_expansions += u64::from(a.expansions);
        let same = status == a.status
            && (status != PathStatus::Found
                || (unit.cost() - a.cost).abs() <= 1e-9 * a.cost.abs().max(1.0));
        if !same {
            totals.mismatches.push(format!(
                "start ({},{}) goal ({},{}) change {change}: replanner {status:?} {} vs A* {:?} {}",
                start.x,
                start.y,
                goal.x,
                goal.y,
                unit.cost(),
                a.status,
                a.cost
            ));
        }
    }
    Ok(())
}

/// Runs the command; returns the exit code.
pub fn run(args: &ReplanArgs) -> i32 {
    let plan = match plan(&args.paths, args.sampling) {
        Ok(plan) => plan,
        Err(e) => return output::input_error("optima", args.json, &e.to_string()),
    };
    if let Some(why) = plan.nothing_found() {
        return output::input_error("optima", args.json, &why);
    }
    let started = Instant::now();
    let mut totals = ReplanTotals::default();
    for job in &plan.jobs {
        let map = match read_map(&job.map_path, &args.terrain) {
            Ok(m) => m,
            Err(e) => return output::input_error("optima", args.json, &e.to_string()),
        };
        let grid = match map.to_grid() {
            Ok(g) => g,
            Err(e) => return output::input_error("optima", args.json, &e.to_string()),
        };
        for (i, s) in job.scenarios.iter().enumerate() {
            if classify(&map, s) != LineKind::Check {
                continue;
            }
            let start = Cell::new(s.start_x as i32, s.start_y as i32);
            let goal = Cell::new(s.goal_x as i32, s.goal_y as i32);
            let seed = args.seed ^ ((i as u64) << 20) ^ u64::from(s.start_x) << 40;
            if let Err(e) = check_scenario(
                &grid,
                start,
                goal,
                args.alg,
                args.changes,
                seed,
                &mut totals,
            ) {
                return output::input_error("optima", args.json, &e);
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let mean = |e: u64| {
        if totals.replans == 0 {
            0.0
        } else {
            e as f64 / totals.replans as f64
        }
    };
    let printed = if args.json {
        outln!(
            "{{\"command\":\"optima\",\"replan\":\"{:?}\",\"scenarios\":{},\"changes\":{},\"replans\":{},\"mean_replan_expansions\":{},\"mean_fresh_astar_expansions\":{},\"mismatches\":{},\"seconds\":{secs:.3}}}",
            args.alg,
            totals.scenarios,
            totals.changes,
            totals.replans,
            mean(totals.replan_expansions),
            mean(totals.astar_expansions),
            totals.mismatches.len()
        )
    } else {
        let printed = outln!(
            "replan {:?}: {} scenarios, {} changes, {} replans; mean expansions per replan {:.1} vs fresh A* {:.1} (ratio {:.3}); {} mismatches; {secs:.1} s",
            args.alg,
            totals.scenarios,
            totals.changes,
            totals.replans,
            mean(totals.replan_expansions),
            mean(totals.astar_expansions),
            mean(totals.replan_expansions) / mean(totals.astar_expansions).max(1e-300),
            totals.mismatches.len()
        );
        for m in totals.mismatches.iter().take(args.show) {
            errln!("mismatch: {m}");
        }
        printed
    };
    if totals.replans == 0 {
        return output::input_error("optima", args.json, "no scenario was replanned");
    }
    output::status(i32::from(!totals.mismatches.is_empty()), printed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_replanners_match_fresh_astar_on_a_small_map() {
        let grid = Grid::from_text(
            "................\n\
             ..####....####..\n\
             ..#..........#..\n\
             ..#..######..#..\n\
             .......##.......\n\
             ..#..######..#..\n\
             ..#..........#..\n\
             ..####....####..\n\
             ................",
        )
        .unwrap();
        for alg in [ReplanAlg::Lpa, ReplanAlg::Dstar] {
            let mut totals = ReplanTotals::default();
            for seed in 0..20 {
                check_scenario(
                    &grid,
                    Cell::new(0, 0),
                    Cell::new(15, 8),
                    alg,
                    15,
                    seed,
                    &mut totals,
                )
                .unwrap();
            }
            assert_eq!(totals.scenarios, 20);
            assert!(totals.replans > 200, "{totals:?}");
            assert!(totals.mismatches.is_empty(), "{:?}", totals.mismatches);
        }
    }
}
