#!/usr/bin/env bash
# Chimera's search speed beside a reference engine's on the same machine, so that a nodes/s
# figure can be read apart from the host's speed (which drifts by a factor of two here from one
# day to the next). Runs `chimera bench` and Stockfish's classical bench in turn, ROUNDS times,
# then prints each one's best and median nodes/s and Chimera's share of Stockfish's.
#   scripts/nps_reference.sh [ROUNDS] [CHIMERA_BINARY]
# Needs Stockfish with its classical evaluation (Debian's `stockfish` 15.1:
# `apt-get install stockfish`); STOCKFISH names another binary.
set -euo pipefail
case "${1:-}" in -h | --help)
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
  ;;
esac
rounds=${1:-5}
chimera=${2:-$(dirname "$0")/../target/release/chimera}
if [ $# -gt 2 ] || ! [[ $rounds =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 [ROUNDS] [CHIMERA_BINARY]   (ROUNDS: a positive integer; env: STOCKFISH)" >&2
  exit 2
fi
stockfish=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
if [ ! -x "$chimera" ]; then
  echo "no chimera binary at $chimera (cargo build --release)" >&2
  exit 2
fi
if [ ! -x "$stockfish" ]; then
  echo "no stockfish at $stockfish (apt-get install stockfish, or set STOCKFISH)" >&2
  exit 2
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for _ in $(seq "$rounds"); do
  "$chimera" bench 2>/dev/null | awk '/Nodes\/second/ {print $2}' >>"$dir/chimera"
  # Stockfish's bench: hash 16, 1 thread, depth 13 of its own positions, classical evaluation.
  "$stockfish" bench 16 1 13 default depth classical 2>&1 |
    awk '/Nodes\/second/ {print $3}' >>"$dir/stockfish"
done
summary() {
  sort -n "$dir/$1" | awk -v name="$1" '{a[NR] = $1} END {
    printf "%-9s nodes/s best %d median %d (%d runs)\n", name, a[NR], a[int((NR + 1) / 2)], NR }'
}
summary chimera
summary stockfish
paste <(sort -n "$dir/chimera") <(sort -n "$dir/stockfish") | awk '{c[NR] = $1; s[NR] = $2}
  END { m = int((NR + 1) / 2); printf "chimera / stockfish: best %.2f, median %.2f\n", c[NR] / s[NR], c[m] / s[m] }'
