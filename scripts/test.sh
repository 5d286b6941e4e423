#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs the independent rules oracles (pyffish,
# python-chess) if missing, then runs every Rust test (unit, perft data, invariants, rules,
# bad input, protocol sessions, the pyffish cross-check sample).
set -euo pipefail
cd "$(dirname "$0")/.."

have_oracles() { python3 -c 'import pyffish, chess' 2>/dev/null; }
pip_quiet() { python3 -m pip install --quiet --disable-pip-version-check "$@"; }

# A distribution's own Python (Debian, Ubuntu) refuses `pip install` outside a virtual
# environment (PEP 668): then the oracles go into one under target/, put first on the PATH
# for the tests, which run `python3`.
if ! have_oracles; then
  if ! pip_quiet pyffish chess 2>/dev/null; then
    venv=target/oracles-venv
    if [ -x "$venv/bin/python3" ] || python3 -m venv "$venv"; then
      export PATH="$PWD/$venv/bin:$PATH"
      have_oracles || pip_quiet pyffish chess
    else
      echo "no virtual environment (python3-venv missing?): installing for this user" >&2
      pip_quiet --user --break-system-packages pyffish chess
    fi
  fi
fi
export CHIMERA_REQUIRE_PYFFISH=1
cargo build --release --workspace
cargo test --release --workspace "$@"
