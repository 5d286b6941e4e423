#!/usr/bin/env bash
# Where `chimera bench` spends its wall-clock time, by source line and by function: a sampling
# profile on the software clock (`perf record -e cpu-clock`), which works in virtual machines
# that expose no hardware counters. Callgrind counts instructions; this also shows what they
# wait for (a load from memory, a mispredicted branch), which instruction counts cannot: the
# transposition table's first load was found this way (about 14% of the time, none of the
# instructions). Builds a release binary with line tables in target/profiling (the release
# build is left alone), runs the bench ROUNDS times under perf and prints the top LINES rows.
#   scripts/profile_wall.sh [ROUNDS] [LINES] [-- BENCH_ARGS...]
# Needs `perf` (linux-perf / linux-tools). `Searcher::new_game` (clearing the table between
# positions) shows too, though the bench does not time it.
set -euo pipefail
case "${1:-}" in -h | --help)
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
  ;;
esac
rounds=6
lines=40
if [ $# -gt 0 ] && [ "$1" != "--" ]; then rounds=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" != "--" ]; then lines=$1; shift; fi
[ "${1:-}" = "--" ] && shift
if ! [[ $rounds =~ ^[1-9][0-9]*$ && $lines =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 [ROUNDS] [LINES] [-- BENCH_ARGS...]   (ROUNDS, LINES: positive integers)" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
if ! command -v perf >/dev/null; then
  echo "no perf here (apt-get install linux-perf, or linux-tools-generic)" >&2
  exit 2
fi
CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build --release --target-dir target/profiling
bin=target/profiling/release/chimera
data=$(mktemp)
trap 'rm -f "$data"' EXIT
perf record -q -e cpu-clock -F 20000 -o "$data" -- \
  bash -c "for _ in \$(seq $rounds); do $bin bench $* >/dev/null; done"
echo "== by source line (and the function it was inlined into)"
# awk, not `grep | head`: head quits early, and under pipefail the SIGPIPE (141) ended the script.
perf report -i "$data" --no-children -g none --sort srcline,symbol --stdio 2>/dev/null |
  awk -v n="$lines" '/%/ && n-- > 0' | cut -c1-160
echo "== by function"
perf report -i "$data" --no-children -g none --sort symbol --stdio 2>/dev/null |
  awk -v n="$lines" '/%/ && n-- > 0' | cut -c1-160
