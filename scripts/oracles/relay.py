#!/usr/bin/env python3
"""Independent move generator and perft for relay / anti-relay games (Mike Nelson's naming scheme)
over chess, capablanca, gothic, tutti-frutti and grand.

Written from /work/shared/rules/relay.md and classics.md only (not from Chimera's code), in plain
Python with no dependencies, so that it can serve as an oracle for Chimera's move generator. It is
deliberately naive: the effective move types of every piece are recomputed from scratch for every
position, and a move is legal when, in the position after it (relations recomputed there), no enemy
piece attacks the mover's King with its effective moves.

Rules implemented:
  Move types: the Rook move R (orthogonal slide), the Bishop move B (diagonal slide), the Knight move
  N. Natural types: Q {R,B}, R {R}, B {B}, N {N}, Chancellor/Marshall/Empress {R,N},
  Archbishop/Cardinal/Princess {B,N}, Amazon {R,B,N}. Kings and Pawns take no part.
  Sees: A sees B (either colour) by T if A could capture an enemy piece on B's square with its
  natural move T on the current board (slides stop at the first piece, which they may take).
  Relay (side S): when A sees B by T and the pair matches S, B gains T if B lacks T naturally.
  Anti-relay direct (side S): B loses T if B has T naturally.
  Anti-relay indirect (side S): A loses T -- normal: only if B has T naturally; converse: only if B
  lacks it; total: always.
  Friendly = same colour, hostile = opposite colours, bilateral = either.
  Effective = natural - lost + gained (gains are never natural types, losses always are, so there is
  nothing to cancel); seeing uses natural moves only (no propagation).
  Check, mate, castling, en passant: with effective moves. Castling: king and partner unmoved (the
  FEN's rights), every square between them and both landing squares empty (or the other castling
  piece), king not in check, the squares the king passes over not attacked in the position before
  the move, the king not attacked after it.
  Bases: chess (FIDE), capablanca / gothic (10x8, castling f1->i1 with j1->h1 and f1->c1 with a1->d1),
  tutti-frutti (e=Empress on a1 is the queen-side partner), grand (10x10, no castling, double step
  from rank 3, promotion optional on ranks 8-9 and compulsory on 10 and only to a type the player has
  fewer of than in the initial array; a pawn that cannot promote may not go to the last rank).

CLI:
  relay.py --variant NAME [--fen FEN] --depth D [--divide]
      prints `move: count` lines (with --divide), then `Nodes searched: N` (like `chimera perft`)
  relay.py --compare --chimera PATH [--variants a,b] [--seed S] [--positions N] [--depth D] [--tactical]
      compares with Chimera: the start positions at depth 1..D (divide) and N seeded random-playout
      positions per game at depth 1..D (divide), with --tactical also the hand-made positions of
      TACTICAL; prints every disagreement.
  relay.py --make-perft DIR [--variants a,b] [--seed S] [--positions N] [--node-limit L]
      writes DIR/<name>.perft with counts computed by this oracle (start position and N random
      playout positions, each at the depths whose count stays under the node limit).
"""

import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------------------------
# Names

SIDES = {"friendly", "hostile", "bilateral"}


def parse_name(name):
    """kebab-case relay name -> (relay_side or None, (anti_side, anti_kind) or None, base)."""
    w = name.lower().split("-")
    i = 0
    relay = None
    anti = None
    while True:
        side = None
        if i < len(w) and w[i] in SIDES:
            side = w[i]
            i += 1
        kind = None
        if i < len(w) and w[i] in ("direct", "indirect", "normal", "converse", "total"):
            kind = {"direct": "direct", "indirect": "normal", "normal": "normal",
                    "converse": "converse", "total": "total"}[w[i]]
            if w[i] == "normal":
                assert w[i + 1] == "indirect", name
                i += 1
            elif w[i] in ("converse", "total") and i + 1 < len(w) and w[i + 1] == "indirect":
                i += 1
            i += 1
        if i < len(w) and w[i] == "relay" and kind is None:
            assert relay is None and anti is None, name
            relay = side or "friendly"
            i += 1
            continue
        if i + 1 < len(w) and w[i] == "anti" and w[i + 1] == "relay":
            assert anti is None, name
            anti = (side or "hostile", kind or "direct")
            i += 2
            continue
        assert side is None and kind is None, name
        break
    assert relay or anti, name
    return relay, anti, "-".join(w[i:])


# ---------------------------------------------------------------------------------------------
# Games

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KING8 = ORTHO + DIAG

BASES = {
    "chess": dict(
        files=8, ranks=8,
        start="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        types={"q": "RB", "r": "R", "b": "B", "n": "N"},
        promo="qrbn", double_rank=1, promo_ranks=[7], limited=False,
        # (king file, king-side: partner file, king to, partner to; queen-side: same)
        castle=(4, (7, 6, 5), (0, 2, 3))),
    "capablanca": dict(
        files=10, ranks=8,
        start="rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        types={"q": "RB", "r": "R", "b": "B", "n": "N", "a": "BN", "c": "RN"},
        promo="qrbnac", double_rank=1, promo_ranks=[7], limited=False,
        castle=(5, (9, 8, 7), (0, 2, 3))),
    "gothic": dict(
        files=10, ranks=8,
        start="rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1",
        types={"q": "RB", "r": "R", "b": "B", "n": "N", "a": "BN", "c": "RN"},
        promo="qrbnac", double_rank=1, promo_ranks=[7], limited=False,
        castle=(5, (9, 8, 7), (0, 2, 3))),
    "tutti-frutti": dict(
        files=8, ranks=8,
        start="enbzkqar/pppppppp/8/8/8/8/PPPPPPPP/ENBZKQAR w KQkq - 0 1",
        types={"q": "RB", "r": "R", "b": "B", "n": "N", "e": "RN", "z": "RBN", "a": "BN"},
        promo="zeaqrbn", double_rank=1, promo_ranks=[7], limited=False,
        castle=(4, (7, 6, 5), (0, 2, 3))),
    "grand": dict(
        files=10, ranks=10,
        start="r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
        types={"q": "RB", "r": "R", "b": "B", "n": "N", "c": "RN", "a": "BN"},
        promo="qrbnca", double_rank=2, promo_ranks=[7, 8, 9], limited=True,
        castle=None),
}


class Game:
    def __init__(self, name):
        relay, anti, base = parse_name(name)
        if base == "tutti-fruitti":
            base = "tutti-frutti"
        self.name = name
        self.relay = relay
        self.anti = anti
        g = BASES[base]
        self.base = base
        self.F = g["files"]
        self.R = g["ranks"]
        self.N = self.F * self.R
        self.start = g["start"]
        self.types = g["types"]
        self.promo = g["promo"]
        self.double_rank = g["double_rank"]
        self.promo_ranks = g["promo_ranks"]
        self.limited = g["limited"]
        self.castle = g["castle"]
        F, R = self.F, self.R
        self.knight = []
        self.kingn = []
        self.rays = {}
        for sq in range(self.N):
            f, r = sq % F, sq // F
            self.knight.append([(r + dy) * F + f + dx for dx, dy in KNIGHT
                                if 0 <= f + dx < F and 0 <= r + dy < R])
            self.kingn.append([(r + dy) * F + f + dx for dx, dy in KING8
                               if 0 <= f + dx < F and 0 <= r + dy < R])
            for d in ORTHO + DIAG:
                ray = []
                x, y = f + d[0], r + d[1]
                while 0 <= x < F and 0 <= y < R:
                    ray.append(y * F + x)
                    x += d[0]
                    y += d[1]
                self.rays[(sq, d)] = ray
        # initial counts per colour (for grand's promotion limit)
        board, *_ = self.parse_fen(self.start)
        self.initial = {}
        for p in board:
            if p:
                self.initial[p] = self.initial.get(p, 0) + 1

    def sqname(self, sq):
        return "abcdefghijklmnop"[sq % self.F] + str(sq // self.F + 1)

    def parse_sq(self, s):
        return (int(s[1:]) - 1) * self.F + "abcdefghijklmnop".index(s[0])

    # -- FEN -------------------------------------------------------------------------------
    def parse_fen(self, fen):
        parts = fen.split()
        rows = parts[0].split("/")
        assert len(rows) == self.R, fen
        board = [None] * self.N
        for i, row in enumerate(rows):
            r = self.R - 1 - i
            f = 0
            num = ""
            for ch in row + " ":
                if ch.isdigit():
                    num += ch
                    continue
                if num:
                    f += int(num)
                    num = ""
                if ch == " ":
                    break
                board[r * self.F + f] = ch
                f += 1
            assert f == self.F, fen
        side = parts[1]
        castling = set(parts[2]) - {"-"}
        ep = None if parts[3] == "-" else self.parse_sq(parts[3])
        return board, side, castling, ep

    def fen(self, pos):
        board, side, castling, ep = pos
        rows = []
        for r in range(self.R - 1, -1, -1):
            s = ""
            empty = 0
            for f in range(self.F):
                p = board[r * self.F + f]
                if p is None:
                    empty += 1
                else:
                    if empty:
                        s += str(empty)
                        empty = 0
                    s += p
            if empty:
                s += str(empty)
            rows.append(s)
        cast = "".join(c for c in "KQkq" if c in castling) or "-"
        eps = self.sqname(ep) if ep is not None else "-"
        return "%s %s %s %s 0 1" % ("/".join(rows), side, cast, eps)

    # -- relations ---------------------------------------------------------------------------
    def natural(self, p):
        return self.types.get(p.lower(), "")

    def reach(self, board, sq, t):
        """Squares the natural move t from sq captures on if occupied, and moves to if empty."""
        out = []
        if t == "N":
            return list(self.knight[sq])
        dirs = ORTHO if t == "R" else DIAG
        for d in dirs:
            for s in self.rays[(sq, d)]:
                out.append(s)
                if board[s] is not None:
                    break
        return out

    def effective(self, board):
        nat = {}
        for sq, p in enumerate(board):
            if p and self.natural(p):
                nat[sq] = set(self.natural(p))
        lost = {sq: set() for sq in nat}
        gain = {sq: set() for sq in nat}

        def match(side, same):
            return side == "bilateral" or (side == "friendly") == same

        for a, ta in nat.items():
            wa = board[a].isupper()
            for t in ta:
                for b in self.reach(board, a, t):
                    if b not in nat:
                        continue  # empty, King or Pawn
                    same = board[b].isupper() == wa
                    if self.relay and match(self.relay, same) and t not in nat[b]:
                        gain[b].add(t)
                    if self.anti:
                        side, kind = self.anti
                        if not match(side, same):
                            continue
                        if kind == "direct":
                            if t in nat[b]:
                                lost[b].add(t)
                        elif kind == "normal":
                            if t in nat[b]:
                                lost[a].add(t)
                        elif kind == "converse":
                            if t not in nat[b]:
                                lost[a].add(t)
                        else:
                            lost[a].add(t)
        return {sq: (nat[sq] - lost[sq]) | gain[sq] for sq in nat}

    def attacked(self, board, eff, sq, by_white):
        """Is sq attacked by the given colour (with effective moves)?"""
        F = self.F
        own = str.isupper if by_white else str.islower
        king = "K" if by_white else "k"
        for s in self.kingn[sq]:
            if board[s] == king:
                return True
        # pawns: a white pawn on (f-1, r-1) or (f+1, r-1) attacks sq
        f, r = sq % F, sq // F
        pr = r - 1 if by_white else r + 1
        pawn = "P" if by_white else "p"
        if 0 <= pr < self.R:
            for pf in (f - 1, f + 1):
                if 0 <= pf < F and board[pr * F + pf] == pawn:
                    return True
        for s in self.knight[sq]:
            p = board[s]
            if p and own(p) and "N" in eff.get(s, ()):
                return True
        for d in ORTHO + DIAG:
            t = "R" if d in ORTHO else "B"
            for s in self.rays[(sq, d)]:
                p = board[s]
                if p is None:
                    continue
                if own(p) and t in eff.get(s, ()):
                    return True
                break
        return False

    # -- moves -------------------------------------------------------------------------------
    def king_sq(self, board, white):
        return board.index("K" if white else "k")

    def make(self, pos, mv):
        """mv = (from, to, promo or None, kind) kind in normal, double, ep, castle."""
        board, side, castling, ep = pos
        b = list(board)
        fr, to, promo, kind = mv
        white = side == "w"
        p = b[fr]
        new_ep = None
        if kind == "castle":
            kf, ktarget, psq, pto = fr, to, promo[0], promo[1]
            partner = b[psq]
            b[kf] = None
            b[psq] = None
            b[ktarget] = p
            b[pto] = partner
        else:
            b[fr] = None
            if kind == "ep":
                victim = (fr // self.F) * self.F + to % self.F
                b[victim] = None
            b[to] = (promo.upper() if white else promo) if promo else p
            if kind == "double":
                new_ep = (fr + to) // 2
        cast = set(castling)
        F = self.F
        if self.castle:
            kfile, hi, lo = self.castle
            for color, rank, kk, qq in (("w", 0, "K", "Q"), ("b", self.R - 1, "k", "q")):
                ksq = rank * F + kfile
                if fr == ksq:
                    cast.discard(kk)
                    cast.discard(qq)
                if fr == rank * F + hi[0] or to == rank * F + hi[0]:
                    cast.discard(kk)
                if fr == rank * F + lo[0] or to == rank * F + lo[0]:
                    cast.discard(qq)
        return (b, "b" if white else "w", cast, new_ep)

    def pseudo(self, pos, eff):
        board, side, castling, ep = pos
        white = side == "w"
        own = str.isupper if white else str.islower
        enemy_king = "k" if white else "K"
        F, R = self.F, self.R
        moves = []
        for sq, p in enumerate(board):
            if p is None or not own(p):
                continue
            lp = p.lower()
            if lp == "k":
                for s in self.kingn[sq]:
                    q = board[s]
                    if q is None or (not own(q) and q != enemy_king):
                        moves.append((sq, s, None, "normal"))
                continue
            if lp == "p":
                f, r = sq % F, sq // F
                dr = 1 if white else -1
                rel = r if white else R - 1 - r
                last = R - 1 if white else 0

                def add(to, kind):
                    trank = to // F
                    trel = trank if white else R - 1 - trank
                    if trel in self.promo_ranks:
                        for pc in self.promo:
                            if self.limited:
                                mine = pc.upper() if white else pc
                                if sum(1 for x in board if x == mine) >= self.initial.get(mine, 0):
                                    continue
                            moves.append((sq, to, pc, kind))
                        if trank != last:
                            moves.append((sq, to, None, kind))
                    else:
                        moves.append((sq, to, None, kind))

                one = sq + dr * F
                if 0 <= r + dr < R and board[one] is None:
                    add(one, "normal")
                    two = one + dr * F
                    if rel == self.double_rank and 0 <= r + 2 * dr < R and board[two] is None:
                        moves.append((sq, two, None, "double"))
                for df in (-1, 1):
                    if 0 <= f + df < F and 0 <= r + dr < R:
                        to = (r + dr) * F + f + df
                        q = board[to]
                        if q is not None and not own(q) and q != enemy_king:
                            add(to, "normal")
                        elif q is None and ep == to:
                            moves.append((sq, to, None, "ep"))
                continue
            for t in eff.get(sq, ()):
                for s in self.reach(board, sq, t):
                    q = board[s]
                    if q is None or (not own(q) and q != enemy_king):
                        moves.append((sq, s, None, "normal"))
        # the same target by two types is one move
        seen = set()
        out = []
        for m in moves:
            if m not in seen:
                seen.add(m)
                out.append(m)
        return out

    def legal(self, pos):
        board, side, castling, ep = pos
        white = side == "w"
        eff = self.effective(board)
        out = []
        for mv in self.pseudo(pos, eff):
            after = self.make(pos, mv)
            b2 = after[0]
            if not self.attacked(b2, self.effective(b2), self.king_sq(b2, white), not white):
                out.append(mv)
        # castling
        if self.castle:
            kfile, hi, lo = self.castle
            rank = 0 if white else self.R - 1
            ksq = rank * self.F + kfile
            king = "K" if white else "k"
            rook_ok = None
            if board[ksq] == king and not self.attacked(board, eff, ksq, not white):
                for right, (pfile, kto, pto) in ((("K" if white else "k"), hi), (("Q" if white else "q"), lo)):
                    if right not in castling:
                        continue
                    psq = rank * self.F + pfile
                    partner = board[psq]
                    if partner is None or partner.isupper() != white or partner.lower() == "p":
                        continue
                    span = set()
                    for a, b in ((kfile, pfile), (kfile, kto), (pfile, pto)):
                        span |= set(range(min(a, b), max(a, b) + 1))
                    if any(board[rank * self.F + f] is not None for f in span
                           if rank * self.F + f not in (ksq, psq)):
                        continue
                    crossed = [rank * self.F + f for f in range(min(kfile, kto), max(kfile, kto) + 1)
                               if f not in (kfile, kto)]
                    if any(self.attacked(board, eff, s, not white) for s in crossed):
                        continue
                    mv = (ksq, rank * self.F + kto, (psq, rank * self.F + pto), "castle")
                    after = self.make(pos, mv)
                    b2 = after[0]
                    if not self.attacked(b2, self.effective(b2), rank * self.F + kto, not white):
                        out.append(mv)
        return out

    def uci(self, mv):
        fr, to, promo, kind = mv
        s = self.sqname(fr) + self.sqname(to)
        if promo and kind != "castle":
            s += promo
        return s

    def perft(self, pos, depth):
        if depth == 0:
            return 1
        moves = self.legal(pos)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.make(pos, m), depth - 1) for m in moves)

    def divide(self, pos, depth):
        return {self.uci(m): (self.perft(self.make(pos, m), depth - 1) if depth > 1 else 1)
                for m in self.legal(pos)}


# ---------------------------------------------------------------------------------------------
# Chimera

def chimera_divide(chimera, variant, fen, depth):
    out = subprocess.run([chimera, "perft", "--variant", variant, "--fen", fen, "--depth", str(depth),
                          "--divide"], capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        return None, out.stderr.strip()
    res = {}
    total = None
    for line in out.stdout.splitlines():
        if line.startswith("Nodes searched:"):
            total = int(line.split(":")[1])
            break
        if ":" in line:
            m, c = line.split(":")
            res[m.strip()] = int(c)
    return res, total


def random_positions(game, rng, count, min_plies=6, max_plies=40):
    out = []
    tries = 0
    while len(out) < count and tries < count * 20:
        tries += 1
        pos = game.parse_fen(game.start)
        plies = rng.randint(min_plies, max_plies)
        ok = True
        for _ in range(plies):
            moves = game.legal(pos)
            if not moves:
                ok = False
                break
            pos = game.make(pos, rng.choice(moves))
        if ok and game.legal(pos):
            out.append(game.fen(pos))
    return out


# Hand-made positions for each kind of effect (those of engine-tests/relay.rs and more).
TACTICAL = [
    ("anti-relay-chess", "8/7k/8/8/3B4/8/1b6/1K6 w - - 0 1"),
    ("anti-relay-chess", "8/7k/8/8/3Q4/8/1b6/K7 w - - 0 1"),
    ("anti-relay-chess", "8/7k/8/8/3Qn3/8/1b6/K7 b - - 0 1"),
    ("relay-chess", "4k3/8/8/8/8/1N6/8/R3K3 w - - 0 1"),
    ("relay-chess", "4k3/8/8/8/8/4N3/1B6/2R1K3 w - - 0 1"),
    ("relay-anti-relay-chess", "8/6bk/8/8/3Q4/8/1B6/K7 w - - 0 1"),
    ("indirect-anti-relay-chess", "q5k1/8/8/8/8/8/8/R5K1 w - - 0 1"),
    ("converse-anti-relay-chess", "n5k1/8/8/8/8/8/8/R5K1 w - - 0 1"),
    ("total-anti-relay-chess", "q5k1/8/8/8/8/8/8/R5K1 w - - 0 1"),
    ("friendly-anti-relay-chess", "r5k1/8/8/8/8/8/R7/R5K1 w - - 0 1"),
    ("bilateral-anti-relay-chess", "r5k1/8/8/8/8/8/R7/R5K1 w - - 0 1"),
    ("hostile-relay-chess", "r5k1/8/8/N7/8/8/8/6K1 w - - 0 1"),
    ("anti-relay-chess", "4k3/1B6/b7/8/8/8/8/4K2R w K - 0 1"),
    ("relay-chess", "4k3/8/b7/8/2r5/8/8/4K2R w K - 0 1"),
    ("anti-relay-chess", "k4r2/8/8/8/8/8/8/4K2R w K - 0 1"),
    ("anti-relay-chess", "4k3/8/8/KPp4r/8/8/8/7R w - c6 0 2"),
    ("anti-relay-chess", "7B/7r/8/8/1n6/8/1bk5/K7 b - - 0 1"),
    ("anti-relay-chess", "r7/8/8/8/8/8/R1k5/K7 w - - 0 1"),
    ("relay-indirect-anti-relay-gothic", "9k/10/4c5/10/3C6/R9/10/1N7K w - - 0 1"),
    # both sides castle; kiwipete-like middle games
    ("anti-relay-chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("relay-chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("bilateral-relay-total-anti-relay-chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("relay-converse-anti-relay-tutti-frutti", "e3k2r/p1ppzpa1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBAPPP/E3K2R w KQkq - 0 1"),
    # promotions (grand: limited by the initial array)
    ("hostile-relay-friendly-anti-relay-grand", "r8r/1nbqkcaPn1/pppppp1ppp/10/10/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - - 0 1"),
    ("hostile-relay-friendly-anti-relay-grand", "4k5/1P8/10/10/10/10/10/10/4K5/10 w - - 0 1"),
    ("relay-chess", "n3k3/1P6/8/8/8/8/6p1/R3K2N b Q - 0 1"),
]

LISTED = ["anti-relay-chess", "relay-chess", "relay-indirect-anti-relay-gothic",
          "relay-converse-anti-relay-tutti-frutti", "hostile-relay-friendly-anti-relay-grand"]


def compare(args):
    rng = random.Random(args.seed)
    bad = 0
    checked = 0
    for name in args.variants.split(","):
        game = Game(name)
        fens = [game.start] + random_positions(game, rng, args.positions)
        for i, fen in enumerate(fens):
            for depth in range(1, args.depth + 1):
                mine = game.divide(game.parse_fen(fen), depth)
                theirs, total = chimera_divide(args.chimera, name, fen, depth)
                checked += 1
                if theirs is None:
                    print("ERROR %s %s: chimera failed: %s" % (name, fen, total))
                    bad += 1
                    continue
                if mine != theirs:
                    bad += 1
                    print("MISMATCH %s depth %d fen %s" % (name, depth, fen))
                    for m in sorted(set(mine) | set(theirs)):
                        if mine.get(m) != theirs.get(m):
                            print("   %s oracle %s chimera %s" % (m, mine.get(m), theirs.get(m)))
                    break
        print("%s: %d positions compared" % (name, len(fens)), flush=True)
    if args.tactical:
        for name, fen in TACTICAL:
            game = Game(name)
            for depth in range(1, args.depth + 1):
                mine = game.divide(game.parse_fen(fen), depth)
                theirs, total = chimera_divide(args.chimera, name, fen, depth)
                checked += 1
                if theirs != mine:
                    bad += 1
                    print("MISMATCH %s depth %d fen %s" % (name, depth, fen))
                    for m in sorted(set(mine) | set(theirs or {})):
                        if mine.get(m) != (theirs or {}).get(m):
                            print("   %s oracle %s chimera %s" % (m, mine.get(m), (theirs or {}).get(m)))
                    break
        print("tactical: %d positions compared" % len(TACTICAL), flush=True)
    print("%d comparisons, %d disagreements" % (checked, bad))
    return 1 if bad else 0


def make_perft(args):
    import os
    rng = random.Random(args.seed)
    for name in args.variants.split(","):
        game = Game(name)
        fens = [("start", game.start)] + [("playout-%d" % (i + 1), f)
                                          for i, f in enumerate(random_positions(game, rng, args.positions))]
        lines = ["# %s: counts computed by scripts/oracles/relay.py (independent of Chimera)," % name,
                 "# seed %d, node limit %d." % (args.seed, args.node_limit), ""]
        for ident, fen in fens:
            pos = game.parse_fen(fen)
            lines.append("id %s-%s" % (name, ident))
            lines.append("variant %s" % name)
            lines.append("fen %s" % fen)
            counts = []
            for depth in range(1, args.max_depth + 1):
                if len(counts) >= 2:
                    branching = counts[-1] / max(1, counts[-2])
                    if counts[-1] * branching > args.node_limit:
                        break
                n = game.perft(pos, depth)
                counts.append(n)
                lines.append("perft %d %d" % (depth, n))
            lines.append("")
        path = os.path.join(args.make_perft, "%s.perft" % name)
        with open(path, "w") as f:
            f.write("\n".join(lines))
        print("wrote", path, flush=True)
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="anti-relay-chess")
    ap.add_argument("--fen")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--tactical", action="store_true", help="with --compare: also the hand-made positions")
    ap.add_argument("--make-perft")
    ap.add_argument("--chimera", default=os.path.join(HERE, "..", "..", "target", "release", "chimera"))
    ap.add_argument("--variants", default=",".join(LISTED))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--node-limit", type=int, default=200000)
    ap.add_argument("--max-depth", type=int, default=4)
    args = ap.parse_args()
    if args.compare:
        if not os.access(args.chimera, os.X_OK):
            sys.exit("no chimera binary at %s (cargo build --release)" % args.chimera)
        return compare(args)
    if args.make_perft:
        return make_perft(args)
    game = Game(args.variant)
    pos = game.parse_fen(args.fen or game.start)
    if args.divide:
        d = game.divide(pos, args.depth)
        for m in sorted(d):
            print("%s: %d" % (m, d[m]))
        print()
        print("Nodes searched: %d" % sum(d.values()))
    else:
        print("Nodes searched: %d" % game.perft(pos, args.depth))
    return 0


if __name__ == "__main__":
    sys.exit(main())
