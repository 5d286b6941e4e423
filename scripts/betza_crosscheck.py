#!/usr/bin/env python3
"""Cross-check Chimera's Betza pieces (variant files) against Fairy-Stockfish (pyffish).

For each seeded random game: 2-4 custom pieces drawn from the Betza subset both dialects read
the same way (see COMMON below), plus King and chess Pawns (promotion to Queen only, no
castling), on 8x8, 10x8 or 10x10. The same game is written as a Chimera variant file
(`[bz-...: chess]`, `symmetry = rotate` so that Black's l/r are read as Fairy-Stockfish reads
them) and as a Fairy-Stockfish config (`customPieceN = x:BETZA`). Then, on the start position
and on seeded random-playout positions:
  * depth 1: Chimera's `perft --divide --depth 1` move set == pyffish.legal_moves;
  * depth D (2..3) on a subsample: per-root-move counts compared; a differing count is drilled
    down to the position whose move sets differ.
Every difference is printed with the game's pieces, the FEN and the moves only one side has.
Exit 1 on any mismatch, 2 on environment/usage errors, 0 otherwise. Deterministic per --seed.

    scripts/betza_crosscheck.py --chimera target/release/chimera --quick          # ~15 s
    scripts/betza_crosscheck.py --chimera target/release/chimera --seed 7 --games 40 --positions 30 --depth 3
    scripts/betza_crosscheck.py --wrong-fsf 'a:fR'    # sensitivity: FSF's piece a given another Betza

Standard library + pyffish only.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time

from crosscheck_pyffish import board_str  # FEN board from ranks, first rank first

try:
    import pyffish as sf
except ImportError:  # pragma: no cover
    sys.stderr.write("pyffish is not installed\n")
    sys.exit(2)

# ------------------------------------------------------------------------------------------
# The common Betza subset. Each entry is one component; a piece is 1-3 components joined.
# Read the same way by Chimera (README "Betza") and Fairy-Stockfish (variants.ini docs,
# verified by behaviour): plain atoms, single-letter directions on every atom, the two-letter
# quadrants on F/B (one diagonal), fs/bs/lv/rv on N (mostly-sideways / mostly-vertical pairs),
# two added-up letters on W/R (XBetza), W/F/N riders by doubling, R/B ranges 2-4, m/c modes,
# lame nN (Xiangqi horse), nA (Xiangqi elephant), nD, nZ (Janggi elephant), p hoppers on R and B.
# Left out (dialects differ or one side lacks it): directions on K and Q (FSF gives fsK no
# forward step), two-letter quadrants on N (frN: Chimera both knight moves, FSF one), sf/sb/vl/vr
# (FSF gives none), riders of other atoms (AA, DD: FSF has none), n on riders and on H, G, C
# (FSF gives nH/nG/nC no moves at all), ranges written after a doubled atom (WW3, NN2: FSF
# ignores the number), doubled slider letters (RR, BB: read differently, see draw_piece),
# Chimera's o, y-bent riders, i/e (pawn-only), ranges on N.
# ------------------------------------------------------------------------------------------
LEAP_ATOMS = ["W", "F", "D", "N", "A", "H", "C", "Z", "G"]
DIR1 = ["f", "b", "l", "r", "s", "v"]
ORTHO2 = ["fr", "fl", "br", "bl", "fs", "bs"]        # added up on W/R
DIAG2 = ["fr", "fl", "br", "bl"]                     # one diagonal on F/B
N2 = ["fs", "bs", "lv", "rv"]
MODES = ["", "", "", "m", "c"]


def draw_component(rng):
    kind = rng.choice(["leap", "leap", "rider", "range", "compound", "lame", "hop"])
    if kind == "leap":
        atom = rng.choice(LEAP_ATOMS)
    elif kind == "rider":
        atom = rng.choice(["R", "B", "NN", "WW", "FF"])
    elif kind == "range":
        atom = rng.choice(["R", "B", "W", "F"]) + str(rng.randint(2, 4))
    elif kind == "compound":
        atom = rng.choice(["K", "Q", "R", "B"])
    elif kind == "lame":
        atom = rng.choice(["nN", "nA", "nD", "nZ"])
    else:
        atom = rng.choice(["pR", "pB"])
    base = atom.lstrip("np")
    pre = atom[: len(atom) - len(base)]
    dirs = ""
    if base[0] not in "KQ" and rng.random() < 0.5:
        b = base[0]
        if b in "WR":
            dirs = rng.choice(DIR1 + ORTHO2)
        elif b in "FB":
            dirs = rng.choice(DIR1 + DIAG2)
        elif b == "N":
            dirs = rng.choice(DIR1 + N2)
        else:
            dirs = rng.choice(DIR1)
    mode = rng.choice(MODES)
    if pre == "p":
        # hoppers: plain pR/pB, or the cannon mRcpR / mBcpB
        if rng.random() < 0.5:
            return "m%s%s" % (dirs, base) + "c%sp%s" % (dirs, base)
        return mode + dirs + "p" + base
    return mode + dirs + pre + base


def slider_axes(comp):
    """Lines ('o' orthogonal, 'd' diagonal) on which a component slides or hops."""
    axes = set()
    # Fairy-Stockfish runs the lame nD / nA as 2-square W / F slides: same pooling as a slider
    if re.search(r"n[D]", comp):
        axes.add("o")
    if re.search(r"n[A]", comp):
        axes.add("d")
    for m in re.finditer(r"(p?)([A-Z])([A-Z0-9]?\d*)", comp):
        atom, rest = m.group(2), m.group(3)
        rider = m.group(1) == "p" or atom in "RBQ" or (atom in "WF" and rest != "")
        if not rider:
            continue
        if atom in "RWQ":
            axes.add("o")
        if atom in "BFQ":
            axes.add("d")
    return axes


def draw_piece(rng, fsf_bugs=False):
    """1-3 components. Unless fsf_bugs: at most one sliding/hopping component per line
    (orthogonal, diagonal) -- Fairy-Stockfish pools the directions of a slider and a hopper on
    the same line (fRbpR; the lame nD and nA count as W and F slides there: nDcflpR hops
    sideways) and lets a later range cap an earlier unlimited slide (mRW4) -- and
    never two components where the first ends and the next starts with the same atom letter
    (flB + B4 = flBB4, pR + R = pRR: read as a doubled rider by Fairy-Stockfish), nor a lame
    component beside another of the same atom (bsNNmnN: Fairy-Stockfish drops the lameness)."""
    n = rng.choice([1, 1, 2, 2, 3])
    comps, axes, lame, plain = [], set(), set(), set()
    tries = 0
    while len(comps) < n and tries < 50:
        tries += 1
        c = draw_component(rng)
        if c in comps:
            continue
        if comps and re.findall(r"[A-Z]", comps[-1])[-1] == re.findall(r"[A-Z]", c)[0]:
            continue
        ax = slider_axes(c)
        if not fsf_bugs and ax & axes:
            continue
        atoms = set(re.findall(r"[A-Z]", c))
        is_lame = "n" in c
        if not fsf_bugs and (atoms & (plain if is_lame else lame)):
            continue
        comps.append(c)
        axes |= ax
        (lame if is_lame else plain).update(atoms)
    return "".join(comps)


LETTERS = "acdeghijlmostuwxyz"
BOARDS = [(8, 8), (10, 8), (10, 10)]


def board_size(text):
    """`--board FxR`: a size both engines take (Fairy-Stockfish's large-board build: at most 12
    files and 10 ranks); at least 4 ranks for the two back ranks and pawn rows."""
    m = re.fullmatch(r"(\d+)x(\d+)", text)
    if not m or not (4 <= int(m.group(1)) <= 12 and 4 <= int(m.group(2)) <= 10):
        raise argparse.ArgumentTypeError("FxR with 4-12 files and 4-10 ranks: %r" % text)
    return int(m.group(1)), int(m.group(2))


class Game:
    def __init__(self, seed, index, board=None, override=None, fsf_bugs=False):
        rng = random.Random("%d/%d" % (seed, index))
        self.files, self.ranks = board or rng.choice(BOARDS)
        k = rng.randint(2, 4)
        letters = rng.sample(LETTERS, k)
        self.pieces = []
        seen = set()
        for L in letters:
            b = draw_piece(rng, fsf_bugs)
            while b in seen:
                b = draw_piece(rng, fsf_bugs)
            seen.add(b)
            self.pieces.append((L, b))
        self.fsf_pieces = list(self.pieces)
        if override:
            L, b = override.split(":", 1)
            self.fsf_pieces = [(x, b if x == L else y) for (x, y) in self.pieces]
        self.name = "bz-%d-%d" % (seed, index)
        self.fsf_name = "bz%dx%d" % (seed, index)
        # back rank: king in the middle, customs elsewhere (each at least once), some empty
        kf = self.files // 2
        others = [f for f in range(self.files) if f != kf]
        rng.shuffle(others)
        row = [None] * self.files
        row[kf] = "k"
        for i, f in enumerate(others):
            if i < k:
                row[f] = letters[i]
            elif rng.random() < 0.7:
                row[f] = rng.choice(letters)
        pawns = [rng.random() < 0.6 for _ in range(self.files)]

        prow = ["p" if x else None for x in pawns]
        white = [[c.upper() if c else None for c in r] for r in (row, prow)]
        ranks = white + [[None] * self.files] * (self.ranks - 4) + [prow, row]
        self.start = board_str(ranks) + " w - - 0 1"

    def chimera_ini(self):
        out = ["[%s : chess]" % self.name,
               "board = %dx%d" % (self.files, self.ranks),
               "start = %s" % self.start,
               "symmetry = rotate",
               "castle-high = -",
               "castle-low = -",
               "promote-to = q"]
        for L, b in self.pieces:
            out.append("piece = %s Piece%s %s 3" % (L, L.upper(), b))
        return "\n".join(out) + "\n"

    def fsf_ini(self):
        out = ["[%s:chess]" % self.fsf_name,
               "maxRank = %d" % self.ranks,
               "maxFile = %s" % chr(96 + self.files),
               "startFen = %s" % self.start,
               "castling = false",
               "promotionPieceTypes = q",
               "doubleStepRegionWhite = *2",
               "doubleStepRegionBlack = *%d" % (self.ranks - 1),
               "promotionRegionWhite = *%d" % self.ranks,
               "promotionRegionBlack = *1"]
        for i, (L, b) in enumerate(self.fsf_pieces):
            out.append("customPiece%d = %s:%s" % (i + 1, L, b))
        return "\n".join(out) + "\n"

    def describe(self):
        return "%s %dx%d pieces %s" % (self.name, self.files, self.ranks,
                                       " ".join("%s=%s" % p for p in self.pieces))


class ChimeraError(Exception):
    pass


def run_chimera(chimera, ini, variant, fen, depth, timeout=120):
    cmd = [chimera, "perft", "--variants", ini, "--variant", variant, "--fen", fen,
           "--depth", str(depth), "--divide"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ChimeraError("timeout: " + " ".join(cmd))
    if p.returncode != 0:
        raise ChimeraError("exit %d: %s" % (p.returncode, (p.stderr or p.stdout).strip()[:300]))
    moves, total = {}, None
    for ln in p.stdout.splitlines():
        m = re.match(r"^\s*([a-p]\d{1,2}[a-p]\d{1,2}[a-z]?):\s*(\d+)\s*$", ln)
        if m:
            moves[m.group(1)] = int(m.group(2))
            continue
        m = re.match(r"^\s*Nodes searched:\s*(\d+)", ln)
        if m:
            total = int(m.group(1))
    if total is None or total != sum(moves.values()):
        raise ChimeraError("bad perft output for %s" % fen)
    return moves


class Fsf:
    def __init__(self, variant):
        self.v = variant

    def legal(self, fen, path=()):
        return list(sf.legal_moves(self.v, fen, list(path)))

    def count(self, fen, path, depth):
        if depth == 0:
            return 1
        ms = sf.legal_moves(self.v, fen, list(path))
        if depth == 1:
            return len(ms)
        return sum(self.count(fen, list(path) + [m], depth - 1) for m in ms)

    def divide(self, fen, depth):
        return {m: self.count(fen, [m], depth - 1) for m in self.legal(fen)}

    def child(self, fen, m):
        return sf.get_fen(self.v, fen, [m])


STATS = {"moves": 0, "custom": 0, "promo": 0, "ep": 0}


def tally(game, fen, moves):
    board = fen.split()[0].split("/")
    ranks = len(board)
    letters = {L for L, _ in game.pieces}
    for m in moves:
        STATS["moves"] += 1
        if re.match(r"^[a-p]\d+[a-p]\d+[a-z]$", m):
            STATS["promo"] += 1
        if piece_at(fen, m).lower() == "p" and m[0] != m[2] and \
                piece_at(fen, m[2:]) == "":
            STATS["ep"] += 1
        fr = re.match(r"^([a-p])(\d+)", m)
        f, r = ord(fr.group(1)) - 97, int(fr.group(2))
        row, x = board[ranks - r], 0
        for ch in re.findall(r"\d+|[A-Za-z]", row):
            if ch.isdigit():
                x += int(ch)
                continue
            if x == f:
                if ch.lower() in letters:
                    STATS["custom"] += 1
                break
            x += 1


def compare(game, chim, ini, fsf, fen, depth, report, limit=10):
    """Compare divide(depth) at fen; on a difference drill down. Returns #mismatches (0/1)."""
    c = run_chimera(chim, ini, game.name, fen, depth)
    f = fsf.divide(fen, depth)
    if depth == 1:
        tally(game, fen, f)
    if c == f:
        return 0
    only_c = sorted(set(c) - set(f))
    only_f = sorted(set(f) - set(c))
    if only_c or only_f or depth == 1:
        report.append("MISMATCH %s\n  fen %s\n  only Chimera: %s\n  only FSF: %s" % (
            game.describe(), fen, " ".join(only_c) or "-", " ".join(only_f) or "-"))
        return 1
    for m in sorted(c):
        if c[m] != f[m] and limit > 0:
            return compare(game, chim, ini, fsf, fsf.child(fen, m), depth - 1, report, limit - 1)
    return 1


def piece_at(fen, move):
    board = fen.split()[0].split("/")
    fr = re.match(r"^([a-p])(\d+)", move)
    f, r = ord(fr.group(1)) - 97, int(fr.group(2))
    x = 0
    for ch in re.findall(r"\d+|[A-Za-z]", board[len(board) - r]):
        if ch.isdigit():
            x += int(ch)
        elif x == f:
            return ch
        else:
            x += 1
    return ""


def playout_positions(fsf, start, rng, count, max_plies):
    out = []
    tries = 0
    while len(out) < count and tries < count * 4:
        tries += 1
        path = []
        n = rng.randint(1, max_plies)
        for _ in range(n):
            ms = sf.legal_moves(fsf.v, start, path)
            if not ms:
                break
            ms = sorted(ms)
            if rng.random() < 0.35:
                # bias towards pawn moves so that promotions and en passant turn up
                fen = sf.get_fen(fsf.v, start, path)
                pm = [m for m in ms if piece_at(fen, m).lower() == "p"]
                if pm:
                    ms = pm
                    if rng.random() < 0.5:  # the most advanced pawn of the side to move
                        white = fen.split()[1] == "w"
                        key = lambda m: int(re.match(r"^[a-p](\d+)", m).group(1))
                        best = (max if white else min)(key(m) for m in ms)
                        ms = [m for m in ms if key(m) == best]
            path.append(rng.choice(ms))
        fen = sf.get_fen(fsf.v, start, path)
        if sf.legal_moves(fsf.v, fen, []):
            out.append(fen)
    return out


def write_game_files(games, seed, keep, prefix, chimera):
    """Writes the games' Chimera and Fairy-Stockfish files (into KEEP, or a new temporary
    folder named PREFIX...) and has Chimera check its own: the Chimera file's path, or None,
    said on stderr, where Chimera refuses it or cannot run."""
    tmpdir = keep or tempfile.mkdtemp(prefix=prefix)
    os.makedirs(tmpdir, exist_ok=True)
    ini = os.path.abspath(os.path.join(tmpdir, "games-%d.ini" % seed))
    with open(ini, "w") as fh:
        fh.write("\n".join(g.chimera_ini() for g in games))
    with open(os.path.join(tmpdir, "fsf-%d.ini" % seed), "w") as fh:
        fh.write("\n".join(g.fsf_ini() for g in games))
    try:
        p = subprocess.run([chimera, "check-variants", ini], capture_output=True, text=True,
                           timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        sys.stderr.write("cannot run %s: %s\n" % (chimera, e))
        return None
    if p.returncode != 0:
        sys.stderr.write("chimera check-variants refused %s:\n%s%s" % (ini, p.stdout, p.stderr))
        return None
    return ini


def compare_positions(compare, g, chimera, ini, fsf, fens, report, max_depth, deep_every,
                      deep_depth):
    """COMPARE(g, chimera, ini, fsf, fen, depth, report) on each position at depth 1, and on
    every DEEP_EVERY-th one (the first included) at DEEP_DEPTH(index), at most MAX_DEPTH;
    a Chimera failure counts as a mismatch. (mismatches, deeper comparisons)."""
    mm = deep = 0
    for pi, fen in enumerate(fens):
        try:
            mm += compare(g, chimera, ini, fsf, fen, 1, report)
            if max_depth >= 2 and pi % deep_every == 0:
                mm += compare(g, chimera, ini, fsf, fen, min(max_depth, deep_depth(pi)), report)
                deep += 1
        except ChimeraError as e:
            report.append("ERROR %s\n  fen %s\n  %s" % (g.describe(), fen, e))
            mm += 1
    return mm, deep


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--chimera", default="target/release/chimera")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--positions", type=int, default=20, help="playout positions per game")
    ap.add_argument("--depth", type=int, default=3, help="max perft depth (1..3)")
    ap.add_argument("--deep-every", type=int, default=5,
                    help="depth-2/3 perft on the start and every K-th position")
    ap.add_argument("--max-plies", type=int, default=60)
    ap.add_argument("--board", type=board_size, metavar="FxR",
                    help="only this board (any size Fairy-Stockfish takes: 4-12 files, 4-10 ranks;"
                    " drawn from 8x8, 10x8, 10x10 without it)")
    ap.add_argument("--quick", action="store_true", help="small fixed run for a test suite")
    ap.add_argument("--wrong-fsf", metavar="L:BETZA",
                    help="sensitivity check: give FSF's piece L (of every game having it) this Betza")
    ap.add_argument("--game", type=int, metavar="I", help="only game number I of the seed")
    ap.add_argument("--fsf-bugs", action="store_true",
                    help="also draw pieces Fairy-Stockfish reads wrongly (see draw_piece)")
    ap.add_argument("--keep", metavar="DIR", help="write the variant files there")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    if a.quick:
        a.games, a.positions, a.depth, a.deep_every, a.max_plies = 7, 10, 3, 5, 60
    if not os.path.exists(a.chimera):
        sys.stderr.write("no Chimera binary at %s\n" % a.chimera)
        return 2
    board = a.board
    games = []
    for i in (range(a.games) if a.game is None else [a.game]):
        g = Game(a.seed, i, board, fsf_bugs=a.fsf_bugs)
        if a.wrong_fsf and a.wrong_fsf.split(":")[0] in dict(g.pieces):
            g = Game(a.seed, i, board, a.wrong_fsf, a.fsf_bugs)
        games.append(g)
    sf.load_variant_config("\n".join(g.fsf_ini() for g in games))
    have = set(sf.variants())
    ini = write_game_files(games, a.seed, a.keep, "betza-xc-", a.chimera)
    if ini is None:
        return 2
    t0 = time.time()
    total_mm = total_pos = total_perft = 0
    for gi, g in enumerate(games):
        if g.fsf_name not in have:
            sys.stderr.write("pyffish did not load %s\n" % g.fsf_name)
            return 2
        fsf = Fsf(g.fsf_name)
        fstart = sf.start_fen(g.fsf_name)
        if fstart.split()[0] != g.start.split()[0]:
            sys.stderr.write("FSF start %s != %s\n" % (fstart, g.start))
            return 2
        rng = random.Random("%d/%d/play" % (a.seed, gi))
        fens = [g.start] + playout_positions(fsf, g.start, rng, a.positions, a.max_plies)
        report = []
        mm, deep = compare_positions(compare, g, a.chimera, ini, fsf, fens, report, a.depth,
                                     a.deep_every, lambda pi: a.depth if pi == 0 else 2)
        total_perft += deep
        total_pos += len(fens)
        total_mm += mm
        print("%s: %d positions, %d mismatches" % (g.describe(), len(fens), mm))
        for r in report:
            print(r)
        sys.stdout.flush()
    print("TOTAL seed %d: %d games, %d positions, %d deep perft runs, %d mismatches, %.1fs "
          "(depth-1 moves compared %d: %d by custom pieces, %d promotions, %d en passant)" % (
              a.seed, len(games), total_pos, total_perft, total_mm, time.time() - t0,
              STATS["moves"], STATS["custom"], STATS["promo"], STATS["ep"]))
    return 1 if total_mm else 0


if __name__ == "__main__":
    sys.exit(main())
