#!/usr/bin/env bash
# A profile-guided release build (optional; `cargo build --release` stays the normal build).
# 1. builds an instrumented binary, 2. runs a training load on it: short self-play games
# (node-limited, random openings) in games of every board size and rule family, and perft in a
# few games, 3. merges the profile with the toolchain's own llvm-profdata (the rustup component
# llvm-tools, added if missing: the profile format follows rustc's LLVM version), 4. rebuilds
# with the profile. The result is target/pgo/release/chimera; same code, same search, same
# bench node count. The training load plays no `bench` position on purpose: trained on the
# bench (as this script once was) the build ran the bench 3-5% faster but games outside its
# training 2-4% slower than the plain build; trained on play it is 0-2% faster on both
# (README, Speed, session 40).
#   scripts/pgo-build.sh
set -euo pipefail
case "${1:-}" in -h | --help)
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
  ;;
esac
if [ $# -ne 0 ]; then
  echo "usage: $0   (no arguments; -h/--help describes the build)" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
root=$(pwd)
profiles="$root/target/pgo-profiles"
rustup component add llvm-tools >/dev/null 2>&1 || true
sysroot=$(rustc --print sysroot)
host=$(rustc -vV | awk '/^host:/ {print $2}')
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
  echo "pgo-build: $profdata not found (rustup component add llvm-tools)" >&2
  exit 1
fi
# RUSTFLAGS replaces .cargo/config.toml's flags: keep its CPU level.
base_flags=""
case "$host" in x86_64-*) base_flags="-C target-cpu=x86-64-v2" ;; esac

rm -rf "$profiles"
RUSTFLAGS="$base_flags -Cprofile-generate=$profiles" \
  cargo build --release --quiet --target-dir target/pgo-gen
trainer=target/pgo-gen/release/chimera
for game in chess fischerandom capablanca gothic janus embassy grand chancellor tutti-frutti \
  paulowich paulowich-crosswise kings-leap cannons-and-crabs canonical canonic relay-chess \
  anti-relay-chess hostile-relay-friendly-anti-relay-grand cancellation-chess knight-relay; do
  "$trainer" match --variant "$game" --games 2 --random-plies 6 --seed 11 --draw-after 40 \
    --engine "cmd=$trainer name=a nodes=20000" --engine "cmd=$trainer name=b nodes=20000" \
    >/dev/null
done
for game in chess capablanca grand canonical cannons-and-crabs paulowich; do
  "$trainer" perft --variant "$game" --depth 3 >/dev/null
done
"$profdata" merge -o "$profiles/merged.profdata" "$profiles"

RUSTFLAGS="$base_flags -Cprofile-use=$profiles/merged.profdata" \
  cargo build --release --quiet --target-dir target/pgo
echo "built target/pgo/release/chimera"
target/pgo/release/chimera bench | tail -3
