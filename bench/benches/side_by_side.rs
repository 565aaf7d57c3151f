//! Criterion benches: onepath A* and Dijkstra against the `pathfinding` crate on a fixed sample
//! of dao/arena2 scenarios (the plain harness, `cargo run --release`, covers the full files and
//! more maps). Skipped with a message when the shared data is absent.

use criterion::{Criterion, criterion_group, criterion_main};
use onepath_bench::{all_contenders, load_map};

fn side_by_side(c: &mut Criterion) {
    let Some(dir) = onepath_std::data::movingai_dir() else {
        eprintln!("skipped: Moving AI data not found (set ONEPATH_DATA)");
        return;
    };
    let map = load_map(&dir.join("dao"), "arena2", 8).expect("dao/arena2 loads");
    let mut group = c.benchmark_group("dao-arena2-every-8th");
    for contender in all_contenders() {
        let mut runner = (contender.prepare)(&map);
        group.bench_function(contender.name, |b| {
            b.iter(|| {
                for q in &map.queries {
                    std::hint::black_box(runner.query(q.start, q.goal));
                }
            });
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = side_by_side
}
criterion_main!(benches);
