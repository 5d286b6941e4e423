#!/usr/bin/env bash
# Speed of two or more chimera binaries on this noisy machine: each binary's `bench` in turn,
# ROUNDS times (so that the machine's ups and downs fall on all of them), then the best and the
# median nodes/s of each. Extra `bench` arguments go in BENCH_ARGS (e.g. "--variant chess").
#   scripts/bench_ab.sh 16 /tmp/old-chimera target/release/chimera
# For small changes count instructions instead (deterministic, ~10 s):
#   valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/chimera bench 8
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 ROUNDS BINARY [BINARY ...]" >&2
  exit 2
fi
rounds=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for _ in $(seq "$rounds"); do
  i=0
  for bin in "$@"; do
    # shellcheck disable=SC2086
    "$bin" bench ${BENCH_ARGS:-} 2>/dev/null | awk '/Nodes\/second/ {print $2}' >>"$dir/$i"
    i=$((i + 1))
  done
done
i=0
for bin in "$@"; do
  sort -n "$dir/$i" | awk -v b="$bin" '{a[NR] = $1} END {
    printf "%s: nodes/s best %d median %d (%d runs)\n", b, a[NR], a[int((NR + 1) / 2)], NR }'
  i=$((i + 1))
done
