#!/usr/bin/env python3
"""Independent perft oracle for cancellation over relay / anti-relay games on the fairy bases
(`cancellation-relay-canonical`, `cancellation-anti-relay-cannons-and-crabs`,
`cancellation-hostile-relay-total-anti-relay-paulowich`, `cancellation-relay-kings-leap`, ...).

Layering: the relay part (names, natural / effective move types, attacks, pseudo-legal moves,
castling, King's Leap, Canonical confinement, facing Kings) is relay_fairy.py's `Game`, imported
unchanged from scripts/oracles; the cancellation layer is written here after
cancellation_relay.py's design (which does the same over relay.py for chess-like boards), from
../shared/rules/cancellation.md:

  * a capture by a non-royal piece (whatever effective type made it, pawn-like pieces included)
    follows the cancellation rule with the capturer's / victim's own rule values; a King's
    capture is ordinary; a capture never promotes (one move, no suffix); en passant: both vanish;
  * placing r: destination first (highest value <= r that may stand there, owner chooses among
    equal values), then vacant neighbours (highest value that fits anywhere, owner chooses square
    and type), rest lost; "may stand": P / X never on the owner's first or last rank (Canonical
    pawns anywhere), the Canonical Queen only inside its own fortress; exactly one admissible
    (square, type) pair -> automatic, no ply; otherwise one ply per piece, `T@sq`;
  * legality on the finished board with effective moves recomputed there (placed pieces relay /
    anti-relay like any other): capturer's own remnant needs some safe way (placement plies with
    no safe way on are illegal); the defender's remnant must leave the capturer's King safe however
    placed; the defender's placements are unrestricted; Canonical: facing Kings count as check;
  * Canonical no-repetition: a ply may not recreate a (board, side to move, pending placement) of
    the path from the root (checked on the position reached by the ply, as cancellation.py does);
  * placed pieces carry no castling right (squares of a capture or placement drop rights as a move
    through them does); a placed pawn double-steps from rank 2 where the base has double steps.

Values: C&C R5 N3 C5 X2 P1 M9 A8; Canonical family Q2 R8 B4 N4 P1; paulowich / kings-leap /
chancellor Q9 C9 R5 B3 N3 P1; janus J8; embassy C9 A8.

FEN: relay_fairy's, plus a seventh field `place=SQ,R,dest|near,pass|stay` while placements pend.

CLI:
  cancellation_relay_fairy.py --variant NAME [--fen FEN] --depth D [--divide]
  cancellation_relay_fairy.py --compare --chimera PATH --variants a,b [--positions N] [--seed S]
        [--depth D] [--start-depth D]     (`PATH perft --variant V --fen F --depth d --divide`)
  cancellation_relay_fairy.py --self-check [--positions N] [--seed S]
        cancellation off vs relay_fairy.py; relay off vs cancellation.py (random positions)
"""

import argparse
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import relay_fairy as RF  # noqa: E402
from cancellation_relay import CR, divide_mismatch, print_perft  # noqa: E402

VALS = {
    "cc": {"r": 5, "n": 3, "c": 5, "x": 2, "p": 1, "m": 9, "a": 8},
    "canon": {"q": 2, "r": 8, "b": 4, "n": 4, "p": 1},
    "chess": {"q": 9, "c": 9, "r": 5, "b": 3, "n": 3, "p": 1, "j": 8, "a": 8},
}


class CRF(CR):
    """The cancellation layer over relay_fairy.py's Game (see the module's text)."""

    def __init__(self, name):
        self.name = name
        rest = name
        self.cancel = rest.startswith("cancellation-")
        if self.cancel:
            rest = rest[len("cancellation-"):]
        self.g = RF.Game(rest)  # a plain base name gives relay off
        g = self.g
        vals = VALS[g.family]
        letters = list(g.types) + list(g.pawns)
        self.V = {t: vals[t] for t in letters}
        self.placeable = sorted(((self.V[t], t) for t in letters), key=lambda x: (-x[0], x[1]))
        self.canon = g.family == "canon"

    # -- FEN -----------------------------------------------------------------------------------
    def parse_fen(self, fen):
        parts = fen.split()
        pend = None
        if parts[-1].startswith("place="):
            sq, r, at, pas = parts.pop()[6:].split(",")
            pend = (self.g.parse_sq(sq), int(r), at == "dest", pas == "pass")
        b, white, rights, ep = self.g.parse_fen(" ".join(parts))
        return (tuple(b), white, frozenset(rights), ep, pend)

    def fen(self, pos):
        b, white, rights, ep, pend = pos
        s = self.g.fen((b, white, rights, ep))
        if pend:
            c, r, at, pas = pend
            s += " place=%s,%d,%s,%s" % (self.g.sqname(c), r, "dest" if at else "near", "pass" if pas else "stay")
        return s

    @staticmethod
    def key(pos):
        return (pos[0], pos[1], pos[4])

    # -- helpers -------------------------------------------------------------------------------
    def king_safe(self, b, white):
        g = self.g
        if getattr(self, "alt_norelay", False):  # --hunt only: legality judged with natural moves
            saved = (g.relay, g.anti)
            g.relay = g.anti = None
            try:
                k = "K" if white else "k"
                return not g.attacked(b, g.effective(b), b.index(k), not white) and not (
                    self.canon and g.kings_facing(b))
            finally:
                g.relay, g.anti = saved
        k = "K" if white else "k"
        if g.attacked(b, g.effective(b), b.index(k), not white):
            return False
        if self.canon and g.kings_facing(b):
            return False
        return True

    def may_stand(self, t, white, sq):
        g = self.g
        if t in g.pawns and not self.canon:
            return sq // g.F not in (0, g.R - 1)
        if self.canon and t == "q":
            return sq in g.fort[white]
        return True

    def drop_rights(self, rights, squares):
        g = self.g
        r = set(rights)
        if not r:
            return frozenset(r)
        for col in (True, False):
            for right, kf, kt, pf, pt in g.castles[col]:
                if kf in squares or pf in squares:
                    r.discard(right)
        if g.leap:
            if 4 in squares:
                r.discard("K")
            if (g.R - 1) * g.F + 4 in squares:
                r.discard("k")
        return frozenset(r)

    # -- placing: `step`, `put`, `auto`, `finished_boards` are cancellation_relay.py's (the
    # class's base), over this class's `placeable`, `may_stand` and `neighbours`.
    def neighbours(self, sq):
        return self.g.K8[sq]

    # -- moves: capture and placement are cancellation_relay.py's, over this encoding -----------
    def white_of(self, pos):
        return pos[1]

    def make_pos(self, board, white, rights, pend):
        return (tuple(board), white, rights, None, pend)

    def legal(self, pos, path=None):
        g = self.g
        b, white, rights, ep, pend = pos
        out = []
        if pend is not None:
            pend2, st = self.step(b, white, pend)
            if st is None:
                return out
            v, pairs = st
            for sq, t in pairs:
                n = self.play_placement(pos, sq, t)
                if pend2[3]:  # capturer's own remnant: some safe way on must exist
                    if n[4] is None:
                        ok = self.king_safe(list(n[0]), white)
                    else:
                        ok = any(self.king_safe(fb, white) for fb in self.finished_boards(n[0], white, n[4]))
                    if not ok:
                        continue
                out.append(("%s@%s" % (t.upper(), g.sqname(sq)), n))
        else:
            pos4 = (b, white, rights, ep)
            # ordinary moves (non-captures, castling, King's Leap, King captures) from relay_fairy;
            # the history filter is applied below on our keys
            for mv in g.legal(pos4, None):
                fr, to, promo, kind = mv[:4]
                cap = kind == "e" or (kind not in ("c", "l") and b[to] is not None)
                if self.cancel and cap and b[fr].lower() != "k":
                    continue
                a = g.make(pos4, mv)
                out.append((g.uci(mv), (a[0], a[1], a[2], a[3], None)))
            if self.cancel:
                eff = g.effective(b)
                seen = set()
                for mv in g.pseudo(pos4, eff):
                    fr, to, promo, kind = mv[:4]
                    if b[fr].lower() == "k":
                        continue
                    if kind == "e":
                        victim = (fr // g.F) * g.F + to % g.F
                    elif b[to] is not None:
                        victim = to
                    else:
                        continue
                    if (fr, to) in seen:
                        continue
                    seen.add((fr, to))
                    if self.capture_legal(pos, fr, to, victim):
                        out.append((g.sqname(fr) + g.sqname(to), self.play_capture(pos, fr, to, victim)))
        if path is not None:
            out = [(t, n) for t, n in out if self.key(n) not in path]
        return out

    # -- perft ---------------------------------------------------------------------------------
    def perft(self, pos, depth, path):
        if depth == 0:
            return 1
        moves = self.legal(pos, path)
        if depth == 1:
            return len(moves)
        n = 0
        for _, nx in moves:
            if path is not None:
                k = self.key(nx)
                path.add(k)
                n += self.perft(nx, depth - 1, path)
                path.discard(k)
            else:
                n += self.perft(nx, depth - 1, None)
        return n

    def divide(self, pos, depth):
        path = {self.key(pos)} if self.canon else None
        out = {}
        for text, nx in self.legal(pos, path):
            assert text not in out, text
            if depth > 1:
                if path is not None:
                    path.add(self.key(nx))
                out[text] = self.perft(nx, depth - 1, path)
                if path is not None:
                    path.discard(self.key(nx))
            else:
                out[text] = 1
        return out

    def child(self, pos, text):
        for t, n in self.legal(pos, None):
            if t == text:
                return n
        raise ValueError(text)

    def random_positions(self, n, rng, max_plies=50):
        out = []
        tries = 0
        while len(out) < n and tries < 20 * n:
            tries += 1
            pos = self.parse_fen(self.g.start)
            path = {self.key(pos)} if self.canon else None
            for _ in range(rng.randint(4, max_plies)):
                # In text order, not the sets' order: --seed reproduces a run.
                moves = sorted(self.legal(pos, path), key=lambda tn: tn[0])
                if not moves:
                    break
                caps = [m for m in moves if "@" in m[0] or
                        (re.match(r"[a-p]\d+([a-p]\d+)", m[0]) and
                         pos[0][self.g.parse_sq(re.match(r"[a-p]\d+([a-p]\d+)", m[0]).group(1))] is not None)]
                _, pos = rng.choice(caps if caps and rng.random() < 0.4 else moves)
                if path is not None:
                    path.add(self.key(pos))
                if pos[4] is not None and rng.random() < 0.4:
                    break
            if self.legal(pos, None) and "K" in pos[0] and "k" in pos[0]:
                out.append(self.fen(pos))
        return out


# -------------------------------------------------------------------------------------------------
# Chimera

def chimera_divide(chimera, variant, fen, depth):
    r = subprocess.run([chimera, "perft", "--variant", variant, "--fen", fen, "--depth", str(depth), "--divide"],
                       capture_output=True, text=True, timeout=1200)
    if r.returncode != 0:
        return None, (r.stderr.strip() or r.stdout.strip())[-300:]
    out = {}
    for line in r.stdout.splitlines():
        if line.startswith("Nodes searched"):
            break
        if ":" in line:
            mv, c = line.split(":", 1)
            out[mv.strip()] = int(c)
    return out, None


def narrow(chimera, game, variant, fen, depth, want, got, lines, limit=4):
    only_o = sorted(set(want) - set(got))
    only_c = sorted(set(got) - set(want))
    if only_o or only_c:
        lines.append("   at %s : oracle-only %s chimera-only %s" % (fen, only_o, only_c))
    if depth > 1:
        for m in sorted(set(want) & set(got)):
            if want[m] != got[m] and len(lines) < limit:
                pos = game.parse_fen(fen)
                c = game.child(pos, m)
                cf = game.fen(c)
                w2 = game.divide(c, depth - 1)
                g2, err = chimera_divide(chimera, variant, cf, depth - 1)
                if g2 is None:
                    lines.append("   chimera failed on %s: %s" % (cf, err))
                    continue
                lines.append("   via %s (oracle %d chimera %d) -> %s" % (m, want[m], got[m], cf))
                narrow(chimera, game, variant, cf, depth - 1, w2, g2, lines, limit)


def variant_names(args, rng):
    """`--variants`, or with `--combos K` K random relay names a `--bases` base, cancelling."""
    if not args.combos:
        return args.variants.split(",")
    return ["cancellation-" + n for n in RF.random_names(args.bases.split(","), args.combos, rng)]


def compare(args):
    rng = random.Random(args.seed)
    bad = checked = 0
    nodes = 0
    npos = 0
    t0 = time.time()
    names = variant_names(args, rng)
    pending = 0
    for variant in names:
        game = CRF(variant)
        cases = [(game.g.start, d) for d in range(1, args.start_depth + 1)]
        fens = game.random_positions(args.positions, rng)
        for _ in range(args.placements):  # random placements, and a random capture child of each
            f = RF.random_placement(game.g, rng)
            if not f:
                continue
            fens.append(f)
            kids = [n for _, n in sorted(game.legal(game.parse_fen(f), None), key=lambda tn: tn[0])
                    if n[4] is not None]
            if kids:
                fens.append(game.fen(rng.choice(kids)))
        npos += 1 + len(fens)
        pending += sum("place=" in f for f in fens)
        for fen in fens:
            for d in range(1, args.depth + 1):
                cases.append((fen, d))
        n_bad = 0
        for fen, d in cases:
            want = game.divide(game.parse_fen(fen), d)
            got, err = chimera_divide(args.chimera, variant, fen, d)
            checked += 1
            nodes += sum(want.values())
            if got is None:
                n_bad += 1
                print("ERROR %s depth %d %s: chimera failed: %s" % (variant, d, fen, err), flush=True)
                continue
            if want != got:
                n_bad += 1
                print("MISMATCH %s depth %d %s oracle %d chimera %d" % (variant, d, fen, sum(want.values()), sum(got.values())))
                lines = []
                narrow(args.chimera, game, variant, fen, d, want, got, lines)
                print("\n".join(lines), flush=True)
        print("%s: %d positions, %d runs, %d mismatches (%.0fs)" % (variant, 1 + len(fens), len(cases), n_bad,
                                                                   time.time() - t0), flush=True)
        bad += n_bad
        if args.stop_after and time.time() - t0 > args.stop_after:
            print("stopping: time limit", flush=True)
            break
    print("SUMMARY: %d variants, %d positions (%d with placements pending), %d perft runs, %d oracle leaf nodes, "
          "%d mismatches" % (len(names), npos, pending, checked, nodes, bad))
    return 1 if bad else 0


def hunt(args):
    """Random placements (relay_fairy.random_placement) and their capture children (placements
    pending): keep those where judging the cancellation legality (finished boards, placement plies)
    with natural instead of effective moves changes the move list, i.e. where the relay layer
    matters to the cancellation layer; compare those with Chimera at depths 1..D."""
    rng = random.Random(args.seed)
    names = variant_names(args, rng)
    runs = bad = hits = 0
    t0 = time.time()
    for variant in names:
        game = CRF(variant)
        h = 0
        tries = 0
        while h < args.hunt_hits and tries < args.hunt_count:
            tries += 1
            fen = RF.random_placement(game.g, rng)
            if not fen:
                continue
            pos = game.parse_fen(fen)
            cands = [pos]
            try:
                ms = sorted(game.legal(pos, None), key=lambda tn: tn[0])
            except Exception:
                continue
            cands += [n for t, n in ms if n[4] is not None]
            if args.hunt_pending:
                cands = cands[1:]
                rng.shuffle(cands)
            for c in cands:
                a = sorted(t for t, _ in game.legal(c, None))
                game.alt_norelay = True
                b = sorted(t for t, _ in game.legal(c, None))
                game.alt_norelay = False
                if a == b:
                    continue
                h += 1
                hits += 1
                cf = game.fen(c)
                print("HIT %s %s\n   relay-judged-only %s natural-judged-only %s" % (
                    variant, cf, sorted(set(a) - set(b)), sorted(set(b) - set(a))), flush=True)
                for d in range(1, args.depth + 1):
                    want = game.divide(c, d)
                    got, err = chimera_divide(args.chimera, variant, cf, d)
                    runs += 1
                    if got != want:
                        bad += 1
                        print("MISMATCH %s depth %d %s: %s" % (variant, d, cf, err or ""), flush=True)
                        if got is not None:
                            lines = []
                            narrow(args.chimera, game, variant, cf, d, want, got, lines)
                            print("\n".join(lines), flush=True)
                break
        print("%s: %d hits in %d tries (%.0fs)" % (variant, h, tries, time.time() - t0), flush=True)
        if args.stop_after and time.time() - t0 > args.stop_after:
            print("stopping: time limit", flush=True)
            break
    print("HUNT SUMMARY: %d variants, %d hit positions, %d perft runs, %d mismatches" % (len(names), hits, runs, bad))
    return 1 if bad else 0


def self_check(args):
    """cancellation off: against relay_fairy.Game; relay off: against cancellation.py."""
    rng = random.Random(args.seed)
    bad = n = 0
    for name in args.variants.split(","):
        me = CRF(name[len("cancellation-"):] if name.startswith("cancellation-") else name)
        rg = me.g
        for fen in [rg.start] + RF.random_positions(rg, rng, args.positions):
            for d in (1, 2):
                pos, hist = rg.setup(fen)
                want = rg.divide(pos, d, hist)
                got = me.divide(me.parse_fen(fen), d)
                n += 1
                if want != got:
                    bad += 1
                    print("MISMATCH vs relay_fairy %s d%d %s" % (me.name, d, fen))
    print("cancellation off: %d cases, %d bad" % (n, bad), flush=True)
    import cancellation as CA
    for base in args.bases.split(","):
        cg = CA.GAMES[base]
        me = CRF("cancellation-" + base)
        fens = [cg.start] + CA.random_positions(cg, args.positions * 2, rng)
        m = 0
        for fen in fens:
            for d in (1, 2):
                want = CA.divide(CA.parse_fen(cg, fen), d)
                got = me.divide(me.parse_fen(fen), d)
                m += 1
                bad += divide_mismatch(want, got, "cancellation.py", "%s d%d %s" % (base, d, fen))
        print("relay off %s: %d cases" % (base, m), flush=True)
    print("self-check: %d problems" % bad)
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="cancellation-relay-canonical")
    ap.add_argument("--variants", default="cancellation-relay-canonical")
    ap.add_argument("--bases", default="cannons-and-crabs,canonical,paulowich,kings-leap")
    ap.add_argument("--fen")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--start-depth", type=int, default=2)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--self-check", action="store_true")
    ap.add_argument("--chimera", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "release", "chimera"))
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--combos", type=int, default=0, help="with --compare: K random relay combos per --bases base")
    ap.add_argument("--placements", type=int, default=0, help="--compare: random-placement positions per variant")
    ap.add_argument("--hunt", action="store_true")
    ap.add_argument("--hunt-pending", action="store_true", help="--hunt: only positions with placements pending")
    ap.add_argument("--hunt-count", type=int, default=400)
    ap.add_argument("--hunt-hits", type=int, default=8)
    ap.add_argument("--stop-after", type=float, default=0)
    args = ap.parse_args()
    if args.hunt:
        return hunt(args)
    if args.self_check:
        return self_check(args)
    if args.compare:
        return compare(args)
    game = CRF(args.variant)
    d = game.divide(game.parse_fen(args.fen or game.g.start), args.depth)
    print_perft(d, args.divide)
    return 0


if __name__ == "__main__":
    sys.exit(main())
