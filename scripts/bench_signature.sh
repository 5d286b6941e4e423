#!/usr/bin/env bash
# The search's signature over many games: the node counts of the default `bench`, of `bench 8`,
# and of `bench 8 --variant V` for 22 games (modifiers and every board width included). A change
# meant only to make the search faster must leave all of them as they were:
#   scripts/bench_signature.sh /tmp/chimera-before > /tmp/before.txt
#   scripts/bench_signature.sh target/release/chimera | diff /tmp/before.txt -
set -euo pipefail
bin=${1:-$(dirname "$0")/../target/release/chimera}
if [ ! -x "$bin" ]; then
  echo "no chimera binary at $bin (cargo build --release)" >&2
  exit 2
fi
nodes() { "$bin" bench "$@" 2>&1 | grep 'Nodes searched' | awk '{print $3}'; }
echo "default $(nodes)"
echo "bench-8 $(nodes 8)"
for v in chess capablanca grand canonical cannons-and-crabs cannons-and-crabs-7x7 canon canonic \
  kings-leap paulowich relay-chess anti-relay-chess relay-indirect-anti-relay-gothic \
  cancellation-chess cancellation-extended-capablanca caparandom gothic janus embassy \
  chancellor knight-relay tripunch; do
  echo "$v $(nodes 8 --variant "$v")"
done
