//! `hash-matrix check | bless | list | print` — see `hash-matrix --help` and
//! `docs/determinism.md`.

// x87 arithmetic (x86 without SSE2) keeps 80-bit intermediates and double-rounds, so costs
// would not be IEEE-754 doubles and the goldens could not hold. Refuse to build there.
#[cfg(all(target_arch = "x86", not(target_feature = "sse2")))]
compile_error!(
    "onepath needs IEEE-754 double arithmetic: x86 targets must enable SSE2 (x87 rounds differently)"
);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = String::new();
    let code = hash_matrix::cli::run(&args, &mut out);
    print!("{out}");
    std::process::exit(code);
}
