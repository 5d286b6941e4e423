#!/usr/bin/env bash
# Time to depth: `chimera bench DEPTH` with one thread and with THREADS threads, alternately,
# RUNS times each (alternating spreads the machine's own ups and downs over both); prints each
# run's total search time, both means and the speed-up. Searches with several threads are not
# deterministic, so single runs vary by ±15%: take at least 8 runs.
#   DEPTH=15 RUNS=8 THREADS=2 HASH=64 CHIMERA=target/release/chimera scripts/ttd.sh [--variant NAME]
set -euo pipefail
case "${1:-}" in -h | --help)
  sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
  ;;
esac
DEPTH=${DEPTH:-15}
RUNS=${RUNS:-8}
THREADS=${THREADS:-2}
HASH=${HASH:-64}
usage() {
  echo "usage: [DEPTH=15 RUNS=8 THREADS=2 HASH=64 CHIMERA=path] $0 [--variant NAME]" >&2
  echo "  ($1)" >&2
  exit 2
}
for v in DEPTH RUNS THREADS HASH; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || usage "$v must be a positive integer, not '${!v}'"
done
if [ $# -ne 0 ] && { [ $# -ne 2 ] || [ "$1" != "--variant" ]; }; then
  usage "the only argument is --variant NAME"
fi
cd "$(dirname "$0")/.."
CHIMERA=${CHIMERA:-target/release/chimera}
[ -x "$CHIMERA" ] || cargo build --release --quiet
total_ms() { "$CHIMERA" bench "$DEPTH" --hash "$HASH" "$@" | awk '/^Total time/ {print $4}'; }
one=0
many=0
many_times=()
for _ in $(seq "$RUNS"); do
  a=$(total_ms --threads 1 "$@")
  b=$(total_ms --threads "$THREADS" "$@")
  if ! [[ $a =~ ^[0-9]+$ && $b =~ ^[0-9]+$ ]]; then
    echo "no total time from $CHIMERA bench $DEPTH --hash $HASH $*" >&2
    exit 1
  fi
  printf '%s/%s ' "$a" "$b"
  one=$((one + a))
  many=$((many + b))
  many_times+=("$b")
done
echo
# The spread of the several-thread mean (its standard error) says how far two batches may
# differ by chance alone.
awk -v one="$one" -v many="$many" -v runs="$RUNS" -v n="$THREADS" -v d="$DEPTH" -v h="$HASH" \
  -v times="${many_times[*]}" \
  'BEGIN {
    mean = many / runs
    k = split(times, t, " ")
    for (i = 1; i <= k; i++) ss += (t[i] - mean) ^ 2
    se = k > 1 ? sqrt(ss / (k - 1) / k) : 0
    printf "depth %d, hash %d MB: 1 thread mean %.0f ms, %d threads mean %.0f ms (standard error %.0f ms): time to depth %.2fx faster\n", d, h, one / runs, n, mean, se, one / many
  }'
