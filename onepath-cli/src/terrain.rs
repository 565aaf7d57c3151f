//! `--swamp` and `--water`: whether the Moving AI letters `S` and `W` are walkable, for every
//! command that reads `.map` files.

use clap::{Args, ValueEnum};
use onepath_std::movingai::MovingAiOptions;

/// Whether a terrain letter can be walked on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Passability {
    /// The letter is open ground (cost 1 and √2 like `.`).
    Walkable,
    /// The letter is a wall.
    Blocked,
}

impl Passability {
    fn walkable(self) -> bool {
        self == Self::Walkable
    }

    fn name(walkable: bool) -> &'static str {
        if walkable { "walkable" } else { "blocked" }
    }
}

/// The terrain flags, shared by `optima`, `path` and `bench`.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct TerrainArgs {
    /// Whether `S` (swamp) cells of Moving AI maps are walkable [default: walkable]. The
    /// published optimal lengths assume the default.
    #[arg(long, value_enum, value_name = "walkable|blocked")]
    pub swamp: Option<Passability>,
    /// Whether `W` (water) cells of Moving AI maps are walkable [default: blocked]. The
    /// published optimal lengths assume the default.
    #[arg(long, value_enum, value_name = "walkable|blocked")]
    pub water: Option<Passability>,
}

impl TerrainArgs {
    /// The parser options these flags ask for (the benchmark's defaults where not given).
    pub fn options(self) -> MovingAiOptions {
        let d = MovingAiOptions::DEFAULT;
        d.with_swamp_walkable(self.swamp.map_or(d.swamp_walkable, Passability::walkable))
            .with_water_walkable(self.water.map_or(d.water_walkable, Passability::walkable))
    }

    /// Whether either flag was given.
    pub fn given(self) -> bool {
        self.swamp.is_some() || self.water.is_some()
    }
}

/// `S walkable, W blocked` (for text output).
pub fn describe(o: &MovingAiOptions) -> String {
    format!(
        "S {}, W {}",
        Passability::name(o.swamp_walkable),
        Passability::name(o.water_walkable)
    )
}

/// `{"swamp": "walkable", "water": "blocked"}` (for JSON output).
pub fn to_json(o: &MovingAiOptions) -> serde_json::Value {
    serde_json::json!({
        "swamp": Passability::name(o.swamp_walkable),
        "water": Passability::name(o.water_walkable),
    })
}
