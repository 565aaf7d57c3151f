#!/usr/bin/env bash
# Floors check for the core crate (ARCHITECTURE.md, "Floors"). Reads every `crate::…` and
# `super::…` path in onepath/src/**/*.rs — `use` trees expanded, code only: comments, string
# literals and `#[cfg(test)]` items are skipped — and fails, naming the file and line, when
#
#   1. a top-level module imports one its row of the floors table below does not list (a lower
#      floor importing a higher one, two modules importing each other, or a path through the
#      crate root's re-exports such as `crate::Cell`), or a module the table does not know;
#   2. the files inside one top-level module import each other in a circle (edges through the
#      module's `mod.rs` re-exports are followed to the file that defines the item).
#
# A `pub use` is an import like any other: a lower module cannot re-export an item of a floor
# above (the crate root re-exports tier 1; lower modules name only what lives on their floor).
#
# Usage: ci/floors.sh [SRC_DIR]      (default onepath/src)
#        ci/floors.sh --self-test    (proves the check fails on an upward import, a circle and
#                                     an upward re-export)
set -euo pipefail
cd "$(dirname "$0")/.."

# The floors, lowest first: a module, then every module it may import. A new top-level module
# adds one row (and the modules above it add it to theirs). The table itself must be acyclic.
FLOORS='
math
error    math
state    math error
topology math error
grid     math error state topology
hex      math error state topology grid
search   math error state topology grid hex
jps      math error state topology grid hex search
fast     math error state topology grid hex search jps
theta    math error state topology grid hex search
flow     math error state topology grid hex search
replan   math error state topology grid hex search
hpa      math error state topology grid hex search
voxel    math error state topology grid
voxel_search math error state topology grid search voxel
graph    math error state topology
graph_search math error state topology search graph
navmesh  math error state topology grid search
query    math error state topology grid hex search jps fast theta flow replan hpa voxel voxel_search graph graph_search navmesh
'

# Known circles inside a module, as "from to" file edges left out of check 2 (each with the
# reason). None today: the one-cell-store change removed the grid circle.
ALLOWED_CIRCLE_EDGES='
'

self_test() {
  local tmp rc out
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  cp -r onepath/src "$tmp/src"
  bash ci/floors.sh "$tmp/src" >/dev/null || { echo "self-test: the clean tree fails" >&2; return 1; }
  # An upward import: a space importing the generic search.
  printf 'use crate::search::AStar;\n' >>"$tmp/src/grid/cell.rs"
  rc=0; out=$(bash ci/floors.sh "$tmp/src" 2>&1) || rc=$?
  if [ "$rc" = 0 ] || ! grep -q 'grid/cell.rs:[0-9]*: grid may not import search' <<<"$out"; then
    echo "self-test: an upward import was not reported:" >&2; echo "$out" >&2; return 1
  fi
  cp onepath/src/grid/cell.rs "$tmp/src/grid/cell.rs"
  # A circle between two files of one module.
  printf 'use super::rules::JumpRules;\n' >>"$tmp/src/jps/follow.rs"
  printf 'use super::follow::Refresh;\n' >>"$tmp/src/jps/rules.rs"
  rc=0; out=$(bash ci/floors.sh "$tmp/src" 2>&1) || rc=$?
  if [ "$rc" = 0 ] || ! grep -q 'jps/rules.rs:[0-9]*: .*jps/follow.rs' <<<"$out"; then
    echo "self-test: a circle was not reported:" >&2; echo "$out" >&2; return 1
  fi
  cp onepath/src/jps/follow.rs "$tmp/src/jps/follow.rs"
  cp onepath/src/jps/rules.rs "$tmp/src/jps/rules.rs"
  # An upward re-export: a space keeping an old path of a tier-1 item.
  printf 'pub use crate::query::GridOptions;\n' >>"$tmp/src/grid/mod.rs"
  rc=0; out=$(bash ci/floors.sh "$tmp/src" 2>&1) || rc=$?
  if [ "$rc" = 0 ] || ! grep -q 'grid/mod.rs:[0-9]*: grid may not import query' <<<"$out"; then
    echo "self-test: an upward re-export was not reported:" >&2; echo "$out" >&2; return 1
  fi
  echo "floors self-test: all three violations reported"
}

if [ "${1:-}" = "--self-test" ]; then
  self_test
  exit
fi
src=${1:-onepath/src}
table=$(mktemp)
edges=$(mktemp)
printf '%s\n' "$FLOORS" | awk 'NF' >"$table"

# The table is acyclic (so no two modules may ever import each other).
if ! awk '{ print $1, $1; for (i = 2; i <= NF; i++) print $i, $1 }' "$table" | tsort >/dev/null 2>&1; then
  echo "floors: the table in ci/floors.sh has a circle" >&2
  exit 1
fi

# Pass 1: the code lines of every file, as "file<TAB>line<TAB>code": comments, string and char
# literals and `#[cfg(test)]` items dropped (rustfmt layout: a test item ends at the closing
# brace at its own indentation, or at its first `;` when it has no body).
code=$(mktemp)
trap 'rm -f "$table" "$edges" "$code"' EXIT
# Files that are `#[cfg(test)] mod x;` of their parent are tests as a whole.
test_files=$(find "$src" -name '*.rs' | sort | while read -r f; do
  awk -v file="$f" '
    /^[ \t]*#\[cfg\(test\)\]/ { want = 1; path = ""; next }
    want && /^[ \t]*#\[path *= *"/ { path = $0; sub(/^[^"]*"/, "", path); sub(/".*/, "", path); next }
    want && /^[ \t]*(pub(\([a-z]+\))? +)?mod +[a-z_0-9]+ *;/ {
      dir = file; sub(/\/[^\/]*$/, "", dir)
      if (file !~ /\/(mod|lib)\.rs$/) { stem = file; sub(/^.*\//, "", stem); sub(/\.rs$/, "", stem); if (path == "") dir = dir "/" stem }
      name = $0; sub(/^.*mod +/, "", name); sub(/ *;.*/, "", name)
      print dir "/" (path != "" ? path : name ".rs")
    }
    { want = 0 }' "$f"
done)
find "$src" -name '*.rs' | sort | grep -vxF "${test_files:-/dev/null}" | while read -r f; do
  awk -v file="$f" '
function strip(s,    out, i, c, q) {
  out = ""; q = 0
  for (i = 1; i <= length(s); i++) {
    c = substr(s, i, 1)
    if (q) { if (c == "\\") { i++; continue } if (c == "\"") q = 0; continue }
    if (c == "\"") { q = 1; out = out "\"\""; continue }
    if (c == "/" && substr(s, i + 1, 1) == "/") break
    if (c == "'\''" && substr(s, i + 2, 1) == "'\''") { i += 2; continue }
    if (c == "'\''" && substr(s, i + 1, 1) == "\\" && substr(s, i + 3, 1) == "'\''") { i += 3; continue }
    out = out c
  }
  return out
}
skipping {
  if ((skip_to == ";" && $0 ~ /;[ \t]*$/) || (skip_to != ";" && $0 ~ ("^" skip_to "}"))) skipping = 0
  next
}
/^[ \t]*#\[cfg\(test\)\]/ { want = 1; match($0, /^[ \t]*/); indent = substr($0, 1, RLENGTH); next }
want && /^[ \t]*#\[/ { next }
want {
  want = 0
  if ($0 ~ /;[ \t]*$/ && $0 !~ /\{/) next
  if ($0 ~ /\{/) { if ($0 ~ /\}[ \t]*;?[ \t]*$/ && gsub(/\{/, "{") == gsub(/\}/, "}")) next; skipping = 1; skip_to = indent; next }
  skipping = 1; skip_to = ";"; next
}
/^[ \t]*\/\// { next }
{
  c = strip($0)
  if (c ~ /^[ \t]*$/) next
  printf "%s\t%d\t%s\n", file, FNR, c
}' "$f"
done >"$code"

modules=$(for f in "$src"/*/ "$src"/*.rs; do basename "${f%/}" .rs; done | grep -vx lib | tr '\n' ' ')

# Pass 2: every path, as "file line target-module target-file path" (target-file: the file
# inside the same module a `super::`/`crate::<own>::` path names, or "-"). `use` trees are
# expanded into full paths.
awk -F'\t' -v src="$src" '
function emit(path) { print file, line, path }
function expand(stmt,    toks, n, i, t, cur, sp, stack, skip) {
  gsub(/::/, " :: ", stmt); gsub(/[{},;]/, " & ", stmt)
  n = split(stmt, toks, /[ \t]+/)
  sp = 0; stack[0] = ""; cur = ""; skip = 0
  for (i = 1; i <= n; i++) {
    t = toks[i]
    if (t == "" || t == "::") continue
    if (cur == "" && (t == "use" || t ~ /^pub/)) continue
    if (t == "as") { skip = 1; continue }
    if (skip) { skip = 0; continue }
    if (t == "{") { stack[++sp] = cur; continue }
    if (t == "," || t == "}" || t == ";") {
      if (cur != stack[sp]) emit(cur)
      if (t == "}") sp--
      cur = stack[sp]; continue
    }
    cur = (cur == "") ? t : cur "::" t
  }
}
{
  if (in_use && $1 != file) in_use = 0
  c = $3
  if (in_use) {
    stmt = stmt " " c
    if (c ~ /;/) { in_use = 0; expand(stmt) }
    next
  }
  file = $1; line = $2
  if (c ~ /^[ \t]*(pub(\([a-z]+\))?[ \t]+)?use[ \t]/) {
    if (c ~ /;/) expand(c); else { in_use = 1; stmt = c }
    next
  }
  while (match(c, /(crate|super)(::[A-Za-z_][A-Za-z0-9_]*)+/)) {
    emit(substr(c, RSTART, RLENGTH))
    c = substr(c, RSTART + RLENGTH)
  }
}' "$code" | awk -v src="$src" -v modules="$modules" '
BEGIN { n = split(modules, m, " "); for (i = 1; i <= n; i++) is_mod[m[i]] = 1 }
{
  file = $1; rel = substr(file, length(src) + 2)
  own = rel; sub(/\/.*/, "", own); sub(/\.rs$/, "", own)
  nested = (rel ~ /\//)
  n = split($3, parts, "::"); target = ""; tfile = "-"
  if (parts[1] == "crate") {
    target = (n >= 2 && parts[2] in is_mod) ? parts[2] : "root"
    if (target == own && n >= 3) tfile = own "/" parts[3]
  } else if (parts[1] == "super") {
    if (!nested || (n >= 2 && parts[2] == "super")) target = "root"
    else { target = own; if (n >= 2) tfile = own "/" parts[2] }
  } else next
  print file, $2, target, tfile, $3
}' >"$edges"

# Item -> defining file, from every mod.rs `use file::{Item, …}` re-export.
itemmap=$(find "$src" -mindepth 2 -name mod.rs | sort | while read -r m; do
  mod=$(basename "$(dirname "$m")")
  grep -F "$m	" "$code" | cut -f3 | tr '\n' ' ' | sed 's/;/;\n/g' \
    | grep -E '^\s*(pub(\([a-z]+\))?\s+)?use\s' \
    | sed -E 's/^\s*(pub(\([a-z]+\))?\s+)?use\s+//' | while read -r stmt; do
      file=${stmt%%::*}
      [ -f "$(dirname "$m")/$file.rs" ] || continue
      for it in $(tr -c 'A-Za-z0-9_\n' ' ' <<<"${stmt#*::}"); do
        [ "$it" = self ] || [ "$it" = as ] || echo "$mod/$it $mod/$file"
      done
    done
done)

fail=0
report() { echo "$*" >&2; fail=1; }

# Check 1: top-level floors.
declare -A may known
while read -r mod rest; do known[$mod]=1; may[$mod]=" $rest "; done <"$table"
for f in "$src"/*/ "$src"/*.rs; do
  m=$(basename "${f%/}" .rs)
  [ "$m" = lib ] || [ -n "${known[$m]:-}" ] \
    || report "$f: module $m is not in the floors table of ci/floors.sh (add its row)"
done
while read -r file line target tfile path; do
  rel=${file#"$src"/}; mod=${rel%%/*}; mod=${mod%.rs}
  [ "$mod" = lib ] && continue
  [ "$target" = "$mod" ] && continue
  if [ "$target" = root ]; then
    report "$file:$line: $mod may not import through the crate root ($path): name the module that defines it"
  elif [ -z "${known[$target]:-}" ]; then
    report "$file:$line: $mod imports $target, which is not in the floors table ($path)"
  elif [[ "${may[$mod]}" != *" $target "* ]]; then
    report "$file:$line: $mod may not import $target ($path); $mod may import:${may[$mod]:- nothing}"
  fi
done <"$edges"

# Check 2: no circles between the files of one module. An edge runs from a file (not mod.rs)
# to the file a `super::x` / `crate::<own>::x` path names, or that defines the item `x`
# mod.rs re-exports.
allowed=$(printf '%s\n' "$ALLOWED_CIRCLE_EDGES" | sed 's/#.*//' | awk 'NF == 2 { print $1, $2 }')
local_edges=$({ printf '%s\n' "$itemmap" | sed 's/^/I /'; printf '%s\n' "$allowed" | sed 's/^/A /'
  sed 's/^/E /' "$edges"; } | awk -v src="$src" '
  $1 == "I" { item[$2] = $3; next }
  $1 == "A" { allow[$2 " " $3] = 1; next }
  $1 == "E" && $5 != "-" {
    from = substr($2, length(src) + 2)
    if (from ~ /\/mod\.rs$/ || from !~ /\//) next
    to = $5 ".rs"
    if (!(to in files)) { cmd = "test -f \"" src "/" to "\""; files[to] = (system(cmd) == 0) }
    if (!files[to]) { if (!($5 in item)) next; to = item[$5] ".rs" }
    if (from == to) next
    mod = from; sub(/\/.*/, "", mod)
    print mod, from, to, $2 ":" $3, ((from " " to) in allow) ? "allowed" : "checked"
  }' | sort -u)
for mod in $(awk '$5 == "checked" { print $1 }' <<<"$local_edges" | sort -u); do
  loop=$(awk -v m="$mod" '$1 == m && $5 == "checked" { print $2, $3 }' <<<"$local_edges" | tsort 2>&1 >/dev/null \
    | sed -n 's/^tsort: \([^-].*\.rs\)$/\1/p' || true)
  [ -n "$loop" ] || continue
  report "floors: files of $mod/ import each other in a circle:"
  while read -r m from to at how; do
    [ "$m" = "$mod" ] && [ "$how" = checked ] || continue
    if grep -qxF "$from" <<<"$loop" && grep -qxF "$to" <<<"$loop"; then
      report "  $at: $from imports $to"
    fi
  done <<<"$local_edges"
done

# An allowed edge that no longer exists should leave the list (a note, not a failure).
while read -r from to; do
  [ -n "$from" ] || continue
  if ! awk -v f="$from" -v t="$to" '$2 == f && $3 == t && $5 == "allowed"' <<<"$local_edges" | grep -q .; then
    echo "floors: note: the allowed edge $from -> $to is gone; delete its line in ci/floors.sh"
  fi
done <<<"$allowed"

if [ "$fail" != 0 ]; then
  echo "floors: see ARCHITECTURE.md, \"Floors\", for what each module may import" >&2
  exit 1
fi
echo "floors: every import runs down the floors table; no circles inside a module"
