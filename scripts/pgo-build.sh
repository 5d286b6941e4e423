#!/usr/bin/env bash
# A profile-guided release build (optional; `cargo build --release` stays the normal build).
# 1. builds an instrumented binary, 2. runs a training load on it: `bench` at depth 9 (not the
# default 11 that measures speed), the same for cancellation and relay games, and perft in
# several games, 3. merges the profile with the toolchain's own llvm-profdata (the rustup
# component llvm-tools, added if missing: the profile format follows rustc's LLVM version),
# 4. rebuilds with the profile. The result is target/pgo/release/chimera; same code, same
# search, same bench node count, about 3% more nodes/s on this machine (README, Speed).
#   scripts/pgo-build.sh
set -euo pipefail
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
"$trainer" bench 9 >/dev/null
for game in cancellation-chess relay-chess hostile-relay-friendly-anti-relay-grand; do
  "$trainer" bench 9 --variant "$game" >/dev/null
done
for game in chess capablanca grand canonical cannons-and-crabs paulowich; do
  "$trainer" perft --variant "$game" --depth 4 >/dev/null
done
"$profdata" merge -o "$profiles/merged.profdata" "$profiles"

RUSTFLAGS="$base_flags -Cprofile-use=$profiles/merged.profdata" \
  cargo build --release --quiet --target-dir target/pgo
echo "built target/pgo/release/chimera"
target/pgo/release/chimera bench | tail -3
