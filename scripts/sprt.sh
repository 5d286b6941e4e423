#!/usr/bin/env bash
# SPRT between two versions of Chimera: builds HEAD (or $NEW) and BASE_COMMIT, each from a clean
# git worktree under target/sprt-<sha>/ (binaries are cached there), then runs
# `chimera match ... --sprt` between them until the test decides.
#
# Usage: scripts/sprt.sh BASE_COMMIT [extra `chimera match` arguments]
#   Defaults (each replaced when given among the extra arguments): --variant chess --tc 10+0.1
#   --games 20000 --concurrency <cores> --random-plies 8 --seed <random>
#   --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --pgn target/sprt-<new>-vs-<base>.pgn
# Examples:
#   scripts/sprt.sh HEAD~1
#   NEW=my-branch scripts/sprt.sh main --variant capablanca --tc 5+0.05 --sprt elo0=-5 elo1=0
set -euo pipefail

if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
if [ $# -lt 1 ]; then
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
cd "$(dirname "$0")/.."
base_ref=$1
shift
new_ref=${NEW:-HEAD}
base_sha=$(git rev-parse --verify "${base_ref}^{commit}")
new_sha=$(git rev-parse --verify "${new_ref}^{commit}")
if [ "$base_sha" = "$new_sha" ]; then
  echo "note: both versions are ${new_sha:0:10}; the SPRT should accept H0" >&2
fi

# Builds commit $1 into target/sprt-<sha>/chimera (once) and prints the binary's path. The
# worktrees share one cargo target directory, so dependencies are built only once.
build() {
  local sha=$1 dir="target/sprt-$1"
  if [ ! -x "$dir/chimera" ]; then
    mkdir -p "$dir"
    rm -rf "$dir/src"
    git worktree prune
    git worktree add --detach --force "$dir/src" "$sha" >&2
    cargo build --release --manifest-path "$dir/src/Cargo.toml" --target-dir target/sprt-build --bin chimera >&2
    cp target/sprt-build/release/chimera "$dir/chimera"
    git worktree remove --force "$dir/src" >&2
  fi
  echo "$dir/chimera"
}

new_bin=$(build "$new_sha")
base_bin=$(build "$base_sha")

has() {
  local flag=$1
  shift
  for a in "$@"; do [ "$a" = "$flag" ] && return 0; done
  return 1
}
defaults=()
has --variant "$@" || defaults+=(--variant chess)
has --tc "$@" || defaults+=(--tc 10+0.1)
has --games "$@" || defaults+=(--games 20000)
has --concurrency "$@" || defaults+=(--concurrency "$(nproc 2>/dev/null || echo 1)")
has --random-plies "$@" || has --openings "$@" || defaults+=(--random-plies 8)
has --seed "$@" || defaults+=(--seed "$RANDOM")
has --sprt "$@" || defaults+=(--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05)
has --pgn "$@" || defaults+=(--pgn "target/sprt-${new_sha:0:10}-vs-${base_sha:0:10}.pgn")

# The referee: the new version itself if it has `chimera match`, else this checkout's build.
referee=$new_bin
if ! "$referee" match --help >/dev/null 2>&1; then
  cargo build --release --bin chimera >&2
  referee=target/release/chimera
fi
set -x
exec "$referee" match \
  --engine "cmd=$new_bin name=new-${new_sha:0:7} option.Threads=1" \
  --engine "cmd=$base_bin name=base-${base_sha:0:7} option.Threads=1" \
  "${defaults[@]}" "$@"
