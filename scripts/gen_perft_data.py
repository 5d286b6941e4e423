#!/usr/bin/env python3
"""Write engine-tests/perft/published.perft: the published perft counts of
../shared/reference/perft-classics.txt (the shared folder beside the checkout), one block per
position in the reference file's order, each count that pyffish can afford to recompute
(independent of Chimera) reproduced first; the script aborts if one is not.

    scripts/gen_perft_data.py                     # published.perft, all cores
    scripts/gen_perft_data.py --check             # recompute, compare with the file, write nothing
    scripts/gen_perft_data.py --games grand,janus --jobs 2   # also grand.perft and janus.perft

--games NAME,... (or --games all) also writes engine-tests/perft/<game>.perft for those games of
crosscheck_pyffish.py, with counts computed by pyffish. The repository holds no such file (its
classic-game counts are published.perft's); the test suite reads every .perft file there, so
one written this way is tested from then on. Per game: the start position (pyffish depths up
to ~10M nodes, plus deeper published counts), positions from seeded random playouts,
positions picked from biased playouts because they have a feature (castling available, en
passant available, promotion available, side to move in check), and hand-picked positions.
Depths 1..4 for those, stopping before a depth would exceed --node-limit (default 2M) nodes.

kings-leap cannot be expressed in Fairy-Stockfish (see scripts/fsf-variants.ini): its file
holds only depth 1-2 counts of small positions that were derived by hand (reasoning in the
comments); the script checks them against the hybrid FSF+Python oracle of
crosscheck_pyffish.py and aborts if they disagree. paulowich-crosswise is computed by FSF
through the exact file-mirror reduction described in crosscheck_pyffish.py.

File format (shakmaty style): blocks `id` / `variant` / `fen` / `perft D N...`, separated by
blank lines; `#` lines are comments.
"""

import argparse
import json
import multiprocessing as mp
import os
import random
import sys
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import crosscheck_pyffish as cc  # noqa: E402  (oracles, FEN helpers)
import pyffish as sf  # noqa: E402

ROOT = os.path.dirname(HERE)
OUT_DIR = os.path.join(ROOT, "engine-tests", "perft")
PUBLISHED_PATH = os.path.normpath(os.path.join(ROOT, "..", "shared", "reference", "perft-classics.txt"))
PUBLISHED_HEADER = [
    "# Published perft counts (../shared/reference/perft-classics.txt: Fairy-Stockfish's test suites and the",
    "# chess programming community), one block per position. Deep lines are skipped by the default node limit.",
]

# Depth computed by pyffish for the start positions (largest depth under ~10M nodes).
START_DEPTH = {
    "chess": 5,                # 4,865,609
    "capablanca": 4,           # 805,128 (5 = 28.7M, published)
    "gothic": 4,
    "grand": 3,                # 259,514 (4 = 15.9M, published)
    "janus": 4,
    "embassy": 4,
    "chancellor": 4,           # 436,656
    "tutti-frutti": 4,         # 421,458 (5 would be ~12M)
    "paulowich": 5,            # ~6M
    "paulowich-crosswise": 5,  # ~6M
}

# Hand-picked positions: (id suffix, FEN or None = start, moves to play from it, comment).
# Moves are played with the oracle so that the FEN fields stay consistent.
HAND = {
    "chess": [
        ("castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", [], "all four castlings available"),
        ("promotion", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", [], "promotions and under-promotions, both sides"),
        ("ep-pin", "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2", [], "en passant capture illegal: it would expose the king on rank 5"),
    ],
    "capablanca": [
        ("castling", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", [], "castling f1-i1 / f1-c1 both sides"),
        ("promotion", "5k4/PP8/10/10/10/10/8pp/5K4 w - - 0 1", [], "promotion to Q R B N A C"),
        ("ep", None, ["h2h3", "e7e5", "h3h4", "e5e4", "d2d4"], "en passant e4xd3 available"),
    ],
    "gothic": [
        ("castling", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", [], "castling f1-i1 / f1-c1 both sides"),
        ("promotion", "5k4/PP8/10/10/10/10/8pp/5K4 w - - 0 1", [], "promotion to Q R B N A C"),
    ],
    "janus": [
        ("castling", "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1", [], "castling e1-i1 / e1-b1 both sides"),
        ("promotion", "4k5/PP8/10/10/10/10/8pp/4K5 w - - 0 1", [], "promotion to Q R B N J"),
    ],
    "embassy": [
        ("castling", "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1", [], "castling e1-h1 / e1-b1 both sides"),
        ("promotion", "4k5/PP8/10/10/10/10/8pp/4K5 w - - 0 1", [], "promotion to Q R B N C A"),
    ],
    "chancellor": [
        ("castling", "r3k3r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R3K3R w KQkq - 0 1", [], "castling e1-g1 / e1-c1 both sides on 9x9"),
        ("promotion", "4k4/PP7/9/9/9/9/9/7pp/4K4 w - - 0 1", [], "promotion on rank 9 to Q R B N C"),
    ],
    "grand": [
        ("promo-limit", "r8r/1nbqkcabn1/P9/10/10/10/10/10/4K5/R8R w - - 0 1", [],
         "optional promotion on rank 9, no rook (two on the board)"),
        ("promo-blocked", "1k8/P9/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1", [],
         "a9 pawn cannot move (nothing to promote to) but attacks b10"),
        ("promo-blocked-check", "1k8/P9/10/10/10/10/10/10/1NBQKCABN1/R8R b - - 0 1", [],
         "black king in check from the immobile a9 pawn"),
        ("promo-zones", "4k5/10/10/P9/10/10/p9/10/10/4K5 w - - 0 1", [],
         "optional promotion entering rank 8 (White) / rank 3 (Black), compulsory on the last rank"),
        ("ep", None, ["e3e5", "a8a7", "e5e6", "d8d6"], "en passant e6xd7 after a double step from rank 8"),
    ],
    "tutti-frutti": [
        ("castling", "e3k2r/pppppppp/8/8/8/8/PPPPPPPP/E3K2R w KQkq - 0 1", [], "O-O with the rook, O-O-O with the Empress"),
        ("promotion", "4k3/PP6/8/8/8/8/6pp/4K3 w - - 0 1", [], "promotion to Z E A Q R B N"),
    ],
    "paulowich": [
        ("castling", "c3k2q/pppppppp/8/8/8/8/PPPPPPPP/C3K2Q w KQkq - 0 1", [], "O-O with the queen, O-O-O with the chancellor"),
        ("castling-rook", "c2rk2q/pppppppp/8/8/8/8/PPPPPPPP/C2RK2Q w KQkq - 0 1", [], "the d-file rooks block O-O-O only"),
        ("promotion", "4k3/PP6/8/8/8/8/6pp/4K3 w - - 0 1", [], "promotion to N B R C Q"),
    ],
    "paulowich-crosswise": [
        ("castling-black", "q2k3c/pppppppp/8/8/8/8/PPPPPPPP/C3K2Q b KQkq - 0 1", [],
         "Black: O-O d8-b8 (queen a8-c8), O-O-O d8-f8 (chancellor h8-e8)"),
        ("castling-black-rook", "q2kr2c/pppppppp/8/8/8/8/PPPPPPPP/C3K2Q b KQkq - 0 1", [],
         "Black: the e8 rook blocks O-O-O only"),
        ("castling-white", "q2k3c/pppppppp/8/8/8/8/PPPPPPPP/C3K2Q w KQkq - 0 1", [], "White castles as in paulowich"),
        ("promotion", "3k4/PP6/8/8/8/8/6pp/4K3 w - - 0 1", [], "promotion to N B R C Q"),
    ],
}

# kings-leap: hand-derived counts (depth -> nodes). The reasoning is written into the file.
KINGS_LEAP_HAND = [
    ("start", None, {1: 22, 2: 484},
     ["White: Paulowich's 21 moves (16 pawn, Nb1 a3/c3, Ng1 f3/h3, Ca1-b3) + leap e1-e3 over",
      "the own e2 pawn (c1, g1 occupied) = 22. No White first move attacks e7/e6 or blocks, so",
      "Black always has 21 + e8-e6 = 22: 22*22 = 484."]),
    ("pawn", "4k3/8/8/8/8/8/4P3/4K3 w Kk - 0 1", {1: 9, 2: 72},
     ["White: e3, e4, Kd1, Kd2, Kf1, Kf2, leaps c1, e3 (over the own pawn), g1 = 9.",
      "Black after each: Kd8 d7 e7 f7 f8 + leaps c8 e6 g8 = 8 (nothing attacks them): 72."]),
    ("hostile-leapt", "4k3/8/8/8/8/8/8/3nK3 w Kk - 0 1", {1: 5, 2: 56},
     ["White: Kxd1, Kd2, Ke2, Kf1 (f2 attacked by the knight), leap g1; no c1 leap (hostile",
      "knight on d1), no e3 leap (e3 attacked) = 5. Black: 8 king moves/leaps after Kxd1;",
      "8 + 4 knight moves (b2 c3 e3 f2) after the 4 others: 8 + 4*12 = 56."]),
    ("attacked-leapt", "3rk3/8/8/8/8/8/8/4K3 w Kk - 0 1", {1: 5, 2: 85},
     ["White: Ke2, Kf1, Kf2, leaps e3, g1; d1/d2 attacked, c1 leap over attacked d1 = 5.",
      "Black after each: Kd7 e7 f7 f8 (4) + leaps c8 (over the own rook), e6, g8 (3) + rook",
      "d7..d1 (7) and c8 b8 a8 (3) = 17: 5*17 = 85."]),
    ("attacked-destination", "2r1k3/8/8/8/8/8/8/4K3 w Kk - 0 1", {1: 7, 2: 119},
     ["White: Kd1 d2 e2 f1 f2 + leaps e3, g1; c1 leap lands on an attacked square = 7.",
      "Black after each: rook c7..c1 (7) + b8 a8 d8 (3), Kd8 d7 e7 f7 f8 (5), leaps e6 g8",
      "(c8 occupied) = 17: 7*17 = 119."]),
    ("in-check", "4k3/8/8/8/8/8/8/r3K3 w Kk - 0 1", {1: 3, 2: 66},
     ["White in check: Kd2, Ke2, Kf2 only (no leap) = 3. Black after each: rook b1..h1 (7)",
      "+ a2..a8 (7) + 5 king moves + 3 leaps = 22: 66."]),
    ("no-right", "4k3/8/8/8/8/8/4P3/4K3 w k - 0 1", {1: 6, 2: 48},
     ["White has no leap right: e3, e4, Kd1 d2 f1 f2 = 6. Black: 8 each: 48."]),
    ("black-leaps", "4k3/4p3/8/8/8/8/8/4K3 b Kk - 0 1", {1: 9, 2: 72},
     ["Black: e6, e5, Kd8 d7 f8 f7, leaps c8, e6 (over the own pawn), g8 = 9.",
      "White after each: Kd1 d2 e2 f1 f2 + leaps c1 e3 g1 = 8: 72."]),
    ("black-bishop", "4kb2/8/8/8/8/8/8/4K3 b k - 0 1", {1: 14, 2: 67},
     ["Black: Kd8 d7 e7 f7, leaps c8, e6, g8 (over the own bishop), Bf8 e7 d6 c5 b4 a3 g7",
      "h6 = 14. White (no right) has Kd1 d2 e2 f1 f2 minus attacked squares: 5 after the",
      "7 king moves (35) and after Be7 Bd6 Ba3 Bg7 (20); 4 after Bc5 (f2), Bb4+ (d2), Bh6",
      "(d2) (12): 67."]),
    ("hostile-destination", "4k3/8/8/8/8/4p3/8/4K3 w K - 0 1", {1: 5, 2: 29},
     ["White: Kd1, Ke2, Kf1 (d2, f2 attacked), leaps c1, g1; no e3 leap (the leap is not a",
      "capture) = 5. Black: 5 king moves + e3-e2 when e2 is empty: 6 after Kd1 Kf1 c1 g1,",
      "5 after Ke2: 29."]),
    ("rook-knight", "4k3/8/8/8/8/8/8/3RK1N1 w K - 0 1", {1: 19},
     ["White: Kd2 e2 f1 f2 (4), leaps c1 (over the own rook) and e3 (g1 occupied) (2), rook",
      "d2..d8 + c1 b1 a1 (10), knight e2 f3 h3 (3) = 19."]),
]

FEATURES = ("castling", "ep", "promotion", "check")


# ----------------------------------------------------------------------------------------
def read_published():
    """{(game, FEN): {depth: nodes}}, positions in the file's order."""
    pub = {}
    try:
        fh = open(PUBLISHED_PATH)
    except OSError as e:
        raise SystemExit("cannot read the published counts: %s" % e)
    with fh:
        for ln in fh:
            ln = ln.strip()
            if not ln or ln.startswith("#"):
                continue
            game, fen, depth, nodes = [x.strip() for x in ln.split("|")]
            pub.setdefault((game, fen), {})[int(depth)] = int(nodes)
    return pub


def features(oracle, fen, moves):
    """Feature set of a position, judged from the oracle's legal moves."""
    out = set()
    ranks = cc.parse_board(cc.fen_fields(fen)[0])
    for m in moves:
        a, b, promo = cc.split_move(m)
        af, ar = cc.sq(a)
        bf, br = cc.sq(b)
        piece = ranks[ar][af] or "?"
        if piece.lower() == "k" and (abs(af - bf) >= 2 or abs(ar - br) >= 2):
            out.add("castling")
        if piece.lower() == "p" and af != bf and ranks[br][bf] is None:
            out.add("ep")
        if promo:
            out.add("promotion")
    if moves and in_check(oracle, fen):
        out.add("check")
    return out


def in_check(oracle, fen):
    if isinstance(oracle, cc.FsfOracle):
        return bool(sf.gives_check(oracle.variant, fen, []))
    if isinstance(oracle, cc.CrosswiseOracle):
        ffen, _ = oracle._fsf_view(fen)
        return bool(sf.gives_check(oracle.variant, ffen, []))
    board, stm = cc.fen_fields(fen)[:2]
    return oracle._in_check(cc.parse_board(board), stm)


def pick_positions(game, seed, n_random, max_plies=80):
    """-> list of (id suffix, fen, comment)."""
    o = cc.make_oracle(game)
    rng = random.Random((seed * 7919) ^ zlib.crc32(("data:" + game).encode()))
    picked = []
    seen = {o.start_fen}

    def playout(length, bias):
        fen = o.start_fen
        moves = o.legal(fen)
        trail = []
        for _ in range(length):
            if not moves:
                break
            caps, pawns, promos, kings, _castles = cc._classify(fen, moves)
            r = rng.random()
            if bias and promos and r < 0.5:
                m = rng.choice(promos)
            elif bias and caps and r < 0.4:
                m = rng.choice(caps)
            elif bias and pawns and r < 0.7:
                m = rng.choice(pawns)
            else:
                m = rng.choice(moves)
            fen = o.child(fen, m)
            moves = o.legal(fen)
            trail.append((fen, moves))
        return trail

    # Random positions: one playout each, random length, biased move choice on half of them.
    tries = 0
    while len(picked) < n_random and tries < 10 * n_random:
        tries += 1
        length = rng.randint(4, max_plies)
        trail = playout(length, bias=(tries % 2 == 0))
        if not trail:
            continue
        fen, moves = trail[-1]
        if fen in seen or not moves:
            continue
        seen.add(fen)
        picked.append(("random-%02d" % (len(picked) + 1), fen,
                       "seeded random playout, %d plies" % len(trail)))
    # Feature positions from biased playouts.
    want = [f for f in FEATURES if not (f == "castling" and game == "grand")]
    found = {}
    tries = 0
    while len(found) < len(want) and tries < 60:
        tries += 1
        trail = playout(rng.randint(10, max_plies), bias=True)
        for fen, moves in trail:
            if fen in seen or not moves:
                continue
            fs = features(o, fen, moves)
            for f in want:
                if f in fs and f not in found:
                    found[f] = fen
                    seen.add(fen)
                    break
    for f in want:
        if f in found:
            picked.append((f, found[f], "from a seeded biased playout: %s available" % {
                "castling": "castling", "ep": "en passant", "promotion": "promotion",
                "check": "side to move in check"}[f]))
    # Hand-picked.
    for suffix, fen, moves, comment in HAND.get(game, []):
        fen = fen or o.start_fen
        for m in moves:
            if m not in o.legal(fen):
                raise SystemExit("%s hand position %s: illegal move %s" % (game, suffix, m))
            fen = o.child(fen, m)
        picked.append(("hand-" + suffix, fen, "hand-picked: " + comment))
    return picked


# ----------------------------------------------------------------------------------------
# Workers
# ----------------------------------------------------------------------------------------
def _init():
    cc.init_pyffish()


def job_progressive(args):
    """Depths 1.. while the next depth is predicted to stay under node_limit and call_budget."""
    key, game, fen, max_depth, node_limit, call_budget = args
    o = cc.make_oracle(game)
    calls_per_node = 1 if isinstance(o, cc.FsfOracle) else 2
    counts = {}
    for d in range(1, max_depth + 1):
        if d >= 2:
            prev = counts[d - 1]
            ratio = prev / max(1, counts.get(d - 2, 1))
            if prev * max(ratio, 1) > node_limit or prev * calls_per_node > call_budget:
                break
        n = o.perft(fen, d)
        if n > node_limit:
            break
        counts[d] = n
        if n == 0:
            break
    return key, counts


def job_subtree(args):
    key, game, fen, move, depth = args
    o = cc.make_oracle(game)
    return key, move, o.perft(o.child(fen, move), depth - 1)


class Cache:
    """Optional JSON cache of finished jobs (--cache PATH), so that an interrupted run can be
    resumed. Keys hold everything a job depends on; values are pyffish results only."""

    def __init__(self, path):
        self.path = path
        self.data = {"prog": {}, "sub": {}}
        if path and os.path.exists(path):
            with open(path) as fh:
                self.data = json.load(fh)

    @staticmethod
    def _key(job):
        return json.dumps(job[1:])

    def get(self, kind, job):
        v = self.data[kind].get(self._key(job))
        if v is None:
            return None
        return {int(d): n for d, n in v.items()} if kind == "prog" else v

    def put(self, kind, job, value):
        if not self.path:
            return
        self.data[kind][self._key(job)] = value
        tmp = self.path + ".tmp"
        with open(tmp, "w") as fh:
            json.dump(self.data, fh)
        os.replace(tmp, self.path)


# ----------------------------------------------------------------------------------------
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", help="comma-separated games, or `all`, to write <game>.perft for too "
                    "(default: none, published.perft only)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random", type=int, default=10, help="random positions per game (default 10)")
    ap.add_argument("--node-limit", type=int, default=2_000_000)
    ap.add_argument("--call-budget", type=int, default=60_000,
                    help="max pyffish calls for one depth of one non-start position")
    ap.add_argument("--published-call-budget", type=int, default=5_000,
                    help="max pyffish calls spent re-deriving one published count (default 5000; "
                    "a call takes ~2 ms)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default=OUT_DIR)
    ap.add_argument("--check", action="store_true", help="compare with the existing files, write nothing")
    ap.add_argument("--max-start-depth", type=int, default=99,
                    help="cap the pyffish depth of the start positions (published counts are kept)")
    ap.add_argument("--cache", help="JSON file caching finished jobs (resume an interrupted run)")
    args = ap.parse_args(argv)

    if args.games == "all":
        games = list(cc.GAMES)
    else:
        games = [g.strip() for g in (args.games or "").split(",") if g.strip()]
    for g in games:
        if g not in cc.GAMES:
            ap.error("unknown game %s" % g)
    published = read_published()
    cc.init_pyffish()
    fails = cc.self_test(set(games) | {g for g, _ in published if g in cc.GAMES})
    if fails:
        raise SystemExit("oracle self-test failed:\n  " + "\n  ".join(fails))
    t0 = time.time()

    # ---- collect positions -------------------------------------------------------------
    start_depth = {}
    blocks = {g: [] for g in games}  # game -> list of dict(id, fen, comment, counts, published)
    with mp.get_context("fork").Pool(args.jobs, initializer=_init) as pool:
        picks = dict(pool.map(_pick_job, [(g, args.seed, args.random) for g in games if g != "kings-leap"]))
        prog_jobs, sub_jobs = [], []
        # published.perft: every published position, in the reference file's order
        pub_blocks = []
        for i, ((g, fen), pcounts) in enumerate(published.items()):
            key = (g, "published-%d" % i)
            pub_blocks.append(dict(key=key, id="published-%s-%d" % (g, i), game=g, fen=fen,
                                   counts={}, published=pcounts))
            if g in cc.GAMES:
                prog_jobs.append((key, g, fen, max(pcounts), 10 ** 12, args.published_call_budget))
        for g in games:
            if g == "kings-leap":
                continue
            o = cc.make_oracle(g)
            # start position
            key = (g, "start")
            pub = published.get((g, o.start_fen), {})
            blocks[g].append(dict(key=key, id="%s-start" % g, fen=o.start_fen,
                                  comment="start position", counts={}, published=pub))
            D = start_depth[g] = min(START_DEPTH[g], args.max_start_depth)
            prog_jobs.append((key, g, o.start_fen, D - 1, 10 ** 12, 10 ** 12))
            for m in o.legal(o.start_fen):
                sub_jobs.append((key, g, o.start_fen, m, D))
            # published non-start positions of this game
            for (pg, pfen), pcounts in sorted(published.items()):
                if pg != g or pfen == o.start_fen:
                    continue
                key = (g, "pub", pfen)
                blocks[g].append(dict(key=key, id=None, fen=pfen, comment="published test position",
                                      counts={}, published=pcounts))
                prog_jobs.append((key, g, pfen, max(pcounts), 10 ** 12, args.published_call_budget))
            for suffix, fen, comment in picks[g]:
                key = (g, suffix)
                blocks[g].append(dict(key=key, id="%s-%s" % (g, suffix), fen=fen, comment=comment,
                                      counts={}, published={}))
                prog_jobs.append((key, g, fen, 4, args.node_limit, args.call_budget))
        index = {b["key"]: b for b in pub_blocks + [b for g in games for b in blocks[g]]}
        sub_sum = {}
        cache = Cache(args.cache)
        todo = []
        for job in prog_jobs:
            hit = cache.get("prog", job)
            if hit is None:
                todo.append(job)
            else:
                index[job[0]]["counts"].update(hit)
        for key, counts in pool.imap_unordered(job_progressive, todo):
            index[key]["counts"].update(counts)
            job = next(j for j in todo if j[0] == key)
            cache.put("prog", job, counts)
            print("  %-22s %-28s %s" % (key[0], key[1] if key[1] != "pub" else "published",
                                         " ".join("%d:%d" % kv for kv in sorted(counts.items()))),
                  flush=True)
        todo = []
        for job in sub_jobs:
            hit = cache.get("sub", job)
            if hit is None:
                todo.append(job)
            else:
                sub_sum[job[0]] = sub_sum.get(job[0], 0) + hit
        for key, move, n in pool.imap_unordered(job_subtree, todo, chunksize=1):
            sub_sum[key] = sub_sum.get(key, 0) + n
            cache.put("sub", next(j for j in todo if j[0] == key and j[3] == move), n)
        for key, n in sub_sum.items():
            index[key]["counts"][start_depth[key[0]]] = n
            print("  %-22s start depth %d: %d" % (key[0], start_depth[key[0]], n), flush=True)

    # ---- name published blocks, verify published counts --------------------------------
    bad = []
    for g in games:
        n_pub = 0
        for b in blocks[g]:
            if b["id"] is None:
                n_pub += 1
                b["id"] = "%s-published-%02d" % (g, n_pub)
            for d, n in b["published"].items():
                if d in b["counts"] and b["counts"][d] != n:
                    bad.append("%s %s depth %d: pyffish %d, published %d" % (g, b["fen"], d, b["counts"][d], n))
    for b in pub_blocks:
        for d, n in b["published"].items():
            if d in b["counts"] and b["counts"][d] != n:
                bad.append("%s %s depth %d: pyffish %d, published %d" % (b["game"], b["fen"], d, b["counts"][d], n))
    if bad:
        raise SystemExit("pyffish disagrees with published counts:\n  " + "\n  ".join(bad))

    # ---- kings-leap: hand counts, checked against the hybrid oracle ---------------------
    if "kings-leap" in games:
        o = cc.make_oracle("kings-leap")
        for suffix, fen, counts, why in KINGS_LEAP_HAND:
            fen = fen or o.start_fen
            for d, n in counts.items():
                got = o.perft(fen, d)
                if got != n:
                    bad.append("kings-leap %s depth %d: hand %d, hybrid oracle %d" % (fen, d, n, got))
            blocks["kings-leap"].append(dict(key=("kings-leap", suffix), id="kings-leap-" + suffix,
                                             fen=fen, comment=why, counts=dict(counts), published={}))
        if bad:
            raise SystemExit("hand-derived kings-leap counts disagree with the hybrid oracle:\n  "
                             + "\n  ".join(bad))

    # ---- write -----------------------------------------------------------------------------
    reproduced = sum(1 for b in pub_blocks for d in b["published"] if d in b["counts"])
    print("published counts: %d of %d reproduced by pyffish, none contradicted"
          % (reproduced, sum(len(b["published"]) for b in pub_blocks)))
    os.makedirs(args.out, exist_ok=True)
    differ = []
    files = [("published", render_published(pub_blocks), len(pub_blocks))]
    files += [(g, render(g, blocks[g], args), len(blocks[g])) for g in games]
    for name, text, n_blocks in files:
        path = os.path.join(args.out, "%s.perft" % name)
        if args.check:
            old = open(path).read() if os.path.exists(path) else ""
            if strip_comments(old) != strip_comments(text):
                differ.append(path)
            continue
        with open(path, "w") as fh:
            fh.write(text)
        print("wrote %s (%d positions)" % (os.path.relpath(path, ROOT), n_blocks))
    print("done in %.0fs" % (time.time() - t0))
    if differ:
        print("differs from the generated data: %s" % ", ".join(differ))
        return 1
    return 0


def _pick_job(a):
    cc.init_pyffish()
    g, seed, n = a
    return g, pick_positions(g, seed, n)


def strip_comments(text):
    return "\n".join(ln for ln in text.splitlines() if not ln.startswith("#"))


def render_published(blocks):
    L = PUBLISHED_HEADER + [""]
    for b in blocks:
        L += ["id %s" % b["id"], "variant %s" % b["game"], "fen %s" % b["fen"]]
        L += ["perft %d %d" % (d, n) for d, n in sorted(b["published"].items())]
        L.append("")
    return "\n".join(L[:-1]) + "\n"


def render(game, blocks, args):
    L = []
    L.append("# %s perft data for Chimera. Generated by scripts/gen_perft_data.py (seed %d); do not edit"
             % (game, args.seed))
    L.append("# by hand, regenerate instead. Format: blocks of id/variant/fen/perft lines, blank-line")
    L.append("# separated; `perft D N` = number of leaf nodes at depth D.")
    if game == "kings-leap":
        L.append("#")
        L.append("# Fairy-Stockfish cannot express King's Leap Chess (see scripts/fsf-variants.ini), so")
        L.append("# pyffish could not compute these counts. Every count below is at depth 1 or 2 and was")
        L.append("# derived BY HAND from chancellor.md (reasoning above each block); gen_perft_data.py")
        L.append("# also recomputes them with the hybrid FSF+Python oracle of crosscheck_pyffish.py and")
        L.append("# refuses to write the file if the two disagree. Nothing here comes from Chimera.")
        L.append("# FEN castling field: K/k = that king has not moved and may still leap.")
    else:
        L.append("# Counts were computed with pyffish %s (Fairy-Stockfish; built-in variants or"
                 % ".".join(map(str, sf.version())))
        L.append("# scripts/fsf-variants.ini), independently of Chimera. Positions: start, seeded random")
        L.append("# playouts, playout positions picked for a feature, hand-picked positions; depths up to")
        L.append("# 4 stop before %s nodes." % format(args.node_limit, ","))
        if game == "paulowich-crosswise":
            L.append("# FSF has no per-colour castling files; crosswise counts come from FSF through the exact")
            L.append("# file-mirror reduction (Black's moves generated on the mirrored board with the")
            L.append("# [paulowich] definition), see crosscheck_pyffish.py, CrosswiseOracle.")
        if any(b["published"] for b in blocks):
            L.append("# Lines also in ../shared/reference/perft-classics.txt are marked in the comment")
            L.append("# above their block; every published count at a depth pyffish computed was reproduced.")
    L.append("")
    for b in blocks:
        counts = dict(b["counts"])
        pub = b["published"]
        comment = b["comment"] if isinstance(b["comment"], list) else [b["comment"]]
        for c in comment:
            L.append("# " + c)
        if pub:
            both = sorted(d for d in pub if d in counts)
            only = sorted(d for d in pub if d not in counts)
            L.append("# published depths %s%s%s" % (
                ",".join(map(str, sorted(pub))),
                ("; reproduced by pyffish at %s" % ",".join(map(str, both))) if both else "",
                ("; %s taken from the published list only" % ",".join(map(str, only))) if only else ""))
            for d in only:
                counts[d] = pub[d]
        L.append("id %s" % b["id"])
        L.append("variant %s" % game)
        L.append("fen %s" % b["fen"])
        for d in sorted(counts):
            L.append("perft %d %d" % (d, counts[d]))
        L.append("")
    return "\n".join(L)


if __name__ == "__main__":
    sys.exit(main())
