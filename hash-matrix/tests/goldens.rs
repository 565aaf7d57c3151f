//! The committed goldens hold in this build (`cargo test` runs in debug, `cargo test
//! --release` in release), and the matrix's own invariants hold: unique names, sliced runs
//! equal to unsliced ones, a golden file per family.

use core::fmt::Write as _;

use hash_matrix::golden;
use hash_matrix::record::Body;
use hash_matrix::registry::twin_violations;
use hash_matrix::{FAMILIES, Record};

/// Every family's records, computed once for all tests of this file.
fn family_records() -> &'static [Vec<Record>] {
    static RECORDS: std::sync::OnceLock<Vec<Vec<Record>>> = std::sync::OnceLock::new();
    RECORDS.get_or_init(|| FAMILIES.iter().map(|f| f.records("")).collect())
}

fn all_records() -> Vec<Record> {
    family_records().iter().flatten().cloned().collect()
}

#[test]
fn goldens_match() {
    let dir = golden::dir();
    let mut report = String::new();
    for (f, records) in FAMILIES.iter().zip(family_records()) {
        let path = dir.join(f.golden);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run `cargo run -p hash-matrix -- bless`)",
                path.display()
            )
        });
        let actual: Vec<String> = records.iter().map(Record::line).collect();
        let cmp = golden::compare(&golden::parse(&text), &actual);
        if !cmp.is_clean() {
            let _ = write!(report, "{}:\n{}", path.display(), cmp.render(12));
        }
    }
    assert!(
        report.is_empty(),
        "records differ from the goldens:\n{report}"
    );
}

#[test]
fn sliced_runs_equal_unsliced_runs() {
    let records = all_records();
    let violations = twin_violations(&records);
    assert!(violations.is_empty(), "{}", violations.join("\n"));
    // And explicitly: every sliced record (tier-2 AStar stepped with budgets 1, 7 or 50) has
    // the line of its unsliced tier-1 twin, status through path digest.
    let mut sliced = 0;
    for r in &records {
        let Some(twin) = &r.twin else { continue };
        let t = records
            .iter()
            .find(|t| &t.name == twin)
            .expect("twin exists");
        assert_eq!(r.fields(), t.fields(), "{} vs {}", r.name, t.name);
        if r.name.contains("~slice") {
            sliced += 1;
        }
    }
    for budget in [1, 7, 50] {
        let tag = format!("~slice{budget}/");
        assert!(
            records.iter().any(|r| r.name.contains(&tag)),
            "no record sliced with budget {budget}"
        );
    }
    assert!(sliced >= 100, "only {sliced} sliced records");
}

#[test]
fn names_are_unique_and_prefixed() {
    let records = all_records();
    assert!(golden::duplicate_names(&records).is_empty());
    for f in FAMILIES {
        for s in (f.scenarios)() {
            assert!(s.name.starts_with(&format!("{}/", f.name)), "{}", s.name);
        }
    }
    for r in &records {
        assert!(!r.name.contains(char::is_whitespace), "{}", r.name);
    }
}

#[test]
fn the_matrix_covers_what_it_promises() {
    let records = all_records();
    let lines: Vec<String> = records.iter().map(Record::line).collect();
    for status in [
        "Found",
        "NoPath",
        "StartInvalid",
        "GoalInvalid",
        "BudgetExhausted",
    ] {
        let tag = format!(" status={status} ");
        assert!(lines.iter().any(|l| l.contains(&tag)), "no {status} record");
    }
    let maps: Vec<_> = records
        .iter()
        .filter_map(|r| match r.body {
            Body::Map(m) => Some(m),
            Body::Query(_) => None,
        })
        .collect();
    assert!(
        maps.iter().any(|m| m.width > 64),
        "no map wider than 64 cells"
    );
    assert!(
        maps.iter().any(|m| m.width % 2 == 1 && m.height % 2 == 1),
        "no map with odd sides"
    );
    for tag in [
        "/8ncc/",
        "/8nsq/",
        "/8all/",
        "/4/",
        "/a2/",
        "/a3/",
        "/w1.5/",
        "/w0/",
        "/zero/",
        "/b1/",
        "/hooks/",
        "grids/hex/pointy-odd/",
        "grids/hex/pointy-even/",
        "grids/hex/flat-odd/",
        "grids/hex/flat-even/",
    ] {
        assert!(
            lines.iter().any(|l| l.contains(tag)),
            "no record with {tag}"
        );
    }
    // A few hundred records: enough to cover, quick to run and to review.
    assert!(
        (300..=1500).contains(&records.len()),
        "{} records",
        records.len()
    );
}
