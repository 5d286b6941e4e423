#!/usr/bin/env python3
"""Cross-check Chimera's move generator against Fairy-Stockfish (pyffish).

For every game, the start position and N positions reached by seeded random playouts are
checked:
  * depth 1 : Chimera's `perft --divide --depth 1` move set must equal pyffish's legal moves;
  * depth D : on a subsample (the start position and every K-th position), Chimera's
              per-root-move counts of `perft --divide --depth D` must equal the counts computed
              with pyffish; a differing count is drilled down move by move until the position
              whose move sets differ is found and printed.

    scripts/crosscheck_pyffish.py --chimera target/release/chimera            # full run
    scripts/crosscheck_pyffish.py --chimera target/release/chimera --quick    # CI (30/game)
    scripts/crosscheck_pyffish.py --chimera ... --games grand,janus --positions 200 --depth 3
    scripts/crosscheck_pyffish.py --self-test-only                            # oracle only

Output: one line per game `GAME: N positions, M mismatches`, and for each mismatch the FEN
and the moves found only on one side. Exit code 1 on any mismatch (0 otherwise, 2 on usage
or environment errors).

The oracles (see also scripts/fsf-variants.ini):
  * chess, capablanca, gothic, janus, embassy, chancellor, grand: pyffish built-ins;
  * paulowich, tutti-frutti: sections of scripts/fsf-variants.ini;
  * paulowich-crosswise: [paulowich] with Black's moves generated on the file-mirrored board
    (exact: all pieces are left-right symmetric and Black's mirrored array + castling is
    Paulowich's), castling rights tracked in Python;
  * kings-leap: NOT expressible in FSF, so not checked by default. `--hybrid` enables a hybrid
    oracle: FSF (Paulowich without castling) for every ordinary move, the King's Leap added in
    Python from the rules text (empty destination, leapt square not hostile and not attacked,
    king not in check before or after; attack tests asked of FSF). It is independent of
    Chimera but is not pure FSF; its results are reported with a "[hybrid]" tag.

Notation mapping is explicit in code: FSF and Chimera both write castling as the king's move
(e1g1, f1i1), promotions with a lowercase suffix, ranks >= 10 with two digits; FSF FENs use
KQkq (chess960 off) and never promoted-piece markers for these games (asserted). The castling
field of paulowich-crosswise (KQkq = h-/a-file partners) is rebuilt in Python, and the one of
kings-leap (K/k = king unmoved) is maintained in Python (FSF sees `-`).
"""

import argparse
import multiprocessing as mp
import os
import random
import re
import subprocess
import sys
import time
import zlib

try:
    import pyffish as sf
except ImportError:  # pragma: no cover
    sys.stderr.write("pyffish is not installed: pip install pyffish\n")
    sys.exit(2)

HERE = os.path.dirname(os.path.abspath(__file__))
INI_PATH = os.path.join(HERE, "fsf-variants.ini")

# ----------------------------------------------------------------------------------------
# Games
# ----------------------------------------------------------------------------------------
# name -> (oracle kind, FSF variant, Chimera's start FEN per the rules files)
GAMES = {
    "chess": ("fsf", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    "capablanca": ("fsf", "capablanca",
                   "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"),
    "gothic": ("fsf", "gothic",
               "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1"),
    "grand": ("fsf", "grand",
              "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"),
    "janus": ("fsf", "janus",
              "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1"),
    "embassy": ("fsf", "embassy",
                "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1"),
    "chancellor": ("fsf", "chancellor",
                   "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1"),
    "tutti-frutti": ("fsf", "tutti-frutti",
                     "enbzkqar/pppppppp/8/8/8/8/PPPPPPPP/ENBZKQAR w KQkq - 0 1"),
    "paulowich": ("fsf", "paulowich", "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1"),
    "paulowich-crosswise": ("crosswise", "paulowich",
                            "qnbkrbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1"),
    "kings-leap": ("leap", "chimera-kings-leap-base",
                   "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w Kk - 0 1"),
}
DEFAULT_GAMES = [g for g in GAMES if g != "kings-leap"]
HYBRID_GAMES = {"kings-leap"}
CHESS_ALIASES = ["standard", "normal"]

# ----------------------------------------------------------------------------------------
# pyffish set-up
# ----------------------------------------------------------------------------------------
_loaded = False


def init_pyffish():
    """Load scripts/fsf-variants.ini once per process and make sure every FSF variant we use
    exists (pyffish segfaults on an unknown variant name)."""
    global _loaded
    if _loaded:
        return
    with open(INI_PATH) as fh:
        sf.load_variant_config(fh.read())
    have = set(sf.variants())
    need = {v for (_, v, _) in GAMES.values()}
    missing = need - have
    if missing:
        raise SystemExit("pyffish lacks variants %s (check %s)" % (sorted(missing), INI_PATH))
    _loaded = True


# ----------------------------------------------------------------------------------------
# FEN / square helpers (boards up to 16x16, ranks may have two digits)
# ----------------------------------------------------------------------------------------
MOVE_RE = re.compile(r"^([a-p])(\d{1,2})([a-p])(\d{1,2})([a-z]?)$")


def parse_board(board):
    """'rnbqkbnr/pppppppp/8/...' -> list of ranks, index 0 = rank 1, each a list of
    piece letters or None."""
    ranks = []
    for row in board.split("/"):
        cells = []
        num = ""
        for ch in row:
            if ch.isdigit():
                num += ch
                continue
            if num:
                cells.extend([None] * int(num))
                num = ""
            if ch in "~+":
                raise ValueError("promoted-piece marker in FEN board %r" % board)
            cells.append(ch)
        if num:
            cells.extend([None] * int(num))
        ranks.append(cells)
    ranks.reverse()
    width = len(ranks[0])
    if any(len(r) != width for r in ranks):
        raise ValueError("ragged FEN board %r" % board)
    return ranks


def board_str(ranks):
    rows = []
    for cells in reversed(ranks):
        out, run = "", 0
        for c in cells:
            if c is None:
                run += 1
            else:
                if run:
                    out += str(run)
                    run = 0
                out += c
        if run:
            out += str(run)
        rows.append(out)
    return "/".join(rows)


def sq(name):
    """'e1' -> (file, rank) zero-based."""
    return ord(name[0]) - 97, int(name[1:]) - 1


def sqname(f, r):
    return "%s%d" % (chr(97 + f), r + 1)


def split_move(m):
    mt = MOVE_RE.match(m)
    if not mt:
        raise ValueError("unexpected move %r" % m)
    return (mt.group(1) + mt.group(2), mt.group(3) + mt.group(4), mt.group(5))


def mirror_square(name, files):
    f, r = sq(name)
    return sqname(files - 1 - f, r)


def mirror_move(m, files):
    a, b, promo = split_move(m)
    return mirror_square(a, files) + mirror_square(b, files) + promo


def fen_fields(fen):
    parts = fen.split()
    if len(parts) == 4:
        parts += ["0", "1"]
    if len(parts) != 6:
        raise ValueError("bad FEN %r" % fen)
    return parts


def is_white_piece(c):
    return c is not None and c.isupper()


def update_rights(rights, move, right_squares):
    """A castling/leap right dies when one of its squares is the from- or to-square."""
    if rights == "-":
        return "-"
    a, b, _ = split_move(move)
    kept = "".join(r for r in rights if a not in right_squares[r] and b not in right_squares[r])
    return kept or "-"


# ----------------------------------------------------------------------------------------
# Oracles
# ----------------------------------------------------------------------------------------
class FsfOracle:
    """Game expressed directly by an FSF variant: FENs and moves are used as they are."""

    hybrid = False

    def __init__(self, game):
        self.game = game
        _, self.variant, self.start_fen = GAMES[game]

    def legal(self, fen):
        return list(sf.legal_moves(self.variant, fen, []))

    def child(self, fen, move):
        out = sf.get_fen(self.variant, fen, [move])
        parse_board(fen_fields(out)[0])  # asserts: no promoted markers, well-formed
        return out

    def _count(self, fen, path, depth):
        if depth == 0:
            return 1
        ms = sf.legal_moves(self.variant, fen, path)
        if depth == 1:
            return len(ms)
        return sum(self._count(fen, path + [m], depth - 1) for m in ms)

    def divide(self, fen, depth):
        """{root move: perft(depth-1) of the child}. Replays move lists (1 pyffish call per
        interior node instead of 2)."""
        return {m: self._count(fen, [m], depth - 1) for m in self.legal(fen)}

    def perft(self, fen, depth):
        return self._count(fen, [], depth)


class FenOracle:
    """Oracle working FEN by FEN (used when the FEN seen by FSF differs from the game's)."""

    hybrid = False

    def divide(self, fen, depth):
        return {m: self.perft(self.child(fen, m), depth - 1) for m in self.legal(fen)}

    def perft(self, fen, depth):
        if depth == 0:
            return 1
        ms = self.legal(fen)
        if depth == 1:
            return len(ms)
        return sum(self.perft(self.child(fen, m), depth - 1) for m in ms)


class CrosswiseOracle(FenOracle):
    """paulowich-crosswise = Paulowich for White on the real board, and Paulowich for Black on
    the file-mirrored board. Castling field in the game's convention: K/Q = partner in the
    h-/a-file corner; White's king e1, Black's king d8."""

    FILES = 8
    RIGHT_SQUARES = {"K": ("e1", "h1"), "Q": ("e1", "a1"), "k": ("d8", "h8"), "q": ("d8", "a8")}
    SWAP = {"k": "q", "q": "k"}

    def __init__(self, game="paulowich-crosswise"):
        self.game = game
        _, self.variant, self.start_fen = GAMES[game]

    def _fsf_view(self, fen):
        """-> (FEN for FSF, mirrored?)"""
        board, stm, rights, ep, half, full = fen_fields(fen)
        if stm == "w":
            r = "".join(c for c in rights if c in "KQ") or "-"
            return " ".join([board, stm, r, ep, half, full]), False
        ranks = parse_board(board)
        ranks = [list(reversed(row)) for row in ranks]
        r = "".join(sorted((self.SWAP[c] for c in rights if c in "kq"), key="kq".index)) or "-"
        mep = ep if ep == "-" else mirror_square(ep, self.FILES)
        return " ".join([board_str(ranks), stm, r, mep, half, full]), True

    def legal(self, fen):
        ffen, mirrored = self._fsf_view(fen)
        ms = sf.legal_moves(self.variant, ffen, [])
        return [mirror_move(m, self.FILES) for m in ms] if mirrored else list(ms)

    def child(self, fen, move):
        ffen, mirrored = self._fsf_view(fen)
        fmove = mirror_move(move, self.FILES) if mirrored else move
        out = fen_fields(sf.get_fen(self.variant, ffen, [fmove]))
        board, stm, _, ep, half, full = out
        if mirrored:
            ranks = [list(reversed(row)) for row in parse_board(board)]
            board = board_str(ranks)
            ep = ep if ep == "-" else mirror_square(ep, self.FILES)
        rights = update_rights(fen_fields(fen)[2], move, self.RIGHT_SQUARES)
        return " ".join([board, stm, rights, ep, half, full])


class KingsLeapOracle(FenOracle):
    """HYBRID oracle for kings-leap: FSF's Paulowich-without-castling for ordinary moves, the
    King's Leap added here from chancellor.md. FEN castling field: K/k = that king unmoved."""

    hybrid = True
    HOME = {"w": "e1", "b": "e8"}
    # (destination, leapt-over square)
    LEAPS = {"w": [("c1", "d1"), ("e3", "e2"), ("g1", "f1")],
             "b": [("c8", "d8"), ("e6", "e7"), ("g8", "f8")]}
    RIGHT_SQUARES = {"K": ("e1",), "k": ("e8",)}

    def __init__(self, game="kings-leap"):
        self.game = game
        _, self.variant, self.start_fen = GAMES[game]

    @staticmethod
    def _fen(ranks, stm):
        return "%s %s - - 0 1" % (board_str(ranks), stm)

    def _in_check(self, ranks, stm):
        return bool(sf.gives_check(self.variant, self._fen(ranks, stm), []))

    def leaps(self, fen):
        board, stm, rights, ep, half, full = fen_fields(fen)
        flag = "K" if stm == "w" else "k"
        if flag not in rights:
            return []
        ranks = parse_board(board)
        home = self.HOME[stm]
        hf, hr = sq(home)
        king = "K" if stm == "w" else "k"
        if ranks[hr][hf] != king:
            raise ValueError("FEN %r: leap right %s but no king on %s" % (fen, flag, home))
        if self._in_check(ranks, stm):
            return []
        mine = is_white_piece if stm == "w" else (lambda c: c is not None and c.islower())
        out = []
        for dest, over in self.LEAPS[stm]:
            df, dr = sq(dest)
            of, orr = sq(over)
            if ranks[dr][df] is not None:
                continue  # destination must be empty (the leap is not a capture)
            occ = ranks[orr][of]
            if occ is not None and not mine(occ):
                continue  # hostile piece on the leapt square
            # Leapt square attacked? Judged with the king still at home: put the king on the
            # leapt square and a friendly blocker (knight) at home, so lines through home stay
            # blocked, and ask FSF whether the king is in check.
            probe = [row[:] for row in ranks]
            probe[orr][of] = king
            probe[hr][hf] = "N" if stm == "w" else "n"
            if self._in_check(probe, stm):
                continue
            after = [row[:] for row in ranks]
            after[hr][hf] = None
            after[dr][df] = king
            if self._in_check(after, stm):
                continue
            out.append(home + dest)
        return out

    def legal(self, fen):
        board, stm, rights, ep, half, full = fen_fields(fen)
        base = " ".join([board, stm, "-", ep, half, full])
        return list(sf.legal_moves(self.variant, base, [])) + self.leaps(fen)

    def child(self, fen, move):
        board, stm, rights, ep, half, full = fen_fields(fen)
        a, b, _ = split_move(move)
        home = self.HOME[stm]
        flag = "K" if stm == "w" else "k"
        af, ar = sq(a)
        bf, br = sq(b)
        is_leap = (flag in rights and a == home and abs(af - bf) + abs(ar - br) == 2
                   and (af == bf or ar == br))
        if is_leap:
            ranks = parse_board(board)
            ranks[br][bf] = ranks[ar][af]
            ranks[ar][af] = None
            nstm = "b" if stm == "w" else "w"
            nfull = int(full) + (1 if stm == "b" else 0)
            out = [board_str(ranks), nstm, "-", "-", str(int(half) + 1), str(nfull)]
        else:
            base = " ".join([board, stm, "-", ep, half, full])
            out = fen_fields(sf.get_fen(self.variant, base, [move]))
        out[2] = update_rights(rights, move, self.RIGHT_SQUARES)
        return " ".join(out)


def make_oracle(game):
    kind = GAMES[game][0]
    if kind == "fsf":
        return FsfOracle(game)
    if kind == "crosswise":
        return CrosswiseOracle(game)
    return KingsLeapOracle(game)


# ----------------------------------------------------------------------------------------
# Oracle self-test: published counts and hand-derived move lists (see comments)
# ----------------------------------------------------------------------------------------
# (game, fen or None for start, depth, expected node count)
SELF_TEST_COUNTS = [
    ("chess", None, 3, 8902),                 # published
    ("capablanca", None, 2, 784),             # published
    ("gothic", None, 3, 25283),               # published
    ("janus", None, 2, 782),                  # published
    ("embassy", None, 3, 25281),              # published
    ("chancellor", None, 3, 15896),           # published
    ("grand", None, 2, 4225),                 # published
    # Hand: 16 pawn moves + Nb1/Ng1 (4) + Ca1-b3 (1) = 21 for either side; no interaction
    # between the armies in two plies -> 21*21.
    ("paulowich", None, 1, 21), ("paulowich", None, 2, 441),
    ("paulowich-crosswise", None, 1, 21), ("paulowich-crosswise", None, 2, 441),
    # Hand: 16 pawn + Nb1 (2) + Ag1 f3/h3 (2) + Zd1 c3/e3 (2) + Ea1 b3 (1) = 23; 23*23.
    ("tutti-frutti", None, 1, 23), ("tutti-frutti", None, 2, 529),
    # Hand: Paulowich's 21 moves + King's Leap e1-e3 over the own e2 pawn (c1/g1 occupied);
    # same for Black (e8-e6) after every White move (nothing White can do in one move attacks
    # e7/e6 or blocks) -> 22*22.
    ("kings-leap", None, 1, 22), ("kings-leap", None, 2, 484),
]
# (game, fen, from-square, expected set of moves from that square, hand-derived)
SELF_TEST_MOVES = [
    # Paulowich: O-O with the h1 queen, O-O-O with the a1 chancellor.
    ("paulowich", "4k3/8/8/8/8/8/8/C3K2Q w KQ - 0 1", "e1",
     {"e1d1", "e1d2", "e1e2", "e1f2", "e1f1", "e1g1", "e1c1"}),
    # The d1 rook blocks O-O-O (b1, c1, d1 must be empty).
    ("paulowich", "4k3/8/8/8/8/8/8/C2RK2Q w KQ - 0 1", "e1",
     {"e1d2", "e1e2", "e1f2", "e1f1", "e1g1"}),
    # Tutti-frutti: O-O-O with the Empress on a1, O-O with the rook on h1.
    ("tutti-frutti", "4k3/8/8/8/8/8/8/E3K2R w KQ - 0 1", "e1",
     {"e1d1", "e1d2", "e1e2", "e1f2", "e1f1", "e1g1", "e1c1"}),
    # Grand: the a9 pawn has no move when every promotable type is at its initial count.
    ("grand", "1k8/P9/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1", "a9", set()),
    # Grand: optional promotion on rank 9, only to types below their initial count (2 rooks
    # on board -> no R).
    ("grand", "r8r/1nbqkcabn1/P9/10/10/10/10/10/4K5/R8R w - - 0 1", "a8",
     {"a8a9", "a8a9a", "a8a9b", "a8a9c", "a8a9n", "a8a9q",
      "a8b9", "a8b9a", "a8b9b", "a8b9c", "a8b9n", "a8b9q"}),
    # Crosswise, Black: O-O d8-b8 (queen a8-c8), O-O-O d8-f8 (chancellor h8-e8).
    ("paulowich-crosswise", "q2k3c/8/8/8/8/8/8/4K3 b kq - 0 1", "d8",
     {"d8c8", "d8c7", "d8d7", "d8e7", "d8e8", "d8b8", "d8f8"}),
    # Crosswise, Black: the c1 rook attacks c8 -> no O-O (king passes c8), c8/c7 illegal.
    ("paulowich-crosswise", "q2k3c/8/8/8/8/8/8/2R1K3 b kq - 0 1", "d8",
     {"d8d7", "d8e7", "d8e8", "d8f8"}),
    # Crosswise, White castles exactly as in Paulowich.
    ("paulowich-crosswise", "q2k3c/8/8/8/8/8/8/C3K2Q w KQ - 0 1", "e1",
     {"e1d1", "e1d2", "e1e2", "e1f2", "e1f1", "e1g1", "e1c1"}),
    # King's Leap: c1, e3 (over the own pawn), g1.
    ("kings-leap", "4k3/8/8/8/8/8/4P3/4K3 w K - 0 1", "e1",
     {"e1d1", "e1d2", "e1f1", "e1f2", "e1c1", "e1e3", "e1g1"}),
    # Hostile knight on d1: no leap over it, e3 attacked by it, f2 attacked by it.
    ("kings-leap", "4k3/8/8/8/8/8/8/3nK3 w K - 0 1", "e1",
     {"e1d1", "e1d2", "e1e2", "e1f1", "e1g1"}),
    # Rook d8 attacks the leapt square d1: no c1 leap.
    ("kings-leap", "3rk3/8/8/8/8/8/8/4K3 w K - 0 1", "e1",
     {"e1e2", "e1f1", "e1f2", "e1e3", "e1g1"}),
    # Rook c8 attacks the destination c1: no c1 leap.
    ("kings-leap", "2r1k3/8/8/8/8/8/8/4K3 w K - 0 1", "e1",
     {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1e3", "e1g1"}),
    # In check: no leap.
    ("kings-leap", "4k3/8/8/8/8/8/8/r3K3 w K - 0 1", "e1", {"e1d2", "e1e2", "e1f2"}),
    # Leap right gone: no leap.
    ("kings-leap", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e1", {"e1d1", "e1d2", "e1f1", "e1f2"}),
    # Black leaps.
    ("kings-leap", "4k3/4p3/8/8/8/8/8/4K3 b k - 0 1", "e8",
     {"e8d8", "e8d7", "e8f8", "e8f7", "e8c8", "e8e6", "e8g8"}),
]
# (game, fen, move, expected child FEN)
SELF_TEST_CHILDREN = [
    ("paulowich", "c3k2q/8/8/8/8/8/8/C3K2Q w KQkq - 0 1", "h1h4", "c3k2q/8/8/8/7Q/8/8/C3K3 b Qkq - 1 1"),
    ("paulowich", "c2rk2q/8/8/8/8/8/8/C2RK2Q w KQkq - 0 1", "d1d4", "c2rk2q/8/8/8/3R4/8/8/C3K2Q b KQkq - 1 1"),
    ("paulowich-crosswise", "q2k3c/8/8/8/8/8/8/4K3 b kq - 0 1", "d8b8", "1kq4c/8/8/8/8/8/8/4K3 w - - 1 2"),
    ("paulowich-crosswise", "q2k3c/8/8/8/8/8/8/4K3 b kq - 0 1", "d8f8", "q3ck2/8/8/8/8/8/8/4K3 w - - 1 2"),
    ("paulowich-crosswise", "q2k3c/8/8/8/8/8/8/4K3 b kq - 0 1", "a8a5", "3k3c/8/8/q7/8/8/8/4K3 w k - 1 2"),
    ("paulowich-crosswise", "q2k3c/8/8/8/8/8/8/C3K2Q w KQkq - 0 1", "h1h8", "q2k3Q/8/8/8/8/8/8/C3K3 b Qq - 0 1"),
    ("kings-leap", "4k3/8/8/8/8/8/4P3/4K3 w Kk - 0 1", "e1e3", "4k3/8/8/8/8/4K3/4P3/8 b k - 1 1"),
    ("kings-leap", "4k3/8/8/8/8/8/4P3/4K3 w Kk - 0 1", "e1d1", "4k3/8/8/8/8/8/4P3/3K4 b k - 1 1"),
    ("kings-leap", "4k3/8/8/8/8/8/4P3/4K3 w Kk - 0 1", "e2e4", "4k3/8/8/8/4P3/8/8/4K3 b Kk - 0 1"),
]


def self_test(games, verbose=False):
    """Returns a list of failure strings (empty = oracle OK)."""
    fails = []
    for game, fen, depth, want in SELF_TEST_COUNTS:
        if game not in games:
            continue
        o = make_oracle(game)
        got = o.perft(fen or o.start_fen, depth)
        if got != want:
            fails.append("%s perft(%s, %d) = %d, expected %d" % (game, fen or "start", depth, got, want))
    for game, fen, frm, want in SELF_TEST_MOVES:
        if game not in games:
            continue
        got = {m for m in make_oracle(game).legal(fen) if split_move(m)[0] == frm}
        if got != want:
            fails.append("%s %s moves from %s: got %s expected %s" % (game, fen, frm, sorted(got), sorted(want)))
    for game, fen, move, want in SELF_TEST_CHILDREN:
        if game not in games:
            continue
        got = make_oracle(game).child(fen, move)
        if got != want:
            fails.append("%s %s + %s -> %s, expected %s" % (game, fen, move, got, want))
    if verbose:
        print("oracle self-test: %s" % ("OK" if not fails else "%d FAILURES" % len(fails)))
    return fails


# ----------------------------------------------------------------------------------------
# Chimera
# ----------------------------------------------------------------------------------------
class ChimeraError(Exception):
    pass


def run_chimera(chimera, variant, fen, depth, timeout):
    """-> {move: count}. Raises ChimeraError on a non-zero exit or malformed output."""
    cmd = [chimera, "perft", "--variant", variant, "--depth", str(depth), "--divide"]
    if fen is not None:
        cmd += ["--fen", fen]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ChimeraError("timeout after %ss: %s" % (timeout, " ".join(cmd)))
    if p.returncode != 0:
        err = (p.stderr.strip() or p.stdout.strip()).splitlines()
        raise ChimeraError("exit %d: %s" % (p.returncode, err[0] if err else "(no output)"))
    lines = p.stdout.splitlines()
    moves = {}
    i = 0
    # Divide lines end at the blank line; tolerate its absence when there is no legal move
    # (Chimera then prints `Nodes searched: 0` straight away).
    while i < len(lines) and lines[i].strip() and not lines[i].lstrip().startswith("Nodes searched"):
        mt = re.match(r"^\s*(\S+):\s*(\d+)\s*$", lines[i])
        if not mt:
            raise ChimeraError("unparsable divide line %r" % lines[i])
        if mt.group(1) in moves:
            raise ChimeraError("move %s listed twice" % mt.group(1))
        moves[mt.group(1)] = int(mt.group(2))
        i += 1
    total = None
    for ln in lines[i:]:
        mt = re.match(r"^\s*Nodes searched:\s*(\d+)\s*$", ln)
        if mt:
            total = int(mt.group(1))
            break
    if total is None:
        raise ChimeraError("no 'Nodes searched:' line")
    if total != sum(moves.values()):
        raise ChimeraError("Nodes searched %d != sum of divide counts %d" % (total, sum(moves.values())))
    return moves


# ----------------------------------------------------------------------------------------
# Comparison (runs in worker processes)
# ----------------------------------------------------------------------------------------
_ctx = {}


def _worker_init(chimera, timeout):
    init_pyffish()
    _ctx["chimera"] = chimera
    _ctx["timeout"] = timeout
    _ctx["oracles"] = {}


def _oracle(game):
    o = _ctx["oracles"].get(game)
    if o is None:
        o = _ctx["oracles"][game] = make_oracle(game)
    return o


def _fmt_moves(ms):
    return " ".join(sorted(ms)) if ms else "(none)"


def drill_down(game, variant, fen, depth, path, limit=12):
    """Follow differing counts down to the position where the move sets differ."""
    o = _oracle(game)
    notes = []
    cur = fen
    d = depth
    while d >= 1 and len(notes) < limit:
        ref = o.divide(cur, d) if d > 1 else {m: 1 for m in o.legal(cur)}
        try:
            got = run_chimera(_ctx["chimera"], variant, cur, d, _ctx["timeout"])
        except ChimeraError as e:
            notes.append("  at %s [%s] depth %d: chimera error: %s" % (" ".join(path) or "root", cur, d, e))
            return notes
        only_c = set(got) - set(ref)
        only_f = set(ref) - set(got)
        if only_c or only_f:
            notes.append("  after %s: FEN %s\n    only in chimera: %s\n    only in pyffish: %s"
                         % (" ".join(path) or "(root)", cur, _fmt_moves(only_c), _fmt_moves(only_f)))
            return notes
        diff = sorted(m for m in ref if ref[m] != got[m])
        if not diff:
            notes.append("  after %s: no difference found at depth %d (non-deterministic?)"
                         % (" ".join(path) or "(root)", d))
            return notes
        m = diff[0]
        notes.append("  after %s: FEN %s depth %d: %s chimera=%d pyffish=%d"
                     % (" ".join(path) or "(root)", cur, d, m, got[m], ref[m]))
        cur = o.child(cur, m)
        path = path + [m]
        d -= 1
    return notes


def check_position(task):
    """task = (game, variant, fen, ref_moves or None, depth, use_default_start)
    -> (game, fen, depth, list of mismatch strings)"""
    game, variant, fen, ref_moves, depth, default_start = task
    o = _oracle(game)
    problems = []
    try:
        got = run_chimera(_ctx["chimera"], variant, None if default_start else fen, depth,
                          _ctx["timeout"])
    except ChimeraError as e:
        return game, fen, depth, ["chimera error (%s, depth %d%s): %s\n  FEN %s"
                                  % (variant, depth, ", no --fen" if default_start else "", e, fen)]
    if depth == 1:
        ref = set(ref_moves if ref_moves is not None else o.legal(fen))
        only_c = set(got) - ref
        only_f = ref - set(got)
        bad = [m for m, c in got.items() if c != 1]
        if only_c or only_f or bad:
            s = ("depth 1 %s%s\n  FEN %s\n  only in chimera: %s\n  only in pyffish: %s"
                 % (variant, " (start, no --fen)" if default_start else "", fen,
                    _fmt_moves(only_c), _fmt_moves(only_f)))
            if bad:
                s += "\n  depth-1 counts != 1: %s" % ", ".join("%s=%d" % (m, got[m]) for m in bad)
            problems.append(s)
        return game, fen, depth, problems
    ref = o.divide(fen, depth)
    only_c = set(got) - set(ref)
    only_f = set(ref) - set(got)
    diff = sorted(m for m in set(got) & set(ref) if got[m] != ref[m])
    if only_c or only_f or diff:
        s = ("depth %d %s%s: chimera %d nodes, pyffish %d nodes\n  FEN %s"
             % (depth, variant, " (start, no --fen)" if default_start else "",
                sum(got.values()), sum(ref.values()), fen))
        if only_c or only_f:
            s += "\n  root moves only in chimera: %s\n  root moves only in pyffish: %s" % (
                _fmt_moves(only_c), _fmt_moves(only_f))
        for m in diff[:8]:
            s += "\n  %s: chimera %d, pyffish %d" % (m, got[m], ref[m])
        if diff and not (only_c or only_f):
            s += "\n  drill-down:\n" + "\n".join(drill_down(game, variant, o.child(fen, diff[0]),
                                                            depth - 1, [diff[0]]))
        problems.append(s)
    return game, fen, depth, problems


# ----------------------------------------------------------------------------------------
# Position generation: seeded, biased random playouts
# ----------------------------------------------------------------------------------------
def _classify(fen, moves):
    """-> (captures, pawn moves, promotions, king moves, specials) where specials are
    castlings/leaps and double steps that offer an en-passant capture"""
    ranks = parse_board(fen_fields(fen)[0])
    caps, pawns, promos, kings, specials = [], [], [], [], []
    for m in moves:
        a, b, promo = split_move(m)
        af, ar = sq(a)
        bf, br = sq(b)
        piece = ranks[ar][af]
        target = ranks[br][bf]
        if promo:
            promos.append(m)
        if piece is not None and piece.lower() == "p":
            pawns.append(m)
            if af != bf and target is None:
                caps.append(m)  # en passant
            if abs(br - ar) >= 2:
                enemy = "p" if piece == "P" else "P"
                if any(0 <= bf + d < len(ranks[br]) and ranks[br][bf + d] == enemy for d in (-1, 1)):
                    specials.append(m)  # double step next to an enemy pawn: offers en passant
        if target is not None:
            caps.append(m)
        if piece is not None and piece.lower() == "k":
            kings.append(m)
            if abs(af - bf) >= 2 or abs(ar - br) >= 2:
                specials.append(m)
    return caps, pawns, promos, kings, specials


def seed_fens(game):
    """Start position plus three derived start points that make the rare rules frequent in
    short playouts (all keep the start's castling field, which stays valid):
      castling : back ranks emptied except kings and corner pieces (not grand);
      ep       : on files 4k White's pawn stands on Black's double-step landing rank and on
                 files 4k+3 Black's pawn on White's, so double steps of the neighbours can be
                 taken en passant;
      promotion: on the first two files White's pawns replace Black's, on the last two
                 Black's replace White's (captures-with-promotion onto the back ranks)."""
    start = GAMES[game][2]
    board, stm, rights, ep, half, full = fen_fields(start)
    ranks = parse_board(board)
    nr, nf = len(ranks), len(ranks[0])
    wp = max(range(nr), key=lambda r: ranks[r].count("P"))
    bp = max(range(nr), key=lambda r: ranks[r].count("p"))
    seeds = [start]

    def fen_of(rk):
        return " ".join([board_str(rk), "w", rights, "-", "0", "1"])

    if game != "grand":
        rk = [row[:] for row in ranks]
        for r in (0, nr - 1):
            for f in range(1, nf - 1):
                if rk[r][f] is not None and rk[r][f].lower() != "k":
                    rk[r][f] = None
        seeds.append(fen_of(rk))
    rk = [row[:] for row in ranks]
    for f in range(nf):
        if f % 4 == 0 and rk[wp][f] == "P":
            rk[wp][f] = None
            rk[bp - 2][f] = "P"
        elif f % 4 == 3 and rk[bp][f] == "p":
            rk[bp][f] = None
            rk[wp + 2][f] = "p"
    seeds.append(fen_of(rk))
    rk = [row[:] for row in ranks]
    for f in (0, 1):
        rk[wp][f] = None
        rk[bp][f] = "P"
    for f in (nf - 2, nf - 1):
        rk[bp][f] = None
        rk[wp][f] = "p"
    seeds.append(fen_of(rk))
    return seeds


def generate_positions(game, count, seed, max_plies):
    """Start position, the derived start points of seed_fens() and positions sampled along
    seeded random playouts. -> list of (fen, legal moves). Half of the playouts start from the
    start position and run up to max_plies, the others from a derived start point and run up
    to max_plies/2; each ply is kept with probability 1/4 (the last always). Move choice is
    biased towards promotions, captures, castling/leaps and pawn moves."""
    o = make_oracle(game)
    rng = random.Random((seed * 1000003) ^ zlib.crc32(game.encode()))
    out = []
    seen = set()
    seeds = seed_fens(game)
    for s in seeds:
        if s not in seen and len(out) < count + 1:
            seen.add(s)
            out.append((s, o.legal(s)))
    guard = 0
    while len(out) < count + 1 and guard < 50 * (count + 1):
        guard += 1
        if rng.random() < 0.5:
            fen, length = seeds[0], rng.randint(1, max_plies)
        else:
            fen, length = rng.choice(seeds[1:]), rng.randint(1, max(1, max_plies // 2))
        moves = o.legal(fen)
        for ply in range(1, length + 1):
            if not moves:
                break
            caps, pawns, promos, kings, specials = _classify(fen, moves)
            r = rng.random()
            if promos and r < 0.5:
                m = rng.choice(promos)
            elif specials and r < 0.25:
                m = rng.choice(specials)
            elif caps and r < 0.45:
                m = rng.choice(caps)
            elif pawns and r < 0.65:
                m = rng.choice(pawns)
            elif kings and r < 0.72:
                m = rng.choice(kings)
            else:
                m = rng.choice(moves)
            fen = o.child(fen, m)
            moves = o.legal(fen)
            if (ply == length or not moves or rng.random() < 0.25) and fen not in seen:
                seen.add(fen)
                out.append((fen, moves))
                if len(out) >= count + 1:
                    break
    return out


def _gen_job(args):
    init_pyffish()
    game, count, seed, max_plies = args
    return game, generate_positions(game, count, seed, max_plies)


# ----------------------------------------------------------------------------------------
# main
# ----------------------------------------------------------------------------------------
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--chimera", help="path to the chimera binary")
    ap.add_argument("--games", help="comma-separated games (default: all FSF-expressible: %s)"
                    % ",".join(DEFAULT_GAMES))
    ap.add_argument("--positions", type=int, default=1000,
                    help="random positions per game besides the start position (default 1000)")
    ap.add_argument("--depth", type=int, default=2,
                    help="depth of the divide comparison on the subsample (default 2; 1 = only "
                         "the depth-1 move-set comparison)")
    ap.add_argument("--deep-every", type=int, default=10,
                    help="compare at --depth on the start position and every K-th position "
                         "(default 10)")
    ap.add_argument("--seed", type=int, default=1, help="playout seed (default 1)")
    ap.add_argument("--max-plies", type=int, default=80, help="longest playout (default 80)")
    ap.add_argument("--quick", action="store_true",
                    help="CI mode: 30 positions per game, depth-2 on every 3rd")
    ap.add_argument("--hybrid", action="store_true",
                    help="also check kings-leap with the hybrid FSF+Python oracle")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=120, help="seconds per chimera call")
    ap.add_argument("--max-report", type=int, default=20,
                    help="mismatches printed in full per game (default 20)")
    ap.add_argument("--self-test-only", action="store_true",
                    help="only check the oracles against published/hand-derived values")
    args = ap.parse_args(argv)

    if args.self_test_only and not args.games:
        args.games = ",".join(GAMES)
    if args.quick:
        args.positions = 30
        args.deep_every = 3
    games = DEFAULT_GAMES[:] if not args.games else [g.strip() for g in args.games.split(",") if g.strip()]
    if args.hybrid and not args.games:
        games.append("kings-leap")
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        ap.error("unknown games %s (known: %s)" % (unknown, ", ".join(GAMES)))

    init_pyffish()
    fails = self_test(set(games))
    if fails:
        print("ORACLE SELF-TEST FAILED (pyffish/ini do not match the rules; no comparison made):")
        for f in fails:
            print("  " + f)
        return 2
    if args.self_test_only:
        print("oracle self-test OK for: %s" % ", ".join(games))
        return 0
    if not args.chimera:
        ap.error("--chimera PATH is required")
    chimera = os.path.abspath(args.chimera)
    if not os.access(chimera, os.X_OK):
        ap.error("%s is not an executable" % chimera)

    t0 = time.time()
    ctx = mp.get_context("fork")
    with ctx.Pool(args.jobs, initializer=_worker_init, initargs=(chimera, args.timeout)) as pool:
        gen = dict(pool.map(_gen_job, [(g, args.positions, args.seed, args.max_plies) for g in games]))
        tasks = []
        for g in games:
            _, variant_unused, _ = GAMES[g]
            pos = gen[g]
            start_fen = pos[0][0]
            # Start position without --fen (Chimera's built-in start) and with it.
            tasks.append((g, g, start_fen, pos[0][1], 1, True))
            if g == "chess":
                for alias in CHESS_ALIASES:
                    tasks.append((g, alias, start_fen, pos[0][1], 1, True))
            for i, (fen, moves) in enumerate(pos):
                tasks.append((g, g, fen, moves, 1, False))
                if args.depth > 1 and i % args.deep_every == 0:
                    tasks.append((g, g, fen, None, args.depth, False))
        results = pool.imap_unordered(check_position, tasks, chunksize=4)
        per_game = {g: {"positions": set(), "mismatches": [], "checks": 0, "deep": 0} for g in games}
        for game, fen, depth, problems in results:
            st = per_game[game]
            st["positions"].add(fen)
            st["checks"] += 1
            if depth > 1:
                st["deep"] += 1
            st["mismatches"].extend(problems)

    total_bad = 0
    for g in games:
        st = per_game[g]
        tag = " [hybrid oracle: FSF + Python King's Leap]" if g in HYBRID_GAMES else ""
        tag += " [FSF via file-mirror reduction]" if GAMES[g][0] == "crosswise" else ""
        print("%s: %d positions, %d mismatches (%d depth-1 checks, %d depth-%d checks)%s"
              % (g, len(st["positions"]), len(st["mismatches"]), st["checks"] - st["deep"],
                 st["deep"], args.depth, tag))
        for s in st["mismatches"][:args.max_report]:
            print("  MISMATCH " + s.replace("\n", "\n  "))
        if len(st["mismatches"]) > args.max_report:
            print("  ... %d more" % (len(st["mismatches"]) - args.max_report))
        total_bad += len(st["mismatches"])
    print("total: %d mismatches, %.1fs (seed %d)" % (total_bad, time.time() - t0, args.seed))
    return 1 if total_bad else 0


if __name__ == "__main__":
    sys.exit(main())
