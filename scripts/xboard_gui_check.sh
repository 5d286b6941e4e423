#!/usr/bin/env bash
# Plays complete engine-vs-engine games in the real XBoard GUI, headless under xvfb, saves
# them as PGN and checks that every game replays legally by Chimera's rules and ended by the
# rules (mate, stalemate, repetition, move rule, material; no forfeit, no false claim), and
# that XBoard's debug log holds no refused move and no error from Chimera.
#
#   apt-get install -y xboard xvfb xauth fairymax         # once (fairymax: optional)
#   scripts/xboard_gui_check.sh                            # the default games, ~20 minutes
#   GAMES=1 TC=0:10 INC=0.1 scripts/xboard_gui_check.sh paulowich grand
#
# Chimera is both engines, and plays Fairy-Max (if installed) in the games Fairy-Max knows
# (Capablanca Chess; Fairy-Max has no 10x10 board, so no Grand Chess). The GUI's legality
# testing is on for the games XBoard can check by itself (its own games and engine-defined
# games that Betza describes fully) and off for the others, as the engine itself reports
# (`d` prints "XBoard: NAME (exact|beyond Betza)"). One more game makes XBoard play King's
# Leap Chess's king leap (e1-g1) against Chimera, to check that the GUI and the engine agree
# on it. Output in $OUT: one PGN, XBoard debug log and XBoard output per game, and
# results.txt (one line per game: name, players, result, reason).
#
# Environment: GAMES (per game type, default 2), TC (XBoard -tc, default 0:15), INC
# (default 0.1), PONDER (true/false, default false: two pondering engines on a small machine
# lose on time), EXTRA (0: only the games named, no Fairy-Max and no scripted game), OUT
# (default target/xboard-gui), CARGO_TARGET_DIR (where the engine is built).
set -euo pipefail

cd "$(dirname "$0")/.."
GAMES=${GAMES:-2}
TC=${TC:-0:15}
INC=${INC:-0.1}
PONDER=${PONDER:-false}
EXTRA=${EXTRA:-1}
OUT=${OUT:-target/xboard-gui}
VARIANTS=("$@")
if [ ${#VARIANTS[@]} -eq 0 ]; then
    VARIANTS=(paulowich kings-leap capablanca grand cannons-and-crabs canonical relay-chess)
fi
for v in "${VARIANTS[@]}"; do
    # Chimera answers `variant cancellation-…` with an error (UCI only), and XBoard then waits
    # for a game that never starts.
    case "$v" in
    cancellation-*) echo "$v: the cancellation games are UCI only (see the README)" >&2; exit 2 ;;
    esac
done

XBOARD=$(command -v xboard || echo /usr/games/xboard)
[ -x "$XBOARD" ] || { echo "xboard is not installed (apt-get install -y xboard xvfb xauth)" >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "xvfb-run is not installed (apt-get install -y xvfb xauth)" >&2; exit 2; }
FAIRYMAX=$(command -v fairymax || echo /usr/games/fairymax)

cargo build --release --quiet
ENGINE=$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/release/chimera
rm -rf "$OUT"
mkdir -p "$OUT/home"
OUT=$(cd "$OUT" && pwd)

# How the engine describes a game to XBoard: "# XBoard: NAME (exact)" or "(beyond Betza: ...)".
described() {
    printf 'xboard\nvariant %s\nd\nquit\n' "$1" | "$ENGINE" xboard | grep '^# XBoard: ' || true
}

status=0
fail() {
    echo "FAIL: $*"
    status=1
}

# xboard_game NAME VARIANT LEGALITY FIRST SECOND [more xboard options]
xboard_game() {
    local name=$1 variant=$2 legal=$3 first=$4 second=$5
    shift 5
    echo "== $name: $variant, $GAMES game(s), legality testing $legal"
    # A private HOME: XBoard reads and rewrites ~/.xboardrc (cargo still needs the real one).
    HOME=$OUT/home timeout 1800 xvfb-run -a "$XBOARD" -fcp "$first" -scp "$second" -variant "$variant" \
        -mg "$GAMES" -tc "$TC" -inc "$INC" -testLegality "$legal" -ponderNextMove "$PONDER" \
        -sgf "$OUT/$name.pgn" -debug -nameOfDebugFile "$OUT/$name.debug" \
        -popupExitMessage false -popupMoveErrors false -autoCallFlag true \
        -saveSettingsOnExit false "$@" >"$OUT/$name.log" 2>&1 || fail "$name: xboard exited with status $?"
    # XBoard's fatal messages ("Variant ... not supported", "... does not play this"); it
    # also ends a match with "xboard: Match ...: final score".
    if grep -E '^xboard: ' "$OUT/$name.log" | grep -v ': final score '; then
        fail "$name: XBoard refused the game"
    fi
    # What Chimera said that a GUI treats as an error, and moves XBoard refused.
    local tags=()
    [ "$first" = "$ENGINE" ] && tags+=("first ")
    [ "$second" = "$ENGINE" ] && tags+=("second")
    for t in "${tags[@]}"; do
        if grep -E "^[0-9]+ <$t: (Error|Illegal move|tellusererror|telluser )" "$OUT/$name.debug"; then
            fail "$name: Chimera reported an error"
        fi
    done
    if grep -iE 'illegal move|false (draw|win|mate) claim|protocol error' "$OUT/$name.debug" \
        | grep -vE '^[0-9]+ >(first |second): ' | head -5 | grep .; then
        fail "$name: XBoard refused a move or a claim"
    fi
    [ -s "$OUT/$name.pgn" ] || { fail "$name: no game saved"; return; }
    local played
    played=$(grep -c '^\[Result ' "$OUT/$name.pgn" || true)
    [ "$played" -eq "$GAMES" ] || fail "$name: $played of $GAMES games saved"
    # One line per game: players, result and XBoard's reason (the last comment).
    awk -v name="$name" '
        /^\[White / { w = $0; sub(/^\[White "/, "", w); sub(/"\]$/, "", w) }
        /^\[Black / { b = $0; sub(/^\[Black "/, "", b); sub(/"\]$/, "", b) }
        /^\[Result / { r = $0; sub(/^\[Result "/, "", r); sub(/"\]$/, "", r) }
        /^\{[^}]*\} (1-0|0-1|1\/2-1\/2|\*)$/ { why = $0; sub(/^\{/, "", why); sub(/\} .*$/, "", why);
            printf "%s: %s vs %s %s {%s}\n", name, w, b, r, why }
    ' "$OUT/$name.pgn" | tee -a "$OUT/results.txt"
}

for v in "${VARIANTS[@]}"; do
    how=$(described "$v")
    extra=()
    case "$how" in
        *"(exact)") legal=true ;;
        *) legal=false ;;
    esac
    # No draws by repetition or by a move rule where the game has none.
    case "$how" in *"repeating a position is illegal"*) extra+=(-repeatsToDraw 0) ;; esac
    case "$how" in *"move rule is 0 plies"*) extra+=(-ruleMoves 0) ;; esac
    xboard_game "$v" "$v" "$legal" "$ENGINE" "$ENGINE" "${extra[@]}"
done

if [ "$EXTRA" = 0 ]; then
    echo "== EXTRA=0: no games against Fairy-Max or the scripted engine"
elif [ -x "$FAIRYMAX" ]; then
    for v in capablanca grand; do
        if grep -q "^Game: $v\b" /usr/share/games/fairymax/fmax.ini 2>/dev/null; then
            xboard_game "$v-fairymax" "$v" true "$ENGINE" "$FAIRYMAX"
        else
            echo "== Fairy-Max does not play $v: no game against it"
        fi
    done
else
    echo "== fairymax is not installed: no game against Fairy-Max"
fi

# King's Leap Chess: a scripted XBoard engine (White) plays Nf3 and the king's leap e1-g1;
# Chimera (Black) must accept it and the GUI must keep the board (queen still on h1).
cat >"$OUT/scripted.py" <<'EOF'
#!/usr/bin/env python3
import sys
variants, moves = sys.argv[1], sys.argv[2:]
def out(s):
    sys.stdout.write(s + "\n"); sys.stdout.flush()
force = False
while True:
    line = sys.stdin.readline()
    if not line:
        break
    w = line.split()
    if not w:
        continue
    if w[0] == "protover":
        out('feature ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 colors=0 myname="Scripted" variants="%s" done=1' % variants)
    elif w[0] == "ping":
        out("pong " + w[1])
    elif w[0] == "quit":
        break
    elif w[0] in ("force", "result"):
        force = True
    elif w[0] == "new":
        force = False
    elif w[0] in ("go", "usermove"):
        if w[0] == "go":
            force = False
        if not force:
            out("move " + moves.pop(0) if moves else "resign")
EOF
chmod +x "$OUT/scripted.py"
if [ "$EXTRA" != 0 ]; then
    GAMES=1 xboard_game kings-leap-leap kings-leap false "$ENGINE" "$OUT/scripted.py kings-leap g1f3 e1g1" \
        -firstPlaysBlack true -savePositionFile "$OUT/kings-leap-leap.fen"
    if ! grep -q '2\. O-O' "$OUT/kings-leap-leap.pgn" || ! grep -q '/CNBR1BKQ ' "$OUT/kings-leap-leap.fen"; then
        fail "the king's leap e1-g1 did not reach the GUI's board as a leap"
    fi
fi

echo "== replaying the saved games by Chimera's rules"
pgns=""
for v in "${VARIANTS[@]}" capablanca-fairymax grand-fairymax; do
    [ -s "$OUT/$v.pgn" ] && pgns="$pgns $OUT/$v.pgn"
done
CHIMERA_XBOARD_PGN="$pgns" cargo test --release --quiet --test xboard_session replay_gui_games -- --ignored --nocapture || fail "a saved game does not replay by Chimera's rules"
echo "== results ($OUT/results.txt)"
cat "$OUT/results.txt"
[ $status -eq 0 ] && echo "xboard_gui_check: all games legal and ended by the rules" || echo "xboard_gui_check: FAILED"
exit $status
