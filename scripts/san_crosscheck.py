#!/usr/bin/env python3
"""Cross-check the SAN that Chimera writes (PGN of `chimera match`, `chimera play`) against
Fairy-Stockfish's (pyffish), move by move, in every game both know.

    scripts/san_crosscheck.py --chimera target/release/chimera [--games N] [--seed N]
                              [--variants capablanca,grand,...]

For each game, Chimera plays itself (depth 3 against depth 2, after random opening plies) and
writes a PGN; each SAN token of it must be exactly the SAN pyffish gives one of its legal moves
in that position (disambiguation, captures, promotions, castling, `+` and `#` included). Prints
one line per game and a total; exit code 1 on any difference, printed with the position.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

try:
    import pyffish as sf
except ImportError:  # pragma: no cover
    sys.stderr.write("pyffish is not installed: pip install pyffish\n")
    sys.exit(2)

HERE = os.path.dirname(os.path.abspath(__file__))
# Chimera's name -> Fairy-Stockfish's (built in, or a section of fsf-variants.ini).
GAMES = {
    "chess": "chess",
    "capablanca": "capablanca",
    "gothic": "gothic",
    "janus": "janus",
    "embassy": "embassy",
    "chancellor": "chancellor",
    "grand": "grand",
    "tutti-frutti": "tutti-frutti",
    "paulowich": "paulowich",
}
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def pgn_games(text):
    """(start FEN or None, SAN tokens) for each game of a PGN file."""
    for game in text.split("[Event ")[1:]:
        fen = re.search(r'\[FEN "([^"]+)"\]', game)
        body = game.split("\n\n", 1)[1] if "\n\n" in game else ""
        body = re.sub(r"\{[^}]*\}", " ", body)
        tokens = []
        for t in body.split():
            t = re.sub(r"^\d+\.+", "", t)
            if t and t not in RESULTS:
                tokens.append(t)
        yield (fen.group(1) if fen else None), tokens


def check_game(fsf, start, tokens):
    """Returns None, or a description of the first SAN pyffish does not give."""
    moves = []
    for t in tokens:
        fen = sf.get_fen(fsf, start, moves)
        sans = {sf.get_san(fsf, fen, m): m for m in sf.legal_moves(fsf, fen, [])}
        if t not in sans:
            return f"'{t}' after {len(moves)} plies in {fen}; pyffish: {' '.join(sorted(sans))}"
        moves.append(sans[t])
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--chimera", required=True, help="path to the chimera binary")
    ap.add_argument("--games", type=int, default=4, help="games per variant (default 4)")
    ap.add_argument("--seed", type=int, default=7, help="opening seed (default 7)")
    ap.add_argument("--variants", help="comma-separated games (default: %s)" % ",".join(GAMES))
    args = ap.parse_args()
    names = args.variants.split(",") if args.variants else list(GAMES)
    unknown = [n for n in names if n not in GAMES]
    if unknown:
        sys.stderr.write(f"no pyffish counterpart for: {', '.join(unknown)}\n")
        return 2
    with open(os.path.join(HERE, "fsf-variants.ini")) as f:
        sf.load_variant_config(f.read())
    chimera = os.path.abspath(args.chimera)
    failures = total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            pgn = os.path.join(tmp, f"{name}.pgn")
            run = subprocess.run(
                [chimera, "match", "--engine", f"cmd={chimera} name=A depth=3",
                 "--engine", f"cmd={chimera} name=B depth=2", "--variant", name,
                 "--games", str(args.games), "--random-plies", "10", "--seed", str(args.seed),
                 "--draw-after", "120", "--pgn", pgn],
                capture_output=True, text=True)
            if run.returncode != 0:
                sys.stderr.write(f"{name}: chimera match failed:\n{run.stderr}")
                return 2
            fsf = GAMES[name]
            with open(pgn) as f:
                games = list(pgn_games(f.read()))
            plies = 0
            for start, tokens in games:
                plies += len(tokens)
                problem = check_game(fsf, start or sf.start_fen(fsf), tokens)
                if problem:
                    failures += 1
                    print(f"{name}: MISMATCH {problem}")
            total += plies
            print(f"{name}: {len(games)} games, {plies} moves")
    print(f"total: {total} moves, {failures} games with a difference")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
