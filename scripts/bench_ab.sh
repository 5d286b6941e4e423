#!/usr/bin/env bash
# Speed of two or more chimera binaries on this noisy machine: each binary's `bench` in turn,
# ROUNDS times (so that the machine's ups and downs fall on all of them), then the best and the
# median nodes/s of each. Extra `bench` arguments go in BENCH_ARGS (e.g. "--variant chess").
#   scripts/bench_ab.sh 16 /tmp/old-chimera target/release/chimera
# With several threads the trees differ from run to run, so nodes/s says little: BENCH_METRIC=time
# compares the total search time instead (mean and its standard error; lower is better).
#   BENCH_METRIC=time BENCH_ARGS="15 --hash 64 --threads 2" scripts/bench_ab.sh 20 OLD NEW
# For small changes count instructions instead (deterministic, ~10 s):
#   valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/chimera bench 8
set -euo pipefail
case "${1:-}" in -h | --help)
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
  ;;
esac
if [ $# -lt 2 ] || ! [[ $1 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 ROUNDS BINARY [BINARY ...]   (ROUNDS: a positive integer; env: BENCH_ARGS)" >&2
  exit 2
fi
rounds=$1
shift
metric=${BENCH_METRIC:-nps}
case $metric in
nps) pattern='/Nodes\/second/ {print $2}' ;;
time) pattern='/^Total time/ {print $4}' ;;
*)
  echo "BENCH_METRIC is nps or time, not '$metric'" >&2
  exit 2
  ;;
esac
for bin in "$@"; do
  if ! command -v "$bin" >/dev/null; then
    echo "no executable binary at $bin" >&2
    exit 2
  fi
done
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for _ in $(seq "$rounds"); do
  i=0
  for bin in "$@"; do
    # shellcheck disable=SC2086
    if ! "$bin" bench ${BENCH_ARGS:-} 2>"$dir/err" | awk "$pattern" >>"$dir/$i"; then
      echo "$bin bench ${BENCH_ARGS:-} failed: $(head -n 1 "$dir/err")" >&2
      exit 1
    fi
    i=$((i + 1))
  done
done
i=0
for bin in "$@"; do
  if [ "$metric" = time ]; then
    awk -v b="$bin" '{t[NR] = $1; sum += $1} END {
      mean = sum / NR
      for (k = 1; k <= NR; k++) ss += (t[k] - mean) ^ 2
      se = NR > 1 ? sqrt(ss / (NR - 1) / NR) : 0
      printf "%s: total time mean %.0f ms, standard error %.0f ms (%d runs)\n", b, mean, se, NR }' "$dir/$i"
  else
    sort -n "$dir/$i" | awk -v b="$bin" '{a[NR] = $1} END {
      printf "%s: nodes/s best %d median %d (%d runs)\n", b, a[NR], a[int((NR + 1) / 2)], NR }'
  fi
  i=$((i + 1))
done
