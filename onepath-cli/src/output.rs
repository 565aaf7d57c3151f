//! Every byte the CLI prints goes through here, so a closed or full stdout or stderr is an exit
//! status, never a panic (`println!` and `eprintln!` panic when the write fails).
//!
//! - stdout is written with [`outln!`] / [`out!`], which return a [`StdoutError`] instead of
//!   panicking, and is flushed after every call so the error shows where it happens (not in an
//!   unchecked flush at exit).
//! - A closed stdout (`onepath optima | head -1`: the reader has what it wanted) stops the
//!   output without a word, and the command exits with the status it has anyway (0 pass or
//!   found, 1 mismatch or invalid endpoint, 2 input error), as if every line had been read.
//!   The conventional alternative, death by SIGPIPE (status 141 in a shell), would hide a
//!   failed `optima` run behind `| head`.
//! - Any other write error (a full disk, `/dev/full`): `error: stdout: <cause>` on stderr and
//!   status 2, whatever the command found.
//! - stderr is written with [`errln!`], which ignores a failed write: there is nowhere left to
//!   report it, and the exit status still tells.

use std::fmt;
use std::io::{self, Write};

use serde_json::json;

/// A write to stdout that failed.
#[derive(Debug)]
pub struct StdoutError(io::Error);

impl StdoutError {
    /// Whether the reader closed the pipe (the quiet case).
    fn is_closed_pipe(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

impl fmt::Display for StdoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<io::Error> for StdoutError {
    fn from(e: io::Error) -> Self {
        Self(e)
    }
}

/// Writes `args` to stdout and flushes.
///
/// # Errors
///
/// The write or flush error.
pub fn stdout(args: fmt::Arguments<'_>) -> Result<(), StdoutError> {
    let mut out = io::stdout().lock();
    out.write_fmt(args)?;
    out.flush()?;
    Ok(())
}

/// Writes `args` to stderr, ignoring a failure (see the module docs).
pub fn stderr(args: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.flush());
}

/// `print!` that returns `Result<(), StdoutError>` instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::stdout(format_args!($($arg)*))
    };
}

/// `println!` that returns `Result<(), StdoutError>` instead of panicking.
macro_rules! outln {
    () => {
        $crate::output::stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` that ignores a failed write instead of panicking.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::output::stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {errln, out, outln};

/// The exit status of a command that decided on `code` and then printed with `printed`: `code`
/// when everything was written or the reader closed the pipe; 2 (after
/// `error: stdout: <cause>` on stderr) on any other write error.
pub fn status(code: i32, printed: Result<(), StdoutError>) -> i32 {
    match printed {
        Ok(()) => code,
        Err(e) if e.is_closed_pipe() => code,
        Err(e) => {
            errln!("error: stdout: {e}");
            2
        }
    }
}

/// Reports an input error of `command`: `error: <message>` on stderr and, with `--json`,
/// `{"command": <command>, "error": <message>}` on stdout, so a reader of the JSON learns
/// why there is no report. Returns the exit status (2, or 2 after a stdout error).
pub fn input_error(command: &str, json: bool, message: &str) -> i32 {
    failure(command, json, message, 2)
}

/// Reports a failure of `command` that exits with `code` (`flow` with a goal outside the map
/// or on a wall: 1) the way [`input_error`] reports an input error.
pub fn failure(command: &str, json: bool, message: &str, code: i32) -> i32 {
    errln!("error: {message}");
    if json {
        status(
            code,
            outln!("{}", json!({ "command": command, "error": message })),
        )
    } else {
        code
    }
}
