#!/usr/bin/env bash
# Counts code examples in the core's documentation (issue 28, item 11). For every `.rs` file
# under SRC_DIR (test-only files `*_tests.rs` skipped) it reads each public item and the doc
# comment right above it (attributes in between allowed) and prints:
#
#   - top-level public items (`pub fn|struct|enum|trait|type|const|static` at column 0) with and
#     without an example;
#   - public methods (`pub fn` indented four spaces, i.e. inside an `impl`) with and without one;
#   - the public types (struct/enum/trait/type) re-exported at the crate root (`lib.rs`, the
#     tier-1 surface) whose own doc comment has none.
#
# An item "has an example" when its doc comment holds an `# Examples`/`# Example` heading or a
# Rust code fence (```, ```rust, ```no_run, ```should_panic, ```compile_fail; not ```text).
# `pub(crate)` items, `pub use`, `pub mod` and items marked `#[doc(hidden)]`, `#[cfg(test)]` or
# `#[cfg(doctest)]` are not counted.
#
# Usage: ci/doc-examples.sh [SRC_DIR]      (default onepath/src)
#        ci/doc-examples.sh --list          (also list every item without one, file:line name)
#        ci/doc-examples.sh --strict        (exit 1 if a crate-root type lacks an example)
set -euo pipefail
cd "$(dirname "$0")/.."

SRC=onepath/src
LIST=0
STRICT=0
for arg in "$@"; do
  case "$arg" in
    --list) LIST=1 ;;
    --strict) STRICT=1 ;;
    *) SRC=$arg ;;
  esac
done

# One record per public item: kind (top|method) TAB has (1|0) TAB name TAB file:line.
records=$(find "$SRC" -name '*.rs' ! -name '*_tests.rs' | LC_ALL=C sort | while read -r f; do
  awk -v file="$f" '
    function reset() { doc = 0; ex = 0; fence = 0; hidden = 0 }
    BEGIN { reset(); inattr = 0 }
    {
      line = $0
      sub(/^[ \t]+/, "", line)
    }
    # Inside a multi-line attribute: wait for its end, keep the doc block.
    inattr { if (line ~ /\][ \t]*$/) inattr = 0; next }
    line ~ /^\/\/\/ ?/ {
      if (!doc) { ex = 0; fence = 0 }
      doc = 1
      text = line; sub(/^\/\/\/ ?/, "", text)
      if (text ~ /^#+ Examples?[ \t]*$/) ex = 1
      if (text ~ /^```/) {
        if (!fence) {
          lang = text; sub(/^```/, "", lang)
          if (lang == "" || lang ~ /^(rust|no_run|should_panic|compile_fail|edition)/ ) ex = 1
        }
        fence = !fence
      }
      next
    }
    line ~ /^#\[/ {
      if (line ~ /^#\[(doc\(hidden\)|cfg\((test|doctest)\))\]/) hidden = 1
      if (line !~ /\][ \t]*$/) inattr = 1
      next
    }
    {
      kind = ""
      if ($0 ~ /^pub (const |unsafe |async |extern "C" )*fn /) kind = "top"
      else if ($0 ~ /^pub (struct|enum|trait|type|union|static) /) kind = "top"
      else if ($0 ~ /^pub const [A-Z_0-9]+/) kind = "top"
      else if ($0 ~ /^    pub (const |unsafe |async )*fn /) kind = "method"
      if (kind != "" && !hidden) {
        name = $0
        sub(/^ *pub (const |unsafe |async |extern "C" )*(fn|struct|enum|trait|type|union|static|const) /, "", name)
        sub(/[^A-Za-z0-9_].*$/, "", name)
        tkind = $0; sub(/^ *pub /, "", tkind); sub(/ .*$/, "", tkind)
        printf "%s\t%d\t%s\t%s\t%s:%d\n", kind, (doc && ex) ? 1 : 0, name, tkind, file, NR
      }
      reset()
    }
  ' "$f"
done)

count() { # kind has
  printf '%s\n' "$records" | awk -F'\t' -v k="$1" -v h="$2" '$1 == k && $2 == h' | grep -c . || true
}
top_yes=$(count top 1); top_no=$(count top 0)
m_yes=$(count method 1); m_no=$(count method 0)
echo "top-level public items: $((top_yes + top_no)), with an example: $top_yes, without: $top_no"
types() { # has
  printf '%s\n' "$records" |
    awk -F'\t' -v h="$1" '$1 == "top" && $2 == h && $4 ~ /^(struct|enum|trait|type|union)$/' |
    grep -c . || true
}
t_yes=$(types 1); t_no=$(types 0)
echo "  of them types:         $((t_yes + t_no)), with an example: $t_yes, without: $t_no"
echo "public methods:         $((m_yes + m_no)), with an example: $m_yes, without: $m_no"

# The crate root's re-exported names (every identifier in lib.rs's `pub use` statements).
root_names=$(awk '/^pub use /{on=1} on{print} on && /;/{on=0}' "$SRC/lib.rs" |
  sed -e 's/^pub use [a-z_:]*//' | tr -c 'A-Za-z0-9_\n' ' ' | tr ' ' '\n' |
  { grep -E '^[A-Z]' || true; } | LC_ALL=C sort -u)
missing=$(printf '%s\n' "$records" | awk -F'\t' '
  NR == FNR { want[$1] = 1; next }
  $1 == "top" && ($4 == "struct" || $4 == "enum" || $4 == "trait" || $4 == "type") && ($3 in want) {
    if ($2 == 1) has[$3] = 1; else if (!($3 in has)) miss[$3] = $5
  }
  END { for (n in miss) if (!(n in has)) print n "\t" miss[n] }
' <(printf '%s\n' "$root_names") - | LC_ALL=C sort)
n_root=$(printf '%s\n' "$root_names" | grep -c . || true)
n_missing=$(printf '%s' "$missing" | grep -c . || true)
echo "crate-root (tier-1) types without an example on the type: $n_missing of $n_root names"
if [ -n "$missing" ]; then printf '%s\n' "$missing" | sed 's/^/  /'; fi

if [ "$LIST" = 1 ]; then
  echo "items without an example:"
  printf '%s\n' "$records" | awk -F'\t' '$2 == 0 { print "  " $5 "\t" $1 "\t" $3 }'
fi
if [ "$STRICT" = 1 ] && [ "$n_missing" -gt 0 ]; then exit 1; fi
