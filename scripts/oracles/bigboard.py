#!/usr/bin/env python3
"""Independent oracle for variant-file games on large and odd-shaped boards (up to 16 files,
16 ranks and 128 squares), where no other engine plays: a plain mailbox move generator written
from the README's "Variant files" section only (not from Chimera's code), and a driver that
compares Chimera's `perft --divide` with it.

Seeded random games on 16x8, 8x16, 11x11, 12x10, 10x12, 9x14, 14x9, 13x9, 5x5, 6x7 and 4x16
(`--sizes` for others): King, Pawns (double step, en passant, promotion to the game's list),
q r b n and customs (leapers, riders, ranges, compounds; `--fairy2` adds direction letters and
lame leaps, `--hoppers` hoppers), castling with corner partners (`--odd-castle`: the King
moving 0-1 files or the partner landing beyond it). Positions from pawn- and castling-biased
playouts, castling set-ups and sparse placements; perft 2 (3 on boards of at most 49 squares or
with at most 10 pieces), a difference followed down to the first position whose move sets
differ. `--break MODE` breaks the oracle on purpose (rays wrapping over the edge, castling
through attacks, no en passant, a promotion left out, Black not mirrored, lame leaps never
blocked, hoppers over two screens): each must report mismatches.

    scripts/oracles/bigboard.py --quick                               # the suite's run
    scripts/oracles/bigboard.py --seed 3 --games 30 --positions 8 --fairy2 --hoppers
    scripts/oracles/bigboard.py --quick --break wrap                 # must fail
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
SIZES = [(16, 8), (8, 16), (11, 11), (12, 10), (10, 12), (9, 14), (14, 9), (13, 9),
         (5, 5), (6, 7), (4, 16)]

ATOMS = {'W': (1, 0), 'F': (1, 1), 'D': (2, 0), 'N': (2, 1), 'A': (2, 2), 'H': (3, 0),
         'C': (3, 1), 'Z': (3, 2), 'G': (3, 3)}


def dirs(atom):
    a, b = ATOMS[atom]
    s = set()
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                s.add((x * sx, y * sy))
    return sorted(s)


def dir_ok(filt, dx, dy):
    """Direction modifiers as README describes them, for White (Black mirrored by rank)."""
    if filt == '':
        return True
    if filt == 'f':
        return dy > 0
    if filt == 'b':
        return dy < 0
    if filt == 'fs':   # two wide forward knight moves
        return dy > 0 and abs(dx) > abs(dy)
    if filt == 'lv':   # two narrow leftward knight moves
        return dx < 0 and abs(dy) > abs(dx)
    if filt == 'fr':   # forward-right quadrant
        return dy > 0 and dx > 0
    raise ValueError(filt)


def lame_blocks(dx, dy):
    """Squares a lame (n) leap must find empty: orthogonal first step for oblique leaps, plus the
    rest of the way where it is a straight line; the line's inner squares for straight leaps."""
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        n = max(abs(dx), abs(dy))
        return [(sx * i, sy * i) for i in range(1, n)]
    if abs(dx) > abs(dy):
        first = (sx, 0)
    else:
        first = (0, sy)
    rx, ry = dx - first[0], dy - first[1]
    out = [first]
    if rx == 0 or ry == 0 or abs(rx) == abs(ry):
        n = max(abs(rx), abs(ry))
        out += [(first[0] + (rx // n) * i, first[1] + (ry // n) * i) for i in range(1, n)]
    return out


# name, betza, value, components [(atom, maxsteps (0 = unlimited), mode)]
CATALOG = [
    ('Nightrider', 'NN', 5, [('N', 0, 'mc')]),
    ('Chancellor', 'RN', 9, [('W', 0, 'mc'), ('N', 1, 'mc')]),
    ('Archbishop', 'BN', 8, [('F', 0, 'mc'), ('N', 1, 'mc')]),
    ('Amazon', 'QN', 12, [('W', 0, 'mc'), ('F', 0, 'mc'), ('N', 1, 'mc')]),
    ('Camel', 'C', 3, [('C', 1, 'mc')]),
    ('Zebra', 'Z', 3, [('Z', 1, 'mc')]),
    ('DabbabaRider', 'DD', 4, [('D', 0, 'mc')]),
    ('Alfil', 'A', 1, [('A', 1, 'mc')]),
    ('Wazir', 'W', 1, [('W', 1, 'mc')]),
    ('Ferz', 'F', 1, [('F', 1, 'mc')]),
    ('ShortRook', 'W3', 4, [('W', 3, 'mc')]),
    ('ShortRookFour', 'W4', 4, [('W', 4, 'mc')]),
    ('ShortBishop', 'F2', 2, [('F', 2, 'mc')]),
    ('ShortNightrider', 'N2', 4, [('N', 2, 'mc')]),
    ('AlfilRider', 'AA', 3, [('A', 0, 'mc')]),
    ('CamelRider', 'CC', 5, [('C', 0, 'mc')]),
    ('Threeleaper', 'H', 2, [('H', 1, 'mc')]),
    ('Tripper', 'G', 2, [('G', 1, 'mc')]),
    ('RookMoverBishopCapturer', 'mRcB', 4, [('W', 0, 'm'), ('F', 0, 'c')]),
    ('KnightMoverKingCapturer', 'mNcK', 3, [('N', 1, 'm'), ('W', 1, 'c'), ('F', 1, 'c')]),
    ('Centaur', 'KN', 5, [('W', 1, 'mc'), ('F', 1, 'mc'), ('N', 1, 'mc')]),
]
# extra fairy pieces (--fairy2): direction modifiers (mirrored for Black) and lame leaps
# components: (atom, maxsteps, mode, direction filter, lame)
CATALOG2 = [
    ('ForwardRookBackWazir', 'fRbW', 4, [('W', 0, 'mc', 'f', False), ('W', 1, 'mc', 'b', False)]),
    ('WideForwardKnight', 'fsN', 2, [('N', 1, 'mc', 'fs', False)]),
    ('LeftNarrowKnight', 'lvN', 2, [('N', 1, 'mc', 'lv', False)]),
    ('ForwardRightKnight', 'frN', 2, [('N', 1, 'mc', 'fr', False)]),
    ('BackBishop', 'bB', 2, [('F', 0, 'mc', 'b', False)]),
    ('Mao', 'nN', 3, [('N', 1, 'mc', '', True)]),
    ('JanggiElephant', 'nZ', 2, [('Z', 1, 'mc', '', True)]),
    ('LameCamel', 'nC', 2, [('C', 1, 'mc', '', True)]),
    ('LameAlfil', 'nA', 2, [('A', 1, 'mc', '', True)]),
    ('Soldier', 'fmWfcF', 1, [('W', 1, 'm', 'f', False), ('F', 1, 'c', 'f', False)]),
    ('LameThreeleaper', 'nH', 2, [('H', 1, 'mc', '', True)]),
]

# hoppers (--hoppers): p = hop over one screen (mode 'pc': capture only after the screen)
CATALOG3 = [
    ('Cannon', 'mRcpR', 5, [('W', 0, 'm'), ('W', 0, 'pc')]),
    ('Vao', 'mBcpB', 3, [('F', 0, 'm'), ('F', 0, 'pc')]),
    ('RookHopper', 'pR', 3, [('W', 0, 'pmc')]),
    ('NightHopper', 'mNNcpNN', 4, [('N', 0, 'm'), ('N', 0, 'pc')]),
    ('DabbabaCannon', 'mDDcpDD', 3, [('D', 0, 'm'), ('D', 0, 'pc')]),
]

STD = {
    'k': [('W', 1, 'mc'), ('F', 1, 'mc')],
    'q': [('W', 0, 'mc'), ('F', 0, 'mc')],
    'r': [('W', 0, 'mc')],
    'b': [('F', 0, 'mc')],
    'n': [('N', 1, 'mc')],
}
CUSTOM_LETTERS = list('acdefghijlmostuvwxyz')


class Game(GridGame):
    def __init__(self, F, R, customs, castle=None, brk=False):
        """customs: dict letter -> catalog entry. castle: None or dict with
        ks (king start file), high=(kdest, rdest) or None, low=(kdest, rdest) or None."""
        self.F, self.R, self.N = F, R, F * R
        self.customs = customs
        self.castle = castle
        self.brk = brk
        self.moves_of = {}
        allp = dict(STD)
        for l, (name, betza, val, comps) in customs.items():
            allp[l] = comps
        for l, comps in allp.items():
            for col in 'wb':
                lst = []
                for c in comps:
                    a, rng, mode = c[:3]
                    filt, lame = (c[3], c[4]) if len(c) > 3 else ('', False)
                    for (dx, dy) in dirs(a):
                        if not dir_ok(filt, dx, dy):
                            continue
                        # mirrored for Black; an unfiltered atom's set is symmetric (kept in the
                        # same order so that seeds reproduce the earlier runs)
                        d = (dx, dy if (col == 'w' or filt == '' or brk == 'mirror') else -dy)
                        bl = lame_blocks(*d) if (lame and brk != 'lame') else []
                        lst.append((d, rng, mode, bl))
                self.moves_of[(col, l)] = lst
        self.promo = ['q', 'r', 'b', 'n'] + sorted(customs)

    # ---- stepping along a ray. --break lets rays wrap over the file edges (linear index) ----
    def ray(self, s, d, rng):
        f, r = s % self.F, s // self.F
        dx, dy = d
        n = 0
        if self.brk == 'wrap' and rng != 1:
            idx = s
            while True:
                idx += dx + dy * self.F
                n += 1
                if not (0 <= idx < self.N):
                    return
                yield idx
                if rng and n >= rng:
                    return
        while True:
            f += dx
            r += dy
            n += 1
            if not self.on(f, r):
                return
            yield self.sq(f, r)
            if rng and n >= rng:
                return

    def path_clear(self, board, s, blocks):
        f, r = s % self.F, s // self.F
        for bx, by in blocks:
            if not self.on(f + bx, r + by):
                return True  # target is off the board anyway (block squares lie inside the leap)
            if board[self.sq(f + bx, r + by)] is not None:
                return False
        return True

    # ---- FEN ----
    def parse_fen(self, fen):
        parts = fen.split()
        rows = parts[0].split('/')
        assert len(rows) == self.R, fen
        board = [None] * self.N
        for f, r, c in placement_cells(parts[0], self.F):
            board[self.sq(f, r)] = ('w' if c.isupper() else 'b', c.lower())
        side = parts[1]
        cast = set() if parts[2] == '-' else set(parts[2])
        ep = None
        if parts[3] != '-':
            ep = self.sq(ord(parts[3][0]) - 97, int(parts[3][1:]) - 1)
        hm = int(parts[4]) if len(parts) > 4 else 0
        fm = int(parts[5]) if len(parts) > 5 else 1
        return Pos(board, side, cast, ep, hm, fm)

    def fen(self, p):
        rows = []
        for r in range(self.R - 1, -1, -1):
            cells = [p.board[self.sq(f, r)] for f in range(self.F)]
            rows.append(fen_row([x and (x[1].upper() if x[0] == 'w' else x[1]) for x in cells]))
        cast = ''.join(c for c in 'KQkq' if c in p.cast) or '-'
        ep = self.name(p.ep) if p.ep is not None else '-'
        return '%s %s %s %s %d %d' % ('/'.join(rows), p.side, cast, ep, p.hm, p.fm)

    # ---- attacks ----
    def attacked(self, board, s, by):
        """Is square s attacked by colour `by`? Straightforward: every enemy piece's captures."""
        for t in range(self.N):
            x = board[t]
            if x is None or x[0] != by:
                continue
            if x[1] == 'p':
                dy = 1 if by == 'w' else -1
                f, r = t % self.F, t // self.F
                for dx in (1, -1):
                    if self.on(f + dx, r + dy) and self.sq(f + dx, r + dy) == s:
                        return True
                continue
            for d, rng, mode, bl in self.moves_of[x]:
                if 'c' not in mode:
                    continue
                if bl and not self.path_clear(board, t, bl):
                    continue
                if 'p' in mode:  # hopper: captures the first piece beyond one screen
                    screen = False
                    for u in self.ray(t, d, rng):
                        if not screen:
                            if board[u] is not None:
                                screen = True
                            continue
                        if u == s:
                            return True
                        if board[u] is not None:
                            break
                    continue
                for u in self.ray(t, d, rng):
                    if u == s:
                        return True
                    if board[u] is not None:
                        break
        return False

    def king(self, board, c):
        for t in range(self.N):
            if board[t] == (c, 'k'):
                return t
        return None

    def ep_capturable(self, p):
        """True if some pseudo-legal-then-legal en passant capture exists (FEN writing)."""
        for m in self.legal(p):
            if m[3] == 'ep':
                return True
        return False

    # ---- move generation ----
    def pseudo(self, p):
        out = []  # (from, to, promo, flag)
        me = p.side
        opp = 'b' if me == 'w' else 'w'
        B = p.board
        F, R = self.F, self.R
        for s in range(self.N):
            x = B[s]
            if x is None or x[0] != me:
                continue
            if x[1] == 'p':
                f, r = s % F, s // F
                dy = 1 if me == 'w' else -1
                last = R - 1 if me == 'w' else 0
                rel2 = 1 if me == 'w' else R - 2  # double-step rank (rank 2 from own side)

                def add(to, flag=None):
                    if to // F == last:
                        for q in (self.promo[:-1] if self.brk == 'promo' else self.promo):
                            out.append((s, to, q, flag))
                    else:
                        out.append((s, to, '', flag))
                if self.on(f, r + dy) and B[self.sq(f, r + dy)] is None:
                    add(self.sq(f, r + dy))
                    if r == rel2 and self.on(f, r + 2 * dy) and B[self.sq(f, r + 2 * dy)] is None:
                        add(self.sq(f, r + 2 * dy), 'double')
                for dx in (1, -1):
                    if not self.on(f + dx, r + dy):
                        continue
                    t = self.sq(f + dx, r + dy)
                    if B[t] is not None and B[t][0] == opp:
                        add(t)
                    elif B[t] is None and p.ep == t and self.brk != 'ep':
                        out.append((s, t, '', 'ep'))
                continue
            for d, rng, mode, bl in self.moves_of[x]:
                if bl and not self.path_clear(B, s, bl):
                    continue
                # A hopper ('p') passes exactly one screen first, then moves or captures as a
                # slider does from there.
                screen = 'p' not in mode
                for u in self.ray(s, d, rng):
                    y = B[u]
                    if not screen:
                        screen = y is not None
                        continue
                    if y is None:
                        if 'm' in mode:
                            out.append((s, u, '', None))
                        continue
                    if y[0] == opp and 'c' in mode:
                        out.append((s, u, '', None))
                    if self.brk == 'hop' and 'p' in mode and y[0] == me:
                        continue  # broken: an own piece beyond the screen does not stop it
                    break
        # castling
        if self.castle:
            out += self.castling(p)
        return out

    def castling(self, p):
        out = []
        me = p.side
        opp = 'b' if me == 'w' else 'w'
        r = 0 if me == 'w' else self.R - 1
        c = self.castle
        ks = self.sq(c['ks'], r)
        if p.board[ks] != (me, 'k'):
            return out
        for key, side in (('high', 'K'), ('low', 'Q')):
            dest = c.get(key)
            if not dest:
                continue
            right = side if me == 'w' else side.lower()
            if right not in p.cast:
                continue
            rf = self.F - 1 if key == 'high' else 0
            rs = self.sq(rf, r)
            if p.board[rs] != (me, 'r'):
                continue
            kd, rd = self.sq(dest[0], r), self.sq(dest[1], r)
            lo = min(c['ks'], dest[0], rf, dest[1])
            hi = max(c['ks'], dest[0], rf, dest[1])
            ok = True
            for f in range(lo, hi + 1):
                t = self.sq(f, r)
                if t not in (ks, rs) and p.board[t] is not None:
                    ok = False
            if not ok:
                continue
            # king not in check, not crossing / landing on attacked squares
            step = 1 if dest[0] > c['ks'] else -1
            # squares judged now: the king's own (not in check) and those it crosses; the landing
            # square is judged after the move by the ordinary legality test (README: "land on one
            # ... judged with the partner already moved"): with a hopper, the king itself may be
            # the screen that makes the landing square look attacked before the move.
            for f in [c['ks']] + list(range(c['ks'] + step, dest[0], step)):
                if self.attacked(p.board, self.sq(f, r), opp) and self.brk != 'castle':
                    ok = False
            if ok:
                out.append((ks, kd, '', 'castle-' + key))
        return out

    def make(self, p, m):
        s, t, q, flag = m
        B = list(p.board)
        me = p.side
        x = B[s]
        cap = B[t] is not None or flag == 'ep'
        cast = set(p.cast)
        if flag and flag.startswith('castle'):
            key = flag[7:]
            r = s // self.F
            rf = self.F - 1 if key == 'high' else 0
            rs = self.sq(rf, r)
            rd = self.sq(self.castle[key][1], r)
            B[s] = None
            B[rs] = None
            B[t] = x
            B[rd] = (me, 'r')
        else:
            B[s] = None
            B[t] = (me, q) if q else x
            if flag == 'ep':
                B[t - self.F if me == 'w' else t + self.F] = None
        ep = None
        if flag == 'double' and not q:  # a promoting double step gives no en passant (README)
            ep = (s + t) // 2
        # castling rights
        if self.castle:
            for c in list(cast):
                col = 'w' if c.isupper() else 'b'
                r = 0 if col == 'w' else self.R - 1
                ksq = self.sq(self.castle['ks'], r)
                rsq = self.sq(self.F - 1 if c.lower() == 'k' else 0, r)
                if B[ksq] != (col, 'k') or B[rsq] != (col, 'r') or s in (ksq, rsq) or t in (ksq, rsq):
                    cast.discard(c)
        hm = 0 if (cap or x[1] == 'p') else p.hm + 1
        fm = p.fm + (1 if me == 'b' else 0)
        return Pos(B, 'b' if me == 'w' else 'w', cast, ep, hm, fm)

    def legal(self, p):
        out = []
        for m in self.pseudo(p):
            q = self.make(p, m)
            k = self.king(q.board, p.side)
            if not self.attacked(q.board, k, q.side):
                out.append(m)
        return out

    def mstr(self, m):
        if m[3] and m[3].startswith('castle'):
            f0, f1 = m[0] % self.F, m[1] % self.F
            if abs(f1 - f0) <= 1:  # would read as an ordinary king move: king takes partner
                r = m[0] // self.F
                return self.name(m[0]) + self.name(self.sq(self.F - 1 if m[3] == 'castle-high' else 0, r))
        return self.name(m[0]) + self.name(m[1]) + m[2]

    def in_check(self, p, side):
        return self.attacked(p.board, self.king(p.board, side), 'b' if side == 'w' else 'w')


class Pos:
    __slots__ = ('board', 'side', 'cast', 'ep', 'hm', 'fm')

    def __init__(self, board, side, cast, ep, hm, fm):
        self.board, self.side, self.cast, self.ep, self.hm, self.fm = board, side, cast, ep, hm, fm


# ---------------------------------------------------------------- game / section generation
def make_game(rng, idx, brk, odd_castle=False, castle_share=0.35, fairy2=False, hoppers=False, sizes=SIZES):
    F, R = rng.choice(sizes)
    ncust = rng.randint(1, 4)
    cat = CATALOG + CATALOG2 * 2 if fairy2 else CATALOG
    if hoppers:
        cat = cat + CATALOG3 * 3
    entries = rng.sample(cat, ncust)
    while len(set(e[0] for e in entries)) < ncust:
        entries = rng.sample(cat, ncust)
    letters = rng.sample(CUSTOM_LETTERS, ncust)
    customs = dict(zip(letters, entries))
    castle = None
    if F >= 7 and rng.random() < castle_share:
        ks = rng.randint(3, F - 4)
        hi_k = rng.randint(ks + 2, F - 2)
        lo_k = rng.randint(1, ks - 2)
        castle = {'ks': ks, 'high': (hi_k, hi_k - 1), 'low': (lo_k, lo_k + 1)}
        if odd_castle:
            # king moves 0 or 1 file (or more), partner lands anywhere on its side, even on the
            # king's start square or beyond the king's destination
            def pick(lo, hi):
                kd = rng.choice([ks, ks + (1 if hi > ks else -1), rng.randint(min(lo, hi), max(lo, hi))])
                while True:
                    rd = rng.randint(min(lo, hi), max(lo, hi))
                    if rd != kd:
                        return (kd, rd)
            castle = {'ks': ks, 'high': pick(ks, F - 2), 'low': pick(1, ks)}
            if rng.random() < 0.3:
                castle[rng.choice(['high', 'low'])] = None
    g = Game(F, R, customs, castle, brk)
    # start array
    for _ in range(200):
        back = [None] * F
        pool = ['q', 'r', 'b', 'n'] + letters * 2 + ['b', 'n', 'r']
        if castle:
            back[castle['ks']] = 'k'
            back[0] = back[F - 1] = 'r'
        else:
            back[rng.randrange(F)] = 'k'
        for f in range(F):
            if back[f] is None:
                back[f] = rng.choice(pool) if rng.random() < 0.85 else None
        pawns = [rng.random() < 0.9 for _ in range(F)]

        def row(cells, up):
            return fen_row([c and (c.upper() if up else c) for c in cells])
        rows = [row(back, False), row(['p' if x else None for x in pawns], False)]
        rows += [str(F)] * (R - 4)
        rows += [row(['p' if x else None for x in pawns], True), row(back, True)]
        cast = '-'
        if castle:
            cast = ('K' if castle['high'] else '') + ('Q' if castle['low'] else '')
            cast = cast + cast.lower()
        start = '/'.join(rows) + ' w %s - 0 1' % cast
        p = g.parse_fen(start)
        if not g.in_check(p, 'b') and not g.in_check(p, 'w'):
            break
    name = 'g%d' % idx
    lines = ['[%s : chess]' % name, 'board = %dx%d' % (F, R), 'start = ' + start]
    for l in sorted(customs):
        n, betza, val, _ = customs[l]
        lines.append('piece = %s %s %s %d' % (l, n, betza, val))
    lines.append('promote-to = ' + ' '.join(g.promo))
    if castle:
        for key in ('high', 'low'):
            if castle[key]:
                lines.append('castle-%s = %s %s' % (key, chr(97 + castle[key][0]), chr(97 + castle[key][1])))
            else:
                lines.append('castle-%s = -' % key)
    else:
        lines.append('castle-high = -')
        lines.append('castle-low = -')
    lines.append('double-step-ranks = 2')
    return g, name, '\n'.join(lines) + '\n', start


def sparse_position(g, rng):
    F, R = g.F, g.R
    pieces = ['q', 'r', 'b', 'n'] + sorted(g.customs)
    for _ in range(500):
        B = [None] * g.N
        free = list(range(g.N))
        rng.shuffle(free)
        B[free.pop()] = ('w', 'k')
        B[free.pop()] = ('b', 'k')
        n = rng.randint(2, max(3, g.N // 8))
        for _ in range(n):
            s = free.pop()
            c = rng.choice('wb')
            if rng.random() < 0.4:
                r = s // F
                if 1 <= r <= R - 2:
                    B[s] = (c, 'p')
                continue
            B[s] = (c, rng.choice(pieces))
        # pawns close to promotion (both colours), pawns ready for double step + en passant
        for _ in range(rng.randint(0, 3)):
            c = rng.choice('wb')
            r = R - 2 if c == 'w' else 1
            s = g.sq(rng.randrange(F), r)
            if B[s] is None:
                B[s] = (c, 'p')
        if rng.random() < 0.5 and R >= 5:
            c = rng.choice('wb')
            f = rng.randrange(F)
            r0 = 1 if c == 'w' else R - 2
            r2 = 3 if c == 'w' else R - 4
            r1 = 2 if c == 'w' else R - 3
            o = 'b' if c == 'w' else 'w'
            cells = [g.sq(f, r0), g.sq(f, r1), g.sq(f, r2)]
            if all(B[x] is None or B[x][1] != 'k' for x in cells):
                B[cells[0]] = (c, 'p')
                B[cells[1]] = B[cells[2]] = None
                for df in (-1, 1):
                    if 0 <= f + df < F and rng.random() < 0.7 and B[g.sq(f + df, r2)] is None:
                        B[g.sq(f + df, r2)] = (o, 'p')
                p = Pos(B, c, set(), None, 0, 1)
                if not g.in_check(p, o):
                    dbl = [m for m in g.legal(p) if m[3] == 'double']
                    if dbl:
                        return g.make(p, rng.choice(dbl))
                continue
        side = rng.choice('wb')
        p = Pos(B, side, set(), None, 0, 1)
        if not g.in_check(p, 'b' if side == 'w' else 'w'):
            return p
    return None


def castle_position(g, start, rng):
    """Start array with most back-rank pieces removed (kings and corner rooks kept), a few pawns
    removed and a few enemy pieces dropped in, full castling rights."""
    F, R = g.F, g.R
    pieces = ['q', 'r', 'b', 'n'] + sorted(g.customs)
    for _ in range(200):
        p = g.parse_fen(start)
        B = p.board
        for s in range(g.N):
            x = B[s]
            if x is None or x[1] == 'k':
                continue
            f, r = s % F, s // F
            if x[1] == 'r' and f in (0, F - 1) and r in (0, R - 1):
                continue
            if x[1] == 'p':
                if rng.random() < 0.3:
                    B[s] = None
            elif rng.random() < 0.8:
                B[s] = None
        free = [s for s in range(g.N) if B[s] is None and 1 < s // F < R - 2]
        rng.shuffle(free)
        for _ in range(rng.randint(0, 3)):
            if free:
                B[free.pop()] = (rng.choice('wb'), rng.choice(pieces))
        p.side = rng.choice('wb')
        if not g.in_check(p, 'b' if p.side == 'w' else 'w'):
            return p
    return None


def playout(g, p, rng, plies):
    """Random moves, biased towards pawn moves / double steps / promotions; returns positions."""
    out = []
    for _ in range(plies):
        ms = g.legal(p)
        if not ms:
            break
        w = []
        for m in ms:
            x = p.board[m[0]]
            wt = 1.0
            if x[1] == 'p':
                wt = 4.0
            if m[3] in ('double', 'ep') or m[2]:
                wt = 10.0
            if m[3] and m[3].startswith('castle'):
                wt = 10.0
            w.append(wt)
        m = rng.choices(ms, weights=w)[0]
        p = g.make(p, m)
        out.append(p)
    return out


# ---------------------------------------------------------------- chimera
_CACHE = {}


def chimera_divide(ini, name, fen, d):
    k = (ini, name, fen, d)
    if k not in _CACHE:
        _CACHE[k] = _chimera_divide(ini, name, fen, d)
    return _CACHE[k]


def _chimera_divide(ini, name, fen, d):
    return file_divide(CHIMERA, ini, name, fen, d)


def compare(g, ini, name, fen, d, path, log):
    """Returns None if equal, else a report string after drilling down to the first difference."""
    return drill_down(g, lambda f, k: chimera_divide(ini, name, f, k), fen, d, tuple(path))[0]


def main():
    global CHIMERA
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--games', type=int, default=10)
    ap.add_argument('--positions', type=int, default=8, help='positions per game')
    ap.add_argument('--break', dest='brk', nargs='?', const='wrap', default=None,
                    choices=['wrap', 'castle', 'ep', 'promo', 'mirror', 'lame', 'hop'],
                    help='deliberately break the oracle: wrap (rays wrap over file edges, default), '
                         'castle (king may cross attacked squares), ep (no en passant), '
                         'promo (last promote-to piece not offered), mirror (Black uses White directions), '
                         'lame (n leaps never blocked), hop (hoppers may hop over two screens)')
    ap.add_argument('--chimera', default=CHIMERA)
    ap.add_argument('--dir', help='write the games\' sections there (default: a new temporary folder)')
    ap.add_argument('--quick', action='store_true',
                    help='the suite\'s run: 12 games, 5 positions each, all piece kinds')
    ap.add_argument('--sparse', type=int, default=3, help='extra sparse random positions per game')
    ap.add_argument('--odd-castle', action='store_true', help='unusual castle-high/-low files (king moving 0-1 files, partner beyond the king)')
    ap.add_argument('--fairy2', action='store_true', help='also directional (f b fs lv fr) and lame (n) pieces')
    ap.add_argument('--hoppers', action='store_true', help='also hoppers (p: cannon, vao, ...)')
    ap.add_argument('--sizes', default=None, help='comma list FxR overriding the default sizes, e.g. 16x4,4x4')
    ap.add_argument('--castle-share', type=float, default=0.35)
    ap.add_argument('--max-mismatch', type=int, default=5)
    a = ap.parse_args()
    CHIMERA = a.chimera
    if a.quick:
        a.games, a.positions, a.sparse, a.fairy2, a.hoppers = 12, 5, 2, True, True
    if not os.path.exists(CHIMERA):
        sys.stderr.write('no Chimera binary at %s\n' % CHIMERA)
        return 2
    a.dir = a.dir or tempfile.mkdtemp(prefix='bigboard-')
    os.makedirs(a.dir, exist_ok=True)
    rng = random.Random(a.seed)
    t0 = time.time()
    stats = dict(games=0, positions=0, leaves=0, mismatches=0, castle_games=0, ep_pos=0, promo_pos=0, castle_pos=0)
    for gi in range(a.games):
        g, name, section, start = make_game(rng, gi, a.brk, a.odd_castle, a.castle_share, a.fairy2, a.hoppers,
                                            [tuple(map(int, x.split('x'))) for x in a.sizes.split(',')] if a.sizes else SIZES)
        ini = os.path.join(a.dir, 's%d_%s.ini' % (a.seed, name))
        with open(ini, 'w') as fh:
            fh.write(section)
        stats['games'] += 1
        stats['castle_games'] += bool(g.castle)
        sp = g.parse_fen(start)
        positions = [sp]
        for _ in range(3):
            positions += playout(g, sp, rng, rng.randint(5, 60))
        rng.shuffle(positions)
        chosen = positions[:a.positions - 2]
        if g.castle:
            for _ in range(3):
                x = castle_position(g, start, rng)
                if x:
                    chosen.append(x)
                    chosen += playout(g, x, rng, rng.randint(1, 4))[-1:]
        for _ in range(a.sparse):
            x = sparse_position(g, rng)
            if x:
                chosen.append(x)
        small = g.N <= 49
        for p in chosen:
            fen = g.fen(p)
            if p.ep is not None and g.ep_capturable(p):
                stats['ep_pos'] += 1
            ms = g.legal(p)
            if any(m[2] for m in ms):
                stats['promo_pos'] += 1
            if any(m[3] and m[3].startswith('castle') for m in ms):
                stats['castle_pos'] += 1
            npieces = sum(x is not None for x in p.board)
            d = 3 if (small or npieces <= 10) else 2
            rep = compare(g, ini, name, fen, d, [], None)
            stats['positions'] += 1
            ch, tot = chimera_divide(ini, name, fen, d) if rep is None else (None, 0)
            stats['leaves'] += tot or 0
            if rep:
                stats['mismatches'] += 1
                print('=' * 70)
                print('seed %d game %s (%dx%d)  ini %s' % (a.seed, name, g.F, g.R, ini))
                print(section.rstrip())
                print(rep)
                sys.stdout.flush()
                if stats['mismatches'] >= a.max_mismatch:
                    break
        if stats['mismatches'] >= a.max_mismatch:
            break
    stats['seconds'] = round(time.time() - t0, 1)
    print('TOTAL seed %d: %d games, %d positions, %d perft leaves, %d mismatches, %.1fs '
          '(%d games with castling; positions with en passant %d, promotions %d, castling %d)' % (
              a.seed, stats['games'], stats['positions'], stats['leaves'], stats['mismatches'],
              stats['seconds'], stats['castle_games'], stats['ep_pos'], stats['promo_pos'],
              stats['castle_pos']))
    return 1 if stats['mismatches'] else 0


if __name__ == '__main__':
    sys.exit(main())
