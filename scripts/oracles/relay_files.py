#!/usr/bin/env python3
"""Independent oracle for the generalised relay / anti-relay modifiers (`../shared/rules/relay.md`)
over games defined in variants files (custom Betza pieces), written from relay.md and README.md's
"Variant files" / "Relay and anti-relay in brief" sections only (not from Chimera's code).

Naive on purpose: the seeing relations and effective move types are recomputed from scratch for
every position (each legality test included).

Each random game: a parentless section (board 6x6 to 8x8), a royal King `K`, pawn-like Pawns
`fmWfcF` (pawn flag, promote on the last rank, no double step) and 3-5 custom pieces built
from a per-game pool of move types. A move type is one Betza atom with its range and modality
(relay.md; README "a move type is one Betza atom with its range"); `pRcR` / `pBcB` (one vector
set) is one type. To keep "B has T naturally" unambiguous, every (atom, range) appears in the
game in one form only (`N` or `mN` or `cN` or `nN`; `R` or `mR` or `cR` or `pRcR`; ...), shared
between pieces so that normal-indirect relations occur. A random relay rule per game: relay
(side), anti-relay (side, kind) or both; given either as the file key `relay = ...` or as a
name prefix over the loaded game (`<relay>-<game>`). Positions: start array and random
playouts; perft divide at depth 1-2 compared with `chimera perft --variants F --variant N
--divide`, a difference followed to the leaf (chimera_driver.drill_down).

    scripts/oracles/relay_files.py --compare --chimera /tmp/base-chimera --seed 1 --games 10 --positions 4
    scripts/oracles/relay_files.py --self-test          # hand positions of engine-tests/variant_files.rs
Options: --zones (now and then a `confined=` leaper), --mixed-forms (an atom in two forms in one
game: `N` and `mN` are distinct types, as Chimera's own tests read relay.md), --lame (every game
has `nN`), --no-lame, --sparse N (random sparse positions per game), --break (oracle ignores
every effect: must report mismatches).
Its first runs (session 78) found one Chimera bug, since fixed: a move that empties or fills
the leg of a lame leap (`nN`) by which one piece sees another changes the relations (a relay
starts, or an anti-relay lifts), and Chimera did not test the own King's safety for it (e.g.
`relay = relay`, `7K/8/8/8/8/4k3/2X5/Hy6 b`, H = nN, X = W, y = F: b1a2 lets Ha1 relay nN to
Xc2, which attacks e3; Chimera listed b1a2). `--no-lame` was the way around it then.
Exit 1 on a mismatch.
"""
import argparse
import os
import random
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chimera_driver import drill_down, file_divide, fen_row, placement_cells  # noqa: E402

# The atoms' geometry is filerules.py's (another oracle of variant files, from the README).
from filerules import atom_vecs, sgn  # noqa: E402


# component: (vecs, range (1 leap, 0 unlimited, k), can_move, can_capture, hop, lame)
def comp(atom, rng=1, m=True, c=True, hop=False, lame=False):
    return (tuple(atom_vecs(atom)), rng, m, c, hop, lame)


# per (atom, range) key: the forms a game may give it: (betza fragment, [components])
FORMS = {
    'W': [('W', [comp('W')]), ('mW', [comp('W', c=False)]), ('cW', [comp('W', m=False)])],
    'F': [('F', [comp('F')]), ('mF', [comp('F', c=False)]), ('cF', [comp('F', m=False)])],
    'D': [('D', [comp('D')]), ('cD', [comp('D', m=False)])],
    'N': [('N', [comp('N')]), ('mN', [comp('N', c=False)]), ('cN', [comp('N', m=False)]),
          ('nN', [comp('N', lame=True)])],
    'A': [('A', [comp('A')])],
    'C': [('C', [comp('C')])],
    'Z': [('Z', [comp('Z')])],
    'R': [('R', [comp('W', 0)]), ('mR', [comp('W', 0, c=False)]), ('cR', [comp('W', 0, m=False)]),
          ('pRcR', [comp('W', 0, hop=True), comp('W', 0, m=False)])],
    'B': [('B', [comp('F', 0)]), ('mB', [comp('F', 0, c=False)]),
          ('pBcB', [comp('F', 0, hop=True), comp('F', 0, m=False)])],
    'NN': [('NN', [comp('N', 0)])],
    'W3': [('W3', [comp('W', 3)])],
    'F2': [('F2', [comp('F', 2)])],
}
SAME_ATOM = {'R': 'W', 'W3': 'W', 'B': 'F', 'F2': 'F', 'NN': 'N'}  # keys not combined in one piece
KING = [comp('W'), comp('F')]
PAWN_W = [((( 0, 1),), 1, True, False, False, False), (((1, 1), (-1, 1)), 1, False, True, False, False)]
BREAK = False
LAME = False
MIXED = False
NO_LAME = False
SIDES = ['friendly', 'hostile', 'bilateral']
KINDS = ['direct', 'indirect', 'converse', 'total']


class Pos:
    __slots__ = ('board', 'side')

    def __init__(self, board, side):
        self.board = board
        self.side = side


class Game:
    def __init__(self, F, R, pieces, typecomps, relay, anti, zones=None):
        """pieces: letter -> dict(name, betza, types [keys], royal, pawn, value, confined);
        typecomps: key -> components; relay: side or None; anti: (side, kind) or None."""
        self.F, self.R, self.N = F, R, F * R
        self.pieces = pieces
        self.tc = typecomps
        self.relay = relay
        self.anti = anti
        self.zones = zones or {}
        self.promo = [l for l, p in pieces.items() if not p['royal'] and not p['pawn']
                      and not p.get('confined')]

    # ---- geometry ----
    def sq(self, f, r):
        return r * self.F + f

    def name(self, s):
        return chr(97 + s % self.F) + str(s // self.F + 1)

    def on(self, f, r):
        return 0 <= f < self.F and 0 <= r < self.R

    def takes_part(self, x):
        p = self.pieces[x[1]]
        return not p['royal'] and not p['pawn']

    def in_zone(self, col, l, s):
        z = self.pieces[l].get('confined')
        return z is None or s in self.zones[(z, col)]

    # ---- one component from s: (quiet squares, hit squares) ----
    def reach(self, B, s, cp, col):
        vecs, rng, m, c, hop, lame = cp
        quiet, hits = [], []
        f0, r0 = s % self.F, s // self.F
        for dx, dy in vecs:
            if col == 'b':
                dy = -dy
            if lame:  # oblique leap: the orthogonal first step along the longer leg must be empty
                fx, fy = (sgn(dx), 0) if abs(dx) > abs(dy) else (0, sgn(dy))
                if not self.on(f0 + fx, r0 + fy) or B[self.sq(f0 + fx, r0 + fy)] is not None:
                    continue
            f, r, n, screen = f0, r0, 0, False
            while True:
                f += dx
                r += dy
                n += 1
                if not self.on(f, r):
                    break
                t = self.sq(f, r)
                if hop and not screen:
                    if B[t] is not None:
                        screen = True
                    continue
                if B[t] is None:
                    if m:
                        quiet.append(t)
                else:
                    if c:
                        hits.append(t)
                    break
                if rng and n >= rng:
                    break
        return quiet, hits

    # ---- relay relations ----
    def effects(self, B):
        """{square: set of effective type keys} for every piece that takes part; others natural."""
        occ = [s for s in range(self.N) if B[s] is not None]
        part = [s for s in occ if self.takes_part(B[s])]
        nat = {s: set(self.pieces[B[s][1]]['types']) for s in part}
        gained = {s: set() for s in part}
        removed = {s: set() for s in part}
        for a in part:
            col, l = B[a]
            for T in nat[a]:
                seen = set()
                for cp in self.tc[T]:
                    if not cp[3]:
                        continue
                    _, hits = self.reach(B, a, cp, col)
                    for h in hits:
                        # a confined piece sees only inside its zone
                        if self.in_zone(col, l, h):
                            seen.add(h)
                for b in seen:
                    if b not in nat:
                        continue  # King or pawn: no effect
                    same = B[b][0] == col
                    if self.relay and self.side_ok(self.relay, same) and T not in nat[b]:
                        gained[b].add(T)
                    if self.anti and self.side_ok(self.anti[0], same):
                        kind = self.anti[1]
                        if kind == 'direct':
                            if T in nat[b]:
                                removed[b].add(T)
                        elif kind == 'indirect':
                            if T in nat[b]:
                                removed[a].add(T)
                        elif kind == 'converse':
                            if T not in nat[b]:
                                removed[a].add(T)
                        else:
                            removed[a].add(T)
        eff = {}
        if BREAK:
            return {s: (nat[s], set()) for s in part}
        for s in part:
            eff[s] = (nat[s] - removed[s], gained[s] - nat[s])
        return eff

    @staticmethod
    def side_ok(side, same):
        return side == 'bilateral' or (side == 'friendly') == same

    def comps_of(self, B, s, eff):
        """[(components, own?)] of the piece on s with its effective types."""
        col, l = B[s]
        p = self.pieces[l]
        if p['royal']:
            return [(KING, True)]
        if p['pawn']:
            return [(PAWN_W, True)]
        own, gain = eff[s]
        out = [(self.tc[T], True) for T in sorted(own)]
        out += [(self.tc[T], False) for T in sorted(gain)]
        return out

    def piece_targets(self, B, s, eff):
        """(quiet squares, capture squares) of the piece on s (captures of any colour's piece)."""
        col, l = B[s]
        q, h = set(), set()
        for comps, own in self.comps_of(B, s, eff):
            for cp in comps:
                qq, hh = self.reach(B, s, cp, col)
                q.update(qq)
                h.update(hh)
        # a confined piece stays in its zone, its gained moves too
        q = {t for t in q if self.in_zone(col, l, t)}
        h = {t for t in h if self.in_zone(col, l, t)}
        return q, h

    def attacked(self, B, k, by, eff=None):
        if eff is None:
            eff = self.effects(B)
        for s in range(self.N):
            x = B[s]
            if x is None or x[0] != by:
                continue
            _, h = self.piece_targets(B, s, eff)
            if k in h:
                return True
        return False

    def king(self, B, col):
        for s in range(self.N):
            x = B[s]
            if x is not None and x[0] == col and self.pieces[x[1]]['royal']:
                return s
        return None

    def in_check(self, p, col):
        opp = 'b' if col == 'w' else 'w'
        return self.attacked(p.board, self.king(p.board, col), opp)

    # ---- moves ----
    def legal(self, p):
        B = p.board
        me = p.side
        opp = 'b' if me == 'w' else 'w'
        eff = self.effects(B)
        out = []
        for s in range(self.N):
            x = B[s]
            if x is None or x[0] != me:
                continue
            q, h = self.piece_targets(B, s, eff)
            tos = sorted(q | {t for t in h if B[t][0] == opp})
            for t in tos:
                if self.pieces[x[1]]['pawn'] and ((t // self.F == self.R - 1) if me == 'w' else (t // self.F == 0)):
                    ms = [(s, t, pr) for pr in self.promo]
                else:
                    ms = [(s, t, '')]
                for m in ms:
                    np = self.make(p, m)
                    if not self.attacked(np.board, self.king(np.board, me), opp):
                        out.append(m)
        return out

    def make(self, p, m):
        s, t, pr = m
        B = list(p.board)
        x = B[s]
        B[s] = None
        B[t] = (x[0], pr) if pr else x
        return Pos(B, 'b' if p.side == 'w' else 'w')

    def mstr(self, m):
        return self.name(m[0]) + self.name(m[1]) + m[2]

    def perft(self, p, d):
        ms = self.legal(p)
        if d == 1:
            return len(ms)
        return sum(self.perft(self.make(p, m), d - 1) for m in ms)

    def divide(self, p, d):
        return {self.mstr(m): (1 if d == 1 else self.perft(self.make(p, m), d - 1)) for m in self.legal(p)}

    # ---- FEN ----
    def fen(self, p):
        rows = []
        for r in range(self.R - 1, -1, -1):
            cells = []
            for f in range(self.F):
                x = p.board[self.sq(f, r)]
                cells.append(None if x is None else (x[1].upper() if x[0] == 'w' else x[1]))
            rows.append(fen_row(cells))
        return '/'.join(rows) + ' %s - - 0 1' % p.side

    def parse_fen(self, fen):
        parts = fen.split()
        B = [None] * self.N
        for f, rank, ch in placement_cells(parts[0], self.F):
            B[self.sq(f, rank)] = ('w' if ch.isupper() else 'b', ch.lower())
        return Pos(B, parts[1])


# ------------------------------------------------------------------ random games
NAMES = 'Alpha Beta Gamma Delta Eps Zeta Eta Theta Iota'.split()


def make_game(rng, gi, zones_too):
    F = rng.randint(6, 8)
    R = rng.randint(6, 8)
    keys = rng.sample(sorted(FORMS), rng.randint(4, 7))
    if LAME and 'N' not in keys:
        keys[0] = 'N'
        if 'NN' in keys and len(keys) > 1:
            keys.remove('NN')
    # each (atom, range) in one form, or (--mixed-forms) in two: `N` and `mN` are two types
    # (relay.md: a type is one atom with its range and modality; Chimera's own hand tests agree)
    forms = {}
    for k in keys:
        cand = [f for f in FORMS[k] if not (NO_LAME and f[0] == 'nN')]
        forms[k] = rng.sample(cand, min(len(cand), 2 if (MIXED and rng.random() < 0.6) else 1))
        if LAME and k == 'N' and 'nN' not in [f[0] for f in forms[k]]:
            forms[k][0] = FORMS['N'][3]
    tc = {f[0]: f[1] for k in keys for f in forms[k]}
    pieces = {'k': dict(name='King', betza='K', types=[], royal=True, pawn=False, value=0),
              'p': dict(name='Pawn', betza='fmWfcF', types=[], royal=False, pawn=True, value=1)}
    letters = [c for c in 'abcdeghijlmoqrstuvwxyz']
    rng.shuffle(letters)
    npc = rng.randint(3, 5)
    for i in range(npc):
        for _ in range(20):
            ks = rng.sample(keys, rng.choice([1, 1, 2, 2, 3]) if len(keys) >= 3 else 1)
            atoms = [SAME_ATOM.get(t, t) for t in ks]
            if len(set(atoms)) == len(atoms):
                break
        ts = sorted(set(rng.choice(forms[k])[0] for k in ks))
        l = letters[i]
        pieces[l] = dict(name=NAMES[i], betza=''.join(ts), types=ts,
                         royal=False, pawn=False, value=rng.randint(2, 9))
    zones = {}
    if zones_too and rng.random() < 0.5:
        # one confined leaper (no riders, hoppers: README "leaping pieces only")
        leap_keys = [k for k in keys if k in ('W', 'F', 'D', 'N', 'A', 'C', 'Z')]
        if leap_keys:
            l = letters[npc]
            ts = [rng.choice(forms[rng.choice(leap_keys)])[0]]
            pieces[l] = dict(name='Guard', betza=''.join(ts), types=ts,
                             royal=False, pawn=False, value=3, confined='home')
            for col in 'wb':
                rows = range(0, R // 2) if col == 'w' else range(R - R // 2, R)
                zones[('home', col)] = {r * F + f for r in rows for f in range(F)}
    # relay rule
    mode = rng.choice(['relay', 'anti', 'both', 'both'])
    relay = rng.choice(SIDES) if mode in ('relay', 'both') else None
    anti = (rng.choice(SIDES), rng.choice(KINDS)) if mode in ('anti', 'both') else None
    g = Game(F, R, pieces, tc, relay, anti, zones)
    name = 'rf%d' % gi
    words = []
    if relay:
        words += [relay, 'relay'] if (relay != 'friendly' or rng.random() < 0.5) else ['relay']
    if anti:
        s, k = anti
        if s != 'hostile' or rng.random() < 0.5:
            words.append(s)
        kw = {'direct': ['direct', None], 'indirect': ['indirect', 'normal-indirect'],
              'converse': ['converse', 'converse-indirect'], 'total': ['total', 'total-indirect']}[k]
        kword = rng.choice(kw)
        if kword:
            words.append(kword)
        words.append('anti-relay')
    rword = '-'.join(words)
    by_key = rng.random() < 0.5
    lines = ['[%s]' % name, 'board = %dx%d' % (F, R)]
    # start array
    pool = [l for l in pieces if l not in ('k', 'p') and not pieces[l].get('confined')]
    plain = Game(F, R, pieces, tc, None, None, zones)  # the file's game itself (name-prefix form)
    ok = False
    for _ in range(500):
        B = [None] * g.N
        for col in 'wb':
            r0 = 0 if col == 'w' else R - 1
            r1 = 1 if col == 'w' else R - 2
            row = [None] * F
            row[rng.randrange(F)] = 'k'
            for f in range(F):
                if row[f] is None and rng.random() < 0.75:
                    row[f] = rng.choice(pool)
            for f in range(F):
                if row[f]:
                    B[g.sq(f, r0)] = (col, row[f])
                if rng.random() < 0.7:
                    B[g.sq(f, r1)] = (col, 'p')
        for l in pieces:
            if pieces[l].get('confined'):
                for col in 'wb':
                    free = [s for s in zones[('home', col)] if B[s] is None and 1 < s // F < R - 2]
                    free = free or [s for s in zones[('home', col)] if B[s] is None]
                    if free:
                        B[rng.choice(free)] = (col, l)
        p = Pos(B, 'w')
        if all(not x.in_check(p, c) for x in (g, plain) for c in 'wb'):
            ok = True
            break
    if not ok:
        return None
    lines.append('start = ' + g.fen(p))
    for l in sorted(pieces):
        pc = pieces[l]
        extra = (' royal' if pc['royal'] else '') + (' pawn' if pc['pawn'] else '') + \
            (' confined=%s' % pc['confined'] if pc.get('confined') else '')
        lines.append('piece = %s %s %s %d%s' % (l, pc['name'], pc['betza'], pc['value'], extra))
    lines.append('promote-to = ' + ' '.join(sorted(g.promo)))
    lines += ['castle-high = -', 'castle-low = -']
    for (zn, col), sqs in sorted(zones.items()):
        lines.append('zone = %s %s %s' % (zn, 'white' if col == 'w' else 'black',
                                           ' '.join(g.name(s) for s in sorted(sqs))))
    if by_key:
        lines.append('relay = ' + rword)
        vname = name
    else:
        vname = rword + '-' + name
    return g, vname, '\n'.join(lines) + '\n', p


def playout(g, p, rng, plies):
    out = []
    for _ in range(plies):
        ms = g.legal(p)
        if not ms:
            break
        p = g.make(p, rng.choice(ms))
        out.append(p)
    return out


def sparse_position(g, rng):
    """Kings and 3-8 random pieces anywhere (pawns off the first and last ranks, a confined
    piece in its zone), side to move not giving check."""
    pool = [l for l in g.pieces if l != 'k']
    for _ in range(300):
        B = [None] * g.N
        free = list(range(g.N))
        rng.shuffle(free)
        for col in 'wb':
            B[free.pop()] = (col, 'k')
        for _ in range(rng.randint(3, 8)):
            l = rng.choice(pool)
            col = rng.choice('wb')
            for s in free:
                if g.pieces[l]['pawn'] and s // g.F in (0, g.R - 1):
                    continue
                if not g.in_zone(col, l, s):
                    continue
                free.remove(s)
                B[s] = (col, l)
                break
        side = rng.choice('wb')
        p = Pos(B, side)
        if not g.in_check(p, 'b' if side == 'w' else 'w'):
            return p
    return None


def self_test():
    """The hand-checked positions of engine-tests/variant_files.rs (relay over `mNcW` / `pRcR`
    pieces, and a confined Guard), as a check on this oracle's reading."""
    P = lambda name, betza, types, **kw: dict(name=name, betza=betza, types=types, royal=False,
                                               pawn=False, value=3, **kw)
    pcs = {'k': dict(name='King', betza='K', types=[], royal=True, pawn=False, value=0),
           'p': dict(name='Pawn', betza='fmWfcF', types=[], royal=False, pawn=True, value=1),
           'b': P('Bishop', 'B', ['B']), 'n': P('Knight', 'N', ['N']), 'r': P('Rook', 'R', ['R']),
           'z': P('Zebu', 'mNcW', ['mN', 'cW']), 'y': P('Yak', 'pRcR', ['pR'])}
    tc = {'B': FORMS['B'][0][1], 'N': FORMS['N'][0][1], 'R': FORMS['R'][0][1],
          'mN': FORMS['N'][1][1], 'cW': FORMS['W'][2][1], 'pR': FORMS['R'][3][1]}
    g = Game(8, 8, pcs, tc, 'friendly', None)
    bad = 0

    def frm(fen, sq):
        p = g.parse_fen(fen)
        return {g.mstr(m)[2:4] for m in g.legal(p) if g.mstr(m)[:2] == sq}
    for fen, sq, want in (
            ('4k3/8/8/8/8/8/Bn6/1Z2K3 w - - 0 1', 'b1', 'a3 c3 d2 b2 c2 d3 e4 f5 g6 h7'),
            ('4k3/7p/3P4/8/n2Y4/2B5/8/4K3 w - - 0 1', 'd4', 'd7 d8 a4 c5 b6 a7 e5 f6 g7 h8 e3 f2 g1')):
        got = frm(fen, sq)
        if got != set(want.split()):
            bad += 1
            print('SELF-TEST FAIL', fen, sq, sorted(got), want)
    # confined Guard gaining a Rook's move stays in its zone (its attacks too)
    pcs2 = {'k': pcs['k'], 'r': P('Rook', 'R', ['R']), 'x': P('Guard', 'K', ['W', 'F'], confined='home')}
    zones = {('home', 'w'): set(range(0, 16)), ('home', 'b'): set(range(48, 64))}
    g = Game(8, 8, pcs2, {'R': FORMS['R'][0][1], 'W': FORMS['W'][0][1], 'F': FORMS['F'][0][1]},
             'friendly', None, zones)
    for fen, sq, want in (('7k/3x3r/8/3K4/8/8/8/8 w - - 0 1', 'd5', 'c6 d6 e6 c5 e5 c4 d4 e4'),
                          ('1K5k/3x4/8/8/8/8/8/7r w - - 0 1', 'b8', 'a8 a7 b7')):
        got = frm(fen, sq)
        if got != set(want.split()):
            bad += 1
            print('SELF-TEST FAIL', fen, sq, sorted(got), want)
    print('SELF-TEST %s' % ('ok' if not bad else '%d failures' % bad))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--compare', action='store_true')
    ap.add_argument('--chimera', default='target/release/chimera')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--games', type=int, default=8)
    ap.add_argument('--positions', type=int, default=4)
    ap.add_argument('--depth', type=int, default=2)
    ap.add_argument('--zones', action='store_true', help='now and then a confined leaper')
    ap.add_argument('--no-lame', action='store_true',
                    help='no lame nN form')
    ap.add_argument('--sparse', type=int, default=2, help='sparse random positions per game')
    ap.add_argument('--mixed-forms', action='store_true',
                    help='an atom in two forms in one game (N and mN, R and pRcR): distinct types')
    ap.add_argument('--lame', action='store_true', help='every game has the lame nN form')
    ap.add_argument('--dir', default=None)
    ap.add_argument('--max-mismatch', type=int, default=5)
    ap.add_argument('--break', dest='brk', action='store_true',
                    help='ignore every relay effect (natural moves only): must report mismatches')
    ap.add_argument('--self-test', action='store_true', help='hand-checked positions only')
    a = ap.parse_args()
    if a.self_test:
        return 1 if self_test() else 0
    global BREAK, NO_LAME, MIXED, LAME
    LAME = a.lame
    MIXED = a.mixed_forms
    BREAK = a.brk
    NO_LAME = a.no_lame
    rng = random.Random(a.seed)
    d = a.dir or tempfile.mkdtemp(prefix='relayfiles-')
    os.makedirs(d, exist_ok=True)
    st = dict(games=0, positions=0, runs=0, leaves=0, mismatches=0, errors=0, with_effects=0, skipped=0)
    t0 = time.time()
    for gi in range(a.games):
        made = make_game(rng, gi, a.zones)
        if made is None:
            st['skipped'] += 1
            continue
        g, vname, section, start = made
        ini = os.path.join(d, 's%d_g%d.ini' % (a.seed, gi))
        with open(ini, 'w') as fh:
            fh.write(section)
        st['games'] += 1
        chosen = [start] + playout(g, start, rng, rng.randint(4, 20))
        chosen = [chosen[0]] + rng.sample(chosen[1:], min(len(chosen) - 1, a.positions - 1))
        for _ in range(a.sparse):
            x = sparse_position(g, rng)
            if x:
                chosen.append(x)
        for p in chosen:
            if not a.compare:
                continue
            fen = g.fen(p)
            e = g.effects(p.board)
            if any(own != set(g.pieces[p.board[s][1]]['types']) or gain for s, (own, gain) in e.items()):
                st['with_effects'] += 1
            for depth in range(1, a.depth + 1):
                rep, tot = drill_down(g, lambda f, k: file_divide(a.chimera, ini, vname, f, k), fen, depth)
                st['runs'] += 1
                st['leaves'] += tot or 0
                if rep:
                    if 'CHIMERA ERROR' in rep:
                        st['errors'] += 1
                    else:
                        st['mismatches'] += 1
                    print('=' * 70)
                    print('seed %d game %d variant %s  ini %s' % (a.seed, gi, vname, ini))
                    print(section.rstrip())
                    print(rep)
                    sys.stdout.flush()
                    break
            st['positions'] += 1
            if st['mismatches'] + st['errors'] >= a.max_mismatch:
                break
        if st['mismatches'] + st['errors'] >= a.max_mismatch:
            break
    print('SUMMARY seed %d: %d games (%d skipped: no start array), %d positions (%d with relay effects), %d perft runs, %d perft leaves, %d mismatches, '
          '%d chimera errors, %.1fs' % (a.seed, st['games'], st['skipped'], st['positions'], st['with_effects'], st['runs'],
                                        st['leaves'], st['mismatches'], st['errors'], time.time() - t0))
    failed = st['mismatches'] or st['errors']
    if not a.dir and not failed:
        shutil.rmtree(d, ignore_errors=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
