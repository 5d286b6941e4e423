#!/usr/bin/env python3
"""Chimera's search speed beside Fairy-Stockfish's on the same positions, game by game.

`scripts/nps_reference.sh` compares the whole bench with Stockfish's chess bench; this compares
like with like on the boards Stockfish does not play: each of `chimera bench`'s positions whose
game Fairy-Stockfish knows by the same name (chess, capablanca, grand, chancellor, janus) is
searched by each engine in turn for the same time, one thread, 16 MB of hash, and each one's
nodes/s is read from its last `info` line. Both engines are driven over UCI.

    scripts/nps_fairy.py [--movetime MS] [--rounds N] [--chimera PATH] [--fairy PATH]

Needs Fairy-Stockfish (Debian: `apt-get install fairy-stockfish`, 11.1, classical evaluation).
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH_RS = os.path.join(HERE, "..", "src", "bench.rs")
# Games both engines know by the same name and rules.
SHARED_GAMES = {"chess", "capablanca", "grand", "chancellor", "janus"}


def bench_positions():
    """(game, FEN) pairs of `chimera bench`, read from its source so the two never drift."""
    with open(BENCH_RS, encoding="utf-8") as f:
        text = f.read()
    pairs = re.findall(r'\(\s*"([a-z-]+)",\s*"([^"]+)",?\s*\)', text)
    if not pairs:
        sys.exit(f"no bench positions found in {BENCH_RS}")
    return pairs


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, word):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"engine ended while waiting for {word!r}")
            lines.append(line.strip())
            if line.split()[:1] == [word]:
                return lines

    def nps(self, game, fen, movetime):
        self.send(f"setoption name UCI_Variant value {game}")
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send("isready")
        self.wait_for("readyok")
        self.send(f"go movetime {movetime}")
        last = None
        for line in self.wait_for("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "nps" in words:
                last = words
        if last is None:
            sys.exit(f"no info line with nps for {game} {fen}")

        def field(name):
            return int(last[last.index(name) + 1])

        # A search that ends well before its time (a mate proved) measures mostly its start.
        return field("nps"), field("depth"), field("time") >= movetime // 2

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--movetime", type=int, default=3000, help="ms per search (default 3000)")
    ap.add_argument("--rounds", type=int, default=3, help="searches per engine and position")
    ap.add_argument("--chimera", default=os.path.join(HERE, "..", "target", "release", "chimera"))
    ap.add_argument("--fairy", default=shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish")
    args = ap.parse_args()
    for path in (args.chimera, args.fairy):
        if not os.access(path, os.X_OK):
            sys.exit(f"no engine at {path} (cargo build --release; apt-get install fairy-stockfish)")
    chimera, fairy = Engine(args.chimera), Engine(args.fairy)
    print(f"{'game':<11} {'position':<28} {'chimera nps':>12} {'fairy nps':>10} {'share':>6}"
          f"  depths (median of {args.rounds}, {args.movetime} ms each)")
    shares = []
    for game, fen in bench_positions():
        if game not in SHARED_GAMES:
            continue
        ours, theirs, our_depths, their_depths = [], [], [], []
        full_time = True
        for _ in range(args.rounds):
            nps, depth, full = chimera.nps(game, fen, args.movetime)
            ours.append(nps)
            our_depths.append(depth)
            full_time &= full
            nps, depth, full = fairy.nps(game, fen, args.movetime)
            theirs.append(nps)
            their_depths.append(depth)
            full_time &= full
        a, b = statistics.median(ours), statistics.median(theirs)
        note = ""
        if full_time:
            shares.append(a / b)
        else:
            note = "  (a search ended early: left out of the mean)"
        print(f"{game:<11} {fen[:28]:<28} {a:>12,.0f} {b:>10,.0f} {a / b:>6.2f}"
              f"  {statistics.median(our_depths):.0f} / {statistics.median(their_depths):.0f}{note}")
    chimera.close()
    fairy.close()
    print(f"geometric mean of the shares: {statistics.geometric_mean(shares):.2f}")


if __name__ == "__main__":
    main()
