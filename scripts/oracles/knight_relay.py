#!/usr/bin/env python3
"""Independent move generator and perft for Knight Relay Chess (variant `knight-relay`,
Mannis Charosh 1972).

Written from the rules text of the task brief only (summarised below) and the perft conventions of
/work/shared/rules/README.md -- not from Chimera's code -- in plain Python 3 with the standard
library only, so that it can serve as an oracle for Chimera's move generator.  Only the CLI, the
UCI driver and the data-file format follow scripts/oracles/tripunch.py; the rules code is new.

The game: FIDE chess (standard start position, FEN letters, castling, promotion to Q R B N, check,
mate) except:
  1. Knights never capture and can never be captured.  A knight leaps as usual, but only to an
     EMPTY square; no piece may move onto a square holding an enemy knight; a knight attacks
     nothing (it gives no check, the enemy king may stand on its leap squares).
  2. Relay.  A piece that is neither a king nor a knight, standing a knight's leap away from a
     knight of its own colour (pins, checks, what stands between: irrelevant), may also move like a
     knight: a leap to an empty square or a leap capturing an enemy piece that is not a knight.
     Judged on the current position; one level only (only real knights relay).
  3. A pawn's relayed leap may not end on rank 1 or rank 8 (its own first or last rank), moving or
     capturing: a relayed move never promotes, and a relayed pawn attacks nothing on those ranks.
  4. Double step from the pawn's initial rank (2nd / 7th), also after coming back there by a relay.
  5. No en passant (an en passant square in a FEN is accepted and ignored).
  6. A move is legal if afterwards the mover's king is not attacked.  Square t is attacked by X if
     a piece of X could capture there by its normal capturing moves (pawn diagonals, Q/R/B lines,
     king steps; NOT knights) or by a relayed leap (a non-king non-knight piece of X a leap away
     from one of X's knights attacks its 8 leap squares; a pawn not those on ranks 1 and 8).  Relays
     are judged on the position after the move.
  7. Castling as FIDE (e1g1 / e1c1, rights from the FEN, squares between king and rook empty), not
     out of, through or into an attacked square (attacks as in rule 6).
  8. Promotion by ordinary pawn moves to q r b n; a promoted knight is a knight in every respect.
  9. Perft counts legal moves (leaves).
With `--rules fide` the same code plays plain FIDE chess (rules 1-5 switched off: knights capture
and are captured, no relay, en passant on); the self-test checks that mode against the published
chess perft numbers.

Why a quick legality shortcut is sound here: a move of side c changes the enemy's attacks on c's
king only by (a) opening a line through the vacated square, (b) moving the king, (c) capturing an
enemy piece (which can only remove attacks; knights cannot be captured, so no enemy relay can
appear or disappear otherwise: relays depend only on the positions of the enemy's own pieces).  So
when c is not in check and moves a non-king piece from a square on no queen line from its king
(and the move is not en passant), the move is legal.  All other moves are made and tested.  The
self-test checks the shortcut against the full test on random positions.

CLI:
  knight_relay.py [--fen FEN] [--moves M ...] --depth D [--divide] [--rules knight-relay|fide]
      prints `move: count` lines (with --divide), then `Nodes searched: N`
  knight_relay.py --self-test
      FIDE perft numbers with the same code (--rules fide), then hand-worked knight-relay checks;
      exit status 0 if all pass, 1 otherwise
  knight_relay.py --compare --chimera PATH [--seed S] [--positions N] [--depth D]
      compares per-move divide counts with `PATH uci` (UCI_Variant knight-relay): the start
      position at depth 1..D (default 4: under 2s in this oracle), the hand-made positions (the
      data positions and those of the self-test) at depth 1..3, and N seeded random-playout
      positions (4..80 plies) at depth 1 and 2 (depth 3 every 10th); every mismatch is narrowed
      down to the leaf position and the moves only one side has; summary line at the end
  knight_relay.py --make-data FILE [--seed S]
      writes a perft data file in the format of engine-tests/perft/*.perft
"""

import argparse
import os
import random
import sys
import time

from board8 import (BISHOP, BLACK, CASTLE, CR_MASK, DIAG_RAYS, DOUBLE, EP, FIDE_PERFT,
                    KING, KING_STEPS, KNIGHT, KNIGHT_STEPS, NORMAL, ORTHO_RAYS, PAWN, PAWN_CAPS,
                    PAWN_FROM, QUEEN, ROOK, START_FEN, WHITE, FenMixin, PerftMixin, S, mname,
                    parse_sq, sqname)
from chimera_driver import Compare

VARIANT = "knight-relay"

EDGE_RANK = [s // 8 in (0, 7) for s in range(64)]   # rank 1 or rank 8
LINE = []                            # LINE[k][s]: s lies on a queen line from k
for _k in range(64):
    line = [False] * 64
    for r in ORTHO_RAYS[_k] + DIAG_RAYS[_k]:
        for _t in r:
            line[_t] = True
    LINE.append(line)

RELAYABLE = (PAWN, BISHOP, ROOK, QUEEN)   # kinds that can gain the knight move


class Position(FenMixin, PerftMixin):
    def __init__(self, kr=True):
        self.kr = kr            # True: knight-relay rules; False: plain FIDE chess (self-test)
        self.b = [0] * 64
        self.side = WHITE
        self.castle = 0
        self.ep = -1            # FIDE mode only
        self.half = 0
        self.full = 1
        self.kings = [-1, -1, -1]   # kings[WHITE] (index 1), kings[BLACK] (index -1)
        self.stack = []

    # --- FEN -------------------------------------------------------------------------------
    @classmethod
    def from_fen(cls, fen, kr=True):
        pos = cls(kr)
        pos.read_fen(fen)
        if kr:
            pos.ep = -1     # a well-formed e.p. square is ignored in knight-relay
        return pos

    def fen(self, ep_square=None):
        """FEN; in FIDE mode the e.p. square is written when a pawn could take; `ep_square` forces
        one (used to check that Chimera ignores it in knight-relay)."""
        if ep_square is not None:
            return self.fen_text(ep_square)
        return self.fen_text(self.ep if self.ep_capturable() else -1)

    # --- relays and attacks ----------------------------------------------------------------
    def relayed(self, s, c):
        """Does the piece of colour c on s (not a king / knight: the caller checks) have a knight of
        its own colour a knight's leap away?"""
        b = self.b
        kn = KNIGHT * c
        for k in KNIGHT_STEPS[s]:
            if b[k] == kn:
                return True
        return False

    def attacked(self, t, by):
        """Is square t attacked by colour `by` (rule 6)?"""
        b = self.b
        pcode, kcode = PAWN * by, KING * by
        for a in PAWN_FROM[by][t]:
            if b[a] == pcode:
                return True
        for a in KING_STEPS[t]:
            if b[a] == kcode:
                return True
        if self.kr:
            edge = EDGE_RANK[t]
            for a in KNIGHT_STEPS[t]:
                p = b[a] * by
                if p == PAWN:
                    if edge:
                        continue     # a relayed pawn never attacks rank 1 or rank 8
                elif p not in (BISHOP, ROOK, QUEEN):
                    continue
                if self.relayed(a, by):
                    return True
        else:
            ncode = KNIGHT * by
            for a in KNIGHT_STEPS[t]:
                if b[a] == ncode:
                    return True
        rq = (ROOK * by, QUEEN * by)
        for r in ORTHO_RAYS[t]:
            for a in r:
                p = b[a]
                if p:
                    if p in rq:
                        return True
                    break
        bq = (BISHOP * by, QUEEN * by)
        for r in DIAG_RAYS[t]:
            for a in r:
                p = b[a]
                if p:
                    if p in bq:
                        return True
                    break
        return False


    # --- move generation -------------------------------------------------------------------
    def can_take(self, q, c):
        """May a piece of colour c move onto a square holding q (q != 0)?"""
        return q * c < 0 and not (self.kr and (q == KNIGHT or q == -KNIGHT))

    def pseudo_moves(self):
        b = self.b
        c = self.side
        kr = self.kr
        moves = []
        add = moves.append
        for s in range(64):
            p = b[s] * c
            if p <= 0:
                continue
            if p == PAWN:
                self._pawn_moves(s, moves)
            elif p == KNIGHT:
                for t in KNIGHT_STEPS[s]:
                    q = b[t]
                    if not q or (not kr and q * c < 0):
                        add((s, t, 0, NORMAL))
            elif p == KING:
                for t in KING_STEPS[s]:
                    q = b[t]
                    if not q or self.can_take(q, c):
                        add((s, t, 0, NORMAL))
                self._castling(s, moves)
            else:
                rays = ORTHO_RAYS[s] if p == ROOK else DIAG_RAYS[s] if p == BISHOP else \
                    ORTHO_RAYS[s] + DIAG_RAYS[s]
                for r in rays:
                    for t in r:
                        q = b[t]
                        if not q:
                            add((s, t, 0, NORMAL))
                        else:
                            if self.can_take(q, c):
                                add((s, t, 0, NORMAL))
                            break
                if kr and self.relayed(s, c):
                    for t in KNIGHT_STEPS[s]:
                        q = b[t]
                        if not q or self.can_take(q, c):
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
            q = b[t]
            if q:
                if self.can_take(q, c):
                    push(t)
            elif t == self.ep and b[t - 8 * c] == -PAWN * c:   # never in knight-relay (ep = -1)
                moves.append((s, t, 0, EP))
        if self.kr and self.relayed(s, c):
            for t in KNIGHT_STEPS[s]:
                if EDGE_RANK[t]:
                    continue         # not onto rank 1 / rank 8: a relayed move never promotes
                q = b[t]
                if not q or self.can_take(q, c):
                    moves.append((s, t, 0, NORMAL))

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
            return                   # not out of check
        # the square crossed is tested here, the king's destination by the legality test after
        # the move (the same thing: castling captures nothing and changes no enemy relay)
        if self.castle & ks and b[home + 3] == ROOK * c and not b[home + 1] and not b[home + 2]:
            if not self.attacked(home + 1, -c):
                moves.append((home, home + 2, 0, CASTLE))
        if (self.castle & qs and b[home - 4] == ROOK * c and not b[home - 1] and not b[home - 2]
                and not b[home - 3]):
            if not self.attacked(home - 1, -c):
                moves.append((home, home - 2, 0, CASTLE))

    def legal_moves(self, shortcut=True):
        c = self.side
        ksq = self.kings[c]
        check = self.attacked(ksq, -c)
        line = LINE[ksq]
        out = []
        for m in self.pseudo_moves():
            s = m[0]
            if shortcut and not check and s != ksq and m[3] != EP and not line[s]:
                out.append(m)        # see the module docstring: nothing can open on the king
                continue
            self.make(m)
            if not self.attacked(self.kings[c], -c):
                out.append(m)
            self.unmake()
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
        self.ep = (s + t) // 2 if (flag == DOUBLE and not self.kr) else -1
        self.castle &= CR_MASK[s] & CR_MASK[t]
        self.half = 0 if (cap or p == PAWN * c) else self.half + 1
        if c == BLACK:
            self.full += 1
        self.side = -c







def setup(fen=None, moves=(), kr=True):
    pos = Position.from_fen(fen or START_FEN, kr)
    if not pos.legal():
        raise ValueError("the side not to move is in check: " + (fen or START_FEN))
    for mt in moves:
        pos.make(pos.find_move(mt))
    pos.stack = []
    return pos


# ---------------------------------------------------------------------------------------------
# Self-test






# Hand-worked knight-relay checks.  Each: (name, fen, moves played first, from-square or None for
# all legal moves, expected set (destination squares with a from-square, else UCI moves)).
UNIT_CHECKS = [
    # 1. Start position, White.  Ordinary moves: 16 pawn moves; knights only to empty squares:
    #    b1 -> a3 c3 (d2 own pawn), g1 -> f3 h3 (e2 own pawn): 4.  Relays: the b1 knight's leap
    #    squares are a3 c3 d2 -> it relays the pawn d2; g1's are e2 f3 h3 -> it relays the pawn e2
    #    (nothing else stands a leap away from a knight).
    #    d2 leaps: b1 f1 (rank 1: forbidden for a relayed pawn; b1 is also occupied), b3 f3 c4 e4.
    #    e2 leaps: c1 g1 (rank 1: forbidden; occupied too), c3 g3 d4 f4.
    #    20 + 4 + 4 = 28 moves.
    ("start position (16 pawn moves, 4 knight moves, 8 relayed pawn leaps)",
     START_FEN, [], None,
     S("a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4 "
       "b1a3 b1c3 g1f3 g1h3 d2b3 d2f3 d2c4 d2e4 e2c3 e2g3 e2d4 e2f4")),
    # 1'. The same after 1. a3: Black has the mirror set (a3 touches nothing of Black's).
    ("start position after a2a3, Black (mirror of the 28)",
     START_FEN, ["a2a3"], None,
     S("a7a6 a7a5 b7b6 b7b5 c7c6 c7c5 d7d6 d7d5 e7e6 e7e5 f7f6 f7f5 g7g6 g7g5 h7h6 h7h5 "
       "b8a6 b8c6 g8f6 g8h6 d7b6 d7f6 d7c5 d7e5 e7c6 e7g6 e7d5 e7f5")),
    # 2. Knights give no check and cannot be captured.  White knights f6 (a leap from e8) and f7
    #    (next to e8; its leap squares include d8).  Black: no check; Kd8 Kf8 Kd7 Ke7 allowed, Kxf7
    #    does not exist (f7 holds a knight).  (In FIDE chess Black would be in check.)
    ("knights next to / a leap from the king give no check and cannot be taken",
     "4k3/5N2/5N2/8/8/8/8/4K3 b - - 0 1", [], None, S("e8d8 e8f8 e8d7 e8e7")),
    # 3. A queen attacking a knight along a line cannot take it.  White Q d1, P c3, K h1; black
    #    N d4 (no white knight: nothing relayed).  Queen: d2 d3 (not d4); a1 b1 c1 e1 f1 g1;
    #    c2 b3 a4; e2 f3 g4 h5 = 15.  Pawn c3: c4 only (no cxd4).  King: g1 g2 h2 (the knight
    #    attacks nothing).  19 moves.
    ("a queen / pawn cannot capture a knight",
     "7k/8/8/8/3n4/2P5/8/3Q3K w - - 0 1", [], None,
     S("d1d2 d1d3 d1a1 d1b1 d1c1 d1e1 d1f1 d1g1 d1c2 d1b3 d1a4 d1e2 d1f3 d1g4 d1h5 c3c4 "
       "h1g1 h1g2 h1h2")),
    # 3'. A knight moves only to empty squares: c3 with a black rook b5 and a black pawn d5 on
    #    two of its leap squares: a2 a4 b1 d1 e2 e4 only.
    ("a knight never captures",
     "7k/8/8/1r1p4/8/2N5/8/K7 w - - 0 1", [], "c3", S("a2 a4 b1 d1 e2 e4")),
    # 4. A queen defended by its knight gives check by a knight leap.  White Q d4, N b3 (a leap from
    #    d4), K h1; black K e6 = d4 + (1,2): in check.  King squares: d5 d6 d7 (d-file), e5 f6
    #    (diagonal), f5 (relayed leap d4-f5) attacked; e7 f7 free.
    ("a queen relayed by its knight checks by a leap",
     "8/8/4k3/8/3Q4/1N6/8/7K b - - 0 1", [], None, S("e6e7 e6f7")),
    #    Without the knight: no check, and f5 is free again.
    ("... and without its knight it has no leap",
     "8/8/4k3/8/3Q4/8/8/7K b - - 0 1", [], None, S("e6f5 e6e7 e6f7")),
    # 4'. Relayed captures: rook d4 relayed by N b3.  Lines: d1 d2 d3 d5 d6 d7 d8, a4 b4 c4 e4 f4
    #    g4 h4; leaps: b5 c2 c6 e2 f3, e6 (takes the pawn), not b3 (own knight), not f5 (a black
    #    knight cannot be captured).  20.
    ("a relayed rook captures by a leap, but not a knight",
     "k7/8/4p3/5n2/3R4/1N6/8/K7 w - - 0 1", [], "d4",
     S("d1 d2 d3 d5 d6 d7 d8 a4 b4 c4 e4 f4 g4 h4 b5 c2 c6 e2 f3 e6")),
    # 4''. Pins do not matter for relaying: N e2 pinned by the rook e8 (no moves) still relays the
    #    bishop g3.  Bishop: f2 (e1 own king), h4, h2, f4 e5 d6 c7 b8; leaps e4 f1 f5 h1 h5 (e2
    #    own knight).  13.
    ("a pinned knight cannot move ...",
     "4r2k/8/8/8/8/6B1/4N3/4K3 w - - 0 1", [], "e2", set()),
    ("... but still relays",
     "4r2k/8/8/8/8/6B1/4N3/4K3 w - - 0 1", [], "g3",
     S("f2 h4 h2 f4 e5 d6 c7 b8 e4 f1 f5 h1 h5")),
    # 5. Relayed pawn and the last rank.  White P d7 relayed by N b6 (a leap away); black R b8,
    #    K f8.  d7: d8=Q/R/B/N (ordinary push); relayed leaps b8 (rank 8: no capture of the rook)
    #    f8 (rank 8) forbidden, b6 own knight, f6 c5 e5 allowed.  Knight b6: a8 c8 d5 a4 c4
    #    (d7 own pawn).  King a1: a2 b1 b2 (the rook's file is blocked by the knight b6).  15.
    ("a relayed pawn neither moves nor captures onto its last rank",
     "1r3k2/3P4/1N6/8/8/8/8/K7 w - - 0 1", [], None,
     S("d7d8q d7d8r d7d8b d7d8n d7f6 d7c5 d7e5 b6a8 b6c8 b6d5 b6a4 b6c4 a1a2 a1b1 a1b2")),
    #    Black to move, K g8: f8 is a leap from the relayed pawn d7 but on rank 8, so not attacked
    #    (d7 attacks c8 e8 diagonally).  King f8 h8 f7 g7 h7; rook a8 c8 d8 e8 f8, b7 (b6 is a
    #    knight: no capture).  11.
    ("a relayed pawn does not attack (check) a square on the last rank",
     "1r4k1/3P4/1N6/8/8/8/8/K7 b - - 0 1", [], None,
     S("g8f8 g8h8 g8f7 g8g7 g8h7 b8a8 b8c8 b8d8 b8e8 b8f8 b8b7")),
    # 6. Double step after a relayed return: P d4 relayed by N b3 leaps to c2 (rank 2), Black
    #    plays Ke8-d8; the pawn on c2 (not relayed: b3 is not a leap from c2) has c3 and c4.
    ("double step after a relayed return to the 2nd rank",
     "4k3/8/8/8/3P4/1N6/8/4K3 w - - 0 1", ["d4c2", "e8d8"], "c2", S("c3 c4")),
    # 7. No en passant: d6 in the FEN is ignored; e5 has e6 only.  The same after ...d7-d5 played.
    ("no en passant (e.p. square given in the FEN)",
     "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", [], "e5", S("e6")),
    ("no en passant (after a double step)",
     "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", ["d7d5"], "e5", S("e6")),
    # 8. Castling through a square attacked only by a relayed leap: black R h2 relayed by N g4
    #    attacks f1 (h2 + (-2,-1)); rank 2 covers d2 e2 f2.  King e1: d1, O-O-O (d1 c1 free);
    #    no f1, no O-O.
    ("no castling through a square attacked only by a relayed leap",
     "4k3/8/8/8/6n1/8/7r/R3K2R w KQ - 0 1", [], "e1", S("d1 c1")),
    #    Without the knight: f1 free, O-O legal.
    ("... legal again without the relaying knight",
     "4k3/8/8/8/8/8/7r/R3K2R w KQ - 0 1", [], "e1", S("d1 f1 g1 c1")),
    # 8'. Black P g3 relayed by N e4: its leaps e2 (attacked) but f1 / h1 are rank 1: not
    #    attacked.  Diagonally it attacks f2 h2.  King e1: d1 d2 f1, O-O (f1 g1 free); not e2 f2.
    ("a relayed pawn does not attack rank 1 (castling allowed)",
     "4k3/8/8/8/4n3/6p1/8/4K2R w K - 0 1", [], "e1", S("d1 d2 f1 g1")),
    # 9. Discovered relay check: R d4, black K e6 = d4 + (1,2).  Ng1-f3 puts the knight a leap
    #    from d4: the rook gains the leap d4-e6: check.  Black king: d5 d6 d7 (d-file) and f5
    #    (leap) attacked; e5 f6 e7 f7 free (the knight f3 attacks nothing).
    ("discovered relay check by a knight move",
     "8/8/4k3/8/3R4/8/8/K5N1 w - - 0 1", ["g1f3"], None, S("e6e5 e6f6 e6e7 e6f7")),
    #    Moving the knight away again ends the relay: after Ke6-e7 Nf3-g1, black king e7 (not on
    #    a line or a leap of d4... the rook's d-file covers d6 d7 d8): e6 e8 f6 f7 f8, and e6 is
    #    no longer attacked (no relay).
    ("moving the knight away ends the relay",
     "8/8/4k3/8/3R4/8/8/K5N1 w - - 0 1", ["g1f3", "e6e7", "f3g1"], None,
     S("e7e6 e7e8 e7f6 e7f7 e7f8")),
    # 10. A promoted knight is a knight: after b7-b8=N (no check: knights attack nothing) and
    #    ...Kh8-g8, the new knight b8 cannot take the rook a6 (a leap from b8): c6 d7 only.
    ("a promoted knight is a knight (no capture)",
     "7k/1P6/r7/8/8/8/8/7K w - - 0 1", ["b7b8n", "h8g8"], "b8", S("c6 d7")),
    #    After b7-b8=N, Black's rook a6 stands a leap from White's new knight: not relayed (only
    #    knights of its own colour relay): a-file a7 a8 a5 a4 a3 a2 a1 and rank 6 b6..h6 only.
    ("a rook a leap from an enemy knight is not relayed",
     "7k/1P6/r7/8/8/8/8/7K w - - 0 1", ["b7b8n"], "a6",
     S("a7 a8 a5 a4 a3 a2 a1 b6 c6 d6 e6 f6 g6 h6")),
]


def forward_attacked(pos, t, by):
    """attacked() recomputed from the forward move generator: stand an enemy pawn on t (not a
    knight, which could not be taken) and see whether a pseudo-legal move of `by` lands there."""
    b = pos.b
    saved_piece, saved_side, saved_castle, saved_ep = b[t], pos.side, pos.castle, pos.ep
    b[t] = -by * PAWN
    pos.side = by
    pos.castle = 0
    pos.ep = -1
    hit = any(m[1] == t for m in pos.pseudo_moves())
    b[t], pos.side, pos.castle, pos.ep = saved_piece, saved_side, saved_castle, saved_ep
    return hit


def consistency(rng, games=60):
    """On random knight-relay positions: attacked() == forward generation for every square and
    colour (king squares included), and the legality shortcut
    == a full make / attacked test for every move."""
    fails = []
    for gi in range(games):
        pos, _ = random_playout(rng, rng.randint(0, 80))
        for t in range(64):
            for by in (WHITE, BLACK):
                if pos.b[t] * by > 0:
                    continue
                if pos.attacked(t, by) != forward_attacked(pos, t, by):
                    fails.append("consistency: attacked(%s, %s) differs from the forward generator in %s"
                                 % (sqname(t), "white" if by > 0 else "black", pos.fen()))
        fast = sorted(pos.legal_moves())
        slow = sorted(pos.legal_moves(shortcut=False))
        if fast != slow:
            fails.append("consistency: legality shortcut differs in %s: %s vs %s" % (
                pos.fen(), sorted(map(mname, set(fast) - set(slow))), sorted(map(mname, set(slow) - set(fast)))))
        if len(fails) > 10:
            break
    return fails


def self_test():
    fails = []
    t0 = time.time()
    for name, fen, counts in FIDE_PERFT:
        pos = setup(fen, kr=False)
        for d, exp in enumerate(counts, 1):
            got = pos.perft(d)
            ok = got == exp
            print("%-4s FIDE %-10s depth %d: %d (expected %d)" % ("ok" if ok else "FAIL", name, d, got, exp))
            if not ok:
                fails.append("FIDE %s depth %d: got %d, expected %d" % (name, d, got, exp))
    print("FIDE perft: %.1fs" % (time.time() - t0))
    for name, fen, moves, frm, expected in UNIT_CHECKS:
        try:
            pos = setup(fen, moves)
        except ValueError as e:
            fails.append("%s: %s" % (name, e))
            print("FAIL", fails[-1])
            continue
        lm = pos.legal_moves()
        names = [mname(m) for m in lm]
        if len(names) != len(set(names)):
            dup = sorted(n for n in set(names) if names.count(n) > 1)
            fails.append("%s: duplicate moves %s" % (name, dup))
            print("FAIL", fails[-1])
            continue
        if frm is None:
            got = set(names)
        else:
            # destination squares (the four promotions to one square count as that square once)
            got = set(n[2:4] for n in names if n[:2] == frm)
        if got == expected:
            print("ok   %s (%d)" % (name, len(got)))
        else:
            fails.append("%s [%s%s]: missing %s, unexpected %s" % (
                name, fen, (" moves " + " ".join(moves)) if moves else "",
                sorted(expected - got), sorted(got - expected)))
            print("FAIL", fails[-1])
    # checks that are not move sets
    extra = [
        ("the queen's relayed leap gives check", setup("8/8/4k3/8/3Q4/1N6/8/7K b - - 0 1").in_check()),
        ("no check without the relaying knight", not setup("8/8/4k3/8/3Q4/8/8/7K b - - 0 1").in_check()),
        ("discovered relay check after g1f3",
         setup("8/8/4k3/8/3R4/8/8/K5N1 w - - 0 1", ["g1f3"]).in_check()),
        ("a knight a leap from the king gives no check",
         not setup("4k3/5N2/5N2/8/8/8/8/4K3 b - - 0 1").in_check()),
        ("a relayed pawn gives no check on rank 8",
         not setup("5k2/3P4/1N6/8/8/8/8/K7 b - - 0 1").in_check()),
        # P d5 relayed by N b4 (b4-d5 = (2,1)) attacks f6 = d5 + (2,1): check; with the knight on
        # b3 (not a leap from d5) there is no relay and no check.
        ("a relayed pawn gives check off the edge ranks",
         setup("8/8/5k2/3P4/1N6/8/8/K7 b - - 0 1").in_check()),
        ("no relay, no check (knight b3 is not a leap from d5)",
         not setup("8/8/5k2/3P4/8/1N6/8/K7 b - - 0 1").in_check()),
    ]
    for name, ok in extra:
        print("%-4s %s" % ("ok" if ok else "FAIL", name))
        if not ok:
            fails.append(name)
    # make/unmake restores the position (a few random games)
    rng = random.Random(7)
    bad = False
    for _ in range(20):
        pos = setup()
        before = []
        for _ in range(60):
            lm = pos.legal_moves()
            if not lm:
                break
            before.append((pos.fen(), list(pos.b)))
            pos.make(rng.choice(lm))
        while pos.stack:
            pos.unmake()
            f, bb = before.pop()
            if pos.fen() != f or pos.b != bb:
                fails.append("unmake does not restore %s" % f)
                bad = True
                break
    print("%s make/unmake round trips" % ("FAIL" if bad else "ok  "))
    cf = consistency(rng)
    fails += cf
    print("%s consistency of attacked() with the forward generator, and of the legality shortcut" %
          ("FAIL" if cf else "ok  "))
    print("self-test: %d failure(s) (%.1fs)" % (len(fails), time.time() - t0))
    for f in fails:
        print("  " + f)
    return 1 if fails else 0


# ---------------------------------------------------------------------------------------------
# Random positions


def random_playout(rng, plies):
    """A random game of `plies` plies from the start.  Promotions are preferred (80%), and relayed
    moves / moves next to knights are not specially weighted: knights are immune, so they stay."""
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
            m = rng.choice(lm)
        pos.make(m)
        moves.append(mname(m))
    pos.stack = []
    return pos, moves


def last_double_step(pos, moves):
    """The square passed over by the last move if it was a pawn's double step, else None."""
    if not moves:
        return None
    mv = moves[-1]
    s, t = parse_sq(mv[:2]), parse_sq(mv[2:4])
    if abs(pos.b[t]) == PAWN and s % 8 == t % 8 and abs(t - s) == 16:
        return (s + t) // 2
    return None


# ---------------------------------------------------------------------------------------------
# Chimera UCI driver: scripts/oracles/chimera_driver.py (shared with the other 8x8 oracle)


def compare(args):
    c = Compare(args.chimera, VARIANT, setup, lambda pos: pos.fen())
    rng = random.Random(args.seed)
    t0 = time.time()
    c.positions += 1
    for d in range(1, args.depth + 1):
        c.check("start", START_FEN, [], d)
        print("start depth %d done (%.0fs)" % (d, time.time() - t0), flush=True)
    hand = [(cid, fen, moves) for cid, fen, moves, _ in DATA_POSITIONS]
    seen = set()
    for name, fen, moves, _, _ in UNIT_CHECKS:
        if (fen, tuple(moves)) not in seen and fen != START_FEN:
            seen.add((fen, tuple(moves)))
            hand.append(("self-test: " + name, fen, list(moves)))
    for cid, fen, moves in hand:
        c.positions += 1
        for d in (1, 2, 3):
            c.check(cid, fen, moves, d)
    print("hand-made positions done (%.0fs)" % (time.time() - t0), flush=True)
    for i in range(args.positions):
        plies = rng.randint(4, 80)
        pos, moves = random_playout(rng, plies)
        c.positions += 1
        # even: start FEN + moves (Chimera applies the moves); odd: the resulting FEN itself, every
        # other one with the e.p. square written after a double step (it must be ignored)
        if i % 2 == 0:
            fen, mv = START_FEN, moves
        else:
            ep = last_double_step(pos, moves) if i % 4 == 1 else None
            fen, mv = pos.fen(ep_square=ep), []
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
    # (id, fen, moves (for compare only; data positions are written as FENs), what it exercises)
    ("immune-knights", "r1bqk2r/pppp1ppp/2n5/2b1N3/2B1n3/2N5/PPPP1PPP/R1BQK2R w KQkq - 0 1", [],
     "knights in the middle of a game: they capture nothing and nothing captures them; relays of "
     "pawns, bishops and queens by the four knights; both sides may castle"),
    ("relay-check", "4k3/8/8/8/3Q4/1N6/8/4K3 w - - 0 1", [],
     "a queen relayed by its knight: checks by a leap (Qd4 with Nb3), escapes and relay changes"),
    ("relayed-pawns", "1r4k1/3P4/1N6/8/2n5/4p3/8/4K3 w - - 0 1", [],
     "relayed pawns: no relayed move or capture onto rank 1 / 8, no attacks there; promotions"),
    ("castling-relay", "r3k2r/8/4P3/2N5/6n1/8/7r/R3K2R w KQkq - 0 1", [],
     "castling: f1 attacked only by a relayed rook leap (h2 with Ng4): no O-O; the pawn e6 relayed "
     "by Nc5 does not attack d8 / f8 (rank 8): Black may castle"),
    ("double-step-return", "4k3/8/8/8/3P4/1N6/6p1/4K3 w - - 0 1", [],
     "a pawn relayed back to the 2nd rank may double-step again"),
    ("no-en-passant", "4k3/8/8/3pP3/8/5N2/8/4K3 w - d6 0 1", [],
     "an e.p. square in the FEN is ignored; the e5 pawn is relayed by Nf3 (leaps c4 c6 d3 d7 f7 g4 g6)"),
    ("discovered-relay", "8/8/4k3/8/3R4/8/8/K5N1 w - - 0 1", [],
     "a knight move that relays the rook d4 so that it checks the king e6; moving it away ends it"),
    ("promote-knight", "7k/1P6/r7/8/8/8/6p1/3K4 w - - 0 1", [],
     "promotions to a knight: the new knight cannot capture, cannot be captured and relays"),
    ("pinned-relay", "4r2k/8/8/8/8/6B1/4N3/4K3 w - - 0 1", [],
     "a pinned knight still relays the bishop g3"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", [],
     "the Kiwipete diagram played as knight relay"),
]


def make_data(path, seed, limit=3_000_000, start_depth5_budget=180.0):
    rng = random.Random(seed)
    cases = [("knight-relay-start", None, "the start position")]
    for cid, fen, _, what in DATA_POSITIONS:
        if not setup(fen).legal():
            raise SystemExit("data position %s is not legal" % cid)
        cases.append(("knight-relay-" + cid, fen, what))
    k = 0
    while k < 20:
        plies = rng.randint(4, 80)
        pos, moves = random_playout(rng, plies)
        if not pos.legal_moves():
            continue
        k += 1
        cases.append(("knight-relay-playout-%d-ply%d" % (k, len(moves)), pos.fen(),
                      "random playout (%d plies)" % len(moves)))
    lines = ["# knight-relay perft data: counts from the independent oracle",
             "#   python3 scripts/oracles/knight_relay.py --make-data FILE --seed %d" % seed,
             "# (written from the rules text only, not from Chimera's code; its FIDE machinery is",
             "# checked by --self-test against the published chess perft numbers, and its knight-relay",
             "# rules by hand-worked move lists). Positions: the start, hand-made positions for each",
             "# special rule (immune knights, relayed checks and captures, relayed pawns and the",
             "# edge ranks, castling through a relayed attack, double step after a relayed return, no",
             "# en passant, discovered relay, promoted knights, pinned relaying knights) and",
             "# random-playout positions (seeded, 4-80 plies). Depths 1-3 (start 1-4); no count above",
             "# %d nodes." % limit,
             ""]
    for cid, fen, what in cases:
        pos = setup(fen)
        lines.append("id %s" % cid)
        lines.append("variant %s" % VARIANT)
        if fen:
            lines.append("fen %s" % fen)
        lines.append("# %s" % what)
        maxd = 5 if fen is None else 3
        for d in range(1, maxd + 1):
            if fen is None and d == 5:
                # only if it is estimated to take under the budget (and then as a comment when it
                # is above the node limit)
                est = prev_dt * prev * 1.0 / max(1, prev_prev)
                if est > start_depth5_budget:
                    lines.append("# perft 5 not computed (estimated %.0fs in the Python oracle)" % est)
                    break
            t0 = time.time()
            n = pos.perft(d)
            dt = time.time() - t0
            print("%s depth %d: %d (%.1fs)" % (cid, d, n, dt), file=sys.stderr, flush=True)
            if n > limit:
                lines.append("# perft %d %d (oracle, %.0fs; above the %d-node limit, left as a comment)"
                             % (d, n, dt, limit))
                break
            lines.append("perft %d %d" % (d, n))
            if fen is None and d >= 3:
                lines.append("# (perft %d took %.1fs in the Python oracle)" % (d, dt))
            prev_prev = prev if d > 1 else 1
            prev, prev_dt = n, dt
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
    ap.add_argument("--rules", default=VARIANT, choices=[VARIANT, "fide"],
                    help="fide: the same machinery as plain FIDE chess (self-test)")
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
            args.depth = 4
        sys.exit(compare(args))
    if args.depth is None:
        ap.error("--depth is required")
    pos = setup(args.fen, args.moves, kr=(args.rules == VARIANT))
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
