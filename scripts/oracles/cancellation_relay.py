#!/usr/bin/env python3
"""Independent perft oracle for cancellation over relay / anti-relay games
(`cancellation-anti-relay-chess`, `cancellation-relay-chess`, `cancellation-hostile-relay-chess`, ...).

Written from /work/shared/rules/cancellation.md and relay.md only (not from Chimera's code), in plain
Python. The relay part (names, effective move types, attacks, pseudo-legal moves, castling) is
relay.py's `Game`, imported from this folder; the cancellation layer (capture rule, placing the
remnant, placement plies, legality) is written here again on relay.py's board (a list, None = empty),
independently of cancellation.py, which serves as a cross-check (`--self-check`).

Rules of the combination:
  * every piece moves with its effective move types (natural - lost + gained, relations computed on
    the current board); a capture by a non-royal piece follows the cancellation rule whatever type
    made it (the capturer's value is its own rule value); a King's capture is ordinary;
  * a capture never promotes (a pawn capturing onto its last rank is one move, no suffix); en
    passant: both pawns vanish; placed pieces carry no castling right; a placed pawn double-steps
    from the game's double-step rank;
  * the King-safety tests are made on the finished board with effective moves recomputed there
    (placed pieces included: they see, relay and anti-relay like any other piece): the capturer's
    own remnant needs some safe way of placing (placement plies with no safe way on are illegal);
    the defender's remnant must leave the capturer's King safe however it is placed; the defender's
    placements are not restricted by its own King's safety;
  * every ply counts in perft (the capture and each placement ply); automatic placements (exactly
    one admissible (square, type) pair) take none. Non-captures and castling: as in relay.py.
  * Grand (only via the relay base list): a pawn capture onto the last rank is allowed even where no
    promotion piece is available (it never promotes).

Rule values (classics.md): P 1, N 3, B 3, R 5, Q 9, Chancellor/Marshall/Empress 9,
Archbishop/Cardinal/Princess 8, Amazon 12; K royal.

FEN: Chimera's, with the seventh field `place=SQUARE,VALUE,dest|near,pass|stay` while placements
are pending (as in cancellation.py: the destination, the value still to place, whether the
destination itself is still to fill, whether the turn passes to the opponent when they are done);
the side to move is the placer.

CLI:
  cancellation_relay.py --variant cancellation-anti-relay-chess [--fen FEN] --depth D [--divide]
      (a name without `cancellation-` runs the relay game with ordinary captures; `cancellation-chess`
      etc. runs cancellation with relay switched off)
  cancellation_relay.py --compare --chimera PATH [--variants a,b] [--positions N] [--seed S]
                        [--depth D] [--start-depth D]
      `PATH perft --variant V --fen FEN --depth d --divide` against this oracle: the start position
      at depths 1..start-depth and N seeded random-playout positions (many right after a capture,
      with placements pending) at depths 1..D, then the hand-made positions of HAND for that game;
      prints every difference; exit 1 if any.
  cancellation_relay.py --self-check [--positions N] [--depth D] [--seed S]
      cancellation off: against relay.py on its random positions; relay off: against
      cancellation.py on its random positions (placements pending included); plus the hand-made
      positions of HAND (expected counts worked out by hand from the spec).
  cancellation_relay.py --random-fens --variant V --positions N [--seed S]
"""

import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import relay as RL  # noqa: E402

VALUES = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9, "c": 9, "e": 9, "a": 8, "z": 12}


class CR:
    """A cancellation-over-relay game (either layer may be switched off)."""

    def __init__(self, name):
        self.name = name
        rest = name
        self.cancel = False
        if rest.startswith("cancellation-"):
            self.cancel = True
            rest = rest[len("cancellation-"):]
        base = "tutti-frutti" if rest == "tutti-fruitti" else rest
        if base in RL.BASES:  # relay switched off
            self.g = RL.Game("relay-" + base)
            self.g.relay = None
            self.g.anti = None
        else:
            self.g = RL.Game(rest)
        g = self.g
        self.V = VALUES  # rule values by lower-case letter (a subclass may add pieces)
        self.placeable = sorted(((VALUES[t], t) for t in list(g.types) + ["p"]), key=lambda x: (-x[0], x[1]))

    # -- FEN ---------------------------------------------------------------------------------------
    def parse_fen(self, fen):
        parts = fen.split()
        pend = None
        if parts[-1].startswith("place="):
            sq, r, at, pas = parts.pop()[6:].split(",")
            pend = (self.g.parse_sq(sq), int(r), at == "dest", pas == "pass")
        board, side, castling, ep = self.g.parse_fen(" ".join(parts))
        return (board, side, frozenset(castling), ep, pend)

    def fen(self, pos):
        board, side, castling, ep, pend = pos
        s = self.g.fen((board, side, castling, ep))
        if pend:
            c, r, at, pas = pend
            s += " place=%s,%d,%s,%s" % (self.g.sqname(c), r, "dest" if at else "near", "pass" if pas else "stay")
        return s

    # -- helpers -------------------------------------------------------------------------------------
    def king_safe(self, board, white):
        g = self.g
        k = "K" if white else "k"
        return not g.attacked(board, g.effective(board), board.index(k), not white)

    def may_stand(self, t, white, sq):
        if t == "p":
            rank = sq // self.g.F
            return rank not in (0, self.g.R - 1)
        return True

    def drop_rights(self, castling, squares):
        g = self.g
        if not g.castle:
            return castling
        kfile, hi, lo = g.castle
        cast = set(castling)
        for rank, kk, qq in ((0, "K", "Q"), (g.R - 1, "k", "q")):
            if rank * g.F + kfile in squares:
                cast.discard(kk)
                cast.discard(qq)
            if rank * g.F + hi[0] in squares:
                cast.discard(kk)
            if rank * g.F + lo[0] in squares:
                cast.discard(qq)
        return frozenset(cast)

    # -- placing -------------------------------------------------------------------------------------
    def neighbours(self, sq):
        """The squares around `sq` (its 8 neighbours on the board)."""
        return self.g.kingn[sq]

    def step(self, b, white, pend):
        """(pend normalised, (v, [(sq, type)])) for the next piece to place, or (pend, None) when done."""
        center, r, at, pas = pend
        if r <= 0:
            return pend, None
        if at:
            if b[center] is None:
                fits = [(v, t) for v, t in self.placeable if v <= r and self.may_stand(t, white, center)]
                if fits:
                    v = fits[0][0]
                    return pend, (v, [(center, t) for vv, t in fits if vv == v])
            pend = (center, r, False, pas)
        pairs = [(v, s, t) for s in self.neighbours(center) if b[s] is None
                 for v, t in self.placeable if v <= r and self.may_stand(t, white, s)]
        if not pairs:
            return pend, None
        v = max(p[0] for p in pairs)
        return pend, (v, [(s, t) for vv, s, t in pairs if vv == v])

    @staticmethod
    def put(b, sq, t, white):
        b[sq] = t.upper() if white else t

    def auto(self, b, white, pend):
        """Makes the automatic placements on b (in place); returns what is still pending, or None."""
        while True:
            pend, st = self.step(b, white, pend)
            if st is None:
                return None
            v, pairs = st
            if len(pairs) > 1:
                return pend
            sq, t = pairs[0]
            self.put(b, sq, t, white)
            pend = (pend[0], pend[1] - v, False, pend[3])

    def finished_boards(self, b, white, pend):
        b = list(b)
        pend = self.auto(b, white, pend)
        if pend is None:
            yield b
            return
        pend, (v, pairs) = self.step(b, white, pend)
        for sq, t in pairs:
            b2 = list(b)
            self.put(b2, sq, t, white)
            yield from self.finished_boards(b2, white, (pend[0], pend[1] - v, False, pend[3]))

    # -- moves ---------------------------------------------------------------------------------------
    def captures(self, pos, eff):
        """Cancellation captures by non-royal pieces: [(frm, to, victim_sq)], one per (frm, to)."""
        g = self.g
        board, side, castling, ep, _ = pos
        white = side == "w"
        own = str.isupper if white else str.islower
        out = []
        F, R = g.F, g.R
        for sq, p in enumerate(board):
            if p is None or not own(p) or p.lower() == "k":
                continue
            if p.lower() == "p":
                f, r = sq % F, sq // F
                dr = 1 if white else -1
                if not 0 <= r + dr < R:
                    continue
                for df in (-1, 1):
                    if 0 <= f + df < F:
                        to = (r + dr) * F + f + df
                        q = board[to]
                        if q is not None and not own(q) and q.lower() != "k":
                            out.append((sq, to, to))
                        elif q is None and ep == to:
                            out.append((sq, to, r * F + f + df))
                continue
            targets = set()
            for t in eff.get(sq, ()):
                for s in g.reach(board, sq, t):
                    q = board[s]
                    if q is not None and not own(q) and q.lower() != "k":
                        targets.add(s)
            out += [(sq, s, s) for s in sorted(targets)]
        return out

    # The position's side to move is "w"/"b" here; a subclass with another encoding overrides
    # these two and keeps the capture and placement code below.
    def white_of(self, pos):
        return pos[1] == "w"

    def make_pos(self, board, white, castling, pend):
        return (board, "w" if white else "b", castling, None, pend)

    def after_capture(self, pos, frm, to, victim):
        """(board after the capture, placer is white, pending or None)."""
        white = self.white_of(pos)
        b = list(pos[0])
        a = self.V[b[frm].lower()]
        d = self.V[b[victim].lower()]
        b[frm] = None
        b[victim] = None
        if a == d:
            return b, white, None
        if a > d:
            return b, white, (to, a - d, True, True)
        return b, not white, (to, d - a, True, False)

    def capture_legal(self, pos, frm, to, victim):
        white = self.white_of(pos)
        b, placer, pend = self.after_capture(pos, frm, to, victim)
        if pend is None:
            return self.king_safe(b, white)
        boards = self.finished_boards(b, placer, pend)
        if placer == white:
            return any(self.king_safe(fb, white) for fb in boards)
        return all(self.king_safe(fb, white) for fb in boards)

    def next_after(self, board, placer, capturer, castling, pend):
        if pend is not None:
            pend = self.auto(board, placer, pend)
        side = placer if pend is not None else (not capturer)
        return self.make_pos(board, side, castling, pend)

    def play_capture(self, pos, frm, to, victim):
        b, placer, pend = self.after_capture(pos, frm, to, victim)
        castling = self.drop_rights(pos[2], {frm, to, victim})
        return self.next_after(b, placer, self.white_of(pos), castling, pend)

    def play_placement(self, pos, sq, t):
        placer = self.white_of(pos)
        b = list(pos[0])
        self.put(b, sq, t, placer)
        c, r, at, pas = pos[4]
        capturer = placer if pas else not placer
        return self.next_after(b, placer, capturer, self.drop_rights(pos[2], {sq}),
                               (c, r - self.V[t], False, pas))

    def legal(self, pos):
        """[(move text, next position)]."""
        g = self.g
        board, side, castling, ep, pend = pos
        white = side == "w"
        out = []
        if pend is not None:
            pend2, st = self.step(board, white, pend)
            v, pairs = st
            for sq, t in pairs:
                n = self.play_placement(pos, sq, t)
                if pend2[3]:  # the capturer's own remnant: some safe way on must exist
                    if n[4] is None:
                        ok = self.king_safe(n[0], white)
                    else:
                        ok = any(self.king_safe(fb, white) for fb in self.finished_boards(n[0], white, n[4]))
                    if not ok:
                        continue
                out.append(("%s@%s" % (t.upper(), g.sqname(sq)), n))
            return out
        pos4 = (board, side, set(castling), ep)
        eff = g.effective(board)
        for mv in g.pseudo(pos4, eff):
            fr, to, promo, kind = mv
            capture = board[to] is not None or kind == "ep"
            if self.cancel and capture and board[fr].lower() != "k":
                continue  # below
            after = g.make(pos4, mv)
            if self.king_safe(after[0], white):
                out.append((g.uci(mv), (after[0], after[1], frozenset(after[2]), after[3], None)))
        if self.cancel:
            for fr, to, victim in self.captures(pos, eff):
                if self.capture_legal(pos, fr, to, victim):
                    out.append((g.sqname(fr) + g.sqname(to), self.play_capture(pos, fr, to, victim)))
        out += self.castlings(pos4, eff)
        return out

    def castlings(self, pos4, eff):
        """Castling as relay.py's Game.legal makes it (squares crossed judged before the move, the
        King after it, both with effective moves)."""
        g = self.g
        board, side, castling, ep = pos4
        white = side == "w"
        out = []
        if not g.castle:
            return out
        kfile, hi, lo = g.castle
        rank = 0 if white else g.R - 1
        ksq = rank * g.F + kfile
        if board[ksq] != ("K" if white else "k") or g.attacked(board, eff, ksq, not white):
            return out
        for right, (pfile, kto, pto) in ((("K" if white else "k"), hi), (("Q" if white else "q"), lo)):
            if right not in castling:
                continue
            psq = rank * g.F + pfile
            partner = board[psq]
            if partner is None or partner.isupper() != white or partner.lower() in "pk":
                continue
            span = set()
            for a, b in ((kfile, pfile), (kfile, kto), (pfile, pto)):
                span |= set(range(min(a, b), max(a, b) + 1))
            if any(board[rank * g.F + f] is not None for f in span if rank * g.F + f not in (ksq, psq)):
                continue
            crossed = [rank * g.F + f for f in range(min(kfile, kto), max(kfile, kto) + 1) if f not in (kfile, kto)]
            if any(g.attacked(board, eff, s, not white) for s in crossed):
                continue
            mv = (ksq, rank * g.F + kto, (psq, rank * g.F + pto), "castle")
            after = g.make(pos4, mv)
            if self.king_safe(after[0], white):
                out.append((g.uci(mv), (after[0], after[1], frozenset(after[2]), after[3], None)))
        return out

    # -- perft ---------------------------------------------------------------------------------------
    def perft(self, pos, depth):
        if depth == 0:
            return 1
        moves = self.legal(pos)
        if depth == 1:
            return len(moves)
        return sum(self.perft(n, depth - 1) for _, n in moves)

    def divide(self, pos, depth):
        out = {}
        for text, n in self.legal(pos):
            assert text not in out, text
            out[text] = self.perft(n, depth - 1) if depth > 1 else 1
        return out

    def dest(self, text):
        """The destination square of a move text `a1b2`, `a10b10q`, `e1g1`."""
        m = re.match(r"[a-p]\d+([a-p]\d+)", text)
        return self.g.parse_sq(m.group(1))

    def random_positions(self, n, rng, max_plies=60):
        """Seeded playouts, stopped at random, often right after a capture (placements pending)."""
        out = []
        tries = 0
        while len(out) < n and tries < 20 * n:
            tries += 1
            pos = self.parse_fen(self.g.start)
            plies = rng.randint(4, max_plies)
            for _ in range(plies):
                moves = self.legal(pos)
                if not moves:
                    break
                caps = [m for m in moves if "@" in m[0] or pos[0][self.dest(m[0])] is not None]
                _, pos = rng.choice(caps if caps and rng.random() < 0.35 else moves)
                if pos[4] is not None and rng.random() < 0.4:
                    break
            if self.legal(pos):
                out.append(self.fen(pos))
        return out


# ---------------------------------------------------------------------------------------------------
# Hand-made positions: (variant, FEN, depth, expected divide subset {move: count} or None, note)

HAND = [
    # anti-relay: the White Q g8 and the Black R e8 see each other by R, so both lost R and the rook
    # does not check e1. Qg8xf7 (by B): r = 6 -> R on f7 (automatic), then a P on a neighbour (e6 e7
    # f6 g6 g7; f8 g8 are White's last rank). The rook regains R; only a P on e7 or e6 blocks the
    # e-file: the capture is legal (a safe way exists) and only P@e7 / P@e6 are legal plies.
    # (Plain anti-relay: Qxf7 is illegal, the Q no longer disarms the rook.)
    ("cancellation-anti-relay-chess", "4r1Q1/5n2/8/8/8/7k/8/4K3 w - - 0 1", 2, {"g8f7": 2}, "re-armed rook, own placement blocks"),
    ("cancellation-anti-relay-chess", "4r3/5R2/8/8/8/7k/8/4K3 w - - 0 1 place=f7,1,near,pass", 1,
     {"P@e7": 1, "P@e6": 1}, "exact: pending own placement, dead ends illegal"),
    ("anti-relay-chess", "4r1Q1/5n2/8/8/8/7k/8/4K3 w - - 0 1", 1, {"g8f7": None}, "plain: Qxf7 illegal"),
    # anti-relay: the White R a5 and the Black R e5 disarm each other (e5 would check e1). Nb4xc6
    # (Black Q): Black places r = 6: R on c6 (automatic), then a P on a neighbour; a P on b5, c5 or d5
    # blocks a5-e5, the Black rook regains R and checks: the capture is illegal (every way must be
    # safe). Plain anti-relay: Nxc6 is legal.
    ("cancellation-anti-relay-chess", "7k/8/2q5/R3r3/1N6/8/8/4K3 w - - 0 1", 1, {"b4c6": None}, "defender's placement re-arms"),
    ("anti-relay-chess", "7k/8/2q5/R3r3/1N6/8/8/4K3 w - - 0 1", 1, {"b4c6": 1}, "plain: Nxc6 legal"),
    # anti-relay: the White Q e6 blocks the Black R e8. Qe6xc8 (Black N): r = 6 -> R on c8
    # (automatic), which sees the rook e8 by R (d8 empty) and disarms it; then a P on b7/c7/d7
    # (b8 d8 are White's last rank), all safe. Without relay the rook checks: illegal.
    ("cancellation-anti-relay-chess", "2n1r3/8/4Q3/7k/8/8/8/4K3 w - - 0 1", 2, {"e6c8": 3}, "placed R disarms by seeing"),
    ("cancellation-chess", "2n1r3/8/4Q3/7k/8/8/8/4K3 w - - 0 1", 1, {"e6c8": None}, "no relay: Qxc8 illegal"),
    # relay: the White N b1 is defended by the R a1 (by R) and gains R; Nb1xb8 (Black Q) by the
    # gained R: a = 3 < d = 9, Black places r = 6: R on b8 (automatic) then a P on a7/b7/c7 (a8 c8
    # are Black's first rank). Legal: the White K h1 is safe in every way.
    ("cancellation-relay-chess", "1q4k1/8/8/8/8/8/8/RN5K w - - 0 1", 1, {"b1b8": 1}, "capture by a relayed move"),
    ("cancellation-relay-chess", "1q4k1/8/8/8/8/8/8/RN5K w - - 0 1", 2, {"b1b8": 3}, "defender places in 3 ways"),
    # relay: a placed piece gains a type. Rd4xd8 (Black Q): Black places r = 4: B or N on d8 (choice),
    # then a P on c7/d7/e7. The Black R h8 sees d8 by R, so the placed B/N gains R and, unless the P
    # goes to d7, checks d1 down the open d-file: illegal. Without relay the capture is legal.
    ("cancellation-relay-chess", "3q3r/8/8/8/3R4/8/8/3K3k w - - 0 1", 1, {"d4d8": None}, "placed piece relayed: illegal"),
    ("cancellation-chess", "3q3r/8/8/8/3R4/8/8/3K3k w - - 0 1", 2, {"d4d8": 2}, "no relay: legal, B@d8 N@d8"),
]


def self_check(args):
    import cancellation as CA
    rng = random.Random(args.seed)
    bad = 0
    # 1. cancellation off: against relay.py
    for name in ["anti-relay-chess", "relay-chess", "hostile-relay-chess", "relay-anti-relay-chess",
                 "indirect-anti-relay-chess", "bilateral-relay-total-anti-relay-chess"]:
        me = CR(name)
        rg = RL.Game(name)
        fens = [rg.start] + RL.random_positions(rg, rng, args.positions)
        n = 0
        for fen in fens:
            for d in range(1, args.depth + 1):
                want = rg.divide(rg.parse_fen(fen), d)
                got = me.divide(me.parse_fen(fen), d)
                n += 1
                bad += divide_mismatch(want, got, "relay.py", "%s depth %d %s" % (name, d, fen))
        print("cancellation off, %s: %d cases vs relay.py" % (name, n), flush=True)
    # 2. relay off: against cancellation.py
    cg = CA.GAMES["chess"]
    me = CR("cancellation-chess")
    fens = [cg.start] + [t[1] for t in CA.TACTICAL["cancellation-chess"]]
    fens += CA.random_positions(cg, args.positions * 3, rng)
    n = 0
    for fen in fens:
        for d in range(1, args.depth + 1):
            want = CA.divide(CA.parse_fen(cg, fen), d)
            got = me.divide(me.parse_fen(fen), d)
            n += 1
            bad += divide_mismatch(want, got, "cancellation.py", "depth %d %s" % (d, fen))
    print("relay off, cancellation-chess: %d cases vs cancellation.py" % n, flush=True)
    # FEN round trip of pending positions
    for fen in fens:
        p = me.parse_fen(fen)
        if me.parse_fen(me.fen(p)) != p:
            bad += 1
            print("FEN round trip failed:", fen)
    # 3. hand-made positions
    for name, fen, d, exp, note in HAND:
        g = CR(name)
        got = g.divide(g.parse_fen(fen), d)
        ok = all(got.get(m) == c for m, c in exp.items())  # None: the move must be absent
        if note.startswith("exact"):
            ok = ok and set(got) == set(exp)
        print("hand %s %s depth %d: %s %s" % ("ok" if ok else "WRONG", name, d, note,
                                              "" if ok else "got %s" % sorted(got.items())))
        bad += not ok
    print("self-check: %d problems" % bad)
    return 1 if bad else 0


# ---------------------------------------------------------------------------------------------------
# Chimera


def divide_mismatch(want, got, other, where):
    """1 with the moves whose counts differ printed, 0 where the two divides agree."""
    if want == got:
        return 0
    print("MISMATCH vs %s %s" % (other, where))
    for m in sorted(set(want) | set(got)):
        if want.get(m) != got.get(m):
            print("   %s %s %s here %s" % (m, other, want.get(m), got.get(m)))
    return 1


def print_perft(d, divide):
    """The perft CLI's answer, as Chimera prints it: `move: count` lines (with `divide`), then
    the total."""
    if divide:
        for k in sorted(d):
            print("%s: %d" % (k, d[k]))
        print()
    print("Nodes searched: %d" % sum(d.values()))


def chimera_divide(chimera, variant, fen, depth):
    r = subprocess.run([chimera, "perft", "--variant", variant, "--fen", fen, "--depth", str(depth), "--divide"],
                       capture_output=True, text=True, timeout=1200)
    if r.returncode != 0:
        return None, r.stderr.strip()
    out = {}
    for line in r.stdout.splitlines():
        if line.startswith("Nodes searched"):
            break
        if ":" in line:
            mv, c = line.split(":")
            out[mv.strip()] = int(c)
    return out, None


def compare(args):
    rng = random.Random(args.seed)
    bad = 0
    checked = 0
    for variant in args.variants.split(","):
        game = CR(variant)
        cases = [(game.g.start, d) for d in range(1, args.start_depth + 1)]
        for fen in game.random_positions(args.positions, rng):
            for d in range(1, args.depth + 1):
                cases.append((fen, d))
        for name, fen, _, _, _ in HAND:  # the hand-made positions of this game
            if name == variant:
                cases += [(fen, d) for d in range(1, args.depth + 1)]
        n_bad = 0
        for fen, d in cases:
            want = game.divide(game.parse_fen(fen), d)
            got, err = chimera_divide(args.chimera, variant, fen, d)
            checked += 1
            if got is None:
                n_bad += 1
                print("ERROR %s depth %d %s: chimera failed: %s" % (variant, d, fen, err), flush=True)
                continue
            if want != got:
                n_bad += 1
                print("MISMATCH %s depth %d %s" % (variant, d, fen))
                for m in sorted(set(want) | set(got)):
                    if want.get(m) != got.get(m):
                        print("   %s oracle %s chimera %s" % (m, want.get(m), got.get(m)))
                sys.stdout.flush()
        print("%s: %d cases, %d mismatches" % (variant, len(cases), n_bad), flush=True)
        bad += n_bad
    print("total: %d cases, %d mismatches" % (checked, bad))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="cancellation-anti-relay-chess")
    ap.add_argument("--variants", default="cancellation-anti-relay-chess,cancellation-relay-chess")
    ap.add_argument("--fen")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--start-depth", type=int, default=3)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--chimera")
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--self-check", action="store_true")
    ap.add_argument("--random-fens", action="store_true")
    args = ap.parse_args()
    if args.self_check:
        return self_check(args)
    if args.compare:
        if not args.chimera:
            ap.error("--compare needs --chimera PATH")
        return compare(args)
    game = CR(args.variant)
    if args.random_fens:
        for fen in game.random_positions(args.positions, random.Random(args.seed)):
            print(fen)
        return 0
    pos = game.parse_fen(args.fen or game.g.start)
    d = game.divide(pos, args.depth)
    print_perft(d, args.divide)
    return 0


if __name__ == "__main__":
    sys.exit(main())
