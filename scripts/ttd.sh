#!/usr/bin/env bash
# Time to depth: `chimera bench DEPTH` with one thread, then RUNS times with THREADS threads;
# prints each run's total search time and the mean speed-up. Lazy SMP is not deterministic, so
# single runs vary by ±15%: take at least 8 runs.
#   DEPTH=15 RUNS=8 THREADS=2 HASH=64 CHIMERA=target/release/chimera scripts/ttd.sh [--variant NAME]
set -euo pipefail
cd "$(dirname "$0")/.."
DEPTH=${DEPTH:-15}
RUNS=${RUNS:-8}
THREADS=${THREADS:-2}
HASH=${HASH:-64}
CHIMERA=${CHIMERA:-target/release/chimera}
[ -x "$CHIMERA" ] || cargo build --release --quiet
total_ms() { "$CHIMERA" bench "$DEPTH" --hash "$HASH" "$@" | awk '/^Total time/ {print $4}'; }
one=$(total_ms --threads 1 "$@")
echo "1 thread: $one ms (depth $DEPTH, hash $HASH MB)"
sum=0
for _ in $(seq "$RUNS"); do
  t=$(total_ms --threads "$THREADS" "$@")
  printf '%s ' "$t"
  sum=$((sum + t))
done
echo
awk -v one="$one" -v sum="$sum" -v runs="$RUNS" -v n="$THREADS" \
  'BEGIN { printf "%d threads: mean %.0f ms, time to depth %.2fx faster\n", n, sum / runs, one * runs / sum }'
