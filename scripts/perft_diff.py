#!/usr/bin/env python3
"""Differential perft: two chimera binaries must count the same nodes on random playout
positions of every game. For changes that must not change the rules (speed work): the old
binary is the reference, and every game is covered, those no other program plays included.

    scripts/perft_diff.py OLD_BINARY NEW_BINARY [--seed N] [--playouts N] [--variants FILE]

Each game (every name `chimera variants` lists, and a sample of relay names) gets PLAYOUTS
random playouts of 4 to 60 plies, chosen from the new binary's legal moves; every sixth
position and the last are counted at depth 3 (2 in relay and cancellation games) by both
binaries over UCI (`go perft`). Prints one line per game and a total; exit code 1 on any
mismatch, with the game, the moves from the start and both counts. With `--variants FILE` the
games are that file's sections instead (loaded with `VariantPath`): pieces no built-in game has.
"""
import argparse
import random
import subprocess
import sys

RELAY_SAMPLE = ["relay-chess", "anti-relay-chess", "relay-gothic", "anti-relay-grand",
                "relay-indirect-anti-relay-tutti-frutti", "cancellation-relay-chess",
                "relay-indirect-anti-relay-gothic", "hostile-relay-friendly-anti-relay-grand",
                "relay-converse-anti-relay-tutti-frutti"]


class Engine:
    def __init__(self, path, variants=None):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        if variants:
            self.send(f"setoption name VariantPath value {variants}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine exited")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def variant(self, name):
        self.send(f"setoption name UCI_Variant value {name}")
        self.send("ucinewgame")
        self.send("isready")
        lines = self.until("readyok")
        # The engine confirms a game it set up by announcing its board; a refused name would
        # leave the previous game in place and compare that one under the wrong label.
        if not any(l.startswith(f"info string variant {name} ") for l in lines):
            raise RuntimeError(f"{name}: not set up: {' / '.join(lines)}")

    def perft(self, moves, depth):
        """(total, root moves) after `moves` from the start position."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go perft {depth}")
        lines = self.until("Nodes searched")
        total = int(lines[-1].split()[-1])
        roots = [l.split(":")[0] for l in lines
                 if ":" in l and not l.startswith(("Nodes", "info"))]
        return total, roots

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--playouts", type=int, default=4)
    ap.add_argument("--variants", help="a variants file: check its games instead")
    args = ap.parse_args()
    if args.variants:
        with open(args.variants, encoding="utf-8") as f:
            names = [line.strip()[1:].split(":")[0].split("]")[0].strip()
                     for line in f if line.strip().startswith("[")]
    else:
        listed = subprocess.run([args.new, "variants"], capture_output=True, text=True,
                                check=True).stdout.splitlines()
        names = [line.split(" ")[0] for line in listed if line.strip()] + RELAY_SAMPLE
    rng = random.Random(args.seed)
    old, new = Engine(args.old, args.variants), Engine(args.new, args.variants)
    checked = bad = 0
    for name in names:
        old.variant(name)
        new.variant(name)
        depth = 2 if ("cancellation" in name or "relay" in name) else 3
        for _ in range(args.playouts):
            moves = []
            plies = rng.randrange(4, 60)
            for ply in range(plies + 1):
                if ply % 6 == 0 or ply == plies:
                    a, _ = old.perft(moves, depth)
                    b, _ = new.perft(moves, depth)
                    checked += 1
                    if a != b:
                        bad += 1
                        print(f"MISMATCH {name} moves {' '.join(moves) or '(none)'} "
                              f"depth {depth}: old {a}, new {b}", flush=True)
                _, legal = new.perft(moves, 1)
                if not legal:
                    break
                moves.append(rng.choice(legal))
        print(f"{name}: {checked} positions so far, {bad} mismatches", flush=True)
    old.close()
    new.close()
    print(f"total: {checked} positions, {bad} mismatches (seed {args.seed})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
