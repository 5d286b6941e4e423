#!/usr/bin/env python3
"""Independent oracle for the generalised relay / anti-relay modifiers (`../shared/rules/relay.md`)
over games defined in variants files (custom Betza pieces), written from relay.md and README.md's
"Variant files" / "Relay and anti-relay in brief" / "Decisions" sections only (not from
Chimera's code).

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
    scripts/oracles/relay_files.py --compare --chimera /tmp/base-chimera --seed 2 --games 30 --positions 5 --all-features
    scripts/oracles/relay_files.py --self-test          # hand-worked positions, no Chimera
Options: --zones (now and then a `confined=` leaper), --mixed-forms (an atom in two forms in one
game: `N` and `mN` are distinct types, as Chimera's own tests read relay.md), --lame (every game
has `nN`), --no-lame, --sparse N (random sparse positions per game), --break (oracle ignores
every effect: must report mismatches).
  --directional  one-way types (README "Betza" direction letters; README Decision "one-way
                 types"): each game has 1-3 keys of DIR_FORMS (`fR` `fmR` `fcR` `fpR`, `bR` `bcR`,
                 `lR`, `sR` `smR`, `fB` `fmB` `fcB`, `bB`, `fW` `fmW` `fcW`, `bW`, `lW`, `rW` `rcW`,
                 `fF` `fcF`, `bF`, `fN` `fmN` `fcN`, `sN`, `lN`, `fsN`, `fD`; the vectors from
                 filerules.dir_ok, README's reading: `fN` the two narrow forward leaps, `lN` the two
                 wide leftward ones, `fB` the two forward diagonals) beside 2-5 ordinary keys, and
                 the first two pieces carry one. A one-way key is a vector set of its own, so a game
                 may have `R` and `fR` (two types); as before each key has one form per game (two
                 with --mixed-forms), and a piece never has two keys of one atom (`fRW`, `RlW`
                 are not drawn), so no piece's type is ambiguous. Types are written in White's
                 terms; every piece reads them from its own side (Black's vectors (x, y) -> (x, -y):
                 `f` toward rank 1, `l`/`r` the same files as White's): its own moves, its sight
                 (A sees B in A's orientation) and a gained type (B uses T in B's orientation);
                 "B has T naturally" compares the White-terms keys. Confined leapers (--zones)
                 may be one-way leapers. The summary counts positions where a one-way type is
                 gained or lost, and where a Black piece gains one. --break-dir reads a gained
                 type in the other side's orientation: must report mismatches.
Variant-file features (each game has the feature; --all-features: each now and then (p 0.6),
with --zones and --depth3; and --directional, an extra draw per game, so --all-features seeds
give other games than they did before it; runs without --all-features or --directional draw the
games they always did):
  --double-step  pawns `fmWfceFifmnD`, `double-step-ranks = 2`, en passant. Pawns take no part
                 in relay (relay.md: they neither gain nor lose types, nor give or take any), so
                 their moves are the base game's; only the King's safety after a pawn move (an
                 e.p. capture empties two squares) uses effective moves. The e.p. square is
                 written only where the capture is legal (README Decisions). Extra sparse
                 positions with pawns on the second rank, before promotion, and an e.p. set-up.
  --castling     8 files, King on e, a Rook `r` (`R`, the default partner) in the corners,
                 `castle-high = g f`, `castle-low = c d`, rights in the FEN. Not out of check,
                 the crossed square (f / d) not attacked in the position before the move with the
                 King on its square, the King safe after the move, all with effective moves
                 (relay.md "Castling ..."; README: a landing square attacked before the move only
                 by a type the castling takes away does not forbid it). Extra positions: the
                 start array with thinned back ranks and 1-3 pieces dropped in the middle.
  --promotion    `promote-to` 2-3 custom letters, now and then `promotion-ranks` with an optional
                 rank R-1 or R-2 (on 6 ranks with double steps, R-2 = 4 is where a double step
                 lands: it may promote, and only unpromoted gives e.p.; an e.p. capture onto an
                 optional rank does not promote: README "Variant files").
  --bent         the `o` forms of the Knight's leap as types: the Moa `oN` and `nNoN` (one type, as
                 relay.md's Decisions make the Canonical Knight, Mao-or-Moa, one type); and in a
                 quarter of the games a piece with a bent rider (`yafsF`, `yafsW`, `FyafsF`, ...):
                 Chimera refuses relay rules over such a game ("piece g has bent moves ('yafs'),
                 which relay rules do not support", as README says of Tripunch: a bent move is two
                 move types at once, which relay.md does not cover), so the oracle checks only
                 the refusal (`refused` in the summary) and plays no such game.
  --depth3 [F]   perft 3 on a fraction F (default 0.25) of the positions whose perft 2 is at most
                 --depth3-max (1500) leaves.
Its first runs (session 78) found one Chimera bug, since fixed: a move that empties or fills
the leg of a lame leap (`nN`) by which one piece sees another changes the relations (a relay
starts, or an anti-relay lifts), and Chimera did not test the own King's safety for it (e.g.
`relay = relay`, `7K/8/8/8/8/4k3/2X5/Hy6 b`, H = nN, X = W, y = F: b1a2 lets Ha1 relay nN to
Xc2, which attacks e3; Chimera listed b1a2). `--no-lame` was the way around it then.
--self-test also has hand-worked positions for the features (expected move lists worked out
from relay.md / the README, not from Chimera): double steps (White, Black, blocked), an e.p.
capture that empties the rank onto a relayed Rook move (illegal) and its control, a double step
and an e.p. capture that block a line and so lift a hostile anti-relay onto the King (illegal);
castling across a square attacked only by a relayed type, out of a relayed check, across a
square a hopper attacks with the King on e1 as its screen, the README's landing-square example
(hostile relay), its anti-relay mirror (O-O-O lifts the anti-relay onto c1: illegal), a crossed
square attacked before the move only (anti-relay after it: still no O-O), rights kept / lost;
optional and compulsory promotion ranks for both colours, a promotion that starts a hostile
relay onto the own King, a double step onto an optional rank (promoting or not, e.p. only when
not, the e.p. capture itself not promoting); `nNoN` relayed as one type (the relayed piece uses
its n path where its o path is blocked), `nNoN` and `oN` blocked / open.
One-way types: `fN`, `lN`, `sN`, `fsN`, `fB`, `lW`, `fR` vector sets against the
README; `hostile relay`, White `fR` on d2 sees the d4 Wazir, which gains the slide toward rank 1
(`d4d2`, not d5-d8); Black's `fN` on d5 sees the e3 Wazir, which gains White's `fN` (d5, f5);
`hostile direct anti-relay`, White `fRN` on d5 and Black `fR` on d7 see each other, both lose
`fR`, and every Knight move off the file gives the Arrow its slide onto the King on d1 back
(no legal move), while with the Arrow on d3 (looking toward rank 1) neither sees the other;
friendly relay, Black's `lW` on e4 gives the d4 Knight the step to c4.
`--self-test --compare --chimera X` also runs each feature position through Chimera.
The feature options (session 79) found no disagreement
with Chimera: seeds 1-16, about 3,460 positions, 7,500 perft runs (570 at depth 3), castling,
e.p. or promotion among the moves of about 1,200 positions (about 400 where those moves depend
on the relay rule), 0 mismatches; the self-test's feature positions agree with Chimera too, and
Chimera refused all 40 relay games with a bent rider. The one failure on the way was the
oracle's own (an e.p. set-up with a King on the square the pawn came from, which Chimera rightly
refuses as a FEN), fixed. A run with perft 3 on half the positions of 8-file castling games
takes about 6 minutes for 20 games: keep --depth3 fractions small on big boards.
--directional's first runs found no disagreement with Chimera (the release build of then): seeds
8001-8006 (`--games 10 --positions 4`), 357 positions, 714 perft runs, 87 with a one-way type
gained or lost, 25 where a Black piece gains one; seeds 8007-8030 (`--positions 6 --sparse 4`),
2,381 positions, 4,762 perft runs, 503 / 173; seeds 8031-8036 with --mixed-forms --zones
--depth3 0.5, 480 positions, 1,218 perft runs (258 at depth 3), 98 / 36; --all-features
--directional seeds 8001-8002, 140 positions, 317 perft runs (37 at depth 3), 27 / 5, and
--all-features seeds 8003-8004 (12 of 20 games one-way), 201 positions, 445 perft runs,
19 / 9; 0 mismatches,
and the self-test's one-way positions agree with Chimera. --break-dir reports mismatches on
seeds 8001-8003 (6, 7, 4) and 8030 (15 with --max-mismatch 100), so the comparison sees the
orientation of a gained type.
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
from chimera_driver import GridGame, drill_down, file_divide, fen_row, placement_cells  # noqa: E402

# The atoms' geometry is filerules.py's (another oracle of variant files, from the README).
from filerules import atom_vecs, dir_ok, sgn  # noqa: E402


# component: (vecs, range (1 leap, 0 unlimited, k), can_move, can_capture, hop, lame)
# lame: '' (none), 'n' (orthogonal first step of an oblique leap must be empty), 'o' (the
# diagonal first step: the Moa), 'no' (either path open: `nNoN`, one component, one type)
def comp(atom, rng=1, m=True, c=True, hop=False, lame=''):
    return (tuple(atom_vecs(atom)), rng, m, c, hop, lame)


# per (atom, range) key: the forms a game may give it: (betza fragment, [components])
FORMS = {
    'W': [('W', [comp('W')]), ('mW', [comp('W', c=False)]), ('cW', [comp('W', m=False)])],
    'F': [('F', [comp('F')]), ('mF', [comp('F', c=False)]), ('cF', [comp('F', m=False)])],
    'D': [('D', [comp('D')]), ('cD', [comp('D', m=False)])],
    'N': [('N', [comp('N')]), ('mN', [comp('N', c=False)]), ('cN', [comp('N', m=False)]),
          ('nN', [comp('N', lame='n')])],
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
# --bent: the `o` forms of the Knight's leap (the Moa `oN`; `nNoN`, the Canonical knight, one
# type as relay.md's Decisions make the Canonical Knight one type)
O_FORMS = [('oN', [comp('N', lame='o')]), ('nNoN', [comp('N', lame='no')])]
# --bent: pieces with a bent rider (README "Variant files": `yafsF` diagonal step then orthogonal
# slide outward, `yafsW` orthogonal step then diagonal slide outward). Chimera refuses relay rules
# over a game with one (as it refuses them over Tripunch: README, "a bent move is two move types
# at once, which relay.md does not cover"), so such a game must be refused, and is not played.
BENT_PIECES = ['yafsF', 'yafsW', 'FyafsF', 'WyafsW', 'yafsFK', 'NyafsW']


# --directional: one-way move types (README "Betza": direction letters; README Decision "one-way
# types"). A direction-filtered atom is a vector set of its own (`fR` is not `R`, `lW` not `W`),
# in White's terms; reach() turns every vector of a Black piece with (x, y) -> (x, -y) (a
# mirrored game: Black's `f` is toward rank 1, its `l` and `r` the same files as White's), for its
# own moves, for what it sees, and for a type it gains: a type is always read in the orientation
# of the piece that uses it. "B has T naturally" compares the White-terms keys.
def dcomp(atom, filt, rng=1, m=True, c=True, hop=False):
    return (tuple(v for v in atom_vecs(atom) if dir_ok(filt, atom, v[0], v[1])), rng, m, c, hop, '')


# per key (a vector set with its range): its forms, one per game as for FORMS (with
# --mixed-forms now and then two, distinct types as `N` and `mN` are)
DIR_FORMS = {
    'fR': [('fR', [dcomp('W', 'f', 0)]), ('fmR', [dcomp('W', 'f', 0, c=False)]),
           ('fcR', [dcomp('W', 'f', 0, m=False)]), ('fpR', [dcomp('W', 'f', 0, hop=True)])],
    'bR': [('bR', [dcomp('W', 'b', 0)]), ('bcR', [dcomp('W', 'b', 0, m=False)])],
    'lR': [('lR', [dcomp('W', 'l', 0)])],
    'sR': [('sR', [dcomp('W', 's', 0)]), ('smR', [dcomp('W', 's', 0, c=False)])],
    'fB': [('fB', [dcomp('F', 'f', 0)]), ('fmB', [dcomp('F', 'f', 0, c=False)]),
           ('fcB', [dcomp('F', 'f', 0, m=False)])],
    'bB': [('bB', [dcomp('F', 'b', 0)])],
    'fW': [('fW', [dcomp('W', 'f')]), ('fmW', [dcomp('W', 'f', c=False)]),
           ('fcW', [dcomp('W', 'f', m=False)])],
    'bW': [('bW', [dcomp('W', 'b')])],
    'lW': [('lW', [dcomp('W', 'l')])],
    'rW': [('rW', [dcomp('W', 'r')]), ('rcW', [dcomp('W', 'r', m=False)])],
    'fF': [('fF', [dcomp('F', 'f')]), ('fcF', [dcomp('F', 'f', m=False)])],
    'bF': [('bF', [dcomp('F', 'b')])],
    'fN': [('fN', [dcomp('N', 'f')]), ('fmN', [dcomp('N', 'f', c=False)]),
           ('fcN', [dcomp('N', 'f', m=False)])],
    'sN': [('sN', [dcomp('N', 's')])],
    'lN': [('lN', [dcomp('N', 'l')])],
    'fsN': [('fsN', [dcomp('N', 'fs')])],
    'fD': [('fD', [dcomp('D', 'f')])],
}
DIR_TYPES = {f[0] for forms in DIR_FORMS.values() for f in forms}
SAME_ATOM = {'R': 'W', 'W3': 'W', 'B': 'F', 'F2': 'F', 'NN': 'N'}  # keys not combined in one piece
# a one-way key is never combined in one piece with another key of its atom either
SAME_ATOM.update({k: {'R': 'W', 'B': 'F'}.get(k[-1], k[-1]) for k in DIR_FORMS})
KING = [comp('W'), comp('F')]
# pawn-like pieces take no part in relay (relay.md): their moves are the base game's
PAWN_W = [((( 0, 1),), 1, True, False, False, ''), (((1, 1), (-1, 1)), 1, False, True, False, '')]
BREAK = False
LAME = False
MIXED = False
NO_LAME = False
DOUBLE = False
CASTLE = False
PROMO = False
BENT = False
DIRECTIONAL = False
BREAK_DIR = False
BIAS = 30   # castling / pawn set-ups: candidates tried for one whose moves depend on the relay rule
SIDES = ['friendly', 'hostile', 'bilateral']
KINDS = ['direct', 'indirect', 'converse', 'total']


class Pos:
    """board: list of (colour, letter) or None; cast: set of KQkq; ep: None or (square passed
    over, square of the pawn that passed)."""
    __slots__ = ('board', 'side', 'cast', 'ep')

    def __init__(self, board, side, cast=frozenset(), ep=None):
        self.board = board
        self.side = side
        self.cast = frozenset(cast)
        self.ep = ep


class Game(GridGame):
    def __init__(self, F, R, pieces, typecomps, relay, anti, zones=None, double=False,
                 castle=False, promo=None, promo_ranks=None):
        """pieces: letter -> dict(name, betza, types [keys], royal, pawn, value, confined);
        typecomps: key -> components; relay: side or None; anti: (side, kind) or None;
        double: pawns `fmWfceFifmnD` with double-step-ranks = 2 (en passant); castle: King on
        the e-file, partner `r` in the corners, castle-high = g f, castle-low = c d; promo: the
        promote-to letters (default every piece but King, Pawn, confined); promo_ranks:
        promotion ranks counted from the mover's side (the last one added, compulsory)."""
        self.F, self.R, self.N = F, R, F * R
        self.pieces = pieces
        self.tc = typecomps
        self.relay = relay
        self.anti = anti
        self.zones = zones or {}
        self.double = double
        self.castle = castle
        if promo is None:
            promo = [l for l, p in pieces.items() if not p['royal'] and not p['pawn']
                     and not p.get('confined')]
        self.promo = sorted(promo)
        self.promo_ranks = set(promo_ranks or ()) | {R}

    # ---- geometry ----
    def relrank(self, col, s):
        r = s // self.F
        return r + 1 if col == 'w' else self.R - r

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
            if lame:  # oblique leap: n = orthogonal first step along the longer leg, o = diagonal
                firsts = []
                if 'n' in lame:
                    firsts.append((sgn(dx), 0) if abs(dx) > abs(dy) else (0, sgn(dy)))
                if 'o' in lame:
                    firsts.append((sgn(dx), sgn(dy)))
                if not any(self.on(f0 + fx, r0 + fy) and B[self.sq(f0 + fx, r0 + fy)] is None
                           for fx, fy in firsts):
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
        """{square: (own effective types, gained types)} for every piece that takes part."""
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
            # --break-dir: a gained type read in the other side's orientation (wrong on purpose)
            rc = col if own or not BREAK_DIR else ('b' if col == 'w' else 'w')
            for cp in comps:
                qq, hh = self.reach(B, s, cp, rc)
                q.update(qq)
                h.update(hh)
        # a confined piece stays in its zone, its gained moves too
        q = {t for t in q if self.in_zone(col, l, t)}
        h = {t for t in h if self.in_zone(col, l, t)}
        return q, h

    def attacked(self, B, k, by, eff=None):
        """Could a piece of colour `by` capture on k with its effective moves? The effects are
        those of B itself (an empty k is filled only to end rides there: castling's crossed
        squares are judged in the position before the move, the King on its square)."""
        if eff is None:
            eff = self.effects(B)
        if B[k] is None:
            B = list(B)
            B[k] = ('b' if by == 'w' else 'w', 'k')
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

    # ---- moves: (from, to, promotion letter or '', flag None|'double'|'ep'|'castle-high|low') ----
    def pawn_moves(self, p, s):
        """The base game's pawn moves (relay.md: pawns take no part): fmW, fcF, and with
        --double-step ifmnD from relative rank 2 and the en-passant fceF."""
        B = p.board
        col = B[s][0]
        dy = 1 if col == 'w' else -1
        f0, r0 = s % self.F, s // self.F
        out = []
        if self.on(f0, r0 + dy) and B[self.sq(f0, r0 + dy)] is None:
            out.append((self.sq(f0, r0 + dy), None))
            if self.double and self.relrank(col, s) == 2 and self.on(f0, r0 + 2 * dy) \
                    and B[self.sq(f0, r0 + 2 * dy)] is None:
                out.append((self.sq(f0, r0 + 2 * dy), 'double'))
        for dx in (-1, 1):
            if not self.on(f0 + dx, r0 + dy):
                continue
            t = self.sq(f0 + dx, r0 + dy)
            if B[t] is not None and B[t][0] != col:
                out.append((t, None))
            elif B[t] is None and self.double and p.ep is not None and p.ep[0] == t \
                    and B[p.ep[1]] is not None and B[p.ep[1]][0] != col:
                out.append((t, 'ep'))
        return out

    def promos(self, col, t, flag):
        rr = self.relrank(col, t)
        if flag == 'ep' or rr not in self.promo_ranks:
            return ['']   # README: an en-passant capture onto an optional rank does not promote
        if rr == self.R:
            return list(self.promo)
        return [''] + list(self.promo)

    def castlings(self, p, eff):
        """Castling: every square between King and partner and both destinations empty, the
        King not in check, the square it crosses not attacked in the position before the move
        (relay.md: effective moves); its safety after the move is legal()'s test."""
        out = []
        if not self.castle:
            return out
        B = p.board
        me = p.side
        opp = 'b' if me == 'w' else 'w'
        r = 0 if me == 'w' else self.R - 1
        ks = self.sq(4, r)
        if B[ks] != (me, 'k') or not any(c in p.cast for c in ('KQ' if me == 'w' else 'kq')):
            return out
        if self.attacked(B, ks, opp, eff):
            return out
        for key, right, kd, rd, rf in (('high', 'K', 6, 5, self.F - 1), ('low', 'Q', 2, 3, 0)):
            if (right if me == 'w' else right.lower()) not in p.cast:
                continue
            rs = self.sq(rf, r)
            if B[rs] != (me, 'r'):
                continue
            lo, hi = min(4, kd, rf, rd), max(4, kd, rf, rd)
            if any(B[self.sq(f, r)] is not None for f in range(lo, hi + 1)
                   if self.sq(f, r) not in (ks, rs)):
                continue
            step = 1 if kd > 4 else -1
            if any(self.attacked(B, self.sq(f, r), opp, eff) for f in range(4 + step, kd, step)):
                continue
            out.append((ks, self.sq(kd, r), '', 'castle-' + key))
        return out

    def pseudo(self, p, eff=None):
        B = p.board
        me = p.side
        opp = 'b' if me == 'w' else 'w'
        if eff is None:
            eff = self.effects(B)
        out = []
        for s in range(self.N):
            x = B[s]
            if x is None or x[0] != me:
                continue
            if self.pieces[x[1]]['pawn']:
                for t, flag in self.pawn_moves(p, s):
                    out += [(s, t, pr, flag) for pr in self.promos(me, t, flag)]
                continue
            q, h = self.piece_targets(B, s, eff)
            out += [(s, t, '', None) for t in sorted(q | {t for t in h if B[t][0] == opp})]
        return out + self.castlings(p, eff)

    def legal(self, p):
        me = p.side
        opp = 'b' if me == 'w' else 'w'
        out = []
        for m in self.pseudo(p):
            np = self.make(p, m)
            if not self.attacked(np.board, self.king(np.board, me), opp):
                out.append(m)
        return out

    def make(self, p, m):
        s, t, pr, flag = m
        B = list(p.board)
        x = B[s]
        B[s] = None
        B[t] = (x[0], pr) if pr else x
        if flag == 'ep':
            B[p.ep[1]] = None
        elif flag and flag.startswith('castle'):
            r = s // self.F
            rf, rd = (self.F - 1, 5) if flag == 'castle-high' else (0, 3)
            B[self.sq(rd, r)] = B[self.sq(rf, r)]
            B[self.sq(rf, r)] = None
        cast = set(p.cast)
        if cast:
            top = self.R - 1
            for sqr, lose in ((self.sq(4, 0), 'KQ'), (self.sq(0, 0), 'Q'), (self.sq(self.F - 1, 0), 'K'),
                              (self.sq(4, top), 'kq'), (self.sq(0, top), 'q'), (self.sq(self.F - 1, top), 'k')):
                if s == sqr or t == sqr:
                    cast -= set(lose)
        ep = ((s + t) // 2, t) if flag == 'double' and not pr else None
        return Pos(B, 'b' if p.side == 'w' else 'w', cast, ep)

    def mstr(self, m):
        return self.name(m[0]) + self.name(m[1]) + m[2]

    # ---- FEN ----
    def fen(self, p):
        rows = []
        for r in range(self.R - 1, -1, -1):
            cells = []
            for f in range(self.F):
                x = p.board[self.sq(f, r)]
                cells.append(None if x is None else (x[1].upper() if x[0] == 'w' else x[1]))
            rows.append(fen_row(cells))
        cast = ''.join(c for c in 'KQkq' if c in p.cast) or '-'
        ep = '-'
        # an en-passant square is written only where the capture is legal (README Decisions)
        if p.ep is not None and any(m[3] == 'ep' for m in self.legal(p)):
            ep = self.name(p.ep[0])
        return '/'.join(rows) + ' %s %s %s 0 1' % (p.side, cast, ep)

    def parse_fen(self, fen):
        parts = fen.split()
        B = [None] * self.N
        for f, rank, ch in placement_cells(parts[0], self.F):
            B[self.sq(f, rank)] = ('w' if ch.isupper() else 'b', ch.lower())
        cast = set() if len(parts) < 3 or parts[2] == '-' else set(parts[2])
        ep = None
        if len(parts) > 3 and parts[3] != '-':
            e = self.sq(ord(parts[3][0]) - 97, int(parts[3][1:]) - 1)
            ep = (e, e - self.F if parts[1] == 'w' else e + self.F)
        return Pos(B, parts[1], cast, ep)


# ------------------------------------------------------------------ random games
NAMES = 'Alpha Beta Gamma Delta Eps Zeta Eta Theta Iota'.split()
ALL = False


def features(rng):
    """The per-game feature set: each flag given, or (--all-features) each now and then."""
    def pick(flag):
        return flag or (ALL and rng.random() < 0.6)
    ft = dict(double=pick(DOUBLE), castle=pick(CASTLE), promo=pick(PROMO), bent=pick(BENT))
    ft['dir'] = pick(DIRECTIONAL)   # drawn last: without it, the other draws are those of before
    return ft


def make_game(rng, gi, zones_too):
    ft = features(rng) if (DOUBLE or CASTLE or PROMO or BENT or ALL or DIRECTIONAL) else \
        dict(double=False, castle=False, promo=False, bent=False, dir=False)
    F = 8 if ft['castle'] else rng.randint(6, 8)
    R = rng.randint(6, 8)
    keys = rng.sample(sorted(FORMS), rng.randint(4, 7))
    dkeys = []
    if ft['dir']:
        # 1-3 one-way keys beside 2-5 of the others (a one-way key is a vector set of its own,
        # so a game may have `R` and `fR`, two types; a piece never has two keys of one atom)
        keys = keys[:rng.randint(2, 5)]
        dkeys = rng.sample(sorted(DIR_FORMS), rng.randint(1, 3))
        keys += dkeys
    if LAME and 'N' not in keys:
        keys[0] = 'N'
        if 'NN' in keys and len(keys) > 1:
            keys.remove('NN')
    if ft['castle'] and 'R' not in keys:
        keys.append('R')
    if ft['bent'] and 'N' not in keys:
        keys.append('N')
    # each (atom, range) in one form, or (--mixed-forms) in two: `N` and `mN` are two types
    # (relay.md: a type is one atom with its range and modality; Chimera's own hand tests agree)
    forms = {}
    for k in keys:
        cand = [f for f in (FORMS[k] if k in FORMS else DIR_FORMS[k]) if not (NO_LAME and f[0] == 'nN')]
        if k == 'N' and ft['bent']:
            cand = O_FORMS if rng.random() < 0.6 else cand + O_FORMS   # the o forms mostly
        forms[k] = rng.sample(cand, min(len(cand), 2 if (MIXED and rng.random() < 0.6) else 1))
        if len(forms[k]) == 2 and forms[k][0][0] == forms[k][1][0]:
            forms[k] = forms[k][:1]
        if LAME and k == 'N' and 'nN' not in [f[0] for f in forms[k]]:
            forms[k][0] = FORMS['N'][3]
    if ft['castle'] and 'R' not in [f[0] for f in forms['R']]:
        forms['R'][0] = FORMS['R'][0]   # the partner is a plain Rook `R`
    tc = {f[0]: f[1] for k in keys for f in forms[k]}
    pieces = {'k': dict(name='King', betza='K', types=[], royal=True, pawn=False, value=0),
              'p': dict(name='Pawn', betza='fmWfceFifmnD' if ft['double'] else 'fmWfcF', types=[],
                        royal=False, pawn=True, value=1)}
    letters = [c for c in 'abcdeghijlmoqrstuvwxyz']
    rng.shuffle(letters)
    if ft['castle']:
        letters.remove('r')
        pieces['r'] = dict(name='Rook', betza='R', types=['R'], royal=False, pawn=False, value=5)
    npc = rng.randint(3, 5)
    for i in range(npc):
        for _ in range(20):
            ks = rng.sample(keys, rng.choice([1, 1, 2, 2, 3]) if len(keys) >= 3 else 1)
            if dkeys and i < 2 and not set(ks) & set(dkeys):
                ks[0] = rng.choice(dkeys)   # the first two pieces carry a one-way type
            atoms = [SAME_ATOM.get(t, t) for t in ks]
            if len(set(atoms)) == len(atoms):
                break
        if dkeys:   # no two keys of one atom in a piece, even where 20 draws found none
            ks = [k for j, k in enumerate(ks) if SAME_ATOM.get(k, k) not in atoms[:j]]
        ts = sorted(set(rng.choice(forms[k])[0] for k in ks))
        l = letters[i]
        pieces[l] = dict(name=NAMES[i], betza=''.join(ts), types=ts,
                         royal=False, pawn=False, value=rng.randint(2, 9))
    zones = {}
    if zones_too and rng.random() < 0.5:
        # one confined leaper (no riders, hoppers: README "leaping pieces only")
        leap_keys = [k for k in keys if k in ('W', 'F', 'D', 'N', 'A', 'C', 'Z')
                     or k in DIR_FORMS and all(cp[1] == 1 for f in forms[k] for cp in f[1])]
        if leap_keys:
            l = letters[npc]
            ts = [rng.choice(forms[rng.choice(leap_keys)])[0]]
            pieces[l] = dict(name='Guard', betza=''.join(ts), types=ts,
                             royal=False, pawn=False, value=3, confined='home')
            for col in 'wb':
                rows = range(0, R // 2) if col == 'w' else range(R - R // 2, R)
                zones[('home', col)] = {r * F + f for r in rows for f in range(F)}
    refuse = None
    if ft['bent'] and rng.random() < 0.25:
        # a bent rider: Chimera must refuse the relay game (it is defined, not placed)
        l = letters[npc + 1]
        refuse = rng.choice(BENT_PIECES)
        pieces[l] = dict(name='Bent', betza=refuse, types=[], royal=False, pawn=False, value=5,
                         bent=True)
    promo, promo_ranks = None, None
    if ft['promo']:
        cand = sorted(l for l, p in pieces.items() if not p['royal'] and not p['pawn']
                      and not p.get('confined') and not p.get('bent'))
        promo = rng.sample(cand, min(len(cand), rng.randint(2, 3)))
        if rng.random() < 0.6:
            promo_ranks = {rng.choice([R - 1, R - 2]), R}
    elif refuse:
        promo = [l for l, p in pieces.items() if not p['royal'] and not p['pawn']
                 and not p.get('confined') and not p.get('bent')]
    # relay rule
    mode = rng.choice(['relay', 'anti', 'both', 'both'])
    relay = rng.choice(SIDES) if mode in ('relay', 'both') else None
    anti = (rng.choice(SIDES), rng.choice(KINDS)) if mode in ('anti', 'both') else None
    opts = dict(double=ft['double'], castle=ft['castle'], promo=promo, promo_ranks=promo_ranks)
    g = Game(F, R, pieces, tc, relay, anti, zones, **opts)
    g.refuse = refuse
    g.features = ft
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
    pool = [l for l in pieces if l not in ('k', 'p') and not pieces[l].get('confined')
            and not pieces[l].get('bent')]
    plain = Game(F, R, pieces, tc, None, None, zones, **opts)  # the file's game itself (name-prefix form)
    ok = False
    for _ in range(500):
        B = [None] * g.N
        for col in 'wb':
            r0 = 0 if col == 'w' else R - 1
            r1 = 1 if col == 'w' else R - 2
            row = [None] * F
            if ft['castle']:
                row[4], row[0], row[F - 1] = 'k', 'r', 'r'
            else:
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
        p = Pos(B, 'w', 'KQkq' if ft['castle'] else '')
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
    lines.append('promote-to = ' + ' '.join(g.promo))
    if promo_ranks:
        lines.append('promotion-ranks = ' + ' '.join(str(x) for x in sorted(promo_ranks)))
    if ft['double']:
        lines.append('double-step-ranks = 2')
    if ft['castle']:
        lines += ['castle-high = g f', 'castle-low = c d']
    else:
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


def castle_position(g, start, rng):
    """The start array with the back ranks thinned (King and corner partners kept, rights
    KQkq), some pawns gone and 1-3 pieces dropped in the middle: castling across attacks."""
    pool = [l for l, pc in g.pieces.items() if l not in ('k', 'p') and not pc.get('confined')
            and not pc.get('bent')]
    tries = 0
    for _ in range(200):
        B = list(start.board)
        for col in 'wb':
            r = 0 if col == 'w' else g.R - 1
            r2 = 1 if col == 'w' else g.R - 2
            for f in range(1, g.F - 1):
                if f != 4 and rng.random() < 0.75:
                    B[g.sq(f, r)] = None
                if rng.random() < 0.35:
                    B[g.sq(f, r2)] = None
        mid = [s for s in range(2 * g.F, (g.R - 2) * g.F) if B[s] is None]
        for s in rng.sample(mid, rng.randint(1, 3)):
            B[s] = (rng.choice('wb'), rng.choice(pool))
        side = rng.choice('wb')
        p = Pos(B, side, 'KQkq')
        if not g.in_check(p, 'b' if side == 'w' else 'w'):
            if tries >= BIAS or sensitive(g, p, lambda m: (m[3] or '').startswith('castle')):
                return p
            tries += 1
    return None


def sensitive(g, p, which):
    """Do the moves `which` picks differ with and without the game's relay rule?"""
    plain = Game(g.F, g.R, g.pieces, g.tc, None, None, g.zones, double=g.double,
                 castle=g.castle, promo=g.promo, promo_ranks=g.promo_ranks)
    try:
        if any(x.in_check(p, 'b' if p.side == 'w' else 'w') for x in (plain,)):
            return False
    except Exception:
        return False
    a = {g.mstr(m) for m in g.legal(p) if which(m)}
    b = {g.mstr(m) for m in plain.legal(p) if which(m)}
    return a != b


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
    pool = [l for l in g.pieces if l != 'k' and not g.pieces[l].get('bent')]
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


def pawn_position(g, rng):
    """A sparse position with pawns where they matter: on the second rank (double steps), one
    or two ranks before promotion (optional ranks), and (--double-step) now and then an enemy
    pawn that has just double-stepped beside one of the mover's (en passant)."""
    pool = [l for l in g.pieces if l not in ('k', 'p') and not g.pieces[l].get('bent')]
    tries = 0
    for _ in range(300):
        B = [None] * g.N
        side = rng.choice('wb')
        opp = 'b' if side == 'w' else 'w'
        ep = None

        def absr(col, rr):   # 0-based rank index of relative rank rr (1-based)
            return rr - 1 if col == 'w' else g.R - rr
        if g.double and rng.random() < 0.7:
            f = rng.randrange(g.F)
            f2 = f + rng.choice([-1, 1])
            if 0 <= f2 < g.F:
                ps = g.sq(f, absr(opp, 4))
                B[ps] = (opp, 'p')
                B[g.sq(f2, absr(opp, 4))] = (side, 'p')
                ep = (g.sq(f, absr(opp, 3)), ps)
        # the square passed over and the one the pawn came from stay empty (Chimera refuses
        # an en-passant square no pawn can have just passed over: README Decisions)
        keep = () if ep is None else (ep[0], 2 * ep[0] - ep[1])
        cells = [s for s in range(g.N) if B[s] is None and s not in keep]
        rng.shuffle(cells)
        for col in 'wb':
            B[cells.pop()] = (col, 'k')
        for _ in range(rng.randint(2, 5)):
            col = rng.choice('wb')
            rr = rng.choice([2, 2, g.R - 1, g.R - 2, g.R - 3])
            f = rng.randrange(g.F)
            s = g.sq(f, absr(col, rr))
            if B[s] is None and s not in keep:
                B[s] = (col, 'p')
        for _ in range(rng.randint(2, 6)):
            l = rng.choice(pool)
            col = rng.choice('wb')
            for s in cells:
                if B[s] is None and g.in_zone(col, l, s):
                    B[s] = (col, l)
                    break
        p = Pos(B, side, '', ep)
        if any(x == ('w', 'p') and s // g.F in (0, g.R - 1) or x == ('b', 'p') and s // g.F in (0, g.R - 1)
               for s, x in enumerate(B)):
            continue
        if not g.in_check(p, opp):
            if tries >= BIAS or sensitive(g, p, lambda m: m[3] in ('ep', 'double') or m[2]):
                return p
            tries += 1
    return None


def ini_text(g, name, start):
    """A variants-file section for the game g (the relay rule as the `relay =` key)."""
    lines = ['[%s]' % name, 'board = %dx%d' % (g.F, g.R), 'start = ' + start]
    for l in sorted(g.pieces):
        pc = g.pieces[l]
        extra = (' royal' if pc['royal'] else '') + (' pawn' if pc['pawn'] else '') + \
            (' confined=%s' % pc['confined'] if pc.get('confined') else '')
        lines.append('piece = %s %s %s %d%s' % (l, pc['name'], pc['betza'], pc['value'], extra))
    lines.append('promote-to = ' + ' '.join(g.promo))
    if g.promo_ranks != {g.R}:
        lines.append('promotion-ranks = ' + ' '.join(str(x) for x in sorted(g.promo_ranks)))
    if g.double:
        lines.append('double-step-ranks = 2')
    lines += ['castle-high = g f', 'castle-low = c d'] if g.castle else ['castle-high = -', 'castle-low = -']
    for (zn, col), sqs in sorted(g.zones.items()):
        lines.append('zone = %s %s %s' % (zn, 'white' if col == 'w' else 'black',
                                           ' '.join(g.name(s) for s in sorted(sqs))))
    words = ([g.relay, 'relay'] if g.relay else []) + (list(g.anti) + ['anti-relay'] if g.anti else [])
    if words:
        lines.append('relay = ' + '-'.join(words))
    return '\n'.join(lines) + '\n'


SELFTEST_CHIMERA = None
SELFTEST_DIR = None


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
    bad += self_test_features(P, pcs)
    print('SELF-TEST %s' % ('ok' if not bad else '%d failures' % bad))
    return bad


def self_test_features(P, pcs):
    """Hand-worked positions for --double-step, --castling, --promotion and --bent (the expected
    move lists worked out from relay.md and the README, not taken from Chimera)."""
    bad = 0
    K = pcs['k']
    PD = dict(pcs['p'], betza='fmWfceFifmnD')
    T = {'R': FORMS['R'][0][1], 'W': FORMS['W'][0][1], 'F': FORMS['F'][0][1],
         'N': FORMS['N'][0][1], 'RN': FORMS['R'][0][1] + FORMS['N'][0][1],
         'pR': [comp('W', 0, hop=True)], 'oN': O_FORMS[0][1], 'nNoN': O_FORMS[1][1]}

    def check(g, label, fen, sq, want, moves=()):
        p = g.parse_fen(fen)
        for mv in moves:
            p = g.make(p, next(m for m in g.legal(p) if g.mstr(m) == mv))
        got = {g.mstr(m)[2:] for m in g.legal(p) if g.mstr(m)[:2] == sq}
        if got != set(want.split()):
            print('SELF-TEST FAIL', label, fen, ' '.join(moves), sq, 'got', sorted(got), 'want', sorted(want.split()))
            return 1
        if SELFTEST_CHIMERA:   # --self-test --compare: the hand position through Chimera too
            name = 'st%d' % len(os.listdir(SELFTEST_DIR))
            ini = os.path.join(SELFTEST_DIR, name + '.ini')
            start = fen.split()
            start[3] = '-'
            with open(ini, 'w') as fh:
                fh.write(ini_text(g, name, ' '.join(start)))
            theirs, _ = file_divide(SELFTEST_CHIMERA, ini, name, g.fen(p), 1)
            tgot = None if theirs is None else {m[2:] for m in theirs if m[:2] == sq}
            if tgot != set(want.split()):
                print('SELF-TEST CHIMERA DIFFERS', label, ini, g.fen(p), sq, 'chimera', tgot and sorted(tgot),
                      'want', sorted(want.split()), '' if theirs is not None else _)
                return 1
        return 0

    # -- double step and en passant (pawns take no part; the King's safety uses effective moves)
    pc = {'k': K, 'p': PD, 'r': P('Rook', 'R', ['R']), 'x': P('Wazir', 'W', ['W'])}
    g = Game(8, 8, pc, T, 'friendly', None, double=True)
    bad += check(g, 'double step', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', 'e2', 'e3 e4')
    bad += check(g, 'double step blocked', '4k3/8/8/8/8/4x3/4P3/4K3 w - - 0 1', 'e2', '')
    bad += check(g, 'black double step', '4k3/3p4/8/8/8/8/8/4K3 b - - 0 1', 'd7', 'd6 d5')
    # h1 rook relays R to the h5 Wazir: e5xd6 e.p. empties the fifth rank onto a5 -> illegal
    bad += check(g, 'ep opens a relayed line', '4k3/8/8/K2pP2x/8/8/8/7r w - d6 0 1', 'e5', 'e6')
    bad += check(g, 'ep control', '4k3/8/8/K2pP2x/8/8/8/8 w - d6 0 1', 'e5', 'e6 d6')
    bad += check(g, 'ep after a double step', '4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1', 'e5', 'e6 d6', ('d7d5',))
    # anti-relay: the a4 and h4 rooks take each other's Rook move; e2e4 blocks the rank, the
    # h4 rook gets its move back and checks h1 (illegal); e2e3 is fine
    ga = Game(8, 8, pc, T, None, ('hostile', 'direct'), double=True)
    bad += check(ga, 'double step lifts an anti-relay', '1k6/8/8/8/R6r/8/4P3/7K w - - 0 1', 'e2', 'e3')
    # black's d4xe3 e.p. (and d4d3) would block rank 3 and give the h3 rook its move onto h8 back
    bad += check(ga, 'e.p. lifts an anti-relay', '7k/8/8/8/3pP3/r6R/8/2K5 b - e3 0 1', 'd4', '')
    bad += check(ga, 'e.p. control', '7k/8/8/8/3pP3/8/8/2K5 b - e3 0 1', 'd4', 'd3 e3')
    # -- castling (partner r in the corners; crossed square judged before the move, King on e1)
    pc = {'k': K, 'p': PD, 'r': P('Rook', 'R', ['R']), 'x': P('Ferz', 'F', ['F'])}
    g = Game(8, 8, pc, T, 'friendly', None, double=True, castle=True)
    g0 = Game(8, 8, pc, T, None, None, double=True, castle=True)
    # f8 rook relays R to the f3 Ferz, which then attacks f1 (crossed by O-O) and f2
    bad += check(g, 'castle across a relayed attack', '4kr2/8/8/8/8/5x2/8/R3K2R w KQ - 0 1', 'e1', 'd1 d2 c1')
    bad += check(g0, 'castle control (no relay)', '4kr2/8/8/8/8/5x2/8/R3K2R w KQ - 0 1', 'e1', 'd1 d2 f1 f2 c1 g1')
    # e7 rook relays R to the e3 Ferz: a relayed check, no castling out of it
    bad += check(g, 'castle out of a relayed check', '1k6/4r3/8/8/8/4x3/8/R3K2R w KQ - 0 1', 'e1', 'd1 f1')
    # the King on e1 is the screen of the d1 hopper, which attacks f1 (crossed) but not f1 itself
    pc2 = dict(pc, y=P('Hopper', 'pR', ['pR']))
    g2 = Game(8, 8, pc2, T, 'friendly', None, double=True, castle=True)
    bad += check(g2, 'crossed square with the King on e1', '4k3/8/8/8/8/8/8/3yK2R w K - 0 1', 'e1', 'd1 d2 e2 f1 f2')
    # README's example, hostile relay: the a1 partner (RN here) gives the b3 rook the Knight
    # move onto c1 and d2; e1c1 moves her to d1, which ends it: c1 is safe after the move
    pc3 = {'k': K, 'p': PD, 'r': P('Empress', 'RN', ['R', 'N']), 'x': P('Rook', 'R', ['R'])}
    T3 = dict(T)
    g3 = Game(8, 8, pc3, T3, 'hostile', None, double=True, castle=True)
    bad += check(g3, 'landing square judged after castling', '4k3/8/8/8/8/1x6/8/R3K3 w Q - 0 1', 'e1', 'd1 e2 f1 f2 c1')
    bad += check(g3, 'rights kept after a move elsewhere', '4k3/8/8/8/8/1x6/8/R3K3 b Q - 0 1', 'e1', 'd1 e2 f1 f2 c1', ('e8d8',))
    bad += check(g3, 'rights lost by the partner', '4k3/8/8/8/8/1x6/8/R3K3 w Q - 0 1', 'e1', 'd1 e2 f1 f2', ('a1a2', 'e8d8', 'a2a1', 'd8e8'))
    # anti-relay: the f5 rook attacks f1 before O-O; after it the f1 rook would see it and take
    # its Rook move away, but the crossed square is judged before the move: no O-O
    g4 = Game(8, 8, {'k': K, 'p': PD, 'r': P('Rook', 'R', ['R'])}, T, None, ('hostile', 'direct'), double=True, castle=True)
    bad += check(g4, 'crossed square judged before the move', 'k7/8/8/5r2/8/8/8/4K2R w K - 0 1', 'e1', 'd1 d2 e2')
    # anti-relay, the mirror of README's example: the a1 partner (RN) takes the b3 Knight's
    # move away; e1c1 moves her to d1, the Knight gets its leap back and attacks c1: no O-O-O
    g6 = Game(8, 8, {'k': K, 'p': PD, 'r': P('Empress', 'RN', ['R', 'N']), 'x': P('Knight', 'N', ['N'])},
              T, None, ('hostile', 'direct'), double=True, castle=True)
    bad += check(g6, 'castling lifts an anti-relay onto c1', '4k3/8/8/8/8/1x6/8/R3K3 w Q - 0 1', 'e1', 'd1 d2 e2 f1 f2')
    # -- promotion: promote-to a b, promotion-ranks 7 8 (7 optional, 8 compulsory)
    pc = {'k': K, 'p': PD, 'a': P('Knight', 'N', ['N']), 'b': P('Wazir', 'W', ['W'])}
    g = Game(8, 8, pc, T, 'friendly', None, double=True, promo=['a', 'b'], promo_ranks={7, 8})
    fen = 'k7/3P4/4P3/8/8/2p5/8/4K3 w - - 0 1'
    bad += check(g, 'optional promotion rank', fen, 'e6', 'e7 e7a e7b')
    bad += check(g, 'compulsory last rank', fen, 'd7', 'd8a d8b')
    bad += check(g, 'black optional rank', fen.replace(' w ', ' b '), 'c3', 'c2 c2a c2b')
    # hostile relay: a Knight promoted on e8 would see the d6 Wazir, which gains the Knight's
    # move and attacks f5: e7e8a is illegal, e7e8b legal
    g5 = Game(8, 8, pc, T, 'hostile', None, double=True, promo=['a', 'b'], promo_ranks={7, 8})
    bad += check(g5, 'promotion starts a relay', '8/4P3/3b4/5K2/8/8/8/7k w - - 0 1', 'e7', 'e8b')
    # 8x6, promotion-ranks 4 6: the double step lands on an optional rank and may promote;
    # unpromoted it gives en passant (which lands on an optional rank and does not promote)
    g = Game(8, 6, pc, T, 'friendly', None, double=True, promo=['a', 'b'], promo_ranks={4, 6})
    fen = '7k/8/3p4/8/4P3/K7 w - - 0 1'
    bad += check(g, 'double step into the zone', fen, 'e2', 'e3 e4 e4a e4b')
    bad += check(g, 'ep after an unpromoted double step', fen, 'd4', 'd3 d3a d3b e3', ('e2e4',))
    bad += check(g, 'no ep after a promoted double step', fen, 'd4', 'd3 d3a d3b', ('e2e4a',))
    # -- the o forms: nNoN is one type (relay.md's Canonical Knight), relayed whole
    pc = {'k': K, 'p': pcs['p'], 'x': P('Canon', 'nNoN', ['nNoN']), 'y': P('Rook', 'R', ['R']),
          'm': P('Moa', 'oN', ['oN'])}
    g = Game(8, 8, pc, T, 'friendly', None)
    fen = '7k/8/8/8/8/1Y6/P1P5/X6K w - - 0 1'
    # Xa1 sees b3 through b2 (its n path a2 is blocked); Yb3 gains nNoN and reaches c1 and d2
    # by the n path though its o path (c2) is blocked
    bad += check(g, 'nNoN relayed as one type', fen, 'b3',
                 'b2 b1 b4 b5 b6 b7 b8 a3 c3 d3 e3 f3 g3 h3 c1 a5 c5 d4 d2')
    bad += check(g, 'nNoN blocked', fen, 'a1', '')
    bad += check(g, 'nNoN, one path open', '7k/8/8/8/8/8/P7/X6K w - - 0 1', 'a1', 'b3 c2')
    bad += check(g, 'Moa blocked', '7k/8/8/8/8/8/1P6/M6K w - - 0 1', 'a1', '')
    bad += check(g, 'Moa', '7k/8/8/8/8/8/P7/M6K w - - 0 1', 'a1', 'b3 c2')
    # -- one-way types (--directional): read from each piece's own side (Black's f toward rank 1,
    # l and r the same files as White's), by the seer for its capture, by the receiver for a
    # gained type; "has T naturally" compares the White-terms types
    for form, want in (('fN', {(-1, 2), (1, 2)}), ('lN', {(-2, 1), (-2, -1)}), ('sN', {(-2, 1), (-2, -1), (2, 1), (2, -1)}),
                       ('fsN', {(-2, 1), (2, 1)}), ('fB', {(-1, 1), (1, 1)}), ('lW', {(-1, 0)}), ('fR', {(0, 1)})):
        got = {v for f in DIR_FORMS.values() for fm, cps in f if fm == form for cp in cps for v in cp[0]}
        if got != want:
            bad += 1
            print('SELF-TEST FAIL vectors of', form, sorted(got), 'want', sorted(want))
    TD = {'fR': DIR_FORMS['fR'][0][1], 'fN': DIR_FORMS['fN'][0][1], 'lW': DIR_FORMS['lW'][0][1],
          'W': FORMS['W'][0][1], 'N': FORMS['N'][0][1]}
    pc = {'k': K, 'p': pcs['p'], 'a': P('Arrow', 'fR', ['fR']), 'w': P('Wazir', 'W', ['W']),
          's': P('Shogi', 'fN', ['fN']), 'x': P('Xiphos', 'fRN', ['fR', 'N']),
          'l': P('Lefty', 'lW', ['lW']), 'n': P('Knight', 'N', ['N'])}
    g = Game(8, 8, pc, TD, 'hostile', None)
    # the README's case: Aa2's fR sees the d4 Wazir, which gains fR in Black's orientation: the
    # slide toward rank 1 (d3, d2 taking the Arrow), not d5-d8
    bad += check(g, 'one-way type gained by Black', '7k/8/8/8/3w4/8/3A4/K7 b - - 0 1', 'd4', 'd2 d3 c4 e4 d5')
    # Black's Shogi knight on d5 leaps toward rank 1 (c3, e3) and so sees the e3 Wazir, which
    # gains fN in White's orientation: d5 (taking it) and f5, not d1 / f1
    bad += check(g, 'one-way type gained from Black', '7k/8/8/3s4/8/4W3/8/K7 w - - 0 1', 'e3', 'e2 e4 d3 f3 d5 f5')
    # hostile direct anti-relay: Xd5 (fR, N) and the d7 Arrow see each other (White's fR up the
    # file, Black's down it): both lose fR; every N move of X leaves the file, the Arrow gets its
    # slide back onto d1: X has no legal move
    ga = Game(8, 8, pc, TD, None, ('hostile', 'direct'))
    bad += check(ga, 'one-way anti-relay lifted onto the King', '7k/3a4/8/3X4/8/8/8/3K4 w - - 0 1', 'd5', '')
    # the Arrow on d3 looks toward rank 1 and X on d5 toward rank 8: neither sees the other
    bad += check(ga, 'one-way types back to back', '7k/8/8/3X4/8/3a4/8/K7 w - - 0 1', 'd5',
                 'd6 d7 d8 b4 b6 c3 c7 e3 e7 f4 f6')
    # friendly relay: Black's lW on e4 steps to d4 (left is the a-file side for both colours in
    # a mirrored game), sees the d4 Knight, which gains lW: c4
    gf = Game(8, 8, pc, TD, 'friendly', None)
    bad += check(gf, 'lW for Black', '7k/8/8/8/3nl3/8/8/K7 b - - 0 1', 'd4', 'b3 b5 c2 c6 e2 e6 f3 f5 c4')
    return bad


def report(seed, gi, vname, ini, section, text):
    """Prints one disagreement with the game's file section, so that it can be replayed."""
    print('=' * 70)
    print('seed %d game %d variant %s  ini %s' % (seed, gi, vname, ini))
    print(section.rstrip())
    print(text)
    sys.stdout.flush()


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
    ap.add_argument('--double-step', action='store_true',
                    help='pawns fmWfceFifmnD, double-step-ranks = 2, en passant')
    ap.add_argument('--castling', action='store_true',
                    help='8 files, King on e, Rook r (R) in the corners, castle-high = g f, castle-low = c d')
    ap.add_argument('--promotion', action='store_true',
                    help='promote-to 2-3 custom letters, now and then an earlier optional promotion rank')
    ap.add_argument('--bent', action='store_true',
                    help='the o forms oN / nNoN; now and then a bent rider (yafsF, yafsW): must be refused')
    ap.add_argument('--directional', action='store_true',
                    help='one-way types in the pool (fR, lW, fN, fcB, fpR, ...), read from each side')
    ap.add_argument('--break-dir', action='store_true',
                    help='read a gained type in the other side\'s orientation: must report mismatches')
    ap.add_argument('--depth3', type=float, nargs='?', const=0.25, default=0.0,
                    help='perft 3 on this fraction of positions (default 0.25) whose perft 2 is small')
    ap.add_argument('--depth3-max', type=int, default=1500,
                    help='largest perft-2 count for which perft 3 is run')
    ap.add_argument('--all-features', action='store_true',
                    help='each of --double-step --castling --promotion --bent --directional now and then, '
                         'with --zones, --depth3')
    ap.add_argument('--dir', default=None)
    ap.add_argument('--max-mismatch', type=int, default=5)
    ap.add_argument('--break', dest='brk', action='store_true',
                    help='ignore every relay effect (natural moves only): must report mismatches')
    ap.add_argument('--self-test', action='store_true',
                    help='hand-checked positions only (with --compare: the feature positions through Chimera too)')
    a = ap.parse_args()
    if a.self_test:
        global SELFTEST_CHIMERA, SELFTEST_DIR
        if a.compare:
            SELFTEST_CHIMERA = a.chimera
            SELFTEST_DIR = tempfile.mkdtemp(prefix='relayfiles-selftest-')
        bad = self_test()
        if SELFTEST_DIR and not bad:
            shutil.rmtree(SELFTEST_DIR, ignore_errors=True)
        return 1 if bad else 0
    global BREAK, NO_LAME, MIXED, LAME, DOUBLE, CASTLE, PROMO, BENT, ALL, DIRECTIONAL, BREAK_DIR
    LAME = a.lame
    MIXED = a.mixed_forms
    BREAK = a.brk
    NO_LAME = a.no_lame
    DOUBLE, CASTLE, PROMO, BENT = a.double_step, a.castling, a.promotion, a.bent
    DIRECTIONAL, BREAK_DIR = a.directional, a.break_dir
    ALL = a.all_features
    if ALL:
        a.zones = True
        a.depth3 = a.depth3 or 0.25
    rng = random.Random(a.seed)
    d3rng = random.Random(a.seed * 7919 + 1)   # depth-3 draws apart: the games stay those of the seed
    d = a.dir or tempfile.mkdtemp(prefix='relayfiles-')
    os.makedirs(d, exist_ok=True)
    st = dict(games=0, positions=0, runs=0, leaves=0, mismatches=0, errors=0, with_effects=0, skipped=0,
              refused=0, depth3=0, castles=0, eps=0, promos=0, sensitive=0, dir_games=0, dir_eff=0,
              dir_black=0)
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
        st['dir_games'] += g.features['dir']
        if g.refuse:
            # a bent rider in a relay game: Chimera must refuse the game
            if a.compare:
                theirs, msg = file_divide(a.chimera, ini, vname, g.fen(start), 1)
                if theirs is None and 'bent' in str(msg):
                    st['refused'] += 1
                else:
                    st['mismatches'] += 1
                    report(a.seed, gi, vname, ini, section,
                           'NOT REFUSED: a relay game with the bent piece %s: %r' % (g.refuse, msg))
            continue
        chosen = [start] + playout(g, start, rng, rng.randint(4, 20))
        chosen = [chosen[0]] + rng.sample(chosen[1:], min(len(chosen) - 1, a.positions - 1))
        for _ in range(a.sparse):
            x = sparse_position(g, rng)
            if x:
                chosen.append(x)
        if g.double or g.features['promo']:
            for _ in range(3):
                x = pawn_position(g, rng)
                if x:
                    chosen.append(x)
        if g.castle:
            for _ in range(2):
                x = castle_position(g, start, rng)
                if x:
                    chosen.append(x)
                    after = playout(g, x, rng, rng.randint(1, 4))
                    if after:
                        chosen.append(rng.choice(after))
        for p in chosen:
            if not a.compare:
                continue
            fen = g.fen(p)
            e = g.effects(p.board)
            if any(own != set(g.pieces[p.board[s][1]]['types']) or gain for s, (own, gain) in e.items()):
                st['with_effects'] += 1
            # one-way types gained or lost; gained by a Black piece (read toward rank 1)
            st['dir_eff'] += any((set(g.pieces[p.board[s][1]]['types']) - own | gain) & DIR_TYPES
                                 for s, (own, gain) in e.items())
            st['dir_black'] += any(gain & DIR_TYPES and p.board[s][0] == 'b' for s, (own, gain) in e.items())
            ms = g.legal(p)
            st['castles'] += any((m[3] or '').startswith('castle') for m in ms)
            st['eps'] += any(m[3] == 'ep' for m in ms)
            st['promos'] += any(m[2] for m in ms)
            st['sensitive'] += (g.castle or g.double or g.features['promo']) and \
                sensitive(g, p, lambda m: m[3] is not None or m[2])
            depth_max = a.depth
            for depth in range(1, a.depth + 2):
                if depth > depth_max:
                    break
                rep, tot = drill_down(g, lambda f, k: file_divide(a.chimera, ini, vname, f, k), fen, depth)
                st['runs'] += 1
                st['leaves'] += tot or 0
                if depth == 3:
                    st['depth3'] += 1
                if rep:
                    if 'CHIMERA ERROR' in rep:
                        st['errors'] += 1
                    else:
                        st['mismatches'] += 1
                    report(a.seed, gi, vname, ini, section, rep)
                    break
                if depth == a.depth == 2 and a.depth3 and (tot or 0) <= a.depth3_max \
                        and d3rng.random() < a.depth3:
                    depth_max = 3
            st['positions'] += 1
            if st['mismatches'] + st['errors'] >= a.max_mismatch:
                break
        if st['mismatches'] + st['errors'] >= a.max_mismatch:
            break
    print('SUMMARY seed %d: %d games (%d skipped: no start array; %d bent games refused as expected), '
          '%d positions (%d with relay effects, %d with castling, %d with en passant, %d with promotion, '
          '%d whose castling / double step / e.p. / promotion moves depend on the relay rule, '
          '%d with a one-way type gained or lost, %d with one gained by a Black piece; %d games with '
          'one-way types), '
          '%d perft runs (%d at depth 3), %d perft leaves, %d mismatches, %d chimera errors, %.1fs' % (
              a.seed, st['games'], st['skipped'], st['refused'], st['positions'], st['with_effects'],
              st['castles'], st['eps'], st['promos'], st['sensitive'], st['dir_eff'], st['dir_black'],
              st['dir_games'], st['runs'], st['depth3'], st['leaves'],
              st['mismatches'], st['errors'], time.time() - t0))
    failed = st['mismatches'] or st['errors']
    if not a.dir and not failed:
        shutil.rmtree(d, ignore_errors=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
