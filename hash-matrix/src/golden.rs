//! Golden files: where they live, how they are written, and the readable diff.
//!
//! A golden file is the family's records, one line each (see [`crate::record`]), in run order,
//! after a few `#` comment lines. Comparison is by record name; a line that moved but did not
//! change is not a difference.

use core::fmt::Write as _;
use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::record::{Record, parse_line};
use crate::registry::Family;

/// The environment variable that overrides the golden directory.
pub const DIR_ENV: &str = "HASH_MATRIX_GOLDEN_DIR";

/// `$HASH_MATRIX_GOLDEN_DIR`, else `hash-matrix/golden` of the source tree this binary was
/// built from.
pub fn dir() -> PathBuf {
    std::env::var_os(DIR_ENV).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("golden"),
        PathBuf::from,
    )
}

/// The text of a family's golden file.
pub fn render(family: &Family, records: &[Record]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# hash-matrix goldens of {} ({} records).",
        family.name,
        records.len()
    );
    s.push_str(
        "# Line: <name> <key=value fields>; format in hash-matrix/src/record.rs.\n\
         # Written by `cargo run -p hash-matrix -- bless`: a change here is a reviewed change\n\
         # whose reason goes in the commit message.\n",
    );
    for r in records {
        s.push_str(&r.line());
        s.push('\n');
    }
    s
}

/// The record lines of a golden file (comments and blank lines dropped).
pub fn parse(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// The differences between golden and produced lines.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Records present in both with different fields: `(golden line, produced line)`.
    pub changed: Vec<(String, String)>,
    /// Golden records not produced.
    pub missing: Vec<String>,
    /// Produced records not in the golden file.
    pub added: Vec<String>,
    /// Records compared.
    pub compared: usize,
}

impl Comparison {
    /// Whether everything matched.
    pub fn is_clean(&self) -> bool {
        self.changed.is_empty() && self.missing.is_empty() && self.added.is_empty()
    }

    /// Number of differing records.
    pub fn count(&self) -> usize {
        self.changed.len() + self.missing.len() + self.added.len()
    }

    /// The readable diff: the first `limit` differences of each kind, each changed record
    /// with both lines and its changed fields spelled out (costs also as decimals).
    pub fn render(&self, limit: usize) -> String {
        let mut s = String::new();
        for (g, a) in self.changed.iter().take(limit) {
            let (name, gf) = parse_line(g);
            let (_, af) = parse_line(a);
            let _ = writeln!(s, "changed  {name}");
            let _ = writeln!(s, "  - golden: {}", g.split_once(' ').map_or("", |p| p.1));
            let _ = writeln!(s, "  + actual: {}", a.split_once(' ').map_or("", |p| p.1));
            let _ = writeln!(s, "    fields: {}", field_changes(&gf, &af));
        }
        if self.changed.len() > limit {
            let _ = writeln!(
                s,
                "  … and {} more changed records",
                self.changed.len() - limit
            );
        }
        for (label, lines) in [("missing", &self.missing), ("new    ", &self.added)] {
            for l in lines.iter().take(limit) {
                let _ = writeln!(s, "{label}  {l}");
            }
            if lines.len() > limit {
                let _ = writeln!(s, "  … and {} more {}", lines.len() - limit, label.trim());
            }
        }
        s
    }
}

/// `cost 0x… (12.5) -> 0x… (13), it 40 -> 42` for the fields that differ.
fn field_changes(golden: &[(&str, &str)], actual: &[(&str, &str)]) -> String {
    let g: BTreeMap<&str, &str> = golden.iter().copied().collect();
    let a: BTreeMap<&str, &str> = actual.iter().copied().collect();
    let mut keys: Vec<&str> = golden.iter().map(|f| f.0).collect();
    keys.extend(actual.iter().map(|f| f.0).filter(|k| !g.contains_key(k)));
    let mut parts = Vec::new();
    for k in keys {
        let (gv, av) = (g.get(k).copied(), a.get(k).copied());
        if gv == av {
            continue;
        }
        let show = |v: Option<&str>| match v {
            None => "(absent)".to_owned(),
            Some(v) if k == "cost" => format!("{v} ({})", decode_cost(v)),
            Some(v) => v.to_owned(),
        };
        parts.push(format!("{k} {} -> {}", show(gv), show(av)));
    }
    if parts.is_empty() {
        "(order or spacing only)".into()
    } else {
        parts.join(", ")
    }
}

/// `0x4024000000000000` → `10`.
fn decode_cost(v: &str) -> String {
    v.strip_prefix("0x")
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .map_or_else(|| "?".into(), |b| format!("{}", f64::from_bits(b)))
}

/// Compares golden lines with produced lines, by record name.
pub fn compare(golden: &[String], actual: &[String]) -> Comparison {
    let name = |l: &String| l.split_once(' ').map_or(l.clone(), |p| p.0.to_owned());
    let a_by: BTreeMap<String, &String> = actual.iter().map(|l| (name(l), l)).collect();
    let g_by: BTreeMap<String, &String> = golden.iter().map(|l| (name(l), l)).collect();
    let mut c = Comparison::default();
    for g in golden {
        match a_by.get(&name(g)) {
            None => c.missing.push(g.clone()),
            Some(a) => {
                c.compared += 1;
                if *a != g {
                    c.changed.push((g.clone(), (*a).clone()));
                }
            }
        }
    }
    for a in actual {
        if !g_by.contains_key(&name(a)) {
            c.added.push(a.clone());
        }
    }
    c
}

/// Record names that occur more than once.
pub fn duplicate_names(records: &[Record]) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    records
        .iter()
        .filter(|r| !seen.insert(r.name.as_str()))
        .map(|r| r.name.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_names_the_changed_fields() {
        let g = vec![
            "a/1 status=Found cost=0x4024000000000000 it=5 exp=4 len=3 path=0x1".to_owned(),
            "a/2 status=NoPath cost=0x7ff0000000000000 it=9 exp=9 len=0 path=0x2".to_owned(),
            "a/3 status=Found cost=0x3ff0000000000000 it=1 exp=0 len=1 path=0x3".to_owned(),
        ];
        let a = vec![
            "a/1 status=Found cost=0x4025000000000000 it=6 exp=5 len=3 path=0x1".to_owned(),
            "a/3 status=Found cost=0x3ff0000000000000 it=1 exp=0 len=1 path=0x3".to_owned(),
            "a/4 status=Found cost=0x3ff0000000000000 it=1 exp=0 len=1 path=0x3".to_owned(),
        ];
        let c = compare(&g, &a);
        assert_eq!(c.count(), 3);
        assert_eq!(c.compared, 2);
        let text = c.render(10);
        assert!(
            text.contains(
                "fields: cost 0x4024000000000000 (10) -> 0x4025000000000000 (10.5), it 5 -> 6, exp 4 -> 5"
            ),
            "{text}"
        );
        assert!(text.contains("missing  a/2 "), "{text}");
        assert!(text.contains("new      a/4 "), "{text}");
        assert!(compare(&g, &g).is_clean());
    }

    #[test]
    fn comments_are_not_records() {
        assert_eq!(parse("# x\n\na b=1  \n"), vec!["a b=1".to_owned()]);
    }
}
