#!/usr/bin/env python3
"""Cross-check Chimera's variant-file rule keys (promotion, castling, double step, stalemate)
against Fairy-Stockfish (pyffish custom variants), where the two engines' rules coincide.

Seeded random games (8x8, 10x8, 10x10, 8x10, 12x8; King, Pawns, some of q r b n, 1-3 customs
from betza_crosscheck's subset without l/r letters) written as a Chimera section and an FSF
config: promote-to -> promotionPieceTypes; promotion-ranks (last + 0-2 earlier) ->
promotionRegionWhite/Black (+ mandatoryPawnPromotion = false, immobilityIllegal = true when
optional ranks exist; those games then draw customs with a plain all-round move, see Game);
double-step-ranks -> doubleStepRegionWhite/Black; castle-high/-low (king on an inner file,
partner next to the king's destination inside: FSF's only placement) -> castlingKingsideFile /
castlingQueensideFile; castle-partner-high/-low (corner partners) -> castlingRookPieces;
stalemate -> stalemateValue. Positions: start, pawn-biased playouts, sparse probes (castling out
of check / through attacked or occupied squares, en passant after a double step). Chimera's
`perft --divide` vs pyffish at depth 1, and depth 2-3 on a subsample, drilled to the first
differing position; castlings compared as KFROM KTO "=O" (a notation-only difference is
NOTATION). Stalemate: a stalemating move m, Chimera `go depth 2 searchmoves m` vs
pyffish.game_result. Then --ext-games ExtGames (no castling, one array for both sides):
promotion-limit = initial -> promotionLimit, confined=ZONE -> mobilityRegionWhite/Black<Piece>,
facing-kings = 0 1 -> flyingGeneral (Kings in palaces), move-rule -> nMoveRule (a move m at
clock N-1 / N-3: Chimera `go depth 1 searchmoves m` vs pyffish.is_optional_game_end); how
many moves each rule removed is counted against a shadow FSF variant without it.
Exit 1 on a mismatch, 2 on environment errors, else 0; deterministic.

    scripts/variant_rules_crosscheck.py --chimera target/release/chimera --quick   # ~17 s
    scripts/variant_rules_crosscheck.py --seed 5 --games 12 --positions 10 --probes 15 --depth 3
    scripts/variant_rules_crosscheck.py --quick --wrong-fsf castle    # sensitivity: must fail
Standard library + pyffish; helpers imported from betza_crosscheck.py and crosscheck_pyffish.py
beside it.
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
    from betza_crosscheck import (draw_piece, run_chimera, ChimeraError, Fsf, piece_at,
                                  playout_positions, write_game_files, compare_positions)
    from crosscheck_pyffish import board_str, parse_board, sq, sqname, split_move
    import pyffish as sf
except ImportError as e:  # pragma: no cover
    sys.stderr.write("cannot import helpers or pyffish (%s)\n" % e)
    sys.exit(2)

LETTERS = "acdeghijlmostuwxyz"
BOARDS = [(8, 8), (10, 8), (10, 10), (8, 10), (12, 8)]
STD = "qrbn"
WRONG = ["promo", "ranks", "castle", "partner", "dstep", "stalemate",
         "limit", "confine", "facing", "moverule"]


def mobile(betza):
    """A component that moves (quietly) from every square of the board: an atom or compound
    with no direction, mode m or none, not a hopper (FSF's immobilityIllegal test)."""
    return any(re.fullmatch(r"m?[WFNKQRB][WFNKQRB0-9]*", c) for c in
            re.findall(r"[a-z]*[A-Z][A-Z0-9]*", betza))


def draw_custom(rng, need_mobile):
    for _ in range(200):
        b = draw_piece(rng)
        if re.search(r"[lr]", b):
            continue  # left/right: Black's would differ without symmetry = rotate
        if need_mobile and not mobile(b):
            continue
        return b
    return "K"


class Game:
    def __init__(self, seed, index, wrong=None, avoid=(), attempt=0):
        rng = random.Random("rules/%d/%d" % (seed, index) + "/%d" % attempt * (attempt > 0))
        self.files, self.ranks = rng.choice(BOARDS)
        F, R = self.files, self.ranks
        self.name = "rx-%d-%d" % (seed, index)
        self.fsf_name = "rx%dx%d" % (seed, index) + "a%d" % attempt * (attempt > 0)
        self.stalemate = random.Random("rules/%d/%d/sm" % (seed, index)).choice(
            ["draw", "win", "loss"])
        # promotion and pawn ranks (counted from the mover's side, 1-based)
        self.pawn_rank = 3 if R >= 10 and rng.random() < 0.4 else 2
        self.promo_ranks = [R]
        if rng.random() < 0.6:
            lo = max(self.pawn_rank + 2, R - 4)
            extra = rng.sample(range(lo, R), min(R - lo, rng.randint(1, 2)))
            self.promo_ranks = sorted(extra + [R])
        optional = len(self.promo_ranks) > 1
        letters = rng.sample(LETTERS, rng.randint(1, 3))
        self.pieces = []
        for L in letters:
            b = draw_custom(rng, optional)
            while b in [x for _, x in self.pieces]:
                b = draw_custom(rng, optional)
            self.pieces.append((L, b))
        self.customs = letters
        pool = letters + list(STD)
        self.promote = sorted(rng.sample(pool, rng.randint(1, min(4, len(pool)))))
        pr = self.pawn_rank
        self.dstep = rng.choice([[pr], [pr], [pr], [], [pr + 1], [pr, pr + 1]])
        if "dstep-promo" in avoid:  # Chimera bug 1: no promotion on a double step
            self.dstep = [d for d in self.dstep if d + 2 < self.promo_ranks[0]]
        # castling
        self.kf = rng.randint(1, F - 2)
        self.high = self.low = None
        if rng.random() < 0.85:
            k = rng.randint(self.kf + 1, F - 1)
            self.high = (k, k - 1)
        if rng.random() < 0.85:
            k = rng.randint(0, self.kf - 1)
            self.low = (k, k + 1)
        self.p_high = sorted(set(rng.sample(["r", "r"] + letters + ["q", "n"], rng.randint(1, 2))))
        self.p_low = sorted(set(rng.sample(["r", "r"] + letters + ["q", "n"], rng.randint(1, 2))))
        self.back = [self.back_rank(rng), self.back_rank(rng)]
        prow = [rng.random() < 0.7 for _ in range(F)]
        prow2 = [rng.random() < 0.7 for _ in range(F)]
        rows = [[None] * F for _ in range(R)]
        rows[0] = [c.upper() if c else None for c in self.back[0]]
        rows[R - 1] = list(self.back[1])
        rows[pr - 1] = ["P" if x else rows[pr - 1][i] for i, x in enumerate(prow)]
        rows[R - pr] = ["p" if x else rows[R - pr][i] for i, x in enumerate(prow2)]
        rights = ("K" if self.high else "") + ("Q" if self.low else "")
        rights += rights.lower()
        self.start = "%s w %s - 0 1" % (board_str(rows), rights or "-")
        # what FSF is told (the sensitivity option makes it differ)
        self.f_promote, self.f_ranks, self.f_dstep = self.promote, self.promo_ranks, self.dstep
        self.f_high, self.f_low = self.high, self.low
        self.f_stalemate = self.stalemate
        if wrong == "stalemate":
            self.f_stalemate = {"draw": "win", "win": "loss", "loss": "draw"}[self.stalemate]
        self.f_partners = sorted(set(self.p_high if self.high else []) |
                                 set(self.p_low if self.low else [])) or ["r"]
        if wrong == "promo":
            self.f_promote = sorted(set(self.promote) ^ {rng.choice(pool)}) or ["q"]
        elif wrong == "ranks":
            self.f_ranks = [R] if optional else [R - 1, R]
        elif wrong == "castle":
            F, kf = self.files, self.kf
            alt_h = [k for k in range(kf + 1, F) if self.high and k != self.high[0]]
            alt_l = [k for k in range(0, kf) if self.low and k != self.low[0]]
            if alt_h:
                k = rng.choice(alt_h)
                self.f_high = (k, k - 1)
            elif alt_l:
                k = rng.choice(alt_l)
                self.f_low = (k, k + 1)
        elif wrong == "partner":
            self.f_partners = sorted(set(self.f_partners) ^ {"r"}) or ["q"]
        elif wrong == "dstep":
            self.f_dstep = [pr + 1] if self.dstep != [pr + 1] else [pr]

    def back_rank(self, rng):
        F = self.files
        row = [None] * F
        row[self.kf] = "k"
        row[0] = rng.choice(self.p_low) if self.low else rng.choice(self.customs + ["r", None])
        row[F - 1] = rng.choice(self.p_high) if self.high else rng.choice(self.customs + ["r"])
        for f in range(1, F - 1):
            if f != self.kf and rng.random() < 0.35:
                row[f] = rng.choice(self.customs + list(STD))
        return row

    def chimera_ini(self):
        fl = lambda t: "-" if t is None else "%s %s" % (chr(97 + t[0]), chr(97 + t[1]))
        out = ["[%s : chess]" % self.name,
               "board = %dx%d" % (self.files, self.ranks),
               "start = %s" % self.start,
               "promote-to = %s" % " ".join(self.promote),
               "promotion-ranks = %s" % " ".join(map(str, self.promo_ranks)),
               "double-step-ranks = %s" % " ".join(map(str, self.dstep)),
               "castle-high = %s" % fl(self.high),
               "castle-low = %s" % fl(self.low),
               "stalemate = %s" % self.stalemate]
        if self.high:
            out.append("castle-partner-high = %s" % " ".join(self.p_high))
        if self.low:
            out.append("castle-partner-low = %s" % " ".join(self.p_low))
        for L, b in self.pieces:
            out.append("piece = %s Piece%s %s 3" % (L, L.upper(), b))
        return "\n".join(out) + "\n"

    def fsf_ini(self):
        R = self.ranks
        region = lambda rs, c: " ".join("*%d" % (r if c == "w" else R + 1 - r) for r in rs)
        out = ["[%s:chess]" % self.fsf_name,
               "maxRank = %d" % R,
               "maxFile = %s" % chr(96 + self.files),
               "startFen = %s" % self.start,
               "promotionPieceTypes = %s" % "".join(self.f_promote),
               "promotionRegionWhite = %s" % region(self.f_ranks, "w"),
               "promotionRegionBlack = %s" % region(self.f_ranks, "b")]
        if len(self.f_ranks) > 1:
            out += ["mandatoryPawnPromotion = false", "immobilityIllegal = true"]
        if self.f_dstep:
            out += ["doubleStepRegionWhite = %s" % region(self.f_dstep, "w"),
                    "doubleStepRegionBlack = %s" % region(self.f_dstep, "b")]
        else:
            out.append("doubleStep = false")
        if self.f_high or self.f_low:
            out += ["castling = true",
                    "castlingKingsideFile = %s" % chr(97 + (self.f_high or (self.files - 2,))[0]),
                    "castlingQueensideFile = %s" % chr(97 + (self.f_low or (2,))[0]),
                    "castlingRookPieces = %s" % "".join(self.f_partners)]
        else:
            out.append("castling = false")
        out.append("stalemateValue = %s" % self.f_stalemate)
        for i, (L, b) in enumerate(self.pieces):
            out.append("customPiece%d = %s:%s" % (i + 1, L, b))
        return "\n".join(out) + "\n"

    def describe(self):
        return "%s %dx%d pieces %s promote-to %s ranks %s dstep %s castle %s/%s partners %s/%s" % (
            self.name, self.files, self.ranks, " ".join("%s=%s" % p for p in self.pieces),
            "".join(self.promote), self.promo_ranks, self.dstep, self.high, self.low,
            "".join(self.p_high), "".join(self.p_low))


# ------------------------------------------------------------------------------------------
# extended rule games: promotion-limit, confined=ZONE, facing-kings, move-rule
# ------------------------------------------------------------------------------------------
STD_PIECE = {"k": ("King", "K", 0), "q": ("Queen", "Q", 9), "r": ("Rook", "R", 5),
             "b": ("Bishop", "B", 3), "n": ("Knight", "N", 3)}
FEATURES = ["limit", "confine", "facing"]  # the rules a shadow variant (rule off) measures


class ExtGame:
    """A game without castling, the same array for both sides (Kings on one file, a pawn in
    front of each), and any of: promotion-limit = initial <-> promotionLimit = T:START_COUNT
    (a type the array lacks is left out of FSF's promotionPieceTypes: FSF reads a limit of 0
    as none, Chimera's "fewer than 0" never holds); confined=ZONE <-> mobilityRegionWhite/
    Black<Piece> (a 3x3 palace for the King; for 0-2 types of the array a block of files x
    ranks 1..k around their start squares; never a confined type in promote-to, which
    Chimera refuses); facing-kings = 0 1 <-> flyingGeneral = true;
    move-rule = N plies <-> nMoveRule = N/2 moves. --wrong-fsf forces its rule on."""
    high = low = f_high = f_low = None

    def __init__(self, seed, index, wrong=None, avoid=(), attempt=0):
        rng = random.Random("rules-ext/%d/%d/%d" % (seed, index, attempt))
        self.files, self.ranks = F, R = rng.choice(BOARDS)
        self.name = "rxe-%d-%d" % (seed, index)
        self.fsf_name = "rxe%dx%da%d" % (seed, index, attempt)
        self.stalemate = self.f_stalemate = rng.choice(["draw", "win", "loss"])
        self.pawn_rank = pr = 3 if R >= 10 and rng.random() < 0.4 else 2
        self.promo_ranks = rng.choice([[R], [R], [R - 1, R], list(range(pr + 2, R + 1))])
        self.dstep = [pr]
        self.pieces = []
        for L in rng.sample(LETTERS, rng.randint(1, 3)):
            b = draw_custom(rng, len(self.promo_ranks) > 1)
            while b in [x for _, x in self.pieces]:
                b = draw_custom(rng, True)
            self.pieces.append((L, b))
        self.customs = [L for L, _ in self.pieces]
        self.kf = kf = rng.randint(1, F - 2)
        row = [None] * F
        row[kf] = "k"
        for f in range(F):
            if f != kf and rng.random() < 0.6:
                row[f] = rng.choice(self.customs + list(STD))
        self.limit = rng.random() < 0.6 or wrong == "limit"
        self.facing = rng.random() < 0.5 or wrong == "facing"
        self.move_rule = rng.choice([0, 8, 20, 100])
        if wrong == "moverule" and not self.move_rule:
            self.move_rule = 20
        self.zones = {}  # letter -> White's squares (file, rank), 0-based; Black's mirrored
        # FSF's flyingGeneral is a Rook line (file or rank; Chimera's facing-kings one
        # direction): with it the Kings keep to palaces in their own halves, as in Xiangqi
        confine = rng.random() < 0.6 or wrong == "confine"
        if self.facing or (confine and rng.random() < 0.7):
            self.zones["k"] = [(f, r) for f in range(kf - 1, kf + 2) for r in range(3)]
        betza = dict(self.pieces, n="N")  # Chimera confines leapers only (no R B Q, riders,
        leaper = lambda t: t in betza and not re.search(r"[RBQpy]|([A-Z])\1|[A-Z]\d", betza[t])
        types = sorted(set(x for x in row if x and leaper(x)))  # ranges, hoppers, bent riders)
        if confine:
            n = rng.randint(0 if self.zones else 1, 2)
            for t in rng.sample(types, min(len(types), n)):
                fs = [f for f, x in enumerate(row) if x == t]
                lo, hi = rng.randint(0, min(fs)), rng.randint(max(fs), F - 1)
                top = rng.randint(1, R // 2)
                self.zones[t] = [(f, r) for f in range(lo, hi + 1) for r in range(top)]
        # Never a confined type: Chimera refuses one in promote-to (since cd53af9; it stood
        # outside its zone, unable to move).
        pool = [t for t in self.customs + list(STD) if t != "k" and t not in self.zones]
        self.promote = sorted(rng.sample(pool, rng.randint(1, min(4, len(pool)))))
        if self.limit and not any(x in self.promote for x in row):
            spots = [f for f in range(F) if f != kf and row[f] not in self.zones]
            row[rng.choice(spots)] = rng.choice(self.promote)
        self.count = {t: row.count(t) for t in self.promote}
        rows = [[None] * F for _ in range(R)]
        rows[0] = [c.upper() if c else None for c in row]
        rows[R - 1] = list(row)
        for r, p in ((pr - 1, "P"), (R - pr, "p")):
            rows[r] = [p if f == kf or rng.random() < 0.7 else None for f in range(F)]
        self.start = "%s w - - 0 1" % board_str(rows)
        self.f_limit = dict(self.count) if self.limit else None
        self.f_zones, self.f_facing = dict(self.zones), self.facing
        self.f_move_rule = self.move_rule
        if wrong == "limit":  # one more of a type of the array
            t = rng.choice([t for t in self.promote if self.count[t]])
            self.f_limit[t] += 1
        elif wrong == "confine":  # the King, else a type, free
            del self.f_zones["k" if "k" in self.zones else sorted(self.zones)[0]]
        elif wrong == "facing":
            self.f_facing = False
        elif wrong == "moverule":
            self.f_move_rule += 2

    def zone(self, t, side):
        z = self.zones[t] if side == "w" else [(f, self.ranks - 1 - r) for f, r in self.zones[t]]
        return " ".join(sqname(f, r) for f, r in sorted(z, key=lambda c: (c[1], c[0])))

    def chimera_ini(self):
        out = ["[%s : chess]" % self.name,
               "board = %dx%d" % (self.files, self.ranks),
               "start = %s" % self.start,
               "promote-to = %s" % " ".join(self.promote),
               "promotion-ranks = %s" % " ".join(map(str, self.promo_ranks)),
               "promotion-limit = %s" % ("initial" if self.limit else "none"),
               "double-step-ranks = %s" % " ".join(map(str, self.dstep)),
               "castle-high = -", "castle-low = -",
               "stalemate = %s" % self.stalemate,
               "move-rule = %d" % self.move_rule]
        if self.facing:
            out.append("facing-kings = 0 1")
        conf = lambda t: " confined=z%s" % t if t in self.zones else ""
        for t in sorted(self.zones):
            if t in STD_PIECE:
                name, betza, value = STD_PIECE[t]
                out.append("piece = %s %s %s %d%s%s" % (t, name, betza, value,
                                                       " royal" * (t == "k"), conf(t)))
        for L, b in self.pieces:
            out.append("piece = %s Piece%s %s 3%s" % (L, L.upper(), b, conf(L)))
        for t in sorted(self.zones):
            out += ["zone = z%s white %s" % (t, self.zone(t, "w")),
                    "zone = z%s black %s" % (t, self.zone(t, "b"))]
        return "\n".join(out) + "\n"

    def fsf_ini(self, off=None):
        """FSF's config; off = a rule of FEATURES left out (a shadow variant, to count the
        moves that rule removes)."""
        R = self.ranks
        region = lambda rs, c: " ".join("*%d" % (r if c == "w" else R + 1 - r) for r in rs)
        limit = self.f_limit if off != "limit" else None
        promote = [t for t in self.promote if not limit or self.count[t]]
        out = ["[%s%s:chess]" % (self.fsf_name, "o" + off if off else ""),
               "maxRank = %d" % R, "maxFile = %s" % chr(96 + self.files),
               "startFen = %s" % self.start,
               "promotionPieceTypes = %s" % "".join(promote),
               "promotionRegionWhite = %s" % region(self.promo_ranks, "w"),
               "promotionRegionBlack = %s" % region(self.promo_ranks, "b"),
               "doubleStepRegionWhite = %s" % region(self.dstep, "w"),
               "doubleStepRegionBlack = %s" % region(self.dstep, "b"),
               "castling = false", "stalemateValue = %s" % self.f_stalemate,
               "nMoveRule = %d" % (self.f_move_rule // 2)]
        if len(self.promo_ranks) > 1:
            out += ["mandatoryPawnPromotion = false", "immobilityIllegal = true"]
        if limit:
            out.append("promotionLimit = %s" % " ".join("%s:%d" % (t, limit[t]) for t in promote))
        if self.f_facing and off != "facing":
            out.append("flyingGeneral = true")
        names = dict((L, "CustomPiece%d" % (i + 1)) for i, L in enumerate(self.customs))
        names.update((t, v[0]) for t, v in STD_PIECE.items())
        for t in sorted(self.f_zones) if off != "confine" else []:
            out += ["mobilityRegionWhite%s = %s" % (names[t], self.zone(t, "w")),
                    "mobilityRegionBlack%s = %s" % (names[t], self.zone(t, "b"))]
        for i, (L, b) in enumerate(self.pieces):
            out.append("customPiece%d = %s:%s" % (i + 1, L, b))
        return "\n".join(out) + "\n"

    def shadows(self):
        return [f for f in FEATURES if (f == "limit" and self.limit) or
                (f == "confine" and self.zones) or (f == "facing" and self.facing)]

    def describe(self):
        return "%s %dx%d pieces %s promote-to %s ranks %s limit %s zones %s facing %s " \
               "move-rule %d" % (
                   self.name, self.files, self.ranks, " ".join("%s=%s" % p for p in self.pieces),
                   "".join(self.promote), self.promo_ranks,
                   self.count if self.limit else "-", "".join(sorted(self.zones)) or "-",
                   "yes" if self.facing else "no", self.move_rule)


# ------------------------------------------------------------------------------------------
# positions
# ------------------------------------------------------------------------------------------
def other_side_in_check(v, fen):
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    parts[3] = "-"
    return sf.gives_check(v, " ".join(parts), [])


def probe_positions(g, rng, count):
    """Sparse random positions: kings at home with corner partners (rights where the corner
    piece may castle), pieces of both sides anywhere, pawns on any rank but the edges."""
    F, R = g.files, g.ranks
    out, tries = [], 0
    while len(out) < count and tries < count * 20:
        tries += 1
        rows = [[None] * F for _ in range(R)]
        rights, away = "", []
        for side, rank in (("w", 0), ("b", R - 1)):
            up = str.upper if side == "w" else str.lower
            home = rng.random() < 0.85
            if home:
                rows[rank][g.kf] = up("k")
            for key, partners, f in (("K", g.p_high, F - 1), ("Q", g.p_low, 0)):
                on = (g.high if key == "K" else g.low) is not None
                if on and home and rng.random() < 0.85:
                    rows[rank][f] = up(rng.choice(partners))
                    rights += up(key)
            for f in range(1, F - 1):
                if rows[rank][f] is None and rng.random() < 0.12:
                    rows[rank][f] = up(rng.choice(g.customs + list(STD)))
            if not home:
                away.append(up("k"))
        for k in away:
            while True:
                f, r = rng.randrange(F), rng.randrange(R)
                if rows[r][f] is None:
                    rows[r][f] = k
                    break
        empty = [(f, r) for r in range(1, R - 1) for f in range(F) if rows[r][f] is None]
        rng.shuffle(empty)
        for side in "wb":
            up = str.upper if side == "w" else str.lower
            for _ in range(rng.randint(1, 4)):
                f, r = empty.pop()
                rows[r][f] = up(rng.choice(g.customs + list(STD)))
            for _ in range(rng.randint(0, 4)):
                f, r = empty.pop()
                rows[r][f] = up("p")
        stm = rng.choice("wb")
        double = None
        if g.dstep and rng.random() < 0.4:
            # en passant: a pawn of the side to move about to double-step past an enemy pawn
            d, f = rng.choice(g.dstep), rng.randrange(F)
            r0 = d - 1 if stm == "w" else R - d
            step = 1 if stm == "w" else -1
            f2 = f + rng.choice([-1, 1])
            cells = [(f, r0), (f, r0 + step), (f, r0 + 2 * step), (f2, r0 + 2 * step)]
            if 0 <= f2 < F and 0 < r0 + 2 * step < R - 1 and \
                    not any(rows[r][x] in ("K", "k") for x, r in cells):
                rows[r0][f] = "P" if stm == "w" else "p"
                rows[r0 + step][f] = rows[r0 + 2 * step][f] = None
                rows[r0 + 2 * step][f2] = "p" if stm == "w" else "P"
                double = sqname(f, r0) + sqname(f, r0 + 2 * step)
        fen = "%s %s %s - 0 1" % (board_str(rows), stm, rights or "-")
        if other_side_in_check(g.fsf_name, fen):
            continue
        fen = sf.get_fen(g.fsf_name, fen, [])
        if double:
            if double not in sf.legal_moves(g.fsf_name, fen, []):
                continue
            fen = sf.get_fen(g.fsf_name, fen, [double])
        out.append(fen)
    return out


def ext_probes(g, rng, count):
    """Sparse positions for an ExtGame: Kings in their palaces (on one file half of the time
    where kings face, sometimes one piece between), confined pieces inside their zones, free
    pieces anywhere, and with promotion-limit each promotion type at, below or above its start
    count with pawns one step from the last rank."""
    F, R = g.files, g.ranks
    allsq = [(f, r) for f in range(F) for r in range(R)]
    mirror = lambda cells: [(f, R - 1 - r) for f, r in cells]
    free = [t for t in g.customs + list(STD) if t not in g.zones]
    out, tries = [], 0
    while len(out) < count and tries < count * 20:
        tries += 1
        rows = [[None] * F for _ in range(R)]

        def put(p, cells):
            cells = [c for c in cells if rows[c[1]][c[0]] is None]
            if cells:
                f, r = rng.choice(cells)
                rows[r][f] = p
        wk = rng.choice(g.zones.get("k", allsq))
        rows[wk[1]][wk[0]] = "K"
        bz = mirror(g.zones.get("k", allsq))
        if g.facing and rng.random() < 0.5:
            bz = [c for c in bz if c[0] == wk[0]] or bz
        put("k", bz)
        for up, flip in ((str.upper, lambda z: z), (str.lower, mirror)):
            for t in sorted(g.zones):
                for _ in range(rng.randint(0, 2) if t != "k" else 0):
                    put(up(t), flip(g.zones[t]))
            for _ in range(rng.randint(1, 3)):
                put(up(rng.choice(free)), allsq)
            for t in g.promote if g.limit else []:
                c = g.count[t]
                for _ in range(rng.choice([c, c, c, max(0, c - 1), c + 1])):
                    put(up(t), flip(g.zones[t]) if t in g.zones else allsq)
            for _ in range(rng.randint(0, 3)):
                put(up("p"), [(f, r) for f in range(F) for r in range(1, R - 1)])
            for _ in range(rng.randint(1, 2) if g.limit else 0):
                put(up("p"), flip([(f, R - 2) for f in range(F)]))
        bk = [(f, r) for f, r in allsq if rows[r][f] == "k"]
        if len(bk) != 1:
            continue
        lo, hi = sorted([wk[1], bk[0][1]])
        between = [(wk[0], r) for r in range(lo + 1, hi)]
        if g.facing and bk[0][0] == wk[0] and rng.random() < 0.4:
            put(rng.choice(free + ["p"]).upper(), [(f, r) for f, r in between if 0 < r < R - 1])
        fen = "%s %s - - 0 1" % (board_str(rows), rng.choice("wb"))
        facing = bk[0][0] == wk[0] and all(rows[r][f] is None for f, r in between)
        if (g.facing and facing) or other_side_in_check(g.fsf_name, fen):
            # Chimera refuses facing Kings (both in check); FSF has no checker there
            continue
        out.append(sf.get_fen(g.fsf_name, fen, []))
    return out


# ------------------------------------------------------------------------------------------
# comparison
# ------------------------------------------------------------------------------------------
STATS = {"stalemates": 0, "refused": 0, "moves": 0, "castle": 0, "promo": 0, "ep": 0,
         "double": 0, "leaves": 0, "mr": 0, "mr_skip": 0, "mr_reset": 0, "mr_mate": 0}
for _f in FEATURES:
    STATS[_f + "_pos"] = STATS[_f + "_cut"] = 0


def canon(g, fen, m, cfg):
    """Castling as KINGFROM KINGTO "=O", the king's destination from the move if it is the
    king's move, else (king takes partner) from cfg = that engine's (high, low) files."""
    a, b, promo = split_move(m)
    (fa, ra), (fb, rb) = sq(a), sq(b)
    rows = parse_board(fen.split()[0])
    p, q = rows[ra][fa], rows[rb][fb]
    if p not in ("K", "k") or ra != rb or ra != (0 if p == "K" else g.ranks - 1):
        return m
    if q is not None and q.isupper() == p.isupper():
        side = cfg[0] if fb > fa else cfg[1]
        return a + sqname(side[0], ra) + "=O" if side else m + "=?"
    return a + b + "=O" if abs(fb - fa) >= 2 else m


def castle_refused(g, fen, moves):
    """Castlings with the right and an empty path that are not legal (check or attack)."""
    board, stm, rights = fen.split()[:3]
    rows = parse_board(board)
    r = 0 if stm == "w" else g.ranks - 1
    n = 0
    for key, side, corner in (("K", g.f_high, g.files - 1), ("Q", g.f_low, 0)):
        if (key if stm == "w" else key.lower()) not in rights or not side:
            continue
        span = {g.kf, corner, side[0], side[1]}
        path = range(min(span), max(span) + 1)
        if all(rows[r][f] is None for f in path if f not in (g.kf, corner)):
            dest = sqname(g.kf, r) + sqname(side[0], r) + "=O"
            n += dest not in [canon(g, fen, m, (g.f_high, g.f_low)) for m in moves]
    return n


def tally(g, fen, moves):
    ep = fen.split()[3]
    for f in g.shadows() if isinstance(g, ExtGame) else []:
        cut = len(set(sf.legal_moves(g.fsf_name + "o" + f, fen, [])) - set(moves))
        STATS[f + "_pos"] += cut > 0
        STATS[f + "_cut"] += cut
    STATS["refused"] += castle_refused(g, fen, moves)
    for m in moves:
        STATS["moves"] += 1
        a, b, promo = split_move(m)
        p = piece_at(fen, a).lower()
        STATS["promo"] += bool(promo)
        STATS["castle"] += "=O" in canon(g, fen, m, (g.f_high, g.f_low))
        STATS["ep"] += p == "p" and b == ep
        STATS["double"] += p == "p" and abs(sq(a)[1] - sq(b)[1]) == 2


def compare(g, chim, ini, fsf, fen, depth, report, limit=10):
    c_raw = run_chimera(chim, ini, g.name, fen, depth)
    f_raw = fsf.divide(fen, depth)
    if depth == 1:
        tally(g, fen, f_raw)
    else:
        STATS["leaves"] += sum(f_raw.values())
    c = {canon(g, fen, m, (g.high, g.low)): n for m, n in c_raw.items()}
    f = {canon(g, fen, m, (g.f_high, g.f_low)): (n, m) for m, n in f_raw.items()}
    if len(c) != len(c_raw) or len(f) != len(f_raw):
        report.append("AMBIGUOUS castling notation %s\n  fen %s\n  Chimera %s\n  FSF %s" % (
            g.describe(), fen, sorted(c_raw), sorted(f_raw)))
        return 1
    if set(c) == set(f) and set(c_raw) != set(f_raw):
        report.append("NOTATION %s\n  fen %s\n  only Chimera: %s\n  only FSF: %s" % (
            g.describe(), fen, " ".join(sorted(set(c_raw) - set(f_raw))),
            " ".join(sorted(set(f_raw) - set(c_raw)))))
        return 1
    if set(c) == set(f) and all(c[k] == f[k][0] for k in c):
        return 0
    only_c = sorted(set(c) - set(f))
    only_f = sorted(set(f) - set(c))
    if only_c or only_f or depth == 1:
        report.append("MISMATCH %s\n  fen %s\n  only Chimera: %s\n  only FSF: %s" % (
            g.describe(), fen, " ".join(only_c) or "-", " ".join(only_f) or "-"))
        return 1
    for k in sorted(c):
        if c[k] != f[k][0] and limit > 0:
            return compare(g, chim, ini, fsf, fsf.child(fen, f[k][1]), depth - 1, report,
                           limit - 1)
    return 1


def stalemate_probes(g, rng, count, tries=60):
    """(fen, move) pairs whose move leaves the other side without a move, not in check:
    a lone enemy King on the edge against the King and one or two pieces."""
    F, R = g.files, g.ranks
    out = []
    for _ in range(tries):
        if len(out) >= count:
            break
        rows = [[None] * F for _ in range(R)]
        kf, kr = rng.choice([0, F - 1]), rng.choice([0, R - 1])
        rows[kr][kf] = "k"
        near = [(f, r) for f in range(F) for r in range(R)
                if 0 < max(abs(f - kf), abs(r - kr)) <= 3]
        pieces = [rng.choice(g.customs + list(STD)).upper() for _ in range(rng.randint(1, 2))]
        for (f, r), p in zip(rng.sample(near, 3), ["K"] + pieces):
            rows[r][f] = p
        fen = "%s w - - 0 1" % board_str(rows)
        if sum(row.count("K") for row in rows) != 1 or other_side_in_check(g.fsf_name, fen):
            continue
        for m in sorted(sf.legal_moves(g.fsf_name, fen, [])):
            if not sf.legal_moves(g.fsf_name, fen, [m]) and not sf.gives_check(
                    g.fsf_name, fen, [m]):
                out.append((fen, m))
                break
    return out


def chimera_score(chim, ini, variant, fen, move, timeout=30, depth=2):
    """Chimera's `go depth D searchmoves MOVE` score: 'win', 'loss', 'draw' for the mover."""
    cmds = ["uci", "setoption name VariantPath value " + ini,
            "setoption name UCI_Variant value " + variant, "isready",
            "position fen " + fen, "go depth %d searchmoves %s" % (depth, move)]
    try:
        p = subprocess.run([chim, "uci"], input="\n".join(cmds) + "\n", capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ChimeraError("timeout: go depth 2 at " + fen)
    scores = re.findall(r"score (mate|cp) (-?\d+)", p.stdout)
    if not scores:
        raise ChimeraError("no score: " + p.stdout[-300:])
    kind, n = scores[-1][0], int(scores[-1][1])
    if kind == "mate":
        return "win" if n > 0 else "loss"
    return "draw" if n == 0 else "cp %d" % n


def check_stalemates(g, chim, ini, rng, count, report):
    mm = 0
    for fen, m in stalemate_probes(g, rng, count):
        v = sf.game_result(g.fsf_name, fen, [m])  # for the side without a move
        fsf = "draw" if v == 0 else ("loss" if v > 0 else "win")  # for the mover
        c = chimera_score(chim, ini, g.name, fen, m)
        STATS["stalemates"] += 1
        if c != fsf:
            report.append("STALEMATE %s\n  fen %s move %s: for the mover Chimera %s, FSF %s "
                          "(stalemate = %s, FSF stalemateValue = %s)"
                          % (g.describe(), fen, m, c, fsf, g.stalemate, g.f_stalemate))
            mm += 1
    return mm


def check_move_rule(g, chim, ini, fens, rng, count, report):
    """move-rule = N: a quiet piece move m with the clock at N-1 draws (Chimera `go depth 1
    searchmoves m` scores 0, pyffish.is_optional_game_end holds), at N-3 it does not (a 0 score
    there counts as a draw only where clock 0 scores otherwise); a capture, a pawn move or a
    mate (preferred where there is one) at N-1 does not draw either. No stalemating m."""
    if not g.move_rule:
        return 0
    mm, n = 0, 0
    for fen in rng.sample(fens, len(fens)):
        if n >= count:
            break
        ms = [m for m in sorted(sf.legal_moves(g.fsf_name, fen, []))  # no stalemate
              if sf.legal_moves(g.fsf_name, fen, [m]) or sf.gives_check(g.fsf_name, fen, [m])]
        quiet = [m for m in ms if piece_at(fen, m).lower() != "p"
                 and not sf.is_capture(g.fsf_name, fen, [], m)]
        if not ms:
            continue
        mates = [m for m in ms if not sf.legal_moves(g.fsf_name, fen, [m])]
        m = rng.choice(mates if mates and rng.random() < 0.5 else
                       quiet if quiet and rng.random() < 0.7 else ms)
        n += 1
        STATS["mr_reset"] += m not in quiet
        STATS["mr_mate"] += not sf.legal_moves(g.fsf_name, fen, [m])
        parts = fen.split()
        at = lambda clock: " ".join(parts[:4] + [str(clock), parts[5]])
        got = {}
        for clock in (g.move_rule - 1, max(0, g.move_rule - 3)):
            end = sf.is_optional_game_end(g.fsf_name, at(clock), [m])[0]
            c = chimera_score(chim, ini, g.name, at(clock), m, depth=1) == "draw"
            if c and not end and chimera_score(chim, ini, g.name, at(0), m, depth=1) == "draw":
                STATS["mr_skip"] += 1  # evaluates to 0 anyway
                continue
            got[clock] = (c, end)
        STATS["mr"] += 1
        bad = [k for k, (c, f) in got.items() if c != f]
        if bad:
            k = bad[0]
            report.append("MOVE-RULE %s\n  fen %s move %s: Chimera %s, FSF %s (move-rule = %d, "
                          "FSF nMoveRule = %d)" % (
                              g.describe(), at(k), m, "draw" if got[k][0] else "no draw",
                              "draw" if got[k][1] else "no draw", g.move_rule,
                              g.f_move_rule // 2))
            mm += 1
    return mm


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--chimera", default="target/release/chimera")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--positions", type=int, default=15, help="playout positions per game")
    ap.add_argument("--probes", type=int, default=15, help="probe positions per game")
    ap.add_argument("--stalemates", type=int, default=3,
                    help="stalemate-rule probes per game (go depth 2 searchmoves over UCI)")
    ap.add_argument("--ext-games", type=int, default=12,
                    help="games of promotion-limit / confined / facing-kings / move-rule")
    ap.add_argument("--move-rule-probes", type=int, default=3,
                    help="move-rule probes per game (go depth 1 searchmoves over UCI)")
    ap.add_argument("--depth", type=int, default=3, help="max perft depth (1..3)")
    ap.add_argument("--deep-every", type=int, default=4,
                    help="depth-2/3 divide on the start and every K-th position")
    ap.add_argument("--max-plies", type=int, default=50)
    ap.add_argument("--game", type=int, metavar="I", help="only game number I of the seed")
    ap.add_argument("--quick", action="store_true", help="small fixed run (<= 20 s)")
    ap.add_argument("--wrong-fsf", choices=WRONG,
                    help="sensitivity check: tell FSF another promotion set / promotion ranks"
                         " / castling file / partner set / double-step rank / stalemate value"
                         " / a promotion limit one higher / a zone dropped / no flyingGeneral"
                         " / nMoveRule one move longer")
    ap.add_argument("--avoid", action="append", default=[],
                    choices=["dstep-promo"],
                    help="leave out of the draw the configurations of a Chimera bug, to run "
                         "binaries older than its fix: dstep-promo = double steps that land on "
                         "a promotion rank (promoted since 384565c)")
    ap.add_argument("--keep", metavar="DIR", help="write the variant files there")
    a = ap.parse_args(argv)
    if a.quick:
        a.games, a.positions, a.probes, a.depth, a.deep_every, a.stalemates = 6, 6, 8, 2, 4, 2
        a.ext_games, a.move_rule_probes = 6, 2
    if not os.path.exists(a.chimera):
        sys.stderr.write("no Chimera binary at %s\n" % a.chimera)
        return 2
    idx = range(a.games) if a.game is None else [a.game]
    games = [Game(a.seed, i, a.wrong_fsf, a.avoid) for i in idx]
    eidx = range(a.ext_games) if a.game is None else [a.game]
    games += [ExtGame(a.seed, i, a.wrong_fsf, a.avoid) for i in eidx]
    idx = list(idx) + list(eidx)
    for attempt in range(1, 20):  # redraw a game whose start has a King in check (FSF keeps
        # the first definition of a name: a redrawn game gets a new one)
        sf.load_variant_config("\n".join(g.fsf_ini() for g in games) + "\n".join(
            g.fsf_ini(f) for g in games if isinstance(g, ExtGame) for f in g.shadows()))
        try:
            bad = [k for k, g in enumerate(games) if sf.gives_check(g.fsf_name, g.start, [])
                   or other_side_in_check(g.fsf_name, g.start)]
        except Exception as e:  # pyffish did not load a game
            sys.stderr.write("pyffish: %s\n" % e)
            return 2
        for k in bad:
            games[k] = ExtGame(a.seed, idx[k], a.wrong_fsf, a.avoid, attempt) if isinstance(
                games[k], ExtGame) else Game(a.seed, idx[k], a.wrong_fsf, a.avoid, attempt)
        if not bad:
            break
    have = set(sf.variants())
    ini = write_game_files(games, a.seed, a.keep, "rules-xc-", a.chimera)
    if ini is None:
        return 2
    t0 = time.time()
    total_mm = total_pos = total_deep = 0
    for g in games:
        if g.fsf_name not in have:
            sys.stderr.write("pyffish did not load %s\n" % g.fsf_name)
            return 2
        fstart = sf.start_fen(g.fsf_name)
        if fstart.split()[:3] != g.start.split()[:3]:
            sys.stderr.write("FSF start %s != %s\n" % (fstart, g.start))
            return 2
        fsf = Fsf(g.fsf_name)
        rng = random.Random("rules/%d/%s/play" % (a.seed, g.name))
        fens = [g.start] + playout_positions(fsf, g.start, rng, a.positions, a.max_plies)
        ext = isinstance(g, ExtGame)
        fens += (ext_probes if ext else probe_positions)(g, rng, a.probes)
        report = []
        mm, deep = compare_positions(
            compare, g, a.chimera, ini, fsf, fens, report, a.depth, a.deep_every,
            lambda pi: a.depth if pi == 0 else 2 + (pi // a.deep_every) % 2)
        total_deep += deep
        try:
            if ext:
                mm += check_move_rule(g, a.chimera, ini, fens, rng, a.move_rule_probes, report)
            else:
                mm += check_stalemates(g, a.chimera, ini, rng, a.stalemates, report)
        except ChimeraError as e:
            report.append("ERROR %s\n  %s" % (g.describe(), e))
            mm += 1
        total_pos += len(fens)
        total_mm += mm
        print("%s: %d positions, %d mismatches" % (g.describe(), len(fens), mm))
        for r in report:
            print(r)
        if report:
            print("  Chimera section:\n    " + g.chimera_ini().strip().replace("\n", "\n    "))
            print("  FSF config:\n    " + g.fsf_ini().strip().replace("\n", "\n    "))
        sys.stdout.flush()
    print("TOTAL seed %d: %d games, %d positions, %d deep divides (%d perft leaves), "
          "%d mismatches, %.1fs (depth-1 moves %d: %d castlings, %d promotions, "
          "%d double steps, %d en passant; %d castlings refused for check or attack; "
          "%d stalemate results; %s; %d move-rule probes (%d resetting, %d mates), %d skipped)" % (
              a.seed, len(games), total_pos, total_deep, STATS["leaves"], total_mm,
              time.time() - t0, STATS["moves"], STATS["castle"], STATS["promo"],
              STATS["double"], STATS["ep"], STATS["refused"], STATS["stalemates"],
              ", ".join("%s cut %d moves in %d positions" % (f, STATS[f + "_cut"],
                                                             STATS[f + "_pos"]) for f in FEATURES),
              STATS["mr"], STATS["mr_reset"], STATS["mr_mate"], STATS["mr_skip"]))
    return 1 if total_mm else 0


if __name__ == "__main__":
    sys.exit(main())
