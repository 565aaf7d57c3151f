//! Flags that were given but do not apply (issue 28, item 14): `path --map X.3dmap --svg f.svg`
//! used to exit 0 with no file and no word. Every such flag is now an input error that names it
//! and says why, before anything is read or searched.
//!
//! Whether a flag was given is clap's value source: a flag left at its default (`--chunk 16`,
//! `--alg astar`) was not given, so defaults never trip a refusal.

use clap::ArgMatches;
use clap::parser::ValueSource;

/// The flags given on one subcommand's command line.
#[derive(Clone, Copy)]
pub struct Given<'a>(Option<&'a ArgMatches>);

impl<'a> Given<'a> {
    /// The given flags of `matches` (a subcommand's matches).
    pub fn new(matches: Option<&'a ArgMatches>) -> Self {
        Self(matches)
    }

    /// Whether the argument with clap id `id` (the field name) was given on the command line.
    pub fn has(self, id: &str) -> bool {
        self.0.is_some_and(|m| {
            m.try_get_raw(id).is_ok() && m.value_source(id) == Some(ValueSource::CommandLine)
        })
    }
}

/// Collects the given flags that do not apply, each with its reason.
#[derive(Default)]
pub struct NotApplying {
    refused: Vec<String>,
}

impl NotApplying {
    /// Refuses `flag` (as the user spells it, with its value where that matters) when `given`,
    /// saying it does not apply `context` because `why`.
    pub fn check(&mut self, given: bool, flag: &str, context: &str, why: &str) {
        if given {
            self.refused
                .push(format!("{flag} does not apply {context}: {why}"));
        }
    }

    /// The message naming every refused flag, or `None` when all apply.
    pub fn message(self) -> Option<String> {
        (!self.refused.is_empty()).then(|| self.refused.join("; "))
    }
}
