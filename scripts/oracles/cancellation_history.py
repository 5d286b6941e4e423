#!/usr/bin/env python3
"""Canonical's no-repetition rule over long game histories, with cancellation's placement plies:
Chimera against the independent oracles (scripts/oracles/cancellation.py for the cancellation
games, scripts/oracles/canonical.py for the plain Canonical games as a control).

Rules (shared/rules/canonical.md, cancellation.md, README.md "Perft conventions"):
  * "a player may not make a move that produces a position (placement of all pieces and side to
    move) that has occurred before in the game"; after `position fen F moves m1 m2 ...` the game is
    F and those moves; inside perft the path from the root counts too.
  * cancellation: every ply counts (the capture ply and each placement ply); "for the
    no-repetition rule of Canonical games, a pending placement is part of the position".
The oracle records the position after EVERY ply (placement plies and the position right after the
opponent's placements, where the same player then makes its normal move, included), keyed by
(board, side to move, pending placement), and forbids any move that recreates one of them.

Consequences worked out from the rules (they say what a check can and cannot exercise):
  * Every cancellation capture lowers BOTH sides' material (each side loses min(a, d) >= 1 once
    the placements are done; all Canonical values are >= 1, royal pieces are never captured), and
    nothing else ever adds material except placements.  So no position from before a capture
    comes back after it: captures and placement plies are never forbidden by the rule, and a
    position with placements pending never has the same board and side to move as any other
    position of the game (pending or not).  "A pending placement is part of the position"
    therefore never changes a legal-move set in a game (a broken copy that drops it from the key
    agrees everywhere: --mutant pend-ignored shows it).
  * What the rule does forbid are quiet moves that recreate a position since the last capture.
    In cancellation games the interesting one is the position right after the OPPONENT's
    placements: White captures, Black places (`stay`), Black then moves; that board with Black to
    move has occurred, so a later move that recreates it is illegal (hand case `stay-position`);
    a reading that records positions only between turns misses it (--mutant turn-only).
  * A promoted Canonical pawn steps sideways and back: pawn moves are reversible there, so a
    repetition look-back that stops at the last pawn move is wrong (--mutant pawn-reset).
  * A side whose every move repeats has no legal move (and loses): hand case `stuck`.

What it does: seeded, repetition-prone games (40-150 plies; captures preferred often so that
placements happen; each side often plays back its own previous move), and at every ply it gives
Chimera `position fen START moves <the whole history>` (plies as separate tokens, or a complete
turn's plies joined by commas, seeded) and compares `go perft 1` (at some plies `go perft 2`)
with the oracle, whose history is every position of the game (`position startpos moves ...`
half the time where the game starts from the start position; a third of the games restart once
from a mid-game FEN, preferably one with placements pending).  Where the rule removed a move, or
no move is left, `go depth 2` must answer a turn whose every ply the oracle finds legal (or
`bestmove (none)`).  It counts how often the rule removed a move (at the compared ply, and inside
the depth-2 trees), and how many compared plies had placements pending.  Hand cases with expected
move sets worked out from the rules text run first, and histories containing a repeating move
must be refused.  Exit 1 on any mismatch (history, FEN and the moves only one side has are
printed).  Suite-sized run (about 12 s): --per-game 1 --seed 1.

  cancellation_history.py --chimera PATH [--games g1,g2] [--per-game N] [--seed S]
                          [--min-plies A] [--max-plies B] [--deep-every K] [--mutant M] [-v]
Mutants (a deliberately broken ORACLE, to show what the check catches):
  pend-ignored   pending placement not part of the position (expected: no difference, see above)
  turn-only      history records only positions where the turn passes to the other player
  no-history     only the current position is known (as perft from a bare FEN)
  pawn-reset     history forgotten at every pawn move (as a look-back bounded by the 50-move clock)
Standard library only.
"""

import argparse
import os
import random
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cancellation as C  # noqa: E402
import canonical as K  # noqa: E402
from chimera_driver import ChimeraUci  # noqa: E402

DEFAULT_GAMES = ("cancellation-canon,cancellation-canonic,cancellation-canonical,"
                 "cancellation-extended-canon,cancellation-extended-canonic,cancellation-extended-canonical,"
                 "canon,canonic,canonical")
MUTANT = None


# ---------------------------------------------------------------------------------------------
# Chimera over UCI


class Uci(ChimeraUci):
    """The shared driver, keeping its variant's name (a game that starts from the start position
    is sometimes given as `position startpos moves ...`)."""

    def __init__(self, exe, variant):
        super().__init__(exe, variant, timeout=120)
        self.variant = variant


# ---------------------------------------------------------------------------------------------
# The oracle side: a game = start FEN + plies, with every position's key kept


class HistoryState:
    """What both kinds of game share: the moves with and without the history's restriction
    (a subclass gives `_legal(pos, hist)` and `key(pos)`)."""

    def legal(self):
        return self._legal(self.pos, self.hist)

    def unrestricted(self):
        return self._legal(self.pos, None)

    def removed_keys(self):
        """Keys the rule made unreachable at this ply."""
        ok = {t for t, _ in self.legal()}
        return [(t, self.key(n)) for t, n in self.unrestricted() if t not in ok]


class CancState(HistoryState):
    """A cancellation game (oracle scripts/oracles/cancellation.py) with its whole history."""

    def __init__(self, variant, fen):
        self.g = C.game_of(variant)
        self.pos = C.parse_fen(self.g, fen)
        self.hist = {self.key(self.pos)}
        self.after_stay = set()  # keys of positions right after the opponent's placements
        self.plies = []

    @staticmethod
    def key(p):
        if MUTANT == "pend-ignored":
            return (tuple(p.b), p.white)
        return p.key()

    def fen(self):
        return self.pos.fen()

    def pending(self):
        return self.pos.pend is not None

    def _legal(self, pos, hist):
        out = C.legal(pos, None)
        if hist is not None:
            out = [(t, n) for t, n in out if self.key(n) not in hist]
        return sorted(out, key=lambda x: x[0])

    def is_capture(self, text):
        return "@" not in text and self.pos.b[C.dest_of(self.g, text)] != "."

    def is_stay_capture(self, text):
        """A capture by a cheaper piece: the captured piece's owner places the remnant."""
        m = re.match(r"^([a-p]\d{1,2})", text)
        b, v = self.pos.b, self.g.values
        a = v[b[self.g.parse_sq(m.group(1))].upper()]
        return a != 0 and a < v[b[C.dest_of(self.g, text)].upper()]

    def is_pawn_move(self, text):
        m = re.match(r"^([a-p]\d{1,2})", text)
        return "@" not in text and self.pos.b[self.g.parse_sq(m.group(1))].upper() == "P"

    def record(self, prev, n, hist):
        """The history after the ply prev -> n (mutants change what is kept)."""
        if MUTANT == "turn-only" and n.white == prev.white:
            return hist  # the same player goes on: not a position "between turns"
        hist.add(self.key(n))
        return hist

    def divide(self, depth):
        """{move: count} with the whole history; also the number of moves the rule removed
        inside the tree below the root (depth 2)."""
        out, removed = {}, 0
        hist = set(self.hist)
        for t, n in self._legal(self.pos, hist):
            if depth == 1:
                out[t] = 1
                continue
            h2 = set(hist)
            self.record(self.pos, n, h2)
            kids = self._legal(n, h2)
            removed += len(self._legal(n, None)) - len(kids)
            out[t] = len(kids)
        return out, removed

    def play(self, text):
        prev = self.pos
        n = dict(self.legal())[text]
        if MUTANT == "pawn-reset" and (self.is_pawn_move(text) or self.is_capture(text)):
            self.hist = set()
        self.record(prev, n, self.hist)
        # the position right after the opponent's placements (the placer then moves on)
        if prev.pend is not None and n.pend is None and n.white == prev.white:
            self.after_stay.add(self.key(n))
        self.pos = n
        self.plies.append((text, prev.white))
        if MUTANT == "no-history":
            self.hist = {self.key(n)}

    def clone(self):
        c = CancState.__new__(CancState)
        c.g, c.pos, c.hist, c.after_stay, c.plies = self.g, self.pos, set(self.hist), set(self.after_stay), list(self.plies)
        return c


class PlainState(HistoryState):
    """A plain Canonical game (oracle scripts/oracles/canonical.py) with its whole history."""

    def __init__(self, variant, fen):
        n, _ = K.VARIANTS[variant]
        self.pos = K.parse_fen(fen, n)
        self.hist = {self.pos.key()}
        self.after_stay = set()
        self.plies = []

    def fen(self):
        return self.pos.fen()

    def pending(self):
        return False

    def _legal(self, pos, hist):
        out = []
        for m in K.legal_moves(pos, hist):
            n = pos.copy()
            K.make(n, m)
            out.append((K.mname(pos.g, m), n))
        return sorted(out, key=lambda x: x[0])

    def is_capture(self, text):
        m = K.parse_move(self.pos, text)
        return self.pos.b[m[1]] != K.EMPTY

    def is_stay_capture(self, text):
        return False

    def is_pawn_move(self, text):
        m = K.parse_move(self.pos, text)
        return self.pos.b[m[0]].upper() == "P"

    def divide(self, depth):
        out, removed = {}, 0
        for t, n in self._legal(self.pos, self.hist):
            if depth == 1:
                out[t] = 1
                continue
            h2 = set(self.hist) | {n.key()}
            kids = self._legal(n, h2)
            removed += len(self._legal(n, None)) - len(kids)
            out[t] = len(kids)
        return out, removed

    def play(self, text):
        n = dict(self.legal())[text]
        if MUTANT == "pawn-reset" and (self.is_pawn_move(text) or self.is_capture(text)):
            self.hist = set()
        self.hist.add(n.key())
        self.plies.append((text, self.pos.white))
        self.pos = n
        if MUTANT == "no-history":
            self.hist = {n.key()}

    def clone(self):
        c = PlainState.__new__(PlainState)
        c.pos, c.hist, c.after_stay, c.plies = self.pos.copy(), set(self.hist), set(), list(self.plies)
        return c

    @staticmethod
    def key(p):
        return p.key()


def new_state(variant, fen):
    if variant.startswith("cancellation-"):
        return CancState(variant, fen)
    return PlainState(variant, fen)


def start_of(variant):
    if variant.startswith("cancellation-"):
        return C.game_of(variant).start
    return K.VARIANTS[variant][1]


def uci_moves(plies, rng):
    """The history as `position ... moves` tokens: each complete turn (a maximal run of plies
    by one player) of several plies either joined by commas or as separate tokens (seeded); the
    last, possibly unfinished, turn always as separate tokens."""
    runs = []
    for text, white in plies:
        if runs and runs[-1][0] == white:
            runs[-1][1].append(text)
        else:
            runs.append((white, [text]))
    out = []
    for i, (_, ts) in enumerate(runs):
        if len(ts) > 1 and i < len(runs) - 1 and rng is not None and rng.random() < 0.5:
            out.append(",".join(ts))
        else:
            out += ts
    return out


# ---------------------------------------------------------------------------------------------
# Checking


class Stats:
    def __init__(self):
        self.games = self.plies = self.deep = self.pending = 0
        self.rep_plies = self.rep_moves = self.rep_deep = self.rep_stay = self.rep_pawn = 0
        self.stay_captures = self.searches = self.rebased = self.rebased_pending = 0
        self.ended = self.stuck_by_rule = 0
        self.captures = self.placements = 0
        self.max_hist = self.last_len = 0
        self.failures = []


def compare(uci, state, start, label, depth, stats, rng, verbose=False):
    ours, deep_removed = state.divide(depth)
    moves = uci_moves(state.plies, rng)
    if rng is not None and start == start_of(uci.variant) and rng.random() < 0.5:
        start = "startpos"  # `position startpos moves ...`, the same game
    theirs, total = uci.divide(start, moves, depth)
    stats.plies += 1
    if depth > 1:
        stats.deep += 1
        stats.rep_deep += deep_removed
    if state.pending():
        stats.pending += 1
    removed = state.removed_keys()
    if removed:
        stats.rep_plies += 1
        stats.rep_moves += len(removed)
        stats.rep_stay += sum(1 for _, k in removed if k in state.after_stay)
        stats.rep_pawn += sum(1 for t, _ in removed if state.is_pawn_move(t))
    if theirs is None:
        msg = "%s: chimera refused the history: %s\n  start %s\n  moves %s" % (label, total, start, " ".join(moves))
    elif ours != theirs or sum(ours.values()) != total:
        only_o = sorted(set(ours) - set(theirs))
        only_c = sorted(set(theirs) - set(ours))
        diff = sorted((k, ours[k], theirs[k]) for k in set(ours) & set(theirs) if ours[k] != theirs[k])
        why = []
        for t, k in removed:
            if t in only_c:
                why.append("%s recreates an earlier position%s" % (t, " (right after the opponent's placements)"
                                                                    if k in state.after_stay else ""))
        msg = ("%s depth %d: oracle %d, chimera %d\n  fen %s\n  start %s\n  moves %s\n"
               "  oracle only: %s\n  chimera only: %s\n  counts differ (move, oracle, chimera): %s%s"
               % (label, depth, sum(ours.values()), total, state.fen(), start, " ".join(moves),
                  only_o, only_c, diff[:12], ("\n  " + "\n  ".join(why)) if why else ""))
    else:
        if verbose and removed:
            print("  %s: rule removed %s" % (label, [t for t, _ in removed]))
        if not removed and ours:
            return True
        # the search too must keep to the rule: its whole turn must be legal ply by ply
        stats.searches += 1
        best = uci.bestmove(start, moves, 2)
        st = state.clone()
        bad = None
        if not ours:
            if best not in ("(none)", "0000"):
                bad = "no legal move, yet bestmove %s" % best
        elif best is None or best in ("(none)", "0000"):
            bad = "bestmove %s with legal moves %s" % (best, sorted(ours))
        else:
            for t in best.split(","):
                lt = {x for x, _ in st.legal()}
                if t not in lt:
                    bad = "bestmove %s: ply %s is not legal there (legal: %s)" % (best, t, sorted(lt))
                    break
                st.play(t)
        if bad is None:
            return True
        msg = "%s: search: %s\n  fen %s\n  start %s\n  moves %s" % (label, bad, state.fen(), start, " ".join(moves))
    stats.failures.append(msg)
    print("MISMATCH " + msg, flush=True)
    return False


def choose(state, rng, last_own, p_back, p_cap):
    """The next ply: a placement at random; else often the mover's own previous move played
    back (shuttles make repetitions), else often a capture, else any legal move."""
    legal = state.legal()
    if not legal:
        return None
    texts = [t for t, _ in legal]
    if state.pending():
        return rng.choice(texts)
    white = state.pos.white
    prev = last_own.get(white)
    if prev and rng.random() < p_back:
        back = [t for t in texts if "@" not in t and reverse(t) == prev]
        if back:
            return back[0]
    caps = [t for t in texts if state.is_capture(t)]
    if caps and rng.random() < p_cap:
        # half the time a capture whose remnant the opponent places (`stay`), if there is one
        stay = [t for t in caps if state.is_stay_capture(t)]
        return rng.choice(stay if stay and rng.random() < 0.5 else caps)
    return rng.choice(texts)


def reverse(text):
    """`b5b4` -> `b4b5` (squares may have two-digit ranks)."""
    m = re.match(r"^([a-p]\d{1,2})([a-p]\d{1,2})$", text)
    return m.group(2) + m.group(1) if m else None


def play_game(exe, variant, seed, args, stats):
    rng = random.Random("%s-%s" % (seed, variant))
    fmt = random.Random("%s-%s-uci" % (seed, variant))  # how the history is written (joined turns, startpos)
    start = start_of(variant)
    state = new_state(variant, start)
    target = rng.randint(args.min_plies, args.max_plies)
    # per game a style: more shuttling or more captures
    p_back = rng.choice([0.5, 0.7, 0.85])
    p_cap = rng.choice([0.15, 0.3, 0.5])
    uci = Uci(exe, variant)
    ok = True
    last_own = {}
    # a third of the games restart once from the FEN of a mid-game position (preferably one with
    # placements pending): the game is then that FEN and the moves after it
    rebase_at = rng.randint(8, 30) if rng.random() < 1 / 3 else None
    boost = 0
    try:
        for ply in range(target + 1):
            if rebase_at is not None and ply >= rebase_at and (state.pending() or ply >= rebase_at + 12):
                start = state.fen()
                state = new_state(variant, start)
                rebase_at = None
                stats.rebased += 1
                stats.rebased_pending += state.pending()
                last_own = {}
            depth = 2 if args.deep_every and ply % args.deep_every == args.deep_every - 1 else 1
            label = "%s seed %s ply %d" % (variant, seed, ply)
            if not compare(uci, state, start, label, depth, stats, fmt, args.verbose):
                ok = False
                if not args.keep_going:
                    break
            if ply == target:
                break
            # right after the opponent's placements both sides shuttle for a while: the
            # position those placements made is then the one a move may recreate
            t = choose(state, rng, last_own, 0.95 if boost > 0 else p_back, p_cap)
            boost -= 1
            if state.pending() and not state.pos.pend[3] if hasattr(state.pos, "pend") else False:
                boost = 6
            if t is None:  # the side to move has no legal move (it loses)
                stats.ended += 1
                stats.stuck_by_rule += bool(state.unrestricted())
                break
            if "@" in t:
                stats.placements += 1
            elif state.is_capture(t):
                stats.captures += 1
                stats.stay_captures += state.is_stay_capture(t)
            white = state.pos.white
            state.play(t)
            if "@" not in t:
                last_own[white] = t
        stats.max_hist = max(stats.max_hist, len(state.plies))
        stats.last_len = len(state.plies)
        stats.games += 1
    finally:
        uci.close()
    return ok


# ---------------------------------------------------------------------------------------------
# Hand-made cases, expected answers worked out from the rules text (see each comment)

HAND = [
    # stay-position (cancellation-canon). White: K a1, N d3, R b4; Black: K f7, R e5.
    # d3e5: N (4) takes R (8), both leave, Black places r = 4 on e5: a Bishop or a Knight (both
    # worth 4; Black's choice, so a ply; every way leaves a1 safe). Black plays N@e5, then (its
    # normal move) f7e7; White b4b5; Black e7f7. White's moves now: K a1-b1 (a1-a2 would face the
    # Black King on f7 along a2..f7, empty between), the Rook b5 along rank 5 to a5 c5 d5 and e5
    # (taking the Knight: R 8 > N 4, White places B or N), along the b-file to b6 b7 b3 b2 b1,
    # and b5b4 -- but b5b4 recreates the position right after N@e5 (that board, Black to move),
    # which occurred in the game: forbidden ("a player may not make a move that produces a
    # position ... that has occurred before in the game"; placements are plies).
    ("stay-position", "cancellation-canon", "5k1/7/4r2/1R5/3N3/7/K6 w - - 0 1",
     "d3e5 N@e5 f7e7 b4b5 e7f7",
     {"a1b1", "b5a5", "b5c5", "b5d5", "b5e5", "b5b6", "b5b7", "b5b3", "b5b2", "b5b1"}),
    # The placement ply itself (Black to move, place=e5,4,dest,stay): B@e5 or N@e5, never
    # forbidden (no earlier position has this material).
    ("stay-pending", "cancellation-canon", "5k1/7/4r2/1R5/3N3/7/K6 w - - 0 1", "d3e5", {"B@e5", "N@e5"}),
    # The same with the placement and Black's move joined as one turn, and in the extended game
    # (extended canon has H 6 and D 7 besides, but r = 4 still gives B or N).
    ("stay-position-joined", "cancellation-canon", "5k1/7/4r2/1R5/3N3/7/K6 w - - 0 1",
     "d3e5 N@e5,f7e7 b4b5 e7f7",
     {"a1b1", "b5a5", "b5c5", "b5d5", "b5e5", "b5b6", "b5b7", "b5b3", "b5b2", "b5b1"}),
    ("stay-position-extended", "cancellation-extended-canon", "5k1/7/4r2/1R5/3N3/7/K6 w - - 0 1",
     "d3e5 B@e5 f7e7 b4b5 e7f7",
     {"a1b1", "b5a5", "b5c5", "b5d5", "b5e5", "b5b6", "b5b7", "b5b3", "b5b2", "b5b1"}),
    # stuck (canon and cancellation-canon): Black: K g6, R b7 (covers b1..b6), R g3 (covers
    # a3..f3); White: K a2, Black to move. g6g5; White's only move a2a1 (a3 and b2 attacked);
    # g5g6; now White's only candidate a1a2 (b1 attacked) recreates the root position (White K
    # a2, Black K g6, Black to move): White has no legal move, and loses (stalemate wins).
    ("stuck", "canon", "1r5/6k/7/7/6r/K6/7 b - - 0 1", "g6g5 a2a1 g5g6", set()),
    ("stuck", "cancellation-canon", "1r5/6k/7/7/6r/K6/7 b - - 0 1", "g6g5 a2a1 g5g6", set()),
    ("stuck", "cancellation-extended-canon", "1r5/6k/7/7/6r/K6/7 b - - 0 1", "g6g5 a2a1 g5g6", set()),
    # pawn-shuttle: a promoted pawn (d5: x + y = 9 >= N + 2 on 7x7) steps sideways to e4 and
    # back; Black's King g6-g5 and back would then recreate the root position (White to move):
    # after d5e4 g6g5 e4d5 Black's King g5 has g6 (forbidden: the root again), f5 (legal;
    # g4 is outside its fortress): {g5f5}. Pawn moves are not irreversible in Canonical.
    ("pawn-shuttle", "canon", "7/6k/3P3/7/7/7/K6 w - - 0 1", "d5e4 g6g5 e4d5", {"g5f5"}),
    ("pawn-shuttle", "cancellation-canon", "7/6k/3P3/7/7/7/K6 w - - 0 1", "d5e4 g6g5 e4d5", {"g5f5"}),
    ("pawn-shuttle", "cancellation-extended-canonic", "8/7k/8/4P3/8/8/8/K7 w - - 0 1", "e5f4 h7h6 f4e5", {"h6g6"}),
    # The control: the same position with no history has the move.
    ("stuck-no-history", "cancellation-canon", "1r5/6k/7/7/6r/7/K6 w - - 0 1", "", {"a1a2"}),
    # White's move before: a2a1 is its only move, and legal (a new position).
    ("stuck-before", "cancellation-canon", "1r5/6k/7/7/6r/K6/7 b - - 0 1", "g6g5", {"a2a1"}),
]


# Histories that contain a move recreating an earlier position: illegal, so `position` must refuse them.
HAND_REFUSE = [
    ("refuse-stuck", "cancellation-canon", "1r5/6k/7/7/6r/K6/7 b - - 0 1", "g6g5 a2a1 g5g6 a1a2"),
    ("refuse-stay-position", "cancellation-canon", "5k1/7/4r2/1R5/3N3/7/K6 w - - 0 1", "d3e5 N@e5 f7e7 b4b5 e7f7 b5b4"),
    ("refuse-stay-joined", "cancellation-canon", "5k1/7/4r2/1R5/3N3/7/K6 w - - 0 1", "d3e5 N@e5,f7e7 b4b5 e7f7 b5b4"),
]


def hand_cases(exe, stats):
    ok = True
    for name, variant, fen, moves in HAND_REFUSE:
        u = Uci(exe, variant)
        try:
            got, errs = u.divide(fen, moves.split(), 1)
        finally:
            u.close()
        st = new_state(variant, fen)
        plies = ",".join(moves.split()).split(",")
        oracle_refuses = False
        for t in plies:
            if t not in dict(st.legal()):
                oracle_refuses = True
                break
            st.play(t)
        good = got is None and oracle_refuses
        print("hand %-24s %-28s %s  (chimera: %s)" % (name, variant, "ok" if good else "MISMATCH",
                                                     errs if got is None else "accepted the history"), flush=True)
        if not good:
            ok = False
            msg = "hand %s (%s): fen %s moves %s: chimera %s, oracle %s" % (
                name, variant, fen, moves, "refused" if got is None else "accepted",
                "refuses" if oracle_refuses else "accepts")
            stats.failures.append(msg)
            print("MISMATCH " + msg, flush=True)
    for name, variant, fen, moves, want in HAND:
        mv = moves.split()
        u = Uci(exe, variant)
        try:
            got, total = u.divide(fen, mv, 1)
            best = u.bestmove(fen, mv, 3) if not want else None
        finally:
            u.close()
        # the oracle too, with its whole history
        st = new_state(variant, fen)
        for t in ",".join(mv).split(",") if mv else []:
            st.play(t)
        oracle = set(st.divide(1)[0])
        stats.plies += 1
        removed = st.removed_keys()
        if removed:
            stats.rep_plies += 1
            stats.rep_moves += len(removed)
            stats.rep_stay += sum(1 for _, k in removed if k in st.after_stay)
        good = got is not None and set(got) == want and total == len(want) and oracle == want
        if not want and best not in ("(none)", "0000"):
            good = False
            got = "%s, and `go depth 3` answers bestmove %s" % (sorted(got or []), best)
        print("hand %-24s %-28s %s  (rule removed %s)" % (name, variant, "ok" if good else "MISMATCH",
                                                          [t for t, _ in removed] or "-"), flush=True)
        if not good:
            ok = False
            msg = ("hand %s (%s): fen %s moves %s\n  expected %s\n  chimera %s\n  oracle %s"
                   % (name, variant, fen, moves, sorted(want), (sorted(got) if isinstance(got, dict) else got) if got is not None else total,
                      sorted(oracle)))
            stats.failures.append(msg)
            print("MISMATCH " + msg, flush=True)
    return ok


def main():
    global MUTANT
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--chimera", default=os.environ.get("CHIMERA", "target/release/chimera"))
    ap.add_argument("--games", default=DEFAULT_GAMES)
    ap.add_argument("--per-game", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-plies", type=int, default=40)
    ap.add_argument("--max-plies", type=int, default=150)
    ap.add_argument("--deep-every", type=int, default=5, help="go perft 2 at every K-th ply (0: never)")
    ap.add_argument("--mutant", choices=["pend-ignored", "turn-only", "no-history", "pawn-reset"])
    ap.add_argument("--no-hand", action="store_true")
    ap.add_argument("--keep-going", action="store_true", help="go on after a mismatch in a game")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    MUTANT = args.mutant
    t0 = time.time()
    stats = Stats()
    ok = True
    if not args.no_hand:
        ok = hand_cases(args.chimera, stats) and ok
    for variant in args.games.split(","):
        for i in range(args.per_game):
            seed = "%d.%d" % (args.seed, i)
            g_ok = play_game(args.chimera, variant, seed, args, stats)
            ok = ok and g_ok
            print("%-32s seed %-6s %s  (%d plies; so far: %d compared, rule removed a move at %d)"
                  % (variant, seed, "ok" if g_ok else "MISMATCH", stats.last_len, stats.plies, stats.rep_plies),
                  flush=True)
    print("games %d, plies compared %d (depth 2 at %d), with placements pending %d, captures %d "
          "(%d by the cheaper piece), placement plies %d, longest history %d plies"
          % (stats.games, stats.plies, stats.deep, stats.pending, stats.captures, stats.stay_captures,
             stats.placements, stats.max_hist))
    print("no-repetition removed moves at %d compared plies (%d moves; %d recreating the position right "
          "after the opponent's placements; %d pawn moves), and %d moves inside depth-2 trees"
          % (stats.rep_plies, stats.rep_moves, stats.rep_stay, stats.rep_pawn, stats.rep_deep))
    print("search checks (go depth 2 where the rule removed a move or none is left): %d; games restarted from "
          "a mid-game FEN (pending placements in it: %d): %d" % (stats.searches, stats.rebased_pending, stats.rebased))
    print("games ended by a side with no legal move: %d (%d of them only because every move repeated)"
          % (stats.ended, stats.stuck_by_rule))
    print("%s, %d mismatches, %.1f s%s" % ("ok" if ok else "FAILED", len(stats.failures), time.time() - t0,
                                           " (mutant %s)" % MUTANT if MUTANT else ""))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
