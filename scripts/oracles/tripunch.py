#!/usr/bin/env python3
"""Independent move generator and perft for Tripunch Chess (variant `tripunch`).

Written from the rules text only -- /work/shared/rules/classics.md (the `tripunch` row) and the
perft conventions of /work/shared/rules/README.md -- not from Chimera's code, in plain Python with
the standard library only, so that it can serve as an oracle for Chimera's move generator.

The game: 8x8 chess with substitutions (same FEN letters as chess, upper case White):
  R  Reaper     = Rook + Gryphon
  B  Harvester  = Bishop + Aanca
  Q  Combine    = Rook + Bishop + Gryphon + Aanca (= Reaper + Harvester)
  N  Nightrider = repeated knight leaps (2,1) in one fixed direction; every landing square before
                  the last one must be empty; it may stop on any empty landing square or capture
                  on the first occupied one if it holds an enemy.  Jumped-over squares do not count.
  K, P as in FIDE chess (double step, en passant, promotion to Q/R/B/N = Combine, Reaper,
  Harvester, Nightrider).  Castling as in FIDE with the Reapers on a1/h1 (a8/h8).
Gryphon: a one-square diagonal step (dx,dy); capture there, or stop there if empty, or (if empty)
  continue rook-like "outward" along (dx,0) or (0,dy).
Aanca: a one-square orthogonal step; capture/stop there, or (if empty) continue bishop-like along
  one of the two diagonals that keep going in the step's direction (step (1,0): (1,1),(1,-1)).
A target reachable by several paths is one move.  Legality: the mover's king may not be attacked
afterwards by any enemy piece with its full tripunch powers (bent paths blocked the same way).

Attack test on square t (reverse walks):
  * each orthogonal ray from t: the first occupied square attacks if it has rook power; for every
    EMPTY square g on the ray (all squares between t and g empty too) the two squares
    g + r + p (r = ray direction, p = the perpendicular units) attack if they have gryphon power
    (the gryphon steps diagonally onto g and then runs back along the ray to t);
  * the diagonal neighbours of t attack with gryphon power (the first step alone);
  * each diagonal ray (rx,ry) from t: bishop power on the first occupied square; for every empty g,
    aanca power on g + (rx,0) and g + (0,ry);  orthogonal neighbours attack with aanca power;
  * knight rays: the first occupied landing square, with nightrider power (or knight power on the
    first leap only, for the FIDE self-test pieces); pawns and kings as usual.

CLI:
  tripunch.py [--fen FEN] [--moves M ...] --depth D [--divide] [--pieces tripunch|fide]
      prints `move: count` lines (with --divide), then `Nodes searched: N`
  tripunch.py --self-test
      FIDE perft numbers with the same code and the pieces redefined as FIDE pieces, then hand-worked
      tripunch unit checks; exit status 0 if all pass, 1 otherwise
  tripunch.py --compare --chimera PATH [--seed S] [--positions N] [--depth D]
      compares per-move divide counts with `PATH uci` (UCI_Variant tripunch): the start position at
      depth 1..D (default 3), the hand-made data positions at depth 1..3 and N seeded random-playout
      positions at depth 1 and 2 (depth 3 every 10th); mismatches are narrowed down to the leaf
  tripunch.py --make-data FILE [--seed S]
      writes a perft data file in the format of engine-tests/perft/*.perft
"""

import argparse
import os
import random
import sys
import time

from board8 import (BISHOP, BLACK, CASTLE, CR_MASK, DIAG_DIRS, DIAG_RAYS, DIAG_STEPS, DOUBLE, EP,
                    FIDE_PERFT, KING, KING_STEPS, KNIGHT, KNIGHT_DIRS, KNIGHT_STEPS, NORMAL,
                    ORTHO_DIRS, ORTHO_RAYS, ORTHO_STEPS, PAWN, PAWN_CAPS, PAWN_FROM, QUEEN, ROOK,
                    START_FEN, WHITE, FenMixin, PerftMixin, S, mname, on, parse_sq, ray_from, sq,
                    sqname)
from chimera_driver import Compare


# movement powers
P_ROOK, P_BISHOP, P_GRYPHON, P_AANCA, P_KNIGHT, P_NIGHTRIDER = 1, 2, 4, 8, 16, 32

PIECE_SETS = {
    "tripunch": {
        KNIGHT: P_NIGHTRIDER,
        BISHOP: P_BISHOP | P_AANCA,
        ROOK: P_ROOK | P_GRYPHON,
        QUEEN: P_ROOK | P_BISHOP | P_GRYPHON | P_AANCA,
    },
    "fide": {
        KNIGHT: P_KNIGHT,
        BISHOP: P_BISHOP,
        ROOK: P_ROOK,
        QUEEN: P_ROOK | P_BISHOP,
    },
}

KNIGHT_RAYS = []
GRYPHON, AANCA = [], []          # per square: list of (first step square, [outward rays])
ORTHO_REV, DIAG_REV = [], []     # per square: list per direction of [(g, (attacker squares))]
LINE = []                        # LINE[k][s] = (kind, walk) if s lies on a ray from k, else None

for _s in range(64):
    _x, _y = _s % 8, _s // 8
    KNIGHT_RAYS.append([r for r in (ray_from(_x, _y, dx, dy) for dx, dy in KNIGHT_DIRS) if r])
    # Gryphon: diagonal step (dx,dy), then outward along (dx,0) or (0,dy)
    g = []
    for dx, dy in DIAG_DIRS:
        fx, fy = _x + dx, _y + dy
        if on(fx, fy):
            g.append((sq(fx, fy), [r for r in (ray_from(fx, fy, dx, 0), ray_from(fx, fy, 0, dy)) if r]))
    GRYPHON.append(g)
    # Aanca: orthogonal step (ox,oy), then outward along the two diagonals that keep that direction
    a = []
    for ox, oy in ORTHO_DIRS:
        fx, fy = _x + ox, _y + oy
        if on(fx, fy):
            outs = [(ox, 1), (ox, -1)] if ox else [(1, oy), (-1, oy)]
            a.append((sq(fx, fy), [r for r in (ray_from(fx, fy, dx, dy) for dx, dy in outs) if r]))
    AANCA.append(a)
    # reverse walks for attack tests
    orev = []
    for rx, ry in ORTHO_DIRS:
        walk = []
        perp = [(0, 1), (0, -1)] if rx else [(1, 0), (-1, 0)]
        for gs in ray_from(_x, _y, rx, ry):
            gx, gy = gs % 8, gs // 8
            atts = tuple(sq(gx + rx + px, gy + ry + py) for px, py in perp if on(gx + rx + px, gy + ry + py))
            walk.append((gs, atts))
        if walk:
            orev.append(walk)
    ORTHO_REV.append(orev)
    drev = []
    for rx, ry in DIAG_DIRS:
        walk = []
        for gs in ray_from(_x, _y, rx, ry):
            gx, gy = gs % 8, gs // 8
            atts = tuple(sq(ax, ay) for ax, ay in ((gx + rx, gy), (gx, gy + ry)) if on(ax, ay))
            walk.append((gs, atts))
        if walk:
            drev.append(walk)
    DIAG_REV.append(drev)

for _k in range(64):
    line = [None] * 64
    for walk in ORTHO_REV[_k]:
        for gs, _ in walk:
            line[gs] = (0, walk)
    for walk in DIAG_REV[_k]:
        for gs, _ in walk:
            line[gs] = (1, walk)
    for r in KNIGHT_RAYS[_k]:
        for gs in r:
            line[gs] = (2, r)
    LINE.append(line)

# castling-rights masks: bit 1 = White king side (K), 2 = White queen side (Q), 4 = k, 8 = q


class Rules:
    """Piece powers (tripunch or fide) and, per attacking colour, the piece codes with each power."""

    def __init__(self, pieces="tripunch"):
        self.name = pieces
        self.powers = dict(PIECE_SETS[pieces])
        self.att = {}
        for c in (WHITE, BLACK):
            def codes(power):
                return frozenset(k * c for k, pw in self.powers.items() if pw & power)
            self.att[c] = (codes(P_ROOK), codes(P_BISHOP), codes(P_GRYPHON), codes(P_AANCA),
                           codes(P_KNIGHT), codes(P_NIGHTRIDER), KING * c, PAWN * c)


RULES = {"tripunch": Rules("tripunch"), "fide": Rules("fide")}


class Position(FenMixin, PerftMixin):
    def __init__(self, rules):
        self.rules = rules
        self.b = [0] * 64
        self.side = WHITE
        self.castle = 0
        self.ep = -1
        self.half = 0
        self.full = 1
        self.kings = [-1, -1, -1]   # kings[WHITE] (index 1), kings[BLACK] (index -1)
        self.stack = []

    # --- FEN -------------------------------------------------------------------------------
    @classmethod
    def from_fen(cls, fen, rules):
        pos = cls(rules)
        pos.read_fen(fen)
        return pos

    def fen(self, ep_always=False):
        """FEN; the e.p. square is written only when a pawn of the side to move could take,
        unless `ep_always`."""
        return self.fen_text(self.ep if ep_always or self.ep_capturable() else -1)

    # --- attacks ---------------------------------------------------------------------------
    def attacked(self, t, by):
        """Is square t attacked by a piece of colour `by`?"""
        b = self.b
        rook_s, bish_s, gry_s, aan_s, kn_s, nr_s, kcode, pcode = self.rules.att[by]
        for a in PAWN_FROM[by][t]:
            if b[a] == pcode:
                return True
        for a in KING_STEPS[t]:
            if b[a] == kcode:
                return True
        if kn_s or nr_s:
            for r in KNIGHT_RAYS[t]:
                first = True
                for g in r:
                    p = b[g]
                    if p:
                        if p in nr_s or (first and p in kn_s):
                            return True
                        break
                    first = False
        for walk in ORTHO_REV[t]:
            for g, atts in walk:
                p = b[g]
                if p:
                    if p in rook_s:
                        return True
                    break
                if gry_s:
                    for a in atts:
                        if b[a] in gry_s:
                            return True
        if gry_s:
            for a in DIAG_STEPS[t]:
                if b[a] in gry_s:
                    return True
        for walk in DIAG_REV[t]:
            for g, atts in walk:
                p = b[g]
                if p:
                    if p in bish_s:
                        return True
                    break
                if aan_s:
                    for a in atts:
                        if b[a] in aan_s:
                            return True
        if aan_s:
            for a in ORTHO_STEPS[t]:
                if b[a] in aan_s:
                    return True
        return False

    def line_attacked(self, kind, walk, by):
        """Attack on the king along one reverse walk (used when a piece leaves that line)."""
        b = self.b
        rook_s, bish_s, gry_s, aan_s, kn_s, nr_s, _, _ = self.rules.att[by]
        if kind == 2:
            first = True
            for g in walk:
                p = b[g]
                if p:
                    return p in nr_s or (first and p in kn_s)
                first = False
            return False
        slide, bent = (rook_s, gry_s) if kind == 0 else (bish_s, aan_s)
        for g, atts in walk:
            p = b[g]
            if p:
                return p in slide
            if bent:
                for a in atts:
                    if b[a] in bent:
                        return True
        return False


    # --- move generation -------------------------------------------------------------------
    def pseudo_moves(self):
        b = self.b
        c = self.side
        powers = self.rules.powers
        moves = []
        add = moves.append
        for s in range(64):
            p = b[s] * c
            if p <= 0:
                continue
            if p == PAWN:
                self._pawn_moves(s, moves)
                continue
            if p == KING:
                for t in KING_STEPS[s]:
                    if b[t] * c <= 0:
                        add((s, t, 0, NORMAL))
                self._castling(s, moves)
                continue
            pw = powers[p]
            several = pw & (pw - 1)   # more than one power: a square may have several paths
            tl = []
            push = tl.append
            if pw & P_ROOK:
                for r in ORTHO_RAYS[s]:
                    for t in r:
                        q = b[t]
                        if not q:
                            push(t)
                        else:
                            if q * c < 0:
                                push(t)
                            break
            if pw & P_BISHOP:
                for r in DIAG_RAYS[s]:
                    for t in r:
                        q = b[t]
                        if not q:
                            push(t)
                        else:
                            if q * c < 0:
                                push(t)
                            break
            for flag, table in ((P_GRYPHON, GRYPHON), (P_AANCA, AANCA)):
                if pw & flag:
                    for f, rays in table[s]:
                        q = b[f]
                        if q:
                            if q * c < 0:
                                push(f)
                            continue
                        push(f)
                        for r in rays:
                            for t in r:
                                q = b[t]
                                if not q:
                                    push(t)
                                else:
                                    if q * c < 0:
                                        push(t)
                                    break
            if pw & P_KNIGHT:
                for t in KNIGHT_STEPS[s]:
                    if b[t] * c <= 0:
                        push(t)
            if pw & P_NIGHTRIDER:
                for r in KNIGHT_RAYS[s]:
                    for t in r:
                        q = b[t]
                        if not q:
                            push(t)
                        else:
                            if q * c < 0:
                                push(t)
                            break
            if several:
                tl = set(tl)  # one move per target square, however many paths reach it
            for t in tl:
                add((s, t, 0, NORMAL))
        return moves

    def _pawn_moves(self, s, moves):
        b = self.b
        c = self.side
        y = s // 8
        last = 7 if c == WHITE else 0
        start = 1 if c == WHITE else 6
        t = s + 8 * c

        def push(t, flag=NORMAL):
            if t // 8 == last:
                for pr in (QUEEN, ROOK, BISHOP, KNIGHT):
                    moves.append((s, t, pr, NORMAL))
            else:
                moves.append((s, t, 0, flag))

        if not b[t]:
            push(t)
            if y == start and not b[t + 8 * c]:
                moves.append((s, t + 8 * c, 0, DOUBLE))
        for t in PAWN_CAPS[c][s]:
            if b[t] * c < 0:
                push(t)
            elif t == self.ep and not b[t] and b[t - 8 * c] == -PAWN * c:
                moves.append((s, t, 0, EP))

    def _castling(self, s, moves):
        c = self.side
        b = self.b
        home = 4 if c == WHITE else 60
        if s != home:
            return
        ks, qs = (1, 2) if c == WHITE else (4, 8)
        if not self.castle & (ks | qs):
            return
        if self.attacked(home, -c):
            return
        if self.castle & ks and b[home + 3] == ROOK * c and not b[home + 1] and not b[home + 2]:
            if not self.attacked(home + 1, -c) and not self.attacked(home + 2, -c):
                moves.append((home, home + 2, 0, CASTLE))
        if (self.castle & qs and b[home - 4] == ROOK * c and not b[home - 1] and not b[home - 2]
                and not b[home - 3]):
            if not self.attacked(home - 1, -c) and not self.attacked(home - 2, -c):
                moves.append((home, home - 2, 0, CASTLE))

    def legal_moves(self):
        c = self.side
        ksq = self.kings[c]
        check = self.attacked(ksq, -c)
        line = LINE[ksq]
        b = self.b
        out = []
        for m in self.pseudo_moves():
            s, t, promo, flag = m
            if check or s == ksq or flag == EP:
                self.make(m)
                ok = not self.attacked(self.kings[c], -c)
                self.unmake()
            else:
                ln = line[s]
                if ln is None:
                    ok = True   # the vacated square is on no line to the king: nothing opens
                else:
                    p, cap = b[s], b[t]
                    b[t] = promo * c if promo else p
                    b[s] = 0
                    ok = not self.line_attacked(ln[0], ln[1], -c)
                    b[s], b[t] = p, cap
            if ok:
                out.append(m)
        return out

    def make(self, m):
        s, t, promo, flag = m
        b = self.b
        c = self.side
        p = b[s]
        capsq = t
        if flag == EP:
            capsq = t - 8 * c
        cap = b[capsq]
        self.stack.append((m, cap, capsq, self.castle, self.ep, self.half, self.full))
        b[capsq] = 0
        b[s] = 0
        b[t] = promo * c if promo else p
        if flag == CASTLE:
            if t > s:
                b[s + 1], b[s + 3] = b[s + 3], 0
            else:
                b[s - 1], b[s - 4] = b[s - 4], 0
        if p == KING * c:
            self.kings[c] = t
        self.ep = (s + t) // 2 if flag == DOUBLE else -1
        self.castle &= CR_MASK[s] & CR_MASK[t]
        self.half = 0 if (cap or p == PAWN * c) else self.half + 1
        if c == BLACK:
            self.full += 1
        self.side = -c







def setup(fen=None, moves=(), pieces="tripunch"):
    pos = Position.from_fen(fen or START_FEN, RULES[pieces])
    if not pos.legal():
        raise ValueError("the side not to move is in check: " + (fen or START_FEN))
    for mt in moves:
        pos.make(pos.find_move(mt))
    pos.stack = []
    return pos


# ---------------------------------------------------------------------------------------------
# Self-test






# Hand-worked tripunch checks.  Each: (name, fen, from-square or None for all legal moves,
# expected set (destination squares, or UCI moves when from-square is None)).
#
# 1. Lone White Reaper d4 (kings a1, h8, both off its lines).
#    Rook:    d1 d2 d3 d5 d6 d7 d8, a4 b4 c4 e4 f4 g4 h4                        (14)
#    Gryphon: diagonal steps c3 e3 c5 e5                                        (4)
#             via e5 (+1,+1): east f5 g5 h5, north e6 e7 e8                     (6)
#             via e3 (+1,-1): east f3 g3 h3, south e2 e1                        (5)
#             via c5 (-1,+1): west b5 a5, north c6 c7 c8                        (5)
#             via c3 (-1,-1): west b3 a3, south c2 c1                           (4)   = 38
REAPER_D4 = S("d1 d2 d3 d5 d6 d7 d8 a4 b4 c4 e4 f4 g4 h4 c3 e3 c5 e5 f5 g5 h5 e6 e7 e8 "
              "f3 g3 h3 e2 e1 b5 a5 c6 c7 c8 b3 a3 c2 c1")
# 3'. Lone White Harvester d4 (kings a4, h4, off its lines).
#    Bishop:  c3 b2 a1, e5 f6 g7 h8, c5 b6 a7, e3 f2 g1                         (13)
#    Aanca:   orthogonal steps d5 d3 e4 c4                                      (4)
#             via d5 (0,+1): NE e6 f7 g8, NW c6 b7 a8                            (6)
#             via d3 (0,-1): SE e2 f1, SW c2 b1                                  (4)
#             via e4 (+1,0): NE f5 g6 h7, SE f3 g2 h1                            (6)
#             via c4 (-1,0): NW b5 a6, SW b3 a2                                  (4)   = 37
HARVESTER_D4 = S("c3 b2 a1 e5 f6 g7 h8 c5 b6 a7 e3 f2 g1 d5 d3 e4 c4 e6 f7 g8 c6 b7 a8 "
                 "e2 f1 c2 b1 f5 g6 h7 f3 g2 h1 b5 a6 b3 a2")

UNIT_CHECKS = [
    ("Reaper d4 on an empty board (rook lines + gryphon squares)",
     "7k/8/8/8/3R4/8/8/K7 w - - 0 1", "d4", REAPER_D4),
    # 2. Same Reaper, own pawn on e5 (first diagonal square: no e5, and none of f5 g5 h5 e6 e7 e8),
    #    black pawn on c3 (capture on c3 allowed, but no continuation b3 a3 c2 c1).
    #    Rook 14 + c3 + e3 f3 g3 h3 e2 e1 + c5 b5 a5 c6 c7 c8 = 27.
    ("Reaper d4, gryphon paths blocked at the first diagonal square",
     "7k/8/8/4P3/3R4/2p5/8/K7 w - - 0 1", "d4",
     S("d1 d2 d3 d5 d6 d7 d8 a4 b4 c4 e4 f4 g4 h4 c3 e3 f3 g3 h3 e2 e1 c5 b5 a5 c6 c7 c8")),
    ("Harvester d4 on an empty board (bishop lines + aanca squares)",
     "8/8/8/8/K2B3k/8/8/8 w - - 0 1", "d4", HARVESTER_D4),
    # 3. Harvester d4, black pawn d5 (capture d5, no e6 f7 g8 c6 b7 a8), own pawn e4 (no e4, and
    #    none of f5 g6 h7 f3 g2 h1).  Bishop 13 + d5 + d3 e2 f1 c2 b1 + c4 b5 a6 b3 a2 = 24.
    ("Harvester d4, aanca paths blocked at the first orthogonal square",
     "8/8/8/3p4/K2BP2k/8/8/8 w - - 0 1", "d4",
     S("c3 b2 a1 e5 f6 g7 h8 c5 b6 a7 e3 f2 g1 d5 d3 e2 f1 c2 b1 c4 b5 a6 b3 a2")),
    # 4. Nightrider b1: (1,2) line c3 d5 e7 blocked by the own pawn c3 at its first landing square;
    #    (2,1) line d2 f3 h4: d2, capture f3 (black pawn), not h4 (the white pawn e2 that it jumps
    #    over between d2 and f3 does not matter); (-1,2): a3 (next landing off the board).
    ("Nightrider b1 blocked at its first landing square",
     "7k/8/8/8/8/2P2p2/4P3/1N5K w - - 0 1", "b1", S("a3 d2 f3")),
    # Combine d4 alone: Reaper 38 + Harvester 37 = 75 paths, but 16 squares have two: the 8
    #    knight squares (gryphon and aanca), the orthogonal neighbours (rook and aanca step) and the
    #    diagonal neighbours (bishop and gryphon step): 59 moves, one each.  The 4 squares it cannot
    #    reach are b8 f8 h2 h6 (offsets (-2,4) (2,4) (4,-2) (4,2)): the kings stand on h2 and b8.
    ("Combine d4 alone: Reaper squares + Harvester squares, each once (59)",
     "1k6/8/8/8/3Q4/8/7K/8 w - - 0 1", "d4", REAPER_D4 | HARVESTER_D4),
    # 5. Combine d4 boxed in by own pawns c3 c4 c5 d3 d5 e3; black pawn f5 = (2,1) from d4.
    #  a) own pawn e5: gryphon path d4-e5-f5 and bishop NE shut; rook east e4 f4 g4 h4,
    #     aanca via e4: NE f5 (capture), SE f3 g2 h1.
    ("Combine d4 -> f5 via the aanca path (e4) with the gryphon path (e5) blocked",
     "k7/8/8/2PPPp2/2PQ4/2PPP3/8/K7 w - - 0 1", "d4", S("e4 f4 g4 h4 f5 f3 g2 h1")),
    #  b) own pawn e4: rook east and aanca via e4 shut; bishop NE e5 f6 g7 h8,
    #     gryphon via e5: east f5 (capture), north e6 e7 e8.
    ("Combine d4 -> f5 via the gryphon path (e5) with the aanca path (e4) blocked",
     "k7/8/8/2PP1p2/2PQP3/2PPP3/8/K7 w - - 0 1", "d4", S("e5 f6 g7 h8 f5 e6 e7 e8")),
    #  c) black pawns e4 and e5: both paths blocked; only the captures e4 (rook step = aanca
    #     step: one move) and e5 (bishop step = gryphon step: one move); f5 unreachable.
    ("Combine d4 with both paths to f5 blocked",
     "k7/8/8/2PPpp2/2PQp3/2PPP3/8/K7 w - - 0 1", "d4", S("e4 e5")),
    # 6. White K e1 in check from the black Reaper f3 along the bent path f3-e2-e1 (diagonal
    #    step to e2, then south).  King: d1 only (d2 attacked via e2 west, e2 = the diagonal
    #    step, f1 f2 on the Reaper's file).  Nightrider g1: captures f3 (-1,2) or blocks on e2
    #    (-2,1); its other moves h3 c3 a4 leave the check.
    ("Check from a Gryphon along a bent path",
     "k7/8/8/8/8/5r2/8/4K1N1 w - - 0 1", None, S("e1d1 g1f3 g1e2")),
    # 6'. Same with a White Combine d4 and a black pawn e3: the Combine takes f3 through the aanca
    #    path d4-e4-f3 (its gryphon path d4-e3-f3 is blocked by the pawn) and blocks on e2 through
    #    d4-d3-e2; taking e3 leaves the check.  d2 is also attacked by the pawn e3.
    ("Check along a bent path answered by a Combine with one of two paths blocked",
     "1k6/8/8/8/3Q4/4pr2/8/4K1N1 w - - 0 1", None, S("e1d1 g1f3 g1e2 d4f3 d4e2")),
    # 7. Pin along a bent path: black Reaper f4 -> e3 (diagonal) -> e2 -> e1.  The Harvester e2 on
    #    the path may only go to e3 (still on the path: aanca step north) or take f4 (aanca e3 then
    #    north-east); every other move opens f4-e3-e2-e1.
    ("Pin along a bent path (piece on the orthogonal leg)",
     "k7/8/8/8/5r2/8/4B3/4K3 w - - 0 1", "e2", S("e3 f4")),
    #    Nightrider on e3, the bend square of f4-e3-e2-e1: no move keeps the path closed.
    ("Pin along a bent path (piece on the bend square)",
     "k7/8/8/8/5r2/4N3/8/4K3 w - - 0 1", "e3", set()),
    # 8. Castling: f1 attacked only by the bent path g3-f2-f1 (g3's file is closed by g2), so no
    #    e1g1; b1 is attacked via a8-b7-b1 but only the Reaper crosses it, so e1c1 is legal.
    #    King: d1 d2 c1 (f1 f2 attacked, e2 own pawn).
    ("Castling through a square attacked only by a bent path",
     "r3k2r/8/8/8/8/6r1/4P1P1/R3K2R w KQkq - 0 1", "e1", S("d1 d2 c1")),
    # 9. En passant exd6 would empty d5 and e5: g6-f5-(west)-e5-d5-c5-b5-a5 attacks the king.
    ("En passant forbidden by a bent-path pin",
     "4k3/8/6r1/K2pP3/8/8/8/8 w - d6 0 1", "e5", S("e6")),
    ("En passant allowed when the king is off the bent path",
     "4k3/8/6r1/3pP3/K7/8/8/8 w - d6 0 1", "e5", S("e6 d6")),
    # 10. Promotions: b7 pushes to b8 and takes a8 / c8, each to Combine, Reaper, Harvester,
    #    Nightrider.
    ("Promotion to the four tripunch pieces",
     "n1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7",
     S("b8 a8 c8")),
]


def forward_attacked(pos, t, by):
    """attacked() recomputed from the forward move generator: put an enemy piece on t and see
    whether a pseudo-legal move of `by` lands there."""
    b = pos.b
    saved_piece, saved_side, saved_castle = b[t], pos.side, pos.castle
    if saved_piece * by >= 0:         # empty or own piece of `by`: stand an enemy pawn there
        b[t] = -by * PAWN
    pos.side = by
    pos.castle = 0
    hit = any(m[1] == t for m in pos.pseudo_moves())
    b[t], pos.side, pos.castle = saved_piece, saved_side, saved_castle
    return hit


def consistency(rng, games=40):
    """On random tripunch positions: attacked() (reverse walks) == forward generation for every
    square and colour, and the legality shortcut == a full make / attacked test for every move."""
    fails = []
    for gi in range(games):
        pos, _ = random_playout(rng, rng.randint(0, 70))
        for t in range(64):
            for by in (WHITE, BLACK):
                if pos.b[t] * by > 0:
                    continue   # a square held by `by` itself: attacks there do not matter
                if pos.attacked(t, by) != forward_attacked(pos, t, by):
                    fails.append("consistency: attacked(%s, %s) differs from the forward generator in %s"
                                 % (sqname(t), "white" if by > 0 else "black", pos.fen()))
        fast = sorted(pos.legal_moves())
        slow = []
        c = pos.side
        for m in pos.pseudo_moves():
            pos.make(m)
            if not pos.attacked(pos.kings[c], -c):
                slow.append(m)
            pos.unmake()
        if fast != sorted(slow):
            fails.append("consistency: legality shortcut differs in %s: %s vs %s" % (
                pos.fen(), sorted(map(mname, set(fast) - set(slow))), sorted(map(mname, set(slow) - set(fast)))))
        if len(fails) > 10:
            break
    return fails


def self_test():
    fails = []
    t0 = time.time()
    for name, fen, counts in FIDE_PERFT:
        pos = setup(fen, pieces="fide")
        for d, exp in enumerate(counts, 1):
            got = pos.perft(d)
            ok = got == exp
            print("%-4s FIDE %-10s depth %d: %d (expected %d)" % ("ok" if ok else "FAIL", name, d, got, exp))
            if not ok:
                fails.append("FIDE %s depth %d: got %d, expected %d" % (name, d, got, exp))
    print("FIDE perft: %.1fs" % (time.time() - t0))
    for name, fen, frm, expected in UNIT_CHECKS:
        pos = setup(fen)
        moves = pos.legal_moves()
        names = [mname(m) for m in moves]
        if len(names) != len(set(names)):
            dup = sorted(n for n in set(names) if names.count(n) > 1)
            fails.append("%s: duplicate moves %s" % (name, dup))
            print("FAIL", fails[-1])
            continue
        if frm is None:
            got = set(names)
        else:
            f = parse_sq(frm)
            got = set(sqname(m[1]) for m in moves if m[0] == f)
        if got == expected:
            print("ok   %s (%d)" % (name, len(got)))
        else:
            fails.append("%s [%s]: missing %s, unexpected %s" % (
                name, fen, sorted(expected - got), sorted(got - expected)))
            print("FAIL", fails[-1])
    # promotion letters: every promotion move appears with q r b n exactly once
    pos = setup("n1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    promos = sorted(mname(m) for m in pos.legal_moves() if m[0] == parse_sq("b7"))
    exp = sorted(a + b for a in ("b7b8", "b7a8", "b7c8") for b in "qrbn")
    if promos == exp:
        print("ok   promotion letters q r b n (%d)" % len(promos))
    else:
        fails.append("promotion moves %s, expected %s" % (promos, exp))
        print("FAIL", fails[-1])
    # make/unmake restores the position (a few random games)
    rng = random.Random(7)
    for _ in range(20):
        pos = setup()
        before = []
        for _ in range(60):
            lm = pos.legal_moves()
            if not lm:
                break
            before.append((pos.fen(ep_always=True), list(pos.b)))
            pos.make(rng.choice(lm))
        while pos.stack:
            pos.unmake()
            f, bb = before.pop()
            if pos.fen(ep_always=True) != f or pos.b != bb:
                fails.append("unmake does not restore %s" % f)
                break
    if not any(f.startswith("unmake") for f in fails):
        print("ok   make/unmake round trips")
    fails += consistency(rng)
    print("%s consistency of the reverse attack walks and the legality shortcut" %
          ("ok  " if not any(f.startswith("consistency") for f in fails) else "FAIL"))
    print("self-test: %d failure(s)" % len(fails))
    for f in fails:
        print("  " + f)
    return 1 if fails else 0


# ---------------------------------------------------------------------------------------------
# Random positions


def special_count(pos):
    return sum(1 for p in pos.b if abs(p) in (KNIGHT, BISHOP, ROOK, QUEEN))


def random_playout(rng, plies):
    """A random game of `plies` plies from the start.  Promotions are preferred and captures of
    the special pieces are played less often, so that the positions keep many special pieces."""
    pos = setup()
    moves = []
    for _ in range(plies):
        lm = pos.legal_moves()
        if not lm:
            break
        promos = [m for m in lm if m[2]]
        if promos and rng.random() < 0.8:
            m = rng.choice(promos)
        else:
            weights = []
            for m in lm:
                cap = abs(pos.b[m[1]])
                weights.append(0.25 if cap in (KNIGHT, BISHOP, ROOK, QUEEN) else (2.0 if cap == PAWN else 1.0))
            m = rng.choices(lm, weights)[0]
        pos.make(m)
        moves.append(mname(m))
    pos.stack = []
    return pos, moves


def rich_playout(rng, lo=4, hi=60, tries=3):
    """Best of a few playouts of one random length: the one with the most special pieces."""
    plies = rng.randint(lo, hi)
    best = None
    for _ in range(tries):
        pos, moves = random_playout(rng, plies)
        if best is None or special_count(pos) > special_count(best[0]):
            best = (pos, moves)
    return best


# ---------------------------------------------------------------------------------------------
# Chimera UCI driver: scripts/oracles/chimera_driver.py (shared with the other 8x8 oracle)


def compare(args):
    c = Compare(args.chimera, "tripunch", setup, lambda pos: pos.fen(ep_always=True))
    rng = random.Random(args.seed)
    t0 = time.time()
    c.positions += 1
    for d in range(1, args.depth + 1):
        c.check("start", START_FEN, [], d)
        print("start depth %d done (%.0fs)" % (d, time.time() - t0), flush=True)
    for cid, fen, _ in DATA_POSITIONS:
        c.positions += 1
        for d in (1, 2, 3):
            c.check(cid, fen, [], d)
    print("hand-made positions done (%.0fs)" % (time.time() - t0), flush=True)
    for i in range(args.positions):
        pos, moves = rich_playout(rng)
        c.positions += 1
        # even: start FEN + moves (Chimera applies the moves); odd: the resulting FEN itself
        fen, mv = (START_FEN, moves) if i % 2 == 0 else (pos.fen(ep_always=(i % 4 == 1)), [])
        for d in (1, 2):
            c.check("playout#%d" % i, fen, mv, d)
        if i % 10 == 0:
            c.check("playout#%d" % i, fen, mv, 3)
        if (i + 1) % 10 == 0:
            print("%d playouts done (%.0fs)" % (i + 1, time.time() - t0), flush=True)
    c.u.close()
    print("summary: %d positions, %d perft runs, %d oracle leaf nodes, %d mismatch(es), %.0fs"
          % (c.positions, c.runs, c.nodes, len(c.failures), time.time() - t0))
    for f in c.failures:
        print(f)
    return 1 if c.failures else 0


# ---------------------------------------------------------------------------------------------
# Perft data file

DATA_POSITIONS = [
    # (id, fen, what it exercises)
    ("castle-bent", "r3k2r/8/1R6/8/8/6r1/4P1P1/R3K2R w KQkq - 0 1",
     "White: f1 attacked only by the bent path g3-f2-f1 (no O-O), b1 attacked via a8-b7-b1 but "
     "only crossed by the Reaper (O-O-O legal); Black: c8 attacked by b6-c7-c8 (no O-O-O)"),
    ("ep-bent-pin", "4k3/8/6r1/K2pP3/8/8/8/7Q w - d6 0 1",
     "exd6 e.p. illegal: it would open g6-f5-e5-d5-...-a5 to the king"),
    ("promotions", "n1n1k3/1P6/8/8/8/8/6p1/4KN2 w - - 0 1",
     "promotions by push and capture to q r b n for both sides"),
    ("nightrider-check", "3q4/4k3/8/1r6/8/8/1P3n2/1N2K3 b - - 0 1",
     "Black in check from the Nightrider b1 along c3-d5-e7; blocks on c3 / d5"),
    ("bent-pins", "7k/8/8/8/b4r2/8/3NB3/4K3 w - - 0 1",
     "Harvester e2 pinned by f4-e3-e2-e1, Nightrider d2 pinned by the aanca path a4-b4-c3-d2-e1"),
    ("bent-check-combine", "1k6/8/8/8/3Q4/4pr2/8/4K1N1 w - - 0 1",
     "check f3-e2-e1; the Combine takes f3 (aanca path, gryphon path blocked) or blocks on e2"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     "the Kiwipete diagram played with tripunch pieces"),
]


def make_data(path, seed, limit=3_000_000):
    rng = random.Random(seed)
    cases = [("tripunch-start", None, "the start position")]
    hand = set("tripunch-" + cid for cid, _, _ in DATA_POSITIONS)
    for cid, fen, what in DATA_POSITIONS:
        if not setup(fen).legal():
            raise SystemExit("data position %s is not legal" % cid)
        cases.append(("tripunch-" + cid, fen, what))
    k = 0
    while k < 20:
        pos, moves = rich_playout(rng)
        if not pos.legal_moves():
            continue
        k += 1
        cases.append(("tripunch-playout-%d-ply%d" % (k, len(moves)), pos.fen(),
                      "random playout (%d special pieces)" % special_count(pos)))
    lines = ["# tripunch perft data: counts from the independent oracle",
             "#   python3 scripts/oracles/tripunch.py --make-data FILE --seed %d" % seed,
             "# (written from the rules text only; its FIDE machinery is checked by --self-test against",
             "# the published chess perft numbers). Positions: the start, hand-made positions for each",
             "# special rule (bent-path castling, en passant, promotions, Nightrider lines, pins and",
             "# checks along bent paths, a Combine with several paths to one square) and random-playout",
             "# positions (seeded, biased towards keeping the special pieces). Depths 1-3 (start 1-4, and",
             "# depth 4 for the small hand-made positions); no count above %d nodes." % limit,
             ""]
    for cid, fen, what in cases:
        pos = setup(fen)
        lines.append("id %s" % cid)
        lines.append("variant tripunch")
        if fen:
            lines.append("fen %s" % fen)
        lines.append("# %s" % what)
        # start: depth 1-4 (+ depth 5 as a comment); hand-made: 1-3, and 4 when small enough;
        # random playouts: 1-3
        maxd = 5 if fen is None else (4 if cid in hand else 3)
        prev_prev, prev = 1, 1
        for d in range(1, maxd + 1):
            if d > 3 and fen is not None and prev * prev // max(1, prev_prev) > 2 * limit:
                break   # the estimate says it is over the limit: not computed
            t0 = time.time()
            n = pos.perft(d)
            dt = time.time() - t0
            print("%s depth %d: %d (%.1fs)" % (cid, d, n, dt), file=sys.stderr, flush=True)
            if n > limit:
                lines.append("# perft %d %d (oracle, %.0fs; above the %d-node limit, left as a comment)"
                             % (d, n, dt, limit))
                break
            lines.append("perft %d %d" % (d, n))
            if fen is None and d == 4:
                lines.append("# (perft 4 took %.1fs in the Python oracle)" % dt)
            prev_prev, prev = prev, n
            if n == 0:
                break
        lines.append("")
    with open(path, "w") as f:
        f.write("\n".join(lines))
    print("wrote %s (%d positions)" % (path, len(cases)))


# ---------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fen")
    ap.add_argument("--moves", nargs="*", default=[])
    ap.add_argument("--depth", type=int)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--time", action="store_true", help="print the perft time on stderr")
    ap.add_argument("--pieces", default="tripunch", choices=sorted(PIECE_SETS),
                    help="fide: the same machinery with FIDE rook/bishop/queen/knight (self-test)")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--chimera", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "release", "chimera"))
    ap.add_argument("--seed", type=int, default=20250101)
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--make-data", metavar="FILE")
    args = ap.parse_args()
    if args.self_test:
        sys.exit(self_test())
    if args.make_data:
        make_data(args.make_data, args.seed)
        return
    if args.compare:
        if args.depth is None:
            args.depth = 3
        sys.exit(compare(args))
    if args.depth is None:
        ap.error("--depth is required")
    pos = setup(args.fen, args.moves, args.pieces)
    t0 = time.time()
    if args.time:
        import atexit
        atexit.register(lambda: print("(%.2fs)" % (time.time() - t0), file=sys.stderr))
    if args.divide:
        res = pos.divide(args.depth)
        for m in sorted(res):
            print("%s: %d" % (m, res[m]))
        print()
        print("Nodes searched: %d" % sum(res.values()))
    else:
        print("Nodes searched: %d" % pos.perft(args.depth))


if __name__ == "__main__":
    main()
