#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs the independent rules oracles (pyffish,
# python-chess) if missing, then runs every Rust test (unit, perft data, invariants, rules,
# bad input, protocol sessions, the pyffish cross-check sample).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! python3 -c 'import pyffish, chess' 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check pyffish chess
fi
export CHIMERA_REQUIRE_PYFFISH=1
cargo build --release --workspace
cargo test --release --workspace "$@"
