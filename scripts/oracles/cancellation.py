#!/usr/bin/env python3
"""Independent perft oracle for cancellation captures (rules/cancellation.md) over nineteen bases:
chess, paulowich, paulowich-crosswise, kings-leap, cannons-and-crabs, cannons-and-crabs-7x7,
canonical, canonic, canon, tripunch, grand, capablanca, gothic, janus, embassy, chancellor (Ben
Foster's 9x9), tutti-frutti, fischerandom and caparandom (rules/classics.md, chancellor.md,
cannons-and-crabs.md, canonical.md; the Fischer Random forms from src/variant/builtin.ini, see
below), in the plain form `cancellation-<base>` and the extended form
`cancellation-extended-<base>`.

Written from the rules text only, in plain Python (not from Chimera's code). The base games are
a small list-board move generator here; its plain chess is checked against python-chess
(`--self-test`), its plain tripunch against the game's known start perft 24 / 576 / 17028 and
hand-worked move sets (and both against Chimera's plain games by `--base-check`, as are the
10x8, 9x9 and Tutti-Frutti bases, whose start perft 1 and 2 and castling cases the self-test
also checks, and paulowich-crosswise, kings-leap, cannons-and-crabs-7x7, canonic and canon,
whose start perft 1-3 and hand-worked castling / leap move sets it checks; `--base-check
--pyffish` also compares the bases scripts/crosscheck_pyffish.py has (paulowich, its crosswise
form, kings-leap by that script's hybrid FSF + Python leap) with pyffish, and fischerandom /
caparandom with pyffish's chess960 mode; the self-test checks plain fischerandom against
python-chess's chess960 mode and caparandom's start perft 28 / 784 / 25228).
Tripunch (classics.md): chess's letters and start; R = Reaper (Rook + Gryphon), B = Harvester
(Bishop + Aanca), Q = Combine (both), N = Nightrider; Gryphon = a diagonal step (dx, dy), then,
if that square is empty, a rook ride outward along (dx, 0) or (0, dy); Aanca = an orthogonal
step, then, if empty, a bishop ride along the two outward diagonals; a square on several paths
is one move, legal if any path is open; K, P, castling (with the Reapers) and promotion (to
Q R B N) as in chess; values P1 N5 B6 R7 Q11. Moves are walked along the paths
(tripunch_reach); attacks are worked out from the offset (tripunch_attacks); the self-test
checks that the two agree. The cancellation layer follows the spec literally and exhaustively: every
capture is tried on a copy of the board, every way of placing the remnant is enumerated, and
the capturer's King is tested on the finished board (no shortcuts), so it is slow but simple.

Rules implemented (cancellation):
  * capture by a non-royal piece: a = capturer's value, d = captured piece's value; a = d both
    vanish; a > d the capturer places r = a - d; a < d the captured piece's owner places r = d - a.
    A royal capture is ordinary. A capture never promotes. En passant: pawn takes pawn (equal).
  * placing r: on the destination the highest value <= r among the placeable types (not royal,
    value >= 1) that may stand there (owner chooses among equal values); then, while r > 0 and a
    vacant neighbour of the destination can take a type of value <= r, the highest such value,
    owner choosing square and type; the rest is lost. "May stand": pawn-like pieces (P, and the
    Crab X) never on their owner's first or last rank, except Canonical pawns; Canonical K/Q only
    in their own fortress.
  * exactly one admissible (square, type) pair: placed automatically, no ply; otherwise one ply
    per piece, a drop `B@d4`, made by the remnant's owner; while placements are pending only
    they are legal; when done the turn goes to the player who did not capture.
  * legality: the capturer's King must be safe once all placements are made: for its own
    remnant some way must be safe (placement plies with no safe way on are illegal); for the
    defender's remnant every way must be safe. The defender's placements are unrestricted.
  * placed pieces never carry castling rights; placed pawns double-step only from the game's
    double-step rank (grand: rank 3; every other base with pawn double steps: rank 2).
  * Grand: 10x10, C = Marshall (R+N), A = Cardinal (B+N), no castling, values from the engine's
    data ([grand] in src/variant/builtin.ini: P1 N3 B3 R5 Q9 C9 A8); promotion optional on the
    8th/9th rank, compulsory on the 10th, only to a type (Q R B N C A) of which the player has
    fewer on the board than in the initial array (placed pieces count); a pawn with no promotion
    left may not move to the last rank, but a cancellation capture onto it is legal (it never
    promotes: the pawn leaves the board).
  * The classics of classics.md (letters, arrays and values as in src/variant/builtin.ini; the
    compound pieces move as R+N, B+N or Q+N, table Game.compound); pawns double-step from
    rank 2, en passant, promotion on the last rank; values P1 N3 B3 R5 Q9, R+N 9, B+N 8,
    Amazon 12:
      capablanca and gothic (10x8): A = Archbishop (B+N), C = Chancellor (R+N); the king (f1)
        castles three squares, f1-i1 with the rook j1-h1, f1-c1 with the rook a1-d1;
        promotion to Q R B N A C.
      janus (10x8): J = Janus (B+N); O-O K e1-i1, R j1-h1; O-O-O K e1-b1, R a1-c1 (the rook
        crosses the king's landing square); promotion to Q R B N J.
      embassy (10x8): C = Chancellor, A = Archbishop; O-O K e1-h1, R j1-g1; O-O-O K e1-b1,
        R a1-c1; promotion to Q R B N C A.
      chancellor (9x9): C = Chancellor; O-O K e1-g1, R i1-f1; O-O-O K e1-c1, R a1-d1;
        promotion on rank 9 to Q R B N C.
      tutti-frutti (8x8): E = Empress (R+N), Z = Amazon (Q+N), A = Princess (B+N); O-O as in
        chess with the h1 rook, O-O-O with the Empress a1 (K c1, E d1); promotion to
        Z E A Q R B N.
  * Paulowich's crosswise form (chancellor.md): paulowich with Black's array reversed
    (qnbkrbnc, king d8); White castles as in paulowich; Black's `k` (h8 corner): K d8-f8 with
    the Chancellor h8-e8 (e8 f8 g8 empty), Black's `q` (a8 corner): K d8-b8 with the Queen
    a8-c8 (b8 c8 empty).
  * King's Leap (chancellor.md): paulowich's array, pieces and values, no castling; an unmoved
    king (FEN right `K` / `k`, king on e1 / e8) may leap two squares orthogonally (c1 e3 g1 /
    c8 e6 g8) to an empty square, not over a hostile piece, not out of check, not over an
    attacked square (judged with the king at home), not into check; no capture; any king move
    (and the king's ordinary capture) loses the right. Placements never give one.
  * cannons-and-crabs-7x7: cannons-and-crabs on 7 ranks (promotion on rank 7; a placed Pawn or
    Crab never on its owner's first or last rank); canonic (8x8) and canon (7x7): the Canonical
    rules on an N x N grid (fortresses x, y <= 3 and x, y >= N - 2, crossing x + y = N + 1),
    arrays from canonical.md.
  * fischerandom and caparandom: chess and capablanca from any array the FEN gives, castling
    (no rules file describes it; src/variant/builtin.ini: "castling from wherever the king and
    its partners stand (the king between them on the first rank); the king and partner land
    where the base game's castling puts them"): the king on its first rank with the Rook of a
    right's file: K g1 R f1 / K c1 R d1 (caparandom K i1 R h1 / K c1 R d1), the usual
    conditions below, written as the king taking its own rook (`e1h1`, `g1h1` where the king
    stays). Rights are kept per rook file; FEN: `K`/`Q` (`k`/`q`) for the outermost Rook on the
    king's higher / lower side, else the file letter (Shredder style, `KBkb`), the higher side
    first, as Chimera writes them; a king move loses its side's rights, a move from or onto a
    right's rook square that right. `--compare` / `--base-check` playouts start from seeded
    shuffled arrays.
    Castling everywhere: king and partner unmoved (right in the FEN, piece on its square),
    every square between them and every landing square empty (or the other castling piece),
    the king not in check, not passing over or landing on an attacked square (the squares the
    partner alone crosses may be attacked). Where two types share a value (Q and C, Q and E:
    9; B and N: 3) the placer chooses among them.
  * extended form (`cancellation-extended-<base>`, every base here): the fairy pieces Wazir W (2),
    Commoner K (4, not royal: never checked for, captured at its value), Dragon Horse BW (6),
    Dragon King RF (7) and Archbishop BN (8) join the game's types, each only where the game has
    no type of that value: chess, fischerandom, paulowich, paulowich-crosswise and kings-leap all
    five (letters W M H D A), grand and caparandom W M H D, cannons-and-crabs and its 7x7 form
    the Commoner G, H and D, canonical, canonic and canon H and D (moving on its grid),
    tripunch W, M and A,
    capablanca, gothic, janus, embassy and tutti-frutti W M H D, chancellor W M H D A. The
    letter is the first of the variant data's list (src/rules/cancellation/extended.ini, kept
    here as the table EXTRAS) that the game does not use. They are placed like any type, move
    and capture by their Betza moves, count at their value as capturer and captured, may stand
    anywhere, never promote and are no promotion choice.
  * Canonical, canonic, canon: no move may recreate a position (board, side to move, pending
    placements) of the path from the root.

CLI:
  cancellation.py --variant cancellation-chess [--fen FEN] --depth D [--divide]
  cancellation.py --compare --chimera PATH [--variants a,b] [--positions N] [--seed S]
                  [--depth D] [--start-depth D]
      compares `chimera perft --divide` with this oracle: each game's start position at depths
      1..start-depth, then N seeded random-playout positions per game (many taken right after a
      capture, so placements are pending; for the extended form mostly ones with fairy pieces on
      the board) at depths 1..D. Prints every difference; exit 1 if any.
  cancellation.py --base-check --chimera PATH [--variants …] [--positions N] [--depth D] [--pyffish]
      the oracle's base games with ordinary captures against Chimera's plain games (start
      position at --start-depth, N random-playout positions at --depth); --variants takes the
      cancellation names or the bases (`cancellation-tripunch` or `tripunch`: plain `tripunch`);
      --pyffish: the same positions also against scripts/crosscheck_pyffish.py's oracle where
      it has the base (chess, the classics, paulowich, paulowich-crosswise, kings-leap [hybrid];
      fischerandom and caparandom: pyffish's chess960 mode)
  cancellation.py --write-perft DIR --chimera PATH [--variants a,b] [--seed S] [--positions N]
                  [--depth D] [--start-depth D] [--chimera-depth D] [--node-cap N]
      writes DIR/<variant>.perft for each of --variants (start + N playout positions + the
      hand-made TACTICAL ones; counts to --depth, or --start-depth for the start, checked against
      this oracle; deeper ones Chimera's)
  cancellation.py --self-test      plain chess perft against python-chess, plus the spec examples;
                                   the extended form's extras per base, fairy move sets and
                                   fairy placements (Q takes R in chess: a Commoner on d4);
                                   plain tripunch start perft (24, 576, 17028), hand-worked tripunch
                                   move sets, attack test = move walk, two tripunch captures;
                                   the classics' start perft 1, 2 (capablanca, gothic, embassy
                                   28/784, janus 28/782, chancellor 24/576, tutti-frutti
                                   23/529), a castling case per base, their captures (the Q-or-E
                                   choice after a Tutti-Frutti Amazon takes a Knight); start
                                   perft 1-3 of paulowich-crosswise, kings-leap,
                                   cannons-and-crabs-7x7, canonic, canon, Black's crosswise
                                   castling, King's Leap move sets, a 7x7 placement and crab
                                   promotion, a canonic fortress Queen placement; plain
                                   fischerandom against python-chess (chess960), caparandom
                                   start perft, 960 castling fields and moves
  cancellation.py --random-fens --variant V --positions N [--seed S]   prints playout FENs
  cancellation.py --compare --values Q=10,N=4 [--base chess|capablanca|grand] [--name NAME]
                  [--extended] [--positions N] [--random-positions N] [--fen-pieces MIN,MAX]
                  [--depth D] [--start-depth D] [--variants-file FILE] --chimera PATH
      values from a user's variant file: the base with those values, against Chimera on a file
      `[NAME : BASE]` with `cancellation = yes` and `piece = …` lines giving the same pieces the
      new values (--extended: `cancellation-extended-NAME`, whose fairy pieces follow the new
      values); N capture-heavy playout positions (many with placements pending) and N random
      FENs, depths 1..D, a difference drilled down to its first position; without --compare,
      --values [--base B] stands for --variant (perft, --divide, --random-fens on those values)

FEN: Chimera's, with the seventh field `place=SQUARE,VALUE,dest|near,pass|stay` while placements
are pending (the destination, the value still to place, whether the destination itself is still
to fill, and whether the turn passes to the opponent when they are done).
"""

import argparse
import copy
import os
import random
import subprocess
import sys
import tempfile
import time

# ---------------------------------------------------------------------------------------------
# Games


ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KING8 = ORTHO + DIAG
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


class Game:
    def __init__(self, name, W, H, start, values, royal="K"):
        self.name, self.W, self.H, self.start, self.royal = name, W, H, start, royal
        self.set_values(values)
        self.fairy = {}  # extended form: letter -> (leap offsets, ride directions) of an extra piece
        self.compound = {}  # the game's own leaper/rider pieces by letter -> (leap offsets, ride directions)
        self.promote = []
        self.promo_ranks = None  # relative ranks (0-based) where promotion is optional (Grand: 7, 8)
        self.promo_limit = False  # Grand: only to a type of which the player has fewer than initially
        self.initial = {}  # letter (upper case) -> count per side in the start position
        self.double_rank = None  # relative rank (0-based) from which pawns double-step
        self.ep = False
        self.castling = {}  # right letter -> (king_from_file, king_to_file, partner_file, partner_to_file, partner letters)
        self.pawnlike = "P"
        self.fortress = None  # Canonical: per colour the set of fortress squares
        self.family = name  # the rules family whose pieces the letters mean (cannons-and-crabs-7x7: cannons-and-crabs)
        self.black_castling = None  # Black's own castling table where it differs (paulowich-crosswise)
        self.king_leap = False  # King's Leap: the unmoved king's Dabbaba leap; rights K / k
        # Fischer Random forms: castling with the rook of a right's file (rights kept as file
        # letters, upper case White), the king and rook landing on (king file, rook file) of
        # the base game's castling: c960[True] toward the higher files, c960[False] the lower
        self.c960 = None
        self.no_repetition = False
        self.facing_kings = False
        self.canonical = False

    def set_values(self, values):
        self.values = values
        # placeable types, highest value first (ties: letter order)
        self.placeable = sorted(((v, l) for l, v in values.items() if l != self.royal and v >= 1), key=lambda t: (-t[0], t[1]))

    def sq(self, f, r):
        return r * self.W + f

    def on(self, f, r):
        return 0 <= f < self.W and 0 <= r < self.H

    def name_of(self, s):
        return "abcdefghijklmnop"[s % self.W] + str(s // self.W + 1)

    def parse_sq(self, t):
        return self.sq(ord(t[0]) - 97, int(t[1:]) - 1)

    def rel_rank(self, white, s):
        r = s // self.W
        return r if white else self.H - 1 - r

    def may_stand(self, letter, white, s):
        u = letter.upper()
        if u in self.pawnlike and not self.canonical:
            rr = self.rel_rank(white, s)
            if rr == 0 or rr == self.H - 1:
                return False
        if self.canonical and u in "KQ":
            return s in self.fortress[0 if white else 1]
        return True

    def neighbours(self, s):
        f0, r0 = s % self.W, s // self.W
        out = []
        for dr in (-1, 0, 1):
            for df in (-1, 0, 1):
                if (df or dr) and self.on(f0 + df, r0 + dr):
                    out.append(self.sq(f0 + df, r0 + dr))
        return out


def make_games():
    g = {}
    chess = Game("chess", 8, 8, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"K": 0, "Q": 9, "R": 5, "B": 3, "N": 3, "P": 1})
    chess.promote = ["Q", "R", "B", "N"]
    chess.double_rank = 1
    chess.ep = True
    # right: (king file from, king file to, partner file, partner file to, partner letters)
    chess.castling = {"K": (4, 6, 7, 5, "R"), "Q": (4, 2, 0, 3, "R")}
    g["chess"] = chess
    pw = Game("paulowich", 8, 8, "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1",
              {"K": 0, "Q": 9, "C": 9, "R": 5, "B": 3, "N": 3, "P": 1})
    pw.promote = ["N", "B", "R", "C", "Q"]
    pw.double_rank = 1
    pw.ep = True
    pw.castling = {"K": (4, 6, 7, 5, "Q"), "Q": (4, 2, 0, 3, "C")}
    g["paulowich"] = pw
    # Paulowich crosswise (chancellor.md): Black's array reversed (k d8); White castles as in
    # paulowich; Black's `k` (h-file corner) K d8-f8 with the Chancellor h8-e8, Black's `q`
    # (a-file corner) K d8-b8 with the Queen a8-c8.
    pc = Game("paulowich-crosswise", 8, 8, "qnbkrbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1", dict(pw.values))
    pc.family = "paulowich"
    pc.promote = list(pw.promote)
    pc.double_rank = 1
    pc.ep = True
    pc.castling = dict(pw.castling)
    pc.black_castling = {"K": (3, 5, 7, 4, "C"), "Q": (3, 1, 0, 2, "Q")}
    g["paulowich-crosswise"] = pc
    # King's Leap (chancellor.md): paulowich's array and pieces, no castling; the king's first
    # move may be a Dabbaba leap (e1 to c1, e3, g1) to an empty square, not out of check, not
    # over a hostile piece or an attacked square; FEN rights `K` / `k` = that king unmoved.
    kl = Game("kings-leap", 8, 8, "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w Kk - 0 1", dict(pw.values))
    kl.family = "paulowich"
    kl.promote = list(pw.promote)
    kl.double_rank = 1
    kl.ep = True
    kl.king_leap = True
    g["kings-leap"] = kl
    # Cannons and Crabs (cannons-and-crabs.md): 7x6, and its 7x7 version (promotion on rank 7).
    for name, H, start in (("cannons-and-crabs", 6, "rnckcnr/xpxpxpx/7/7/XPXPXPX/RNCKCNR w KQkq - 0 1"),
                           ("cannons-and-crabs-7x7", 7, "rnckcnr/xpxpxpx/7/7/7/XPXPXPX/RNCKCNR w KQkq - 0 1")):
        cc = Game(name, 7, H, start, {"K": 0, "R": 5, "N": 3, "C": 5, "X": 2, "P": 1, "M": 9, "A": 8})
        cc.family = "cannons-and-crabs"
        cc.promote = ["M", "A"]
        cc.castling = {"K": (3, 5, 6, 4, "R"), "Q": (3, 1, 0, 2, "R")}
        cc.pawnlike = "PX"
        g[name] = cc
    # The Canonical family (canonical.md): N x N grid, fortresses x, y <= 3 and x, y >= N - 2.
    for name, N, start in (
            ("canonical", 9, "1p3rbnk/P1p4qn/1P1p4b/2P1p3r/3P1p3/R3P1p2/B4P1p1/NQ4P1p/KNBR3P1 w - - 0 1"),
            ("canonic", 8, "1p2rbnk/P1p3qn/1P1p3b/2P1p2r/R2P1p2/B3P1p1/NQ3P1p/KNBR2P1 w - - 0 1"),
            ("canon", 7, "1p1rbnk/P1p2qn/1P1p2b/R1P1p1r/B2P1p1/NQ2P1p/KNBR1P1 w - - 0 1")):
        cn = Game(name, N, N, start, {"K": 0, "Q": 2, "R": 8, "B": 4, "N": 4, "P": 1})
        cn.family = "canonical"
        cn.canonical = True
        cn.no_repetition = True
        cn.facing_kings = True
        cn.fortress = (
            {cn.sq(f, r) for f in range(3) for r in range(3)},
            {cn.sq(f, r) for f in range(N - 3, N) for r in range(N - 3, N)},
        )
        g[name] = cn
    # Tripunch: chess with R = Reaper (R + Gryphon), B = Harvester (B + Aanca), Q = Combine
    # (Reaper + Harvester), N = Nightrider; values P1 N5 B6 R7 Q11 (rules/classics.md).
    tp = Game("tripunch", 8, 8, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
              {"K": 0, "Q": 11, "R": 7, "B": 6, "N": 5, "P": 1})
    tp.promote = ["Q", "R", "B", "N"]
    tp.double_rank = 1
    tp.ep = True
    tp.castling = {"K": (4, 6, 7, 5, "R"), "Q": (4, 2, 0, 3, "R")}
    g["tripunch"] = tp
    # Grand Chess (rules/classics.md): 10x10, C = Marshall (R + N), A = Cardinal (B + N), no
    # castling, pawns double-step from their third rank; promotion optional on the 8th and 9th
    # rank, compulsory on the 10th, only to a type of which the player has fewer on the board
    # than in the initial array; a pawn that cannot promote may not move to the last rank.
    # Values from src/variant/builtin.ini ([grand]): P1 N3 B3 R5 Q9 C9 A8.
    gr = Game("grand", 10, 10, "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
              {"K": 0, "Q": 9, "C": 9, "A": 8, "R": 5, "B": 3, "N": 3, "P": 1})
    gr.promote = ["Q", "R", "B", "N", "C", "A"]
    gr.promo_ranks = (7, 8)
    gr.promo_limit = True
    gr.double_rank = 2
    gr.ep = True
    g["grand"] = gr
    # The 10x8 and 9x9 classics and Tutti-Frutti (rules/classics.md); letters, start arrays and
    # values as in src/variant/builtin.ini (P1 N3 B3 R5 Q9, R+N 9, B+N 8, Amazon 12). Castling:
    # (king file from, king file to, partner file, partner file to, partner letters); the king
    # may move more than two squares, every square it passes over and lands on must be safe.
    rn, bn, qn = (KNIGHT, ORTHO), (KNIGHT, DIAG), (KNIGHT, KING8)
    ten = {"K": 0, "Q": 9, "C": 9, "A": 8, "R": 5, "B": 3, "N": 3, "P": 1}
    # Capablanca: A = Archbishop (B + N), C = Chancellor (R + N); the king (f1) castles three
    # squares: f1-i1 with the rook j1-h1, f1-c1 with the rook a1-d1.
    ca = Game("capablanca", 10, 8, "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", dict(ten))
    ca.compound = {"C": rn, "A": bn}
    ca.promote = ["Q", "R", "B", "N", "A", "C"]
    ca.castling = {"K": (5, 8, 9, 7, "R"), "Q": (5, 2, 0, 3, "R")}
    g["capablanca"] = ca
    # Gothic: Capablanca with another array.
    go = Game("gothic", 10, 8, "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1", dict(ten))
    go.compound = {"C": rn, "A": bn}
    go.promote = ["Q", "R", "B", "N", "A", "C"]
    go.castling = dict(ca.castling)
    g["gothic"] = go
    # Janus: J = Janus (B + N), value 8; the king (e1) castles e1-i1 with the rook j1-h1 and
    # e1-b1 with the rook a1-c1 (the rook crosses the king's landing square).
    ja = Game("janus", 10, 8, "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1",
              {"K": 0, "Q": 9, "J": 8, "R": 5, "B": 3, "N": 3, "P": 1})
    ja.compound = {"J": bn}
    ja.promote = ["Q", "R", "B", "N", "J"]
    ja.castling = {"K": (4, 8, 9, 7, "R"), "Q": (4, 1, 0, 2, "R")}
    g["janus"] = ja
    # Embassy: C = Chancellor, A = Archbishop; the king (e1) castles e1-h1 with the rook j1-g1
    # and e1-b1 with the rook a1-c1.
    em = Game("embassy", 10, 8, "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1", dict(ten))
    em.compound = {"C": rn, "A": bn}
    em.promote = ["Q", "R", "B", "N", "C", "A"]
    em.castling = {"K": (4, 7, 9, 6, "R"), "Q": (4, 1, 0, 2, "R")}
    g["embassy"] = em
    # Chancellor (Ben Foster's, 9x9): C = Chancellor (R + N); the king (e1) castles e1-g1 with
    # the rook i1-f1 and e1-c1 with the rook a1-d1 (classics.md names the king's squares only;
    # the rooks' are builtin.ini's castle-high = g f, castle-low = c d: next to the king, inside).
    ch = Game("chancellor", 9, 9, "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1",
              {"K": 0, "Q": 9, "C": 9, "R": 5, "B": 3, "N": 3, "P": 1})
    ch.compound = {"C": rn}
    ch.promote = ["Q", "R", "B", "N", "C"]
    ch.castling = {"K": (4, 6, 8, 5, "R"), "Q": (4, 2, 0, 3, "R")}
    g["chancellor"] = ch
    # Tutti-Frutti: E = Empress (R + N) on a1, Z = Amazon (Q + N), A = Princess (B + N); O-O with
    # the h1 rook as in chess, O-O-O with the Empress (K e1-c1, E a1-d1).
    tf = Game("tutti-frutti", 8, 8, "enbzkqar/pppppppp/8/8/8/8/PPPPPPPP/ENBZKQAR w KQkq - 0 1",
              {"K": 0, "Z": 12, "Q": 9, "E": 9, "A": 8, "R": 5, "B": 3, "N": 3, "P": 1})
    tf.compound = {"E": rn, "Z": qn, "A": bn}
    tf.promote = ["Z", "E", "A", "Q", "R", "B", "N"]
    tf.castling = {"K": (4, 6, 7, 5, "R"), "Q": (4, 2, 0, 3, "E")}
    g["tutti-frutti"] = tf
    for game in (ca, go, ja, em, ch, tf):
        game.double_rank = 1
        game.ep = True
    # The Fischer Random forms (src/variant/builtin.ini: "castling from wherever the king and
    # its partners stand (the king between them on the first rank); the king and partner land
    # where the base game's castling puts them"): fischerandom = chess (K g1 R f1 / K c1 R d1),
    # caparandom = capablanca (K i1 R h1 / K c1 R d1); the start FEN gives the array.
    for name, base, c960 in (("fischerandom", chess, {True: (6, 5), False: (2, 3)}),
                             ("caparandom", ca, {True: (8, 7), False: (2, 3)})):
        fr = Game(name, base.W, base.H, base.start, dict(base.values))
        fr.family = base.name
        fr.compound = dict(base.compound)
        fr.promote = list(base.promote)
        fr.double_rank = 1
        fr.ep = True
        fr.c960 = c960
        g[name] = fr
    for game in g.values():
        board = game.start.split()[0]
        game.initial = {c: board.count(c) for c in set(board) if c.isupper()}
    return g


GAMES = make_games()

# ---------------------------------------------------------------------------------------------
# Positions


class Pos:
    __slots__ = ("g", "b", "white", "castle", "ep", "pend", "half", "full")

    def __init__(self, g, b, white, castle, ep, pend, half=0, full=1):
        self.g, self.b, self.white, self.castle, self.ep, self.pend = g, b, white, castle, ep, pend
        self.half, self.full = half, full

    def copy(self):
        return Pos(self.g, self.b[:], self.white, set(self.castle), self.ep, self.pend, self.half, self.full)

    def key(self):
        return (tuple(self.b), self.white, self.pend)

    def fen(self):
        g = self.g
        rows = []
        for r in range(g.H - 1, -1, -1):
            s, run = "", 0
            for f in range(g.W):
                p = self.b[g.sq(f, r)]
                if p == ".":
                    run += 1
                else:
                    if run:
                        s += str(run)
                        run = 0
                    s += p
            if run:
                s += str(run)
            rows.append(s)
        if g.c960:
            cas = c960_text(g, self.b, self.castle) or "-"
        else:
            cas = "".join(c for c in "KQkq" if c in self.castle) or "-"
        ep = g.name_of(self.ep) if self.ep is not None else "-"
        out = "%s %s %s %s %d %d" % ("/".join(rows), "w" if self.white else "b", cas, ep, self.half, self.full)
        if self.pend:
            c, r, at, pas = self.pend
            out += " place=%s,%d,%s,%s" % (g.name_of(c), r, "dest" if at else "near", "pass" if pas else "stay")
        return out


def parse_fen(g, fen):
    parts = fen.split()
    pend = None
    if parts[-1].startswith("place="):
        sq, r, at, pas = parts.pop()[6:].split(",")
        pend = (g.parse_sq(sq), int(r), at == "dest", pas == "pass")
    rows = parts[0].split("/")
    assert len(rows) == g.H
    b = []
    for row in reversed(rows):
        cells, num = [], ""
        for ch in row:
            if ch.isdigit():
                num += ch
                continue
            if num:
                cells += ["."] * int(num)
                num = ""
            cells.append(ch)
        if num:
            cells += ["."] * int(num)
        assert len(cells) == g.W, row
        b += cells
    white = parts[1] == "w"
    castle = set(c for c in (parts[2] if len(parts) > 2 else "-") if c in "KQkq")
    if g.c960:
        castle = c960_rights(g, b, parts[2] if len(parts) > 2 else "-")
    ep = g.parse_sq(parts[3]) if len(parts) > 3 and parts[3] != "-" else None
    half = int(parts[4]) if len(parts) > 4 else 0
    full = int(parts[5]) if len(parts) > 5 else 1
    return Pos(g, b, white, castle, ep, pend, half, full)


def c960_rights(g, b, field):
    """Fischer Random castling field -> rights as file letters (upper case White). `K`/`Q`
    (`k`/`q`): the outermost Rook on the king's higher / lower side; a file letter: that Rook."""
    out = set()
    for ch in field:
        if ch == "-":
            continue
        white = ch.isupper()
        if ch in "KQkq":
            kf = home_king_file(g, b, white)
            if kf is None:
                continue
            home = 0 if white else g.H - 1
            files = range(g.W - 1, kf, -1) if ch in "Kk" else range(0, kf)
            f = next((f for f in files if b[g.sq(f, home)] == ("R" if white else "r")), None)
            if f is not None:
                out.add(chr(97 + f).upper() if white else chr(97 + f))
        elif ord(ch.lower()) - 97 < g.W:
            out.add(ch)
    return out


def c960_text(g, b, rights):
    """Rights (file letters) -> the castling field as Chimera writes it: per side (White first)
    the higher-side right, then the lower; `K`/`Q` where the Rook is the outermost one on its
    side of the king, the file letter otherwise."""
    out = ""
    for white in (True, False):
        home = 0 if white else g.H - 1
        kf = home_king_file(g, b, white)
        mine = sorted((r for r in rights if r.isupper() == white), key=lambda r: -ord(r.lower()))
        for r in mine:
            pf = ord(r.lower()) - 97
            high = kf is not None and pf > kf
            beyond = range(pf + 1, g.W) if high else range(0, pf)
            outer = not any(b[g.sq(f, home)] == ("R" if white else "r") for f in beyond)
            letter = ("K" if high else "Q") if outer else r.upper()
            out += letter if white else letter.lower()
    return out


def own(p, white):
    return p != "." and (p.isupper() == white)


def enemy(p, white):
    return p != "." and (p.isupper() != white)


def fwd(g, white):
    return 1 if white else -1


# ---------------------------------------------------------------------------------------------
# The extended form (rules/cancellation.md, "Extended form")

# The fairy pieces: (letters to try, Betza, value), as listed by the variant data
# (src/rules/cancellation/extended.ini): the first letter the game does not use is taken.
EXTRAS = [("w", "W", 2), ("mgu", "K", 4), ("hy", "BW", 6), ("dl", "RF", 7), ("aov", "BN", 8)]
# Betza -> (leap offsets, ride directions); the Commoner `K` is not royal.
BETZA = {"W": (ORTHO, []), "K": (KING8, []), "BW": (ORTHO, DIAG), "RF": (DIAG, ORTHO), "BN": (KNIGHT, DIAG)}


def extended(g):
    """The game with the extra pieces of the values it has no piece type of. They move by their
    Betza moves, may stand anywhere, never promote, and are no promotion choice."""
    e = copy.copy(g)
    values = dict(g.values)
    e.fairy = {}
    for letters, betza, value in EXTRAS:
        if value in g.values.values():
            continue
        letter = next(c.upper() for c in letters if c.upper() not in values)
        values[letter] = value
        e.fairy[letter] = BETZA[betza]
    e.set_values(values)
    return e


EXTENDED = {name: extended(g) for name, g in GAMES.items()}


def base_name(variant):
    """cancellation-<base> or cancellation-extended-<base> -> base."""
    for prefix in ("cancellation-extended-", "cancellation-"):
        if variant.startswith(prefix):
            return variant[len(prefix):]
    raise ValueError(variant)


def game_of(variant):
    base = base_name(variant)
    return EXTENDED[base] if variant.startswith("cancellation-extended-") else GAMES[base]


# ---------------------------------------------------------------------------------------------
# Attacks ("as against a King standing there")


def piece_attacks(g, b, s, p, t):
    """Does the piece p on s attack square t (judged against a King)?"""
    W = g.W
    white = p.isupper()
    u = p.upper()
    f0, r0 = s % W, s // W
    ft, rt = t % W, t // W
    df, dr = ft - f0, rt - r0

    def ray_clear(dx, dy, n):
        for i in range(1, n):
            if b[g.sq(f0 + dx * i, r0 + dy * i)] != ".":
                return False
        return True

    def rides(dirs):
        for dx, dy in dirs:
            if dx == 0 and df != 0 or dy == 0 and dr != 0:
                continue
            n = abs(df) if dx else abs(dr)
            if n == 0 or dx * n != df or dy * n != dr:
                continue
            if ray_clear(dx, dy, n):
                return True
        return False

    if u in g.fairy or u in g.compound:
        steps, dirs = g.fairy.get(u) or g.compound[u]
        return (df, dr) in steps or rides(dirs)
    if g.canonical:
        # Canonical pieces on the grid (White's forward = +1,+1; Black rotated 180 degrees).
        if u == "K":
            return (df, dr) in ORTHO and t in g.fortress[0 if white else 1]
        if u == "Q":
            return (df, dr) in KING8 and t in g.fortress[0 if white else 1] and s in g.fortress[0 if white else 1]
        if u == "R":
            return rides(ORTHO)
        if u == "B":  # cannon: captures by jumping exactly one screen along an orthogonal line
            for dx, dy in ORTHO:
                n = abs(df) if dx else abs(dr)
                if n < 2 or dx * n != df or dy * n != dr:
                    continue
                between = sum(1 for i in range(1, n) if b[g.sq(f0 + dx * i, r0 + dy * i)] != ".")
                if between == 1:
                    return True
            return False
        if u == "N":
            if (df, dr) not in KNIGHT:
                return False
            if abs(df) == 2:
                mao = (df // 2, 0)
            else:
                mao = (0, dr // 2)
            moa = (1 if df > 0 else -1, 1 if dr > 0 else -1)
            return b[g.sq(f0 + mao[0], r0 + mao[1])] == "." or b[g.sq(f0 + moa[0], r0 + moa[1])] == "."
        if u == "P":
            steps = [(1, 0), (0, 1)] if white else [(-1, 0), (0, -1)]
            if crossed(g, white, s):
                steps += [(1, -1), (-1, 1)]
            return (df, dr) in steps
        raise ValueError(p)

    if g.name == "tripunch" and u in "NBRQ":
        return tripunch_attacks(g, b, s, u, t)
    if u == "K":
        return max(abs(df), abs(dr)) == 1
    if u == "N":
        return (df, dr) in KNIGHT
    if u == "P" or u == "X":
        return dr == fwd(g, white) and abs(df) == 1
    if g.family == "cannons-and-crabs" and u == "C":
        if max(abs(df), abs(dr)) == 1:
            return True
        if (abs(df), abs(dr)) in ((2, 0), (0, 2), (2, 2)):
            return b[g.sq(f0 + df // 2, r0 + dr // 2)] == "."  # may not jump to attack a King
        return False
    if u == "R":
        return rides(ORTHO)
    if u == "B":
        return rides(DIAG)
    if u == "Q":
        return rides(KING8)
    if u in "CM":  # Chancellor (paulowich) / Marshall: R + N
        return (df, dr) in KNIGHT or rides(ORTHO)
    if u == "A":  # Cardinal: B + N
        return (df, dr) in KNIGHT or rides(DIAG)
    raise ValueError(p)


def tripunch_attacks(g, b, s, u, t):
    """Tripunch N/B/R/Q on s against square t, worked out from the offset (each bent path to a
    given offset is unique, so only its squares before t are looked at).
    Gryphon (in R, Q): the diagonal step (sx, sy), then outward along (sx, 0) or (0, sy): reaches
    offsets (+-1, +-1) and (+-n, +-1), (+-1, +-n) for n >= 2. Aanca (in B, Q): the orthogonal step,
    then outward diagonally: offsets (+-1, 0), (0, +-1) and (+-(k+1), +-k), (+-k, +-(k+1)), k >= 1.
    Nightrider: k knight leaps in one direction, landing squares before the last one empty."""
    W = g.W
    f0, r0 = s % W, s // W
    df, dr = t % W - f0, t // W - r0
    adf, adr = abs(df), abs(dr)
    sx, sy = (df > 0) - (df < 0), (dr > 0) - (dr < 0)

    def clear(f, r, dx, dy, n):
        """n squares (f, r), (f + dx, r + dy), ... all empty."""
        return all(b[g.sq(f + dx * i, r + dy * i)] == "." for i in range(n))

    if u == "N":
        for a, c in KNIGHT:
            for k in range(1, max(W, g.H)):
                if a * k == df and c * k == dr:
                    return clear(f0 + a, r0 + c, a, c, k - 1)
        return False
    if u in "RQ":
        if (df == 0) != (dr == 0) and clear(f0 + sx, r0 + sy, sx, sy, max(adf, adr) - 1):
            return True  # rook
        if adf == 1 and adr == 1:
            return True  # gryphon's diagonal step alone
        if adr == 1 and adf >= 2 and clear(f0 + sx, r0 + sy, sx, 0, adf - 1):
            return True  # gryphon: diagonal step, then along the rank
        if adf == 1 and adr >= 2 and clear(f0 + sx, r0 + sy, 0, sy, adr - 1):
            return True  # gryphon: diagonal step, then along the file
    if u in "BQ":
        if adf == adr != 0 and clear(f0 + sx, r0 + sy, sx, sy, adf - 1):
            return True  # bishop
        if adf + adr == 1:
            return True  # aanca's orthogonal step alone
        if adr >= 1 and adf == adr + 1 and clear(f0 + sx, r0, sx, sy, adr):
            return True  # aanca: step along the rank, then diagonally
        if adf >= 1 and adr == adf + 1 and clear(f0, r0 + sy, sx, sy, adf):
            return True  # aanca: step along the file, then diagonally
    return False


def tripunch_reach(g, b, s, u):
    """Move generation for tripunch N/B/R/Q: every square on the piece's paths walked from s, each
    empty square and the first occupied one (any colour) that ends a path. A square on several
    paths is listed several times (the caller makes one move of it)."""
    f0, r0 = s % g.W, s // g.W
    out = []

    def ride(f, r, dx, dy):
        """From (f, r), exclusive, along (dx, dy)."""
        f, r = f + dx, r + dy
        while g.on(f, r):
            t = g.sq(f, r)
            out.append(t)
            if b[t] != ".":
                return
            f, r = f + dx, r + dy

    if u == "N":
        for dx, dy in KNIGHT:
            ride(f0, r0, dx, dy)
        return out
    if u in "RQ":
        for dx, dy in ORTHO:
            ride(f0, r0, dx, dy)
        for dx, dy in DIAG:  # gryphon
            f, r = f0 + dx, r0 + dy
            if g.on(f, r):
                t = g.sq(f, r)
                out.append(t)
                if b[t] == ".":
                    ride(f, r, dx, 0)
                    ride(f, r, 0, dy)
    if u in "BQ":
        for dx, dy in DIAG:
            ride(f0, r0, dx, dy)
        for dx, dy in ORTHO:  # aanca
            f, r = f0 + dx, r0 + dy
            if g.on(f, r):
                t = g.sq(f, r)
                out.append(t)
                if b[t] == ".":
                    for ex, ey in (((dx, 1), (dx, -1)) if dx else ((1, dy), (-1, dy))):
                        ride(f, r, ex, ey)
    return out


def crossed(g, white, s):
    x, y = s % g.W + 1, s // g.W + 1
    N = g.W
    return x + y >= N + 2 if white else x + y <= N


def attacked(g, b, t, by_white):
    for s, p in enumerate(b):
        if p != "." and p.isupper() == by_white and piece_attacks(g, b, s, p, t):
            return True
    if g.facing_kings:
        # Kings on one screen-vertical line (x - y equal) with nothing between attack each other.
        k = "K" if by_white else "k"
        if k in b:
            ks = b.index(k)
            d = ks % g.W - ks // g.W
            if d == t % g.W - t // g.W and ks != t:
                step = 1 if ks > t else -1
                f, r = t % g.W + step, t // g.W + step
                clear = True
                while g.sq(f, r) != ks:
                    if b[g.sq(f, r)] != ".":
                        clear = False
                        break
                    f += step
                    r += step
                if clear:
                    return True
    return False


def king_of(b, white):
    k = "K" if white else "k"
    return b.index(k) if k in b else None


def king_safe(g, b, white):
    ks = king_of(b, white)
    return not attacked(g, b, ks, not white)


# ---------------------------------------------------------------------------------------------
# Base moves: (uci, frm, to, kind, promo) with kind in normal|double|ep|castle:<right>


def pseudo_moves(pos):
    g, b, white = pos.g, pos.b, pos.white
    W = g.W
    out = []
    for s, p in enumerate(b):
        if not own(p, white):
            continue
        u = p.upper()
        f0, r0 = s % W, s // W

        def add(t, kind="normal", promo=None):
            out.append((s, t, kind, promo))

        def target_ok(t):
            q = b[t]
            return q == "." or (enemy(q, white) and q.upper() != "K")

        def slide(dirs):
            for dx, dy in dirs:
                f, r = f0 + dx, r0 + dy
                while g.on(f, r):
                    t = g.sq(f, r)
                    if b[t] == ".":
                        add(t)
                    else:
                        if target_ok(t):
                            add(t)
                        break
                    f += dx
                    r += dy

        def leaps(vecs, confine=None):
            for dx, dy in vecs:
                if g.on(f0 + dx, r0 + dy):
                    t = g.sq(f0 + dx, r0 + dy)
                    if confine is not None and t not in confine:
                        continue
                    if target_ok(t):
                        add(t)

        if u in g.fairy or u in g.compound:
            steps, dirs = g.fairy.get(u) or g.compound[u]
            leaps(steps)
            slide(dirs)
            continue
        if g.canonical:
            fort = g.fortress[0 if white else 1]
            if u == "K":
                leaps(ORTHO, fort)
            elif u == "Q":
                leaps(KING8, fort)
            elif u == "R":
                slide(ORTHO)
            elif u == "B":
                for dx, dy in ORTHO:
                    f, r = f0 + dx, r0 + dy
                    screen = False
                    while g.on(f, r):
                        t = g.sq(f, r)
                        if not screen:
                            if b[t] == ".":
                                add(t)
                            else:
                                screen = True
                        elif b[t] != ".":
                            if target_ok(t):
                                add(t)
                            break
                        f += dx
                        r += dy
            elif u == "N":
                for dx, dy in KNIGHT:
                    if not g.on(f0 + dx, r0 + dy):
                        continue
                    t = g.sq(f0 + dx, r0 + dy)
                    if piece_attacks(g, b, s, p, t) and target_ok(t):
                        add(t)
            elif u == "P":
                steps = [(1, 0), (0, 1)] if white else [(-1, 0), (0, -1)]
                if crossed(g, white, s):
                    steps += [(1, -1), (-1, 1)]
                leaps(steps)
            continue

        if g.name == "tripunch" and u in "NBRQ":
            done = set()
            for t in tripunch_reach(g, b, s, u):
                if t not in done and target_ok(t):
                    done.add(t)
                    add(t)
            continue

        if u == "K":
            leaps(KING8)
        elif u == "N":
            leaps(KNIGHT)
        elif u == "R":
            slide(ORTHO)
        elif u == "B":
            slide(DIAG)
        elif u == "Q":
            slide(KING8)
        elif u in "CM" and g.family != "cannons-and-crabs" or u == "M":
            slide(ORTHO)
            leaps(KNIGHT)
        elif u == "A":
            slide(DIAG)
            leaps(KNIGHT)
        elif u == "C":  # Cannons and Crabs cannon: K + A + D, jumping
            leaps(KING8 + [(2 * x, 2 * y) for x, y in KING8])
        elif u in "PX":
            d = fwd(g, white)
            r = r0 + d
            if not g.on(f0, r):
                continue
            rel = g.rel_rank(white, g.sq(f0, r))
            last = rel == g.H - 1
            promos = g.promote if last else [None]
            if g.promo_limit:
                avail = [pr for pr in g.promote
                         if b.count(pr if white else pr.lower()) < g.initial.get(pr, 0)]
                promos = avail if last else [None] + avail if rel in g.promo_ranks else [None]
            t = g.sq(f0, r)
            if b[t] == ".":
                for pr in promos:
                    add(t, "normal", pr)
                if u == "P" and g.double_rank is not None and g.rel_rank(white, s) == g.double_rank:
                    t2 = g.sq(f0, r + d)
                    if g.on(f0, r + d) and b[t2] == ".":
                        add(t2, "double")
            for dx in (-1, 1):
                if not g.on(f0 + dx, r):
                    continue
                t = g.sq(f0 + dx, r)
                q = b[t]
                if q == ".":
                    if u == "X":
                        for pr in promos:
                            add(t, "normal", pr)
                    elif g.ep and pos.ep == t:
                        add(t, "ep")
                elif target_ok(t):
                    for pr in promos:
                        add(t, "normal", pr)
                    if not promos:
                        # no promotion available: not a move of the plain game, but a
                        # cancellation capture (which never promotes) onto the last rank
                        add(t, "stuck")
    # castling
    home = 0 if white else g.H - 1
    if g.c960:
        # the king (on its first rank) with the rook of the right's file; written as the
        # king taking its own rook (e1h1)
        kf = home_king_file(g, b, white)
        for rl in sorted(pos.castle):
            if kf is None or rl.isupper() != white:
                continue
            pf = ord(rl.lower()) - 97
            kt, pt = g.c960[pf > kf]
            ks, ps = g.sq(kf, home), g.sq(pf, home)
            if b[ps] != ("R" if white else "r"):
                continue
            lo, hi = min(kf, kt, pf, pt), max(kf, kt, pf, pt)
            if any(b[g.sq(f, home)] != "." for f in range(lo, hi + 1) if f not in (kf, pf)):
                continue
            out.append((ks, ps, "castle:" + rl, None))
    for right, (kf, kt, pf, pt, partners) in castling_of(g, white).items():
        rl = right if white else right.lower()
        if rl not in pos.castle:
            continue
        ks, ps = g.sq(kf, home), g.sq(pf, home)
        k = "K" if white else "k"
        if b[ks] != k or not own(b[ps], white) or b[ps].upper() not in partners:
            continue
        lo = min(kf, kt, pf, pt)
        hi = max(kf, kt, pf, pt)
        if any(b[g.sq(f, home)] != "." for f in range(lo, hi + 1) if f not in (kf, pf)):
            continue
        out.append((ks, g.sq(kt, home), "castle:" + right, None))
    # King's Leap: the unmoved king (right K / k, on its e-file home square) leaps two squares
    # orthogonally to an empty square, not over a hostile piece (attack tests: leap_ok)
    if g.king_leap and ("K" if white else "k") in pos.castle:
        ks = g.sq(LEAP_FILE, home)
        if b[ks] == ("K" if white else "k"):
            for dx, dy in ORTHO:
                f, r = LEAP_FILE + 2 * dx, home + 2 * dy
                if g.on(f, r) and b[g.sq(f, r)] == "." and not enemy(b[g.sq(LEAP_FILE + dx, home + dy)], white):
                    out.append((ks, g.sq(f, r), "leap", None))
    return out


LEAP_FILE = 4  # King's Leap: the kings' home file (e)


def castling_of(g, white):
    """The castling table of one side: right letter -> (king file from, king file to, partner
    file, partner file to, partner letters)."""
    return g.castling if white or g.black_castling is None else g.black_castling


def home_king_file(g, b, white):
    """The file of the side's King on its first rank, or None."""
    home = 0 if white else g.H - 1
    k = "K" if white else "k"
    for f in range(g.W):
        if b[g.sq(f, home)] == k:
            return f
    return None


def castle_params(g, b, white, right):
    """(king file from, king file to, partner file, partner file to) of a castling right
    (right as stored in the position: `K` / `Q` or, in the Fischer Random forms, the file)."""
    if g.c960:
        kf = home_king_file(g, b, white)
        pf = ord(right.lower()) - 97
        kt, pt = g.c960[pf > kf]
        return kf, kt, pf, pt
    return castling_of(g, white)[right][:4]


def uci(g, m):
    frm, to, kind, promo = m
    if kind == "drop":
        return "%s@%s" % (promo.upper(), g.name_of(to))
    s = g.name_of(frm) + g.name_of(to)
    if promo:
        s += promo.lower()
    return s


def apply_plain(pos, m):
    """An ordinary (non-cancellation) move."""
    g = pos.g
    frm, to, kind, promo = m
    n = pos.copy()
    b = n.b
    p = b[frm]
    white = pos.white
    home = 0 if white else g.H - 1
    capture = b[to] != "." and not kind.startswith("castle:") or kind == "ep"
    if kind.startswith("castle:"):
        kf, kt, pf, pt = castle_params(g, b, white, kind[7:])
        partner = b[g.sq(pf, home)]
        b[g.sq(kf, home)] = "."
        b[g.sq(pf, home)] = "."
        b[g.sq(kt, home)] = p
        b[g.sq(pt, home)] = partner
    else:
        b[frm] = "."
        b[to] = (promo if white else promo.lower()) if promo else p
        if kind == "ep":
            b[g.sq(to % g.W, frm // g.W)] = "."
    lose_rights(n, [frm, to], pos.b)
    n.ep = None
    if kind == "double":
        n.ep = g.sq(frm % g.W, (frm // g.W + to // g.W) // 2)
    n.half = 0 if capture or p.upper() in g.pawnlike else pos.half + 1
    if not white:
        n.full += 1
    n.white = not white
    return n


def lose_rights(n, squares, old):
    """Rights lost by a move that touches `squares` (old: the board before it)."""
    g = n.g
    for white in (True, False):
        home = 0 if white else g.H - 1
        if g.c960:
            kf = home_king_file(g, old, white)
            for rl in list(n.castle):
                if rl.isupper() == white and (kf is None or g.sq(kf, home) in squares
                                              or g.sq(ord(rl.lower()) - 97, home) in squares):
                    n.castle.discard(rl)
            continue
        for right, (kf, kt, pf, pt, _) in castling_of(g, white).items():
            if g.sq(kf, home) in squares or g.sq(pf, home) in squares:
                n.castle.discard(right if white else right.lower())
        if g.king_leap and g.sq(LEAP_FILE, home) in squares:
            n.castle.discard("K" if white else "k")


def special_ok(pos, m):
    """The attack tests of castling and of the King's Leap (before the move); True otherwise."""
    if m[2].startswith("castle:"):
        return castle_ok(pos, m)
    if m[2] == "leap":
        return leap_ok(pos, m)
    return True


def leap_ok(pos, m):
    """King's Leap: the king not in check and the square leapt over not attacked, both judged
    with the king on its square (after the leap the usual king-safety test)."""
    g = pos.g
    frm, to = m[0], m[1]
    mid = g.sq((frm % g.W + to % g.W) // 2, (frm // g.W + to // g.W) // 2)
    return not attacked(g, pos.b, frm, not pos.white) and not attacked(g, pos.b, mid, not pos.white)


def castle_ok(pos, m):
    """The castling conditions that need attack tests (before the move)."""
    g = pos.g
    kf, kt, pf, pt = castle_params(g, pos.b, pos.white, m[2][7:])
    home = 0 if pos.white else g.H - 1
    if attacked(g, pos.b, g.sq(kf, home), not pos.white):
        return False
    lo, hi = min(kf, kt), max(kf, kt)
    for f in range(lo, hi + 1):
        if f != kf and f != kt and attacked(g, pos.b, g.sq(f, home), not pos.white):
            return False
    return True


# ---------------------------------------------------------------------------------------------
# Cancellation


def step(g, b, placer_white, pend):
    """(normalised pending, (value, [(square, letter)])) or (pend, None) when nothing fits."""
    center, r, at, pas = pend
    if r <= 0:
        return pend, None
    if at:
        if b[center] == ".":
            fits = [(v, l) for v, l in g.placeable if v <= r and g.may_stand(l, placer_white, center)]
            if fits:
                v = fits[0][0]
                return pend, (v, [(center, l) for vv, l in fits if vv == v])
        pend = (center, r, False, pas)
    opened = [n for n in g.neighbours(center) if b[n] == "."]
    pairs = [(v, n, l) for v, l in g.placeable if v <= r for n in opened if g.may_stand(l, placer_white, n)]
    if not pairs:
        return pend, None
    v = max(t[0] for t in pairs)
    return pend, (v, [(n, l) for vv, n, l in pairs if vv == v])


def put(b, sq, letter, white):
    b[sq] = letter.upper() if white else letter.lower()


def resolve(g, b, placer_white, pend):
    """Makes automatic placements on b; returns the pending state left (None when done)."""
    while True:
        pend, st = step(g, b, placer_white, pend)
        if st is None:
            return None
        v, pairs = st
        if len(pairs) > 1:
            return pend
        sq, l = pairs[0]
        put(b, sq, l, placer_white)
        pend = (pend[0], pend[1] - v, False, pend[3])


def completions(g, b, placer_white, pend):
    """Every finished board reachable by placing from pend (automatic + chosen placements)."""
    b = b[:]
    pend = resolve(g, b, placer_white, pend)
    if pend is None:
        yield b
        return
    pend, (v, pairs) = step(g, b, placer_white, pend)
    for sq, l in pairs:
        b2 = b[:]
        put(b2, sq, l, placer_white)
        yield from completions(g, b2, placer_white, (pend[0], pend[1] - v, False, pend[3]))


def cancellation_capture(pos, m):
    """For a capture by a non-royal piece: (board after capture, placer_white, pending) ."""
    g = pos.g
    frm, to, kind, _ = m
    b = pos.b[:]
    victim = g.sq(to % g.W, frm // g.W) if kind == "ep" else to
    a = g.values[b[frm].upper()]
    d = g.values[b[victim].upper()]
    b[frm] = "."
    b[victim] = "."
    if a == d:
        return b, pos.white, None
    if a > d:
        return b, pos.white, (to, a - d, True, True)
    return b, not pos.white, (to, d - a, True, False)


def capture_legal(pos, m):
    g = pos.g
    b, placer, pend = cancellation_capture(pos, m)
    us = pos.white
    if pend is None:
        return king_safe(g, b, us)
    boards = completions(g, b, placer, pend)
    if placer == us:
        return any(king_safe(g, fb, us) for fb in boards)
    return all(king_safe(g, fb, us) for fb in boards)


def play_cancellation(pos, m, placement=None):
    """A capture by a non-royal piece, or a placement ply `placement = (square, letter)`."""
    g = pos.g
    n = pos.copy()
    n.ep = None
    n.half = 0
    if placement is None:
        frm, to, kind, _ = m
        b, placer, pend = cancellation_capture(pos, m)
        victim = g.sq(to % g.W, frm // g.W) if kind == "ep" else to
        lose_rights(n, [frm, to, victim], pos.b)
        capturer = pos.white
    else:
        sq, l = placement
        b = pos.b[:]
        placer = pos.white
        put(b, sq, l, placer)
        lose_rights(n, [sq], pos.b)
        c, r, at, pas = pos.pend
        pend = (c, r - g.values[l.upper()], False, pas)
        capturer = placer if pas else not placer
    if pend is not None:
        pend = resolve(g, b, placer, pend)
    n.b = b
    n.pend = pend
    new_white = placer if pend is not None else not capturer
    if not pos.white and new_white:
        n.full += 1
    n.white = new_white
    return n


def legal(pos, path=None):
    """[(uci, next position)] in this position. `path`: position keys since the root (Canonical)."""
    g = pos.g
    out = []
    if pos.pend is not None:
        pend, st = step(g, pos.b, pos.white, pos.pend)
        v, pairs = st
        for sq, l in pairs:
            n = play_cancellation(pos, None, (sq, l))
            if pend[3]:  # the capturer's own remnant: some safe way on must exist
                if n.pend is None:
                    ok = king_safe(g, n.b, pos.white)
                else:
                    ok = any(king_safe(g, fb, pos.white) for fb in completions(g, n.b, pos.white, n.pend))
                if not ok:
                    continue
            out.append(("%s@%s" % (l.upper(), g.name_of(sq)), n))
    else:
        seen = set()
        for m in pseudo_moves(pos):
            frm, to, kind, promo = m
            p = pos.b[frm]
            is_capture = pos.b[to] != "." and not kind.startswith("castle:") or kind == "ep"
            if is_capture and p.upper() != g.royal:
                text = g.name_of(frm) + g.name_of(to)
                if text in seen:
                    continue  # a capture never promotes: one move
                seen.add(text)
                if capture_legal(pos, m):
                    out.append((text, play_cancellation(pos, m)))
                continue
            if not special_ok(pos, m):
                continue
            n = apply_plain(pos, m)
            if king_safe(g, n.b, pos.white):
                out.append((uci(g, m), n))
    if g.no_repetition and path is not None:
        out = [(t, n) for t, n in out if n.key() not in path]
    return out


def perft(pos, depth, path=None):
    if depth == 0:
        return 1
    moves = legal(pos, path)
    if depth == 1:
        return len(moves)
    total = 0
    for _, n in moves:
        if path is not None:
            path.add(n.key())
        total += perft(n, depth - 1, path)
        if path is not None:
            path.discard(n.key())
    return total


def divide(pos, depth):
    path = {pos.key()} if pos.g.no_repetition else None
    out = {}
    for text, n in legal(pos, path):
        if path is not None:
            path.add(n.key())
        out[text] = perft(n, depth - 1, path) if depth > 1 else 1
        if path is not None:
            path.discard(n.key())
    return out


def plain_legal(pos, path=None):
    """The base game's own legal moves (ordinary captures), to check the base against Chimera."""
    g = pos.g
    out = []
    for m in pseudo_moves(pos):
        if m[2] == "stuck":
            continue
        if not special_ok(pos, m):
            continue
        n = apply_plain(pos, m)
        if king_safe(g, n.b, pos.white):
            out.append((uci(g, m), n))
    if g.no_repetition and path is not None:
        out = [(t, n) for t, n in out if n.key() not in path]
    return out


def plain_divide(pos, depth):
    path = {pos.key()} if pos.g.no_repetition else None

    def rec(p, d):
        if d == 0:
            return 1
        total = 0
        for _, n in plain_legal(p, path):
            if path is not None:
                path.add(n.key())
            total += rec(n, d - 1)
            if path is not None:
                path.discard(n.key())
        return total

    out = {}
    for text, n in plain_legal(pos, path):
        if path is not None:
            path.add(n.key())
        out[text] = rec(n, depth - 1)
        if path is not None:
            path.discard(n.key())
    return out


# ---------------------------------------------------------------------------------------------
# Comparison with Chimera


CHIMERA_EXTRA = []  # --values: ["--variants", FILE] for the file game


def chimera_divide(chimera, variant, fen, depth):
    r = subprocess.run([chimera, "perft"] + CHIMERA_EXTRA + ["--variant", variant, "--fen", fen, "--depth", str(depth), "--divide"],
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError("chimera failed on %s: %s" % (fen, r.stderr.strip()))
    out = {}
    for line in r.stdout.splitlines():
        if line.startswith("Nodes searched"):
            break
        if ":" in line:
            mv, c = line.split(":")
            out[mv.strip()] = int(c)
    return out


def dest_of(g, text):
    """The destination square of a move `a1b2[promotion]` (ranks may have two digits)."""
    i = 1
    while text[i].isdigit():
        i += 1
    j = i + 1
    while j < len(text) and text[j].isdigit():
        j += 1
    return g.parse_sq(text[i:j])


def random_start(g, rng):
    """The game's start FEN; in the Fischer Random forms a seeded shuffled array (Bishops on
    both colours, the King between the Rooks; the other pieces anywhere), rights KQkq."""
    if not g.c960:
        return g.start
    row = [None] * g.W
    for parity in (0, 1):
        row[rng.choice([f for f in range(g.W) if f % 2 == parity])] = "B"
    rest = [l for l in g.start.split("/")[-1].split()[0] if l not in "BRK"]
    rng.shuffle(rest)
    free = [f for f in range(g.W) if row[f] is None]
    rng.shuffle(free)
    for f, l in zip(free, rest):
        row[f] = l
    for f, l in zip([f for f in range(g.W) if row[f] is None], "RKR"):
        row[f] = l
    white = "".join(row)
    return "%s/%s/%s/%s/%s w KQkq - 0 1" % (white.lower(), "p" * g.W, "/".join([str(g.W)] * (g.H - 4)), "P" * g.W, white)


def random_positions(g, n, rng, max_plies=60, capture_bias=None):
    """Seeded playouts; positions sampled along them, half of them right after a capture. In the
    extended form the playouts lean harder on captures and mostly stop where a fairy piece stands,
    so that fairy pieces get placed and then move, capture and are captured."""
    capture_bias = capture_bias or (0.7 if g.fairy else 0.35)

    def keep(pos):
        """Extended form: a position with no fairy piece on the board is kept only at times."""
        return not g.fairy or any(p.upper() in g.fairy for p in pos.b) or rng.random() < 0.2

    out = []
    while len(out) < n:
        pos = parse_fen(g, random_start(g, rng))
        path = {pos.key()}
        plies = rng.randint(4, max_plies)
        for _ in range(plies):
            moves = legal(pos, path if g.no_repetition else None)
            if not moves:
                break
            caps = [mv for mv in moves if "@" in mv[0] or pos.b[dest_of(g, mv[0])] != "."]
            text, pos = rng.choice(caps if caps and rng.random() < capture_bias else moves)
            path.add(pos.key())
            if pos.pend is not None and rng.random() < 0.4 and keep(pos):
                out.append(pos.fen())
                break
        else:
            if keep(pos):
                out.append(pos.fen())
    return out[:n]


def pyffish_oracle(base):
    """scripts/crosscheck_pyffish.py's oracle for a base it has (FSF; kings-leap: its hybrid of
    FSF and the leap in Python), or None."""

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import crosscheck_pyffish as XP

    XP.init_pyffish()
    if base in ("fischerandom", "caparandom"):
        return Pyffish960({"fischerandom": "chess", "caparandom": "capablanca"}[base])
    return XP.make_oracle(base) if base in XP.GAMES else None


class Pyffish960:
    """pyffish's chess960 mode (castling written as the king taking its rook, as here)."""

    def __init__(self, variant):
        import pyffish

        self.sf, self.variant = pyffish, variant

    def count(self, fen, moves, depth):
        if depth == 0:
            return 1
        ms = self.sf.legal_moves(self.variant, fen, moves, True)
        return len(ms) if depth == 1 else sum(self.count(fen, moves + [m], depth - 1) for m in ms)

    def divide(self, fen, depth):
        return {m: self.count(fen, [m], depth - 1) for m in self.sf.legal_moves(self.variant, fen, [], True)}


def base_check(args):
    """The oracle's base games (ordinary captures) against Chimera's plain games (and, with
    --pyffish, against crosscheck_pyffish.py's oracles where it has the base)."""
    rng = random.Random(args.seed)
    bad = 0
    for variant in args.variants.split(","):
        base = variant if variant in GAMES else base_name(variant)
        g = GAMES[base]
        fens = [g.start]
        while len(fens) < args.positions + 1:
            pos = parse_fen(g, random_start(g, rng))
            path = {pos.key()}
            for _ in range(rng.randint(2, 50)):
                moves = plain_legal(pos, path if g.no_repetition else None)
                if not moves:
                    break
                pos = rng.choice(moves)[1]
                path.add(pos.key())
            fens.append(pos.fen())
        n_bad = 0
        fsf = pyffish_oracle(base) if args.pyffish else None
        for i, fen in enumerate(fens):
            d = args.start_depth if i == 0 else args.depth
            want = plain_divide(parse_fen(g, fen), d)
            got = chimera_divide(args.chimera, base, fen, d)
            if want != got:
                n_bad += 1
                print("BASE MISMATCH %s depth %d %s\n  oracle only: %s\n  chimera only: %s" % (
                    base, d, fen, sorted(set(want) - set(got)), sorted(set(got) - set(want))))
            if fsf is not None:
                other = fsf.divide(fen, d)
                if want != other:
                    n_bad += 1
                    print("PYFFISH MISMATCH %s depth %d %s\n  oracle only: %s\n  pyffish only: %s\n  counts differ: %s" % (
                        base, d, fen, sorted(set(want) - set(other)), sorted(set(other) - set(want)),
                        [(k, want[k], other[k]) for k in sorted(set(want) & set(other)) if want[k] != other[k]][:10]))
        print("%s (base): %d positions, %d mismatches%s" % (base, len(fens), n_bad, " (Chimera and pyffish)" if fsf else ""))
        sys.stdout.flush()
        bad += n_bad
    return 1 if bad else 0


def compare_game(chimera, g, variant, fens, start_depth, depth):
    """`chimera perft --divide` against the oracle on the start (depths 1..start_depth) and each
    of `fens` (1..depth), a difference followed down to its first position. Returns (cases,
    mismatches, oracle leaves)."""
    cases = [(g.start, d) for d in range(1, start_depth + 1)]
    cases += [(fen, d) for fen in fens for d in range(1, depth + 1)]
    bad = leaves = 0
    for fen, d in cases:
        want = divide(parse_fen(g, fen), d)
        leaves += sum(want.values())
        try:
            got = chimera_divide(chimera, variant, fen, d)
        except RuntimeError as e:
            bad += 1
            print("CHIMERA ERROR %s depth %d: %s" % (variant, d, e))
            continue
        if want != got:
            bad += 1
            print("MISMATCH %s depth %d %s (oracle %d, chimera %d)"
                  % (variant, d, fen, sum(want.values()), sum(got.values())))
            path, at, only_o, only_c, differ = drill(chimera, g, variant, fen, d)
            print("  drilled: after %s  fen %s\n  oracle only: %s\n  chimera only: %s\n"
                  "  counts differ: %s" % (" ".join(path) or "-", at, only_o, only_c, differ))
            sys.stdout.flush()
    return len(cases), bad, leaves


def compare(args):
    rng = random.Random(args.seed)
    bad = 0
    checked = 0
    for variant in args.variants.split(","):
        g = game_of(variant)
        fens = random_positions(g, args.positions, rng)
        n, n_bad, _ = compare_game(args.chimera, g, variant, fens, args.start_depth, args.depth)
        print("%s: %d cases, %d mismatches" % (variant, n, n_bad))
        sys.stdout.flush()
        checked += n
        bad += n_bad
    print("total: %d cases, %d mismatches" % (checked, bad))
    return 1 if bad else 0


def chimera_total(chimera, variant, fen, depth):
    r = subprocess.run([chimera, "perft", "--variant", variant, "--fen", fen, "--depth", str(depth)],
                       capture_output=True, text=True, timeout=3600)
    for line in r.stdout.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    raise RuntimeError("chimera failed on %s: %s" % (fen, r.stderr.strip()))


# Hand-made positions added to the perft data: (id, FEN, oracle depth).
TACTICAL = {
    "cancellation-chess": [
        ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
        ("example-queen-takes-rook", "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1", 4),
        ("example-pawn-takes-queen", "4k3/8/8/4q3/3P4/8/1P6/K7 w - - 0 1", 4),
        ("dead-end-placements", "r3k3/8/1Q6/1b6/8/8/8/K7 w - - 0 1", 4),
        ("defender-could-check", "4k3/8/8/4q3/3P4/8/7K/8 w - - 0 1", 4),
        ("en-passant-and-last-rank-capture", "7r/6P1/8/3pP3/8/8/8/k3K3 w - d6 0 1", 4),
    ],
    "cancellation-paulowich": [
        ("castling-partners", "c3k2q/pppppppp/8/8/8/8/PPPPPPPP/C3K2Q w KQkq - 0 1", 3),
    ],
    "cancellation-cannons-and-crabs": [
        ("cannon-near-king", "r2k2r/7/7/6c/7/R2K2R w KQkq - 0 1", 3),
        ("crabs-near-promotion", "6k/1XPX3/7/7/3xpx1/K6 w - - 0 1", 4),
    ],
    "cancellation-canonical": [
        ("fortress-queen", "8k/9/9/5p3/9/3p5/1N7/9/K8 w - - 0 1", 4),
    ],
    "cancellation-tripunch": [
        ("combine-takes-reaper", "2k5/8/8/8/3r4/8/8/Q6K w - - 0 1", 3),
        ("defender-harvester-would-check", "k7/8/8/8/3r4/4P3/8/7K w - - 0 1", 4),
        ("castling-bent-attacks", "r3k2r/8/1R6/8/8/6r1/4P1P1/R3K2R w KQkq - 0 1", 3),
        ("bent-check-combine", "1k6/8/8/8/3Q4/4pr2/8/4K1N1 w - - 0 1", 3),
    ],
    "cancellation-grand": [
        ("no-promotion-left-capture", "rn7r/P1bqkcabn1/1ppppppppp/10/10/10/10/1PPPPPPPPP/1NBQKCABN1/R8R w - - 0 1", 2),
        ("queen-missing-promotions", "1n2k1r3/1P4P3/10/10/3P6/10/q9/10/10/4K4R w - - 0 1", 3),
        ("placed-pawn-third-rank", "4k5/10/10/10/10/10/10/2b7/10/2R2K4 w - - 0 1", 3),
        ("en-passant", "4k5/10/10/10/2pP6/10/10/10/10/4K5 w - c7 0 1", 3),
    ],
    "cancellation-gothic": [
        ("castling-three-squares", "r4k3r/10/10/10/4b5/10/10/R4K3R w KQkq - 0 1", 3),
        ("chancellor-takes-bishop", "5k4/10/10/10/4b5/10/10/4C4K w - - 0 1", 3),
        ("pawn-takes-chancellor", "5k4/10/10/10/4c5/3P6/10/9K w - - 0 1", 3),
    ],
    "cancellation-capablanca": [
        ("castling-landing-attacked", "r4k3r/10/10/10/10/1n8/10/R4K3R w KQkq - 0 1", 3),
        ("queen-takes-chancellor", "5k4/10/10/10/4c5/10/10/4Q4K w - - 0 1", 3),
    ],
    "cancellation-janus": [
        ("castling-rook-crosses-king", "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1", 3),
        ("pawn-takes-janus", "4k5/10/10/4j5/3P6/10/10/9K w - - 0 1", 3),
    ],
    "cancellation-embassy": [
        ("castling-attacked-between", "4k3r1/10/10/10/10/10/10/R3K4R w KQ - 0 1", 3),
    ],
    "cancellation-chancellor": [
        ("castling", "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1", 3),
    ],
    "cancellation-tutti-frutti": [
        ("castling-empress", "e3k2r/8/8/8/8/8/8/E3K2R w KQkq - 0 1", 3),
        ("amazon-takes-knight-queen-or-empress", "4k3/8/8/8/3n4/8/8/3ZK3 w - - 0 1", 3),
        ("pawn-takes-amazon", "4k3/8/8/4z3/3P4/8/8/7K w - - 0 1", 3),
        ("defender-queen-would-check", "4k3/8/8/4z3/3P4/8/8/K7 w - - 0 1", 3),
    ],
    "cancellation-kings-leap": [
        ("leaps", "4k3/8/8/8/8/8/4P3/4K3 w Kk - 0 1", 3),
        ("leap-over-attacked-square-after-placement", "4k3/8/8/8/8/3r4/4P3/4K3 w Kk - 0 1", 3),
        ("leap-over-own-bishop", "4k3/4p3/8/8/8/8/3n4/2B1K3 w Kk - 0 1", 3),
        ("queens-and-leaps", "3qk3/8/8/8/8/8/3p4/3QK3 w Kk - 0 1", 3),
    ],
    "cancellation-paulowich-crosswise": [
        ("castling-both-armies", "q2k3c/pppppppp/8/8/8/8/PPPPPPPP/C3K2Q w KQkq - 0 1", 3),
        ("black-rook-blocks-o-o-o", "q2kr2c/8/8/8/8/8/4P3/C2RK2Q b KQkq - 0 1", 3),
        ("corner-captures", "q2k3c/8/8/8/8/8/8/C3K2Q w KQkq - 0 1", 3),
        ("knight-near-black-castling", "q2k3c/2p5/1N6/8/8/8/8/C3K2Q w KQkq - 0 1", 3),
    ],
    "cancellation-cannons-and-crabs-7x7": [
        ("cannon-near-king", "r2k2r/7/7/7/6c/7/R2K2R w KQkq - 0 1", 3),
        ("crabs-near-promotion", "6k/1XPX3/7/7/7/3xpx1/K6 w - - 0 1", 4),
    ],
    "cancellation-canonic": [
        ("knight-and-pawns", "7k/8/8/4p3/8/3p4/1N6/K7 w - - 0 1", 4),
    ],
    "cancellation-canon": [
        ("knight-and-pawns", "6k/7/4p2/7/2p4/1N5/K6 w - - 0 1", 4),
    ],
    "cancellation-extended-kings-leap": [
        ("queens-and-leaps", "3qk3/8/8/8/8/8/3p4/3QK3 w Kk - 0 1", 3),
    ],
    "cancellation-extended-paulowich-crosswise": [
        ("black-castling-fairies", "q2k3c/1p6/8/8/8/8/8/C3K1RQ b KQkq - 0 1", 3),
    ],
    "cancellation-extended-cannons-and-crabs-7x7": [
        ("rook-takes-pawn-commoner", "3k3/7/3p3/7/7/7/K2R3 w - - 0 1", 4),
    ],
    "cancellation-extended-canonic": [
        ("rook-takes-pawn-dragon-king", "7k/8/8/4p3/8/8/R2p4/K7 w - - 0 1", 4),
    ],
    "cancellation-extended-canon": [
        ("rook-takes-pawn-dragon-king", "6k/7/7/3p3/7/R1p4/K6 w - - 0 1", 4),
    ],
    "cancellation-fischerandom": [
        ("castling-inner-rooks", "rr2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RR2K1R1 w GBgb - 0 1", 3),
        ("king-stays-on-g1", "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1", 3),
    ],
    "cancellation-caparandom": [
        ("castling-b-rook", "1r3k2r1/pppppppppp/10/10/10/10/PPPPPPPPPP/1R3K2R1 w KQkq - 0 1", 3),
    ],
    "cancellation-extended-gothic": [
        ("chancellor-takes-bishop-dragon-horse", "5k4/10/10/10/4b5/10/10/4C4K w - - 0 1", 3),
        ("archbishop-takes-pawn-dragon-king", "5k4/10/10/10/4p5/10/10/1A7K w - - 0 1", 3),
    ],
    "cancellation-extended-tutti-frutti": [
        ("amazon-takes-rook-dragon-king", "4k3/8/8/8/3r4/8/8/3ZK3 w - - 0 1", 3),
    ],
    "cancellation-extended-chess": [
        ("queen-takes-rook-commoner", "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1", 4),
        ("pawn-takes-queen-archbishop", "4k3/8/8/4q3/3P4/8/1P6/K7 w - - 0 1", 4),
        ("defender-archbishop-would-check", "4k3/8/8/4q3/3P4/8/8/K7 w - - 0 1", 4),
        ("all-fairies", "4k3/1d3a2/8/2H5/5w2/1m6/3W4/A3K2M w - - 0 1", 3),
    ],
    "cancellation-extended-cannons-and-crabs": [
        ("rook-takes-pawn-commoner", "3k3/7/3p3/7/7/K2R3 w - - 0 1", 4),
        ("fairies", "r2k3/1g1h3/3p3/2D4/1G5/R2K3 w - - 0 1", 3),
    ],
    "cancellation-extended-canonical": [
        ("rook-takes-pawn-dragon-king", "8k/9/9/5p3/9/9/R2p5/9/K8 w - - 0 1", 4),
    ],
    "cancellation-extended-tripunch": [
        ("combine-takes-reaper-commoner", "2k5/8/8/8/3r4/8/8/Q6K w - - 0 1", 3),
        ("fairies", "4k3/2a5/8/3W4/5m2/8/1M6/4K3 w - - 0 1", 3),
    ],
}


def write_perft(args):
    """engine-tests/perft/cancellation-<base>.perft: start position and seeded playout positions;
    counts up to --depth checked against this oracle, deeper ones (to --chimera-depth) Chimera's."""

    rng = random.Random(args.seed)
    for variant in args.variants.split(","):
        g = game_of(variant)
        fens = [("start", g.start, args.start_depth)] + [
            ("playout-%d" % (i + 1), fen, args.depth) for i, fen in enumerate(random_positions(g, args.positions, rng))]
        fens += TACTICAL.get(variant, [])
        lines = [
            "# %s perft data. Every ply counts: captures and each placement ply (automatic" % variant,
            "# placements take none). Counts marked `oracle` were computed by scripts/oracles/cancellation.py",
            "# (an independent Python implementation of rules/cancellation.md over its own move generator",
            "# for the base game) and agree with Chimera; the deeper ones are Chimera's alone.",
            "# Playout positions: seeded random games (seed %d) stopped at random, often right after a" % args.seed,
            "# capture, so that placements are pending (FEN field `place=`).",
        ]
        if g.fairy:
            lines += [
                "# Extended form: the playouts lean on captures and mostly stop where a fairy piece stands;",
                "# this game's fairy pieces: %s." % ", ".join("%s %d" % (l, g.values[l]) for l in g.fairy),
            ]
        lines += [
            "# Regenerate: scripts/oracles/cancellation.py --write-perft engine-tests/perft --chimera target/release/chimera",
            "#   --variants %s --seed %d --positions %d --depth %d --start-depth %d --chimera-depth %d --node-cap %d" % (
                args.variants, args.seed, args.positions, args.depth, args.start_depth, args.chimera_depth, args.node_cap),
            "",
        ]
        for ident, fen, odepth in fens:
            lines.append("id %s-%s" % (variant, ident))
            lines.append("variant %s" % variant)
            lines.append("fen %s" % fen)
            pos = parse_fen(g, fen)
            for d in range(1, args.chimera_depth + 1):
                got = chimera_total(args.chimera, variant, fen, d)
                if d <= odepth:
                    want = sum(divide(pos, d).values())
                    if want != got:
                        raise SystemExit("MISMATCH %s depth %d %s: oracle %d chimera %d" % (variant, d, fen, want, got))
                    lines.append("perft %d %d  # oracle" % (d, got))
                else:
                    lines.append("perft %d %d" % (d, got))
                if got > args.node_cap:
                    break
            lines.append("")
            sys.stderr.write("%s %s done\n" % (variant, ident))
        path = os.path.join(args.write_perft, "%s.perft" % variant)
        with open(path, "w") as f:
            f.write("\n".join(lines))
        print("wrote", path)
    return 0


# ---------------------------------------------------------------------------------------------
# Self-test


def python_chess_perft(board, depth):
    """Perft of a python-chess board (the plain games' reference in the self-tests)."""
    if depth == 0:
        return 1
    total = 0
    for m in board.legal_moves:
        board.push(m)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


def self_test():
    import chess  # python-chess

    g = GAMES["chess"]
    fens = [g.start, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"]

    def plain_perft(pos, depth):
        if depth == 0:
            return 1
        total = 0
        for m in pseudo_moves(pos):
            if not special_ok(pos, m):
                continue
            n = apply_plain(pos, m)
            if king_safe(pos.g, n.b, pos.white):
                total += plain_perft(n, depth - 1)
        return total

    for fen in fens:
        for d in (1, 2, 3):
            a = plain_perft(parse_fen(g, fen), d)
            b = python_chess_perft(chess.Board(fen), d)
            status = "ok" if a == b else "MISMATCH"
            print("plain chess %s depth %d: oracle %d python-chess %d %s" % (fen, d, a, b, status))
            if a != b:
                return 1
    # The page's worked examples.
    ex1 = parse_fen(g, "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1")
    moves = dict(legal(ex1))
    n = moves["a1d4"]
    assert n.pend is not None and n.white, n.fen()
    assert sorted(t for t, _ in legal(n)) == ["B@d4", "N@d4"], [t for t, _ in legal(n)]
    n2 = dict(legal(n))["B@d4"]
    assert sorted(t for t, _ in legal(n2)) == sorted("P@" + g.name_of(s) for s in g.neighbours(g.parse_sq("d4"))), n2.fen()
    print("worked examples: ok")
    return (extended_self_test() or tripunch_self_test(plain_perft) or classics_self_test(plain_perft)
            or more_bases_self_test(plain_perft))


def extended_self_test():
    """The extended form: the extras of each base, the fairy pieces' moves, and captures that
    place them (automatically, where one type and square is all there is)."""
    want = {
        "chess": {"W": 2, "M": 4, "H": 6, "D": 7, "A": 8},
        "paulowich": {"W": 2, "M": 4, "H": 6, "D": 7, "A": 8},
        "cannons-and-crabs": {"G": 4, "H": 6, "D": 7},  # has 1 2 3 5 8 9; M is its Marshall
        "canonical": {"H": 6, "D": 7},  # has 1 2 4 8
        "tripunch": {"W": 2, "M": 4, "A": 8},  # has 1 5 6 7 11
        "capablanca": {"W": 2, "M": 4, "H": 6, "D": 7},  # has 1 3 5 8 9
        "gothic": {"W": 2, "M": 4, "H": 6, "D": 7},
        "embassy": {"W": 2, "M": 4, "H": 6, "D": 7},
        "janus": {"W": 2, "M": 4, "H": 6, "D": 7},  # has 1 3 5 8 (J) 9
        "chancellor": {"W": 2, "M": 4, "H": 6, "D": 7, "A": 8},  # has 1 3 5 9
        "tutti-frutti": {"W": 2, "M": 4, "H": 6, "D": 7},  # has 1 3 5 8 9 12
        "paulowich-crosswise": {"W": 2, "M": 4, "H": 6, "D": 7, "A": 8},
        "kings-leap": {"W": 2, "M": 4, "H": 6, "D": 7, "A": 8},
        "cannons-and-crabs-7x7": {"G": 4, "H": 6, "D": 7},
        "canonic": {"H": 6, "D": 7},
        "canon": {"H": 6, "D": 7},
        "fischerandom": {"W": 2, "M": 4, "H": 6, "D": 7, "A": 8},
        "caparandom": {"W": 2, "M": 4, "H": 6, "D": 7},
    }
    for base, extras in want.items():
        g = EXTENDED[base]
        got = {l: g.values[l] for l in g.fairy}
        assert got == extras, (base, got)
    g = EXTENDED["chess"]
    wazir = set("d3 d5 c4 e4".split())
    ferz = set("c3 c5 e3 e5".split())
    bishop = set("a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1".split())
    rook = set("d1 d2 d3 d5 d6 d7 d8 a4 b4 c4 e4 f4 g4 h4".split())
    knight = set("b3 b5 c2 c6 e2 e6 f3 f5".split())
    for letter, exp in (("W", wazir), ("M", wazir | ferz), ("H", bishop | wazir), ("D", rook | ferz), ("A", bishop | knight)):
        fen = "K7/8/8/8/3%s4/8/7k/8 w - - 0 1" % letter
        got = {txt[2:4] for txt, _ in legal(parse_fen(g, fen)) if txt[:2] == "d4"}
        assert got == exp, (letter, sorted(got ^ exp))

    def after(base, fen, move):
        return dict(legal(parse_fen(EXTENDED[base], fen)))[move].fen()

    cases = [
        # Q (9) takes R (5): r = 4, a Commoner on d4, the only type of value 4: automatic.
        ("chess", "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1", "a1d4", "4k3/8/8/8/3M4/8/8/4K3 b - - 0 1"),
        # P (1) takes Q (9): r = 8, Black's Archbishop on e5 (automatic); Black moves next.
        ("chess", "4k3/8/8/4q3/3P4/8/1P6/K7 w - - 0 1", "d4e5", "4k3/8/8/4a3/8/8/1P6/K7 b - - 0 1"),
        # R (5) takes the Commoner (4), not royal: r = 1, a Pawn on d4.
        ("chess", "4k3/3r4/8/8/3M4/8/8/K7 b - - 0 1", "d7d4", "4k3/8/8/8/3p4/8/8/K7 w - - 0 2"),
        # The Commoner (4) takes N (3): r = 1, a Pawn on e5.
        ("chess", "4k3/8/8/4n3/3M4/8/8/K7 w - - 0 1", "d4e5", "4k3/8/8/4P3/8/8/8/K7 b - - 0 1"),
        # Tripunch Combine (11) takes Reaper (7): r = 4, a Commoner now (a Pawn and 3 more before).
        ("tripunch", "2k5/8/8/8/3r4/8/8/Q6K w - - 0 1", "a1d4", "2k5/8/8/8/3M4/8/8/7K b - - 0 1"),
        # Cannons and Crabs: R (5) takes P (1): r = 4, its Commoner is G.
        ("cannons-and-crabs", "3k3/7/3p3/7/7/K2R3 w - - 0 1", "d1d4", "3k3/7/3G3/7/7/K6 b - - 0 1"),
    ]
    for base, fen, move, exp in cases:
        got = after(base, fen, move)
        assert got == exp, (base, fen, move, got)
    # P takes Q with the White King on a1 and b2 empty: the Archbishop placed on e5 would check
    # along e5-a1, so the capture is illegal.
    assert "d4e5" not in dict(legal(parse_fen(g, "4k3/8/8/4q3/3P4/8/8/K7 w - - 0 1")))
    print("extended form (extras per base, fairy moves, fairy placements): ok")
    return 0


def tripunch_self_test(plain_perft):
    """The tripunch base: start perft (the plain game's known counts), hand-worked move sets, the
    attack test against the move walk, and two cancellation captures with its values."""
    t = GAMES["tripunch"]
    want = {1: 24, 2: 576, 3: 17028}
    for d in (1, 2, 3):
        a = plain_perft(parse_fen(t, t.start), d)
        print("plain tripunch start depth %d: oracle %d expected %d %s" % (d, a, want[d], "ok" if a == want[d] else "MISMATCH"))
        if a != want[d]:
            return 1

    def dests(fen, frm):
        return {txt[2:4] for txt, _ in plain_legal(parse_fen(t, fen)) if txt[:2] == frm}

    reaper = set("d1 d2 d3 d5 d6 d7 d8 a4 b4 c4 e4 f4 g4 h4 "  # rook
                 "c3 e3 c5 e5 f5 g5 h5 e6 e7 e8 f3 g3 h3 e2 e1 b5 a5 c6 c7 c8 b3 a3 c2 c1".split())  # gryphon
    harvester = set("c3 b2 a1 e5 f6 g7 h8 c5 b6 a7 e3 f2 g1 "  # bishop
                    "d5 d3 e4 c4 e6 f7 g8 c6 b7 a8 e2 f1 c2 b1 f5 g6 h7 f3 g2 h1 b5 a6 b3 a2".split())  # aanca
    checks = [
        ("Reaper d4 alone (38)", "7k/8/8/8/3R4/8/8/K7 w - - 0 1", "d4", reaper),
        ("Harvester d4 alone (37)", "8/8/8/8/K2B3k/8/8/8 w - - 0 1", "d4", harvester),
        ("Combine d4 alone: the union, one move per square (59)", "1k6/8/8/8/3Q4/8/7K/8 w - - 0 1", "d4", reaper | harvester),
        # Own pawn e5 shuts the gryphon path d4-e5-f5; the aanca path d4-e4-f5 takes f5.
        ("Combine d4 -> f5 by the aanca path", "k7/8/8/2PPPp2/2PQ4/2PPP3/8/K7 w - - 0 1", "d4", set("e4 f4 g4 h4 f5 f3 g2 h1".split())),
        # Own pawn e4 shuts the aanca path; the gryphon path d4-e5-f5 takes f5.
        ("Combine d4 -> f5 by the gryphon path", "k7/8/8/2PP1p2/2PQP3/2PPP3/8/K7 w - - 0 1", "d4", set("e5 f6 g7 h8 f5 e6 e7 e8".split())),
        ("Combine d4, both paths to f5 shut", "k7/8/8/2PPpp2/2PQp3/2PPP3/8/K7 w - - 0 1", "d4", {"e4", "e5"}),
        # Nightrider b1: c3 own pawn ends (1,2); (2,1): d2, takes f3 (jumping e2 does not matter).
        ("Nightrider b1", "7k/8/8/8/8/2P2p2/4P3/1N5K w - - 0 1", "b1", {"a3", "d2", "f3"}),
    ]
    for name, fen, frm, exp in checks:
        got = dests(fen, frm)
        if got != exp:
            print("tripunch %s: MISMATCH\n  missing %s\n  extra %s" % (name, sorted(exp - got), sorted(got - exp)))
            return 1
    # Check by the black Reaper f3 along its bent path f3-e2-e1: K d1 only, the Nightrider takes
    # f3 or blocks on e2.
    got = {txt for txt, _ in plain_legal(parse_fen(t, "k7/8/8/8/8/5r2/8/4K1N1 w - - 0 1"))}
    if got != {"e1d1", "g1f3", "g1e2"}:
        print("tripunch bent check: MISMATCH %s" % sorted(got))
        return 1
    print("tripunch hand-worked move sets: ok")
    # The attack test (by offsets) against the move walk, on seeded playout boards.
    rng = random.Random(7)
    boards = 0
    for _ in range(30):
        pos = parse_fen(t, t.start)
        for _ in range(rng.randint(4, 60)):
            moves = plain_legal(pos)
            if not moves:
                break
            pos = rng.choice(moves)[1]
            b = pos.b
            for s, p in enumerate(b):
                if p == "." or p.upper() not in "NBRQ":
                    continue
                walk = set(tripunch_reach(t, b, s, p.upper()))
                att = {q for q in range(64) if q != s and tripunch_attacks(t, b, s, p.upper(), q)}
                if walk != att:
                    print("tripunch attack test MISMATCH %s piece %s: walk only %s, attack only %s" % (
                        pos.fen(), t.name_of(s), sorted(map(t.name_of, walk - att)), sorted(map(t.name_of, att - walk))))
                    return 1
            boards += 1
    print("tripunch attacks = move walk on %d boards: ok" % boards)
    # Cancellation with tripunch values: Combine (11) takes Reaper (7): r = 4, a Pawn on d4
    # (the only type of value <= 4; automatic), then 3 Pawns on its neighbours (plies).
    pos = parse_fen(t, "2k5/8/8/8/3r4/8/8/Q6K w - - 0 1")
    n = dict(legal(pos))["a1d4"]
    assert n.b[t.parse_sq("d4")] == "P" and n.pend is not None and n.white and n.pend[1] == 3, n.fen()
    assert sorted(x for x, _ in legal(n)) == sorted("P@" + t.name_of(q) for q in t.neighbours(t.parse_sq("d4"))), n.fen()
    # Pawn (1) takes Reaper (7): r = 6, Black's Harvester on d4 (automatic), Black to move.
    pos = parse_fen(t, "k7/8/8/8/3r4/4P3/7K/8 w - - 0 1")
    n = dict(legal(pos))["e3d4"]
    assert n.b[t.parse_sq("d4")] == "b" and n.pend is None and not n.white, n.fen()
    # The same with the White King on h1: the Harvester on d4 would attack it by the aanca path
    # e4-f3-g2-h1, so the capture is illegal.
    pos = parse_fen(t, "k7/8/8/8/3r4/4P3/8/7K w - - 0 1")
    assert "e3d4" not in dict(legal(pos)), sorted(x for x, _ in legal(pos))
    print("tripunch cancellation examples: ok")
    return 0


def classics_self_test(plain_perft):
    """The 10x8, 9x9 and Tutti-Frutti bases: start perft 1 and 2, one castling case per base, and
    cancellation captures with their values (a value-9 choice: Tutti-Frutti's Amazon, 12)."""
    # Start perft 1: pawns 2 each, plus the knight-moving pieces' jumps onto the third rank
    # (capablanca: N b1 i1, A c1, C h1, two each: 20 + 8 = 28; gothic, embassy the same count;
    # janus: J b1 i1, N c1 h1: 28; chancellor: 18 + N b1 g1, C f1: 24; tutti-frutti: 16 + N b1 2,
    # Z d1 2 (c3 e3), A g1 2, E a1 1 (b3): 23). Perft 2 is the square where no first move touches
    # Black's moves; in janus 1. Ji1-j3 pins the f7 pawn (diagonal j3-i4-h5-g6-f7-e8): 28 * 28 - 2.
    # All agree with Chimera's plain games (`--base-check`, which compares its perft 3 too).
    want = {"capablanca": (28, 784), "gothic": (28, 784), "embassy": (28, 784), "janus": (28, 782),
            "chancellor": (24, 576), "tutti-frutti": (23, 529)}
    for base, counts in want.items():
        g = GAMES[base]
        got = tuple(plain_perft(parse_fen(g, g.start), d) for d in (1, 2))
        print("plain %s start depth 1, 2: oracle %s expected %s %s" % (base, got, counts, "ok" if got == counts else "MISMATCH"))
        if got != counts:
            return 1

    def castles(base, fen):
        """{king move of two files or more: the first rank after it}."""
        g = GAMES[base]
        out = {}
        for txt, n in plain_legal(parse_fen(g, fen)):
            frm, to = g.parse_sq(txt[:2]), dest_of(g, txt)
            if n.b[to] == "K" and abs(to % g.W - frm % g.W) >= 2:
                out[txt] = n.fen().split()[0].split("/")[-1]
        return out

    cases = [
        # Black B e4 attacks h1 (passed over by f1-i1): no O-O; it also attacks b1, between the
        # king and the a1 rook but not passed over by the king: O-O-O stands (K c1, R d1).
        ("gothic", "r4k3r/10/10/10/4b5/10/10/R4K3R w KQkq - 0 1", {"f1c1": "2KR5R"}),
        # Black N b3 attacks c1, where O-O-O lands; O-O: K i1, R h1.
        ("capablanca", "r4k3r/10/10/10/10/1n8/10/R4K3R w KQkq - 0 1", {"f1i1": "R6RK1"}),
        # The rook a1 crosses b1 (the king's landing square) to c1; the attacked a1 (black rook
        # a8) does not matter.
        ("janus", "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1", {"e1i1": "R6RK1", "e1b1": "1KR6R"}),
        # Black R b8 attacks b1: no O-O-O.
        ("janus", "1r2k5/10/10/10/10/10/10/R3K4R w KQ - 0 1", {"e1i1": "R6RK1"}),
        # Black R i8 attacks i1, between king and rook but not passed over by e1-h1: O-O stands.
        ("embassy", "4k3r1/10/10/10/10/10/10/R3K4R w KQ - 0 1", {"e1h1": "R5RK2", "e1b1": "1KR6R"}),
        # Black R g8 attacks g1, passed over by e1-h1: no O-O.
        ("embassy", "4k1r3/10/10/10/10/10/10/R3K4R w KQ - 0 1", {"e1b1": "1KR6R"}),
        ("chancellor", "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1", {"e1g1": "R4RK2", "e1c1": "2KR4R"}),
        # O-O-O with the Empress a1 (to d1), O-O with the h1 rook.
        ("tutti-frutti", "e3k2r/8/8/8/8/8/8/E3K2R w KQkq - 0 1", {"e1g1": "E4RK1", "e1c1": "2KE3R"}),
        # Black R d8 attacks d1, passed over by e1-c1: no O-O-O.
        ("tutti-frutti", "3rk2r/8/8/8/8/8/8/E3K2R w KQ - 0 1", {"e1g1": "E4RK1"}),
    ]
    for base, fen, exp in cases:
        got = castles(base, fen)
        if got != exp:
            print("%s castling %s: MISMATCH %s expected %s" % (base, fen, got, exp))
            return 1
    print("castling (3-square king moves, partners crossing the king's path, the Empress): ok")

    def moves(variant, fen):
        return dict(legal(parse_fen(game_of(variant), fen)))

    # Tutti-Frutti: Amazon (12) takes Knight (3): r = 9; Queen and Empress are both worth 9, so
    # White chooses between Q@d4 and E@d4 (two placement plies); nothing is left, Black moves.
    n = moves("cancellation-tutti-frutti", "4k3/8/8/8/3n4/8/8/3ZK3 w - - 0 1")["d1d4"]
    assert n.white and n.pend is not None and n.pend[1] == 9 and n.b[n.g.parse_sq("d4")] == ".", n.fen()
    after = dict(legal(n))
    assert sorted(after) == ["E@d4", "Q@d4"], sorted(after)
    assert after["E@d4"].fen() == "4k3/8/8/8/3E4/8/8/4K3 b - - 0 1", after["E@d4"].fen()
    # Pawn d4 (1) takes the Amazon e5 (12): r = 11; Black places Q or E on e5, then r = 2: a Pawn
    # on a vacant neighbour of e5 (d4 is vacant now), then another. With the White King on h1
    # no way of placing checks it: legal, Black's plies Q@e5 / E@e5.
    n = moves("cancellation-tutti-frutti", "4k3/8/8/4z3/3P4/8/8/7K w - - 0 1")["d4e5"]
    assert not n.white and n.pend is not None and n.pend[1] == 11, n.fen()
    assert sorted(t for t, _ in legal(n)) == ["E@e5", "Q@e5"]
    n2 = dict(legal(n))["Q@e5"]
    near = sorted("P@" + n.g.name_of(q) for q in n.g.neighbours(n.g.parse_sq("e5")))
    assert sorted(t for t, _ in legal(n2)) == near, sorted(t for t, _ in legal(n2))
    # With the King on a1 Black could place the Queen on e5, checking along e5-d4-c3-b2-a1 (d4
    # emptied by the capture): illegal.
    assert "d4e5" not in moves("cancellation-tutti-frutti", "4k3/8/8/4z3/3P4/8/8/K7 w - - 0 1")
    # Gothic: Chancellor (9) takes Bishop (3): r = 6, no type of 6: the Rook (5) on e4,
    # automatic; then r = 1: a Pawn on one of e4's eight vacant neighbours (plies).
    n = moves("cancellation-gothic", "5k4/10/10/10/4b5/10/10/4C4K w - - 0 1")["e1e4"]
    assert n.b[n.g.parse_sq("e4")] == "R" and n.white and n.pend[1] == 1, n.fen()
    assert sorted(t for t, _ in legal(n)) == sorted("P@" + n.g.name_of(q) for q in n.g.neighbours(n.g.parse_sq("e4")))
    # Queen (9) takes Chancellor (9): both vanish. Pawn (1) takes Chancellor: Black's Archbishop
    # (8) on the square, automatic; White's turn is over.
    assert moves("cancellation-gothic", "5k4/10/10/10/4c5/10/10/4Q4K w - - 0 1")["e1e4"].fen() == "5k4/10/10/10/10/10/10/9K b - - 0 1"
    assert moves("cancellation-gothic", "5k4/10/10/10/4c5/3P6/10/9K w - - 0 1")["d3e4"].fen() == "5k4/10/10/10/4a5/10/10/9K b - - 0 1"
    # Extended gothic: the same Chancellor takes Bishop places the Dragon Horse (6) on e4; extended
    # Tutti-Frutti: Amazon (12) takes Rook (5): the Dragon King (7), automatic both.
    assert moves("cancellation-extended-gothic", "5k4/10/10/10/4b5/10/10/4C4K w - - 0 1")["e1e4"].fen() == "5k4/10/10/10/4H5/10/10/9K b - - 0 1"
    assert moves("cancellation-extended-tutti-frutti", "4k3/8/8/8/3r4/8/8/3ZK3 w - - 0 1")["d1d4"].fen() == "4k3/8/8/8/3D4/8/8/4K3 b - - 0 1"
    # Janus: Pawn (1) takes Janus (8): r = 7 -> Black's Rook (5), then a Pawn, then a Pawn.
    n = moves("cancellation-janus", "4k5/10/10/4j5/3P6/10/10/9K w - - 0 1")["d4e5"]
    assert n.b[n.g.parse_sq("e5")] == "r" and not n.white and n.pend[1] == 2, n.fen()
    print("classics cancellation examples (the value-9 choice Q/E, tutti-frutti, gothic, janus, extended): ok")
    return 0


def more_bases_self_test(plain_perft):
    """paulowich-crosswise, kings-leap, cannons-and-crabs-7x7, canonic, canon: start perft,
    hand-worked move sets (Black's crosswise castling, the King's Leap), and a capture each."""
    # Start perft 1, 2 by hand: paulowich-crosswise 16 pawn moves + N 4 + C a1-b3 = 21 a side,
    # no interaction in two plies: 441; kings-leap the same plus the leap e1-e3 (c1 and g1
    # are occupied): 22, 484; cannons-and-crabs-7x7: Crabs a/g 2 each, c/e 3 each, Pawns 3,
    # Knights 4, Cannons c1/e1 3 each (a3 c3 e3 / c3 e3 g3) = 23, three empty ranks: 529.
    # Depth 3 and the Canonical boards: the oracle's counts, the same as Chimera's plain games
    # (`--base-check`) and as scripts/oracles/cannons_and_crabs.py and canonical.py.
    want = {"paulowich-crosswise": (21, 441, 10432), "kings-leap": (22, 484, 11952),
            "cannons-and-crabs-7x7": (23, 529, 13244), "canonic": (37, 1363, 50779), "canon": (29, 831, 24049)}
    for base, counts in want.items():
        g = GAMES[base]
        pos = parse_fen(g, g.start)
        got = tuple(sum(plain_divide(pos, d).values()) for d in (1, 2, 3))
        print("plain %s start depth 1-3: oracle %s expected %s %s" % (base, got, counts, "ok" if got == counts else "MISMATCH"))
        if got != counts:
            return 1

    def dests(base, fen, frm):
        g = GAMES[base]
        return {txt[2:4] for txt, _ in plain_legal(parse_fen(g, fen)) if txt[:2] == frm}

    def after(variant, fen, move):
        return dict(legal(parse_fen(game_of(variant), fen)))[move]

    checks = [
        # Crosswise, Black: O-O toward the a8 Queen (K b8, Q c8), O-O-O toward the h8 Chancellor
        # (K f8, C e8).
        ("paulowich-crosswise", "q2k3c/8/8/8/8/8/8/4K3 b kq - 0 1", "d8", set("c8 c7 d7 e7 e8 b8 f8".split())),
        # The c1 rook attacks c8, which the king passes on d8-b8: only d8-f8 castles.
        ("paulowich-crosswise", "q2k3c/8/8/8/8/8/8/2R1K3 b kq - 0 1", "d8", set("d7 e7 e8 f8".split())),
        # The e8 rook still home: no O-O-O (e8 must be empty).
        ("paulowich-crosswise", "q2kr2c/8/8/8/8/8/4P3/4K3 b kq - 0 1", "d8", set("c8 c7 d7 e7 b8".split())),
        # White castles as in paulowich (Q h1 to f1, C a1 to d1).
        ("paulowich-crosswise", "q2k3c/8/8/8/8/8/8/C3K2Q w KQ - 0 1", "e1", set("d1 d2 e2 f2 f1 g1 c1".split())),
        # King's Leap: c1, e3 over the own e2 pawn, g1.
        ("kings-leap", "4k3/8/8/8/8/8/4P3/4K3 w K - 0 1", "e1", set("d1 d2 f1 f2 c1 e3 g1".split())),
        # Hostile knight d1: no leap over it to c1; e3 (and f2) attacked by it; g1 stands.
        ("kings-leap", "4k3/8/8/8/8/8/8/3nK3 w K - 0 1", "e1", set("d1 d2 e2 f1 g1".split())),
        # Rook d8 attacks the leapt-over d1: no c1.
        ("kings-leap", "3rk3/8/8/8/8/8/8/4K3 w K - 0 1", "e1", set("e2 f1 f2 e3 g1".split())),
        # In check from a1: no leap.
        ("kings-leap", "4k3/8/8/8/8/8/8/r3K3 w K - 0 1", "e1", set("d2 e2 f2".split())),
        # No right (the king has moved): no leap.
        ("kings-leap", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e1", set("d1 d2 f1 f2".split())),
        ("kings-leap", "4k3/4p3/8/8/8/8/8/4K3 b k - 0 1", "e8", set("d8 d7 f8 f7 c8 e6 g8".split())),
    ]
    for base, fen, frm, exp in checks:
        got = dests(base, fen, frm)
        if got != exp:
            print("%s %s from %s: MISMATCH missing %s extra %s" % (base, fen, frm, sorted(exp - got), sorted(got - exp)))
            return 1
    fens = [
        ("cancellation-paulowich-crosswise", "q2k3c/8/8/8/8/8/8/4K3 b kq - 0 1", "d8b8", "1kq4c/8/8/8/8/8/8/4K3 w - - 1 2"),
        ("cancellation-paulowich-crosswise", "q2k3c/8/8/8/8/8/8/4K3 b kq - 0 1", "d8f8", "q3ck2/8/8/8/8/8/8/4K3 w - - 1 2"),
        # Q (9) takes C (9): both vanish; White's K (queen left h1) and Black's k (h8) go.
        ("cancellation-paulowich-crosswise", "q2k3c/8/8/8/8/8/8/C3K2Q w KQkq - 0 1", "h1h8", "q2k4/8/8/8/8/8/8/C3K3 b Qq - 0 1"),
        ("cancellation-kings-leap", "4k3/8/8/8/8/8/4P3/4K3 w Kk - 0 1", "e1e3", "4k3/8/8/8/8/4K3/4P3/8 b k - 1 1"),
        # The king's capture is ordinary, and its first move: the leap is gone.
        ("cancellation-kings-leap", "4k3/8/8/8/8/8/3p4/4K3 w Kk - 0 1", "e1d2", "4k3/8/8/8/8/8/3K4/8 b k - 0 1"),
    ]
    for variant, fen, move, exp in fens:
        got = after(variant, fen, move).fen()
        if got != exp:
            print("%s %s %s: MISMATCH %s expected %s" % (variant, fen, move, got, exp))
            return 1
    # Cannons and Crabs 7x7: R (5) takes P (1) on d6: r = 4, the Knight (3) on d6, automatic;
    # then a Pawn on a vacant neighbour not on rank 7 (White's last): c5 d5 e5 c6 e6.
    n = after("cancellation-cannons-and-crabs-7x7", "3k3/3p3/7/7/7/7/K2R3 w - - 0 1", "d1d6")
    assert n.b[n.g.parse_sq("d6")] == "N" and n.white and n.pend[1] == 1, n.fen()
    assert sorted(t for t, _ in legal(n)) == ["P@c5", "P@c6", "P@d5", "P@e5", "P@e6"], sorted(t for t, _ in legal(n))
    # Crab promotion on rank 7: to M or A, straight or diagonally.
    assert dests("cannons-and-crabs-7x7", "3k3/X6/7/7/7/7/3K3 w - - 0 1", "a6") == {"a7", "b7"}
    assert {t for t, _ in plain_legal(parse_fen(GAMES["cannons-and-crabs-7x7"], "3k3/X6/7/7/7/7/3K3 w - - 0 1"))
            if t.startswith("a6")} == {"a6a7m", "a6a7a", "a6b7m", "a6b7a"}
    # Canonic: R (8) takes P (1) on c2, in White's fortress: r = 7, a B or N (4) on c2 (a
    # choice: two plies); then r = 3: the Queen (2) only on fortress neighbours (b1 b2 b3 c1 c3),
    # not on d1 d2 d3 (outside). The d4 pawn keeps the Kings (a1, h8) from facing.
    n = after("cancellation-canonic", "7k/8/8/8/3P4/8/R1p5/K7 w - - 0 1", "a2c2")
    assert sorted(t for t, _ in legal(n)) == ["B@c2", "N@c2"], sorted(t for t, _ in legal(n))
    n2 = dict(legal(n))["B@c2"]
    assert sorted(t for t, _ in legal(n2)) == ["Q@b1", "Q@b2", "Q@b3", "Q@c1", "Q@c3"], sorted(t for t, _ in legal(n2))
    # Canon: the d4 Pawn (on the crossing, not promoted) alone stands between the Kings on the
    # diagonal a1-g7: both its moves would leave them facing, so it has none.
    assert dests("canon", "6k/7/7/3P3/7/7/K6 w - - 0 1", "d4") == set()
    assert dests("canon", "6k/7/7/3P3/7/7/K6 w - - 0 1", "a1") == {"a2", "b1"}
    print("more bases (crosswise castling, King's Leap, 7x7 crab promotion and placement, canonic fortress queen): ok")
    return fischer_random_self_test()


def fischer_random_self_test():
    """fischerandom's plain game against python-chess's chess960 mode (perft 1-3, castling
    fields in X-FEN and Shredder letters); caparandom's start perft (Capablanca's published
    28 / 784 / 25228); the castling field after a move as Chimera writes it; a capture."""
    import chess

    g = GAMES["fischerandom"]
    fens = [g.start,
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "rr2k1r1/8/8/8/8/8/8/RR2K1R1 w GBgb - 0 1",  # inner rooks' rights
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1",
            "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",  # K b1-c1, R a1-d1
            "r5kr/8/8/8/8/8/8/R5KR b KQkq - 0 1",  # the king stays on g8, R h8-f8
            "1r3kr1/8/8/8/8/8/8/qR3KR1 w KQkq - 0 1"]  # the b1 rook shields c1 from a1
    for fen in fens:
        for d in (1, 2, 3):
            a = sum(plain_divide(parse_fen(g, fen), d).values())
            b = python_chess_perft(chess.Board(fen, chess960=True), d)
            if a != b:
                print("plain fischerandom %s depth %d: oracle %d python-chess %d MISMATCH" % (fen, d, a, b))
                return 1
    print("plain fischerandom against python-chess chess960 (%d positions, depth 1-3): ok" % len(fens))
    c = GAMES["caparandom"]
    got = tuple(sum(plain_divide(parse_fen(c, c.start), d).values()) for d in (1, 2, 3))
    if got != (28, 784, 25228):
        print("plain caparandom start perft %s expected (28, 784, 25228) MISMATCH" % (got,))
        return 1
    cases = [
        # Moving the a1 rook: the b1 rook (right B) is now the outermost: written Q.
        ("fischerandom", "rr2k1r1/8/8/8/8/8/8/RR2K1R1 w KBkb - 0 1", "a1a3", "rr2k1r1/8/8/8/8/R7/8/1R2K1R1 b KQkb - 1 1"),
        # Castling written as the king taking its rook: K f1-c1, R b1-d1 (caparandom).
        ("caparandom", "1r3k2r1/10/10/10/10/10/10/1R3K2R1 w KQkq - 0 1", "f1b1", "1r3k2r1/10/10/10/10/10/10/2KR4R1 b kq - 1 1"),
        # K g1 stays, R h1-f1.
        ("fischerandom", "r5kr/8/8/8/8/8/8/R5KR w KQkq - 0 1", "g1h1", "r5kr/8/8/8/8/8/8/R4RK1 b kq - 1 1"),
    ]
    for base, fen, move, exp in cases:
        got = dict(plain_legal(parse_fen(GAMES[base], fen)))[move].fen()
        if got != exp:
            print("%s %s %s: MISMATCH %s expected %s" % (base, fen, move, got, exp))
            return 1
    # Cancellation: the h1 rook (5) takes the h8 rook (5): both vanish, both h-file rights go.
    n = dict(legal(parse_fen(game_of("cancellation-fischerandom"), "r5kr/8/8/8/8/8/8/R5KR w KQkq - 0 1")))
    assert n["h1h8"].fen() == "r5k1/8/8/8/8/8/8/R5K1 b Qq - 0 1", n["h1h8"].fen()
    print("fischer random (castling rights by rook file, X-FEN / Shredder letters, caparandom start): ok")
    return 0


# ---------------------------------------------------------------------------------------------
# --values: the base games with overridden piece values, against Chimera on a
# variant file `[NAME : BASE]` with `cancellation = yes` and `piece = ...` lines replacing the
# inherited pieces with the same letter, name and Betza but another value.

# Betza and name of each letter of the bases this mode supports (builtin.ini's piece lines).
FILE_PIECES = {
    "chess": {"Q": ("Queen", "Q", ""), "R": ("Rook", "R", ""), "B": ("Bishop", "B", ""),
              "N": ("Knight", "N", ""), "P": ("Pawn", "fmWfceFifmnD", " pawn")},
}
FILE_PIECES["capablanca"] = dict(FILE_PIECES["chess"], A=("Archbishop", "BN", ""), C=("Chancellor", "RN", ""))
FILE_PIECES["grand"] = dict(FILE_PIECES["chess"], A=("Cardinal", "BN", ""), C=("Marshall", "RN", ""))


def parse_values(text):
    out = {}
    for part in text.split(","):
        if part.strip():
            l, v = part.split("=")
            out[l.strip().upper()] = int(v)
    return out


def value_game(base, overrides, name):
    g0 = GAMES[base]
    g = copy.copy(g0)
    g.name = name
    values = dict(g0.values)
    for l, v in overrides.items():
        assert l in values and l != g0.royal, l
        values[l] = v
    g.set_values(values)
    return g


def variant_section(base, overrides, name, plain=False):
    """plain: no `cancellation = yes` (the game is then played as cancellation-extended-NAME)."""
    lines = ["[%s : %s]" % (name, base)] + ([] if plain else ["cancellation = yes"])
    for l, v in sorted(overrides.items()):
        pname, betza, flags = FILE_PIECES[base][l]
        lines.append("piece = %s %s %s %d%s" % (l.lower(), pname, betza, v, flags))
    return "\n".join(lines) + "\n"


def random_fens(g, n, rng, pieces=(6, 14)):
    """Random sparse positions: both kings, a random mix of the game's other types (pawns never
    on the first / last rank), the side not to move not in check; captures are plentiful."""
    types = [l for l in g.values if l != g.royal]
    out = []
    while len(out) < n:
        b = ["."] * (g.W * g.H)
        sqs = list(range(g.W * g.H))
        rng.shuffle(sqs)
        b[sqs.pop()] = "K"
        b[sqs.pop()] = "k"
        for _ in range(rng.randint(*pieces)):
            l = rng.choice(types)
            white = rng.random() < 0.5
            for i, s in enumerate(sqs):
                if g.may_stand(l, white, s):
                    sqs.pop(i)
                    put(b, s, l, white)
                    break
        white = rng.random() < 0.5
        pos = Pos(g, b, white, set(), None, None)
        if not king_safe(g, b, not white):
            continue
        out.append(pos.fen())
    return out


def drill(chimera, g, variant, fen, depth, path=()):
    """Follow a differing root move down to depth 1: (path, fen, oracle-only, chimera-only,
    counts that differ)."""
    pos = parse_fen(g, fen)
    want = divide(pos, depth)
    got = chimera_divide(chimera, variant, fen, depth)
    only_o = sorted(set(want) - set(got))
    only_c = sorted(set(got) - set(want))
    if only_o or only_c or depth == 1:
        return path, fen, only_o, only_c, {k: (want[k], got[k]) for k in set(want) & set(got) if want[k] != got[k]}
    kids = dict(legal(pos))
    for k in sorted(want):
        if want[k] != got[k]:
            return drill(chimera, g, variant, kids[k].fen(), depth - 1, path + (k,))
    return path, fen, [], [], {}


def compare_values(args):
    rng = random.Random(args.seed)
    overrides = parse_values(args.values)
    name = args.name or "cv-" + "".join("%s%d" % (l.lower(), v) for l, v in sorted(overrides.items()))
    g = value_game(args.base, overrides, name)
    path = args.variants_file or os.path.join(tempfile.mkdtemp(prefix="cancellation-values-"),
                                              "%s.ini" % name)
    with open(path, "w") as f:
        f.write(variant_section(args.base, overrides, name, plain=args.extended))
    if args.extended:  # the extended form: fairy pieces of the values the file game lacks
        g = extended(g)
        name = g.name = "cancellation-extended-" + name
        print("# extended: fairy pieces %s" % {l: g.values[l] for l in g.fairy})
    CHIMERA_EXTRA[:] = ["--variants", path]
    print("# %s base %s values %s file %s" % (name, args.base, {l: v for l, v in g.values.items()}, path))
    fens = random_positions(g, args.positions, rng, capture_bias=0.8)
    fens += random_fens(g, args.random_positions, rng,
                        tuple(int(x) for x in args.fen_pieces.split(",")))
    fens += [f for f in (args.extra_fens or "").split(";") if f.strip()]
    t0 = time.time()
    cases, bad, leaves = compare_game(args.chimera, g, name, fens, args.start_depth, args.depth)
    print("%s: %d cases (%d positions), %d mismatches, %d oracle leaves, %.1f s"
          % (name, cases, len(fens) + 1, bad, leaves, time.time() - t0))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="cancellation-chess")
    ap.add_argument("--variants", default="cancellation-chess,cancellation-paulowich,cancellation-cannons-and-crabs,cancellation-canonical")
    ap.add_argument("--fen")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--start-depth", type=int, default=3)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--chimera")
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--random-fens", action="store_true")
    ap.add_argument("--base-check", action="store_true")
    ap.add_argument("--pyffish", action="store_true", help="--base-check: also against scripts/crosscheck_pyffish.py's oracles")
    ap.add_argument("--write-perft", metavar="DIR")
    ap.add_argument("--chimera-depth", type=int, default=5)
    ap.add_argument("--node-cap", type=int, default=50_000_000, help="no deeper line once a count exceeds this")
    ap.add_argument("--values", help="overridden values, e.g. Q=10,N=4 (with --compare: a file game)")
    ap.add_argument("--base", default="chess", help="--values: chess, capablanca or grand")
    ap.add_argument("--name", help="--values: the file game's name")
    ap.add_argument("--variants-file", help="--values: where to write the variant file")
    ap.add_argument("--random-positions", type=int, default=10, help="--values: random sparse FENs")
    ap.add_argument("--extended", action="store_true", help="--values: cancellation-extended-NAME")
    ap.add_argument("--fen-pieces", default="6,14", help="--values: MIN,MAX pieces besides the kings in random FENs")
    ap.add_argument("--extra-fens", help="--values: more FENs, separated by ;")
    args = ap.parse_args()
    if args.values and args.compare:
        return compare_values(args)
    if args.self_test:
        return self_test()
    if args.write_perft:
        if not args.chimera:
            ap.error("--write-perft needs --chimera PATH")
        return write_perft(args)
    if args.base_check:
        if not args.chimera:
            ap.error("--base-check needs --chimera PATH")
        return base_check(args)
    if args.compare:
        if not args.chimera:
            ap.error("--compare needs --chimera PATH")
        return compare(args)
    if args.values:  # the oracle alone on the base with these values
        g = value_game(args.base, parse_values(args.values), "cv")
    else:
        g = game_of(args.variant)
    if args.random_fens:
        for fen in random_positions(g, args.positions, random.Random(args.seed)):
            print(fen)
        return 0
    pos = parse_fen(g, args.fen or g.start)
    d = divide(pos, args.depth)
    if args.divide:
        for k in sorted(d):
            print("%s: %d" % (k, d[k]))
        print()
    print("Nodes searched: %d" % sum(d.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
