#!/usr/bin/env python3
"""Check Chimera's move generation on the positions it reaches in its own games.

Chimera plays games against itself over UCI (`go nodes N`, with a seeded fraction of random
plies mixed in). At every ply the driver compares
  * Chimera's legal move set (`go perft 1`) with an independent oracle's for the same position;
  * the position after each move: Chimera's FEN (the `Fen:` line of `d`) with the oracle's FEN
    after the same move (the FEN fields the oracle keeps, see below; the en-passant field counts
    only where a pawn can really take there, since some oracles write it after every double step);
  * Chimera's search move, which must be one of the moves of its own perft list.
A game stops at the first difference, when there is no legal move, or at --max-plies.

Oracles (`--variants` defaults to every name of `chimera variants` that has one, plus cancellation
over the five listed relay names; the run prints which oracle each game uses):
  pyffish       chess, capablanca, gothic, janus, embassy, chancellor, grand, tutti-frutti,
                paulowich (scripts/fsf-variants.ini), paulowich-crosswise (FSF on the mirrored
                board) and kings-leap (HYBRID: FSF plus the leap in Python), all through
                scripts/crosscheck_pyffish.py's oracles and name mapping;
  pyffish-960   fischerandom, caparandom (pyffish's chess960 mode; each game starts from a seeded
                random array; castling fields compared as the set of partner files);
  canonical.py  canonical, canonic, canon          (FEN: board and side to move only)
  cannons_and_crabs.py  cannons-and-crabs, cannons-and-crabs-7x7
  relay.py      relay / anti-relay names over chess, capablanca, gothic, tutti-frutti, grand
                (FEN: no move clocks)
  cancellation.py  cancellation-<base> and cancellation-extended-<base> over its bases
  cancellation_relay.py  cancellation-<relay name>                   (FEN: no move clocks)
  tripunch.py, knight_relay.py  tripunch, knight-relay
Every oracle gives a FEN after each move, so both checks run everywhere; canonical.py writes
no castling, en-passant or clock fields and relay.py / cancellation_relay.py no clocks, so those
fields are not compared there.

    python3 scripts/oracles/engine_games.py --chimera target/release/chimera \\
        [--variants chess,grand] [--games 2] [--nodes 3000] [--random-plies 0.3] \\
        [--max-plies 80] [--seed 1] [--jobs 4]

Output: one line per game (variant, plies, positions compared, result), a table per variant and
a total line. Exit status 1 on any difference (the FEN, the moves only one side has and the
`position` command leading there are printed), 2 on usage errors.
"""

import argparse
import multiprocessing as mp
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))

import pyffish as sf  # noqa: E402
import board8  # noqa: E402
import canonical as CN  # noqa: E402
import cancellation as CA  # noqa: E402
import cancellation_relay as CR  # noqa: E402
import cannons_and_crabs as CC  # noqa: E402
import crosscheck_pyffish as XP  # noqa: E402
import gen_chess960_perft as G960  # noqa: E402
import knight_relay as KR  # noqa: E402
import relay as RL  # noqa: E402
import tripunch as TP  # noqa: E402
from chimera_driver import ChimeraUci  # noqa: E402

FIELDS = ("board", "side", "castling", "ep", "half", "full", "place")
NO_CLOCKS = FIELDS[:4] + ("place",)
LISTED_RELAYS = ["anti-relay-chess", "relay-chess", "relay-indirect-anti-relay-gothic",
                 "relay-converse-anti-relay-tutti-frutti", "hostile-relay-friendly-anti-relay-grand"]
MOVE_RE = re.compile(r"^([a-p])(\d+)([a-p])(\d+)")
DIVIDE_LINE = re.compile(r"^(\S+):\s*(\d+)$")


# ------------------------------------------------------------------------------------------
# Oracle adapters: start(fen) -> state; legal(state) -> {move text: move}; play(state, move)
# -> next state (may update state in place); fen(state) -> FEN text. The defaults suit an
# oracle whose state is a FEN and whose legal() gives the next state as the move.
class Oracle:
    fields, chess960 = FIELDS, False

    def start(self, fen):
        return fen

    def play(self, state, nxt):
        return nxt

    def fen(self, state):
        return state


class Pyffish(Oracle):
    def __init__(self, variant):
        self.o = XP.make_oracle(variant)
        self.label = "pyffish" + (" [hybrid: FSF + Python King's Leap]" if self.o.hybrid else "")
        self.label += " [mirrored-board reduction]" if variant == "paulowich-crosswise" else ""

    def legal(self, fen):
        return {m: m for m in self.o.legal(fen)}

    def play(self, fen, m):
        return self.o.child(fen, m)


class Pyffish960(Oracle):
    chess960, label = True, "pyffish chess960 mode"

    def __init__(self, variant):
        self.v = {"fischerandom": "chess", "caparandom": "capablanca"}[variant]

    def legal(self, fen):
        return {m: m for m in sf.legal_moves(self.v, fen, [], True)}

    def play(self, fen, m):
        return sf.get_fen(self.v, fen, [m], True)


class Canonical(Oracle):
    fields, label = ("board", "side"), "canonical.py"

    def __init__(self, variant):
        self.v = variant

    def start(self, fen):
        return CN.setup(self.v, fen)  # (position, set of the game's position keys)

    def legal(self, st):
        return {CN.mname(st[0].g, m): m for m in CN.legal_moves(*st)}

    def play(self, st, m):
        CN.make(st[0], m)
        st[1].add(st[0].key())
        return st

    def fen(self, st):
        return st[0].fen()


class CannonsAndCrabs(Oracle):
    label = "cannons_and_crabs.py"

    def __init__(self, variant):
        self.h = CC.VARIANTS[variant][0]

    def start(self, fen):
        return CC.parse_fen(fen, self.h)

    def legal(self, pos):
        return {CC.uci(m): CC.make(pos, m) for m in CC.legal_moves(pos)}

    def fen(self, pos):
        return pos.fen()


class Relay(Oracle):
    fields, label = NO_CLOCKS, "relay.py"

    def __init__(self, variant):
        self.g = RL.Game(variant)
        self.start, self.fen = self.g.parse_fen, self.g.fen

    def legal(self, pos):
        return {self.g.uci(m): self.g.make(pos, m) for m in self.g.legal(pos)}


class Cancellation(Oracle):
    """cancellation.py: legal() yields (text, next position); Canonical keeps the game's keys."""
    label = "cancellation.py"

    def __init__(self, variant):
        self.g = CA.game_of(variant)

    def start(self, fen):
        pos = CA.parse_fen(self.g, fen)
        return pos, ({pos.key()} if self.g.no_repetition else None)

    def legal(self, st):
        return dict(CA.legal(*st))

    def play(self, st, nxt):
        if st[1] is not None:
            st[1].add(nxt.key())
        return nxt, st[1]

    def fen(self, st):
        return st[0].fen()


class CancellationRelay(Oracle):
    fields, label = NO_CLOCKS, "cancellation_relay.py"

    def __init__(self, variant):
        self.cr = CR.CR(variant)
        self.start, self.fen = self.cr.parse_fen, self.cr.fen

    def legal(self, pos):
        return dict(self.cr.legal(pos))


class Board8(Oracle):
    """tripunch.py and knight_relay.py: one mutable Position, moves made in place."""

    def __init__(self, variant):
        self.mod = TP if variant == "tripunch" else KR
        self.label = self.mod.__name__ + ".py"

    def start(self, fen):
        return self.mod.setup(fen)

    def legal(self, pos):
        return {board8.mname(m): m for m in pos.legal_moves()}

    def play(self, pos, m):
        pos.make(m)
        pos.stack = []
        return pos

    def fen(self, pos):
        return pos.fen()


def is_relay_name(name):
    try:
        return RL.parse_name(name)[2] in RL.BASES
    except (AssertionError, IndexError):
        return False


def make_oracle(variant):
    """The adapter for `variant`, or None where no oracle plays it."""
    if variant in XP.GAMES:
        return Pyffish(variant)
    if variant in ("fischerandom", "caparandom"):
        return Pyffish960(variant)
    if variant in CN.VARIANTS:
        return Canonical(variant)
    if variant in CC.VARIANTS:
        return CannonsAndCrabs(variant)
    if variant in ("tripunch", "knight-relay"):
        return Board8(variant)
    if variant.startswith("cancellation-"):
        if CA.base_name(variant) in CA.GAMES:
            return Cancellation(variant)
        if is_relay_name(variant[len("cancellation-"):]):
            return CancellationRelay(variant)
        return None
    return Relay(variant) if is_relay_name(variant) else None


# ------------------------------------------------------------------------------------------
# FEN comparison
def pawn_takes_on(ranks, square, moves):
    """Does one of `moves` (texts) take on `square` with a pawn (the e.p. test)?"""
    for mt in filter(None, map(MOVE_RE.match, moves)):
        f, r = XP.sq(mt.group(1) + mt.group(2))
        if mt.group(3) + mt.group(4) == square and (ranks[r][f] or "").lower() == "p":
            return True
    return False


def castling_files(ranks, field):
    """Chess960 castling field (KQkq as X-FEN or Shredder file letters) -> set of partner files."""
    out = set()
    for ch in field.replace("-", ""):
        white = ch.isupper()
        row = ranks[0] if white else ranks[-1]
        if ch in "KQkq":
            king = row.index("K" if white else "k")
            rook = "R" if white else "r"
            side = range(len(row) - 1, king, -1) if ch in "Kk" else range(0, king)
            ch = next((chr(97 + f) for f in side if row[f] == rook), "?")
        out.add(("w" if white else "b") + ch.lower())
    return ",".join(sorted(out))


def fen_key(fen, fields, moves, chess960):
    """The compared fields of `fen` (moves: the agreed legal moves, for the e.p. test)."""
    parts = fen.split()
    place = parts.pop() if parts[-1].startswith("place=") else "-"
    parts += ["0", "1"][len(parts) - 4:] if len(parts) < 6 else []
    d = dict(zip(FIELDS, parts[:6] + [place]))
    ranks = XP.parse_board(d["board"])
    if d["ep"] != "-" and not pawn_takes_on(ranks, d["ep"], moves):
        d["ep"] = "-"
    if chess960:
        d["castling"] = castling_files(ranks, d["castling"])
    return tuple((f, d[f]) for f in fields)


def random960_fen(variant, rng):
    row = "".join(G960.back_rank(variant, rng))
    n = len(row)
    return "%s/%s/%s/%s w KQkq - 0 1" % (row, "p" * n, "/".join([str(n)] * 4), ("P" * n) + "/" + row.upper())


# ------------------------------------------------------------------------------------------
# Chimera over UCI (process handling from chimera_driver.ChimeraUci)
class Engine(ChimeraUci):
    def set_position(self, fen, moves):
        self.send("position fen %s%s" % (fen, (" moves " + " ".join(moves)) if moves else ""))
        errs = [l for l in self.sync() if "error" in l]
        if errs:
            raise RuntimeError("chimera refused the position: %s" % errs[0])

    def state(self):
        """-> (FEN, in check, {move: perft-1 count}, total) of the position set last."""
        self.send("d")
        lines = self.sync()
        fen = next(l[4:].strip() for l in lines if l.startswith("Fen:"))
        check = any(l.startswith("Checkers:") and l[9:].strip() for l in lines)
        self.send("go perft 1")
        lines, last = self.until(lambda l: l.startswith("Nodes searched"))
        self.sync()
        counts = {mt.group(1): int(mt.group(2)) for mt in map(DIVIDE_LINE.match, lines) if mt}
        return fen, check, counts, int(last.split(":")[1])

    def best(self, nodes):
        self.send("go nodes %d" % nodes)
        _, line = self.until(lambda l: l.startswith("bestmove"))
        return line.split()[1].split(",")[0]  # cancellation: the turn's first ply


def fmt(ms):
    return " ".join(sorted(ms)) or "(none)"


def play_game(task):
    """One self-play game -> (variant, index, plies, positions compared, result, report, secs)."""
    variant, index, args = task
    t0 = time.time()
    oracle, eng = make_oracle(variant), None
    rng = random.Random("%d:%s:%d" % (args.seed, variant, index))
    plies = compared = 0
    start, moves = "?", []

    def done(result, report=None):
        if report:
            report = "%s (%s, oracle %s)\n%s\n  position fen %s moves %s" % (
                result, variant, oracle.label, report, start, " ".join(moves) or "-")
        return variant, index, plies, compared, result, report, time.time() - t0

    try:
        eng = Engine(args.chimera, variant, timeout=args.timeout)
        eng.send("ucinewgame")
        if oracle.chess960:
            start = random960_fen(variant, rng)
        else:
            eng.send("position startpos")
            start = eng.state()[0]
        st, last = oracle.start(start), None
        while True:
            eng.set_position(start, moves)
            cfen, check, cmoves, total = eng.state()
            omoves, ofen = oracle.legal(st), oracle.fen(st)
            compared += 1
            odd = ["%s=%d" % (m, n) for m, n in sorted(cmoves.items()) if n != 1]
            if set(cmoves) != set(omoves) or odd or total != len(cmoves):
                return done("MOVE SETS DIFFER", "  chimera FEN %s\n  oracle FEN  %s\n  only in chimera: %s\n"
                            "  only in oracle:  %s%s" % (cfen, ofen, fmt(set(cmoves) - set(omoves)),
                                                         fmt(set(omoves) - set(cmoves)),
                                                         "\n  chimera's counts: %s, total %d" % (odd, total)
                                                         if odd or total != len(cmoves) else ""))
            keys = [fen_key(f, oracle.fields, cmoves, oracle.chess960) for f in (cfen, ofen)]
            if keys[0] != keys[1]:
                return done("FENS DIFFER", "  after %s\n  chimera %s\n  oracle  %s\n  compared: %s"
                            % (last or "(start)", cfen, ofen, ",".join(oracle.fields)))
            if not cmoves:
                return done("checkmate" if check else "stalemate")
            if plies >= args.max_plies:
                return done("ply limit")
            if rng.random() < args.random_plies:
                last = rng.choice(sorted(cmoves))
            else:
                last = eng.best(args.nodes)
                if last not in cmoves:
                    return done("SEARCH MOVE NOT IN PERFT", "  bestmove %s at %s" % (last, cfen))
            st = oracle.play(st, omoves[last])
            moves.append(last)
            plies += 1
    except Exception as e:  # an oracle or protocol failure is a failed game, with its context
        return done("ERROR", "  %r" % e)
    finally:
        if eng:
            eng.close()


def listed_variants(chimera):
    out = subprocess.run([chimera, "variants"], capture_output=True, text=True, check=True).stdout
    return [l.split()[0] for l in out.splitlines() if l.strip()]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--chimera", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "release", "chimera"), help="Chimera binary")
    ap.add_argument("--variants", help="comma-separated names (default: every one with an oracle)")
    ap.add_argument("--games", type=int, default=2, help="games per variant (default 2)")
    ap.add_argument("--nodes", type=int, default=3000, help="`go nodes` per search move (default 3000)")
    ap.add_argument("--random-plies", type=float, default=0.3,
                    help="fraction of plies chosen at random among the legal moves (default 0.3)")
    ap.add_argument("--max-plies", type=int, default=80, help="plies per game at most (default 80)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="games played at once")
    ap.add_argument("--timeout", type=float, default=300, help="seconds to wait for one Chimera answer")
    args = ap.parse_args(argv)
    args.chimera = os.path.abspath(args.chimera)
    if not os.access(args.chimera, os.X_OK):
        ap.error("%s is not an executable (build it: cargo build --release)" % args.chimera)
    XP.init_pyffish()
    if args.variants:
        variants = [v.strip() for v in args.variants.split(",") if v.strip()]
        missing = [v for v in variants if make_oracle(v) is None]
        if missing:
            ap.error("no oracle for %s" % ", ".join(missing))
    else:
        names = listed_variants(args.chimera) + ["cancellation-" + r for r in LISTED_RELAYS]
        variants = [v for v in names if make_oracle(v) is not None]
        print("no oracle (not checked): %s" % (", ".join(v for v in names if v not in variants) or "-"))
    for v in variants:
        print("oracle  %-52s %s" % (v, make_oracle(v).label))
    sys.stdout.flush()

    t0 = time.time()
    tasks = [(v, i, args) for v in variants for i in range(args.games)]
    stats = {v: [0, 0, 0, 0, 0.0] for v in variants}  # games, plies, positions, failed, secs
    reports = []
    with mp.get_context("fork").Pool(max(1, args.jobs), initializer=XP.init_pyffish) as pool:
        for v, i, plies, compared, result, rep, secs in pool.imap(play_game, tasks):
            print("%-52s game %d: %3d plies, %3d positions, %s (%.1fs)" % (v, i + 1, plies, compared, result, secs),
                  flush=True)
            if rep:
                print("  " + rep.replace("\n", "\n  "), flush=True)
                reports.append(rep)
            stats[v] = [a + b for a, b in zip(stats[v], (1, plies, compared, 1 if rep else 0, secs))]
    print("\n%-52s %5s %6s %9s %5s %8s" % ("variant", "games", "plies", "positions", "failed", "game-s"))
    for v in variants:
        print("%-52s %5d %6d %9d %5d %8.1f" % (v, *stats[v]))
    tot = [sum(s[k] for s in stats.values()) for k in range(5)]
    print("total: %d variants, %d games, %d plies, %d positions compared, %d failed games, %.1fs wall (seed %d)"
          % (len(variants), tot[0], tot[1], tot[2], tot[3], time.time() - t0, args.seed))
    return 1 if reports else 0


if __name__ == "__main__":
    sys.exit(main())
