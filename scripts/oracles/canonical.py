#!/usr/bin/env python3
"""Independent move generator and perft for the Canonical family: canonical (9x9), canonic (8x8),
canon (7x7).

Written from /work/shared/rules/canonical.md and the perft conventions of
/work/shared/rules/README.md only (not from Chimera's code), in plain Python, so that it can serve
as an oracle for Chimera's move generator.

Geometry: a plain N x N grid, point (x, y), x = file, y = rank (1-based in names, 0-based here).
Screen-vertical (White's forward) = (+1,+1); screen-horizontal = (+1,-1)/(-1,+1); "oblique" =
orthogonal on the grid.  Height on the screen = x + y.
  White fortress: x <= 3 and y <= 3 (1-based);  Black fortress: x >= N-2 and y >= N-2.
  A White pawn is promoted ("fully across") when x + y >= N + 2 (1-based), a Black pawn when
  x + y <= N.  The crossing itself (x + y = N + 1) gives nothing.

Pieces:
  K  one orthogonal step, only to a point of its own fortress
  Q  one step in the 8 directions, only to a point of its own fortress
  R  orthogonal slider
  B  quiet moves like the Rook; captures along the same lines by jumping exactly one piece (the
     screen, either colour) and taking the first piece beyond it (Xiang Qi cannon)
  N  to a (2,1)/(1,2) point if EITHER the orthogonal-first midpoint or the diagonal-first midpoint
     is empty (for (+2,+1): (+1,0) or (+1,+1); for (+1,+2): (0,+1) or (+1,+1))
  P  moves or captures one step obliquely forward (White (+1,0),(0,+1); Black (-1,0),(0,-1));
     promoted pawns also one step screen-horizontally ((+1,-1),(-1,+1)), moving or capturing
Legality: after the move the mover's King is not attacked, and the two Kings are not on the same
screen-vertical line (x - y equal) with nothing between them (facing Kings).  No capture of a King
is generated.  No repetition: a move may not produce a position (placement + side to move) that
occurred before on the path, the root (and, with --moves / UCI moves, the whole given game) included.

CLI:
  canonical.py [--variant canonical|canonic|canon] [--fen FEN] [--moves M ...] --depth D [--divide]
      prints `move: count` lines (with --divide), then `Nodes searched: N` (like `chimera perft`)
  canonical.py --compare --chimera PATH [--seed S] [--positions N] [--max-start-depth D]
      compares with Chimera: the three start positions at depth 1..D (divide; canonical stops at 3
      unless --canonical-depth 4), then per game N seeded random-playout positions given as
      `position fen START moves ...` (so both sides know the game history) at depth 1 and 2, N seeded
      random-placement FENs at depth 1 and 2, and a depth-3 run on every --deep-every-th playout.
      Every disagreement is printed, narrowed down to the leaf position and its move-list diff.
"""

import argparse
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chimera_driver import ChimeraUci  # noqa: E402

VARIANTS = {
    "canonical": (9, "1p3rbnk/P1p4qn/1P1p4b/2P1p3r/3P1p3/R3P1p2/B4P1p1/NQ4P1p/KNBR3P1 w - - 0 1"),
    "canonic": (8, "1p2rbnk/P1p3qn/1P1p3b/2P1p2r/R2P1p2/B3P1p1/NQ3P1p/KNBR2P1 w - - 0 1"),
    "canon": (7, "1p1rbnk/P1p2qn/1P1p2b/R1P1p1r/B2P1p1/NQ2P1p/KNBR1P1 w - - 0 1"),
}

ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ALL8 = ORTHO + DIAG
FILES = "abcdefghijklmnop"
EMPTY = "."


def sgn(v):
    return (v > 0) - (v < 0)


class Geo:
    """Precomputed geometry of an N x N board (0-based squares s = y*N + x)."""

    def __init__(self, n):
        self.n = n
        N = n
        self.size = N * N
        self.xy = [(s % N, s // N) for s in range(N * N)]
        on = lambda x, y: 0 <= x < N and 0 <= y < N
        self.on = on
        self.sq = lambda x, y: y * N + x
        # fortresses (0-based): White x<=2,y<=2; Black x>=N-3,y>=N-3
        self.fort = {
            True: frozenset(self.sq(x, y) for x in range(3) for y in range(3)),
            False: frozenset(self.sq(x, y) for x in range(N - 3, N) for y in range(N - 3, N)),
        }
        # promoted pawns (1-based x+y >= N+2 for White -> 0-based x+y >= N; Black 1-based x+y <= N
        # -> 0-based x+y <= N-2)
        self.promoted = {
            True: [x + y >= N for (x, y) in self.xy],
            False: [x + y <= N - 2 for (x, y) in self.xy],
        }
        # orthogonal rays
        self.rays = []
        for s in range(N * N):
            x, y = self.xy[s]
            rs = []
            for dx, dy in ORTHO:
                r = []
                cx, cy = x + dx, y + dy
                while on(cx, cy):
                    r.append(self.sq(cx, cy))
                    cx += dx
                    cy += dy
                rs.append(r)
            self.rays.append(rs)
        # single steps
        self.steps = {}
        for name, dirs in (("W", ORTHO), ("K", ALL8)):
            tab = []
            for s in range(N * N):
                x, y = self.xy[s]
                tab.append([self.sq(x + dx, y + dy) for dx, dy in dirs if on(x + dx, y + dy)])
            self.steps[name] = tab
        # knight moves: (target, orthogonal-first midpoint, diagonal-first midpoint)
        kv = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
        self.knight = []
        for s in range(N * N):
            x, y = self.xy[s]
            lst = []
            for dx, dy in kv:
                if not on(x + dx, y + dy):
                    continue
                if abs(dx) == 2:
                    om = (sgn(dx), 0)
                else:
                    om = (0, sgn(dy))
                dm = (sgn(dx), sgn(dy))
                lst.append((self.sq(x + dx, y + dy), self.sq(x + om[0], y + om[1]), self.sq(x + dm[0], y + dm[1])))
            self.knight.append(lst)
        # pawn targets by colour and square
        self.pawn = {}
        for white in (True, False):
            tab = []
            fwd = [(1, 0), (0, 1)] if white else [(-1, 0), (0, -1)]
            side = [(1, -1), (-1, 1)]
            for s in range(N * N):
                x, y = self.xy[s]
                dirs = fwd + (side if self.promoted[white][s] else [])
                tab.append([self.sq(x + dx, y + dy) for dx, dy in dirs if on(x + dx, y + dy)])
            self.pawn[white] = tab
        # reverse knight table for attack tests: for target t, list (from, om, dm)
        self.knight_rev = [[] for _ in range(N * N)]
        for s in range(N * N):
            for t, om, dm in self.knight[s]:
                self.knight_rev[t].append((s, om, dm))
        # reverse pawn table: for target t and attacker colour, the squares a pawn may attack t from
        self.pawn_rev = {True: [[] for _ in range(N * N)], False: [[] for _ in range(N * N)]}
        for white in (True, False):
            for s in range(N * N):
                for t in self.pawn[white][s]:
                    self.pawn_rev[white][t].append(s)

    def name(self, s):
        x, y = self.xy[s]
        return FILES[x] + str(y + 1)

    def parse_sq(self, txt):
        x = FILES.index(txt[0])
        y = int(txt[1:]) - 1
        if not self.on(x, y):
            raise ValueError("square off board: " + txt)
        return self.sq(x, y)


GEOS = {}


def geo(n):
    if n not in GEOS:
        GEOS[n] = Geo(n)
    return GEOS[n]


def is_white(p):
    return p.isupper()


class Pos:
    def __init__(self, g, board, white):
        self.g = g
        self.b = board
        self.white = white

    def key(self):
        return "".join(self.b) + ("w" if self.white else "b")

    def fen(self):
        N = self.g.n
        rows = []
        for y in range(N - 1, -1, -1):
            row, run = "", 0
            for x in range(N):
                p = self.b[y * N + x]
                if p == EMPTY:
                    run += 1
                else:
                    if run:
                        row += str(run)
                        run = 0
                    row += p
            if run:
                row += str(run)
            rows.append(row)
        return "/".join(rows) + (" w" if self.white else " b") + " - - 0 1"

    def copy(self):
        return Pos(self.g, self.b[:], self.white)


def parse_fen(fen, n):
    g = geo(n)
    parts = fen.split()
    rows = parts[0].split("/")
    if len(rows) != n:
        raise ValueError("FEN needs %d ranks" % n)
    b = [EMPTY] * (n * n)
    for i, row in enumerate(rows):
        y = n - 1 - i
        x = 0
        j = 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                x += int(row[j:k])
                j = k
                continue
            if c.upper() not in "KQRBNP":
                raise ValueError("bad piece " + c)
            if x >= n:
                raise ValueError("rank too long")
            b[y * n + x] = c
            x += 1
            j += 1
        if x != n:
            raise ValueError("rank %d has %d files" % (y + 1, x))
    white = len(parts) < 2 or parts[1] == "w"
    return Pos(g, b, white)


def attacked(pos, t, by_white):
    """Is point t attacked by a piece of colour by_white (as if an enemy King stood there)?"""
    g, b = pos.g, pos.b
    R, B, N_, P, K, Q = ("R", "B", "N", "P", "K", "Q") if by_white else ("r", "b", "n", "p", "k", "q")
    # rook and bishop (cannon) along orthogonal rays
    for ray in g.rays[t]:
        screen = False
        for s in ray:
            p = b[s]
            if p == EMPTY:
                continue
            if not screen:
                if p == R:
                    return True
                screen = True
            else:
                if p == B:
                    return True
                break
    # knight: from s, reaching t needs one of the two midpoints empty
    for s, om, dm in g.knight_rev[t]:
        if b[s] == N_ and (b[om] == EMPTY or b[dm] == EMPTY):
            return True
    # pawns
    for s in g.pawn_rev[by_white][t]:
        if b[s] == P:
            return True
    # king / queen: only into their own fortress
    if t in g.fort[by_white]:
        for s in g.steps["W"][t]:
            if b[s] == K:
                return True
        for s in g.steps["K"][t]:
            if b[s] == Q:
                return True
    return False


def find_king(pos, white):
    k = "K" if white else "k"
    for s, p in enumerate(pos.b):
        if p == k:
            return s
    return -1


def kings_facing(pos):
    g = pos.g
    wk, bk = find_king(pos, True), find_king(pos, False)
    if wk < 0 or bk < 0:
        return False
    (x1, y1), (x2, y2) = g.xy[wk], g.xy[bk]
    if x1 - y1 != x2 - y2:
        return False
    if x1 > x2:
        x1, y1, x2, y2 = x2, y2, x1, y1
    x, y = x1 + 1, y1 + 1
    while x < x2:
        if pos.b[g.sq(x, y)] != EMPTY:
            return False
        x += 1
        y += 1
    return True


def pseudo_moves(pos):
    g, b, white = pos.g, pos.b, pos.white
    moves = []
    own = str.isupper if white else str.islower
    ek = "k" if white else "K"

    def ok(t):  # may land on t (empty or enemy non-king)
        p = b[t]
        return p == EMPTY or (not own(p) and p != ek)

    fort = g.fort[white]
    for s in range(g.size):
        p = b[s]
        if p == EMPTY or not own(p):
            continue
        u = p.upper()
        if u == "K":
            for t in g.steps["W"][s]:
                if t in fort and ok(t):
                    moves.append((s, t))
        elif u == "Q":
            for t in g.steps["K"][s]:
                if t in fort and ok(t):
                    moves.append((s, t))
        elif u == "R":
            for ray in g.rays[s]:
                for t in ray:
                    if b[t] == EMPTY:
                        moves.append((s, t))
                    else:
                        if ok(t):
                            moves.append((s, t))
                        break
        elif u == "B":
            for ray in g.rays[s]:
                screen = False
                for t in ray:
                    if not screen:
                        if b[t] == EMPTY:
                            moves.append((s, t))
                        else:
                            screen = True
                    elif b[t] != EMPTY:
                        if ok(t):
                            moves.append((s, t))
                        break
        elif u == "N":
            for t, om, dm in g.knight[s]:
                if (b[om] == EMPTY or b[dm] == EMPTY) and ok(t):
                    moves.append((s, t))
        elif u == "P":
            for t in g.pawn[white][s]:
                if ok(t):
                    moves.append((s, t))
    return moves


def legal_moves(pos, history):
    """Legal moves of pos; history = set of position keys that may not be produced."""
    out = []
    b = pos.b
    white = pos.white
    kch = "K" if white else "k"
    ksq = find_king(pos, white)
    for s, t in pseudo_moves(pos):
        p, cap = b[s], b[t]
        b[t], b[s] = p, EMPTY
        pos.white = not white
        k = t if p == kch else ksq
        bad = (k >= 0 and attacked(pos, k, not white)) or kings_facing(pos)
        if not bad and history is not None and pos.key() in history:
            bad = True
        b[s], b[t] = p, cap
        pos.white = white
        if not bad:
            out.append((s, t))
    return out


def make(pos, m):
    s, t = m
    cap = pos.b[t]
    pos.b[t], pos.b[s] = pos.b[s], EMPTY
    pos.white = not pos.white
    return cap


def unmake(pos, m, cap):
    s, t = m
    pos.b[s], pos.b[t] = pos.b[t], cap
    pos.white = not pos.white


def mname(g, m):
    return g.name(m[0]) + g.name(m[1])


def parse_move(pos, txt):
    g = pos.g
    i = 2
    while i < len(txt) and txt[i].isdigit():
        i += 1
    return (g.parse_sq(txt[:i]), g.parse_sq(txt[i:]))


def perft(pos, depth, hist):
    moves = legal_moves(pos, hist)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    n = 0
    for m in moves:
        cap = make(pos, m)
        k = pos.key()
        hist.add(k)
        n += perft(pos, depth - 1, hist)
        hist.discard(k)
        unmake(pos, m, cap)
    return n


def divide(pos, depth, hist):
    res = {}
    for m in legal_moves(pos, hist):
        cap = make(pos, m)
        k = pos.key()
        hist.add(k)
        res[mname(pos.g, m)] = perft(pos, depth - 1, hist) if depth > 1 else 1
        hist.discard(k)
        unmake(pos, m, cap)
    return res


def setup(variant, fen=None, moves=()):
    """Position after `moves` from fen (or the start), with the game history as a set of keys."""
    n, start = VARIANTS[variant]
    pos = parse_fen(fen or start, n)
    if find_king(pos, True) < 0 or find_king(pos, False) < 0:
        raise ValueError("both kings are needed: " + pos.fen())
    if kings_facing(pos):
        raise ValueError("the kings face each other: " + pos.fen())
    if attacked(pos, find_king(pos, not pos.white), pos.white):
        raise ValueError("the side not to move is in check: " + pos.fen())
    hist = {pos.key()}
    for mt in moves:
        m = parse_move(pos, mt)
        if m not in legal_moves(pos, hist):
            raise ValueError("illegal move %s in %s" % (mt, pos.fen()))
        make(pos, m)
        hist.add(pos.key())
    return pos, hist


# ---------------------------------------------------------------------------------------------
# Chimera over the command line (the UCI driver is chimera_driver.py's)


def chimera_cli_divide(exe, variant, fen, depth):
    args = [exe, "perft", "--variant", variant, "--depth", str(depth), "--divide"]
    if fen:
        args += ["--fen", fen]
    r = subprocess.run(args, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError("chimera %r failed: %s %s" % (args, r.stdout, r.stderr))
    res, total = {}, None
    for l in r.stdout.splitlines():
        l = l.strip()
        if l.startswith("Nodes searched:"):
            total = int(l.split(":")[1])
            break
        if ":" in l:
            m, c = l.split(":", 1)
            try:
                res[m.strip()] = int(c)
            except ValueError:
                pass
    return res, total


# ---------------------------------------------------------------------------------------------
# Random positions


def random_playout(variant, rng, plies, undo_p=0.35):
    """A random game of `plies` plies from the start; with probability undo_p a side plays back
    its own previous move when that is legal (to exercise the no-repetition rule)."""
    pos, hist = setup(variant)
    moves = []
    for i in range(plies):
        lm = legal_moves(pos, hist)
        if not lm:
            break
        m = None
        if len(moves) >= 2 and rng.random() < undo_p:
            back = (moves[-2][1], moves[-2][0])
            if back in lm:
                m = back
        if m is None:
            caps = [x for x in lm if pos.b[x[1]] != EMPTY]
            if caps and rng.random() < 0.3:
                m = rng.choice(caps)
            else:
                m = rng.choice(lm)
        make(pos, m)
        hist.add(pos.key())
        moves.append(m)
    return pos, hist, [mname(pos.g, m) for m in moves]


def random_placement(variant, rng):
    """A random legal-looking placement: kings and queens in their fortresses, pawns where pawns
    can stand (White x+y >= N, Black x+y <= N+2, 1-based), side not to move not in check, kings
    not facing."""
    n, _ = VARIANTS[variant]
    g = geo(n)
    while True:
        b = [EMPTY] * (n * n)
        free = set(range(n * n))

        def put(p, ok=lambda s: True):
            cands = [s for s in free if ok(s)]
            if not cands:
                return
            s = rng.choice(sorted(cands))
            b[s] = p
            free.discard(s)

        put("K", lambda s: s in g.fort[True])
        put("k", lambda s: s in g.fort[False])
        for white in (True, False):
            if rng.random() < 0.6:
                put("Q" if white else "q", lambda s, w=white: s in g.fort[w])
            for ch, cnt in (("R", 2), ("B", 2), ("N", 2)):
                for _ in range(rng.randint(0, cnt)):
                    put(ch if white else ch.lower())
            for _ in range(rng.randint(0, n)):
                if white:
                    put("P", lambda s: sum(g.xy[s]) + 2 >= n)
                else:
                    put("p", lambda s: sum(g.xy[s]) + 2 <= n + 2)
        white = rng.random() < 0.5
        pos = Pos(g, b, white)
        if kings_facing(pos):
            continue
        if attacked(pos, find_king(pos, not white), white):
            continue
        return pos


TACTICAL = {
    # a few hand-made positions; (fen) per game, compared at depth 1..3
    "canonical": [
        # facing kings along the long diagonal, a pawn in between
        "8k/9/9/9/4P4/9/9/9/K8 w - - 0 1",
        "8k/9/9/9/4P4/9/9/9/K8 b - - 0 1",
        # bishops and screens
        "6k2/9/9/1b2P2r1/9/9/2B1p2R1/9/K8 w - - 0 1",
        # knights with blocked midpoints
        "7qk/7n1/9/4p4/3pNp3/4p4/9/1Q7/K8 w - - 0 1",
    ],
    "canonic": [
        "7k/8/8/8/8/8/8/1K6 w - - 0 1",
        "5qnk/6b1/8/3Pp3/3pP3/8/1B6/KNQ5 w - - 0 1",
    ],
    "canon": [
        "6k/7/7/7/7/7/1K5 w - - 0 1",
        "4qbk/5p1/7/2pNP2/7/1P5/KQ5 b - - 0 1",
    ],
}


# ---------------------------------------------------------------------------------------------
# Comparison


class Compare:
    def __init__(self, exe):
        self.exe = exe
        self.failures = []
        self.checked = 0
        self.nodes = 0
        self.sessions = {}

    def uci(self, variant):
        if variant not in self.sessions:
            self.sessions[variant] = ChimeraUci(self.exe, variant)
        return self.sessions[variant]

    def chimera(self, variant, fen, moves, depth):
        return self.uci(variant).divide(fen, moves, depth)

    def explain(self, variant, fen, moves, depth, ours, theirs):
        """Narrow a divide mismatch down to the leaf position(s)."""
        out = []
        missing = sorted(set(ours) - set(theirs))
        extra = sorted(set(theirs) - set(ours))
        if missing or extra:
            pos, _ = setup(variant, fen, moves)
            out.append("  at %s (start %s moves %s): oracle-only %s, chimera-only %s"
                       % (pos.fen(), fen, " ".join(moves) or "-", missing, extra))
        if depth > 1:
            for m in sorted(set(ours) & set(theirs)):
                if ours[m] != theirs[m]:
                    pos, hist = setup(variant, fen, moves + [m])
                    o = divide(pos, depth - 1, hist)
                    t, _ = self.chimera(variant, fen, moves + [m], depth - 1)
                    out += self.explain(variant, fen, moves + [m], depth - 1, o, t or {})
                    if len(out) > 12:
                        break
        return out

    def check(self, label, variant, fen, moves, depth, via_cli=False):
        pos, hist = setup(variant, fen, moves)
        ours = divide(pos, depth, hist)
        if via_cli:
            theirs, total = chimera_cli_divide(self.exe, variant, fen, depth)
        else:
            theirs, total = self.chimera(variant, fen, moves, depth)
            if theirs is None:
                self.failures.append("%s: chimera refused the position: %s" % (label, total))
                print("FAIL", self.failures[-1], flush=True)
                return
        self.checked += 1
        self.nodes += sum(ours.values())
        if ours != theirs or sum(ours.values()) != total:
            detail = self.explain(variant, fen, moves, depth, ours, theirs)
            msg = "%s: %s fen %s moves %s depth %d: oracle %d chimera %d\n%s" % (
                label, variant, fen, " ".join(moves) or "-", depth, sum(ours.values()), total, "\n".join(detail))
            self.failures.append(msg)
            print("FAIL", msg, flush=True)

    def close(self):
        for u in self.sessions.values():
            u.close()


def compare(args):
    c = Compare(args.chimera)
    rng = random.Random(args.seed)
    t0 = time.time()
    for variant, (n, start) in VARIANTS.items():
        maxd = args.max_start_depth if variant != "canonical" else min(args.max_start_depth, args.canonical_depth)
        for d in range(1, maxd + 1):
            c.check("start", variant, None, [], d, via_cli=True)
            print("start %s depth %d done (%.0fs)" % (variant, d, time.time() - t0), flush=True)
    for variant in VARIANTS:
        for fen in TACTICAL[variant] + [f for _, f in DATA_FENS[variant]]:
            pos = parse_fen(fen, VARIANTS[variant][0])
            if kings_facing(pos) or attacked(pos, find_king(pos, not pos.white), pos.white):
                raise SystemExit("TACTICAL position %s is not a legal position (fix the oracle's list)" % fen)
            for d in (1, 2, 3, 4):
                c.check("tactical", variant, fen, [], d, via_cli=True)
                if d <= 3:
                    c.check("tactical-uci", variant, fen, [], d)
    print("tactical done (%.0fs)" % (time.time() - t0), flush=True)
    for variant, (n, start) in VARIANTS.items():
        for i in range(args.positions):
            plies = rng.randint(1, 90)
            pos, hist, moves = random_playout(variant, rng, plies)
            for d in (1, 2):
                c.check("playout#%d" % i, variant, start, moves, d)
            if args.deep_every and i % args.deep_every == 0:
                c.check("playout#%d" % i, variant, start, moves, 3)
        print("playouts %s done (%.0fs)" % (variant, time.time() - t0), flush=True)
        for i in range(args.positions):
            pos = random_placement(variant, rng)
            fen = pos.fen()
            for d in (1, 2):
                c.check("placement#%d" % i, variant, fen, [], d, via_cli=(i % 2 == 0))
        print("placements %s done (%.0fs)" % (variant, time.time() - t0), flush=True)
    c.close()
    print("compared %d perft runs (%d oracle leaf nodes), %d disagreement(s)" % (c.checked, c.nodes, len(c.failures)))
    for f in c.failures:
        print(f)
    return 1 if c.failures else 0


DATA_FENS = {
    # hand-made tactical positions (the hand-checked positions of engine-tests/canonical.rs and
    # a few more), then random-playout positions are added by make_data()
    "canonical": [
        ("knight-midpoints", "8k/9/9/3p1p3/4Np3/4p4/9/9/1K7 w - - 0 1"),
        ("bishop-screens", "8k/9/9/9/1r1pB1P1n/4p4/4p4/K8/4r4 w - - 0 1"),
        ("facing-two-blockers", "8k/9/9/9/4R4/9/2P6/9/K8 w - - 0 1"),
        ("pawns-crossing", "8k/9/9/9/4P4/2Pp1pP2/7p1/9/2K6 w - - 0 1"),
        ("repetition-shuttle", "6k2/9/9/9/9/9/p8/9/1K1p5 b - - 0 1"),
        ("pawn-shuffle", "6k2/9/9/2p6/9/6P2/9/9/2K6 w - - 0 1"),
    ],
    "canonic": [
        ("fortress-corner", "7q/8/5k2/8/8/8/8/2K5 b - - 0 1"),
        ("mixed", "5qnk/6b1/8/3Pp3/3pP3/8/1B6/KNQ5 w - - 0 1"),
        ("rooks-bishops", "4r1bk/6q1/8/2B5/5b2/1R6/1Q6/K5R1 w - - 0 1"),
        ("pawn-shuffle", "5k2/8/8/2p5/5P2/8/8/2K5 w - - 0 1"),
    ],
    "canon": [
        ("pawns-crossing", "1p2k2/2P4/7/3P3/7/7/1K5 w - - 0 1"),
        ("mixed", "4qbk/5p1/7/2pNP2/7/1P5/KQ5 b - - 0 1"),
        ("queens-kings", "4q1k/7/7/3r3/3R3/7/KQ5 w - - 0 1"),
        ("pawn-shuffle", "4k2/7/7/2p1P2/7/7/2K4 w - - 0 1"),
    ],
}


def make_data(outdir, seed, limit, deep_limit, deep_ids, only=None):
    """Write engine-tests/perft/<game>.perft from the oracle: the start position and the
    DATA_FENS, plus random-playout positions, each at every depth whose count is <= limit, and one
    more depth (<= deep_limit) for the ids in deep_ids."""
    for variant, (n, start) in VARIANTS.items():
        rng = random.Random("%d-%s" % (seed, variant))
        if only and variant not in only:
            continue
        cases = [("%s-start" % variant, None)] + [("%s-%s" % (variant, i), f) for i, f in DATA_FENS[variant]]
        k = 0
        while k < 8:
            plies = rng.choice([12, 20, 28, 36, 44, 56, 70, 90])
            pos, hist, moves = random_playout(variant, rng, plies)
            if not legal_moves(pos, {pos.key()}):
                continue
            k += 1
            cases.append(("%s-playout-%d-ply%d" % (variant, k, len(moves)), pos.fen()))
        lines = ["# %s perft data: counts from the independent oracle" % variant,
                 "#   python3 scripts/oracles/canonical.py --make-data engine-tests/perft --only %s" % variant,
                 "# (seed %d), every count also checked against Chimera. Positions: the start, hand-made" % seed,
                 "# tactical positions (those of engine-tests/canonical.rs and more) and random-playout positions.",
                 "# Counts from a FEN know only the path from that FEN: Canonical's no-repetition rule applies",
                 "# along the perft path, the root included (the shuttle / shuffle positions exercise it deeply).",
                 "# Lines above 3,000,000 nodes are skipped by default (CHIMERA_PERFT_LIMIT).", ""]
        for cid, fen in cases:
            pos, hist = setup(variant, fen)
            lines.append("id %s" % cid)
            lines.append("variant %s" % variant)
            if fen:
                lines.append("fen %s" % fen)
            d, prev, prevprev = 1, 1, 1
            deep = cid in deep_ids
            cap = deep_limit if deep else limit
            while True:
                est = prev * max(1.0, prev / prevprev) if d > 2 else prev * max(1, len(legal_moves(pos, hist)))
                if est > cap and d > 1:
                    break
                t0 = time.time()
                cnt = perft(pos, d, hist)
                if cnt > cap:
                    break
                lines.append("perft %d %d" % (d, cnt))
                print(cid, d, cnt, "%.1fs" % (time.time() - t0), file=sys.stderr, flush=True)
                if cnt == 0 or cnt > limit:
                    break
                prevprev, prev = prev, cnt
                d += 1
            lines.append("")
        with open("%s/%s.perft" % (outdir, variant), "w") as f:
            f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="canonical", choices=sorted(VARIANTS))
    ap.add_argument("--fen")
    ap.add_argument("--moves", nargs="*", default=[])
    ap.add_argument("--depth", type=int)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--chimera", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "release", "chimera"))
    ap.add_argument("--seed", type=int, default=20250101)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--max-start-depth", type=int, default=4)
    ap.add_argument("--canonical-depth", type=int, default=4)
    ap.add_argument("--deep-every", type=int, default=20)
    ap.add_argument("--make-data", metavar="DIR", help="write the perft data files into DIR")
    ap.add_argument("--only", nargs="*", help="with --make-data: only these games")
    ap.add_argument("--deep", nargs="*", default=["canonical-start", "canonic-start", "canon-start"],
                    help="ids that also get one depth above the default limit (up to 50M nodes)")
    args = ap.parse_args()
    if args.make_data:
        make_data(args.make_data, args.seed, 3_000_000, 50_000_000, set(args.deep), args.only)
        return
    if args.compare:
        sys.exit(compare(args))
    if args.depth is None:
        ap.error("--depth is required")
    pos, hist = setup(args.variant, args.fen, args.moves)
    if args.divide:
        res = divide(pos, args.depth, hist)
        for m in sorted(res):
            print("%s: %d" % (m, res[m]))
        print("\nNodes searched: %d" % sum(res.values()))
    else:
        print("Nodes searched: %d" % perft(pos, args.depth, hist))


if __name__ == "__main__":
    main()
