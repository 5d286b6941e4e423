#!/usr/bin/env python3
"""How soon a UCI engine sees forced mates: for each position of an EPD-like file (`FEN;N`,
a mate in N for the side to move), the first depth at which the engine reports a mate in N or
fewer moves, then the mean and the worst of those depths, and the mean nodes, per N.

    scripts/mate_depth.py target/release/chimera [--max-depth 16] [--file scripts/mates.epd]

A position where no such mate is reported up to --max-depth counts as --max-depth + 1 and as
missed. `--generate COUNT` writes a new file instead (COUNT positions for each N in 2..4,
found by Stockfish at depth 12 in games of Stockfish at depth 4 that play a random move 30% of
the time; needs python-chess and `stockfish`): scripts/mates.epd was made this way, with --seed
62 (Stockfish's own play may differ from run to run).
"""
import argparse
import random
import re
import subprocess
import sys

MATE = re.compile(r"\binfo\b.*\bdepth (\d+)\b.*\bscore mate (-?\d+)\b.*\bnodes (\d+)")


def read_positions(path):
    positions = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                fen, moves = line.rsplit(";", 1)
                positions.append((fen, int(moves)))
    return positions


def measure(engine, positions, max_depth):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(command):
        p.stdin.write(command + "\n")
        p.stdin.flush()

    send("uci")
    while p.stdout.readline().strip() != "uciok":
        pass
    depths, nodes, missed = {}, {}, 0
    for fen, n in positions:
        send("ucinewgame")
        send(f"position fen {fen}")
        send(f"go depth {max_depth}")
        found = None
        for line in p.stdout:
            if line.startswith("bestmove"):
                break
            m = MATE.search(line)
            if m and found is None and 0 < int(m.group(2)) <= n:
                found = (int(m.group(1)), int(m.group(3)))
        if found is None:
            missed += 1
            found = (max_depth + 1, 0)
        depths.setdefault(n, []).append(found[0])
        nodes.setdefault(n, []).append(found[1])
    send("quit")
    p.wait()
    for n in sorted(depths):
        d = depths[n]
        print(
            f"mate {n}: {len(d)} positions, mean depth {sum(d) / len(d):.2f}, worst {max(d)}, "
            f"mean nodes {sum(nodes[n]) / len(d):.0f}"
        )
    print(f"missed: {missed}")


def generate(path, count, seed):
    import chess
    import chess.engine

    rng = random.Random(seed)
    sf = chess.engine.SimpleEngine.popen_uci("stockfish")
    found = {2: 0, 3: 0, 4: 0}
    with open(path, "w") as out:
        out.write(f"# FEN;N (mate in N), scripts/mate_depth.py --generate {count} --seed {seed}\n")
        while min(found.values()) < count:
            board = chess.Board()
            while not board.is_game_over() and board.ply() < 160:
                if rng.random() < 0.3:
                    move = rng.choice(list(board.legal_moves))
                else:
                    move = sf.play(board, chess.engine.Limit(depth=4)).move
                board.push(move)
                if board.ply() > 20 and rng.random() < 0.25:
                    score = sf.analyse(board, chess.engine.Limit(depth=12))["score"]
                    mate = score.pov(board.turn).mate()
                    if mate in found and found[mate] < count:
                        found[mate] += 1
                        out.write(f"{board.fen()};{mate}\n")
                        break
    sf.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("engine", nargs="?", help="the UCI engine to measure")
    ap.add_argument("--file", default="scripts/mates.epd")
    ap.add_argument("--max-depth", type=int, default=16)
    ap.add_argument("--generate", type=int, metavar="COUNT")
    ap.add_argument("--seed", type=int, default=62)
    args = ap.parse_args()
    if args.generate:
        generate(args.file, args.generate, args.seed)
    elif args.engine:
        measure(args.engine, read_positions(args.file), args.max_depth)
    else:
        ap.error("name an engine, or --generate COUNT")


if __name__ == "__main__":
    sys.exit(main())
