#!/usr/bin/env bash
# Determinism deny-list for the core crate (docs/determinism.md): no fused multiply-add, no
# platform float transcendentals, no powi/powf, no hash-map iteration order, no std, no clocks,
# no float32 casts. A line may opt out only with the marker "determinism: allowed" and a reason
# (e.g. the spec's float32 tie-break). Comment lines are ignored. clippy's disallowed-methods
# (onepath/clippy.toml) enforces the same at the type level.
set -euo pipefail
cd "$(dirname "$0")/.."
pattern='mul_add|\bfma\(|powi\(|powf\(|\.(sin|cos|tan|asin|acos|atan|atan2|exp|exp2|ln|log|log2|log10|hypot|cbrt|sqrt)\(|HashMap|HashSet|hashbrown|std::|Instant|SystemTime|\bas f32\b|f32::'
hits=$(grep -rnE "$pattern" onepath/src --include='*.rs' \
  | grep -vE '^[^:]+:[0-9]+:\s*//' \
  | grep -v 'determinism: allowed' \
  | grep -vE 'math::sqrt\(|libm::sqrt\(|fn sqrt\(' || true)
if [ -n "$hits" ]; then
  echo "determinism deny-list: forbidden constructs in onepath/src:" >&2
  echo "$hits" >&2
  exit 1
fi
echo "determinism deny-list: clean"
