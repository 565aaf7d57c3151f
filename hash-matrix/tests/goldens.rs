//! The committed goldens hold in this build (`cargo test` runs in debug, `cargo test
//! --release` in release), and the matrix's own invariants hold: unique names, sliced and
//! restored runs equal to unsliced ones, a golden file per family, jump point searches and
//! their fallbacks reporting what ran.

use core::fmt::Write as _;

use hash_matrix::golden;
use hash_matrix::record::{Body, QueryRecord};
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

fn query(r: &Record) -> QueryRecord {
    match r.body {
        Body::Query(q) => q,
        _ => panic!("{} is not a query record", r.name),
    }
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
    // And explicitly: every sliced record (tier-2 AStar or `GridSearch` stepped with budgets
    // 1, 7 or 50) has the line of its unsliced tier-1 twin, status through path digest; a
    // restored record has it too, plus the snapshot it went through.
    let by_name: std::collections::BTreeMap<&str, &Record> =
        records.iter().map(|r| (r.name.as_str(), r)).collect();
    let (mut sliced, mut restored) = (0, 0);
    for r in &records {
        let Some(twin) = &r.twin else { continue };
        let t = by_name[twin.as_str()];
        if r.name.contains("~snap") {
            let snap = match r.body {
                Body::NavQuery(q) => q.snapshot,
                _ => query(r).snapshot,
            }
            .unwrap_or_else(|| panic!("{}: a restored record carries its snapshot", r.name));
            assert_eq!(
                r.fields(),
                format!(
                    "{} snap_len={} snap=0x{:016x}",
                    t.fields(),
                    snap.len,
                    snap.fnv
                ),
                "{} vs {}: only the snapshot pair may be added",
                r.name,
                t.name
            );
            restored += 1;
        } else if matches!(r.body, Body::Mesh(_)) {
            // A refreshed navigation mesh also says how many tiles it re-baked.
            assert_eq!(r.outcome_fields(), t.fields(), "{} vs {}", r.name, t.name);
        } else {
            assert_eq!(r.fields(), t.fields(), "{} vs {}", r.name, t.name);
        }
        if r.name.contains("~slice") {
            sliced += 1;
        }
    }
    assert!(restored >= 100, "only {restored} restored records");
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
            Body::GridState(_)
            | Body::Structure(_)
            | Body::Query(_)
            | Body::Mesh(_)
            | Body::NavQuery(_)
            | Body::Polyanya(_) => None,
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
        "/rec/",
        "~snap1/",
        "~snap17/",
        "~snapmid/",
        "~snapmid-trace/",
        "/grid-state ",
        "grids/jps/",
        "/jps/",
        "/jps+/",
        "/jps-zero/",
        "/jps+-oct/",
        "/jps~online/",
        "/jps~block-slice7/",
        "/jps+~table/",
        "/jps~slice1/",
        "/jps+~slice50/",
        "/jps+~snap17/",
        " expanded=",
        " alg=Jps ",
        " alg=JpsPlus ",
        "grids/hex/pointy-odd/",
        "grids/hex/pointy-even/",
        "grids/hex/flat-odd/",
        "grids/hex/flat-even/",
        "grids/fast/astar/",
        "grids/fast/jps/",
        "grids/fast/jps-improved/",
        "grids/fast/jps+/",
        "grids/fast/jps+-improved/",
        "/oct~slice1/",
        "/oct~slice50/",
        "/oct-b8~slice3/",
        "/oct~snapmid-warm/",
        "/zero~snapmid/",
        "/border-we@",
        "/unreach@",
        "/e3~cells/",
        "/e3~snapmid/",
        "/e3/octile-map~journal ",
        "/e3/jps+-index~cells ",
    ] {
        assert!(
            lines.iter().any(|l| l.contains(tag)),
            "no record with {tag}"
        );
    }
    // A few thousand records per family group: enough to cover, quick to run (the debug check
    // of all families takes a few seconds) and to review family by family.
    assert!(
        (300..=12_000).contains(&records.len()),
        "{} records",
        records.len()
    );
}

#[test]
fn jump_point_records_say_what_ran() {
    let records = all_records();
    let jps: Vec<&Record> = records
        .iter()
        .filter(|r| r.name.starts_with("grids/jps/") && matches!(r.body, Body::Query(_)))
        .collect();
    assert!(
        jps.len() >= 500,
        "only {} grids/jps query records",
        jps.len()
    );
    let (mut fallbacks, mut too_long) = (0, 0);
    for r in &jps {
        let q = query(r);
        let alg = q
            .algorithm
            .unwrap_or_else(|| panic!("{}: grids/jps records carry alg=", r.name));
        let variant = r.name.split('/').nth(3).expect("scenario/variant/query");
        // The specialised engines' variants are named after the family they run.
        let variant = variant.strip_prefix("fast-").unwrap_or(variant);
        let refused = q.iterations == 0;
        // A refused query reports the algorithm it would have run, like any other.
        let expected = if variant.starts_with("fb")
            || variant.starts_with("astar")
            || r.name.starts_with("grids/jps/terrain-72x40-s7/")
        {
            // Options JPS cannot honour, or areas that differ.
            fallbacks += usize::from(!refused);
            onepath::GridAlgorithm::AStar
        } else if r.name.starts_with("grids/jps/corridor-") {
            // A side above the JPS+ limit: JPS+ runs JPS.
            too_long += 1;
            onepath::GridAlgorithm::Jps
        } else if variant.starts_with("jps+") {
            onepath::GridAlgorithm::JpsPlus
        } else {
            onepath::GridAlgorithm::Jps
        };
        assert_eq!(alg, expected, "{}", r.name);
    }
    assert!(fallbacks >= 50, "only {fallbacks} fallback records");
    assert!(too_long >= 2, "only {too_long} records past the JPS+ limit");
    // HPA* records say which ran: HPA*, or A* where HPA* does not apply.
    let hpa: Vec<_> = records
        .iter()
        .filter(|r| r.name.starts_with("grids/hpa/"))
        .filter_map(|r| match r.body {
            Body::Query(q) => Some((r, q.algorithm)),
            _ => None,
        })
        .collect();
    for (r, alg) in &hpa {
        assert!(
            matches!(
                alg,
                Some(onepath::GridAlgorithm::Hpa | onepath::GridAlgorithm::AStar)
            ),
            "{}: {alg:?}",
            r.name
        );
    }
    assert!(
        hpa.iter()
            .filter(|(_, a)| *a == Some(onepath::GridAlgorithm::Hpa))
            .count()
            >= 100,
        "too few grids/hpa records ran HPA*"
    );
    // The other families choose no algorithm and print none (grids/theta: its own test).
    let choosing = |n: &str| {
        n.starts_with("grids/jps/") || n.starts_with("grids/theta/") || n.starts_with("grids/hpa/")
    };
    for r in records.iter().filter(|r| !choosing(&r.name)) {
        if let Body::Query(q) = r.body {
            assert!(q.algorithm.is_none(), "{}", r.name);
        }
    }
}

#[test]
fn any_angle_records_say_what_ran() {
    let records = all_records();
    let mut by_alg = [0usize; 3];
    for r in records
        .iter()
        .filter(|r| r.name.starts_with("grids/theta/"))
    {
        let Body::Query(q) = r.body else { continue };
        let variant = r.name.split('/').nth(3).expect("scenario/variant/query");
        let expected = match variant.split('~').next().expect("a variant") {
            "smooth" | "lazy-paper" => None,
            v if v.starts_with("astar") || v.starts_with("fb") => {
                Some(onepath::GridAlgorithm::AStar)
            }
            v if v.starts_with("lazy") => Some(onepath::GridAlgorithm::LazyThetaStar),
            _ => Some(onepath::GridAlgorithm::ThetaStar),
        };
        assert_eq!(q.algorithm, expected, "{}", r.name);
        if let Some(a) = expected {
            by_alg[[
                onepath::GridAlgorithm::AStar,
                onepath::GridAlgorithm::ThetaStar,
            ]
            .iter()
            .position(|&x| x == a)
            .unwrap_or(2)] += 1;
        }
    }
    assert!(by_alg.iter().all(|&n| n >= 20), "{by_alg:?}");
}

#[test]
fn snapshots_appear_on_restored_records_only() {
    let records = all_records();
    for r in &records {
        match r.body {
            Body::Query(q) => {
                assert_eq!(q.snapshot.is_some(), r.name.contains("~snap"), "{}", r.name);
            }
            Body::GridState(g) => {
                // The navmesh family records kind 16 (the mesh's inputs) the same way.
                let label = if r.name.starts_with("navmesh/") {
                    "/mesh-state"
                } else {
                    "/grid-state"
                };
                assert!(r.name.ends_with(label), "{}", r.name);
                assert!(g.snapshot.len > 28, "{}", r.name);
            }
            Body::Map(_) => assert!(r.name.ends_with("/map"), "{}", r.name),
            Body::Mesh(m) => {
                let label = r.name.rsplit('/').next().expect("a name");
                assert!(
                    [
                        "mesh",
                        "from-walkable",
                        "mesh-restored",
                        "fresh",
                        "refreshed"
                    ]
                    .contains(&label),
                    "{}",
                    r.name
                );
                assert_eq!(m.rebaked.is_some(), label == "refreshed", "{}", r.name);
            }
            Body::NavQuery(q) => {
                assert_eq!(q.snapshot.is_some(), r.name.contains("~snap"), "{}", r.name);
            }
            Body::Polyanya(_) => {
                assert!(r.name.starts_with("navmesh/polyanya/"), "{}", r.name);
            }
            Body::Structure(t) => {
                let label = r.name.rsplit('/').next().expect("a name");
                let key = if r.name.starts_with("navmesh/") {
                    assert!(["located", "nearest"].contains(&label), "{}", r.name);
                    label
                } else if label.starts_with("octile-map") {
                    "scans"
                } else if label.starts_with("spline-") {
                    "samples"
                } else if r.name.starts_with("graphs/") {
                    // The graph family records its graph and landmark tables.
                    if label == "graph" {
                        "fingerprint"
                    } else {
                        "tables"
                    }
                } else if r.name.starts_with("grids/flow/") {
                    // Flow fields: the field itself, or a kind-7 snapshot.
                    if label == "mid-state" {
                        "snapshot"
                    } else {
                        "field"
                    }
                } else {
                    assert!(label.starts_with("jps+-index"), "{}", r.name);
                    "tables"
                };
                assert_eq!(t.key, key, "{}", r.name);
            }
        }
    }
    // One grid snapshot per scenario of the families that save and restore (per phase in the
    // edit scenarios of grids/fast).
    for f in FAMILIES
        .iter()
        .filter(|f| ["grids/astar", "grids/jps", "grids/fast"].contains(&f.name))
    {
        for s in (f.scenarios)() {
            let name = format!("{}/grid-state", s.name);
            let phase = format!("{}/e0/grid-state", s.name);
            assert!(
                records.iter().any(|r| r.name == name || r.name == phase),
                "no {name}"
            );
        }
    }
}

#[test]
fn specialised_engines_agree_and_record_their_expansions() {
    // grids/fast runs five engines over the same maps and queries. Each is optimal, and a cost
    // a + b·√2 comes from one pair (a, b) only, so the status and the cost bits of a query must
    // be the same for all five (paths, counts and expansions may differ). Every query record
    // carries its expansions, one per expansion.
    let records = all_records();
    let engines = ["astar", "jps", "jps-improved", "jps+", "jps+-improved"];
    let mut by_query: std::collections::BTreeMap<&str, Vec<(&str, String)>> =
        std::collections::BTreeMap::new();
    for r in records.iter().filter(|r| r.name.starts_with("grids/fast/")) {
        let Body::Query(q) = r.body else { continue };
        let expanded = q
            .expanded
            .unwrap_or_else(|| panic!("{}: grids/fast records carry expanded=", r.name));
        assert_eq!(expanded.len, q.expansions, "{}", r.name);
        let rest = &r.name["grids/fast/".len()..];
        let (engine, query) = rest.split_once('/').expect("engine/scenario/variant/query");
        assert!(engines.contains(&engine), "{}", r.name);
        // Base records only: twins equal their base anyway, and the budgeted runs stop early.
        if !query.contains('~') && !query.contains("-b8") {
            let outcome = format!(
                "{} cost=0x{:016x}",
                hash_matrix::record::status_name(q.status),
                q.cost_bits
            );
            by_query.entry(query).or_default().push((engine, outcome));
        }
    }
    assert!(by_query.len() >= 200, "only {} queries", by_query.len());
    for (query, outcomes) in &by_query {
        let names: Vec<&str> = outcomes.iter().map(|o| o.0).collect();
        assert_eq!(names, engines, "{query}: not run by every engine");
        assert!(
            outcomes.iter().all(|o| o.1 == outcomes[0].1),
            "{query}: the engines disagree: {outcomes:?}"
        );
    }
}

/// `navmesh/polyanya`: each tier-1 record answers what its search run answers (status, length
/// bits, counts, corridor), the funnel's waypoints never outnumber the search's, and the family
/// covers found, unreachable and refused queries at both radii.
#[test]
fn polyanya_tier1_records_carry_their_search() {
    let records = all_records();
    let mut statuses = std::collections::BTreeSet::new();
    let mut pairs = 0;
    for r in records
        .iter()
        .filter(|r| r.name.starts_with("navmesh/polyanya/"))
    {
        let Body::NavQuery(t) = r.body else { continue };
        let run_name = r.name.replace("/tier1/", "/run/");
        let run = records
            .iter()
            .find(|x| x.name == run_name)
            .unwrap_or_else(|| panic!("no {run_name}"));
        let Body::Polyanya(p) = run.body else {
            panic!("{run_name} is not a Polyanya record")
        };
        assert_eq!(
            (
                t.status,
                t.length_bits,
                t.iterations,
                t.expansions,
                t.corridor
            ),
            (
                p.status,
                p.length_bits,
                p.iterations,
                p.expansions,
                p.corridor
            ),
            "{}",
            r.name
        );
        assert!(t.waypoints.len <= p.points.len, "{}", r.name);
        let radius = r.name.contains("/r0-t");
        statuses.insert((format!("{:?}", t.status), radius));
        pairs += 1;
    }
    assert!(pairs >= 100, "only {pairs} tier-1 Polyanya records");
    for status in ["Found", "NoPath", "StartInvalid", "GoalInvalid"] {
        for radius in [true, false] {
            assert!(
                statuses.contains(&(status.to_owned(), radius)),
                "no {status} record at {} radius: {statuses:?}",
                if radius { "zero" } else { "a positive" }
            );
        }
    }
}
