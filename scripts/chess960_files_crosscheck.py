#!/usr/bin/env python3
"""Cross-check Chimera's variant-file key `chess960 = yes` (Fischer Random castling in a game
defined in a variants file) against Fairy-Stockfish (pyffish, is_chess960 = True).

Seeded random games (8x8, 10x8, 12x8, 10x10; King, Pawns, q r b n and 1-2 customs drawn as
scripts/variant_rules_crosscheck.py draws them) with `chess960 = yes`, custom destinations
`castle-high = K P` / `castle-low = K P` (the partner beside the king's destination on its inner
side: the only placement FSF's castlingKingsideFile / castlingQueensideFile can say) and
`castle-partner-high/-low` letter sets (FSF: castlingRookPieces = their union; rights are only
ever given to a piece of the side's own set, so the union does not matter). Start arrays:
random back ranks with the king between a high and a low partner anywhere (Black's the same or
its own). FENs carry Shredder letters (or K/Q where the partner is the outermost piece of a
partner type on its side, both engines' X-FEN reading).

Positions: start, castling-biased FSF playouts (castlings preferred, back-rank pieces moved
off), and probes built around castling: king already on its destination, partner on its
destination, king's destination held by the partner, partner's destination held by the king,
partner next to the king, king in check, enemy sliders aimed at the first rank, an enemy piece
behind a partner (the shielding partner), blockers on the path, both castlings available.
Chimera `perft --divide` (castling = king takes partner, as FSF's 960 UCI) vs pyffish at depth
1 on every position and 2-3 on a subsample, a differing count drilled to the first position
whose move sets differ.

    scripts/chess960_files_crosscheck.py --quick                      # ~15 s
    scripts/chess960_files_crosscheck.py --seed 3 --games 16 --positions 12 --probes 40 --depth 3
    scripts/chess960_files_crosscheck.py --quick --wrong-fsf nochess960   # must report mismatches
    scripts/chess960_files_crosscheck.py --quick --wrong-fsf kdest        # must report mismatches
Exit 1 on a mismatch, 2 on an environment error, else 0. Helpers imported from the scripts
beside it (variant_rules_crosscheck.py, betza_crosscheck.py, crosscheck_pyffish.py).
"""

import argparse
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:
    from betza_crosscheck import run_chimera, ChimeraError, Fsf, write_game_files
    from variant_rules_crosscheck import draw_custom
    from crosscheck_pyffish import board_str, parse_board, sq, sqname, split_move
    import pyffish as sf
except ImportError as e:  # pragma: no cover
    sys.stderr.write("cannot import helpers or pyffish (%s)\n" % e)
    sys.exit(2)

BOARDS = [(8, 8), (8, 8), (10, 8), (10, 8), (12, 8), (10, 10)]
LETTERS = "acdeghijlmostuwxyz"
STD = "qrbn"
WRONG = ["nochess960", "kdest", "partner"]
SCENARIOS = ["random", "king_on_kdest", "partner_on_pdest", "partner_on_kdest",
             "king_on_pdest", "adjacent", "check", "shield", "both", "blocked"]


class Fsf960(Fsf):
    """betza_crosscheck.Fsf with pyffish's is_chess960 flag."""

    def __init__(self, variant, c960=True):
        Fsf.__init__(self, variant)
        self.c960 = c960

    def legal(self, fen, path=()):
        return list(sf.legal_moves(self.v, fen, list(path), self.c960))

    def count(self, fen, path, depth):
        if depth == 0:
            return 1
        ms = sf.legal_moves(self.v, fen, list(path), self.c960)
        if depth == 1:
            return len(ms)
        return sum(self.count(fen, list(path) + [m], depth - 1) for m in ms)

    def child(self, fen, m):
        return sf.get_fen(self.v, fen, [m], self.c960)


class Game:
    def __init__(self, seed, index, wrong=None, attempt=0):
        rng = random.Random("c960/%d/%d/%d" % (seed, index, attempt))
        self.files, self.ranks = F, R = rng.choice(BOARDS)
        self.name = "c960-%d-%d" % (seed, index)
        self.fsf_name = "cx%dx%da%d" % (seed, index, attempt)
        self.pieces = []
        for L in rng.sample(LETTERS, rng.randint(1, 2)):
            b = draw_custom(rng, False)
            while b in [x for _, x in self.pieces]:
                b = draw_custom(rng, False)
            self.pieces.append((L, b))
        self.customs = [L for L, _ in self.pieces]
        # destinations: (king file, partner file), partner on the inner side of the king
        kh = rng.randint(max(1, F // 2), F - 1)
        kl = rng.randint(0, min(F - 2, F // 2 - 1))
        if rng.random() < 0.25:  # anywhere (a high destination left of a low one excluded)
            kh = rng.randint(1, F - 1)
            kl = rng.randint(0, min(F - 2, kh - 1))
        self.high, self.low = (kh, kh - 1), (kl, kl + 1)
        pool = ["r", "r", "r", "q", "n"] + self.customs
        self.p_high = sorted(set(rng.sample(pool, rng.randint(1, 2))))
        self.p_low = sorted(set(rng.sample(pool, rng.randint(1, 2))))
        self.union = sorted(set(self.p_high) | set(self.p_low))
        white = self.back_rank(rng)
        black = white if rng.random() < 0.6 else self.back_rank(rng)
        self.kfiles = (white.index("k"), black.index("k"))
        rows = [[None] * F for _ in range(R)]
        rows[0] = [c.upper() if c else None for c in white]
        rows[R - 1] = list(black)
        rows[1] = ["P" if rng.random() < 0.8 else None for _ in range(F)]
        rows[R - 2] = ["p" if rng.random() < 0.8 else None for _ in range(F)]
        rights = self.rights_of(rows, 0, "w") + self.rights_of(rows, R - 1, "b")
        self.start = "%s w %s - 0 1" % (board_str(rows), rights or "-")
        self.f_high, self.f_low, self.f_union, self.c960 = self.high, self.low, self.union, True
        if wrong == "nochess960":
            self.c960 = False
        elif wrong == "kdest":  # FSF's king (and partner) destination one file off
            k = self.high[0] + 1 if self.high[0] + 1 < F else self.high[0] - 1
            if k - 1 == self.low[0]:
                k = self.high[0]
                kl = self.low[0] + 1 if self.low[0] + 2 < F else self.low[0] - 1
                self.f_low = (kl, kl + 1)
            self.f_high = (k, k - 1)
        elif wrong == "partner":
            self.f_union = sorted(set(self.union) ^ {"r"}) or ["q"]

    def back_rank(self, rng):
        F = self.files
        kf = rng.randint(1, F - 2)
        row = [None] * F
        row[kf] = "k"
        row[rng.randint(kf + 1, F - 1)] = rng.choice(self.p_high)
        row[rng.randint(0, kf - 1)] = rng.choice(self.p_low)
        for f in range(F):
            if row[f] is None and rng.random() < 0.55:
                row[f] = rng.choice(self.customs + list(STD))
        return row

    def rights_of(self, rows, r, side, rng=None, grant=(True, True)):
        """Castling letters for the king on rank r: for each side the partner the right goes
        to (the first piece of the side's partner set from the king outwards is not required:
        the partner is the one this function is told, see probes), written as a Shredder
        letter, or K/Q where it is the outermost piece of a partner type on that side."""
        up = str.upper if side == "w" else str.lower
        row = rows[r]
        if up("k") not in row:
            return ""
        kf = row.index(up("k"))
        out = ""
        for key, files, ps, g in (("K", range(self.files - 1, kf, -1), self.p_high, grant[0]),
                                  ("Q", range(0, kf), self.p_low, grant[1])):
            if not g:
                continue
            cand = [f for f in files if row[f] and row[f].isupper() == (side == "w")
                    and row[f].lower() in ps]
            if not cand:
                continue
            f = cand[0] if rng is None else rng.choice(cand)
            outer = [x for x in files if row[x] and row[x].isupper() == (side == "w")
                     and row[x].lower() in self.union]
            is_outer = bool(outer) and outer[0] == f
            # On 12 files the Shredder letter of file k is X-FEN's K, which both engines read
            # as the outermost partner, FSF of the union of the two sides' sets: only where
            # that is this partner can the right be written.
            if chr(65 + f) == "K" and not is_outer:
                continue
            kq = is_outer and (rng is None or rng.random() < 0.35)
            out += up(key) if kq else up(chr(65 + f))
        return out

    def chimera_ini(self):
        fl = lambda t: "%s %s" % (chr(97 + t[0]), chr(97 + t[1]))
        out = ["[%s : chess]" % self.name,
               "board = %dx%d" % (self.files, self.ranks),
               "start = %s" % self.start,
               "chess960 = yes",
               "promote-to = q r b n",
               "promotion-ranks = %d" % self.ranks,
               "double-step-ranks = 2",
               "castle-high = %s" % fl(self.high),
               "castle-low = %s" % fl(self.low),
               "castle-partner-high = %s" % " ".join(self.p_high),
               "castle-partner-low = %s" % " ".join(self.p_low)]
        for L, b in self.pieces:
            out.append("piece = %s Piece%s %s 3" % (L, L.upper(), b))
        return "\n".join(out) + "\n"

    def fsf_ini(self):
        R = self.ranks
        out = ["[%s:chess]" % self.fsf_name,
               "maxRank = %d" % R,
               "maxFile = %s" % chr(96 + self.files),
               "startFen = %s" % self.start,
               "promotionPieceTypes = qrbn",
               "promotionRegionWhite = *%d" % R,
               "promotionRegionBlack = *1",
               "doubleStepRegionWhite = *2",
               "doubleStepRegionBlack = *%d" % (R - 1),
               "castling = true",
               "castlingKingsideFile = %s" % chr(97 + self.f_high[0]),
               "castlingQueensideFile = %s" % chr(97 + self.f_low[0]),
               "castlingRookPieces = %s" % "".join(self.f_union)]
        for i, (L, b) in enumerate(self.pieces):
            out.append("customPiece%d = %s:%s" % (i + 1, L, b))
        return "\n".join(out) + "\n"

    def describe(self):
        fl = lambda t: "%s%s" % (chr(97 + t[0]), chr(97 + t[1]))
        return "%s %dx%d pieces %s castle-high %s castle-low %s partners %s/%s" % (
            self.name, self.files, self.ranks, " ".join("%s=%s" % p for p in self.pieces),
            fl(self.high), fl(self.low), "".join(self.p_high), "".join(self.p_low))


# ------------------------------------------------------------------------------------------
# positions
# ------------------------------------------------------------------------------------------
def in_check(g, fen, side_to_move_flipped=False):
    parts = fen.split()
    if side_to_move_flipped:
        parts[1] = "b" if parts[1] == "w" else "w"
        parts[3] = "-"
    return sf.gives_check(g.fsf_name, " ".join(parts), [], True)


def is_castling(fen, m, g):
    a, b, _ = split_move(m)
    (fa, ra), (fb, rb) = sq(a), sq(b)
    rows = parse_board(fen.split()[0])
    p, q = rows[ra][fa], rows[rb][fb]
    return p in ("K", "k") and q is not None and q.isupper() == p.isupper()


def fsf_bug(g, fsf, fen, m):
    """A castling FSF plays that leaves the mover's own king attacked (FSF judges the king's
    destination with the king and the partner still on their squares, so a partner that
    becomes a hopper's screen, or a rank slider behind a partner the king moves away from,
    is missed; pyffish 0.0.90)."""
    if not is_castling(fen, m, g):
        return False
    after = fsf.child(fen, m).split()
    after[1] = "b" if after[1] == "w" else "w"
    after[3] = "-"
    return sf.gives_check(g.fsf_name, " ".join(after), [], True)


def playouts(g, fsf, rng, count, max_plies):
    """FSF playouts from the start: castlings taken when legal (80%), back-rank non-partner
    pieces moved off early, else random; the position before a castling is kept too."""
    out, tries = [], 0
    while len(out) < count and tries < count * 4:
        tries += 1
        path = []
        n = rng.randint(1, max_plies)
        for _ in range(n):
            ms = sorted(fsf.legal(g.start, path))
            if not ms:
                break
            fen = sf.get_fen(g.fsf_name, g.start, path, True)
            ms = [m for m in ms if not fsf_bug(g, fsf, fen, m)]
            if not ms:
                break
            cs = [m for m in ms if is_castling(fen, m, g)]
            if cs and rng.random() < 0.8:
                if rng.random() < 0.5 and len(out) < count:
                    out.append(fen)  # before the castling
                path.append(rng.choice(cs))
                continue
            white = fen.split()[1] == "w"
            rank = 0 if white else g.ranks - 1
            rows = parse_board(fen.split()[0])
            off = []
            for m in ms:
                (fa, ra), (fb, rb) = sq(split_move(m)[0]), sq(split_move(m)[1])
                if ra == rank and rb != rank and rows[ra][fa].lower() not in ["k"] + g.union:
                    off.append(m)
            path.append(rng.choice(off if off and rng.random() < 0.6 else ms))
        fen = sf.get_fen(g.fsf_name, g.start, path, True)
        if fsf.legal(fen):
            out.append(fen)
    return out[:count]


def setup_side(g, rng, rows, side, scenario):
    """King and partners on the first rank of SIDE for SCENARIO; returns (rights letters,
    squares that must stay free of enemy pieces)."""
    F, R = g.files, g.ranks
    r = 0 if side == "w" else R - 1
    up = str.upper if side == "w" else str.lower
    (kh, ph), (kl, pl) = g.high, g.low
    for _ in range(100):
        kf = rng.randint(1, F - 2)
        fh = rng.randint(kf + 1, F - 1)
        fl = rng.randint(0, kf - 1)
        hi = rng.random() < 0.5
        if scenario == "king_on_kdest":
            kf = kh if hi else kl
        elif scenario == "partner_on_pdest":
            if hi:
                fh = ph
            else:
                fl = pl
        elif scenario == "partner_on_kdest":
            if hi:
                fh = kh
            else:
                fl = kl
        elif scenario == "king_on_pdest":
            kf = ph if hi else pl
        elif scenario == "adjacent":
            if hi:
                fh = kf + 1
            else:
                fl = kf - 1
        if 0 < kf < F - 1 and kf < fh < F and 0 <= fl < kf:
            break
    else:
        return "", []
    row = rows[r]
    row[kf] = up("k")
    row[fh] = up(rng.choice(g.p_high))
    row[fl] = up(rng.choice(g.p_low))
    # own pieces elsewhere on the rank: rarely (blocked) or outside the castling spans
    span = set(range(min(kf, fh, kh, ph, fl, kl, pl), max(kf, fh, kh, ph, fl, kl, pl) + 1))
    for f in range(F):
        if row[f] is None:
            p = 0.35 if scenario == "blocked" else (0.05 if f in span else 0.3)
            if rng.random() < p:
                row[f] = up(rng.choice(g.customs + list(STD)))
    grant = (True, True) if scenario == "both" else (rng.random() < 0.85, rng.random() < 0.85)
    return g.rights_of(rows, r, side, rng, grant), [(kf, r)]


def probes(g, rng, count):
    F, R = g.files, g.ranks
    out, tries = [], 0
    while len(out) < count and tries < count * 30:
        tries += 1
        scenario = SCENARIOS[len(out) % len(SCENARIOS)] if rng.random() < 0.8 else \
            rng.choice(SCENARIOS)
        stm = rng.choice("wb")
        rows = [[None] * F for _ in range(R)]
        rights = {}
        for side in "wb":
            sc = scenario if side == stm else rng.choice(["random", "random", scenario])
            rights[side], _ = setup_side(g, rng, rows, side, sc)
        if not rights[stm] and rng.random() < 0.9:
            continue
        r0 = 0 if stm == "w" else R - 1
        them = str.lower if stm == "w" else str.upper
        fwd = 1 if stm == "w" else -1
        empty = lambda f, r: 0 <= f < F and 0 <= r < R and rows[r][f] is None
        # enemy pieces anywhere off the two first ranks, and aimed at our first rank
        for _ in range(rng.randint(0, 3)):
            f, r = rng.randrange(F), rng.randrange(1, R - 1)
            if empty(f, r):
                rows[r][f] = them(rng.choice(g.customs + list(STD)))
        for _ in range(rng.choice([0, 0, 1, 1, 2])):  # slider on a file or diagonal of a rank square
            f = rng.randrange(F)
            d = rng.randint(2, R - 2)
            df = rng.choice([0, 0, -1, 1])
            tf, tr = f + df * d, r0 + fwd * d
            if empty(tf, tr):
                rows[tr][tf] = them(rng.choice(["r", "q", "b"] + g.customs) if df else
                                    rng.choice(["r", "q"] + g.customs))
        if scenario in ("shield", "check") or rng.random() < 0.2:
            # an enemy piece on our first rank behind a partner, or checking the king
            row = rows[r0]
            if scenario == "shield" or rng.random() < 0.5:
                own = lambda x: x is not None and x.isupper() == (stm == "w")
                cand = [f for f in range(F) if row[f] is None and
                        ((f + 1 < F and own(row[f + 1])) or (f > 0 and own(row[f - 1])))]
                cand = [f for f in range(F) if row[f] is None] if not cand else cand
                if cand:
                    row[rng.choice(cand)] = them(rng.choice(["r", "q"] + g.customs))
            else:
                ks = [f for f in range(F) if row[f] == ("K" if stm == "w" else "k")]
                if ks:
                    kf = ks[0]
                    for d in range(1, R - 1):
                        df = rng.choice([0, -1, 1])
                        tf, tr = kf + df * d, r0 + fwd * d
                        if empty(tf, tr) and rng.random() < 0.4:
                            rows[tr][tf] = them("q")
                            break
        # a few pawns
        for side in "wb":
            for _ in range(rng.randint(0, 3)):
                f, r = rng.randrange(F), rng.randrange(2, R - 2)
                if empty(f, r):
                    rows[r][f] = "P" if side == "w" else "p"
        if sum(x == "K" for row in rows for x in row) != 1 or \
                sum(x == "k" for row in rows for x in row) != 1:
            continue
        fen = "%s %s %s - 0 1" % (board_str(rows), stm, (rights["w"] + rights["b"]) or "-")
        try:
            if in_check(g, fen, True):
                continue
            if not sf.legal_moves(g.fsf_name, fen, [], True):
                continue
        except Exception:
            continue
        STATS["scen_" + scenario] += 1
        out.append(fen)
    return out


# ------------------------------------------------------------------------------------------
# comparison
# ------------------------------------------------------------------------------------------
STRICT = [False]
KNOWN = []
STATS = {k: 0 for k in ["fsf_bug", "short_low", "moves", "castle", "castle_king_stays", "castle_partner_stays",
                        "castle_swap", "refused", "rights", "clear", "leaves", "fsf_dropped_rights", "kq_fens"]}
for _s in SCENARIOS:
    STATS["scen_" + _s] = 0


def tally(g, fen, moves):
    rows = parse_board(fen.split()[0])
    board, stm, rights = fen.split()[:3]
    STATS["kq_fens"] += any(c in rights for c in "KQkq")
    for m in moves:
        STATS["moves"] += 1
        if is_castling(fen, m, g):
            STATS["castle"] += 1
            (fa, r), (fb, _) = sq(split_move(m)[0]), sq(split_move(m)[1])
            (kd, pd) = g.high if fb > fa else g.low
            STATS["castle_king_stays"] += kd == fa
            STATS["castle_partner_stays"] += pd == fb
            STATS["castle_swap"] += kd == fb and pd == fa
    # castling rights with a clear path that FSF refuses (check / attack)
    r = 0 if stm == "w" else g.ranks - 1
    up = str.upper if stm == "w" else str.lower
    row = rows[r]
    if up("k") not in row:
        return
    kf = row.index(up("k"))
    own = lambda x: x is not None and x.isupper() == (stm == "w")
    for c in rights:
        if c.isupper() != (stm == "w") or c == "-":
            continue
        c = c.upper()
        if c in "KQ":
            files = range(g.files - 1, kf, -1) if c == "K" else range(0, kf)
            fs = [x for x in files if own(row[x]) and row[x].lower() in g.union]
            if not fs:
                continue
            f = fs[0]
        else:
            f = ord(c) - 65
        if not own(row[f]):
            continue
        STATS["rights"] += 1
        kd, pd = g.high if f > kf else g.low
        span = range(min(kf, f, kd, pd), max(kf, f, kd, pd) + 1)
        if all(row[x] is None for x in span if x not in (kf, f)):
            STATS["clear"] += 1
            STATS["refused"] += (sqname(kf, r) + sqname(f, r)) not in moves


def compare(g, chim, ini, fsf, fen, depth, report, limit=12):
    c = run_chimera(chim, ini, g.name, fen, depth)
    f = fsf.divide(fen, depth)
    if depth == 1:
        tally(g, fen, f)
    else:
        STATS["leaves"] += sum(f.values())
    if c == f:
        return 0
    only_c, only_f = sorted(set(c) - set(f)), sorted(set(f) - set(c))
    bugs = [m for m in only_f if fsf_bug(g, fsf, fen, m)]
    if bugs and not only_c and len(bugs) == len(only_f) and not STRICT[0]:
        STATS["fsf_bug"] += 1
        if len(KNOWN) < 200:
            KNOWN.append("FSF-BUG (castling leaves own king attacked) %s\n  fen %s\n  only FSF: %s"
                         % (g.describe(), fen, " ".join(bugs)))
        return 0
    if only_c or only_f or depth == 1:
        report.append("MISMATCH %s\n  fen %s\n  only Chimera: %s\n  only FSF: %s" % (
            g.describe(), fen, " ".join(only_c) or "-", " ".join(only_f) or "-"))
        return 1
    for k in sorted(c):
        if c[k] != f[k] and limit > 0:
            return compare(g, chim, ini, fsf, fsf.child(fen, k), depth - 1, report, limit - 1)
    return 1


# ------------------------------------------------------------------------------------------
# castle-short / black-castle-short: Chimera's SAN (`chimera play --engine none`, "Last move")
# vs pyffish.get_san. FSF writes O-O for the castling whose partner is on the higher file and
# has no key to swap that, so `castle-short = low` is compared on the file-mirrored game (a
# low castling of the game is a high one, O-O, of its mirror; customs have no l/r letters).
# ------------------------------------------------------------------------------------------
def mirror_fen(fen, F):
    parts = fen.split()
    rows = parse_board(parts[0])
    parts[0] = board_str([list(reversed(r)) for r in rows])
    cast = ""
    for c in parts[2]:
        if c in "KQkq":
            cast += {"K": "Q", "Q": "K", "k": "q", "q": "k"}[c]
        elif c.isalpha():
            f = ord(c.lower()) - 97
            m = chr(97 + F - 1 - f)
            cast += m.upper() if c.isupper() else m
        else:
            cast += c
    parts[2] = cast
    if parts[3] != "-":
        f, r = sq(parts[3])
        parts[3] = sqname(F - 1 - f, r)
    return " ".join(parts)


def mirror_move(m, F):
    a, b, promo = split_move(m)
    (fa, ra), (fb, rb) = sq(a), sq(b)
    return sqname(F - 1 - fa, ra) + sqname(F - 1 - fb, rb) + (promo or "")


def mirror_fsf_ini(g):
    F = g.files
    out = g.fsf_ini().replace("[%s:chess]" % g.fsf_name, "[%sm:chess]" % g.fsf_name)
    out = re.sub(r"castlingKingsideFile = .*", "castlingKingsideFile = %s" %
                 chr(97 + F - 1 - g.f_low[0]), out)
    out = re.sub(r"castlingQueensideFile = .*", "castlingQueensideFile = %s" %
                 chr(97 + F - 1 - g.f_high[0]), out)
    out = re.sub(r"startFen = .*", "startFen = %s" % mirror_fen(g.start, F), out)
    return out


def chimera_san(chim, ini, variant, fen, m, timeout=20):
    p = subprocess.run([chim, "play", "--variants", ini, "--variant", variant, "--engine",
                        "none", "--fen", fen], input=m + "\nquit\n", capture_output=True,
                       text=True, timeout=timeout)
    mt = re.search(r"Last move: \d+\.(?:\.\.)? (\S+)", p.stdout)
    if not mt:
        raise ChimeraError("play gave no SAN for %s at %s: %s" % (m, fen, (p.stdout +
                                                                       p.stderr)[-300:]))
    return mt.group(1)


def check_short(games, fens_of, chim, tmpdir, count, report, wrong=False):
    """Per game, sections [NAME-sN : NAME] with castle-short / black-castle-short drawn per
    game; each castling (king takes partner) of up to COUNT positions with one: Chimera's SAN
    vs FSF's (mirrored where that colour's short castling is low). Returns (compared, bad)."""
    lines, cfg = [], {}
    for i, g in enumerate(games):
        rng = random.Random("c960-short/%s" % g.name)
        w, b = rng.choice([("low", None), ("low", "high"), ("high", "low"), ("low", "low"),
                           (None, None)])
        cfg[g.name] = (w or "high", b or w or "high")
        lines.append("[%s-s : %s]" % (g.name, g.name))
        lines += ["castle-short = %s" % w] if w else []
        lines += ["black-castle-short = %s" % b] if b else []
    ini = os.path.join(tmpdir, "short.ini")
    with open(ini, "w") as fh:
        fh.write("\n".join(g.chimera_ini() for g in games) + "\n" + "\n".join(lines) + "\n")
    sf.load_variant_config("\n".join(mirror_fsf_ini(g) for g in games))
    n = bad = 0
    for g in games:
        fsf = Fsf960(g.fsf_name)
        done = 0
        for fen in fens_of[g.name]:
            if done >= count:
                break
            cs = [m for m in fsf.legal(fen) if is_castling(fen, m, g)
                  and not fsf_bug(g, fsf, fen, m)]
            if not cs:
                continue
            done += 1
            stm = fen.split()[1]
            short = cfg[g.name][0 if stm == "w" else 1]
            if wrong:
                short = "high" if short == "low" else "low"
            for m in cs:
                if short == "low":
                    mf = mirror_fen(fen, g.files)
                    f_san = sf.get_san(g.fsf_name + "m", mf, mirror_move(m, g.files), True)
                else:
                    f_san = sf.get_san(g.fsf_name, fen, m, True)
                c_san = chimera_san(chim, ini, g.name + "-s", fen, m)
                n += 1
                STATS["short_low"] += short == "low"
                if c_san != f_san:
                    bad += 1
                    report.append("CASTLE-SHORT %s (castle-short %s, black-castle-short %s)\n"
                                  "  fen %s move %s: Chimera %s, FSF%s %s" % (
                                      g.describe(), cfg[g.name][0], cfg[g.name][1], fen, m,
                                      c_san, " (mirrored)" if short == "low" else "", f_san))
    return n, bad


# ------------------------------------------------------------------------------------------
# UCI_Chess960: [NAME-b : chess] (the same keys, no chess960) and [NAME-b-960 : NAME-b] with
# `chess960 = yes`; over UCI, UCI_Variant NAME-b + UCI_Chess960 true must play the child:
# `go perft 2` compared with FSF's 960 counts on castling positions.
# ------------------------------------------------------------------------------------------
def uci_perft(chim, ini, variant, fens, depth, timeout=120):
    """One UCI session; each `go perft` is awaited (its count runs on a thread of its own, and
    `isready` does not wait for it)."""
    p = subprocess.Popen([chim, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, bufsize=1)
    t0 = time.time()

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def until(pred):
        seen = []
        while time.time() - t0 < timeout:
            ln = p.stdout.readline()
            if not ln:
                break
            seen.append(ln.strip())
            if pred(ln.strip()):
                return seen
        p.kill()
        raise ChimeraError("UCI: no answer: %s" % " | ".join(seen[-8:]))
    out = []
    try:
        for c in ["uci", "setoption name VariantPath value " + ini,
                  "setoption name UCI_Variant value " + variant,
                  "setoption name UCI_Chess960 value true", "isready"]:
            send(c)
        until(lambda ln: ln == "readyok")
        for fen in fens:
            send("position fen " + fen)
            send("go perft %d" % depth)
            cur = {}
            for ln in until(lambda ln: ln.startswith("Nodes searched")):
                mt = re.match(r"^([a-p]\d{1,2}[a-p]\d{1,2}[a-z]?): (\d+)$", ln)
                if mt:
                    cur[mt.group(1)] = int(mt.group(2))
            out.append(cur)
        send("quit")
        p.wait(timeout=10)
    finally:
        if p.poll() is None:
            p.kill()
    return out


def check_uci960(games, fens_of, chim, tmpdir, count, report):
    secs = []
    for g in games:
        base = g.chimera_ini().replace("[%s : chess]" % g.name, "[%s-b : chess]" % g.name)
        base = base.replace("chess960 = yes\n", "")
        base = re.sub(r"start = (\S+) w \S+", r"start = \1 w -", base)
        secs.append(base + "\n[%s-b-960 : %s-b]\nchess960 = yes\nstart = %s\n" % (
            g.name, g.name, g.start))
    ini = os.path.join(tmpdir, "uci960.ini")
    with open(ini, "w") as fh:
        fh.write("\n".join(secs))
    n = bad = 0
    for g in games:
        fsf = Fsf960(g.fsf_name)
        fens = [f for f in fens_of[g.name] if any(is_castling(f, m, g) and not
                                                  fsf_bug(g, fsf, f, m) for m in fsf.legal(f))]
        fens = fens[:count]
        for fen, c in zip(fens, uci_perft(chim, ini, g.name + "-b", fens, 2)):
            n += 1
            # FSF's depth-2 counts without its castlings into check (see fsf_bug)
            f = {}
            for m in fsf.legal(fen):
                if not fsf_bug(g, fsf, fen, m):
                    child = fsf.child(fen, m)
                    f[m] = sum(not fsf_bug(g, fsf, child, r) for r in fsf.legal(child))
            if c != f:
                bad += 1
                report.append("UCI_Chess960 %s\n  fen %s\n  only Chimera %s only FSF %s "
                              "differing counts %s" % (
                                  g.describe(), fen, sorted(set(c) - set(f)),
                                  sorted(set(f) - set(c)),
                                  sorted(k for k in c if k in f and c[k] != f[k])[:5]))
    return n, bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--chimera", default="target/release/chimera")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--positions", type=int, default=10, help="playout positions per game")
    ap.add_argument("--probes", type=int, default=30, help="castling probes per game")
    ap.add_argument("--depth", type=int, default=3, help="max perft depth (1..3)")
    ap.add_argument("--deep-every", type=int, default=3)
    ap.add_argument("--max-plies", type=int, default=30)
    ap.add_argument("--game", type=int, metavar="I", help="only game number I of the seed")
    ap.add_argument("--quick", action="store_true", help="small fixed run (< 20 s)")
    ap.add_argument("--wrong-fsf", choices=WRONG,
                    help="sensitivity: FSF without chess960 / king destination one file off / "
                         "partner set changed")
    ap.add_argument("--keep", metavar="DIR", help="write the variant files there")
    ap.add_argument("--short", type=int, default=4, metavar="N",
                    help="castle-short check: N positions with a castling per game (0: off)")
    ap.add_argument("--wrong-short", action="store_true",
                    help="sensitivity: expect the other castle-short (must report mismatches)")
    ap.add_argument("--uci", type=int, default=3, metavar="N",
                    help="UCI_Chess960 check: N castling positions per game (0: off)")
    ap.add_argument("--strict", action="store_true",
                    help="count FSF's known castling-into-check bug as a mismatch")
    ap.add_argument("--show-known", type=int, default=3, metavar="N",
                    help="print N of the FSF-BUG positions (0: none)")
    a = ap.parse_args(argv)
    STRICT[0] = a.strict
    if a.quick:
        a.games, a.positions, a.probes, a.depth, a.deep_every = 6, 5, 20, 2, 4
    idx = range(a.games) if a.game is None else [a.game]
    games = [Game(a.seed, i, a.wrong_fsf) for i in idx]
    for attempt in range(1, 20):  # redraw a game whose start has a king in check
        sf.load_variant_config("\n".join(g.fsf_ini() for g in games))
        bad = [k for k, g in enumerate(games) if in_check(g, g.start) or
               in_check(g, g.start, True)]
        for k in bad:
            games[k] = Game(a.seed, list(idx)[k], a.wrong_fsf, attempt)
        if not bad:
            break
    ini = write_game_files(games, a.seed, a.keep, "c960-xc-", a.chimera)
    if ini is None:
        return 2
    t0 = time.time()
    total_mm = total_pos = total_deep = 0
    fens_of = {}
    for g in games:
        fsf = Fsf960(g.fsf_name, g.c960)
        rng = random.Random("c960/%d/%s/play" % (a.seed, g.name))
        fens = [g.start] + playouts(g, fsf, rng, a.positions, a.max_plies) + \
            probes(g, rng, a.probes)
        report, mm = [], 0
        fens_of[g.name] = fens
        for pi, fen in enumerate(fens):
            given = set(fen.split()[2]) - {"-"}
            kept = set(sf.get_fen(g.fsf_name, fen, [], True).split()[2]) - {"-"}
            STATS["fsf_dropped_rights"] += len(given) > len(kept)
            try:
                mm += compare(g, a.chimera, ini, fsf, fen, 1, report)
                if a.depth >= 2 and pi % a.deep_every == 0:
                    d = a.depth if pi == 0 else min(a.depth, 2 + (pi // a.deep_every) % 2)
                    if g.files * g.ranks > 80 and d == 3 and pi:
                        d = 2
                    mm += compare(g, a.chimera, ini, fsf, fen, d, report)
                    total_deep += 1
            except ChimeraError as e:
                report.append("ERROR %s\n  fen %s\n  %s" % (g.describe(), fen, e))
                mm += 1
        total_pos += len(fens)
        total_mm += mm
        print("%s: %d positions, %d mismatches" % (g.describe(), len(fens), mm))
        for r in report[:6]:
            print(r)
        if report:
            print("  Chimera section:\n    " + g.chimera_ini().strip().replace("\n", "\n    "))
            print("  FSF config:\n    " + g.fsf_ini().strip().replace("\n", "\n    "))
        sys.stdout.flush()
    short_n = 0
    if a.short:
        report = []
        try:
            short_n, bad = check_short(games, fens_of, a.chimera, os.path.dirname(ini), a.short,
                                       report, a.wrong_short)
        except ChimeraError as e:
            report.append("ERROR castle-short: %s" % e)
            bad = 1
        for r in report[:10]:
            print(r)
        print("castle-short: %d castlings' SAN compared (%d with a low short castling, FSF "
              "mirrored), %d differ" % (short_n, STATS["short_low"], bad))
        total_mm += bad
    if a.uci:
        report = []
        try:
            un, ubad = check_uci960(games, fens_of, a.chimera, os.path.dirname(ini), a.uci,
                                    report)
        except (ChimeraError, subprocess.TimeoutExpired) as e:
            report.append("ERROR UCI_Chess960: %s" % e)
            un, ubad = 0, 1
        for r in report[:10]:
            print(r)
        print("UCI_Chess960 (base section + chess960 child): %d positions perft 2, %d differ"
              % (un, ubad))
        total_mm += ubad
    for k in KNOWN[:a.show_known]:
        print(k)
    print("TOTAL seed %d: %d games, %d positions, %d deep divides (%d perft leaves), "
          "%d mismatches, %d FSF-BUG positions (own king left attacked by FSF's castling, "
          "not counted), %.1fs; depth-1 moves %d, castlings %d (king stays %d, partner "
          "stays %d, king/partner swap %d); side-to-move rights %d, %d with a clear path, "
          "%d of them refused (check or attack); FENs "
          "with K/Q letters %d; FSF dropped a right in %d; probes %s" % (
              a.seed, len(games), total_pos, total_deep, STATS["leaves"], total_mm,
              STATS["fsf_bug"], time.time() - t0, STATS["moves"], STATS["castle"], STATS["castle_king_stays"],
              STATS["castle_partner_stays"], STATS["castle_swap"], STATS["rights"],
              STATS["clear"], STATS["refused"],
              STATS["kq_fens"], STATS["fsf_dropped_rights"],
              " ".join("%s=%d" % (s, STATS["scen_" + s]) for s in SCENARIOS)))
    return 1 if total_mm else 0


if __name__ == "__main__":
    sys.exit(main())
