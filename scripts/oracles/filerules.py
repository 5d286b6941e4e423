#!/usr/bin/env python3
"""Independent oracle for the variant-file keys no other engine can express: a plain mailbox
move generator + perft written from README.md's "Variant files" section (and "Knight Relay in
brief") only, not from Chimera's code, and a driver that compares Chimera's `perft --divide`
with it on seeded random games and positions.

Families of games (cycled, one per game):
  castle  per-colour castling: `castle-high/-low`, `castle-partner-*` for White and
          `black-castle-high/-low`, `black-castle-partner-high/-low` for Black, Black's King on
          another file than White's (crosswise arrays), partners other than rooks, king moves
          of 0/1 files (king-takes-partner notation) now and then
  zone    `zone = NAME white|black SQUARES`, piece flags `confined=ZONE` (leapers, the royal
          piece too) and `zone-moves=ZONE:BETZA` (directional leaps, also on a pawn-like piece)
  njc     `no-jump-check` on straight leapers (the Cannon `KAD`, `DH`, `AG`), with chess
          castling (crossed squares judged in the position before the move, King on its square)
  relay   `knight-relay = L` in a file game (`mN` relaying piece `n`, or another letter with `n`
          an ordinary Knight; pawn without `e`) with custom pieces that get relayed, castling,
          mirror/rotate, and now and then `facing-kings`, a `no-jump-check` piece and a
          `zone-moves` piece (the relay's king-safety test must still see them)
  sym     `symmetry = mirror` / `rotate` with pieces that move unequally left and right
          (`lN`, `rW`, `flF`, `frN`, `fsN`, `lvN`, `lyafsW`, ...)
  mix     all of castle, sym, betza and njc at once (crosswise castling, rotate, facing-kings)
  betza   `o` (Moa `oN`, `nNoN`, `oC`), the bent riders `yafsF` / `yafsW` (direction letters
          before `y`, `m`/`c` after `a`), lame leaps that only move or only capture (`mnNcF`,
          `cnNmW`: a move-only one attacks nothing), and `facing-kings = DX DY` in the four line
          directions
Positions: start array, random playouts, castling set-ups (thinned back ranks), sparse random
placements and (njc, mix) a no-jump-check piece one leap from the King with a piece to jump;
perft 2 (3 with few pieces), a difference followed down to the first position whose move sets
differ.
Readings the README was silent on when this was written (it states each now): one direction letter on an oblique
atom picks the two moves mostly that way (XBetza: `fN` narrow, `lN` wide); fixed-array castling
needs every square between King and partner and both destinations empty (chess rule); the
squares the King crosses are judged in the position before the move (README Decisions), the
landing square after it; `o` on a straight leap is lame along the line; `no-jump-check` leaps
over a piece neither attack nor take a King; oblique leaps jump no square; a Knight Relay Pawn
is any `pawn` piece. `--break MODE` breaks the oracle on purpose, one mode per feature; each must
report mismatches (proof that the comparison sees the feature).

    scripts/oracles/filerules.py --quick                              # ~15 s, the suite's run
    scripts/oracles/filerules.py --seed 5 --games 60 --positions 8
    scripts/oracles/filerules.py --quick --break blackcastle         # must fail
    scripts/oracles/filerules.py --family zone --games 10            # one family only
Knight-relay games get a confined piece now and then (`--relay-zones`: always): its relayed
leaps stay in its zone. Games the README says Chimera refuses are drawn only on request, and
then Chimera must refuse them (counted as `refused`): `--njc-riders` (`no-jump-check` on `DD`/
`AA` riders), `--castle-zones` (a King confined to a palace round its start square, where
castling would take it out). `--corner-king` adds castling that puts the King on its partner's
corner. Written by a helper in session 73 from the README alone; its first runs found the
three bugs these options were made for (relayed leaps out of a zone, the flag ignored on
riders, castling out of a zone), fixed in Chimera since.
Exit 1 on a mismatch, else 0.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

from chimera_driver import GridGame, drill_down, fen_row, file_divide, placement_cells

CHIMERA = 'target/release/chimera'
NJC_RIDERS = False
CORNER_KING = False
RELAY_ZONES = False
CASTLE_ZONES = False
BREAKS = ['blackcastle', 'zonemoves', 'confined', 'njc', 'relay', 'rotate', 'o', 'bent', 'facing']
FAMILIES = ['castle', 'zone', 'njc', 'relay', 'sym', 'betza', 'mix']

ATOMS = {'W': (1, 0), 'F': (1, 1), 'D': (2, 0), 'N': (2, 1), 'A': (2, 2), 'H': (3, 0),
         'C': (3, 1), 'Z': (3, 2), 'G': (3, 3)}


def letter(x):
    """A board cell (colour, lowercase letter) as its FEN letter, None for an empty one."""
    return x and (x[1].upper() if x[0] == 'w' else x[1])


def sgn(x):
    return (x > 0) - (x < 0)


def atom_vecs(atom):
    a, b = ATOMS[atom]
    s = set()
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                s.add((x * sx, y * sy))
    return sorted(s)


def dir_ok(filt, atom, dx, dy):
    """README's direction letters, White's view (forward = +y, right = +x)."""
    if filt == '':
        return True
    a, b = ATOMS[atom]
    orth = b == 0
    one = {'f': dy > 0, 'b': dy < 0, 'l': dx < 0, 'r': dx > 0}
    if orth:
        # on orthogonal atoms letters add up; s = l+r, v = f+b
        ok = False
        for ch in filt:
            if ch in one:
                ok = ok or one[ch]
            elif ch == 's':
                ok = ok or dx != 0
            elif ch == 'v':
                ok = ok or dy != 0
        return ok
    diag = a == b
    if len(filt) == 1:
        # one letter on an oblique atom: the two moves mostly that way (XBetza; fN = the Shogi
        # knight's two narrow forward moves, lN the two wide leftward ones), as the README's
        # Betza paragraph says
        if filt in one:
            if diag:
                return one[filt]
            return one[filt] and ((abs(dy) > abs(dx)) if filt in 'fb' else (abs(dx) > abs(dy)))
        if filt == 's':
            return diag or abs(dx) > abs(dy)
        if filt == 'v':
            return diag or abs(dy) > abs(dx)
    if filt in ('fl', 'fr', 'bl', 'br'):
        return one[filt[0]] and one[filt[1]]
    if filt in ('fs', 'bs'):   # mostly sideways within forward / backward (fsF = fF)
        return one[filt[0]] and (diag or abs(dx) > abs(dy))
    if filt in ('lv', 'rv'):   # mostly vertical within left / right
        return one[filt[0]] and (diag or abs(dy) > abs(dx))
    raise ValueError(filt)


def lame_blocks(dx, dy, kind):
    """Squares a lame leap must find empty. n: orthogonal first step for oblique leaps (+ the
    rest where it is a straight line), the inner squares for straight leaps. o: the diagonal
    first step for oblique leaps (+ the rest where straight)."""
    sx, sy = sgn(dx), sgn(dy)
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        n = max(abs(dx), abs(dy))
        return [(sx * i, sy * i) for i in range(1, n)]
    if kind == 'n':
        first = (sx, 0) if abs(dx) > abs(dy) else (0, sy)
    else:
        first = (sx, sy)
    rx, ry = dx - first[0], dy - first[1]
    out = [first]
    if rx == 0 or ry == 0 or abs(rx) == abs(ry):
        n = max(abs(rx), abs(ry))
        out += [(first[0] + (rx // n) * i, first[1] + (ry // n) * i) for i in range(1, n)]
    return out


# A component: (kind, atom, range, mode, filter, lame); kind 'L' leap/ride (range 1 = leap,
# 0 = unlimited), 'Y' bent rider (atom F: diagonal step then orthogonal slide outward; W:
# orthogonal step then diagonal slide outward; filter picks the first steps, mode the slide's).
def L(atom, rng=1, mode='mc', filt='', lame=''):
    return ('L', atom, rng, mode, filt, lame)


def Y(atom, mode='mc', filt=''):
    return ('Y', atom, 0, mode, filt, '')


R_ = [L('W', 0)]
B_ = [L('F', 0)]
K_ = [L('W'), L('F')]
PAWN = [L('W', 1, 'm', 'f'), L('F', 1, 'ce', 'f'), L('D', 1, 'mi', 'f', 'n')]
PAWN_NOEP = [L('W', 1, 'm', 'f'), L('F', 1, 'c', 'f'), L('D', 1, 'mi', 'f', 'n')]
STD = {'k': ('King', 'K', 0, K_), 'q': ('Queen', 'Q', 9, R_ + B_), 'r': ('Rook', 'R', 5, R_),
       'b': ('Bishop', 'B', 3, B_), 'n': ('Knight', 'N', 3, [L('N')]),
       'p': ('Pawn', 'fmWfceFifmnD', 1, PAWN)}

CAT_BASIC = [
    ('Chancellor', 'RN', 9, R_ + [L('N')]),
    ('Archbishop', 'BN', 8, B_ + [L('N')]),
    ('Camel', 'C', 3, [L('C')]),
    ('Zebra', 'Z', 3, [L('Z')]),
    ('Nightrider', 'NN', 5, [L('N', 0)]),
    ('Wazir', 'W', 1, [L('W')]),
    ('Ferz', 'F', 1, [L('F')]),
    ('Commoner', 'K', 3, K_),
    ('ShortRook', 'W3', 4, [L('W', 3)]),
    ('Alfil', 'AD', 2, [L('A'), L('D')]),
]
CAT_ASYM = [
    ('LeftKnight', 'lN', 2, [L('N', 1, 'mc', 'l')]),
    ('RightWazirFerz', 'rWF', 2, [L('W', 1, 'mc', 'r'), L('F')]),
    ('FLBishop', 'flBK', 3, [L('F', 0, 'mc', 'fl'), L('W'), L('F')]),
    ('FRKnight', 'frNW', 3, [L('N', 1, 'mc', 'fr'), L('W')]),
    ('WideKnight', 'fsNbW', 2, [L('N', 1, 'mc', 'fs'), L('W', 1, 'mc', 'b')]),
    ('NarrowLeft', 'lvNrF', 2, [L('N', 1, 'mc', 'lv'), L('F', 1, 'mc', 'r')]),
    ('RightRook', 'rRlW', 4, [L('W', 0, 'mc', 'r'), L('W', 1, 'mc', 'l')]),
    ('LeftAanca', 'lyafsWK', 4, [Y('W', 'mc', 'l')] + K_),
    ('RightCamel', 'rCfW', 2, [L('C', 1, 'mc', 'r'), L('W', 1, 'mc', 'f')]),
    ('BRLeaper', 'brNflD', 2, [L('N', 1, 'mc', 'br'), L('D', 1, 'mc', 'fl')]),
    ('MoveLeftCapRight', 'mlNcrNW', 3, [L('N', 1, 'm', 'l'), L('N', 1, 'c', 'r'), L('W')]),
]
CAT_BETZA = [
    ('Moa', 'oN', 3, [L('N', 1, 'mc', '', 'o')]),
    ('CanonKnight', 'nNoN', 4, [L('N', 1, 'mc', '', 'n'), L('N', 1, 'mc', '', 'o')]),
    ('Mao', 'nNW', 3, [L('N', 1, 'mc', '', 'n'), L('W')]),
    ('LameCamelO', 'oCF', 3, [L('C', 1, 'mc', '', 'o'), L('F')]),
    ('Gryphon', 'FyafsF', 6, [L('F'), Y('F')]),
    ('Aanca', 'WyafsW', 5, [L('W'), Y('W')]),
    ('BentF', 'yafsF', 5, [Y('F')]),
    ('BentW', 'yafsWK', 5, [Y('W')] + K_),
    ('FwdGryphon', 'fyafsFK', 5, [Y('F', 'mc', 'f')] + K_),
    ('MoveBent', 'yamfsFK', 4, [Y('F', 'm')] + K_),
    ('CapBent', 'yacfsWK', 4, [Y('W', 'c')] + K_),
    ('FrBentW', 'fryafsWF', 4, [Y('W', 'mc', 'fr'), L('F')]),
    ('MoaZ', 'oZW', 3, [L('Z', 1, 'mc', '', 'o'), L('W')]),
    # lame leaps that only move or only capture: a move-only one attacks nothing
    ('MoveHorse', 'mnNcF', 3, [L('N', 1, 'm', '', 'n'), L('F', 1, 'c')]),
    ('CapHorse', 'cnNmW', 3, [L('N', 1, 'c', '', 'n'), L('W', 1, 'm')]),
]
CAT_NJC = [
    ('Cannon', 'KAD', 5, K_ + [L('A'), L('D')]),
    ('Hopper3', 'DH', 3, [L('D'), L('H')]),
    ('DiagJumper', 'AGF', 3, [L('A'), L('G'), L('F')]),
    ('ThreeLeaper', 'WH', 3, [L('W'), L('H')]),
]
CAT_NJC_RIDERS = [  # --njc-riders: no-jump-check on riders of jumping atoms (refused)
    ('DabRider', 'DDW', 4, [L('D', 0), L('W')]),
    ('AlfilRider', 'AAF', 4, [L('A', 0), L('F')]),
]
CAT_ZONE_LEAP = [  # leaping pieces for confined=
    ('ZKing', 'K', 3, K_), ('ZWazir', 'W', 1, [L('W')]), ('ZKnight', 'N', 3, [L('N')]),
    ('ZFerzD', 'FD', 2, [L('F'), L('D')]), ('ZCamelW', 'CW', 3, [L('C'), L('W')]),
    ('ZFwdKnight', 'fNbW', 2, [L('N', 1, 'mc', 'f'), L('W', 1, 'mc', 'b')]),
]
ZONE_EXTRA = [  # betza, comps for zone-moves=
    ('F', [L('F')]), ('flFbrF', [L('F', 1, 'mc', 'fl'), L('F', 1, 'mc', 'br')]),
    ('N', [L('N')]), ('fD', [L('D', 1, 'mc', 'f')]), ('lWrN', [L('W', 1, 'mc', 'l'), L('N', 1, 'mc', 'r')]),
    ('mAcW', [L('A', 1, 'm'), L('W', 1, 'c')]), ('frN', [L('N', 1, 'mc', 'fr')]),
]


class Piece:
    def __init__(self, letter, name, betza, value, comps, royal=False, pawn=False, njc=False,
                 confined=None, zmoves=None):
        self.letter, self.name, self.betza, self.value, self.comps = letter, name, betza, value, comps
        self.royal, self.pawn, self.njc, self.confined, self.zmoves = royal, pawn, njc, confined, zmoves

    def line(self):
        s = 'piece = %s %s %s %d' % (self.letter, self.name, self.betza, self.value)
        if self.royal:
            s += ' royal'
        if self.pawn:
            s += ' pawn'
        if self.njc:
            s += ' no-jump-check'
        if self.confined:
            s += ' confined=' + self.confined
        if self.zmoves:
            s += ' zone-moves=%s:%s' % (self.zmoves[0], self.zmoves[1])
        return s


class Pos:
    __slots__ = ('board', 'side', 'cast', 'ep')

    def __init__(self, board, side, cast, ep):
        self.board, self.side, self.cast, self.ep = board, side, cast, ep


class Game(GridGame):
    def __init__(self, F, R, pieces, brk=None):
        self.F, self.R, self.N = F, R, F * R
        self.pieces = pieces        # letter -> Piece
        self.brk = brk
        self.symmetry = 'mirror'
        self.zones = {}             # (name, colour) -> set of squares
        self.castle = {}            # colour -> dict(ks, high=(kd, rd)|None, low=..., ph=set, pl=set)
        self.facing = None
        self.relay = None
        self.promo = []
        self.dsr = {2}
        self.has_ep = False
        self.royal = [l for l, p in pieces.items() if p.royal][0]

    # ---- geometry ----
    def vec(self, col, dx, dy):
        if col == 'w':
            return dx, dy
        if self.symmetry == 'rotate' and self.brk != 'rotate':
            return -dx, -dy
        return dx, -dy

    def relrank(self, col, s):
        r = s // self.F
        return r + 1 if col == 'w' else self.R - r

    def in_zone(self, name, col, s):
        return s in self.zones.get((name, col), ())

    def refusal(self):
        """The words Chimera's refusal must hold where the README says it refuses this game:
        `no-jump-check` on a rider of long straight leaps, castling that would take a confined
        King or partner out of its zone; else None."""
        for pc in self.pieces.values():
            if pc.njc and any(c[0] == 'L' and c[1] in 'DAHG' and c[2] != 1 for c in pc.comps):
                return 'no-jump-check'
        for col, c in self.castle.items():
            r = 0 if col == 'w' else self.R - 1
            for key in ('high', 'low'):
                dest = c.get(key)
                if not dest:
                    continue
                movers = [(self.royal, dest[0])] + [(l, dest[1]) for l in c['p' + key[0]]]
                for l, f in movers:
                    z = self.pieces[l].confined if l in self.pieces else None
                    if z and not self.in_zone(z, col, self.sq(f, r)):
                        return 'outside its zone'
        return None

    # ---- moves of one piece: yields (to, capture?, flag) ----
    def comp_moves(self, B, s, col, comp, ep, jumpflag=False):
        kind, atom, rng, mode, filt, lame = comp
        F = self.F
        f0, r0 = s % F, s // F
        opp = 'b' if col == 'w' else 'w'
        if kind == 'L':
            for (wx, wy) in atom_vecs(atom):
                if not dir_ok(filt, atom, wx, wy):
                    continue
                dx, dy = self.vec(col, wx, wy)
                if 'i' in mode and not (self.relrank(col, s) in self.dsr):
                    continue
                if lame:
                    lk = 'n' if (lame == 'o' and self.brk == 'o') else lame
                    if lk == 'o' and (dx == 0 or dy == 0):
                        pass  # o on a straight leap: taken as lame along the line (tested apart)
                    bl = lame_blocks(dx, dy, lk)
                    if any((not self.on(f0 + bx, r0 + by)) or B[self.sq(f0 + bx, r0 + by)] is not None
                           for bx, by in bl):
                        continue
                f, r, n = f0, r0, 0
                while True:
                    f += dx
                    r += dy
                    n += 1
                    if not self.on(f, r):
                        break
                    t = self.sq(f, r)
                    y = B[t]
                    jumped = False
                    if jumpflag and (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
                        k = max(abs(dx), abs(dy))
                        ux, uy = sgn(dx), sgn(dy)
                        fx, fy = f - dx, r - dy
                        jumped = any(B[self.sq(fx + ux * i, fy + uy * i)] is not None for i in range(1, k))
                    if y is None:
                        if 'm' in mode:
                            yield t, False, ('double' if 'i' in mode else None)
                        elif 'e' in mode and ep is not None and ep[0] == t:
                            yield t, True, 'ep'
                    else:
                        if y[0] == opp and 'c' in mode:
                            yield t, True, ('jump' if jumped else None)
                        break
                    if rng and n >= rng:
                        break
        else:  # bent rider
            for (wx, wy) in atom_vecs(atom):
                if not dir_ok(filt, atom, wx, wy):
                    continue
                dx, dy = self.vec(col, wx, wy)
                f1, r1 = f0 + dx, r0 + dy
                if not self.on(f1, r1) or B[self.sq(f1, r1)] is not None:
                    continue
                if self.brk == 'bent':
                    outs = [(dx, dy)]
                elif atom == 'F':
                    outs = [(dx, 0), (0, dy)]
                else:
                    outs = [(dx + dy if dx == 0 else dx, dy + dx if dy == 0 else dy)]
                    outs = [(dx, 1), (dx, -1)] if dy == 0 else [(1, dy), (-1, dy)]
                for ox, oy in outs:
                    f, r = f1, r1
                    while True:
                        f += ox
                        r += oy
                        if not self.on(f, r):
                            break
                        t = self.sq(f, r)
                        y = B[t]
                        if y is None:
                            if 'm' in mode:
                                yield t, False, None
                        else:
                            if y[0] == opp and 'c' in mode:
                                yield t, True, None
                            break

    def piece_moves(self, B, s, ep, relays=True):
        """All pseudo moves of the piece on s: (to, capture?, flag)."""
        col, l = B[s]
        pc = self.pieces[l]
        jf = pc.njc and self.brk != 'njc'
        comps = list(pc.comps)
        if pc.zmoves and self.brk != 'zonemoves' and self.in_zone(pc.zmoves[0], col, s):
            comps += pc.zmoves[2]
        seen = set()
        for comp in comps:
            for t, cap, flag in self.comp_moves(B, s, col, comp, ep, jf):
                if pc.confined and self.brk != 'confined' and not self.in_zone(pc.confined, col, t):
                    continue
                if self.relay and B[t] is not None and B[t][1] == self.relay:
                    continue  # Knights are never captured
                key = (t, flag)
                if key in seen:
                    continue
                seen.add(key)
                yield t, cap, flag
        # knight relay
        if relays and self.relay and self.brk != 'relay' and l != self.relay and not pc.royal:
            f0, r0 = s % self.F, s // self.F
            near = False
            for dx, dy in atom_vecs('N'):
                f, r = f0 + dx, r0 + dy
                if self.on(f, r) and B[self.sq(f, r)] == (col, self.relay):
                    near = True
                    break
            if near:
                for dx, dy in atom_vecs('N'):
                    f, r = f0 + dx, r0 + dy
                    if not self.on(f, r):
                        continue
                    t = self.sq(f, r)
                    y = B[t]
                    if y is not None and (y[0] == col or y[1] == self.relay):
                        continue
                    if pc.pawn and self.relrank(col, t) in (1, self.R):
                        continue
                    if pc.confined and self.brk != 'confined' and not self.in_zone(pc.confined, col, t):
                        continue  # confined: "never leaves that zone" (relayed leaps too)
                    if (t, None) in seen:
                        continue
                    seen.add((t, None))
                    yield t, y is not None, None

    # ---- attacks ----
    def attacked(self, B, s, by):
        """Would a King of the other colour on s be attacked by colour `by`?"""
        B = list(B)
        if B[s] is None:
            B[s] = ('b' if by == 'w' else 'w', self.royal)
        for t in range(self.N):
            x = B[t]
            if x is None or x[0] != by:
                continue
            for u, cap, flag in self.piece_moves(B, t, None):
                if u == s and cap and flag != 'jump':
                    return True
        if self.facing and self.brk != 'facing':
            dx, dy = self.facing
            for sx in (1, -1):
                f, r = s % self.F, s // self.F
                while True:
                    f += dx * sx
                    r += dy * sx
                    if not self.on(f, r):
                        break
                    y = B[self.sq(f, r)]
                    if y is None:
                        continue
                    if y == (by, self.royal):
                        return True
                    break
        return False

    def king(self, B, col):
        for t in range(self.N):
            if B[t] == (col, self.royal):
                return t
        return None

    def in_check(self, p, col):
        k = self.king(p.board, col)
        return self.attacked(p.board, k, 'b' if col == 'w' else 'w')

    # ---- generation ----
    def ccfg(self, col):
        if self.brk == 'blackcastle' and col == 'b' and 'w' in self.castle:
            return self.castle['w']
        return self.castle.get(col)

    def pseudo(self, p):
        out = []
        B = p.board
        me = p.side
        for s in range(self.N):
            x = B[s]
            if x is None or x[0] != me:
                continue
            pc = self.pieces[x[1]]
            for t, cap, flag in self.piece_moves(B, s, p.ep):
                if flag == 'jump':
                    if B[t][1] == self.royal:
                        continue  # a no-jump-check leap over a piece does not attack a King
                    flag = None
                if pc.pawn and self.promo and self.relrank(me, t) == self.R:
                    for q in self.promo:
                        out.append((s, t, q, flag))
                else:
                    out.append((s, t, '', flag))
        c = self.ccfg(me)
        if c:
            out += self.castling(p, c)
        return out

    def castling(self, p, c):
        out = []
        me = p.side
        opp = 'b' if me == 'w' else 'w'
        r = 0 if me == 'w' else self.R - 1
        ks = self.sq(c['ks'], r)
        if p.board[ks] != (me, self.royal):
            return out
        for key, right in (('high', 'K'), ('low', 'Q')):
            dest = c.get(key)
            if not dest:
                continue
            if (right if me == 'w' else right.lower()) not in p.cast:
                continue
            rf = self.F - 1 if key == 'high' else 0
            rs = self.sq(rf, r)
            y = p.board[rs]
            if y is None or y[0] != me or y[1] not in c['p' + key[0]]:
                continue
            kd = dest[0]
            if self.brk != 'confined':  # confined=: "never leaves that zone", castling too
                kc = self.pieces[self.royal].confined
                pc = self.pieces[y[1]].confined
                if (kc and not self.in_zone(kc, me, self.sq(kd, r))) or \
                        (pc and not self.in_zone(pc, me, self.sq(dest[1], r))):
                    continue
            lo = min(c['ks'], kd, rf, dest[1])
            hi = max(c['ks'], kd, rf, dest[1])
            # every square between king and partner and both destinations empty (the README's
            # castle-high/-low row: the Fischer Random paragraph's "crosses or lands on" alone
            # would allow a piece beside the path)
            if any(p.board[self.sq(f, r)] is not None and self.sq(f, r) not in (ks, rs)
                   for f in range(lo, hi + 1)):
                continue
            if self.attacked(p.board, ks, opp):
                continue
            step = 1 if kd > c['ks'] else -1
            if any(self.attacked(p.board, self.sq(f, r), opp) for f in range(c['ks'] + step, kd, step)):
                continue
            out.append((ks, self.sq(kd, r), '', 'castle-' + key))
        return out

    def make(self, p, m):
        s, t, q, flag = m
        B = list(p.board)
        me = p.side
        x = B[s]
        cast = set(p.cast)
        if flag and flag.startswith('castle'):
            key = flag[7:]
            c = self.ccfg(me)
            r = s // self.F
            rs = self.sq(self.F - 1 if key == 'high' else 0, r)
            y = B[rs]
            B[s] = None
            B[rs] = None
            B[t] = x
            B[self.sq(c[key][1], r)] = y
        else:
            B[s] = None
            B[t] = (me, q) if q else x
            if flag == 'ep':
                B[p.ep[1]] = None
        ep = None
        if flag == 'double' and not q and self.has_ep:
            ep = ((s + t) // 2, t)
        for ch in list(cast):
            col = 'w' if ch.isupper() else 'b'
            c = self.castle.get(col)
            r = 0 if col == 'w' else self.R - 1
            ksq = self.sq(c['ks'], r)
            key = 'high' if ch.lower() == 'k' else 'low'
            rsq = self.sq(self.F - 1 if key == 'high' else 0, r)
            if s in (ksq, rsq) or t in (ksq, rsq):
                cast.discard(ch)
        return Pos(B, 'b' if me == 'w' else 'w', cast, ep)

    def legal(self, p):
        out = []
        seen = set()
        for m in self.pseudo(p):
            k = (m[0], m[1], m[2], m[3] if (m[3] or '').startswith('castle') else None)
            if k in seen:
                continue
            seen.add(k)
            q = self.make(p, m)
            kk = self.king(q.board, p.side)
            if not self.attacked(q.board, kk, q.side):
                out.append(m)
        return out

    def mstr(self, m):
        if m[3] and m[3].startswith('castle'):
            f0, f1 = m[0] % self.F, m[1] % self.F
            if abs(f1 - f0) <= 1:
                r = m[0] // self.F
                return self.name(m[0]) + self.name(self.sq(self.F - 1 if m[3] == 'castle-high' else 0, r))
        return self.name(m[0]) + self.name(m[1]) + m[2]

    # ---- FEN ----
    def fen(self, p):
        rows = []
        for r in range(self.R - 1, -1, -1):
            rows.append(fen_row([letter(p.board[self.sq(f, r)]) for f in range(self.F)]))
        cast = ''.join(c for c in 'KQkq' if c in p.cast) or '-'
        ep = '-'
        if p.ep is not None and any(m[3] == 'ep' for m in self.legal(p)):
            ep = self.name(p.ep[0])
        return '%s %s %s %s 0 1' % ('/'.join(rows), p.side, cast, ep)

    def parse_fen(self, fen):
        parts = fen.split()
        B = [None] * self.N
        for f, r, c in placement_cells(parts[0]):
            B[self.sq(f, r)] = ('w' if c.isupper() else 'b', c.lower())
        ep = None
        if parts[3] != '-':
            e = self.sq(ord(parts[3][0]) - 97, int(parts[3][1:]) - 1)
            ep = (e, e + self.F if parts[1] == 'b' else e - self.F)
        return Pos(B, parts[1], set() if parts[2] == '-' else set(parts[2]), ep)

    def valid(self, p):
        """Positions Chimera accepts: one royal each, side not to move not in check, confined
        pieces in their zones, no pawn on its first/last rank where pawns promote."""
        for col in 'wb':
            if sum(1 for x in p.board if x == (col, self.royal)) != 1:
                return False
        for s, x in enumerate(p.board):
            if x is None:
                continue
            pc = self.pieces[x[1]]
            if pc.confined and not self.in_zone(pc.confined, x[0], s):
                return False
            if pc.pawn and self.promo and self.relrank(x[0], s) in (1, self.R):
                return False
        return not self.in_check(p, 'b' if p.side == 'w' else 'w')


# ------------------------------------------------------------------ game generation
LETTERS = list('acdefghijlmostuvwxyz')


def back_rank(rng, F, kfile, corners, pool):
    row = [None] * F
    row[kfile] = 'k'
    row[0], row[F - 1] = corners
    for f in range(F):
        if row[f] is None and rng.random() < 0.8:
            row[f] = rng.choice(pool)
    return row


def fen_from_rows(rows_w, F, R, pawns=True):
    """rows_w: dict rank index -> list of (colour, letter)|None."""
    out = []
    for r in range(R - 1, -1, -1):
        out.append(fen_row([letter(x) for x in rows_w.get(r, [None] * F)]))
    return '/'.join(out)


def pick_customs(rng, cat, n, used):
    ents = rng.sample(cat, min(n, len(cat)))
    out = {}
    for e in ents:
        l = rng.choice([x for x in LETTERS if x not in used and x not in out])
        out[l] = e
    return out


def make_game(rng, idx, family, brk):
    name = 'fr%d' % idx
    lines = []
    castle_game = False
    if family in ('castle', 'mix'):
        F = rng.choice([8, 9, 10, 12])
        R = rng.choice([8, 8, 9])
    elif family in ('relay', 'njc'):
        F, R = rng.choice([(8, 8), (8, 8), (10, 8), (9, 9)])
    else:
        F, R = rng.choice([(8, 8), (9, 9), (7, 8), (10, 8)])
    pieces = {l: Piece(l, *STD[l]) for l in STD}
    pieces['k'].royal = True
    pieces['p'].pawn = True
    cat = {'castle': CAT_BASIC, 'zone': CAT_BASIC, 'njc': CAT_NJC + (CAT_NJC_RIDERS * 2 if NJC_RIDERS else []), 'relay': CAT_BASIC + CAT_ASYM,
           'sym': CAT_ASYM, 'betza': CAT_BETZA,
           'mix': CAT_BASIC + CAT_ASYM + CAT_BETZA + CAT_NJC}[family]
    custom = pick_customs(rng, cat, rng.randint(2, 3) if family != 'zone' else 1, pieces)
    for l, e in custom.items():
        pieces[l] = Piece(l, *e)
    g = Game(F, R, pieces, brk)
    g.has_ep = True
    if family == 'njc':
        for l in custom:
            pieces[l].njc = rng.random() < 0.85
    if family == 'mix':
        for l in custom:
            pieces[l].njc = custom[l] in CAT_NJC and rng.random() < 0.7
        if rng.random() < 0.4:
            g.facing = rng.choice([(1, 0), (0, 1), (1, 1), (1, -1)])
    if family == 'relay':
        # the relaying piece: usually the chess Knight's letter, else another letter with `n`
        # left an ordinary (relayed, capturable) Knight
        rl = 'n' if rng.random() < 0.6 else rng.choice([x for x in LETTERS if x not in pieces])
        pieces[rl] = Piece(rl, 'Knight' if rl == 'n' else 'Relayer', 'mN', 3, [L('N', 1, 'm')])
        pieces['p'] = Piece('p', 'Pawn', 'fmWfcFifmnD', 1, PAWN_NOEP, pawn=True)
        g.relay = rl
        if RELAY_ZONES or rng.random() < 0.35:
            g.zones[('home', 'w')] = {s for s in range(g.N) if s // F < 3}
            g.zones[('home', 'b')] = {s for s in range(g.N) if s // F >= R - 3}
            for l, e in pick_customs(rng, CAT_ZONE_LEAP, 1, pieces).items():
                pieces[l] = Piece(l, *e, confined='home')
        # the relay's own king-safety test must still see the other keys
        if rng.random() < 0.3:
            g.facing = rng.choice([(1, 0), (0, 1), (1, 1), (1, -1)])
        if rng.random() < 0.4:
            for l, e in pick_customs(rng, CAT_NJC, 1, pieces).items():
                pieces[l] = Piece(l, *e, njc=True)
        if rng.random() < 0.4:
            g.zones[('far', 'w')] = {s for s in range(g.N) if s // F >= R // 2}
            g.zones[('far', 'b')] = {s for s in range(g.N) if s // F < R // 2}
            zb_, zc = rng.choice(ZONE_EXTRA)
            for l, e in pick_customs(rng, CAT_BASIC[2:8], 1, pieces).items():
                pieces[l] = Piece(l, *e, zmoves=('far', zb_, zc))
        g.has_ep = False
    if family in ('sym', 'relay', 'mix'):
        g.symmetry = rng.choice(['mirror', 'rotate', 'rotate'])
    if family == 'betza' and rng.random() < 0.8:
        g.facing = rng.choice([(1, 0), (0, 1), (1, 1), (1, -1)])
    if family == 'zone':
        # zones: a block per colour (rotated or independent), confined leapers and zone-moves
        def block(col):
            w, h = rng.randint(3, 5), rng.randint(2, 4)
            f0 = rng.randint(0, F - w)
            r0 = rng.randint(0, R - h)
            return {g.sq(f, r) for f in range(f0, f0 + w) for r in range(r0, r0 + h)}
        zw = block('w')
        zb = {g.sq(F - 1 - s % F, R - 1 - s // F) for s in zw} if rng.random() < 0.5 else block('b')
        g.zones[('home', 'w')] = zw
        g.zones[('home', 'b')] = zb
        cw = {s for s in range(g.N) if s // F >= R // 2 + rng.randint(-1, 1)}
        cb = {s for s in range(g.N) if s // F < R // 2 + rng.randint(-1, 1)}
        g.zones[('crossed', 'w')] = cw
        g.zones[('crossed', 'b')] = cb
        zl = pick_customs(rng, CAT_ZONE_LEAP, 2, pieces)
        for l, e in zl.items():
            pieces[l] = Piece(l, *e, confined='home')
        if rng.random() < 0.4:
            pieces['k'].confined = 'home'
            pieces['k'].name = 'King'
        zm = pick_customs(rng, CAT_BASIC[:8] + [('Soldier', 'fWrW', 1, [L('W', 1, 'mc', 'f'), L('W', 1, 'mc', 'r')])], 2, pieces)
        for l, e in zm.items():
            zb_, zc = rng.choice(ZONE_EXTRA)
            pieces[l] = Piece(l, *e, zmoves=(rng.choice(['crossed', 'home']), zb_, zc))
        if rng.random() < 0.3:  # the royal piece with zone-moves too
            zb_, zc = rng.choice(ZONE_EXTRA)
            pieces['k'].zmoves = (rng.choice(['crossed', 'home']), zb_, zc)
        # pawn gets zone-moves sometimes (a pawn-like piece: promotes on the last rank)
        if rng.random() < 0.5:
            zb_, zc = rng.choice(ZONE_EXTRA)
            pieces['p'].zmoves = ('crossed', zb_, zc)
        g.royal = 'k'
        g.symmetry = rng.choice(['mirror', 'rotate'])
        if rng.random() < 0.4:
            g.facing = rng.choice([(1, 0), (0, 1), (1, 1), (1, -1)])
    g.promo = [l for l in sorted(pieces) if l not in ('k', 'p') and not pieces[l].confined]
    # castling configuration
    if family in ('castle', 'njc', 'relay', 'sym', 'betza', 'mix') and (family in ('castle', 'mix') or rng.random() < 0.6):
        castle_game = True
        partners = [l for l in pieces if l not in ('k', 'p', 'n')]
        for col in 'wb':
            ks = rng.randint(2, F - 3) if family in ('castle', 'mix') else F // 2
            if col == 'b' and family in ('castle', 'mix') and rng.random() < 0.7:
                ks = F - 1 - g.castle['w']['ks'] if F - 1 - g.castle['w']['ks'] != g.castle['w']['ks'] else ks
            def pick(lo, hi, inner):
                kd = rng.randint(lo, hi)
                if CORNER_KING and rng.random() < 0.3:
                    kd = inner  # the King lands on its partner's start square
                if rng.random() < 0.15:
                    kd = rng.choice([ks, ks + (1 if inner > ks else -1)])
                while True:
                    rd = rng.randint(min(ks, inner), max(ks, inner)) if rng.random() < 0.2 else (kd - 1 if inner > ks else kd + 1)
                    if rd != kd and 0 <= rd < F:
                        return (kd, rd)
            hi = pick(ks + 2, F - 2, F - 1) if ks + 2 <= F - 2 else None
            lo = pick(1, ks - 2, 0) if ks - 2 >= 1 else None
            if family == 'castle' and rng.random() < 0.15:
                if rng.random() < 0.5:
                    hi = None
                else:
                    lo = None
            ph = {'r'} if rng.random() < 0.5 else set(rng.sample(partners, rng.randint(1, 2)))
            pl = {'r'} if rng.random() < 0.5 else set(rng.sample(partners, rng.randint(1, 2)))
            g.castle[col] = dict(ks=ks, high=hi, low=lo, ph=ph, pl=pl)
    if CASTLE_ZONES and family == 'castle':
        # a confined King: a palace of three files round its start square on the two home ranks
        holds = rng.random() < 0.5
        for col in 'wb':
            c = g.castle[col]
            rows = (0, 1) if col == 'w' else (R - 1, R - 2)
            files = set(range(max(0, c['ks'] - 1), min(F, c['ks'] + 2)))
            if holds:
                # a palace that holds the castled King's squares: castling stays in it
                files |= {d[0] for d in (c['high'], c['low']) if d}
            g.zones[('pal', col)] = {g.sq(f, r) for f in files for r in rows}
        pieces['k'].confined = 'pal'
    # start array
    pool = [l for l in pieces if l not in ('k', 'p') and not pieces[l].confined]
    for attempt in range(300):
        rows = {}
        for col in 'wb':
            r = 0 if col == 'w' else R - 1
            c = g.castle.get(col)
            if c:
                corners = (sorted(c['pl'])[0] if c['low'] else rng.choice(pool),
                           sorted(c['ph'])[0] if c['high'] else rng.choice(pool))
                row = back_rank(rng, F, c['ks'], corners, pool)
            else:
                row = [None] * F
                row[rng.randrange(F)] = 'k'
                for f in range(F):
                    if row[f] is None and rng.random() < 0.7:
                        row[f] = rng.choice(pool)
            rows[r] = [(col, x) if x else None for x in row]
            pr = 1 if col == 'w' else R - 2
            rows[pr] = [(col, 'p') if rng.random() < 0.85 else None for _ in range(F)]
        B = [None] * g.N
        for r, cells in rows.items():
            for f, x in enumerate(cells):
                B[g.sq(f, r)] = x
        # confined pieces into their zones
        for l in pieces:
            if pieces[l].confined and l != 'k':
                for col in 'wb':
                    free = [s for s in g.zones[(pieces[l].confined, col)] if B[s] is None]
                    if free:
                        B[rng.choice(free)] = (col, l)
        if pieces['k'].confined and not g.castle:
            for col in 'wb':
                for s in range(g.N):
                    if B[s] == (col, 'k'):
                        B[s] = None
                free = [s for s in g.zones[('home', col)] if B[s] is None or B[s][1] != 'k']
                B[rng.choice(free)] = (col, 'k')
        cast = set()
        for col in 'wb':
            c = g.castle.get(col)
            if c:
                if c['high']:
                    cast.add('K' if col == 'w' else 'k')
                if c['low']:
                    cast.add('Q' if col == 'w' else 'q')
        p = Pos(B, 'w', cast, None)
        if g.valid(p) and not g.in_check(p, 'w'):
            break
    start = g.fen(p)
    lines.append('[%s : chess]' % name if family != 'zone' else '[%s]' % name)
    lines += ['board = %dx%d' % (F, R), 'start = ' + start]
    for l in sorted(pieces):
        if family != 'zone' and l in STD and pieces[l].betza == STD[l][1] and not pieces[l].njc \
                and not pieces[l].confined and not pieces[l].zmoves and l != 'p':
            continue
        lines.append(pieces[l].line())
    lines.append('promote-to = ' + ' '.join(g.promo))
    if g.zones:
        for (zn, col), sqs in sorted(g.zones.items()):
            lines.append('zone = %s %s %s' % (zn, 'white' if col == 'w' else 'black',
                                               ' '.join(g.name(s) for s in sorted(sqs))))
    if family == 'zone':
        lines.append('double-step-ranks = 2')
    if g.castle:
        for col, pre in (('w', ''), ('b', 'black-')):
            c = g.castle[col]
            for key in ('high', 'low'):
                d = c[key]
                lines.append('%scastle-%s = %s' % (pre, key, '%s %s' % (chr(97 + d[0]), chr(97 + d[1])) if d else '-'))
                if d:
                    lines.append('%scastle-partner-%s = %s' % (pre, key, ' '.join(sorted(c['p' + key[0]]))))
    else:
        lines += ['castle-high = -', 'castle-low = -']
    if g.relay:
        lines.append('knight-relay = ' + g.relay)
    if family in ('sym', 'zone', 'relay', 'mix'):
        lines.append('symmetry = ' + g.symmetry)
    if g.facing:
        lines.append('facing-kings = %d %d' % g.facing)
    return g, name, '\n'.join(lines) + '\n', p


def playout(g, p, rng, plies):
    out = []
    for _ in range(plies):
        ms = g.legal(p)
        if not ms:
            break
        w = [10.0 if (m[3] and m[3].startswith('castle')) else (3.0 if m[3] == 'double' else 1.0) for m in ms]
        p = g.make(p, rng.choices(ms, weights=w)[0])
        out.append(p)
    return out


def sparse_position(g, rng):
    pool = [l for l in g.pieces if l != g.royal]
    for _ in range(300):
        B = [None] * g.N
        free = list(range(g.N))
        rng.shuffle(free)
        for col in 'wb':
            pc = g.pieces[g.royal]
            cand = [s for s in free if not pc.confined or g.in_zone(pc.confined, col, s)]
            s = cand[0]
            free.remove(s)
            B[s] = (col, g.royal)
        for _ in range(rng.randint(2, 7)):
            l = rng.choice(pool)
            col = rng.choice('wb')
            pc = g.pieces[l]
            cand = [s for s in free if (not pc.confined or g.in_zone(pc.confined, col, s))
                    and not (pc.pawn and g.relrank(col, s) in (1, g.R))]
            if cand:
                s = cand[0]
                free.remove(s)
                B[s] = (col, l)
        p = Pos(B, rng.choice('wb'), set(), None)
        if g.valid(p):
            return p
    return None


def njc_position(g, rng):
    """A sparse position with a no-jump-check piece one straight leap from the King of the side
    to move and a piece on the square it would jump: check or not is the flag's whole effect."""
    njc = [l for l, pc in g.pieces.items() if pc.njc]
    if not njc:
        return None
    for _ in range(300):
        p = sparse_position(g, rng)
        if p is None:
            return None
        B = p.board
        me = p.side
        opp = 'b' if me == 'w' else 'w'
        k = g.king(B, me)
        l = rng.choice(njc)
        legs = [(a, c) for c in g.pieces[l].comps for a in atom_vecs(c[1])
                if c[0] == 'L' and c[1] in 'DAHG' and 'c' in c[3]]
        if not legs:
            return None
        (dx, dy), comp = rng.choice(legs)
        f, r = k % g.F - dx, k // g.F - dy
        if not g.on(f, r):
            continue
        src = g.sq(f, r)
        n = max(abs(dx), abs(dy))
        mids = [g.sq(f + sgn(dx) * i, r + sgn(dy) * i) for i in range(1, n)]
        if B[src] is not None and B[src][1] == g.royal or any(B[m] is not None and B[m][1] == g.royal for m in mids):
            continue
        B[src] = (opp, l)
        m = rng.choice(mids)
        B[m] = (rng.choice('wb'), rng.choice([x for x in g.pieces if x not in (g.royal, 'p')]))
        if g.valid(p):
            return p
    return None


def castle_position(g, start, rng):
    for _ in range(100):
        B = list(start.board)
        for s in range(g.N):
            x = B[s]
            if x is None or x[1] == g.royal:
                continue
            f, r = s % g.F, s // g.F
            if f in (0, g.F - 1) and r in (0, g.R - 1):
                continue
            if rng.random() < (0.3 if x[1] == 'p' else 0.85):
                B[s] = None
        free = [s for s in range(g.N) if B[s] is None and 1 < s // g.F < g.R - 2]
        rng.shuffle(free)
        pool = [l for l in g.pieces if l not in (g.royal, 'p') and not g.pieces[l].confined]
        for _ in range(rng.randint(0, 3)):
            if free:
                B[free.pop()] = (rng.choice('wb'), rng.choice(pool))
        p = Pos(B, rng.choice('wb'), set(start.cast), None)
        if g.valid(p):
            return p
    return None


# ------------------------------------------------------------------ chimera
def compare(g, ini, name, fen, d, path):
    return drill_down(g, lambda f, k: file_divide(CHIMERA, ini, name, f, k), fen, d, tuple(path))


BREAK_FAMILY = {'blackcastle': 'castle', 'zonemoves': 'zone', 'confined': 'zone', 'njc': 'njc',
                'relay': 'relay', 'rotate': 'sym', 'o': 'betza', 'bent': 'betza', 'facing': 'betza'}


def main():
    global CHIMERA
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--games', type=int, default=12)
    ap.add_argument('--positions', type=int, default=6, help='positions per game')
    ap.add_argument('--break', dest='brk', default=None, choices=BREAKS,
                    help='deliberately break the oracle: blackcastle (Black castles with White\'s '
                         'files and partners), zonemoves (zone-moves ignored), confined (confined= '
                         'ignored), njc (no-jump-check ignored), relay (no relayed moves), rotate '
                         '(rotate read as mirror), o (o read as n), bent (bent riders go straight '
                         'on), facing (facing-kings ignored)')
    ap.add_argument('--family', default=None, choices=FAMILIES, help='only this family of games')
    ap.add_argument('--chimera', default=CHIMERA)
    ap.add_argument('--dir', help='write the games\' sections there (default: a new temporary folder)')
    ap.add_argument('--quick', action='store_true', help='the suite\'s run: 14 games (two per family), 3 positions each + set-ups')
    ap.add_argument('--depth3', type=int, default=10, help='perft 3 where at most this many pieces')
    ap.add_argument('--max-mismatch', type=int, default=5)
    ap.add_argument('--corner-king', action='store_true',
                    help='also castling whose King lands on the partner\'s corner (`castle-high = h g`; '
                         'Chimera agrees)')
    ap.add_argument('--relay-zones', action='store_true',
                    help='every knight-relay game gets a piece with confined=ZONE (else a third '
                         'of them): its relayed leaps stay in the zone')
    ap.add_argument('--castle-zones', action='store_true',
                    help='castle games get a King confined to a palace round its start square: '
                         'where castling would take it out, Chimera must refuse the game')
    ap.add_argument('--njc-riders', action='store_true',
                    help='also no-jump-check on riders (DD, AA): Chimera must refuse the game')
    a = ap.parse_args()
    CHIMERA = a.chimera
    global NJC_RIDERS, CORNER_KING, RELAY_ZONES
    RELAY_ZONES = a.relay_zones
    global CASTLE_ZONES
    CASTLE_ZONES = a.castle_zones
    NJC_RIDERS = a.njc_riders
    CORNER_KING = a.corner_king
    if a.quick:
        a.games, a.positions = 14, 3
    if not os.path.exists(CHIMERA):
        sys.stderr.write('no Chimera binary at %s\n' % CHIMERA)
        return 2
    a.dir = a.dir or tempfile.mkdtemp(prefix='filerules-')
    os.makedirs(a.dir, exist_ok=True)
    rng = random.Random(a.seed)
    t0 = time.time()
    st = dict(games=0, positions=0, leaves=0, mismatches=0, errors=0, skipped=0, refused=0)
    fams = {}
    for gi in range(a.games):
        family = a.family or (BREAK_FAMILY[a.brk] if a.brk and gi % 2 == 0 else FAMILIES[gi % len(FAMILIES)])
        g, name, section, start = make_game(rng, gi, family, a.brk)
        ini = os.path.join(a.dir, 's%d_%s.ini' % (a.seed, name))
        with open(ini, 'w') as fh:
            fh.write(section)
        if not g.valid(start) or g.in_check(start, 'w'):
            # no legal start array in 300 tries (Nightriders on a 9-rank board check over the
            # pawns): skip the game rather than hand Chimera a FEN it rightly refuses
            st['skipped'] += 1
            continue
        why = g.refusal()
        if why:
            r = subprocess.run([CHIMERA, 'perft', '--variants', ini, '--variant', name, '--depth',
                                '1'], capture_output=True, text=True, timeout=600)
            told = (r.stdout + r.stderr).strip()
            if r.returncode != 0 and why in told:
                st['refused'] += 1
            else:
                st['mismatches'] += 1
                print('=' * 70)
                print('seed %d game %s: Chimera must refuse it (%s), said: %s' % (
                    a.seed, name, why, told[:300]))
                print(section.rstrip())
            continue
        st['games'] += 1
        fams[family] = fams.get(family, 0) + 1
        chosen = [start]
        pl = []
        for _ in range(2):
            pl += playout(g, start, rng, rng.randint(3, 30))
        rng.shuffle(pl)
        chosen += pl[:max(0, a.positions - 3)]
        if g.castle:
            x = castle_position(g, start, rng)
            if x:
                chosen.append(x)
                chosen += playout(g, x, rng, rng.randint(1, 3))[-1:]
        x = sparse_position(g, rng)
        if x:
            chosen.append(x)
        if family in ('njc', 'mix'):
            for _ in range(2):
                x = njc_position(g, rng)
                if x:
                    chosen.append(x)
        for p in chosen:
            fen = g.fen(p)
            npieces = sum(x is not None for x in p.board)
            d = 3 if npieces <= a.depth3 else 2
            rep, tot = compare(g, ini, name, fen, d, [])
            st['positions'] += 1
            st['leaves'] += tot or 0
            if rep:
                st['mismatches'] += 1
                print('=' * 70)
                print('seed %d game %s family %s (%dx%d)  ini %s' % (a.seed, name, family, g.F, g.R, ini))
                print(section.rstrip())
                print(rep)
                sys.stdout.flush()
                if st['mismatches'] >= a.max_mismatch:
                    break
        if st['mismatches'] >= a.max_mismatch:
            break
    print('TOTAL seed %d%s: %d games %s (%d skipped, %d refused as they must be), %d positions, '
          '%d perft leaves, %d mismatches, %.1fs' % (
              a.seed, (' break ' + a.brk) if a.brk else '', st['games'], fams, st['skipped'],
              st['refused'], st['positions'], st['leaves'], st['mismatches'], time.time() - t0))
    return 1 if st['mismatches'] else 0


if __name__ == '__main__':
    sys.exit(main())
