//! A closed or full stdout is an exit status, never a panic (issue 14: `onepath path --ascii |
//! head -1` and `onepath path --json > /dev/full` exited 101 with a backtrace).
//!
//! A closed pipe: no output on stderr, and the status the command has anyway (0 found or pass,
//! 1 mismatch or invalid endpoint). Any other write error: `error: stdout: <cause>` and 2.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `onepath args…` with stdout the write end of a pipe whose read end is already closed,
/// so every write to stdout fails with a broken pipe (as after `| head -1` has read its line).
fn with_closed_stdout(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_onepath"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Runs `onepath args…` with stdout `/dev/full` (every write fails with "no space left").
#[cfg(target_os = "linux")]
fn with_full_stdout(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onepath"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(
            fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

const MAP: &str = "type octile\nheight 4\nwidth 5\nmap\n.....\n.@@@.\n.....\n.....\n";

/// A set folder `mini/` with one map and one scenario line of the given published length.
fn write_set(root: &Path, length: &str) -> String {
    let dir = root.join("mini");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("tiny.map"), MAP).unwrap();
    fs::write(
        dir.join("tiny.map.scen"),
        format!("version 1\n0\ttiny.map\t5\t4\t0\t0\t4\t0\t{length}\n"),
    )
    .unwrap();
    root.display().to_string()
}

#[test]
fn a_closed_pipe_ends_the_output_quietly_with_the_commands_own_status() {
    let dir = tempfile::tempdir().unwrap();
    let pass = write_set(dir.path(), "4");
    let fail_dir = tempfile::tempdir().unwrap();
    let fail = write_set(fail_dir.path(), "4.5");
    for (args, code) in [
        (&["path", "--ascii"][..], 0),
        (&["path", "--json"][..], 0),
        (&["path", "--from", "2,0"][..], 1), // inside the outer wall: StartInvalid
        (&["optima", &pass, "-q"][..], 0),
        (&["optima", &pass, "--json"][..], 0),
        (&["optima", &fail, "-q"][..], 1),
        (&["bench", &pass, "-q", "--warmup", "0"][..], 0),
        (&["--help"][..], 0),
    ] {
        let out = with_closed_stdout(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        if code == 0 {
            assert_eq!(err, "", "{args:?}");
        }
    }
    // The invalid endpoint is still reported on stderr.
    let err = stderr(&with_closed_stdout(&["path", "--from", "2,0"]));
    assert!(err.contains("StartInvalid"), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_an_error_with_status_2() {
    let dir = tempfile::tempdir().unwrap();
    let set = write_set(dir.path(), "4");
    for args in [
        &["path", "--json"][..],
        &["path", "--ascii"][..],
        &["optima", &set, "-q"][..],
        &["optima", &set, "--json"][..],
        &["bench", &set, "--json", "--warmup", "0"][..],
        &["--help"][..],
        &["optima", "--json", "/no/such/folder"][..], // the JSON error object itself
    ] {
        let out = with_full_stdout(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("error: stdout: No space left on device"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
