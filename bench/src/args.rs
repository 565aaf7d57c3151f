//! The command line the timing binaries share (`navmesh`, `hpa`):
//! `[--FLAG N]... [set/map ...]`, every count a whole number of at least 1.

/// Reads the process's arguments: each of `flags` takes the next argument, a whole number of
/// at least 1, handed to `set(flag, n)`; an argument with a `/` is a map (`set/name`);
/// anything else (`--help` and `-h` included) or a missing or bad count calls `usage`. Returns
/// the maps named, or `default_maps` when none is.
pub fn parse(
    flags: &[&str],
    default_maps: &[&str],
    usage: fn() -> !,
    mut set: impl FnMut(&str, usize),
) -> Vec<String> {
    let mut maps = Vec::new();
    let mut it = std::env::args().skip(1);
    while let Some(s) = it.next() {
        if flags.contains(&s.as_str()) {
            let n = it
                .next()
                .and_then(|v| v.parse::<usize>().ok())
                .filter(|&n| n > 0)
                .unwrap_or_else(|| usage());
            set(&s, n);
        } else if s.contains('/') {
            maps.push(s);
        } else {
            usage();
        }
    }
    if maps.is_empty() {
        maps = default_maps.iter().map(|&m| m.to_owned()).collect();
    }
    maps
}
