#!/usr/bin/env bash
# Self-play matches of Chimera against itself, refereed by `chimera match`: N games (default 20)
# per game at a fast time control, for the games the issues name (Cannons and Crabs, the
# Canonical family, the cancellation games, the relay games), or those given as arguments.
# Every move is checked by the referee; a game with an illegal move, a crash or a time forfeit
# shows up in the summary. PGNs go to target/selfplay/<game>.pgn.
#
# Usage: scripts/selfplay.sh [GAME ...]        (env: GAMES=20 TC=1+0.01 CHIMERA=path CONCURRENCY=1)
set -euo pipefail
for a in "$@"; do
  case "$a" in
    -h | --help)
      sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*)
      echo "usage: $0 [GAME ...]        (env: GAMES=20 TC=1+0.01 CHIMERA=path CONCURRENCY=1)" >&2
      exit 2
      ;;
  esac
done
cd "$(dirname "$0")/.."
games=${GAMES:-20}
tc=${TC:-1+0.01}
concurrency=${CONCURRENCY:-1}
bin=${CHIMERA:-target/release/chimera}
[ -x "$bin" ] || cargo build --release
if [ $# -eq 0 ]; then
  set -- cannons-and-crabs cannons-and-crabs-7x7 canonical canonic canon \
    cancellation-chess cancellation-paulowich cancellation-cannons-and-crabs cancellation-canonical \
    anti-relay-chess relay-chess relay-indirect-anti-relay-gothic \
    relay-converse-anti-relay-tutti-frutti hostile-relay-friendly-anti-relay-grand
fi
mkdir -p target/selfplay
printf '%-42s %6s %6s %6s %6s  %s\n' game games 1-0 0-1 draw "terminations"
status=0
for v in "$@"; do
  pgn=target/selfplay/$v.pgn
  rm -f "$pgn"
  if ! "$bin" match --engine "cmd=$bin name=A" --engine "cmd=$bin name=B" --variant "$v" \
    --games "$games" --tc "$tc" --concurrency "$concurrency" --random-plies 4 --seed 7 \
    --pgn "$pgn" > "target/selfplay/$v.log" 2>&1; then
    status=1
    if [ ! -e "$pgn" ]; then
      # No game played (an unknown game name, a bad option): say why, go on with the others.
      echo "$v: chimera match failed: $(tail -n 1 "target/selfplay/$v.log")" >&2
      continue
    fi
    echo "$v: chimera match failed (see target/selfplay/$v.log)" >&2
  fi
  played=$(grep -c '^\[Result ' "$pgn" || true)
  w=$(grep -c '^\[Result "1-0"\]' "$pgn" || true)
  l=$(grep -c '^\[Result "0-1"\]' "$pgn" || true)
  d=$(grep -c '^\[Result "1/2-1/2"\]' "$pgn" || true)
  why=$(grep -o '{[^}]*}$' "target/selfplay/$v.log" | sort | uniq -c | sed 's/^ *//' | tr '\n' ';' || true)
  printf '%-42s %6s %6s %6s %6s  %s\n' "$v" "$played" "$w" "$l" "$d" "$why"
done
exit "$status"
