#!/usr/bin/env python3
"""Independent perft oracle for the cancellation modifier's EXTENDED form over relay / anti-relay
games: `cancellation-extended-<relay name>-<base>` (`cancellation-extended-relay-chess`,
`cancellation-extended-anti-relay-gothic`,
`cancellation-extended-hostile-relay-friendly-anti-relay-grand`, ...).

Written from /work/shared/rules/cancellation.md ("Extended form") and relay.md only, in plain
Python (standard library), on top of the existing oracles of scripts/oracles:
  * bases chess, capablanca, gothic, grand, tutti-frutti: cancellation_relay.py's `CR` over
    relay.py's `Game`; relay.py knows only the move types R, B, N, so the subclass `XGame` here adds
    the one-step leaper types W (orthogonal) and F (diagonal) to `reach` (seeing / moving) and
    `attacked` (check);
  * the fairy bases (paulowich, paulowich-crosswise, kings-leap, janus, embassy, chancellor,
    cannons-and-crabs(-7x7), canonical, canonic, canon): cancellation_relay_fairy.py's `CRF` over
    relay_fairy.py's `Game`, which already has the types W and F; only the piece set is widened.
No file of scripts/oracles is changed: the subclasses copy the games' piece tables before adding
to them.

The extended form (cancellation.md): the extra pieces Wazir `W` (2), non-royal Commoner `K` (4),
Dragon Horse `BW` (6), Dragon King `RF` (7), Archbishop `BN` (8), each only where the game has no
piece type of that value, with the first letter of src/rules/cancellation/extended.ini's list the
game does not use (kept here as EXTRAS; `--self-check` compares it with the file when it exists):
chess W M H D A; capablanca, gothic, grand, tutti-frutti W M H D; paulowich(-crosswise),
kings-leap, chancellor W M H D A; janus, embassy W M H D; cannons-and-crabs(-7x7) G H D (its X is
worth 2, its M is the Marshall); canonical, canonic, canon H D (Q 2, B / N 4, R 8).
They are placed like any type, count at their value as capturer and captured, may stand anywhere,
never promote and are no promotion choice.

Relay (relay.md): "a move type is one Betza atom with its range (a rider or a leaper), so any
piece defined in Betza notation decomposes into types". So:
  Wazir {W}; Commoner {W, F} (Betza's K is the compound W + F, as Q is R + B); Dragon Horse
  {B, W}; Dragon King {R, F}; Archbishop {B, N}. W (one orthogonal step, a leaper) is a type of
  its own, distinct from R (the orthogonal rider), and F distinct from B.
Placed fairy pieces see, relay, anti-relay and are relayed like any other non-King, non-Pawn
piece. (`--alt commoner-one-type` reads the Commoner as one type K instead: an alternative
reading, for the report only.)

The cancellation layer (capture rule, placing, placement plies, legality judged on the finished
board with effective moves recomputed there) is CR's / CRF's; see those files.

FEN: Chimera's, the fairy letters in the board, a seventh field `place=SQ,R,dest|near,pass|stay`
while placements are pending.

CLI:
  cancellation_extended_relay.py --variant NAME [--fen FEN] --depth D [--divide]
  cancellation_extended_relay.py --self-check [--positions N] [--seed S] [--depth D]
      (1) relay off: against cancellation.py's extended form (random playouts of its own, its
          hand-made extended positions);
      (2) extended pieces unused (an empty EXTRAS list): against cancellation_relay.py /
          cancellation_relay_fairy.py on random relay names;
      (3) cancellation off: this oracle's relay layer with fairy pieces (relay.py + W/F) against
          relay_fairy.py's own W/F code, on random positions full of fairy pieces;
      (4) hand-made positions with counts worked out by hand from the rules (HAND).
  cancellation_extended_relay.py --compare --chimera PATH --seed S [--names K] [--positions N]
          [--placements N] [--depth D] [--bases a,b] [--fairy-bases] [--stop-after SECONDS]
      K random relay names per base (relay_fairy.random_names), each prefixed
      `cancellation-extended-`; per name: N random-playout positions biased to captures (kept
      mostly where fairy pieces stand or placements are pending), N random hand-made positions
      with fairy pieces next to / in line with other pieces (and a capture child of each with
      placements pending), and the HAND positions of that base; every one at depths 1..D
      (`PATH perft --variant V --fen F --depth d --divide`). Every difference is narrowed to the
      leaf position and the moves only one side has. Exit 1 on any mismatch. Deterministic per
      seed (moves sorted before every random choice).
"""

import argparse
import os
import random
import re
import sys
import time

ORACLES = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, ORACLES)
import relay as RL  # noqa: E402
import relay_fairy as RF  # noqa: E402
import cancellation_relay as CRM  # noqa: E402
from cancellation_relay import CR  # noqa: E402
from cancellation_relay_fairy import CRF  # noqa: E402

# (letters to try, Betza, value): src/rules/cancellation/extended.ini
EXTRAS = [("w", "W", 2), ("mgu", "K", 4), ("hy", "BW", 6), ("dl", "RF", 7), ("aov", "BN", 8)]
ALT = set()   # alternative readings (--alt): "commoner-one-type"
INI = os.path.join(ORACLES, "..", "..", "src", "rules", "cancellation", "extended.ini")


def betza_types(betza):
    """Betza -> move types (relay.md: one atom with its range each). K = W + F, Q = R + B."""
    if betza == "K" and "commoner-one-type" in ALT:
        return ("K",)
    out = []
    for ch in betza:
        out += {"K": ["W", "F"], "Q": ["R", "B"]}.get(ch, [ch])
    for t in out:
        assert t in ("W", "F", "R", "B", "N"), betza
    return tuple(dict.fromkeys(out))


def extras_for(values, used_letters):
    """[(letter, types, value)] of the extra pieces a game with these rule values gets."""
    used = set(c.lower() for c in used_letters)
    vals = set(values)
    out = []
    for letters, betza, value in EXTRAS:
        if value in vals:
            continue
        letter = next(c for c in letters if c not in used)
        used.add(letter)
        vals.add(value)
        out.append((letter, betza_types(betza), value))
    return out


# ---------------------------------------------------------------------------------------------
# relay.py's Game with the one-step types W and F (and, for --alt only, K)

class XGame(RL.Game):
    def __init__(self, name, extra=()):
        super().__init__(name)
        self.types = dict(self.types)   # relay.py's BASES table stays as it is
        for letter, types, _v in extra:
            self.types[letter] = "".join(types)
        F, R = self.F, self.R
        self.wn, self.fn = [], []
        for sq in range(self.N):
            f, r = sq % F, sq // F
            self.wn.append([(r + dy) * F + f + dx for dx, dy in RL.ORTHO if 0 <= f + dx < F and 0 <= r + dy < R])
            self.fn.append([(r + dy) * F + f + dx for dx, dy in RL.DIAG if 0 <= f + dx < F and 0 <= r + dy < R])

    def reach(self, board, sq, t):
        if t == "W":
            return list(self.wn[sq])
        if t == "F":
            return list(self.fn[sq])
        if t == "K":
            return list(self.kingn[sq])
        return super().reach(board, sq, t)

    def attacked(self, board, eff, sq, by_white):
        if super().attacked(board, eff, sq, by_white):
            return True
        own = str.isupper if by_white else str.islower
        for lst, t in ((self.wn[sq], "W"), (self.fn[sq], "F")):
            for s in lst:
                p = board[s]
                if p is not None and own(p) and p.lower() not in "kp":
                    e = eff.get(s, ())
                    if t in e or "K" in e:
                        return True
        return False


def split_name(name):
    """-> (cancel, extended, rest)."""
    if name.startswith("cancellation-extended-"):
        return True, True, name[len("cancellation-extended-"):]
    if name.startswith("cancellation-"):
        return True, False, name[len("cancellation-"):]
    return False, False, name


def base_of(rest):
    if rest in RL.BASES or rest in RF.BASES or rest == "tutti-fruitti":
        return "tutti-frutti" if rest == "tutti-fruitti" else rest
    try:
        return RL.parse_name(rest)[2]
    except AssertionError:
        return RF.parse_name(rest)[2]


RL_BASES = set(RL.BASES)


class CRX(CR):
    """cancellation(-extended) over relay.py's bases with the fairy pieces."""

    def __init__(self, name, extras=None):
        self.name = name
        cancel, ext, rest = split_name(name)
        self.cancel = cancel
        base = base_of(rest)
        vals = {t: CRM.VALUES[t] for t in list(RL.BASES[base]["types"]) + ["p"]}
        used = list(RL.BASES[base]["types"]) + ["p", "k"]
        self.extra = (extras_for(vals.values(), used) if extras is None else extras) if ext else []
        if rest == base or rest == "tutti-fruitti":
            self.g = XGame("relay-" + base, self.extra)
            self.g.relay = None
            self.g.anti = None
        else:
            self.g = XGame(rest, self.extra)
        self.V = dict(vals)
        for letter, _t, v in self.extra:
            self.V[letter] = v
        self.placeable = sorted(((v, t) for t, v in self.V.items()), key=lambda x: (-x[0], x[1]))

    # uniform helpers
    def moves(self, pos):
        return sorted(self.legal(pos), key=lambda tn: tn[0])

    def board_fen(self, b, white):
        return self.g.fen((b, "w" if white else "b", set(), None))

    @property
    def start(self):
        return self.g.start

    def pawn_letters(self):
        return "p"


class CRFX(CRF):
    """cancellation(-extended) over relay_fairy.py's bases with the fairy pieces."""

    def __init__(self, name, extras=None):
        cancel, ext, rest = split_name(name)
        super().__init__(("cancellation-" + rest) if cancel else rest)
        self.name = name
        g = self.g
        used = list(g.types) + list(g.pawns) + ["k"]
        self.extra = (extras_for(self.V.values(), used) if extras is None else extras) if ext else []
        g.types = dict(g.types)   # relay_fairy's BASES table stays as it is
        for letter, types, v in self.extra:
            g.types[letter] = types
            self.V[letter] = v
        self.placeable = sorted(((v, t) for t, v in self.V.items()), key=lambda x: (-x[0], x[1]))

    def moves(self, pos):
        return sorted(self.legal(pos, None), key=lambda tn: tn[0])

    def board_fen(self, b, white):
        return self.g.fen((tuple(b), white, frozenset(), None))

    @property
    def start(self):
        return self.g.start

    def pawn_letters(self):
        return self.g.pawns


def make_game(name, extras=None):
    cancel, ext, rest = split_name(name)
    base = base_of(rest)
    if base in RL_BASES:
        return CRX(name, extras)
    return CRFX(name, extras)


# ---------------------------------------------------------------------------------------------
# Positions

def fairy_letters(game):
    return set(l for l, _t, _v in game.extra)


def has_fairy(game, pos):
    fl = fairy_letters(game)
    return any(p is not None and p.lower() in fl for p in pos[0])


def dest_occupied(game, pos, text):
    if "@" in text:
        return True
    m = re.match(r"[a-p]\d+([a-p]\d+)", text)
    return pos[0][game.g.parse_sq(m.group(1))] is not None


def random_playouts(game, n, rng, max_plies=60):
    """Seeded playouts from the start, biased to captures (so fairy pieces get placed, then move,
    capture and relay); kept mostly where a fairy piece stands, often with placements pending."""
    out = []
    tries = 0
    while len(out) < n and tries < 30 * n:
        tries += 1
        pos = game.parse_fen(game.start)
        path = {game.key(pos)} if getattr(game, "canon", False) else None
        kept = None
        for _ in range(rng.randint(6, max_plies)):
            if path is not None:
                moves = sorted(game.legal(pos, path), key=lambda tn: tn[0])
            else:
                moves = game.moves(pos)
            if not moves:
                break
            caps = [m for m in moves if dest_occupied(game, pos, m[0])]
            _, pos = rng.choice(caps if caps and rng.random() < 0.7 else moves)
            if path is not None:
                path.add(game.key(pos))
            if has_fairy(game, pos) and rng.random() < 0.25:
                kept = pos
                if pos[4] is not None or rng.random() < 0.5:
                    break
        if kept is None and rng.random() < 0.8:
            continue
        pos = kept or pos
        if game.moves(pos) and (pos[4] is not None or sane(game, pos)):
            out.append(game.fen(pos))
    return out


def sane(game, pos):
    b = list(pos[0])
    white = game.white_of(pos)
    if "K" not in b or "k" not in b:
        return False
    if not game.king_safe(b, not white):
        return False
    return True


def castle_specs(game):
    """[(right, King square, partner square)] of the game's castlings (both colours)."""
    g = game.g
    out = []
    if isinstance(game, CRX):
        if not g.castle:
            return out
        kfile, hi, lo = g.castle
        for rank, kk, qq in ((0, "K", "Q"), (g.R - 1, "k", "q")):
            out.append((kk, rank * g.F + kfile, rank * g.F + hi[0]))
            out.append((qq, rank * g.F + kfile, rank * g.F + lo[0]))
        return out
    for white in (True, False):
        for right, kf, kt, pf, pt in g.castles[white]:
            out.append((right, kf, pf))
    return out


def random_fairy_position(game, rng, tries=200):
    """A hand-made-style random position: both Kings, 2-4 fairy pieces and 2-5 other pieces, most
    of them in a small window so that they see (defend / attack) each other; no castling."""
    g = game.g
    F, R = g.F, g.R
    N = F * R
    fl = sorted(fairy_letters(game))
    if not fl:
        return None
    base_t = sorted(t for t in g.types if t not in fl)
    pawns = game.pawn_letters()
    canon = getattr(game, "canon", False)
    for _ in range(tries):
        b = [None] * N
        free = set(range(N))

        def put(p, cond=lambda s: True, near=None):
            c = sorted(s for s in free if cond(s))
            if near is not None:
                cn = [s for s in c if max(abs(s % F - near % F), abs(s // F - near // F)) <= 2]
                if cn and rng.random() < 0.85:
                    c = cn
            if not c:
                return None
            s = rng.choice(c)
            b[s] = p
            free.discard(s)
            return s

        rights = set()
        castle = castle_specs(game)
        if castle and rng.random() < 0.5:   # Kings at home with castling partners (and rights)
            start = game.parse_fen(game.start)[0]
            for right, ksq, psq in castle:
                k = start[ksq]
                if b[ksq] is None:
                    b[ksq] = k
                    free.discard(ksq)
                if b[ksq] == k and rng.random() < 0.8:
                    b[psq] = start[psq]
                    free.discard(psq)
                    rights.add(right)
        for white in (True, False):
            k = "K" if white else "k"
            if k not in b:
                put(k, (lambda s, w=white: s in g.fort[w]) if canon else (lambda s: True))
        centre = rng.randrange(N)
        items = [rng.choice(fl) for _ in range(rng.randint(2, 4))]
        items += [rng.choice(base_t + [pawns[0]] * 2) for _ in range(rng.randint(2, 5))]
        ok = True
        for t in items:
            p = t.upper() if rng.random() < 0.5 else t
            if t in pawns:
                if canon:
                    n = F
                    cond = (lambda s: s % n + s // n + 2 >= n) if p.isupper() else (lambda s: s % n + s // n <= n)
                else:
                    cond = lambda s: 1 <= s // F <= R - 2
            elif canon and t == "q":
                cond = lambda s, w=p.isupper(): s in g.fort[w]
            else:
                cond = lambda s: True
            if put(p, cond, centre) is None:
                ok = False
        if not ok:
            continue
        white = rng.random() < 0.5
        fen = game.board_fen(b, white)
        if rights:
            parts = fen.split()
            parts[2] = "".join(c for c in "KQkq" if c in rights)
            fen = " ".join(parts)
        pos = game.parse_fen(fen)
        if canon and g.kings_facing(pos[0]):
            continue
        if not sane(game, pos) or not game.moves(pos):
            continue
        return fen
    return None


# ---------------------------------------------------------------------------------------------
# Hand-made positions: (variant, FEN, depth, {move: expected count, None = absent}, note)
# Values (chess): P1 N3 B3 R5 Q9; extras W2 M(Commoner)4 H(Dragon Horse)6 D(Dragon King)7 A(Archbishop)8.

HAND = [
    # Q takes R: r = 4 -> a Commoner (the only type of value 4) on d4, automatically; one ply.
    ("cancellation-extended-relay-chess", "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1", 1, {"a1d4": 1}, "Q x R -> Commoner"),
    # After Qxd4 the Commoner stands on d4 (no further placement), Black to move.
    ("cancellation-extended-relay-chess", "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1", 2, {"a1d4": 5}, "k moves after QxR"),
    # friendly relay: the White Rook a4 sees the Wazir b4 by R (adjacent), so the Wazir gains R
    # and can slide b4-b8 (b5 b6 b7 b8) plus its own W steps (a4 own, c4, b3, b5): moves of W:
    # b5 b6 b7 b8 (R up), b3 b2 b1 (R down; b3 also W), c4 (W; R right along rank 4: c4..h4),
    # so W reaches b5-b8, b1-b3, c4-h4 = 4 + 3 + 6 = 13.
    ("relay-chess+ext", "7k/8/8/8/RW6/8/8/7K w - - 0 1", 1, None, "wazir gains R (checked vs relay_fairy)"),
    # hostile direct anti-relay: the Black Commoner e5 sees the White Dragon King d4 by F: the Dragon
    # King (R, F) loses F -> it cannot step to c3, e3, c5, or take e5 (a Commoner, worth 4 < 7).
    # Its R moves are unaffected: d4 -> d1..d3 (d1? the King is on h1: d1 free), d5..d8, a4..c4, e4..h4.
    ("cancellation-extended-anti-relay-chess", "7k/8/8/4m3/3D4/8/8/7K w - - 0 1", 1, {"d4e5": None, "d4c3": None, "d4d5": 1}, "DK loses F"),
    # same without anti-relay: DxM (7 > 4): r = 3 -> a Bishop or Knight on e5 (a ply, choice).
    ("cancellation-extended-chess", "7k/8/8/4m3/3D4/8/8/7K w - - 0 1", 2, {"d4e5": 2}, "DK takes Commoner"),
    # relay-off cross-check of a fairy capture by a Pawn: P x Archbishop (1 < 8): Black places
    # r = 7: a Dragon King on e5 (automatic), nothing left.
    ("cancellation-extended-chess", "4k3/8/8/4a3/3P4/8/8/K7 w - - 0 1", 1, {"d4e5": 1}, "P x A -> DK"),
    # relay: the placed Dragon King e5 (black) would be relayed by the Black Rook e8 (R: it has R
    # already) -- and by the Black Bishop h8? h8-e5 diagonal: f6 g7 empty -> the DK gains B and
    # checks a1 along e5-d4? d4 is empty after the capture: e5 d4 c3 b2 a1 -> check: Pxe5 illegal.
    ("cancellation-extended-relay-chess", "4k2b/8/8/4a3/3P4/8/8/K7 w - - 0 1", 1, {"d4e5": None}, "placed DK gains B: check"),
    ("cancellation-extended-chess", "4k2b/8/8/4a3/3P4/8/8/K7 w - - 0 1", 1, {"d4e5": 1}, "no relay: legal"),
    # compare-only positions (no hand-worked counts): castling across squares fairy pieces see,
    # by their own W / F steps or by types relayed to / taken from them
    ("relay-chess+ext", "r3k3/5r2/8/8/8/5w2/8/R3K2R w KQq - 0 1", 2, None, "wazir f3 gains R from f7: f1 attacked"),
    ("relay-chess+ext", "r3k2r/8/8/8/8/8/2m3h1/R3K2R w KQkq - 0 1", 2, None, "commoner / dragon horse by the crossed squares"),
    ("relay-chess+ext", "r3k2r/1D6/8/8/8/8/6d1/R3K2R b KQkq - 0 1", 2, None, "dragon kings near the castling squares"),
    ("relay-chess+ext", "r3k2r/8/3W4/8/8/3a4/8/R3K2R w KQkq - 0 1", 2, None, "archbishop / wazir"),
    ("relay-gothic+ext", "r4k3r/10/10/3m6/10/10/6H3/R4K3R w KQkq - 0 1", 2, None, "gothic castling, fairy pieces"),
    ("relay-tutti-frutti+ext", "e3k2r/8/8/8/8/8/2W2w2/E3K2R w KQkq - 0 1", 2, None, "tutti-frutti castling with the Empress, wazirs"),
    # placed / standing fairy pieces next to pawns (en passant, double steps, captures)
    ("relay-chess+ext", "4k3/8/8/3pP3/8/8/3W1m2/4K3 w - d6 0 2", 2, None, "en passant beside fairy pieces"),
    ("relay-grand+ext", "10/4k5/10/10/3m6/10/10/2P1H5/4K5/10 w - - 0 1", 2, None, "grand pawn and fairy pieces"),
    # a Dragon King taking a defended Wazir: 7 - 2 = 5 -> a Rook on the square (automatic), relay
    ("relay-chess+ext", "4k3/8/8/3w4/2r5/8/8/3DK3 w - - 0 1", 3, None, "DK x W, rook placed, relayed"),
    ("relay-chess+ext", "4k3/8/8/3h4/8/8/3R4/3K4 w - - 0 1", 3, None, "R x DH: black places 1: a pawn next to d5"),
]


def hand_check():
    bad = 0
    for name, fen, d, exp, note in HAND:
        if exp is None:
            continue
        g = make_game(name)
        got = g.divide(g.parse_fen(fen), d)
        ok = all(got.get(m) == c for m, c in exp.items())
        print("hand %s %s depth %d: %s %s" % ("ok" if ok else "WRONG", name, d, note,
                                              "" if ok else "got %s" % sorted(got.items())))
        bad += not ok
    # the wazir relayed by a rook: exact move list
    g = XGame("relay-chess", extras_for([1, 3, 5, 9], "pnbrqk"))
    pos = g.parse_fen("7k/8/8/8/RW6/8/8/7K w - - 0 1")
    dests = sorted(g.uci(m)[2:] for m in g.legal(pos) if m[0] == g.parse_sq("b4"))
    want = sorted(["b5", "b6", "b7", "b8", "b3", "b2", "b1", "c4", "d4", "e4", "f4", "g4", "h4"])
    ok = dests == want
    print("hand %s relay-chess wazir b4 gains R from a4: %s" % ("ok" if ok else "WRONG", dests))
    bad += not ok
    return bad


# ---------------------------------------------------------------------------------------------
# Self-check

def rf_chess_base(extra):
    """relay_fairy.py's Game over chess with the fairy pieces (a second, independent W/F code)."""
    types = {"q": ("R", "B"), "r": ("R",), "b": ("B",), "n": ("N",)}
    for letter, t, _v in extra:
        types[letter] = t
    RF.BASES["xchess"] = dict(RF.CHESSLIKE, F=8, R=8, start=RL.BASES["chess"]["start"], types=types,
                              promo="qrbn", castle=[("K", 4, 6, 7, 5), ("Q", 4, 2, 0, 3)])


def self_check(args):
    import cancellation as CA
    rng = random.Random(args.seed)
    bad = 0
    t0 = time.time()
    # 0. EXTRAS against the variant data
    if os.path.exists(INI):
        rows = []
        for line in open(INI):
            line = line.split("#")[0].split()
            if line:
                rows.append((line[0], line[2], int(line[3])))
        ok = rows == EXTRAS
        print("EXTRAS vs %s: %s" % (os.path.normpath(INI), "ok" if ok else "DIFFER %s" % rows))
        bad += not ok
    # 0b. the extras per base, as cancellation.py derives them
    bases = ["chess", "capablanca", "gothic", "grand", "tutti-frutti"]
    fbases = ["paulowich", "paulowich-crosswise", "kings-leap", "janus", "embassy", "chancellor",
              "cannons-and-crabs", "cannons-and-crabs-7x7", "canonical", "canonic", "canon"]
    for base in bases + fbases:
        mine = {l.upper(): v for l, _t, v in make_game("cancellation-extended-" + base).extra}
        theirs = {l: CA.EXTENDED[base].values[l] for l in CA.EXTENDED[base].fairy}
        ok = mine == theirs
        bad += not ok
        print("extras %s: %s %s" % (base, " ".join("%s%d" % kv for kv in sorted(mine.items(), key=lambda x: x[1])),
                                    "ok" if ok else "DIFFER from cancellation.py %s" % theirs))
    # 1. relay off: against cancellation.py's extended form
    for base in (args.bases.split(",") if args.bases else bases + fbases):
        name = "cancellation-extended-" + base
        cg = CA.EXTENDED[base]
        me = make_game(name)
        fens = [cg.start] + [t[1] for t in CA.TACTICAL.get(name, [])]
        fens += CA.random_positions(cg, args.positions, rng)
        n = 0
        for fen in fens:
            for d in range(1, args.depth + 1):
                want = CA.divide(CA.parse_fen(cg, fen), d)
                got = me.divide(me.parse_fen(fen), d)
                n += 1
                bad += CRM.divide_mismatch(want, got, "cancellation.py", "%s depth %d %s" % (name, d, fen))
        print("relay off, %s: %d cases vs cancellation.py (%.0fs)" % (name, n, time.time() - t0), flush=True)
    # 2. extras unused: against cancellation_relay(_fairy).py
    from cancellation_relay_fairy import CRF as CRF0
    for base in bases + ["paulowich", "cannons-and-crabs", "canonic"]:
        for rname in RF.random_names([base], 2, rng):
            me = make_game("cancellation-extended-" + rname, extras=[])
            ref = CR("cancellation-" + rname) if base in RL_BASES else CRF0("cancellation-" + rname)
            fens = [ref.g.start] + ref.random_positions(max(2, args.positions // 2), rng)
            n = 0
            for fen in fens:
                for d in (1, 2):
                    want = ref.divide(ref.parse_fen(fen), d)
                    got = me.divide(me.parse_fen(fen), d)
                    n += 1
                    if want != got:
                        bad += 1
                        print("MISMATCH vs cancellation_relay %s depth %d %s" % (rname, d, fen))
            print("extras unused, %s: %d cases (%.0fs)" % (rname, n, time.time() - t0), flush=True)
    # 3. cancellation off, fairy pieces on board: relay.py + W/F here vs relay_fairy.py
    extra = extras_for([1, 3, 5, 9], "pnbrqk")
    rf_chess_base(extra)
    for rname in RF.random_names(["chess"], 6, rng):
        me = XGame(rname, extra)
        rg = RF.Game(rname[:-len("chess")] + "xchess")
        cg = make_game("cancellation-extended-" + rname)
        fens = [random_fairy_position(cg, rng) for _ in range(args.positions)]
        n = 0
        for fen in fens:
            if fen is None:
                continue
            for d in (1, 2):
                want = rg.divide(rg.parse_fen(fen), d, None)
                got = me.divide(me.parse_fen(fen), d)
                n += 1
                if want != got:
                    bad += 1
                    print("MISMATCH relay layer vs relay_fairy %s depth %d %s" % (rname, d, fen))
                    for m in sorted(set(want) | set(got)):
                        if want.get(m) != got.get(m):
                            print("   %s relay_fairy %s here %s" % (m, want.get(m), got.get(m)))
        print("cancellation off, fairy pieces, %s: %d cases vs relay_fairy.py (%.0fs)" % (rname, n, time.time() - t0),
              flush=True)
    # 4. hand-made
    bad += hand_check()
    # FEN round trip
    g = make_game("cancellation-extended-relay-chess")
    for fen in random_playouts(g, 5, rng):
        p = g.parse_fen(fen)
        if g.parse_fen(g.fen(p)) != p:
            bad += 1
            print("FEN round trip failed:", fen)
    print("self-check: %d problems (%.0fs)" % (bad, time.time() - t0))
    return 1 if bad else 0


# ---------------------------------------------------------------------------------------------
# Chimera

def child(game, pos, text):
    for t, n in game.moves(pos):
        if t == text:
            return n
    raise ValueError(text)


def narrow(chimera, game, variant, fen, depth, want, got, lines, limit=6):
    only_o = sorted(set(want) - set(got))
    only_c = sorted(set(got) - set(want))
    if only_o or only_c:
        lines.append("   LEAF %s %s : oracle-only %s chimera-only %s" % (variant, fen, only_o, only_c))
    if depth > 1:
        for m in sorted(set(want) & set(got)):
            if want[m] != got[m] and len(lines) < limit:
                c = child(game, game.parse_fen(fen), m)
                cf = game.fen(c)
                w2 = game.divide(c, depth - 1)
                g2, err = CRM.chimera_divide(chimera, variant, cf, depth - 1)
                if g2 is None:
                    lines.append("   chimera failed on %s: %s" % (cf, err))
                    continue
                lines.append("   via %s (oracle %d chimera %d) -> %s" % (m, want[m], got[m], cf))
                narrow(chimera, game, variant, cf, depth - 1, w2, g2, lines, limit)


def compare(args):
    rng = random.Random(args.seed)
    bases = args.bases.split(",")
    if args.fairy_bases:
        bases += ["paulowich", "paulowich-crosswise", "kings-leap", "janus", "embassy", "chancellor",
                  "cannons-and-crabs", "cannons-and-crabs-7x7", "canonical", "canonic", "canon"]
    names = ["cancellation-extended-" + n for n in RF.random_names(bases, args.names, rng)]
    bad = runs = nodes = npos = pend = 0
    t0 = time.time()
    for variant in names:
        game = make_game(variant)
        fens = random_playouts(game, args.positions, rng)
        for _ in range(args.placements):
            f = random_fairy_position(game, rng)
            if not f:
                continue
            fens.append(f)
            kids = [n for _, n in game.moves(game.parse_fen(f)) if n[4] is not None]
            if kids:
                fens.append(game.fen(rng.choice(kids)))
        base = base_of(split_name(variant)[2])
        for hname, hfen, _d, _e, _n in HAND:
            hb = base_of(split_name(hname.replace("+ext", ""))[2])
            if hb == base and hfen not in fens:
                fens.append(hfen)
        npos += len(fens)
        pend += sum("place=" in f for f in fens)
        n_bad = 0
        nruns = 0
        for fen in fens:
            for d in range(1, args.depth + 1):
                want = game.divide(game.parse_fen(fen), d)
                got, err = CRM.chimera_divide(args.chimera, variant, fen, d)
                runs += 1
                nruns += 1
                nodes += sum(want.values())
                if got is None:
                    n_bad += 1
                    print("ERROR %s depth %d %s: chimera failed: %s" % (variant, d, fen, err), flush=True)
                    break
                if want != got:
                    n_bad += 1
                    print("MISMATCH %s depth %d %s oracle %d chimera %d" % (
                        variant, d, fen, sum(want.values()), sum(got.values())))
                    lines = []
                    narrow(args.chimera, game, variant, fen, d, want, got, lines)
                    print("\n".join(lines), flush=True)
                    break   # deeper runs of a mismatching position add nothing
        print("%s: %d positions, %d runs, %d mismatches (%.0fs)" % (variant, len(fens), nruns, n_bad,
                                                                   time.time() - t0), flush=True)
        bad += n_bad
        if args.stop_after and time.time() - t0 > args.stop_after:
            print("stopping: time limit", flush=True)
            break
    print("SUMMARY: %d names, %d positions (%d with placements pending), %d perft runs, %d oracle leaf nodes, "
          "%d mismatches (%.0fs)" % (len(names), npos, pend, runs, nodes, bad, time.time() - t0))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="cancellation-extended-relay-chess")
    ap.add_argument("--fen")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--self-check", action="store_true")
    ap.add_argument("--chimera")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--names", type=int, default=2, help="random relay names per base")
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--placements", type=int, default=None, help="random fairy positions per name (default: --positions)")
    ap.add_argument("--bases", default="chess,gothic,grand,tutti-frutti")
    ap.add_argument("--fairy-bases", action="store_true", help="--compare: also the fairy bases of relay_fairy.py")
    ap.add_argument("--stop-after", type=float, default=0)
    ap.add_argument("--alt", action="append", default=[], help="alternative reading: commoner-one-type")
    ap.add_argument("--random-fens", action="store_true")
    args = ap.parse_args()
    ALT.update(args.alt)
    if args.placements is None:
        args.placements = args.positions
    if args.self_check:
        if args.bases == "chess,gothic,grand,tutti-frutti":
            args.bases = ""
        return self_check(args)
    if args.compare:
        if not args.chimera:
            ap.error("--compare needs --chimera PATH")
        return compare(args)
    game = make_game(args.variant)
    if args.random_fens:
        rng = random.Random(args.seed)
        for fen in random_playouts(game, args.positions, rng):
            print(fen)
        for _ in range(args.placements):
            print(random_fairy_position(game, rng))
        return 0
    d = game.divide(game.parse_fen(args.fen or game.start), args.depth)
    CRM.print_perft(d, args.divide)
    return 0


if __name__ == "__main__":
    sys.exit(main())
