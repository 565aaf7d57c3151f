#!/usr/bin/env bash
# Compares the hash-matrix goldens at a git revision with the working tree, ignoring the
# snapshot fields (`snap_len=`, `snap=`): for a change that may alter snapshot bytes but must
# not alter behaviour (a snapshot format change). Prints, per golden file, how many records
# changed in their snapshot fields only, and lists every record whose other fields changed (or
# that was added or removed); exits 1 if there is any.
#
# Usage: bash ci/golden-diff.sh REV    (e.g. the commit before the change)
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: ci/golden-diff.sh REV}
strip='!/^#/ { out = $1; for (i = 2; i <= NF; i++) if ($i !~ /^snap(_len)?=/) out = out " " $i; print out }'
records='!/^#/'
status=0
total=0
for f in hash-matrix/golden/*.txt; do
  before=$(git show "$rev:$f")
  after=$(cat "$f")
  other=$(diff <(awk "$strip" <<<"$before") <(awk "$strip" <<<"$after") || true)
  changed=$(diff <(awk "$records" <<<"$before") <(awk "$records" <<<"$after") | grep -c '^>' || true)
  count=$(awk "$records" <<<"$after" | grep -c . || true)
  total=$((total + changed))
  echo "$f: $count records, $changed changed"
  if [ -n "$other" ]; then
    echo "$f: fields other than snap_len/snap differ:" >&2
    echo "$other" >&2
    status=1
  fi
done
if [ "$status" = 0 ]; then
  echo "golden diff against $rev: $total records changed, all in snap_len/snap only"
fi
exit "$status"
