//! `onepath`: verify the published Moving AI optima, draw a path, benchmark queries.
//!
//! ```text
//! onepath optima [FILES OR FOLDERS]... [--alg astar|dijkstra|jps|jps+|jps2|jps2+|theta|lazytheta|hpa|flow|navmesh|polyanya] [--chunk N] [--smooth 0|1] [--every K [--offset J]] [--limit N] [--json]
//! onepath optima [FILES OR FOLDERS]... --replan lpa|dstar [--changes N] [--seed S] [--every K [--offset J]] [--limit N]
//! onepath path [--map F] [--from x,y] [--to x,y] [--alg …] [--png out.png] [--svg out.svg]
//! onepath bench [FILES OR FOLDERS]... [--alg astar,jps,jps+,jps2,jps2+] [--warmup N] [--json]
//! onepath road --gr FILE [--co FILE] | --map FILE.map [--queries N] [--seed S] [--landmarks K]
//! onepath flow [--map F] --goal x,y [--goal x,y]... [--png out.png] [--json]
//! onepath navmesh [--map F] [--alg corridor|polyanya] [--radius R] [--tile T] [--scen S [--line N] | --from x,y --to x,y] [--png F] [--svg F] [--json F]
//! ```
//!
//! Every command that reads Moving AI maps takes `--swamp walkable|blocked` and
//! `--water walkable|blocked` (defaults: `S` walkable, `W` blocked). Without paths, `optima` and
//! `bench` use `../shared/data/movingai` next to the repository (or `$ONEPATH_DATA/movingai`).
//!
//! All output goes through `output`: a closed stdout (`| head`) ends the output quietly with
//! the command's own exit status, any other stdout error is `error: stdout: <cause>` and
//! status 2, and with `--json` an input error is also a `{"command": …, "error": …}` object.

mod applies;
mod bench;
mod cpu_time;
mod flow;
mod flow_solver;
mod hpa_optima;
mod navmesh_cmd;
mod navmesh_legal;
mod navmesh_render;
mod navmesh_solver;
mod optima;
mod output;
mod path;
mod progress;
mod raster;
mod render;
mod replan;
mod road;
mod scenarios;
mod solver;
mod svg;
mod terrain;
mod voxel_optima;
mod voxel_path;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::applies::{Given, NotApplying};
use crate::scenarios::Sampling;
use crate::solver::Alg;
use crate::terrain::TerrainArgs;

/// Deterministic pathfinding: verify Moving AI optima, draw a path, benchmark queries.
#[derive(Parser, Debug)]
#[command(name = "onepath", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run every scenario of every map and compare with the published optimal length.
    ///
    /// Tolerance: relative 1e-6 or one unit of the last digit the file prints, whichever is
    /// looser. Lines with a blocked start or goal, lines of length 0 with start != goal, and
    /// lines whose stated size differs from the map are counted as invalid and not searched.
    /// wc3maps512 mismatches are a loose check (its maps were edited after its scenarios were
    /// made) and never fail the run. A run that checks no line does not pass. A flag that
    /// does not apply to the run (`--chunk`/`--smooth` without `--alg hpa`, `--changes`/`--seed`
    /// without `--replan`, `--alg`/`--threads` with it, 2D flags on voxel scenarios) is an
    /// input error naming it. Exit status: 0 pass, 1 mismatch, 2 input error or no line
    /// checked.
    Optima {
        /// Scenario files (`*.scen`), maps (`X.map` stands for `X.map.scen`) or folders
        /// (searched recursively). Default: the shared Moving AI data.
        paths: Vec<PathBuf>,
        /// The algorithm to verify.
        #[arg(long, value_enum, default_value = "astar")]
        alg: Alg,
        #[command(flatten)]
        hpa: HpaFlags,
        #[command(flatten)]
        sample: SampleArgs,
        #[command(flatten)]
        terrain: TerrainArgs,
        /// Worker threads, at least 1 (each takes whole maps). Default: the machine's
        /// parallelism.
        #[arg(long, value_parser = at_least_one)]
        threads: Option<usize>,
        /// Mismatched lines to list per set.
        #[arg(long, default_value_t = 10)]
        show: usize,
        /// Check an incremental replanner instead (`lpa` or `dstar`): per scenario, solve, then
        /// toggle `--changes` seeded random cells on or next to the current path, replan after
        /// each and compare the cost with a fresh A* (`--alg` and `--threads` do not apply).
        #[arg(long, value_enum)]
        replan: Option<replan::ReplanAlg>,
        /// Wall toggles per scenario with `--replan`.
        #[arg(long, default_value_t = 10)]
        changes: usize,
        /// Seed of the `--replan` toggles.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Find one path and draw the map, the expanded cells (coloured by expansion order), the
    /// path, the start and the goal.
    ///
    /// `--swamp` and `--water` apply to a Moving AI `--map` only (an error otherwise). Every
    /// flag that does not apply is an input error naming it: on a `.3dmap`, `--svg`, `--ascii`,
    /// `--alg` other than astar, `--chunk`, `--smooth`, `--swamp`, `--water`; `--chunk` and
    /// `--smooth` without `--alg hpa`; `--scale` without a picture; `--ascii` with `--json`.
    /// Exit status: 0 found or no path, 1 an endpoint is outside or a wall (each named on
    /// stderr), 2 input error.
    Path {
        /// A Moving AI `.map` file, or a text picture (`.` open, `#` wall, `1`-`9` areas), or
        /// a Moving AI voxel `.3dmap` (then `--from`/`--to` are `x,y,z`; drawn as z-slices).
        /// Default: a bundled rooms-and-corridors map (64 x 48) drawn for this tool.
        #[arg(long)]
        map: Option<PathBuf>,
        #[command(flatten)]
        terrain: TerrainArgs,
        /// Start cell `x,y` (column, row from the top-left; default 3,3 on the bundled map).
        /// `x,y,z` for a `.3dmap`.
        #[arg(long, value_parser = voxel_path::parse_endpoint, allow_hyphen_values = true)]
        from: Option<voxel_path::Endpoint>,
        /// Goal cell `x,y` (default 58,43 on the bundled map).
        /// `x,y,z` for a `.3dmap`.
        #[arg(long, value_parser = voxel_path::parse_endpoint, allow_hyphen_values = true)]
        to: Option<voxel_path::Endpoint>,
        /// The algorithm.
        #[arg(long, value_enum, default_value = "astar")]
        alg: Alg,
        #[command(flatten)]
        hpa: HpaFlags,
        /// Write a PNG picture here.
        #[arg(long)]
        png: Option<PathBuf>,
        /// Write an SVG picture here.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Pixels per cell, 1..=64 (default: the longer side about 800 pixels, at most 16).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        scale: Option<u32>,
        /// Print a text picture (# wall, . open, o expanded, * path, S start, G goal).
        #[arg(long)]
        ascii: bool,
        /// Print a JSON summary instead of text (with the path as `cells`; on an input error
        /// `{"command": "path", "error": …}`).
        #[arg(long)]
        json: bool,
    },
    /// Compute one whole-map flow field towards the goals (eight-connected, no corner
    /// cutting, agent size 1) and draw it — the integration field as a colour ramp (yellow
    /// near a goal, blue far away, grey unreachable, red goals of at least 11 pixels) and the
    /// direction field as arrows (one per cell from 12 pixels per cell, else one per block of
    /// cells so each has 12 pixels of room) — or print it with `--json` as `{"width", "height",
    /// "cost", "next",
    /// "written"}`: `cost` row-major, `null` where unreachable, otherwise the exact double;
    /// `next` row-major, the cell index of the chosen next cell, -1 for goals and unreachable
    /// cells; `written` the files written.
    ///
    /// Exit status: 0 done, 1 a goal is outside the map or a wall (each named on stderr, no
    /// field computed), 2 input error (also `--scale` without `--png`).
    Flow {
        /// A Moving AI `.map` file, or a text picture (`.` open, `#` wall, `1`-`9` areas).
        /// Default: the bundled rooms-and-corridors map of `path`.
        #[arg(long)]
        map: Option<PathBuf>,
        #[command(flatten)]
        terrain: TerrainArgs,
        /// A goal cell `x,y` (repeat for several).
        #[arg(long = "goal", value_parser = path::parse_cell, allow_hyphen_values = true)]
        goals: Vec<onepath::Cell>,
        /// Write a PNG picture here.
        #[arg(long)]
        png: Option<PathBuf>,
        /// Pixels per cell, 1..=64 (default: the longer side about 800 pixels, at most 16).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        scale: Option<u32>,
        /// Print the field as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Bake a navigation mesh from a map (docs/navmesh.md) and draw it: the polygons filled,
    /// boundary edges dark, portals cyan, and with a query the corridor's polygons orange and
    /// the straight path through its waypoints.
    ///
    /// The mesh is `NavMesh::build_2d` with `--radius` and `--tile`; queries run between cell
    /// centres with one reused search of `--alg`: `corridor` (the default: `NavSearch`, the
    /// corridor search and funnel, fast but not always shortest) or `polyanya`
    /// (`PolyanyaSearch`, the exact shortest path; the path drawn is the funnel over its
    /// corridor, the length printed is Polyanya's). With `--scen`, every
    /// line of the scenario file runs on the map (a progress bar on stderr): at radius 0 each
    /// found path is checked with an exact legality test (no wall square entered, no squeeze
    /// between diagonal walls) and must not be longer than the published 8-connected optimum
    /// × (1 + 1e-9) plus half a unit of the last digit the file prints (it rounds); the mean
    /// length over that optimum is printed. Without `--map` the bundled
    /// map and the query 3,3 -> 58,43; with `--map` and no query only the mesh is drawn. A
    /// radius or tile size the bake refuses is an input error naming the value; `--scale`
    /// without a picture and `--line` beyond the file are input errors. Exit status: 0 done, 1
    /// an endpoint outside the map, on a wall or off the mesh (each named on stderr), or a
    /// `--scen` line failing its check, 2 input or output error.
    Navmesh(navmesh_cmd::NavmeshArgs),
    /// Time queries: map loading and preprocessing apart from search, warm-up first,
    /// one thread, every algorithm on the same lines.
    ///
    /// What is measured, per map: loading (read, parse, grid) once; per algorithm, its
    /// preprocessing (topology and search buffers; JPS's block or octile map, JPS+'s tables,
    /// built by `GridSearch::prepare`); then `--warmup` untimed queries; then one timed pass
    /// over every valid line (blocked endpoints, length-0 markers and size mismatches are
    /// skipped, as in `optima`). Each phase is timed as thread CPU time
    /// (CLOCK_THREAD_CPUTIME_ID: time descheduled on a busy machine is left out) and as wall
    /// time. `cpu µs/q` and `wall µs/q` are the timed pass divided by its queries (the clocks
    /// are read around the pass, not around each query); `mean exp` is expansions per query
    /// (jump points for jps, jps+, jps2 and jps2+); `ns/exp` and `vs 1st` use CPU time; `load ms` and
    /// `prep ms` are CPU time. Lengths are checked against the published ones afterwards,
    /// outside the timing. A mismatch is a real failure: no path, or a length the algorithm
    /// must not give (another than the published one; for theta and lazytheta a longer one;
    /// for hpa a shorter one). Any-angle paths shorter and HPA* paths longer than published are
    /// expected and counted in a note under the table (`shorter_than_published`,
    /// `longer_than_published` in JSON). Exit status: 0 no mismatch, 1 a mismatch (loose sets
    /// excepted), 2 input error.
    Bench {
        /// Scenario files, maps or folders, as for `optima`. Default: the shared data.
        paths: Vec<PathBuf>,
        /// Algorithms to time (repeat or comma-separate); ratios are against the first.
        #[arg(long, value_enum, value_delimiter = ',', default_value = "astar")]
        alg: Vec<Alg>,
        #[command(flatten)]
        sample: SampleArgs,
        #[command(flatten)]
        terrain: TerrainArgs,
        /// Untimed queries per map and algorithm before the timed pass.
        #[arg(long, default_value_t = 20)]
        warmup: usize,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Graph searches on a road graph: the four searches (Dijkstra, A*, bidirectional
    /// Dijkstra, bidirectional A*) with no estimate, landmarks, a geometric estimate (with
    /// positions) and both; expansions and µs per query over seeded random reachable pairs,
    /// every cost checked against Dijkstra (with `--map`, also the published optima). Exit
    /// status: 0 all agree, 1 a mismatch, 2 input error.
    ///
    /// The graph is `--gr` (with `--co` optional) or `--map`: exactly one is required, and
    /// without either the error names both.
    #[command(group(clap::ArgGroup::new("graph").required(true).args(["gr", "map"])))]
    Road {
        /// A DIMACS `.gr` graph.
        #[arg(long)]
        gr: Option<PathBuf>,
        /// The DIMACS `.co` coordinates of the `.gr` graph.
        #[arg(long, requires = "gr")]
        co: Option<PathBuf>,
        /// A Moving AI `.map` as a graph (its `.scen` beside it is checked too).
        #[arg(long)]
        map: Option<PathBuf>,
        /// Random reachable pairs (and scenario lines) to run.
        #[arg(long, default_value_t = 1000, value_parser = at_least_one)]
        queries: usize,
        /// Seed of the random pairs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Landmarks (Avoid selection, seed 1).
        #[arg(long, default_value_t = 16)]
        landmarks: u32,
    },
}

/// Sampling of each scenario file.
/// `--chunk N` and `--smooth 0|1` for `--alg hpa` (spec: grids.md, "HPA*").
#[derive(Args, Debug, Clone, Copy)]
struct HpaFlags {
    /// HPA* chunk side in cells, 1..=1024 (with `--alg hpa`).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=1024))]
    chunk: u32,
    /// HPA* smoothing, 0 or 1 (with `--alg hpa`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=1))]
    smooth: u8,
}

impl HpaFlags {
    /// Makes `--alg hpa` run with these flags, and returns them.
    fn apply(self) -> hpa_optima::HpaArgs {
        solver::HPA_CHUNK.store(self.chunk, std::sync::atomic::Ordering::Relaxed);
        solver::HPA_SMOOTH.store(self.smooth == 1, std::sync::atomic::Ordering::Relaxed);
        hpa_optima::HpaArgs {
            chunk: self.chunk,
            smooth: self.smooth == 1,
        }
    }
}

#[derive(Args, Debug, Clone, Copy)]
struct SampleArgs {
    /// Take every K-th line of each scenario file (the first, the (K+1)-th, ...); at least 1.
    #[arg(long, default_value_t = 1, value_parser = at_least_one)]
    every: usize,
    /// Start at line J of each scenario file (0-based) before taking every K-th: `--every K
    /// --offset J` for J = 0 … K−1 splits a long sweep into K disjoint parts that together
    /// cover every line; below --every.
    #[arg(long, default_value_t = 0)]
    offset: usize,
    /// Take at most N lines of each scenario file (after --every).
    #[arg(long)]
    limit: Option<usize>,
}

impl SampleArgs {
    fn sampling(self) -> Sampling {
        Sampling {
            every: self.every,
            offset: self.offset,
            limit: self.limit,
        }
    }

    /// The sampling, or the input-error exit when `--offset` is not below `--every` (parts
    /// J and J + K of a split would overlap).
    fn checked(self, command: &str, json: bool) -> Result<Sampling, ExitCode> {
        if self.offset < self.every {
            return Ok(self.sampling());
        }
        let message = format!(
            "--offset {} must be below --every {}: the parts --offset 0 to {} of --every {} \
             already cover every line",
            self.offset,
            self.every,
            self.every - 1,
            self.every
        );
        Err(exit(output::input_error(command, json, &message)))
    }
}

/// The flags of `optima` that were given but do not apply to this run, or `None`.
fn optima_refusals(
    given: Given<'_>,
    voxel: bool,
    alg: Alg,
    replan: Option<replan::ReplanAlg>,
    terrain: TerrainArgs,
) -> Option<String> {
    let mut no = NotApplying::default();
    let alg_flag = format!("--alg {}", alg.name());
    if voxel {
        let ctx = "to voxel scenarios (.3dscen)";
        no.check(
            given.has("alg") && alg != Alg::Astar,
            &alg_flag,
            ctx,
            "they are always checked with the 26-connected paged A*",
        );
        for (id, flag) in [("chunk", "--chunk"), ("smooth", "--smooth")] {
            no.check(
                given.has(id),
                flag,
                ctx,
                "it is an HPA* flag (--alg hpa on .map sets)",
            );
        }
        refuse_terrain(&mut no, terrain, ctx);
        no.check(
            replan.is_some(),
            "--replan",
            ctx,
            "replanning is checked on 2D maps only",
        );
    } else if replan.is_some() {
        let ctx = "with --replan";
        no.check(
            given.has("alg"),
            &alg_flag,
            ctx,
            "each replan is compared with a fresh A*",
        );
        no.check(
            given.has("threads"),
            "--threads",
            ctx,
            "the replanning check runs on one thread",
        );
        for (id, flag) in [("chunk", "--chunk"), ("smooth", "--smooth")] {
            no.check(given.has(id), flag, ctx, "it is an HPA* flag (--alg hpa)");
        }
    } else if alg != Alg::Hpa {
        refuse_hpa_flags(&mut no, given, &alg_flag);
    }
    if replan.is_none() {
        for (id, flag) in [("changes", "--changes"), ("seed", "--seed")] {
            no.check(
                given.has(id),
                flag,
                "without --replan",
                "it sets the wall toggles of the replanning check",
            );
        }
    }
    no.message()
}

/// Refuses `--swamp` / `--water` (letters of 2D Moving AI maps) `ctx`.
fn refuse_terrain(no: &mut NotApplying, terrain: TerrainArgs, ctx: &str) {
    no.check(
        terrain.swamp.is_some(),
        "--swamp",
        ctx,
        "swamp is a letter of 2D Moving AI maps",
    );
    no.check(
        terrain.water.is_some(),
        "--water",
        ctx,
        "water is a letter of 2D Moving AI maps",
    );
}

/// Refuses the HPA* flags `--chunk` / `--smooth` with another algorithm (`alg_flag`, as the
/// user spelled it).
fn refuse_hpa_flags(no: &mut NotApplying, given: Given<'_>, alg_flag: &str) {
    let ctx = format!("with {alg_flag}");
    no.check(
        given.has("chunk"),
        "--chunk",
        &ctx,
        "it sets the HPA* chunk side (--alg hpa)",
    );
    no.check(
        given.has("smooth"),
        "--smooth",
        &ctx,
        "it turns HPA* smoothing on or off (--alg hpa)",
    );
}

/// Which pictures and formats `path` was asked for.
#[derive(Clone, Copy)]
struct PathPictures<'a> {
    png: Option<&'a PathBuf>,
    svg: Option<&'a PathBuf>,
    ascii: bool,
    json: bool,
}

/// The flags of `path` that were given but do not apply to this map, or `None`.
fn path_refusals(
    given: Given<'_>,
    voxel: bool,
    alg: Alg,
    terrain: TerrainArgs,
    pictures: PathPictures<'_>,
) -> Option<String> {
    let mut no = NotApplying::default();
    if voxel {
        let ctx = "to a voxel map (.3dmap)";
        no.check(
            pictures.svg.is_some(),
            "--svg",
            ctx,
            "its picture is PNG z-slices only (--png)",
        );
        no.check(
            pictures.ascii,
            "--ascii",
            ctx,
            "there is no text picture of a voxel map (--png draws z-slices)",
        );
        no.check(
            alg != Alg::Astar,
            &format!("--alg {}", alg.name()),
            ctx,
            "the voxel path is always the 26-connected A*",
        );
        for (id, flag) in [("chunk", "--chunk"), ("smooth", "--smooth")] {
            no.check(given.has(id), flag, ctx, "it is an HPA* flag (--alg hpa)");
        }
        refuse_terrain(&mut no, terrain, ctx);
        no.check(
            given.has("scale") && pictures.png.is_none(),
            "--scale",
            "without --png",
            "it sets the pixels per voxel of the picture",
        );
    } else {
        no.check(
            alg.is_navmesh(),
            &format!("--alg {}", alg.name()),
            "with path",
            "`onepath navmesh` (with --alg corridor or polyanya) draws the mesh, its corridor \
             and its path",
        );
        if alg != Alg::Hpa {
            refuse_hpa_flags(&mut no, given, &format!("--alg {}", alg.name()));
        }
        no.check(
            given.has("scale") && pictures.png.is_none() && pictures.svg.is_none(),
            "--scale",
            "without --png or --svg",
            "it sets the pixels per cell of the picture",
        );
        no.check(
            pictures.ascii && pictures.json,
            "--ascii",
            "with --json",
            "the JSON carries the path as `cells` and has no text picture",
        );
    }
    no.message()
}

/// Parses a count that must be at least 1 (`--every`, `--threads`).
///
/// # Errors
///
/// A message saying what is wrong with `text`.
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_owned()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("not a whole number of at least 1 ({e})")),
    }
}

/// Output format.
#[derive(Args, Debug, Clone, Copy)]
struct OutputArgs {
    /// Print one JSON object instead of tables (on an input error
    /// `{"command": …, "error": …}`).
    #[arg(long)]
    json: bool,
    /// No progress bar (it is hidden anyway when stderr is not a terminal).
    #[arg(long, short)]
    quiet: bool,
}

/// The paths to read: the given ones, or the shared data; the exit code when there is none.
fn data_paths(paths: Vec<PathBuf>, command: &str, json: bool) -> Result<Vec<PathBuf>, ExitCode> {
    if !paths.is_empty() {
        return Ok(paths);
    }
    scenarios::default_paths().ok_or_else(|| {
        let message = format!(
            "no paths given and no shared data found (../shared/data/movingai next to the \
             repository, or set {})",
            onepath_std::data::DATA_ENV
        );
        exit(output::input_error(command, json, &message))
    })
}

fn exit(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}

/// The parsed command line and clap's matches (which tell a flag given from one left at its
/// default), or the exit code after clap's help, version or usage error. Help and version go
/// to stdout, through the same rules as every other output (see `output`).
fn parse() -> Result<(Cli, ArgMatches), ExitCode> {
    let mut command = Cli::command();
    command
        .try_get_matches_from_mut(std::env::args_os())
        .and_then(|m| {
            Cli::from_arg_matches(&m)
                .map(|cli| (cli, m))
                .map_err(|e| e.format(&mut command))
        })
        .map_err(|e| {
            let code = e.exit_code();
            let printed = e.print();
            if e.use_stderr() {
                exit(code)
            } else {
                exit(output::status(code, printed.map_err(Into::into)))
            }
        })
}

fn main() -> ExitCode {
    let (cli, matches) = match parse() {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    let given = Given::new(matches.subcommand().map(|(_, m)| m));
    match cli.command {
        Command::Optima {
            paths,
            alg,
            hpa,
            sample,
            terrain,
            threads,
            show,
            replan,
            changes,
            seed,
            output,
        } => {
            let threads = threads.unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, core::num::NonZero::get)
            });
            let sampling = match sample.checked("optima", output.json) {
                Ok(s) => s,
                Err(code) => return code,
            };
            let voxel = voxel_optima::applies(&paths);
            if let Some(message) = optima_refusals(given, voxel, alg, replan, terrain) {
                return exit(output::input_error("optima", output.json, &message));
            }
            if voxel {
                return exit(voxel_optima::run(&voxel_optima::VoxelOptimaArgs {
                    paths,
                    sampling,
                    threads,
                    json: output.json,
                    show,
                }));
            }
            let paths = match data_paths(paths, "optima", output.json) {
                Ok(p) => p,
                Err(code) => return code,
            };
            if let Some(alg) = replan {
                return exit(replan::run(&replan::ReplanArgs {
                    paths,
                    alg,
                    sampling,
                    terrain: terrain.options(),
                    changes,
                    seed,
                    json: output.json,
                    show,
                }));
            }
            let args = optima::OptimaArgs {
                paths,
                alg,
                sampling,
                terrain: terrain.options(),
                threads,
                json: output.json,
                quiet: output.quiet,
                show,
            };
            let hpa = hpa.apply();
            if alg == Alg::Hpa {
                exit(hpa_optima::run(&args, hpa))
            } else {
                exit(optima::run(&args))
            }
        }
        Command::Path {
            map,
            terrain,
            from,
            to,
            alg,
            hpa,
            png,
            svg,
            scale,
            ascii,
            json,
        } => {
            let voxel = voxel_path::applies(map.as_ref());
            let pictures = PathPictures {
                png: png.as_ref(),
                svg: svg.as_ref(),
                ascii,
                json,
            };
            if let Some(message) = path_refusals(given, voxel, alg, terrain, pictures) {
                return exit(output::input_error("path", json, &message));
            }
            if voxel {
                return exit(voxel_path::run(&voxel_path::VoxelPathArgs {
                    map: map.unwrap_or_default(),
                    from,
                    to,
                    png,
                    scale,
                    json,
                }));
            }
            let cell = |e: Option<voxel_path::Endpoint>| match e {
                None => Ok(None),
                Some(voxel_path::Endpoint::Cell(c)) => Ok(Some(c)),
                Some(voxel_path::Endpoint::Voxel(v)) => Err(format!(
                    "`{},{},{}` is a voxel; x,y,z applies to .3dmap maps only",
                    v.x, v.y, v.z
                )),
            };
            let (from, to) = match (cell(from), cell(to)) {
                (Ok(f), Ok(t)) => (f, t),
                (Err(e), _) | (_, Err(e)) => return exit(output::input_error("path", json, &e)),
            };
            hpa.apply();
            exit(path::run(&path::PathArgs {
                map,
                terrain,
                from,
                to,
                alg,
                png,
                svg,
                scale,
                ascii,
                json,
            }))
        }
        Command::Flow {
            map,
            terrain,
            goals,
            png,
            scale,
            json,
        } => {
            let mut no = NotApplying::default();
            no.check(
                given.has("scale") && png.is_none(),
                "--scale",
                "without --png",
                "it sets the pixels per cell of the picture",
            );
            if let Some(message) = no.message() {
                return exit(output::input_error("flow", json, &message));
            }
            exit(flow::run(&flow::FlowArgs {
                map,
                terrain,
                goals,
                png,
                scale,
                json,
            }))
        }
        Command::Navmesh(args) => {
            let mut no = NotApplying::default();
            no.check(
                given.has("scale") && args.png.is_none() && args.svg.is_none(),
                "--scale",
                "without --png or --svg",
                "it sets the pixels per cell of the picture",
            );
            if let Some(message) = no.message() {
                return exit(output::input_error("navmesh", false, &message));
            }
            exit(navmesh_cmd::run(&args))
        }
        Command::Bench {
            paths,
            alg,
            sample,
            terrain,
            warmup,
            output,
        } => {
            let sampling = match sample.checked("bench", output.json) {
                Ok(s) => s,
                Err(code) => return code,
            };
            let paths = match data_paths(paths, "bench", output.json) {
                Ok(p) => p,
                Err(code) => return code,
            };
            exit(bench::run(&bench::BenchArgs {
                paths,
                algs: alg,
                sampling,
                terrain: terrain.options(),
                warmup,
                json: output.json,
                quiet: output.quiet,
            }))
        }
        Command::Road {
            gr,
            co,
            map,
            queries,
            seed,
            landmarks,
        } => exit(road::run(&road::RoadArgs {
            gr,
            co,
            map,
            queries,
            seed,
            landmarks,
        })),
    }
}
