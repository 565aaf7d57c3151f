//! The command line: `check`, `bless`, `list`, `print`.

use core::fmt::Write as _;

use crate::families::FAMILIES;
use crate::golden;
use crate::record::Record;
use crate::registry::{Family, overlaps, twin_violations};

/// Exit code: every record matched.
pub const EXIT_OK: i32 = 0;
/// Exit code: differences (or a broken invariant such as sliced ≠ unsliced).
pub const EXIT_DIFF: i32 = 1;
/// Exit code: bad usage or an unreadable/unwritable golden file.
pub const EXIT_USAGE: i32 = 2;

const USAGE: &str = "\
usage: hash-matrix <command> [PREFIX] [--all]

  check [PREFIX]  run the scenarios and compare their records with golden/*.txt;
                  prints the first differences and exits 1 if any record differs
  bless [FAMILY]  run the scenarios and rewrite the golden files (all, or the families
                  whose name starts with FAMILY); review the diff before committing
  list  [PREFIX]  list the scenarios
  print [PREFIX]  print the records

  PREFIX          a record-name prefix, e.g. grids/astar or grids/hex/flat-odd
  --all           show every difference (default: the first 12 of each kind)

The golden directory is hash-matrix/golden of the source tree, or $HASH_MATRIX_GOLDEN_DIR.
";

/// Runs the command line `args` (without the program name), writing to `out`; returns the
/// exit code.
pub fn run(args: &[String], out: &mut String) -> i32 {
    let mut positional = Vec::new();
    let mut all = false;
    for a in args {
        match a.as_str() {
            "--all" => all = true,
            "-h" | "--help" => {
                out.push_str(USAGE);
                return EXIT_OK;
            }
            s if s.starts_with('-') => {
                let _ = write!(out, "unknown option {s}\n\n{USAGE}");
                return EXIT_USAGE;
            }
            s => positional.push(s),
        }
    }
    let (command, prefix) = match positional.as_slice() {
        [c] => (*c, ""),
        [c, p] => (*c, *p),
        _ => {
            out.push_str(USAGE);
            return EXIT_USAGE;
        }
    };
    match command {
        "check" => check(prefix, if all { usize::MAX } else { 12 }, out),
        "bless" => bless(prefix, out),
        "list" => list(prefix, out),
        "print" => print(prefix, out),
        other => {
            let _ = write!(out, "unknown command {other}\n\n{USAGE}");
            EXIT_USAGE
        }
    }
}

fn families(prefix: &str) -> Vec<&'static Family> {
    FAMILIES
        .iter()
        .filter(|f| overlaps(f.name, prefix))
        .collect()
}

fn build_label() -> String {
    format!(
        "{} build, {}-{}",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        std::env::consts::ARCH,
        std::env::consts::OS
    )
}

/// Runs a family's scenarios for `prefix`; returns the records with that prefix and the twin
/// violations of the scenarios that ran.
fn produce(f: &Family, prefix: &str) -> (Vec<Record>, Vec<String>) {
    let all = f.records(prefix);
    let violations = twin_violations(&all);
    let records = all
        .into_iter()
        .filter(|r| r.name.starts_with(prefix))
        .collect();
    (records, violations)
}

fn check(prefix: &str, limit: usize, out: &mut String) -> i32 {
    let fams = families(prefix);
    if fams.is_empty() {
        let _ = writeln!(out, "no family matches {prefix:?}");
        return EXIT_USAGE;
    }
    let dir = golden::dir();
    let _ = writeln!(
        out,
        "hash-matrix check ({}), goldens in {}",
        build_label(),
        dir.display()
    );
    let (mut total, mut differing, mut broken) = (0usize, 0usize, 0usize);
    for f in fams {
        let path = dir.join(f.golden);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => {
                let _ = writeln!(out, "cannot read {}: {e}", path.display());
                return EXIT_USAGE;
            }
        };
        let expected: Vec<String> = golden::parse(&text)
            .into_iter()
            .filter(|l| l.starts_with(prefix))
            .collect();
        let (records, violations) = produce(f, prefix);
        let actual: Vec<String> = records.iter().map(Record::line).collect();
        let cmp = golden::compare(&expected, &actual);
        total += actual.len();
        differing += cmp.count();
        let dups = golden::duplicate_names(&records);
        broken += violations.len() + dups.len();
        let status = if cmp.is_clean() {
            "ok".to_owned()
        } else {
            format!("{} DIFFER", cmp.count())
        };
        let _ = writeln!(
            out,
            "  {:<12} {:>5} records  {status}",
            f.name,
            actual.len()
        );
        if text.is_empty() {
            let _ = writeln!(out, "  (no golden file {}: run bless)", path.display());
        }
        if !cmp.is_clean() {
            let _ = writeln!(out, "\n--- {} vs produced records", path.display());
            out.push_str(&cmp.render(limit));
            out.push('\n');
        }
        for v in violations.iter().take(limit) {
            let _ = writeln!(out, "TWIN MISMATCH {v}");
        }
        for d in dups.iter().take(limit) {
            let _ = writeln!(out, "DUPLICATE NAME {d}");
        }
    }
    if differing == 0 && broken == 0 {
        let _ = writeln!(out, "ok: {total} records match the goldens");
        EXIT_OK
    } else {
        if differing > 0 {
            let _ = writeln!(
                out,
                "FAILED: {differing} of {total} records differ from the goldens.\n\
                 If the change is intended, review it, run `cargo run -p hash-matrix -- bless`\n\
                 and give the reason in the commit message."
            );
        }
        if broken > 0 {
            let _ = writeln!(
                out,
                "FAILED: {broken} broken invariants (twin mismatches or duplicate names); \
                 bless cannot fix these."
            );
        }
        EXIT_DIFF
    }
}

fn bless(prefix: &str, out: &mut String) -> i32 {
    let fams: Vec<&Family> = FAMILIES
        .iter()
        .filter(|f| f.name.starts_with(prefix))
        .collect();
    if fams.is_empty() {
        let _ = writeln!(
            out,
            "bless rewrites whole families: give a family name or a prefix of one \
             ({}), not {prefix:?}",
            FAMILIES
                .iter()
                .map(|f| f.name)
                .collect::<Vec<_>>()
                .join(", ")
        );
        return EXIT_USAGE;
    }
    let dir = golden::dir();
    if let Err(e) = std::fs::create_dir_all(&dir) {
        let _ = writeln!(out, "cannot create {}: {e}", dir.display());
        return EXIT_USAGE;
    }
    for f in fams {
        let (records, violations) = produce(f, "");
        let dups = golden::duplicate_names(&records);
        if !violations.is_empty() || !dups.is_empty() {
            for v in violations.iter().chain(&dups) {
                let _ = writeln!(out, "REFUSED {v}");
            }
            let _ = writeln!(
                out,
                "not blessing {}: broken invariants must be fixed, not recorded",
                f.name
            );
            return EXIT_DIFF;
        }
        let path = dir.join(f.golden);
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        let cmp = golden::compare(
            &golden::parse(&old),
            &records.iter().map(Record::line).collect::<Vec<_>>(),
        );
        if let Err(e) = std::fs::write(&path, golden::render(f, &records)) {
            let _ = writeln!(out, "cannot write {}: {e}", path.display());
            return EXIT_USAGE;
        }
        let _ = writeln!(
            out,
            "blessed {} ({} records; {} changed, {} removed, {} new)",
            path.display(),
            records.len(),
            cmp.changed.len(),
            cmp.missing.len(),
            cmp.added.len()
        );
    }
    EXIT_OK
}

fn list(prefix: &str, out: &mut String) -> i32 {
    for f in families(prefix) {
        let _ = writeln!(out, "{}  (golden/{})", f.name, f.golden);
        for s in (f.scenarios)() {
            if overlaps(&s.name, prefix) {
                let _ = writeln!(out, "  {:<44} {}", s.name, s.about);
            }
        }
    }
    EXIT_OK
}

fn print(prefix: &str, out: &mut String) -> i32 {
    for f in families(prefix) {
        let (records, _) = produce(f, prefix);
        for r in records {
            out.push_str(&r.line());
            out.push('\n');
        }
    }
    EXIT_OK
}
