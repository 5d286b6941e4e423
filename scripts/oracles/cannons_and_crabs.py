#!/usr/bin/env python3
"""Independent move generator and perft for Cannons and Crabs (7x6) and its 7x7 version.

Written from /work/shared/rules/cannons-and-crabs.md only (not from Chimera's code), in plain
Python, so that it can serve as an oracle for Chimera's move generator.

Rules implemented (7 files a-g; 6 or 7 ranks):
  K King      one step in 8 directions; castling (see below)
  R Rook      orthogonal slider
  N Knight    (1,2) leaper
  C Cannon    one or two squares in any of the 8 directions (K + A + D), jumping whatever stands
              between; EXCEPTION: it may not jump an occupied square to attack a King, so its
              two-square leap attacks a King only if the midpoint is empty. All attack tests in
              this file are "as a King standing there would be" (check, king moves, castling
              squares), so the exception applies to every attack test; its ordinary moves and
              captures jump freely. A King is never captured (a move onto a King is not generated).
  X Crab      fmW + fF: one step straight forward (no capture), one step diagonally forward (move or
              capture)
  P Pawn      fmW + fcF: one step forward (no double step), captures diagonally forward; no e.p.
  M Marshall  R + N
  A Cardinal  B + N
  Promotion: a Pawn or a Crab arriving on the last rank must promote, to M or A only.
  Castling: K d1->b1 with R a1->c1 (Q right, a-file rook), K d1->f1 with R g1->e1 (K right, g-file
  rook); Black the same on its back rank. Conditions: the right is held (king and rook unmoved), king
  and rook on their squares, the squares between them empty, king not in check, the crossed square
  (c1 / e1) and the landing square (b1 / f1) not attacked (as a King standing there would be).

CLI:
  cannons_and_crabs.py [--variant cannons-and-crabs|cannons-and-crabs-7x7] [--fen FEN] --depth D [--divide]
      prints `move: count` lines (with --divide), then `Nodes searched: N` (like `chimera perft`)
  cannons_and_crabs.py --compare --chimera PATH [--seed S] [--positions N] [--max-start-depth D]
      compares with Chimera: both start positions at depth 1..4 (divide), then per game N seeded
      random-playout positions and N seeded random-placement positions at depth 1 and 2 (divide),
      plus the hand-made tactical positions of TACTICAL. Prints every disagreement.
"""

import argparse
import random
import subprocess
import sys

W = 7
VARIANTS = {
    "cannons-and-crabs": (6, "rnckcnr/xpxpxpx/7/7/XPXPXPX/RNCKCNR w KQkq - 0 1"),
    "cannons-and-crabs-7x7": (7, "rnckcnr/xpxpxpx/7/7/7/XPXPXPX/RNCKCNR w KQkq - 0 1"),
}

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KING8 = ORTHO + DIAG
FILES = "abcdefg"


def sqname(sq):
    return FILES[sq % W] + str(sq // W + 1)


def is_white(p):
    return p.isupper()


class Pos:
    """board: list of W*H chars ('.' empty), index rank*W + file, rank 0 = rank 1."""

    __slots__ = ("H", "board", "white", "castle", "half", "full")

    def __init__(self, H, board, white, castle, half=0, full=1):
        self.H = H
        self.board = board
        self.white = white
        self.castle = castle  # set of 'K','Q','k','q'
        self.half = half
        self.full = full

    def copy(self):
        return Pos(self.H, self.board[:], self.white, set(self.castle), self.half, self.full)

    def fen(self):
        rows = []
        for r in range(self.H - 1, -1, -1):
            s, run = "", 0
            for f in range(W):
                p = self.board[r * W + f]
                if p == ".":
                    run += 1
                else:
                    if run:
                        s += str(run)
                        run = 0
                    s += p
            if run:
                s += str(run)
            rows.append(s)
        c = "".join(x for x in "KQkq" if x in self.castle) or "-"
        return "%s %s %s - %d %d" % ("/".join(rows), "w" if self.white else "b", c, self.half, self.full)


def parse_fen(fen, H):
    parts = fen.split()
    rows = parts[0].split("/")
    if len(rows) != H:
        raise ValueError("FEN has %d ranks, expected %d" % (len(rows), H))
    board = []
    for row in reversed(rows):
        cells, num = [], ""
        for ch in row:
            if ch.isdigit():
                num += ch
                continue
            if num:
                cells += ["."] * int(num)
                num = ""
            if ch.upper() not in "KRNCXPMA":
                raise ValueError("unknown piece %r" % ch)
            cells.append(ch)
        if num:
            cells += ["."] * int(num)
        if len(cells) != W:
            raise ValueError("rank %r has %d files" % (row, len(cells)))
        board += cells
    white = (parts[1] if len(parts) > 1 else "w") == "w"
    cas = parts[2] if len(parts) > 2 else "-"
    castle = set(ch for ch in cas if ch in "KQkq")
    half = int(parts[4]) if len(parts) > 4 else 0
    full = int(parts[5]) if len(parts) > 5 else 1
    return Pos(H, board, white, castle, half, full)


def on(f, r, H):
    return 0 <= f < W and 0 <= r < H


def attacked(pos, sq, by_white):
    """Is `sq` attacked by side `by_white`, judged as if a King of the other side stood there?"""
    b, H = pos.board, pos.H
    f0, r0 = sq % W, sq // W
    if by_white:
        k, r_, n, c, x, p, m, a = "KRNCXPMA"
    else:
        k, r_, n, c, x, p, m, a = "krncxpma"
    # knight-like: N, M, A
    for df, dr in KNIGHT:
        f, r = f0 + df, r0 + dr
        if on(f, r, H) and b[r * W + f] in (n, m, a):
            return True
    # orthogonal sliders: R, M
    for df, dr in ORTHO:
        f, r = f0 + df, r0 + dr
        while on(f, r, H):
            q = b[r * W + f]
            if q != ".":
                if q == r_ or q == m:
                    return True
                break
            f += df
            r += dr
    # diagonal sliders: A
    for df, dr in DIAG:
        f, r = f0 + df, r0 + dr
        while on(f, r, H):
            q = b[r * W + f]
            if q != ".":
                if q == a:
                    return True
                break
            f += df
            r += dr
    # king and cannon single steps; cannon two-square leaps only over an empty midpoint
    for df, dr in KING8:
        f, r = f0 + df, r0 + dr
        if not on(f, r, H):
            continue
        q = b[r * W + f]
        if q == k or q == c:
            return True
        if q == ".":
            f2, r2 = f0 + 2 * df, r0 + 2 * dr
            if on(f2, r2, H) and b[r2 * W + f2] == c:
                return True
    # pawns and crabs capture one step diagonally forward
    dr = -1 if by_white else 1  # attacker stands one rank behind (from its own view)
    for df in (-1, 1):
        f, r = f0 + df, r0 + dr
        if on(f, r, H) and b[r * W + f] in (p, x):
            return True
    return False


def king_sq(pos, white):
    k = "K" if white else "k"
    try:
        return pos.board.index(k)
    except ValueError:
        return None


def in_check(pos, white):
    ks = king_sq(pos, white)
    return ks is not None and attacked(pos, ks, not white)


def pseudo_moves(pos):
    """Moves as (from, to, promo, castle) with castle in (None, 'K', 'Q'). Never onto a King."""
    b, H, white = pos.board, pos.H, pos.white
    own = str.isupper if white else str.islower
    mv = []

    def target_ok(q):
        return q == "." or (not own(q) and q.upper() != "K")

    last = H - 1 if white else 0
    fwd = 1 if white else -1
    for sq in range(W * H):
        p = b[sq]
        if p == "." or not own(p):
            continue
        u = p.upper()
        f0, r0 = sq % W, sq // W
        if u in "RM":
            for df, dr in ORTHO:
                f, r = f0 + df, r0 + dr
                while on(f, r, H):
                    q = b[r * W + f]
                    if q == ".":
                        mv.append((sq, r * W + f, None, None))
                    else:
                        if target_ok(q):
                            mv.append((sq, r * W + f, None, None))
                        break
                    f += df
                    r += dr
        if u == "A":
            for df, dr in DIAG:
                f, r = f0 + df, r0 + dr
                while on(f, r, H):
                    q = b[r * W + f]
                    if q == ".":
                        mv.append((sq, r * W + f, None, None))
                    else:
                        if target_ok(q):
                            mv.append((sq, r * W + f, None, None))
                        break
                    f += df
                    r += dr
        if u in "NMA":
            for df, dr in KNIGHT:
                f, r = f0 + df, r0 + dr
                if on(f, r, H) and target_ok(b[r * W + f]):
                    mv.append((sq, r * W + f, None, None))
        if u == "K":
            for df, dr in KING8:
                f, r = f0 + df, r0 + dr
                if on(f, r, H) and target_ok(b[r * W + f]):
                    mv.append((sq, r * W + f, None, None))
        if u == "C":
            for df, dr in KING8:
                for dist in (1, 2):
                    f, r = f0 + dist * df, r0 + dist * dr
                    if on(f, r, H) and target_ok(b[r * W + f]):
                        mv.append((sq, r * W + f, None, None))
        if u in "PX":
            r = r0 + fwd
            if not on(f0, r, H):
                continue  # a pawn/crab on its last rank cannot move
            promos = ("M", "A") if r == last else (None,)
            t = r * W + f0
            if b[t] == ".":
                for pr in promos:
                    mv.append((sq, t, pr, None))
            for df in (-1, 1):
                f = f0 + df
                if not on(f, r, H):
                    continue
                t = r * W + f
                q = b[t]
                if q == ".":
                    if u == "X":
                        for pr in promos:
                            mv.append((sq, t, pr, None))
                elif target_ok(q):
                    for pr in promos:
                        mv.append((sq, t, pr, None))
    # castling
    home = 0 if white else H - 1
    K, R = ("K", "R") if white else ("k", "r")
    kq = home * W + 3
    if b[kq] == K:
        for side, rook_f, between, cross, land in (
            ("K", 6, (4, 5), 4, 5),
            ("Q", 0, (1, 2), 2, 1),
        ):
            right = side if white else side.lower()
            if right not in pos.castle:
                continue
            if b[home * W + rook_f] != R:
                continue
            if any(b[home * W + f] != "." for f in between):
                continue
            mv.append((kq, home * W + land, None, side))
    return mv


def make(pos, m):
    frm, to, promo, cas = m
    n = pos.copy()
    b = n.board
    p = b[frm]
    cap = b[to]
    white = pos.white
    home = 0 if white else pos.H - 1
    if cas:
        b[frm] = "."
        b[to] = p
        if cas == "K":
            b[home * W + 6] = "."
            b[home * W + 4] = "R" if white else "r"
        else:
            b[home * W + 0] = "."
            b[home * W + 2] = "R" if white else "r"
    else:
        b[frm] = "."
        if promo:
            b[to] = promo if white else promo.lower()
        else:
            b[to] = p
    # castling rights: a king or rook leaving its square, or a rook being captured on its square
    for sq in (frm, to):
        if sq == 3:
            n.castle -= {"K", "Q"}
        elif sq == 0:
            n.castle.discard("Q")
        elif sq == 6:
            n.castle.discard("K")
        elif sq == (pos.H - 1) * W + 3:
            n.castle -= {"k", "q"}
        elif sq == (pos.H - 1) * W:
            n.castle.discard("q")
        elif sq == (pos.H - 1) * W + 6:
            n.castle.discard("k")
    if cap != "." or p.upper() in "PX":
        n.half = 0
    else:
        n.half += 1
    if not white:
        n.full += 1
    n.white = not white
    return n


def legal_moves(pos):
    res = []
    white = pos.white
    for m in pseudo_moves(pos):
        frm, to, promo, cas = m
        if cas:
            if in_check(pos, white):
                continue
            home = 0 if white else pos.H - 1
            cross = home * W + (4 if cas == "K" else 2)
            # the crossed square, judged as a King standing there (king lifted from d1)
            t = pos.copy()
            t.board[frm] = "."
            t.board[cross] = "K" if white else "k"
            if attacked(t, cross, not white):
                continue
        n = make(pos, m)
        if in_check(n, white):
            continue
        res.append(m)
    return res


def uci(m):
    frm, to, promo, cas = m
    return sqname(frm) + sqname(to) + (promo.lower() if promo else "")


def perft(pos, depth):
    if depth == 0:
        return 1
    ms = legal_moves(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(make(pos, m), depth - 1) for m in ms)


def divide(pos, depth):
    out = {}
    for m in legal_moves(pos):
        out[uci(m)] = perft(make(pos, m), depth - 1) if depth >= 1 else 1
    return out


# ----------------------------------------------------------------------------------------------
# comparison with Chimera

def chimera_divide(exe, variant, fen, depth):
    r = subprocess.run(
        [exe, "perft", "--variant", variant, "--fen", fen, "--depth", str(depth), "--divide"],
        capture_output=True, text=True, timeout=600,
    )
    if r.returncode != 0:
        raise RuntimeError("chimera failed on %s %r: %s" % (variant, fen, r.stderr.strip()))
    moves, total = {}, None
    for line in r.stdout.splitlines():
        line = line.strip()
        if line.startswith("Nodes searched:"):
            total = int(line.split(":")[1])
            break
        if ":" in line:
            a, c = line.split(":", 1)
            a = a.strip()
            if a and " " not in a and not a.startswith("Time"):
                try:
                    moves[a] = int(c)
                except ValueError:
                    pass
    return moves, total


def random_playout(variant, rng, plies):
    H, start = VARIANTS[variant]
    pos = parse_fen(start, H)
    for _ in range(plies):
        ms = legal_moves(pos)
        if not ms:
            break
        # bias toward captures and checks a little so that tactical positions come up
        caps = [m for m in ms if pos.board[m[1]] != "."]
        if caps and rng.random() < 0.3:
            m = rng.choice(caps)
        else:
            m = rng.choice(ms)
        pos = make(pos, m)
    return pos


def random_placement(variant, rng):
    """A random legal-looking position: kings, a cannon or two each, random other pieces.
    Pawns and crabs only on ranks 2..H-1; the side not to move is not in check."""
    H, _ = VARIANTS[variant]
    while True:
        b = ["."] * (W * H)
        empty = list(range(W * H))
        rng.shuffle(empty)

        def put(p, ok=lambda s: True):
            for i, s in enumerate(empty):
                if ok(s):
                    b[s] = p
                    del empty[i]
                    return s
            return None

        # kings: often on their home squares with rooks in the corners, to exercise castling
        castle = set()
        if rng.random() < 0.4:
            b[3] = "K"
            empty.remove(3)
            for f, right in ((0, "Q"), (6, "K")):
                if rng.random() < 0.7:
                    b[f] = "R"
                    empty.remove(f)
                    castle.add(right)
        else:
            put("K")
        top = (H - 1) * W
        if rng.random() < 0.4 and b[top + 3] == ".":
            b[top + 3] = "k"
            empty.remove(top + 3)
            for f, right in ((0, "q"), (6, "k")):
                if b[top + f] == "." and rng.random() < 0.7:
                    b[top + f] = "r"
                    empty.remove(top + f)
                    castle.add(right)
        else:
            put("k")
        for col in (str.upper, str.lower):
            for _ in range(rng.randint(1, 2)):
                put(col("c"))
            for _ in range(rng.randint(0, 6)):
                p = rng.choice("rnxxppmac")
                if p in "xp":
                    put(col(p), lambda s: 1 <= s // W <= H - 2)
                else:
                    put(col(p))
        pos = Pos(H, b, rng.random() < 0.5, castle)
        ks = [king_sq(pos, True), king_sq(pos, False)]
        if None in ks:
            continue
        if in_check(pos, not pos.white):
            continue
        return pos


# Hand-made tactical positions (cannon checks, pins through the midpoint, castling, promotion)
TACTICAL = {
    "cannons-and-crabs": [
        "3k3/7/7/3r3/3C3/3K3 w - - 0 1",       # white cannon d2 pinned by the rook d3
        "3k3/7/7/7/3K3/3c3 w - - 0 1",         # black cannon d1, white king d2: d2d3 illegal
        "3k3/7/3c3/7/3K3/7 w - - 0 1",         # 2-square cannon check along the file
        "3k3/7/1c5/7/3K3/7 w - - 0 1",         # 2-square diagonal cannon check
        "3k3/7/3c3/3N3/3K3/7 w - - 0 1",       # knight on the midpoint: pinned by the cannon
        "3K3/7/7/3C3/3N3/3k3 w - - 0 1",       # white knight on the midpoint moves: discovered check
        "r2k2r/7/7/7/7/R2K2R w KQkq - 0 1",    # castling both sides both colours
        "r2k2r/7/7/c6/7/R2K2R w KQkq - 0 1",   # cannon a3 attacks b2? crossing/landing squares
        "r2k2r/7/7/1c5/7/R2K2R w KQkq - 0 1",
        "r2k2r/7/7/1c3c1/1PP1PP1/R2K2R w KQkq - 0 1",  # cannons need to jump: castling allowed
        "r2k2r/7/7/4c2/7/R2K2R w KQkq - 0 1",  # cannon e3 attacks e1 (crossed square)
        "r2k2r/7/7/4c2/4P2/R2K2R w KQkq - 0 1",  # ... unless e2 is occupied
        "3k3/X5P/7/2K4/4x1p/7 w - - 0 1",      # promotions
        "3k3/X5P/7/2K4/4x1p/7 b - - 0 1",
        "r1ck1cr/x1x1x1x/1p3p1/1P3P1/X1X1X1X/R1CK1CR w KQkq - 0 1",
    ],
    "cannons-and-crabs-7x7": [
        "r2k2r/7/7/7/7/7/R2K2R w KQkq - 0 1",
        "3k3/X5P/7/7/2K4/4x1p/7 w - - 0 1",
        "3k3/X5P/7/7/2K4/4x1p/7 b - - 0 1",
        "3k3/7/7/7/3c3/3P3/3K3 w - - 0 1",
        "3k3/7/7/7/7/3K3/3c3 w - - 0 1",
    ],
}


def cannon_king_capture(pos, m):
    """Is UCI move `m` a move of the side to move's Cannon onto the enemy King?"""
    if len(m) != 4:
        return False
    frm = FILES.index(m[0]) + (int(m[1]) - 1) * W
    to = FILES.index(m[2]) + (int(m[3]) - 1) * W
    p, q = pos.board[frm], pos.board[to]
    return p == ("C" if pos.white else "c") and q == ("k" if pos.white else "K")


def explain(exe, variant, pos, depth, ours, theirs, path, leaves):
    """Follow every diverging branch of a divide disagreement down to the positions where the move
    sets differ. True iff at every such position Chimera's extra moves are Cannon moves onto the
    enemy King (the known engine bug) and the oracle has no move Chimera lacks. The oracle never
    plays a king capture, so the walk never enters a king-less position."""
    only_ours = set(ours) - set(theirs)
    only_theirs = set(theirs) - set(ours)
    if only_ours or only_theirs:
        if only_ours or not all(cannon_king_capture(pos, m) for m in only_theirs):
            return False
        leaves.append((pos.fen(), " ".join(path), sorted(only_theirs)))
        # the shared moves must still agree below
    legal = {uci(m): m for m in legal_moves(pos)}
    for mv in sorted(set(ours) & set(theirs)):
        if ours[mv] == theirs[mv]:
            continue
        if depth <= 1:
            return False
        child = make(pos, legal[mv])
        o2 = divide(child, depth - 1)
        t2, _ = chimera_divide(exe, variant, child.fen(), depth - 1)
        if not explain(exe, variant, child, depth - 1, o2, t2, path + [mv], leaves):
            return False
    return True


def compare(exe, seed, npos, max_start_depth, deep_every):
    rng = random.Random(seed)
    stats = {"positions": 0, "comparisons": 0, "disagreements": 0, "explained": 0, "bug_roots": []}
    problems = []

    def check(variant, pos, depth, label):
        fen = pos.fen()
        ours = divide(pos, depth)
        theirs, total = chimera_divide(exe, variant, fen, depth)
        stats["comparisons"] += 1
        if ours != theirs or total != sum(ours.values()):
            leaves = []
            if explain(exe, variant, pos, depth, ours, theirs, [], leaves):
                stats["explained"] += 1
                ex = sorted(set(theirs) - set(ours))
                print("KNOWN-BUG %s [%s] depth %d fen %s: oracle %d, chimera %d; every divergence is a "
                      "Cannon move onto a King generated by Chimera (%d leaf position(s), first: %s after %s: %s)" % (
                          variant, label, depth, fen, sum(ours.values()), total, len(leaves),
                          leaves[0][0], leaves[0][1] or "-", leaves[0][2]), flush=True)
                stats["bug_roots"] += leaves
                return "known-bug"
            stats["disagreements"] += 1
            miss = sorted(set(ours) - set(theirs))
            extra = sorted(set(theirs) - set(ours))
            diff = sorted(m for m in set(ours) & set(theirs) if ours[m] != theirs[m])
            msg = ("DISAGREE %s [%s] depth %d fen %s\n  oracle total %d, chimera total %s\n"
                   "  only oracle: %s\n  only chimera: %s\n  counts differ: %s" % (
                       variant, label, depth, fen, sum(ours.values()), total, miss, extra,
                       [(m, ours[m], theirs[m]) for m in diff]))
            problems.append(msg)
            print(msg, flush=True)
            return "DISAGREE"
        return "agree"

    for variant, (H, start) in VARIANTS.items():
        pos = parse_fen(start, H)
        stats["positions"] += 1
        for d in range(1, max_start_depth + 1):
            ok = check(variant, pos, d, "start")
            print("%s start depth %d: %s (oracle %d nodes)" % (variant, d, ok, perft(pos, d)), flush=True)
        for fen in TACTICAL[variant]:
            pos = parse_fen(fen, H)
            stats["positions"] += 1
            for d in (1, 2, 3):
                check(variant, pos, d, "tactical")
        n_ok = 0
        for i in range(npos):
            pos = random_playout(variant, rng, rng.randint(1, 70))
            stats["positions"] += 1
            good = check(variant, pos, 1, "playout %d" % i) == "agree"
            good = check(variant, pos, 2, "playout %d" % i) == "agree" and good
            if deep_every and i % deep_every == 0:
                good = check(variant, pos, 3, "playout %d" % i) == "agree" and good
            n_ok += good
        print("%s: %d/%d playout positions agree exactly at every depth compared" % (variant, n_ok, npos), flush=True)
        n_ok = 0
        for i in range(npos):
            pos = random_placement(variant, rng)
            stats["positions"] += 1
            good = check(variant, pos, 1, "placement %d" % i) == "agree"
            good = check(variant, pos, 2, "placement %d" % i) == "agree" and good
            if deep_every and i % deep_every == 0:
                good = check(variant, pos, 3, "placement %d" % i) == "agree" and good
            n_ok += good
        print("%s: %d/%d random-placement positions agree exactly at every depth compared" % (variant, n_ok, npos), flush=True)
    print("positions %d, comparisons %d, unexplained disagreements %d, disagreements explained "
          "by Chimera's cannon king capture %d" % (
              stats["positions"], stats["comparisons"], stats["disagreements"], stats["explained"]))
    seen = set()
    for fen, path, ex in stats["bug_roots"]:
        if fen not in seen and len(seen) < 12:
            seen.add(fen)
            print("  Chimera generates a Cannon capture of the King: %s -> %s" % (fen, ex))
    return 1 if problems or stats["explained"] else 0


# Positions of the perft data files (engine-tests/perft/<variant>.perft), besides the start
# position and the seeded random playouts: (id, FEN, comment).
PERFT_POSITIONS = {
    "cannons-and-crabs": [
        ("cc-castling", "r2k2r/7/7/7/7/R2K2R w KQkq - 0 1", "castling both sides, both colours"),
        ("cc-castling-cannon-attacks-e1", "r2k2r/7/7/6c/7/R2K2R w KQkq - 0 1",
         "Cannon g3 attacks e1 over an empty f2: no K-side castling"),
        ("cc-castling-cannon-must-jump", "r2k2r/7/7/6c/5P1/R2K2R w KQkq - 0 1",
         "the g3-e1 leap would jump f2: K-side castling allowed"),
        ("cc-cannons-need-jumps", "r2k2r/7/7/1c3c1/1PP1PP1/R2K2R w KQkq - 0 1",
         "Cannons b3 f3 whose leaps to the castling squares are blocked"),
        ("cc-king-as-midpoint", "3k3/7/7/7/3K3/3c3 w - - 0 1", "Cannon d1, King d2: d2d3 illegal"),
        ("cc-pin-through-midpoint", "3k3/7/3c3/3R3/3K3/7 w - - 0 1", "Rook d3 pinned by the Cannon d4"),
        ("cc-discovered-check", "3K3/7/7/3C3/3N3/3k3 w - - 0 1", "Knight d2 leaves the midpoint"),
        ("cc-cannon-king-capture-trap", "rn1kcnr/xpxpxpx/2c4/2X4/XPKPXPX/RNC1CNR b kq - 2 2",
         "after c2c3 c6c4 d1c2: Cannon c4 must not take the King c2 over the Crab c3 "
         "(Chimera at 527f0e6 generated c4c2: 30 at depth 1; fixed in 73d4ef6)"),
        ("cc-promotions", "3k3/X5P/7/2K4/4x1p/7 w - - 0 1", "Pawn and Crab promotions, M or A"),
        ("cc-promotions-black", "3k3/X5P/7/2K4/4x1p/7 b - - 0 1", "Black promotions"),
        ("cc-crab-pawn-cannon-mix", "r1ck1cr/x1x1x1x/1p3p1/1P3P1/X1X1X1X/R1CK1CR w KQkq - 0 1",
         "locked pawns, crabs, cannons"),
    ],
    "cannons-and-crabs-7x7": [
        ("cc7-castling", "r2k2r/7/7/7/7/7/R2K2R w KQkq - 0 1", "castling both sides, both colours"),
        ("cc7-castling-cannon", "r2k2r/7/7/7/6c/7/R2K2R w KQkq - 0 1",
         "Cannon g3 attacks e1 over an empty f2"),
        ("cc7-king-as-midpoint", "3k3/7/7/7/7/3K3/3c3 w - - 0 1", "Cannon d1, King d2: d2d3 illegal"),
        ("cc7-blocked-cannon", "3k3/7/7/7/3c3/3P3/3K3 w - - 0 1", "Cannon d3 cannot attack d1 over d2"),
        ("cc7-promotions", "3k3/X5P/7/7/2K4/4x1p/7 w - - 0 1", "promotion on rank 7"),
        ("cc7-promotions-black", "3k3/X5P/7/7/2K4/4x1p/7 b - - 0 1", "Black promotion on rank 1"),
        ("cc7-cannon-king-capture-trap", "rn1kcnr/xpxpxpx/7/2c4/2X4/XPKPXPX/RNC1CNR b kq - 2 3",
         "Cannon c4 two squares from the King c2 over the Crab c3: must not take the King"),
    ],
}


def write_perft(variant, path, exe, seed, nplayouts, limit, deep_limit):
    """Write a perft data file with oracle counts; every count is also compared with Chimera
    (when `exe` is given) and the file is not written if any disagrees."""
    H, start = VARIANTS[variant]
    rng = random.Random("%s-%d" % (variant, seed))
    positions = [("%s-start" % variant, start, "start position (reconstructed setup)")]
    positions += PERFT_POSITIONS[variant]
    for i in range(nplayouts):
        plies = rng.randint(6, 50)
        pos = random_playout(variant, rng, plies)
        positions.append(("%s-playout-%d" % (variant, i + 1), pos.fen(),
                          "seeded random playout (seed %d, %d plies)" % (seed, plies)))
    lines = [
        "# %s perft data. Counts computed by scripts/oracles/cannons_and_crabs.py (an independent" % variant,
        "# Python move generator written from /work/shared/rules/cannons-and-crabs.md) and compared",
        "# with Chimera: every count below agrees with Chimera's.",
        "# Regenerate: scripts/oracles/cannons_and_crabs.py --write-perft --chimera target/release/chimera",
        "# Lines above 3,000,000 nodes are skipped by the default test run (CHIMERA_PERFT_LIMIT).",
        "",
    ]
    bad = []
    for pid, fen, comment in positions:
        pos = parse_fen(fen, H)
        lines += ["# " + comment, "id " + pid, "variant " + variant, "fen " + pos.fen()]
        counts = []
        d = 1
        while True:
            if len(counts) >= 2 and counts[-2] > 0:
                est = counts[-1] * counts[-1] / counts[-2]
                cap = deep_limit if pid.endswith("-start") else limit
                if est > cap:
                    break
            elif len(counts) >= 1 and counts[-1] == 0:
                break
            n = perft(pos, d)
            if counts and n == 0:
                break
            counts.append(n)
            if exe:
                theirs, total = chimera_divide(exe, variant, pos.fen(), d)
                if total != n:
                    bad.append("%s depth %d: oracle %d, chimera %s" % (pid, d, n, total))
            lines.append("perft %d %d" % (d, n))
            print(pid, d, n, flush=True)
            d += 1
            if d > 8:
                break
        lines.append("")
    if bad:
        print("NOT WRITTEN, disagreements:\n" + "\n".join(bad))
        return 1
    with open(path, "w") as f:
        f.write("\n".join(lines))
    print("wrote", path)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="cannons-and-crabs", choices=sorted(VARIANTS))
    ap.add_argument("--fen")
    ap.add_argument("--depth", type=int)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--chimera", default="target/release/chimera")
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--positions", type=int, default=250)
    ap.add_argument("--max-start-depth", type=int, default=4)
    ap.add_argument("--deep-every", type=int, default=10,
                    help="also compare depth 3 for every N-th random position (0: never)")
    ap.add_argument("--write-perft", action="store_true",
                    help="write engine-tests/perft/<variant>.perft for both games (oracle counts, "
                         "each checked against --chimera)")
    ap.add_argument("--playouts", type=int, default=6)
    ap.add_argument("--node-limit", type=int, default=2000000)
    ap.add_argument("--deep-limit", type=int, default=12000000,
                    help="node limit for the start positions' deeper lines")
    a = ap.parse_args()
    if a.write_perft:
        import os
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        rc = 0
        for v in VARIANTS:
            rc |= write_perft(v, os.path.join(root, "engine-tests", "perft", v + ".perft"),
                              a.chimera, a.seed, a.playouts, a.node_limit, a.deep_limit)
        sys.exit(rc)
    if a.compare:
        sys.exit(compare(a.chimera, a.seed, a.positions, a.max_start_depth, a.deep_every))
    if a.depth is None:
        ap.error("--depth is required (or --compare)")
    H, start = VARIANTS[a.variant]
    pos = parse_fen(a.fen or start, H)
    if a.divide:
        d = divide(pos, a.depth)
        for m in sorted(d):
            print("%s: %d" % (m, d[m]))
        print()
        print("Nodes searched: %d" % sum(d.values()))
    else:
        print("Nodes searched: %d" % perft(pos, a.depth))


if __name__ == "__main__":
    main()
