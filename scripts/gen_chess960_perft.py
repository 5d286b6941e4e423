#!/usr/bin/env python3
"""Write engine-tests/perft/fischerandom.perft and caparandom.perft with counts from independent
implementations: python-chess (`pip install chess`, chess960 mode) for fischerandom, pyffish
(`pip install pyffish`) for caparandom. Positions: seeded Fischer Random starts with thinned
back ranks (so that castling is often possible), a few seeded random plies after them, and
the two published ones below.

    scripts/gen_chess960_perft.py            # write both files (seed 1)
    scripts/gen_chess960_perft.py --check    # recompute and compare with the files
"""

import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "oracles"))
from chimera_driver import fen_row  # noqa: E402  (the oracles' FEN row writer)
OUT = os.path.join(HERE, "..", "engine-tests", "perft")
NODE_LIMIT = 300_000
PUBLISHED = {
    # The Chess960 perft suite of the chess programming wiki, positions 1 and 2.
    "fischerandom": [
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    ],
    "caparandom": [],
}


def back_rank(game, rng):
    pieces = list("rnbqkbnr") if game == "fischerandom" else list("rnabqkbcnr")
    while True:
        rng.shuffle(pieces)
        bishops = [i for i, p in enumerate(pieces) if p == "b"]
        rooks = [i for i, p in enumerate(pieces) if p == "r"]
        king = pieces.index("k")
        if (bishops[0] - bishops[1]) % 2 == 1 and rooks[0] < king < rooks[1]:
            return pieces


def thinned_start(game, rng):
    """A shuffled start with most pieces other than kings and rooks taken off."""
    files = 8 if game == "fischerandom" else 10
    row = back_rank(game, rng)
    keep = lambda p, prob: p if p in "kr" or rng.random() >= prob else None  # noqa: E731
    white = [keep(p, 0.7) for p in row]
    black = [keep(p, 0.7) for p in row]
    wp = [keep("p", 0.3) for _ in range(files)]
    bp = [keep("p", 0.3) for _ in range(files)]
    rows = [fen_row(black), fen_row(bp)] + [str(files)] * 4
    rows += [fen_row([p and p.upper() for p in wp]), fen_row([p and p.upper() for p in white])]
    return "/".join(rows) + " w KQkq - 0 1"


class PythonChess:
    def __init__(self):
        import chess

        self.chess = chess

    def board(self, fen):
        return self.chess.Board(fen, chess960=True)

    def moves(self, fen):
        return [m.uci() for m in self.board(fen).legal_moves]

    def play(self, fen, move):
        b = self.board(fen)
        b.push_uci(move)
        return b.fen()

    def perft(self, fen, depth):
        def go(b, d):
            if d == 1:
                return b.legal_moves.count()
            n = 0
            for m in b.legal_moves:
                b.push(m)
                n += go(b, d - 1)
                b.pop()
            return n

        return go(self.board(fen), depth)


class Pyffish:
    def __init__(self, variant):
        import pyffish

        self.sf, self.variant = pyffish, variant

    def moves(self, fen):
        return self.sf.legal_moves(self.variant, fen, [], True)

    def play(self, fen, move):
        return self.sf.get_fen(self.variant, fen, [move], True)

    def perft(self, fen, depth):
        moves = self.moves(fen)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.play(fen, m), depth - 1) for m in moves)


def blocks(game, oracle, seed):
    rng = random.Random(f"{game}-{seed}")
    fens = list(PUBLISHED[game])
    while len(fens) < 14:
        fen = thinned_start(game, rng)
        for _ in range(rng.randrange(0, 5)):
            moves = oracle.moves(fen)
            if not moves:
                break
            fen = oracle.play(fen, rng.choice(moves))
        if oracle.moves(fen):
            fens.append(fen)
    out = []
    for i, fen in enumerate(fens):
        lines = [f"id {game}-{i}", f"variant {game}", f"fen {fen}"]
        for depth in range(1, 5):
            n = oracle.perft(fen, depth)
            lines.append(f"perft {depth} {n}")
            if n * 30 > NODE_LIMIT:
                break
        out.append("\n".join(lines))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    failed = False
    for game, oracle in [("fischerandom", PythonChess()), ("caparandom", Pyffish("caparandom"))]:
        source = "python-chess (chess960 mode)" if game == "fischerandom" else "pyffish"
        text = (
            f"# {game}: counts computed by {source}, independent of Chimera\n"
            f"# (scripts/gen_chess960_perft.py, seed {args.seed}).\n\n"
            + "\n\n".join(blocks(game, oracle, args.seed))
            + "\n"
        )
        path = os.path.join(OUT, f"{game}.perft")
        if args.check:
            same = os.path.exists(path) and open(path).read() == text
            print(f"{path}: {'same' if same else 'DIFFERENT'}")
            failed |= not same
        else:
            open(path, "w").write(text)
            print(f"wrote {path}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
